//! The OAuth 2.0 authorization server over HTTP: its metadata (RFC 8414), the consent page's
//! two calls (`GET /v1/oauth/consent`, `POST /v1/oauth/authorizations`), the token and
//! revocation endpoints (form-encoded, RFC 6749 §3.2 and RFC 7009, answering errors as RFC 6749
//! §5.2 rather than problem+json), and the account's authorizations. The protocol itself is
//! `accounts::oauth`; the consent page is the web client's (`/oauth/authorize`).

use std::collections::HashMap;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::ServiceResponse;
use actix_web::http::{ConnectionType, StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::accounts::oauth::{self, AuthorizationRequest, Checked, CodeExchange, GrantError};
use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::{AuthUser, LiveAuthUser};
use crate::api::rate_limit::address_key;
use crate::api::responses::{
    InvalidPath, MalformedJson, PayloadTooLarge, ServiceUnavailable, Unauthorized,
    UnsupportedMediaType,
};
use crate::api::scope::Scope;
use crate::api::state::AppState;

/// The most live authorizations (apps approved, codes not yet exchanged included) one account
/// may hold, as for personal tokens.
pub const MAX_AUTHORIZATIONS: i64 = 50;

/// The token endpoint's path.
pub const TOKEN_PATH: &str = "/oauth/token";
/// The revocation endpoint's path.
pub const REVOKE_PATH: &str = "/oauth/revoke";

/// The routes outside `/v1`: the metadata, the token and revocation endpoints.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/.well-known/oauth-authorization-server").route(web::get().to(metadata)),
    )
    .service(web::resource(TOKEN_PATH).route(web::post().to(token)))
    .service(web::resource(REVOKE_PATH).route(web::post().to(revoke)));
}

/// The routes under `/v1`.
pub fn configure_v1(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/oauth/consent").route(web::get().to(consent)))
        .service(web::resource("/oauth/authorizations").route(web::post().to(authorize)))
        .service(web::resource("/me/authorizations").route(web::get().to(list_authorizations)))
        .service(
            web::resource("/me/authorizations/{id}").route(web::delete().to(delete_authorization)),
        );
}

/// The authorization server's metadata (RFC 8414 §2).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AuthorizationServerMetadata {
    /// The server's public URL (`--public-url`), without a trailing slash.
    #[schema(example = "https://lords.example.org")]
    pub issuer: String,
    /// The web client's consent page.
    #[schema(example = "https://lords.example.org/oauth/authorize")]
    pub authorization_endpoint: String,
    #[schema(example = "https://lords.example.org/oauth/token")]
    pub token_endpoint: String,
    #[schema(example = "https://lords.example.org/oauth/revoke")]
    pub revocation_endpoint: String,
    /// Always `["code"]`.
    #[schema(example = json!(["code"]))]
    pub response_types_supported: Vec<String>,
    /// Always `["authorization_code", "refresh_token"]`.
    #[schema(example = json!(["authorization_code", "refresh_token"]))]
    pub grant_types_supported: Vec<String>,
    /// Always `["S256"]`: PKCE is required, `plain` is refused.
    #[schema(example = json!(["S256"]))]
    pub code_challenge_methods_supported: Vec<String>,
    /// Always `["none"]`: public clients, no registration.
    #[schema(example = json!(["none"]))]
    pub token_endpoint_auth_methods_supported: Vec<String>,
    /// Always `["none"]`.
    #[schema(example = json!(["none"]))]
    pub revocation_endpoint_auth_methods_supported: Vec<String>,
    /// Every scope the server supports (RFC 8414 §2). `bot:play` is one, held by bot accounts'
    /// personal tokens; an authorization request asking for it is refused (a bot account never
    /// signs in to approve anything).
    #[schema(example = json!(["account:read", "game:read", "game:play", "lobby:write", "notifications:write", "bot:play"]))]
    pub scopes_supported: Vec<Scope>,
    /// Where the flow and the scopes are described.
    #[schema(example = "https://lords.example.org/docs/")]
    pub service_documentation: String,
}

/// The authorization server's metadata (RFC 8414): the endpoints, built on the server's public
/// URL (`--public-url`), the one response type (`code`), the grants, PKCE S256 only, public
/// clients only, and every scope the server supports (`bot:play` included, which only bot
/// accounts' personal tokens hold: OAuth never grants it).
#[utoipa::path(get, path = "/.well-known/oauth-authorization-server", tag = "oauth",
    responses(
        (status = 200, description = "The metadata", body = AuthorizationServerMetadata),
    ))]
pub async fn metadata(state: web::Data<AppState>) -> HttpResponse {
    let issuer = state
        .config
        .mail
        .public_url
        .trim_end_matches('/')
        .to_string();
    let strings = |items: &[&str]| items.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    HttpResponse::Ok().json(AuthorizationServerMetadata {
        authorization_endpoint: format!("{issuer}/oauth/authorize"),
        token_endpoint: format!("{issuer}/oauth/token"),
        revocation_endpoint: format!("{issuer}/oauth/revoke"),
        response_types_supported: strings(&["code"]),
        grant_types_supported: strings(&["authorization_code", "refresh_token"]),
        code_challenge_methods_supported: strings(&["S256"]),
        token_endpoint_auth_methods_supported: strings(&["none"]),
        revocation_endpoint_auth_methods_supported: strings(&["none"]),
        scopes_supported: Scope::ALL.to_vec(),
        service_documentation: format!("{issuer}/docs/"),
        issuer,
    })
}

/// An authorization request's parameters (RFC 6749 §4.1.1, RFC 7636 §4.3), as the consent page
/// received them in its address (`/oauth/authorize?...`).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct AuthorizationQuery {
    /// Must be `code` (another is answered with a `redirect_error`).
    #[param(example = "code")]
    response_type: Option<String>,
    /// The app's name, chosen by the app: 1 to 64 printable ASCII characters.
    #[param(example = "Kilt Bot")]
    client_id: Option<String>,
    /// Where the browser returns: `https`, `http` on 127.0.0.1, [::1] or localhost (any port),
    /// or a private-use scheme with a dot (`com.example.app:/callback`). No fragment.
    #[param(example = "https://app.example/callback")]
    redirect_uri: Option<String>,
    /// Space-separated scopes, at least one; `bot:play` cannot be asked.
    #[param(example = "game:read game:play")]
    scope: Option<String>,
    /// Returned unchanged in the redirect (up to 1024 characters).
    #[param(example = "af0ifjsldkj")]
    state: Option<String>,
    /// BASE64URL(SHA-256(code_verifier)): 43 characters.
    #[param(example = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")]
    code_challenge: Option<String>,
    /// Must be `S256`.
    #[param(example = "S256")]
    code_challenge_method: Option<String>,
}

/// One scope and what it lets the app do.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ScopeDescription {
    pub scope: Scope,
    /// In English.
    #[schema(example = "See your games: views, events, legal actions, chat and streams")]
    pub description: String,
}

/// What the consent page shows, or where it sends the browser at once.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ConsentDto {
    #[schema(example = "Kilt Bot")]
    pub client_id: String,
    #[schema(example = "https://app.example/callback")]
    pub redirect_uri: String,
    /// What to show of `redirect_uri`: its origin, or `scheme:` for a private-use scheme.
    #[schema(example = "https://app.example")]
    pub redirect_origin: String,
    /// The scopes asked, in words (empty with a `redirect_error`).
    pub scopes: Vec<ScopeDescription>,
    /// When set, the request is refused, and this URL tells the app why (e.g.
    /// `…?error=unsupported_response_type&state=…`): the page offers it as a link and never
    /// follows it without the person's click, the redirect URI being registered nowhere
    /// (RFC 9700 §4.11.2).
    #[schema(example = json!(null))]
    pub redirect_error: Option<String>,
}

/// The parameters this server reads, in authorization requests and at the token and
/// revocation endpoints.
const KNOWN_PARAMS: &[&str] = &[
    "response_type",
    "client_id",
    "redirect_uri",
    "scope",
    "state",
    "code_challenge",
    "code_challenge_method",
    "grant_type",
    "code",
    "code_verifier",
    "refresh_token",
    "token",
    "token_type_hint",
];

/// The parameters of a query string or a form body, each once: a repeated one is refused
/// (RFC 6749 §3.1, §3.2), and an empty value counts as absent. Unknown ones are ignored, even
/// repeated (RFC 6749 §3.1: "MUST ignore unrecognized request parameters").
fn single_params(input: &[u8]) -> Result<HashMap<String, String>, String> {
    let mut params = HashMap::new();
    for (name, value) in url::form_urlencoded::parse(input) {
        if !KNOWN_PARAMS.contains(&name.as_ref()) {
            continue;
        }
        if params.contains_key(name.as_ref()) {
            return Err(format!("the parameter {name} is repeated"));
        }
        params.insert(name.into_owned(), value.into_owned());
    }
    params.retain(|_, value| !value.is_empty());
    Ok(params)
}

fn invalid_request(text: impl Into<String>) -> ApiError {
    ApiError::Game(ErrorCode::InvalidAuthorizationRequest, text.into())
}

fn request_from(mut params: HashMap<String, String>) -> AuthorizationRequest {
    AuthorizationRequest {
        response_type: params.remove("response_type"),
        client_id: params.remove("client_id"),
        redirect_uri: params.remove("redirect_uri"),
        scope: params.remove("scope"),
        state: params.remove("state"),
        code_challenge: params.remove("code_challenge"),
        code_challenge_method: params.remove("code_challenge_method"),
    }
}

/// Checks an authorization request for the consent page (public: the page may ask before the
/// person signs in). The client and redirect URI are checked first: when wrong, 422 and never a
/// redirect. A `response_type` other than `code` is answered with a `redirect_error` (RFC 6749
/// §4.1.2.1, `unsupported_response_type`). A missing or `plain` PKCE challenge, an unknown or
/// empty scope, or `bot:play` is 422 `invalid_request`.
#[utoipa::path(get, path = "/v1/oauth/consent", tag = "oauth", params(AuthorizationQuery),
    responses(
        (status = 200, description = "The request to show, or a `redirect_error`", body = ConsentDto),
        (status = 422, description = "`invalid_request`: the client, redirect URI, PKCE challenge \
            or scopes are wrong, or a parameter is repeated; not redirected", body = Problem,
            content_type = "application/problem+json"),
    ))]
pub async fn consent(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let params = single_params(req.query_string().as_bytes()).map_err(invalid_request)?;
    let request = request_from(params);
    let checked = oauth::check(&request).map_err(|e| invalid_request(e.0))?;
    // Both are checked by now.
    let client_id = request.client_id.unwrap_or_default();
    let redirect_uri = request.redirect_uri.unwrap_or_default();
    let redirect_origin = oauth::check_redirect_uri(&redirect_uri)
        .map(|url| oauth::redirect_origin(&url))
        .map_err(|e| invalid_request(e.0))?;
    let (scopes, redirect_error) = match checked {
        Checked::Valid(valid) => (valid.scopes, None),
        Checked::Redirect(to) => (Vec::new(), Some(to)),
    };
    Ok(HttpResponse::Ok().json(ConsentDto {
        client_id,
        redirect_uri,
        redirect_origin,
        scopes: scopes
            .into_iter()
            .map(|scope| ScopeDescription {
                scope,
                description: scope.describe().to_string(),
            })
            .collect(),
        redirect_error,
    }))
}

/// The person's answer on the consent page, with the request's parameters as received.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AuthorizationDecision {
    #[schema(example = "code")]
    pub response_type: Option<String>,
    #[schema(example = "Kilt Bot")]
    pub client_id: Option<String>,
    #[schema(example = "https://app.example/callback")]
    pub redirect_uri: Option<String>,
    #[schema(example = "game:read game:play")]
    pub scope: Option<String>,
    #[schema(example = "af0ifjsldkj")]
    pub state: Option<String>,
    #[schema(example = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")]
    pub code_challenge: Option<String>,
    #[schema(example = "S256")]
    pub code_challenge_method: Option<String>,
    /// `true` to grant the scopes, `false` to refuse.
    #[schema(example = true)]
    pub approve: bool,
}

/// Where the consent page sends the browser.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct RedirectTo {
    #[schema(
        example = "https://app.example/callback?code=SplxlOBeZQQYbYS6WxSbIA9Xq3Fz0rNqbBJm5bYt3cM&state=af0ifjsldkj"
    )]
    pub redirect_to: String,
}

/// The signed-in person approves or denies an authorization request (the consent page's
/// buttons). The request is checked as `GET /v1/oauth/consent` checks it. Approving creates an
/// authorization code (single use, valid 60 seconds, bound to the account, the client, the
/// redirect URI, the PKCE challenge and the scopes): 201 with
/// `redirect_uri?code=…&state=…`; an account holds at most 50 live authorizations (a code not
/// yet exchanged counts as one), and approving past them is 409 `too_many_authorizations`. Denying answers 200 with
/// `redirect_uri?error=access_denied&state=…`, and a `response_type` other than `code` 200 with `error=unsupported_response_type`. `state`
/// is left out when the request had none.
#[utoipa::path(post, path = "/v1/oauth/authorizations", tag = "oauth",
    request_body = AuthorizationDecision,
    responses(
        (status = 201, description = "Approved: a code in the redirect", body = RedirectTo),
        (status = 200, description = "Denied (`error=access_denied`) or refused \
            (`error=unsupported_response_type`): the error in the redirect", body = RedirectTo),
        MalformedJson,
        Unauthorized,
        (status = 403, description = "`first_party_only`: only a session signed in with a password may approve",
            body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`too_many_authorizations`: approving, when the account \
            already holds 50 live authorizations (codes not yet exchanged included)", body = Problem,
            content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_request`: the client, redirect URI, PKCE challenge \
            or scopes are wrong; not redirected", body = Problem,
            content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn authorize(
    LiveAuthUser(user): LiveAuthUser,
    state: web::Data<AppState>,
    body: web::Json<AuthorizationDecision>,
) -> Result<HttpResponse, ApiError> {
    let decision = body.into_inner();
    // An empty value is absent, as in the consent check's query.
    let given = |v: Option<String>| v.filter(|v| !v.is_empty());
    let request = AuthorizationRequest {
        response_type: given(decision.response_type),
        client_id: given(decision.client_id),
        redirect_uri: given(decision.redirect_uri),
        scope: given(decision.scope),
        state: given(decision.state),
        code_challenge: given(decision.code_challenge),
        code_challenge_method: given(decision.code_challenge_method),
    };
    let valid = match oauth::check(&request).map_err(|e| invalid_request(e.0))? {
        Checked::Redirect(to) => return Ok(HttpResponse::Ok().json(RedirectTo { redirect_to: to })),
        Checked::Valid(valid) => valid,
    };
    if !decision.approve {
        let to =
            oauth::error_redirect(&valid.redirect_uri, "access_denied", valid.state.as_deref());
        return Ok(HttpResponse::Ok().json(RedirectTo { redirect_to: to }));
    }
    let Some(code) =
        oauth::create_code(&state.pool, user.account_id, &valid, MAX_AUTHORIZATIONS).await?
    else {
        return Err(ApiError::Game(
            ErrorCode::TooManyAuthorizations,
            format!("you already hold {MAX_AUTHORIZATIONS} live authorizations; revoke one first"),
        ));
    };
    let mut params = vec![("code", code.expose())];
    if let Some(s) = valid.state.as_deref() {
        params.push(("state", s));
    }
    tracing::info!(account_id = %user.account_id, client_id = %valid.client_id,
        scopes = %crate::api::scope::join(&valid.scopes), "OAuth request approved");
    Ok(HttpResponse::Created().json(RedirectTo {
        redirect_to: oauth::redirect_with(&valid.redirect_uri, &params),
    }))
}

/// A token request (`application/x-www-form-urlencoded`, RFC 6749 §4.1.3 and §6).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct OAuthTokenRequest {
    /// `authorization_code` or `refresh_token`.
    #[schema(example = "authorization_code")]
    pub grant_type: String,
    /// The app's `client_id`, as in the authorization request.
    #[schema(example = "Kilt Bot")]
    pub client_id: String,
    /// `authorization_code`: the code of the redirect.
    #[schema(example = "SplxlOBeZQQYbYS6WxSbIA9Xq3Fz0rNqbBJm5bYt3cM")]
    pub code: Option<String>,
    /// `authorization_code`: the authorization request's `redirect_uri`, exactly.
    #[schema(example = "https://app.example/callback")]
    pub redirect_uri: Option<String>,
    /// `authorization_code`: the PKCE verifier, 43 to 128 characters of `A-Z a-z 0-9 - . _ ~`.
    #[schema(example = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")]
    pub code_verifier: Option<String>,
    /// `refresh_token`: the last refresh token (each is usable once).
    #[schema(example = "kV3n1b0d2Yk9yM1fJt0p8QxW5cZ7aL4eR6uH2sG9mNo")]
    pub refresh_token: Option<String>,
    /// `refresh_token`, optional: fewer scopes for the new access token (never more than
    /// granted).
    #[schema(example = "game:read")]
    pub scope: Option<String>,
}

/// A token response (RFC 6749 §5.1), sent with `Cache-Control: no-store`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct OAuthTokenResponse {
    /// An opaque access token (`lords_oat_…`), sent as `Authorization: Bearer <access_token>`.
    #[schema(example = "lords_oat_q2Pd0tVqJ8hZl3m9Yw4rKc7sXn1bFg6aEo5uTi8yRzM")]
    pub access_token: String,
    /// Always `Bearer`.
    #[schema(example = "Bearer")]
    pub token_type: String,
    /// Seconds until the access token expires (3600).
    #[schema(example = 3600)]
    pub expires_in: u64,
    /// A refresh token for `grant_type=refresh_token`, usable once (each refresh returns a new
    /// one); presenting a used one again revokes the authorization.
    #[schema(example = "kV3n1b0d2Yk9yM1fJt0p8QxW5cZ7aL4eR6uH2sG9mNo")]
    pub refresh_token: String,
    /// The access token's scopes, space-separated.
    #[schema(example = "game:read game:play")]
    pub scope: String,
}

/// An error code of the token and revocation endpoints (RFC 6749 §5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OAuthErrorCode {
    /// A parameter is missing, repeated or malformed, or the body is not form-encoded.
    InvalidRequest,
    /// The code or refresh token is unknown, expired, used or revoked, or issued for another
    /// client, redirect URI or verifier.
    InvalidGrant,
    /// `grant_type` is neither `authorization_code` nor `refresh_token`.
    UnsupportedGrantType,
    /// A refresh asks for a scope the authorization does not hold, or an unknown one.
    InvalidScope,
    /// 429 with `Retry-After`: too many failed token requests from this client address. An
    /// error code of this server's (RFC 6749 §8.5 lets a server define more), named as the
    /// sign-in routes' limit is.
    RateLimited,
}

/// The error body of the token and revocation endpoints (RFC 6749 §5.2), not problem+json.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct OAuthError {
    pub error: OAuthErrorCode,
    /// In English, for the app's developer.
    #[schema(
        example = "the authorization code is unknown, expired, already used, or issued for another client, redirect URI or code_verifier"
    )]
    pub error_description: String,
}

fn oauth_error(error: OAuthErrorCode, description: impl Into<String>) -> HttpResponse {
    oauth_error_with(HttpResponse::BadRequest(), error, description)
}

fn oauth_error_with(
    mut builder: actix_web::HttpResponseBuilder,
    error: OAuthErrorCode,
    description: impl Into<String>,
) -> HttpResponse {
    builder
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::PRAGMA, "no-cache"))
        .json(OAuthError {
            error,
            error_description: description.into(),
        })
}

/// 429 `rate_limited` in the shape of RFC 6749 §5.2, with `Retry-After`.
fn rate_limited(what: &str, retry_after: std::time::Duration) -> HttpResponse {
    let mut res = oauth_error_with(
        HttpResponse::TooManyRequests(),
        OAuthErrorCode::RateLimited,
        format!("too many failed {what} from this address; retry after Retry-After seconds"),
    );
    let secs = retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0);
    res.headers_mut()
        .insert(header::RETRY_AFTER, header::HeaderValue::from(secs.max(1)));
    res
}

/// A refusal of a token request by what runs before the endpoint (the router's 404 and 405,
/// the body checks' 400, 413 and 415, the body deadline's 408), answered as the endpoint
/// answers its own errors (RFC 6749 §5.2: 400 `invalid_request`, `Cache-Control: no-store`),
/// with the problem's detail as `error_description`; another method keeps its 405 and `Allow`.
/// The endpoint's own answers (JSON already) and the server's failures (5xx: no code of §5.2
/// names them) are left as they are.
pub fn as_token_error(res: ServiceResponse<BoxBody>) -> ServiceResponse<BoxBody> {
    let status = res.status();
    let own = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes() == b"application/json");
    if !status.is_client_error() || own {
        return res;
    }
    let (req, old) = res.into_parts();
    let close = old.head().connection_type() == ConnectionType::Close;
    let allow = old.headers().get(header::ALLOW).cloned();
    let detail = old
        .into_body()
        .try_into_bytes()
        .ok()
        .and_then(|bytes| serde_json::from_slice::<Problem>(&bytes).ok())
        .map(|p| p.detail);
    let description = detail.unwrap_or_else(|| match status {
        StatusCode::METHOD_NOT_ALLOWED => "send a token request with POST".to_string(),
        s => s.canonical_reason().unwrap_or("bad request").to_lowercase(),
    });
    let mut new = oauth_error(OAuthErrorCode::InvalidRequest, description);
    if status == StatusCode::METHOD_NOT_ALLOWED {
        // Another method is HTTP's 405 with its `Allow` header (RFC 9110 §15.5.6), in the
        // endpoint's body shape.
        *new.status_mut() = status;
        if let Some(allow) = allow {
            new.headers_mut().insert(header::ALLOW, allow);
        }
    }
    if close {
        new.head_mut().set_connection_type(ConnectionType::Close);
    }
    ServiceResponse::new(req, new)
}

/// The form parameters of a token or revocation request, or the error to answer.
fn form_params(req: &HttpRequest, body: &[u8]) -> Result<HashMap<String, String>, HttpResponse> {
    let form = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| {
            v.trim()
                .eq_ignore_ascii_case("application/x-www-form-urlencoded")
        });
    if !form {
        return Err(oauth_error(
            OAuthErrorCode::InvalidRequest,
            "send the parameters as application/x-www-form-urlencoded",
        ));
    }
    single_params(body).map_err(|e| oauth_error(OAuthErrorCode::InvalidRequest, e))
}

fn required<'a>(params: &'a HashMap<String, String>, name: &str) -> Result<&'a str, HttpResponse> {
    params.get(name).map(String::as_str).ok_or_else(|| {
        oauth_error(
            OAuthErrorCode::InvalidRequest,
            format!("the parameter {name} is missing"),
        )
    })
}

/// The token endpoint (RFC 6749 §3.2), form-encoded. `grant_type=authorization_code` with
/// `code`, `redirect_uri`, `client_id` and `code_verifier` exchanges a code (once: presenting it
/// again revokes what it issued); `grant_type=refresh_token` with `refresh_token` and
/// `client_id` (and optionally a narrower `scope`) rotates the refresh token, with reuse
/// detection. The access token is an opaque `lords_oat_…` valid 1 hour; the refresh token
/// lasts 30 days unless used (`--refresh-ttl-seconds`). Errors are RFC 6749 §5.2 bodies (400),
/// not problem+json. Failed requests are limited per client address as failed sign-ins are
/// (`--login-max-failures` per `--login-window-seconds`, counted with them): over it, 429
/// `rate_limited` in the same shape, with `Retry-After`.
#[utoipa::path(post, path = "/oauth/token", tag = "oauth",
    request_body(content = OAuthTokenRequest, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "Tokens (`Cache-Control: no-store`)", body = OAuthTokenResponse),
        (status = 400, description = "`invalid_request`, `invalid_grant`, `unsupported_grant_type` \
            or `invalid_scope` (RFC 6749 §5.2)", body = OAuthError),
        (status = 429, description = "`rate_limited`: too many failed token requests from this \
            client address; see `Retry-After`", body = OAuthError,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        ServiceUnavailable,
    ))]
pub async fn token(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    // Counted when it begins, as a login is, so that concurrent guesses cannot all pass; an
    // answer with tokens (or the server's own failure) takes it back. Per client address only:
    // a `client_id` is anyone's to send, and counting it apart would let a stranger lock an app
    // out.
    let ip = req.peer_addr().map(|a| a.ip());
    let attempt = match state.login_limiter.begin(vec![
        format!("oauth-token:{}", address_key(ip)),
        address_key(ip),
    ]) {
        Ok(attempt) => attempt,
        Err(retry_after) => return Ok(rate_limited("token requests", retry_after)),
    };
    let answer = token_answer(&req, &state, &body).await;
    match &answer {
        Ok(res) if !res.status().is_success() => drop(attempt), // counted as a failure
        _ => attempt.succeeded(),
    }
    answer
}

/// The token endpoint's answer to one request, counted by [`token`].
async fn token_answer(
    req: &HttpRequest,
    state: &AppState,
    body: &[u8],
) -> Result<HttpResponse, ApiError> {
    let params = match form_params(req, body) {
        Ok(params) => params,
        Err(res) => return Ok(res),
    };
    let refresh_ttl = state.config.refresh_ttl;
    let issued = match params.get("grant_type").map(String::as_str) {
        None => {
            return Ok(oauth_error(
                OAuthErrorCode::InvalidRequest,
                "the parameter grant_type is missing",
            ));
        }
        Some("authorization_code") => {
            let exchange = (|| {
                Ok(CodeExchange {
                    code: required(&params, "code")?,
                    client_id: required(&params, "client_id")?,
                    redirect_uri: required(&params, "redirect_uri")?,
                    code_verifier: required(&params, "code_verifier")?,
                })
            })();
            let exchange: CodeExchange = match exchange {
                Ok(exchange) => exchange,
                Err(res) => return Ok(res),
            };
            if !oauth::verifier_is_well_formed(exchange.code_verifier) {
                return Ok(oauth_error(
                    OAuthErrorCode::InvalidRequest,
                    "code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~",
                ));
            }
            oauth::exchange_code(&state.pool, exchange, refresh_ttl).await
        }
        Some("refresh_token") => {
            let (presented, client_id) = match (
                required(&params, "refresh_token"),
                required(&params, "client_id"),
            ) {
                (Ok(presented), Ok(client_id)) => (presented, client_id),
                (Err(res), _) | (_, Err(res)) => return Ok(res),
            };
            let scope = params.get("scope").map(String::as_str);
            oauth::refresh_grant(&state.pool, presented, client_id, scope, refresh_ttl).await
        }
        Some(_) => {
            return Ok(oauth_error(
                OAuthErrorCode::UnsupportedGrantType,
                "grant_type must be authorization_code or refresh_token",
            ));
        }
    };
    let issued = match issued {
        Ok(issued) => issued,
        Err(GrantError::InvalidGrant(why)) => {
            tracing::info!(reason = why, "OAuth token request refused");
            return Ok(oauth_error(OAuthErrorCode::InvalidGrant, why));
        }
        Err(GrantError::InvalidScope(why)) => {
            return Ok(oauth_error(OAuthErrorCode::InvalidScope, why));
        }
        Err(GrantError::Database(e)) => return Err(e.into()),
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::PRAGMA, "no-cache"))
        .json(OAuthTokenResponse {
            access_token: issued.access_token.secret,
            token_type: "Bearer".into(),
            expires_in: issued.expires_in,
            refresh_token: issued.refresh.token.into_string(),
            scope: crate::api::scope::join(&issued.scopes),
        }))
}

/// A revocation request (`application/x-www-form-urlencoded`, RFC 7009 §2.1).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct OAuthRevokeRequest {
    /// An access token or a refresh token of the authorization to end. RFC 7009 requires it;
    /// a request without one (or with an empty one) revokes nothing and is answered 200 all
    /// the same, as every revocation is.
    #[schema(example = "kV3n1b0d2Yk9yM1fJt0p8QxW5cZ7aL4eR6uH2sG9mNo")]
    pub token: Option<String>,
    /// `access_token` or `refresh_token`; optional, and not needed (the token says which).
    #[schema(example = "refresh_token")]
    pub token_type_hint: Option<String>,
    /// Accepted and not checked: holding the token is enough to end it.
    #[schema(example = "Kilt Bot")]
    pub client_id: Option<String>,
}

/// Revocation (RFC 7009), form-encoded: ends the authorization the token belongs to, whether
/// an access token or a refresh token is sent: its refresh tokens, and every access token it
/// issued, at once; the streams opened with them end. 200 to every body: for an unknown or
/// already revoked token too, and for a request that names no token, names it twice, is not
/// form-encoded or is too large, which revokes nothing (first-party and personal tokens are not
/// revoked here either); `token_type_hint` is not needed and ignored. Requests that revoke
/// nothing are limited per client address as failed token requests are
/// (`--login-max-failures` per `--login-window-seconds`, counted apart from them): over it, 429
/// `rate_limited` in the shape of RFC 6749 §5.2, with `Retry-After`.
#[utoipa::path(post, path = "/oauth/revoke", tag = "oauth",
    request_body(content = Option<OAuthRevokeRequest>, content_type = "application/x-www-form-urlencoded",
        description = "`token=` (optional: without one, nothing is revoked and the answer is 200 all the same)"),
    responses(
        (status = 200, description = "Revoked, or nothing to revoke"),
        (status = 429, description = "`rate_limited`: too many revocations that revoked nothing \
            from this client address; see `Retry-After`", body = OAuthError,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        ServiceUnavailable,
    ))]
pub async fn revoke(
    req: HttpRequest,
    state: web::Data<AppState>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    // Counted when it begins, as a token request is: a revocation that finds nothing is a
    // guess, and each costs a lookup. Apart from the sign-in keys, so that an app revoking a
    // token that had expired never locks its users' sign-ins out.
    let ip = req.peer_addr().map(|a| a.ip());
    let attempt = match state
        .login_limiter
        .begin(vec![format!("oauth-revoke:{}", address_key(ip))])
    {
        Ok(attempt) => attempt,
        Err(retry_after) => return Ok(rate_limited("revocations", retry_after)),
    };
    // RFC 7009 §2.2 answers 200 for a token that is invalid; the contract says the endpoint
    // "always answers 200", so a request without a usable token is answered so too: there is
    // nothing to revoke, and nothing a client could do differently on hearing why. The body is
    // read here, not by an extractor, whose refusals (413, a broken stream) would not be 200.
    let token = read_at_most(payload, state.config.max_body_bytes)
        .await
        .and_then(|body| form_params(&req, &body).ok())
        .and_then(|mut params| params.remove("token"));
    let revoked = match token {
        Some(token) => oauth::revoke_token(&state.pool, &token).await?,
        None => false,
    };
    if revoked {
        attempt.succeeded();
    }
    tracing::info!(revoked, "OAuth revocation");
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .finish())
}

/// The whole body, or `None` when it is larger than `limit` or breaks off.
async fn read_at_most(mut payload: web::Payload, limit: usize) -> Option<web::BytesMut> {
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.ok()?;
        if body.len() + chunk.len() > limit {
            return None;
        }
        body.extend_from_slice(&chunk);
    }
    Some(body)
}

/// An app the account authorized, still live.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AuthorizationDto {
    /// The authorization's id (its refresh family).
    pub id: Uuid,
    #[schema(example = "Kilt Bot")]
    pub client_id: String,
    /// Where the app received its code: its origin, or `scheme:`.
    #[schema(example = "https://app.example")]
    pub redirect_origin: String,
    pub scopes: Vec<Scope>,
    pub created_at: DateTime<Utc>,
    /// The last refresh or use of an access token (to the minute), if any.
    pub last_used_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AuthorizationList {
    pub authorizations: Vec<AuthorizationDto>,
}

/// The apps the caller authorized that still hold a usable refresh token, newest first.
#[utoipa::path(get, path = "/v1/me/authorizations", tag = "oauth",
    responses(
        (status = 200, description = "The live authorizations", body = AuthorizationList),
        Unauthorized,
        (status = 403, description = "`first_party_only`", body = Problem,
            content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn list_authorizations(
    user: AuthUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let found = oauth::authorizations(&state.pool, user.account_id).await?;
    let authorizations = found
        .into_iter()
        .map(|a| AuthorizationDto {
            id: a.id,
            redirect_origin: oauth::check_redirect_uri(&a.redirect_uri)
                .map(|url| oauth::redirect_origin(&url))
                .unwrap_or_default(),
            client_id: a.client_id,
            scopes: a.scopes,
            created_at: a.created_at,
            last_used_at: a.last_used_at,
        })
        .collect();
    Ok(HttpResponse::Ok().json(AuthorizationList { authorizations }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct AuthorizationPath {
    /// The authorization's id.
    pub id: Uuid,
}

/// Ends an authorization at once: its refresh tokens are revoked and its access tokens deleted
/// (a request with one gets 401 `invalid_token`); the streams it opened end.
#[utoipa::path(delete, path = "/v1/me/authorizations/{id}", tag = "oauth",
    params(AuthorizationPath),
    responses(
        (status = 204, description = "Revoked"),
        InvalidPath,
        Unauthorized,
        (status = 403, description = "`first_party_only`", body = Problem,
            content_type = "application/problem+json"),
        (status = 404, description = "`authorization_not_found`", body = Problem,
            content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn delete_authorization(
    user: AuthUser,
    state: web::Data<AppState>,
    path: web::Path<AuthorizationPath>,
) -> Result<HttpResponse, ApiError> {
    if oauth::revoke_authorization(&state.pool, user.account_id, path.id).await? {
        tracing::info!(account_id = %user.account_id, authorization = %path.id,
            "OAuth authorization revoked");
        Ok(HttpResponse::NoContent().finish())
    } else {
        Err(ApiError::Game(
            ErrorCode::AuthorizationNotFound,
            "you have no live authorization with this id".into(),
        ))
    }
}
