//! What a hostile client tries, refused over HTTP: guessing passwords from one address or many,
//! signing up in bulk, flooding open games, forging tokens and cursors, long-polling no game.

mod common;

use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use common::app::{TEST_JWT_SECRET, TestApp, problem, spawn_app, spawn_app_with};
use common::games::{Api, create_game, ok};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use lords::auth::{AUDIENCE, ISSUER};
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
    let impossible = [
        ("ab\u{0000}c", "whatever1"),
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
    }));
    problem(
        api.post("/v1/games", &ghost, &json!({"players": 2})).await,
        401,
        "unauthorized",
    )
    .await;
    problem(
        api.post(&format!("/v1/games/{game}/join"), &ghost, &json!({}))
            .await,
        401,
        "unauthorized",
    )
    .await;
    for path in [
        "/v1/me".to_string(),
        "/v1/games".to_string(),
        format!("/v1/games/{game}"),
    ] {
        let res = api.get(&path, &ghost).await;
        assert!(res.headers().contains_key("www-authenticate"), "{path}");
        problem(res, 401, "unauthorized").await;
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
            "iat": now(), "exp": now() + 7200, "nbf": nbf,
        })
    };
    let res = app.get_with_token("/v1/me", &sign(&claims(now()))).await;
    assert_eq!(res.status(), 200);
    let res = app
        .get_with_token("/v1/me", &sign(&claims(now() + 3600)))
        .await;
    problem(res, 401, "unauthorized").await;
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
