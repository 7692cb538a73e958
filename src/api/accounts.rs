//! Accounts and tokens: `POST /v1/accounts`, `POST /v1/auth/token`, `GET /v1/me`.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::error::{ApiError, Problem};
use crate::auth::rate_limit::{address_key, username_key};
use crate::auth::{self, Account, AuthError, AuthUser};
use crate::startup::AppState;

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

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct TokenResponse {
    /// A JWT (HS256) to send as `Authorization: Bearer <access_token>`.
    pub access_token: String,
    #[schema(example = "Bearer")]
    pub token_type: String,
    /// Seconds until the token expires.
    #[schema(example = 3600)]
    pub expires_in: u64,
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
        (status = 500, description = "`internal_error`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn create_account(
    state: web::Data<AppState>,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let Credentials { username, password } = body.into_inner();
    auth::accounts::validate_username(&username)?;
    auth::accounts::validate_password(&password)?;
    let hash = auth::password::hash(password).await?;
    let account = auth::accounts::insert(&state.pool, &username, &hash).await?;
    tracing::info!(account_id = %account.id, "account created");
    Ok(HttpResponse::Created().json(AccountDto::from(account)))
}

/// Exchanges a username and password for an access token. Failed attempts are limited per
/// username and per client address.
#[utoipa::path(post, path = "/v1/auth/token", tag = "accounts",
    request_body = Credentials,
    responses(
        (status = 200, description = "A bearer token", body = TokenResponse),
        (status = 400, description = "`malformed_json`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`invalid_credentials`", body = Problem, content_type = "application/problem+json"),
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
    let user_key = username_key(&username);
    let mut keys = vec![user_key.clone()];
    if let Some(addr) = req.peer_addr() {
        keys.push(address_key(addr.ip()));
    }
    state
        .login_limiter
        .check(&keys)
        .map_err(|retry_after| ApiError::RateLimited { retry_after })?;

    let found = if username.len() <= auth::accounts::USERNAME_MAX {
        auth::accounts::find_credentials(&state.pool, &username).await?
    } else {
        None
    };
    let (account, hash) = match found {
        Some((account, hash)) => (Some(account), Some(hash)),
        None => (None, None),
    };
    let verified = auth::password::verify(password, hash).await?;
    let account = match account {
        Some(a) if verified => a,
        _ => {
            state.login_limiter.record_failure(&keys);
            tracing::info!("login failed");
            return Err(ApiError::InvalidCredentials);
        }
    };
    state.login_limiter.reset(&user_key);
    let token = state.jwt.issue(&account)?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(TokenResponse {
            access_token: token.access_token,
            token_type: "Bearer".into(),
            expires_in: token.expires_in,
        }))
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
