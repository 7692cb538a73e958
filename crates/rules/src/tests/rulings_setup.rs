//! RULES §3 Setup, through `start` (and the start of a later skirmish for what `start` leaves
//! to chance).

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::harness::*;
use crate::Clan::{Forsyth, Makgill, Wemyss};
use crate::*;

fn started(players: u8, include_bruce: bool, seed: u64) -> (Vec<Event>, Game) {
    let options = OptionsRequest {
        players,
        include_bruce: Some(include_bruce),
        ..OptionsRequest::default()
    }
    .validate()
    .unwrap();
    let events = start(&options, &mut StdRng::seed_from_u64(seed)).unwrap();
    let game = Game::replay(&events);
    (events, game)
}

#[test]
fn rules_3_the_whole_deck_is_shuffled_96_cards_or_98_with_bruce() {
    for (bruce, size) in [(false, 96u8), (true, 98)] {
        let (events, game) = started(2, bruce, 1);
        match &events[1] {
            Event::DeckShuffled { size: s, order, .. } => {
                assert_eq!(*s, size);
                let mut order = order.clone().unwrap();
                order.sort();
                assert_eq!(order, Edition::standard().deck(bruce));
            }
            other => panic!("expected the deck shuffle, got {other:?}"),
        }
        assert_one_zone_each(&game);
    }
}

#[test]
fn rules_3_each_player_is_dealt_five_cards() {
    for players in 2..=5 {
        let (events, game) = started(players, false, 3);
        assert_eq!(of_kind(&events, "hand_dealt").len(), players as usize);
        for p in game.players() {
            assert_eq!(p.hand.len(), 5);
        }
    }
}

#[test]
fn rules_3_hands_are_dealt_from_the_top_of_the_shuffled_deck() {
    let (events, game) = started(3, false, 4);
    let Event::DeckShuffled { order, .. } = &events[1] else {
        panic!("expected the deck shuffle first");
    };
    let order = order.clone().unwrap();
    assert_eq!(ids(&game.players()[0].hand), ids(&order[0..5]));
    assert_eq!(ids(&game.players()[1].hand), ids(&order[5..10]));
    assert_eq!(ids(&game.players()[2].hand), ids(&order[10..15]));
}

#[test]
fn rules_3_five_recruits_are_dealt_face_down_into_slots_0_to_4() {
    let (events, _) = started(2, false, 5);
    let dealt: Vec<(u8, bool)> = of_kind(&events, "recruit_dealt")
        .into_iter()
        .map(|e| match e {
            Event::RecruitDealt { slot, face_up, .. } => (*slot, *face_up),
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(dealt, (0..5).map(|s| (s, false)).collect::<Vec<_>>());
}

#[test]
fn rules_3_one_supporter_is_dealt_per_player() {
    for players in 2..=5 {
        let (_, game) = started(players, false, 6);
        assert_eq!(game.supporters().len(), players as usize);
    }
}

#[test]
fn rules_3_the_recruits_are_dealt_before_the_supporters() {
    let (events, _) = started(2, false, 8);
    let last_recruit = events
        .iter()
        .rposition(|e| e.kind() == "recruit_dealt")
        .unwrap();
    let first_supporter = events
        .iter()
        .position(|e| e.kind() == "supporter_dealt")
        .unwrap();
    assert!(last_recruit < first_supporter);
}

#[test]
fn rules_3_a_supporter_row_of_one_strength_is_discarded_and_dealt_again() {
    // Some seed deals a one-strength row of two; find it rather than depend on one shuffle.
    let (events, game) = (0..500)
        .map(|seed| started(2, false, seed))
        .find(|(events, _)| events.iter().any(|e| e.kind() == "supporters_discarded"))
        .expect("some seed deals a row of one strength");
    let discarded = events
        .iter()
        .find_map(|e| match e {
            Event::SupportersDiscarded { cards } => Some(cards.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(discarded.len(), 2);
    assert_eq!(card(discarded[0]).strength, card(discarded[1]).strength);
    for c in &discarded {
        assert!(game.discard_pile().contains(c));
        assert!(!game.supporters().contains(c));
    }
    let row = game.supporters();
    assert_eq!(row.len(), 2);
    assert_ne!(card(row[0]).strength, card(row[1]).strength);
}

#[test]
fn rules_3_a_row_of_differing_strengths_is_kept() {
    // At a skirmish start the row is dealt from the top of the draw pile (RULES §6.7 uses §3.4).
    Given::new(2)
        .turn(1, 5)
        .draw(&[1, 2, 3, 4, 5, id(Forsyth, 3), id(Makgill, 4)])
        .when(1, Action::Pass)
        .then_events(|events| assert!(of_kind(events, "supporters_discarded").is_empty()))
        .then_state(|g| {
            assert_eq!(ids(g.supporters()), vec![id(Forsyth, 3), id(Makgill, 4)]);
        });
}

#[test]
fn rules_3_redealt_rows_are_dealt_again_until_the_strengths_differ() {
    let first = [id(Forsyth, 3), id(Makgill, 3)];
    let second = [id(Forsyth, 9), id(Wemyss, 9)];
    let third = [id(Forsyth, 10), id(Makgill, 11)];
    let mut draw = vec![1, 2, 3, 4, 5];
    draw.extend(first);
    draw.extend(second);
    draw.extend(third);
    Given::new(2)
        .turn(1, 5)
        .draw(&draw)
        .when(1, Action::Pass)
        .then_events(|events| {
            let rows: Vec<Vec<u8>> = events
                .iter()
                .filter_map(|e| match e {
                    Event::SupportersDiscarded { cards } => Some(ids(cards)),
                    _ => None,
                })
                .collect();
            assert_eq!(rows, vec![first.to_vec(), second.to_vec()]);
        })
        .then_state(|g| assert_eq!(ids(g.supporters()), third.to_vec()));
}

#[test]
fn rules_3_ruling_the_redeal_stops_when_the_draw_pile_cannot_deal_a_whole_row() {
    // RULES §3.4 "until the cards run out": the engine redeals only while the draw pile alone
    // holds a whole new row, so a redeal never reshuffles the discard pile.
    Given::new(2)
        .turn(1, 5)
        .draw(&[
            1,
            2,
            3,
            4,
            5,
            id(Forsyth, 3),
            id(Makgill, 3),
            id(Forsyth, 12),
        ])
        .spare(Spare::Hand(Seat(0)))
        .when(1, Action::Pass)
        .then_events(|events| {
            assert!(of_kind(events, "supporters_discarded").is_empty());
            assert!(of_kind(events, "deck_shuffled").is_empty());
        })
        .then_state(|g| {
            assert_eq!(ids(g.supporters()), vec![id(Forsyth, 3), id(Makgill, 3)]);
            assert_eq!(ids(g.draw_pile()), vec![id(Forsyth, 12)]);
        });
}

#[test]
fn rules_3_the_initiative_goes_to_a_player_chosen_at_random() {
    let mut seen = [false; 3];
    for seed in 0..60 {
        let (events, game) = started(3, false, seed);
        let Event::GameStarted { initiative, .. } = &events[0] else {
            panic!("the first event starts the game");
        };
        assert_eq!(game.initiative(), *initiative);
        seen[initiative.index()] = true;
    }
    assert_eq!(
        seen, [true; 3],
        "every seat gets the initiative for some seed"
    );
}

#[test]
fn rules_3_the_initiative_holder_acts_first_in_turn_1() {
    for seed in 0..10 {
        let (_, game) = started(4, false, seed);
        assert_eq!(game.skirmish(), 1);
        assert_eq!(game.turn(), 1);
        assert_eq!(
            game.awaiting(),
            Some(Awaiting {
                seat: game.initiative(),
                decision: Decision::Turn
            })
        );
    }
}

#[test]
fn rules_3_recruit_slot_0_is_turned_face_up_at_the_start() {
    let (events, game) = started(2, false, 9);
    let revealed = of_kind(&events, "recruit_revealed");
    assert_eq!(revealed.len(), 1);
    assert!(matches!(
        revealed[0],
        Event::RecruitRevealed { slot: 0, .. }
    ));
    let facings: Vec<bool> = game.recruits().iter().map(|r| r.unwrap().face_up).collect();
    assert_eq!(facings, vec![true, false, false, false, false]);
}

#[test]
fn rules_3_every_card_is_in_exactly_one_zone_after_setup() {
    for players in 2..=5 {
        for bruce in [false, true] {
            let (_, game) = started(players, bruce, 11);
            assert_one_zone_each(&game);
            assert_eq!(
                game.draw_pile().len(),
                // Redealt Supporters lie in the discard pile.
                Edition::standard().deck(bruce).len()
                    - 5 * players as usize
                    - 5
                    - players as usize
                    - game.discard_pile().len()
            );
        }
    }
}
