//! The OAuth 2.0 authorization server over HTTP (RFC 6749, RFC 7636, RFC 8252, RFC 8414, RFC
//! 7009): the metadata, checking authorization requests, approving and denying, the token
//! endpoint's grants and errors (RFC 6749 §5.2), refresh rotation and reuse detection,
//! revocation, the account's authorizations, the tokens' scopes enforced, and a real OAuth
//! client library (Python's authlib, tests/support/oauth_client.py) completing the flow.

use crate::common;

use std::process::Command;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use common::app::{TestApp, problem, spawn_app, spawn_app_with};
use common::budgets::{in_one_window, remaining, small};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const CLIENT: &str = "Kilt Bot";
const REDIRECT: &str = "https://app.example/callback";

/// A PKCE verifier and its S256 challenge.
fn pkce(seed: &str) -> (String, String) {
    let verifier = format!("{seed}-verifier-{}", "x".repeat(40));
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    (verifier, challenge)
}

/// An authorization request's parameters, to adjust.
fn request(challenge: &str) -> Value {
    json!({
        "response_type": "code", "client_id": CLIENT, "redirect_uri": REDIRECT,
        "scope": "account:read game:read", "state": "st4te/+?", "code_challenge": challenge,
        "code_challenge_method": "S256",
    })
}

async fn decide(
    app: &TestApp,
    session: &str,
    mut request: Value,
    approve: bool,
) -> reqwest::Response {
    request["approve"] = json!(approve);
    app.client
        .post(app.url("/v1/oauth/authorizations"))
        .bearer_auth(session)
        .json(&request)
        .send()
        .await
        .unwrap()
}

/// The query parameters of a redirect.
fn query_of(url: &str) -> Vec<(String, String)> {
    url::Url::parse(url)
        .unwrap()
        .query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

fn param(url: &str, name: &str) -> Option<String> {
    query_of(url)
        .into_iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v)
}

/// Approves `request` and returns the code.
async fn approve(app: &TestApp, session: &str, request: Value) -> String {
    let res = decide(app, session, request, true).await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    let to = body["redirect_to"].as_str().unwrap();
    assert!(to.starts_with(REDIRECT), "{to}");
    param(to, "code").expect("a code")
}

async fn form(app: &TestApp, path: &str, params: &[(&str, &str)]) -> reqwest::Response {
    let body = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(params)
        .finish();
    app.client
        .post(app.url(path))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .unwrap()
}

async fn exchange(app: &TestApp, code: &str, verifier: &str) -> reqwest::Response {
    form(
        app,
        "/oauth/token",
        &[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", REDIRECT),
            ("client_id", CLIENT),
            ("code_verifier", verifier),
        ],
    )
    .await
}

async fn refresh(app: &TestApp, refresh_token: &str, scope: Option<&str>) -> reqwest::Response {
    let mut params = vec![
        ("grant_type", "refresh_token"),
        ("refresh_token", refresh_token),
        ("client_id", CLIENT),
    ];
    if let Some(scope) = scope {
        params.push(("scope", scope));
    }
    form(app, "/oauth/token", &params).await
}

/// Asserts an RFC 6749 §5.2 error.
async fn oauth_error(res: reqwest::Response, error: &str) {
    assert_eq!(res.status(), 400);
    assert_eq!(res.headers()["cache-control"], "no-store");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"], error, "{body}");
    assert!(body["error_description"].is_string(), "{body}");
}

/// Asserts a 429 in RFC 6749 §5.2's shape, with a `Retry-After` of at most the window.
async fn rate_limited(res: reqwest::Response) {
    assert_eq!(res.status(), 429);
    assert_eq!(res.headers()["cache-control"], "no-store");
    let wait: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"], "rate_limited", "{body}");
    assert!(body["error_description"].is_string(), "{body}");
}

/// Tokens of a whole flow for a fresh account: (session JWT, token response).
async fn authorized(app: &TestApp, username: &str, scope: &str) -> (String, Value) {
    let session = app.signed_up(username).await;
    let (verifier, challenge) = pkce(username);
    let mut req = request(&challenge);
    req["scope"] = json!(scope);
    let code = approve(app, &session, req).await;
    let res = exchange(app, &code, &verifier).await;
    assert_eq!(res.status(), 200);
    (session, res.json().await.unwrap())
}

fn s(v: &Value, field: &str) -> String {
    v[field].as_str().unwrap().to_string()
}

async fn status_with(app: &TestApp, path: &str, token: &str) -> u16 {
    app.get_with_token(path, token).await.status().as_u16()
}

/// The consent check of an authorization request's parameters.
async fn consent(app: &TestApp, params: &Value) -> reqwest::Response {
    let query = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(
            params
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string())),
        )
        .finish();
    app.get(&format!("/v1/oauth/consent?{query}")).await
}

/// Without `--public-url` the server names itself by the address it bound: a client that reads
/// the metadata reaches the server that answered, whatever `--listen` said.
#[tokio::test]
async fn without_a_public_url_the_metadata_names_the_address_bound() {
    let app = spawn_app_with(|c| c.mail.public_url_from_listen = true).await;
    let body: Value = app
        .get("/.well-known/oauth-authorization-server")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["issuer"], app.address.as_str());
    assert_eq!(
        body["token_endpoint"],
        format!("{}/oauth/token", app.address)
    );
    // The token endpoint it names answers (a request without a grant is refused, not lost).
    let res = reqwest::Client::new()
        .post(body["token_endpoint"].as_str().unwrap())
        .form(&[("grant_type", "authorization_code")])
        .send()
        .await
        .expect("the token endpoint named is the server's");
    assert_eq!(res.status(), 400);
}

#[test]
fn a_public_url_made_from_an_address_that_is_not_loopback_is_warned_about() {
    use lords::startup::{public_url_of, public_url_warning};
    let any: std::net::SocketAddr = "0.0.0.0:8080".parse().unwrap();
    let lan: std::net::SocketAddr = "192.168.1.20:8080".parse().unwrap();
    let local: std::net::SocketAddr = "127.0.0.1:19301".parse().unwrap();
    let local6: std::net::SocketAddr = "[::1]:19301".parse().unwrap();
    assert_eq!(public_url_of(local), "http://127.0.0.1:19301");
    assert_eq!(public_url_of(local6), "http://[::1]:19301");
    for bound in [any, lan] {
        let warning = public_url_warning(bound, true, &public_url_of(bound))
            .expect("a derived public URL on an address that is not loopback is warned about");
        assert!(warning.contains("--public-url"), "{warning}");
        assert!(warning.contains(&public_url_of(bound)), "{warning}");
        assert_eq!(
            public_url_warning(bound, false, "https://lords.example.org"),
            None
        );
    }
    for bound in [local, local6] {
        assert_eq!(public_url_warning(bound, true, &public_url_of(bound)), None);
    }
}

#[tokio::test]
async fn the_metadata_names_the_endpoints_on_the_public_url() {
    let app = spawn_app().await;
    let res = app.get("/.well-known/oauth-authorization-server").await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["issuer"], "http://lords.test");
    assert_eq!(
        body["authorization_endpoint"],
        "http://lords.test/oauth/authorize"
    );
    assert_eq!(body["token_endpoint"], "http://lords.test/oauth/token");
    assert_eq!(
        body["revocation_endpoint"],
        "http://lords.test/oauth/revoke"
    );
    assert_eq!(body["response_types_supported"], json!(["code"]));
    assert_eq!(
        body["grant_types_supported"],
        json!(["authorization_code", "refresh_token"])
    );
    assert_eq!(body["code_challenge_methods_supported"], json!(["S256"]));
    assert_eq!(
        body["token_endpoint_auth_methods_supported"],
        json!(["none"])
    );
    // Every scope the server supports, `bot:play` (bot accounts' personal tokens) included:
    // RFC 8414 §2 lists what is supported; an authorization request for `bot:play` is still
    // refused (see the consent check's test).
    assert_eq!(
        body["scopes_supported"],
        json!([
            "account:read",
            "game:read",
            "game:play",
            "lobby:write",
            "notifications:write",
            "bot:play"
        ])
    );
}

#[tokio::test]
async fn the_whole_flow_gives_tokens_that_act_within_their_scopes_only() {
    let app = spawn_app().await;
    let session = app.signed_up("robert_bruce").await;
    let (verifier, challenge) = pkce("flow");
    let code = approve(&app, &session, request(&challenge)).await;
    let res = exchange(&app, &code, &verifier).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "no-store");
    let tokens: Value = res.json().await.unwrap();
    assert_eq!(tokens["token_type"], "Bearer");
    assert_eq!(tokens["expires_in"], 3600);
    assert_eq!(tokens["scope"], "account:read game:read");
    let access = s(&tokens, "access_token");
    assert!(access.starts_with("lords_oat_"), "{access}");
    assert!(tokens["refresh_token"].is_string());

    let me = app.get_with_token("/v1/me", &access).await;
    assert_eq!(me.status(), 200);
    assert_eq!(
        me.json::<Value>().await.unwrap()["username"],
        "robert_bruce"
    );
    assert_eq!(status_with(&app, "/v1/games", &access).await, 200);

    // A scope it does not hold: 403 with the RFC 6750 §3.1 header naming it.
    let res = app
        .client
        .get(app.url("/v1/me/notification-settings"))
        .bearer_auth(&access)
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.headers()["www-authenticate"],
        "Bearer error=\"insufficient_scope\", scope=\"notifications:write\""
    );
    problem(res, 403, "insufficient_scope").await;
    // A first-party operation.
    problem(
        app.get_with_token("/v1/me/authorizations", &access).await,
        403,
        "first_party_only",
    )
    .await;
    problem(
        decide(&app, &access, request(&challenge), true).await,
        403,
        "first_party_only",
    )
    .await;
}

#[tokio::test]
async fn a_code_presented_twice_is_refused_and_revokes_what_it_issued() {
    let app = spawn_app().await;
    let session = app.signed_up("moray").await;
    let (verifier, challenge) = pkce("twice");
    let code = approve(&app, &session, request(&challenge)).await;
    let tokens: Value = exchange(&app, &code, &verifier).await.json().await.unwrap();
    let access = s(&tokens, "access_token");
    assert_eq!(status_with(&app, "/v1/me", &access).await, 200);

    oauth_error(exchange(&app, &code, &verifier).await, "invalid_grant").await;
    problem(
        app.get_with_token("/v1/me", &access).await,
        401,
        "invalid_token",
    )
    .await;
    oauth_error(
        refresh(&app, &s(&tokens, "refresh_token"), None).await,
        "invalid_grant",
    )
    .await;
}

#[tokio::test]
async fn a_code_is_refused_for_a_wrong_verifier_redirect_client_or_age_and_then_used_up() {
    let app = spawn_app().await;
    let session = app.signed_up("douglas").await;
    let (verifier, challenge) = pkce("errors");
    let (other_verifier, _) = pkce("another");

    // A wrong verifier; the code is used up by the attempt.
    let code = approve(&app, &session, request(&challenge)).await;
    oauth_error(
        exchange(&app, &code, &other_verifier).await,
        "invalid_grant",
    )
    .await;
    oauth_error(exchange(&app, &code, &verifier).await, "invalid_grant").await;

    // Another redirect URI than the request's.
    let code = approve(&app, &session, request(&challenge)).await;
    let res = form(
        &app,
        "/oauth/token",
        &[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", "https://app.example/other"),
            ("client_id", CLIENT),
            ("code_verifier", &verifier),
        ],
    )
    .await;
    oauth_error(res, "invalid_grant").await;

    // Another client.
    let code = approve(&app, &session, request(&challenge)).await;
    let res = form(
        &app,
        "/oauth/token",
        &[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", REDIRECT),
            ("client_id", "Another App"),
            ("code_verifier", &verifier),
        ],
    )
    .await;
    oauth_error(res, "invalid_grant").await;

    // Expired (made so in the database rather than by waiting).
    let code = approve(&app, &session, request(&challenge)).await;
    let expired = sqlx::query("UPDATE oauth_codes SET expires_at = now() - interval '1 second'")
        .execute(&app.pool)
        .await
        .unwrap();
    assert!(expired.rows_affected() >= 1);
    oauth_error(exchange(&app, &code, &verifier).await, "invalid_grant").await;

    // Unknown.
    oauth_error(
        exchange(
            &app,
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            &verifier,
        )
        .await,
        "invalid_grant",
    )
    .await;
}

#[tokio::test]
async fn the_token_endpoint_answers_malformed_requests_with_rfc_6749_errors() {
    let app = spawn_app().await;
    let session = app.signed_up("wallace").await;
    let (verifier, challenge) = pkce("malformed");
    let code = approve(&app, &session, request(&challenge)).await;

    oauth_error(
        form(&app, "/oauth/token", &[("grant_type", "password")]).await,
        "unsupported_grant_type",
    )
    .await;
    // A parameter this server does not know is ignored, even repeated (RFC 6749 §3.1); one it
    // reads, repeated, is refused.
    let res = form(
        &app,
        "/oauth/revoke",
        &[("token", "lords_oat_x"), ("extra", "1"), ("extra", "2")],
    )
    .await;
    assert_eq!(res.status(), 200);
    oauth_error(
        form(&app, "/oauth/token", &[("code", &code)]).await,
        "invalid_request",
    )
    .await;
    // Missing the verifier.
    let res = form(
        &app,
        "/oauth/token",
        &[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", REDIRECT),
            ("client_id", CLIENT),
        ],
    )
    .await;
    oauth_error(res, "invalid_request").await;
    // A repeated parameter.
    let res = form(
        &app,
        "/oauth/token",
        &[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("code", &code),
            ("redirect_uri", REDIRECT),
            ("client_id", CLIENT),
            ("code_verifier", &verifier),
        ],
    )
    .await;
    oauth_error(res, "invalid_request").await;
    // A verifier outside RFC 7636's form.
    oauth_error(exchange(&app, &code, "short").await, "invalid_request").await;
    // JSON rather than a form.
    let res = app
        .post_json("/oauth/token", &json!({"grant_type": "authorization_code"}))
        .await;
    oauth_error(res, "invalid_request").await;
    // None of these used the code up.
    assert_eq!(exchange(&app, &code, &verifier).await.status(), 200);
}

#[tokio::test]
async fn the_consent_check_refuses_bad_clients_redirects_challenges_and_scopes_without_redirecting()
{
    let app = spawn_app().await;
    let (_, challenge) = pkce("consent");
    let consent = |params: Value| {
        let app = &app;
        async move { consent(app, &params).await }
    };

    let res = consent(request(&challenge)).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["client_id"], CLIENT);
    assert_eq!(body["redirect_uri"], REDIRECT);
    assert_eq!(body["redirect_origin"], "https://app.example");
    assert_eq!(body["redirect_error"], Value::Null);
    assert_eq!(body["scopes"][0]["scope"], "account:read");
    assert!(body["scopes"][1]["description"].is_string());

    let with = |field: &str, value: &str| {
        let mut r = request(&challenge);
        r[field] = json!(value);
        r
    };
    let without = |field: &str| {
        let mut r = request(&challenge);
        r.as_object_mut().unwrap().remove(field);
        r
    };
    let refused = [
        with("client_id", ""),
        with("client_id", &"x".repeat(65)),
        with("client_id", "tab\there"),
        without("client_id"),
        without("redirect_uri"),
        with("redirect_uri", "http://app.example/callback"),
        with("redirect_uri", "http://192.168.1.2:8080/callback"),
        with("redirect_uri", "https://app.example/callback#fragment"),
        with("redirect_uri", "myapp:/callback"),
        with("redirect_uri", "javascript:alert(1)"),
        with("redirect_uri", "/relative/callback"),
        with("code_challenge_method", "plain"),
        without("code_challenge_method"),
        without("code_challenge"),
        with("code_challenge", "too-short"),
        with("scope", "game:read game:cheat"),
        with("scope", ""),
        with("scope", "bot:play"),
    ];
    for params in refused {
        let res = consent(params.clone()).await;
        assert_eq!(res.status(), 422, "{params}");
        problem(res, 422, "invalid_request").await;
    }
    // Unknown response types are told to the app, by a redirect, with its state or without.
    let res = consent(with("response_type", "token")).await;
    let body: Value = res.json().await.unwrap();
    let to = body["redirect_error"].as_str().unwrap();
    assert!(to.starts_with(REDIRECT), "{to}");
    assert_eq!(
        param(to, "error").as_deref(),
        Some("unsupported_response_type")
    );
    assert_eq!(param(to, "state").as_deref(), Some("st4te/+?"));
    let mut no_state = with("response_type", "token");
    no_state.as_object_mut().unwrap().remove("state");
    let body: Value = consent(no_state).await.json().await.unwrap();
    let to = body["redirect_error"].as_str().unwrap();
    assert_eq!(param(to, "state"), None, "{to}");
    // Native apps' redirect URIs (RFC 8252 §7.1, §7.3).
    for ok in [
        "http://127.0.0.1:49152/cb",
        "http://[::1]:8000/cb",
        "http://localhost/cb",
        "com.example.kiltbot:/oauth",
    ] {
        let res = consent(with("redirect_uri", ok)).await;
        assert_eq!(res.status(), 200, "{ok}");
    }
    let body: Value = consent(with("redirect_uri", "com.example.kiltbot:/oauth"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["redirect_origin"], "com.example.kiltbot:");
    // A repeated parameter.
    let res = app
        .get(&format!(
            "/v1/oauth/consent?client_id=a&client_id=b&response_type=code&redirect_uri={REDIRECT}\
             &scope=game:read&code_challenge={challenge}&code_challenge_method=S256"
        ))
        .await;
    problem(res, 422, "invalid_request").await;
}

#[tokio::test]
async fn approving_and_denying_answer_with_the_redirect_and_its_state() {
    let app = spawn_app().await;
    let session = app.signed_up("randolph").await;
    let (_, challenge) = pkce("decide");

    let res = decide(&app, &session, request(&challenge), false).await;
    assert_eq!(res.status(), 200);
    let to = s(&res.json().await.unwrap(), "redirect_to");
    assert_eq!(
        query_of(&to),
        vec![
            ("error".to_string(), "access_denied".to_string()),
            ("state".to_string(), "st4te/+?".to_string())
        ]
    );

    // The redirect URI's own query is kept; no state, no state.
    let mut req = request(&challenge);
    req["redirect_uri"] = json!("https://app.example/callback?app=1");
    req.as_object_mut().unwrap().remove("state");
    let res = decide(&app, &session, req, true).await;
    assert_eq!(res.status(), 201);
    let to = s(&res.json().await.unwrap(), "redirect_to");
    let params = query_of(&to);
    assert_eq!(params[0], ("app".to_string(), "1".to_string()));
    assert_eq!(params[1].0, "code");
    assert_eq!(params.len(), 2, "{to}");

    let mut req = request(&challenge);
    req["response_type"] = json!("token");
    let res = decide(&app, &session, req, true).await;
    assert_eq!(res.status(), 200);
    let to = s(&res.json().await.unwrap(), "redirect_to");
    assert_eq!(
        param(&to, "error").as_deref(),
        Some("unsupported_response_type")
    );

    let mut req = request(&challenge);
    req["redirect_uri"] = json!("http://app.example/callback");
    problem(
        decide(&app, &session, req, true).await,
        422,
        "invalid_request",
    )
    .await;
    let mut req = request(&challenge);
    req["code_challenge_method"] = json!("plain");
    problem(
        decide(&app, &session, req, false).await,
        422,
        "invalid_request",
    )
    .await;

    let mut req = request(&challenge);
    req["approve"] = json!(true);
    let res = app.post_json("/v1/oauth/authorizations", &req).await;
    problem(res, 401, "unauthorized").await;
}

#[tokio::test]
async fn refresh_rotates_detects_reuse_and_only_narrows_the_scope() {
    let app = spawn_app().await;
    let (session, tokens) = authorized(&app, "stewart", "account:read game:read").await;
    let first = s(&tokens, "refresh_token");

    let res = refresh(&app, &first, None).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "no-store");
    let second: Value = res.json().await.unwrap();
    assert_ne!(s(&second, "refresh_token"), first);
    assert_eq!(second["scope"], "account:read game:read");
    assert_eq!(
        status_with(&app, "/v1/me", &s(&second, "access_token")).await,
        200
    );

    // Narrower: the access token holds less, the refresh token keeps the grant.
    let res = refresh(&app, &s(&second, "refresh_token"), Some("game:read")).await;
    assert_eq!(res.status(), 200);
    let third: Value = res.json().await.unwrap();
    assert_eq!(third["scope"], "game:read");
    let narrow = s(&third, "access_token");
    assert_eq!(status_with(&app, "/v1/games", &narrow).await, 200);
    problem(
        app.get_with_token("/v1/me", &narrow).await,
        403,
        "insufficient_scope",
    )
    .await;

    // Wider is refused, and the token is not used up by it.
    let current = s(&third, "refresh_token");
    oauth_error(
        refresh(&app, &current, Some("game:read game:play")).await,
        "invalid_scope",
    )
    .await;
    // Another client's refresh is refused, and leaves it too.
    let res = form(
        &app,
        "/oauth/token",
        &[
            ("grant_type", "refresh_token"),
            ("refresh_token", &current),
            ("client_id", "Another App"),
        ],
    )
    .await;
    oauth_error(res, "invalid_grant").await;
    let res = refresh(&app, &current, None).await;
    assert_eq!(res.status(), 200);
    let fourth: Value = res.json().await.unwrap();
    assert_eq!(fourth["scope"], "account:read game:read");

    // The first-party refresh refuses an OAuth refresh token, and the other way round.
    let res = app
        .post_json(
            "/v1/auth/refresh",
            &json!({ "refresh_token": s(&fourth, "refresh_token") }),
        )
        .await;
    problem(res, 401, "invalid_refresh_token").await;
    let login: Value = app
        .login("stewart", "correct horse battery")
        .await
        .json()
        .await
        .unwrap();
    oauth_error(
        refresh(&app, &s(&login, "refresh_token"), None).await,
        "invalid_grant",
    )
    .await;
    let _ = session;

    // Reuse: a retired token again revokes the whole authorization.
    oauth_error(refresh(&app, &first, None).await, "invalid_grant").await;
    oauth_error(
        refresh(&app, &s(&fourth, "refresh_token"), None).await,
        "invalid_grant",
    )
    .await;
    problem(
        app.get_with_token("/v1/me", &s(&fourth, "access_token"))
            .await,
        401,
        "invalid_token",
    )
    .await;
}

#[tokio::test]
async fn revoking_an_access_or_a_refresh_token_ends_its_authorization() {
    let app = spawn_app().await;
    let (session, tokens) = authorized(&app, "bruce", "account:read").await;
    let access = s(&tokens, "access_token");
    let res = form(
        &app,
        "/oauth/revoke",
        &[("token", &access), ("token_type_hint", "access_token")],
    )
    .await;
    assert_eq!(res.status(), 200);
    problem(
        app.get_with_token("/v1/me", &access).await,
        401,
        "invalid_token",
    )
    .await;
    oauth_error(
        refresh(&app, &s(&tokens, "refresh_token"), None).await,
        "invalid_grant",
    )
    .await;

    let (verifier, challenge) = pkce("again");
    let mut req = request(&challenge);
    req["scope"] = json!("account:read");
    let code = approve(&app, &session, req).await;
    let tokens: Value = exchange(&app, &code, &verifier).await.json().await.unwrap();
    let res = form(
        &app,
        "/oauth/revoke",
        &[("token", &s(&tokens, "refresh_token"))],
    )
    .await;
    assert_eq!(res.status(), 200);
    problem(
        app.get_with_token("/v1/me", &s(&tokens, "access_token"))
            .await,
        401,
        "invalid_token",
    )
    .await;
    oauth_error(
        refresh(&app, &s(&tokens, "refresh_token"), None).await,
        "invalid_grant",
    )
    .await;

    // Unknown tokens too are answered 200.
    let res = form(&app, "/oauth/revoke", &[("token", "not-a-token")]).await;
    assert_eq!(res.status(), 200);
    // The session signed in with a password is not an OAuth token: untouched.
    let res = form(&app, "/oauth/revoke", &[("token", &session)]).await;
    assert_eq!(res.status(), 200);
    assert_eq!(status_with(&app, "/v1/me", &session).await, 200);
}

#[tokio::test]
async fn the_account_lists_its_authorizations_and_deleting_one_ends_it_at_once() {
    let app = spawn_app().await;
    let (session, tokens) = authorized(&app, "fergusson", "game:read game:play").await;
    let access = s(&tokens, "access_token");
    assert_eq!(status_with(&app, "/v1/games", &access).await, 200);

    let res = app.get_with_token("/v1/me/authorizations", &session).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    let list = body["authorizations"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{body}");
    assert_eq!(list[0]["client_id"], CLIENT);
    assert_eq!(list[0]["redirect_origin"], "https://app.example");
    assert_eq!(list[0]["scopes"], json!(["game:read", "game:play"]));
    assert!(list[0]["created_at"].is_string());
    let id = s(&list[0], "id");

    let other = app.signed_up("wemyss").await;
    let res = app
        .client
        .delete(app.url(&format!("/v1/me/authorizations/{id}")))
        .bearer_auth(&other)
        .send()
        .await
        .unwrap();
    problem(res, 404, "authorization_not_found").await;

    let res = app
        .client
        .delete(app.url(&format!("/v1/me/authorizations/{id}")))
        .bearer_auth(&session)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    problem(
        app.get_with_token("/v1/games", &access).await,
        401,
        "invalid_token",
    )
    .await;
    oauth_error(
        refresh(&app, &s(&tokens, "refresh_token"), None).await,
        "invalid_grant",
    )
    .await;
    let body: Value = app
        .get_with_token("/v1/me/authorizations", &session)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["authorizations"], json!([]));
    let res = app
        .client
        .delete(app.url(&format!("/v1/me/authorizations/{id}")))
        .bearer_auth(&session)
        .send()
        .await
        .unwrap();
    problem(res, 404, "authorization_not_found").await;
}

/// A real OAuth client library does the whole flow: Python's authlib builds the authorization
/// URL (PKCE S256), the script approves as the consent page does, authlib parses the redirect,
/// fetches the token with the verifier, calls the API, refreshes and revokes, and the revoked
/// token is refused.
#[tokio::test]
async fn authlib_completes_the_flow_refreshes_and_revokes() {
    let app = spawn_app().await;
    let session = app.signed_up("authlib_user").await;
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/support/oauth_client.py");
    let address = app.address.clone();
    let out = tokio::task::spawn_blocking(move || {
        Command::new("python3")
            .arg(script)
            .arg(address)
            .arg(session)
            .arg("authlib_user")
            // The server listens on plain http on 127.0.0.1; authlib asks for https elsewhere.
            .env("AUTHLIB_INSECURE_TRANSPORT", "1")
            .output()
            .expect("python3 runs")
    })
    .await
    .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the authlib client failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_str(stdout.trim()).expect("a JSON report");
    assert_eq!(report["username"], "authlib_user");
    assert_eq!(report["revoked_status"], 401);
    assert_ne!(
        report["first_refresh_token"],
        report["second_refresh_token"]
    );
}

#[tokio::test]
async fn every_access_token_of_an_app_spends_the_accounts_one_budget() {
    let app = spawn_app_with(small(4, 120, 30)).await;
    in_one_window().await;
    let (session, tokens) = authorized(&app, "kenneth", "account:read").await;
    let first = s(&tokens, "access_token");
    let me = |token: String| {
        let app = &app;
        async move { app.get_with_token("/v1/me", &token).await }
    };
    assert_eq!(remaining(&me(first.clone()).await), 3);
    let second: Value = refresh(&app, &s(&tokens, "refresh_token"), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(remaining(&me(s(&second, "access_token")).await), 2);
    let third: Value = refresh(&app, &s(&second, "refresh_token"), None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(remaining(&me(s(&third, "access_token")).await), 1);
    // The first access token is still live, and spends the same budget.
    let res = me(first).await;
    assert_eq!(res.status(), 200);
    assert_eq!(remaining(&res), 0);
    problem(
        me(s(&third, "access_token")).await,
        429,
        "too_many_requests",
    )
    .await;

    // One budget per account: the person's session and another approval of the same app
    // spend the same one.
    problem(me(session.clone()).await, 429, "too_many_requests").await;
    let (verifier, challenge) = pkce("kenneth-again");
    let mut req = request(&challenge);
    req["scope"] = json!("account:read");
    let code = approve(&app, &session, req).await;
    let again: Value = exchange(&app, &code, &verifier).await.json().await.unwrap();
    problem(
        me(s(&again, "access_token")).await,
        429,
        "too_many_requests",
    )
    .await;
}

#[tokio::test]
async fn failed_token_requests_are_limited_per_client_address_and_answered_429_rate_limited() {
    let app = spawn_app_with(|c| c.login_max_failures = 3).await;
    let session = app.signed_up("malcolm").await;
    let (verifier, challenge) = pkce("limited");
    let code = approve(&app, &session, request(&challenge)).await;

    // Two failures, then a success, which takes its attempt back, then the third failure.
    for _ in 0..2 {
        oauth_error(refresh(&app, "bogus", None).await, "invalid_grant").await;
    }
    assert_eq!(exchange(&app, &code, &verifier).await.status(), 200);
    oauth_error(
        form(&app, "/oauth/token", &[("grant_type", "password")]).await,
        "unsupported_grant_type",
    )
    .await;

    // Over the limit: refused before anything is looked at, in RFC 6749 §5.2's shape.
    let res = refresh(&app, "bogus", None).await;
    rate_limited(res).await;
    // The failures count with the address's failed sign-ins.
    problem(
        app.login("malcolm", "correct horse battery").await,
        429,
        "rate_limited",
    )
    .await;
}

#[tokio::test]
async fn revocation_always_answers_200_and_revokes_nothing_without_a_single_token() {
    let app = spawn_app().await;
    let (_, tokens) = authorized(&app, "alexander", "account:read").await;
    let access = s(&tokens, "access_token");
    let json_body = app
        .client
        .post(app.url("/oauth/revoke"))
        .json(&json!({ "token": access }))
        .send()
        .await
        .unwrap();
    let no_body = app
        .client
        .post(app.url("/oauth/revoke"))
        .send()
        .await
        .unwrap();
    for res in [
        form(&app, "/oauth/revoke", &[("token", "")]).await,
        form(
            &app,
            "/oauth/revoke",
            &[("token_type_hint", "access_token")],
        )
        .await,
        form(
            &app,
            "/oauth/revoke",
            &[("token", &access), ("token", &access)],
        )
        .await,
        no_body,
        json_body,
    ] {
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["cache-control"], "no-store");
    }
    assert_eq!(status_with(&app, "/v1/me", &access).await, 200);
}

#[tokio::test]
async fn a_redirect_uri_without_a_host_or_with_a_loopback_host_written_otherwise_is_refused() {
    let app = spawn_app().await;
    let session = app.signed_up("duncan").await;
    let (_, challenge) = pkce("hosts");
    let with = |uri: &str| {
        let mut req = request(&challenge);
        req["redirect_uri"] = json!(uri);
        req
    };
    for refused in [
        "https:///cb",
        "https:app.example/cb",
        "http:///cb",
        "http://0x7f000001/cb",
        "http://127.1/cb",
        "http://2130706433/cb",
        "http://127.0.0.001/cb",
    ] {
        problem(consent(&app, &with(refused)).await, 422, "invalid_request").await;
        let body = problem(
            decide(&app, &session, with(refused), true).await,
            422,
            "invalid_request",
        )
        .await;
        assert!(body.get("redirect_to").is_none(), "{refused}: {body}");
    }
    // Any address of 127.0.0.0/8 is loopback (RFC 8252 §7.3), written plainly.
    for loopback in [
        "http://127.0.0.2/cb",
        "http://127.255.255.254:8080/cb",
        "http://[::1]/cb",
        "http://localhost:1/cb",
    ] {
        assert_eq!(
            consent(&app, &with(loopback)).await.status(),
            200,
            "{loopback}"
        );
        let res = decide(&app, &session, with(loopback), true).await;
        assert_eq!(res.status(), 201, "{loopback}");
    }
}

#[tokio::test]
async fn the_redirect_is_the_redirect_uri_as_sent_and_the_token_request_repeats_it_exactly() {
    let app = spawn_app().await;
    let session = app.signed_up("macbeth").await;
    let (verifier, challenge) = pkce("exact");
    let with = |uri: &str| {
        let mut req = request(&challenge);
        req["redirect_uri"] = json!(uri);
        req["state"] = json!("s");
        req
    };
    // The parameters come after `?`, or after `&` when the URI has a query of its own
    // (RFC 6749 §3.1.2); nothing of the URI is rewritten.
    for (sent, before_code) in [
        ("HTTPS://APP.EXAMPLE:443/cb", "HTTPS://APP.EXAMPLE:443/cb?"),
        (
            "https://app.example/cb?x=%41",
            "https://app.example/cb?x=%41&",
        ),
        ("https://app.example/cb?", "https://app.example/cb?"),
        ("http://127.0.0.2:80/cb", "http://127.0.0.2:80/cb?"),
        ("com.example.App:/Cb", "com.example.App:/Cb?"),
    ] {
        let res = decide(&app, &session, with(sent), true).await;
        assert_eq!(res.status(), 201, "{sent}");
        let to = s(&res.json().await.unwrap(), "redirect_to");
        assert!(
            to.starts_with(&format!("{before_code}code=")),
            "{sent}: {to}"
        );
        assert!(to.ends_with("&state=s"), "{sent}: {to}");
        let res = decide(&app, &session, with(sent), false).await;
        assert_eq!(res.status(), 200, "{sent}");
        assert_eq!(
            s(&res.json().await.unwrap(), "redirect_to"),
            format!("{before_code}error=access_denied&state=s")
        );
    }

    // The token request: the URI as sent, not what a parser makes of it (RFC 6749 §4.1.3).
    let sent = "HTTPS://APP.EXAMPLE:443/cb";
    let token_request = |code: &str, redirect_uri: &str| {
        let params = [
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirect_uri),
            ("client_id", CLIENT),
            ("code_verifier", verifier.as_str()),
        ]
        .map(|(k, v)| (k.to_string(), v.to_string()));
        let app = &app;
        async move {
            let params: Vec<(&str, &str)> = params
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            form(app, "/oauth/token", &params).await
        }
    };
    let code_of = |res: Value| param(&s(&res, "redirect_to"), "code").unwrap();
    let code = code_of(
        decide(&app, &session, with(sent), true)
            .await
            .json()
            .await
            .unwrap(),
    );
    oauth_error(
        token_request(&code, "https://app.example/cb").await,
        "invalid_grant",
    )
    .await;
    let code = code_of(
        decide(&app, &session, with(sent), true)
            .await
            .json()
            .await
            .unwrap(),
    );
    assert_eq!(token_request(&code, sent).await.status(), 200);
}

/// A raw request to one of the form endpoints.
async fn post_raw(
    app: &TestApp,
    path: &str,
    content_type: &str,
    body: impl Into<reqwest::Body>,
) -> reqwest::Response {
    app.client
        .post(app.url(path))
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn every_token_endpoint_error_is_rfc_6749_shaped_a_nul_a_wrong_type_and_a_large_body_included()
 {
    let app = spawn_app().await;
    let form_type = "application/x-www-form-urlencoded";
    // A NUL in a parameter (once refused by PostgreSQL: a 500).
    let res = form(
        &app,
        "/oauth/token",
        &[
            ("grant_type", "refresh_token"),
            ("refresh_token", "bogus"),
            ("client_id", "a\0b"),
        ],
    )
    .await;
    oauth_error(res, "invalid_request").await;
    let res = post_raw(
        &app,
        "/oauth/token",
        form_type,
        "grant_type=refresh_token&refresh_token=x&client_id=a%00b",
    )
    .await;
    oauth_error(res, "invalid_request").await;
    // A body over the limit.
    let big = format!("grant_type=refresh_token&pad={}", "x".repeat(20_000));
    oauth_error(
        post_raw(&app, "/oauth/token", form_type, big).await,
        "invalid_request",
    )
    .await;
    // JSON in another charset, JSON with a key twice, no type at all, a malformed form.
    for (content_type, body) in [
        ("application/json; charset=utf-16", "{}"),
        ("application/json", r#"{"grant_type":"x","grant_type":"y"}"#),
        ("", "grant_type=refresh_token"),
        (form_type, "%zz=%&&=grant_type"),
    ] {
        let res = post_raw(&app, "/oauth/token", content_type, body).await;
        oauth_error(res, "invalid_request").await;
    }
    // Another method than POST (RFC 6749 §3.2).
    let res = app.get("/oauth/token").await;
    assert_eq!(res.status(), 405);
    assert_eq!(res.headers()["allow"], "POST");
    assert_eq!(res.headers()["cache-control"], "no-store");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"], "invalid_request", "{body}");
}

#[tokio::test]
async fn revocation_answers_200_to_any_body_the_rfc_allows_and_ignores_the_hint() {
    let app = spawn_app().await;
    let (_, tokens) = authorized(&app, "aed", "account:read").await;
    let access = s(&tokens, "access_token");
    let form_type = "application/x-www-form-urlencoded";
    for (content_type, body) in [
        // Declared over the body limit.
        (form_type, format!("token=x&pad={}", "x".repeat(20_000))),
        // JSON in another charset, and with a key twice.
        ("application/json; charset=utf-16", "{}".to_string()),
        (
            "application/json",
            r#"{"token":"a","token":"b"}"#.to_string(),
        ),
        // A NUL in the token.
        (form_type, "token=a%00b".to_string()),
        // A hint this server does not know.
        (
            form_type,
            "token=bogus&token_type_hint=id_token".to_string(),
        ),
        ("text/plain", "token".to_string()),
    ] {
        let res = post_raw(&app, "/oauth/revoke", content_type, body).await;
        assert_eq!(res.status(), 200, "{content_type}");
        assert_eq!(res.headers()["cache-control"], "no-store");
    }
    assert_eq!(status_with(&app, "/v1/me", &access).await, 200);
    // An unknown hint does not stop a revocation.
    let res = form(
        &app,
        "/oauth/revoke",
        &[("token", &access), ("token_type_hint", "id_token")],
    )
    .await;
    assert_eq!(res.status(), 200);
    assert_eq!(status_with(&app, "/v1/me", &access).await, 401);
}

#[tokio::test]
async fn revocations_that_revoke_nothing_are_limited_per_client_address_and_answered_429() {
    let app = spawn_app_with(|c| c.login_max_failures = 3).await;
    let (_, tokens) = authorized(&app, "bethoc", "account:read").await;
    // A revocation that revokes something takes its attempt back.
    let res = form(
        &app,
        "/oauth/revoke",
        &[("token", &s(&tokens, "refresh_token"))],
    )
    .await;
    assert_eq!(res.status(), 200);
    for _ in 0..3 {
        let res = form(&app, "/oauth/revoke", &[("token", "bogus")]).await;
        assert_eq!(res.status(), 200);
    }
    let res = form(&app, "/oauth/revoke", &[("token", "bogus")]).await;
    rate_limited(res).await;
    // Counted apart from sign-ins: the address may still sign in.
    assert_eq!(
        app.login("bethoc", "correct horse battery").await.status(),
        200
    );
}

#[tokio::test]
async fn the_fifty_first_live_authorization_is_409_too_many_authorizations() {
    let app = spawn_app().await;
    let session = app.signed_up("lulach").await;
    let (verifier, challenge) = pkce("many");
    // Two exchanged, forty-eight codes not exchanged yet: fifty.
    let mut codes = Vec::new();
    for _ in 0..50 {
        codes.push(approve(&app, &session, request(&challenge)).await);
    }
    for code in &codes[..2] {
        assert_eq!(exchange(&app, code, &verifier).await.status(), 200);
    }
    let res = decide(&app, &session, request(&challenge), true).await;
    problem(res, 409, "too_many_authorizations").await;
    // Exchanging a counted code changes nothing; denying is still answered.
    assert_eq!(exchange(&app, &codes[2], &verifier).await.status(), 200);
    let res = decide(&app, &session, request(&challenge), true).await;
    problem(res, 409, "too_many_authorizations").await;
    assert_eq!(
        decide(&app, &session, request(&challenge), false)
            .await
            .status(),
        200
    );
    // Another account is not counted against it.
    let other = app.signed_up("maelsnechtai").await;
    approve(&app, &other, request(&challenge)).await;
    // A revoked authorization, and an expired code, no longer count.
    let body: Value = app
        .get_with_token("/v1/me/authorizations", &session)
        .await
        .json()
        .await
        .unwrap();
    let id = s(&body["authorizations"][0], "id");
    let res = app
        .client
        .delete(app.url(&format!("/v1/me/authorizations/{id}")))
        .bearer_auth(&session)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    approve(&app, &session, request(&challenge)).await;
    problem(
        decide(&app, &session, request(&challenge), true).await,
        409,
        "too_many_authorizations",
    )
    .await;
    sqlx::query(
        "UPDATE oauth_codes SET expires_at = now() - interval '1 second' WHERE code_hash = \
         (SELECT c.code_hash FROM oauth_codes c JOIN accounts a ON a.id = c.account_id \
          WHERE a.username = 'lulach' AND c.used_at IS NULL LIMIT 1)",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    approve(&app, &session, request(&challenge)).await;
}

/// Every credential one account holds, from a session the person does not use (the one a thief
/// would hold), and what each still gets after the authority that made them ends.
struct Credentials {
    /// Another sign-in's access token and refresh token.
    other_session: Value,
    personal: String,
    app: Value,
    /// A code approved and not yet exchanged, with its verifier.
    code: (String, String),
}

async fn every_credential(app: &TestApp, username: &str, session: &str) -> Credentials {
    let res = app.login(username, "correct horse battery").await;
    assert_eq!(res.status(), 200);
    let other_session: Value = res.json().await.unwrap();
    let res = app
        .client
        .post(app.url("/v1/me/tokens"))
        .bearer_auth(session)
        .json(&json!({"name": "script", "scopes": ["account:read"], "expires_in_days": null}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let personal = s(&res.json().await.unwrap(), "token");
    let (verifier, challenge) = pkce(&format!("{username}-app"));
    let mut req = request(&challenge);
    req["scope"] = json!("account:read");
    let code = approve(app, session, req).await;
    let res = exchange(app, &code, &verifier).await;
    assert_eq!(res.status(), 200);
    let app_tokens: Value = res.json().await.unwrap();
    let (verifier, challenge) = pkce(&format!("{username}-later"));
    let code = approve(app, session, request(&challenge)).await;
    let creds = Credentials {
        other_session,
        personal,
        app: app_tokens,
        code: (code, verifier),
    };
    // Each works before.
    for token in [
        s(&creds.other_session, "access_token"),
        creds.personal.clone(),
        s(&creds.app, "access_token"),
    ] {
        assert_eq!(status_with(app, "/v1/me", &token).await, 200);
    }
    creds
}

/// Asserts that nothing of `creds` works any more: every access token is refused on a read and
/// on minting a credential, every refresh token and the unexchanged code are refused.
async fn all_dead(app: &TestApp, creds: &Credentials) {
    let stolen = s(&creds.other_session, "access_token");
    for token in [&stolen, &creds.personal, &s(&creds.app, "access_token")] {
        problem(
            app.get_with_token("/v1/me", token).await,
            401,
            "invalid_token",
        )
        .await;
    }
    let res = app
        .client
        .post(app.url("/v1/me/tokens"))
        .bearer_auth(&stolen)
        .json(&json!({"name": "backdoor", "scopes": ["account:read"], "expires_in_days": null}))
        .send()
        .await
        .unwrap();
    problem(res, 401, "invalid_token").await;
    let (_, challenge) = pkce("backdoor");
    problem(
        decide(app, &stolen, request(&challenge), true).await,
        401,
        "invalid_token",
    )
    .await;
    problem(
        app.post_json(
            "/v1/auth/refresh",
            &json!({"refresh_token": s(&creds.other_session, "refresh_token")}),
        )
        .await,
        401,
        "invalid_refresh_token",
    )
    .await;
    oauth_error(
        refresh(app, &s(&creds.app, "refresh_token"), None).await,
        "invalid_grant",
    )
    .await;
    let (code, verifier) = &creds.code;
    oauth_error(exchange(app, code, verifier).await, "invalid_grant").await;
}

/// Signing out everywhere, changing the password and deleting the account each end every
/// credential the account gave, at once (the password reset: tests/it/email.rs).
#[tokio::test]
async fn ending_the_accounts_authority_ends_every_session_token_authorization_and_code() {
    let app = spawn_app().await;
    let ends = [
        (
            "alpin",
            "POST",
            "/v1/me/password",
            Some(json!({
            "current_password": "correct horse battery", "new_password": "dunadd-843"})),
        ),
        ("causantin", "POST", "/v1/auth/logout", None),
        (
            "giric",
            "DELETE",
            "/v1/me",
            Some(json!({"password": "correct horse battery"})),
        ),
    ];
    for (username, method, path, body) in ends {
        let session = app.signed_up(username).await;
        let creds = every_credential(&app, username, &session).await;
        let mut req = app
            .client
            .request(method.parse().unwrap(), app.url(path))
            .bearer_auth(&session);
        if let Some(body) = body {
            req = req.json(&body);
        }
        assert_eq!(req.send().await.unwrap().status(), 204, "{path}");
        all_dead(&app, &creds).await;
        // The session that did it ends too.
        problem(
            app.get_with_token("/v1/me", &session).await,
            401,
            "invalid_token",
        )
        .await;
    }
    assert_eq!(app.login("alpin", "dunadd-843").await.status(), 200);
}
