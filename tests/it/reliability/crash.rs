//! A killed server loses nothing it answered: the real binary plays several games at once, is
//! SIGKILLed mid-play, restarts on the same database and port, and every action it answered 200
//! is in its stream, every game replays, `lords verify --all` passes, and play goes on.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lords::eventstore::{GameId, Store};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rules::Seat;
use sqlx::PgPool;

use super::api::{Api, Applied, Step, Table};
use super::trials;
use crate::common::app::{TEST_JWT_SECRET, TEST_RATES};
use crate::common::fresh_database;

const BIN: &str = env!("CARGO_BIN_EXE_lords");

/// The tests that start `lords serve` processes run one at a time: each process holds about nine
/// connections even when idle (its workers' pools and listeners), so two such tests side by side
/// would take the suite past its budget of 40. A test takes [`one_at_a_time`] first.
static SERVER_TESTS: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Waits for the other tests that start `lords serve` processes; held until the test ends
/// (passed or panicked).
pub(super) async fn one_at_a_time() -> tokio::sync::MutexGuard<'static, ()> {
    SERVER_TESTS.lock().await
}

/// `lords serve` on a given database and port, its stderr appended to a log file.
pub(super) struct Server {
    child: Child,
    log: PathBuf,
}

impl Server {
    pub(super) fn start(db_url: &str, port: u16, log: &Path) -> Server {
        Server::start_with(db_url, port, log, &[])
    }

    /// [`Server::start`] with more environment variables.
    pub(super) fn start_with(db_url: &str, port: u16, log: &Path, env: &[(&str, &str)]) -> Server {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .unwrap();
        let child = Command::new(BIN)
            .arg("serve")
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("RUST_LOG", "info")
            .env("DATABASE_URL", db_url)
            .env("LORDS_JWT_SECRET", TEST_JWT_SECRET)
            .env("LORDS_LISTEN", format!("127.0.0.1:{port}"))
            .env("LORDS_WORKERS", "2")
            // Small pools: two tests run at once, each with up to two servers, and the whole
            // suite stays under 40 connections. A test's `env` may ask for more.
            .env("LORDS_DB_MAX_CONNECTIONS", "4")
            .env("LORDS_FANOUT_CONCURRENCY", "1")
            .env("LORDS_WEBHOOK_CONCURRENCY", "1")
            // The tests' players act as fast as the server answers, far over a person's
            // request budgets (tests/it/rate_limits.rs has their own tests).
            .envs(TEST_RATES)
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(file)
            .spawn()
            .expect("start lords serve");
        Server {
            child,
            log: log.to_path_buf(),
        }
    }

    /// Waits until `/readyz` answers 200.
    pub(super) async fn ready(&mut self, api: &Api) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(res) = api.client.get(api.url("/readyz")).send().await
                && res.status() == 200
            {
                return;
            }
            if let Some(status) = self.child.try_wait().unwrap() {
                panic!("lords serve exited ({status}):\n{}", self.log_tail());
            }
            assert!(Instant::now() < deadline, "not ready:\n{}", self.log_tail());
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// SIGKILL: no graceful shutdown, no chance to finish anything.
    pub(super) fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    pub(super) fn log_tail(&self) -> String {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = log.lines().collect();
        lines[lines.len().saturating_sub(30)..].join("\n")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(super) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `lords verify --all` on the database; its exit status and output.
pub(super) async fn verify_all_command(db_url: &str) -> std::process::Output {
    tokio::process::Command::new(BIN)
        .args(["verify", "--all"])
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", db_url)
        .output()
        .await
        .unwrap()
}

/// Every action answered 200 is in its game's stream, by its seat, and every game replays.
async fn check_nothing_answered_was_lost(pool: &PgPool, tables: &[Table], applied: &[Applied]) {
    let store = Store::new(pool.clone());
    for a in applied {
        let loaded = store.load(GameId(a.game)).await.unwrap();
        assert!(
            loaded.version() >= a.version,
            "game {} has {} events, but version {} was answered 200",
            a.game,
            loaded.version(),
            a.version
        );
        let event = &loaded.events[a.version as usize - 1];
        assert_eq!(event.seq, a.version);
        assert_eq!(event.seat, Some(Seat(a.seat)), "{event:?}");
    }
    for t in tables {
        let report = lords::play::verify::verify_game(&store, GameId(t.id))
            .await
            .unwrap();
        assert!(report.ok, "{report:?}");
    }
}

#[tokio::test]
async fn a_server_killed_mid_play_keeps_every_action_it_answered_and_plays_on_after_restart() {
    let _one_at_a_time = one_at_a_time().await;
    let (pool, db_url) = fresh_database().await;
    let port = free_port();
    let log = std::env::temp_dir().join(format!("lords-crash-{}.log", uuid::Uuid::new_v4()));
    let api = Api::new(format!("http://127.0.0.1:{port}"));
    let mut server = Server::start(&db_url, port, &log);
    server.ready(&api).await;
    let tokens = api.sign_up_many("crash", 5).await;

    let tables: Arc<Mutex<Vec<Table>>> = Arc::default();
    let applied: Arc<Mutex<Vec<Applied>>> = Arc::default();
    let cycles = trials("LORDS_CRASH_CYCLES", 1);
    let mut rng = StdRng::seed_from_u64(0xc4a5);
    for cycle in 0..cycles {
        // Four games at once (2 to 5 players); a finished game is replaced by a new one.
        let mut drivers = Vec::new();
        for players in 2..=5 {
            let (api, tokens, tables, applied) = (
                api.clone(),
                tokens[..players].to_vec(),
                tables.clone(),
                applied.clone(),
            );
            let seed = rng.random::<u64>();
            drivers.push(tokio::spawn(async move {
                let mut rng = StdRng::seed_from_u64(seed);
                let mut table = api.started_game(&tokens).await;
                tables.lock().unwrap().push(table.clone());
                loop {
                    match api.random_step(&table, &mut rng).await {
                        Ok(Step::Applied(a)) => applied.lock().unwrap().push(a),
                        Ok(Step::Finished) => match api.try_started_game(&tokens).await {
                            Ok(t) => {
                                table = t;
                                tables.lock().unwrap().push(table.clone());
                            }
                            Err(_) => return,
                        },
                        // The server is gone.
                        Err(_) => return,
                    }
                }
            }));
        }
        let before = applied.lock().unwrap().len();
        let kill_after = before + rng.random_range(40..160);
        let deadline = Instant::now() + Duration::from_secs(120);
        while applied.lock().unwrap().len() < kill_after {
            assert!(
                drivers.iter().all(|d| !d.is_finished()),
                "a driver stopped before the kill:\n{}",
                server.log_tail()
            );
            assert!(
                Instant::now() < deadline,
                "too slow:\n{}",
                server.log_tail()
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        server.kill();
        for d in drivers {
            d.await.expect("a driver panicked");
        }
        let (tables_now, applied_now) = (
            tables.lock().unwrap().clone(),
            applied.lock().unwrap().clone(),
        );
        eprintln!(
            "crash cycle {cycle}: killed after {} actions answered 200 in total, {} games",
            applied_now.len(),
            tables_now.len()
        );

        server = Server::start(&db_url, port, &log);
        server.ready(&api).await;
        check_nothing_answered_was_lost(&pool, &tables_now, &applied_now).await;
        let out = verify_all_command(&db_url).await;
        assert!(
            out.status.success(),
            "lords verify --all: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    // After the restart the games go on: one begun before the last kill is played to its end.
    let mut table = None;
    let all = tables.lock().unwrap().clone();
    for t in all.into_iter().rev() {
        if api.awaited(&t).await.0.is_some() {
            table = Some(t);
            break;
        }
    }
    let table = table.expect("a game still in play");
    let mut steps = 0;
    while let Step::Applied(a) = api.random_step(&table, &mut rng).await.unwrap() {
        applied.lock().unwrap().push(a);
        steps += 1;
        assert!(steps < 2_000, "the game does not end");
    }
    let (tables, applied) = (
        tables.lock().unwrap().clone(),
        applied.lock().unwrap().clone(),
    );
    check_nothing_answered_was_lost(&pool, &tables, &applied).await;
    let out = verify_all_command(&db_url).await;
    assert!(out.status.success(), "{out:?}");
    // Games created by a request the kill interrupted are verified too.
    let verified = String::from_utf8_lossy(&out.stdout).lines().count();
    assert!(verified >= tables.len(), "{verified} < {}", tables.len());
    eprintln!(
        "crash: {cycles} kill/restart cycle(s), {} actions answered 200 all found, {} games \
         verified, {steps} actions after the last restart",
        applied.len(),
        tables.len()
    );
    drop(server);
    let _ = std::fs::remove_file(&log);
    let _ = std::io::stderr().flush();
}
