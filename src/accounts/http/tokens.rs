//! Personal access tokens (`POST/GET /v1/me/tokens`, `DELETE /v1/me/tokens/{id}`) and bot
//! accounts (`POST /v1/me/bot`): first-party operations (a session signed in with a password),
//! whose SQL is `accounts::tokens`'. The bearer extractor enforces what a token may do.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::accounts::http::accounts::{MeDto, me_document};
use crate::accounts::tokens::{self, BotConversionError, NewToken, PersonalToken};
use crate::api::credentials::TokenKind;
use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::{AuthUser, Grant, LiveAuthUser};
use crate::api::responses::{
    InvalidPath, MalformedJson, PayloadTooLarge, ServiceUnavailable, Unauthorized,
    UnsupportedMediaType,
};
use crate::api::scope::Scope;
use crate::api::state::AppState;
use crate::api::text;

/// The most live personal tokens one account may hold.
pub const MAX_PERSONAL_TOKENS: i64 = 50;
/// A token's name: 1 to this many characters.
pub const TOKEN_NAME_MAX: usize = 64;
/// The longest expiry, in days.
pub const EXPIRY_MAX_DAYS: i64 = 365;
/// The name of the token a bot conversion creates.
pub const BOT_TOKEN_NAME: &str = "bot";

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/me/tokens")
            .route(web::post().to(create_token))
            .route(web::get().to(list_tokens)),
    )
    // Before `{id}`, which would take the path for a token's id.
    .service(web::resource("/me/tokens/rotate").route(web::post().to(rotate_token)))
    .service(web::resource("/me/tokens/{id}").route(web::delete().to(delete_token)))
    .service(web::resource("/me/bot").route(web::post().to(become_bot)));
}

/// A personal token to create.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PersonalTokenRequest {
    /// What the token is for, to recognise it in the list: 1 to 64 characters on one line,
    /// at least one of them visible (spaces around it are dropped).
    #[schema(example = "my scripts", min_length = 1, max_length = 64)]
    pub name: String,
    /// The scopes it holds: at least one. `bot:play` only on a bot account.
    #[schema(value_type = Vec<Scope>, min_items = 1, example = json!(["game:read", "game:play"]))]
    pub scopes: Vec<String>,
    /// Days until it expires, 1 to 365; null or absent: it never expires.
    #[serde(
        default,
        deserialize_with = "crate::api::strict_json::optional_whole_number"
    )]
    #[schema(example = 90, minimum = 1, maximum = 365)]
    pub expires_in_days: Option<i64>,
}

/// A personal token as listed (never its secret).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PersonalTokenDto {
    pub id: Uuid,
    #[schema(example = "my scripts")]
    pub name: String,
    #[schema(example = json!(["game:read", "game:play"]))]
    pub scopes: Vec<Scope>,
    pub created_at: DateTime<Utc>,
    /// `null`: it never expires.
    #[schema(required = true)]
    pub expires_at: Option<DateTime<Utc>>,
    /// When a request last used it (kept to the minute); `null` until one does.
    #[schema(required = true)]
    pub last_used_at: Option<DateTime<Utc>>,
}

impl From<PersonalToken> for PersonalTokenDto {
    fn from(t: PersonalToken) -> Self {
        PersonalTokenDto {
            id: t.id,
            name: t.name,
            scopes: t.scopes,
            created_at: t.created_at,
            expires_at: t.expires_at,
            last_used_at: t.last_used_at,
        }
    }
}

/// A just created personal token with its secret, shown this once.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PersonalTokenCreated {
    pub id: Uuid,
    #[schema(example = "my scripts")]
    pub name: String,
    #[schema(example = json!(["game:read", "game:play"]))]
    pub scopes: Vec<Scope>,
    /// The token to send as `Authorization: Bearer <token>`: `lords_pat_` and 43 characters.
    /// Never shown again: the server keeps only its hash.
    #[schema(example = "lords_pat_3q2-7wXyV0b1Kc9mNpR4sT6uW8yA0cE2gI4kM6oQ8sU")]
    pub token: String,
    pub created_at: DateTime<Utc>,
    /// `null`: it never expires.
    #[schema(required = true)]
    pub expires_at: Option<DateTime<Utc>>,
}

impl PersonalTokenCreated {
    fn new(token: PersonalToken, secret: NewToken) -> Self {
        PersonalTokenCreated {
            id: token.id,
            name: token.name,
            scopes: token.scopes,
            token: secret.secret,
            created_at: token.created_at,
            expires_at: token.expires_at,
        }
    }
}

/// The caller's live personal tokens, newest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PersonalTokenList {
    pub tokens: Vec<PersonalTokenDto>,
}

/// The answer of `POST /v1/me/bot`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct BotConversion {
    /// The account, now a bot account (`bot: true`).
    pub account: MeDto,
    /// The bot's token, holding every scope, without expiry: its only credential, shown once.
    pub token: PersonalTokenCreated,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct TokenPath {
    /// The token's id (a UUID).
    pub id: Uuid,
}

fn problem(code: ErrorCode, detail: impl Into<String>) -> ApiError {
    ApiError::Game(code, detail.into())
}

/// A checked request: its name, scopes and expiry.
struct Checked {
    name: String,
    scopes: Vec<Scope>,
    expires_at: Option<DateTime<Utc>>,
}

/// The request checked field by field.
fn check(request: PersonalTokenRequest, bot_account: bool) -> Result<Checked, ApiError> {
    // Spaces around the name are dropped. The name is shown in lists and logs: one line that
    // shows something, so that a line break cannot forge a second entry and a blank or
    // reversed (U+202E) name cannot pass for another.
    let name = request.name.trim();
    if name.chars().count() > TOKEN_NAME_MAX
        || !text::is_one_line(name)
        || !text::shows_something(name)
    {
        return Err(problem(
            ErrorCode::InvalidTokenName,
            format!(
                "a token's name is 1 to {TOKEN_NAME_MAX} characters on one line, with at least \
                 one visible character and no control or format character"
            ),
        ));
    }
    let scopes = crate::api::scope::parse_list(request.scopes.iter().map(String::as_str)).map_err(
        |unknown| {
            problem(
                ErrorCode::InvalidScope,
                format!("unknown scope {unknown:?}"),
            )
        },
    )?;
    if scopes.is_empty() {
        return Err(problem(ErrorCode::InvalidScope, "name at least one scope"));
    }
    if scopes.contains(&Scope::BotPlay) && !bot_account {
        return Err(problem(
            ErrorCode::InvalidScope,
            "scope \"bot:play\" is for bot accounts only",
        ));
    }
    let expires_at = match request.expires_in_days {
        None => None,
        Some(days) if (1..=EXPIRY_MAX_DAYS).contains(&days) => {
            Some(Utc::now() + chrono::Duration::days(days))
        }
        Some(_) => {
            return Err(problem(
                ErrorCode::InvalidExpiry,
                format!("expires_in_days is 1 to {EXPIRY_MAX_DAYS}, or null"),
            ));
        }
    };
    Ok(Checked {
        name: name.to_string(),
        scopes,
        expires_at,
    })
}

/// Creates a personal access token: a bearer token for scripts and programs of the caller's own,
/// holding only the scopes named, until it expires or is deleted. The answer holds the token,
/// shown this once (the server keeps its hash). Tokens cannot create, list or delete tokens, nor
/// change the password, the address or delete the account (403 `first_party_only`).
#[utoipa::path(post, path = "/v1/me/tokens", tag = "accounts",
    request_body = PersonalTokenRequest,
    responses(
        (status = 201, description = "Created; `token` is shown this once (`Cache-Control: no-store`)",
            body = PersonalTokenCreated),
        MalformedJson,
        Unauthorized,
        (status = 409, description = "`too_many_tokens` (50 live tokens)", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_token_name` (1 to 64 characters on one line, at least one visible, no control or format character), `invalid_scope` (unknown, none, or `bot:play` on an account that is not a bot), `invalid_expiry` (1 to 365 days, or null)", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn create_token(
    state: web::Data<AppState>,
    LiveAuthUser(user): LiveAuthUser,
    body: web::Json<PersonalTokenRequest>,
) -> Result<HttpResponse, ApiError> {
    let bot_account =
        crate::accounts::account::is_bot_account(&state.pool, user.account_id).await?;
    let Checked {
        name,
        scopes,
        expires_at,
    } = check(body.into_inner(), bot_account)?;
    let created = tokens::create_personal(
        &state.pool,
        user.account_id,
        &name,
        &scopes,
        expires_at,
        MAX_PERSONAL_TOKENS,
    )
    .await?;
    let Some((token, secret)) = created else {
        return Err(problem(
            ErrorCode::TooManyTokens,
            format!("you already hold {MAX_PERSONAL_TOKENS} personal tokens; delete one first"),
        ));
    };
    tracing::info!(account_id = %user.account_id, token_id = %token.id, "personal token created");
    Ok(HttpResponse::Created()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(PersonalTokenCreated::new(token, secret)))
}

/// The caller's live personal tokens, newest first, with when each was last used; never their
/// secrets. Expired tokens are not listed (they are deleted).
#[utoipa::path(get, path = "/v1/me/tokens", tag = "accounts",
    responses(
        (status = 200, description = "The caller's personal tokens", body = PersonalTokenList),
        Unauthorized,
        ServiceUnavailable,
    ))]
pub async fn list_tokens(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<HttpResponse, ApiError> {
    let tokens = tokens::list_personal(&state.pool, user.account_id).await?;
    Ok(HttpResponse::Ok().json(PersonalTokenList {
        tokens: tokens.into_iter().map(Into::into).collect(),
    }))
}

/// Deletes a personal token of the caller, at once: the next request that sends it gets 401
/// `invalid_token`, and the event streams opened with it close within seconds.
#[utoipa::path(delete, path = "/v1/me/tokens/{id}", tag = "accounts", params(TokenPath),
    responses(
        (status = 204, description = "Deleted"),
        InvalidPath,
        Unauthorized,
        (status = 404, description = "`personal_token_not_found`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn delete_token(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<TokenPath>,
) -> Result<HttpResponse, ApiError> {
    if tokens::delete_personal(&state.pool, user.account_id, path.id).await? {
        tracing::info!(account_id = %user.account_id, token_id = %path.id, "personal token deleted");
        Ok(HttpResponse::NoContent().finish())
    } else {
        Err(problem(
            ErrorCode::PersonalTokenNotFound,
            "you have no personal token with this id",
        ))
    }
}

/// Replaces the personal token this request is made with by a new one (the same name, scopes
/// and expiry), in one transaction: a bot rotates its credential without an operator. The
/// answer holds the new token, shown this once; the old one is refused from the commit on and
/// the streams opened with it end within seconds. Asks `bot:play`, which only a bot account's
/// tokens hold.
#[utoipa::path(post, path = "/v1/me/tokens/rotate", tag = "accounts",
    responses(
        (status = 201, description = "The new token, shown this once (`Cache-Control: no-store`); the token the request was made with is refused from now on",
            body = PersonalTokenCreated),
        Unauthorized,
        (status = 404, description = "`personal_token_not_found`: the request was not made with a live personal token", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn rotate_token(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<HttpResponse, ApiError> {
    let not_personal = || {
        problem(
            ErrorCode::PersonalTokenNotFound,
            "this request was not made with a live personal token: send the token to replace",
        )
    };
    let Grant::Token {
        id,
        kind: TokenKind::Personal,
        ..
    } = &user.grant
    else {
        return Err(not_personal());
    };
    let (token, secret) = tokens::rotate_personal(&state.pool, user.account_id, *id)
        .await?
        .ok_or_else(not_personal)?;
    tracing::info!(account_id = %user.account_id, old_token_id = %id, token_id = %token.id,
        "personal token rotated");
    Ok(HttpResponse::Created()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(PersonalTokenCreated::new(token, secret)))
}

/// Makes the caller's account a bot account, for good: a program that plays through the API
/// with a token, as lichess's Bot API does. Only an account that never sat at a game may
/// become one. Every session (first-party and OAuth) is revoked and every token deleted; the
/// answer holds the account (`bot: true`) and a new personal token holding every scope
/// (`bot:play` included), without expiry, shown this once: the bot's only credential (a bot
/// account cannot sign in, nor create tokens; `POST /v1/me/tokens/rotate` replaces it, and an
/// operator issues a new one if it is lost: `lords accounts bot-token`). People
/// seat the bot by inviting its username; it learns of the invitation on
/// `GET /v1/me/stream` (`invited`), joins and plays through the same endpoints as anyone.
#[utoipa::path(post, path = "/v1/me/bot", tag = "accounts",
    responses(
        (status = 200, description = "The account is a bot account; `token` is shown this once (`Cache-Control: no-store`)",
            body = BotConversion),
        Unauthorized,
        (status = 409, description = "`account_has_played`: the account has sat at a game", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn become_bot(
    state: web::Data<AppState>,
    LiveAuthUser(user): LiveAuthUser,
) -> Result<HttpResponse, ApiError> {
    let (token, secret) =
        tokens::convert_to_bot(&state.pool, &state.jwt, user.account_id, BOT_TOKEN_NAME)
            .await
            .map_err(|e| match e {
                BotConversionError::HasPlayed => problem(
                    ErrorCode::AccountHasPlayed,
                    "this account has sat at a game; create a new account for your bot",
                ),
                BotConversionError::NoAccount => {
                    ApiError::Unauthorized(crate::api::credentials::AuthError::InvalidToken(None))
                }
                BotConversionError::Database(e) => e.into(),
            })?;
    tracing::info!(account_id = %user.account_id, "account converted to a bot account");
    let account = me_document(&state, user.account_id).await?;
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(BotConversion {
            account,
            token: PersonalTokenCreated::new(token, secret),
        }))
}
