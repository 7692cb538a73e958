//! The reference web client: the files under `web/static/`, embedded in the binary with
//! `rust-embed` and served at `/` (the page), `/oauth/authorize` (the same page, which shows the
//! OAuth consent there), `/sw.js` and `/manifest.webmanifest` (they must sit at the root to
//! cover the whole site) and `/static/...` (everything else). Static bytes only: no state, no
//! database, nothing under `/v1`.
//!
//! Caching: every file carries a strong `ETag` (its SHA-256) and answers `If-None-Match` with
//! 304. The page and the service worker are `no-cache` (always revalidated, so a new release is
//! seen at once); the other files may be kept a day and are revalidated after.

use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Compress;
use actix_web::{HttpRequest, HttpResponse, web};
use rust_embed::RustEmbed;

use crate::api::error::ApiError;

#[derive(RustEmbed)]
#[folder = "web/static/"]
struct Assets;

/// The routes of the web client. Registered after the API's so nothing shadows them; each is
/// compressed (gzip, brotli or zstd as the browser accepts).
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource(["/", "/index.html"])
            .wrap(Compress::default())
            .route(web::get().to(index)),
    )
    .service(
        web::resource("/sw.js")
            .wrap(Compress::default())
            .route(web::get().to(service_worker)),
    )
    .service(
        web::resource("/manifest.webmanifest")
            .wrap(Compress::default())
            .route(web::get().to(manifest)),
    )
    .service(
        web::resource("/static/{path:.*}")
            .wrap(Compress::default())
            .route(web::get().to(asset)),
    )
    // The OAuth authorization endpoint (RFC 6749 §3.1) is the page: it reads the request from
    // the query, asks `/v1/oauth/consent` and shows the consent. Its assets are absolute URLs.
    .service(
        web::resource("/oauth/authorize")
            .wrap(Compress::default())
            .route(web::get().to(index)),
    );
}

async fn index(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    serve(&req, "index.html", Freshness::Revalidate)
}

async fn service_worker(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    serve(&req, "sw.js", Freshness::Revalidate)
}

async fn manifest(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    serve(&req, "manifest.webmanifest", Freshness::Revalidate)
}

async fn asset(req: HttpRequest, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    serve(&req, &path, Freshness::Day)
}

#[derive(Clone, Copy)]
enum Freshness {
    /// The entry points: always revalidated against the `ETag`.
    Revalidate,
    /// The files the entry points load.
    Day,
}

/// The embedded file, or 304 when the browser holds it, or 404 `not_found`.
fn serve(req: &HttpRequest, path: &str, freshness: Freshness) -> Result<HttpResponse, ApiError> {
    let file = Assets::get(path).ok_or_else(|| ApiError::NotFound("no such file".into()))?;
    let etag = format!("\"{}\"", hex::encode(&file.metadata.sha256_hash()[..16]));
    let cache = match freshness {
        Freshness::Revalidate => "no-cache",
        Freshness::Day => "public, max-age=86400",
    };
    let held = holds(req, &etag);
    let mut res = if held {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    res.insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, cache))
        .insert_header(("X-Content-Type-Options", "nosniff"));
    if path == "index.html" {
        // Everything the page loads is its own: no inline script or style, no other origin.
        res.insert_header((header::CONTENT_SECURITY_POLICY, PAGE_CSP));
    }
    if path == "sw.js" {
        res.insert_header(("Service-Worker-Allowed", "/"));
    }
    if held {
        return Ok(res.finish());
    }
    Ok(res
        .insert_header((
            header::CONTENT_TYPE,
            HeaderValue::from_static(content_type(path)),
        ))
        .body(file.data.into_owned()))
}

/// The pages' policy: everything a page loads is its own; no inline script or style, no other
/// origin.
pub(crate) const PAGE_CSP: &str = "default-src 'self'; object-src 'none'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// Whether the request's `If-None-Match` holds `etag` (weak or strong).
pub(crate) fn holds(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim().trim_start_matches("W/") == etag)
}

/// The few types the client is made of.
fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("webmanifest") => "application/manifest+json",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}
