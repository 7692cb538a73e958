//! Access tokens: HS256 JWTs, pinned algorithm, with `exp`, `iat`, `sub`, `iss` and `aud`
//! required and checked, and `nbf` checked when present.

use std::time::Duration;

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Account, AccountId, AuthError};

pub const ISSUER: &str = "lords-of-scotland";
pub const AUDIENCE: &str = "lords-of-scotland-api";
/// Clock skew tolerated on `exp`, `nbf` and `iat`, in seconds.
const LEEWAY_SECONDS: u64 = 5;

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
        }
    }

    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    pub fn issue(&self, account: &Account) -> anyhow::Result<IssuedToken> {
        let iat = now();
        let claims = Claims {
            sub: account.id.to_string(),
            name: account.username.clone(),
            iss: ISSUER.to_string(),
            aud: AUDIENCE.to_string(),
            iat,
            exp: iat + self.ttl.as_secs(),
        };
        let access_token =
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?;
        Ok(IssuedToken {
            access_token,
            expires_in: self.ttl.as_secs(),
        })
    }

    /// The account a token names, when its signature, algorithm and claims all check out.
    pub fn verify(&self, token: &str) -> Result<(AccountId, Claims), AuthError> {
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .map_err(|e| AuthError::InvalidToken(Some(e)))?;
        let claims = data.claims;
        // `iat` is required by the Claims type; a token issued in the future is forged or skewed.
        if claims.iat > now() + LEEWAY_SECONDS {
            return Err(AuthError::InvalidToken(None));
        }
        let id = Uuid::parse_str(&claims.sub).map_err(|_| AuthError::InvalidToken(None))?;
        Ok((AccountId(id), claims))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account() -> Account {
        Account {
            id: AccountId(Uuid::now_v7()),
            username: "bruce".into(),
            created_at: chrono::Utc::now(),
        }
    }

    #[test]
    fn an_issued_token_verifies_with_the_same_secret_only() {
        let keys = JwtKeys::new(b"0123456789abcdef0123456789abcdef", Duration::from_secs(60));
        let a = account();
        let t = keys.issue(&a).unwrap();
        assert_eq!(keys.verify(&t.access_token).unwrap().0, a.id);
        let other = JwtKeys::new(b"another-secret-another-secret-xx", Duration::from_secs(60));
        assert!(other.verify(&t.access_token).is_err());
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
