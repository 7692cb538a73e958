//! The audit commands `verify` (and `verify --log`) and `export`, `migrate --distribute`, and
//! the chat's
//! `moderation` commands: they open the database
//! the way `serve` does (the embedded cluster when no `DATABASE_URL` is given; a running one is
//! used and left running) and print JSON on stdout.

use anyhow::Context;

use crate::config::DatabaseArgs;
use crate::eventstore::{GameId, Store};
use crate::startup::embedded::{self, Role};

/// One JSON line per game; fails (exit code 1) when any game is broken.
pub async fn verify(db: &DatabaseArgs, game_id: Option<&str>, all: bool) -> anyhow::Result<()> {
    let one = match (game_id, all) {
        (Some(id), false) => Some(id.parse::<GameId>().context("the game id is not a UUID")?),
        (None, true) => None,
        _ => anyhow::bail!("name a game id or pass --all"),
    };
    let (pool, cluster) = embedded::connect_as(db, Role::Command).await?;
    let store = Store::new(pool.clone());
    let reports = match one {
        Some(id) => crate::play::verify::verify_game(&store, id)
            .await
            .map(|r| vec![r]),
        None => crate::play::verify::verify_all(&store).await,
    };
    pool.close().await;
    if let Some(cluster) = cluster {
        cluster.stop().await;
    }
    let reports = reports.context("verify")?;
    for report in &reports {
        println!("{}", serde_json::to_string(report)?);
    }
    let broken = reports.iter().filter(|r| !r.ok).count();
    if broken > 0 {
        anyhow::bail!("{broken} of {} games failed verification", reports.len());
    }
    Ok(())
}

/// The log's maximum merge delay, with a margin: a game finished more recently than this may
/// not be logged yet.
const MERGE_DELAY: chrono::TimeDelta = chrono::TimeDelta::seconds(15);

/// `lords verify --log`: every finished game is in the transparency log with the right leaf
/// (its final version and head hash, hashed as RFC 9162 says), the leaves are numbered 0..n
/// with no gap, and the newest signed head is the root of them all under the log's key (the
/// database's, or `key`: base64 of the 32 raw bytes). One JSON line per game and one for the
/// head; fails (exit 1) on any mismatch.
pub async fn verify_log(db: &DatabaseArgs, key: Option<&str>) -> anyhow::Result<()> {
    use crate::proofs::signing::{LogSigner, SignedTreeHead};
    use crate::proofs::{leaf_input, merkle};
    use base64::Engine;
    use serde_json::json;

    let (pool, cluster) = embedded::connect_as(db, Role::Command).await?;
    let store = Store::new(pool.clone());
    let read = async {
        let games = crate::transparency::log::finished_games_for_log(&store).await?;
        let head = crate::transparency::log::latest_tree_head(&store).await?;
        let size = head.map_or(0, |h| h.tree_size);
        let leaves = crate::transparency::log::log_entries(&store, 0, u64::MAX).await?;
        let public = match key {
            Some(b64) => base64::engine::general_purpose::STANDARD
                .decode(b64.trim())
                .context("--key is not base64")?,
            None => {
                let signer = LogSigner::new(None);
                crate::eventstore::server_keys::log_key(&signer, &pool)
                    .await?
                    .public_key()
                    .to_vec()
            }
        };
        anyhow::Ok((games, head, size, leaves, public))
    }
    .await;
    pool.close().await;
    if let Some(cluster) = cluster {
        cluster.stop().await;
    }
    let (games, head, size, leaves, public) = read.context("verify the log")?;
    let mut broken = 0;
    let by_game: std::collections::HashMap<_, _> = leaves.iter().map(|l| (l.game_id, l)).collect();
    let now = chrono::Utc::now();
    for game in &games {
        let leaf = by_game.get(&game.game_id);
        let problem = match (leaf, game.head_hash) {
            (_, None) => Some("the game's last event is missing".to_string()),
            (None, _) if now - game.finished_at < MERGE_DELAY => None,
            (None, _) => Some("finished but not in the log".to_string()),
            (Some(leaf), Some(head)) => {
                if leaf.version != game.version || leaf.head_hash != head {
                    Some(format!(
                        "the log holds version {} and head {}, the stream ends at version {} \
                         with head {}",
                        leaf.version,
                        hex::encode(leaf.head_hash),
                        game.version,
                        hex::encode(head)
                    ))
                } else if leaf.leaf_hash
                    != merkle::leaf_hash(&leaf_input(&game.game_id.0, game.version, &head))
                {
                    Some("the stored leaf hash is not the hash of the leaf".to_string())
                } else if game.log_index != Some(leaf.index) {
                    Some(format!(
                        "the game names leaf {:?}, the log holds it at {}",
                        game.log_index, leaf.index
                    ))
                } else {
                    None
                }
            }
        };
        if problem.is_some() {
            broken += 1;
        }
        println!(
            "{}",
            json!({
                "game_id": game.game_id.0,
                "ok": problem.is_none(),
                "leaf_index": leaf.map(|l| l.index),
                "reason": problem,
            })
        );
    }
    let in_order = leaves.iter().enumerate().all(|(i, l)| l.index == i as u64);
    let hashes: Vec<merkle::Hash> = leaves.iter().map(|l| l.leaf_hash).collect();
    let head_problem = match head {
        None => Some("no signed tree head".to_string()),
        Some(_) if !in_order => Some("the leaves are not numbered 0..n".to_string()),
        Some(h) if h.tree_size != leaves.len() as u64 => Some(format!(
            "the newest head covers {} leaves, the log holds {}",
            h.tree_size,
            leaves.len()
        )),
        Some(h) if h.root_hash != merkle::root(&hashes) => {
            Some("the newest head's root is not the root of the leaves".to_string())
        }
        Some(h)
            if !SignedTreeHead {
                tree_size: h.tree_size,
                timestamp_ms: h.timestamp_ms,
                root_hash: h.root_hash,
                signature: h.signature,
            }
            .verify(&public) =>
        {
            Some("the newest head's signature does not verify under the key".to_string())
        }
        Some(_) => None,
    };
    println!(
        "{}",
        json!({ "tree_size": size, "ok": head_problem.is_none(), "reason": head_problem })
    );
    if head_problem.is_some() {
        broken += 1;
    }
    if broken > 0 {
        anyhow::bail!("{broken} problem(s) in the transparency log");
    }
    Ok(())
}

/// A finished game's whole history as JSON on stdout.
pub async fn export(db: &DatabaseArgs, game_id: &str) -> anyhow::Result<()> {
    let id: GameId = game_id.parse().context("the game id is not a UUID")?;
    let (pool, cluster) = embedded::connect_as(db, Role::Command).await?;
    let record = crate::play::record::record(&Store::new(pool.clone()), id).await;
    pool.close().await;
    if let Some(cluster) = cluster {
        cluster.stop().await;
    }
    let record = record.context("export")?;
    println!("{}", serde_json::to_string_pretty(&record)?);
    Ok(())
}

/// Places the tables on Citus when the database is a Citus coordinator (see
/// `eventstore::distribute`); one JSON line per table on stdout, or `{"citus":false}`.
pub async fn distribute(db: &DatabaseArgs) -> anyhow::Result<()> {
    use crate::eventstore::distribute::{self, Distributed};
    let (pool, cluster) = embedded::connect(db).await?;
    let result = distribute::distribute(&pool).await;
    pool.close().await;
    if let Some(cluster) = cluster {
        cluster.stop().await;
    }
    match result.context("distribute the tables on Citus")? {
        Distributed::NotCitus => {
            println!("{}", serde_json::json!({ "citus": false }));
            tracing::info!("no citus extension: nothing to distribute");
        }
        Distributed::Applied(tables) => {
            for (table, placement, placed_now) in tables {
                println!(
                    "{}",
                    serde_json::json!({
                        "table": table,
                        "placement": placement.to_string(),
                        "placed_now": placed_now,
                    })
                );
            }
        }
    }
    Ok(())
}

/// `lords accounts …`: what only an operator does to an account.
#[derive(Debug, Clone, clap::Subcommand)]
pub enum Accounts {
    /// Issue a new token to a bot account that lost its own (every scope, no expiry; its other
    /// tokens stay): prints `{username, token_id, token}` as JSON, the token shown this once,
    /// and logs that an operator issued it.
    BotToken {
        /// The bot account's username (case is ignored).
        username: String,
    },
}

/// Runs an `accounts` command.
pub async fn accounts(db: &DatabaseArgs, command: Accounts) -> anyhow::Result<()> {
    let (pool, cluster) = embedded::connect_as(db, Role::Command).await?;
    let result = match &command {
        Accounts::BotToken { username } => crate::accounts::tokens::issue_bot_token(
            &pool,
            username,
            crate::accounts::http::tokens::BOT_TOKEN_NAME,
            crate::accounts::http::tokens::MAX_PERSONAL_TOKENS,
        )
        .await
        .map(|(account, token, secret)| {
            tracing::info!(account_id = %account, token_id = %token.id, username = %username,
                "an operator issued a bot account a token");
            serde_json::json!({
                "username": username,
                "token_id": token.id,
                "token": secret.secret,
            })
            .to_string()
        }),
    };
    pool.close().await;
    if let Some(cluster) = cluster {
        cluster.stop().await;
    }
    println!("{}", result.context("accounts")?);
    Ok(())
}

/// `lords tournaments …`: what only an operator does to a tournament (service rules §9.11).
#[derive(Debug, Clone, clap::Subcommand)]
pub enum Tournaments {
    /// Cancel a tournament still open for registration: prints `{id, status}` as JSON.
    Cancel {
        /// The tournament's id.
        id: uuid::Uuid,
    },
}

/// Runs a `tournaments` command.
pub async fn tournaments(db: &DatabaseArgs, command: Tournaments) -> anyhow::Result<()> {
    let (pool, cluster) = embedded::connect_as(db, Role::Command).await?;
    let store = crate::eventstore::Store::new(pool.clone());
    let result = match &command {
        Tournaments::Cancel { id } => crate::tournaments::registry::cancel(&store, *id, None)
            .await
            .map(|t| {
                tracing::info!(tournament_id = %id, "an operator cancelled a tournament");
                serde_json::json!({ "id": t.id, "status": t.status.as_str() }).to_string()
            }),
    };
    pool.close().await;
    if let Some(cluster) = cluster {
        cluster.stop().await;
    }
    println!("{}", result.context("tournaments")?);
    Ok(())
}

/// `lords moderation …`: the operator's side of table chat (service rules §9.8).
#[derive(Debug, Clone, clap::Subcommand)]
pub enum Moderation {
    /// The reported chat lines, newest report first, one JSON line each: when, the game, the
    /// line's id, its sender's username, its text, the reporter and the reason.
    Reports {
        /// The most reports to print.
        #[arg(long, default_value_t = 100)]
        limit: u32,
    },
    /// Silence an account's chat for N days from now (its chat answers 403 `chat_silenced`);
    /// `--days 0` lifts a silence. Prints the account and the end of its silence as JSON.
    Silence {
        /// The account's username (case is ignored).
        username: String,
        /// Whole days from now; 0 lifts the silence.
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=3650))]
        days: u32,
    },
}

/// Runs a `moderation` command.
pub async fn moderation(db: &DatabaseArgs, command: Moderation) -> anyhow::Result<()> {
    let (pool, cluster) = embedded::connect_as(db, Role::Command).await?;
    let store = Store::new(pool.clone());
    let result = match &command {
        Moderation::Reports { limit } => {
            crate::social::chat::chat_reports(&store, i64::from(*limit))
                .await
                .map(|reports| {
                    reports
                        .iter()
                        .map(|r| serde_json::to_string(r).unwrap_or_default())
                        .collect::<Vec<_>>()
                })
        }
        Moderation::Silence { username, days } => {
            crate::social::chat::silence(&store, username, *days)
                .await
                .map(|until| {
                    vec![
                        serde_json::json!({
                            "username": username,
                            "chat_silenced_until": until,
                        })
                        .to_string(),
                    ]
                })
        }
    };
    pool.close().await;
    if let Some(cluster) = cluster {
        cluster.stop().await;
    }
    let lines = match result {
        Err(crate::eventstore::error::StoreError::PlayerNotFound) => {
            anyhow::bail!("no account is named that")
        }
        other => other.context("moderation")?,
    };
    for line in lines {
        println!("{line}");
    }
    Ok(())
}
