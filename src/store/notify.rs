//! Wake-ups for long polls: one `LISTEN game_events` connection per process, fanned out to
//! waiters through a broadcast channel. Appends send `pg_notify('game_events', '<id>:<version>')`
//! inside their transaction, so a notification means the events are committed.

use std::sync::Arc;
use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::{PgListener, PgPoolOptions};
use tokio::sync::{broadcast, oneshot};
use tokio::time::Instant;

use super::GameId;

/// The notification channel appends are announced on.
pub const CHANNEL: &str = "game_events";

#[derive(Debug, Clone, Copy)]
enum Signal {
    /// The game's stream reached this version.
    Appended(GameId, i64),
    /// The listener (re)connected: notifications may have been missed, look at the database.
    Resync,
}

/// Started once per process; clones share the listener. The listener stops when the last clone
/// is dropped.
#[derive(Clone)]
pub struct Notifier {
    inner: Arc<Inner>,
}

struct Inner {
    pool: PgPool,
    signals: broadcast::Sender<Signal>,
    _stop: oneshot::Sender<()>,
}

impl std::fmt::Debug for Notifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Notifier")
            .field("waiters", &self.inner.signals.receiver_count())
            .finish()
    }
}

impl Notifier {
    /// Listens on `game_events` over a dedicated connection (not one of the pool's), and
    /// reconnects with backoff whenever that connection drops.
    pub async fn start(pool: PgPool) -> Notifier {
        let (signals, _) = broadcast::channel(1024);
        let (stop_tx, stop_rx) = oneshot::channel();
        let options = (*pool.connect_options()).clone();
        let listener_pool = PgPoolOptions::new()
            .max_connections(1)
            .min_connections(0)
            .acquire_timeout(Duration::from_secs(5))
            .max_lifetime(None)
            .idle_timeout(None)
            .connect_lazy_with(options);
        // The first connection is made before returning, so that waiters hear everything from
        // the start when the database is up; when it is not, the task keeps trying.
        let first = listen(&listener_pool).await;
        if let Err(e) = &first {
            tracing::warn!(error = %e, "game_events listener: first connection failed; retrying");
        }
        tokio::spawn(run(listener_pool, first.ok(), signals.clone(), stop_rx));
        Notifier {
            inner: Arc::new(Inner {
                pool,
                signals,
                _stop: stop_tx,
            }),
        }
    }

    /// Waits until game `id` is past `after_version` (true) or `timeout` passes (false).
    /// Looks at the database after subscribing, so an append that committed just before the
    /// wait began is not missed.
    pub async fn wait_past(&self, id: GameId, after_version: i64, timeout: Duration) -> bool {
        let mut signals = self.inner.signals.subscribe();
        let deadline = Instant::now() + timeout;
        if self.is_past(id, after_version).await {
            return true;
        }
        loop {
            match tokio::time::timeout_at(deadline, signals.recv()).await {
                Err(_elapsed) => return false,
                Ok(Ok(Signal::Appended(game, version))) => {
                    if game == id && version > after_version {
                        return true;
                    }
                }
                Ok(Ok(Signal::Resync) | Err(broadcast::error::RecvError::Lagged(_))) => {
                    if self.is_past(id, after_version).await {
                        return true;
                    }
                }
                Ok(Err(broadcast::error::RecvError::Closed)) => {
                    tokio::time::sleep_until(deadline).await;
                    return self.is_past(id, after_version).await;
                }
            }
        }
    }

    async fn is_past(&self, id: GameId, after_version: i64) -> bool {
        let version: Result<Option<i64>, _> =
            sqlx::query_scalar("SELECT version FROM games WHERE id = $1")
                .bind(id.0)
                .fetch_optional(&self.inner.pool)
                .await;
        match version {
            Ok(v) => v.is_some_and(|v| v > after_version),
            Err(e) => {
                tracing::warn!(error = %e, game = %id, "wait_past: cannot read the version");
                false
            }
        }
    }
}

async fn listen(pool: &PgPool) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

async fn run(
    pool: PgPool,
    mut listener: Option<PgListener>,
    signals: broadcast::Sender<Signal>,
    mut stop: oneshot::Receiver<()>,
) {
    let mut backoff = Duration::from_millis(50);
    loop {
        let Some(l) = listener.as_mut() else {
            tokio::select! {
                _ = &mut stop => return,
                connected = listen(&pool) => match connected {
                    Ok(l) => {
                        tracing::info!("game_events listener connected");
                        listener = Some(l);
                        backoff = Duration::from_millis(50);
                        let _ = signals.send(Signal::Resync);
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "game_events listener: cannot connect");
                        tokio::select! {
                            _ = &mut stop => return,
                            _ = tokio::time::sleep(backoff) => {}
                        }
                        backoff = (backoff * 2).min(Duration::from_secs(5));
                    }
                },
            }
            continue;
        };
        tokio::select! {
            _ = &mut stop => return,
            received = l.try_recv() => match received {
                Ok(Some(n)) => match parse(n.payload()) {
                    Some((id, version)) => {
                        let _ = signals.send(Signal::Appended(id, version));
                    }
                    None => tracing::warn!(payload = n.payload(), "game_events: bad payload"),
                },
                // The connection dropped and the listener has already listened again on a new
                // one: notifications in between are lost, so the waiters look at the database.
                Ok(None) => {
                    tracing::warn!("game_events listener reconnected after losing its connection");
                    let _ = signals.send(Signal::Resync);
                }
                // The connection failed (or could not be made again): start over on a new one,
                // which resyncs the waiters once it listens.
                Err(e) => {
                    tracing::warn!(error = %e, "game_events listener failed; reconnecting");
                    listener = None;
                }
            },
        }
    }
}

fn parse(payload: &str) -> Option<(GameId, i64)> {
    let (id, version) = payload.split_once(':')?;
    Some((id.parse().ok()?, version.parse().ok()?))
}
