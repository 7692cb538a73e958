//! Operations endpoints: liveness, readiness, Prometheus metrics.

use actix_web::{HttpResponse, web};
use prometheus_client::encoding::prometheus_text;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::error::ApiError;
use crate::api::error::problem::Problem;
use crate::api::state::AppState;
use crate::telemetry::metrics::ScrapeFigures;

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Health {
    /// `ok` (healthz) or `ready` (readyz).
    #[schema(example = "ok")]
    pub status: String,
}

/// Liveness: the process answers HTTP. Touches nothing else.
#[utoipa::path(get, path = "/healthz", tag = "operations",
    responses((status = 200, description = "The process is up", body = Health)))]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(Health {
        status: "ok".into(),
    })
}

/// Readiness: the database answers and every migration this binary knows is applied.
#[utoipa::path(get, path = "/readyz", tag = "operations",
    responses(
        (status = 200, description = "Ready to serve", body = Health),
        (status = 503, description = "`service_unavailable`: the database cannot be reached; \
            `migrations_pending`: the schema is older than this binary",
            body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn readyz(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let pending = crate::eventstore::pending_migrations(&state.pool)
        .await
        .map_err(|e| ApiError::ServiceUnavailable(e.into()))?;
    if pending > 0 {
        return Err(ApiError::MigrationsPending(pending));
    }
    Ok(HttpResponse::Ok().json(Health {
        status: "ready".into(),
    }))
}

/// Prometheus metrics (text exposition format 0.0.4).
#[utoipa::path(get, path = "/metrics", tag = "operations",
    responses((status = 200, description = "`http_requests_total{route,method,status}`, \
        `http_request_duration_seconds{route}` (histogram), `lords_actions_applied_total`, \
        `lords_games{status}`, `lords_db_pool_connections{state}`, \
        `lords_db_pool_max_connections`",
        body = String, content_type = "text/plain; version=0.0.4")))]
pub async fn metrics(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let pool = &state.pool;
    let size = pool.size();
    let idle = u32::try_from(pool.num_idle()).unwrap_or(u32::MAX).min(size);
    let figures = ScrapeFigures {
        games_by_status: crate::eventstore::read_model::games_by_status(pool).await,
        pool_idle: idle,
        pool_in_use: size - idle,
        pool_max: pool.options().get_max_connections(),
        worker_connections: crate::eventstore::local::open_connections(),
    };
    let text = state
        .metrics
        .render(&figures)
        .map_err(|e| ApiError::Unexpected(e.into()))?;
    Ok(HttpResponse::Ok()
        .content_type(prometheus_text::CONTENT_TYPE)
        .body(text))
}
