//! `AuthUser`: the account behind a valid `Authorization: Bearer` token. The only reader of
//! that header in the crate.

use actix_web::dev::Payload;
use actix_web::http::header::AUTHORIZATION;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;
use sqlx::PgPool;

use super::{AccountId, AuthError, JwtKeys};

/// Put `AuthUser` in a handler's arguments to require a valid token for an account that
/// exists; the handler is not run otherwise (401 `unauthorized` with `WWW-Authenticate:
/// Bearer`).
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub account_id: AccountId,
    /// The username when the token was issued.
    pub username: String,
}

impl FromRequest for AuthUser {
    type Error = AuthError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let verified = verify(req);
        let pool = req.app_data::<web::Data<PgPool>>().cloned();
        Box::pin(async move {
            let user = verified?;
            let pool = pool.ok_or(AuthError::NotConfigured)?;
            // A validly signed token may outlive its account (deleted, or another database):
            // it names nobody.
            if !super::accounts::exists(&pool, user.account_id)
                .await
                .map_err(AuthError::Lookup)?
            {
                return Err(AuthError::InvalidToken(None));
            }
            Ok(user)
        })
    }
}

fn verify(req: &HttpRequest) -> Result<AuthUser, AuthError> {
    let keys = req
        .app_data::<web::Data<JwtKeys>>()
        .ok_or(AuthError::NotConfigured)?;
    let header = req
        .headers()
        .get(AUTHORIZATION)
        .ok_or(AuthError::MissingToken)?
        .to_str()
        .map_err(|_| AuthError::InvalidToken(None))?;
    let (scheme, token) = header
        .trim()
        .split_once(' ')
        .ok_or(AuthError::InvalidToken(None))?;
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Err(AuthError::MissingToken);
    }
    let (account_id, claims) = keys.verify(token.trim())?;
    Ok(AuthUser {
        account_id,
        username: claims.name,
    })
}
