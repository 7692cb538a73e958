//! The transparency log, public and without sign-in (docs/audit.md): the key, the signed tree
//! head, the entries and the RFC 9162 proofs. A private game's leaf shows only its id and a
//! hash. The log is the sequencer's (`crate::transparency::sequencer`); this file reads it and computes the
//! proofs from its leaves.

use actix_web::{HttpResponse, web};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::responses::ServiceUnavailable;
use crate::api::state::AppState;
use crate::eventstore::GameId;
use crate::proofs::signing::SignedTreeHead;
use crate::proofs::{leaf_input, merkle};

/// Entries per request, at most.
pub const MAX_ENTRIES: u64 = 1000;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/transparency/key").route(web::get().to(log_key)))
        .service(web::resource("/transparency/sth").route(web::get().to(tree_head)))
        .service(web::resource("/transparency/entries").route(web::get().to(entries)))
        .service(
            web::resource("/transparency/proof/inclusion").route(web::get().to(inclusion_proof)),
        )
        .service(
            web::resource("/transparency/proof/consistency")
                .route(web::get().to(consistency_proof)),
        );
}

fn b64(bytes: &[u8]) -> String {
    STANDARD.encode(bytes)
}

/// The log's public key.
#[derive(Debug, Serialize, ToSchema)]
pub struct TransparencyKey {
    /// Always `Ed25519`.
    #[schema(example = "Ed25519")]
    pub algorithm: String,
    /// The 32 raw bytes of the public key, in base64.
    #[schema(example = "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=")]
    pub public_key: String,
}

/// The log's Ed25519 public key, which signs its tree heads (and players' receipts).
#[utoipa::path(get, path = "/v1/transparency/key", tag = "transparency",
    responses(
        (status = 200, description = "The public key", body = TransparencyKey),
        ServiceUnavailable,
    ))]
pub async fn log_key(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let key = crate::eventstore::server_keys::log_key(&state.log_signer, &state.pool)
        .await
        .map_err(ApiError::Unexpected)?;
    Ok(HttpResponse::Ok().json(TransparencyKey {
        algorithm: "Ed25519".into(),
        public_key: b64(&key.public_key()),
    }))
}

async fn latest(state: &AppState) -> Result<SignedTreeHead, ApiError> {
    crate::transparency::log::latest_tree_head(&state.store)
        .await?
        .ok_or_else(|| {
            ApiError::Game(
                ErrorCode::LogNotReady,
                "the log has no signed tree head yet; try again in a few seconds".into(),
            )
        })
}

/// The newest signed tree head. A new one is signed whenever the tree grows, and at least every
/// hour.
#[utoipa::path(get, path = "/v1/transparency/sth", tag = "transparency",
    responses(
        (status = 200, description = "The newest signed tree head", body = SignedTreeHead),
        (status = 503, description = "`log_not_ready`: the sequencer has not signed a head yet (just after a first start); `service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn tree_head(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(latest(&state).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EntriesQuery {
    /// The first leaf's index.
    pub start: u64,
    /// One past the last leaf's index (at most `start + 1000`, and at most the tree's size).
    pub end: u64,
}

/// One leaf: a finished game's final version and head.
#[derive(Debug, Serialize, ToSchema)]
pub struct LogEntryDto {
    pub index: u64,
    pub game_id: Uuid,
    /// The game's final version.
    pub version: u64,
    /// The hash of the game's last event, hex.
    pub head_hash: String,
    /// `b"lords-game-v1\x00" ‖ game_id (16 bytes) ‖ version (u64 BE) ‖ head_hash (32 bytes)`,
    /// base64; its leaf hash is `SHA-256(0x00 ‖ leaf_input)`.
    pub leaf_input: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LogEntries {
    pub entries: Vec<LogEntryDto>,
}

fn range_error(detail: String) -> ApiError {
    ApiError::Game(ErrorCode::InvalidLogRange, detail)
}

/// The leaves `start` (inclusive) to `end` (exclusive), at most 1,000.
#[utoipa::path(get, path = "/v1/transparency/entries", tag = "transparency", params(EntriesQuery),
    responses(
        (status = 200, description = "The leaves, in order", body = LogEntries),
        (status = 400, description = "`invalid_query`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_log_range`: `start` not below `end`, more than 1,000 leaves, or `end` beyond the tree", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`log_not_ready`; `service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn entries(
    state: web::Data<AppState>,
    query: web::Query<EntriesQuery>,
) -> Result<HttpResponse, ApiError> {
    let EntriesQuery { start, end } = query.into_inner();
    let size = latest(&state).await?.tree_size;
    if start >= end || end - start > MAX_ENTRIES || end > size {
        return Err(range_error(format!(
            "start must be below end, at most {MAX_ENTRIES} apart, and end at most the tree's \
             size, {size}"
        )));
    }
    let entries = crate::transparency::log::log_entries(&state.store, start, end)
        .await?
        .into_iter()
        .map(|e| LogEntryDto {
            index: e.index,
            game_id: e.game_id.0,
            version: e.version,
            head_hash: hex::encode(e.head_hash),
            leaf_input: b64(&leaf_input(&e.game_id.0, e.version, &e.head_hash)),
        })
        .collect();
    Ok(HttpResponse::Ok().json(LogEntries { entries }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InclusionQuery {
    /// The finished game.
    pub game_id: Uuid,
    /// The size of the tree to prove inclusion in (a signed head's).
    pub tree_size: u64,
}

/// An audit path (RFC 9162 §2.1.3).
#[derive(Debug, Serialize, ToSchema)]
pub struct InclusionProof {
    pub leaf_index: u64,
    pub tree_size: u64,
    /// The path's hashes, base64, from the leaf up.
    pub inclusion_path: Vec<String>,
}

fn beyond(size: u64) -> ApiError {
    ApiError::Game(
        ErrorCode::TreeSizeBeyondLog,
        format!("the log holds {size} leaves"),
    )
}

/// The proof that a finished game's leaf is in the tree of `tree_size` leaves.
#[utoipa::path(get, path = "/v1/transparency/proof/inclusion", tag = "transparency", params(InclusionQuery),
    responses(
        (status = 200, description = "The audit path", body = InclusionProof),
        (status = 400, description = "`invalid_query`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_in_log`: no such game in the log, or not within that size", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`tree_size_beyond_log`: larger than the log", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`log_not_ready`; `service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn inclusion_proof(
    state: web::Data<AppState>,
    query: web::Query<InclusionQuery>,
) -> Result<HttpResponse, ApiError> {
    let InclusionQuery { game_id, tree_size } = query.into_inner();
    let size = latest(&state).await?.tree_size;
    if tree_size > size {
        return Err(beyond(size));
    }
    let not_in = || {
        ApiError::Game(
            ErrorCode::GameNotInLog,
            format!("game {game_id} is not in the log's first {tree_size} leaves"),
        )
    };
    let (entry, path) =
        crate::transparency::log::inclusion_path(&state.store, GameId(game_id), tree_size)
            .await?
            .ok_or_else(not_in)?;
    Ok(HttpResponse::Ok().json(InclusionProof {
        leaf_index: entry.index,
        tree_size,
        inclusion_path: path.iter().map(|h| b64(h)).collect(),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ConsistencyQuery {
    /// The older tree's size (at least 1).
    pub first: u64,
    /// The newer tree's size (at least `first`).
    pub second: u64,
}

/// A consistency proof (RFC 9162 §2.1.4).
#[derive(Debug, Serialize, ToSchema)]
pub struct ConsistencyProof {
    /// The proof's hashes, base64.
    pub consistency_path: Vec<String>,
}

/// The proof that the tree of `first` leaves is a prefix of the tree of `second` leaves.
#[utoipa::path(get, path = "/v1/transparency/proof/consistency", tag = "transparency", params(ConsistencyQuery),
    responses(
        (status = 200, description = "The consistency proof", body = ConsistencyProof),
        (status = 400, description = "`invalid_query`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_consistency_range`: `first` is 0 or above `second`; `tree_size_beyond_log`: `second` is larger than the log", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "`log_not_ready`; `service_unavailable`", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn consistency_proof(
    state: web::Data<AppState>,
    query: web::Query<ConsistencyQuery>,
) -> Result<HttpResponse, ApiError> {
    let ConsistencyQuery { first, second } = query.into_inner();
    if first == 0 || first > second {
        return Err(ApiError::Game(
            ErrorCode::InvalidConsistencyRange,
            "first must be at least 1 and at most second".into(),
        ));
    }
    let size = latest(&state).await?.tree_size;
    if second > size {
        return Err(beyond(size));
    }
    let leaves = crate::transparency::log::log_leaf_hashes(&state.store, second).await?;
    let first = usize::try_from(first).map_err(|_| beyond(size))?;
    let proof = merkle::consistency_proof(first, &leaves).ok_or_else(|| beyond(size))?;
    Ok(HttpResponse::Ok().json(ConsistencyProof {
        consistency_path: proof.iter().map(|h| b64(h)).collect(),
    }))
}
