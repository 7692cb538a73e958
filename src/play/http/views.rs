//! The caller's view of a game (`ETag`, `?at=`, long-poll) and its legal actions.

use std::sync::Arc;
use std::time::Duration;

use actix_web::error::JsonPayloadError;
use actix_web::http::header::{self, HeaderMap};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder, web};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::api::error::ApiError;
use crate::api::extractor::SignedToken;
use crate::api::responses::{
    GameNotFound, InvalidPath, InvalidPathOrQuery, ServiceUnavailable, Unauthorized,
};
use crate::api::state::AppState;
use crate::eventstore::GameId;
use crate::play::http::view_cache;
use crate::proofs::receipt::Receipt;
use crate::tables::http::games::{GamePath, MAX_WAIT_SECONDS, invalid_query, seat_of, visible};
use crate::tables::http::representations::{ClockedView, GameDto, LegalActions};
use rules::{Game, Seat, View, Viewer};

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
        InvalidPathOrQuery,
        Unauthorized,
        GameNotFound,
        ServiceUnavailable,
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
        token.clone().check(&*state.identities).await?
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
        visible(
            crate::tables::lobby::summary(&state.store, id).await?,
            &user,
        )?;
        tokio::select! {
            _ = state.notifier.wait_past(id, after, Duration::from_secs(wait)) => {}
            _ = state.shutdown.wait() => {}
        }
    } else if q.wait.is_some() {
        return Err(invalid_query("wait needs after_version"));
    }
    // The game now needs no events (`current`); an earlier version needs the stream (`load`).
    // With it, the hash of the event at the version shown, for the caller's receipt.
    let (summary, current, now, then, head) = match q.at {
        None => {
            let c = state.store.current(id, token.account_id()).await?;
            (c.summary, c.version, c.game, None, c.head_hash)
        }
        Some(at) => {
            // Whether the caller may see the game comes first: a stranger's `at` is neither
            // checked against the version nor replayed, so a private game answers as one that
            // does not exist, in as little time.
            visible(
                crate::tables::lobby::summary(&state.store, id).await?,
                &user,
            )?;
            let loaded = state.store.load(id).await?;
            let current = loaded.version();
            if !(0..=current).contains(&at) {
                return Err(invalid_query(format!(
                    "at must be between 0 and the current version {current}"
                )));
            }
            let shown = &loaded.events[..at as usize];
            let head = crate::eventstore::stream::head_hash_of(shown)?;
            let then = (at != current).then(|| Game::replay(shown.iter().map(|e| &e.event)));
            (loaded.summary, current, Arc::new(loaded.game), then, head)
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
    // The current view without a receipt (a receipt is signed per request) is the same bytes
    // for every request of this seat while nothing it is written from changes: kept.
    let keep = q.at.is_none() && !(seat.is_some() && summary.salt.is_some());
    if keep && let Some(body) = view_cache::get(&summary, seat, current, &head) {
        return Ok(view_json(etag, body));
    }
    let written_from = view_cache::now_ms();
    let view = view_of(&now, then.as_ref().unwrap_or(&now), seat).map(|view| ClockedView {
        view,
        deadline: summary.deadline.filter(|_| shown == current),
    });
    // A seated player's receipt of the version shown (docs/audit.md, "Receipts").
    let receipt = match (seat, summary.salt, &view) {
        (Some(_), Some(salt), Some(_)) => {
            let key = crate::eventstore::server_keys::log_key(&state.log_signer, &state.pool)
                .await
                .map_err(ApiError::Unexpected)?;
            let version = u64::try_from(shown).unwrap_or(0);
            Some(Receipt::sign(key, &id.0, version, &salt, &head))
        }
        _ => None,
    };
    let kept_summary = (keep && receipt.is_none()).then(|| summary.clone());
    let dto = GameDto {
        game: summary.into(),
        your_seat: seat,
        version: shown,
        view,
        receipt,
    };
    let Some(summary) = kept_summary else {
        return Ok(view_answer(etag).json(dto));
    };
    // As `json` writes it.
    let body = match serde_json::to_vec(&dto) {
        Ok(body) => Bytes::from(body),
        Err(e) => return Ok(HttpResponse::from_error(JsonPayloadError::Serialize(e))),
    };
    let shown_view = dto.view.as_ref().map(|v| &v.view);
    view_cache::put(
        &summary,
        seat,
        current,
        &head,
        shown_view,
        written_from,
        body.clone(),
    );
    Ok(view_json(etag, body))
}

/// A view's answer with its JSON written already, as `json` answers it.
fn view_json(etag: String, body: Bytes) -> HttpResponse {
    view_answer(etag)
        .insert_header(header::ContentType::json())
        .body(body)
}

/// A view's answer but its body and its type: `ETag`, `Vary` and `Cache-Control`.
fn view_answer(etag: String) -> HttpResponseBuilder {
    let mut answer = HttpResponse::Ok();
    answer
        .insert_header((header::ETAG, etag))
        .insert_header((header::VARY, "Authorization"))
        .insert_header((header::CACHE_CONTROL, "private, no-cache"));
    answer
}

/// The view of `shown` for `seat`: the caller's own, everything if the game is over `now`.
fn view_of(now: &Game, shown: &Game, seat: Option<Seat>) -> Option<View> {
    let viewer = Viewer::of(now, seat);
    (shown.status() != rules::Status::NotStarted).then(|| rules::view(shown, viewer))
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
        InvalidPath,
        Unauthorized,
        GameNotFound,
        ServiceUnavailable,
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
        .map(|seat| rules::legal_actions(&current.game, seat))
        .unwrap_or_default();
    Ok(HttpResponse::Ok().json(LegalActions {
        version: current.version,
        actions,
    }))
}
