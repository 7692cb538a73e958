//! The lobby: create a game (with bots), join it, give a seat to a bot, leave it, list games.

use actix_web::http::header::{self};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::AuthUser;
use crate::api::rate_limit::address_key;
use crate::api::responses::{
    GameNotFound, InvalidPath, InvalidPathOrJson, MalformedJson, NotSeated, PayloadTooLarge,
    ServiceUnavailable, Unauthorized, UnsupportedMediaType,
};
use crate::api::state::AppState;
use crate::eventstore::GameId;
use crate::eventstore::error::StoreError;
use crate::eventstore::read_model::{GameStatus, ListQuery, Visibility};
use crate::tables::http::games::{
    GamePath, fresh_rng, from_object, hide_private, integral_floats_as_integers, invalid_query,
};
use crate::tables::http::representations::{GamePage, GameSummaryDto};
use rules::{OptionsRequest, Seat};

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
    /// Only live games a spectator may watch: public and active (`status`, if given, must be
    /// `active`), the caller's private games left out too; most recently updated first.
    pub watchable: Option<bool>,
    /// Page size, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// The `next_cursor` of the previous page.
    #[param(min_length = 1)]
    pub cursor: Option<String>,
}

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
    pub power_rule: Option<rules::PowerRule>,
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
    /// Seats given to bots: distinct seats from 1 to `players` − 1 (the creator
    /// takes seat 0). With every other seat a bot's, the game starts at once.
    #[schema(max_items = 4)]
    pub bots: Option<Vec<CreateBotSeat>>,
    /// Whether the game is rated (service rules §9.7). Default: `true` when no seat is given
    /// to a bot at creation (`bots` left out or empty), `false` otherwise. A bot given a seat
    /// later (`POST /v1/games/{id}/bots`) does not change it; a bot's seat in a rated game is
    /// rated as its level's profile.
    pub rated: Option<bool>,
}

/// A seat given to a built-in bot when the game is created: the seat (1 to `players` − 1) and
/// the bot's level.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateBotSeat {
    #[schema(minimum = 1, maximum = 4)]
    pub seat: u8,
    pub level: rules::BotLevel,
}

/// A seat given to a built-in bot.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotSeat {
    /// The seat; for `POST /v1/games/{id}/bots` it may be left out (the lowest free seat).
    #[schema(value_type = Option<u8>, minimum = 0, maximum = 4)]
    pub seat: Option<Seat>,
    pub level: rules::BotLevel,
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
/// at once when every other seat is given to a bot (`bots`). A bot account creates no game
/// (service rules §9.9).
#[utoipa::path(post, path = "/v1/games", tag = "games",
    request_body = CreateGameRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Created; `Location` names the game", body = GameSummaryDto,
            headers(("Location" = String, description = "/v1/games/{id}"))),
        MalformedJson,
        Unauthorized,
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 403, description = "`bot_account_cannot_create_games`: the caller is a bot account, which sits only where it is invited by name or joins a game as anyone may (service rules §9.9)", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`too_many_open_games`: the caller already sits in as many open (not started) games as one account may (`--max-open-games-per-account`); start or leave one first. `too_many_bot_games`: with `bots`, the caller already sits in as many unfinished games with bots as one account may (`--max-bot-games-per-account`)", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_options`, `invalid_player_count`, `invalid_target_score`, `invalid_turn_time_limit`, `invalid_max_timeouts`, `invalid_bots`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn create_game(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, ApiError> {
    crate::tables::http::games::refuse_bot_account(&state, user.account_id).await?;
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
    let rated = crate::tables::http::games::take_bool(&mut body, "rated")?;
    let request: OptionsRequest = from_object(body, ErrorCode::InvalidOptions)?;
    let options = request.validate()?;
    let bots: Vec<(Seat, rules::BotLevel)> = bots
        .iter()
        .filter_map(|b| b.seat.map(|s| (s, b.level)))
        .collect();
    let mut rng = fresh_rng()?;
    let summary = crate::tables::lobby::create_game_with_bots(
        &state.store,
        user.account_id,
        options,
        visibility,
        Some(state.config.max_open_games_per_account),
        Some(state.config.lobby.max_bot_games_per_account),
        &bots,
        rated,
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
        InvalidPathOrJson,
        Unauthorized,
        (status = 404, description = "`game_not_found`: no such game, or a private game and a wrong, expired or used-up code or no invitation (answered as if the game did not exist)", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`already_seated`, `game_full`, `game_not_open`, `too_many_bot_account_games` (the caller is a bot account that already plays as many unfinished games as a bot account may, `--max-games-per-bot-account`)", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_invitation`: a public game and a code that is no live invitation of it", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        (status = 429, description = "`rate_limited`: too many failed joins from this address; see `Retry-After`", body = Problem,
            content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        ServiceUnavailable,
    ))]
pub async fn join_game(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    // No body and `{}` mean no code; a body that is only whitespace, or `null`, is not the
    // object the document describes.
    let request: JoinRequest = if body.is_empty() {
        JoinRequest::default()
    } else {
        crate::api::strict_json::object_body::<JoinRequest>(&body)
            .map_err(ApiError::MalformedJson)?
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
    let joined = crate::tables::lobby::join_game_with(
        &state.store,
        GameId(path.id),
        user.account_id,
        request.code.as_deref(),
        Some(state.config.lobby.max_games_per_bot_account),
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
/// decisions are taken by the server within about a second of becoming awaited. A seat kept
/// for an invitee (a rematch's) is not given to a bot until the invitation expires or the
/// invitee declines it (`POST /v1/me/invitations/{id}/decline`).
#[utoipa::path(post, path = "/v1/games/{id}/bots", tag = "games", params(GamePath),
    request_body = BotSeat,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The seat is the bot's", body = GameSummaryDto),
        (status = 400, description = "`malformed_json`, `invalid_path`", body = Problem, content_type = "application/problem+json"),
        Unauthorized,
        NotSeated,
        (status = 404, description = "`game_not_found` (also a private game the caller may not see)", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_open`, `game_full`, `seat_taken`, `seat_reserved` (the seat, or every free seat, is kept for an invitee), `too_many_bot_games` (the caller already sits in as many unfinished games with bots as one account may, `--max-bot-games-per-account`)", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_bots`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
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
    match crate::tables::lobby::add_bot(
        &state.store,
        id,
        user.account_id,
        bot.level,
        bot.seat,
        Some(state.config.lobby.max_bot_games_per_account),
        &mut rng,
    )
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
        InvalidPath,
        Unauthorized,
        NotSeated,
        GameNotFound,
        (status = 409, description = "`game_not_open`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn leave_game(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
) -> Result<HttpResponse, ApiError> {
    let id = GameId(path.id);
    let summary = match crate::tables::lobby::leave_game(&state.store, id, user.account_id).await {
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
        Unauthorized,
        ServiceUnavailable,
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
    let watchable = q.watchable == Some(true);
    let status = match status {
        None | Some(GameStatus::Active) if watchable => Some(GameStatus::Active),
        Some(_) if watchable => {
            return Err(invalid_query(
                "watchable games are active: leave status out or ask for active".to_string(),
            ));
        }
        status => status,
    };
    let max = state.config.max_page_size;
    let limit = q.limit.unwrap_or(20);
    if limit == 0 || limit > max {
        return Err(invalid_query(format!("limit must be between 1 and {max}")));
    }
    let me = Some(user.account_id);
    let (games, next_cursor) = crate::tables::listing::list_games(
        &state.store,
        &ListQuery {
            status,
            member: me.filter(|_| q.mine == Some(true)),
            awaiting: me.filter(|_| q.awaiting_me == Some(true)),
            limit,
            cursor: q.cursor,
            // A watchable game is public: no private game, not even the caller's.
            viewer: me.filter(|_| !watchable),
        },
    )
    .await?;
    Ok(HttpResponse::Ok().json(GamePage {
        games: games.into_iter().map(GameSummaryDto::from).collect(),
        next_cursor,
    }))
}
