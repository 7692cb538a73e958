//! The credentials a request may present, as the shell reads them: the kinds of opaque tokens,
//! what a lookup finds, and [`Identities`], what the bearer extractor asks of the accounts
//! (which own the tables) without naming them. Startup gives the shell the accounts' answer.

use chrono::{DateTime, Utc};
use futures_util::future::BoxFuture;
use uuid::Uuid;

use crate::api::scope::Scope;
use crate::eventstore::AccountId;

/// The prefix of a personal access token.
pub const PERSONAL_PREFIX: &str = "lords_pat_";
/// The prefix of an OAuth access token.
pub const OAUTH_PREFIX: &str = "lords_oat_";
/// Longer strings are not tokens this server issued; they skip the database.
pub const TOKEN_MAX_LEN: usize = 64;

/// What kind of opaque token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    Personal,
    OAuth,
}

impl TokenKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TokenKind::Personal => "personal",
            TokenKind::OAuth => "oauth",
        }
    }

    pub fn prefix(self) -> &'static str {
        match self {
            TokenKind::Personal => PERSONAL_PREFIX,
            TokenKind::OAuth => OAUTH_PREFIX,
        }
    }
}

/// Whether a bearer string is one of ours rather than a JWT (which never starts `lords_`).
pub fn is_opaque(token: &str) -> bool {
    token.starts_with(PERSONAL_PREFIX) || token.starts_with(OAUTH_PREFIX)
}

/// A live token found by its secret.
#[derive(Debug, Clone)]
pub struct FoundToken {
    pub id: Uuid,
    pub kind: TokenKind,
    pub account_id: AccountId,
    pub username: String,
    pub scopes: Vec<Scope>,
    pub expires_at: Option<DateTime<Utc>>,
    /// The OAuth session (refresh family) an OAuth token was issued in.
    pub family: Option<Uuid>,
    pub bot_account: bool,
}

/// What the bearer extractor and the handlers ask of the accounts, each one statement.
pub trait Identities: Send + Sync {
    /// The live token `secret` names (see `accounts::tokens::lookup`).
    fn token<'a>(
        &'a self,
        secret: &'a str,
    ) -> BoxFuture<'a, Result<Option<FoundToken>, sqlx::Error>>;
    /// Whether a session's account exists (not deleted, not a bot account).
    fn account_exists(&self, account: AccountId) -> BoxFuture<'_, Result<bool, sqlx::Error>>;
    /// Whether the session still holds a usable refresh token (its account not deleted).
    fn session_is_live(
        &self,
        account: AccountId,
        session: Uuid,
    ) -> BoxFuture<'_, Result<bool, sqlx::Error>>;
    /// Whether the account is a bot account.
    fn is_bot_account(&self, account: AccountId) -> BoxFuture<'_, Result<bool, sqlx::Error>>;
}

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
