//! Feature: accounts. Sign-up and the account's rows, password hashing, sessions (refresh
//! tokens) and their revocation, personal and OAuth tokens, the OAuth authorization server,
//! email addresses and their mailed links, request budgets per account, and the answer to what
//! the shell asks of the accounts ([`identities`]). Its routes are in [`http`].

pub mod rate_budgets;

pub mod account;
pub mod email;
pub mod identities;
pub mod oauth;
pub mod password;
pub mod refresh;
pub mod tokens;

pub mod http;

// How the accounts' errors answer (problem+json).

use crate::accounts::account::AccountError;
use crate::api::credentials::AuthError;
use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;

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

impl From<crate::accounts::email::EmailError> for ApiError {
    fn from(e: crate::accounts::email::EmailError) -> Self {
        use crate::accounts::email::EmailError;
        let code = match e {
            EmailError::InvalidEmail(_) => ErrorCode::InvalidEmail,
            EmailError::EmailTaken => ErrorCode::EmailTaken,
            EmailError::TokenExpired => ErrorCode::TokenExpired,
            EmailError::TokenNotFound => ErrorCode::TokenNotFound,
            EmailError::AccountGone => {
                return ApiError::Unauthorized(AuthError::InvalidToken(None));
            }
            EmailError::Mail(e) => return e.into(),
            EmailError::Database(e) => return e.into(),
        };
        ApiError::Game(code, e.to_string())
    }
}

impl From<crate::accounts::refresh::RefreshError> for ApiError {
    fn from(e: crate::accounts::refresh::RefreshError) -> Self {
        match e {
            crate::accounts::refresh::RefreshError::Invalid => ApiError::InvalidRefreshToken,
            crate::accounts::refresh::RefreshError::Database(e) => e.into(),
        }
    }
}
