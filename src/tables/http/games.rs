//! Game resources: the lobby (create, join, leave, list), the caller's view (`ETag`, `?at=`,
//! long-poll), legal actions, action submission (`If-Match`, `Idempotency-Key`) and the event
//! stream as the caller may see it. A thin shell: the store decides and stores, the engine
//! projects. Nothing here reads a hidden card except through `rules::view`/`rules::redact`.

use actix_web::web;
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::extractor::AuthUser;
use crate::api::state::AppState;
use crate::eventstore::AccountId;
use crate::eventstore::GameId;
use crate::eventstore::error::StoreError;
use crate::eventstore::read_model::GameSummary;
use rules::Seat;

/// The longest a long-poll may hold a request, in seconds.
pub const MAX_WAIT_SECONDS: u64 = 60;
/// The most events one page of `/events` returns.
pub const MAX_EVENTS_PAGE: i64 = 100;
pub(crate) const MAX_IDEMPOTENCY_KEY: usize = 255;

/// `web::resource(pattern)` whose requests the access log and metrics label as `full` (the
/// pattern with its scopes' prefixes), for the hot routes: the label is kept in the resource's
/// app data, so that neither the log nor the bearer extractor walks the routes again.
pub fn labelled_resource(pattern: &'static str, full: &'static str) -> actix_web::Resource {
    debug_assert!(full.ends_with(pattern));
    web::resource(pattern).app_data(crate::api::extractor::RoutePattern(full))
}

/// A resource of the game routes (under `/v1`), labelled for the access log and metrics.
macro_rules! v1_resource {
    ($pattern:literal) => {
        crate::tables::http::games::labelled_resource($pattern, concat!("/v1", $pattern))
    };
}
pub(crate) use v1_resource;

#[derive(Debug, Deserialize, IntoParams)]
pub struct GamePath {
    /// The game's id (a UUID).
    pub id: Uuid,
}

pub(crate) fn invalid_query(detail: impl Into<String>) -> ApiError {
    ApiError::InvalidQuery(detail.into())
}

/// A body as the type it describes, read from JSON objects only: serde would also read a struct
/// or a tagged enum from an array of its fields (`[2]` as `{"players": 2}`, `["recruit", 0]` as a
/// recruit, `"target": [0, 1]` as a Follower), an encoding the API does not document. Neither
/// bodies hold an array anywhere. `code` names what the body was meant to be.
pub(crate) fn from_object<T: serde::de::DeserializeOwned>(
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
pub(crate) async fn hide_private(
    state: &AppState,
    id: GameId,
    account: AccountId,
    e: ApiError,
) -> ApiError {
    if e.code() == ErrorCode::NotSeated.as_str()
        && let Ok(summary) = crate::tables::lobby::summary(&state.store, id).await
        && !summary.visible_to(account)
    {
        return StoreError::NotFound.into();
    }
    e
}

pub(crate) fn seat_of(summary: &GameSummary, user: &AuthUser) -> Option<Seat> {
    summary.seat_of(user.account_id)
}

/// JSON Schema counts `4.0` as an integer, serde's integers do not: the document's integers are
/// accepted in either spelling.
/// Takes the boolean option `field` out of a body read in parts: `None` when absent or `null`,
/// 422 `invalid_options` when it is not `true` or `false`.
pub(crate) fn take_bool(
    body: &mut serde_json::Value,
    field: &str,
) -> Result<Option<bool>, ApiError> {
    match body.as_object_mut().and_then(|o| o.remove(field)) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::Bool(b)) => Ok(Some(b)),
        Some(_) => Err(ApiError::Game(
            ErrorCode::InvalidOptions,
            format!("{field} must be true or false"),
        )),
    }
}

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

/// A generator seeded from the operating system, for the shuffles and draws an action causes.
pub(crate) fn fresh_rng() -> Result<rand::rngs::StdRng, ApiError> {
    use rand::SeedableRng;
    rand::rngs::StdRng::try_from_rng(&mut rand::rngs::SysRng)
        .map_err(|e| ApiError::Unexpected(anyhow::anyhow!("the OS random generator failed: {e}")))
}

/// Service rules §9.9: a bot account sits only where it is invited by name or joins a game as
/// anyone may, so it never creates one (nor a rematch, which is a new game).
pub(crate) async fn refuse_bot_account(
    state: &AppState,
    account: AccountId,
) -> Result<(), ApiError> {
    if state.identities.is_bot_account(account).await? {
        return Err(ApiError::Game(
            ErrorCode::BotAccountCannotCreateGames,
            "a bot account does not create games; a person creates the game and invites it".into(),
        ));
    }
    Ok(())
}
