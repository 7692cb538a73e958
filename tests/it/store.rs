//! The event store against a real PostgreSQL: a fresh migrated database per test.

use crate::common;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use lords::eventstore::chain::{GENESIS, chain_hash, request_hash};
use lords::eventstore::error::StoreError;
use lords::eventstore::notify::Notifier;
use lords::eventstore::read_model::{GameStatus, ListQuery};
use lords::eventstore::stream::upcast;
use lords::eventstore::{AccountId, GameId, Store};
use lords::play::actions::Submit;
use lords::play::verify::verify_shuffles;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rules::{
    self, Action, Event, Game, GameOptions, OptionsRequest, RuleError, Seat, Status, legal_actions,
};
use sqlx::{PgPool, Row};
use uuid::Uuid;

// ---------------------------------------------------------------------------------------------
// Helpers

async fn account(pool: &PgPool, name: &str) -> AccountId {
    let id = Uuid::new_v4();
    sqlx::query("INSERT INTO accounts (id, username, password_hash) VALUES ($1, $2, 'x')")
        .bind(id)
        .bind(name)
        .execute(pool)
        .await
        .expect("insert account");
    AccountId(id)
}

async fn accounts(pool: &PgPool, prefix: &str, n: usize) -> Vec<AccountId> {
    let mut ids = Vec::new();
    for i in 0..n {
        ids.push(account(pool, &format!("{prefix}{i}")).await);
    }
    ids
}

fn options(players: u8, target_score: u16) -> GameOptions {
    OptionsRequest {
        players,
        target_score: Some(target_score),
        ..OptionsRequest::default()
    }
    .validate()
    .unwrap()
}

/// A started game: the players in seat order.
async fn started_game(
    store: &Store,
    players: &[AccountId],
    target_score: u16,
    rng: &mut StdRng,
) -> GameId {
    let opts = options(players.len() as u8, target_score);
    let id = lords::tables::lobby::create_game(store, players[0], opts)
        .await
        .unwrap()
        .id;
    for &p in &players[1..] {
        lords::tables::lobby::join_game(store, id, p, rng)
            .await
            .unwrap();
    }
    id
}

fn submit<'a>(
    id: GameId,
    account: AccountId,
    action: &'a Action,
    hash: &'a str,
    expected_version: Option<i64>,
) -> Submit<'a> {
    Submit {
        game_id: id,
        account,
        action,
        expected_version,
        idempotency_key: None,
        request_hash: hash,
    }
}

/// Plays random legal actions through `store.submit` until the game ends (or `max_actions`),
/// checking each result against a live fold. Returns the live state.
async fn play(
    store: &Store,
    id: GameId,
    seats: &[AccountId],
    rng: &mut StdRng,
    max_actions: usize,
) -> Game {
    let loaded = store.load(id).await.unwrap();
    let mut live = Game::replay(loaded.events.iter().map(|e| &e.event));
    let mut version = loaded.version();
    for _ in 0..max_actions {
        let Some(awaiting) = live.awaiting() else {
            break;
        };
        let action = *legal_actions(&live, awaiting.seat).choose(rng).unwrap();
        let hash = request_hash(&action);
        let done = lords::play::actions::submit(
            store,
            submit(
                id,
                seats[awaiting.seat.index()],
                &action,
                &hash,
                Some(version),
            ),
            rng,
        )
        .await
        .unwrap_or_else(|e| panic!("{action:?} by {awaiting:?} rejected: {e}"));
        assert!(!done.replayed);
        assert_eq!(done.seat, awaiting.seat);
        assert_eq!(done.version, version + done.events.len() as i64);
        done.events.iter().for_each(|e| live.apply(e));
        assert_eq!(*done.game, live);
        version = done.version;
    }
    live
}

async fn tamper(pool: &PgPool, id: GameId, seq: i64, payload: &str, hash: Option<&[u8]>) {
    // One transaction, so no other session ever sees the trigger disabled.
    let mut tx = pool.begin().await.unwrap();
    sqlx::query("ALTER TABLE game_events DISABLE TRIGGER game_events_append_only")
        .execute(&mut *tx)
        .await
        .unwrap();
    sqlx::query(
        "UPDATE game_events SET payload = $3::json, hash = coalesce($4, hash) \
         WHERE game_id = $1 AND seq = $2",
    )
    .bind(id.0)
    .bind(seq)
    .bind(payload)
    .bind(hash)
    .execute(&mut *tx)
    .await
    .unwrap();
    sqlx::query("ALTER TABLE game_events ENABLE TRIGGER game_events_append_only")
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

/// Behind the append-only trigger (as superuser): replaces the payload at `from` and recomputes
/// every hash from there on, so that the chain checks again.
async fn rewrite_chain_from(pool: &PgPool, id: GameId, from: i64, new_payload: &str) {
    let rows = sqlx::query(
        "SELECT seq, payload::text AS payload, prev_hash FROM game_events \
         WHERE game_id = $1 ORDER BY seq",
    )
    .bind(id.0)
    .fetch_all(pool)
    .await
    .unwrap();
    let mut prev: Vec<u8> = rows[(from - 1) as usize].get("prev_hash");
    let mut tx = pool.begin().await.unwrap();
    sqlx::query("ALTER TABLE game_events DISABLE TRIGGER game_events_append_only")
        .execute(&mut *tx)
        .await
        .unwrap();
    for row in &rows[(from - 1) as usize..] {
        let seq: i64 = row.get("seq");
        let payload: String = if seq == from {
            new_payload.to_owned()
        } else {
            row.get("payload")
        };
        let hash = chain_hash(&prev, payload.as_bytes()).to_vec();
        sqlx::query(
            "UPDATE game_events SET payload = $3::json, prev_hash = $4, hash = $5 \
             WHERE game_id = $1 AND seq = $2",
        )
        .bind(id.0)
        .bind(seq)
        .bind(&payload)
        .bind(&prev)
        .bind(&hash)
        .execute(&mut *tx)
        .await
        .unwrap();
        prev = hash;
    }
    sqlx::query("ALTER TABLE game_events ENABLE TRIGGER game_events_append_only")
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

async fn stored_payload(pool: &PgPool, id: GameId, seq: i64) -> String {
    sqlx::query_scalar("SELECT payload::text FROM game_events WHERE game_id = $1 AND seq = $2")
        .bind(id.0)
        .bind(seq)
        .fetch_one(pool)
        .await
        .unwrap()
}

fn first_shuffle_seq(events: &[lords::eventstore::stream::StoredEvent]) -> i64 {
    events
        .iter()
        .find(|e| e.kind == "deck_shuffled")
        .expect("a shuffle")
        .seq
}

// ---------------------------------------------------------------------------------------------
// Streams

#[tokio::test]
async fn a_started_game_loads_back_exactly_as_the_engine_started_it() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 3).await;
    let id = started_game(&store, &players, 40, &mut StdRng::seed_from_u64(7)).await;

    // The same seed through the engine directly gives the same start.
    let expected = rules::start(&options(3, 40), &mut StdRng::seed_from_u64(7)).unwrap();
    let loaded = store.load(id).await.unwrap();
    let events: Vec<Event> = loaded.events.iter().map(|e| e.event.clone()).collect();
    assert_eq!(events, expected);
    assert_eq!(loaded.game, Game::replay(&expected));
    assert_eq!(loaded.version(), expected.len() as i64);
    assert_eq!(loaded.summary.version, expected.len() as i64);
    assert_eq!(loaded.summary.status, GameStatus::Active);
    assert_eq!(
        loaded.summary.awaiting,
        loaded.game.awaiting().map(|a| a.seat)
    );

    let mut prev = GENESIS;
    for (i, e) in loaded.events.iter().enumerate() {
        assert_eq!(e.seq, i as i64 + 1);
        assert_eq!(e.kind, e.event.kind());
        assert_eq!(e.version, rules::EVENT_SCHEMA_VERSION);
        assert_eq!(e.seat, None, "the start is a system event");
        assert_eq!(e.prev_hash, prev);
        let payload = stored_payload(&pool, id, e.seq).await;
        assert_eq!(
            payload,
            serde_json::to_string(&e.event).unwrap(),
            "bytes kept"
        );
        assert_eq!(e.hash, chain_hash(&prev, payload.as_bytes()));
        prev = e.hash;
    }

    let page = store.events(id, 2, 3).await.unwrap();
    assert_eq!(page.iter().map(|e| e.seq).collect::<Vec<_>>(), [3, 4, 5]);
    assert!(
        store
            .events(id, loaded.version(), 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(matches!(
        store.events(GameId(Uuid::new_v4()), 0, 10).await,
        Err(StoreError::NotFound)
    ));
    assert!(matches!(
        store.load(GameId(Uuid::new_v4())).await,
        Err(StoreError::NotFound)
    ));
}

#[tokio::test]
async fn a_raw_append_checks_its_expected_version_and_round_trips() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 2).await;
    let id = started_game(&store, &players, 40, &mut StdRng::seed_from_u64(1)).await;
    let loaded = store.load(id).await.unwrap();
    let v = loaded.version();
    let awaiting = loaded.game.awaiting().unwrap();
    let action = legal_actions(&loaded.game, awaiting.seat)[0];
    let events = rules::decide(
        &loaded.game,
        awaiting.seat,
        &action,
        &mut StdRng::seed_from_u64(2),
    )
    .unwrap();

    let stale = lords::play::actions::append(&store, id, v - 1, Some(awaiting.seat), &events).await;
    assert!(
        matches!(stale, Err(StoreError::VersionConflict { expected, actual }) if expected == v - 1 && actual == v)
    );

    let version = lords::play::actions::append(&store, id, v, Some(awaiting.seat), &events)
        .await
        .unwrap();
    assert_eq!(version, v + events.len() as i64);
    let after = store.load(id).await.unwrap();
    assert_eq!(after.version(), version);
    let appended: Vec<Event> = after.events[v as usize..]
        .iter()
        .map(|e| e.event.clone())
        .collect();
    assert_eq!(appended, events);
    assert!(
        after.events[v as usize..]
            .iter()
            .all(|e| e.seat == Some(awaiting.seat))
    );
    let mut live = loaded.game.clone();
    events.iter().for_each(|e| live.apply(e));
    assert_eq!(after.game, live);
    assert_eq!(after.summary.version, version);
    assert!(
        lords::play::verify::verify_game(&store, id)
            .await
            .unwrap()
            .ok
    );
}

#[tokio::test]
async fn a_whole_random_game_stored_action_by_action_replays_to_the_live_state() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 3).await;
    let mut rng = StdRng::seed_from_u64(2026);
    let id = started_game(&store, &players, 40, &mut rng).await;

    let live = play(&store, id, &players, &mut rng, 100_000).await;
    assert_eq!(live.status(), Status::Finished);

    let loaded = store.load(id).await.unwrap();
    assert_eq!(loaded.game, live);
    let summary = loaded.summary;
    assert_eq!(summary.status, GameStatus::Finished);
    assert_eq!(summary.awaiting, None);
    assert_eq!(summary.winners.as_deref(), live.winners());
    assert_eq!(summary.version, loaded.events.len() as i64);
    // Every action is attributed to a seat; only the start is a system event.
    let start_len = rules::start(&options(3, 40), &mut StdRng::seed_from_u64(0))
        .unwrap()
        .len();
    assert!(
        loaded
            .events
            .iter()
            .skip(start_len)
            .all(|e| e.seat.is_some())
    );

    let report = lords::play::verify::verify_game(&store, id).await.unwrap();
    assert!(report.ok, "{report:?}");
    assert!(report.shuffles_checked >= 1);
    let finished = pass_after_the_end(&store, id, &players).await;
    assert!(matches!(
        finished,
        Err(StoreError::Rule(RuleError::GameOver))
    ));
}

async fn pass_after_the_end(
    store: &Store,
    id: GameId,
    players: &[AccountId],
) -> Result<lords::play::actions::Submitted, StoreError> {
    let hash = request_hash(&Action::Pass);
    lords::play::actions::submit(
        store,
        submit(id, players[0], &Action::Pass, &hash, None),
        &mut StdRng::seed_from_u64(0),
    )
    .await
}

#[tokio::test]
async fn submit_refuses_strangers_unknown_games_and_broken_rules() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 2).await;
    let stranger = account(&pool, "stranger").await;
    let mut rng = StdRng::seed_from_u64(3);
    let id = started_game(&store, &players, 40, &mut rng).await;
    let loaded = store.load(id).await.unwrap();
    let awaiting = loaded.game.awaiting().unwrap().seat;
    let other = players[1 - awaiting.index()];
    let action = legal_actions(&loaded.game, awaiting)[0];
    let hash = request_hash(&action);

    let r =
        lords::play::actions::submit(&store, submit(id, stranger, &action, &hash, None), &mut rng)
            .await;
    assert!(matches!(r, Err(StoreError::NotSeated)));
    let r = lords::play::actions::submit(
        &store,
        submit(GameId(Uuid::new_v4()), players[0], &action, &hash, None),
        &mut rng,
    )
    .await;
    assert!(matches!(r, Err(StoreError::NotFound)));
    let r = lords::play::actions::submit(&store, submit(id, other, &action, &hash, None), &mut rng)
        .await;
    assert!(matches!(r, Err(StoreError::Rule(RuleError::NotYourTurn))));
    let stale = loaded.version() - 1;
    let r = lords::play::actions::submit(
        &store,
        submit(id, players[awaiting.index()], &action, &hash, Some(stale)),
        &mut rng,
    )
    .await;
    assert!(
        matches!(r, Err(StoreError::VersionConflict { expected, actual }) if expected == stale && actual == loaded.version())
    );
    assert_eq!(store.current_version(id).await.unwrap(), loaded.version());
}

// ---------------------------------------------------------------------------------------------
// Kept replays: `current` starts from the last replay only when the stream's head proves it

#[tokio::test]
async fn the_current_game_is_the_full_replay_whichever_process_appended() {
    let (pool, _) = common::fresh_database().await;
    let acting = Store::new(pool.clone());
    // Another server process: its own kept replays, always one action behind.
    let other = Store::new(pool.clone());
    let players = accounts(&pool, "k", 2).await;
    let mut rng = StdRng::seed_from_u64(31);
    let id = started_game(&acting, &players, 40, &mut rng).await;
    for _ in 0..30 {
        let before = other.current(id, players[0]).await.unwrap();
        let live = play(&acting, id, &players, &mut rng, 1).await;
        for store in [&acting, &other] {
            let current = store.current(id, players[0]).await.unwrap();
            assert!(current.version > before.version);
            assert_eq!(*current.game, live);
            let loaded = store.load(id).await.unwrap();
            assert_eq!(current.version, loaded.version());
            assert_eq!(current.summary, loaded.summary);
            assert_eq!(*current.game, loaded.game);
        }
    }
}

/// Rewrites stored event `seq` (what only someone bypassing the server could do): another
/// event under another hash; with `next`, the next event names that hash as its
/// predecessor, so that the chain is whole again.
async fn rewrite(pool: &PgPool, id: GameId, seq: i64, event: &Event, hash: [u8; 32], next: bool) {
    let mut tx = pool.begin().await.unwrap();
    sqlx::query("ALTER TABLE game_events DISABLE TRIGGER game_events_append_only")
        .execute(&mut *tx)
        .await
        .unwrap();
    sqlx::query(
        "UPDATE game_events SET event_type = $3, payload = $4::json, hash = $5 \
         WHERE game_id = $1 AND seq = $2",
    )
    .bind(id.0)
    .bind(seq)
    .bind(event.kind())
    .bind(serde_json::to_string(event).unwrap())
    .bind(&hash[..])
    .execute(&mut *tx)
    .await
    .unwrap();
    if next {
        sqlx::query("UPDATE game_events SET prev_hash = $3 WHERE game_id = $1 AND seq = $2")
            .bind(id.0)
            .bind(seq + 1)
            .bind(&hash[..])
            .execute(&mut *tx)
            .await
            .unwrap();
    }
    sqlx::query("ALTER TABLE game_events ENABLE TRIGGER game_events_append_only")
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn a_kept_replay_is_not_used_once_the_last_event_has_another_hash() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "h", 2).await;
    let id = started_game(&store, &players, 40, &mut StdRng::seed_from_u64(32)).await;
    let kept = store.current(id, players[0]).await.unwrap();
    let card = *kept.game.draw_pile().last().unwrap();
    rewrite(
        &pool,
        id,
        kept.version,
        &Event::SupporterDealt { card },
        [7; 32],
        false,
    )
    .await;
    let now = store.current(id, players[0]).await.unwrap();
    assert_eq!(now.version, kept.version);
    assert!(now.game.supporters().contains(&card));
    assert_eq!(
        *now.game,
        Store::new(pool.clone()).load(id).await.unwrap().game
    );
}

#[tokio::test]
async fn events_that_do_not_chain_to_a_kept_replay_are_replayed_from_the_start() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let writer = Store::new(pool.clone());
    let players = accounts(&pool, "c", 2).await;
    let mut rng = StdRng::seed_from_u64(33);
    let id = started_game(&store, &players, 40, &mut rng).await;
    let kept = store.current(id, players[0]).await.unwrap();
    play(&writer, id, &players, &mut rng, 1).await;
    // History rewritten from the kept replay's last event on, the chain whole again: the events
    // after the kept replay no longer chain to it, so they must not be applied to it.
    let card = *kept.game.draw_pile().last().unwrap();
    rewrite(
        &pool,
        id,
        kept.version,
        &Event::SupporterDealt { card },
        [9; 32],
        true,
    )
    .await;
    let now = store.current(id, players[0]).await.unwrap();
    let fresh = Store::new(pool.clone()).load(id).await.unwrap();
    assert!(now.version > kept.version);
    assert_eq!(now.version, fresh.version());
    assert!(now.game.supporters().contains(&card));
    assert_eq!(*now.game, fresh.game);
}

// ---------------------------------------------------------------------------------------------
// Concurrency

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_thirty_two_submits_at_one_expected_version_exactly_one_wins() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 2).await;
    let id = started_game(&store, &players, 40, &mut StdRng::seed_from_u64(11)).await;
    let loaded = store.load(id).await.unwrap();
    let v = loaded.version();
    let awaiting = loaded.game.awaiting().unwrap().seat;
    let account = players[awaiting.index()];
    let legal = legal_actions(&loaded.game, awaiting);

    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(32));
    let tasks: Vec<_> = (0..32u64)
        .map(|i| {
            let store = store.clone();
            let action = legal[i as usize % legal.len()];
            let barrier = barrier.clone();
            tokio::spawn(async move {
                let hash = request_hash(&action);
                let mut rng = StdRng::seed_from_u64(i);
                barrier.wait().await;
                lords::play::actions::submit(
                    &store,
                    submit(id, account, &action, &hash, Some(v)),
                    &mut rng,
                )
                .await
            })
        })
        .collect();
    let mut wins = Vec::new();
    let mut conflicts = 0;
    for t in tasks {
        match t.await.unwrap() {
            Ok(done) => wins.push(done),
            Err(StoreError::VersionConflict { expected, actual }) => {
                assert_eq!(expected, v);
                assert!(actual > v);
                conflicts += 1;
            }
            Err(e) => panic!("unexpected {e:?}"),
        }
    }
    assert_eq!(wins.len(), 1);
    assert_eq!(conflicts, 31);

    let after = store.load(id).await.unwrap();
    assert_eq!(after.version(), wins[0].version);
    let seqs: Vec<i64> = after.events.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (1..=wins[0].version).collect::<Vec<_>>());
    assert_eq!(after.game, *wins[0].game);
    assert!(
        lords::play::verify::verify_game(&store, id)
            .await
            .unwrap()
            .ok
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn thirty_two_submits_without_expected_version_lose_no_action_and_append_each_once() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 2).await;
    let id = started_game(&store, &players, 40, &mut StdRng::seed_from_u64(12)).await;
    let start = store.load(id).await.unwrap().version();

    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(32));
    let tasks: Vec<_> = (0..32u64)
        .map(|i| {
            let store = store.clone();
            let players = players.clone();
            let barrier = barrier.clone();
            tokio::spawn(async move {
                let mut rng = StdRng::seed_from_u64(100 + i);
                let mut oks = Vec::new();
                barrier.wait().await;
                // Three rounds of: a legal action for whoever is awaited now, submitted.
                for _ in 0..3 {
                    let game = store.load(id).await.unwrap().game;
                    let Some(awaiting) = game.awaiting() else {
                        break;
                    };
                    let action = *legal_actions(&game, awaiting.seat)
                        .choose(&mut rng)
                        .unwrap();
                    let hash = request_hash(&action);
                    let account = players[awaiting.seat.index()];
                    match lords::play::actions::submit(
                        &store,
                        submit(id, account, &action, &hash, None),
                        &mut rng,
                    )
                    .await
                    {
                        Ok(done) => oks.push(done),
                        // Decided again after a lost race, the action may have become illegal.
                        Err(StoreError::Rule(_)) => {}
                        // Eight lost races in a row is allowed; the action is then not applied.
                        Err(StoreError::VersionConflict { .. }) => {}
                        Err(e) => panic!("unexpected {e:?}"),
                    }
                }
                oks
            })
        })
        .collect();
    let mut oks = Vec::new();
    for t in tasks {
        oks.extend(t.await.unwrap());
    }
    assert!(oks.len() > 1, "{} submits succeeded", oks.len());

    let after = store.load(id).await.unwrap();
    let seqs: Vec<i64> = after.events.iter().map(|e| e.seq).collect();
    assert_eq!(
        seqs,
        (1..=after.version()).collect::<Vec<_>>(),
        "no gap, no duplicate"
    );
    assert_eq!(
        after.game,
        Game::replay(after.events.iter().map(|e| &e.event))
    );
    // The successful submits' events tile the stream after the start exactly once each.
    let mut ranges: Vec<(i64, i64, &lords::play::actions::Submitted)> = oks
        .iter()
        .map(|d| (d.version - d.events.len() as i64 + 1, d.version, d))
        .collect();
    ranges.sort_by_key(|r| r.0);
    let mut next = start + 1;
    for (first, last, done) in &ranges {
        assert_eq!(*first, next, "each Ok is exactly one appended action");
        let stored: Vec<Event> = after.events[(*first - 1) as usize..*last as usize]
            .iter()
            .map(|e| e.event.clone())
            .collect();
        assert_eq!(stored, done.events);
        assert!(
            after.events[(*first - 1) as usize..*last as usize]
                .iter()
                .all(|e| e.seat == Some(done.seat))
        );
        next = last + 1;
    }
    assert_eq!(next, after.version() + 1);
    assert!(
        lords::play::verify::verify_game(&store, id)
            .await
            .unwrap()
            .ok
    );
}

// ---------------------------------------------------------------------------------------------
// Append-only

#[tokio::test]
async fn the_database_rejects_update_delete_and_truncate_of_the_stream() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 2).await;
    let id = started_game(&store, &players, 40, &mut StdRng::seed_from_u64(5)).await;
    let before = store.load(id).await.unwrap();

    for sql in [
        "UPDATE game_events SET seat = 1",
        "UPDATE game_events SET seat = 1 WHERE false",
        "DELETE FROM game_events",
        "DELETE FROM game_events WHERE seq = 1",
        "TRUNCATE game_events",
        "TRUNCATE games CASCADE",
    ] {
        let err = sqlx::query(sql).execute(&pool).await.expect_err(sql);
        let db = err.as_database_error().expect("a database error");
        assert_eq!(db.code().as_deref(), Some("42501"), "{sql}: {db}");
        assert!(db.message().contains("append-only"), "{sql}: {db}");
    }
    let after = store.load(id).await.unwrap();
    assert_eq!(after.events.len(), before.events.len());
    assert!(
        lords::play::verify::verify_game(&store, id)
            .await
            .unwrap()
            .ok
    );
}

// ---------------------------------------------------------------------------------------------
// Idempotency

#[tokio::test]
async fn an_idempotent_repeat_returns_the_original_result_and_appends_nothing() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 2).await;
    let mut rng = StdRng::seed_from_u64(9);
    let id = started_game(&store, &players, 40, &mut rng).await;
    let loaded = store.load(id).await.unwrap();
    let seat = loaded.game.awaiting().unwrap().seat;
    let account = players[seat.index()];
    let legal = legal_actions(&loaded.game, seat);
    let action = legal[0];
    let hash = request_hash(&action);
    let keyed = |action: &'static Action, hash: &'static str, expected| Submit {
        idempotency_key: Some("key-1"),
        ..submit(id, account, action, hash, expected)
    };
    let action: &'static Action = Box::leak(Box::new(action));
    let hash: &'static str = Box::leak(hash.into_boxed_str());

    let first = lords::play::actions::submit(
        &store,
        keyed(action, hash, Some(loaded.version())),
        &mut rng,
    )
    .await
    .unwrap();
    assert!(!first.replayed);
    let version = store.current_version(id).await.unwrap();

    // The repeat (even with the now stale If-Match) gets the original result.
    let again = lords::play::actions::submit(
        &store,
        keyed(action, hash, Some(loaded.version())),
        &mut rng,
    )
    .await
    .unwrap();
    assert!(again.replayed);
    assert_eq!(again.version, first.version);
    assert_eq!(again.seat, first.seat);
    assert_eq!(again.events, first.events);
    assert_eq!(again.game, first.game);
    assert_eq!(
        store.current_version(id).await.unwrap(),
        version,
        "nothing appended"
    );

    // Still the original result after the game moved on.
    play(&store, id, &players, &mut rng, 3).await;
    let later = lords::play::actions::submit(&store, keyed(action, hash, None), &mut rng)
        .await
        .unwrap();
    assert!(later.replayed);
    assert_eq!(later.version, first.version);
    assert_eq!(later.game, first.game);

    // Same key, different request.
    let other = legal
        .iter()
        .find(|a| **a != *action)
        .copied()
        .unwrap_or(Action::Pass);
    let other: &'static Action = Box::leak(Box::new(other));
    let other_hash: &'static str = Box::leak(request_hash(other).into_boxed_str());
    let moved = store.current_version(id).await.unwrap();
    let r = lords::play::actions::submit(&store, keyed(other, other_hash, None), &mut rng).await;
    assert!(matches!(r, Err(StoreError::IdempotencyConflict)));
    assert_eq!(store.current_version(id).await.unwrap(), moved);

    // Keys belong to an account: the other player's "key-1" is a different key.
    let game = store.load(id).await.unwrap().game;
    let now = game.awaiting().unwrap().seat;
    if players[now.index()] != account {
        let a = legal_actions(&game, now)[0];
        let h = request_hash(&a);
        let r = lords::play::actions::submit(
            &store,
            Submit {
                idempotency_key: Some("key-1"),
                ..submit(id, players[now.index()], &a, &h, None)
            },
            &mut rng,
        )
        .await
        .unwrap();
        assert!(!r.replayed);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_repeats_of_one_keyed_request_append_it_once() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 2).await;
    let id = started_game(&store, &players, 40, &mut StdRng::seed_from_u64(21)).await;
    let loaded = store.load(id).await.unwrap();
    let seat = loaded.game.awaiting().unwrap().seat;
    let account = players[seat.index()];
    let action = legal_actions(&loaded.game, seat)[0];

    let version = loaded.version();
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(16));
    let tasks: Vec<_> = (0..16u64)
        .map(|i| {
            let store = store.clone();
            let barrier = barrier.clone();
            tokio::spawn(async move {
                let hash = request_hash(&action);
                // Half of the repeats carry the If-Match of the original request.
                let expected = (i % 2 == 0).then_some(version);
                let s = Submit {
                    idempotency_key: Some("same"),
                    ..submit(id, account, &action, &hash, expected)
                };
                barrier.wait().await;
                lords::play::actions::submit(&store, s, &mut StdRng::seed_from_u64(i)).await
            })
        })
        .collect();
    let mut results = Vec::new();
    for t in tasks {
        results.push(t.await.unwrap().expect("every repeat succeeds"));
    }
    assert_eq!(results.iter().filter(|r| !r.replayed).count(), 1);
    let original = results.iter().find(|r| !r.replayed).unwrap();
    assert!(
        results
            .iter()
            .all(|r| r.version == original.version && r.events == original.events)
    );
    assert_eq!(store.current_version(id).await.unwrap(), original.version);
}

// ---------------------------------------------------------------------------------------------
// Tamper evidence and fair shuffles

#[tokio::test]
async fn verify_names_the_event_whose_payload_was_altered_and_passes_untouched_games() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 2).await;
    let mut rng = StdRng::seed_from_u64(31);
    let sound = started_game(&store, &players, 40, &mut rng).await;
    let tampered = started_game(&store, &players, 40, &mut rng).await;
    play(&store, tampered, &players, &mut rng, 10).await;
    let open = lords::tables::lobby::create_game(&store, players[0], options(3, 40))
        .await
        .unwrap()
        .id;

    for id in [sound, tampered, open] {
        let r = lords::play::verify::verify_game(&store, id).await.unwrap();
        assert!(r.ok && r.broken.is_none(), "{r:?}");
    }

    let seq = 12;
    let payload = stored_payload(&pool, tampered, seq).await;
    // The same event with different whitespace: same meaning, different bytes.
    let altered = payload.replacen(':', ": ", 1);
    assert_ne!(altered, payload);
    tamper(&pool, tampered, seq, &altered, None).await;

    let report = lords::play::verify::verify_game(&store, tampered)
        .await
        .unwrap();
    assert!(!report.ok);
    let broken = report.broken.unwrap();
    assert_eq!(broken.seq, Some(seq));
    assert!(broken.reason.contains("hash"), "{}", broken.reason);
    assert!(
        lords::play::verify::verify_game(&store, sound)
            .await
            .unwrap()
            .ok
    );

    let all = lords::play::verify::verify_all(&store).await.unwrap();
    assert_eq!(all.len(), 3);
    let failing: Vec<_> = all.iter().filter(|r| !r.ok).map(|r| r.game_id).collect();
    assert_eq!(failing, [tampered]);
    assert!(matches!(
        lords::play::verify::verify_game(&store, GameId(Uuid::new_v4())).await,
        Err(StoreError::NotFound)
    ));
}

#[tokio::test]
async fn verify_catches_a_rewritten_chain_by_replay_and_by_the_read_model() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 2).await;
    let mut rng = StdRng::seed_from_u64(32);
    let id = started_game(&store, &players, 40, &mut rng).await;
    let loaded = store.load(id).await.unwrap();

    // A payload altered with its own hash recomputed: the chain breaks at the next event.
    let seq = 3;
    let prev = loaded.events[(seq - 2) as usize].hash;
    let altered = stored_payload(&pool, id, seq).await.replacen(':', ": ", 1);
    tamper(
        &pool,
        id,
        seq,
        &altered,
        Some(&chain_hash(&prev, altered.as_bytes())),
    )
    .await;
    let broken = lords::play::verify::verify_game(&store, id)
        .await
        .unwrap()
        .broken
        .unwrap();
    assert_eq!(broken.seq, Some(seq + 1));
    assert!(broken.reason.contains("prev_hash"), "{}", broken.reason);

    // The whole chain rewritten after a payload that is JSON but not an event: it does not load.
    let junk = r#"{"type":"passed","seat":"nobody"}"#;

    rewrite_chain_from(&pool, id, seq, junk).await;
    let broken = lords::play::verify::verify_game(&store, id)
        .await
        .unwrap()
        .broken
        .unwrap();
    assert_eq!(broken.seq, Some(seq));
    assert!(broken.reason.contains("does not load"), "{}", broken.reason);

    // Put the original back (chain rewritten), then forge an extra event at the end of the
    // stream without touching the read model.
    let original = serde_json::to_string(&loaded.events[(seq - 1) as usize].event).unwrap();
    rewrite_chain_from(&pool, id, seq, &original).await;
    assert!(
        lords::play::verify::verify_game(&store, id)
            .await
            .unwrap()
            .ok
    );
    let last = loaded.events.last().unwrap();
    let extra = serde_json::to_string(&Event::Passed { seat: Seat(0) }).unwrap();
    let hash = chain_hash(&last.hash, extra.as_bytes());
    sqlx::query(
        "INSERT INTO game_events (game_id, seq, event_type, event_version, payload, seat, \
                                  prev_hash, hash) \
         VALUES ($1, $2, 'passed', 1, $3::json, 0, $4, $5)",
    )
    .bind(id.0)
    .bind(last.seq + 1)
    .bind(&extra)
    .bind(last.hash.to_vec())
    .bind(hash.to_vec())
    .execute(&pool)
    .await
    .unwrap();
    let broken = lords::play::verify::verify_game(&store, id)
        .await
        .unwrap()
        .broken
        .unwrap();
    assert_eq!(broken.seq, None);
    assert!(broken.reason.contains("version"), "{}", broken.reason);
}

#[tokio::test]
async fn shuffle_commitments_check_after_the_game_ends_and_a_tampered_order_fails() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 2).await;
    let mut rng = StdRng::seed_from_u64(41);
    let id = started_game(&store, &players, 10, &mut rng).await;
    let live = play(&store, id, &players, &mut rng, 100_000).await;
    assert_eq!(live.status(), Status::Finished);
    let loaded = store.load(id).await.unwrap();

    let n = verify_shuffles(loaded.events.iter().map(|e| (e.seq, &e.event))).unwrap();
    assert_eq!(
        n,
        loaded
            .events
            .iter()
            .filter(|e| e.kind == "deck_shuffled")
            .count()
    );
    assert_eq!(
        lords::play::verify::verify_game(&store, id)
            .await
            .unwrap()
            .shuffles_checked,
        n
    );

    // Two cards of the first shuffle swapped.
    let seq = first_shuffle_seq(&loaded.events);
    let mut forged = loaded.events[(seq - 1) as usize].event.clone();
    let Event::DeckShuffled {
        order: Some(order), ..
    } = &mut forged
    else {
        unreachable!()
    };
    order.swap(0, 1);
    let mut events: Vec<(i64, Event)> = loaded
        .events
        .iter()
        .map(|e| (e.seq, e.event.clone()))
        .collect();
    events[(seq - 1) as usize].1 = forged.clone();
    let broken = verify_shuffles(events.iter().map(|(s, e)| (*s, e))).unwrap_err();
    assert_eq!(broken.seq, seq);
    assert!(broken.reason.contains("commitment"));

    // In the database, with the whole chain rewritten after it so that every hash checks: the
    // commitment still gives it away.
    rewrite_chain_from(&pool, id, seq, &serde_json::to_string(&forged).unwrap()).await;

    let report = lords::play::verify::verify_game(&store, id).await.unwrap();
    assert!(!report.ok);
    let broken = report.broken.unwrap();
    assert_eq!(broken.seq, Some(seq));
    assert!(broken.reason.contains("commitment"), "{}", broken.reason);
}

// ---------------------------------------------------------------------------------------------
// Schema evolution

#[test]
fn a_version_one_event_still_upcasts() {
    let stored = r#"{"type":"mustered","seat":1,"card":42,"face_up":false,"use_power":false}"#;
    let event = upcast("mustered", 1, serde_json::from_str(stored).unwrap()).unwrap();
    assert_eq!(
        event,
        Event::Mustered {
            seat: Seat(1),
            card: Some(rules::CardId(42)),
            face_up: false,
            use_power: false,
        }
    );
    assert!(upcast("mustered", 2, serde_json::from_str(stored).unwrap()).is_err());
    assert!(upcast("passed", 1, serde_json::from_str(stored).unwrap()).is_err());
}

#[tokio::test]
async fn a_stored_version_one_stream_still_loads() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 2).await;
    let id = lords::tables::lobby::create_game(&store, players[0], options(2, 40))
        .await
        .unwrap()
        .id;
    // Exactly as version 1 wrote them, byte for byte.
    let stored = [
        r#"{"type":"game_started","edition":"standard-v1","options":{"players":2,"include_bruce":false,"power_rule":"lowest_strength","target_score":40},"initiative":1}"#,
        r#"{"type":"skirmish_started","skirmish":1,"initiative":1}"#,
    ];
    let mut prev = GENESIS.to_vec();
    for (i, payload) in stored.iter().enumerate() {
        let kind = serde_json::from_str::<serde_json::Value>(payload).unwrap()["type"]
            .as_str()
            .unwrap()
            .to_owned();
        let hash = chain_hash(&prev, payload.as_bytes()).to_vec();
        sqlx::query(
            "INSERT INTO game_events (game_id, seq, event_type, event_version, payload, \
                                      prev_hash, hash) \
             VALUES ($1, $2, $3, 1, $4::json, $5, $6)",
        )
        .bind(id.0)
        .bind(i as i64 + 1)
        .bind(&kind)
        .bind(payload)
        .bind(&prev)
        .bind(&hash)
        .execute(&pool)
        .await
        .unwrap();
        prev = hash;
    }
    let loaded = store.load(id).await.unwrap();
    assert_eq!(
        loaded.events[0].event,
        Event::GameStarted {
            edition: rules::EditionId::StandardV1,
            // Stored before clocks existed: none, and the default count of timeouts.
            options: GameOptions {
                turn_time_limit_s: None,
                ..options(2, 40)
            },
            initiative: Seat(1),
        }
    );
    assert_eq!(
        loaded.events[1].event,
        Event::SkirmishStarted {
            skirmish: 1,
            initiative: Seat(1)
        }
    );
    assert_eq!(loaded.game.status(), Status::Active);
    assert_eq!(loaded.game.initiative(), Seat(1));
}

// ---------------------------------------------------------------------------------------------
// Lobby and listings

#[tokio::test]
async fn the_lobby_creates_joins_leaves_and_starts_games() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let p = accounts(&pool, "player", 5).await;
    let mut rng = StdRng::seed_from_u64(51);

    let too_few = lords::tables::lobby::create_game(
        &store,
        p[0],
        GameOptions {
            players: 1,
            ..options(2, 40)
        },
    )
    .await;
    assert!(matches!(
        too_few,
        Err(StoreError::Rule(RuleError::InvalidPlayerCount))
    ));

    let g = lords::tables::lobby::create_game(&store, p[0], options(3, 40))
        .await
        .unwrap();
    assert_eq!(g.status, GameStatus::Open);
    assert_eq!(g.created_by, p[0]);
    assert_eq!(g.version, 0);
    assert_eq!(g.awaiting, None);
    assert_eq!(g.seats.len(), 1);
    assert_eq!((g.seats[0].seat, g.seats[0].account_id), (Seat(0), p[0]));
    assert_eq!(g.seats[0].username, "player0");
    let id = g.id;

    let s = lords::tables::lobby::join_game(&store, id, p[1], &mut rng)
        .await
        .unwrap();
    assert_eq!(
        s.seats.iter().map(|s| s.account_id).collect::<Vec<_>>(),
        [p[0], p[1]]
    );
    assert!(matches!(
        lords::tables::lobby::join_game(&store, id, p[1], &mut rng).await,
        Err(StoreError::AlreadySeated)
    ));
    assert!(matches!(
        lords::tables::lobby::leave_game(&store, id, p[4]).await,
        Err(StoreError::NotSeated)
    ));
    assert!(matches!(
        lords::tables::lobby::join_game(&store, GameId(Uuid::new_v4()), p[1], &mut rng).await,
        Err(StoreError::NotFound)
    ));

    // The creator leaves: the next player moves up to seat 0.
    let s = lords::tables::lobby::leave_game(&store, id, p[0])
        .await
        .unwrap();
    assert_eq!(s.status, GameStatus::Open);
    assert_eq!(s.seats.len(), 1);
    assert_eq!((s.seats[0].seat, s.seats[0].account_id), (Seat(0), p[1]));
    assert_eq!(s.created_by, p[0]);

    // Filling the last seat starts the game in the same transaction.
    let s = lords::tables::lobby::join_game(&store, id, p[2], &mut rng)
        .await
        .unwrap();
    assert_eq!(s.status, GameStatus::Open);
    let s = lords::tables::lobby::join_game(&store, id, p[0], &mut rng)
        .await
        .unwrap();
    assert_eq!(s.status, GameStatus::Active);
    assert_eq!(
        s.seats.iter().map(|s| s.account_id).collect::<Vec<_>>(),
        [p[1], p[2], p[0]]
    );
    assert!(s.version > 0);
    let loaded = store.load(id).await.unwrap();
    assert_eq!(loaded.summary, s);
    assert_eq!(s.version, loaded.version());
    assert_eq!(s.awaiting, loaded.game.awaiting().map(|a| a.seat));
    assert!(matches!(loaded.events[0].event, Event::GameStarted { .. }));
    assert_eq!(loaded.game.player_count(), 3);

    assert!(matches!(
        lords::tables::lobby::join_game(&store, id, p[3], &mut rng).await,
        Err(StoreError::NotOpen)
    ));
    assert!(matches!(
        lords::tables::lobby::join_game(&store, id, p[2], &mut rng).await,
        Err(StoreError::AlreadySeated)
    ));
    assert!(matches!(
        lords::tables::lobby::leave_game(&store, id, p[2]).await,
        Err(StoreError::NotOpen)
    ));
    assert!(matches!(
        lords::tables::lobby::leave_game(&store, id, p[3]).await,
        Err(StoreError::NotSeated)
    ));

    // Everybody leaves an open game: it is abandoned, and cannot be joined again.
    let g = lords::tables::lobby::create_game(&store, p[3], options(2, 40))
        .await
        .unwrap()
        .id;
    let s = lords::tables::lobby::leave_game(&store, g, p[3])
        .await
        .unwrap();
    assert_eq!(s.status, GameStatus::Abandoned);
    assert!(s.seats.is_empty());
    assert!(matches!(
        lords::tables::lobby::join_game(&store, g, p[4], &mut rng).await,
        Err(StoreError::NotOpen)
    ));
    assert_eq!(
        lords::tables::lobby::summary(&store, g)
            .await
            .unwrap()
            .status,
        GameStatus::Abandoned
    );
    assert!(
        lords::play::verify::verify_game(&store, g)
            .await
            .unwrap()
            .ok
    );
    assert!(matches!(
        lords::tables::lobby::summary(&store, GameId(Uuid::new_v4())).await,
        Err(StoreError::NotFound)
    ));
}

#[tokio::test]
async fn listings_filter_by_status_member_and_awaited_player_and_page_by_cursor() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let p = accounts(&pool, "p", 4).await;
    let mut rng = StdRng::seed_from_u64(61);

    // 5 open games by p0, 3 active games between p1 and p2, 1 abandoned by p3.
    let mut open = Vec::new();
    for _ in 0..5 {
        open.push(
            lords::tables::lobby::create_game(&store, p[0], options(3, 40))
                .await
                .unwrap()
                .id,
        );
    }
    let mut active = Vec::new();
    for _ in 0..3 {
        active.push(started_game(&store, &[p[1], p[2]], 40, &mut rng).await);
    }
    let abandoned = lords::tables::lobby::create_game(&store, p[3], options(2, 40))
        .await
        .unwrap()
        .id;
    lords::tables::lobby::leave_game(&store, abandoned, p[3])
        .await
        .unwrap();

    let ids = |page: &[lords::eventstore::read_model::GameSummary]| {
        page.iter().map(|g| g.id).collect::<BTreeSet<_>>()
    };
    let list = |q: ListQuery| {
        let store = store.clone();
        async move {
            lords::tables::listing::list_games(&store, &q)
                .await
                .unwrap()
        }
    };

    let (all, next) = list(ListQuery::default()).await;
    assert_eq!(
        all.len(),
        8,
        "abandoned games are listed only when asked for"
    );
    assert!(next.is_none());
    assert!(
        all.windows(2)
            .all(|w| (w[0].updated_at, w[0].id) > (w[1].updated_at, w[1].id))
    );

    let (page, _) = list(ListQuery {
        status: Some(GameStatus::Open),
        ..Default::default()
    })
    .await;
    assert_eq!(ids(&page), open.iter().copied().collect());
    let (page, _) = list(ListQuery {
        status: Some(GameStatus::Active),
        ..Default::default()
    })
    .await;
    assert_eq!(ids(&page), active.iter().copied().collect());
    let (page, _) = list(ListQuery {
        status: Some(GameStatus::Abandoned),
        ..Default::default()
    })
    .await;
    assert_eq!(ids(&page), [abandoned].into());
    let (page, _) = list(ListQuery {
        member: Some(p[1]),
        ..Default::default()
    })
    .await;
    assert_eq!(ids(&page), active.iter().copied().collect());
    let (page, _) = list(ListQuery {
        member: Some(p[3]),
        ..Default::default()
    })
    .await;
    assert!(page.is_empty());

    // Awaiting: each active game waits on exactly one of p1 and p2.
    let (mine1, _) = list(ListQuery {
        awaiting: Some(p[1]),
        ..Default::default()
    })
    .await;
    let (mine2, _) = list(ListQuery {
        awaiting: Some(p[2]),
        ..Default::default()
    })
    .await;
    assert_eq!(mine1.len() + mine2.len(), 3);
    for g in &mine1 {
        assert_eq!(g.seats[g.awaiting.unwrap().index()].account_id, p[1]);
    }
    for g in &mine2 {
        assert_eq!(g.seats[g.awaiting.unwrap().index()].account_id, p[2]);
    }
    let (none, _) = list(ListQuery {
        awaiting: Some(p[0]),
        ..Default::default()
    })
    .await;
    assert!(none.is_empty());

    // Pages of 3 walk the whole listing in order, each game once.
    let mut walked = Vec::new();
    let mut cursor = None;
    let mut pages = 0;
    loop {
        let (page, next) = list(ListQuery {
            limit: 3,
            cursor,
            ..Default::default()
        })
        .await;
        assert!(page.len() <= 3);
        walked.extend(page.iter().map(|g| g.id));
        pages += 1;
        match next {
            Some(c) => cursor = Some(c),
            None => break,
        }
    }
    assert_eq!(pages, 3);
    assert_eq!(walked, all.iter().map(|g| g.id).collect::<Vec<_>>());

    // Filters and cursors combine.
    let (first, next) = list(ListQuery {
        status: Some(GameStatus::Open),
        limit: 2,
        ..Default::default()
    })
    .await;
    let (second, _) = list(ListQuery {
        status: Some(GameStatus::Open),
        limit: 100,
        cursor: next,
        ..Default::default()
    })
    .await;
    assert_eq!(first.len() + second.len(), 5);
    assert!(ids(&first).is_disjoint(&ids(&second)));

    let bad = lords::tables::listing::list_games(
        &store,
        &ListQuery {
            cursor: Some("not a cursor".into()),
            ..Default::default()
        },
    )
    .await;
    assert!(matches!(bad, Err(StoreError::InvalidCursor)));
    let bad = lords::tables::listing::list_games(
        &store,
        &ListQuery {
            cursor: Some(hex::encode("12:nope")),
            ..Default::default()
        },
    )
    .await;
    assert!(matches!(bad, Err(StoreError::InvalidCursor)));
}

// ---------------------------------------------------------------------------------------------
// Export and the CLI

#[tokio::test]
async fn the_record_gives_a_finished_games_whole_history_and_nothing_before() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 2).await;
    let mut rng = StdRng::seed_from_u64(71);
    let id = started_game(&store, &players, 10, &mut rng).await;
    assert!(matches!(
        lords::play::record::record(&store, id).await,
        Err(StoreError::NotFinished)
    ));
    play(&store, id, &players, &mut rng, 100_000).await;

    let record = lords::play::record::record(&store, id).await.unwrap();
    let loaded = store.load(id).await.unwrap();
    assert_eq!(record.game_id, id.0);
    assert_eq!(record.options, loaded.summary.options);
    assert_eq!(record.salt, loaded.summary.salt);
    assert!(record.salt.is_some());
    assert_eq!(record.events.len(), loaded.events.len());
    let mut prev = GENESIS;
    for (x, e) in record.events.iter().zip(&loaded.events) {
        assert_eq!(x.seq, e.seq);
        assert_eq!(x.recorded_at, e.recorded_at);
        // The payload is given byte for byte, so the chain can be checked from the record.
        assert_eq!(x.prev_hash, prev);
        assert_eq!(x.hash, chain_hash(&prev, x.event.get().as_bytes()));
        assert_eq!(
            serde_json::from_str::<Event>(x.event.get()).unwrap(),
            e.event
        );
        prev = x.hash;
    }
    assert_eq!(record.head.hash, prev);
    assert_eq!(record.head.version as usize, loaded.events.len());
    // No sequencer ran on this database: the game is not in the log yet.
    assert!(record.transparency.is_none());
    let json: serde_json::Value = serde_json::to_value(&record).unwrap();
    assert_eq!(json["format"], "lords-record-v1");
    assert_eq!(json["events"][0]["event"]["type"], "game_started");
}

async fn lords(url: &str, args: &[&str]) -> std::process::Output {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_lords"))
        .args(args)
        .env("DATABASE_URL", url)
        .env("LORDS_DATA_DIR", std::env::temp_dir())
        .output()
        .await
        .expect("run lords")
}

#[tokio::test]
async fn the_verify_and_export_commands_exit_non_zero_on_any_break() {
    let (pool, url) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 2).await;
    let mut rng = StdRng::seed_from_u64(81);
    let finished = started_game(&store, &players, 10, &mut rng).await;
    play(&store, finished, &players, &mut rng, 100_000).await;
    let active = started_game(&store, &players, 40, &mut rng).await;

    let out = lords(&url, &["verify", "--all"]).await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|l| l["ok"] == true));

    let out = lords(&url, &["export", &finished.to_string()]).await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let export: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(export["format"], "lords-record-v1");
    assert_eq!(export["game_id"], finished.to_string());
    let out = lords(&url, &["export", &active.to_string()]).await;
    assert!(!out.status.success());

    let payload = stored_payload(&pool, active, 4).await;
    tamper(&pool, active, 4, &format!(" {payload}"), None).await;
    let out = lords(&url, &["verify", &active.to_string()]).await;
    assert_eq!(out.status.code(), Some(1));
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["game_id"], active.to_string());
    assert_eq!(line["ok"], false);
    assert_eq!(line["seq"], 4);
    assert!(line["reason"].as_str().unwrap().contains("hash"));

    let out = lords(&url, &["verify", "--all"]).await;
    assert_eq!(out.status.code(), Some(1));
    let out = lords(&url, &["verify", &finished.to_string()]).await;
    assert!(out.status.success());
    let out = lords(&url, &["verify", &Uuid::new_v4().to_string()]).await;
    assert!(!out.status.success());
    let out = lords(&url, &["verify"]).await;
    assert!(!out.status.success());
}

// ---------------------------------------------------------------------------------------------
// Notifications and availability

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiters_wake_on_appends_time_out_otherwise_and_survive_a_lost_listener() {
    let (pool, _) = common::fresh_database().await;
    let store = Store::new(pool.clone());
    let players = accounts(&pool, "p", 2).await;
    let mut rng = StdRng::seed_from_u64(91);
    let id = started_game(&store, &players, 40, &mut rng).await;
    let notifier = Notifier::start(pool.clone()).await;
    let v = store.current_version(id).await.unwrap();

    // Already past: at once.
    let t = Instant::now();
    assert!(notifier.wait_past(id, v - 1, Duration::from_secs(10)).await);
    assert!(t.elapsed() < Duration::from_secs(2));
    // Nothing happens: the timeout.
    assert!(!notifier.wait_past(id, v, Duration::from_millis(300)).await);

    let act = |store: Store, players: Vec<AccountId>, seed: u64| async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        play(&store, id, &players, &mut StdRng::seed_from_u64(seed), 1).await;
    };

    let waiting = tokio::spawn({
        let n = notifier.clone();
        async move { n.wait_past(id, v, Duration::from_secs(20)).await }
    });
    let t = Instant::now();
    act(store.clone(), players.clone(), 1).await;
    assert!(waiting.await.unwrap());
    assert!(t.elapsed() < Duration::from_secs(5));

    // Another game's append does not wake this game's waiter.
    let other = started_game(&store, &players, 40, &mut rng).await;
    let v = store.current_version(id).await.unwrap();
    let waiting = tokio::spawn({
        let n = notifier.clone();
        async move { n.wait_past(id, v, Duration::from_millis(1500)).await }
    });
    play(&store, other, &players, &mut rng, 1).await;
    assert!(!waiting.await.unwrap());

    // The listener's connection is killed: it reconnects, and the next append still wakes.
    let killed: Vec<bool> = sqlx::query_scalar(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity          WHERE datname = current_database() AND query LIKE 'LISTEN%'",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(killed, [true]);
    let waiting = tokio::spawn({
        let n = notifier.clone();
        async move { n.wait_past(id, v, Duration::from_secs(20)).await }
    });
    let t = Instant::now();
    tokio::time::sleep(Duration::from_millis(500)).await;
    act(store.clone(), players.clone(), 2).await;
    assert!(waiting.await.unwrap());
    assert!(
        t.elapsed() < Duration::from_secs(8),
        "woken by the listener, not a timeout"
    );
    let listeners: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM pg_stat_activity          WHERE datname = current_database() AND query LIKE 'LISTEN%'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(listeners, 1);
}

#[tokio::test]
async fn an_unreachable_database_is_unavailable() {
    let pool = sqlx::postgres::PgPoolOptions::new()
        .acquire_timeout(Duration::from_secs(2))
        .connect_lazy("postgres://postgres@127.0.0.1:1/nowhere")
        .unwrap();
    let store = Store::new(pool);
    let r = lords::tables::lobby::summary(&store, GameId(Uuid::new_v4())).await;
    assert!(matches!(r, Err(StoreError::Unavailable(_))), "{r:?}");
    let r = lords::tables::listing::list_games(&store, &ListQuery::default()).await;
    assert!(matches!(r, Err(StoreError::Unavailable(_))), "{r:?}");
}
