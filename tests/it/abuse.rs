//! What a hostile client tries, refused over HTTP: guessing passwords from one address or many,
//! signing up in bulk, flooding open games, invitations or games with bots, enumerating usernames
//! through invitations, forging tokens and cursors, long-polling no game.

use crate::common;

use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use common::app::{TEST_JWT_SECRET, TestApp, problem, spawn_app, spawn_app_with};
use common::games::{Api, create_game, ok};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use lords::api::jwt::{AUDIENCE, ISSUER};
use serde_json::{Value, json};

/// Linux routes all of 127/8 to the loopback device: a client bound to 127.0.0.2 reaches the
/// server on 127.0.0.1 from another address (the server trusts no forwarding header).
fn client_from(ip: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::from(ip)))
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap()
}

async fn login_from(
    client: &reqwest::Client,
    app: &TestApp,
    username: &str,
    password: &str,
) -> reqwest::Response {
    client
        .post(app.url("/v1/auth/token"))
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .unwrap()
}

fn now() -> u64 {
    jsonwebtoken::get_current_timestamp()
}

fn sign(claims: &Value) -> String {
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        claims,
        &EncodingKey::from_secret(TEST_JWT_SECRET.as_bytes()),
    )
    .unwrap()
}

// ---------------------------------------------------------------------------------------------
// login attempts count when they start, per username at an address and per address

#[tokio::test]
async fn two_hundred_concurrent_wrong_passwords_get_at_most_the_allowance_of_401_and_429_for_the_rest()
 {
    let app = spawn_app().await;
    app.create_account("malcolm", "canmore1058").await;
    let allowance = app.state.config.login_max_failures as usize;
    let answers = futures_util::future::join_all(
        (0..200).map(|_| async { app.login("malcolm", "wrong guess").await }),
    )
    .await;
    let mut unauthorized = 0;
    for res in answers {
        match res.status().as_u16() {
            401 => {
                unauthorized += 1;
                problem(res, 401, "invalid_credentials").await;
            }
            _ => {
                assert!(res.headers().contains_key("retry-after"));
                problem(res, 429, "rate_limited").await;
            }
        }
    }
    assert!(
        (1..=allowance).contains(&unauthorized),
        "{unauthorized} wrong passwords were checked"
    );
}

#[tokio::test]
async fn a_stranger_using_up_the_allowance_does_not_lock_the_owner_out_from_another_address() {
    let app = spawn_app_with(|c| c.login_max_failures = 3).await;
    app.create_account("duncan", "birnam1040wood").await;
    let stranger = client_from([127, 0, 0, 1]);
    for _ in 0..3 {
        let res = login_from(&stranger, &app, "duncan", "wrong guess").await;
        problem(res, 401, "invalid_credentials").await;
    }
    let res = login_from(&stranger, &app, "duncan", "birnam1040wood").await;
    problem(res, 429, "rate_limited").await;

    let owner = client_from([127, 0, 0, 2]);
    let res = login_from(&owner, &app, "DUNCAN", "birnam1040wood").await;
    assert_eq!(res.status(), 200);
}

#[tokio::test]
async fn a_username_no_account_can_have_gets_401_invalid_credentials_and_is_counted() {
    let app = spawn_app_with(|c| c.login_max_failures = 3).await;
    app.create_account("macbeth", "dunsinane1057").await;
    // A NUL is no username either, but is refused before any handler (no text holds one).
    problem(
        app.login("ab\u{0000}c", "whatever1").await,
        400,
        "invalid_character",
    )
    .await;
    let impossible = [
        ("ab c", "whatever1"),
        ("macbeth", "short"),
        (&"x".repeat(500) as &str, "whatever1"),
    ];
    for (username, password) in impossible {
        problem(
            app.login(username, password).await,
            401,
            "invalid_credentials",
        )
        .await;
    }
    // Three failures from this address: the right password waits too.
    problem(
        app.login("macbeth", "dunsinane1057").await,
        429,
        "rate_limited",
    )
    .await;
}

// ---------------------------------------------------------------------------------------------
// account creation is limited per client address

#[tokio::test]
async fn creating_more_accounts_than_the_signup_allowance_from_one_address_returns_429() {
    let app = spawn_app_with(|c| {
        c.signup_max_per_window = 3;
        c.signup_window = Duration::from_secs(600);
    })
    .await;
    for name in ["aed", "giric", "eochaid"] {
        assert_eq!(
            app.create_account(name, "pictland878").await.status(),
            201,
            "{name}"
        );
    }
    let res = app.create_account("donald", "pictland878").await;
    let retry: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=600).contains(&retry), "{retry}");
    problem(res, 429, "rate_limited").await;

    // Another address has its own allowance.
    let res = client_from([127, 0, 0, 2])
        .post(app.url("/v1/accounts"))
        .json(&json!({"username": "donald", "password": "pictland878"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
}

// ---------------------------------------------------------------------------------------------
// open games per account are capped

#[tokio::test]
async fn creating_a_game_beyond_the_open_games_cap_returns_409_too_many_open_games() {
    let app = spawn_app_with(|c| c.max_open_games_per_account = 2).await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let first = create_game(&app, &alice, &json!({"players": 2})).await;
    create_game(&app, &alice, &json!({"players": 3})).await;
    let res = api.post("/v1/games", &alice, &json!({"players": 2})).await;
    problem(res, 409, "too_many_open_games").await;

    // A game that starts is no longer open: the cap frees up.
    let bob = app.signed_up("bob").await;
    ok(api.join(&first, &bob).await).await;
    create_game(&app, &alice, &json!({"players": 2})).await;
    let res = api.post("/v1/games", &alice, &json!({"players": 2})).await;
    problem(res, 409, "too_many_open_games").await;
}

#[tokio::test]
async fn concurrent_game_creations_by_one_account_do_not_pass_the_open_games_cap_together() {
    let app = spawn_app_with(|c| c.max_open_games_per_account = 3).await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let body = json!({"players": 2});
    let answers =
        futures_util::future::join_all((0..12).map(|_| api.post("/v1/games", &alice, &body))).await;
    let created = answers.iter().filter(|r| r.status() == 201).count();
    assert_eq!(created, 3);
    for res in answers.into_iter().filter(|r| r.status() != 201) {
        problem(res, 409, "too_many_open_games").await;
    }
}

// ---------------------------------------------------------------------------------------------
// a cursor PostgreSQL cannot hold

#[tokio::test]
async fn a_cursor_with_a_timestamp_outside_postgresql_range_returns_400_invalid_cursor() {
    let app = spawn_app().await;
    let alice = app.signed_up("alice").await;
    let id = uuid::Uuid::now_v7().simple().to_string();
    for micros in ["-8000000000000000000", "8000000000000000000"] {
        let cursor = hex::encode(format!("{micros}:{id}"));
        let res = app
            .get_with_token(&format!("/v1/games?cursor={cursor}"), &alice)
            .await;
        problem(res, 400, "invalid_cursor").await;
    }
}

// ---------------------------------------------------------------------------------------------
// tokens naming no account, tokens not valid yet

#[tokio::test]
async fn a_validly_signed_token_for_an_account_that_does_not_exist_gets_401_everywhere() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let game = create_game(&app, &alice, &json!({"players": 2})).await;
    let ghost = sign(&json!({
        "sub": uuid::Uuid::now_v7().to_string(), "name": "ghost",
        "iss": ISSUER, "aud": AUDIENCE, "iat": now(), "exp": now() + 600,
        "sid": uuid::Uuid::now_v7(),
    }));
    problem(
        api.post("/v1/games", &ghost, &json!({"players": 2})).await,
        401,
        "invalid_token",
    )
    .await;
    problem(
        api.post(&format!("/v1/games/{game}/join"), &ghost, &json!({}))
            .await,
        401,
        "invalid_token",
    )
    .await;
    for path in [
        "/v1/me".to_string(),
        "/v1/games".to_string(),
        format!("/v1/games/{game}"),
    ] {
        let res = api.get(&path, &ghost).await;
        assert!(res.headers().contains_key("www-authenticate"), "{path}");
        problem(res, 401, "invalid_token").await;
    }
    // The game is as it was.
    let g = api.game(&game, &alice).await;
    assert_eq!(g["game"]["seats"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_token_not_valid_before_a_future_time_is_refused() {
    let app = spawn_app().await;
    app.signed_up("alice").await;
    let me: Value = {
        let res = app.login("alice", "correct horse battery").await;
        let token: Value = res.json().await.unwrap();
        let res = app
            .get_with_token("/v1/me", token["access_token"].as_str().unwrap())
            .await;
        res.json().await.unwrap()
    };
    let claims = |nbf: u64| {
        json!({
            "sub": me["id"], "name": "alice", "iss": ISSUER, "aud": AUDIENCE,
            "iat": now(), "exp": now() + 7200, "nbf": nbf, "sid": uuid::Uuid::now_v7(),
        })
    };
    let res = app.get_with_token("/v1/me", &sign(&claims(now()))).await;
    assert_eq!(res.status(), 200);
    let res = app
        .get_with_token("/v1/me", &sign(&claims(now() + 3600)))
        .await;
    problem(res, 401, "invalid_token").await;
}

// ---------------------------------------------------------------------------------------------
// a long poll on no game

#[tokio::test]
async fn a_long_poll_on_a_game_that_does_not_exist_returns_404_without_waiting() {
    let app = spawn_app().await;
    let alice = app.signed_up("alice").await;
    let missing = uuid::Uuid::now_v7();
    // The poll asks for 60 s; a client that gives up well before then still gets its 404.
    let res = reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap()
        .get(app.url(&format!("/v1/games/{missing}?after_version=0&wait=60")))
        .bearer_auth(&alice)
        .send()
        .await
        .expect("an answer before the client's timeout");
    problem(res, 404, "game_not_found").await;
}

// ---------------------------------------------------------------------------------------------
// invitations are capped per game and per account, and cannot enumerate usernames

async fn invite(api: &Api, token: &str, game: &str, body: Value) -> reqwest::Response {
    api.post(&format!("/v1/games/{game}/invitations"), token, &body)
        .await
}

/// The notifications `username` was sent, by kind.
async fn notified(app: &TestApp, username: &str) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT n.kind FROM notifications n JOIN accounts a ON a.id = n.account_id \
         WHERE a.username = $1 ORDER BY n.id",
    )
    .bind(username)
    .fetch_all(&app.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn inviting_an_account_again_while_its_invitation_is_pending_answers_it_and_tells_nobody_twice()
 {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let owner = app.signed_up("isla").await;
    app.signed_up("morag").await;
    let game = create_game(&app, &owner, &json!({"players": 3})).await;
    let res = invite(&api, &owner, &game, json!({"username": "morag"})).await;
    assert_eq!(res.status(), 201);
    let first: Value = res.json().await.unwrap();
    for name in ["morag", "MORAG"] {
        let body = json!({"username": name, "expires_in_s": 60});
        let again = ok(invite(&api, &owner, &game, body).await).await;
        assert_eq!(again, first);
    }
    assert_eq!(notified(&app, "morag").await, ["invited"]);
}

#[tokio::test]
async fn a_game_has_at_most_the_cap_of_pending_username_invitations_and_a_decline_frees_one() {
    let app = spawn_app_with(|c| c.lobby.max_pending_invitations_per_game = 3).await;
    let api = Api::of(&app);
    let owner = app.signed_up("isla").await;
    let mut guests = Vec::new();
    for i in 0..4 {
        guests.push(app.signed_up(&format!("guest{i}")).await);
    }
    let game = create_game(&app, &owner, &json!({"players": 5})).await;
    let mut ids = Vec::new();
    for i in 0..3 {
        let res = invite(
            &api,
            &owner,
            &game,
            json!({"username": format!("guest{i}")}),
        )
        .await;
        assert_eq!(res.status(), 201);
        ids.push(res.json::<Value>().await.unwrap()["id"].clone());
    }
    let res = invite(&api, &owner, &game, json!({"username": "guest3"})).await;
    problem(res, 409, "too_many_pending_invitations").await;
    assert!(notified(&app, "guest3").await.is_empty());
    // Codes are no notification: they do not count.
    assert_eq!(invite(&api, &owner, &game, json!({})).await.status(), 201);

    let path = format!("/v1/me/invitations/{}/decline", ids[0].as_str().unwrap());
    let res = api.post(&path, &guests[0], &json!({})).await;
    assert_eq!(res.status(), 204);
    let res = invite(&api, &owner, &game, json!({"username": "guest3"})).await;
    assert_eq!(res.status(), 201);
}

#[tokio::test]
async fn invitations_past_the_hourly_cap_get_429_too_many_invitations_from_any_server_process() {
    let app = spawn_app_with(|c| c.lobby.max_invitations_per_hour = 4).await;
    // A second server process over the same database.
    let other = common::app::spawn_app_on(app.pool.clone(), app.db_url.clone(), |c| {
        c.lobby.max_invitations_per_hour = 4
    })
    .await;
    let apis = [Api::of(&app), Api::of(&other)];
    let owner = app.signed_up("isla").await;
    let game = create_game(&app, &owner, &json!({"players": 3})).await;
    let answers = futures_util::future::join_all(
        (0..12).map(|i| invite(&apis[i % 2], &owner, &game, json!({"uses": 2}))),
    )
    .await;
    assert_eq!(answers.iter().filter(|r| r.status() == 201).count(), 4);
    for res in answers.into_iter().filter(|r| r.status() != 201) {
        let wait: u64 = res.headers()["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=3600).contains(&wait), "{wait}");
        problem(res, 429, "too_many_invitations").await;
    }
    // By username too, and nobody is told; another account still invites.
    app.signed_up("morag").await;
    let res = invite(&apis[0], &owner, &game, json!({"username": "morag"})).await;
    problem(res, 429, "too_many_invitations").await;
    assert!(notified(&app, "morag").await.is_empty());
    let guest = app.signed_up("fergus").await;
    let theirs = create_game(&app, &guest, &json!({"players": 2})).await;
    assert_eq!(
        invite(&apis[1], &guest, &theirs, json!({})).await.status(),
        201
    );
}

#[tokio::test]
async fn unknown_usernames_cost_failed_attempts_and_past_the_login_budget_invitations_get_429() {
    let app = spawn_app_with(|c| c.login_max_failures = 3).await;
    let api = Api::of(&app);
    let owner = app.signed_up("isla").await;
    for name in ["morag", "fergus"] {
        app.signed_up(name).await;
    }
    let game = create_game(&app, &owner, &json!({"players": 5})).await;
    // Known names are successes: they cost nothing, however many.
    for _ in 0..4 {
        let res = invite(&api, &owner, &game, json!({"username": "morag"})).await;
        assert!(res.status().is_success(), "{}", res.status());
    }
    for name in ["nobody1", "nobody2", "nobody3"] {
        let res = invite(&api, &owner, &game, json!({"username": name})).await;
        problem(res, 422, "invalid_invitation").await;
        if name != "nobody3" {
            // A known name in between wipes none of the failures.
            let res = invite(&api, &owner, &game, json!({"username": "morag"})).await;
            assert_eq!(res.status(), 200);
        }
    }
    for name in ["nobody4", "fergus"] {
        let res = invite(&api, &owner, &game, json!({"username": name})).await;
        assert!(res.headers().contains_key("retry-after"));
        problem(res, 429, "rate_limited").await;
    }
    // Codes enumerate nothing: they are not limited so.
    assert_eq!(invite(&api, &owner, &game, json!({})).await.status(), 201);
}

// ---------------------------------------------------------------------------------------------
// games with bots per account are capped

#[tokio::test]
async fn a_bot_for_one_unfinished_game_more_than_the_cap_is_409_too_many_bot_games() {
    let app = spawn_app_with(|c| c.lobby.max_bot_games_per_account = 2).await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let with_bot =
        |players: u8| json!({"players": players, "bots": [{"seat": 1, "level": "random"}]});
    // One open game with a bot (waiting for seat 2) and one active.
    let open = create_game(&app, &alice, &with_bot(3)).await;
    let active = create_game(&app, &alice, &with_bot(2)).await;
    let res = api.post("/v1/games", &alice, &with_bot(2)).await;
    problem(res, 409, "too_many_bot_games").await;
    let plain = create_game(&app, &alice, &json!({"players": 2})).await;
    let bot = json!({"level": "greedy"});
    let res = api
        .post(&format!("/v1/games/{plain}/bots"), &alice, &bot)
        .await;
    problem(res, 409, "too_many_bot_games").await;
    // A game with a bot already is counted already: it takes another.
    let started = ok(api
        .post(&format!("/v1/games/{open}/bots"), &alice, &bot)
        .await)
    .await;
    assert_eq!(started["status"], "active");
    // Another account is not limited by Alice's games.
    let bob = app.signed_up("bob").await;
    create_game(&app, &bob, &with_bot(2)).await;

    // A finished game no longer counts.
    ok(api
        .post(&format!("/v1/games/{active}/resign"), &alice, &json!({}))
        .await)
    .await;
    let game = ok(api.get(&format!("/v1/games/{active}"), &alice).await).await;
    assert_eq!(game["game"]["status"], "finished");
    // Uncounted with its `game_ended` notification, moments after the last action.
    let mut tries = 0;
    loop {
        let res = api
            .post(&format!("/v1/games/{plain}/bots"), &alice, &bot)
            .await;
        if res.status() != 409 || tries == 100 {
            ok(res).await;
            break;
        }
        tries += 1;
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}
