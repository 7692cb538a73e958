//! The append on Citus: statements that each touch one shard (Citus routes each whole to its
//! worker), in one transaction.

use sqlx::PgConnection;

use super::{AppendError, AppendKey, Moved, append_error};
use crate::engine::{EVENT_SCHEMA_VERSION, Seat};
use crate::store::chain::ChainedRows;
use crate::store::error::unexpected;
use crate::store::notify::CHANNEL;
use crate::store::outbox;
use crate::store::{AccountId, GameId};

/// What [`append_routed`] writes after the read model's update.
pub(super) struct Routed<'a> {
    pub id: GameId,
    pub version: i64,
    pub seat: Option<Seat>,
    pub account: Option<AccountId>,
    pub rows: &'a ChainedRows,
    pub key: Option<&'a AppendKey<'a>>,
    pub notifications: &'a [outbox::Pending],
}

/// On Citus, [`super::append_in`] as statements that each touch one shard (Citus routes them whole to
/// its worker), in the caller's transaction: `moved` ([`super::sql::APPEND_MOVE`], bound), the events as
/// one multi-row `INSERT … VALUES`, the key, the outbox's rows (one per notified seated
/// account, usually one: one `INSERT … SELECT` from the seats), and last the game's `NOTIFY`, sent on the coordinator where the
/// servers listen. Every statement names the game, so the transaction is on the game's worker
/// alone and commits there without a two-phase commit (docs/scaling.md).
pub(super) async fn append_routed(
    conn: &mut PgConnection,
    moved: sqlx::query::QueryAs<'_, sqlx::Postgres, Moved, sqlx::postgres::PgArguments>,
    r: Routed<'_>,
) -> std::result::Result<Option<Moved>, AppendError> {
    let Some((deadline, bot_due)) = moved
        .fetch_optional(&mut *conn)
        .await
        .map_err(append_error)?
    else {
        return Ok(None);
    };
    let seat = r.seat.map(|s| i16::from(s.0));
    let rows = r.rows;
    if rows.seqs.len() > MAX_ROWS {
        return Err(unexpected(format!("cannot append {} events at once", rows.seqs.len())).into());
    }
    let mut events = sqlx::query(insert_events_sql(rows.seqs.len()))
        .bind(r.id.0)
        .bind(EVENT_SCHEMA_VERSION)
        .bind(seat);
    for i in 0..rows.seqs.len() {
        events = events
            .bind(rows.seqs[i])
            .bind(rows.kinds[i])
            .bind(&rows.payloads[i])
            .bind(&rows.prevs[i])
            .bind(&rows.hashes[i]);
    }
    events.execute(&mut *conn).await.map_err(append_error)?;
    if let Some(key) = r.key {
        sqlx::query(
            "INSERT INTO idempotency_keys \
                 (game_id, account_id, key, request_hash, seat, first_seq, version, deadline) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(r.id.0)
        .bind(r.account.map(|a| a.0))
        .bind(key.key)
        .bind(key.request_hash)
        .bind(seat)
        .bind(rows.seqs.first().copied())
        .bind(r.version)
        .bind(deadline)
        .execute(&mut *conn)
        .await
        .map_err(append_error)?;
    }
    if !r.notifications.is_empty() {
        // One statement that Citus pushes down whole to the game's shard group: the seats and
        // the outbox are co-located, and the rows name the seat's game.
        let mut seats = Vec::with_capacity(r.notifications.len());
        let mut kinds = Vec::with_capacity(r.notifications.len());
        let mut payloads = Vec::with_capacity(r.notifications.len());
        for p in r.notifications {
            let mut payload = p.payload.clone();
            if p.kind == outbox::NotificationKind::YourTurn {
                payload["deadline"] = serde_json::json!(deadline);
            }
            seats.push(i16::from(p.seat.0));
            kinds.push(p.kind.as_str());
            payloads.push(payload.to_string());
        }
        sqlx::query(
            "INSERT INTO game_outbox (game_id, version, ord, account_id, kind, payload) \
             SELECT s.game_id, $2, i.ord, s.account_id, i.kind, i.payload::jsonb \
             FROM game_seats s \
             JOIN unnest($3::smallint[], $4::text[], $5::text[]) WITH ORDINALITY \
                  AS i(seat, kind, payload, ord) ON s.seat = i.seat \
             WHERE s.game_id = $1 AND s.account_id IS NOT NULL",
        )
        .bind(r.id.0)
        .bind(r.version)
        .bind(&seats)
        .bind(&kinds)
        .bind(&payloads)
        .execute(&mut *conn)
        .await
        .map_err(append_error)?;
    }
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(format!("{}:{}", r.id, r.version))
        .execute(&mut *conn)
        .await
        .map_err(append_error)?;
    Ok(Some((deadline, bot_due)))
}

/// Parameters shared by every row of [`insert_events_sql`]: game id, schema version, seat.
const SHARED_PARAMS: usize = 3;
/// Parameters of each row: seq, type, payload, prev_hash, hash.
const ROW_PARAMS: usize = 5;
/// The most events one statement takes (PostgreSQL binds at most 65,535 parameters).
const MAX_ROWS: usize = (u16::MAX as usize - SHARED_PARAMS) / ROW_PARAMS;

/// `INSERT INTO game_events … VALUES (…), (…) …` for `n` events (one shard, one statement, no
/// `COPY` on Citus). The text is built once per row count and kept (sqlx prepares each distinct
/// text once per connection).
fn insert_events_sql(n: usize) -> &'static str {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static TEXTS: OnceLock<Mutex<HashMap<usize, &'static str>>> = OnceLock::new();
    let mut texts = TEXTS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    texts.entry(n).or_insert_with(|| {
        let mut sql = String::from(
            "INSERT INTO game_events \
                 (game_id, seq, event_type, event_version, payload, seat, prev_hash, hash) VALUES ",
        );
        for row in 0..n {
            let p = SHARED_PARAMS + row * ROW_PARAMS;
            if row > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!(
                "($1, ${}, ${}, $2, ${}::json, $3, ${}, ${})",
                p + 1,
                p + 2,
                p + 3,
                p + 4,
                p + 5
            ));
        }
        Box::leak(sql.into_boxed_str())
    })
}
