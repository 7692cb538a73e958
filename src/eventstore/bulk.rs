//! Bulk import of whole games, for tools that fill a database (load tests, benchmarks): the
//! rows the server itself would have written (hash-chained payloads, the `games` read model,
//! seats), many games per statement. Never on a request path, and no rule is checked here: the
//! caller played the games through the engine.

use uuid::Uuid;

use crate::eventstore::chain::{ChainedRows, GENESIS};
use crate::eventstore::error::{Context, Result, StoreError, unexpected};
use crate::eventstore::read_model::{Due, ReadModel};
use crate::eventstore::{AccountId, GameId, Store};
use rules::{EVENT_SCHEMA_VERSION, Event, Game, GameOptions, Seat};

/// A game to import: its seats in order and its whole stream, each event with its acting seat
/// (`None` for the game's own events, as `join`/`submit` store them).
#[derive(Debug, Clone)]
pub struct ImportGame {
    pub id: GameId,
    pub options: GameOptions,
    pub seats: Vec<AccountId>,
    pub events: Vec<(Option<Seat>, Event)>,
}

impl Store {
    /// Inserts the games, their seats and their streams in one transaction. The accounts must
    /// exist; the game ids must be new.
    pub async fn import_games(&self, games: &[ImportGame]) -> Result<()> {
        let mut ids = Vec::with_capacity(games.len());
        let mut statuses = Vec::with_capacity(games.len());
        let mut options = Vec::with_capacity(games.len());
        let mut creators = Vec::with_capacity(games.len());
        let mut versions = Vec::with_capacity(games.len());
        let mut awaiting = Vec::with_capacity(games.len());
        let mut winners = Vec::with_capacity(games.len());
        let mut results = Vec::with_capacity(games.len());
        // Seconds to the awaited decision's deadline (service rules §9.4), from the import;
        // `None` without a clock or without a decision awaited.
        let mut due_in = Vec::with_capacity(games.len());
        let mut seat_games = Vec::new();
        let mut seat_numbers = Vec::new();
        let mut seat_accounts = Vec::new();
        let mut event_games = Vec::new();
        let mut event_seats = Vec::new();
        let mut rows = ChainedRows::default();
        for g in games {
            let creator = g
                .seats
                .first()
                .ok_or_else(|| unexpected(format!("game {} has no seats", g.id)))?;
            let events: Vec<Event> = g.events.iter().map(|(_, e)| e.clone()).collect();
            let model = ReadModel::of(&Game::replay(&events));
            ids.push(g.id.0);
            statuses.push(model.status.as_str());
            options.push(serde_json::to_string(&g.options).map_err(|e| {
                StoreError::Unexpected(anyhow::Error::new(e).context("serialize options"))
            })?);
            creators.push(creator.0);
            versions.push(events.len() as i64);
            awaiting.push(model.awaiting_seat);
            due_in.push(match model.due {
                Some(Due::Clock(s)) => Some(f64::from(s)),
                _ => None,
            });
            // A `smallint[]` literal: arrays of arrays do not unnest.
            winners.push(model.winners.map(|w| {
                let list: Vec<String> = w.iter().map(i16::to_string).collect();
                format!("{{{}}}", list.join(","))
            }));
            results.push(
                model
                    .result
                    .map(|r| serde_json::to_string(&r))
                    .transpose()
                    .map_err(|e| {
                        StoreError::Unexpected(anyhow::Error::new(e).context("serialize a result"))
                    })?,
            );
            for (i, account) in g.seats.iter().enumerate() {
                seat_games.push(g.id.0);
                seat_numbers.push(i as i16);
                seat_accounts.push(account.0);
            }
            rows.push_chain(&events, 1, GENESIS)?;
            event_games.extend(std::iter::repeat_n(g.id.0, events.len()));
            event_seats.extend(g.events.iter().map(|(s, _)| s.map(|s| i16::from(s.0))));
        }
        let mut tx = self.pool.begin().await.context("begin import")?;
        sqlx::query(
            "INSERT INTO games (id, status, options, created_by, version, awaiting_seat, winners, \
                                due_at, due_kind, result) \
             SELECT g.id, g.status, g.options::jsonb, g.created_by, g.version, g.awaiting, \
                    g.winners::smallint[], now() + make_interval(secs => g.due_in), \
                    CASE WHEN g.due_in IS NOT NULL THEN 'clock' END, g.result::jsonb \
             FROM UNNEST($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::bigint[], \
                         $6::smallint[], $7::text[], $8::float8[], $9::text[]) \
                 AS g(id, status, options, created_by, version, awaiting, winners, due_in, \
                      result)",
        )
        .bind(&ids)
        .bind(&statuses)
        .bind(&options)
        .bind(&creators)
        .bind(&versions)
        .bind(&awaiting)
        .bind(&winners)
        .bind(&due_in)
        .bind(&results)
        .execute(&mut *tx)
        .await
        .context("import games")?;
        sqlx::query(
            "INSERT INTO game_seats (game_id, seat, account_id) \
             SELECT * FROM UNNEST($1::uuid[], $2::smallint[], $3::uuid[])",
        )
        .bind(&seat_games)
        .bind(&seat_numbers)
        .bind(&seat_accounts)
        .execute(&mut *tx)
        .await
        .context("import seats")?;
        // The imported games an account sits in that are not over (no bot sits in them).
        sqlx::query(
            "INSERT INTO account_game_counts AS c (account_id, open_games, unfinished_games) \
             SELECT s.account_id, count(*) FILTER (WHERE g.status = 'open'), count(*) \
             FROM UNNEST($1::uuid[], $2::uuid[]) AS s(game_id, account_id) \
             JOIN UNNEST($3::uuid[], $4::text[]) AS g(id, status) ON g.id = s.game_id \
             WHERE g.status IN ('open', 'active') \
             GROUP BY s.account_id ORDER BY s.account_id \
             ON CONFLICT (account_id) DO UPDATE SET \
                 open_games = c.open_games + EXCLUDED.open_games, \
                 unfinished_games = c.unfinished_games + EXCLUDED.unfinished_games",
        )
        .bind(&seat_games)
        .bind(&seat_accounts)
        .bind(&ids)
        .bind(&statuses)
        .execute(&mut *tx)
        .await
        .context("count the imported games")?;
        sqlx::query(
            "INSERT INTO game_events \
                 (game_id, seq, event_type, event_version, payload, seat, prev_hash, hash) \
             SELECT e.game_id, e.seq, e.kind, $1, e.payload::json, e.seat, e.prev_hash, e.hash \
             FROM UNNEST($2::uuid[], $3::bigint[], $4::text[], $5::text[], $6::smallint[], \
                         $7::bytea[], $8::bytea[]) \
                 AS e(game_id, seq, kind, payload, seat, prev_hash, hash)",
        )
        .bind(EVENT_SCHEMA_VERSION)
        .bind(&event_games)
        .bind(&rows.seqs)
        .bind(&rows.kinds)
        .bind(&rows.payloads)
        .bind(&event_seats)
        .bind(&rows.prevs)
        .bind(&rows.hashes)
        .execute(&mut *tx)
        .await
        .context("import events")?;
        tx.commit().await.context("commit import")?;
        Ok(())
    }
}

/// Refreshes the planner's statistics of every table (`ANALYZE`): after a bulk import or a load
/// run's set-up, so that the statements that follow are planned on what the tables now hold.
pub async fn analyze(pool: &sqlx::PgPool) -> Result<()> {
    sqlx::query("ANALYZE")
        .execute(pool)
        .await
        .context("ANALYZE")?;
    Ok(())
}

/// A recognisable id for the `n`th imported game of batch `base` (`{base:08x}-0000-4000-8000-
/// {n:012}`), so that SQL benchmarks can name games without looking them up.
pub fn numbered_game_id(base: u32, n: u64) -> GameId {
    GameId(numbered(base, 0, n))
}

/// The same for accounts (`{base:08x}-0001-4000-8000-{n:012}`).
pub fn numbered_account_id(base: u32, n: u64) -> AccountId {
    AccountId(numbered(base, 1, n))
}

fn numbered(base: u32, kind: u16, n: u64) -> Uuid {
    let text = format!(
        "{base:08x}-{kind:04x}-4000-8000-{:012}",
        n % 1_000_000_000_000
    );
    Uuid::parse_str(&text).expect("a well-formed UUID")
}
