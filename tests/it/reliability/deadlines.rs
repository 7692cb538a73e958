//! The deadline worker across processes: two `lords serve` processes on one
//! database, 40 clocked games nobody plays. Every decision that passes its deadline times out
//! exactly once, whichever process gets to it; one process is SIGKILLed mid-way and the other
//! carries on until every game has ended by abandonment; `lords verify --all` passes.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::api::{Api, Table};
use super::crash::{Server, free_port, verify_all_command};
use crate::common::fresh_database;

const GAMES: usize = 40;

/// Server settings: a small pool each (the suite's connection budget) and a quick poll.
const ENV: &[(&str, &str)] = &[
    ("LORDS_DB_MAX_CONNECTIONS", "4"),
    ("LORDS_DEADLINE_POLL_MS", "250"),
];

async fn events(api: &Api, table: &Table) -> Vec<Value> {
    api.events(&table.tokens[0], table)
        .await
        .into_iter()
        .map(|e| e["event"].clone())
        .collect()
}

/// Every timeout in the game's stream: each seat's count in a row goes up by one (no decision
/// timed out twice), a bot's action follows each one but the last, and the game ended with one
/// seat abandoned and the other the winner.
fn check_timeouts(id: &str, events: &[Value]) {
    let mut counts = [0u64; 2];
    for (i, e) in events.iter().enumerate() {
        if e["type"] != "decision_timed_out" {
            continue;
        }
        let seat = e["seat"].as_u64().unwrap() as usize;
        counts[seat] += 1;
        assert_eq!(e["consecutive"], counts[seat], "{id}: {events:?}");
        match events[i + 1]["type"].as_str().unwrap() {
            "bot_acted" => assert_eq!(events[i + 1]["seat"], seat as u64, "{id}"),
            "seat_abandoned" => {
                assert_eq!(
                    counts[seat], 2,
                    "{id}: abandoned after max_timeouts in a row"
                );
                assert_eq!(events[i + 2]["type"], "game_ended", "{id}");
                assert_eq!(events[i + 2]["winners"], json!([1 - seat]), "{id}");
                assert_eq!(i + 3, events.len(), "{id}: nothing after the end");
            }
            other => panic!("{id}: {other} after a timeout: {events:?}"),
        }
    }
    assert_eq!(
        events
            .iter()
            .filter(|e| e["type"] == "seat_abandoned")
            .count(),
        1,
        "{id}: {events:?}"
    );
}

#[tokio::test]
async fn two_servers_time_out_each_decision_once_and_one_carries_on_when_the_other_is_killed() {
    let _one_at_a_time = super::crash::one_at_a_time().await;
    let (pool, db_url) = fresh_database().await;
    let logs = std::env::temp_dir().join(format!("lords-deadlines-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&logs).unwrap();
    let (port_a, port_b) = (free_port(), free_port());
    let mut a = Server::start_with(&db_url, port_a, &logs.join("a.log"), ENV);
    let api_a = Api::new(format!("http://127.0.0.1:{port_a}"));
    a.ready(&api_a).await;
    let mut b = Server::start_with(&db_url, port_b, &logs.join("b.log"), ENV);
    let api_b = Api::new(format!("http://127.0.0.1:{port_b}"));
    b.ready(&api_b).await;

    let tokens = api_a.sign_up_many("idle", 2).await;
    let options = json!({"players": 2, "turn_time_limit_s": 5, "max_timeouts": 2});
    let mut tables = Vec::with_capacity(GAMES);
    for _ in 0..GAMES {
        tables.push(api_a.started_game_with(&tokens, &options).await);
    }
    // Past the first deadlines both processes are at work; then one is killed.
    tokio::time::sleep(Duration::from_secs(7)).await;
    a.kill();

    let until = Instant::now() + Duration::from_secs(120);
    for table in &tables {
        loop {
            let game = api_b.get_json(&tokens[0], &table.path("")).await;
            if game["game"]["status"] == "finished" {
                break;
            }
            assert!(
                Instant::now() < until,
                "{} still {}:\n{}",
                table.id,
                game["game"]["status"],
                b.log_tail()
            );
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    }
    let mut timeouts = 0;
    for table in &tables {
        let events = events(&api_b, table).await;
        check_timeouts(&table.id.to_string(), &events);
        timeouts += events
            .iter()
            .filter(|e| e["type"] == "decision_timed_out")
            .count();
    }
    assert!(timeouts >= 2 * GAMES, "{timeouts} timeouts");
    drop(b);
    let verified = verify_all_command(&db_url).await;
    assert!(
        verified.status.success(),
        "{}{}",
        String::from_utf8_lossy(&verified.stdout),
        String::from_utf8_lossy(&verified.stderr)
    );
    pool.close().await;
    let _ = std::fs::remove_dir_all(&logs);
}
