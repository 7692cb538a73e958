//! Game streams: the hash chain, upcasting stored events, append with expected version,
//! replay on read, and `submit` (an action through the engine, idempotent when keyed).
//! The stream is the only source of truth; nothing here decides a rule itself.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use rand::Rng;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::{Connection, PgConnection};
use thiserror::Error;
use uuid::Uuid;

use super::distribute::Layout;
use super::error::{
    Context, Result, StoreError, db_error, is_deadlock, is_unavailable, is_unique_violation,
    unexpected,
};
use super::games::GameSummary;
use super::games::{self, GameStatus};
use super::notify::CHANNEL;
use super::outbox;
use super::snapshots::Snapshot;
use super::{AccountId, GameId, HotConn, Store};
use crate::engine::{self, Action, EVENT_SCHEMA_VERSION, Event, Game, Seat, Status};

/// `prev_hash` of every stream's first event.
pub const GENESIS: [u8; 32] = [0; 32];

/// Tries for a `submit` without an expected version before a lost race is reported.
const MAX_TRIES: u32 = 8;

/// `SHA-256(prev_hash ‖ payload)`: the payload is the exact bytes stored in `game_events.payload`
/// (a `json` column, which keeps its input text verbatim).
pub fn chain_hash(prev_hash: &[u8], payload: &[u8]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(prev_hash);
    h.update(payload);
    h.finalize().into()
}

/// A hash of an action, for callers that have no request body of their own to hash.
pub fn request_hash(action: &Action) -> String {
    let body = serde_json::to_vec(action).expect("an Action always serializes");
    hex::encode(Sha256::digest(body))
}

/// One event of a stream as stored. `event` is complete (shuffle orders, hidden cards): the API
/// must pass it through `engine::redact` before anyone sees it.
#[derive(Debug, Clone, Serialize)]
pub struct StoredEvent {
    pub seq: i64,
    /// The event type, as in the payload's `type`.
    pub kind: String,
    /// The schema version it was written with (before upcasting).
    pub version: i32,
    /// The acting seat; `None` for system events (the start of the game).
    pub seat: Option<Seat>,
    pub recorded_at: DateTime<Utc>,
    /// Hex.
    pub prev_hash: String,
    /// Hex.
    pub hash: String,
    pub event: Event,
}

/// A game as loaded: its listing row, its whole stream and the state it replays to.
#[derive(Debug, Clone)]
pub struct LoadedGame {
    pub summary: GameSummary,
    pub events: Vec<StoredEvent>,
    pub game: Game,
}

impl LoadedGame {
    /// The stream's version: its last seq, 0 before the game starts.
    pub fn version(&self) -> i64 {
        self.events.len() as i64
    }
}

/// A game now: its listing row and its state at the stream's head (no events).
#[derive(Debug, Clone)]
pub struct CurrentGame {
    pub summary: GameSummary,
    /// The stream's version: its last seq, 0 before the game starts.
    pub version: i64,
    /// Shared with this process's kept replay: reading it copies nothing.
    pub game: Arc<Game>,
}

/// Why a stored event does not load.
#[derive(Debug, Error)]
pub enum UpcastError {
    #[error("{kind} has unknown schema version {version}")]
    UnknownVersion { kind: String, version: i32 },
    #[error("{kind} version {version} does not deserialize: {source}")]
    Malformed {
        kind: String,
        version: i32,
        #[source]
        source: serde_json::Error,
    },
    #[error("the event_type column says {stored} but the payload is {payload}")]
    KindMismatch { stored: String, payload: String },
}

/// Turns a stored event of any shipped schema version into today's `Event`. Version 1 is today's
/// schema (identity); a future version 2 adds an arm here that rewrites older payloads.
pub fn upcast(
    kind: &str,
    version: i32,
    payload: serde_json::Value,
) -> std::result::Result<Event, UpcastError> {
    let event: Event = match version {
        1 => serde_json::from_value(payload).map_err(|source| UpcastError::Malformed {
            kind: kind.to_owned(),
            version,
            source,
        })?,
        _ => {
            return Err(UpcastError::UnknownVersion {
                kind: kind.to_owned(),
                version,
            });
        }
    };
    same_kind(kind, event)
}

/// The event, when its `type` is the one the `event_type` column names.
fn same_kind(kind: &str, event: Event) -> std::result::Result<Event, UpcastError> {
    if event.kind() != kind {
        return Err(UpcastError::KindMismatch {
            stored: kind.to_owned(),
            payload: event.kind().to_owned(),
        });
    }
    Ok(event)
}

/// A stored payload (its exact text) as today's `Event`: parsed and upcast.
fn parse_event(kind: &str, version: i32, payload: &str) -> std::result::Result<Event, UpcastError> {
    let malformed = |source| UpcastError::Malformed {
        kind: kind.to_owned(),
        version,
        source,
    };
    if version == EVENT_SCHEMA_VERSION {
        // Today's schema needs no upcasting: straight from the text into `Event`, without a
        // `serde_json::Value` in between (it cost as much as the rest of decoding a row).
        let event = serde_json::from_str(payload).map_err(malformed)?;
        return same_kind(kind, event);
    }
    let value = serde_json::from_str(payload).map_err(malformed)?;
    upcast(kind, version, value)
}

/// A `game_events` row as stored, the payload as its exact text.
#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct EventRow {
    pub seq: i64,
    pub event_type: String,
    pub event_version: i32,
    pub payload: String,
    pub seat: Option<i16>,
    pub recorded_at: DateTime<Utc>,
    pub prev_hash: Vec<u8>,
    pub hash: Vec<u8>,
}

impl EventRow {
    /// Parses and upcasts the payload.
    pub fn event(&self) -> std::result::Result<Event, UpcastError> {
        parse_event(&self.event_type, self.event_version, &self.payload)
    }

    /// The event, or the store's error naming it.
    fn event_of(&self, game_id: GameId) -> Result<Event> {
        self.event().map_err(|e| {
            StoreError::Unexpected(
                anyhow::Error::new(e).context(format!("event {} of game {game_id}", self.seq)),
            )
        })
    }

    fn hash_bytes(&self) -> Result<[u8; 32]> {
        <[u8; 32]>::try_from(self.hash.as_slice())
            .map_err(|_| unexpected(format!("stored hash of seq {} is not 32 bytes", self.seq)))
    }

    fn decode(self, game_id: GameId) -> Result<StoredEvent> {
        let event = self.event_of(game_id)?;
        Ok(StoredEvent {
            seq: self.seq,
            kind: self.event_type,
            version: self.event_version,
            seat: self.seat.map(seat_from_db).transpose()?,
            recorded_at: self.recorded_at,
            prev_hash: to_hex(&self.prev_hash),
            hash: to_hex(&self.hash),
            event,
        })
    }
}

/// Lower-case hex, as `hex::encode` writes it, without its `char` iterator: two hashes per
/// loaded event made that 6% of a view's CPU.
fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        text.push(char::from(DIGITS[usize::from(b >> 4)]));
        text.push(char::from(DIGITS[usize::from(b & 0x0f)]));
    }
    text
}

pub(crate) fn seat_from_db(v: i16) -> Result<Seat> {
    u8::try_from(v)
        .map(Seat)
        .map_err(|_| unexpected(format!("seat {v} out of range")))
}

/// The stream of `id` after `after`, in order, at most `limit` events (all when `None`).
pub(crate) async fn read_rows(
    conn: &mut PgConnection,
    id: GameId,
    after: i64,
    limit: Option<i64>,
) -> Result<Vec<EventRow>> {
    sqlx::query_as::<_, EventRow>(
        "SELECT seq, event_type, event_version, payload::text AS payload, seat, recorded_at, \
                prev_hash, hash \
         FROM game_events WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
    )
    .bind(id.0)
    .bind(after)
    .bind(limit)
    .fetch_all(conn)
    .await
    .context("read a game stream")
}

pub(crate) async fn read_stream(
    conn: &mut PgConnection,
    id: GameId,
    after: i64,
    limit: Option<i64>,
) -> Result<Vec<StoredEvent>> {
    read_rows(conn, id, after, limit)
        .await?
        .into_iter()
        .map(|r| r.decode(id))
        .collect()
}

fn prev_hash_of(stream: &[StoredEvent]) -> Result<[u8; 32]> {
    match stream.last() {
        None => Ok(GENESIS),
        Some(e) => hex::decode(&e.hash)
            .ok()
            .and_then(|h| <[u8; 32]>::try_from(h).ok())
            .ok_or_else(|| unexpected(format!("stored hash of seq {} is not 32 bytes", e.seq))),
    }
}

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

/// `game_events` rows being built: each event's payload as stored and its link in the hash chain.
#[derive(Debug, Default)]
pub(crate) struct ChainedRows {
    pub seqs: Vec<i64>,
    pub kinds: Vec<&'static str>,
    pub payloads: Vec<String>,
    pub prevs: Vec<Vec<u8>>,
    pub hashes: Vec<Vec<u8>>,
}

impl ChainedRows {
    pub fn with_capacity(n: usize) -> Self {
        ChainedRows {
            seqs: Vec::with_capacity(n),
            kinds: Vec::with_capacity(n),
            payloads: Vec::with_capacity(n),
            prevs: Vec::with_capacity(n),
            hashes: Vec::with_capacity(n),
        }
    }

    /// Serializes `events` as seqs `first_seq..`, chained from `prev`; returns the last hash.
    pub fn push_chain(
        &mut self,
        events: &[Event],
        first_seq: i64,
        mut prev: [u8; 32],
    ) -> Result<[u8; 32]> {
        for (i, event) in events.iter().enumerate() {
            let payload = serde_json::to_string(event)
                .map_err(|e| StoreError::Unexpected(anyhow::Error::new(e).context("serialize")))?;
            let hash = chain_hash(&prev, payload.as_bytes());
            self.seqs.push(first_seq + i as i64);
            self.kinds.push(event.kind());
            self.payloads.push(payload);
            self.prevs.push(prev.to_vec());
            self.hashes.push(hash.to_vec());
            prev = hash;
        }
        Ok(prev)
    }
}

/// The `games` read-model columns a game's state determines.
pub(crate) struct ReadModel {
    pub status: GameStatus,
    pub awaiting_seat: Option<i16>,
    pub winners: Option<Vec<i16>>,
    /// What the deadline worker must do next (service rules §9.4–9.5), if anything.
    pub due: Option<Due>,
}

/// What a decision awaited from a seat is due to, without its player. A seat a bot holds
/// (`game_seats.bot`) is due to the bot at once whatever this says; the append's SQL looks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Due {
    /// The awaited decision times out this many seconds after it became awaited.
    Clock(u32),
    /// A bot plays the awaited seat (resigned or abandoned) at once.
    Bot,
    /// Nothing: the game has no clock.
    Unclocked,
}

impl Due {
    pub fn kind(self) -> &'static str {
        match self {
            Due::Clock(_) => "clock",
            Due::Bot => "bot",
            Due::Unclocked => "unclocked",
        }
    }

    fn seconds(self) -> Option<f64> {
        match self {
            Due::Clock(s) => Some(f64::from(s)),
            Due::Bot | Due::Unclocked => None,
        }
    }
}

impl ReadModel {
    pub fn of(game: &Game) -> Self {
        let status = match game.status() {
            Status::NotStarted => GameStatus::Open,
            Status::Active => GameStatus::Active,
            Status::Finished => GameStatus::Finished,
        };
        let due = match (status, game.awaiting()) {
            (GameStatus::Active, Some(_)) if engine::bot_due(game).is_some() => Some(Due::Bot),
            (GameStatus::Active, Some(_)) => Some(
                game.options()
                    .and_then(|o| o.turn_time_limit_s)
                    .map_or(Due::Unclocked, Due::Clock),
            ),
            _ => None,
        };
        ReadModel {
            status,
            awaiting_seat: game.awaiting().map(|a| i16::from(a.seat.0)),
            winners: game
                .winners()
                .map(|w| w.iter().map(|s| i16::from(s.0)).collect()),
            due,
        }
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
    /// As `ActedBy`, then one more (the deadline worker's `timed_out`), numbered after them:
    /// every counter an append bumps is bumped by its one statement, in account order, so two
    /// appends notifying the same accounts cannot deadlock.
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
/// One statement of data-modifying CTEs ([`APPEND`]), so that an action's append is one round
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
/// 3. `input`, `bumped`, `written`: the notifications, numbered per account (counters bumped in
///    account order, so two appends notifying the same accounts lock them in the same order),
///    a `your_turn` given the deadline `moved` decided, in the format the API writes times in.
/// 4. `keyed`: the idempotency key's row, when there is one.
///
/// The outer `SELECT` sends the game's and the notifications' `NOTIFY`s (delivered on commit)
/// where the client is connected: on Citus the coordinator, where the servers listen
/// (`RETURNING pg_notify(…)` is refused by Citus, and would run on a worker if it were not).
///
/// On Citus (`layout`) the same parts are statements that each touch one shard
/// ([`append_routed`]), in the caller's transaction or, outside one, in their own.
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
        .bind(outbox::NOTIFICATIONS_CHANNEL)
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
    })
}

/// What [`APPEND`]'s first row says: the new deadline, and whether a bot's move is due now.
type Moved = (Option<DateTime<Utc>>, Option<bool>);

/// An append's failed statement: a lost race, or the store's error.
fn append_error(e: sqlx::Error) -> AppendError {
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

/// What [`append_routed`] writes after the read model's update.
struct Routed<'a> {
    id: GameId,
    version: i64,
    seat: Option<Seat>,
    account: Option<AccountId>,
    rows: &'a ChainedRows,
    key: Option<&'a AppendKey<'a>>,
    notifications: &'a [outbox::Pending],
}

/// On Citus, [`append_in`] as statements that each touch one shard (Citus routes them whole to
/// its worker), in the caller's transaction: `moved` ([`APPEND_MOVE`], bound), the events as
/// one multi-row `INSERT … VALUES`, the key, then the notifications, one account at a time in
/// account order (counters bumped in the same order by every append, so two cannot deadlock),
/// and last the `NOTIFY`s, sent on the coordinator where the servers listen. A statement whose
/// CTEs write both the game's shard and the accounts' is planned by Citus as subplans whose
/// results it ships to every worker: a hundred times slower than these (README, Scaling).
async fn append_routed(
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
    let mut woken = Vec::new();
    if !r.notifications.is_empty() {
        let seated: Vec<(i16, Uuid)> = sqlx::query_as(
            "SELECT seat, account_id FROM game_seats \
             WHERE game_id = $1 AND account_id IS NOT NULL",
        )
        .bind(r.id.0)
        .fetch_all(&mut *conn)
        .await
        .map_err(append_error)?;
        let mut told: Vec<(AccountId, &outbox::Pending)> = r
            .notifications
            .iter()
            .filter_map(|p| {
                let seat = i16::from(p.seat.0);
                let (_, account) = seated.iter().find(|(s, _)| *s == seat)?;
                Some((AccountId(*account), p))
            })
            .collect();
        // Stable: an account's notifications keep their order.
        told.sort_by_key(|(account, _)| *account);
        for (account, p) in told {
            let mut payload = p.payload.clone();
            if p.kind == outbox::NotificationKind::YourTurn {
                payload["deadline"] = serde_json::json!(deadline);
            }
            let id = outbox::number_in(conn, account, p.kind, r.id, &payload).await?;
            woken.push(format!("{account}:{id}"));
        }
    }
    sqlx::query(
        "SELECT pg_notify($1, $2), \
                (SELECT count(pg_notify($3, w)) FROM unnest($4::text[]) AS w)",
    )
    .bind(CHANNEL)
    .bind(format!("{}:{}", r.id, r.version))
    .bind(outbox::NOTIFICATIONS_CHANNEL)
    .bind(&woken)
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

/// The parts of [`APPEND`], as macros so that `concat!` can put them together. This first one is
/// the read model's update with its checks, which is also, alone, the first statement of an
/// append on Citus ([`APPEND_MOVE`]).
///
/// Parameters: `$1` the game, `$2`–`$4` the notifications' seats, kinds and payloads, `$5` their
/// channel; `$6`–`$13` the read model (`$10` the expected version, `$12`/`$13` the clock's kind
/// and seconds for the awaited decision); `$14`–`$20` the events; `$21`–`$23` the account, the
/// key and its request's hash; `$24`/`$25` the game's channel and payload; `$26` the hash the
/// stream must end with.
macro_rules! moved_update {
    () => {
        "\
    UPDATE games SET version = $6, status = $7, awaiting_seat = $8, winners = $9, \
                     updated_at = now(), \
                     due_at = (ARRAY[now(), due_at, now() + make_interval(secs => $13)])[ \
                              CASE WHEN $12::text IS NULL THEN NULL \
                                   WHEN $12 = 'bot' OR EXISTS ( \
                                        SELECT 1 FROM game_seats s \
                                        WHERE s.game_id = $1 AND s.seat = $8 \
                                          AND s.bot IS NOT NULL) THEN 1 \
                                   WHEN $12 = 'unclocked' THEN NULL \
                                   WHEN $11 AND due_kind = 'clock' THEN 2 \
                                   ELSE 3 END], \
                     due_kind = CASE WHEN $12::text IS NULL THEN NULL \
                                     WHEN $12 = 'bot' OR EXISTS ( \
                                          SELECT 1 FROM game_seats s \
                                          WHERE s.game_id = $1 AND s.seat = $8 \
                                            AND s.bot IS NOT NULL) THEN 'bot' \
                                     WHEN $12 = 'unclocked' THEN NULL \
                                     ELSE 'clock' END \
    WHERE id = $1 AND version = $10 \
      AND ($10 = 0 OR EXISTS ( \
           SELECT 1 FROM game_events h WHERE h.game_id = $1 AND h.seq = $10 AND h.hash = $26)) \
      AND ($21::uuid IS NULL OR ( \
           EXISTS (SELECT 1 FROM game_seats s \
                   WHERE s.game_id = $1 AND s.seat = $15 AND s.account_id = $21) \
           AND EXISTS (SELECT 1 FROM accounts c WHERE c.id = $21 AND c.deleted_at IS NULL))) \
      AND ($22::text IS NULL OR NOT EXISTS ( \
           SELECT 1 FROM idempotency_keys k \
           WHERE k.game_id = $1 AND k.account_id = $21 AND k.key = $22)) \
    RETURNING CASE WHEN due_kind = 'clock' THEN due_at END AS deadline, \
              due_kind = 'bot' AS bot_due"
    };
}

/// [`moved_update`] as the first CTE of [`APPEND`].
macro_rules! moved_cte {
    () => {
        concat!("moved AS (", moved_update!(), ")")
    };
}

/// The events, from arrays, chained by the caller; only if `moved` updated the game.
macro_rules! appended_cte {
    () => {
        "\
appended AS ( \
    INSERT INTO game_events \
        (game_id, seq, event_type, event_version, payload, seat, prev_hash, hash) \
    SELECT $1, e.seq, e.kind, $14, e.payload::json, $15, e.prev, e.hash \
    FROM moved, unnest($16::bigint[], $17::text[], $18::text[], $19::bytea[], $20::bytea[]) \
         AS e(seq, kind, payload, prev, hash) \
    RETURNING seq \
)"
    };
}

/// The notifications, numbered per account, a `your_turn` given `moved`'s deadline in the
/// format the API writes times in (RFC 3339 in UTC with `Z`, and 0, 3 or 6 digits of fraction,
/// as few as it needs: chrono's serde format).
macro_rules! outbox_ctes {
    () => {
        "\
input AS ( \
    SELECT s.account_id, i.kind, i.payload, i.ord \
    FROM unnest($2::smallint[], $3::text[], $4::text[]) WITH ORDINALITY \
         AS i(seat, kind, payload, ord) \
    JOIN game_seats s ON s.game_id = $1 AND s.seat = i.seat AND s.account_id IS NOT NULL \
), bumped AS ( \
    INSERT INTO notification_counters AS c (account_id, last_id) \
    SELECT account_id, count(*) FROM input WHERE EXISTS (SELECT 1 FROM moved) \
    GROUP BY account_id ORDER BY account_id \
    ON CONFLICT (account_id) DO UPDATE SET last_id = c.last_id + EXCLUDED.last_id \
    RETURNING account_id, last_id \
), written AS ( \
    INSERT INTO notifications (account_id, id, kind, game_id, payload) \
    SELECT i.account_id, b.last_id - count(*) OVER w + row_number() OVER (w ORDER BY i.ord), \
           i.kind, $1, \
           CASE WHEN i.kind = 'your_turn' \
                THEN i.payload::jsonb || jsonb_build_object('deadline', \
                     to_char(m.deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24\":\"MI\":\"SS') \
                     || CASE WHEN f.us = '000000' THEN '' \
                             WHEN f.us LIKE '%000' THEN '.' || left(f.us, 3) \
                             ELSE '.' || f.us END \
                     || 'Z') \
                ELSE i.payload::jsonb END \
    FROM input i JOIN bumped b USING (account_id) \
    CROSS JOIN moved m CROSS JOIN LATERAL (SELECT to_char(m.deadline AT TIME ZONE 'UTC', 'US') AS us) f \
    WINDOW w AS (PARTITION BY i.account_id) \
    RETURNING account_id, id \
)"
    };
}

/// The idempotency key's row, when there is one.
macro_rules! keyed_cte {
    () => {
        "\
keyed AS ( \
    INSERT INTO idempotency_keys \
        (game_id, account_id, key, request_hash, seat, first_seq, version, deadline) \
    SELECT $1, $21, $22, $23, $15, $10 + 1, $6, m.deadline FROM moved m \
    WHERE $22::text IS NOT NULL \
)"
    };
}

/// The statement of [`append_in`] on one PostgreSQL.
const APPEND: &str = concat!(
    "WITH ",
    moved_cte!(),
    ", ",
    appended_cte!(),
    ", ",
    outbox_ctes!(),
    ", ",
    keyed_cte!(),
    " SELECT m.deadline, m.bot_due, pg_notify($24, $25), \
            (SELECT count(pg_notify($5, w.account_id::text || ':' || w.id)) FROM written w) \
     FROM moved m"
);

/// On Citus, the first of [`append_in`]'s statements ([`append_routed`]): the read model's
/// update alone, with [`APPEND`]'s parameters (those it does not use are bound all the same).
const APPEND_MOVE: &str = moved_update!();

/// The stream's head as the calling statement sees it: its version and its last hash.
async fn read_head(conn: &mut PgConnection, id: GameId) -> Result<(i64, [u8; 32])> {
    let head: Option<(i64, Vec<u8>)> = sqlx::query_as(
        "SELECT seq, hash FROM game_events WHERE game_id = $1 ORDER BY seq DESC LIMIT 1",
    )
    .bind(id.0)
    .fetch_optional(conn)
    .await
    .context("read a stream's head")?;
    match head {
        None => Ok((0, GENESIS)),
        Some((seq, hash)) => <[u8; 32]>::try_from(hash.as_slice())
            .map(|h| (seq, h))
            .map_err(|_| unexpected(format!("stored hash of seq {seq} is not 32 bytes"))),
    }
}

/// Whether the account exists and is not deleted (for a read of a game that does not exist:
/// an unknown caller is told so first, as when the game exists).
async fn account_exists(conn: &mut PgConnection, account: AccountId) -> Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM accounts WHERE id = $1 AND deleted_at IS NULL)",
    )
    .bind(account.0)
    .fetch_one(conn)
    .await
    .context("look up an account")
}

/// One statement for everything a read needs of a game: the `games` row, whether the caller's
/// account exists (the bearer token is only checked for its signature before), the seats with
/// their usernames, the stream's head, the hash of the event at `$3` (the version of the kept
/// replay, to prove the replay is this stream's), the events after `$3` (none when the replay
/// is current) and, for an action, the idempotency key `$4`'s row. Every table in it is either
/// filtered on the game (`games`, `game_seats`, `game_events` and `idempotency_keys` are
/// co-located on Citus: one shard) or a reference table (`accounts`), so it is a router query.
/// Each table is filtered on `$1` itself, which is what Citus prunes shards by (a join to
/// `g.id` is not). The key's row is a lateral subquery rather than `LEFT JOIN … ON … key = $4`:
/// with no key (`NULL`, every view) PostgreSQL folds that `ON` clause to false, the table loses
/// its filter on the game, and Citus refuses the query as multi-shard (`scripts/citus-check`).
/// Outside a transaction: one statement's snapshot is consistent.
const READ_GAME: &str = "\
SELECT g.id, g.status, g.options, g.created_by, g.version, g.awaiting_seat, g.winners, \
       g.visibility, g.rematch_of, g.rematched_by, g.created_at, g.updated_at, g.due_at, \
       g.due_kind, \
       EXISTS (SELECT 1 FROM accounts c WHERE c.id = $2 AND c.deleted_at IS NULL) \
           AS caller_exists, \
       st.seat_numbers, st.seat_accounts, st.seat_usernames, st.seat_bots, \
       h.seq AS head_seq, h.hash AS head_hash, \
       (SELECT k.hash FROM game_events k WHERE k.game_id = $1 AND k.seq = $3) AS known_hash, \
       ev.new_types, ev.new_versions, ev.new_payloads, \
       ik.request_hash AS key_request_hash, ik.seat AS key_seat, \
       ik.first_seq AS key_first_seq, ik.version AS key_version, ik.deadline AS key_deadline \
FROM games g \
CROSS JOIN LATERAL ( \
    SELECT array_agg(s.seat ORDER BY s.seat) AS seat_numbers, \
           array_agg(s.account_id ORDER BY s.seat) AS seat_accounts, \
           array_agg(a.username ORDER BY s.seat) AS seat_usernames, \
           array_agg(s.bot ORDER BY s.seat) AS seat_bots \
    FROM game_seats s LEFT JOIN accounts a ON a.id = s.account_id \
    WHERE s.game_id = $1) st \
LEFT JOIN LATERAL ( \
    SELECT e.seq, e.hash FROM game_events e WHERE e.game_id = $1 \
    ORDER BY e.seq DESC LIMIT 1) h ON true \
CROSS JOIN LATERAL ( \
    SELECT array_agg(e.event_type ORDER BY e.seq) AS new_types, \
           array_agg(e.event_version ORDER BY e.seq) AS new_versions, \
           array_agg(e.payload::text ORDER BY e.seq) AS new_payloads \
    FROM game_events e WHERE e.game_id = $1 AND e.seq > $3) ev \
LEFT JOIN LATERAL ( \
    SELECT k.request_hash, k.seat, k.first_seq, k.version, k.deadline \
    FROM idempotency_keys k \
    WHERE k.game_id = $1 AND k.account_id = $2 AND k.key = $4) ik ON true \
WHERE g.id = $1";

/// The row of [`READ_GAME`].
#[derive(sqlx::FromRow)]
struct ReadRow {
    #[sqlx(flatten)]
    game: games::GameRow,
    caller_exists: bool,
    seat_numbers: Option<Vec<i16>>,
    seat_accounts: Option<Vec<Option<Uuid>>>,
    seat_usernames: Option<Vec<Option<String>>>,
    seat_bots: Option<Vec<Option<String>>>,
    head_seq: Option<i64>,
    head_hash: Option<Vec<u8>>,
    known_hash: Option<Vec<u8>>,
    new_types: Option<Vec<String>>,
    new_versions: Option<Vec<i32>>,
    new_payloads: Option<Vec<String>>,
    key_request_hash: Option<String>,
    key_seat: Option<i16>,
    key_first_seq: Option<i64>,
    key_version: Option<i64>,
    key_deadline: Option<DateTime<Utc>>,
}

async fn fetch_read_row(
    conn: &mut PgConnection,
    id: GameId,
    account: AccountId,
    key: Option<&str>,
    after: i64,
) -> std::result::Result<Option<ReadRow>, sqlx::Error> {
    sqlx::query_as::<_, ReadRow>(READ_GAME)
        .bind(id.0)
        .bind(account.0)
        .bind(after)
        .bind(key)
        .fetch_optional(conn)
        .await
}

/// Tries of [`Store::read_game`] when the pooled connection turns out to be closed.
const MAX_READ_TRIES: u32 = 8;

/// Whether `e` says the connection itself is gone (the database ended the session, or the
/// socket failed), so that the same statement may well succeed on another one.
fn is_broken_connection(e: &sqlx::Error) -> bool {
    is_unavailable(e) && !matches!(e, sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed)
}

/// A game as [`Store::read_game`] read it.
pub(crate) struct GameRead {
    pub summary: GameSummary,
    /// The state at the stream's head (shared with the kept replay).
    pub head: Snapshot,
    /// The idempotency key's row, when one was asked for and is stored.
    pub key: Option<KeyRow>,
}

impl ReadRow {
    /// Brings `from` (the replay at the version the statement was sent with, proven to be this
    /// stream's) to the head with the events read after it, keeps the result, and builds the
    /// summary.
    fn into_read(
        self,
        id: GameId,
        from: Snapshot,
        kept: &super::snapshots::Snapshots,
    ) -> Result<GameRead> {
        let seats = zip_seats(
            self.seat_numbers.unwrap_or_default(),
            self.seat_accounts.unwrap_or_default(),
            self.seat_usernames.unwrap_or_default(),
            self.seat_bots.unwrap_or_default(),
        )?;
        let summary = self.game.into_summary(seats)?;
        let types = self.new_types.unwrap_or_default();
        let versions = self.new_versions.unwrap_or_default();
        let payloads = self.new_payloads.unwrap_or_default();
        let head_seq = self.head_seq.unwrap_or(0);
        let added = i64::try_from(types.len()).unwrap_or(i64::MAX);
        if from.version + added != head_seq
            || versions.len() != types.len()
            || payloads.len() != types.len()
        {
            return Err(unexpected(format!(
                "game {id}: {added} events after {} do not reach the head {head_seq}",
                from.version
            )));
        }
        let head = if types.is_empty() {
            from
        } else {
            let mut game = Arc::unwrap_or_clone(from.game);
            for (i, ((kind, version), payload)) in
                types.into_iter().zip(versions).zip(payloads).enumerate()
            {
                let seq = from.version + 1 + i as i64;
                let event = parse_event(&kind, version, &payload).map_err(|e| {
                    StoreError::Unexpected(
                        anyhow::Error::new(e).context(format!("event {seq} of game {id}")),
                    )
                })?;
                game.apply(&event);
            }
            let last_hash = self
                .head_hash
                .as_deref()
                .and_then(|h| <[u8; 32]>::try_from(h).ok())
                .ok_or_else(|| {
                    unexpected(format!("stored hash of seq {head_seq} is not 32 bytes"))
                })?;
            let head = Snapshot {
                version: head_seq,
                last_hash,
                game: Arc::new(game),
            };
            kept.put(id, head.clone());
            head
        };
        let key = match (
            self.key_request_hash,
            self.key_seat,
            self.key_first_seq,
            self.key_version,
        ) {
            (Some(request_hash), Some(seat), Some(first_seq), Some(version)) => Some(KeyRow {
                request_hash,
                seat,
                first_seq,
                version,
                deadline: self.key_deadline,
            }),
            _ => None,
        };
        Ok(GameRead { summary, head, key })
    }
}

/// Seats from the statement's parallel arrays (in seat order).
fn zip_seats(
    numbers: Vec<i16>,
    accounts: Vec<Option<Uuid>>,
    usernames: Vec<Option<String>>,
    bots: Vec<Option<String>>,
) -> Result<Vec<games::SeatInfo>> {
    if accounts.len() != numbers.len()
        || usernames.len() != numbers.len()
        || bots.len() != numbers.len()
    {
        return Err(unexpected("seat arrays of different lengths"));
    }
    numbers
        .into_iter()
        .zip(accounts)
        .zip(usernames)
        .zip(bots)
        .map(|(((seat, account), username), bot)| games::seat_info(seat, account, username, bot))
        .collect()
}

/// The stream's version (its last seq; 0 when empty).
async fn stream_version(conn: &mut PgConnection, id: GameId) -> Result<i64> {
    sqlx::query_scalar("SELECT coalesce(max(seq), 0) FROM game_events WHERE game_id = $1")
        .bind(id.0)
        .fetch_one(conn)
        .await
        .context("read a stream's version")
}

/// An action submitted by a player.
#[derive(Debug, Clone, Copy)]
pub struct Submit<'a> {
    pub game_id: GameId,
    pub account: AccountId,
    pub action: &'a Action,
    /// The version the player acted on (`If-Match`); `None` retries lost races.
    pub expected_version: Option<i64>,
    pub idempotency_key: Option<&'a str>,
    /// A hash of the request, compared when the idempotency key is used again.
    pub request_hash: &'a str,
}

impl<'a> Submit<'a> {
    /// The append of this action's `events` by `seat` after version `expected`.
    fn append(
        &self,
        seat: Seat,
        expected: i64,
        prev_hash: [u8; 32],
        events: &'a [Event],
        after: &'a Game,
    ) -> Append<'a> {
        Append {
            id: self.game_id,
            expected,
            seat: Some(seat),
            account: Some(self.account),
            events,
            prev_hash,
            after,
            keep_deadline: false,
            tell: Tell::ActedBy(Some(seat)),
            key: self.idempotency_key.map(|key| AppendKey {
                key,
                request_hash: self.request_hash,
            }),
        }
    }
}

/// What a submitted action did.
#[derive(Debug, Clone)]
pub struct Submitted {
    /// The version the action produced (its last event's seq).
    pub version: i64,
    pub seat: Seat,
    /// The events the action appended, unredacted.
    pub events: Vec<Event>,
    /// The game at `version` (shared with this process's kept replay).
    pub game: Arc<Game>,
    /// This is a repeat of an idempotent request: nothing was appended now.
    pub replayed: bool,
    /// When the decision awaited at `version` times out (`None` without a clock); for a repeat,
    /// what the original answer said.
    pub deadline: Option<DateTime<Utc>>,
}

enum Attempt {
    Done(Box<Submitted>),
    /// The append lost the race for `expected + 1`.
    Lost {
        expected: i64,
        actual: i64,
    },
}

/// An idempotency key as stored: the request it was used for and what that request appended.
#[derive(Debug)]
pub(crate) struct KeyRow {
    request_hash: String,
    seat: i16,
    first_seq: i64,
    version: i64,
    deadline: Option<DateTime<Utc>>,
}

impl Store {
    /// The game with its whole stream, replayed. One snapshot: `summary.version` equals
    /// `events.len()`.
    pub async fn load(&self, id: GameId) -> Result<LoadedGame> {
        let mut tx = self
            .pool
            .begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            .await
            .context("begin load")?;
        let summary = games::fetch_summary(&mut tx, id).await?;
        let events = read_stream(&mut tx, id, 0, None).await?;
        tx.commit().await.context("end load")?;
        let game = Game::replay(events.iter().map(|e| &e.event));
        let snapshot = Snapshot {
            version: events.len() as i64,
            last_hash: prev_hash_of(&events)?,
            game: Arc::new(game.clone()),
        };
        self.snapshots.put(id, snapshot);
        Ok(LoadedGame {
            summary,
            events,
            game,
        })
    }

    /// The game now, as `account` may read it, without its events: the listing row and the
    /// state at the stream's head, in one statement (one snapshot of the database, one round
    /// trip when this process's kept replay is current; see [`read_game`]). `UnknownAccount`
    /// when the account is deleted or was never here, `NotFound` without the game.
    pub async fn current(&self, id: GameId, account: AccountId) -> Result<CurrentGame> {
        let (conn, read) = self.read_game(id, account, None).await?;
        self.keep(conn);
        Ok(CurrentGame {
            summary: read.summary,
            version: read.head.version,
            game: read.head.game,
        })
    }

    /// The game as one statement reads it for `account` (see [`READ_GAME`]), replayed to its
    /// head from the kept replay, with the pooled connection it was read on (an action goes on
    /// with its transaction there). When the statement proves the kept replay current (the
    /// stream's event at its version still has its hash), only the events after it are read
    /// and applied; otherwise (no replay kept, or one this stream does not continue) the
    /// statement is sent again for the whole stream. With `key`, the idempotency key's row
    /// comes along.
    ///
    /// The connection is the HTTP worker's own (`local.rs`), or on other threads a warm one
    /// another hot request just left (`warm.rs`) or the pool's ([`Store::hot_connection`]).
    /// None is pinged before use unless it sat idle a second (a round trip per read): one the
    /// database ended meanwhile fails at once, and the read is then sent again on another
    /// connection (a few times), since reading twice changes nothing.
    pub(crate) async fn read_game(
        &self,
        id: GameId,
        account: AccountId,
        key: Option<&str>,
    ) -> Result<(HotConn, GameRead)> {
        let from = self
            .snapshots
            .get(id)
            .unwrap_or_else(Snapshot::before_start);
        let mut tries = 0;
        let (mut conn, row) = loop {
            tries += 1;
            let mut conn = self.hot_connection().await.context("acquire")?;
            match fetch_read_row(&mut conn, id, account, key, from.version).await {
                Ok(row) => break (conn, row),
                Err(e) if tries < MAX_READ_TRIES && is_broken_connection(&e) => {
                    tracing::info!(error = %e, "a pooled connection was closed; reading again");
                }
                Err(e) => return Err(db_error(e, "read a game")),
            }
        };
        let row = match row {
            Some(row) => row,
            None if !account_exists(&mut conn, account).await? => {
                return Err(StoreError::UnknownAccount);
            }
            None => return Err(StoreError::NotFound),
        };
        if !row.caller_exists {
            return Err(StoreError::UnknownAccount);
        }
        let continues = match &row.known_hash {
            None => from.version == 0,
            Some(hash) => hash.as_slice() == from.last_hash,
        };
        let (row, from) = if continues {
            (row, from)
        } else {
            let whole = fetch_read_row(&mut conn, id, account, key, 0)
                .await
                .context("read a game")?
                .ok_or(StoreError::NotFound)?;
            (whole, Snapshot::before_start())
        };
        let read = row.into_read(id, from, &self.snapshots)?;
        Ok((conn, read))
    }

    /// The game replayed to the stream's head as `conn`'s transaction sees it. The head (last
    /// seq and hash) is read first; a kept snapshot with that very head is the replay of this
    /// stream (the hash chains every payload), so it is used as is. A snapshot of a shorter
    /// stream is brought forward with the events after it, provided the first of them chains
    /// to its last hash; anything else is replayed from the first event.
    pub(crate) async fn replay_head(
        &self,
        conn: &mut PgConnection,
        id: GameId,
    ) -> Result<Snapshot> {
        let (version, last_hash) = read_head(conn, id).await?;
        let from = match self.snapshots.get(id) {
            Some(s) if s.version == version && s.last_hash == last_hash => return Ok(s),
            Some(s) if s.version < version => s,
            _ => Snapshot::before_start(),
        };
        let mut rows = read_rows(conn, id, from.version, None).await?;
        let chained = rows
            .first()
            .is_some_and(|r| r.seq == from.version + 1 && r.prev_hash == from.last_hash);
        let mut head = if chained || rows.is_empty() {
            from
        } else {
            rows = read_rows(conn, id, 0, None).await?;
            Snapshot::before_start()
        };
        for row in &rows {
            Arc::make_mut(&mut head.game).apply(&row.event_of(id)?);
            head.version = row.seq;
            head.last_hash = row.hash_bytes()?;
        }
        self.snapshots.put(id, head.clone());
        Ok(head)
    }

    /// Up to `limit` events after seq `after`, in order.
    pub async fn events(&self, id: GameId, after: i64, limit: i64) -> Result<Vec<StoredEvent>> {
        let mut conn = self.pool.acquire().await.context("acquire")?;
        let events = read_stream(&mut conn, id, after.max(0), Some(limit.max(0))).await?;
        if events.is_empty() {
            games::fetch_row(&mut conn, id).await?;
        }
        Ok(events)
    }

    /// The stream's version (its last seq; 0 when empty).
    pub async fn current_version(&self, id: GameId) -> Result<i64> {
        let mut conn = self.pool.acquire().await.context("acquire")?;
        stream_version(&mut conn, id).await
    }

    /// Appends events as they are, after `expected_version`: no rule is checked. For imports,
    /// tools and tests; players' actions go through [`Store::submit`]. Returns the new version.
    pub async fn append(
        &self,
        id: GameId,
        expected_version: i64,
        seat: Option<Seat>,
        events: &[Event],
    ) -> Result<i64> {
        let mut tx = self.pool.begin().await.context("begin append")?;
        games::fetch_row(&mut tx, id).await?;
        let stream = read_stream(&mut tx, id, 0, None).await?;
        let actual = stream.len() as i64;
        if actual != expected_version {
            return Err(StoreError::VersionConflict {
                expected: expected_version,
                actual,
            });
        }
        let mut game = Game::replay(stream.iter().map(|e| &e.event));
        events.iter().for_each(|e| game.apply(e));
        let prev = prev_hash_of(&stream)?;
        let append = Append {
            id,
            expected: actual,
            seat,
            account: None,
            events,
            prev_hash: prev,
            after: &game,
            keep_deadline: false,
            tell: Tell::Nobody,
            key: None,
        };
        let layout = self.layout(&mut tx).await?;
        match append_in(&mut tx, layout, append).await {
            Ok(head) => {
                tx.commit().await.context("commit append")?;
                Ok(head.version)
            }
            Err(AppendError::Race) => {
                drop(tx);
                Err(StoreError::VersionConflict {
                    expected: expected_version,
                    actual: self.current_version(id).await?,
                })
            }
            Err(AppendError::Store(e)) => Err(e),
        }
    }

    /// A player's action: load → replay → decide → append at the loaded version → read model →
    /// notify → commit. With an expected version a lost race is a `VersionConflict`; without
    /// one the whole cycle is retried (up to 8 tries) so that an action legal when it is applied
    /// is never lost to a race. A request whose idempotency key was already used for the same
    /// request gets that original result, even when the two raced each other.
    pub async fn submit(&self, s: Submit<'_>, rng: &mut (impl Rng + ?Sized)) -> Result<Submitted> {
        if let Some(done) = self.submit_on_kept(&s, rng).await? {
            return Ok(done);
        }
        let mut tries = 0;
        loop {
            tries += 1;
            match self.try_submit(&s, rng).await? {
                Attempt::Done(done) => return Ok(*done),
                // A keyed request that lost may have lost to its own repeat: look again. One
                // that lost nothing (a deadlock victim) is tried again too.
                Attempt::Lost { expected, actual }
                    if (s.expected_version.is_none()
                        || s.idempotency_key.is_some()
                        || expected == actual)
                        && tries < MAX_TRIES =>
                {
                    tokio::time::sleep(backoff(tries)).await;
                }
                Attempt::Lost { expected, actual } => {
                    return Err(StoreError::VersionConflict { expected, actual });
                }
            }
        }
    }

    /// The usual action, in one statement: decided on this process's kept replay of the game
    /// for the seat it awaits, and appended with no read before. The append's statement checks
    /// what the read would have: that the replay is the stream's head (its version and last
    /// hash) and that the caller holds that seat and exists. When anything is not so (no kept
    /// replay, another seat's action, a rule broken on a stale replay, a lost race, a key used
    /// before) nothing is written and this returns `None`: the
    /// action goes the usual way, read → decide → append, which also says why it is refused.
    async fn submit_on_kept(
        &self,
        s: &Submit<'_>,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<Option<Submitted>> {
        let id = s.game_id;
        let Some(kept) = self.snapshots.get(id) else {
            return Ok(None);
        };
        let Some(seat) = kept.game.awaiting().map(|a| a.seat) else {
            return Ok(None);
        };
        if s.expected_version.is_some_and(|v| v != kept.version) {
            return Ok(None);
        }
        let Ok(events) = engine::decide(&kept.game, seat, s.action, rng) else {
            return Ok(None);
        };
        let mut after = Game::clone(&kept.game);
        events.iter().for_each(|e| after.apply(e));
        let mut conn = self.hot_connection().await.context("acquire")?;
        let append = s.append(seat, kept.version, kept.last_hash, &events, &after);
        let layout = self.layout(&mut conn).await?;
        let appended = match append_in(&mut conn, layout, append).await {
            Ok(a) => a,
            Err(AppendError::Race) => {
                self.keep(conn);
                return Ok(None);
            }
            // Cancelled in a deadlock (only on Citus: see `is_deadlock`): nothing was written.
            Err(AppendError::Store(e)) if is_deadlock(&e) => {
                self.keep(conn);
                return Ok(None);
            }
            // The connection ended under the statement (it may have sat closed in the pool: no
            // read before found out). Whether the append committed, the stream's head says:
            // the hash of its last event chains these very payloads.
            Err(AppendError::Store(StoreError::Unavailable(e))) => {
                drop(conn);
                tracing::info!(error = %e, "a connection ended under an action; reading the head");
                let mut rows = ChainedRows::with_capacity(events.len());
                let last_hash = rows.push_chain(&events, kept.version + 1, kept.last_hash)?;
                let (conn, read) = self.read_game(id, s.account, None).await?;
                self.keep(conn);
                if read.head.last_hash != last_hash {
                    return Ok(None);
                }
                // Committed: the read kept the replay at the new head. A bot may be due.
                self.due_now.notify_one();
                return Ok(Some(Submitted {
                    version: read.head.version,
                    seat,
                    events,
                    game: read.head.game,
                    replayed: false,
                    deadline: read.summary.deadline,
                }));
            }
            Err(AppendError::Store(e)) => return Err(e),
        };
        self.keep(conn);
        Ok(Some(self.appended(id, seat, events, after, appended)))
    }

    /// What a committed action did; its replay is kept and a bot's move made due is woken.
    pub(super) fn appended(
        &self,
        id: GameId,
        seat: Seat,
        events: Vec<Event>,
        after: Game,
        appended: Appended,
    ) -> Submitted {
        if appended.bot_due {
            self.due_now.notify_one();
        }
        let after = Arc::new(after);
        self.snapshots.put(
            id,
            Snapshot {
                version: appended.version,
                last_hash: appended.last_hash,
                game: Arc::clone(&after),
            },
        );
        Submitted {
            version: appended.version,
            seat,
            events,
            game: after,
            replayed: false,
            deadline: appended.deadline,
        }
    }

    async fn try_submit(&self, s: &Submit<'_>, rng: &mut (impl Rng + ?Sized)) -> Result<Attempt> {
        let id = s.game_id;
        // One statement reads the seats, the stream (its head, and any events after the kept
        // replay) and the key together, in one snapshot: if it already holds another attempt's
        // events, it holds that attempt's key too (they commit together), so nothing is decided
        // twice. It needs no transaction: the append below only happens at the version read.
        let (mut conn, read) = self.read_game(id, s.account, s.idempotency_key).await?;
        let seat = read
            .summary
            .seat_of(s.account)
            .ok_or(StoreError::NotSeated)?;
        let head = read.head;
        if let Some(prior) = read.key {
            if prior.request_hash != s.request_hash {
                return Err(StoreError::IdempotencyConflict);
            }
            let stream = read_stream(&mut conn, id, 0, Some(prior.version)).await?;
            let game = Arc::new(Game::replay(stream.iter().map(|e| &e.event)));
            let first = usize::try_from(prior.first_seq - 1).unwrap_or(usize::MAX);
            let events = stream
                .get(first..)
                .ok_or_else(|| unexpected("idempotency key names events not stored"))?
                .iter()
                .map(|e| e.event.clone())
                .collect();
            return Ok(Attempt::Done(Box::new(Submitted {
                version: prior.version,
                seat: seat_from_db(prior.seat)?,
                events,
                game,
                replayed: true,
                deadline: prior.deadline,
            })));
        }
        let version = head.version;
        if let Some(expected) = s.expected_version
            && expected != version
        {
            return Err(StoreError::VersionConflict {
                expected,
                actual: version,
            });
        }
        let events = engine::decide(&head.game, seat, s.action, rng)?;
        let mut after = Arc::unwrap_or_clone(head.game);
        events.iter().for_each(|e| after.apply(e));
        // One statement, outside any transaction: the events, the read model, the outbox and
        // the key commit together or not at all.
        let append = s.append(seat, version, head.last_hash, &events, &after);
        let layout = self.layout(&mut conn).await?;
        let appended = match append_in(&mut conn, layout, append).await {
            Ok(a) => a,
            Err(AppendError::Race) => {
                let actual = stream_version(&mut conn, id).await?;
                return Ok(Attempt::Lost {
                    expected: version,
                    actual,
                });
            }
            // Cancelled in a deadlock (only on Citus): nothing was written; tried again as a
            // lost race is.
            Err(AppendError::Store(e)) if is_deadlock(&e) => {
                return Ok(Attempt::Lost {
                    expected: version,
                    actual: version,
                });
            }
            Err(AppendError::Store(e)) => return Err(e),
        };
        self.keep(conn);
        Ok(Attempt::Done(Box::new(
            self.appended(id, seat, events, after, appended),
        )))
    }
}

/// A short, growing, jittered pause before retrying a lost race, so that racers spread out.
fn backoff(tries: u32) -> Duration {
    let jitter = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() % 4_000_000);
    Duration::from_millis(u64::from(tries) * 2) + Duration::from_nanos(u64::from(jitter))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_hex_writes_what_hex_encode_writes() {
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(to_hex(&bytes), hex::encode(&bytes));
        assert_eq!(to_hex(&GENESIS), "0".repeat(64));
    }
}
