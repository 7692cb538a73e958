//! Service rules §9.3–9.5 (docs/rules.md): resignation, timeouts and bots acting for a seat.
//! Over the game rules and the bots. The engine reads no clock: the shell decides that a
//! deadline passed and calls [`time_out`].

use rand::Rng;

use super::bots;
use super::error::RuleError;
use super::event::{BotLevel, Event};
use super::legal::actions_of;
use super::rules::{Scratch, decide_unchecked};
use super::state::{Game, Seat, Status};
use super::view::{Viewer, view};

fn active_seat(game: &Game, seat: Seat) -> Result<(), RuleError> {
    match game.status() {
        Status::NotStarted => return Err(RuleError::GameNotStarted),
        Status::Finished => return Err(RuleError::GameOver),
        Status::Active => {}
    }
    if seat.index() >= game.player_count() {
        return Err(RuleError::NoSuchSeat);
    }
    if game.is_resigned(seat) {
        return Err(RuleError::SeatResigned);
    }
    Ok(())
}

/// §9.3: once at most one unresigned seat remains, the game ends and that seat (if any) wins.
fn game_end_if_one_left(game: &Game) -> Option<Event> {
    let left: Vec<Seat> = game.seats().filter(|&x| !game.is_resigned(x)).collect();
    (left.len() <= 1).then(|| Event::GameEnded {
        scores: game.scores(),
        winners: left,
    })
}

/// §9.3: `seat` resigns (at any time while the game is active, awaited or not).
pub fn resign(game: &Game, seat: Seat) -> Result<Vec<Event>, RuleError> {
    active_seat(game, seat)?;
    let resigned = Event::SeatResigned { seat };
    let mut after = game.clone();
    after.apply(&resigned);
    Ok(std::iter::once(resigned)
        .chain(game_end_if_one_left(&after))
        .collect())
}

/// The awaited seat, when a bot must act for it now: a resigned or abandoned seat.
pub fn bot_due(game: &Game) -> Option<Seat> {
    let awaiting = game.awaiting()?;
    (game.status() == Status::Active && game.is_resigned(awaiting.seat)).then_some(awaiting.seat)
}

/// §9.5: a bot of `level` takes the decision awaited from `seat`, seeing only that seat's view:
/// `bot_acted`, then the action's events.
fn bot_plays<R: Rng + ?Sized>(
    s: &mut Scratch<'_, R>,
    seat: Seat,
    level: BotLevel,
) -> Result<(), RuleError> {
    let legal = actions_of(&s.g, seat);
    let seen = view(&s.g, Viewer::Seat(seat));
    let action = bots::choose(level, &seen, &legal, s.rng).ok_or(RuleError::NotYourTurn)?;
    s.emit(Event::BotActed { seat, level });
    let events = decide_unchecked(&s.g, seat, &action, s.rng)?;
    for e in events {
        s.emit(e);
    }
    Ok(())
}

/// §9.5: a bot of `level` plays the decision awaited from `seat`, which must be a seat a bot
/// plays (resigned or abandoned, or given to a bot by the service: `bot_seat`).
pub fn play_bot(
    game: &Game,
    seat: Seat,
    level: BotLevel,
    bot_seat: bool,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Vec<Event>, RuleError> {
    if game.status() != Status::Active {
        return Err(if game.status() == Status::NotStarted {
            RuleError::GameNotStarted
        } else {
            RuleError::GameOver
        });
    }
    let awaiting = game.awaiting().ok_or(RuleError::GameOver)?;
    if awaiting.seat != seat || !(bot_seat || game.is_resigned(seat)) {
        return Err(RuleError::NotYourTurn);
    }
    let mut s = Scratch {
        g: game.clone(),
        events: Vec::with_capacity(8),
        rng,
    };
    bot_plays(&mut s, seat, level)?;
    Ok(s.events)
}

/// §9.4: the decision awaited from `seat` passed its deadline. Counts the timeout; at the
/// game's `max_timeouts` in a row the seat is abandoned (and the game ends if at most one
/// unresigned seat remains); otherwise, or if the game goes on, a bot of `level` plays the
/// decision.
pub fn time_out(
    game: &Game,
    seat: Seat,
    level: BotLevel,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Vec<Event>, RuleError> {
    active_seat(game, seat)?;
    let awaiting = game.awaiting().ok_or(RuleError::GameOver)?;
    if awaiting.seat != seat {
        return Err(RuleError::NotYourTurn);
    }
    let max = game.options().map_or(u8::MAX, |o| o.max_timeouts);
    let consecutive = game.timeouts(seat).saturating_add(1);
    let mut s = Scratch {
        g: game.clone(),
        events: Vec::with_capacity(10),
        rng,
    };
    s.emit(Event::DecisionTimedOut { seat, consecutive });
    if consecutive >= max {
        s.emit(Event::SeatAbandoned { seat });
        if let Some(end) = game_end_if_one_left(&s.g) {
            s.emit(end);
        }
    }
    if s.g.status() == Status::Active {
        bot_plays(&mut s, seat, level)?;
    }
    Ok(s.events)
}
