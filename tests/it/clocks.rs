//! Resigning, turn clocks and bots standing in (service rules §9.3–9.5), over
//! real HTTP against the in-process server and its deadline worker.

use crate::common;

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use common::app::{TestApp, problem, spawn_app, spawn_app_with};
use common::games::{Api, Table, create_game, ok, seat_table};

/// Polls the game as `token` until `done` holds (at most `secs` seconds).
async fn wait_for(api: &Api, id: &str, token: &str, secs: u64, done: impl Fn(&Value) -> bool) {
    let until = Instant::now() + Duration::from_secs(secs);
    loop {
        let game = api.game(id, token).await;
        if done(&game) {
            return;
        }
        assert!(
            Instant::now() < until,
            "still waiting after {secs} s: {game}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn resign(api: &Api, table: &Table, seat: u64) -> reqwest::Response {
    api.post(&table.path("/resign"), table.seat(seat), &json!({}))
        .await
}

/// The game's events as seat 0 sees them: each event's fields with its `seq` beside them.
async fn facts(api: &Api, table: &Table) -> Vec<Value> {
    let (events, _) = api.events(&table.id, table.seat(0)).await;
    events
        .into_iter()
        .map(|e| {
            let mut fact = e["event"].clone();
            fact["seq"] = e["seq"].clone();
            fact
        })
        .collect()
}

fn types(events: &[Value]) -> Vec<&str> {
    events.iter().map(|e| e["type"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn resigning_a_two_player_game_ends_it_at_once_and_the_other_player_wins() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "duo", json!({"players": 2})).await;
    // Seat 1 resigns, awaited or not.
    let res = ok(resign(&api, &table, 1).await).await;
    assert_eq!(res["view"]["status"], "finished");
    assert_eq!(res["view"]["winners"], json!([0]));
    assert_eq!(res["view"]["ranking"], json!([0, 1]));
    assert_eq!(res["view"]["players"][1]["resigned"], true);
    assert_eq!(res["view"]["players"][0]["resigned"], false);

    let events = facts(&api, &table).await;
    let kinds = types(&events);
    assert_eq!(kinds[kinds.len() - 2..], ["seat_resigned", "game_ended"]);
    assert_eq!(events[events.len() - 2]["seat"], 1);
    let g = api.game(&table.id, table.seat(0)).await;
    assert_eq!(g["game"]["status"], "finished");
    assert_eq!(g["game"]["winners"], json!([0]));
    assert!(g["game"]["deadline"].is_null());
    // Once over, resigning again is refused with the rule's code.
    problem(resign(&api, &table, 0).await, 422, "game_over").await;
}

#[tokio::test]
async fn a_resigned_seat_is_played_by_a_bot_cannot_act_and_cannot_win() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "trio", json!({"players": 3})).await;
    let awaited = api.game(&table.id, table.seat(0)).await["game"]["awaiting"]["seat"]
        .as_u64()
        .unwrap();
    // The awaited seat resigns: a bot takes its decision within about a second.
    let res = ok(resign(&api, &table, awaited).await).await;
    let resigned_at = res["version"].as_i64().unwrap();
    assert_eq!(res["view"]["status"], "active");
    wait_for(&api, &table.id, table.seat(0), 20, |g| {
        g["version"].as_i64().unwrap() > resigned_at
    })
    .await;
    let events = facts(&api, &table).await;
    let after: Vec<&Value> = events
        .iter()
        .filter(|e| e["seq"].as_i64().unwrap() > resigned_at - 1)
        .collect();
    assert_eq!(after[0]["type"], "seat_resigned");
    assert_eq!(after[1]["type"], "bot_acted", "{after:?}");
    assert_eq!(after[1]["seat"], awaited);
    assert_eq!(after[1]["level"], "greedy");

    // The resigned seat has no legal actions, and its actions are refused.
    let legal = api.legal(&table.id, table.seat(awaited)).await;
    assert_eq!(legal["actions"], json!([]));
    let res = api
        .act(&table.id, table.seat(awaited), &json!({"type": "pass"}))
        .await;
    problem(res, 422, "seat_resigned").await;
    problem(resign(&api, &table, awaited).await, 422, "seat_resigned").await;

    // A second resignation leaves one player: the game ends and they win, whatever the
    // scores; both resigned seats are ranked after them.
    let other = (awaited + 1) % 3;
    let last = (awaited + 2) % 3;
    let res = ok(resign(&api, &table, other).await).await;
    assert_eq!(res["view"]["status"], "finished");
    assert_eq!(res["view"]["winners"], json!([last]));
    let ranking = res["view"]["ranking"].as_array().unwrap();
    assert_eq!(ranking[0], last);
    assert_eq!(ranking.len(), 3);
}

#[tokio::test]
async fn resigning_is_refused_before_the_start_to_strangers_and_in_games_nobody_sees() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let owner = app.signed_up("owner").await;
    let stranger = app.signed_up("stranger").await;
    let open = create_game(&app, &owner, &json!({"players": 2})).await;
    let path = format!("/v1/games/{open}/resign");
    problem(
        api.post(&path, &owner, &json!({})).await,
        422,
        "game_not_started",
    )
    .await;
    problem(
        api.post(&path, &stranger, &json!({})).await,
        403,
        "not_seated",
    )
    .await;
    let private = create_game(
        &app,
        &owner,
        &json!({"players": 2, "visibility": "private"}),
    )
    .await;
    problem(
        api.post(
            &format!("/v1/games/{private}/resign"),
            &stranger,
            &json!({}),
        )
        .await,
        404,
        "game_not_found",
    )
    .await;
    let missing = uuid::Uuid::now_v7();
    problem(
        api.post(&format!("/v1/games/{missing}/resign"), &owner, &json!({}))
            .await,
        404,
        "game_not_found",
    )
    .await;
}

#[tokio::test]
async fn clock_options_default_to_three_days_accept_null_and_refuse_out_of_range_values() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let token = app.signed_up("timekeeper").await;
    let create = |body: Value| {
        let api = api.clone();
        let token = token.clone();
        async move { api.post("/v1/games", &token, &body).await }
    };
    let created = |res: reqwest::Response| async move {
        assert_eq!(res.status(), 201);
        res.json::<Value>().await.unwrap()
    };
    let default = created(create(json!({"players": 2})).await).await;
    assert_eq!(default["options"]["turn_time_limit_s"], 259_200);
    assert_eq!(default["options"]["max_timeouts"], 3);
    let none = created(create(json!({"players": 2, "turn_time_limit_s": null})).await).await;
    assert!(none["options"].get("turn_time_limit_s").is_none(), "{none}");
    let set =
        created(create(json!({"players": 2, "turn_time_limit_s": 5, "max_timeouts": 1})).await)
            .await;
    assert_eq!(set["options"]["turn_time_limit_s"], 5);
    assert_eq!(set["options"]["max_timeouts"], 1);
    for bad in [4, 14 * 24 * 3600 + 1] {
        let res = create(json!({"players": 2, "turn_time_limit_s": bad})).await;
        problem(res, 422, "invalid_turn_time_limit").await;
    }
    for bad in [0, 11] {
        let res = create(json!({"players": 2, "max_timeouts": bad})).await;
        problem(res, 422, "invalid_max_timeouts").await;
    }
    let res = create(json!({"players": 2, "turn_time_limit_s": "soon"})).await;
    problem(res, 422, "invalid_options").await;
}

#[tokio::test]
async fn the_awaited_decision_shows_its_deadline_and_games_awaiting_me_come_nearest_deadline_first()
{
    let app = spawn_app().await;
    let api = Api::of(&app);
    let a = app.signed_up("alba").await;
    let b = app.signed_up("bute").await;
    let limits = [
        json!(3600),
        json!(600),
        json!(null),
        json!(86_400),
        json!(60),
        json!(7200),
    ];
    let mut games = Vec::new();
    for limit in &limits {
        let id = create_game(&app, &a, &json!({"players": 2, "turn_time_limit_s": limit})).await;
        ok(api.join(&id, &b).await).await;
        games.push(id);
    }
    // The view's `awaiting.deadline` and the summary's `deadline` agree, `limit` from now.
    for (id, limit) in games.iter().zip(&limits) {
        let g = api.game(id, &a).await;
        let deadline = &g["view"]["awaiting"]["deadline"];
        assert_eq!(deadline, &g["game"]["deadline"], "{g}");
        match limit.as_i64() {
            None => assert!(deadline.is_null()),
            Some(limit) => {
                let at = chrono::DateTime::parse_from_rfc3339(deadline.as_str().unwrap()).unwrap();
                let left = (at.with_timezone(&chrono::Utc) - chrono::Utc::now()).num_seconds();
                assert!(left > limit - 60 && left <= limit, "{limit}: {left}");
            }
        }
    }
    // Each player's games awaiting them: nearest deadline first, no clock last, over pages.
    let mut seen = 0;
    for token in [&a, &b] {
        let mut listed: Vec<Value> = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let path = match &cursor {
                None => "/v1/games?awaiting_me=true&limit=2".to_string(),
                Some(c) => format!("/v1/games?awaiting_me=true&limit=2&cursor={c}"),
            };
            let page = api.get_ok(&path, token).await;
            listed.extend(page["games"].as_array().unwrap().iter().cloned());
            match page["next_cursor"].as_str() {
                Some(c) => cursor = Some(c.to_string()),
                None => break,
            }
        }
        let deadlines: Vec<Option<String>> = listed
            .iter()
            .map(|g| g["deadline"].as_str().map(str::to_string))
            .collect();
        let mut sorted = deadlines.clone();
        sorted.sort_by(|x, y| match (x, y) {
            (Some(x), Some(y)) => x.cmp(y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        });
        assert_eq!(deadlines, sorted, "{listed:?}");
        seen += listed.len();
    }
    assert_eq!(
        seen,
        games.len(),
        "every game awaits exactly one of the two"
    );
}

#[tokio::test]
async fn a_decision_past_its_deadline_times_out_a_bot_plays_it_and_repeated_timeouts_abandon_the_seat()
 {
    let app = spawn_app_with(|c| c.deadline_poll = Some(Duration::from_millis(200))).await;
    let api = Api::of(&app);
    let table = seat_table(
        &app,
        "sleepy",
        json!({"players": 2, "turn_time_limit_s": 5, "max_timeouts": 2}),
    )
    .await;
    // Nobody plays: decisions time out one after the other until a seat has timed out twice
    // in a row; it is abandoned, and the other seat, the only one left, wins.
    wait_for(&api, &table.id, table.seat(0), 60, |g| {
        g["game"]["status"] == "finished"
    })
    .await;
    let events = facts(&api, &table).await;
    let timeouts: Vec<&Value> = events
        .iter()
        .filter(|e| e["type"] == "decision_timed_out")
        .collect();
    assert!(timeouts.len() >= 2, "{events:?}");
    let abandoned: Vec<&Value> = events
        .iter()
        .filter(|e| e["type"] == "seat_abandoned")
        .collect();
    assert_eq!(abandoned.len(), 1);
    let loser = abandoned[0]["seat"].as_u64().unwrap();
    let ended = events.last().unwrap();
    assert_eq!(ended["type"], "game_ended");
    assert_eq!(ended["winners"], json!([1 - loser]));
    // Every timeout but the abandoning one is followed by the bot's action for that seat, and
    // each seat's count in a row goes up by one: no decision timed out twice.
    let mut counts = [0u64; 2];
    for (i, e) in events.iter().enumerate() {
        if e["type"] != "decision_timed_out" {
            continue;
        }
        let seat = e["seat"].as_u64().unwrap() as usize;
        counts[seat] += 1;
        assert_eq!(
            e["consecutive"].as_u64().unwrap(),
            counts[seat],
            "{events:?}"
        );
        let next = &events[i + 1];
        if next["type"] != "seat_abandoned" {
            assert_eq!(next["type"], "bot_acted", "{events:?}");
            assert_eq!(next["seat"].as_u64().unwrap(), seat as u64);
        }
    }
    assert_eq!(counts[loser as usize], 2);
}

#[tokio::test]
async fn a_player_deciding_again_clears_their_timeouts_in_a_row() {
    let app = spawn_app_with(|c| c.deadline_poll = Some(Duration::from_millis(200))).await;
    let api = Api::of(&app);
    let table = seat_table(
        &app,
        "wake",
        json!({"players": 2, "turn_time_limit_s": 5, "max_timeouts": 3}),
    )
    .await;
    let first = api.game(&table.id, table.seat(0)).await["game"]["awaiting"]["seat"]
        .as_u64()
        .unwrap();
    // The awaited seat sleeps through one deadline ...
    wait_for(&api, &table.id, table.seat(0), 30, |g| {
        g["view"]["players"][first as usize]["timeouts"] == 1
    })
    .await;
    // ... then, the next time it is awaited, decides itself. The other seat
    // plays its own turns meanwhile, so it never times out often enough to be
    // abandoned, which would end a two-player game.
    let other = 1 - first;
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let game = api.game(&table.id, table.seat(0)).await;
        let awaiting = game["game"]["awaiting"]["seat"].as_u64();
        if awaiting == Some(first) {
            break;
        }
        assert!(Instant::now() < until, "still waiting after 30 s: {game}");
        if awaiting == Some(other) {
            let legal = api.legal(&table.id, table.seat(other)).await;
            if let Some(action) = legal["actions"].get(0) {
                // The deadline worker may have acted first: a stale answer is fine.
                api.act(&table.id, table.seat(other), action).await;
            }
            continue;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let legal = api.legal(&table.id, table.seat(first)).await;
    let action = legal["actions"][0].clone();
    let res = ok(api.act(&table.id, table.seat(first), &action).await).await;
    assert_eq!(res["view"]["players"][first as usize]["timeouts"], 0);
    let events = facts(&api, &table).await;
    assert!(
        types(&events).contains(&"timeouts_cleared"),
        "{:?}",
        types(&events)
    );
}

#[tokio::test]
async fn deleting_an_account_resigns_its_seats_in_active_games() {
    let app: TestApp = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "leaver", json!({"players": 2})).await;
    let res = app
        .client
        .delete(app.url("/v1/me"))
        .bearer_auth(table.seat(1))
        .json(&json!({"password": "correct horse battery"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    let g = api.game(&table.id, table.seat(0)).await;
    assert_eq!(g["game"]["status"], "finished");
    assert_eq!(g["game"]["winners"], json!([0]));
}
