//! Opaque bearer tokens: personal access tokens (`lords_pat_…`) and OAuth access tokens
//! (`lords_oat_…`). 256 random bits after the prefix, kept only as the SHA-256 of the whole
//! string in `api_tokens`; looked up on each request that sends one. First-party sessions use
//! JWTs instead ([`super::jwt`]). No HTTP here.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use uuid::Uuid;

use super::AccountId;
use super::scope::Scope;

/// The prefix of a personal access token.
pub const PERSONAL_PREFIX: &str = "lords_pat_";
/// The prefix of an OAuth access token.
pub const OAUTH_PREFIX: &str = "lords_oat_";
/// Random bytes after the prefix (256 bits).
const TOKEN_BYTES: usize = 32;
/// Longer strings are not tokens this server issued; they skip the database.
const TOKEN_MAX_LEN: usize = 64;
/// `last_used_at` moves at most this often (seconds), so that using a token is not a write per
/// request.
const LAST_USED_EVERY_SECS: i64 = 60;

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

    fn prefix(self) -> &'static str {
        match self {
            TokenKind::Personal => PERSONAL_PREFIX,
            TokenKind::OAuth => OAUTH_PREFIX,
        }
    }
}

/// A token as issued: the secret (shown once) and its hash (what is stored). `Debug` never
/// prints the secret.
#[derive(Clone)]
pub struct NewToken {
    pub secret: String,
    pub hash: [u8; 32],
}

impl std::fmt::Debug for NewToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewToken(<redacted>)")
    }
}

/// SHA-256 of the token's text: what the table stores and looks up.
pub fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// A fresh token of `kind`.
pub fn generate(kind: TokenKind) -> NewToken {
    let mut bytes = [0u8; TOKEN_BYTES];
    rand::fill(&mut bytes);
    let secret = format!("{}{}", kind.prefix(), URL_SAFE_NO_PAD.encode(bytes));
    let hash = hash(&secret);
    NewToken { secret, hash }
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

/// The live token `secret` names: unexpired, its account not deleted. `None` for anything
/// else, without telling why (401 `invalid_token` either way). Advances `last_used_at` when it
/// is over a minute old, in the same statement.
pub async fn lookup(pool: &PgPool, secret: &str) -> Result<Option<FoundToken>, sqlx::Error> {
    if secret.len() > TOKEN_MAX_LEN || !is_opaque(secret) {
        return Ok(None);
    }
    let digest = hash(secret);
    // Times are bound, not `now()`: Citus wants immutable expressions in a routed UPDATE.
    let now = Utc::now();
    type Row = (
        Uuid,
        String,
        Uuid,
        String,
        Vec<String>,
        Option<DateTime<Utc>>,
        Option<Uuid>,
        bool,
    );
    let row: Option<Row> = sqlx::query_as(
        "WITH touched AS ( \
             UPDATE api_tokens SET last_used_at = $2 \
             WHERE token_hash = $1 \
               AND (last_used_at IS NULL OR last_used_at < $3) \
               AND (expires_at IS NULL OR expires_at > $2) \
             RETURNING 1) \
         SELECT t.id, t.kind, t.account_id, a.username, t.scopes, t.expires_at, t.family_id, \
                a.bot_account \
         FROM api_tokens t JOIN accounts a ON a.id = t.account_id \
         WHERE t.token_hash = $1 AND (t.expires_at IS NULL OR t.expires_at > $2) \
           AND a.deleted_at IS NULL",
    )
    .bind(&digest[..])
    .bind(now)
    .bind(now - chrono::Duration::seconds(LAST_USED_EVERY_SECS))
    .fetch_optional(pool)
    .await?;
    Ok(row.map(
        |(id, kind, account, username, scopes, expires_at, family, bot_account)| FoundToken {
            id,
            kind: if kind == "oauth" {
                TokenKind::OAuth
            } else {
                TokenKind::Personal
            },
            account_id: AccountId(account),
            username,
            // A scope this version does not know (a newer one wrote it) grants nothing.
            scopes: scopes.iter().filter_map(|s| Scope::parse(s)).collect(),
            expires_at,
            family,
            bot_account,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_its_prefix_and_256_random_bits_and_never_debug_printed() {
        let a = generate(TokenKind::Personal);
        let b = generate(TokenKind::Personal);
        assert_ne!(a.secret, b.secret);
        assert!(a.secret.starts_with("lords_pat_"));
        assert!(a.secret.len() <= TOKEN_MAX_LEN);
        let body = a.secret.strip_prefix(PERSONAL_PREFIX).unwrap();
        assert_eq!(URL_SAFE_NO_PAD.decode(body).unwrap().len(), TOKEN_BYTES);
        assert_eq!(a.hash, hash(&a.secret));
        assert!(!format!("{a:?}").contains(&a.secret));
        assert!(generate(TokenKind::OAuth).secret.starts_with("lords_oat_"));
        assert!(is_opaque(&a.secret) && !is_opaque("eyJhbGciOiJIUzI1NiJ9.e30.x"));
    }
}
