//! Bots see only their seat's view: hidden cards swapped, same choice; every choice legal;
//! whole games end; a sampled deal looks to the seat exactly like the real game.

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

use super::super::*;
use super::*;
// The hidden places as the engine's differential leak test (RULES §8) defines them.
use crate::tests::leaks::{hidden_spots, swapped};

/// A small budget keeps the debug-build tests quick; the code path is the same.
const TEST_ITERATIONS: u32 = 24;

fn options(players: u8, include_bruce: bool) -> GameOptions {
    OptionsRequest {
        players,
        include_bruce: Some(include_bruce),
        ..OptionsRequest::default()
    }
    .validate()
    .expect("valid options")
}

/// The game with the hidden cards shuffled among the hidden places: many swaps at once.
fn reshuffled_hidden(g: &Game, seat: Seat, rng: &mut StdRng) -> Game {
    let mut other = g.clone();
    let spots = hidden_spots(g, Viewer::Seat(seat));
    for _ in 0..spots.len() {
        let (Some(&a), Some(&b)) = (spots.choose(rng), spots.choose(rng)) else {
            break;
        };
        other = swapped(&other, a, b);
    }
    other
}

fn bot_choice(level: BotLevel, g: &Game, seat: Seat, seed: u64) -> Option<Action> {
    let legal = legal_actions(g, seat);
    let v = view(g, Viewer::Seat(seat));
    let mut rng = StdRng::seed_from_u64(seed);
    choose_with_budget(level, &v, &legal, &mut rng, TEST_ITERATIONS)
}

/// Plays a game with the given levels by seat, calling `at` before every decision.
fn play(
    options: GameOptions,
    levels: &[BotLevel],
    seed: u64,
    mut at: impl FnMut(&Game, Seat, &mut StdRng),
) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut g = Game::replay(&start(&options, &mut rng).expect("the game starts"));
    let mut actions = 0;
    while g.status() == Status::Active {
        assert!(actions < 2_000, "seed {seed}: the game does not end");
        let seat = g.awaiting().expect("a decision is awaited").seat;
        at(&g, seat, &mut rng);
        let legal = legal_actions(&g, seat);
        let level = levels[seat.index() % levels.len()];
        let v = view(&g, Viewer::Seat(seat));
        let action = choose_with_budget(level, &v, &legal, &mut rng, TEST_ITERATIONS)
            .expect("a choice while a decision is awaited");
        assert!(
            legal.contains(&action),
            "seed {seed}: {level} chose {action:?}, not in {legal:?}"
        );
        for e in decide(&g, seat, &action, &mut rng).expect("a listed action is accepted") {
            g.apply(&e);
        }
        actions += 1;
    }
    g
}

#[test]
fn a_bot_chooses_the_same_when_only_cards_its_seat_cannot_see_change() {
    let mut probes = 0;
    for players in 2..=5u8 {
        for game in 0..6u64 {
            let seed = 12_000 + u64::from(players) * 100 + game;
            let table = [BotLevel::Greedy, BotLevel::Random];
            play(
                options(players, game % 2 == 0),
                &table,
                seed,
                |g, seat, rng| {
                    if !rng.random_ratio(1, 4) {
                        return;
                    }
                    let bot_seed: u64 = rng.random();
                    let other = reshuffled_hidden(g, seat, rng);
                    assert_eq!(
                        view(g, Viewer::Seat(seat)),
                        view(&other, Viewer::Seat(seat)),
                        "the swap is hidden from the seat"
                    );
                    for level in BotLevel::ALL {
                        assert_eq!(
                            bot_choice(level, g, seat, bot_seed),
                            bot_choice(level, &other, seat, bot_seed),
                            "{level} for seat {seat:?}, seed {seed}: the choice depends on hidden cards"
                        );
                    }
                    probes += 1;
                },
            );
        }
    }
    assert!(probes > 200, "only {probes} positions probed");
}

#[test]
fn every_level_plays_whole_games_with_legal_choices_for_2_to_5_players() {
    for players in 2..=5u8 {
        for game in 0..3u64 {
            let seed = 34_000 + u64::from(players) * 100 + game;
            let table = [BotLevel::Mcts, BotLevel::Greedy, BotLevel::Random];
            let g = play(options(players, game == 1), &table, seed, |_, _, _| {});
            assert_eq!(g.status(), Status::Finished);
            assert!(g.winners().is_some_and(|w| !w.is_empty()));
        }
    }
}

#[test]
fn a_sampled_deal_looks_to_the_seat_exactly_like_the_real_game() {
    for players in 2..=5u8 {
        let seed = 56_000 + u64::from(players);
        let mut sampled = 0;
        play(
            options(players, players % 2 == 0),
            &[BotLevel::Greedy],
            seed,
            |g, seat, rng| {
                let seen = view(g, Viewer::Seat(seat));
                let Some(world) = determinize(&seen, rng) else {
                    return;
                };
                assert_eq!(view(&world, Viewer::Seat(seat)), seen);
                assert_eq!(legal_actions(&world, seat), legal_actions(g, seat));
                let mut all = world.all_cards();
                all.sort();
                let mut real = g.all_cards();
                real.sort();
                assert_eq!(
                    all, real,
                    "the sample holds the game's deck, each card once"
                );
                sampled += 1;
            },
        );
        assert!(sampled > 20);
    }
}

#[test]
fn a_bot_level_reads_and_writes_its_snake_case_name() {
    for level in BotLevel::ALL {
        assert_eq!(level.as_str().parse::<BotLevel>(), Ok(level));
        let json = serde_json::to_string(&level).expect("serializes");
        assert_eq!(json, format!("\"{level}\""));
        assert_eq!(serde_json::from_str::<BotLevel>(&json).ok(), Some(level));
    }
    assert!("expert".parse::<BotLevel>().is_err());
}

#[test]
fn a_bot_with_no_legal_action_chooses_nothing() {
    let mut rng = StdRng::seed_from_u64(1);
    let g = Game::replay(&start(&options(2, false), &mut rng).expect("starts"));
    let idle = Seat(1 - g.awaiting().expect("awaited").seat.0);
    let v = view(&g, Viewer::Seat(idle));
    for level in BotLevel::ALL {
        assert_eq!(choose(level, &v, &[], &mut rng), None);
    }
}
