//! `Game::apply`: moves cards and sets counters as an event says. Never checks, never fails,
//! never draws a random number: every decision was made by `decide` and written into the event.

use arrayvec::ArrayVec;

use super::cards::CardId;
use super::event::Event;
use super::state::{
    Awaiting, Claim, Decision, Follower, Game, Pile, Player, RecruitSlot, ScoredSkirmish, Seat,
};

fn take(pile: &mut Pile, card: CardId) {
    // The card drawn is the top one; searching keeps apply total even for a hand-built stream.
    if pile.last() == Some(&card) {
        pile.pop();
    } else if let Some(i) = pile.iter().position(|&c| c == card) {
        pile.remove(i);
    }
}

/// The seat whose action an event is part of, for the events an action of a player (or of a
/// bot for it) opens with; `None` for the others (deals, reveals, scoring, service facts).
fn action_seat(event: &Event) -> Option<Seat> {
    match event {
        Event::Recruited { seat, .. }
        | Event::Mustered { seat, .. }
        | Event::Passed { seat }
        | Event::PowerCopied { seat, .. }
        | Event::SupporterSwapped { seat, .. }
        | Event::FollowersSwapped { seat, .. }
        | Event::FollowerDiscarded { seat, .. }
        | Event::SupporterClaimed { seat, .. } => Some(*seat),
        _ => None,
    }
}

impl Game {
    /// A decision became awaited: not taken yet, by nobody.
    fn decision_awaited(&mut self) {
        self.undecided = true;
        self.bot_acting = false;
    }

    /// Service rules §9.7: the first event of an action by the awaited seat takes the awaited
    /// decision; it is the player's own unless a `bot_acted` came first. Later events of the
    /// same action (a claim after a claim, an effect after a muster) take nothing more.
    fn decided(&mut self, seat: Seat) {
        if !self.undecided || self.awaiting.map(|a| a.seat) != Some(seat) {
            return;
        }
        self.undecided = false;
        if !std::mem::take(&mut self.bot_acting)
            && let Some(n) = self.own_decisions.get_mut(seat.index())
        {
            *n = n.saturating_add(1);
        }
    }

    /// Rebuilds a game from its events (a fold over `apply`).
    pub fn replay<'a>(events: impl IntoIterator<Item = &'a Event>) -> Game {
        let mut game = Game::new();
        for event in events {
            game.apply(event);
        }
        game
    }

    pub fn apply(&mut self, event: &Event) {
        if let Some(seat) = action_seat(event) {
            self.decided(seat);
        }
        match event {
            Event::GameStarted {
                edition,
                options,
                initiative,
            } => {
                self.edition = *edition;
                self.options = Some(*options);
                self.players.clear();
                for _ in 0..options.players {
                    self.players.push(Player::default());
                }
                self.initiative = *initiative;
            }
            Event::DeckShuffled { order, .. } => {
                // A reshuffle turns the discard pile into the draw pile; the first shuffle takes
                // the deck from the box. Either way the new pile is exactly `order`.
                self.discard.clear();
                self.draw.clear();
                if let Some(order) = order {
                    self.draw.extend(order.iter().rev().copied());
                }
            }
            Event::HandDealt { seat, cards, .. } => {
                for &card in cards.iter().flatten() {
                    take(&mut self.draw, card);
                    self.players[seat.index()].hand.push(card);
                }
            }
            Event::SkirmishStarted {
                skirmish,
                initiative,
            } => {
                self.skirmish = *skirmish;
                self.initiative = *initiative;
                self.turn = 0;
            }
            Event::RecruitDealt {
                slot,
                face_up,
                card,
            } => {
                if let Some(card) = card {
                    take(&mut self.draw, *card);
                    self.recruits[*slot as usize] = Some(RecruitSlot {
                        card: *card,
                        face_up: *face_up,
                    });
                }
            }
            Event::SupporterDealt { card } => {
                take(&mut self.draw, *card);
                self.supporters.push(*card);
            }
            Event::SupportersDiscarded { cards } => {
                self.supporters.retain(|c| !cards.contains(c));
                self.discard.extend(cards.iter().copied());
            }
            Event::TurnStarted { turn, seat } => {
                self.turn = *turn;
                self.awaiting = Some(Awaiting {
                    seat: *seat,
                    decision: Decision::Turn,
                });
                self.decision_awaited();
            }
            Event::RecruitRevealed { slot, .. } => {
                if let Some(r) = &mut self.recruits[*slot as usize] {
                    r.face_up = true;
                }
            }
            Event::Recruited { seat, slot, .. } => {
                if let Some(r) = self.recruits[*slot as usize].take() {
                    self.players[seat.index()].hand.push(r.card);
                }
            }
            Event::Mustered {
                seat,
                card,
                face_up,
                ..
            } => {
                if let Some(card) = card {
                    let p = &mut self.players[seat.index()];
                    take(&mut p.hand, *card);
                    p.army.push(Follower::mustered(*card, *face_up));
                }
            }
            Event::Passed { .. } | Event::PowerCopied { .. } => {}
            Event::PowerActivated {
                seat,
                position,
                clan,
            } => {
                self.players[seat.index()].army[*position as usize].active = Some(*clan);
            }
            Event::CardDrawn { seat, card } => {
                if let Some(card) = card {
                    take(&mut self.draw, *card);
                    self.players[seat.index()].hand.push(*card);
                }
            }
            Event::DecisionRequested { seat, decision } => {
                self.awaiting = Some(Awaiting {
                    seat: *seat,
                    decision: *decision,
                });
                self.decision_awaited();
            }
            Event::SupporterSwapped {
                seat,
                position,
                given,
                supporter,
            } => {
                if let Some(slot) = self.supporters.iter_mut().find(|c| **c == *supporter) {
                    *slot = *given;
                }
                self.players[seat.index()].army[*position as usize] =
                    Follower::mustered(*supporter, true);
            }
            Event::FollowersSwapped {
                seat,
                position,
                target,
                given,
                ..
            } => {
                let taken = self.players[target.seat.index()].army[target.position as usize];
                self.players[target.seat.index()].army[target.position as usize] =
                    Follower::mustered(*given, true);
                self.players[seat.index()].army[*position as usize] = taken;
            }
            Event::FollowerDiscarded { target, card, .. } => {
                self.players[target.seat.index()]
                    .army
                    .remove(target.position as usize);
                self.discard.push(*card);
            }
            Event::FollowersRevealed { followers } => {
                for f in followers {
                    self.players[f.seat.index()].army[f.position as usize].face_up = true;
                }
            }
            Event::ArmiesScored { armies, placement } => {
                self.scores.clear();
                self.scores.extend(armies.iter().copied());
                self.placement.clear();
                self.placement.extend(placement.iter().map(|c| c.seat));
                self.claims.clear();
                self.claims.extend(placement.iter().copied());
                self.scored = Some(ScoredSkirmish {
                    skirmish: self.skirmish,
                    followers: self
                        .players
                        .iter()
                        .enumerate()
                        .flat_map(|(i, p)| p.army.iter().map(move |f| (Seat(i as u8), *f)))
                        .collect(),
                    claims: ArrayVec::new(),
                });
                self.awaiting = None;
            }
            Event::SupporterClaimed { seat, card } => {
                self.supporters.retain(|c| c != card);
                self.players[seat.index()].victory.push(*card);
                if let Some(scored) = &mut self.scored {
                    // Never more claims than Supporters in the row, one per player at most.
                    let _ = scored.claims.try_push(Claim {
                        seat: *seat,
                        card: *card,
                    });
                }
                if let Some(i) = self.claims.iter().position(|c| c.seat == *seat) {
                    self.claims[i].claims -= 1;
                    if self.claims[i].claims == 0 {
                        self.claims.remove(i);
                    }
                }
            }
            Event::SkirmishEnded {
                discarded, kept, ..
            } => {
                self.supporters.clear();
                self.recruits = [None; 5];
                for p in &mut self.players {
                    p.army.retain(|f| kept.contains(&f.card));
                    for f in &mut p.army {
                        f.face_up = true;
                        f.active = None;
                        f.kept = true;
                    }
                }
                self.discard.extend(discarded.iter().copied());
                self.claims.clear();
                self.awaiting = None;
            }
            Event::GameEnded { winners, .. } => {
                self.winners = Some(winners.iter().copied().collect());
                self.awaiting = None;
            }
            Event::SeatResigned { seat } | Event::SeatAbandoned { seat } => {
                if let Some(r) = self.resigned.get_mut(seat.index()) {
                    *r = true;
                }
            }
            Event::DecisionTimedOut { seat, consecutive } => {
                if let Some(t) = self.timeouts.get_mut(seat.index()) {
                    *t = *consecutive;
                }
            }
            Event::TimeoutsCleared { seat } => {
                if let Some(t) = self.timeouts.get_mut(seat.index()) {
                    *t = 0;
                }
            }
            Event::BotActed { .. } => self.bot_acting = true,
            Event::SeatAway { seat, until_ms } => {
                if let Some(a) = self.away_until_ms.get_mut(seat.index()) {
                    *a = Some(*until_ms);
                }
            }
            Event::SeatBack { seat } => {
                if let Some(a) = self.away_until_ms.get_mut(seat.index()) {
                    *a = None;
                }
            }
        }
    }
}
