//! The HTTP API: handlers by resource, problem+json errors, the OpenAPI document, and the
//! middleware around every route. Routes are registered by [`configure`].

pub mod accounts;
pub mod cards;
pub mod chat;
pub mod cors;
pub mod docs;
pub mod error;
pub mod games;
pub mod i18n;
pub mod mail;
pub mod middleware;
pub mod oauth;
pub mod openapi;
pub mod ops;
pub mod players;
pub mod push;
pub mod rate_limits;
pub mod responses;
pub mod rules_page;
pub mod scopes;
pub mod sessions;
mod state;
pub mod streams;
pub mod strict_json;
pub mod text_guard;
pub mod tokens;
pub mod transparency;
pub mod vacation;
/// `web.rs`: named apart from `actix_web::web`, which every route here uses.
#[path = "web.rs"]
pub mod web_client;
pub mod webhooks;

use actix_web::{HttpResponse, web};
use utoipa_swagger_ui::SwaggerUi;

pub use error::{ApiError, ErrorCode, Problem};
pub use state::AppState;

/// Every route of the application but `/metrics` (see [`configure_metrics`]). Game routes go
/// into [`configure_v1`].
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/healthz").route(web::get().to(ops::healthz)))
        .service(web::resource("/readyz").route(web::get().to(ops::readyz)))
        // Every `/v1` answer carries the rate-limit headers (`rate_limits::limit`, around the
        // whole app so that the body checks' answers carry them too); over budget, 429.
        .service(web::scope("/v1").configure(configure_v1))
        .service(web::resource("/docs").route(web::get().to(docs_redirect)))
        // Before Swagger UI, which answers every other path under /docs/.
        .service(web::resource("/docs/rules").route(web::get().to(docs::rules)))
        .service(web::resource("/docs/rules.fr").route(web::get().to(docs::rules_fr)))
        .service(web::resource("/problems/{code}").route(web::get().to(docs::problem_page)))
        .service(
            SwaggerUi::new("/docs/{_:.*}")
                .external_url_unchecked("/openapi.json", openapi::document()),
        )
        // Swagger UI answers GET only and lets other methods fall through to 404.
        .service(web::resource(["/docs/{_:.*}", "/openapi.json"]).to(get_only))
        // The rules for players: `/rules`, `/rules/fr`.
        .configure(rules_page::configure)
        // The OAuth authorization server: its metadata, token and revocation endpoints.
        .configure(oauth::configure)
        // The web client: `/`, `/sw.js`, `/manifest.webmanifest`, `/static/...`.
        .configure(web_client::configure);
}

/// `/metrics`: on the API's port, or alone on `--metrics-listen`.
pub fn configure_metrics(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/metrics").route(web::get().to(ops::metrics)));
}

/// The routes under `/v1`.
pub fn configure_v1(cfg: &mut web::ServiceConfig) {
    // The game routes first: a request walks the resources in order, and theirs (views, legal
    // actions, actions) are most of the traffic. No pattern here overlaps another, so the
    // order decides nothing else.
    cfg.configure(games::configure)
        .service(web::resource("/accounts").route(web::post().to(accounts::create_account)))
        .service(web::resource("/auth/token").route(web::post().to(sessions::issue_token)))
        .service(web::resource("/auth/refresh").route(web::post().to(sessions::refresh)))
        .service(web::resource("/auth/logout").route(web::post().to(sessions::logout)))
        .service(
            web::resource("/auth/password-reset")
                .route(web::post().to(sessions::request_password_reset)),
        )
        .service(
            web::resource("/auth/password-reset/confirm")
                .route(web::post().to(sessions::confirm_password_reset)),
        )
        .service(
            web::resource("/me")
                .route(web::get().to(accounts::me))
                .route(web::delete().to(accounts::delete_me)),
        )
        .service(web::resource("/me/hints").route(web::put().to(accounts::put_hints)))
        .service(web::resource("/me/email").route(web::put().to(accounts::put_email)))
        .service(web::resource("/me/email/verify").route(web::post().to(accounts::verify_email)))
        .service(
            web::resource("/me/vacation")
                .route(web::post().to(vacation::start_vacation))
                .route(web::delete().to(vacation::end_vacation)),
        )
        .service(web::resource("/me/password").route(web::post().to(sessions::change_password)))
        .service(web::resource("/cards").route(web::get().to(cards::list_cards)))
        .configure(streams::configure)
        .configure(webhooks::configure)
        .configure(push::configure)
        .configure(mail::configure)
        .configure(games::invitations::configure)
        .configure(chat::configure)
        .configure(players::configure)
        .configure(transparency::configure)
        .configure(oauth::configure_v1)
        .configure(tokens::configure);
}

/// `/docs` → `/docs/` (Swagger UI resolves its assets relative to the slash).
async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((actix_web::http::header::LOCATION, "/docs/"))
        .finish()
}

/// 405 with `Allow: GET`, for the methods Swagger UI's resources (matched first) pass over.
async fn get_only() -> HttpResponse {
    use actix_web::ResponseError;
    use actix_web::http::header::{ALLOW, HeaderValue};
    let mut res = ApiError::MethodNotAllowed.error_response();
    res.headers_mut()
        .insert(ALLOW, HeaderValue::from_static("GET"));
    res
}

/// The app's default service: 404 `not_found` problem+json.
pub async fn not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound("no resource at this path".into()))
}
