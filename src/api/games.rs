//! Game resources: the lobby (create, join, leave, list), the caller's view (`ETag`, `?at=`,
//! long-poll), legal actions, action submission (`If-Match`, `Idempotency-Key`) and the event
//! stream as the caller may see it. A thin shell: the store decides and stores, the engine
//! projects. Nothing here reads a hidden card except through `engine::view`/`engine::redact`.

use std::time::Duration;

use actix_web::http::header::{self, HeaderMap, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::error::{ApiError, ErrorCode, Problem};
use super::schema;
use crate::auth::AuthUser;
use crate::engine::{self, Action, Event, Game, OptionsRequest, Seat, View, Viewer};
use crate::startup::AppState;
use crate::store::{GameId, GameStatus, GameSummary, ListQuery, SeatInfo, Submit};

/// The longest a long-poll may hold a request, in seconds.
pub const MAX_WAIT_SECONDS: u64 = 60;
/// The most events one page of `/events` returns.
pub const MAX_EVENTS_PAGE: i64 = 100;
const MAX_IDEMPOTENCY_KEY: usize = 255;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/games")
            .route(web::get().to(list_games))
            .route(web::post().to(create_game)),
    )
    .service(web::resource("/games/{id}").route(web::get().to(get_game)))
    .service(web::resource("/games/{id}/join").route(web::post().to(join_game)))
    .service(web::resource("/games/{id}/leave").route(web::post().to(leave_game)))
    .service(web::resource("/games/{id}/legal-actions").route(web::get().to(legal_actions)))
    .service(web::resource("/games/{id}/actions").route(web::post().to(submit_action)))
    .service(web::resource("/games/{id}/events").route(web::get().to(list_events)));
}

// ---------------------------------------------------------------------------------------------
// Representations

/// A seat and who holds it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SeatDto {
    #[schema(value_type = u8, minimum = 0, maximum = 4)]
    pub seat: Seat,
    pub username: String,
}

/// A game as listed.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameSummaryDto {
    pub id: Uuid,
    /// `open` (waiting for players), `active`, `finished` or `abandoned` (everyone left).
    #[schema(example = "active")]
    pub status: String,
    #[schema(value_type = schema::GameOptionsSchema)]
    pub options: engine::GameOptions,
    /// Seat order; seat 0 created the game.
    pub seats: Vec<SeatDto>,
    /// The number of events in the game's stream.
    pub version: i64,
    /// The seat whose decision is awaited.
    #[schema(value_type = Option<u8>)]
    pub awaiting: Option<Seat>,
    #[schema(value_type = Option<Vec<u8>>)]
    pub winners: Option<Vec<Seat>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<GameSummary> for GameSummaryDto {
    fn from(g: GameSummary) -> Self {
        GameSummaryDto {
            id: g.id.0,
            status: g.status.as_str().to_string(),
            options: g.options,
            seats: g.seats.into_iter().map(seat_dto).collect(),
            version: g.version,
            awaiting: g.awaiting,
            winners: g.winners,
            created_at: g.created_at,
            updated_at: g.updated_at,
        }
    }
}

fn seat_dto(s: SeatInfo) -> SeatDto {
    SeatDto {
        seat: s.seat,
        username: s.username,
    }
}

/// A page of games.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GamePage {
    pub games: Vec<GameSummaryDto>,
    /// Pass as `cursor` for the next page; `null` on the last page.
    pub next_cursor: Option<String>,
}

/// A game as the caller sees it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameDto {
    pub game: GameSummaryDto,
    /// The caller's seat; `null` for a spectator.
    #[schema(value_type = Option<u8>)]
    pub your_seat: Option<Seat>,
    /// The version the view shows (`at` when asked for, else the current version).
    pub version: i64,
    /// The game as the caller may see it at `version` (RULES §8); every card once the game is
    /// over. `null` while the game has not started.
    #[schema(value_type = Option<schema::ViewSchema>)]
    pub view: Option<View>,
}

/// What a submitted action produced.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ActionResult {
    /// The game's version after the action.
    pub version: i64,
    /// The caller's view at that version.
    #[schema(value_type = schema::ViewSchema)]
    pub view: View,
}

/// The actions the caller may submit now.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct LegalActions {
    pub version: i64,
    /// Each exactly as `POST /v1/games/{id}/actions` accepts it; empty when no decision of the
    /// caller's is awaited.
    #[schema(value_type = Vec<schema::ActionSchema>)]
    pub actions: Vec<Action>,
}

/// One event of a game's stream, as the caller may see it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct EventDto {
    /// Its position in the stream, from 1.
    pub seq: i64,
    /// The acting seat; `null` for events of the game itself (the deal, the end of a skirmish).
    #[schema(value_type = Option<u8>)]
    pub seat: Option<Seat>,
    /// Redacted for the caller until the game is over.
    #[schema(value_type = schema::EventSchema)]
    pub event: Event,
    /// Once the game is over: when it was recorded.
    pub recorded_at: Option<DateTime<Utc>>,
    /// Once the game is over: SHA-256 of the previous event's hash and this payload, hex.
    pub hash: Option<String>,
    /// Once the game is over: the previous event's hash, hex (zeros for the first).
    pub prev_hash: Option<String>,
}

/// A page of events.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct EventPage {
    pub events: Vec<EventDto>,
    /// Whether everything is shown (the game is over): hashes and shuffles included.
    pub complete: bool,
    /// Pass as `after` for the next page; `null` when this page reached the end.
    pub next_after: Option<i64>,
}

// ---------------------------------------------------------------------------------------------
// Queries

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ListGamesQuery {
    /// `open`, `active`, `finished` or `abandoned`; default: all but `abandoned`.
    #[param(pattern = "^(open|active|finished|abandoned)$")]
    pub status: Option<String>,
    /// Only games the caller is seated in.
    pub mine: Option<bool>,
    /// Only games awaiting the caller's decision.
    pub awaiting_me: Option<bool>,
    /// Page size, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// The `next_cursor` of the previous page.
    #[param(min_length = 1)]
    pub cursor: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct GetGameQuery {
    /// Show the game as it was at this version (as the caller could see it then; everything
    /// once the game is over).
    #[param(minimum = 0)]
    pub at: Option<i64>,
    /// Long-poll: hold the request until the version passes this one ...
    pub after_version: Option<i64>,
    /// ... or this many seconds pass (at most 60; default 30).
    #[param(minimum = 0, maximum = 60)]
    pub wait: Option<u64>,
}

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

#[derive(Debug, Deserialize, IntoParams)]
pub struct GamePath {
    /// The game's id (a UUID).
    pub id: Uuid,
}

fn invalid_query(detail: impl Into<String>) -> ApiError {
    ApiError::InvalidQuery(detail.into())
}

/// A body as the type it describes, read from JSON objects only: serde would also read a struct
/// or a tagged enum from an array of its fields (`[2]` as `{"players": 2}`, `["recruit", 0]` as a
/// recruit, `"target": [0, 1]` as a Follower), an encoding the API does not document. Neither
/// bodies hold an array anywhere. `code` names what the body was meant to be.
fn from_object<T: serde::de::DeserializeOwned>(
    body: serde_json::Value,
    code: ErrorCode,
) -> Result<T, ApiError> {
    fn holds_array(v: &serde_json::Value) -> bool {
        match v {
            serde_json::Value::Array(_) => true,
            serde_json::Value::Object(m) => m.values().any(holds_array),
            _ => false,
        }
    }
    if !body.is_object() || holds_array(&body) {
        return Err(ApiError::Game(
            code,
            "the body must be a JSON object of the documented fields, with no arrays".into(),
        ));
    }
    serde_json::from_value(body).map_err(|e| ApiError::Game(code, e.to_string()))
}

fn seat_of(summary: &GameSummary, user: &AuthUser) -> Option<Seat> {
    summary
        .seats
        .iter()
        .find(|s| s.account_id == user.account_id)
        .map(|s| s.seat)
}

// ---------------------------------------------------------------------------------------------
// Lobby

/// Creates a game; the caller takes seat 0. The game starts (deals) when the last seat fills.
#[utoipa::path(post, path = "/v1/games", tag = "games",
    request_body = schema::OptionsRequestSchema,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Created; `Location` names the game", body = GameSummaryDto,
            headers(("Location" = String, description = "/v1/games/{id}"))),
        (status = 400, description = "`malformed_json`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_options`, `invalid_player_count`, `invalid_target_score`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn create_game(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, ApiError> {
    let request: OptionsRequest = from_object(
        integral_floats_as_integers(body.into_inner()),
        ErrorCode::InvalidOptions,
    )?;
    let options = request.validate()?;
    let summary = state.store.create_game(user.account_id, options).await?;
    let location = format!("/v1/games/{}", summary.id);
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, location))
        .json(GameSummaryDto::from(summary)))
}

/// Takes the next free seat; when it was the last one, the game starts.
#[utoipa::path(post, path = "/v1/games/{id}/join", tag = "games", params(GamePath),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Seated", body = GameSummaryDto),
        (status = 400, description = "`invalid_path`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`already_seated`, `game_full`, `game_not_open`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn join_game(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
) -> Result<HttpResponse, ApiError> {
    let mut rng = fresh_rng()?;
    let summary = state
        .store
        .join_game(GameId(path.id), user.account_id, &mut rng)
        .await?;
    Ok(HttpResponse::Ok().json(GameSummaryDto::from(summary)))
}

/// Gives up a seat before the game starts; the players after it move up one seat.
#[utoipa::path(post, path = "/v1/games/{id}/leave", tag = "games", params(GamePath),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Left", body = GameSummaryDto),
        (status = 400, description = "`invalid_path`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`not_seated`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_open`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn leave_game(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
) -> Result<HttpResponse, ApiError> {
    let summary = state
        .store
        .leave_game(GameId(path.id), user.account_id)
        .await?;
    Ok(HttpResponse::Ok().json(GameSummaryDto::from(summary)))
}

/// Lists games, most recently updated first.
#[utoipa::path(get, path = "/v1/games", tag = "games", params(ListGamesQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of games", body = GamePage),
        (status = 400, description = "`invalid_query`, `invalid_cursor`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn list_games(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<ListGamesQuery>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let status = match q.status.as_deref() {
        None => None,
        Some("open") => Some(GameStatus::Open),
        Some("active") => Some(GameStatus::Active),
        Some("finished") => Some(GameStatus::Finished),
        Some("abandoned") => Some(GameStatus::Abandoned),
        Some(other) => {
            return Err(invalid_query(format!(
                "status must be open, active, finished or abandoned, not {other:?}"
            )));
        }
    };
    let max = state.config.max_page_size;
    let limit = q.limit.unwrap_or(20);
    if limit == 0 || limit > max {
        return Err(invalid_query(format!("limit must be between 1 and {max}")));
    }
    let me = Some(user.account_id);
    let (games, next_cursor) = state
        .store
        .list_games(&ListQuery {
            status,
            member: me.filter(|_| q.mine == Some(true)),
            awaiting: me.filter(|_| q.awaiting_me == Some(true)),
            limit,
            cursor: q.cursor,
        })
        .await?;
    Ok(HttpResponse::Ok().json(GamePage {
        games: games.into_iter().map(GameSummaryDto::from).collect(),
        next_cursor,
    }))
}

// ---------------------------------------------------------------------------------------------
// Views

/// The caller's view of the game (a spectator's when not seated), with an `ETag`.
#[utoipa::path(get, path = "/v1/games/{id}", tag = "games", params(GamePath, GetGameQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's view", body = GameDto,
            headers(("ETag" = String, description = "Changes with the version"))),
        (status = 304, description = "Not modified (`If-None-Match`)"),
        (status = 400, description = "`invalid_path`, `invalid_query`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn get_game(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
    query: web::Query<GetGameQuery>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let id = GameId(path.id);
    let q = query.into_inner();
    if let Some(after) = q.after_version {
        let wait = q.wait.unwrap_or(30);
        if wait > MAX_WAIT_SECONDS {
            return Err(invalid_query(format!(
                "wait is at most {MAX_WAIT_SECONDS} seconds"
            )));
        }
        if q.at.is_some() {
            return Err(invalid_query("at and after_version do not go together"));
        }
        tokio::select! {
            _ = state.notifier.wait_past(id, after, Duration::from_secs(wait)) => {}
            _ = state.shutdown.wait() => {}
        }
    } else if q.wait.is_some() {
        return Err(invalid_query("wait needs after_version"));
    }
    // The game now needs no events (`current`); an earlier version needs the stream (`load`).
    let (summary, current, now, then) = match q.at {
        None => {
            let c = state.store.current(id).await?;
            (c.summary, c.version, c.game, None)
        }
        Some(at) => {
            let loaded = state.store.load(id).await?;
            let current = loaded.version();
            if !(0..=current).contains(&at) {
                return Err(invalid_query(format!(
                    "at must be between 0 and the current version {current}"
                )));
            }
            let then = (at != current)
                .then(|| Game::replay(loaded.events.iter().take(at as usize).map(|e| &e.event)));
            (loaded.summary, current, loaded.game, then)
        }
    };
    let shown = q.at.unwrap_or(current);
    let etag = match q.at {
        None => format!("\"{current}\""),
        Some(at) => format!("\"{current}.{at}\""),
    };
    if if_none_match(req.headers(), &etag) {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .insert_header((header::VARY, "Authorization"))
            .finish());
    }
    let seat = seat_of(&summary, &user);
    let view = view_of(&now, then.as_ref().unwrap_or(&now), seat);
    Ok(HttpResponse::Ok()
        .insert_header((header::ETAG, etag))
        .insert_header((header::VARY, "Authorization"))
        .insert_header((header::CACHE_CONTROL, "private, no-cache"))
        .json(GameDto {
            game: summary.into(),
            your_seat: seat,
            version: shown,
            view,
        }))
}

/// The view of `shown` for `seat`: the caller's own, everything if the game is over `now`.
fn view_of(now: &Game, shown: &Game, seat: Option<Seat>) -> Option<View> {
    let viewer = Viewer::of(now, seat);
    (shown.status() != engine::Status::NotStarted).then(|| engine::view(shown, viewer))
}

fn if_none_match(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == "*" || t == etag)
}

/// The actions the caller may submit now.
#[utoipa::path(get, path = "/v1/games/{id}/legal-actions", tag = "games", params(GamePath),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's legal actions (empty when no decision of theirs is awaited)", body = LegalActions),
        (status = 400, description = "`invalid_path`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn legal_actions(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
) -> Result<HttpResponse, ApiError> {
    let current = state.store.current(GameId(path.id)).await?;
    let actions = seat_of(&current.summary, &user)
        .map(|seat| engine::legal_actions(&current.game, seat))
        .unwrap_or_default();
    Ok(HttpResponse::Ok().json(LegalActions {
        version: current.version,
        actions,
    }))
}

// ---------------------------------------------------------------------------------------------
// Actions

/// Submits one action for the caller's seat.
#[utoipa::path(post, path = "/v1/games/{id}/actions", tag = "games", params(GamePath,
        ("If-Match" = Option<String>, Header, description = "The version acted on, e.g. `\"42\"`: a stale one gets 412 and changes nothing; `*` acts on the latest",
            nullable = false, pattern = r#"^(\*|(W/)?("[0-9]{1,18}"|[0-9]{1,18}))$"#),
        ("Idempotency-Key" = Option<String>, Header, description = "1 to 255 visible ASCII characters: a repeat with the same key and body returns the original result and appends nothing",
            nullable = false, pattern = "^[!-~]{1,255}$")),
    request_body = schema::ActionSchema,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Applied (or an idempotent repeat)", body = ActionResult),
        (status = 400, description = "`malformed_json`, `invalid_path`, `invalid_header`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`not_seated`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`idempotency_key_reused`, `version_conflict` (the race was lost too many times; retry)", body = Problem, content_type = "application/problem+json"),
        (status = 412, description = "`version_mismatch`: `If-Match` names a stale version", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_action`, or the code of the broken rule", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn submit_action(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
    req: HttpRequest,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, ApiError> {
    let id = GameId(path.id);
    let action = parse_action(body.into_inner())?;
    let expected_version = if_match(req.headers())?;
    let key = idempotency_key(req.headers())?;
    let request_hash = crate::store::request_hash(&action);
    let mut rng = fresh_rng()?;
    let submitted = state
        .store
        .submit(
            Submit {
                game_id: id,
                account: user.account_id,
                action: &action,
                expected_version,
                idempotency_key: key.as_deref(),
                request_hash: &request_hash,
            },
            &mut rng,
        )
        .await
        .map_err(|e| match (e, expected_version) {
            (crate::store::StoreError::VersionConflict { expected, actual }, Some(_)) => {
                ApiError::Game(
                    ErrorCode::VersionMismatch,
                    format!("the game is at version {actual}, not {expected}"),
                )
            }
            (e, _) => e.into(),
        })?;
    if !submitted.replayed {
        state.metrics.action_applied();
    }
    let viewer = Viewer::of(&submitted.game, Some(submitted.seat));
    Ok(HttpResponse::Ok()
        .insert_header((header::ETAG, format!("\"{}\"", submitted.version)))
        .json(ActionResult {
            version: submitted.version,
            view: engine::view(&submitted.game, viewer),
        }))
}

/// An action body, exactly: serde lets unknown fields through beside the tag of a variant
/// without fields (`{"type": "pass", "seat": 1}`), so every field sent must be one the action
/// has (the document closes every action with `additionalProperties: false`).
fn parse_action(body: serde_json::Value) -> Result<Action, ApiError> {
    let body = integral_floats_as_integers(body);
    let action: Action = from_object(body.clone(), ErrorCode::InvalidAction)?;
    if let (serde_json::Value::Object(sent), Ok(serde_json::Value::Object(known))) =
        (&body, serde_json::to_value(action))
        && let Some(field) = sent.keys().find(|k| !known.contains_key(*k))
    {
        return Err(ApiError::Game(
            ErrorCode::InvalidAction,
            format!("unknown field `{field}` for a {} action", action.name()),
        ));
    }
    Ok(action)
}

/// JSON Schema counts `4.0` as an integer, serde's integers do not: the document's integers are
/// accepted in either spelling.
fn integral_floats_as_integers(mut value: serde_json::Value) -> serde_json::Value {
    fn walk(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Number(n) if n.is_f64() => {
                let f = n.as_f64().unwrap_or(f64::NAN);
                // Within ±2^53 every integral f64 is exact.
                if f.fract() == 0.0 && f.abs() <= 9_007_199_254_740_992.0 {
                    *v = serde_json::Value::from(f as i64);
                }
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(walk),
            serde_json::Value::Object(fields) => fields.values_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut value);
    value
}

fn if_match(headers: &HeaderMap) -> Result<Option<i64>, ApiError> {
    let Some(value) = headers.get(header::IF_MATCH) else {
        return Ok(None);
    };
    let bad = || {
        ApiError::Game(
            ErrorCode::InvalidHeader,
            "If-Match must be one version in quotes, e.g. \"42\"".into(),
        )
    };
    let text = value.to_str().map_err(|_| bad())?.trim();
    if text == "*" {
        // RFC 9110: `*` matches any current representation; the game exists, so act on the
        // latest version like a request without If-Match.
        return Ok(None);
    }
    let text = text.strip_prefix("W/").unwrap_or(text);
    let inner = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    inner
        .parse::<i64>()
        .ok()
        .filter(|v| *v >= 0)
        .map(Some)
        .ok_or_else(bad)
}

fn idempotency_key(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    let ok = |v: &HeaderValue| {
        let b = v.as_bytes();
        !b.is_empty() && b.len() <= MAX_IDEMPOTENCY_KEY && b.iter().all(|c| c.is_ascii_graphic())
    };
    if !ok(value) {
        return Err(ApiError::Game(
            ErrorCode::InvalidHeader,
            format!("Idempotency-Key must be 1 to {MAX_IDEMPOTENCY_KEY} visible ASCII characters"),
        ));
    }
    Ok(value.to_str().ok().map(str::to_string))
}

/// A generator seeded from the operating system, for the shuffles and draws an action causes.
fn fresh_rng() -> Result<rand::rngs::StdRng, ApiError> {
    use rand::SeedableRng;
    rand::rngs::StdRng::try_from_rng(&mut rand::rngs::SysRng)
        .map_err(|e| ApiError::Unexpected(anyhow::anyhow!("the OS random generator failed: {e}")))
}

// ---------------------------------------------------------------------------------------------
// Events

/// The game's events as the caller may see them: redacted while the game is on; after it ends,
/// everything, with the hash chain and the revealed shuffles.
#[utoipa::path(get, path = "/v1/games/{id}/events", tag = "games", params(GamePath, EventsQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of events", body = EventPage),
        (status = 400, description = "`invalid_path`, `invalid_query`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
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
    let summary = state.store.summary(id).await?;
    let seat = seat_of(&summary, &user);
    let complete = summary.status == GameStatus::Finished;
    let viewer = if complete {
        Viewer::Everyone
    } else {
        seat.map_or(Viewer::Spectator, Viewer::Seat)
    };
    let stored = state.store.events(id, after, limit).await?;
    let next_after = (stored.len() as i64 == limit)
        .then(|| stored.last().map(|e| e.seq))
        .flatten();
    let events = stored
        .into_iter()
        .map(|e| EventDto {
            seq: e.seq,
            seat: e.seat,
            event: engine::redact(&e.event, viewer),
            recorded_at: complete.then_some(e.recorded_at),
            hash: complete.then_some(e.hash),
            prev_hash: complete.then_some(e.prev_hash),
        })
        .collect();
    Ok(HttpResponse::Ok().json(EventPage {
        events,
        complete,
        next_after,
    }))
}
