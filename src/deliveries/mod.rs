//! The delivery worker (issue 13 §3, §4): takes notifications from the outbox
//! (`store::outbox`) and delivers them to webhooks and Web Push subscriptions. Driven by PostgreSQL only: jobs are rows claimed with
//! `FOR UPDATE SKIP LOCKED`, so any number of server processes may run it. Woken by the
//! `notifications` LISTEN channel (through the process's [`Notifier`]), it sleeps until the
//! next retry falls due, and a slow sweep catches a missed wake-up. Beside `store`, never
//! called by it.

pub mod guard;
pub mod http;
pub mod push;
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
use crate::startup::ShutdownSignal;
use crate::store::Notifier;
use webhooks::Attempted;

/// The shortest sleep between two rounds: what is due but held by another process is left
/// to it for at least this long.
const MIN_SLEEP: Duration = Duration::from_millis(200);

/// The VAPID key pair, loaded (or generated into the database) on first use, so that a server
/// starts while the database is down; shared by the API (its public key) and the worker.
#[derive(Debug)]
pub struct Vapid {
    configured: Option<String>,
    /// The `sub` claim: a `mailto:` or `https:` contact for push services.
    pub subject: String,
    keys: tokio::sync::OnceCell<push::VapidKeys>,
}

impl Vapid {
    pub fn new(configured: Option<String>, subject: String) -> Self {
        Vapid {
            configured,
            subject,
            keys: tokio::sync::OnceCell::new(),
        }
    }

    pub async fn keys(&self, pool: &PgPool) -> anyhow::Result<&push::VapidKeys> {
        self.keys
            .get_or_try_init(|| push::VapidKeys::load(pool, self.configured.as_deref()))
            .await
    }
}

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
    let options = (*pool.connect_options()).clone();
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
    loop {
        wake.borrow_and_update();
        // Outbox → deliveries, until what was there is all dispatched.
        loop {
            match webhooks::dispatch(&pool).await {
                Ok(n) if n as i64 == webhooks::DISPATCH_BATCH => continue,
                Ok(_) => break,
                Err(e) => {
                    tracing::warn!(error = format!("{e:#}"), "webhook dispatch failed");
                    break;
                }
            }
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
        let sleep = match webhooks::next_due(&pool).await {
            Ok(Some(due)) => (due - Utc::now())
                .to_std()
                .unwrap_or(Duration::ZERO)
                .clamp(MIN_SLEEP, config.poll),
            Ok(None) => config.poll,
            Err(e) => {
                tracing::warn!(
                    error = format!("{e:#}"),
                    "webhook worker cannot read the queue"
                );
                config.poll
            }
        };
        tokio::select! {
            () = tokio::time::sleep(sleep) => {}
            changed = wake.changed() => if changed.is_err() {
                // The notifier is gone: only the timer wakes this worker now.
                tokio::time::sleep(sleep).await;
            },
        }
    }
}
