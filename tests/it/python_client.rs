//! The Python programs of `clients/python` against the real server. The client's examples, run
//! with `python3` on the `lords_client` package of the checkout: `play.py` plays a whole game with
//! two personal tokens, and `bot.py` (on `Session`) joins a private game from its bot account's
//! stream and plays it to the end against a person, answers challenges (declines one too fast for
//! it, accepts and plays the next), and restarts safely. The package's wheel, built and installed
//! alone in a fresh virtual environment, plays a whole game as a bot at one request per decision;
//! `Session`'s own tests (`clients/python/tests`) run against a scripted server. The pinned
//! packages they need are in `clients/python/requirements-dev.txt` (`.ci/run` installs them); the
//! package's freshness is checked in `tests/it/openapi.rs`. And the independent verifier,
//! `lords_verify.py`, which shares nothing with the server: it proves a finished game's record,
//! the receipts its players were given and its place in the transparency log, and names the check
//! that each tampering breaks.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use common::app::{TestApp, spawn_app};
use common::games::{Api, Table, create_game, ok, play_seat, seat_table, your_turns};
use lords::proofs::signing::LogKey;
use serde_json::{Value, json};
use tokio::process::{Child, Command};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `python3 clients/python/examples/<script> <args>` with the generated package on its path.
fn example(script: &str, args: &[&str]) -> Command {
    let mut command = Command::new("python3");
    command
        .arg(root().join("clients/python/examples").join(script))
        .args(args)
        .current_dir(root())
        .env("PYTHONPATH", root().join("clients/python/lords-client"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("PYTHONUNBUFFERED", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    command
}

/// Waits for an example to end; its output, or a panic with it when it failed.
async fn finished(child: Child, script: &str) -> String {
    let output = child.wait_with_output().await.expect("python3 runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "{script} failed:\n{text}");
    eprintln!("{script}:\n{text}");
    text
}

/// The game id on the line `game <id> finished ...` of an example's output.
fn finished_game(output: &str) -> String {
    output
        .lines()
        .find_map(|line| {
            let rest = line.strip_prefix("game ")?;
            let (id, rest) = rest.split_once(' ')?;
            rest.starts_with("finished").then(|| id.to_string())
        })
        .unwrap_or_else(|| panic!("no finished game in:\n{output}"))
}

/// A personal token holding `scopes`, made by the account's session (`POST /v1/me/tokens`),
/// with no expiry.
async fn personal_token(app: &TestApp, session: &str, scopes: &[&str]) -> String {
    let res = app
        .client
        .post(app.url("/v1/me/tokens"))
        .bearer_auth(session)
        .json(&json!({"name": "python example", "scopes": scopes, "expires_in_days": null}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let created: Value = res.json().await.unwrap();
    created["token"].as_str().unwrap().to_string()
}

/// The caller's `GET /v1/games/{id}`, asserting 200.
async fn game(app: &TestApp, id: &str, token: &str) -> Value {
    let res = app.get_with_token(&format!("/v1/games/{id}"), token).await;
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

#[tokio::test]
async fn play_py_plays_a_whole_game_with_two_personal_tokens() {
    let app = spawn_app().await;
    let scopes = ["game:read", "game:play", "lobby:write", "account:read"];
    let alice = app.signed_up("py_alice").await;
    let bob = app.signed_up("py_bob").await;
    let alice_token = personal_token(&app, &alice, &scopes).await;
    let bob_token = personal_token(&app, &bob, &scopes).await;

    let child = example(
        "play.py",
        &[
            "--url",
            &app.address,
            "--token",
            &alice_token,
            "--token",
            &bob_token,
        ],
    )
    .spawn()
    .expect("python3 runs");
    let output = finished(child, "play.py").await;

    let id = finished_game(&output);
    let g = game(&app, &id, &alice).await;
    assert_eq!(g["game"]["status"], "finished");
    assert!(g["game"]["result"]["scores"].is_array(), "{g}");
    let seated: Vec<&str> = g["game"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["username"].as_str().unwrap())
        .collect();
    assert_eq!(seated, ["py_alice", "py_bob"]);
    // The tokens did the playing: each was used.
    for session in [&alice, &bob] {
        let res = app.get_with_token("/v1/me/tokens", session).await;
        assert_eq!(res.status(), 200);
        let tokens: Value = res.json().await.unwrap();
        assert!(tokens["tokens"][0]["last_used_at"].is_string(), "{tokens}");
    }
}

#[tokio::test]
async fn bot_py_joins_a_private_game_from_its_stream_and_plays_it_to_the_end() {
    let app = spawn_app().await;
    let host = app.signed_up("py_host").await;
    let robot = app.signed_up("py_robot").await;
    let res = app
        .client
        .post(app.url("/v1/me/bot"))
        .bearer_auth(&robot)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let converted: Value = res.json().await.unwrap();
    assert_eq!(converted["account"]["bot"], true);
    let bot_token = converted["token"]["token"].as_str().unwrap().to_string();

    let mut bot = example(
        "bot.py",
        &["--url", &app.address, "--token", &bot_token, "--games", "1"],
    )
    .spawn()
    .expect("python3 runs");

    let id = create_game(&app, &host, &json!({"players": 2, "visibility": "private"})).await;
    let res = app
        .client
        .post(app.url(&format!("/v1/games/{id}/invitations")))
        .bearer_auth(&host)
        .json(&json!({"username": "py_robot"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);

    // The host's seat is played here; the bot's by the script, once it has joined.
    let api = Api::of(&app);
    tokio::select! {
        _ = play_seat(api, id.clone(), host.clone(), 0, 7) => {}
        _ = bot.wait() => {
            let output = finished(bot, "bot.py").await;
            panic!("bot.py ended before the game did:\n{output}");
        }
    }
    let output = finished(bot, "bot.py").await;
    assert!(output.contains(&format!("joined {id}")), "{output}");
    assert_eq!(finished_game(&output), id);

    let g = game(&app, &id, &host).await;
    assert_eq!(g["game"]["status"], "finished");
    let robot_seat = g["game"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["username"] == "py_robot")
        .cloned()
        .unwrap_or_else(|| panic!("the bot is not seated: {g}"));
    assert_eq!(robot_seat["seat"], 1);
    assert_eq!(robot_seat["bot_account"], true, "{robot_seat}");
}

#[tokio::test]
async fn bot_py_registers_in_a_tournament_and_plays_its_first_round() {
    let app = crate::tournaments::app().await;
    let host = app.signed_up("py_organiser").await;
    let robot = app.signed_up("py_entrant").await;
    let bot_token = app.made_bot(&robot).await;
    let api = Api::of(&app);
    let made = crate::common::games::created(
        api.post(
            "/v1/tournaments",
            &host,
            &json!({"name": "Py cup", "format": "swiss", "table_size": 2, "rounds": 3,
                    "min_players": 2, "max_players": 2, "bots_allowed": true, "target_score": 10}),
        )
        .await,
    )
    .await;
    let tournament = made["id"].as_str().unwrap().to_string();
    let mut bot = example(
        "bot.py",
        &[
            "--url",
            &app.address,
            "--token",
            &bot_token,
            "--games",
            "1",
            "--tournament",
            &tournament,
        ],
    )
    .spawn()
    .expect("python3 runs");
    // Once the bot is registered, the organiser joins and starts it.
    let path = format!("/v1/tournaments/{tournament}");
    for _ in 0..300 {
        if api.get_ok(&path, &host).await["players"]
            .as_array()
            .unwrap()
            .len()
            == 1
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    crate::common::games::ok(api.post(&format!("{path}/join"), &host, &json!({})).await).await;
    let started =
        crate::common::games::ok(api.post(&format!("{path}/start"), &host, &json!({})).await).await;
    let table = &started["pairings"][0]["tables"][0];
    let id = table["game_id"].as_str().unwrap().to_string();
    let seat = table["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["username"] == "py_organiser")
        .unwrap()["seat"]
        .as_u64()
        .unwrap();
    tokio::select! {
        _ = play_seat(api, id.clone(), host.clone(), seat, 11) => {}
        _ = bot.wait() => {
            let output = finished(bot, "bot.py").await;
            panic!("bot.py ended before the game did:\n{output}");
        }
    }
    let output = finished(bot, "bot.py").await;
    assert!(
        output.contains("registered in tournament 'Py cup'"),
        "{output}"
    );
    assert!(output.contains(&format!("round 1, game {id}")), "{output}");
    assert_eq!(finished_game(&output), id);
}

#[tokio::test]
async fn bot_py_declines_a_challenge_too_fast_for_it_accepts_the_next_and_plays_its_game() {
    let app = spawn_app().await;
    let host = app.signed_up("py_challenger").await;
    let robot = app.signed_up("py_challenged").await;
    let res = app
        .client
        .post(app.url("/v1/me/bot"))
        .bearer_auth(&robot)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let converted: Value = res.json().await.unwrap();
    let bot_token = converted["token"]["token"].as_str().unwrap().to_string();
    let mut bot = example(
        "bot.py",
        &[
            "--url",
            &app.address,
            "--token",
            &bot_token,
            "--games",
            "1",
            "--min-turn-s",
            "60",
        ],
    )
    .spawn()
    .expect("python3 runs");

    let challenge = |body: Value| {
        let app = &app;
        let host = &host;
        async move {
            let res = app
                .client
                .post(app.url("/v1/challenges"))
                .bearer_auth(host)
                .json(&body)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 201);
            res.json::<Value>().await.unwrap()["id"]
                .as_str()
                .unwrap()
                .to_string()
        }
    };
    let fast = challenge(json!({"to": ["py_challenged"], "turn_time_limit_s": 30})).await;
    let slow = challenge(json!({"to": ["py_challenged"], "rated": false})).await;
    // The host waits for the game the bot's acceptance makes, then plays its seat.
    let until = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let id = loop {
        let c: Value = app
            .get_with_token(&format!("/v1/challenges/{slow}"), &host)
            .await
            .json()
            .await
            .unwrap();
        if let Some(id) = c["game_id"].as_str() {
            break id.to_string();
        }
        assert!(std::time::Instant::now() < until, "not accepted: {c}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    let seat = game(&app, &id, &host).await["your_seat"].as_u64().unwrap();
    let api = Api::of(&app);
    tokio::select! {
        _ = play_seat(api, id.clone(), host.clone(), seat, 11) => {}
        _ = bot.wait() => {
            let output = finished(bot, "bot.py").await;
            panic!("bot.py ended before the game did:\n{output}");
        }
    }
    let output = finished(bot, "bot.py").await;
    assert!(
        output.contains(&format!("declined challenge {fast} (too_fast)")),
        "{output}"
    );
    assert!(
        output.contains(&format!("accepted challenge {slow}")),
        "{output}"
    );
    assert_eq!(finished_game(&output), id);
    let declined: Value = app
        .get_with_token(&format!("/v1/challenges/{fast}"), &host)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(declined["state"], "declined");
    assert_eq!(declined["to"][0]["reason"], "too_fast");
}

#[tokio::test]
async fn session_reconnects_waits_out_retry_after_and_raises_problem_codes_against_a_scripted_server()
 {
    // clients/python/tests: what a real server rarely does on cue (a dropped stream, 429, 503).
    let child = Command::new("python3")
        .args(["-m", "unittest", "discover", "-v", "-s"])
        .arg(root().join("clients/python/tests"))
        .current_dir(root())
        .env("PYTHONPATH", root().join("clients/python/lords-client"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("python3 runs");
    let output = finished(child, "test_session.py").await;
    assert!(output.contains("OK"), "{output}");
}

/// Invites `username` to a new private game of `host`'s; the game's id.
async fn invite(app: &TestApp, host: &str, username: &str) -> String {
    let id = create_game(app, host, &json!({"players": 2, "visibility": "private"})).await;
    let res = Api::of(app)
        .post(
            &format!("/v1/games/{id}/invitations"),
            host,
            &json!({"username": username}),
        )
        .await;
    assert_eq!(res.status(), 201);
    id
}

/// The notification id on the line `N game(s) played; last notification ID` of bot.py.
fn last_notification(output: &str) -> String {
    output
        .lines()
        .find_map(|line| {
            line.split_once("; last notification ")
                .map(|(_, id)| id.trim())
        })
        .unwrap_or_else(|| panic!("no last notification in:\n{output}"))
        .to_string()
}

/// Runs bot.py with `args` while the host plays seat 0 of `id`; its output.
async fn bot_plays(app: &TestApp, host: &str, id: &str, args: &[&str]) -> String {
    let mut bot = example("bot.py", args).spawn().expect("python3 runs");
    let api = Api::of(app);
    tokio::select! {
        _ = play_seat(api, id.to_string(), host.to_string(), 0, 13) => {}
        _ = bot.wait() => {
            let output = finished(bot, "bot.py").await;
            panic!("bot.py ended before the game did:\n{output}");
        }
    }
    finished(bot, "bot.py").await
}

#[tokio::test]
async fn bot_py_takes_an_invitation_from_the_state_and_resumes_after_the_id_it_printed() {
    let app = spawn_app().await;
    let host = app.signed_up("py_resume_host").await;
    let robot = app.signed_up("py_resumed").await;
    let token = app.made_bot(&robot).await;
    let base = ["--url", &app.address, "--token", &token, "--games", "1"];

    // Invited while it was not running: the state event that opens its stream has it.
    let first = invite(&app, &host, "py_resumed").await;
    let output = bot_plays(&app, &host, &first, &base).await;
    assert!(
        output.contains("0 game(s) awaiting, 1 invitation(s), 0 challenge(s)"),
        "{output}"
    );
    assert!(output.contains(&format!("joined {first}")), "{output}");
    assert_eq!(finished_game(&output), first);

    // Invited again while it was down, restarted with the last id it printed: no state, the
    // notifications after that id, so the invitation arrives as one.
    let after = last_notification(&output);
    let second = invite(&app, &host, "py_resumed").await;
    let args: Vec<&str> = base.iter().copied().chain(["--after", &after]).collect();
    let output = bot_plays(&app, &host, &second, &args).await;
    assert!(!output.contains("state at notification"), "{output}");
    assert!(output.contains(&format!("joined {second}")), "{output}");
    assert_eq!(finished_game(&output), second);
}

/// Runs a command to its end, panicking with its output when it fails.
async fn succeeds(command: &mut Command, what: &str) {
    let output = command
        .stdin(Stdio::null())
        .kill_on_drop(true)
        .output()
        .await
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        output.status.success(),
        "{what} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The package's wheel (`pip wheel`, with the build backend `.ci/run` installed: no index is
/// asked), installed without its dependencies in a fresh virtual environment that sees the
/// system's packages (its run-time dependencies, pinned in requirements.txt): that venv's python.
async fn venv_with_the_wheel(files: &Scratch) -> PathBuf {
    let dist = files.0.join("dist");
    let package = root().join("clients/python/lords-client");
    succeeds(
        Command::new("python3")
            .args(["-m", "pip", "wheel", "-q", "--no-deps", "--no-index"])
            .arg("--no-build-isolation")
            .arg("-w")
            .arg(&dist)
            .arg(&package),
        "pip wheel",
    )
    .await;
    let wheel = std::fs::read_dir(&dist)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| path.extension().is_some_and(|e| e == "whl"))
        .expect("a wheel");
    let venv = files.0.join("venv");
    succeeds(
        Command::new("python3")
            .args(["-m", "venv", "--system-site-packages"])
            .arg(&venv),
        "python3 -m venv",
    )
    .await;
    let python = venv.join("bin/python");
    succeeds(
        Command::new(&python)
            .args(["-m", "pip", "install", "-q", "--no-deps", "--no-index"])
            .arg(&wheel),
        "pip install",
    )
    .await;
    python
}

/// The bot of the wheel test: joins the game, then plays its seat from `Session.stream_me()`,
/// counting its requests (an httpx event hook) and its decisions (the calls of `choose`).
const WHEEL_BOT: &str = r#"
import os
import random
import sys
from uuid import UUID

import httpx
import lords_client
from lords_client import Action, Session, State, Turn
from lords_client.api.games import join_game
from lords_client.models import EventDto, NotificationKind

assert lords_client.__file__.startswith(sys.prefix), f"not the venv's: {lords_client.__file__}"
game = UUID(os.environ["GAME"])
rng = random.Random(3)
requests: list[str] = []
decisions = 0


def count(request: httpx.Request) -> None:
    requests.append(f"{request.method} {request.url.path}")


def choose(turn: Turn) -> Action:
    global decisions
    decisions += 1
    return rng.choice(turn.actions)


with Session(os.environ["BASE"], os.environ["TOKEN"]) as session:
    session.call(join_game.sync_detailed, game)
    session.http.event_hooks = {"request": [count], "response": []}
    for event in session.stream_me():
        if isinstance(event, State):
            turns = [turn for turn in event.games if turn.game_id == game]
        elif event.game_id != game:
            continue
        elif event.kind == NotificationKind.GAME_ENDED:
            print(f"game {game} finished: place {event.payload['place']}")
            break
        else:
            turn = Turn.of(event)
            turns = [] if turn is None else [turn]
        for turn in turns:
            before, chosen = len(requests), decisions
            session.decide(turn, choose)
            assert len(requests) - before == decisions - chosen, requests[before:]

    streams = requests.count("GET /v1/me/stream")
    actions = requests.count(f"POST /v1/games/{game}/actions")
    assert streams + actions == len(requests), requests
    assert actions == decisions > 0, (actions, decisions)
    print(f"{decisions} decisions, {actions} action requests, {streams} stream connection(s)")

    # The game's stream, read to its end: it ends after the game's last event.
    events = [event for event in session.stream_game(game) if isinstance(event, EventDto)]
    assert [event.seq for event in events] == list(range(1, len(events) + 1)), events
    assert events[-1].event.type_ == "game_ended", events[-1]
    print(f"the game's stream ended after {len(events)} events")
"#;

#[tokio::test]
async fn the_wheel_alone_in_a_fresh_venv_plays_a_whole_game_as_a_bot_at_one_request_per_decision() {
    let files = Scratch::new("wheel");
    let python = venv_with_the_wheel(&files).await;
    let script = files.write("bot_game.py", WHEEL_BOT);

    let app = spawn_app().await;
    let host = app.signed_up("py_wheel_host").await;
    let robot = app.signed_up("py_wheel_bot").await;
    let token = app.made_bot(&robot).await;
    let id = create_game(&app, &host, &json!({"players": 2})).await;
    let mut bot = Command::new(&python);
    bot.arg(&script)
        .current_dir(&files.0)
        .env("BASE", &app.address)
        .env("TOKEN", &token)
        .env("GAME", &id)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("PYTHONUNBUFFERED", "1")
        .env_remove("PYTHONPATH")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let mut bot = bot.spawn().expect("the venv's python runs");

    let api = Api::of(&app);
    tokio::select! {
        _ = play_seat(api, id.clone(), host.clone(), 0, 5) => {}
        _ = bot.wait() => {
            let output = finished(bot, "the wheel's bot").await;
            panic!("the bot ended before the game did:\n{output}");
        }
    }
    let output = finished(bot, "the wheel's bot").await;
    assert_eq!(finished_game(&output), id);
    assert!(output.contains(" action requests, "), "{output}");
    assert!(
        output.contains("the game's stream ended after "),
        "{output}"
    );
    let g = game(&app, &id, &host).await;
    assert_eq!(g["game"]["status"], "finished");
    assert_eq!(g["game"]["seats"][1]["username"], "py_wheel_bot", "{g}");
}

/// A directory for one test's files, removed when the test ends, passed or failed.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("lords-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What `lords_verify.py` said: its exit code, and each verdict line as (verdict, check).
struct Verdicts {
    code: Option<i32>,
    lines: Vec<(String, String)>,
    output: String,
}

impl Verdicts {
    /// The checks whose verdict is `verdict`.
    fn with(&self, verdict: &str) -> BTreeSet<&str> {
        let lines = self.lines.iter().filter(|(v, _)| v == verdict);
        lines.map(|(_, check)| check.as_str()).collect()
    }
}

/// Every check `lords_verify.py` makes when it is given receipts.
const CHECKS: [&str; 7] = [
    "format",
    "chain",
    "shuffles",
    "receipts",
    "receipt signatures",
    "log inclusion",
    "log signature",
];

/// `python3 clients/python/lords_verify.py RECORD --receipts RECEIPTS [--key KEY]`, on these texts.
async fn verify(files: &Scratch, record: &str, receipts: &str, key: Option<&str>) -> Verdicts {
    let record = files.write("record.json", record);
    let receipts = files.write("receipts.json", receipts);
    let mut command = Command::new("python3");
    command
        .arg(root().join("clients/python/lords_verify.py"))
        .arg(&record)
        .arg("--receipts")
        .arg(&receipts)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .stdin(Stdio::null())
        .kill_on_drop(true);
    if let Some(key) = key {
        command.args(["--key", key]);
    }
    let out = command.output().await.expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let output = format!("{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(!output.contains("Traceback"), "{output}");
    let lines = stdout
        .lines()
        .map(|line| {
            let (verdict, rest) = line.split_once(' ').unwrap_or((line, ""));
            let check = rest.trim_start().split_once(':').map_or("", |(c, _)| c);
            (verdict.to_string(), check.to_string())
        })
        .collect();
    Verdicts {
        code: out.status.code(),
        lines,
        output,
    }
}

/// `text` with the first `from` after the last `anchor` replaced by `to`: the record's raw text
/// is edited in place, since its events' bytes (key order included) are what the hashes cover.
fn edited(text: &str, anchor: &str, from: &str, to: &str) -> String {
    let start = text
        .rfind(anchor)
        .unwrap_or_else(|| panic!("no {anchor} in {text}"));
    let at = start
        + text[start..]
            .find(from)
            .unwrap_or_else(|| panic!("no {from} after {anchor}"));
    format!("{}{to}{}", &text[..at], &text[at + from.len()..])
}

/// A hex string with its first digit changed.
fn other_hex(hex: &str) -> String {
    let first = if hex.starts_with('0') { "1" } else { "0" };
    format!("{first}{}", &hex[1..])
}

/// Base64 bytes with one bit of the first byte flipped.
fn other_base64(b64: &Value) -> String {
    let mut bytes = STANDARD.decode(b64.as_str().unwrap()).unwrap();
    bytes[0] ^= 1;
    STANDARD.encode(bytes)
}

/// The record's raw text once the log holds the game.
async fn logged_record(app: &TestApp, table: &Table) -> String {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let res = Api::of(app)
            .get(&table.path("/record"), table.seat(0))
            .await;
        assert_eq!(res.status(), 200);
        let text = res.text().await.unwrap();
        let record: Value = serde_json::from_str(&text).unwrap();
        if !record["transparency"].is_null() {
            return text;
        }
        assert!(Instant::now() < until, "the game was never logged");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A two-player game played a few actions and resigned, with every receipt a player collects
/// on the way: views (the current version and an earlier one), the answers to actions, the
/// `your_turn` notifications' payloads, and the resignation's answer.
async fn receipted_game(app: &TestApp) -> (Table, Vec<Value>) {
    let api = Api::of(app);
    let table = seat_table(app, "py_audit", json!({"players": 2})).await;
    let mut receipts = Vec::new();
    for seat in 0..2 {
        receipts.push(api.game(&table.id, table.seat(seat)).await["receipt"].clone());
    }
    let then = api
        .get_ok(&format!("/v1/games/{}?at=1", table.id), table.seat(1))
        .await;
    receipts.push(then["receipt"].clone());
    for _ in 0..4 {
        let view = api.game(&table.id, table.seat(0)).await;
        let seat = view["view"]["awaiting"]["seat"].as_u64().unwrap();
        let legal = api.legal(&table.id, table.seat(seat)).await;
        let acted = ok(api
            .act(&table.id, table.seat(seat), &legal["actions"][0])
            .await)
        .await;
        receipts.push(acted["receipt"].clone());
    }
    let turns = your_turns(&app.pool, table.game_id()).await;
    assert!(!turns.is_empty());
    receipts.extend(turns.iter().map(|turn| turn["receipt"].clone()));
    let resigned = ok(api
        .post(&table.path("/resign"), table.seat(1), &json!({}))
        .await)
    .await;
    receipts.push(resigned["receipt"].clone());
    assert!(receipts.iter().all(Value::is_object), "{receipts:?}");
    (table, receipts)
}

#[tokio::test]
async fn lords_verify_py_proves_a_record_and_fails_exactly_the_checks_a_tampering_breaks() {
    let app = spawn_app().await;
    let key: Value = app.get("/v1/transparency/key").await.json().await.unwrap();
    let key = key["public_key"].as_str().unwrap().to_string();
    // Another game ends first, so the audited game's tree has two leaves and its inclusion path
    // a hash to alter.
    let first = seat_table(&app, "py_first", json!({"players": 2})).await;
    ok(Api::of(&app)
        .post(&first.path("/resign"), first.seat(1), &json!({}))
        .await)
    .await;
    let (table, receipts) = receipted_game(&app).await;
    let record = logged_record(&app, &table).await;
    let parsed: Value = serde_json::from_str(&record).unwrap();
    let text = |r: &[Value]| serde_json::to_string(r).unwrap();
    let given = text(&receipts);
    let files = Scratch::new("verify");

    let good = verify(&files, &record, &given, Some(&key)).await;
    eprintln!("lords_verify.py:\n{}", good.output);
    assert_eq!(good.code, Some(0), "{}", good.output);
    let checks: Vec<&str> = good.lines.iter().map(|(_, c)| c.as_str()).collect();
    assert_eq!(checks, CHECKS, "{}", good.output);
    assert_eq!(good.with("ok").len(), CHECKS.len(), "{}", good.output);

    // Without a key nothing proves who signed: the signatures are skipped, and the exit says so.
    let unkeyed = verify(&files, &record, &given, None).await;
    assert_eq!(unkeyed.code, Some(2), "{}", unkeyed.output);
    let skipped = BTreeSet::from(["receipt signatures", "log signature"]);
    assert_eq!(unkeyed.with("skip"), skipped, "{}", unkeyed.output);
    assert!(unkeyed.with("FAIL").is_empty(), "{}", unkeyed.output);

    // The record's raw text altered in one place each.
    let shuffle = record.find("\"type\":\"deck_shuffled\"").unwrap();
    let order = shuffle + record[shuffle..].find("\"order\":[").unwrap() + "\"order\":[".len();
    let card = if record.as_bytes()[order] == b'1' {
        "2"
    } else {
        "1"
    };
    let card_changed = format!("{}{card}{}", &record[..order], &record[order + 1..]);
    let salt = parsed["salt"].as_str().unwrap();
    let salt_field = format!("\"salt\":\"{salt}\"");
    assert_eq!(record.matches(&salt_field).count(), 1);
    let salt_changed = record.replace(&salt_field, &format!("\"salt\":\"{}\"", other_hex(salt)));
    let head = parsed["head"]["hash"].as_str().unwrap();
    let head_changed = edited(
        &record,
        "\"head\":{",
        &format!("\"hash\":\"{head}\""),
        &format!("\"hash\":\"{}\"", other_hex(head)),
    );
    let path = &parsed["transparency"]["inclusion_path"];
    assert!(!path.as_array().unwrap().is_empty(), "{path}");
    let path_changed = edited(
        &record,
        "\"inclusion_path\":[",
        &path[0].to_string(),
        &json!(other_base64(&path[0])).to_string(),
    );
    let signature = &parsed["transparency"]["sth"]["signature"];
    let sth_changed = edited(
        &record,
        "\"sth\":{",
        &signature.to_string(),
        &json!(other_base64(signature)).to_string(),
    );
    let logged_at = record.rfind("\"transparency\":").unwrap();
    let unlogged = format!("{}\"transparency\":null}}", &record[..logged_at]);
    let headless = edited(&record, "\"head\":{", "\"head\"", "\"heed\"");

    // The receipts altered, and another key.
    let mut commitment_changed = receipts.clone();
    let commitment = receipts[2]["commitment"].as_str().unwrap();
    commitment_changed[2]["commitment"] = json!(other_hex(commitment));
    let mut signature_changed = receipts.clone();
    signature_changed[2]["signature"] = json!(other_base64(&receipts[2]["signature"]));
    let mut beyond = receipts.clone();
    let mut later = receipts.last().unwrap().clone();
    later["version"] = json!(parsed["head"]["version"].as_u64().unwrap() + 1);
    beyond.push(later);
    let (commitment_changed, signature_changed, beyond) = (
        text(&commitment_changed),
        text(&signature_changed),
        text(&beyond),
    );
    let other_key = LogKey::from_pkcs8(&LogKey::generate_pkcs8().unwrap()).unwrap();
    let other_key = STANDARD.encode(other_key.public_key());

    // Each alone fails exactly the checks that cover what it changed.
    let cases: [(&str, &str, &str, &str, &[&str]); 11] = [
        (
            "a card id in a shuffle",
            &card_changed,
            &given,
            &key,
            &["chain", "shuffles"],
        ),
        ("the salt", &salt_changed, &given, &key, &["receipts"]),
        (
            "a receipt's commitment",
            &record,
            &commitment_changed,
            &key,
            &["receipts", "receipt signatures"],
        ),
        (
            "a receipt's signature",
            &record,
            &signature_changed,
            &key,
            &["receipt signatures"],
        ),
        (
            "a receipt beyond the record",
            &record,
            &beyond,
            &key,
            &["receipts", "receipt signatures"],
        ),
        (
            "the head hash",
            &head_changed,
            &given,
            &key,
            &["chain", "log inclusion"],
        ),
        (
            "the inclusion path",
            &path_changed,
            &given,
            &key,
            &["log inclusion"],
        ),
        (
            "the tree head's signature",
            &sth_changed,
            &given,
            &key,
            &["log signature"],
        ),
        (
            "another key",
            &record,
            &given,
            &other_key,
            &["receipt signatures", "log signature"],
        ),
        (
            "no log proof yet",
            &unlogged,
            &given,
            &key,
            &["log inclusion", "log signature"],
        ),
        (
            "no head",
            &headless,
            &given,
            &key,
            &["format", "chain", "log inclusion"],
        ),
    ];
    for (what, record, receipts, key, failed) in cases {
        let verdicts = verify(&files, record, receipts, Some(key)).await;
        assert_eq!(verdicts.code, Some(1), "{what}:\n{}", verdicts.output);
        let expected: BTreeSet<&str> = failed.iter().copied().collect();
        assert_eq!(
            verdicts.with("FAIL"),
            expected,
            "{what}:\n{}",
            verdicts.output
        );
    }
    let unlogged = verify(&files, &unlogged, &given, Some(&key)).await;
    assert!(
        unlogged.output.contains("not in the log yet"),
        "{}",
        unlogged.output
    );

    // A file that is not a record at all is one failed check, not a traceback.
    let garbage = verify(&files, "not a record", &given, Some(&key)).await;
    assert_eq!(garbage.code, Some(1), "{}", garbage.output);
    let only_format = BTreeSet::from(["format"]);
    assert_eq!(garbage.with("FAIL"), only_format, "{}", garbage.output);
}
