//! `Event`: the facts a game is made of, past tense. This is the stored schema: never rename or
//! remove a shipped variant or field; add a version and upcast instead.
//!
//! Fields a viewer may not see are `Option`s: always `Some` in the stored stream, `None` (JSON
//! `null`) once redacted for a viewer (see `view::redact`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::action::FollowerRef;
use super::cards::{CardId, Clan};
use super::options::GameOptions;
use super::state::{ArmyScore, ClaimRight, Decision, EditionId, Seat};

/// The version of the event schema that `Event` serializes; stored beside every event.
pub const EVENT_SCHEMA_VERSION: i32 = 1;

/// A fact of the game, past tense, picked by `type`; a game is the list of its events. Events are
/// redacted for the viewer (RULES §8): a card, shuffle order or salt the viewer may not see is
/// `null`, and is never `null` in the full stream (nor for anyone once the game is over).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// RULES §2, §3.5: options fixed, edition recorded, initiative drawn at random.
    GameStarted {
        edition: EditionId,
        options: GameOptions,
        initiative: Seat,
    },
    /// A shuffle and its resulting order, top card first: RULES §3.1 (the whole deck) or the
    /// discard pile reshuffled into a new draw pile (RULES §6). `commitment` is
    /// `SHA-256(order ‖ salt)` (order as one byte per card id, salt as bytes), public from the
    /// start; `order` and `salt` are `null` until the game is over.
    DeckShuffled {
        #[schema(minimum = 0, maximum = 98)]
        size: u8,
        /// Lowercase hex SHA-256.
        #[schema(pattern = "^[0-9a-f]{64}$")]
        commitment: String,
        #[schema(required = true)]
        order: Option<Vec<CardId>>,
        /// 16 random bytes, lowercase hex.
        #[schema(required = true, pattern = "^[0-9a-f]{32}$")]
        salt: Option<String>,
    },
    /// RULES §3.2: cards from the top of the draw pile into a hand; `cards` is `null` for
    /// everyone but that seat.
    HandDealt {
        seat: Seat,
        #[schema(minimum = 0, maximum = 5)]
        count: u8,
        #[schema(required = true)]
        cards: Option<Vec<CardId>>,
    },
    /// RULES §6.7: a new skirmish; `initiative` holds the Victor's Initiative for it.
    SkirmishStarted {
        #[schema(minimum = 1)]
        skirmish: u16,
        initiative: Seat,
    },
    /// RULES §3.3, §4: the top card of the draw pile into a recruit slot; `card` is `null` when
    /// dealt face-down.
    RecruitDealt {
        #[schema(minimum = 0, maximum = 4)]
        slot: u8,
        face_up: bool,
        #[schema(required = true)]
        card: Option<CardId>,
    },
    /// RULES §3.4: the top card of the draw pile into the Supporter row.
    SupporterDealt { card: CardId },
    /// RULES §3.4: the whole row had one strength and was discarded to be dealt again.
    SupportersDiscarded { cards: Vec<CardId> },
    /// RULES §4: `seat` is to act in turn `turn` (1–5) of the skirmish.
    TurnStarted {
        #[schema(minimum = 1, maximum = 5)]
        turn: u8,
        seat: Seat,
    },
    /// RULES §4: the initiative holder's action turned the leftmost face-down recruit face-up.
    RecruitRevealed {
        #[schema(minimum = 0, maximum = 4)]
        slot: u8,
        card: CardId,
    },
    /// RULES §4 Recruit; the refill is a following `recruit_dealt` (or none when no card is left).
    /// `card` is `null` for a face-down recruit, except for the recruiting seat.
    Recruited {
        seat: Seat,
        #[schema(minimum = 0, maximum = 4)]
        slot: u8,
        face_up: bool,
        #[schema(required = true)]
        card: Option<CardId>,
    },
    /// RULES §4 Muster: the card joins the end of the army. `card` is `null` when mustered
    /// face-down, except for the mustering seat.
    Mustered {
        seat: Seat,
        #[schema(required = true)]
        card: Option<CardId>,
        face_up: bool,
        use_power: bool,
    },
    /// RULES §4 Pass.
    Passed { seat: Seat },
    /// RULES §5: an end-of-skirmish power became active on the Follower at `position` (a Scott
    /// carries `clan` as its token).
    PowerActivated {
        seat: Seat,
        #[schema(minimum = 0, maximum = 97)]
        position: u8,
        clan: Clan,
    },
    /// RULES §5 Forsyth: the top card of the draw pile into the hand; `card` is `null` for
    /// everyone but that seat.
    CardDrawn {
        seat: Seat,
        #[schema(required = true)]
        card: Option<CardId>,
    },
    /// RULES §5 Scott: the Scott at `position` uses the power of `target`'s clan.
    PowerCopied {
        seat: Seat,
        #[schema(minimum = 0, maximum = 97)]
        position: u8,
        target: FollowerRef,
        clan: Clan,
    },
    /// A power now waits for `seat`'s choice, or claims wait at the end of a skirmish.
    DecisionRequested { seat: Seat, decision: Decision },
    /// RULES §5 Cockburn: the card at `position` (`given`) takes the Supporter's place in the row
    /// and the Supporter joins the army face-up in its place.
    SupporterSwapped {
        seat: Seat,
        #[schema(minimum = 0, maximum = 97)]
        position: u8,
        given: CardId,
        supporter: CardId,
    },
    /// RULES §5 Fergusson: the card at `position` (`given`) goes face-up to `target`'s place, and
    /// the target Follower comes to `position` with its facing and state. `taken` is `null` when
    /// face-down, except for the two seats involved.
    FollowersSwapped {
        seat: Seat,
        #[schema(minimum = 0, maximum = 97)]
        position: u8,
        target: FollowerRef,
        given: CardId,
        taken_face_up: bool,
        #[schema(required = true)]
        taken: Option<CardId>,
    },
    /// RULES §5 Wemyss: the target Follower is discarded and revealed.
    FollowerDiscarded {
        seat: Seat,
        target: FollowerRef,
        card: CardId,
    },
    /// RULES §6.1: every face-down Follower turned face-up.
    FollowersRevealed { followers: Vec<RevealedFollower> },
    /// RULES §6.2–6.4: army strengths, the placement, and each placed player's claims.
    ArmiesScored {
        armies: Vec<ArmyScore>,
        placement: Vec<ClaimRight>,
    },
    /// RULES §6.4.
    SupporterClaimed { seat: Seat, card: CardId },
    /// RULES §6.5: the listed cards go to the discard pile (row, recruits, Followers); Followers
    /// in `kept` stay face-up with their power spent.
    SkirmishEnded {
        #[schema(minimum = 1)]
        skirmish: u16,
        discarded: Vec<CardId>,
        kept: Vec<CardId>,
    },
    /// RULES §7: `scores` by seat; several `winners` when the victory is shared. Also service
    /// rules §9.3: when at most one unresigned seat remains (then `winners` is that seat, or
    /// empty). Resigned seats never win.
    GameEnded {
        scores: Vec<u16>,
        winners: Vec<Seat>,
    },
    /// Service rules §9.3: `seat` resigned; it cannot win and a bot plays it to the end.
    SeatResigned { seat: Seat },
    /// Service rules §9.4: the decision awaited from `seat` passed its deadline; `consecutive`
    /// counts this one among the seat's timeouts in a row. A bot's action follows.
    DecisionTimedOut {
        seat: Seat,
        #[schema(minimum = 1)]
        consecutive: u8,
    },
    /// Service rules §9.4: `max_timeouts` timeouts in a row: the seat is treated as resigned.
    SeatAbandoned { seat: Seat },
    /// Service rules §9.5: the events after this one, up to the next decision, are the action a
    /// bot of `level` took for `seat`.
    BotActed { seat: Seat, level: BotLevel },
    /// Service rules §9.4: `seat` decided again itself; its timeouts in a row start again at 0.
    TimeoutsCleared { seat: Seat },
    /// Service rules §9.6: `seat`'s player is on vacation until `until_ms` (milliseconds since
    /// the Unix epoch): the clock of a decision awaited from it is paused until then.
    SeatAway {
        seat: Seat,
        #[schema(minimum = 0)]
        until_ms: u64,
    },
    /// Service rules §9.6: `seat`'s player ended their vacation early; its clock runs again.
    SeatBack { seat: Seat },
}

/// A face-down Follower turned face-up at the end of a skirmish (RULES §6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct RevealedFollower {
    pub seat: Seat,
    #[schema(minimum = 0, maximum = 97)]
    pub position: u8,
    pub card: CardId,
}

impl Event {
    /// The snake_case event type, as in its `type` field (stored in its own column).
    pub fn kind(&self) -> &'static str {
        match self {
            Event::GameStarted { .. } => "game_started",
            Event::DeckShuffled { .. } => "deck_shuffled",
            Event::HandDealt { .. } => "hand_dealt",
            Event::SkirmishStarted { .. } => "skirmish_started",
            Event::RecruitDealt { .. } => "recruit_dealt",
            Event::SupporterDealt { .. } => "supporter_dealt",
            Event::SupportersDiscarded { .. } => "supporters_discarded",
            Event::TurnStarted { .. } => "turn_started",
            Event::RecruitRevealed { .. } => "recruit_revealed",
            Event::Recruited { .. } => "recruited",
            Event::Mustered { .. } => "mustered",
            Event::Passed { .. } => "passed",
            Event::PowerActivated { .. } => "power_activated",
            Event::CardDrawn { .. } => "card_drawn",
            Event::PowerCopied { .. } => "power_copied",
            Event::DecisionRequested { .. } => "decision_requested",
            Event::SupporterSwapped { .. } => "supporter_swapped",
            Event::FollowersSwapped { .. } => "followers_swapped",
            Event::FollowerDiscarded { .. } => "follower_discarded",
            Event::FollowersRevealed { .. } => "followers_revealed",
            Event::ArmiesScored { .. } => "armies_scored",
            Event::SupporterClaimed { .. } => "supporter_claimed",
            Event::SkirmishEnded { .. } => "skirmish_ended",
            Event::GameEnded { .. } => "game_ended",
            Event::SeatResigned { .. } => "seat_resigned",
            Event::DecisionTimedOut { .. } => "decision_timed_out",
            Event::SeatAbandoned { .. } => "seat_abandoned",
            Event::BotActed { .. } => "bot_acted",
            Event::TimeoutsCleared { .. } => "timeouts_cleared",
            Event::SeatAway { .. } => "seat_away",
            Event::SeatBack { .. } => "seat_back",
        }
    }
}

/// The built-in bots, weakest first: `random` (any legal action), `greedy` (the best action by
/// a one-move heuristic), `mcts` (Monte Carlo over deals of the hidden cards consistent with
/// what its seat sees).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    Random,
    Greedy,
    Mcts,
}

impl BotLevel {
    pub const ALL: [BotLevel; 3] = [BotLevel::Random, BotLevel::Greedy, BotLevel::Mcts];

    /// The snake_case name, as serialized.
    pub fn as_str(self) -> &'static str {
        match self {
            BotLevel::Random => "random",
            BotLevel::Greedy => "greedy",
            BotLevel::Mcts => "mcts",
        }
    }
}

impl fmt::Display for BotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A bot level name that is not one of `random`, `greedy`, `mcts`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot level {0:?} (expected random, greedy or mcts)")]
pub struct UnknownBotLevel(pub String);

impl FromStr for BotLevel {
    type Err = UnknownBotLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        BotLevel::ALL
            .into_iter()
            .find(|l| l.as_str() == s)
            .ok_or_else(|| UnknownBotLevel(s.to_string()))
    }
}
