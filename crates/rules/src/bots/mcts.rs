//! The `mcts` bot: information-set Monte Carlo. Each iteration deals the hidden cards anew
//! consistently with the seat's view (`sample::determinize`), plays one candidate action with
//! the engine's own `decide`, then plays on with a fast heuristic policy for every seat to the
//! end of the skirmish (or of the game), and scores the outcome. Candidates are picked by UCB1;
//! the most-visited one is chosen. The budget is an iteration count, so the choice depends only
//! on the view, the legal list and the random generator.

use rand::seq::IndexedRandom;
use rand::{Rng, RngExt};

use super::super::action::Action;
use super::super::cards::{self, CardId};
use super::super::legal::legal_actions;
use super::super::rules::decide_unchecked as decide;
use super::super::state::{Decision, Game, Seat, Status};
use super::super::view::View;
use super::greedy::{self, Reading};
use super::sample::{determinize, seat_of};

/// Iterations per decision at a 2-player table, scaled by 2/players for larger tables (whose
/// playouts are longer), so a decision costs about the same at any table: a few ms on one core
/// in release, well under the 50 ms target.
pub const DEFAULT_ITERATIONS: u32 = 500;

/// At most this many candidate actions, the greedy heuristic's best first.
const CANDIDATES: usize = 10;

/// The exploration constant of UCB1 (rewards are in 0..1).
const EXPLORATION: f64 = 0.5;

/// The chance a playout seat takes a random legal action instead of the policy's best.
const PLAYOUT_NOISE: f64 = 0.15;

/// A playout never takes more actions than this (a skirmish takes about 5 per seat).
const PLAYOUT_LIMIT: usize = 200;

pub(super) fn choose<R: Rng + ?Sized>(
    view: &View,
    legal: &[Action],
    rng: &mut R,
    iterations: u32,
) -> Option<Action> {
    let me = seat_of(view)?;
    let reading = Reading::new(view)?;
    if legal.len() <= 1 || iterations == 0 {
        return legal.first().copied();
    }
    if matches!(
        view.awaiting.map(|a| a.decision),
        Some(Decision::ClaimSupporter { .. })
    ) {
        // Claiming the strongest Supporter is never worse: points are all a Supporter gives.
        return greedy::best(legal, |a| reading.score(a));
    }
    let iterations = (iterations.saturating_mul(2) / view.players.len().max(2) as u32).max(1);
    let candidates = candidates(legal, &reading);
    if candidates.len() == 1 {
        return candidates.first().copied();
    }
    let mut visits = vec![0u32; candidates.len()];
    let mut total = vec![0f64; candidates.len()];
    for i in 0..iterations {
        let arm = if (i as usize) < candidates.len() {
            i as usize
        } else {
            let log_n = f64::from(i).ln();
            (0..candidates.len())
                .max_by(|&a, &b| {
                    ucb(total[a], visits[a], log_n).total_cmp(&ucb(total[b], visits[b], log_n))
                })
                .unwrap_or(0)
        };
        let Some(world) = determinize(view, rng) else {
            return greedy::best(legal, |a| reading.score(a));
        };
        visits[arm] += 1;
        total[arm] += simulate(world, me, &candidates[arm], rng);
    }
    // The most-visited candidate; the earlier (greedier) one among equals.
    let mut best = 0;
    for arm in 1..candidates.len() {
        if visits[arm] > visits[best] || (visits[arm] == visits[best] && total[arm] > total[best]) {
            best = arm;
        }
    }
    candidates.get(best).copied()
}

fn ucb(total: f64, visits: u32, log_n: f64) -> f64 {
    let n = f64::from(visits.max(1));
    total / n + EXPLORATION * (log_n / n).sqrt()
}

/// The legal actions worth simulating: a face-up muster without its power is dropped when the
/// same card can be mustered face-down (for a bot they differ only in what others see), and at
/// most `CANDIDATES` remain, in the greedy heuristic's order.
fn candidates(legal: &[Action], reading: &Reading<'_>) -> Vec<Action> {
    let mut out: Vec<Action> = legal
        .iter()
        .filter(|a| match **a {
            Action::Muster {
                card,
                face_up: true,
                use_power: false,
            } => !legal.contains(&Action::Muster {
                card,
                face_up: false,
                use_power: false,
            }),
            _ => true,
        })
        .copied()
        .collect();
    let mut scored: Vec<(f64, usize)> = out
        .iter()
        .enumerate()
        .map(|(i, a)| (reading.score(a), i))
        .collect();
    // Stable order: by score, then by place in the legal list.
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    out = scored
        .into_iter()
        .take(CANDIDATES)
        .map(|(_, i)| out[i])
        .collect();
    out
}

/// Plays `first` for `me` in `world`, then the playout policy for everyone to the end of the
/// skirmish; the outcome for `me`, 0 (lost) to 1 (won).
fn simulate<R: Rng + ?Sized>(mut world: Game, me: Seat, first: &Action, rng: &mut R) -> f64 {
    let skirmish = world.skirmish();
    match decide(&world, me, first, rng) {
        Ok(events) => events.iter().for_each(|e| world.apply(e)),
        // Cannot happen: the action is legal in every world the seat cannot tell apart.
        Err(_) => return 0.0,
    }
    for _ in 0..PLAYOUT_LIMIT {
        if world.status() != Status::Active || world.skirmish() != skirmish {
            break;
        }
        let Some(awaiting) = world.awaiting() else {
            break;
        };
        let legal = legal_actions(&world, awaiting.seat);
        let action = if rng.random_bool(PLAYOUT_NOISE) {
            legal.choose(rng).copied()
        } else {
            greedy::best(&legal, |a| playout_score(&world, awaiting.seat, a))
        };
        let Some(action) = action else { break };
        match decide(&world, awaiting.seat, &action, rng) {
            Ok(events) => events.iter().for_each(|e| world.apply(e)),
            Err(_) => break,
        }
    }
    evaluate(&world, me)
}

fn strength(card: CardId) -> f64 {
    f64::from(cards::card(card).strength)
}

/// The playout policy: a cheaper greedy that reads the (sampled) game directly.
fn playout_score(g: &Game, seat: Seat, action: &Action) -> f64 {
    let follower = |t: super::super::action::FollowerRef| {
        g.player(t.seat)
            .and_then(|p| p.army.get(t.position as usize))
            .map_or(0.0, |f| strength(f.card))
    };
    match *action {
        Action::Muster {
            card,
            face_up,
            use_power,
        } => {
            let empty = g.player(seat).is_none_or(|p| p.army.is_empty());
            strength(card)
                + if empty { 3.0 } else { 0.0 }
                + if use_power { 2.0 } else { 0.0 }
                + if face_up { 0.0 } else { 0.1 }
        }
        Action::Recruit { slot } => {
            let hand = g.player(seat).map_or(0, |p| p.hand.len());
            let s = g.recruits()[slot as usize % 5].map_or(0.0, |r| strength(r.card));
            0.6 * s + if hand <= 2 { 2.0 } else { 0.0 }
        }
        Action::Pass => 0.0,
        Action::CopyPower { .. } => 2.0,
        Action::SwapSupporter { supporter } | Action::ClaimSupporter { supporter } => {
            strength(supporter)
        }
        Action::SwapFollower { target } => follower(target),
        Action::DiscardFollower { target } => {
            if target.seat == seat {
                -follower(target)
            } else {
                follower(target)
            }
        }
    }
}

/// How good `g` is for `me`: a win 1, a loss 0; between skirmishes, points and the cards kept
/// for later (hand, kept Macdonnells) against the best opponent, squashed into 0..1.
fn evaluate(g: &Game, me: Seat) -> f64 {
    if let Some(winners) = g.winners() {
        return if winners.contains(&me) {
            1.0 / winners.len() as f64
        } else {
            0.0
        };
    }
    let worth = |seat: usize| {
        let p = &g.players()[seat];
        let hand: f64 = p.hand.iter().map(|&c| 0.15 * strength(c) + 0.8).sum();
        let kept: f64 = p.army.iter().map(|f| 0.5 * strength(f.card)).sum();
        f64::from(p.score()) + hand + kept
    };
    let mine = worth(me.index());
    let best_other = (0..g.player_count())
        .filter(|&s| s != me.index())
        .map(worth)
        .fold(f64::NEG_INFINITY, f64::max);
    let lead = mine - best_other;
    1.0 / (1.0 + (-lead / 6.0).exp())
}
