//! RULES §8 through HTTP: for sampled versions of games played over the API, every seat's and
//! a stranger's `GET /v1/games/{id}?at=<v>` view is exactly the engine's projection of the
//! replayed prefix for that viewer, and the event stream is exactly the engine's redaction.
//! That the projections themselves hide every hidden card (swapping hidden cards changes no
//! byte of a view) is the engine's differential test over 1,000 random games
//! (`crates/rules/src/tests/leaks.rs`); `tests/it/games_leaks.rs` judges the HTTP answers against the
//! cards each caller may see, apart from the engine's projections.

use lords::eventstore::GameId;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rules::{Game, Seat, Viewer};
use serde_json::Value;

use super::api::{Api, Step};
use super::trials;
use crate::common::app::spawn_app;

#[tokio::test]
async fn every_views_json_at_sampled_versions_is_the_engines_projection_for_that_viewer() {
    let app = spawn_app().await;
    let api = Api::new(app.address.clone());
    let tokens = api.sign_up_many("viewer", 5).await;
    let stranger = api.sign_up("onlooker").await;
    let games = trials("LORDS_LEAK_GAMES", 4);
    let (mut views, mut events) = (0, 0);
    for g in 0..games {
        let mut rng = StdRng::seed_from_u64(0x1ea5 + g as u64);
        let players = 2 + g % 4;
        let table = api.started_game(&tokens[..players]).await;
        // Play to the end, remembering a sample of the versions passed while in play.
        let mut sampled = vec![1];
        while let Step::Applied(a) = api.random_step(&table, &mut rng).await.unwrap() {
            if rng.random_ratio(1, 6) {
                sampled.push(a.version);
            }
            // While in play, the current view too (not only `at`).
            if rng.random_ratio(1, 12) {
                views += compare_views(&app, &api, &table, &stranger, None).await;
                events += compare_events(&app, &api, &table, &stranger).await;
            }
        }
        // The game is over: `at` now shows everything to everyone (RULES §8).
        for v in sampled {
            views += compare_views(&app, &api, &table, &stranger, Some(v)).await;
        }
        events += compare_events(&app, &api, &table, &stranger).await;
    }
    eprintln!("leaks over HTTP: {games} games, {views} views and {events} events compared");
}

/// The HTTP view of every seat and the stranger against the engine's; returns how many.
async fn compare_views(
    app: &crate::common::app::TestApp,
    api: &Api,
    table: &super::api::Table,
    stranger: &str,
    at: Option<i64>,
) -> usize {
    let loaded = app.state.store.load(GameId(table.id)).await.unwrap();
    let version = at.unwrap_or(loaded.version());
    let game = Game::replay(loaded.events[..version as usize].iter().map(|e| &e.event));
    let over = loaded.game.status() == rules::Status::Finished;
    let path = match at {
        Some(v) => table.path(&format!("?at={v}")),
        None => table.path(""),
    };
    let mut compared = 0;
    let viewers = table
        .tokens
        .iter()
        .enumerate()
        .map(|(s, t)| (t.as_str(), Some(Seat(s as u8))))
        .chain([(stranger, None)]);
    for (token, seat) in viewers {
        let body = api.get_json(token, &path).await;
        assert_eq!(body["version"], version);
        let viewer = if over {
            Viewer::Everyone
        } else {
            seat.map_or(Viewer::Spectator, Viewer::Seat)
        };
        let expected = serde_json::to_value(rules::view(&game, viewer)).unwrap();
        // The API adds the awaited decision's deadline, which the engine does not know.
        let mut view = body["view"].clone();
        if let Some(awaiting) = view["awaiting"].as_object_mut() {
            assert!(awaiting.remove("deadline").is_some(), "{awaiting:?}");
        }
        assert_eq!(view, expected, "{seat:?} at {version}");
        if !over {
            hides_what_it_must(&body["view"], seat);
        }
        compared += 1;
    }
    compared
}

/// A plain reading of RULES §8, apart from the engine: what a viewer must not be shown.
fn hides_what_it_must(view: &Value, seat: Option<Seat>) {
    assert_eq!(view["draw_pile"], Value::Null);
    for r in view["recruits"].as_array().unwrap() {
        if r["state"] == "face_down" {
            assert_eq!(r["card"], Value::Null, "{r}");
        }
    }
    for (i, p) in view["players"].as_array().unwrap().iter().enumerate() {
        if seat == Some(Seat(i as u8)) {
            assert_eq!(
                p["hand"].as_array().unwrap().len() as u64,
                p["hand_size"].as_u64().unwrap()
            );
            continue;
        }
        assert_eq!(p["hand"], Value::Null, "{p}");
        for f in p["army"].as_array().unwrap() {
            if f["face_up"] == false {
                assert_eq!(f["card"], Value::Null, "{f}");
            }
        }
    }
}

/// Every seat's and the stranger's event stream against the engine's redaction.
async fn compare_events(
    app: &crate::common::app::TestApp,
    api: &Api,
    table: &super::api::Table,
    stranger: &str,
) -> usize {
    let loaded = app.state.store.load(GameId(table.id)).await.unwrap();
    let over = loaded.game.status() == rules::Status::Finished;
    let viewers = table
        .tokens
        .iter()
        .enumerate()
        .map(|(s, t)| (t.as_str(), Some(Seat(s as u8))))
        .chain([(stranger, None)]);
    let mut compared = 0;
    for (token, seat) in viewers {
        let http = api.events(token, table).await;
        let viewer = if over {
            Viewer::Everyone
        } else {
            seat.map_or(Viewer::Spectator, Viewer::Seat)
        };
        assert_eq!(http.len(), loaded.events.len());
        for (h, stored) in http.iter().zip(&loaded.events) {
            assert_eq!(h["seq"], stored.seq);
            let expected = serde_json::to_value(rules::redact(&stored.event, viewer)).unwrap();
            assert_eq!(h["event"], expected, "{seat:?} seq {}", stored.seq);
            compared += 1;
        }
    }
    compared
}
