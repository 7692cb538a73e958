//! The rating worker (service rules §9.7): in every `lords serve` process, a task that rates
//! finished rated games, oldest first, one at a time across every process, through
//! [`crate::social::ratings::rate_next_game`] (one transaction per game, exactly once: see `social::ratings`).
//! Nothing is kept in memory: a restart (or a SIGKILL) loses nothing, and a game is rated by
//! whichever process gets there first. Between looks it sleeps `poll`, woken earlier when an
//! append of this process ends a game (a hint only: what to rate is read from the database).
//! Beside `api`, over `store`.

use std::time::Duration;

use tokio::task::JoinHandle;

use crate::eventstore::Store;
use crate::shutdown::ShutdownSignal;
use crate::social::ratings::NextRating;

/// Rates games until none is left to rate (or another process is rating); how many it rated.
pub async fn rate_pending(store: &Store) -> crate::eventstore::error::Result<usize> {
    let mut rated = 0;
    loop {
        match crate::social::ratings::rate_next_game(store).await? {
            NextRating::Rated(game) => {
                tracing::info!(game_id = %game.game_id.0, seats = game.seats.len(), "game rated");
                rated += 1;
            }
            NextRating::Unrated(game, reason) => {
                tracing::info!(game_id = %game.0, ?reason, "game left unrated");
            }
            NextRating::Idle | NextRating::Busy => return Ok(rated),
        }
    }
}

/// Runs the worker until `shutdown` fires, looking every `poll`.
pub fn spawn(store: Store, poll: Duration, shutdown: ShutdownSignal) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if shutdown.is_shutting_down() {
                return;
            }
            if let Err(e) = rate_pending(&store).await {
                tracing::warn!(error = ?e, "rating worker: a game could not be rated; retried");
            }
            tokio::select! {
                () = tokio::time::sleep(poll) => {}
                // A game this process ended: rated now rather than at the next look.
                () = store.game_ended_hinted() => {}
                () = shutdown.wait() => return,
            }
        }
    })
}
