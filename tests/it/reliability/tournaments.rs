//! A tournament's round across processes (service rules §9.11): two `lords serve` processes on
//! one database, both running the tournament worker, and a Swiss tournament of 60 players at
//! tables of 2 started through the first, which is SIGKILLed as soon as the round's first game
//! exists, in the middle of making the others. The second makes the rest: every table gets
//! exactly one game, with the id its pairing named, nobody sits twice, no other game exists,
//! and each player is told of the round once.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use serde_json::json;
use uuid::Uuid;

use super::api::Api;
use super::crash::{Server, free_port};
use crate::common::fresh_database;

const PLAYERS: usize = 60;

/// Both workers look often; pools of two keep the suite under its connection budget.
const ENV: &[(&str, &str)] = &[
    ("LORDS_SIGNUP_MAX_PER_WINDOW", "1000"),
    ("LORDS_DB_MAX_CONNECTIONS", "2"),
    ("LORDS_TOURNAMENT_POLL_MS", "50"),
];

#[tokio::test]
async fn a_round_is_made_once_by_two_servers_even_when_one_is_sigkilled_while_making_it() {
    let _one_at_a_time = super::crash::one_at_a_time().await;
    let (pool, db_url) = fresh_database().await;
    let logs = std::env::temp_dir().join(format!("lords-tournaments-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&logs).unwrap();
    let (port_a, port_b) = (free_port(), free_port());
    let mut a = Server::start_with(&db_url, port_a, &logs.join("a.log"), ENV);
    let api_a = Api::new(format!("http://127.0.0.1:{port_a}"));
    a.ready(&api_a).await;
    let mut b = Server::start_with(&db_url, port_b, &logs.join("b.log"), ENV);
    let api_b = Api::new(format!("http://127.0.0.1:{port_b}"));
    b.ready(&api_b).await;

    let host = api_a.sign_up("host").await;
    let res = api_a
        .post(
            &host,
            "/v1/tournaments",
            &json!({"name": "Crash", "format": "swiss", "table_size": 2, "rounds": 3,
                    "min_players": 2, "max_players": 60}),
        )
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let id: Uuid = res.json::<serde_json::Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let tokens = api_a.sign_up_many("entrant", PLAYERS).await;
    for token in &tokens {
        let res = api_b
            .post(token, &format!("/v1/tournaments/{id}/join"), &json!({}))
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
    }

    // Started through a, which pairs the round and makes its games at once; killed as soon as
    // the first game exists.
    let start_path = format!("/v1/tournaments/{id}/start");
    let empty = json!({});
    let start = api_a.post(&host, &start_path, &empty);
    let killer = async {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let made: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM games g JOIN tournament_tables x ON x.game_id = g.id \
                 WHERE x.tournament_id = $1",
            )
            .bind(id)
            .fetch_one(&pool)
            .await
            .unwrap();
            if made > 0 {
                a.kill();
                return made;
            }
            assert!(Instant::now() < deadline, "no game was made");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    };
    let (_, made_before_kill) = tokio::join!(start, killer);

    // b finishes the round.
    let deadline = Instant::now() + Duration::from_secs(60);
    let tables: Vec<(Uuid, Vec<Uuid>)> = loop {
        let tables: Vec<(Uuid, Vec<Uuid>)> = sqlx::query_as(
            "SELECT game_id, seats FROM tournament_tables WHERE tournament_id = $1 AND round = 1",
        )
        .bind(id)
        .fetch_all(&pool)
        .await
        .unwrap();
        let made: i64 = sqlx::query_scalar("SELECT count(*) FROM games WHERE id = ANY ($1)")
            .bind(tables.iter().map(|t| t.0).collect::<Vec<_>>())
            .fetch_one(&pool)
            .await
            .unwrap();
        if !tables.is_empty() && made as usize == tables.len() {
            break tables;
        }
        assert!(
            Instant::now() < deadline,
            "b did not make the round's games:\n{}",
            b.log_tail()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    eprintln!(
        "{made_before_kill} of {} games made before the kill",
        tables.len()
    );
    assert_eq!(tables.len(), PLAYERS / 2, "one table per two players");
    // No game but the tables' (the host's account made none), each seating its table.
    let games: i64 = sqlx::query_scalar("SELECT count(*) FROM games")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(
        games as usize,
        tables.len(),
        "no game made twice or beside the pairing"
    );
    let mut seen = BTreeSet::new();
    for (game, seats) in &tables {
        let seated: Vec<Uuid> = sqlx::query_scalar(
            "SELECT account_id FROM game_seats WHERE game_id = $1 ORDER BY seat",
        )
        .bind(game)
        .fetch_all(&pool)
        .await
        .unwrap();
        assert_eq!(&seated, seats, "game {game} seats its table");
        for s in seats {
            assert!(seen.insert(*s), "{s} sits twice");
        }
    }
    assert_eq!(seen.len(), PLAYERS);
    // The round was paired once: one round, and each player told of it once.
    let round: i16 = sqlx::query_scalar("SELECT round FROM tournaments WHERE id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(round, 1);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let told: Vec<(Uuid, i64)> = sqlx::query_as(
            "SELECT account_id, count(*) FROM notifications WHERE kind = 'tournament_round' \
             GROUP BY account_id",
        )
        .fetch_all(&pool)
        .await
        .unwrap();
        assert!(told.iter().all(|(_, n)| *n == 1), "told twice: {told:?}");
        if told.len() == PLAYERS {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{} of {PLAYERS} told",
            told.len()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(b);
    pool.close().await;
    let _ = std::fs::remove_dir_all(&logs);
}
