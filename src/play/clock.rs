//! Resignation and what is due without the players (service rules §9.3–9.5): the store's side.
//! Each is one transaction like an action: replay → the engine decides → append at the replayed
//! version → read model (with the next deadline) → outbox → commit. The deadline worker
//! (`crate::play::deadlines`) only picks games and calls [`crate::play::clock::fire_due`].

use chrono::{DateTime, Utc};
use rand::Rng;
use serde_json::json;
use sqlx::PgConnection;
use std::sync::Arc;
use uuid::Uuid;

use crate::eventstore::append::{Append, AppendError, Tell, append_in};
use crate::eventstore::error::{Context, Result, StoreError};
use crate::eventstore::outbox::{NotificationKind, Pending};
use crate::eventstore::read_model::{self, GameStatus};
use crate::eventstore::snapshots::Snapshot;
use crate::eventstore::{AccountId, GameId, Store};
use crate::play::actions::Submitted;
use crate::tables::vacation::{self, Change};
use rules::{BotLevel, Event, Game, Seat};

/// The bot that plays a decision that timed out, and a resigned or abandoned seat.
pub const STAND_IN_BOT: BotLevel = BotLevel::Greedy;

/// What [`crate::play::clock::fire_due`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fired {
    /// Nothing: not due any more, or another process holds the game.
    Nothing,
    /// The awaited decision of `seat` timed out; a bot played it (and the seat may have been
    /// abandoned).
    TimedOut { seat: Seat, version: i64 },
    /// A bot played `seat`: a bot's seat, or a resigned or abandoned one.
    BotPlayed { seat: Seat, version: i64 },
    /// The awaited player is on vacation and the game did not record it yet (a crash between
    /// the account's vacation and this game's `seat_away`): recorded now, the clock paused
    /// instead of timing out (service rules §9.6).
    Paused { seat: Seat, version: i64 },
}

/// The outbox `ord` of a reminder: after any an append writes at the same version (those are
/// numbered from 1), and one per version at most (a decision is reminded once).
pub(crate) const REMINDER_ORD: i16 = i16::MAX;

/// The bot holding `seat`, if a bot does.
async fn bot_of(conn: &mut PgConnection, id: GameId, seat: Seat) -> Result<Option<BotLevel>> {
    let bot: Option<Option<String>> =
        sqlx::query_scalar("SELECT bot FROM game_seats WHERE game_id = $1 AND seat = $2")
            .bind(id.0)
            .bind(i16::from(seat.0))
            .fetch_optional(conn)
            .await
            .context("read a seat's holder")?;
    bot.flatten()
        .map(|b| b.parse::<BotLevel>())
        .transpose()
        .map_err(|e| StoreError::Unexpected(anyhow::anyhow!(e)))
}

/// The caller resigns their seat (service rules §9.3): at any time while the game is
/// active. The game ends at once when at most one unresigned seat remains; otherwise a bot
/// plays the seat to the end (the deadline worker, within a second of its decisions).
pub async fn resign(store: &Store, id: GameId, account: AccountId) -> Result<Submitted> {
    let mut tries = 0;
    loop {
        tries += 1;
        let mut tx = store.pool.begin().await.context("begin resign")?;
        let seat = read_model::seat_of(&mut tx, id, account).await?;
        let head = store.replay_head(&mut tx, id).await?;
        let events = rules::resign(&head.game, seat)?;
        let mut after = Game::clone(&head.game);
        events.iter().for_each(|e| after.apply(e));
        // The decision awaited from another seat goes on with its deadline as it was.
        let same_decision = after.awaiting() == head.game.awaiting()
            && after.awaiting().is_some_and(|a| a.seat != seat);
        // Nobody is told it is their turn again when their decision did not change.
        let actor = if same_decision {
            after.awaiting().map(|a| a.seat)
        } else {
            Some(seat)
        };
        let append = Append {
            id,
            expected: head.version,
            seat: Some(seat),
            // The seat was read in this transaction (a deleted account's seats resign too).
            account: None,
            events: &events,
            prev_hash: head.last_hash,
            after: &after,
            keep_deadline: same_decision,
            tell: Tell::ActedBy(actor),
            key: None,
            seal: store.seal(&mut tx, id).await?,
        };
        let layout = store.layout(&mut tx).await?;
        let appended = match append_in(&mut tx, layout, append).await {
            Ok(a) => a,
            Err(e) if e.retryable(tries) => continue,
            Err(e) => return Err(e.into_store_error(store, id, head.version).await),
        };
        tx.commit().await.context("commit resign")?;
        return Ok(crate::play::actions::submitted(
            store, id, seat, events, after, appended,
        ));
    }
}

fn put_snapshot(store: &Store, id: GameId, version: i64, last_hash: [u8; 32], game: Arc<Game>) {
    store.snapshots.put(
        id,
        Snapshot {
            version,
            last_hash,
            game,
        },
    );
}

/// The deadline worker's look: up to `limit` games with something due now, earliest first,
/// and how many seconds until the next thing due after them (`None`: nothing else is due,
/// or `limit` games are due now). One statement, read without locks (on Citus a query
/// across shards, so the worker runs it only when something is due or hinted, and on its
/// slow rescan); each game is then claimed by [`crate::play::clock::fire_due`].
pub async fn due_games(store: &Store, limit: i64) -> Result<(Vec<GameId>, Option<f64>)> {
    let rows: Vec<(Uuid, f64)> = sqlx::query_as(
        "SELECT id, EXTRACT(EPOCH FROM due_at - now())::float8 FROM games \
         WHERE due_at IS NOT NULL ORDER BY due_at LIMIT $1",
    )
    .bind(limit + 1)
    .fetch_all(&store.pool)
    .await
    .context("list games with something due")?;
    Ok(split_due(rows, limit))
}

/// As [`crate::play::clock::due_games`], for reminders (`games.remind_at`, its own partial index).
pub async fn reminders_due(store: &Store, limit: i64) -> Result<(Vec<GameId>, Option<f64>)> {
    let rows: Vec<(Uuid, f64)> = sqlx::query_as(
        "SELECT id, EXTRACT(EPOCH FROM remind_at - now())::float8 FROM games \
         WHERE remind_at IS NOT NULL ORDER BY remind_at LIMIT $1",
    )
    .bind(limit + 1)
    .fetch_all(&store.pool)
    .await
    .context("list games with a reminder due")?;
    Ok(split_due(rows, limit))
}

/// Reminds the player of game `id`'s awaited decision that its time is running out
/// (service rules §9.4), if the reminder is still due and no other process is at it (`FOR
/// UPDATE SKIP LOCKED` on the game's row, as [`crate::play::clock::fire_due`]): a `reminder` in the
/// game's outbox (the fan-out worker makes it a notification), and `remind_at` cleared, in
/// one transaction: once per decision, exactly once through a crash. Returns whether it
/// reminded someone (a bot's seat is not reminded).
pub async fn fire_reminder(store: &Store, id: GameId) -> Result<bool> {
    let mut tx = store.pool.begin().await.context("begin a reminder")?;
    let due: Option<(i64, Option<i16>, Option<DateTime<Utc>>)> = sqlx::query_as(
        "SELECT version, awaiting_seat, due_at FROM games \
         WHERE id = $1 AND remind_at <= now() FOR UPDATE SKIP LOCKED",
    )
    .bind(id.0)
    .fetch_optional(&mut *tx)
    .await
    .context("claim a due reminder")?;
    let Some((version, seat, deadline)) = due else {
        return Ok(false);
    };
    let account: Option<Uuid> = match seat {
        Some(seat) => sqlx::query_scalar(
            "SELECT account_id FROM game_seats \
             WHERE game_id = $1 AND seat = $2 AND bot IS NULL",
        )
        .bind(id.0)
        .bind(seat)
        .fetch_optional(&mut *tx)
        .await
        .context("read the reminded seat")?
        .flatten(),
        None => None,
    };
    if let (Some(account), Some(seat)) = (account, seat) {
        sqlx::query(
            "INSERT INTO game_outbox (game_id, version, ord, account_id, kind, payload) \
             VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT DO NOTHING",
        )
        .bind(id.0)
        .bind(version)
        .bind(REMINDER_ORD)
        .bind(account)
        .bind(NotificationKind::Reminder.as_str())
        .bind(
            json!({
                "game_id": id,
                "version": version,
                "seat": seat,
                "deadline": deadline,
            })
            .to_string(),
        )
        .execute(&mut *tx)
        .await
        .context("write a reminder")?;
    }
    sqlx::query("UPDATE games SET remind_at = NULL WHERE id = $1")
        .bind(id.0)
        .execute(&mut *tx)
        .await
        .context("clear a reminder")?;
    tx.commit().await.context("commit a reminder")?;
    if account.is_some() {
        store.outboxed.hint(id);
    }
    Ok(account.is_some())
}

/// The games due now (up to `limit`) among `rows` (each with the seconds until it is due,
/// earliest first), and the seconds until the next one after them.
fn split_due(rows: Vec<(Uuid, f64)>, limit: i64) -> (Vec<GameId>, Option<f64>) {
    let mut due = Vec::new();
    let mut next = None;
    for (id, in_s) in rows {
        if in_s <= 0.0 && (due.len() as i64) < limit {
            due.push(GameId(id));
        } else {
            next = (in_s > 0.0).then_some(in_s);
            break;
        }
    }
    (due, next)
}

/// Does what is due in game `id`, if it still is and no other process is at it (`FOR
/// UPDATE SKIP LOCKED` on the game's row, a single-shard query on Citus): a decision past
/// its deadline times out and a bot plays it (service rules §9.4), or a bot plays for a
/// resigned or abandoned seat (§9.5). Exactly once: the row lock orders the processes, the
/// deadline moves on with the append, and the append checks the stream's version.
pub async fn fire_due(store: &Store, id: GameId, rng: &mut (impl Rng + ?Sized)) -> Result<Fired> {
    let mut tx = store.pool.begin().await.context("begin fire_due")?;
    let due: Option<(String,)> = sqlx::query_as(
        "SELECT due_kind FROM games WHERE id = $1 AND due_at <= now() \
         FOR UPDATE SKIP LOCKED",
    )
    .bind(id.0)
    .fetch_optional(&mut *tx)
    .await
    .context("claim a due game")?;
    let Some((kind,)) = due else {
        return Ok(Fired::Nothing);
    };
    let head = store.replay_head(&mut tx, id).await?;
    let Some(awaiting) = head.game.awaiting() else {
        return Err(StoreError::Unexpected(anyhow::anyhow!(
            "game {id}: something is due but no decision is awaited"
        )));
    };
    let seat = awaiting.seat;
    let bot = bot_of(&mut tx, id, seat).await?;
    if kind == "clock"
        && bot.is_none()
        && let Some((username, until)) =
            vacation::unrecorded_vacation(&mut tx, id, seat, &head.game).await?
    {
        let away = Change::Away(until);
        let (appended, after) =
            match vacation::record_in(store, &mut tx, id, &head, seat, &username, away).await {
                Ok(Some(recorded)) => recorded,
                Ok(None) | Err(AppendError::Race) => return Ok(Fired::Nothing),
                Err(AppendError::Store(e)) => return Err(e),
            };
        tx.commit().await.context("commit a late vacation")?;
        store.committed(id, &appended);
        put_snapshot(
            store,
            id,
            appended.version,
            appended.last_hash,
            Arc::new(after),
        );
        return Ok(Fired::Paused {
            seat,
            version: appended.version,
        });
    }
    let events = match (kind.as_str(), bot) {
        (_, Some(level)) => rules::play_bot(&head.game, seat, level, true, rng)?,
        ("clock", None) => rules::time_out(&head.game, seat, STAND_IN_BOT, rng)?,
        _ => rules::play_bot(&head.game, seat, STAND_IN_BOT, false, rng)?,
    };
    let mut after = Game::clone(&head.game);
    events.iter().for_each(|e| after.apply(e));
    let timed_out = events.iter().find_map(|e| match e {
        Event::DecisionTimedOut { consecutive, .. } => Some(*consecutive),
        _ => None,
    });
    // The seat's player is told it timed out (bots and empty seats are not told anything).
    let tell = match timed_out {
        Some(consecutive) => Tell::ActedByThen(
            None,
            vec![Pending {
                seat,
                kind: NotificationKind::TimedOut,
                payload: json!({
                    "version": head.version + events.len() as i64,
                    "seat": seat.0,
                    "consecutive": consecutive,
                    "abandoned": events
                        .iter()
                        .any(|e| matches!(e, Event::SeatAbandoned { .. })),
                }),
            }],
        ),
        None => Tell::ActedBy(None),
    };
    let append = Append {
        id,
        expected: head.version,
        // The events are the awaited seat's decision, taken for it by a bot.
        seat: Some(seat),
        account: None,
        events: &events,
        prev_hash: head.last_hash,
        after: &after,
        keep_deadline: false,
        tell,
        key: None,
        seal: store.seal(&mut tx, id).await?,
    };
    let layout = store.layout(&mut tx).await?;
    let appended = match append_in(&mut tx, layout, append).await {
        Ok(a) => a,
        Err(AppendError::Race) => return Ok(Fired::Nothing),
        Err(AppendError::Store(e)) => return Err(e),
    };
    tx.commit().await.context("commit fire_due")?;
    store.committed(id, &appended);
    put_snapshot(
        store,
        id,
        appended.version,
        appended.last_hash,
        Arc::new(after),
    );
    let version = appended.version;
    Ok(match timed_out {
        Some(_) => Fired::TimedOut { seat, version },
        None => Fired::BotPlayed { seat, version },
    })
}

/// Puts off what is due in game `id` by `seconds` (after a failure, so that one broken game
/// does not hold the worker).
pub async fn postpone_due(store: &Store, id: GameId, seconds: f64) -> Result<()> {
    sqlx::query(
        "UPDATE games SET due_at = now() + make_interval(secs => $2) \
         WHERE id = $1 AND due_at IS NOT NULL",
    )
    .bind(id.0)
    .bind(seconds)
    .execute(&store.pool)
    .await
    .context("postpone a due game")?;
    Ok(())
}

/// The active games the account is seated in (for account deletion: they are resigned).
pub async fn active_games_of(store: &Store, account: AccountId) -> Result<Vec<GameId>> {
    crate::tables::listing::games_of(store, account, GameStatus::Active).await
}
