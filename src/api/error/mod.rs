//! `ApiError`: every failure an HTTP client can see, and which code, status and headers it is
//! answered with. Internal errors are logged here, once, with their whole source chain, and
//! answered with a generic detail. The codes and their texts are in [`codes`], the problem
//! document in [`problem`], the extractors' rejections in [`rejections`].

pub mod codes;
pub mod problem;
pub mod rejections;

use std::time::Duration;

use actix_web::body::BoxBody;
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};

pub use codes::{ErrorCode, RULE_TITLE, RULE_TITLE_FR, all_codes};
pub use problem::{FrenchDetail, PROBLEM_CONTENT_TYPE, Problem, problem, problem_response};
pub use rejections::{invalid_character, json_error, path_error, query_error};

use crate::api::credentials::AuthError;
use crate::eventstore::error::{StoreError, is_unavailable};
use rules::RuleError;

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
    /// 415: the body is not `application/json`, or declares a charset other than UTF-8.
    #[error("send the body as application/json, in UTF-8")]
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
    /// 429 with `Retry-After`: the hourly cap of invitations an account creates.
    #[error(
        "you created {per_hour} invitations within the last hour; retry in {} s",
        retry_after_secs(*.retry_after)
    )]
    TooManyInvitations {
        per_hour: u32,
        retry_after: Duration,
    },
    /// 429 with `Retry-After`: the challenges an account makes within 24 hours.
    #[error(
        "you made {per_day} challenges within 24 hours; retry in {} s",
        retry_after_secs(*.retry_after)
    )]
    TooManyChallengesToday { per_day: u32, retry_after: Duration },
    /// 429 with `Retry-After`: the chat lines an account says within a minute.
    #[error(
        "you said 10 lines within the last minute; retry in {} s",
        retry_after_secs(*.retry_after)
    )]
    ChatRateLimited { retry_after: Duration },
    /// 429 with `Retry-After`: a spent request budget (reads, actions, lobby writes).
    #[error(
        "the {policy} budget of {quota} requests a minute is spent; retry in {} s",
        retry_after_secs(*.retry_after)
    )]
    TooManyRequests {
        policy: &'static str,
        quota: u32,
        retry_after: Duration,
    },
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
            StoreError::TooManyPendingInvitations { .. } => {
                game(ErrorCode::TooManyPendingInvitations, &e)
            }
            StoreError::TooManyInvitations {
                per_hour,
                retry_after,
            } => ApiError::TooManyInvitations {
                per_hour,
                retry_after,
            },
            StoreError::TooManyBotGames { .. } => game(ErrorCode::TooManyBotGames, &e),
            StoreError::TooManyBotAccountGames { .. } => {
                game(ErrorCode::TooManyBotAccountGames, &e)
            }
            StoreError::SeatReserved => game(ErrorCode::SeatReserved, &e),
            StoreError::InvitationNotFound => game(ErrorCode::InvitationNotFound, &e),
            StoreError::NotEnoughVacationDays { .. } => game(ErrorCode::NotEnoughVacationDays, &e),
            StoreError::VacationInProgress => game(ErrorCode::VacationInProgress, &e),
            StoreError::NotOnVacation => game(ErrorCode::NotOnVacation, &e),
            StoreError::DeadlinePassed => game(ErrorCode::DeadlinePassed, &e),
            StoreError::ChatSilenced { .. } => game(ErrorCode::ChatSilenced, &e),
            StoreError::ChatRateLimited { retry_after } => {
                ApiError::ChatRateLimited { retry_after }
            }
            StoreError::PlayerNotFound => game(ErrorCode::PlayerNotFound, &e),
            StoreError::CannotMuteYourself => game(ErrorCode::CannotMuteYourself, &e),
            StoreError::ChatLineNotFound => game(ErrorCode::ChatLineNotFound, &e),
            StoreError::TooManySeeks { .. } => game(ErrorCode::TooManySeeks, &e),
            StoreError::SeekNotFound => game(ErrorCode::SeekNotFound, &e),
            StoreError::InvalidSeek(_) => game(ErrorCode::InvalidSeek, &e),
            StoreError::InvalidChallenge(_) => game(ErrorCode::InvalidChallenge, &e),
            StoreError::ChallengeRefused(_) => game(ErrorCode::ChallengeRefused, &e),
            StoreError::ChallengeNotFound => game(ErrorCode::ChallengeNotFound, &e),
            StoreError::ChallengeNotOpen(_) => game(ErrorCode::ChallengeNotOpen, &e),
            StoreError::TooManyChallenges { .. } => game(ErrorCode::TooManyChallenges, &e),
            StoreError::TooManyChallengesToday {
                per_day,
                retry_after,
            } => ApiError::TooManyChallengesToday {
                per_day,
                retry_after,
            },
            StoreError::InvalidTournament(_) => game(ErrorCode::InvalidTournament, &e),
            StoreError::TournamentNotFound => game(ErrorCode::TournamentNotFound, &e),
            StoreError::TournamentNotOpen(_) => game(ErrorCode::TournamentNotOpen, &e),
            StoreError::TournamentFull { .. } => game(ErrorCode::TournamentFull, &e),
            StoreError::TournamentOver(_) => game(ErrorCode::TournamentOver, &e),
            StoreError::NotInTournament => game(ErrorCode::NotInTournament, &e),
            StoreError::NotTournamentCreator => game(ErrorCode::NotTournamentCreator, &e),
            StoreError::TooFewTournamentPlayers { .. } => {
                game(ErrorCode::TooFewTournamentPlayers, &e)
            }
            StoreError::BotAccountsNotAllowed => game(ErrorCode::BotAccountsNotAllowed, &e),
            StoreError::BotAccountCannotCreateTournaments => {
                game(ErrorCode::BotAccountCannotCreateTournaments, &e)
            }
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
            ApiError::Unauthorized(AuthError::InvalidToken(_)) => ErrorCode::InvalidToken,
            ApiError::Unauthorized(AuthError::InsufficientScope(_)) => ErrorCode::InsufficientScope,
            ApiError::Unauthorized(AuthError::FirstPartyOnly) => ErrorCode::FirstPartyOnly,
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
            ApiError::TooManyInvitations { .. } => ErrorCode::TooManyInvitations,
            ApiError::ChatRateLimited { .. } => ErrorCode::ChatRateLimited,
            ApiError::TooManyChallengesToday { .. } => ErrorCode::TooManyChallengesToday,
            ApiError::TooManyRequests { .. } => ErrorCode::TooManyRequests,
            ApiError::ServiceUnavailable(_) => ErrorCode::ServiceUnavailable,
            ApiError::MigrationsPending(_) => ErrorCode::MigrationsPending,
            ApiError::Unexpected(_) => ErrorCode::InternalError,
            ApiError::Game(code, _) => *code,
        }
    }

    fn title(&self) -> &'static str {
        match self {
            ApiError::Rule(_) => RULE_TITLE,
            other => other.error_code().title(),
        }
    }

    /// The French detail when this error's carries a figure ([`FrenchDetail`]); the others
    /// are translated by code.
    fn french_detail(&self) -> Option<String> {
        match self {
            ApiError::PayloadTooLarge { limit } => {
                Some(format!("le corps de la requête dépasse {limit} octets"))
            }
            ApiError::RateLimited { retry_after } => Some(format!(
                "trop de tentatives échouées ; réessayez dans {} s",
                retry_after_secs(*retry_after)
            )),
            ApiError::TooManyInvitations {
                per_hour,
                retry_after,
            } => Some(format!(
                "vous avez créé {per_hour} invitations dans l'heure ; réessayez dans {} s",
                retry_after_secs(*retry_after)
            )),
            ApiError::ChatRateLimited { retry_after } => Some(format!(
                "vous avez envoyé 10 messages dans la minute ; réessayez dans {} s",
                retry_after_secs(*retry_after)
            )),
            ApiError::TooManyChallengesToday {
                per_day,
                retry_after,
            } => Some(format!(
                "vous avez lancé {per_day} défis en 24 heures ; réessayez dans {} s",
                retry_after_secs(*retry_after)
            )),
            ApiError::TooManyRequests {
                policy,
                quota,
                retry_after,
            } => Some(format!(
                "le budget {policy} de {quota} requêtes par minute est épuisé ; réessayez dans {} s",
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
                tracing::warn!(error = chain(e), "service unavailable");
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
            ApiError::Unauthorized(AuthError::InsufficientScope(scope)) => {
                // RFC 6750 §3.1, as the contract writes it: the error and the scope it needs.
                if let Ok(value) = HeaderValue::from_str(&format!(
                    "Bearer error=\"insufficient_scope\", scope=\"{scope}\""
                )) {
                    headers.insert(header::WWW_AUTHENTICATE, value);
                }
            }
            ApiError::Unauthorized(AuthError::MissingToken) => {
                headers.insert(
                    header::WWW_AUTHENTICATE,
                    HeaderValue::from_static("Bearer realm=\"lords-of-scotland\""),
                );
            }
            ApiError::RateLimited { retry_after }
            | ApiError::TooManyInvitations { retry_after, .. }
            | ApiError::ChatRateLimited { retry_after }
            | ApiError::TooManyChallengesToday { retry_after, .. }
            | ApiError::TooManyRequests { retry_after, .. } => {
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
            AuthError::InsufficientScope(_) | AuthError::FirstPartyOnly => StatusCode::FORBIDDEN,
            _ => StatusCode::UNAUTHORIZED,
        }
    }

    fn error_response(&self) -> HttpResponse<BoxBody> {
        let cloned = match self {
            AuthError::MissingToken => AuthError::MissingToken,
            AuthError::InvalidToken(_) => AuthError::InvalidToken(None),
            AuthError::InsufficientScope(scope) => AuthError::InsufficientScope(*scope),
            AuthError::FirstPartyOnly => AuthError::FirstPartyOnly,
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

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::MessageBody;

    fn body_of(res: HttpResponse) -> Problem {
        let bytes = res.into_body().try_into_bytes().unwrap();
        serde_json::from_slice(&bytes).unwrap()
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
}
