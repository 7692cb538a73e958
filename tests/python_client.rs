//! The Python client's examples (`clients/python/examples`), run with `python3` on the generated
//! `lords_client` package against the real server: `play.py` plays a whole game with two
//! personal tokens, and `bot.py` joins a private game from its bot account's stream and plays
//! it to the end against a person. The generated package and the pinned packages it needs are
//! in `clients/python/requirements.txt` (`.ci/run` installs them); the package's freshness is
//! checked in `tests/openapi.rs`.
//!
//! The tokens are written as the rows `POST /v1/me/tokens` writes, and the bot account as
//! `POST /v1/me/bot` leaves it (`accounts.bot_account`, one token holding every scope).

mod common;

use std::path::Path;
use std::process::Stdio;

use common::app::{TestApp, spawn_app};
use common::games::{Api, create_game, play_seat};
use lords::auth::tokens::{self, TokenKind};
use serde_json::{Value, json};
use tokio::process::{Child, Command};
use uuid::Uuid;

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

/// A personal token of `username`'s account holding `scopes`, written as the row that
/// `POST /v1/me/tokens` writes (`api_tokens`: the secret's SHA-256, never the secret).
/// It expires in a day: a stream opened with a token that never expires panics the foundation's
/// `streams::caller` (its expiry overflows `SystemTime`).
async fn personal_token(app: &TestApp, username: &str, scopes: &[&str]) -> String {
    let token = tokens::generate(TokenKind::Personal);
    sqlx::query(
        "INSERT INTO api_tokens (token_hash, id, account_id, kind, name, scopes, expires_at) \
         SELECT $1, $2, id, 'personal', 'python example', $3, now() + interval '1 day' \
         FROM accounts WHERE username = $4",
    )
    .bind(token.hash.as_slice())
    .bind(Uuid::now_v7())
    .bind(scopes.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    .bind(username)
    .execute(&app.pool)
    .await
    .unwrap();
    token.secret
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
    app.signed_up("py_bob").await;
    let alice_token = personal_token(&app, "py_alice", &scopes).await;
    let bob_token = personal_token(&app, "py_bob", &scopes).await;

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
    let used: i64 =
        sqlx::query_scalar("SELECT count(*) FROM api_tokens WHERE last_used_at IS NOT NULL")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(used, 2);
}

#[tokio::test]
async fn bot_py_joins_a_private_game_from_its_stream_and_plays_it_to_the_end() {
    let app = spawn_app().await;
    let host = app.signed_up("py_host").await;
    app.signed_up("py_robot").await;
    sqlx::query("UPDATE accounts SET bot_account = true WHERE username = 'py_robot'")
        .execute(&app.pool)
        .await
        .unwrap();
    let every_scope = [
        "account:read",
        "game:read",
        "game:play",
        "lobby:write",
        "notifications:write",
        "bot:play",
    ];
    let bot_token = personal_token(&app, "py_robot", &every_scope).await;

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
}
