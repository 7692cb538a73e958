//! Races over HTTP: 64 clients of the awaited seat submit its legal action at once (with and
//! without `If-Match`), joined by clients of other seats. Every 200 is exactly one action in
//! the stream, nothing else is appended, and the stream stays contiguous and replays.

use std::collections::BTreeSet;
use std::sync::Arc;

use lords::eventstore::GameId;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rules::{Action, Game, Seat};
use serde_json::Value;
use tokio::sync::Barrier;

use super::api::{Api, Step, Table};
use super::trials;
use crate::common::app::{TestApp, spawn_app};

/// Clients of the awaited seat per race.
const RACERS: usize = 64;
/// Clients of other seats per race.
const INTRUDERS: usize = 8;

/// What one client got.
struct Outcome {
    seat: u8,
    action: Value,
    status: u16,
    body: Value,
}

#[derive(Default, Debug)]
struct Figures {
    races: usize,
    requests: usize,
    applied: usize,
    stale_412: usize,
    conflict_409: usize,
    rule_422: usize,
    intruders: usize,
    intruders_checked: usize,
    events_checked: usize,
}

#[tokio::test]
async fn sixty_four_clients_racing_on_one_game_append_exactly_one_action_per_200() {
    let app = spawn_app().await;
    let api = Api::new(app.address.clone());
    let tokens = api.sign_up_many("racer", 5).await;
    let n = trials("LORDS_TRIALS", 3);
    let mut figures = Figures::default();
    for trial in 0..n {
        let mut rng = StdRng::seed_from_u64(0x5ace + trial as u64);
        let players = 3 + trial % 3;
        let table = api.started_game(&tokens[..players]).await;
        for if_match in [false, true] {
            for _ in 0..rng.random_range(0..8) {
                assert!(matches!(
                    api.random_step(&table, &mut rng).await.unwrap(),
                    Step::Applied(_)
                ));
            }
            race(&app, &api, &table, if_match, &mut rng, &mut figures).await;
        }
    }
    eprintln!("races: {n} trials x (without, with If-Match): {figures:?}");
}

async fn race(
    app: &TestApp,
    api: &Api,
    table: &Table,
    if_match: bool,
    rng: &mut StdRng,
    figures: &mut Figures,
) {
    let (Some(seat), v0) = api.awaited(table).await else {
        panic!("the game is over before the race");
    };
    let (legal_version, legal) = api.legal_actions(&table.tokens[seat as usize], table).await;
    assert_eq!(legal_version, v0);
    let action = legal.choose(rng).unwrap().clone();
    let players = table.tokens.len() as u8;

    let barrier = Arc::new(Barrier::new(RACERS + INTRUDERS));
    let mut tasks = Vec::new();
    for i in 0..RACERS + INTRUDERS {
        // Intruders sit after the seat that acts next, so that normally they are never awaited.
        let client_seat = if i < RACERS {
            seat
        } else {
            (seat + 2 + (i % (players as usize - 2)) as u8) % players
        };
        let (api, table, action, barrier) =
            (api.clone(), table.clone(), action.clone(), barrier.clone());
        // Other seats never send If-Match: their refusal must come from the rules.
        let expected = (if_match && client_seat == seat).then_some(v0);
        tasks.push(tokio::spawn(async move {
            let token = &table.tokens[client_seat as usize];
            barrier.wait().await;
            let res = api.act(token, &table, &action, expected).await.unwrap();
            let status = res.status().as_u16();
            let body: Value = res.json().await.unwrap();
            Outcome {
                seat: client_seat,
                action,
                status,
                body,
            }
        }));
    }
    let mut outcomes = Vec::new();
    for t in tasks {
        outcomes.push(t.await.unwrap());
    }
    figures.races += 1;
    figures.requests += outcomes.len();

    // Every 200, by the version it produced.
    let mut applied: Vec<(i64, u8, Action)> = Vec::new();
    for o in &outcomes {
        assert!(o.status < 500, "{} {}", o.status, o.body);
        match o.status {
            200 => applied.push((
                o.body["version"].as_i64().unwrap(),
                o.seat,
                serde_json::from_value(o.action.clone()).unwrap(),
            )),
            412 => {
                assert!(if_match && o.seat == seat, "{}", o.body);
                assert_eq!(o.body["code"], "version_mismatch");
                figures.stale_412 += 1;
            }
            409 => {
                assert!(!if_match || o.seat != seat, "{}", o.body);
                assert_eq!(o.body["code"], "version_conflict");
                figures.conflict_409 += 1;
            }
            422 => figures.rule_422 += 1,
            other => panic!("unexpected {other}: {}", o.body),
        }
    }
    applied.sort_by_key(|a| a.0);
    let versions: BTreeSet<i64> = applied.iter().map(|a| a.0).collect();
    assert_eq!(versions.len(), applied.len(), "two 200s claim one version");
    assert!(!applied.is_empty(), "no client got 200");
    if if_match {
        let mine = applied.iter().filter(|a| a.1 == seat).count();
        assert_eq!(mine, 1, "with If-Match exactly one racer wins");
    }
    figures.applied += applied.len();

    // The stream: contiguous, and nothing but the 200s after v0.
    let loaded = app.state.store.load(GameId(table.id)).await.unwrap();
    let n = loaded.version();
    let seqs: Vec<i64> = loaded.events.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (1..=n).collect::<Vec<_>>());
    assert_eq!(
        n,
        applied.last().unwrap().0,
        "events appended beyond the last 200"
    );
    let http = api.events(&table.tokens[seat as usize], table).await;
    assert_eq!(http.len() as i64, n);
    let mut from = v0;
    for (version, actor, action) in &applied {
        assert!(*version > from, "an empty action at {version}");
        let segment = &http[from as usize..*version as usize];
        let by_actor = segment
            .iter()
            .filter(|e| e["seat"].as_u64() == Some(u64::from(*actor)))
            .count();
        assert_eq!(
            by_actor as i64,
            version - from,
            "events {}..={version} are not all by seat {actor}",
            from + 1
        );
        // Exactly one action: the events are what deciding it once at `from` produces.
        let before = Game::replay(loaded.events[..from as usize].iter().map(|e| &e.event));
        let mut rng = StdRng::seed_from_u64(0);
        let decided = rules::decide(&before, Seat(*actor), action, &mut rng)
            .unwrap_or_else(|e| panic!("{action:?} was not legal at {from}: {e:?}"));
        let stored: Vec<&str> = loaded.events[from as usize..*version as usize]
            .iter()
            .map(|e| e.event.kind())
            .collect();
        let kinds: Vec<&str> = decided.iter().map(|e| e.kind()).collect();
        assert_eq!(
            stored, kinds,
            "the events at {version} are not one {action:?}"
        );
        figures.events_checked += segment.len();
        from = *version;
    }

    // Intruders whose seat was never awaited during the race are refused by the rules.
    let mut awaited = BTreeSet::new();
    let mut game = Game::replay(loaded.events[..v0 as usize].iter().map(|e| &e.event));
    for e in &loaded.events[v0 as usize..] {
        awaited.extend(game.awaiting().map(|a| a.seat.0));
        game.apply(&e.event);
    }
    awaited.extend(game.awaiting().map(|a| a.seat.0));
    for o in outcomes.iter().filter(|o| o.seat != seat) {
        figures.intruders += 1;
        if !awaited.contains(&o.seat) {
            figures.intruders_checked += 1;
            assert_eq!(o.status, 422, "{}", o.body);
            assert_eq!(o.body["code"], "not_your_turn", "{}", o.body);
        }
    }

    let report = lords::play::verify::verify_game(&app.state.store, GameId(table.id))
        .await
        .unwrap();
    assert!(report.ok, "{report:?}");
}
