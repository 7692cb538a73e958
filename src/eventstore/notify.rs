//! Wake-ups for long polls and streams: one connection per process listens on `game_events`,
//! `game_chat`, `notifications`, `stream_authority` and `session_revoked`.
//! - A game's appends and chat lines wake only that game's waiters (one `watch` per game with a
//!   waiter), and an append made in this process hands them its events at once
//!   ([`LiveAppend`]).
//! - An account's notifications wake only that account's streams (one `watch` per account with
//!   a stream open), and those this process's fan-out writes are handed to them at once
//!   ([`LiveNotifications`]).
//! - A change to an account's authority (a session revoked, the password changed, the account
//!   deleted, a game left) wakes its streams, which re-check in the database whether they may
//!   go on.
//!
//! Writers `pg_notify` inside their transaction, so a wake-up means the rows are committed; a
//! wake-up is only a hint to read the database again from where the reader is (an echo of what
//! was handed over already wakes nobody). Revoked sessions are kept in memory
//! ([`RevokedSessions`]), and loaded again from the database whenever the listener reconnects.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::postgres::{PgListener, PgPoolOptions};
use sqlx::{PgConnection, PgPool};
use tokio::sync::{oneshot, watch};
use tokio::time::Instant;

use crate::eventstore::outbox::{NOTIFICATIONS_CHANNEL, Notification};
use crate::eventstore::revocations::{REVOKED_CHANNEL, RevokedSessions};
use crate::eventstore::{AccountId, GameId};
use rules::{Event, Seat};

/// The channel new lines are announced on, `<game id>:<line id>`: wakes the game's streams.
pub const CHAT_CHANNEL: &str = "game_chat";

/// The notification channel appends are announced on.
pub const CHANNEL: &str = "game_events";

/// The channel a change to an account's authority is announced on (payload: the account id):
/// its streams wake and re-check that they may go on.
pub const AUTHORITY_CHANNEL: &str = "stream_authority";

/// Announces, in the caller's transaction, that `account` may have lost some authority (a
/// session, the account, a game): every stream of the account, on any server process, re-checks
/// once the transaction commits.
pub async fn announce_authority_change(
    conn: &mut PgConnection,
    account: AccountId,
) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(AUTHORITY_CHANNEL)
        .bind(account.0.to_string())
        .execute(conn)
        .await?;
    Ok(())
}

/// The events an append of this process wrote, handed to the game's waiters in this process
/// once it commits: they need not read back what was just written.
#[derive(Debug)]
pub struct LiveAppend {
    /// The `seq` of the first event.
    pub first_seq: i64,
    /// The acting seat of every event of the append (`None`: the deal).
    pub seat: Option<Seat>,
    pub events: Vec<Event>,
}

impl LiveAppend {
    /// The `seq` of the last event: the version the append brought the game to.
    pub fn last_seq(&self) -> i64 {
        self.first_seq + self.events.len() as i64 - 1
    }
}

/// Where a game is, as this process has heard: its version, its last chat line, how many
/// times the listener resynchronised (something may have been missed), and the events of the
/// last append when this process made it.
#[derive(Debug, Clone, Default)]
pub struct GameTip {
    pub version: i64,
    pub line: i64,
    pub resyncs: u64,
    pub live: Option<Arc<LiveAppend>>,
}

/// One `watch` per key (a game, an account) with at least one waiter in this process: a
/// change wakes that key's waiters only.
#[derive(Debug)]
pub struct Wakers<K, T> {
    senders: Mutex<HashMap<K, watch::Sender<T>>>,
}

impl<K, T> Default for Wakers<K, T> {
    fn default() -> Self {
        Wakers {
            senders: Mutex::default(),
        }
    }
}

impl<K: Copy + Eq + Hash, T: Clone + Default> Wakers<K, T> {
    /// Changes `key`'s value with `change` when it has waiters; they wake when it says so.
    fn update(&self, key: K, change: impl FnOnce(&mut T) -> bool) {
        let senders = self.senders.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(tx) = senders.get(&key) {
            tx.send_if_modified(change);
        }
    }

    /// Changes every key's value with `change`, waking every waiter.
    fn update_all(&self, change: impl Fn(&mut T)) {
        let senders = self.senders.lock().unwrap_or_else(|p| p.into_inner());
        for tx in senders.values() {
            tx.send_modify(&change);
        }
    }

    fn subscribe(self: &Arc<Self>, key: K) -> Wakeups<K, T> {
        let rx = {
            let mut senders = self.senders.lock().unwrap_or_else(|p| p.into_inner());
            senders
                .entry(key)
                .or_insert_with(|| watch::channel(T::default()).0)
                .subscribe()
        };
        Wakeups {
            key,
            rx: Some(rx),
            wakers: self.clone(),
        }
    }

    fn len(&self) -> usize {
        self.senders.lock().map_or(0, |s| s.len())
    }
}

/// Wake-ups of one key, for one waiter. Subscribe before reading the database: anything
/// committed after the subscription wakes it.
pub struct Wakeups<K: Copy + Eq + Hash, T> {
    key: K,
    rx: Option<watch::Receiver<T>>,
    wakers: Arc<Wakers<K, T>>,
}

impl<K: Copy + Eq + Hash, T: Clone> Wakeups<K, T> {
    /// Resolves at the next change of the key's value, with it.
    pub async fn changed(&mut self) -> T {
        if let Some(rx) = self.rx.as_mut()
            && rx.changed().await.is_ok()
        {
            return rx.borrow_and_update().clone();
        }
        // Never happens while `self` holds the receiver (the map holds the sender).
        std::future::pending().await
    }
}

impl<K: Copy + Eq + Hash, T> Drop for Wakeups<K, T> {
    fn drop(&mut self) {
        let mut senders = self
            .wakers
            .senders
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        drop(self.rx.take());
        if senders
            .get(&self.key)
            .is_some_and(|tx| tx.receiver_count() == 0)
        {
            senders.remove(&self.key);
        }
    }
}

/// The waiters on games.
pub type GameWakers = Wakers<GameId, GameTip>;
/// Wake-ups of one game (its appends, its chat lines, resynchronisations).
pub type GameWakeups = Wakeups<GameId, GameTip>;

impl Wakers<GameId, GameTip> {
    /// The game reached `version` (with the events when this process appended them).
    pub fn appended(&self, id: GameId, version: i64, live: Option<Arc<LiveAppend>>) {
        self.update(id, |tip| {
            if version <= tip.version {
                return false;
            }
            tip.version = version;
            tip.live = live.filter(|l| l.last_seq() == version);
            true
        });
    }

    /// A line was said at the game's table (service rules §9.8).
    fn chatted(&self, id: GameId, line: i64) {
        self.update(id, |tip| {
            if line <= tip.line {
                return false;
            }
            tip.line = line;
            true
        });
    }

    /// After a reconnection of the listener: every waiter looks at the database.
    fn resync_all(&self) {
        self.update_all(|tip| {
            tip.resyncs = tip.resyncs.wrapping_add(1);
            tip.live = None;
        });
    }
}

/// Started once per process; clones share the listener. The listener stops when the last clone
/// is dropped.
#[derive(Clone)]
pub struct Notifier {
    inner: Arc<Inner>,
}

struct Inner {
    pool: PgPool,
    games: Arc<GameWakers>,
    accounts: Arc<AccountWakers>,
    revoked: Arc<RevokedSessions>,
    _stop: oneshot::Sender<()>,
}

/// The notifications of one account that this process wrote in one transaction, handed to the
/// account's streams in this process once it commits: they need not read back what was just
/// written. Their ids follow each other.
#[derive(Debug)]
pub struct LiveNotifications {
    pub rows: Vec<Notification>,
}

impl LiveNotifications {
    fn first_id(&self) -> Option<i64> {
        self.rows.first().map(|n| n.id)
    }

    fn last_id(&self) -> Option<i64> {
        self.rows.last().map(|n| n.id)
    }

    /// The rows after `after`, when they are the very next ones and at most `limit`.
    pub fn following(&self, after: i64, limit: usize) -> Option<&[Notification]> {
        (self.first_id() == Some(after + 1) && self.rows.len() <= limit).then_some(&self.rows)
    }
}

/// Where an account's notifications are, as this process has heard: the last id, how many
/// times the listener resynchronised (something may have been missed), and the rows of the
/// last write when this process made it.
#[derive(Debug, Clone, Default)]
pub struct AccountTip {
    pub last: i64,
    pub resyncs: u64,
    pub live: Option<Arc<LiveNotifications>>,
}

/// The waiters on accounts' notifications.
pub type NotificationWakers = Wakers<AccountId, AccountTip>;

impl Wakers<AccountId, AccountTip> {
    /// `account`'s notifications reached id `last` (with the rows when this process wrote
    /// them).
    pub fn notified(&self, account: AccountId, last: i64, live: Option<Arc<LiveNotifications>>) {
        self.update(account, |tip| {
            if last <= tip.last {
                return false;
            }
            tip.last = last;
            tip.live = live.filter(|l| l.last_id() == Some(last));
            true
        });
    }

    /// After a reconnection of the listener: every stream looks at the database.
    fn resync_all(&self) {
        self.update_all(|tip| {
            tip.resyncs = tip.resyncs.wrapping_add(1);
            tip.live = None;
        });
    }
}

/// What wakes the streams of accounts: their notifications, and changes to their authority.
struct AccountWakers {
    notifications: Arc<NotificationWakers>,
    authority: Arc<WakerMap>,
    /// Notifications that came with deliveries to attempt: wakes the delivery worker.
    any: watch::Sender<u64>,
}

impl Default for AccountWakers {
    fn default() -> Self {
        AccountWakers {
            notifications: Arc::default(),
            authority: Arc::default(),
            any: watch::channel(0).0,
        }
    }
}

impl AccountWakers {
    /// `deliveries`: the notifications came with webhook or Web Push deliveries to attempt.
    fn wake(&self, account: AccountId, last: i64, deliveries: bool) {
        if deliveries {
            self.any.send_modify(|n| *n = n.wrapping_add(1));
        }
        self.notifications.notified(account, last, None);
    }

    /// After a reconnection of the listener: every stream looks at the database.
    fn wake_all(&self) {
        self.any.send_modify(|n| *n = n.wrapping_add(1));
        self.notifications.resync_all();
        self.authority.wake_all();
    }
}

/// The waiters on accounts. The value only counts wake-ups: a change means "read the database
/// again".
type WakerMap = Wakers<AccountId, u64>;

impl WakerMap {
    fn wake(&self, account: AccountId) {
        self.update(account, |n| {
            *n = n.wrapping_add(1);
            true
        });
    }

    fn wake_all(&self) {
        self.update_all(|n| *n = n.wrapping_add(1));
    }
}

/// Wake-ups of one account, for one stream: of its notifications, or of its authority.
/// Subscribe before reading the database: anything committed after the subscription wakes it
/// (the listener's reconnections too, when something may have been missed).
pub type AccountWakeups = Wakeups<AccountId, u64>;

/// Wake-ups of one account's notifications.
pub type NotificationWakeups = Wakeups<AccountId, AccountTip>;

impl std::fmt::Debug for Notifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let games = self.inner.games.senders.lock().map_or(0, |s| s.len());
        f.debug_struct("Notifier")
            .field("games_waited_on", &games)
            .finish()
    }
}

impl Notifier {
    /// Listens on `game_events` over a dedicated connection (not one of the pool's), and
    /// reconnects with backoff whenever that connection drops.
    pub async fn start(pool: PgPool) -> Notifier {
        let games = Arc::new(GameWakers::default());
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
        let accounts = Arc::new(AccountWakers::default());
        let revoked = Arc::new(RevokedSessions::default());
        // Loaded once listening, so that no revocation falls between the two.
        if first.is_ok() {
            load_revoked(&pool, &revoked).await;
        }
        tokio::spawn(run(
            Listening {
                pool: listener_pool,
                main: pool.clone(),
                revoked: revoked.clone(),
            },
            first.ok(),
            games.clone(),
            accounts.clone(),
            stop_rx,
        ));
        Notifier {
            inner: Arc::new(Inner {
                pool,
                games,
                accounts,
                revoked,
                _stop: stop_tx,
            }),
        }
    }

    /// The sessions revoked on any server process, heard as they are announced: what the
    /// process's token checks consult.
    pub fn revoked_sessions(&self) -> Arc<RevokedSessions> {
        self.inner.revoked.clone()
    }

    /// The games' wake-ups of this process, which its store's appends feed with their events
    /// (`Store::with_live_appends`).
    pub fn games(&self) -> Arc<GameWakers> {
        self.inner.games.clone()
    }

    /// The accounts' notification wake-ups of this process, which its fan-out feeds with the
    /// rows it writes (`Store::with_live_notifications`).
    pub fn notifications(&self) -> Arc<NotificationWakers> {
        self.inner.accounts.notifications.clone()
    }

    /// Wake-ups for game `id`, from now on (see [`GameWakeups`]).
    pub fn subscribe_game(&self, id: GameId) -> GameWakeups {
        self.inner.games.subscribe(id)
    }

    /// Wake-ups for `account`'s notifications, from now on (see [`AccountWakeups`]).
    pub fn subscribe_notifications(&self, account: AccountId) -> NotificationWakeups {
        self.inner.accounts.notifications.subscribe(account)
    }

    /// Wake-ups for changes to `account`'s authority ([`announce_authority_change`]), from now
    /// on; also after a reconnection of the listener, when some may have been missed.
    pub fn subscribe_authority(&self, account: AccountId) -> AccountWakeups {
        self.inner.accounts.authority.subscribe(account)
    }

    /// Wake-ups for notifications that came with deliveries (and listener reconnections): the
    /// value changes whenever a webhook or Web Push delivery may have been queued.
    pub fn subscribe_all_notifications(&self) -> watch::Receiver<u64> {
        self.inner.accounts.any.subscribe()
    }

    /// How many accounts have a notification stream open in this process.
    pub fn notification_subscribers(&self) -> usize {
        self.inner.accounts.notifications.len()
    }

    /// Waits until game `id` is past `after_version` (true) or `timeout` passes (false).
    /// Looks at the database after subscribing, so an append that committed just before the
    /// wait began is not missed. Wakes on this game's appends only.
    pub async fn wait_past(&self, id: GameId, after_version: i64, timeout: Duration) -> bool {
        let mut wakeups = self.subscribe_game(id);
        let deadline = Instant::now() + timeout;
        if self.is_past(id, after_version).await {
            return true;
        }
        let mut resyncs = 0;
        loop {
            let Ok(tip) = tokio::time::timeout_at(deadline, wakeups.changed()).await else {
                return false;
            };
            if tip.version > after_version {
                return true;
            }
            if tip.resyncs != resyncs {
                resyncs = tip.resyncs;
                if self.is_past(id, after_version).await {
                    return true;
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
    listener
        .listen_all([
            CHANNEL,
            NOTIFICATIONS_CHANNEL,
            AUTHORITY_CHANNEL,
            CHAT_CHANNEL,
            REVOKED_CHANNEL,
        ])
        .await?;
    Ok(listener)
}

/// The listener's own pool (its one connection), the server's pool for what it reads, and the
/// revocations it keeps.
struct Listening {
    pool: PgPool,
    main: PgPool,
    revoked: Arc<RevokedSessions>,
}

/// Adds the revocations of the database to what `revoked` keeps; a failure is logged (the
/// next reconnection tries again).
async fn load_revoked(pool: &PgPool, revoked: &RevokedSessions) {
    match revoked.load(pool).await {
        Ok(count) => tracing::debug!(count, "revoked sessions loaded"),
        Err(e) => tracing::warn!(error = ?e, "revoked sessions: cannot load"),
    }
}

async fn run(
    listening: Listening,
    mut listener: Option<PgListener>,
    games: Arc<GameWakers>,
    accounts: Arc<AccountWakers>,
    mut stop: oneshot::Receiver<()>,
) {
    let mut backoff = Duration::from_millis(50);
    loop {
        let Some(l) = listener.as_mut() else {
            tokio::select! {
                _ = &mut stop => return,
                connected = listen(&listening.pool) => match connected {
                    Ok(l) => {
                        tracing::info!("game_events listener connected");
                        listener = Some(l);
                        load_revoked(&listening.main, &listening.revoked).await;
                        backoff = Duration::from_millis(50);
                        games.resync_all();
                        accounts.wake_all();
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
                Ok(Some(n)) if n.channel() == NOTIFICATIONS_CHANNEL => {
                    match parse_notification(n.payload()) {
                        Some((account, last, deliveries)) => accounts.wake(account, last, deliveries),
                        None => tracing::warn!(payload = n.payload(), "notifications: bad payload"),
                    }
                }
                Ok(Some(n)) if n.channel() == AUTHORITY_CHANNEL => {
                    match n.payload().parse() {
                        Ok(account) => accounts.authority.wake(account),
                        Err(_) => tracing::warn!(payload = n.payload(), "stream_authority: bad payload"),
                    }
                }
                Ok(Some(n)) if n.channel() == REVOKED_CHANNEL => {
                    if !listening.revoked.heard(n.payload()) {
                        tracing::warn!(payload = n.payload(), "session_revoked: bad payload");
                    }
                }
                Ok(Some(n)) if n.channel() == CHAT_CHANNEL => match parse(n.payload()) {
                    Some((id, line)) => games.chatted(id, line),
                    None => tracing::warn!(payload = n.payload(), "game_chat: bad payload"),
                },
                Ok(Some(n)) => match parse(n.payload()) {
                    Some((id, version)) => games.appended(id, version, None),
                    None => tracing::warn!(payload = n.payload(), "game_events: bad payload"),
                },
                // The connection dropped and the listener has already listened again on a new
                // one: notifications in between are lost, so the waiters look at the database.
                Ok(None) => {
                    tracing::warn!("game_events listener reconnected after losing its connection");
                    load_revoked(&listening.main, &listening.revoked).await;
                    games.resync_all();
                    accounts.wake_all();
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

/// The account of a `notifications` payload, `<account_id>:<id>[:deliveries]`, its last id,
/// and whether deliveries were queued with them.
fn parse_notification(payload: &str) -> Option<(AccountId, i64, bool)> {
    let (account, rest) = payload.split_once(':')?;
    let (id, deliveries) = match rest.split_once(':') {
        Some((id, "deliveries")) => (id, true),
        Some(_) => return None,
        None => (rest, false),
    };
    Some((account.parse().ok()?, id.parse().ok()?, deliveries))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(n: u128) -> GameId {
        GameId(uuid::Uuid::from_u128(n))
    }

    fn live(first_seq: i64, events: usize) -> Arc<LiveAppend> {
        Arc::new(LiveAppend {
            first_seq,
            seat: Some(Seat(0)),
            events: vec![Event::Passed { seat: Seat(0) }; events],
        })
    }

    /// Whether `wakeups` changed without waiting.
    fn woken(wakeups: &mut GameWakeups) -> Option<GameTip> {
        let rx = wakeups.rx.as_mut()?;
        rx.has_changed()
            .unwrap_or(false)
            .then(|| rx.borrow_and_update().clone())
    }

    #[test]
    fn a_waiter_wakes_for_its_own_game_only_and_gets_this_process_events() {
        let wakers = Arc::new(GameWakers::default());
        let mut mine = wakers.subscribe(game(1));
        wakers.appended(game(2), 5, None);
        wakers.chatted(game(2), 9);
        assert!(woken(&mut mine).is_none(), "another game's append woke it");
        wakers.appended(game(1), 4, Some(live(3, 2)));
        let tip = woken(&mut mine).expect("its own game's append wakes it");
        assert_eq!(tip.version, 4);
        assert_eq!(tip.live.as_ref().map(|l| l.last_seq()), Some(4));
        // The database's notification of the same append comes after: nothing new.
        wakers.appended(game(1), 4, None);
        assert!(woken(&mut mine).is_none(), "an echo woke it again");
        // Events that do not end at the version are not handed over.
        wakers.appended(game(1), 7, Some(live(5, 1)));
        let tip = woken(&mut mine).expect("a later append wakes it");
        assert!(tip.live.is_none());
        wakers.chatted(game(1), 3);
        assert_eq!(woken(&mut mine).map(|t| t.line), Some(3));
    }

    fn account(n: u128) -> AccountId {
        AccountId(uuid::Uuid::from_u128(n))
    }

    fn written(ids: std::ops::RangeInclusive<i64>) -> Arc<LiveNotifications> {
        let rows = ids
            .map(|id| Notification {
                id,
                kind: crate::eventstore::NotificationKind::YourTurn,
                game_id: Some(game(1)),
                payload: serde_json::json!({}),
                created_at: chrono::Utc::now(),
            })
            .collect();
        Arc::new(LiveNotifications { rows })
    }

    #[test]
    fn a_stream_wakes_for_its_own_account_only_with_what_this_process_wrote() {
        let wakers = Arc::new(NotificationWakers::default());
        let mut mine = wakers.subscribe(account(1));
        let changed = |w: &mut NotificationWakeups| {
            let rx = w.rx.as_mut()?;
            rx.has_changed()
                .unwrap_or(false)
                .then(|| rx.borrow_and_update().clone())
        };
        wakers.notified(account(2), 4, Some(written(3..=4)));
        assert!(changed(&mut mine).is_none(), "another account's woke it");
        wakers.notified(account(1), 7, Some(written(6..=7)));
        let tip = changed(&mut mine).expect("its own notifications wake it");
        let live = tip.live.expect("handed over");
        assert_eq!(live.following(5, 100).map(<[_]>::len), Some(2));
        // Not the very next ones, or more than a page: read from the database.
        assert!(live.following(4, 100).is_none());
        assert!(live.following(5, 1).is_none());
        // The listener's echo of the same write wakes nobody.
        wakers.notified(account(1), 7, None);
        assert!(changed(&mut mine).is_none(), "an echo woke it");
        // Rows that do not end at the id announced are not handed over.
        wakers.notified(account(1), 9, Some(written(8..=8)));
        assert!(
            changed(&mut mine)
                .expect("a later write wakes it")
                .live
                .is_none()
        );
        wakers.resync_all();
        assert_eq!(changed(&mut mine).map(|t| t.resyncs), Some(1));
    }

    #[test]
    fn a_resync_wakes_every_waiter_and_the_last_waiter_gone_frees_its_game() {
        let wakers = Arc::new(GameWakers::default());
        let mut a = wakers.subscribe(game(1));
        let mut b = wakers.subscribe(game(2));
        wakers.resync_all();
        assert_eq!(woken(&mut a).map(|t| t.resyncs), Some(1));
        assert_eq!(woken(&mut b).map(|t| t.resyncs), Some(1));
        drop(a);
        drop(b);
        assert!(wakers.senders.lock().unwrap().is_empty());
    }
}
