//! The games' answers are what the OpenAPI document says they are: the acting seat of every
//! event, and the last skirmish's scores in seat order with the placement apart.

use crate::common;

use common::app::spawn_app;
use common::games::{Api, choose, ok, seat_table};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};

fn document() -> Value {
    serde_json::from_str(&lords::http::openapi::to_pretty_json()).unwrap()
}

/// Plays seeded actions until the first skirmish has been scored and the second begun;
/// returns, for each action, the acting seat and the versions before and after it.
async fn play_into_the_second_skirmish(
    api: &Api,
    table: &common::games::Table,
) -> Vec<(u64, i64, i64)> {
    let mut rng = StdRng::seed_from_u64(10);
    let mut actions = Vec::new();
    for _ in 0..2000 {
        let g = api.game(&table.id, table.seat(0)).await;
        if g["view"]["skirmish"].as_u64().unwrap() >= 2 {
            assert!(!g["view"]["last_scores"].as_array().unwrap().is_empty());
            return actions;
        }
        let seat = g["view"]["awaiting"]["seat"].as_u64().unwrap();
        let token = table.seat(seat);
        let legal = api.legal(&table.id, token).await;
        let before = legal["version"].as_i64().unwrap();
        let action = choose(legal["actions"].as_array().unwrap(), &mut rng).clone();
        let after = ok(api.act(&table.id, token, &action).await).await["version"]
            .as_i64()
            .unwrap();
        actions.push((seat, before, after));
    }
    panic!("no skirmish was scored");
}

#[tokio::test]
async fn every_event_an_action_causes_carries_the_acting_seat_and_only_the_deal_has_none() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 3})).await;
    let dealt = api.version(&table.id, table.seat(0)).await;
    let actions = play_into_the_second_skirmish(&api, &table).await;
    let (events, _) = api.events(&table.id, &table.spectator).await;

    for e in &events[..dealt as usize] {
        assert!(e["seat"].is_null(), "{e}");
    }
    let mut consequences = 0;
    for (seat, before, after) in actions {
        for e in &events[before as usize..after as usize] {
            assert_eq!(e["seat"], json!(seat), "{e}");
            let kind = e["event"]["type"].as_str().unwrap();
            consequences += usize::from(matches!(
                kind,
                "armies_scored" | "skirmish_ended" | "skirmish_started"
            ));
        }
    }
    assert_eq!(
        consequences, 3,
        "one skirmish ended, scored, and the next started"
    );

    let doc = document();
    let described = doc["components"]["schemas"]["EventDto"]["properties"]["seat"]["description"]
        .as_str()
        .unwrap();
    assert!(described.contains("skirmish_ended"), "{described}");
    assert!(!described.contains("the end of a skirmish"), "{described}");
}

#[tokio::test]
async fn last_scores_come_in_seat_order_as_documented_and_placement_gives_the_places() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 3})).await;
    play_into_the_second_skirmish(&api, &table).await;
    let view = api.game(&table.id, &table.spectator).await["view"].clone();
    let seats: Vec<u64> = view["last_scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["seat"].as_u64().unwrap())
        .collect();
    assert!(seats.windows(2).all(|w| w[0] < w[1]), "{seats:?}");
    let mut placed: Vec<u64> = view["placement"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect();
    placed.sort_unstable();
    assert_eq!(placed, seats);

    let doc = document();
    let described =
        doc["components"]["schemas"]["View"]["properties"]["last_scores"]["description"]
            .as_str()
            .unwrap();
    assert!(described.contains("seat order"), "{described}");
    assert!(!described.contains("first place first"), "{described}");
}
