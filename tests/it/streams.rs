//! Server-Sent Events: the caller's notifications on `/v1/me/stream` (written in
//! the action's transaction, resumable with `Last-Event-ID`, from any server process), a game's
//! events on `/v1/games/{id}/stream` exactly as `/events` redacts them, single-use stream
//! tickets, heartbeats and the end of streams at shutdown; streams that end with their
//! authority (logout, password change, deletion, token expiry, a game left), tickets that die
//! with their session, and the per-account caps. Real HTTP, the byte stream read as it comes.

use crate::common;

use std::time::Duration;

use common::app::{TestApp, problem, spawn_app, spawn_app_on, spawn_app_with};
use common::games::{
    Api, Table, awaited, create_game, created, notifications_settled, ok, seat_table, step,
};
use common::sse::{ENDS_WITHIN, PATIENCE, Sse};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};
use sqlx::Connection;

const PASSWORD: &str = "correct horse battery";

async fn open(app: &TestApp, path: &str, token: &str, last_event_id: Option<i64>) -> Sse {
    let mut req = app.client.get(app.url(path)).bearer_auth(token);
    if let Some(id) = last_event_id {
        req = req.header("Last-Event-ID", id.to_string());
    }
    Sse::new(req.send().await.unwrap())
}

async fn my_stream(app: &TestApp, token: &str, last_event_id: Option<i64>) -> Sse {
    open(app, "/v1/me/stream", token, last_event_id).await
}

/// The two seats of a started 2-player table: (awaited, other). Two players only.
async fn awaited_and_other(api: &Api, table: &Table) -> (u64, u64) {
    let a = awaited(api, table).await.unwrap();
    (a, 1 - a)
}

/// Plays seeded actions until `seat` is awaited (or the game ends); returns how many.
async fn play_until_awaited(api: &Api, table: &Table, seat: u64, rng: &mut StdRng) -> u32 {
    let mut n = 0;
    while awaited(api, table).await.is_some_and(|a| a != seat) {
        assert!(step(api, table, rng).await);
        n += 1;
    }
    n
}

/// The notifications written, once the outbox is fanned out.
async fn notification_count(app: &TestApp) -> i64 {
    notifications_settled(&app.pool).await
}

#[tokio::test]
async fn your_turn_arrives_on_the_players_stream_after_the_opponent_acts() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "yt", json!({"players": 2})).await;
    let (first, other) = awaited_and_other(&api, &table).await;
    let mut stream = my_stream(&app, table.seat(other), Some(0)).await;
    let started = stream.event().await;
    assert_eq!(started.id, Some(1));
    assert_eq!(started.kind(), Some("game_started"));
    let data = started.data.unwrap();
    assert_eq!(data["id"], 1);
    assert_eq!(data["kind"], "game_started");
    assert_eq!(data["game_id"], table.id);
    assert_eq!(data["payload"]["seat"], other);

    let mut rng = StdRng::seed_from_u64(1);
    assert!(play_until_awaited(&api, &table, other, &mut rng).await > 0);
    let version = api.version(&table.id, table.seat(first)).await;
    let turn = stream.event().await;
    assert_eq!(turn.id, Some(2));
    assert_eq!(turn.kind(), Some("your_turn"));
    let data = turn.data.unwrap();
    assert_eq!(data["kind"], "your_turn");
    assert_eq!(data["game_id"], table.id);
    assert_eq!(data["payload"]["seat"], other);
    assert_eq!(data["payload"]["version"], version);
    // Games have a clock unless asked otherwise: 3 days for this decision.
    let deadline = data["payload"]["deadline"].as_str().unwrap();
    let deadline = chrono::DateTime::parse_from_rfc3339(deadline).unwrap();
    let left = deadline.with_timezone(&chrono::Utc) - chrono::Utc::now();
    let three_days = 3 * 24 * 3600;
    assert!(
        (three_days - 120..=three_days).contains(&left.num_seconds()),
        "{left}"
    );
    // The append's statement writes the deadline into the payload: the same text the API
    // writes for it everywhere else.
    let game = api.game(&table.id, table.seat(other)).await;
    assert_eq!(
        data["payload"]["deadline"], game["view"]["awaiting"]["deadline"],
        "{game}"
    );
    assert!(data["payload"]["decision"]["kind"].is_string());
}

#[tokio::test]
async fn the_first_player_is_told_the_game_started_and_that_it_is_their_turn() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "gs", json!({"players": 3})).await;
    // Any of the three seats may hold the initiative.
    let first = awaited(&api, &table).await.unwrap();
    let mut stream = my_stream(&app, table.seat(first), Some(0)).await;
    let a = stream.event().await;
    let b = stream.event().await;
    assert_eq!((a.id, a.kind()), (Some(1), Some("game_started")));
    assert_eq!((b.id, b.kind()), (Some(2), Some("your_turn")));
    assert_eq!(a.data.unwrap()["payload"]["players"], 3);
}

#[tokio::test]
async fn a_whole_game_streams_every_notification_once_and_resumes_after_last_event_id() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "rs", json!({"players": 2, "target_score": 10})).await;
    let mut live = my_stream(&app, table.seat(0), Some(0)).await;
    // The game is played while the stream is open.
    let player = {
        let api = api.clone();
        let table = Table {
            id: table.id.clone(),
            tokens: table.tokens.clone(),
            spectator: table.spectator.clone(),
        };
        tokio::spawn(async move { common::games::play_sequentially(&api, &table, 7).await })
    };
    let mut seen = Vec::new();
    loop {
        let e = live.event().await;
        let data = e.data.unwrap();
        assert_eq!(e.id, Some(seen.len() as i64 + 1), "no gap, no duplicate");
        assert_eq!(data["id"], seen.len() as i64 + 1);
        assert_eq!(e.event.as_deref(), Some("notification"));
        let ended = data["kind"] == "game_ended";
        seen.push(data);
        if ended {
            break;
        }
    }
    player.await.unwrap();
    let end = &seen.last().unwrap()["payload"];
    let winners = end["winners"].as_array().unwrap();
    assert!(!winners.is_empty());
    assert_eq!(end["won"], winners.contains(&json!(0)));
    assert_eq!(end["place"] == 1, end["won"] == true);
    assert!(seen.len() >= 3, "started, a turn or more, ended: {seen:?}");

    // Every seat has exactly as many notifications in the table as this stream carried.
    let stored: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM notifications n JOIN accounts a ON a.id = n.account_id \
         WHERE a.username = 'rs0'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(stored, seen.len() as i64);

    // Reconnecting after any id replays exactly what follows it: by header, then by query.
    let half = seen.len() as i64 / 2;
    let mut resumed = my_stream(&app, table.seat(0), Some(half)).await;
    for expected in &seen[half as usize..] {
        let e = resumed.event().await;
        assert_eq!(&e.data.unwrap(), expected);
    }
    let res = app
        .client
        .get(app.url(&format!("/v1/me/stream?last_event_id={}", seen.len() - 1)))
        .bearer_auth(table.seat(0))
        .send()
        .await
        .unwrap();
    let mut resumed = Sse::new(res);
    assert_eq!(&resumed.event().await.data.unwrap(), seen.last().unwrap());
}

#[tokio::test]
async fn a_notification_from_an_action_on_a_second_server_process_arrives() {
    let app = spawn_app().await;
    let other_app = spawn_app_on(app.pool.clone(), app.db_url.clone(), |_| {}).await;
    let api = Api::of(&app);
    let other_api = Api::of(&other_app);
    let table = seat_table(&app, "mp", json!({"players": 2})).await;
    let (_, other) = awaited_and_other(&api, &table).await;
    let mut stream = my_stream(&app, table.seat(other), Some(0)).await;
    assert_eq!(stream.event().await.kind(), Some("game_started"));
    let mut rng = StdRng::seed_from_u64(3);
    // Every action goes through the second server.
    play_until_awaited(&other_api, &table, other, &mut rng).await;
    let turn = stream.event().await;
    assert_eq!(turn.kind(), Some("your_turn"));
    assert_eq!(turn.data.unwrap()["payload"]["seat"], other);
}

#[tokio::test]
async fn a_rejected_action_writes_no_notification() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "rb", json!({"players": 2})).await;
    let (first, other) = awaited_and_other(&api, &table).await;
    let before = notification_count(&app).await;
    let legal = api.legal(&table.id, table.seat(first)).await;
    let action = legal["actions"][0].clone();
    // The seat that is not awaited plays the awaited seat's move: 422, nothing written.
    let res = api.act(&table.id, table.seat(other), &action).await;
    problem(res, 422, "not_your_turn").await;
    assert_eq!(notification_count(&app).await, before);
    let mut stream = my_stream(&app, table.seat(other), Some(0)).await;
    assert_eq!(stream.event().await.id, Some(1));
    let mut rng = StdRng::seed_from_u64(5);
    play_until_awaited(&api, &table, other, &mut rng).await;
    // The next one the stream carries is the next id: nothing was written in between.
    let next = stream.event().await;
    assert_eq!(next.id, Some(2));
    assert_eq!(next.kind(), Some("your_turn"));
}

#[tokio::test]
async fn an_action_whose_transaction_fails_after_its_append_leaves_no_notification() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "rf", json!({"players": 2})).await;
    let (first, _) = awaited_and_other(&api, &table).await;
    let version = api.version(&table.id, table.seat(first)).await;
    // A keyed action's key row fails to go in, in the statement that appends its events and
    // writes its notifications.
    sqlx::raw_sql(
        "CREATE FUNCTION refuse_keys() RETURNS trigger LANGUAGE plpgsql AS \
             $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$; \
         CREATE TRIGGER refuse_keys BEFORE INSERT ON idempotency_keys \
             FOR EACH ROW EXECUTE FUNCTION refuse_keys();",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let before = notification_count(&app).await;
    // Recruiting ends the turn (RULES §4): the other seat is awaited next.
    let legal = api.legal(&table.id, table.seat(first)).await;
    let recruit = legal["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["type"] == "recruit")
        .unwrap()
        .clone();
    let keyed = |key: &str| {
        app.client
            .post(app.url(&table.path("/actions")))
            .bearer_auth(table.seat(first))
            .header("Idempotency-Key", key.to_string())
            .json(&recruit)
    };
    problem(keyed("k1").send().await.unwrap(), 500, "internal_error").await;
    assert_eq!(notification_count(&app).await, before);
    assert_eq!(api.version(&table.id, table.seat(first)).await, version);
    // The same action, committed, does notify (the other seat's turn).
    sqlx::raw_sql("DROP TRIGGER refuse_keys ON idempotency_keys")
        .execute(&app.pool)
        .await
        .unwrap();
    ok(keyed("k2").send().await.unwrap()).await;
    assert_eq!(notification_count(&app).await, before + 1);
}

#[tokio::test]
async fn the_game_stream_shows_each_viewer_exactly_what_events_shows_them() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "gv", json!({"players": 2})).await;
    let mut rng = StdRng::seed_from_u64(11);
    for _ in 0..6 {
        assert!(step(&api, &table, &mut rng).await);
    }
    let path = table.path("/stream");
    for token in [table.spectator.as_str(), table.seat(0), table.seat(1)] {
        let version = api.version(&table.id, token).await;
        let (events, complete) = api.events(&table.id, token).await;
        assert!(!complete);
        let mut stream = open(&app, &path, token, None).await;
        let mut streamed = Vec::new();
        while streamed.len() < version as usize {
            let e = stream.event().await;
            assert_eq!(e.id, Some(streamed.len() as i64 + 1));
            streamed.push(e.data.unwrap());
        }
        assert_eq!(streamed, events);
    }

    // Live, and resumed after a seq: the spectator's next events are those /events shows after.
    let version = api.version(&table.id, &table.spectator).await;
    let mut live = open(&app, &path, &table.spectator, Some(version)).await;
    assert!(step(&api, &table, &mut rng).await);
    let (after, _) = api.events_after(&table.id, &table.spectator, version).await;
    for expected in &after {
        let e = live.event().await;
        assert_eq!(e.id, expected["seq"].as_i64());
        assert_eq!(&e.data.unwrap(), expected);
    }
}

#[tokio::test]
async fn the_game_stream_of_an_unknown_game_is_404() {
    let app = spawn_app().await;
    let token = app.signed_up("nobody").await;
    let res = app
        .get_with_token(
            &format!("/v1/games/{}/stream", uuid::Uuid::new_v4()),
            &token,
        )
        .await;
    problem(res, 404, "game_not_found").await;
}

#[tokio::test]
async fn a_stream_ticket_opens_one_stream_then_is_refused_with_401() {
    let app = spawn_app().await;
    let token = app.signed_up("ticketed").await;
    problem(
        app.post_json("/v1/stream-tickets", &json!({})).await,
        401,
        "unauthorized",
    )
    .await;
    let res = app
        .client
        .post(app.url("/v1/stream-tickets"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    let body = ok(res).await;
    assert_eq!(body["expires_in"], 60);
    let ticket = body["ticket"].as_str().unwrap().to_string();
    let url = app.url(&format!("/v1/me/stream?ticket={ticket}"));
    // No Authorization header: the ticket is the credential, once.
    let mut stream = Sse::new(app.client.get(&url).send().await.unwrap());
    assert_eq!(stream.frame().await.unwrap().comment, None);
    drop(stream);
    problem(
        app.client.get(&url).send().await.unwrap(),
        401,
        "invalid_token",
    )
    .await;
    let forged = app.url("/v1/me/stream?ticket=not-a-ticket");
    problem(
        app.client.get(&forged).send().await.unwrap(),
        401,
        "invalid_token",
    )
    .await;
    problem(app.get("/v1/me/stream").await, 401, "unauthorized").await;
}

#[tokio::test]
async fn an_expired_stream_ticket_is_refused_with_401() {
    let app = spawn_app().await;
    let token = app.signed_up("late").await;
    let res = app
        .client
        .post(app.url("/v1/stream-tickets"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    let ticket = ok(res).await["ticket"].as_str().unwrap().to_string();
    sqlx::query("UPDATE stream_tickets SET expires_at = now() - interval '1 second'")
        .execute(&app.pool)
        .await
        .unwrap();
    let url = app.url(&format!("/v1/me/stream?ticket={ticket}"));
    problem(
        app.client.get(&url).send().await.unwrap(),
        401,
        "invalid_token",
    )
    .await;
}

#[tokio::test]
async fn a_quiet_stream_sends_heartbeat_events_at_the_configured_interval() {
    let app = spawn_app_with(|c| c.sse_heartbeat = Duration::from_secs(1)).await;
    let token = app.signed_up("quiet").await;
    let mut stream = my_stream(&app, &token, Some(0)).await;
    let mut heartbeats = 0;
    while heartbeats < 2 {
        let frame = stream.frame().await.expect("open");
        if frame.data.is_some() {
            // Nothing to say but that the stream is alive.
            assert_eq!(frame.event.as_deref(), Some("heartbeat"), "{frame:?}");
            assert_eq!(frame.data, Some(json!({})));
            assert_eq!(frame.id, None, "a heartbeat moves no position");
            heartbeats += 1;
        }
    }
    let api = Api::of(&app);
    let table = seat_table(&app, "hb", json!({"players": 2})).await;
    let mut stream = open(&app, &table.path("/stream"), &table.spectator, None).await;
    let version = api.version(&table.id, &table.spectator).await;
    for seq in 1..=version {
        let e = stream.event().await;
        assert_eq!((e.id, e.event.as_deref()), (Some(seq), Some("game")));
    }
    stream.still_open().await;
}

#[tokio::test]
async fn a_malformed_last_event_id_is_400() {
    let app = spawn_app().await;
    let token = app.signed_up("malformed").await;
    let res = app
        .client
        .get(app.url("/v1/me/stream"))
        .bearer_auth(&token)
        .header("Last-Event-ID", "seven")
        .send()
        .await
        .unwrap();
    problem(res, 400, "invalid_header").await;
    let res = app
        .get_with_token("/v1/me/stream?last_event_id=-1", &token)
        .await;
    problem(res, 400, "invalid_query").await;
}

#[tokio::test]
async fn streams_end_when_the_server_shuts_down() {
    let app = spawn_app().await;
    let token = app.signed_up("leaving").await;
    let mut stream = my_stream(&app, &token, None).await;
    stream.frame().await.expect("the retry line");
    // The stream opens with where things stand (no Last-Event-ID): taken before the shutdown,
    // so that nothing with data can follow it.
    let opening = stream.frame().await.expect("the state event");
    assert_eq!(opening.event.as_deref(), Some("state"));
    app.trigger.shutdown().await;
    while let Some(frame) = stream.frame().await {
        assert!(frame.data.is_none(), "{frame:?}");
    }
}

/// A stream whose read is stuck in the database (here: behind a lock) still ends, cleanly, as
/// soon as shutdown begins: the server does not wait out its shutdown timeout and then cut the
/// connection mid-stream.
#[tokio::test]
async fn a_stream_waiting_on_the_database_ends_cleanly_when_the_server_shuts_down() {
    let app = spawn_app().await;
    let token = app.signed_up("stuck").await;
    // A connection of the test's own: one from the pool may have been opened on a server
    // worker's runtime, which the shutdown below ends.
    let mut holder = sqlx::PgConnection::connect_with(&app.pool.connect_options())
        .await
        .unwrap();
    let mut lock = holder.begin().await.unwrap();
    sqlx::query("LOCK TABLE notifications IN ACCESS EXCLUSIVE MODE")
        .execute(&mut *lock)
        .await
        .unwrap();
    let mut stream = my_stream(&app, &token, None).await;
    stream.frame().await.expect("the retry line");
    // The stream's first read now waits for the lock.
    app.trigger.shutdown().await;
    while let Some(frame) = stream.frame().await {
        assert!(frame.data.is_none());
    }
    lock.rollback().await.unwrap();
    holder.close().await.unwrap();
}

#[tokio::test]
async fn head_of_a_stream_answers_its_headers_and_no_body() {
    let app = spawn_app().await;
    let token = app.signed_up("header").await;
    let res = tokio::time::timeout(
        PATIENCE,
        app.client
            .head(app.url("/v1/me/stream"))
            .bearer_auth(&token)
            .send(),
    )
    .await
    .expect("HEAD answers at once")
    .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "text/event-stream");
    assert!(res.text().await.unwrap().is_empty());
}

// ---------------------------------------------------------------------------------------------
// A stream ends with its authority

/// A login of an account made before: (access token, refresh token).
async fn login(app: &TestApp, username: &str) -> (String, String) {
    let body = ok(app.login(username, PASSWORD).await).await;
    (
        body["access_token"].as_str().unwrap().to_string(),
        body["refresh_token"].as_str().unwrap().to_string(),
    )
}

/// A new account and its first session: (access token, refresh token).
async fn account(app: &TestApp, username: &str) -> (String, String) {
    assert_eq!(app.create_account(username, PASSWORD).await.status(), 201);
    login(app, username).await
}

async fn ticket_response(app: &TestApp, token: &str) -> reqwest::Response {
    app.client
        .post(app.url("/v1/stream-tickets"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

async fn ticket(app: &TestApp, token: &str) -> String {
    ok(ticket_response(app, token).await).await["ticket"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn open_with_ticket_response(app: &TestApp, path: &str, ticket: &str) -> reqwest::Response {
    app.client
        .get(app.url(&format!("{path}?ticket={ticket}")))
        .send()
        .await
        .unwrap()
}

/// A stream opened with a fresh ticket of `token` (no `Authorization`).
async fn open_with_ticket(app: &TestApp, path: &str, token: &str) -> Sse {
    let ticket = ticket(app, token).await;
    Sse::new(open_with_ticket_response(app, path, &ticket).await)
}

async fn logout(app: &TestApp, token: &str, refresh: Option<&str>) {
    let mut req = app
        .client
        .post(app.url("/v1/auth/logout"))
        .bearer_auth(token);
    if let Some(refresh) = refresh {
        req = req.json(&json!({ "refresh_token": refresh }));
    }
    assert_eq!(req.send().await.unwrap().status(), 204);
}

/// Opens both a bearer and a ticket stream of `token` on `/v1/me/stream`.
async fn both_streams(app: &TestApp, token: &str) -> [Sse; 2] {
    [
        my_stream(app, token, None).await,
        open_with_ticket(app, "/v1/me/stream", token).await,
    ]
}

#[tokio::test]
async fn a_stream_ends_when_its_session_logs_out_and_not_when_another_session_does() {
    let app = spawn_app_with(|c| c.sse_heartbeat = Duration::from_secs(1)).await;
    let (a, a_refresh) = account(&app, "elspeth").await;
    let (b, b_refresh) = login(&app, "elspeth").await;
    let mut streams = both_streams(&app, &a).await;
    let mut other = my_stream(&app, &b, None).await;

    logout(&app, &b, Some(&b_refresh)).await;
    other.ends().await;
    for s in &mut streams {
        s.still_open().await;
    }

    logout(&app, &a, Some(&a_refresh)).await;
    for s in &mut streams {
        s.ends().await;
    }
    // The access token dies with its session, everywhere.
    problem(app.get_with_token("/v1/me", &a).await, 401, "invalid_token").await;
    problem(
        app.get_with_token("/v1/me/stream", &a).await,
        401,
        "invalid_token",
    )
    .await;
}

#[tokio::test]
async fn every_stream_of_the_account_ends_when_it_logs_out_everywhere() {
    let app = spawn_app().await;
    let (a, _) = account(&app, "fenella").await;
    let (b, _) = login(&app, "fenella").await;
    let table = seat_table(&app, "lo", json!({"players": 2})).await;
    let mut streams = both_streams(&app, &a).await;
    // A game stream too (a public game: anyone may watch), by ticket.
    let mut game = open_with_ticket(&app, &table.path("/stream"), &b).await;
    logout(&app, &a, None).await;
    for s in &mut streams {
        s.ends().await;
    }
    game.ends().await;
}

#[tokio::test]
async fn a_stream_ends_when_the_password_changes() {
    let app = spawn_app().await;
    let (token, _) = account(&app, "gormal").await;
    let mut streams = both_streams(&app, &token).await;
    let res = app
        .client
        .post(app.url("/v1/me/password"))
        .bearer_auth(&token)
        .json(&json!({"current_password": PASSWORD, "new_password": "a new password"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    for s in &mut streams {
        s.ends().await;
    }
}

#[tokio::test]
async fn a_stream_ends_when_the_account_is_deleted() {
    let app = spawn_app().await;
    let (token, _) = account(&app, "hamish").await;
    let table = seat_table(&app, "dl", json!({"players": 2})).await;
    let [mut bearer, mut ticketed] = both_streams(&app, &token).await;
    let mut game = open(&app, &table.path("/stream"), &token, None).await;
    let res = app
        .client
        .delete(app.url("/v1/me"))
        .bearer_auth(&token)
        .json(&json!({ "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    for s in [&mut bearer, &mut ticketed, &mut game] {
        s.ends().await;
    }
    let leases: i64 = sqlx::query_scalar("SELECT count(*) FROM open_streams")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(leases, 0, "the deletion took the leases with it");
}

#[tokio::test]
async fn a_stream_ends_when_the_access_token_it_was_opened_with_expires() {
    let token_ttl = Duration::from_secs(2);
    let app = spawn_app_with(|c| {
        c.token_ttl = token_ttl;
        c.sse_heartbeat = Duration::from_secs(1);
    })
    .await;
    let (token, _) = account(&app, "iona").await;
    let spare = ticket(&app, &token).await;
    let mut streams = both_streams(&app, &token).await;
    // Keep-alives, then the end: the token's expiry ends a stream that was open and quiet.
    for s in &mut streams {
        s.frame().await.expect("the retry line");
        tokio::time::timeout(token_ttl + ENDS_WITHIN, async {
            while s.frame().await.is_some() {}
        })
        .await
        .expect("the stream ends within 5 s of its token's expiry");
    }
    // A ticket issued with that token opens nothing once the token has expired.
    problem(
        open_with_ticket_response(&app, "/v1/me/stream", &spare).await,
        401,
        "invalid_token",
    )
    .await;
}

#[tokio::test]
async fn a_players_game_stream_ends_when_they_leave_a_private_game() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let owner = app.signed_up("jessie").await;
    let (guest, _) = account(&app, "kenna").await;
    let game = create_game(
        &app,
        &owner,
        &json!({"players": 3, "visibility": "private"}),
    )
    .await;
    let res = api
        .post(
            &format!("/v1/games/{game}/invitations"),
            &owner,
            &json!({"uses": 1}),
        )
        .await;
    assert_eq!(res.status(), 201);
    let code = res.json::<Value>().await.unwrap()["code"]
        .as_str()
        .unwrap()
        .to_string();
    ok(api
        .post(
            &format!("/v1/games/{game}/join"),
            &guest,
            &json!({ "code": code }),
        )
        .await)
    .await;
    let path = format!("/v1/games/{game}/stream");
    let mut bearer = open(&app, &path, &guest, None).await;
    let mut ticketed = open_with_ticket(&app, &path, &guest).await;
    // Nothing is appended by a leave: only the leave itself may end the streams.
    ok(api
        .post(&format!("/v1/games/{game}/leave"), &guest, &json!({}))
        .await)
    .await;
    bearer.ends().await;
    ticketed.ends().await;
    problem(api.get(&path, &guest).await, 404, "game_not_found").await;
    // The creator's stream is not the leaver's: it stays.
    let mut owners = open(&app, &path, &owner, None).await;
    assert!(owners.frame().await.is_some());
}

#[tokio::test]
async fn a_stream_ends_at_its_periodic_recheck_when_no_wakeup_comes() {
    let app = spawn_app_with(|c| c.stream_recheck = Duration::from_secs(1)).await;
    let (token, _) = account(&app, "lachlan").await;
    let mut streams = both_streams(&app, &token).await;
    // Revoked behind the server's back: no notification, only the re-check can see it.
    sqlx::query("UPDATE refresh_tokens SET revoked_at = now()")
        .execute(&app.pool)
        .await
        .unwrap();
    for s in &mut streams {
        s.ends().await;
    }
}

#[tokio::test]
async fn a_ticket_opens_nothing_once_its_session_is_revoked_and_none_is_issued_for_it() {
    let app = spawn_app().await;
    // Logout of the session.
    let (token, refresh) = account(&app, "mairi").await;
    let unused = ticket(&app, &token).await;
    logout(&app, &token, Some(&refresh)).await;
    problem(
        open_with_ticket_response(&app, "/v1/me/stream", &unused).await,
        401,
        "invalid_token",
    )
    .await;
    problem(ticket_response(&app, &token).await, 401, "invalid_token").await;

    // A password change.
    let (token, _) = account(&app, "niall").await;
    let unused = ticket(&app, &token).await;
    let res = app
        .client
        .post(app.url("/v1/me/password"))
        .bearer_auth(&token)
        .json(&json!({"current_password": PASSWORD, "new_password": "a new password"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    problem(
        open_with_ticket_response(&app, "/v1/me/stream", &unused).await,
        401,
        "invalid_token",
    )
    .await;

    // The account's deletion takes its tickets with it.
    let (token, _) = account(&app, "oighrig").await;
    let unused = ticket(&app, &token).await;
    let res = app
        .client
        .delete(app.url("/v1/me"))
        .bearer_auth(&token)
        .json(&json!({ "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    let tickets: i64 = sqlx::query_scalar("SELECT count(*) FROM stream_tickets")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(tickets, 0);
    problem(
        open_with_ticket_response(&app, "/v1/me/stream", &unused).await,
        401,
        "invalid_token",
    )
    .await;
}

// ---------------------------------------------------------------------------------------------
// Caps

#[tokio::test]
async fn streams_past_the_cap_get_429_on_every_server_until_one_ends_or_its_lease_lapses() {
    let app = spawn_app_with(|c| {
        c.max_streams_per_account = 3;
        c.sse_heartbeat = Duration::from_secs(1);
    })
    .await;
    let other_app = spawn_app_on(app.pool.clone(), app.db_url.clone(), |c| {
        c.max_streams_per_account = 3;
    })
    .await;
    let (token, _) = account(&app, "peigi").await;
    let mut first = my_stream(&app, &token, None).await;
    first.frame().await.expect("the retry line");
    let _second = open_with_ticket(&app, "/v1/me/stream", &token).await;
    let _third = my_stream(&other_app, &token, None).await;
    for server in [&app, &other_app] {
        problem(
            server.get_with_token("/v1/me/stream", &token).await,
            429,
            "too_many_streams",
        )
        .await;
        let ticket = ticket(server, &token).await;
        problem(
            open_with_ticket_response(server, "/v1/me/stream", &ticket).await,
            429,
            "too_many_streams",
        )
        .await;
    }
    // Another account is not held back.
    let someone = app.signed_up("ruaraidh").await;
    drop(my_stream(&app, &someone, None).await);

    // A stream that ends gives its place back (once its server notices the client gone: at
    // the next heartbeat at the latest).
    drop(first);
    let mut fourth = None;
    for _ in 0..100 {
        let res = app.get_with_token("/v1/me/stream", &token).await;
        if res.status() == 200 {
            fourth = Some(Sse::new(res));
            break;
        }
        problem(res, 429, "too_many_streams").await;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let _fourth = fourth.expect("a stream opens once another has ended");

    // Leases a dead server left behind stop counting once they lapse.
    sqlx::query("UPDATE open_streams SET lease_until = now() - interval '1 second'")
        .execute(&app.pool)
        .await
        .unwrap();
    let _fifth = my_stream(&other_app, &token, None).await;
}

#[tokio::test]
async fn stream_tickets_past_the_cap_get_429_until_one_is_used_or_expires() {
    let app = spawn_app_with(|c| c.max_stream_tickets_per_account = 3).await;
    let (token, _) = account(&app, "seonag").await;
    let mut tickets = Vec::new();
    for _ in 0..3 {
        tickets.push(ticket(&app, &token).await);
    }
    problem(
        ticket_response(&app, &token).await,
        429,
        "too_many_stream_tickets",
    )
    .await;
    // Another account's tickets are its own.
    let someone = app.signed_up("tormod").await;
    ticket(&app, &someone).await;
    // Used: one more may be issued.
    let used = Sse::new(open_with_ticket_response(&app, "/v1/me/stream", &tickets[0]).await);
    drop(used);
    ticket(&app, &token).await;
    problem(
        ticket_response(&app, &token).await,
        429,
        "too_many_stream_tickets",
    )
    .await;
    // Expired: no longer counted.
    sqlx::query("UPDATE stream_tickets SET expires_at = now() - interval '1 second'")
        .execute(&app.pool)
        .await
        .unwrap();
    ticket(&app, &token).await;
}

// ---------------------------------------------------------------------------------------------
// Private games leave no trace

#[tokio::test]
async fn a_strangers_game_stream_of_a_private_game_answers_as_for_an_unknown_game() {
    let app = spawn_app().await;
    let owner = app.signed_up("una").await;
    let stranger = app.signed_up("wattie").await;
    let private = create_game(
        &app,
        &owner,
        &json!({"players": 2, "visibility": "private"}),
    )
    .await;
    let unknown = uuid::Uuid::now_v7().to_string();
    // Every query parameter and header the stream takes, valid or not for this game.
    let variants: [(&str, Option<&str>); 6] = [
        ("", None),
        ("?last_event_id=0", None),
        ("?last_event_id=999999", None),
        ("", Some("1")),
        ("", Some("999999")),
        ("?last_event_id=3", Some("7")),
    ];
    let answer = |game: String, query: &'static str, header: Option<&'static str>| {
        let mut req = app
            .client
            .get(app.url(&format!("/v1/games/{game}/stream{query}")))
            .bearer_auth(&stranger);
        if let Some(h) = header {
            req = req.header("Last-Event-ID", h);
        }
        async move {
            let res = req.send().await.unwrap();
            let status = res.status();
            let content_type = res.headers()["content-type"].clone();
            let body = res.text().await.unwrap().replace(&game, "GAME");
            (status, content_type, body)
        }
    };
    for (query, header) in variants {
        let private_answer = answer(private.clone(), query, header).await;
        let unknown_answer = answer(unknown.clone(), query, header).await;
        assert_eq!(private_answer.0, 404, "{query} {header:?}");
        assert_eq!(private_answer, unknown_answer, "{query} {header:?}");
    }
    // By ticket too (each answer uses one up).
    for _ in 0..2 {
        let t1 = ticket(&app, &stranger).await;
        let t2 = ticket(&app, &stranger).await;
        let a = open_with_ticket_response(&app, &format!("/v1/games/{private}/stream"), &t1).await;
        let b = open_with_ticket_response(&app, &format!("/v1/games/{unknown}/stream"), &t2).await;
        assert_eq!(a.status(), 404);
        assert_eq!(
            a.text().await.unwrap().replace(&private, "GAME"),
            b.text().await.unwrap().replace(&unknown, "GAME")
        );
    }
    // No stream was counted for any of them.
    let leases: i64 = sqlx::query_scalar("SELECT count(*) FROM open_streams")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(leases, 0);
}

/// A stream opened without a position starts now: one `state` event (what awaits the account,
/// its `id:` the account's last notification), then the notifications after it, not the
/// account's history.
#[tokio::test]
async fn a_stream_opened_without_a_position_starts_with_the_state_of_the_account() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "snap", json!({"players": 2})).await;
    let (first, other) = awaited_and_other(&api, &table).await;
    let me = format!("snap{first}");
    // A line from the other player, an invitation and a challenge, all waiting for `me`.
    let line = created(
        api.post(
            &table.path("/chat"),
            table.seat(other),
            &json!({"text": "your move"}),
        )
        .await,
    )
    .await;
    let host = app.signed_up("snaphost").await;
    let private = create_game(&app, &host, &json!({"players": 3, "visibility": "private"})).await;
    let res = api
        .post(
            &format!("/v1/games/{private}/invitations"),
            &host,
            &json!({"username": me}),
        )
        .await;
    assert_eq!(res.status(), 201);
    let challenge = created(
        api.post("/v1/challenges", &host, &json!({"to": [me], "players": 2}))
            .await,
    )
    .await;
    notifications_settled(&app.pool).await;
    let last: i64 = sqlx::query_scalar(
        "SELECT max(n.id) FROM notifications n JOIN accounts a ON a.id = n.account_id \
         WHERE a.username = $1",
    )
    .bind(&me)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!(last >= 4, "started, turn, chat, invited, challenge: {last}");

    let mut stream = my_stream(&app, table.seat(first), None).await;
    let state = stream.any_event().await;
    assert_eq!(state.event.as_deref(), Some("state"), "{state:?}");
    assert_eq!(
        state.id,
        Some(last),
        "the position is the last notification"
    );
    let data = state.data.unwrap();
    let legal = api.legal(&table.id, table.seat(first)).await;
    let game = api.game(&table.id, table.seat(first)).await;
    assert_eq!(
        data["games"],
        json!([{
            "game_id": table.id,
            "version": legal["version"],
            "seat": first,
            "decision": game["view"]["awaiting"]["decision"],
            "deadline": game["view"]["awaiting"]["deadline"],
            "actions": legal["actions"],
        }]),
        "{data}"
    );
    let invitations = data["invitations"].as_array().unwrap();
    assert_eq!(invitations.len(), 1, "{data}");
    assert_eq!(invitations[0]["game"]["id"], private);
    assert_eq!(invitations[0]["inviter"], "snaphost");
    let challenges = data["challenges"].as_array().unwrap();
    assert_eq!(challenges.len(), 1, "{data}");
    assert_eq!(challenges[0]["id"], challenge["id"]);
    assert_eq!(
        data["chat"],
        json!([{"game_id": table.id, "unread": 1}]),
        "{data}"
    );
    // Nothing of the history follows: the next event is the next notification.
    created(
        api.post(
            &table.path("/chat"),
            table.seat(other),
            &json!({"text": "well?"}),
        )
        .await,
    )
    .await;
    let next = stream.event().await;
    assert_eq!(next.id, Some(last + 1));
    assert_eq!(next.kind(), Some("chat"));

    // Lines read through GET .../chat are no longer unread; the other player has none.
    let page = api.get_ok(&table.path("/chat"), table.seat(first)).await;
    assert_eq!(page["lines"][0]["id"], line["id"]);
    let mut again = my_stream(&app, table.seat(first), None).await;
    let state = again.any_event().await;
    assert_eq!(state.id, Some(last + 1));
    assert_eq!(state.data.unwrap()["chat"], json!([]));
    let mut theirs = my_stream(&app, table.seat(other), None).await;
    let state = theirs.any_event().await.data.unwrap();
    assert_eq!(state["games"], json!([]), "not awaited: {state}");
    assert_eq!(
        state["chat"],
        json!([]),
        "their own lines are not unread: {state}"
    );
}

/// One `your_turn` per awaited decision, with the legal actions: a seat played from its stream
/// alone, one request (the action) per decision, plays a whole game, and is told again after
/// its own action when it is awaited again (`continuation`).
#[tokio::test]
async fn a_seat_played_from_its_stream_alone_takes_every_decision_with_one_request() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "one", json!({"players": 2, "target_score": 10})).await;
    let mut stream = my_stream(&app, table.seat(0), None).await;
    let opponent = tokio::spawn(common::games::play_seat(
        api.clone(),
        table.id.clone(),
        table.tokens[1].clone(),
        1,
        9,
    ));
    let state = stream.any_event().await;
    assert_eq!(state.event.as_deref(), Some("state"));
    let mut todo: Option<(i64, Vec<Value>)> = state.data.unwrap()["games"]
        .as_array()
        .unwrap()
        .first()
        .map(|g| {
            (
                g["version"].as_i64().unwrap(),
                g["actions"].as_array().unwrap().clone(),
            )
        });
    let mut rng = StdRng::seed_from_u64(2);
    let (mut decisions, mut continuations, mut acted_to) = (0, 0, None);
    loop {
        if let Some((version, actions)) = todo.take() {
            let action = common::games::choose(&actions, &mut rng).clone();
            let res = api
                .client
                .post(app.url(&table.path("/actions")))
                .bearer_auth(table.seat(0))
                .header("If-Match", format!("\"{version}\""))
                .json(&action)
                .send()
                .await
                .unwrap();
            acted_to = ok(res).await["version"].as_i64();
            decisions += 1;
        }
        let e = stream.event().await;
        let n = e.data.unwrap();
        match n["kind"].as_str().unwrap() {
            "your_turn" => {
                let p = &n["payload"];
                let version = p["version"].as_i64().unwrap();
                // Told again right after its own action exactly when nobody acted between.
                assert_eq!(p["continuation"], json!(acted_to == Some(version)), "{n}");
                if p["continuation"] == true {
                    continuations += 1;
                }
                assert_eq!(p["seat"], 0);
                let actions = p["actions"].as_array().unwrap();
                assert!(!actions.is_empty(), "{n}");
                todo = Some((version, actions.clone()));
            }
            "game_ended" => break,
            _ => {}
        }
    }
    opponent.await.unwrap();
    assert!(decisions > 2, "{decisions}");
    // Every decision came from one notification.
    let told: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM notifications n JOIN accounts a ON a.id = n.account_id \
         WHERE a.username = 'one0' AND n.kind = 'your_turn'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(told, decisions);
    let stored: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM notifications n JOIN accounts a ON a.id = n.account_id \
         WHERE a.username = 'one0' AND n.payload->>'continuation' = 'true'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(stored, continuations);
}

/// A game's stream names its events `game` and ends after `game_ended`; opened again after
/// it, it ends at once.
#[tokio::test]
async fn a_game_stream_ends_after_the_games_last_event() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "end", json!({"players": 2, "target_score": 10})).await;
    let path = table.path("/stream");
    let mut stream = open(&app, &path, &table.spectator, None).await;
    common::games::play_sequentially(&api, &table, 4).await;
    let version = api.version(&table.id, &table.spectator).await;
    let mut last = None;
    while let Some(frame) = stream.frame().await {
        if frame.event.as_deref() == Some("game") {
            assert_eq!(frame.id, Some(last.unwrap_or(0) + 1));
            last = frame.id;
            if last == Some(version) {
                assert_eq!(frame.data.unwrap()["event"]["type"], "game_ended");
            }
        }
    }
    assert_eq!(last, Some(version), "every event, then the end");
    let mut after = open(&app, &path, &table.spectator, Some(version)).await;
    after.ends().await;
    let mut again = open(&app, &path, &table.spectator, Some(version - 1)).await;
    assert_eq!(again.event().await.id, Some(version));
    again.ends().await;
}
