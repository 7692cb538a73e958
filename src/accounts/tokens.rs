//! Opaque bearer tokens: personal access tokens (`lords_pat_…`) and OAuth access tokens
//! (`lords_oat_…`). 256 random bits after the prefix, kept only as the SHA-256 of the whole
//! string in `api_tokens`; looked up on each request that sends one. First-party sessions use
//! JWTs instead ([`crate::api::jwt`]). No HTTP here.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::api::credentials::{FoundToken, TOKEN_MAX_LEN, TokenKind, is_opaque};
use crate::api::scope::Scope;
use crate::eventstore::AccountId;
use crate::eventstore::notify::announce_authority_change;

/// Random bytes after the prefix (256 bits).
const TOKEN_BYTES: usize = 32;
/// `last_used_at` moves at most this often (seconds), so that using a token is not a write per
/// request.
const LAST_USED_EVERY_SECS: i64 = 60;

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

/// A personal access token as its owner lists it (never its secret).
#[derive(Debug, Clone, PartialEq)]
pub struct PersonalToken {
    pub id: Uuid,
    pub name: String,
    pub scopes: Vec<Scope>,
    pub created_at: DateTime<Utc>,
    pub expires_at: Option<DateTime<Utc>>,
    pub last_used_at: Option<DateTime<Utc>>,
}

type PersonalRow = (
    Uuid,
    String,
    Vec<String>,
    DateTime<Utc>,
    Option<DateTime<Utc>>,
    Option<DateTime<Utc>>,
);

fn personal_from_row(
    (id, name, scopes, created_at, expires_at, last_used_at): PersonalRow,
) -> PersonalToken {
    PersonalToken {
        id,
        name,
        scopes: scopes.iter().filter_map(|s| Scope::parse(s)).collect(),
        created_at,
        expires_at,
        last_used_at,
    }
}

/// Creates a personal access token for `account`, unless it already holds `max` live ones
/// (`None`). Counted under a per-account lock, so concurrent creations cannot overshoot;
/// its expired tokens are deleted on the way. The secret is in the returned [`NewToken`] and
/// nowhere else: the table keeps its hash.
pub async fn create_personal(
    pool: &PgPool,
    account: AccountId,
    name: &str,
    scopes: &[Scope],
    expires_at: Option<DateTime<Utc>>,
    max: i64,
) -> Result<Option<(PersonalToken, NewToken)>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended('api_tokens:' || $1, 0))")
        .bind(account.0.to_string())
        .execute(&mut *tx)
        .await?;
    let now = Utc::now();
    delete_expired(&mut tx, account, now).await?;
    let live: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM api_tokens WHERE account_id = $1 AND kind = 'personal'",
    )
    .bind(account.0)
    .fetch_one(&mut *tx)
    .await?;
    if live >= max {
        return Ok(None);
    }
    let token = insert_personal(&mut tx, account, name, scopes, expires_at, now).await?;
    tx.commit().await?;
    Ok(Some(token))
}

/// Inserts a personal token in the caller's transaction.
async fn insert_personal(
    conn: &mut PgConnection,
    account: AccountId,
    name: &str,
    scopes: &[Scope],
    expires_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> Result<(PersonalToken, NewToken), sqlx::Error> {
    let new = generate(TokenKind::Personal);
    let id = Uuid::now_v7();
    let scopes: Vec<&str> = scopes.iter().map(|s| s.as_str()).collect();
    let row: PersonalRow = sqlx::query_as(
        "INSERT INTO api_tokens (token_hash, id, account_id, kind, name, scopes, created_at, \
                                 expires_at) \
         VALUES ($1, $2, $3, 'personal', $4, $5, $6, $7) \
         RETURNING id, name, scopes, created_at, expires_at, last_used_at",
    )
    .bind(&new.hash[..])
    .bind(id)
    .bind(account.0)
    .bind(name)
    .bind(&scopes)
    .bind(now)
    .bind(expires_at)
    .fetch_one(&mut *conn)
    .await?;
    Ok((personal_from_row(row), new))
}

/// Deletes the account's expired personal tokens (they name nobody any more).
async fn delete_expired(
    conn: &mut PgConnection,
    account: AccountId,
    now: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "DELETE FROM api_tokens WHERE account_id = $1 AND kind = 'personal' \
         AND expires_at <= $2",
    )
    .bind(account.0)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// The account's live personal tokens, newest first; the expired ones are deleted on the way.
pub async fn list_personal(
    pool: &PgPool,
    account: AccountId,
) -> Result<Vec<PersonalToken>, sqlx::Error> {
    let mut conn = pool.acquire().await?;
    delete_expired(&mut conn, account, Utc::now()).await?;
    let rows: Vec<PersonalRow> = sqlx::query_as(
        "SELECT id, name, scopes, created_at, expires_at, last_used_at FROM api_tokens \
         WHERE account_id = $1 AND kind = 'personal' \
         ORDER BY created_at DESC, id DESC",
    )
    .bind(account.0)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows.into_iter().map(personal_from_row).collect())
}

/// Deletes the account's personal token `id`: the next request with it is refused, and the
/// streams it opened end (their authority is announced). `false` when the account has no such
/// token.
pub async fn delete_personal(
    pool: &PgPool,
    account: AccountId,
    id: Uuid,
) -> Result<bool, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let done = sqlx::query(
        "DELETE FROM api_tokens WHERE id = $1 AND account_id = $2 AND kind = 'personal'",
    )
    .bind(id)
    .bind(account.0)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    announce_authority_change(&mut tx, account).await?;
    tx.commit().await?;
    Ok(true)
}

/// Replaces the account's personal token `id` by a new one with the same name, scopes and
/// expiry, in one transaction: the new secret is in the answer and nowhere else, the old token
/// is refused from the commit on and the streams it opened end. `None` when the account has no
/// such live token.
pub async fn rotate_personal(
    pool: &PgPool,
    account: AccountId,
    id: Uuid,
) -> Result<Option<(PersonalToken, NewToken)>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let now = Utc::now();
    let old: Option<(String, Vec<String>, Option<DateTime<Utc>>)> = sqlx::query_as(
        "DELETE FROM api_tokens WHERE id = $1 AND account_id = $2 AND kind = 'personal'          AND (expires_at IS NULL OR expires_at > $3)          RETURNING name, scopes, expires_at",
    )
    .bind(id)
    .bind(account.0)
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((name, scopes, expires_at)) = old else {
        return Ok(None);
    };
    let scopes: Vec<Scope> = scopes.iter().filter_map(|s| Scope::parse(s)).collect();
    let token = insert_personal(&mut tx, account, &name, &scopes, expires_at, now).await?;
    announce_authority_change(&mut tx, account).await?;
    tx.commit().await?;
    Ok(Some(token))
}

/// Why an operator could not issue a bot account a token.
#[derive(Debug, thiserror::Error)]
pub enum BotTokenError {
    #[error("no account is named that")]
    NoAccount,
    #[error("the account is not a bot account (a person signs in with a password)")]
    NotABot,
    #[error("the account already holds {0} personal tokens; one must be deleted first")]
    TooMany(i64),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// An operator's new token for the bot account `username` (case ignored), when the bot lost its
/// own: every scope, no expiry, named as a conversion names it. The bot's other tokens stay.
pub async fn issue_bot_token(
    pool: &PgPool,
    username: &str,
    name: &str,
    max: i64,
) -> Result<(AccountId, PersonalToken, NewToken), BotTokenError> {
    let found: Option<(Uuid, bool)> = sqlx::query_as(
        "SELECT id, bot_account FROM accounts \
         WHERE lower(username) = lower($1) AND deleted_at IS NULL",
    )
    .bind(username)
    .fetch_optional(pool)
    .await?;
    let (id, bot) = found.ok_or(BotTokenError::NoAccount)?;
    if !bot {
        return Err(BotTokenError::NotABot);
    }
    let account = AccountId(id);
    let (token, secret) = create_personal(pool, account, name, &Scope::ALL, None, max)
        .await?
        .ok_or(BotTokenError::TooMany(max))?;
    Ok((account, token, secret))
}

/// Why an account could not become a bot account.
#[derive(Debug, thiserror::Error)]
pub enum BotConversionError {
    /// It sat at a game (service rules §9.9: only an account that never played becomes a bot).
    #[error("the account has sat at a game")]
    HasPlayed,
    /// It is deleted (or never existed).
    #[error("no such account")]
    NoAccount,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Makes `account` a bot account for good, in one transaction: the flag set, every refresh
/// family (first-party sessions and OAuth sessions) revoked, every personal and OAuth access
/// token deleted, and a new personal token holding every scope, without expiry, created; the
/// account's streams are told. Refused when the account holds or held any seat of any game.
pub async fn convert_to_bot(
    pool: &PgPool,
    keys: &crate::api::jwt::JwtKeys,
    account: AccountId,
    name: &str,
) -> Result<(PersonalToken, NewToken), BotConversionError> {
    let mut tx = pool.begin().await?;
    // On Citus: the seats read across shards, then the reference tables written (accounts,
    // refresh_tokens), in one transaction, one shard at a time (a parallel read first would
    // forbid the writes). A placeholder setting on plain PostgreSQL.
    sqlx::query("SET LOCAL citus.multi_shard_modify_mode TO 'sequential'")
        .execute(&mut *tx)
        .await?;
    // The row lock makes a second conversion of the same account wait for the first.
    let found: Option<bool> = sqlx::query_scalar(
        "SELECT bot_account FROM accounts WHERE id = $1 AND deleted_at IS NULL FOR UPDATE",
    )
    .bind(account.0)
    .fetch_optional(&mut *tx)
    .await?;
    if found.is_none() {
        return Err(BotConversionError::NoAccount);
    }
    let played: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM game_seats WHERE account_id = $1)")
            .bind(account.0)
            .fetch_one(&mut *tx)
            .await?;
    if played {
        return Err(BotConversionError::HasPlayed);
    }
    sqlx::query("UPDATE accounts SET bot_account = true WHERE id = $1")
        .bind(account.0)
        .execute(&mut *tx)
        .await?;
    let revoked = crate::accounts::refresh::revoke_all(&mut tx, keys, account).await?;
    let token = insert_personal(&mut tx, account, name, &Scope::ALL, None, Utc::now()).await?;
    tx.commit().await?;
    keys.note_revoked(&revoked);
    Ok(token)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::credentials::PERSONAL_PREFIX;

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
