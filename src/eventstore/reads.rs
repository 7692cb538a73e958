//! Reading a game: its listing row and its state at the stream's head, from this process's
//! kept replay and the events after it, in one statement; or the whole stream. Over the stream,
//! the read model and the kept replays.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use sqlx::postgres::{PgRow, PgTypeInfo, PgValueFormat, PgValueRef};
use sqlx::types::Json;
use sqlx::{PgConnection, Postgres, Row as _};
use uuid::Uuid;

use crate::eventstore::error::{Context, Result, StoreError, db_error, is_unavailable, unexpected};
use crate::eventstore::read_model::{
    GameRow, GameSummary, SeatInfo, Visibility, fetch_row, fetch_summary, seat_info,
};
use crate::eventstore::snapshots::{Snapshot, Snapshots};
use crate::eventstore::stream::{
    StoredEvent, head_hash_of, parse_event, read_head, read_rows, read_stream, stream_version,
};
use crate::eventstore::{AccountId, GameId, HotConn, Store};
use rules::Game;

/// A game as loaded: its listing row, its whole stream and the state it replays to.
#[derive(Debug, Clone)]
pub struct LoadedGame {
    pub summary: GameSummary,
    pub events: Vec<StoredEvent>,
    pub game: Game,
}

impl LoadedGame {
    /// The stream's version: its last seq, 0 before the game starts.
    pub fn version(&self) -> i64 {
        self.events.len() as i64
    }
}

/// A game now: its listing row and its state at the stream's head (no events).
#[derive(Debug, Clone)]
pub struct CurrentGame {
    pub summary: GameSummary,
    /// The stream's version: its last seq, 0 before the game starts.
    pub version: i64,
    /// The hash of the event at `version` (zeros before the game starts).
    pub head_hash: [u8; 32],
    /// Shared with this process's kept replay: reading it copies nothing.
    pub game: Arc<Game>,
}

/// Whether the account exists and is not deleted (for a read of a game that does not exist:
/// an unknown caller is told so first, as when the game exists).
async fn account_exists(conn: &mut PgConnection, account: AccountId) -> Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM accounts WHERE id = $1 AND deleted_at IS NULL)",
    )
    .bind(account.0)
    .fetch_one(conn)
    .await
    .context("look up an account")
}

/// One statement for everything a read needs of a game: a call of the database function
/// `lords_read_game` (migrations/20261126100001_game_result.sql): the `games` row, whether
/// the caller's account exists (the bearer token is only checked for its signature before),
/// the seats with their usernames, the stream's head, the hash of the event at `$3` (the
/// version of the kept replay, to prove the replay is this stream's), the events after `$3`
/// (none when the replay is current) and, for an action, the idempotency key `$4`'s row; no
/// row when there is no such game. Its statements share the call's snapshot: consistent, with
/// no transaction. On Citus the call runs on the game's worker (`SELECT … FROM f(…)`, the form
/// Citus delegates), each statement a one-table read there.
const READ_GAME: &str = "SELECT * FROM lords_read_game($1, $2, $3, $4)";

/// The row of [`READ_GAME`], its columns in the function's order.
struct ReadRow {
    game: GameRow,
    caller_exists: bool,
    seat_numbers: Option<Vec<i16>>,
    seat_accounts: Option<Vec<Option<Uuid>>>,
    seat_usernames: Option<Vec<Option<String>>>,
    seat_bots: Option<Vec<Option<String>>>,
    seat_bot_accounts: Option<Vec<Option<bool>>>,
    head_seq: Option<i64>,
    head_hash: Option<Vec<u8>>,
    known_hash: Option<Vec<u8>>,
    new_types: Option<Vec<String>>,
    new_versions: Option<Vec<i32>>,
    new_payloads: Option<Vec<String>>,
    key_request_hash: Option<String>,
    key_seat: Option<i16>,
    key_first_seq: Option<i64>,
    key_version: Option<i64>,
    key_deadline: Option<DateTime<Utc>>,
}

/// The columns of [`READ_GAME`] (`lords_read_game`'s `RETURNS TABLE`), read by position in
/// [`ReadRow::decode`].
const READ_COLUMNS: usize = 34;

/// A `jsonb` column as its text, undecoded (the game's options are decoded once per game:
/// [`Snapshots::options`]).
struct JsonbText<'r>(&'r [u8]);

impl sqlx::Type<Postgres> for JsonbText<'_> {
    fn type_info() -> PgTypeInfo {
        <Json<serde_json::Value> as sqlx::Type<Postgres>>::type_info()
    }

    fn compatible(ty: &PgTypeInfo) -> bool {
        <Json<serde_json::Value> as sqlx::Type<Postgres>>::compatible(ty)
    }
}

impl<'r> sqlx::Decode<'r, Postgres> for JsonbText<'r> {
    fn decode(value: PgValueRef<'r>) -> std::result::Result<Self, sqlx::error::BoxDynError> {
        let binary = value.format() == PgValueFormat::Binary;
        let bytes = value.as_bytes()?;
        // `jsonb` in binary is a version byte (1) and the text.
        Ok(JsonbText(match bytes.split_first() {
            Some((1, text)) if binary => text,
            _ => bytes,
        }))
    }
}

impl ReadRow {
    /// The row, its columns read by position (a read by name hashes the name: a tenth of
    /// decoding the row), the game's options through `kept` (the same text, the same options).
    fn decode(row: &PgRow, id: GameId, kept: &Snapshots) -> std::result::Result<Self, sqlx::Error> {
        let options = row.try_get::<JsonbText<'_>, _>(2)?.0;
        let options = kept
            .options(id, options, |text| serde_json::from_slice(text))
            .map_err(|e| sqlx::Error::ColumnDecode {
                index: "options".into(),
                source: Box::new(e),
            })?;
        Ok(ReadRow {
            game: GameRow {
                id: row.try_get(0)?,
                status: row.try_get(1)?,
                options: Json(options),
                created_by: row.try_get(3)?,
                version: row.try_get(4)?,
                awaiting_seat: row.try_get(5)?,
                winners: row.try_get(6)?,
                visibility: row.try_get(7)?,
                rematch_of: row.try_get(8)?,
                rematched_by: row.try_get(9)?,
                created_at: row.try_get(10)?,
                updated_at: row.try_get(11)?,
                due_at: row.try_get(12)?,
                due_kind: row.try_get(13)?,
                result: row.try_get(14)?,
                rated: row.try_get(15)?,
                salt: row.try_get(16)?,
            },
            caller_exists: row.try_get(17)?,
            seat_numbers: row.try_get(18)?,
            seat_accounts: row.try_get(19)?,
            seat_usernames: row.try_get(20)?,
            seat_bots: row.try_get(21)?,
            seat_bot_accounts: row.try_get(22)?,
            head_seq: row.try_get(23)?,
            head_hash: row.try_get(24)?,
            known_hash: row.try_get(25)?,
            new_types: row.try_get(26)?,
            new_versions: row.try_get(27)?,
            new_payloads: row.try_get(28)?,
            key_request_hash: row.try_get(29)?,
            key_seat: row.try_get(30)?,
            key_first_seq: row.try_get(31)?,
            key_version: row.try_get(32)?,
            key_deadline: row.try_get(33)?,
        })
    }
}

async fn fetch_read_row(
    conn: &mut PgConnection,
    kept: &Snapshots,
    id: GameId,
    account: AccountId,
    key: Option<&str>,
    after: i64,
) -> std::result::Result<Option<ReadRow>, sqlx::Error> {
    let row = sqlx::query(READ_GAME)
        .bind(id.0)
        .bind(account.0)
        .bind(after)
        .bind(key)
        .fetch_optional(conn)
        .await?;
    row.map(|row| {
        if row.columns().len() != READ_COLUMNS {
            return Err(sqlx::Error::ColumnNotFound(format!(
                "{} columns from lords_read_game, not {READ_COLUMNS}",
                row.columns().len()
            )));
        }
        ReadRow::decode(&row, id, kept)
    })
    .transpose()
}

/// Tries of [`Store::read_game`] when the pooled connection turns out to be closed.
const MAX_READ_TRIES: u32 = 8;

/// Whether `e` says the connection itself is gone (the database ended the session, or the
/// socket failed), so that the same statement may well succeed on another one.
fn is_broken_connection(e: &sqlx::Error) -> bool {
    is_unavailable(e) && !matches!(e, sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed)
}

/// A game as [`Store::read_game`] read it.
pub(crate) struct GameRead {
    pub summary: GameSummary,
    /// The state at the stream's head (shared with the kept replay).
    pub head: Snapshot,
    /// The idempotency key's row, when one was asked for and is stored.
    pub key: Option<KeyRow>,
}

impl ReadRow {
    /// Whether `account` may see the game ([`GameSummary::visible_to`]), from the row alone.
    fn visible_to(&self, account: AccountId) -> Result<bool> {
        Ok(
            Visibility::from_db(&self.game.visibility)? == Visibility::Public
                || self.game.created_by == account.0
                || self
                    .seat_accounts
                    .iter()
                    .flatten()
                    .any(|a| *a == Some(account.0)),
        )
    }

    /// Brings `from` (the replay at the version the statement was sent with, proven to be this
    /// stream's) to the head with the events read after it, keeps the result, and builds the
    /// summary.
    fn into_read(self, id: GameId, from: Snapshot, kept: &Snapshots) -> Result<GameRead> {
        let seats = zip_seats(
            self.seat_numbers.unwrap_or_default(),
            self.seat_accounts.unwrap_or_default(),
            self.seat_usernames.unwrap_or_default(),
            self.seat_bots.unwrap_or_default(),
            self.seat_bot_accounts.unwrap_or_default(),
        )?;
        let summary = self.game.into_summary(seats)?;
        let types = self.new_types.unwrap_or_default();
        let versions = self.new_versions.unwrap_or_default();
        let payloads = self.new_payloads.unwrap_or_default();
        let head_seq = self.head_seq.unwrap_or(0);
        let added = i64::try_from(types.len()).unwrap_or(i64::MAX);
        if from.version + added != head_seq
            || versions.len() != types.len()
            || payloads.len() != types.len()
        {
            return Err(unexpected(format!(
                "game {id}: {added} events after {} do not reach the head {head_seq}",
                from.version
            )));
        }
        let head = if types.is_empty() {
            from
        } else {
            let mut game = Arc::unwrap_or_clone(from.game);
            for (i, ((kind, version), payload)) in
                types.into_iter().zip(versions).zip(payloads).enumerate()
            {
                let seq = from.version + 1 + i as i64;
                let event = parse_event(&kind, version, &payload).map_err(|e| {
                    StoreError::Unexpected(
                        anyhow::Error::new(e).context(format!("event {seq} of game {id}")),
                    )
                })?;
                game.apply(&event);
            }
            let last_hash = self
                .head_hash
                .as_deref()
                .and_then(|h| <[u8; 32]>::try_from(h).ok())
                .ok_or_else(|| {
                    unexpected(format!("stored hash of seq {head_seq} is not 32 bytes"))
                })?;
            let head = Snapshot {
                version: head_seq,
                last_hash,
                game: Arc::new(game),
            };
            kept.put(id, head.clone());
            head
        };
        let key = match (
            self.key_request_hash,
            self.key_seat,
            self.key_first_seq,
            self.key_version,
        ) {
            (Some(request_hash), Some(seat), Some(first_seq), Some(version)) => Some(KeyRow {
                request_hash,
                seat,
                first_seq,
                version,
                deadline: self.key_deadline,
            }),
            _ => None,
        };
        Ok(GameRead { summary, head, key })
    }
}

/// Seats from the statement's parallel arrays (in seat order).
fn zip_seats(
    numbers: Vec<i16>,
    accounts: Vec<Option<Uuid>>,
    usernames: Vec<Option<String>>,
    bots: Vec<Option<String>>,
    bot_accounts: Vec<Option<bool>>,
) -> Result<Vec<SeatInfo>> {
    if accounts.len() != numbers.len()
        || usernames.len() != numbers.len()
        || bots.len() != numbers.len()
        || bot_accounts.len() != numbers.len()
    {
        return Err(unexpected("seat arrays of different lengths"));
    }
    numbers
        .into_iter()
        .zip(accounts)
        .zip(usernames)
        .zip(bots)
        .zip(bot_accounts)
        .map(|((((seat, account), username), bot), bot_account)| {
            seat_info(seat, account, username, bot, bot_account)
        })
        .collect()
}

/// An idempotency key as stored: the request it was used for and what that request appended.
#[derive(Debug)]
pub(crate) struct KeyRow {
    pub request_hash: String,
    pub seat: i16,
    pub first_seq: i64,
    pub version: i64,
    pub deadline: Option<DateTime<Utc>>,
}

impl Store {
    /// The game with its whole stream, replayed. One snapshot: `summary.version` equals
    /// `events.len()`.
    pub async fn load(&self, id: GameId) -> Result<LoadedGame> {
        let mut tx = self
            .pool
            .begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            .await
            .context("begin load")?;
        let summary = fetch_summary(&mut tx, id).await?;
        let events = read_stream(&mut tx, id, 0, None).await?;
        tx.commit().await.context("end load")?;
        self.receipts.remember(id, summary.salt);
        let game = Game::replay(events.iter().map(|e| &e.event));
        let snapshot = Snapshot {
            version: events.len() as i64,
            last_hash: head_hash_of(&events)?,
            game: Arc::new(game.clone()),
        };
        self.snapshots.put(id, snapshot);
        Ok(LoadedGame {
            summary,
            events,
            game,
        })
    }

    /// The game now, as `account` may read it, without its events: the listing row and the
    /// state at the stream's head, in one statement (one snapshot of the database, one round
    /// trip when this process's kept replay is current; see [`read_game`]). `UnknownAccount`
    /// when the account is deleted or was never here, `NotFound` without the game or when it is
    /// a private game the account may not see.
    pub async fn current(&self, id: GameId, account: AccountId) -> Result<CurrentGame> {
        let (conn, read) = self.read_game(id, account, None).await?;
        self.keep(conn);
        Ok(CurrentGame {
            summary: read.summary,
            version: read.head.version,
            head_hash: read.head.last_hash,
            game: read.head.game,
        })
    }

    /// The game as one statement reads it for `account` (see [`READ_GAME`]), replayed to its
    /// head from the kept replay, with the pooled connection it was read on (an action goes on
    /// with its transaction there). When the statement proves the kept replay current (the
    /// stream's event at its version still has its hash), only the events after it are read
    /// and applied; otherwise (no replay kept, or one this stream does not continue) the
    /// statement is sent again for the whole stream. With `key`, the idempotency key's row
    /// comes along.
    ///
    /// The connection is the HTTP worker's own (`local.rs`), or on other threads a warm one
    /// another hot request just left (`warm.rs`) or the pool's ([`Store::hot_connection`]).
    /// None is pinged before use unless it sat idle a second (a round trip per read): one the
    /// database ended meanwhile fails at once, and the read is then sent again on another
    /// connection (a few times), since reading twice changes nothing.
    pub(crate) async fn read_game(
        &self,
        id: GameId,
        account: AccountId,
        key: Option<&str>,
    ) -> Result<(HotConn, GameRead)> {
        let from = self
            .snapshots
            .get(id)
            .unwrap_or_else(Snapshot::before_start);
        let mut tries = 0;
        let (mut conn, row) = loop {
            tries += 1;
            let mut conn = self.hot_connection().await.context("acquire")?;
            match fetch_read_row(&mut conn, &self.snapshots, id, account, key, from.version).await {
                Ok(row) => break (conn, row),
                Err(e) if tries < MAX_READ_TRIES && is_broken_connection(&e) => {
                    tracing::info!(error = %e, "a pooled connection was closed; reading again");
                }
                Err(e) => return Err(db_error(e, "read a game")),
            }
        };
        let row = match row {
            Some(row) => row,
            None if !account_exists(&mut conn, account).await? => {
                return Err(StoreError::UnknownAccount);
            }
            None => return Err(StoreError::NotFound),
        };
        if !row.caller_exists {
            return Err(StoreError::UnknownAccount);
        }
        // A private game the caller may not see is not there for them: nothing of it is parsed
        // or replayed, so the answer and its cost are those of a game that does not exist.
        if !row.visible_to(account)? {
            return Err(StoreError::NotFound);
        }
        let continues = match &row.known_hash {
            None => from.version == 0,
            Some(hash) => hash.as_slice() == from.last_hash,
        };
        let (row, from) = if continues {
            (row, from)
        } else {
            let whole = fetch_read_row(&mut conn, &self.snapshots, id, account, key, 0)
                .await
                .context("read a game")?
                .ok_or(StoreError::NotFound)?;
            (whole, Snapshot::before_start())
        };
        let read = row.into_read(id, from, &self.snapshots)?;
        self.receipts.remember(id, read.summary.salt);
        Ok((conn, read))
    }

    /// The game replayed to the stream's head as `conn`'s transaction sees it. The head (last
    /// seq and hash) is read first; a kept snapshot with that very head is the replay of this
    /// stream (the hash chains every payload), so it is used as is. A snapshot of a shorter
    /// stream is brought forward with the events after it, provided the first of them chains
    /// to its last hash; anything else is replayed from the first event.
    pub(crate) async fn replay_head(
        &self,
        conn: &mut PgConnection,
        id: GameId,
    ) -> Result<Snapshot> {
        let (version, last_hash) = read_head(conn, id).await?;
        let from = match self.snapshots.get(id) {
            Some(s) if s.version == version && s.last_hash == last_hash => return Ok(s),
            Some(s) if s.version < version => s,
            _ => Snapshot::before_start(),
        };
        let mut rows = read_rows(conn, id, from.version, None).await?;
        let chained = rows
            .first()
            .is_some_and(|r| r.seq == from.version + 1 && r.prev_hash == from.last_hash);
        let mut head = if chained || rows.is_empty() {
            from
        } else {
            rows = read_rows(conn, id, 0, None).await?;
            Snapshot::before_start()
        };
        for row in &rows {
            Arc::make_mut(&mut head.game).apply(&row.event_of(id)?);
            head.version = row.seq;
            head.last_hash = row.hash_bytes()?;
        }
        self.snapshots.put(id, head.clone());
        Ok(head)
    }

    /// Up to `limit` events after seq `after`, in order.
    pub async fn events(&self, id: GameId, after: i64, limit: i64) -> Result<Vec<StoredEvent>> {
        let mut conn = self.pool.acquire().await.context("acquire")?;
        let events = read_stream(&mut conn, id, after.max(0), Some(limit.max(0))).await?;
        if events.is_empty() {
            fetch_row(&mut conn, id).await?;
        }
        Ok(events)
    }

    /// The stream's version (its last seq; 0 when empty).
    pub async fn current_version(&self, id: GameId) -> Result<i64> {
        let mut conn = self.pool.acquire().await.context("acquire")?;
        stream_version(&mut conn, id).await
    }
}
