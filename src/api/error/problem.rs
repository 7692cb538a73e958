//! The problem document (RFC 9457) every error is answered with, and the French detail a
//! response may carry for the language negotiation to use.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use actix_web::http::header;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub const PROBLEM_CONTENT_TYPE: &str = "application/problem+json";

/// A problem report (RFC 9457). `code` is the stable, machine-readable reason; branch on it,
/// never on `title` or `detail`. `title` and `detail` are in English, or in French when the
/// request's `Accept-Language` prefers `fr` (the response's `Content-Language` says which); the
/// `code` is the same in every language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Problem {
    /// `/problems/<code>`.
    #[serde(rename = "type")]
    #[schema(example = "/problems/invalid_credentials")]
    pub problem_type: String,
    /// A short summary of the code.
    #[schema(example = "Invalid credentials")]
    pub title: String,
    /// The HTTP status code.
    #[schema(example = 401)]
    pub status: u16,
    /// What went wrong with this request.
    #[schema(example = "the username or password is wrong")]
    pub detail: String,
    /// The stable reason code (see the list in this schema's `code` enum).
    #[schema(example = "invalid_credentials")]
    pub code: String,
}

/// A problem document for a status and code.
pub fn problem(status: StatusCode, code: &str, title: &str, detail: impl Into<String>) -> Problem {
    Problem {
        problem_type: format!("/problems/{code}"),
        title: title.to_string(),
        status: status.as_u16(),
        detail: detail.into(),
        code: code.to_string(),
    }
}

/// The problem+json response for a problem.
pub fn problem_response(p: &Problem) -> HttpResponse {
    let status = StatusCode::from_u16(p.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let body = serde_json::to_string(p).unwrap_or_else(|_| "{}".to_string());
    HttpResponse::build(status)
        .insert_header((header::CONTENT_TYPE, PROBLEM_CONTENT_TYPE))
        .body(body)
}

/// The French detail of one response when it carries a figure the code's own text lacks (a
/// limit, a delay): set by whoever builds the problem, read by the language negotiation.
#[derive(Debug, Clone)]
pub struct FrenchDetail(pub String);
