//! A tournament's rounds (service rules §9.11): starting it at `starts_at`, pairing each round
//! once every game of the one before has ended, making the round's games, and ending it.
//!
//! Exactly once, through any crash: a round's pairing (its tables, each naming the game it
//! will become, its byes and the round number) is one transaction under the tournament row's
//! lock, taken with `SKIP LOCKED` so that servers share the tournaments. Each table's game is
//! then made in a transaction of its own, under an advisory lock on the game's id, only when
//! no game has that id: a process killed between the two leaves tables without games, which
//! the next pass of any process makes; a second pass finds them made. The players are told
//! (`tournament_round`) by the game's own deal, so they are told once too.

use std::collections::HashMap;

use chrono::Utc;
use rand::Rng;
use rand::seq::SliceRandom;
use serde_json::json;
use sqlx::PgConnection;
use uuid::Uuid;

use super::registry::{begin, cancel_in, read_in, start_in};
use super::{Format, Status, Table, Tournament, pairing};
use crate::eventstore::error::{Context, Result};
use crate::eventstore::outbox::{NotificationKind, Pending, ToWrite, write_for_account};
use crate::eventstore::{AccountId, GameId, Store};
use crate::tables::lobby;
use rules::Seat;

/// What one look at a tournament did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Nothing to do now (a round is being played, or another process holds it).
    Idle,
    /// Its `starts_at` passed with too few players: cancelled.
    Cancelled,
    /// A round was paired (and its games made).
    Paired(u8),
    /// Games of the current round were made that were missing (a pass that died before).
    Made(usize),
    /// Its last round ended: finished.
    Finished,
}

/// The tournaments that may have something to do: open ones whose start passed, and running
/// ones.
pub async fn candidates(store: &Store) -> Result<Vec<Uuid>> {
    sqlx::query_scalar(
        "SELECT id FROM tournaments \
         WHERE status = 'running' OR (status = 'open' AND starts_at <= now()) \
         ORDER BY created_at",
    )
    .fetch_all(&store.pool)
    .await
    .context("tournaments to look at")
}

/// Looks at every tournament that may have something to do, and does it; what was done.
pub async fn advance_all(
    store: &Store,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Vec<(Uuid, Step)>> {
    let mut done = Vec::new();
    for id in candidates(store).await? {
        let step = advance(store, id, rng).await?;
        if step != Step::Idle {
            done.push((id, step));
        }
    }
    Ok(done)
}

/// Does what tournament `id` needs now: start it when its time came, make the current round's
/// missing games, pair the next round when every game of this one ended, or end it.
pub async fn advance(store: &Store, id: Uuid, rng: &mut (impl Rng + ?Sized)) -> Result<Step> {
    // The games of the round already paired that are not made yet (a pass that died).
    let current = make_games(store, id, rng).await?;
    if current.made > 0 {
        return Ok(Step::Made(current.made));
    }
    // A game of the round still being played: nothing to lock or read whole (this runs after
    // every game that ends, for every running tournament).
    if current.playing {
        return Ok(Step::Idle);
    }
    let mut tx = begin(store).await?;
    let locked: Option<(String, bool)> = sqlx::query_as(
        "SELECT status, coalesce(starts_at <= now(), false) FROM tournaments \
         WHERE id = $1 FOR UPDATE SKIP LOCKED",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await
    .context("lock a tournament to advance")?;
    let Some((status, due)) = locked else {
        return Ok(Step::Idle);
    };
    let mut t = read_in(&mut tx, id).await?;
    if status == "open" {
        if !due {
            return Ok(Step::Idle);
        }
        let players = t.starters().len() as u32;
        if players < u32::from(t.settings.min_players) {
            cancel_in(&mut tx, id).await?;
            tx.commit().await.context("commit a cancelled start")?;
            tracing::info!(tournament_id = %id, players, "tournament cancelled: too few players");
            return Ok(Step::Cancelled);
        }
        start_in(&mut tx, id, t.settings.format, players).await?;
        t = read_in(&mut tx, id).await?;
    }
    if t.status != Status::Running {
        return Ok(Step::Idle);
    }
    let current: Vec<&Table> = t.tables.iter().filter(|x| x.round == t.round).collect();
    let over = current.iter().all(|x| {
        t.games
            .get(&x.game_id)
            .is_some_and(|g| g.status.as_deref() == Some("finished"))
    });
    if !over {
        return Ok(Step::Idle);
    }
    let rounds = t.settings.rounds.unwrap_or(0);
    if t.round >= rounds {
        finish_in(&mut tx, &t).await?;
        tx.commit().await.context("commit a finished tournament")?;
        tracing::info!(tournament_id = %id, "tournament finished");
        return Ok(Step::Finished);
    }
    let round = t.round + 1;
    pair_in(&mut tx, &t, round, rng).await?;
    tx.commit().await.context("commit a round's pairing")?;
    tracing::info!(tournament_id = %id, round, "tournament round paired");
    make_games(store, id, rng).await?;
    Ok(Step::Paired(round))
}

/// Pairs round `round` of the locked tournament `t` (service rules §9.11) and writes it: its
/// tables, each with the id of the game it will become and its players in random seat order,
/// its byes (each told `tournament_round` now), and the round number.
async fn pair_in(
    conn: &mut PgConnection,
    t: &Tournament,
    round: u8,
    rng: &mut (impl Rng + ?Sized),
) -> Result<()> {
    let withdrawn = |a: Uuid| {
        t.entries
            .iter()
            .any(|e| e.account == a && e.withdrawn_at.is_some())
    };
    let seating = match t.settings.format {
        Format::Swiss => {
            let order: Vec<Uuid> = t
                .standings()
                .into_iter()
                .filter(|s| !s.withdrawn)
                .map(|s| s.account)
                .collect();
            // Who met whom, and the byes so far, counted once; the search (up to its budget of
            // placements, a few hundred milliseconds for 200 players) runs off the async
            // workers.
            let mut met: HashMap<(Uuid, Uuid), u32> = HashMap::new();
            for x in &t.tables {
                for (i, &a) in x.seats.iter().enumerate() {
                    for &b in &x.seats[i + 1..] {
                        *met.entry((a.min(b), a.max(b))).or_default() += 1;
                    }
                }
            }
            let mut byes: HashMap<Uuid, u32> = HashMap::new();
            for b in &t.byes {
                *byes.entry(b.account).or_default() += 1;
            }
            let size = usize::from(t.settings.table_size);
            tokio::task::spawn_blocking(move || {
                pairing::swiss(
                    &order,
                    size,
                    |a, b| met.get(&(a.min(b), a.max(b))).copied().unwrap_or(0),
                    |a| byes.get(&a).copied().unwrap_or(0),
                )
            })
            .await
            .map_err(|e| crate::eventstore::error::unexpected(format!("the Swiss pairing: {e}")))?
        }
        Format::RoundRobin => {
            let players: Vec<Uuid> = t.starters().iter().map(|e| e.account).collect();
            pairing::round_robin(&players, u32::from(round), withdrawn)
        }
    };
    for (n, seats) in seating.tables.iter().enumerate() {
        let mut seats = seats.clone();
        seats.shuffle(rng);
        sqlx::query(
            "INSERT INTO tournament_tables (tournament_id, round, table_no, game_id, seats) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(t.id)
        .bind(i16::from(round))
        .bind((n + 1) as i16)
        .bind(Uuid::now_v7())
        .bind(&seats)
        .execute(&mut *conn)
        .await
        .context("write a round's table")?;
    }
    for account in &seating.byes {
        sqlx::query(
            "INSERT INTO tournament_byes (tournament_id, round, account_id) VALUES ($1, $2, $3)",
        )
        .bind(t.id)
        .bind(i16::from(round))
        .bind(account)
        .execute(&mut *conn)
        .await
        .context("write a round's bye")?;
        let told = ToWrite {
            bots: false,
            kind: NotificationKind::TournamentRound,
            game: None,
            payload: json!({
                "tournament_id": t.id,
                "name": t.settings.name,
                "round": round,
                "game_id": null,
                "bye": true,
            }),
            source: None,
            created_at: None,
        };
        write_for_account(&mut *conn, AccountId(*account), &[told]).await?;
    }
    sqlx::query("UPDATE tournaments SET round = $2 WHERE id = $1")
        .bind(t.id)
        .bind(i16::from(round))
        .execute(&mut *conn)
        .await
        .context("advance a tournament's round")?;
    Ok(())
}

/// A table of the current round, with what its game is made with.
#[derive(sqlx::FromRow)]
struct RoundTable {
    round: i16,
    table_no: i16,
    game_id: Uuid,
    seats: Vec<Uuid>,
    name: String,
    options: sqlx::types::Json<rules::GameOptions>,
    rated: bool,
}

/// The current round's games, as [`make_games`] left them.
struct CurrentRound {
    /// Games it made that were missing.
    made: usize,
    /// Whether a game of the round is still being played.
    playing: bool,
}

/// Makes the games of tournament `id`'s current round that are not made yet, each in its own
/// transaction under an advisory lock on its id; how many it made, and whether the round is
/// still being played.
async fn make_games(
    store: &Store,
    id: Uuid,
    rng: &mut (impl Rng + ?Sized),
) -> Result<CurrentRound> {
    let tables: Vec<RoundTable> = sqlx::query_as(
        "SELECT x.round, x.table_no, x.game_id, x.seats, t.name, t.options, t.rated \
             FROM tournament_tables x JOIN tournaments t ON t.id = x.tournament_id \
             WHERE x.tournament_id = $1 AND x.round = t.round AND t.status = 'running' \
             ORDER BY x.table_no",
    )
    .bind(id)
    .fetch_all(&store.pool)
    .await
    .context("a round's tables")?;
    if tables.is_empty() {
        return Ok(CurrentRound {
            made: 0,
            playing: false,
        });
    }
    let ids: Vec<Uuid> = tables.iter().map(|m| m.game_id).collect();
    let existing: Vec<(Uuid, String)> =
        sqlx::query_as("SELECT id, status FROM games WHERE id = ANY ($1)")
            .bind(&ids)
            .fetch_all(&store.pool)
            .await
            .context("a round's games made")?;
    let playing = existing.iter().any(|(_, status)| status != "finished");
    let mut made = 0;
    for RoundTable {
        round,
        table_no,
        game_id,
        seats,
        name,
        options,
        rated,
    } in tables
    {
        if existing.iter().any(|(made, _)| *made == game_id) {
            continue;
        }
        let mut tx = store
            .pool
            .begin()
            .await
            .context("begin a tournament game")?;
        sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1::text, 7110))")
            .bind(game_id)
            .execute(&mut *tx)
            .await
            .context("lock a tournament game's id")?;
        let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)")
            .bind(game_id)
            .fetch_one(&mut *tx)
            .await
            .context("is the tournament game made")?;
        if exists {
            continue;
        }
        let told: Vec<Pending> = (0..seats.len())
            .map(|s| Pending {
                seat: Seat(s as u8),
                kind: NotificationKind::TournamentRound,
                payload: json!({
                    "tournament_id": id,
                    "name": name,
                    "round": round,
                    "table": table_no,
                    "game_id": game_id,
                    "bye": false,
                }),
            })
            .collect();
        let players: Vec<AccountId> = seats.iter().map(|a| AccountId(*a)).collect();
        let (game, dealt) = lobby::create_seated_as(
            store,
            &mut tx,
            GameId(game_id),
            &players,
            options.0,
            rated,
            told,
            rng,
        )
        .await?;
        tx.commit().await.context("commit a tournament game")?;
        if let Some(dealt) = dealt {
            store.committed(game, &dealt);
        }
        made += 1;
    }
    Ok(CurrentRound {
        made,
        playing: playing || made > 0,
    })
}

/// Ends the locked tournament `t` and tells each of its players their rank and points.
async fn finish_in(conn: &mut PgConnection, t: &Tournament) -> Result<()> {
    sqlx::query("UPDATE tournaments SET status = 'finished', ended_at = $2 WHERE id = $1")
        .bind(t.id)
        .bind(Utc::now())
        .execute(&mut *conn)
        .await
        .context("finish a tournament")?;
    let standings = t.standings();
    let players = standings.len();
    for s in standings {
        let told = ToWrite {
            bots: false,
            kind: NotificationKind::TournamentEnded,
            game: None,
            payload: json!({
                "tournament_id": t.id,
                "name": t.settings.name,
                "rank": s.rank,
                "points": f64::from(s.points) / 2.0,
                "players": players,
            }),
            source: None,
            created_at: None,
        };
        write_for_account(&mut *conn, AccountId(s.account), &[told]).await?;
    }
    Ok(())
}
