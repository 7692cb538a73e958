//! Long polls on `GET /v1/games/{id}?after_version=N&wait=S`: they return at once when the game
//! is already past N, after S seconds when nothing happens, and promptly when someone acts, even
//! when the action goes through another server process on the same database.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::app::{TEST_JWT_SECRET, TEST_RATES, spawn_app};
use common::games::{Api, Table, ok, seat_table};
use serde_json::{Value, json};

/// The awaited seat's token with its first legal action, the other seat's token, and the version.
async fn awaited_and_other(api: &Api, table: &Table) -> (String, Value, String, i64) {
    let g = api.game(&table.id, table.seat(0)).await;
    let seat = g["view"]["awaiting"]["seat"].as_u64().unwrap();
    let actor = table.seat(seat).to_string();
    let legal = api.legal(&table.id, &actor).await;
    let other = table.seat(1 - seat).to_string();
    let version = legal["version"].as_i64().unwrap();
    (actor, legal["actions"][0].clone(), other, version)
}

/// Starts a long poll in the background; resolves to how long it took and what it returned.
fn poll(
    api: &Api,
    table: &Table,
    token: &str,
    after: i64,
    wait: u64,
) -> tokio::task::JoinHandle<(Duration, Value)> {
    let api = api.clone();
    let path = table.path(&format!("?after_version={after}&wait={wait}"));
    let token = token.to_string();
    tokio::spawn(async move {
        let started = Instant::now();
        let g = api.get_ok(&path, &token).await;
        (started.elapsed(), g)
    })
}

/// Long enough for a poll to be waiting on the server before the action it waits for.
const SETTLE: Duration = Duration::from_millis(500);
/// "Promptly": far below the poll's own wait.
const PROMPT: Duration = Duration::from_secs(5);

#[tokio::test]
async fn a_long_poll_past_a_version_the_game_already_passed_returns_at_once() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let version = api.version(&table.id, table.seat(0)).await;
    let (took, g) = poll(&api, &table, table.seat(0), version - 1, 20)
        .await
        .unwrap();
    assert!(took < PROMPT, "{took:?}");
    assert_eq!(g["version"], version);
    assert_eq!(g["your_seat"], 0);
}

#[tokio::test]
async fn a_long_poll_that_nothing_wakes_returns_the_same_version_after_its_wait() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let version = api.version(&table.id, table.seat(0)).await;
    let (took, g) = poll(&api, &table, table.seat(1), version, 1).await.unwrap();
    assert!(took >= Duration::from_secs(1), "{took:?}");
    assert!(took < PROMPT, "{took:?}");
    assert_eq!(g["version"], version);
}

#[tokio::test]
async fn a_long_poll_wakes_promptly_when_another_player_acts() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let (actor, action, waiter, version) = awaited_and_other(&api, &table).await;
    let waiting = poll(&api, &table, &waiter, version, 20);
    tokio::time::sleep(SETTLE).await;
    let done = ok(api.act(&table.id, &actor, &action).await).await;
    let (took, g) = waiting.await.unwrap();
    assert!(took < PROMPT, "{took:?}");
    assert_eq!(g["version"], done["version"]);
    assert!(g["version"].as_i64().unwrap() > version);
}

/// A `lords serve` child process, killed when dropped (also when a test fails half-way).
struct ChildServer {
    child: std::process::Child,
    base: String,
    lines: mpsc::Receiver<String>,
}

impl ChildServer {
    /// Starts the real binary on `database_url` with the in-process app's JWT secret, on a port
    /// of its own choosing (read from its "listening on" log line), and waits until it is ready.
    async fn start(database_url: &str) -> ChildServer {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lords"))
            .arg("serve")
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("DATABASE_URL", database_url)
            .env("LORDS_JWT_SECRET", TEST_JWT_SECRET)
            .envs(TEST_RATES)
            .env("LORDS_LISTEN", "127.0.0.1:0")
            .env("LORDS_WORKERS", "1")
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start lords serve");
        let stderr = child.stderr.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut server = ChildServer {
            child,
            base: String::new(),
            lines,
        };
        // Never block the test's runtime: the in-process app's listener task runs on it.
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut log = Vec::new();
        while server.base.is_empty() {
            while let Ok(line) = server.lines.try_recv() {
                if let Some(at) = line.find("listening on http://") {
                    let rest = &line[at + "listening on ".len()..];
                    server.base = rest.split_whitespace().next().unwrap().to_string();
                }
                log.push(line);
            }
            assert!(
                Instant::now() < deadline,
                "lords serve did not start (exit: {:?}); log:\n{}",
                server.child.try_wait(),
                log.join("\n")
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let api = Api::at(&server.base);
        loop {
            if let Ok(res) = api.client.get(api.url("/readyz")).send().await
                && res.status() == 200
            {
                break;
            }
            assert!(Instant::now() < deadline, "/readyz never became ready");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        server
    }
}

impl Drop for ChildServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            let log: Vec<String> = self.lines.try_iter().collect();
            eprintln!("lords serve log:\n{}", log.join("\n"));
        }
    }
}

#[tokio::test]
async fn a_long_poll_on_one_server_process_wakes_for_an_action_submitted_on_another() {
    let app = spawn_app().await;
    let local = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let child = ChildServer::start(&app.db_url).await;
    let remote = Api::at(&child.base);
    // The same game, the same tokens, on both processes.
    assert_eq!(
        remote.game(&table.id, table.seat(0)).await,
        local.game(&table.id, table.seat(0)).await
    );

    for (waits_on, acts_on) in [(&remote, &local), (&local, &remote)] {
        let (actor, action, waiter, version) = awaited_and_other(acts_on, &table).await;
        let waiting = poll(waits_on, &table, &waiter, version, 20);
        tokio::time::sleep(SETTLE).await;
        let done = ok(acts_on.act(&table.id, &actor, &action).await).await;
        let (took, g) = waiting.await.unwrap();
        assert!(took < PROMPT, "woke after {took:?}");
        assert_eq!(g["version"], done["version"]);
        assert!(g["version"].as_i64().unwrap() > version);
    }
    drop(child);
}
