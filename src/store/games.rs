//! The lobby and the `games` read model: create, join (the last seat starts the game), leave,
//! summaries and keyset-paginated listings. Rules come from the engine; nothing here is cached.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Utc};
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use sqlx::types::Json;
use uuid::Uuid;

use super::error::{Context, Result, StoreError, is_deadlock, unexpected};

/// Tries of a join (or a bot taking a seat) whose deal was cancelled in a deadlock.
const MAX_DEADLOCK_TRIES: u32 = 4;

/// `attempt` (a whole transaction), again while the database cancels it in a deadlock (nothing
/// of it was written), up to [`MAX_DEADLOCK_TRIES`] times.
async fn retry_deadlocked<T>(mut attempt: impl AsyncFnMut() -> Result<T>) -> Result<T> {
    let mut tries = 0;
    loop {
        tries += 1;
        match attempt().await {
            Err(e) if is_deadlock(&e) && tries < MAX_DEADLOCK_TRIES => {}
            other => return other,
        }
    }
}
use super::distribute::Layout;
use super::events::{Append, AppendError, GENESIS, Tell, append_in, seat_from_db};
use super::{AccountId, GameId, Store};
use crate::engine::{self, BotLevel, Game, GameOptions, OptionsRequest, Seat};

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

/// Who may see a game: `public` games are listed and shown to everyone; `private` ones only
/// to their seated players, and joining them needs an invitation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

    fn from_db(s: &str) -> Result<Self> {
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
    /// The bot that holds the seat, if a bot does (issue 12 §3).
    pub bot: Option<BotLevel>,
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
    pub visibility: Visibility,
    /// The finished game this one is a rematch of.
    pub rematch_of: Option<GameId>,
    /// The rematch of this game, once a player asked for one.
    pub rematched_by: Option<GameId>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// When the awaited decision times out (service rules §9.4); `None` without a clock.
    pub deadline: Option<DateTime<Utc>>,
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
}

impl GameRow {
    pub fn status(&self) -> Result<GameStatus> {
        GameStatus::from_db(&self.status)
    }

    pub(crate) fn into_summary(self, seats: Vec<SeatInfo>) -> Result<GameSummary> {
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
            visibility: Visibility::from_db(&self.visibility)?,
            rematch_of: self.rematch_of.map(GameId),
            rematched_by: self.rematched_by.map(GameId),
            created_at: self.created_at,
            updated_at: self.updated_at,
            deadline: self
                .due_at
                .filter(|_| self.due_kind.as_deref() == Some("clock")),
        })
    }
}

pub(crate) const GAME_COLUMNS: &str = "id, status, options, created_by, version, awaiting_seat, winners, \
                            visibility, rematch_of, rematched_by, created_at, updated_at, \
                            due_at, due_kind";

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
}

pub(crate) async fn fetch_seats(
    conn: &mut PgConnection,
    ids: &[Uuid],
) -> Result<HashMap<Uuid, Vec<SeatInfo>>> {
    let rows: Vec<SeatRow> = sqlx::query_as(
        "SELECT s.game_id, s.seat, s.account_id, a.username, s.bot \
         FROM game_seats s LEFT JOIN accounts a ON a.id = s.account_id \
         WHERE s.game_id = ANY($1) ORDER BY s.game_id, s.seat",
    )
    .bind(ids)
    .fetch_all(conn)
    .await
    .context("read seats")?;
    let mut seats: HashMap<Uuid, Vec<SeatInfo>> = HashMap::new();
    for r in rows {
        let seat = seat_info(r.seat, r.account_id, r.username, r.bot)?;
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
    })
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
pub(crate) fn validated(options: GameOptions) -> Result<GameOptions> {
    Ok(OptionsRequest::of(&options).validate()?)
}

/// The opaque listing cursor: hex of `"<updated_at µs since the epoch>:<id>"`, the last row of
/// the page (keyset pagination).
fn encode_cursor(updated_at: DateTime<Utc>, id: Uuid) -> String {
    hex::encode(format!("{}:{}", updated_at.timestamp_micros(), id.simple()))
}

/// The sort key of a game awaiting the caller: its deadline, or for a game without a clock a
/// date no deadline reaches (14 days at most from now), so that those come last.
const NO_DEADLINE_KEY: &str = "COALESCE(g.due_at, '9999-12-31 00:00:00+00')";

fn no_deadline() -> DateTime<Utc> {
    DateTime::from_timestamp(253_402_214_400, 0).unwrap_or(DateTime::<Utc>::MAX_UTC)
}

fn decode_cursor(cursor: &str) -> Result<(DateTime<Utc>, Uuid)> {
    let text = hex::decode(cursor)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .ok_or(StoreError::InvalidCursor)?;
    let (micros, id) = text.split_once(':').ok_or(StoreError::InvalidCursor)?;
    let micros: i64 = micros.parse().map_err(|_| StoreError::InvalidCursor)?;
    let at = DateTime::from_timestamp_micros(micros)
        // Every cursor names a row's `updated_at`; chrono reaches years PostgreSQL's
        // timestamptz does not (it fails the query), so anything outside 1..=9999 is forged.
        .filter(|at| (1..=9999).contains(&at.year()))
        .ok_or(StoreError::InvalidCursor)?;
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
        self.create_game_capped(creator, options, None).await
    }

    /// As [`Store::create_game`], refused with `TooManyOpenGames` when the creator already
    /// sits in `max_open` open games (`None`: no cap). Creations by one account queue up on
    /// an advisory lock, so concurrent requests cannot all pass the count.
    pub async fn create_game_capped(
        &self,
        creator: AccountId,
        options: GameOptions,
        max_open: Option<u32>,
    ) -> Result<GameSummary> {
        self.create_game_as(creator, options, Visibility::Public, max_open)
            .await
    }

    /// As [`Store::create_game_capped`], public or private.
    pub async fn create_game_as(
        &self,
        creator: AccountId,
        options: GameOptions,
        visibility: Visibility,
        max_open: Option<u32>,
    ) -> Result<GameSummary> {
        let mut no_chance = rand::rngs::StdRng::from_seed([0; 32]);
        self.create_game_with_bots(creator, options, visibility, max_open, &[], &mut no_chance)
            .await
    }

    /// As [`Store::create_game_as`], with seats given to bots (issue 12 §3): each of `bots` is a
    /// seat (1 to players − 1; the creator takes seat 0) and a level. A game whose every other
    /// seat is a bot's starts at once (dealt with `rng`).
    pub async fn create_game_with_bots(
        &self,
        creator: AccountId,
        options: GameOptions,
        visibility: Visibility,
        max_open: Option<u32>,
        bots: &[(Seat, BotLevel)],
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<GameSummary> {
        let options = validated(options)?;
        check_bot_seats(&options, bots)?;
        let id = GameId(Uuid::now_v7());
        let mut tx = self.pool.begin().await.context("begin create")?;
        if let Some(max) = max_open {
            sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1::text, 7103))")
                .bind(creator.0)
                .execute(&mut *tx)
                .await
                .context("lock the creator's game creations")?;
            let (open,): (i64,) = sqlx::query_as(
                "SELECT count(*) FROM game_seats s JOIN games g ON g.id = s.game_id \
                 WHERE s.account_id = $1 AND g.status = 'open'",
            )
            .bind(creator.0)
            .fetch_one(&mut *tx)
            .await
            .context("count the creator's open games")?;
            if open >= i64::from(max) {
                return Err(StoreError::TooManyOpenGames { max });
            }
        }
        insert_game(&mut tx, id, options, creator, visibility, None, Seat(0)).await?;
        for &(seat, level) in bots {
            insert_bot(&mut tx, id, seat, level).await?;
        }
        if bots.len() + 1 == usize::from(options.players) {
            let layout = self.layout(&mut tx).await?;
            start_in(&mut tx, layout, id, 0, &options, rng).await?;
        }
        let summary = fetch_summary(&mut tx, id).await?;
        tx.commit().await.context("commit create")?;
        Ok(summary)
    }

    /// A seated player gives a free seat of an open game to a bot of `level` (the lowest free
    /// seat, or `seat`); when it was the last free seat, the game starts.
    pub async fn add_bot(
        &self,
        id: GameId,
        account: AccountId,
        level: BotLevel,
        seat: Option<Seat>,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<GameSummary> {
        retry_deadlocked(async || self.try_add_bot(id, account, level, seat, rng).await).await
    }

    async fn try_add_bot(
        &self,
        id: GameId,
        account: AccountId,
        level: BotLevel,
        seat: Option<Seat>,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<GameSummary> {
        let mut tx = self.pool.begin().await.context("begin add bot")?;
        let game = lock_row(&mut tx, id).await?;
        let summary = fetch_summary(&mut tx, id).await?;
        if !summary.visible_to(account) {
            return Err(StoreError::NotFound);
        }
        if !summary.is_seated(account) {
            return Err(StoreError::NotSeated);
        }
        if game.status()? != GameStatus::Open {
            return Err(StoreError::NotOpen);
        }
        let options = game.options.0;
        let taken = |s: u8| summary.seats.iter().any(|x| x.seat.0 == s);
        let seat = match seat {
            Some(seat) if seat.0 >= options.players => {
                return Err(StoreError::InvalidBots(format!(
                    "seat {} is past the last seat {}",
                    seat.0,
                    options.players - 1
                )));
            }
            Some(seat) if taken(seat.0) => return Err(StoreError::SeatTaken),
            Some(seat) => seat,
            None => Seat(
                (0..options.players)
                    .find(|s| !taken(*s))
                    .ok_or(StoreError::GameFull)?,
            ),
        };
        insert_bot(&mut tx, id, seat, level).await?;
        seat_taken(
            self,
            &mut tx,
            id,
            game.version,
            &options,
            summary.seats.len() + 1,
            rng,
        )
        .await?;
        let summary = fetch_summary(&mut tx, id).await?;
        tx.commit().await.context("commit add bot")?;
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
        self.join_game_with(id, account, None, rng).await
    }

    /// Joins with an invitation: `code` (a code invitation's), or else the account's own
    /// username invitation when it has one. A private game needs one of them; a code that is
    /// wrong, expired or used up is `NotFound` there, the answer for a game that does not exist,
    /// and so is a private game without an invitation (for a public game such a code is
    /// `NoSuchInvitation`). A use of the invitation is spent. The seat is the
    /// one the invitation reserves (rematches) when free, else the lowest free seat that no
    /// other live invitation reserves.
    pub async fn join_game_with(
        &self,
        id: GameId,
        account: AccountId,
        code: Option<&str>,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<GameSummary> {
        retry_deadlocked(async || self.try_join_game_with(id, account, code, rng).await).await
    }

    async fn try_join_game_with(
        &self,
        id: GameId,
        account: AccountId,
        code: Option<&str>,
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
        let private = Visibility::from_db(&game.visibility)? == Visibility::Private;
        let invitation = match code {
            // A wrong code hides a private game (404, as if it did not exist); a public game is
            // there for all to see, so there it is only a wrong code (422).
            Some(code) => Some(
                super::invitations::live_by_code(&mut tx, id, code)
                    .await?
                    .ok_or(if private {
                        StoreError::NotFound
                    } else {
                        StoreError::NoSuchInvitation
                    })?,
            ),
            None => super::invitations::live_for_account(&mut tx, id, account).await?,
        };
        if invitation.is_none() && private {
            return Err(StoreError::NotFound);
        }
        if game.status()? != GameStatus::Open {
            return Err(StoreError::NotOpen);
        }
        let options = game.options.0;
        if seats.len() >= usize::from(options.players) {
            return Err(StoreError::GameFull);
        }
        let reserved =
            super::invitations::reserved_seats(&mut tx, id, invitation.as_ref().map(|i| i.id))
                .await?;
        let taken = |seat: u8| seats.iter().any(|s| s.seat.0 == seat);
        let seat = invitation
            .as_ref()
            .and_then(|i| i.seat)
            .filter(|s| !taken(s.0))
            .map(|s| s.0)
            .or_else(|| (0..options.players).find(|s| !taken(*s) && !reserved.contains(&Seat(*s))))
            .ok_or(StoreError::GameFull)?;
        sqlx::query("INSERT INTO game_seats (game_id, seat, account_id) VALUES ($1, $2, $3)")
            .bind(id.0)
            .bind(i16::from(seat))
            .bind(account.0)
            .execute(&mut *tx)
            .await
            .context("take a seat")?;
        if let Some(invitation) = &invitation {
            super::invitations::spend(&mut tx, id, invitation.id).await?;
        }
        seat_taken(
            self,
            &mut tx,
            id,
            game.version,
            &options,
            seats.len() + 1,
            rng,
        )
        .await?;
        let summary = fetch_summary(&mut tx, id).await?;
        tx.commit().await.context("commit join")?;
        Ok(summary)
    }

    /// Gives up a seat before the game starts. The players after it move up one seat, so seats
    /// stay contiguous from 0 (the creator may leave too; `created_by` still names them). When
    /// the last player leaves (bots do not keep a game open), the game becomes `abandoned`.
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
        // A rematch's seats are reserved for its players (rotated): they stay where they are.
        let shift = if game.rematch_of.is_some() {
            0..0
        } else {
            (mine.0 + 1)..seats.iter().map(|s| s.seat.0 + 1).max().unwrap_or(0)
        };
        // One row at a time, upwards: the primary key is checked row by row.
        for seat in shift {
            sqlx::query("UPDATE game_seats SET seat = seat - 1 WHERE game_id = $1 AND seat = $2")
                .bind(id.0)
                .bind(i16::from(seat))
                .execute(&mut *tx)
                .await
                .context("move a seat up")?;
        }
        let players_left = seats.iter().filter(|s| s.bot.is_none()).count() - 1;
        let status = if players_left == 0 {
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

    /// The games in `status` the account sits in.
    pub(crate) async fn games_of(
        &self,
        account: AccountId,
        status: GameStatus,
    ) -> Result<Vec<GameId>> {
        let rows: Vec<(Uuid,)> = sqlx::query_as(
            "SELECT g.id FROM game_seats s JOIN games g ON g.id = s.game_id \
             WHERE s.account_id = $1 AND g.status = $2",
        )
        .bind(account.0)
        .bind(status.as_str())
        .fetch_all(&self.pool)
        .await
        .context("list an account's games")?;
        Ok(rows.into_iter().map(|(id,)| GameId(id)).collect())
    }

    /// Whether the game exists.
    pub async fn exists(&self, id: GameId) -> Result<bool> {
        let (found,): (bool,) = sqlx::query_as("SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)")
            .bind(id.0)
            .fetch_one(&self.pool)
            .await
            .context("look a game up")?;
        Ok(found)
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
        // Games awaiting the caller come nearest deadline first (no clock last); the others
        // most recently updated first. Either way the key and the id page through the list.
        let (key, cmp, order) = if q.awaiting.is_some() {
            (NO_DEADLINE_KEY, ">", "ASC")
        } else {
            ("g.updated_at", "<", "DESC")
        };
        // Only the filters asked for are in the statement (every parameter is still bound):
        // a filter written as `$n IS NULL OR EXISTS (… = $n)` would, with `$n` NULL, leave an
        // `EXISTS` that PostgreSQL folds to false, and Citus then sees a subquery no longer
        // joined on the game and refuses the query (`scripts/citus-check --tests store`).
        let mut filters = vec![
            if q.status.is_some() {
                "g.status = $1"
            } else {
                "g.status <> 'abandoned'"
            }
            .to_string(),
        ];
        if q.member.is_some() {
            filters.push(
                "EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = g.id AND s.account_id = $2)"
                    .into(),
            );
        }
        if q.awaiting.is_some() {
            filters.push(
                "g.due_kind IS DISTINCT FROM 'bot' AND EXISTS ( \
                     SELECT 1 FROM game_seats s \
                     WHERE s.game_id = g.id AND s.seat = g.awaiting_seat AND s.account_id = $3)"
                    .into(),
            );
        }
        if after.is_some() {
            filters.push(format!("({key}, g.id) {cmp} ($4, $5::uuid)"));
        }
        filters.push(
            if q.viewer.is_some() {
                "(g.visibility = 'public' OR EXISTS ( \
                 SELECT 1 FROM game_seats s WHERE s.game_id = g.id AND s.account_id = $7))"
            } else {
                "g.visibility = 'public'"
            }
            .to_string(),
        );
        let mut rows: Vec<GameRow> = sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games g WHERE {} \
             ORDER BY {key} {order}, g.id {order} \
             LIMIT $6",
            filters.join(" AND ")
        ))
        .bind(q.status.map(GameStatus::as_str))
        .bind(q.member.map(|a| a.0))
        .bind(q.awaiting.map(|a| a.0))
        .bind(after.map(|(at, _)| at))
        .bind(after.map(|(_, id)| id))
        .bind(i64::from(limit) + 1)
        .bind(q.viewer.map(|a| a.0))
        .fetch_all(&mut *conn)
        .await
        .context("list games")?;
        let next = if rows.len() > limit as usize {
            rows.truncate(limit as usize);
            rows.last().map(|r| {
                let at = if q.awaiting.is_some() {
                    r.due_at.unwrap_or_else(no_deadline)
                } else {
                    r.updated_at
                };
                encode_cursor(at, r.id)
            })
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

/// Every seat is taken: deals (the engine's start events become seq 1.., system events with no
/// acting seat), in the caller's transaction, with `game_started` and `your_turn` in the outbox.
async fn start_in(
    conn: &mut PgConnection,
    layout: Layout,
    id: GameId,
    version: i64,
    options: &GameOptions,
    rng: &mut (impl Rng + ?Sized),
) -> Result<()> {
    let events = engine::start(options, rng)?;
    let started = Game::replay(&events);
    let append = Append {
        id,
        expected: version,
        seat: None,
        account: None,
        events: &events,
        prev_hash: GENESIS,
        after: &started,
        keep_deadline: false,
        tell: Tell::ActedBy(None),
        key: None,
    };
    match append_in(conn, layout, append).await {
        Ok(_) => Ok(()),
        Err(AppendError::Race) => Err(unexpected(format!("open game {id} already has events"))),
        Err(AppendError::Store(e)) => Err(e),
    }
}

/// A seat of an open game was just taken, `seated` seats are now taken: the game starts when
/// that was the last one, else it only moves up the listings (`updated_at`).
async fn seat_taken(
    store: &Store,
    conn: &mut PgConnection,
    id: GameId,
    version: i64,
    options: &GameOptions,
    seated: usize,
    rng: &mut (impl Rng + ?Sized),
) -> Result<()> {
    if seated == usize::from(options.players) {
        let layout = store.layout(conn).await?;
        return start_in(conn, layout, id, version, options, rng).await;
    }
    sqlx::query("UPDATE games SET updated_at = now() WHERE id = $1")
        .bind(id.0)
        .execute(conn)
        .await
        .context("touch a game")?;
    Ok(())
}

/// Bots at creation: distinct seats from 1 to players − 1.
fn check_bot_seats(options: &GameOptions, bots: &[(Seat, BotLevel)]) -> Result<()> {
    for (i, (seat, _)) in bots.iter().enumerate() {
        if seat.0 == 0 || seat.0 >= options.players {
            return Err(StoreError::InvalidBots(format!(
                "a bot's seat is 1 to {} (the creator takes seat 0), not {}",
                options.players - 1,
                seat.0
            )));
        }
        if bots[..i].iter().any(|(other, _)| other == seat) {
            return Err(StoreError::InvalidBots(format!(
                "seat {} is given twice",
                seat.0
            )));
        }
    }
    Ok(())
}

/// Gives `seat` to a bot of `level`.
async fn insert_bot(
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

/// Inserts an open game and seats its creator at `seat`.
pub(crate) async fn insert_game(
    conn: &mut PgConnection,
    id: GameId,
    options: GameOptions,
    creator: AccountId,
    visibility: Visibility,
    rematch_of: Option<GameId>,
    seat: Seat,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO games (id, status, options, created_by, visibility, rematch_of) \
         VALUES ($1, 'open', $2, $3, $4, $5)",
    )
    .bind(id.0)
    .bind(Json(options))
    .bind(creator.0)
    .bind(visibility.as_str())
    .bind(rematch_of.map(|g| g.0))
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
