//! Game streams: the hash chain, upcasting stored events, append with expected version,
//! replay on read, and `submit` (an action through the engine, idempotent when keyed).
//! The stream is the only source of truth; nothing here decides a rule itself.

use std::time::Duration;

use chrono::{DateTime, Utc};
use rand::Rng;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::PgConnection;
use thiserror::Error;

use super::error::{Context, Result, StoreError, is_unique_violation, unexpected};
use super::games::GameSummary;
use super::games::{self, GameStatus};
use super::notify::CHANNEL;
use super::{AccountId, GameId, Store};
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
    if event.kind() != kind {
        return Err(UpcastError::KindMismatch {
            stored: kind.to_owned(),
            payload: event.kind().to_owned(),
        });
    }
    Ok(event)
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
        let value =
            serde_json::from_str(&self.payload).map_err(|source| UpcastError::Malformed {
                kind: self.event_type.clone(),
                version: self.event_version,
                source,
            })?;
        upcast(&self.event_type, self.event_version, value)
    }

    fn decode(self, game_id: GameId) -> Result<StoredEvent> {
        let event = self.event().map_err(|e| {
            StoreError::Unexpected(
                anyhow::Error::new(e).context(format!("event {} of game {game_id}", self.seq)),
            )
        })?;
        Ok(StoredEvent {
            seq: self.seq,
            kind: self.event_type,
            version: self.event_version,
            seat: self.seat.map(seat_from_db).transpose()?,
            recorded_at: self.recorded_at,
            prev_hash: hex::encode(&self.prev_hash),
            hash: hex::encode(&self.hash),
            event,
        })
    }
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
    /// Someone else appended at this version first (23505 on `game_events_pkey`).
    Race,
    Store(StoreError),
}

impl From<StoreError> for AppendError {
    fn from(e: StoreError) -> Self {
        AppendError::Store(e)
    }
}

/// Appends `events` after version `expected` (whose last hash is `prev_hash`), brings the `games`
/// read model to `after` (the game once they are applied), and notifies listeners on commit.
/// Runs inside the caller's transaction; returns the new version.
pub(crate) async fn append_tx(
    conn: &mut PgConnection,
    id: GameId,
    expected: i64,
    seat: Option<Seat>,
    events: &[Event],
    prev_hash: [u8; 32],
    after: &Game,
) -> std::result::Result<i64, AppendError> {
    if events.is_empty() {
        return Err(unexpected("nothing to append").into());
    }
    let mut seqs = Vec::with_capacity(events.len());
    let mut kinds = Vec::with_capacity(events.len());
    let mut payloads = Vec::with_capacity(events.len());
    let mut prevs = Vec::with_capacity(events.len());
    let mut hashes = Vec::with_capacity(events.len());
    let mut prev = prev_hash;
    for (i, event) in events.iter().enumerate() {
        let payload = serde_json::to_string(event)
            .map_err(|e| StoreError::Unexpected(anyhow::Error::new(e).context("serialize")))?;
        let hash = chain_hash(&prev, payload.as_bytes());
        seqs.push(expected + 1 + i as i64);
        kinds.push(event.kind());
        payloads.push(payload);
        prevs.push(prev.to_vec());
        hashes.push(hash.to_vec());
        prev = hash;
    }
    let version = expected + events.len() as i64;
    let inserted = sqlx::query(
        "INSERT INTO game_events \
             (game_id, seq, event_type, event_version, payload, seat, prev_hash, hash) \
         SELECT $1, e.seq, e.kind, $2, e.payload::json, $3, e.prev_hash, e.hash \
         FROM UNNEST($4::bigint[], $5::text[], $6::text[], $7::bytea[], $8::bytea[]) \
             AS e(seq, kind, payload, prev_hash, hash)",
    )
    .bind(id.0)
    .bind(EVENT_SCHEMA_VERSION)
    .bind(seat.map(|s| i16::from(s.0)))
    .bind(&seqs)
    .bind(&kinds)
    .bind(&payloads)
    .bind(&prevs)
    .bind(&hashes)
    .execute(&mut *conn)
    .await;
    match inserted {
        Err(e) if is_unique_violation(&e, "game_events_pkey") => return Err(AppendError::Race),
        other => other.context("append events")?,
    };
    let status = match after.status() {
        Status::NotStarted => GameStatus::Open,
        Status::Active => GameStatus::Active,
        Status::Finished => GameStatus::Finished,
    };
    let winners: Option<Vec<i16>> = after
        .winners()
        .map(|w| w.iter().map(|s| i16::from(s.0)).collect());
    let updated = sqlx::query(
        "UPDATE games SET version = $2, status = $3, awaiting_seat = $4, winners = $5, \
                          updated_at = now() \
         WHERE id = $1 AND version = $6",
    )
    .bind(id.0)
    .bind(version)
    .bind(status.as_str())
    .bind(after.awaiting().map(|a| i16::from(a.seat.0)))
    .bind(winners)
    .bind(expected)
    .execute(&mut *conn)
    .await
    .context("update the games read model")?;
    if updated.rows_affected() != 1 {
        return Err(unexpected(format!(
            "games read model of {id} is not at version {expected} although its stream is"
        ))
        .into());
    }
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(format!("{id}:{version}"))
        .execute(&mut *conn)
        .await
        .context("notify game_events")?;
    Ok(version)
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

/// What a submitted action did.
#[derive(Debug, Clone)]
pub struct Submitted {
    /// The version the action produced (its last event's seq).
    pub version: i64,
    pub seat: Seat,
    /// The events the action appended, unredacted.
    pub events: Vec<Event>,
    /// The game at `version`.
    pub game: Game,
    /// This is a repeat of an idempotent request: nothing was appended now.
    pub replayed: bool,
}

enum Attempt {
    Done(Box<Submitted>),
    /// The append lost the race for `expected + 1`.
    Lost {
        expected: i64,
        actual: i64,
    },
    /// Another request with the same idempotency key committed meanwhile.
    KeyRace,
}

#[derive(sqlx::FromRow)]
struct KeyRow {
    request_hash: String,
    seat: i16,
    first_seq: i64,
    version: i64,
}

impl Store {
    /// The game with its whole stream, replayed. One snapshot: `summary.version` equals
    /// `events.len()`.
    pub async fn load(&self, id: GameId) -> Result<LoadedGame> {
        let mut tx = self.pool.begin().await.context("begin load")?;
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            .execute(&mut *tx)
            .await
            .context("set snapshot")?;
        let summary = games::fetch_summary(&mut tx, id).await?;
        let events = read_stream(&mut tx, id, 0, None).await?;
        tx.commit().await.context("end load")?;
        let game = Game::replay(events.iter().map(|e| &e.event));
        Ok(LoadedGame {
            summary,
            events,
            game,
        })
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
        sqlx::query_scalar("SELECT coalesce(max(seq), 0) FROM game_events WHERE game_id = $1")
            .bind(id.0)
            .fetch_one(&self.pool)
            .await
            .context("read a stream's version")
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
        match append_tx(&mut tx, id, actual, seat, events, prev, &game).await {
            Ok(version) => {
                tx.commit().await.context("commit append")?;
                Ok(version)
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
        let mut tries = 0;
        loop {
            tries += 1;
            match self.try_submit(&s, rng).await? {
                Attempt::Done(done) => return Ok(*done),
                Attempt::KeyRace if tries < MAX_TRIES => {}
                Attempt::KeyRace => {
                    return Err(unexpected("idempotency key kept racing with itself"));
                }
                // A keyed request that lost may have lost to its own repeat: look again.
                Attempt::Lost { .. }
                    if (s.expected_version.is_none() || s.idempotency_key.is_some())
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

    async fn try_submit(&self, s: &Submit<'_>, rng: &mut (impl Rng + ?Sized)) -> Result<Attempt> {
        let id = s.game_id;
        let mut tx = self.pool.begin().await.context("begin submit")?;
        let seat = games::seat_of(&mut tx, id, s.account).await?;
        // The stream is read before the key is looked up: each statement sees what was committed
        // when it began, so if this read already holds another attempt's events, the lookup
        // sees that attempt's key too (they commit together) and nothing is decided twice.
        let stream = read_stream(&mut tx, id, 0, None).await?;
        if let Some(key) = s.idempotency_key {
            let prior: Option<KeyRow> = sqlx::query_as(
                "SELECT request_hash, seat, first_seq, version FROM idempotency_keys \
                 WHERE game_id = $1 AND account_id = $2 AND key = $3",
            )
            .bind(id.0)
            .bind(s.account.0)
            .bind(key)
            .fetch_optional(&mut *tx)
            .await
            .context("look up an idempotency key")?;
            if let Some(prior) = prior {
                if prior.request_hash != s.request_hash {
                    return Err(StoreError::IdempotencyConflict);
                }
                let stream = read_stream(&mut tx, id, 0, Some(prior.version)).await?;
                let game = Game::replay(stream.iter().map(|e| &e.event));
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
                })));
            }
        }
        let version = stream.len() as i64;
        if let Some(expected) = s.expected_version
            && expected != version
        {
            return Err(StoreError::VersionConflict {
                expected,
                actual: version,
            });
        }
        let before = Game::replay(stream.iter().map(|e| &e.event));
        let events = engine::decide(&before, seat, s.action, rng)?;
        let mut after = before;
        events.iter().for_each(|e| after.apply(e));
        let prev = prev_hash_of(&stream)?;
        let new_version =
            match append_tx(&mut tx, id, version, Some(seat), &events, prev, &after).await {
                Ok(v) => v,
                Err(AppendError::Race) => {
                    drop(tx);
                    let actual = self.current_version(id).await?;
                    return Ok(Attempt::Lost {
                        expected: version,
                        actual,
                    });
                }
                Err(AppendError::Store(e)) => return Err(e),
            };
        if let Some(key) = s.idempotency_key {
            let stored = sqlx::query(
                "INSERT INTO idempotency_keys \
                     (game_id, account_id, key, request_hash, seat, first_seq, version) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(id.0)
            .bind(s.account.0)
            .bind(key)
            .bind(s.request_hash)
            .bind(i16::from(seat.0))
            .bind(version + 1)
            .bind(new_version)
            .execute(&mut *tx)
            .await;
            match stored {
                Err(e) if is_unique_violation(&e, "idempotency_keys_pkey") => {
                    return Ok(Attempt::KeyRace);
                }
                other => other.context("store an idempotency key")?,
            };
        }
        tx.commit().await.context("commit submit")?;
        Ok(Attempt::Done(Box::new(Submitted {
            version: new_version,
            seat,
            events,
            game: after,
            replayed: false,
        })))
    }
}

/// A short, growing, jittered pause before retrying a lost race, so that racers spread out.
fn backoff(tries: u32) -> Duration {
    let jitter = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() % 4_000_000);
    Duration::from_millis(u64::from(tries) * 2) + Duration::from_nanos(u64::from(jitter))
}
