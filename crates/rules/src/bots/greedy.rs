//! The `greedy` bot: scores every legal action with a one-move heuristic read from the seat's
//! view and takes the best (the first listed among equals). Deterministic.

use super::super::action::{Action, FollowerRef};
use super::super::cards::{self, CardId, Clan};
use super::super::state::Seat;
use super::super::view::View;
use super::sample::{mean_strength, seat_of, unseen_cards};

/// What the heuristic needs from the view, computed once per decision.
pub(super) struct Reading<'v> {
    view: &'v View,
    me: Seat,
    /// The mean strength of the cards the seat has not seen: its guess for any hidden card.
    unknown: f64,
}

fn strength(card: CardId) -> f64 {
    f64::from(cards::card(card).strength)
}

impl<'v> Reading<'v> {
    pub(super) fn new(view: &'v View) -> Option<Self> {
        Some(Self {
            view,
            me: seat_of(view)?,
            unknown: mean_strength(&unseen_cards(view)),
        })
    }

    /// A Follower's strength as the seat sees it (its guess when face-down and not its own).
    fn follower(&self, target: FollowerRef) -> f64 {
        self.view
            .players
            .get(target.seat.index())
            .and_then(|p| p.army.get(target.position as usize))
            .map_or(0.0, |f| f.card.map_or(self.unknown, strength))
    }

    /// An army's strength as the seat sees it, doubling ignored.
    fn army(&self, seat: Seat) -> f64 {
        self.view.players.get(seat.index()).map_or(0.0, |p| {
            p.army
                .iter()
                .map(|f| f.card.map_or(self.unknown, strength))
                .sum()
        })
    }

    /// The strongest army but the seat's own: the one to beat (and to weaken).
    fn leader(&self) -> Option<Seat> {
        self.view
            .players
            .iter()
            .map(|p| p.seat)
            .filter(|&s| s != self.me)
            .max_by(|&a, &b| self.army(a).total_cmp(&self.army(b)))
    }

    fn my_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.view.players[self.me.index()]
            .army
            .iter()
            .filter_map(|f| f.card)
    }

    fn hand_size(&self) -> usize {
        self.view.players[self.me.index()].hand_size as usize
    }

    /// What using the power of `clan` (on a card of strength `own`) is worth now.
    fn power(&self, clan: Clan, own: f64) -> f64 {
        let row = || self.view.supporters.iter().map(|&c| strength(c));
        let opponents = || {
            self.view
                .players
                .iter()
                .filter(|p| p.seat != self.me)
                .flat_map(|p| {
                    (0..p.army.len()).map(move |i| FollowerRef {
                        seat: p.seat,
                        position: i as u8,
                    })
                })
                .map(|t| self.follower(t))
        };
        match clan {
            Clan::Forsyth => 4.0,
            Clan::Makgill => 3.0,
            Clan::Macdonnell => 0.6 * own,
            Clan::Cochrane => 0.7 * row().fold(f64::INFINITY, f64::min).min(12.0),
            Clan::Cockburn => (row().fold(0.0, f64::max) - own).max(0.0) + 1.0,
            Clan::Fergusson => (opponents().fold(0.0, f64::max) - own).max(0.0) * 1.5,
            Clan::Wemyss => opponents().fold(0.0, f64::max),
            Clan::Scott => 3.0,
            Clan::Bruce => 2.0,
        }
    }

    /// The heuristic value of one action; higher is better.
    pub(super) fn score(&self, action: &Action) -> f64 {
        match *action {
            Action::Muster {
                card,
                face_up,
                use_power,
            } => {
                let c = cards::card(card);
                let s = f64::from(c.strength);
                let mut v = s;
                let mut mine = self.my_cards().peekable();
                if mine.peek().is_none() {
                    // Any Follower gets the seat placed, and placed seats claim.
                    v += 3.0;
                } else if mine.all(|m| cards::card(m).clan == c.clan) {
                    // Still one clan: the army may be doubled.
                    v += 0.3 * (self.army(self.me) + s);
                }
                if use_power {
                    v += self.power(c.clan, s);
                }
                if !face_up {
                    // Hidden from the others, and blocks nobody's powers, the seat's own included.
                    v += 0.1;
                }
                v
            }
            Action::Recruit { slot } => {
                let s = self
                    .view
                    .recruits
                    .get(slot as usize)
                    .and_then(|r| r.card)
                    .map_or(self.unknown, strength);
                let hand = self.hand_size();
                let need = if hand <= 2 {
                    2.0
                } else if hand >= 7 {
                    -2.0
                } else {
                    0.0
                };
                0.6 * s + need
            }
            Action::Pass => 0.0,
            Action::CopyPower { target } => self
                .view
                .players
                .get(target.seat.index())
                .and_then(|p| p.army.get(target.position as usize))
                .and_then(|f| f.card)
                .map_or(0.0, |c| self.power(cards::card(c).clan, 0.0)),
            Action::SwapSupporter { supporter } => strength(supporter),
            Action::SwapFollower { target } => {
                let lead = if Some(target.seat) == self.leader() {
                    1.0
                } else {
                    0.0
                };
                self.follower(target) + lead
            }
            Action::DiscardFollower { target } => {
                if target.seat == self.me {
                    -self.follower(target)
                } else if Some(target.seat) == self.leader() {
                    self.follower(target) + 1.0
                } else {
                    self.follower(target)
                }
            }
            Action::ClaimSupporter { supporter } => strength(supporter),
        }
    }
}

/// The best-scoring legal action; `None` when there is none.
pub(super) fn choose(view: &View, legal: &[Action]) -> Option<Action> {
    let reading = Reading::new(view)?;
    best(legal, |a| reading.score(a))
}

/// The first action with the highest score.
pub(super) fn best(legal: &[Action], score: impl Fn(&Action) -> f64) -> Option<Action> {
    let mut best: Option<(f64, Action)> = None;
    for a in legal {
        let v = score(a);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, *a));
        }
    }
    best.map(|(_, a)| a)
}
