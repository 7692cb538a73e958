//! Projections of the game for a viewer, and redaction of events (RULES §8).
//! A hidden card is `null`; nothing else about it (id, clan, strength) appears.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::cards::{CardId, Clan};
use super::event::Event;
use super::options::GameOptions;
use super::state::{ArmyScore, Awaiting, EditionId, Game, Seat, Status};

/// Who is looking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// A seated player: sees their own hand and their own face-down Followers.
    Seat(Seat),
    /// Anyone else: the public information only.
    Spectator,
    /// Everything; what everyone sees once the game is over.
    Everyone,
}

impl Viewer {
    /// The viewer a caller gets: everything once the game is over (RULES §8).
    pub fn of(game: &Game, seat: Option<Seat>) -> Viewer {
        if game.status() == Status::Finished {
            Viewer::Everyone
        } else {
            seat.map_or(Viewer::Spectator, Viewer::Seat)
        }
    }

    fn sees_private(self, seat: Seat) -> bool {
        match self {
            Viewer::Seat(s) => s == seat,
            Viewer::Spectator => false,
            Viewer::Everyone => true,
        }
    }

    fn sees_all(self) -> bool {
        self == Viewer::Everyone
    }
}

/// The game as one viewer may see it (RULES §8): a seated player sees their own hand and their
/// own face-down Followers; spectators see the public information only; once the game is over
/// everyone sees everything. Hidden cards are `null`, with nothing else about them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct View {
    pub edition: EditionId,
    /// `null` before the game has started.
    #[schema(required = true)]
    pub options: Option<GameOptions>,
    pub status: Status,
    /// The seat this view was made for; `null` for spectators and the full view.
    #[schema(required = true)]
    pub viewer: Option<Seat>,
    /// The current skirmish, from 1 (0 before the start).
    pub skirmish: u16,
    /// The current turn of the skirmish, 1 to 5 (0 before its first turn).
    #[schema(minimum = 0, maximum = 5)]
    pub turn: u8,
    /// The holder of the Victor's Initiative (RULES §3.5, §6.7).
    pub initiative: Seat,
    /// Whose decision is awaited; `null` before the start and after the end.
    #[schema(required = true)]
    pub awaiting: Option<Awaiting>,
    /// By seat.
    pub players: Vec<PlayerView>,
    /// By slot, 0 to 4.
    pub recruits: Vec<RecruitView>,
    /// The Supporter row.
    pub supporters: Vec<CardId>,
    /// Bottom first; the last card is the top of the discard pile.
    pub discard: Vec<CardId>,
    #[schema(minimum = 0, maximum = 98)]
    pub draw_size: u8,
    /// Top card first; only in the full view once the game is over, otherwise `null`.
    #[schema(required = true)]
    pub draw_pile: Option<Vec<CardId>>,
    /// The last scored skirmish: army strengths in seat order, one per seat that had an army;
    /// `placement` gives the places.
    pub last_scores: Vec<ArmyScore>,
    /// The placement of the last scored skirmish, first place first (RULES §6.3).
    pub placement: Vec<Seat>,
    /// The winners once the game is over, several when the victory is shared (RULES §7);
    /// `null` until then.
    #[schema(required = true)]
    pub winners: Option<Vec<Seat>>,
    /// Once the game is over: every seat, winners first, then the other players by score, then
    /// resigned or abandoned seats (service rules §9.3); `null` until then.
    #[schema(required = true)]
    pub ranking: Option<Vec<Seat>>,
}

/// A player's zones, as the viewer may see them (RULES §8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PlayerView {
    pub seat: Seat,
    #[schema(minimum = 0, maximum = 98)]
    pub hand_size: u8,
    /// Only for the player themselves (and everyone once the game is over); otherwise `null`.
    #[schema(required = true)]
    pub hand: Option<Vec<CardId>>,
    /// First mustered first; `position` in a `FollowerRef` indexes this list.
    pub army: Vec<FollowerView>,
    /// The claimed Supporters.
    pub victory: Vec<CardId>,
    /// The strengths of the claimed Supporters (RULES §6.6).
    pub score: u16,
    /// Resigned or abandoned (service rules §9.3–9.4): it cannot win; a bot plays it.
    pub resigned: bool,
    /// Timeouts in a row (service rules §9.4); back to 0 when the player decides again.
    #[schema(minimum = 0, maximum = 10)]
    pub timeouts: u8,
}

/// A card in an army, as the viewer may see it (RULES §8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct FollowerView {
    pub face_up: bool,
    /// `null` for a face-down Follower the viewer may not see.
    #[schema(required = true)]
    pub card: Option<CardId>,
    /// The active end-of-skirmish power (a Scott's clan token), public once used (RULES §5);
    /// `null` when none.
    #[schema(required = true)]
    pub active: Option<Clan>,
    /// Kept from the previous skirmish by a Macdonnell: power spent, discarded at the end of this
    /// skirmish.
    pub kept: bool,
}

/// Whether a recruit slot is empty, face-down or face-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RecruitState {
    Empty,
    FaceDown,
    FaceUp,
}

/// A recruit slot (RULES §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct RecruitView {
    #[schema(minimum = 0, maximum = 4)]
    pub slot: u8,
    pub state: RecruitState,
    /// The card when face-up (or in the full view once the game is over); otherwise `null`.
    #[schema(required = true)]
    pub card: Option<CardId>,
}

/// The game as `viewer` may see it (RULES §8).
pub fn view(game: &Game, viewer: Viewer) -> View {
    let players = game
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = Seat(i as u8);
            let mine = viewer.sees_private(seat);
            PlayerView {
                seat,
                hand_size: p.hand.len() as u8,
                hand: mine.then(|| p.hand.to_vec()),
                army: p
                    .army
                    .iter()
                    .map(|f| FollowerView {
                        face_up: f.face_up,
                        card: (f.face_up || mine).then_some(f.card),
                        active: f.active,
                        kept: f.kept,
                    })
                    .collect(),
                victory: p.victory.to_vec(),
                score: p.score(),
                resigned: game.is_resigned(seat),
                timeouts: game.timeouts(seat),
            }
        })
        .collect();
    let recruits = game
        .recruits()
        .iter()
        .enumerate()
        .map(|(i, r)| match r {
            None => RecruitView {
                slot: i as u8,
                state: RecruitState::Empty,
                card: None,
            },
            Some(r) => RecruitView {
                slot: i as u8,
                state: if r.face_up {
                    RecruitState::FaceUp
                } else {
                    RecruitState::FaceDown
                },
                card: (r.face_up || viewer.sees_all()).then_some(r.card),
            },
        })
        .collect();
    View {
        edition: game.edition(),
        options: game.options().copied(),
        status: game.status(),
        viewer: match viewer {
            Viewer::Seat(s) => Some(s),
            _ => None,
        },
        skirmish: game.skirmish(),
        turn: game.turn(),
        initiative: game.initiative(),
        awaiting: game.awaiting(),
        players,
        recruits,
        supporters: game.supporters().to_vec(),
        discard: game.discard_pile().to_vec(),
        draw_size: game.draw_pile().len() as u8,
        draw_pile: viewer
            .sees_all()
            .then(|| game.draw_pile().iter().rev().copied().collect()),
        last_scores: game.last_scores().to_vec(),
        placement: game.placement().to_vec(),
        winners: game.winners().map(<[Seat]>::to_vec),
        ranking: game.ranking(),
    }
}

/// The event as `viewer` may see it: hidden cards, shuffle orders and salts become `null`.
// One arm per event, each saying when its card is hidden, reads better than match guards.
#[allow(clippy::collapsible_match)]
pub fn redact(event: &Event, viewer: Viewer) -> Event {
    let mut e = event.clone();
    if viewer.sees_all() {
        return e;
    }
    match &mut e {
        Event::DeckShuffled { order, salt, .. } => {
            *order = None;
            *salt = None;
        }
        Event::HandDealt { seat, cards, .. } => {
            if !viewer.sees_private(*seat) {
                *cards = None;
            }
        }
        Event::RecruitDealt { face_up, card, .. } => {
            if !*face_up {
                *card = None;
            }
        }
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
        } => {
            if !*face_up && !viewer.sees_private(*seat) {
                *card = None;
            }
        }
        Event::CardDrawn { seat, card } => {
            if !viewer.sees_private(*seat) {
                *card = None;
            }
        }
        Event::FollowersSwapped {
            seat,
            target,
            taken_face_up,
            taken,
            ..
        } => {
            if !*taken_face_up && !viewer.sees_private(*seat) && !viewer.sees_private(target.seat) {
                *taken = None;
            }
        }
        _ => {}
    }
    e
}
