//! Warm connections: pooled connections the hot paths (a view, legal actions, an action) hand
//! to each other without giving them back to the pool in between.
//!
//! sqlx 0.8 pings every connection that goes back to its pool (one more round trip, and a
//! wake-up of a PostgreSQL backend, per request) and nothing turns that off; it cost a third of
//! the views a second (docs/performance.md). So a connection
//! the hot paths are done with is kept here, still checked out of the pool (it counts against
//! `max_connections` as before), and the next hot request takes it. A few at most are kept, and
//! one that sits unused for [`IDLE_RETURN`] goes back to the pool, so other users of the pool
//! (listings, workers) never wait long for them and `PgPool::close` (which waits for every
//! checked-out connection) finishes once the sweep has run. When the pool may have requests
//! waiting (none idle, none more to open) a connection goes back to it instead of being kept,
//! so that the pool's queue stays first come, first served. A connection that failed is never
//! kept: it goes back to the pool, which checks it and closes it.

use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use sqlx::pool::PoolConnection;
use sqlx::{PgPool, Postgres};

/// At most this many are kept.
const CAPACITY: usize = 4;
/// One kept longer than this unused goes back to the pool.
const IDLE_RETURN: Duration = Duration::from_millis(50);

#[derive(Debug)]
pub(crate) struct Warm {
    kept: Mutex<Vec<(PoolConnection<Postgres>, Instant)>>,
    /// False outside a Tokio runtime: without the sweeping task nothing may be kept.
    enabled: bool,
}

impl Warm {
    /// A new set, and the task that returns what sits unused to the pool (it ends when the set
    /// is dropped).
    pub fn start() -> Arc<Warm> {
        let runtime = tokio::runtime::Handle::try_current().ok();
        let warm = Arc::new(Warm {
            kept: Mutex::new(Vec::with_capacity(CAPACITY)),
            enabled: runtime.is_some(),
        });
        if let Some(runtime) = runtime {
            runtime.spawn(sweep(Arc::downgrade(&warm)));
        }
        warm
    }

    /// The most recently kept connection, if any.
    pub fn take(&self) -> Option<PoolConnection<Postgres>> {
        self.kept.lock().ok()?.pop().map(|(conn, _)| conn)
    }

    /// Keeps a connection that just served a hot request successfully. It goes back to the
    /// pool instead past capacity, and whenever the pool may have someone waiting (no idle
    /// connection and no room for a new one): kept, it would pass them by.
    pub fn keep(&self, conn: PoolConnection<Postgres>, pool: &PgPool) {
        let nobody_waits =
            pool.num_idle() > 0 || pool.size() < pool.options().get_max_connections();
        if !(self.enabled && nobody_waits) {
            return;
        }
        let Ok(mut kept) = self.kept.lock() else {
            return;
        };
        if kept.len() < CAPACITY {
            kept.push((conn, Instant::now()));
        }
    }

    /// Gives back to the pool what sat unused for [`IDLE_RETURN`].
    fn return_idle(&self) {
        let Ok(mut kept) = self.kept.lock() else {
            return;
        };
        let now = Instant::now();
        // Dropping a pooled connection only spawns its return to the pool.
        kept.retain(|(_, since)| now.duration_since(*since) < IDLE_RETURN);
    }
}

async fn sweep(warm: Weak<Warm>) {
    let mut tick = tokio::time::interval(IDLE_RETURN / 2);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let Some(warm) = warm.upgrade() else {
            return;
        };
        warm.return_idle();
    }
}
