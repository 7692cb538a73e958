//! Web Push: `GET /v1/push/vapid-public-key`, `POST /v1/me/push-subscriptions`
//! (a browser's `PushSubscription` JSON), `DELETE /v1/me/push-subscriptions/{id}`,
//! `GET /v1/me/push-subscriptions/{id}/deliveries`. Pushes are sent by the delivery worker
//! (`outbound::push`), through the same pipeline and record as webhooks.

use actix_web::{HttpResponse, web};
use base64::Engine;
use base64::engine::general_purpose::{URL_SAFE, URL_SAFE_NO_PAD};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::{AuthUser, LiveAuthUser};
use crate::api::responses::{
    InvalidPath, MalformedJson, PayloadTooLarge, ServiceUnavailable, Unauthorized,
    UnsupportedMediaType,
};
use crate::api::state::AppState;
use crate::notify::webhooks::{DELIVERIES_SHOWN, WebhookDeliveryList};
use crate::outbound::guard::{UrlRefusal, check_url};
use crate::outbound::push::is_valid_p256dh;

/// The most subscriptions (browsers, devices) one account may have.
pub const MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT: i64 = 20;
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/push/vapid-public-key").route(web::get().to(vapid_public_key)))
        .service(web::resource("/me/push-subscriptions").route(web::post().to(create_subscription)))
        .service(
            web::resource("/me/push-subscriptions/{id}")
                .route(web::delete().to(delete_subscription)),
        )
        .service(
            web::resource("/me/push-subscriptions/{id}/deliveries")
                .route(web::get().to(subscription_deliveries)),
        );
}

/// The server's VAPID public key.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct VapidPublicKey {
    /// The uncompressed P-256 public key (65 bytes), base64url without padding: pass it to
    /// `pushManager.subscribe({userVisibleOnly: true, applicationServerKey})`.
    #[schema(
        example = "BNbxGYNMhEIi9zrneh7mqV4oUanjLUK3m-mYZBc62frMKrEoMk88r3Lk596T0ck9xlT-aOXbUI0xjNjlxeD8Ry0"
    )]
    pub public_key: String,
}

/// The keys of a push subscription, as the browser gives them.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PushKeys {
    /// The browser's P-256 ECDH public key (65 bytes uncompressed), base64url.
    #[schema(
        example = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    )]
    pub p256dh: String,
    /// The authentication secret (16 bytes), base64url.
    #[schema(example = "BTBZMqHH6r4Tts7J_aSIgg")]
    pub auth: String,
}

/// A browser's `PushSubscription` as `subscription.toJSON()` gives it. Unknown fields are
/// refused, as in every body.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PushSubscriptionRequest {
    /// The push service's URL for this subscription (https; its host must resolve to a public
    /// address unless the operator allows it).
    #[schema(
        example = "https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O-byuxb_wJsKRaKvV_iKw56s16ekq6FUqoCF7k2nICUpd8fHPxVTgqLunFeVeB9lLCQZyohyAztTH8ZQL9WCxKpA6dvTG_TUIhQUFq_n",
        max_length = 2048
    )]
    pub endpoint: String,
    pub keys: PushKeys,
    /// Ignored (browsers send `null`).
    #[schema(value_type = Option<f64>, example = json!(null))]
    #[serde(default)]
    pub expiration_time: Option<serde_json::Value>,
}

/// A saved subscription.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PushSubscriptionDto {
    /// Delete it with `DELETE /v1/me/push-subscriptions/{id}` (on logout, or when the browser
    /// unsubscribes).
    pub id: Uuid,
    #[schema(
        example = "https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O"
    )]
    pub endpoint: String,
    /// What is pushed to it: the kinds whose `push` is true in the account's notification
    /// settings (`GET /v1/me/notification-settings`), kept in step with them.
    #[schema(value_type = Vec<crate::eventstore::outbox::NotificationKind>,
        example = json!(["your_turn", "reminder", "invited"]))]
    pub kinds: Vec<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct PushSubscriptionPath {
    /// The subscription's id (a UUID).
    pub id: Uuid,
}

fn not_found() -> ApiError {
    ApiError::Game(
        ErrorCode::PushSubscriptionNotFound,
        "you have no push subscription with this id".into(),
    )
}

fn invalid(detail: impl Into<String>) -> ApiError {
    ApiError::Game(ErrorCode::InvalidPushSubscription, detail.into())
}

/// base64url with or without padding (browsers differ).
fn decode(s: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD
        .decode(s)
        .or_else(|_| URL_SAFE.decode(s))
        .ok()
}

/// The server's VAPID public key (RFC 8292), for `pushManager.subscribe`. Generated once and
/// kept; the same on every server process.
#[utoipa::path(get, path = "/v1/push/vapid-public-key", tag = "notifications",
    responses(
        (status = 200, description = "The key", body = VapidPublicKey),
        ServiceUnavailable,
    ))]
pub async fn vapid_public_key(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let keys = crate::eventstore::server_keys::vapid_keys(&state.vapid, &state.pool).await?;
    Ok(HttpResponse::Ok().json(VapidPublicKey {
        public_key: keys.public_key().to_string(),
    }))
}

/// Saves the browser's push subscription: `your_turn`, `game_ended` and `invited` are pushed
/// to it (RFC 8030, payload encrypted with RFC 8291 `aes128gcm`, VAPID RFC 8292), retried like
/// webhooks. The decrypted payload is the webhook body: `{type, timestamp, data}` with `data`
/// the `Notification`. Saving the same endpoint again replaces its keys. A subscription the
/// push service answers 404 or 410 for is deleted.
#[utoipa::path(post, path = "/v1/me/push-subscriptions", tag = "notifications",
    request_body = PushSubscriptionRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Saved", body = PushSubscriptionDto),
        MalformedJson,
        Unauthorized,
        (status = 409, description = "`too_many_push_subscriptions`", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_push_subscription` (not a `PushSubscription`: an unknown field, a missing or mistyped one; not an http(s) endpoint, keys that are no P-256 key or 16-byte secret), `webhook_url_forbidden` (the endpoint's host is or resolves to a non-public address the operator has not allowed, or does not resolve)", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn create_subscription(
    state: web::Data<AppState>,
    LiveAuthUser(user): LiveAuthUser,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, ApiError> {
    // Read as JSON first, then as a subscription: a body that is JSON but not a subscription
    // (an unknown field, a missing key, a wrong type) is 422, as a game's options or an
    // action are; only what is not JSON at all is 400 `malformed_json`.
    let request: PushSubscriptionRequest =
        serde_json::from_value(body.into_inner()).map_err(|e| invalid(e.to_string()))?;
    let p256dh = decode(&request.keys.p256dh)
        .filter(|k| is_valid_p256dh(k))
        .ok_or_else(|| invalid("keys.p256dh is not a base64url P-256 public key"))?;
    let auth = decode(&request.keys.auth)
        .filter(|a| a.len() == 16)
        .ok_or_else(|| invalid("keys.auth is not 16 bytes in base64url"))?;
    let url = check_url(&request.endpoint, &state.config.webhooks.allow)
        .await
        .map_err(|e| match e {
            UrlRefusal::Invalid(m) => invalid(m),
            UrlRefusal::Forbidden(m) => ApiError::Game(ErrorCode::WebhookUrlForbidden, m),
        })?;
    // What is pushed: the kinds the account's notification settings say (`push`).
    let kinds = crate::notify::mail::settings::pushed_kinds(&state.store, user.account_id).await?;
    let saved = crate::notify::webhooks::endpoints::save_push_subscription(
        &state.store,
        user.account_id,
        url.as_str(),
        &p256dh,
        &auth,
        &kinds,
        MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT,
    )
    .await?;
    let Some((id, created_at)) = saved else {
        return Err(ApiError::Game(
            ErrorCode::TooManyPushSubscriptions,
            format!(
                "you already have {MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT} push subscriptions; \
                 delete one first"
            ),
        ));
    };
    Ok(HttpResponse::Created().json(PushSubscriptionDto {
        id,
        endpoint: url.to_string(),
        kinds,
        created_at,
    }))
}

/// Deletes a push subscription of the caller: nothing more is pushed to it.
#[utoipa::path(delete, path = "/v1/me/push-subscriptions/{id}", tag = "notifications",
    params(PushSubscriptionPath),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Deleted"),
        InvalidPath,
        Unauthorized,
        (status = 404, description = "`push_subscription_not_found`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn delete_subscription(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<PushSubscriptionPath>,
) -> Result<HttpResponse, ApiError> {
    if crate::notify::webhooks::endpoints::delete_push_subscription(
        &state.store,
        user.account_id,
        path.id,
    )
    .await?
    {
        Ok(HttpResponse::NoContent().finish())
    } else {
        Err(not_found())
    }
}

/// The 50 most recent pushes to a subscription of the caller, newest first, each with every
/// attempt and its result, as for webhooks. Finished deliveries are kept for 7 days.
#[utoipa::path(get, path = "/v1/me/push-subscriptions/{id}/deliveries", tag = "notifications",
    params(PushSubscriptionPath),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Recent deliveries", body = WebhookDeliveryList),
        InvalidPath,
        Unauthorized,
        (status = 404, description = "`push_subscription_not_found`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn subscription_deliveries(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<PushSubscriptionPath>,
) -> Result<HttpResponse, ApiError> {
    let deliveries = crate::notify::webhooks::endpoints::webhook_deliveries(
        &state.store,
        user.account_id,
        "web_push",
        path.id,
        DELIVERIES_SHOWN,
    )
    .await?
    .ok_or_else(not_found)?;
    Ok(HttpResponse::Ok().json(WebhookDeliveryList {
        deliveries: deliveries.into_iter().map(Into::into).collect(),
    }))
}
