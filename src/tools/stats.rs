//! The figures the tools print (`simulate`, `tournament`, `load`): rounding to a fixed number
//! of decimals, means and rates over counts that may be zero, nearest-rank latency percentiles.
//! Plain arithmetic: names nothing else of the crate.

use std::time::Duration;

use serde::Serialize;

/// `x` to `decimals` places, as the JSON reports print it.
pub fn rounded(x: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (x * scale).round() / scale
}

/// `total` over `count` things, 0 when there are none.
pub fn mean(total: f64, count: f64) -> f64 {
    total / count.max(1.0)
}

/// `count` over `seconds`; an instant window counts as a nanosecond rather than dividing by zero.
pub fn per_s(count: f64, seconds: f64) -> f64 {
    count / seconds.max(1e-9)
}

/// Whole microseconds, saturating: a latency sample.
pub fn micros(d: Duration) -> u32 {
    u32::try_from(d.as_micros()).unwrap_or(u32::MAX)
}

/// Nearest-rank percentiles of latency samples, in milliseconds to two decimals.
#[derive(Debug, Clone, Serialize)]
pub struct Percentiles {
    pub n: usize,
    pub p50: f64,
    pub p95: f64,
    pub p99: f64,
    pub max: f64,
}

impl Percentiles {
    /// Of samples in microseconds (see [`micros`]).
    pub fn of(micros: &[u32]) -> Percentiles {
        let mut sorted = micros.to_vec();
        sorted.sort_unstable();
        let at = |q: f64| {
            if sorted.is_empty() {
                return 0.0;
            }
            let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
            ms(sorted[rank - 1])
        };
        Percentiles {
            n: sorted.len(),
            p50: at(0.50),
            p95: at(0.95),
            p99: at(0.99),
            max: sorted.last().map_or(0.0, |&m| ms(m)),
        }
    }
}

/// Microseconds as milliseconds to two decimals. Divided by ten first, so that a sample ending
/// in exactly 5 µs is an exact half in `f64` and rounds up.
fn ms(micros: u32) -> f64 {
    (f64::from(micros) / 10.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_keeps_the_asked_decimals() {
        assert_eq!(rounded(2.0 / 3.0, 4), 0.6667);
        assert_eq!(rounded(353.249, 1), 353.2);
        assert_eq!(rounded(12.5, 0), 13.0);
    }

    #[test]
    fn a_mean_or_rate_over_nothing_is_zero_not_nan() {
        assert_eq!(mean(0.0, 0.0), 0.0);
        assert_eq!(mean(9.0, 4.0), 2.25);
        assert_eq!(per_s(0.0, 0.0), 0.0);
        assert_eq!(per_s(10.0, 4.0), 2.5);
    }

    #[test]
    fn a_latency_longer_than_a_u32_saturates() {
        assert_eq!(micros(Duration::from_millis(3)), 3000);
        assert_eq!(micros(Duration::from_secs(10_000)), u32::MAX);
    }

    #[test]
    fn percentiles_are_nearest_rank_in_milliseconds() {
        let micros: Vec<u32> = (1..=100).map(|i| i * 1000).collect();
        let p = Percentiles::of(&micros);
        assert_eq!(
            (p.n, p.p50, p.p95, p.p99, p.max),
            (100, 50.0, 95.0, 99.0, 100.0)
        );
        let one = Percentiles::of(&[1500]);
        assert_eq!((one.p50, one.p99), (1.5, 1.5));
        assert_eq!(Percentiles::of(&[]).n, 0);
    }
}
