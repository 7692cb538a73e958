//! `lords log-monitor` against real servers over HTTP (docs/audit.md, "Watching the log"): it
//! keeps the first head and accepts later heads that extend it; a server that shows another
//! history under the same key, or a head the kept key did not sign, is caught (exit 1) and the
//! state is kept; a check that cannot be made exits 2 and keeps the state too.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use common::app::{TestApp, spawn_app, spawn_app_with};
use common::games::{Api, seat_table};
use lords::proofs::signing::LogKey;
use serde_json::{Value, json};

/// A directory for state files, removed with what is in it when the test is done.
struct StateDir(PathBuf);

impl StateDir {
    fn new() -> StateDir {
        let dir = std::env::temp_dir().join(format!(
            "lords-log-monitor-{}",
            &uuid::Uuid::new_v4().simple().to_string()[..12]
        ));
        std::fs::create_dir_all(&dir).unwrap();
        StateDir(dir)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for StateDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What one run of the monitor did: its exit code and its verdict line (if it printed one).
struct Run {
    code: Option<i32>,
    verdict: Value,
    stderr: String,
}

async fn monitor(url: &str, state: &Path, key: Option<&str>) -> Run {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_lords"));
    command
        .args(["log-monitor", "--url", url, "--state"])
        .arg(state)
        .kill_on_drop(true);
    if let Some(key) = key {
        command.args(["--key", key]);
    }
    let out = command.output().await.expect("run lords log-monitor");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.len() <= 1, "one verdict line at most: {stdout}");
    Run {
        code: out.status.code(),
        verdict: lines
            .first()
            .map_or(Value::Null, |l| serde_json::from_str(l).unwrap()),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The newest signed tree head once the log holds `size` leaves.
async fn head_of_size(app: &TestApp, size: u64) -> Value {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let res = app.get("/v1/transparency/sth").await;
        if res.status() == 200 {
            let sth: Value = res.json().await.unwrap();
            if sth["tree_size"].as_u64().unwrap() >= size {
                return sth;
            }
        }
        assert!(
            Instant::now() < until,
            "the log never reached {size} leaves"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Ends a two-player game by a resignation; the log grows by its leaf.
async fn finish_a_game(app: &TestApp, prefix: &str) {
    let table = seat_table(app, prefix, json!({"players": 2})).await;
    let res = Api::of(app)
        .post(&table.path("/resign"), table.seat(1), &json!({}))
        .await;
    assert_eq!(res.status(), 200);
}

fn state_of(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// A fresh signing key as `--log-signing-key` takes it.
fn configured_key() -> String {
    URL_SAFE_NO_PAD.encode(LogKey::generate_pkcs8().unwrap())
}

#[tokio::test]
async fn a_monitor_keeps_the_first_head_and_accepts_each_later_head_that_extends_it() {
    let app = spawn_app().await;
    let dir = StateDir::new();
    let state = dir.file("state.json");
    head_of_size(&app, 0).await;

    let run = monitor(&app.address, &state, None).await;
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.verdict["ok"], true);
    assert_eq!(run.verdict["tree_size"], 0);
    assert_eq!(run.verdict["previous_size"], Value::Null);
    let published: Value = app.get("/v1/transparency/key").await.json().await.unwrap();
    let kept = state_of(&state);
    assert_eq!(kept["key"], published["public_key"]);
    assert_eq!(kept["sth"]["tree_size"], 0);

    // The empty tree is a prefix of every tree: no proof is asked for.
    finish_a_game(&app, "ayr").await;
    head_of_size(&app, 1).await;
    let run = monitor(&app.address, &state, None).await;
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.verdict["tree_size"], 1);
    assert_eq!(run.verdict["previous_size"], 0);
    assert_eq!(run.verdict["checked"], "from_empty_tree");

    finish_a_game(&app, "fife").await;
    finish_a_game(&app, "mull").await;
    let sth = head_of_size(&app, 3).await;
    let run = monitor(&app.address, &state, None).await;
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.verdict["ok"], true);
    assert_eq!(run.verdict["tree_size"], 3);
    assert_eq!(run.verdict["previous_size"], 1);
    assert_eq!(run.verdict["checked"], "consistency_proof");
    assert_eq!(state_of(&state)["sth"], sth);

    // Nothing new: the same tree again.
    let run = monitor(&app.address, &state, None).await;
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.verdict["tree_size"], 3);
    assert_eq!(run.verdict["previous_size"], 3);
    assert_eq!(run.verdict["checked"], "same_tree");
}

#[tokio::test]
async fn a_server_showing_another_history_under_the_same_key_is_a_split_view_naming_both_sizes() {
    let key = configured_key();
    let a = spawn_app_with(|c| c.log_signing_key = Some(key.clone())).await;
    let b = spawn_app_with(|c| c.log_signing_key = Some(key.clone())).await;
    let dir = StateDir::new();
    let state = dir.file("state.json");
    finish_a_game(&a, "bute").await;
    head_of_size(&a, 1).await;
    let run = monitor(&a.address, &state, None).await;
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let kept = std::fs::read(&state).unwrap();

    // The same size, another game in the leaf: another root.
    finish_a_game(&b, "bute").await;
    let other_head = head_of_size(&b, 1).await;
    let run = monitor(&b.address, &state, None).await;
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(run.verdict["ok"], false);
    assert_eq!(run.verdict["problem"], "split_view");
    assert_eq!(run.verdict["tree_size"], 1);
    assert_eq!(run.verdict["previous_size"], 1);
    // The head served is in the verdict: with the kept one, the evidence.
    assert_eq!(run.verdict["sth"], other_head);
    assert_eq!(std::fs::read(&state).unwrap(), kept);

    // A larger tree whose consistency proof does not start from the head seen before.
    finish_a_game(&b, "arran").await;
    head_of_size(&b, 2).await;
    let run = monitor(&b.address, &state, None).await;
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(run.verdict["problem"], "split_view");
    assert_eq!(run.verdict["tree_size"], 2);
    assert_eq!(run.verdict["previous_size"], 1);
    assert_eq!(std::fs::read(&state).unwrap(), kept);

    // The history first seen still passes.
    let run = monitor(&a.address, &state, None).await;
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[tokio::test]
async fn a_head_the_kept_key_did_not_sign_is_a_bad_signature_and_a_wrong_pinned_key_is_refused() {
    let a = spawn_app().await;
    let other = spawn_app().await;
    let dir = StateDir::new();
    let state = dir.file("state.json");
    head_of_size(&a, 0).await;
    head_of_size(&other, 0).await;
    let run = monitor(&a.address, &state, None).await;
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let kept = std::fs::read(&state).unwrap();

    let run = monitor(&other.address, &state, None).await;
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(run.verdict["problem"], "bad_signature");
    assert_eq!(run.verdict["tree_size"], 0);
    assert_eq!(std::fs::read(&state).unwrap(), kept);

    // A first run pinned to a's key refuses the other server's key and keeps nothing.
    let a_key = state_of(&state)["key"].as_str().unwrap().to_string();
    let pinned = dir.file("pinned.json");
    let run = monitor(&other.address, &pinned, Some(&a_key)).await;
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(run.verdict["problem"], "key_mismatch");
    assert!(!pinned.exists());
    let run = monitor(&a.address, &pinned, Some(&a_key)).await;
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(state_of(&pinned)["key"], a_key);
}

#[tokio::test]
async fn a_check_that_cannot_be_made_exits_2_and_keeps_the_state_as_it_was() {
    let app = spawn_app().await;
    // No sequencer has signed a head on this one: 503 log_not_ready.
    let unsigned = spawn_app_with(|c| c.log_poll = None).await;
    let dir = StateDir::new();
    let state = dir.file("state.json");
    head_of_size(&app, 0).await;
    let run = monitor(&app.address, &state, None).await;
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let kept = std::fs::read(&state).unwrap();

    // A port nothing listens on any more.
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}", listener.local_addr().unwrap())
    };
    let run = monitor(&closed, &state, None).await;
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(run.verdict, Value::Null);
    assert_eq!(std::fs::read(&state).unwrap(), kept);

    let fresh = dir.file("fresh.json");
    let run = monitor(&unsigned.address, &fresh, None).await;
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("log_not_ready"), "{}", run.stderr);
    assert!(!fresh.exists());

    // A state file that cannot be read is not taken for a first run, nor replaced.
    let broken = dir.file("broken.json");
    std::fs::write(&broken, b"not a state").unwrap();
    let run = monitor(&app.address, &broken, None).await;
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_eq!(std::fs::read(&broken).unwrap(), b"not a state");

    // A key that is not 32 bytes of base64 is refused before anything is fetched.
    let run = monitor(&app.address, &fresh, Some(&STANDARD.encode([1u8; 31]))).await;
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(!fresh.exists());
}
