//! The HTTP shell: problem+json for unknown routes, wrong methods, oversized and malformed
//! bodies, request ids, the card table, the OpenAPI document and Swagger UI, 503 when the
//! database is unreachable, and `nosniff` on every answer (`X-Frame-Options: DENY` on pages).

use crate::common;

use std::time::Duration;

use common::app::{TEST_JWT_SECRET, problem, spawn_app, spawn_app_on, spawn_app_with};
use serde_json::{Value, json};

#[tokio::test]
async fn an_unknown_route_returns_404_not_found_problem() {
    let app = spawn_app().await;
    problem(app.get("/no/such/thing").await, 404, "not_found").await;
    problem(app.get("/v1/no-such-thing").await, 404, "not_found").await;
}

#[tokio::test]
async fn a_wrong_method_returns_405_method_not_allowed_with_an_allow_header() {
    let app = spawn_app().await;
    let res = app
        .client
        .delete(app.url("/v1/accounts"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["allow"], "POST");
    problem(res, 405, "method_not_allowed").await;

    let res = app.post_json("/v1/cards", &json!({})).await;
    assert_eq!(res.headers()["allow"], "GET");
    problem(res, 405, "method_not_allowed").await;
}

#[tokio::test]
async fn a_body_over_the_limit_returns_413_payload_too_large() {
    let app = spawn_app_with(|c| c.max_body_bytes = 1024).await;
    let big = json!({"username": "x".repeat(2000), "password": "whatever123"});
    problem(
        app.post_json("/v1/accounts", &big).await,
        413,
        "payload_too_large",
    )
    .await;

    // Without a Content-Length (chunked), the JSON extractor's limit catches it.
    let body = serde_json::to_vec(&big).unwrap();
    let (status, response) = raw_chunked_post(&app.address, "/v1/accounts", &body).await;
    assert_eq!(status, 413, "{response}");
    assert!(response.contains("application/problem+json"), "{response}");
    assert!(
        response.contains("\"code\":\"payload_too_large\""),
        "{response}"
    );
}

/// A POST with `Transfer-Encoding: chunked` over a plain socket (reqwest always sends a length).
async fn raw_chunked_post(address: &str, path: &str, body: &[u8]) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    let mut req = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    .into_bytes();
    for chunk in body.chunks(512) {
        req.extend(format!("{:x}\r\n", chunk.len()).as_bytes());
        req.extend(chunk);
        req.extend(b"\r\n");
    }
    req.extend(b"0\r\n\r\n");
    // The server may answer and close before reading everything; that is fine.
    let _ = stream.write_all(&req).await;
    let mut out = Vec::new();
    let _ = stream.read_to_end(&mut out).await;
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, text)
}

#[tokio::test]
async fn the_default_body_limit_is_16_kib() {
    let app = spawn_app().await;
    let big = json!({"username": "x".repeat(17 * 1024), "password": "whatever123"});
    problem(
        app.post_json("/v1/accounts", &big).await,
        413,
        "payload_too_large",
    )
    .await;
}

#[tokio::test]
async fn malformed_json_returns_400_malformed_json() {
    let app = spawn_app().await;
    let res = app
        .client
        .post(app.url("/v1/accounts"))
        .header("content-type", "application/json")
        .body("{\"username\": \"abc\", ")
        .send()
        .await
        .unwrap();
    problem(res, 400, "malformed_json").await;

    let res = app
        .post_json("/v1/auth/token", &json!({"username": 42, "password": []}))
        .await;
    problem(res, 400, "malformed_json").await;
}

#[tokio::test]
async fn a_body_that_is_not_json_returns_415_unsupported_media_type() {
    let app = spawn_app().await;
    let res = app
        .client
        .post(app.url("/v1/accounts"))
        .header("content-type", "text/plain")
        .body("username=abc")
        .send()
        .await
        .unwrap();
    problem(res, 415, "unsupported_media_type").await;
}

#[tokio::test]
async fn every_response_carries_a_request_id_and_a_given_one_is_kept() {
    let app = spawn_app().await;
    let res = app.get("/healthz").await;
    let id = res.headers()["x-request-id"].to_str().unwrap();
    assert!(uuid::Uuid::parse_str(id).is_ok(), "{id}");

    let res = app
        .client
        .get(app.url("/no/such/thing"))
        .header("X-Request-Id", "trace-abc-123")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["x-request-id"], "trace-abc-123");

    // Unsafe ids are replaced, not echoed.
    let res = app
        .client
        .get(app.url("/healthz"))
        .header("X-Request-Id", "a b <script>")
        .send()
        .await
        .unwrap();
    assert_ne!(res.headers()["x-request-id"], "a b <script>");
}

#[tokio::test]
async fn v1_cards_lists_the_98_cards_of_standard_v1_without_auth() {
    let app = spawn_app().await;
    let res = app.get("/v1/cards").await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["edition"], "standard-v1");
    let cards = body["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 98);
    assert_eq!(
        cards[1],
        json!({"id": 2, "clan": "makgill", "strength": 1, "rank": 2,
               "power": "Muster another Follower", "timing": "immediate"})
    );
    assert_eq!(cards[96]["clan"], "bruce");
    assert_eq!(cards[96]["timing"], "end_of_skirmish");
    for (i, c) in cards.iter().enumerate() {
        assert_eq!(c["id"], i + 1);
        assert_eq!(c["rank"], i + 1);
    }
}

#[tokio::test]
async fn the_openapi_document_is_served_and_swagger_ui_works_at_docs() {
    let app = spawn_app().await;
    let res = app.get("/openapi.json").await;
    assert_eq!(res.status(), 200);
    let served: Value = res.json().await.unwrap();
    let generated: Value = serde_json::from_str(&lords::http::openapi::to_pretty_json()).unwrap();
    assert_eq!(served, generated);

    for path in ["/docs", "/docs/"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(res.url().path(), "/docs/");
        let html = res.text().await.unwrap();
        assert!(html.contains("swagger-ui"), "{path}");
    }
    // The assets are vendored: no network needed.
    for asset in [
        "/docs/swagger-ui.css",
        "/docs/swagger-ui-bundle.js",
        "/docs/swagger-initializer.js",
    ] {
        assert_eq!(app.get(asset).await.status(), 200, "{asset}");
    }
    let init = app
        .get("/docs/swagger-initializer.js")
        .await
        .text()
        .await
        .unwrap();
    assert!(init.contains("/openapi.json"));
}

#[tokio::test]
async fn requests_needing_an_unreachable_database_return_503_service_unavailable() {
    // Nothing listens on port 1: every connection attempt fails, quickly.
    let url = "postgres://postgres@127.0.0.1:1/nowhere".to_string();
    let pool = sqlx::postgres::PgPoolOptions::new()
        .acquire_timeout(Duration::from_secs(1))
        .connect_lazy(&url)
        .unwrap();
    let app = spawn_app_on(pool, url, |_| {}).await;

    problem(app.get("/readyz").await, 503, "service_unavailable").await;
    problem(
        app.create_account("alexander", "largs-1263").await,
        503,
        "service_unavailable",
    )
    .await;
    problem(
        app.login("alexander", "largs-1263").await,
        503,
        "service_unavailable",
    )
    .await;

    let keys = lords::api::jwt::JwtKeys::new(TEST_JWT_SECRET.as_bytes(), Duration::from_secs(60));
    let token = keys
        .issue_in_session(
            lords::eventstore::AccountId(uuid::Uuid::now_v7()),
            "alexander",
            uuid::Uuid::now_v7(),
        )
        .unwrap();
    let res = app.get_with_token("/v1/me", &token.access_token).await;
    assert!(res.headers().contains_key("retry-after"));
    problem(res, 503, "service_unavailable").await;

    // What needs no database still works.
    assert_eq!(app.get("/healthz").await.status(), 200);
    assert_eq!(app.get("/v1/cards").await.status(), 200);
    assert_eq!(app.get("/metrics").await.status(), 200);
}

/// Writes `head` on a plain socket and returns everything the server sends until it closes
/// (bounded, so a server that never answers fails the test instead of hanging it).
async fn raw_exchange(address: &str, head: &[u8]) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    stream.write_all(head).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}

fn status_of(response: &str) -> u16 {
    response
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

#[tokio::test]
async fn a_body_trickling_in_slower_than_the_body_timeout_gets_408_request_timeout() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = spawn_app_with(|c| c.body_timeout = Duration::from_secs(1)).await;
    let host = app.address.trim_start_matches("http://").to_string();
    let stream = tokio::net::TcpStream::connect(&host).await.unwrap();
    let (mut read, mut write) = stream.into_split();
    let head = format!(
        "POST /v1/accounts HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: 1000\r\n\r\n"
    );
    write.write_all(head.as_bytes()).await.unwrap();
    // One byte every 2 s: 1000 bytes would take over half an hour.
    let trickle = tokio::spawn(async move {
        for _ in 0..1000 {
            if write.write_all(b" ").await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
    });
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    let _ = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            match read.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    out.extend_from_slice(&buf[..n]);
                    let text = String::from_utf8_lossy(&out);
                    if let Some((_, body)) = text.split_once("\r\n\r\n")
                        && body.ends_with('}')
                    {
                        break;
                    }
                }
            }
        }
    })
    .await;
    trickle.abort();
    let response = String::from_utf8_lossy(&out).into_owned();
    assert_eq!(status_of(&response), 408, "{response}");
    assert!(response.contains("application/problem+json"), "{response}");
    let body = response.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    let problem: serde_json::Value = serde_json::from_str(body).expect("a problem+json body");
    assert_eq!(problem["code"], "request_timeout", "{response}");
    // Under /v1, the 408 that replaces the answer keeps the budget's headers.
    let head = response.to_lowercase();
    assert!(
        head.contains("\r\nratelimit-policy: \"sign-up\";"),
        "{response}"
    );
    assert!(head.contains("\r\nratelimit: \"sign-up\";"), "{response}");
}

#[tokio::test]
async fn head_answers_wherever_get_does_with_the_same_headers_and_no_body() {
    let app = spawn_app().await;
    for path in [
        "/v1/cards",
        "/healthz",
        "/readyz",
        "/metrics",
        "/openapi.json",
    ] {
        let get = app.get(path).await;
        assert_eq!(get.status(), 200, "GET {path}");
        let get_type = get.headers()["content-type"].clone();
        let get_length = get.bytes().await.unwrap().len();

        let head = app.client.head(app.url(path)).send().await.unwrap();
        assert_eq!(head.status(), 200, "HEAD {path}");
        assert_eq!(head.headers()["content-type"], get_type, "HEAD {path}");
        if path != "/metrics" {
            // /metrics counts the GET just made, so its length moves.
            assert_eq!(
                head.headers()["content-length"],
                get_length.to_string().as_str(),
                "HEAD {path}"
            );
        }
        assert!(head.bytes().await.unwrap().is_empty(), "HEAD {path}");
    }
    // Where GET is not allowed, neither is HEAD.
    let res = app
        .client
        .head(app.url("/v1/accounts"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 405);
    assert_eq!(res.headers()["allow"], "POST");
}

#[tokio::test]
async fn a_garbage_request_line_gets_400() {
    let app = spawn_app().await;
    let response = raw_exchange(&app.address, b"GARBAGE\r\n\r\n").await;
    assert_eq!(status_of(&response), 400, "{response}");
}

#[tokio::test]
async fn every_answer_says_nosniff_and_pages_are_never_framed() {
    let app = spawn_app().await;
    let options = app
        .client
        .request(reqwest::Method::OPTIONS, app.url("/v1/cards"))
        .send()
        .await
        .unwrap();
    let answers = [
        ("the API", app.get("/v1/cards").await),
        ("an API error", app.get("/v1/games/not-a-uuid").await),
        ("a 404", app.get("/no/such/thing").await),
        ("a 405", options),
        ("a static file", app.get("/static/js/app.js").await),
        ("the document", app.get("/openapi.json").await),
        (
            "the token endpoint",
            app.post_json("/oauth/token", &json!({})).await,
        ),
        ("the client's page", app.get("/").await),
        ("the rules page", app.get("/rules").await),
        ("Swagger UI", app.get("/docs/").await),
    ];
    let mut pages = 0;
    for (what, res) in answers {
        assert_eq!(
            res.headers()
                .get("x-content-type-options")
                .map(|v| v.to_str().unwrap()),
            Some("nosniff"),
            "{what}"
        );
        let html = res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html");
        let frame = res
            .headers()
            .get("x-frame-options")
            .map(|v| v.to_str().unwrap().to_string());
        if html {
            assert_eq!(frame.as_deref(), Some("DENY"), "{what}");
            pages += 1;
        }
    }
    assert_eq!(
        pages, 3,
        "the client's page, the rules page and Swagger UI are HTML"
    );
}
