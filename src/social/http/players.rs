//! Players as everyone sees them: `GET /v1/players/{username}` (the profile),
//! `/v1/players/{username}/games` (the archive of finished games),
//! `/v1/players/{username}/rating-history` and `GET /v1/leaderboard`. No sign-in is needed; a
//! signed-in caller also sees the private games they sat in. The reads are the store's
//! (`social::players`); this file only reads requests and writes answers.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::MaybeAuthUser;
use crate::api::responses::{ServiceUnavailable, Unauthorized};
use crate::api::state::AppState;
use crate::social::players::{
    ArchiveQuery, ArchivedGame, LeaderboardEntry, Profile, RatingHistoryEntry,
};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/players/{username}").route(web::get().to(get_player)))
        .service(web::resource("/players/{username}/games").route(web::get().to(player_games)))
        .service(
            web::resource("/players/{username}/rating-history")
                .route(web::get().to(rating_history)),
        )
        .service(web::resource("/leaderboard").route(web::get().to(leaderboard)));
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct PlayerPath {
    /// The player's username, in any case; a built-in bot's profile is its level (`random`,
    /// `greedy`, `mcts`).
    pub username: String,
}

fn not_found(username: &str) -> ApiError {
    ApiError::Game(
        ErrorCode::PlayerNotFound,
        format!("no player is called {username:?}"),
    )
}

fn invalid_query(detail: impl Into<String>) -> ApiError {
    ApiError::InvalidQuery(detail.into())
}

fn page_limit(state: &AppState, limit: Option<u32>) -> Result<u32, ApiError> {
    let max = state.config.max_page_size;
    let limit = limit.unwrap_or(20);
    if limit == 0 || limit > max {
        return Err(invalid_query(format!("limit must be between 1 and {max}")));
    }
    Ok(limit)
}

/// A player's profile: when they joined, their finished games and wins, their rating.
#[utoipa::path(get, path = "/v1/players/{username}", tag = "players", params(PlayerPath),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The profile", body = Profile),
        (status = 404, description = "`player_not_found`: no live account has this username", body = Problem, content_type = "application/problem+json"),
        Unauthorized,
        ServiceUnavailable,
    ))]
pub async fn get_player(
    state: web::Data<AppState>,
    _user: MaybeAuthUser,
    path: web::Path<PlayerPath>,
) -> Result<HttpResponse, ApiError> {
    match crate::social::players::profile(&state.store, &path.username).await? {
        Some(profile) => Ok(HttpResponse::Ok().json(profile)),
        None => Err(not_found(&path.username)),
    }
}

/// Which games the archive lists: finished ones (the only choice).
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ArchiveStatus {
    Finished,
}

/// Games the player won (among the winners) or did not.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ArchiveResult {
    Won,
    Lost,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct PlayerGamesQuery {
    /// Only `finished` (the default): the archive lists finished games.
    pub status: Option<ArchiveStatus>,
    /// Only games this other player (a username, any case) sat in too; a username nobody has
    /// matches no game.
    #[param(min_length = 1)]
    pub opponent: Option<String>,
    /// Only games the player won (`won`: among the winners) or did not (`lost`).
    pub result: Option<ArchiveResult>,
    /// Page size, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// The `next_cursor` of the previous page.
    #[param(min_length = 1)]
    pub cursor: Option<String>,
}

/// A page of a player's finished games.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlayerGamesPage {
    pub games: Vec<ArchivedGame>,
    /// The cursor of the next page; `null` on the last page.
    pub next_cursor: Option<String>,
}

/// A player's finished games, newest first: seats, scores, places, ranking and rating changes.
/// Public games are listed to everyone, private ones only to the players seated in them. Pages
/// are stable: games that finish meanwhile come before the first page, never inside a later one.
#[utoipa::path(get, path = "/v1/players/{username}/games", tag = "players",
    params(PlayerPath, PlayerGamesQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "A page of finished games", body = PlayerGamesPage),
        (status = 400, description = "`invalid_path`, `invalid_query`, `invalid_cursor`", body = Problem, content_type = "application/problem+json"),
        Unauthorized,
        (status = 404, description = "`player_not_found`: no live account has this username", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn player_games(
    state: web::Data<AppState>,
    user: MaybeAuthUser,
    path: web::Path<PlayerPath>,
    query: web::Query<PlayerGamesQuery>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    if q.opponent.as_deref() == Some("") {
        return Err(invalid_query("opponent is a username, not empty"));
    }
    // `status` has one value, `finished`, the default: read, it changes nothing.
    let won = q.result.map(|r| matches!(r, ArchiveResult::Won));
    let limit = page_limit(&state, q.limit)?;
    let query = ArchiveQuery {
        opponent: q.opponent,
        won,
        limit,
        cursor: q.cursor,
        viewer: user.0.map(|u| u.account_id),
    };
    match crate::social::players::archive(&state.store, &path.username, &query).await? {
        Some((games, next_cursor)) => {
            Ok(HttpResponse::Ok().json(PlayerGamesPage { games, next_cursor }))
        }
        None => Err(not_found(&path.username)),
    }
}

/// A player's rating history.
#[derive(Debug, Serialize, ToSchema)]
pub struct RatingHistory {
    /// One entry per rated game, oldest first; none for the starting rating.
    pub entries: Vec<RatingHistoryEntry>,
}

/// A player's rating after each rated game, oldest first (the starting rating, 1500, has no
/// entry). A private game the caller did not sit in keeps its place in the history, without
/// its id.
#[utoipa::path(get, path = "/v1/players/{username}/rating-history", tag = "players",
    params(PlayerPath),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The rating history", body = RatingHistory),
        Unauthorized,
        (status = 404, description = "`player_not_found`: no live account has this username", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn rating_history(
    state: web::Data<AppState>,
    user: MaybeAuthUser,
    path: web::Path<PlayerPath>,
) -> Result<HttpResponse, ApiError> {
    let viewer = user.0.map(|u| u.account_id);
    match crate::social::players::rating_history(&state.store, &path.username, viewer).await? {
        Some(entries) => Ok(HttpResponse::Ok().json(RatingHistory { entries })),
        None => Err(not_found(&path.username)),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct LeaderboardQuery {
    /// Page size, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// The `next_cursor` of the previous page.
    #[param(min_length = 1)]
    pub cursor: Option<String>,
}

/// A page of the leaderboard.
#[derive(Debug, Serialize, ToSchema)]
pub struct LeaderboardPage {
    pub players: Vec<LeaderboardEntry>,
    /// The cursor of the next page; `null` on the last page.
    pub next_cursor: Option<String>,
}

/// The players with a settled rating (10 rated games or more), highest displayed rating first;
/// the built-in bots' profiles are among them (`bot: true`), deleted accounts are not. Equal
/// ratings share a rank.
#[utoipa::path(get, path = "/v1/leaderboard", tag = "players", params(LeaderboardQuery),
    responses(
        (status = 200, description = "A page of the leaderboard", body = LeaderboardPage),
        (status = 400, description = "`invalid_query`, `invalid_cursor`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn leaderboard(
    state: web::Data<AppState>,
    query: web::Query<LeaderboardQuery>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let limit = page_limit(&state, q.limit)?;
    let (players, next_cursor) =
        crate::social::players::leaderboard(&state.store, limit, q.cursor.as_deref()).await?;
    Ok(HttpResponse::Ok().json(LeaderboardPage {
        players,
        next_cursor,
    }))
}
