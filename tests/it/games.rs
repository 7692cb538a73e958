//! The game resources over HTTP: whole games played by concurrent clients, the lobby and
//! listings, idempotent retries, `If-Match`/`ETag`, and every problem code the game endpoints
//! can answer with.

use crate::common;

use std::collections::BTreeSet;

use common::app::{TestApp, problem, spawn_app};
use common::games::{
    Api, Table, append_unreadable_event, create_game, deck, ok, play_concurrently, seat_table,
};
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------------
// Whole games

/// Plays a whole game with one concurrent client per seat, then checks what everyone sees at the
/// end: the winners, every card, the verified stream and the revealed event history.
async fn a_whole_game(players: u64, include_bruce: bool, target: Option<u64>, seed: u64) {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let mut options = json!({"players": players, "include_bruce": include_bruce});
    if let Some(target) = target {
        options["target_score"] = json!(target);
    }
    let table = seat_table(&app, "player", options).await;
    let actions = play_concurrently(&api, &table, seed).await;
    assert!(actions > 0);
    everything_is_revealed_at_the_end(&app, &table, include_bruce).await;
}

/// Every card of a view, zone by zone (a card counted twice would show up twice).
fn every_card_in(view: &Value) -> Vec<u8> {
    let mut cards = Vec::new();
    let ids = |v: &Value| -> Vec<u8> {
        v.as_array()
            .unwrap_or_else(|| panic!("a list of cards, not {v}"))
            .iter()
            .map(|c| c.as_u64().unwrap() as u8)
            .collect()
    };
    for p in view["players"].as_array().unwrap() {
        cards.extend(ids(&p["hand"]));
        cards.extend(ids(&p["victory"]));
        for f in p["army"].as_array().unwrap() {
            cards.push(f["card"].as_u64().expect("every Follower is shown") as u8);
        }
    }
    for r in view["recruits"].as_array().unwrap() {
        if r["state"] != "empty" {
            cards.push(r["card"].as_u64().expect("every recruit is shown") as u8);
        }
    }
    cards.extend(ids(&view["supporters"]));
    cards.extend(ids(&view["discard"]));
    cards.extend(ids(&view["draw_pile"]));
    cards.sort_unstable();
    cards
}

async fn everything_is_revealed_at_the_end(app: &TestApp, table: &Table, include_bruce: bool) {
    let api = Api::of(app);
    let mut viewers: Vec<&str> = table.tokens.iter().map(String::as_str).collect();
    viewers.push(&table.spectator);
    let mut final_version = None;
    for token in viewers.iter().copied() {
        let g = api.game(&table.id, token).await;
        let summary = &g["game"];
        let view = &g["view"];
        assert_eq!(summary["status"], "finished");
        assert_eq!(view["status"], "finished");
        assert!(summary["awaiting"].is_null());
        assert!(view["awaiting"].is_null());
        let winners = summary["winners"].as_array().expect("winners are set");
        assert!(!winners.is_empty());
        assert_eq!(view["winners"], summary["winners"]);
        assert!(view["viewer"].is_null(), "the full view is nobody's");

        // RULES §7: a winner has the most points, and the game ended on reaching the target.
        let scores: Vec<u64> = view["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["score"].as_u64().unwrap())
            .collect();
        let best = *scores.iter().max().unwrap();
        assert!(best >= summary["options"]["target_score"].as_u64().unwrap());
        for w in winners {
            assert_eq!(scores[w.as_u64().unwrap() as usize], best);
        }

        // RULES §8: after the end everything is public, every card exactly once.
        for p in view["players"].as_array().unwrap() {
            let hand = p["hand"].as_array().expect("every hand is shown");
            assert_eq!(hand.len() as u64, p["hand_size"].as_u64().unwrap());
        }
        let draw = view["draw_pile"]
            .as_array()
            .expect("the draw pile is shown");
        assert_eq!(draw.len() as u64, view["draw_size"].as_u64().unwrap());
        let cards = every_card_in(view);
        let expected: Vec<u8> = deck(include_bruce).into_iter().collect();
        assert_eq!(cards, expected);

        let legal = api.legal(&table.id, token).await;
        assert_eq!(legal["actions"], json!([]));
        let version = g["version"].as_i64().unwrap();
        assert_eq!(*final_version.get_or_insert(version), version);
    }
    let version = final_version.unwrap();

    // `lords verify`: the hash chain, the replay and every shuffle's commitment hold.
    let report = lords::play::verify::verify_game(&app.state.store, table.game_id())
        .await
        .unwrap();
    assert!(report.ok, "{report:?}");
    assert_eq!(report.events, version);
    assert!(report.shuffles_checked >= 1);

    for token in [table.seat(0), table.spectator.as_str()] {
        let (events, complete) = api.events(&table.id, token).await;
        assert!(complete);
        assert_eq!(events.len() as i64, version);
        let mut prev = "0".repeat(64);
        for (i, e) in events.iter().enumerate() {
            assert_eq!(e["seq"], i as i64 + 1);
            assert_eq!(e["prev_hash"], json!(prev), "seq {}", i + 1);
            let hash = e["hash"].as_str().expect("hashes once the game is over");
            assert_eq!(hash.len(), 64);
            assert!(hash.bytes().all(|b| b.is_ascii_hexdigit()));
            assert!(e["recorded_at"].is_string());
            prev = hash.to_string();
            let event = &e["event"];
            if event["type"] == "deck_shuffled" {
                let order = event["order"].as_array().expect("shuffles are revealed");
                assert_eq!(order.len() as u64, event["size"].as_u64().unwrap());
                assert!(event["salt"].is_string());
            }
            if event["type"] == "hand_dealt" {
                assert!(event["cards"].is_array());
            }
        }
        let last = &events.last().unwrap()["event"];
        assert_eq!(last["type"], "game_ended");
    }
}

#[tokio::test]
async fn two_players_without_bruce_play_a_whole_game_to_the_default_target_of_40() {
    a_whole_game(2, false, None, 1).await;
}

#[tokio::test]
async fn three_players_with_bruce_play_a_whole_game_to_the_end() {
    a_whole_game(3, true, Some(20), 2).await;
}

#[tokio::test]
async fn four_players_without_bruce_play_a_whole_game_to_the_end() {
    a_whole_game(4, false, Some(15), 3).await;
}

#[tokio::test]
async fn five_players_with_bruce_play_a_whole_game_to_the_end() {
    a_whole_game(5, true, Some(12), 4).await;
}

#[tokio::test]
async fn two_players_with_bruce_play_to_the_end_and_then_every_action_returns_422_game_over() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let options = json!({"players": 2, "include_bruce": true, "target_score": 12});
    let table = seat_table(&app, "player", options).await;
    play_concurrently(&api, &table, 5).await;
    everything_is_revealed_at_the_end(&app, &table, true).await;

    let version = api.version(&table.id, table.seat(0)).await;
    for token in &table.tokens {
        let res = api.act(&table.id, token, &json!({"type": "pass"})).await;
        problem(res, 422, "game_over").await;
    }
    assert_eq!(api.version(&table.id, table.seat(0)).await, version);
}

// ---------------------------------------------------------------------------------------------
// The lobby and listings

#[tokio::test]
async fn creating_a_game_returns_201_with_its_location_and_seats_the_creator_at_seat_0() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let res = api.post("/v1/games", &alice, &json!({"players": 3})).await;
    assert_eq!(res.status(), 201);
    let location = res.headers()["location"].to_str().unwrap().to_string();
    let created: Value = res.json().await.unwrap();
    assert_eq!(
        location,
        format!("/v1/games/{}", created["id"].as_str().unwrap())
    );
    assert_eq!(created["status"], "open");
    assert_eq!(created["version"], 0);
    assert_eq!(
        created["seats"],
        json!([{"seat": 0, "username": "alice", "bot": null, "bot_account": false}])
    );
    // RULES §2 (and service rules §9.4 for the clock): the defaults are filled in.
    assert_eq!(
        created["options"],
        json!({"players": 3, "include_bruce": false, "power_rule": "lowest_strength",
               "target_score": 40, "turn_time_limit_s": 259_200, "max_timeouts": 3})
    );

    let g = api.get_ok(&location, &alice).await;
    assert_eq!(g["game"], created);
    assert_eq!(g["your_seat"], 0);
    assert_eq!(g["version"], 0);
    assert!(g["view"].is_null(), "no view before the game starts");
    assert_eq!(
        api.legal(created["id"].as_str().unwrap(), &alice).await["actions"],
        json!([])
    );

    let options = json!({"players": 4, "include_bruce": true, "target_score": 25});
    let id = create_game(&app, &alice, &options).await;
    let g = api.get_ok(&format!("/v1/games/{id}"), &alice).await;
    assert_eq!(g["game"]["options"]["power_rule"], "lowest_in_clan");
    assert_eq!(g["game"]["options"]["include_bruce"], true);
    assert_eq!(g["game"]["options"]["target_score"], 25);
}

#[tokio::test]
async fn players_join_in_seat_order_leavers_free_their_seat_and_the_last_seat_starts_the_game() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let [alice, bob, carol, dave] = [
        app.signed_up("alice").await,
        app.signed_up("bob").await,
        app.signed_up("carol").await,
        app.signed_up("dave").await,
    ];
    let id = create_game(&app, &alice, &json!({"players": 3})).await;

    let g = ok(api.join(&id, &bob).await).await;
    assert_eq!(g["status"], "open");
    assert_eq!(
        g["seats"][1],
        json!({"seat": 1, "username": "bob", "bot": null, "bot_account": false})
    );

    // The creator leaves: the players after them move up one seat.
    let g = ok(api.leave(&id, &alice).await).await;
    assert_eq!(g["status"], "open");
    assert_eq!(
        g["seats"],
        json!([{"seat": 0, "username": "bob", "bot": null, "bot_account": false}])
    );

    ok(api.join(&id, &carol).await).await;
    let g = ok(api.join(&id, &dave).await).await;
    assert_eq!(g["status"], "active");
    assert_eq!(
        g["seats"],
        json!([{"seat": 0, "username": "bob", "bot": null, "bot_account": false},
               {"seat": 1, "username": "carol", "bot": null, "bot_account": false},
               {"seat": 2, "username": "dave", "bot": null, "bot_account": false}])
    );
    assert!(g["version"].as_i64().unwrap() > 0);
    assert!(g["awaiting"]["seat"].is_u64());

    let view = api.game(&id, &dave).await;
    assert_eq!(view["your_seat"], 2);
    assert_eq!(view["view"]["viewer"], 2);
    assert_eq!(view["view"]["status"], "active");
    assert_eq!(view["view"]["players"].as_array().unwrap().len(), 3);
    // One shape: the summary's `awaiting` is the view's, less the decision.
    let awaiting = &view["view"]["awaiting"];
    assert_eq!(
        g["awaiting"],
        json!({"seat": awaiting["seat"], "deadline": awaiting["deadline"]})
    );
    assert_eq!(api.game(&id, &alice).await["your_seat"], Value::Null);
}

#[tokio::test]
async fn a_game_everyone_left_is_abandoned_listed_only_when_asked_for_and_cannot_be_joined() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let bob = app.signed_up("bob").await;
    let id = create_game(&app, &alice, &json!({"players": 2})).await;
    let g = ok(api
        .post(&format!("/v1/games/{id}/leave"), &alice, &json!({}))
        .await)
    .await;
    assert_eq!(g["status"], "abandoned");
    assert_eq!(g["seats"], json!([]));

    let listed = api.get_ok("/v1/games", &alice).await;
    assert_eq!(listed["games"], json!([]));
    let listed = api.get_ok("/v1/games?status=abandoned", &alice).await;
    assert_eq!(listed["games"][0]["id"], json!(id));

    let res = api
        .post(&format!("/v1/games/{id}/join"), &bob, &json!({}))
        .await;
    problem(res, 409, "game_not_open").await;
}

/// The ids of a listing page, in order.
fn ids(page: &Value) -> Vec<String> {
    page["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

fn set(ids: &[&String]) -> BTreeSet<String> {
    ids.iter().map(|s| s.to_string()).collect()
}

#[tokio::test]
async fn listings_filter_by_status_by_mine_and_by_awaiting_me() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let bob = app.signed_up("bob").await;
    let carol = app.signed_up("carol").await;

    let open_mine = create_game(&app, &alice, &json!({"players": 2})).await;
    let active = create_game(&app, &bob, &json!({"players": 2})).await;
    let open_other = create_game(&app, &carol, &json!({"players": 3})).await;
    let abandoned = create_game(&app, &carol, &json!({"players": 2})).await;
    ok(api
        .post(&format!("/v1/games/{abandoned}/leave"), &carol, &json!({}))
        .await)
    .await;
    ok(api
        .post(&format!("/v1/games/{active}/join"), &alice, &json!({}))
        .await)
    .await;

    let list = |query: &'static str, token: String| {
        let api = api.clone();
        async move {
            let page = api.get_ok(&format!("/v1/games{query}"), &token).await;
            assert!(page["next_cursor"].is_null());
            ids(&page).into_iter().collect::<BTreeSet<_>>()
        }
    };
    // Most recently updated first; abandoned games only when asked for.
    let everything = api.get_ok("/v1/games", &alice).await;
    assert_eq!(
        ids(&everything),
        vec![active.clone(), open_other.clone(), open_mine.clone()]
    );

    assert_eq!(
        list("?mine=true", alice.clone()).await,
        set(&[&open_mine, &active])
    );
    assert_eq!(list("?mine=true", carol.clone()).await, set(&[&open_other]));
    assert_eq!(
        list("?status=open", alice.clone()).await,
        set(&[&open_mine, &open_other])
    );
    assert_eq!(list("?status=active", alice.clone()).await, set(&[&active]));
    assert_eq!(list("?status=finished", alice.clone()).await, set(&[]));
    assert_eq!(
        list("?status=abandoned", bob.clone()).await,
        set(&[&abandoned])
    );
    assert_eq!(
        list("?mine=true&status=open", alice.clone()).await,
        set(&[&open_mine])
    );
    assert_eq!(list("?mine=false", bob.clone()).await.len(), 3);

    // Exactly one of the two players of the active game is awaited.
    let awaited = api.game(&active, &alice).await["view"]["awaiting"]["seat"]
        .as_u64()
        .unwrap();
    let (waited_on, other) = if awaited == 0 {
        (&bob, &alice)
    } else {
        (&alice, &bob)
    };
    assert_eq!(
        list("?awaiting_me=true", waited_on.clone()).await,
        set(&[&active])
    );
    assert_eq!(list("?awaiting_me=true", other.clone()).await, set(&[]));
    assert_eq!(list("?awaiting_me=true", carol.clone()).await, set(&[]));
}

#[tokio::test]
async fn a_listing_pages_through_five_games_two_at_a_time_with_its_cursors() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let mut created = Vec::new();
    for _ in 0..5 {
        created.push(create_game(&app, &alice, &json!({"players": 2})).await);
    }
    created.reverse();

    let mut seen = Vec::new();
    let mut sizes = Vec::new();
    let mut path = "/v1/games?limit=2".to_string();
    loop {
        let page = api.get_ok(&path, &alice).await;
        sizes.push(page["games"].as_array().unwrap().len());
        seen.extend(ids(&page));
        match page["next_cursor"].as_str() {
            Some(cursor) => path = format!("/v1/games?limit=2&cursor={cursor}"),
            None => break,
        }
    }
    assert_eq!(sizes, vec![2, 2, 1]);
    assert_eq!(seen, created, "newest first, each game once");

    // Filters hold across pages.
    let page = api
        .get_ok("/v1/games?limit=2&mine=true&status=open", &alice)
        .await;
    let cursor = page["next_cursor"].as_str().unwrap();
    let next = api
        .get_ok(
            &format!("/v1/games?limit=2&mine=true&status=open&cursor={cursor}"),
            &alice,
        )
        .await;
    assert_eq!(ids(&next), created[2..4].to_vec());
}

// ---------------------------------------------------------------------------------------------
// Idempotency, If-Match, ETag

/// The awaited seat's token and its first legal action.
async fn awaited_and_first_action(api: &Api, table: &Table) -> (String, Value, i64) {
    let g = api.game(&table.id, table.seat(0)).await;
    let seat = g["view"]["awaiting"]["seat"].as_u64().unwrap();
    let token = table.seat(seat).to_string();
    let legal = api.legal(&table.id, &token).await;
    let version = legal["version"].as_i64().unwrap();
    (token, legal["actions"][0].clone(), version)
}

async fn post_keyed(
    api: &Api,
    id: &str,
    token: &str,
    key: &str,
    action: &Value,
) -> reqwest::Response {
    api.client
        .post(api.url(&format!("/v1/games/{id}/actions")))
        .bearer_auth(token)
        .header("Idempotency-Key", key)
        .json(action)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_retried_action_with_its_idempotency_key_returns_the_same_response_and_appends_nothing() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let (token, action, _) = awaited_and_first_action(&api, &table).await;

    let first = post_keyed(&api, &table.id, &token, "retry-1", &action).await;
    assert_eq!(first.status(), 200);
    let first_etag = first.headers()["etag"].clone();
    let first = first.bytes().await.unwrap();
    let version = serde_json::from_slice::<Value>(&first).unwrap()["version"]
        .as_i64()
        .unwrap();
    let (events, _) = api.events(&table.id, &token).await;

    let again = post_keyed(&api, &table.id, &token, "retry-1", &action).await;
    assert_eq!(again.status(), 200);
    assert_eq!(again.headers()["etag"], first_etag);
    assert_eq!(again.bytes().await.unwrap(), first, "byte-identical");
    assert_eq!(api.version(&table.id, &token).await, version);
    assert_eq!(api.events(&table.id, &token).await.0, events);

    // Still the original result after the game has moved on.
    let (next_token, next_action, _) = awaited_and_first_action(&api, &table).await;
    ok(api.act(&table.id, &next_token, &next_action).await).await;
    let moved_on = api.version(&table.id, &token).await;
    assert!(moved_on > version);
    let late = post_keyed(&api, &table.id, &token, "retry-1", &action).await;
    assert_eq!(late.status(), 200);
    assert_eq!(late.bytes().await.unwrap(), first);
    assert_eq!(api.version(&table.id, &token).await, moved_on);
}

#[tokio::test]
async fn an_idempotency_key_reused_for_a_different_action_returns_409_idempotency_key_reused() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let (token, action, _) = awaited_and_first_action(&api, &table).await;
    ok(post_keyed(&api, &table.id, &token, "key-7", &action).await).await;
    let version = api.version(&table.id, &token).await;

    let other = json!({"type": "recruit", "slot": 4});
    assert_ne!(other, action);
    let res = post_keyed(&api, &table.id, &token, "key-7", &other).await;
    problem(res, 409, "idempotency_key_reused").await;
    assert_eq!(api.version(&table.id, &token).await, version);
}

async fn post_if_match(
    api: &Api,
    id: &str,
    token: &str,
    if_match: &str,
    action: &Value,
) -> reqwest::Response {
    api.client
        .post(api.url(&format!("/v1/games/{id}/actions")))
        .bearer_auth(token)
        .header("If-Match", if_match)
        .json(action)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn an_action_with_a_stale_if_match_returns_412_version_mismatch_and_changes_nothing() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let (token, action, version) = awaited_and_first_action(&api, &table).await;
    let (events, _) = api.events(&table.id, &token).await;

    for stale in [
        format!("\"{}\"", version - 1),
        format!("\"{}\"", version + 1),
        "\"0\"".into(),
    ] {
        let res = post_if_match(&api, &table.id, &token, &stale, &action).await;
        problem(res, 412, "version_mismatch").await;
    }
    assert_eq!(api.version(&table.id, &token).await, version);
    assert_eq!(api.events(&table.id, &token).await.0, events);

    let res = post_if_match(&api, &table.id, &token, &format!("\"{version}\""), &action).await;
    let done = ok(res).await;
    let after = done["version"].as_i64().unwrap();
    assert!(after > version);
    assert_eq!(api.version(&table.id, &token).await, after);
}

#[tokio::test]
async fn a_view_carries_its_version_as_etag_and_if_none_match_returns_304() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let token = table.seat(0);
    let path = table.path("");
    let get = |inm: Option<String>, path: String| {
        let mut req = api.client.get(api.url(&path)).bearer_auth(token);
        if let Some(v) = inm {
            req = req.header("If-None-Match", v);
        }
        req.send()
    };

    let res = get(None, path.clone()).await.unwrap();
    assert_eq!(res.status(), 200);
    let etag = res.headers()["etag"].to_str().unwrap().to_string();
    let version = res.json::<Value>().await.unwrap()["version"]
        .as_i64()
        .unwrap();
    assert_eq!(etag, format!("\"{version}\""));

    let res = get(Some(etag.clone()), path.clone()).await.unwrap();
    assert_eq!(res.status(), 304);
    assert_eq!(res.headers()["etag"], etag.as_str());
    assert!(res.bytes().await.unwrap().is_empty());

    // A past version has its own tag.
    let at = format!("{path}?at=3");
    let res = get(None, at.clone()).await.unwrap();
    let at_etag = res.headers()["etag"].to_str().unwrap().to_string();
    assert_eq!(at_etag, format!("\"{version}.3\""));
    assert_eq!(res.json::<Value>().await.unwrap()["version"], 3);
    assert_eq!(get(Some(at_etag), at).await.unwrap().status(), 304);

    // Once the game moves on the old tag no longer matches.
    let (actor, action, _) = awaited_and_first_action(&api, &table).await;
    ok(api.act(&table.id, &actor, &action).await).await;
    let res = get(Some(etag.clone()), path.clone()).await.unwrap();
    assert_eq!(res.status(), 200);
    assert_ne!(res.headers()["etag"].to_str().unwrap(), etag);
}

// ---------------------------------------------------------------------------------------------
// Problems: the HTTP shell's codes on the game resources

const RANDOM_GAME: &str = "/v1/games/0190f2a1-8a4e-7cc3-9f1e-3c1d2b7a9e55";

#[tokio::test]
async fn game_requests_without_a_token_return_401_unauthorized() {
    let app = spawn_app().await;
    problem(app.get("/v1/games").await, 401, "unauthorized").await;
    problem(
        app.post_json("/v1/games", &json!({"players": 2})).await,
        401,
        "unauthorized",
    )
    .await;
    problem(app.get(RANDOM_GAME).await, 401, "unauthorized").await;
}

#[tokio::test]
async fn a_game_id_that_is_not_a_uuid_returns_400_invalid_path() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    for path in [
        "/v1/games/42",
        "/v1/games/not-a-game/legal-actions",
        "/v1/games/x/events",
    ] {
        problem(api.get(path, &alice).await, 400, "invalid_path").await;
    }
    let res = api.post("/v1/games/42/join", &alice, &json!({})).await;
    problem(res, 400, "invalid_path").await;
    let res = api
        .post("/v1/games/42/actions", &alice, &json!({"type": "pass"}))
        .await;
    problem(res, 400, "invalid_path").await;
}

#[tokio::test]
async fn an_unknown_game_returns_404_game_not_found() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    for rest in ["", "/legal-actions", "/events", "?at=0"] {
        let res = api.get(&format!("{RANDOM_GAME}{rest}"), &alice).await;
        problem(res, 404, "game_not_found").await;
    }
    for rest in ["/join", "/leave"] {
        let res = api
            .post(&format!("{RANDOM_GAME}{rest}"), &alice, &json!({}))
            .await;
        problem(res, 404, "game_not_found").await;
    }
    let res = api
        .post(
            &format!("{RANDOM_GAME}/actions"),
            &alice,
            &json!({"type": "pass"}),
        )
        .await;
    problem(res, 404, "game_not_found").await;
}

#[tokio::test]
async fn deleting_a_game_returns_405_method_not_allowed_with_an_allow_header() {
    let app = spawn_app().await;
    let res = app
        .client
        .delete(app.url(RANDOM_GAME))
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["allow"], "GET");
    problem(res, 405, "method_not_allowed").await;
    let url = app.url(&format!("{RANDOM_GAME}/actions"));
    let res = app.client.put(url).send().await.unwrap();
    assert_eq!(res.headers()["allow"], "POST");
    problem(res, 405, "method_not_allowed").await;
}

#[tokio::test]
async fn bad_query_parameters_return_400_invalid_query() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let token = table.seat(0);
    let version = api.version(&table.id, token).await;
    let game = table.path("");
    for path in [
        "/v1/games?limit=0".to_string(),
        "/v1/games?limit=101".into(),
        "/v1/games?limit=-1".into(),
        "/v1/games?status=bogus".into(),
        "/v1/games?mine=perhaps".into(),
        "/v1/games?colour=red".into(),
        format!("{game}?at={}", version + 1),
        format!("{game}?at=-1"),
        format!("{game}?after_version={version}&wait=61"),
        format!("{game}?wait=5"),
        format!("{game}?at=1&after_version=0"),
        format!("{game}?sort=asc"),
        table.path("/events?limit=0"),
        table.path("/events?limit=101"),
        table.path("/events?after=-1"),
        table.path("/events?page=2"),
    ] {
        let res = api.get(&path, token).await;
        assert_eq!(res.status(), 400, "{path}");
        problem(res, 400, "invalid_query").await;
    }
}

#[tokio::test]
async fn a_listing_cursor_the_server_did_not_hand_out_returns_400_invalid_cursor() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    // Not hex; hex of text without the separator; hex of a bad time and id.
    for cursor in ["zz", "616263", "6e6f743a612d75756964"] {
        let res = api.get(&format!("/v1/games?cursor={cursor}"), &alice).await;
        problem(res, 400, "invalid_cursor").await;
    }
}

#[tokio::test]
async fn game_options_out_of_range_or_unknown_return_422_with_their_code() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    for (body, code) in [
        (json!({"players": 1}), "invalid_player_count"),
        (json!({"players": 6}), "invalid_player_count"),
        (json!({"players": 0}), "invalid_player_count"),
        (
            json!({"players": 2, "target_score": 9}),
            "invalid_target_score",
        ),
        (
            json!({"players": 2, "target_score": 101}),
            "invalid_target_score",
        ),
        (json!({"players": 2, "colour": "red"}), "invalid_options"),
        (json!({"players": "two"}), "invalid_options"),
        (json!({"players": 256}), "invalid_options"),
        (json!({}), "invalid_options"),
        (
            json!({"players": 2, "power_rule": "strongest"}),
            "invalid_options",
        ),
    ] {
        let res = api.post("/v1/games", &alice, &body).await;
        problem(res, 422, code).await;
    }
    assert_eq!(
        api.get_ok("/v1/games?status=open", &alice).await["games"],
        json!([])
    );
}

#[tokio::test]
async fn a_body_that_is_not_json_returns_400_malformed_json() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    for path in ["/v1/games".to_string(), table.path("/actions")] {
        let res = api
            .client
            .post(api.url(&path))
            .bearer_auth(table.seat(0))
            .header("content-type", "application/json")
            .body("{\"type\": ")
            .send()
            .await
            .unwrap();
        problem(res, 400, "malformed_json").await;
    }
}

#[tokio::test]
async fn an_action_that_is_not_an_action_returns_422_invalid_action() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let version = api.version(&table.id, table.seat(0)).await;
    for body in [
        json!({"type": "recruit", "slot": 0, "extra": 1}),
        json!({"type": "muster", "card": 1, "face_up": true, "colour": "red"}),
        json!({"type": "dance"}),
        json!({"type": "recruit"}),
        json!({"slot": 0}),
        json!({"type": "recruit", "slot": "zero"}),
        json!({"type": "muster", "card": 300, "face_up": true}),
        json!({"type": "swap_follower", "target": {"seat": 0}}),
        json!({"type": "swap_follower", "target": [1, 0]}),
        json!("pass"),
        json!(["recruit", 0]),
    ] {
        for token in [table.seat(0), table.seat(1), table.spectator.as_str()] {
            let res = api.act(&table.id, token, &body).await;
            problem(res, 422, "invalid_action").await;
        }
    }
    assert_eq!(api.version(&table.id, table.seat(0)).await, version);
}

#[tokio::test]
async fn an_action_body_over_16_kib_returns_413_payload_too_large() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let body = json!({"type": "pass", "padding": "x".repeat(17 * 1024)});
    let res = api.act(&table.id, table.seat(0), &body).await;
    problem(res, 413, "payload_too_large").await;
}

#[tokio::test]
async fn a_bad_if_match_or_idempotency_key_header_returns_400_invalid_header() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let (token, action, version) = awaited_and_first_action(&api, &table).await;
    for if_match in ["\"abc\"", "\"-3\"", "\"1.5\"", "\"\""] {
        let res = post_if_match(&api, &table.id, &token, if_match, &action).await;
        problem(res, 400, "invalid_header").await;
    }
    let long = "k".repeat(256);
    for key in [long.as_str(), "two words", ""] {
        let res = post_keyed(&api, &table.id, &token, key, &action).await;
        problem(res, 400, "invalid_header").await;
    }
    assert_eq!(api.version(&table.id, &token).await, version);
    // The longest key is fine.
    ok(post_keyed(&api, &table.id, &token, &"k".repeat(255), &action).await).await;
}

#[tokio::test]
async fn an_action_with_if_match_star_acts_on_the_latest_version() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let (token, action, version) = awaited_and_first_action(&api, &table).await;
    ok(post_if_match(&api, &table.id, &token, "*", &action).await).await;
    assert!(api.version(&table.id, &token).await > version);
}

#[tokio::test]
async fn acting_or_leaving_without_a_seat_returns_403_not_seated() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let (_, action, version) = awaited_and_first_action(&api, &table).await;
    let res = api.act(&table.id, &table.spectator, &action).await;
    problem(res, 403, "not_seated").await;
    assert_eq!(api.version(&table.id, table.seat(0)).await, version);
    // A spectator has nothing to do.
    assert_eq!(
        api.legal(&table.id, &table.spectator).await["actions"],
        json!([])
    );

    let open = create_game(&app, table.seat(0), &json!({"players": 3})).await;
    let res = api
        .post(
            &format!("/v1/games/{open}/leave"),
            &table.spectator,
            &json!({}),
        )
        .await;
    problem(res, 403, "not_seated").await;
    let res = api
        .post(
            &format!("/v1/games/{}/leave", table.id),
            &table.spectator,
            &json!({}),
        )
        .await;
    problem(res, 403, "not_seated").await;
}

#[tokio::test]
async fn joining_a_game_twice_returns_409_already_seated() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let bob = app.signed_up("bob").await;
    let id = create_game(&app, &alice, &json!({"players": 3})).await;
    let res = api
        .post(&format!("/v1/games/{id}/join"), &alice, &json!({}))
        .await;
    problem(res, 409, "already_seated").await;
    ok(api
        .post(&format!("/v1/games/{id}/join"), &bob, &json!({}))
        .await)
    .await;
    let res = api
        .post(&format!("/v1/games/{id}/join"), &bob, &json!({}))
        .await;
    problem(res, 409, "already_seated").await;
}

#[tokio::test]
async fn joining_or_leaving_a_started_game_returns_409_game_not_open() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let version = api.version(&table.id, table.seat(0)).await;
    let res = api
        .post(&table.path("/join"), &table.spectator, &json!({}))
        .await;
    problem(res, 409, "game_not_open").await;
    for token in &table.tokens {
        let res = api.post(&table.path("/leave"), token, &json!({})).await;
        problem(res, 409, "game_not_open").await;
    }
    assert_eq!(api.version(&table.id, table.seat(0)).await, version);
}

/// Filling the last seat starts the game in the same transaction, so an open game with every seat
/// taken cannot arise through the API; the test makes one in the database to reach the check.
#[tokio::test]
async fn joining_an_open_game_whose_seats_are_all_taken_returns_409_game_full() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let bob = app.signed_up("bob").await;
    let carol = app.signed_up("carol").await;
    let id = create_game(&app, &alice, &json!({"players": 2})).await;
    sqlx::query(
        "INSERT INTO game_seats (game_id, seat, account_id) \
         SELECT $1::uuid, 1, id FROM accounts WHERE username = 'bob'",
    )
    .bind(uuid::Uuid::parse_str(&id).unwrap())
    .execute(&app.pool)
    .await
    .unwrap();
    let res = api
        .post(&format!("/v1/games/{id}/join"), &carol, &json!({}))
        .await;
    problem(res, 409, "game_full").await;
    let res = api
        .post(&format!("/v1/games/{id}/join"), &bob, &json!({}))
        .await;
    problem(res, 409, "already_seated").await;
}

/// A lost race on `(game_id, seq)` is retried; one that keeps being lost is reported. The test
/// makes every append lose, as a concurrent writer would, with a trigger raising the unique
/// violation the event table's primary key raises.
#[tokio::test]
async fn an_action_that_keeps_losing_the_append_race_returns_409_version_conflict() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let (token, action, version) = awaited_and_first_action(&api, &table).await;
    for statement in [
        "CREATE FUNCTION lose_every_race() RETURNS trigger LANGUAGE plpgsql AS $$ \
         BEGIN RAISE EXCEPTION 'another writer got there first' \
             USING ERRCODE = 'unique_violation', CONSTRAINT = 'game_events_pkey'; END $$",
        "CREATE TRIGGER lose_every_race BEFORE INSERT ON game_events \
         FOR EACH ROW EXECUTE FUNCTION lose_every_race()",
    ] {
        sqlx::query(statement).execute(&app.pool).await.unwrap();
    }
    let res = api.act(&table.id, &token, &action).await;
    problem(res, 409, "version_conflict").await;
    // With If-Match the lost race is a stale version, told at once.
    let res = post_if_match(&api, &table.id, &token, &format!("\"{version}\""), &action).await;
    problem(res, 412, "version_mismatch").await;
    assert_eq!(api.version(&table.id, &token).await, version);
}

#[tokio::test]
async fn a_stream_that_does_not_load_returns_500_internal_error_without_details() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    append_unreadable_event(&app, &table).await;
    let body = problem(
        api.get(&table.path(""), table.seat(0)).await,
        500,
        "internal_error",
    )
    .await;
    assert!(!body.to_string().contains("99"), "{body}");
    problem(
        api.get(&table.path("/legal-actions"), table.seat(0)).await,
        500,
        "internal_error",
    )
    .await;
}

// ---------------------------------------------------------------------------------------------
// Problems: broken rules through the API (422 with the rule's code)

/// What `/v1/cards` says about every card: (clan, strength) by id.
async fn card_table(app: &TestApp) -> Vec<(String, u64)> {
    let body: Value = app.get("/v1/cards").await.json().await.unwrap();
    let mut table = vec![(String::new(), 0)];
    for c in body["cards"].as_array().unwrap() {
        table.push((
            c["clan"].as_str().unwrap().to_string(),
            c["strength"].as_u64().unwrap(),
        ));
    }
    table
}

#[tokio::test]
async fn acting_before_the_game_starts_returns_422_game_not_started() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let id = create_game(&app, &alice, &json!({"players": 2})).await;
    let res = api.act(&id, &alice, &json!({"type": "pass"})).await;
    problem(res, 422, "game_not_started").await;
    assert_eq!(api.version(&id, &alice).await, 0);
}

#[tokio::test]
async fn actions_that_break_a_turn_rule_return_422_with_the_rule_code_and_change_nothing() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let g = api.game(&table.id, table.seat(0)).await;
    let seat = g["view"]["awaiting"]["seat"].as_u64().unwrap();
    let me = table.seat(seat);
    let other = table.seat(1 - seat);
    let mine = api.game(&table.id, me).await;
    let version = mine["version"].as_i64().unwrap();
    let hand = mine["view"]["players"][seat as usize]["hand"].clone();
    let in_hand = hand[0].as_u64().unwrap();
    let supporter = mine["view"]["supporters"][0].as_u64().unwrap();

    for (token, action, code) in [
        (
            other,
            json!({"type": "recruit", "slot": 0}),
            "not_your_turn",
        ),
        (other, json!({"type": "pass"}), "not_your_turn"),
        (
            me,
            json!({"type": "claim_supporter", "supporter": supporter}),
            "unexpected_action",
        ),
        (
            me,
            json!({"type": "copy_power", "target": {"seat": 0, "position": 0}}),
            "unexpected_action",
        ),
        (
            me,
            json!({"type": "muster", "card": supporter, "face_up": true}),
            "card_not_in_hand",
        ),
        (
            me,
            json!({"type": "muster", "card": 99, "face_up": false}),
            "card_not_in_hand",
        ),
        (
            me,
            json!({"type": "recruit", "slot": 5}),
            "no_such_recruit_slot",
        ),
        (
            me,
            json!({"type": "muster", "card": in_hand, "face_up": false, "use_power": true}),
            "face_down_has_no_power",
        ),
        (me, json!({"type": "pass"}), "pass_not_allowed"),
    ] {
        let res = api.act(&table.id, token, &action).await;
        problem(res, 422, code).await;
    }
    assert_eq!(api.version(&table.id, me).await, version);
    assert_eq!(
        api.game(&table.id, me).await["view"]["players"][seat as usize]["hand"],
        hand
    );
}

/// RULES §4: with `lowest_strength`, a card may use its power only if no other face-up Follower
/// is weaker. One seat musters its weakest card face-up; then a stronger card is not eligible.
#[tokio::test]
async fn using_the_power_of_a_card_that_is_not_eligible_returns_422_power_not_eligible() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let cards = card_table(&app).await;
    let options = json!({"players": 2, "power_rule": "lowest_strength"});
    let table = seat_table(&app, "player", options).await;
    for _ in 0..20 {
        let g = api.game(&table.id, table.seat(0)).await;
        let seat = g["view"]["awaiting"]["seat"].as_u64().unwrap();
        let token = table.seat(seat);
        let view = api.game(&table.id, token).await["view"].clone();
        assert_eq!(view["awaiting"]["decision"]["kind"], "turn");
        let weakest_face_up = view["players"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|p| p["army"].as_array().unwrap())
            .filter(|f| f["face_up"] == json!(true))
            .map(|f| cards[f["card"].as_u64().unwrap() as usize].1)
            .min();
        let mut hand: Vec<u64> = view["players"][seat as usize]["hand"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect();
        hand.sort_by_key(|&c| cards[c as usize].1);
        let blocked = hand
            .iter()
            .find(|&&c| weakest_face_up.is_some_and(|w| cards[c as usize].1 > w));
        if let Some(&card) = blocked {
            let version = api.version(&table.id, token).await;
            let action =
                json!({"type": "muster", "card": card, "face_up": true, "use_power": true});
            let res = api.act(&table.id, token, &action).await;
            problem(res, 422, "power_not_eligible").await;
            assert_eq!(api.version(&table.id, token).await, version);
            return;
        }
        let weakest = hand[0];
        let action =
            json!({"type": "muster", "card": weakest, "face_up": true, "use_power": false});
        ok(api.act(&table.id, token, &action).await).await;
    }
    panic!("no card was ever blocked");
}

/// Keeps every army empty by only recruiting (slot 0), so that both cases below arise: an
/// immediate power with nothing to act on, and a hand of ten.
async fn recruit_until(api: &Api, table: &Table, mut stop: impl FnMut(&Value, &str) -> bool) {
    for _ in 0..40 {
        let g = api.game(&table.id, table.seat(0)).await;
        let seat = g["view"]["awaiting"]["seat"].as_u64().unwrap();
        let token = table.seat(seat);
        let view = api.game(&table.id, token).await["view"].clone();
        if stop(&view, token) {
            return;
        }
        let legal = api.legal(&table.id, token).await;
        let action = legal["actions"][0].clone();
        ok(api.act(&table.id, token, &action).await).await;
    }
    panic!("the awaited case never arose");
}

/// RULES §4: a power with no legal target cannot be used. With every army empty, a Fergusson has
/// no opponent's Follower to take, a Wemyss nothing else to discard, a Scott nothing to copy.
#[tokio::test]
async fn using_a_power_with_nothing_to_act_on_returns_422_power_has_no_target() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let cards = card_table(&app).await;
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let mut found = None;
    recruit_until(&api, &table, |view, token| {
        let seat = view["awaiting"]["seat"].as_u64().unwrap() as usize;
        let empty = view["players"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["army"] == json!([]));
        let card = view["players"][seat]["hand"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .find(|&c| ["fergusson", "wemyss", "scott"].contains(&cards[c as usize].0.as_str()));
        match card {
            Some(card) if empty => {
                found = Some((token.to_string(), card));
                true
            }
            _ => false,
        }
    })
    .await;
    let (token, card) = found.unwrap();
    let version = api.version(&table.id, &token).await;
    let action = json!({"type": "muster", "card": card, "face_up": true, "use_power": true});
    problem(
        api.act(&table.id, &token, &action).await,
        422,
        "power_has_no_target",
    )
    .await;
    assert_eq!(api.version(&table.id, &token).await, version);
}

/// RULES §4: no recruiting with ten or more cards in hand. Five recruits in the first skirmish
/// take a hand from five to ten.
#[tokio::test]
async fn recruiting_with_ten_cards_in_hand_returns_422_hand_full() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let mut full = None;
    recruit_until(&api, &table, |view, token| {
        let seat = view["awaiting"]["seat"].as_u64().unwrap() as usize;
        let turn = view["awaiting"]["decision"]["kind"] == "turn";
        if turn && view["players"][seat]["hand_size"].as_u64().unwrap() >= 10 {
            full = Some(token.to_string());
            return true;
        }
        false
    })
    .await;
    let token = full.unwrap();
    let legal = api.legal(&table.id, &token).await;
    assert!(
        legal["actions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["type"] != "recruit"),
        "no recruit is listed with a full hand"
    );
    let res = api
        .act(&table.id, &token, &json!({"type": "recruit", "slot": 0}))
        .await;
    problem(res, 422, "hand_full").await;
    assert_eq!(
        api.version(&table.id, &token).await,
        legal["version"].as_i64().unwrap()
    );
}

/// RULES §5: Fergusson, Wemyss and Scott name a Follower by seat and position. Plays a game that
/// uses every power it can until one of them waits for its target.
#[tokio::test]
async fn answering_a_power_with_a_follower_that_does_not_exist_returns_422_no_such_follower() {
    use rand::{RngExt, SeedableRng};
    let app = spawn_app().await;
    let api = Api::of(&app);
    let mut rng = rand::rngs::StdRng::seed_from_u64(21);
    // The deal is the server's: a game may end before any of these powers comes up; then
    // another game is played.
    let mut table = seat_table(&app, "player", json!({"players": 2})).await;
    for turn in 0..2000 {
        let g = api.game(&table.id, table.seat(0)).await;
        if g["game"]["status"] != "active" {
            table = seat_table(&app, &format!("again{turn}_"), json!({"players": 2})).await;
            continue;
        }
        let seat = g["view"]["awaiting"]["seat"].as_u64().unwrap();
        let token = table.seat(seat);
        let decision = &g["view"]["awaiting"]["decision"];
        let (action, own_code) = match decision["kind"].as_str().unwrap() {
            "fergusson_swap" => ("swap_follower", "target_not_opponent"),
            "wemyss_discard" => ("discard_follower", "target_is_self"),
            "scott_copy" => ("copy_power", "target_is_self"),
            _ => {
                let legal = api.legal(&table.id, token).await;
                let actions = legal["actions"].as_array().unwrap();
                let action = actions
                    .iter()
                    .find(|a| a["use_power"] == json!(true))
                    .unwrap_or_else(|| &actions[rng.random_range(0..actions.len())]);
                ok(api.act(&table.id, token, action).await).await;
                continue;
            }
        };
        let version = g["version"].as_i64().unwrap();
        let nowhere = json!({"type": action, "target": {"seat": 1 - seat, "position": 60}});
        problem(
            api.act(&table.id, token, &nowhere).await,
            422,
            "no_such_follower",
        )
        .await;
        // The Follower using the power, named as its own target.
        let own = json!({"type": action,
                         "target": {"seat": seat, "position": decision["position"]}});
        problem(api.act(&table.id, token, &own).await, 422, own_code).await;
        assert_eq!(api.version(&table.id, token).await, version);
        return;
    }
    panic!("no Fergusson, Wemyss or Scott power was used");
}

// ---------------------------------------------------------------------------------------------
// Every code is tested

/// The integration tests' sources (the files of `tests/it/`), concatenated.
fn test_sources() -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it");
    let mut sources = String::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            sources.push_str(&std::fs::read_to_string(path).unwrap());
        }
    }
    sources
}

/// Every problem code of the HTTP shell is asserted by some test of the suite (as the string
/// literal `"<code>"` in a file of `tests/it/`), except the ones no HTTP request can produce.
#[test]
fn every_problem_code_of_the_http_shell_is_asserted_by_some_test() {
    use lords::api::error::codes::ErrorCode;
    // `game_not_finished` comes only from `lords export` (no HTTP route exports a game);
    // `bad_request` is the middleware's fallback for a bare 4xx that no route produces.
    let unreachable = [ErrorCode::GameNotFinished, ErrorCode::BadRequest];
    let sources = test_sources();
    let missing: Vec<&str> = ErrorCode::ALL
        .iter()
        .filter(|c| !unreachable.contains(c))
        .map(|c| c.as_str())
        .filter(|code| !sources.contains(&format!("\"{code}\"")))
        .collect();
    assert!(missing.is_empty(), "no test asserts {missing:?}");
}

/// Every rule code is asserted through the API, except the ones left to the engine's own tests
/// (reaching them over HTTP needs a particular deal).
#[test]
fn every_rule_code_but_a_few_deal_dependent_ones_is_asserted_through_the_api() {
    use rules::RuleError;
    let engine_only = [
        // Seats come from the store, never from the request.
        RuleError::NoSuchSeat,
        // Slots empty only once the draw and discard piles are both exhausted.
        RuleError::RecruitSlotEmpty,
        RuleError::CopyTargetFaceDown,
        RuleError::CopyTargetIsScott,
        RuleError::SupporterNotInRow,
    ];
    let sources = test_sources();
    let missing: Vec<&str> = RuleError::ALL
        .iter()
        .filter(|r| !engine_only.contains(r))
        .map(|r| r.code())
        .filter(|code| !sources.contains(&format!("\"{code}\"")))
        .collect();
    assert!(missing.is_empty(), "no test asserts {missing:?}");
}

// ---------------------------------------------------------------------------------------------
// Results

/// A listed game's `result`: `null` until it is finished, then the scores by seat and the final
/// order, as the finished view's players and ranking say; games finished before the read model
/// kept results get theirs from their events (the migration's derivation).
#[tokio::test]
async fn a_finished_games_summary_carries_its_scores_and_ranking_and_old_games_get_theirs() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "score", json!({"players": 3, "target_score": 10})).await;
    let active = api.game(&table.id, table.seat(0)).await;
    assert!(active["game"]["result"].is_null(), "{}", active["game"]);
    play_concurrently(&api, &table, 11).await;

    let finished = api.game(&table.id, table.seat(1)).await;
    let view = &finished["view"];
    let scores: Vec<Value> = view["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["score"].clone())
        .collect();
    let result = &finished["game"]["result"];
    assert_eq!(result["scores"], Value::Array(scores), "{result}");
    assert_eq!(result["ranking"], view["ranking"], "{result}");
    assert_eq!(result["places"], view["places"], "{result}");
    let first = result["ranking"][0].as_u64().unwrap();
    assert!(
        finished["game"]["winners"]
            .as_array()
            .unwrap()
            .contains(&json!(first))
    );
    // Every listing says it too.
    let mine = api.get_ok("/v1/games?mine=true", table.seat(2)).await;
    assert_eq!(&mine["games"][0]["result"], result);
    let all = api
        .get_ok("/v1/games?status=finished", &table.spectator)
        .await;
    assert_eq!(&all["games"][0]["result"], result);

    // A game finished before the column existed: the migration derives it from the events.
    let migration = include_str!("../../migrations/20261126100001_game_result.sql");
    let start = migration.find("WITH r AS MATERIALIZED").unwrap();
    let end = migration[start..].find(';').unwrap() + start;
    sqlx::query("UPDATE games SET result = NULL WHERE id = $1::uuid")
        .bind(&table.id)
        .execute(&app.pool)
        .await
        .unwrap();
    let forgotten = api.game(&table.id, table.seat(1)).await;
    assert!(forgotten["game"]["result"].is_null());
    sqlx::query(&migration[start..end])
        .execute(&app.pool)
        .await
        .unwrap();
    // And its places (service rules §9.7), from the events too.
    sqlx::query(include_str!(
        "../../migrations/20261128001001_result_places.sql"
    ))
    .execute(&app.pool)
    .await
    .unwrap();
    let derived = api.get_ok("/v1/games?mine=true", table.seat(2)).await;
    // The seats' own decisions (service rules §9.7) are counted by the appends since: the
    // derivation has none to give.
    for key in ["scores", "ranking", "places"] {
        assert_eq!(derived["games"][0]["result"][key], result[key], "{key}");
    }
}
