//! `ApiError`: every failure an HTTP client can see, rendered as `application/problem+json`
//! `{type, title, status, detail, code}`. Internal errors are logged here, once, with their
//! whole source chain, and answered with a generic detail.

use std::time::Duration;

use actix_web::body::BoxBody;
use actix_web::error::{JsonPayloadError, PathError, PayloadError, QueryPayloadError};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::i18n::FrenchDetail;
use crate::auth::{AccountError, AuthError};
use crate::engine::RuleError;
use crate::store::{StoreError, is_unavailable};

pub const PROBLEM_CONTENT_TYPE: &str = "application/problem+json";

/// A problem report (RFC 9457). `code` is the stable, machine-readable reason; branch on it,
/// never on `title` or `detail`. `title` and `detail` are in English, or in French when the
/// request's `Accept-Language` prefers `fr` (the response's `Content-Language` says which); the
/// `code` is the same in every language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Problem {
    /// `/problems/<code>`.
    #[serde(rename = "type")]
    #[schema(example = "/problems/invalid_credentials")]
    pub problem_type: String,
    /// A short summary of the code.
    #[schema(example = "Invalid credentials")]
    pub title: String,
    /// The HTTP status code.
    #[schema(example = 401)]
    pub status: u16,
    /// What went wrong with this request.
    #[schema(example = "the username or password is wrong")]
    pub detail: String,
    /// The stable reason code (see the list in this schema's `code` enum).
    #[schema(example = "invalid_credentials")]
    pub code: String,
}

/// The codes of the HTTP shell. Rule violations use [`RuleError::code`] (422).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorCode {
    MalformedJson,
    InvalidPath,
    InvalidQuery,
    UnsupportedMediaType,
    Unauthorized,
    InvalidCredentials,
    NotFound,
    MethodNotAllowed,
    UsernameTaken,
    PayloadTooLarge,
    InvalidUsername,
    InvalidPassword,
    RateLimited,
    InternalError,
    ServiceUnavailable,
    MigrationsPending,
    BadRequest,
    InvalidAction,
    InvalidOptions,
    InvalidHeader,
    InvalidCursor,
    NotSeated,
    GameNotFound,
    AlreadySeated,
    GameFull,
    GameNotOpen,
    GameNotFinished,
    IdempotencyKeyReused,
    VersionConflict,
    VersionMismatch,
    InvalidRefreshToken,
    InvalidCurrentPassword,
    TooManyOpenGames,
    RequestTimeout,
    InvalidInvitation,
    InvalidBots,
    SeatTaken,
    InvalidWebhook,
    WebhookUrlForbidden,
    TooManyWebhooks,
    WebhookNotFound,
    InvalidPushSubscription,
    TooManyPushSubscriptions,
    PushSubscriptionNotFound,
}

impl ErrorCode {
    pub const ALL: [ErrorCode; 44] = [
        ErrorCode::MalformedJson,
        ErrorCode::InvalidPath,
        ErrorCode::InvalidQuery,
        ErrorCode::UnsupportedMediaType,
        ErrorCode::Unauthorized,
        ErrorCode::InvalidCredentials,
        ErrorCode::NotFound,
        ErrorCode::MethodNotAllowed,
        ErrorCode::UsernameTaken,
        ErrorCode::PayloadTooLarge,
        ErrorCode::InvalidUsername,
        ErrorCode::InvalidPassword,
        ErrorCode::RateLimited,
        ErrorCode::InternalError,
        ErrorCode::ServiceUnavailable,
        ErrorCode::MigrationsPending,
        ErrorCode::BadRequest,
        ErrorCode::InvalidAction,
        ErrorCode::InvalidOptions,
        ErrorCode::InvalidHeader,
        ErrorCode::InvalidCursor,
        ErrorCode::NotSeated,
        ErrorCode::GameNotFound,
        ErrorCode::AlreadySeated,
        ErrorCode::GameFull,
        ErrorCode::GameNotOpen,
        ErrorCode::GameNotFinished,
        ErrorCode::IdempotencyKeyReused,
        ErrorCode::VersionConflict,
        ErrorCode::VersionMismatch,
        ErrorCode::InvalidRefreshToken,
        ErrorCode::InvalidCurrentPassword,
        ErrorCode::TooManyOpenGames,
        ErrorCode::RequestTimeout,
        ErrorCode::InvalidInvitation,
        ErrorCode::InvalidBots,
        ErrorCode::SeatTaken,
        ErrorCode::InvalidWebhook,
        ErrorCode::WebhookUrlForbidden,
        ErrorCode::TooManyWebhooks,
        ErrorCode::WebhookNotFound,
        ErrorCode::InvalidPushSubscription,
        ErrorCode::TooManyPushSubscriptions,
        ErrorCode::PushSubscriptionNotFound,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::MalformedJson => "malformed_json",
            ErrorCode::InvalidPath => "invalid_path",
            ErrorCode::InvalidQuery => "invalid_query",
            ErrorCode::UnsupportedMediaType => "unsupported_media_type",
            ErrorCode::Unauthorized => "unauthorized",
            ErrorCode::InvalidCredentials => "invalid_credentials",
            ErrorCode::NotFound => "not_found",
            ErrorCode::MethodNotAllowed => "method_not_allowed",
            ErrorCode::UsernameTaken => "username_taken",
            ErrorCode::PayloadTooLarge => "payload_too_large",
            ErrorCode::InvalidUsername => "invalid_username",
            ErrorCode::InvalidPassword => "invalid_password",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::InternalError => "internal_error",
            ErrorCode::ServiceUnavailable => "service_unavailable",
            ErrorCode::MigrationsPending => "migrations_pending",
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::InvalidAction => "invalid_action",
            ErrorCode::InvalidOptions => "invalid_options",
            ErrorCode::InvalidHeader => "invalid_header",
            ErrorCode::InvalidCursor => "invalid_cursor",
            ErrorCode::NotSeated => "not_seated",
            ErrorCode::GameNotFound => "game_not_found",
            ErrorCode::AlreadySeated => "already_seated",
            ErrorCode::GameFull => "game_full",
            ErrorCode::GameNotOpen => "game_not_open",
            ErrorCode::GameNotFinished => "game_not_finished",
            ErrorCode::IdempotencyKeyReused => "idempotency_key_reused",
            ErrorCode::VersionConflict => "version_conflict",
            ErrorCode::VersionMismatch => "version_mismatch",
            ErrorCode::InvalidRefreshToken => "invalid_refresh_token",
            ErrorCode::InvalidCurrentPassword => "invalid_current_password",
            ErrorCode::TooManyOpenGames => "too_many_open_games",
            ErrorCode::RequestTimeout => "request_timeout",
            ErrorCode::InvalidInvitation => "invalid_invitation",
            ErrorCode::InvalidBots => "invalid_bots",
            ErrorCode::SeatTaken => "seat_taken",
            ErrorCode::InvalidWebhook => "invalid_webhook",
            ErrorCode::WebhookUrlForbidden => "webhook_url_forbidden",
            ErrorCode::TooManyWebhooks => "too_many_webhooks",
            ErrorCode::WebhookNotFound => "webhook_not_found",
            ErrorCode::InvalidPushSubscription => "invalid_push_subscription",
            ErrorCode::TooManyPushSubscriptions => "too_many_push_subscriptions",
            ErrorCode::PushSubscriptionNotFound => "push_subscription_not_found",
        }
    }

    pub fn status(self) -> StatusCode {
        match self {
            ErrorCode::MalformedJson
            | ErrorCode::InvalidPath
            | ErrorCode::InvalidQuery
            | ErrorCode::BadRequest => StatusCode::BAD_REQUEST,
            ErrorCode::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ErrorCode::Unauthorized | ErrorCode::InvalidCredentials => StatusCode::UNAUTHORIZED,
            ErrorCode::NotFound => StatusCode::NOT_FOUND,
            ErrorCode::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ErrorCode::UsernameTaken => StatusCode::CONFLICT,
            ErrorCode::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::InvalidUsername | ErrorCode::InvalidPassword => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ErrorCode::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::InvalidAction => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::InvalidOptions => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::InvalidHeader => StatusCode::BAD_REQUEST,
            ErrorCode::InvalidCursor => StatusCode::BAD_REQUEST,
            ErrorCode::NotSeated => StatusCode::FORBIDDEN,
            ErrorCode::GameNotFound => StatusCode::NOT_FOUND,
            ErrorCode::AlreadySeated => StatusCode::CONFLICT,
            ErrorCode::GameFull => StatusCode::CONFLICT,
            ErrorCode::GameNotOpen => StatusCode::CONFLICT,
            ErrorCode::GameNotFinished => StatusCode::CONFLICT,
            ErrorCode::IdempotencyKeyReused => StatusCode::CONFLICT,
            ErrorCode::VersionConflict => StatusCode::CONFLICT,
            ErrorCode::VersionMismatch => StatusCode::PRECONDITION_FAILED,
            ErrorCode::InvalidRefreshToken => StatusCode::UNAUTHORIZED,
            ErrorCode::InvalidCurrentPassword => StatusCode::FORBIDDEN,
            // A state of the caller's (their open games), not a rate: 409, no Retry-After.
            ErrorCode::TooManyOpenGames => StatusCode::CONFLICT,
            ErrorCode::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            ErrorCode::InvalidInvitation => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::InvalidBots => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::SeatTaken => StatusCode::CONFLICT,
            ErrorCode::InvalidWebhook | ErrorCode::WebhookUrlForbidden => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ErrorCode::TooManyWebhooks => StatusCode::CONFLICT,
            ErrorCode::WebhookNotFound => StatusCode::NOT_FOUND,
            ErrorCode::InvalidPushSubscription => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::TooManyPushSubscriptions => StatusCode::CONFLICT,
            ErrorCode::PushSubscriptionNotFound => StatusCode::NOT_FOUND,
            ErrorCode::InternalError => StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::ServiceUnavailable | ErrorCode::MigrationsPending => {
                StatusCode::SERVICE_UNAVAILABLE
            }
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            ErrorCode::MalformedJson => "Malformed JSON body",
            ErrorCode::InvalidPath => "Invalid path parameter",
            ErrorCode::InvalidQuery => "Invalid query string",
            ErrorCode::UnsupportedMediaType => "Unsupported media type",
            ErrorCode::Unauthorized => "Authentication required",
            ErrorCode::InvalidCredentials => "Invalid credentials",
            ErrorCode::NotFound => "Not found",
            ErrorCode::MethodNotAllowed => "Method not allowed",
            ErrorCode::UsernameTaken => "Username taken",
            ErrorCode::PayloadTooLarge => "Payload too large",
            ErrorCode::InvalidUsername => "Invalid username",
            ErrorCode::InvalidPassword => "Invalid password",
            ErrorCode::RateLimited => "Too many attempts",
            ErrorCode::InternalError => "Internal server error",
            ErrorCode::ServiceUnavailable => "Service unavailable",
            ErrorCode::MigrationsPending => "Database migrations pending",
            ErrorCode::BadRequest => "Bad request",
            ErrorCode::InvalidAction => "Invalid action",
            ErrorCode::InvalidOptions => "Invalid game options",
            ErrorCode::InvalidHeader => "Invalid header",
            ErrorCode::InvalidCursor => "Invalid cursor",
            ErrorCode::NotSeated => "Not seated in this game",
            ErrorCode::GameNotFound => "Game not found",
            ErrorCode::AlreadySeated => "Already seated",
            ErrorCode::GameFull => "Game full",
            ErrorCode::GameNotOpen => "Game not open",
            ErrorCode::GameNotFinished => "Game not finished",
            ErrorCode::IdempotencyKeyReused => "Idempotency key reused",
            ErrorCode::VersionConflict => "Version conflict",
            ErrorCode::VersionMismatch => "Stale version",
            ErrorCode::InvalidRefreshToken => "Invalid refresh token",
            ErrorCode::InvalidCurrentPassword => "Wrong current password",
            ErrorCode::TooManyOpenGames => "Too many open games",
            ErrorCode::RequestTimeout => "Request body too slow",
            ErrorCode::InvalidInvitation => "Invalid invitation",
            ErrorCode::InvalidBots => "Invalid bots",
            ErrorCode::SeatTaken => "Seat taken",
            ErrorCode::InvalidWebhook => "Invalid webhook",
            ErrorCode::WebhookUrlForbidden => "Webhook address not allowed",
            ErrorCode::TooManyWebhooks => "Too many webhooks",
            ErrorCode::WebhookNotFound => "Webhook not found",
            ErrorCode::InvalidPushSubscription => "Invalid push subscription",
            ErrorCode::TooManyPushSubscriptions => "Too many push subscriptions",
            ErrorCode::PushSubscriptionNotFound => "Push subscription not found",
        }
    }
}

/// Every problem `code` a client can receive, with its status: the shell's codes, then the rule
/// codes (422). Feeds the OpenAPI document.
pub fn all_codes() -> Vec<(&'static str, u16)> {
    ErrorCode::ALL
        .iter()
        .map(|c| (c.as_str(), c.status().as_u16()))
        .chain(RuleError::ALL.iter().map(|r| (r.code(), 422)))
        .collect()
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: the body is not the JSON the endpoint takes.
    #[error("{0}")]
    MalformedJson(String),
    /// 400: a path segment does not parse (e.g. not a UUID).
    #[error("{0}")]
    InvalidPath(String),
    /// 400: the query string does not parse.
    #[error("{0}")]
    InvalidQuery(String),
    /// 415: the body is not `application/json`.
    #[error("send the body as application/json")]
    UnsupportedMediaType,
    /// 401 with `WWW-Authenticate: Bearer`.
    #[error(transparent)]
    Unauthorized(#[from] AuthError),
    /// 401: wrong username or password at login.
    #[error("the username or password is wrong")]
    InvalidCredentials,
    /// 401: the refresh token is unknown, expired, revoked or was already used.
    #[error("the refresh token is invalid, expired or revoked; sign in again")]
    InvalidRefreshToken,
    /// 403: a password change whose `current_password` is wrong.
    #[error("the current password is wrong")]
    InvalidCurrentPassword,
    /// 404.
    #[error("{0}")]
    NotFound(String),
    /// 405 (the `Allow` header comes from the router).
    #[error("this resource does not support the method")]
    MethodNotAllowed,
    /// 409.
    #[error("that username is taken (usernames are unique ignoring case)")]
    UsernameTaken,
    /// 413.
    #[error("the request body is larger than {limit} bytes")]
    PayloadTooLarge { limit: usize },
    /// 422.
    #[error("usernames are 3 to 32 characters of A-Z, a-z, 0-9, '_' and '-'")]
    InvalidUsername,
    /// 422.
    #[error("passwords are 8 to 128 characters")]
    InvalidPassword,
    /// 422: the rules forbid the action; `code` names the rule.
    #[error("{0}")]
    Rule(RuleError),
    /// 429 with `Retry-After`.
    #[error("too many failed attempts; retry in {} s", retry_after_secs(*.retry_after))]
    RateLimited { retry_after: Duration },
    /// 503: the database cannot be reached (pool timeout, connection refused).
    #[error("the database is unavailable; try again shortly")]
    ServiceUnavailable(#[source] anyhow::Error),
    /// 503 (readiness): the schema is older than this binary.
    #[error("{0} database migration(s) not applied")]
    MigrationsPending(usize),
    /// 400/403/404/409/412/422 of the game resources: the code says which.
    #[error("{1}")]
    Game(ErrorCode, String),
    /// 500: logged with its source chain, answered generically.
    #[error("an internal error occurred")]
    Unexpected(#[source] anyhow::Error),
}

fn retry_after_secs(d: Duration) -> u64 {
    d.as_secs() + u64::from(d.subsec_nanos() > 0)
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        if is_unavailable(&e) {
            ApiError::ServiceUnavailable(e.into())
        } else {
            ApiError::Unexpected(e.into())
        }
    }
}

/// An infrastructure failure: 503 when a `sqlx::Error` in its chain says the database is
/// unreachable, 500 otherwise.
impl From<anyhow::Error> for ApiError {
    fn from(e: anyhow::Error) -> Self {
        let unavailable = e
            .chain()
            .any(|c| c.downcast_ref::<sqlx::Error>().is_some_and(is_unavailable));
        if unavailable {
            ApiError::ServiceUnavailable(e)
        } else {
            ApiError::Unexpected(e)
        }
    }
}

impl From<AccountError> for ApiError {
    fn from(e: AccountError) -> Self {
        match e {
            AccountError::InvalidUsername => ApiError::InvalidUsername,
            AccountError::InvalidPassword => ApiError::InvalidPassword,
            AccountError::UsernameTaken => ApiError::UsernameTaken,
            AccountError::Database(e) => e.into(),
        }
    }
}

impl From<crate::auth::RefreshError> for ApiError {
    fn from(e: crate::auth::RefreshError) -> Self {
        match e {
            crate::auth::RefreshError::Invalid => ApiError::InvalidRefreshToken,
            crate::auth::RefreshError::Database(e) => e.into(),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        let game = |code: ErrorCode, e: &StoreError| ApiError::Game(code, e.to_string());
        match e {
            StoreError::NotFound => game(ErrorCode::GameNotFound, &e),
            StoreError::VersionConflict { .. } => game(ErrorCode::VersionConflict, &e),
            StoreError::IdempotencyConflict => game(ErrorCode::IdempotencyKeyReused, &e),
            StoreError::Rule(r) => ApiError::Rule(r),
            StoreError::UnknownAccount => ApiError::Unauthorized(AuthError::InvalidToken(None)),
            StoreError::NotSeated => game(ErrorCode::NotSeated, &e),
            StoreError::AlreadySeated => game(ErrorCode::AlreadySeated, &e),
            StoreError::GameFull => game(ErrorCode::GameFull, &e),
            StoreError::NotOpen => game(ErrorCode::GameNotOpen, &e),
            StoreError::NotFinished => game(ErrorCode::GameNotFinished, &e),
            StoreError::InvalidCursor => game(ErrorCode::InvalidCursor, &e),
            StoreError::InvalidInvitee | StoreError::NoSuchInvitation => {
                game(ErrorCode::InvalidInvitation, &e)
            }
            StoreError::TooManyOpenGames { .. } => game(ErrorCode::TooManyOpenGames, &e),
            StoreError::InvalidBots(_) => game(ErrorCode::InvalidBots, &e),
            StoreError::SeatTaken => game(ErrorCode::SeatTaken, &e),
            StoreError::Unavailable(e) => ApiError::ServiceUnavailable(e),
            StoreError::Unexpected(e) => e.into(),
        }
    }
}

impl From<RuleError> for ApiError {
    fn from(e: RuleError) -> Self {
        ApiError::Rule(e)
    }
}

impl ApiError {
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::Rule(r) => r.code(),
            other => other.error_code().as_str(),
        }
    }

    fn error_code(&self) -> ErrorCode {
        match self {
            ApiError::MalformedJson(_) => ErrorCode::MalformedJson,
            ApiError::InvalidPath(_) => ErrorCode::InvalidPath,
            ApiError::InvalidQuery(_) => ErrorCode::InvalidQuery,
            ApiError::UnsupportedMediaType => ErrorCode::UnsupportedMediaType,
            ApiError::Unauthorized(AuthError::NotConfigured | AuthError::Lookup(_)) => {
                ErrorCode::InternalError
            }
            ApiError::Unauthorized(_) => ErrorCode::Unauthorized,
            ApiError::InvalidCredentials => ErrorCode::InvalidCredentials,
            ApiError::InvalidRefreshToken => ErrorCode::InvalidRefreshToken,
            ApiError::InvalidCurrentPassword => ErrorCode::InvalidCurrentPassword,
            ApiError::NotFound(_) => ErrorCode::NotFound,
            ApiError::MethodNotAllowed => ErrorCode::MethodNotAllowed,
            ApiError::UsernameTaken => ErrorCode::UsernameTaken,
            ApiError::PayloadTooLarge { .. } => ErrorCode::PayloadTooLarge,
            ApiError::InvalidUsername => ErrorCode::InvalidUsername,
            ApiError::InvalidPassword => ErrorCode::InvalidPassword,
            // Rule codes are not ErrorCodes; `code()` handles them before reaching here.
            ApiError::Rule(_) => ErrorCode::InternalError,
            ApiError::RateLimited { .. } => ErrorCode::RateLimited,
            ApiError::ServiceUnavailable(_) => ErrorCode::ServiceUnavailable,
            ApiError::MigrationsPending(_) => ErrorCode::MigrationsPending,
            ApiError::Unexpected(_) => ErrorCode::InternalError,
            ApiError::Game(code, _) => *code,
        }
    }

    fn title(&self) -> &'static str {
        match self {
            ApiError::Rule(_) => "Rule violation",
            other => other.error_code().title(),
        }
    }

    /// The French detail when this error's carries a figure ([`super::i18n::FrenchDetail`]);
    /// the others are translated by code.
    fn french_detail(&self) -> Option<String> {
        match self {
            ApiError::PayloadTooLarge { limit } => {
                Some(format!("le corps de la requête dépasse {limit} octets"))
            }
            ApiError::RateLimited { retry_after } => Some(format!(
                "trop de tentatives échouées ; réessayez dans {} s",
                retry_after_secs(*retry_after)
            )),
            ApiError::MigrationsPending(n) => Some(format!(
                "{n} migration(s) de la base de données non appliquée(s)"
            )),
            _ => None,
        }
    }

    pub fn problem(&self) -> Problem {
        let detail = match self {
            ApiError::Unauthorized(AuthError::NotConfigured | AuthError::Lookup(_)) => {
                "an internal error occurred".to_string()
            }
            other => other.to_string(),
        };
        problem(self.status_code(), self.code(), self.title(), detail)
    }
}

/// A problem document for a status and code.
pub fn problem(status: StatusCode, code: &str, title: &str, detail: impl Into<String>) -> Problem {
    Problem {
        problem_type: format!("/problems/{code}"),
        title: title.to_string(),
        status: status.as_u16(),
        detail: detail.into(),
        code: code.to_string(),
    }
}

/// The problem+json response for a problem.
pub fn problem_response(p: &Problem) -> HttpResponse {
    let status = StatusCode::from_u16(p.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let body = serde_json::to_string(p).unwrap_or_else(|_| "{}".to_string());
    HttpResponse::build(status)
        .insert_header((header::CONTENT_TYPE, PROBLEM_CONTENT_TYPE))
        .body(body)
}

/// Logs the whole chain of a source error as one field.
fn chain(e: &anyhow::Error) -> String {
    e.chain()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(": ")
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::Rule(_) => StatusCode::UNPROCESSABLE_ENTITY,
            other => other.error_code().status(),
        }
    }

    fn error_response(&self) -> HttpResponse<BoxBody> {
        match self {
            ApiError::Unexpected(e) => {
                tracing::error!(error = chain(e), "internal error");
            }
            ApiError::ServiceUnavailable(e) => {
                tracing::warn!(error = chain(e), "database unavailable");
            }
            ApiError::Unauthorized(AuthError::NotConfigured) => {
                tracing::error!("AuthUser used without JwtKeys in the app data");
            }
            ApiError::Unauthorized(AuthError::InvalidToken(Some(e))) => {
                tracing::debug!(reason = %e, "bearer token refused");
            }
            _ => {}
        }
        let mut res = problem_response(&self.problem());
        if let Some(fr) = self.french_detail() {
            res.extensions_mut().insert(FrenchDetail(fr));
        }
        let headers = res.headers_mut();
        match self {
            ApiError::Unauthorized(AuthError::InvalidToken(_)) => {
                headers.insert(
                    header::WWW_AUTHENTICATE,
                    HeaderValue::from_static(
                        "Bearer realm=\"lords-of-scotland\", error=\"invalid_token\"",
                    ),
                );
            }
            ApiError::Unauthorized(AuthError::MissingToken) => {
                headers.insert(
                    header::WWW_AUTHENTICATE,
                    HeaderValue::from_static("Bearer realm=\"lords-of-scotland\""),
                );
            }
            ApiError::RateLimited { retry_after } => {
                headers.insert(
                    header::RETRY_AFTER,
                    HeaderValue::from(retry_after_secs(*retry_after).max(1)),
                );
            }
            ApiError::ServiceUnavailable(_) | ApiError::MigrationsPending(_) => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
            }
            _ => {}
        }
        res
    }
}

/// `AuthUser` rejections are rendered like any `ApiError` (401 + `WWW-Authenticate`).
impl ResponseError for AuthError {
    fn status_code(&self) -> StatusCode {
        match self {
            AuthError::NotConfigured => StatusCode::INTERNAL_SERVER_ERROR,
            AuthError::Lookup(e) if is_unavailable(e) => StatusCode::SERVICE_UNAVAILABLE,
            AuthError::Lookup(_) => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::UNAUTHORIZED,
        }
    }

    fn error_response(&self) -> HttpResponse<BoxBody> {
        let cloned = match self {
            AuthError::MissingToken => AuthError::MissingToken,
            AuthError::InvalidToken(_) => AuthError::InvalidToken(None),
            AuthError::NotConfigured => AuthError::NotConfigured,
            // The database failed, not the token: 503 or 500 as for any handler.
            AuthError::Lookup(e) if is_unavailable(e) => {
                return ApiError::ServiceUnavailable(anyhow::anyhow!("looking up an account: {e}"))
                    .error_response();
            }
            AuthError::Lookup(e) => {
                return ApiError::Unexpected(anyhow::anyhow!("looking up an account: {e}"))
                    .error_response();
            }
        };
        ApiError::Unauthorized(cloned).error_response()
    }
}

/// `web::Json` rejections: 400 `malformed_json`, 413 `payload_too_large`, 415.
pub fn json_error(err: JsonPayloadError, req: &HttpRequest) -> actix_web::Error {
    let api = match err {
        JsonPayloadError::OverflowKnownLength { limit, .. }
        | JsonPayloadError::Overflow { limit } => ApiError::PayloadTooLarge { limit },
        JsonPayloadError::ContentType => ApiError::UnsupportedMediaType,
        JsonPayloadError::Deserialize(e) => ApiError::MalformedJson(e.to_string()),
        JsonPayloadError::Payload(PayloadError::Overflow) => ApiError::PayloadTooLarge {
            limit: req
                .app_data::<actix_web::web::Data<super::AppState>>()
                .map(|s| s.config.max_body_bytes)
                .unwrap_or_default(),
        },
        other => ApiError::MalformedJson(other.to_string()),
    };
    api.into()
}

/// `web::Path` rejections: 400 `invalid_path`.
pub fn path_error(err: PathError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::InvalidPath(format!("invalid path parameter: {}", inner(&err))).into()
}

/// `web::Query` rejections: 400 `invalid_query`.
pub fn query_error(err: QueryPayloadError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::InvalidQuery(format!("invalid query string: {}", inner(&err))).into()
}

/// The message of the innermost error (actix prefixes its own wording).
fn inner(e: &dyn std::error::Error) -> String {
    let mut cur = e;
    while let Some(next) = cur.source() {
        cur = next;
    }
    cur.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::MessageBody;

    fn body_of(res: HttpResponse) -> Problem {
        let bytes = res.into_body().try_into_bytes().unwrap();
        serde_json::from_slice(&bytes).unwrap()
    }

    #[test]
    fn every_code_is_unique() {
        let mut codes: Vec<_> = all_codes().into_iter().map(|(c, _)| c).collect();
        let n = codes.len();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), n);
    }

    #[test]
    fn a_rule_violation_is_422_with_the_rule_code() {
        let res = ApiError::Rule(RuleError::HandFull).error_response();
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let p = body_of(res);
        assert_eq!(p.code, "hand_full");
        assert_eq!(p.status, 422);
    }

    #[test]
    fn an_internal_error_hides_its_source() {
        let err = anyhow::anyhow!("secret connection string").context("loading a game");
        let res = ApiError::from(err).error_response();
        assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let p = body_of(res);
        assert_eq!(p.code, "internal_error");
        assert!(!p.detail.contains("secret"));
    }

    #[test]
    fn a_pool_timeout_anywhere_in_the_chain_is_503() {
        let err = anyhow::Error::from(sqlx::Error::PoolTimedOut).context("appending events");
        let res = ApiError::from(err).error_response();
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(body_of(res).code, "service_unavailable");
    }

    #[test]
    fn bad_path_and_query_parameters_are_400_problems() {
        let req = actix_web::test::TestRequest::default().to_http_request();
        let e = serde::de::value::Error::custom_for_test("bad uuid");
        let res = path_error(PathError::Deserialize(e.clone()), &req).error_response();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        assert_eq!(body_of(res).code, "invalid_path");
        let res = query_error(QueryPayloadError::Deserialize(e), &req).error_response();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        assert_eq!(body_of(res).code, "invalid_query");
    }

    trait CustomForTest {
        fn custom_for_test(msg: &str) -> Self;
    }
    impl CustomForTest for serde::de::value::Error {
        fn custom_for_test(msg: &str) -> Self {
            <Self as serde::de::Error>::custom(msg)
        }
    }
}
