//! The transparency log's sequencer through a SIGKILL, with two servers (docs/audit.md): a
//! server is killed half-way through a batch of leaves (the first written, the second held up
//! by a row this test holds); nothing of the batch remains, the second server, which could not
//! take the sequencer's lock meanwhile, appends every game exactly once with no gap, and the
//! signed head covers them all.

use std::time::{Duration, Instant};

use lords::proofs::merkle;
use lords::proofs::signing::{LogKey, SignedTreeHead};
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use super::api::Api;
use super::crash::{Server, free_port};
use crate::common::fresh_database;

/// The sequencer's advisory lock (`store::transparency`).
const SEQUENCER_LOCK: i64 = 7301;

async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

#[tokio::test]
async fn a_sequencer_killed_mid_batch_leaves_no_gap_and_no_duplicate_leaf() {
    let _one_at_a_time = super::crash::one_at_a_time().await;
    let (pool, db_url) = fresh_database().await;
    let logs = std::env::temp_dir().join(format!("lords-sequencer-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&logs).unwrap();
    let env: &[(&str, &str)] = &[("LORDS_LOG_POLL_MS", "100")];
    let port_a = free_port();
    let mut a = Server::start_with(&db_url, port_a, &logs.join("a.log"), env);
    let api = Api::new(format!("http://127.0.0.1:{port_a}"));
    a.ready(&api).await;

    // Sequencers wait while this session holds their lock: three games end meanwhile.
    let mut holder = pool.acquire().await.unwrap();
    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(SEQUENCER_LOCK)
        .execute(&mut *holder)
        .await
        .unwrap();
    let mut games = Vec::new();
    for i in 0..3 {
        let tokens = vec![
            api.sign_up(&format!("isle{i}a")).await,
            api.sign_up(&format!("isle{i}b")).await,
        ];
        let table = api.started_game(&tokens).await;
        let res = api
            .post(&tokens[1], &table.path("/resign"), &json!({}))
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        games.push(table.id.to_string());
    }
    // Leaf 1, written and not committed: the sequencer appends leaf 0, then waits on leaf 1.
    let mut blocker = pool.begin().await.unwrap();
    sqlx::query(
        "INSERT INTO transparency_log (leaf_index, game_id, version, head_hash, leaf_hash) \
         VALUES (1, $1, 0, $2, $2)",
    )
    .bind(Uuid::now_v7())
    .bind(&[0u8; 32][..])
    .execute(&mut *blocker)
    .await
    .unwrap();
    sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(SEQUENCER_LOCK)
        .execute(&mut *holder)
        .await
        .unwrap();
    drop(holder);
    let until = Instant::now() + Duration::from_secs(60);
    while count(
        &pool,
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() \
         AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO transparency_log%'",
    )
    .await
        == 0
    {
        assert!(
            Instant::now() < until,
            "the sequencer never reached the second leaf:\n{}",
            a.log_tail()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // A second server meanwhile: its sequencer finds the lock taken.
    let port_b = free_port();
    let mut b = Server::start_with(&db_url, port_b, &logs.join("b.log"), env);
    b.ready(&Api::new(format!("http://127.0.0.1:{port_b}")))
        .await;
    a.kill();
    blocker.rollback().await.unwrap();

    let until = Instant::now() + Duration::from_secs(60);
    while count(&pool, "SELECT count(*) FROM transparency_log").await < 3 {
        assert!(
            Instant::now() < until,
            "the games were never logged:\n{}",
            b.log_tail()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Give a duplicating sequencer every chance to show itself.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let leaves: Vec<(i64, Uuid, Vec<u8>)> = sqlx::query_as(
        "SELECT leaf_index, game_id, leaf_hash FROM transparency_log ORDER BY leaf_index",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(
        leaves.iter().map(|l| l.0).collect::<Vec<_>>(),
        vec![0, 1, 2],
        "no gap, no duplicate"
    );
    let mut logged: Vec<String> = leaves.iter().map(|l| l.1.to_string()).collect();
    logged.sort();
    games.sort();
    assert_eq!(logged, games, "each game once");
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM games g JOIN transparency_log l \
             ON l.game_id = g.id AND l.leaf_index = g.log_index"
        )
        .await,
        3
    );
    // The newest head covers the three leaves and is signed by the log's key.
    let (size, at, root, signature): (i64, i64, Vec<u8>, Vec<u8>) = sqlx::query_as(
        "SELECT tree_size, timestamp_ms, root_hash, signature FROM transparency_heads \
         ORDER BY timestamp_ms DESC LIMIT 1",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let hashes: Vec<merkle::Hash> = leaves
        .iter()
        .map(|l| l.2.clone().try_into().unwrap())
        .collect();
    assert_eq!(size, 3);
    assert_eq!(root, merkle::root(&hashes));
    let der: Vec<u8> =
        sqlx::query_scalar("SELECT value FROM server_keys WHERE name = 'transparency_ed25519'")
            .fetch_one(&pool)
            .await
            .unwrap();
    let head = SignedTreeHead {
        tree_size: 3,
        timestamp_ms: u64::try_from(at).unwrap(),
        root_hash: root.try_into().unwrap(),
        signature: signature.try_into().unwrap(),
    };
    assert!(head.verify(&LogKey::from_pkcs8(&der).unwrap().public_key()));
    b.kill();
    let _ = std::fs::remove_dir_all(&logs);
}
