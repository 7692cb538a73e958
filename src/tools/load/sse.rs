//! `lords load --sse` and `--sse-idle N`: Server-Sent Events held open during a run, and their
//! figures. Names the shared statistics and its parent's helpers only, never the report.
//!
//! - `--sse`: every load account opens `GET /v1/me/stream` before the measured window; each
//!   notification line is timed from the notification's `created_at` (written in the action's
//!   transaction) to its arrival here: commit-to-SSE latency at the other players.
//! - `--sse-idle N`: N more streams (the accounts' tokens in turn) held open and idle for the
//!   whole run, while `/healthz` is asked every 100 ms: how many streams a server holds, its
//!   memory (with `--server-pid`) and how fast it still answers.
//!
//! The load tool and the server must share a clock (one machine) for the latencies to mean
//! anything.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use serde::Serialize;
use tokio::sync::Mutex;
use tokio::task::JoinSet;

use crate::tools::stats::{Percentiles, micros};

/// Streams opened at the same time while setting up.
const OPEN_CONCURRENCY: usize = 64;

/// What the streams saw.
#[derive(Debug, Serialize)]
pub struct SseFigures {
    /// Streams asked for, and how many were open (answered 200) when the run ended.
    pub streams: u32,
    pub open_at_end: u64,
    /// Streams the server refused or dropped, by reason.
    pub failed: u64,
    /// Notification lines received on the `--sse` streams.
    pub notifications: u64,
    /// From each notification's `created_at` to its arrival on the stream.
    pub commit_to_sse_ms: Percentiles,
    /// Idle streams held (`--sse-idle`).
    pub idle_streams: u32,
    /// `/healthz` every 100 ms while the streams were held.
    pub healthz_ms: Percentiles,
}

/// The streams of a run; dropping it closes them all.
pub struct Streams {
    tasks: JoinSet<()>,
    open: Arc<AtomicU64>,
    failed: Arc<AtomicU64>,
    latencies: Arc<Mutex<Vec<u32>>>,
    healthz: Arc<Mutex<Vec<u32>>>,
    asked: u32,
    idle: u32,
}

impl Streams {
    /// Opens one measured stream per token (when `measured`) and `idle` idle ones, and starts
    /// asking `/healthz` every 100 ms.
    pub async fn open(
        base: &str,
        tokens: &[String],
        measured: bool,
        idle: u32,
    ) -> anyhow::Result<Streams> {
        let http = reqwest::Client::builder()
            .tcp_nodelay(true)
            .pool_max_idle_per_host(usize::MAX)
            .build()?;
        let mut streams = Streams {
            tasks: JoinSet::new(),
            open: Arc::default(),
            failed: Arc::default(),
            latencies: Arc::default(),
            healthz: Arc::default(),
            asked: 0,
            idle,
        };
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
        streams.asked = wanted.len() as u32;
        for chunk in wanted.chunks(OPEN_CONCURRENCY) {
            let mut opening = JoinSet::new();
            for (token, timed) in chunk.iter().cloned() {
                let (http, url) = (http.clone(), url.clone());
                opening.spawn(async move {
                    let res = http
                        .get(&url)
                        .bearer_auth(&token)
                        .header("accept", "text/event-stream")
                        .send()
                        .await;
                    (res, timed)
                });
            }
            while let Some(done) = opening.join_next().await {
                match done {
                    Ok((Ok(res), timed)) if res.status() == 200 => {
                        streams.open.fetch_add(1, Ordering::Relaxed);
                        let (open, failed, latencies) = (
                            streams.open.clone(),
                            streams.failed.clone(),
                            streams.latencies.clone(),
                        );
                        streams
                            .tasks
                            .spawn(read(res, timed, open, failed, latencies));
                    }
                    _ => {
                        streams.failed.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
        }
        let healthz = streams.healthz.clone();
        let health_url = format!("{}/healthz", base.trim_end_matches('/'));
        streams.tasks.spawn(async move {
            loop {
                let started = Instant::now();
                if let Ok(res) = http.get(&health_url).send().await
                    && res.status() == 200
                {
                    healthz.lock().await.push(micros(started.elapsed()));
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
        Ok(streams)
    }

    /// The figures so far; the streams stay open until dropped.
    pub async fn figures(&self) -> SseFigures {
        let latencies = self.latencies.lock().await;
        let healthz = self.healthz.lock().await;
        SseFigures {
            streams: self.asked,
            open_at_end: self.open.load(Ordering::Relaxed),
            failed: self.failed.load(Ordering::Relaxed),
            notifications: latencies.len() as u64,
            commit_to_sse_ms: Percentiles::of(&latencies[..]),
            idle_streams: self.idle,
            healthz_ms: Percentiles::of(&healthz[..]),
        }
    }
}

/// Reads one stream to its end: each `data:` line of a measured stream is timed from its
/// notification's `created_at`.
async fn read(
    mut res: reqwest::Response,
    timed: bool,
    open: Arc<AtomicU64>,
    failed: Arc<AtomicU64>,
    latencies: Arc<Mutex<Vec<u32>>>,
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
                        && let Some(micros) = since_created(data.trim_end(), now)
                    {
                        latencies.lock().await.push(micros);
                    }
                }
            }
            Ok(None) | Err(_) => {
                open.fetch_sub(1, Ordering::Relaxed);
                failed.fetch_add(1, Ordering::Relaxed);
                return;
            }
        }
    }
}

/// Microseconds from a notification's `created_at` to `now`.
fn since_created(data: &str, now: DateTime<Utc>) -> Option<u32> {
    let value: serde_json::Value = serde_json::from_str(data).ok()?;
    crate::tools::load::micros_since(value.get("created_at")?.as_str()?, now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notification_is_timed_from_its_created_at() {
        let now: DateTime<Utc> = "2026-11-22T12:00:00.250Z".parse().unwrap();
        let data = r#"{"id":3,"kind":"your_turn","created_at":"2026-11-22T12:00:00.200Z"}"#;
        assert_eq!(since_created(data, now), Some(50_000));
        assert_eq!(since_created("{}", now), None);
        assert_eq!(since_created("not json", now), None);
    }
}
