//! Audit: recomputes each stream's hash chain, replays it through the engine, checks every
//! shuffle against its commitment. Reads only; never repairs.

use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

use crate::eventstore::chain::{GENESIS, chain_hash};
use crate::eventstore::error::{Context, Result};
use crate::eventstore::read_model::{self, GameRow, GameStatus};
use crate::eventstore::stream::{EventRow, read_rows};
use crate::eventstore::{GameId, Store};
use rules::{Event, Game, Status, bot_due, verify_shuffle};

/// The first thing found wrong with a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Broken {
    /// The first broken event; `None` when the stream is sound but the `games` read model
    /// disagrees with it.
    pub seq: Option<i64>,
    pub reason: String,
}

/// The verdict on one game, printed as one JSON line by `lords verify`.
#[derive(Debug, Clone, Serialize)]
pub struct VerifyReport {
    pub game_id: GameId,
    pub ok: bool,
    pub status: GameStatus,
    /// Events read (up to and including a broken one).
    pub events: i64,
    /// Shuffles whose commitment checked.
    pub shuffles_checked: usize,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub broken: Option<Broken>,
}

/// A shuffle that does not match its commitment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShuffleBreak {
    pub seq: i64,
    pub reason: String,
}

/// Checks every `deck_shuffled` among `events` (seq, event) against its commitment: the revealed
/// order and salt must hash to it and the order must have the announced size. Meant for a
/// finished game (where everyone may see order and salt), or the stored stream, which always
/// holds them. Returns how many shuffles checked.
pub fn verify_shuffles<'a>(
    events: impl IntoIterator<Item = (i64, &'a Event)>,
) -> Result<usize, ShuffleBreak> {
    let mut checked = 0;
    for (seq, event) in events {
        let Event::DeckShuffled {
            size,
            commitment,
            order,
            salt,
        } = event
        else {
            continue;
        };
        let fail = |reason: &str| ShuffleBreak {
            seq,
            reason: reason.to_owned(),
        };
        let (Some(order), Some(salt)) = (order, salt) else {
            return Err(fail("the shuffle's order and salt are not revealed"));
        };
        if order.len() != usize::from(*size) {
            return Err(fail("the revealed order does not have the announced size"));
        }
        if !verify_shuffle(order, salt, commitment) {
            return Err(fail(
                "the revealed order and salt do not match the shuffle's commitment",
            ));
        }
        checked += 1;
    }
    Ok(checked)
}

/// What a whole stream verified to.
struct Checked {
    events: i64,
    shuffles: usize,
    game: Game,
    broken: Option<Broken>,
}

/// Walks the stream: contiguous seqs from 1, the hash chain, every payload loads, the game
/// opens with `game_started` and nothing follows its end, then every shuffle's commitment.
fn check_stream(rows: &[EventRow]) -> Checked {
    let mut prev = GENESIS.to_vec();
    let mut game = Game::new();
    let mut events: Vec<(i64, Event)> = Vec::with_capacity(rows.len());
    let broken = |seq: i64, reason: String| {
        Some(Broken {
            seq: Some(seq),
            reason,
        })
    };
    for (i, row) in rows.iter().enumerate() {
        let expected = i as i64 + 1;
        let fault = if row.seq != expected {
            Some(format!("seq {} where seq {expected} was expected", row.seq))
        } else if row.prev_hash != prev {
            Some(if i == 0 {
                "prev_hash of the first event is not 32 zero bytes".to_owned()
            } else {
                format!("prev_hash does not match the hash of seq {}", row.seq - 1)
            })
        } else if row.hash != chain_hash(&prev, row.payload.as_bytes()) {
            Some("hash does not match SHA-256(prev_hash ‖ payload): the payload was altered".into())
        } else {
            match row.event() {
                Err(e) => Some(format!("payload does not load: {e}")),
                Ok(event) => {
                    let fault = if i == 0 && !matches!(event, Event::GameStarted { .. }) {
                        Some("the stream does not open with game_started".to_owned())
                    } else if i > 0 && matches!(event, Event::GameStarted { .. }) {
                        Some("game_started after the start of the stream".to_owned())
                    } else if game.status() == Status::Finished {
                        Some("an event after the end of the game".to_owned())
                    } else {
                        None
                    };
                    if fault.is_none() {
                        game.apply(&event);
                        events.push((row.seq, event));
                    }
                    fault
                }
            }
        };
        if let Some(reason) = fault {
            return Checked {
                events: expected,
                shuffles: 0,
                game,
                broken: broken(row.seq, reason),
            };
        }
        prev.clone_from(&row.hash);
    }
    let n = rows.len() as i64;
    match verify_shuffles(events.iter().map(|(seq, e)| (*seq, e))) {
        Ok(shuffles) => Checked {
            events: n,
            shuffles,
            game,
            broken: None,
        },
        Err(b) => Checked {
            events: n,
            shuffles: 0,
            game,
            broken: broken(b.seq, b.reason),
        },
    }
}

/// Verifies one game (see [`VerifyReport`]).
pub async fn verify_game(store: &Store, id: GameId) -> Result<VerifyReport> {
    let mut tx = store.pool.begin().await.context("begin verify")?;
    sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        .execute(&mut *tx)
        .await
        .context("set snapshot")?;
    let row = read_model::fetch_row(&mut tx, id).await?;
    let rows = read_rows(&mut tx, id, 0, None).await?;
    tx.commit().await.context("end verify")?;
    let status = row.status()?;
    let mut checked = check_stream(&rows);
    if checked.broken.is_none() {
        checked.broken = read_model_fault(&row, status, &checked);
    }
    if checked.broken.is_none() {
        checked.broken = deadline_fault(&row, &rows);
    }
    Ok(VerifyReport {
        game_id: id,
        ok: checked.broken.is_none(),
        status,
        events: checked.events,
        shuffles_checked: checked.shuffles,
        broken: checked.broken,
    })
}

/// Verifies every game, oldest first.
pub async fn verify_all(store: &Store) -> Result<Vec<VerifyReport>> {
    let ids: Vec<Uuid> = sqlx::query_scalar("SELECT id FROM games ORDER BY created_at, id")
        .fetch_all(&store.pool)
        .await
        .context("list every game")?;
    let mut reports = Vec::with_capacity(ids.len());
    for id in ids {
        reports.push(verify_game(store, GameId(id)).await?);
    }
    Ok(reports)
}

/// The `games` row must say what the stream says: same version, matching status.
fn read_model_fault(row: &GameRow, status: GameStatus, checked: &Checked) -> Option<Broken> {
    let fault = if row.version != checked.events {
        format!(
            "the games row says version {} but the stream has {} events",
            row.version, checked.events
        )
    } else {
        let matches = matches!(
            (status, checked.game.status()),
            (GameStatus::Open | GameStatus::Abandoned, Status::NotStarted)
                | (GameStatus::Active, Status::Active)
                | (GameStatus::Finished, Status::Finished)
        );
        if matches {
            return None;
        }
        format!(
            "the games row says {} but the stream replays to {:?}",
            status.as_str(),
            checked.game.status()
        )
    };
    Some(Broken {
        seq: None,
        reason: fault,
    })
}

/// The deadline of the decision awaited at the end of `rows` (a sound stream), recomputed from
/// the events and when each append recorded them (one append: consecutive events recorded at
/// one time, its transaction's), as `lords_append` and a vacation set it (service rules §9.4,
/// §9.6):
/// - an append that leaves the same decision awaited and only resigned another seat, or only
///   recorded a vacation, keeps the deadline; a vacation recorded for the awaited seat moves it
///   by what is left of the vacation (later when it starts, sooner when it ends early);
/// - any other starts a fresh clock, when the append was recorded or when the awaited seat's
///   vacation ends, whichever is later, plus the game's limit.
///
/// `None` without a clock, with nothing awaited, or when a bot is due.
pub(crate) fn replay_deadline(rows: &[EventRow]) -> Option<DateTime<Utc>> {
    let millis = |ms: u64| DateTime::<Utc>::from_timestamp_millis(i64::try_from(ms).ok()?);
    let mut game = Game::new();
    let mut deadline: Option<DateTime<Utc>> = None;
    let mut i = 0;
    while i < rows.len() {
        let at = rows[i].recorded_at;
        let end = rows[i..]
            .iter()
            .position(|r| r.recorded_at != at)
            .map_or(rows.len(), |n| i + n);
        let events: Vec<Event> = rows[i..end].iter().filter_map(|r| r.event().ok()).collect();
        i = end;
        let before = game.clone();
        events.iter().for_each(|e| game.apply(e));
        let limit = game.options().and_then(|o| o.turn_time_limit_s);
        let (Some(awaiting), Some(limit)) = (game.awaiting(), limit) else {
            deadline = None;
            continue;
        };
        if game.status() != Status::Active || bot_due(&game).is_some() {
            deadline = None;
            continue;
        }
        let vacation_only = events
            .iter()
            .all(|e| matches!(e, Event::SeatAway { .. } | Event::SeatBack { .. }));
        let other_resigned = matches!(events.as_slice(), [Event::SeatResigned { seat }]
            if *seat != awaiting.seat);
        let same = before.awaiting() == Some(awaiting);
        match deadline {
            Some(kept) if same && (vacation_only || other_resigned) => {
                let mut moved = kept;
                for e in &events {
                    match *e {
                        Event::SeatAway { seat, until_ms } if seat == awaiting.seat => {
                            if let Some(until) = millis(until_ms) {
                                moved += (until - at).max(chrono::TimeDelta::zero());
                            }
                        }
                        Event::SeatBack { seat } if seat == awaiting.seat => {
                            if let Some(until) = before.away_until_ms(seat).and_then(millis) {
                                moved -= (until - at).max(chrono::TimeDelta::zero());
                            }
                        }
                        _ => {}
                    }
                }
                deadline = Some(moved);
            }
            _ => {
                let from = game
                    .away_until_ms(awaiting.seat)
                    .and_then(millis)
                    .map_or(at, |until| until.max(at));
                deadline = Some(from + chrono::TimeDelta::seconds(i64::from(limit)));
            }
        }
    }
    deadline
}

/// An active clocked game's `games.due_at` must be the deadline its stream implies
/// ([`replay_deadline`]), to the millisecond.
fn deadline_fault(row: &GameRow, rows: &[EventRow]) -> Option<Broken> {
    if row.status != GameStatus::Active.as_str() || row.due_kind.as_deref() != Some("clock") {
        return None;
    }
    let expected = replay_deadline(rows);
    let matches = match (row.due_at, expected) {
        (Some(stored), Some(expected)) => {
            (stored - expected).abs() <= chrono::TimeDelta::milliseconds(1)
        }
        _ => false,
    };
    (!matches).then(|| Broken {
        seq: None,
        reason: format!(
            "the games row says the awaited decision times out at {:?} but the stream implies {:?}",
            row.due_at, expected
        ),
    })
}
