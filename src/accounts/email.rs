//! An account's address and the single-use tokens mailed to it (`account_tokens`): claiming an
//! address (unverified, a verification link queued), verifying it, asking for a password reset
//! (queued for any address, resolved apart: `password_reset_requests`) and using one. Only a token's SHA-256 is stored; the raw token travels once, in the queued
//! mail's payload (`notify::mail::settings::enqueue`, in the same transaction). No HTTP here.

use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::json;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::eventstore::AccountId;
use crate::eventstore::error::{StoreError, is_shard_of};
use crate::notify::mail::settings::MailKind;

/// How long a verification link works.
pub const VERIFY_TTL: Duration = Duration::from_secs(24 * 3600);
/// How long a password-reset link works.
pub const RESET_TTL: Duration = Duration::from_secs(3600);
/// The longest address (RFC 5321's path limit less its angle brackets).
pub const EMAIL_MAX: usize = 254;
/// Tokens this server issues are 43 characters; anything longer skips the database.
const TOKEN_MAX_LEN: usize = 64;

/// What a token is for (`account_tokens.purpose`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    VerifyEmail,
    PasswordReset,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::VerifyEmail => "verify_email",
            Purpose::PasswordReset => "password_reset",
        }
    }

    fn ttl(self) -> Duration {
        match self {
            Purpose::VerifyEmail => VERIFY_TTL,
            Purpose::PasswordReset => RESET_TTL,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum EmailError {
    #[error("{0}")]
    InvalidEmail(&'static str),
    #[error("that address belongs to another account")]
    EmailTaken,
    /// Expired, already used, or superseded (the account's address changed since).
    #[error("this link has expired or was already used; ask for a new one")]
    TokenExpired,
    /// Unknown, for another purpose, or another account's.
    #[error("no such link: check that it was copied whole")]
    TokenNotFound,
    /// The account was deleted while the request ran.
    #[error("the account no longer exists")]
    AccountGone,
    #[error("queueing the mail failed")]
    Mail(#[from] StoreError),
    #[error("account storage failed")]
    Database(#[from] sqlx::Error),
}

/// Characters an address may hold unquoted in a mail header: anything that could end a header
/// (CR, LF), split a list of recipients or open a comment is refused outright.
const REFUSED: &[char] = &[',', ';', '<', '>', '(', ')', '[', ']', '"', '\\'];

/// The addresses [`validate_email`] accepts, as the OpenAPI document's pattern (ECMA-262):
/// the dot-atom of RFC 5322 §3.4.1 in ASCII (letters, digits and `!#$%&'*+/=?^_`{|}~-`, dots
/// only between them), one `@`, and a domain of two or more labels of letters, digits and
/// inner hyphens (RFC 1035 §2.3.1). The lengths (64 characters before the `@`, 254 in all) are
/// the schema's description and `maxLength`: a pattern cannot bound a dot-atom's length.
pub const EMAIL_PATTERN: &str = r#"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"#;

/// Characters of a dot-atom's atoms (RFC 5322 §3.2.3), besides ASCII letters and digits.
const ATEXT: &str = "!#$%&'*+/=?^_`{|}~-";

/// Whether `email` is an address this server can mail: what [`EMAIL_PATTERN`] says, at most
/// 64 characters before the `@` (RFC 5321 §4.5.3.1.1) and 254 in all. No quoted local parts,
/// comments or IP literals, and ASCII only: an address the SMTP server could refuse, or that
/// would need SMTPUTF8, is refused here, where the person can correct it (an international
/// domain is written in its `xn--` form). Nothing can end a header (CR, LF) or split a list of
/// recipients. The verification link is the real check.
pub fn validate_email(email: &str) -> Result<(), EmailError> {
    let bad = EmailError::InvalidEmail;
    if email.chars().count() > EMAIL_MAX {
        return Err(bad("an address is at most 254 characters"));
    }
    if email
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || REFUSED.contains(&c))
    {
        return Err(bad(
            "an address holds no space, line break, control character or ,;<>()[]\"\\",
        ));
    }
    if !email.is_ascii() {
        return Err(bad(
            "an address is written in ASCII (an international domain in its xn-- form)",
        ));
    }
    let mut parts = email.split('@');
    let (Some(local), Some(domain), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(bad("an address has exactly one @"));
    };
    if local.is_empty() || local.len() > 64 {
        return Err(bad("an address has 1 to 64 characters before its @"));
    }
    let atom = |a: &str| {
        !a.is_empty()
            && a.chars()
                .all(|c| c.is_ascii_alphanumeric() || ATEXT.contains(c))
    };
    if !local.split('.').all(atom) {
        return Err(bad(
            "before its @ an address holds letters, digits and !#$%&'*+/=?^_`{|}~-, with dots \
             only between them",
        ));
    }
    let label = |l: &str| {
        (1..=63).contains(&l.len())
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    if !domain.contains('.') || !domain.split('.').all(label) {
        return Err(bad(
            "an address ends in a domain such as example.org: labels of letters, digits and \
             inner hyphens, with dots between them",
        ));
    }
    Ok(())
}

fn generate() -> (String, [u8; 32]) {
    let mut bytes = [0u8; 32];
    rand::fill(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let digest = crate::accounts::refresh::hash(&token);
    (token, digest)
}

fn ttl_secs(ttl: Duration) -> f64 {
    ttl.as_secs_f64()
}

/// How long a token is kept after it expires: within it, its link is answered `TokenExpired`
/// (ask for a new one); after it, `TokenNotFound`.
const KEPT_AFTER_EXPIRY: &str = "7 days";

/// Stores a new token and returns it (raw, for the mail). The account's tokens long expired
/// are swept on the way (an account asks for few).
async fn issue(
    conn: &mut PgConnection,
    purpose: Purpose,
    account: AccountId,
    email: &str,
) -> Result<String, sqlx::Error> {
    sqlx::query(
        "DELETE FROM account_tokens WHERE account_id = $1 \
         AND expires_at < now() - $2::interval",
    )
    .bind(account.0)
    .bind(KEPT_AFTER_EXPIRY)
    .execute(&mut *conn)
    .await?;
    let (token, digest) = generate();
    sqlx::query(
        "INSERT INTO account_tokens (token_hash, purpose, account_id, email, expires_at) \
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))",
    )
    .bind(&digest[..])
    .bind(purpose.as_str())
    .bind(account.0)
    .bind(email)
    .bind(ttl_secs(purpose.ttl()))
    .execute(conn)
    .await?;
    Ok(token)
}

/// On Citus, the reference table `accounts` and the distributed `account_tokens` and
/// `mail_outbox` are written in one transaction, one shard at a time (as an account's deletion
/// does). A placeholder setting on plain PostgreSQL.
async fn sequential(conn: &mut PgConnection) -> Result<(), sqlx::Error> {
    sqlx::query("SET LOCAL citus.multi_shard_modify_mode TO 'sequential'")
        .execute(conn)
        .await?;
    Ok(())
}

/// What `PUT /v1/me/email` left behind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claimed {
    pub email: String,
    pub email_verified: bool,
    /// Whether a verification link was queued (not for the account's own verified address).
    pub link_sent: bool,
}

/// Sets `account`'s address to `email`, unverified, records `language` (the language of its
/// mails) and queues a verification link (24 h). The account's own address set again: a new
/// link, unless it is already verified (then it stays verified and nothing is sent). An address
/// another account holds is `EmailTaken`, unless that account's claim is unverified and its
/// verification links have all expired or been used: then this claim takes it over.
pub async fn claim(
    pool: &PgPool,
    account: AccountId,
    email: &str,
    language: &str,
) -> Result<Claimed, EmailError> {
    validate_email(email)?;
    let mut tx = pool.begin().await?;
    sequential(&mut tx).await?;
    let holder: Option<(Uuid, bool)> = sqlx::query_as(
        "SELECT id, email_verified FROM accounts WHERE lower(email) = lower($1) AND id <> $2 \
         FOR UPDATE",
    )
    .bind(email)
    .bind(account.0)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some((other, verified)) = holder {
        let live: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM account_tokens WHERE account_id = $1 \
             AND purpose = 'verify_email' AND lower(email) = lower($2) AND used_at IS NULL \
             AND expires_at > now())",
        )
        .bind(other)
        .bind(email)
        .fetch_one(&mut *tx)
        .await?;
        if verified || live {
            return Err(EmailError::EmailTaken);
        }
        // A stale claim: its owner never verified it in time.
        sqlx::query("UPDATE accounts SET email = NULL, email_verified = false WHERE id = $1")
            .bind(other)
            .execute(&mut *tx)
            .await?;
    }
    let current: Option<(Option<String>, bool)> = sqlx::query_as(
        "SELECT email, email_verified FROM accounts WHERE id = $1 AND deleted_at IS NULL \
         FOR UPDATE",
    )
    .bind(account.0)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((current, verified)) = current else {
        return Err(EmailError::AccountGone);
    };
    let same = current.is_some_and(|c| c.to_lowercase() == email.to_lowercase());
    let keep_verified = same && verified;
    let updated = sqlx::query(
        "UPDATE accounts SET email = $2, email_verified = $3, language = $4 WHERE id = $1",
    )
    .bind(account.0)
    .bind(email)
    .bind(keep_verified)
    .bind(language)
    .execute(&mut *tx)
    .await;
    match updated {
        Ok(_) => {}
        // Another account claimed it between the check and this update.
        Err(sqlx::Error::Database(e))
            if e.is_unique_violation() && e.table().is_none_or(|t| is_shard_of(t, "accounts")) =>
        {
            return Err(EmailError::EmailTaken);
        }
        Err(e) => return Err(e.into()),
    }
    if !keep_verified {
        let token = issue(&mut tx, Purpose::VerifyEmail, account, email).await?;
        crate::notify::mail::settings::enqueue(
            &mut tx,
            account,
            MailKind::VerifyEmail,
            email,
            None,
            &json!({ "token": token, "email": email }),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(Claimed {
        email: email.to_string(),
        email_verified: keep_verified,
        link_sent: !keep_verified,
    })
}

/// A token as found: its purpose, account, address and whether it is still usable.
type Found = (String, Uuid, String, bool);

/// Looks a token up (locking it inside a transaction) and checks it is a usable `purpose` token
/// (of `account`, when given): unknown, for something else or someone else's is
/// `TokenNotFound`; expired or used is `TokenExpired`.
async fn find(
    conn: &mut PgConnection,
    token: &str,
    purpose: Purpose,
    account: Option<AccountId>,
    lock: bool,
) -> Result<(AccountId, String), EmailError> {
    if token.is_empty() || token.len() > TOKEN_MAX_LEN {
        return Err(EmailError::TokenNotFound);
    }
    let digest = crate::accounts::refresh::hash(token);
    let sql = if lock {
        "SELECT purpose, account_id, email, used_at IS NULL AND expires_at > now() \
         FROM account_tokens WHERE token_hash = $1 FOR UPDATE"
    } else {
        "SELECT purpose, account_id, email, used_at IS NULL AND expires_at > now() \
         FROM account_tokens WHERE token_hash = $1"
    };
    let found: Option<Found> = sqlx::query_as(sql)
        .bind(&digest[..])
        .fetch_optional(conn)
        .await?;
    match found {
        Some((p, owner, email, live))
            if p == purpose.as_str() && account.is_none_or(|a| a.0 == owner) =>
        {
            if live {
                Ok((AccountId(owner), email))
            } else {
                Err(EmailError::TokenExpired)
            }
        }
        _ => Err(EmailError::TokenNotFound),
    }
}

async fn use_token(conn: &mut PgConnection, token: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE account_tokens SET used_at = now() WHERE token_hash = $1")
        .bind(&crate::accounts::refresh::hash(token)[..])
        .execute(conn)
        .await?;
    Ok(())
}

/// Verifies `account`'s address with a token mailed to it; returns the address. The token must
/// be the account's, unused, unexpired, and sent to the address the account has now (a link to
/// an address since replaced is `TokenExpired`). Nothing changes when it fails.
pub async fn verify(pool: &PgPool, account: AccountId, token: &str) -> Result<String, EmailError> {
    let mut tx = pool.begin().await?;
    sequential(&mut tx).await?;
    let (_, email) = find(&mut tx, token, Purpose::VerifyEmail, Some(account), true).await?;
    let done = sqlx::query(
        "UPDATE accounts SET email_verified = true \
         WHERE id = $1 AND lower(email) = lower($2) AND deleted_at IS NULL",
    )
    .bind(account.0)
    .bind(&email)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(EmailError::TokenExpired);
    }
    use_token(&mut tx, token).await?;
    tx.commit().await?;
    Ok(email)
}

/// Queues a password-reset request for `email`, whatever the address: one row in one
/// statement, the same work whether or not an account has it, so the answer's timing does not
/// tell (no account enumeration). [`resolve_reset`] finds out later. Returns the request's id.
pub async fn request_reset(pool: &PgPool, email: &str) -> Result<Uuid, EmailError> {
    let id = Uuid::new_v4();
    sqlx::query("INSERT INTO password_reset_requests (id, email) VALUES ($1, $2)")
        .bind(id)
        .bind(email)
        .execute(pool)
        .await?;
    Ok(id)
}

/// Resolves one queued reset request: deletes it and, when an account has its address (verified
/// or not, in any letter case), issues a link (1 h) and queues it to that account's address, in
/// the same transaction. `None` when the request is gone (another process resolved it), else
/// whether a link was queued.
pub async fn resolve_reset(pool: &PgPool, id: Uuid) -> Result<Option<bool>, EmailError> {
    let mut tx = pool.begin().await?;
    sequential(&mut tx).await?;
    let email: Option<String> =
        sqlx::query_scalar("DELETE FROM password_reset_requests WHERE id = $1 RETURNING email")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
    let Some(email) = email else {
        tx.rollback().await?;
        return Ok(None);
    };
    let found: Option<(Uuid, String)> = sqlx::query_as(
        "SELECT id, email FROM accounts WHERE lower(email) = lower($1) AND deleted_at IS NULL",
    )
    .bind(&email)
    .fetch_optional(&mut *tx)
    .await?;
    let queued = match found {
        Some((id, address)) => {
            let account = AccountId(id);
            let token = issue(&mut tx, Purpose::PasswordReset, account, &address).await?;
            crate::notify::mail::settings::enqueue(
                &mut tx,
                account,
                MailKind::PasswordReset,
                &address,
                None,
                &json!({ "token": token }),
            )
            .await?;
            true
        }
        None => false,
    };
    tx.commit().await?;
    Ok(Some(queued))
}

/// Reset requests resolved per look of the worker.
const RESET_BATCH: i64 = 100;

/// Resolves the queued reset requests, oldest first, a batch at most; how many it found.
pub async fn resolve_resets(pool: &PgPool) -> Result<usize, EmailError> {
    let ids: Vec<Uuid> = sqlx::query_scalar(
        "SELECT id FROM password_reset_requests ORDER BY requested_at, id LIMIT $1",
    )
    .bind(RESET_BATCH)
    .fetch_all(pool)
    .await?;
    for &id in &ids {
        resolve_reset(pool, id).await?;
    }
    Ok(ids.len())
}

/// The password-reset worker: every `poll`, resolves the requests left queued (a process stopped
/// between queueing one and resolving it), until `stop` resolves (the server's shutdown); any
/// number of processes may run it, each request is deleted once.
pub fn spawn_reset_worker(
    pool: PgPool,
    poll: Duration,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut stop = std::pin::pin!(stop);
        loop {
            match resolve_resets(&pool).await {
                Ok(n) if n as i64 == RESET_BATCH => continue,
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "password-reset worker: retried"),
            }
            tokio::select! {
                () = tokio::time::sleep(poll) => {}
                () = &mut stop => return,
            }
        }
    })
}

/// Whether a reset token could be used now (`TokenNotFound`, `TokenExpired`), before the caller
/// pays for hashing the new password; [`reset_password`] checks again.
pub async fn check_reset(pool: &PgPool, token: &str) -> Result<(), EmailError> {
    let mut conn = pool.acquire().await?;
    find(&mut conn, token, Purpose::PasswordReset, None, false).await?;
    Ok(())
}

/// Uses a reset token: sets the account's password hash, retires its other reset links,
/// revokes every session, authorization and token (as a password change does), and marks its address verified when the
/// link went to the address it still has (the mail reached it). One transaction: a token used
/// concurrently lets exactly one through, the other gets `TokenExpired`.
pub async fn reset_password(
    pool: &PgPool,
    keys: &crate::api::jwt::JwtKeys,
    token: &str,
    password_hash: &str,
) -> Result<AccountId, EmailError> {
    let mut tx = pool.begin().await?;
    sequential(&mut tx).await?;
    let (account, email) = find(&mut tx, token, Purpose::PasswordReset, None, true).await?;
    if !crate::accounts::account::set_password_hash(&mut *tx, account, password_hash).await? {
        return Err(EmailError::TokenExpired);
    }
    sqlx::query(
        "UPDATE account_tokens SET used_at = now() \
         WHERE account_id = $1 AND purpose = 'password_reset' AND used_at IS NULL",
    )
    .bind(account.0)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE accounts SET email_verified = true WHERE id = $1 AND lower(email) = lower($2)",
    )
    .bind(account.0)
    .bind(&email)
    .execute(&mut *tx)
    .await?;
    let revoked = crate::accounts::refresh::revoke_all(&mut tx, keys, account).await?;
    tx.commit().await?;
    keys.note_revoked(&revoked);
    Ok(account)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_pattern_accepts_exactly_the_addresses_the_server_accepts() {
        let pattern = regex::Regex::new(EMAIL_PATTERN).unwrap();
        for email in [
            "bruce@example.org",
            "Robert.The+Bruce@mail.example.co.uk",
            "a@b.c",
            "a@b..c",
            "élise@exemple.fr",
            "jösé@exämple.org",
            "a..b@example.org",
            ".a@example.org",
            "a.@example.org",
            "a@-example.org",
            "a@example-.org",
            "a@exa_mple.org",
            "o'brien+lords@xn--exmple-cua.org",
            "a@b.c-d.e",
            "a@.b",
            "a@b.",
            "a@b",
            "@b.c",
            "a@@b.c",
            "a@b@c.d",
            "a b@c.d",
            "a\r\n@c.d",
            "a@c.d\n",
            "a\u{85}@c.d",
            "a\u{a0}@c.d",
            "a,b@c.d",
            "a\"b@c.d",
            "a\\b@c.d",
            "a\u{0}@c.d",
            &format!("{}@c.d", "a".repeat(64)),
        ] {
            assert_eq!(
                pattern.is_match(email),
                validate_email(email).is_ok(),
                "{email:?}"
            );
        }
        // The length before the @ is the description's, not the pattern's.
        let long = format!("{}@c.d", "a".repeat(65));
        assert!(pattern.is_match(&long) && validate_email(&long).is_err());
    }

    #[test]
    fn addresses_have_one_at_a_dotted_domain_and_nothing_that_breaks_a_header() {
        let long_local = format!("{}@example.org", "a".repeat(64));
        for ok in [
            "bruce@example.org",
            "Robert.The+Bruce@mail.example.co.uk",
            "o'brien+lords@xn--exmple-cua.org",
            long_local.as_str(),
        ] {
            assert!(validate_email(ok).is_ok(), "{ok}");
        }
        let too_long = format!("{}@{}.org", "a".repeat(60), "b".repeat(190));
        let long_local = format!("{}@example.org", "a".repeat(65));
        for bad in [
            "",
            "bruce",
            "bruce@",
            "@example.org",
            "bruce@localhost",
            "bruce@example..org",
            "bruce@example.org.",
            "a@b@example.org",
            "bruce @example.org",
            "bruce@example.org\r\nBcc: all@example.org",
            "bruce@example.org\n",
            "bruce\t@example.org",
            "a,b@example.org",
            "Bruce <bruce@example.org>",
            "élise@exemple.fr",
            "bruce@exämple.org",
            "a..b@example.org",
            ".bruce@example.org",
            "bruce.@example.org",
            "bruce@-example.org",
            "bruce@example-.org",
            "bruce@exa_mple.org",
            too_long.as_str(),
            long_local.as_str(),
        ] {
            assert!(
                matches!(validate_email(bad), Err(EmailError::InvalidEmail(_))),
                "{bad:?}"
            );
        }
    }
}
