//! Accounts and tokens: `POST /v1/accounts`, `POST /v1/auth/token`, `GET /v1/me`,
//! `DELETE /v1/me`. Refresh, logout and password change are in `sessions`.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::AppState;
use super::error::{ApiError, Problem};
use crate::auth::rate_limit::{address_key, login_keys};
use crate::auth::{self, Account, AuthError, AuthUser};

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Credentials {
    /// 3 to 32 characters of `A-Z a-z 0-9 _ -`, unique ignoring case.
    #[schema(example = "robert_bruce", pattern = "^[A-Za-z0-9_-]{3,32}$")]
    pub username: String,
    /// 8 to 128 characters.
    #[schema(example = "bannockburn1314", min_length = 8, max_length = 128)]
    pub password: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AccountDto {
    pub id: Uuid,
    #[schema(example = "robert_bruce")]
    pub username: String,
    pub created_at: DateTime<Utc>,
}

impl From<Account> for AccountDto {
    fn from(a: Account) -> Self {
        AccountDto {
            id: a.id.0,
            username: a.username,
            created_at: a.created_at,
        }
    }
}

/// An access token and a refresh token (`POST /v1/auth/token`, `POST /v1/auth/refresh`).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct TokenResponse {
    /// A JWT (HS256) to send as `Authorization: Bearer <access_token>`. Stateless: it stays
    /// valid until it expires, even after a logout or a password change.
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
    pub fn new(access: auth::IssuedToken, refresh: auth::IssuedRefresh) -> Self {
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

/// Creates an account.
#[utoipa::path(post, path = "/v1/accounts", tag = "accounts",
    request_body = Credentials,
    responses(
        (status = 201, description = "Created", body = AccountDto),
        (status = 400, description = "`malformed_json`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`username_taken` (ignoring case)", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_username` or `invalid_password`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many accounts created from this address within the window (`--signup-max-per-window`); see `Retry-After`", body = Problem,
            content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        (status = 500, description = "`internal_error`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn create_account(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let Credentials { username, password } = body.into_inner();
    auth::accounts::validate_username(&username)?;
    auth::accounts::validate_password(&password)?;
    // Every creation that reaches the (costly) hash counts, whatever its outcome.
    let ip = req.peer_addr().map(|a| a.ip());
    let _counted = state
        .signup_limiter
        .begin(vec![address_key(ip)])
        .map_err(|retry_after| ApiError::RateLimited { retry_after })?;
    let hash = auth::password::hash(password).await?;
    let account = auth::accounts::insert(&state.pool, &username, &hash).await?;
    tracing::info!(account_id = %account.id, "account created");
    Ok(HttpResponse::Created().json(AccountDto::from(account)))
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
        (status = 400, description = "`malformed_json`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`invalid_credentials` (also for a username or password no account can have)", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many failures; see `Retry-After`", body = Problem,
            content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        (status = 500, description = "`internal_error`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
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
    let found = if auth::accounts::could_exist(&username, &password) {
        auth::accounts::find_credentials(&state.pool, &username).await?
    } else {
        None
    };
    let (account, hash) = match found {
        Some((account, hash)) => (Some(account), Some(hash)),
        None => (None, None),
    };
    // Without an account, a dummy hash: timing does not tell whether a name exists.
    let verified = auth::password::verify(password, hash).await?;
    let account = match account {
        Some(account) if verified => account,
        _ => {
            tracing::info!("login failed");
            return Err(ApiError::InvalidCredentials);
        }
    };
    attempt.succeeded();
    let token = state.jwt.issue(&account)?;
    let refresh =
        auth::refresh::start_family(&state.pool, account.id, state.config.refresh_ttl).await?;
    Ok(TokenResponse::new(token, refresh).response())
}

/// The account behind the bearer token.
#[utoipa::path(get, path = "/v1/me", tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The account", body = AccountDto),
        (status = 401, description = "`unauthorized`: no valid bearer token (`WWW-Authenticate: Bearer`)",
            body = Problem, content_type = "application/problem+json"),
        (status = 500, description = "`internal_error`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn me(user: AuthUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    match auth::accounts::find(&state.pool, user.account_id).await? {
        Some(account) => Ok(HttpResponse::Ok().json(AccountDto::from(account))),
        // A valid token for an account that no longer exists.
        None => Err(ApiError::Unauthorized(AuthError::InvalidToken(None))),
    }
}

/// The body of `DELETE /v1/me`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AccountDeletion {
    /// The account's password now.
    #[schema(example = "bannockburn1314")]
    pub password: String,
}

/// Deletes the caller's account for good (the in-app account deletion app stores require):
/// the username becomes an anonymous placeholder (`deleted-<8 hex>`) wherever it is shown, no
/// password logs in any more, every refresh token is revoked and every access token already
/// issued is refused from now on (401). Seats in open (not started) games are released as
/// `POST /v1/games/{id}/leave` does. The old username is free again: a new account may take
/// it, and is a different account. Event streams do not change: they name seats, not
/// accounts, and `lords verify --all` still passes.
///
/// Seats in active games are resigned (service rules §9.3, as `POST /v1/games/{id}/resign`):
/// those games go on with a bot in the seat, or end at once when one player is left.
///
/// Wrong passwords are limited per username and per client address as logins are.
#[utoipa::path(delete, path = "/v1/me", tag = "accounts",
    security(("bearer" = [])),
    request_body = AccountDeletion,
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "`malformed_json`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`: no valid bearer token (`WWW-Authenticate: Bearer`)",
            body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`invalid_current_password`: the password is wrong", body = Problem,
            content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many wrong passwords; see `Retry-After`",
            body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        (status = 500, description = "`internal_error`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn delete_me(
    req: HttpRequest,
    user: AuthUser,
    state: web::Data<AppState>,
    body: web::Json<AccountDeletion>,
) -> Result<HttpResponse, ApiError> {
    let AccountDeletion { password } = body.into_inner();
    super::sessions::confirm_password(&req, &user, &state, password).await?;
    // First the account (its tokens stop working at once, so it cannot join anything new),
    // then its sessions, its open seats, its active seats. Each step may be repeated safely.
    if auth::accounts::mark_deleted(&state.pool, user.account_id)
        .await?
        .is_none()
    {
        return Err(ApiError::Unauthorized(AuthError::InvalidToken(None)));
    }
    let revoked = auth::refresh::revoke_all(&state.pool, user.account_id).await?;
    let open = state.store.open_games_of(user.account_id).await?;
    for game in &open {
        match state.store.leave_game(*game, user.account_id).await {
            // Started (or left) since it was listed: nothing to release.
            Ok(_)
            | Err(crate::store::StoreError::NotOpen | crate::store::StoreError::NotSeated) => {}
            Err(e) => return Err(e.into()),
        }
    }
    let active = state.store.active_games_of(user.account_id).await?;
    for game in &active {
        match state.store.resign(*game, user.account_id).await {
            // Over (or resigned) since it was listed: nothing to resign.
            Ok(_) | Err(crate::store::StoreError::Rule(_)) => {}
            Err(e) => return Err(e.into()),
        }
    }
    tracing::info!(account_id = %user.account_id, revoked, released = open.len(),
        resigned = active.len(), "account deleted");
    Ok(HttpResponse::NoContent().finish())
}
