//! An account's address and password reset over HTTP: `PUT /v1/me/email` (validation, header
//! injection, one account per address, taking over a stale claim, the language of the mails),
//! `POST /v1/me/email/verify` (single use, expiry, another account's token), `GET /v1/me`, and
//! `POST /v1/auth/password-reset` (no enumeration, rate limits) with its `confirm` (the new
//! password works, every session ends, a token works once). The raw token of a mailed link is
//! read from the queued mail's payload (`mail_outbox`) with the mail worker off (it clears the
//! payload once sent); the last test follows the real mails' links from an SMTP server.

use crate::common;

use std::time::Duration;

use common::app::{TestApp, problem, spawn_app_with};
use common::smtp::SmtpSink;
use lords::config::{AppConfig, MailTransport};
use serde_json::{Value, json};
use uuid::Uuid;

const PASSWORD: &str = "correct horse battery";

/// The app with the mail worker off: queued mails keep their payload for the test to read.
async fn spawn_app() -> TestApp {
    spawn_app_with(no_mail_worker).await
}

fn no_mail_worker(c: &mut AppConfig) {
    c.mail.enabled = false;
}

async fn me(app: &TestApp, token: &str) -> Value {
    let res = app.get_with_token("/v1/me", token).await;
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

async fn account_id(app: &TestApp, token: &str) -> Uuid {
    me(app, token).await["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap()
}

async fn put_email(app: &TestApp, token: &str, email: &str) -> reqwest::Response {
    app.client
        .put(app.url("/v1/me/email"))
        .bearer_auth(token)
        .json(&json!({ "email": email }))
        .send()
        .await
        .unwrap()
}

async fn verify(app: &TestApp, token: &str, link: &str) -> reqwest::Response {
    app.client
        .post(app.url("/v1/me/email/verify"))
        .bearer_auth(token)
        .json(&json!({ "token": link }))
        .send()
        .await
        .unwrap()
}

/// The queued mails of an account, newest first: kind, recipient, payload.
async fn mails(app: &TestApp, account: Uuid) -> Vec<(String, String, Value)> {
    sqlx::query_as(
        "SELECT kind, to_address, payload FROM mail_outbox WHERE account_id = $1 \
         ORDER BY created_at DESC",
    )
    .bind(account)
    .fetch_all(&app.pool)
    .await
    .unwrap()
}

/// The token of the newest queued mail of `kind` to the account.
async fn mailed_token(app: &TestApp, account: Uuid, kind: &str) -> String {
    let all = mails(app, account).await;
    let (_, _, payload) = all
        .iter()
        .find(|(k, _, _)| k == kind)
        .unwrap_or_else(|| panic!("no {kind} mail in {all:?}"));
    payload["token"].as_str().unwrap().to_string()
}

/// Ages every token of the account past its expiry.
async fn expire_tokens(app: &TestApp, account: Uuid) {
    sqlx::query(
        "UPDATE account_tokens SET created_at = now() - interval '2 days', \
         expires_at = now() - interval '1 second' WHERE account_id = $1",
    )
    .bind(account)
    .execute(&app.pool)
    .await
    .unwrap();
}

/// Signs up, sets and verifies `email`; returns the access token.
async fn verified(app: &TestApp, username: &str, email: &str) -> String {
    let token = app.signed_up(username).await;
    assert_eq!(put_email(app, &token, email).await.status(), 200);
    let id = account_id(app, &token).await;
    let link = mailed_token(app, id, "verify_email").await;
    assert_eq!(verify(app, &token, &link).await.status(), 200);
    token
}

/// Asks for a reset; with the app's reset worker on, returns once the request is resolved (the
/// link queued when an account has the address), which happens after the answer.
async fn ask_reset(app: &TestApp, email: &str) -> reqwest::Response {
    let res = app
        .post_json("/v1/auth/password-reset", &json!({ "email": email }))
        .await;
    if app.state.config.password_reset_poll.is_some() {
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        while queued_resets(app).await > 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "a reset never resolved"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    res
}

/// The reset requests still queued.
async fn queued_resets(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM password_reset_requests")
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn confirm_reset(app: &TestApp, token: &str, password: &str) -> reqwest::Response {
    app.post_json(
        "/v1/auth/password-reset/confirm",
        &json!({ "token": token, "new_password": password }),
    )
    .await
}

#[tokio::test]
async fn a_new_account_has_no_address_and_the_language_it_signed_up_in() {
    let app = spawn_app().await;
    let token = app.signed_up("english").await;
    let body = me(&app, &token).await;
    assert_eq!(body["email"], Value::Null);
    assert_eq!(body["email_verified"], false);
    assert_eq!(body["language"], "en");

    let res = app
        .client
        .post(app.url("/v1/accounts"))
        .header("Accept-Language", "fr-FR,fr;q=0.9,en;q=0.5")
        .json(&json!({ "username": "francais", "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let res: Value = app.login("francais", PASSWORD).await.json().await.unwrap();
    let body = me(&app, res["access_token"].as_str().unwrap()).await;
    assert_eq!(body["language"], "fr");
}

#[tokio::test]
async fn setting_an_address_stores_it_unverified_and_queues_a_verification_link_in_the_request_language()
 {
    let app = spawn_app().await;
    let token = app.signed_up("bruce").await;
    let res = app
        .client
        .put(app.url("/v1/me/email"))
        .bearer_auth(&token)
        .header("Accept-Language", "fr")
        .json(&json!({ "email": "Bruce@Example.org" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["email"], "Bruce@Example.org");
    assert_eq!(body["email_verified"], false);
    assert_eq!(body["verification_sent"], true);

    let body = me(&app, &token).await;
    assert_eq!(body["email"], "Bruce@Example.org");
    assert_eq!(body["email_verified"], false);
    assert_eq!(body["language"], "fr");

    let id = account_id(&app, &token).await;
    let queued = mails(&app, id).await;
    assert_eq!(queued.len(), 1);
    let (kind, to, payload) = &queued[0];
    assert_eq!(kind, "verify_email");
    assert_eq!(to, "Bruce@Example.org");
    assert_eq!(payload["email"], "Bruce@Example.org");
    let link = payload["token"].as_str().unwrap();
    assert_eq!(link.len(), 43, "256 random bits in base64url");
    // Only the token's hash is stored, valid for a day.
    let (hours,): (f64,) = sqlx::query_as(
        "SELECT (extract(epoch FROM expires_at - created_at) / 3600)::float8 FROM account_tokens \
         WHERE account_id = $1",
    )
    .bind(id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(hours, 24.0);
    let stored: i64 =
        sqlx::query_scalar("SELECT count(*) FROM account_tokens WHERE token_hash = $1::bytea")
            .bind(link.as_bytes())
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(stored, 0, "the raw token is not stored");
}

#[tokio::test]
async fn the_mailed_token_verifies_the_address_once_and_is_then_410_token_expired() {
    let app = spawn_app().await;
    let token = app.signed_up("bruce").await;
    assert_eq!(
        put_email(&app, &token, "bruce@example.org").await.status(),
        200
    );
    let id = account_id(&app, &token).await;
    let link = mailed_token(&app, id, "verify_email").await;

    let res = verify(&app, &token, &link).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["email"], "bruce@example.org");
    assert_eq!(body["email_verified"], true);
    assert_eq!(me(&app, &token).await["email_verified"], true);

    problem(verify(&app, &token, &link).await, 410, "token_expired").await;
    assert_eq!(me(&app, &token).await["email_verified"], true);
}

#[tokio::test]
async fn an_expired_verification_token_is_410_token_expired_and_changes_nothing() {
    let app = spawn_app().await;
    let token = app.signed_up("bruce").await;
    put_email(&app, &token, "bruce@example.org").await;
    let id = account_id(&app, &token).await;
    let link = mailed_token(&app, id, "verify_email").await;
    expire_tokens(&app, id).await;

    problem(verify(&app, &token, &link).await, 410, "token_expired").await;
    let body = me(&app, &token).await;
    assert_eq!(body["email"], "bruce@example.org");
    assert_eq!(body["email_verified"], false);
}

#[tokio::test]
async fn an_unknown_token_or_another_accounts_is_404_token_not_found() {
    let app = spawn_app().await;
    let bruce = app.signed_up("bruce").await;
    let wallace = app.signed_up("wallace").await;
    put_email(&app, &bruce, "bruce@example.org").await;
    let link = mailed_token(&app, account_id(&app, &bruce).await, "verify_email").await;

    problem(
        verify(
            &app,
            &wallace,
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        )
        .await,
        404,
        "token_not_found",
    )
    .await;
    problem(verify(&app, &wallace, "").await, 404, "token_not_found").await;
    problem(verify(&app, &wallace, &link).await, 404, "token_not_found").await;
    // Still Bruce's to use.
    assert_eq!(verify(&app, &bruce, &link).await.status(), 200);
}

#[tokio::test]
async fn a_link_to_an_address_since_replaced_is_410_token_expired() {
    let app = spawn_app().await;
    let token = app.signed_up("bruce").await;
    put_email(&app, &token, "old@example.org").await;
    let id = account_id(&app, &token).await;
    let old = mailed_token(&app, id, "verify_email").await;
    put_email(&app, &token, "new@example.org").await;

    problem(verify(&app, &token, &old).await, 410, "token_expired").await;
    let body = me(&app, &token).await;
    assert_eq!(body["email"], "new@example.org");
    assert_eq!(body["email_verified"], false);
}

#[tokio::test]
async fn malformed_addresses_and_header_injection_are_422_invalid_email_and_change_nothing() {
    let app = spawn_app().await;
    let token = app.signed_up("bruce").await;
    let too_long = format!("{}@{}.org", "a".repeat(60), "b".repeat(190));
    for bad in [
        "",
        "bruce",
        "bruce@localhost",
        "a@b@example.org",
        "bruce @example.org",
        "bruce@example.org\r\nBcc: everyone@example.org",
        "bruce@example.org\nX-Evil: 1",
        "Bruce <bruce@example.org>",
        "a,b@example.org",
        too_long.as_str(),
    ] {
        problem(put_email(&app, &token, bad).await, 422, "invalid_email").await;
    }
    assert_eq!(me(&app, &token).await["email"], Value::Null);
    let id = account_id(&app, &token).await;
    assert!(mails(&app, id).await.is_empty());
    // The same refusal in French, with the same code.
    let res = app
        .client
        .put(app.url("/v1/me/email"))
        .bearer_auth(&token)
        .header("Accept-Language", "fr")
        .json(&json!({ "email": "pas une adresse" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-language"], "fr");
    problem(res, 422, "invalid_email").await;
}

#[tokio::test]
async fn setting_an_address_needs_a_signed_in_account() {
    let app = spawn_app().await;
    let res = app
        .client
        .put(app.url("/v1/me/email"))
        .json(&json!({ "email": "bruce@example.org" }))
        .send()
        .await
        .unwrap();
    problem(res, 401, "unauthorized").await;
    let res = app
        .post_json("/v1/me/email/verify", &json!({ "token": "x" }))
        .await;
    problem(res, 401, "unauthorized").await;
}

#[tokio::test]
async fn an_address_verified_by_another_account_is_409_email_taken_whatever_its_case() {
    let app = spawn_app().await;
    verified(&app, "bruce", "bruce@example.org").await;
    let wallace = app.signed_up("wallace").await;
    problem(
        put_email(&app, &wallace, "BRUCE@example.ORG").await,
        409,
        "email_taken",
    )
    .await;
    assert_eq!(me(&app, &wallace).await["email"], Value::Null);
}

#[tokio::test]
async fn an_unverified_claim_holds_its_address_while_its_link_is_valid_then_is_taken_over() {
    let app = spawn_app().await;
    let bruce = app.signed_up("bruce").await;
    put_email(&app, &bruce, "bruce@example.org").await;
    let bruce_id = account_id(&app, &bruce).await;
    let wallace = app.signed_up("wallace").await;
    problem(
        put_email(&app, &wallace, "Bruce@example.org").await,
        409,
        "email_taken",
    )
    .await;

    expire_tokens(&app, bruce_id).await;
    let res = put_email(&app, &wallace, "Bruce@example.org").await;
    assert_eq!(res.status(), 200);
    assert_eq!(me(&app, &wallace).await["email"], "Bruce@example.org");
    let body = me(&app, &bruce).await;
    assert_eq!(body["email"], Value::Null);
    assert_eq!(body["email_verified"], false);
}

#[tokio::test]
async fn setting_the_same_address_again_resends_the_link_and_a_verified_one_stays_verified() {
    let app = spawn_app().await;
    let token = app.signed_up("bruce").await;
    put_email(&app, &token, "bruce@example.org").await;
    put_email(&app, &token, "bruce@example.org").await;
    let id = account_id(&app, &token).await;
    let queued = mails(&app, id).await;
    assert_eq!(queued.len(), 2);
    assert!(queued.iter().all(|(k, _, _)| k == "verify_email"));
    // Either link works (the newest here).
    let link = mailed_token(&app, id, "verify_email").await;
    assert_eq!(verify(&app, &token, &link).await.status(), 200);

    let res = put_email(&app, &token, "Bruce@Example.org").await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["email_verified"], true);
    assert_eq!(body["verification_sent"], false);
    assert_eq!(mails(&app, id).await.len(), 2);
    assert_eq!(me(&app, &token).await["email_verified"], true);
}

#[tokio::test]
async fn links_asked_for_past_the_limit_are_429_rate_limited() {
    let app = spawn_app_with(|c| {
        no_mail_worker(c);
        c.login_max_failures = 2;
    })
    .await;
    let token = app.signed_up("bruce").await;
    for _ in 0..2 {
        assert_eq!(
            put_email(&app, &token, "bruce@example.org").await.status(),
            200
        );
    }
    let res = put_email(&app, &token, "bruce@example.org").await;
    assert!(res.headers().contains_key("retry-after"));
    problem(res, 429, "rate_limited").await;
}

#[tokio::test]
async fn a_deleted_account_frees_its_address() {
    let app = spawn_app().await;
    let bruce = verified(&app, "bruce", "bruce@example.org").await;
    let res = app
        .client
        .delete(app.url("/v1/me"))
        .bearer_auth(&bruce)
        .json(&json!({ "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    let wallace = app.signed_up("wallace").await;
    assert_eq!(
        put_email(&app, &wallace, "bruce@example.org")
            .await
            .status(),
        200
    );
    // A reset asked for the address reaches its new holder only.
    assert_eq!(ask_reset(&app, "bruce@example.org").await.status(), 202);
    let wallace_id = account_id(&app, &wallace).await;
    assert!(
        mails(&app, wallace_id)
            .await
            .iter()
            .any(|(k, _, _)| k == "password_reset")
    );
}

#[tokio::test]
async fn a_reset_is_202_whatever_the_address_and_mails_only_an_account_that_has_it() {
    let app = spawn_app().await;
    let token = app.signed_up("bruce").await;
    // Unverified addresses get reset links too.
    put_email(&app, &token, "Bruce@example.org").await;
    let id = account_id(&app, &token).await;

    let res = ask_reset(&app, "nobody@example.org").await;
    assert_eq!(res.status(), 202);
    assert_eq!(res.content_length(), Some(0));
    let all: i64 = sqlx::query_scalar("SELECT count(*) FROM mail_outbox")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(all, 1, "only the verification mail");

    let res = ask_reset(&app, "bruce@EXAMPLE.org").await;
    assert_eq!(res.status(), 202);
    assert_eq!(res.content_length(), Some(0));
    let queued = mails(&app, id).await;
    let (kind, to, payload) = &queued[0];
    assert_eq!(kind, "password_reset");
    assert_eq!(
        to, "Bruce@example.org",
        "to the address as the account has it"
    );
    let keys: Vec<&String> = payload.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["token"]);
    let (minutes,): (f64,) = sqlx::query_as(
        "SELECT (extract(epoch FROM expires_at - created_at) / 60)::float8 FROM account_tokens \
         WHERE account_id = $1 AND purpose = 'password_reset'",
    )
    .bind(id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(minutes, 60.0);

    problem(
        ask_reset(&app, "not an address").await,
        422,
        "invalid_email",
    )
    .await;
}

#[tokio::test]
async fn a_reset_sets_the_password_ends_every_session_and_verifies_the_address_it_reached() {
    let app = spawn_app().await;
    let token = app.signed_up("bruce").await;
    put_email(&app, &token, "bruce@example.org").await;
    let id = account_id(&app, &token).await;
    let tokens: Value = app.login("bruce", PASSWORD).await.json().await.unwrap();
    let res = app
        .client
        .post(app.url("/v1/me/tokens"))
        .bearer_auth(&token)
        .json(&json!({"name": "script", "scopes": ["account:read"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let personal = res.json::<Value>().await.unwrap()["token"]
        .as_str()
        .unwrap()
        .to_string();
    ask_reset(&app, "bruce@example.org").await;
    let link = mailed_token(&app, id, "password_reset").await;

    let res = confirm_reset(&app, &link, "arbroath1320").await;
    assert_eq!(res.status(), 204);
    // Every access token and personal token of before is refused at once.
    for old in [
        token.as_str(),
        tokens["access_token"].as_str().unwrap(),
        personal.as_str(),
    ] {
        problem(
            app.get_with_token("/v1/me", old).await,
            401,
            "invalid_token",
        )
        .await;
    }
    problem(
        app.login("bruce", PASSWORD).await,
        401,
        "invalid_credentials",
    )
    .await;
    assert_eq!(app.login("bruce", "arbroath1320").await.status(), 200);
    let res = app
        .post_json(
            "/v1/auth/refresh",
            &json!({ "refresh_token": tokens["refresh_token"] }),
        )
        .await;
    problem(res, 401, "invalid_refresh_token").await;
    let fresh: Value = app
        .login("bruce", "arbroath1320")
        .await
        .json()
        .await
        .unwrap();
    let body = me(&app, fresh["access_token"].as_str().unwrap()).await;
    assert_eq!(body["email_verified"], true);

    // Once only.
    problem(
        confirm_reset(&app, &link, "another-password").await,
        410,
        "token_expired",
    )
    .await;
    assert_eq!(app.login("bruce", "arbroath1320").await.status(), 200);
}

#[tokio::test]
async fn a_used_reset_link_retires_the_accounts_other_reset_links() {
    let app = spawn_app().await;
    let token = app.signed_up("bruce").await;
    put_email(&app, &token, "bruce@example.org").await;
    let id = account_id(&app, &token).await;
    ask_reset(&app, "bruce@example.org").await;
    let first = mailed_token(&app, id, "password_reset").await;
    ask_reset(&app, "bruce@example.org").await;
    let second = mailed_token(&app, id, "password_reset").await;
    assert_ne!(first, second);

    assert_eq!(
        confirm_reset(&app, &second, "arbroath1320").await.status(),
        204
    );
    problem(
        confirm_reset(&app, &first, "another-password").await,
        410,
        "token_expired",
    )
    .await;
    assert_eq!(app.login("bruce", "arbroath1320").await.status(), 200);
}

#[tokio::test]
async fn an_expired_or_unknown_reset_token_or_a_bad_password_changes_nothing() {
    let app = spawn_app().await;
    let token = app.signed_up("bruce").await;
    put_email(&app, &token, "bruce@example.org").await;
    let id = account_id(&app, &token).await;
    ask_reset(&app, "bruce@example.org").await;
    let link = mailed_token(&app, id, "password_reset").await;

    problem(
        confirm_reset(&app, &link, "short").await,
        422,
        "invalid_password",
    )
    .await;
    problem(
        confirm_reset(
            &app,
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "arbroath1320",
        )
        .await,
        404,
        "token_not_found",
    )
    .await;
    // A verification token is no reset token.
    let verification = mailed_token(&app, id, "verify_email").await;
    problem(
        confirm_reset(&app, &verification, "arbroath1320").await,
        404,
        "token_not_found",
    )
    .await;
    expire_tokens(&app, id).await;
    problem(
        confirm_reset(&app, &link, "arbroath1320").await,
        410,
        "token_expired",
    )
    .await;
    assert_eq!(app.login("bruce", PASSWORD).await.status(), 200);
    problem(
        app.login("bruce", "arbroath1320").await,
        401,
        "invalid_credentials",
    )
    .await;
}

#[tokio::test]
async fn resets_past_the_limit_for_one_address_or_from_one_client_are_429_rate_limited() {
    let app = spawn_app_with(|c| {
        no_mail_worker(c);
        c.login_max_failures = 2;
    })
    .await;
    for _ in 0..2 {
        assert_eq!(ask_reset(&app, "bruce@example.org").await.status(), 202);
    }
    let res = ask_reset(&app, "BRUCE@example.org").await;
    assert!(res.headers().contains_key("retry-after"));
    // The published budget says nothing is left, whichever key refused.
    let limit = res.headers()["ratelimit"].to_str().unwrap().to_string();
    assert!(limit.starts_with("\"password-reset\";r=0;t="), "{limit}");
    problem(res, 429, "rate_limited").await;
    // The same client, another address: the client has used up its budget too.
    problem(
        ask_reset(&app, "wallace@example.org").await,
        429,
        "rate_limited",
    )
    .await;
    // Signing in is counted apart.
    let token = app.signed_up("bruce").await;
    assert!(!token.is_empty());
}

#[tokio::test]
async fn a_token_expired_for_over_a_week_is_forgotten_when_the_account_asks_for_another() {
    let app = spawn_app().await;
    let token = app.signed_up("bruce").await;
    put_email(&app, &token, "bruce@example.org").await;
    let id = account_id(&app, &token).await;
    let old = mailed_token(&app, id, "verify_email").await;
    sqlx::query(
        "UPDATE account_tokens SET created_at = now() - interval '9 days', \
         expires_at = now() - interval '8 days' WHERE account_id = $1",
    )
    .bind(id)
    .execute(&app.pool)
    .await
    .unwrap();
    problem(verify(&app, &token, &old).await, 410, "token_expired").await;
    put_email(&app, &token, "bruce@example.org").await;
    problem(verify(&app, &token, &old).await, 404, "token_not_found").await;
    let kept: i64 = sqlx::query_scalar("SELECT count(*) FROM account_tokens WHERE account_id = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(kept, 1);
}

/// The `#/…/{token}` link of a received mail whose path has `route`.
fn link_token(links: &[String], route: &str) -> String {
    let link = links
        .iter()
        .find(|l| l.contains(route))
        .unwrap_or_else(|| panic!("no {route} link in {links:?}"));
    link.rsplit('/').next().unwrap().to_string()
}

#[tokio::test]
async fn the_mailed_links_arrive_over_smtp_and_verify_the_address_and_reset_the_password() {
    let sink = SmtpSink::start();
    let url = sink.url();
    let app = spawn_app_with(move |c| {
        c.mail.enabled = true;
        c.mail.transport = MailTransport::Smtp(url);
    })
    .await;
    let token = app.signed_up("bruce").await;
    assert_eq!(
        put_email(&app, &token, "bruce@example.org").await.status(),
        200
    );
    let got = sink.wait_for(1, Duration::from_secs(30)).await;
    assert_eq!(got[0].to, ["bruce@example.org"]);
    let link = link_token(&got[0].links(), "#/verify-email/");
    assert_eq!(verify(&app, &token, &link).await.status(), 200);
    assert_eq!(me(&app, &token).await["email_verified"], true);

    assert_eq!(ask_reset(&app, "bruce@example.org").await.status(), 202);
    let got = sink.wait_for(2, Duration::from_secs(30)).await;
    let link = link_token(&got[1].links(), "#/reset-password/");
    assert_eq!(
        confirm_reset(&app, &link, "arbroath1320").await.status(),
        204
    );
    assert_eq!(app.login("bruce", "arbroath1320").await.status(), 200);
}

#[tokio::test]
async fn a_reset_for_an_unknown_address_does_the_same_work_as_for_a_known_one() {
    // No reset worker: what the request itself did stays to be seen.
    let app = spawn_app_with(|c| {
        no_mail_worker(c);
        c.password_reset_poll = None;
    })
    .await;
    let token = app.signed_up("bruce").await;
    put_email(&app, &token, "bruce@example.org").await;
    let id = account_id(&app, &token).await;
    let tokens_before: i64 = sqlx::query_scalar("SELECT count(*) FROM account_tokens")
        .fetch_one(&app.pool)
        .await
        .unwrap();

    for email in ["bruce@example.org", "nobody@example.org"] {
        let res = ask_reset(&app, email).await;
        assert_eq!(res.status(), 202);
        assert_eq!(res.content_length(), Some(0));
    }
    // Each request queued one row, alike; neither looked the address up nor wrote a link.
    let queued: Vec<String> = sqlx::query_scalar(
        "SELECT email FROM password_reset_requests ORDER BY requested_at, email",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let mut sorted = queued.clone();
    sorted.sort();
    assert_eq!(sorted, ["bruce@example.org", "nobody@example.org"]);
    let tokens_after: i64 = sqlx::query_scalar("SELECT count(*) FROM account_tokens")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(tokens_after, tokens_before, "no link issued by the request");
    assert!(
        mails(&app, id)
            .await
            .iter()
            .all(|(k, _, _)| k != "password_reset"),
        "no mail queued by the request"
    );

    // The worker finds out afterwards: a link for the account that has the address, nothing
    // for the other, and both requests gone.
    assert_eq!(
        lords::accounts::email::resolve_resets(&app.pool)
            .await
            .unwrap(),
        2
    );
    assert_eq!(queued_resets(&app).await, 0);
    let link = mailed_token(&app, id, "password_reset").await;
    assert_eq!(
        confirm_reset(&app, &link, "arbroath1320").await.status(),
        204
    );
    let resets: i64 =
        sqlx::query_scalar("SELECT count(*) FROM mail_outbox WHERE kind = 'password_reset'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(resets, 1);
    assert_eq!(
        lords::accounts::email::resolve_resets(&app.pool)
            .await
            .unwrap(),
        0
    );
}
