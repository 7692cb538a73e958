//! Refresh tokens (sessions, RFC 9700): opaque random strings of 256 bits (base64url), stored
//! only as their SHA-256 hash in `refresh_tokens`. A login starts a family; every refresh
//! retires the presented token and issues its successor (rotation); presenting a retired token
//! again revokes the whole family (theft detection). A family is a session: access tokens name
//! it (`sid`) and die with it (`eventstore::revocations::revoke_sessions`, noted in this process through
//! [`JwtKeys::note_revoked`] once the revoking transaction commits), and every revocation
//! announces itself to the account's open streams (`eventstore::notify::announce_authority_change`), which
//! end with it. No HTTP here.

use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};
use sqlx::{PgConnection, PgExecutor, PgPool};
use uuid::Uuid;

use crate::api::jwt::JwtKeys;
use crate::api::scope::Scope;
use crate::eventstore::AccountId;
use crate::eventstore::notify::announce_authority_change;
use crate::eventstore::revocations::{Revoked, revoke_sessions};

/// Random bytes in a refresh token (256 bits).
const TOKEN_BYTES: usize = 32;
/// Longer strings are not tokens this server issued (43 characters); they skip the database.
const TOKEN_MAX_LEN: usize = 64;

/// A refresh token as sent to the client. `Debug` never prints it, so it cannot reach a log
/// line through `?token`.
#[derive(Clone, PartialEq, Eq)]
pub struct RefreshToken(String);

impl RefreshToken {
    /// The secret itself, for the response body only.
    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl std::fmt::Debug for RefreshToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RefreshToken(<redacted>)")
    }
}

/// A freshly issued refresh token, its lifetime in seconds, and its session.
#[derive(Debug, Clone)]
pub struct IssuedRefresh {
    pub token: RefreshToken,
    pub expires_in: u64,
    /// The family (session) the token belongs to: the access tokens issued with it name it.
    pub family: Uuid,
}

#[derive(Debug, thiserror::Error)]
pub enum RefreshError {
    /// Unknown, expired, revoked, or retired (then its family has just been revoked).
    #[error("the refresh token is invalid, expired or revoked; sign in again")]
    Invalid,
    #[error("refresh token storage failed")]
    Database(#[from] sqlx::Error),
}

/// SHA-256 of the token's text: what the table stores and looks up.
pub fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

fn generate() -> (RefreshToken, [u8; 32]) {
    let mut bytes = [0u8; TOKEN_BYTES];
    rand::fill(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let digest = hash(&token);
    (RefreshToken(token), digest)
}

fn ttl_secs(ttl: Duration) -> i64 {
    i64::try_from(ttl.as_secs()).unwrap_or(i64::MAX)
}

/// The client an OAuth family's rows name: `client_id`, the scopes granted, the redirect URI
/// approved. First-party rows name none.
type Client<'a> = Option<(&'a str, &'a [Scope], &'a str)>;

async fn insert<'e>(
    ex: impl PgExecutor<'e>,
    account: AccountId,
    family: Uuid,
    ttl: Duration,
    client: Client<'_>,
) -> Result<(Uuid, IssuedRefresh), sqlx::Error> {
    let (token, digest) = generate();
    let id = Uuid::now_v7();
    let scopes: Option<Vec<&str>> =
        client.map(|(_, scopes, _)| scopes.iter().map(|s| s.as_str()).collect());
    sqlx::query(
        "INSERT INTO refresh_tokens (id, account_id, family_id, token_hash, expires_at, \
             client_id, scopes, redirect_uri) \
         VALUES ($1, $2, $3, $4, now() + $5::bigint * interval '1 second', $6, $7, $8)",
    )
    .bind(id)
    .bind(account.0)
    .bind(family)
    .bind(&digest[..])
    .bind(ttl_secs(ttl))
    .bind(client.map(|(client_id, _, _)| client_id))
    .bind(scopes)
    .bind(client.map(|(_, _, redirect_uri)| redirect_uri))
    .execute(ex)
    .await?;
    Ok((
        id,
        IssuedRefresh {
            token,
            expires_in: ttl.as_secs(),
            family,
        },
    ))
}

/// A login: starts a new family for the account. Families of the account with no usable token
/// left (all revoked or expired) are deleted on the way, so the table does not grow forever;
/// the retired tokens of a live family are kept for reuse detection.
pub async fn start_family(
    pool: &PgPool,
    account: AccountId,
    ttl: Duration,
) -> Result<IssuedRefresh, sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query(
        "DELETE FROM refresh_tokens t WHERE t.account_id = $1 AND NOT EXISTS ( \
             SELECT 1 FROM refresh_tokens u WHERE u.family_id = t.family_id \
             AND u.retired_at IS NULL AND u.revoked_at IS NULL AND u.expires_at > now())",
    )
    .bind(account.0)
    .execute(&mut *tx)
    .await?;
    let (_, issued) = insert(&mut *tx, account, Uuid::now_v7(), ttl, None).await?;
    tx.commit().await?;
    Ok(issued)
}

/// Exchanges a usable first-party refresh token for its successor in the same family (an OAuth
/// one is refused: it is the token endpoint's, [`rotate_oauth`]). The conditional
/// `UPDATE ... RETURNING` makes it race-safe: of two concurrent refreshes of one token, the
/// second finds it retired, which is reuse.
pub async fn rotate(
    pool: &PgPool,
    keys: &JwtKeys,
    presented: &str,
    ttl: Duration,
) -> Result<(AccountId, IssuedRefresh), RefreshError> {
    if presented.is_empty() || presented.len() > TOKEN_MAX_LEN {
        return Err(RefreshError::Invalid);
    }
    let digest = hash(presented);
    let mut tx = pool.begin().await?;
    let current: Option<(Uuid, Uuid, Uuid)> = sqlx::query_as(
        "UPDATE refresh_tokens SET retired_at = now() \
         WHERE token_hash = $1 AND retired_at IS NULL AND revoked_at IS NULL \
           AND expires_at > now() AND client_id IS NULL \
         RETURNING id, account_id, family_id",
    )
    .bind(&digest[..])
    .fetch_optional(&mut *tx)
    .await?;
    let Some((id, account, family)) = current else {
        // Not usable. A retired token presented again means two parties hold the family: revoke
        // all of it, the newest token included (RFC 9700 §4.14.2).
        let revoked: Vec<(Uuid, Uuid)> = sqlx::query_as(
            "UPDATE refresh_tokens SET revoked_at = now() \
             WHERE family_id = (SELECT family_id FROM refresh_tokens \
                                WHERE token_hash = $1 AND retired_at IS NOT NULL \
                                  AND client_id IS NULL) \
               AND revoked_at IS NULL \
             RETURNING family_id, account_id",
        )
        .bind(&digest[..])
        .fetch_all(&mut *tx)
        .await?;
        let mut ended = Revoked::default();
        if let Some((family, account_id)) = revoked.first() {
            let account = AccountId(*account_id);
            ended = revoke_sessions(&mut tx, account, &[*family], keys.ttl()).await?;
            announce_authority_change(&mut tx, account).await?;
        }
        tx.commit().await?;
        keys.note_revoked(&ended);
        if let Some((family_id, account_id)) = revoked.first() {
            tracing::warn!(%family_id, %account_id, revoked = revoked.len(),
                "a retired refresh token was presented again; its family is revoked");
        }
        return Err(RefreshError::Invalid);
    };
    let account = AccountId(account);
    let (new_id, issued) = insert(&mut *tx, account, family, ttl, None).await?;
    sqlx::query("UPDATE refresh_tokens SET replaced_by = $2 WHERE id = $1")
        .bind(id)
        .bind(new_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok((account, issued))
}

/// Logout of one first-party session: revokes the family of `presented` when it belongs to
/// `account` (an app's authorization is ended with [`revoke_oauth_family`]).
/// Returns how many tokens were revoked (0 for an unknown token or another account's).
pub async fn revoke_family_of(
    pool: &PgPool,
    keys: &JwtKeys,
    account: AccountId,
    presented: &str,
) -> Result<u64, sqlx::Error> {
    if presented.len() > TOKEN_MAX_LEN {
        return Ok(0);
    }
    let digest = hash(presented);
    let mut tx = pool.begin().await?;
    let families: Vec<Uuid> = sqlx::query_scalar(
        "UPDATE refresh_tokens SET revoked_at = now() \
         WHERE family_id IN (SELECT family_id FROM refresh_tokens \
                             WHERE token_hash = $1 AND account_id = $2 AND client_id IS NULL) \
           AND revoked_at IS NULL \
         RETURNING family_id",
    )
    .bind(&digest[..])
    .bind(account.0)
    .fetch_all(&mut *tx)
    .await?;
    let mut ended = Revoked::default();
    if let Some(family) = families.first() {
        ended = revoke_sessions(&mut tx, account, &[*family], keys.ttl()).await?;
        announce_authority_change(&mut tx, account).await?;
    }
    tx.commit().await?;
    keys.note_revoked(&ended);
    Ok(families.len() as u64)
}

/// Whether the first-party session `session` of `account` is live now: the account is not
/// deleted and the family still has a usable refresh token (not retired, revoked or expired).
pub async fn session_is_live(
    pool: &PgPool,
    account: AccountId,
    session: Uuid,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM accounts WHERE id = $1 AND deleted_at IS NULL) \
            AND EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = $2 AND account_id = $1 \
                        AND client_id IS NULL AND retired_at IS NULL AND revoked_at IS NULL \
                        AND expires_at > now())",
    )
    .bind(account.0)
    .bind(session)
    .fetch_one(pool)
    .await
}

/// Every authority the account gave (logout everywhere, a password change or reset, account
/// deletion, becoming a bot account), in the caller's transaction: every session, with its
/// access tokens; every app's authorization (OAuth families) with its access tokens; every
/// personal token; every authorization code not yet exchanged. The account's streams are told
/// when it commits; pass what it returns to [`JwtKeys::note_revoked`] then.
pub async fn revoke_all(
    conn: &mut PgConnection,
    keys: &JwtKeys,
    account: AccountId,
) -> Result<Revoked, sqlx::Error> {
    // On Citus the tokens and codes are distributed by their hash: deleting an account's is a
    // write to every shard, made one shard at a time so that the reference tables (accounts,
    // refresh_tokens) may be written in the same transaction. A placeholder setting on plain
    // PostgreSQL.
    sqlx::query("SET LOCAL citus.multi_shard_modify_mode TO 'sequential'")
        .execute(&mut *conn)
        .await?;
    let families: Vec<(Uuid, bool)> = sqlx::query_as(
        "UPDATE refresh_tokens SET revoked_at = now() \
         WHERE account_id = $1 AND revoked_at IS NULL \
         RETURNING family_id, client_id IS NULL",
    )
    .bind(account.0)
    .fetch_all(&mut *conn)
    .await?;
    // First-party sessions issue the JWTs; an app's access tokens are opaque rows, deleted below.
    let mut sessions: Vec<Uuid> = families
        .into_iter()
        .filter_map(|(family, first_party)| first_party.then_some(family))
        .collect();
    sessions.sort_unstable();
    sessions.dedup();
    sqlx::query("DELETE FROM api_tokens WHERE account_id = $1")
        .bind(account.0)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM oauth_codes WHERE account_id = $1 AND used_at IS NULL")
        .bind(account.0)
        .execute(&mut *conn)
        .await?;
    let revoked = revoke_sessions(conn, account, &sessions, keys.ttl()).await?;
    announce_authority_change(conn, account).await?;
    Ok(revoked)
}

/// An OAuth authorization's first refresh token: a new family naming the client, the scopes
/// granted and the redirect URI approved, in the caller's transaction (the code's exchange).
pub async fn start_oauth_family(
    conn: &mut PgConnection,
    account: AccountId,
    client_id: &str,
    scopes: &[Scope],
    redirect_uri: &str,
    ttl: Duration,
) -> Result<IssuedRefresh, sqlx::Error> {
    let client = Some((client_id, scopes, redirect_uri));
    let (_, issued) = insert(&mut *conn, account, Uuid::now_v7(), ttl, client).await?;
    Ok(issued)
}

/// A rotated OAuth refresh token: the account, the scopes the authorization holds, and the
/// successor.
#[derive(Debug)]
pub struct RotatedOAuth {
    pub account: AccountId,
    pub scopes: Vec<Scope>,
    pub issued: IssuedRefresh,
}

/// The token endpoint's refresh (RFC 6749 §6): exchanges a usable OAuth refresh token issued to
/// `client_id` for its successor, in the caller's transaction, as [`rotate`] does for the first
/// party. `None` when it is not usable (unknown, expired, revoked, first-party, another
/// client's); a retired token presented again revokes its whole authorization (RFC 9700
/// §4.14.2), access tokens included: commit the transaction even then.
pub async fn rotate_oauth(
    conn: &mut PgConnection,
    presented: &str,
    client_id: &str,
    ttl: Duration,
) -> Result<Option<RotatedOAuth>, sqlx::Error> {
    if presented.is_empty() || presented.len() > TOKEN_MAX_LEN {
        return Ok(None);
    }
    let digest = hash(presented);
    type Row = (Uuid, Uuid, Uuid, Vec<String>, Option<String>);
    let current: Option<Row> = sqlx::query_as(
        "UPDATE refresh_tokens SET retired_at = now() \
         WHERE token_hash = $1 AND retired_at IS NULL AND revoked_at IS NULL \
           AND expires_at > now() AND client_id = $2 \
         RETURNING id, account_id, family_id, scopes, redirect_uri",
    )
    .bind(&digest[..])
    .bind(client_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((id, account, family, scopes, redirect_uri)) = current else {
        let reused: Option<Uuid> = sqlx::query_scalar(
            "SELECT family_id FROM refresh_tokens \
             WHERE token_hash = $1 AND retired_at IS NOT NULL AND client_id IS NOT NULL",
        )
        .bind(&digest[..])
        .fetch_optional(&mut *conn)
        .await?;
        if let Some(family) = reused {
            let revoked = revoke_oauth_family(conn, family).await?;
            tracing::warn!(%family, revoked,
                "a retired OAuth refresh token was presented again; its authorization is revoked");
        }
        return Ok(None);
    };
    let account = AccountId(account);
    let scopes: Vec<Scope> = scopes.iter().filter_map(|s| Scope::parse(s)).collect();
    let client = Some((
        client_id,
        &scopes[..],
        redirect_uri.as_deref().unwrap_or_default(),
    ));
    let (new_id, issued) = insert(&mut *conn, account, family, ttl, client).await?;
    sqlx::query("UPDATE refresh_tokens SET replaced_by = $2 WHERE id = $1")
        .bind(id)
        .bind(new_id)
        .execute(&mut *conn)
        .await?;
    Ok(Some(RotatedOAuth {
        account,
        scopes,
        issued,
    }))
}

/// Ends an OAuth authorization: revokes its refresh family and deletes its access tokens, in
/// the caller's transaction; the account's streams are told. Returns how many refresh tokens
/// were revoked.
pub async fn revoke_oauth_family(
    conn: &mut PgConnection,
    family: Uuid,
) -> Result<u64, sqlx::Error> {
    let revoked: Vec<Uuid> = sqlx::query_scalar(
        "UPDATE refresh_tokens SET revoked_at = now() \
         WHERE family_id = $1 AND client_id IS NOT NULL AND revoked_at IS NULL \
         RETURNING account_id",
    )
    .bind(family)
    .fetch_all(&mut *conn)
    .await?;
    let deleted: Vec<Uuid> =
        sqlx::query_scalar("DELETE FROM api_tokens WHERE family_id = $1 RETURNING account_id")
            .bind(family)
            .fetch_all(&mut *conn)
            .await?;
    if let Some(account) = revoked.first().or(deleted.first()) {
        announce_authority_change(conn, AccountId(*account)).await?;
    }
    Ok(revoked.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_256_random_bits_in_base64url_and_never_debug_printed() {
        let (a, ha) = generate();
        let (b, _) = generate();
        assert_ne!(a, b);
        assert_eq!(a.expose().len(), 43);
        assert_eq!(
            URL_SAFE_NO_PAD.decode(a.expose()).unwrap().len(),
            TOKEN_BYTES
        );
        assert_eq!(ha, hash(a.expose()));
        assert!(!format!("{a:?}").contains(a.expose()));
    }
}
