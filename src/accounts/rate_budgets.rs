//! Request budgets shared by every server process through PostgreSQL (`rate_windows`): per
//! caller and policy, a quota of requests per fixed 60-second window aligned to the epoch.
//! Knows nothing of HTTP: the API names the caller and the policy.
//!
//! A process does not write once per request. It leases a share of the quota (a tenth, at
//! least one request) with one atomic upsert of the window's row, which grants at most what is
//! left of the quota, and spends the lease in memory. So the database sees one statement per
//! lease, and the requests allowed by all processes together never exceed the quota within a
//! window. The price: units a process leased and did not spend lapse with the window, so a
//! caller spread over `n` processes may be refused while up to `n - 1` leases (a tenth of the
//! quota each) stand unspent elsewhere. What is left, as reported, is the quota less what the
//! database had granted at this process's last lease, plus this process's unspent lease: exact
//! for a caller served by one process, an upper bound otherwise.
//!
//! Why no crate: `governor` and its kin count in one process's memory, which would multiply a
//! caller's budget by the number of servers.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::PgPool;

/// The window of every budget, in seconds.
pub const WINDOW_SECONDS: u32 = 60;

/// A lease takes this fraction of the quota (at least one request).
const LEASE_DIVISOR: u32 = 10;

/// Above this many remembered leases, those of windows gone by are forgotten.
const FORGET_ABOVE: usize = 10_000;

/// The outcome of spending one request of a budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spent {
    /// Whether the request may go on.
    pub allowed: bool,
    /// Requests left in this window, as well as this process knows.
    pub remaining: u32,
    /// Seconds until the window ends (1 to 60).
    pub reset: u32,
}

/// This process's lease of one caller's budget, in one window.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Lease {
    window: i64,
    /// Leased and not yet spent.
    left: u32,
    /// What the database had granted of the window, all processes together, at the last lease.
    granted_total: u32,
}

impl Lease {
    fn remaining(&self, quota: u32) -> u32 {
        // Capped: a lease of this process's own during an outage is counted nowhere else.
        (quota.saturating_sub(self.granted_total) + self.left).min(quota)
    }

    /// Spends one request from the lease, if any is left.
    fn take(&mut self) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        true
    }
}

/// The budgets of every caller, as this process holds them. One per server process.
#[derive(Debug)]
pub struct RateBudgets {
    pool: PgPool,
    leases: Mutex<HashMap<(&'static str, String), Lease>>,
    /// The last window whose predecessors this process swept from the table.
    swept: AtomicI64,
}

/// The seconds since the epoch now.
fn epoch_seconds() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// The window `now` falls in and the seconds until it ends.
fn window_of(now: i64) -> (i64, u32) {
    let w = i64::from(WINDOW_SECONDS);
    let start = now - now.rem_euclid(w);
    (
        start,
        u32::try_from(start + w - now).unwrap_or(WINDOW_SECONDS),
    )
}

/// How much of `quota` one lease asks for.
fn lease_size(quota: u32) -> u32 {
    (quota / LEASE_DIVISOR).max(1)
}

impl RateBudgets {
    pub fn new(pool: PgPool) -> Self {
        RateBudgets {
            pool,
            leases: Mutex::new(HashMap::new()),
            swept: AtomicI64::new(0),
        }
    }

    /// Spends one request of `caller`'s `policy` budget of `quota` a window. Without the
    /// database (an outage) the request is allowed: the limiter must not turn a short outage
    /// into refusals the client would wait out for a whole window.
    pub async fn spend(&self, policy: &'static str, quota: u32, caller: &str) -> Spent {
        let (window, reset) = window_of(epoch_seconds());
        let key = (policy, caller.to_owned());
        {
            let Ok(mut leases) = self.leases.lock() else {
                return Spent {
                    allowed: true,
                    remaining: quota,
                    reset,
                };
            };
            if leases.len() > FORGET_ABOVE {
                leases.retain(|_, l| l.window >= window);
            }
            let lease = leases.entry(key.clone()).or_default();
            if lease.window != window {
                *lease = Lease {
                    window,
                    ..Lease::default()
                };
            }
            if lease.take() {
                return Spent {
                    allowed: true,
                    remaining: lease.remaining(quota),
                    reset,
                };
            }
            // All of the window was granted already (the total only grows within a window):
            // refused without asking the database again.
            if lease.granted_total >= quota {
                return Spent {
                    allowed: false,
                    remaining: 0,
                    reset,
                };
            }
        }
        let leased = lease(&self.pool, caller, policy, window, lease_size(quota), quota).await;
        self.sweep_now_and_then(window);
        let Ok(mut leases) = self.leases.lock() else {
            return Spent {
                allowed: true,
                remaining: quota,
                reset,
            };
        };
        let lease = leases.entry(key).or_default();
        if lease.window != window {
            *lease = Lease {
                window,
                ..Lease::default()
            };
        }
        match leased {
            Ok((total, granted)) => {
                lease.granted_total = lease.granted_total.max(total);
                lease.left += granted;
                let allowed = lease.take();
                Spent {
                    allowed,
                    remaining: lease.remaining(quota),
                    reset,
                }
            }
            Err(e) => {
                // A lease of this process's own, counted nowhere: the next requests do not
                // wait for the database again until it is spent.
                tracing::warn!(error = %e, policy, "rate budget: lease failed; request allowed");
                lease.left += lease_size(quota) - 1;
                Spent {
                    allowed: true,
                    remaining: lease.remaining(quota),
                    reset,
                }
            }
        }
    }

    /// Deletes the rows of windows gone by, once a window per process (in the background).
    fn sweep_now_and_then(&self, window: i64) {
        let last = self.swept.load(Ordering::Relaxed);
        if last >= window
            || self
                .swept
                .compare_exchange(last, window, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        let pool = self.pool.clone();
        tokio::spawn(async move {
            if let Err(e) = sweep(&pool, window).await {
                tracing::debug!(error = %e, "rate budget: sweep failed; retried next window");
            }
        });
    }
}

/// Leases up to `want` requests of the window starting at `window` from the shared row, never
/// beyond `quota` for the window: `(granted so far by all processes, granted now)`. One
/// single-shard statement. The time is bound (Citus evaluates no `now()` in an upsert's
/// `CASE`); a process whose clock lags counts into the newer window it finds.
pub async fn lease(
    pool: &PgPool,
    caller: &str,
    policy: &str,
    window: i64,
    want: u32,
    quota: u32,
) -> Result<(u32, u32), sqlx::Error> {
    let want = i32::try_from(want).unwrap_or(i32::MAX);
    let quota = i32::try_from(quota).unwrap_or(i32::MAX);
    let (used, granted): (i32, i32) = sqlx::query_as(
        "INSERT INTO rate_windows AS w (caller, policy, window_start, used, granted) \
         VALUES ($1, $2, $3, LEAST($4, $5), LEAST($4, $5)) \
         ON CONFLICT (caller, policy) DO UPDATE SET \
             used = CASE WHEN w.window_start >= EXCLUDED.window_start \
                 THEN w.used + LEAST($4, GREATEST($5 - w.used, 0)) \
                 ELSE EXCLUDED.used END, \
             granted = CASE WHEN w.window_start >= EXCLUDED.window_start \
                 THEN LEAST($4, GREATEST($5 - w.used, 0)) \
                 ELSE EXCLUDED.granted END, \
             window_start = GREATEST(w.window_start, EXCLUDED.window_start) \
         RETURNING used, granted",
    )
    .bind(caller)
    .bind(policy)
    .bind(window)
    .bind(want)
    .bind(quota)
    .fetch_one(pool)
    .await?;
    Ok((
        u32::try_from(used).unwrap_or(0),
        u32::try_from(granted).unwrap_or(0),
    ))
}

/// Deletes the rows of windows before the one starting at `window` (an idle caller's row;
/// an active caller's row is started over by its next lease anyway).
pub async fn sweep(pool: &PgPool, window: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM rate_windows WHERE window_start < $1")
        .bind(window)
        .execute(pool)
        .await?;
    Ok(done.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_are_sixty_seconds_aligned_to_the_epoch() {
        assert_eq!(window_of(120), (120, 60));
        assert_eq!(window_of(179), (120, 1));
        assert_eq!(window_of(181), (180, 59));
    }

    #[test]
    fn a_lease_is_a_tenth_of_the_quota_and_at_least_one_request() {
        assert_eq!(lease_size(600), 60);
        assert_eq!(lease_size(20), 2);
        assert_eq!(lease_size(5), 1);
    }

    #[test]
    fn what_is_left_counts_the_unspent_lease_and_what_others_were_granted() {
        // This process leased 2 of 20 when the database had granted 8 in all.
        let mut lease = Lease {
            window: 0,
            left: 2,
            granted_total: 8,
        };
        assert!(lease.take());
        assert_eq!(lease.remaining(20), 13);
        assert!(lease.take());
        assert_eq!(lease.remaining(20), 12);
        assert!(!lease.take());
        assert_eq!(lease.remaining(20), 12);
        // A lease taken without the database never shows more than the quota.
        let outage = Lease {
            window: 0,
            left: 5,
            granted_total: 0,
        };
        assert_eq!(outage.remaining(20), 20);
    }
}
