//! Differential leak test (RULES §8): change only what a viewer may not see — swap two hidden
//! cards — and nothing that viewer is given may change: its view (byte for byte as JSON), its
//! legal actions, and the redacted events of the next action while they reveal nothing new.

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

use super::properties::{MAX_ACTIONS, options, viewers};
use crate::*;

/// Random games, a quarter for each player count, spread over Bruce and power rule.
const GAMES: u64 = 1_000;

/// The chance that a decision point is probed: about 3 points in an average 2-player game, 6
/// in a 5-player one; 4,700 points over the 1,000 games.
const PROBE_ONE_IN: u32 = 24;

/// A place that holds a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Spot {
    Hand(Seat, usize),
    Army(Seat, usize),
    Recruit(usize),
    /// Index from the bottom of the draw pile.
    Draw(usize),
}

/// The places whose card `viewer` may not see (RULES §8): other players' hands, other armies'
/// face-down Followers, face-down recruits, the draw pile.
pub(crate) fn hidden_spots(g: &Game, viewer: Viewer) -> Vec<Spot> {
    let mut spots = Vec::new();
    for (i, p) in g.players.iter().enumerate() {
        let seat = Seat(i as u8);
        if viewer == Viewer::Seat(seat) {
            continue;
        }
        spots.extend((0..p.hand.len()).map(|h| Spot::Hand(seat, h)));
        spots.extend(
            p.army
                .iter()
                .enumerate()
                .filter(|(_, f)| !f.face_up)
                .map(|(a, _)| Spot::Army(seat, a)),
        );
    }
    spots.extend(
        g.recruits
            .iter()
            .enumerate()
            .filter(|(_, r)| r.is_some_and(|r| !r.face_up))
            .map(|(slot, _)| Spot::Recruit(slot)),
    );
    spots.extend((0..g.draw.len()).map(Spot::Draw));
    spots
}

fn card_at(g: &mut Game, spot: Spot) -> &mut CardId {
    match spot {
        Spot::Hand(seat, i) => &mut g.players[seat.index()].hand[i],
        Spot::Army(seat, i) => &mut g.players[seat.index()].army[i].card,
        Spot::Recruit(slot) => &mut g.recruits[slot].as_mut().expect("a recruit").card,
        Spot::Draw(i) => &mut g.draw[i],
    }
}

/// The game with the cards of two places exchanged; facings and power states stay in place.
pub(crate) fn swapped(g: &Game, a: Spot, b: Spot) -> Game {
    let mut g = g.clone();
    let card_a = *card_at(&mut g, a);
    let card_b = std::mem::replace(card_at(&mut g, b), card_a);
    *card_at(&mut g, a) = card_b;
    g
}

/// Swaps of hidden cards a view must not tell apart (a hand and a face-down recruit, a hand and
/// the draw pile, two draw-pile cards, a face-down Follower and the draw pile), each when the
/// game has the places for it, and one between any two hidden places.
fn swaps(g: &Game, viewer: Viewer, rng: &mut StdRng) -> Vec<(Spot, Spot)> {
    let spots = hidden_spots(g, viewer);
    let of = |keep: fn(&Spot) -> bool| spots.iter().copied().filter(keep).collect::<Vec<_>>();
    let hands = of(|s| matches!(s, Spot::Hand(..)));
    let armies = of(|s| matches!(s, Spot::Army(..)));
    let recruits = of(|s| matches!(s, Spot::Recruit(..)));
    let draw = of(|s| matches!(s, Spot::Draw(..)));
    let pairs: [(&[Spot], &[Spot]); 5] = [
        (&hands, &recruits),
        (&hands, &draw),
        (&draw, &draw),
        (&armies, &draw),
        (&spots, &spots),
    ];
    let mut out = Vec::new();
    for (from, to) in pairs {
        if let (Some(&a), Some(&b)) = (from.choose(rng), to.choose(rng))
            && a != b
        {
            out.push((a, b));
        }
    }
    out
}

fn view_json(g: &Game, viewer: Viewer) -> Vec<u8> {
    serde_json::to_vec(&view(g, viewer)).expect("a view serializes")
}

fn redacted(events: &[Event], viewer: Viewer) -> Vec<Event> {
    events.iter().map(|e| redact(e, viewer)).collect()
}

/// The events of an action and the game after them; `None` when the action is rejected.
fn outcome(g: &Game, seat: Seat, action: &Action, seed: u64) -> Option<(Vec<Event>, Game)> {
    let events = decide(g, seat, action, &mut StdRng::seed_from_u64(seed)).ok()?;
    let mut after = g.clone();
    for e in &events {
        after.apply(e);
    }
    Some((events, after))
}

/// Every swap `viewer` may not see leaves what it is given unchanged.
fn probe(g: &Game, action: &Action, rng: &mut StdRng, context: &str) {
    let awaiting = g.awaiting().expect("a decision is awaited");
    let seed = rng.random();
    let legal = legal_actions(g, awaiting.seat);
    let (events, after) = outcome(g, awaiting.seat, action, seed).expect("a legal action");
    for viewer in viewers(g.player_count() as u8) {
        let before = view_json(g, viewer);
        // Equal values serialize to equal bytes: the views and events after the action are
        // compared as values, which is stronger and much cheaper in a debug build.
        let told = redacted(&events, viewer);
        let after = view(&after, viewer);
        for (a, b) in swaps(g, viewer, rng) {
            let other = swapped(g, a, b);
            let what = format!("{viewer:?}, swap {a:?} and {b:?}; {context}");
            assert!(
                view_json(&other, viewer) == before,
                "the view changes: {what}"
            );
            if viewer == Viewer::Seat(awaiting.seat) {
                assert_eq!(
                    legal_actions(&other, awaiting.seat),
                    legal,
                    "the legal actions change: {what}"
                );
            }
            // The action may be impossible in the other game (another player's hand changed);
            // when it reveals one of the swapped cards the views afterwards differ, fairly.
            let Some((other_events, other_after)) = outcome(&other, awaiting.seat, action, seed)
            else {
                continue;
            };
            if view(&other_after, viewer) == after {
                assert_eq!(
                    redacted(&other_events, viewer),
                    told,
                    "the redacted events of {action:?} change: {what}"
                );
            }
        }
    }
}

/// Plays `GAMES / 4` random games of `players`, alternating Bruce and the power rule, and probes
/// random decision points.
fn check_games(players: u8) {
    let rules = [PowerRule::LowestStrength, PowerRule::LowestInClan];
    for game in 0..GAMES / 4 {
        let include_bruce = game % 2 == 1;
        let power_rule = rules[((game / 2) % 2) as usize];
        let options = options(players, include_bruce, power_rule);
        let seed = u64::from(players) * 1_000_000 + 7_000 + game;
        let mut rng = StdRng::seed_from_u64(seed);
        let mut g = Game::replay(&start(&options, &mut rng).expect("the game starts"));
        let mut actions = 0;
        while g.status() == Status::Active {
            assert!(actions < MAX_ACTIONS, "{options:?}, seed {seed}: no end");
            let awaiting = g.awaiting().expect("a decision is awaited");
            let action = *legal_actions(&g, awaiting.seat)
                .choose(&mut rng)
                .expect("a legal action");
            if rng.random_ratio(1, PROBE_ONE_IN) {
                let context = format!("{options:?}, seed {seed}, action {actions}");
                probe(&g, &action, &mut rng, &context);
            }
            for e in decide(&g, awaiting.seat, &action, &mut rng).expect("legal") {
                g.apply(&e);
            }
            actions += 1;
        }
    }
}

#[test]
fn two_players_see_nothing_hidden() {
    check_games(2);
}

#[test]
fn three_players_see_nothing_hidden() {
    check_games(3);
}

#[test]
fn four_players_see_nothing_hidden() {
    check_games(4);
}

#[test]
fn five_players_see_nothing_hidden() {
    check_games(5);
}
