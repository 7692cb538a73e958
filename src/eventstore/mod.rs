//! The event store: append-only game streams in PostgreSQL, hash-chained, replayed through
//! `rules` on read, the `games` read model for listings, the outboxes an append writes in its
//! transaction, the wake-ups (LISTEN/NOTIFY) and the Citus placement of every table. Knows
//! nothing of the features: they load a game here, let `rules` decide, and append here.
//!
//! Every write is one transaction: load → replay → decide → append with expected version →
//! update the read model → `pg_notify` → commit.

// Bottom-up, each group naming only those above it: the foundations (errors, the hash chain,
// the stream, the read model, kept replays, connections, the outbox and wake-ups); the append;
// invitations; the use cases; the tools.
pub mod chain;
pub mod distribute;
pub mod error;
pub mod game_counts;
pub mod local;
pub mod notify;
pub mod outbox;
pub mod read_model;
pub mod receipts;
pub mod revocations;
pub mod server_keys;
pub mod snapshots;
pub mod stream;
pub mod warm;

pub mod append;

pub mod reads;

pub mod bulk;

use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};
use sqlx::pool::PoolConnection;
use sqlx::{PgConnection, PgPool, Postgres};
use uuid::Uuid;

pub use bulk::{ImportGame, numbered_account_id, numbered_game_id};
pub use chain::{GENESIS, chain_hash, request_hash};
pub use error::{Result, StoreError, is_shard_of, is_unavailable};
pub use notify::{
    AUTHORITY_CHANNEL, AccountWakeups, CHANNEL, NotificationWakeups, Notifier,
    announce_authority_change,
};
pub use outbox::{
    NOTIFICATIONS_CHANNEL, Notification, NotificationKind, delivery_body, message_id,
};
pub use read_model::{
    DEFAULT_LIST_LIMIT, GameResult, GameStatus, GameSummary, ListQuery, MAX_LIST_LIMIT, SeatInfo,
    Visibility,
};
pub use reads::{CurrentGame, LoadedGame};
pub use revocations::{Revoked, RevokedSessions, revoke_sessions};
pub use snapshots::{SNAPSHOT_CAPACITY, Snapshot};
pub use stream::{StoredEvent, UpcastError, head_hash_of, upcast};

/// Every migration under `migrations/`, embedded in the binary.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// PostgreSQL's "undefined table": the database has no migrations (or no games) yet.
const UNDEFINED_TABLE: &str = "42P01";

/// How many of [`MIGRATOR`]'s migrations the database has not applied.
pub async fn pending_migrations(pool: &PgPool) -> std::result::Result<usize, sqlx::Error> {
    let applied: Vec<i64> =
        match sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success")
            .fetch_all(pool)
            .await
        {
            Ok(v) => v,
            Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some(UNDEFINED_TABLE) => {
                Vec::new()
            }
            Err(e) => return Err(e),
        };
    let applied: std::collections::HashSet<i64> = applied.into_iter().collect();
    Ok(MIGRATOR
        .iter()
        .filter(|m| m.migration_type.is_up_migration() && !applied.contains(&m.version))
        .count())
}

/// Creates the database `name` on the server `conn` is connected to, unless it exists.
pub async fn create_database_if_missing(
    conn: &mut PgConnection,
    name: &str,
) -> std::result::Result<(), sqlx::Error> {
    let exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
            .bind(name)
            .fetch_one(&mut *conn)
            .await?;
    if !exists {
        sqlx::query(&format!(r#"CREATE DATABASE "{name}""#))
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// A game's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub Uuid);

/// An account's id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AccountId(pub Uuid);

/// A seat as stored (`smallint`).
pub(crate) fn seat_from_db(v: i16) -> Result<rules::Seat> {
    u8::try_from(v)
        .map(rules::Seat)
        .map_err(|_| error::unexpected(format!("seat {v} out of range")))
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for AccountId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::str::FromStr for GameId {
    type Err = uuid::Error;
    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        Uuid::parse_str(s).map(GameId)
    }
}

impl std::str::FromStr for AccountId {
    type Err = uuid::Error;
    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        Uuid::parse_str(s).map(AccountId)
    }
}

/// The store: a handle on the pool and the process's replayed games, cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    pub(crate) pool: PgPool,
    pub(crate) snapshots: Arc<snapshots::Snapshots>,
    /// The earliest thing this process's appends made due (a bot's move, a deadline): a hint
    /// that wakes this process's deadline worker before its next look. The database stays the
    /// only record of what is due (any process's worker finds it there).
    pub(crate) due: Arc<DueHints>,
    /// Games whose outbox this process's appends wrote to: hints for its fan-out worker.
    pub(crate) outboxed: Arc<crate::eventstore::outbox::Hints>,
    /// Wakes this process's rating worker when its appends end a game.
    pub(crate) ended: Arc<tokio::sync::Notify>,
    /// The same, for the transparency log's sequencer.
    pub(crate) ended_for_log: Arc<tokio::sync::Notify>,
    /// The same hint for the tournament worker.
    pub(crate) ended_for_tournaments: Arc<tokio::sync::Notify>,
    /// Connections the hot paths hand to each other (see `warm.rs`).
    pub(crate) warm: Arc<warm::Warm>,
    /// Tells this store's worker connection sets from another's (see `local.rs`).
    pub(crate) id: usize,
    /// Whether the database is a Citus coordinator, looked up by the first append that needs it.
    pub(crate) layout: Arc<tokio::sync::OnceCell<distribute::Layout>>,
    /// This process's waiters on games, handed the events of each append once it commits
    /// (`None`: no waiters here, as in the tools).
    pub(crate) live: Option<Arc<notify::GameWakers>>,
    /// This process's waiters on accounts' notifications, handed the rows its fan-out writes
    /// once they commit (`None`: no waiters here).
    pub(crate) live_notifications: Option<Arc<notify::NotificationWakers>>,
    /// The receipts' key, when this store signs them, and the salts read.
    pub(crate) receipts: Arc<receipts::Receipts>,
}

/// A connection a hot path (view, legal actions, action) works on: its worker's own (see
/// `local.rs`), or, on a thread without a set, the shared pool's.
pub(crate) enum HotConn {
    Local(local::LocalConn),
    Shared(PoolConnection<Postgres>),
}

impl Deref for HotConn {
    type Target = PgConnection;

    fn deref(&self) -> &PgConnection {
        match self {
            HotConn::Local(c) => c,
            HotConn::Shared(c) => c,
        }
    }
}

impl DerefMut for HotConn {
    fn deref_mut(&mut self) -> &mut PgConnection {
        match self {
            HotConn::Local(c) => c,
            HotConn::Shared(c) => c,
        }
    }
}

static NEXT_STORE_ID: AtomicUsize = AtomicUsize::new(0);

impl Store {
    pub fn new(pool: PgPool) -> Self {
        Self {
            pool,
            snapshots: Arc::new(snapshots::Snapshots::new(SNAPSHOT_CAPACITY)),
            due: Arc::default(),
            outboxed: Arc::default(),
            ended: Arc::default(),
            ended_for_log: Arc::default(),
            ended_for_tournaments: Arc::default(),
            warm: warm::Warm::start(),
            id: NEXT_STORE_ID.fetch_add(1, Ordering::Relaxed),
            layout: Arc::default(),
            receipts: Arc::new(receipts::Receipts::new(None)),
            live: None,
            live_notifications: None,
        }
    }

    /// Hands the notifications this process's fan-out writes to its streams of their accounts
    /// (`Notifier::notifications`) once they commit, before the database's notification comes
    /// back.
    pub fn with_live_notifications(mut self, accounts: Arc<notify::NotificationWakers>) -> Self {
        self.live_notifications = Some(accounts);
        self
    }

    /// After the commit of `account`'s notifications `rows` (ids following each other), written
    /// by this process: its streams here take them as they are.
    pub(crate) fn notified(&self, account: AccountId, rows: Vec<Notification>) {
        let (Some(accounts), Some(last)) = (&self.live_notifications, rows.last().map(|n| n.id))
        else {
            return;
        };
        let live = Arc::new(notify::LiveNotifications { rows });
        accounts.notified(account, last, Some(live));
    }

    /// Hands the events of this store's appends to this process's waiters on their games
    /// (`Notifier::games`) once they commit, before the database's notification comes back.
    pub fn with_live_appends(mut self, games: Arc<notify::GameWakers>) -> Self {
        self.live = Some(games);
        self
    }

    /// This store signs receipts with the transparency log's key: each `your_turn` it writes
    /// carries the receipt of its version, and each action's answer its own (docs/audit.md).
    /// A store made without it (tools, some tests) signs none.
    pub fn with_receipts(mut self, signer: Arc<crate::proofs::signing::LogSigner>) -> Self {
        self.receipts = Arc::new(receipts::Receipts::new(Some(signer)));
        self
    }

    /// What signs `id`'s receipts (see [`receipts::Receipts::seal`]).
    pub(crate) async fn seal(
        &self,
        conn: &mut PgConnection,
        id: GameId,
    ) -> Result<Option<receipts::Seal<'_>>> {
        self.receipts.seal(&self.pool, conn, id).await
    }

    /// How the database holds the tables (asked of it once, on `conn`).
    pub(crate) async fn layout(
        &self,
        conn: &mut PgConnection,
    ) -> std::result::Result<distribute::Layout, StoreError> {
        self.layout
            .get_or_try_init(|| distribute::Layout::of(conn))
            .await
            .copied()
    }

    /// Gives the calling thread (an HTTP worker's) its own set of at most `capacity`
    /// connections for the hot paths (see `local.rs`); 0: it uses the shared pool.
    pub fn attach_worker(&self, capacity: u32) {
        // Told apart from the pool's in `pg_stat_activity`.
        let pooled = self.pool.connect_options();
        let name = format!(
            "{} {}",
            pooled.get_application_name().unwrap_or("lords"),
            local::APPLICATION_NAME_SUFFIX
        );
        let options = Arc::new((*pooled).clone().application_name(&name));
        let timeout = self.pool.options().get_acquire_timeout();
        local::attach(self.id, options, capacity as usize, timeout);
    }

    /// Closes the calling thread's set (on shutdown): its idle connections now, the others as
    /// their requests end.
    pub async fn close_worker(&self) {
        local::close(self.id).await;
    }

    /// A connection for a hot path: this worker's own when it has a set, else a warm one or
    /// the pool's.
    pub(crate) async fn hot_connection(&self) -> std::result::Result<HotConn, sqlx::Error> {
        if local::attached(self.id) {
            return local::acquire(self.id).await.map(HotConn::Local);
        }
        match self.warm.take() {
            Some(conn) => Ok(HotConn::Shared(conn)),
            None => self.pool.acquire().await.map(HotConn::Shared),
        }
    }

    /// Gives back a hot path's connection after its statements succeeded.
    pub(crate) fn keep(&self, conn: HotConn) {
        match conn {
            HotConn::Local(c) => c.keep(),
            HotConn::Shared(c) => self.warm.keep(c, &self.pool),
        }
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// After the commit of an append made by this process: wakes this process's workers for
    /// what it made due (a bot's move, a deadline) and for its outbox. Hints only: the database
    /// is where every process's workers find the work.
    pub(crate) fn committed(&self, id: GameId, appended: &append::Appended) {
        if appended.bot_due {
            self.due.hint(chrono::Utc::now());
        } else if let Some(at) = appended.remind.or(appended.deadline) {
            // The reminder comes before the deadline; the deadline worker looks again after it.
            self.due.hint(at);
        }
        if appended.told {
            self.outboxed.hint(id);
        }
        if let Some(games) = &self.live {
            games.appended(id, appended.version, Some(appended.live.clone()));
        }
        if appended.ended {
            self.ended.notify_one();
            self.ended_for_log.notify_one();
            self.ended_for_tournaments.notify_one();
        }
    }

    /// Resolves once this process has committed an append that ended a game (since the last
    /// call): a hint for its rating worker, which reads what to rate from the database.
    pub async fn game_ended_hinted(&self) {
        self.ended.notified().await
    }

    /// The same hint for the transparency log's sequencer.
    pub async fn game_ended_hinted_for_log(&self) {
        self.ended_for_log.notified().await
    }

    /// The same hint for the tournament worker (a round may be over).
    pub async fn game_ended_hinted_for_tournaments(&self) {
        self.ended_for_tournaments.notified().await
    }

    /// Resolves once this process has committed an append that makes something due, with the
    /// earliest such time hinted since the last call.
    pub async fn due_hinted(&self) -> chrono::DateTime<chrono::Utc> {
        self.due.next().await
    }

    /// The games this process appended to the outbox of (see [`crate::eventstore::outbox::Hints`]).
    pub fn outbox_hints(&self) -> &crate::eventstore::outbox::Hints {
        &self.outboxed
    }
}

/// The earliest due time hinted by this process's appends since the worker last looked.
#[derive(Debug, Default)]
pub(crate) struct DueHints {
    earliest: std::sync::Mutex<Option<chrono::DateTime<chrono::Utc>>>,
    notify: tokio::sync::Notify,
}

impl DueHints {
    pub(crate) fn hint(&self, at: chrono::DateTime<chrono::Utc>) {
        let mut earliest = self.earliest.lock().unwrap_or_else(|p| p.into_inner());
        if earliest.is_none_or(|e| at < e) {
            *earliest = Some(at);
        }
        drop(earliest);
        self.notify.notify_one();
    }

    pub(crate) async fn next(&self) -> chrono::DateTime<chrono::Utc> {
        loop {
            if let Some(at) = self
                .earliest
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .take()
            {
                return at;
            }
            self.notify.notified().await;
        }
    }
}
