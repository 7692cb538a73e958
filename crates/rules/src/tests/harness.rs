//! Given/when/then for engine tests: build any `Game` directly (every card of the deck in exactly
//! one zone), submit actions with a seeded random generator, then check the events, the state or
//! the rejection. Test-only; depends on nothing outside `engine`.

use std::collections::BTreeSet;

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::state::Pile;
use crate::*;

/// The seed every `when` uses unless a test picks another.
pub(super) const SEED: u64 = 7;

/// The id (= rank) of the normal card of `clan` with `strength` (RULES §1).
pub(super) fn id(clan: Clan, strength: u8) -> u8 {
    let i = Clan::NORMAL
        .iter()
        .position(|&c| c == clan)
        .expect("Bruce has no strength-indexed id: use BRUCE_A or BRUCE_B") as u8;
    assert!(
        (1..=12).contains(&strength),
        "no card of strength {strength}"
    );
    8 * (strength - 1) + i + 1
}

/// The two Bruce cards (strength 6, RULES §1); only in a game built `with_bruce()`.
pub(super) const BRUCE_A: u8 = 97;
pub(super) const BRUCE_B: u8 = 98;

pub(super) fn at(seat: u8, position: u8) -> FollowerRef {
    FollowerRef {
        seat: Seat(seat),
        position,
    }
}

pub(super) fn muster(id: u8, face_up: bool) -> Action {
    Action::Muster {
        card: CardId(id),
        face_up,
        use_power: false,
    }
}

pub(super) fn muster_with_power(id: u8) -> Action {
    Action::Muster {
        card: CardId(id),
        face_up: true,
        use_power: true,
    }
}

/// Where the cards that no zone names go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Spare {
    /// Under the cards named by `draw` (the default).
    Draw,
    /// Under the cards named by `discard`.
    Discard,
    /// Into this seat's hand, after its named cards (to empty both piles without scoring).
    Hand(Seat),
}

/// A game state under construction.
pub(super) struct Given {
    game: Game,
    placed: BTreeSet<u8>,
    draw: Vec<u8>,
    discard: Vec<u8>,
    spare: Spare,
    seed: u64,
}

impl Given {
    /// A started game of `players` with the default options (RULES §2), in skirmish 1, turn 1,
    /// seat 0 holding the initiative and about to act; every zone empty but the draw pile.
    pub fn new(players: u8) -> Self {
        let options = OptionsRequest::new(players)
            .validate()
            .expect("valid player count");
        let mut game = Game::new();
        game.apply(&Event::GameStarted {
            edition: EditionId::StandardV1,
            options,
            initiative: Seat(0),
        });
        game.skirmish = 1;
        game.turn = 1;
        game.awaiting = Some(Awaiting {
            seat: Seat(0),
            decision: Decision::Turn,
        });
        Self {
            game,
            placed: BTreeSet::new(),
            draw: Vec::new(),
            discard: Vec::new(),
            spare: Spare::Draw,
            seed: SEED,
        }
    }

    fn options_mut(&mut self) -> &mut GameOptions {
        self.game.options.as_mut().expect("options set by new")
    }

    pub fn power_rule(mut self, rule: PowerRule) -> Self {
        self.options_mut().power_rule = rule;
        self
    }

    pub fn target_score(mut self, target: u16) -> Self {
        self.options_mut().target_score = target;
        self
    }

    /// The deck holds the two Bruce cards (RULES §2 `include_bruce`).
    pub fn with_bruce(mut self) -> Self {
        self.options_mut().include_bruce = true;
        self
    }

    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    fn place(&mut self, id: u8) -> CardId {
        assert!((1..=98).contains(&id), "no card {id}");
        assert!(self.placed.insert(id), "card {id} placed twice");
        CardId(id)
    }

    pub fn hand(mut self, seat: u8, ids: &[u8]) -> Self {
        for &id in ids {
            let card = self.place(id);
            self.game.players[seat as usize].hand.push(card);
        }
        self
    }

    /// Followers in mustering order, each `(id, face_up)`.
    pub fn army(mut self, seat: u8, followers: &[(u8, bool)]) -> Self {
        for &(id, face_up) in followers {
            let card = self.place(id);
            self.game.players[seat as usize]
                .army
                .push(Follower::mustered(card, face_up));
        }
        self
    }

    /// The Follower at (`seat`, `position`) carries the active end-of-skirmish power `clan` (its
    /// own, or a Scott's clan token).
    pub fn active(mut self, seat: u8, position: u8, clan: Clan) -> Self {
        self.game.players[seat as usize].army[position as usize].active = Some(clan);
        self
    }

    /// The Follower at (`seat`, `position`) was kept by a Macdonnell from the previous skirmish.
    pub fn kept(mut self, seat: u8, position: u8) -> Self {
        let f = &mut self.game.players[seat as usize].army[position as usize];
        assert!(f.face_up, "a kept Follower is face-up");
        f.kept = true;
        self
    }

    pub fn victory(mut self, seat: u8, ids: &[u8]) -> Self {
        for &id in ids {
            let card = self.place(id);
            self.game.players[seat as usize].victory.push(card);
        }
        self
    }

    pub fn supporters(mut self, ids: &[u8]) -> Self {
        for &id in ids {
            let card = self.place(id);
            self.game.supporters.push(card);
        }
        self
    }

    /// Recruit slots from slot 0 on, each `(id, face_up)`; the other slots stay empty.
    pub fn recruits(mut self, slots: &[(u8, bool)]) -> Self {
        for (slot, &(id, face_up)) in slots.iter().enumerate() {
            self = self.recruit(slot as u8, id, face_up);
        }
        self
    }

    pub fn recruit(mut self, slot: u8, id: u8, face_up: bool) -> Self {
        let card = self.place(id);
        self.game.recruits[slot as usize] = Some(RecruitSlot { card, face_up });
        self
    }

    /// The top of the draw pile, top card first.
    pub fn draw(mut self, ids: &[u8]) -> Self {
        for &id in ids {
            self.place(id);
            self.draw.push(id);
        }
        self
    }

    /// The top of the discard pile, top card first.
    pub fn discard(mut self, ids: &[u8]) -> Self {
        for &id in ids {
            self.place(id);
            self.discard.push(id);
        }
        self
    }

    pub fn spare(mut self, spare: Spare) -> Self {
        self.spare = spare;
        self
    }

    pub fn initiative(mut self, seat: u8) -> Self {
        self.game.initiative = Seat(seat);
        self
    }

    pub fn skirmish(mut self, skirmish: u16) -> Self {
        self.game.skirmish = skirmish;
        self
    }

    /// `seat` is to act in turn `turn` (1–5).
    pub fn turn(mut self, seat: u8, turn: u8) -> Self {
        self.game.turn = turn;
        self.game.awaiting = Some(Awaiting {
            seat: Seat(seat),
            decision: Decision::Turn,
        });
        self
    }

    /// `seat` owes the answer to a power's (or a claim's) decision.
    pub fn awaiting(mut self, seat: u8, decision: Decision) -> Self {
        self.game.awaiting = Some(Awaiting {
            seat: Seat(seat),
            decision,
        });
        self
    }

    /// The state, every card of the deck in exactly one zone.
    pub fn build(mut self) -> Game {
        let include_bruce = self.game.options.expect("options").include_bruce;
        let deck = Edition::standard().deck(include_bruce);
        let spare: Vec<CardId> = deck
            .iter()
            .copied()
            .filter(|c| !self.placed.contains(&c.0))
            .collect();
        for &id in &self.placed {
            assert!(
                deck.contains(&CardId(id)),
                "card {id} is not in this deck (Bruce needs with_bruce())"
            );
        }
        // Piles keep their top as the last element.
        let mut draw = Pile::new();
        let mut discard = Pile::new();
        match self.spare {
            Spare::Draw => draw.extend(spare.iter().copied()),
            Spare::Discard => discard.extend(spare.iter().copied()),
            Spare::Hand(seat) => self.game.players[seat.index()]
                .hand
                .extend(spare.iter().copied()),
        }
        draw.extend(self.draw.iter().rev().map(|&id| CardId(id)));
        discard.extend(self.discard.iter().rev().map(|&id| CardId(id)));
        self.game.draw = draw;
        self.game.discard = discard;
        assert_one_zone_each(&self.game);
        self.game
    }

    pub fn when(self, seat: u8, action: Action) -> Then {
        let rng = StdRng::seed_from_u64(self.seed);
        Then::run(self.build(), rng, seat, action)
    }
}

/// Every card of the deck is in exactly one zone.
pub(super) fn assert_one_zone_each(game: &Game) {
    let include_bruce = game.options().is_some_and(|o| o.include_bruce);
    let mut all = game.all_cards();
    all.sort();
    assert_eq!(
        all,
        Edition::standard().deck(include_bruce),
        "every card must be in exactly one zone"
    );
}

/// The outcome of one action on a given state.
pub(super) struct Then {
    after: Option<Game>,
    result: Result<Vec<Event>, RuleError>,
    rng: StdRng,
    action: Action,
}

impl Then {
    fn run(before: Game, mut rng: StdRng, seat: u8, action: Action) -> Then {
        let seat = Seat(seat);
        let result = decide(&before, seat, &action, &mut rng);
        // STYLE: legal_actions and decide agree exactly.
        let listed = legal_actions(&before, seat).contains(&action);
        assert_eq!(
            listed,
            result.is_ok(),
            "legal_actions and decide disagree on {action:?}: decide gave {result:?}"
        );
        let after = result.as_ref().ok().map(|events| {
            let mut game = before.clone();
            for event in events {
                game.apply(event);
            }
            assert_one_zone_each(&game);
            game
        });
        Then {
            after,
            result,
            rng,
            action,
        }
    }

    /// The next action, on the state this one left.
    pub fn when(self, seat: u8, action: Action) -> Then {
        let game = self.state().clone();
        Then::run(game, self.rng, seat, action)
    }

    pub fn then_rejects(self, error: RuleError) -> Self {
        assert_eq!(
            self.result,
            Err(error),
            "expected {:?} to be rejected",
            self.action
        );
        self
    }

    pub fn then_events(self, check: impl FnOnce(&[Event])) -> Self {
        check(self.events());
        self
    }

    pub fn then_state(self, check: impl FnOnce(&Game)) -> Self {
        check(self.state());
        self
    }

    /// The decision now awaited.
    pub fn then_awaits(self, seat: u8, decision: Decision) -> Self {
        assert_eq!(
            self.state().awaiting(),
            Some(Awaiting {
                seat: Seat(seat),
                decision
            })
        );
        self
    }

    pub fn events(&self) -> &[Event] {
        match &self.result {
            Ok(events) => events,
            Err(e) => panic!("{:?} was rejected: {e:?}", self.action),
        }
    }

    pub fn state(&self) -> &Game {
        match &self.after {
            Some(game) => game,
            None => panic!("{:?} was rejected: {:?}", self.action, self.result),
        }
    }
}

/// The cards of `seat`'s army, in order.
pub(super) fn army_ids(game: &Game, seat: u8) -> Vec<u8> {
    game.players()[seat as usize]
        .army
        .iter()
        .map(|f| f.card.0)
        .collect()
}

pub(super) fn hand_ids(game: &Game, seat: u8) -> Vec<u8> {
    game.players()[seat as usize]
        .hand
        .iter()
        .map(|c| c.0)
        .collect()
}

pub(super) fn ids(cards: &[CardId]) -> Vec<u8> {
    cards.iter().map(|c| c.0).collect()
}

/// The events of one kind, in order.
pub(super) fn of_kind<'a>(events: &'a [Event], kind: &str) -> Vec<&'a Event> {
    events.iter().filter(|e| e.kind() == kind).collect()
}
