//! What one load task counted: latencies by endpoint, failures by label, and the run's
//! counters, merged at the end so that clients never contend on it. Names only the shared
//! statistics; the client and the scenarios write into it.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::tools::stats::{Percentiles, micros};

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
        self.latencies
            .entry(endpoint)
            .or_default()
            .push(micros(took));
    }

    /// A failed request, by how the report counts it (`"412"`, `transport`, ...).
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

#[cfg(test)]
mod tests {
    use super::*;

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
