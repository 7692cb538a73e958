//! Seeks: `POST /v1/seeks`, `POST /v1/seeks/quick`, `GET /v1/seeks`, `GET /v1/me/seeks`,
//! `DELETE /v1/seeks/{id}`. A thin shell over `matchmaking::seeks`.

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::AuthUser;
use crate::api::responses::{
    InvalidPath, MalformedJson, PayloadTooLarge, ServiceUnavailable, Unauthorized,
    UnsupportedMediaType,
};
use crate::api::state::AppState;
use crate::matchmaking::seeks::{self, NewSeek, Seek};
use crate::tables::http::games::{fresh_rng, from_object, integral_floats_as_integers, take_bool};
use rules::{GameOptions, OptionsRequest, PowerRule};

/// An open request to play (service rules §9.10): the game's options, whom it admits, and
/// when it was made.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SeekDto {
    pub id: Uuid,
    /// Who seeks.
    #[schema(example = "ailsa")]
    pub username: String,
    /// Whether the seeker is a bot account (service rules §9.9).
    pub bot_account: bool,
    /// The seeker's displayed rating (service rules §9.7).
    #[schema(example = 1500)]
    pub rating: i32,
    /// Fewer than 10 rated games behind the rating.
    pub provisional: bool,
    #[schema(minimum = 2, maximum = 5)]
    pub players: u8,
    /// Whether the game will be rated (service rules §9.7).
    pub rated: bool,
    /// Whether bot accounts may sit at the game.
    pub bots: bool,
    pub include_bruce: bool,
    pub power_rule: PowerRule,
    #[schema(minimum = 10, maximum = 100)]
    pub target_score: u16,
    /// Seconds per decision; `null`: no clock.
    #[schema(required = true, minimum = 5, maximum = 1209600)]
    pub turn_time_limit_s: Option<u32>,
    #[schema(minimum = 1, maximum = 10)]
    pub max_timeouts: u8,
    /// The lowest rating the seeker admits; `null`: any.
    #[schema(required = true)]
    pub rating_min: Option<i32>,
    /// The highest rating the seeker admits; `null`: any.
    #[schema(required = true)]
    pub rating_max: Option<i32>,
    pub created_at: DateTime<Utc>,
    /// When it expires unpaired (`--seek-days` after it was made).
    pub expires_at: DateTime<Utc>,
    /// Seconds since it was made.
    #[schema(example = 3600)]
    pub age_s: i64,
    /// The game it paired into; `null` while it is open. The answer to the seek that completed
    /// a table names the game at once.
    #[schema(required = true)]
    pub game_id: Option<Uuid>,
}

impl From<Seek> for SeekDto {
    fn from(s: Seek) -> Self {
        let o = s.options;
        SeekDto {
            id: s.id,
            username: s.username,
            bot_account: s.bot_account,
            rating: s.rating,
            provisional: s.provisional,
            players: o.players,
            rated: s.rated,
            bots: s.bots,
            include_bruce: o.include_bruce,
            power_rule: o.power_rule,
            target_score: o.target_score,
            turn_time_limit_s: o.turn_time_limit_s,
            max_timeouts: o.max_timeouts,
            rating_min: s.rating_min,
            rating_max: s.rating_max,
            age_s: (Utc::now() - s.created_at).num_seconds().max(0),
            created_at: s.created_at,
            expires_at: s.expires_at,
            game_id: s.game.map(|g| g.0),
        }
    }
}

/// What to seek: a game's options (as `POST /v1/games` takes them), whether it is rated, and
/// whom it admits. Unknown fields are refused.
// Documentation only: `create_seek` reads the body in parts, as `create_game` does.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct SeekRequest {
    #[schema(minimum = 2, maximum = 5)]
    pub players: u8,
    /// Default `true`.
    pub rated: Option<bool>,
    /// Whether bot accounts may sit at the game. Default: `false` for a rated seek, `true`
    /// otherwise. A bot account's seek must allow them.
    pub bots: Option<bool>,
    /// Default `false`.
    pub include_bruce: Option<bool>,
    /// Default `lowest_strength` for 2–3 players, `lowest_in_clan` for 4–5.
    pub power_rule: Option<PowerRule>,
    /// Default 40.
    #[schema(minimum = 10, maximum = 100)]
    pub target_score: Option<u16>,
    /// Seconds per decision, 5 to 1209600. Left out: 259200 (3 days); `null`: no clock.
    #[schema(minimum = 5, maximum = 1209600, nullable = true)]
    pub turn_time_limit_s: Option<u32>,
    /// Default 3.
    #[schema(minimum = 1, maximum = 10)]
    pub max_timeouts: Option<u8>,
    /// Admit only opponents rated at least this (service rules §9.7's displayed rating), 0 to
    /// 10000.
    #[schema(minimum = 0, maximum = 10000)]
    pub rating_min: Option<i32>,
    /// Admit only opponents rated at most this, 0 to 10000 and not below `rating_min`.
    #[schema(minimum = 0, maximum = 10000)]
    pub rating_max: Option<i32>,
}

/// Quick play: a seek with the house's options.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuickSeekRequest {
    #[schema(minimum = 2, maximum = 5)]
    pub players: u8,
}

/// A page of open seeks, oldest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct SeekPage {
    pub seeks: Vec<SeekDto>,
    /// Pass as `cursor` for the next page; `null` on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// The caller's open seeks, oldest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MySeeks {
    pub seeks: Vec<SeekDto>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct SeeksQuery {
    /// Page size, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// The `next_cursor` of the previous page.
    #[param(min_length = 1)]
    pub cursor: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct SeekPath {
    /// The seek's id.
    pub id: Uuid,
}

fn invalid_seek(detail: impl Into<String>) -> ApiError {
    ApiError::Game(ErrorCode::InvalidSeek, detail.into())
}

/// Takes `field` out of the body: `None` when absent or `null`.
fn take(body: &mut serde_json::Value, field: &str) -> Option<serde_json::Value> {
    body.as_object_mut()
        .and_then(|o| o.remove(field))
        .filter(|v| !v.is_null())
}

fn rating(v: Option<serde_json::Value>, field: &str) -> Result<Option<i32>, ApiError> {
    match v {
        None => Ok(None),
        Some(v) => v
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .filter(|n| (0..=10_000).contains(n))
            .map(Some)
            .ok_or_else(|| invalid_seek(format!("{field} must be a whole number, 0 to 10000"))),
    }
}

/// Reads a seek's body: `POST /v1/games`'s options, `rated`, `bots` and the rating range.
fn seek_of(body: serde_json::Value) -> Result<NewSeek, ApiError> {
    let mut body = integral_floats_as_integers(body);
    if !body.is_object() {
        return Err(ApiError::MalformedJson(
            "the body must be a JSON object".into(),
        ));
    }
    let rated = take_bool(&mut body, "rated")?.unwrap_or(true);
    let bots = take_bool(&mut body, "bots")?.unwrap_or(!rated);
    let rating_min = rating(take(&mut body, "rating_min"), "rating_min")?;
    let rating_max = rating(take(&mut body, "rating_max"), "rating_max")?;
    let request: OptionsRequest = from_object(body, ErrorCode::InvalidOptions)?;
    Ok(NewSeek {
        options: request.validate()?,
        rated,
        bots,
        rating_min,
        rating_max,
    })
}

async fn seek(state: &AppState, user: &AuthUser, new: NewSeek) -> Result<HttpResponse, ApiError> {
    let mut rng = fresh_rng()?;
    let days = i64::from(state.config.lobby.seek_days);
    let made = seeks::create(
        &state.store,
        user.account_id,
        new,
        chrono::Duration::days(days),
        Some(state.config.lobby.max_games_per_bot_account),
        &mut rng,
    )
    .await?;
    let location = format!("/v1/seeks/{}", made.id);
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, location))
        .json(SeekDto::from(made)))
}

/// Seeks a game (service rules §9.10): open to all for `--seek-days` (default 7), it pairs as
/// soon as `players` compatible seeks exist (the same options and `rated`; each player's rating
/// inside every other's range; bot accounts only where every seek allows them). The game is
/// then created with the players seated in random order, their seeks consumed and each told
/// (`seek_matched` on `/v1/me/stream`, webhooks, Web Push and mail, as their settings say);
/// the oldest seeks pair first. The answer of the seek that completed a table names its game
/// (`game_id`). A seek is dropped when its owner starts a vacation or is deleted.
#[utoipa::path(post, path = "/v1/seeks", tag = "matchmaking",
    request_body = SeekRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Made (and paired when `game_id` is set); `Location` names it", body = SeekDto,
            headers(("Location" = String, description = "/v1/seeks/{id}"))),
        MalformedJson,
        Unauthorized,
        (status = 409, description = "`too_many_seeks`: the caller already has 3 open seeks. `vacation_in_progress`: the caller is on vacation. `too_many_bot_account_games`: the caller is a bot account that already plays as many unfinished games as a bot account may (`--max-games-per-bot-account`)", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_options`, `invalid_player_count`, `invalid_target_score`, `invalid_turn_time_limit`, `invalid_max_timeouts`; `invalid_seek`: a rating range upside down, or a bot account's seek with `bots: false`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn create_seek(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, ApiError> {
    let new = seek_of(body.into_inner())?;
    seek(&state, &user, new).await
}

/// Quick play: seeks with the house's options (rated, 3 days per decision, the base rules, no
/// bot accounts) and answers as `POST /v1/seeks` does.
#[utoipa::path(post, path = "/v1/seeks/quick", tag = "matchmaking",
    request_body = QuickSeekRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Made (and paired when `game_id` is set)", body = SeekDto,
            headers(("Location" = String, description = "/v1/seeks/{id}"))),
        MalformedJson,
        Unauthorized,
        (status = 409, description = "`too_many_seeks`, `vacation_in_progress`, `too_many_bot_account_games`", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_player_count`; `invalid_seek`: the caller is a bot account (quick play admits none)", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn quick_seek(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, ApiError> {
    let request: QuickSeekRequest =
        serde_json::from_value(integral_floats_as_integers(body.into_inner()))
            .map_err(|e| ApiError::MalformedJson(e.to_string()))?;
    let players = request.players;
    // The rulebook's defaults for `players` and the house clock (3 days per decision).
    let options: GameOptions = OptionsRequest::new(players).validate()?;
    let new = NewSeek {
        options,
        rated: true,
        bots: false,
        rating_min: None,
        rating_max: None,
    };
    seek(&state, &user, new).await
}

/// The open seeks of everyone, oldest first, in pages. Public: no token needed.
#[utoipa::path(get, path = "/v1/seeks", tag = "matchmaking", params(SeeksQuery),
    responses(
        (status = 200, description = "A page of open seeks", body = SeekPage),
        (status = 400, description = "`invalid_query`, `invalid_cursor`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn list_seeks(
    state: web::Data<AppState>,
    query: web::Query<SeeksQuery>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let max = state.config.max_page_size;
    let limit = q.limit.unwrap_or(20);
    if limit == 0 || limit > max {
        return Err(ApiError::InvalidQuery(format!(
            "limit must be between 1 and {max}"
        )));
    }
    let page = seeks::list(&state.store, limit, q.cursor.as_deref()).await?;
    Ok(HttpResponse::Ok().json(SeekPage {
        seeks: page.seeks.into_iter().map(SeekDto::from).collect(),
        next_cursor: page.next_cursor,
    }))
}

/// The caller's open seeks (at most 3), oldest first.
#[utoipa::path(get, path = "/v1/me/seeks", tag = "matchmaking",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's open seeks", body = MySeeks),
        Unauthorized,
        ServiceUnavailable,
    ))]
pub async fn my_seeks(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<HttpResponse, ApiError> {
    let mine = seeks::of_account(&state.store, user.account_id).await?;
    Ok(HttpResponse::Ok().json(MySeeks {
        seeks: mine.into_iter().map(SeekDto::from).collect(),
    }))
}

/// Cancels one of the caller's open seeks.
#[utoipa::path(delete, path = "/v1/seeks/{id}", tag = "matchmaking", params(SeekPath),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Cancelled"),
        InvalidPath,
        Unauthorized,
        (status = 404, description = "`seek_not_found`: the caller has no open seek with this id (it paired, expired, was cancelled or dropped, or it is someone else's)", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn cancel_seek(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<SeekPath>,
) -> Result<HttpResponse, ApiError> {
    seeks::cancel(&state.store, user.account_id, path.id).await?;
    Ok(HttpResponse::NoContent().finish())
}
