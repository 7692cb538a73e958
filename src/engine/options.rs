//! Game options (RULES §2): the unvalidated request, its validation, and the defaults.

use serde::{Deserialize, Serialize};

use super::error::RuleError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PowerRule {
    /// No other face-up Follower in the skirmish has a lower strength.
    LowestStrength,
    /// No other face-up Follower of the same clan has an equal or lower strength.
    LowestInClan,
}

/// What a client asks for; every field but `players` may be left out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionsRequest {
    pub players: u8,
    #[serde(default)]
    pub include_bruce: Option<bool>,
    #[serde(default)]
    pub power_rule: Option<PowerRule>,
    #[serde(default)]
    pub target_score: Option<u16>,
    /// Service rules §9.4: seconds per decision; left out: the default, `null`: no clock.
    #[serde(default, deserialize_with = "present")]
    pub turn_time_limit_s: Option<Option<u32>>,
    /// Service rules §9.4: consecutive timeouts after which a seat is abandoned.
    #[serde(default)]
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

/// Validated options, fixed for the life of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOptions {
    pub players: u8,
    pub include_bruce: bool,
    pub power_rule: PowerRule,
    pub target_score: u16,
    /// Service rules §9.4: seconds each decision may take before it times out; `None`: no clock.
    /// The engine never reads a clock: a timeout enters it as [`crate::engine::time_out`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_time_limit_s: Option<u32>,
    /// Service rules §9.4: after this many consecutive timeouts the seat is abandoned.
    #[serde(default = "default_max_timeouts")]
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
