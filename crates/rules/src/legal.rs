//! `legal_actions`: every action a seat may submit now, complete and in the submitted JSON shape.
//! Choices are separate decisions, so the list stays short (never a cross product).

use super::action::{Action, FollowerRef};
use super::cards;
use super::rules::{copy_targets, eligible, has_target};
use super::state::{Decision, Game, HAND_LIMIT, Seat};

/// Every action `seat` may submit now; none for a resigned or abandoned seat (service rules
/// §9.3), whose decisions a bot takes.
pub fn legal_actions(game: &Game, seat: Seat) -> Vec<Action> {
    if game.is_resigned(seat) {
        return Vec::new();
    }
    actions_of(game, seat)
}

/// [`legal_actions`] for whoever holds the seat (a bot for a resigned seat included).
pub(crate) fn actions_of(game: &Game, seat: Seat) -> Vec<Action> {
    let Some(awaiting) = game.awaiting() else {
        return Vec::new();
    };
    if awaiting.seat != seat || game.winners().is_some() {
        return Vec::new();
    }
    let me = &game.players[seat.index()];
    let mut out = Vec::new();
    match awaiting.decision {
        Decision::Turn => {
            if me.hand.len() < HAND_LIMIT {
                for (slot, r) in game.recruits.iter().enumerate() {
                    if r.is_some() {
                        out.push(Action::Recruit { slot: slot as u8 });
                    }
                }
            }
            musters(game, seat, &mut out);
            if out.is_empty() {
                out.push(Action::Pass);
            }
        }
        Decision::MakgillMuster => musters(game, seat, &mut out),
        Decision::ScottCopy { position } => {
            out.extend(
                copy_targets(game, seat, position)
                    .into_iter()
                    .map(|target| Action::CopyPower { target }),
            );
        }
        Decision::CockburnSwap { .. } => {
            out.extend(
                game.supporters
                    .iter()
                    .map(|&supporter| Action::SwapSupporter { supporter }),
            );
        }
        Decision::FergussonSwap { .. } => {
            for target in followers(game) {
                if target.seat != seat {
                    out.push(Action::SwapFollower { target });
                }
            }
        }
        Decision::WemyssDiscard { position } => {
            for target in followers(game) {
                if !(target.seat == seat && target.position == position) {
                    out.push(Action::DiscardFollower { target });
                }
            }
        }
        Decision::ClaimSupporter { .. } => {
            out.extend(
                game.supporters
                    .iter()
                    .map(|&supporter| Action::ClaimSupporter { supporter }),
            );
        }
    }
    out
}

fn followers(game: &Game) -> impl Iterator<Item = FollowerRef> + '_ {
    game.players.iter().enumerate().flat_map(|(s, p)| {
        (0..p.army.len()).map(move |i| FollowerRef {
            seat: Seat(s as u8),
            position: i as u8,
        })
    })
}

fn musters(game: &Game, seat: Seat, out: &mut Vec<Action>) {
    let me = &game.players[seat.index()];
    for &card in &me.hand {
        out.push(Action::Muster {
            card,
            face_up: false,
            use_power: false,
        });
        out.push(Action::Muster {
            card,
            face_up: true,
            use_power: false,
        });
        if eligible(game, card) && power_has_target_after_muster(game, seat, card) {
            out.push(Action::Muster {
                card,
                face_up: true,
                use_power: true,
            });
        }
    }
}

/// Whether the power would have a target once `card` is in the army (it leaves the hand, joins
/// the army at the end).
fn power_has_target_after_muster(game: &Game, seat: Seat, card: cards::CardId) -> bool {
    let clan = cards::card(card).clan;
    let me = &game.players[seat.index()];
    let position = me.army.len() as u8;
    match clan {
        // These depend on the mustered card's own place, so look at the game with it mustered.
        cards::Clan::Makgill | cards::Clan::Wemyss | cards::Clan::Scott => {
            let mut g = game.clone();
            let p = &mut g.players[seat.index()];
            if let Some(i) = p.hand.iter().position(|&c| c == card) {
                p.hand.remove(i);
            }
            p.army.push(super::state::Follower::mustered(card, true));
            has_target(&g, seat, position, clan)
        }
        _ => has_target(game, seat, position, clan),
    }
}
