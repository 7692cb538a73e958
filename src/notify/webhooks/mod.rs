//! Webhooks: `POST/GET /v1/me/webhooks`, `DELETE /v1/me/webhooks/{id}`,
//! `GET /v1/me/webhooks/{id}/deliveries`. Registration checks the URL against the SSRF guard
//! (`outbound::guard`); sending is the delivery worker's. A thin shell over
//! `notify::webhooks::endpoints`.

pub mod endpoints;

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::{AuthUser, LiveAuthUser};
use crate::api::responses::{
    InvalidPath, PayloadTooLarge, ServiceUnavailable, Unauthorized, UnsupportedMediaType,
};
use crate::api::state::AppState;
use crate::eventstore::outbox::NotificationKind;
use crate::notify::webhooks::endpoints::{WebhookAttempt, WebhookDelivery, WebhookEndpoint};
use crate::outbound::guard::{UrlRefusal, check_url};

/// The most endpoints one account may register.
pub const MAX_WEBHOOKS_PER_ACCOUNT: i64 = 10;
/// The most deliveries `GET /deliveries` shows.
pub const DELIVERIES_SHOWN: i64 = 50;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/me/webhooks")
            .route(web::post().to(create_webhook))
            .route(web::get().to(list_webhooks)),
    )
    .service(web::resource("/me/webhooks/{id}").route(web::delete().to(delete_webhook)))
    .service(web::resource("/me/webhooks/{id}/deliveries").route(web::get().to(deliveries)));
}

/// An endpoint to register.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WebhookRequest {
    /// Where deliveries are POSTed: `https://` (or `http://`), no user or password, no
    /// fragment, at most 2048 bytes. Its host must resolve to a public address unless the
    /// operator allows it (`LORDS_WEBHOOK_ALLOW`); this is checked again at every delivery.
    #[schema(example = "https://hooks.example.org/lords", max_length = 2048)]
    pub url: String,
    /// The notification kinds to deliver (at least one).
    #[schema(min_items = 1,
        example = json!(["your_turn", "game_ended"]))]
    pub kinds: Vec<NotificationKind>,
}

/// A registered endpoint.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(as = Webhook)]
pub struct WebhookDto {
    pub id: Uuid,
    #[schema(example = "https://hooks.example.org/lords")]
    pub url: String,
    #[schema(value_type = Vec<NotificationKind>, example = json!(["your_turn", "game_ended"]))]
    pub kinds: Vec<String>,
    pub created_at: DateTime<Utc>,
    /// The first failed attempt since the last successful one; `null` while deliveries
    /// succeed.
    #[schema(required = true)]
    pub failing_since: Option<DateTime<Utc>>,
    /// Set when the server disabled the endpoint after it failed without a single success for
    /// days (5 by default): nothing is delivered to it any more; delete it and register it
    /// again once it works. `null` while enabled.
    #[schema(required = true)]
    pub disabled_at: Option<DateTime<Utc>>,
}

impl From<WebhookEndpoint> for WebhookDto {
    fn from(e: WebhookEndpoint) -> Self {
        WebhookDto {
            id: e.id,
            url: e.url,
            kinds: e.kinds,
            created_at: e.created_at,
            failing_since: e.failing_since,
            disabled_at: e.disabled_at,
        }
    }
}

/// A just registered endpoint with its signing secret, shown this once.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct WebhookCreated {
    #[serde(flatten)]
    pub webhook: WebhookDto,
    /// The Standard Webhooks signing secret, `whsec_<base64 of 32 bytes>`: verify each
    /// delivery's `webhook-signature` with it. Never shown again.
    #[schema(example = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYo=")]
    pub secret: String,
}

/// The caller's endpoints, oldest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct WebhookList {
    pub webhooks: Vec<WebhookDto>,
}

/// How an attempt went. Deliberately coarse: which network error it was (refused, reset,
/// unreachable, ...) is not told, so that the record cannot serve to scan a network.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WebhookAttemptResult {
    /// The endpoint answered; `status_code` says with what (a 2xx delivers).
    HttpStatus,
    /// No answer within the attempt's time (15 s by default).
    Timeout,
    /// No answer: the connection could not be made or was lost, or the address is no longer
    /// one deliveries may reach.
    NetworkError,
}

impl WebhookAttemptResult {
    /// The stored word; an unknown one (none is written) reads as a network error.
    fn from_stored(s: &str) -> Self {
        match s {
            "http_status" => WebhookAttemptResult::HttpStatus,
            "timeout" => WebhookAttemptResult::Timeout,
            _ => WebhookAttemptResult::NetworkError,
        }
    }
}

/// One attempt to deliver.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct WebhookAttemptDto {
    /// From 1.
    pub attempt: i32,
    pub attempted_at: DateTime<Utc>,
    pub duration_ms: i32,
    #[schema(example = "http_status")]
    pub result: WebhookAttemptResult,
    /// The endpoint's HTTP status when `result` is `http_status`; `null` otherwise.
    #[schema(required = true, example = 200)]
    pub status_code: Option<i32>,
}

impl From<WebhookAttempt> for WebhookAttemptDto {
    fn from(a: WebhookAttempt) -> Self {
        WebhookAttemptDto {
            attempt: a.attempt,
            attempted_at: a.attempted_at,
            duration_ms: a.duration_ms,
            result: WebhookAttemptResult::from_stored(&a.result),
            status_code: a.status_code,
        }
    }
}

/// The state of a delivery.
#[derive(ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum DeliveryState {
    /// Not yet acknowledged with a 2xx; retried at `next_attempt_at`.
    Pending,
    /// Acknowledged with a 2xx.
    Delivered,
    /// Given up: retried for 3 days (by default) without a 2xx, or the endpoint was disabled.
    Failed,
}

/// One notification delivered (or being delivered) to the endpoint.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct WebhookDeliveryDto {
    /// The `webhook-id` header: the same on every attempt.
    #[schema(example = "msg_0195f3c26f1e7a4b9c1d2f8e5a7b3c10_7")]
    pub message_id: String,
    #[schema(value_type = NotificationKind, example = "your_turn")]
    pub kind: String,
    #[schema(value_type = DeliveryState, example = "delivered")]
    pub state: String,
    pub created_at: DateTime<Utc>,
    /// When it is tried next; `null` unless `pending`.
    #[schema(required = true)]
    pub next_attempt_at: Option<DateTime<Utc>>,
    /// When it was delivered or given up; `null` while `pending`.
    #[schema(required = true)]
    pub finished_at: Option<DateTime<Utc>>,
    /// Oldest first.
    pub attempts: Vec<WebhookAttemptDto>,
}

impl From<WebhookDelivery> for WebhookDeliveryDto {
    fn from(d: WebhookDelivery) -> Self {
        WebhookDeliveryDto {
            message_id: d.message_id,
            kind: d.kind,
            state: d.state,
            created_at: d.created_at,
            next_attempt_at: d.next_attempt_at,
            finished_at: d.finished_at,
            attempts: d.attempts.into_iter().map(Into::into).collect(),
        }
    }
}

/// The most recent deliveries to an endpoint, newest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct WebhookDeliveryList {
    pub deliveries: Vec<WebhookDeliveryDto>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct WebhookPath {
    /// The endpoint's id (a UUID).
    pub id: Uuid,
}

fn not_found() -> ApiError {
    ApiError::Game(
        ErrorCode::WebhookNotFound,
        "you have no webhook with this id".into(),
    )
}

/// Registers an endpoint to which the caller's notifications of the given kinds are POSTed as
/// Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with
/// exponential backoff until acknowledged with a 2xx. The body of a delivery is `{type,
/// timestamp, data}`: `type` the notification's kind, `data` the `Notification` as
/// `/v1/me/stream` sends it. The answer holds the signing secret, shown this once.
#[utoipa::path(post, path = "/v1/me/webhooks", tag = "notifications",
    request_body = WebhookRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Registered", body = WebhookCreated,
            headers(("Location" = String, description = "`/v1/me/webhooks/{id}/deliveries`"))),
        (status = 400, description = "`malformed_json` (also an unknown kind)", body = Problem, content_type = "application/problem+json"),
        Unauthorized,
        (status = 409, description = "`too_many_webhooks`", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_webhook` (not an http(s) URL, no kinds), `webhook_url_forbidden` (its host is or resolves to a loopback, private, link-local or metadata address, or port, the operator has not allowed, or does not resolve: one detail for all, naming no address)", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn create_webhook(
    state: web::Data<AppState>,
    LiveAuthUser(user): LiveAuthUser,
    body: web::Json<WebhookRequest>,
) -> Result<HttpResponse, ApiError> {
    let request = body.into_inner();
    if request.kinds.is_empty() {
        return Err(ApiError::Game(
            ErrorCode::InvalidWebhook,
            "name at least one notification kind".into(),
        ));
    }
    let url = check_url(&request.url, &state.config.webhooks.allow)
        .await
        .map_err(|e| match e {
            UrlRefusal::Invalid(m) => ApiError::Game(ErrorCode::InvalidWebhook, m),
            UrlRefusal::Forbidden(m) => ApiError::Game(ErrorCode::WebhookUrlForbidden, m),
        })?;
    let created = crate::notify::webhooks::endpoints::create_webhook(
        &state.store,
        user.account_id,
        url.as_str(),
        &request.kinds,
        MAX_WEBHOOKS_PER_ACCOUNT,
    )
    .await?;
    let Some((endpoint, secret)) = created else {
        return Err(ApiError::Game(
            ErrorCode::TooManyWebhooks,
            format!("you already have {MAX_WEBHOOKS_PER_ACCOUNT} webhooks; delete one first"),
        ));
    };
    let location = format!("/v1/me/webhooks/{}/deliveries", endpoint.id);
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, location))
        .json(WebhookCreated {
            webhook: endpoint.into(),
            secret,
        }))
}

/// The caller's endpoints (without their secrets), oldest first. An endpoint disabled after
/// failing for days shows `disabled_at`.
#[utoipa::path(get, path = "/v1/me/webhooks", tag = "notifications",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's endpoints", body = WebhookList),
        Unauthorized,
        ServiceUnavailable,
    ))]
pub async fn list_webhooks(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<HttpResponse, ApiError> {
    let webhooks =
        crate::notify::webhooks::endpoints::webhooks(&state.store, user.account_id).await?;
    Ok(HttpResponse::Ok().json(WebhookList {
        webhooks: webhooks.into_iter().map(Into::into).collect(),
    }))
}

/// Deletes an endpoint of the caller and its delivery record; nothing more is sent to it (an
/// attempt already under way finishes first).
#[utoipa::path(delete, path = "/v1/me/webhooks/{id}", tag = "notifications", params(WebhookPath),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Deleted"),
        InvalidPath,
        Unauthorized,
        (status = 404, description = "`webhook_not_found`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn delete_webhook(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<WebhookPath>,
) -> Result<HttpResponse, ApiError> {
    if crate::notify::webhooks::endpoints::delete_webhook(&state.store, user.account_id, path.id)
        .await?
    {
        Ok(HttpResponse::NoContent().finish())
    } else {
        Err(not_found())
    }
}

/// The 50 most recent deliveries to a webhook of the caller, newest first, each with every
/// attempt and its result. Finished deliveries are kept for 7 days. A push subscription's
/// deliveries are under `/v1/me/push-subscriptions/{id}/deliveries`: its id is unknown here.
#[utoipa::path(get, path = "/v1/me/webhooks/{id}/deliveries", tag = "notifications",
    params(WebhookPath),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Recent deliveries", body = WebhookDeliveryList),
        InvalidPath,
        Unauthorized,
        (status = 404, description = "`webhook_not_found`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn deliveries(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<WebhookPath>,
) -> Result<HttpResponse, ApiError> {
    let deliveries = crate::notify::webhooks::endpoints::webhook_deliveries(
        &state.store,
        user.account_id,
        "webhook",
        path.id,
        DELIVERIES_SHOWN,
    )
    .await?
    .ok_or_else(not_found)?;
    Ok(HttpResponse::Ok().json(WebhookDeliveryList {
        deliveries: deliveries.into_iter().map(Into::into).collect(),
    }))
}
