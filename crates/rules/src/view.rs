//! Projections of the game for a viewer, and redaction of events (RULES §8).
//! A hidden card is `null`; nothing else about it (id, clan, strength) appears.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::cards::{self, CardId, Clan};
use super::event::Event;
use super::moment::UnixMillis;
use super::options::GameOptions;
use super::rules::{army_strength, highest_rank_card};
use super::state::{ArmyScore, Awaiting, Claim, EditionId, Follower, Game, Seat, Status};

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
    /// Bottom first; the last card is the top of the discard pile. Once the game is over, without
    /// the final armies' cards, which `players[].army` shows.
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
    /// Once the game is over: each seat's place in the final ranking, indexed by seat, from 1.
    /// Seats the ranking places equally share a place and the next is skipped (1, 1, 3): a shared
    /// victory, or seats alike in having resigned or not and equal in score (service rules
    /// §9.7); `null` until then.
    #[schema(required = true, value_type = Option<Vec<u8>>)]
    pub places: Option<Vec<u8>>,
    /// The last scored skirmish explained: each placed army's strength and place, why an army
    /// placed above another of equal strength (RULES §6.3), and the Supporters claimed so far
    /// (RULES §6.4). Kept until the next skirmish is scored; `null` before the first is.
    #[schema(required = true)]
    pub last_skirmish: Option<LastSkirmish>,
}

/// The last scored skirmish (RULES §6): every army was revealed when it was scored, so all of it
/// is public.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct LastSkirmish {
    /// Its number, from 1.
    pub skirmish: u16,
    /// The placed armies, first place first (RULES §6.3); a player with no Follower is not placed.
    pub placement: Vec<Placed>,
    /// The Supporters claimed at its end, in the order they were claimed (RULES §6.4); it grows
    /// while claims are awaited.
    pub claims: Vec<Claim>,
}

/// A placed army at the end of a skirmish (RULES §6.2–6.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Placed {
    pub seat: Seat,
    /// The army's strength, doubled when `doubled` (RULES §6.2).
    pub strength: u16,
    /// Two or more cards, all of one clan (active Bruce cards and Scotts carrying a Bruce token
    /// count as any clan).
    pub doubled: bool,
    /// 1 for first place; no two armies share a place, since no two cards share a rank.
    #[schema(minimum = 1, maximum = 5)]
    pub place: u8,
    /// The army's cards as they were scored, first mustered first (all revealed).
    pub army: Vec<CardId>,
    /// Set when the next army placed has the same strength: the tie went to this army because
    /// its highest-ranked card outranks that army's (RULES §6.3). `null` otherwise.
    #[schema(required = true)]
    pub tie_broken_by: Option<TieBreak>,
}

/// How a tie in strength was broken (RULES §6.3): by the rank of each army's highest-ranked card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TieBreak {
    /// This army's highest-ranked card.
    pub card: CardId,
    /// The highest-ranked card of the army placed just below with the same strength.
    pub over_card: CardId,
}

/// An army's strength as RULES §6.2 counts it, as far as the viewer can know: a face-down
/// Follower's strength (and clan) is known only to its owner until it is revealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ArmyStrength {
    /// With no hidden card: the army's strength, doubled when `doubled`. With hidden cards: the
    /// sum of the strengths the viewer sees; the hidden cards add to it, and may double it.
    pub known: u16,
    /// The face-down Followers whose strength the viewer cannot know (their card is `null`).
    #[schema(minimum = 0, maximum = 98)]
    pub hidden_cards: u8,
    /// `known` is doubled: two or more cards, all of one clan (RULES §6.2). Always `false`
    /// while a hidden card leaves it unknown.
    pub doubled: bool,
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
    /// First mustered first; `position` in a `FollowerRef` indexes this list. Once the game is
    /// over, the final army as it was scored in the last skirmish (its cards are then not in
    /// `discard`), or as it stood when the game ended another way.
    pub army: Vec<FollowerView>,
    /// The army's strength as far as the viewer can know it (RULES §6.2, §8).
    pub army_strength: ArmyStrength,
    /// The claimed Supporters.
    pub victory: Vec<CardId>,
    /// The strengths of the claimed Supporters (RULES §6.6).
    pub score: u16,
    /// Resigned or abandoned (service rules §9.3–9.4): it cannot win; a bot plays it.
    pub resigned: bool,
    /// Timeouts in a row (service rules §9.4); back to 0 when the player decides again.
    #[schema(minimum = 0, maximum = 10)]
    pub timeouts: u8,
    /// Service rules §9.6: until when the seat's player is on vacation (the clock of a decision
    /// awaited from them is paused until then); `null` when not on vacation (in the API's views,
    /// also once that time has passed).
    #[schema(required = true)]
    pub vacation_until: Option<UnixMillis>,
    /// The seat's place in the final ranking once the game is over (as `places`); `null` until
    /// then.
    #[schema(required = true, minimum = 1, maximum = 5)]
    pub place: Option<u8>,
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
    // A game that ended with a skirmish's scoring keeps its final armies on the table.
    let final_armies = game
        .last_scored()
        .filter(|s| game.status() == Status::Finished && s.skirmish == game.skirmish());
    let places = game.places();
    let players = game
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = Seat(i as u8);
            let mine = viewer.sees_private(seat);
            let army: Vec<Follower> = match final_armies {
                Some(scored) => scored.army(seat).copied().collect(),
                None => p.army.to_vec(),
            };
            PlayerView {
                seat,
                hand_size: p.hand.len() as u8,
                hand: mine.then(|| p.hand.to_vec()),
                army_strength: strength_seen(&army, mine),
                army: army
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
                vacation_until: game.away_until_ms(seat).map(UnixMillis),
                place: places.as_ref().and_then(|p| p.get(i).copied()),
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
        discard: match final_armies {
            Some(scored) => game
                .discard_pile()
                .iter()
                .copied()
                .filter(|c| !scored.followers.iter().any(|(_, f)| f.card == *c))
                .collect(),
            None => game.discard_pile().to_vec(),
        },
        draw_size: game.draw_pile().len() as u8,
        draw_pile: viewer
            .sees_all()
            .then(|| game.draw_pile().iter().rev().copied().collect()),
        last_scores: game.last_scores().to_vec(),
        placement: game.placement().to_vec(),
        winners: game.winners().map(<[Seat]>::to_vec),
        ranking: game.ranking(),
        places,
        last_skirmish: last_skirmish(game),
    }
}

/// RULES §6.2 as far as the viewer sees the army: the whole strength when every card is seen,
/// else the sum of the seen cards.
fn strength_seen(army: &[Follower], mine: bool) -> ArmyStrength {
    let hidden = army.iter().filter(|f| !f.face_up && !mine).count();
    if hidden == 0 {
        let (known, doubled) = army_strength(army);
        return ArmyStrength {
            known,
            hidden_cards: 0,
            doubled,
        };
    }
    ArmyStrength {
        known: army
            .iter()
            .filter(|f| f.face_up || mine)
            .map(|f| u16::from(cards::card(f.card).strength))
            .sum(),
        hidden_cards: hidden as u8,
        doubled: false,
    }
}

/// The last scored skirmish's placement with the reason for each tie, and its claims.
fn last_skirmish(game: &Game) -> Option<LastSkirmish> {
    let scored = game.last_scored()?;
    let score = |seat: Seat| game.last_scores().iter().find(|a| a.seat == seat).copied();
    let order = game.placement();
    let placement = order
        .iter()
        .enumerate()
        .filter_map(|(i, &seat)| {
            let army = score(seat)?;
            let tie_broken_by = order
                .get(i + 1)
                .and_then(|&next| score(next))
                .filter(|next| next.strength == army.strength)
                .and_then(|next| {
                    Some(TieBreak {
                        card: highest_rank_card(scored.army(seat))?,
                        over_card: highest_rank_card(scored.army(next.seat))?,
                    })
                });
            Some(Placed {
                seat,
                strength: army.strength,
                doubled: army.doubled,
                place: i as u8 + 1,
                army: scored.army(seat).map(|f| f.card).collect(),
                tie_broken_by,
            })
        })
        .collect();
    Some(LastSkirmish {
        skirmish: scored.skirmish,
        placement,
        claims: scored.claims.to_vec(),
    })
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
