//! Appending to a game's stream: the events at the expected version, the read model they
//! bring, the game's outbox rows, the idempotency key and the game's wake-up, all or nothing,
//! and all in the game's rows (on Citus its shard group: one worker, no two-phase commit). One
//! statement on plain PostgreSQL ([`sql`]), one-shard statements in a transaction on Citus
//! ([`routed`]). Over the chain, the read model and the outbox; never decides a rule. The
//! accounts' notifications are written after the commit, by the fan-out worker.

mod routed;
mod sql;

use chrono::{DateTime, Utc};
use sqlx::{Connection, PgConnection};

use super::chain::ChainedRows;
use super::distribute::Layout;
use super::error::{StoreError, db_error, is_unique_violation, unexpected};
use super::notify::CHANNEL;
use super::outbox;
use super::read_model::{Due, ReadModel};
use super::{AccountId, GameId};
use crate::engine::{EVENT_SCHEMA_VERSION, Event, Game, Seat};
use routed::{Routed, append_routed};
use sql::{APPEND, APPEND_MOVE};

/// Why an append did not happen.
pub(crate) enum AppendError {
    /// Someone else appended at this version first: the `games` row was no longer at the
    /// expected version once its lock was ours (or, failing that, 23505 on `game_events`, or on
    /// `idempotency_keys`: the key was stored by an append that committed after this one's
    /// read, which a keyed `submit` reads again).
    Race,
    Store(StoreError),
}

impl From<StoreError> for AppendError {
    fn from(e: StoreError) -> Self {
        AppendError::Store(e)
    }
}

/// The stream's head after an append.
pub(crate) struct Appended {
    pub version: i64,
    pub last_hash: [u8; 32],
    /// When the decision now awaited times out; `None` without a clock.
    pub deadline: Option<DateTime<Utc>>,
    /// A bot's move is due now: the deadline worker may be woken once this commits.
    pub bot_due: bool,
    /// The append wrote to the game's outbox: the fan-out worker may be woken once this commits.
    pub told: bool,
}

/// An append: `events` after version `expected` (whose last hash is `prev_hash`), bringing the
/// `games` read model to `after` (the game once they are applied).
pub(crate) struct Append<'a> {
    pub id: GameId,
    pub expected: i64,
    /// The acting seat; `None` for system events (the deal, the deadline worker's moves).
    pub seat: Option<Seat>,
    /// The account acting for `seat`: the append only happens if it still holds that seat and
    /// is not deleted. `None` checks nothing (system events, tools).
    pub account: Option<AccountId>,
    pub events: &'a [Event],
    pub prev_hash: [u8; 32],
    pub after: &'a Game,
    /// The awaited decision keeps its deadline (the same decision is still awaited: another
    /// seat resigned); otherwise it starts again from now.
    pub keep_deadline: bool,
    /// What the append tells the seated accounts.
    pub tell: Tell,
    /// The idempotency key `account` used, stored with what it appended.
    pub key: Option<AppendKey<'a>>,
}

/// Whom an append notifies.
pub(crate) enum Tell {
    /// Nobody (imports and tools).
    Nobody,
    /// The seated accounts, as [`outbox::notifications_of`] says when this seat acted (`None`:
    /// no seat did, or nobody is to be told it is their turn again); a `your_turn`'s `deadline`
    /// is added by the append, which is where it is decided.
    ActedBy(Option<Seat>),
    /// As `ActedBy`, then one more (the deadline worker's `timed_out`), after them in the
    /// outbox and so numbered after them.
    ActedByThen(Option<Seat>, outbox::Pending),
}

/// An idempotency key to store with an action's events.
pub(crate) struct AppendKey<'a> {
    pub key: &'a str,
    pub request_hash: &'a str,
}

/// Appends, in the caller's connection (one statement: atomic on its own, or part of the
/// caller's transaction), and notifies listeners on commit. Returns the new head. A bot's
/// awaited seat is due at once (`due_kind` 'bot', whatever the clock).
///
/// One statement of data-modifying CTEs ([`sql::APPEND`]), so that an action's append is one round
/// trip with no `BEGIN` or `COMMIT`; every part but the `games` update reads that update's
/// result, so nothing at all is written when it updated nothing:
/// 1. `moved`: `UPDATE games … WHERE version = expected` moves the read model first, only if
///    the stream's last event is still `prev_hash` (which chains every payload: the caller's
///    replay is this stream's), `account` still holds `seat`, and the key is not stored yet
///    (a repeat is answered from the stored key, not refused by its unique index: on Citus
///    that error may come without its table's name). It locks the game's row, so a
///    racing append waits for it and then finds the version moved on: a lost race, like a
///    failed check, is "no row updated", whatever the database (on Citus a duplicate key can come back
///    without its SQLSTATE's usual table and constraint names, or as XX000 from COPY). The
///    deadline is picked out of an array by a `CASE`, not written as a `CASE` of `now()`s:
///    Citus evaluates `now()` on the coordinator, which it refuses to do inside `CASE`.
/// 2. `appended`: the events, from arrays, chained by the caller.
/// 3. `outboxed`: the game's outbox rows, one per notified seated account, a `your_turn` given
///    the deadline `moved` decided, in the format the API writes times in.
/// 4. `keyed`: the idempotency key's row, when there is one.
///
/// The outer `SELECT` sends the game's `NOTIFY` (delivered on commit) where the client is
/// connected: on Citus the coordinator, where the servers listen
/// (`RETURNING pg_notify(…)` is refused by Citus, and would run on a worker if it were not).
///
/// On Citus (`layout`) the same parts are statements that each touch one shard
/// ([`routed::append_routed`]), in the caller's transaction or, outside one, in their own.
pub(crate) async fn append_in(
    conn: &mut PgConnection,
    layout: Layout,
    a: Append<'_>,
) -> std::result::Result<Appended, AppendError> {
    let Append {
        id,
        expected,
        seat,
        account,
        events,
        prev_hash,
        after,
        keep_deadline,
        tell,
        key,
    } = a;
    if events.is_empty() || (key.is_some() && account.is_none()) {
        return Err(unexpected("cannot append no events, or a key without its account").into());
    }
    let mut rows = ChainedRows::with_capacity(events.len());
    let last_hash = rows.push_chain(events, expected + 1, prev_hash)?;
    let version = expected + events.len() as i64;
    let model = ReadModel::of(after);
    let notifications = match tell {
        Tell::Nobody => Vec::new(),
        Tell::ActedBy(actor) => outbox::notifications_of(expected, version, actor, after),
        Tell::ActedByThen(actor, then) => {
            let mut all = outbox::notifications_of(expected, version, actor, after);
            all.push(then);
            all
        }
    };
    let seats: Vec<i16> = notifications.iter().map(|p| i16::from(p.seat.0)).collect();
    let kinds: Vec<&str> = notifications.iter().map(|p| p.kind.as_str()).collect();
    let payloads: Vec<String> = notifications
        .iter()
        .map(|p| p.payload.to_string())
        .collect();
    let statement = match layout {
        Layout::Single => APPEND,
        Layout::Citus => APPEND_MOVE,
    };
    let game_channel = format!("{id}:{version}");
    let appending = sqlx::query_as(statement)
        .bind(id.0)
        .bind(&seats)
        .bind(&kinds)
        .bind(&payloads)
        .bind(version)
        .bind(model.status.as_str())
        .bind(model.awaiting_seat)
        .bind(model.winners)
        .bind(expected)
        .bind(keep_deadline)
        .bind(model.due.map(Due::kind))
        .bind(model.due.and_then(Due::seconds))
        .bind(EVENT_SCHEMA_VERSION)
        .bind(seat.map(|s| i16::from(s.0)))
        .bind(&rows.seqs)
        .bind(&rows.kinds)
        .bind(&rows.payloads)
        .bind(&rows.prevs)
        .bind(&rows.hashes)
        .bind(account.map(|a| a.0))
        .bind(key.as_ref().map(|k| k.key))
        .bind(key.as_ref().map(|k| k.request_hash))
        .bind(CHANNEL)
        .bind(game_channel)
        .bind(prev_hash.as_slice());
    let moved: Option<Moved> = match layout {
        Layout::Single => appending
            .fetch_optional(&mut *conn)
            .await
            .map_err(append_error)?,
        Layout::Citus => {
            let routed = Routed {
                id,
                version,
                seat,
                account,
                rows: &rows,
                key: key.as_ref(),
                notifications: &notifications,
            };
            if conn.is_in_transaction() {
                append_routed(&mut *conn, appending, routed).await?
            } else {
                let mut tx = conn
                    .begin()
                    .await
                    .map_err(|e| db_error(e, "begin an append"))?;
                let moved = append_routed(&mut tx, appending, routed).await?;
                if moved.is_some() {
                    tx.commit()
                        .await
                        .map_err(|e| db_error(e, "commit an append"))?;
                }
                moved
            }
        }
    };
    let Some((deadline, bot_due)) = moved else {
        return Err(AppendError::Race);
    };
    Ok(Appended {
        version,
        last_hash,
        deadline,
        bot_due: bot_due.unwrap_or(false),
        told: !notifications.is_empty(),
    })
}

/// What [`sql::APPEND`]'s first row says: the new deadline, and whether a bot's move is due now.
pub(super) type Moved = (Option<DateTime<Utc>>, Option<bool>);

/// An append's failed statement: a lost race, or the store's error.
pub(super) fn append_error(e: sqlx::Error) -> AppendError {
    // Only when the stream and its read model disagree, or a key was stored after the read
    // (the row lock orders appends that go through here).
    let unique =
        is_unique_violation(&e, "game_events") || is_unique_violation(&e, "idempotency_keys");
    if unique {
        AppendError::Race
    } else {
        AppendError::Store(db_error(e, "append events"))
    }
}
