//! Reading the request budgets' headers (`RateLimit-Policy`, `RateLimit`) and setting small
//! budgets, for the tests of the budgets.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use lords::config::{AppConfig, RateLimits};
use reqwest::Response;

/// Small budgets, one per kind of request.
pub fn small(reads: u32, actions: u32, lobby_writes: u32) -> impl FnOnce(&mut AppConfig) + Clone {
    move |c: &mut AppConfig| {
        c.rates = RateLimits {
            reads_per_minute: reads,
            actions_per_minute: actions,
            bot_actions_per_minute: actions,
            lobby_writes_per_minute: lobby_writes,
        }
    }
}

/// Budgets are counted in fixed 60-second windows: a test that counts down waits, when the
/// window is about to end, for the next one, so that its requests fall in one window.
pub async fn in_one_window() {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let left = 60 - now % 60;
    if left < 20 {
        tokio::time::sleep(Duration::from_secs(left) + Duration::from_millis(200)).await;
    }
}

/// `(policy name, q, w)` of `RateLimit-Policy`.
pub fn policy(res: &Response) -> (String, u32, u32) {
    let value = res
        .headers()
        .get("ratelimit-policy")
        .unwrap_or_else(|| panic!("no RateLimit-Policy on {} {}", res.status(), res.url()))
        .to_str()
        .unwrap()
        .to_string();
    item(&value, "q", "w")
}

/// `(policy name, r, t)` of `RateLimit`.
pub fn limit(res: &Response) -> (String, u32, u32) {
    let value = res
        .headers()
        .get("ratelimit")
        .unwrap_or_else(|| panic!("no RateLimit on {} {}", res.status(), res.url()))
        .to_str()
        .unwrap()
        .to_string();
    item(&value, "r", "t")
}

/// One Structured Field item `"name";a=1;b=2`.
fn item(value: &str, a: &str, b: &str) -> (String, u32, u32) {
    let mut parts = value.split(';');
    let name = parts.next().unwrap();
    assert!(
        name.starts_with('"') && name.ends_with('"'),
        "a quoted policy name: {value}"
    );
    let mut params = std::collections::HashMap::new();
    for p in parts {
        let (k, v) = p.split_once('=').unwrap();
        params.insert(k.to_string(), v.parse::<u32>().unwrap());
    }
    assert_eq!(params.len(), 2, "{value}");
    (name.trim_matches('"').to_string(), params[a], params[b])
}

/// What is left of the budget `RateLimit` names.
pub fn remaining(res: &Response) -> u32 {
    limit(res).1
}
