//! Stream tickets: short-lived, single-use credentials for `?ticket=` on the SSE endpoints
//! (browsers' EventSource cannot send `Authorization`). Only their SHA-256 is stored; redeeming
//! deletes the row, so exactly one request, on any server process, gets in with a ticket. A
//! ticket carries the authority it was issued under (the session and the access token's
//! expiry): the stream it opens is held to them, and a ticket of a revoked session opens
//! nothing. An account holds a bounded number of live tickets.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::eventstore::error::{Context, Result};
use crate::eventstore::{AccountId, Store};

fn hash(ticket: &str) -> Vec<u8> {
    Sha256::digest(ticket.as_bytes()).to_vec()
}

/// What a redeemed ticket stands for: the authority of the access token it was issued with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TicketAuthority {
    pub account: AccountId,
    /// The session (refresh-token family) of that token; `None`: no session.
    pub session: Option<Uuid>,
    /// When that token expires; `None` for a ticket issued before tickets recorded it.
    pub token_expires_at: Option<DateTime<Utc>>,
}

/// The answer to a ticket request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IssuedTicket {
    Issued(String),
    /// The account already holds `max` live tickets.
    TooMany {
        max: u32,
    },
}

/// A new ticket for `account`, valid for `ttl`, bound to `session` and to an access token
/// expiring at `token_expires_at`: 256 random bits, base64url. Refused when the account
/// already holds `max` live tickets (counted under a per-account lock, so concurrent
/// requests cannot overshoot). Expired tickets of every account are swept on the way (they
/// are few and short-lived).
pub async fn issue_stream_ticket(
    store: &Store,
    authority: TicketAuthority,
    ttl: Duration,
    max: u32,
) -> Result<IssuedTicket> {
    let mut bytes = [0u8; 32];
    rand::fill(&mut bytes);
    let ticket = URL_SAFE_NO_PAD.encode(bytes);
    let mut tx = store
        .pool
        .begin()
        .await
        .context("begin issue a stream ticket")?;
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended('stream_tickets:' || $1, 0))")
        .bind(authority.account.0.to_string())
        .execute(&mut *tx)
        .await
        .context("lock an account's stream tickets")?;
    sqlx::query("DELETE FROM stream_tickets WHERE expires_at < now()")
        .execute(&mut *tx)
        .await
        .context("sweep expired stream tickets")?;
    let live: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM stream_tickets WHERE account_id = $1 AND expires_at >= now()",
    )
    .bind(authority.account.0)
    .fetch_one(&mut *tx)
    .await
    .context("count an account's stream tickets")?;
    if live >= i64::from(max) {
        return Ok(IssuedTicket::TooMany { max });
    }
    sqlx::query(
        "INSERT INTO stream_tickets \
             (ticket_hash, account_id, expires_at, family_id, token_expires_at) \
         VALUES ($1, $2, now() + make_interval(secs => $3), $4, $5)",
    )
    .bind(hash(&ticket))
    .bind(authority.account.0)
    .bind(ttl.as_secs_f64())
    .bind(authority.session)
    .bind(authority.token_expires_at)
    .execute(&mut *tx)
    .await
    .context("store a stream ticket")?;
    tx.commit().await.context("commit a stream ticket")?;
    Ok(IssuedTicket::Issued(ticket))
}

/// The authority of a ticket that exists and has not expired, which is used up by this
/// call; `None` for any other ticket. Whether its session still holds is the stream's to
/// check (see `open_stream`). The expiry is compared outside the `DELETE` (Citus refuses
/// `now()`, not immutable, in the `RETURNING` of a distributed table).
pub async fn redeem_stream_ticket(store: &Store, ticket: &str) -> Result<Option<TicketAuthority>> {
    let row = sqlx::query_as::<_, (Option<Uuid>, Option<Uuid>, Option<DateTime<Utc>>)>(
        "WITH used AS ( \
             DELETE FROM stream_tickets WHERE ticket_hash = $1 \
             RETURNING account_id, expires_at, family_id, token_expires_at \
         ) \
         SELECT CASE WHEN expires_at > now() THEN account_id END, family_id, \
                token_expires_at \
         FROM used",
    )
    .bind(hash(ticket))
    .fetch_optional(&store.pool)
    .await
    .context("redeem a stream ticket")?;
    Ok(row.and_then(|(account, session, token_expires_at)| {
        Some(TicketAuthority {
            account: AccountId(account?),
            session,
            token_expires_at,
        })
    }))
}
