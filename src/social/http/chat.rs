//! Table chat (service rules §9.8): `POST`/`GET /v1/games/{id}/chat`, reports
//! (`POST /v1/games/{id}/chat/{line}/report`) and mutes (`/v1/me/muted`). The lines, the rate,
//! the silence and the mutes are the store's (`social::chat`); this file reads requests and writes
//! answers. The live lines go out on `/v1/games/{id}/stream` as `chat` events (`streams.rs`).

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
    InternalError, InvalidPathOrJson, InvalidPathOrQuery, PayloadTooLarge, ServiceUnavailable,
    Unauthorized, UnsupportedMediaType,
};
use crate::api::state::AppState;
use crate::eventstore::GameId;
use crate::social::chat::{ChatLine, MAX_CHAT_CHARS, valid_chat_text, valid_reason};
use crate::tables::http::games::GamePath;

/// The most lines one page of `GET /v1/games/{id}/chat` returns.
pub const MAX_CHAT_PAGE: i64 = 100;

pub fn configure(cfg: &mut web::ServiceConfig) {
    use crate::tables::http::games::labelled_resource;
    cfg.service(
        labelled_resource("/games/{id}/chat", "/v1/games/{id}/chat")
            .route(web::get().to(list_chat))
            .route(web::post().to(post_chat)),
    )
    .service(
        labelled_resource(
            "/games/{id}/chat/{line}/report",
            "/v1/games/{id}/chat/{line}/report",
        )
        .route(web::post().to(report_line)),
    )
    .service(web::resource("/me/muted").route(web::get().to(list_muted)))
    .service(
        web::resource("/me/muted/{username}")
            .route(web::post().to(mute))
            .route(web::delete().to(unmute)),
    );
}

// ---------------------------------------------------------------------------------------------
// Representations

/// The body of `POST /v1/games/{id}/chat`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatRequest {
    /// 1 to 500 characters (Unicode scalar values) on one line: no control or format character
    /// (Unicode Cc, Cf), line breaks and tabs included.
    #[schema(min_length = 1, max_length = 500, example = "Well played, Bruce.")]
    pub text: String,
}

/// One line said at a table.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(as = ChatLine)]
pub struct ChatLineDto {
    /// Per game, increasing: page and resume after it.
    #[schema(minimum = 1, example = 42)]
    pub id: i64,
    /// The sender's seat.
    #[schema(minimum = 0, maximum = 4, example = 1)]
    pub seat: u8,
    /// The sender's current username (`deleted-…` once the account is deleted).
    #[schema(example = "moray")]
    pub username: String,
    #[schema(example = "Well played, Bruce.")]
    pub text: String,
    #[schema(example = "2026-03-14T18:09:47.120Z")]
    pub sent_at: DateTime<Utc>,
}

impl From<ChatLine> for ChatLineDto {
    fn from(l: ChatLine) -> Self {
        ChatLineDto {
            id: l.id,
            seat: l.seat,
            username: l.username,
            text: l.text,
            sent_at: l.sent_at,
        }
    }
}

/// A page of a table's chat, oldest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ChatPage {
    pub lines: Vec<ChatLineDto>,
    /// Pass it as `after` for the next page (and as the stream's `chat_after`): the last line's
    /// id, or the `after` asked for when the page is empty.
    #[schema(minimum = 0, example = 42)]
    pub next_after: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ChatQuery {
    /// Lines after this line id (default 0: from the first).
    #[param(minimum = 0)]
    pub after: Option<i64>,
    /// Page size, 1 to 100 (default 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct LinePath {
    /// The game's id (a UUID).
    pub id: Uuid,
    /// The line's id (`id` of the line).
    pub line: i64,
}

/// The body of `POST /v1/games/{id}/chat/{line}/report`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportRequest {
    /// Why the operator should look at the line: 1 to 500 characters.
    #[schema(min_length = 1, max_length = 500, example = "insults")]
    pub reason: String,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct UsernamePath {
    /// A username (case is ignored).
    pub username: String,
}

/// An account the caller muted.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MutedDto {
    #[schema(example = "moray")]
    pub username: String,
    #[schema(example = "2026-03-14T18:09:47.120Z")]
    pub muted_at: DateTime<Utc>,
}

/// The accounts the caller muted, by username.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MutedList {
    pub muted: Vec<MutedDto>,
}

// ---------------------------------------------------------------------------------------------
// Handlers

/// Says a line at the table (service rules §9.8), for the game's seated players once it has
/// been dealt (active or over). The other seated players receive it live (a `chat` event on
/// `/v1/games/{id}/stream`) and as a `chat` notification, unless they muted you. An account says
/// at most 10 lines a minute across its tables.
#[utoipa::path(post, path = "/v1/games/{id}/chat", tag = "chat", params(GamePath),
    security(("bearer" = [])),
    request_body = ChatRequest,
    responses(
        (status = 201, description = "Said", body = ChatLineDto),
        InvalidPathOrJson,
        Unauthorized,
        (status = 403, description = "`not_seated`: you are not seated in this game (a spectator); `chat_silenced`: the operator silenced your chat", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found` (also a private game you may not see)", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_chat_text`: not 1 to 500 characters, no visible character, or a control or format character; `game_not_started`: the table's chat opens with the deal", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`chat_rate_limited`: 10 lines within the last minute; see `Retry-After`", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds until a line may be said"))),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn post_chat(
    user: AuthUser,
    state: web::Data<AppState>,
    path: web::Path<GamePath>,
    body: web::Json<ChatRequest>,
) -> Result<HttpResponse, ApiError> {
    if !valid_chat_text(&body.text) {
        return Err(ApiError::Game(
            ErrorCode::InvalidChatText,
            format!(
                "a chat line is 1 to {MAX_CHAT_CHARS} characters on one line, with at least one \
                 visible character and no control or format character"
            ),
        ));
    }
    let line = crate::social::chat::say(&state.store, user.account_id, GameId(path.id), &body.text)
        .await?;
    Ok(HttpResponse::Created().json(ChatLineDto::from(line)))
}

/// The table's lines after the line `after`, oldest first, for the game's seated players: the
/// lines of accounts you muted are left out, old ones included. The lines returned count as
/// read (`/v1/me/stream`'s `state` counts the others' lines after the last one read).
#[utoipa::path(get, path = "/v1/games/{id}/chat", tag = "chat", params(GamePath, ChatQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of lines", body = ChatPage),
        InvalidPathOrQuery,
        Unauthorized,
        (status = 403, description = "`not_seated`: you are not seated in this game (a spectator sees no chat)", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found` (also a private game you may not see)", body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn list_chat(
    user: AuthUser,
    state: web::Data<AppState>,
    path: web::Path<GamePath>,
    query: web::Query<ChatQuery>,
) -> Result<HttpResponse, ApiError> {
    let after = query.after.unwrap_or(0);
    let limit = query.limit.unwrap_or(MAX_CHAT_PAGE);
    if after < 0 {
        return Err(ApiError::InvalidQuery("after must be 0 or more".into()));
    }
    if !(1..=MAX_CHAT_PAGE).contains(&limit) {
        return Err(ApiError::InvalidQuery(format!(
            "limit must be between 1 and {MAX_CHAT_PAGE}"
        )));
    }
    let lines = crate::social::chat::chat_lines(
        &state.store,
        user.account_id,
        GameId(path.id),
        after,
        limit,
    )
    .await?;
    let next_after = lines.last().map_or(after, |l| l.id);
    if !lines.is_empty() {
        // What the caller was shown is read (`/v1/me/stream`'s `state` counts the rest).
        crate::social::chat::mark_read(&state.store, user.account_id, GameId(path.id), next_after)
            .await?;
    }
    Ok(HttpResponse::Ok().json(ChatPage {
        lines: lines.into_iter().map(ChatLineDto::from).collect(),
        next_after,
    }))
}

/// Reports a line to the operator (service rules §9.8), as one of the game's seated players.
/// Reporting the same line again changes nothing.
#[utoipa::path(post, path = "/v1/games/{id}/chat/{line}/report", tag = "chat", params(LinePath),
    security(("bearer" = [])),
    request_body = ReportRequest,
    responses(
        (status = 204, description = "Reported"),
        InvalidPathOrJson,
        Unauthorized,
        (status = 403, description = "`not_seated`: you are not seated in this game", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found` (also a private game you may not see); `chat_line_not_found`: the table has no such line", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_report`: the reason is not 1 to 500 characters", body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn report_line(
    user: AuthUser,
    state: web::Data<AppState>,
    path: web::Path<LinePath>,
    body: web::Json<ReportRequest>,
) -> Result<HttpResponse, ApiError> {
    if !valid_reason(&body.reason) {
        return Err(ApiError::Game(
            ErrorCode::InvalidReport,
            "a report's reason is 1 to 500 characters".into(),
        ));
    }
    crate::social::chat::report_line(
        &state.store,
        user.account_id,
        GameId(path.id),
        path.line,
        &body.reason,
    )
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The accounts you muted.
#[utoipa::path(get, path = "/v1/me/muted", tag = "chat",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Your mutes", body = MutedList),
        Unauthorized,
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn list_muted(
    user: AuthUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let muted = crate::social::chat::muted(&state.store, user.account_id).await?;
    Ok(HttpResponse::Ok().json(MutedList {
        muted: muted
            .into_iter()
            .map(|m| MutedDto {
                username: m.username,
                muted_at: m.muted_at,
            })
            .collect(),
    }))
}

/// Mutes an account: its lines, old and new, are never shown or sent to you (pages, streams,
/// notifications). Muting it again changes nothing.
#[utoipa::path(post, path = "/v1/me/muted/{username}", tag = "chat", params(UsernamePath),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Muted"),
        Unauthorized,
        (status = 404, description = "`player_not_found`: no account has this username", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`cannot_mute_yourself`", body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn mute(
    user: AuthUser,
    state: web::Data<AppState>,
    path: web::Path<UsernamePath>,
) -> Result<HttpResponse, ApiError> {
    crate::social::chat::mute(&state.store, user.account_id, &path.username).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// Unmutes an account: its lines show again, old ones included. Unmuting an account you had not
/// muted changes nothing (204 too); a deleted account is named by its `deleted-…` name.
#[utoipa::path(delete, path = "/v1/me/muted/{username}", tag = "chat", params(UsernamePath),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Not muted (any more)"),
        Unauthorized,
        (status = 404, description = "`player_not_found`: no account has this username", body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn unmute(
    user: AuthUser,
    state: web::Data<AppState>,
    path: web::Path<UsernamePath>,
) -> Result<HttpResponse, ApiError> {
    crate::social::chat::unmute(&state.store, user.account_id, &path.username).await?;
    Ok(HttpResponse::NoContent().finish())
}
