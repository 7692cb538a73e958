//! Logging set-up (`tracing`, human or JSON on stderr) and the Prometheus metrics registry,
//! rendered in the text exposition format by hand. Knows nothing of HTTP routing or games.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::util::SubscriberInitExt;

use crate::config::LogFormat;

/// Installs the global subscriber. Level filter from `RUST_LOG` (default `info`). Safe to call
/// twice (the second call does nothing).
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,actix_server=warn"));
    let fmt = tracing_subscriber::fmt::layer()
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr);
    let registry = tracing_subscriber::registry()
        .with(filter)
        .with(ClientErrorsBelowError);
    let _ = match format {
        LogFormat::Human => registry.with(fmt).try_init(),
        LogFormat::Json => registry
            .with(fmt.json().with_current_span(true).with_span_list(false))
            .try_init(),
    };
}

/// Where actix-http reports a connection that ended in error, at ERROR: a malformed request
/// line, oversized or slow headers, a client that went away. Those are the client's doing.
const ACTIX_DISPATCHER: &str = "actix_http::h1::dispatcher";
const STREAM_ERROR: &str = "stream error: ";

/// Logs actix-http's "stream error" (a connection ended by the client's mistake) as a WARN of
/// ours instead of its ERROR: an ERROR line should mean the server needs attention. actix
/// answers those connections itself (400, 408, 431, with empty bodies) before any code of ours
/// runs, so their answer cannot be problem+json.
struct ClientErrorsBelowError;

impl<S: Subscriber> tracing_subscriber::Layer<S> for ClientErrorsBelowError {
    fn event_enabled(&self, event: &Event<'_>, _ctx: Context<'_, S>) -> bool {
        let meta = event.metadata();
        if *meta.level() != Level::ERROR || meta.target() != ACTIX_DISPATCHER {
            return true;
        }
        let mut message = MessageText(String::new());
        event.record(&mut message);
        let Some(error) = message.0.strip_prefix(STREAM_ERROR) else {
            return true;
        };
        // Re-entrant: the global dispatcher takes events from inside a layer.
        tracing::warn!(target: "lords::http", error, "closed an HTTP connection after a client error");
        false
    }
}

/// The `message` field of an event, as text.
struct MessageText(String);

impl Visit for MessageText {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.0 = value.to_string();
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }
}

/// Upper bounds of the latency histogram buckets, in seconds.
const BUCKETS: [f64; 11] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

#[derive(Default, Clone)]
struct Histogram {
    counts: [u64; BUCKETS.len()],
    sum: f64,
    count: u64,
}

/// Process-wide counters. One per application (tests run several side by side).
#[derive(Default)]
pub struct Metrics {
    /// (route, method, status) → count.
    requests: Mutex<BTreeMap<(String, String, u16), u64>>,
    /// route → latency histogram.
    durations: Mutex<BTreeMap<String, Histogram>>,
    actions_applied: AtomicU64,
}

/// Figures read at scrape time, outside the registry.
#[derive(Debug, Default, Clone)]
pub struct ScrapeFigures {
    /// `None` when the games table does not exist (yet) or could not be read.
    pub games_by_status: Option<Vec<(String, i64)>>,
    pub pool_idle: u32,
    pub pool_in_use: u32,
    pub pool_max: u32,
    /// Connections the HTTP workers hold for themselves (`store/local.rs`).
    pub worker_connections: u64,
}

impl Metrics {
    pub fn new() -> Self {
        Self::default()
    }

    /// Counts one finished request under its matched route pattern.
    pub fn observe_request(&self, route: &str, method: &str, status: u16, elapsed: Duration) {
        if let Ok(mut m) = self.requests.lock() {
            *m.entry((route.to_string(), method.to_string(), status))
                .or_default() += 1;
        }
        let secs = elapsed.as_secs_f64();
        if let Ok(mut d) = self.durations.lock() {
            let h = d.entry(route.to_string()).or_default();
            for (i, le) in BUCKETS.iter().enumerate() {
                if secs <= *le {
                    h.counts[i] += 1;
                }
            }
            h.sum += secs;
            h.count += 1;
        }
    }

    /// Counts one game action accepted by the engine and stored (`lords_actions_applied_total`).
    pub fn action_applied(&self) {
        self.actions_applied.fetch_add(1, Ordering::Relaxed);
    }

    pub fn actions_applied(&self) -> u64 {
        self.actions_applied.load(Ordering::Relaxed)
    }

    /// The whole registry in the Prometheus text exposition format (version 0.0.4).
    pub fn render(&self, figures: &ScrapeFigures) -> String {
        let mut out = String::new();
        out.push_str("# HELP http_requests_total HTTP requests answered, by matched route, method and status.\n");
        out.push_str("# TYPE http_requests_total counter\n");
        if let Ok(m) = self.requests.lock() {
            for ((route, method, status), n) in m.iter() {
                let _ = writeln!(
                    out,
                    "http_requests_total{{route=\"{}\",method=\"{}\",status=\"{status}\"}} {n}",
                    escape(route),
                    escape(method)
                );
            }
        }
        out.push_str("# HELP http_request_duration_seconds Time to answer an HTTP request, by matched route.\n");
        out.push_str("# TYPE http_request_duration_seconds histogram\n");
        if let Ok(d) = self.durations.lock() {
            for (route, h) in d.iter() {
                let route = escape(route);
                for (le, n) in BUCKETS.iter().zip(h.counts.iter()) {
                    let _ = writeln!(
                        out,
                        "http_request_duration_seconds_bucket{{route=\"{route}\",le=\"{le}\"}} {n}"
                    );
                }
                let _ = writeln!(
                    out,
                    "http_request_duration_seconds_bucket{{route=\"{route}\",le=\"+Inf\"}} {}",
                    h.count
                );
                let _ = writeln!(
                    out,
                    "http_request_duration_seconds_sum{{route=\"{route}\"}} {}",
                    h.sum
                );
                let _ = writeln!(
                    out,
                    "http_request_duration_seconds_count{{route=\"{route}\"}} {}",
                    h.count
                );
            }
        }
        out.push_str(
            "# HELP lords_actions_applied_total Game actions accepted by the rules and stored.\n",
        );
        out.push_str("# TYPE lords_actions_applied_total counter\n");
        let _ = writeln!(
            out,
            "lords_actions_applied_total {}",
            self.actions_applied()
        );
        out.push_str("# HELP lords_games Stored games, by status.\n");
        out.push_str("# TYPE lords_games gauge\n");
        for (status, n) in figures.games_by_status.iter().flatten() {
            let _ = writeln!(out, "lords_games{{status=\"{}\"}} {n}", escape(status));
        }
        out.push_str("# HELP lords_db_pool_connections Database pool connections, by state.\n");
        out.push_str("# TYPE lords_db_pool_connections gauge\n");
        let _ = writeln!(
            out,
            "lords_db_pool_connections{{state=\"idle\"}} {}",
            figures.pool_idle
        );
        let _ = writeln!(
            out,
            "lords_db_pool_connections{{state=\"in_use\"}} {}",
            figures.pool_in_use
        );
        out.push_str(
            "# HELP lords_db_pool_max_connections Largest number of database pool connections.\n",
        );
        out.push_str("# TYPE lords_db_pool_max_connections gauge\n");
        let _ = writeln!(out, "lords_db_pool_max_connections {}", figures.pool_max);
        out.push_str(
            "# HELP lords_db_worker_connections Database connections the HTTP workers hold \
             for themselves (views, legal actions, actions), apart from the pool.\n",
        );
        out.push_str("# TYPE lords_db_worker_connections gauge\n");
        let _ = writeln!(
            out,
            "lords_db_worker_connections {}",
            figures.worker_connections
        );
        out
    }
}

/// Label values escape `\`, `"` and newlines.
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_lands_in_its_buckets_and_counter() {
        let m = Metrics::new();
        m.observe_request("/v1/cards", "GET", 200, Duration::from_millis(30));
        let text = m.render(&ScrapeFigures::default());
        assert!(
            text.contains(
                "http_requests_total{route=\"/v1/cards\",method=\"GET\",status=\"200\"} 1"
            )
        );
        assert!(
            text.contains(
                "http_request_duration_seconds_bucket{route=\"/v1/cards\",le=\"0.025\"} 0"
            )
        );
        assert!(
            text.contains(
                "http_request_duration_seconds_bucket{route=\"/v1/cards\",le=\"0.05\"} 1"
            )
        );
        assert!(text.contains("http_request_duration_seconds_count{route=\"/v1/cards\"} 1"));
    }

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(escape("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }
}
