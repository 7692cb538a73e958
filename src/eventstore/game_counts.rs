//! How many games each account sits in (`account_game_counts`, distributed by account): open
//! (not started), unfinished (open or active) and, of those, with a bot's seat. The caps on
//! creating and joining games read one account's row, locked, instead of counting its seats
//! over every game. Written in the transactions that change them:
//! - a seat taken ([`add`]) or left, a bot seated in a game that had none ([`add_seated`]): the
//!   lobby's transaction;
//! - a game's start: the deal's transaction, for every seated account ([`add_seated`]);
//! - a game's end: the transaction that writes the account's `game_ended` notification (the
//!   fan-out, `outbox`), so that the action's transaction stays on the game's shard. Until
//!   then the game still counts: a cap may refuse for those few milliseconds, never let more
//!   through.
//!
//! On Citus a new game's id is chosen on the node of its creator's row ([`colocated_id`]), so
//! that creating a game is one node's transaction.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::eventstore::distribute::Layout;
use crate::eventstore::error::{Context, Result};
use crate::eventstore::{AccountId, GameId};

/// One account's counts, or a change to them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct Counts {
    pub open_games: i32,
    pub unfinished_games: i32,
    pub bot_games: i32,
}

impl Counts {
    /// A seat taken in an open game (`bots`: the game has a bot's seat).
    pub fn seat(bots: bool) -> Counts {
        Counts {
            open_games: 1,
            unfinished_games: 1,
            bot_games: i32::from(bots),
        }
    }

    /// The opposite change.
    pub fn negated(self) -> Counts {
        Counts {
            open_games: -self.open_games,
            unfinished_games: -self.unfinished_games,
            bot_games: -self.bot_games,
        }
    }
}

/// Locks `account`'s counts until the transaction ends (created at zero the first time) and
/// returns them: the account's other cap checks wait for this transaction.
pub async fn lock(conn: &mut PgConnection, account: AccountId) -> Result<Counts> {
    sqlx::query_as(
        "INSERT INTO account_game_counts AS c (account_id) VALUES ($1) \
         ON CONFLICT (account_id) DO UPDATE SET account_id = c.account_id \
         RETURNING open_games, unfinished_games, bot_games",
    )
    .bind(account.0)
    .fetch_one(conn)
    .await
    .context("lock the account's game counts")
}

/// Adds `change` to `account`'s counts (none falls below zero).
pub async fn add(conn: &mut PgConnection, account: AccountId, change: Counts) -> Result<()> {
    if change == Counts::default() {
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO account_game_counts AS c \
             (account_id, open_games, unfinished_games, bot_games) \
         VALUES ($1, greatest($2, 0), greatest($3, 0), greatest($4, 0)) \
         ON CONFLICT (account_id) DO UPDATE SET \
             open_games = greatest(c.open_games + $2, 0), \
             unfinished_games = greatest(c.unfinished_games + $3, 0), \
             bot_games = greatest(c.bot_games + $4, 0)",
    )
    .bind(account.0)
    .bind(change.open_games)
    .bind(change.unfinished_games)
    .bind(change.bot_games)
    .execute(conn)
    .await
    .context("count the account's games")?;
    Ok(())
}

/// Adds `change` to the counts of every account seated at `game` (in account order, as every
/// transaction that changes several accounts' counts does).
pub async fn add_seated(conn: &mut PgConnection, game: GameId, change: Counts) -> Result<()> {
    let mut accounts: Vec<Uuid> = sqlx::query_scalar(
        "SELECT account_id FROM game_seats WHERE game_id = $1 AND account_id IS NOT NULL",
    )
    .bind(game.0)
    .fetch_all(&mut *conn)
    .await
    .context("read a game's players")?;
    accounts.sort_unstable();
    accounts.dedup();
    for account in accounts {
        add(&mut *conn, AccountId(account), change).await?;
    }
    Ok(())
}

/// Whether a bot holds a seat of `game`.
pub async fn has_bots(conn: &mut PgConnection, game: GameId) -> Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM game_seats WHERE game_id = $1 AND bot IS NOT NULL)",
    )
    .bind(game.0)
    .fetch_one(conn)
    .await
    .context("look for a game's bots")
}

/// Candidate ids tried for a game on its creator's node: with 32 shards on any number of
/// nodes, the chance that none fits is below 1 in 3,000 (the game is then created with a
/// fresh id, in a transaction over two nodes).
const CANDIDATES: usize = 256;

/// A fresh id for a game that `creator` creates: on Citus, one whose shard is on the node of
/// the creator's counts, so that the creation writes one node; elsewhere any fresh id.
pub async fn colocated_id(
    conn: &mut PgConnection,
    layout: Layout,
    creator: AccountId,
) -> Result<GameId> {
    let fresh = GameId(Uuid::now_v7());
    if layout == Layout::Single {
        return Ok(fresh);
    }
    let candidates: Vec<Uuid> = std::iter::once(fresh.0)
        .chain((1..CANDIDATES).map(|_| Uuid::now_v7()))
        .collect();
    let found: Option<Uuid> = sqlx::query_scalar(
        "WITH mine AS ( \
             SELECT groupid FROM pg_dist_placement \
             WHERE shardid = get_shard_id_for_distribution_column('account_game_counts', $1) \
         ) \
         SELECT c FROM unnest($2::uuid[]) WITH ORDINALITY AS t(c, n) \
         WHERE (SELECT groupid FROM pg_dist_placement \
                WHERE shardid = get_shard_id_for_distribution_column('games', c)) \
               = (SELECT groupid FROM mine) \
         ORDER BY n LIMIT 1",
    )
    .bind(creator.0)
    .bind(&candidates)
    .fetch_optional(conn)
    .await
    .context("choose a game's id on its creator's node")?;
    Ok(found.map_or(fresh, GameId))
}
