//! Bots in games: seats given to bots at creation or later, played by the
//! server's deadline worker from their seat's view, over real HTTP.

use crate::common;

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};

use common::app::{problem, spawn_app_with};
use common::games::{Api, choose, create_game, ok};

async fn quick_app() -> common::app::TestApp {
    spawn_app_with(|c| c.deadline_poll = Some(Duration::from_millis(100))).await
}

async fn created(res: reqwest::Response) -> Value {
    assert_eq!(res.status(), 201);
    res.json().await.unwrap()
}

#[tokio::test]
async fn a_player_and_a_bot_start_at_once_and_play_a_whole_game() {
    let app = quick_app().await;
    let api = Api::of(&app);
    let me = app.signed_up("solo").await;
    let game = created(
        api.post(
            "/v1/games",
            &me,
            &json!({"players": 2, "turn_time_limit_s": null,
                    "bots": [{"seat": 1, "level": "greedy"}]}),
        )
        .await,
    )
    .await;
    assert_eq!(game["status"], "active", "{game}");
    assert_eq!(game["seats"][1]["bot"], "greedy");
    assert_eq!(game["seats"][1]["username"], "greedy bot");
    assert!(game["seats"][0]["bot"].is_null());
    let id = game["id"].as_str().unwrap().to_string();

    // I play random legal actions; the bot answers by itself.
    let mut rng = StdRng::seed_from_u64(12);
    let until = Instant::now() + Duration::from_secs(240);
    loop {
        let g = api.game(&id, &me).await;
        if g["game"]["status"] == "finished" {
            break;
        }
        assert!(Instant::now() < until, "the game did not end: {g}");
        if g["game"]["awaiting"]["seat"] == 0 {
            let legal = api.legal(&id, &me).await;
            let actions = legal["actions"].as_array().unwrap();
            let res = api.act(&id, &me, choose(actions, &mut rng)).await;
            assert!(
                res.status() == 200 || res.status() == 409,
                "{}",
                res.status()
            );
        } else {
            // The bot's seat: nobody may act for it, and it needs no one.
            let res = api.act(&id, &me, &json!({"type": "pass"})).await;
            assert_eq!(res.status(), 422);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    let (events, _) = api.events(&id, &me).await;
    let bot_moves = events
        .iter()
        .filter(|e| e["event"]["type"] == "bot_acted")
        .count();
    assert!(bot_moves > 5, "{bot_moves} bot moves");
    for e in events.iter().filter(|e| e["event"]["type"] == "bot_acted") {
        assert_eq!(e["event"]["seat"], 1);
        assert_eq!(e["event"]["level"], "greedy");
    }
    // A bot's move carries its seat, as a person's does: `bot_acted` and the action after it.
    // Only the deal has no seat.
    let dealt = events
        .iter()
        .position(|e| !e["seat"].is_null())
        .expect("someone acted");
    assert!(events[dealt..].iter().all(|e| !e["seat"].is_null()));
    for pair in events.windows(2) {
        if pair[0]["event"]["type"] == "bot_acted" {
            assert_eq!(pair[0]["seat"], 1, "{}", pair[0]);
            assert_eq!(pair[1]["seat"], 1, "{}", pair[1]);
        }
    }
    // A bot has no account: nothing is listed as the bot's, and my games show the game.
    let mine = api.get_ok("/v1/games?mine=true", &me).await;
    assert_eq!(mine["games"][0]["id"], id.as_str());
}

#[tokio::test]
async fn bots_fill_seats_of_an_open_game_and_the_last_one_starts_it() {
    let app = quick_app().await;
    let api = Api::of(&app);
    let me = app.signed_up("host").await;
    let stranger = app.signed_up("nosy").await;
    let id = create_game(&app, &me, &json!({"players": 3})).await;
    let path = format!("/v1/games/{id}/bots");
    problem(
        api.post(&path, &stranger, &json!({"level": "random"}))
            .await,
        403,
        "not_seated",
    )
    .await;
    let one = ok(api
        .post(&path, &me, &json!({"level": "random", "seat": 2}))
        .await)
    .await;
    assert_eq!(one["status"], "open");
    assert_eq!(one["seats"][1]["seat"], 2);
    assert_eq!(one["seats"][1]["bot"], "random");
    problem(
        api.post(&path, &me, &json!({"level": "greedy", "seat": 2}))
            .await,
        409,
        "seat_taken",
    )
    .await;
    problem(
        api.post(&path, &me, &json!({"level": "grandmaster"})).await,
        422,
        "invalid_bots",
    )
    .await;
    problem(
        api.post(&path, &me, &json!({"level": "greedy", "seat": 3}))
            .await,
        422,
        "invalid_bots",
    )
    .await;
    let full = ok(api.post(&path, &me, &json!({"level": "mcts"})).await).await;
    assert_eq!(full["status"], "active", "{full}");
    assert_eq!(full["seats"][1]["seat"], 1);
    assert_eq!(full["seats"][1]["bot"], "mcts");
    problem(
        api.post(&path, &me, &json!({"level": "mcts"})).await,
        409,
        "game_not_open",
    )
    .await;
}

#[tokio::test]
async fn bots_at_creation_are_checked_and_the_last_human_leaving_abandons_the_game() {
    let app = quick_app().await;
    let api = Api::of(&app);
    let me = app.signed_up("picky").await;
    for bots in [
        json!([{"seat": 0, "level": "greedy"}]),
        json!([{"seat": 3, "level": "greedy"}]),
        json!([{"seat": 1, "level": "greedy"}, {"seat": 1, "level": "mcts"}]),
        json!([{"seat": 1, "level": "clever"}]),
        json!([{"level": "greedy"}]),
        json!("greedy"),
    ] {
        let res = api
            .post("/v1/games", &me, &json!({"players": 3, "bots": bots}))
            .await;
        problem(res, 422, "invalid_bots").await;
    }
    let g = created(
        api.post(
            "/v1/games",
            &me,
            &json!({"players": 3, "bots": [{"seat": 2, "level": "random"}]}),
        )
        .await,
    )
    .await;
    assert_eq!(g["status"], "open");
    let id = g["id"].as_str().unwrap();
    let left = ok(api.leave(id, &me).await).await;
    assert_eq!(left["status"], "abandoned", "{left}");
}
