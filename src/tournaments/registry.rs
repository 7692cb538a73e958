//! A tournament's registration and reading (service rules §9.11): creating one, joining,
//! withdrawing, starting and cancelling, each one short transaction under the tournament row's
//! lock; reading one whole, with its games' results; and the keyset-paged list.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use super::standings::{Bye, GameOutcome};
use super::{Entry, Format, Played, Settings, Status, Table, Tournament};
use crate::eventstore::error::{Context, Result, StoreError, unexpected};
use crate::eventstore::{AccountId, Store};
use crate::tables::listing::{decode_cursor, encode_cursor};
use rules::GameOptions;

/// Begins a transaction over the tournaments' reference tables, which may read the games'
/// and accounts' shards too.
pub(crate) async fn begin(store: &Store) -> Result<sqlx::Transaction<'static, sqlx::Postgres>> {
    crate::eventstore::distribute::begin_sequential(&store.pool, "begin tournament").await
}

/// A new open tournament of `creator` (a person: a bot account is refused).
pub async fn create(store: &Store, creator: AccountId, settings: Settings) -> Result<Tournament> {
    let settings = settings.validated(Utc::now())?;
    let id = Uuid::now_v7();
    let mut tx = begin(store).await?;
    let bot: Option<bool> = sqlx::query_scalar("SELECT bot_account FROM accounts WHERE id = $1")
        .bind(creator.0)
        .fetch_optional(&mut *tx)
        .await
        .context("is the creator a bot account")?;
    match bot {
        None => return Err(StoreError::UnknownAccount),
        Some(true) => return Err(StoreError::BotAccountCannotCreateTournaments),
        Some(false) => {}
    }
    sqlx::query(
        "INSERT INTO tournaments (id, name, format, table_size, rounds, options, rated, \
         bots_allowed, min_players, max_players, starts_at, creator_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(id)
    .bind(&settings.name)
    .bind(settings.format.as_str())
    .bind(i16::from(settings.table_size))
    .bind(settings.rounds.map(i16::from))
    .bind(sqlx::types::Json(settings.options))
    .bind(settings.rated)
    .bind(settings.bots_allowed)
    .bind(settings.min_players as i16)
    .bind(settings.max_players as i16)
    .bind(settings.starts_at)
    .bind(creator.0)
    .execute(&mut *tx)
    .await
    .context("insert a tournament")?;
    let t = read_in(&mut tx, id).await?;
    tx.commit().await.context("commit a tournament")?;
    Ok(t)
}

/// The tournament row locked for a change: its status, creator, settings' player bounds and
/// whether bot accounts may join.
struct Locked {
    status: Status,
    creator: Uuid,
    format: Format,
    min_players: u16,
    max_players: u16,
    bots_allowed: bool,
}

async fn lock(conn: &mut PgConnection, id: Uuid) -> Result<Locked> {
    let row: Option<(String, Uuid, String, i16, i16, bool)> = sqlx::query_as(
        "SELECT status, creator_id, format, min_players, max_players, bots_allowed \
         FROM tournaments WHERE id = $1 FOR UPDATE",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
    .context("lock a tournament")?;
    let (status, creator, format, min, max, bots_allowed) =
        row.ok_or(StoreError::TournamentNotFound)?;
    Ok(Locked {
        status: Status::from_db(&status)?,
        creator,
        format: Format::from_db(&format)?,
        min_players: min as u16,
        max_players: max as u16,
        bots_allowed,
    })
}

/// The players registered in the tournament whose accounts still exist.
async fn registered(conn: &mut PgConnection, id: Uuid) -> Result<u32> {
    let n: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM tournament_players p JOIN accounts a ON a.id = p.account_id \
         WHERE p.tournament_id = $1 AND a.deleted_at IS NULL",
    )
    .bind(id)
    .fetch_one(conn)
    .await
    .context("count a tournament's players")?;
    Ok(n as u32)
}

/// `account` registers while the tournament is open and has room; registering again changes
/// nothing.
pub async fn join(store: &Store, id: Uuid, account: AccountId) -> Result<Tournament> {
    let mut tx = begin(store).await?;
    let t = lock(&mut tx, id).await?;
    if t.status != Status::Open {
        return Err(StoreError::TournamentNotOpen(t.status.as_str()));
    }
    let bot: bool =
        sqlx::query_scalar("SELECT bot_account FROM accounts WHERE id = $1 AND deleted_at IS NULL")
            .bind(account.0)
            .fetch_optional(&mut *tx)
            .await
            .context("is the player a bot account")?
            .ok_or(StoreError::UnknownAccount)?;
    if bot && !t.bots_allowed {
        return Err(StoreError::BotAccountsNotAllowed);
    }
    let already: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM tournament_players \
                        WHERE tournament_id = $1 AND account_id = $2)",
    )
    .bind(id)
    .bind(account.0)
    .fetch_one(&mut *tx)
    .await
    .context("is the player registered")?;
    if !already {
        if registered(&mut tx, id).await? >= u32::from(t.max_players) {
            return Err(StoreError::TournamentFull {
                max: u32::from(t.max_players),
            });
        }
        sqlx::query("INSERT INTO tournament_players (tournament_id, account_id) VALUES ($1, $2)")
            .bind(id)
            .bind(account.0)
            .execute(&mut *tx)
            .await
            .context("register a player")?;
    }
    let out = read_in(&mut tx, id).await?;
    tx.commit().await.context("commit join")?;
    Ok(out)
}

/// `account` withdraws: before the start its registration is removed; while the tournament runs
/// it is marked withdrawn (never paired again; its games go on, its results stay).
pub async fn withdraw(store: &Store, id: Uuid, account: AccountId) -> Result<Tournament> {
    let mut tx = begin(store).await?;
    let t = lock(&mut tx, id).await?;
    let done = match t.status {
        Status::Open => sqlx::query(
            "DELETE FROM tournament_players WHERE tournament_id = $1 AND account_id = $2",
        ),
        Status::Running => sqlx::query(
            "UPDATE tournament_players SET withdrawn_at = coalesce(withdrawn_at, $3) \
             WHERE tournament_id = $1 AND account_id = $2",
        ),
        Status::Finished | Status::Cancelled => {
            return Err(StoreError::TournamentOver(t.status.as_str()));
        }
    }
    .bind(id)
    .bind(account.0)
    // The time is the server's, bound: Citus evaluates no function of a row in an UPDATE's SET.
    .bind(Utc::now())
    .execute(&mut *tx)
    .await
    .context("withdraw a player")?;
    if done.rows_affected() == 0 {
        return Err(StoreError::NotInTournament);
    }
    let out = read_in(&mut tx, id).await?;
    tx.commit().await.context("commit withdraw")?;
    Ok(out)
}

/// The creator starts the open tournament now (its first round is paired by
/// [`super::rounds::advance`]).
pub async fn start(store: &Store, id: Uuid, account: AccountId) -> Result<Tournament> {
    let mut tx = begin(store).await?;
    let t = lock(&mut tx, id).await?;
    if t.creator != account.0 {
        return Err(StoreError::NotTournamentCreator);
    }
    if t.status != Status::Open {
        return Err(StoreError::TournamentNotOpen(t.status.as_str()));
    }
    let players = registered(&mut tx, id).await?;
    if players < u32::from(t.min_players) {
        return Err(StoreError::TooFewTournamentPlayers {
            players,
            min: u32::from(t.min_players),
        });
    }
    start_in(&mut tx, id, t.format, players).await?;
    let out = read_in(&mut tx, id).await?;
    tx.commit().await.context("commit start")?;
    Ok(out)
}

/// Marks the locked open tournament running; a round-robin's rounds are fixed now.
pub(crate) async fn start_in(
    conn: &mut PgConnection,
    id: Uuid,
    format: Format,
    players: u32,
) -> Result<()> {
    let rounds = match format {
        Format::Swiss => None,
        Format::RoundRobin => Some(super::pairing::round_robin_rounds(players as usize) as i16),
    };
    sqlx::query(
        "UPDATE tournaments SET status = 'running', started_at = $3, \
         rounds = coalesce($2, rounds) WHERE id = $1",
    )
    .bind(id)
    .bind(rounds)
    .bind(Utc::now())
    .execute(conn)
    .await
    .context("start a tournament")?;
    Ok(())
}

/// The creator (`Some`) or the operator (`None`) cancels the open tournament: its players are
/// free again, and it stays listed as cancelled.
pub async fn cancel(store: &Store, id: Uuid, by: Option<AccountId>) -> Result<Tournament> {
    let mut tx = begin(store).await?;
    let t = lock(&mut tx, id).await?;
    if by.is_some_and(|a| a.0 != t.creator) {
        return Err(StoreError::NotTournamentCreator);
    }
    if t.status != Status::Open {
        return Err(StoreError::TournamentNotOpen(t.status.as_str()));
    }
    cancel_in(&mut tx, id).await?;
    let out = read_in(&mut tx, id).await?;
    tx.commit().await.context("commit cancel")?;
    Ok(out)
}

pub(crate) async fn cancel_in(conn: &mut PgConnection, id: Uuid) -> Result<()> {
    sqlx::query("UPDATE tournaments SET status = 'cancelled', ended_at = $2 WHERE id = $1")
        .bind(id)
        .bind(Utc::now())
        .execute(conn)
        .await
        .context("cancel a tournament")?;
    Ok(())
}

/// The tournament `id`, whole.
pub async fn read(store: &Store, id: Uuid) -> Result<Tournament> {
    let mut conn = store
        .pool
        .acquire()
        .await
        .context("acquire for a tournament")?;
    read_in(&mut conn, id).await
}

#[derive(sqlx::FromRow)]
struct TournamentRow {
    name: String,
    format: String,
    table_size: i16,
    rounds: Option<i16>,
    options: sqlx::types::Json<GameOptions>,
    rated: bool,
    bots_allowed: bool,
    min_players: i16,
    max_players: i16,
    starts_at: Option<DateTime<Utc>>,
    creator_id: Uuid,
    username: String,
    status: String,
    round: i16,
    created_at: DateTime<Utc>,
    started_at: Option<DateTime<Utc>>,
    ended_at: Option<DateTime<Utc>>,
}

/// The tournament `id`, whole, read in the caller's transaction.
pub(crate) async fn read_in(conn: &mut PgConnection, id: Uuid) -> Result<Tournament> {
    let row: Option<TournamentRow> = sqlx::query_as(
        "SELECT t.name, t.format, t.table_size, t.rounds, t.options, t.rated, t.bots_allowed, \
                t.min_players, t.max_players, t.starts_at, t.creator_id, a.username, t.status, \
                t.round, t.created_at, t.started_at, t.ended_at \
         FROM tournaments t JOIN accounts a ON a.id = t.creator_id WHERE t.id = $1",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
    .context("read a tournament")?;
    let r = row.ok_or(StoreError::TournamentNotFound)?;
    let entries: Vec<Entry> = sqlx::query_as(
        "SELECT p.account_id AS account, a.username, a.bot_account, p.registered_at, \
                coalesce(p.withdrawn_at, a.deleted_at) AS withdrawn_at \
             FROM tournament_players p JOIN accounts a ON a.id = p.account_id \
             WHERE p.tournament_id = $1 \
               AND (a.deleted_at IS NULL OR a.deleted_at > $2::timestamptz) \
             ORDER BY p.registered_at, p.account_id",
    )
    .bind(id)
    // An account deleted before the start is no longer registered, as if it had withdrawn then;
    // one deleted since is withdrawn (its results and standing stay).
    // (`null` before the start: none of them).
    .bind(r.started_at)
    .fetch_all(&mut *conn)
    .await
    .context("read a tournament's players")?;
    let tables: Vec<(i16, i16, Uuid, Vec<Uuid>)> = sqlx::query_as(
        "SELECT round, table_no, game_id, seats FROM tournament_tables \
         WHERE tournament_id = $1 ORDER BY round, table_no",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await
    .context("read a tournament's tables")?;
    let byes: Vec<(i16, Uuid)> = sqlx::query_as(
        "SELECT round, account_id FROM tournament_byes WHERE tournament_id = $1 \
         ORDER BY round, account_id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await
    .context("read a tournament's byes")?;
    let tables: Vec<Table> = tables
        .into_iter()
        .map(|(round, table_no, game_id, seats)| Table {
            round: round as u8,
            table_no: table_no as u16,
            game_id,
            seats,
        })
        .collect();
    let games = played(conn, &tables.iter().map(|t| t.game_id).collect::<Vec<_>>()).await?;
    Ok(Tournament {
        id,
        settings: Settings {
            name: r.name,
            format: Format::from_db(&r.format)?,
            table_size: r.table_size as u8,
            rounds: r.rounds.map(|x| x as u8),
            options: r.options.0,
            rated: r.rated,
            bots_allowed: r.bots_allowed,
            min_players: r.min_players as u16,
            max_players: r.max_players as u16,
            starts_at: r.starts_at,
        },
        status: Status::from_db(&r.status)?,
        round: r.round as u8,
        creator: r.creator_id,
        creator_name: r.username,
        created_at: r.created_at,
        started_at: r.started_at,
        ended_at: r.ended_at,
        entries,
        tables,
        byes: byes
            .into_iter()
            .map(|(round, account)| Bye {
                round: round as u32,
                account,
            })
            .collect(),
        games,
    })
}

/// The tournament games `ids` as the standings need them: made or not, and each finished
/// one's recorded result (its scores and places) with the seats that resigned or were
/// abandoned (their events).
pub(crate) async fn played(conn: &mut PgConnection, ids: &[Uuid]) -> Result<HashMap<Uuid, Played>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(Uuid, String, Option<serde_json::Value>)> =
        sqlx::query_as("SELECT id, status, result FROM games WHERE id = ANY ($1)")
            .bind(ids)
            .fetch_all(&mut *conn)
            .await
            .context("read tournament games")?;
    let finished: Vec<Uuid> = rows
        .iter()
        .filter(|(_, s, _)| s == "finished")
        .map(|(id, _, _)| *id)
        .collect();
    let out_seats: Vec<(Uuid, i32)> = if finished.is_empty() {
        Vec::new()
    } else {
        sqlx::query_as(
            "SELECT game_id, (payload::jsonb ->> 'seat')::int FROM game_events \
             WHERE game_id = ANY ($1) AND event_type IN ('seat_resigned', 'seat_abandoned')",
        )
        .bind(&finished)
        .fetch_all(&mut *conn)
        .await
        .context("read tournament games' resignations")?
    };
    let mut games = HashMap::with_capacity(rows.len());
    for (id, status, result) in rows {
        let outcome = if status == "finished" {
            let result =
                result.ok_or_else(|| unexpected(format!("finished game {id} has no result")))?;
            let scores: Vec<u16> = serde_json::from_value(result["scores"].clone())
                .map_err(|e| unexpected(format!("game {id}'s scores: {e}")))?;
            let places: Vec<u8> = serde_json::from_value(result["places"].clone())
                .map_err(|e| unexpected(format!("game {id}'s places: {e}")))?;
            let mut out = vec![false; scores.len()];
            for (_, seat) in out_seats.iter().filter(|(g, _)| *g == id) {
                if let Some(o) = out.get_mut(*seat as usize) {
                    *o = true;
                }
            }
            Some(GameOutcome {
                scores,
                places,
                out,
            })
        } else {
            None
        };
        games.insert(
            id,
            Played {
                status: Some(status),
                outcome,
            },
        );
    }
    for id in ids {
        games.entry(*id).or_insert(Played {
            status: None,
            outcome: None,
        });
    }
    Ok(games)
}

/// One line of the list.
#[derive(Debug, Clone)]
pub struct Listed {
    pub id: Uuid,
    pub name: String,
    pub format: Format,
    pub table_size: u8,
    pub rounds: Option<u8>,
    pub round: u8,
    pub status: Status,
    pub players: u32,
    pub max_players: u16,
    pub rated: bool,
    pub bots_allowed: bool,
    pub turn_time_limit_s: Option<u32>,
    pub starts_at: Option<DateTime<Utc>>,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

type ListedRow = (
    Uuid,
    String,
    String,
    i16,
    Option<i16>,
    i16,
    String,
    i64,
    i16,
    bool,
    bool,
    sqlx::types::Json<GameOptions>,
    Option<DateTime<Utc>>,
    String,
    DateTime<Utc>,
);

/// A page of tournaments, newest first: of `status` (any when `None`), where the account named
/// `player` is registered when given; after the cursor `after`. The cursor of the next page, if
/// any.
pub async fn list(
    store: &Store,
    status: Option<Status>,
    player: Option<&str>,
    after: Option<&str>,
    limit: u32,
) -> Result<(Vec<Listed>, Option<String>)> {
    let after = after.map(decode_cursor).transpose()?;
    let rows: Vec<ListedRow> = sqlx::query_as(
        "SELECT t.id, t.name, t.format, t.table_size, t.rounds, t.round, t.status, \
                (SELECT count(*) FROM tournament_players p WHERE p.tournament_id = t.id), \
                t.max_players, t.rated, t.bots_allowed, t.options, t.starts_at, a.username, \
                t.created_at \
         FROM tournaments t JOIN accounts a ON a.id = t.creator_id \
         WHERE ($1::text IS NULL OR t.status = $1) \
           AND ($2::text IS NULL OR EXISTS ( \
                SELECT 1 FROM tournament_players p JOIN accounts pa ON pa.id = p.account_id \
                WHERE p.tournament_id = t.id AND lower(pa.username) = lower($2))) \
           AND ($3::timestamptz IS NULL OR (t.created_at, t.id) < ($3, $4)) \
         ORDER BY t.created_at DESC, t.id DESC LIMIT $5",
    )
    .bind(status.map(Status::as_str))
    .bind(player)
    .bind(after.map(|a| a.0))
    .bind(after.map(|a| a.1))
    .bind(i64::from(limit) + 1)
    .fetch_all(&store.pool)
    .await
    .context("list tournaments")?;
    let more = rows.len() > limit as usize;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows.into_iter().take(limit as usize) {
        out.push(Listed {
            id: r.0,
            name: r.1,
            format: Format::from_db(&r.2)?,
            table_size: r.3 as u8,
            rounds: r.4.map(|x| x as u8),
            round: r.5 as u8,
            status: Status::from_db(&r.6)?,
            players: r.7 as u32,
            max_players: r.8 as u16,
            rated: r.9,
            bots_allowed: r.10,
            turn_time_limit_s: r.11.0.turn_time_limit_s,
            starts_at: r.12,
            created_by: r.13,
            created_at: r.14,
        });
    }
    let next = if more {
        out.last().map(|l| encode_cursor(l.created_at, l.id))
    } else {
        None
    };
    Ok((out, next))
}
