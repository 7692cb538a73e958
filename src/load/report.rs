//! What a load run measured: a per-task [`Recorder`] (merged at the end, so clients never
//! contend on it) and the JSON report built from it.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Serialize;

/// Latencies (µs) by endpoint, errors by status, and the counters a run reports.
#[derive(Debug, Default, Clone)]
pub struct Recorder {
    latencies: BTreeMap<&'static str, Vec<u32>>,
    errors: BTreeMap<String, u64>,
    pub actions: u64,
    pub views: u64,
    pub games_started: u64,
    pub games_finished: u64,
}

impl Recorder {
    pub fn latency(&mut self, endpoint: &'static str, took: Duration) {
        let micros = u32::try_from(took.as_micros()).unwrap_or(u32::MAX);
        self.latencies.entry(endpoint).or_default().push(micros);
    }

    /// A failed request, by [`super::client::Failure::label`].
    pub fn error(&mut self, what: impl Into<String>) {
        *self.errors.entry(what.into()).or_default() += 1;
    }

    pub fn merge(&mut self, other: Recorder) {
        for (endpoint, mut l) in other.latencies {
            self.latencies.entry(endpoint).or_default().append(&mut l);
        }
        for (what, n) in other.errors {
            *self.errors.entry(what).or_default() += n;
        }
        self.actions += other.actions;
        self.views += other.views;
        self.games_started += other.games_started;
        self.games_finished += other.games_finished;
    }

    pub fn errors(&self) -> &BTreeMap<String, u64> {
        &self.errors
    }

    pub fn latency_summary(&self) -> BTreeMap<&'static str, Percentiles> {
        self.latencies
            .iter()
            .map(|(k, v)| (*k, Percentiles::of(v)))
            .collect()
    }
}

/// Nearest-rank percentiles of one endpoint's answered requests, in milliseconds.
#[derive(Debug, Clone, Serialize)]
pub struct Percentiles {
    pub n: usize,
    pub p50: f64,
    pub p95: f64,
    pub p99: f64,
    pub max: f64,
}

impl Percentiles {
    pub(super) fn of(micros: &[u32]) -> Percentiles {
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

fn ms(micros: u32) -> f64 {
    (f64::from(micros) / 10.0).round() / 100.0
}

/// The one JSON object `lords load` prints.
#[derive(Debug, Serialize)]
pub struct Report {
    pub scenario: &'static str,
    pub url: String,
    /// Concurrent games (play, actions) or clients (views).
    pub concurrency: u32,
    pub players: u8,
    pub accounts: u32,
    pub seed: u64,
    pub think_ms: u64,
    /// Creating and logging in the accounts (and listing games for views); not in `elapsed_s`.
    pub setup_s: f64,
    /// The measured window, from the first game (or view) to the last answer.
    pub elapsed_s: f64,
    pub actions: u64,
    pub actions_per_s: f64,
    /// Views answered, long polls included.
    pub views: u64,
    pub views_per_s: f64,
    pub games_started: u64,
    pub games_finished: u64,
    /// Answered requests by endpoint; `view_long_poll` includes the time spent waiting.
    pub latency_ms: BTreeMap<&'static str, Percentiles>,
    /// Requests not answered 2xx, by status (`transport`: no answer).
    pub errors: BTreeMap<String, u64>,
    pub server: Option<super::probe::ServerFigures>,
    /// With `--webhooks`: deliveries to the load tool's own receiver.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webhooks: Option<super::hooks::WebhookFigures>,
    /// With `--sse` / `--sse-idle`: the streams held and what they carried.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sse: Option<super::sse::SseFigures>,
    pub client_cpu_s: Option<f64>,
    pub machine: super::probe::MachineFigures,
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn merging_adds_counts_and_latencies() {
        let mut a = Recorder::default();
        a.latency("view", Duration::from_millis(1));
        a.error("412");
        a.actions = 2;
        let mut b = Recorder::default();
        b.latency("view", Duration::from_millis(3));
        b.error("412");
        b.error("transport");
        b.actions = 1;
        a.merge(b);
        assert_eq!(a.actions, 3);
        assert_eq!(a.latency_summary()["view"].n, 2);
        assert_eq!(a.errors()["412"], 2);
        assert_eq!(a.errors()["transport"], 1);
    }
}
