//! Vacation (service rules §9.6) over real HTTP against the in-process server and its deadline
//! worker: the days, the clocks paused and moved back, what opponents are told, and the
//! stream's record that `lords verify` replays.

use crate::common;

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use common::app::{TestApp, problem, spawn_app_with};
use common::games::{Api, Table, create_game, notifications_settled, ok, seat_table};

fn at(value: &Value) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(
        value
            .as_str()
            .unwrap_or_else(|| panic!("not a date: {value}")),
    )
    .unwrap()
    .with_timezone(&Utc)
}

async fn go_away(api: &Api, token: &str, days: i64) -> reqwest::Response {
    api.post("/v1/me/vacation", token, &json!({"days": days}))
        .await
}

async fn come_back(app: &TestApp, token: &str) -> reqwest::Response {
    app.client
        .delete(app.url("/v1/me/vacation"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

async fn me(api: &Api, token: &str) -> Value {
    api.get_ok("/v1/me", token).await
}

async fn event_types(api: &Api, table: &Table) -> Vec<String> {
    let (events, _) = api.events(&table.id, table.seat(0)).await;
    events
        .iter()
        .map(|e| e["event"]["type"].as_str().unwrap().to_string())
        .collect()
}

/// Polls the game as seat 0 until `done` holds (at most `secs` seconds).
async fn wait_for(api: &Api, table: &Table, secs: u64, done: impl Fn(&Value) -> bool) -> Value {
    let until = Instant::now() + Duration::from_secs(secs);
    loop {
        let game = api.game(&table.id, table.seat(0)).await;
        if done(&game) {
            return game;
        }
        assert!(
            Instant::now() < until,
            "still waiting after {secs} s: {game}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn lords_verify(app: &TestApp) -> Vec<Value> {
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_lords"))
        .args(["verify", "--all"])
        .env("DATABASE_URL", &app.db_url)
        .env("LORDS_DATA_DIR", std::env::temp_dir())
        .output()
        .await
        .expect("run lords verify");
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(
        out.status.success(),
        "{lines:?} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    lines
}

#[tokio::test]
async fn a_vacation_pauses_a_five_second_clock_and_ending_it_early_moves_the_deadline_back() {
    let app = spawn_app_with(|c| c.deadline_poll = Some(Duration::from_millis(200))).await;
    let api = Api::of(&app);
    let table = seat_table(
        &app,
        "rest",
        json!({"players": 2, "turn_time_limit_s": 5, "max_timeouts": 3}),
    )
    .await;
    let g = api.game(&table.id, table.seat(0)).await;
    let awaited = g["game"]["awaiting"]["seat"].as_u64().unwrap();
    let other = 1 - awaited;
    let before = at(&g["game"]["deadline"]);

    let started = go_away(&api, table.seat(awaited), 2).await;
    assert_eq!(started.status(), 201);
    let started: Value = started.json().await.unwrap();
    assert_eq!(started["days_left"], 18);
    let until = at(&started["until"]);
    let started_at = at(&started["started_at"]);
    assert_eq!((until - started_at).num_days(), 2);
    let mine = me(&api, table.seat(awaited)).await;
    assert_eq!(mine["vacation"]["days_left"], 18);
    assert_eq!(at(&mine["vacation"]["until"]), until);

    // The deadline moved by the vacation's length: its end plus the time that was left. The
    // view and the summary agree, and the view shows the seat's vacation.
    let g = api.game(&table.id, table.seat(other)).await;
    let moved = at(&g["game"]["deadline"]);
    assert_eq!(at(&g["view"]["awaiting"]["deadline"]), moved);
    assert!(
        moved > until && moved <= until + chrono::Duration::seconds(5),
        "{g}"
    );
    assert!(moved - until <= before - started_at + chrono::Duration::milliseconds(1));
    assert_eq!(
        at(&g["view"]["players"][awaited as usize]["vacation_until"]),
        until
    );
    assert!(g["view"]["players"][other as usize]["vacation_until"].is_null());

    // Past the old deadline, nothing timed out.
    tokio::time::sleep(Duration::from_secs(6)).await;
    let types = event_types(&api, &table).await;
    assert_eq!(types.last().map(String::as_str), Some("seat_away"));
    assert!(
        !types.iter().any(|t| t == "decision_timed_out"),
        "{types:?}"
    );

    // The opponent was told; the vacationer was not.
    notifications_settled(&app.pool).await;
    let told: Vec<(String, Value)> = sqlx::query_as(
        "SELECT a.username, n.payload FROM notifications n JOIN accounts a ON a.id = n.account_id \
         WHERE n.kind = 'vacation'",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0].0, format!("rest{other}"));
    assert_eq!(told[0].1["seat"], awaited);
    assert_eq!(told[0].1["username"], format!("rest{awaited}"));
    assert_eq!(at(&told[0].1["until"]), until);

    // `lords verify` recomputes the moved deadline from the stream.
    assert!(lords_verify(&app).await.iter().all(|l| l["ok"] == true));

    // Back early: one unused whole day returns, the deadline moves back to about now plus
    // what was left, and the decision then times out.
    let ended = ok(come_back(&app, table.seat(awaited)).await).await;
    assert_eq!(ended["returned_days"], 1);
    assert_eq!(ended["days_left"], 19);
    let mine = me(&api, table.seat(awaited)).await;
    assert!(mine["vacation"]["until"].is_null());
    let g = api.game(&table.id, table.seat(other)).await;
    let back = at(&g["game"]["deadline"]);
    assert!(back < until, "{g}");
    assert!(g["view"]["players"][awaited as usize]["vacation_until"].is_null());
    assert!(lords_verify(&app).await.iter().all(|l| l["ok"] == true));
    wait_for(&api, &table, 30, |g| {
        g["view"]["players"][awaited as usize]["timeouts"] == 1
    })
    .await;
    let types = event_types(&api, &table).await;
    let away = types.iter().position(|t| t == "seat_away").unwrap();
    assert_eq!(types[away + 1], "seat_back");
    assert_eq!(types[away + 2], "decision_timed_out");
}

#[tokio::test]
async fn vacations_are_refused_with_422_409_and_404_codes() {
    // No deadline worker: a decision stays past its deadline.
    let app = spawn_app_with(|c| c.deadline_poll = None).await;
    let api = Api::of(&app);
    let token = app.signed_up("tourist").await;
    for days in [0, -1, 21] {
        problem(
            go_away(&api, &token, days).await,
            422,
            "not_enough_vacation_days",
        )
        .await;
    }
    problem(come_back(&app, &token).await, 404, "not_on_vacation").await;
    assert_eq!(go_away(&api, &token, 20).await.status(), 201);
    problem(go_away(&api, &token, 1).await, 409, "vacation_in_progress").await;
    let ended = ok(come_back(&app, &token).await).await;
    assert_eq!(ended["returned_days"], 19);
    assert_eq!(ended["days_left"], 19);
    problem(come_back(&app, &token).await, 404, "not_on_vacation").await;

    // A decision awaited from the account and past its deadline cannot be extended.
    let table = seat_table(&app, "late", json!({"players": 2, "turn_time_limit_s": 5})).await;
    let awaited = api.game(&table.id, table.seat(0)).await["game"]["awaiting"]["seat"]
        .as_u64()
        .unwrap();
    tokio::time::sleep(Duration::from_millis(5_500)).await;
    problem(
        go_away(&api, table.seat(awaited), 1).await,
        409,
        "deadline_passed",
    )
    .await;
    // The other player may go.
    assert_eq!(
        go_away(&api, table.seat(1 - awaited), 1).await.status(),
        201
    );
}

#[tokio::test]
async fn vacation_days_accrue_one_per_week_up_to_thirty() {
    let app = spawn_app_with(|_| {}).await;
    let api = Api::of(&app);
    let token = app.signed_up("saver").await;
    assert_eq!(
        me(&api, &token).await["vacation"],
        json!({"days_left": 20, "until": null})
    );
    let age = |days: i64| {
        sqlx::query(
            "UPDATE accounts SET vacation_banked_at = now() - make_interval(days => $1) \
             WHERE username = 'saver'",
        )
        .bind(days as i32)
        .execute(&app.pool)
    };
    age(15).await.unwrap();
    assert_eq!(me(&api, &token).await["vacation"]["days_left"], 22);
    age(400).await.unwrap();
    assert_eq!(me(&api, &token).await["vacation"]["days_left"], 30);
    let started: Value = go_away(&api, &token, 30).await.json().await.unwrap();
    assert_eq!(started["days_left"], 0);
}

#[tokio::test]
async fn a_game_that_starts_during_a_vacation_records_the_player_away_and_their_clock_waits() {
    let app = spawn_app_with(|c| c.deadline_poll = Some(Duration::from_millis(200))).await;
    let api = Api::of(&app);
    let host = app.signed_up("host").await;
    let traveller = app.signed_up("traveller").await;
    let started: Value = go_away(&api, &traveller, 1).await.json().await.unwrap();
    let until = at(&started["until"]);
    let id = create_game(&app, &host, &json!({"players": 2, "turn_time_limit_s": 5})).await;
    ok(api.join(&id, &traveller).await).await;
    let g = api.game(&id, &host).await;
    assert_eq!(g["game"]["status"], "active");
    assert_eq!(at(&g["view"]["players"][1]["vacation_until"]), until);
    assert!(g["view"]["players"][0]["vacation_until"].is_null());
    let (events, _) = api.events(&id, &host).await;
    let away: Vec<&Value> = events
        .iter()
        .filter(|e| e["event"]["type"] == "seat_away")
        .collect();
    assert_eq!(away.len(), 1);
    assert_eq!(away[0]["event"]["seat"], 1);
    // The host is told, as when a vacation starts during a game; the traveller is not.
    notifications_settled(&app.pool).await;
    let told: Vec<(String, Value)> = sqlx::query_as(
        "SELECT a.username, n.payload FROM notifications n JOIN accounts a ON a.id = n.account_id \
         WHERE n.kind = 'vacation'",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0].0, "host");
    assert_eq!(told[0].1["seat"], 1);
    assert_eq!(told[0].1["username"], "traveller");
    assert_eq!(told[0].1["version"], away[0]["seq"]);
    assert_eq!(at(&told[0].1["until"]), until);
    let deadline = at(&g["game"]["deadline"]);
    if g["game"]["awaiting"]["seat"] == 1 {
        // The traveller's first decision starts its clock when they are back.
        assert_eq!(deadline, until + chrono::Duration::seconds(5));
    } else {
        assert!(deadline < until);
        // The host plays until the traveller is awaited (timing out again and again could
        // abandon the host's seat and end the game); the traveller's decision waits for their
        // return.
        let start = std::time::Instant::now();
        let g = loop {
            let g = api.game(&id, &host).await;
            if g["game"]["awaiting"]["seat"] == 1 {
                break g;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "still waiting: {g}"
            );
            let legal = api.legal(&id, &host).await;
            if let Some(action) = legal["actions"].get(0) {
                // The deadline worker may have acted first: a stale answer is fine.
                api.act(&id, &host, action).await;
            } else {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        };
        assert!(at(&g["game"]["deadline"]) >= until + chrono::Duration::seconds(5));
    }
    assert!(lords_verify(&app).await.iter().all(|l| l["ok"] == true));
}

#[tokio::test]
async fn a_vacation_the_game_missed_pauses_the_clock_instead_of_timing_out() {
    let app = spawn_app_with(|c| c.deadline_poll = Some(Duration::from_millis(200))).await;
    let api = Api::of(&app);
    let table = seat_table(&app, "gone", json!({"players": 2, "turn_time_limit_s": 5})).await;
    let awaited = api.game(&table.id, table.seat(0)).await["game"]["awaiting"]["seat"]
        .as_u64()
        .unwrap();
    // The account's vacation committed, then the server died before this game's `seat_away`.
    sqlx::query(
        "UPDATE accounts SET vacation_days_banked = 19, vacation_started_at = now(), \
                             vacation_until = now() + interval '1 day' \
         WHERE username = $1",
    )
    .bind(format!("gone{awaited}"))
    .execute(&app.pool)
    .await
    .unwrap();
    // At the deadline the worker records the vacation instead of timing the decision out.
    let until = Instant::now() + Duration::from_secs(30);
    let types = loop {
        let types = event_types(&api, &table).await;
        if types.iter().any(|t| t == "seat_away") {
            break types;
        }
        assert!(Instant::now() < until, "no seat_away: {types:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert!(
        !types.iter().any(|t| t == "decision_timed_out"),
        "{types:?}"
    );
    let g = api.game(&table.id, table.seat(0)).await;
    assert!(
        at(&g["game"]["deadline"]) > Utc::now() + chrono::Duration::hours(23),
        "{g}"
    );
    assert!(lords_verify(&app).await.iter().all(|l| l["ok"] == true));
}
