//! The one JSON object `lords load` prints: its shape, holding the figures of the webhook
//! receiver, the streams and `/proc`. It names their types; they must not name it (only the
//! scenarios, which fill it, do).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::tools::load::hooks::WebhookFigures;
use crate::tools::load::probe::{MachineFigures, ServerFigures};
use crate::tools::load::sse::SseFigures;
use crate::tools::stats::Percentiles;

/// The one JSON object `lords load` prints.
#[derive(Debug, Serialize)]
pub struct Report {
    pub scenario: &'static str,
    pub url: String,
    /// Concurrent games (play, actions) or clients (views).
    pub concurrency: u32,
    pub players: u8,
    pub accounts: u32,
    pub seed: u64,
    pub think_ms: u64,
    /// Creating and logging in the accounts (and listing games for views); not in `elapsed_s`.
    pub setup_s: f64,
    /// The measured window, from the first game (or view) to the last answer.
    pub elapsed_s: f64,
    /// `--actions-per-s` (actions, streams): the rate the paced clients asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asked_actions_per_s: Option<f64>,
    pub actions: u64,
    pub actions_per_s: f64,
    /// Views answered, long polls included.
    pub views: u64,
    pub views_per_s: f64,
    pub games_started: u64,
    pub games_finished: u64,
    /// Answered requests by endpoint; `view_long_poll` includes the time spent waiting.
    pub latency_ms: BTreeMap<&'static str, Percentiles>,
    /// Requests not answered 2xx, by status (`transport`: no answer).
    pub errors: BTreeMap<String, u64>,
    /// Requests not answered 2xx while the games were started before the window (streams).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub setup_errors: BTreeMap<String, u64>,
    pub server: Option<ServerFigures>,
    /// With `--webhooks`: deliveries to the load tool's own receiver.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webhooks: Option<WebhookFigures>,
    /// With `--sse` / `--sse-idle`: the streams held and what they carried.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sse: Option<SseFigures>,
    pub client_cpu_s: Option<f64>,
    pub machine: MachineFigures,
}
