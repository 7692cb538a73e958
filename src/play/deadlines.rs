//! The deadline worker (service rules §9.4–9.5): in every `lords serve` process, a task that
//! looks for games with something due (`games.due_at`, set with every append) and does it
//! through [`crate::play::clock::fire_due`]: a decision past its deadline times out and a bot plays it, a
//! resigned or abandoned seat is played by a bot. Several processes on one database share the
//! work without talking to each other: each game is claimed with `FOR UPDATE SKIP LOCKED`, so
//! each due thing is done exactly once, by whichever process gets there first; nothing is kept
//! in memory, so a restart (or a SIGKILL) loses nothing.
//!
//! The worker does not poll: each look reads the earliest due games (`ORDER BY due_at LIMIT
//! n`, a probe of the partial index `games_due_at_idx`), does those due now, and sleeps until the
//! next one falls due, woken earlier by what this process's own appends make due (a bot's move,
//! a new deadline: [`Store::due_hinted`]), and never longer than `rescan`, which bounds how late
//! something made due by another process that stopped is done. What is due is always read from
//! the database; the hints only say when to look.
//!
//! Idle cost: one look per `rescan` (on Citus one probe of each shard's index), whatever the
//! number of clocked games.

use std::time::Duration;

use rand::SeedableRng;
use rand::rngs::StdRng;
use tokio::task::JoinHandle;
use tokio::time::Instant;

use crate::eventstore::Store;
use crate::eventstore::error::StoreError;
use crate::play::clock::Fired;
use crate::shutdown::ShutdownSignal;

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
    /// Reminders sent (service rules §9.4).
    pub reminded: usize,
    /// Decisions paused instead of timed out: a vacation the game had not recorded yet.
    pub paused: usize,
    /// Candidates seen (some may have been taken by another process).
    pub seen: usize,
}

/// One look: the due games, each claimed and done (or skipped when another process holds it),
/// and how long until the next one falls due (`None`: nothing else is due, or a whole batch was
/// due now: look again at once).
pub async fn poll_once(
    store: &Store,
    rng: &mut StdRng,
) -> Result<(Round, Option<Duration>), StoreError> {
    let (due, next) = crate::play::clock::due_games(store, BATCH).await?;
    let (reminders, next_reminder) = crate::play::clock::reminders_due(store, BATCH).await?;
    let mut round = Round {
        seen: due.len().max(reminders.len()),
        ..Round::default()
    };
    // Reminders first: a reminder and its deadline both due (a worker that was down) still
    // reminds before the decision times out.
    for id in reminders {
        match crate::play::clock::fire_reminder(store, id).await {
            Ok(true) => round.reminded += 1,
            Ok(false) => {}
            Err(e @ StoreError::Unavailable(_)) => return Err(e),
            Err(e) => {
                round.failed += 1;
                tracing::error!(game_id = %id, error = ?e, "a reminder failed; retried later");
            }
        }
    }
    let next = match (next, next_reminder) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    for id in due {
        match crate::play::clock::fire_due(store, id, rng).await {
            Ok(Fired::Nothing) => {}
            Ok(Fired::TimedOut { seat, version }) => {
                round.timed_out += 1;
                tracing::info!(game_id = %id, seat = seat.0, version, "decision timed out");
            }
            Ok(Fired::BotPlayed { .. }) => round.bot_moves += 1,
            Ok(Fired::Paused { seat, version }) => {
                round.paused += 1;
                tracing::info!(game_id = %id, seat = seat.0, version, "clock paused by a vacation");
            }
            Err(e @ StoreError::Unavailable(_)) => return Err(e),
            Err(e) => {
                round.failed += 1;
                tracing::error!(game_id = %id, error = ?e, "due work failed; retried later");
                if let Err(e) = crate::play::clock::postpone_due(store, id, RETRY_AFTER_S).await {
                    tracing::warn!(game_id = %id, error = ?e, "could not postpone");
                }
            }
        }
    }
    Ok((round, next.map(Duration::from_secs_f64)))
}

/// Runs the worker until `shutdown` fires, looking at least every `rescan`.
pub fn spawn(store: Store, rescan: Duration, shutdown: ShutdownSignal) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut rng = StdRng::from_rng(&mut rand::rng());
        loop {
            let sleep = match poll_once(&store, &mut rng).await {
                Ok((round, _)) if round.seen as i64 >= BATCH => Duration::ZERO,
                Ok((_, next)) => next.map_or(rescan, |n| n.min(rescan)),
                Err(e) => {
                    tracing::warn!(error = ?e, "deadline worker: database unavailable");
                    rescan
                }
            };
            if shutdown.is_shutting_down() {
                return;
            }
            let mut wake_at = Instant::now() + sleep;
            loop {
                tokio::select! {
                    () = tokio::time::sleep_until(wake_at) => break,
                    // Something this process just made due: at its time, if that is sooner.
                    at = store.due_hinted() => {
                        let in_ = (at - chrono::Utc::now()).to_std().unwrap_or(Duration::ZERO);
                        wake_at = wake_at.min(Instant::now() + in_);
                    }
                    () = shutdown.wait() => return,
                }
            }
        }
    })
}
