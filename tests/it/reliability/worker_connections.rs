//! The HTTP workers' own database connections (`store/local.rs`): whole games played on them,
//! more requests at once than there are connections, connections the database ends, and
//! shutdown closing them. The other tests run with none (`test_config`), on the shared pool;
//! the binary's tests (`tests/it/cli.rs`, `tests/it/compose.rs`) run `serve` with its default.

use std::time::{Duration, Instant};

use lords::eventstore::GameId;
use serde_json::json;

use crate::common::admin_url;
use crate::common::app::{TestApp, spawn_app_with};
use crate::common::games::{Api, ok, play_concurrently, seat_table};

/// Connections of the app's workers (their `application_name`) to its database.
async fn worker_connections(admin: &sqlx::PgPool, db: &str) -> i64 {
    sqlx::query_scalar(
        "SELECT count(*) FROM pg_stat_activity \
         WHERE datname = $1 AND application_name LIKE '% worker'",
    )
    .bind(db)
    .fetch_one(admin)
    .await
    .unwrap()
}

async fn metric(app: &TestApp, name: &str) -> u64 {
    let text = app
        .client
        .get(app.url("/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("{name} in /metrics"))
        .parse()
        .unwrap()
}

#[tokio::test]
async fn workers_play_on_their_own_connections_and_close_them_on_shutdown() {
    let app = spawn_app_with(|c| {
        c.workers = Some(2);
        c.db_worker_connections = 1;
    })
    .await;
    let db: String = sqlx::query_scalar("SELECT current_database()")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let admin = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&admin_url())
        .await
        .unwrap();
    let api = Api::of(&app);
    let table = seat_table(&app, "own", json!({"players": 2})).await;
    let spare = seat_table(&app, "spare", json!({"players": 2})).await;

    // 24 views at once, two workers with one connection each: requests wait for their
    // worker's connection, none is refused, and no worker opens a second one.
    let views: Vec<_> = (0..24)
        .map(|i| {
            let (api, id, token) = (api.clone(), table.id.clone(), table.tokens[i % 2].clone());
            tokio::spawn(async move { api.get(&format!("/v1/games/{id}"), &token).await })
        })
        .collect();
    for v in views {
        ok(v.await.unwrap()).await;
    }
    let open = worker_connections(&admin, &db).await;
    assert!((1..=2).contains(&open), "{open} worker connections");
    assert!(metric(&app, "lords_db_worker_connections").await >= 1);

    // Requests that end in an error give their connection back through a ping (the request
    // stopped part-way): a stale version (412), another seat acting (422), a key replayed
    // (200 twice). The connections carry on, and none is added.
    let g = api.game(&spare.id, &spare.tokens[0]).await;
    let seat = g["view"]["awaiting"]["seat"].as_u64().unwrap();
    let version = g["version"].as_i64().unwrap();
    let legal = api.legal(&spare.id, spare.seat(seat)).await;
    let action = legal["actions"][0].clone();
    let post = |token: &str, tag: Option<i64>, key: Option<&str>| {
        let mut req = api
            .client
            .post(api.url(&spare.path("/actions")))
            .bearer_auth(token)
            .json(&action);
        if let Some(v) = tag {
            req = req.header("If-Match", format!("\"{v}\""));
        }
        if let Some(k) = key {
            req = req.header("Idempotency-Key", k);
        }
        req.send()
    };
    for _ in 0..4 {
        let stale = post(spare.seat(seat), Some(version - 1), None)
            .await
            .unwrap();
        assert_eq!(stale.status(), 412);
        let other = post(spare.seat(1 - seat), None, None).await.unwrap();
        assert_eq!(other.status(), 422, "not_your_turn");
    }
    let first = post(spare.seat(seat), Some(version), Some("once"))
        .await
        .unwrap();
    assert_eq!(first.status(), 200);
    let again = post(spare.seat(seat), Some(version), Some("once"))
        .await
        .unwrap();
    assert_eq!(again.status(), 200);
    let (first, again): (serde_json::Value, serde_json::Value) =
        (first.json().await.unwrap(), again.json().await.unwrap());
    assert_eq!(first["version"], again["version"]);
    let open = worker_connections(&admin, &db).await;
    assert!((1..=2).contains(&open), "{open} worker connections");

    // A whole game: views, long polls, legal actions and actions.
    assert!(play_concurrently(&api, &table, 11).await > 0);
    let report = lords::play::verify::verify_game(&app.state.store, table.game_id())
        .await
        .unwrap();
    assert!(report.ok, "{report:?}");

    // The database ends every connection of the app: the next reads and an action are
    // answered on new ones.
    let ended: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = $1 AND application_name LIKE '% worker') t",
    )
    .bind(&db)
    .fetch_one(&admin)
    .await
    .unwrap();
    assert!(ended >= 1, "worker connections were open");
    for token in &spare.tokens {
        ok(api.get(&spare.path(""), token).await).await;
    }
    let g = api.game(&spare.id, &spare.tokens[0]).await;
    let seat = g["view"]["awaiting"]["seat"].as_u64().unwrap();
    let legal = api.legal(&spare.id, spare.seat(seat)).await;
    let res = api
        .act(&spare.id, spare.seat(seat), &legal["actions"][0])
        .await;
    assert_eq!(res.status(), 200);
    let report =
        lords::play::verify::verify_game(&app.state.store, GameId(spare.id.parse().unwrap()))
            .await
            .unwrap();
    assert!(report.ok, "{report:?}");
    assert!(worker_connections(&admin, &db).await <= 2);

    // Shutdown closes them (the shared pool is the test's, closed with the test).
    app.trigger.shutdown().await;
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        let open = worker_connections(&admin, &db).await;
        if open == 0 {
            break;
        }
        assert!(
            Instant::now() < until,
            "{open} worker connections left after shutdown"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    admin.close().await;
}
