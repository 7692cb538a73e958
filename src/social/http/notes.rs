//! Private notes on a game: `GET`/`PUT /v1/games/{id}/notes`, for each seated player alone.
//! The notes are the store's (`social::notes`); this file reads requests and writes answers.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::AuthUser;
use crate::api::responses::{
    InternalError, InvalidPath, InvalidPathOrJson, PayloadTooLarge, ServiceUnavailable,
    Unauthorized, UnsupportedMediaType,
};
use crate::api::state::AppState;
use crate::eventstore::GameId;
use crate::social::notes::{MAX_NOTE_CHARS, Note, valid_note_text};
use crate::tables::http::games::GamePath;

pub fn configure(cfg: &mut web::ServiceConfig) {
    use crate::tables::http::games::labelled_resource;
    cfg.service(
        labelled_resource("/games/{id}/notes", "/v1/games/{id}/notes")
            .route(web::get().to(get_notes))
            .route(web::put().to(put_notes)),
    );
}

/// The body of `PUT /v1/games/{id}/notes`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NotesRequest {
    /// 0 to 4000 characters (Unicode scalar values): lines separated by line feeds, tabs
    /// allowed, no other control or format character (Unicode Cc, Cf). Empty clears the notes.
    #[schema(
        max_length = 4000,
        example = "Moray kept two Highlanders.\nBruce next turn?"
    )]
    pub text: String,
}

/// The caller's private notes on a game.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Notes {
    #[schema(example = "Moray kept two Highlanders.\nBruce next turn?")]
    pub text: String,
    /// When they were last written; `null` while never written.
    #[schema(example = "2026-03-14T18:09:47.120Z")]
    pub updated_at: Option<DateTime<Utc>>,
}

impl From<Note> for Notes {
    fn from(n: Note) -> Self {
        Notes {
            text: n.text,
            updated_at: n.updated_at,
        }
    }
}

/// The caller's private notes on the game, for its seated players: each player sees only its
/// own. Empty, with `updated_at` `null`, until written. Notes are never in the game's events,
/// views, record or exports.
#[utoipa::path(get, path = "/v1/games/{id}/notes", tag = "games", params(GamePath),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's notes", body = Notes),
        InvalidPath,
        Unauthorized,
        (status = 403, description = "`not_seated`: you are not seated in this game (a spectator keeps no notes)", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found` (also a private game you may not see)", body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn get_notes(
    user: AuthUser,
    state: web::Data<AppState>,
    path: web::Path<GamePath>,
) -> Result<HttpResponse, ApiError> {
    let note = crate::social::notes::note(&state.store, user.account_id, GameId(path.id)).await?;
    Ok(HttpResponse::Ok().json(Notes::from(note)))
}

/// Replaces the caller's private notes on the game (any state: open, active or over), for its
/// seated players. Only the caller ever reads them.
#[utoipa::path(put, path = "/v1/games/{id}/notes", tag = "games", params(GamePath),
    security(("bearer" = [])),
    request_body = NotesRequest,
    responses(
        (status = 200, description = "Saved; the notes as kept", body = Notes),
        InvalidPathOrJson,
        Unauthorized,
        (status = 403, description = "`not_seated`: you are not seated in this game", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found` (also a private game you may not see)", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_note_text`: more than 4000 characters, or a control or format character other than a line feed or a tab", body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn put_notes(
    user: AuthUser,
    state: web::Data<AppState>,
    path: web::Path<GamePath>,
    body: web::Json<NotesRequest>,
) -> Result<HttpResponse, ApiError> {
    if !valid_note_text(&body.text) {
        return Err(ApiError::Game(
            ErrorCode::InvalidNoteText,
            format!(
                "a note is at most {MAX_NOTE_CHARS} characters, with no control or format \
                 character but line feeds and tabs"
            ),
        ));
    }
    let note =
        crate::social::notes::put_note(&state.store, user.account_id, GameId(path.id), &body.text)
            .await?;
    Ok(HttpResponse::Ok().json(Notes::from(note)))
}
