//! `lords load --sse` and `--sse-idle N`: Server-Sent Events held open during a run, and their
//! figures. Names the shared statistics and its parent's helpers only, never the report.
//!
//! - `--sse`: every load account opens `GET /v1/me/stream` before the measured window; each
//!   notification line is timed from the notification's `created_at` (written in the action's
//!   transaction) to its arrival here: commit-to-SSE latency at the other players.
//! - `--sse-idle N`: N more streams (the accounts' tokens in turn) held open and idle for the
//!   whole run, while `/healthz` is asked every 100 ms: how many streams a server holds, its
//!   memory (with `--server-pid`) and how fast it still answers.
//! - `--scenario streams`: every account's stream, all asked for at once (`--open-concurrency`):
//!   how long opening took, how many opened, refusals by status; `your_turn` lines timed apart;
//!   streams that end or fail during the run counted as dropped.
//!
//! The load tool and the server must share a clock (one machine) for the latencies to mean
//! anything.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use futures_util::StreamExt;
use serde::Serialize;
use tokio::sync::Mutex;
use tokio::task::JoinSet;

use crate::tools::stats::{Percentiles, micros, rounded};

/// A stream whose answer has not come this long after it was asked for counts as refused
/// (`timeout`); so does a connection not made in this time (`transport`).
const OPEN_TIMEOUT: Duration = Duration::from_secs(60);
/// A `/healthz` not answered in this time counts as failed (`timeout`).
const HEALTHZ_TIMEOUT: Duration = Duration::from_secs(5);

/// Failures to open a stream whose causes are printed on stderr.
const MAX_CAUSES_TOLD: u32 = 3;

/// What the streams saw.
#[derive(Debug, Serialize)]
pub struct SseFigures {
    /// Streams asked for, and how many were open (answered 200) when the run ended.
    pub streams: u32,
    pub open_at_end: u64,
    /// Streams asked for at the same time while opening.
    pub open_concurrency: usize,
    /// From the first stream asked for to the last answered (or refused), seconds.
    pub open_s: f64,
    /// Streams answered 200 when opened.
    pub opened: u64,
    /// Streams refused when opened, by status (`connect`: no connection, `transport`: the
    /// connection ended without an answer, `timeout`: none in 60 s; the first causes are
    /// printed on stderr). A 5xx is counted here, by its status.
    pub open_failed: BTreeMap<String, u64>,
    /// Streams that ended or failed after they opened, before the run ended.
    pub dropped: u64,
    /// Streams refused or dropped.
    pub failed: u64,
    /// Notification lines received on the `--sse` streams.
    pub notifications: u64,
    /// From each notification's `created_at` to its arrival on the stream.
    pub commit_to_sse_ms: Percentiles,
    /// The same, of the `your_turn` notifications only.
    pub commit_to_your_turn_ms: Percentiles,
    /// Idle streams held (`--sse-idle`).
    pub idle_streams: u32,
    /// `/healthz` every 100 ms while the streams were held.
    pub healthz_ms: Percentiles,
    /// `/healthz` not answered 200, by status (`transport`, `timeout`).
    pub healthz_failed: BTreeMap<String, u64>,
}

/// Times of the notifications a run's streams received (µs): all of them, and `your_turn`.
#[derive(Default)]
struct Timed {
    all: Vec<u32>,
    your_turn: Vec<u32>,
}

/// `/healthz` answers (µs) and failures by label.
#[derive(Default)]
struct Health {
    answered: Vec<u32>,
    failed: BTreeMap<String, u64>,
}

/// The streams of a run; dropping it closes them all.
pub struct Streams {
    tasks: JoinSet<()>,
    open: Arc<AtomicU64>,
    dropped: Arc<AtomicU64>,
    opened: u64,
    open_failed: BTreeMap<String, u64>,
    open_s: f64,
    concurrency: usize,
    timed: Arc<Mutex<Timed>>,
    healthz: Arc<Mutex<Health>>,
    asked: u32,
    idle: u32,
}

impl Streams {
    /// Opens one measured stream per token (when `measured`) and `idle` idle ones,
    /// `concurrency` asked for at a time, and starts asking `/healthz` every 100 ms.
    pub async fn open(
        base: &str,
        tokens: &[String],
        measured: bool,
        idle: u32,
        concurrency: usize,
    ) -> anyhow::Result<Streams> {
        let http = reqwest::Client::builder()
            .tcp_nodelay(true)
            .connect_timeout(OPEN_TIMEOUT)
            .pool_max_idle_per_host(usize::MAX)
            .build()?;
        let url = format!("{}/v1/me/stream", base.trim_end_matches('/'));
        let measured_tokens = if measured { tokens.len() } else { 0 };
        let wanted: Vec<(String, bool)> = tokens
            .iter()
            .take(measured_tokens)
            .map(|t| (t.clone(), true))
            .chain(
                (0..idle as usize)
                    .filter(|_| !tokens.is_empty())
                    .map(|i| (tokens[i % tokens.len()].clone(), false)),
            )
            .collect();
        let mut streams = Streams {
            tasks: JoinSet::new(),
            open: Arc::default(),
            dropped: Arc::default(),
            opened: 0,
            open_failed: BTreeMap::new(),
            open_s: 0.0,
            concurrency,
            timed: Arc::default(),
            healthz: Arc::default(),
            asked: wanted.len() as u32,
            idle,
        };
        let started = Instant::now();
        let mut told = 0;
        let mut opening = futures_util::stream::iter(wanted)
            .map(|(token, timed)| {
                let (http, url) = (http.clone(), url.clone());
                async move {
                    let res = http
                        .get(&url)
                        .bearer_auth(&token)
                        .header("accept", "text/event-stream")
                        .send();
                    (tokio::time::timeout(OPEN_TIMEOUT, res).await, timed)
                }
            })
            .buffer_unordered(concurrency.max(1));
        while let Some((answer, timed)) = opening.next().await {
            let refused = match answer {
                Ok(Ok(res)) if res.status() == 200 => {
                    streams.opened += 1;
                    streams.open.fetch_add(1, Ordering::Relaxed);
                    let (open, dropped, times) = (
                        streams.open.clone(),
                        streams.dropped.clone(),
                        streams.timed.clone(),
                    );
                    streams.tasks.spawn(read(res, timed, open, dropped, times));
                    continue;
                }
                Ok(Ok(res)) => res.status().as_u16().to_string(),
                Ok(Err(e)) => {
                    let label = if e.is_connect() {
                        "connect"
                    } else {
                        "transport"
                    };
                    // A few causes on stderr: what the label alone cannot say.
                    if told < MAX_CAUSES_TOLD {
                        told += 1;
                        eprintln!(
                            "lords load: a stream did not open ({label}): {}",
                            crate::outbound::mail::error_chain(&e)
                        );
                    }
                    label.to_string()
                }
                Err(_) => "timeout".to_string(),
            };
            *streams.open_failed.entry(refused).or_default() += 1;
        }
        drop(opening);
        streams.open_s = rounded(started.elapsed().as_secs_f64(), 2);
        let healthz = streams.healthz.clone();
        let health_url = format!("{}/healthz", base.trim_end_matches('/'));
        streams.tasks.spawn(async move {
            let mut every = tokio::time::interval(Duration::from_millis(100));
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                let started = Instant::now();
                let asked = tokio::time::timeout(HEALTHZ_TIMEOUT, http.get(&health_url).send());
                let failed = match asked.await {
                    Ok(Ok(res)) if res.status() == 200 => {
                        let took = micros(started.elapsed());
                        healthz.lock().await.answered.push(took);
                        continue;
                    }
                    Ok(Ok(res)) => res.status().as_u16().to_string(),
                    Ok(Err(_)) => "transport".to_string(),
                    Err(_) => "timeout".to_string(),
                };
                *healthz.lock().await.failed.entry(failed).or_default() += 1;
            }
        });
        Ok(streams)
    }

    /// The figures so far; the streams stay open until dropped.
    pub async fn figures(&self) -> SseFigures {
        let timed = self.timed.lock().await;
        let healthz = self.healthz.lock().await;
        let dropped = self.dropped.load(Ordering::Relaxed);
        SseFigures {
            streams: self.asked,
            open_at_end: self.open.load(Ordering::Relaxed),
            open_concurrency: self.concurrency,
            open_s: self.open_s,
            opened: self.opened,
            open_failed: self.open_failed.clone(),
            dropped,
            failed: self.open_failed.values().sum::<u64>() + dropped,
            notifications: timed.all.len() as u64,
            commit_to_sse_ms: Percentiles::of(&timed.all[..]),
            commit_to_your_turn_ms: Percentiles::of(&timed.your_turn[..]),
            idle_streams: self.idle,
            healthz_ms: Percentiles::of(&healthz.answered[..]),
            healthz_failed: healthz.failed.clone(),
        }
    }
}

/// Reads one stream to its end (a drop): each `data:` line of a measured stream that is a
/// notification is timed from its `created_at`.
async fn read(
    mut res: reqwest::Response,
    timed: bool,
    open: Arc<AtomicU64>,
    dropped: Arc<AtomicU64>,
    times: Arc<Mutex<Timed>>,
) {
    let mut pending = String::new();
    loop {
        match res.chunk().await {
            Ok(Some(bytes)) => {
                if !timed {
                    continue;
                }
                let now = Utc::now();
                pending.push_str(&String::from_utf8_lossy(&bytes));
                while let Some(end) = pending.find('\n') {
                    let line: String = pending.drain(..=end).collect();
                    if let Some(data) = line.strip_prefix("data: ")
                        && let Some((micros, your_turn)) = since_created(data.trim_end(), now)
                    {
                        let mut times = times.lock().await;
                        times.all.push(micros);
                        if your_turn {
                            times.your_turn.push(micros);
                        }
                    }
                }
            }
            Ok(None) | Err(_) => {
                open.fetch_sub(1, Ordering::Relaxed);
                dropped.fetch_add(1, Ordering::Relaxed);
                return;
            }
        }
    }
}

/// Microseconds from a notification's `created_at` to `now`, and whether it is a `your_turn`.
fn since_created(data: &str, now: DateTime<Utc>) -> Option<(u32, bool)> {
    #[derive(serde::Deserialize)]
    struct Line<'a> {
        created_at: &'a str,
        #[serde(default)]
        kind: &'a str,
    }
    let line: Line = serde_json::from_str(data).ok()?;
    let micros = crate::tools::load::micros_since(line.created_at, now)?;
    Some((micros, line.kind == "your_turn"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notification_is_timed_from_its_created_at() {
        let now: DateTime<Utc> = "2026-11-22T12:00:00.250Z".parse().unwrap();
        let data = r#"{"id":3,"kind":"your_turn","created_at":"2026-11-22T12:00:00.200Z"}"#;
        assert_eq!(since_created(data, now), Some((50_000, true)));
        let data = r#"{"id":4,"kind":"game_started","created_at":"2026-11-22T12:00:00.240Z"}"#;
        assert_eq!(since_created(data, now), Some((10_000, false)));
        assert_eq!(since_created("{}", now), None);
        assert_eq!(since_created("not json", now), None);
    }
}
