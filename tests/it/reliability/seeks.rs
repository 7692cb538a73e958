//! Seeks across processes (service rules §9.10): two `lords serve` processes on one database,
//! 50 accounts seeking at once through both. No seek pairs twice, no account sits twice at a
//! game, every seek answered 201 is paired or still open, and no table that could pair is left
//! open. Then the same with one process SIGKILLed in the middle of the pairings: a pairing is
//! one transaction, so what the killed process was doing left nothing half made.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use futures_util::future::join_all;
use serde_json::{Value, json};
use uuid::Uuid;

use super::api::Api;
use super::crash::{Server, free_port};
use crate::common::fresh_database;

const ACCOUNTS: usize = 50;

/// Server settings: sign-ups for everyone at once, and pools of two: the pairings queue on their
/// pool's lock anyway, and the suite stays under 40 connections with another two-server test
/// running beside this one.
const ENV: &[(&str, &str)] = &[
    ("LORDS_SIGNUP_MAX_PER_WINDOW", "1000"),
    ("LORDS_DB_MAX_CONNECTIONS", "2"),
];

/// What one seek request came to: the seek (201), or nothing (refused, or its server died).
async fn seek(api: &Api, token: &str, players: u8) -> Option<Value> {
    let res = api
        .post(
            token,
            "/v1/seeks",
            &json!({"players": players, "rated": false}),
        )
        .await
        .ok()?;
    if res.status() != 201 {
        return None;
    }
    res.json().await.ok()
}

/// Checks the seeks of `players` in the database: each paired one sits its owner at its game,
/// each game holds exactly the owners of the seeks that made it, nobody twice, and fewer than a
/// table's worth remain open. Returns how many games were made.
async fn check(pool: &sqlx::PgPool, players: u8, answered: &[Value]) -> usize {
    let rows: Vec<(Uuid, Uuid, Option<Uuid>, Option<String>)> = sqlx::query_as(
        "SELECT id, account_id, game_id, end_reason FROM seeks \
         WHERE (options ->> 'players')::int = $1",
    )
    .bind(i32::from(players))
    .fetch_all(pool)
    .await
    .unwrap();
    let ids: BTreeSet<Uuid> = rows.iter().map(|r| r.0).collect();
    for seek in answered {
        let id: Uuid = seek["id"].as_str().unwrap().parse().unwrap();
        assert!(
            ids.contains(&id),
            "a seek answered 201 is not stored: {seek}"
        );
    }
    let mut by_game: BTreeMap<Uuid, Vec<Uuid>> = BTreeMap::new();
    let mut open = 0;
    for (_, account, game, reason) in &rows {
        match (game, reason.as_deref()) {
            (Some(game), Some("matched")) => by_game.entry(*game).or_default().push(*account),
            (None, None) => open += 1,
            other => panic!("a seek ended as {other:?}"),
        }
    }
    assert!(
        open < usize::from(players),
        "{open} open seeks of {players} would pair"
    );
    for (game, owners) in &by_game {
        let seated: Vec<Uuid> = sqlx::query_scalar(
            "SELECT account_id FROM game_seats WHERE game_id = $1 ORDER BY seat",
        )
        .bind(game)
        .fetch_all(pool)
        .await
        .unwrap();
        let seated_set: BTreeSet<Uuid> = seated.iter().copied().collect();
        assert_eq!(seated.len(), usize::from(players), "game {game}");
        assert_eq!(
            seated_set.len(),
            seated.len(),
            "an account seated twice at {game}"
        );
        let owners_set: BTreeSet<Uuid> = owners.iter().copied().collect();
        assert_eq!(
            owners.len(),
            usize::from(players),
            "seeks paired into {game}"
        );
        assert_eq!(
            owners_set, seated_set,
            "game {game} seats the seeks' owners"
        );
        let status: String = sqlx::query_scalar("SELECT status FROM games WHERE id = $1")
            .bind(game)
            .fetch_one(pool)
            .await
            .unwrap();
        assert_eq!(status, "active", "game {game}");
    }
    by_game.len()
}

#[tokio::test]
async fn fifty_accounts_seeking_at_once_on_two_servers_pair_each_seek_once_even_through_a_sigkill()
{
    let _one_at_a_time = super::crash::one_at_a_time().await;
    let (pool, db_url) = fresh_database().await;
    let logs = std::env::temp_dir().join(format!("lords-seeks-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&logs).unwrap();
    let (port_a, port_b) = (free_port(), free_port());
    let mut a = Server::start_with(&db_url, port_a, &logs.join("a.log"), ENV);
    let api_a = Api::new(format!("http://127.0.0.1:{port_a}"));
    a.ready(&api_a).await;
    let mut b = Server::start_with(&db_url, port_b, &logs.join("b.log"), ENV);
    let api_b = Api::new(format!("http://127.0.0.1:{port_b}"));
    b.ready(&api_b).await;
    let tokens = api_a.sign_up_many("seeker", ACCOUNTS).await;

    // Everyone at once, half through each server: 25 games of two.
    let answers = join_all(tokens.iter().enumerate().map(|(i, token)| {
        let api = if i % 2 == 0 { &api_a } else { &api_b };
        seek(api, token, 2)
    }))
    .await;
    let answered: Vec<Value> = answers.into_iter().flatten().collect();
    assert_eq!(answered.len(), ACCOUNTS, "every seek is made");
    assert_eq!(check(&pool, 2, &answered).await, ACCOUNTS / 2);

    // Tables of three, and server a killed as soon as it has answered one seek.
    let (first_tx, first_rx) = tokio::sync::oneshot::channel::<()>();
    let first_tx = std::sync::Mutex::new(Some(first_tx));
    let requests = join_all(tokens.iter().enumerate().map(|(i, token)| {
        let (api, on_a) = if i % 2 == 0 {
            (&api_a, true)
        } else {
            (&api_b, false)
        };
        let first_tx = &first_tx;
        async move {
            let made = seek(api, token, 3).await;
            if on_a
                && made.is_some()
                && let Some(tx) = first_tx.lock().unwrap().take()
            {
                let _ = tx.send(());
            }
            (on_a, made)
        }
    }));
    let killer = async {
        let _ = tokio::time::timeout(Duration::from_secs(30), first_rx).await;
        a.kill();
    };
    let (results, ()) = tokio::join!(requests, killer);
    let lost_on_a = results
        .iter()
        .filter(|(on_a, made)| *on_a && made.is_none())
        .count();
    let answered: Vec<Value> = results.into_iter().filter_map(|(_, made)| made).collect();
    assert!(answered.len() >= ACCOUNTS / 2, "server b answered its half");
    let games = check(&pool, 3, &answered).await;
    eprintln!(
        "tables of three: {} seeks answered, {lost_on_a} lost with server a, {games} games",
        answered.len()
    );

    // Server b carries on: a seek it makes now pairs with what was left, if that makes a table.
    let late = api_b.sign_up_many("late", 3).await;
    for token in &late {
        assert!(seek(&api_b, token, 3).await.is_some());
    }
    check(&pool, 3, &[]).await;
    drop(b);
    pool.close().await;
    let _ = std::fs::remove_dir_all(&logs);
}
