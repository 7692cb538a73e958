//! Vacation (service rules §9.6): `POST` and `DELETE /v1/me/vacation`, and the `vacation` part
//! of `GET /v1/me`. The days and the games' clocks are the store's (`tables::vacation`); this
//! file only reads requests and writes answers.

use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::error::ApiError;
use crate::api::error::problem::Problem;
use crate::api::extractor::AuthUser;
use crate::api::responses::{
    InternalError, MalformedJson, PayloadTooLarge, ServiceUnavailable, Unauthorized,
    UnsupportedMediaType,
};
use crate::api::state::AppState;

/// The body of `POST /v1/me/vacation`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VacationRequest {
    /// Whole days, from now: 1 to the days left (`GET /v1/me`'s `vacation.days_left`).
    #[schema(minimum = 1, maximum = 30, example = 7)]
    #[serde(deserialize_with = "crate::api::strict_json::whole_number")]
    pub days: i64,
}

/// An account's vacation days and its vacation under way (in `GET /v1/me`).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct VacationDto {
    /// Whole days left: 20 to start, one more per 7 days, at most 30.
    #[schema(minimum = 0, maximum = 30)]
    pub days_left: i16,
    /// When the vacation under way ends; `null` when none is.
    #[schema(required = true)]
    pub until: Option<DateTime<Utc>>,
}

/// A vacation started.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct VacationStarted {
    /// Whole days left once this vacation's are spent.
    #[schema(minimum = 0, maximum = 30)]
    pub days_left: i16,
    /// When it ends: the clocks of decisions awaited from you stay paused until then.
    pub until: DateTime<Utc>,
    pub started_at: DateTime<Utc>,
}

/// A vacation ended early.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct VacationEnded {
    /// Whole days left, the returned ones included.
    #[schema(minimum = 0, maximum = 30)]
    pub days_left: i16,
    /// The unused whole days given back.
    #[schema(minimum = 0, maximum = 30)]
    pub returned_days: i16,
}

impl From<crate::tables::vacation::Vacation> for VacationDto {
    fn from(v: crate::tables::vacation::Vacation) -> Self {
        VacationDto {
            days_left: v.days_left,
            until: v.until,
        }
    }
}

/// Starts a vacation of `days` whole days now (service rules §9.6): while it lasts the clock of
/// every decision awaited from you is paused (its deadline moves by the vacation's length, and
/// a decision that becomes yours meanwhile starts its clock when you are back), views show
/// your seat's `vacation_until`, and the other players of your games get a `vacation`
/// notification.
#[utoipa::path(post, path = "/v1/me/vacation", tag = "accounts",
    security(("bearer" = [])),
    request_body = VacationRequest,
    responses(
        (status = 201, description = "Started", body = VacationStarted),
        MalformedJson,
        Unauthorized,
        (status = 409, description = "`vacation_in_progress`: you are on vacation already; `deadline_passed`: a decision awaited from you is past its deadline",
            body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`not_enough_vacation_days`: `days` is not 1 to the days left",
            body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn start_vacation(
    user: AuthUser,
    state: web::Data<AppState>,
    body: web::Json<VacationRequest>,
) -> Result<HttpResponse, ApiError> {
    let started =
        crate::tables::vacation::start_vacation(&state.store, user.account_id, body.days).await?;
    match (started.until, started.started_at) {
        (Some(until), Some(started_at)) => Ok(HttpResponse::Created().json(VacationStarted {
            days_left: started.days_left,
            until,
            started_at,
        })),
        _ => Err(ApiError::Unexpected(anyhow::anyhow!(
            "a started vacation without its dates"
        ))),
    }
}

/// Ends your vacation now: the unused whole days come back, and the deadline of each decision
/// awaited from you moves back by what was left of the vacation.
#[utoipa::path(delete, path = "/v1/me/vacation", tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Ended", body = VacationEnded),
        Unauthorized,
        (status = 404, description = "`not_on_vacation`: no vacation is under way",
            body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn end_vacation(
    user: AuthUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let ended = crate::tables::vacation::end_vacation(&state.store, user.account_id).await?;
    Ok(HttpResponse::Ok().json(VacationEnded {
        days_left: ended.days_left,
        returned_days: ended.returned_days,
    }))
}
