//! The problem answers that many operations share, one type each, for their OpenAPI
//! `responses(...)`: an operation lists these by name and writes out only the answers that are
//! its own (the conflicts and refusals that depend on what it does).

use utoipa::IntoResponses;

use crate::api::error::problem::Problem;

/// Declares a problem answer: its type name, status and description.
macro_rules! problem_responses {
    ($($name:ident = $status:literal, $description:literal;)*) => {$(
        #[derive(IntoResponses)]
        #[response(
            status = $status,
            description = $description,
            content_type = "application/problem+json"
        )]
        pub struct $name(pub Problem);
    )*};
}

problem_responses! {
    InvalidPath = 400, "`invalid_path`, `invalid_character` (a NUL in the path or query)";
    MalformedJson = 400, "`malformed_json`, `invalid_character` (a NUL in a string)";
    InvalidPathOrJson = 400, "`invalid_path`, `malformed_json`, `invalid_character` (a NUL)";
    InvalidPathOrQuery = 400, "`invalid_path`, `invalid_query`, `invalid_character` (a NUL)";
    Unauthorized = 401, "`unauthorized`";
    NotSeated = 403, "`not_seated`";
    GameNotFound = 404, "`game_not_found`";
    PayloadTooLarge = 413, "`payload_too_large`";
    UnsupportedMediaType = 415, "`unsupported_media_type`";
    InternalError = 500, "`internal_error`";
    ServiceUnavailable = 503, "`service_unavailable`";
}
