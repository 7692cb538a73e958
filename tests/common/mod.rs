//! Shared test support: a fresh PostgreSQL database per test.
#![allow(dead_code)]

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection, Executor, PgConnection, PgPool};
use std::str::FromStr;

/// The server tests create their databases on (trust auth for `postgres`).
pub fn admin_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_string())
}

/// A new, empty, migrated database; returns its pool and URL.
pub async fn fresh_database() -> (PgPool, String) {
    let admin = admin_url();
    let name = format!("lords_test_{}", uuid::Uuid::new_v4().simple());
    let mut conn = PgConnection::connect(&admin)
        .await
        .expect("connect to the test PostgreSQL (see README: Tests)");
    conn.execute(format!(r#"CREATE DATABASE "{name}""#).as_str())
        .await
        .expect("create test database");
    let opts = PgConnectOptions::from_str(&admin)
        .expect("TEST_DATABASE_URL")
        .database(&name);
    let pool = PgPoolOptions::new()
        .max_connections(8)
        .connect_with(opts)
        .await
        .expect("connect to fresh database");
    lords::store::MIGRATOR
        .run(&pool)
        .await
        .expect("migrations apply");
    let mut url = url_without_db(&admin);
    url.push_str(&name);
    (pool, url)
}

fn url_without_db(url: &str) -> String {
    // postgres://user@host:port/db?params -> postgres://user@host:port/
    let (base, _query) = url.split_once('?').unwrap_or((url, ""));
    match base.rfind('/') {
        Some(i) if i > "postgres://".len() => base[..=i].to_string(),
        _ => format!("{base}/"),
    }
}

pub mod app;
pub mod games;
