//! RULES §7 End of the game (and §6.6, which decides when it comes), through the real
//! end-of-skirmish path.

use super::harness::*;
use crate::Clan::{Forsyth, Makgill, Wemyss};
use crate::*;

fn ended(events: &[Event]) -> Option<(Vec<u16>, Vec<Seat>)> {
    events.iter().find_map(|e| match e {
        Event::GameEnded { scores, winners } => Some((scores.clone(), winners.clone())),
        _ => None,
    })
}

#[test]
fn rules_7_the_game_ends_when_a_player_reaches_the_target_score() {
    Given::new(2)
        .target_score(10)
        .turn(1, 5)
        .victory(0, &[id(Forsyth, 8)])
        .supporters(&[id(Makgill, 2)])
        .army(0, &[(id(Wemyss, 5), true)])
        .when(1, Action::Pass)
        .then_events(|events| {
            assert_eq!(ended(events), Some((vec![10, 0], vec![Seat(0)])));
            assert!(of_kind(events, "skirmish_started").is_empty());
        })
        .then_state(|g| {
            assert_eq!(g.status(), Status::Finished);
            assert_eq!(g.winners(), Some(&[Seat(0)][..]));
            assert_eq!(g.awaiting(), None);
        });
}

#[test]
fn rules_7_the_game_goes_on_below_the_target_score() {
    Given::new(2)
        .target_score(10)
        .turn(1, 5)
        .victory(0, &[id(Forsyth, 7)])
        .supporters(&[id(Makgill, 2)])
        .army(0, &[(id(Wemyss, 5), true)])
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(ended(events), None))
        .then_state(|g| {
            assert_eq!(g.status(), Status::Active);
            assert_eq!(g.scores(), vec![9, 0]);
            assert_eq!(g.skirmish(), 2);
        });
}

#[test]
fn rules_7_the_target_score_is_checked_after_every_claim_of_the_skirmish() {
    // Seat 0 reaches the target with its claim, but seat 1 still claims before the end.
    Given::new(2)
        .target_score(10)
        .turn(1, 5)
        .victory(0, &[id(Forsyth, 9)])
        .victory(1, &[id(Makgill, 9)])
        .supporters(&[id(Forsyth, 1), id(Wemyss, 2)])
        .army(0, &[(id(Wemyss, 9), true)])
        .army(1, &[(id(Forsyth, 3), true)])
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(ended(events), None))
        .when(
            0,
            Action::ClaimSupporter {
                supporter: CardId(id(Forsyth, 1)),
            },
        )
        .then_events(|events| {
            assert!(events.contains(&Event::SupporterClaimed {
                seat: Seat(1),
                card: CardId(id(Wemyss, 2))
            }));
            assert!(ended(events).is_some());
        });
}

#[test]
fn rules_7_the_player_with_the_most_points_wins() {
    // Seat 0 is placed first but seat 1 ends with more points.
    Given::new(2)
        .target_score(10)
        .turn(1, 5)
        .victory(0, &[id(Forsyth, 9)])
        .victory(1, &[id(Makgill, 9)])
        .supporters(&[id(Forsyth, 1), id(Wemyss, 2)])
        .army(0, &[(id(Wemyss, 9), true)])
        .army(1, &[(id(Forsyth, 3), true)])
        .when(1, Action::Pass)
        .when(
            0,
            Action::ClaimSupporter {
                supporter: CardId(id(Forsyth, 1)),
            },
        )
        .then_events(|events| assert_eq!(ended(events), Some((vec![10, 11], vec![Seat(1)]))));
}

#[test]
fn rules_7_a_tie_goes_to_the_player_placed_higher_in_the_final_skirmish() {
    Given::new(2)
        .target_score(10)
        .turn(1, 5)
        .victory(0, &[id(Forsyth, 9)])
        .victory(1, &[id(Makgill, 8)])
        .supporters(&[id(Forsyth, 2), id(Makgill, 3)])
        .army(0, &[(id(Wemyss, 3), true)])
        .army(1, &[(id(Forsyth, 7), true)])
        .when(1, Action::Pass)
        .when(
            1,
            Action::ClaimSupporter {
                supporter: CardId(id(Makgill, 3)),
            },
        )
        .then_events(|events| assert_eq!(ended(events), Some((vec![11, 11], vec![Seat(1)]))));
}

#[test]
fn rules_7_a_placed_player_beats_a_tied_unplaced_player() {
    // Built state: an unplaced player cannot gain points, so in a real game it would have
    // reached the target a skirmish earlier.
    Given::new(2)
        .target_score(10)
        .turn(1, 5)
        .victory(0, &[id(Forsyth, 11)])
        .victory(1, &[id(Makgill, 9)])
        .supporters(&[id(Forsyth, 2)])
        .army(1, &[(id(Forsyth, 7), true)])
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(ended(events), Some((vec![11, 11], vec![Seat(1)]))));
}

#[test]
fn rules_7_tied_players_who_were_all_unplaced_share_the_victory() {
    // Built state (unreachable in a real game, as above): the two leaders placed nowhere in the
    // final skirmish and tie on points.
    Given::new(3)
        .target_score(10)
        .turn(2, 5)
        .victory(0, &[id(Forsyth, 12)])
        .victory(1, &[id(Makgill, 12)])
        .supporters(&[id(Forsyth, 1)])
        .army(2, &[(id(Wemyss, 3), true)])
        .when(2, Action::Pass)
        .then_events(|events| {
            assert_eq!(
                ended(events),
                Some((vec![12, 12, 1], vec![Seat(0), Seat(1)]))
            );
        })
        .then_state(|g| assert_eq!(g.winners(), Some(&[Seat(0), Seat(1)][..])));
}

#[test]
fn rules_7_no_action_is_accepted_once_the_game_is_over() {
    Given::new(2)
        .target_score(10)
        .turn(1, 5)
        .victory(0, &[id(Forsyth, 8)])
        .supporters(&[id(Makgill, 2)])
        .army(0, &[(id(Wemyss, 5), true)])
        .hand(0, &[id(Forsyth, 4)])
        .when(1, Action::Pass)
        .when(0, muster(id(Forsyth, 4), true))
        .then_rejects(RuleError::GameOver);
}

/// A built game of `players` with these victory piles, ended with `winners` after `resigned`
/// resigned.
fn ended_with(players: u8, victories: &[&[u8]], resigned: &[u8], winners: &[u8]) -> Game {
    let mut given = Given::new(players);
    for (seat, ids) in victories.iter().enumerate() {
        given = given.victory(seat as u8, ids);
    }
    let mut game = given.build();
    for &seat in resigned {
        game.apply(&Event::SeatResigned { seat: Seat(seat) });
    }
    game.apply(&Event::GameEnded {
        scores: game.scores(),
        winners: winners.iter().map(|&s| Seat(s)).collect(),
    });
    game
}

#[test]
fn service_9_7_there_are_no_places_before_the_end() {
    assert_eq!(Given::new(3).build().places(), None);
}

#[test]
fn service_9_7_a_shared_victory_shares_first_place_and_skips_the_next() {
    let game = ended_with(
        3,
        &[&[id(Forsyth, 12)], &[id(Makgill, 12)], &[id(Wemyss, 1)]],
        &[],
        &[0, 1],
    );
    assert_eq!(game.places(), Some(vec![1, 1, 3]));
    let seen = view(&game, Viewer::Spectator);
    assert_eq!(seen.places, Some(vec![1, 1, 3]));
    assert_eq!(
        seen.players.iter().map(|p| p.place).collect::<Vec<_>>(),
        vec![Some(1), Some(1), Some(3)]
    );
}

#[test]
fn service_9_7_other_players_with_equal_scores_share_a_place() {
    // RULES §7 breaks a tie only for the victory: seats 1 and 2 are equal behind the winner.
    let game = ended_with(
        4,
        &[&[id(Forsyth, 12)], &[id(Makgill, 3)], &[id(Wemyss, 3)], &[]],
        &[],
        &[0],
    );
    assert_eq!(game.places(), Some(vec![1, 2, 2, 4]));
    assert_eq!(
        game.ranking(),
        Some(vec![Seat(0), Seat(1), Seat(2), Seat(3)])
    );
}

#[test]
fn service_9_7_resigned_seats_come_last_and_tie_on_equal_scores() {
    // Seat 0 resigned with the most points, seat 2 with as many as seat 3: both below seat 1.
    let game = ended_with(
        4,
        &[
            &[id(Forsyth, 9)],
            &[id(Makgill, 2)],
            &[id(Wemyss, 4)],
            &[id(Forsyth, 4)],
        ],
        &[0, 2, 3],
        &[1],
    );
    assert_eq!(game.places(), Some(vec![2, 1, 3, 3]));
}
