//! Accounts: `POST /v1/accounts`, `GET /v1/me`, `DELETE /v1/me`. Signing in, refresh, logout
//! and password change are in `sessions`.

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::AppState;
use super::error::{ApiError, Problem};
use super::sessions::{self, Credentials};
use crate::api::responses::{
    InternalError, MalformedJson, PayloadTooLarge, ServiceUnavailable, UnsupportedMediaType,
};
use crate::auth::rate_limit::address_key;
use crate::auth::{self, Account, AuthError, AuthUser};

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

/// Creates an account.
#[utoipa::path(post, path = "/v1/accounts", tag = "accounts",
    request_body = Credentials,
    responses(
        (status = 201, description = "Created", body = AccountDto),
        MalformedJson,
        (status = 409, description = "`username_taken` (ignoring case)", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_username` or `invalid_password`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many accounts created from this address within the window (`--signup-max-per-window`); see `Retry-After`", body = Problem,
            content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        InternalError,
        ServiceUnavailable,
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

/// The account behind the bearer token.
#[utoipa::path(get, path = "/v1/me", tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The account", body = AccountDto),
        (status = 401, description = "`unauthorized`: no valid bearer token (`WWW-Authenticate: Bearer`)",
            body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
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
/// issued is refused from now on (401). Its webhooks and push subscriptions are deleted with
/// their pending deliveries, and its stream tickets too; its open Server-Sent Events streams
/// end within seconds. Seats in open (not started) games are released as
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
        MalformedJson,
        (status = 401, description = "`unauthorized`: no valid bearer token (`WWW-Authenticate: Bearer`)",
            body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`invalid_current_password`: the password is wrong", body = Problem,
            content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 429, description = "`rate_limited`: too many wrong passwords; see `Retry-After`",
            body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn delete_me(
    req: HttpRequest,
    user: AuthUser,
    state: web::Data<AppState>,
    body: web::Json<AccountDeletion>,
) -> Result<HttpResponse, ApiError> {
    let AccountDeletion { password } = body.into_inner();
    sessions::confirm_password(&req, &user, &state, password).await?;
    // First the account, its sessions, webhooks, push subscriptions, stream tickets and
    // streams, in one transaction (its tokens stop working at once, so it cannot join anything
    // new, and nothing is sent to its endpoints any more); then its open seats, its active
    // seats. Each step may be repeated safely.
    if auth::accounts::mark_deleted(&state.pool, user.account_id)
        .await?
        .is_none()
    {
        return Err(ApiError::Unauthorized(AuthError::InvalidToken(None)));
    }
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
    tracing::info!(account_id = %user.account_id, released = open.len(),
        resigned = active.len(), "account deleted");
    Ok(HttpResponse::NoContent().finish())
}
