//! The Citus layout, as code: which table goes where when the database is a Citus coordinator,
//! and the step that applies it (`lords migrate --distribute`). Without the `citus` extension it
//! does nothing.
//!
//! The layout is keyed on games: `games` is hash-distributed on `id`, and every table with a
//! `game_id` column is co-located with it (a game's rows all live on one worker, so each action
//! is a single-shard transaction). Tables about accounts but not about one game (`accounts`,
//! and later ones such as refresh tokens) are reference tables: a copy on every node, so the
//! game tables' foreign keys to `accounts` hold on every shard. Writes to a reference table go to
//! every node (two-phase commit): they must stay rare (sign-up, log-in), never per action.
//!
//! Tables keyed by account but written per notification cannot be reference tables (every
//! notification would write to every node): `notification_counters` and `notifications` are
//! hash-distributed on `account_id` in a co-location group of its own, so an account's counter
//! and notifications share a shard and a stream reads one shard. An action does not write them:
//! it writes the game's outbox (`game_outbox`, with the game), which the fan-out worker copies
//! to them after the commit, one account per transaction. `stream_tickets` is distributed
//! on its key, `ticket_hash` (redeeming one is a single-shard delete).
//!
//! A distributed table must have its distribution column in every primary and unique key (Citus
//! cannot enforce a key across shards): [`plan`] checks it for every distributed placement, so
//! e.g. `notifications` (primary key `(account_id, id)`, with a `game_id` column) cannot be put
//! with the games by the `game_id` rule; it is listed.
//!
//! [`LAYOUT`] names the tables placed so far; a table it does not name is placed by the rules
//! above (a `game_id` column: with the games; no `game_id` but foreign keys only to reference
//! tables: a reference table). Anything else fails loudly, naming the tables, before anything is
//! changed; `tests/it/citus_compat.rs` checks on plain PostgreSQL that every migrated table is
//! placed, so a new table that fits no rule fails the suite, not a deployment.

use std::collections::BTreeMap;
use std::fmt;

use sqlx::PgPool;
use thiserror::Error;

use crate::eventstore::error::{Context, StoreError};

/// Where a table goes on Citus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// A copy on every node (`create_reference_table`).
    Reference,
    /// `games` itself: hash-distributed on `id` (`create_distributed_table('games', 'id')`).
    Games,
    /// Hash-distributed on `game_id`, co-located with `games`.
    WithGames,
    /// Hash-distributed on `account_id`; all such tables form one co-location group of their own
    /// (the first one created starts it), apart from the games'.
    ByAccount,
    /// Hash-distributed on the named column, co-located with nothing.
    Alone(&'static str),
}

impl Placement {
    /// The distribution column; `None` for a reference table.
    pub fn column(self) -> Option<&'static str> {
        match self {
            Placement::Reference => None,
            Placement::Games => Some("id"),
            Placement::WithGames => Some("game_id"),
            Placement::ByAccount => Some("account_id"),
            Placement::Alone(column) => Some(column),
        }
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Placement::Reference => "reference table",
            Placement::Games => "distributed on id",
            Placement::WithGames => "distributed on game_id, co-located with games",
            Placement::ByAccount => "distributed on account_id, co-located with the account tables",
            Placement::Alone(column) => return write!(f, "distributed on {column}, alone"),
        })
    }
}

/// The tables placed so far. Add new tables here (or let the rules in the module docs place
/// them); the distribution column of `WithGames` tables is `game_id`.
pub const LAYOUT: &[(&str, Placement)] = &[
    ("accounts", Placement::Reference),
    ("games", Placement::Games),
    ("game_events", Placement::WithGames),
    ("game_seats", Placement::WithGames),
    ("idempotency_keys", Placement::WithGames),
    ("game_invitations", Placement::WithGames),
    // What an append tells the accounts, written in its transaction: with the game, so that an
    // action's transaction stays on the game's worker (no two-phase commit). The fan-out worker
    // copies it to `notifications` afterwards, one account's shard per transaction.
    ("game_outbox", Placement::WithGames),
    // Written for every notification (by the fan-out, one account per transaction): a reference
    // table would make each a write to every node. Distributed on the account instead, counter
    // and notifications co-located, so the counter bump and the insert for one account are on
    // one shard and a stream's reads are single-shard. `notifications`
    // has a `game_id` column but its primary key is (account_id, id): it cannot go with games.
    ("notification_counters", Placement::ByAccount),
    ("notifications", Placement::ByAccount),
    // Locked by every invitation its account creates (the hourly cap): one account's row, on
    // that account's shard, never a write to every node.
    ("invitation_budgets", Placement::ByAccount),
    // Looked up by hash only (redeeming deletes by `ticket_hash`): distributed on it, so a redeem
    // is a single-shard delete; a reference table would make it a write to every node.
    ("stream_tickets", Placement::Alone("ticket_hash")),
    // One lease per open stream, counted and renewed per account: with the account's other
    // per-account rows, so the cap's count and a renewal are single-shard.
    ("open_streams", Placement::ByAccount),
    // How many games each account sits in, read and locked by the caps on creating and joining
    // games, and uncounted with the account's `game_ended` notification: with the account's
    // other rows, so that the fan-out's transaction stays on the account's shard. A creation
    // picks its game's id on this row's node (`game_counts::colocated_id`): one node's
    // transaction.
    ("account_game_counts", Placement::ByAccount),
    // A few rows written once (the VAPID key pair) and read by every process: on every node.
    ("server_keys", Placement::Reference),
    // Written with an account's notifications (the mail they bring) and by its own requests:
    // with the account's other per-account rows, so queueing a mail is single-shard.
    ("mail_outbox", Placement::ByAccount),
    // An account's notification settings, mail cursor and digest schedule: advanced in the
    // transaction that queues the account's mail, so with its notifications and mail_outbox.
    ("notification_settings", Placement::ByAccount),
    // Looked up by hash only (a verification or reset link redeems by `token_hash`), and written
    // only by an account's own rare requests: distributed on the hash, as `stream_tickets`.
    ("account_tokens", Placement::Alone("token_hash")),
    // An account's current rating, its rating history and whom it muted: read and written per
    // account (a profile, the leaderboard's pages, a chat line's filter), with the account's
    // other rows. `rating_history` has a `game_id` column but its key is the account's.
    ("player_ratings", Placement::ByAccount),
    ("rating_history", Placement::ByAccount),
    ("chat_mutes", Placement::ByAccount),
    // Locked by every chat line its account says (the rate): one row on the account's shard.
    ("chat_budgets", Placement::ByAccount),
    // With the game (the `game_id` rule, named here for the reader): a game's rating changes,
    // its chat lines and their reports live on the game's worker.
    ("game_ratings", Placement::WithGames),
    ("chat_lines", Placement::WithGames),
    ("chat_reports", Placement::WithGames),
    // A player's private notes on a game, keyed (game_id, account_id): with the game.
    ("game_notes", Placement::WithGames),
    // Looked up by hash on every request that sends a personal or OAuth access token: one
    // shard per look, as `stream_tickets`. Listing an account's tokens reads every shard, but
    // only its owner's rare requests do.
    ("api_tokens", Placement::Alone("token_hash")),
    // Redeemed by hash only, once, by the token endpoint.
    ("oauth_codes", Placement::Alone("code_hash")),
    // Leased by every server process for each caller's request budgets (one upsert per lease,
    // by `caller`): distributed on the caller, alone, so a lease is one shard's statement. The
    // caller is an account, a token's hash or an address: no account id to co-locate by.
    ("rate_windows", Placement::Alone("caller")),
    // Written by an account's own revocations (a row a session, in the revoking transaction),
    // read whole only as a server process starts: with the account's other rows, so a
    // revocation is one shard's write, never one to every node.
    ("revoked_sessions", Placement::ByAccount),
    // Password-reset requests, written for any address asked about (no account to co-locate
    // by) and each deleted once by its id: distributed on it, alone, so both are single-shard.
    ("password_reset_requests", Placement::Alone("id")),
    // Matchmaking (service rules §9.10): seeks, challenges and their invitees. A few writes per
    // player a day, never per action; read by anyone (the seeks' list) and by pairings that span
    // accounts: on every node. Their `game_id` is the game a seek or a challenge became, not
    // their key. A pairing is one short transaction over this reference table and the new
    // game's shard (docs/scaling.md).
    ("seeks", Placement::Reference),
    ("challenges", Placement::Reference),
    ("challenge_invitees", Placement::Reference),
    // Tournaments (service rules §9.11): a few writes per round, never per action; read by
    // anyone (the list, a tournament's page) and by pairings that span accounts: on every node.
    // A table's `game_id` is the game it became, not its key. A round's pairing is one
    // transaction over these; each of its games is then made in the game's shard alone
    // (docs/scaling.md).
    ("tournaments", Placement::Reference),
    ("tournament_players", Placement::Reference),
    ("tournament_tables", Placement::Reference),
    ("tournament_byes", Placement::Reference),
];

/// Tables that are node-local by design and never distributed: on Citus they live on the
/// coordinator. The transparency log is written by one sequencer at a time, in leaf order, and
/// read whole for proofs: one node's table.
const NODE_LOCAL: &[&str] = &["_sqlx_migrations", "transparency_log", "transparency_heads"];

/// Begins a transaction that reads several accounts' or games' shards and writes reference
/// tables (matchmaking's seeks and challenges, tournaments): on Citus that mix needs one
/// connection per worker, used in turn (`citus.multi_shard_modify_mode = sequential`); on plain
/// PostgreSQL the setting is a placeholder and changes nothing.
pub async fn begin_sequential(
    pool: &PgPool,
    what: &'static str,
) -> Result<sqlx::Transaction<'static, sqlx::Postgres>, StoreError> {
    let mut tx = pool.begin().await.context(what)?;
    sqlx::query("SET LOCAL citus.multi_shard_modify_mode TO 'sequential'")
        .execute(&mut *tx)
        .await
        .context("sequential mode over the shards")?;
    Ok(tx)
}

/// A table of the schema, as the catalog describes it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct TableInfo {
    pub name: String,
    /// Its columns, in order.
    pub columns: Vec<String>,
    /// The other tables its foreign keys reference.
    pub references: Vec<String>,
    /// The columns of each of its primary and unique keys (unique indexes included), each
    /// comma-separated in index order; an expression in a key is `(expression)`.
    pub unique_keys: Vec<String>,
}

impl TableInfo {
    pub fn has_column(&self, column: &str) -> bool {
        self.columns.iter().any(|c| c == column)
    }

    /// The unique keys that do not contain `column` as a plain column.
    pub fn keys_without(&self, column: &str) -> Vec<&str> {
        self.unique_keys
            .iter()
            .filter(|k| !k.split(',').any(|c| c == column))
            .map(String::as_str)
            .collect()
    }

    /// Why `placement` does not fit the table: its distribution column is missing or not in
    /// every unique key.
    pub fn misfit(&self, placement: Placement) -> Option<String> {
        let column = placement.column()?;
        if !self.has_column(column) {
            return Some(format!("{} ({placement}, but has no {column})", self.name));
        }
        let keys = self.keys_without(column);
        (!keys.is_empty()).then(|| {
            format!(
                "{} ({placement}, but {column} is not in its unique key(s) ({}))",
                self.name,
                keys.join("), (")
            )
        })
    }
}

/// Why the layout cannot be applied.
#[derive(Debug, Error)]
pub enum DistributeError {
    /// Tables that neither [`LAYOUT`] nor the rules place: nothing was changed.
    #[error(
        "do not know how to place these tables on Citus (add them to store::distribute::LAYOUT): \
         {}",
        .0.join("; ")
    )]
    Unplaced(Vec<String>),
    /// A table is already placed otherwise than the layout says.
    #[error("table {table} is already {actual} on Citus, but the layout says {wanted}")]
    Misplaced {
        table: String,
        actual: String,
        wanted: Placement,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Each table with its placement, in the order they must be created (reference tables, each
/// after those it references; then `games`; then the tables co-located with it).
pub fn plan(tables: &[TableInfo]) -> Result<Vec<(String, Placement)>, DistributeError> {
    let listed: BTreeMap<&str, Placement> = LAYOUT.iter().copied().collect();
    let mut placed: BTreeMap<&str, Placement> = BTreeMap::new();
    let mut unplaced = Vec::new();
    let tables: Vec<&TableInfo> = tables
        .iter()
        .filter(|t| !NODE_LOCAL.contains(&t.name.as_str()))
        .collect();
    // Listed tables first, so the rules can see that `accounts` is a reference table.
    for t in &tables {
        if let Some(&p) = listed.get(t.name.as_str()) {
            match t.misfit(p) {
                Some(why) => unplaced.push(why),
                None => {
                    placed.insert(&t.name, p);
                }
            }
        }
    }
    // Then the rules, until nothing more can be placed (a reference table may reference
    // another one placed by the rules).
    loop {
        let before = placed.len();
        for t in &tables {
            if placed.contains_key(t.name.as_str()) || listed.contains_key(t.name.as_str()) {
                continue;
            }
            if t.has_column("game_id") {
                placed.insert(&t.name, Placement::WithGames);
            } else if !t.references.is_empty()
                && t.references
                    .iter()
                    .all(|r| placed.get(r.as_str()) == Some(&Placement::Reference))
            {
                placed.insert(&t.name, Placement::Reference);
            }
        }
        if placed.len() == before {
            break;
        }
    }
    // A table the game_id rule placed must keep game_id in its unique keys.
    for t in &tables {
        if !listed.contains_key(t.name.as_str())
            && let Some(&p) = placed.get(t.name.as_str())
            && let Some(why) = t.misfit(p)
        {
            placed.remove(t.name.as_str());
            unplaced.push(why);
            // Not reported again below.
            continue;
        }
        if !placed.contains_key(t.name.as_str()) && !listed.contains_key(t.name.as_str()) {
            unplaced.push(format!(
                "{} (no game_id; references [{}], not all reference tables)",
                t.name,
                t.references.join(", ")
            ));
        }
    }
    if !unplaced.is_empty() {
        return Err(DistributeError::Unplaced(unplaced));
    }
    // Reference tables in dependency order, then games, then the co-located tables, then the
    // other distributed ones.
    let mut order: Vec<(String, Placement)> = Vec::new();
    let mut pending: Vec<&TableInfo> = tables
        .iter()
        .copied()
        .filter(|t| placed[t.name.as_str()] == Placement::Reference)
        .collect();
    while !pending.is_empty() {
        let ready = pending.iter().position(|t| {
            t.references.iter().all(|r| {
                *r == t.name
                    || order.iter().any(|(done, _)| done == r)
                    || !pending.iter().any(|p| p.name == *r)
            })
        });
        // A cycle between reference tables: Citus takes them in any order.
        let t = pending.remove(ready.unwrap_or(0));
        order.push((t.name.clone(), Placement::Reference));
    }
    for wanted in [Placement::Games, Placement::WithGames, Placement::ByAccount] {
        order.extend(
            tables
                .iter()
                .filter(|t| placed[t.name.as_str()] == wanted)
                .map(|t| (t.name.clone(), wanted)),
        );
    }
    order.extend(tables.iter().filter_map(|t| match placed[t.name.as_str()] {
        p @ Placement::Alone(_) => Some((t.name.clone(), p)),
        _ => None,
    }));
    Ok(order)
}

/// The tables of the current schema (not Citus shards), with what [`plan`] needs.
pub async fn tables(pool: &PgPool) -> Result<Vec<TableInfo>, StoreError> {
    let citus = citus_installed(pool).await?;
    // On a Citus node the shards the node holds are tables too; they are not ours to place.
    let not_a_shard = if citus {
        "AND NOT EXISTS (SELECT 1 FROM pg_dist_shard s \
                         WHERE c.relname = s.logicalrelid::regclass::text || '_' || s.shardid)"
    } else {
        ""
    };
    sqlx::query_as(&format!(
        "SELECT c.relname::text AS name, \
                ARRAY(SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = c.oid \
                      AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum) AS columns, \
                ARRAY(SELECT DISTINCT r.relname::text FROM pg_constraint k \
                      JOIN pg_class r ON r.oid = k.confrelid \
                      WHERE k.conrelid = c.oid AND k.contype = 'f' AND k.confrelid <> c.oid \
                      ORDER BY 1) AS references, \
                ARRAY(SELECT (SELECT string_agg(coalesce(a.attname::text, '(expression)'), ',' \
                                                ORDER BY k.n) \
                              FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, n) \
                              LEFT JOIN pg_attribute a \
                                     ON a.attrelid = c.oid AND a.attnum = k.attnum) \
                      FROM pg_index i WHERE i.indrelid = c.oid AND i.indisunique \
                      ORDER BY 1) AS unique_keys \
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
         WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') \
               AND NOT c.relispartition {not_a_shard} \
         ORDER BY c.relname"
    ))
    .fetch_all(pool)
    .await
    .context("read the schema's tables")
}

async fn citus_installed(db: impl sqlx::PgExecutor<'_>) -> Result<bool, StoreError> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus')")
        .fetch_one(db)
        .await
        .context("look for the citus extension")
}

/// How the database holds the tables, as far as the statements the store sends care: one
/// PostgreSQL, or a Citus coordinator (tables distributed by game or by account, see [`LAYOUT`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    Single,
    Citus,
}

impl Layout {
    /// The layout of the database `conn` is connected to.
    pub async fn of(conn: &mut sqlx::PgConnection) -> Result<Layout, StoreError> {
        Ok(if citus_installed(conn).await? {
            Layout::Citus
        } else {
            Layout::Single
        })
    }
}

/// What [`distribute`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Distributed {
    /// The `citus` extension is not installed: nothing to do.
    NotCitus,
    /// Each table, its placement, and whether this run placed it (false: it already was).
    Applied(Vec<(String, Placement, bool)>),
}

/// Applies the layout when the database is a Citus coordinator; does nothing otherwise.
/// Idempotent: tables already placed as planned are skipped (`pg_dist_partition`); a table
/// placed otherwise is an error. Also sets `citus.enable_local_reference_table_foreign_keys =
/// off` for the database, so that later migrations can create tables with foreign keys to both
/// `accounts` and `games` (with it on, Citus turns such a table into a coordinator-local table
/// and then refuses the key to `games`) until the next `--distribute` places them.
pub async fn distribute(pool: &PgPool) -> Result<Distributed, DistributeError> {
    if !citus_installed(pool).await? {
        return Ok(Distributed::NotCitus);
    }
    let order = plan(&tables(pool).await?)?;
    let mut conn = pool.acquire().await.context("acquire")?;
    let current: Vec<(String, String, String, Option<String>, i32)> = sqlx::query_as(
        "SELECT logicalrelid::regclass::text, partmethod::text, repmodel::text, \
                column_to_column_name(logicalrelid, partkey), colocationid \
         FROM pg_dist_partition",
    )
    .fetch_all(&mut *conn)
    .await
    .context("read pg_dist_partition")?;
    let current: BTreeMap<String, (String, String, Option<String>, i32)> = current
        .into_iter()
        .map(|(t, m, r, c, g)| (t, (m, r, c, g)))
        .collect();
    let games_group = current.get("games").map(|(_, _, _, g)| *g);
    // The account tables' group: that of the first one already placed, if any.
    let account_tables: Vec<&str> = order
        .iter()
        .filter(|(_, p)| *p == Placement::ByAccount)
        .map(|(t, _)| t.as_str())
        .collect();
    let placed_account_table = account_tables.iter().find_map(|t| match current.get(*t) {
        Some((m, _, _, g)) if m == "h" => Some((*t, *g)),
        _ => None,
    });
    let accounts_group = placed_account_table.map(|(_, g)| g);
    // Which tables are already placed as planned; any other placement is an error, found
    // before anything is changed. A coordinator-local table (partmethod n, repmodel s) is not
    // placed yet: Citus converts it.
    let mut todo = Vec::new();
    for (table, wanted) in &order {
        let done = match current.get(table) {
            None => false,
            Some((m, r, _, _)) if m == "n" && r == "s" => false,
            Some((m, r, column, group)) => {
                let ok = match wanted {
                    Placement::Reference => m == "n" && r == "t",
                    Placement::Games => m == "h" && column.as_deref() == Some("id"),
                    Placement::WithGames => {
                        m == "h"
                            && column.as_deref() == Some("game_id")
                            && Some(*group) == games_group
                    }
                    Placement::ByAccount => {
                        m == "h"
                            && column.as_deref() == Some("account_id")
                            && Some(*group) == accounts_group
                            && Some(*group) != games_group
                    }
                    Placement::Alone(wanted) => m == "h" && column.as_deref() == Some(wanted),
                };
                if !ok {
                    return Err(DistributeError::Misplaced {
                        table: table.clone(),
                        actual: format!(
                            "placed (partmethod {m}, repmodel {r}, column {}, colocation {group})",
                            column.as_deref().unwrap_or("none")
                        ),
                        wanted: *wanted,
                    });
                }
                true
            }
        };
        todo.push((table.clone(), *wanted, !done));
    }
    let database: String = sqlx::query_scalar("SELECT current_database()")
        .fetch_one(&mut *conn)
        .await
        .context("name the database")?;
    for sql in [
        format!(
            "ALTER DATABASE \"{}\" SET citus.enable_local_reference_table_foreign_keys = off",
            database.replace('"', "\"\"")
        ),
        "SET citus.enable_local_reference_table_foreign_keys = off".to_owned(),
        // game_events keeps its append-only trigger on every shard.
        "SET citus.enable_unsafe_triggers = on".to_owned(),
    ] {
        sqlx::query(&sql)
            .execute(&mut *conn)
            .await
            .context("set up the session for distribution")?;
    }
    // The first account table created starts their group; the others join it.
    let mut accounts_anchor: Option<&str> = placed_account_table.map(|(t, _)| t);
    for (table, placement, apply) in &todo {
        if !apply {
            continue;
        }
        let (call, column, colocate_with) = match placement {
            Placement::Reference => ("SELECT create_reference_table($1)", None, None),
            Placement::Games => (
                "SELECT create_distributed_table($1, $2, colocate_with => 'none')",
                Some("id"),
                None,
            ),
            Placement::WithGames => (
                "SELECT create_distributed_table($1, $2, colocate_with => $3)",
                Some("game_id"),
                Some("games"),
            ),
            Placement::ByAccount => match accounts_anchor {
                Some(anchor) => (
                    "SELECT create_distributed_table($1, $2, colocate_with => $3)",
                    Some("account_id"),
                    Some(anchor),
                ),
                None => (
                    "SELECT create_distributed_table($1, $2, colocate_with => 'none')",
                    Some("account_id"),
                    None,
                ),
            },
            Placement::Alone(column) => (
                "SELECT create_distributed_table($1, $2, colocate_with => 'none')",
                Some(*column),
                None,
            ),
        };
        let mut query = sqlx::query(call).bind(table);
        if let Some(column) = column {
            query = query.bind(column);
        }
        if let Some(with) = colocate_with {
            query = query.bind(with);
        }
        query
            .execute(&mut *conn)
            .await
            .context("create a Citus table")
            .inspect_err(|_| {
                tracing::error!(table, %placement, "placing a table on Citus failed");
            })?;
        tracing::info!(table, %placement, "placed on Citus");
        if *placement == Placement::ByAccount && accounts_anchor.is_none() {
            accounts_anchor = Some(table);
        }
    }
    distribute_functions(&mut conn).await?;
    Ok(Distributed::Applied(todo))
}

/// The database functions Citus runs on the worker of their first argument's game: each is
/// distributed by that argument and co-located with `games`, so that a call outside a
/// transaction is handed whole to the game's worker (function call delegation) and runs there
/// as a local transaction. Functions already distributed so are skipped.
const GAME_FUNCTIONS: &[&str] = &["lords_append", "lords_read_game"];

async fn distribute_functions(conn: &mut sqlx::PgConnection) -> Result<(), DistributeError> {
    for function in GAME_FUNCTIONS {
        let done: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM pg_dist_object \
                            WHERE classid = 'pg_proc'::regclass AND objid = $1::regproc::oid \
                              AND distribution_argument_index = 0 \
                              AND colocationid = (SELECT colocationid FROM pg_dist_partition \
                                                  WHERE logicalrelid = 'games'::regclass))",
        )
        .bind(function)
        .fetch_one(&mut *conn)
        .await
        .context("read pg_dist_object")?;
        if done {
            continue;
        }
        sqlx::query(
            "SELECT create_distributed_function($1::regproc::regprocedure, '$1', \
                                                colocate_with => 'games')",
        )
        .bind(function)
        .execute(&mut *conn)
        .await
        .context("distribute a function")
        .inspect_err(|_| tracing::error!(function, "distributing a function on Citus failed"))?;
        tracing::info!(function, "distributed on Citus with the games");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(name: &str, has_game_id: bool, references: &[&str]) -> TableInfo {
        let mut columns = vec!["id".to_owned()];
        let mut unique_keys = vec!["id".to_owned()];
        if has_game_id {
            columns.push("game_id".to_owned());
            unique_keys = vec!["game_id,id".to_owned()];
        }
        TableInfo {
            name: name.to_owned(),
            columns,
            references: references.iter().map(|r| (*r).to_owned()).collect(),
            unique_keys,
        }
    }

    fn with_columns(mut t: TableInfo, columns: &[&str], unique_keys: &[&str]) -> TableInfo {
        t.columns = columns.iter().map(|c| (*c).to_owned()).collect();
        t.unique_keys = unique_keys.iter().map(|k| (*k).to_owned()).collect();
        t
    }

    fn schema() -> Vec<TableInfo> {
        vec![
            table("_sqlx_migrations", false, &[]),
            table("accounts", false, &[]),
            table("game_events", true, &["games"]),
            table("game_seats", true, &["accounts", "games"]),
            table("games", false, &["accounts"]),
            table("idempotency_keys", true, &["accounts", "games"]),
            with_columns(
                table("notification_counters", false, &["accounts"]),
                &["account_id", "last_id"],
                &["account_id"],
            ),
            with_columns(
                table("notifications", false, &["accounts"]),
                &["account_id", "id", "kind", "game_id"],
                &["account_id,id"],
            ),
            with_columns(
                table("stream_tickets", false, &["accounts"]),
                &["ticket_hash", "account_id"],
                &["ticket_hash"],
            ),
        ]
    }

    #[test]
    fn the_schema_places_accounts_first_then_games_then_its_colocated_tables() {
        let order = plan(&schema()).expect("placed");
        let names: Vec<&str> = order.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(
            names,
            [
                "accounts",
                "games",
                "game_events",
                "game_seats",
                "idempotency_keys",
                "notification_counters",
                "notifications",
                "stream_tickets",
            ]
        );
        assert_eq!(order[0].1, Placement::Reference);
        assert_eq!(order[1].1, Placement::Games);
        assert!(order[2..5].iter().all(|(_, p)| *p == Placement::WithGames));
        assert!(order[5..7].iter().all(|(_, p)| *p == Placement::ByAccount));
        assert_eq!(order[7].1, Placement::Alone("ticket_hash"));
    }

    #[test]
    fn a_table_with_game_id_whose_unique_key_lacks_it_is_not_put_with_the_games() {
        let mut tables = schema();
        tables.push(with_columns(
            table("game_notes", true, &["accounts"]),
            &["account_id", "id", "game_id"],
            &["account_id,id"],
        ));
        match plan(&tables) {
            Err(DistributeError::Unplaced(names)) => {
                assert_eq!(names.len(), 1, "{names:?}");
                assert!(names[0].starts_with("game_notes"), "{names:?}");
            }
            other => panic!("expected Unplaced, got {other:?}"),
        }
    }

    #[test]
    fn a_listed_table_without_its_distribution_column_in_a_unique_key_is_refused() {
        let mut tables = schema();
        let notifications = tables
            .iter_mut()
            .find(|t| t.name == "notifications")
            .unwrap();
        notifications.unique_keys.push("id".to_owned());
        match plan(&tables) {
            Err(DistributeError::Unplaced(names)) => {
                assert_eq!(names.len(), 1, "{names:?}");
                assert!(names[0].starts_with("notifications"), "{names:?}");
            }
            other => panic!("expected Unplaced, got {other:?}"),
        }
    }

    #[test]
    fn an_unlisted_table_about_accounts_is_a_reference_table_and_one_about_games_is_colocated() {
        let mut tables = schema();
        tables.push(table("refresh_tokens", false, &["accounts"]));
        tables.push(table("token_uses", false, &["refresh_tokens"]));
        tables.push(table("deadlines", true, &["games", "accounts"]));
        let order = plan(&tables).expect("placed");
        let of = |name: &str| order.iter().position(|(t, _)| t == name).expect(name);
        assert_eq!(order[of("refresh_tokens")].1, Placement::Reference);
        assert_eq!(order[of("token_uses")].1, Placement::Reference);
        assert!(of("accounts") < of("refresh_tokens") && of("refresh_tokens") < of("token_uses"));
        assert!(of("token_uses") < of("games"));
        assert_eq!(order[of("deadlines")].1, Placement::WithGames);
    }

    #[test]
    fn tables_that_fit_no_rule_are_all_named_and_nothing_is_planned() {
        let mut tables = schema();
        tables.push(table("settings", false, &[]));
        tables.push(table("game_notes", false, &["games"]));
        match plan(&tables) {
            Err(DistributeError::Unplaced(names)) => {
                assert_eq!(names.len(), 2, "{names:?}");
                assert!(names[0].starts_with("settings") || names[1].starts_with("settings"));
            }
            other => panic!("expected Unplaced, got {other:?}"),
        }
    }
}
