//! The deadline worker (service rules §9.4–9.5): in every `lords serve` process, a task that
//! looks for games with something due (`games.due_at`, set with every append) and does it
//! through [`Store::fire_due`]: a decision past its deadline times out and a bot plays it, a
//! resigned or abandoned seat is played by a bot. Several processes on one database share the
//! work without talking to each other: each game is claimed with `FOR UPDATE SKIP LOCKED`, so
//! each due thing is done exactly once, by whichever process gets there first; nothing is kept
//! in memory, so a restart (or a SIGKILL) loses nothing.
//!
//! A bot's move made due by an append in this process wakes the worker at once
//! ([`Store::bot_move_due`]): a hint that saves waiting for the next poll; what is due is still
//! read from the database.
//!
//! Idle cost: one indexed query per poll (`SELECT id FROM games WHERE due_at <= now() ORDER BY
//! due_at LIMIT n`, a probe of the partial index `games_due_at_idx`), whatever the number of
//! clocked games.

use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::StdRng;
use tokio::task::JoinHandle;

use crate::shutdown::ShutdownSignal;
use crate::store::{Fired, Store, StoreError};

/// Games taken per poll; when a poll finds this many, the next one follows at once.
const BATCH: i64 = 32;
/// How long a game whose due work failed waits before it is tried again.
const RETRY_AFTER_S: f64 = 30.0;

/// What one poll did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Round {
    pub timed_out: usize,
    pub bot_moves: usize,
    pub failed: usize,
    /// Candidates seen (some may have been taken by another process).
    pub seen: usize,
}

/// One poll: the due games, each claimed and done (or skipped when another process holds it).
pub async fn poll_once(store: &Store, rng: &mut StdRng) -> Result<Round, StoreError> {
    let due = store.due_games(BATCH).await?;
    let mut round = Round {
        seen: due.len(),
        ..Round::default()
    };
    for id in due {
        match store.fire_due(id, rng).await {
            Ok(Fired::Nothing) => {}
            Ok(Fired::TimedOut { seat, version }) => {
                round.timed_out += 1;
                tracing::info!(game_id = %id, seat = seat.0, version, "decision timed out");
            }
            Ok(Fired::BotPlayed { .. }) => round.bot_moves += 1,
            Err(e @ StoreError::Unavailable(_)) => return Err(e),
            Err(e) => {
                round.failed += 1;
                tracing::error!(game_id = %id, error = ?e, "due work failed; retried later");
                if let Err(e) = store.postpone_due(id, RETRY_AFTER_S).await {
                    tracing::warn!(game_id = %id, error = ?e, "could not postpone");
                }
            }
        }
    }
    Ok(round)
}

/// Runs the worker until `shutdown` fires, polling every `poll`.
pub fn spawn(store: Store, poll: Duration, shutdown: ShutdownSignal) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut rng = StdRng::from_rng(&mut rand::rng());
        loop {
            let busy = match poll_once(&store, &mut rng).await {
                Ok(round) => round.seen as i64 >= BATCH,
                Err(e) => {
                    tracing::warn!(error = ?e, "deadline worker: database unavailable");
                    false
                }
            };
            if shutdown.is_shutting_down() {
                return;
            }
            if !busy {
                tokio::select! {
                    () = tokio::time::sleep(poll) => {}
                    // A bot's move this process just made due: now, not at the next poll.
                    () = store.bot_move_due() => {}
                    () = shutdown.wait() => return,
                }
            }
        }
    })
}
