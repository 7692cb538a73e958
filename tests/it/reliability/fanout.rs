//! The fan-out worker through a SIGKILL: a server is killed while it copies a large backlog of
//! games' outboxes to the accounts' notifications, a second server takes over (its sweep finds
//! what is left), and every outbox row becomes exactly one notification of its account: ids
//! gapless and increasing, each game's notifications in the game's order, and a stream resumed
//! with `Last-Event-ID` carries each one once. And a fan-out done again over rows already
//! written (killed between the accounts' commits and its own) writes only what is missing.

use std::time::{Duration, Instant};

use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use super::api::{Api, Table};
use super::crash::{Server, free_port};
use crate::common::fresh_database;

/// Games of two players; every row of the backlog is a `your_turn` to one of the seats.
const GAMES: usize = 4;
const ROWS_PER_GAME: i64 = 1_000;

/// A small pool, one game fanned out at a time (the kill lands mid-way), a quick sweep.
const ENV: &[(&str, &str)] = &[
    ("LORDS_DB_MAX_CONNECTIONS", "4"),
    ("LORDS_FANOUT_CONCURRENCY", "1"),
    ("LORDS_OUTBOX_SWEEP_SECONDS", "1"),
];

/// Writes the backlog straight into the outboxes, as appends would have (versions past the
/// games' own, seats alternating), dated a minute ago so that the next sweep takes it.
async fn backlog(pool: &PgPool, tables: &[Table]) -> i64 {
    for table in tables {
        sqlx::query(
            "INSERT INTO game_outbox (game_id, version, ord, account_id, kind, payload, created_at) \
             SELECT $1, 1000 + v, 1, s.account_id, 'your_turn', \
                    jsonb_build_object('version', 1000 + v, 'seat', s.seat), \
                    now() - interval '1 minute' \
             FROM generate_series(1, $2) AS v \
             JOIN game_seats s ON s.game_id = $1 AND s.seat = v % 2",
        )
        .bind(table.id)
        .bind(ROWS_PER_GAME)
        .execute(pool)
        .await
        .unwrap();
    }
    ROWS_PER_GAME * GAMES as i64
}

async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

/// The ids of `token`'s account's stream after `last_event_id`, read until `last`.
async fn resumed_ids(api: &Api, token: &str, last_event_id: i64, last: i64) -> Vec<i64> {
    let mut res = api
        .client
        .get(api.url("/v1/me/stream"))
        .bearer_auth(token)
        .header("Last-Event-ID", last_event_id.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let mut ids = Vec::new();
    let mut buf = String::new();
    while ids.last() != Some(&last) {
        let chunk = tokio::time::timeout(Duration::from_secs(20), res.chunk())
            .await
            .expect("the stream sends what follows in time")
            .unwrap()
            .expect("the stream stays open");
        buf.push_str(std::str::from_utf8(&chunk).unwrap());
        while let Some(end) = buf.find("\n\n") {
            let frame: String = buf.drain(..end + 2).collect();
            ids.extend(
                frame
                    .lines()
                    .filter_map(|l| l.strip_prefix("id: "))
                    .map(|v| v.parse::<i64>().unwrap()),
            );
        }
    }
    ids
}

#[tokio::test]
async fn a_fan_out_killed_mid_way_is_finished_by_another_server_exactly_once() {
    let _one_at_a_time = super::crash::one_at_a_time().await;
    let (pool, db_url) = fresh_database().await;
    let logs = std::env::temp_dir().join(format!("lords-fanout-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&logs).unwrap();
    let port_a = free_port();
    let mut a = Server::start_with(&db_url, port_a, &logs.join("a.log"), ENV);
    let api_a = Api::new(format!("http://127.0.0.1:{port_a}"));
    a.ready(&api_a).await;
    let mut tables = Vec::new();
    for g in 0..GAMES {
        let tokens = api_a.sign_up_many(&format!("fan{g}p"), 2).await;
        tables.push(api_a.started_game(&tokens).await);
    }
    // The deals' own notifications first.
    let until = Instant::now() + Duration::from_secs(30);
    while count(&pool, "SELECT count(*) FROM game_outbox").await > 0 {
        assert!(Instant::now() < until, "the deals were never fanned out");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let before = count(&pool, "SELECT count(*) FROM notifications").await;
    let rows = backlog(&pool, &tables).await;

    // Killed once part of the backlog is written.
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        let written = count(&pool, "SELECT count(*) FROM notifications").await - before;
        if written > 0 {
            assert!(written < rows, "the kill came too late: all {rows} written");
            break;
        }
        assert!(
            Instant::now() < until,
            "no fan-out began:\n{}",
            a.log_tail()
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    a.kill();
    let left = count(&pool, "SELECT count(*) FROM game_outbox").await;
    assert!(left > 0, "the kill came too late: the outboxes are empty");

    // Another server finishes it.
    let port_b = free_port();
    let mut b = Server::start_with(&db_url, port_b, &logs.join("b.log"), ENV);
    let api_b = Api::new(format!("http://127.0.0.1:{port_b}"));
    b.ready(&api_b).await;
    let until = Instant::now() + Duration::from_secs(120);
    while count(&pool, "SELECT count(*) FROM game_outbox").await > 0 {
        assert!(
            Instant::now() < until,
            "the backlog was never finished:\n{}",
            b.log_tail()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Exactly once: one notification per row, none lost, none twice.
    let written = count(&pool, "SELECT count(*) FROM notifications").await - before;
    assert_eq!(written, rows);
    let copies: Vec<(i64,)> = sqlx::query_as(
        "SELECT count(*) FROM notifications WHERE game_version > 1000 \
         GROUP BY account_id, game_id, game_version, ord HAVING count(*) > 1",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert!(copies.is_empty(), "written twice: {copies:?}");
    // Per account: ids 1..=n with no gap, the counter at n, each game's in the game's order.
    let accounts: Vec<(Uuid, Vec<i64>, Vec<i64>, i64)> = sqlx::query_as(
        "SELECT n.account_id, array_agg(n.id ORDER BY n.id), \
                array_agg(n.game_version * 100 + n.ord ORDER BY n.id), max(c.last_id) \
         FROM notifications n JOIN notification_counters c USING (account_id) \
         GROUP BY n.account_id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(accounts.len(), 2 * GAMES);
    for (account, ids, rows, last) in &accounts {
        let expected: Vec<i64> = (1..=ids.len() as i64).collect();
        assert_eq!(ids, &expected, "{account}: ids not gapless");
        assert_eq!(*last, ids.len() as i64, "{account}: counter");
        // Each notification's outbox row, as version × 100 + ord (one game per account here).
        assert!(
            rows.windows(2).all(|w| w[0] < w[1]),
            "{account}: out of the game's order"
        );
    }

    // A stream resumed half-way carries each of the rest once, in order.
    let token = &tables[0].tokens[0];
    let me: Value = api_b.get_json(token, "/v1/me").await;
    let me_id: Uuid = me["id"].as_str().unwrap().parse().unwrap();
    let (_, mine, _, last) = accounts.iter().find(|(a, ..)| *a == me_id).unwrap();
    let half = mine.len() as i64 / 2;
    let resumed = resumed_ids(&api_b, token, half, *last).await;
    let expected: Vec<i64> = (half + 1..=*last).collect();
    assert_eq!(resumed, expected);

    drop(b);
    pool.close().await;
    let _ = std::fs::remove_dir_all(&logs);
}

#[tokio::test]
async fn a_fan_out_done_again_writes_only_what_is_missing() {
    let _one_at_a_time = super::crash::one_at_a_time().await;
    let (pool, db_url) = fresh_database().await;
    let logs = std::env::temp_dir().join(format!("lords-fanout-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&logs).unwrap();
    let port = free_port();
    let mut server = Server::start_with(&db_url, port, &logs.join("a.log"), ENV);
    let api = Api::new(format!("http://127.0.0.1:{port}"));
    server.ready(&api).await;
    let tokens = api.sign_up_many("again", 2).await;
    let table = api.started_game(&tokens).await;
    let until = Instant::now() + Duration::from_secs(30);
    while count(&pool, "SELECT count(*) FROM game_outbox").await > 0 {
        assert!(Instant::now() < until, "the deal was never fanned out");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let before: Vec<(Uuid, i64, i64, i16)> = sqlx::query_as(
        "SELECT account_id, id, game_version, ord FROM notifications ORDER BY account_id, id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert!(!before.is_empty());
    // As if a fan-out had written the deal's notifications and was killed before it emptied
    // the outbox: its rows are back, with one more after them.
    sqlx::query(
        "INSERT INTO game_outbox (game_id, version, ord, account_id, kind, payload, created_at) \
         SELECT game_id, game_version, ord, account_id, kind, payload, created_at \
         FROM notifications WHERE game_id = $1",
    )
    .bind(table.id)
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO game_outbox (game_id, version, ord, account_id, kind, payload) \
         SELECT $1, 1000, 1, account_id, 'your_turn', '{\"version\": 1000}' \
         FROM game_seats WHERE game_id = $1 AND seat = 0",
    )
    .bind(table.id)
    .execute(&pool)
    .await
    .unwrap();
    let layout = lords::eventstore::distribute::Layout::of(&mut pool.acquire().await.unwrap())
        .await
        .unwrap();
    let game = lords::eventstore::GameId(table.id);
    // Whichever fans it out, this call or the server's sweep, the outcome is the same.
    lords::notify::fanout::claims::fan_out(&pool, layout, &[game], None)
        .await
        .unwrap();
    let until = Instant::now() + Duration::from_secs(30);
    while count(&pool, "SELECT count(*) FROM game_outbox").await > 0 {
        assert!(Instant::now() < until, "the outbox was never emptied");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let after: Vec<(Uuid, i64, i64, i16)> = sqlx::query_as(
        "SELECT account_id, id, game_version, ord FROM notifications ORDER BY account_id, id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(after.len(), before.len() + 1, "{after:?}");
    for row in &before {
        assert!(after.contains(row), "{row:?} changed");
    }
    let new: Vec<_> = after.iter().filter(|r| !before.contains(r)).collect();
    assert_eq!(new.len(), 1);
    let (account, id, version, _) = new[0];
    assert_eq!(*version, 1000);
    let last_before = before
        .iter()
        .filter(|r| r.0 == *account)
        .map(|r| r.1)
        .max()
        .unwrap();
    assert_eq!(*id, last_before + 1, "ids stay gapless");
    drop(server);
    pool.close().await;
    let _ = std::fs::remove_dir_all(&logs);
}
