//! Table chat (service rules §9.8): lines said at a game's table by its seated players, kept
//! with the game (`chat_lines`, colocated with `games` on Citus) and never part of its event
//! stream; each account's mutes (`chat_mutes`), reports to the operator (`chat_reports`), the
//! rate of 10 lines a minute (`chat_budgets`) and the operator's silence
//! (`accounts.chat_silenced_until`).
//!
//! A line is not a game action, and its writes stay each on one shard, in short transactions of
//! their own: the sender's budget on the account's shard, then the line on the game's with the
//! other players' `chat` notifications in the game's outbox (`game_outbox`), which the fan-out
//! worker copies to each player's notifications after the commit, as it does an append's. A
//! line and its notifications are committed together, so a process killed at any point loses
//! neither. A line whose insert fails has spent a slot of the budget (it is the sender's rate,
//! not the table's).
//!
//! In the outbox a line's rows are numbered apart from the game's versions: `version` is the
//! line's id negated (a game's versions are positive), `ord` the recipient's seat, so that the
//! fan-out's key (game, version, ord) tells each copy once.

use std::time::Duration;

use anyhow::anyhow;
use chrono::{DateTime, TimeDelta, Utc};
use serde_json::json;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::api::text;
use crate::eventstore::error::{Context, Result, StoreError};
use crate::eventstore::notify::CHAT_CHANNEL;
use crate::eventstore::outbox::NotificationKind;
use crate::eventstore::read_model::GameSummary;
use crate::eventstore::{AccountId, GameId, Store};
use rules::RuleError;

/// Lines an account may say within [`RATE_WINDOW`], across all its tables.
pub const CHAT_LINES_PER_WINDOW: usize = 10;
/// The window of [`CHAT_LINES_PER_WINDOW`].
pub const RATE_WINDOW: TimeDelta = TimeDelta::minutes(1);
/// The longest line, in characters (Unicode scalar values).
pub const MAX_CHAT_CHARS: usize = 500;
/// The longest report reason, in characters.
pub const MAX_REASON_CHARS: usize = 500;

/// One line at a table, as the players read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatLine {
    pub id: i64,
    pub seat: u8,
    /// The sender's current username (`deleted-…` once the account is deleted).
    pub username: String,
    pub text: String,
    pub sent_at: DateTime<Utc>,
}

/// An account another one muted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Muted {
    pub username: String,
    pub muted_at: DateTime<Utc>,
}

/// One report, as the operator reads it (`lords moderation reports`).
#[derive(Debug, Clone, serde::Serialize)]
pub struct ChatReport {
    pub reported_at: DateTime<Utc>,
    pub game_id: Uuid,
    pub line_id: i64,
    pub sender: String,
    pub text: String,
    pub sent_at: DateTime<Utc>,
    pub reporter: String,
    pub reason: String,
}

/// Whether `text` may be said: 1 to 500 characters on one line, none of them a control or
/// format character but those emoji are made of, and at least one that shows
/// ([`crate::api::text`]): a line of joiners, tags, spaces or fillers alone says nothing.
pub fn valid_chat_text(text: &str) -> bool {
    let n = text.chars().count();
    (1..=MAX_CHAT_CHARS).contains(&n) && text::is_one_line(text) && text::shows_something(text)
}

/// Whether `reason` may be given with a report: 1 to 500 characters, not only spaces.
pub fn valid_reason(reason: &str) -> bool {
    let n = reason.chars().count();
    (1..=MAX_REASON_CHARS).contains(&n) && !reason.trim().is_empty()
}

/// Where the caller stands at a table: chat is for its seated players only. A private game the
/// caller may not see is `NotFound` (as everywhere), a spectator `NotSeated`.
fn seat_at(summary: &GameSummary, account: AccountId) -> Result<u8> {
    if !summary.visible_to(account) {
        return Err(StoreError::NotFound);
    }
    summary
        .seat_of(account)
        .map(|s| s.0)
        .ok_or(StoreError::NotSeated)
}

type LineRow = (i64, i16, String, String, DateTime<Utc>);

fn line_of((id, seat, username, text, sent_at): LineRow) -> ChatLine {
    ChatLine {
        id,
        seat: u8::try_from(seat).unwrap_or(0),
        username,
        text,
        sent_at,
    }
}

/// Says `text` (already checked by [`valid_chat_text`]) at game `id`'s table as `account`
/// (service rules §9.8): the line, its wake-up of the game's streams, and a `chat`
/// notification to each other seated player who has not muted the sender.
pub async fn say(store: &Store, account: AccountId, id: GameId, text: &str) -> Result<ChatLine> {
    let summary = crate::tables::lobby::summary(store, id).await?;
    let seat = seat_at(&summary, account)?;
    // The table's chat opens with the deal (422 `game_not_started`, as an action's).
    if summary.version == 0 {
        return Err(StoreError::Rule(RuleError::GameNotStarted));
    }
    let mut conn = store.pool.acquire().await.context("acquire")?;
    // The account (a reference table on Citus): its current name, and its silence.
    let (username, silenced_until, now): (String, Option<DateTime<Utc>>, DateTime<Utc>) =
        sqlx::query_as(
            "SELECT username, chat_silenced_until, now() FROM accounts \
             WHERE id = $1 AND deleted_at IS NULL",
        )
        .bind(account.0)
        .fetch_optional(&mut *conn)
        .await
        .context("read a chatting account")?
        .ok_or(StoreError::UnknownAccount)?;
    if let Some(until) = silenced_until.filter(|u| *u > now) {
        return Err(StoreError::ChatSilenced { until });
    }
    // 1. The budget, on the account's shard.
    {
        let mut tx = sqlx::Connection::begin(&mut *conn)
            .await
            .context("begin a chat budget")?;
        spend_chat(&mut tx, account).await?;
        tx.commit().await.context("commit a chat budget")?;
    }
    // Who is told: the other seated players, less those who muted the sender (each read on
    // its account's shard, before the line's transaction).
    let mut recipients = Vec::new();
    for other in summary
        .seats
        .iter()
        .filter(|s| s.bot.is_none() && !s.account_id.0.is_nil() && s.account_id != account)
    {
        if !muted_ids(&mut conn, other.account_id)
            .await?
            .contains(&account.0)
        {
            recipients.push(other);
        }
    }
    // 2. The line, on the game's shard, with its notifications in the game's outbox. Lines
    // of one game are numbered and committed one after the other (the advisory lock), so
    // that a reader who has seen line n never later finds a smaller one appearing: streams
    // resume after the last line they sent.
    let line = {
        let mut tx = sqlx::Connection::begin(&mut *conn)
            .await
            .context("begin a chat line")?;
        sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended('chat:' || $1::text, 0))")
            .bind(id.0)
            .execute(&mut *tx)
            .await
            .context("order a game's chat lines")?;
        let (line_id, sent_at): (i64, DateTime<Utc>) = sqlx::query_as(
            "INSERT INTO chat_lines (game_id, account_id, seat, text) \
             VALUES ($1, $2, $3, $4) RETURNING id, sent_at",
        )
        .bind(id.0)
        .bind(account.0)
        .bind(i16::from(seat))
        .bind(text)
        .fetch_one(&mut *tx)
        .await
        .context("write a chat line")?;
        let line = ChatLine {
            id: line_id,
            seat,
            username,
            text: text.to_string(),
            sent_at,
        };
        let payload = json!({
            "line_id": line.id,
            "seat": line.seat,
            "username": line.username,
            "text": line.text,
        });
        for recipient in &recipients {
            sqlx::query(
                "INSERT INTO game_outbox \
                 (game_id, version, ord, account_id, kind, payload, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(id.0)
            .bind(-line_id)
            .bind(i16::from(recipient.seat.0))
            .bind(recipient.account_id.0)
            .bind(NotificationKind::Chat.as_str())
            .bind(&payload)
            .bind(sent_at)
            .execute(&mut *tx)
            .await
            .context("write a chat line's notifications")?;
        }
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHAT_CHANNEL)
            .bind(format!("{id}:{line_id}"))
            .execute(&mut *tx)
            .await
            .context("announce a chat line")?;
        tx.commit().await.context("commit a chat line")?;
        line
    };
    if !recipients.is_empty() {
        store.outboxed.hint(id);
    }
    Ok(line)
}

/// The lines of game `id` after line `after` (at most `limit`, oldest first) that `account`,
/// one of its seated players, may read: those of accounts it muted are left out.
pub async fn chat_lines(
    store: &Store,
    account: AccountId,
    id: GameId,
    after: i64,
    limit: i64,
) -> Result<Vec<ChatLine>> {
    let summary = crate::tables::lobby::summary(store, id).await?;
    seat_at(&summary, account)?;
    let mut conn = store.pool.acquire().await.context("acquire")?;
    read_lines(&mut conn, account, id, after, limit).await
}

/// The lines a game stream sends its viewer, known to be seated (a spectator's stream reads
/// none): those after `after` (at most `limit` looked at), less the muted ones, and the id
/// of the last line looked at, where the stream's next read starts (muted lines included:
/// the stream does not wake for them again).
pub async fn chat_lines_for_stream(
    store: &Store,
    account: AccountId,
    id: GameId,
    after: i64,
    limit: i64,
) -> Result<(Vec<ChatLine>, i64)> {
    let mut conn = store.pool.acquire().await.context("acquire")?;
    let muted = muted_ids(&mut conn, account).await?;
    let rows: Vec<(LineRow, Uuid)> = sqlx::query_as(
        "SELECT l.id, l.seat, a.username, l.text, l.sent_at, l.account_id FROM chat_lines l \
         JOIN accounts a ON a.id = l.account_id \
         WHERE l.game_id = $1 AND l.id > $2 ORDER BY l.id LIMIT $3",
    )
    .bind(id.0)
    .bind(after)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await
    .context("read chat lines")?
    .into_iter()
    .map(|(i, s, u, t, at, sender)| ((i, s, u, t, at), sender))
    .collect();
    let last = rows.last().map_or(after, |((id, ..), _)| *id);
    let lines = rows
        .into_iter()
        .filter(|(_, sender)| !muted.contains(sender))
        .map(|(row, _)| line_of(row))
        .collect();
    Ok((lines, last))
}

/// Marks the lines of game `id` up to `line` read by `account` (never backwards; nothing when
/// it holds no seat there).
pub async fn mark_read(store: &Store, account: AccountId, id: GameId, line: i64) -> Result<()> {
    sqlx::query(
        "UPDATE game_seats SET chat_read = $3 \
         WHERE game_id = $1 AND account_id = $2 AND chat_read < $3",
    )
    .bind(id.0)
    .bind(account.0)
    .bind(line)
    .execute(&store.pool)
    .await
    .context("mark chat lines read")?;
    Ok(())
}

/// The account's active games whose chat holds lines of others it has not read (its mutes'
/// left out), with their number.
pub async fn unread(store: &Store, account: AccountId) -> Result<Vec<(GameId, i64)>> {
    let mut conn = store.pool.acquire().await.context("acquire")?;
    // The mutes first: on Citus they live with the account, the lines with their game.
    let muted = muted_ids(&mut conn, account).await?;
    let rows: Vec<(Uuid, i64)> = sqlx::query_as(
        "SELECT s.game_id, count(*) FROM game_seats s \
         JOIN games g ON g.id = s.game_id \
         JOIN chat_lines l ON l.game_id = s.game_id AND l.id > s.chat_read \
         WHERE s.account_id = $1 AND g.status = 'active' AND l.account_id <> $1 \
           AND l.account_id <> ALL ($2) \
         GROUP BY s.game_id ORDER BY s.game_id",
    )
    .bind(account.0)
    .bind(&muted)
    .fetch_all(&mut *conn)
    .await
    .context("count unread chat lines")?;
    Ok(rows.into_iter().map(|(g, n)| (GameId(g), n)).collect())
}

/// The id of the game's last line (0 when none): where a stream opened without a chat
/// cursor starts.
pub async fn last_chat_line(store: &Store, id: GameId) -> Result<i64> {
    sqlx::query_scalar("SELECT coalesce(max(id), 0) FROM chat_lines WHERE game_id = $1")
        .bind(id.0)
        .fetch_one(&store.pool)
        .await
        .context("read a game's last chat line")
}

/// Mutes `username` for `account` (idempotent). `PlayerNotFound` for no live account of that
/// name, `CannotMuteYourself` for the caller's own.
pub async fn mute(store: &Store, account: AccountId, username: &str) -> Result<()> {
    let mut conn = store.pool.acquire().await.context("acquire")?;
    let muted = account_named(&mut conn, username, true)
        .await?
        .ok_or(StoreError::PlayerNotFound)?;
    if muted == account {
        return Err(StoreError::CannotMuteYourself);
    }
    sqlx::query(
        "INSERT INTO chat_mutes (account_id, muted_id) VALUES ($1, $2) \
         ON CONFLICT (account_id, muted_id) DO NOTHING",
    )
    .bind(account.0)
    .bind(muted.0)
    .execute(&mut *conn)
    .await
    .context("mute an account")?;
    Ok(())
}

/// Unmutes `username` for `account`; nothing to do when it was not muted. `PlayerNotFound`
/// for no account of that name (a deleted account's `deleted-…` name is one: its mute can be
/// lifted).
pub async fn unmute(store: &Store, account: AccountId, username: &str) -> Result<()> {
    let mut conn = store.pool.acquire().await.context("acquire")?;
    let muted = account_named(&mut conn, username, false)
        .await?
        .ok_or(StoreError::PlayerNotFound)?;
    sqlx::query("DELETE FROM chat_mutes WHERE account_id = $1 AND muted_id = $2")
        .bind(account.0)
        .bind(muted.0)
        .execute(&mut *conn)
        .await
        .context("unmute an account")?;
    Ok(())
}

/// The accounts `account` muted, by username.
pub async fn muted(store: &Store, account: AccountId) -> Result<Vec<Muted>> {
    let rows: Vec<(String, DateTime<Utc>)> = sqlx::query_as(
        "SELECT a.username, m.created_at FROM chat_mutes m \
         JOIN accounts a ON a.id = m.muted_id \
         WHERE m.account_id = $1 ORDER BY lower(a.username)",
    )
    .bind(account.0)
    .fetch_all(&store.pool)
    .await
    .context("list muted accounts")?;
    Ok(rows
        .into_iter()
        .map(|(username, muted_at)| Muted { username, muted_at })
        .collect())
}

/// Reports line `line` of game `id` to the operator, as one of the game's seated players
/// (idempotent: a second report of the same line by the same player keeps the first).
/// `ChatLineNotFound` for no such line in the game.
pub async fn report_line(
    store: &Store,
    account: AccountId,
    id: GameId,
    line: i64,
    reason: &str,
) -> Result<()> {
    let summary = crate::tables::lobby::summary(store, id).await?;
    seat_at(&summary, account)?;
    let mut tx = store.pool.begin().await.context("begin a report")?;
    let exists: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM chat_lines WHERE game_id = $1 AND id = $2)",
    )
    .bind(id.0)
    .bind(line)
    .fetch_one(&mut *tx)
    .await
    .context("find a reported line")?;
    if !exists {
        return Err(StoreError::ChatLineNotFound);
    }
    sqlx::query(
        "INSERT INTO chat_reports (game_id, line_id, reporter_id, reason) \
         VALUES ($1, $2, $3, $4) \
         ON CONFLICT (game_id, line_id, reporter_id) DO NOTHING",
    )
    .bind(id.0)
    .bind(line)
    .bind(account.0)
    .bind(reason)
    .execute(&mut *tx)
    .await
    .context("report a line")?;
    tx.commit().await.context("commit a report")?;
    Ok(())
}

/// The reports, newest first (at most `limit`): `lords moderation reports`.
pub async fn chat_reports(store: &Store, limit: i64) -> Result<Vec<ChatReport>> {
    type Row = (
        DateTime<Utc>,
        Uuid,
        i64,
        String,
        String,
        DateTime<Utc>,
        String,
        String,
    );
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT r.created_at, r.game_id, r.line_id, s.username, l.text, l.sent_at, \
                p.username, r.reason \
         FROM chat_reports r \
         JOIN chat_lines l ON l.game_id = r.game_id AND l.id = r.line_id \
         JOIN accounts s ON s.id = l.account_id \
         JOIN accounts p ON p.id = r.reporter_id \
         ORDER BY r.created_at DESC, r.game_id, r.line_id, p.username \
         LIMIT $1",
    )
    .bind(limit)
    .fetch_all(&store.pool)
    .await
    .context("list chat reports")?;
    Ok(rows
        .into_iter()
        .map(
            |(reported_at, game_id, line_id, sender, text, sent_at, reporter, reason)| ChatReport {
                reported_at,
                game_id,
                line_id,
                sender,
                text,
                sent_at,
                reporter,
                reason,
            },
        )
        .collect())
}

/// Silences `username`'s chat for `days` days from now (0 lifts a silence): `lords
/// moderation silence`. The end of the silence, `None` when lifted; `PlayerNotFound` for no
/// live account of that name.
pub async fn silence(store: &Store, username: &str, days: u32) -> Result<Option<DateTime<Utc>>> {
    // Two statements rather than a CASE: no `now()` inside a CASE in DML on Citus.
    let sql = if days > 0 {
        "UPDATE accounts SET chat_silenced_until = now() + make_interval(days => $2) \
         WHERE lower(username) = lower($1) AND deleted_at IS NULL \
         RETURNING chat_silenced_until"
    } else {
        "UPDATE accounts SET chat_silenced_until = NULL \
         WHERE lower(username) = lower($1) AND deleted_at IS NULL AND $2 = 0 \
         RETURNING chat_silenced_until"
    };
    let days = i32::try_from(days).map_err(|_| StoreError::Unexpected(anyhow!("too many days")))?;
    let until: Option<Option<DateTime<Utc>>> = sqlx::query_scalar(sql)
        .bind(username)
        .bind(days)
        .fetch_optional(&store.pool)
        .await
        .context("silence an account")?;
    until.ok_or(StoreError::PlayerNotFound)
}

/// Spends one of the lines `account` may say within a minute, or refuses with
/// `ChatRateLimited` and the wait until a slot frees. The account's row is locked until the end
/// of the transaction (as `invitation_budgets`): concurrent lines from any server process are
/// counted one after the other.
async fn spend_chat(conn: &mut PgConnection, account: AccountId) -> Result<()> {
    sqlx::query(
        "INSERT INTO chat_budgets (account_id, sent_at) VALUES ($1, '{}') \
         ON CONFLICT (account_id) DO NOTHING",
    )
    .bind(account.0)
    .execute(&mut *conn)
    .await
    .context("start a chat budget")?;
    let (sent, now): (Vec<DateTime<Utc>>, DateTime<Utc>) =
        sqlx::query_as("SELECT sent_at, now() FROM chat_budgets WHERE account_id = $1 FOR UPDATE")
            .bind(account.0)
            .fetch_one(&mut *conn)
            .await
            .context("lock a chat budget")?;
    let mut recent: Vec<DateTime<Utc>> = sent
        .into_iter()
        .filter(|t| *t > now - RATE_WINDOW)
        .collect();
    recent.sort();
    if recent.len() >= CHAT_LINES_PER_WINDOW {
        let back_at = recent[recent.len() - CHAT_LINES_PER_WINDOW] + RATE_WINDOW;
        return Err(StoreError::ChatRateLimited {
            retry_after: (back_at - now)
                .to_std()
                .unwrap_or_default()
                .max(Duration::from_secs(1)),
        });
    }
    recent.push(now);
    sqlx::query("UPDATE chat_budgets SET sent_at = $2 WHERE account_id = $1")
        .bind(account.0)
        .bind(&recent)
        .execute(conn)
        .await
        .context("spend a chat line")?;
    Ok(())
}

/// The lines of game `id` after `after` that `viewer` has not muted, oldest first. The mutes are
/// read first, on the viewer's shard; the lines then on the game's, with their senders' current
/// names (accounts are a reference table).
async fn read_lines(
    conn: &mut PgConnection,
    viewer: AccountId,
    id: GameId,
    after: i64,
    limit: i64,
) -> Result<Vec<ChatLine>> {
    let muted = muted_ids(conn, viewer).await?;
    let rows: Vec<LineRow> = sqlx::query_as(
        "SELECT l.id, l.seat, a.username, l.text, l.sent_at FROM chat_lines l \
         JOIN accounts a ON a.id = l.account_id \
         WHERE l.game_id = $1 AND l.id > $2 AND l.account_id <> ALL ($3) \
         ORDER BY l.id LIMIT $4",
    )
    .bind(id.0)
    .bind(after)
    .bind(&muted)
    .bind(limit)
    .fetch_all(conn)
    .await
    .context("read chat lines")?;
    Ok(rows.into_iter().map(line_of).collect())
}

/// The accounts `account` muted, on its shard.
async fn muted_ids(conn: &mut PgConnection, account: AccountId) -> Result<Vec<Uuid>> {
    sqlx::query_scalar("SELECT muted_id FROM chat_mutes WHERE account_id = $1")
        .bind(account.0)
        .fetch_all(conn)
        .await
        .context("read an account's mutes")
}

/// An account by username, ignoring case: a live one only, or (`live == false`) a deleted one
/// too, by its `deleted-…` name.
async fn account_named(
    conn: &mut PgConnection,
    username: &str,
    live: bool,
) -> Result<Option<AccountId>> {
    let id: Option<Uuid> = sqlx::query_scalar(
        "SELECT id FROM accounts \
         WHERE lower(username) = lower($1) AND (deleted_at IS NULL OR NOT $2) \
         ORDER BY deleted_at NULLS FIRST LIMIT 1",
    )
    .bind(username)
    .bind(live)
    .fetch_optional(conn)
    .await
    .context("find an account by username")?;
    Ok(id.map(AccountId))
}

/// The first (by username) of `accounts` that muted `muted`, if any, in the caller's
/// transaction: who does not take `muted`'s challenges (service rules §9.10).
pub async fn muted_by(
    conn: &mut PgConnection,
    accounts: &[Uuid],
    muted: AccountId,
) -> Result<Option<String>> {
    sqlx::query_scalar(
        "SELECT a.username FROM chat_mutes m JOIN accounts a ON a.id = m.account_id \
         WHERE m.account_id = ANY ($1) AND m.muted_id = $2 ORDER BY a.username LIMIT 1",
    )
    .bind(accounts)
    .bind(muted.0)
    .fetch_optional(conn)
    .await
    .context("look for a mute")
}
