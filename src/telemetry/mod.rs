//! Logging set-up (`tracing`, human or JSON on stderr, written by `tracing-appender`'s
//! non-blocking writer: `logs`) and the Prometheus metrics (`prometheus-client`: `metrics`).
//! Knows nothing of HTTP routing or games; names only the configuration.

pub mod logs;
pub mod metrics;

use std::io::IsTerminal;

use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::util::SubscriberInitExt;

use crate::config::LogFormat;
pub use logs::{LOG_BATCH_WAIT, start_log_writer};
use logs::{UNHELD_GUARD, log_sink};
pub use metrics::{Metrics, ScrapeFigures};

/// Installs the global subscriber. Level filter from `RUST_LOG` (default `info`). Safe to call
/// twice (the second call does nothing). Lines go to stderr through `logs::LogSink`: INFO and
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
