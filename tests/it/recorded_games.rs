//! Whole recorded games, kept as data files, replay to their known final score (STYLE: Tests).
//! A recorded stream is the stored schema: it must replay the same for as long as it is kept.

use rules::{
    CardId, Edition, Event, Game, OptionsRequest, PowerRule, Seat, Status, verify_shuffle,
};

const GAME_4P_PATH: &str = "tests/data/game-4p.json";
const GAME_4P: &str = include_str!("../data/game-4p.json");

/// How `tests/data/game-4p.json` was recorded: random play (`lords::tools::simulate`) of this seed. Chosen
/// among 3,000 seeds for covering the most: a reshuffle, a kept Macdonnell, a Cochrane's two
/// claims, an active Bruce, a doubled army, a Scott copying six clans, every power's decision.
const GAME_4P_SEED: u64 = 2566;

fn game_4p_options() -> rules::GameOptions {
    OptionsRequest {
        players: 4,
        include_bruce: Some(true),
        power_rule: Some(PowerRule::LowestInClan),
        target_score: None,
        // Recorded without a clock.
        turn_time_limit_s: Some(None),
        ..OptionsRequest::default()
    }
    .validate()
    .expect("valid options")
}

fn game_4p() -> Vec<Event> {
    serde_json::from_str(GAME_4P).expect("the recorded game parses")
}

#[test]
fn the_recorded_four_player_game_replays_to_its_final_score() {
    let events = game_4p();
    assert_eq!(events.len(), 499);
    let game = Game::replay(&events);
    assert_eq!(game.status(), Status::Finished);
    assert_eq!(game.options(), Some(&game_4p_options()));
    assert_eq!(game.skirmish(), 6);
    assert_eq!(game.scores(), [31, 45, 39, 33]);
    assert_eq!(game.winners(), Some(&[Seat(1)][..]));
}

#[test]
fn the_recorded_four_player_game_keeps_every_card_and_every_shuffle_verifies() {
    let events = game_4p();
    let mut cards: Vec<CardId> = Game::replay(&events).all_cards();
    cards.sort();
    assert_eq!(cards, Edition::standard().deck(true));
    let mut shuffles = 0;
    for e in &events {
        if let Event::DeckShuffled {
            commitment,
            order: Some(order),
            salt: Some(salt),
            ..
        } = e
        {
            assert!(verify_shuffle(order, salt, commitment));
            shuffles += 1;
        }
    }
    assert!(shuffles >= 2, "the first shuffle and a reshuffle");
}

/// The fixture is exactly what its seed plays with today's engine: a change to how `decide`
/// draws random numbers or orders events shows up here. `LORDS_RECORD=1 cargo test --test
/// recorded_games` rewrites it instead.
#[test]
fn the_recorded_game_is_what_its_seed_plays_today() {
    let played = rules::playout::play_random_game(
        &game_4p_options(),
        GAME_4P_SEED,
        rules::playout::Checks::Conservation,
    )
    .expect("the game plays through");
    // One event per line: small diffs, easy to read.
    let lines: Vec<String> = played
        .events
        .iter()
        .map(|e| serde_json::to_string(e).expect("an event serializes"))
        .collect();
    let json = format!("[\n{}\n]\n", lines.join(",\n"));
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GAME_4P_PATH);
    if std::env::var_os("LORDS_RECORD").is_some() {
        std::fs::write(path, json).expect("write the recorded game");
    } else {
        let recorded = std::fs::read_to_string(path).expect("read the recorded game");
        assert!(
            recorded == json,
            "{GAME_4P_PATH} differs from what seed {GAME_4P_SEED} plays now (LORDS_RECORD=1 rewrites it)"
        );
    }
}
