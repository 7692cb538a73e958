//! The edition table `standard-v1` (RULES §1) as data: clans, cards, ranks. Pure data, no I/O.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A card: its id is its rank in edition `standard-v1`, 1 to 98 (RULES §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u8);

// Written out: the derive cannot bound a newtype's integer.
impl utoipa::PartialSchema for CardId {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Integer)
            .minimum(Some(1))
            .maximum(Some(98))
            .description(Some(
                "A card: its id is its rank in edition `standard-v1`, 1 to 98 (RULES §1).",
            ))
            .into()
    }
}

impl ToSchema for CardId {}

/// The nine clans of RULES §1.
// The declaration order is the table order of RULES §1 and feeds the rank formula.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Clan {
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

impl Clan {
    /// The eight normal clans, in table order.
    pub const NORMAL: [Clan; 8] = [
        Clan::Forsyth,
        Clan::Makgill,
        Clan::Macdonnell,
        Clan::Cochrane,
        Clan::Cockburn,
        Clan::Fergusson,
        Clan::Scott,
        Clan::Wemyss,
    ];

    /// When the clan's power takes effect.
    pub fn timing(self) -> Timing {
        match self {
            Clan::Macdonnell | Clan::Cochrane | Clan::Bruce => Timing::EndOfSkirmish,
            _ => Timing::Immediate,
        }
    }

    /// The power's wording as printed in RULES §1.
    pub fn power(self) -> &'static str {
        match self {
            Clan::Forsyth => "Draw a card",
            Clan::Makgill => "Muster another Follower",
            Clan::Macdonnell => "Keep for another skirmish",
            Clan::Cochrane => "Claim two Supporters",
            Clan::Cockburn => "Swap with a Supporter",
            Clan::Fergusson => "Swap with another Follower",
            Clan::Scott => "Copy another Follower's power",
            Clan::Wemyss => "Discard another Follower",
            Clan::Bruce => "Counts as any clan",
        }
    }
}

/// When a clan's power takes effect (RULES §1): `immediate`, as the card is mustered;
/// `end_of_skirmish`, once used it stays active and counts at the end of the skirmish.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    Immediate,
    EndOfSkirmish,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    pub id: CardId,
    pub clan: Clan,
    pub strength: u8,
    pub rank: u8,
}

/// An edition: an id and its full card table, indexed by rank.
#[derive(Debug)]
pub struct Edition {
    pub id: &'static str,
    cards: [Card; 98],
}

/// The id every new game records (RULES §1).
pub const STANDARD_V1: &str = "standard-v1";

const fn standard_v1_table() -> [Card; 98] {
    let mut cards = [Card {
        id: CardId(0),
        clan: Clan::Bruce,
        strength: 0,
        rank: 0,
    }; 98];
    let mut strength = 1;
    while strength <= 12 {
        let mut i = 0;
        while i < 8 {
            // RULES §1: rank = 8·(s−1) + i + 1
            let rank = 8 * (strength - 1) + i + 1;
            cards[(rank - 1) as usize] = Card {
                id: CardId(rank),
                clan: Clan::NORMAL[i as usize],
                strength,
                rank,
            };
            i += 1;
        }
        strength += 1;
    }
    cards[96] = Card {
        id: CardId(97),
        clan: Clan::Bruce,
        strength: 6,
        rank: 97,
    };
    cards[97] = Card {
        id: CardId(98),
        clan: Clan::Bruce,
        strength: 6,
        rank: 98,
    };
    cards
}

static STANDARD: Edition = Edition {
    id: STANDARD_V1,
    cards: standard_v1_table(),
};

impl Edition {
    /// Looks an edition up by the id a game recorded.
    pub fn by_id(id: &str) -> Option<&'static Edition> {
        (id == STANDARD_V1).then_some(&STANDARD)
    }

    pub fn standard() -> &'static Edition {
        &STANDARD
    }

    /// Every card of the edition, by rank.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The deck for a game: 96 normal cards, plus the two Bruce cards when included.
    pub fn deck(&self, include_bruce: bool) -> Vec<CardId> {
        self.cards
            .iter()
            .filter(|c| include_bruce || c.clan != Clan::Bruce)
            .map(|c| c.id)
            .collect()
    }
}

/// The card behind an id of `standard-v1`. Ids only ever come from the table, so this cannot miss.
pub fn card(id: CardId) -> &'static Card {
    &STANDARD.cards[(id.0 as usize).saturating_sub(1).min(97)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_1_the_table_has_98_cards_with_unique_ranks_1_to_98() {
        let ed = Edition::standard();
        for (i, c) in ed.cards().iter().enumerate() {
            assert_eq!(c.rank as usize, i + 1);
            assert_eq!(c.id.0, c.rank);
        }
        for clan in Clan::NORMAL {
            let mut s: Vec<u8> = ed
                .cards()
                .iter()
                .filter(|c| c.clan == clan)
                .map(|c| c.strength)
                .collect();
            s.sort();
            assert_eq!(s, (1..=12).collect::<Vec<_>>());
        }
    }

    #[test]
    fn rules_1_publisher_ranks_match() {
        assert_eq!(card(CardId(2)).clan, Clan::Makgill);
        assert_eq!(card(CardId(2)).strength, 1);
        assert_eq!(card(CardId(3)).clan, Clan::Macdonnell);
        assert_eq!(card(CardId(3)).strength, 1);
        assert_eq!(card(CardId(97)).clan, Clan::Bruce);
        assert_eq!(card(CardId(98)).strength, 6);
        assert_eq!(Edition::standard().deck(false).len(), 96);
        assert_eq!(Edition::standard().deck(true).len(), 98);
    }
}
