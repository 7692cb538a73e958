//! The tournament worker (service rules §9.11): in every `lords serve` process, a task that
//! starts tournaments whose `starts_at` passed, pairs a round once every game of the one
//! before ended, makes the games a crashed pass left unmade, and ends tournaments after their
//! last round ([`super::rounds::advance`]). Nothing is kept in memory: what to do is read from
//! the database, and processes share the tournaments through `SKIP LOCKED`. Between looks it
//! sleeps `poll`, woken earlier when an append of this process ends a game.

use std::time::Duration;

use rand::SeedableRng;
use tokio::task::JoinHandle;

use crate::eventstore::Store;
use crate::shutdown::ShutdownSignal;

/// Runs the worker until `shutdown` fires, looking every `poll`.
pub fn spawn(store: Store, poll: Duration, shutdown: ShutdownSignal) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if shutdown.is_shutting_down() {
                return;
            }
            match rand::rngs::StdRng::try_from_rng(&mut rand::rngs::SysRng) {
                Ok(mut rng) => {
                    if let Err(e) = super::rounds::advance_all(&store, &mut rng).await {
                        tracing::warn!(error = ?e, "tournament worker: a tournament could not advance; retried");
                    }
                }
                Err(e) => {
                    tracing::error!(error = %e, "tournament worker: the OS random generator failed")
                }
            }
            tokio::select! {
                () = tokio::time::sleep(poll) => {}
                // A game this process ended: its round may be over.
                () = store.game_ended_hinted_for_tournaments() => {}
                () = shutdown.wait() => return,
            }
        }
    })
}
