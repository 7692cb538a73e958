//! `lords load --webhooks`: the webhook receiver inside the load tool and its figures. Names
//! the shared statistics and its parent's helpers only, never the report that prints it.
//!
//! Every load account registers the receiver (127.0.0.1, plain HTTP/1.1 over tokio); it counts
//! deliveries and times each from its notification's `created_at` (the action's transaction) to
//! its arrival. The server must admit 127.0.0.1 (`LORDS_WEBHOOK_ALLOW=127.0.0.1`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::tools::stats::{Percentiles, per_s, rounded};

/// What the receiver saw.
#[derive(Debug, Serialize)]
pub struct WebhookFigures {
    /// Endpoints registered (one per account).
    pub endpoints: u32,
    /// Deliveries received (2xx answered), the drain after the load included.
    pub deliveries: u64,
    /// `deliveries` over the measured window plus the drain.
    pub deliveries_per_s: f64,
    /// How long deliveries kept arriving after the last client finished.
    pub drain_s: f64,
    /// From the notification's `created_at` to the delivery's arrival.
    pub commit_to_delivery_ms: Percentiles,
}

pub struct Receiver {
    pub url: String,
    count: Arc<AtomicU64>,
    latencies: Arc<Mutex<Vec<u32>>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Receiver {
    pub async fn start() -> anyhow::Result<Receiver> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let url = format!("http://{}/lords-load", listener.local_addr()?);
        let count = Arc::new(AtomicU64::new(0));
        let latencies = Arc::new(Mutex::new(Vec::new()));
        let task = {
            let (count, latencies) = (count.clone(), latencies.clone());
            tokio::spawn(async move {
                while let Ok((conn, _)) = listener.accept().await {
                    let (count, latencies) = (count.clone(), latencies.clone());
                    tokio::spawn(async move {
                        if let Some(micros) = serve(conn).await {
                            count.fetch_add(1, Ordering::Relaxed);
                            if let Ok(mut l) = latencies.lock() {
                                l.push(micros);
                            }
                        }
                    });
                }
            })
        };
        Ok(Receiver {
            url,
            count,
            latencies,
            task,
        })
    }

    pub fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    /// Waits until no delivery arrived for `quiet` (at most `max`); returns how long it took.
    pub async fn drain(&self, quiet: Duration, max: Duration) -> Duration {
        let started = Instant::now();
        let mut last = (self.count(), Instant::now());
        while started.elapsed() < max {
            tokio::time::sleep(Duration::from_millis(100)).await;
            let n = self.count();
            if n != last.0 {
                last = (n, Instant::now());
            } else if last.1.elapsed() >= quiet {
                break;
            }
        }
        last.1.saturating_duration_since(started)
    }

    pub fn figures(&self, endpoints: u32, window: Duration) -> WebhookFigures {
        let latencies = self.latencies.lock().map(|l| l.clone()).unwrap_or_default();
        let deliveries = self.count();
        WebhookFigures {
            endpoints,
            deliveries,
            deliveries_per_s: rounded(per_s(deliveries as f64, window.as_secs_f64()), 2),
            drain_s: 0.0,
            commit_to_delivery_ms: Percentiles::of(&latencies),
        }
    }
}

/// Reads one delivery, answers 204; the µs since its notification was created.
async fn serve(mut conn: TcpStream) -> Option<u32> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = conn.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_ascii_lowercase();
    let len: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())?;
    while buf.len() < head_end + len {
        let n = conn.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let arrived = chrono::Utc::now();
    conn.write_all(b"HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n")
        .await
        .ok()?;
    let body: serde_json::Value = serde_json::from_slice(&buf[head_end..head_end + len]).ok()?;
    crate::tools::load::micros_since(body["data"]["created_at"].as_str()?, arrived)
}
