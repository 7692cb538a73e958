//! The log's way to stderr: `tracing-appender`'s non-blocking writer, whose thread writes the
//! lines in batches.

use std::io::{BufWriter, Write as _};
use std::sync::atomic::{AtomicBool, Ordering, fence};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use tracing::Level;
use tracing_appender::non_blocking::{NonBlocking, NonBlockingBuilder, WorkerGuard};

/// How long an INFO (or quieter) line may wait to be written with the lines after it.
pub const LOG_BATCH_WAIT: Duration = Duration::from_millis(50);

/// The log's way to stderr, made once per process; its worker's guard when not held by `main`.
static LOG_SINK: OnceLock<LogSink> = OnceLock::new();
pub(super) static UNHELD_GUARD: Mutex<Option<WorkerGuard>> = Mutex::new(None);

/// Starts the thread that writes the log (once per process) and returns its guard the first
/// time: dropping it writes every line still waiting, so `main` holds it until it returns.
pub fn start_log_writer() -> Option<WorkerGuard> {
    log_sink().1
}

/// The process's [`LogSink`], with its worker's guard when this call made it.
pub(super) fn log_sink() -> (&'static LogSink, Option<WorkerGuard>) {
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
pub(super) struct LogSink {
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
pub(super) struct LogLine<'a> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
