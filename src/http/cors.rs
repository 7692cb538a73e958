//! CORS for browser clients on other origins (`actix-cors`): the configured origins, the
//! methods and request headers the API takes, and the response headers a client must read.

use actix_cors::Cors;
use actix_web::http::Method;
use actix_web::http::header::HeaderName;

/// Request headers a browser may send cross-origin (beyond the CORS-safelisted ones).
pub const ALLOWED_HEADERS: [&str; 7] = [
    "authorization",
    "content-type",
    "if-match",
    "if-none-match",
    "idempotency-key",
    "last-event-id",
    "x-request-id",
];

/// Response headers scripts on an allowed origin may read (the rate-limit headers too, so
/// browser clients can pace themselves).
pub const EXPOSED_HEADERS: [&str; 6] = [
    "etag",
    "location",
    "retry-after",
    "x-request-id",
    "ratelimit-policy",
    "ratelimit",
];

/// How long a browser may cache a preflight answer, in seconds.
const MAX_AGE_SECONDS: usize = 3600;

/// The CORS middleware for `origins` (`*` allows any). Credentials (cookies) are not allowed:
/// the API authenticates with bearer tokens only.
pub fn cors(origins: &[String]) -> Cors {
    let mut cors = Cors::default()
        .allowed_methods([
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
        ])
        .allowed_headers(ALLOWED_HEADERS.map(HeaderName::from_static))
        .expose_headers(EXPOSED_HEADERS.map(HeaderName::from_static))
        .max_age(MAX_AGE_SECONDS);
    for origin in origins {
        cors = if origin == "*" {
            cors.allow_any_origin().send_wildcard()
        } else {
            cors.allowed_origin(origin)
        };
    }
    cors
}
