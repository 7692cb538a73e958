//! The fan-out worker: in every `lords serve` process, copies games' outboxes to their accounts'
//! notifications after the appends commit ([`notify::fanout::claims`]), so that an action's transaction
//! touches its game alone. Woken at once by this process's own appends
//! ([`Store::outbox_hints`]); a slow sweep (`--outbox-sweep-seconds`, and once at start) finds
//! what a process that stopped left behind. Several processes share the work through the
//! outbox's row locks (`SKIP LOCKED`), and a fan-out cut short by a crash is done again without
//! writing anything twice: exactly once. Beside `api`, over `store`.

pub mod claims;

use std::collections::VecDeque;
use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::eventstore::distribute::Layout;
use crate::eventstore::{GameId, Store};
use crate::shutdown::ShutdownSignal;

/// Outbox rows older than this are the sweep's: younger ones are their own process's.
const SWEEP_AGE_S: f64 = 2.0;
/// Games one sweep takes at most; a full sweep is followed by another at once.
const SWEEP_LIMIT: i64 = 256;
/// How long a game whose fan-out failed waits for the next sweep at least.
const FAILED_PAUSE: Duration = Duration::from_millis(500);
/// Games one fan-out takes at once (on one PostgreSQL one statement does them all; on Citus one
/// after the other).
const GAMES_PER_TASK: usize = 64;
/// At shutdown, how long the games this process hinted may still take to fan out; what is left
/// then waits for another process's sweep.
const DRAIN: Duration = Duration::from_secs(5);

/// Starts the worker on a pool of its own (two connections per game under way: the claim's
/// and the account's), so that it never takes the API's connections. At shutdown it stops
/// sweeping and fans out what this process's appends hinted, for [`DRAIN`] at most (what is
/// left, or cut short, is another process's sweep's).
pub fn start(
    store: &Store,
    sweep: Duration,
    concurrency: u32,
    shutdown: ShutdownSignal,
) -> tokio::task::JoinHandle<()> {
    // Each account's transaction writes its notifications (one shard on Citus) and then, when
    // it has endpoints, their deliveries (reference tables): allowed in sequential mode.
    let options = (*store.pool().connect_options())
        .clone()
        .options([("citus.multi_shard_modify_mode", "sequential")]);
    let pool = PgPoolOptions::new()
        .max_connections(concurrency * 2)
        .min_connections(0)
        .acquire_timeout(Duration::from_secs(5))
        .idle_timeout(Some(Duration::from_secs(30)))
        .connect_lazy_with(options);
    let store = store.clone();
    tokio::spawn(async move {
        let mut worker = Worker {
            store,
            pool: pool.clone(),
            concurrency: concurrency as usize,
            layout: None,
            queue: Default::default(),
            tasks: JoinSet::new(),
        };
        tokio::select! {
            () = worker.run(sweep) => {}
            () = shutdown.wait() => {}
        }
        let _ = tokio::time::timeout(DRAIN, worker.drain()).await;
        worker.tasks.abort_all();
        while worker.tasks.join_next().await.is_some() {}
        pool.close().await;
    })
}

struct Worker {
    store: Store,
    pool: PgPool,
    concurrency: usize,
    /// One PostgreSQL or Citus: asked of the database once, before the first fan-out.
    layout: Option<Layout>,
    /// Games to fan out, in the order they were found.
    queue: VecDeque<GameId>,
    /// Fan-outs under way, each with whether it succeeded.
    tasks: JoinSet<bool>,
}

impl Worker {
    /// Starts fan-outs of queued games while slots are free.
    fn start_queued(&mut self) {
        let Some(layout) = self.layout else {
            return;
        };
        self.queue.extend(self.store.outbox_hints().take());
        while self.tasks.len() < self.concurrency && !self.queue.is_empty() {
            let take = self.queue.len().min(GAMES_PER_TASK);
            let games: Vec<GameId> = self.queue.drain(..take).collect();
            let pool = self.pool.clone();
            let store = self.store.clone();
            self.tasks.spawn(async move {
                match crate::notify::fanout::claims::fan_out(&pool, layout, &games, Some(&store))
                    .await
                {
                    Ok(_) => true,
                    Err(e) => {
                        tracing::warn!(games = games.len(), first = %games[0],
                                       error = format!("{e:#}"),
                                       "fan-out failed; the sweep tries again");
                        false
                    }
                }
            });
        }
    }

    /// Until what is queued and hinted is fanned out.
    async fn drain(&mut self) {
        loop {
            self.start_queued();
            if self.tasks.join_next().await.is_none() {
                return;
            }
        }
    }

    async fn run(&mut self, sweep: Duration) {
        while self.layout.is_none() {
            match self.pool.acquire().await {
                Ok(mut conn) => match Layout::of(&mut conn).await {
                    Ok(layout) => self.layout = Some(layout),
                    Err(e) => tracing::warn!(error = format!("{e:#}"), "fan-out: no layout"),
                },
                Err(e) => tracing::warn!(error = format!("{e:#}"), "fan-out: no connection"),
            }
            if self.layout.is_none() {
                tokio::time::sleep(FAILED_PAUSE).await;
            }
        }
        // The first sweep at start: what a previous process left.
        let mut next_sweep = Instant::now();
        loop {
            if Instant::now() >= next_sweep {
                match crate::notify::fanout::claims::stale_games(
                    &self.pool,
                    SWEEP_AGE_S,
                    SWEEP_LIMIT,
                )
                .await
                {
                    Ok(games) => {
                        let full = games.len() as i64 == SWEEP_LIMIT;
                        self.queue.extend(games);
                        next_sweep = Instant::now() + if full { Duration::ZERO } else { sweep };
                    }
                    Err(e) => {
                        tracing::warn!(error = format!("{e:#}"), "outbox sweep failed");
                        next_sweep = Instant::now() + sweep;
                    }
                }
            }
            self.start_queued();
            let hints = self.store.outbox_hints();
            tokio::select! {
                () = hints.hinted(), if self.tasks.len() < self.concurrency => {}
                ended = self.tasks.join_next(), if !self.tasks.is_empty() => {
                    if let Some(Ok(false)) = ended {
                        // A failing database: not again at once.
                        tokio::time::sleep(FAILED_PAUSE).await;
                    }
                }
                () = tokio::time::sleep_until(next_sweep) => {}
            }
        }
    }
}
