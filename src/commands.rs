//! The audit commands `verify` and `export`, and `migrate --distribute`: they open the database
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
