//! Why our own: the backoff crates (`backoff`, `backon`) drive the retry loop themselves; our retries are rows in PostgreSQL, which need only the next wait.
//!
//! How long to wait before trying again: a doubling wait, capped, and random jitter so that
//! those that failed together do not retry together. Names nothing else in the crate.

use std::time::Duration;

/// The longest wait before attempt `n + 1` after `n` failed attempts: `base * 2^(n-1)`,
/// capped at `max`.
pub fn exponential(failed: u32, base: Duration, max: Duration) -> Duration {
    let exp = failed.saturating_sub(1).min(30);
    base.saturating_mul(1u32 << exp).min(max)
}

/// The wait before attempt `n + 1` ("full jitter", as AWS's architecture blog names it): a
/// uniform draw between zero and [`exponential`], so that what failed together (a receiver
/// that was down) is not retried together.
pub fn full_jitter(failed: u32, base: Duration, max: Duration) -> Duration {
    up_to(exponential(failed, base, max))
}

/// A uniform draw in `[0, cap)`.
pub fn up_to(cap: Duration) -> Duration {
    share(cap, rand::random::<f64>())
}

/// `unit` (in `[0, 1]`) of `cap`.
fn share(cap: Duration, unit: f64) -> Duration {
    cap.mul_f64(unit.clamp(0.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_retry_waits_a_uniform_draw_below_the_doubling_cap() {
        let s = Duration::from_secs;
        assert_eq!(share(exponential(3, s(5), s(3600)), 0.0), Duration::ZERO);
        assert_eq!(share(exponential(3, s(5), s(3600)), 0.5), s(10));
        assert_eq!(share(exponential(20, s(5), s(3600)), 0.25), s(900));
        for _ in 0..1000 {
            let wait = full_jitter(4, s(5), s(3600));
            assert!(wait < s(40), "{wait:?}");
        }
    }

    #[test]
    fn retries_wait_twice_as_long_each_time_up_to_the_cap() {
        let s = Duration::from_secs;
        assert_eq!(exponential(1, s(5), s(3600)), s(5));
        assert_eq!(exponential(2, s(5), s(3600)), s(10));
        assert_eq!(exponential(4, s(5), s(3600)), s(40));
        assert_eq!(exponential(20, s(5), s(3600)), s(3600));
        assert_eq!(exponential(1000, s(5), s(3600)), s(3600));
    }

    #[test]
    fn a_draw_stays_below_its_cap_and_spreads_over_it() {
        let cap = Duration::from_millis(4);
        let draws: Vec<Duration> = (0..1000).map(|_| up_to(cap)).collect();
        assert!(draws.iter().all(|d| *d < cap));
        assert!(draws.iter().any(|d| *d < cap / 4));
        assert!(draws.iter().any(|d| *d > cap * 3 / 4));
    }
}
