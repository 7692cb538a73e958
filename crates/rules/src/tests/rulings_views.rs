//! RULES §8 Who sees what: projections for a seat, a spectator and everyone, and redacted events.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use super::harness::*;
use crate::Clan::{Cochrane, Forsyth, Macdonnell, Makgill, Scott, Wemyss};
use crate::*;

fn me(seat: u8) -> Viewer {
    Viewer::Seat(Seat(seat))
}

/// A mid-skirmish table: hands, face-up and face-down Followers, both kinds of recruit.
fn table() -> Game {
    Given::new(3)
        .turn(1, 2)
        .hand(0, &[10, 12])
        .hand(1, &[11, 21, 31])
        .army(0, &[(id(Forsyth, 4), true), (id(Wemyss, 6), false)])
        .army(1, &[(id(Makgill, 9), false)])
        .army(2, &[(id(Cochrane, 3), true), (id(Scott, 5), true)])
        .active(2, 0, Cochrane)
        .active(2, 1, Macdonnell)
        .recruits(&[(1, true), (2, true), (3, false), (4, false)])
        .supporters(&[40, 50, 60])
        .victory(2, &[70])
        .discard(&[80])
        .build()
}

// --- Projections ---

#[test]
fn rules_8_a_player_sees_their_own_hand() {
    let v = view(&table(), me(1));
    assert_eq!(
        v.players[1].hand,
        Some(vec![CardId(11), CardId(21), CardId(31)])
    );
}

#[test]
fn rules_8_a_player_sees_only_the_size_of_another_players_hand() {
    let v = view(&table(), me(1));
    assert_eq!(v.players[0].hand, None);
    assert_eq!(v.players[0].hand_size, 2);
}

#[test]
fn rules_8_a_player_sees_the_face_down_followers_of_their_own_army() {
    let v = view(&table(), me(0));
    assert_eq!(v.players[0].army[1].card, Some(CardId(id(Wemyss, 6))));
    assert!(!v.players[0].army[1].face_up);
}

#[test]
fn rules_8_others_see_how_many_face_down_followers_an_army_holds_but_not_which() {
    let v = view(&table(), me(1));
    let army = &v.players[0].army;
    assert_eq!(army.len(), 2);
    assert_eq!(army[0].card, Some(CardId(id(Forsyth, 4))));
    assert_eq!(army[1].card, None);
    assert!(!army[1].face_up);
}

#[test]
fn rules_8_a_spectator_sees_no_hand_and_no_face_down_follower() {
    let v = view(&table(), Viewer::Spectator);
    assert!(v.players.iter().all(|p| p.hand.is_none()));
    assert_eq!(v.players[0].army[1].card, None);
    assert_eq!(v.players[1].army[0].card, None);
    assert_eq!(v.viewer, None);
}

#[test]
fn rules_8_face_up_followers_their_activation_and_scott_tokens_are_public() {
    let v = view(&table(), Viewer::Spectator);
    let army = &v.players[2].army;
    assert_eq!(army[0].card, Some(CardId(id(Cochrane, 3))));
    assert_eq!(army[0].active, Some(Cochrane));
    assert_eq!(army[1].card, Some(CardId(id(Scott, 5))));
    assert_eq!(army[1].active, Some(Macdonnell));
}

#[test]
fn rules_8_face_down_recruits_are_hidden_from_every_player() {
    let game = table();
    for viewer in [me(0), me(1), me(2), Viewer::Spectator] {
        let v = view(&game, viewer);
        let cards: Vec<Option<CardId>> = v.recruits.iter().map(|r| r.card).collect();
        assert_eq!(
            cards,
            vec![Some(CardId(1)), Some(CardId(2)), None, None, None]
        );
        assert_eq!(v.recruits[2].state, RecruitState::FaceDown);
        assert_eq!(v.recruits[4].state, RecruitState::Empty);
    }
}

#[test]
fn rules_8_only_the_draw_pile_size_is_shown() {
    let game = table();
    let v = view(&game, me(0));
    assert_eq!(v.draw_pile, None);
    assert_eq!(v.draw_size as usize, game.draw_pile().len());
}

#[test]
fn rules_8_the_public_zones_and_counters_are_shown_to_everyone() {
    let game = table();
    let v = view(&game, Viewer::Spectator);
    assert_eq!(v.supporters, vec![CardId(40), CardId(50), CardId(60)]);
    assert_eq!(v.discard, vec![CardId(80)]);
    assert_eq!(v.players[2].victory, vec![CardId(70)]);
    assert_eq!(v.players[2].score, card(CardId(70)).strength as u16);
    assert_eq!((v.skirmish, v.turn, v.initiative), (1, 2, Seat(0)));
    assert_eq!(
        v.awaiting,
        Some(Awaiting {
            seat: Seat(1),
            decision: Decision::Turn
        })
    );
}

#[test]
fn rules_8_a_seat_sees_its_own_view_until_the_game_ends() {
    assert_eq!(Viewer::of(&table(), Some(Seat(1))), me(1));
    assert_eq!(Viewer::of(&table(), None), Viewer::Spectator);
}

fn finished() -> Then {
    Given::new(2)
        .target_score(10)
        .turn(1, 5)
        .victory(0, &[id(Forsyth, 8)])
        .supporters(&[id(Makgill, 2)])
        .army(0, &[(id(Wemyss, 5), true)])
        .hand(1, &[11, 12])
        .hand(0, &[13])
        .army(1, &[(id(Forsyth, 3), false)])
        .when(1, muster(11, false))
}

#[test]
fn rules_8_everything_is_public_once_the_game_is_over() {
    finished().then_state(|g| {
        assert_eq!(g.status(), Status::Finished);
        for seat in [Some(Seat(0)), Some(Seat(1)), None] {
            let viewer = Viewer::of(g, seat);
            assert_eq!(viewer, Viewer::Everyone);
            let v = view(g, viewer);
            assert_eq!(v.players[0].hand, Some(vec![CardId(13)]));
            assert_eq!(v.players[1].hand, Some(vec![CardId(12)]));
            let draw: Vec<CardId> = g.draw_pile().iter().rev().copied().collect();
            assert_eq!(v.draw_pile, Some(draw));
        }
    });
}

// --- Redacted events ---

#[test]
fn rules_8_a_redacted_shuffle_hides_its_order_and_salt_but_keeps_its_commitment() {
    let options = OptionsRequest::new(2).validate().unwrap();
    let events = start(&options, &mut StdRng::seed_from_u64(1)).unwrap();
    let shuffle = &events[1];
    for viewer in [me(0), me(1), Viewer::Spectator] {
        match (redact(shuffle, viewer), shuffle) {
            (
                Event::DeckShuffled {
                    size,
                    commitment,
                    order,
                    salt,
                },
                Event::DeckShuffled {
                    size: s,
                    commitment: c,
                    ..
                },
            ) => {
                assert_eq!((size, &commitment), (*s, c));
                assert_eq!((order, salt), (None, None));
            }
            other => panic!("expected a shuffle, got {other:?}"),
        }
    }
}

#[test]
fn rules_8_the_shuffle_revealed_at_the_end_matches_its_commitment() {
    let options = OptionsRequest::new(2).validate().unwrap();
    let events = start(&options, &mut StdRng::seed_from_u64(1)).unwrap();
    let Event::DeckShuffled {
        commitment,
        order: Some(order),
        salt: Some(salt),
        ..
    } = redact(&events[1], Viewer::Everyone)
    else {
        panic!("the full view shows the shuffle");
    };
    assert!(verify_shuffle(&order, &salt, &commitment));
    let mut other = order.clone();
    other.swap(0, 1);
    assert!(!verify_shuffle(&other, &salt, &commitment));
}

#[test]
fn rules_8_a_redacted_deal_shows_the_cards_only_to_the_player_dealt() {
    let options = OptionsRequest::new(3).validate().unwrap();
    let events = start(&options, &mut StdRng::seed_from_u64(2)).unwrap();
    for event in of_kind(&events, "hand_dealt") {
        let Event::HandDealt { seat, .. } = event else {
            unreachable!()
        };
        for viewer in [me(0), me(1), me(2), Viewer::Spectator] {
            let shown = redact(event, viewer);
            let Event::HandDealt { cards, count, .. } = &shown else {
                unreachable!()
            };
            assert_eq!(*count, 5);
            assert_eq!(cards.is_some(), viewer == Viewer::Seat(*seat), "{viewer:?}");
        }
    }
}

#[test]
fn rules_8_a_redacted_face_down_recruit_deal_hides_the_card_from_every_player() {
    let dealt = Event::RecruitDealt {
        slot: 3,
        face_up: false,
        card: Some(CardId(12)),
    };
    for viewer in [me(0), me(1), Viewer::Spectator] {
        assert_eq!(
            redact(&dealt, viewer),
            Event::RecruitDealt {
                slot: 3,
                face_up: false,
                card: None
            }
        );
    }
    let face_up = Event::RecruitDealt {
        slot: 3,
        face_up: true,
        card: Some(CardId(12)),
    };
    assert_eq!(redact(&face_up, Viewer::Spectator), face_up);
}

#[test]
fn rules_8_a_redacted_face_down_muster_shows_the_card_only_to_its_owner() {
    Given::new(3)
        .hand(0, &[id(Forsyth, 4)])
        .when(0, muster(id(Forsyth, 4), false))
        .then_events(|events| {
            let mustered = of_kind(events, "mustered")[0];
            let card = |viewer| match redact(mustered, viewer) {
                Event::Mustered { card, .. } => card,
                _ => unreachable!(),
            };
            assert_eq!(card(me(0)), Some(CardId(id(Forsyth, 4))));
            assert_eq!(card(me(1)), None);
            assert_eq!(card(Viewer::Spectator), None);
        });
}

#[test]
fn rules_8_a_face_up_muster_is_public() {
    Given::new(3)
        .hand(0, &[id(Forsyth, 4)])
        .when(0, muster(id(Forsyth, 4), true))
        .then_events(|events| {
            let mustered = of_kind(events, "mustered")[0];
            assert_eq!(&redact(mustered, Viewer::Spectator), mustered);
        });
}

#[test]
fn rules_8_a_face_down_recruit_taken_is_shown_only_to_the_recruiter() {
    Given::new(3)
        .recruits(&[(1, true), (2, false)])
        .when(0, Action::Recruit { slot: 1 })
        .then_events(|events| {
            let recruited = of_kind(events, "recruited")[0];
            let card = |viewer| match redact(recruited, viewer) {
                Event::Recruited { card, .. } => card,
                _ => unreachable!(),
            };
            assert_eq!(card(me(0)), Some(CardId(2)));
            assert_eq!(card(me(2)), None);
            assert_eq!(card(Viewer::Spectator), None);
        });
}

#[test]
fn rules_8_a_face_up_recruit_taken_is_public() {
    Given::new(3)
        .recruits(&[(1, true), (2, false)])
        .when(0, Action::Recruit { slot: 0 })
        .then_events(|events| {
            let recruited = of_kind(events, "recruited")[0];
            assert_eq!(&redact(recruited, Viewer::Spectator), recruited);
        });
}

#[test]
fn rules_8_a_card_drawn_by_forsyth_is_shown_only_to_the_drawer() {
    Given::new(3)
        .hand(0, &[id(Forsyth, 1)])
        .draw(&[60])
        .when(0, muster_with_power(id(Forsyth, 1)))
        .then_events(|events| {
            let drawn = of_kind(events, "card_drawn")[0];
            let card = |viewer| match redact(drawn, viewer) {
                Event::CardDrawn { card, .. } => card,
                _ => unreachable!(),
            };
            assert_eq!(card(me(0)), Some(CardId(60)));
            assert_eq!(card(me(1)), None);
            assert_eq!(card(Viewer::Spectator), None);
        });
}

#[test]
fn rules_8_after_the_game_ends_redaction_hides_nothing() {
    finished().then_state(|g| {
        let shuffle = Event::DeckShuffled {
            size: 2,
            commitment: "c".into(),
            order: Some(vec![CardId(1), CardId(2)]),
            salt: Some("00".into()),
        };
        let viewer = Viewer::of(g, Some(Seat(1)));
        assert_eq!(redact(&shuffle, viewer), shuffle);
    });
}

/// Plays seeded random games and checks every event as each seat and a spectator receive it.
#[test]
fn rules_8_no_redacted_event_shows_a_hidden_card_in_random_games() {
    for players in 2..=5u8 {
        for seed in 0..4u64 {
            let mut rng = StdRng::seed_from_u64(seed);
            let options = OptionsRequest {
                players,
                include_bruce: Some(true),
                ..OptionsRequest::default()
            }
            .validate()
            .unwrap();
            let mut events = start(&options, &mut rng).unwrap();
            let mut game = Game::replay(&events);
            while game.status() == Status::Active {
                let seat = game.awaiting().unwrap().seat;
                let action = *legal_actions(&game, seat).choose(&mut rng).unwrap();
                let new = decide(&game, seat, &action, &mut rng).unwrap();
                for e in &new {
                    if let Event::SkirmishEnded { .. } = e {
                        // The discarded recruits are listed publicly: none may be face-down.
                        assert!(game.recruits().iter().flatten().all(|r| r.face_up));
                    }
                    game.apply(e);
                }
                events.extend(new);
                assert_views_hide(&game, players);
            }
            let viewers = (0..players)
                .map(|s| Viewer::Seat(Seat(s)))
                .chain([Viewer::Spectator]);
            for viewer in viewers {
                for event in &events {
                    assert_redacted(event, viewer);
                }
            }
        }
    }
}

fn assert_views_hide(game: &Game, players: u8) {
    if game.status() != Status::Active {
        return;
    }
    for s in 0..players {
        let v = view(game, me(s));
        for (i, p) in v.players.iter().enumerate() {
            let mine = i == s as usize;
            assert_eq!(p.hand.is_some(), mine);
            let real = &game.players()[i].army;
            for (f, r) in p.army.iter().zip(real) {
                assert_eq!(f.card.is_some(), r.face_up || mine);
            }
        }
        assert!(
            v.recruits
                .iter()
                .all(|r| (r.state == RecruitState::FaceUp) == r.card.is_some())
        );
        assert!(v.draw_pile.is_none());
    }
}

fn assert_redacted(event: &Event, viewer: Viewer) {
    let own = |seat: &Seat| viewer == Viewer::Seat(*seat);
    match redact(event, viewer) {
        Event::DeckShuffled { order, salt, .. } => assert!(order.is_none() && salt.is_none()),
        Event::HandDealt { seat, cards, .. } => assert_eq!(cards.is_some(), own(&seat)),
        Event::RecruitDealt { face_up, card, .. } => assert_eq!(card.is_some(), face_up),
        Event::Recruited {
            seat,
            face_up,
            card,
            ..
        }
        | Event::Mustered {
            seat,
            face_up,
            card,
            ..
        } => assert_eq!(card.is_some(), face_up || own(&seat)),
        Event::CardDrawn { seat, card } => assert_eq!(card.is_some(), own(&seat)),
        Event::FollowersSwapped {
            seat,
            target,
            taken_face_up,
            taken,
            ..
        } => assert_eq!(
            taken.is_some(),
            taken_face_up || own(&seat) || own(&target.seat)
        ),
        _ => {}
    }
}
