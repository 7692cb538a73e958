//! Reliability: racing clients, a killed and restarted server, a fan-out killed mid-way, a
//! database outage, a log sequencer killed mid-batch, hostile input, seats acting for others,
//! and views compared with the engine's projections.
//!
//! Small by default (CI); `scripts/long-tests` runs the long version through the environment:
//! `LORDS_TRIALS` (races), `LORDS_CRASH_CYCLES` (kill/restart cycles), `LORDS_LEAK_GAMES`
//! (games whose views are compared).

#[path = "reliability/api.rs"]
mod api;
#[path = "reliability/crash.rs"]
mod crash;
#[path = "reliability/deadlines.rs"]
mod deadlines;
#[path = "reliability/fanout.rs"]
mod fanout;
#[path = "reliability/hostile.rs"]
mod hostile;
#[path = "reliability/leaks.rs"]
mod leaks;
#[path = "reliability/mail.rs"]
mod mail;
#[path = "reliability/outage.rs"]
mod outage;
#[path = "reliability/races.rs"]
mod races;
#[path = "reliability/ratings.rs"]
mod ratings;
#[path = "reliability/resets.rs"]
mod resets;
#[path = "reliability/seeks.rs"]
mod seeks;
#[path = "reliability/sequencer.rs"]
mod sequencer;
#[path = "reliability/tournaments.rs"]
mod tournaments;
#[path = "reliability/worker_connections.rs"]
mod worker_connections;

/// A count from the environment, `default` when unset.
fn trials(var: &str, default: usize) -> usize {
    match std::env::var(var) {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("{var} must be a count, not {v:?}")),
        Err(_) => default,
    }
}
