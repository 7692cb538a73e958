//! Game options (RULES §2): the unvalidated request, its validation, and the defaults.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::error::RuleError;

/// Which face-up Followers may use their power (RULES §4 Eligibility): `lowest_strength`, no other
/// face-up Follower has a lower strength; `lowest_in_clan`, no other face-up Follower of the same
/// clan has an equal or lower strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PowerRule {
    LowestStrength,
    LowestInClan,
}

/// The options asked for when creating a game (RULES §2); every field but `players` may be left
/// out, and unknown fields are rejected.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OptionsRequest {
    #[schema(minimum = 2, maximum = 5)]
    pub players: u8,
    /// Default `false` (the rulebook sets Bruce aside for first games).
    #[serde(default)]
    pub include_bruce: Option<bool>,
    /// Default `lowest_strength` for 2–3 players, `lowest_in_clan` for 4–5.
    #[serde(default)]
    pub power_rule: Option<PowerRule>,
    /// Points that end the game (RULES §6.6); default 40.
    #[serde(default)]
    #[schema(minimum = 10, maximum = 100)]
    pub target_score: Option<u16>,
    /// Seconds each decision may take before it times out and a bot plays it (service rules
    /// §9.4): 5 s to 14 days. Left out: 259200 (3 days); `null`: no clock.
    // Outer `None`: left out; `Some(None)`: `null`.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<u32>, minimum = 5, maximum = 1209600, nullable = true)]
    pub turn_time_limit_s: Option<Option<u32>>,
    /// Timeouts in a row after which the seat is abandoned (treated as resigned); default 3.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 10)]
    pub max_timeouts: Option<u8>,
}

/// A field that is present (`null` included) deserializes to `Some`; a missing one stays `None`.
fn present<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

/// The options a game was created with, defaults filled in (RULES §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct GameOptions {
    #[schema(minimum = 2, maximum = 5)]
    pub players: u8,
    pub include_bruce: bool,
    pub power_rule: PowerRule,
    #[schema(minimum = 10, maximum = 100)]
    pub target_score: u16,
    /// Seconds per decision (service rules §9.4); absent when the game has no clock.
    // The engine never reads a clock: a timeout enters it as `time_out`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 5, maximum = 1209600)]
    pub turn_time_limit_s: Option<u32>,
    /// Timeouts in a row after which a seat is abandoned (service rules §9.4); absent in games
    /// created before clocks existed, which means 3.
    #[serde(default = "default_max_timeouts")]
    #[schema(value_type = Option<u8>, minimum = 1, maximum = 10)]
    pub max_timeouts: u8,
}

fn default_max_timeouts() -> u8 {
    DEFAULT_MAX_TIMEOUTS
}

impl GameOptions {
    /// Options with the rulebook's defaults for `players` (RULES §2) and no clock.
    pub fn new(players: u8) -> Self {
        GameOptions {
            players,
            include_bruce: false,
            power_rule: if players <= 3 {
                PowerRule::LowestStrength
            } else {
                PowerRule::LowestInClan
            },
            target_score: DEFAULT_TARGET,
            turn_time_limit_s: None,
            max_timeouts: DEFAULT_MAX_TIMEOUTS,
        }
    }
}

pub const MIN_PLAYERS: u8 = 2;
pub const MAX_PLAYERS: u8 = 5;
pub const MIN_TARGET: u16 = 10;
pub const MAX_TARGET: u16 = 100;
pub const DEFAULT_TARGET: u16 = 40;
/// Service rules §9.4: 5 seconds to 14 days per decision, 3 days unless asked otherwise.
pub const MIN_TURN_TIME_LIMIT_S: u32 = 5;
pub const MAX_TURN_TIME_LIMIT_S: u32 = 14 * 24 * 3600;
pub const DEFAULT_TURN_TIME_LIMIT_S: u32 = 3 * 24 * 3600;
pub const MIN_MAX_TIMEOUTS: u8 = 1;
pub const MAX_MAX_TIMEOUTS: u8 = 10;
pub const DEFAULT_MAX_TIMEOUTS: u8 = 3;

impl OptionsRequest {
    pub fn new(players: u8) -> Self {
        Self {
            players,
            ..Self::default()
        }
    }

    /// The request that validates to exactly `options`.
    pub fn of(options: &GameOptions) -> Self {
        OptionsRequest {
            players: options.players,
            include_bruce: Some(options.include_bruce),
            power_rule: Some(options.power_rule),
            target_score: Some(options.target_score),
            turn_time_limit_s: Some(options.turn_time_limit_s),
            max_timeouts: Some(options.max_timeouts),
        }
    }

    /// RULES §2 (and service rules §9.4 for the clock): validates and fills in the defaults.
    pub fn validate(&self) -> Result<GameOptions, RuleError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&self.players) {
            return Err(RuleError::InvalidPlayerCount);
        }
        let target_score = self.target_score.unwrap_or(DEFAULT_TARGET);
        if !(MIN_TARGET..=MAX_TARGET).contains(&target_score) {
            return Err(RuleError::InvalidTargetScore);
        }
        let power_rule = self.power_rule.unwrap_or(if self.players <= 3 {
            PowerRule::LowestStrength
        } else {
            PowerRule::LowestInClan
        });
        let turn_time_limit_s = self
            .turn_time_limit_s
            .unwrap_or(Some(DEFAULT_TURN_TIME_LIMIT_S));
        if turn_time_limit_s
            .is_some_and(|s| !(MIN_TURN_TIME_LIMIT_S..=MAX_TURN_TIME_LIMIT_S).contains(&s))
        {
            return Err(RuleError::InvalidTurnTimeLimit);
        }
        let max_timeouts = self.max_timeouts.unwrap_or(DEFAULT_MAX_TIMEOUTS);
        if !(MIN_MAX_TIMEOUTS..=MAX_MAX_TIMEOUTS).contains(&max_timeouts) {
            return Err(RuleError::InvalidMaxTimeouts);
        }
        Ok(GameOptions {
            players: self.players,
            include_bruce: self.include_bruce.unwrap_or(false),
            power_rule,
            target_score,
            turn_time_limit_s,
            max_timeouts,
        })
    }
}
