//! RULES §5 The powers: each clan's power, the choices it waits for, and where its card ends up.

use super::harness::*;
use crate::Clan::{
    Bruce, Cochrane, Cockburn, Fergusson, Forsyth, Macdonnell, Makgill, Scott, Wemyss,
};
use crate::*;

fn claims(events: &[Event]) -> Vec<ClaimRight> {
    events
        .iter()
        .find_map(|e| match e {
            Event::ArmiesScored { placement, .. } => Some(placement.clone()),
            _ => None,
        })
        .expect("the skirmish was scored")
}

fn right(seat: u8, claims: u8) -> ClaimRight {
    ClaimRight {
        seat: Seat(seat),
        claims,
    }
}

/// Seat 0 acts last in the skirmish: seat 1 holds the initiative and turn 5 is being played.
fn seat_0_acts_last() -> Given {
    Given::new(2).initiative(1).turn(0, 5)
}

// --- Forsyth ---

#[test]
fn rules_5_forsyth_draws_the_top_card_of_the_draw_pile() {
    Given::new(2)
        .hand(0, &[id(Forsyth, 1)])
        .draw(&[60, 61])
        .when(0, muster_with_power(id(Forsyth, 1)))
        .then_events(|events| {
            assert!(events.contains(&Event::CardDrawn {
                seat: Seat(0),
                card: Some(CardId(60))
            }));
        })
        .then_state(|g| {
            assert_eq!(hand_ids(g, 0), vec![60]);
            assert_eq!(g.draw_pile().last(), Some(&CardId(61)));
        });
}

#[test]
fn rules_5_forsyth_may_take_a_hand_past_ten() {
    let others = [11, 12, 13, 14, 15, 16, 18, 19, 20, 21];
    let mut hand = vec![id(Forsyth, 1)];
    hand.extend(others);
    Given::new(2)
        .hand(0, &hand)
        .when(0, muster_with_power(id(Forsyth, 1)))
        .then_state(|g| assert_eq!(g.players()[0].hand.len(), 11));
}

#[test]
fn rules_5_forsyth_reshuffles_the_discard_pile_when_the_draw_pile_is_empty() {
    Given::new(2)
        .hand(0, &[id(Forsyth, 1)])
        .discard(&[60, 61, 62])
        .spare(Spare::Hand(Seat(1)))
        .when(0, muster_with_power(id(Forsyth, 1)))
        .then_events(|events| {
            let shuffled = events
                .iter()
                .position(|e| matches!(e, Event::DeckShuffled { size: 3, .. }))
                .expect("the discard pile is shuffled into a new draw pile");
            let drawn = events
                .iter()
                .position(|e| e.kind() == "card_drawn")
                .unwrap();
            assert!(shuffled < drawn);
        })
        .then_state(|g| {
            assert!(g.discard_pile().is_empty());
            assert_eq!(g.draw_pile().len(), 2);
            let drawn = hand_ids(g, 0)[0];
            assert!([60, 61, 62].contains(&drawn));
        });
}

#[test]
fn rules_5_ruling_forsyth_has_no_target_when_nothing_can_be_drawn() {
    // RULES §6: with both piles empty nothing is drawn, so the power has no target (§4).
    Given::new(2)
        .hand(0, &[id(Forsyth, 1)])
        .spare(Spare::Hand(Seat(1)))
        .when(0, muster_with_power(id(Forsyth, 1)))
        .then_rejects(RuleError::PowerHasNoTarget);
}

// --- Makgill ---

#[test]
fn rules_5_makgill_asks_its_player_to_muster_another_follower() {
    Given::new(2)
        .hand(0, &[id(Makgill, 3), id(Forsyth, 8)])
        .when(0, muster_with_power(id(Makgill, 3)))
        .then_events(|events| {
            assert_eq!(
                events.last(),
                Some(&Event::DecisionRequested {
                    seat: Seat(0),
                    decision: Decision::MakgillMuster
                })
            );
        })
        .then_awaits(0, Decision::MakgillMuster);
}

#[test]
fn rules_5_makgill_the_second_card_may_be_mustered_face_down_and_the_turn_passes() {
    Given::new(2)
        .hand(0, &[id(Makgill, 3), id(Forsyth, 8)])
        .when(0, muster_with_power(id(Makgill, 3)))
        .when(0, muster(id(Forsyth, 8), false))
        .then_state(|g| {
            assert_eq!(army_ids(g, 0), vec![id(Makgill, 3), id(Forsyth, 8)]);
            assert!(!g.players()[0].army[1].face_up);
        })
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_5_makgill_chain_checks_each_cards_eligibility() {
    // The Makgill is now a face-up Follower of strength 3: a Forsyth 5 is no longer eligible.
    Given::new(2)
        .power_rule(PowerRule::LowestStrength)
        .hand(0, &[id(Makgill, 3), id(Forsyth, 5)])
        .when(0, muster_with_power(id(Makgill, 3)))
        .when(0, muster_with_power(id(Forsyth, 5)))
        .then_rejects(RuleError::PowerNotEligible);
}

#[test]
fn rules_5_makgill_the_second_card_may_use_its_power_when_eligible() {
    Given::new(2)
        .hand(0, &[id(Makgill, 3), id(Forsyth, 2)])
        .draw(&[60])
        .when(0, muster_with_power(id(Makgill, 3)))
        .when(0, muster_with_power(id(Forsyth, 2)))
        .then_state(|g| assert_eq!(hand_ids(g, 0), vec![60]))
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_5_makgill_chains_go_on_while_eligible_makgills_are_played() {
    Given::new(2)
        .hand(0, &[id(Makgill, 3), id(Makgill, 2), id(Forsyth, 9)])
        .when(0, muster_with_power(id(Makgill, 3)))
        .when(0, muster_with_power(id(Makgill, 2)))
        .then_awaits(0, Decision::MakgillMuster)
        .when(0, muster(id(Forsyth, 9), true))
        .then_state(|g| {
            assert_eq!(
                army_ids(g, 0),
                vec![id(Makgill, 3), id(Makgill, 2), id(Forsyth, 9)]
            );
        })
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_5_makgill_with_an_empty_hand_has_no_target() {
    Given::new(2)
        .hand(0, &[id(Makgill, 3)])
        .when(0, muster_with_power(id(Makgill, 3)))
        .then_rejects(RuleError::PowerHasNoTarget);
}

#[test]
fn rules_5_makgill_the_extra_muster_cannot_be_a_recruit() {
    Given::new(2)
        .recruits(&[(1, true)])
        .hand(0, &[id(Makgill, 3), id(Forsyth, 8)])
        .when(0, muster_with_power(id(Makgill, 3)))
        .when(0, Action::Recruit { slot: 0 })
        .then_rejects(RuleError::UnexpectedAction);
}

#[test]
fn rules_5_makgill_the_other_player_waits_for_the_extra_muster() {
    Given::new(2)
        .hand(0, &[id(Makgill, 3), id(Forsyth, 8)])
        .hand(1, &[id(Forsyth, 9)])
        .when(0, muster_with_power(id(Makgill, 3)))
        .when(1, muster(id(Forsyth, 9), true))
        .then_rejects(RuleError::NotYourTurn);
}

// --- Cockburn ---

#[test]
fn rules_5_cockburn_takes_the_place_of_the_chosen_supporter() {
    let row = [40, 50, 60];
    Given::new(2)
        .supporters(&row)
        .army(0, &[(id(Wemyss, 9), true)])
        .hand(0, &[id(Cockburn, 2)])
        .when(0, muster_with_power(id(Cockburn, 2)))
        .then_awaits(0, Decision::CockburnSwap { position: 1 })
        .when(
            0,
            Action::SwapSupporter {
                supporter: CardId(50),
            },
        )
        .then_state(|g| {
            assert_eq!(ids(g.supporters()), vec![40, id(Cockburn, 2), 60]);
            assert_eq!(army_ids(g, 0), vec![id(Wemyss, 9), 50]);
            let joined = g.players()[0].army[1];
            assert!(joined.face_up);
            assert_eq!(joined.active, None);
        })
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_5_cockburn_must_choose_a_card_of_the_supporter_row() {
    Given::new(2)
        .supporters(&[40, 50])
        .hand(0, &[id(Cockburn, 2), 60])
        .when(0, muster_with_power(id(Cockburn, 2)))
        .when(
            0,
            Action::SwapSupporter {
                supporter: CardId(60),
            },
        )
        .then_rejects(RuleError::SupporterNotInRow);
}

#[test]
fn rules_5_cockburn_in_the_supporter_row_can_be_claimed() {
    seat_0_acts_last()
        .supporters(&[id(Forsyth, 12)])
        .army(0, &[(id(Wemyss, 9), true)])
        .army(1, &[(id(Makgill, 10), true)])
        .hand(0, &[id(Cockburn, 2)])
        .when(0, muster_with_power(id(Cockburn, 2)))
        .when(
            0,
            Action::SwapSupporter {
                supporter: CardId(id(Forsyth, 12)),
            },
        )
        .then_events(|events| {
            // Seat 0's army is now Wemyss 9 + Forsyth 12 = 21 and claims the Cockburn.
            assert!(events.contains(&Event::SupporterClaimed {
                seat: Seat(0),
                card: CardId(id(Cockburn, 2))
            }));
        });
}

#[test]
fn rules_5_cockburn_with_no_supporter_has_no_target() {
    Given::new(2)
        .hand(0, &[id(Cockburn, 2)])
        .when(0, muster_with_power(id(Cockburn, 2)))
        .then_rejects(RuleError::PowerHasNoTarget);
}

// --- Fergusson ---

#[test]
fn rules_5_fergusson_swaps_with_an_opponents_follower() {
    Given::new(2)
        .army(1, &[(id(Wemyss, 9), true), (id(Makgill, 10), true)])
        .hand(0, &[id(Fergusson, 2)])
        .when(0, muster_with_power(id(Fergusson, 2)))
        .then_awaits(0, Decision::FergussonSwap { position: 0 })
        .when(0, Action::SwapFollower { target: at(1, 1) })
        .then_state(|g| {
            assert_eq!(army_ids(g, 0), vec![id(Makgill, 10)]);
            assert_eq!(army_ids(g, 1), vec![id(Wemyss, 9), id(Fergusson, 2)]);
            assert!(g.players()[1].army[1].face_up);
        })
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_5_fergusson_a_face_down_card_taken_stays_face_down() {
    Given::new(2)
        .army(1, &[(id(Wemyss, 9), false)])
        .hand(0, &[id(Fergusson, 2)])
        .when(0, muster_with_power(id(Fergusson, 2)))
        .when(0, Action::SwapFollower { target: at(1, 0) })
        .then_state(|g| {
            assert_eq!(army_ids(g, 0), vec![id(Wemyss, 9)]);
            assert!(!g.players()[0].army[0].face_up);
        });
}

#[test]
fn rules_5_fergusson_the_taker_may_see_a_face_down_card_taken() {
    Given::new(3)
        .army(1, &[(id(Wemyss, 9), false)])
        .hand(0, &[id(Fergusson, 2)])
        .when(0, muster_with_power(id(Fergusson, 2)))
        .when(0, Action::SwapFollower { target: at(1, 0) })
        .then_state(|g| {
            let mine = view(g, Viewer::Seat(Seat(0)));
            assert_eq!(mine.players[0].army[0].card, Some(CardId(id(Wemyss, 9))));
            let theirs = view(g, Viewer::Seat(Seat(2)));
            assert_eq!(theirs.players[0].army[0].card, None);
        })
        .then_events(|events| {
            let swap = of_kind(events, "followers_swapped")[0];
            let taken = |viewer| match redact(swap, viewer) {
                Event::FollowersSwapped { taken, .. } => taken,
                other => panic!("expected the swap, got {other:?}"),
            };
            assert_eq!(taken(Viewer::Seat(Seat(0))), Some(CardId(id(Wemyss, 9))));
            assert_eq!(taken(Viewer::Seat(Seat(2))), None);
            assert_eq!(taken(Viewer::Spectator), None);
        });
}

#[test]
fn rules_5_fergusson_an_activated_cochrane_taken_benefits_the_new_controller() {
    seat_0_acts_last()
        .supporters(&[40, 50, 60])
        .army(1, &[(id(Cochrane, 9), true)])
        .active(1, 0, Cochrane)
        .hand(0, &[id(Fergusson, 2)])
        .when(0, muster_with_power(id(Fergusson, 2)))
        .when(0, Action::SwapFollower { target: at(1, 0) })
        .then_state(|g| assert_eq!(g.players()[0].army[0].active, Some(Cochrane)))
        .then_events(|events| assert_eq!(claims(events), vec![right(0, 2), right(1, 1)]))
        .then_awaits(0, Decision::ClaimSupporter { claims_left: 2 });
}

#[test]
fn rules_5_fergusson_a_kept_follower_taken_stays_kept() {
    Given::new(2)
        .skirmish(2)
        .army(1, &[(id(Macdonnell, 9), true)])
        .kept(1, 0)
        .hand(0, &[id(Fergusson, 2)])
        .when(0, muster_with_power(id(Fergusson, 2)))
        .when(0, Action::SwapFollower { target: at(1, 0) })
        .then_state(|g| {
            assert!(g.players()[0].army[0].kept);
            assert!(!g.players()[1].army[0].kept);
        });
}

#[test]
fn rules_5_fergusson_cannot_take_a_follower_of_its_own_army() {
    Given::new(2)
        .army(0, &[(id(Wemyss, 9), true)])
        .army(1, &[(id(Makgill, 10), true)])
        .hand(0, &[id(Fergusson, 2)])
        .when(0, muster_with_power(id(Fergusson, 2)))
        .when(0, Action::SwapFollower { target: at(0, 0) })
        .then_rejects(RuleError::TargetNotOpponent);
}

#[test]
fn rules_5_fergusson_with_no_opponent_follower_has_no_target() {
    Given::new(2)
        .army(0, &[(id(Wemyss, 9), true)])
        .hand(0, &[id(Fergusson, 2)])
        .when(0, muster_with_power(id(Fergusson, 2)))
        .then_rejects(RuleError::PowerHasNoTarget);
}

// --- Wemyss ---

#[test]
fn rules_5_wemyss_discards_an_opponents_follower() {
    Given::new(2)
        .army(1, &[(id(Forsyth, 9), true), (id(Makgill, 10), true)])
        .hand(0, &[id(Wemyss, 2)])
        .when(0, muster_with_power(id(Wemyss, 2)))
        .then_awaits(0, Decision::WemyssDiscard { position: 0 })
        .when(0, Action::DiscardFollower { target: at(1, 0) })
        .then_state(|g| {
            assert_eq!(army_ids(g, 1), vec![id(Makgill, 10)]);
            assert_eq!(g.discard_pile().last(), Some(&CardId(id(Forsyth, 9))));
        })
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_5_wemyss_may_discard_a_follower_of_its_own_army() {
    Given::new(2)
        .army(0, &[(id(Forsyth, 9), true)])
        .hand(0, &[id(Wemyss, 2)])
        .when(0, muster_with_power(id(Wemyss, 2)))
        .when(0, Action::DiscardFollower { target: at(0, 0) })
        .then_state(|g| assert_eq!(army_ids(g, 0), vec![id(Wemyss, 2)]));
}

#[test]
fn rules_5_wemyss_a_face_down_follower_discarded_is_revealed_to_everyone() {
    Given::new(3)
        .army(1, &[(id(Forsyth, 9), false)])
        .hand(0, &[id(Wemyss, 2)])
        .when(0, muster_with_power(id(Wemyss, 2)))
        .when(0, Action::DiscardFollower { target: at(1, 0) })
        .then_events(|events| {
            let discarded = Event::FollowerDiscarded {
                seat: Seat(0),
                target: at(1, 0),
                card: CardId(id(Forsyth, 9)),
            };
            assert!(events.contains(&discarded));
            assert_eq!(redact(&discarded, Viewer::Spectator), discarded);
            assert_eq!(redact(&discarded, Viewer::Seat(Seat(2))), discarded);
        })
        .then_state(|g| {
            let public = view(g, Viewer::Spectator);
            assert_eq!(public.discard.last(), Some(&CardId(id(Forsyth, 9))));
            assert!(public.players[1].army.is_empty());
        });
}

#[test]
fn rules_5_wemyss_may_discard_a_kept_macdonnell() {
    Given::new(2)
        .skirmish(2)
        .army(1, &[(id(Macdonnell, 9), true)])
        .kept(1, 0)
        .hand(0, &[id(Wemyss, 2)])
        .when(0, muster_with_power(id(Wemyss, 2)))
        .when(0, Action::DiscardFollower { target: at(1, 0) })
        .then_state(|g| {
            assert!(g.players()[1].army.is_empty());
            assert!(g.discard_pile().contains(&CardId(id(Macdonnell, 9))));
        });
}

#[test]
fn rules_5_wemyss_cannot_discard_itself() {
    Given::new(2)
        .army(1, &[(id(Forsyth, 9), true)])
        .hand(0, &[id(Wemyss, 2)])
        .when(0, muster_with_power(id(Wemyss, 2)))
        .when(0, Action::DiscardFollower { target: at(0, 0) })
        .then_rejects(RuleError::TargetIsSelf);
}

#[test]
fn rules_5_wemyss_alone_in_the_skirmish_has_no_target() {
    Given::new(2)
        .hand(0, &[id(Wemyss, 2)])
        .when(0, muster_with_power(id(Wemyss, 2)))
        .then_rejects(RuleError::PowerHasNoTarget);
}

// --- Scott ---

#[test]
fn rules_5_scott_copying_forsyth_draws_a_card() {
    Given::new(2)
        .army(1, &[(id(Forsyth, 9), true)])
        .hand(0, &[id(Scott, 2)])
        .draw(&[60])
        .when(0, muster_with_power(id(Scott, 2)))
        .then_awaits(0, Decision::ScottCopy { position: 0 })
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_events(|events| {
            assert!(events.contains(&Event::PowerCopied {
                seat: Seat(0),
                position: 0,
                target: at(1, 0),
                clan: Forsyth
            }));
        })
        .then_state(|g| assert_eq!(hand_ids(g, 0), vec![60]))
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_5_scott_copying_makgill_musters_another_follower() {
    Given::new(2)
        .army(1, &[(id(Makgill, 9), true)])
        .hand(0, &[id(Scott, 2), id(Forsyth, 8)])
        .when(0, muster_with_power(id(Scott, 2)))
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_awaits(0, Decision::MakgillMuster)
        .when(0, muster(id(Forsyth, 8), false))
        .then_state(|g| assert_eq!(army_ids(g, 0), vec![id(Scott, 2), id(Forsyth, 8)]));
}

#[test]
fn rules_5_scott_copying_cockburn_moves_the_scott_itself() {
    Given::new(2)
        .supporters(&[40, 50])
        .army(1, &[(id(Cockburn, 9), true)])
        .hand(0, &[id(Scott, 2)])
        .when(0, muster_with_power(id(Scott, 2)))
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_awaits(0, Decision::CockburnSwap { position: 0 })
        .when(
            0,
            Action::SwapSupporter {
                supporter: CardId(50),
            },
        )
        .then_state(|g| {
            assert_eq!(ids(g.supporters()), vec![40, id(Scott, 2)]);
            assert_eq!(army_ids(g, 0), vec![50]);
            assert_eq!(army_ids(g, 1), vec![id(Cockburn, 9)]);
        });
}

#[test]
fn rules_5_scott_copying_fergusson_moves_the_scott_itself() {
    Given::new(2)
        .army(1, &[(id(Fergusson, 9), true), (id(Makgill, 10), true)])
        .hand(0, &[id(Scott, 2)])
        .when(0, muster_with_power(id(Scott, 2)))
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_awaits(0, Decision::FergussonSwap { position: 0 })
        .when(0, Action::SwapFollower { target: at(1, 1) })
        .then_state(|g| {
            assert_eq!(army_ids(g, 0), vec![id(Makgill, 10)]);
            assert_eq!(army_ids(g, 1), vec![id(Fergusson, 9), id(Scott, 2)]);
        });
}

#[test]
fn rules_5_scott_copying_wemyss_discards_a_follower() {
    Given::new(2)
        .army(1, &[(id(Wemyss, 9), true), (id(Makgill, 10), true)])
        .hand(0, &[id(Scott, 2)])
        .when(0, muster_with_power(id(Scott, 2)))
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_awaits(0, Decision::WemyssDiscard { position: 0 })
        .when(0, Action::DiscardFollower { target: at(1, 0) })
        .then_state(|g| assert_eq!(army_ids(g, 1), vec![id(Makgill, 10)]));
}

#[test]
fn rules_5_scott_copying_an_end_of_skirmish_power_carries_it_as_a_clan_token() {
    Given::new(2)
        .army(1, &[(id(Cochrane, 9), true)])
        .hand(0, &[id(Scott, 2)])
        .when(0, muster_with_power(id(Scott, 2)))
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_events(|events| {
            assert!(events.contains(&Event::PowerActivated {
                seat: Seat(0),
                position: 0,
                clan: Cochrane
            }));
        })
        .then_state(|g| assert_eq!(g.players()[0].army[0].active, Some(Cochrane)))
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_5_scott_with_a_cochrane_token_claims_two_supporters() {
    seat_0_acts_last()
        .supporters(&[40, 50, 60])
        .army(1, &[(id(Cochrane, 1), true)])
        .hand(0, &[id(Scott, 1)])
        .when(0, muster_with_power(id(Scott, 1)))
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_events(|events| assert_eq!(claims(events), vec![right(0, 2), right(1, 1)]));
}

#[test]
fn rules_5_scott_with_a_macdonnell_token_is_kept_for_the_next_skirmish() {
    seat_0_acts_last()
        .army(1, &[(id(Macdonnell, 9), true)])
        .hand(0, &[id(Scott, 2)])
        .when(0, muster_with_power(id(Scott, 2)))
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_state(|g| {
            assert_eq!(g.skirmish(), 2);
            assert_eq!(army_ids(g, 0), vec![id(Scott, 2)]);
            assert!(g.players()[0].army[0].kept);
            // The copied Macdonnell's own power was never used: it is discarded.
            assert!(g.players()[1].army.is_empty());
        });
}

#[test]
fn rules_5_scott_copying_does_not_affect_the_copied_card() {
    Given::new(2)
        .army(1, &[(id(Cochrane, 9), true)])
        .hand(0, &[id(Scott, 2)])
        .when(0, muster_with_power(id(Scott, 2)))
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_state(|g| {
            assert_eq!(
                g.players()[1].army[0],
                Follower::mustered(CardId(id(Cochrane, 9)), true)
            );
        });
}

#[test]
fn rules_5_scott_copying_an_active_power_leaves_it_active() {
    Given::new(2)
        .army(1, &[(id(Cochrane, 1), true)])
        .active(1, 0, Cochrane)
        .hand(0, &[id(Scott, 1)])
        .when(0, muster_with_power(id(Scott, 1)))
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_state(|g| {
            assert_eq!(g.players()[1].army[0].active, Some(Cochrane));
            assert_eq!(g.players()[0].army[0].active, Some(Cochrane));
        });
}

#[test]
fn rules_5_scott_cannot_copy_a_scott() {
    Given::new(2)
        .army(1, &[(id(Scott, 9), true), (id(Forsyth, 10), true)])
        .hand(0, &[id(Scott, 2)])
        .when(0, muster_with_power(id(Scott, 2)))
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_rejects(RuleError::CopyTargetIsScott);
}

#[test]
fn rules_5_scott_cannot_copy_a_face_down_follower() {
    Given::new(2)
        .army(1, &[(id(Forsyth, 9), false), (id(Forsyth, 10), true)])
        .hand(0, &[id(Scott, 2)])
        .when(0, muster_with_power(id(Scott, 2)))
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_rejects(RuleError::CopyTargetFaceDown);
}

#[test]
fn rules_5_scott_cannot_copy_itself() {
    Given::new(2)
        .army(1, &[(id(Forsyth, 10), true)])
        .hand(0, &[id(Scott, 2)])
        .when(0, muster_with_power(id(Scott, 2)))
        .when(0, Action::CopyPower { target: at(0, 0) })
        .then_rejects(RuleError::TargetIsSelf);
}

#[test]
fn rules_5_scott_with_nothing_to_copy_has_no_target() {
    Given::new(2)
        .army(1, &[(id(Scott, 9), true), (id(Forsyth, 10), false)])
        .hand(0, &[id(Scott, 2)])
        .when(0, muster_with_power(id(Scott, 2)))
        .then_rejects(RuleError::PowerHasNoTarget);
}

#[test]
fn rules_5_scott_cannot_copy_a_power_that_has_no_target_for_it() {
    // Copying Makgill needs a card left in hand.
    Given::new(2)
        .army(1, &[(id(Makgill, 9), true), (id(Forsyth, 10), true)])
        .hand(0, &[id(Scott, 2)])
        .when(0, muster_with_power(id(Scott, 2)))
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_rejects(RuleError::PowerHasNoTarget);
}

#[test]
fn rules_5_scott_may_copy_a_follower_of_its_own_army() {
    Given::new(2)
        .army(0, &[(id(Forsyth, 9), true)])
        .hand(0, &[id(Scott, 2)])
        .draw(&[60])
        .when(0, muster_with_power(id(Scott, 2)))
        .when(0, Action::CopyPower { target: at(0, 0) })
        .then_state(|g| assert_eq!(hand_ids(g, 0), vec![60]));
}

#[test]
fn rules_5_scott_copying_bruce_carries_a_bruce_token() {
    Given::new(2)
        .with_bruce()
        .army(1, &[(BRUCE_A, true)])
        .hand(0, &[id(Scott, 2)])
        .when(0, muster_with_power(id(Scott, 2)))
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_state(|g| assert_eq!(g.players()[0].army[0].active, Some(Bruce)));
}

#[test]
fn rules_5_ruling_scott_may_copy_a_kept_macdonnell_whose_power_is_spent() {
    // RULES §5 lets a Scott copy any face-up non-Scott Follower; a spent power is still its
    // clan's power, so the Scott carries a Macdonnell token.
    Given::new(2)
        .skirmish(2)
        .army(1, &[(id(Macdonnell, 9), true)])
        .kept(1, 0)
        .hand(0, &[id(Scott, 2)])
        .when(0, muster_with_power(id(Scott, 2)))
        .when(0, Action::CopyPower { target: at(1, 0) })
        .then_state(|g| {
            assert_eq!(g.players()[0].army[0].active, Some(Macdonnell));
            assert_eq!(g.players()[1].army[0].active, None);
        });
}

// --- Cochrane ---

#[test]
fn rules_5_cochrane_is_activated_when_its_power_is_used() {
    Given::new(2)
        .hand(0, &[id(Cochrane, 2)])
        .when(0, muster_with_power(id(Cochrane, 2)))
        .then_events(|events| {
            assert!(events.contains(&Event::PowerActivated {
                seat: Seat(0),
                position: 0,
                clan: Cochrane
            }));
        })
        .then_state(|g| assert_eq!(g.players()[0].army[0].active, Some(Cochrane)));
}

#[test]
fn rules_5_cochrane_its_controller_claims_two_supporters() {
    Given::new(2)
        .turn(1, 5)
        .supporters(&[40, 50, 60])
        .army(0, &[(id(Cochrane, 2), true)])
        .active(0, 0, Cochrane)
        .army(1, &[(id(Forsyth, 1), true)])
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(claims(events), vec![right(0, 2), right(1, 1)]))
        .then_awaits(0, Decision::ClaimSupporter { claims_left: 2 })
        .when(
            0,
            Action::ClaimSupporter {
                supporter: CardId(40),
            },
        )
        .then_awaits(0, Decision::ClaimSupporter { claims_left: 1 });
}

#[test]
fn rules_5_cochrane_several_active_effects_still_give_two() {
    Given::new(2)
        .turn(1, 5)
        .supporters(&[40, 50, 60, 70])
        .army(0, &[(id(Cochrane, 2), true), (id(Cochrane, 3), true)])
        .active(0, 0, Cochrane)
        .active(0, 1, Cochrane)
        .army(0, &[(id(Scott, 4), true)])
        .active(0, 2, Cochrane)
        .army(1, &[(id(Forsyth, 1), true)])
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(claims(events), vec![right(0, 2), right(1, 1)]));
}

#[test]
fn rules_5_cochrane_an_unactivated_cochrane_claims_one() {
    Given::new(2)
        .turn(1, 5)
        .supporters(&[40, 50, 60])
        .army(0, &[(id(Cochrane, 2), true)])
        .army(1, &[(id(Forsyth, 1), true)])
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(claims(events), vec![right(0, 1), right(1, 1)]));
}

#[test]
fn rules_5_cochrane_stays_active_when_a_lower_follower_arrives_later() {
    Given::new(2)
        .army(0, &[(id(Cochrane, 5), true)])
        .active(0, 0, Cochrane)
        .turn(1, 1)
        .hand(1, &[id(Forsyth, 1)])
        .when(1, muster(id(Forsyth, 1), true))
        .then_state(|g| assert_eq!(g.players()[0].army[0].active, Some(Cochrane)));
}

// --- Macdonnell ---

#[test]
fn rules_5_macdonnell_is_kept_face_up_for_the_next_skirmish_with_its_power_spent() {
    Given::new(2)
        .turn(1, 5)
        .army(0, &[(id(Macdonnell, 4), true), (id(Forsyth, 9), false)])
        .active(0, 0, Macdonnell)
        .when(1, Action::Pass)
        .then_events(|events| {
            let kept = events.iter().find_map(|e| match e {
                Event::SkirmishEnded { kept, .. } => Some(kept.clone()),
                _ => None,
            });
            assert_eq!(kept, Some(vec![CardId(id(Macdonnell, 4))]));
        })
        .then_state(|g| {
            assert_eq!(g.skirmish(), 2);
            assert_eq!(
                g.players()[0].army.to_vec(),
                vec![Follower {
                    card: CardId(id(Macdonnell, 4)),
                    face_up: true,
                    active: None,
                    kept: true
                }]
            );
            assert!(g.discard_pile().contains(&CardId(id(Forsyth, 9))));
        });
}

#[test]
fn rules_5_macdonnell_kept_is_discarded_at_the_end_of_the_next_skirmish() {
    Given::new(2)
        .skirmish(2)
        .turn(1, 5)
        .army(0, &[(id(Macdonnell, 4), true)])
        .kept(0, 0)
        .when(1, Action::Pass)
        .then_state(|g| {
            assert_eq!(g.skirmish(), 3);
            assert!(g.players()[0].army.is_empty());
            assert!(g.discard_pile().contains(&CardId(id(Macdonnell, 4))));
        });
}

#[test]
fn rules_5_macdonnell_not_activated_is_discarded() {
    Given::new(2)
        .turn(1, 5)
        .army(0, &[(id(Macdonnell, 4), true)])
        .when(1, Action::Pass)
        .then_state(|g| {
            assert!(g.players()[0].army.is_empty());
            assert!(g.discard_pile().contains(&CardId(id(Macdonnell, 4))));
        });
}

#[test]
fn rules_5_macdonnell_kept_counts_in_the_next_skirmish() {
    // Kept Followers stay in the army, so they count for strength and placement.
    Given::new(2)
        .skirmish(2)
        .turn(1, 5)
        .army(0, &[(id(Macdonnell, 4), true)])
        .kept(0, 0)
        .army(1, &[(id(Forsyth, 3), true)])
        .when(1, Action::Pass)
        .then_state(|g| assert_eq!(g.placement(), &[Seat(0), Seat(1)]));
}

// --- Bruce ---

#[test]
fn rules_5_bruce_is_activated_when_its_power_is_used() {
    Given::new(2)
        .with_bruce()
        .hand(0, &[BRUCE_A])
        .when(0, muster_with_power(BRUCE_A))
        .then_state(|g| assert_eq!(g.players()[0].army[0].active, Some(Bruce)));
}

#[test]
fn rules_5_bruce_active_counts_as_the_clan_of_the_rest_of_the_army() {
    Given::new(2)
        .with_bruce()
        .turn(1, 5)
        .army(0, &[(id(Forsyth, 5), true), (BRUCE_A, true)])
        .active(0, 1, Bruce)
        .when(1, Action::Pass)
        .then_state(|g| {
            assert_eq!(
                g.last_scores(),
                &[ArmyScore {
                    seat: Seat(0),
                    strength: 22,
                    doubled: true
                }]
            );
        });
}

#[test]
fn rules_5_bruce_cannot_make_an_army_of_two_other_clans_one_clan() {
    Given::new(2)
        .with_bruce()
        .turn(1, 5)
        .army(
            0,
            &[
                (id(Forsyth, 5), true),
                (id(Makgill, 3), true),
                (BRUCE_A, true),
            ],
        )
        .active(0, 2, Bruce)
        .when(1, Action::Pass)
        .then_state(|g| assert_eq!(g.last_scores()[0].strength, 14));
}

#[test]
fn rules_5_bruce_inactive_is_simply_of_clan_bruce() {
    Given::new(2)
        .with_bruce()
        .turn(1, 5)
        .army(0, &[(id(Forsyth, 5), true), (BRUCE_A, true)])
        .when(1, Action::Pass)
        .then_state(|g| {
            assert_eq!(g.last_scores()[0].strength, 11);
            assert!(!g.last_scores()[0].doubled);
        });
}

#[test]
fn rules_5_bruce_taken_by_fergusson_stays_active_for_the_taker() {
    seat_0_acts_last()
        .with_bruce()
        .army(0, &[(id(Wemyss, 7), true)])
        .army(1, &[(BRUCE_A, true)])
        .active(1, 0, Bruce)
        .hand(0, &[id(Fergusson, 2)])
        .when(0, muster_with_power(id(Fergusson, 2)))
        .when(0, Action::SwapFollower { target: at(1, 0) })
        .then_state(|g| {
            // Wemyss 7 + active Bruce 6, doubled.
            assert!(g.last_scores().contains(&ArmyScore {
                seat: Seat(0),
                strength: 26,
                doubled: true
            }));
        });
}
