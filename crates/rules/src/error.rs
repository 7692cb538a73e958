//! `RuleError`: one variant per broken rule, each with a stable snake_case code and what a
//! player reads of it, in English and French (the French edition's words: *allié* for
//! Follower, *recrue*, *partisan* for Supporter, *manche* for skirmish).

/// One row per broken rule: `Variant = "code" { en, fr }`. Adding a rule refusal is adding a
/// row here; never change a shipped code.
macro_rules! rule_errors {
    ($($variant:ident = $code:literal { en: $en:literal, fr: $fr:literal, },)*) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
        pub enum RuleError {
            $(#[error($en)] $variant,)*
        }

        impl RuleError {
            /// Every variant, for documentation and tests.
            pub const ALL: &[RuleError] = &[$(RuleError::$variant,)*];

            /// The stable machine-readable code.
            pub fn code(self) -> &'static str {
                match self { $(RuleError::$variant => $code,)* }
            }

            /// What a player reads in French (the English is the `Display`).
            pub fn french(self) -> &'static str {
                match self { $(RuleError::$variant => $fr,)* }
            }
        }
    };
}

rule_errors! {
    InvalidPlayerCount = "invalid_player_count" {
        en: "a game needs 2 to 5 players",
        fr: "une partie se joue de 2 à 5 joueurs",
    },
    InvalidTargetScore = "invalid_target_score" {
        en: "the target score must be between 10 and 100",
        fr: "le score à atteindre doit être compris entre 10 et 100",
    },
    GameNotStarted = "game_not_started" {
        en: "the game has not started yet",
        fr: "la partie n'a pas encore commencé",
    },
    GameOver = "game_over" {
        en: "the game is over",
        fr: "la partie est terminée",
    },
    NoSuchSeat = "no_such_seat" {
        en: "there is no such seat in this game",
        fr: "il n'y a pas de telle place dans cette partie",
    },
    NotYourTurn = "not_your_turn" {
        en: "it is not your decision",
        fr: "ce n'est pas à vous de décider",
    },
    UnexpectedAction = "unexpected_action" {
        en: "this action does not answer the decision awaited from you",
        fr: "cette action ne répond pas à la décision qui vous est demandée",
    },
    HandFull = "hand_full" {
        en: "you cannot recruit with ten or more cards in hand",
        fr: "vous ne pouvez pas recruter avec dix cartes ou plus en main",
    },
    NoSuchRecruitSlot = "no_such_recruit_slot" {
        en: "there is no such recruit slot (slots are 0 to 4)",
        fr: "cet emplacement de recrue n'existe pas (les emplacements vont de 0 à 4)",
    },
    RecruitSlotEmpty = "recruit_slot_empty" {
        en: "that recruit slot is empty",
        fr: "cet emplacement de recrue est vide",
    },
    CardNotInHand = "card_not_in_hand" {
        en: "that card is not in your hand",
        fr: "cette carte n'est pas dans votre main",
    },
    FaceDownHasNoPower = "face_down_has_no_power" {
        en: "a card mustered face-down cannot use its power",
        fr: "un allié engagé face cachée ne peut pas activer son pouvoir",
    },
    PowerNotEligible = "power_not_eligible" {
        en: "the card is not eligible to use its power: another face-up Follower blocks it",
        fr: "cet allié ne peut pas activer son pouvoir : un autre allié face visible l'en empêche",
    },
    PowerHasNoTarget = "power_has_no_target" {
        en: "the power has no legal target",
        fr: "ce pouvoir n'a aucune cible permise",
    },
    PassNotAllowed = "pass_not_allowed" {
        en: "you may pass only with an empty hand and no recruit to take",
        fr: "vous ne pouvez passer qu'avec la main vide et aucune recrue à prendre",
    },
    NoSuchFollower = "no_such_follower" {
        en: "there is no such Follower",
        fr: "cet allié n'existe pas",
    },
    TargetIsSelf = "target_is_self" {
        en: "the power cannot target the card that uses it",
        fr: "le pouvoir ne peut pas viser la carte qui l'utilise",
    },
    TargetNotOpponent = "target_not_opponent" {
        en: "the target must be a Follower in an opponent's army",
        fr: "la cible doit être un allié de l'armée d'un adversaire",
    },
    CopyTargetFaceDown = "copy_target_face_down" {
        en: "only a face-up Follower's power can be copied",
        fr: "seul le pouvoir d'un allié face visible peut être copié",
    },
    CopyTargetIsScott = "copy_target_is_scott" {
        en: "a Scott cannot copy another Scott",
        fr: "un Scott ne peut pas copier un autre Scott",
    },
    SupporterNotInRow = "supporter_not_in_row" {
        en: "that card is not in the Supporter row",
        fr: "cette carte n'est pas parmi les partisans",
    },
    InvalidTurnTimeLimit = "invalid_turn_time_limit" {
        en: "the time limit per decision must be between 5 seconds and 14 days, or null",
        fr: "le délai par décision doit être compris entre 5 secondes et 14 jours, ou null",
    },
    InvalidMaxTimeouts = "invalid_max_timeouts" {
        en: "the number of timeouts before a seat is abandoned must be between 1 and 10",
        fr: "le nombre de délais dépassés avant l'abandon doit être compris entre 1 et 10",
    },
    SeatResigned = "seat_resigned" {
        en: "this seat has resigned or been abandoned: a bot plays it to the end",
        fr: "cette place a abandonné ou a été abandonnée : un robot la joue jusqu'à la fin",
    },
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
