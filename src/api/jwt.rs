//! Access tokens: HS256 JWTs, pinned algorithm, with `exp`, `iat`, `sub`, `iss`, `aud` and
//! `sid` required and checked, and `nbf` checked when present. `sid` names the session (the
//! refresh-token family) the token was issued in: a token dies with its session (logout, a
//! password change or reset, a refresh token presented twice, the account deleted or made a
//! bot), in every process at once, through the revoked sessions the store keeps in memory
//! ([`RevokedSessions`]); checking a token reads no database.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use hashlink::LruCache;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::api::credentials::AuthError;
use crate::eventstore::AccountId;
use crate::eventstore::revocations::{Revoked, RevokedSessions};

pub const ISSUER: &str = "lords-of-scotland";
pub const AUDIENCE: &str = "lords-of-scotland-api";
/// Clock skew tolerated on `exp`, `nbf` and `iat`, in seconds.
const LEEWAY_SECONDS: u64 = 5;
/// Tokens whose verification is remembered (see [`JwtKeys::verify`]).
const VERIFIED_CAPACITY: usize = 4096;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claims {
    /// The account id.
    pub sub: String,
    /// The username when the token was issued (informational).
    pub name: String,
    pub iss: String,
    pub aud: String,
    pub iat: u64,
    pub exp: u64,
    /// The session (refresh-token family id) the token was issued in. Required: a token without
    /// one could not be revoked before it expires.
    pub sid: Uuid,
}

/// A freshly signed token and its lifetime.
#[derive(Debug, Clone)]
pub struct IssuedToken {
    pub access_token: String,
    pub expires_in: u64,
}

/// Signing and verification keys for one secret.
pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    ttl: Duration,
    /// Tokens that verified, by their exact text, with what they say.
    verified: Mutex<LruCache<String, (AccountId, Claims)>>,
    /// Sessions revoked before their tokens expire.
    revoked: Arc<RevokedSessions>,
}

impl std::fmt::Debug for JwtKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JwtKeys")
            .field("secret", &"<redacted>")
            .field("ttl", &self.ttl)
            .finish()
    }
}

fn now() -> u64 {
    jsonwebtoken::get_current_timestamp()
}

impl JwtKeys {
    pub fn new(secret: &[u8], ttl: Duration) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_required_spec_claims(&["exp", "sub", "iss", "aud"]);
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.leeway = LEEWAY_SECONDS;
        validation.validate_exp = true;
        // A token not valid yet is refused (`nbf` is optional; we never set it ourselves).
        validation.validate_nbf = true;
        JwtKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl,
            verified: Mutex::new(LruCache::new(VERIFIED_CAPACITY)),
            revoked: Arc::default(),
        }
    }

    /// Keys that refuse the tokens of the sessions in `revoked` (the process's, kept by its
    /// `eventstore::notify::Notifier`).
    pub fn with_revocations(mut self, revoked: Arc<RevokedSessions>) -> Self {
        self.revoked = revoked;
        self
    }

    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    /// Refuses from now on, in this process, the tokens of sessions revoked by a transaction
    /// that has committed (the other processes hear of it from the database).
    pub fn note_revoked(&self, revoked: &Revoked) {
        self.revoked.note(revoked);
    }

    /// A token of the session `sid` (the refresh-token family it was issued with).
    pub fn issue_in_session(
        &self,
        account: AccountId,
        username: &str,
        sid: Uuid,
    ) -> anyhow::Result<IssuedToken> {
        let iat = now();
        let claims = Claims {
            sub: account.0.to_string(),
            name: username.to_string(),
            iss: ISSUER.to_string(),
            aud: AUDIENCE.to_string(),
            iat,
            exp: iat + self.ttl.as_secs(),
            sid,
        };
        let access_token =
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?;
        Ok(IssuedToken {
            access_token,
            expires_in: self.ttl.as_secs(),
        })
    }

    /// The account a token names, when its signature, algorithm and claims all check out.
    ///
    /// A client sends the same token with every request until it expires, and checking one
    /// (base64, two JSON documents, HMAC) was a tenth of a view's CPU: the last few thousand
    /// tokens that verified are remembered by their exact text, and a remembered token is only
    /// checked again for expiry (what else it was checked for cannot change).
    pub fn verify(&self, token: &str) -> Result<(AccountId, Claims), AuthError> {
        self.verify_at(token, now())
    }

    /// [`JwtKeys::verify`] of a remembered token at time `now` (a fresh one is checked against
    /// the clock by `jsonwebtoken` itself).
    fn verify_at(&self, token: &str, now: u64) -> Result<(AccountId, Claims), AuthError> {
        if let Some((id, claims)) = self.remembered(token) {
            if claims.exp + LEEWAY_SECONDS < now || self.is_revoked(&claims) {
                return Err(AuthError::InvalidToken(None));
            }
            return Ok((id, claims));
        }
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .map_err(|e| AuthError::InvalidToken(Some(e)))?;
        let claims = data.claims;
        // `iat` is required by the Claims type; a token issued in the future is forged or skewed.
        if claims.iat > now + LEEWAY_SECONDS {
            return Err(AuthError::InvalidToken(None));
        }
        let id =
            AccountId(Uuid::parse_str(&claims.sub).map_err(|_| AuthError::InvalidToken(None))?);
        if self.is_revoked(&claims) {
            return Err(AuthError::InvalidToken(None));
        }
        if let Ok(mut verified) = self.verified.lock() {
            verified.insert(token.to_owned(), (id, claims.clone()));
        }
        Ok((id, claims))
    }

    fn is_revoked(&self, claims: &Claims) -> bool {
        self.revoked.contains(claims.sid)
    }

    fn remembered(&self, token: &str) -> Option<(AccountId, Claims)> {
        self.verified.lock().ok()?.get(token).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account() -> AccountId {
        AccountId(Uuid::now_v7())
    }

    #[test]
    fn an_issued_token_verifies_with_the_same_secret_only() {
        let keys = JwtKeys::new(b"0123456789abcdef0123456789abcdef", Duration::from_secs(60));
        let a = account();
        let t = keys.issue_in_session(a, "bruce", Uuid::now_v7()).unwrap();
        assert_eq!(keys.verify(&t.access_token).unwrap().0, a);
        let other = JwtKeys::new(b"another-secret-another-secret-xx", Duration::from_secs(60));
        assert!(other.verify(&t.access_token).is_err());
    }

    #[test]
    fn a_token_names_its_session_and_dies_with_it_and_one_without_a_session_is_refused() {
        let revoked = Arc::new(RevokedSessions::default());
        let keys = JwtKeys::new(b"0123456789abcdef0123456789abcdef", Duration::from_secs(60))
            .with_revocations(revoked.clone());
        let a = account();
        let sid = Uuid::now_v7();
        let t = keys.issue_in_session(a, "bruce", sid).unwrap();
        assert_eq!(keys.verify(&t.access_token).unwrap().1.sid, sid);
        // Remembered now; revoking the session refuses it all the same.
        revoked.note(&crate::eventstore::revocations::Revoked {
            sessions: vec![sid],
            until: i64::MAX,
        });
        assert!(keys.verify(&t.access_token).is_err());
        // Without the claim, as a tool might sign one: no session to end it, so refused.
        let claims = serde_json::json!({
            "sub": a.0.to_string(), "name": "bruce", "iss": ISSUER, "aud": AUDIENCE,
            "iat": now(), "exp": now() + 60,
        });
        let token =
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding).unwrap();
        assert!(keys.verify(&token).is_err());
    }

    #[test]
    fn a_remembered_token_still_expires() {
        let keys = JwtKeys::new(b"0123456789abcdef0123456789abcdef", Duration::from_secs(60));
        let issued = now() - 100;
        let claims = Claims {
            sub: Uuid::now_v7().to_string(),
            name: "x".into(),
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
            iat: issued,
            // Expired a moment ago, within the leeway: valid now, and remembered.
            exp: now() - 2,
            sid: Uuid::now_v7(),
        };
        let token =
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding).unwrap();
        assert!(keys.verify(&token).is_ok());
        assert!(keys.remembered(&token).is_some());
        assert!(keys.verify_at(&token, now()).is_ok());
        assert!(keys.verify_at(&token, now() + LEEWAY_SECONDS).is_err());
    }

    #[test]
    fn a_token_from_the_future_is_refused() {
        let keys = JwtKeys::new(b"0123456789abcdef0123456789abcdef", Duration::from_secs(60));
        let claims = Claims {
            sub: Uuid::now_v7().to_string(),
            name: "x".into(),
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
            iat: now() + 3600,
            exp: now() + 7200,
            sid: Uuid::now_v7(),
        };
        let token = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &EncodingKey::from_secret(b"0123456789abcdef0123456789abcdef"),
        )
        .unwrap();
        assert!(keys.verify(&token).is_err());
    }
}
