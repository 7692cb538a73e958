//! What the view computes so that no client recomputes a rule: each army's strength as RULES
//! §6.2 counts it, as far as the viewer may know it (§8); the last skirmish's placement with the
//! reason for each tie (§6.3) and its claims (§6.4); and a finished game's final armies.

use super::harness::*;
use crate::Clan::{Cochrane, Fergusson, Forsyth, Makgill, Scott, Wemyss};
use crate::*;

fn me(seat: u8) -> Viewer {
    Viewer::Seat(Seat(seat))
}

fn strength(known: u16, hidden_cards: u8, doubled: bool) -> ArmyStrength {
    ArmyStrength {
        known,
        hidden_cards,
        doubled,
    }
}

/// Seat 0: Forsyth 4 face-up and Wemyss 6 face-down; seat 1: Makgill 9 and Makgill 2, both
/// face-up (one clan); seat 2: nothing.
fn mid_skirmish() -> Game {
    Given::new(3)
        .turn(1, 2)
        .army(0, &[(id(Forsyth, 4), true), (id(Wemyss, 6), false)])
        .army(1, &[(id(Makgill, 9), true), (id(Makgill, 2), true)])
        .supporters(&[40, 50, 60])
        .build()
}

// --- Army strength (RULES §6.2, as far as the viewer knows) ---

#[test]
fn rules_6_2_a_player_knows_their_whole_army_strength_face_down_cards_included() {
    let v = view(&mid_skirmish(), me(0));
    assert_eq!(v.players[0].army_strength, strength(10, 0, false));
}

#[test]
fn rules_8_others_know_the_face_up_part_and_how_many_cards_are_hidden() {
    for viewer in [me(1), me(2), Viewer::Spectator] {
        let v = view(&mid_skirmish(), viewer);
        assert_eq!(v.players[0].army_strength, strength(4, 1, false));
    }
}

#[test]
fn rules_6_2_an_army_of_one_clan_is_doubled_for_everyone_who_sees_it() {
    for viewer in [me(0), me(1), Viewer::Spectator] {
        let v = view(&mid_skirmish(), viewer);
        assert_eq!(v.players[1].army_strength, strength(22, 0, true));
        assert_eq!(v.players[2].army_strength, strength(0, 0, false));
    }
}

#[test]
fn rules_6_2_an_active_bruce_counts_as_the_armys_clan() {
    let game = Given::new(2)
        .with_bruce()
        .turn(1, 2)
        .army(0, &[(id(Cochrane, 3), true), (97, true)])
        .active(0, 1, Clan::Bruce)
        .build();
    assert_eq!(
        view(&game, Viewer::Spectator).players[0].army_strength,
        strength(18, 0, true)
    );
}

#[test]
fn rules_8_a_hidden_card_leaves_the_doubling_unknown() {
    // Both cards are Makgills, but only their owner may know it.
    let game = Given::new(2)
        .turn(1, 2)
        .army(0, &[(id(Makgill, 5), true), (id(Makgill, 7), false)])
        .build();
    assert_eq!(
        view(&game, me(0)).players[0].army_strength,
        strength(24, 0, true)
    );
    assert_eq!(
        view(&game, me(1)).players[0].army_strength,
        strength(5, 1, false)
    );
}

// --- The last skirmish explained (RULES §6.3–6.4) ---

#[test]
fn rules_6_there_is_no_last_skirmish_before_the_first_is_scored() {
    assert_eq!(view(&mid_skirmish(), me(0)).last_skirmish, None);
}

#[test]
fn rules_6_3_a_tie_in_strength_names_the_cards_whose_ranks_broke_it() {
    // Both armies total 12 after the reveal; Wemyss 10 (rank 80) outranks every card of seat 0.
    let then = Given::new(2)
        .turn(1, 5)
        .army(0, &[(id(Makgill, 6), true), (id(Fergusson, 6), false)])
        .army(1, &[(id(Wemyss, 10), false), (id(Forsyth, 2), true)])
        .supporters(&[id(Scott, 3), id(Cochrane, 4), id(Forsyth, 9)])
        .when(1, Action::Pass);
    for viewer in [me(0), me(1), Viewer::Spectator] {
        let last = view(then.state(), viewer).last_skirmish.expect("scored");
        assert_eq!(last.skirmish, 1);
        assert_eq!(
            last.placement,
            vec![
                Placed {
                    seat: Seat(1),
                    strength: 12,
                    doubled: false,
                    place: 1,
                    army: vec![CardId(id(Wemyss, 10)), CardId(id(Forsyth, 2))],
                    tie_broken_by: Some(TieBreak {
                        card: CardId(id(Wemyss, 10)),
                        over_card: CardId(id(Fergusson, 6)),
                    }),
                },
                Placed {
                    seat: Seat(0),
                    strength: 12,
                    doubled: false,
                    place: 2,
                    army: vec![CardId(id(Makgill, 6)), CardId(id(Fergusson, 6))],
                    tie_broken_by: None,
                },
            ]
        );
        // Three Supporters: the first placed claims now, by choice.
        assert!(last.claims.is_empty());
    }
}

#[test]
fn rules_6_4_the_claims_are_listed_in_order_and_stay_through_the_next_skirmish() {
    let then = Given::new(2)
        .turn(1, 5)
        .army(0, &[(id(Makgill, 9), true)])
        .army(1, &[(id(Forsyth, 2), true)])
        .supporters(&[id(Scott, 3), id(Cochrane, 4), id(Forsyth, 9)])
        .when(1, Action::Pass)
        .when(
            0,
            Action::ClaimSupporter {
                supporter: CardId(id(Forsyth, 9)),
            },
        );
    // Seat 1's claim of one of the two left is a choice too.
    let then = then.when(
        1,
        Action::ClaimSupporter {
            supporter: CardId(id(Scott, 3)),
        },
    );
    let v = view(then.state(), Viewer::Spectator);
    assert_eq!(v.status, Status::Active);
    assert_eq!(v.skirmish, 2);
    let last = v.last_skirmish.expect("scored");
    assert_eq!(last.skirmish, 1);
    assert_eq!(
        last.claims,
        vec![
            Claim {
                seat: Seat(0),
                card: CardId(id(Forsyth, 9)),
            },
            Claim {
                seat: Seat(1),
                card: CardId(id(Scott, 3)),
            },
        ]
    );
    assert_eq!(last.placement[0].tie_broken_by, None);
    // The new skirmish's armies are empty again.
    assert!(v.players.iter().all(|p| p.army.is_empty()));
    assert_eq!(v.players[0].army_strength, strength(0, 0, false));
}

// --- The finished table ---

#[test]
fn rules_7_a_finished_game_shows_its_final_armies_and_every_card_once() {
    let then = Given::new(2)
        .target_score(10)
        .turn(1, 5)
        .victory(0, &[id(Forsyth, 8)])
        .supporters(&[id(Makgill, 2)])
        .army(0, &[(id(Wemyss, 5), true), (id(Scott, 7), false)])
        .army(1, &[(id(Cochrane, 11), false)])
        .when(1, Action::Pass);
    let game = then.state();
    assert_eq!(game.status(), Status::Finished);
    let v = view(game, Viewer::Everyone);
    let army = |seat: usize| -> Vec<u8> {
        v.players[seat]
            .army
            .iter()
            .map(|f| f.card.expect("every card is seen").0)
            .collect()
    };
    assert_eq!(army(0), vec![id(Wemyss, 5), id(Scott, 7)]);
    assert_eq!(army(1), vec![id(Cochrane, 11)]);
    assert!(v.players.iter().flat_map(|p| &p.army).all(|f| f.face_up));
    assert_eq!(v.players[0].army_strength, strength(12, 0, false));
    assert_eq!(v.players[1].army_strength, strength(11, 0, false));

    // Every card of the deck is shown exactly once.
    let mut shown: Vec<u8> = v
        .players
        .iter()
        .flat_map(|p| {
            p.hand
                .clone()
                .unwrap_or_default()
                .into_iter()
                .chain(p.army.iter().filter_map(|f| f.card))
                .chain(p.victory.iter().copied())
        })
        .chain(v.supporters.iter().copied())
        .chain(v.discard.iter().copied())
        .chain(v.draw_pile.clone().unwrap_or_default())
        .chain(v.recruits.iter().filter_map(|r| r.card))
        .map(|c| c.0)
        .collect();
    shown.sort_unstable();
    assert_eq!(shown, (1..=96).collect::<Vec<u8>>());
}
