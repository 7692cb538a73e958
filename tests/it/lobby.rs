//! Private games, invitations, rematches and account deletion over HTTP: a
//! private game does not exist for anyone unseated, codes are used up and expire, guesses are
//! limited, username invitations reach the invitee, rematches rotate seats and link both ways,
//! and a deleted account can do nothing any more while every event stream stays as it was.

use crate::common;

use common::app::{TestApp, problem, spawn_app, spawn_app_with};
use common::games::{Api, ok, play_concurrently, seat_table};
use serde_json::{Value, json};

const PASSWORD: &str = "correct horse battery";

async fn create(app: &TestApp, token: &str, body: Value) -> Value {
    let res = Api::of(app).post("/v1/games", token, &body).await;
    assert_eq!(res.status(), 201, "{body}");
    res.json().await.unwrap()
}

async fn private_game(app: &TestApp, token: &str, players: u8) -> String {
    let g = create(
        app,
        token,
        json!({"players": players, "visibility": "private"}),
    )
    .await;
    assert_eq!(g["visibility"], "private");
    g["id"].as_str().unwrap().to_string()
}

async fn invite(app: &TestApp, token: &str, game: &str, body: Value) -> reqwest::Response {
    Api::of(app)
        .post(&format!("/v1/games/{game}/invitations"), token, &body)
        .await
}

async fn code(app: &TestApp, token: &str, game: &str, uses: u32) -> String {
    let res = invite(app, token, game, json!({"uses": uses})).await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["uses"], uses);
    assert!(body["username"].is_null());
    body["code"].as_str().unwrap().to_string()
}

async fn join(app: &TestApp, token: &str, game: &str, body: Value) -> reqwest::Response {
    Api::of(app)
        .post(&format!("/v1/games/{game}/join"), token, &body)
        .await
}

fn ids(page: &Value) -> Vec<String> {
    page["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

fn seats(summary: &Value) -> Vec<(u64, String)> {
    summary["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["seat"].as_u64().unwrap(),
                s["username"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_private_game_is_listed_and_shown_only_to_its_seated_players() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let owner = app.signed_up("isla").await;
    let stranger = app.signed_up("fergus").await;
    let hidden = private_game(&app, &owner, 2).await;
    let public = create(&app, &owner, json!({"players": 2})).await;
    assert_eq!(public["visibility"], "public");
    let public = public["id"].as_str().unwrap().to_string();

    for query in ["", "?status=open", "?mine=true", "?status=open&limit=100"] {
        let mine = ok(api.get(&format!("/v1/games{query}"), &owner).await).await;
        assert!(ids(&mine).contains(&hidden), "{query}: the owner sees it");
        let theirs = ok(api.get(&format!("/v1/games{query}"), &stranger).await).await;
        assert!(
            !ids(&theirs).contains(&hidden),
            "{query}: a stranger does not"
        );
    }
    let all = ok(api.get("/v1/games", &stranger).await).await;
    assert!(ids(&all).contains(&public));

    let seen = ok(api.get(&format!("/v1/games/{hidden}"), &owner).await).await;
    assert_eq!(seen["game"]["visibility"], "private");
    // A stranger gets exactly what a game that does not exist gets.
    let missing = uuid::Uuid::now_v7();
    for game in [hidden.clone(), missing.to_string()] {
        for path in [
            format!("/v1/games/{game}"),
            format!("/v1/games/{game}/events"),
            format!("/v1/games/{game}/legal-actions"),
            format!("/v1/games/{game}?after_version=0&wait=1"),
            format!("/v1/games/{game}/stream"),
        ] {
            problem(api.get(&path, &stranger).await, 404, "game_not_found").await;
        }
        for path in [
            format!("/v1/games/{game}/leave"),
            format!("/v1/games/{game}/join"),
            format!("/v1/games/{game}/invitations"),
            format!("/v1/games/{game}/rematch"),
        ] {
            problem(
                api.post(&path, &stranger, &json!({})).await,
                404,
                "game_not_found",
            )
            .await;
        }
        let pass = json!({"type": "pass"});
        let res = api
            .post(&format!("/v1/games/{game}/actions"), &stranger, &pass)
            .await;
        problem(res, 404, "game_not_found").await;
    }
}

#[tokio::test]
async fn a_private_games_creator_still_sees_it_after_leaving_and_other_leavers_do_not() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let owner = app.signed_up("isla").await;
    let guest = app.signed_up("morag").await;
    let game = private_game(&app, &owner, 3).await;
    let code = code(&app, &owner, &game, 1).await;
    ok(join(&app, &guest, &game, json!({"code": code})).await).await;

    ok(api
        .post(&format!("/v1/games/{game}/leave"), &guest, &json!({}))
        .await)
    .await;
    problem(
        api.get(&format!("/v1/games/{game}"), &guest).await,
        404,
        "game_not_found",
    )
    .await;

    let left = ok(api
        .post(&format!("/v1/games/{game}/leave"), &owner, &json!({}))
        .await)
    .await;
    assert_eq!(left["status"], "abandoned");
    let seen = ok(api.get(&format!("/v1/games/{game}"), &owner).await).await;
    assert_eq!(seen["game"]["status"], "abandoned");
    // They are no longer one of its players: 403, not 404.
    problem(
        api.post(&format!("/v1/games/{game}/rematch"), &owner, &json!({}))
            .await,
        403,
        "not_seated",
    )
    .await;
    let listed = ok(api.get("/v1/games?mine=true", &owner).await).await;
    assert!(!ids(&listed).contains(&game), "no longer listed as theirs");
}

#[tokio::test]
async fn creating_a_game_with_an_unknown_visibility_is_422_invalid_options() {
    let app = spawn_app().await;
    let token = app.signed_up("isla").await;
    let res = Api::of(&app)
        .post(
            "/v1/games",
            &token,
            &json!({"players": 2, "visibility": "secret"}),
        )
        .await;
    problem(res, 422, "invalid_options").await;
}

#[tokio::test]
async fn a_code_seats_as_many_players_as_its_uses_then_is_404() {
    let app = spawn_app().await;
    let owner = app.signed_up("isla").await;
    let game = private_game(&app, &owner, 4).await;
    let code = code(&app, &owner, &game, 2).await;
    assert!(code.len() >= 22, "at least 128 bits");
    assert!(
        code.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
        "base64url: {code}"
    );

    let first = app.signed_up("morag").await;
    let second = app.signed_up("calum").await;
    let third = app.signed_up("ailsa").await;
    let joined = ok(join(&app, &first, &game, json!({"code": code})).await).await;
    assert_eq!(seats(&joined).len(), 2);
    ok(join(&app, &second, &game, json!({"code": code})).await).await;
    problem(
        join(&app, &third, &game, json!({"code": code})).await,
        404,
        "game_not_found",
    )
    .await;
    // Now seated, the invited players see the private game.
    let seen = ok(Api::of(&app)
        .get(&format!("/v1/games/{game}"), &first)
        .await)
    .await;
    assert_eq!(seats(&seen["game"]).len(), 3);
}

#[tokio::test]
async fn joining_a_private_game_with_no_code_or_a_wrong_one_is_404_game_not_found() {
    let app = spawn_app().await;
    let owner = app.signed_up("isla").await;
    let other = app.signed_up("morag").await;
    let game = private_game(&app, &owner, 2).await;
    code(&app, &owner, &game, 1).await;
    problem(
        join(&app, &other, &game, json!({})).await,
        404,
        "game_not_found",
    )
    .await;
    let wrong = "A".repeat(43);
    problem(
        join(&app, &other, &game, json!({"code": wrong})).await,
        404,
        "game_not_found",
    )
    .await;
    // A public game is joined with no code, as before; a wrong code there is only a wrong code.
    let public = create(&app, &owner, json!({"players": 2})).await;
    let id = public["id"].as_str().unwrap();
    problem(
        join(&app, &other, id, json!({"code": "A".repeat(43)})).await,
        422,
        "invalid_invitation",
    )
    .await;
    ok(join(&app, &other, id, json!({})).await).await;
}

#[tokio::test]
async fn an_expired_code_is_404_game_not_found() {
    let app = spawn_app().await;
    let owner = app.signed_up("isla").await;
    let other = app.signed_up("morag").await;
    let game = private_game(&app, &owner, 2).await;
    let res = invite(&app, &owner, &game, json!({"expires_in_s": 60})).await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    let code = body["code"].as_str().unwrap().to_string();
    // Time passes: the invitation's expiry moves into the past.
    sqlx::query("UPDATE game_invitations SET expires_at = now() - interval '1 second'")
        .execute(&app.pool)
        .await
        .unwrap();
    problem(
        join(&app, &other, &game, json!({"code": code})).await,
        404,
        "game_not_found",
    )
    .await;
}

#[tokio::test]
async fn guessing_codes_is_limited_per_client_address_with_429_rate_limited() {
    let app = spawn_app_with(|c| c.login_max_failures = 3).await;
    let owner = app.signed_up("isla").await;
    let guesser = app.signed_up("morag").await;
    let game = private_game(&app, &owner, 2).await;
    let real = code(&app, &owner, &game, 1).await;
    for i in 0..3 {
        let guess = format!("{i:0>43}");
        problem(
            join(&app, &guesser, &game, json!({"code": guess})).await,
            404,
            "game_not_found",
        )
        .await;
    }
    // Even the right code is refused now: the address has used up its guesses.
    let res = join(&app, &guesser, &game, json!({"code": real})).await;
    assert!(res.headers().contains_key("retry-after"));
    problem(res, 429, "rate_limited").await;
}

#[tokio::test]
async fn an_invitation_by_username_shows_in_the_invitees_list_and_lets_them_join() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let owner = app.signed_up("isla").await;
    let morag = app.signed_up("morag").await;
    let game = private_game(&app, &owner, 2).await;
    let empty = ok(api.get("/v1/me/invitations", &morag).await).await;
    assert_eq!(empty["invitations"], json!([]));

    let res = invite(&app, &owner, &game, json!({"username": "Morag"})).await;
    assert_eq!(res.status(), 201);
    let created: Value = res.json().await.unwrap();
    assert!(created["code"].is_null());
    assert_eq!(created["uses"], 1);

    let list = ok(api.get("/v1/me/invitations", &morag).await).await;
    let invitations = list["invitations"].as_array().unwrap();
    assert_eq!(invitations.len(), 1);
    assert_eq!(invitations[0]["id"], created["id"]);
    assert_eq!(invitations[0]["game"]["id"], game.as_str());
    assert_eq!(invitations[0]["game"]["visibility"], "private");
    assert_eq!(invitations[0]["inviter"], "isla");
    assert_eq!(invitations[0]["expires_at"], created["expires_at"]);
    // The inviter's own list is empty.
    let theirs = ok(api.get("/v1/me/invitations", &owner).await).await;
    assert_eq!(theirs["invitations"], json!([]));

    // Morag is told (the outbox): her first notification is `invited`.
    let told: Vec<(i64, String, Value)> = sqlx::query_as(
        "SELECT n.id, n.kind, n.payload::json FROM notifications n \
         JOIN accounts a ON a.id = n.account_id WHERE a.username = 'morag' ORDER BY n.id",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!((told[0].0, told[0].1.as_str()), (1, "invited"));
    assert_eq!(told[0].2["invitation_id"], created["id"]);

    let joined = ok(join(&app, &morag, &game, json!({})).await).await;
    assert_eq!(joined["status"], "active");
    let list = ok(api.get("/v1/me/invitations", &morag).await).await;
    assert_eq!(list["invitations"], json!([]), "used and the game started");
}

#[tokio::test]
async fn invitations_need_a_seat_and_fields_in_range() {
    let app = spawn_app().await;
    let owner = app.signed_up("isla").await;
    let stranger = app.signed_up("fergus").await;
    let public = create(&app, &owner, json!({"players": 3})).await;
    let public = public["id"].as_str().unwrap().to_string();
    problem(
        invite(&app, &stranger, &public, json!({})).await,
        403,
        "not_seated",
    )
    .await;
    for body in [
        json!({"uses": 0}),
        json!({"uses": 101}),
        json!({"expires_in_s": 59}),
        json!({"expires_in_s": 2_592_001}),
        json!({"username": "nobody_here"}),
        json!({"username": "isla"}),
    ] {
        problem(
            invite(&app, &owner, &public, body.clone()).await,
            422,
            "invalid_invitation",
        )
        .await;
    }
    // With no body at all: one use for 7 days.
    let res = Api::of(&app)
        .client
        .post(app.url(&format!("/v1/games/{public}/invitations")))
        .bearer_auth(&owner)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["uses"], 1);
    // By username it is used once, whatever `uses` says; integers may be spelled `86400.0`.
    let res = invite(
        &app,
        &owner,
        &public,
        json!({"username": "fergus", "uses": 2, "expires_in_s": 86400.0}),
    )
    .await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["uses"], 1, "{body}");
}

#[tokio::test]
async fn a_rematch_rotates_the_seats_invites_the_others_links_both_games_and_is_idempotent() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "clan", json!({"players": 3, "target_score": 10})).await;
    let rematch_path = table.path("/rematch");
    problem(
        api.post(&rematch_path, table.seat(1), &json!({})).await,
        409,
        "game_not_finished",
    )
    .await;
    play_concurrently(&api, &table, 7).await;
    problem(
        api.post(&rematch_path, &table.spectator, &json!({})).await,
        403,
        "not_seated",
    )
    .await;

    let res = api.post(&rematch_path, table.seat(1), &json!({})).await;
    assert_eq!(res.status(), 201);
    let location = res.headers()["location"].to_str().unwrap().to_string();
    let new: Value = res.json().await.unwrap();
    let new_id = new["id"].as_str().unwrap().to_string();
    assert_eq!(location, format!("/v1/games/{new_id}"));
    assert_eq!(new["status"], "open");
    assert_eq!(new["options"]["players"], 3);
    assert_eq!(new["options"]["target_score"], 10);
    assert_eq!(new["visibility"], "public");
    assert_eq!(new["rematch_of"]["game_id"], table.id.as_str());
    // Old seat 1 moves to seat 2.
    assert_eq!(seats(&new), vec![(2, "clan1".to_string())]);

    // Everyone sees the link from the old game to the new one (a public game).
    let old = ok(api.get(&table.path(""), &table.spectator).await).await;
    assert_eq!(old["game"]["rematch"]["game_id"], new_id.as_str());

    // A second request, by anyone seated, returns the same game.
    let again = api.post(&rematch_path, table.seat(2), &json!({})).await;
    let again = ok(again).await;
    assert_eq!(again["id"], new_id.as_str());

    // The others are invited to their rotated seats; until they come, nobody takes them.
    for (seat, expected) in [(0u64, 1u64), (2, 0)] {
        let list = ok(api.get("/v1/me/invitations", table.seat(seat)).await).await;
        let invitations = list["invitations"].as_array().unwrap();
        assert_eq!(invitations.len(), 1, "seat {seat}");
        assert_eq!(invitations[0]["game"]["id"], new_id.as_str());
        assert_eq!(invitations[0]["inviter"], "clan1");
        assert_eq!(invitations[0]["seat"], expected);
    }
    problem(
        join(&app, &table.spectator, &new_id, json!({})).await,
        409,
        "game_full",
    )
    .await;
    ok(join(&app, table.seat(2), &new_id, json!({})).await).await;
    let started = ok(join(&app, table.seat(0), &new_id, json!({})).await).await;
    assert_eq!(started["status"], "active");
    assert_eq!(
        seats(&started),
        vec![
            (0, "clan2".to_string()),
            (1, "clan0".to_string()),
            (2, "clan1".to_string())
        ]
    );
}

#[tokio::test]
async fn a_rematchs_kept_seats_go_to_a_bot_only_once_declined_or_expired() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "clan", json!({"players": 3, "target_score": 10})).await;
    play_concurrently(&api, &table, 5).await;
    let res = api
        .post(&table.path("/rematch"), table.seat(1), &json!({}))
        .await;
    assert_eq!(res.status(), 201);
    let new: Value = res.json().await.unwrap();
    let new_id = new["id"].as_str().unwrap().to_string();
    // Old seat 1 plays from seat 2; seats 1 and 0 are kept for old seats 0 and 2.
    let bots = format!("/v1/games/{new_id}/bots");
    for body in [
        json!({"level": "greedy"}),
        json!({"level": "greedy", "seat": 1}),
        json!({"level": "greedy", "seat": 0}),
    ] {
        let res = api.post(&bots, table.seat(1), &body).await;
        problem(res, 409, "seat_reserved").await;
    }

    // Old seat 0 declines: its seat is free again, for a bot too. Declining is idempotent and
    // for the invitee alone.
    let list = ok(api.get("/v1/me/invitations", table.seat(0)).await).await;
    let invitation = list["invitations"][0]["id"].as_str().unwrap().to_string();
    let decline = format!("/v1/me/invitations/{invitation}/decline");
    for who in [table.seat(1), table.seat(2), &table.spectator] {
        let res = api.post(&decline, who, &json!({})).await;
        problem(res, 404, "invitation_not_found").await;
    }
    let unknown = format!("/v1/me/invitations/{}/decline", uuid::Uuid::now_v7());
    problem(
        api.post(&unknown, table.seat(0), &json!({})).await,
        404,
        "invitation_not_found",
    )
    .await;
    for _ in 0..2 {
        let res = api.post(&decline, table.seat(0), &json!({})).await;
        assert_eq!(res.status(), 204);
    }
    let list = ok(api.get("/v1/me/invitations", table.seat(0)).await).await;
    assert_eq!(list["invitations"], json!([]));
    let declined: Option<chrono::DateTime<chrono::Utc>> =
        sqlx::query_scalar("SELECT declined_at FROM game_invitations WHERE id = $1")
            .bind(uuid::Uuid::parse_str(&invitation).unwrap())
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(declined.is_some(), "the invitation shows as declined");
    problem(
        api.post(&bots, table.seat(1), &json!({"level": "greedy", "seat": 0}))
            .await,
        409,
        "seat_reserved",
    )
    .await;
    let filled = ok(api
        .post(&bots, table.seat(1), &json!({"level": "greedy"}))
        .await)
    .await;
    assert_eq!(filled["status"], "open");
    assert_eq!(filled["seats"][0]["seat"], 1);
    assert_eq!(filled["seats"][0]["bot"], "greedy");

    // Old seat 2's invitation expires: its seat goes to a bot, and the game starts.
    sqlx::query("UPDATE game_invitations SET expires_at = now() WHERE game_id = $1")
        .bind(uuid::Uuid::parse_str(&new_id).unwrap())
        .execute(&app.pool)
        .await
        .unwrap();
    let started = ok(api
        .post(&bots, table.seat(1), &json!({"level": "random"}))
        .await)
    .await;
    assert_eq!(started["status"], "active");
}

/// The stream as stored: (seq, hash) of every event.
async fn stream(app: &TestApp, game: &str) -> Vec<(i64, Vec<u8>)> {
    sqlx::query_as("SELECT seq, hash FROM game_events WHERE game_id = $1 ORDER BY seq")
        .bind(uuid::Uuid::parse_str(game).unwrap())
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_deleted_account_cannot_sign_in_or_use_its_tokens_leaves_its_open_seats_and_resigns_the_rest()
 {
    let app = spawn_app().await;
    let api = Api::of(&app);
    // An active game the account plays in, and an open one it sits in.
    let table = seat_table(&app, "clan", json!({"players": 2})).await;
    let tokens: Value = app.login("clan1", PASSWORD).await.json().await.unwrap();
    let access = tokens["access_token"].as_str().unwrap().to_string();
    let refresh = tokens["refresh_token"].as_str().unwrap().to_string();
    let other = app.signed_up("isla").await;
    let open = create(&app, &other, json!({"players": 4})).await;
    let open = open["id"].as_str().unwrap().to_string();
    ok(join(&app, &access, &open, json!({})).await).await;
    let third = app.signed_up("morag").await;
    ok(join(&app, &third, &open, json!({})).await).await;
    let before = stream(&app, &table.id).await;
    assert!(!before.is_empty());

    let delete = |token: String, password: &'static str| {
        let app = &app;
        async move {
            app.client
                .delete(app.url("/v1/me"))
                .bearer_auth(token)
                .json(&json!({ "password": password }))
                .send()
                .await
                .unwrap()
        }
    };
    problem(
        delete(access.clone(), "not the password").await,
        403,
        "invalid_current_password",
    )
    .await;
    let res = delete(access.clone(), PASSWORD).await;
    assert_eq!(res.status(), 204);

    problem(
        app.login("clan1", PASSWORD).await,
        401,
        "invalid_credentials",
    )
    .await;
    problem(
        app.get_with_token("/v1/me", &access).await,
        401,
        "invalid_token",
    )
    .await;
    problem(
        api.get(&table.path(""), table.seat(1)).await,
        401,
        "invalid_token",
    )
    .await;
    problem(
        app.post_json("/v1/auth/refresh", &json!({ "refresh_token": refresh }))
            .await,
        401,
        "invalid_refresh_token",
    )
    .await;
    problem(delete(access.clone(), PASSWORD).await, 401, "invalid_token").await;

    // The open seat is released (the players after it move up); the active seat stays, under
    // an anonymous name, and is resigned: the stream keeps every event it had, then
    // `seat_resigned` and (two players) `game_ended`, and still verifies.
    let g = ok(api.get(&format!("/v1/games/{open}"), &other).await).await;
    assert_eq!(
        seats(&g["game"]),
        vec![(0, "isla".to_string()), (1, "morag".to_string())]
    );
    let g = ok(api.get(&table.path(""), table.seat(0)).await).await;
    let names = seats(&g["game"]);
    assert_eq!(names[0], (0, "clan0".to_string()));
    assert_eq!(names[1].0, 1);
    let placeholder = &names[1].1;
    assert!(
        placeholder.starts_with("deleted-") && placeholder.len() == "deleted-".len() + 8,
        "{placeholder}"
    );
    let after = stream(&app, &table.id).await;
    assert_eq!(after[..before.len()], before[..]);
    assert_eq!(after.len(), before.len() + 2);
    assert_eq!(g["game"]["status"], "finished");
    assert_eq!(g["game"]["winners"], json!([0]));
    let report = lords::play::verify::verify_game(&app.state.store, table.game_id())
        .await
        .unwrap();
    assert!(report.ok, "{report:?}");

    // The username is free again, for a new and different account; nobody may take the
    // placeholder's name.
    assert_eq!(app.create_account("clan1", PASSWORD).await.status(), 201);
    problem(
        app.create_account(placeholder, PASSWORD).await,
        422,
        "invalid_username",
    )
    .await;
}

/// A bot's seat of `game` (its level), as a summary lists it.
fn bot_at(summary: &Value, seat: u64) -> Option<String> {
    summary["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["seat"] == seat)
        .and_then(|s| s["bot"].as_str().map(str::to_string))
}

#[tokio::test]
async fn a_rematch_against_bots_only_keeps_the_bot_in_its_rotated_seat_and_starts_at_once() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let me = app.signed_up("solo").await;
    let game = create(
        &app,
        &me,
        json!({"players": 2, "turn_time_limit_s": null,
               "bots": [{"seat": 1, "level": "mcts"}]}),
    )
    .await;
    let id = game["id"].as_str().unwrap().to_string();
    // Resigning against one bot ends the game at once (service rules §9.3).
    ok(api
        .post(&format!("/v1/games/{id}/resign"), &me, &json!({}))
        .await)
    .await;
    let res = api
        .post(&format!("/v1/games/{id}/rematch"), &me, &json!({}))
        .await;
    assert_eq!(res.status(), 201);
    let new: Value = res.json().await.unwrap();
    assert_eq!(new["status"], "active", "{new}");
    assert_eq!(bot_at(&new, 0).as_deref(), Some("mcts"), "{new}");
    assert_eq!(new["seats"][0]["username"], "mcts bot");
    assert_eq!(seats(&new)[1], (1, "solo".to_string()));
    assert!(bot_at(&new, 1).is_none());
    let started = api.game(new["id"].as_str().unwrap(), &me).await;
    assert_eq!(started["your_seat"], 1);
    assert_eq!(started["view"]["status"], "active");
}

#[tokio::test]
async fn a_rematch_rotates_bots_with_their_levels_and_invites_the_people() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let host = app.signed_up("morag").await;
    let guest = app.signed_up("angus").await;
    let game = create(
        &app,
        &host,
        json!({"players": 3, "turn_time_limit_s": null}),
    )
    .await;
    let id = game["id"].as_str().unwrap().to_string();
    ok(join(&app, &guest, &id, json!({})).await).await;
    let started = ok(api
        .post(
            &format!("/v1/games/{id}/bots"),
            &host,
            &json!({"level": "greedy"}),
        )
        .await)
    .await;
    assert_eq!(started["status"], "active");
    assert_eq!(bot_at(&started, 2).as_deref(), Some("greedy"));
    // Both people resign: one unresigned seat (the bot's) is left, and the game ends.
    for token in [&host, &guest] {
        ok(api
            .post(&format!("/v1/games/{id}/resign"), token, &json!({}))
            .await)
        .await;
    }
    let res = api
        .post(&format!("/v1/games/{id}/rematch"), &guest, &json!({}))
        .await;
    assert_eq!(res.status(), 201);
    let new: Value = res.json().await.unwrap();
    let new_id = new["id"].as_str().unwrap().to_string();
    // Old seat 1 (angus) → 2, old seat 2 (the greedy bot) → 0; morag's seat 1 is kept for her.
    assert_eq!(new["status"], "open", "{new}");
    assert_eq!(
        seats(&new),
        vec![(0, "greedy bot".to_string()), (2, "angus".to_string())]
    );
    assert_eq!(bot_at(&new, 0).as_deref(), Some("greedy"));
    let list = ok(api.get("/v1/me/invitations", &host).await).await;
    assert_eq!(list["invitations"][0]["game"]["id"], new_id.as_str());
    assert_eq!(list["invitations"][0]["seat"], 1);
    let full = ok(join(&app, &host, &new_id, json!({})).await).await;
    assert_eq!(full["status"], "active");
    assert_eq!(bot_at(&full, 0).as_deref(), Some("greedy"));
}

#[tokio::test]
async fn watchable_games_are_the_public_active_ones_most_recently_updated_first_in_pages() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let older = seat_table(&app, "older", json!({"players": 2})).await;
    let newer = seat_table(&app, "newer", json!({"players": 2})).await;
    // Not watchable: a private game under way (even for its own player) and a game not dealt.
    let owner = app.signed_up("isla").await;
    let private = create(
        &app,
        &owner,
        json!({"players": 2, "visibility": "private",
               "bots": [{"seat": 1, "level": "random"}]}),
    )
    .await;
    assert_eq!(private["status"], "active");
    let open = create(&app, &owner, json!({"players": 2})).await;
    assert_eq!(open["status"], "open");

    for query in ["?status=active&watchable=true", "?watchable=true"] {
        let page = ok(api.get(&format!("/v1/games{query}"), &owner).await).await;
        assert_eq!(ids(&page), [newer.id.clone(), older.id.clone()], "{query}");
    }
    // The same keyset pages as the listing.
    let first = ok(api
        .get("/v1/games?status=active&watchable=true&limit=1", &owner)
        .await)
    .await;
    assert_eq!(ids(&first), [newer.id.as_str()]);
    let cursor = first["next_cursor"].as_str().unwrap();
    let second = ok(api
        .get(
            &format!("/v1/games?status=active&watchable=true&limit=1&cursor={cursor}"),
            &owner,
        )
        .await)
    .await;
    assert_eq!(ids(&second), [older.id.as_str()]);
    assert!(second["next_cursor"].is_null(), "{second}");
    // Without it, the private game stays listed to its player.
    let all = ok(api.get("/v1/games?status=active", &owner).await).await;
    assert!(ids(&all).contains(&private["id"].as_str().unwrap().to_string()));

    let res = api
        .get("/v1/games?status=open&watchable=true", &owner)
        .await;
    problem(res, 400, "invalid_query").await;
}

type Counted = std::collections::BTreeMap<uuid::Uuid, (i32, i32, i32)>;

/// What `account_game_counts` should say, counted from the seats: open games, games not over,
/// and of those the ones with a bot's seat (accounts with none left out). One query per table
/// kind, so that it runs on Citus too.
async fn recount(app: &TestApp) -> Counted {
    let seats: Vec<(uuid::Uuid, String, bool)> = sqlx::query_as(
        "SELECT s.account_id, g.status::text, EXISTS ( \
             SELECT 1 FROM game_seats b WHERE b.game_id = s.game_id AND b.bot IS NOT NULL) \
         FROM game_seats s JOIN games g ON g.id = s.game_id \
         WHERE s.account_id IS NOT NULL AND g.status IN ('open', 'active')",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let mut counted = Counted::new();
    for (account, status, bots) in seats {
        let c = counted.entry(account).or_default();
        c.0 += i32::from(status == "open");
        c.1 += 1;
        c.2 += i32::from(bots);
    }
    counted
}

async fn counted(app: &TestApp) -> Counted {
    let rows: Vec<(uuid::Uuid, i32, i32, i32)> = sqlx::query_as(
        "SELECT account_id, open_games, unfinished_games, bot_games FROM account_game_counts \
         WHERE (open_games, unfinished_games, bot_games) <> (0, 0, 0)",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    rows.into_iter()
        .map(|(a, o, u, b)| (a, (o, u, b)))
        .collect()
}

/// The per-account game counts the caps read are the seats' counts, whatever happens to the
/// games: created with and without bots, joined, left, a bot seated later, started by the last
/// seat, resigned to the end, rematched. A game's end is uncounted with the players'
/// `game_ended` notifications, moments after the last action.
#[tokio::test]
async fn every_account_s_game_counts_follow_its_seats() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let bob = app.signed_up("bob").await;
    let carol = app.signed_up("carol").await;
    let id = |g: &Value| g["id"].as_str().unwrap().to_string();
    let bot = json!([{"seat": 1, "level": "random"}]);
    // Open, then joined and left; open with a bot; started with a bot at once.
    let three = id(&create(&app, &alice, json!({"players": 3})).await);
    ok(api.join(&three, &bob).await).await;
    ok(api.leave(&three, &bob).await).await;
    ok(api.join(&three, &carol).await).await;
    let open_bot = id(&create(&app, &bob, json!({"players": 3, "bots": bot})).await);
    ok(api.join(&open_bot, &carol).await).await;
    let against_bot = id(&create(&app, &carol, json!({"players": 2, "bots": bot})).await);
    // A bot seated later in a game with players, which starts it.
    let later = id(&create(&app, &alice, json!({"players": 3})).await);
    ok(api.join(&later, &bob).await).await;
    ok(api
        .post(
            &format!("/v1/games/{later}/bots"),
            &alice,
            &json!({"level": "random"}),
        )
        .await)
    .await;
    // Two players to the end by a resignation, then a rematch.
    let duel = id(&create(&app, &bob, json!({"players": 2})).await);
    ok(api.join(&duel, &alice).await).await;
    ok(api
        .post(&format!("/v1/games/{duel}/resign"), &alice, &json!({}))
        .await)
    .await;
    ok(api
        .post(
            &format!("/v1/games/{against_bot}/resign"),
            &carol,
            &json!({}),
        )
        .await)
    .await;
    let res = api
        .post(&format!("/v1/games/{duel}/rematch"), &bob, &json!({}))
        .await;
    assert!(res.status().is_success(), "{}", res.status());
    // The fan-out uncounts the ended games moments later.
    let mut tries = 0;
    loop {
        let (want, have) = (recount(&app).await, counted(&app).await);
        if want == have {
            // All three still sit in unfinished games.
            assert_eq!(want.len(), 3, "{want:?}");
            break;
        }
        tries += 1;
        assert!(tries < 100, "counted {have:?}, seated {want:?}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}
