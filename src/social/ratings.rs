//! Ratings (service rules §9.7): a finished rated game's rating changes, applied by the rating
//! worker (`crate::social::rater`) exactly once, in one transaction per game. A rated game in which a
//! seated person took fewer than two decisions themselves changes no rating: the worker marks
//! it done, once, as it marks a rated one, and writes nothing else.
//!
//! Exactly once: every application takes one advisory lock first (one game at a time across
//! every process), re-reads the game's marker `games.ratings_applied_at` under the game's row
//! lock, and writes the marker in the transaction that writes the ratings. A process killed
//! mid-way leaves nothing (its transaction rolls back); a second worker finds the lock taken or
//! the marker set; and the primary keys of `rating_history` (account, game) and `game_ratings`
//! (game, seat) refuse a second copy even if all of that failed.
//!
//! On Citus the transaction writes several shards (the seats' accounts'): it is a worker's, not
//! an action's. The games are read across shards with no row lock, then the one taken is locked
//! by its id; times are bound parameters.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::eventstore::error::{Context, Result, unexpected};
use crate::eventstore::stream::read_stream;
use crate::eventstore::{AccountId, GameId, Store};
use rules::{Game, Rating, Seat, UnratedReason, rate, unrated_reason};

/// The advisory lock under which ratings are applied, one game at a time, oldest first.
const RATINGS_LOCK: i64 = 7201;

/// A game whose ratings were applied.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedGame {
    pub game_id: GameId,
    /// By seat: who was rated (the seat's account, or its bot level's account) and how.
    pub seats: Vec<RatedSeat>,
}

/// One seat's rating change.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedSeat {
    pub account_id: AccountId,
    pub place: u8,
    pub before: Rating,
    pub after: Rating,
}

/// What one look found.
#[derive(Debug, Clone, PartialEq)]
pub enum NextRating {
    /// The oldest finished rated game not yet rated was rated now.
    Rated(RatedGame),
    /// No such game.
    Idle,
    /// Another process is applying ratings now.
    Busy,
    /// The oldest finished rated game not yet rated changes no rating (service rules §9.7):
    /// marked done now, without a rating.
    Unrated(GameId, UnratedReason),
}

/// Applies the ratings of the oldest finished rated game (by `finished_at`, then id) not
/// rated yet, in one transaction; see the module's documentation.
pub async fn rate_next_game(store: &Store) -> Result<NextRating> {
    let mut tx = store.pool().begin().await.context("begin ratings")?;
    // One shard's writes after the accounts reference table was read: sequential on Citus
    // (a placeholder setting elsewhere).
    sqlx::query("SET LOCAL citus.multi_shard_modify_mode = 'sequential'")
        .execute(&mut *tx)
        .await
        .context("ratings: sequential mode")?;
    let (locked,): (bool,) = sqlx::query_as("SELECT pg_try_advisory_xact_lock($1)")
        .bind(RATINGS_LOCK)
        .fetch_one(&mut *tx)
        .await
        .context("ratings: take the lock")?;
    if !locked {
        tx.rollback().await.context("end ratings")?;
        return Ok(NextRating::Busy);
    }
    let next: Option<(Uuid,)> = sqlx::query_as(
        "SELECT id FROM games \
         WHERE rated AND ratings_applied_at IS NULL AND finished_at IS NOT NULL \
         ORDER BY finished_at, id LIMIT 1",
    )
    .fetch_optional(&mut *tx)
    .await
    .context("ratings: the next game")?;
    let Some((id,)) = next else {
        // Ended here, not when dropped: a dropped transaction's rollback waits for its
        // connection's next use, and its advisory lock with it.
        tx.rollback().await.context("end ratings")?;
        return Ok(NextRating::Idle);
    };
    let id = GameId(id);
    let row: Option<(DateTime<Utc>, Option<serde_json::Value>)> = sqlx::query_as(
        "SELECT finished_at, result FROM games \
         WHERE id = $1 AND rated AND ratings_applied_at IS NULL AND finished_at IS NOT NULL \
         FOR UPDATE",
    )
    .bind(id.0)
    .fetch_optional(&mut *tx)
    .await
    .context("ratings: lock the game")?;
    let Some((finished_at, result)) = row else {
        // Rated meanwhile (only possible without the lock): nothing to do.
        tx.rollback().await.context("end ratings")?;
        return Ok(NextRating::Idle);
    };
    let (places, own_decisions) = match (
        places_of(result.as_ref()),
        own_decisions_of(result.as_ref()),
    ) {
        (Some(places), Some(decisions)) => (places, decisions),
        _ => replayed(&mut tx, id).await?,
    };
    let seated = seat_accounts(&mut tx, id).await?;
    let persons: Vec<bool> = seated.iter().map(|s| s.1).collect();
    if let Some(reason) = unrated_reason(&own_decisions, |seat| persons[seat]) {
        // Service rules §9.7: no rating without play. The marker says the worker is done
        // with the game, as for a rated one, so it is skipped exactly once.
        mark_done(&mut tx, id, Utc::now()).await?;
        tx.commit().await.context("commit ratings")?;
        return Ok(NextRating::Unrated(id, reason));
    }
    let accounts: Vec<AccountId> = seated.into_iter().map(|s| s.0).collect();
    if accounts.len() != places.len() {
        return Err(unexpected(format!(
            "game {} has {} seats but {} places",
            id.0,
            accounts.len(),
            places.len()
        )));
    }
    let before = current_ratings(&mut tx, &accounts).await?;
    let players: Vec<(Rating, u8)> = accounts
        .iter()
        .zip(&places)
        .map(|(a, &place)| (before.get(a).map_or(Rating::START, |r| r.0), place))
        .collect();
    let after = rate(&players);
    let seats: Vec<RatedSeat> = accounts
        .iter()
        .zip(players.iter().zip(&after))
        .map(|(&account_id, (&(before, place), &after))| RatedSeat {
            account_id,
            place,
            before,
            after,
        })
        .collect();
    let now = Utc::now();
    for (seat, rated) in seats.iter().enumerate() {
        insert_game_rating(&mut tx, id, seat, rated).await?;
    }
    // One change per account: a bot level seated more than once moves its profile by the
    // average of its seats' results.
    let mut done: Vec<AccountId> = Vec::new();
    for (seat, rated) in seats.iter().enumerate() {
        if done.contains(&rated.account_id) {
            continue;
        }
        done.push(rated.account_id);
        let same: Vec<&RatedSeat> = seats
            .iter()
            .filter(|s| s.account_id == rated.account_id)
            .collect();
        let n = same.len() as f64;
        let new = Rating {
            mu: same.iter().map(|s| s.after.mu).sum::<f64>() / n,
            sigma: same.iter().map(|s| s.after.sigma).sum::<f64>() / n,
        };
        let games = before.get(&rated.account_id).map_or(0, |r| r.1);
        upsert_rating(&mut tx, rated.account_id, new, games, now).await?;
        insert_history(&mut tx, id, seat, rated, new, finished_at).await?;
    }
    mark_done(&mut tx, id, now).await?;
    tx.commit().await.context("commit ratings")?;
    Ok(NextRating::Rated(RatedGame { game_id: id, seats }))
}

/// The places the append stored with the result (`result.places`).
fn places_of(result: Option<&serde_json::Value>) -> Option<Vec<u8>> {
    serde_json::from_value(result?.get("places")?.clone()).ok()
}

/// The seats' own decisions the append stored with the result (`result.own_decisions`).
fn own_decisions_of(result: Option<&serde_json::Value>) -> Option<Vec<u16>> {
    let decisions: Vec<u16> = serde_json::from_value(result?.get("own_decisions")?.clone()).ok()?;
    (!decisions.is_empty()).then_some(decisions)
}

/// The places and the seats' own decisions from the game's events, for a result stored
/// without them.
async fn replayed(conn: &mut PgConnection, id: GameId) -> Result<(Vec<u8>, Vec<u16>)> {
    let events = read_stream(conn, id, 0, None).await?;
    let game = Game::replay(events.iter().map(|e| &e.event));
    let places = game
        .places()
        .ok_or_else(|| unexpected(format!("finished game {} has no final ranking", id.0)))?;
    let decisions = (0..places.len())
        .map(|s| game.own_decisions(Seat(s as u8)))
        .collect();
    Ok((places, decisions))
}

/// Marks the game done by the worker: rated, or skipped as unrated (service rules §9.7).
async fn mark_done(conn: &mut PgConnection, id: GameId, now: DateTime<Utc>) -> Result<()> {
    sqlx::query("UPDATE games SET ratings_applied_at = $2 WHERE id = $1")
        .bind(id.0)
        .bind(now)
        .execute(conn)
        .await
        .context("ratings: mark the game done")?;
    Ok(())
}

/// By seat, the account rated for it: the seat's (a resigned or abandoned player, and a deleted
/// account, stay theirs), or for a bot's seat its level's built-in account; and whether a
/// person (an account) holds the seat.
async fn seat_accounts(conn: &mut PgConnection, id: GameId) -> Result<Vec<(AccountId, bool)>> {
    let bots: Vec<(String, Uuid)> =
        sqlx::query_as("SELECT builtin_bot, id FROM accounts WHERE builtin_bot IS NOT NULL")
            .fetch_all(&mut *conn)
            .await
            .context("ratings: the bots' accounts")?;
    let seats: Vec<(i16, Option<Uuid>, Option<String>)> = sqlx::query_as(
        "SELECT seat, account_id, bot FROM game_seats WHERE game_id = $1 ORDER BY seat",
    )
    .bind(id.0)
    .fetch_all(&mut *conn)
    .await
    .context("ratings: the seats")?;
    seats
        .into_iter()
        .enumerate()
        .map(|(i, (seat, account, bot))| {
            if usize::try_from(seat).ok() != Some(i) {
                return Err(unexpected(format!("game {} lacks seat {i}", id.0)));
            }
            let person = bot.is_none();
            let account = account.or_else(|| {
                let bot = bot.as_deref()?;
                bots.iter().find(|(level, _)| level == bot).map(|b| b.1)
            });
            account
                .map(|a| (AccountId(a), person))
                .ok_or_else(|| unexpected(format!("seat {seat} of game {} has no account", id.0)))
        })
        .collect()
}

/// The accounts' current ratings and rated games; an account without a row has none.
async fn current_ratings(
    conn: &mut PgConnection,
    accounts: &[AccountId],
) -> Result<HashMap<AccountId, (Rating, i32)>> {
    let ids: Vec<Uuid> = accounts.iter().map(|a| a.0).collect();
    let rows: Vec<(Uuid, f64, f64, i32)> = sqlx::query_as(
        "SELECT account_id, mu, sigma, games FROM player_ratings WHERE account_id = ANY($1)",
    )
    .bind(&ids)
    .fetch_all(conn)
    .await
    .context("ratings: read the current ratings")?;
    Ok(rows
        .into_iter()
        .map(|(id, mu, sigma, games)| (AccountId(id), (Rating { mu, sigma }, games)))
        .collect())
}

async fn insert_game_rating(
    conn: &mut PgConnection,
    id: GameId,
    seat: usize,
    rated: &RatedSeat,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO game_ratings (game_id, seat, account_id, place, mu_before, sigma_before, \
         rating_before, mu, sigma, rating) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(id.0)
    .bind(seat as i16)
    .bind(rated.account_id.0)
    .bind(i16::from(rated.place))
    .bind(rated.before.mu)
    .bind(rated.before.sigma)
    .bind(rated.before.display())
    .bind(rated.after.mu)
    .bind(rated.after.sigma)
    .bind(rated.after.display())
    .execute(conn)
    .await
    .context("ratings: record a seat's change")?;
    Ok(())
}

async fn upsert_rating(
    conn: &mut PgConnection,
    account: AccountId,
    new: Rating,
    games_before: i32,
    now: DateTime<Utc>,
) -> Result<()> {
    // The row as it will be, written whole: the count read under the lock, plus this game.
    sqlx::query(
        "INSERT INTO player_ratings (account_id, mu, sigma, rating, games, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (account_id) DO UPDATE SET mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, \
         rating = EXCLUDED.rating, games = EXCLUDED.games, updated_at = EXCLUDED.updated_at",
    )
    .bind(account.0)
    .bind(new.mu)
    .bind(new.sigma)
    .bind(new.display())
    .bind(games_before + 1)
    .bind(now)
    .execute(conn)
    .await
    .context("ratings: write a rating")?;
    Ok(())
}

async fn insert_history(
    conn: &mut PgConnection,
    id: GameId,
    seat: usize,
    rated: &RatedSeat,
    new: Rating,
    finished_at: DateTime<Utc>,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO rating_history (account_id, game_id, seat, finished_at, mu_before, \
         sigma_before, rating_before, mu, sigma, rating) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(rated.account_id.0)
    .bind(id.0)
    .bind(seat as i16)
    .bind(finished_at)
    .bind(rated.before.mu)
    .bind(rated.before.sigma)
    .bind(rated.before.display())
    .bind(new.mu)
    .bind(new.sigma)
    .bind(new.display())
    .execute(conn)
    .await
    .context("ratings: record the history")?;
    Ok(())
}
