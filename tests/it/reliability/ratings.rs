//! The rating worker through a SIGKILL (service rules §9.7): a server is killed while its worker
//! is half-way through a finished game's ratings (one seat's rating written, the next one's
//! held up by a lock this test holds); nothing of it remains, a second server rates the game
//! exactly once, and `lords verify` replaying it changes nothing.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rules::{Rating, rate};
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use super::api::Api;
use super::crash::{Server, free_port, verify_all_command};
use crate::common::fresh_database;

async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

#[tokio::test]
async fn a_server_killed_mid_rating_leaves_nothing_and_the_game_is_rated_once_after_restart() {
    let _one_at_a_time = super::crash::one_at_a_time().await;
    let (pool, db_url) = fresh_database().await;
    let logs = std::env::temp_dir().join(format!("lords-ratings-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&logs).unwrap();
    let env: &[(&str, &str)] = &[("LORDS_RATINGS_POLL_MS", "100")];
    let port_a = free_port();
    let mut a = Server::start_with(&db_url, port_a, &logs.join("a.log"), env);
    let api = Api::new(format!("http://127.0.0.1:{port_a}"));
    a.ready(&api).await;
    let tokens = vec![api.sign_up("glen0").await, api.sign_up("glen1").await];
    let table = api.started_game(&tokens).await;

    // The loser's rating row, inserted and not committed: the worker writes seat 0's rating,
    // then waits on seat 1's.
    let loser: Uuid = sqlx::query_scalar("SELECT id FROM accounts WHERE username = 'glen1'")
        .fetch_one(&pool)
        .await
        .unwrap();
    let mut blocker = pool.begin().await.unwrap();
    sqlx::query(
        "INSERT INTO player_ratings (account_id, mu, sigma, rating, games, updated_at) \
         VALUES ($1, 1, 1, 1, 0, now())",
    )
    .bind(loser)
    .execute(&mut *blocker)
    .await
    .unwrap();
    // Two decisions of each player's own, so that the game counts (service rules §9.7).
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut taken = [0u32; 2];
    while taken.iter().any(|&t| t < 2) {
        match api.random_step(&table, &mut rng).await.unwrap() {
            super::api::Step::Applied(step) => taken[usize::from(step.seat)] += 1,
            super::api::Step::Finished => panic!("the game ended before each played twice"),
        }
    }
    let res = api
        .post(&tokens[1], &table.path("/resign"), &json!({}))
        .await
        .unwrap();
    assert_eq!(res.status(), 200);

    let until = Instant::now() + Duration::from_secs(60);
    while count(
        &pool,
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() \
         AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO player_ratings%'",
    )
    .await
        == 0
    {
        assert!(
            Instant::now() < until,
            "the worker never reached the ratings:\n{}",
            a.log_tail()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    a.kill();
    blocker.rollback().await.unwrap();
    // The killed server's transaction never committed.
    assert_eq!(count(&pool, "SELECT count(*) FROM game_ratings").await, 0);
    assert_eq!(count(&pool, "SELECT count(*) FROM player_ratings").await, 0);
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM games WHERE ratings_applied_at IS NOT NULL"
        )
        .await,
        0
    );

    let port_b = free_port();
    let mut b = Server::start_with(&db_url, port_b, &logs.join("b.log"), env);
    b.ready(&Api::new(format!("http://127.0.0.1:{port_b}")))
        .await;
    let until = Instant::now() + Duration::from_secs(60);
    while count(
        &pool,
        "SELECT count(*) FROM games WHERE ratings_applied_at IS NOT NULL",
    )
    .await
        == 0
    {
        assert!(
            Instant::now() < until,
            "the game was never rated:\n{}",
            b.log_tail()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(count(&pool, "SELECT count(*) FROM game_ratings").await, 2);
    assert_eq!(count(&pool, "SELECT count(*) FROM rating_history").await, 2);
    let want = rate(&[(Rating::START, 1), (Rating::START, 2)]);
    let rows: Vec<(String, f64, f64, i32)> = sqlx::query_as(
        "SELECT a.username, r.mu, r.sigma, r.games FROM player_ratings r \
         JOIN accounts a ON a.id = r.account_id ORDER BY a.username",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(rows.len(), 2);
    for ((name, mu, sigma, games), want) in rows.iter().zip(&want) {
        assert_eq!(*games, 1, "{name} rated once");
        assert!(
            (mu - want.mu).abs() < 1e-9 && (sigma - want.sigma).abs() < 1e-9,
            "{name}: {mu} {sigma}, not {want:?}"
        );
    }
    // `lords verify` replays the game and changes no rating.
    let verified = verify_all_command(&db_url).await;
    assert!(
        verified.status.success(),
        "{}",
        String::from_utf8_lossy(&verified.stderr)
    );
    assert_eq!(
        count(&pool, "SELECT count(*) FROM player_ratings WHERE games = 1").await,
        2
    );
    b.kill();
    let _ = std::fs::remove_dir_all(&logs);
}
