//! Hostile clients: seats acting for others, accounts without a seat, and input past the limits
//! (oversize, deeply nested, huge arrays, unknown fields, huge pages, ids that are not UUIDs).
//! Every refusal is a precise problem+json, the server stays up, and the stream is untouched.
//! Token forgery (alg none, wrong key, expiry, audience, tampering) and login rate limiting are
//! covered in `tests/it/accounts.rs`.

use lords::eventstore::GameId;
use serde_json::{Value, json};

use super::api::{Api, Table};
use crate::common::app::{TestApp, problem, spawn_app, spawn_app_with};

/// A 3-player game a few actions in, and a stranger with no seat in it.
async fn game_and_stranger(app: &TestApp) -> (Api, Table, String) {
    let api = Api::new(app.address.clone());
    let tokens = api.sign_up_many("hostile", 3).await;
    let table = api.started_game(&tokens).await;
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(6);
    for _ in 0..4 {
        api.random_step(&table, &mut rng).await.unwrap();
    }
    let stranger = api.sign_up("stranger").await;
    (api, table, stranger)
}

/// The awaited seat, the version and that seat's legal actions.
async fn awaited_and_legal(api: &Api, table: &Table) -> (u8, i64, Vec<Value>) {
    let (seat, version) = api.awaited(table).await;
    let seat = seat.expect("a seat is awaited");
    let (v, legal) = api.legal_actions(&table.tokens[seat as usize], table).await;
    assert_eq!(v, version);
    (seat, version, legal)
}

/// The stream did not move and still replays.
async fn untouched(app: &TestApp, api: &Api, table: &Table, version: i64) {
    assert_eq!(api.awaited(table).await.1, version, "the stream moved");
    let report = lords::play::verify::verify_game(&app.state.store, GameId(table.id))
        .await
        .unwrap();
    assert!(report.ok, "{report:?}");
    assert_eq!(report.events, version);
}

#[tokio::test]
async fn a_seated_player_acting_while_another_seat_is_awaited_gets_422_not_your_turn() {
    let app = spawn_app().await;
    let (api, table, _) = game_and_stranger(&app).await;
    let (seat, version, legal) = awaited_and_legal(&api, &table).await;
    for other in (0..3u8).filter(|s| *s != seat) {
        let token = &table.tokens[other as usize];
        assert_eq!(
            api.legal_actions(token, &table).await.1,
            Vec::<Value>::new()
        );
        for action in &legal {
            for if_match in [None, Some(version)] {
                let res = api.act(token, &table, action, if_match).await.unwrap();
                problem(res, 422, "not_your_turn").await;
            }
        }
    }
    untouched(&app, &api, &table, version).await;
}

#[tokio::test]
async fn an_action_that_names_a_seat_returns_422_invalid_action_for_every_seat() {
    let app = spawn_app().await;
    let (api, table, _) = game_and_stranger(&app).await;
    let (seat, version, legal) = awaited_and_legal(&api, &table).await;
    // There is no way to act for a seat but to hold its token: a `seat` field is refused, from
    // the awaited seat itself too.
    for sender in 0..3u8 {
        for named in 0..3u8 {
            let token = &table.tokens[sender as usize];
            let mut actions = vec![json!({"type": "pass", "seat": named})];
            actions.extend(legal.iter().cloned().map(|mut a| {
                a["seat"] = json!(named);
                a
            }));
            for action in actions {
                let res = api.act(token, &table, &action, None).await.unwrap();
                problem(res, 422, "invalid_action").await;
            }
        }
    }
    assert_eq!(
        api.legal_actions(&table.tokens[seat as usize], &table)
            .await
            .1,
        legal
    );
    untouched(&app, &api, &table, version).await;
}

#[tokio::test]
async fn an_account_without_a_seat_sees_no_hand_and_gets_403_not_seated_on_actions() {
    let app = spawn_app().await;
    let (api, table, stranger) = game_and_stranger(&app).await;
    let (_, version, legal) = awaited_and_legal(&api, &table).await;

    let game = api.get_json(&stranger, &table.path("")).await;
    assert_eq!(game["your_seat"], Value::Null, "{game}");
    let view = &game["view"];
    assert_eq!(view["viewer"], Value::Null);
    let players = view["players"].as_array().unwrap();
    assert_eq!(players.len(), 3);
    for p in players {
        assert_eq!(p["hand"], Value::Null, "{p}");
        for f in p["army"].as_array().unwrap() {
            if f["face_up"] == false {
                assert_eq!(f["card"], Value::Null, "{f}");
            }
        }
    }
    assert_eq!(view["draw_pile"], Value::Null);
    for r in view["recruits"].as_array().unwrap() {
        if r["state"] == "face_down" {
            assert_eq!(r["card"], Value::Null, "{r}");
        }
    }
    for e in api.events(&stranger, &table).await {
        if e["event"]["type"] == "hand_dealt" {
            assert_eq!(e["event"]["cards"], Value::Null, "{e}");
        }
        if e["event"]["type"] == "deck_shuffled" {
            assert_eq!(e["event"]["order"], Value::Null, "{e}");
        }
    }
    assert_eq!(
        api.legal_actions(&stranger, &table).await.1,
        Vec::<Value>::new()
    );
    for action in &legal {
        for if_match in [None, Some(version)] {
            let res = api.act(&stranger, &table, action, if_match).await.unwrap();
            problem(res, 403, "not_seated").await;
        }
    }
    untouched(&app, &api, &table, version).await;
}

/// A POST with `Transfer-Encoding: chunked` over a plain socket (reqwest sends a length).
async fn raw_chunked_post(address: &str, path: &str, token: &str, body: &[u8]) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    let mut req = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    .into_bytes();
    for chunk in body.chunks(512) {
        req.extend(format!("{:x}\r\n", chunk.len()).as_bytes());
        req.extend(chunk);
        req.extend(b"\r\n");
    }
    req.extend(b"0\r\n\r\n");
    // The server may answer and close before reading everything; that is fine.
    let _ = stream.write_all(&req).await;
    let mut out = Vec::new();
    let _ = stream.read_to_end(&mut out).await;
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, text)
}

async fn post_raw(
    api: &Api,
    token: &str,
    path: &str,
    body: impl Into<reqwest::Body>,
) -> reqwest::Response {
    api.client
        .post(api.url(path))
        .bearer_auth(token)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn oversize_bodies_return_413_payload_too_large_with_and_without_a_content_length() {
    let app = spawn_app().await;
    let (api, table, _) = game_and_stranger(&app).await;
    let (seat, version, _) = awaited_and_legal(&api, &table).await;
    let token = &table.tokens[seat as usize];
    let big = json!({"type": "pass", "padding": "x".repeat(17 * 1024)});
    let bytes = serde_json::to_vec(&big).unwrap();
    for path in [table.path("/actions"), "/v1/games".into()] {
        problem(
            post_raw(&api, token, &path, bytes.clone()).await,
            413,
            "payload_too_large",
        )
        .await;
        let (status, response) = raw_chunked_post(&app.address, &path, token, &bytes).await;
        assert_eq!(status, 413, "{response}");
        assert!(response.contains("application/problem+json"), "{response}");
        assert!(
            response.contains("\"code\":\"payload_too_large\""),
            "{response}"
        );
    }
    untouched(&app, &api, &table, version).await;
}

fn nested_arrays(depth: usize) -> String {
    format!("{}{}", "[".repeat(depth), "]".repeat(depth))
}

fn nested_objects(depth: usize) -> String {
    format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth))
}

#[tokio::test]
async fn deeply_nested_json_returns_a_precise_4xx_and_the_server_stays_up() {
    // Past the default 16 KiB limit: refused by size before parsing.
    let app = spawn_app().await;
    let (api, table, _) = game_and_stranger(&app).await;
    let (seat, version, _) = awaited_and_legal(&api, &table).await;
    let token = &table.tokens[seat as usize];
    for path in [
        table.path("/actions"),
        "/v1/games".into(),
        "/v1/accounts".into(),
    ] {
        let res = post_raw(&api, token, &path, nested_arrays(10_000)).await;
        problem(res, 413, "payload_too_large").await;
    }
    // Within the limit, or with a limit that lets 10,000 levels in: refused by the parser's
    // depth limit, never a stack overflow.
    for body in [nested_arrays(8_000), nested_objects(2_000)] {
        for path in [
            table.path("/actions"),
            "/v1/games".into(),
            "/v1/accounts".into(),
        ] {
            let res = post_raw(&api, token, &path, body.clone()).await;
            problem(res, 400, "malformed_json").await;
        }
    }
    untouched(&app, &api, &table, version).await;

    let roomy = spawn_app_with(|c| c.max_body_bytes = 1 << 20).await;
    let (api, table, _) = game_and_stranger(&roomy).await;
    let (seat, version, _) = awaited_and_legal(&api, &table).await;
    let token = &table.tokens[seat as usize];
    for body in [
        nested_arrays(10_000),
        nested_objects(10_000),
        nested_arrays(200_000),
    ] {
        for path in [
            table.path("/actions"),
            "/v1/games".into(),
            "/v1/accounts".into(),
        ] {
            let res = post_raw(&api, token, &path, body.clone()).await;
            problem(res, 400, "malformed_json").await;
        }
    }
    assert_eq!(roomy.get("/healthz").await.status(), 200);
    untouched(&roomy, &api, &table, version).await;
}

#[tokio::test]
async fn huge_json_arrays_within_the_limit_are_refused_precisely() {
    let app = spawn_app().await;
    let (api, table, _) = game_and_stranger(&app).await;
    let (seat, version, _) = awaited_and_legal(&api, &table).await;
    let token = &table.tokens[seat as usize];
    // About 16,000 bytes: just under the 16 KiB limit.
    let zeros = format!("[{}0]", "0,".repeat(7_990));
    assert!(zeros.len() < 16 * 1024);
    let actions = table.path("/actions");
    for body in [
        zeros.clone(),
        format!(r#"{{"type":"pass","extra":{zeros}}}"#),
        format!(r#"{{"type":"recruit","slot":{zeros}}}"#),
        format!(r#"{{"type":{zeros}}}"#),
    ] {
        let res = post_raw(&api, token, &actions, body).await;
        problem(res, 422, "invalid_action").await;
    }
    let res = post_raw(&api, token, "/v1/games", zeros.clone()).await;
    problem(res, 422, "invalid_options").await;
    let res = post_raw(
        &api,
        token,
        "/v1/games",
        format!(r#"{{"players":{zeros}}}"#),
    )
    .await;
    problem(res, 422, "invalid_options").await;
    let res = post_raw(&api, token, "/v1/accounts", zeros).await;
    problem(res, 400, "malformed_json").await;
    untouched(&app, &api, &table, version).await;
}

#[tokio::test]
async fn unknown_fields_and_unknown_types_in_actions_return_422_invalid_action() {
    let app = spawn_app().await;
    let (api, table, _) = game_and_stranger(&app).await;
    let (seat, version, legal) = awaited_and_legal(&api, &table).await;
    let token = &table.tokens[seat as usize];
    let mut with_extra = legal[0].clone();
    with_extra["use_power_twice"] = json!(true);
    for action in [
        with_extra,
        json!({"type": "pass", "note": "hi"}),
        json!({"type": "recruit", "slot": 0, "face_up": true}),
        json!({"type": "muster", "card": 1, "face_up": true, "seat": 0}),
        json!({"type": "copy_power", "target": {"seat": 0, "position": 0, "card": 3}}),
        json!({"type": "win_the_game"}),
        json!({"slot": 0}),
        json!({}),
        json!(null),
        json!("pass"),
        json!({"type": "recruit", "slot": 300}),
        json!({"type": "recruit", "slot": -1}),
    ] {
        let res = api.act(token, &table, &action, None).await.unwrap();
        problem(res, 422, "invalid_action").await;
    }
    untouched(&app, &api, &table, version).await;
}

#[tokio::test]
async fn page_sizes_past_the_maximum_and_bad_query_values_return_400_invalid_query() {
    let app = spawn_app().await;
    let (api, table, _) = game_and_stranger(&app).await;
    let token = &table.tokens[0];
    let events = table.path("/events");
    let view = table.path("");
    for path in [
        "/v1/games?limit=1000".to_string(),
        "/v1/games?limit=0".into(),
        "/v1/games?limit=-1".into(),
        "/v1/games?limit=abc".into(),
        "/v1/games?limit=99999999999999999999".into(),
        "/v1/games?status=everything".into(),
        "/v1/games?mine=perhaps".into(),
        "/v1/games?unknown=1".into(),
        format!("{events}?limit=1000"),
        format!("{events}?limit=0"),
        format!("{events}?after=-1"),
        format!("{events}?after=x"),
        format!("{view}?at=-1"),
        format!("{view}?at=100000"),
        format!("{view}?after_version=0&wait=1000"),
        format!("{view}?wait=1"),
        format!("{view}?at=1&after_version=0"),
    ] {
        let res = api.get(token, &path).await.unwrap();
        problem(res, 400, "invalid_query").await;
    }
}

#[tokio::test]
async fn game_ids_that_are_not_uuids_return_400_invalid_path_and_unknown_ones_404() {
    let app = spawn_app().await;
    let (api, _, stranger) = game_and_stranger(&app).await;
    let c = &api.client;
    for id in [
        "not-a-uuid",
        "1",
        "00000000-0000-0000-0000-00000000000g",
        "%00",
        "..%2f",
    ] {
        // A NUL is refused before the path is read, as everywhere under /v1.
        let code = if id == "%00" {
            "invalid_character"
        } else {
            "invalid_path"
        };
        let base = api.url(&format!("/v1/games/{id}"));
        for req in [
            c.get(&base),
            c.get(format!("{base}/legal-actions")),
            c.get(format!("{base}/events")),
            c.post(format!("{base}/join")),
            c.post(format!("{base}/leave")),
            c.post(format!("{base}/actions"))
                .json(&json!({"type": "pass"})),
        ] {
            let res = req.bearer_auth(&stranger).send().await.unwrap();
            problem(res, 400, code).await;
        }
    }
    let base = api.url(&format!("/v1/games/{}", uuid::Uuid::nil()));
    for req in [
        c.get(&base),
        c.get(format!("{base}/legal-actions")),
        c.get(format!("{base}/events")),
        c.post(format!("{base}/join")),
        c.post(format!("{base}/actions"))
            .json(&json!({"type": "pass"})),
    ] {
        let res = req.bearer_auth(&stranger).send().await.unwrap();
        problem(res, 404, "game_not_found").await;
    }
}

#[tokio::test]
async fn malformed_if_match_and_idempotency_key_headers_return_400_invalid_header() {
    let app = spawn_app().await;
    let (api, table, _) = game_and_stranger(&app).await;
    let (seat, version, legal) = awaited_and_legal(&api, &table).await;
    let token = &table.tokens[seat as usize];
    let post = || {
        api.client
            .post(api.url(&table.path("/actions")))
            .bearer_auth(token)
            .json(&legal[0])
    };
    for value in [
        "garbage",
        "\"-1\"",
        "\"1\", \"2\"",
        "\"99999999999999999999\"",
        "",
    ] {
        let res = post().header("if-match", value).send().await.unwrap();
        problem(res, 400, "invalid_header").await;
    }
    for value in ["x".repeat(256), "has space".into(), String::new()] {
        let res = post()
            .header("idempotency-key", value)
            .send()
            .await
            .unwrap();
        problem(res, 400, "invalid_header").await;
    }
    untouched(&app, &api, &table, version).await;
}

// What schemathesis found (scripts/schemathesis): answers the document did not allow.

#[tokio::test]
async fn integers_written_as_integral_floats_are_accepted_as_the_document_allows() {
    let app = spawn_app().await;
    let api = Api::new(app.address.clone());
    let tokens = api.sign_up_many("floaty", 2).await;
    let res = api
        .post(
            &tokens[0],
            "/v1/games",
            &json!({"players": 2.0, "target_score": 19.0}),
        )
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let created: Value = res.json().await.unwrap();
    assert_eq!(created["options"]["players"], 2);
    assert_eq!(created["options"]["target_score"], 19);
    let res = api
        .post(&tokens[0], "/v1/games", &json!({"players": 2.5}))
        .await
        .unwrap();
    problem(res, 422, "invalid_options").await;

    let table = api.started_game(&tokens).await;
    let (seat, version, legal) = awaited_and_legal(&api, &table).await;
    let recruit = legal
        .iter()
        .find(|a| a["type"] == "recruit")
        .expect("a recruit is legal at the start");
    let slot = recruit["slot"].as_u64().unwrap() as f64;
    let token = &table.tokens[seat as usize];
    let res = api
        .act(
            token,
            &table,
            &json!({"type": "recruit", "slot": slot + 0.5}),
            None,
        )
        .await
        .unwrap();
    problem(res, 422, "invalid_action").await;
    let res = api
        .act(
            token,
            &table,
            &json!({"type": "recruit", "slot": slot}),
            Some(version),
        )
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
}

#[tokio::test]
async fn a_body_that_is_not_json_returns_415_on_the_game_resources_too() {
    let app = spawn_app().await;
    let (api, table, _) = game_and_stranger(&app).await;
    let token = &table.tokens[0];
    for path in ["/v1/games".to_string(), table.path("/actions")] {
        let res = api
            .client
            .post(api.url(&path))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        problem(res, 415, "unsupported_media_type").await;
        let res = api
            .client
            .post(api.url(&path))
            .bearer_auth(token)
            .header("content-type", "text/plain")
            .body("players=2")
            .send()
            .await
            .unwrap();
        problem(res, 415, "unsupported_media_type").await;
    }
}

#[tokio::test]
async fn other_methods_on_the_docs_and_the_document_return_405_allowing_get() {
    let app = spawn_app().await;
    for path in ["/docs/", "/docs/index.css", "/openapi.json"] {
        for method in ["POST", "PUT", "DELETE", "TRACE"] {
            let res = app
                .client
                .request(method.parse().unwrap(), app.url(path))
                .send()
                .await
                .unwrap();
            assert_eq!(res.headers()["allow"], "GET", "{method} {path}");
            problem(res, 405, "method_not_allowed").await;
        }
        assert_eq!(app.get(path).await.status(), 200, "{path}");
    }
}
