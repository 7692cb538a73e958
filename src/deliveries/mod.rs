//! The delivery worker: takes notifications from the outbox
//! (`store::outbox`) and delivers them to webhooks and Web Push subscriptions. Driven by
//! PostgreSQL only: notifications are claimed by the `UPDATE` that marks them dispatched, and
//! each attempt holds its endpoint's row (`SKIP LOCKED`), so any number of server processes
//! may run it. Woken by the
//! `notifications` LISTEN channel (through the process's [`Notifier`]), it sleeps until the
//! next retry falls due, and a slow sweep catches a missed wake-up. Once it has seen the
//! delivery queue empty, a wake-up whose notifications made no delivery (no endpoint wants
//! them) costs one statement, not the queue's dozen; deliveries another process made and did
//! not attempt (it stopped) are then found by the slow sweep. Beside `store`, never called by
//! it.

pub mod webhooks;

use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use tokio::sync::watch;
use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::config::WebhookConfig;
use crate::outbound::push::Vapid;
use crate::shutdown::ShutdownSignal;
use crate::store::Notifier;
use webhooks::Attempted;

/// The shortest sleep between two rounds: what is due but held by another process is left
/// to it for at least this long.
const MIN_SLEEP: Duration = Duration::from_millis(200);

/// The shortest time between two dispatch rounds: wake-ups closer together are taken together
/// by the next round. A round reads every shard of `notifications` on Citus, so one round per
/// notification would cost each server process tens of shard statements per action.
const DISPATCH_GAP: Duration = Duration::from_millis(50);

/// Starts the worker on a pool of its own (`concurrency` connections, each held by one
/// attempt while it runs), so slow endpoints never take the API's connections. It stops at
/// shutdown; an attempt cut short stays pending and is made again.
pub fn start(
    pool: &PgPool,
    notifier: &Notifier,
    config: WebhookConfig,
    vapid: Arc<Vapid>,
    shutdown: ShutdownSignal,
) -> tokio::task::JoinHandle<()> {
    // On Citus, a transaction that modified several shards in parallel may not then write a
    // reference table: the dispatch marks notifications (distributed by account) dispatched,
    // then queues their deliveries (a reference table). Sequential mode allows it; plain
    // PostgreSQL keeps the setting as an unused placeholder.
    let options = (*pool.connect_options())
        .clone()
        .options([("citus.multi_shard_modify_mode", "sequential")]);
    let worker_pool = PgPoolOptions::new()
        .max_connections(config.concurrency)
        .min_connections(0)
        .acquire_timeout(Duration::from_secs(5))
        .idle_timeout(Some(Duration::from_secs(30)))
        .connect_lazy_with(options);
    let wake = notifier.subscribe_all_notifications();
    tokio::spawn(async move {
        tokio::select! {
            () = run(worker_pool.clone(), wake, config, vapid) => {}
            () = shutdown.wait() => {}
        }
        worker_pool.close().await;
    })
}

async fn run(
    pool: PgPool,
    mut wake: watch::Receiver<u64>,
    config: WebhookConfig,
    vapid: Arc<Vapid>,
) {
    let mut last_prune: Option<Instant> = None;
    // Whether a delivery may be pending: false only once the queue was seen empty and nothing
    // was added here since. Woken by new notifications that made no delivery (no endpoint
    // wants them: the usual case), the worker then skips the queue's statements; the timer
    // (`poll`) still looks, for deliveries another process made and did not attempt.
    let mut maybe_pending = true;
    let mut next_look = Instant::now();
    let mut last_round: Option<Instant> = None;
    loop {
        if let Some(at) = last_round {
            tokio::time::sleep_until(at + DISPATCH_GAP).await;
        }
        last_round = Some(Instant::now());
        wake.borrow_and_update();
        // Outbox → deliveries, until what was there is all dispatched.
        loop {
            match webhooks::dispatch(&pool).await {
                Ok(d) => {
                    maybe_pending |= d.deliveries > 0;
                    if d.found as i64 != webhooks::DISPATCH_BATCH {
                        break;
                    }
                }
                Err(e) => {
                    tracing::warn!(error = format!("{e:#}"), "webhook dispatch failed");
                    maybe_pending = true;
                    break;
                }
            }
        }
        if !maybe_pending && Instant::now() < next_look {
            sleep_until_woken(&mut wake, next_look).await;
            continue;
        }
        // The VAPID keys are loaded (or generated) here, before any sender holds one of the
        // pool's connections in its transaction: loaded from inside an attempt they took a
        // second connection, and with every connection held by a sender (their locks on Citus
        // made the others wait for this one) the attempt waited out the acquire timeout
        // and failed, again and again. Once loaded they are kept; an error here is the
        // attempt's to report.
        if let Err(e) = vapid.keys(&pool).await {
            tracing::warn!(error = format!("{e:#}"), "could not load the VAPID keys");
        }
        // Deliveries that are due, `concurrency` endpoints at a time.
        let mut senders = JoinSet::new();
        for _ in 0..config.concurrency {
            let pool = pool.clone();
            let config = config.clone();
            let vapid = vapid.clone();
            senders.spawn(async move {
                loop {
                    match webhooks::attempt_one(&pool, &config, &vapid).await {
                        Ok(Attempted::Idle) => break,
                        Ok(_) => {}
                        Err(e) => {
                            tracing::warn!(error = format!("{e:#}"), "webhook attempt failed");
                            break;
                        }
                    }
                }
            });
        }
        while senders.join_next().await.is_some() {}
        if last_prune.is_none_or(|t| t.elapsed() >= config.poll) {
            last_prune = Some(Instant::now());
            if let Err(e) = webhooks::prune(&pool).await {
                tracing::warn!(
                    error = format!("{e:#}"),
                    "pruning old webhook deliveries failed"
                );
            }
        }
        maybe_pending = true;
        let sleep = match webhooks::next_due(&pool).await {
            Ok(Some(due)) => (due - Utc::now())
                .to_std()
                .unwrap_or(Duration::ZERO)
                .clamp(MIN_SLEEP, config.poll),
            Ok(None) => {
                maybe_pending = false;
                config.poll
            }
            Err(e) => {
                tracing::warn!(
                    error = format!("{e:#}"),
                    "webhook worker cannot read the queue"
                );
                config.poll
            }
        };
        next_look = Instant::now() + sleep;
        sleep_until_woken(&mut wake, next_look).await;
    }
}

/// Until `deadline`, or a new notification before it.
async fn sleep_until_woken(wake: &mut watch::Receiver<u64>, deadline: Instant) {
    tokio::select! {
        () = tokio::time::sleep_until(deadline) => {}
        changed = wake.changed() => if changed.is_err() {
            // The notifier is gone: only the timer wakes this worker now.
            tokio::time::sleep_until(deadline).await;
        },
    }
}
