//! Submitting an action (`If-Match`, `Idempotency-Key`) and resigning.

use actix_web::http::header::{self, HeaderMap, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};

use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::{AuthUser, SignedToken};
use crate::api::responses::{
    GameNotFound, InvalidPath, NotSeated, PayloadTooLarge, ServiceUnavailable, Unauthorized,
    UnsupportedMediaType,
};
use crate::api::state::AppState;
use crate::eventstore::GameId;
use crate::play::actions::Submit;
use crate::tables::http::games::{
    GamePath, MAX_IDEMPOTENCY_KEY, fresh_rng, from_object, hide_private,
    integral_floats_as_integers,
};
use crate::tables::http::representations::{ActionResult, ClockedView};
use rules::{Action, Viewer};

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
        Unauthorized,
        NotSeated,
        GameNotFound,
        (status = 409, description = "`idempotency_key_reused`, `version_conflict` (the race was lost too many times; retry)", body = Problem, content_type = "application/problem+json"),
        (status = 412, description = "`version_mismatch`: `If-Match` names a stale version", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "The code of the broken rule (e.g. `not_your_turn`; the list is in `Problem.code`), or `invalid_action` for a body that is no action", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
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
    let request_hash = crate::eventstore::chain::request_hash(&action);
    let mut rng = fresh_rng()?;
    // `submit` checks the token's account exists, in the statement that reads the game.
    let account = token.account_id();
    let submitted = match crate::play::actions::submit(
        &state.store,
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
        (crate::eventstore::error::StoreError::VersionConflict { expected, actual }, Some(_)) => {
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
                view: rules::view(&submitted.game, viewer),
                deadline: submitted.deadline,
            },
            receipt: submitted.receipt,
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
        InvalidPath,
        Unauthorized,
        NotSeated,
        (status = 404, description = "`game_not_found` (also a private game the caller may not see)", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`version_conflict`: other appends kept winning the race; retry", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`game_not_started` (leave an open game instead), `game_over`, `seat_resigned` (already resigned or abandoned)", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn resign(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
) -> Result<HttpResponse, ApiError> {
    let id = GameId(path.id);
    let resigned = match crate::play::clock::resign(&state.store, id, user.account_id).await {
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
                view: rules::view(&resigned.game, viewer),
                deadline: resigned.deadline,
            },
            receipt: resigned.receipt,
        }))
}

/// An action body, exactly: serde lets unknown fields through beside the tag of a variant
/// without fields (`{"type": "pass", "seat": 1}`), so every field sent must be one the action
/// has (the document closes every action with `additionalProperties: false`).
fn parse_action(body: serde_json::Value) -> Result<Action, ApiError> {
    let body = integral_floats_as_integers(body);
    // serde refuses a field unknown to an action with fields (`deny_unknown_fields`), but lets
    // a unit variant of a tagged enum (`pass`) take any: its first field but `type` is kept
    // for that case, and the body is read into the action without a copy or a serialisation.
    let extra = match &body {
        serde_json::Value::Object(sent) => sent.keys().find(|k| *k != "type").cloned(),
        _ => None,
    };
    let action: Action = from_object(body, ErrorCode::InvalidAction)?;
    if let (Action::Pass, Some(field)) = (action, extra) {
        return Err(ApiError::Game(
            ErrorCode::InvalidAction,
            format!("unknown field `{field}` for a {} action", action.name()),
        ));
    }
    Ok(action)
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
