//! Attempt counting in memory, by key (a username at an address, an address): after `max`
//! attempts within `window`, further attempts are refused until the oldest ages out. An
//! attempt is counted when it BEGINS, so concurrent requests cannot all pass the check before
//! any of them is counted; a login that succeeds takes its attempt back. One process only;
//! behind several replicas each counts on its own.
//!
//! Why no crate: `governor` counts every request the same and cannot take an attempt back
//! once it proved to be a successful login, which is what keeps owners from locking
//! themselves out.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Above this many tracked keys, stale ones are swept on the next attempt.
const SWEEP_ABOVE: usize = 10_000;

/// Counts attempts per key. Used for logins (`LoginLimiter`) and account creation.
#[derive(Debug)]
pub struct AttemptLimiter {
    max_attempts: u32,
    window: Duration,
    attempts: Mutex<HashMap<String, VecDeque<Instant>>>,
}

/// The limiter of failed logins (and of anything to be limited "as login").
pub type LoginLimiter = AttemptLimiter;

/// The key of one username (ignoring case) at one client address.
pub fn username_at_key(username: &str, ip: Option<IpAddr>) -> String {
    match ip {
        Some(ip) => format!("user:{}@{ip}", username.to_lowercase()),
        None => format!("user:{}@unknown", username.to_lowercase()),
    }
}

/// The key of one client address, whatever the username.
pub fn address_key(ip: Option<IpAddr>) -> String {
    match ip {
        Some(ip) => format!("addr:{ip}"),
        None => "addr:unknown".to_string(),
    }
}

/// The keys a login as `username` from `ip` counts against: that username at that address,
/// and that address. Deliberately none for the username alone: a stranger failing from
/// elsewhere must not lock its owner out.
pub fn login_keys(username: &str, ip: Option<IpAddr>) -> Vec<String> {
    vec![username_at_key(username, ip), address_key(ip)]
}

/// An attempt counted against its keys. Dropping it leaves it counted (a failure);
/// [`Attempt::succeeded`] takes it back.
#[must_use = "an attempt is counted as a failure unless `succeeded` is called"]
#[derive(Debug)]
pub struct Attempt<'a> {
    limiter: &'a AttemptLimiter,
    keys: Vec<String>,
    at: Instant,
}

impl Attempt<'_> {
    /// The attempt succeeded: it no longer counts, and every earlier failure of its first key
    /// (for a login: that username at that address) is forgotten.
    pub fn succeeded(self) {
        let Ok(mut map) = self.limiter.attempts.lock() else {
            return;
        };
        for (i, key) in self.keys.iter().enumerate() {
            if i == 0 {
                map.remove(key);
            } else if let Some(q) = map.get_mut(key)
                && let Some(pos) = q.iter().rposition(|t| *t == self.at)
            {
                q.remove(pos);
            }
        }
    }
}

impl AttemptLimiter {
    pub fn new(max_attempts: u32, window: Duration) -> Self {
        AttemptLimiter {
            max_attempts: max_attempts.max(1),
            window,
            attempts: Mutex::new(HashMap::new()),
        }
    }

    /// Counts an attempt against `keys` now, or `Err(retry_after)` (counting nothing) when
    /// any key has used up its attempts within the window.
    pub fn begin(&self, keys: Vec<String>) -> Result<Attempt<'_>, Duration> {
        self.begin_at(keys, Instant::now())
    }

    pub fn begin_at(&self, keys: Vec<String>, now: Instant) -> Result<Attempt<'_>, Duration> {
        let Ok(mut map) = self.attempts.lock() else {
            // A poisoned lock means a panic while counting: refuse rather than stop counting.
            return Err(self.window);
        };
        if map.len() > SWEEP_ABOVE {
            map.retain(|_, q| {
                prune(q, now, self.window);
                !q.is_empty()
            });
        }
        let max = self.max_attempts as usize;
        let mut wait = Duration::ZERO;
        for key in &keys {
            if let Some(q) = map.get_mut(key) {
                prune(q, now, self.window);
                if q.len() >= max {
                    // Allowed again once enough attempts age out.
                    let until = q[q.len() - max] + self.window;
                    wait = wait.max(
                        until
                            .saturating_duration_since(now)
                            .max(Duration::from_millis(1)),
                    );
                }
            }
        }
        if !wait.is_zero() {
            return Err(wait);
        }
        for key in &keys {
            map.entry(key.clone()).or_default().push_back(now);
        }
        Ok(Attempt {
            limiter: self,
            keys,
            at: now,
        })
    }
}

/// What a key has left, counting nothing: `(attempts left, time until every counted attempt
/// has aged out)`. For the `RateLimit` header of the routes this limits.
impl AttemptLimiter {
    pub fn max_attempts(&self) -> u32 {
        self.max_attempts
    }

    pub fn window(&self) -> Duration {
        self.window
    }

    pub fn peek(&self, key: &str) -> (u32, Duration) {
        self.peek_at(key, Instant::now())
    }

    pub fn peek_at(&self, key: &str, now: Instant) -> (u32, Duration) {
        let Ok(mut map) = self.attempts.lock() else {
            return (0, self.window);
        };
        let Some(q) = map.get_mut(key) else {
            return (self.max_attempts, Duration::ZERO);
        };
        prune(q, now, self.window);
        let used = u32::try_from(q.len()).unwrap_or(u32::MAX);
        let reset = q.back().map_or(Duration::ZERO, |t| {
            (*t + self.window).saturating_duration_since(now)
        });
        (self.max_attempts.saturating_sub(used), reset)
    }
}

fn prune(q: &mut VecDeque<Instant>, now: Instant, window: Duration) {
    while q
        .front()
        .is_some_and(|t| now.saturating_duration_since(*t) >= window)
    {
        q.pop_front();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> Option<IpAddr> {
        Some(s.parse().unwrap())
    }

    #[test]
    fn the_fourth_attempt_within_the_window_waits_until_the_first_ages_out() {
        let l = LoginLimiter::new(3, Duration::from_secs(60));
        let t0 = Instant::now();
        for i in 0..3 {
            let keys = login_keys("Bruce", ip("10.0.0.1"));
            drop(l.begin_at(keys, t0 + Duration::from_secs(i)).unwrap());
        }
        let keys = login_keys("bruce", ip("10.0.0.1"));
        let wait = l
            .begin_at(keys.clone(), t0 + Duration::from_secs(10))
            .unwrap_err();
        assert_eq!(wait, Duration::from_secs(50));
        assert!(l.begin_at(keys, t0 + Duration::from_secs(60)).is_ok());
    }

    #[test]
    fn attempts_in_flight_count_before_they_end() {
        let l = LoginLimiter::new(2, Duration::from_secs(60));
        let keys = || login_keys("bruce", ip("10.0.0.1"));
        let a = l.begin(keys()).unwrap();
        let b = l.begin(keys()).unwrap();
        assert!(l.begin(keys()).is_err());
        drop((a, b));
    }

    #[test]
    fn a_success_takes_its_attempt_back_and_clears_the_username_at_that_address() {
        let l = LoginLimiter::new(2, Duration::from_secs(60));
        drop(l.begin(login_keys("bruce", ip("10.0.0.1"))).unwrap());
        l.begin(login_keys("bruce", ip("10.0.0.1")))
            .unwrap()
            .succeeded();
        // The address still counts its one failure: one more attempt, then none.
        drop(l.begin(login_keys("wallace", ip("10.0.0.1"))).unwrap());
        assert!(l.begin(login_keys("bruce", ip("10.0.0.1"))).is_err());
    }

    #[test]
    fn peeking_tells_what_is_left_without_counting() {
        let l = LoginLimiter::new(3, Duration::from_secs(60));
        let t0 = Instant::now();
        let key = address_key(ip("10.0.0.1"));
        assert_eq!(l.peek_at(&key, t0), (3, Duration::ZERO));
        drop(l.begin_at(login_keys("bruce", ip("10.0.0.1")), t0).unwrap());
        let later = t0 + Duration::from_secs(20);
        assert_eq!(l.peek_at(&key, later), (2, Duration::from_secs(40)));
        assert_eq!(l.peek_at(&key, later), (2, Duration::from_secs(40)));
    }

    #[test]
    fn failures_from_one_address_do_not_limit_the_same_username_elsewhere() {
        let l = LoginLimiter::new(2, Duration::from_secs(60));
        for _ in 0..2 {
            drop(l.begin(login_keys("bruce", ip("10.0.0.1"))).unwrap());
        }
        assert!(l.begin(login_keys("bruce", ip("10.0.0.1"))).is_err());
        assert!(l.begin(login_keys("BRUCE", ip("10.0.0.2"))).is_ok());
    }
}
