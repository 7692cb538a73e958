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
/// twice (the second call does nothing). Lines go to stderr through [`LogSink`]: INFO and
/// below within [`LOG_BATCH_WAIT`], a WARN or ERROR at once (with the lines before it).
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,actix_server=warn"));
    LogSink::start();
    let fmt = tracing_subscriber::fmt::layer()
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(LogSink);
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

/// How long an INFO (or quieter) line may wait to be written with the lines after it.
pub const LOG_BATCH_WAIT: Duration = Duration::from_millis(50);

/// Past this many bytes waiting, the line that adds them writes them itself.
const LOG_BATCH_MAX: usize = 1 << 20;

/// The log's way to stderr: lines wait in memory and a thread of their own writes them in
/// batches. Every request logs a line, and each line written on its own was a `write(2)` in
/// the request's thread under stderr's lock, for which the HTTP workers then queued
/// (`futex` waits: about one for every two requests at 8 clients, measured with `strace -c`).
/// Appending to the batch holds its lock for a copy only. A WARN or ERROR line, and
/// [`flush_logs`], write everything waiting at once, in order; a panic flushes before its
/// message.
#[derive(Clone, Copy)]
struct LogSink;

/// The lines waiting, and the signal that wakes the writing thread when the first arrives.
static WAITING: Mutex<Vec<u8>> = Mutex::new(Vec::new());
static ARRIVED: std::sync::Condvar = std::sync::Condvar::new();
/// Held while a batch is written, so that batches reach stderr in the order they were taken.
static WRITING: Mutex<()> = Mutex::new(());

impl LogSink {
    /// Starts the writing thread and the panic hook's flush (once per process).
    fn start() {
        static STARTED: std::sync::Once = std::sync::Once::new();
        STARTED.call_once(|| {
            let spawned = std::thread::Builder::new()
                .name("log-writer".into())
                .spawn(|| {
                    loop {
                        {
                            let mut waiting = WAITING.lock().unwrap_or_else(|p| p.into_inner());
                            while waiting.is_empty() {
                                waiting = ARRIVED.wait(waiting).unwrap_or_else(|p| p.into_inner());
                            }
                        }
                        std::thread::sleep(LOG_BATCH_WAIT);
                        flush_logs();
                    }
                });
            if spawned.is_err() {
                // No thread: every line is written as it comes (see `LogLine::write`).
                return;
            }
            WRITER_RUNNING.store(true, Ordering::Release);
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                flush_logs();
                previous(info);
            }));
        });
    }
}

/// Whether the writing thread runs (else lines are written as they come).
static WRITER_RUNNING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Writes every line waiting to stderr now (at exit, and before a WARN or ERROR line's return).
pub fn flush_logs() {
    use std::io::Write as _;
    let _order = WRITING.lock().unwrap_or_else(|p| p.into_inner());
    let batch = std::mem::take(&mut *WAITING.lock().unwrap_or_else(|p| p.into_inner()));
    if !batch.is_empty() {
        let _ = std::io::stderr().write_all(&batch);
    }
}

/// One event's line on its way to [`LogSink`].
struct LogLine {
    urgent: bool,
}

impl std::io::Write for LogLine {
    fn write(&mut self, line: &[u8]) -> std::io::Result<usize> {
        let full = {
            let mut waiting = WAITING.lock().unwrap_or_else(|p| p.into_inner());
            if waiting.is_empty() {
                ARRIVED.notify_one();
            }
            waiting.extend_from_slice(line);
            waiting.len() >= LOG_BATCH_MAX
        };
        if self.urgent || full || !WRITER_RUNNING.load(Ordering::Acquire) {
            flush_logs();
        }
        Ok(line.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for LogSink {
    type Writer = LogLine;

    fn make_writer(&'a self) -> LogLine {
        LogLine { urgent: true }
    }

    fn make_writer_for(&'a self, meta: &tracing::Metadata<'_>) -> LogLine {
        // Levels order from ERROR (least verbose) up to TRACE.
        LogLine {
            urgent: *meta.level() <= Level::WARN,
        }
    }
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
///
/// Requests are counted in [`SHARDS`] shards, each thread in its own (threads are spread over
/// them in the order they first count), so that the HTTP workers do not queue for one lock on
/// every request; a scrape adds the shards up.
#[derive(Default)]
pub struct Metrics {
    shards: [Mutex<Shard>; SHARDS],
    actions_applied: AtomicU64,
}

/// How many shards [`Metrics`] counts requests in.
const SHARDS: usize = 8;

/// One shard's figures: matched route → its counts and latency histogram.
#[derive(Default)]
struct Shard {
    routes: std::collections::HashMap<String, RouteFigures>,
}

#[derive(Default)]
struct RouteFigures {
    /// (method, status) → count; a route sees a handful.
    answered: Vec<(String, u16, u64)>,
    latency: Histogram,
}

thread_local! {
    /// The shard this thread counts in.
    static SHARD: usize = {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        NEXT.fetch_add(1, Ordering::Relaxed) % SHARDS
    };
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
        let shard = &self.shards[SHARD.with(|s| *s)];
        let mut shard = shard.lock().unwrap_or_else(|p| p.into_inner());
        let figures = match shard.routes.get_mut(route) {
            Some(f) => f,
            None => shard.routes.entry(route.to_string()).or_default(),
        };
        match figures
            .answered
            .iter_mut()
            .find(|(m, s, _)| *s == status && m == method)
        {
            Some((_, _, n)) => *n += 1,
            None => figures.answered.push((method.to_string(), status, 1)),
        }
        let secs = elapsed.as_secs_f64();
        let h = &mut figures.latency;
        for (i, le) in BUCKETS.iter().enumerate() {
            if secs <= *le {
                h.counts[i] += 1;
            }
        }
        h.sum += secs;
        h.count += 1;
    }

    /// Every shard's figures added up, in the order they are rendered.
    #[allow(clippy::type_complexity)]
    fn totals(
        &self,
    ) -> (
        BTreeMap<(String, String, u16), u64>,
        BTreeMap<String, Histogram>,
    ) {
        let mut requests = BTreeMap::new();
        let mut durations: BTreeMap<String, Histogram> = BTreeMap::new();
        for shard in &self.shards {
            let shard = shard.lock().unwrap_or_else(|p| p.into_inner());
            for (route, f) in &shard.routes {
                for (method, status, n) in &f.answered {
                    *requests
                        .entry((route.clone(), method.clone(), *status))
                        .or_default() += n;
                }
                let h = durations.entry(route.clone()).or_default();
                for (total, n) in h.counts.iter_mut().zip(f.latency.counts) {
                    *total += n;
                }
                h.sum += f.latency.sum;
                h.count += f.latency.count;
            }
        }
        (requests, durations)
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
        let (requests, durations) = self.totals();
        out.push_str("# HELP http_requests_total HTTP requests answered, by matched route, method and status.\n");
        out.push_str("# TYPE http_requests_total counter\n");
        for ((route, method, status), n) in requests.iter() {
            let _ = writeln!(
                out,
                "http_requests_total{{route=\"{}\",method=\"{}\",status=\"{status}\"}} {n}",
                escape(route),
                escape(method)
            );
        }
        out.push_str("# HELP http_request_duration_seconds Time to answer an HTTP request, by matched route.\n");
        out.push_str("# TYPE http_request_duration_seconds histogram\n");
        for (route, h) in durations.iter() {
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
    fn requests_counted_on_many_threads_add_up_in_one_series() {
        let m = Metrics::new();
        std::thread::scope(|scope| {
            for _ in 0..(2 * SHARDS) {
                scope.spawn(|| {
                    for status in [200, 200, 404] {
                        m.observe_request("/v1/games/{id}", "GET", status, Duration::ZERO);
                    }
                });
            }
        });
        let text = m.render(&ScrapeFigures::default());
        let threads = 2 * SHARDS;
        for (status, n) in [(200, 2 * threads), (404, threads)] {
            let line = format!(
                "http_requests_total{{route=\"/v1/games/{{id}}\",method=\"GET\",status=\"{status}\"}} {n}\n"
            );
            assert_eq!(text.matches(&line).count(), 1, "{line} in\n{text}");
        }
        let count = format!(
            "http_request_duration_seconds_count{{route=\"/v1/games/{{id}}\"}} {}\n",
            3 * threads
        );
        assert!(text.contains(&count), "{text}");
    }

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(escape("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }
}
