//! The middleware around every route: [`observe`], outermost, with the request id (accepted
//! from `X-Request-Id` or generated) on a tracing span and in the response, metrics by matched
//! route pattern, a deadline for receiving the body (408), `HEAD` answered wherever `GET` is,
//! problem+json for the router's own empty error responses (404 from a resource, 405 with its
//! `Allow` header), the token endpoint's errors in its own shape, and `X-Frame-Options` on
//! pages; and [`check_body`], innermost, with the NUL guard on `/v1` paths and query strings
//! (`text_guard`), a declared body size check (413) and bodies read strictly (`strict_json`:
//! UTF-8 only, no key twice, no NUL). The `/v1` budgets (`rate_limits`) sit between the two, so
//! that their headers are on the body checks' answers and on `observe`'s own.

use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{HttpMessage, ResponseError, web};
use futures_util::Stream;
use tracing::Instrument;

use crate::accounts::http::oauth;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::FrenchDetail;
use crate::api::error::problem::{PROBLEM_CONTENT_TYPE, Problem, problem_response};
use crate::api::error::rejections::invalid_character;
use crate::api::error::{ApiError, problem};
use crate::api::i18n::{Lang, localize};
use crate::api::state::AppState;
use crate::api::{strict_json, text_guard};
use crate::http::rate_limits::{self, RATELIMIT, RATELIMIT_POLICY};

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Route label for requests no route matched (keeps the label set bounded).
const UNMATCHED: &str = "unmatched";

/// A resource's whole pattern, kept in its app data ([`labelled_resource`]) so that [`observe`]
/// names the route of a request, and the bearer extractor finds what the operation asks,
/// without walking the routes again (`match_pattern` tries each resource's regex in turn: a
/// tenth of the server's instructions per action, measured).
pub use crate::api::extractor::RoutePattern as RouteLabel;

/// A client-supplied id is kept when short and plain; otherwise a new one is made.
fn request_id(req: &ServiceRequest) -> String {
    req.headers()
        .get(&REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|v| {
            (1..=128).contains(&v.len())
                && v.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_.:/+=".contains(&b))
        })
        .map(str::to_string)
        .unwrap_or_else(|| uuid::Uuid::new_v4().to_string())
}

fn declared_length(req: &ServiceRequest) -> Option<usize> {
    req.headers()
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .parse()
        .ok()
}

/// True when the request announces a body (a length above zero, or chunked).
fn has_body(req: &ServiceRequest) -> bool {
    declared_length(req).is_some_and(|n| n > 0)
        || req.headers().contains_key(header::TRANSFER_ENCODING)
}

/// The request body, cut off with an error once `deadline` has passed: actix limits the time
/// to receive the headers (`client_request_timeout`) but not the body, so a client sending a
/// byte now and then would hold a connection and a worker's attention for ever.
struct DeadlinePayload {
    inner: Payload,
    deadline: Pin<Box<tokio::time::Sleep>>,
    timed_out: Arc<AtomicBool>,
}

impl Stream for DeadlinePayload {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.timed_out.load(Ordering::Relaxed) {
            return Poll::Ready(None);
        }
        match Pin::new(&mut this.inner).poll_next(cx) {
            Poll::Pending if this.deadline.as_mut().poll(cx).is_ready() => {
                this.timed_out.store(true, Ordering::Relaxed);
                Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "the request body was not received in time",
                )))))
            }
            other => other,
        }
    }
}

/// Puts the body behind a deadline; the flag tells whether it fired.
fn limit_body_time(req: &mut ServiceRequest, limit: Duration) -> Arc<AtomicBool> {
    let timed_out = Arc::new(AtomicBool::new(false));
    let inner = req.take_payload();
    let stream = DeadlinePayload {
        inner,
        deadline: Box::pin(tokio::time::sleep(limit)),
        timed_out: timed_out.clone(),
    };
    let boxed: Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>> = Box::pin(stream);
    req.set_payload(Payload::from(boxed));
    timed_out
}

/// 408 `request_timeout`, closing the connection (the rest of the body may still come).
fn body_timeout_response(limit: Duration) -> actix_web::HttpResponse {
    let code = ErrorCode::RequestTimeout;
    let p = problem(
        code.status(),
        code.as_str(),
        code.title(),
        format!(
            "the request body was not received within {} s",
            limit.as_secs()
        ),
    );
    let mut res = problem_response(&p);
    res.extensions_mut().insert(FrenchDetail(format!(
        "le corps de la requête n'est pas arrivé en moins de {} s",
        limit.as_secs()
    )));
    res.head_mut()
        .set_connection_type(actix_web::http::ConnectionType::Close);
    res
}

pub async fn observe(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let started = Instant::now();
    let id = request_id(&req);
    let method = req.method().clone();
    let span =
        tracing::info_span!("request", request_id = %id, method = %method, path = %req.path());
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let lang = Lang::negotiate(
        req.headers()
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    );
    // HEAD is GET without the body: routed as GET; the HTTP codec, which saw HEAD, writes the
    // same headers (Content-Length included) and leaves the body out.
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    let body_time = state.as_ref().map(|s| s.config.body_timeout);
    let timed_out = match body_time {
        Some(t) if has_body(&req) => Some(limit_body_time(&mut req, t)),
        _ => None,
    };

    let outcome = next
        .call(req)
        .instrument(span.clone())
        .await
        .map(ServiceResponse::map_into_boxed_body);

    // The request cannot be cloned before routing (actix needs it unshared), so an error that
    // escapes the app (none of ours do) is counted and passed on for actix to render.
    let mut res = match outcome {
        Ok(res) => res,
        Err(e) => {
            let status = e.as_response_error().status_code().as_u16();
            if let Some(state) = &state {
                state.metrics.observe_request(
                    Cow::Borrowed(UNMATCHED),
                    &method,
                    status,
                    started.elapsed(),
                );
            }
            span.in_scope(|| tracing::warn!(status, error = %e, "request failed"));
            return Err(e);
        }
    };
    if let (Some(flag), Some(limit)) = (&timed_out, body_time)
        && flag.load(Ordering::Relaxed)
    {
        res = replace_answer(res, body_timeout_response(limit));
    }
    if let Some(refused) = res
        .response()
        .error()
        .and_then(|e| e.as_error::<PayloadError>())
        .and_then(strict_json::Refused::of)
    {
        // A handler that reads its body as bytes (an optional body, a form) met a key twice
        // or a NUL: the answer the JSON extractor gives for it, not actix's plain-text 400.
        let response = ApiError::from(refused).error_response();
        res = replace_answer(res, response);
    }
    if res.request().path() == oauth::TOKEN_PATH {
        // Whatever refused a token request (the body checks, the router, a deadline) answers
        // as the endpoint does (RFC 6749 §5.2).
        res = oauth::as_token_error(res);
    }
    if res.status().is_client_error() || res.status().is_server_error() {
        res = problemize(res);
        res = localize_problem(res, lang);
    }
    if let Ok(v) = HeaderValue::from_str(&id) {
        res.headers_mut().insert(REQUEST_ID, v);
    }
    if res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"text/html"))
    {
        // A page is never framed: the header for the browsers that predate CSP's
        // `frame-ancestors` (RFC 7034; the pages' policy says `'none'` too).
        res.headers_mut()
            .insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }

    let status = res.status().as_u16();
    let route = match res.request().app_data::<RouteLabel>() {
        Some(label) => Cow::Borrowed(label.0),
        None => res
            .request()
            .match_pattern()
            .map_or(Cow::Borrowed(UNMATCHED), Cow::Owned),
    };
    let elapsed = started.elapsed();
    if let Some(state) = &state {
        // Free for the labelled routes (borrowed); the others' patterns are allocated anyway.
        state
            .metrics
            .observe_request(route.clone(), &method, status, elapsed);
    }
    span.in_scope(|| {
        tracing::info!(
            status,
            route = %route,
            elapsed_ms = (elapsed.as_secs_f64() * 1e6).round() / 1e3,
            "request completed"
        )
    });
    Ok(res)
}

/// A NUL in a `/v1` path or query string (400 `invalid_character`, [`text_guard`]), the
/// declared body size (413) and strict bodies (415 for JSON in a charset other than UTF-8; a key
/// twice or a NUL refused as the body is read), checked before any handler; innermost, so that
/// the `/v1` budgets' headers are on these answers too. The revocation endpoint reads its body
/// itself: it answers 200 to any body (RFC 7009 §2.2).
pub async fn check_body(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if req.path() == oauth::REVOKE_PATH {
        return next
            .call(req)
            .await
            .map(ServiceResponse::map_into_boxed_body);
    }
    if rate_limits::is_v1(req.path()) && text_guard::uri_holds_nul(req.uri()) {
        let res = invalid_character().error_response();
        return Ok(req.into_response(res));
    }
    if let Some(limit) = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.config.max_body_bytes)
    {
        if declared_length(&req).is_some_and(|len| len > limit) {
            let res = ApiError::PayloadTooLarge { limit }.error_response();
            return Ok(req.into_response(res));
        }
        if has_body(&req)
            && let Err(strict_json::NotUtf8) = strict_json::guard(&mut req, limit)
        {
            let res = ApiError::UnsupportedMediaType.error_response();
            return Ok(req.into_response(res));
        }
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_boxed_body)
}

/// `res` answered with `new` instead, keeping the `/v1` budget's headers it carried.
fn replace_answer(
    res: ServiceResponse<BoxBody>,
    mut new: actix_web::HttpResponse,
) -> ServiceResponse<BoxBody> {
    for name in [RATELIMIT_POLICY, RATELIMIT] {
        if let Some(value) = res.headers().get(&name) {
            new.headers_mut().insert(name, value.clone());
        }
    }
    let (req, _) = res.into_parts();
    ServiceResponse::new(req, new)
}

/// Turns an error response without a body type (the router's 404/405, a bare `finish()`) into
/// problem+json, keeping its headers (`Allow`).
fn problemize(res: ServiceResponse<BoxBody>) -> ServiceResponse<BoxBody> {
    if res.headers().contains_key(header::CONTENT_TYPE) {
        return res;
    }
    let status = res.status();
    let (code, title, detail) = match status {
        StatusCode::NOT_FOUND => (
            ErrorCode::NotFound.as_str(),
            ErrorCode::NotFound.title(),
            "no resource at this path".to_string(),
        ),
        StatusCode::METHOD_NOT_ALLOWED => {
            let allow = res
                .headers()
                .get(header::ALLOW)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string();
            (
                ErrorCode::MethodNotAllowed.as_str(),
                ErrorCode::MethodNotAllowed.title(),
                format!("this resource allows: {allow}"),
            )
        }
        StatusCode::PAYLOAD_TOO_LARGE => (
            ErrorCode::PayloadTooLarge.as_str(),
            ErrorCode::PayloadTooLarge.title(),
            "the request body is too large".to_string(),
        ),
        s if s.is_server_error() => (
            ErrorCode::InternalError.as_str(),
            ErrorCode::InternalError.title(),
            "an internal error occurred".to_string(),
        ),
        // Any other rejection by the HTTP layer keeps its status.
        s => (
            ErrorCode::BadRequest.as_str(),
            s.canonical_reason().unwrap_or("Bad request"),
            s.canonical_reason().unwrap_or("bad request").to_lowercase(),
        ),
    };
    let p = problem(status, code, title, detail);
    let mut new = problem_response(&p);
    if status == StatusCode::METHOD_NOT_ALLOWED {
        let allow = res
            .headers()
            .get(header::ALLOW)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        new.extensions_mut()
            .insert(FrenchDetail(format!("cette ressource accepte : {allow}")));
    }
    for (name, value) in res.headers() {
        if name != header::CONTENT_LENGTH && name != header::CONTENT_TYPE {
            new.headers_mut().append(name.clone(), value.clone());
        }
    }
    let (req, _) = res.into_parts();
    ServiceResponse::new(req, new)
}

/// A problem in the request's language: `Content-Language` always, and in French the
/// title and detail rewritten by code (the `code` stays). `Vary: Accept-Language` tells caches.
fn localize_problem(res: ServiceResponse<BoxBody>, lang: Lang) -> ServiceResponse<BoxBody> {
    let is_problem = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes() == PROBLEM_CONTENT_TYPE.as_bytes());
    if !is_problem {
        return res;
    }
    let (req, mut response) = res.into_parts();
    response.headers_mut().insert(
        header::CONTENT_LANGUAGE,
        HeaderValue::from_static(lang.tag()),
    );
    response
        .headers_mut()
        .append(header::VARY, HeaderValue::from_static("Accept-Language"));
    if lang == Lang::En {
        return ServiceResponse::new(req, response);
    }
    let french = response
        .extensions()
        .get::<FrenchDetail>()
        .map(|d| d.0.clone());
    let (head, body) = response.into_parts();
    let bytes = match body.try_into_bytes() {
        Ok(bytes) => bytes,
        // Problems are built in memory; a streamed body would be no problem of ours.
        Err(body) => return ServiceResponse::new(req, head.set_body(body)),
    };
    let body = match serde_json::from_slice::<Problem>(&bytes) {
        Ok(mut p) => {
            localize(&mut p, lang, french);
            serde_json::to_vec(&p).map_or(bytes, Bytes::from)
        }
        Err(_) => bytes,
    };
    let mut response = head.set_body(BoxBody::new(body));
    response.headers_mut().remove(header::CONTENT_LENGTH);
    ServiceResponse::new(req, response)
}

/// `HEAD` routed as `GET`, for the /metrics server (which does without [`observe`]).
pub async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
    }
    next.call(req).await
}

/// `X-Content-Type-Options: nosniff` on every answer (set unless the answer has its own): a
/// browser takes each body as the type it is sent as, never as a script or a page it guessed
/// (the Fetch standard's "X-Content-Type-Options" header).
pub fn nosniff() -> actix_web::middleware::DefaultHeaders {
    actix_web::middleware::DefaultHeaders::new().add((
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    ))
}
