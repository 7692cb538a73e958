//! The table's chat in a real browser (Debian's Chromium driven by playwright-core,
//! `web/tests/chat.mjs`): two players of an active game, one on a phone and one on a desktop,
//! talk live, count characters, report a line, mute and unmute each other, in English and French,
//! with screenshots in `target/screenshots/`. The games and the line said before the players
//! come are made here over HTTP.
//!
//! The browser checks need Node and Chromium: see `common::browser`.

use crate::common;

use common::app::{TestApp, spawn_app};
use common::browser::{run_script_with, screenshots};
use common::games::{Api, create_game, ok};
use serde_json::json;

/// A started two-player game of `first` and `second`, where `second` said a line already.
async fn table(app: &TestApp, first: &str, second: &str) -> String {
    let api = Api::of(app);
    let a = app.signed_up(first).await;
    let b = app.signed_up(second).await;
    let id = create_game(app, &a, &json!({"players": 2})).await;
    ok(api
        .post(&format!("/v1/games/{id}/join"), &b, &json!({}))
        .await)
    .await;
    let res = api
        .post(
            &format!("/v1/games/{id}/chat"),
            &b,
            &json!({"text": "Said before you came: good luck!"}),
        )
        .await;
    assert_eq!(res.status(), 201);
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_talk_report_and_mute_at_the_table_in_english_and_french() {
    let app = spawn_app().await;
    let en = table(&app, "fiona", "gregor").await;
    let fr = table(&app, "isla", "jamie").await;

    let stdout = run_script_with(
        "chat.mjs",
        &app.address,
        "the chat browser checks",
        &[("LORDS_GAME_EN", &en), ("LORDS_GAME_FR", &fr)],
    )
    .await;
    for l in ["en", "fr"] {
        for line in [
            "the earlier line is shown, its sender linked to #/player/",
            "the counter counts characters and refuses past 500",
            "lines reach the other player live",
            "a line is reported with a reason",
            "a muted player's lines are hidden, old and new, across a reload",
            "unmuted, their lines come back",
        ] {
            let said = format!("{l}: {line}");
            assert!(stdout.contains(&said), "the chat checks never said: {said}");
        }
        assert!(stdout.contains(&format!(
            "axe: no serious or critical violation on the {l} table with its chat"
        )));
    }
    assert!(stdout.contains("chat: all browser checks passed"));

    // The reports reached the operator's table, one per language, with their reasons.
    let reasons: Vec<String> =
        sqlx::query_scalar("SELECT reason FROM chat_reports ORDER BY reason")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(reasons, ["unkind words (en)", "unkind words (fr)"]);

    for name in ["chat", "chat-fr", "chat-panel", "chat-fr-panel"] {
        for size in ["360x640", "1280x800"] {
            let shot = screenshots().join(format!("{name}-{size}.png"));
            assert!(shot.exists(), "{} was not written", shot.display());
        }
    }
}
