//! `decide`: every rule. Checks an action against the state and returns the events it causes.
//! The only place a random number is drawn; every outcome is written into an event.

mod powers;
mod skirmish_end;
mod turn;

use rand::Rng;
use rand::RngExt;
use rand::seq::SliceRandom;
use sha2::{Digest, Sha256};

use super::action::Action;
use super::cards::{CardId, Edition};
use super::error::RuleError;
use super::event::Event;
use super::options::GameOptions;
use super::state::{Decision, EditionId, Game, HAND_SIZE, RECRUIT_SLOTS, Seat, Status};

pub(crate) use powers::{copy_targets, eligible, has_target};
pub(crate) use skirmish_end::{army_strength, highest_rank_card};

/// A scratch copy of the game that applies each event as it is emitted, so that later rules in
/// the same decision see its effect (a reshuffle before a draw, the end of a skirmish, ...).
pub(crate) struct Scratch<'r, R: Rng + ?Sized> {
    pub g: Game,
    pub events: Vec<Event>,
    pub rng: &'r mut R,
}

impl<R: Rng + ?Sized> Scratch<'_, R> {
    pub fn emit(&mut self, event: Event) {
        self.g.apply(&event);
        self.events.push(event);
    }

    /// The card a draw would take: the top of the draw pile, reshuffling the discard pile into a
    /// new draw pile first when it is empty (RULES §6). `None` when both are empty.
    pub fn next_card(&mut self) -> Option<CardId> {
        if self.g.draw.is_empty() {
            if self.g.discard.is_empty() {
                return None;
            }
            let cards: Vec<CardId> = self.g.discard.to_vec();
            self.shuffle(cards);
        }
        self.g.draw.last().copied()
    }

    /// Shuffles `cards` into the new draw pile, committing to the order (issue: fair shuffles).
    pub fn shuffle(&mut self, mut cards: Vec<CardId>) {
        cards.shuffle(self.rng);
        let mut salt = [0u8; 16];
        self.rng.fill_bytes(&mut salt);
        let commitment = commitment(&cards, &salt);
        self.emit(Event::DeckShuffled {
            size: cards.len() as u8,
            commitment,
            order: Some(cards),
            salt: Some(hex::encode(salt)),
        });
    }

    /// Passes the turn on from `seat` once its action is fully resolved (RULES §4).
    pub fn end_action(&mut self, seat: Seat) {
        let n = self.g.players.len() as u8;
        let next = Seat((seat.0 + 1) % n);
        if next != self.g.initiative {
            let turn = self.g.turn;
            self.emit(Event::TurnStarted { turn, seat: next });
        } else if self.g.turn < super::state::TURNS_PER_SKIRMISH {
            self.start_turn(self.g.turn + 1);
        } else {
            skirmish_end::end_skirmish(self);
        }
    }

    /// The initiative holder's action starts a turn, after turning the leftmost face-down recruit
    /// face-up (RULES §4).
    pub fn start_turn(&mut self, turn: u8) {
        let seat = self.g.initiative;
        self.emit(Event::TurnStarted { turn, seat });
        let face_down = self
            .g
            .recruits
            .iter()
            .enumerate()
            .find_map(|(i, r)| r.filter(|r| !r.face_up).map(|r| (i, r.card)));
        if let Some((slot, card)) = face_down {
            self.emit(Event::RecruitRevealed {
                slot: slot as u8,
                card,
            });
        }
    }

    /// RULES §3.3–3.4 and §6.7: five face-down recruits, then one Supporter per player.
    pub fn deal_skirmish_cards(&mut self) {
        for slot in 0..RECRUIT_SLOTS as u8 {
            if let Some(card) = self.next_card() {
                self.emit(Event::RecruitDealt {
                    slot,
                    face_up: false,
                    card: Some(card),
                });
            }
        }
        let n = self.g.players.len();
        loop {
            for _ in 0..n {
                if let Some(card) = self.next_card() {
                    self.emit(Event::SupporterDealt { card });
                }
            }
            let row = &self.g.supporters;
            let one_strength = row.len() >= 2
                && row.iter().all(|&c| {
                    super::cards::card(c).strength == super::cards::card(row[0]).strength
                });
            // Ruling: "until the cards run out" — a redeal happens only while the draw pile
            // alone can deal a whole new row, so a redeal never reshuffles and always ends.
            if !one_strength || self.g.draw.len() < n {
                break;
            }
            let cards = row.to_vec();
            self.emit(Event::SupportersDiscarded { cards });
        }
    }
}

/// `SHA-256(order ‖ salt)`, hex: one byte per card id, then the salt's bytes.
pub fn commitment(order: &[CardId], salt: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(order.iter().map(|c| c.0).collect::<Vec<u8>>());
    h.update(salt);
    hex::encode(h.finalize())
}

/// Checks a revealed shuffle against the commitment recorded before any card was dealt from it.
pub fn verify_shuffle(order: &[CardId], salt_hex: &str, commitment_hex: &str) -> bool {
    match hex::decode(salt_hex) {
        Ok(salt) => commitment(order, &salt) == commitment_hex,
        Err(_) => false,
    }
}

/// RULES §3: the events that start a game with these options.
pub fn start(
    options: &GameOptions,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Vec<Event>, RuleError> {
    let options = super::options::OptionsRequest::of(options).validate()?;
    let mut s = Scratch {
        g: Game::new(),
        events: Vec::with_capacity(32),
        rng,
    };
    let initiative = Seat(s.rng.random_range(0..options.players));
    s.emit(Event::GameStarted {
        edition: EditionId::StandardV1,
        options,
        initiative,
    });
    let deck = Edition::standard().deck(options.include_bruce);
    s.shuffle(deck);
    for seat in s.g.seats() {
        let cards: Vec<CardId> = s.g.draw.iter().rev().take(HAND_SIZE).copied().collect();
        s.emit(Event::HandDealt {
            seat,
            count: cards.len() as u8,
            cards: Some(cards),
        });
    }
    s.emit(Event::SkirmishStarted {
        skirmish: 1,
        initiative,
    });
    s.deal_skirmish_cards();
    s.start_turn(1);
    Ok(s.events)
}

/// Decides what `seat`'s `action` does to `game`: the events it causes, or the rule it breaks.
/// A resigned or abandoned seat no longer decides (service rules §9.3); a seat deciding again
/// after timeouts starts its count of timeouts in a row again (§9.4).
pub fn decide(
    game: &Game,
    seat: Seat,
    action: &Action,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Vec<Event>, RuleError> {
    if game.status() == Status::Active && game.is_resigned(seat) {
        return Err(RuleError::SeatResigned);
    }
    let events = decide_unchecked(game, seat, action, rng)?;
    if game.timeouts(seat) == 0 {
        return Ok(events);
    }
    Ok(std::iter::once(Event::TimeoutsCleared { seat })
        .chain(events)
        .collect())
}

/// [`decide`] for whoever holds the seat, a bot for a resigned seat included (and the
/// simulations of the `mcts` bot).
pub(crate) fn decide_unchecked(
    game: &Game,
    seat: Seat,
    action: &Action,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Vec<Event>, RuleError> {
    match game.status() {
        Status::NotStarted => return Err(RuleError::GameNotStarted),
        Status::Finished => return Err(RuleError::GameOver),
        Status::Active => {}
    }
    if seat.index() >= game.players.len() {
        return Err(RuleError::NoSuchSeat);
    }
    let awaiting = game.awaiting.ok_or(RuleError::GameOver)?;
    if awaiting.seat != seat {
        return Err(RuleError::NotYourTurn);
    }
    let mut s = Scratch {
        g: game.clone(),
        events: Vec::with_capacity(8),
        rng,
    };
    match (awaiting.decision, *action) {
        (Decision::Turn, Action::Recruit { slot }) => turn::recruit(&mut s, seat, slot)?,
        (
            Decision::Turn | Decision::MakgillMuster,
            Action::Muster {
                card,
                face_up,
                use_power,
            },
        ) => turn::muster(&mut s, seat, card, face_up, use_power)?,
        (Decision::Turn, Action::Pass) => turn::pass(&mut s, seat)?,
        (Decision::ScottCopy { position }, Action::CopyPower { target }) => {
            powers::copy_power(&mut s, seat, position, target)?
        }
        (Decision::CockburnSwap { position }, Action::SwapSupporter { supporter }) => {
            powers::swap_supporter(&mut s, seat, position, supporter)?
        }
        (Decision::FergussonSwap { position }, Action::SwapFollower { target }) => {
            powers::swap_follower(&mut s, seat, position, target)?
        }
        (Decision::WemyssDiscard { position }, Action::DiscardFollower { target }) => {
            powers::discard_follower(&mut s, seat, position, target)?
        }
        (Decision::ClaimSupporter { .. }, Action::ClaimSupporter { supporter }) => {
            skirmish_end::claim(&mut s, seat, supporter)?
        }
        _ => return Err(RuleError::UnexpectedAction),
    }
    Ok(s.events)
}
