//! Private notes on a game over real HTTP: each seated player reads and writes its own, the
//! text's limits, who may not (a spectator, a private game, an unknown game), and that a note
//! shows in none of the game's answers (view, events, record).

use crate::common;

use common::app::{TestApp, problem, spawn_app};
use common::games::{Api, Table, create_game, ok, seat_table};
use serde_json::{Value, json};

async fn put(app: &TestApp, path: &str, token: &str, body: &Value) -> reqwest::Response {
    app.client
        .put(app.url(path))
        .bearer_auth(token)
        .json(body)
        .send()
        .await
        .unwrap()
}

async fn put_ok(app: &TestApp, table: &Table, seat: u64, text: &str) -> Value {
    ok(put(
        app,
        &table.path("/notes"),
        table.seat(seat),
        &json!({ "text": text }),
    )
    .await)
    .await
}

#[tokio::test]
async fn each_seated_player_reads_back_only_its_own_notes() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "notes", json!({"players": 2})).await;

    // Never written: empty, with no time.
    let empty = api.get_ok(&table.path("/notes"), table.seat(0)).await;
    assert_eq!(empty, json!({"text": "", "updated_at": null}));

    let saved = put_ok(&app, &table, 0, "Moray kept two.\n\tBruce next?").await;
    assert_eq!(saved["text"], "Moray kept two.\n\tBruce next?");
    assert!(saved["updated_at"].is_string(), "{saved}");
    let read = api.get_ok(&table.path("/notes"), table.seat(0)).await;
    assert_eq!(read, saved);
    // The other player's notes are its own.
    let theirs = api.get_ok(&table.path("/notes"), table.seat(1)).await;
    assert_eq!(theirs["text"], "");
    put_ok(&app, &table, 1, "mine").await;
    let read = api.get_ok(&table.path("/notes"), table.seat(0)).await;
    assert_eq!(read["text"], "Moray kept two.\n\tBruce next?");
    // Replaced whole; empty clears.
    put_ok(&app, &table, 0, "").await;
    let read = api.get_ok(&table.path("/notes"), table.seat(0)).await;
    assert_eq!(read["text"], "");
}

#[tokio::test]
async fn a_note_over_4000_characters_or_with_a_control_character_is_422_invalid_note_text() {
    let app = spawn_app().await;
    let table = seat_table(&app, "limits", json!({"players": 2})).await;
    let path = table.path("/notes");
    put_ok(&app, &table, 0, &"é".repeat(4000)).await;
    for text in [
        "é".repeat(4001),
        "a\u{7}b".into(),
        "a\rb".into(),
        "a\u{202e}b".into(),
    ] {
        let res = put(&app, &path, table.seat(0), &json!({ "text": text })).await;
        problem(res, 422, "invalid_note_text").await;
    }
    let res = put(&app, &path, table.seat(0), &json!({"text": "x", "more": 1})).await;
    assert_eq!(res.status(), 400);
    // The note refused changed nothing.
    let read = Api::of(&app).get_ok(&path, table.seat(0)).await;
    assert_eq!(read["text"].as_str().unwrap().chars().count(), 4000);
}

#[tokio::test]
async fn a_spectator_gets_403_not_seated_and_a_private_or_unknown_game_404() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "who", json!({"players": 2})).await;
    let path = table.path("/notes");
    problem(api.get(&path, &table.spectator).await, 403, "not_seated").await;
    let res = put(&app, &path, &table.spectator, &json!({"text": "x"})).await;
    problem(res, 403, "not_seated").await;

    let owner = app.signed_up("owner").await;
    let private = create_game(
        &app,
        &owner,
        &json!({"players": 2, "visibility": "private"}),
    )
    .await;
    let path = format!("/v1/games/{private}/notes");
    problem(
        api.get(&path, &table.spectator).await,
        404,
        "game_not_found",
    )
    .await;
    let res = put(&app, &path, &table.spectator, &json!({"text": "x"})).await;
    problem(res, 404, "game_not_found").await;
    // Its seated player keeps notes before the deal.
    ok(put(&app, &path, &owner, &json!({"text": "waiting"})).await).await;

    let unknown = "/v1/games/0195f3c2-6f1e-7a4b-9c1d-2f8e5a7b3c10/notes";
    problem(api.get(unknown, &owner).await, 404, "game_not_found").await;
    let res = app.client.get(app.url(&path)).send().await.unwrap();
    assert_eq!(res.status(), 401);
}

#[tokio::test]
async fn a_note_is_in_none_of_the_games_answers() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "secret", json!({"players": 2})).await;
    let marker = "NOTE-7f3a9c-only-mine";
    put_ok(&app, &table, 0, marker).await;
    for rest in ["", "/events", "/record", "/legal-actions"] {
        for token in [table.seat(0), table.seat(1), table.spectator.as_str()] {
            let res = api.get(&table.path(rest), token).await;
            let body = res.text().await.unwrap();
            assert!(!body.contains(marker), "{rest}: {body}");
        }
    }
}
