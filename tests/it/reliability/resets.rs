//! The password-reset queue through a SIGKILL (a reset request is one row, resolved after the
//! answer): a server is killed while it resolves a request (its link held up by a lock
//! this test holds); nothing of it remains but the queued row, and a second server's reset
//! worker resolves it exactly once: one link, one mail.

use std::time::{Duration, Instant};

use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use super::api::Api;
use super::crash::{Server, free_port};
use crate::common::fresh_database;

async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

#[tokio::test]
async fn a_server_killed_mid_reset_leaves_the_request_queued_and_it_is_resolved_once() {
    let _one_at_a_time = super::crash::one_at_a_time().await;
    let (pool, db_url) = fresh_database().await;
    let logs = std::env::temp_dir().join(format!("lords-resets-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&logs).unwrap();
    let env: &[(&str, &str)] = &[("LORDS_PASSWORD_RESET_POLL_MS", "100")];
    let port_a = free_port();
    let mut a = Server::start_with(&db_url, port_a, &logs.join("a.log"), env);
    let api = Api::new(format!("http://127.0.0.1:{port_a}"));
    a.ready(&api).await;
    api.sign_up("malise").await;
    sqlx::query("UPDATE accounts SET email = 'malise@example.org' WHERE username = 'malise'")
        .execute(&pool)
        .await
        .unwrap();

    // The link's insert waits on this lock: the server is mid-way through resolving.
    let mut blocker = pool.begin().await.unwrap();
    sqlx::query("LOCK TABLE account_tokens IN SHARE MODE")
        .execute(&mut *blocker)
        .await
        .unwrap();
    let res = api
        .client
        .post(api.url("/v1/auth/password-reset"))
        .json(&json!({"email": "malise@example.org"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 202);
    let until = Instant::now() + Duration::from_secs(60);
    while count(
        &pool,
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() \
         AND wait_event_type = 'Lock' AND query LIKE 'DELETE FROM account_tokens%'",
    )
    .await
        == 0
    {
        assert!(
            Instant::now() < until,
            "the server never reached the link:\n{}",
            a.log_tail()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    a.kill();
    blocker.rollback().await.unwrap();
    // The killed server's transaction never committed: the request is still queued.
    assert_eq!(
        count(&pool, "SELECT count(*) FROM password_reset_requests").await,
        1
    );
    assert_eq!(count(&pool, "SELECT count(*) FROM account_tokens").await, 0);

    let port_b = free_port();
    let mut b = Server::start_with(&db_url, port_b, &logs.join("b.log"), env);
    b.ready(&Api::new(format!("http://127.0.0.1:{port_b}")))
        .await;
    let until = Instant::now() + Duration::from_secs(60);
    while count(&pool, "SELECT count(*) FROM password_reset_requests").await > 0 {
        assert!(
            Instant::now() < until,
            "the request was never resolved:\n{}",
            b.log_tail()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM account_tokens WHERE purpose = 'password_reset'"
        )
        .await,
        1
    );
    assert_eq!(
        count(
            &pool,
            "SELECT count(*) FROM mail_outbox WHERE kind = 'password_reset'"
        )
        .await,
        1
    );
    b.kill();
    std::fs::remove_dir_all(&logs).ok();
}
