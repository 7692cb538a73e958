//! OpenAPI descriptions of the engine's JSON (`View`, `Action`, `Event`, ...). Documentation only:
//! these mirror types are never built or (de)serialized; they exist because the engine must not
//! depend on web crates, so its own types do not derive `ToSchema`. Each one describes exactly the
//! JSON its engine type serializes to; `tests/engine_schemas.rs` validates real games against them,
//! so a field renamed or added in `src/engine/` without a change here fails that test.
//!
//! Every field the engine always writes is `required`, `null` included: a hidden or absent value
//! is `null`, never a missing field. Request bodies (`Action`, `OptionsRequest`) reject unknown
//! fields, as the engine does (`additionalProperties: false`); responses leave room for additions.
//! The `#[serde(...)]` attributes here are read by utoipa only (nothing derives serde): they say
//! how the engine writes the type. Nothing here names an engine type: the test is what keeps the
//! two in step.

use std::borrow::Cow;

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

/// A card: its id is its rank in edition `standard-v1`, 1 to 98 (RULES §1).
pub struct CardIdSchema;

impl PartialSchema for CardIdSchema {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(1))
            .maximum(Some(98))
            .description(Some(
                "A card: its id is its rank in edition `standard-v1`, 1 to 98 (RULES §1).",
            ))
            .into()
    }
}

impl ToSchema for CardIdSchema {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("CardId")
    }
}

/// A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat order
/// (RULES §3.5).
pub struct SeatSchema;

impl PartialSchema for SeatSchema {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(0))
            .maximum(Some(4))
            .description(Some(
                "A seat at the table, 0 to players − 1 (at most 4); play goes in increasing seat \
                 order (RULES §3.5).",
            ))
            .into()
    }
}

impl ToSchema for SeatSchema {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Seat")
    }
}

/// The edition a game was created with (RULES §1).
#[derive(ToSchema)]
#[schema(as = EditionId)]
pub enum EditionIdSchema {
    #[serde(rename = "standard-v1")]
    StandardV1,
}

/// The nine clans of RULES §1.
#[derive(ToSchema)]
#[schema(as = Clan)]
#[serde(rename_all = "snake_case")]
pub enum ClanSchema {
    Forsyth,
    Makgill,
    Macdonnell,
    Cochrane,
    Cockburn,
    Fergusson,
    Scott,
    Wemyss,
    Bruce,
}

/// When a clan's power takes effect (RULES §1): `immediate`, as the card is mustered;
/// `end_of_skirmish`, once used it stays active and counts at the end of the skirmish.
#[derive(ToSchema)]
#[schema(as = Timing)]
#[serde(rename_all = "snake_case")]
pub enum TimingSchema {
    Immediate,
    EndOfSkirmish,
}

/// Which face-up Followers may use their power (RULES §4 Eligibility): `lowest_strength`, no other
/// face-up Follower has a lower strength; `lowest_in_clan`, no other face-up Follower of the same
/// clan has an equal or lower strength.
#[derive(ToSchema)]
#[schema(as = PowerRule)]
#[serde(rename_all = "snake_case")]
pub enum PowerRuleSchema {
    LowestStrength,
    LowestInClan,
}

/// The options asked for when creating a game (RULES §2); every field but `players` may be left
/// out, and unknown fields are rejected.
#[derive(ToSchema)]
#[schema(as = OptionsRequest)]
#[serde(deny_unknown_fields)]
pub struct OptionsRequestSchema {
    #[schema(minimum = 2, maximum = 5)]
    pub players: u8,
    /// Default `false` (the rulebook sets Bruce aside for first games).
    pub include_bruce: Option<bool>,
    /// Default `lowest_strength` for 2–3 players, `lowest_in_clan` for 4–5.
    pub power_rule: Option<PowerRuleSchema>,
    /// Points that end the game (RULES §6.6); default 40.
    #[schema(minimum = 10, maximum = 100)]
    pub target_score: Option<u16>,
    /// Seconds each decision may take before it times out and a bot plays it (service rules
    /// §9.4): 5 s to 14 days. Left out: 259200 (3 days); `null`: no clock.
    #[schema(minimum = 5, maximum = 1209600, nullable = true)]
    pub turn_time_limit_s: Option<u32>,
    /// Timeouts in a row after which the seat is abandoned (treated as resigned); default 3.
    #[schema(minimum = 1, maximum = 10)]
    pub max_timeouts: Option<u8>,
}

/// The options a game was created with, defaults filled in (RULES §2).
#[derive(ToSchema)]
#[schema(as = GameOptions)]
pub struct GameOptionsSchema {
    #[schema(minimum = 2, maximum = 5)]
    pub players: u8,
    pub include_bruce: bool,
    pub power_rule: PowerRuleSchema,
    #[schema(minimum = 10, maximum = 100)]
    pub target_score: u16,
    /// Seconds per decision (service rules §9.4); absent when the game has no clock.
    #[schema(minimum = 5, maximum = 1209600)]
    pub turn_time_limit_s: Option<u32>,
    /// Timeouts in a row after which a seat is abandoned (service rules §9.4); absent in games
    /// created before clocks existed, which means 3.
    #[schema(minimum = 1, maximum = 10)]
    pub max_timeouts: Option<u8>,
}

/// Where the game is: not started, active, or finished (everything is public once finished,
/// RULES §8).
#[derive(ToSchema)]
#[schema(as = Status)]
#[serde(rename_all = "snake_case")]
pub enum StatusSchema {
    NotStarted,
    Active,
    Finished,
}

/// A Follower by place: the army's seat and the position in that army (0 = first mustered).
/// Face-down Followers have no visible card id, so targets are always named by place.
#[derive(ToSchema)]
#[schema(as = FollowerRef)]
#[serde(deny_unknown_fields)]
pub struct FollowerRefSchema {
    pub seat: SeatSchema,
    #[schema(minimum = 0, maximum = 97)]
    pub position: u8,
}

/// What a seat submits, one of the listed shapes picked by `type`; unknown fields are rejected.
#[derive(ToSchema)]
#[schema(as = Action)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ActionSchema {
    /// RULES §4 Recruit: take the card of a recruit slot into your hand (not with 10 or more
    /// cards in hand).
    #[serde(deny_unknown_fields)]
    Recruit {
        /// The recruit slot, 0 (leftmost) to 4.
        #[schema(minimum = 0, maximum = 4)]
        slot: u8,
    },
    /// RULES §4 Muster: play a card from your hand into your army. Also answers a Makgill's
    /// "muster another Follower" (RULES §5).
    #[serde(deny_unknown_fields)]
    Muster {
        card: CardIdSchema,
        face_up: bool,
        /// Use the card's power now: only face-up and when eligible (RULES §4 Eligibility).
        #[serde(default)]
        #[schema(default = false)]
        use_power: bool,
    },
    /// RULES §4 Pass: only with an empty hand and no recruit to take.
    #[serde(deny_unknown_fields)]
    // `{}`, not a unit variant: utoipa closes (`additionalProperties: false`) named variants only.
    Pass {},
    /// RULES §5 Scott: the face-up Follower whose power the Scott copies.
    #[serde(deny_unknown_fields)]
    CopyPower { target: FollowerRefSchema },
    /// RULES §5 Cockburn: the Supporter that joins your army.
    #[serde(deny_unknown_fields)]
    SwapSupporter { supporter: CardIdSchema },
    /// RULES §5 Fergusson: the opponent's Follower that joins your army.
    #[serde(deny_unknown_fields)]
    SwapFollower { target: FollowerRefSchema },
    /// RULES §5 Wemyss: the Follower to discard.
    #[serde(deny_unknown_fields)]
    DiscardFollower { target: FollowerRefSchema },
    /// RULES §6.4: the Supporter you claim.
    #[serde(deny_unknown_fields)]
    ClaimSupporter { supporter: CardIdSchema },
}

/// What the awaited player must decide, picked by `kind`.
#[derive(ToSchema)]
#[schema(as = Decision)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DecisionSchema {
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
#[derive(ToSchema)]
#[schema(as = Awaiting)]
pub struct AwaitingSchema {
    pub seat: SeatSchema,
    pub decision: DecisionSchema,
    /// In the API's views at the current version: when this decision times out and a bot plays
    /// it (service rules §9.4), RFC 3339; `null` when the game has no clock.
    #[schema(value_type = Option<String>, format = DateTime)]
    pub deadline: Option<String>,
}

/// A placed player's right to claim at the end of a skirmish: two with an active Cochrane effect
/// (RULES §6.4).
#[derive(ToSchema)]
#[schema(as = ClaimRight)]
pub struct ClaimRightSchema {
    pub seat: SeatSchema,
    #[schema(minimum = 1, maximum = 2)]
    pub claims: u8,
}

/// An army's total at the end of a skirmish (RULES §6.2).
#[derive(ToSchema)]
#[schema(as = ArmyScore)]
pub struct ArmyScoreSchema {
    pub seat: SeatSchema,
    pub strength: u16,
    /// Two or more cards, all of one clan.
    pub doubled: bool,
}

/// A face-down Follower turned face-up at the end of a skirmish (RULES §6.1).
#[derive(ToSchema)]
#[schema(as = RevealedFollower)]
pub struct RevealedFollowerSchema {
    pub seat: SeatSchema,
    #[schema(minimum = 0, maximum = 97)]
    pub position: u8,
    pub card: CardIdSchema,
}

/// A card in an army, as the viewer may see it (RULES §8).
#[derive(ToSchema)]
#[schema(as = FollowerView)]
pub struct FollowerViewSchema {
    pub face_up: bool,
    /// `null` for a face-down Follower the viewer may not see.
    #[schema(required = true)]
    pub card: Option<CardIdSchema>,
    /// The active end-of-skirmish power (a Scott's clan token), public once used (RULES §5);
    /// `null` when none.
    #[schema(required = true)]
    pub active: Option<ClanSchema>,
    /// Kept from the previous skirmish by a Macdonnell: power spent, discarded at the end of this
    /// skirmish.
    pub kept: bool,
}

/// A player's zones, as the viewer may see them (RULES §8).
#[derive(ToSchema)]
#[schema(as = PlayerView)]
pub struct PlayerViewSchema {
    pub seat: SeatSchema,
    #[schema(minimum = 0, maximum = 98)]
    pub hand_size: u8,
    /// Only for the player themselves (and everyone once the game is over); otherwise `null`.
    #[schema(required = true)]
    pub hand: Option<Vec<CardIdSchema>>,
    /// First mustered first; `position` in a `FollowerRef` indexes this list.
    pub army: Vec<FollowerViewSchema>,
    /// The claimed Supporters.
    pub victory: Vec<CardIdSchema>,
    /// The strengths of the claimed Supporters (RULES §6.6).
    pub score: u16,
    /// Resigned or abandoned (service rules §9.3–9.4): it cannot win; a bot plays it.
    pub resigned: bool,
    /// Timeouts in a row (service rules §9.4); back to 0 when the player decides again.
    #[schema(minimum = 0, maximum = 10)]
    pub timeouts: u8,
}

/// Whether a recruit slot is empty, face-down or face-up.
#[derive(ToSchema)]
#[schema(as = RecruitState)]
#[serde(rename_all = "snake_case")]
pub enum RecruitStateSchema {
    Empty,
    FaceDown,
    FaceUp,
}

/// A recruit slot (RULES §4).
#[derive(ToSchema)]
#[schema(as = RecruitView)]
pub struct RecruitViewSchema {
    #[schema(minimum = 0, maximum = 4)]
    pub slot: u8,
    pub state: RecruitStateSchema,
    /// The card when face-up (or in the full view once the game is over); otherwise `null`.
    #[schema(required = true)]
    pub card: Option<CardIdSchema>,
}

/// The game as one viewer may see it (RULES §8): a seated player sees their own hand and their
/// own face-down Followers; spectators see the public information only; once the game is over
/// everyone sees everything. Hidden cards are `null`, with nothing else about them.
#[derive(ToSchema)]
#[schema(as = View)]
pub struct ViewSchema {
    pub edition: EditionIdSchema,
    /// `null` before the game has started.
    #[schema(required = true)]
    pub options: Option<GameOptionsSchema>,
    pub status: StatusSchema,
    /// The seat this view was made for; `null` for spectators and the full view.
    #[schema(required = true)]
    pub viewer: Option<SeatSchema>,
    /// The current skirmish, from 1 (0 before the start).
    pub skirmish: u16,
    /// The current turn of the skirmish, 1 to 5 (0 before its first turn).
    #[schema(minimum = 0, maximum = 5)]
    pub turn: u8,
    /// The holder of the Victor's Initiative (RULES §3.5, §6.7).
    pub initiative: SeatSchema,
    /// Whose decision is awaited; `null` before the start and after the end.
    #[schema(required = true)]
    pub awaiting: Option<AwaitingSchema>,
    /// By seat.
    pub players: Vec<PlayerViewSchema>,
    /// By slot, 0 to 4.
    pub recruits: Vec<RecruitViewSchema>,
    /// The Supporter row.
    pub supporters: Vec<CardIdSchema>,
    /// Bottom first; the last card is the top of the discard pile.
    pub discard: Vec<CardIdSchema>,
    #[schema(minimum = 0, maximum = 98)]
    pub draw_size: u8,
    /// Top card first; only in the full view once the game is over, otherwise `null`.
    #[schema(required = true)]
    pub draw_pile: Option<Vec<CardIdSchema>>,
    /// The last scored skirmish: army strengths in seat order, one per seat that had an army;
    /// `placement` gives the places.
    pub last_scores: Vec<ArmyScoreSchema>,
    /// The placement of the last scored skirmish, first place first (RULES §6.3).
    pub placement: Vec<SeatSchema>,
    /// The winners once the game is over, several when the victory is shared (RULES §7);
    /// `null` until then.
    #[schema(required = true)]
    pub winners: Option<Vec<SeatSchema>>,
    /// Once the game is over: every seat, winners first, then the other players by score, then
    /// resigned or abandoned seats (service rules §9.3); `null` until then.
    #[schema(required = true)]
    pub ranking: Option<Vec<SeatSchema>>,
}

/// A fact of the game, past tense, picked by `type`; a game is the list of its events. Events are
/// redacted for the viewer (RULES §8): a card, shuffle order or salt the viewer may not see is
/// `null`, and is never `null` in the full stream (nor for anyone once the game is over).
#[derive(ToSchema)]
#[schema(as = Event)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventSchema {
    /// RULES §2, §3.5: options fixed, edition recorded, initiative drawn at random.
    GameStarted {
        edition: EditionIdSchema,
        options: GameOptionsSchema,
        initiative: SeatSchema,
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
        order: Option<Vec<CardIdSchema>>,
        /// 16 random bytes, lowercase hex.
        #[schema(required = true, pattern = "^[0-9a-f]{32}$")]
        salt: Option<String>,
    },
    /// RULES §3.2: cards from the top of the draw pile into a hand; `cards` is `null` for
    /// everyone but that seat.
    HandDealt {
        seat: SeatSchema,
        #[schema(minimum = 0, maximum = 5)]
        count: u8,
        #[schema(required = true)]
        cards: Option<Vec<CardIdSchema>>,
    },
    /// RULES §6.7: a new skirmish; `initiative` holds the Victor's Initiative for it.
    SkirmishStarted {
        #[schema(minimum = 1)]
        skirmish: u16,
        initiative: SeatSchema,
    },
    /// RULES §3.3, §4: the top card of the draw pile into a recruit slot; `card` is `null` when
    /// dealt face-down.
    RecruitDealt {
        #[schema(minimum = 0, maximum = 4)]
        slot: u8,
        face_up: bool,
        #[schema(required = true)]
        card: Option<CardIdSchema>,
    },
    /// RULES §3.4: the top card of the draw pile into the Supporter row.
    SupporterDealt { card: CardIdSchema },
    /// RULES §3.4: the whole row had one strength and was discarded to be dealt again.
    SupportersDiscarded { cards: Vec<CardIdSchema> },
    /// RULES §4: `seat` is to act in turn `turn` (1–5) of the skirmish.
    TurnStarted {
        #[schema(minimum = 1, maximum = 5)]
        turn: u8,
        seat: SeatSchema,
    },
    /// RULES §4: the initiative holder's action turned the leftmost face-down recruit face-up.
    RecruitRevealed {
        #[schema(minimum = 0, maximum = 4)]
        slot: u8,
        card: CardIdSchema,
    },
    /// RULES §4 Recruit; the refill is a following `recruit_dealt` (or none when no card is left).
    /// `card` is `null` for a face-down recruit, except for the recruiting seat.
    Recruited {
        seat: SeatSchema,
        #[schema(minimum = 0, maximum = 4)]
        slot: u8,
        face_up: bool,
        #[schema(required = true)]
        card: Option<CardIdSchema>,
    },
    /// RULES §4 Muster: the card joins the end of the army. `card` is `null` when mustered
    /// face-down, except for the mustering seat.
    Mustered {
        seat: SeatSchema,
        #[schema(required = true)]
        card: Option<CardIdSchema>,
        face_up: bool,
        use_power: bool,
    },
    /// RULES §4 Pass.
    Passed { seat: SeatSchema },
    /// RULES §5: an end-of-skirmish power became active on the Follower at `position` (a Scott
    /// carries `clan` as its token).
    PowerActivated {
        seat: SeatSchema,
        #[schema(minimum = 0, maximum = 97)]
        position: u8,
        clan: ClanSchema,
    },
    /// RULES §5 Forsyth: the top card of the draw pile into the hand; `card` is `null` for
    /// everyone but that seat.
    CardDrawn {
        seat: SeatSchema,
        #[schema(required = true)]
        card: Option<CardIdSchema>,
    },
    /// RULES §5 Scott: the Scott at `position` uses the power of `target`'s clan.
    PowerCopied {
        seat: SeatSchema,
        #[schema(minimum = 0, maximum = 97)]
        position: u8,
        target: FollowerRefSchema,
        clan: ClanSchema,
    },
    /// A power now waits for `seat`'s choice, or claims wait at the end of a skirmish.
    DecisionRequested {
        seat: SeatSchema,
        decision: DecisionSchema,
    },
    /// RULES §5 Cockburn: the card at `position` (`given`) takes the Supporter's place in the row
    /// and the Supporter joins the army face-up in its place.
    SupporterSwapped {
        seat: SeatSchema,
        #[schema(minimum = 0, maximum = 97)]
        position: u8,
        given: CardIdSchema,
        supporter: CardIdSchema,
    },
    /// RULES §5 Fergusson: the card at `position` (`given`) goes face-up to `target`'s place, and
    /// the target Follower comes to `position` with its facing and state. `taken` is `null` when
    /// face-down, except for the two seats involved.
    FollowersSwapped {
        seat: SeatSchema,
        #[schema(minimum = 0, maximum = 97)]
        position: u8,
        target: FollowerRefSchema,
        given: CardIdSchema,
        taken_face_up: bool,
        #[schema(required = true)]
        taken: Option<CardIdSchema>,
    },
    /// RULES §5 Wemyss: the target Follower is discarded and revealed.
    FollowerDiscarded {
        seat: SeatSchema,
        target: FollowerRefSchema,
        card: CardIdSchema,
    },
    /// RULES §6.1: every face-down Follower turned face-up.
    FollowersRevealed {
        followers: Vec<RevealedFollowerSchema>,
    },
    /// RULES §6.2–6.4: army strengths, the placement, and each placed player's claims.
    ArmiesScored {
        armies: Vec<ArmyScoreSchema>,
        placement: Vec<ClaimRightSchema>,
    },
    /// RULES §6.4.
    SupporterClaimed {
        seat: SeatSchema,
        card: CardIdSchema,
    },
    /// RULES §6.5: the listed cards go to the discard pile (row, recruits, Followers); Followers
    /// in `kept` stay face-up with their power spent.
    SkirmishEnded {
        #[schema(minimum = 1)]
        skirmish: u16,
        discarded: Vec<CardIdSchema>,
        kept: Vec<CardIdSchema>,
    },
    /// RULES §7: `scores` by seat; several `winners` when the victory is shared. Also service
    /// rules §9.3: when at most one unresigned seat remains (then `winners` is that seat, or
    /// empty). Resigned seats never win.
    GameEnded {
        scores: Vec<u16>,
        winners: Vec<SeatSchema>,
    },
    /// Service rules §9.3: `seat` resigned; it cannot win and a bot plays it to the end.
    SeatResigned { seat: SeatSchema },
    /// Service rules §9.4: the decision awaited from `seat` passed its deadline; `consecutive`
    /// counts this one among the seat's timeouts in a row. A bot's action follows.
    DecisionTimedOut {
        seat: SeatSchema,
        #[schema(minimum = 1)]
        consecutive: u8,
    },
    /// Service rules §9.4: `max_timeouts` timeouts in a row: the seat is treated as resigned.
    SeatAbandoned { seat: SeatSchema },
    /// Service rules §9.5: the events after this one, up to the next decision, are the action a
    /// bot of `level` took for `seat`.
    BotActed {
        seat: SeatSchema,
        level: BotLevelSchema,
    },
    /// Service rules §9.4: `seat` decided again itself; its timeouts in a row start again at 0.
    TimeoutsCleared { seat: SeatSchema },
}

/// The built-in bots, weakest first: `random` (any legal action), `greedy` (the best action by
/// a one-move heuristic), `mcts` (Monte Carlo over deals of the hidden cards consistent with
/// what its seat sees).
#[derive(ToSchema)]
#[schema(as = BotLevel)]
#[serde(rename_all = "snake_case")]
pub enum BotLevelSchema {
    Random,
    Greedy,
    Mcts,
}
