//! The rejections of actix's extractors as problems: a body that is not the JSON an endpoint
//! takes (or holds a NUL), a path or a query string that does not parse.

use actix_web::HttpRequest;
use actix_web::error::{JsonPayloadError, PathError, PayloadError, QueryPayloadError};

use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::state::AppState;
use crate::api::strict_json::Refused;
use crate::api::text_guard::NUL_DETAIL;

/// 400 `invalid_character`: a NUL in the request (`text_guard`).
pub fn invalid_character() -> ApiError {
    ApiError::Game(ErrorCode::InvalidCharacter, NUL_DETAIL.into())
}

/// A body refused as it was read (`strict_json`): 400 `malformed_json` for a key twice, 400
/// `invalid_character` for a NUL.
impl From<&Refused> for ApiError {
    fn from(refused: &Refused) -> ApiError {
        match refused {
            Refused::DuplicateKey(_) => ApiError::MalformedJson(refused.to_string()),
            Refused::Nul => invalid_character(),
        }
    }
}

/// `web::Json` rejections: 400 `malformed_json` (a key twice in an object too), 400
/// `invalid_character` (a NUL in a string), 413
/// `payload_too_large`, 415.
pub fn json_error(err: JsonPayloadError, req: &HttpRequest) -> actix_web::Error {
    let api = match err {
        JsonPayloadError::OverflowKnownLength { limit, .. }
        | JsonPayloadError::Overflow { limit } => ApiError::PayloadTooLarge { limit },
        JsonPayloadError::ContentType => ApiError::UnsupportedMediaType,
        JsonPayloadError::Deserialize(e) => ApiError::MalformedJson(e.to_string()),
        JsonPayloadError::Payload(ref e) if Refused::of(e).is_some() => {
            Refused::of(e).map_or_else(|| ApiError::MalformedJson(e.to_string()), ApiError::from)
        }
        JsonPayloadError::Payload(PayloadError::Overflow) => ApiError::PayloadTooLarge {
            limit: req
                .app_data::<actix_web::web::Data<AppState>>()
                .map(|s| s.config.max_body_bytes)
                .unwrap_or_default(),
        },
        other => ApiError::MalformedJson(other.to_string()),
    };
    api.into()
}

/// `web::Path` rejections: 400 `invalid_path`.
pub fn path_error(err: PathError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::InvalidPath(format!("invalid path parameter: {}", inner(&err))).into()
}

/// `web::Query` rejections: 400 `invalid_query`.
pub fn query_error(err: QueryPayloadError, _req: &HttpRequest) -> actix_web::Error {
    ApiError::InvalidQuery(format!("invalid query string: {}", inner(&err))).into()
}

/// The message of the innermost error (actix prefixes its own wording).
fn inner(e: &dyn std::error::Error) -> String {
    let mut cur = e;
    while let Some(next) = cur.source() {
        cur = next;
    }
    cur.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::error::problem::Problem;
    use actix_web::body::MessageBody;
    use actix_web::http::StatusCode;

    fn body_of(res: actix_web::HttpResponse) -> Problem {
        let bytes = res.into_body().try_into_bytes().unwrap();
        serde_json::from_slice(&bytes).unwrap()
    }

    #[test]
    fn bad_path_and_query_parameters_are_400_problems() {
        let req = actix_web::test::TestRequest::default().to_http_request();
        let e = serde::de::value::Error::custom_for_test("bad uuid");
        let res = path_error(PathError::Deserialize(e.clone()), &req).error_response();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        assert_eq!(body_of(res).code, "invalid_path");
        let res = query_error(QueryPayloadError::Deserialize(e), &req).error_response();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        assert_eq!(body_of(res).code, "invalid_query");
    }

    trait CustomForTest {
        fn custom_for_test(msg: &str) -> Self;
    }
    impl CustomForTest for serde::de::value::Error {
        fn custom_for_test(msg: &str) -> Self {
            <Self as serde::de::Error>::custom(msg)
        }
    }
}
