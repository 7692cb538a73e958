//! `GET /v1/cards`: the edition table, public.

use actix_web::HttpResponse;
use actix_web::http::header;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use rules::{Clan, Edition, EditionId, Timing};

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CardDto {
    /// The card id, equal to its rank (1..=98).
    #[schema(example = 2)]
    pub id: u8,
    pub clan: Clan,
    #[schema(example = 1)]
    pub strength: u8,
    /// Rank breaks ties (higher wins).
    #[schema(example = 2)]
    pub rank: u8,
    /// The clan's power as printed.
    #[schema(example = "Muster another Follower")]
    pub power: String,
    pub timing: Timing,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CardsResponse {
    pub edition: EditionId,
    pub cards: Vec<CardDto>,
}

pub fn cards_response() -> CardsResponse {
    let edition = Edition::standard();
    CardsResponse {
        edition: EditionId::StandardV1,
        cards: edition
            .cards()
            .iter()
            .map(|c| CardDto {
                id: c.id.0,
                clan: c.clan,
                strength: c.strength,
                rank: c.rank,
                power: c.clan.power().to_string(),
                timing: c.clan.timing(),
            })
            .collect(),
    }
}

/// The card table of the standard edition (98 cards).
#[utoipa::path(get, path = "/v1/cards", tag = "cards",
    responses((status = 200, description = "The edition table. It never changes within an \
        edition: cache it (`Cache-Control: public, max-age=3600`) and look cards up by id.",
        body = CardsResponse)))]
pub async fn list_cards() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .json(cards_response())
}
