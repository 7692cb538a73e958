//! RULES §4 A turn: the turn counter and the recruit reveal, recruit, muster, pass, whose
//! decision it is, and eligibility.

use super::harness::*;
use crate::Clan::{
    Bruce, Cochrane, Cockburn, Fergusson, Forsyth, Macdonnell, Makgill, Scott, Wemyss,
};
use crate::*;

fn turn_started(events: &[Event]) -> Vec<(u8, Seat)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::TurnStarted { turn, seat } => Some((*turn, *seat)),
            _ => None,
        })
        .collect()
}

fn revealed_slots(events: &[Event]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::RecruitRevealed { slot, .. } => Some(*slot),
            _ => None,
        })
        .collect()
}

// --- The turn counter and the initiative holder's reveal ---

#[test]
fn rules_4_the_turn_goes_on_to_the_next_seat_in_the_same_turn() {
    Given::new(3)
        .hand(0, &[id(Forsyth, 4)])
        .when(0, muster(id(Forsyth, 4), true))
        .then_events(|events| assert_eq!(turn_started(events), vec![(1, Seat(1))]))
        .then_state(|g| assert_eq!(g.turn(), 1))
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_4_the_turn_counter_advances_when_play_comes_back_to_the_initiative_holder() {
    Given::new(3)
        .initiative(1)
        .turn(0, 2)
        .hand(0, &[id(Forsyth, 4)])
        .when(0, muster(id(Forsyth, 4), true))
        .then_events(|events| assert_eq!(turn_started(events), vec![(3, Seat(1))]))
        .then_state(|g| assert_eq!(g.turn(), 3))
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_4_play_wraps_around_from_the_last_seat_to_seat_0() {
    Given::new(3)
        .initiative(2)
        .turn(2, 1)
        .hand(2, &[id(Forsyth, 4)])
        .when(2, muster(id(Forsyth, 4), true))
        .then_events(|events| assert_eq!(turn_started(events), vec![(1, Seat(0))]));
}

#[test]
fn rules_4_the_initiative_holder_turns_the_leftmost_face_down_recruit_face_up() {
    Given::new(2)
        .turn(1, 1)
        .recruits(&[(1, true), (2, false), (3, false)])
        .recruit(4, 4, false)
        .hand(1, &[id(Forsyth, 4)])
        .when(1, muster(id(Forsyth, 4), true))
        .then_events(|events| {
            assert!(events.contains(&Event::RecruitRevealed {
                slot: 1,
                card: CardId(2)
            }));
            assert_eq!(revealed_slots(events), vec![1]);
        })
        .then_state(|g| {
            let facings: Vec<Option<bool>> =
                g.recruits().iter().map(|r| r.map(|r| r.face_up)).collect();
            assert_eq!(
                facings,
                vec![Some(true), Some(true), Some(false), None, Some(false)]
            );
        });
}

#[test]
fn rules_4_the_reveal_skips_empty_and_face_up_slots() {
    Given::new(2)
        .turn(1, 3)
        .recruit(0, 1, true)
        .recruit(2, 3, true)
        .recruit(4, 5, false)
        .hand(1, &[id(Forsyth, 4)])
        .when(1, muster(id(Forsyth, 4), true))
        .then_events(|events| assert_eq!(revealed_slots(events), vec![4]));
}

#[test]
fn rules_4_only_the_initiative_holder_reveals_a_recruit() {
    Given::new(3)
        .recruits(&[(1, true), (2, false)])
        .hand(0, &[id(Forsyth, 4)])
        .when(0, muster(id(Forsyth, 4), true))
        .then_events(|events| assert!(revealed_slots(events).is_empty()));
}

#[test]
fn rules_4_the_turn_is_counted_even_when_the_recruit_row_is_empty() {
    Given::new(2)
        .turn(1, 3)
        .hand(1, &[id(Forsyth, 4)])
        .when(1, muster(id(Forsyth, 4), true))
        .then_events(|events| {
            assert!(revealed_slots(events).is_empty());
            assert_eq!(turn_started(events), vec![(4, Seat(0))]);
        })
        .then_state(|g| assert_eq!(g.turn(), 4));
}

#[test]
fn rules_4_a_skirmish_has_five_turns() {
    // After the last seat's action in turn 5 the skirmish ends instead of a turn 6.
    Given::new(2)
        .turn(1, 5)
        .when(1, Action::Pass)
        .then_events(|events| {
            assert!(turn_started(events).iter().all(|&(turn, _)| turn == 1));
            assert!(!of_kind(events, "armies_scored").is_empty());
        })
        .then_state(|g| assert_eq!(g.skirmish(), 2));
}

// --- Recruit ---

#[test]
fn rules_4_recruit_takes_the_card_of_any_slot_into_hand() {
    Given::new(2)
        .recruits(&[(1, true), (2, false), (3, true)])
        .when(0, Action::Recruit { slot: 2 })
        .then_state(|g| {
            assert_eq!(hand_ids(g, 0), vec![3]);
        });
}

#[test]
fn rules_4_a_face_down_recruit_can_be_taken() {
    Given::new(2)
        .recruits(&[(1, true), (2, false)])
        .when(0, Action::Recruit { slot: 1 })
        .then_state(|g| assert_eq!(hand_ids(g, 0), vec![2]));
}

#[test]
fn rules_4_a_face_up_slot_is_refilled_face_up_from_the_draw_pile() {
    Given::new(2)
        .recruits(&[(1, true), (2, false)])
        .draw(&[50])
        .when(0, Action::Recruit { slot: 0 })
        .then_events(|events| {
            assert!(events.contains(&Event::RecruitDealt {
                slot: 0,
                face_up: true,
                card: Some(CardId(50))
            }));
        })
        .then_state(|g| {
            assert_eq!(
                g.recruits()[0],
                Some(RecruitSlot {
                    card: CardId(50),
                    face_up: true
                })
            );
        });
}

#[test]
fn rules_4_a_face_down_slot_is_refilled_face_down() {
    Given::new(2)
        .recruits(&[(1, true), (2, false)])
        .draw(&[50])
        .when(0, Action::Recruit { slot: 1 })
        .then_state(|g| {
            assert_eq!(
                g.recruits()[1],
                Some(RecruitSlot {
                    card: CardId(50),
                    face_up: false
                })
            );
        });
}

#[test]
fn rules_4_the_slot_stays_empty_when_no_card_can_be_drawn() {
    Given::new(2)
        .recruits(&[(1, true), (2, false)])
        .spare(Spare::Hand(Seat(1)))
        .when(0, Action::Recruit { slot: 0 })
        .then_events(|events| assert!(of_kind(events, "recruit_dealt").is_empty()))
        .then_state(|g| {
            assert_eq!(g.recruits()[0], None);
            assert_eq!(hand_ids(g, 0), vec![1]);
        });
}

#[test]
fn rules_4_an_emptied_slot_is_refilled_from_the_reshuffled_discard_pile() {
    Given::new(2)
        .recruits(&[(1, true)])
        .spare(Spare::Discard)
        .when(0, Action::Recruit { slot: 0 })
        .then_events(|events| {
            let shuffle = events
                .iter()
                .position(|e| e.kind() == "deck_shuffled")
                .unwrap();
            let refill = events
                .iter()
                .position(|e| e.kind() == "recruit_dealt")
                .unwrap();
            assert!(shuffle < refill);
        })
        .then_state(|g| {
            assert!(g.recruits()[0].is_some_and(|r| r.face_up));
            assert!(g.discard_pile().is_empty());
        });
}

#[test]
fn rules_4_recruit_not_allowed_with_ten_cards_in_hand() {
    Given::new(2)
        .hand(0, &[11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
        .recruits(&[(1, true)])
        .when(0, Action::Recruit { slot: 0 })
        .then_rejects(RuleError::HandFull);
}

#[test]
fn rules_4_recruit_allowed_with_nine_cards_in_hand() {
    Given::new(2)
        .hand(0, &[11, 12, 13, 14, 15, 16, 17, 18, 19])
        .recruits(&[(1, true)])
        .when(0, Action::Recruit { slot: 0 })
        .then_state(|g| assert_eq!(g.players()[0].hand.len(), 10));
}

#[test]
fn rules_4_recruit_from_an_empty_slot_is_rejected() {
    Given::new(2)
        .recruits(&[(1, true)])
        .when(0, Action::Recruit { slot: 3 })
        .then_rejects(RuleError::RecruitSlotEmpty);
}

#[test]
fn rules_4_recruit_slots_are_0_to_4() {
    Given::new(2)
        .recruits(&[(1, true)])
        .when(0, Action::Recruit { slot: 5 })
        .then_rejects(RuleError::NoSuchRecruitSlot);
}

// --- Muster ---

#[test]
fn rules_4_muster_face_up_adds_the_card_to_the_end_of_the_army() {
    Given::new(2)
        .army(0, &[(id(Wemyss, 2), true)])
        .hand(0, &[id(Forsyth, 4), id(Makgill, 7)])
        .when(0, muster(id(Makgill, 7), true))
        .then_state(|g| {
            assert_eq!(army_ids(g, 0), vec![id(Wemyss, 2), id(Makgill, 7)]);
            assert!(g.players()[0].army[1].face_up);
            assert_eq!(hand_ids(g, 0), vec![id(Forsyth, 4)]);
        });
}

#[test]
fn rules_4_muster_face_down_adds_a_face_down_follower() {
    Given::new(2)
        .hand(0, &[id(Forsyth, 4)])
        .when(0, muster(id(Forsyth, 4), false))
        .then_state(|g| {
            assert_eq!(army_ids(g, 0), vec![id(Forsyth, 4)]);
            assert!(!g.players()[0].army[0].face_up);
        });
}

#[test]
fn rules_4_a_face_down_muster_never_uses_its_power() {
    Given::new(2)
        .hand(0, &[id(Forsyth, 1)])
        .when(
            0,
            Action::Muster {
                card: CardId(id(Forsyth, 1)),
                face_up: false,
                use_power: true,
            },
        )
        .then_rejects(RuleError::FaceDownHasNoPower);
}

#[test]
fn rules_4_muster_of_a_card_not_in_hand_is_rejected() {
    Given::new(2)
        .hand(0, &[id(Forsyth, 4)])
        .hand(1, &[id(Forsyth, 5)])
        .when(0, muster(id(Forsyth, 5), true))
        .then_rejects(RuleError::CardNotInHand);
}

#[test]
fn rules_4_an_eligible_card_may_be_mustered_face_up_without_its_power() {
    Given::new(2)
        .hand(0, &[id(Forsyth, 1)])
        .when(0, muster(id(Forsyth, 1), true))
        .then_events(|events| assert!(of_kind(events, "card_drawn").is_empty()))
        .then_state(|g| assert!(g.players()[0].hand.is_empty()));
}

#[test]
fn rules_4_a_power_is_resolved_before_the_turn_passes() {
    Given::new(2)
        .hand(0, &[id(Forsyth, 1)])
        .draw(&[60])
        .when(0, muster_with_power(id(Forsyth, 1)))
        .then_events(|events| {
            let drawn = events
                .iter()
                .position(|e| e.kind() == "card_drawn")
                .unwrap();
            let next = events
                .iter()
                .position(|e| e.kind() == "turn_started")
                .unwrap();
            assert!(drawn < next);
        });
}

// --- Pass ---

#[test]
fn rules_4_pass_allowed_with_an_empty_hand_and_no_recruit() {
    Given::new(2)
        .when(0, Action::Pass)
        .then_events(|events| assert_eq!(events[0], Event::Passed { seat: Seat(0) }))
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_4_pass_not_allowed_with_a_card_in_hand() {
    Given::new(2)
        .hand(0, &[id(Forsyth, 4)])
        .when(0, Action::Pass)
        .then_rejects(RuleError::PassNotAllowed);
}

#[test]
fn rules_4_pass_not_allowed_while_a_recruit_can_be_taken() {
    Given::new(2)
        .recruit(3, 1, false)
        .when(0, Action::Pass)
        .then_rejects(RuleError::PassNotAllowed);
}

#[test]
fn rules_4_pass_not_allowed_with_a_full_hand_that_can_muster() {
    Given::new(2)
        .hand(0, &[11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
        .recruits(&[(1, true)])
        .when(0, Action::Pass)
        .then_rejects(RuleError::PassNotAllowed);
}

// --- Whose decision ---

#[test]
fn rules_4_acting_out_of_turn_is_rejected_not_your_turn() {
    Given::new(2)
        .hand(1, &[id(Forsyth, 4)])
        .when(1, muster(id(Forsyth, 4), true))
        .then_rejects(RuleError::NotYourTurn);
}

#[test]
fn rules_4_a_seat_outside_the_table_is_rejected() {
    Given::new(2)
        .when(2, Action::Pass)
        .then_rejects(RuleError::NoSuchSeat);
}

#[test]
fn rules_4_a_power_answer_during_a_turn_is_an_unexpected_action() {
    Given::new(2)
        .army(1, &[(id(Forsyth, 4), true)])
        .hand(0, &[id(Forsyth, 5)])
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_rejects(RuleError::UnexpectedAction);
}

#[test]
fn rules_4_a_claim_during_a_turn_is_an_unexpected_action() {
    Given::new(2)
        .supporters(&[30, 31])
        .hand(0, &[id(Forsyth, 5)])
        .when(
            0,
            Action::ClaimSupporter {
                supporter: CardId(30),
            },
        )
        .then_rejects(RuleError::UnexpectedAction);
}

// --- Eligibility ---

#[test]
fn rules_4_lowest_strength_a_lower_face_up_follower_blocks_the_power() {
    Given::new(2)
        .power_rule(PowerRule::LowestStrength)
        .army(1, &[(id(Wemyss, 3), true)])
        .hand(0, &[id(Forsyth, 5)])
        .when(0, muster_with_power(id(Forsyth, 5)))
        .then_rejects(RuleError::PowerNotEligible);
}

#[test]
fn rules_4_lowest_strength_a_lower_follower_in_your_own_army_blocks_too() {
    Given::new(2)
        .power_rule(PowerRule::LowestStrength)
        .army(0, &[(id(Wemyss, 3), true)])
        .hand(0, &[id(Forsyth, 5)])
        .when(0, muster_with_power(id(Forsyth, 5)))
        .then_rejects(RuleError::PowerNotEligible);
}

#[test]
fn rules_4_lowest_strength_equal_strength_does_not_block() {
    Given::new(2)
        .power_rule(PowerRule::LowestStrength)
        .army(1, &[(id(Wemyss, 5), true)])
        .hand(0, &[id(Forsyth, 5)])
        .when(0, muster_with_power(id(Forsyth, 5)))
        .then_events(|events| assert_eq!(of_kind(events, "card_drawn").len(), 1));
}

#[test]
fn rules_4_lowest_strength_a_higher_follower_does_not_block() {
    Given::new(2)
        .power_rule(PowerRule::LowestStrength)
        .army(1, &[(id(Wemyss, 9), true), (id(Makgill, 6), true)])
        .hand(0, &[id(Forsyth, 5)])
        .when(0, muster_with_power(id(Forsyth, 5)))
        .then_events(|events| assert_eq!(of_kind(events, "card_drawn").len(), 1));
}

#[test]
fn rules_4_lowest_strength_blocks_across_clans() {
    Given::new(4)
        .power_rule(PowerRule::LowestStrength)
        .army(3, &[(id(Cochrane, 4), true)])
        .hand(0, &[id(Forsyth, 5)])
        .when(0, muster_with_power(id(Forsyth, 5)))
        .then_rejects(RuleError::PowerNotEligible);
}

#[test]
fn rules_4_lowest_in_clan_a_lower_card_of_another_clan_does_not_block() {
    Given::new(4)
        .power_rule(PowerRule::LowestInClan)
        .army(1, &[(id(Wemyss, 1), true), (id(Makgill, 2), true)])
        .hand(0, &[id(Forsyth, 5)])
        .when(0, muster_with_power(id(Forsyth, 5)))
        .then_events(|events| assert_eq!(of_kind(events, "card_drawn").len(), 1));
}

#[test]
fn rules_4_lowest_in_clan_a_lower_card_of_the_same_clan_blocks() {
    Given::new(4)
        .power_rule(PowerRule::LowestInClan)
        .army(2, &[(id(Forsyth, 3), true)])
        .hand(0, &[id(Forsyth, 5)])
        .when(0, muster_with_power(id(Forsyth, 5)))
        .then_rejects(RuleError::PowerNotEligible);
}

#[test]
fn rules_4_lowest_in_clan_an_equal_card_of_the_same_clan_blocks() {
    // The two Bruce cards are the only two cards of one clan with one strength.
    Given::new(4)
        .power_rule(PowerRule::LowestInClan)
        .with_bruce()
        .army(1, &[(BRUCE_A, true)])
        .hand(0, &[BRUCE_B])
        .when(0, muster_with_power(BRUCE_B))
        .then_rejects(RuleError::PowerNotEligible);
}

#[test]
fn rules_4_lowest_in_clan_a_higher_card_of_the_same_clan_does_not_block() {
    Given::new(4)
        .power_rule(PowerRule::LowestInClan)
        .army(1, &[(id(Forsyth, 7), true)])
        .hand(0, &[id(Forsyth, 5)])
        .when(0, muster_with_power(id(Forsyth, 5)))
        .then_events(|events| assert_eq!(of_kind(events, "card_drawn").len(), 1));
}

#[test]
fn rules_4_a_face_down_follower_never_blocks() {
    Given::new(2)
        .power_rule(PowerRule::LowestStrength)
        .army(1, &[(id(Wemyss, 1), false)])
        .hand(0, &[id(Forsyth, 5)])
        .when(0, muster_with_power(id(Forsyth, 5)))
        .then_events(|events| assert_eq!(of_kind(events, "card_drawn").len(), 1));
}

#[test]
fn rules_4_lowest_in_clan_a_face_down_follower_of_the_same_clan_never_blocks() {
    Given::new(4)
        .power_rule(PowerRule::LowestInClan)
        .army(1, &[(id(Forsyth, 1), false)])
        .hand(0, &[id(Forsyth, 5)])
        .when(0, muster_with_power(id(Forsyth, 5)))
        .then_events(|events| assert_eq!(of_kind(events, "card_drawn").len(), 1));
}

#[test]
fn rules_4_ruling_lowest_in_clan_compares_printed_clans_not_tokens() {
    // A Scott carrying a Bruce token is still a Scott while the skirmish is played.
    Given::new(4)
        .power_rule(PowerRule::LowestInClan)
        .with_bruce()
        .army(1, &[(id(Scott, 1), true)])
        .active(1, 0, Bruce)
        .hand(0, &[BRUCE_A])
        .when(0, muster_with_power(BRUCE_A))
        .then_state(|g| assert_eq!(g.players()[0].army[0].active, Some(Bruce)));
}

#[test]
fn rules_4_a_kept_macdonnell_blocks() {
    Given::new(2)
        .power_rule(PowerRule::LowestStrength)
        .skirmish(2)
        .army(1, &[(id(Macdonnell, 2), true)])
        .kept(1, 0)
        .hand(0, &[id(Forsyth, 5)])
        .when(0, muster_with_power(id(Forsyth, 5)))
        .then_rejects(RuleError::PowerNotEligible);
}

#[test]
fn rules_4_a_blocked_card_may_still_be_mustered_face_up_without_its_power() {
    Given::new(2)
        .army(1, &[(id(Wemyss, 3), true)])
        .hand(0, &[id(Forsyth, 5)])
        .when(0, muster(id(Forsyth, 5), true))
        .then_state(|g| assert_eq!(army_ids(g, 0), vec![id(Forsyth, 5)]));
}

#[test]
fn rules_4_a_power_with_no_legal_target_cannot_be_used() {
    Given::new(2)
        .hand(0, &[id(Cockburn, 2)])
        .when(0, muster_with_power(id(Cockburn, 2)))
        .then_rejects(RuleError::PowerHasNoTarget);
}

#[test]
fn rules_4_a_card_whose_power_has_no_target_may_still_be_mustered_face_up() {
    Given::new(2)
        .hand(0, &[id(Cockburn, 2)])
        .when(0, muster(id(Cockburn, 2), true))
        .then_state(|g| assert_eq!(army_ids(g, 0), vec![id(Cockburn, 2)]))
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_4_a_supporter_taken_by_cockburn_never_uses_its_power() {
    // The Forsyth joins the army from the Supporter row, not from hand: no draw.
    Given::new(2)
        .supporters(&[id(Forsyth, 1), 60])
        .hand(0, &[id(Cockburn, 2)])
        .when(0, muster_with_power(id(Cockburn, 2)))
        .when(
            0,
            Action::SwapSupporter {
                supporter: CardId(id(Forsyth, 1)),
            },
        )
        .then_events(|events| {
            assert!(of_kind(events, "card_drawn").is_empty());
            assert!(of_kind(events, "decision_requested").is_empty());
        })
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_4_a_follower_taken_by_fergusson_never_uses_its_power() {
    Given::new(2)
        .army(1, &[(id(Makgill, 1), true)])
        .hand(0, &[id(Fergusson, 1), id(Forsyth, 9)])
        .when(0, muster_with_power(id(Fergusson, 1)))
        .when(0, Action::SwapFollower { target: at(1, 0) })
        .then_events(|events| assert!(of_kind(events, "decision_requested").is_empty()))
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_4_a_kept_macdonnell_does_not_use_its_power_again() {
    Given::new(2)
        .turn(1, 5)
        .army(1, &[(id(Macdonnell, 2), true)])
        .active(1, 0, Macdonnell)
        .when(1, Action::Pass)
        .then_events(|events| assert!(of_kind(events, "power_activated").is_empty()))
        .then_state(|g| {
            let kept = g.players()[1].army[0];
            assert!(kept.kept);
            assert_eq!(kept.active, None);
        });
}

#[test]
fn rules_4_a_turn_action_while_a_power_waits_is_an_unexpected_action() {
    Given::new(2)
        .army(0, &[(id(Makgill, 3), true)])
        .awaiting(0, Decision::MakgillMuster)
        .hand(0, &[id(Forsyth, 8)])
        .recruits(&[(1, true)])
        .when(0, Action::Recruit { slot: 0 })
        .then_rejects(RuleError::UnexpectedAction);
}

// --- legal_actions and decide agree ---

/// Every action worth trying in `game` for `seat`: all that are legal and many that are not.
fn candidates(game: &Game, seat: Seat) -> Vec<Action> {
    let mut out = vec![Action::Pass];
    out.extend((0..=5).map(|slot| Action::Recruit { slot }));
    let mut cards: Vec<CardId> = game.players()[seat.index()].hand.to_vec();
    cards.extend(game.supporters().iter().copied());
    cards.extend(game.draw_pile().last().copied());
    for &card in &cards {
        for (face_up, use_power) in [(false, false), (true, false), (true, true), (false, true)] {
            out.push(Action::Muster {
                card,
                face_up,
                use_power,
            });
        }
        out.push(Action::SwapSupporter { supporter: card });
        out.push(Action::ClaimSupporter { supporter: card });
    }
    for (s, p) in game.players().iter().enumerate() {
        for position in 0..=p.army.len() as u8 {
            let target = at(s as u8, position);
            out.push(Action::CopyPower { target });
            out.push(Action::SwapFollower { target });
            out.push(Action::DiscardFollower { target });
        }
    }
    out
}

#[test]
fn rules_4_legal_actions_list_exactly_the_actions_decide_accepts() {
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rand::seq::IndexedRandom;

    for players in 2..=5u8 {
        for seed in 0..3u64 {
            let mut rng = StdRng::seed_from_u64(seed);
            let options = OptionsRequest {
                players,
                include_bruce: Some(seed == 1),
                ..OptionsRequest::default()
            }
            .validate()
            .unwrap();
            let mut game = Game::replay(&start(&options, &mut rng).unwrap());
            while game.status() == Status::Active {
                let seat = game.awaiting().unwrap().seat;
                let legal = legal_actions(&game, seat);
                for action in candidates(&game, seat) {
                    let accepted = decide(&game, seat, &action, &mut rng);
                    assert_eq!(
                        legal.contains(&action),
                        accepted.is_ok(),
                        "{action:?} at {:?}: {accepted:?}",
                        game.awaiting()
                    );
                }
                let other = Seat((seat.0 + 1) % players);
                assert!(legal_actions(&game, other).is_empty());
                let action = *legal.choose(&mut rng).unwrap();
                for event in decide(&game, seat, &action, &mut rng).unwrap() {
                    game.apply(&event);
                }
            }
        }
    }
}
