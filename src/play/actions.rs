//! A player's action: decided by the engine on the game's replay and appended at the version it
//! was decided on, idempotent when keyed; and the raw append of tools. Over the reads and the
//! append.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use rand::Rng;

use crate::eventstore::append::{
    Append, AppendError, AppendKey, Appended, MAX_TRIES, Tell, append_in,
};
use crate::eventstore::chain::ChainedRows;
use crate::eventstore::error::{Context, Result, StoreError, is_deadlock, unexpected};
use crate::eventstore::read_model::fetch_row;
use crate::eventstore::receipts::Seal;
use crate::eventstore::snapshots::Snapshot;
use crate::eventstore::stream::{head_hash_of, read_stream, stream_version};
use crate::eventstore::{AccountId, GameId, Store, seat_from_db};
use crate::proofs::receipt::Receipt;
use rules::{Action, Event, Game, Seat};

/// An action submitted by a player.
#[derive(Debug, Clone, Copy)]
pub struct Submit<'a> {
    pub game_id: GameId,
    pub account: AccountId,
    pub action: &'a Action,
    /// The version the player acted on (`If-Match`); `None` retries lost races.
    pub expected_version: Option<i64>,
    pub idempotency_key: Option<&'a str>,
    /// A hash of the request, compared when the idempotency key is used again.
    pub request_hash: &'a str,
}

impl<'a> Submit<'a> {
    /// The append of this action's `events` by `seat` after version `expected`.
    fn append(
        &self,
        seat: Seat,
        expected: i64,
        prev_hash: [u8; 32],
        events: &'a [Event],
        after: &'a Game,
        seal: Option<Seal<'a>>,
    ) -> Append<'a> {
        Append {
            id: self.game_id,
            expected,
            seat: Some(seat),
            account: Some(self.account),
            events,
            prev_hash,
            after,
            keep_deadline: false,
            tell: Tell::ActedBy(Some(seat)),
            key: self.idempotency_key.map(|key| AppendKey {
                key,
                request_hash: self.request_hash,
            }),
            seal,
        }
    }
}

/// What a submitted action did.
#[derive(Debug, Clone)]
pub struct Submitted {
    /// The version the action produced (its last event's seq).
    pub version: i64,
    pub seat: Seat,
    /// The events the action appended, unredacted.
    pub events: Vec<Event>,
    /// The game at `version` (shared with this process's kept replay).
    pub game: Arc<Game>,
    /// This is a repeat of an idempotent request: nothing was appended now.
    pub replayed: bool,
    /// When the decision awaited at `version` times out (`None` without a clock); for a repeat,
    /// what the original answer said.
    pub deadline: Option<DateTime<Utc>>,
    /// The signed receipt of `version` (docs/audit.md); `None` when the store signs none or
    /// the game has no salt.
    pub receipt: Option<Receipt>,
}

enum Attempt {
    Done(Box<Submitted>),
    /// The append lost the race for `expected + 1`.
    Lost {
        expected: i64,
        actual: i64,
    },
}

/// Appends events as they are, after `expected_version`: no rule is checked. For imports,
/// tools and tests; players' actions go through [`crate::play::actions::submit`]. Returns the new version.
pub async fn append(
    store: &Store,
    id: GameId,
    expected_version: i64,
    seat: Option<Seat>,
    events: &[Event],
) -> Result<i64> {
    let mut tx = store.pool.begin().await.context("begin append")?;
    fetch_row(&mut tx, id).await?;
    let stream = read_stream(&mut tx, id, 0, None).await?;
    let actual = stream.len() as i64;
    if actual != expected_version {
        return Err(StoreError::VersionConflict {
            expected: expected_version,
            actual,
        });
    }
    let mut game = Game::replay(stream.iter().map(|e| &e.event));
    events.iter().for_each(|e| game.apply(e));
    let prev = head_hash_of(&stream)?;
    let append = Append {
        id,
        expected: actual,
        seat,
        account: None,
        events,
        prev_hash: prev,
        after: &game,
        keep_deadline: false,
        tell: Tell::Nobody,
        key: None,
        seal: None,
    };
    let layout = store.layout(&mut tx).await?;
    match append_in(&mut tx, layout, append).await {
        Ok(head) => {
            tx.commit().await.context("commit append")?;
            Ok(head.version)
        }
        Err(AppendError::Race) => {
            drop(tx);
            Err(StoreError::VersionConflict {
                expected: expected_version,
                actual: store.current_version(id).await?,
            })
        }
        Err(AppendError::Store(e)) => Err(e),
    }
}

/// A player's action: load → replay → decide → append at the loaded version → read model →
/// notify → commit. With an expected version a lost race is a `VersionConflict`; without
/// one the whole cycle is retried (up to 8 tries) so that an action legal when it is applied
/// is never lost to a race. A request whose idempotency key was already used for the same
/// request gets that original result, even when the two raced each other.
pub async fn submit(
    store: &Store,
    s: Submit<'_>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Submitted> {
    if let Some(done) = submit_on_kept(store, &s, rng).await? {
        return Ok(done);
    }
    let mut tries = 0;
    loop {
        tries += 1;
        match try_submit(store, &s, rng).await? {
            Attempt::Done(done) => return Ok(*done),
            // A keyed request that lost may have lost to its own repeat: look again. One
            // that lost nothing (a deadlock victim) is tried again too.
            Attempt::Lost { expected, actual }
                if (s.expected_version.is_none()
                    || s.idempotency_key.is_some()
                    || expected == actual)
                    && tries < MAX_TRIES =>
            {
                tokio::time::sleep(pause(tries)).await;
            }
            Attempt::Lost { expected, actual } => {
                return Err(StoreError::VersionConflict { expected, actual });
            }
        }
    }
}

/// The usual action, in one statement: decided on this process's kept replay of the game
/// for the seat it awaits, and appended with no read before. The append's statement checks
/// what the read would have: that the replay is the stream's head (its version and last
/// hash) and that the caller holds that seat and exists. When anything is not so (no kept
/// replay, another seat's action, a rule broken on a stale replay, a lost race, a key used
/// before) nothing is written and this returns `None`: the
/// action goes the usual way, read → decide → append, which also says why it is refused.
async fn submit_on_kept(
    store: &Store,
    s: &Submit<'_>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Option<Submitted>> {
    let id = s.game_id;
    let Some(kept) = store.snapshots.get(id) else {
        return Ok(None);
    };
    let Some(seat) = kept.game.awaiting().map(|a| a.seat) else {
        return Ok(None);
    };
    if s.expected_version.is_some_and(|v| v != kept.version) {
        return Ok(None);
    }
    let Ok(events) = rules::decide(&kept.game, seat, s.action, rng) else {
        return Ok(None);
    };
    let mut after = Game::clone(&kept.game);
    events.iter().for_each(|e| after.apply(e));
    let mut conn = store.hot_connection().await.context("acquire")?;
    let seal = store.seal(&mut conn, id).await?;
    let append = s.append(seat, kept.version, kept.last_hash, &events, &after, seal);
    let layout = store.layout(&mut conn).await?;
    let appended = match append_in(&mut conn, layout, append).await {
        Ok(a) => a,
        Err(AppendError::Race) => {
            store.keep(conn);
            return Ok(None);
        }
        // Cancelled in a deadlock (only on Citus: see `is_deadlock`): nothing was written.
        Err(AppendError::Store(e)) if is_deadlock(&e) => {
            store.keep(conn);
            return Ok(None);
        }
        // The connection ended under the statement (it may have sat closed in the pool: no
        // read before found out). Whether the append committed, the stream's head says:
        // the hash of its last event chains these very payloads.
        Err(AppendError::Store(StoreError::Unavailable(e))) => {
            drop(conn);
            tracing::info!(error = %e, "a connection ended under an action; reading the head");
            let mut rows = ChainedRows::with_capacity(events.len());
            let last_hash = rows.push_chain(&events, kept.version + 1, kept.last_hash)?;
            let (conn, read) = store.read_game(id, s.account, None).await?;
            store.keep(conn);
            if read.head.last_hash != last_hash {
                return Ok(None);
            }
            // Committed: the read kept the replay at the new head. A bot may be due, and
            // the outbox may hold what the append told.
            store.due.hint(chrono::Utc::now());
            store.outboxed.hint(id);
            return Ok(Some(Submitted {
                version: read.head.version,
                seat,
                events,
                receipt: seal.map(|s| s.sign(id, read.head.version, &read.head.last_hash)),
                game: read.head.game,
                replayed: false,
                deadline: read.summary.deadline,
            }));
        }
        Err(AppendError::Store(e)) => return Err(e),
    };
    store.keep(conn);
    Ok(Some(submitted(store, id, seat, events, after, appended)))
}

/// What a committed action did; its replay is kept, and what it made due and its outbox are
/// hinted to this process's workers.
pub(crate) fn submitted(
    store: &Store,
    id: GameId,
    seat: Seat,
    events: Vec<Event>,
    after: Game,
    appended: Appended,
) -> Submitted {
    store.committed(id, &appended);
    let after = Arc::new(after);
    store.snapshots.put(
        id,
        Snapshot {
            version: appended.version,
            last_hash: appended.last_hash,
            game: Arc::clone(&after),
        },
    );
    Submitted {
        version: appended.version,
        seat,
        events,
        game: after,
        replayed: false,
        deadline: appended.deadline,
        receipt: appended.receipt,
    }
}

async fn try_submit(
    store: &Store,
    s: &Submit<'_>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Attempt> {
    let id = s.game_id;
    // One statement reads the seats, the stream (its head, and any events after the kept
    // replay) and the key together, in one snapshot: if it already holds another attempt's
    // events, it holds that attempt's key too (they commit together), so nothing is decided
    // twice. It needs no transaction: the append below only happens at the version read.
    let (mut conn, read) = store.read_game(id, s.account, s.idempotency_key).await?;
    let seat = read
        .summary
        .seat_of(s.account)
        .ok_or(StoreError::NotSeated)?;
    let head = read.head;
    if let Some(prior) = read.key {
        if prior.request_hash != s.request_hash {
            return Err(StoreError::IdempotencyConflict);
        }
        let stream = read_stream(&mut conn, id, 0, Some(prior.version)).await?;
        let game = Arc::new(Game::replay(stream.iter().map(|e| &e.event)));
        let first = usize::try_from(prior.first_seq - 1).unwrap_or(usize::MAX);
        let events = stream
            .get(first..)
            .ok_or_else(|| unexpected("idempotency key names events not stored"))?
            .iter()
            .map(|e| e.event.clone())
            .collect();
        // The original answer's receipt: the same version, the same head.
        let head = head_hash_of(&stream)?;
        let receipt = store
            .seal(&mut conn, id)
            .await?
            .map(|s| s.sign(id, prior.version, &head));
        return Ok(Attempt::Done(Box::new(Submitted {
            version: prior.version,
            seat: seat_from_db(prior.seat)?,
            events,
            game,
            replayed: true,
            deadline: prior.deadline,
            receipt,
        })));
    }
    let version = head.version;
    if let Some(expected) = s.expected_version
        && expected != version
    {
        return Err(StoreError::VersionConflict {
            expected,
            actual: version,
        });
    }
    let events = rules::decide(&head.game, seat, s.action, rng)?;
    let mut after = Arc::unwrap_or_clone(head.game);
    events.iter().for_each(|e| after.apply(e));
    // One statement, outside any transaction: the events, the read model, the outbox and
    // the key commit together or not at all.
    let seal = store.seal(&mut conn, id).await?;
    let append = s.append(seat, version, head.last_hash, &events, &after, seal);
    let layout = store.layout(&mut conn).await?;
    let appended = match append_in(&mut conn, layout, append).await {
        Ok(a) => a,
        Err(AppendError::Race) => {
            let actual = stream_version(&mut conn, id).await?;
            return Ok(Attempt::Lost {
                expected: version,
                actual,
            });
        }
        // Cancelled in a deadlock (only on Citus): nothing was written; tried again as a
        // lost race is.
        Err(AppendError::Store(e)) if is_deadlock(&e) => {
            return Ok(Attempt::Lost {
                expected: version,
                actual: version,
            });
        }
        Err(AppendError::Store(e)) => return Err(e),
    };
    store.keep(conn);
    Ok(Attempt::Done(Box::new(submitted(
        store, id, seat, events, after, appended,
    ))))
}

/// A short, growing, jittered pause before retrying a lost race, so that racers spread out.
fn pause(tries: u32) -> Duration {
    Duration::from_millis(2) * tries + crate::backoff::up_to(Duration::from_millis(4))
}
