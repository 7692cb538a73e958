//! Accounts, tokens, `/v1/me`, bearer-token failures and login rate limiting, over HTTP.

use crate::common;

use std::time::Duration;

use common::app::{TEST_JWT_SECRET, b64url, b64url_decode, problem, spawn_app, spawn_app_with};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use lords::api::jwt::{AUDIENCE, Claims, ISSUER};
use serde_json::{Value, json};

fn now() -> u64 {
    jsonwebtoken::get_current_timestamp()
}

fn claims_for(sub: &str) -> Claims {
    Claims {
        sub: sub.to_string(),
        name: "someone".into(),
        iss: ISSUER.into(),
        aud: AUDIENCE.into(),
        iat: now(),
        exp: now() + 600,
        sid: uuid::Uuid::now_v7(),
    }
}

fn sign(claims: &impl serde::Serialize, secret: &str) -> String {
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap()
}

#[tokio::test]
async fn creating_an_account_returns_201_with_its_id_username_and_creation_time() {
    let app = spawn_app().await;
    let res = app
        .create_account("Robert_the-Bruce", "bannockburn1314")
        .await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["username"], "Robert_the-Bruce");
    assert!(uuid::Uuid::parse_str(body["id"].as_str().unwrap()).is_ok());
    assert!(body["created_at"].is_string());
    assert!(body.get("password_hash").is_none());

    let stored: String = sqlx::query_scalar("SELECT password_hash FROM accounts WHERE id = $1")
        .bind(uuid::Uuid::parse_str(body["id"].as_str().unwrap()).unwrap())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(stored.starts_with("$argon2id$"));
}

#[tokio::test]
async fn a_username_taken_in_another_letter_case_returns_409_username_taken() {
    let app = spawn_app().await;
    assert_eq!(
        app.create_account("wallace", "freedom1297").await.status(),
        201
    );
    problem(
        app.create_account("WALLACE", "freedom1297").await,
        409,
        "username_taken",
    )
    .await;
    problem(
        app.create_account("wallace", "freedom1297").await,
        409,
        "username_taken",
    )
    .await;
}

#[tokio::test]
async fn the_bots_rated_profiles_are_taken_names_nobody_signs_in_to() {
    let app = spawn_app().await;
    for bot in ["random", "Greedy", "MCTS"] {
        problem(
            app.create_account(bot, "freedom1297").await,
            409,
            "username_taken",
        )
        .await;
        // Whatever the password: a built-in bot's account has none.
        for password in ["", "!", "freedom1297"] {
            assert_eq!(
                app.login(bot, password).await.status(),
                401,
                "{bot} {password:?}"
            );
        }
    }
}

#[tokio::test]
async fn invalid_usernames_return_422_invalid_username() {
    let app = spawn_app().await;
    for name in ["ab", &"x".repeat(33), "has space", "sémillon", "a.b", ""] {
        problem(
            app.create_account(name, "long enough password").await,
            422,
            "invalid_username",
        )
        .await;
    }
}

#[tokio::test]
async fn passwords_outside_8_to_128_characters_return_422_invalid_password() {
    let app = spawn_app().await;
    for pw in ["short", "1234567", &"x".repeat(129)] {
        problem(
            app.create_account("douglas", pw).await,
            422,
            "invalid_password",
        )
        .await;
    }
    assert_eq!(
        app.create_account("douglas", "12345678").await.status(),
        201
    );
}

#[tokio::test]
async fn a_body_missing_a_field_returns_400_malformed_json() {
    let app = spawn_app().await;
    let res = app
        .post_json("/v1/accounts", &json!({"username": "x"}))
        .await;
    problem(res, 400, "malformed_json").await;
}

#[tokio::test]
async fn the_right_password_returns_a_bearer_token_that_opens_v1_me() {
    let app = spawn_app().await;
    let created: Value = app
        .create_account("macbeth", "dunsinane1057")
        .await
        .json()
        .await
        .unwrap();
    // Login ignores the letter case of the username.
    let res = app.login("MacBeth", "dunsinane1057").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "no-store");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["token_type"], "Bearer");
    assert_eq!(body["expires_in"], 900);
    let token = body["access_token"].as_str().unwrap();

    let res = app.get_with_token("/v1/me", token).await;
    assert_eq!(res.status(), 200);
    let mut me: Value = res.json().await.unwrap();
    // The account as created, with what the first-game guide remembers (nothing yet).
    let hints = me.as_object_mut().unwrap().remove("hints").unwrap();
    assert_eq!(hints, json!({"off": false, "dismissed": [], "games": []}));
    // No address yet; mails in English (the request named no language); no vacation yet.
    for (field, value) in [
        ("email", Value::Null),
        ("email_verified", json!(false)),
        ("language", json!("en")),
        ("vacation", json!({"days_left": 20, "until": null})),
        ("bot", json!(false)),
    ] {
        assert_eq!(me.as_object_mut().unwrap().remove(field), Some(value));
    }
    assert_eq!(me, created);
}

#[tokio::test]
async fn a_wrong_password_or_unknown_user_returns_401_invalid_credentials() {
    let app = spawn_app().await;
    app.create_account("malcolm", "canmore1058").await;
    problem(
        app.login("malcolm", "wrong password").await,
        401,
        "invalid_credentials",
    )
    .await;
    problem(
        app.login("nobody", "canmore1058").await,
        401,
        "invalid_credentials",
    )
    .await;
}

#[tokio::test]
async fn v1_me_without_a_token_returns_401_unauthorized_with_www_authenticate_bearer() {
    let app = spawn_app().await;
    let res = app.get("/v1/me").await;
    let challenge = res.headers()["www-authenticate"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(challenge.starts_with("Bearer"), "{challenge}");
    problem(res, 401, "unauthorized").await;

    let res = app
        .client
        .get(app.url("/v1/me"))
        .header("Authorization", "Basic dXNlcjpwYXNz")
        .send()
        .await
        .unwrap();
    problem(res, 401, "unauthorized").await;
}

async fn assert_token_refused(app: &common::app::TestApp, token: &str) {
    let res = app.get_with_token("/v1/me", token).await;
    let challenge = res.headers()["www-authenticate"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(challenge.starts_with("Bearer"), "{challenge}");
    problem(res, 401, "invalid_token").await;
}

#[tokio::test]
async fn tokens_signed_with_alg_none_are_refused() {
    let app = spawn_app().await;
    let token = app.signed_up("angus").await;
    let payload = token.split('.').nth(1).unwrap();
    let header = b64url(br#"{"alg":"none","typ":"JWT"}"#);
    assert_token_refused(&app, &format!("{header}.{payload}.")).await;
    assert_token_refused(&app, &format!("{header}.{payload}")).await;
}

#[tokio::test]
async fn tokens_signed_with_another_key_are_refused() {
    let app = spawn_app().await;
    let token = app.signed_up("duncan").await;
    let sub = {
        let payload: Value =
            serde_json::from_slice(&b64url_decode(token.split('.').nth(1).unwrap())).unwrap();
        payload["sub"].as_str().unwrap().to_string()
    };
    // The right claims, the right key: accepted (the control).
    assert_eq!(
        app.get_with_token("/v1/me", &sign(&claims_for(&sub), TEST_JWT_SECRET))
            .await
            .status(),
        200
    );
    let forged = sign(&claims_for(&sub), "another-secret-another-secret-another");
    assert_token_refused(&app, &forged).await;
    // HS384 with the right key: the algorithm is pinned.
    let hs384 = jsonwebtoken::encode(
        &Header::new(Algorithm::HS384),
        &claims_for(&sub),
        &EncodingKey::from_secret(TEST_JWT_SECRET.as_bytes()),
    )
    .unwrap();
    assert_token_refused(&app, &hs384).await;
}

#[tokio::test]
async fn expired_tokens_are_refused() {
    let app = spawn_app().await;
    let token = app.signed_up("lulach").await;
    let payload: Value =
        serde_json::from_slice(&b64url_decode(token.split('.').nth(1).unwrap())).unwrap();
    let mut claims = claims_for(payload["sub"].as_str().unwrap());
    claims.iat = now() - 7200;
    claims.exp = now() - 3600;
    assert_token_refused(&app, &sign(&claims, TEST_JWT_SECRET)).await;
}

#[tokio::test]
async fn tokens_for_another_audience_or_issuer_or_missing_claims_are_refused() {
    let app = spawn_app().await;
    let token = app.signed_up("donald").await;
    let payload: Value =
        serde_json::from_slice(&b64url_decode(token.split('.').nth(1).unwrap())).unwrap();
    let sub = payload["sub"].as_str().unwrap();

    let mut wrong_aud = claims_for(sub);
    wrong_aud.aud = "some-other-api".into();
    assert_token_refused(&app, &sign(&wrong_aud, TEST_JWT_SECRET)).await;

    let mut wrong_iss = claims_for(sub);
    wrong_iss.iss = "someone-else".into();
    assert_token_refused(&app, &sign(&wrong_iss, TEST_JWT_SECRET)).await;

    for missing in ["exp", "iat", "sub", "aud", "iss", "sid"] {
        let mut v = serde_json::to_value(claims_for(sub)).unwrap();
        v.as_object_mut().unwrap().remove(missing);
        assert_token_refused(&app, &sign(&v, TEST_JWT_SECRET)).await;
    }
}

#[tokio::test]
async fn tampered_payloads_are_refused() {
    let app = spawn_app().await;
    let token = app.signed_up("edgar").await;
    let other = app.signed_up("edmund").await;
    let parts: Vec<&str> = token.split('.').collect();
    let other_payload = other.split('.').nth(1).unwrap();
    // Edmund's payload under Edgar's signature.
    assert_token_refused(
        &app,
        &format!("{}.{}.{}", parts[0], other_payload, parts[2]),
    )
    .await;
    // A longer lifetime written into Edgar's own payload.
    let mut payload: Value = serde_json::from_slice(&b64url_decode(parts[1])).unwrap();
    payload["exp"] = json!(now() + 10 * 365 * 86400);
    let forged = b64url(payload.to_string().as_bytes());
    assert_token_refused(&app, &format!("{}.{}.{}", parts[0], forged, parts[2])).await;
    assert_token_refused(&app, "not-a-jwt").await;
}

#[tokio::test]
async fn repeated_failed_logins_for_a_username_return_429_with_retry_after() {
    let app = spawn_app_with(|c| {
        c.login_max_failures = 3;
        c.login_window = Duration::from_secs(60);
    })
    .await;
    app.create_account("kenneth", "alpin843mac").await;
    for _ in 0..3 {
        problem(
            app.login("kenneth", "wrong guess").await,
            401,
            "invalid_credentials",
        )
        .await;
    }
    // Even the right password is refused while limited, whatever the letter case.
    let res = app.login("KENNETH", "alpin843mac").await;
    let retry: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry), "{retry}");
    problem(res, 429, "rate_limited").await;
}

#[tokio::test]
async fn repeated_failed_logins_from_one_address_return_429_for_any_username() {
    let app = spawn_app_with(|c| c.login_max_failures = 3).await;
    app.create_account("constantine", "forteviot900").await;
    for name in ["alpha", "beta", "gamma"] {
        problem(
            app.login(name, "wrong guess").await,
            401,
            "invalid_credentials",
        )
        .await;
    }
    let res = app.login("constantine", "forteviot900").await;
    assert!(res.headers().contains_key("retry-after"));
    problem(res, 429, "rate_limited").await;
}

#[tokio::test]
async fn a_successful_login_clears_the_username_failures() {
    let app = spawn_app_with(|c| c.login_max_failures = 3).await;
    app.create_account("indulf", "edinburgh954").await;
    for _ in 0..2 {
        problem(
            app.login("indulf", "wrong guess").await,
            401,
            "invalid_credentials",
        )
        .await;
    }
    assert_eq!(app.login("indulf", "edinburgh954").await.status(), 200);
    // The address still counts its two failures, so one more is allowed, not three.
    problem(
        app.login("indulf", "wrong guess").await,
        401,
        "invalid_credentials",
    )
    .await;
    problem(
        app.login("indulf", "edinburgh954").await,
        429,
        "rate_limited",
    )
    .await;
}

/// How long the deletion test waits for the delivery worker.
const WORKER_PATIENCE: Duration = Duration::from_secs(30);

#[tokio::test]
async fn deleting_an_account_deletes_its_webhooks_push_subscriptions_tickets_and_deliveries() {
    use common::games::{Api, create_game, ok};
    use common::receiver::Receiver;

    let app = spawn_app().await;
    let receiver = Receiver::start(&[]).await;
    let host = app.signed_up("somhairle").await;
    let guest = app.signed_up("tearlach").await;
    let res = app
        .client
        .post(app.url("/v1/me/webhooks"))
        .bearer_auth(&host)
        .json(&json!({"url": receiver.url(), "kinds": ["game_started", "game_ended"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    // The endpoint works: the game's start reaches it.
    let game = create_game(&app, &host, &json!({"players": 2})).await;
    ok(Api::of(&app)
        .post(&format!("/v1/games/{game}/join"), &guest, &json!({}))
        .await)
    .await;
    assert_eq!(receiver.wait_for(1).await.len(), 1);
    let (account,): (uuid::Uuid,) =
        sqlx::query_as("SELECT id FROM accounts WHERE username = 'somhairle'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    // A push subscription, and a delivery still pending for it.
    let push: uuid::Uuid = sqlx::query_scalar(
        "INSERT INTO webhook_endpoints \
             (id, account_id, url, secret, kinds, channel, push_p256dh, push_auth) \
         VALUES ($1, $2, 'https://push.example.org/x', $3, ARRAY['game_ended'], 'web_push', $4, $5) \
         RETURNING id",
    )
    .bind(uuid::Uuid::now_v7())
    .bind(account)
    .bind(vec![0u8; 32])
    .bind(vec![4u8; 65])
    .bind(vec![0u8; 16])
    .fetch_one(&app.pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO webhook_deliveries (endpoint_id, message_id, kind, body, next_attempt_at) \
         VALUES ($1, 'msg_pending', 'game_ended', '{}', now() + interval '1 hour')",
    )
    .bind(push)
    .execute(&app.pool)
    .await
    .unwrap();
    let ticket = app
        .client
        .post(app.url("/v1/stream-tickets"))
        .bearer_auth(&host)
        .send()
        .await
        .unwrap();
    assert_eq!(ticket.status(), 200);

    let res = app
        .client
        .delete(app.url("/v1/me"))
        .bearer_auth(&host)
        .json(&json!({"password": "correct horse battery"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);

    for (table, sql) in [
        (
            "webhook_endpoints",
            "SELECT count(*) FROM webhook_endpoints WHERE account_id = $1",
        ),
        (
            "webhook_deliveries",
            "SELECT count(*) FROM webhook_deliveries d \
             WHERE d.endpoint_id = ANY (SELECT e.id FROM webhook_endpoints e \
                                        WHERE e.account_id = $1) OR d.message_id = 'msg_pending'",
        ),
        (
            "stream_tickets",
            "SELECT count(*) FROM stream_tickets WHERE account_id = $1",
        ),
    ] {
        let left: i64 = sqlx::query_scalar(sql)
            .bind(account)
            .fetch_one(&app.pool)
            .await
            .unwrap();
        assert_eq!(left, 0, "{table} of the deleted account");
    }

    // The deletion resigned the game, which ended: its `game_ended` for the deleted account is
    // dispatched to no endpoint.
    let deadline = std::time::Instant::now() + WORKER_PATIENCE;
    loop {
        let dispatched: Option<bool> = sqlx::query_scalar(
            "SELECT dispatched_at IS NOT NULL FROM notifications \
             WHERE account_id = $1 AND kind = 'game_ended'",
        )
        .bind(account)
        .fetch_optional(&app.pool)
        .await
        .unwrap();
        if dispatched == Some(true) {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "game_ended dispatched"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let seen = receiver.seen();
    assert_eq!(
        seen.len(),
        1,
        "only the start reached the endpoint: {seen:?}"
    );
    assert!(!seen[0].text().contains("game_ended"));
}

async fn put_hints(
    app: &common::app::TestApp,
    token: Option<&str>,
    body: &Value,
) -> reqwest::Response {
    let mut req = app.client.put(app.url("/v1/me/hints")).json(body);
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    req.send().await.unwrap()
}

#[tokio::test]
async fn the_guides_hints_are_kept_per_account_and_only_in_their_shape() {
    let app = spawn_app().await;
    let token = app.signed_up("learner").await;
    let other = app.signed_up("teacher").await;
    let me: Value = app
        .get_with_token("/v1/me", &token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        me["hints"],
        json!({"off": false, "dismissed": [], "games": []})
    );

    let game = "0190f5b2-7c4e-7a00-8000-000000000001";
    let saved =
        json!({"off": true, "dismissed": ["turn", "power.lowest_strength"], "games": [game]});
    let res = put_hints(&app, Some(&token), &saved).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Value>().await.unwrap(), saved);
    let me: Value = app
        .get_with_token("/v1/me", &token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(me["hints"], saved);
    assert_eq!(me["username"], "learner");
    // Another account's are its own.
    let theirs: Value = app
        .get_with_token("/v1/me", &other)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(theirs["hints"]["off"], false);
    // `games` may be left out.
    let res = put_hints(
        &app,
        Some(&other),
        &json!({"off": false, "dismissed": ["turn"]}),
    )
    .await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Value>().await.unwrap()["games"], json!([]));

    for bad in [
        json!({"off": "yes", "dismissed": []}),
        json!({"dismissed": []}),
        json!({"off": false, "dismissed": [], "colour": "red"}),
        json!({"off": false, "dismissed": ["no spaces"]}),
        json!({"off": false, "dismissed": [""]}),
        json!({"off": false, "dismissed": [], "games": ["not-a-uuid"]}),
        json!({"off": false, "dismissed": vec!["x"; 201]}),
        json!([true]),
    ] {
        problem(
            put_hints(&app, Some(&token), &bad).await,
            422,
            "invalid_hints",
        )
        .await;
    }
    // Nothing was changed by the refusals.
    let me: Value = app
        .get_with_token("/v1/me", &token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(me["hints"], saved);

    problem(put_hints(&app, None, &saved).await, 401, "unauthorized").await;
}
