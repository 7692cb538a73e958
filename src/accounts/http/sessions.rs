//! Sessions: signing in (`POST /v1/auth/token`), `POST /v1/auth/refresh` (rotation),
//! `POST /v1/auth/logout`, `POST /v1/me/password` and the password reset by mail
//! (`POST /v1/auth/password-reset`, `.../confirm`). Refresh tokens themselves live in
//! `crate::accounts::refresh`.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::AuthUser;
use crate::api::rate_limit::{address_key, login_keys};
use crate::api::responses::{
    InternalError, MalformedJson, PayloadTooLarge, ServiceUnavailable, UnsupportedMediaType,
};
use crate::api::state::AppState;

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// 3 to 32 characters of `A-Z a-z 0-9 _ -`, unique ignoring case.
    #[schema(example = "robert_bruce", pattern = "^[A-Za-z0-9_-]{3,32}$")]
    pub username: String,
    /// 8 to 128 characters.
    #[schema(example = "bannockburn1314", min_length = 8, max_length = 128)]
    pub password: String,
}

/// An access token and a refresh token (`POST /v1/auth/token`, `POST /v1/auth/refresh`).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct TokenResponse {
    /// A JWT (HS256) to send as `Authorization: Bearer <access_token>`. Its `sid` claim names
    /// the session: it stops working everywhere within a second of the session's end (a
    /// logout, a password change or reset, its refresh token presented twice), as do the event
    /// streams and stream tickets it opened.
    #[schema(example = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMTkzNGI2ZS0uLi4ifQ.c2lnbmF0dXJl")]
    pub access_token: String,
    #[schema(example = "Bearer")]
    pub token_type: String,
    /// Seconds until the access token expires (900 by default).
    #[schema(example = 900)]
    pub expires_in: u64,
    /// An opaque refresh token (256 random bits, base64url) for `POST /v1/auth/refresh`. Usable
    /// once: each refresh returns a new one. Keep it secret; the server stores only its hash.
    #[schema(example = "kV3n1b0d2Yk9yM1fJt0p8QxW5cZ7aL4eR6uH2sG9mNo")]
    pub refresh_token: String,
    /// Seconds until the refresh token expires unless used (30 days by default).
    #[schema(example = 2592000)]
    pub refresh_expires_in: u64,
}

impl TokenResponse {
    pub fn new(
        access: crate::api::jwt::IssuedToken,
        refresh: crate::accounts::refresh::IssuedRefresh,
    ) -> Self {
        TokenResponse {
            access_token: access.access_token,
            token_type: "Bearer".into(),
            expires_in: access.expires_in,
            refresh_token: refresh.token.into_string(),
            refresh_expires_in: refresh.expires_in,
        }
    }

    /// 200 with `Cache-Control: no-store` (RFC 6749 §5.1).
    pub fn response(self) -> HttpResponse {
        HttpResponse::Ok()
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .json(self)
    }
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RefreshRequest {
    /// The refresh token of the last `TokenResponse`.
    #[schema(example = "kV3n1b0d2Yk9yM1fJt0p8QxW5cZ7aL4eR6uH2sG9mNo")]
    pub refresh_token: String,
}

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LogoutRequest {
    /// The session to end (its whole refresh-token family). Absent or null (or no body, or a
    /// `null` body): every session of the account.
    #[schema(example = "kV3n1b0d2Yk9yM1fJt0p8QxW5cZ7aL4eR6uH2sG9mNo")]
    pub refresh_token: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    /// The account's password now.
    #[schema(example = "bannockburn1314")]
    pub current_password: String,
    /// 8 to 128 characters (as at sign-up).
    #[schema(example = "arbroath1320", min_length = 8, max_length = 128)]
    pub new_password: String,
}

/// The keys a refresh counts against: refreshes from the client's address (taken back when one
/// succeeds), and the address itself, shared with logins.
fn refresh_keys(req: &HttpRequest) -> Vec<String> {
    let ip = req.peer_addr().map(|a| a.ip());
    vec![format!("refresh:{}", address_key(ip)), address_key(ip)]
}

/// Exchanges a username and password for an access token and a refresh token. Attempts are
/// limited per username at one client address and per client address, counted when they
/// start; a successful login does not count and clears that username's failures at that
/// address.
///
/// Each call starts a new session (a refresh-token family): renew the access token with
/// `POST /v1/auth/refresh` before `expires_in` runs out, instead of storing the password.
#[utoipa::path(post, path = "/v1/auth/token", tag = "accounts",
    request_body = Credentials,
    responses(
        (status = 200, description = "An access token and a refresh token (`Cache-Control: no-store`)",
            body = TokenResponse),
        MalformedJson,
        (status = 401, description = "`invalid_credentials` (also for a username or password no account can have)", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`bot_account`: a bot account plays with its token and never signs in", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 429, description = "`rate_limited`: too many failures; see `Retry-After`", body = Problem,
            content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn issue_token(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let Credentials { username, password } = body.into_inner();
    let ip = req.peer_addr().map(|a| a.ip());
    // Counted now, before the slow hash: concurrent guesses cannot all pass the check.
    let attempt = state
        .login_limiter
        .begin(login_keys(&username, ip))
        .map_err(|retry_after| ApiError::RateLimited { retry_after })?;
    // A name or password no account can have (a NUL byte, too long, ...) is simply wrong.
    let found = if crate::accounts::account::could_exist(&username, &password) {
        crate::accounts::account::find_credentials(&state.pool, &username).await?
    } else {
        None
    };
    let (account, hash) = match found {
        Some((account, hash)) => (Some(account), Some(hash)),
        None => (None, None),
    };
    // Without an account, a dummy hash: timing does not tell whether a name exists.
    let verified = crate::accounts::password::verify(password, hash).await?;
    let account = match account {
        Some(account) if verified => account,
        _ => {
            tracing::info!("login failed");
            return Err(ApiError::InvalidCredentials);
        }
    };
    attempt.succeeded();
    if crate::accounts::account::is_bot_account(&state.pool, account.id).await? {
        return Err(ApiError::Game(
            ErrorCode::BotAccount,
            "this is a bot account: it plays with its token and cannot sign in".into(),
        ));
    }
    let refresh =
        crate::accounts::refresh::start_family(&state.pool, account.id, state.config.refresh_ttl)
            .await?;
    let token = state
        .jwt
        .issue_in_session(account.id, &account.username, refresh.family)?;
    Ok(TokenResponse::new(token, refresh).response())
}

/// Exchanges a refresh token for a new access token and a NEW refresh token; the presented one
/// is retired (rotation). Send each refresh token once: presenting a retired one again is taken
/// as theft and revokes the whole session (every token of its family, the newest included), so
/// two concurrent refreshes of one token end the session too.
///
/// Failed attempts are limited per client address as logins are.
#[utoipa::path(post, path = "/v1/auth/refresh", tag = "accounts",
    request_body = RefreshRequest,
    responses(
        (status = 200, description = "A new access token and a new refresh token (`Cache-Control: no-store`)",
            body = TokenResponse),
        MalformedJson,
        (status = 401, description = "`invalid_refresh_token`: unknown, expired, revoked, or already used \
            (then its session is revoked); sign in again",
            body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`bot_account`: the account became a bot account, which has no session", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 429, description = "`rate_limited`: too many failures from this address; see `Retry-After`",
            body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn refresh(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<RefreshRequest>,
) -> Result<HttpResponse, ApiError> {
    let attempt = state
        .login_limiter
        .begin(refresh_keys(&req))
        .map_err(|retry_after| ApiError::RateLimited { retry_after })?;
    let rotated = crate::accounts::refresh::rotate(
        &state.pool,
        &state.jwt,
        &body.refresh_token,
        state.config.refresh_ttl,
    )
    .await;
    let (account_id, refresh) = match rotated {
        Ok(ok) => ok,
        Err(crate::accounts::refresh::RefreshError::Invalid) => {
            drop(attempt); // counted as a failure
            tracing::info!("refresh refused");
            return Err(ApiError::InvalidRefreshToken);
        }
        Err(e) => {
            attempt.succeeded(); // not the client's fault
            return Err(e.into());
        }
    };
    attempt.succeeded();
    // The account cascade-deletes its tokens; a miss here is a deletion racing this refresh.
    let account = crate::accounts::account::find(&state.pool, account_id)
        .await?
        .ok_or(ApiError::InvalidRefreshToken)?;
    if crate::accounts::account::is_bot_account(&state.pool, account.id).await? {
        return Err(ApiError::Game(
            ErrorCode::BotAccount,
            "this is a bot account: it plays with its token and has no session".into(),
        ));
    }
    let token = state
        .jwt
        .issue_in_session(account.id, &account.username, refresh.family)?;
    Ok(TokenResponse::new(token, refresh).response())
}

/// Ends a session: revokes the refresh-token family of `refresh_token`, or, with no body or no
/// `refresh_token`, every session of the account ("sign out everywhere"). Answers 204 whether
/// or not the token was still live (a token of another account is left alone).
///
/// The access tokens of the ended sessions stop working on every server process within a
/// second. Signing out everywhere also ends every app's authorization, every personal token and
/// every authorization code not yet exchanged. The Server-Sent Events streams of the ended
/// sessions close within seconds, and their unused stream tickets open nothing.
#[utoipa::path(post, path = "/v1/auth/logout", tag = "accounts",
    security(("bearer" = [])),
    request_body(content = Option<LogoutRequest>, description = "Optional: which session to end"),
    responses(
        (status = 204, description = "The session (or every session) is revoked"),
        MalformedJson,
        (status = 401, description = "`unauthorized`: no valid bearer token (`WWW-Authenticate: Bearer`)",
            body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn logout(
    user: AuthUser,
    state: web::Data<AppState>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    // No body and `{}` mean every session; `null` is not the object the document describes.
    let request: LogoutRequest = if body.iter().all(u8::is_ascii_whitespace) {
        LogoutRequest::default()
    } else {
        crate::api::strict_json::object_body::<LogoutRequest>(&body)
            .map_err(ApiError::MalformedJson)?
    };
    let revoked = match &request.refresh_token {
        Some(token) => {
            crate::accounts::refresh::revoke_family_of(
                &state.pool,
                &state.jwt,
                user.account_id,
                token,
            )
            .await?
        }
        None => {
            let mut tx = state.pool.begin().await?;
            let revoked =
                crate::accounts::refresh::revoke_all(&mut tx, &state.jwt, user.account_id).await?;
            tx.commit().await?;
            state.jwt.note_revoked(&revoked);
            revoked.len() as u64
        }
    };
    tracing::info!(account_id = %user.account_id, all = request.refresh_token.is_none(), revoked,
        "logged out");
    Ok(HttpResponse::NoContent().finish())
}

/// Checks `password` against the caller's account before a change only its owner may make
/// (password change, account deletion): 403 `invalid_current_password` when wrong. Attempts count
/// against the login limiter (that username at that address, and the address) when they begin,
/// before the slow hash, as a login's do.
pub(crate) async fn confirm_password(
    req: &HttpRequest,
    user: &AuthUser,
    state: &AppState,
    password: String,
) -> Result<(), ApiError> {
    let attempt = state
        .login_limiter
        .begin(login_keys(&user.username, req.peer_addr().map(|a| a.ip())))
        .map_err(|retry_after| ApiError::RateLimited { retry_after })?;
    let Some(hash) = crate::accounts::account::password_hash(&state.pool, user.account_id).await?
    else {
        return Err(ApiError::Unauthorized(
            crate::api::credentials::AuthError::InvalidToken(None),
        ));
    };
    if !crate::accounts::password::verify(password, Some(hash)).await? {
        drop(attempt); // counted as a failure
        return Err(ApiError::InvalidCurrentPassword);
    }
    attempt.succeeded();
    Ok(())
}

/// Changes the account's password (same policy as sign-up) and ends every authority the account
/// gave: every session (this one too) must sign in again, and their access tokens stop working
/// within a second; every app's authorization, every personal token and every authorization
/// code not yet exchanged end with them. The account's Server-Sent Events streams close within
/// seconds.
///
/// Wrong current passwords are limited per username and per client address as logins are.
#[utoipa::path(post, path = "/v1/me/password", tag = "accounts",
    security(("bearer" = [])),
    request_body = PasswordChange,
    responses(
        (status = 204, description = "Changed; every session is revoked"),
        MalformedJson,
        (status = 401, description = "`unauthorized`: no valid bearer token (`WWW-Authenticate: Bearer`)",
            body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`invalid_current_password`", body = Problem,
            content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_password`: the new password breaks the policy", body = Problem,
            content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many wrong passwords; see `Retry-After`",
            body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn change_password(
    req: HttpRequest,
    user: AuthUser,
    state: web::Data<AppState>,
    body: web::Json<PasswordChange>,
) -> Result<HttpResponse, ApiError> {
    let PasswordChange {
        current_password,
        new_password,
    } = body.into_inner();
    crate::accounts::account::validate_password(&new_password)?;
    confirm_password(&req, &user, &state, current_password).await?;
    let new_hash = crate::accounts::password::hash(new_password).await?;
    let mut tx = state.pool.begin().await?;
    if !crate::accounts::account::set_password_hash(&mut *tx, user.account_id, &new_hash).await? {
        return Err(ApiError::Unauthorized(
            crate::api::credentials::AuthError::InvalidToken(None),
        ));
    }
    let revoked =
        crate::accounts::refresh::revoke_all(&mut tx, &state.jwt, user.account_id).await?;
    tx.commit().await?;
    state.jwt.note_revoked(&revoked);
    tracing::info!(account_id = %user.account_id, revoked = revoked.len(), "password changed");
    Ok(HttpResponse::NoContent().finish())
}

/// The body of `POST /v1/auth/password-reset`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordResetRequest {
    /// The address of the account (verified or not), in any letter case.
    #[schema(
        example = "robert@example.org",
        max_length = 254,
        pattern = r#"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"#
    )]
    pub email: String,
}

/// The body of `POST /v1/auth/password-reset/confirm`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordResetConfirm {
    /// The token of the mailed link `{public_url}/#/reset-password/{token}`.
    #[schema(example = "kV3n1b0d2Yk9yM1fJt0p8QxW5cZ7aL4eR6uH2sG9mNo")]
    pub token: String,
    /// 8 to 128 characters (as at sign-up).
    #[schema(example = "arbroath1320", min_length = 8, max_length = 128)]
    pub new_password: String,
}

/// The keys a reset request counts against: the address asked about (ignoring case), and the
/// client's address. Apart from the login keys, so that asking for resets does not lock
/// anyone out of signing in.
fn reset_keys(email: &str, req: &HttpRequest) -> Vec<String> {
    let ip = req.peer_addr().map(|a| a.ip());
    vec![
        format!("reset:email:{}", email.to_lowercase()),
        format!("reset:{}", address_key(ip)),
    ]
}

/// Asks for a password reset: when an account has this address (verified or not, ignoring
/// case), a link with a single-use token (valid 1 hour) is mailed to it. Answers 202 whether
/// or not one has, in the same way (no account enumeration); a malformed address is 422.
/// Requests are limited per address asked about and per client address (the login limiter's
/// budget, `--login-max-failures` per `--login-window-seconds`), each counted.
#[utoipa::path(post, path = "/v1/auth/password-reset", tag = "accounts",
    request_body = PasswordResetRequest,
    responses(
        (status = 202, description = "Accepted: a link is mailed if an account has this address"),
        MalformedJson,
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_email`: not an address mail can be sent to",
            body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many requests for this address or from this client; see `Retry-After`",
            body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn request_password_reset(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<PasswordResetRequest>,
) -> Result<HttpResponse, ApiError> {
    let PasswordResetRequest { email } = body.into_inner();
    crate::accounts::email::validate_email(&email)?;
    let _counted = state
        .login_limiter
        .begin(reset_keys(&email, &req))
        .map_err(|retry_after| ApiError::RateLimited { retry_after })?;
    // The same work for any address: one queued row. Whether an account has it is found out
    // after the answer, off the request's path (no account enumeration by timing).
    let request = crate::accounts::email::request_reset(&state.pool, &email).await?;
    if state.config.password_reset_poll.is_some() {
        let pool = state.pool.clone();
        tokio::spawn(async move {
            if let Err(e) = crate::accounts::email::resolve_reset(&pool, request).await {
                tracing::warn!(error = %e, "a password reset is left to the reset worker");
            }
        });
    }
    // Neither the address nor the account is logged: the log must not enumerate either.
    tracing::info!("password reset asked for");
    Ok(HttpResponse::Accepted().finish())
}

/// Sets a new password (same policy as sign-up) with the token of a mailed reset link, and
/// ends every session, authorization and token of the account, as a password change does. The
/// token works once; the account's other reset links stop working too. When the link went to
/// the address the account still has, that address counts as verified. A failure changes
/// nothing.
#[utoipa::path(post, path = "/v1/auth/password-reset/confirm", tag = "accounts",
    request_body = PasswordResetConfirm,
    responses(
        (status = 204, description = "The password is set; every session is revoked"),
        MalformedJson,
        (status = 404, description = "`token_not_found`: no such reset token",
            body = Problem, content_type = "application/problem+json"),
        (status = 410, description = "`token_expired`: expired (1 h) or already used",
            body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_password`: the new password breaks the policy",
            body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn confirm_password_reset(
    state: web::Data<AppState>,
    body: web::Json<PasswordResetConfirm>,
) -> Result<HttpResponse, ApiError> {
    let PasswordResetConfirm {
        token,
        new_password,
    } = body.into_inner();
    crate::accounts::account::validate_password(&new_password)?;
    // Checked before the (costly) hash, and again when used.
    crate::accounts::email::check_reset(&state.pool, &token).await?;
    let new_hash = crate::accounts::password::hash(new_password).await?;
    let account =
        crate::accounts::email::reset_password(&state.pool, &state.jwt, &token, &new_hash).await?;
    tracing::info!(account_id = %account, "password reset");
    Ok(HttpResponse::NoContent().finish())
}
