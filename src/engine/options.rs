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
}

/// Validated options, fixed for the life of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOptions {
    pub players: u8,
    pub include_bruce: bool,
    pub power_rule: PowerRule,
    pub target_score: u16,
}

pub const MIN_PLAYERS: u8 = 2;
pub const MAX_PLAYERS: u8 = 5;
pub const MIN_TARGET: u16 = 10;
pub const MAX_TARGET: u16 = 100;
pub const DEFAULT_TARGET: u16 = 40;

impl OptionsRequest {
    pub fn new(players: u8) -> Self {
        Self {
            players,
            ..Self::default()
        }
    }

    /// RULES §2: validates and fills in the defaults.
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
        Ok(GameOptions {
            players: self.players,
            include_bruce: self.include_bruce.unwrap_or(false),
            power_rule,
            target_score,
        })
    }
}
