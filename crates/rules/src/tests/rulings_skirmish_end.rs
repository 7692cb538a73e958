//! RULES §6 End of a skirmish, through the real path: the last action of turn 5 reveals, scores,
//! places, asks for claims, discards and starts the next skirmish.

use super::harness::*;
use crate::Clan::{Bruce, Cochrane, Fergusson, Forsyth, Macdonnell, Makgill, Scott, Wemyss};
use crate::*;

/// The last action of the skirmish is `seat`'s, in turn 5 (seat 0 holds the initiative).
fn last_action(players: u8) -> Given {
    Given::new(players).turn(players - 1, 5)
}

fn scored(events: &[Event]) -> (Vec<ArmyScore>, Vec<ClaimRight>) {
    events
        .iter()
        .find_map(|e| match e {
            Event::ArmiesScored { armies, placement } => Some((armies.clone(), placement.clone())),
            _ => None,
        })
        .expect("the skirmish was scored")
}

fn placed(events: &[Event]) -> Vec<Seat> {
    scored(events).1.iter().map(|c| c.seat).collect()
}

fn score(seat: u8, strength: u16, doubled: bool) -> ArmyScore {
    ArmyScore {
        seat: Seat(seat),
        strength,
        doubled,
    }
}

fn claimed(events: &[Event]) -> Vec<(Seat, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::SupporterClaimed { seat, card } => Some((*seat, card.0)),
            _ => None,
        })
        .collect()
}

// --- 1. Reveal ---

#[test]
fn rules_6_all_face_down_followers_are_revealed() {
    last_action(2)
        .army(0, &[(id(Forsyth, 4), false), (id(Makgill, 5), true)])
        .army(1, &[(id(Wemyss, 6), false)])
        .when(1, Action::Pass)
        .then_events(|events| {
            let revealed = events.iter().find_map(|e| match e {
                Event::FollowersRevealed { followers } => Some(followers.clone()),
                _ => None,
            });
            assert_eq!(
                revealed,
                Some(vec![
                    RevealedFollower {
                        seat: Seat(0),
                        position: 0,
                        card: CardId(id(Forsyth, 4))
                    },
                    RevealedFollower {
                        seat: Seat(1),
                        position: 0,
                        card: CardId(id(Wemyss, 6))
                    },
                ])
            );
        });
}

#[test]
fn rules_6_face_down_followers_count_for_strength() {
    last_action(2)
        .army(0, &[(id(Forsyth, 4), false), (id(Makgill, 5), true)])
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(scored(events).0, vec![score(0, 9, false)]));
}

// --- 2. Strength ---

#[test]
fn rules_6_an_army_of_one_clan_is_doubled() {
    last_action(2)
        .army(0, &[(id(Wemyss, 4), true), (id(Wemyss, 7), false)])
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(scored(events).0, vec![score(0, 22, true)]));
}

#[test]
fn rules_6_an_army_of_several_clans_is_not_doubled() {
    last_action(2)
        .army(0, &[(id(Wemyss, 4), true), (id(Forsyth, 7), true)])
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(scored(events).0, vec![score(0, 11, false)]));
}

#[test]
fn rules_6_a_single_card_is_never_doubled() {
    last_action(2)
        .with_bruce()
        .army(0, &[(BRUCE_A, true)])
        .active(0, 0, Bruce)
        .army(1, &[(id(Scott, 12), true)])
        .when(1, Action::Pass)
        .then_events(|events| {
            assert_eq!(
                scored(events).0,
                vec![score(0, 6, false), score(1, 12, false)]
            );
        });
}

#[test]
fn rules_6_an_active_bruce_counts_as_any_clan_for_doubling() {
    last_action(2)
        .with_bruce()
        .army(
            0,
            &[(id(Scott, 3), true), (BRUCE_B, true), (id(Scott, 4), true)],
        )
        .active(0, 1, Bruce)
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(scored(events).0, vec![score(0, 26, true)]));
}

#[test]
fn rules_6_two_active_bruces_alone_are_doubled() {
    last_action(2)
        .with_bruce()
        .army(0, &[(BRUCE_A, true), (BRUCE_B, true)])
        .active(0, 0, Bruce)
        .active(0, 1, Bruce)
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(scored(events).0, vec![score(0, 24, true)]));
}

#[test]
fn rules_6_ruling_two_inactive_bruces_are_one_clan_and_doubled() {
    // RULES §5: an inactive Bruce is simply of clan Bruce, so two of them are all one clan.
    last_action(2)
        .with_bruce()
        .army(0, &[(BRUCE_A, true), (BRUCE_B, true)])
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(scored(events).0, vec![score(0, 24, true)]));
}

#[test]
fn rules_6_a_scott_carrying_a_bruce_token_counts_as_any_clan() {
    last_action(2)
        .army(0, &[(id(Forsyth, 5), true), (id(Scott, 3), true)])
        .active(0, 1, Bruce)
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(scored(events).0, vec![score(0, 16, true)]));
}

#[test]
fn rules_6_a_scott_with_another_token_keeps_its_clan() {
    last_action(2)
        .army(0, &[(id(Forsyth, 5), true), (id(Scott, 3), true)])
        .active(0, 1, Cochrane)
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(scored(events).0, vec![score(0, 8, false)]));
}

// --- 3. Placement ---

#[test]
fn rules_6_players_are_placed_by_strength_highest_first() {
    last_action(3)
        .army(0, &[(id(Forsyth, 5), true)])
        .army(1, &[(id(Forsyth, 9), true)])
        .army(2, &[(id(Forsyth, 7), true)])
        .when(2, Action::Pass)
        .then_events(|events| assert_eq!(placed(events), vec![Seat(1), Seat(2), Seat(0)]));
}

#[test]
fn rules_6_placement_uses_doubled_strength() {
    last_action(2)
        .army(0, &[(id(Wemyss, 3), true), (id(Wemyss, 4), true)])
        .army(1, &[(id(Forsyth, 12), true)])
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(placed(events), vec![Seat(0), Seat(1)]));
}

#[test]
fn rules_6_a_tie_goes_to_the_army_with_the_highest_ranked_card() {
    // Forsyth 6 is rank 41, Makgill 6 rank 42.
    last_action(2)
        .army(0, &[(id(Makgill, 6), true)])
        .army(1, &[(id(Forsyth, 6), true)])
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(placed(events), vec![Seat(0), Seat(1)]));
}

#[test]
fn rules_6_the_tie_break_looks_at_the_highest_card_not_the_sum_of_ranks() {
    // Both armies total 12; seat 1 holds Wemyss 10 (rank 80), higher than anything of seat 0.
    last_action(2)
        .army(0, &[(id(Makgill, 6), true), (id(Fergusson, 6), true)])
        .army(1, &[(id(Wemyss, 10), true), (id(Forsyth, 2), true)])
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(placed(events), vec![Seat(1), Seat(0)]));
}

#[test]
fn rules_6_players_with_no_follower_are_not_placed() {
    last_action(3)
        .supporters(&[40, 50, 60])
        .army(0, &[(id(Forsyth, 5), true)])
        .army(2, &[(id(Forsyth, 7), true)])
        .when(2, Action::Pass)
        .then_events(|events| {
            assert_eq!(placed(events), vec![Seat(2), Seat(0)]);
            assert_eq!(scored(events).0.len(), 2);
        });
}

// --- 4. Claims ---

#[test]
fn rules_6_the_first_placed_player_claims_first() {
    last_action(3)
        .supporters(&[40, 50, 60])
        .army(0, &[(id(Forsyth, 5), true)])
        .army(1, &[(id(Forsyth, 9), true)])
        .army(2, &[(id(Forsyth, 7), true)])
        .when(2, Action::Pass)
        .then_awaits(1, Decision::ClaimSupporter { claims_left: 1 });
}

#[test]
fn rules_6_claims_go_in_placement_order() {
    last_action(3)
        .supporters(&[40, 50, 60])
        .army(0, &[(id(Forsyth, 5), true)])
        .army(1, &[(id(Forsyth, 9), true)])
        .army(2, &[(id(Forsyth, 7), true)])
        .when(2, Action::Pass)
        .when(
            1,
            Action::ClaimSupporter {
                supporter: CardId(50),
            },
        )
        .then_awaits(2, Decision::ClaimSupporter { claims_left: 1 })
        .when(
            2,
            Action::ClaimSupporter {
                supporter: CardId(60),
            },
        )
        .then_events(|events| {
            // Seat 0 is left one choice: it is claimed on its own.
            assert_eq!(claimed(events), vec![(Seat(2), 60), (Seat(0), 40)]);
        })
        .then_state(|g| {
            assert_eq!(ids(&g.players()[0].victory), vec![40]);
            assert_eq!(ids(&g.players()[1].victory), vec![50]);
            assert_eq!(ids(&g.players()[2].victory), vec![60]);
        });
}

#[test]
fn rules_6_a_claim_out_of_order_is_rejected() {
    last_action(3)
        .supporters(&[40, 50, 60])
        .army(0, &[(id(Forsyth, 5), true)])
        .army(1, &[(id(Forsyth, 9), true)])
        .when(2, Action::Pass)
        .when(
            0,
            Action::ClaimSupporter {
                supporter: CardId(40),
            },
        )
        .then_rejects(RuleError::NotYourTurn);
}

#[test]
fn rules_6_a_claim_must_name_a_card_of_the_row() {
    last_action(2)
        .supporters(&[40, 50])
        .army(0, &[(id(Forsyth, 5), true)])
        .army(1, &[(id(Forsyth, 9), true)])
        .when(1, Action::Pass)
        .when(
            1,
            Action::ClaimSupporter {
                supporter: CardId(60),
            },
        )
        .then_rejects(RuleError::SupporterNotInRow);
}

#[test]
fn rules_6_a_claim_resolves_on_its_own_when_only_one_choice_is_left() {
    last_action(2)
        .supporters(&[40])
        .army(0, &[(id(Forsyth, 5), true)])
        .when(1, Action::Pass)
        .then_events(|events| {
            assert_eq!(claimed(events), vec![(Seat(0), 40)]);
            assert!(!events.iter().any(|e| matches!(
                e,
                Event::DecisionRequested {
                    decision: Decision::ClaimSupporter { .. },
                    ..
                }
            )));
        });
}

#[test]
fn rules_6_two_claims_take_a_row_of_two_on_their_own() {
    last_action(2)
        .supporters(&[40, 50])
        .army(0, &[(id(Cochrane, 5), true)])
        .active(0, 0, Cochrane)
        .army(1, &[(id(Forsyth, 2), true)])
        .when(1, Action::Pass)
        .then_events(|events| assert_eq!(claimed(events), vec![(Seat(0), 40), (Seat(0), 50)]));
}

#[test]
fn rules_6_a_player_who_finds_no_supporter_gets_none() {
    last_action(2)
        .supporters(&[40, 50])
        .army(0, &[(id(Cochrane, 5), true)])
        .active(0, 0, Cochrane)
        .army(1, &[(id(Forsyth, 2), true)])
        .when(1, Action::Pass)
        .then_state(|g| {
            assert!(g.players()[1].victory.is_empty());
            assert_eq!(g.skirmish(), 2);
        });
}

#[test]
fn rules_6_cochrane_with_one_supporter_left_takes_it() {
    last_action(2)
        .supporters(&[40, 50])
        .army(0, &[(id(Forsyth, 9), true)])
        .army(1, &[(id(Cochrane, 5), true)])
        .active(1, 0, Cochrane)
        .when(1, Action::Pass)
        .when(
            0,
            Action::ClaimSupporter {
                supporter: CardId(50),
            },
        )
        .then_events(|events| assert_eq!(claimed(events), vec![(Seat(0), 50), (Seat(1), 40)]));
}

#[test]
fn rules_6_unplaced_players_do_not_claim_even_with_supporters_left() {
    last_action(3)
        .supporters(&[40, 50, 60])
        .army(0, &[(id(Forsyth, 5), true)])
        .when(2, Action::Pass)
        .when(
            0,
            Action::ClaimSupporter {
                supporter: CardId(40),
            },
        )
        .then_state(|g| {
            assert!(g.players()[1].victory.is_empty());
            assert!(g.players()[2].victory.is_empty());
            assert!(g.discard_pile().contains(&CardId(50)));
            assert!(g.discard_pile().contains(&CardId(60)));
        });
}

// --- 5. Discards ---

#[test]
fn rules_6_unclaimed_supporters_recruits_and_followers_are_discarded() {
    last_action(2)
        .supporters(&[40, 50, 60])
        .recruits(&[(1, true), (2, true)])
        .army(0, &[(id(Forsyth, 5), true)])
        .army(1, &[(id(Wemyss, 3), false)])
        .hand(1, &[id(Makgill, 8)])
        .when(1, muster(id(Makgill, 8), true))
        .when(
            1,
            Action::ClaimSupporter {
                supporter: CardId(40),
            },
        )
        .when(
            0,
            Action::ClaimSupporter {
                supporter: CardId(50),
            },
        )
        .then_events(|events| {
            let mut discarded = events
                .iter()
                .find_map(|e| match e {
                    Event::SkirmishEnded { discarded, .. } => Some(ids(discarded)),
                    _ => None,
                })
                .unwrap();
            discarded.sort();
            let mut expected = vec![60, 1, 2, id(Forsyth, 5), id(Wemyss, 3), id(Makgill, 8)];
            expected.sort();
            assert_eq!(discarded, expected);
        })
        .then_state(|g| {
            for c in [60, 1, 2, id(Forsyth, 5), id(Wemyss, 3), id(Makgill, 8)] {
                assert!(g.discard_pile().contains(&CardId(c)), "{c} discarded");
            }
            assert!(g.players().iter().all(|p| p.army.is_empty()));
        });
}

// --- 6/7. The next skirmish ---

#[test]
fn rules_6_a_new_skirmish_deals_five_face_down_recruits_then_the_supporter_row() {
    last_action(3)
        .draw(&[1, 2, 3, 4, 5, 41, 50, 60])
        .when(2, Action::Pass)
        .then_events(|events| {
            let dealt: Vec<&Event> = events
                .iter()
                .filter(|e| matches!(e.kind(), "recruit_dealt" | "supporter_dealt"))
                .collect();
            let expected: Vec<Event> = (0..5)
                .map(|slot| Event::RecruitDealt {
                    slot,
                    face_up: false,
                    card: Some(CardId(slot + 1)),
                })
                .chain([41, 50, 60].map(|c| Event::SupporterDealt { card: CardId(c) }))
                .collect();
            assert_eq!(dealt, expected.iter().collect::<Vec<_>>());
        })
        .then_state(|g| {
            assert_eq!(g.skirmish(), 2);
            assert_eq!(g.turn(), 1);
            assert_eq!(ids(g.supporters()), vec![41, 50, 60]);
            // Turn 1 has begun: the initiative holder turned slot 0 face-up.
            let facings: Vec<bool> = g.recruits().iter().map(|r| r.unwrap().face_up).collect();
            assert_eq!(facings, vec![true, false, false, false, false]);
        });
}

#[test]
fn rules_6_the_player_placed_first_takes_the_initiative() {
    last_action(3)
        .army(0, &[(id(Forsyth, 5), true)])
        .army(2, &[(id(Forsyth, 7), true)])
        .when(2, Action::Pass)
        .then_events(|events| {
            assert!(events.contains(&Event::SkirmishStarted {
                skirmish: 2,
                initiative: Seat(2)
            }));
        })
        .then_state(|g| assert_eq!(g.initiative(), Seat(2)))
        .then_awaits(2, Decision::Turn);
}

#[test]
fn rules_6_the_initiative_does_not_move_when_nobody_was_placed() {
    Given::new(3)
        .initiative(1)
        .turn(0, 5)
        .when(0, Action::Pass)
        .then_events(|events| {
            assert!(placed(events).is_empty());
            assert!(events.contains(&Event::SkirmishStarted {
                skirmish: 2,
                initiative: Seat(1)
            }));
        })
        .then_awaits(1, Decision::Turn);
}

#[test]
fn rules_6_hands_are_kept_and_nobody_is_dealt_new_cards() {
    last_action(2)
        .hand(0, &[10, 20, 30])
        .hand(1, &[id(Makgill, 8), 25])
        .when(1, muster(id(Makgill, 8), true))
        .then_events(|events| assert!(of_kind(events, "hand_dealt").is_empty()))
        .then_state(|g| {
            assert_eq!(hand_ids(g, 0), vec![10, 20, 30]);
            assert_eq!(hand_ids(g, 1), vec![25]);
        });
}

#[test]
fn rules_6_the_discard_pile_is_reshuffled_into_a_new_draw_pile_when_the_draw_pile_runs_out() {
    last_action(2)
        .army(0, &[(id(Forsyth, 5), true)])
        .draw(&[1, 2, 3])
        .spare(Spare::Discard)
        .when(1, Action::Pass)
        .then_events(|events| {
            let kinds: Vec<&str> = events
                .iter()
                .map(Event::kind)
                .filter(|k| matches!(*k, "recruit_dealt" | "deck_shuffled"))
                .collect();
            assert_eq!(
                kinds,
                vec![
                    "recruit_dealt",
                    "recruit_dealt",
                    "recruit_dealt",
                    "deck_shuffled",
                    "recruit_dealt",
                    "recruit_dealt"
                ]
            );
        })
        .then_events(|events| {
            // 92 cards lay in the discard pile, and the Follower discarded at the end of the
            // skirmish joined them before the shuffle.
            assert!(
                events
                    .iter()
                    .any(|e| matches!(e, Event::DeckShuffled { size: 93, .. }))
            );
        })
        .then_state(|g| {
            assert!(!g.discard_pile().contains(&CardId(id(Forsyth, 5))));
            assert!(g.recruits().iter().all(Option::is_some));
            assert_eq!(g.supporters().len(), 2);
        });
}

#[test]
fn rules_6_the_reshuffle_is_random() {
    let drawn: std::collections::BTreeSet<u8> = (0..20)
        .map(|seed| {
            let then = Given::new(2)
                .seed(seed)
                .hand(0, &[id(Forsyth, 1)])
                .discard(&[60, 61, 62])
                .spare(Spare::Hand(Seat(1)))
                .when(0, muster_with_power(id(Forsyth, 1)));
            hand_ids(then.state(), 0)[0]
        })
        .collect();
    assert!(drawn.len() > 1, "every seed drew the same card: {drawn:?}");
}

#[test]
fn rules_6_nothing_is_drawn_when_both_piles_are_empty() {
    last_action(2)
        .draw(&[1, 2])
        .spare(Spare::Hand(Seat(0)))
        .when(1, Action::Pass)
        .then_events(|events| {
            assert_eq!(of_kind(events, "recruit_dealt").len(), 2);
            assert!(of_kind(events, "supporter_dealt").is_empty());
            assert!(of_kind(events, "deck_shuffled").is_empty());
        })
        .then_state(|g| {
            assert_eq!(g.recruits()[2], None);
            assert!(g.supporters().is_empty());
        });
}

#[test]
fn rules_6_a_kept_macdonnell_is_in_the_army_when_the_next_skirmish_starts() {
    last_action(2)
        .army(1, &[(id(Macdonnell, 8), true), (id(Forsyth, 2), true)])
        .active(1, 0, Macdonnell)
        .army(0, &[(id(Forsyth, 12), true)])
        .when(1, Action::Pass)
        .then_state(|g| {
            let public = view(g, Viewer::Spectator);
            assert_eq!(public.players[1].army.len(), 1);
            assert_eq!(
                public.players[1].army[0].card,
                Some(CardId(id(Macdonnell, 8)))
            );
            assert!(public.players[1].army[0].kept);
        });
}
