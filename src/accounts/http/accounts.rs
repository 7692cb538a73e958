//! Accounts: `POST /v1/accounts`, `GET /v1/me`, `DELETE /v1/me`, `PUT /v1/me/hints`, the
//! account's address (`PUT /v1/me/email`, `POST /v1/me/email/verify`). Signing in, refresh,
//! logout, password change and reset are in `sessions`.

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::accounts::account::Account;
use crate::accounts::http::sessions::{self, Credentials};
use crate::api::credentials::AuthError;
use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::{AuthUser, LiveAuthUser};
use crate::api::i18n;
use crate::api::rate_limit::address_key;
use crate::api::responses::{
    InternalError, MalformedJson, PayloadTooLarge, ServiceUnavailable, UnsupportedMediaType,
};
use crate::api::state::AppState;

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

/// The caller's account, with what its first-game guide remembers.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MeDto {
    pub id: Uuid,
    #[schema(example = "robert_bruce")]
    pub username: String,
    pub created_at: DateTime<Utc>,
    pub hints: Hints,
    /// The address mail goes to (`PUT /v1/me/email`), as given; `null` until one is set.
    #[schema(example = "robert@example.org", required = true)]
    pub email: Option<String>,
    /// Whether the address was verified (its link followed). Only verified addresses get
    /// notifications by mail; verification and password-reset mails go to any.
    pub email_verified: bool,
    /// The language of the account's mails: that of the request that created the account or
    /// last set its address (`Accept-Language`).
    pub language: Language,
    /// Vacation days left and the vacation under way (service rules §9.6).
    pub vacation: crate::tables::http::vacation::VacationDto,
    /// Whether this is a bot account (`POST /v1/me/bot`): it plays through the API with its
    /// token and never signs in with a password.
    pub bot: bool,
}

/// A language the service writes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    En,
    Fr,
}

impl Language {
    fn stored(code: &str) -> Self {
        if code == "fr" {
            Language::Fr
        } else {
            Language::En
        }
    }
}

/// The body of `PUT /v1/me/email`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EmailRequest {
    /// An address in ASCII, as the pattern says: letters, digits and ``!#$%&'*+/=?^_`{|}~-``
    /// with dots only between them, at most 64 characters before the `@`, and a domain of
    /// labels such as `example.org` (an international one in its `xn--` form); at most 254
    /// characters in all. Unique among accounts, ignoring case.
    #[schema(
        example = "robert@example.org",
        max_length = 254,
        pattern = r#"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"#
    )]
    pub email: String,
}

/// The account's address after `PUT /v1/me/email`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct EmailState {
    #[schema(example = "robert@example.org")]
    pub email: String,
    /// `false` until the mailed link is followed (`true` only when the account's own verified
    /// address was set again).
    pub email_verified: bool,
    /// Whether a verification link was queued for the address.
    pub verification_sent: bool,
}

/// The body of `POST /v1/me/email/verify`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VerifyEmailRequest {
    /// The token of the mailed link `{public_url}/#/verify-email/{token}`.
    #[schema(example = "kV3n1b0d2Yk9yM1fJt0p8QxW5cZ7aL4eR6uH2sG9mNo")]
    pub token: String,
}

/// The keys a mail an account's request sends counts against: that account, so that it cannot
/// be made to mail strangers in bulk (with the login limiter's budget).
fn mail_keys(account: crate::eventstore::AccountId) -> Vec<String> {
    vec![format!("mail:account:{}", account.0)]
}

/// Sets the caller's address, unverified, and mails it a link with a single-use token (valid
/// 24 hours) to verify it (`POST /v1/me/email/verify`). The request's language
/// (`Accept-Language`) becomes the language of the account's mails. Setting the same address
/// again sends a new link (the earlier ones still work until they expire); setting the
/// account's own verified address again changes nothing and sends nothing.
///
/// An address belongs to at most one account, ignoring case: one another account has verified,
/// or holds with a verification link still valid, is `email_taken`; an unverified claim whose
/// links all expired is taken over. Requests that send a link are limited per account as
/// logins are.
#[utoipa::path(put, path = "/v1/me/email", tag = "accounts",
    security(("bearer" = [])),
    request_body = EmailRequest,
    responses(
        (status = 200, description = "Saved; a verification link is queued unless `verification_sent` is false", body = EmailState),
        MalformedJson,
        (status = 401, description = "`unauthorized`: no valid bearer token (`WWW-Authenticate: Bearer`)",
            body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`email_taken`: another account has this address (ignoring case)",
            body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_email`: not an address mail can be sent to (CR/LF refused)",
            body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many links asked for; see `Retry-After`",
            body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn put_email(
    req: HttpRequest,
    LiveAuthUser(user): LiveAuthUser,
    state: web::Data<AppState>,
    body: web::Json<EmailRequest>,
) -> Result<HttpResponse, ApiError> {
    let EmailRequest { email } = body.into_inner();
    crate::accounts::email::validate_email(&email)?;
    let _counted = state
        .login_limiter
        .begin(mail_keys(user.account_id))
        .map_err(|retry_after| ApiError::RateLimited { retry_after })?;
    let lang = i18n::of_request(&req);
    let claimed =
        crate::accounts::email::claim(&state.pool, user.account_id, &email, lang.tag()).await?;
    tracing::info!(account_id = %user.account_id, link_sent = claimed.link_sent, "address set");
    Ok(HttpResponse::Ok().json(EmailState {
        email: claimed.email,
        email_verified: claimed.email_verified,
        verification_sent: claimed.link_sent,
    }))
}

/// Verifies the caller's address with the token of the link mailed to it. The token must be
/// one of the caller's, unused, unexpired, and sent to the address the account has now.
/// Answers the account as `GET /v1/me` does. A failure changes nothing.
#[utoipa::path(post, path = "/v1/me/email/verify", tag = "accounts",
    security(("bearer" = [])),
    request_body = VerifyEmailRequest,
    responses(
        (status = 200, description = "Verified: the account, `email_verified` true", body = MeDto),
        MalformedJson,
        (status = 401, description = "`unauthorized`: no valid bearer token (`WWW-Authenticate: Bearer`)",
            body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`token_not_found`: no such token among the caller's",
            body = Problem, content_type = "application/problem+json"),
        (status = 410, description = "`token_expired`: expired (24 h), already used, or sent to an address the account no longer has",
            body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn verify_email(
    user: AuthUser,
    state: web::Data<AppState>,
    body: web::Json<VerifyEmailRequest>,
) -> Result<HttpResponse, ApiError> {
    crate::accounts::email::verify(&state.pool, user.account_id, &body.token).await?;
    tracing::info!(account_id = %user.account_id, "address verified");
    me(user, state).await
}

/// What the web client's first-game guide ("Learn by playing") remembers for an account, on
/// every device: whether hints are off, which hints were dismissed, and which games are guide
/// games (where hints show). The server keeps it as given; only its shape is checked.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Hints {
    /// "Don't show hints": no hint is shown anywhere.
    pub off: bool,
    /// The hints dismissed one at a time, by id (at most 200; each 1 to 64 letters, digits,
    /// `-`, `_` or `.`).
    #[schema(max_items = 200, value_type = Vec<HintId>,
        example = json!(["turn", "power.lowest_strength"]))]
    pub dismissed: Vec<String>,
    /// The games started from "Learn by playing" (at most 50; the client keeps the latest).
    /// Optional in `PUT`: left out, it is empty.
    #[serde(default)]
    #[schema(max_items = 50)]
    pub games: Vec<Uuid>,
}

/// A hint's id in the document (its schema only: the id is kept as a `String`).
pub struct HintId;

// Written out: the derive cannot put a pattern on a string's items.
impl utoipa::PartialSchema for HintId {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .min_length(Some(1))
            .max_length(Some(MAX_HINT_ID))
            .pattern(Some("^[A-Za-z0-9._-]{1,64}$"))
            .description(Some(
                "A hint's id: 1 to 64 letters, digits, `-`, `_` or `.`.",
            ))
            .into()
    }
}

impl ToSchema for HintId {}

/// The most dismissed hints a document holds.
const MAX_DISMISSED: usize = 200;
/// The most guide games a document holds.
const MAX_GUIDE_GAMES: usize = 50;
/// The longest hint id.
const MAX_HINT_ID: usize = 64;

impl Hints {
    /// The document a `PUT` sends, or why not (`invalid_hints`).
    fn parse(value: serde_json::Value) -> Result<Self, ApiError> {
        let invalid = |detail: String| ApiError::Game(ErrorCode::InvalidHints, detail);
        let hints: Hints = serde_json::from_value(value).map_err(|e| invalid(e.to_string()))?;
        if hints.dismissed.len() > MAX_DISMISSED {
            return Err(invalid(format!(
                "at most {MAX_DISMISSED} dismissed hints, not {}",
                hints.dismissed.len()
            )));
        }
        if hints.games.len() > MAX_GUIDE_GAMES {
            return Err(invalid(format!(
                "at most {MAX_GUIDE_GAMES} guide games, not {}",
                hints.games.len()
            )));
        }
        let well_formed = |id: &String| {
            (1..=MAX_HINT_ID).contains(&id.len())
                && id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        };
        if let Some(bad) = hints.dismissed.iter().find(|id| !well_formed(id)) {
            return Err(invalid(format!("{bad:?} is not a hint id")));
        }
        Ok(hints)
    }

    /// A stored document; one that no longer parses (never written so) counts as none.
    fn stored(value: Option<serde_json::Value>) -> Self {
        value
            .and_then(|v| serde_json::from_value(v).ok())
            .unwrap_or_default()
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
    crate::accounts::account::validate_username(&username)?;
    crate::accounts::account::validate_password(&password)?;
    // Every creation that reaches the (costly) hash counts, whatever its outcome.
    let ip = req.peer_addr().map(|a| a.ip());
    let _counted = state
        .signup_limiter
        .begin(vec![address_key(ip)])
        .map_err(|retry_after| ApiError::RateLimited { retry_after })?;
    let hash = crate::accounts::password::hash(password).await?;
    let lang = i18n::of_request(&req);
    let account =
        crate::accounts::account::insert(&state.pool, &username, &hash, lang.tag()).await?;
    tracing::info!(account_id = %account.id, "account created");
    Ok(HttpResponse::Created().json(AccountDto::from(account)))
}

/// The account behind the bearer token, with its first-game guide's hints (`hints`: all on,
/// none dismissed, no guide game until `PUT /v1/me/hints` saves one), its address and whether
/// it is verified, and the language of its mails.
#[utoipa::path(get, path = "/v1/me", tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The account", body = MeDto),
        (status = 401, description = "`unauthorized`: no valid bearer token (`WWW-Authenticate: Bearer`)",
            body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn me(user: AuthUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(me_document(&state, user.account_id).await?))
}

/// The `GET /v1/me` document of `account` (also in `POST /v1/me/bot`'s answer).
pub(crate) async fn me_document(
    state: &AppState,
    account: crate::eventstore::AccountId,
) -> Result<MeDto, ApiError> {
    match crate::accounts::account::find_with_profile(&state.pool, account).await? {
        Some((account, profile)) => Ok(MeDto {
            vacation: crate::tables::vacation::vacation(&state.store, account.id)
                .await?
                .into(),
            id: account.id.0,
            username: account.username,
            created_at: account.created_at,
            hints: Hints::stored(profile.hints),
            email: profile.email,
            email_verified: profile.email_verified,
            language: Language::stored(&profile.language),
            bot: profile.bot,
        }),
        // A valid token for an account that no longer exists.
        None => Err(ApiError::Unauthorized(AuthError::InvalidToken(None))),
    }
}

/// Replaces what the first-game guide remembers for the caller (the whole document, as
/// `GET /v1/me` gives it in `hints`); answers the document saved.
#[utoipa::path(put, path = "/v1/me/hints", tag = "accounts",
    security(("bearer" = [])),
    request_body = Hints,
    responses(
        (status = 200, description = "Saved", body = Hints),
        MalformedJson,
        (status = 401, description = "`unauthorized`: no valid bearer token (`WWW-Authenticate: Bearer`)",
            body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_hints`: not the document's shape (a field missing, unknown or of another type, too many ids, a malformed hint id)",
            body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn put_hints(
    user: AuthUser,
    state: web::Data<AppState>,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, ApiError> {
    let hints = Hints::parse(body.into_inner())?;
    let value = serde_json::to_value(&hints)
        .map_err(|e| ApiError::Unexpected(anyhow::Error::new(e).context("serialize hints")))?;
    if !crate::accounts::account::set_hints(&state.pool, user.account_id, &value).await? {
        return Err(ApiError::Unauthorized(AuthError::InvalidToken(None)));
    }
    Ok(HttpResponse::Ok().json(hints))
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
    if crate::accounts::account::mark_deleted(&state.pool, &state.jwt, user.account_id)
        .await?
        .is_none()
    {
        return Err(ApiError::Unauthorized(AuthError::InvalidToken(None)));
    }
    let open = crate::tables::invitations::open_games_of(&state.store, user.account_id).await?;
    for game in &open {
        match crate::tables::lobby::leave_game(&state.store, *game, user.account_id).await {
            // Started (or left) since it was listed: nothing to release.
            Ok(_)
            | Err(
                crate::eventstore::error::StoreError::NotOpen
                | crate::eventstore::error::StoreError::NotSeated,
            ) => {}
            Err(e) => return Err(e.into()),
        }
    }
    let active = crate::play::clock::active_games_of(&state.store, user.account_id).await?;
    for game in &active {
        match crate::play::clock::resign(&state.store, *game, user.account_id).await {
            // Over (or resigned) since it was listed: nothing to resign.
            Ok(_) | Err(crate::eventstore::error::StoreError::Rule(_)) => {}
            Err(e) => return Err(e.into()),
        }
    }
    tracing::info!(account_id = %user.account_id, released = open.len(),
        resigned = active.len(), "account deleted");
    Ok(HttpResponse::NoContent().finish())
}

#[cfg(test)]
mod tests {
    use utoipa::PartialSchema;

    /// The pattern the document shows for an address, in each request that takes one.
    fn pattern_of<T: PartialSchema>() -> String {
        let schema = serde_json::to_value(T::schema()).unwrap();
        schema["properties"]["email"]["pattern"]
            .as_str()
            .unwrap()
            .to_string()
    }

    #[test]
    fn the_documented_address_pattern_is_the_servers() {
        let pattern = crate::accounts::email::EMAIL_PATTERN;
        assert_eq!(
            pattern_of::<crate::accounts::http::accounts::EmailRequest>(),
            pattern
        );
        assert_eq!(
            pattern_of::<crate::accounts::http::accounts::sessions::PasswordResetRequest>(),
            pattern
        );
    }
}
