//! RULES §4 eligibility and §5 the powers, with the choices they wait for.

use rand::Rng;

use super::super::action::FollowerRef;
use super::super::cards::{self, CardId, Clan};
use super::super::error::RuleError;
use super::super::event::Event;
use super::super::options::PowerRule;
use super::super::state::{Decision, Game, Seat};
use super::Scratch;

/// RULES §4 Eligibility, for `card` about to be mustered face-up. Only face-up Followers block;
/// a kept Macdonnell is face-up and blocks. Clans are the printed ones (a Bruce or a Scott token
/// counts as any clan only when armies are scored).
pub(crate) fn eligible(g: &Game, card: CardId) -> bool {
    let me = cards::card(card);
    let rule = g.options.map(|o| o.power_rule);
    g.players
        .iter()
        .flat_map(|p| p.army.iter())
        .filter(|f| f.face_up && f.card != card)
        .map(|f| cards::card(f.card))
        .all(|other| match rule {
            Some(PowerRule::LowestInClan) => {
                !(other.clan == me.clan && other.strength <= me.strength)
            }
            _ => other.strength >= me.strength,
        })
}

/// Whether the power of `clan`, used by the Follower at (`seat`, `position`), has a legal target
/// (RULES §4: a power with no legal target cannot be used).
pub(crate) fn has_target(g: &Game, seat: Seat, position: u8, clan: Clan) -> bool {
    match clan {
        Clan::Forsyth => !g.draw.is_empty() || !g.discard.is_empty(),
        Clan::Makgill => !g.players[seat.index()].hand.is_empty(),
        Clan::Cockburn => !g.supporters.is_empty(),
        Clan::Fergusson => g
            .players
            .iter()
            .enumerate()
            .any(|(s, p)| s != seat.index() && !p.army.is_empty()),
        Clan::Wemyss => g.players.iter().map(|p| p.army.len()).sum::<usize>() > 1,
        Clan::Scott => !copy_targets(g, seat, position).is_empty(),
        Clan::Macdonnell | Clan::Cochrane | Clan::Bruce => true,
    }
}

/// RULES §5 Scott: every face-up Follower, other than this Scott and not a Scott, whose power
/// the Scott could use now.
pub(crate) fn copy_targets(g: &Game, seat: Seat, position: u8) -> Vec<FollowerRef> {
    let mut out = Vec::new();
    for (s, p) in g.players.iter().enumerate() {
        for i in 0..p.army.len() {
            let target = FollowerRef {
                seat: Seat(s as u8),
                position: i as u8,
            };
            if copyable(g, seat, position, target).is_ok() {
                out.push(target);
            }
        }
    }
    out
}

fn copyable(g: &Game, seat: Seat, position: u8, target: FollowerRef) -> Result<Clan, RuleError> {
    let f = g
        .follower(target.seat, target.position)
        .ok_or(RuleError::NoSuchFollower)?;
    if target.seat == seat && target.position == position {
        return Err(RuleError::TargetIsSelf);
    }
    if !f.face_up {
        return Err(RuleError::CopyTargetFaceDown);
    }
    let clan = cards::card(f.card).clan;
    if clan == Clan::Scott {
        return Err(RuleError::CopyTargetIsScott);
    }
    if !has_target(g, seat, position, clan) {
        return Err(RuleError::PowerHasNoTarget);
    }
    Ok(clan)
}

/// Uses the power of `clan` for the Follower at (`seat`, `position`). Returns true when the
/// action is fully resolved, false when a choice is now awaited.
pub(super) fn use_power<R: Rng + ?Sized>(
    s: &mut Scratch<'_, R>,
    seat: Seat,
    position: u8,
    clan: Clan,
) -> bool {
    let decision = match clan {
        Clan::Forsyth => {
            // This may take a hand past 10 (RULES §5).
            let card = s.next_card();
            s.emit(Event::CardDrawn { seat, card });
            return true;
        }
        Clan::Macdonnell | Clan::Cochrane | Clan::Bruce => {
            s.emit(Event::PowerActivated {
                seat,
                position,
                clan,
            });
            return true;
        }
        Clan::Makgill => Decision::MakgillMuster,
        Clan::Cockburn => Decision::CockburnSwap { position },
        Clan::Fergusson => Decision::FergussonSwap { position },
        Clan::Wemyss => Decision::WemyssDiscard { position },
        Clan::Scott => Decision::ScottCopy { position },
    };
    s.emit(Event::DecisionRequested { seat, decision });
    false
}

pub(super) fn copy_power<R: Rng + ?Sized>(
    s: &mut Scratch<'_, R>,
    seat: Seat,
    position: u8,
    target: FollowerRef,
) -> Result<(), RuleError> {
    let clan = copyable(&s.g, seat, position, target)?;
    s.emit(Event::PowerCopied {
        seat,
        position,
        target,
        clan,
    });
    if use_power(s, seat, position, clan) {
        s.end_action(seat);
    }
    Ok(())
}

pub(super) fn swap_supporter<R: Rng + ?Sized>(
    s: &mut Scratch<'_, R>,
    seat: Seat,
    position: u8,
    supporter: CardId,
) -> Result<(), RuleError> {
    if !s.g.supporters.contains(&supporter) {
        return Err(RuleError::SupporterNotInRow);
    }
    let given = s.g.players[seat.index()].army[position as usize].card;
    s.emit(Event::SupporterSwapped {
        seat,
        position,
        given,
        supporter,
    });
    s.end_action(seat);
    Ok(())
}

pub(super) fn swap_follower<R: Rng + ?Sized>(
    s: &mut Scratch<'_, R>,
    seat: Seat,
    position: u8,
    target: FollowerRef,
) -> Result<(), RuleError> {
    let taken =
        *s.g.follower(target.seat, target.position)
            .ok_or(RuleError::NoSuchFollower)?;
    if target.seat == seat {
        return Err(RuleError::TargetNotOpponent);
    }
    let given = s.g.players[seat.index()].army[position as usize].card;
    s.emit(Event::FollowersSwapped {
        seat,
        position,
        target,
        given,
        taken_face_up: taken.face_up,
        taken: Some(taken.card),
    });
    s.end_action(seat);
    Ok(())
}

pub(super) fn discard_follower<R: Rng + ?Sized>(
    s: &mut Scratch<'_, R>,
    seat: Seat,
    position: u8,
    target: FollowerRef,
) -> Result<(), RuleError> {
    let victim =
        *s.g.follower(target.seat, target.position)
            .ok_or(RuleError::NoSuchFollower)?;
    if target.seat == seat && target.position == position {
        return Err(RuleError::TargetIsSelf);
    }
    s.emit(Event::FollowerDiscarded {
        seat,
        target,
        card: victim.card,
    });
    s.end_action(seat);
    Ok(())
}
