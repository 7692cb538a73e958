//! The Prometheus metrics (`prometheus-client`): request counters and latencies, and the
//! figures read at scrape time.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::time::Duration;

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
}
