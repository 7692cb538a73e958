//! The lobby and the `games` read model: create, join (the last seat starts the game), leave,
//! summaries and keyset-paginated listings. Rules come from the engine; nothing here is cached.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use rand::Rng;
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use sqlx::types::Json;
use uuid::Uuid;

use super::error::{Context, Result, StoreError, unexpected};
use super::events::{AppendError, GENESIS, append_tx, seat_from_db};
use super::{AccountId, GameId, Store};
use crate::engine::{self, Game, GameOptions, OptionsRequest, Seat};

/// The most games one listing page holds.
pub const MAX_LIST_LIMIT: u32 = 100;
/// The page size when a listing asks for 0.
pub const DEFAULT_LIST_LIMIT: u32 = 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Waiting for players; no events yet.
    Open,
    Active,
    Finished,
    /// Every player left before the game started. Never has events; listed only when asked for.
    Abandoned,
}

impl GameStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Open => "open",
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Abandoned => "abandoned",
        }
    }

    fn from_db(s: &str) -> Result<Self> {
        Ok(match s {
            "open" => GameStatus::Open,
            "active" => GameStatus::Active,
            "finished" => GameStatus::Finished,
            "abandoned" => GameStatus::Abandoned,
            other => return Err(unexpected(format!("unknown game status {other:?}"))),
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatInfo {
    pub seat: Seat,
    pub account_id: AccountId,
    pub username: String,
}

/// A game as listed: the `games` read model and its seats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameSummary {
    pub id: GameId,
    pub status: GameStatus,
    pub options: GameOptions,
    pub created_by: AccountId,
    /// Seat order; contiguous from 0.
    pub seats: Vec<SeatInfo>,
    /// The stream's version: its last seq, 0 before the game starts.
    pub version: i64,
    /// The seat whose decision is awaited.
    pub awaiting: Option<Seat>,
    pub winners: Option<Vec<Seat>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A listing request. Ordered by `updated_at` then `id`, both descending (keyset pagination).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListQuery {
    /// Only games in this status; `None` lists every status but `abandoned`.
    pub status: Option<GameStatus>,
    /// Only games this account is seated in ("mine").
    pub member: Option<AccountId>,
    /// Only games awaiting this account's decision.
    pub awaiting: Option<AccountId>,
    /// Page size: 0 means 20, anything above 100 means 100.
    pub limit: u32,
    /// The cursor returned with the previous page.
    pub cursor: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
pub(crate) struct GameRow {
    pub id: Uuid,
    pub status: String,
    pub options: Json<GameOptions>,
    pub created_by: Uuid,
    pub version: i64,
    pub awaiting_seat: Option<i16>,
    pub winners: Option<Vec<i16>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl GameRow {
    pub fn status(&self) -> Result<GameStatus> {
        GameStatus::from_db(&self.status)
    }

    fn into_summary(self, seats: Vec<SeatInfo>) -> Result<GameSummary> {
        Ok(GameSummary {
            id: GameId(self.id),
            status: GameStatus::from_db(&self.status)?,
            options: self.options.0,
            created_by: AccountId(self.created_by),
            seats,
            version: self.version,
            awaiting: self.awaiting_seat.map(seat_from_db).transpose()?,
            winners: self
                .winners
                .map(|w| w.into_iter().map(seat_from_db).collect())
                .transpose()?,
            created_at: self.created_at,
            updated_at: self.updated_at,
        })
    }
}

const GAME_COLUMNS: &str = "id, status, options, created_by, version, awaiting_seat, winners, \
                            created_at, updated_at";

/// The `games` row of `id`, or `NotFound`.
pub(crate) async fn fetch_row(conn: &mut PgConnection, id: GameId) -> Result<GameRow> {
    sqlx::query_as::<_, GameRow>(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
        .bind(id.0)
        .fetch_optional(conn)
        .await
        .context("read a game")?
        .ok_or(StoreError::NotFound)
}

/// The same, locked until the end of the transaction (joins and leaves queue up on it).
async fn lock_row(conn: &mut PgConnection, id: GameId) -> Result<GameRow> {
    sqlx::query_as::<_, GameRow>(&format!(
        "SELECT {GAME_COLUMNS} FROM games WHERE id = $1 FOR UPDATE"
    ))
    .bind(id.0)
    .fetch_optional(conn)
    .await
    .context("lock a game")?
    .ok_or(StoreError::NotFound)
}

#[derive(sqlx::FromRow)]
struct SeatRow {
    game_id: Uuid,
    seat: i16,
    account_id: Uuid,
    username: String,
}

async fn fetch_seats(
    conn: &mut PgConnection,
    ids: &[Uuid],
) -> Result<HashMap<Uuid, Vec<SeatInfo>>> {
    let rows: Vec<SeatRow> = sqlx::query_as(
        "SELECT s.game_id, s.seat, s.account_id, a.username \
         FROM game_seats s JOIN accounts a ON a.id = s.account_id \
         WHERE s.game_id = ANY($1) ORDER BY s.game_id, s.seat",
    )
    .bind(ids)
    .fetch_all(conn)
    .await
    .context("read seats")?;
    let mut seats: HashMap<Uuid, Vec<SeatInfo>> = HashMap::new();
    for r in rows {
        seats.entry(r.game_id).or_default().push(SeatInfo {
            seat: seat_from_db(r.seat)?,
            account_id: AccountId(r.account_id),
            username: r.username,
        });
    }
    Ok(seats)
}

pub(crate) async fn fetch_summary(conn: &mut PgConnection, id: GameId) -> Result<GameSummary> {
    let row = fetch_row(conn, id).await?;
    let mut seats = fetch_seats(conn, &[id.0]).await?;
    row.into_summary(seats.remove(&id.0).unwrap_or_default())
}

/// The account's seat in the game: `NotFound` without the game, `NotSeated` without a seat.
pub(crate) async fn seat_of(
    conn: &mut PgConnection,
    id: GameId,
    account: AccountId,
) -> Result<Seat> {
    let row: Option<(Option<i16>,)> = sqlx::query_as(
        "SELECT s.seat FROM games g \
         LEFT JOIN game_seats s ON s.game_id = g.id AND s.account_id = $2 \
         WHERE g.id = $1",
    )
    .bind(id.0)
    .bind(account.0)
    .fetch_optional(conn)
    .await
    .context("find a seat")?;
    match row {
        None => Err(StoreError::NotFound),
        Some((None,)) => Err(StoreError::NotSeated),
        Some((Some(seat),)) => seat_from_db(seat),
    }
}

/// RULES §2: the options as the engine validates them (2 to 5 players, target 10 to 100).
fn validated(options: GameOptions) -> Result<GameOptions> {
    Ok(OptionsRequest {
        players: options.players,
        include_bruce: Some(options.include_bruce),
        power_rule: Some(options.power_rule),
        target_score: Some(options.target_score),
    }
    .validate()?)
}

/// The opaque listing cursor: hex of `"<updated_at µs since the epoch>:<id>"`, the last row of
/// the page (keyset pagination).
fn encode_cursor(updated_at: DateTime<Utc>, id: Uuid) -> String {
    hex::encode(format!("{}:{}", updated_at.timestamp_micros(), id.simple()))
}

fn decode_cursor(cursor: &str) -> Result<(DateTime<Utc>, Uuid)> {
    let text = hex::decode(cursor)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .ok_or(StoreError::InvalidCursor)?;
    let (micros, id) = text.split_once(':').ok_or(StoreError::InvalidCursor)?;
    let micros: i64 = micros.parse().map_err(|_| StoreError::InvalidCursor)?;
    let at = DateTime::from_timestamp_micros(micros).ok_or(StoreError::InvalidCursor)?;
    let id = Uuid::parse_str(id).map_err(|_| StoreError::InvalidCursor)?;
    Ok((at, id))
}

impl Store {
    /// A new open game; the creator takes seat 0.
    pub async fn create_game(
        &self,
        creator: AccountId,
        options: GameOptions,
    ) -> Result<GameSummary> {
        let options = validated(options)?;
        let id = GameId(Uuid::now_v7());
        let mut tx = self.pool.begin().await.context("begin create")?;
        sqlx::query(
            "INSERT INTO games (id, status, options, created_by) VALUES ($1, 'open', $2, $3)",
        )
        .bind(id.0)
        .bind(Json(options))
        .bind(creator.0)
        .execute(&mut *tx)
        .await
        .context("create a game")?;
        sqlx::query("INSERT INTO game_seats (game_id, seat, account_id) VALUES ($1, 0, $2)")
            .bind(id.0)
            .bind(creator.0)
            .execute(&mut *tx)
            .await
            .context("seat the creator")?;
        let summary = fetch_summary(&mut tx, id).await?;
        tx.commit().await.context("commit create")?;
        Ok(summary)
    }

    /// Takes the next free seat. Filling the last seat starts the game in the same transaction:
    /// the engine's start events become seq 1.. (system events, no acting seat).
    pub async fn join_game(
        &self,
        id: GameId,
        account: AccountId,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<GameSummary> {
        let mut tx = self.pool.begin().await.context("begin join")?;
        let game = lock_row(&mut tx, id).await?;
        let seats = fetch_seats(&mut tx, &[id.0])
            .await?
            .remove(&id.0)
            .unwrap_or_default();
        if seats.iter().any(|s| s.account_id == account) {
            return Err(StoreError::AlreadySeated);
        }
        if game.status()? != GameStatus::Open {
            return Err(StoreError::NotOpen);
        }
        let options = game.options.0;
        if seats.len() >= usize::from(options.players) {
            return Err(StoreError::GameFull);
        }
        sqlx::query("INSERT INTO game_seats (game_id, seat, account_id) VALUES ($1, $2, $3)")
            .bind(id.0)
            .bind(seats.len() as i16)
            .bind(account.0)
            .execute(&mut *tx)
            .await
            .context("take a seat")?;
        if seats.len() + 1 == usize::from(options.players) {
            let events = engine::start(&options, rng)?;
            let started = Game::replay(&events);
            match append_tx(&mut tx, id, game.version, None, &events, GENESIS, &started).await {
                Ok(_) => {}
                Err(AppendError::Race) => {
                    return Err(unexpected(format!("open game {id} already has events")));
                }
                Err(AppendError::Store(e)) => return Err(e),
            }
        } else {
            sqlx::query("UPDATE games SET updated_at = now() WHERE id = $1")
                .bind(id.0)
                .execute(&mut *tx)
                .await
                .context("touch a game")?;
        }
        let summary = fetch_summary(&mut tx, id).await?;
        tx.commit().await.context("commit join")?;
        Ok(summary)
    }

    /// Gives up a seat before the game starts. The players after it move up one seat, so seats
    /// stay contiguous from 0 (the creator may leave too; `created_by` still names them). When
    /// the last player leaves, the game becomes `abandoned`.
    pub async fn leave_game(&self, id: GameId, account: AccountId) -> Result<GameSummary> {
        let mut tx = self.pool.begin().await.context("begin leave")?;
        let game = lock_row(&mut tx, id).await?;
        let seats = fetch_seats(&mut tx, &[id.0])
            .await?
            .remove(&id.0)
            .unwrap_or_default();
        let mine = seats
            .iter()
            .find(|s| s.account_id == account)
            .ok_or(StoreError::NotSeated)?
            .seat;
        if game.status()? != GameStatus::Open {
            return Err(StoreError::NotOpen);
        }
        sqlx::query("DELETE FROM game_seats WHERE game_id = $1 AND seat = $2")
            .bind(id.0)
            .bind(i16::from(mine.0))
            .execute(&mut *tx)
            .await
            .context("leave a seat")?;
        // One row at a time, upwards: the primary key is checked row by row.
        for seat in (mine.0 + 1)..seats.len() as u8 {
            sqlx::query("UPDATE game_seats SET seat = seat - 1 WHERE game_id = $1 AND seat = $2")
                .bind(id.0)
                .bind(i16::from(seat))
                .execute(&mut *tx)
                .await
                .context("move a seat up")?;
        }
        let status = if seats.len() == 1 {
            GameStatus::Abandoned
        } else {
            GameStatus::Open
        };
        sqlx::query("UPDATE games SET status = $2, updated_at = now() WHERE id = $1")
            .bind(id.0)
            .bind(status.as_str())
            .execute(&mut *tx)
            .await
            .context("update a game after a leave")?;
        let summary = fetch_summary(&mut tx, id).await?;
        tx.commit().await.context("commit leave")?;
        Ok(summary)
    }

    pub async fn summary(&self, id: GameId) -> Result<GameSummary> {
        let mut conn = self.pool.acquire().await.context("acquire")?;
        fetch_summary(&mut conn, id).await
    }

    /// One page of games, most recently updated first, and the cursor of the next page (`None`
    /// on the last page).
    pub async fn list_games(&self, q: &ListQuery) -> Result<(Vec<GameSummary>, Option<String>)> {
        let limit = match q.limit {
            0 => DEFAULT_LIST_LIMIT,
            n => n.min(MAX_LIST_LIMIT),
        };
        let after = q.cursor.as_deref().map(decode_cursor).transpose()?;
        let mut conn = self.pool.acquire().await.context("acquire")?;
        let mut rows: Vec<GameRow> = sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games g \
             WHERE CASE WHEN $1::text IS NULL THEN g.status <> 'abandoned' \
                        ELSE g.status = $1 END \
               AND ($2::uuid IS NULL OR EXISTS ( \
                       SELECT 1 FROM game_seats s \
                       WHERE s.game_id = g.id AND s.account_id = $2)) \
               AND ($3::uuid IS NULL OR EXISTS ( \
                       SELECT 1 FROM game_seats s \
                       WHERE s.game_id = g.id AND s.seat = g.awaiting_seat \
                         AND s.account_id = $3)) \
               AND ($4::timestamptz IS NULL OR (g.updated_at, g.id) < ($4, $5::uuid)) \
             ORDER BY g.updated_at DESC, g.id DESC \
             LIMIT $6"
        ))
        .bind(q.status.map(GameStatus::as_str))
        .bind(q.member.map(|a| a.0))
        .bind(q.awaiting.map(|a| a.0))
        .bind(after.map(|(at, _)| at))
        .bind(after.map(|(_, id)| id))
        .bind(i64::from(limit) + 1)
        .fetch_all(&mut *conn)
        .await
        .context("list games")?;
        let next = if rows.len() > limit as usize {
            rows.truncate(limit as usize);
            rows.last().map(|r| encode_cursor(r.updated_at, r.id))
        } else {
            None
        };
        let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
        let mut seats = fetch_seats(&mut conn, &ids).await?;
        let page = rows
            .into_iter()
            .map(|r| {
                let s = seats.remove(&r.id).unwrap_or_default();
                r.into_summary(s)
            })
            .collect::<Result<_>>()?;
        Ok((page, next))
    }
}
