//! Vacation (service rules §9.6): an account's vacation days (20 to start, one more per 7 days,
//! at most 30), its vacation under way, and that vacation recorded in each of its active games
//! (`seat_away`, `seat_back`) with the awaited decision's deadline moved by its length. A use
//! case over the append and the read model, like resignation (`clock.rs`); the deadline worker
//! and the deal call its game-side parts. Never decides a card-game rule.

use chrono::{DateTime, Duration, TimeDelta, Utc};
use serde_json::json;
use sqlx::PgConnection;
use std::sync::Arc;

use crate::eventstore::append::{Append, AppendError, Tell, append_in};
use crate::eventstore::error::{Context, Result, StoreError};
use crate::eventstore::outbox::{NotificationKind, Pending};
use crate::eventstore::read_model::{self, GameStatus};
use crate::eventstore::snapshots::Snapshot;
use crate::eventstore::{AccountId, GameId, Store};
use rules::{Event, Game, Seat, Status};

/// The most days an account can bank.
pub const MAX_DAYS: i16 = 30;
/// One more day per this many days.
pub const ACCRUAL_PERIOD_DAYS: i64 = 7;

/// The whole days an account has at `now`, banked `banked` as of `banked_at`, and the moment
/// its next day accrues from: `banked_at` moved on by the whole weeks counted (a partial week
/// keeps counting), or `now` at the cap (nothing accrues above it).
pub fn accrued(banked: i16, banked_at: DateTime<Utc>, now: DateTime<Utc>) -> (i16, DateTime<Utc>) {
    let weeks = ((now - banked_at).num_days() / ACCRUAL_PERIOD_DAYS).max(0);
    let days = i64::from(banked) + weeks;
    if days >= i64::from(MAX_DAYS) {
        (MAX_DAYS, now)
    } else {
        (
            days as i16,
            banked_at + Duration::days(weeks * ACCRUAL_PERIOD_DAYS),
        )
    }
}

/// The whole days of a vacation ending at `until` that are still unused at `now` (returned
/// when it ends early).
pub fn unused_days(until: DateTime<Utc>, now: DateTime<Utc>) -> i16 {
    ((until - now).num_seconds().max(0) / 86_400).min(i64::from(MAX_DAYS)) as i16
}

/// An account's vacation days and its vacation under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vacation {
    pub days_left: i16,
    /// When the vacation under way ends; `None` when none is (or the last one is over).
    pub until: Option<DateTime<Utc>>,
    pub started_at: Option<DateTime<Utc>>,
}

/// What ending a vacation early did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ended {
    pub days_left: i16,
    /// The unused whole days given back.
    pub returned_days: i16,
}

/// Now, to the millisecond: a vacation's end is stored in the games' streams in milliseconds.
fn now_ms() -> DateTime<Utc> {
    let now = Utc::now();
    DateTime::from_timestamp_millis(now.timestamp_millis()).unwrap_or(now)
}

pub(crate) fn millis(at: DateTime<Utc>) -> u64 {
    u64::try_from(at.timestamp_millis()).unwrap_or(0)
}

/// What a game is told of a vacation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Change {
    /// Away until then.
    Away(DateTime<Utc>),
    /// Back before then (the vacation that was to end then).
    Back(DateTime<Utc>),
}

/// A paused clock as read: the deadline, the reminder, and when the vacation's event was
/// recorded.
type PausedClock = (DateTime<Utc>, Option<DateTime<Utc>>, DateTime<Utc>);

/// An account's days as stored: banked, as of, the vacation's start and end.
type Days = (
    i16,
    DateTime<Utc>,
    Option<DateTime<Utc>>,
    Option<DateTime<Utc>>,
);

type AccountRow = (
    String,
    i16,
    DateTime<Utc>,
    Option<DateTime<Utc>>,
    Option<DateTime<Utc>>,
);

async fn lock_account(conn: &mut PgConnection, account: AccountId) -> Result<AccountRow> {
    sqlx::query_as(
        "SELECT username, vacation_days_banked, vacation_banked_at, vacation_started_at, \
                vacation_until \
         FROM accounts WHERE id = $1 AND deleted_at IS NULL FOR UPDATE",
    )
    .bind(account.0)
    .fetch_optional(conn)
    .await
    .context("read an account's vacation")?
    .ok_or(StoreError::UnknownAccount)
}

/// The seats of game `id` whose accounts are on vacation now, and until when (in
/// milliseconds): a game that starts while one of its players is away records it with the
/// deal, so that their first deadline waits too.
pub(crate) async fn away_seats(
    conn: &mut PgConnection,
    id: GameId,
) -> Result<Vec<(Seat, String, DateTime<Utc>)>> {
    let rows: Vec<(i16, String, DateTime<Utc>)> = sqlx::query_as(
        "SELECT s.seat, a.username, a.vacation_until FROM game_seats s \
         JOIN accounts a ON a.id = s.account_id \
         WHERE s.game_id = $1 AND a.vacation_until > now() ORDER BY s.seat",
    )
    .bind(id.0)
    .fetch_all(conn)
    .await
    .context("read the seats on vacation")?;
    rows.into_iter()
        .map(|(seat, username, until)| {
            Ok((crate::eventstore::seat_from_db(seat)?, username, until))
        })
        .collect()
}

/// What the other seats of a game of `players` are told when `username`, at `seat`, is away
/// until `until` (recorded at `version`): a `vacation` each (service rules §9.6).
pub(crate) fn vacation_notices(
    players: usize,
    seat: Seat,
    version: i64,
    username: &str,
    until: DateTime<Utc>,
) -> Vec<Pending> {
    (0..players)
        .map(|s| Seat(s as u8))
        .filter(|&s| s != seat)
        .map(|s| Pending {
            seat: s,
            kind: NotificationKind::Vacation,
            payload: json!({
                "version": version,
                "seat": seat.0,
                "username": username,
                "until": until,
            }),
        })
        .collect()
}

/// The vacation under way of the account holding `seat` in game `id`, when its game does not
/// record it yet (the deadline worker's backstop: a crash between the account's vacation and
/// its games' `seat_away`).
pub(crate) async fn unrecorded_vacation(
    conn: &mut PgConnection,
    id: GameId,
    seat: Seat,
    game: &Game,
) -> Result<Option<(String, DateTime<Utc>)>> {
    let row: Option<(String, DateTime<Utc>)> = sqlx::query_as(
        "SELECT a.username, a.vacation_until FROM game_seats s \
         JOIN accounts a ON a.id = s.account_id \
         WHERE s.game_id = $1 AND s.seat = $2 AND s.bot IS NULL AND a.vacation_until > now()",
    )
    .bind(id.0)
    .bind(i16::from(seat.0))
    .fetch_optional(conn)
    .await
    .context("read an awaited player's vacation")?;
    Ok(row.filter(|(_, until)| game.away_until_ms(seat) != Some(millis(*until))))
}

/// Records `change` for `seat` in game `id` (whose replayed head is `head`), in the caller's
/// transaction: the event, the other seats told (`vacation`, when it starts), and the awaited
/// decision's deadline and reminder moved by what is left of the vacation (later when it
/// starts, sooner when it ends early). `Ok(None)`: nothing to record.
pub(crate) async fn record_in(
    store: &Store,
    conn: &mut PgConnection,
    id: GameId,
    head: &Snapshot,
    seat: Seat,
    username: &str,
    change: Change,
) -> std::result::Result<Option<(crate::eventstore::append::Appended, Game)>, AppendError> {
    let game = &head.game;
    if game.status() != Status::Active {
        return Ok(None);
    }
    let (event, until) = match change {
        Change::Away(until) if game.away_until_ms(seat) != Some(millis(until)) => (
            Event::SeatAway {
                seat,
                until_ms: millis(until),
            },
            until,
        ),
        Change::Back(until) if game.away_until_ms(seat) == Some(millis(until)) => {
            (Event::SeatBack { seat }, until)
        }
        _ => return Ok(None),
    };
    // The stream keeps milliseconds: the deadline moves by exactly what `lords verify` reads.
    let until =
        DateTime::from_timestamp_millis(i64::try_from(millis(until)).unwrap_or(0)).unwrap_or(until);
    let events = [event];
    let mut after = Game::clone(game);
    after.apply(&events[0]);
    let version = head.version + 1;
    let tell = match change {
        Change::Away(until) => Tell::These(vacation_notices(
            after.player_count(),
            seat,
            version,
            username,
            until,
        )),
        Change::Back(_) => Tell::Nobody,
    };
    let append = Append {
        id,
        expected: head.version,
        seat: Some(seat),
        account: None,
        events: &events,
        prev_hash: head.last_hash,
        after: &after,
        // The same decision is awaited: its deadline moves below, by the vacation only.
        keep_deadline: true,
        tell,
        key: None,
        // It tells nobody it is their turn.
        seal: None,
    };
    let layout = store.layout(conn).await?;
    let mut appended = append_in(conn, layout, append).await?;
    if game.awaiting().is_some_and(|a| a.seat == seat) {
        // Moved from the `recorded_at` of the event just appended, as `lords verify` moves
        // it. Not `now()`: on Citus the event's time may be another node's transaction time,
        // a few milliseconds apart.
        let clock: Option<PausedClock> = sqlx::query_as(
            "SELECT g.due_at, g.remind_at, e.recorded_at \
             FROM games g JOIN game_events e ON e.game_id = g.id AND e.seq = g.version \
             WHERE g.id = $1 AND g.due_kind = 'clock'",
        )
        .bind(id.0)
        .fetch_optional(&mut *conn)
        .await
        .context("read a paused clock")?;
        if let Some((due_at, remind_at, now)) = clock {
            let left = (until - now).max(TimeDelta::zero());
            let shift = match change {
                Change::Away(_) => left,
                Change::Back(_) => -left,
            };
            let (due_at, remind_at) = (due_at + shift, remind_at.map(|r| r + shift));
            sqlx::query("UPDATE games SET due_at = $2, remind_at = $3 WHERE id = $1")
                .bind(id.0)
                .bind(due_at)
                .bind(remind_at)
                .execute(&mut *conn)
                .await
                .context("move a paused clock")?;
            appended.deadline = Some(due_at);
            appended.remind = remind_at;
        }
    }
    Ok(Some((appended, after)))
}

/// The account's vacation days and its vacation under way (`GET /v1/me`).
pub async fn vacation(store: &Store, account: AccountId) -> Result<Vacation> {
    let row: Option<Days> = sqlx::query_as(
        "SELECT vacation_days_banked, vacation_banked_at, vacation_started_at, \
                    vacation_until FROM accounts WHERE id = $1 AND deleted_at IS NULL",
    )
    .bind(account.0)
    .fetch_optional(&store.pool)
    .await
    .context("read an account's vacation")?;
    let (banked, banked_at, started_at, until) = row.ok_or(StoreError::UnknownAccount)?;
    let now = Utc::now();
    let under_way = until.is_some_and(|u| u > now);
    Ok(Vacation {
        days_left: accrued(banked, banked_at, now).0,
        until: until.filter(|_| under_way),
        started_at: started_at.filter(|_| under_way),
    })
}

/// Starts a vacation of `days` whole days now (service rules §9.6): the days are spent, then
/// every active game of the account records it. Refused when the account is away already,
/// has fewer days left, or a decision awaited from it is past its deadline.
pub async fn start_vacation(store: &Store, account: AccountId, days: i64) -> Result<Vacation> {
    let past_due: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM game_seats s JOIN games g ON g.id = s.game_id \
         WHERE s.account_id = $1 AND g.status = 'active' AND g.awaiting_seat = s.seat \
           AND g.due_kind = 'clock' AND g.due_at <= now())",
    )
    .bind(account.0)
    .fetch_one(&store.pool)
    .await
    .context("look for a decision past its deadline")?;
    let now = now_ms();
    let mut tx = store.pool.begin().await.context("begin vacation")?;
    let (username, banked, banked_at, _, until) = lock_account(&mut tx, account).await?;
    if until.is_some_and(|u| u > now) {
        return Err(StoreError::VacationInProgress);
    }
    let (left, as_of) = accrued(banked, banked_at, now);
    if days < 1 || days > i64::from(left) {
        return Err(StoreError::NotEnoughVacationDays { left });
    }
    if past_due {
        return Err(StoreError::DeadlinePassed);
    }
    let until = now + Duration::days(days);
    let days_left = left - days as i16;
    sqlx::query(
        "UPDATE accounts SET vacation_days_banked = $2, vacation_banked_at = $3, \
                             vacation_started_at = $4, vacation_until = $5, \
                             vacation_last_started_at = $4 \
         WHERE id = $1",
    )
    .bind(account.0)
    .bind(days_left)
    .bind(as_of)
    .bind(now)
    .bind(until)
    .execute(&mut *tx)
    .await
    .context("start a vacation")?;
    tx.commit().await.context("commit vacation")?;
    record_everywhere(store, account, &username, Change::Away(until)).await;
    Ok(Vacation {
        days_left,
        until: Some(until),
        started_at: Some(now),
    })
}

/// Ends the account's vacation now: the unused whole days come back, and every active game
/// still recording it records the return (its awaited decision's deadline moves back).
pub async fn end_vacation(store: &Store, account: AccountId) -> Result<Ended> {
    let now = now_ms();
    let mut tx = store.pool.begin().await.context("begin vacation end")?;
    let (username, banked, banked_at, _, until) = lock_account(&mut tx, account).await?;
    let Some(until) = until.filter(|&u| u > now) else {
        return Err(StoreError::NotOnVacation);
    };
    let returned_days = unused_days(until, now);
    let (left, as_of) = accrued(banked, banked_at, now);
    let days_left = (left + returned_days).min(MAX_DAYS);
    let as_of = if days_left == MAX_DAYS { now } else { as_of };
    sqlx::query(
        "UPDATE accounts SET vacation_days_banked = $2, vacation_banked_at = $3, \
                             vacation_started_at = NULL, vacation_until = NULL \
         WHERE id = $1",
    )
    .bind(account.0)
    .bind(days_left)
    .bind(as_of)
    .execute(&mut *tx)
    .await
    .context("end a vacation")?;
    tx.commit().await.context("commit vacation end")?;
    record_everywhere(store, account, &username, Change::Back(until)).await;
    Ok(Ended {
        days_left,
        returned_days,
    })
}

/// Records `change` in every active game of the account, one transaction per game. A game
/// that fails is logged and left: a missing `seat_away` is appended by the deadline worker
/// before it would time the player out.
async fn record_everywhere(store: &Store, account: AccountId, username: &str, change: Change) {
    let games = match crate::tables::listing::games_of(store, account, GameStatus::Active).await {
        Ok(games) => games,
        Err(e) => {
            tracing::error!(account_id = %account, error = ?e, "could not list games for a vacation");
            return;
        }
    };
    for id in games {
        if let Err(e) = record_in_game(store, id, account, username, change).await {
            tracing::error!(game_id = %id, account_id = %account, error = ?e,
                "could not record a vacation in a game");
        }
    }
}

/// [`record_in`] in a transaction of its own, retried on a lost race.
async fn record_in_game(
    store: &Store,
    id: GameId,
    account: AccountId,
    username: &str,
    change: Change,
) -> Result<()> {
    let mut tries = 0;
    loop {
        tries += 1;
        let mut tx = store
            .pool
            .begin()
            .await
            .context("begin a vacation's append")?;
        let seat = match read_model::seat_of(&mut tx, id, account).await {
            Ok(seat) => seat,
            Err(StoreError::NotFound | StoreError::NotSeated) => return Ok(()),
            Err(e) => return Err(e),
        };
        let head = store.replay_head(&mut tx, id).await?;
        match record_in(store, &mut tx, id, &head, seat, username, change).await {
            Ok(None) => return Ok(()),
            Ok(Some((appended, after))) => {
                tx.commit().await.context("commit a vacation's append")?;
                store.committed(id, &appended);
                store.snapshots.put(
                    id,
                    Snapshot {
                        version: appended.version,
                        last_hash: appended.last_hash,
                        game: Arc::new(after),
                    },
                );
                return Ok(());
            }
            Err(e) if e.retryable(tries) => continue,
            Err(e) => return Err(e.into_store_error(store, id, head.version).await),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(days: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_790_000_000, 0).unwrap() + Duration::days(days)
    }

    #[test]
    fn an_account_starts_with_twenty_days() {
        // 20: the column's default (migrations/20261127000001_reach_players.sql).
        assert_eq!(accrued(20, at(0), at(0)), (20, at(0)));
        assert_eq!(accrued(20, at(0), at(6)), (20, at(0)));
    }

    #[test]
    fn one_day_accrues_per_whole_week_and_a_partial_week_keeps_counting() {
        assert_eq!(accrued(20, at(0), at(7)), (21, at(7)));
        assert_eq!(accrued(20, at(0), at(20)), (22, at(14)));
        assert_eq!(accrued(3, at(0), at(70)), (13, at(70)));
    }

    #[test]
    fn days_stop_accruing_at_thirty() {
        assert_eq!(accrued(29, at(0), at(7)), (30, at(7)));
        assert_eq!(accrued(20, at(0), at(700)), (30, at(700)));
        assert_eq!(accrued(30, at(0), at(3)), (30, at(3)));
    }

    #[test]
    fn unused_days_are_the_whole_days_left() {
        assert_eq!(unused_days(at(5), at(0)), 5);
        assert_eq!(unused_days(at(5), at(0) + Duration::hours(1)), 4);
        assert_eq!(unused_days(at(1), at(0) + Duration::seconds(1)), 0);
        assert_eq!(unused_days(at(0), at(1)), 0);
    }
}
