//! Shared test support: a fresh PostgreSQL database per test, dropped again when the test is
//! done with it (also when it fails).
//!
//! Nothing in a test has to clean up: the database made by [`fresh_database`] is dropped (`WITH
//! (FORCE)`, which also ends any connection still open on it) as soon as the last clone of its
//! pool goes away, and [`app::spawn_app`]'s server is stopped and its database dropped when the
//! `TestApp` is dropped. Databases a crashed run left behind are swept by `scripts/test`.
#![allow(dead_code)]

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection, Executor, PgConnection, PgPool};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Largest number of connections a test's pool opens (the in-process server shares it). Tests
/// run two to four at a time, each binary after the other: see `scripts/pg-peak`.
pub const TEST_POOL_MAX_CONNECTIONS: u32 = 5;

/// The server tests create their databases on (trust auth for `postgres`).
pub fn admin_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_string())
}

/// The worker nodes of a Citus cluster whose coordinator is [`admin_url`], from
/// `TEST_CITUS_WORKERS` (comma-separated admin URLs; `scripts/citus-check --tests` sets it).
/// With workers, each test database is made on every node with the `citus` extension, the
/// workers are added to it, and it is distributed after its migrations as `lords migrate
/// --distribute` does: the tests then run the server's statements on Citus.
pub fn citus_workers() -> Vec<String> {
    std::env::var("TEST_CITUS_WORKERS")
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

/// `url` with its database replaced by `name`.
fn on_database(url: &str, name: &str) -> String {
    let mut on = url_without_db(url);
    on.push_str(name);
    on
}

/// Makes database `name` (created on the coordinator and each worker) a Citus database: the
/// extension on every node, the coordinator's own address, the workers added.
async fn make_citus(name: &str, workers: &[String]) {
    for worker in workers {
        let mut conn = PgConnection::connect(&on_database(worker, name))
            .await
            .expect("connect to the test database on a Citus worker");
        conn.execute("CREATE EXTENSION IF NOT EXISTS citus")
            .await
            .expect("citus on a worker");
        let _ = conn.close().await;
    }
    let coordinator = on_database(&admin_url(), name);
    let mut conn = PgConnection::connect(&coordinator)
        .await
        .expect("connect to the test database on the Citus coordinator");
    conn.execute("CREATE EXTENSION IF NOT EXISTS citus")
        .await
        .expect("citus on the coordinator");
    let at = |url: &str| {
        let o = PgConnectOptions::from_str(url).expect("a Citus node's URL");
        (o.get_host().to_string(), i32::from(o.get_port()))
    };
    let (host, port) = at(&coordinator);
    sqlx::query("SELECT citus_set_coordinator_host($1, $2)")
        .bind(host)
        .bind(port)
        .execute(&mut conn)
        .await
        .expect("set the coordinator's address");
    for worker in workers {
        let (host, port) = at(worker);
        // Citus adds a node through a connection of its own to it, which another test's node
        // setup at the same moment can make fail: a few tries.
        let mut tries = 0;
        while let Err(e) = sqlx::query("SELECT citus_add_node($1, $2)")
            .bind(&host)
            .bind(port)
            .execute(&mut conn)
            .await
        {
            tries += 1;
            assert!(tries < 5, "add a Citus worker: {e}");
            tokio::time::sleep(Duration::from_millis(200 * tries)).await;
        }
    }
    let _ = conn.close().await;
}

/// A name for a new test database: `lords_test_<unix seconds>_<random>`. The time lets
/// `scripts/test` sweep only what earlier runs left behind.
pub fn test_database_name() -> String {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let random = uuid::Uuid::new_v4().simple().to_string();
    format!("lords_test_{now}_{}", &random[..16])
}

/// A database on the test server that is dropped (`WITH (FORCE)`) when the last clone of this
/// guard is dropped, or at once by [`TestDatabase::drop_now`].
#[derive(Clone)]
pub struct TestDatabase(Arc<DropDatabase>);

struct DropDatabase {
    name: String,
    dropped: AtomicBool,
}

impl TestDatabase {
    /// Creates an empty database (no migrations) and returns its guard and URL.
    pub async fn create() -> (TestDatabase, String) {
        let admin = admin_url();
        let name = test_database_name();
        create_database_on(&admin, &name).await;
        let workers = citus_workers();
        if !workers.is_empty() {
            for worker in &workers {
                create_database_on(worker, &name).await;
            }
            make_citus(&name, &workers).await;
        }
        Self::guarding(&admin, name)
    }

    /// The guard of database `name` on the server `admin` is a URL of, and its URL.
    fn guarding(admin: &str, name: String) -> (TestDatabase, String) {
        let mut url = url_without_db(admin);
        url.push_str(&name);
        (
            TestDatabase(Arc::new(DropDatabase {
                name,
                dropped: AtomicBool::new(false),
            })),
            url,
        )
    }

    /// Creates a copy of the database `template` (with no connection to it) and returns its
    /// guard and URL.
    async fn copy_of(template: &str) -> (TestDatabase, String) {
        let admin = admin_url();
        let name = test_database_name();
        let mut conn = PgConnection::connect(&admin)
            .await
            .unwrap_or_else(|e| panic!("connect to {admin} (see docs/testing.md): {e}"));
        conn.execute(format!(r#"CREATE DATABASE "{name}" TEMPLATE "{template}""#).as_str())
            .await
            .expect("copy the template database");
        let _ = conn.close().await;
        Self::guarding(&admin, name)
    }

    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// Drops the database now (ending its connections); later calls and drops do nothing.
    pub fn drop_now(&self) {
        self.0.drop_database();
    }
}

/// Creates database `name` on the server `admin` is a URL of.
async fn create_database_on(admin: &str, name: &str) {
    let mut conn = PgConnection::connect(admin)
        .await
        .unwrap_or_else(|e| panic!("connect to {admin} (see docs/testing.md): {e}"));
    conn.execute(format!(r#"CREATE DATABASE "{name}""#).as_str())
        .await
        .expect("create test database");
    let _ = conn.close().await;
}

impl DropDatabase {
    fn drop_database(&self) {
        if self.dropped.swap(true, Ordering::SeqCst) {
            return;
        }
        let name = self.name.clone();
        // Drop cannot await, and may run on a runtime's thread: a thread of its own, with its
        // own small runtime, does the work while this one waits (so the process cannot exit
        // before the database is gone).
        let done = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime to drop the test database");
            rt.block_on(drop_database(&name))
        })
        .join();
        match done {
            Ok(Ok(())) => {}
            Ok(Err(e)) => eprintln!("could not drop test database {}: {e}", self.name),
            Err(_) => eprintln!("could not drop test database {}: panicked", self.name),
        }
    }
}

impl Drop for DropDatabase {
    fn drop(&mut self) {
        self.drop_database();
    }
}

async fn drop_database(name: &str) -> Result<(), sqlx::Error> {
    drop_database_on(&admin_url(), name).await?;
    for worker in citus_workers() {
        drop_database_on(&worker, name).await?;
    }
    Ok(())
}

async fn drop_database_on(admin: &str, name: &str) -> Result<(), sqlx::Error> {
    let mut conn = PgConnection::connect(admin).await?;
    let statement = format!(r#"DROP DATABASE IF EXISTS "{name}" WITH (FORCE)"#);
    // A connection that sneaks in while the database is being dropped makes the drop fail
    // ("being accessed by other users"): try again a few times.
    let mut result = Ok(());
    for attempt in 0..5 {
        result = conn.execute(statement.as_str()).await.map(|_| ());
        if result.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100 << attempt)).await;
    }
    let _ = conn.close().await;
    result
}

/// A new, empty, migrated database; returns its pool and URL. The database is dropped when the
/// last clone of the pool is dropped.
pub async fn fresh_database() -> (PgPool, String) {
    let (pool, url, _guard) = fresh_database_guarded().await;
    (pool, url)
}

/// The migrated database each test's database is copied from (`CREATE DATABASE … TEMPLATE`):
/// migrating once per test process instead of once per test. Named as test databases are (a
/// run killed before its end leaves one that the next `scripts/test` sweeps), dropped when the
/// process exits ([`drop_template`]).
static TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();

/// Makes [`TEMPLATE`]: an empty database, migrated, left with no connection (a template
/// cannot be copied while someone is connected to it).
async fn make_template() -> String {
    let name = test_database_name();
    create_database_on(&admin_url(), &name).await;
    let opts = PgConnectOptions::from_str(&admin_url())
        .expect("TEST_DATABASE_URL")
        .database(&name);
    let mut conn = PgConnection::connect_with(&opts)
        .await
        .expect("connect to the template database");
    lords::eventstore::MIGRATOR
        .run(&mut conn)
        .await
        .expect("migrations apply");
    conn.close().await.expect("close the template's connection");
    name
}

/// Drops [`TEMPLATE`] as the test process exits.
#[ctor::dtor]
fn drop_template() {
    if let Some(name) = TEMPLATE.get() {
        DropDatabase {
            name: name.clone(),
            dropped: AtomicBool::new(false),
        }
        .drop_database();
    }
}

/// [`fresh_database`], also returning the database's guard (to drop it at a chosen moment).
pub async fn fresh_database_guarded() -> (PgPool, String, TestDatabase) {
    // On Citus each database is made a coordinator of its own workers: no template.
    let citus = !citus_workers().is_empty();
    let (guard, url) = if citus {
        TestDatabase::create().await
    } else {
        TestDatabase::copy_of(TEMPLATE.get_or_init(make_template).await).await
    };
    let opts = PgConnectOptions::from_str(&admin_url())
        .expect("TEST_DATABASE_URL")
        .database(guard.name());
    // The pool owns a clone of the guard (in a callback it keeps until the pool itself is
    // gone), so the database lives exactly as long as some clone of the pool.
    let owned = guard.clone();
    let pool = PgPoolOptions::new()
        .max_connections(TEST_POOL_MAX_CONNECTIONS)
        .after_connect(move |_conn, _meta| {
            let _owned = &owned;
            Box::pin(async { Ok(()) })
        })
        .connect_with(opts)
        .await
        .expect("connect to fresh database");
    if citus {
        lords::eventstore::MIGRATOR
            .run(&pool)
            .await
            .expect("migrations apply");
        lords::eventstore::distribute::distribute(&pool)
            .await
            .expect("the tables distributed on Citus");
    }
    (pool, url, guard)
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
pub mod browser;
pub mod budgets;
pub mod games;
pub mod receiver;
pub mod smtp;
pub mod sse;
