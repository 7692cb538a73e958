//! Operations: liveness, readiness, Prometheus metrics, graceful shutdown.

use crate::common;

use std::time::Duration;

use common::app::{problem, spawn_app, spawn_app_with};
use serde_json::{Value, json};

#[tokio::test]
async fn healthz_returns_200_ok() {
    let app = spawn_app().await;
    let res = app.get("/healthz").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Value>().await.unwrap(), json!({"status": "ok"}));
}

#[tokio::test]
async fn readyz_returns_200_when_the_database_is_migrated() {
    let app = spawn_app().await;
    let res = app.get("/readyz").await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.json::<Value>().await.unwrap(),
        json!({"status": "ready"})
    );
}

#[tokio::test]
async fn readyz_returns_503_migrations_pending_when_a_migration_is_missing() {
    let app = spawn_app().await;
    sqlx::query(
        "DELETE FROM _sqlx_migrations WHERE version = (SELECT max(version) FROM _sqlx_migrations)",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    problem(app.get("/readyz").await, 503, "migrations_pending").await;
}

#[tokio::test]
async fn metrics_count_a_request_just_made_under_its_route_pattern() {
    let app = spawn_app().await;
    assert_eq!(app.get("/v1/cards").await.status(), 200);
    assert_eq!(app.get("/no/such/thing").await.status(), 404);
    assert_eq!(app.get("/v1/me").await.status(), 401);
    // A game route, named by the resource itself rather than by walking the routes again.
    let game = "/v1/games/00000000-0000-4000-8000-000000000001/legal-actions";
    assert_eq!(app.get(game).await.status(), 401);
    app.state.metrics.action_applied();

    let res = app.get("/metrics").await;
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain; version=0.0.4")
    );
    let text = res.text().await.unwrap();
    for line in [
        r#"http_requests_total{route="/v1/cards",method="GET",status="200"} 1"#,
        r#"http_requests_total{route="unmatched",method="GET",status="404"} 1"#,
        r#"http_requests_total{route="/v1/me",method="GET",status="401"} 1"#,
        r#"http_requests_total{route="/v1/games/{id}/legal-actions",method="GET",status="401"} 1"#,
        r#"http_request_duration_seconds_count{route="/v1/cards"} 1"#,
        r#"http_request_duration_seconds_bucket{route="/v1/cards",le="+Inf"} 1"#,
        "lords_actions_applied_total 1",
        "# TYPE lords_games gauge",
    ] {
        assert!(text.contains(line), "missing {line} in\n{text}");
    }
    let pool_max = format!(
        "lords_db_pool_max_connections {}",
        common::TEST_POOL_MAX_CONNECTIONS
    );
    assert!(text.contains(&pool_max), "missing {pool_max} in\n{text}");
    assert!(text.contains(r#"lords_db_pool_connections{state="idle"} "#));
    assert!(text.contains(r#"lords_db_pool_connections{state="in_use"} "#));
    // The raw path of an unmatched request never becomes a label.
    assert!(!text.contains("/no/such/thing"));
    assert!(!text.contains("00000000-0000-4000-8000-000000000001"));
}

#[tokio::test]
async fn with_metrics_listen_set_metrics_move_to_that_address_and_the_api_port_answers_404() {
    // A port free a moment ago (the application binds it again at once).
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let metrics_at = free.local_addr().unwrap();
    drop(free);
    let app = spawn_app_with(|c| c.metrics_listen = Some(metrics_at.to_string())).await;
    assert_eq!(app.get("/v1/cards").await.status(), 200);

    problem(app.get("/metrics").await, 404, "not_found").await;
    let res = app
        .client
        .get(format!("http://{metrics_at}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let text = res.text().await.unwrap();
    assert!(
        text.contains(r#"http_requests_total{route="/v1/cards",method="GET",status="200"} 1"#),
        "{text}"
    );
    // Nothing but /metrics there.
    let res = app
        .client
        .get(format!("http://{metrics_at}/v1/cards"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 404);
}

#[tokio::test]
async fn metrics_count_games_by_status_at_scrape_time() {
    let app = spawn_app().await;
    let text = app.get("/metrics").await.text().await.unwrap();
    assert!(text.contains("# TYPE lords_games gauge"), "{text}");
    assert!(!text.contains("lords_games{"), "no games yet: {text}");

    let created: Value = app
        .create_account("fordun", "chronicle1384")
        .await
        .json()
        .await
        .unwrap();
    let owner = uuid::Uuid::parse_str(created["id"].as_str().unwrap()).unwrap();
    for status in ["open", "open", "finished"] {
        sqlx::query(
            "INSERT INTO games (id, status, options, created_by) VALUES ($1, $2, '{}', $3)",
        )
        .bind(uuid::Uuid::now_v7())
        .bind(status)
        .bind(owner)
        .execute(&app.pool)
        .await
        .unwrap();
    }
    let text = app.get("/metrics").await.text().await.unwrap();
    assert!(text.contains(r#"lords_games{status="open"} 2"#), "{text}");
    assert!(
        text.contains(r#"lords_games{status="finished"} 1"#),
        "{text}"
    );
}

#[tokio::test]
async fn shutdown_releases_waiters_on_the_signal_and_stops_the_server() {
    let app = spawn_app().await;
    let signal = app.state.shutdown.clone();
    assert!(!signal.is_shutting_down());
    let waiter = tokio::spawn(async move { signal.wait().await });

    app.trigger.shutdown().await;
    tokio::time::timeout(Duration::from_secs(5), waiter)
        .await
        .expect("the signal fires")
        .unwrap();
    assert!(app.state.shutdown.is_shutting_down());
    let url = app.url("/healthz");
    let served = tokio::time::timeout(Duration::from_secs(10), app.server)
        .await
        .expect("the server stops");
    assert!(served.unwrap().is_ok());
    assert!(app.client.get(url).send().await.is_err());
}
