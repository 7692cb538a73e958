//! Accounts, password hashing, JWT issue/verify, refresh tokens (sessions), login rate limiting
//! and the [`AuthUser`] extractor — the only code that reads the `Authorization` header. Depends
//! on no HTTP handler code: `api` turns [`AuthError`] and [`AccountError`] into problem+json.

pub mod accounts;
pub mod email;
mod extractor;
pub mod jwt;
pub mod password;
pub mod rate_limit;
pub mod refresh;

pub use accounts::{Account, AccountError, AccountId};
pub use email::EmailError;
pub use extractor::{AuthUser, MaybeAuthUser, SignedToken};
pub use jwt::{AUDIENCE, Claims, ISSUER, IssuedToken, JwtKeys};
pub use rate_limit::{Attempt, AttemptLimiter, LoginLimiter};
pub use refresh::{IssuedRefresh, RefreshError, RefreshToken};

/// Why a request carries no valid bearer token.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("this request needs an `Authorization: Bearer <token>` header")]
    MissingToken,
    #[error("the bearer token is invalid or expired")]
    InvalidToken(#[source] Option<jsonwebtoken::errors::Error>),
    #[error("the server has no token keys configured")]
    NotConfigured,
    /// The token checked out but its account could not be looked up.
    #[error("looking up the token's account failed")]
    Lookup(#[source] sqlx::Error),
}
