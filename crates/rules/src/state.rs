//! The game state: zones, counters and whose decision is awaited. Changed only by `apply`.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::cards::{self, CardId, Clan};
use super::options::GameOptions;

/// A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
/// (RULES §3.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

// Written out: the derive cannot bound a newtype's integer.
impl utoipa::PartialSchema for Seat {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Integer)
            .minimum(Some(0))
            .maximum(Some(4))
            .description(Some(
                "A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat \
                 order (RULES §3.5).",
            ))
            .into()
    }
}

impl ToSchema for Seat {}

impl Seat {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The edition a game was created with (RULES §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
pub enum EditionId {
    #[default]
    #[serde(rename = "standard-v1")]
    StandardV1,
}

impl EditionId {
    pub fn as_str(self) -> &'static str {
        match self {
            EditionId::StandardV1 => cards::STANDARD_V1,
        }
    }
}

/// Enough room for every card of the edition in one place.
pub const ALL_CARDS: usize = 98;
pub const RECRUIT_SLOTS: usize = 5;
pub const TURNS_PER_SKIRMISH: u8 = 5;
/// RULES §4: no recruiting with this many cards in hand.
pub const HAND_LIMIT: usize = 10;
pub const HAND_SIZE: usize = 5;

pub type Pile = ArrayVec<CardId, ALL_CARDS>;

/// A card in an army.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Follower {
    pub card: CardId,
    pub face_up: bool,
    /// The end-of-skirmish power this card carries, once used (RULES §5): the card's own power, or
    /// for a Scott the clan token it copied. Active powers are public and travel with the card.
    pub active: Option<Clan>,
    /// Kept from the previous skirmish by a Macdonnell effect: power spent, discarded at the end of
    /// this skirmish.
    pub kept: bool,
}

impl Follower {
    pub fn mustered(card: CardId, face_up: bool) -> Self {
        Self {
            card,
            face_up,
            active: None,
            kept: false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecruitSlot {
    pub card: CardId,
    pub face_up: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Player {
    pub hand: Pile,
    pub army: ArrayVec<Follower, ALL_CARDS>,
    pub victory: Pile,
}

impl Player {
    /// Points: the strengths of the claimed Supporters (RULES §6.6).
    pub fn score(&self) -> u16 {
        self.victory
            .iter()
            .map(|&c| cards::card(c).strength as u16)
            .sum()
    }
}

/// What the awaited player must decide, picked by `kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// A normal turn: `recruit`, `muster` or `pass` (RULES §4).
    Turn,
    /// RULES §5 Makgill: `muster` one more card from hand.
    MakgillMuster,
    /// RULES §5 Cockburn (or a Scott copying it): the card at `position` in the player's army
    /// swaps with a Supporter (`swap_supporter`).
    CockburnSwap {
        #[schema(minimum = 0, maximum = 97)]
        position: u8,
    },
    /// RULES §5 Fergusson (or a Scott copying it): `swap_follower`.
    FergussonSwap {
        #[schema(minimum = 0, maximum = 97)]
        position: u8,
    },
    /// RULES §5 Wemyss (or a Scott copying it): `discard_follower`.
    WemyssDiscard {
        #[schema(minimum = 0, maximum = 97)]
        position: u8,
    },
    /// RULES §5 Scott: choose the power to copy (`copy_power`).
    ScottCopy {
        #[schema(minimum = 0, maximum = 97)]
        position: u8,
    },
    /// RULES §6.4: claim a Supporter (`claim_supporter`); `claims_left` counts this one.
    ClaimSupporter {
        #[schema(minimum = 1, maximum = 2)]
        claims_left: u8,
    },
}

/// Whose decision the game waits for, and what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Awaiting {
    pub seat: Seat,
    pub decision: Decision,
}

/// A placed player's right to claim at the end of a skirmish: two with an active Cochrane effect
/// (RULES §6.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ClaimRight {
    pub seat: Seat,
    #[schema(minimum = 1, maximum = 2)]
    pub claims: u8,
}

/// An army's total at the end of a skirmish (RULES §6.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ArmyScore {
    pub seat: Seat,
    pub strength: u16,
    /// Two or more cards, all of one clan.
    pub doubled: bool,
}

/// A Supporter claimed at the end of a skirmish (RULES §6.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Claim {
    pub seat: Seat,
    pub card: CardId,
}

/// The last scored skirmish as it was scored (RULES §6.1–6.4): the armies are kept here after
/// they leave the table, so the last placement can be explained and a finished game still shows
/// its final armies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredSkirmish {
    pub skirmish: u16,
    /// Every Follower of every army, revealed, army by army in seat order.
    pub followers: ArrayVec<(Seat, Follower), ALL_CARDS>,
    /// The Supporters claimed, in the order they were claimed.
    pub claims: ArrayVec<Claim, 5>,
}

impl ScoredSkirmish {
    /// `seat`'s army as it was scored.
    pub fn army(&self, seat: Seat) -> impl Iterator<Item = &Follower> {
        self.followers
            .iter()
            .filter(move |(s, _)| *s == seat)
            .map(|(_, f)| f)
    }
}

/// Where the game is: not started, active, or finished (everything is public once finished,
/// RULES §8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    NotStarted,
    Active,
    Finished,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub(crate) edition: EditionId,
    pub(crate) options: Option<GameOptions>,
    pub(crate) players: ArrayVec<Player, 5>,
    /// The top of the draw pile is the last element.
    pub(crate) draw: Pile,
    /// The top of the discard pile is the last element.
    pub(crate) discard: Pile,
    pub(crate) recruits: [Option<RecruitSlot>; RECRUIT_SLOTS],
    pub(crate) supporters: ArrayVec<CardId, ALL_CARDS>,
    pub(crate) initiative: Seat,
    pub(crate) skirmish: u16,
    pub(crate) turn: u8,
    pub(crate) awaiting: Option<Awaiting>,
    /// Claims still to be made this skirmish, in placement order.
    pub(crate) claims: ArrayVec<ClaimRight, 5>,
    /// The placement of the last scored skirmish, first place first.
    pub(crate) placement: ArrayVec<Seat, 5>,
    pub(crate) scores: ArrayVec<ArmyScore, 5>,
    /// The last scored skirmish: its number, every Follower as it was scored (revealed), by
    /// seat, and the Supporters claimed since, in order. Kept until the next skirmish is scored.
    pub(crate) scored: Option<ScoredSkirmish>,
    pub(crate) winners: Option<ArrayVec<Seat, 5>>,
    /// Service rules §9.3–9.4: seats that resigned or were abandoned.
    pub(crate) resigned: [bool; 5],
    /// Service rules §9.4: each seat's timeouts in a row.
    pub(crate) timeouts: [u8; 5],
    /// Service rules §9.6: until when each seat's player is on vacation (milliseconds since the
    /// Unix epoch), as the last `seat_away` said; cleared by `seat_back`. The engine reads no
    /// clock: a vacation whose end has passed stays here until the next one.
    pub(crate) away_until_ms: [Option<u64>; 5],
    /// Service rules §9.7: the decisions each seat's player took themselves; a decision a bot
    /// took for the seat (`bot_acted` before it: a timeout, a resigned seat, a service bot)
    /// is not counted.
    pub(crate) own_decisions: [u16; 5],
    /// The awaited decision is not taken yet (set when one becomes awaited, cleared by the
    /// first event of the action that takes it).
    pub(crate) undecided: bool,
    /// A `bot_acted` came since the awaited decision became awaited: a bot takes it.
    pub(crate) bot_acting: bool,
}

impl Default for Game {
    fn default() -> Self {
        Self::new()
    }
}

impl Game {
    /// The state before `GameStarted`: no players, no cards.
    pub fn new() -> Self {
        Self {
            edition: EditionId::StandardV1,
            options: None,
            players: ArrayVec::new(),
            draw: Pile::new(),
            discard: Pile::new(),
            recruits: [None; RECRUIT_SLOTS],
            supporters: ArrayVec::new(),
            initiative: Seat(0),
            skirmish: 0,
            turn: 0,
            awaiting: None,
            claims: ArrayVec::new(),
            placement: ArrayVec::new(),
            scores: ArrayVec::new(),
            scored: None,
            winners: None,
            resigned: [false; 5],
            timeouts: [0; 5],
            away_until_ms: [None; 5],
            own_decisions: [0; 5],
            undecided: false,
            bot_acting: false,
        }
    }

    pub fn status(&self) -> Status {
        match (&self.options, &self.winners) {
            (None, _) => Status::NotStarted,
            (Some(_), None) => Status::Active,
            (Some(_), Some(_)) => Status::Finished,
        }
    }

    pub fn edition(&self) -> EditionId {
        self.edition
    }
    pub fn options(&self) -> Option<&GameOptions> {
        self.options.as_ref()
    }
    pub fn player_count(&self) -> usize {
        self.players.len()
    }
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    pub fn player(&self, seat: Seat) -> Option<&Player> {
        self.players.get(seat.index())
    }
    pub fn draw_pile(&self) -> &[CardId] {
        &self.draw
    }
    pub fn discard_pile(&self) -> &[CardId] {
        &self.discard
    }
    pub fn recruits(&self) -> &[Option<RecruitSlot>; RECRUIT_SLOTS] {
        &self.recruits
    }
    pub fn supporters(&self) -> &[CardId] {
        &self.supporters
    }
    pub fn initiative(&self) -> Seat {
        self.initiative
    }
    pub fn skirmish(&self) -> u16 {
        self.skirmish
    }
    pub fn turn(&self) -> u8 {
        self.turn
    }
    /// Whose decision is awaited, and what it is; `None` before the start and after the end.
    pub fn awaiting(&self) -> Option<Awaiting> {
        self.awaiting
    }
    pub fn placement(&self) -> &[Seat] {
        &self.placement
    }
    pub fn last_scores(&self) -> &[ArmyScore] {
        &self.scores
    }
    /// The last scored skirmish, its armies and its claims; `None` before the first is scored.
    pub fn last_scored(&self) -> Option<&ScoredSkirmish> {
        self.scored.as_ref()
    }
    /// The winners once the game is over (several when the victory is shared, RULES §7).
    pub fn winners(&self) -> Option<&[Seat]> {
        self.winners.as_deref()
    }
    /// Whether `seat` resigned or was abandoned (service rules §9.3–9.4): a bot plays it.
    pub fn is_resigned(&self, seat: Seat) -> bool {
        self.resigned.get(seat.index()).copied().unwrap_or(false)
    }
    /// `seat`'s timeouts in a row (service rules §9.4).
    pub fn timeouts(&self, seat: Seat) -> u8 {
        self.timeouts.get(seat.index()).copied().unwrap_or(0)
    }
    /// Until when `seat`'s player is on vacation (service rules §9.6), in milliseconds since the
    /// Unix epoch: the last `seat_away` not followed by a `seat_back`, past or not.
    pub fn away_until_ms(&self, seat: Seat) -> Option<u64> {
        self.away_until_ms.get(seat.index()).copied().flatten()
    }
    /// How many decisions `seat`'s player took themselves (service rules §9.7): a decision a
    /// bot took for the seat, on a timeout, after a resignation or in a bot's seat, does not
    /// count.
    pub fn own_decisions(&self, seat: Seat) -> u16 {
        self.own_decisions.get(seat.index()).copied().unwrap_or(0)
    }
    /// The final order once the game is over: the winners, then the other unresigned seats, then
    /// the resigned ones, each group by score (highest first), ties by seat.
    pub fn ranking(&self) -> Option<Vec<Seat>> {
        let winners = self.winners.as_ref()?;
        let scores = self.scores();
        let mut seats: Vec<Seat> = self.seats().collect();
        seats.sort_by_key(|&s| {
            (
                !winners.contains(&s),
                self.is_resigned(s),
                std::cmp::Reverse(scores[s.index()]),
                s,
            )
        });
        Some(seats)
    }
    /// Once the game is over, each seat's place in the final ranking, indexed by seat, from 1:
    /// seats the ranking places equally share a place and the next place is skipped (1, 1, 3).
    /// Equal are seats alike in winning, in having resigned or been abandoned, and in score: a
    /// shared victory (RULES §7), resigned seats with equal scores, and the other players with
    /// equal scores (the ranking orders those by seat only to be deterministic).
    pub fn places(&self) -> Option<Vec<u8>> {
        let winners = self.winners.as_ref()?;
        let scores = self.scores();
        let key = |s: Seat| {
            (
                !winners.contains(&s),
                self.is_resigned(s),
                std::cmp::Reverse(scores[s.index()]),
            )
        };
        let seats: Vec<Seat> = self.seats().collect();
        Some(
            seats
                .iter()
                .map(|&s| 1 + seats.iter().filter(|&&o| key(o) < key(s)).count() as u8)
                .collect(),
        )
    }
    pub fn scores(&self) -> Vec<u16> {
        self.players.iter().map(Player::score).collect()
    }

    /// Every card the game holds, zone by zone; each card must appear exactly once.
    pub fn all_cards(&self) -> Vec<CardId> {
        let mut all: Vec<CardId> = Vec::with_capacity(ALL_CARDS);
        all.extend(&self.draw);
        all.extend(&self.discard);
        all.extend(self.recruits.iter().flatten().map(|r| r.card));
        all.extend(&self.supporters);
        for p in &self.players {
            all.extend(&p.hand);
            all.extend(p.army.iter().map(|f| f.card));
            all.extend(&p.victory);
        }
        all
    }

    /// Every seat of the game, in order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.players.len() as u8).map(Seat)
    }

    pub(crate) fn follower(&self, seat: Seat, position: u8) -> Option<&Follower> {
        self.players
            .get(seat.index())
            .and_then(|p| p.army.get(position as usize))
    }
}
