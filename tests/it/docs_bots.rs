//! docs/bots.md says what is true. Its `python` blocks run, each in a fresh world, against a real
//! server with `BASE`, `SESSION` (a signed-in account that never played), `TOKEN` (a bot
//! account's) and `GAME` (a game for two whose other seat a person plays here) in the
//! environment, and succeed; every other block is `text`. The fields its stream example names
//! are the server's, and the budget it shows is the one a bot's action spends.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use common::app::{TestApp, spawn_app_with};
use common::games::{Api, create_game, play_seat};
use common::sse::Sse;
use lords::config::RateLimits;
use regex::Regex;
use serde_json::{Value, json};
use tokio::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The fenced blocks of a Markdown text: (language, code).
fn blocks(text: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut open: Option<(String, Vec<&str>)> = None;
    for line in text.lines() {
        match (open.take(), line.strip_prefix("```")) {
            (None, Some(lang)) => open = Some((lang.trim().to_string(), Vec::new())),
            (Some((lang, lines)), Some(_)) => found.push((lang, lines.join("\n") + "\n")),
            (Some((lang, mut lines)), None) => {
                lines.push(line);
                open = Some((lang, lines));
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "an unclosed block");
    found
}

/// One example's world: its environment, and the game's person.
struct World {
    session: String,
    token: String,
    game: String,
    host: String,
}

async fn world(app: &TestApp, n: usize) -> World {
    let session = app.signed_up(&format!("docs_person_{n}")).await;
    let bot = app.signed_up(&format!("docs_bot_{n}")).await;
    let token = app.made_bot(&bot).await;
    let host = app.signed_up(&format!("docs_host_{n}")).await;
    let game = create_game(app, &host, &json!({"players": 2})).await;
    World {
        session,
        token,
        game,
        host,
    }
}

/// Runs one example while the person plays the game's first seat (if the example joins it).
async fn run(app: &TestApp, world: &World, code: &str) -> String {
    let mut child = Command::new("python3")
        .arg("-c")
        .arg(code)
        .current_dir(root())
        .env("PYTHONPATH", root().join("clients/python/lords-client"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("BASE", &app.address)
        .env("SESSION", &world.session)
        .env("TOKEN", &world.token)
        .env("GAME", &world.game)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("python3 runs");
    let person = play_seat(Api::of(app), world.game.clone(), world.host.clone(), 0, 9);
    let both = async {
        tokio::select! {
            _ = person => {}
            _ = child.wait() => {}
        }
    };
    if tokio::time::timeout(Duration::from_secs(180), both)
        .await
        .is_err()
    {
        panic!("this example did not end:\n{code}");
    }
    let output = tokio::time::timeout(Duration::from_secs(120), child.wait_with_output())
        .await
        .expect("the example ends")
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success(),
        "this example failed:\n{code}\n{text}"
    );
    text
}

/// Every key of a JSON value, at any depth.
fn keys(value: &Value, into: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (key, value) in map {
                into.insert(key.clone());
                keys(value, into);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| keys(v, into)),
        _ => {}
    }
}

/// The event names and data keys a stream shows until its first heartbeat.
async fn seen_until_heartbeat(
    stream: &mut Sse,
    events: &mut BTreeSet<String>,
    fields: &mut BTreeSet<String>,
) {
    loop {
        let frame = stream.any_event().await;
        let event = frame.event.clone().unwrap_or_default();
        events.insert(event.clone());
        keys(frame.data.as_ref().unwrap(), fields);
        if event == "heartbeat" {
            return;
        }
    }
}

#[tokio::test]
async fn the_python_examples_of_docs_bots_md_run_against_the_real_server() {
    // The bots' budget as shipped: the example shows its default.
    let app = spawn_app_with(|c| {
        c.sse_heartbeat = Duration::from_secs(1);
        c.rates.bot_actions_per_minute = RateLimits::DEFAULT.bot_actions_per_minute;
    })
    .await;
    let doc = std::fs::read_to_string(root().join("docs/bots.md")).unwrap();
    let blocks = blocks(&doc);
    let langs: BTreeSet<&str> = blocks.iter().map(|(lang, _)| lang.as_str()).collect();
    assert_eq!(langs, BTreeSet::from(["python", "text"]), "mark each block");
    let mut played = None;
    for (n, (_, code)) in blocks.iter().filter(|(l, _)| l == "python").enumerate() {
        let world = world(&app, n).await;
        let output = run(&app, &world, code).await;
        eprintln!("example {n}:\n{output}");
        let g: Value = Api::of(&app)
            .get_ok(&format!("/v1/games/{}", world.game), &world.host)
            .await;
        if g["game"]["status"] == "finished" {
            played = Some(world);
        }
    }
    let played = played.expect("an example plays a game to its end");

    // The budget shown is the one a bot's action spends.
    let budget = blocks
        .iter()
        .find(|(_, code)| code.starts_with("RateLimit-Policy:"))
        .expect("the budget's block");
    let policy = budget.1.lines().next().unwrap();
    let res = app
        .client
        .post(app.url(&format!("/v1/games/{}/actions", played.game)))
        .bearer_auth(&played.token)
        .json(&json!({"type": "pass"}))
        .send()
        .await
        .unwrap();
    let sent = res.headers()["ratelimit-policy"].to_str().unwrap();
    assert_eq!(format!("RateLimit-Policy: {sent}"), policy);
    let limit = res.headers()["ratelimit"].to_str().unwrap();
    assert!(limit.starts_with("\"bot-actions\";r="), "{limit}");

    // The stream's fields: a played game's notifications, and the state of a player whose
    // decision a game awaits and who has a line to read.
    let stream_block = blocks
        .iter()
        .find(|(_, code)| code.starts_with("retry: "))
        .expect("the stream's block");
    let mut events = BTreeSet::new();
    let mut fields = BTreeSet::new();
    let mut history = Sse::new(
        app.client
            .get(app.url("/v1/me/stream"))
            .bearer_auth(&played.token)
            .header("Last-Event-ID", "0")
            .send()
            .await
            .unwrap(),
    );
    seen_until_heartbeat(&mut history, &mut events, &mut fields).await;
    let live = world(&app, 100).await;
    let bot_api = Api::of(&app);
    let joined = bot_api
        .post(
            &format!("/v1/games/{}/join", live.game),
            &live.token,
            &json!({}),
        )
        .await;
    assert_eq!(joined.status(), 200);
    let g = bot_api
        .get_ok(&format!("/v1/games/{}", live.game), &live.host)
        .await;
    let (awaited, other) = if g["view"]["awaiting"]["seat"] == 0 {
        (&live.host, &live.token)
    } else {
        (&live.token, &live.host)
    };
    let said = bot_api
        .post(
            &format!("/v1/games/{}/chat", live.game),
            other,
            &json!({"text": "Good luck."}),
        )
        .await;
    assert_eq!(said.status(), 201);
    let res = app
        .client
        .get(app.url("/v1/me/stream"))
        .bearer_auth(awaited)
        .send()
        .await
        .unwrap();
    let mut now = Sse::new(res);
    seen_until_heartbeat(&mut now, &mut events, &mut fields).await;
    assert!(events.contains("state"), "{events:?}");

    let named = Regex::new(r#""([a-z_]+)":"#).unwrap();
    let documented: BTreeSet<String> = named
        .captures_iter(&stream_block.1)
        .map(|c| c[1].to_string())
        .collect();
    let unknown: Vec<_> = documented.difference(&fields).collect();
    assert!(
        unknown.is_empty(),
        "not in the stream: {unknown:?} (seen {fields:?})"
    );
    let event = Regex::new(r"(?m)^event: (\w+)$").unwrap();
    for name in event.captures_iter(&stream_block.1) {
        assert!(
            events.contains(&name[1]),
            "no {} event: {events:?}",
            &name[1]
        );
    }
    let first = stream_block.1.lines().next().unwrap();
    let mut res = app
        .client
        .get(app.url("/v1/me/stream"))
        .bearer_auth(awaited)
        .send()
        .await
        .unwrap();
    let chunk = res.chunk().await.unwrap().unwrap();
    assert!(
        String::from_utf8_lossy(&chunk).starts_with(first),
        "{:?}",
        String::from_utf8_lossy(&chunk)
    );
}
