//! Player accounts in the `accounts` table: validation of usernames and passwords, creation,
//! look-up. Passwords arrive here already hashed (see `password`).

use chrono::{DateTime, Utc};
use sqlx::{Acquire, PgPool};
use uuid::Uuid;

/// An account's id (the JWT `sub`): the store's id type, one type across the crate.
pub use crate::eventstore::AccountId;
use crate::eventstore::error::is_shard_of;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub id: AccountId,
    pub username: String,
    pub created_at: DateTime<Utc>,
}

pub const USERNAME_MIN: usize = 3;
pub const USERNAME_MAX: usize = 32;
pub const PASSWORD_MIN: usize = 8;
pub const PASSWORD_MAX: usize = 128;

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("usernames are 3 to 32 characters of A-Z, a-z, 0-9, '_' and '-'")]
    InvalidUsername,
    #[error("passwords are 8 to 128 characters")]
    InvalidPassword,
    #[error("that username is taken")]
    UsernameTaken,
    #[error("account storage failed")]
    Database(#[from] sqlx::Error),
}

/// Deleted accounts are renamed `deleted-<8 hex>`; nobody may take such a name.
pub const DELETED_PREFIX: &str = "deleted-";

pub fn validate_username(username: &str) -> Result<(), AccountError> {
    let reserved = username
        .get(..DELETED_PREFIX.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(DELETED_PREFIX));
    let ok = !reserved
        && (USERNAME_MIN..=USERNAME_MAX).contains(&username.len())
        && username
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(AccountError::InvalidUsername)
    }
}

pub fn validate_password(password: &str) -> Result<(), AccountError> {
    if (PASSWORD_MIN..=PASSWORD_MAX).contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(AccountError::InvalidPassword)
    }
}

type AccountRow = (Uuid, String, DateTime<Utc>);

fn from_row((id, username, created_at): AccountRow) -> Account {
    Account {
        id: AccountId(id),
        username,
        created_at,
    }
}

/// Stores a new account whose mails are in `language` (`en` or `fr`). A username already used, in any letter case, is `UsernameTaken`
/// (both unique constraints of the accounts migration; the id is a fresh UUIDv7, so the only
/// other unique key is never the one broken). Recognised by SQLSTATE and table, not constraint
/// name: on Citus the error names a shard's constraint (`accounts_username_key_102008`) or none.
pub async fn insert(
    pool: &PgPool,
    username: &str,
    password_hash: &str,
    language: &str,
) -> Result<Account, AccountError> {
    let row: Result<AccountRow, sqlx::Error> = sqlx::query_as(
        "INSERT INTO accounts (id, username, password_hash, language) VALUES ($1, $2, $3, $4) \
         RETURNING id, username, created_at",
    )
    .bind(Uuid::now_v7())
    .bind(username)
    .bind(password_hash)
    .bind(language)
    .fetch_one(pool)
    .await;
    match row {
        Ok(row) => Ok(from_row(row)),
        Err(sqlx::Error::Database(e))
            if e.is_unique_violation()
                && e.table().is_none_or(|t| is_shard_of(t, "accounts"))
                && !e
                    .constraint()
                    .is_some_and(|c| is_shard_of(c, "accounts_pkey")) =>
        {
            Err(AccountError::UsernameTaken)
        }
        Err(e) => Err(AccountError::Database(e)),
    }
}

/// Stores many accounts in one statement, all with the same password hash: for tools that fill
/// a database (load tests). The ids and usernames must be new.
pub async fn insert_many(
    pool: &PgPool,
    accounts: &[(AccountId, String)],
    password_hash: &str,
) -> Result<(), sqlx::Error> {
    let ids: Vec<Uuid> = accounts.iter().map(|(id, _)| id.0).collect();
    let names: Vec<&str> = accounts.iter().map(|(_, name)| name.as_str()).collect();
    sqlx::query(
        "INSERT INTO accounts (id, username, password_hash) \
         SELECT a.id, a.username, $3 FROM UNNEST($1::uuid[], $2::text[]) AS a(id, username)",
    )
    .bind(&ids)
    .bind(&names)
    .bind(password_hash)
    .execute(pool)
    .await?;
    Ok(())
}

/// The account and its password hash, by username ignoring case.
pub async fn find_credentials(
    pool: &PgPool,
    username: &str,
) -> Result<Option<(Account, String)>, sqlx::Error> {
    let row: Option<(Uuid, String, DateTime<Utc>, String)> = sqlx::query_as(
        "SELECT id, username, created_at, password_hash FROM accounts \
         WHERE lower(username) = lower($1) AND deleted_at IS NULL",
    )
    .bind(username)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(id, username, created_at, hash)| (from_row((id, username, created_at)), hash)))
}

pub async fn find(pool: &PgPool, id: AccountId) -> Result<Option<Account>, sqlx::Error> {
    let row: Option<AccountRow> = sqlx::query_as(
        "SELECT id, username, created_at FROM accounts WHERE id = $1 AND deleted_at IS NULL",
    )
    .bind(id.0)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(from_row))
}

/// What `GET /v1/me` shows of an account besides its name.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    /// The first-game guide's hints document as stored (`None`: never saved).
    pub hints: Option<serde_json::Value>,
    /// The address mail goes to, if any, and whether its owner proved it theirs.
    pub email: Option<String>,
    pub email_verified: bool,
    /// The language of its mails: `en` or `fr`.
    pub language: String,
    /// Whether it is a bot account (plays through the API with its token only).
    pub bot: bool,
}

/// An account's row with its profile.
type AccountWithProfile = (
    Uuid,
    String,
    DateTime<Utc>,
    Option<sqlx::types::Json<serde_json::Value>>,
    Option<String>,
    bool,
    String,
    bool,
);

/// An account and its profile (hints, address, language).
pub async fn find_with_profile(
    pool: &PgPool,
    id: AccountId,
) -> Result<Option<(Account, Profile)>, sqlx::Error> {
    let row: Option<AccountWithProfile> = sqlx::query_as(
        "SELECT id, username, created_at, hints, email, email_verified, language, bot_account \
         FROM accounts \
         WHERE id = $1 AND deleted_at IS NULL",
    )
    .bind(id.0)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(
        |(id, username, created_at, hints, email, email_verified, language, bot)| {
            (
                from_row((id, username, created_at)),
                Profile {
                    hints: hints.map(|h| h.0),
                    email,
                    email_verified,
                    language,
                    bot,
                },
            )
        },
    ))
}

/// Replaces an account's hints document; `false` when the account no longer exists.
pub async fn set_hints(
    pool: &PgPool,
    id: AccountId,
    hints: &serde_json::Value,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE accounts SET hints = $2 WHERE id = $1 AND deleted_at IS NULL")
        .bind(id.0)
        .bind(sqlx::types::Json(hints))
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The stored password hash of an account, for re-authentication (password change).
/// Whether the live account `id` is a bot account, which never signs in with a password.
pub async fn is_bot_account(pool: &PgPool, id: AccountId) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM accounts \
                        WHERE id = $1 AND deleted_at IS NULL AND bot_account)",
    )
    .bind(id.0)
    .fetch_one(pool)
    .await
}

pub async fn password_hash(pool: &PgPool, id: AccountId) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT password_hash FROM accounts WHERE id = $1 AND deleted_at IS NULL")
        .bind(id.0)
        .fetch_optional(pool)
        .await
}

/// Replaces an account's password hash; `false` when the account no longer exists.
pub async fn set_password_hash<'e>(
    ex: impl sqlx::PgExecutor<'e>,
    id: AccountId,
    password_hash: &str,
) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("UPDATE accounts SET password_hash = $2 WHERE id = $1 AND deleted_at IS NULL")
            .bind(id.0)
            .bind(password_hash)
            .execute(ex)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Whether the account exists and may hold a first-party session: not deleted, not a bot
/// account (which has no password sign-in, so a JWT issued before it became one names nobody).
pub async fn exists_for_session(pool: &PgPool, id: AccountId) -> Result<bool, sqlx::Error> {
    let (found,): (bool,) = sqlx::query_as(
        "SELECT EXISTS (SELECT 1 FROM accounts \
                        WHERE id = $1 AND deleted_at IS NULL AND NOT bot_account)",
    )
    .bind(id.0)
    .fetch_one(pool)
    .await?;
    Ok(found)
}

/// Deletes an account for good, keeping its row (seats and games name it): the username
/// becomes `deleted-<8 random hex>`, the password hash is emptied (no PHC string, so no
/// password verifies) and `deleted_at` is set (bearer tokens are refused). The old username
/// and the account's address are free again; its unused mailed links die. In the same transaction, what the account reaches the world or the server
/// with goes: its sessions are revoked, its webhook endpoints and push subscriptions deleted
/// with their pending deliveries (the `ON DELETE CASCADE`s of the account row never fire, the
/// row stays), its stream tickets and stream leases deleted, and its open streams told to end.
/// Its sessions' access tokens are refused from then on (`keys`).
/// Returns the placeholder, or `None` when the account was already deleted (nothing changed).
pub async fn mark_deleted(
    pool: &PgPool,
    keys: &crate::api::jwt::JwtKeys,
    id: AccountId,
) -> Result<Option<String>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    // On Citus: the reference tables written here (accounts, webhook_endpoints, refresh_tokens)
    // and the distributed ones that reference them (stream_tickets, open_streams) in one
    // transaction, one shard at a time. A placeholder setting on plain PostgreSQL.
    sqlx::query("SET LOCAL citus.multi_shard_modify_mode TO 'sequential'")
        .execute(&mut *tx)
        .await?;
    // 32 random bits: a clash with another placeholder is rare, and then another is drawn
    // (each try in a savepoint, so that a clash does not abort the whole transaction).
    let mut attempts = 0;
    let placeholder = loop {
        let placeholder = format!("{DELETED_PREFIX}{:08x}", rand::random::<u32>());
        let mut attempt = tx.begin().await?;
        let done = sqlx::query(
            "UPDATE accounts SET username = $2, password_hash = '', deleted_at = now(), \
             email = NULL, email_verified = false \
             WHERE id = $1 AND deleted_at IS NULL",
        )
        .bind(id.0)
        .bind(&placeholder)
        .execute(&mut *attempt)
        .await;
        match done {
            Ok(done) if done.rows_affected() == 1 => {
                attempt.commit().await?;
                break placeholder;
            }
            Ok(_) => return Ok(None),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() && attempts < 8 => {
                attempt.rollback().await?;
                attempts += 1;
            }
            Err(e) => return Err(e),
        }
    };
    // Webhooks and push subscriptions alike; their deliveries go with them (cascade).
    sqlx::query("DELETE FROM webhook_endpoints WHERE account_id = $1")
        .bind(id.0)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM account_tokens WHERE account_id = $1")
        .bind(id.0)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM stream_tickets WHERE account_id = $1")
        .bind(id.0)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM open_streams WHERE account_id = $1")
        .bind(id.0)
        .execute(&mut *tx)
        .await?;
    // Also tells the account's streams, on every server process, once this commits.
    let revoked = crate::accounts::refresh::revoke_all(&mut tx, keys, id).await?;
    tx.commit().await?;
    keys.note_revoked(&revoked);
    Ok(Some(placeholder))
}

/// Whether `username` and `password` could belong to an account at all: anything else (too
/// long, a NUL byte, ...) cannot match and must not reach the database or the hasher.
pub fn could_exist(username: &str, password: &str) -> bool {
    validate_username(username).is_ok() && validate_password(password).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_are_3_to_32_letters_digits_underscores_and_dashes() {
        for ok in ["abc", "Robert_the-Bruce", &"x".repeat(32)] {
            assert!(validate_username(ok).is_ok(), "{ok}");
        }
        for bad in [
            "ab",
            &"x".repeat(33),
            "has space",
            "émile",
            "a/b",
            "",
            "deleted-0a1b2c3d",
            "Deleted-x",
        ] {
            assert!(validate_username(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn passwords_are_8_to_128_characters() {
        assert!(validate_password("12345678").is_ok());
        assert!(validate_password(&"é".repeat(128)).is_ok());
        assert!(validate_password("1234567").is_err());
        assert!(validate_password(&"x".repeat(129)).is_err());
    }
}
