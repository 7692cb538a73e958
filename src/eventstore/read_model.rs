//! The `games` read model: a game's row and seats as listed, the columns its state
//! determines, and the rows a new game or a bot's seat adds. Below the appends and the use
//! cases, which write it; names no other part of the store.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use sqlx::types::Json;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::eventstore::error::{Context, Result, StoreError, unexpected};
use crate::eventstore::{AccountId, GameId, seat_from_db};
use crate::proofs::receipt::Salt;
use rules::{BotLevel, Game, GameOptions, Seat, Status};

/// The most games one listing page holds.
pub const MAX_LIST_LIMIT: u32 = 100;
/// The page size when a listing asks for 0.
pub const DEFAULT_LIST_LIMIT: u32 = 20;

/// Where a game is in its life, as listed. `open`: waiting for players (its `View.status` is
/// `not_started` and `GameDto.view` is `null`); `active`: being played (`View.status` `active`);
/// `finished`: over, everything public (`View.status` `finished`); `abandoned`: every player left
/// before it started (it never had a view). `View.status` is the engine's word for the same life
/// without the lobby: it has no `open` or `abandoned`.
// An abandoned game never has events, and is listed only when asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    Open,
    Active,
    Finished,
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

    pub(crate) fn from_db(s: &str) -> Result<Self> {
        Ok(match s {
            "open" => GameStatus::Open,
            "active" => GameStatus::Active,
            "finished" => GameStatus::Finished,
            "abandoned" => GameStatus::Abandoned,
            other => return Err(unexpected(format!("unknown game status {other:?}"))),
        })
    }
}

/// Who may see a game. `public`: listed and shown to everyone, joined by anyone; `private`:
/// listed only to its seated players, shown only to them and its creator (to anyone else it
/// does not exist: 404 `game_not_found`), joined only with an invitation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    #[default]
    Public,
    Private,
}

impl Visibility {
    pub fn as_str(self) -> &'static str {
        match self {
            Visibility::Public => "public",
            Visibility::Private => "private",
        }
    }

    pub(crate) fn from_db(s: &str) -> Result<Self> {
        Ok(match s {
            "public" => Visibility::Public,
            "private" => Visibility::Private,
            other => return Err(unexpected(format!("unknown game visibility {other:?}"))),
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatInfo {
    pub seat: Seat,
    /// The player's account; the nil id for a bot's seat (which no account holds).
    pub account_id: AccountId,
    /// The player's username; for a bot, `"<level> bot"` (no username has a space).
    pub username: String,
    /// The bot that holds the seat, if a bot does.
    pub bot: Option<BotLevel>,
    /// Whether a bot account (service rules: bot accounts) holds the seat.
    pub bot_account: bool,
}

/// How a finished game ended: every seat's points and the final order (the engine's
/// `Game::scores`, `Game::ranking` and `Game::places` at the end).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct GameResult {
    /// The claimed Supporters' strengths, by seat (RULES §6.6).
    pub scores: Vec<u16>,
    /// Every seat, first place first: the winners, then the other unresigned seats, then the
    /// resigned ones, each group by score, ties by seat (RULES §7, service rules §9.3).
    #[schema(value_type = Vec<u8>)]
    pub ranking: Vec<Seat>,
    /// Each seat's place in the final ranking, indexed by seat, from 1: seats the ranking places
    /// equally share a place and the next is skipped (1, 1, 3), as the view's `places` (service
    /// rules §9.7).
    pub places: Vec<u8>,
    /// The decisions each seat's player took themselves, by seat (service rules §9.7): a
    /// decision a bot took for the seat (on a timeout, after a resignation, in a bot's seat)
    /// is not counted. Empty for games finished before the server counted them.
    #[serde(default)]
    pub own_decisions: Vec<u16>,
    /// Why a rated game changed no rating (service rules §9.7): `too_few_decisions` when a
    /// seated person took fewer than two decisions themselves. `null` when it changed them, and
    /// for an unrated game.
    #[serde(default)]
    #[schema(required = true)]
    pub unrated_reason: Option<rules::UnratedReason>,
}

impl GameResult {
    /// The result of `game`, once it is finished; whether it is rated is the game's row's to
    /// say ([`GameResult::judged`]).
    pub fn of(game: &Game) -> Option<Self> {
        Some(GameResult {
            ranking: game.ranking()?,
            places: game.places()?,
            scores: game.scores(),
            own_decisions: game.seats().map(|s| game.own_decisions(s)).collect(),
            unrated_reason: None,
        })
    }

    /// The result with `unrated_reason` set for a game `rated` at creation whose seats are
    /// `seats` (service rules §9.7): decided from the events' counts, as the rating worker does.
    pub(crate) fn judged(mut self, rated: bool, seats: &[SeatInfo]) -> Self {
        self.unrated_reason = unrated_reason_of(rated, &self.own_decisions, |seat| {
            seats
                .iter()
                .any(|s| s.seat.index() == seat && s.bot.is_none())
        });
        self
    }
}

/// Service rules §9.7 for a game `rated` at creation: why it changes no rating, if so.
/// `own_decisions` empty (a result kept before they were counted) says nothing.
pub(crate) fn unrated_reason_of(
    rated: bool,
    own_decisions: &[u16],
    person: impl Fn(usize) -> bool,
) -> Option<rules::UnratedReason> {
    if !rated || own_decisions.is_empty() {
        return None;
    }
    rules::unrated_reason(own_decisions, person)
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
    /// The scores and the final order once the game is finished; `None` until then (and for a
    /// game finished before the read model kept it, if its events did not say).
    pub result: Option<GameResult>,
    /// Whether the game is rated (service rules §9.7), chosen at creation.
    pub rated: bool,
    pub visibility: Visibility,
    /// The finished game this one is a rematch of.
    pub rematch_of: Option<GameId>,
    /// The rematch of this game, once a player asked for one.
    pub rematched_by: Option<GameId>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// When the awaited decision times out (service rules §9.4); `None` without a clock.
    pub deadline: Option<DateTime<Utc>>,
    /// The game's secret salt, which its receipts commit under (docs/audit.md): never shown
    /// before the game ends, and then only in its record. `None` for games created before
    /// games had one.
    #[serde(skip)]
    pub salt: Option<Salt>,
}

impl GameSummary {
    /// The seat `account` holds, if any.
    pub fn seat_of(&self, account: AccountId) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.account_id == account)
            .map(|s| s.seat)
    }

    /// Whether `account` holds a seat.
    pub fn is_seated(&self, account: AccountId) -> bool {
        self.seat_of(account).is_some()
    }

    /// Whether `account` may see the game at all: a private game exists only for its seated
    /// players and its creator, also after the creator left it (anyone else gets the answer of a
    /// game that does not exist).
    pub fn visible_to(&self, account: AccountId) -> bool {
        self.visibility == Visibility::Public
            || self.created_by == account
            || self.is_seated(account)
    }
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
    /// Private games are listed only to their seated players: this account's (`None`: no
    /// private game is listed).
    pub viewer: Option<AccountId>,
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
    pub visibility: String,
    pub rematch_of: Option<Uuid>,
    pub rematched_by: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub due_at: Option<DateTime<Utc>>,
    pub due_kind: Option<String>,
    pub result: Option<Json<GameResult>>,
    pub rated: bool,
    pub salt: Option<Vec<u8>>,
}

impl GameRow {
    pub fn status(&self) -> Result<GameStatus> {
        GameStatus::from_db(&self.status)
    }

    pub(crate) fn into_summary(self, seats: Vec<SeatInfo>) -> Result<GameSummary> {
        let result = self.result.map(|r| r.0.judged(self.rated, &seats));
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
            result,
            rated: self.rated,
            visibility: Visibility::from_db(&self.visibility)?,
            rematch_of: self.rematch_of.map(GameId),
            rematched_by: self.rematched_by.map(GameId),
            created_at: self.created_at,
            updated_at: self.updated_at,
            deadline: self
                .due_at
                .filter(|_| self.due_kind.as_deref() == Some("clock")),
            salt: self.salt.as_deref().and_then(|s| Salt::try_from(s).ok()),
        })
    }
}

pub(crate) const GAME_COLUMNS: &str = "id, status, options, created_by, version, awaiting_seat, winners, \
                            visibility, rematch_of, rematched_by, created_at, updated_at, \
                            due_at, due_kind, result, rated, salt";

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
pub(crate) async fn lock_row(conn: &mut PgConnection, id: GameId) -> Result<GameRow> {
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
    account_id: Option<Uuid>,
    username: Option<String>,
    bot: Option<String>,
    bot_account: Option<bool>,
}

pub(crate) async fn fetch_seats(
    conn: &mut PgConnection,
    ids: &[Uuid],
) -> Result<HashMap<Uuid, Vec<SeatInfo>>> {
    let rows: Vec<SeatRow> = sqlx::query_as(
        "SELECT s.game_id, s.seat, s.account_id, a.username, s.bot, a.bot_account \
         FROM game_seats s LEFT JOIN accounts a ON a.id = s.account_id \
         WHERE s.game_id = ANY($1) ORDER BY s.game_id, s.seat",
    )
    .bind(ids)
    .fetch_all(conn)
    .await
    .context("read seats")?;
    let mut seats: HashMap<Uuid, Vec<SeatInfo>> = HashMap::new();
    for r in rows {
        let seat = seat_info(r.seat, r.account_id, r.username, r.bot, r.bot_account)?;
        seats.entry(r.game_id).or_default().push(seat);
    }
    Ok(seats)
}

/// A `game_seats` row (with its account's username) as listed.
pub(crate) fn seat_info(
    seat: i16,
    account_id: Option<Uuid>,
    username: Option<String>,
    bot: Option<String>,
    bot_account: Option<bool>,
) -> Result<SeatInfo> {
    let bot = bot
        .map(|b| b.parse::<BotLevel>())
        .transpose()
        .map_err(|e| unexpected(e.to_string()))?;
    Ok(SeatInfo {
        seat: seat_from_db(seat)?,
        account_id: AccountId(account_id.unwrap_or(Uuid::nil())),
        username: match (username, bot) {
            (Some(name), _) => name,
            (None, Some(bot)) => format!("{bot} bot"),
            (None, None) => return Err(unexpected("a seat held by nobody")),
        },
        bot,
        bot_account: bot_account.unwrap_or(false),
    })
}

pub(crate) async fn fetch_summary(conn: &mut PgConnection, id: GameId) -> Result<GameSummary> {
    // The seats first, then the game: a game that does not exist costs the same two statements
    // as a private game the caller is then refused, so the time of a stranger's 404 does not
    // tell the two apart.
    let mut seats = fetch_seats(conn, &[id.0]).await?;
    let row = fetch_row(conn, id).await?;
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

/// The `games` read-model columns a game's state determines.
pub(crate) struct ReadModel {
    pub status: GameStatus,
    pub awaiting_seat: Option<i16>,
    pub winners: Option<Vec<i16>>,
    /// The `result` column: the scores and the final order once the game is finished.
    pub result: Option<GameResult>,
    /// What the deadline worker must do next (service rules §9.4–9.5), if anything.
    pub due: Option<Due>,
}

/// What a decision awaited from a seat is due to, without its player. A seat a bot holds
/// (`game_seats.bot`) is due to the bot at once whatever this says; the append's SQL looks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Due {
    /// The awaited decision times out this many seconds after it became awaited.
    Clock(u32),
    /// A bot plays the awaited seat (resigned or abandoned) at once.
    Bot,
    /// Nothing: the game has no clock.
    Unclocked,
}

impl Due {
    pub fn kind(self) -> &'static str {
        match self {
            Due::Clock(_) => "clock",
            Due::Bot => "bot",
            Due::Unclocked => "unclocked",
        }
    }

    pub(crate) fn seconds(self) -> Option<f64> {
        match self {
            Due::Clock(s) => Some(f64::from(s)),
            Due::Bot | Due::Unclocked => None,
        }
    }
}

impl ReadModel {
    pub fn of(game: &Game) -> Self {
        let status = match game.status() {
            Status::NotStarted => GameStatus::Open,
            Status::Active => GameStatus::Active,
            Status::Finished => GameStatus::Finished,
        };
        let due = match (status, game.awaiting()) {
            (GameStatus::Active, Some(_)) if rules::bot_due(game).is_some() => Some(Due::Bot),
            (GameStatus::Active, Some(_)) => Some(
                game.options()
                    .and_then(|o| o.turn_time_limit_s)
                    .map_or(Due::Unclocked, Due::Clock),
            ),
            _ => None,
        };
        ReadModel {
            status,
            awaiting_seat: game.awaiting().map(|a| i16::from(a.seat.0)),
            winners: game
                .winners()
                .map(|w| w.iter().map(|s| i16::from(s.0)).collect()),
            result: GameResult::of(game),
            due,
        }
    }
}

/// Gives `seat` to a bot of `level`.
pub(crate) async fn insert_bot(
    conn: &mut PgConnection,
    id: GameId,
    seat: Seat,
    level: BotLevel,
) -> Result<()> {
    sqlx::query("INSERT INTO game_seats (game_id, seat, bot) VALUES ($1, $2, $3)")
        .bind(id.0)
        .bind(i16::from(seat.0))
        .bind(level.as_str())
        .execute(conn)
        .await
        .context("seat a bot")?;
    Ok(())
}

/// Inserts an open game, rated or not, with a fresh salt, and seats its creator at `seat`.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn insert_game(
    conn: &mut PgConnection,
    id: GameId,
    options: GameOptions,
    creator: AccountId,
    visibility: Visibility,
    rematch_of: Option<GameId>,
    seat: Seat,
    rated: bool,
) -> Result<()> {
    // The salt a seated player's receipts commit under, secret until the game ends.
    let mut salt = [0u8; 32];
    rand::fill(&mut salt);
    sqlx::query(
        "INSERT INTO games (id, status, options, created_by, visibility, rematch_of, rated, salt) \
         VALUES ($1, 'open', $2, $3, $4, $5, $6, $7)",
    )
    .bind(id.0)
    .bind(Json(options))
    .bind(creator.0)
    .bind(visibility.as_str())
    .bind(rematch_of.map(|g| g.0))
    .bind(rated)
    .bind(&salt[..])
    .execute(&mut *conn)
    .await
    .context("create a game")?;
    sqlx::query("INSERT INTO game_seats (game_id, seat, account_id) VALUES ($1, $2, $3)")
        .bind(id.0)
        .bind(i16::from(seat.0))
        .bind(creator.0)
        .execute(&mut *conn)
        .await
        .context("seat the creator")?;
    Ok(())
}

/// Games by status (for `/metrics`), when the games table exists.
pub async fn games_by_status(pool: &sqlx::PgPool) -> Option<Vec<(String, i64)>> {
    let rows = sqlx::query_as::<_, (String, i64)>(
        "SELECT status::text, count(*) FROM games GROUP BY status ORDER BY 1",
    )
    .fetch_all(pool)
    .await;
    match rows {
        Ok(rows) => Some(rows),
        Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("42P01") => None,
        Err(e) => {
            tracing::warn!(error = %e, "counting games for /metrics");
            None
        }
    }
}
