//! Personal access tokens over HTTP: created by a signed-in session and shown once, kept only
//! as their hash, listed newest first without their secret, refused at once when deleted or
//! expired, bounded in number, and holding only their scopes: every scope is enforced with 403
//! `insufficient_scope` naming it, and first-party operations refuse every token, before the
//! request's path, query or body is read (every operation of the scope table swept).

use crate::common;

use common::app::{TestApp, problem, spawn_app};
use common::games::{Api, ok, seat_table};
use common::sse::Sse;
use lords::api::scope::{Access, Scope};
use lords::api::scopes::OPERATIONS;
use serde_json::{Value, json};

/// Every scope a person's token may hold.
const PERSON_SCOPES: [&str; 5] = [
    "account:read",
    "game:read",
    "game:play",
    "lobby:write",
    "notifications:write",
];

async fn create_token(app: &TestApp, session: &str, body: &Value) -> reqwest::Response {
    Api::of(app).post("/v1/me/tokens", session, body).await
}

/// A new token of the session's account holding `scopes`; returns the 201 body.
async fn token_with(app: &TestApp, session: &str, name: &str, scopes: &[&str]) -> Value {
    let res = create_token(app, session, &json!({"name": name, "scopes": scopes})).await;
    assert_eq!(res.status(), 201);
    res.json().await.unwrap()
}

async fn secret_of(app: &TestApp, session: &str, scopes: &[&str]) -> String {
    token_with(app, session, "test", scopes).await["token"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn delete(app: &TestApp, path: &str, token: &str) -> reqwest::Response {
    app.client
        .delete(app.url(path))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

/// Asserts a 403 `insufficient_scope` naming `scope` in its `WWW-Authenticate` header.
async fn insufficient(res: reqwest::Response, scope: &str) {
    let header = res.headers()["www-authenticate"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(header.starts_with("Bearer "), "{header}");
    assert!(
        header.ends_with(&format!("error=\"insufficient_scope\", scope=\"{scope}\"")),
        "{header}"
    );
    problem(res, 403, "insufficient_scope").await;
}

#[tokio::test]
async fn a_token_is_shown_once_kept_as_its_hash_and_listed_newest_first_without_its_secret() {
    let app = spawn_app().await;
    let session = app.signed_up("isla").await;
    let res = create_token(
        &app,
        &session,
        &json!({"name": "scripts", "scopes": ["game:read", "account:read", "game:read"]}),
    )
    .await;
    assert_eq!(res.status(), 201);
    assert_eq!(res.headers()["cache-control"], "no-store");
    let first: Value = res.json().await.unwrap();
    let secret = first["token"].as_str().unwrap();
    assert!(secret.starts_with("lords_pat_"), "{secret}");
    assert_eq!(first["name"], "scripts");
    assert_eq!(first["scopes"], json!(["account:read", "game:read"]));
    assert!(first["expires_at"].is_null());
    assert!(first["created_at"].is_string());

    // At rest: the hash of the secret, and the secret in no column.
    let stored: Vec<(Vec<u8>, String)> =
        sqlx::query_as("SELECT token_hash, t::text FROM api_tokens t")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].0, lords::accounts::tokens::hash(secret).to_vec());
    assert!(
        !stored[0]
            .1
            .contains(secret.trim_start_matches("lords_pat_"))
    );

    let second = token_with(&app, &session, "bot of mine", &["game:play"]).await;
    let list = ok(app.get_with_token("/v1/me/tokens", &session).await).await;
    let tokens = list["tokens"].as_array().unwrap();
    assert_eq!(tokens.len(), 2);
    assert_eq!(tokens[0]["id"], second["id"], "newest first");
    assert_eq!(tokens[1]["id"], first["id"]);
    assert_eq!(tokens[1]["scopes"], json!(["account:read", "game:read"]));
    for token in tokens {
        assert!(token.get("token").is_none(), "{token}");
        assert!(token["last_used_at"].is_null(), "never used yet");
    }
    assert!(!list.to_string().contains("lords_pat_"));
}

#[tokio::test]
async fn using_a_token_moves_its_last_used_at_at_most_once_a_minute() {
    let app = spawn_app().await;
    let session = app.signed_up("isla").await;
    let secret = secret_of(&app, &session, &["account:read"]).await;
    let me = ok(app.get_with_token("/v1/me", &secret).await).await;
    assert_eq!(me["username"], "isla");
    let used =
        ok(app.get_with_token("/v1/me/tokens", &session).await).await["tokens"][0]["last_used_at"]
            .clone();
    assert!(used.is_string(), "{used}");

    // An hour ago: the next use moves it forward again.
    sqlx::query("UPDATE api_tokens SET last_used_at = now() - interval '1 hour'")
        .execute(&app.pool)
        .await
        .unwrap();
    let stale =
        ok(app.get_with_token("/v1/me/tokens", &session).await).await["tokens"][0]["last_used_at"]
            .clone();
    ok(app.get_with_token("/v1/me", &secret).await).await;
    let moved =
        ok(app.get_with_token("/v1/me/tokens", &session).await).await["tokens"][0]["last_used_at"]
            .clone();
    let at = |v: &Value| chrono::DateTime::parse_from_rfc3339(v.as_str().unwrap()).unwrap();
    assert!(at(&moved) > at(&stale) + chrono::Duration::minutes(50));
}

#[tokio::test]
async fn a_deleted_token_is_refused_at_once_and_its_streams_end() {
    let app = spawn_app().await;
    let session = app.signed_up("isla").await;
    let created = token_with(&app, &session, "stream", &["game:read"]).await;
    let secret = created["token"].as_str().unwrap();
    let mut stream = Sse::new(
        app.client
            .get(app.url("/v1/me/stream"))
            .bearer_auth(secret)
            .send()
            .await
            .unwrap(),
    );
    let path = format!("/v1/me/tokens/{}", created["id"].as_str().unwrap());
    assert_eq!(delete(&app, &path, &session).await.status(), 204);
    problem(
        app.get_with_token("/v1/games", secret).await,
        401,
        "invalid_token",
    )
    .await;
    stream.ends().await;
    let list = ok(app.get_with_token("/v1/me/tokens", &session).await).await;
    assert_eq!(list["tokens"], json!([]));
    // Gone: 404, and another account's token is not found either.
    problem(
        delete(&app, &path, &session).await,
        404,
        "personal_token_not_found",
    )
    .await;
    let theirs = token_with(&app, &session, "mine", &["game:read"]).await;
    let other = app.signed_up("morag").await;
    let path = format!("/v1/me/tokens/{}", theirs["id"].as_str().unwrap());
    problem(
        delete(&app, &path, &other).await,
        404,
        "personal_token_not_found",
    )
    .await;
    ok(app
        .get_with_token("/v1/games", theirs["token"].as_str().unwrap())
        .await)
    .await;
}

#[tokio::test]
async fn an_expired_token_is_refused_and_no_longer_listed() {
    let app = spawn_app().await;
    let session = app.signed_up("isla").await;
    let res = create_token(
        &app,
        &session,
        &json!({"name": "month", "scopes": ["game:read"], "expires_in_days": 30}),
    )
    .await;
    assert_eq!(res.status(), 201);
    let created: Value = res.json().await.unwrap();
    let expires = chrono::DateTime::parse_from_rfc3339(created["expires_at"].as_str().unwrap())
        .unwrap()
        .with_timezone(&chrono::Utc);
    let in_30_days = chrono::Utc::now() + chrono::Duration::days(30);
    assert!((expires - in_30_days).num_minutes().abs() < 5, "{expires}");
    let secret = created["token"].as_str().unwrap();
    ok(app.get_with_token("/v1/games", secret).await).await;

    sqlx::query("UPDATE api_tokens SET expires_at = now() - interval '1 second'")
        .execute(&app.pool)
        .await
        .unwrap();
    problem(
        app.get_with_token("/v1/games", secret).await,
        401,
        "invalid_token",
    )
    .await;
    let list = ok(app.get_with_token("/v1/me/tokens", &session).await).await;
    assert_eq!(list["tokens"], json!([]));
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM api_tokens")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(left, 0, "deleted on the way");
}

#[tokio::test]
async fn token_requests_out_of_range_are_refused_with_their_codes() {
    let app = spawn_app().await;
    let session = app.signed_up("isla").await;
    // A whole number of days written as a double is a whole number.
    let res = create_token(
        &app,
        &session,
        &json!({"name": "doubles", "scopes": ["game:read"], "expires_in_days": 29.0}),
    )
    .await;
    assert_eq!(res.status(), 201);
    let cases = [
        (
            json!({"name": "", "scopes": ["game:read"]}),
            "invalid_token_name",
        ),
        (
            json!({"name": "   ", "scopes": ["game:read"]}),
            "invalid_token_name",
        ),
        (
            json!({"name": "x".repeat(65), "scopes": ["game:read"]}),
            "invalid_token_name",
        ),
        (json!({"name": "n", "scopes": []}), "invalid_scope"),
        (
            json!({"name": "n", "scopes": ["game:read", "admin"]}),
            "invalid_scope",
        ),
        (
            json!({"name": "n", "scopes": ["bot:play"]}),
            "invalid_scope",
        ),
        (
            json!({"name": "n", "scopes": ["game:read"], "expires_in_days": 0}),
            "invalid_expiry",
        ),
        (
            json!({"name": "n", "scopes": ["game:read"], "expires_in_days": 366}),
            "invalid_expiry",
        ),
        (
            json!({"name": "n", "scopes": ["game:read"], "expires_in_days": -3}),
            "invalid_expiry",
        ),
    ];
    for (body, code) in cases {
        let res = create_token(&app, &session, &body).await;
        let problem = problem(res, 422, code).await;
        if body["scopes"] == json!(["game:read", "admin"]) {
            assert!(
                problem["detail"].as_str().unwrap().contains("admin"),
                "{problem}"
            );
        }
    }
    let res = create_token(&app, &session, &json!({"name": "n", "scope": "game:read"})).await;
    problem(res, 400, "malformed_json").await;
    // 64 characters and 365 days are allowed; no refused request made a token.
    let res = create_token(
        &app,
        &session,
        &json!({"name": "x".repeat(64), "scopes": ["game:read"], "expires_in_days": 365}),
    )
    .await;
    assert_eq!(res.status(), 201);
    let list = ok(app.get_with_token("/v1/me/tokens", &session).await).await;
    assert_eq!(list["tokens"].as_array().unwrap().len(), 2, "{list}");
}

#[tokio::test]
async fn a_token_name_with_a_line_break_or_a_control_character_is_422_invalid_token_name() {
    let app = spawn_app().await;
    let session = app.signed_up("eilidh").await;
    for name in [
        "first\nsecond",
        "first\r\nsecond",
        "carriage\rreturn",
        "tab\there",
        "bell\u{7}",
        "escape\u{1b}[31m",
        "line\u{2028}separator",
        "right\u{202E}to-left",
        "\u{200B}",
        "\u{3164}",
    ] {
        let res = create_token(
            &app,
            &session,
            &json!({"name": name, "scopes": ["game:read"]}),
        )
        .await;
        problem(res, 422, "invalid_token_name").await;
    }
    // One line of printable text, emoji and spaces around it (dropped) included, is a name.
    for (name, kept) in [
        ("CI on the NAS 🤖", "CI on the NAS 🤖"),
        ("  Tàileasg  ", "Tàileasg"),
        ("👨\u{200D}👩\u{200D}👧", "👨\u{200D}👩\u{200D}👧"),
    ] {
        assert_eq!(
            token_with(&app, &session, name, &["game:read"]).await["name"],
            kept
        );
    }
}

#[tokio::test]
async fn an_account_holds_at_most_fifty_live_tokens() {
    let app = spawn_app().await;
    let session = app.signed_up("isla").await;
    let mut ids = Vec::new();
    for i in 0..50 {
        ids.push(token_with(&app, &session, &format!("t{i}"), &["game:read"]).await["id"].clone());
    }
    let res = create_token(
        &app,
        &session,
        &json!({"name": "one more", "scopes": ["game:read"]}),
    )
    .await;
    problem(res, 409, "too_many_tokens").await;
    // Another account is not counted against it.
    let other = app.signed_up("morag").await;
    token_with(&app, &other, "mine", &["game:read"]).await;
    // An expired one does not count; a deleted one does not either.
    sqlx::query("UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1")
        .bind(uuid::Uuid::parse_str(ids[0].as_str().unwrap()).unwrap())
        .execute(&app.pool)
        .await
        .unwrap();
    token_with(&app, &session, "after expiry", &["game:read"]).await;
    let path = format!("/v1/me/tokens/{}", ids[1].as_str().unwrap());
    assert_eq!(delete(&app, &path, &session).await.status(), 204);
    token_with(&app, &session, "after deletion", &["game:read"]).await;
    let res = create_token(
        &app,
        &session,
        &json!({"name": "too many", "scopes": ["game:read"]}),
    )
    .await;
    problem(res, 409, "too_many_tokens").await;
}

#[tokio::test]
async fn a_token_may_do_what_its_scopes_allow_and_nothing_else() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "scot", json!({"players": 2})).await;
    let session = table.seat(0);
    let game = format!("/v1/games/{}", table.id);

    // account:read only.
    let account = secret_of(&app, session, &["account:read"]).await;
    ok(app.get_with_token("/v1/me", &account).await).await;
    insufficient(app.get_with_token("/v1/games", &account).await, "game:read").await;
    insufficient(app.get_with_token(&game, &account).await, "game:read").await;
    let res = api
        .post("/v1/games", &account, &json!({"players": 2}))
        .await;
    insufficient(res, "lobby:write").await;
    insufficient(
        app.get_with_token("/v1/me/webhooks", &account).await,
        "notifications:write",
    )
    .await;

    // game:read: reads, not play.
    let read = secret_of(&app, session, &["game:read"]).await;
    insufficient(app.get_with_token("/v1/me", &read).await, "account:read").await;
    let view = ok(app.get_with_token(&game, &read).await).await;
    assert_eq!(view["your_seat"], 0);
    ok(app
        .get_with_token(&format!("{game}/legal-actions"), &read)
        .await)
    .await;
    let res = api.post(&format!("{game}/resign"), &read, &json!({})).await;
    insufficient(res, "game:play").await;
    let res = api
        .post(&format!("{game}/chat"), &read, &json!({"text": "hi"}))
        .await;
    insufficient(res, "game:play").await;

    // game:play acts (the awaited seat's account).
    let awaited = view["view"]["awaiting"]["seat"].as_u64().unwrap();
    let play = secret_of(&app, table.seat(awaited), &["game:play", "game:read"]).await;
    let legal = ok(app
        .get_with_token(&format!("{game}/legal-actions"), &play)
        .await)
    .await;
    let action = legal["actions"][0].clone();
    ok(api.act(&table.id, &play, &action).await).await;
    let only_play = secret_of(&app, table.seat(awaited), &["game:play"]).await;
    insufficient(app.get_with_token(&game, &only_play).await, "game:read").await;

    // lobby:write creates and joins games.
    let lobby = secret_of(&app, session, &["lobby:write"]).await;
    let res = api.post("/v1/games", &lobby, &json!({"players": 2})).await;
    assert_eq!(res.status(), 201);
    insufficient(app.get_with_token("/v1/games", &lobby).await, "game:read").await;

    // notifications:write manages webhooks and settings.
    let notifications = secret_of(&app, session, &["notifications:write"]).await;
    ok(app.get_with_token("/v1/me/webhooks", &notifications).await).await;
    ok(app
        .get_with_token("/v1/me/notification-settings", &notifications)
        .await)
    .await;
    insufficient(
        app.get_with_token("/v1/games", &notifications).await,
        "game:read",
    )
    .await;
}

#[tokio::test]
async fn first_party_operations_refuse_every_token_and_allow_the_session() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let session = app.signed_up("isla").await;
    let token = secret_of(&app, &session, &PERSON_SCOPES).await;
    problem(
        app.get_with_token("/v1/me/tokens", &token).await,
        403,
        "first_party_only",
    )
    .await;
    let body = json!({"name": "n", "scopes": ["game:read"]});
    problem(
        api.post("/v1/me/tokens", &token, &body).await,
        403,
        "first_party_only",
    )
    .await;
    problem(
        api.post("/v1/me/bot", &token, &json!({})).await,
        403,
        "first_party_only",
    )
    .await;
    let res = api
        .post(
            "/v1/me/password",
            &token,
            &json!({"current_password": "correct horse battery", "new_password": "another one 123"}),
        )
        .await;
    problem(res, 403, "first_party_only").await;
    let res = app
        .client
        .delete(app.url("/v1/me"))
        .bearer_auth(&token)
        .json(&json!({"password": "correct horse battery"}))
        .send()
        .await
        .unwrap();
    problem(res, 403, "first_party_only").await;
    // The session may.
    ok(app.get_with_token("/v1/me/tokens", &session).await).await;
    let res = api.post("/v1/me/tokens", &session, &body).await;
    assert_eq!(res.status(), 201);
    // The account is still there: the token's refusal changed nothing.
    ok(app.get_with_token("/v1/me", &token).await).await;
}

#[tokio::test]
async fn malformed_unknown_revoked_and_expired_tokens_get_401_invalid_token() {
    let app = spawn_app().await;
    let session = app.signed_up("isla").await;
    let unknown = format!("lords_pat_{}", "A".repeat(43));
    let too_long = format!("lords_pat_{}", "A".repeat(200));
    for bad in [
        "lords_pat_",
        "lords_pat_not-a-token",
        unknown.as_str(),
        too_long.as_str(),
        "lords_oat_AAAA",
        "not.a.jwt",
    ] {
        let res = app.get_with_token("/v1/games", bad).await;
        let header = res.headers()["www-authenticate"]
            .to_str()
            .unwrap()
            .to_string();
        assert!(
            header.contains("error=\"invalid_token\""),
            "{bad}: {header}"
        );
        problem(res, 401, "invalid_token").await;
    }
    // No token at all stays `unauthorized`.
    problem(app.get("/v1/games").await, 401, "unauthorized").await;

    // Revoked: deleted.
    let created = token_with(&app, &session, "gone", &["game:read"]).await;
    let path = format!("/v1/me/tokens/{}", created["id"].as_str().unwrap());
    assert_eq!(delete(&app, &path, &session).await.status(), 204);
    let res = app
        .get_with_token("/v1/games", created["token"].as_str().unwrap())
        .await;
    problem(res, 401, "invalid_token").await;
    // Expired.
    let expiring = secret_of(&app, &session, &["game:read"]).await;
    sqlx::query("UPDATE api_tokens SET expires_at = now() - interval '1 minute'")
        .execute(&app.pool)
        .await
        .unwrap();
    problem(
        app.get_with_token("/v1/games", &expiring).await,
        401,
        "invalid_token",
    )
    .await;
    // The account deleted: its tokens name nobody.
    let survivor = secret_of(&app, &session, &["game:read"]).await;
    ok(app.get_with_token("/v1/games", &survivor).await).await;
    sqlx::query("UPDATE accounts SET deleted_at = now()")
        .execute(&app.pool)
        .await
        .unwrap();
    problem(
        app.get_with_token("/v1/games", &survivor).await,
        401,
        "invalid_token",
    )
    .await;
}

/// `method path` of the scope table made as wrong as a request can be: with `junk`, every path
/// parameter unparsable and a query no operation takes; a body that is not JSON on every write.
/// Without `junk`, the path's parameters are well-formed ids of nothing.
async fn wrong_request(
    app: &TestApp,
    method: &str,
    path: &str,
    token: Option<&str>,
    junk: bool,
) -> reqwest::Response {
    let path = path
        .split('/')
        .map(|segment| match (segment.starts_with('{'), junk) {
            (false, _) => segment.to_string(),
            (true, true) => "not-an-id".to_string(),
            (true, false) => uuid::Uuid::new_v4().to_string(),
        })
        .collect::<Vec<_>>()
        .join("/");
    let mut url = app.url(&path);
    if junk {
        url.push_str("?limit=-1&after=nonsense&status=nonsense&wait=forever");
    }
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut req = app.client.request(method.clone(), url);
    if method != reqwest::Method::GET {
        req = req
            .header("content-type", "application/json")
            .body(r#"{"unknown": ["#);
    }
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    req.send().await.unwrap()
}

#[tokio::test]
async fn every_operation_judges_the_token_before_its_path_query_and_body() {
    let app = spawn_app().await;
    let session = app.signed_up("isla").await;
    let account_only = secret_of(&app, &session, &["account:read"]).await;
    let read_only = secret_of(&app, &session, &["game:read"]).await;
    let every_scope = secret_of(&app, &session, &PERSON_SCOPES).await;
    let forged = format!("lords_pat_{}", "A".repeat(43));
    let mut swept = 0;
    for (method, path, access) in OPERATIONS {
        let what = format!("{method} {path}");
        // A token without the scope: 403 naming it (RFC 6750 §3.1), never the request's 400.
        if let Access::Scoped(scope) = access {
            let token = if *scope == Scope::AccountRead {
                &read_only
            } else {
                &account_only
            };
            let res = wrong_request(&app, method, path, Some(token), true).await;
            assert_eq!(res.status(), 403, "{what}");
            assert_eq!(
                res.headers()["www-authenticate"],
                format!("Bearer error=\"insufficient_scope\", scope=\"{scope}\"").as_str(),
                "{what}"
            );
            problem(res, 403, "insufficient_scope").await;
            swept += 1;
        }
        // Any token on a first-party operation: 403 first_party_only.
        if *access == Access::FirstParty {
            let res = wrong_request(&app, method, path, Some(&every_scope), true).await;
            assert_eq!(res.status(), 403, "{what}");
            problem(res, 403, "first_party_only").await;
            swept += 1;
        }
        // A token that names nobody: 401 invalid_token wherever a token is looked at.
        if *access != Access::Public {
            let res = wrong_request(&app, method, path, Some(&forged), true).await;
            assert_eq!(res.status(), 401, "{what}");
            problem(res, 401, "invalid_token").await;
        }
        // No token where one is needed: 401 unauthorized before the body is read.
        if matches!(access, Access::Scoped(_) | Access::FirstParty) {
            let res = wrong_request(&app, method, path, None, false).await;
            assert_eq!(res.status(), 401, "{what}");
            problem(res, 401, "unauthorized").await;
        }
    }
    assert!(swept > 40, "only {swept} operations swept");
    // Nothing was done: the account and its tokens are as they were.
    ok(app.get_with_token("/v1/me", &account_only).await).await;
    ok(app.get_with_token("/v1/me/tokens", &session).await).await;
}
