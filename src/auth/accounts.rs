//! Player accounts in the `accounts` table: validation of usernames and passwords, creation,
//! look-up. Passwords arrive here already hashed (see `password`).

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use uuid::Uuid;

/// An account's id (the JWT `sub`): the store's id type, one type across the crate.
pub use crate::store::AccountId;

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

pub fn validate_username(username: &str) -> Result<(), AccountError> {
    let ok = (USERNAME_MIN..=USERNAME_MAX).contains(&username.len())
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

/// Stores a new account. A username already used, in any letter case, is `UsernameTaken`
/// (both unique constraints of the accounts migration).
pub async fn insert(
    pool: &PgPool,
    username: &str,
    password_hash: &str,
) -> Result<Account, AccountError> {
    let row: Result<AccountRow, sqlx::Error> = sqlx::query_as(
        "INSERT INTO accounts (id, username, password_hash) VALUES ($1, $2, $3) \
         RETURNING id, username, created_at",
    )
    .bind(Uuid::now_v7())
    .bind(username)
    .bind(password_hash)
    .fetch_one(pool)
    .await;
    match row {
        Ok(row) => Ok(from_row(row)),
        Err(sqlx::Error::Database(e))
            if e.is_unique_violation()
                && matches!(
                    e.constraint(),
                    Some("accounts_username_key" | "accounts_username_lower_key")
                ) =>
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
         WHERE lower(username) = lower($1)",
    )
    .bind(username)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(id, username, created_at, hash)| (from_row((id, username, created_at)), hash)))
}

pub async fn find(pool: &PgPool, id: AccountId) -> Result<Option<Account>, sqlx::Error> {
    let row: Option<AccountRow> =
        sqlx::query_as("SELECT id, username, created_at FROM accounts WHERE id = $1")
            .bind(id.0)
            .fetch_optional(pool)
            .await?;
    Ok(row.map(from_row))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_are_3_to_32_letters_digits_underscores_and_dashes() {
        for ok in ["abc", "Robert_the-Bruce", &"x".repeat(32)] {
            assert!(validate_username(ok).is_ok(), "{ok}");
        }
        for bad in ["ab", &"x".repeat(33), "has space", "émile", "a/b", ""] {
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
