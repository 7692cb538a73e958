//! A game's event stream, as the caller may see it, and a finished game's portable record.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::api::error::ApiError;
use crate::api::error::problem::Problem;
use crate::api::extractor::AuthUser;
use crate::api::responses::{
    GameNotFound, InvalidPath, InvalidPathOrQuery, ServiceUnavailable, Unauthorized,
};
use crate::api::state::AppState;
use crate::eventstore::GameId;
use crate::eventstore::chain::to_hex;
use crate::eventstore::read_model::{GameStatus, GameSummary};
use crate::play::record::GameRecord;
use crate::tables::http::games::{GamePath, MAX_EVENTS_PAGE, invalid_query, visible};
use crate::tables::http::representations::{EventDto, EventPage};
use rules::Viewer;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct EventsQuery {
    /// Events after this seq (default 0: from the start).
    #[param(minimum = 0)]
    pub after: Option<i64>,
    /// Page size, 1 to 100 (default 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// The game's events as the caller may see them: redacted while the game is on; after it ends,
/// everything, with the hash chain and the revealed shuffles.
#[utoipa::path(get, path = "/v1/games/{id}/events", tag = "games", params(GamePath, EventsQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of events", body = EventPage),
        InvalidPathOrQuery,
        Unauthorized,
        GameNotFound,
        ServiceUnavailable,
    ))]
pub async fn list_events(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
    query: web::Query<EventsQuery>,
) -> Result<HttpResponse, ApiError> {
    let after = query.after.unwrap_or(0);
    let limit = query.limit.unwrap_or(MAX_EVENTS_PAGE);
    if after < 0 {
        return Err(invalid_query("after must be 0 or more"));
    }
    if !(1..=MAX_EVENTS_PAGE).contains(&limit) {
        return Err(invalid_query(format!(
            "limit must be between 1 and {MAX_EVENTS_PAGE}"
        )));
    }
    let id = GameId(path.id);
    let summary = visible(
        crate::tables::lobby::summary(&state.store, id).await?,
        &user,
    )?;
    let stored = state.store.events(id, after, limit).await?;
    let next_after = (stored.len() as i64 == limit)
        .then(|| stored.last().map(|e| e.seq))
        .flatten();
    let (events, complete) = event_dtos(&summary, user.account_id, stored);
    Ok(HttpResponse::Ok().json(EventPage {
        events,
        complete,
        next_after,
    }))
}

/// A finished game's portable record, for auditors (docs/audit.md, "The record"): the whole
/// stream with each payload as stored and its hash chain, the game's salt (which every receipt
/// its players were given commits under), the final head, and the game's leaf in the
/// transparency log with its inclusion proof against the newest signed tree head
/// (`transparency` is `null` for the few seconds before the game is logged). The same document
/// as `lords export`; its JSON Schema is docs/record.schema.json. Nothing of it is shown before
/// the game ends.
#[utoipa::path(get, path = "/v1/games/{id}/record", tag = "games", params(GamePath),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The record", body = GameRecord),
        InvalidPath,
        Unauthorized,
        GameNotFound,
        (status = 409, description = "`game_not_finished`: the game is not over; its record (and its salt) is shown once it is", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn get_record(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
) -> Result<HttpResponse, ApiError> {
    let id = GameId(path.id);
    visible(
        crate::tables::lobby::summary(&state.store, id).await?,
        &user,
    )?;
    Ok(HttpResponse::Ok().json(crate::play::record::record(&state.store, id).await?))
}

/// `stored` as `account` may see them in the game `summary` describes (read before them):
/// redacted for its seat, or as a spectator, while the game is on; everything once it is over
/// (then also `true`). `/events` and `/stream` both show events through this.
pub(crate) fn event_dtos(
    summary: &GameSummary,
    account: crate::eventstore::AccountId,
    stored: Vec<crate::eventstore::stream::StoredEvent>,
) -> (Vec<EventDto>, bool) {
    let seat = summary.seat_of(account);
    let complete = summary.status == GameStatus::Finished;
    let viewer = if complete {
        Viewer::Everyone
    } else {
        seat.map_or(Viewer::Spectator, Viewer::Seat)
    };
    let events = stored
        .into_iter()
        .map(|e| EventDto {
            seq: e.seq,
            seat: e.seat,
            event: rules::redact(&e.event, viewer),
            recorded_at: complete.then_some(e.recorded_at),
            hash: complete.then(|| to_hex(&e.hash)),
            prev_hash: complete.then(|| to_hex(&e.prev_hash)),
        })
        .collect();
    (events, complete)
}

/// The events of an append this process just made, as [`event_dtos`] shows them while the game
/// goes on (their times and hashes shown only once it is over are not needed).
pub(crate) fn live_event_dtos(
    summary: &GameSummary,
    account: crate::eventstore::AccountId,
    live: &crate::eventstore::notify::LiveAppend,
) -> Vec<EventDto> {
    debug_assert!(summary.status != GameStatus::Finished);
    let viewer = summary
        .seat_of(account)
        .map_or(Viewer::Spectator, Viewer::Seat);
    live.events
        .iter()
        .zip(live.first_seq..)
        .map(|(event, seq)| EventDto {
            seq,
            seat: live.seat,
            event: rules::redact(event, viewer),
            recorded_at: None,
            hash: None,
            prev_hash: None,
        })
        .collect()
}
