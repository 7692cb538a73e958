//! The test helpers clean up after themselves: a test's server, pool and database are gone when
//! the test is, also when it fails, so a whole run holds few connections and leaves no database.

use crate::common;

use std::time::{Duration, Instant};

use common::app::spawn_app;
use sqlx::{Connection, PgConnection};

async fn admin() -> PgConnection {
    PgConnection::connect(&common::admin_url()).await.unwrap()
}

async fn database_exists(name: &str) -> bool {
    let mut conn = admin().await;
    let exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
            .bind(name)
            .fetch_one(&mut conn)
            .await
            .unwrap();
    let _ = conn.close().await;
    exists
}

async fn connections_to(name: &str) -> i64 {
    let mut conn = admin().await;
    let n: i64 = sqlx::query_scalar("SELECT count(*) FROM pg_stat_activity WHERE datname = $1")
        .bind(name)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    let _ = conn.close().await;
    n
}

async fn current_database(pool: &sqlx::PgPool) -> String {
    sqlx::query_scalar("SELECT current_database()")
        .fetch_one(pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_dropped_test_app_stops_its_server_and_drops_its_database() {
    let app = spawn_app().await;
    let token = app.signed_up("tidy").await;
    assert_eq!(app.get_with_token("/v1/me", &token).await.status(), 200);
    let name = current_database(&app.pool).await;
    assert!(connections_to(&name).await > 0);
    let address = app.url("/healthz");

    drop(app);

    assert!(!database_exists(&name).await, "{name} is left behind");
    assert_eq!(connections_to(&name).await, 0);
    // The server stops accepting within its shutdown timeout.
    let client = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while client.get(&address).send().await.is_ok() {
        assert!(Instant::now() < deadline, "the server still answers");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_fresh_database_is_dropped_with_the_last_clone_of_its_pool() {
    let (pool, _url) = common::fresh_database().await;
    let name = current_database(&pool).await;
    let clone = pool.clone();
    drop(pool);
    assert!(
        database_exists(&name).await,
        "dropped while a clone is alive"
    );
    drop(clone);
    assert!(!database_exists(&name).await, "{name} is left behind");
}

#[test]
fn a_test_that_panics_still_drops_its_database() {
    let (tx, rx) = std::sync::mpsc::channel();
    // A test of its own: its own thread and runtime, and it panics half-way.
    let failed = std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(async move {
                let app = spawn_app().await;
                tx.send(current_database(&app.pool).await).unwrap();
                panic!("a failing assertion");
            })
    })
    .join();
    assert!(failed.is_err());
    let name = rx.recv().unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    assert!(
        !rt.block_on(database_exists(&name)),
        "{name} is left behind"
    );
}
