//! Accounts, password hashing, JWT issue/verify, refresh tokens (sessions), login rate limiting
//! and the [`AuthUser`] extractor — the only code that reads the `Authorization` header. Depends
//! on no HTTP handler code: `api` turns [`AuthError`] and [`AccountError`] into problem+json.

pub mod accounts;
pub mod email;
mod extractor;
pub mod jwt;
pub mod oauth;
pub mod password;
pub mod rate_limit;
pub mod refresh;
pub mod scope;
pub mod tokens;

pub use accounts::{Account, AccountError, AccountId};
pub use email::EmailError;
pub use extractor::{
    AuthUser, Grant, LiveAuthUser, MaybeAuthUser, Presented, RoutePattern, SignedToken, admit,
    identify,
};
pub use jwt::{AUDIENCE, Claims, ISSUER, IssuedToken, JwtKeys};
pub use rate_limit::{Attempt, AttemptLimiter, LoginLimiter};
pub use refresh::{IssuedRefresh, RefreshError, RefreshToken};
pub use scope::{Access, AccessTable, Scope};
pub use tokens::TokenKind;

/// Why a request carries no valid bearer token.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("this request needs an `Authorization: Bearer <token>` header")]
    MissingToken,
    #[error("the bearer token is invalid or expired")]
    InvalidToken(#[source] Option<jsonwebtoken::errors::Error>),
    /// 403: a third-party token lacks the scope the operation asks (RFC 6750 §3.1).
    #[error("this token does not hold the `{0}` scope this operation needs")]
    InsufficientScope(Scope),
    /// 403: the operation is for a first-party session (password sign-in) only.
    #[error(
        "this operation needs a session signed in with a password; tokens of apps and personal tokens cannot use it"
    )]
    FirstPartyOnly,
    #[error("the server has no token keys configured")]
    NotConfigured,
    /// The token checked out but its account could not be looked up.
    #[error("looking up the token's account failed")]
    Lookup(#[source] sqlx::Error),
}
