//! Service rules §9.6 (vacation): `seat_away` and `seat_back` record when a seat's player is
//! away, for the shell's clock; they change nothing of the card game.

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::*;

fn started() -> (Vec<Event>, Game) {
    let options = OptionsRequest::new(3).validate().unwrap();
    let events = start(&options, &mut StdRng::seed_from_u64(3)).unwrap();
    let game = Game::replay(&events);
    (events, game)
}

#[test]
fn seat_away_records_until_when_the_seat_is_away_and_nothing_else() {
    let (_, before) = started();
    let mut after = before.clone();
    after.apply(&Event::SeatAway {
        seat: Seat(1),
        until_ms: 1_795_771_800_000,
    });
    assert_eq!(after.away_until_ms(Seat(1)), Some(1_795_771_800_000));
    assert_eq!(after.away_until_ms(Seat(0)), None);
    assert_eq!(after.awaiting(), before.awaiting());
    let seen = view(&after, Viewer::Spectator);
    assert_eq!(
        seen.players[1].vacation_until,
        Some(UnixMillis(1_795_771_800_000))
    );
    assert_eq!(seen.players[0].vacation_until, None);
}

#[test]
fn seat_back_clears_the_vacation() {
    let (_, mut game) = started();
    game.apply(&Event::SeatAway {
        seat: Seat(2),
        until_ms: 5_000,
    });
    game.apply(&Event::SeatBack { seat: Seat(2) });
    assert_eq!(game.away_until_ms(Seat(2)), None);
    assert_eq!(
        view(&game, Viewer::Seat(Seat(2))).players[2].vacation_until,
        None
    );
}

#[test]
fn a_replay_with_vacations_equals_the_game_applied_step_by_step() {
    let (mut events, _) = started();
    events.push(Event::SeatAway {
        seat: Seat(0),
        until_ms: 10_000,
    });
    events.push(Event::SeatAway {
        seat: Seat(1),
        until_ms: 20_000,
    });
    events.push(Event::SeatBack { seat: Seat(0) });
    let replayed = Game::replay(&events);
    let mut stepped = Game::new();
    for e in &events {
        stepped.apply(e);
    }
    assert_eq!(replayed, stepped);
    assert_eq!(replayed.away_until_ms(Seat(0)), None);
    assert_eq!(replayed.away_until_ms(Seat(1)), Some(20_000));
}

#[test]
fn vacation_events_are_public_and_keep_their_stored_shape() {
    let away = Event::SeatAway {
        seat: Seat(1),
        until_ms: 42,
    };
    assert_eq!(redact(&away, Viewer::Spectator), away);
    assert_eq!(
        serde_json::to_value(&away).unwrap(),
        serde_json::json!({"type": "seat_away", "seat": 1, "until_ms": 42})
    );
    assert_eq!(
        serde_json::to_value(Event::SeatBack { seat: Seat(0) }).unwrap(),
        serde_json::json!({"type": "seat_back", "seat": 0})
    );
}
