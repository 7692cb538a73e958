//! Published rate limits: every `/v1` answer names its budget (`RateLimit-Policy`) and what is
//! left of it (`RateLimit`), per caller (a session's account, a token, an address) and per kind
//! of request; a spent budget answers 429 `too_many_requests` with `Retry-After`; and the
//! budget is one for every server process sharing the database.

use crate::common;

use common::app::{TestApp, problem, spawn_app_on, spawn_app_with};
use common::budgets::{in_one_window, limit, policy, remaining, small};
use common::games::create_game;
use lords::api::credentials::TokenKind;
use reqwest::Response;
use serde_json::json;
use uuid::Uuid;

async fn read(app: &TestApp, token: &str) -> Response {
    app.get_with_token("/v1/me", token).await
}

/// A personal access token of `username`'s account holding `scopes`, made as the tokens
/// endpoint makes one (its hash in `api_tokens`).
async fn personal_token(app: &TestApp, username: &str, scopes: &[&str]) -> String {
    let token = lords::accounts::tokens::generate(TokenKind::Personal);
    let account: Uuid = sqlx::query_scalar("SELECT id FROM accounts WHERE username = $1")
        .bind(username)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO api_tokens (token_hash, id, account_id, kind, name, scopes) \
         VALUES ($1, $2, $3, 'personal', 'script', $4)",
    )
    .bind(&token.hash[..])
    .bind(Uuid::new_v4())
    .bind(account)
    .bind(scopes.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    .execute(&app.pool)
    .await
    .unwrap();
    token.secret
}

#[tokio::test]
async fn reads_actions_lobby_writes_sign_ins_and_errors_each_name_their_budget() {
    let app = spawn_app_with(small(600, 120, 30)).await;
    let token = app.signed_up("alasdair").await;

    let res = read(&app, &token).await;
    assert_eq!(res.status(), 200);
    assert_eq!(policy(&res), ("reads".into(), 600, 60));
    let (name, r, t) = limit(&res);
    assert_eq!(name, "reads");
    assert!(r < 600, "{r}");
    assert!((1..=60).contains(&t), "{t}");

    let res = app
        .client
        .post(app.url("/v1/games"))
        .bearer_auth(&token)
        .json(&json!({"players": 2}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    assert_eq!(policy(&res), ("lobby-writes".into(), 30, 60));
    assert_eq!(limit(&res).1, 29);
    let game = res.json::<serde_json::Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();

    // An action the rules refuse (the game has not started) is still an action.
    let res = app
        .client
        .post(app.url(&format!("/v1/games/{game}/resign")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert!(res.status().is_client_error(), "{}", res.status());
    assert_eq!(policy(&res), ("actions".into(), 120, 60));
    assert_eq!(limit(&res).1, 119);

    // Sign-in keeps its limiter (failures per client address), published as such.
    let res = app.login("alasdair", "not the password").await;
    assert_eq!(res.status(), 401);
    let (name, q, w) = policy(&res);
    assert_eq!((name.as_str(), w), ("sign-in", 60));
    assert_eq!(limit(&res).1, q - 1);

    // Errors: no route, no token, a malformed token.
    let res = app
        .get_with_token(&format!("/v1/games/{}", Uuid::new_v4()), &token)
        .await;
    assert_eq!(policy(&res).0, "reads");
    problem(res, 404, "game_not_found").await;
    let res = app.get("/v1/me").await;
    assert_eq!(policy(&res).0, "reads");
    problem(res, 401, "unauthorized").await;
    let res = app.get_with_token("/v1/me", "lords_pat_forged").await;
    assert_eq!(policy(&res).0, "reads");
    problem(res, 401, "invalid_token").await;
    let res = app.get("/v1/nowhere").await;
    assert_eq!(policy(&res).0, "reads");
    assert_eq!(res.status(), 404);

    // Outside /v1: no budget.
    let res = app.get("/healthz").await;
    assert!(res.headers().get("ratelimit").is_none());
}

#[tokio::test]
async fn what_is_left_counts_down_and_a_spent_budget_answers_429_with_retry_after() {
    let app = spawn_app_with(small(5, 120, 30)).await;
    let token = app.signed_up("morag").await;
    in_one_window().await;
    let mut left = Vec::new();
    for _ in 0..5 {
        let res = read(&app, &token).await;
        assert_eq!(res.status(), 200);
        left.push(remaining(&res));
    }
    assert_eq!(left, [4, 3, 2, 1, 0]);

    let res = read(&app, &token).await;
    assert_eq!(policy(&res), ("reads".into(), 5, 60));
    let (_, r, t) = limit(&res);
    assert_eq!(r, 0);
    let wait: u32 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert_eq!(wait, t);
    let body = problem(res, 429, "too_many_requests").await;
    assert!(body["detail"].as_str().unwrap().contains("reads"), "{body}");
}

#[tokio::test]
async fn each_kind_of_request_has_its_own_budget() {
    let app = spawn_app_with(small(2, 2, 2)).await;
    let token = app.signed_up("eilidh").await;
    in_one_window().await;
    for _ in 0..2 {
        assert_eq!(read(&app, &token).await.status(), 200);
    }
    problem(read(&app, &token).await, 429, "too_many_requests").await;

    // Reads spent; a lobby write and an action still have theirs.
    let game = create_game(&app, &token, &json!({"players": 2})).await;
    let res = app
        .client
        .post(app.url(&format!("/v1/games/{game}/resign")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_ne!(res.status(), 429);
    assert_eq!(limit(&res), ("actions".into(), 1, limit(&res).2));
    let res = app
        .client
        .post(app.url(&format!("/v1/games/{game}/leave")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_ne!(res.status(), 429);
    assert_eq!(limit(&res).0, "lobby-writes");
    assert_eq!(limit(&res).1, 0);
}

/// A bot account's game actions spend a budget of their own (`bot-actions`), larger by default
/// than a person's: a bot plays many fast games at once. Its reads and other writes are counted
/// as anyone's.
#[tokio::test]
async fn a_bot_accounts_actions_have_a_budget_of_their_own() {
    let app = spawn_app_with(|c: &mut lords::config::AppConfig| {
        small(50, 2, 30)(c);
        c.rates.bot_actions_per_minute = 5;
    })
    .await;
    let person = app.signed_up("morven").await;
    let robot = app.signed_up("robot").await;
    let converted: serde_json::Value = app
        .client
        .post(app.url("/v1/me/bot"))
        .bearer_auth(&robot)
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let bot = converted["token"]["token"].as_str().unwrap().to_string();
    let act = |token: String| {
        let app = &app;
        async move {
            app.client
                .post(app.url(&format!("/v1/games/{}/actions", Uuid::now_v7())))
                .bearer_auth(token)
                .json(&json!({"type": "pass"}))
                .send()
                .await
                .unwrap()
        }
    };
    in_one_window().await;
    // The person's two actions are spent; the bot's five are its own.
    for _ in 0..2 {
        assert_ne!(act(person.clone()).await.status(), 429);
    }
    problem(act(person.clone()).await, 429, "too_many_requests").await;
    for left in (0..5).rev() {
        let res = act(bot.clone()).await;
        assert_ne!(res.status(), 429);
        assert_eq!(policy(&res), ("bot-actions".into(), 5, 60));
        assert_eq!(remaining(&res), left);
    }
    let res = act(bot.clone()).await;
    assert_eq!(policy(&res).0, "bot-actions");
    problem(res, 429, "too_many_requests").await;
    // Its reads are counted as anyone's.
    let res = read(&app, &bot).await;
    assert_eq!(policy(&res).0, "reads");
}

#[tokio::test]
async fn an_accounts_sessions_and_personal_tokens_spend_one_budget() {
    let app = spawn_app_with(small(4, 120, 30)).await;
    let first_session = app.signed_up("fionnlagh").await;
    let second_session = {
        let res = app.login("fionnlagh", "correct horse battery").await;
        assert_eq!(res.status(), 200);
        res.json::<serde_json::Value>().await.unwrap()["access_token"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_ne!(first_session, second_session);
    let one = personal_token(&app, "fionnlagh", &["account:read"]).await;
    let other = personal_token(&app, "fionnlagh", &["account:read"]).await;
    // Another account's budget is its own.
    let stranger = app.signed_up("gormflaith").await;
    in_one_window().await;

    // Four reads a minute for the account, whichever credential sends them.
    let mut left = Vec::new();
    for token in [&one, &other, &first_session, &second_session] {
        let res = read(&app, token).await;
        assert_eq!(res.status(), 200);
        left.push(remaining(&res));
    }
    assert_eq!(left, [3, 2, 1, 0]);
    for token in [&one, &other, &first_session] {
        problem(read(&app, token).await, 429, "too_many_requests").await;
    }
    let res = read(&app, &stranger).await;
    assert_eq!(res.status(), 200);
    assert_eq!(remaining(&res), 3);
}

#[tokio::test]
async fn the_budget_is_one_for_every_server_process_and_leased_a_tenth_at_a_time() {
    // 20 reads a minute: leases of 2.
    let app = spawn_app_with(small(20, 120, 30)).await;
    let other = spawn_app_on(app.pool.clone(), app.db_url.clone(), small(20, 120, 30)).await;
    let token = app.signed_up("seonag").await;
    in_one_window().await;

    let granted = || async {
        sqlx::query_scalar::<_, i32>("SELECT used FROM rate_windows WHERE policy = 'reads'")
            .fetch_one(&app.pool)
            .await
            .unwrap()
    };
    let res = read(&app, &token).await;
    assert_eq!(remaining(&res), 19);
    // One lease of two: the second read is spent from memory, no statement.
    assert_eq!(granted().await, 2);
    assert_eq!(remaining(&read(&app, &token).await), 18);
    assert_eq!(granted().await, 2);

    // Half on each process.
    for _ in 2..10 {
        assert_eq!(read(&app, &token).await.status(), 200);
    }
    for i in 0..10 {
        let res = read(&other, &token).await;
        assert_eq!(res.status(), 200, "read {i} on the other process");
    }
    assert_eq!(granted().await, 20);
    problem(read(&app, &token).await, 429, "too_many_requests").await;
    let res = read(&other, &token).await;
    assert_eq!(limit(&res).1, 0);
    problem(res, 429, "too_many_requests").await;
}

#[tokio::test]
async fn rows_of_windows_gone_by_are_swept() {
    let app = spawn_app_with(small(20, 120, 30)).await;
    let (used, granted) =
        lords::accounts::rate_budgets::lease(&app.pool, "address:192.0.2.1", "reads", 600, 2, 20)
            .await
            .unwrap();
    assert_eq!((used, granted), (2, 2));
    // The quota caps what is granted in a window; a later window starts over.
    let (used, granted) =
        lords::accounts::rate_budgets::lease(&app.pool, "address:192.0.2.1", "reads", 600, 30, 20)
            .await
            .unwrap();
    assert_eq!((used, granted), (20, 18));
    let (used, granted) =
        lords::accounts::rate_budgets::lease(&app.pool, "address:192.0.2.1", "reads", 600, 2, 20)
            .await
            .unwrap();
    assert_eq!((used, granted), (20, 0));
    let (used, granted) =
        lords::accounts::rate_budgets::lease(&app.pool, "address:192.0.2.1", "reads", 660, 2, 20)
            .await
            .unwrap();
    assert_eq!((used, granted), (2, 2));
    lords::accounts::rate_budgets::lease(&app.pool, "address:192.0.2.2", "reads", 720, 2, 20)
        .await
        .unwrap();

    let swept = lords::accounts::rate_budgets::sweep(&app.pool, 720)
        .await
        .unwrap();
    assert_eq!(swept, 1);
    let callers: Vec<String> = sqlx::query_scalar("SELECT caller FROM rate_windows")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(callers, ["address:192.0.2.2"]);
}

#[tokio::test]
async fn browsers_on_an_allowed_origin_may_read_the_headers() {
    const ORIGIN: &str = "https://play.example.org";
    let app = spawn_app_with(|c| c.cors_allowed_origins = vec![ORIGIN.to_string()]).await;
    let res = app
        .client
        .get(app.url("/v1/cards"))
        .header("origin", ORIGIN)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(policy(&res).0, "reads");
    let exposed = res.headers()["access-control-expose-headers"]
        .to_str()
        .unwrap()
        .to_lowercase();
    for name in ["ratelimit-policy", "ratelimit", "retry-after"] {
        assert!(
            exposed.split(',').any(|h| h.trim() == name),
            "{name} in {exposed}"
        );
    }
}

#[tokio::test]
async fn a_token_that_names_no_live_token_spends_its_client_address_budget() {
    let app = spawn_app_with(small(5, 120, 30)).await;
    let session = app.signed_up("catriona").await;
    let expired = personal_token(&app, "catriona", &["account:read"]).await;
    sqlx::query("UPDATE api_tokens SET expires_at = now() - interval '1 second'")
        .execute(&app.pool)
        .await
        .unwrap();
    in_one_window().await;

    // Well-formed tokens of both kinds that were never issued, junk, and an expired token:
    // one budget, the address's, rather than a fresh one each.
    let forged = [
        lords::accounts::tokens::generate(TokenKind::Personal).secret,
        lords::accounts::tokens::generate(TokenKind::OAuth).secret,
        lords::accounts::tokens::generate(TokenKind::Personal).secret,
        "not-a-token".to_string(),
        expired,
    ];
    let mut left = Vec::new();
    for token in &forged {
        let res = read(&app, token).await;
        assert_eq!(policy(&res).0, "reads");
        left.push(remaining(&res));
        problem(res, 401, "invalid_token").await;
    }
    assert_eq!(left, [4, 3, 2, 1, 0]);
    let another = lords::accounts::tokens::generate(TokenKind::OAuth).secret;
    problem(read(&app, &another).await, 429, "too_many_requests").await;
    // The address's budget is what a request without a token spends too.
    problem(app.get("/v1/cards").await, 429, "too_many_requests").await;
    // A live token has a budget of its own.
    let res = read(&app, &session).await;
    assert_eq!(res.status(), 200);
    assert_eq!(remaining(&res), 4);
}

#[tokio::test]
async fn every_v1_answer_carries_the_budget_headers_whatever_refuses_it() {
    let app = spawn_app_with(small(600, 120, 30)).await;
    let token = app.signed_up("mairead").await;
    let too_large = vec![b' '; app.state.config.max_body_bytes + 1];
    let post = |body: Vec<u8>, content_type: &'static str| {
        app.client
            .post(app.url("/v1/games"))
            .bearer_auth(&token)
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    let cases = [
        (
            post(b"{".to_vec(), "application/json").await.unwrap(),
            400,
            "malformed_json",
        ),
        (
            post(too_large, "application/json").await.unwrap(),
            413,
            "payload_too_large",
        ),
        (
            post(
                br#"{"players": 2}"#.to_vec(),
                "application/json; charset=iso-8859-1",
            )
            .await
            .unwrap(),
            415,
            "unsupported_media_type",
        ),
        (
            post(br#"{"players": 1}"#.to_vec(), "application/json")
                .await
                .unwrap(),
            422,
            "invalid_player_count",
        ),
        (
            app.client.put(app.url("/v1/cards")).send().await.unwrap(),
            405,
            "method_not_allowed",
        ),
        (app.get("/v1/nowhere").await, 404, "not_found"),
        (
            app.get_with_token(&format!("/v1/games/{}", Uuid::new_v4()), &token)
                .await,
            404,
            "game_not_found",
        ),
    ];
    for (res, status, code) in cases {
        let (name, q, w) = policy(&res);
        assert_eq!(w, 60, "{status} {code}");
        let (limit_name, r, _) = limit(&res);
        assert_eq!(limit_name, name, "{status} {code}");
        assert!(r < q, "{status} {code}: {r} of {q}");
        problem(res, status, code).await;
    }
}
