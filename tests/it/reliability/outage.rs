//! A database outage: the server runs on a private PostgreSQL cluster, over its unix socket (the
//! embedded mode) or TCP (`DATABASE_URL`), with the pool `serve` makes; the cluster is stopped
//! like a crash. Requests then
//! fail fast with 503 `service_unavailable`, `/readyz` says not ready, and once the cluster is
//! back the same server process serves again, without a restart.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use lords::config::DatabaseArgs;
use lords::eventstore::GameId;
use lords::startup::embedded::{self, EmbeddedPg};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use serde_json::{Value, json};

use super::api::{Api, Step};
use crate::common::app::{spawn_app_on, spawn_app_with};

/// Generous: a request that takes this long during an outage is hanging, not failing fast.
const FAIL_FAST: Duration = Duration::from_secs(10);
/// How long the server may take to serve again once the database is back.
const RECOVERY: Duration = Duration::from_secs(20);

/// `pg_ctl <args> -D <pgdata>`, as the `postgres` user when we are root (as `serve` runs it).
fn pg_ctl(pgdata: &Path, args: &[&str]) -> std::process::Output {
    let bin = embedded::find_binaries(None)
        .unwrap()
        .bin_dir
        .join("pg_ctl");
    let root = std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    let mut cmd = if root {
        let mut c = std::process::Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(bin);
        c
    } else {
        std::process::Command::new(bin)
    };
    cmd.args(args)
        .arg("-D")
        .arg(pgdata)
        .current_dir("/")
        .output()
        .unwrap()
}

/// How the server reaches the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Via {
    /// The embedded mode: a unix socket in the cluster's directory, no TCP.
    Socket,
    /// The external mode (`DATABASE_URL`): TCP on a free port of 127.0.0.1.
    Tcp,
}

/// A private cluster under a temp directory, initialised by the embedded mode's own code, then
/// started and stopped here; stopped and removed when dropped.
struct Cluster {
    dir: PathBuf,
    pgdata: PathBuf,
    via: Via,
    port: u16,
}

impl Cluster {
    async fn create(via: Via) -> Cluster {
        let dir = std::env::temp_dir().join(format!(
            "lords-outage-{}",
            &uuid::Uuid::new_v4().simple().to_string()[..12]
        ));
        // initdb, the first start and the `lords` database, as `lords serve` does them.
        let pg = EmbeddedPg::start(&DatabaseArgs::embedded(&dir))
            .await
            .unwrap();
        let pgdata = pg.pgdata();
        pg.stop().await;
        let port = match via {
            Via::Socket => 5432,
            Via::Tcp => std::net::TcpListener::bind("127.0.0.1:0")
                .unwrap()
                .local_addr()
                .unwrap()
                .port(),
        };
        let cluster = Cluster {
            dir,
            pgdata,
            via,
            port,
        };
        cluster.start();
        cluster
    }

    fn start(&self) {
        let listen = match self.via {
            Via::Socket => "''",
            Via::Tcp => "127.0.0.1",
        };
        let socket_dir = self.dir.join("pg");
        let options = format!(
            "-c listen_addresses={listen} -k '{}' -p {}",
            socket_dir.display(),
            self.port
        );
        let log = socket_dir.join("postgresql.log");
        let out = pg_ctl(
            &self.pgdata,
            &[
                "start",
                "-w",
                "-t",
                "60",
                "-l",
                log.to_str().unwrap(),
                "-o",
                &options,
            ],
        );
        assert!(out.status.success(), "pg_ctl start: {out:?}");
    }

    /// Like a crash: no checkpoint, connections cut.
    fn stop_immediately(&self) {
        let out = pg_ctl(&self.pgdata, &["stop", "-m", "immediate", "-w"]);
        assert!(out.status.success(), "pg_ctl stop: {out:?}");
    }

    /// The pool `lords serve` would make for this cluster, migrations applied; in the embedded
    /// mode also the adopted cluster (dropping it stops the cluster).
    async fn pool(&self) -> (sqlx::PgPool, Option<EmbeddedPg>) {
        let args = match self.via {
            Via::Socket => DatabaseArgs::embedded(&self.dir),
            Via::Tcp => {
                DatabaseArgs::external(format!("postgres://lords@127.0.0.1:{}/lords", self.port))
            }
        };
        embedded::connect(&args).await.unwrap()
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = pg_ctl(&self.pgdata, &["stop", "-m", "immediate", "-w"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Sends a request and asserts a fast 503 `service_unavailable`; returns how long it took.
async fn fails_fast(what: &str, req: reqwest::RequestBuilder) -> Duration {
    let started = Instant::now();
    let res = tokio::time::timeout(FAIL_FAST, req.send())
        .await
        .unwrap_or_else(|_| panic!("{what} hangs during the outage"))
        .unwrap();
    let elapsed = started.elapsed();
    assert!(res.headers().contains_key("retry-after"), "{what}");
    let status = res.status().as_u16();
    let ct = res.headers()["content-type"].to_str().unwrap().to_string();
    let body: Value = res.json().await.unwrap();
    assert_eq!(status, 503, "{what}: {body}");
    assert_eq!(ct, "application/problem+json", "{what}");
    assert_eq!(body["code"], "service_unavailable", "{what}: {body}");
    elapsed
}

#[tokio::test]
async fn a_database_outage_over_the_unix_socket_answers_503_fast_and_the_same_server_recovers() {
    outage(Via::Socket).await;
}

#[tokio::test]
async fn a_database_outage_over_tcp_answers_503_fast_and_the_same_server_recovers() {
    outage(Via::Tcp).await;
}

async fn outage(via: Via) {
    let cluster = Cluster::create(via).await;
    let (pool, _adopted) = cluster.pool().await;
    let app = spawn_app_on(pool.clone(), "embedded".into(), |_| {}).await;
    let api = Api::new(app.address.clone());
    let tokens = api.sign_up_many("outage", 2).await;
    let table = api.started_game(&tokens).await;
    let mut rng = StdRng::seed_from_u64(0x0dd);
    for _ in 0..3 {
        assert!(matches!(
            api.random_step(&table, &mut rng).await.unwrap(),
            Step::Applied(_)
        ));
    }

    // Clients keep reading while the cluster goes down: each gets 200 or 503, never a 500.
    let readers: Vec<_> = (0..8)
        .map(|_| {
            let (api, token, path) = (api.clone(), tokens[0].clone(), table.path(""));
            tokio::spawn(async move {
                let mut statuses = Vec::new();
                let until = Instant::now() + Duration::from_secs(2);
                while Instant::now() < until {
                    let res = api.get(&token, &path).await.unwrap();
                    statuses.push(res.status().as_u16());
                }
                statuses
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let stopped_at = Instant::now();
    cluster.stop_immediately();
    let mut during = Vec::new();
    for r in readers {
        during.extend(r.await.unwrap());
    }
    assert!(
        during.iter().all(|s| *s == 200 || *s == 503),
        "statuses while the database went down: {during:?}"
    );
    assert!(during.contains(&503), "{during:?}");

    let token = &tokens[0];
    let auth = |req: reqwest::RequestBuilder| req.bearer_auth(token);
    let c = &api.client;
    // At once: over TCP each one waits out the pool's acquire timeout.
    let requests = [
        ("the view", auth(c.get(api.url(&table.path(""))))),
        (
            "legal actions",
            auth(c.get(api.url(&table.path("/legal-actions")))),
        ),
        (
            "an action",
            auth(c.post(api.url(&table.path("/actions")))).json(&json!({"type": "pass"})),
        ),
        ("the events", auth(c.get(api.url(&table.path("/events"))))),
        ("the lobby", auth(c.get(api.url("/v1/games")))),
        (
            "a new game",
            auth(c.post(api.url("/v1/games"))).json(&json!({"players": 2})),
        ),
        ("the account", auth(c.get(api.url("/v1/me")))),
        (
            "a login",
            c.post(api.url("/v1/auth/token"))
                .json(&json!({"username": "outage0", "password": super::api::PASSWORD})),
        ),
        ("readiness", c.get(api.url("/readyz"))),
    ];
    let slowest = futures_util::future::join_all(
        requests
            .into_iter()
            .map(|(what, req)| fails_fast(what, req)),
    )
    .await
    .into_iter()
    .max()
    .unwrap();
    // Liveness needs no database.
    assert_eq!(
        api.client
            .get(api.url("/healthz"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    let down_for = stopped_at.elapsed();

    // The cluster comes back (crash recovery included); the same server process serves again.
    cluster.start();
    let back_at = Instant::now();
    let mut attempts = 0;
    loop {
        attempts += 1;
        let res = api.get(token, &table.path("")).await.unwrap();
        if res.status() == 200 {
            break;
        }
        assert_eq!(res.status(), 503);
        assert!(back_at.elapsed() < RECOVERY, "still 503 after {RECOVERY:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let recovered_in = back_at.elapsed();
    assert_eq!(
        api.client
            .get(api.url("/readyz"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );

    // Actions work again, and long polls are woken again (the listener reconnected).
    let (awaited, v) = api.awaited(&table).await;
    let poll = {
        let (api, token, path) = (
            api.clone(),
            tokens[0].clone(),
            table.path(&format!("?after_version={v}&wait=30")),
        );
        tokio::spawn(async move {
            let started = Instant::now();
            let body = api.get_json(&token, &path).await;
            (body, started.elapsed())
        })
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    let seat_token = &tokens[awaited.unwrap() as usize];
    let (_, legal) = api.legal_actions(seat_token, &table).await;
    let action = legal.choose(&mut rng).unwrap();
    let res = api.act(seat_token, &table, action, Some(v)).await.unwrap();
    assert_eq!(res.status(), 200);
    let (body, waited) = poll.await.unwrap();
    assert!(body["version"].as_i64().unwrap() > v, "{body}");
    assert!(
        waited < Duration::from_secs(20),
        "the long poll was not woken"
    );

    let report = lords::play::verify::verify_game(&app.state.store, GameId(table.id))
        .await
        .unwrap();
    assert!(report.ok, "{report:?}");
    eprintln!(
        "outage via {via:?}: {} reads while going down ({} answered 503); slowest 503 {slowest:?}; down \
         {down_for:?}; served again {recovered_in:?} after the cluster was back \
         ({attempts} attempts); long poll woken after {waited:?}",
        during.len(),
        during.iter().filter(|s| **s == 503).count()
    );

    app.trigger.shutdown().await;
    pool.close().await;
}

#[tokio::test]
async fn connections_the_database_ends_mid_request_answer_503_and_the_server_carries_on() {
    connections_ended_mid_request(0).await;
}

#[tokio::test]
async fn workers_own_connections_the_database_ends_mid_request_are_replaced_too() {
    connections_ended_mid_request(1).await;
}

/// With `worker_connections` per HTTP worker (`store/local.rs`), or none (the shared pool).
async fn connections_ended_mid_request(worker_connections: u32) {
    // What a `pg_ctl stop -m fast`, a failover or an administrator does to open sessions:
    // pg_terminate_backend (57P01) on this test database's connections, every few ms.
    let app = spawn_app_with(|c| c.db_worker_connections = worker_connections).await;
    let api = Api::new(app.address.clone());
    let tokens = api.sign_up_many("severed", 2).await;
    let table = api.started_game(&tokens).await;
    let db: String = sqlx::query_scalar("SELECT current_database()")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let admin = sqlx::PgPool::connect(&crate::common::admin_url())
        .await
        .unwrap();
    let storm = Duration::from_secs(3);
    let readers: Vec<_> = (0..8)
        .map(|i| {
            let (api, token, table) = (api.clone(), tokens[i % 2].clone(), table.clone());
            tokio::spawn(async move {
                let mut statuses = Vec::new();
                let until = Instant::now() + storm;
                while Instant::now() < until {
                    let path = match statuses.len() % 3 {
                        0 => table.path(""),
                        1 => table.path("/legal-actions"),
                        _ => table.path("/events"),
                    };
                    let res = api.get(&token, &path).await.unwrap();
                    let status = res.status().as_u16();
                    let body: Value = res.json().await.unwrap();
                    if status == 503 {
                        assert_eq!(body["code"], "service_unavailable", "{body}");
                    }
                    statuses.push(status);
                }
                statuses
            })
        })
        .collect();
    let until = Instant::now() + storm;
    let mut terminated = 0i64;
    while Instant::now() < until {
        terminated += sqlx::query_scalar::<_, i64>(
            "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = $1 AND pid <> pg_backend_pid()) t",
        )
        .bind(&db)
        .fetch_one(&admin)
        .await
        .unwrap();
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let mut statuses = Vec::new();
    for r in readers {
        statuses.extend(r.await.unwrap());
    }
    let unavailable = statuses.iter().filter(|s| **s == 503).count();
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 503),
        "statuses while connections were cut: {statuses:?}"
    );
    assert!(
        terminated > 0 && unavailable > 0,
        "no connection was cut mid-request"
    );

    // The pool replaces what was cut: reads and actions work again at once.
    let (seat, version) = api.awaited(&table).await;
    let token = &tokens[seat.unwrap() as usize];
    let (_, legal) = api.legal_actions(token, &table).await;
    let res = api
        .act(token, &table, &legal[0], Some(version))
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let report = lords::play::verify::verify_game(&app.state.store, GameId(table.id))
        .await
        .unwrap();
    assert!(report.ok, "{report:?}");
    eprintln!(
        "severed connections: {terminated} terminated, {} reads, {unavailable} answered 503",
        statuses.len()
    );
}
