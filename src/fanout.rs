//! The fan-out worker: in every `lords serve` process, copies games' outboxes to their accounts'
//! notifications after the appends commit ([`store::fanout`]), so that an action's transaction
//! touches its game alone. Woken at once by this process's own appends
//! ([`Store::outbox_hints`]); a slow sweep (`--outbox-sweep-seconds`, and once at start) finds
//! what a process that stopped left behind. Several processes share the work through the
//! outbox's row locks (`SKIP LOCKED`), and a fan-out cut short by a crash is done again without
//! writing anything twice: exactly once. Beside `api`, over `store`.

use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::shutdown::ShutdownSignal;
use crate::store::{GameId, Store, fanout};

/// Outbox rows older than this are the sweep's: younger ones are their own process's.
const SWEEP_AGE_S: f64 = 2.0;
/// Games one sweep takes at most; a full sweep is followed by another at once.
const SWEEP_LIMIT: i64 = 256;
/// How long a game whose fan-out failed waits for the next sweep at least.
const FAILED_PAUSE: Duration = Duration::from_millis(500);

/// Starts the worker on a pool of its own (two connections per game under way: the claim's
/// and the account's), so that it never takes the API's connections. At shutdown it takes no
/// more games and lets those under way finish (each is short; one cut short is done again by
/// the next process).
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
        let mut tasks = JoinSet::new();
        tokio::select! {
            () = run(&store, &pool, sweep, concurrency as usize, &mut tasks) => {}
            () = shutdown.wait() => {}
        }
        while tasks.join_next().await.is_some() {}
        pool.close().await;
    })
}

async fn run(
    store: &Store,
    pool: &PgPool,
    sweep: Duration,
    concurrency: usize,
    tasks: &mut JoinSet<(GameId, bool)>,
) {
    let hints = store.outbox_hints();
    let mut queue: std::collections::VecDeque<GameId> = Default::default();
    // The first sweep at start: what a previous process left.
    let mut next_sweep = Instant::now();
    loop {
        if Instant::now() >= next_sweep {
            match fanout::stale_games(pool, SWEEP_AGE_S, SWEEP_LIMIT).await {
                Ok(games) => {
                    let full = games.len() as i64 == SWEEP_LIMIT;
                    queue.extend(games);
                    next_sweep = Instant::now() + if full { Duration::ZERO } else { sweep };
                }
                Err(e) => {
                    tracing::warn!(error = format!("{e:#}"), "outbox sweep failed");
                    next_sweep = Instant::now() + sweep;
                }
            }
        }
        queue.extend(hints.take());
        while tasks.len() < concurrency
            && let Some(game) = queue.pop_front()
        {
            let pool = pool.clone();
            tasks.spawn(async move {
                match fanout::fan_out(&pool, game).await {
                    Ok(_) => (game, true),
                    Err(e) => {
                        tracing::warn!(game_id = %game, error = format!("{e:#}"),
                                       "fan-out failed; the sweep tries again");
                        (game, false)
                    }
                }
            });
        }
        tokio::select! {
            () = hints.hinted(), if tasks.len() < concurrency => {}
            ended = tasks.join_next(), if !tasks.is_empty() => {
                if let Some(Ok((_, false))) = ended {
                    // A failing database: not again at once.
                    tokio::time::sleep(FAILED_PAUSE).await;
                }
            }
            () = tokio::time::sleep_until(next_sweep) => {}
        }
    }
}
