//! Failed-login counting in memory, per username and per client address: after `max`
//! failures within `window`, further attempts are refused until the oldest failure ages out.
//! One process only; behind several replicas each counts on its own.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Above this many tracked keys, stale ones are swept on the next failure.
const SWEEP_ABOVE: usize = 10_000;

#[derive(Debug)]
pub struct LoginLimiter {
    max_failures: u32,
    window: Duration,
    failures: Mutex<HashMap<String, VecDeque<Instant>>>,
}

pub fn username_key(username: &str) -> String {
    format!("user:{}", username.to_lowercase())
}

pub fn address_key(ip: std::net::IpAddr) -> String {
    format!("addr:{ip}")
}

impl LoginLimiter {
    pub fn new(max_failures: u32, window: Duration) -> Self {
        LoginLimiter {
            max_failures: max_failures.max(1),
            window,
            failures: Mutex::new(HashMap::new()),
        }
    }

    /// `Err(retry_after)` when any key has used up its failures within the window.
    pub fn check(&self, keys: &[String]) -> Result<(), Duration> {
        self.check_at(keys, Instant::now())
    }

    pub fn check_at(&self, keys: &[String], now: Instant) -> Result<(), Duration> {
        let Ok(mut map) = self.failures.lock() else {
            return Ok(());
        };
        let mut wait = Duration::ZERO;
        for key in keys {
            if let Some(q) = map.get_mut(key) {
                prune(q, now, self.window);
                if q.len() >= self.max_failures as usize {
                    // The attempt is allowed again once enough failures age out.
                    let idx = q.len() - self.max_failures as usize;
                    let until = q[idx] + self.window;
                    wait = wait.max(until.saturating_duration_since(now));
                }
            }
        }
        if wait.is_zero() { Ok(()) } else { Err(wait) }
    }

    pub fn record_failure(&self, keys: &[String]) {
        self.record_failure_at(keys, Instant::now());
    }

    pub fn record_failure_at(&self, keys: &[String], now: Instant) {
        let Ok(mut map) = self.failures.lock() else {
            return;
        };
        if map.len() > SWEEP_ABOVE {
            map.retain(|_, q| {
                prune(q, now, self.window);
                !q.is_empty()
            });
        }
        for key in keys {
            let q = map.entry(key.clone()).or_default();
            prune(q, now, self.window);
            q.push_back(now);
        }
    }

    /// Forgets a key's failures (a successful login clears its username).
    pub fn reset(&self, key: &str) {
        if let Ok(mut map) = self.failures.lock() {
            map.remove(key);
        }
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

    #[test]
    fn the_third_failure_within_the_window_blocks_until_the_first_ages_out() {
        let l = LoginLimiter::new(3, Duration::from_secs(60));
        let keys = vec![username_key("Bruce")];
        let t0 = Instant::now();
        for i in 0..3 {
            assert!(l.check_at(&keys, t0 + Duration::from_secs(i)).is_ok());
            l.record_failure_at(&keys, t0 + Duration::from_secs(i));
        }
        let wait = l.check_at(&keys, t0 + Duration::from_secs(10)).unwrap_err();
        assert_eq!(wait, Duration::from_secs(50));
        assert!(l.check_at(&keys, t0 + Duration::from_secs(60)).is_ok());
    }

    #[test]
    fn usernames_are_counted_ignoring_case_and_reset_clears_them() {
        let l = LoginLimiter::new(1, Duration::from_secs(60));
        l.record_failure(&[username_key("BRUCE")]);
        assert!(l.check(&[username_key("bruce")]).is_err());
        l.reset(&username_key("Bruce"));
        assert!(l.check(&[username_key("bruce")]).is_ok());
    }
}
