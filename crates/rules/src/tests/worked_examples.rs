//! The rulebook's worked examples (`rulebook-en.md`, "The end of the round"), played through the
//! real end of a skirmish: the last action of turn 5 reveals, scores and places the armies.

use super::harness::*;
use crate::Clan::{Cochrane, Fergusson, Forsyth, Makgill, Scott, Wemyss};
use crate::*;

const ROGER: u8 = 0;
const SEAN: u8 = 1;
const JUDY: u8 = 2;

fn score(seat: u8, strength: u16, doubled: bool) -> ArmyScore {
    ArmyScore {
        seat: Seat(seat),
        strength,
        doubled,
    }
}

fn scored(events: &[Event]) -> (Vec<ArmyScore>, Vec<Seat>) {
    events
        .iter()
        .find_map(|e| match e {
            Event::ArmiesScored { armies, placement } => {
                Some((armies.clone(), placement.iter().map(|c| c.seat).collect()))
            }
            _ => None,
        })
        .expect("the skirmish was scored")
}

/// Judy, Roger and Sean's skirmish; Judy acts last in turn 5 and Sean's third card is `third`.
fn judy_roger_sean(third: (u8, bool)) -> Given {
    Given::new(3)
        .with_bruce()
        .turn(JUDY, 5)
        .supporters(&[41, 51, 61])
        // Judy: two Fergusson cards totalling 11.
        .army(JUDY, &[(id(Fergusson, 5), true), (id(Fergusson, 6), false)])
        // Roger: a single card.
        .army(ROGER, &[(id(Cochrane, 12), true)])
        // Sean: two Scott cards and a third card.
        .army(SEAN, &[(id(Scott, 3), true), (id(Scott, 4), true), third])
}

#[test]
fn worked_example_judy_wins_with_22_from_two_cards_of_one_clan_totalling_11() {
    judy_roger_sean((id(Makgill, 7), true))
        .when(JUDY, Action::Pass)
        .then_events(|events| {
            let (armies, _) = scored(events);
            assert!(armies.contains(&score(JUDY, 22, true)));
        })
        .then_awaits(JUDY, Decision::ClaimSupporter { claims_left: 1 });
}

#[test]
fn worked_example_roger_scores_12_because_a_single_card_is_never_doubled() {
    judy_roger_sean((id(Makgill, 7), true))
        .when(JUDY, Action::Pass)
        .then_events(|events| assert!(scored(events).0.contains(&score(ROGER, 12, false))));
}

#[test]
fn worked_example_sean_scores_14_because_his_third_card_is_of_another_clan() {
    judy_roger_sean((id(Makgill, 7), true))
        .when(JUDY, Action::Pass)
        .then_events(|events| assert!(scored(events).0.contains(&score(SEAN, 14, false))));
}

#[test]
fn worked_example_the_skirmish_is_placed_judy_sean_roger() {
    judy_roger_sean((id(Makgill, 7), true))
        .when(JUDY, Action::Pass)
        .then_events(|events| {
            assert_eq!(
                scored(events),
                (
                    vec![
                        score(ROGER, 12, false),
                        score(SEAN, 14, false),
                        score(JUDY, 22, true)
                    ],
                    vec![Seat(JUDY), Seat(SEAN), Seat(ROGER)]
                )
            );
        })
        .when(
            JUDY,
            Action::ClaimSupporter {
                supporter: CardId(61),
            },
        )
        .then_awaits(SEAN, Decision::ClaimSupporter { claims_left: 1 });
}

#[test]
fn worked_example_had_seans_7_been_a_scott_his_army_would_be_doubled() {
    judy_roger_sean((id(Scott, 7), true))
        .when(JUDY, Action::Pass)
        .then_events(|events| assert!(scored(events).0.contains(&score(SEAN, 28, true))));
}

#[test]
fn worked_example_had_seans_third_card_been_an_activated_bruce_his_army_would_be_doubled() {
    judy_roger_sean((BRUCE_A, true))
        .active(SEAN, 2, Clan::Bruce)
        .when(JUDY, Action::Pass)
        .then_events(|events| {
            // Scott 3 + Scott 4 + Bruce 6, doubled: Sean now beats Judy's 22.
            let (armies, placement) = scored(events);
            assert!(armies.contains(&score(SEAN, 26, true)));
            assert_eq!(placement[0], Seat(SEAN));
        });
}

const DANIEL: u8 = 0;
const PIERCE: u8 = 1;

#[test]
fn worked_example_pierce_wins_the_12_12_tie_with_the_rank_66_card() {
    // Rank 66 is Makgill 9: 8·(9−1) + 1 + 1 (RULES §1).
    assert_eq!(id(Makgill, 9), 66);
    Given::new(2)
        .turn(PIERCE, 5)
        .supporters(&[40, 50])
        // Daniel's best card is Cochrane 8, rank 60.
        .army(DANIEL, &[(id(Cochrane, 8), true), (id(Wemyss, 4), false)])
        .army(PIERCE, &[(id(Forsyth, 3), true), (id(Makgill, 9), true)])
        .when(PIERCE, Action::Pass)
        .then_events(|events| {
            assert_eq!(
                scored(events),
                (
                    vec![score(DANIEL, 12, false), score(PIERCE, 12, false)],
                    vec![Seat(PIERCE), Seat(DANIEL)]
                )
            );
        })
        .then_awaits(PIERCE, Decision::ClaimSupporter { claims_left: 1 })
        .when(
            PIERCE,
            Action::ClaimSupporter {
                supporter: CardId(50),
            },
        )
        .then_state(|g| {
            // Daniel claims the last Supporter on his own; Pierce won, so takes the initiative.
            assert_eq!(ids(&g.players()[DANIEL as usize].victory), vec![40]);
            assert_eq!(g.initiative(), Seat(PIERCE));
        });
}
