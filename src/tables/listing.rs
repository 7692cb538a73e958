//! Listings of games: keyset-paginated pages of the read model, most recently updated first,
//! or nearest deadline first for the games awaiting the caller.

use chrono::{DateTime, Datelike, Utc};
use uuid::Uuid;

use crate::eventstore::error::{Context, Result, StoreError};
use crate::eventstore::read_model::{
    DEFAULT_LIST_LIMIT, GAME_COLUMNS, GameRow, GameStatus, GameSummary, ListQuery, MAX_LIST_LIMIT,
    fetch_seats,
};
use crate::eventstore::{AccountId, GameId, Store};

/// The opaque listing cursor: hex of `"<updated_at µs since the epoch>:<id>"`, the last row of
/// the page (keyset pagination).
pub(crate) fn encode_cursor(updated_at: DateTime<Utc>, id: Uuid) -> String {
    hex::encode(format!("{}:{}", updated_at.timestamp_micros(), id.simple()))
}

/// The sort key of a game awaiting the caller: its deadline, or for a game without a clock a
/// date no deadline reaches (14 days at most from now), so that those come last.
const NO_DEADLINE_KEY: &str = "COALESCE(g.due_at, '9999-12-31 00:00:00+00')";

fn no_deadline() -> DateTime<Utc> {
    DateTime::from_timestamp(253_402_214_400, 0).unwrap_or(DateTime::<Utc>::MAX_UTC)
}

pub(crate) fn decode_cursor(cursor: &str) -> Result<(DateTime<Utc>, Uuid)> {
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

/// One page of games, most recently updated first, and the cursor of the next page (`None`
/// on the last page).
pub async fn list_games(
    store: &Store,
    q: &ListQuery,
) -> Result<(Vec<GameSummary>, Option<String>)> {
    let limit = match q.limit {
        0 => DEFAULT_LIST_LIMIT,
        n => n.min(MAX_LIST_LIMIT),
    };
    let after = q.cursor.as_deref().map(decode_cursor).transpose()?;
    let mut conn = store.pool.acquire().await.context("acquire")?;
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

/// The games in `status` the account sits in.
pub(crate) async fn games_of(
    store: &Store,
    account: AccountId,
    status: GameStatus,
) -> Result<Vec<GameId>> {
    let rows: Vec<(Uuid,)> = sqlx::query_as(
        "SELECT g.id FROM game_seats s JOIN games g ON g.id = s.game_id \
         WHERE s.account_id = $1 AND g.status = $2",
    )
    .bind(account.0)
    .bind(status.as_str())
    .fetch_all(&store.pool)
    .await
    .context("list an account's games")?;
    Ok(rows.into_iter().map(|(id,)| GameId(id)).collect())
}
