//! The HTTP shell: every feature's routes under one roof ([`configure`]), the OpenAPI
//! document, the middleware around every route (request ids, the access log, metrics, the
//! `/v1` rate budgets, the body checks), CORS, the web client, `/docs`, `/rules` and the
//! operational endpoints.

pub mod cors;
pub mod docs;
pub mod middleware;
pub mod openapi;
pub mod ops;
pub mod rate_limits;
pub mod rules_page;
pub mod web_client;

use actix_web::{HttpResponse, web};

use crate::api::error::ApiError;
use utoipa_swagger_ui::SwaggerUi;

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
        .service(web::resource("/docs/audit").route(web::get().to(docs::audit)))
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
        .configure(crate::accounts::http::oauth::configure)
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
    cfg.configure(crate::play::http::configure)
        .configure(crate::tables::http::configure)
        .service(
            web::resource("/accounts")
                .route(web::post().to(crate::accounts::http::accounts::create_account)),
        )
        .service(
            web::resource("/auth/token")
                .route(web::post().to(crate::accounts::http::sessions::issue_token)),
        )
        .service(
            web::resource("/auth/refresh")
                .route(web::post().to(crate::accounts::http::sessions::refresh)),
        )
        .service(
            web::resource("/auth/logout")
                .route(web::post().to(crate::accounts::http::sessions::logout)),
        )
        .service(
            web::resource("/auth/password-reset")
                .route(web::post().to(crate::accounts::http::sessions::request_password_reset)),
        )
        .service(
            web::resource("/auth/password-reset/confirm")
                .route(web::post().to(crate::accounts::http::sessions::confirm_password_reset)),
        )
        .service(
            web::resource("/me")
                .route(web::get().to(crate::accounts::http::accounts::me))
                .route(web::delete().to(crate::accounts::http::accounts::delete_me)),
        )
        .service(
            web::resource("/me/hints")
                .route(web::put().to(crate::accounts::http::accounts::put_hints)),
        )
        .service(
            web::resource("/me/email")
                .route(web::put().to(crate::accounts::http::accounts::put_email)),
        )
        .service(
            web::resource("/me/email/verify")
                .route(web::post().to(crate::accounts::http::accounts::verify_email)),
        )
        .service(
            web::resource("/me/vacation")
                .route(web::post().to(crate::tables::http::vacation::start_vacation))
                .route(web::delete().to(crate::tables::http::vacation::end_vacation)),
        )
        .service(
            web::resource("/me/password")
                .route(web::post().to(crate::accounts::http::sessions::change_password)),
        )
        .service(web::resource("/cards").route(web::get().to(crate::play::http::cards::list_cards)))
        .configure(crate::notify::streams::configure)
        .configure(crate::notify::webhooks::configure)
        .configure(crate::notify::push::configure)
        .configure(crate::notify::mail::http::configure)
        .configure(crate::tables::http::invitations::configure)
        .configure(crate::matchmaking::http::configure)
        .configure(crate::tournaments::http::configure)
        .configure(crate::social::http::chat::configure)
        .configure(crate::social::http::notes::configure)
        .configure(crate::social::http::players::configure)
        .configure(crate::transparency::http::configure)
        .configure(crate::accounts::http::oauth::configure_v1)
        .configure(crate::accounts::http::tokens::configure);
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
