//! Input is read strictly over HTTP: a JSON object with a key twice is 400 `malformed_json`
//! (whatever serde would have kept), a JSON body in a charset other than UTF-8 is 415, a NUL
//! (which PostgreSQL cannot store) in a `/v1` path, query string, JSON string or key is 400
//! `invalid_character` rather than a 500, and none of them changes anything on the server.

use crate::common;

use common::app::{TestApp, problem, spawn_app};
use common::games::{Api, create_game, seat_table};
use serde_json::{Value, json};

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

#[tokio::test]
async fn a_nul_in_a_path_or_a_query_string_is_400_invalid_character_not_500() {
    let app = spawn_app().await;
    let token = app.signed_up("gruoch").await;
    // Signed out, percent-encoded: caught once decoded.
    for path in [
        "/v1/players/a%00b",
        "/v1/players/a%00b/games",
        "/v1/players/a%00b/rating-history",
        "/v1/players/gruoch/games?opponent=a%00b",
        "/v1/players/gruoch/games?a%00=1",
    ] {
        problem(app.get(path).await, 400, "invalid_character").await;
    }
    // Signed in.
    for method in [reqwest::Method::POST, reqwest::Method::DELETE] {
        let res = app
            .client
            .request(method, app.url("/v1/me/muted/a%00b"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        problem(res, 400, "invalid_character").await;
    }
    // `%2500` is the text `%00`, not a NUL.
    problem(
        app.get("/v1/players/a%2500b").await,
        404,
        "player_not_found",
    )
    .await;
}

#[tokio::test]
async fn a_nul_in_a_json_string_or_key_is_400_invalid_character_and_changes_nothing() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "thane", json!({"players": 2})).await;
    let token = table.seat(0).to_string();

    // A personal token's name, as an escape and in a key.
    for body in [
        r#"{"name":"a\u0000b","scopes":["game:read"]}"#,
        r#"{"name":"ok","scopes":["game:read"],"x\u0000":1}"#,
    ] {
        let res = post_raw(
            &app,
            "/v1/me/tokens",
            Some(&token),
            "application/json",
            body,
        )
        .await;
        problem(res, 400, "invalid_character").await;
    }
    let tokens: Value = api.get("/v1/me/tokens", &token).await.json().await.unwrap();
    assert_eq!(tokens["tokens"], json!([]), "{tokens}");

    // An invited username (an optional body, read as bytes by its handler), with or without
    // a declared type.
    let game = create_game(
        &app,
        &token,
        &json!({"players": 2, "visibility": "private"}),
    )
    .await;
    let path = format!("/v1/games/{game}/invitations");
    let body = r#"{"username":"a\u0000b"}"#;
    for content_type in ["application/json", "text/plain"] {
        let res = post_raw(&app, &path, Some(&token), content_type, body).await;
        problem(res, 400, "invalid_character").await;
    }

    // A chat report's reason.
    let res = api
        .post(
            &table.path("/chat"),
            table.seat(1),
            &json!({"text": "Well played."}),
        )
        .await;
    assert_eq!(res.status(), 201);
    let line: Value = res.json().await.unwrap();
    let report = table.path(&format!("/chat/{}/report", line["id"]));
    let body = r#"{"reason":"insults\u0000"}"#;
    let res = post_raw(&app, &report, Some(&token), "application/json", body).await;
    problem(res, 400, "invalid_character").await;
    // The same report without the NUL is taken: nothing was recorded before.
    let res = api
        .post(&report, &token, &json!({"reason": "insults"}))
        .await;
    assert!(res.status().is_success(), "{}", res.status());
}
