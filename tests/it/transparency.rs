//! The transparency log over HTTP (docs/audit.md): a finished game gets a leaf, the signed tree
//! head verifies under the published key, the entries hold the games' final heads, inclusion
//! and consistency proofs verify as RFC 9162 says, and bad requests get their stable codes.
//! Seated players' receipts verify under the same key, and a finished game's record (its JSON
//! Schema, its chain, its salt, its leaf) proves them.

use crate::common;

use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use common::app::{TestApp, problem, spawn_app, spawn_app_with};
use common::games::{Api, Table, ok, seat_table, your_turns};
use lords::proofs::merkle::{self, Hash};
use lords::proofs::signing::{LogKey, SignedTreeHead};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

fn b64(s: &Value) -> Vec<u8> {
    STANDARD.decode(s.as_str().unwrap()).unwrap()
}

fn hash(s: &Value) -> Hash {
    b64(s).try_into().unwrap()
}

async fn get(app: &TestApp, path: &str) -> reqwest::Response {
    app.client.get(app.url(path)).send().await.unwrap()
}

async fn json_of(app: &TestApp, path: &str) -> Value {
    let res = get(app, path).await;
    assert_eq!(res.status(), 200, "{path}");
    res.json().await.unwrap()
}

/// The newest head once the tree has `size` leaves, its signature checked under the key.
async fn head_of_size(app: &TestApp, size: u64) -> Value {
    let key = json_of(app, "/v1/transparency/key").await;
    assert_eq!(key["algorithm"], "Ed25519");
    let public = b64(&key["public_key"]);
    assert_eq!(public.len(), 32);
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let res = get(app, "/v1/transparency/sth").await;
        if res.status() == 200 {
            let sth: Value = res.json().await.unwrap();
            let head = SignedTreeHead {
                tree_size: sth["tree_size"].as_u64().unwrap(),
                timestamp_ms: sth["timestamp"].as_u64().unwrap(),
                root_hash: hash(&sth["root_hash"]),
                signature: b64(&sth["signature"]).try_into().unwrap(),
            };
            assert!(head.verify(&public), "{sth}");
            if head.tree_size >= size {
                return sth;
            }
        } else {
            assert_eq!(res.status(), 503);
        }
        assert!(
            Instant::now() < until,
            "the log never reached {size} leaves"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A two-player game ended by a resignation.
async fn finished_game(app: &TestApp, prefix: &str) -> Table {
    let table = seat_table(app, prefix, json!({"players": 2})).await;
    let res = Api::of(app)
        .post(&table.path("/resign"), table.seat(1), &json!({}))
        .await;
    assert_eq!(res.status(), 200);
    table
}

#[tokio::test]
async fn a_finished_game_is_logged_with_its_final_head_and_its_proofs_verify() {
    let app = spawn_app().await;
    let empty = head_of_size(&app, 0).await;
    assert_eq!(empty["tree_size"], 0);
    // The empty tree's root is the hash of nothing.
    assert_eq!(
        hash(&empty["root_hash"]),
        <[u8; 32]>::from(Sha256::digest([]))
    );

    let first = finished_game(&app, "ayr").await;
    let one = head_of_size(&app, 1).await;
    let entries = json_of(&app, "/v1/transparency/entries?start=0&end=1").await;
    let entry = &entries["entries"][0];
    assert_eq!(entry["index"], 0);
    assert_eq!(entry["game_id"], first.id);
    // The leaf is the game's final version and the hash of its last event.
    let (events, _) = Api::of(&app).events(&first.id, first.seat(0)).await;
    let last = events.last().unwrap();
    assert_eq!(entry["version"], last["seq"]);
    assert_eq!(entry["head_hash"], last["hash"]);
    let input = b64(&entry["leaf_input"]);
    assert_eq!(&input[..14], b"lords-game-v1\x00");
    assert_eq!(
        &input[14..30],
        uuid::Uuid::parse_str(&first.id).unwrap().as_bytes()
    );
    assert_eq!(&input[30..38], &last["seq"].as_u64().unwrap().to_be_bytes());
    assert_eq!(hex::encode(&input[38..]), last["hash"].as_str().unwrap());
    // A tree of one leaf: its root is the leaf's hash, SHA-256(0x00 ‖ leaf_input).
    let mut leaf = vec![0u8];
    leaf.extend_from_slice(&input);
    assert_eq!(
        hash(&one["root_hash"]),
        <[u8; 32]>::from(Sha256::digest(&leaf))
    );

    let second = finished_game(&app, "fife").await;
    let two = head_of_size(&app, 2).await;
    let proof = json_of(
        &app,
        &format!(
            "/v1/transparency/proof/inclusion?game_id={}&tree_size=2",
            second.id
        ),
    )
    .await;
    assert_eq!(proof["leaf_index"], 1);
    assert_eq!(proof["tree_size"], 2);
    let entries = json_of(&app, "/v1/transparency/entries?start=0&end=2").await;
    let leaf_of = |e: &Value| merkle::leaf_hash(&b64(&e["leaf_input"]));
    let path: Vec<Hash> = proof["inclusion_path"]
        .as_array()
        .unwrap()
        .iter()
        .map(hash)
        .collect();
    assert!(merkle::verify_inclusion(
        1,
        2,
        &leaf_of(&entries["entries"][1]),
        &path,
        &hash(&two["root_hash"])
    ));
    let consistency = json_of(&app, "/v1/transparency/proof/consistency?first=1&second=2").await;
    let path: Vec<Hash> = consistency["consistency_path"]
        .as_array()
        .unwrap()
        .iter()
        .map(hash)
        .collect();
    assert!(merkle::verify_consistency(
        1,
        2,
        &hash(&one["root_hash"]),
        &hash(&two["root_hash"]),
        &path
    ));
    // Logged once each, and the games know their leaf.
    let logged: Vec<(uuid::Uuid, i64)> =
        sqlx::query_as("SELECT id, log_index FROM games WHERE log_index IS NOT NULL ORDER BY 2")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(logged.len(), 2);
    assert_eq!(logged[1].0.to_string(), second.id);
}

#[tokio::test]
async fn the_log_refuses_unknown_games_sizes_beyond_it_and_backward_ranges_with_stable_codes() {
    let app = spawn_app().await;
    let table = finished_game(&app, "bute").await;
    head_of_size(&app, 1).await;
    let unknown = uuid::Uuid::now_v7();
    problem(
        get(
            &app,
            &format!("/v1/transparency/proof/inclusion?game_id={unknown}&tree_size=1"),
        )
        .await,
        404,
        "game_not_in_log",
    )
    .await;
    problem(
        get(
            &app,
            &format!(
                "/v1/transparency/proof/inclusion?game_id={}&tree_size=0",
                table.id
            ),
        )
        .await,
        404,
        "game_not_in_log",
    )
    .await;
    problem(
        get(
            &app,
            &format!(
                "/v1/transparency/proof/inclusion?game_id={}&tree_size=5",
                table.id
            ),
        )
        .await,
        422,
        "tree_size_beyond_log",
    )
    .await;
    for (first, second, code) in [
        (2, 1, "invalid_consistency_range"),
        (0, 1, "invalid_consistency_range"),
        (1, 9, "tree_size_beyond_log"),
    ] {
        problem(
            get(
                &app,
                &format!("/v1/transparency/proof/consistency?first={first}&second={second}"),
            )
            .await,
            422,
            code,
        )
        .await;
    }
    let same = json_of(&app, "/v1/transparency/proof/consistency?first=1&second=1").await;
    assert_eq!(same["consistency_path"], json!([]));
    for (start, end) in [(1, 1), (0, 2), (0, 1001)] {
        problem(
            get(
                &app,
                &format!("/v1/transparency/entries?start={start}&end={end}"),
            )
            .await,
            422,
            "invalid_log_range",
        )
        .await;
    }
    problem(
        get(&app, "/v1/transparency/entries?start=x&end=1").await,
        400,
        "invalid_query",
    )
    .await;
    // An active game is not in the log.
    let active = seat_table(&app, "arran", json!({"players": 2})).await;
    problem(
        get(
            &app,
            &format!(
                "/v1/transparency/proof/inclusion?game_id={}&tree_size=1",
                active.id
            ),
        )
        .await,
        404,
        "game_not_in_log",
    )
    .await;
}

#[tokio::test]
async fn a_configured_signing_key_signs_the_heads() {
    let der = LogKey::generate_pkcs8().unwrap();
    let key = LogKey::from_pkcs8(&der).unwrap();
    let configured = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&der);
    let app = spawn_app_with(|c| c.log_signing_key = Some(configured)).await;
    let published = json_of(&app, "/v1/transparency/key").await;
    assert_eq!(b64(&published["public_key"]), key.public_key());
    // The head verifies under it (checked inside).
    head_of_size(&app, 0).await;
}

async fn verify_log(app: &TestApp, key: Option<&str>) -> (bool, Vec<Value>) {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_lords"));
    command
        .args(["verify", "--log"])
        .env("DATABASE_URL", &app.db_url)
        .env("LORDS_DATA_DIR", std::env::temp_dir());
    if let Some(key) = key {
        command.args(["--key", key]);
    }
    let out = command.output().await.expect("run lords verify --log");
    let lines = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (out.status.success(), lines)
}

#[tokio::test]
async fn lords_verify_log_checks_every_finished_game_s_leaf_and_the_newest_head() {
    let app = spawn_app().await;
    let table = finished_game(&app, "mull").await;
    head_of_size(&app, 1).await;
    let (ok, lines) = verify_log(&app, None).await;
    assert!(ok, "{lines:?}");
    assert_eq!(lines[0]["game_id"], table.id);
    assert_eq!(lines[0]["leaf_index"], 0);
    assert_eq!(lines.last().unwrap()["tree_size"], 1);

    // Another key did not sign the head.
    let other = LogKey::from_pkcs8(&LogKey::generate_pkcs8().unwrap()).unwrap();
    let (ok, lines) = verify_log(&app, Some(&STANDARD.encode(other.public_key()))).await;
    assert!(!ok);
    assert!(
        lines.last().unwrap()["reason"]
            .as_str()
            .unwrap()
            .contains("signature")
    );

    // A leaf that no longer matches its game is named.
    sqlx::query("UPDATE transparency_log SET head_hash = $1")
        .bind(&[7u8; 32][..])
        .execute(&app.pool)
        .await
        .unwrap();
    let (ok, lines) = verify_log(&app, None).await;
    assert!(!ok);
    assert_eq!(lines[0]["ok"], false);
    assert!(
        lines[0]["reason"]
            .as_str()
            .unwrap()
            .contains("the log holds")
    );
}

#[tokio::test]
async fn before_the_sequencer_first_signs_a_head_the_log_is_503_log_not_ready() {
    // No sequencer in this process, and none has run on this database.
    let app = spawn_app_with(|c| c.log_poll = None).await;
    let res = get(&app, "/v1/transparency/sth").await;
    problem(res, 503, "log_not_ready").await;
    problem(
        get(&app, "/v1/transparency/entries?start=0&end=1").await,
        503,
        "log_not_ready",
    )
    .await;
}

/// `SHA-256(b"lords-head-v1\x00" ‖ salt ‖ head)`, as an auditor computes it.
fn commitment(salt: &[u8], head: &[u8]) -> Vec<u8> {
    let mut h = Sha256::new();
    h.update(b"lords-head-v1\x00");
    h.update(salt);
    h.update(head);
    h.finalize().to_vec()
}

/// Whether `receipt` is the log key's signature for `game` at its version.
fn receipt_verifies(public_key: &[u8], game: &str, receipt: &Value) -> bool {
    let mut message = b"lords-receipt-v1\x00".to_vec();
    message.extend_from_slice(uuid::Uuid::parse_str(game).unwrap().as_bytes());
    message.extend_from_slice(&receipt["version"].as_u64().unwrap().to_be_bytes());
    message.extend_from_slice(&hex::decode(receipt["commitment"].as_str().unwrap()).unwrap());
    lords::proofs::signing::verify(public_key, &message, &b64(&receipt["signature"]))
}

/// The record of a finished game once the log holds it, with its events' payloads as written.
async fn logged_record(app: &TestApp, table: &Table) -> (Value, Vec<String>) {
    #[derive(serde::Deserialize)]
    struct Written {
        events: Vec<WrittenEvent>,
    }
    #[derive(serde::Deserialize)]
    struct WrittenEvent {
        event: Box<serde_json::value::RawValue>,
    }
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let res = Api::of(app)
            .get(&table.path("/record"), table.seat(0))
            .await;
        assert_eq!(res.status(), 200);
        let text = res.text().await.unwrap();
        let record: Value = serde_json::from_str(&text).unwrap();
        if !record["transparency"].is_null() {
            let written: Written = serde_json::from_str(&text).unwrap();
            let payloads = written.events.iter().map(|e| e.event.get().to_string());
            return (record, payloads.collect());
        }
        assert!(Instant::now() < until, "the game was never logged");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn record_schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/record.schema.json"
    ))
    .unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

#[tokio::test]
async fn seated_players_get_signed_receipts_that_the_finished_games_record_proves() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let public = b64(&json_of(&app, "/v1/transparency/key").await["public_key"]);
    let table = seat_table(&app, "iona", json!({"players": 2})).await;
    let mut receipts = Vec::new();

    // A view to a seated player carries the receipt of its version; a spectator's carries none.
    let view = api.game(&table.id, table.seat(0)).await;
    assert_eq!(view["receipt"]["version"], view["version"]);
    receipts.push(view["receipt"].clone());
    let watched = api.game(&table.id, &table.spectator).await;
    assert!(watched["receipt"].is_null(), "{watched}");
    // An earlier version shown is receipted at that version.
    let then = api
        .get_ok(&format!("/v1/games/{}?at=1", table.id), table.seat(1))
        .await;
    assert_eq!(then["version"], 1);
    assert_eq!(then["receipt"]["version"], 1);
    receipts.push(then["receipt"].clone());

    // An action's answer carries the receipt of the version it produced.
    let seat = view["view"]["awaiting"]["seat"].as_u64().unwrap();
    let legal = api.legal(&table.id, table.seat(seat)).await;
    let acted = ok(api
        .act(&table.id, table.seat(seat), &legal["actions"][0])
        .await)
    .await;
    assert_eq!(acted["receipt"]["version"], acted["version"]);
    receipts.push(acted["receipt"].clone());

    // So does the `your_turn` notification of the player now awaited, at its version.
    let turns = your_turns(&app.pool, table.game_id()).await;
    assert!(!turns.is_empty());
    for turn in &turns {
        assert_eq!(turn["receipt"]["version"], turn["version"], "{turn}");
        receipts.push(turn["receipt"].clone());
    }
    for receipt in &receipts {
        assert!(receipt_verifies(&public, &table.id, receipt), "{receipt}");
    }

    // Before the end nothing shows the salt, and the record is refused.
    let salt: Vec<u8> = sqlx::query_scalar("SELECT salt FROM games WHERE id = $1")
        .bind(table.game_id().0)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let salt_hex = hex::encode(&salt);
    for path in ["", "/events", "/legal-actions"] {
        let text = api
            .get(&table.path(path), table.seat(0))
            .await
            .text()
            .await
            .unwrap();
        assert!(!text.contains(&salt_hex), "{path}");
    }
    let listed = api
        .get("/v1/games", table.seat(0))
        .await
        .text()
        .await
        .unwrap();
    assert!(!listed.contains(&salt_hex));
    problem(
        api.get(&table.path("/record"), table.seat(0)).await,
        409,
        "game_not_finished",
    )
    .await;

    // The resignation ends the game; its answer is receipted too.
    let resigned = ok(api
        .post(&table.path("/resign"), table.seat(1), &json!({}))
        .await)
    .await;
    receipts.push(resigned["receipt"].clone());

    let (record, payloads) = logged_record(&app, &table).await;
    let errors: Vec<String> = record_schema()
        .iter_errors(&record)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(record["format"], "lords-record-v1");
    assert_eq!(record["game_id"], table.id);
    assert_eq!(record["salt"], salt_hex);
    assert_eq!(record["seats"][1]["username"], "iona1");
    // The chain: each hash is SHA-256(prev ‖ the payload as written), from zeros.
    let events = record["events"].as_array().unwrap();
    let mut prev = vec![0u8; 32];
    for (e, payload) in events.iter().zip(&payloads) {
        assert_eq!(e["prev_hash"], hex::encode(&prev));
        let mut h = Sha256::new();
        h.update(&prev);
        h.update(payload.as_bytes());
        prev = h.finalize().to_vec();
        assert_eq!(e["hash"], hex::encode(&prev), "seq {}", e["seq"]);
    }
    assert_eq!(record["head"]["version"], events.len());
    assert_eq!(record["head"]["hash"], hex::encode(&prev));
    // Every receipt given commits to the history the record shows.
    for receipt in &receipts {
        let v = receipt["version"].as_u64().unwrap() as usize;
        let head = hex::decode(events[v - 1]["hash"].as_str().unwrap()).unwrap();
        assert_eq!(
            receipt["commitment"],
            hex::encode(commitment(&salt, &head)),
            "version {v}"
        );
    }
    // The leaf is the final head's, and its path leads to the signed root.
    let log = &record["transparency"];
    let sth = &log["sth"];
    let tree_size = sth["tree_size"].as_u64().unwrap();
    let input = lords::proofs::leaf_input(
        &uuid::Uuid::parse_str(&table.id).unwrap(),
        events.len() as u64,
        &prev.clone().try_into().unwrap(),
    );
    let path: Vec<Hash> = log["inclusion_path"]
        .as_array()
        .unwrap()
        .iter()
        .map(hash)
        .collect();
    assert!(merkle::verify_inclusion(
        log["leaf_index"].as_u64().unwrap(),
        tree_size,
        &merkle::leaf_hash(&input),
        &path,
        &hash(&sth["root_hash"])
    ));

    // `lords export` prints the same document.
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_lords"))
        .args(["export", &table.id])
        .env("DATABASE_URL", &app.db_url)
        .env("LORDS_DATA_DIR", std::env::temp_dir())
        .output()
        .await
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let exported: Value = serde_json::from_slice(&out.stdout).unwrap();
    let now = api.get_ok(&table.path("/record"), table.seat(0)).await;
    assert_eq!(exported, now);
}

#[tokio::test]
async fn a_private_games_record_is_shown_to_its_players_only() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let owner = app.signed_up("jura0").await;
    let guest = app.signed_up("jura1").await;
    let stranger = app.signed_up("jurawatcher").await;
    let id = common::games::create_game(
        &app,
        &owner,
        &json!({"players": 2, "visibility": "private"}),
    )
    .await;
    let invited = api
        .post(
            &format!("/v1/games/{id}/invitations"),
            &owner,
            &json!({"username": "jura1"}),
        )
        .await;
    assert_eq!(invited.status(), 201);
    ok(api.join(&id, &guest).await).await;
    ok(api
        .post(&format!("/v1/games/{id}/resign"), &guest, &json!({}))
        .await)
    .await;
    problem(
        api.get(&format!("/v1/games/{id}/record"), &stranger).await,
        404,
        "game_not_found",
    )
    .await;
    let record = api.get_ok(&format!("/v1/games/{id}/record"), &guest).await;
    assert_eq!(record["game_id"], id.as_str());
}
