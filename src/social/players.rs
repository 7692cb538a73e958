//! Players as others see them: a profile (finished games, wins, rating), the archive of finished
//! games, the rating history and the leaderboard. Reads only: the rating worker writes
//! `player_ratings`, `rating_history` and `game_ratings`. Names the read model and the
//! listing's cursors (the archive pages as the lobby's lists do), nothing else of the store.
//!
//! A profile is an account, or a built-in bot's rated account (`accounts.builtin_bot`): a bot
//! plays in `game_seats.bot` seats, which no account holds, so "the games of" a bot profile are
//! the games with a seat of its level.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use sqlx::types::Json;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::eventstore::Store;
use crate::eventstore::error::{Context, Result, StoreError};
use crate::eventstore::read_model::{
    DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, Visibility, unrated_reason_of,
};
use crate::eventstore::{AccountId, GameId};
use crate::tables::listing::{decode_cursor, encode_cursor};
use rules::{BotLevel, GameOptions, PROVISIONAL_UNDER, Rating, UnratedReason};

/// A rating as shown (service rules §9.7): Weng–Lin's `mu` and `sigma`, the displayed rating
/// `round(1500 + 60·(mu − 3·sigma))`, and the rated games behind it (provisional under 10).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RatingSummary {
    #[schema(example = 27.4)]
    pub mu: f64,
    #[schema(example = 5.1)]
    pub sigma: f64,
    /// The displayed rating; the start (no rated game yet) is 1500.
    #[schema(example = 1226)]
    pub rating: i32,
    /// Fewer than 10 rated games: the rating still moves a lot, and the leaderboard leaves it out.
    pub provisional: bool,
    /// Rated games played.
    #[schema(example = 12)]
    pub games: u32,
}

impl RatingSummary {
    fn new(mu: f64, sigma: f64, rating: i32, games: i32) -> Self {
        let games = u32::try_from(games).unwrap_or(0);
        RatingSummary {
            mu,
            sigma,
            rating,
            provisional: games < PROVISIONAL_UNDER,
            games,
        }
    }

    /// The rating of an account that has played no rated game.
    fn start() -> Self {
        Self::new(
            Rating::START.mu,
            Rating::START.sigma,
            Rating::START.display(),
            0,
        )
    }
}

/// A player's public profile.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Profile {
    #[schema(example = "robert_bruce")]
    pub username: String,
    /// When the account was created.
    pub joined_at: DateTime<Utc>,
    /// Whether this is a built-in bot's rated profile (`random`, `greedy`, `mcts`) or a bot
    /// account (an account that plays through the API with its token).
    pub bot: bool,
    /// Finished games the player sat in, private ones included (only their number is shown).
    #[schema(example = 31)]
    pub games_played: i64,
    /// Of those, the games the player won (alone or in a shared victory).
    #[schema(example = 12)]
    pub games_won: i64,
    pub rating: RatingSummary,
}

/// Whom a profile names: an account, or a bot level (its seats hold no account).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    Account(Uuid),
    Bot(BotLevel),
}

struct Player {
    id: Uuid,
    username: String,
    joined_at: DateTime<Utc>,
    who: Who,
    bot_account: bool,
}

impl Who {
    /// The SQL that matches a seat `s` of this player, with `$n` bound to [`Who::bind`]'s
    /// value.
    fn seat_matches(self, n: u8) -> String {
        match self {
            Who::Account(_) => format!("s.account_id = ${n}::uuid"),
            Who::Bot(_) => format!("s.bot = ${n}::text"),
        }
    }

    fn bind(self) -> String {
        match self {
            Who::Account(id) => id.to_string(),
            Who::Bot(level) => level.as_str().to_string(),
        }
    }
}

/// An archive request: the player's finished games, newest first.
#[derive(Debug, Clone, Default)]
pub struct ArchiveQuery {
    /// Only games this other player (a username) sat in too.
    pub opponent: Option<String>,
    /// Only games the player won (`Some(true)`) or did not win (`Some(false)`).
    pub won: Option<bool>,
    /// Page size: 0 means 20, anything above 100 means 100.
    pub limit: u32,
    /// The `next_cursor` of the previous page.
    pub cursor: Option<String>,
    /// The caller: private games are listed only to the players seated in them.
    pub viewer: Option<AccountId>,
}

/// A seat of an archived game.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ArchivedSeat {
    #[schema(value_type = u8, minimum = 0, maximum = 4)]
    pub seat: u8,
    /// The player's username; for a bot's seat, its level (the bot's profile).
    #[schema(example = "robert_bruce")]
    pub username: String,
    /// Whether a built-in bot held the seat.
    pub bot: bool,
    /// The seat's points at the end (RULES §6.6).
    pub score: Option<u16>,
    /// The seat's place in the final ranking, 1 first; seats placed equally share it.
    pub place: Option<u8>,
    /// The displayed rating before and after the game; `null` when the game is unrated or its
    /// ratings are not applied yet.
    pub rating_before: Option<i32>,
    pub rating_after: Option<i32>,
    pub rating_change: Option<i32>,
}

/// A finished game as the archive lists it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ArchivedGame {
    #[schema(value_type = Uuid)]
    pub id: GameId,
    pub finished_at: DateTime<Utc>,
    pub visibility: Visibility,
    /// Whether the game counts for ratings (chosen at creation).
    pub rated: bool,
    /// Why a rated game changed no rating (service rules §9.7): `too_few_decisions` when a
    /// seated person took fewer than two decisions themselves; `null` otherwise.
    #[schema(required = true)]
    pub unrated_reason: Option<UnratedReason>,
    pub options: GameOptions,
    /// The winning seats.
    #[schema(value_type = Vec<u8>)]
    pub winners: Vec<u8>,
    /// Every seat, first place first (RULES §7, service rules §9.3).
    #[schema(value_type = Vec<u8>)]
    pub ranking: Vec<u8>,
    /// Each seat's place (indexed by seat), 1 first, equal for seats the ranking places equally.
    pub places: Option<Vec<u8>>,
    pub seats: Vec<ArchivedSeat>,
}

/// One rated game in a player's rating history: the rating after it. A private game the
/// caller did not sit in shows only its day (service rules §9.7): `game_id` and `finished_at`
/// are `null`, `finished_on` is set.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RatingHistoryEntry {
    /// The game; `null` for a private game the caller did not sit in.
    #[schema(value_type = Option<Uuid>)]
    pub game_id: Option<GameId>,
    /// When the game ended; `null` for a private game the caller did not sit in.
    #[schema(required = true)]
    pub finished_at: Option<DateTime<Utc>>,
    /// The day (UTC) the game ended, for every entry: all a stranger learns of when a private
    /// game was played.
    #[schema(value_type = String, format = Date, example = "2026-12-07")]
    pub finished_on: NaiveDate,
    #[schema(example = 26.1)]
    pub mu: f64,
    #[schema(example = 7.2)]
    pub sigma: f64,
    #[schema(example = 1069)]
    pub rating: i32,
}

/// A leaderboard line.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct LeaderboardEntry {
    /// 1 for the best displayed rating; equal ratings share a rank.
    #[schema(example = 1)]
    pub rank: u32,
    #[schema(example = "robert_bruce")]
    pub username: String,
    pub bot: bool,
    pub rating: RatingSummary,
}

/// An account's id, username, creation, built-in bot level and bot-account flag.
type PlayerRow = (Uuid, String, DateTime<Utc>, Option<String>, bool);

#[derive(sqlx::FromRow)]
struct ArchiveRow {
    id: Uuid,
    finished_at: DateTime<Utc>,
    visibility: String,
    rated: bool,
    options: Json<GameOptions>,
    winners: Option<Vec<i16>>,
    result: Option<Json<serde_json::Value>>,
}

#[derive(sqlx::FromRow)]
struct ArchiveSeatRow {
    game_id: Uuid,
    seat: i16,
    username: Option<String>,
    bot: Option<String>,
    place: Option<i16>,
    rating_before: Option<i32>,
    rating: Option<i32>,
}

#[derive(sqlx::FromRow)]
struct BoardRow {
    account_id: Uuid,
    username: String,
    builtin_bot: Option<String>,
    mu: f64,
    sigma: f64,
    rating: i32,
    games: i32,
}

/// The leaderboard's cursor: hex of `"<rating>:<account id>"`, the page's last line.
fn encode_board_cursor(rating: i32, id: Uuid) -> String {
    hex::encode(format!("{rating}:{}", id.simple()))
}

fn decode_board_cursor(cursor: &str) -> Result<(i32, Uuid)> {
    let text = hex::decode(cursor)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .ok_or(StoreError::InvalidCursor)?;
    let (rating, id) = text.split_once(':').ok_or(StoreError::InvalidCursor)?;
    let rating = rating.parse().map_err(|_| StoreError::InvalidCursor)?;
    let id = Uuid::parse_str(id).map_err(|_| StoreError::InvalidCursor)?;
    Ok((rating, id))
}

fn page_limit(limit: u32) -> u32 {
    match limit {
        0 => DEFAULT_LIST_LIMIT,
        n => n.min(MAX_LIST_LIMIT),
    }
}

/// A small number from a JSON array, by index.
fn small_at(array: Option<&serde_json::Value>, i: usize) -> Option<u64> {
    array?.as_array()?.get(i)?.as_u64()
}

/// The live account (or bot profile) named `username`, ignoring case as sign-in does.
async fn player_named(store: &Store, username: &str) -> Result<Option<Player>> {
    let row: Option<PlayerRow> = sqlx::query_as(
        "SELECT id, username, created_at, builtin_bot, bot_account FROM accounts \
         WHERE lower(username) = lower($1) AND deleted_at IS NULL",
    )
    .bind(username)
    .fetch_optional(&store.pool)
    .await
    .context("find a player")?;
    row.map(|(id, username, joined_at, bot, bot_account)| {
        let who = match bot {
            Some(level) => Who::Bot(level.parse().map_err(|_| {
                crate::eventstore::error::unexpected(format!("unknown bot level {level:?}"))
            })?),
            None => Who::Account(id),
        };
        Ok(Player {
            id,
            username,
            joined_at,
            who,
            bot_account,
        })
    })
    .transpose()
}

/// The profile of `username`; `None` for no such live account.
pub async fn profile(store: &Store, username: &str) -> Result<Option<Profile>> {
    let Some(player) = player_named(store, username).await? else {
        return Ok(None);
    };
    let rating: Option<(f64, f64, i32, i32)> =
        sqlx::query_as("SELECT mu, sigma, rating, games FROM player_ratings WHERE account_id = $1")
            .bind(player.id)
            .fetch_optional(&store.pool)
            .await
            .context("read a rating")?;
    // One line per game (a bot level may hold several seats of one game), grouped by the
    // game's id: each shard counts its own games.
    let (played, won): (i64, i64) = sqlx::query_as(&format!(
        "SELECT count(*), count(*) FILTER (WHERE won) FROM ( \
             SELECT g.id, bool_or(s.seat = ANY(g.winners)) AS won \
             FROM games g JOIN game_seats s ON s.game_id = g.id \
             WHERE g.status = 'finished' AND {} \
             GROUP BY g.id) t",
        player.who.seat_matches(1)
    ))
    .bind(player.who.bind())
    .fetch_one(&store.pool)
    .await
    .context("count a player's games")?;
    Ok(Some(Profile {
        username: player.username,
        joined_at: player.joined_at,
        bot: matches!(player.who, Who::Bot(_)) || player.bot_account,
        games_played: played,
        games_won: won,
        rating: rating.map_or_else(RatingSummary::start, |(mu, sigma, rating, games)| {
            RatingSummary::new(mu, sigma, rating, games)
        }),
    }))
}

/// One page of `username`'s finished games, newest first, and the next page's cursor;
/// `None` for no such player. An opponent nobody is called matches no game.
pub async fn archive(
    store: &Store,
    username: &str,
    q: &ArchiveQuery,
) -> Result<Option<(Vec<ArchivedGame>, Option<String>)>> {
    let after = q.cursor.as_deref().map(decode_cursor).transpose()?;
    let Some(player) = player_named(store, username).await? else {
        return Ok(None);
    };
    let opponent = match q.opponent.as_deref() {
        None => None,
        Some(name) => match player_named(store, name).await? {
            Some(p) => Some(p.who),
            None => return Ok(Some((Vec::new(), None))),
        },
    };
    let limit = page_limit(q.limit);
    // Only the filters asked for are in the statement, every parameter still bound (see
    // `list_games`: Citus refuses a folded-away `EXISTS`).
    let mut filters = vec![
        "g.status = 'finished' AND g.finished_at IS NOT NULL".to_string(),
        format!(
            "EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = g.id AND {})",
            player.who.seat_matches(1)
        ),
    ];
    if let Some(opponent) = opponent {
        filters.push(format!(
            "EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = g.id AND {})",
            opponent.seat_matches(2)
        ));
    }
    if let Some(won) = q.won {
        filters.push(format!(
            "{} EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = g.id AND {} \
             AND s.seat = ANY(g.winners))",
            if won { "" } else { "NOT" },
            player.who.seat_matches(1)
        ));
    }
    if after.is_some() {
        filters.push("(g.finished_at, g.id) < ($3, $4::uuid)".into());
    }
    filters.push(
        if q.viewer.is_some() {
            "(g.visibility = 'public' OR EXISTS ( \
             SELECT 1 FROM game_seats s WHERE s.game_id = g.id AND s.account_id = $6))"
        } else {
            "g.visibility = 'public'"
        }
        .to_string(),
    );
    let mut rows: Vec<ArchiveRow> = sqlx::query_as(&format!(
        "SELECT g.id, g.finished_at, g.visibility, g.rated, g.options, g.winners, g.result \
         FROM games g WHERE {} \
         ORDER BY g.finished_at DESC, g.id DESC LIMIT $5",
        filters.join(" AND ")
    ))
    .bind(player.who.bind())
    .bind(opponent.map(Who::bind))
    .bind(after.map(|(at, _)| at))
    .bind(after.map(|(_, id)| id))
    .bind(i64::from(limit) + 1)
    .bind(q.viewer.map(|a| a.0))
    .fetch_all(&store.pool)
    .await
    .context("list a player's games")?;
    let next = if rows.len() > limit as usize {
        rows.truncate(limit as usize);
        rows.last().map(|r| encode_cursor(r.finished_at, r.id))
    } else {
        None
    };
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    let seat_rows: Vec<ArchiveSeatRow> = sqlx::query_as(
        "SELECT s.game_id, s.seat, a.username, s.bot, r.place, r.rating_before, r.rating \
         FROM game_seats s \
         LEFT JOIN accounts a ON a.id = s.account_id \
         LEFT JOIN game_ratings r ON r.game_id = s.game_id AND r.seat = s.seat \
         WHERE s.game_id = ANY($1) ORDER BY s.game_id, s.seat",
    )
    .bind(&ids)
    .fetch_all(&store.pool)
    .await
    .context("read archived seats")?;
    let mut seats: HashMap<Uuid, Vec<ArchiveSeatRow>> = HashMap::new();
    for s in seat_rows {
        seats.entry(s.game_id).or_default().push(s);
    }
    let games = rows
        .into_iter()
        .map(|r| {
            let result = r.result.map(|j| j.0).unwrap_or_default();
            let places: Option<Vec<u8>> = result
                .get("places")
                .and_then(|p| serde_json::from_value(p.clone()).ok());
            let seat_rows = seats.remove(&r.id).unwrap_or_default();
            let own_decisions: Vec<u16> = result
                .get("own_decisions")
                .and_then(|d| serde_json::from_value(d.clone()).ok())
                .unwrap_or_default();
            let unrated_reason = unrated_reason_of(r.rated, &own_decisions, |seat| {
                seat_rows
                    .iter()
                    .any(|s| usize::try_from(s.seat).ok() == Some(seat) && s.bot.is_none())
            });
            let seats = seat_rows
                .into_iter()
                .map(|s| {
                    let i = usize::try_from(s.seat).unwrap_or(usize::MAX);
                    ArchivedSeat {
                        seat: u8::try_from(s.seat).unwrap_or(u8::MAX),
                        username: match (s.username, s.bot.as_deref()) {
                            (Some(name), _) => name,
                            (None, Some(level)) => level.to_string(),
                            (None, None) => String::new(),
                        },
                        bot: s.bot.is_some(),
                        score: small_at(result.get("scores"), i)
                            .and_then(|v| u16::try_from(v).ok()),
                        place: places
                            .as_ref()
                            .and_then(|p| p.get(i).copied())
                            .or_else(|| s.place.and_then(|p| u8::try_from(p).ok())),
                        rating_before: s.rating_before,
                        rating_after: s.rating,
                        rating_change: s.rating_before.zip(s.rating).map(|(b, a)| a - b),
                    }
                })
                .collect();
            Ok(ArchivedGame {
                id: GameId(r.id),
                finished_at: r.finished_at,
                visibility: Visibility::from_db(&r.visibility)?,
                rated: r.rated,
                unrated_reason,
                options: r.options.0,
                winners: small_list(r.winners.unwrap_or_default()),
                ranking: result
                    .get("ranking")
                    .and_then(|v| serde_json::from_value(v.clone()).ok())
                    .unwrap_or_default(),
                places,
                seats,
            })
        })
        .collect::<Result<_>>()?;
    Ok(Some((games, next)))
}

/// `username`'s rating after each rated game, oldest first; `None` for no such player.
/// A private game the viewer did not sit in keeps its numbers and its day, not its id nor
/// its time.
pub async fn rating_history(
    store: &Store,
    username: &str,
    viewer: Option<AccountId>,
) -> Result<Option<Vec<RatingHistoryEntry>>> {
    let Some(player) = player_named(store, username).await? else {
        return Ok(None);
    };
    let rows: Vec<(Uuid, DateTime<Utc>, f64, f64, i32)> = sqlx::query_as(
        "SELECT game_id, finished_at, mu, sigma, rating FROM rating_history \
         WHERE account_id = $1 ORDER BY finished_at, game_id",
    )
    .bind(player.id)
    .fetch_all(&store.pool)
    .await
    .context("read a rating history")?;
    let ids: Vec<Uuid> = rows.iter().map(|r| r.0).collect();
    // The history lives on the account's shard, the games on theirs: a second look.
    let hidden: Vec<(Uuid,)> = sqlx::query_as(
        "SELECT g.id FROM games g WHERE g.id = ANY($1) AND g.visibility = 'private' \
         AND NOT EXISTS (SELECT 1 FROM game_seats s \
                         WHERE s.game_id = g.id AND s.account_id = $2)",
    )
    .bind(&ids)
    .bind(viewer.map_or(Uuid::nil(), |a| a.0))
    .fetch_all(&store.pool)
    .await
    .context("find private games in a rating history")?;
    Ok(Some(
        rows.into_iter()
            .map(|(game, finished_at, mu, sigma, rating)| {
                // Service rules §9.7: a private game's time and id are its players'
                // alone; the same instant in two histories would name the opponents.
                let shown = !hidden.iter().any(|h| h.0 == game);
                RatingHistoryEntry {
                    game_id: shown.then_some(GameId(game)),
                    finished_at: shown.then_some(finished_at),
                    finished_on: finished_at.date_naive(),
                    mu,
                    sigma,
                    rating,
                }
            })
            .collect(),
    ))
}

/// One page of the leaderboard: live accounts and bots with a non-provisional rating,
/// highest displayed rating first, then by account id; and the next page's cursor.
pub async fn leaderboard(
    store: &Store,
    limit: u32,
    cursor: Option<&str>,
) -> Result<(Vec<LeaderboardEntry>, Option<String>)> {
    let after = cursor.map(decode_board_cursor).transpose()?;
    let limit = page_limit(limit);
    let eligible = "r.games >= $1 AND a.deleted_at IS NULL";
    let mut rows: Vec<BoardRow> = sqlx::query_as(&format!(
        "SELECT r.account_id, a.username, a.builtin_bot, r.mu, r.sigma, r.rating, r.games \
         FROM player_ratings r JOIN accounts a ON a.id = r.account_id \
         WHERE {eligible} {} \
         ORDER BY r.rating DESC, r.account_id LIMIT $4",
        if after.is_some() {
            "AND (r.rating < $2 OR (r.rating = $2 AND r.account_id > $3))"
        } else {
            ""
        }
    ))
    .bind(PROVISIONAL_UNDER as i32)
    .bind(after.map(|a| a.0))
    .bind(after.map(|a| a.1))
    .bind(i64::from(limit) + 1)
    .fetch_all(&store.pool)
    .await
    .context("read the leaderboard")?;
    let next = if rows.len() > limit as usize {
        rows.truncate(limit as usize);
        rows.last()
            .map(|r| encode_board_cursor(r.rating, r.account_id))
    } else {
        None
    };
    // Competition ranks: one more than the players rated higher. The page is in order, so
    // only its first rating needs counting; below it, a rating's rank is its first line's.
    let above: i64 = match rows.first() {
        None => 0,
        Some(first) => sqlx::query_scalar(&format!(
            "SELECT count(*) FROM player_ratings r JOIN accounts a ON a.id = r.account_id \
             WHERE {eligible} AND r.rating > $2"
        ))
        .bind(PROVISIONAL_UNDER as i32)
        .bind(first.rating)
        .fetch_one(&store.pool)
        .await
        .context("rank the leaderboard")?,
    };
    let above = u32::try_from(above).unwrap_or(u32::MAX);
    let mut entries: Vec<LeaderboardEntry> = Vec::with_capacity(rows.len());
    for (i, r) in rows.into_iter().enumerate() {
        let rank = match entries.last() {
            Some(prev) if prev.rating.rating == r.rating => prev.rank,
            _ => above
                .saturating_add(u32::try_from(i).unwrap_or(u32::MAX))
                .saturating_add(1),
        };
        entries.push(LeaderboardEntry {
            rank,
            username: r.username,
            bot: r.builtin_bot.is_some(),
            rating: RatingSummary::new(r.mu, r.sigma, r.rating, r.games),
        });
    }
    Ok((entries, next))
}

fn small_list(v: Vec<i16>) -> Vec<u8> {
    v.into_iter().filter_map(|s| u8::try_from(s).ok()).collect()
}

/// The displayed ratings of `accounts` (service rules §9.7) and the rated games behind each, in
/// the caller's transaction; an account that played no rated game has the start (1500, none).
pub async fn displayed_ratings(
    conn: &mut sqlx::PgConnection,
    accounts: &[Uuid],
) -> Result<HashMap<Uuid, (i32, u32)>> {
    let rows: Vec<(Uuid, i32, i32)> = sqlx::query_as(
        "SELECT account_id, rating, games FROM player_ratings WHERE account_id = ANY ($1)",
    )
    .bind(accounts)
    .fetch_all(conn)
    .await
    .context("read displayed ratings")?;
    let mut ratings: HashMap<Uuid, (i32, u32)> = accounts
        .iter()
        .map(|a| (*a, (Rating::START.display(), 0)))
        .collect();
    for (account, rating, games) in rows {
        ratings.insert(account, (rating, u32::try_from(games).unwrap_or(0)));
    }
    Ok(ratings)
}
