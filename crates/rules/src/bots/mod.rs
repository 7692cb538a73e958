//! Bot players, pure like the rest of the engine: a bot decides from one seat's view
//! (`view(game, Viewer::Seat(seat))`) and that seat's legal actions, with a random generator it
//! is given, and nothing else. Same view, same list, same seed: same choice. A deadline worker
//! or a tournament calls [`choose`] for the awaited seat and submits the action like a player.

mod greedy;
mod mcts;
mod sample;

#[cfg(test)]
mod tests;

use rand::Rng;
use rand::seq::IndexedRandom;

use super::action::Action;
use super::event::BotLevel;
use super::view::View;

pub use mcts::DEFAULT_ITERATIONS as MCTS_ITERATIONS;
pub use sample::determinize;

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
