//! JSON bodies are read strictly over HTTP: an object with a key twice is 400 `malformed_json`
//! (whatever serde would have kept), a JSON body in a charset other than UTF-8 is 415, and
//! neither changes anything on the server.

mod common;

use common::app::{TestApp, problem, spawn_app};
use common::games::Api;
use serde_json::Value;

async fn post_raw(
    app: &TestApp,
    path: &str,
    token: Option<&str>,
    content_type: &str,
    body: impl Into<reqwest::Body>,
) -> reqwest::Response {
    let mut req = app
        .client
        .post(app.url(path))
        .header("content-type", content_type)
        .body(body);
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    req.send().await.unwrap()
}

async fn my_games(app: &TestApp, token: &str) -> usize {
    let games: Value = Api::of(app)
        .get("/v1/games?mine=true", token)
        .await
        .json()
        .await
        .unwrap();
    games["games"].as_array().map_or(0, Vec::len)
}

#[tokio::test]
async fn a_key_twice_in_a_body_is_malformed_json_and_changes_nothing() {
    let app = spawn_app().await;

    // Sign-up: the password twice; serde alone would take the second one.
    let body = r#"{"username":"duncan","password":"correct horse battery","password":"x"}"#;
    let res = post_raw(&app, "/v1/accounts", None, "application/json", body).await;
    let p = problem(res, 400, "malformed_json").await;
    assert!(p["detail"].as_str().unwrap().contains("`password`"), "{p}");
    assert_eq!(
        app.login("duncan", "correct horse battery").await.status(),
        401
    );

    // Nested, and through an escape: `\u0070layers` is `players`.
    let token = app.signed_up("macbeth").await;
    let before = my_games(&app, &token).await;
    for body in [
        r#"{"players":2,"\u0070layers":3}"#,
        r#"{"players":2,"options":{"a":1,"a":2}}"#,
    ] {
        let res = post_raw(&app, "/v1/games", Some(&token), "application/json", body).await;
        problem(res, 400, "malformed_json").await;
    }
    assert_eq!(my_games(&app, &token).await, before, "no game was created");

    // A body without a key twice goes through.
    let res = post_raw(
        &app,
        "/v1/games",
        Some(&token),
        "application/json",
        r#"{"players":2}"#,
    )
    .await;
    assert_eq!(res.status(), 201);

    // Handlers that read an optional body themselves are as strict.
    let res = post_raw(
        &app,
        "/v1/games/00000000-0000-0000-0000-000000000000/join",
        Some(&token),
        "application/json",
        r#"{"code":"a","code":"b"}"#,
    )
    .await;
    let p = problem(res, 400, "malformed_json").await;
    assert!(p["detail"].as_str().unwrap().contains("`code`"), "{p}");
    let res = post_raw(
        &app,
        "/v1/auth/logout",
        Some(&token),
        "application/json",
        r#"{"refresh_token":"a","refresh_token":"b"}"#,
    )
    .await;
    let p = problem(res, 400, "malformed_json").await;
    assert!(
        p["detail"].as_str().unwrap().contains("`refresh_token`"),
        "{p}"
    );

    // Authentication is still checked first: no token, duplicate keys → 401.
    let res = post_raw(
        &app,
        "/v1/games",
        None,
        "application/json",
        r#"{"a":1,"a":1}"#,
    )
    .await;
    problem(res, 401, "unauthorized").await;
}

#[tokio::test]
async fn a_json_body_in_another_charset_than_utf8_is_415() {
    let app = spawn_app().await;
    let json = r#"{"username":"lulach","password":"correct horse battery"}"#;
    let utf16: Vec<u8> = json.encode_utf16().flat_map(u16::to_le_bytes).collect();
    for (content_type, body) in [
        ("application/json; charset=utf-16", utf16.clone()),
        ("application/json; charset=UTF-16LE", utf16),
        (
            "application/json; charset=iso-8859-1",
            json.as_bytes().to_vec(),
        ),
        (
            "application/problem+json; charset=latin1",
            json.as_bytes().to_vec(),
        ),
    ] {
        let res = post_raw(&app, "/v1/accounts", None, content_type, body).await;
        let p = problem(res, 415, "unsupported_media_type").await;
        assert!(p["detail"].as_str().unwrap().contains("UTF-8"), "{p}");
    }
    assert_eq!(
        app.login("lulach", "correct horse battery").await.status(),
        401,
        "no account was created"
    );
    // UTF-8, spelled either way, is welcome.
    for (i, content_type) in [
        "application/json; charset=UTF-8",
        "application/json;charset=utf-8",
    ]
    .into_iter()
    .enumerate()
    {
        let body = format!(r#"{{"username":"lulach{i}","password":"correct horse battery"}}"#);
        let res = post_raw(&app, "/v1/accounts", None, content_type, body).await;
        assert_eq!(res.status(), 201, "{content_type}");
    }
}
