//! The web client's players' pages in a real browser (Debian's Chromium driven by playwright-core,
//! `web/tests/players.mjs`): the leaderboard and its pages, a profile with its rating chart and
//! its archive (private games for their players only), and usernames linking to profiles from the
//! leaderboard, the archive, the lobby and the table, in English and French, on a phone and a
//! desktop, with screenshots in `target/screenshots/`.
//!
//! The browser checks need Node and Chromium: see `common::browser`.

use crate::common;

use std::time::{Duration, Instant};

use common::app::{TestApp, spawn_app};
use common::browser::{run_script_with, screenshots};
use common::games::{Api, Table, create_game, ok, play_decisions};
use serde_json::{Value, json};
use uuid::Uuid;

/// A finished two-seat game of `a` and `b` (`b` invited by name when private), the `loser`'s
/// seat resigning.
async fn finished(app: &TestApp, a: (&str, &str), b: (&str, &str), private: bool, loser: usize) {
    let api = Api::of(app);
    let visibility = if private { "private" } else { "public" };
    let id = create_game(app, a.1, &json!({"players": 2, "visibility": visibility})).await;
    if private {
        let res = api
            .post(
                &format!("/v1/games/{id}/invitations"),
                a.1,
                &json!({"username": b.0}),
            )
            .await;
        assert_eq!(res.status(), 201);
    }
    ok(api
        .post(&format!("/v1/games/{id}/join"), b.1, &json!({}))
        .await)
    .await;
    // Two decisions each, so that the game is rated (service rules §9.7).
    let table = Table {
        id: id.clone(),
        tokens: vec![a.1.to_string(), b.1.to_string()],
        spectator: String::new(),
    };
    play_decisions(&api, &table, 2, 1).await;
    let token = [a.1, b.1][loser];
    ok(api
        .post(&format!("/v1/games/{id}/resign"), token, &json!({}))
        .await)
    .await;
}

/// Writes `username`'s current rating: for the leaderboard's volume only (a dozen settled
/// ratings); the rating worker writes these rows.
async fn rate(app: &TestApp, username: &str, mu: f64, games: i32) {
    let id: Uuid = sqlx::query_scalar("SELECT id FROM accounts WHERE username = $1")
        .bind(username)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let sigma = 3.0;
    let rating = (1500.0 + 60.0 * (mu - 3.0 * sigma)).round() as i32;
    sqlx::query(
        "INSERT INTO player_ratings (account_id, mu, sigma, rating, games, updated_at) \
         VALUES ($1, $2, $3, $4, $5, now())",
    )
    .bind(id)
    .bind(mu)
    .bind(sigma)
    .bind(rating)
    .bind(games)
    .execute(&app.pool)
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_players_pages_show_profiles_archives_charts_and_the_leaderboard_in_both_languages() {
    let app = spawn_app().await;
    let alba = app.signed_up("alba").await;
    let bruce = app.signed_up("bruce").await;
    let cara = app.signed_up("cara").await;
    // Twelve public games (alba wins one in three), a private one with cara, one lost to a bot.
    for i in 0..12 {
        finished(
            &app,
            ("alba", &alba),
            ("bruce", &bruce),
            false,
            usize::from(i % 3 == 2),
        )
        .await;
    }
    finished(&app, ("alba", &alba), ("cara", &cara), true, 0).await;
    let api = Api::of(&app);
    let id = create_game(
        &app,
        &alba,
        &json!({"players": 2, "visibility": "private", "bots": [{"seat": 1, "level": "greedy"}]}),
    )
    .await;
    ok(api
        .post(&format!("/v1/games/{id}/resign"), &alba, &json!({}))
        .await)
    .await;
    // When the server rates games between people, the chart waits for alba's thirteen.
    let archive = api
        .get_ok("/v1/players/alba/games?opponent=bruce&limit=1", &alba)
        .await;
    let rated = archive["games"][0]["rated"] == true;
    if rated {
        let until = Instant::now() + Duration::from_secs(30);
        loop {
            let history: Value = api.get_ok("/v1/players/alba/rating-history", &alba).await;
            if history["entries"].as_array().unwrap().len() >= 13 {
                break;
            }
            assert!(
                Instant::now() < until,
                "alba's games were not rated: {history}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    // The leaderboard's volume: a dozen lairds and the mcts bot with settled ratings.
    for i in 0..12 {
        let name = format!("laird{i:02}");
        app.signed_up(&name).await;
        rate(&app, &name, 20.0 + f64::from(i) / 2.0, 10 + i).await;
    }
    rate(&app, "mcts", 30.0, 120).await;

    let stdout = run_script_with(
        "players.mjs",
        &app.address,
        "the players' pages browser checks",
        &[("LORDS_RATED", if rated { "1" } else { "0" })],
    )
    .await;
    for line in [
        "en: the leaderboard pages, with the bot marked",
        "fr: the leaderboard pages, with the bot marked",
        "en: a profile with its chart and archive; private games for their players only",
        "fr: a profile with its chart and archive; private games for their players only",
        "en: usernames link to profiles from the lobby and the table",
        "fr: usernames link to profiles from the lobby and the table",
        "axe: no serious or critical violation on the en profile",
        "axe: no serious or critical violation on the fr leaderboard",
        "players: all browser checks passed",
    ] {
        assert!(
            stdout.contains(line),
            "the players checks never said: {line}"
        );
    }
    for name in [
        "players-profile",
        "players-profile-fr",
        "players-board",
        "players-board-fr",
    ] {
        for size in ["360x640", "1280x800"] {
            let shot = screenshots().join(format!("{name}-{size}.png"));
            assert!(shot.exists(), "{} was not written", shot.display());
        }
    }
}
