//! Seeks (service rules §9.10): open requests to play, kept for days, public to all. A new seek
//! pairs in the transaction that makes it: under its pool's lock it reads the pool's open
//! seeks, lets [`pairing::group`] choose, and creates the game with the players seated in
//! random order, their seeks consumed and each told (`seek_matched`, at the deal). Every
//! pairing of a pool holds the pool's lock, so two processes never pair one seek twice, and
//! a process killed mid-pairing leaves nothing of it (one transaction).

use chrono::{DateTime, Utc};
use rand::Rng;
use rand::seq::SliceRandom;
use serde_json::json;
use sqlx::PgConnection;
use sqlx::types::Json;
use uuid::Uuid;

use crate::eventstore::error::{Context, Result, StoreError, unexpected};
use crate::eventstore::outbox::{NotificationKind, Pending};
use crate::eventstore::{AccountId, GameId, Store};
use crate::matchmaking::pairing::{self, Candidate};
use crate::social;
use crate::tables::listing::{decode_cursor, encode_cursor};
use crate::tables::lobby;
use rules::{GameOptions, PROVISIONAL_UNDER, Rating, Seat};

/// Open seeks one account may have at once.
pub const MAX_OPEN_SEEKS: u32 = 3;

/// The advisory lock under which one account's open seeks are counted and one added.
const ACCOUNT_LOCK: i64 = 7105;
/// The advisory lock under which one pool's seeks are paired (or one cancelled).
const POOL_LOCK: i64 = 7106;

/// What a seek asks for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NewSeek {
    pub options: GameOptions,
    pub rated: bool,
    /// Whether bot accounts may sit at the game.
    pub bots: bool,
    pub rating_min: Option<i32>,
    pub rating_max: Option<i32>,
}

/// A seek as shown.
#[derive(Debug, Clone, PartialEq)]
pub struct Seek {
    pub id: Uuid,
    pub username: String,
    pub bot_account: bool,
    /// The owner's displayed rating (service rules §9.7) and whether it is provisional.
    pub rating: i32,
    pub provisional: bool,
    pub options: GameOptions,
    pub rated: bool,
    pub bots: bool,
    pub rating_min: Option<i32>,
    pub rating_max: Option<i32>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// The game it paired into; `None` while open.
    pub game: Option<GameId>,
}

/// A page of open seeks, oldest first, and the cursor of the next.
#[derive(Debug, Clone)]
pub struct SeekPage {
    pub seeks: Vec<Seek>,
    pub next_cursor: Option<String>,
}

/// The seek's columns, as [`SeekRow`] reads them.
const COLUMNS: &str = "s.id, s.account_id, a.username, a.bot_account, s.options, s.rated, \
     s.bots, s.rating_min, s.rating_max, s.created_at, s.expires_at, s.game_id \
     FROM seeks s JOIN accounts a ON a.id = s.account_id";

/// Whether seek `s` (its owner `a`) is open: not ended, not expired, its owner neither deleted
/// nor gone on vacation since it was made.
const OPEN: &str = "s.ended_at IS NULL AND s.expires_at > now() AND a.deleted_at IS NULL \
     AND (a.vacation_last_started_at IS NULL OR a.vacation_last_started_at < s.created_at)";

type SeekRow = (
    Uuid,
    Uuid,
    String,
    bool,
    Json<GameOptions>,
    bool,
    bool,
    Option<i32>,
    Option<i32>,
    DateTime<Utc>,
    DateTime<Utc>,
    Option<Uuid>,
);

/// The seeks of `rows`, with their owners' ratings (service rules §9.7).
async fn seeks_of(conn: &mut PgConnection, rows: Vec<SeekRow>) -> Result<Vec<Seek>> {
    let owners: Vec<Uuid> = rows.iter().map(|r| r.1).collect();
    let ratings = social::players::displayed_ratings(conn, &owners).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let (id, owner, username, bot_account, options, rated, bots, lo, hi, at, until, game) =
                row;
            let (rating, games) = ratings.get(&owner).copied().unwrap_or_default();
            Seek {
                id,
                username,
                bot_account,
                rating,
                provisional: games < PROVISIONAL_UNDER,
                options: options.0,
                rated,
                bots,
                rating_min: lo,
                rating_max: hi,
                created_at: at,
                expires_at: until,
                game: game.map(GameId),
            }
        })
        .collect())
}

/// The pool a seek pairs in: its options and whether it is rated, as one text.
fn pool_of(options: &GameOptions, rated: bool) -> Result<String> {
    let power = serde_json::to_value(options.power_rule)
        .map_err(|e| unexpected(format!("a power rule as JSON: {e}")))?;
    Ok(format!(
        "p{}:r{}:b{}:{}:t{}:c{}:m{}",
        options.players,
        u8::from(rated),
        u8::from(options.include_bruce),
        power.as_str().unwrap_or_default(),
        options.target_score,
        options
            .turn_time_limit_s
            .map_or_else(|| "none".to_string(), |s| s.to_string()),
        options.max_timeouts,
    ))
}

/// Begins one of matchmaking's write transactions: on Citus they read several accounts' shards
/// (ratings, mutes) and write reference tables (seeks, challenges).
pub(crate) async fn begin(store: &Store) -> Result<sqlx::Transaction<'static, sqlx::Postgres>> {
    crate::eventstore::distribute::begin_sequential(&store.pool, "begin matchmaking").await
}

async fn advisory_lock(conn: &mut PgConnection, key: &str, space: i64) -> Result<()> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, $2))")
        .bind(key)
        .bind(space)
        .execute(conn)
        .await
        .context("take a matchmaking lock")?;
    Ok(())
}

/// Makes a seek for `account`, lasting `lifetime`, and pairs it when it completes a table.
/// Refused when the account is on vacation, already has [`MAX_OPEN_SEEKS`] open seeks, or is
/// a bot account seeking a game closed to bot accounts, or a bot account that already plays
/// `bot_account_max` unfinished games (its seeks already open may still pair).
pub async fn create(
    store: &Store,
    account: AccountId,
    new: NewSeek,
    lifetime: chrono::Duration,
    bot_account_max: Option<u32>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Seek> {
    let options = lobby::validated(new.options)?;
    if let (Some(lo), Some(hi)) = (new.rating_min, new.rating_max)
        && lo > hi
    {
        return Err(StoreError::InvalidSeek(format!(
            "rating_min {lo} is above rating_max {hi}"
        )));
    }
    let pool = pool_of(&options, new.rated)?;
    let mut tx = begin(store).await?;
    advisory_lock(&mut tx, &account.0.to_string(), ACCOUNT_LOCK).await?;
    let owner: Option<(bool, bool)> = sqlx::query_as(
        "SELECT bot_account, coalesce(vacation_until > now(), false) FROM accounts \
         WHERE id = $1 AND deleted_at IS NULL",
    )
    .bind(account.0)
    .fetch_optional(&mut *tx)
    .await
    .context("read a seeker")?;
    let (bot_account, away) = owner.ok_or(StoreError::UnknownAccount)?;
    if away {
        return Err(StoreError::VacationInProgress);
    }
    if bot_account && let Some(max) = bot_account_max {
        lobby::cap_bot_account_games(&mut tx, account, max).await?;
    }
    if bot_account && !new.bots {
        return Err(StoreError::InvalidSeek(
            "a bot account seeks only games that allow bot accounts (bots: true)".into(),
        ));
    }
    let (open,): (i64,) = sqlx::query_as(&format!(
        "SELECT count(*) FROM seeks s JOIN accounts a ON a.id = s.account_id \
         WHERE s.account_id = $1 AND {OPEN}"
    ))
    .bind(account.0)
    .fetch_one(&mut *tx)
    .await
    .context("count an account's open seeks")?;
    if open >= i64::from(MAX_OPEN_SEEKS) {
        return Err(StoreError::TooManySeeks {
            max: MAX_OPEN_SEEKS,
        });
    }
    // The pool's lock before the seek is written: on Citus a write to a reference table holds
    // its shard until the commit, so every pairing of the pool takes the two in this order.
    advisory_lock(&mut tx, &pool, POOL_LOCK).await?;
    let id = Uuid::now_v7();
    sqlx::query(
        "INSERT INTO seeks (id, account_id, pool, options, rated, bots, rating_min, rating_max, \
                            expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))",
    )
    .bind(id)
    .bind(account.0)
    .bind(&pool)
    .bind(Json(options))
    .bind(new.rated)
    .bind(new.bots)
    .bind(new.rating_min)
    .bind(new.rating_max)
    .bind(lifetime.num_seconds() as f64)
    .execute(&mut *tx)
    .await
    .context("store a seek")?;
    let rating = social::players::displayed_ratings(&mut tx, &[account.0])
        .await?
        .get(&account.0)
        .map_or(Rating::START.display(), |r| r.0);
    let me = Candidate {
        id,
        account: account.0,
        rating,
        bot_account,
        bots: new.bots,
        rating_min: new.rating_min,
        rating_max: new.rating_max,
    };
    let dealt = pair_in(store, &mut tx, &pool, &me, &options, new.rated, rng).await?;
    let seek = read_in(&mut tx, id).await?;
    tx.commit().await.context("commit seek")?;
    if let Some((game, dealt)) = dealt {
        store.committed(game, &dealt);
    }
    Ok(seek)
}

/// A pool's open seek as pairing reads it: id, owner, owner a bot account, admits bots, range.
type CandidateRow = (Uuid, Uuid, bool, bool, Option<i32>, Option<i32>);

/// Pairs `me` (a seek of `pool` written in this transaction, which holds the pool's lock) when it
/// completes a table: reads the pool's other open seeks and creates the game of the group
/// chosen.
async fn pair_in(
    store: &Store,
    conn: &mut PgConnection,
    pool: &str,
    me: &Candidate,
    options: &GameOptions,
    rated: bool,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Option<(GameId, crate::eventstore::append::Appended)>> {
    let rows: Vec<CandidateRow> = sqlx::query_as(&format!(
        "SELECT s.id, s.account_id, a.bot_account, s.bots, s.rating_min, s.rating_max \
         FROM seeks s JOIN accounts a ON a.id = s.account_id \
         WHERE s.pool = $1 AND s.id <> $2 AND {OPEN} \
         ORDER BY s.created_at, s.id"
    ))
    .bind(pool)
    .bind(me.id)
    .fetch_all(&mut *conn)
    .await
    .context("read a pool's open seeks")?;
    let owners: Vec<Uuid> = rows.iter().map(|r| r.1).collect();
    let ratings = social::players::displayed_ratings(&mut *conn, &owners).await?;
    let open: Vec<Candidate> = rows
        .into_iter()
        .map(|(id, account, bot_account, bots, lo, hi)| Candidate {
            id,
            account,
            rating: ratings
                .get(&account)
                .map_or(Rating::START.display(), |r| r.0),
            bot_account,
            bots,
            rating_min: lo,
            rating_max: hi,
        })
        .collect();
    let Some(chosen) = pairing::group(me, &open, usize::from(options.players)) else {
        return Ok(None);
    };
    let mut table: Vec<&Candidate> = chosen.iter().map(|&i| &open[i]).collect();
    table.push(me);
    table.shuffle(rng);
    let seats: Vec<AccountId> = table.iter().map(|c| AccountId(c.account)).collect();
    let told = table
        .iter()
        .enumerate()
        .map(|(seat, c)| Pending {
            seat: Seat(seat as u8),
            kind: NotificationKind::SeekMatched,
            payload: json!({ "seek_id": c.id }),
        })
        .collect();
    let (game, dealt) =
        lobby::create_seated_in(store, &mut *conn, &seats, *options, rated, told, rng).await?;
    let dealt = dealt.ok_or_else(|| unexpected("a paired table that did not fill its game"))?;
    let ids: Vec<Uuid> = table.iter().map(|c| c.id).collect();
    let consumed = sqlx::query(
        "UPDATE seeks SET ended_at = now(), end_reason = 'matched', game_id = $2 \
         WHERE id = ANY ($1) AND ended_at IS NULL",
    )
    .bind(&ids)
    .bind(game.0)
    .execute(&mut *conn)
    .await
    .context("consume paired seeks")?
    .rows_affected();
    if consumed != ids.len() as u64 {
        return Err(unexpected(format!(
            "{consumed} of {} paired seeks were open",
            ids.len()
        )));
    }
    Ok(Some((game, dealt)))
}

async fn read_in(conn: &mut PgConnection, id: Uuid) -> Result<Seek> {
    let row: SeekRow = sqlx::query_as(&format!("SELECT {COLUMNS} WHERE s.id = $1"))
        .bind(id)
        .fetch_one(&mut *conn)
        .await
        .context("read a seek")?;
    seeks_of(conn, vec![row])
        .await?
        .pop()
        .ok_or_else(|| unexpected("a seek read back is gone"))
}

/// The open seeks, oldest first, `limit` a page, after `cursor` (a page's `next_cursor`).
pub async fn list(store: &Store, limit: u32, cursor: Option<&str>) -> Result<SeekPage> {
    let after = cursor.map(decode_cursor).transpose()?;
    let mut conn = store.pool.acquire().await.context("acquire")?;
    let rows: Vec<SeekRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} WHERE {OPEN} \
           AND ($1::timestamptz IS NULL OR (s.created_at, s.id) > ($1, $2)) \
         ORDER BY s.created_at, s.id LIMIT $3"
    ))
    .bind(after.map(|a| a.0))
    .bind(after.map(|a| a.1))
    .bind(i64::from(limit) + 1)
    .fetch_all(&mut *conn)
    .await
    .context("list open seeks")?;
    let mut seeks = seeks_of(&mut conn, rows).await?;
    let next_cursor = if seeks.len() > limit as usize {
        seeks.truncate(limit as usize);
        seeks.last().map(|s| encode_cursor(s.created_at, s.id))
    } else {
        None
    };
    Ok(SeekPage { seeks, next_cursor })
}

/// The account's open seeks, oldest first.
pub async fn of_account(store: &Store, account: AccountId) -> Result<Vec<Seek>> {
    let mut conn = store.pool.acquire().await.context("acquire")?;
    let rows: Vec<SeekRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} WHERE s.account_id = $1 AND {OPEN} ORDER BY s.created_at, s.id"
    ))
    .bind(account.0)
    .fetch_all(&mut *conn)
    .await
    .context("list an account's open seeks")?;
    seeks_of(&mut conn, rows).await
}

/// Cancels the account's open seek `id` (`SeekNotFound` when it has none such: paired,
/// cancelled, expired, dropped, or someone else's).
pub async fn cancel(store: &Store, account: AccountId, id: Uuid) -> Result<()> {
    let mut tx = begin(store).await?;
    let pool: Option<String> = sqlx::query_scalar(&format!(
        "SELECT s.pool FROM seeks s JOIN accounts a ON a.id = s.account_id \
         WHERE s.id = $1 AND s.account_id = $2 AND {OPEN}"
    ))
    .bind(id)
    .bind(account.0)
    .fetch_optional(&mut *tx)
    .await
    .context("find a seek to cancel")?;
    let pool = pool.ok_or(StoreError::SeekNotFound)?;
    // After the pool's pairings: one that took this seek meanwhile has committed.
    advisory_lock(&mut tx, &pool, POOL_LOCK).await?;
    let cancelled = sqlx::query(
        "UPDATE seeks SET ended_at = now(), end_reason = 'cancelled' \
         WHERE id = $1 AND ended_at IS NULL",
    )
    .bind(id)
    .execute(&mut *tx)
    .await
    .context("cancel a seek")?
    .rows_affected();
    if cancelled == 0 {
        return Err(StoreError::SeekNotFound);
    }
    tx.commit().await.context("commit cancel seek")?;
    Ok(())
}
