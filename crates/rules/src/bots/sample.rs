//! Determinization: a whole `Game` consistent with what one seat can see. The cards the seat
//! cannot place (other hands, other armies' face-down Followers, face-down recruits, the draw
//! pile) are dealt at random from the cards it has not seen.

use rand::Rng;
use rand::seq::SliceRandom;

use super::super::cards::{self, CardId, Edition};
use super::super::state::{
    ALL_CARDS, Decision, Follower, Game, Pile, Player, RECRUIT_SLOTS, RecruitSlot, ScoredSkirmish,
    Seat, Status,
};
use super::super::view::{RecruitState, View};

/// The seat a view was made for: its viewer, else the awaited seat.
pub(super) fn seat_of(view: &View) -> Option<Seat> {
    view.viewer.or(view.awaiting.map(|a| a.seat))
}

/// The cards of the game's deck that `view` does not show anywhere, in rank order.
pub(super) fn unseen_cards(view: &View) -> Vec<CardId> {
    let include_bruce = view.options.is_some_and(|o| o.include_bruce);
    let mut seen = [false; ALL_CARDS + 1];
    let mut see = |c: CardId| {
        if let Some(s) = seen.get_mut(c.0 as usize) {
            *s = true;
        }
    };
    for p in &view.players {
        p.hand.iter().flatten().copied().for_each(&mut see);
        p.army.iter().filter_map(|f| f.card).for_each(&mut see);
        p.victory.iter().copied().for_each(&mut see);
    }
    view.recruits
        .iter()
        .filter_map(|r| r.card)
        .for_each(&mut see);
    view.supporters.iter().copied().for_each(&mut see);
    view.discard.iter().copied().for_each(&mut see);
    Edition::standard()
        .deck(include_bruce)
        .into_iter()
        .filter(|c| !seen[c.0 as usize])
        .collect()
}

/// The mean strength of `cards` (6.5, a whole deck's mean, when there are none).
pub(super) fn mean_strength(cards: &[CardId]) -> f64 {
    if cards.is_empty() {
        return 6.5;
    }
    cards
        .iter()
        .map(|&c| f64::from(cards::card(c).strength))
        .sum::<f64>()
        / cards.len() as f64
}

/// A game the seat of `view` cannot tell from the real one: everything it sees is as it sees
/// it, and every hidden place holds one of its unseen cards, dealt uniformly at random.
/// `None` when the game is not active, or during claims (whose remaining rights the view does
/// not carry), or when the view does not add up to one deck.
pub fn determinize<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Option<Game> {
    let claiming = matches!(
        view.awaiting.map(|a| a.decision),
        Some(Decision::ClaimSupporter { .. })
    );
    if view.status != Status::Active || claiming {
        return None;
    }
    let mut unseen = unseen_cards(view);
    unseen.shuffle(rng);
    let mut deal = || unseen.pop();
    let mut g = Game::new();
    g.edition = view.edition;
    g.options = view.options;
    for p in &view.players {
        let mut player = Player::default();
        match &p.hand {
            Some(hand) => player.hand.try_extend_from_slice(hand).ok()?,
            None => {
                for _ in 0..p.hand_size {
                    player.hand.try_push(deal()?).ok()?;
                }
            }
        }
        for f in &p.army {
            let card = match f.card {
                Some(card) => card,
                None => deal()?,
            };
            player
                .army
                .try_push(Follower {
                    card,
                    face_up: f.face_up,
                    active: f.active,
                    kept: f.kept,
                })
                .ok()?;
        }
        player.victory.try_extend_from_slice(&p.victory).ok()?;
        g.players.try_push(player).ok()?;
    }
    for r in view.recruits.iter().take(RECRUIT_SLOTS) {
        g.recruits[r.slot as usize] = match r.state {
            RecruitState::Empty => None,
            RecruitState::FaceUp => Some(RecruitSlot {
                card: r.card?,
                face_up: true,
            }),
            RecruitState::FaceDown => Some(RecruitSlot {
                card: deal()?,
                face_up: false,
            }),
        };
    }
    let mut draw = Pile::new();
    for _ in 0..view.draw_size {
        draw.try_push(deal()?).ok()?;
    }
    g.draw = draw;
    g.discard.try_extend_from_slice(&view.discard).ok()?;
    g.supporters.try_extend_from_slice(&view.supporters).ok()?;
    g.initiative = view.initiative;
    g.skirmish = view.skirmish;
    g.turn = view.turn;
    g.awaiting = view.awaiting;
    g.placement.try_extend_from_slice(&view.placement).ok()?;
    g.scores.try_extend_from_slice(&view.last_scores).ok()?;
    g.scored = view.last_skirmish.as_ref().map(|last| ScoredSkirmish {
        skirmish: last.skirmish,
        followers: last
            .placement
            .iter()
            .flat_map(|p| {
                p.army
                    .iter()
                    .map(|&c| (p.seat, Follower::mustered(c, true)))
            })
            .collect(),
        claims: last.claims.iter().copied().collect(),
    });
    // Every unseen card found a hidden place, and every hidden place a card.
    unseen.is_empty().then_some(g)
}
