//! `AuthUser`: the account behind a valid `Authorization: Bearer` token, allowed to call the
//! operation it is extracted for. The only reader of that header in the crate.
//!
//! A bearer token is a first-party session's JWT (password sign-in: every scope but
//! `bot:play`), or an opaque personal or OAuth access token looked up by hash (its scopes).
//! What the operation asks is the [`AccessTable`]'s row for the request's method and route
//! pattern: a token without the scope gets 403 `insufficient_scope`, a third-party token on a
//! first-party operation 403 `first_party_only`. A bot account acts only with tokens that hold
//! `bot:play`, and never with a JWT (it has no password sign-in).
//!
//! The `/v1` middleware asks [`identify`] once per request, before routing: whose budget the
//! request spends, and [`admit`] refuses a token (401, 403) before any handler reads a body, so
//! that a token without the scope is told so rather than that its body is wrong (RFC 6750 §3.1
//! answers an authorization failure before the request is processed). The opaque token it looked
//! up is kept in the request, and the extractors do not look it up again.

use actix_web::dev::Payload;
use actix_web::http::header::AUTHORIZATION;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use futures_util::future::LocalBoxFuture;
use uuid::Uuid;

use crate::api::credentials::{AuthError, Identities, TokenKind, is_opaque};
use crate::api::jwt::JwtKeys;
use crate::api::scope::{Access, AccessTable, Scope};
use crate::eventstore::AccountId;

/// How the caller holds its authority.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Grant {
    /// A first-party session (password sign-in): a JWT.
    Session,
    /// A personal or OAuth access token, with its scopes.
    Token {
        id: Uuid,
        kind: TokenKind,
        scopes: Vec<Scope>,
    },
}

/// Put `AuthUser` in a handler's arguments to require a valid token for an account that
/// exists, allowed to call the operation; the handler is not run otherwise (401 with
/// `WWW-Authenticate: Bearer`, or 403).
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub account_id: AccountId,
    /// The username when the token was issued (a JWT) or looked up (an opaque token).
    pub username: String,
    /// The session the token belongs to, whose end ends the streams it opened: a JWT's `sid`
    /// (its refresh family; `None` for a token without one), an OAuth token's refresh family,
    /// a personal token's own id.
    pub session: Option<Uuid>,
    /// When the token expires (seconds since the Unix epoch; `u64::MAX` for a personal token
    /// without expiry).
    pub expires_at: u64,
    pub grant: Grant,
}

impl AuthUser {
    /// Whether this is a first-party session (password sign-in).
    pub fn is_first_party(&self) -> bool {
        self.grant == Grant::Session
    }
}

impl FromRequest for AuthUser {
    type Error = AuthError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let access = access_of(req);
        let caller = caller(req);
        Box::pin(async move {
            let user = caller.await?;
            allow(&user, access)?;
            Ok(user)
        })
    }
}

/// The account behind the request's bearer token, checked (a JWT's signature and account, an
/// opaque token looked up), before the operation's access is.
fn caller(req: &HttpRequest) -> LocalBoxFuture<'static, Result<AuthUser, AuthError>> {
    let bearer = bearer(req);
    let keys = req.app_data::<web::Data<JwtKeys>>().cloned();
    let identities = req.app_data::<web::Data<dyn Identities>>().cloned();
    let looked_up = looked_up(req);
    Box::pin(async move {
        let identities = identities.ok_or(AuthError::NotConfigured)?;
        match bearer? {
            Bearer::Opaque(secret) => match looked_up {
                Some(found) => found.into_user(),
                None => from_opaque(&**identities, &secret).await,
            },
            Bearer::Jwt(token) => {
                SignedToken(from_jwt(keys.as_deref().map(|k| &**k), &token)?)
                    .check(&**identities)
                    .await
            }
        }
    })
}

/// A valid `Authorization: Bearer` token (signature, audience, expiry) whose account is not yet
/// known to exist: no database is asked for a JWT. For the hot handlers (a view, legal actions,
/// an action), whose one statement checks the account along with everything else; they pass
/// [`SignedToken::account_id`] to such a store call before answering anything. Every other
/// handler takes [`AuthUser`]. An opaque token is looked up (and so checked) here.
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

    /// The caller, once their account is found (one statement). A bot account has no
    /// first-party session: its JWTs (issued before it became a bot) name nobody.
    pub async fn check(self, identities: &dyn Identities) -> Result<AuthUser, AuthError> {
        // An opaque token was looked up with its account (live) when extracted; a bot
        // account's token is its only credential, so the bot check below is not for it.
        if self.0.grant != Grant::Session {
            return Ok(self.0);
        }
        // A validly signed token may outlive its account (deleted, or another database): it
        // names nobody.
        if !identities
            .account_exists(self.0.account_id)
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
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let access = access_of(req);
        match bearer(req) {
            Err(e) => Box::pin(std::future::ready(Err(e))),
            Ok(Bearer::Jwt(token)) => {
                let user = from_jwt(req.app_data::<web::Data<JwtKeys>>().map(|k| &***k), &token)
                    .and_then(|user| allow(&user, access).map(|()| SignedToken(user)));
                Box::pin(std::future::ready(user))
            }
            Ok(Bearer::Opaque(secret)) => {
                if let Some(found) = looked_up(req) {
                    let user = found
                        .into_user()
                        .and_then(|user| allow(&user, access).map(|()| SignedToken(user)));
                    return Box::pin(std::future::ready(user));
                }
                let identities = req.app_data::<web::Data<dyn Identities>>().cloned();
                Box::pin(async move {
                    let identities = identities.ok_or(AuthError::NotConfigured)?;
                    let user = from_opaque(&**identities, &secret).await?;
                    allow(&user, access)?;
                    Ok(SignedToken(user))
                })
            }
        }
    }
}

/// [`AuthUser`] whose authority is live in the database at this moment, for what outlives the
/// request: minting a credential, changing the email address, adding a webhook or a push
/// endpoint. A session's access token is checked in memory against the revoked sessions, which
/// another process may announce a moment late; here its session must still have a usable
/// refresh token (its account not deleted) when the request runs, so that a token stolen from a
/// session that was just ended cannot make itself a lasting credential. An opaque token was
/// looked up (live) already.
#[derive(Debug, Clone)]
pub struct LiveAuthUser(pub AuthUser);

impl FromRequest for LiveAuthUser {
    type Error = AuthError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let user = AuthUser::from_request(req, payload);
        let identities = req.app_data::<web::Data<dyn Identities>>().cloned();
        Box::pin(async move {
            let user = user.await?;
            let identities = identities.ok_or(AuthError::NotConfigured)?;
            if let (Grant::Session, Some(session)) = (&user.grant, user.session)
                && !identities
                    .session_is_live(user.account_id, session)
                    .await
                    .map_err(AuthError::Lookup)?
            {
                return Err(AuthError::InvalidToken(None));
            }
            Ok(LiveAuthUser(user))
        })
    }
}

/// The caller when the request sends an `Authorization` header, `None` when it sends none: for
/// reads open to everyone that show a player more (their private games). A header that is sent
/// must hold a valid token (401 otherwise), so that an expired session is not read as a
/// stranger's; a third-party token without the operation's scope is read as no token.
#[derive(Debug, Clone)]
pub struct MaybeAuthUser(pub Option<AuthUser>);

impl FromRequest for MaybeAuthUser {
    type Error = AuthError;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        if req.headers().get(AUTHORIZATION).is_none() {
            return Box::pin(std::future::ready(Ok(MaybeAuthUser(None))));
        }
        let access = access_of(req);
        let caller = caller(req);
        Box::pin(async move {
            let user = caller.await?;
            match allow(&user, access) {
                Ok(()) => Ok(MaybeAuthUser(Some(user))),
                Err(AuthError::InsufficientScope(_)) => Ok(MaybeAuthUser(None)),
                Err(e) => Err(e),
            }
        })
    }
}

/// What the operation being called asks: the hot routes name their pattern in their app data
/// (no walk of the routes), the others are matched.
fn access_of(req: &HttpRequest) -> Access {
    let Some(table) = req.app_data::<web::Data<AccessTable>>() else {
        // No table: nothing third-party is allowed anywhere.
        return Access::FirstParty;
    };
    match req.app_data::<RoutePattern>() {
        Some(RoutePattern(pattern)) => table.get(req.method(), pattern),
        None => match req.match_pattern() {
            Some(pattern) => table.get(req.method(), &pattern),
            None => Access::FirstParty,
        },
    }
}

/// A route's whole pattern (`/v1/games/{id}`), in its resource's app data, for [`access_of`].
#[derive(Debug, Clone, Copy)]
pub struct RoutePattern(pub &'static str);

/// Whether `user` may call an operation that asks `access`.
fn allow(user: &AuthUser, access: Access) -> Result<(), AuthError> {
    let needed = match access {
        Access::Public => None,
        Access::Optional(scope) | Access::Scoped(scope) => Some(scope),
        Access::FirstParty => {
            if !user.is_first_party() {
                return Err(AuthError::FirstPartyOnly);
            }
            None
        }
    };
    let Grant::Token { scopes, .. } = &user.grant else {
        return Ok(());
    };
    if let Some(needed) = needed
        && !scopes.iter().any(|held| held.covers(needed))
    {
        return Err(AuthError::InsufficientScope(needed));
    }
    Ok(())
}

/// A bearer token, by its kind.
enum Bearer {
    Jwt(String),
    Opaque(String),
}

/// A header's value as text when it is all visible ASCII or tabs, as `HeaderValue::to_str`
/// takes it, but tested over the whole value without a branch per byte (`to_str` stops at the
/// first byte refused, a loop the compiler leaves byte by byte: a JWT is some 300 of them, read
/// twice per request).
fn visible_text(bytes: &[u8]) -> Option<&str> {
    let visible = bytes.iter().fold(true, |all, &b| {
        all & ((b' '..=b'~').contains(&b) | (b == b'\t'))
    });
    if visible {
        std::str::from_utf8(bytes).ok()
    } else {
        None
    }
}

/// The bearer token of the request, by its kind.
fn bearer(req: &HttpRequest) -> Result<Bearer, AuthError> {
    let header = req
        .headers()
        .get(AUTHORIZATION)
        .ok_or(AuthError::MissingToken)?;
    let header = visible_text(header.as_bytes()).ok_or(AuthError::InvalidToken(None))?;
    let (scheme, token) = header
        .trim()
        .split_once(' ')
        .ok_or(AuthError::InvalidToken(None))?;
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Err(AuthError::MissingToken);
    }
    let token = token.trim().to_owned();
    Ok(if is_opaque(&token) {
        Bearer::Opaque(token)
    } else {
        Bearer::Jwt(token)
    })
}

fn from_jwt(keys: Option<&JwtKeys>, token: &str) -> Result<AuthUser, AuthError> {
    let keys = keys.ok_or(AuthError::NotConfigured)?;
    let (account_id, claims) = keys.verify(token)?;
    Ok(AuthUser {
        account_id,
        username: claims.name,
        session: Some(claims.sid),
        expires_at: claims.exp,
        grant: Grant::Session,
    })
}

/// An opaque token as looked up: the live token's caller and whether its account is a bot
/// account, or `None` when it names nobody. Kept in the request's extensions by [`identify`].
#[derive(Debug, Clone)]
struct LookedUp(Option<(AuthUser, bool)>);

impl LookedUp {
    /// The caller, or why the token is refused.
    fn into_user(self) -> Result<AuthUser, AuthError> {
        let (user, bot_account) = self.0.ok_or(AuthError::InvalidToken(None))?;
        // A bot account acts only with tokens that hold `bot:play`.
        if bot_account && !user.holds(Scope::BotPlay) {
            return Err(AuthError::InsufficientScope(Scope::BotPlay));
        }
        Ok(user)
    }
}

/// The lookup [`identify`] made for this request, if it made one.
fn looked_up(req: &HttpRequest) -> Option<LookedUp> {
    req.extensions().get::<LookedUp>().cloned()
}

impl AuthUser {
    /// Whether a token's scopes name `scope` itself (a session holds no token scopes).
    fn holds(&self, scope: Scope) -> bool {
        matches!(&self.grant, Grant::Token { scopes, .. } if scopes.contains(&scope))
    }
}

async fn look_up(identities: &dyn Identities, secret: &str) -> Result<LookedUp, AuthError> {
    let found = identities.token(secret).await.map_err(AuthError::Lookup)?;
    Ok(LookedUp(found.map(|found| {
        let session = match found.kind {
            TokenKind::Personal => Some(found.id),
            TokenKind::OAuth => found.family,
        };
        let user = AuthUser {
            account_id: found.account_id,
            username: found.username,
            session,
            expires_at: found
                .expires_at
                .and_then(|at| u64::try_from(at.timestamp()).ok())
                .unwrap_or(u64::MAX),
            grant: Grant::Token {
                id: found.id,
                kind: found.kind,
                scopes: found.scopes,
            },
        };
        (user, found.bot_account)
    })))
}

async fn from_opaque(identities: &dyn Identities, secret: &str) -> Result<AuthUser, AuthError> {
    look_up(identities, secret).await?.into_user()
}

/// What a request's bearer token comes to, found once by [`identify`].
#[derive(Debug, Clone)]
pub enum Presented {
    /// No bearer token: no `Authorization` header, or another scheme.
    Nothing,
    /// A first-party session's JWT, validly signed and unexpired (whether its account still
    /// exists is the extractor's to check).
    Session(AccountId),
    /// A live personal or OAuth access token, and whether its account is a bot account.
    Token { user: AuthUser, bot_account: bool },
    /// A bearer token that names nobody: malformed, forged, unknown, expired or revoked.
    Invalid,
    /// The database could not be asked: the extractor asks again and answers for it.
    Unresolved,
}

impl Presented {
    /// Whose request budget the request spends, `None` for its client address's: the account,
    /// whichever of its sessions, personal tokens or apps' tokens sends it, so that more tokens
    /// bring no more requests. A token that names nobody names no budget either, so random
    /// tokens cannot each be given a fresh one.
    pub fn budget_holder(&self) -> Option<String> {
        match self {
            Presented::Session(account) => Some(format!("account:{}", account.0)),
            Presented::Token { user, .. } => Some(format!("account:{}", user.account_id.0)),
            Presented::Nothing | Presented::Invalid | Presented::Unresolved => None,
        }
    }
}

/// Reads the request's bearer token once: a JWT's signature is checked (no database), an
/// opaque token is looked up and the lookup kept in the request for the extractors.
pub async fn identify(req: &HttpRequest) -> Presented {
    let token = match bearer(req) {
        Err(AuthError::MissingToken) => return Presented::Nothing,
        Err(_) => return Presented::Invalid,
        Ok(token) => token,
    };
    match token {
        Bearer::Jwt(token) => match req
            .app_data::<web::Data<JwtKeys>>()
            .map(|keys| keys.verify(&token))
        {
            Some(Ok((account, _))) => Presented::Session(account),
            Some(Err(_)) => Presented::Invalid,
            None => Presented::Unresolved,
        },
        Bearer::Opaque(secret) => {
            let Some(identities) = req.app_data::<web::Data<dyn Identities>>() else {
                return Presented::Unresolved;
            };
            match look_up(&***identities, &secret).await {
                Ok(found) => {
                    req.extensions_mut().insert(found.clone());
                    match found.0 {
                        Some((user, bot_account)) => Presented::Token { user, bot_account },
                        None => Presented::Invalid,
                    }
                }
                Err(_) => Presented::Unresolved,
            }
        }
    }
}

/// Refuses, before the handler runs (and so before any body or parameter is read), a request
/// whose bearer token may not call the operation: 401 `invalid_token` for a token that names
/// nobody, 403 for a token without the scope or on a first-party operation. A public operation
/// does not look at the token; an optional one reads a token without its scope as none. The
/// request without a token, a session's and an unresolved one are left to the extractors
/// (which fail at once without a token, before the body is read: they come first in every
/// handler's arguments).
pub fn admit(req: &HttpRequest, presented: &Presented) -> Result<(), AuthError> {
    match presented {
        Presented::Nothing | Presented::Session(_) | Presented::Unresolved => Ok(()),
        Presented::Invalid => match access_of(req) {
            Access::Public => Ok(()),
            _ => Err(AuthError::InvalidToken(None)),
        },
        Presented::Token { user, bot_account } => {
            let access = access_of(req);
            if access == Access::Public {
                return Ok(());
            }
            let checked = LookedUp(Some((user.clone(), *bot_account)))
                .into_user()
                .and_then(|user| allow(&user, access));
            match (checked, access) {
                (Err(AuthError::InsufficientScope(_)), Access::Optional(_)) => Ok(()),
                (checked, _) => checked,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::visible_text;
    use actix_web::http::header::HeaderValue;

    #[test]
    fn a_header_is_text_exactly_when_to_str_says_so() {
        for b in 0..=u8::MAX {
            let bytes = [b'a', b, b'z'];
            let Ok(value) = HeaderValue::from_bytes(&bytes) else {
                continue;
            };
            assert_eq!(
                visible_text(value.as_bytes()),
                value.to_str().ok(),
                "byte {b}"
            );
        }
    }
}
