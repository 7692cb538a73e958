//! The fan-out of a game's outbox (`game_outbox`, written by the append beside its events) to
//! the accounts' notifications, after the append committed. On Citus the append then touches
//! the game's shard group only, and each account's notifications are written by a transaction
//! on that account's shard alone: no transaction of either kind spans two workers.
//!
//! A fan-out of one game on Citus:
//! 1. claims the game's outbox in a transaction that stays open to the end: its rows from the
//!    oldest (up to [`BATCH`]) locked `FOR UPDATE NOWAIT` (if another process holds one, it is
//!    fanning the game out and this one leaves it);
//! 2. writes each account's notifications in a transaction of its own, on the account's shard
//!    ([`outbox::write_fresh`]), on another connection;
//! 3. deletes the claimed rows and commits. It looks again only when it claimed a full batch:
//!    rows appended meanwhile are hinted by their own appends. A game whose rows another process
//!    holds is tried again after a short pause (that process's claim may exclude rows
//!    this one was hinted).
//!
//! On one PostgreSQL there is no shard to keep a transaction on: the claim (one statement that
//! locks, reads and deletes the rows) and every account's notifications are one transaction,
//! with one commit.
//!
//! Exactly once through a crash: a process killed at any point leaves the rows it claimed (its
//! claim ends with its connection), and the next fan-out of the game skips what was already
//! written from them (each notification names its outbox row, unique per account). Only the
//! holder of a game's oldest row fans the game out, so an account receives a game's
//! notifications in the game's order.
//!
//! What to fan out is found without reading every shard on each wake-up: the process that
//! committed an append is told at once ([`Hints`]); a slow sweep ([`stale_games`]) finds rows
//! whose process died between its commit and its fan-out.

use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use crate::eventstore::distribute::Layout;
use crate::eventstore::error::{Context, Result, has_sqlstate};
use crate::eventstore::game_counts;
use crate::eventstore::outbox::{self, NotificationKind, ToWrite};
use crate::eventstore::{AccountId, GameId, Notification, Store};

/// Outbox rows claimed at once; a game with more is fanned out again at once.
pub const BATCH: i64 = 500;

/// What one [`fan_out`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FannedOut {
    /// Outbox rows claimed and deleted.
    pub rows: usize,
    /// Notifications written (rows already copied by a fan-out that was cut short are not).
    pub notifications: usize,
    /// Webhook and Web Push deliveries queued.
    pub deliveries: u64,
}

impl std::ops::AddAssign for FannedOut {
    fn add_assign(&mut self, other: FannedOut) {
        self.rows += other.rows;
        self.notifications += other.notifications;
        self.deliveries += other.deliveries;
    }
}

#[derive(sqlx::FromRow)]
struct OutboxRow {
    version: i64,
    ord: i16,
    account_id: Uuid,
    kind: String,
    payload: sqlx::types::Json<Value>,
    created_at: chrono::DateTime<chrono::Utc>,
}

/// Fans out these games' outboxes until they are empty or held by another process. `pool`
/// must allow two connections to one caller on Citus: the claim's and the account's.
///
/// With `live` (this process's store), the notifications written are handed to this process's
/// streams of their accounts once committed (`Store::notified`): they are not read back.
pub async fn fan_out(
    pool: &PgPool,
    layout: Layout,
    games: &[GameId],
    live: Option<&Store>,
) -> Result<FannedOut> {
    let mut total = FannedOut::default();
    if layout == Layout::Single {
        loop {
            let done = match fan_out_many(pool, games, live).await? {
                Some(done) => done,
                // Some row was written before (a fan-out cut short by a crash): game by game,
                // checking each row.
                None => {
                    let mut done = FannedOut::default();
                    for &game in games {
                        let d = fan_out_careful(pool, game, live).await?;
                        done += d;
                    }
                    done
                }
            };
            total += done;
            if done.rows == 0 {
                return Ok(total);
            }
        }
    }
    for &game in games {
        let mut held = 0;
        loop {
            match fan_out_citus(pool, game, live).await? {
                // Rows appended meanwhile are hinted by their own appends' commits: looked for
                // again only when the batch was full.
                Claimed::Done(done) => {
                    total += done;
                    if done.rows < BATCH as usize {
                        break;
                    }
                }
                Claimed::Empty => break,
                // Another process is fanning the game out, and what it claimed excludes rows
                // this one found: those are taken once it is done.
                Claimed::Held if held < HELD_TRIES => {
                    held += 1;
                    tokio::time::sleep(HELD_PAUSE).await;
                }
                Claimed::Held => break,
            }
        }
    }
    Ok(total)
}

/// How often a game whose outbox another process holds is tried again, and after what pause:
/// its fan-out takes milliseconds. Past that the sweep finds what is left.
const HELD_TRIES: u32 = 10;
const HELD_PAUSE: std::time::Duration = std::time::Duration::from_millis(20);

/// What one claim of a game's outbox on Citus came to.
enum Claimed {
    /// The rows claimed were written to their accounts and deleted.
    Done(FannedOut),
    /// Nothing to claim: the outbox is empty.
    Empty,
    /// Another process holds rows of the game's outbox.
    Held,
}

/// The statement of [`fan_out_many`]: `$1` the games, `$2` [`BATCH`], `$3` the notifications'
/// channel. `scripts/pgbench/action*.sql` send it too, written out with their own values
/// (`tests/it/pgbench.rs` checks that they send this one).
pub const FAN_OUT_GAMES: &str = "WITH head AS ( \
         SELECT h.game_id FROM unnest($1::uuid[]) AS g(id) \
         CROSS JOIN LATERAL ( \
             SELECT o.game_id FROM game_outbox o \
             WHERE o.game_id = g.id AND (o.version, o.ord) = ( \
                   SELECT x.version, x.ord FROM game_outbox x WHERE x.game_id = g.id \
                   ORDER BY x.version, x.ord LIMIT 1) \
             FOR UPDATE SKIP LOCKED) h \
     ), claimed AS ( \
         SELECT o.game_id, o.version, o.ord FROM game_outbox o \
         WHERE o.game_id IN (SELECT game_id FROM head) \
         ORDER BY o.game_id, o.version, o.ord LIMIT $2 FOR UPDATE \
     ), taken AS ( \
         DELETE FROM game_outbox d USING claimed c \
         WHERE d.game_id = c.game_id AND d.version = c.version AND d.ord = c.ord \
         RETURNING d.game_id, d.version, d.ord, d.account_id, d.kind, d.payload, \
                   d.created_at \
     ), items AS ( \
         SELECT t.* FROM taken t WHERE NOT EXISTS ( \
             SELECT 1 FROM notifications x \
             WHERE x.account_id = t.account_id AND x.game_id = t.game_id \
               AND x.game_version = t.version AND x.ord = t.ord) \
     ), bumped AS ( \
         INSERT INTO notification_counters AS c (account_id, last_id) \
         SELECT account_id, count(*) FROM items GROUP BY account_id ORDER BY account_id \
         ON CONFLICT (account_id) DO UPDATE SET last_id = c.last_id + EXCLUDED.last_id \
         RETURNING account_id, last_id \
     ), written AS ( \
         INSERT INTO notifications (account_id, id, kind, game_id, payload, game_version, \
                                    ord, dispatched_at, created_at) \
         SELECT i.account_id, \
                b.last_id - count(*) OVER w \
                    + row_number() OVER (w ORDER BY i.created_at, i.game_id, i.version, i.ord), \
                i.kind, i.game_id, i.payload, i.version, i.ord, now(), i.created_at \
         FROM items i JOIN bumped b USING (account_id) \
         WINDOW w AS (PARTITION BY i.account_id) \
         RETURNING account_id, id, kind, game_id, payload, created_at \
     ), ended AS ( \
         UPDATE account_game_counts c SET \
             unfinished_games = greatest(c.unfinished_games - e.games, 0), \
             bot_games = greatest(c.bot_games - e.bots, 0) \
         FROM (SELECT i.account_id, count(*)::int AS games, \
                      (count(*) FILTER (WHERE EXISTS ( \
                           SELECT 1 FROM game_seats s \
                           WHERE s.game_id = i.game_id AND s.bot IS NOT NULL)))::int AS bots \
               FROM items i WHERE i.kind = 'game_ended' GROUP BY i.account_id) e \
         WHERE c.account_id = e.account_id \
     ), wanted AS ( \
         SELECT w.account_id, w.id, EXISTS ( \
             SELECT 1 FROM webhook_endpoints e \
             WHERE e.account_id = w.account_id AND e.disabled_at IS NULL \
               AND w.kind = ANY (e.kinds)) AS wanted \
         FROM written w \
     ), woken AS ( \
         SELECT account_id, max(id) AS last, bool_or(wanted) AS deliveries \
         FROM wanted GROUP BY account_id \
     ) \
     SELECT w.account_id, w.id, w.kind, w.game_id, w.payload, w.created_at, x.wanted, \
            (SELECT count(pg_notify($3, k.account_id::text || ':' || k.last \
                                        || CASE WHEN k.deliveries THEN ':deliveries' \
                                                ELSE '' END)) FROM woken k), \
            (SELECT count(*) FROM taken) \
     FROM written w JOIN wanted x USING (account_id, id) \
     ORDER BY w.account_id, w.id";

/// On one PostgreSQL, the outboxes of several games in one statement and one transaction: the
/// oldest row of each game locked (`SKIP LOCKED`: a game whose oldest row another process holds
/// is left to it), then the rows of those games (up to [`BATCH`]) locked and deleted, numbered
/// into their accounts' notifications (counters bumped in account order), each account woken
/// once; then the deliveries of the notifications some endpoint wants, in the same transaction.
/// `rows` 0: nothing was claimed (or all claimed was written before, and is now deleted).
/// `None`: a row was written before after all, which the statement's snapshot did not show
/// (in a race with a crashed fan-out's last commit): nothing was done.
async fn fan_out_many(
    pool: &PgPool,
    games: &[GameId],
    live: Option<&Store>,
) -> Result<Option<FannedOut>> {
    type Row = (
        Uuid,
        i64,
        String,
        Uuid,
        sqlx::types::Json<Value>,
        chrono::DateTime<chrono::Utc>,
        bool,
        i64,
        i64,
    );
    let ids: Vec<Uuid> = games.iter().map(|g| g.0).collect();
    let mut tx = pool.begin().await.context("begin a fan-out")?;
    let rows: std::result::Result<Vec<Row>, sqlx::Error> = sqlx::query_as(FAN_OUT_GAMES)
        .bind(&ids)
        .bind(BATCH)
        .bind(outbox::NOTIFICATIONS_CHANNEL)
        .fetch_all(&mut *tx)
        .await;
    let rows = match rows {
        Ok(rows) => rows,
        Err(e) if outbox::is_unique(&e) => return Ok(None),
        Err(e) => return Err(e).context("fan out games' outboxes"),
    };
    let mut done = FannedOut {
        rows: rows.first().map_or(0, |r| r.8 as usize),
        notifications: rows.len(),
        deliveries: 0,
    };
    // The deliveries, account by account (rows come in account order, then id order).
    let mut wanted: Vec<(AccountId, i64, ToWrite, chrono::DateTime<chrono::Utc>)> = Vec::new();
    let mut handed: Vec<(AccountId, Notification)> = Vec::with_capacity(rows.len());
    for (account, id, kind, game, payload, created_at, want, ..) in rows {
        let kind = NotificationKind::from_db(&kind)?;
        if want {
            let item = ToWrite {
                // Deliveries only: the games' counts are done by the statement.
                bots: false,
                kind,
                game: Some(GameId(game)),
                payload: payload.0.clone(),
                source: None,
                created_at: Some(created_at),
            };
            wanted.push((AccountId(account), id, item, created_at));
        }
        let notification = Notification {
            id,
            kind,
            game_id: Some(GameId(game)),
            payload: payload.0,
            created_at,
        };
        handed.push((AccountId(account), notification));
    }
    for chunk in wanted.chunk_by(|a, b| a.0 == b.0) {
        let written: Vec<(i64, &ToWrite, chrono::DateTime<chrono::Utc>)> =
            chunk.iter().map(|(_, id, n, at)| (*id, n, *at)).collect();
        done.deliveries += outbox::queue_deliveries(&mut tx, chunk[0].0, &written).await?;
    }
    tx.commit().await.context("commit a fan-out")?;
    if let Some(store) = live {
        for chunk in handed.chunk_by(|a, b| a.0 == b.0) {
            let rows = chunk.iter().map(|(_, n)| n.clone()).collect();
            store.notified(chunk[0].0, rows);
        }
    }
    Ok(Some(done))
}

/// One claim of [`fan_out`] on Citus: up to [`BATCH`] rows, the game's oldest first.
async fn fan_out_citus(pool: &PgPool, game: GameId, live: Option<&Store>) -> Result<Claimed> {
    let mut claim = pool.begin().await.context("begin a fan-out")?;
    // One statement of one table by the game's id (Citus's fast path, its plan kept): the rows
    // from the oldest, locked. `NOWAIT`: a row another process holds means it is fanning the
    // game out (it holds the oldest, or rows after it that this one must not overtake).
    let claimed = sqlx::query_as::<_, OutboxRow>(
        "SELECT version, ord, account_id, kind, payload, created_at FROM game_outbox \
         WHERE game_id = $1 ORDER BY version, ord LIMIT $2 FOR UPDATE NOWAIT",
    )
    .bind(game.0)
    .bind(BATCH)
    .fetch_all(&mut *claim)
    .await;
    let rows = match claimed {
        Ok(rows) => rows,
        // 55P03: a row is held.
        Err(e) if has_sqlstate(&e, "55P03") => {
            claim.rollback().await.context("end a fan-out")?;
            return Ok(Claimed::Held);
        }
        Err(e) => return Err(e).context("claim a game's outbox"),
    };
    if rows.is_empty() {
        claim.rollback().await.context("end a fan-out")?;
        return Ok(Claimed::Empty);
    }
    // Whether the game that ends had bots, read on its shard: its players' counts need it.
    let bots = ends(&rows) && game_counts::has_bots(&mut claim, game).await?;
    let done = write(pool, game, bots, &rows, live).await?;
    // Exactly the rows claimed: a chat line's rows (numbered below the game's versions, see
    // `social::chat`) may have come in meanwhile, before the last claimed one in this order.
    let (versions, ords): (Vec<i64>, Vec<i16>) = rows.iter().map(|r| (r.version, r.ord)).unzip();
    sqlx::query(
        "DELETE FROM game_outbox WHERE game_id = $1 \
         AND (version, ord) IN (SELECT * FROM unnest($2::bigint[], $3::smallint[]))",
    )
    .bind(game.0)
    .bind(&versions)
    .bind(&ords)
    .execute(&mut *claim)
    .await
    .context("empty a game's outbox")?;
    claim.commit().await.context("commit a fan-out")?;
    Ok(Claimed::Done(done))
}

/// One game's outbox on one PostgreSQL, each row checked against what was written before
/// ([`outbox::write_for_account`]): after [`fan_out_many`] found a row written by a fan-out cut
/// short by a crash. The claim and every account's notifications are one transaction.
async fn fan_out_careful(pool: &PgPool, game: GameId, live: Option<&Store>) -> Result<FannedOut> {
    let mut tx = pool.begin().await.context("begin a fan-out")?;
    let mut rows: Vec<OutboxRow> = sqlx::query_as(
        "WITH head AS ( \
             SELECT version FROM game_outbox \
             WHERE game_id = $1 AND (version, ord) = ( \
                   SELECT version, ord FROM game_outbox WHERE game_id = $1 \
                   ORDER BY version, ord LIMIT 1) \
             FOR UPDATE SKIP LOCKED \
         ), claimed AS ( \
             SELECT o.version, o.ord FROM game_outbox o \
             WHERE o.game_id = $1 AND EXISTS (SELECT 1 FROM head) \
             ORDER BY o.version, o.ord LIMIT $2 FOR UPDATE \
         ) \
         DELETE FROM game_outbox d USING claimed c \
         WHERE d.game_id = $1 AND d.version = c.version AND d.ord = c.ord \
         RETURNING d.version, d.ord, d.account_id, d.kind, d.payload, d.created_at",
    )
    .bind(game.0)
    .bind(BATCH)
    .fetch_all(&mut *tx)
    .await
    .context("claim a game's outbox")?;
    rows.sort_unstable_by_key(|r| (r.version, r.ord));
    let mut done = FannedOut {
        rows: rows.len(),
        ..FannedOut::default()
    };
    let bots = ends(&rows) && game_counts::has_bots(&mut tx, game).await?;
    let mut handed = Vec::new();
    for (account, items) in by_account(game, bots, &rows)? {
        let written = outbox::write_for_account(&mut tx, account, &items).await?;
        done.notifications += written.notifications;
        done.deliveries += written.deliveries;
        handed.push((account, written.rows));
    }
    tx.commit().await.context("commit a fan-out")?;
    if let Some(store) = live {
        for (account, rows) in handed {
            store.notified(account, rows);
        }
    }
    Ok(done)
}

/// Each account's items in the game's order; accounts in the order they were first told.
fn by_account(
    game: GameId,
    bots: bool,
    rows: &[OutboxRow],
) -> Result<Vec<(AccountId, Vec<ToWrite>)>> {
    let mut accounts: Vec<(AccountId, Vec<ToWrite>)> = Vec::new();
    for row in rows {
        let item = ToWrite {
            bots,
            kind: NotificationKind::from_db(&row.kind)?,
            game: Some(game),
            payload: row.payload.0.clone(),
            source: Some((row.version, row.ord)),
            created_at: Some(row.created_at),
        };
        let account = AccountId(row.account_id);
        match accounts.iter_mut().find(|(a, _)| *a == account) {
            Some((_, items)) => items.push(item),
            None => accounts.push((account, vec![item])),
        }
    }
    Ok(accounts)
}

/// Whether the game ends in these outbox rows (a `game_ended` among them).
fn ends(rows: &[OutboxRow]) -> bool {
    rows.iter()
        .any(|r| r.kind == NotificationKind::GameEnded.as_str())
}

/// Writes the claimed `rows` of `game`'s outbox to their accounts on Citus, one transaction
/// each (each on its account's shard).
async fn write(
    pool: &PgPool,
    game: GameId,
    bots: bool,
    rows: &[OutboxRow],
    live: Option<&Store>,
) -> Result<FannedOut> {
    let mut done = FannedOut {
        rows: rows.len(),
        ..FannedOut::default()
    };
    for (account, items) in by_account(game, bots, rows)? {
        // The usual case: nothing of these rows was written yet. When some was (a fan-out cut
        // short by a crash), the unique key on the notification's outbox row says so, nothing
        // is written, and the account is done again the careful way.
        let mut tx = pool
            .begin()
            .await
            .context("begin an account's notifications")?;
        let written = match outbox::write_fresh(&mut tx, account, &items).await? {
            Some(written) => written,
            None => {
                tx.rollback()
                    .await
                    .context("end an account's notifications")?;
                tx = pool
                    .begin()
                    .await
                    .context("begin an account's notifications")?;
                outbox::write_for_account(&mut tx, account, &items).await?
            }
        };
        tx.commit()
            .await
            .context("commit an account's notifications")?;
        done.notifications += written.notifications;
        done.deliveries += written.deliveries;
        if let Some(store) = live {
            store.notified(account, written.rows);
        }
    }
    Ok(done)
}

/// Up to `limit` games whose outbox has rows older than `age_s` seconds, oldest first: those
/// whose fan-out was missed (its process stopped between the append's commit and the fan-out).
/// On Citus this reads every shard of `game_outbox`: a sweep, never a wake-up's work.
pub async fn stale_games(pool: &PgPool, age_s: f64, limit: i64) -> Result<Vec<GameId>> {
    let rows: Vec<(Uuid,)> = sqlx::query_as(
        "SELECT game_id FROM game_outbox \
         WHERE created_at <= now() - make_interval(secs => $1) \
         GROUP BY game_id ORDER BY min(created_at) LIMIT $2",
    )
    .bind(age_s)
    .bind(limit)
    .fetch_all(pool)
    .await
    .context("find outboxes left behind")?;
    Ok(rows.into_iter().map(|(id,)| GameId(id)).collect())
}
