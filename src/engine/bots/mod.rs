//! Bot players, pure like the rest of the engine: a bot decides from one seat's view
//! (`view(game, Viewer::Seat(seat))`) and that seat's legal actions, with a random generator it
//! is given, and nothing else. Same view, same list, same seed: same choice. A deadline worker
//! or a tournament calls [`choose`] for the awaited seat and submits the action like a player.

mod greedy;
mod mcts;
mod sample;

#[cfg(test)]
mod tests;

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use rand::seq::IndexedRandom;
use serde::{Deserialize, Serialize};

use super::action::Action;
use super::view::View;

pub use mcts::DEFAULT_ITERATIONS as MCTS_ITERATIONS;
pub use sample::determinize;

/// The built-in bot levels, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    /// Uniform over the legal actions.
    Random,
    /// The best action by a one-move heuristic (strength gained, getting placed, one-clan
    /// armies, what each power is worth now, weakening the strongest opponent, claims).
    Greedy,
    /// Information-set Monte Carlo over sampled deals of the hidden cards.
    Mcts,
}

impl BotLevel {
    pub const ALL: [BotLevel; 3] = [BotLevel::Random, BotLevel::Greedy, BotLevel::Mcts];

    /// The snake_case name, as serialized.
    pub fn as_str(self) -> &'static str {
        match self {
            BotLevel::Random => "random",
            BotLevel::Greedy => "greedy",
            BotLevel::Mcts => "mcts",
        }
    }
}

impl fmt::Display for BotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A bot level name that is not one of `random`, `greedy`, `mcts`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot level {0:?} (expected random, greedy or mcts)")]
pub struct UnknownBotLevel(pub String);

impl FromStr for BotLevel {
    type Err = UnknownBotLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        BotLevel::ALL
            .into_iter()
            .find(|l| l.as_str() == s)
            .ok_or_else(|| UnknownBotLevel(s.to_string()))
    }
}

/// The action a bot of `level` takes for the seat `view` was made for, given that seat's
/// `legal` actions; `None` when the list is empty. Reads nothing but its arguments.
pub fn choose<R: Rng + ?Sized>(
    level: BotLevel,
    view: &View,
    legal: &[Action],
    rng: &mut R,
) -> Option<Action> {
    choose_with_budget(level, view, legal, rng, MCTS_ITERATIONS)
}

/// [`choose`] with the `mcts` level's iteration budget given: per decision at a 2-player table,
/// scaled by 2/players for larger ones (other levels ignore it).
pub fn choose_with_budget<R: Rng + ?Sized>(
    level: BotLevel,
    view: &View,
    legal: &[Action],
    rng: &mut R,
    mcts_iterations: u32,
) -> Option<Action> {
    match level {
        BotLevel::Random => legal.choose(rng).copied(),
        BotLevel::Greedy => greedy::choose(view, legal).or_else(|| legal.first().copied()),
        BotLevel::Mcts => {
            mcts::choose(view, legal, rng, mcts_iterations).or_else(|| legal.first().copied())
        }
    }
}
