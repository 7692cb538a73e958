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
    /// The session (refresh-token family) the token was issued in; `None` for a token without
    /// a `sid` claim.
    pub session: Option<uuid::Uuid>,
    /// When the token expires (its `exp`, seconds since the Unix epoch).
    pub expires_at: u64,
}

impl FromRequest for AuthUser {
    type Error = AuthError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let verified = verify(req);
        let pool = req.app_data::<web::Data<PgPool>>().cloned();
        Box::pin(async move {
            let pool = pool.ok_or(AuthError::NotConfigured)?;
            SignedToken(verified?).check(&pool).await
        })
    }
}

/// A valid `Authorization: Bearer` token (signature, audience, expiry) whose account is not yet
/// known to exist: no database is asked. For the hot handlers (a view, legal actions, an
/// action), whose one statement checks the account along with everything else; they pass
/// [`SignedToken::account_id`] to such a store call before answering anything. Every other
/// handler takes [`AuthUser`].
#[derive(Debug, Clone)]
pub struct SignedToken(AuthUser);

impl SignedToken {
    /// The account the token names, for a store call that checks it exists.
    pub fn account_id(&self) -> AccountId {
        self.0.account_id
    }

    /// The caller, once a store call answered for an account that exists.
    pub fn checked_by_store(self) -> AuthUser {
        self.0
    }

    /// The caller, once their account is found (one statement).
    pub async fn check(self, pool: &PgPool) -> Result<AuthUser, AuthError> {
        // A validly signed token may outlive its account (deleted, or another database): it
        // names nobody.
        if !super::accounts::exists(pool, self.0.account_id)
            .await
            .map_err(AuthError::Lookup)?
        {
            return Err(AuthError::InvalidToken(None));
        }
        Ok(self.0)
    }
}

impl FromRequest for SignedToken {
    type Error = AuthError;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(verify(req).map(SignedToken))
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
        session: claims.sid,
        expires_at: claims.exp,
    })
}

/// The caller when the request sends an `Authorization` header, `None` when it sends none: for
/// reads open to everyone that show a player more (their private games). A header that is sent
/// must hold a valid token (401 otherwise), so that an expired session is not read as a
/// stranger's.
#[derive(Debug, Clone)]
pub struct MaybeAuthUser(pub Option<AuthUser>);

impl FromRequest for MaybeAuthUser {
    type Error = AuthError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if req.headers().get(AUTHORIZATION).is_none() {
            return Box::pin(std::future::ready(Ok(MaybeAuthUser(None))));
        }
        let user = AuthUser::from_request(req, payload);
        Box::pin(async move { user.await.map(|u| MaybeAuthUser(Some(u))) })
    }
}
