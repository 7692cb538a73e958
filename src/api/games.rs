//! Game resources: the lobby (create, join, leave, list), the caller's view (`ETag`, `?at=`,
//! long-poll), legal actions, action submission (`If-Match`, `Idempotency-Key`) and the event
//! stream as the caller may see it. A thin shell: the store decides and stores, the engine
//! projects. Nothing here reads a hidden card except through `engine::view`/`engine::redact`.

use std::sync::Arc;
use std::time::Duration;

use actix_web::http::header::{self, HeaderMap, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::AppState;
use super::error::{ApiError, ErrorCode, Problem};
use crate::auth::rate_limit::address_key;
use crate::auth::{AccountId, AuthUser, SignedToken};
use crate::engine::{self, Action, Event, Game, OptionsRequest, Seat, View, Viewer};
use crate::store::{
    GameId, GameStatus, GameSummary, ListQuery, SeatInfo, StoreError, Submit, Visibility,
};

/// The longest a long-poll may hold a request, in seconds.
pub const MAX_WAIT_SECONDS: u64 = 60;
/// The most events one page of `/events` returns.
pub const MAX_EVENTS_PAGE: i64 = 100;
const MAX_IDEMPOTENCY_KEY: usize = 255;

/// A resource of these routes (under `/v1`), labelled for the access log and metrics.
macro_rules! v1_resource {
    ($pattern:literal) => {
        super::middleware::labelled_resource($pattern, concat!("/v1", $pattern))
    };
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        v1_resource!("/games")
            .route(web::get().to(list_games))
            .route(web::post().to(create_game)),
    )
    .service(v1_resource!("/games/{id}").route(web::get().to(get_game)))
    .service(v1_resource!("/games/{id}/join").route(web::post().to(join_game)))
    .service(v1_resource!("/games/{id}/leave").route(web::post().to(leave_game)))
    .service(v1_resource!("/games/{id}/legal-actions").route(web::get().to(legal_actions)))
    .service(v1_resource!("/games/{id}/actions").route(web::post().to(submit_action)))
    .service(v1_resource!("/games/{id}/resign").route(web::post().to(resign)))
    .service(v1_resource!("/games/{id}/bots").route(web::post().to(add_bot)))
    .service(v1_resource!("/games/{id}/events").route(web::get().to(list_events)));
}

// ---------------------------------------------------------------------------------------------
// Representations

/// A seat and who holds it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SeatDto {
    #[schema(value_type = u8, minimum = 0, maximum = 4)]
    pub seat: Seat,
    /// The player's username; for a bot's seat `"<level> bot"`.
    pub username: String,
    /// The bot holding the seat (`random`, `greedy`, `mcts`); `null` for a player.
    #[schema(required = true)]
    pub bot: Option<engine::BotLevel>,
}

/// Another game this one is linked to.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameLink {
    pub game_id: Uuid,
}

/// A game as listed.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameSummaryDto {
    pub id: Uuid,
    pub status: GameStatus,
    pub options: engine::GameOptions,
    /// Seat order; seat 0 created the game (in a rematch the seats rotate, and seats kept for
    /// invited players may be missing while it is open).
    pub seats: Vec<SeatDto>,
    /// The number of events in the game's stream.
    pub version: i64,
    /// The seat whose decision is awaited; `null` while the game is not `active`.
    #[schema(value_type = Option<u8>, required = true, minimum = 0, maximum = 4)]
    pub awaiting: Option<Seat>,
    /// The winning seats once the game is `finished` (several when the victory is shared,
    /// RULES §7); `null` until then.
    #[schema(value_type = Option<Vec<u8>>, required = true)]
    pub winners: Option<Vec<Seat>>,
    pub visibility: Visibility,
    /// The rematch of this game (`POST /v1/games/{id}/rematch`), once a player asked for one;
    /// `null` until then.
    #[schema(required = true)]
    pub rematch: Option<GameLink>,
    /// The finished game this one is the rematch of; `null` for a game created as new.
    #[schema(required = true)]
    pub rematch_of: Option<GameLink>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// When the awaited decision times out (service rules §9.4); `null` when the game has no
    /// clock or no decision is awaited from a player.
    #[schema(required = true)]
    pub deadline: Option<DateTime<Utc>>,
}

impl From<GameSummary> for GameSummaryDto {
    fn from(g: GameSummary) -> Self {
        GameSummaryDto {
            id: g.id.0,
            status: g.status,
            options: g.options,
            seats: g.seats.into_iter().map(seat_dto).collect(),
            version: g.version,
            awaiting: g.awaiting,
            winners: g.winners,
            visibility: g.visibility,
            rematch: g.rematched_by.map(|id| GameLink { game_id: id.0 }),
            rematch_of: g.rematch_of.map(|id| GameLink { game_id: id.0 }),
            created_at: g.created_at,
            updated_at: g.updated_at,
            deadline: g.deadline,
        }
    }
}

fn seat_dto(s: SeatInfo) -> SeatDto {
    SeatDto {
        seat: s.seat,
        username: s.username,
        bot: s.bot,
    }
}

/// A page of games.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GamePage {
    pub games: Vec<GameSummaryDto>,
    /// Pass as `cursor` for the next page; `null` on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// A game as the caller sees it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct GameDto {
    pub game: GameSummaryDto,
    /// The caller's seat; `null` for a spectator.
    #[schema(value_type = Option<u8>, required = true, minimum = 0, maximum = 4)]
    pub your_seat: Option<Seat>,
    /// The version the view shows (`at` when asked for, else the current version).
    pub version: i64,
    /// The game as the caller may see it at `version` (RULES §8); every card once the game is
    /// over. `null` while the game has not started. At the current version,
    /// `awaiting.deadline` is when the awaited decision times out.
    #[schema(value_type = Option<View>, required = true)]
    pub view: Option<ClockedView>,
}

/// An engine view with the awaited decision's deadline (`awaiting.deadline`, RFC 3339, `null`
/// without a clock or in a past version), which the engine, reading no clock, does not know.
#[derive(Debug, Clone, PartialEq)]
pub struct ClockedView {
    pub view: View,
    pub deadline: Option<DateTime<Utc>>,
}

impl Serialize for ClockedView {
    /// The view's own fields in its own order, `awaiting` with `deadline` added: written
    /// straight out (going through a `serde_json::Value` cost as much as the rest of writing
    /// the view). Destructured without `..`: a field added to `View` fails to compile here.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let View {
            edition,
            options,
            status,
            viewer,
            skirmish,
            turn,
            initiative,
            awaiting,
            players,
            recruits,
            supporters,
            discard,
            draw_size,
            draw_pile,
            last_scores,
            placement,
            winners,
            ranking,
        } = &self.view;
        #[derive(Serialize)]
        struct Clocked<'a> {
            edition: &'a engine::EditionId,
            options: &'a Option<engine::GameOptions>,
            status: &'a engine::Status,
            viewer: &'a Option<Seat>,
            skirmish: &'a u16,
            turn: &'a u8,
            initiative: &'a Seat,
            awaiting: Option<AwaitingWithDeadline<'a>>,
            players: &'a [engine::PlayerView],
            recruits: &'a [engine::RecruitView],
            supporters: &'a [engine::CardId],
            discard: &'a [engine::CardId],
            draw_size: &'a u8,
            draw_pile: &'a Option<Vec<engine::CardId>>,
            last_scores: &'a [engine::ArmyScore],
            placement: &'a [Seat],
            winners: &'a Option<Vec<Seat>>,
            ranking: &'a Option<Vec<Seat>>,
        }
        #[derive(Serialize)]
        struct AwaitingWithDeadline<'a> {
            seat: &'a Seat,
            decision: &'a engine::Decision,
            deadline: &'a Option<DateTime<Utc>>,
        }
        Clocked {
            edition,
            options,
            status,
            viewer,
            skirmish,
            turn,
            initiative,
            awaiting: awaiting.as_ref().map(|a| AwaitingWithDeadline {
                seat: &a.seat,
                decision: &a.decision,
                deadline: &self.deadline,
            }),
            players,
            recruits,
            supporters,
            discard,
            draw_size,
            draw_pile,
            last_scores,
            placement,
            winners,
            ranking,
        }
        .serialize(s)
    }
}

/// In the document, the `Awaiting` of a view carries the deadline [`ClockedView`] adds.
pub struct ClockedAwaiting;

impl utoipa::Modify for ClockedAwaiting {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};
        use utoipa::openapi::{KnownFormat, RefOr, SchemaFormat};
        let awaiting = openapi
            .components
            .as_mut()
            .and_then(|c| c.schemas.get_mut("Awaiting"));
        if let Some(RefOr::T(Schema::Object(awaiting))) = awaiting {
            let deadline = ObjectBuilder::new()
                .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
                .description(Some(
                    "In the API's views at the current version: when this decision times out and \
                     a bot plays\nit (service rules §9.4), RFC 3339; `null` when the game has no \
                     clock.",
                ));
            awaiting
                .properties
                .insert("deadline".into(), deadline.into());
        }
    }
}

impl<'de> Deserialize<'de> for ClockedView {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        let deadline = v
            .pointer("/awaiting/deadline")
            .and_then(|d| d.as_str())
            .map(|d| DateTime::parse_from_rfc3339(d).map(|d| d.with_timezone(&Utc)))
            .transpose()
            .map_err(serde::de::Error::custom)?;
        let view = View::deserialize(v).map_err(serde::de::Error::custom)?;
        Ok(ClockedView { view, deadline })
    }
}

/// What a submitted action produced.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ActionResult {
    /// The game's version after the action.
    pub version: i64,
    /// The caller's view at that version, with the next decision's deadline.
    #[schema(value_type = View)]
    pub view: ClockedView,
}

/// The actions the caller may submit now.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct LegalActions {
    pub version: i64,
    /// Each exactly as `POST /v1/games/{id}/actions` accepts it; empty when no decision of the
    /// caller's is awaited.
    pub actions: Vec<Action>,
}

/// One event of a game's stream, as the caller may see it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct EventDto {
    /// Its position in the stream, from 1.
    pub seq: i64,
    /// The seat whose action caused the event: its own action's event and every consequence of
    /// it (e.g. `followers_revealed`, `armies_scored`, claims, `skirmish_ended`,
    /// `skirmish_started`, `game_ended` carry the seat whose action ended the turn or skirmish);
    /// `null` only for the events no action caused (the deal when the last seat filled).
    #[schema(value_type = Option<u8>, required = true, minimum = 0, maximum = 4)]
    pub seat: Option<Seat>,
    /// Redacted for the caller until the game is over.
    pub event: Event,
    /// Once the game is over: when it was recorded; `null` until then.
    #[schema(required = true)]
    pub recorded_at: Option<DateTime<Utc>>,
    /// Once the game is over: SHA-256 of the previous event's hash and this payload, hex;
    /// `null` until then.
    #[schema(required = true, pattern = "^[0-9a-f]{64}$")]
    pub hash: Option<String>,
    /// Once the game is over: the previous event's hash, hex (zeros for the first); `null` until
    /// then.
    #[schema(required = true, pattern = "^[0-9a-f]{64}$")]
    pub prev_hash: Option<String>,
}

/// A page of events.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct EventPage {
    pub events: Vec<EventDto>,
    /// Whether everything is shown (the game is over): hashes and shuffles included.
    pub complete: bool,
    /// Pass as `after` for the next page; `null` when this page reached the end.
    #[schema(required = true)]
    pub next_after: Option<i64>,
}

// ---------------------------------------------------------------------------------------------
// Queries

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ListGamesQuery {
    /// Only games in this status; default: all but `abandoned`.
    #[param(value_type = Option<GameStatus>)]
    pub status: Option<String>,
    /// Only games the caller is seated in.
    pub mine: Option<bool>,
    /// Only games awaiting the caller's decision, ordered by nearest deadline first (games
    /// without a clock last) instead of most recently updated first.
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

/// The summary when the caller may see the game; a private game they are not seated in is
/// answered as a game that does not exist (404 `game_not_found`), revealing nothing.
pub(crate) fn visible(summary: GameSummary, user: &AuthUser) -> Result<GameSummary, ApiError> {
    if summary.visible_to(user.account_id) {
        Ok(summary)
    } else {
        Err(StoreError::NotFound.into())
    }
}

/// `not_seated` would tell a stranger that a private game exists: it is `game_not_found` then.
async fn hide_private(state: &AppState, id: GameId, account: AccountId, e: ApiError) -> ApiError {
    if e.code() == ErrorCode::NotSeated.as_str()
        && let Ok(summary) = state.store.summary(id).await
        && !summary.visible_to(account)
    {
        return StoreError::NotFound.into();
    }
    e
}

fn seat_of(summary: &GameSummary, user: &AuthUser) -> Option<Seat> {
    summary.seat_of(user.account_id)
}

// ---------------------------------------------------------------------------------------------
// Lobby

/// The body of `POST /v1/games`: the game's options (RULES §2) and its visibility; every field
/// but `players` may be left out, and unknown fields are rejected.
// Documentation only: `create_game` reads the body in parts (options, visibility, bots), each
// refused with its own code.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateGameRequest {
    #[schema(minimum = 2, maximum = 5)]
    pub players: u8,
    /// Default `false` (the rulebook sets Bruce aside for first games).
    pub include_bruce: Option<bool>,
    /// Default `lowest_strength` for 2–3 players, `lowest_in_clan` for 4–5.
    pub power_rule: Option<engine::PowerRule>,
    /// Points that end the game (RULES §6.6); default 40.
    #[schema(minimum = 10, maximum = 100)]
    pub target_score: Option<u16>,
    /// Seconds each decision may take (service rules §9.4): 5 to 1209600 (14 days). Left out:
    /// 259200 (3 days); `null`: no clock. When a decision passes its deadline a bot plays it.
    #[schema(minimum = 5, maximum = 1209600, nullable = true)]
    pub turn_time_limit_s: Option<u32>,
    /// Timeouts in a row after which a seat is abandoned (treated as resigned, service rules
    /// §9.4): 1 to 10, default 3.
    #[schema(minimum = 1, maximum = 10)]
    pub max_timeouts: Option<u8>,
    /// Default `public`. A `private` game is listed and shown only to its seated players and
    /// joined only with an invitation (`POST /v1/games/{id}/invitations`).
    pub visibility: Option<Visibility>,
    /// Seats given to bots (issue 12 §3): distinct seats from 1 to `players` − 1 (the creator
    /// takes seat 0). With every other seat a bot's, the game starts at once.
    #[schema(max_items = 4)]
    pub bots: Option<Vec<CreateBotSeat>>,
}

/// A seat given to a built-in bot when the game is created: the seat (1 to `players` − 1) and
/// the bot's level.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateBotSeat {
    #[schema(minimum = 1, maximum = 4)]
    pub seat: u8,
    pub level: engine::BotLevel,
}

/// A seat given to a built-in bot.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotSeat {
    /// The seat; for `POST /v1/games/{id}/bots` it may be left out (the lowest free seat).
    #[schema(value_type = Option<u8>, minimum = 0, maximum = 4)]
    pub seat: Option<Seat>,
    pub level: engine::BotLevel,
}

fn bot_seats(value: Option<serde_json::Value>) -> Result<Vec<BotSeat>, ApiError> {
    let invalid = |detail: String| ApiError::Game(ErrorCode::InvalidBots, detail);
    match value {
        None | Some(serde_json::Value::Null) => Ok(Vec::new()),
        Some(v) => {
            let bots: Vec<BotSeat> = serde_json::from_value(v).map_err(|e| {
                invalid(format!(
                    "bots must be a list of {{\"seat\", \"level\"}} objects, level one of \
                     random, greedy, mcts: {e}"
                ))
            })?;
            if bots.iter().any(|b| b.seat.is_none()) {
                return Err(invalid("every bot at creation names its seat".into()));
            }
            Ok(bots)
        }
    }
}

/// Creates a game; the caller takes seat 0. The game starts (deals) when the last seat fills:
/// at once when every other seat is given to a bot (`bots`).
#[utoipa::path(post, path = "/v1/games", tag = "games",
    request_body = CreateGameRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Created; `Location` names the game", body = GameSummaryDto,
            headers(("Location" = String, description = "/v1/games/{id}"))),
        (status = 400, description = "`malformed_json`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`too_many_open_games`: the caller already sits in as many open (not started) games as one account may (`--max-open-games-per-account`); start or leave one first", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_options`, `invalid_player_count`, `invalid_target_score`, `invalid_turn_time_limit`, `invalid_max_timeouts`, `invalid_bots`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn create_game(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, ApiError> {
    let mut body = integral_floats_as_integers(body.into_inner());
    let visibility = match body.as_object_mut().and_then(|o| o.remove("visibility")) {
        None | Some(serde_json::Value::Null) => Visibility::Public,
        Some(v) => serde_json::from_value(v).map_err(|_| {
            ApiError::Game(
                ErrorCode::InvalidOptions,
                "visibility must be \"public\" or \"private\"".into(),
            )
        })?,
    };
    let bots = bot_seats(body.as_object_mut().and_then(|o| o.remove("bots")))?;
    let request: OptionsRequest = from_object(body, ErrorCode::InvalidOptions)?;
    let options = request.validate()?;
    let bots: Vec<(Seat, engine::BotLevel)> = bots
        .iter()
        .filter_map(|b| b.seat.map(|s| (s, b.level)))
        .collect();
    let mut rng = fresh_rng()?;
    let summary = state
        .store
        .create_game_with_bots(
            user.account_id,
            options,
            visibility,
            Some(state.config.max_open_games_per_account),
            &bots,
            &mut rng,
        )
        .await?;
    let location = format!("/v1/games/{}", summary.id);
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, location))
        .json(GameSummaryDto::from(summary)))
}

/// The optional body of `POST /v1/games/{id}/join`.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// An invitation code (`POST /v1/games/{id}/invitations`). Needed for a private game unless
    /// the caller was invited by username; when given, it must be live, also for a public game.
    #[schema(example = "Zm9yIHRoZSBCcnVjZSwgZm9yIFNjb3RsYW5kLCBmb3IgZnJlZWRvbSE")]
    pub code: Option<String>,
}

/// Takes a free seat; when it was the last one, the game starts. A public game may be joined
/// with no body. A private game needs an invitation: a `code`, or an invitation by username of
/// the caller's (then no body is needed; it is used on its own). A rematch's invitee takes the
/// seat reserved for them; anyone else takes the lowest free seat no live invitation reserves.
///
/// A wrong, expired or used-up code, and a private game joined with no invitation, get exactly
/// the answer of a game that does not exist (404 `game_not_found`). Those failures are limited
/// per client address as failed logins are (429 `rate_limited`), so codes cannot be guessed.
#[utoipa::path(post, path = "/v1/games/{id}/join", tag = "games", params(GamePath),
    request_body(content = Option<JoinRequest>, description = "Optional: an invitation code"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Seated", body = GameSummaryDto),
        (status = 400, description = "`invalid_path`, `malformed_json`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`: no such game, or a private game and a wrong, expired or used-up code or no invitation (answered as if the game did not exist)", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`already_seated`, `game_full`, `game_not_open`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_invitation`: a public game and a code that is no live invitation of it", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many failed joins from this address; see `Retry-After`", body = Problem,
            content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn join_game(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    // No body, `null` and `{}` all mean no code; a body that is only whitespace is no JSON.
    let request: JoinRequest = if body.is_empty() {
        JoinRequest::default()
    } else {
        serde_json::from_slice::<Option<JoinRequest>>(&body)
            .map_err(|e| ApiError::MalformedJson(e.to_string()))?
            .unwrap_or_default()
    };
    // Counted when it begins; only a wrong code or a hidden game stays counted. The
    // first key is forgotten on success, the second keeps every failure until it ages out, so
    // a valid code cannot wipe an address's failed guesses.
    let ip = req.peer_addr().map(|a| a.ip());
    let attempt = state
        .login_limiter
        .begin(vec![
            format!("join-ok:{}", address_key(ip)),
            format!("join:{}", address_key(ip)),
        ])
        .map_err(|retry_after| ApiError::RateLimited { retry_after })?;
    let mut rng = fresh_rng()?;
    let joined = state
        .store
        .join_game_with(
            GameId(path.id),
            user.account_id,
            request.code.as_deref(),
            &mut rng,
        )
        .await;
    match joined {
        Ok(summary) => {
            attempt.succeeded();
            Ok(HttpResponse::Ok().json(GameSummaryDto::from(summary)))
        }
        Err(e @ (StoreError::NotFound | StoreError::NoSuchInvitation)) => {
            drop(attempt); // a wrong guess: counted as a failure
            Err(e.into())
        }
        Err(e) => {
            attempt.succeeded();
            Err(e.into())
        }
    }
}

/// A seated player gives a free seat of an open game to a built-in bot (`seat`, or the lowest
/// free seat when left out). When it was the last free seat, the game starts; a bot's
/// decisions are taken by the server within about a second of becoming awaited.
#[utoipa::path(post, path = "/v1/games/{id}/bots", tag = "games", params(GamePath),
    request_body = BotSeat,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The seat is the bot's", body = GameSummaryDto),
        (status = 400, description = "`malformed_json`, `invalid_path`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`not_seated`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found` (also a private game the caller may not see)", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_open`, `game_full`, `seat_taken`", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_bots`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn add_bot(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, ApiError> {
    let id = GameId(path.id);
    let bot: BotSeat = from_object(
        integral_floats_as_integers(body.into_inner()),
        ErrorCode::InvalidBots,
    )?;
    let mut rng = fresh_rng()?;
    match state
        .store
        .add_bot(id, user.account_id, bot.level, bot.seat, &mut rng)
        .await
    {
        Ok(summary) => Ok(HttpResponse::Ok().json(GameSummaryDto::from(summary))),
        Err(e) => Err(hide_private(&state, id, user.account_id, e.into()).await),
    }
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
    let id = GameId(path.id);
    let summary = match state.store.leave_game(id, user.account_id).await {
        Ok(summary) => summary,
        Err(e) => return Err(hide_private(&state, id, user.account_id, e.into()).await),
    };
    Ok(HttpResponse::Ok().json(GameSummaryDto::from(summary)))
}

/// Lists games, most recently updated first (with `awaiting_me=true`: nearest deadline first).
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
            viewer: me,
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
#[utoipa::path(get, path = "/v1/games/{id}", tag = "games", params(GamePath, GetGameQuery,
        ("If-None-Match" = Option<String>, Header, description = "The `ETag` of a view the caller already holds, e.g. `\"42\"`: when the game is still there, the answer is 304 with no body",
            nullable = false)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's view. A long poll (`after_version`) answers as \
            soon as the version passes `after_version`; when `wait` seconds pass first (or the \
            server shuts down), it answers 200 all the same with the unchanged view: compare \
            `version` and poll again.", body = GameDto,
            headers(("ETag" = String, description = "`\"<version>\"`, or `\"<version>.<at>\"` with `at`: changes with the version"))),
        (status = 304, description = "Not modified: `If-None-Match` names the current `ETag` (also \
            the answer of a long poll that timed out on an unchanged game)",
            headers(("ETag" = String, description = "The current `ETag`"))),
        (status = 400, description = "`invalid_path`, `invalid_query`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn get_game(
    state: web::Data<AppState>,
    token: SignedToken,
    path: web::Path<GamePath>,
    query: web::Query<GetGameQuery>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let id = GameId(path.id);
    let q = query.into_inner();
    // The game now is one statement that also checks the token's account (`current`); every
    // other read checks it first.
    let user = if q.after_version.is_none() && q.at.is_none() {
        token.clone().checked_by_store()
    } else {
        token.clone().check(&state.pool).await?
    };
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
        // A game that does not exist will never pass any version: 404 now, not after `wait`;
        // so does a private game the caller may not see.
        visible(state.store.summary(id).await?, &user)?;
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
            let c = state.store.current(id, token.account_id()).await?;
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
            (loaded.summary, current, Arc::new(loaded.game), then)
        }
    };
    let summary = visible(summary, &user)?;
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
    let view = view_of(&now, then.as_ref().unwrap_or(&now), seat).map(|view| ClockedView {
        view,
        deadline: summary.deadline.filter(|_| shown == current),
    });
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
    token: SignedToken,
    path: web::Path<GamePath>,
) -> Result<HttpResponse, ApiError> {
    // One statement: the token's account, the game and its kept replay's freshness.
    let current = state
        .store
        .current(GameId(path.id), token.account_id())
        .await?;
    let user = token.checked_by_store();
    let current_summary = visible(current.summary, &user)?;
    let actions = seat_of(&current_summary, &user)
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
    request_body = Action,
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
        (status = 422, description = "The code of the broken rule (e.g. `not_your_turn`; the list is in `Problem.code`), or `invalid_action` for a body that is no action", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn submit_action(
    state: web::Data<AppState>,
    token: SignedToken,
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
    // `submit` checks the token's account exists, in the statement that reads the game.
    let account = token.account_id();
    let submitted = match state
        .store
        .submit(
            Submit {
                game_id: id,
                account,
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
        }) {
        Ok(submitted) => submitted,
        Err(e) => return Err(hide_private(&state, id, account, e).await),
    };
    if !submitted.replayed {
        state.metrics.action_applied();
    }
    let viewer = Viewer::of(&submitted.game, Some(submitted.seat));
    Ok(HttpResponse::Ok()
        .insert_header((header::ETAG, format!("\"{}\"", submitted.version)))
        .json(ActionResult {
            version: submitted.version,
            view: ClockedView {
                view: engine::view(&submitted.game, viewer),
                deadline: submitted.deadline,
            },
        }))
}

/// Resigns the caller's seat (service rules §9.3), at any time while the game is active,
/// awaited or not. A resigned seat cannot win and is ranked last; when at most one unresigned
/// seat remains the game ends at once and that seat wins, otherwise a bot plays the resigned
/// seat to the end (its first move within about a second). The stream records `seat_resigned`
/// (then `game_ended`, or the bot's moves each after a `bot_acted`). No body.
#[utoipa::path(post, path = "/v1/games/{id}/resign", tag = "games", params(GamePath),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Resigned: the version after it and the caller's view", body = ActionResult),
        (status = 400, description = "`invalid_path`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized`", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`not_seated`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found` (also a private game the caller may not see)", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`version_conflict`: other appends kept winning the race; retry", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`game_not_started` (leave an open game instead), `game_over`, `seat_resigned` (already resigned or abandoned)", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn resign(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
) -> Result<HttpResponse, ApiError> {
    let id = GameId(path.id);
    let resigned = match state.store.resign(id, user.account_id).await {
        Ok(r) => r,
        Err(e) => return Err(hide_private(&state, id, user.account_id, e.into()).await),
    };
    state.metrics.action_applied();
    let viewer = Viewer::of(&resigned.game, Some(resigned.seat));
    Ok(HttpResponse::Ok()
        .insert_header((header::ETAG, format!("\"{}\"", resigned.version)))
        .json(ActionResult {
            version: resigned.version,
            view: ClockedView {
                view: engine::view(&resigned.game, viewer),
                deadline: resigned.deadline,
            },
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
pub(crate) fn integral_floats_as_integers(mut value: serde_json::Value) -> serde_json::Value {
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
pub(crate) fn fresh_rng() -> Result<rand::rngs::StdRng, ApiError> {
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
    let summary = visible(state.store.summary(id).await?, &user)?;
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

/// `stored` as `account` may see them in the game `summary` describes (read before them):
/// redacted for its seat, or as a spectator, while the game is on; everything once it is over
/// (then also `true`). `/events` and `/stream` both show events through this.
pub(crate) fn event_dtos(
    summary: &GameSummary,
    account: crate::store::AccountId,
    stored: Vec<crate::store::StoredEvent>,
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
            event: engine::redact(&e.event, viewer),
            recorded_at: complete.then_some(e.recorded_at),
            hash: complete.then_some(e.hash),
            prev_hash: complete.then_some(e.prev_hash),
        })
        .collect();
    (events, complete)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameOptions, Viewer};
    use crate::sim::{Checks, play_random_game};

    /// What `ClockedView` wrote before it was written field by field: the view as a JSON value
    /// with `deadline` added to `awaiting`.
    fn through_value(view: &View, deadline: Option<DateTime<Utc>>) -> serde_json::Value {
        let mut v = serde_json::to_value(view).unwrap();
        if let Some(awaiting) = v.get_mut("awaiting").and_then(|a| a.as_object_mut()) {
            awaiting.insert("deadline".into(), serde_json::to_value(deadline).unwrap());
        }
        v
    }

    #[test]
    fn a_clocked_view_is_the_view_with_the_deadline_in_awaiting() {
        let deadline = Some(Utc::now());
        for (seed, players) in [(1, 2), (2, 3), (3, 5)] {
            let played = play_random_game(&GameOptions::new(players), seed, Checks::None).unwrap();
            let mut game = Game::new();
            for (i, event) in played.events.iter().enumerate() {
                game.apply(event);
                if game.status() == engine::Status::NotStarted {
                    continue;
                }
                let seat = Seat((i % usize::from(players)) as u8);
                for viewer in [Viewer::Seat(seat), Viewer::Spectator, Viewer::Everyone] {
                    let view = engine::view(&game, viewer);
                    for deadline in [None, deadline] {
                        let clocked = ClockedView {
                            view: view.clone(),
                            deadline,
                        };
                        assert_eq!(
                            serde_json::to_value(&clocked).unwrap(),
                            through_value(&view, deadline)
                        );
                    }
                }
            }
        }
    }
}
