//! CORS over HTTP: real preflights and cross-origin responses with configured origins, another
//! origin, and the default configuration (no CORS at all).

use crate::common;

use common::app::{TestApp, spawn_app, spawn_app_with};

const ORIGIN: &str = "https://play.example.org";

async fn with_origins(origins: &[&str]) -> TestApp {
    let origins: Vec<String> = origins.iter().map(|o| o.to_string()).collect();
    spawn_app_with(|c| c.cors_allowed_origins = origins).await
}

async fn preflight(app: &TestApp, path: &str, origin: &str) -> reqwest::Response {
    app.client
        .request(reqwest::Method::OPTIONS, app.url(path))
        .header("origin", origin)
        .header("access-control-request-method", "POST")
        .header(
            "access-control-request-headers",
            "authorization, content-type, if-match, if-none-match, idempotency-key, last-event-id",
        )
        .send()
        .await
        .unwrap()
}

async fn get_from(app: &TestApp, path: &str, origin: &str) -> reqwest::Response {
    app.client
        .get(app.url(path))
        .header("origin", origin)
        .send()
        .await
        .unwrap()
}

/// A comma-separated header as lower-case names.
fn names(res: &reqwest::Response, header: &str) -> Vec<String> {
    res.headers()
        .get(header)
        .map(|v| v.to_str().unwrap())
        .unwrap_or_default()
        .split(',')
        .map(|s| s.trim().to_ascii_lowercase())
        .filter(|s| !s.is_empty())
        .collect()
}

#[tokio::test]
async fn a_preflight_from_an_allowed_origin_is_answered_with_the_allowed_methods_and_headers() {
    let app = with_origins(&[ORIGIN, "http://localhost:5173"]).await;
    let res = preflight(
        &app,
        "/v1/games/0193a5b0-0000-7000-8000-000000000000/actions",
        ORIGIN,
    )
    .await;
    assert!(res.status().is_success(), "{}", res.status());
    assert_eq!(res.headers()["access-control-allow-origin"], ORIGIN);
    assert!(names(&res, "access-control-allow-methods").contains(&"post".to_string()));
    let allowed = names(&res, "access-control-allow-headers");
    for h in [
        "authorization",
        "content-type",
        "if-match",
        "if-none-match",
        "idempotency-key",
        "last-event-id",
    ] {
        assert!(allowed.contains(&h.to_string()), "{h} in {allowed:?}");
    }
    assert!(res.headers().contains_key("access-control-max-age"));
    assert!(
        !res.headers()
            .contains_key("access-control-allow-credentials")
    );

    // The second configured origin is allowed too, and answered with itself.
    let res = preflight(&app, "/v1/auth/token", "http://localhost:5173").await;
    assert!(res.status().is_success());
    assert_eq!(
        res.headers()["access-control-allow-origin"],
        "http://localhost:5173"
    );
}

#[tokio::test]
async fn a_response_to_an_allowed_origin_exposes_etag_location_retry_after_and_x_request_id() {
    let app = with_origins(&[ORIGIN]).await;
    let res = get_from(&app, "/v1/cards", ORIGIN).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["access-control-allow-origin"], ORIGIN);
    let exposed = names(&res, "access-control-expose-headers");
    for h in ["etag", "location", "retry-after", "x-request-id"] {
        assert!(exposed.contains(&h.to_string()), "{h} in {exposed:?}");
    }
    assert!(names(&res, "vary").contains(&"origin".to_string()));
    // Error answers carry them too, so a browser can read the problem.
    let res = get_from(&app, "/v1/me", ORIGIN).await;
    assert_eq!(res.status(), 401);
    assert_eq!(res.headers()["access-control-allow-origin"], ORIGIN);
}

#[tokio::test]
async fn another_origin_gets_no_access_control_allow_origin() {
    let app = with_origins(&[ORIGIN]).await;
    let res = preflight(&app, "/v1/games", "https://evil.example.com").await;
    assert!(!res.headers().contains_key("access-control-allow-origin"));
    assert!(!res.status().is_success());
    // A plain request from it is still served (non-browser clients send Origin too), without
    // the header a browser would need to hand the answer to the page.
    let res = get_from(&app, "/v1/cards", "https://evil.example.com").await;
    assert_eq!(res.status(), 200);
    assert!(!res.headers().contains_key("access-control-allow-origin"));
}

#[tokio::test]
async fn by_default_no_origin_gets_cors_headers() {
    let app = spawn_app().await;
    let res = preflight(&app, "/v1/games", ORIGIN).await;
    assert!(!res.headers().contains_key("access-control-allow-origin"));
    assert!(!res.headers().contains_key("access-control-allow-methods"));
    let res = get_from(&app, "/v1/cards", ORIGIN).await;
    assert_eq!(res.status(), 200);
    assert!(!res.headers().contains_key("access-control-allow-origin"));
    assert!(!res.headers().contains_key("access-control-expose-headers"));
}

#[tokio::test]
async fn a_star_allows_any_origin_with_a_wildcard() {
    let app = with_origins(&["*"]).await;
    let res = preflight(&app, "/v1/games", "https://anywhere.example.net").await;
    assert!(res.status().is_success());
    assert_eq!(res.headers()["access-control-allow-origin"], "*");
    let res = get_from(&app, "/v1/cards", "https://anywhere.example.net").await;
    assert_eq!(res.headers()["access-control-allow-origin"], "*");
}
