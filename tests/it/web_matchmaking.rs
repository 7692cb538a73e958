//! Matchmaking in a real browser (Debian's Chromium driven by playwright-core,
//! `web/tests/matchmaking.mjs`): "Play now" pairs two players into the same game, a seek is
//! cancelled, a challenge sent from a profile is counted in the header and listed in the lobby,
//! declined with a reason the challenger sees, another accepted into a game both reach, and a
//! challenge to a player who muted the challenger is refused in words; in English and French, on
//! a phone and a desktop, with screenshots in `target/screenshots/`. The accounts, a third
//! player's seek and the mutes are made here over HTTP.
//!
//! The browser checks need Node and Chromium: see `common::browser`.

use crate::common;

use common::app::{TestApp, spawn_app};
use common::browser::{run_script_with, screenshots};
use common::games::Api;
use serde_json::json;

/// The players of one language's run: `phone` and `desk` play each other; `muter` seeks a game
/// neither quick seek pairs with (four players, unrated, no clock) and has muted `desk`.
async fn players(app: &TestApp, phone: &str, desk: &str, muter: &str) {
    app.signed_up(phone).await;
    app.signed_up(desk).await;
    let token = app.signed_up(muter).await;
    let res = Api::of(app)
        .post(
            "/v1/seeks",
            &token,
            &json!({"players": 4, "rated": false, "turn_time_limit_s": null, "include_bruce": true}),
        )
        .await;
    assert_eq!(res.status(), 201, "{}", res.text().await.unwrap());
    let res = app
        .client
        .post(app.url(&format!("/v1/me/muted/{desk}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_meet_by_play_now_and_by_challenges_in_english_and_french() {
    let app = spawn_app().await;
    players(&app, "ailsa", "bruce", "morag").await;
    players(&app, "isla", "jamie", "rhona").await;

    let stdout = run_script_with(
        "matchmaking.mjs",
        &app.address,
        "the matchmaking browser checks",
        &[],
    )
    .await;
    for l in ["en", "fr"] {
        for line in [
            "the lobby opens on \"Play now\" for 2, 3, 4 and 5 players",
            "a seek waits among mine, with a Cancel, and in the others' open seeks",
            "two players press \"Play now\" for 2 and reach the same game",
            "a seek is cancelled",
            "a challenge is sent from a profile with a clock of one hour",
            "the header's badge counts the challenge and leads to it in the lobby",
            "the challenge is declined with a reason, which the challenger sees",
            "a challenge is accepted and both reach its game",
            "a refused challenge is said in words",
        ] {
            let said = format!("{l}: {line}");
            assert!(
                stdout.contains(&said),
                "the matchmaking checks never said: {said}"
            );
        }
        for place in [
            "lobby with its seeks",
            "profile with its challenge form",
            "challenges",
        ] {
            let said = format!("axe: no serious or critical violation on the {l} {place}");
            assert!(stdout.contains(&said), "never said: {said}");
        }
    }
    assert!(stdout.contains("matchmaking: all browser checks passed"));

    // Per language: two seeks paired into one game, and one cancelled.
    let ends: Vec<(String, i64)> = sqlx::query_as(
        "SELECT end_reason, count(*) FROM seeks WHERE end_reason IS NOT NULL \
         GROUP BY end_reason ORDER BY end_reason",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        ends,
        [("cancelled".to_string(), 2), ("matched".to_string(), 4)]
    );

    for name in ["match-lobby", "match-profile", "match-challenges"] {
        for suffix in ["", "-fr"] {
            for size in ["360x640", "1280x800"] {
                let shot = screenshots().join(format!("{name}{suffix}-{size}.png"));
                assert!(shot.exists(), "{} was not written", shot.display());
            }
        }
    }
}
