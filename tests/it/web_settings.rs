//! The web client's settings and mailed-link screens in a real browser (Debian's Chromium driven
//! by playwright-core, `web/tests/settings.mjs`): the address set, refused and sent again from the
//! settings screen, "forgot password" from the sign-in screen, the verification link followed
//! (signing in first) and the reset link used (no sign-in, once), in English and French, on a
//! phone and a desktop, with screenshots in `target/screenshots/`. The tokens of the mailed
//! links are read from the mail queue (the mail worker off), as the worker would send them.
//!
//! The browser checks need Node and Chromium: see `common::browser`.

use crate::common;

use common::app::{TestApp, spawn_app_with};
use common::browser::{run_script_with, screenshots};
use serde_json::{Value, json};
use uuid::Uuid;

/// The token of the newest queued mail of `kind` to `username`.
async fn mailed_token(app: &TestApp, username: &str, kind: &str) -> String {
    let payload: Value = sqlx::query_scalar(
        "SELECT m.payload FROM mail_outbox m JOIN accounts a ON a.id = m.account_id \
         WHERE a.username = $1 AND m.kind = $2 ORDER BY m.created_at DESC LIMIT 1",
    )
    .bind(username)
    .bind(kind)
    .fetch_one(&app.pool)
    .await
    .unwrap_or_else(|e| panic!("no {kind} mail to {username}: {e}"));
    payload["token"].as_str().unwrap().to_string()
}

/// Signs `username` up with a verified `email`.
async fn with_verified_address(app: &TestApp, username: &str, email: &str) {
    let token = app.signed_up(username).await;
    let res = app
        .client
        .put(app.url("/v1/me/email"))
        .bearer_auth(&token)
        .json(&json!({ "email": email }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let link = mailed_token(app, username, "verify_email").await;
    let res = app
        .client
        .post(app.url("/v1/me/email/verify"))
        .bearer_auth(&token)
        .json(&json!({ "token": link }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_settings_screen_sets_the_address_and_the_mailed_links_verify_it_and_reset_a_password()
{
    // The mail worker off: the queued mails keep the tokens this test reads.
    let app = spawn_app_with(|c| c.mail.enabled = false).await;
    app.signed_up("alba").await;
    with_verified_address(&app, "bruce", "bruce@example.org").await;

    let stdout = run_script_with(
        "settings.mjs",
        &app.address,
        "the settings browser checks",
        &[("LORDS_PHASE", "ui")],
    )
    .await;
    for line in [
        "en: refusals read as sentences: « ",
        "fr: refusals read as sentences: « ",
        "en: the address is saved unverified and its link sent again",
        "fr: the address is saved unverified and its link sent again",
        "axe: no serious or critical violation on the en settings",
        "axe: no serious or critical violation on the fr settings",
        "en: \"forgot password\" says the same whatever the address",
        "fr: \"forgot password\" says the same whatever the address",
        "vacation: refused past the days left, started for 3 days, ended early with the days back",
        "notifications: a kind's channels and the digest hour saved and kept across a reload",
        "settings ui: all browser checks passed",
    ] {
        assert!(
            stdout.contains(line),
            "the settings checks never said: {line}"
        );
    }
    // The French "forgot password" named an address no account has: nothing was queued for it.
    let unknown: i64 =
        sqlx::query_scalar("SELECT count(*) FROM mail_outbox WHERE to_address ILIKE 'personne@%'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(unknown, 0);

    let verify = mailed_token(&app, "alba", "verify_email").await;
    let reset = mailed_token(&app, "bruce", "password_reset").await;
    let stdout = run_script_with(
        "settings.mjs",
        &app.address,
        "the mailed links' browser checks",
        &[
            ("LORDS_PHASE", "links"),
            ("LORDS_VERIFY_TOKEN", &verify),
            ("LORDS_RESET_TOKEN", &reset),
        ],
    )
    .await;
    for line in [
        "the verification link signed in first, then verified the address",
        "the reset link set a new password, which signs in",
        "a used reset link reads as expired, in French, and offers a new one",
        "settings links: all browser checks passed",
    ] {
        assert!(
            stdout.contains(line),
            "the mailed links' checks never said: {line}"
        );
    }
    let alba: Uuid = sqlx::query_scalar("SELECT id FROM accounts WHERE username = 'alba'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let verified: bool = sqlx::query_scalar("SELECT email_verified FROM accounts WHERE id = $1")
        .bind(alba)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(verified);

    for name in ["settings", "settings-fr", "forgot", "forgot-fr"] {
        for size in ["360x640", "1280x800"] {
            let shot = screenshots().join(format!("{name}-{size}.png"));
            assert!(shot.exists(), "{} was not written", shot.display());
        }
    }
    for name in [
        "settings-vacation-360x640",
        "verify-360x640",
        "reset-360x640",
        "reset-refused-360x640",
        "reset-expired-fr-1280x800",
    ] {
        let shot = screenshots().join(format!("{name}.png"));
        assert!(shot.exists(), "{} was not written", shot.display());
    }
}
