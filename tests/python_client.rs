//! The Python client's examples (`clients/python/examples`), run with `python3` on the generated
//! `lords_client` package against the real server: `play.py` plays a whole game with two
//! personal tokens, and `bot.py` joins a private game from its bot account's stream and plays
//! it to the end against a person. The generated package and the pinned packages it needs are
//! in `clients/python/requirements.txt` (`.ci/run` installs them); the package's freshness is
//! checked in `tests/openapi.rs`.

mod common;

use std::path::Path;
use std::process::Stdio;

use common::app::{TestApp, spawn_app};
use common::games::{Api, create_game, play_seat};
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
