//! The HTTP API: handlers by resource, problem+json errors, the OpenAPI document, and the
//! middleware around every route. Routes are registered by [`configure`].

pub mod accounts;
pub mod cards;
pub mod error;
pub mod games;
pub mod middleware;
pub mod openapi;
pub mod ops;
pub mod schema;

use actix_web::{HttpResponse, web};
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

pub use error::{ApiError, ErrorCode, Problem};

/// Every route of the application. Game routes go into [`configure_v1`].
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/healthz").route(web::get().to(ops::healthz)))
        .service(web::resource("/readyz").route(web::get().to(ops::readyz)))
        .service(web::resource("/metrics").route(web::get().to(ops::metrics)))
        .service(web::scope("/v1").configure(configure_v1))
        .service(web::resource("/docs").route(web::get().to(docs_redirect)))
        .service(SwaggerUi::new("/docs/{_:.*}").url("/openapi.json", openapi::ApiDoc::openapi()))
        // Swagger UI answers GET only and lets other methods fall through to 404.
        .service(web::resource(["/docs/{_:.*}", "/openapi.json"]).to(get_only));
}

/// The routes under `/v1`.
pub fn configure_v1(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/accounts").route(web::post().to(accounts::create_account)))
        .service(web::resource("/auth/token").route(web::post().to(accounts::issue_token)))
        .service(web::resource("/me").route(web::get().to(accounts::me)))
        .service(web::resource("/cards").route(web::get().to(cards::list_cards)))
        .configure(games::configure);
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
