//! Stream tickets: short-lived, single-use credentials for `?ticket=` on the SSE endpoints
//! (browsers' EventSource cannot send `Authorization`). Only their SHA-256 is stored; redeeming
//! deletes the row, so exactly one request, on any server process, gets in with a ticket.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

use super::error::{Context, Result};
use super::{AccountId, Store};

fn hash(ticket: &str) -> Vec<u8> {
    Sha256::digest(ticket.as_bytes()).to_vec()
}

impl Store {
    /// A new ticket for `account`, valid for `ttl`: 256 random bits, base64url. Expired tickets
    /// of every account are swept on the way (they are few and short-lived).
    pub async fn issue_stream_ticket(&self, account: AccountId, ttl: Duration) -> Result<String> {
        let mut bytes = [0u8; 32];
        rand::fill(&mut bytes);
        let ticket = URL_SAFE_NO_PAD.encode(bytes);
        let mut tx = self
            .pool
            .begin()
            .await
            .context("begin issue a stream ticket")?;
        sqlx::query("DELETE FROM stream_tickets WHERE expires_at < now()")
            .execute(&mut *tx)
            .await
            .context("sweep expired stream tickets")?;
        sqlx::query(
            "INSERT INTO stream_tickets (ticket_hash, account_id, expires_at) \
             VALUES ($1, $2, now() + make_interval(secs => $3))",
        )
        .bind(hash(&ticket))
        .bind(account.0)
        .bind(ttl.as_secs_f64())
        .execute(&mut *tx)
        .await
        .context("store a stream ticket")?;
        tx.commit().await.context("commit a stream ticket")?;
        Ok(ticket)
    }

    /// The account of a ticket that exists and has not expired, which is used up by this call;
    /// `None` for any other ticket. The expiry is compared outside the `DELETE` (Citus refuses
    /// `now()`, not immutable, in the `RETURNING` of a distributed table).
    pub async fn redeem_stream_ticket(&self, ticket: &str) -> Result<Option<AccountId>> {
        let account = sqlx::query_scalar::<_, Option<uuid::Uuid>>(
            "WITH used AS ( \
                 DELETE FROM stream_tickets WHERE ticket_hash = $1 \
                 RETURNING account_id, expires_at \
             ) \
             SELECT CASE WHEN expires_at > now() THEN account_id END FROM used",
        )
        .bind(hash(ticket))
        .fetch_optional(&self.pool)
        .await
        .context("redeem a stream ticket")?
        .flatten();
        Ok(account.map(AccountId))
    }
}
