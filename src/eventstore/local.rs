//! Worker-local connections: each HTTP worker thread's own few database connections, opened on
//! that thread and used only by its requests on the hot paths (a view, legal actions, an
//! action).
//!
//! actix-web runs each worker on its own single-threaded Tokio runtime, and a socket is watched
//! by the runtime that opened it. A connection of the shared pool, opened on one worker and
//! used by a request on another, has its every reply noticed by the first worker's thread,
//! which must then wake the second: a cross-thread wake-up, often of a sleeping thread, per
//! statement (the figures are in docs/performance.md).
//!
//! So a worker opens its connections itself and keeps them: a connection a request is done
//! with goes to the next request of the same worker that waits for one, else back to the
//! worker's set, without sqlx's ping on the way (see `warm.rs` for what that ping costs). One
//! that sat idle for [`IDLE_CHECK_AFTER`] is pinged before use, as the shared pool does. One
//! given back after a failure (the request ended early, or a statement failed) is pinged
//! first, in a task of its own: kept if it answers, closed if not. Their number counts against
//! `--db-max-connections`: `serve` gives the shared pool the rest ([`split_connections`]).
//!
//! A thread has at most one set, attached by [`attach`] for one [`Store`](crate::eventstore::Store) (told
//! apart by an id); code on any other thread (the deadline worker, commands, tests calling the
//! store directly) uses the shared pool. [`close`] ends a worker's set when the server shuts
//! down: its kept connections are closed at once, the others when their requests give them back.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use sqlx::postgres::PgConnectOptions;
use sqlx::{Connection, PgConnection};
use tokio::sync::oneshot;

/// Added to the pool's `application_name` for the workers' connections ("lords worker").
pub const APPLICATION_NAME_SUFFIX: &str = "worker";

/// A kept connection idle this long is pinged before it is used (as the shared pool's are).
pub const IDLE_CHECK_AFTER: Duration = Duration::from_secs(1);

/// The shared pool keeps at least this many of `--db-max-connections` (listings, joins, the
/// background workers).
pub const MIN_SHARED: u32 = 2;

/// `max_connections` split between the shared pool and `workers` worker sets of at most
/// `per_worker` each: `(shared, per_worker)`. The worker sets get less (none at all, if need
/// be) rather than leave the shared pool fewer than [`MIN_SHARED`].
pub fn split_connections(max_connections: u32, workers: u32, per_worker: u32) -> (u32, u32) {
    let workers = workers.max(1);
    let room = max_connections.saturating_sub(MIN_SHARED) / workers;
    let per_worker = per_worker.min(room);
    (max_connections - per_worker * workers, per_worker)
}

/// Connections open in this process's worker sets (the `lords_db_worker_connections` gauge).
static OPEN: AtomicU64 = AtomicU64::new(0);

/// Connections the HTTP workers of this process hold for themselves.
pub fn open_connections() -> u64 {
    OPEN.load(Ordering::Relaxed)
}

/// Ends a connection of a set: closed politely in a task when a runtime is there, else
/// dropped (the socket closes).
fn discard(conn: PgConnection) {
    OPEN.fetch_sub(1, Ordering::Relaxed);
    if let Ok(rt) = tokio::runtime::Handle::try_current() {
        rt.spawn(async move {
            let _ = conn.close().await;
        });
    }
}

/// What a request waiting on its worker's set is given.
enum Grant {
    /// A connection another request gave back.
    Conn(PgConnection),
    /// Room to open one (a connection was closed).
    Room,
}

struct Set {
    store: usize,
    options: Arc<PgConnectOptions>,
    capacity: usize,
    acquire_timeout: Duration,
    /// Connections open or being opened: kept, in use, or on their way back.
    open: usize,
    kept: Vec<(PgConnection, Instant)>,
    waiting: VecDeque<oneshot::Sender<Grant>>,
    closing: bool,
}

impl Set {
    /// A connection is back from a request: to the first request still waiting, else kept.
    fn give_back(&mut self, mut conn: PgConnection) {
        if self.closing {
            self.forget();
            discard(conn);
            return;
        }
        while let Some(waiter) = self.waiting.pop_front() {
            match waiter.send(Grant::Conn(conn)) {
                Ok(()) => return,
                Err(Grant::Conn(back)) => conn = back,
                Err(Grant::Room) => unreachable!("sent a connection"),
            }
        }
        self.kept.push((conn, Instant::now()));
    }

    /// A connection was closed (or never opened): its room goes to a waiting request.
    fn forget(&mut self) {
        while let Some(waiter) = self.waiting.pop_front() {
            if waiter.send(Grant::Room).is_ok() {
                return;
            }
        }
        self.open -= 1;
    }
}

thread_local! {
    static SET: RefCell<Option<Set>> = const { RefCell::new(None) };
}

/// Gives this thread a set of at most `capacity` connections for `store` (see the module).
pub fn attach(
    store: usize,
    options: Arc<PgConnectOptions>,
    capacity: usize,
    acquire_timeout: Duration,
) {
    SET.with_borrow_mut(|set| {
        *set = (capacity > 0).then(|| Set {
            store,
            options,
            capacity,
            acquire_timeout,
            open: 0,
            kept: Vec::new(),
            waiting: VecDeque::new(),
            closing: false,
        });
    });
}

/// Whether this thread has a set for `store` that still hands out connections.
pub fn attached(store: usize) -> bool {
    SET.with_borrow(|set| set.as_ref().is_some_and(|s| s.store == store && !s.closing))
}

/// Closes this thread's set for `store`: the kept connections now, the rest as they come
/// back. Later requests use the shared pool.
pub async fn close(store: usize) {
    let kept = SET.with_borrow_mut(|set| match set.as_mut() {
        Some(s) if s.store == store => {
            s.closing = true;
            s.open -= s.kept.len();
            s.waiting.clear();
            std::mem::take(&mut s.kept)
        }
        _ => Vec::new(),
    });
    for (conn, _) in kept {
        OPEN.fetch_sub(1, Ordering::Relaxed);
        let _ = conn.close().await;
    }
}

/// One of this thread's connections (a kept one, a new one, or the next given back), within
/// the set's acquire timeout (`PoolTimedOut` after it, as the shared pool). Call only where
/// [`attached`] said yes.
pub async fn acquire(store: usize) -> Result<LocalConn, sqlx::Error> {
    enum Next {
        Kept(PgConnection, Instant),
        Open(Arc<PgConnectOptions>),
        Wait(oneshot::Receiver<Grant>),
    }
    let started = Instant::now();
    loop {
        let (next, timeout) = SET.with_borrow_mut(|set| {
            let s = set
                .as_mut()
                .filter(|s| s.store == store && !s.closing)
                .ok_or(sqlx::Error::PoolClosed)?;
            let next = if let Some((conn, since)) = s.kept.pop() {
                Next::Kept(conn, since)
            } else if s.open < s.capacity {
                s.open += 1;
                Next::Open(s.options.clone())
            } else {
                let (tx, rx) = oneshot::channel();
                s.waiting.push_back(tx);
                Next::Wait(rx)
            };
            Ok::<_, sqlx::Error>((next, s.acquire_timeout))
        })?;
        let left = timeout.saturating_sub(started.elapsed());
        let conn = match next {
            Next::Kept(conn, since) => {
                // Lent before the ping, so that a request dropped mid-ping gives it back.
                let mut lent = LocalConn {
                    conn: Some(conn),
                    owner: std::thread::current().id(),
                };
                if since.elapsed() >= IDLE_CHECK_AFTER && lent.ping().await.is_err() {
                    if let Some(conn) = lent.conn.take() {
                        discard(conn);
                        forget_one();
                    }
                    continue;
                }
                return Ok(lent);
            }
            Next::Open(options) => open(&options, left).await?,
            Next::Wait(rx) => {
                let mut waiting = Waiting(rx);
                match tokio::time::timeout(left, &mut waiting.0).await {
                    Ok(Ok(Grant::Conn(conn))) => conn,
                    Ok(Ok(Grant::Room)) => {
                        let options =
                            SET.with_borrow(|set| set.as_ref().map(|s| s.options.clone()));
                        match options {
                            Some(options) => open(&options, left).await?,
                            None => return Err(sqlx::Error::PoolClosed),
                        }
                    }
                    // The set was closed (its waiters dropped) or the time is up.
                    Ok(Err(_)) => return Err(sqlx::Error::PoolClosed),
                    Err(_) => return Err(sqlx::Error::PoolTimedOut),
                }
            }
        };
        return Ok(LocalConn {
            conn: Some(conn),
            owner: std::thread::current().id(),
        });
    }
}

/// A request's place in its set's queue. Dropped without having taken its grant (the wait
/// timed out, or the request was dropped mid-wait, as actix does when the client goes away), it
/// hands on a grant sent at that moment: otherwise the connection, or its room, would be lost to
/// the set for good.
struct Waiting(oneshot::Receiver<Grant>);

impl Drop for Waiting {
    fn drop(&mut self) {
        self.0.close();
        match self.0.try_recv() {
            Ok(Grant::Conn(conn)) => give_back(conn, std::thread::current().id()),
            Ok(Grant::Room) => forget_one(),
            Err(_) => {}
        }
    }
}

/// Opens a connection for room already counted in `open`; gives the room up on failure.
/// The room is given up too when the request is dropped mid-connect.
async fn open(options: &PgConnectOptions, left: Duration) -> Result<PgConnection, sqlx::Error> {
    struct Room {
        taken: bool,
    }
    impl Drop for Room {
        fn drop(&mut self) {
            if !self.taken {
                forget_one();
            }
        }
    }
    let mut room = Room { taken: false };
    match tokio::time::timeout(left, PgConnection::connect_with(options)).await {
        Ok(Ok(conn)) => {
            room.taken = true;
            OPEN.fetch_add(1, Ordering::Relaxed);
            Ok(conn)
        }
        Ok(Err(e)) => Err(e),
        Err(_) => Err(sqlx::Error::PoolTimedOut),
    }
}

/// One connection of this thread's set is gone.
fn forget_one() {
    SET.with_borrow_mut(|set| {
        if let Some(s) = set.as_mut() {
            s.forget();
        }
    });
}

/// A connection of a worker's set, lent to one request. [`LocalConn::keep`] gives it back
/// after success; dropped without that, it is pinged before it is kept (see the module).
#[derive(Debug)]
pub struct LocalConn {
    conn: Option<PgConnection>,
    owner: ThreadId,
}

impl LocalConn {
    /// Gives back a connection whose last statements succeeded.
    pub fn keep(mut self) {
        if let Some(conn) = self.conn.take() {
            give_back(conn, self.owner);
        }
    }
}

/// To the set of the thread that lent it; dropped (closed) if that is not this thread, which a
/// single-threaded worker runtime never does.
fn give_back(conn: PgConnection, owner: ThreadId) {
    if std::thread::current().id() != owner {
        discard(conn);
        return;
    }
    SET.with_borrow_mut(|set| match set.as_mut() {
        Some(s) => s.give_back(conn),
        None => discard(conn),
    });
}

impl Drop for LocalConn {
    fn drop(&mut self) {
        let Some(mut conn) = self.conn.take() else {
            return;
        };
        let owner = self.owner;
        if std::thread::current().id() != owner {
            discard(conn);
            return;
        }
        // sqlx finishes (or rolls back) whatever the request left on the connection before
        // the ping's answer; a connection that cannot answer is closed.
        match tokio::runtime::Handle::try_current() {
            Ok(rt) => {
                rt.spawn(async move {
                    match conn.ping().await {
                        Ok(()) => give_back(conn, owner),
                        Err(_) => {
                            discard(conn);
                            forget_one();
                        }
                    }
                });
            }
            Err(_) => {
                discard(conn);
                forget_one();
            }
        }
    }
}

impl Deref for LocalConn {
    type Target = PgConnection;

    fn deref(&self) -> &PgConnection {
        self.conn
            .as_ref()
            .expect("a lent connection is present until given back")
    }
}

impl DerefMut for LocalConn {
    fn deref_mut(&mut self) -> &mut PgConnection {
        self.conn
            .as_mut()
            .expect("a lent connection is present until given back")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shared_pool_keeps_its_minimum() {
        assert_eq!(split_connections(10, 2, 2), (6, 2));
        assert_eq!(split_connections(10, 2, 8), (2, 4));
        assert_eq!(split_connections(10, 16, 2), (10, 0));
        assert_eq!(split_connections(3, 1, 2), (2, 1));
        assert_eq!(split_connections(2, 1, 2), (2, 0));
        assert_eq!(split_connections(1, 1, 2), (1, 0));
        assert_eq!(split_connections(10, 2, 0), (10, 0));
        assert_eq!(split_connections(10, 0, 2), (8, 2));
    }
}
