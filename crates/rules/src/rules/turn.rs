//! RULES §4: recruit, muster and pass.

use rand::Rng;

use super::super::cards::{self, CardId};
use super::super::error::RuleError;
use super::super::event::Event;
use super::super::state::{HAND_LIMIT, RECRUIT_SLOTS, Seat};
use super::{Scratch, powers};

pub(super) fn recruit<R: Rng + ?Sized>(
    s: &mut Scratch<'_, R>,
    seat: Seat,
    slot: u8,
) -> Result<(), RuleError> {
    if slot as usize >= RECRUIT_SLOTS {
        return Err(RuleError::NoSuchRecruitSlot);
    }
    let taken = s.g.recruits[slot as usize].ok_or(RuleError::RecruitSlotEmpty)?;
    if s.g.players[seat.index()].hand.len() >= HAND_LIMIT {
        return Err(RuleError::HandFull);
    }
    s.emit(Event::Recruited {
        seat,
        slot,
        face_up: taken.face_up,
        card: Some(taken.card),
    });
    // The slot is refilled with the same facing; it stays empty when no card can be drawn.
    if let Some(card) = s.next_card() {
        s.emit(Event::RecruitDealt {
            slot,
            face_up: taken.face_up,
            card: Some(card),
        });
    }
    s.end_action(seat);
    Ok(())
}

pub(super) fn muster<R: Rng + ?Sized>(
    s: &mut Scratch<'_, R>,
    seat: Seat,
    card: CardId,
    face_up: bool,
    use_power: bool,
) -> Result<(), RuleError> {
    if !s.g.players[seat.index()].hand.contains(&card) {
        return Err(RuleError::CardNotInHand);
    }
    if use_power {
        if !face_up {
            return Err(RuleError::FaceDownHasNoPower);
        }
        if !powers::eligible(&s.g, card) {
            return Err(RuleError::PowerNotEligible);
        }
    }
    s.emit(Event::Mustered {
        seat,
        card: Some(card),
        face_up,
        use_power,
    });
    let position = (s.g.players[seat.index()].army.len() - 1) as u8;
    let clan = cards::card(card).clan;
    if use_power {
        if !powers::has_target(&s.g, seat, position, clan) {
            return Err(RuleError::PowerHasNoTarget);
        }
        if !powers::use_power(s, seat, position, clan) {
            return Ok(());
        }
    }
    s.end_action(seat);
    Ok(())
}

pub(super) fn pass<R: Rng + ?Sized>(s: &mut Scratch<'_, R>, seat: Seat) -> Result<(), RuleError> {
    let hand_empty = s.g.players[seat.index()].hand.is_empty();
    if !hand_empty || s.g.recruits.iter().any(Option::is_some) {
        return Err(RuleError::PassNotAllowed);
    }
    s.emit(Event::Passed { seat });
    s.end_action(seat);
    Ok(())
}
