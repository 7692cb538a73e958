//! Random play-outs: a seeded game played to its end by choosing uniformly among the legal
//! actions at every decision, checking the engine's invariants as it goes. The `simulate` tool
//! and the benches play through it.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use crate::{
    Action, CardId, Edition, Event, Game, GameOptions, RuleError, Status, decide, legal_actions,
    start,
};

/// A game still going after this many actions does not end: random play ends every game in far
/// fewer.
pub const MAX_ACTIONS: u64 = 2_000;

/// How much a random game checks while it is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Checks {
    /// Nothing beyond what playing needs (a listed action must be accepted): for benchmarks.
    None,
    /// Also that every card is in exactly one zone after every action.
    Conservation,
}

/// An invariant a game broke.
#[derive(Debug, thiserror::Error)]
pub enum Broken {
    #[error("the game does not start: {0}")]
    Start(RuleError),
    #[error("action {action}: the game is active but awaits nobody")]
    NothingAwaited { action: u64 },
    #[error("action {action}: seat {seat} is awaited but has no legal action")]
    NoLegalAction { action: u64, seat: u8 },
    #[error("action {action}: seat {seat}'s listed action {listed:?} is rejected: {error}")]
    LegalActionRejected {
        action: u64,
        seat: u8,
        listed: Action,
        error: RuleError,
    },
    #[error("action {action}: the cards are not one deck, each card in one zone: {detail}")]
    CardsNotConserved { action: u64, detail: String },
    #[error("replaying the {events} events does not give the live state")]
    ReplayDiffers { events: usize },
    #[error("the game does not end within {MAX_ACTIONS} actions")]
    NoEnd,
    #[error("panicked: {0}")]
    Panicked(String),
}

/// A finished random game.
#[derive(Debug)]
pub struct Played {
    pub events: Vec<Event>,
    pub game: Game,
    pub actions: u64,
}

/// A set of card ids, one bit each.
fn card_set(cards: &[CardId]) -> Result<u128, String> {
    let mut set = 0u128;
    for card in cards {
        let bit = 1u128.checked_shl(card.0.into()).unwrap_or(0);
        if bit == 0 || set & bit != 0 {
            return Err(format!("{card:?} is out of range or in two zones"));
        }
        set |= bit;
    }
    Ok(set)
}

/// Plays one seeded game, choosing uniformly among `legal_actions` at every decision.
pub fn play_random_game(
    options: &GameOptions,
    seed: u64,
    checks: Checks,
) -> Result<Played, Broken> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut events = start(options, &mut rng).map_err(Broken::Start)?;
    let mut game = Game::replay(&events);
    let deck = card_set(&Edition::standard().deck(options.include_bruce))
        .expect("the edition's deck has unique ids");
    let mut actions = 0;
    while game.status() == Status::Active {
        if actions >= MAX_ACTIONS {
            return Err(Broken::NoEnd);
        }
        let Some(awaiting) = game.awaiting() else {
            return Err(Broken::NothingAwaited { action: actions });
        };
        let seat = awaiting.seat;
        let legal = legal_actions(&game, seat);
        let Some(&action) = legal.choose(&mut rng) else {
            return Err(Broken::NoLegalAction {
                action: actions,
                seat: seat.0,
            });
        };
        let new = decide(&game, seat, &action, &mut rng).map_err(|error| {
            Broken::LegalActionRejected {
                action: actions,
                seat: seat.0,
                listed: action,
                error,
            }
        })?;
        for e in &new {
            game.apply(e);
        }
        events.extend(new);
        actions += 1;
        if checks == Checks::Conservation {
            match card_set(&game.all_cards()) {
                Ok(set) if set == deck => {}
                Ok(_) => {
                    return Err(Broken::CardsNotConserved {
                        action: actions,
                        detail: "cards are missing or added".into(),
                    });
                }
                Err(detail) => {
                    return Err(Broken::CardsNotConserved {
                        action: actions,
                        detail,
                    });
                }
            }
        }
    }
    Ok(Played {
        events,
        game,
        actions,
    })
}
