//! The transparency log's tables (docs/audit.md): `transparency_log` (one leaf per finished
//! game, in order) and `transparency_heads` (every signed tree head). On Citus both are
//! node-local on the coordinator.
//!
//! Exactly once, with no gap: leaves are appended by one sequencer at a time, under an
//! advisory lock, in one transaction that numbers them after the last one, marks each game
//! (`games.log_index`) and signs the new head. A process killed mid-batch leaves nothing of it
//! (the transaction rolls back); a second process finds the lock taken, or the games marked;
//! and the keys of `transparency_log` (`leaf_index`, `game_id`) refuse a second copy. The
//! formats (leaf hash, root, signature) are the caller's: this module stores what it is given.

use uuid::Uuid;

use crate::eventstore::error::{Context, Result};
use crate::eventstore::{GameId, Store};
use crate::proofs::merkle;
use crate::proofs::merkle::Hash;
use crate::proofs::signing::SignedTreeHead;

/// The advisory lock under which leaves are appended and heads signed.
const SEQUENCER_LOCK: i64 = 7301;

/// One leaf of the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    pub index: u64,
    pub game_id: GameId,
    pub version: u64,
    pub head_hash: [u8; 32],
    pub leaf_hash: [u8; 32],
}

/// What the sequencer signs: a tree's size, the head's time (milliseconds since the epoch) and
/// all its leaf hashes in order; it answers the head to store.
pub type SignHead<'a> = &'a (dyn Fn(u64, u64, &[[u8; 32]]) -> SignedTreeHead + Sync);

/// The leaf hash of a finished game: `(game, final version, final head hash)`.
pub type LeafHash<'a> = &'a (dyn Fn(Uuid, u64, &[u8; 32]) -> [u8; 32] + Sync);

/// A leaf as read: index, game, version, head hash, leaf hash.
type LeafRow = (i64, Uuid, i64, Vec<u8>, Vec<u8>);

/// What one run of the sequencer did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sequenced {
    /// `added` leaves were appended (maybe none) and the tree has `tree_size`; `signed` says
    /// whether a new head was signed.
    Done {
        added: u64,
        tree_size: u64,
        signed: bool,
    },
    /// Another process holds the sequencer's lock.
    Busy,
}

fn hash32(bytes: &[u8]) -> [u8; 32] {
    let mut h = [0u8; 32];
    if bytes.len() == 32 {
        h.copy_from_slice(bytes);
    }
    h
}

fn u(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

fn i(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// Appends the finished games not yet in the log (oldest first, at most `batch`), with the
/// leaf hash `leaf` gives each `(game, final version, final head hash)`, and signs the new
/// head with `sign` when the tree grew, or when the newest head is older than
/// `resign_after_ms` (none at all: the empty tree's). One transaction; see the module's
/// documentation.
pub async fn sequence_log(
    store: &Store,
    batch: i64,
    now_ms: u64,
    resign_after_ms: u64,
    leaf: LeafHash<'_>,
    sign: SignHead<'_>,
) -> Result<Sequenced> {
    let mut tx = store.pool().begin().await.context("begin sequencing")?;
    let (locked,): (bool,) = sqlx::query_as("SELECT pg_try_advisory_xact_lock($1)")
        .bind(SEQUENCER_LOCK)
        .fetch_one(&mut *tx)
        .await
        .context("sequencer: take the lock")?;
    if !locked {
        // Ended here, not when dropped: a dropped transaction keeps its advisory lock until
        // its connection's next use.
        tx.rollback().await.context("end sequencing")?;
        return Ok(Sequenced::Busy);
    }
    let (size,): (i64,) = sqlx::query_as("SELECT count(*) FROM transparency_log")
        .fetch_one(&mut *tx)
        .await
        .context("sequencer: the tree's size")?;
    let mut size = u(size);
    // Across shards on Citus, with no row lock (the lock above serialises sequencers).
    let next: Vec<(Uuid, i64)> = sqlx::query_as(
        "SELECT id, version FROM games \
         WHERE finished_at IS NOT NULL AND log_index IS NULL \
         ORDER BY finished_at, id LIMIT $1",
    )
    .bind(batch)
    .fetch_all(&mut *tx)
    .await
    .context("sequencer: the games to log")?;
    let mut added = 0;
    for (id, version) in next {
        let head: Option<Vec<u8>> =
            sqlx::query_scalar("SELECT hash FROM game_events WHERE game_id = $1 AND seq = $2")
                .bind(id)
                .bind(version)
                .fetch_optional(&mut *tx)
                .await
                .context("sequencer: a game's head")?;
        let Some(head) = head.map(|h| hash32(&h)) else {
            continue;
        };
        let leaf_hash = leaf(id, u(version), &head);
        sqlx::query(
            "INSERT INTO transparency_log (leaf_index, game_id, version, head_hash, leaf_hash) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(i(size))
        .bind(id)
        .bind(version)
        .bind(&head[..])
        .bind(&leaf_hash[..])
        .execute(&mut *tx)
        .await
        .context("sequencer: append a leaf")?;
        sqlx::query("UPDATE games SET log_index = $2 WHERE id = $1 AND log_index IS NULL")
            .bind(id)
            .bind(i(size))
            .execute(&mut *tx)
            .await
            .context("sequencer: mark a game logged")?;
        size += 1;
        added += 1;
    }
    let newest: Option<(i64, i64)> = sqlx::query_as(
        "SELECT tree_size, timestamp_ms FROM transparency_heads \
         ORDER BY timestamp_ms DESC, tree_size DESC LIMIT 1",
    )
    .fetch_optional(&mut *tx)
    .await
    .context("sequencer: the newest head")?;
    let stale = match newest {
        None => true,
        Some((tree_size, at)) => {
            u(tree_size) != size || now_ms.saturating_sub(u(at)) >= resign_after_ms
        }
    };
    if stale {
        let leaves: Vec<Vec<u8>> = sqlx::query_scalar(
            "SELECT leaf_hash FROM transparency_log WHERE leaf_index < $1 ORDER BY leaf_index",
        )
        .bind(i(size))
        .fetch_all(&mut *tx)
        .await
        .context("sequencer: the leaves")?;
        let leaves: Vec<[u8; 32]> = leaves.iter().map(|l| hash32(l)).collect();
        // A head never goes back in time, even if this process's clock does.
        let at = newest.map_or(now_ms, |(_, at)| now_ms.max(u(at) + 1));
        let head = sign(size, at, &leaves);
        sqlx::query(
            "INSERT INTO transparency_heads (tree_size, timestamp_ms, root_hash, signature) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(i(head.tree_size))
        .bind(i(head.timestamp_ms))
        .bind(&head.root_hash[..])
        .bind(&head.signature[..])
        .execute(&mut *tx)
        .await
        .context("sequencer: store a head")?;
    }
    tx.commit().await.context("commit sequencing")?;
    Ok(Sequenced::Done {
        added,
        tree_size: size,
        signed: stale,
    })
}

/// The newest signed tree head; `None` before the sequencer first ran.
pub async fn latest_tree_head(store: &Store) -> Result<Option<SignedTreeHead>> {
    let row: Option<(i64, i64, Vec<u8>, Vec<u8>)> = sqlx::query_as(
        "SELECT tree_size, timestamp_ms, root_hash, signature FROM transparency_heads \
         ORDER BY timestamp_ms DESC, tree_size DESC LIMIT 1",
    )
    .fetch_optional(store.pool())
    .await
    .context("read the newest tree head")?;
    Ok(row.map(|(size, at, root, signature)| {
        let mut sig = [0u8; 64];
        if signature.len() == 64 {
            sig.copy_from_slice(&signature);
        }
        SignedTreeHead {
            tree_size: u(size),
            timestamp_ms: u(at),
            root_hash: hash32(&root),
            signature: sig,
        }
    }))
}

/// The leaves `start..end` (end exclusive), in order.
pub async fn log_entries(store: &Store, start: u64, end: u64) -> Result<Vec<LogEntry>> {
    let rows: Vec<LeafRow> = sqlx::query_as(
        "SELECT leaf_index, game_id, version, head_hash, leaf_hash FROM transparency_log \
         WHERE leaf_index >= $1 AND leaf_index < $2 ORDER BY leaf_index",
    )
    .bind(i(start))
    .bind(i(end))
    .fetch_all(store.pool())
    .await
    .context("read log entries")?;
    Ok(rows
        .into_iter()
        .map(|(index, game, version, head, leaf)| LogEntry {
            index: u(index),
            game_id: GameId(game),
            version: u(version),
            head_hash: hash32(&head),
            leaf_hash: hash32(&leaf),
        })
        .collect())
}

/// The hashes of the first `size` leaves, in order (what proofs are computed from).
pub async fn log_leaf_hashes(store: &Store, size: u64) -> Result<Vec<[u8; 32]>> {
    let rows: Vec<Vec<u8>> = sqlx::query_scalar(
        "SELECT leaf_hash FROM transparency_log WHERE leaf_index < $1 ORDER BY leaf_index",
    )
    .bind(i(size))
    .fetch_all(store.pool())
    .await
    .context("read the log's leaves")?;
    Ok(rows.iter().map(|l| hash32(l)).collect())
}

/// The leaf of a game, if it is in the log.
pub async fn log_entry_of(store: &Store, game: GameId) -> Result<Option<LogEntry>> {
    let row: Option<(i64, i64, Vec<u8>, Vec<u8>)> = sqlx::query_as(
        "SELECT leaf_index, version, head_hash, leaf_hash FROM transparency_log \
         WHERE game_id = $1",
    )
    .bind(game.0)
    .fetch_optional(store.pool())
    .await
    .context("read a game's leaf")?;
    Ok(row.map(|(index, version, head, leaf)| LogEntry {
        index: u(index),
        game_id: game,
        version: u(version),
        head_hash: hash32(&head),
        leaf_hash: hash32(&leaf),
    }))
}

/// The game's leaf and its audit path (RFC 9162 §2.1.3) in the tree of the log's first
/// `tree_size` leaves; `None` when the game has no leaf within them.
pub async fn inclusion_path(
    store: &Store,
    game: GameId,
    tree_size: u64,
) -> Result<Option<(LogEntry, Vec<Hash>)>> {
    let Some(entry) = log_entry_of(store, game)
        .await?
        .filter(|e| e.index < tree_size)
    else {
        return Ok(None);
    };
    let leaves = log_leaf_hashes(store, tree_size).await?;
    let path = usize::try_from(entry.index)
        .ok()
        .and_then(|index| merkle::inclusion_path(index, &leaves));
    Ok(path.map(|path| (entry, path)))
}

/// A finished game as the audit of the log reads it: its final version and head from its own
/// stream, and the leaf index the game row names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinishedForLog {
    pub game_id: GameId,
    pub finished_at: chrono::DateTime<chrono::Utc>,
    pub version: u64,
    pub head_hash: Option<[u8; 32]>,
    pub log_index: Option<u64>,
}

/// Every finished game with its final version and head hash (`lords verify --log`). Apart
/// from the log's own rows: on Citus they live on different nodes.
pub async fn finished_games_for_log(store: &Store) -> Result<Vec<FinishedForLog>> {
    type Row = (
        Uuid,
        chrono::DateTime<chrono::Utc>,
        i64,
        Option<Vec<u8>>,
        Option<i64>,
    );
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT g.id, g.finished_at, g.version, e.hash, g.log_index FROM games g \
         LEFT JOIN game_events e ON e.game_id = g.id AND e.seq = g.version \
         WHERE g.finished_at IS NOT NULL ORDER BY g.finished_at, g.id",
    )
    .fetch_all(store.pool())
    .await
    .context("read the finished games")?;
    Ok(rows
        .into_iter()
        .map(
            |(id, finished_at, version, head, log_index)| FinishedForLog {
                game_id: GameId(id),
                finished_at,
                version: u(version),
                head_hash: head.map(|h| hash32(&h)),
                log_index: log_index.map(u),
            },
        )
        .collect())
}
