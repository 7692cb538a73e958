//! A game's stream as stored in `game_events`: its rows, upcast to today's `Event`, read in
//! order, and its head. The stream is the only source of truth; nothing here decides a rule.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgConnection;
use thiserror::Error;

use crate::eventstore::chain::GENESIS;
use crate::eventstore::error::{Context, Result, StoreError, unexpected};
use crate::eventstore::{GameId, seat_from_db};
use rules::{EVENT_SCHEMA_VERSION, Event, Seat};

/// One event of a stream as stored. `event` is complete (shuffle orders, hidden cards): the API
/// must pass it through `rules::redact` before anyone sees it.
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
    /// Bytes until they are written out (hex in JSON).
    pub prev_hash: [u8; 32],
    pub hash: [u8; 32],
    pub event: Event,
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
pub(crate) fn parse_event(
    kind: &str,
    version: i32,
    payload: &str,
) -> std::result::Result<Event, UpcastError> {
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
    pub(crate) fn event_of(&self, game_id: GameId) -> Result<Event> {
        self.event().map_err(|e| {
            StoreError::Unexpected(
                anyhow::Error::new(e).context(format!("event {} of game {game_id}", self.seq)),
            )
        })
    }

    pub(crate) fn hash_bytes(&self) -> Result<[u8; 32]> {
        <[u8; 32]>::try_from(self.hash.as_slice())
            .map_err(|_| unexpected(format!("stored hash of seq {} is not 32 bytes", self.seq)))
    }

    fn decode(self, game_id: GameId) -> Result<StoredEvent> {
        let event = self.event_of(game_id)?;
        let hash = self.hash_bytes()?;
        let prev_hash = <[u8; 32]>::try_from(self.prev_hash.as_slice()).map_err(|_| {
            unexpected(format!(
                "stored prev_hash of seq {} is not 32 bytes",
                self.seq
            ))
        })?;
        Ok(StoredEvent {
            seq: self.seq,
            kind: self.event_type,
            version: self.event_version,
            seat: self.seat.map(seat_from_db).transpose()?,
            recorded_at: self.recorded_at,
            prev_hash,
            hash,
            event,
        })
    }
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

pub fn head_hash_of(stream: &[StoredEvent]) -> Result<[u8; 32]> {
    match stream.last() {
        None => Ok(GENESIS),
        Some(e) => Ok(e.hash),
    }
}

/// The stream's head as the calling statement sees it: its version and its last hash.
pub(crate) async fn read_head(conn: &mut PgConnection, id: GameId) -> Result<(i64, [u8; 32])> {
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

/// The stream's version (its last seq; 0 when empty).
pub(crate) async fn stream_version(conn: &mut PgConnection, id: GameId) -> Result<i64> {
    sqlx::query_scalar("SELECT coalesce(max(seq), 0) FROM game_events WHERE game_id = $1")
        .bind(id.0)
        .fetch_one(conn)
        .await
        .context("read a stream's version")
}
