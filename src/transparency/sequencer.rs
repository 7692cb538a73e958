//! The transparency log's sequencer (docs/audit.md): in every `lords serve` process, a task
//! that appends each finished game's leaf and signs the new tree head, one process at a time
//! ([`crate::transparency::log::sequence_log`]: one transaction under an advisory lock, exactly once, no gap).
//! It looks every `poll` (the log's maximum merge delay is 10 s), sooner when an append of this
//! process ends a game, and signs a fresh head at least every hour even when nothing was
//! added. Nothing is kept in memory. Beside `api`, over `store`.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::task::JoinHandle;

use crate::eventstore::Store;
use crate::proofs::signing::{LogKey, LogSigner};
use crate::proofs::{leaf_input, merkle};
use crate::shutdown::ShutdownSignal;
use crate::transparency::log::Sequenced;

/// Games appended per transaction.
const BATCH: i64 = 500;
/// A head is signed again when the newest is this old, even if the tree did not grow.
pub const RESIGN_AFTER: Duration = Duration::from_secs(3600);

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// Appends every finished game not yet logged, batch after batch, and signs the heads; how many
/// leaves this process added.
pub async fn sequence_pending(
    store: &Store,
    key: &LogKey,
) -> crate::eventstore::error::Result<u64> {
    let leaf = |id: uuid::Uuid, version: u64, head: &[u8; 32]| {
        merkle::leaf_hash(&leaf_input(&id, version, head))
    };
    let sign = |size: u64, at: u64, leaves: &[[u8; 32]]| {
        key.sign_tree_head(size, at, merkle::root(leaves))
    };
    let resign = u64::try_from(RESIGN_AFTER.as_millis()).unwrap_or(u64::MAX);
    let mut total = 0;
    loop {
        match crate::transparency::log::sequence_log(store, BATCH, now_ms(), resign, &leaf, &sign)
            .await?
        {
            Sequenced::Done {
                added, tree_size, ..
            } if added > 0 => {
                tracing::info!(added, tree_size, "games appended to the transparency log");
                total += added;
                if added < u64::try_from(BATCH).unwrap_or(0) {
                    return Ok(total);
                }
            }
            Sequenced::Done { .. } | Sequenced::Busy => return Ok(total),
        }
    }
}

/// Runs the sequencer until `shutdown` fires, looking every `poll`.
pub fn spawn(
    store: Store,
    signer: Arc<LogSigner>,
    poll: Duration,
    shutdown: ShutdownSignal,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if shutdown.is_shutting_down() {
                return;
            }
            match crate::eventstore::server_keys::log_key(&signer, store.pool()).await {
                Ok(key) => {
                    if let Err(e) = sequence_pending(&store, key).await {
                        tracing::warn!(error = ?e, "sequencer: the log could not be extended; retried");
                    }
                }
                Err(e) => tracing::warn!(error = ?e, "sequencer: no signing key; retried"),
            }
            tokio::select! {
                () = tokio::time::sleep(poll) => {}
                () = store.game_ended_hinted_for_log() => {}
                () = shutdown.wait() => return,
            }
        }
    })
}
