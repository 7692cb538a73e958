//! The audit commands `verify` and `export`, `migrate --distribute`, and the chat's
//! `moderation` commands: they open the database
//! the way `serve` does (the embedded cluster when no `DATABASE_URL` is given; a running one is
//! used and left running) and print JSON on stdout.

use anyhow::Context;

use crate::config::DatabaseArgs;
use crate::embedded::{self, Role};
use crate::store::{GameId, Store};

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
        Some(id) => store.verify_game(id).await.map(|r| vec![r]),
        None => store.verify_all().await,
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

/// A finished game's whole history as JSON on stdout.
pub async fn export(db: &DatabaseArgs, game_id: &str) -> anyhow::Result<()> {
    let id: GameId = game_id.parse().context("the game id is not a UUID")?;
    let (pool, cluster) = embedded::connect_as(db, Role::Command).await?;
    let export = Store::new(pool.clone()).export(id).await;
    pool.close().await;
    if let Some(cluster) = cluster {
        cluster.stop().await;
    }
    let export = export.context("export")?;
    println!("{}", serde_json::to_string_pretty(&export)?);
    Ok(())
}

/// Places the tables on Citus when the database is a Citus coordinator (see
/// `store::distribute`); one JSON line per table on stdout, or `{"citus":false}`.
pub async fn distribute(db: &DatabaseArgs) -> anyhow::Result<()> {
    use crate::store::distribute::{self, Distributed};
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
            store.chat_reports(i64::from(*limit)).await.map(|reports| {
                reports
                    .iter()
                    .map(|r| serde_json::to_string(r).unwrap_or_default())
                    .collect::<Vec<_>>()
            })
        }
        Moderation::Silence { username, days } => {
            store.silence(username, *days).await.map(|until| {
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
        Err(crate::store::StoreError::PlayerNotFound) => {
            anyhow::bail!("no account is named that")
        }
        other => other.context("moderation")?,
    };
    for line in lines {
        println!("{line}");
    }
    Ok(())
}
