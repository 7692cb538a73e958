//! Documentation the document links to: the rules this server enforces (`docs/rules.md`, built
//! into the binary) and one page per problem `code`, so that every `type` URI of a problem
//! (`/problems/<code>`) resolves. Static text only: no state, no database.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use super::error::{ApiError, ErrorCode};
use crate::engine::RuleError;

/// The rules document, as committed in `docs/rules.md`.
pub const RULES_MARKDOWN: &str = include_str!("../../docs/rules.md");

/// The rules this server enforces, as Markdown: the "RULES §" of every description.
#[utoipa::path(get, path = "/docs/rules", tag = "operations",
    responses((status = 200, description = "`docs/rules.md`, the rules this server enforces",
        body = String, content_type = "text/markdown",
        example = json!("# Lords of Scotland: the rules this server enforces\n..."))))]
pub async fn rules() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/markdown; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(RULES_MARKDOWN)
}

/// The same rules in French (`docs/rules.fr.md`): the same sections and numbering.
pub const RULES_MARKDOWN_FR: &str = include_str!("../../docs/rules.fr.md");

/// The rules this server enforces, in French: `docs/rules.fr.md`, with the same sections and
/// numbering as `/docs/rules`, in the French edition's vocabulary (allié, recrue, partisan,
/// jeton Initiative).
#[utoipa::path(get, path = "/docs/rules.fr", tag = "operations",
    responses((status = 200, description = "`docs/rules.fr.md`, the rules this server enforces, in French",
        body = String, content_type = "text/markdown",
        example = json!("# Lords of Scotland : les règles appliquées par ce serveur\n..."))))]
pub async fn rules_fr() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/markdown; charset=utf-8"))
        .insert_header((header::CONTENT_LANGUAGE, "fr"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(RULES_MARKDOWN_FR)
}

/// What a problem `code` means: the page its `type` URI names.
#[utoipa::path(get, path = "/problems/{code}", tag = "operations",
    params(("code" = String, Path, description = "A problem code, e.g. `not_your_turn`", pattern = "^[a-z_]{1,64}$")),
    responses(
        (status = 200, description = "A short HTML page: the code, its status and its meaning",
            body = String, content_type = "text/html",
            example = json!("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>not_your_turn</title></head><body><h1><code>not_your_turn</code></h1><p>HTTP 422 Rule violation</p>...</body></html>")),
        (status = 404, description = "`not_found`: no such code", body = super::error::Problem,
            content_type = "application/problem+json"),
    ))]
pub async fn problem_page(code: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let code = code.into_inner();
    let (status, title, meaning) =
        if let Some(c) = ErrorCode::ALL.iter().find(|c| c.as_str() == code) {
            (c.status().as_u16(), c.title(), meaning_of(*c).to_string())
        } else if let Some(r) = RuleError::ALL.iter().find(|r| r.code() == code) {
            (
                422,
                "Rule violation",
                format!(
                    "The rules forbid the action: {r}. See the rules (/docs/rules); \
                 GET /v1/games/{{id}}/legal-actions lists what is allowed now."
                ),
            )
        } else {
            return Err(ApiError::NotFound(format!("no problem code {code:?}")));
        };
    let body = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{code}</title></head><body>\n<h1><code>{code}</code></h1>\n\
         <p>HTTP {status} {title}</p>\n<p>{meaning}</p>\n\
         <p>Problems are <code>application/problem+json</code> documents (RFC 9457): branch on \
         their <code>code</code>, never on <code>title</code> or <code>detail</code>. \
         Every code is listed in the OpenAPI document (<a href=\"/openapi.json\">/openapi.json</a>, \
         schema <code>Problem</code>).</p>\n</body></html>\n",
        meaning = html_escape(&meaning),
    );
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(body))
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// What the codes of the HTTP layer mean and what the client should do. A code missing here
/// (one added later) is described by its title.
const MEANINGS: &[(&str, &str)] = &[
    (
        "malformed_json",
        "The body is not the JSON the endpoint takes. Fix the request.",
    ),
    (
        "invalid_path",
        "A path segment does not parse (e.g. a game id that is no UUID).",
    ),
    (
        "invalid_query",
        "The query string has an unknown or out-of-range parameter.",
    ),
    (
        "unsupported_media_type",
        "Send the body as application/json.",
    ),
    (
        "unauthorized",
        "No valid bearer token: get one from POST /v1/auth/token and send it as \
         Authorization: Bearer <token>.",
    ),
    ("invalid_credentials", "The username or password is wrong."),
    ("not_found", "No resource at this path."),
    (
        "method_not_allowed",
        "The resource does not take this method; see Allow.",
    ),
    (
        "username_taken",
        "Usernames are unique ignoring case; choose another.",
    ),
    (
        "payload_too_large",
        "The body is larger than the server accepts.",
    ),
    (
        "invalid_username",
        "Usernames are 3 to 32 characters of A-Z a-z 0-9 _ -.",
    ),
    ("invalid_password", "Passwords are 8 to 128 characters."),
    (
        "rate_limited",
        "Too many failed attempts: wait Retry-After seconds.",
    ),
    (
        "internal_error",
        "The server failed; it logged the cause with the request id (X-Request-Id).",
    ),
    (
        "service_unavailable",
        "The database cannot be reached right now: retry after Retry-After seconds.",
    ),
    (
        "migrations_pending",
        "The database schema is older than the server (readiness).",
    ),
    ("bad_request", "The request could not be read."),
    (
        "invalid_action",
        "The body is not one of the documented actions.",
    ),
    (
        "invalid_options",
        "The game options are not valid (see OptionsRequest).",
    ),
    (
        "invalid_header",
        "If-Match or Idempotency-Key is not in the documented form.",
    ),
    (
        "invalid_cursor",
        "The cursor is not a next_cursor this server issued.",
    ),
    (
        "not_seated",
        "Only a player seated in the game may do this.",
    ),
    ("game_not_found", "No game with this id."),
    (
        "already_seated",
        "The caller already holds a seat in this game.",
    ),
    ("game_full", "Every seat is taken."),
    (
        "game_not_open",
        "The game has started (or was abandoned): seats no longer change.",
    ),
    ("game_not_finished", "Only a finished game can be exported."),
    (
        "idempotency_key_reused",
        "This Idempotency-Key was used before with a different action.",
    ),
    (
        "version_conflict",
        "Too many concurrent writes to the game: retry.",
    ),
    (
        "version_mismatch",
        "If-Match names a stale version: fetch the game again and decide anew.",
    ),
    (
        "invalid_refresh_token",
        "The refresh token is unknown, expired, revoked or was already used (which revokes its \
         whole session): sign in again.",
    ),
    (
        "invalid_current_password",
        "The password given to change the password or to delete the account is wrong.",
    ),
    (
        "request_timeout",
        "The request body did not arrive within the server's body timeout: send it again, whole.",
    ),
    (
        "too_many_open_games",
        "You already sit in as many open (not yet started) games as allowed: start or leave one \
         first.",
    ),
    (
        "invalid_bots",
        "The bots asked for do not fit the game: a seat out of range (the creator takes seat 0), \
         a seat given twice, or an unknown level (`random`, `greedy`, `mcts`).",
    ),
    (
        "seat_taken",
        "The seat asked for is already taken: ask for another, or for none to get the lowest \
         free seat.",
    ),
    (
        "invalid_invitation",
        "The invitation asked for cannot be made: `uses` or `expires_in_s` out of range, or the \
         username names no account that could join (unknown, deleted, or already seated).",
    ),
    (
        "invalid_webhook",
        "The webhook cannot be registered: the URL is not an absolute http(s) URL (or carries a \
         user, a password or a fragment, or is longer than 2048 bytes), or no kind is named.",
    ),
    (
        "webhook_url_forbidden",
        "The webhook URL's host is, or resolves only to, a loopback, private, link-local, \
         unique-local, metadata or otherwise non-public address that the operator has not \
         allowed (`LORDS_WEBHOOK_ALLOW`), or it does not resolve at all.",
    ),
    (
        "too_many_webhooks",
        "You already have as many webhooks as an account may (10): delete one first.",
    ),
    (
        "webhook_not_found",
        "You have no webhook with this id (it may have been deleted).",
    ),
    (
        "invalid_push_subscription",
        "The push subscription cannot be saved: its endpoint is not an absolute http(s) URL, \
         `keys.p256dh` is not a base64url P-256 public key, or `keys.auth` is not 16 bytes in \
         base64url. Send `PushSubscription.toJSON()` as the browser gives it.",
    ),
    (
        "too_many_push_subscriptions",
        "You already have as many push subscriptions as an account may (20): delete one first.",
    ),
    (
        "push_subscription_not_found",
        "You have no push subscription with this id (it may have been deleted, or the push \
         service said it expired).",
    ),
];

fn meaning_of(code: ErrorCode) -> &'static str {
    MEANINGS
        .iter()
        .find(|(c, _)| *c == code.as_str())
        .map_or(code.title(), |(_, m)| m)
}
