//! Webhook jobs: dispatching the outbox into deliveries, and attempting the oldest pending delivery
//! of one endpoint, signed as Standard Webhooks asks. An attempt is three steps: a short
//! transaction [`claim`]s the endpoint's head delivery with a lease (a token and an expiry stamped
//! on the endpoint, whose row is locked `SKIP LOCKED` only while it is claimed; one transaction
//! leases a batch of endpoints), the HTTP request ([`attempt`]) runs holding no database
//! connection, and a second short transaction [`record`]s the result only if the endpoint still
//! carries the token. So exactly one process attempts an endpoint at a time and its deliveries go
//! out in order, while slow endpoints hold no connection; a lease that runs out (its process was
//! killed) makes the delivery claimable again: at least once. Claims go to the account whose last
//! claim is the oldest, and never to one that already has `concurrency_per_account` attempts in
//! flight.

use std::collections::HashMap;
use std::time::Duration;

use aws_lc_rs::hmac;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use crate::backoff;
use crate::eventstore::outbox::NotificationKind;
use crate::eventstore::{AccountId, GameId};
use crate::outbound::http::SendError;

use crate::config::WebhookConfig;
use crate::outbound::guard::AllowList;
use crate::outbound::http::{self, Limits};
use crate::outbound::push::Vapid;

/// Notifications dispatched per transaction.
pub const DISPATCH_BATCH: i64 = 500;
/// Finished deliveries (and their attempts) are kept this long for the owner to look at.
pub const KEEP_FINISHED: Duration = Duration::from_secs(7 * 24 * 3600);
/// How long a lease outlives the attempt's own timeout: time to record the result. A result
/// recorded later than this is dropped (the lease may have gone to another process, which
/// attempts the delivery again).
pub const LEASE_MARGIN: Duration = Duration::from_secs(5);

/// The Standard Webhooks signature: `v1,<base64 HMAC-SHA256(key, "{id}.{timestamp}.{body}")>`.
pub fn signature(key: &[u8], message_id: &str, timestamp: i64, body: &str) -> String {
    let key = hmac::Key::new(hmac::HMAC_SHA256, key);
    let mut ctx = hmac::Context::with_key(&key);
    ctx.update(message_id.as_bytes());
    ctx.update(b".");
    ctx.update(timestamp.to_string().as_bytes());
    ctx.update(b".");
    ctx.update(body.as_bytes());
    format!("v1,{}", STANDARD.encode(ctx.sign().as_ref()))
}

#[derive(sqlx::FromRow)]
struct Claimed {
    account_id: Uuid,
    id: i64,
    kind: String,
    game_id: Option<Uuid>,
    payload: sqlx::types::Json<Value>,
    created_at: DateTime<Utc>,
}

/// The body of a delivery of `n` (see [`crate::eventstore::outbox::delivery_body`]).
fn body_of(n: &Claimed) -> anyhow::Result<String> {
    Ok(crate::eventstore::outbox::delivery_body(
        n.id,
        NotificationKind::from_db(&n.kind)?,
        n.game_id.map(GameId),
        &n.payload.0,
        n.created_at,
    ))
}

/// Claims up to [`DISPATCH_BATCH`] undispatched notifications (the oldest), queues a delivery
/// for every live endpoint of their account that takes their kind, and marks them dispatched:
/// one transaction. Returns how many it found and how many deliveries it made. Notifications
/// are written dispatched, with their deliveries (`crate::eventstore::outbox::write_for_account`): this
/// only catches up with those an older version of the server left, once at start.
///
/// The claim is the `UPDATE … WHERE dispatched_at IS NULL` itself: a process that picked the
/// same rows waits for the first one's commit, then finds them dispatched and skips them, so
/// each notification is claimed once. (Not `SELECT … FOR UPDATE SKIP LOCKED`: `notifications`
/// is distributed by account on Citus, which refuses row locks in a query over several
/// shards.)
pub async fn dispatch(pool: &PgPool) -> anyhow::Result<Dispatched> {
    // The oldest undispatched, read first and outside a transaction: when there are none (the
    // usual wake-up) that is all, one statement (on Citus a read of every shard).
    let oldest: Vec<(Uuid, i64)> = sqlx::query_as(
        "SELECT account_id, id FROM notifications WHERE dispatched_at IS NULL \
         ORDER BY created_at LIMIT $1",
    )
    .bind(DISPATCH_BATCH)
    .fetch_all(pool)
    .await?;
    if oldest.is_empty() {
        return Ok(Dispatched::default());
    }
    let (accounts, ids): (Vec<Uuid>, Vec<i64>) = oldest.iter().copied().unzip();
    let mut tx = pool.begin().await?;
    // Filtered by account, so that Citus sends it to those accounts' shards only. It may also
    // take another undispatched notification of those accounts whose id was read for another
    // account: no harm, it is dispatched with them.
    let mut claimed: Vec<Claimed> = sqlx::query_as(
        "UPDATE notifications n SET dispatched_at = now() \
         WHERE n.account_id = ANY ($1) AND n.id = ANY ($2) AND n.dispatched_at IS NULL \
         RETURNING n.account_id, n.id, n.kind, n.game_id, n.payload, n.created_at",
    )
    .bind(&accounts)
    .bind(&ids)
    .fetch_all(&mut *tx)
    .await?;
    if claimed.is_empty() {
        tx.rollback().await?;
        return Ok(Dispatched {
            found: oldest.len(),
            deliveries: 0,
        });
    }
    claimed.sort_unstable_by_key(|n| (n.account_id, n.id));
    let mut accounts: Vec<Uuid> = claimed.iter().map(|n| n.account_id).collect();
    accounts.dedup();
    // The live endpoints of those accounts, then the deliveries as one insert of arrays: two
    // statements rather than one `INSERT … SELECT … JOIN webhook_endpoints`, which Citus runs
    // without error and without inserting anything. `FOR KEY SHARE` keeps the endpoints read
    // until the insert commits: a deletion under way is waited for (and its endpoint then
    // skipped), one that comes later waits for this transaction. Without it, an endpoint
    // deleted in between failed the insert's foreign key and rolled the whole batch back.
    let endpoints: Vec<(Uuid, Uuid, Vec<String>)> = sqlx::query_as(
        "SELECT id, account_id, kinds FROM webhook_endpoints \
         WHERE account_id = ANY ($1) AND disabled_at IS NULL ORDER BY id FOR KEY SHARE",
    )
    .bind(&accounts)
    .fetch_all(&mut *tx)
    .await?;
    let mut rows = Deliveries::default();
    for n in &claimed {
        let mut wanted = endpoints
            .iter()
            .filter(|(_, account, kinds)| *account == n.account_id && kinds.contains(&n.kind))
            .peekable();
        if wanted.peek().is_none() {
            continue;
        }
        // Stable across retries and processes: the notification's identity.
        let message_id = crate::eventstore::outbox::message_id(AccountId(n.account_id), n.id);
        let body = body_of(n)?;
        for (endpoint, _, _) in wanted {
            rows.endpoints.push(*endpoint);
            rows.message_ids.push(message_id.clone());
            rows.kinds.push(n.kind.clone());
            rows.bodies.push(body.clone());
        }
    }
    let mut deliveries = 0;
    if !rows.endpoints.is_empty() {
        deliveries = sqlx::query(
            "INSERT INTO webhook_deliveries (endpoint_id, message_id, kind, body) \
             SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) \
             ON CONFLICT (endpoint_id, message_id) DO NOTHING",
        )
        .bind(&rows.endpoints)
        .bind(&rows.message_ids)
        .bind(&rows.kinds)
        .bind(&rows.bodies)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    }
    tx.commit().await?;
    Ok(Dispatched {
        found: oldest.len(),
        deliveries,
    })
}

/// The rows [`dispatch`] inserts into `webhook_deliveries`, as the arrays it binds.
#[derive(Default)]
struct Deliveries {
    endpoints: Vec<Uuid>,
    message_ids: Vec<String>,
    kinds: Vec<String>,
    bodies: Vec<String>,
}

/// What one call of [`dispatch`] did: undispatched notifications found (a whole batch: there
/// may be more), deliveries made of them (none when no endpoint of their accounts wants them).
#[derive(Debug, Clone, Copy, Default)]
pub struct Dispatched {
    pub found: usize,
    pub deliveries: u64,
}

#[derive(sqlx::FromRow)]
struct Job {
    id: i64,
    endpoint_id: Uuid,
    message_id: String,
    body: String,
    attempts: i32,
    url: String,
    secret: Vec<u8>,
    /// `webhook` or `web_push` (then the subscription's keys are set).
    channel: String,
    push_p256dh: Option<Vec<u8>>,
    push_auth: Option<Vec<u8>>,
}

/// The head delivery of an endpoint, leased to this process by [`claim`].
pub struct Claim {
    job: Job,
    /// The lease: the endpoint carries it until [`record`] (or the lease's end).
    pub token: Uuid,
}

impl Claim {
    pub fn endpoint_id(&self) -> Uuid {
        self.job.endpoint_id
    }
}

/// How an attempt went, as its owner is told: a status, or one of two words; never the
/// network stack's text, which would tell "refused" from "closed" (a port scanner).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttemptResult {
    HttpStatus(u16),
    Timeout,
    NetworkError,
}

impl AttemptResult {
    /// The `result` column's value.
    pub fn as_str(self) -> &'static str {
        match self {
            AttemptResult::HttpStatus(_) => "http_status",
            AttemptResult::Timeout => "timeout",
            AttemptResult::NetworkError => "network_error",
        }
    }

    fn status(self) -> Option<i32> {
        match self {
            AttemptResult::HttpStatus(s) => Some(i32::from(s)),
            _ => None,
        }
    }

    fn delivered(self) -> bool {
        matches!(self, AttemptResult::HttpStatus(s) if (200..300).contains(&s))
    }
}

/// An attempt made, for [`record`].
pub struct Outcome {
    pub result: AttemptResult,
    attempted_at: DateTime<Utc>,
    duration_ms: i32,
}

/// What [`record`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attempted {
    Delivered,
    Failed,
    /// The push service answered 404 or 410: the subscription is gone and was deleted.
    Gone,
    /// The endpoint no longer carries the lease (deleted, or the lease ran out and went to
    /// another process): nothing recorded.
    LeaseLost,
}

/// Which slots an endpoint's attempts take: an endpoint whose last `slow_after` attempts or
/// more timed out (`webhook_endpoints.timeouts_in_a_row`) is in the slow lane, with a few
/// slots of its own; the others share the normal lane's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lane {
    Normal,
    Slow,
}

/// Leases, in `lane`, the oldest due pending delivery of up to `slots` endpoints that nobody holds,
/// serving first the accounts whose last claim is the oldest, and never more than
/// `concurrency_per_account` attempts in flight for one account. Empty: nothing is due that may
/// be claimed. One short transaction of three statements, whatever `slots`; each lease lasts
/// the attempt's timeout and [`LEASE_MARGIN`].
///
/// Driven by the endpoints, each with its head delivery (one probe of the pending index): its
/// cost follows the endpoints, not the queue. Driven by the deliveries, the account order made
/// every pending delivery's row be weighed before the first was taken, over a second a claim
/// under a backlog of thousands. The accounts' leases and last claims are counted once per
/// statement (not once per endpoint), and one statement leases a whole batch: with a thousand
/// endpoints, one claim a delivery could not keep up with a hundred notifications a second.
pub async fn claim(
    pool: &PgPool,
    config: &WebhookConfig,
    slots: usize,
    lane: Lane,
) -> anyhow::Result<Vec<Claim>> {
    if slots == 0 {
        return Ok(Vec::new());
    }
    let cap = i64::from(config.concurrency_per_account);
    let mut tx = pool.begin().await?;
    // The endpoint rows are locked (`SKIP LOCKED`) only until this transaction commits the
    // leases: two processes never lease one endpoint, and neither waits for the other.
    let heads: Vec<(i64, Uuid, Uuid, i64)> = sqlx::query_as(
        "SELECT h.id, e.id, e.account_id, a.leased FROM webhook_endpoints e \
         JOIN (SELECT account_id, count(*) FILTER (WHERE leased_until > now()) AS leased, \
                      max(claimed_at) AS last_claim \
               FROM webhook_endpoints GROUP BY account_id) a ON a.account_id = e.account_id \
         CROSS JOIN LATERAL (SELECT d.id, d.next_attempt_at FROM webhook_deliveries d \
                             WHERE d.endpoint_id = e.id AND d.state = 'pending' \
                             ORDER BY d.id LIMIT 1) h \
         WHERE e.disabled_at IS NULL AND h.next_attempt_at <= now() \
           AND (e.leased_until IS NULL OR e.leased_until <= now()) AND a.leased < $1 \
           AND (e.timeouts_in_a_row >= $3) = $4 \
         ORDER BY a.last_claim NULLS FIRST, h.next_attempt_at, h.id \
         LIMIT $2 \
         FOR NO KEY UPDATE OF e SKIP LOCKED",
    )
    .bind(cap)
    .bind(i64::try_from(slots).unwrap_or(i64::MAX))
    .bind(i32::try_from(config.slow_after).unwrap_or(i32::MAX))
    .bind(lane == Lane::Slow)
    .fetch_all(&mut *tx)
    .await?;
    // One account's endpoints in one batch count against its cap as they are taken.
    let mut taken: HashMap<Uuid, i64> = HashMap::new();
    let deliveries: Vec<i64> = heads
        .into_iter()
        .filter(|&(_, _, account, leased)| {
            let n = taken.entry(account).or_insert(leased);
            *n += 1;
            *n <= cap
        })
        .map(|(delivery, ..)| delivery)
        .collect();
    if deliveries.is_empty() {
        tx.rollback().await?;
        return Ok(Vec::new());
    }
    // Read again now that the endpoints are ours: another process may have finished one of
    // these deliveries, or leased its endpoint, after the statement above took its snapshot.
    let jobs: Vec<Job> = sqlx::query_as(
        "SELECT d.id, d.endpoint_id, d.message_id, d.body, d.attempts, e.url, e.secret, \
                e.channel, e.push_p256dh, e.push_auth \
         FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id \
         WHERE d.id = ANY ($1) AND d.state = 'pending' AND d.next_attempt_at <= now() \
           AND e.disabled_at IS NULL \
           AND (e.leased_until IS NULL OR e.leased_until <= now())",
    )
    .bind(&deliveries)
    .fetch_all(&mut *tx)
    .await?;
    if jobs.is_empty() {
        tx.rollback().await?;
        return Ok(Vec::new());
    }
    let endpoints: Vec<Uuid> = jobs.iter().map(|j| j.endpoint_id).collect();
    let tokens: Vec<Uuid> = jobs.iter().map(|_| Uuid::new_v4()).collect();
    // Each endpoint its token, picked from the arrays by position: no `FROM unnest(…)`, which
    // an update of a reference table on Citus would have to join.
    sqlx::query(
        "UPDATE webhook_endpoints \
         SET lease_token = ($2::uuid[])[array_position($1::uuid[], id)], \
             leased_until = now() + make_interval(secs => $3), claimed_at = now() \
         WHERE id = ANY ($1)",
    )
    .bind(&endpoints)
    .bind(&tokens)
    .bind((config.timeout + LEASE_MARGIN).as_secs_f64())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(jobs
        .into_iter()
        .zip(tokens)
        .map(|(job, token)| Claim { job, token })
        .collect())
}

/// Makes the claimed attempt: the HTTP request, bounded by the configured timeout, with no
/// database connection held (the VAPID keys are loaded before the first claim).
pub async fn attempt(
    claim: &Claim,
    pool: &PgPool,
    config: &WebhookConfig,
    vapid: &Vapid,
) -> Outcome {
    let job = &claim.job;
    let started = std::time::Instant::now();
    let attempted_at = Utc::now();
    let sent = if job.channel == "web_push" {
        push(job, pool, config, vapid).await
    } else {
        send(job, &config.allow, config).await
    };
    let result = match sent {
        Ok(status) => AttemptResult::HttpStatus(status),
        Err(e) => {
            // The operator may see why; the endpoint's owner sees only the kind of failure.
            tracing::debug!(endpoint = %job.endpoint_id, error = %e, "delivery attempt failed");
            match e {
                Failure::Send(SendError::Timeout(_)) => AttemptResult::Timeout,
                _ => AttemptResult::NetworkError,
            }
        }
    };
    Outcome {
        result,
        attempted_at,
        duration_ms: i32::try_from(started.elapsed().as_millis()).unwrap_or(i32::MAX),
    }
}

/// Records an attempt and gives the lease back, in one short transaction; nothing when the
/// endpoint no longer carries the claim's lease.
pub async fn record(
    pool: &PgPool,
    config: &WebhookConfig,
    claim: &Claim,
    outcome: &Outcome,
) -> anyhow::Result<Attempted> {
    let job = &claim.job;
    let mut tx = pool.begin().await?;
    let ours: Option<i32> = sqlx::query_scalar(
        "SELECT 1 FROM webhook_endpoints WHERE id = $1 AND lease_token = $2 \
         FOR NO KEY UPDATE",
    )
    .bind(job.endpoint_id)
    .bind(claim.token)
    .fetch_optional(&mut *tx)
    .await?;
    if ours.is_none() {
        tx.rollback().await?;
        return Ok(Attempted::LeaseLost);
    }
    if job.channel == "web_push" && matches!(outcome.result, AttemptResult::HttpStatus(404 | 410)) {
        // RFC 8030 §7.3: the subscription expired or was unsubscribed; forget it.
        sqlx::query("DELETE FROM webhook_endpoints WHERE id = $1")
            .bind(job.endpoint_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        return Ok(Attempted::Gone);
    }
    let attempt = job.attempts + 1;
    sqlx::query(
        "INSERT INTO webhook_attempts \
             (delivery_id, attempt, attempted_at, duration_ms, status_code, result) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(job.id)
    .bind(attempt)
    .bind(outcome.attempted_at)
    .bind(outcome.duration_ms)
    .bind(outcome.result.status())
    .bind(outcome.result.as_str())
    .execute(&mut *tx)
    .await?;
    let recorded = if outcome.result.delivered() {
        sqlx::query(
            "UPDATE webhook_deliveries SET state = 'delivered', attempts = $2, \
                 first_attempt_at = coalesce(first_attempt_at, $3), finished_at = now() \
             WHERE id = $1",
        )
        .bind(job.id)
        .bind(attempt)
        .bind(outcome.attempted_at)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE webhook_endpoints SET failing_since = NULL, timeouts_in_a_row = 0, \
                 lease_token = NULL, leased_until = NULL \
             WHERE id = $1",
        )
        .bind(job.endpoint_id)
        .execute(&mut *tx)
        .await?;
        Attempted::Delivered
    } else {
        let failed = u32::try_from(attempt).unwrap_or(0);
        let wait = backoff::full_jitter(failed, config.retry_base, config.retry_max);
        // Given up once the next try would come `retry_for` or more after the first attempt:
        // first + retry_for <= now + wait. The choices are array elements picked by that
        // test, not `CASE`s of `now()`, and the test adds nothing to a column: Citus evaluates
        // `now()` (and any sum with it) on the coordinator, which it refuses inside a `CASE` or
        // with a column in it.
        sqlx::query(
            "UPDATE webhook_deliveries SET attempts = $2, \
                 first_attempt_at = coalesce(first_attempt_at, $3), \
                 next_attempt_at = now() + make_interval(secs => $4), \
                 state = (ARRAY['pending', 'failed'])[ \
                     (coalesce(first_attempt_at, $3) <= now() + make_interval(secs => $4 - $5))::int \
                     + 1], \
                 finished_at = (ARRAY[NULL, now()])[ \
                     (coalesce(first_attempt_at, $3) <= now() + make_interval(secs => $4 - $5))::int \
                     + 1] \
             WHERE id = $1",
        )
        .bind(job.id)
        .bind(attempt)
        .bind(outcome.attempted_at)
        .bind(wait.as_secs_f64())
        .bind(config.retry_for.as_secs_f64())
        .execute(&mut *tx)
        .await?;
        // An endpoint failing without a success for `disable_after` is disabled, and what it
        // still had pending is given up.
        let disabled: Option<bool> = sqlx::query_scalar(
            "UPDATE webhook_endpoints SET \
                 lease_token = NULL, leased_until = NULL, \
                 timeouts_in_a_row = (ARRAY[0, timeouts_in_a_row + 1])[$4::int + 1], \
                 failing_since = coalesce(failing_since, $2), \
                 disabled_at = (ARRAY[NULL, now()])[ \
                     (coalesce(failing_since, $2) <= now() - make_interval(secs => $3))::int + 1] \
             WHERE id = $1 RETURNING disabled_at IS NOT NULL",
        )
        .bind(job.endpoint_id)
        .bind(outcome.attempted_at)
        .bind(config.disable_after.as_secs_f64())
        // An attempt that timed out counts towards the slow lane; any answer in time (an
        // error status, a refused connection) brings the endpoint back to the normal lane.
        .bind(outcome.result == AttemptResult::Timeout)
        .fetch_optional(&mut *tx)
        .await?;
        if disabled == Some(true) {
            tracing::warn!(endpoint = %job.endpoint_id, "webhook endpoint disabled after failing too long");
            sqlx::query(
                "UPDATE webhook_deliveries SET state = 'failed', finished_at = now() \
                 WHERE endpoint_id = $1 AND state = 'pending'",
            )
            .bind(job.endpoint_id)
            .execute(&mut *tx)
            .await?;
        }
        Attempted::Failed
    };
    tx.commit().await?;
    Ok(recorded)
}

/// Gives back leases of attempts this process will not finish (it is stopping), so that
/// another process, or this one restarted, need not wait for them to run out.
pub async fn release(pool: &PgPool, tokens: &[Uuid]) -> anyhow::Result<u64> {
    if tokens.is_empty() {
        return Ok(0);
    }
    let done = sqlx::query(
        "UPDATE webhook_endpoints SET lease_token = NULL, leased_until = NULL \
         WHERE lease_token = ANY ($1)",
    )
    .bind(tokens)
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

/// Why an attempt got no HTTP status: for the operator's log only.
#[derive(Debug, thiserror::Error)]
enum Failure {
    #[error(transparent)]
    Send(#[from] SendError),
    #[error("{0}")]
    Local(String),
}

async fn send(job: &Job, allow: &AllowList, config: &WebhookConfig) -> Result<u16, Failure> {
    let url = url::Url::parse(&job.url).map_err(|e| Failure::Local(format!("bad URL: {e}")))?;
    let timestamp = Utc::now().timestamp();
    let headers = [
        ("webhook-id", job.message_id.clone()),
        ("webhook-timestamp", timestamp.to_string()),
        (
            "webhook-signature",
            signature(&job.secret, &job.message_id, timestamp, &job.body),
        ),
        ("content-type", "application/json".to_string()),
    ];
    let limits = Limits {
        connect_timeout: config.connect_timeout,
        timeout: config.timeout,
    };
    Ok(http::post(&url, &headers, job.body.clone().into_bytes(), allow, limits).await?)
}

/// A Web Push message (RFC 8030): the body encrypted for the subscription (RFC 8291), with a
/// VAPID token for the push service's origin (RFC 8292).
async fn push(
    job: &Job,
    pool: &PgPool,
    config: &WebhookConfig,
    vapid: &Vapid,
) -> Result<u16, Failure> {
    let local = |e: String| Failure::Local(e);
    let url = url::Url::parse(&job.url).map_err(|e| local(format!("bad URL: {e}")))?;
    let (Some(p256dh), Some(auth)) = (&job.push_p256dh, &job.push_auth) else {
        return Err(local("the subscription has no keys".into()));
    };
    let keys = crate::eventstore::server_keys::vapid_keys(vapid, pool)
        .await
        .map_err(|e| local(format!("{e:#}")))?;
    let body = crate::outbound::push::encrypt(job.body.as_bytes(), p256dh, auth)
        .map_err(|e| local(e.to_string()))?;
    let audience = url.origin().ascii_serialization();
    let authorization = keys
        .authorization(&audience, &vapid.subject, Utc::now().timestamp())
        .map_err(|e| local(e.to_string()))?;
    let headers = [
        ("authorization", authorization),
        ("content-encoding", "aes128gcm".to_string()),
        ("content-type", "application/octet-stream".to_string()),
        // Seconds the push service may keep it for an offline device.
        ("ttl", "86400".to_string()),
        ("urgency", "high".to_string()),
    ];
    let limits = Limits {
        connect_timeout: config.connect_timeout,
        timeout: config.timeout,
    };
    Ok(http::post(&url, &headers, body, &config.allow, limits).await?)
}

/// When [`claim`] may next find something (`None`: when a new delivery is made): the first
/// due time of a head delivery it could claim, or the first end of a lease in force (its
/// endpoint's next delivery, or its account's slot, is then free again at the latest).
pub async fn next_due(
    pool: &PgPool,
    config: &WebhookConfig,
) -> anyhow::Result<Option<DateTime<Utc>>> {
    Ok(sqlx::query_scalar(
        "SELECT least( \
             (SELECT min(h.next_attempt_at) FROM webhook_endpoints e \
              CROSS JOIN LATERAL (SELECT d.next_attempt_at FROM webhook_deliveries d \
                                  WHERE d.endpoint_id = e.id AND d.state = 'pending' \
                                  ORDER BY d.id LIMIT 1) h \
              WHERE e.disabled_at IS NULL \
                AND (e.leased_until IS NULL OR e.leased_until <= now()) \
                AND e.account_id NOT IN (SELECT account_id FROM webhook_endpoints \
                                         WHERE leased_until > now() \
                                         GROUP BY account_id HAVING count(*) >= $1)), \
             (SELECT min(leased_until) FROM webhook_endpoints WHERE leased_until > now()))",
    )
    .bind(i64::from(config.concurrency_per_account))
    .fetch_one(pool)
    .await?)
}

/// Deletes deliveries finished longer than [`KEEP_FINISHED`] ago (their attempts go along).
pub async fn prune(pool: &PgPool) -> anyhow::Result<u64> {
    let done = sqlx::query(
        "DELETE FROM webhook_deliveries \
         WHERE state <> 'pending' AND finished_at < now() - make_interval(secs => $1)",
    )
    .bind(KEEP_FINISHED.as_secs_f64())
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_matches_the_standard_webhooks_example() {
        // The example of the Standard Webhooks specification (and its libraries' tests).
        let key = STANDARD.decode("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").unwrap();
        let sig = signature(
            &key,
            "msg_p5jXN8AQM9LWM0D4loKWxJek",
            1614265330,
            r#"{"test": 2432232314}"#,
        );
        assert_eq!(sig, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }
}
