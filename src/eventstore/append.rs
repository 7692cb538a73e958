//! Appending to a game's stream: the events at the expected version, the read model they
//! bring, the game's outbox rows, the idempotency key and the game's wake-up, all or nothing,
//! and all in the game's rows (on Citus its shard group: one worker, no two-phase commit). One
//! call of the database function `lords_append` (migrations/20261126100001_game_result.sql),
//! which on Citus runs on the game's worker. Over the chain, the read model and the outbox;
//! never decides a rule. The accounts' notifications are written after the commit, by the
//! fan-out worker.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use crate::eventstore::chain::ChainedRows;
use crate::eventstore::distribute::Layout;
use crate::eventstore::error::{
    StoreError, db_error, is_deadlock, is_unique_violation, unexpected,
};
use crate::eventstore::notify::CHANNEL;
use crate::eventstore::notify::LiveAppend;
use crate::eventstore::outbox::{self, NotificationKind};
use crate::eventstore::read_model::{Due, ReadModel};
use crate::eventstore::receipts::Seal;
use crate::eventstore::{AccountId, GameId, Store};
use crate::proofs::receipt::Receipt;
use rules::{EVENT_SCHEMA_VERSION, Event, Game, Seat};

/// Why an append did not happen.
pub(crate) enum AppendError {
    /// Someone else appended at this version first: the `games` row was no longer at the
    /// expected version once its lock was ours (or, failing that, 23505 on `game_events`, or on
    /// `idempotency_keys`: the key was stored by an append that committed after this one's
    /// read, which a keyed `submit` reads again).
    Race,
    Store(StoreError),
}

/// Tries of an append that keeps losing races to other appends, before the conflict is
/// returned.
pub(crate) const MAX_TRIES: u32 = 8;

impl AppendError {
    /// Whether the try that failed this way may be made again, in a new transaction: it lost a
    /// race, or was cancelled in a deadlock (only on Citus, see `is_deadlock`), and `tries`
    /// have not reached [`MAX_TRIES`].
    pub(crate) fn retryable(&self, tries: u32) -> bool {
        tries < MAX_TRIES
            && match self {
                AppendError::Race => true,
                AppendError::Store(e) => is_deadlock(e),
            }
    }

    /// The error to return once the try is not made again: a lost race is the version
    /// conflict, read now (`actual`).
    pub(crate) async fn into_store_error(
        self,
        store: &Store,
        id: GameId,
        expected: i64,
    ) -> StoreError {
        match self {
            AppendError::Race => match store.current_version(id).await {
                Ok(actual) => StoreError::VersionConflict { expected, actual },
                Err(e) => e,
            },
            AppendError::Store(e) => e,
        }
    }
}

impl From<StoreError> for AppendError {
    fn from(e: StoreError) -> Self {
        AppendError::Store(e)
    }
}

/// The stream's head after an append.
pub(crate) struct Appended {
    pub version: i64,
    pub last_hash: [u8; 32],
    /// When the decision now awaited times out; `None` without a clock.
    pub deadline: Option<DateTime<Utc>>,
    /// When its player is reminded (service rules §9.4); `None` without a clock, or once done.
    pub remind: Option<DateTime<Utc>>,
    /// A bot's move is due now: the deadline worker may be woken once this commits.
    pub bot_due: bool,
    /// The append wrote to the game's outbox: the fan-out worker may be woken once this commits.
    pub told: bool,
    /// The append ended the game: the rating worker may be woken once this commits.
    pub ended: bool,
    /// The signed receipt of `version`, when the append was sealed.
    pub receipt: Option<Receipt>,
    /// The events written, for this process's waiters on the game once the append commits.
    pub live: Arc<LiveAppend>,
}

/// An append: `events` after version `expected` (whose last hash is `prev_hash`), bringing the
/// `games` read model to `after` (the game once they are applied).
pub(crate) struct Append<'a> {
    pub id: GameId,
    pub expected: i64,
    /// The acting seat (also a bot's, or a timed-out seat's stand-in); `None` only for the deal.
    pub seat: Option<Seat>,
    /// The account acting for `seat`: the append only happens if it still holds that seat and
    /// is not deleted. `None` checks nothing (system events, tools).
    pub account: Option<AccountId>,
    pub events: &'a [Event],
    pub prev_hash: [u8; 32],
    pub after: &'a Game,
    /// The awaited decision keeps its deadline (the same decision is still awaited: another
    /// seat resigned); otherwise it starts again from now.
    pub keep_deadline: bool,
    /// What the append tells the seated accounts.
    pub tell: Tell,
    /// The idempotency key `account` used, stored with what it appended.
    pub key: Option<AppendKey<'a>>,
    /// Signs the receipt of the new version, which a `your_turn` it tells carries
    /// (docs/audit.md); `None` signs nothing.
    pub seal: Option<Seal<'a>>,
}

/// Whom an append notifies.
pub(crate) enum Tell {
    /// Nobody (imports and tools).
    Nobody,
    /// The seated accounts, as [`outbox::notifications_of`] says when this seat acted (`None`:
    /// no seat did, or nobody is to be told it is their turn again); a `your_turn`'s `deadline`
    /// is added by the append, which is where it is decided.
    ActedBy(Option<Seat>),
    /// As `ActedBy`, then these (the deadline worker's `timed_out`, the deal's `vacation`s),
    /// after them in the outbox and so numbered after them.
    ActedByThen(Option<Seat>, Vec<outbox::Pending>),
    /// Exactly these (a vacation's `vacation` to the other seats).
    These(Vec<outbox::Pending>),
}

/// An idempotency key to store with an action's events.
pub(crate) struct AppendKey<'a> {
    pub key: &'a str,
    pub request_hash: &'a str,
}

/// The append's statement: one call of `lords_append`, with the parameters [`append_in`] binds
/// in this order: `$1` the game, `$2`–`$4` the notifications' seats, kinds and payloads;
/// `$5`–`$12` the read model (`$9` the expected version, `$11`/`$12` the clock's kind and
/// seconds for the awaited decision); `$13`–`$19` the events; `$20`–`$22` the account, the key
/// and its request's hash; `$23`/`$24` the game's channel and payload (no channel: no `NOTIFY`);
/// `$25` the hash the stream must end with; `$26` the game's result (`null` until it is
/// finished); `$27` when a fresh clock may start at the earliest (the awaited seat's vacation
/// end, service rules §9.6). `SELECT … FROM f(…)` with nothing else, the form
/// Citus delegates to the worker its distribution argument (`$1`) names.
const APPEND: &str = "SELECT moved, deadline, bot_due, remind FROM lords_append(\
    $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, \
    $21, $22, $23, $24, $25, $26, $27)";

/// Appends, in the caller's connection (one statement: atomic on its own, or part of the
/// caller's transaction), and notifies listeners on commit. Returns the new head, or
/// [`AppendError::Race`] when nothing was written: the game was no longer at `expected`, its
/// last hash was not `prev_hash` (the caller's replay is not this stream's), `account` no
/// longer holds `seat` or is deleted, or the key is stored already (a repeat is answered from
/// the stored key, not refused by its unique index: on Citus that error may come without its
/// table's name). The checks and the writes are `lords_append`'s (its migration says each).
///
/// On plain PostgreSQL the function sends the game's `NOTIFY` itself, in the same statement:
/// one round trip, no `BEGIN` or `COMMIT`. On Citus (`layout`) the servers listen on the
/// coordinator, and the call, outside a transaction, runs on the game's worker: the
/// coordinator sends the `NOTIFY` after it, in the caller's transaction when there is one
/// (the call then runs on the coordinator, its statements routed to the game's worker).
pub(crate) async fn append_in(
    conn: &mut PgConnection,
    layout: Layout,
    a: Append<'_>,
) -> std::result::Result<Appended, AppendError> {
    let Append {
        id,
        expected,
        seat,
        account,
        events,
        prev_hash,
        after,
        keep_deadline,
        tell,
        key,
        seal,
    } = a;
    if events.is_empty() || (key.is_some() && account.is_none()) {
        return Err(unexpected("cannot append no events, or a key without its account").into());
    }
    let mut rows = ChainedRows::with_capacity(events.len());
    let last_hash = rows.push_chain(events, expected + 1, prev_hash)?;
    let version = expected + events.len() as i64;
    let model = ReadModel::of(after);
    let receipt = seal.map(|s| s.sign(id, version, &last_hash));
    let mut notifications = match tell {
        Tell::Nobody => Vec::new(),
        Tell::ActedBy(actor) => outbox::notifications_of(expected, version, actor, after),
        Tell::ActedByThen(actor, then) => {
            let mut all = outbox::notifications_of(expected, version, actor, after);
            all.extend(then);
            all
        }
        Tell::These(these) => these,
    };
    if let Some(receipt) = &receipt {
        for p in &mut notifications {
            if let (NotificationKind::YourTurn, Some(payload)) = (p.kind, p.payload.as_object_mut())
            {
                payload.insert("receipt".into(), serde_json::json!(receipt));
            }
        }
    }
    // Service rules §9.6: a decision awaited from a seat on vacation starts its clock when the
    // vacation ends (a past end changes nothing: the clock starts now).
    let clock_from = after
        .awaiting()
        .and_then(|a| after.away_until_ms(a.seat))
        .and_then(|ms| DateTime::<Utc>::from_timestamp_millis(i64::try_from(ms).ok()?));
    let seats: Vec<i16> = notifications.iter().map(|p| i16::from(p.seat.0)).collect();
    let kinds: Vec<&str> = notifications.iter().map(|p| p.kind.as_str()).collect();
    let payloads: Vec<String> = notifications
        .iter()
        .map(|p| p.payload.to_string())
        .collect();
    let game_channel = format!("{id}:{version}");
    let notify_here = layout == Layout::Single;
    let moved: Option<Moved> = sqlx::query_as(APPEND)
        .bind(id.0)
        .bind(&seats)
        .bind(&kinds)
        .bind(&payloads)
        .bind(version)
        .bind(model.status.as_str())
        .bind(model.awaiting_seat)
        .bind(model.winners)
        .bind(expected)
        .bind(keep_deadline)
        .bind(model.due.map(Due::kind))
        .bind(model.due.and_then(Due::seconds))
        .bind(EVENT_SCHEMA_VERSION)
        .bind(seat.map(|s| i16::from(s.0)))
        .bind(&rows.seqs)
        .bind(&rows.kinds)
        .bind(&rows.payloads)
        .bind(&rows.prevs)
        .bind(&rows.hashes)
        .bind(account.map(|a| a.0))
        .bind(key.as_ref().map(|k| k.key))
        .bind(key.as_ref().map(|k| k.request_hash))
        .bind(notify_here.then_some(CHANNEL))
        .bind(notify_here.then_some(game_channel.as_str()))
        .bind(prev_hash.as_slice())
        .bind(model.result.map(sqlx::types::Json))
        .bind(clock_from)
        .fetch_one(&mut *conn)
        .await
        .map_err(append_error)
        .map(|(moved, deadline, bot_due, remind): (bool, _, _, _)| {
            moved.then_some((deadline, bot_due, remind))
        })?;
    if moved.is_some() && !notify_here {
        // Outside a transaction the append has committed: a failed `NOTIFY` costs a wake-up
        // (streams catch up on their next one, the fan-out worker's sweep finds the outbox),
        // not the action. Inside one, the transaction is aborted and the caller's commit fails.
        if let Err(e) = sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(&game_channel)
            .execute(&mut *conn)
            .await
        {
            tracing::warn!(game = %id, error = %e, "could not send an append's NOTIFY");
        }
    }
    let Some((deadline, bot_due, remind)) = moved else {
        return Err(AppendError::Race);
    };
    Ok(Appended {
        version,
        last_hash,
        deadline,
        remind,
        bot_due: bot_due.unwrap_or(false),
        told: !notifications.is_empty(),
        ended: events.iter().any(|e| matches!(e, Event::GameEnded { .. })),
        receipt,
        live: Arc::new(LiveAppend {
            first_seq: expected + 1,
            seat,
            events: events.to_vec(),
        }),
    })
}

/// What a moved append says: the new deadline, whether a bot's move is due now, and when the
/// awaited player is reminded.
type Moved = (Option<DateTime<Utc>>, Option<bool>, Option<DateTime<Utc>>);

/// An append's failed statement: a lost race, or the store's error.
fn append_error(e: sqlx::Error) -> AppendError {
    // Only when the stream and its read model disagree, or a key was stored after the read
    // (the row lock orders appends that go through here).
    let unique =
        is_unique_violation(&e, "game_events") || is_unique_violation(&e, "idempotency_keys");
    if unique {
        AppendError::Race
    } else {
        AppendError::Store(db_error(e, "append events"))
    }
}
