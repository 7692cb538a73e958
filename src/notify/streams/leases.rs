//! Open event streams and the authority they stand on. Each open stream holds a lease, a row of
//! `open_streams`, whichever server process serves it: the per-account cap counts the fresh
//! leases, so it holds across processes, and a process killed without deleting its leases stops
//! counting once they run out. A stream renews its lease when it re-checks its authority (the
//! account not deleted, its session not revoked) and ends it (now) when it closes; ended leases
//! are kept ten minutes, for the mail worker's "not while at the table" rule.

use std::time::Duration;

use uuid::Uuid;

use crate::eventstore::error::{Context, Result};
use crate::eventstore::{AccountId, Store};

/// The account is not deleted and the session, when there is one, is not revoked (`$1` the
/// account, `$2` the session). A family with no row left counts as revoked: a login deletes the
/// families with no usable token. A personal access token is its own session (its id): deleting
/// it ends what it opened.
const AUTHORITY_HOLDS: &str = "EXISTS (SELECT 1 FROM accounts WHERE id = $1 AND deleted_at IS NULL) \
     AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM refresh_tokens \
          WHERE family_id = $2 AND account_id = $1 AND revoked_at IS NULL) \
          OR EXISTS (SELECT 1 FROM api_tokens \
          WHERE id = $2 AND account_id = $1 AND kind = 'personal'))";

/// The answer to a request to open a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenedStream {
    /// The lease's id, to renew and close it with.
    Opened(Uuid),
    /// The account is deleted or the session revoked.
    Revoked,
    /// The account already has `max` streams open.
    TooMany { max: u32 },
}

/// Whether `account` (and `session`, when given) may still act: the account is not deleted
/// and the session not revoked.
pub async fn authority_holds(
    store: &Store,
    account: AccountId,
    session: Option<Uuid>,
) -> Result<bool> {
    sqlx::query_scalar(&format!("SELECT {AUTHORITY_HOLDS}"))
        .bind(account.0)
        .bind(session)
        .fetch_one(&store.pool)
        .await
        .context("check a stream's authority")
}

/// Takes a lease for a new stream of `account` under `session`, for `lease`, unless the
/// authority no longer holds or the account already has `max` fresh leases (counted under a
/// per-account lock, so concurrent opens on any process cannot overshoot).
pub async fn open_stream(
    store: &Store,
    account: AccountId,
    session: Option<Uuid>,
    lease: Duration,
    max: u32,
) -> Result<OpenedStream> {
    let mut tx = store.pool.begin().await.context("begin open a stream")?;
    // The account's leases are found by the primary key (account, id), whatever the table's
    // statistics say: when thousands of streams open on a table that was empty at its last
    // ANALYZE (a first start, a restart under its players), the planner would read the whole
    // table for each (a hundred million rows read for 10,000 streams).
    sqlx::query(
        "SELECT set_config('enable_seqscan', 'off', true), \
                pg_advisory_xact_lock(hashtextextended('open_streams:' || $1, 0))",
    )
    .bind(account.0.to_string())
    .execute(&mut *tx)
    .await
    .context("lock an account's streams")?;
    let holds: bool = sqlx::query_scalar(&format!("SELECT {AUTHORITY_HOLDS}"))
        .bind(account.0)
        .bind(session)
        .fetch_one(&mut *tx)
        .await
        .context("check a stream's authority")?;
    if !holds {
        return Ok(OpenedStream::Revoked);
    }
    // A closed or lapsed lease stays a while: the mail worker reads when the account last
    // had a stream open (no `your_turn` mail within minutes of it; `crate::notify::mail`).
    sqlx::query(
        "DELETE FROM open_streams WHERE account_id = $1 \
         AND lease_until < now() - interval '10 minutes'",
    )
    .bind(account.0)
    .execute(&mut *tx)
    .await
    .context("drop an account's stale stream leases")?;
    let open: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM open_streams WHERE account_id = $1 AND lease_until >= now()",
    )
    .bind(account.0)
    .fetch_one(&mut *tx)
    .await
    .context("count an account's streams")?;
    if open >= i64::from(max) {
        return Ok(OpenedStream::TooMany { max });
    }
    let id = Uuid::now_v7();
    sqlx::query(
        "INSERT INTO open_streams (account_id, id, lease_until) \
         VALUES ($1, $2, now() + make_interval(secs => $3))",
    )
    .bind(account.0)
    .bind(id)
    .bind(lease.as_secs_f64())
    .execute(&mut *tx)
    .await
    .context("take a stream lease")?;
    tx.commit().await.context("commit a stream lease")?;
    Ok(OpenedStream::Opened(id))
}

/// Renews the lease `id` for `lease` when the stream's authority still holds: `false` when
/// it does not, or when the lease is gone (the account was deleted, or the lease ran out
/// and was taken back), and the stream must end.
pub async fn renew_stream(
    store: &Store,
    account: AccountId,
    session: Option<Uuid>,
    id: Uuid,
    lease: Duration,
) -> Result<bool> {
    let done = sqlx::query(&format!(
        "UPDATE open_streams SET lease_until = now() + make_interval(secs => $4) \
         WHERE account_id = $1 AND id = $3 AND {AUTHORITY_HOLDS}"
    ))
    .bind(account.0)
    .bind(session)
    .bind(id)
    .bind(lease.as_secs_f64())
    .execute(&store.pool)
    .await
    .context("renew a stream lease")?;
    Ok(done.rows_affected() == 1)
}

/// Gives the lease `id` back: the stream ended. The row stays, ended now, so that the mail
/// worker can tell how long ago the account was last at the table.
pub async fn close_stream(store: &Store, account: AccountId, id: Uuid) -> Result<()> {
    sqlx::query(
        "UPDATE open_streams SET lease_until = least(lease_until, now()) \
         WHERE account_id = $1 AND id = $2",
    )
    .bind(account.0)
    .bind(id)
    .execute(&store.pool)
    .await
    .context("give a stream lease back")?;
    Ok(())
}
