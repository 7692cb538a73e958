//! Webhook endpoints and Web Push subscriptions of an account and the record of their
//! deliveries: what the API registers, lists and deletes. Queuing and sending deliveries is the delivery worker's
//! (`crate::notify::deliveries`); nothing here makes a network call.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::eventstore::error::{Context, Result};
use crate::eventstore::outbox::NotificationKind;
use crate::eventstore::{AccountId, Store};

/// The prefix of a secret as Standard Webhooks writes it: `whsec_<base64 of the key>`.
pub const SECRET_PREFIX: &str = "whsec_";

/// A registered endpoint, as its owner sees it (never the secret).
#[derive(Debug, Clone)]
pub struct WebhookEndpoint {
    pub id: Uuid,
    pub url: String,
    pub kinds: Vec<String>,
    pub created_at: DateTime<Utc>,
    /// The first failed attempt since the last success; `None` while it is healthy.
    pub failing_since: Option<DateTime<Utc>>,
    /// When the worker disabled it after failing for too long; nothing is sent to it since.
    pub disabled_at: Option<DateTime<Utc>>,
}

/// One attempt to deliver.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct WebhookAttempt {
    pub attempt: i32,
    pub attempted_at: DateTime<Utc>,
    pub duration_ms: i32,
    /// `http_status`, `timeout` or `network_error`.
    pub result: String,
    /// The endpoint's HTTP status; `None` unless `result` is `http_status`.
    pub status_code: Option<i32>,
}

/// One delivery (a notification to an endpoint) and its attempts, oldest first.
#[derive(Debug, Clone)]
pub struct WebhookDelivery {
    pub id: i64,
    pub message_id: String,
    pub kind: String,
    /// `pending`, `delivered` or `failed`.
    pub state: String,
    pub created_at: DateTime<Utc>,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub attempts: Vec<WebhookAttempt>,
}

#[derive(sqlx::FromRow)]
struct EndpointRow {
    id: Uuid,
    url: String,
    kinds: Vec<String>,
    created_at: DateTime<Utc>,
    failing_since: Option<DateTime<Utc>>,
    disabled_at: Option<DateTime<Utc>>,
}

impl From<EndpointRow> for WebhookEndpoint {
    fn from(r: EndpointRow) -> Self {
        WebhookEndpoint {
            id: r.id,
            url: r.url,
            kinds: r.kinds,
            created_at: r.created_at,
            failing_since: r.failing_since,
            disabled_at: r.disabled_at,
        }
    }
}

#[derive(sqlx::FromRow)]
struct DeliveryRow {
    id: i64,
    message_id: String,
    kind: String,
    state: String,
    created_at: DateTime<Utc>,
    next_attempt_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
}

#[derive(sqlx::FromRow)]
struct AttemptRow {
    delivery_id: i64,
    #[sqlx(flatten)]
    attempt: WebhookAttempt,
}

const ENDPOINT_COLUMNS: &str = "id, url, kinds, created_at, failing_since, disabled_at";

/// How many endpoints of `channel` the account has. The caller holds the account's row lock, so
/// the count still holds when it inserts. (Not one `INSERT … SELECT … WHERE count < max`:
/// Citus fails to send that statement with parameters to a reference table's nodes.)
async fn endpoints_of(tx: &mut PgConnection, account: AccountId, channel: &str) -> Result<i64> {
    sqlx::query_scalar(
        "SELECT count(*) FROM webhook_endpoints WHERE account_id = $1 AND channel = $2",
    )
    .bind(account.0)
    .bind(channel)
    .fetch_one(tx)
    .await
    .context("count the account's endpoints")
}

/// Registers an endpoint of `account` with a new secret, unless the account already has
/// `max` endpoints (`None`). Returns it and its secret (`whsec_...`), which is never shown
/// again.
pub async fn create_webhook(
    store: &Store,
    account: AccountId,
    url: &str,
    kinds: &[NotificationKind],
    max: i64,
) -> Result<Option<(WebhookEndpoint, String)>> {
    let mut key = [0u8; 32];
    rand::fill(&mut key);
    let mut kinds: Vec<&str> = kinds.iter().map(|k| k.as_str()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let mut tx = store.pool.begin().await.context("begin create a webhook")?;
    // The account row's lock serialises creations, so the limit holds under races.
    sqlx::query("SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE")
        .bind(account.0)
        .execute(&mut *tx)
        .await
        .context("lock the account")?;
    if endpoints_of(&mut tx, account, "webhook").await? >= max {
        return Ok(None);
    }
    let row: EndpointRow = sqlx::query_as(&format!(
        "INSERT INTO webhook_endpoints (id, account_id, url, secret, kinds) \
         VALUES ($1, $2, $3, $4, $5) \
         RETURNING {ENDPOINT_COLUMNS}"
    ))
    .bind(Uuid::now_v7())
    .bind(account.0)
    .bind(url)
    .bind(&key[..])
    .bind(&kinds)
    .fetch_one(&mut *tx)
    .await
    .context("insert a webhook")?;
    tx.commit().await.context("commit a webhook")?;
    Ok(Some((
        row.into(),
        format!("{SECRET_PREFIX}{}", STANDARD.encode(key)),
    )))
}

/// The account's endpoints, oldest first.
pub async fn webhooks(store: &Store, account: AccountId) -> Result<Vec<WebhookEndpoint>> {
    let rows: Vec<EndpointRow> = sqlx::query_as(&format!(
        "SELECT {ENDPOINT_COLUMNS} FROM webhook_endpoints \
         WHERE account_id = $1 AND channel = 'webhook' ORDER BY created_at, id"
    ))
    .bind(account.0)
    .fetch_all(&store.pool)
    .await
    .context("list webhooks")?;
    Ok(rows.into_iter().map(Into::into).collect())
}

/// Deletes an endpoint of the account with its deliveries; false when it has none by
/// that id. An attempt already in flight to it is not recorded.
pub async fn delete_webhook(store: &Store, account: AccountId, id: Uuid) -> Result<bool> {
    let done = sqlx::query(
        "DELETE FROM webhook_endpoints \
         WHERE id = $1 AND account_id = $2 AND channel = 'webhook'",
    )
    .bind(id)
    .bind(account.0)
    .execute(&store.pool)
    .await
    .context("delete a webhook")?;
    Ok(done.rows_affected() > 0)
}

/// Records a Web Push subscription of `account` (the browser's endpoint and keys) for
/// `kinds`; the same endpoint again replaces its keys and enables it again. `None` when the
/// account already has `max` other subscriptions. Returns its id and creation time.
pub async fn save_push_subscription(
    store: &Store,
    account: AccountId,
    endpoint: &str,
    p256dh: &[u8],
    auth: &[u8],
    kinds: &[String],
    max: i64,
) -> Result<Option<(Uuid, DateTime<Utc>)>> {
    let mut tx = store
        .pool
        .begin()
        .await
        .context("begin save a push subscription")?;
    sqlx::query("SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE")
        .bind(account.0)
        .execute(&mut *tx)
        .await
        .context("lock the account")?;
    let updated: Option<(Uuid, DateTime<Utc>)> = sqlx::query_as(
        "UPDATE webhook_endpoints SET push_p256dh = $3, push_auth = $4, kinds = $5, \
             failing_since = NULL, disabled_at = NULL \
         WHERE account_id = $1 AND url = $2 AND channel = 'web_push' \
         RETURNING id, created_at",
    )
    .bind(account.0)
    .bind(endpoint)
    .bind(p256dh)
    .bind(auth)
    .bind(kinds)
    .fetch_optional(&mut *tx)
    .await
    .context("update a push subscription")?;
    let saved = match updated {
        Some(row) => Some(row),
        None if endpoints_of(&mut tx, account, "web_push").await? >= max => None,
        None => {
            // The secret column is unused for Web Push; any 32 bytes satisfy it.
            let mut filler = [0u8; 32];
            rand::fill(&mut filler);
            sqlx::query_as(
                "INSERT INTO webhook_endpoints \
                     (id, account_id, url, secret, kinds, channel, push_p256dh, push_auth) \
                 VALUES ($1, $2, $3, $4, $5, 'web_push', $6, $7) \
                 RETURNING id, created_at",
            )
            .bind(Uuid::now_v7())
            .bind(account.0)
            .bind(endpoint)
            .bind(&filler[..])
            .bind(kinds)
            .bind(p256dh)
            .bind(auth)
            .fetch_optional(&mut *tx)
            .await
            .context("insert a push subscription")?
        }
    };
    tx.commit().await.context("commit a push subscription")?;
    Ok(saved)
}

/// Deletes a Web Push subscription of the account; false when it has none by that id.
pub async fn delete_push_subscription(store: &Store, account: AccountId, id: Uuid) -> Result<bool> {
    let done = sqlx::query(
        "DELETE FROM webhook_endpoints \
         WHERE id = $1 AND account_id = $2 AND channel = 'web_push'",
    )
    .bind(id)
    .bind(account.0)
    .execute(&store.pool)
    .await
    .context("delete a push subscription")?;
    Ok(done.rows_affected() > 0)
}

/// The `limit` most recent deliveries to an endpoint of the account on `channel`
/// (`webhook` or `web_push`), newest first, each with its attempts; `None` when the account
/// has no endpoint by that id on that channel.
pub async fn webhook_deliveries(
    store: &Store,
    account: AccountId,
    channel: &str,
    id: Uuid,
    limit: i64,
) -> Result<Option<Vec<WebhookDelivery>>> {
    let mut tx = store.pool.begin().await.context("begin read deliveries")?;
    let owned: Option<i32> = sqlx::query_scalar(
        "SELECT 1 FROM webhook_endpoints WHERE id = $1 AND account_id = $2 AND channel = $3",
    )
    .bind(id)
    .bind(account.0)
    .bind(channel)
    .fetch_optional(&mut *tx)
    .await
    .context("find an endpoint")?;
    if owned.is_none() {
        return Ok(None);
    }
    let rows: Vec<DeliveryRow> = sqlx::query_as(
        "SELECT id, message_id, kind, state, created_at, next_attempt_at, finished_at \
         FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id DESC LIMIT $2",
    )
    .bind(id)
    .bind(limit)
    .fetch_all(&mut *tx)
    .await
    .context("read deliveries")?;
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let attempts: Vec<AttemptRow> = sqlx::query_as(
        "SELECT delivery_id, attempt, attempted_at, duration_ms, result, status_code \
         FROM webhook_attempts WHERE delivery_id = ANY($1) ORDER BY delivery_id, attempt",
    )
    .bind(&ids)
    .fetch_all(&mut *tx)
    .await
    .context("read delivery attempts")?;
    tx.commit().await.context("end read deliveries")?;
    let mut out: Vec<WebhookDelivery> = rows
        .into_iter()
        .map(|r| WebhookDelivery {
            id: r.id,
            message_id: r.message_id,
            kind: r.kind,
            next_attempt_at: (r.state == "pending").then_some(r.next_attempt_at),
            state: r.state,
            created_at: r.created_at,
            finished_at: r.finished_at,
            attempts: Vec::new(),
        })
        .collect();
    for a in attempts {
        if let Some(d) = out.iter_mut().find(|d| d.id == a.delivery_id) {
            d.attempts.push(a.attempt);
        }
    }
    Ok(Some(out))
}
