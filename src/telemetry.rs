//! Logging set-up (`tracing`, human or JSON on stderr, written by `tracing-appender`'s
//! non-blocking writer) and the Prometheus metrics (`prometheus-client`). Knows nothing of HTTP
//! routing or games.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::{BufWriter, IsTerminal, Write as _};
use std::sync::atomic::{AtomicBool, Ordering, fence};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use actix_web::http::Method;
use prometheus_client::encoding::prometheus_text;
use prometheus_client::encoding::{
    EncodeLabelSet, EncodeLabelValue, EncodeMetric, LabelValueEncoder, MetricEncoder,
};
use prometheus_client::metrics::MetricType;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_appender::non_blocking::{NonBlocking, NonBlockingBuilder, WorkerGuard};
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
    let (sink, guard) = log_sink();
    if let Some(guard) = guard {
        // Nobody holds it (tests, or a caller other than `main`): the writer lives as long as
        // the process.
        *UNHELD_GUARD.lock().unwrap_or_else(|p| p.into_inner()) = Some(guard);
    }
    let fmt = tracing_subscriber::fmt::layer()
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(sink.clone());
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

/// The log's way to stderr, made once per process; its worker's guard when not held by `main`.
static LOG_SINK: OnceLock<LogSink> = OnceLock::new();
static UNHELD_GUARD: Mutex<Option<WorkerGuard>> = Mutex::new(None);

/// Starts the thread that writes the log (once per process) and returns its guard the first
/// time: dropping it writes every line still waiting, so `main` holds it until it returns.
pub fn start_log_writer() -> Option<WorkerGuard> {
    log_sink().1
}

/// The process's [`LogSink`], with its worker's guard when this call made it.
fn log_sink() -> (&'static LogSink, Option<WorkerGuard>) {
    let mut guard = None;
    let sink = LOG_SINK.get_or_init(|| {
        let (sink, g) = LogSink::new(std::io::stderr(), LOG_BATCH_WAIT);
        guard = Some(g);
        let panicking = sink.clone();
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            panicking.flush_before_panic();
            previous(info);
        }));
        sink
    });
    (sink, guard)
}

/// Where the log's lines go: `tracing-appender`'s non-blocking writer, whose thread writes them
/// to stderr in batches. Every request logs a line, and each line written on its own was a
/// `write(2)` in the request's thread under stderr's lock, for which the HTTP workers then
/// queued. The writing thread waits [`LOG_BATCH_WAIT`] after the first line of a batch unless
/// a WARN or ERROR line (or a panic) wakes it; a panic waits for the lines before it.
#[derive(Clone)]
struct LogSink {
    lines: NonBlocking,
    shared: Arc<SinkShared>,
}

/// What the request threads and the writing thread share.
#[derive(Default)]
struct SinkShared {
    /// A line that must not wait was sent: the writing thread writes without waiting.
    urgent: AtomicBool,
    /// The writing thread, to wake (known once it has written).
    writer: OnceLock<std::thread::Thread>,
    /// Panic markers sent and written, in the order sent.
    markers: Mutex<Markers>,
    marker_written: Condvar,
}

#[derive(Default)]
struct Markers {
    sent: u64,
    written: u64,
}

/// How long a panic waits for the lines before it.
const PANIC_FLUSH_WAIT: Duration = Duration::from_secs(1);

impl LogSink {
    /// A sink writing to `out`, a batch waiting `wait` for more lines.
    fn new<W: std::io::Write + Send + 'static>(out: W, wait: Duration) -> (LogSink, WorkerGuard) {
        let shared = Arc::new(SinkShared::default());
        let (lines, guard) = NonBlockingBuilder::default()
            .lossy(false)
            .thread_name("log-writer")
            .finish(Batches {
                out: BufWriter::with_capacity(LOG_BUFFER, out),
                shared: shared.clone(),
                wait,
                waited: false,
                markers: 0,
            });
        (LogSink { lines, shared }, guard)
    }

    /// Wakes the writing thread so that what was sent is written without waiting.
    fn hurry(&self) {
        self.shared.urgent.store(true, Ordering::SeqCst);
        fence(Ordering::SeqCst);
        if let Some(writer) = self.shared.writer.get() {
            writer.unpark();
        }
    }

    /// Sends an empty line as a marker and waits until the writing thread has written it, and
    /// so every line before it.
    fn flush_before_panic(&self) {
        // The writing thread itself cannot wait for itself.
        if self.shared.writer.get().map(std::thread::Thread::id)
            == Some(std::thread::current().id())
        {
            return;
        }
        let mut markers = self
            .shared
            .markers
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        markers.sent += 1;
        let mine = markers.sent;
        // Sent under the lock: markers reach the writing thread in the order they are counted.
        if self.lines.clone().write_all(&[]).is_err() {
            return;
        }
        self.hurry();
        let _ = self
            .shared
            .marker_written
            .wait_timeout_while(markers, PANIC_FLUSH_WAIT, |m| m.written < mine);
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for LogSink {
    type Writer = LogLine<'a>;

    fn make_writer(&'a self) -> LogLine<'a> {
        LogLine {
            lines: self.lines.clone(),
            sink: self,
            urgent: true,
        }
    }

    fn make_writer_for(&'a self, meta: &tracing::Metadata<'_>) -> LogLine<'a> {
        // Levels order from ERROR (least verbose) up to TRACE.
        LogLine {
            lines: self.lines.clone(),
            sink: self,
            urgent: *meta.level() <= Level::WARN,
        }
    }
}

/// One event's line on its way to [`LogSink`].
struct LogLine<'a> {
    lines: NonBlocking,
    sink: &'a LogSink,
    urgent: bool,
}

impl std::io::Write for LogLine<'_> {
    fn write(&mut self, line: &[u8]) -> std::io::Result<usize> {
        let n = self.lines.write(line)?;
        if self.urgent {
            self.sink.hurry();
        }
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Bytes the writing thread gathers before writing them even within a batch.
const LOG_BUFFER: usize = 1 << 16;

/// The writing thread's end: lines gathered in a buffer, written when the worker has emptied
/// its queue (its `flush`). The first line of a batch waits for the others.
struct Batches<W: std::io::Write> {
    out: BufWriter<W>,
    shared: Arc<SinkShared>,
    wait: Duration,
    /// This batch has had its wait.
    waited: bool,
    /// Panic markers in this batch.
    markers: u64,
}

impl<W: std::io::Write> Batches<W> {
    fn wait_for_more(&mut self) {
        if std::mem::replace(&mut self.waited, true) {
            return;
        }
        let shared = &self.shared;
        shared.writer.get_or_init(std::thread::current);
        fence(Ordering::SeqCst);
        let deadline = Instant::now() + self.wait;
        while !shared.urgent.swap(false, Ordering::SeqCst) {
            let now = Instant::now();
            if now >= deadline {
                break;
            }
            std::thread::park_timeout(deadline - now);
        }
    }
}

impl<W: std::io::Write> std::io::Write for Batches<W> {
    fn write(&mut self, line: &[u8]) -> std::io::Result<usize> {
        self.wait_for_more();
        self.out.write(line)
    }

    fn write_all(&mut self, line: &[u8]) -> std::io::Result<()> {
        if line.is_empty() {
            self.markers += 1;
            return Ok(());
        }
        self.wait_for_more();
        self.out.write_all(line)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.waited = false;
        let written = self.out.flush();
        if self.markers > 0 {
            let mut markers = self
                .shared
                .markers
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            markers.written += std::mem::take(&mut self.markers);
            self.shared.marker_written.notify_all();
        }
        written
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

/// `http_requests_total`'s labels.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Answered {
    route: Cow<'static, str>,
    method: MethodLabel,
    status: u16,
}

/// `http_request_duration_seconds`'s label.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabel {
    route: Cow<'static, str>,
}

/// A request method as a label value (the standard ones are cloned without allocating).
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
struct MethodLabel(Method);

impl EncodeLabelValue for MethodLabel {
    fn encode(&self, encoder: &mut LabelValueEncoder) -> std::fmt::Result {
        encoder.write_str(self.0.as_str())
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StatusLabel {
    status: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StateLabel {
    state: &'static str,
}

fn latency_histogram() -> Histogram {
    Histogram::new(BUCKETS)
}

/// Process-wide counters (`prometheus-client`). One per application (tests run several side
/// by side).
#[derive(Debug)]
pub struct Metrics {
    requests: Family<Answered, Counter>,
    durations: Family<RouteLabel, Histogram, fn() -> Histogram>,
    actions_applied: Counter,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics {
            requests: Family::default(),
            durations: Family::new_with_constructor(latency_histogram),
            actions_applied: Counter::default(),
        }
    }
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

    /// Counts one finished request under its matched route pattern. A route borrowed for
    /// `'static` (the labelled hot routes) is counted without allocating.
    pub fn observe_request(
        &self,
        route: Cow<'static, str>,
        method: &Method,
        status: u16,
        elapsed: Duration,
    ) {
        let route = RouteLabel { route };
        self.durations
            .get_or_create(&route)
            .observe(elapsed.as_secs_f64());
        let answered = Answered {
            route: route.route,
            method: MethodLabel(method.clone()),
            status,
        };
        self.requests.get_or_create(&answered).inc();
    }

    /// Counts one game action accepted by the engine and stored (`lords_actions_applied_total`).
    pub fn action_applied(&self) {
        self.actions_applied.inc();
    }

    pub fn actions_applied(&self) -> u64 {
        self.actions_applied.get()
    }

    /// Every series in the Prometheus text exposition format (version 0.0.4): the request
    /// figures kept here and, in a registry made for this scrape, the figures read for it.
    pub fn render(&self, figures: &ScrapeFigures) -> Result<String, std::fmt::Error> {
        let mut registry = Registry::default();
        // The crate adds `_total` to a counter's name and a period to each help text.
        registry.register(
            "http_requests",
            "HTTP requests answered, by matched route, method and status",
            Declared(self.requests.clone()),
        );
        registry.register(
            "http_request_duration_seconds",
            "Time to answer an HTTP request, by matched route",
            Declared(self.durations.clone()),
        );
        registry.register(
            "lords_actions_applied",
            "Game actions accepted by the rules and stored",
            self.actions_applied.clone(),
        );
        let games = Family::<StatusLabel, Gauge>::default();
        for (status, n) in figures.games_by_status.iter().flatten() {
            games
                .get_or_create(&StatusLabel {
                    status: status.clone(),
                })
                .set(*n);
        }
        registry.register("lords_games", "Stored games, by status", Declared(games));
        let pool = Family::<StateLabel, Gauge>::default();
        for (state, n) in [("idle", figures.pool_idle), ("in_use", figures.pool_in_use)] {
            pool.get_or_create(&StateLabel { state }).set(n.into());
        }
        registry.register(
            "lords_db_pool_connections",
            "Database pool connections, by state",
            pool,
        );
        registry.register(
            "lords_db_pool_max_connections",
            "Largest number of database pool connections",
            gauge(figures.pool_max.into()),
        );
        registry.register(
            "lords_db_worker_connections",
            "Database connections the HTTP workers hold for themselves (views, legal \
             actions, actions), apart from the pool",
            gauge(i64::try_from(figures.worker_connections).unwrap_or(i64::MAX)),
        );
        let mut out = String::new();
        prometheus_text::encode(&mut out, &registry)?;
        Ok(out)
    }
}

/// A family whose HELP and TYPE lines are written even when it has no series yet, as scrapers
/// saw them before (the crate leaves an empty family out).
#[derive(Debug)]
struct Declared<M>(M);

impl<M: EncodeMetric> EncodeMetric for Declared<M> {
    fn encode(&self, encoder: MetricEncoder) -> std::fmt::Result {
        self.0.encode(encoder)
    }

    fn metric_type(&self) -> MetricType {
        self.0.metric_type()
    }
}

fn gauge(value: i64) -> Gauge {
    let g = Gauge::default();
    g.set(value);
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get() -> Method {
        Method::GET
    }

    #[test]
    fn a_request_lands_in_its_buckets_and_counter() {
        let m = Metrics::new();
        m.observe_request(
            Cow::Borrowed("/v1/cards"),
            &get(),
            200,
            Duration::from_millis(30),
        );
        let text = m.render(&ScrapeFigures::default()).unwrap();
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
        const THREADS: usize = 16;
        let m = Metrics::new();
        std::thread::scope(|scope| {
            for _ in 0..THREADS {
                scope.spawn(|| {
                    for status in [200, 200, 404] {
                        m.observe_request(
                            Cow::Borrowed("/v1/games/{id}"),
                            &get(),
                            status,
                            Duration::ZERO,
                        );
                    }
                });
            }
        });
        let text = m.render(&ScrapeFigures::default()).unwrap();
        for (status, n) in [(200, 2 * THREADS), (404, THREADS)] {
            let line = format!(
                "http_requests_total{{route=\"/v1/games/{{id}}\",method=\"GET\",status=\"{status}\"}} {n}\n"
            );
            assert_eq!(text.matches(&line).count(), 1, "{line} in\n{text}");
        }
        let count = format!(
            "http_request_duration_seconds_count{{route=\"/v1/games/{{id}}\"}} {}\n",
            3 * THREADS
        );
        assert!(text.contains(&count), "{text}");
    }

    #[test]
    fn every_family_is_declared_before_it_has_a_series() {
        let text = Metrics::new().render(&ScrapeFigures::default()).unwrap();
        for name in [
            "http_requests_total counter",
            "http_request_duration_seconds histogram",
            "lords_actions_applied_total counter",
            "lords_games gauge",
            "lords_db_pool_connections gauge",
            "lords_db_pool_max_connections gauge",
            "lords_db_worker_connections gauge",
        ] {
            assert!(
                text.contains(&format!("# TYPE {name}\n")),
                "{name} in\n{text}"
            );
        }
    }

    #[test]
    fn label_values_are_escaped() {
        let m = Metrics::new();
        m.observe_request(Cow::Borrowed("a\"b\\c\nd"), &get(), 200, Duration::ZERO);
        let text = m.render(&ScrapeFigures::default()).unwrap();
        assert!(
            text.contains(r#"http_request_duration_seconds_count{route="a\"b\\c\nd"} 1"#),
            "{text}"
        );
    }

    /// Each `write` the log's writing thread makes, as it made it.
    #[derive(Clone, Default)]
    struct Recorder(Arc<Mutex<Vec<Vec<u8>>>>);

    impl std::io::Write for Recorder {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().push(buf.to_vec());
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Recorder {
        fn writes(&self) -> Vec<Vec<u8>> {
            self.0.lock().unwrap().clone()
        }

        /// Waits (a few seconds at most) until `bytes` have been written.
        fn wait_for(&self, bytes: usize) -> Vec<Vec<u8>> {
            let deadline = Instant::now() + Duration::from_secs(5);
            loop {
                let writes = self.writes();
                if writes.iter().map(Vec::len).sum::<usize>() >= bytes || Instant::now() > deadline
                {
                    return writes;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }

    fn line(sink: &LogSink, text: &str, urgent: bool) -> usize {
        let mut line = LogLine {
            lines: sink.lines.clone(),
            sink,
            urgent,
        };
        line.write_all(text.as_bytes()).unwrap();
        text.len()
    }

    /// A batch wait no test run reaches: whatever is written before it was written early.
    const FOREVER: Duration = Duration::from_secs(600);

    #[test]
    fn info_lines_wait_and_a_warn_line_writes_them_and_itself_at_once_in_one_write() {
        let out = Recorder::default();
        let (sink, _guard) = LogSink::new(out.clone(), FOREVER);
        let mut sent = 0;
        let mut expected = String::new();
        for i in 0..100 {
            let text = format!("INFO line {i}\n");
            sent += line(&sink, &text, false);
            expected.push_str(&text);
        }
        std::thread::sleep(Duration::from_millis(20));
        assert!(out.writes().is_empty(), "INFO lines wait for the batch");
        sent += line(&sink, "WARN line\n", true);
        expected.push_str("WARN line\n");
        let writes = out.wait_for(sent);
        assert_eq!(writes.len(), 1, "one write for the batch");
        assert_eq!(String::from_utf8(writes.concat()).unwrap(), expected);
    }

    #[test]
    fn a_batch_is_written_once_its_wait_is_over() {
        let out = Recorder::default();
        let (sink, _guard) = LogSink::new(out.clone(), LOG_BATCH_WAIT);
        let sent = line(&sink, "one\n", false) + line(&sink, "two\n", false);
        let writes = out.wait_for(sent);
        assert_eq!(writes.concat(), b"one\ntwo\n");
    }

    #[test]
    fn a_panic_waits_until_the_lines_before_it_are_written() {
        let out = Recorder::default();
        let (sink, _guard) = LogSink::new(out.clone(), FOREVER);
        line(&sink, "before the panic\n", false);
        sink.flush_before_panic();
        assert_eq!(out.writes().concat(), b"before the panic\n");
    }
}
