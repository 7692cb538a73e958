//! A finished game's portable record (docs/audit.md, "The record"; its JSON Schema is
//! docs/record.schema.json): everything an auditor needs to check the game without trusting
//! this server or sharing its code. The stream (each payload exactly as stored, which its hash
//! covers), the game's salt (which its receipts commit under, revealed now that the game is
//! over), its final head, and its leaf in the transparency log with an inclusion proof against
//! the newest signed tree head. `GET /v1/games/{id}/record` and `lords export` answer it alike.
//! Reads only.

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::value::RawValue;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::eventstore::error::{Context, Result, StoreError, unexpected};
use crate::eventstore::read_model::{self, GameStatus};
use crate::eventstore::stream::read_rows;
use crate::eventstore::{GameId, Store};
use crate::proofs::encoding::{base64_bytes, hex_bytes};
use crate::proofs::merkle::Hash;
use crate::proofs::receipt::Salt;
use crate::proofs::signing::SignedTreeHead;
use rules::{BotLevel, GameOptions, Seat};

/// The record's `format`.
pub const RECORD_FORMAT: &str = "lords-record-v1";

/// A finished game's record.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameRecord {
    /// Always `lords-record-v1`.
    #[schema(example = "lords-record-v1")]
    pub format: &'static str,
    pub game_id: Uuid,
    pub options: GameOptions,
    /// In seat order.
    pub seats: Vec<RecordSeat>,
    /// The whole stream, in order.
    pub events: Vec<RecordEvent>,
    /// The game's salt, hex (32 bytes): each receipt's commitment is
    /// `SHA-256(b"lords-head-v1\x00" ‖ salt ‖ the hash of the event at its version)`. `null`
    /// for a game created before games had one.
    #[serde(serialize_with = "optional_hex")]
    #[schema(value_type = Option<String>, required = true, pattern = "^[0-9a-f]{64}$")]
    pub salt: Option<Salt>,
    /// The stream's last event: the final version and its hash, which the log's leaf pins.
    pub head: RecordHead,
    /// The game's leaf in the transparency log and its inclusion proof against the newest
    /// signed tree head; `null` until the sequencer has logged the game (within seconds of its
    /// end).
    #[schema(required = true)]
    pub transparency: Option<RecordInclusion>,
}

/// A seat of the record.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecordSeat {
    #[schema(value_type = u8, minimum = 0, maximum = 4)]
    pub seat: Seat,
    /// The player's username; for a bot, `"<level> bot"`.
    pub username: String,
    /// The built-in bot that held the seat, if one did.
    #[schema(value_type = Option<String>, required = true)]
    pub bot: Option<BotLevel>,
}

/// One event as stored.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecordEvent {
    /// Its position in the stream, from 1.
    pub seq: i64,
    /// The payload exactly as stored: `hash = SHA-256(prev_hash ‖ these bytes)`, the bytes
    /// being the event written as compact JSON in this order.
    #[schema(value_type = rules::Event)]
    pub event: Box<RawValue>,
    /// Hex.
    #[serde(with = "hex_bytes")]
    #[schema(value_type = String, pattern = "^[0-9a-f]{64}$")]
    pub hash: Hash,
    /// The previous event's hash, hex (zeros for the first).
    #[serde(with = "hex_bytes")]
    #[schema(value_type = String, pattern = "^[0-9a-f]{64}$")]
    pub prev_hash: Hash,
    pub recorded_at: DateTime<Utc>,
}

/// The final head of the stream.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecordHead {
    /// The final version: the last event's seq.
    pub version: u64,
    /// The last event's hash, hex.
    #[serde(with = "hex_bytes")]
    #[schema(value_type = String, pattern = "^[0-9a-f]{64}$")]
    pub hash: Hash,
}

/// Where the game is in the transparency log.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecordInclusion {
    pub leaf_index: u64,
    /// The newest signed tree head, which the proof is against.
    pub sth: SignedTreeHead,
    /// The audit path from the leaf to the head's root (RFC 9162 §2.1.3), base64.
    #[schema(value_type = Vec<String>)]
    pub inclusion_path: Vec<Base64Hash>,
}

/// A hash written in base64.
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Base64Hash(#[serde(with = "base64_bytes")] pub Hash);

fn optional_hex<S: serde::Serializer>(
    salt: &Option<Salt>,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    match salt {
        Some(salt) => s.serialize_str(&hex::encode(salt)),
        None => s.serialize_none(),
    }
}

fn hash_of(bytes: &[u8], what: &str, seq: i64) -> Result<Hash> {
    Hash::try_from(bytes).map_err(|_| unexpected(format!("{what} of seq {seq} is not 32 bytes")))
}

/// The record of a finished game (`NotFinished` before its end, `NotFound` without it).
/// The game and its stream are read in one snapshot; the log (on the coordinator on Citus)
/// after it, so a game logged meanwhile is shown in the log.
pub async fn record(store: &Store, id: GameId) -> Result<GameRecord> {
    let mut tx = store
        .pool()
        .begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        .await
        .context("begin record")?;
    let summary = read_model::fetch_summary(&mut tx, id).await?;
    if summary.status != GameStatus::Finished {
        return Err(StoreError::NotFinished);
    }
    let rows = read_rows(&mut tx, id, 0, None).await?;
    tx.commit().await.context("end record")?;
    let events = rows
        .into_iter()
        .map(|r| {
            Ok(RecordEvent {
                seq: r.seq,
                hash: hash_of(&r.hash, "hash", r.seq)?,
                prev_hash: hash_of(&r.prev_hash, "prev_hash", r.seq)?,
                event: RawValue::from_string(r.payload).map_err(|e| {
                    unexpected(format!("payload of seq {} is not JSON: {e}", r.seq))
                })?,
                recorded_at: r.recorded_at,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let last = events
        .last()
        .ok_or_else(|| unexpected(format!("finished game {id} has no events")))?;
    let head = RecordHead {
        version: u64::try_from(last.seq).unwrap_or(0),
        hash: last.hash,
    };
    Ok(GameRecord {
        format: RECORD_FORMAT,
        game_id: id.0,
        options: summary.options,
        seats: summary
            .seats
            .into_iter()
            .map(|s| RecordSeat {
                seat: s.seat,
                username: s.username,
                bot: s.bot,
            })
            .collect(),
        events,
        salt: summary.salt,
        head,
        transparency: inclusion(store, id).await?,
    })
}

/// The game's leaf and its audit path in the newest signed tree, once the game is logged
/// and a head covers it.
async fn inclusion(store: &Store, id: GameId) -> Result<Option<RecordInclusion>> {
    let Some(sth) = crate::transparency::log::latest_tree_head(store).await? else {
        return Ok(None);
    };
    Ok(
        crate::transparency::log::inclusion_path(store, id, sth.tree_size)
            .await?
            .map(|(entry, path)| RecordInclusion {
                leaf_index: entry.index,
                sth,
                inclusion_path: path.into_iter().map(Base64Hash).collect(),
            }),
    )
}
