//! `Action`: what a seat submits, imperative, in the exact JSON shape the HTTP API accepts.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::cards::CardId;
use super::state::Seat;

/// A Follower by place: the army's seat and the position in that army (0 = first mustered).
/// Face-down Followers have no visible card id, so targets are always named by place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FollowerRef {
    pub seat: Seat,
    #[schema(minimum = 0, maximum = 97)]
    pub position: u8,
}

/// What a seat submits, one of the listed shapes picked by `type`; unknown fields are rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// RULES §4 Recruit: take the card of a recruit slot into your hand (not with 10 or more
    /// cards in hand).
    Recruit {
        /// The recruit slot, 0 (leftmost) to 4.
        #[schema(minimum = 0, maximum = 4)]
        slot: u8,
    },
    /// RULES §4 Muster: play a card from your hand into your army. Also answers a Makgill's
    /// "muster another Follower" (RULES §5).
    Muster {
        card: CardId,
        face_up: bool,
        /// Use the card's power now: only face-up and when eligible (RULES §4 Eligibility).
        #[serde(default)]
        #[schema(default = false)]
        use_power: bool,
    },
    /// RULES §4 Pass: only with an empty hand and no recruit to take.
    Pass,
    /// RULES §5 Scott: the face-up Follower whose power the Scott copies.
    CopyPower { target: FollowerRef },
    /// RULES §5 Cockburn: the Supporter that joins your army.
    SwapSupporter { supporter: CardId },
    /// RULES §5 Fergusson: the opponent's Follower that joins your army.
    SwapFollower { target: FollowerRef },
    /// RULES §5 Wemyss: the Follower to discard.
    DiscardFollower { target: FollowerRef },
    /// RULES §6.4: the Supporter you claim.
    ClaimSupporter { supporter: CardId },
}

impl Action {
    /// The snake_case name of the action, as in its `type` field.
    pub fn name(&self) -> &'static str {
        match self {
            Action::Recruit { .. } => "recruit",
            Action::Muster { .. } => "muster",
            Action::Pass => "pass",
            Action::CopyPower { .. } => "copy_power",
            Action::SwapSupporter { .. } => "swap_supporter",
            Action::SwapFollower { .. } => "swap_follower",
            Action::DiscardFollower { .. } => "discard_follower",
            Action::ClaimSupporter { .. } => "claim_supporter",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The server reads an action's body with serde alone for the variants with fields: each
    /// must refuse a field it does not know.
    #[test]
    fn every_action_with_fields_refuses_an_unknown_field() {
        for body in [
            r#"{"type":"recruit","slot":0,"x":1}"#,
            r#"{"type":"muster","card":3,"face_up":true,"x":1}"#,
            r#"{"type":"copy_power","target":{"seat":0,"position":0},"x":1}"#,
            r#"{"type":"swap_supporter","supporter":3,"x":1}"#,
            r#"{"type":"swap_follower","target":{"seat":0,"position":0},"x":1}"#,
            r#"{"type":"discard_follower","target":{"seat":0,"position":0},"x":1}"#,
            r#"{"type":"claim_supporter","supporter":3,"x":1}"#,
        ] {
            let read = serde_json::from_str::<Action>(body);
            assert!(
                read.as_ref()
                    .is_err_and(|e| e.to_string().contains("unknown field `x`")),
                "{body}: {read:?}"
            );
            let known = body.replace(r#","x":1"#, "");
            assert!(serde_json::from_str::<Action>(&known).is_ok(), "{known}");
        }
    }
}
