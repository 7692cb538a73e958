//! `RuleError`: one variant per broken rule, each with a stable snake_case code.

use thiserror::Error;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("a game needs 2 to 5 players")]
    InvalidPlayerCount,
    #[error("the target score must be between 10 and 100")]
    InvalidTargetScore,
    #[error("the game has not started yet")]
    GameNotStarted,
    #[error("the game is over")]
    GameOver,
    #[error("there is no such seat in this game")]
    NoSuchSeat,
    #[error("it is not your decision")]
    NotYourTurn,
    #[error("this action does not answer the decision awaited from you")]
    UnexpectedAction,
    #[error("you cannot recruit with ten or more cards in hand")]
    HandFull,
    #[error("there is no such recruit slot (slots are 0 to 4)")]
    NoSuchRecruitSlot,
    #[error("that recruit slot is empty")]
    RecruitSlotEmpty,
    #[error("that card is not in your hand")]
    CardNotInHand,
    #[error("a card mustered face-down cannot use its power")]
    FaceDownHasNoPower,
    #[error("the card is not eligible to use its power: another face-up Follower blocks it")]
    PowerNotEligible,
    #[error("the power has no legal target")]
    PowerHasNoTarget,
    #[error("you may pass only with an empty hand and no recruit to take")]
    PassNotAllowed,
    #[error("there is no such Follower")]
    NoSuchFollower,
    #[error("the power cannot target the card that uses it")]
    TargetIsSelf,
    #[error("the target must be a Follower in an opponent's army")]
    TargetNotOpponent,
    #[error("only a face-up Follower's power can be copied")]
    CopyTargetFaceDown,
    #[error("a Scott cannot copy another Scott")]
    CopyTargetIsScott,
    #[error("that card is not in the Supporter row")]
    SupporterNotInRow,
    #[error("the time limit per decision must be between 5 seconds and 14 days, or null")]
    InvalidTurnTimeLimit,
    #[error("the number of timeouts before a seat is abandoned must be between 1 and 10")]
    InvalidMaxTimeouts,
    #[error("this seat has resigned or been abandoned: a bot plays it to the end")]
    SeatResigned,
}

impl RuleError {
    /// Every variant, for documentation and tests.
    pub const ALL: [RuleError; 24] = [
        RuleError::InvalidPlayerCount,
        RuleError::InvalidTargetScore,
        RuleError::GameNotStarted,
        RuleError::GameOver,
        RuleError::NoSuchSeat,
        RuleError::NotYourTurn,
        RuleError::UnexpectedAction,
        RuleError::HandFull,
        RuleError::NoSuchRecruitSlot,
        RuleError::RecruitSlotEmpty,
        RuleError::CardNotInHand,
        RuleError::FaceDownHasNoPower,
        RuleError::PowerNotEligible,
        RuleError::PowerHasNoTarget,
        RuleError::PassNotAllowed,
        RuleError::NoSuchFollower,
        RuleError::TargetIsSelf,
        RuleError::TargetNotOpponent,
        RuleError::CopyTargetFaceDown,
        RuleError::CopyTargetIsScott,
        RuleError::SupporterNotInRow,
        RuleError::InvalidTurnTimeLimit,
        RuleError::InvalidMaxTimeouts,
        RuleError::SeatResigned,
    ];

    /// The stable machine-readable code (never change a shipped one).
    pub fn code(self) -> &'static str {
        match self {
            RuleError::InvalidPlayerCount => "invalid_player_count",
            RuleError::InvalidTargetScore => "invalid_target_score",
            RuleError::GameNotStarted => "game_not_started",
            RuleError::GameOver => "game_over",
            RuleError::NoSuchSeat => "no_such_seat",
            RuleError::NotYourTurn => "not_your_turn",
            RuleError::UnexpectedAction => "unexpected_action",
            RuleError::HandFull => "hand_full",
            RuleError::NoSuchRecruitSlot => "no_such_recruit_slot",
            RuleError::RecruitSlotEmpty => "recruit_slot_empty",
            RuleError::CardNotInHand => "card_not_in_hand",
            RuleError::FaceDownHasNoPower => "face_down_has_no_power",
            RuleError::PowerNotEligible => "power_not_eligible",
            RuleError::PowerHasNoTarget => "power_has_no_target",
            RuleError::PassNotAllowed => "pass_not_allowed",
            RuleError::NoSuchFollower => "no_such_follower",
            RuleError::TargetIsSelf => "target_is_self",
            RuleError::TargetNotOpponent => "target_not_opponent",
            RuleError::CopyTargetFaceDown => "copy_target_face_down",
            RuleError::CopyTargetIsScott => "copy_target_is_scott",
            RuleError::SupporterNotInRow => "supporter_not_in_row",
            RuleError::InvalidTurnTimeLimit => "invalid_turn_time_limit",
            RuleError::InvalidMaxTimeouts => "invalid_max_timeouts",
            RuleError::SeatResigned => "seat_resigned",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_snake_case() {
        let mut codes: Vec<_> = RuleError::ALL.iter().map(|e| e.code()).collect();
        assert!(
            codes
                .iter()
                .all(|c| c.chars().all(|ch| ch.is_ascii_lowercase() || ch == '_'))
        );
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), RuleError::ALL.len());
    }
}
