//! Engine benchmarks: replaying a recorded game (events/s) and whole random games (games/s).
//! `CARGO_TARGET_DIR=/work/target-release cargo bench --bench engine`
//! Targets on one core: replay ≥ 5,000,000 events/s; ≥ 2,000 random 4-player games/s.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rules::playout::{Checks, play_random_game};
use rules::{Event, Game, OptionsRequest};

/// Loading a game is replaying its events (STYLE: Engine): the recorded 4-player game.
fn replay(c: &mut Criterion) {
    let events: Vec<Event> = serde_json::from_str(include_str!("../../../tests/data/game-4p.json"))
        .expect("recorded game");
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(events.len() as u64));
    group.bench_function("game-4p", |b| b.iter(|| Game::replay(black_box(&events))));
    group.finish();
}

/// Whole random 4-player games with the default options: `legal_actions` at every decision,
/// one chosen at random, `decide`, `apply`. A new seed each game.
fn random_games(c: &mut Criterion) {
    let options = OptionsRequest::new(4).validate().expect("valid options");
    let mut group = c.benchmark_group("random_game");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("4p", |b| {
        b.iter(|| {
            seed += 1;
            play_random_game(black_box(&options), seed, Checks::None).expect("a whole game")
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    // Short runs: the machine is shared.
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .sample_size(50);
    targets = replay, random_games
}
criterion_main!(benches);
