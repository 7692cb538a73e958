//! The web client's "Apps and tokens" screen and OAuth consent page in a real browser (Debian's
//! Chromium driven by playwright-core, `web/tests/tokens.mjs` and `web/tests/consent.mjs`), in
//! English and French, on a phone and a desktop, with screenshots in `target/screenshots/`.
//! Between the browser's phases this test does what the programs would: it uses the personal
//! tokens the page made over HTTP, exchanges the code the consent page sent to the app's
//! redirect URI at `POST /oauth/token` and uses the access token; after the page revoked them,
//! they are refused.
//!
//! The browser checks need Node and Chromium: see `common::browser`.

use crate::common;

use common::app::{TestApp, problem, spawn_app};
use common::browser::{run_script_with, screenshots};
use serde_json::Value;

/// The value printed by a script on a line `<label>: <value>`.
fn printed<'a>(stdout: &'a str, label: &str) -> &'a str {
    let prefix = format!("{label}: ");
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("the script never printed {label}"))
        .trim()
}

fn assert_said(stdout: &str, lines: &[&str]) {
    for line in lines {
        assert!(
            stdout.contains(line),
            "the browser checks never said: {line}"
        );
    }
}

fn assert_screenshots(names: &[&str]) {
    for name in names {
        let shot = screenshots().join(format!("{name}.png"));
        assert!(shot.exists(), "{} was not written", shot.display());
    }
}

async fn me_with(app: &TestApp, token: &str) -> reqwest::Response {
    app.get_with_token("/v1/me", token).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_personal_token_made_in_the_browser_is_shown_once_works_over_http_and_is_revoked() {
    let app = spawn_app().await;
    app.signed_up("alba").await;

    let stdout = run_script_with(
        "tokens.mjs",
        &app.address,
        "the tokens browser checks",
        &[("LORDS_PHASE", "create")],
    )
    .await;
    assert_said(
        &stdout,
        &[
            "en: the new token is shown once and copied to the clipboard",
            "fr: the new token is shown once and copied to the clipboard",
            "en: after a reload the token is listed and its secret is gone",
            "fr: after a reload the token is listed and its secret is gone",
            "axe: no serious or critical violation on the en tokens screen",
            "axe: no serious or critical violation on the fr tokens screen",
            "tokens create: all browser checks passed",
        ],
    );
    let tokens = [printed(&stdout, "token en"), printed(&stdout, "token fr")];
    for token in tokens {
        assert!(token.starts_with("lords_pat_"), "{token}");
        // The scopes ticked work: account:read reads the account...
        let res = me_with(&app, token).await;
        assert_eq!(res.status(), 200);
        let me: Value = res.json().await.unwrap();
        assert_eq!(me["username"], "alba");
        // ...and one not ticked is refused.
        let res = app
            .client
            .post(app.url("/v1/games"))
            .bearer_auth(token)
            .json(&serde_json::json!({}))
            .send()
            .await
            .unwrap();
        problem(res, 403, "insufficient_scope").await;
    }
    // Only the hash is kept.
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM api_tokens WHERE kind = 'personal'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stored, 2);

    let stdout = run_script_with(
        "tokens.mjs",
        &app.address,
        "the tokens' revocation browser checks",
        &[("LORDS_PHASE", "revoke")],
    )
    .await;
    assert_said(
        &stdout,
        &[
            "en: the token is revoked after its confirmation and gone from the list",
            "fr: the token is revoked after its confirmation and gone from the list",
            "axe: no serious or critical violation on the en revocation question",
            "tokens revoke: all browser checks passed",
        ],
    );
    for token in tokens {
        problem(me_with(&app, token).await, 401, "invalid_token").await;
    }
    assert_screenshots(&[
        "tokens-new-360x640",
        "tokens-fr-new-1280x800",
        "tokens-360x640",
        "tokens-1280x800",
        "tokens-fr-360x640",
        "tokens-fr-1280x800",
        "tokens-revoke-1280x800",
        "tokens-revoke-fr-360x640",
    ]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_consent_page_sends_the_code_to_the_app_and_apps_and_tokens_revokes_its_access() {
    let app = spawn_app().await;
    app.signed_up("alba").await;

    // The authorization endpoint is the web client's page, whatever the query.
    let res = app
        .get("/oauth/authorize?response_type=code&client_id=x")
        .await;
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    assert!(res.headers().contains_key("content-security-policy"));
    let page = res.text().await.unwrap();
    assert!(page.contains(r#"src="/static/js/app.js""#), "{page}");

    let stdout = run_script_with(
        "consent.mjs",
        &app.address,
        "the consent browser checks",
        &[("LORDS_PHASE", "consent")],
    )
    .await;
    assert_said(
        &stdout,
        &[
            "en: signed out, signed in first, then Approve led to the redirect URI with a code and the state",
            "fr: Deny led to the redirect URI with error=access_denied and the state",
            "an unsupported response type is said in words and goes to the redirect URI with its error only by a click",
            "invalid requests (redirect URI, missing or plain challenge) read as the problem and never navigate, in English and French",
            "axe: no serious or critical violation on the en consent",
            "axe: no serious or critical violation on the fr consent",
            "axe: no serious or critical violation on the fr refused request",
            "axe: no serious or critical violation on the fr invalid request",
            "consent: all browser checks passed",
        ],
    );
    let code = printed(&stdout, "code");
    let verifier = printed(&stdout, "verifier");
    let redirect_uri = printed(&stdout, "redirect_uri");

    // The app exchanges the code, as RFC 6749 §4.1.3 and RFC 7636 §4.5 say.
    let res = app
        .client
        .post(app.url("/oauth/token"))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirect_uri),
            ("client_id", "Lochside Scoreboard"),
            ("code_verifier", verifier),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let grant: Value = res.json().await.unwrap();
    let access = grant["access_token"].as_str().unwrap().to_string();
    let refresh = grant["refresh_token"].as_str().unwrap().to_string();
    assert!(access.starts_with("lords_oat_"), "{grant}");
    let res = me_with(&app, &access).await;
    assert_eq!(res.status(), 200);
    let me: Value = res.json().await.unwrap();
    assert_eq!(me["username"], "alba");

    let origin = redirect_uri.trim_end_matches("/cb");
    let stdout = run_script_with(
        "consent.mjs",
        &app.address,
        "the authorized apps' browser checks",
        &[
            ("LORDS_PHASE", "apps"),
            ("LORDS_CLIENT_ID", "Lochside Scoreboard"),
            ("LORDS_REDIRECT_ORIGIN", origin),
        ],
    )
    .await;
    assert_said(
        &stdout,
        &[
            "fr: the authorized app is listed with where it redirects and its scopes in words",
            "en: the authorized app is revoked after its confirmation and gone from the list",
            "axe: no serious or critical violation on the fr authorized apps",
            "apps: all browser checks passed",
        ],
    );
    // Revoked at once: the access token and the refresh token are refused.
    problem(me_with(&app, &access).await, 401, "invalid_token").await;
    let res = app
        .client
        .post(app.url("/oauth/token"))
        .form(&[
            ("grant_type", "refresh_token"),
            ("refresh_token", refresh.as_str()),
            ("client_id", "Lochside Scoreboard"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    let error: Value = res.json().await.unwrap();
    assert_eq!(error["error"], "invalid_grant");

    assert_screenshots(&[
        "consent-signin-360x640",
        "consent-360x640",
        "consent-1280x800",
        "consent-fr-360x640",
        "consent-fr-1280x800",
        "consent-invalid-360x640",
        "consent-invalid-1280x800",
        "consent-invalid-fr-360x640",
        "consent-invalid-fr-1280x800",
        "consent-refused-1280x800",
        "consent-refused-fr-360x640",
        "apps-fr-360x640",
        "apps-1280x800",
    ]);
}
