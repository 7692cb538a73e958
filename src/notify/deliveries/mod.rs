//! The delivery worker: attempts the webhook and Web Push deliveries that are queued with each
//! notification (`eventstore::outbox::write_for_account`), signed, in order per endpoint, with
//! retries. Driven by PostgreSQL only: each attempt leases its endpoint (`webhooks::claim`),
//! so any number of server processes may run it. Up to `concurrency` attempts run at once,
//! none holding a database connection while it waits for its endpoint, and at most
//! `concurrency_per_account` for the endpoints of one account: one account's slow or failing
//! endpoints never take the slots the others need. Endpoints whose last `slow_after` attempts
//! timed out, of however many accounts, are served by a slow lane of `slow_concurrency` slots
//! of its own, so that together they cannot take the normal lane's either; one that answers in
//! time again comes back. Woken by the `notifications` LISTEN channel
//! when a notification came with deliveries (through the process's [`Notifier`]) and by its
//! own attempts as they end, it sleeps until the next retry falls due, and a slow sweep
//! catches a missed wake-up. It never reads the notifications themselves, but once at start
//! (those an older version left undispatched). Beside `store`, never called by it.

pub mod webhooks;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use tokio::sync::watch;
use tokio::task::JoinSet;
use tokio::time::Instant;
use uuid::Uuid;

use crate::config::WebhookConfig;
use crate::eventstore::notify::Notifier;
use crate::outbound::push::Vapid;
use crate::shutdown::ShutdownSignal;
use webhooks::{Attempted, Lane};

/// The shortest sleep between two rounds: what is due but held by another process is left
/// to it for at least this long.
const MIN_SLEEP: Duration = Duration::from_millis(200);

/// The shortest time between two rounds (each one claim, for every free slot): deliveries
/// queued and attempts ended closer together are taken together by the next round.
const WAKE_GAP: Duration = Duration::from_millis(10);

/// Connections of the worker's own pool at most: claims and records are short transactions;
/// an attempt holds none while it waits for its endpoint.
const POOL_CONNECTIONS: u32 = 4;

/// Starts the worker on a pool of its own (a few connections, for the short transactions
/// around each attempt), so that it never takes the API's connections. It stops at shutdown:
/// attempts cut short stay pending, their leases are given back, and they are made again.
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
        .max_connections(config.concurrency.min(POOL_CONNECTIONS))
        .min_connections(0)
        .acquire_timeout(Duration::from_secs(5))
        .idle_timeout(Some(Duration::from_secs(30)))
        .connect_lazy_with(options);
    let wake = notifier.subscribe_all_notifications();
    tokio::spawn(async move {
        let mut attempts = InFlight::default();
        tokio::select! {
            () = run(worker_pool.clone(), wake, config, vapid, &mut attempts) => {}
            () = shutdown.wait() => {}
        }
        attempts.tasks.abort_all();
        let tokens: Vec<Uuid> = attempts.leases.into_values().map(|(t, _)| t).collect();
        if let Err(e) = webhooks::release(&worker_pool, &tokens).await {
            tracing::warn!(
                error = format!("{e:#}"),
                "could not give back delivery leases"
            );
        }
        worker_pool.close().await;
    })
}

/// The attempts under way in this process, the lease each holds and the lane it runs in.
#[derive(Default)]
struct InFlight {
    tasks: JoinSet<()>,
    leases: HashMap<tokio::task::Id, (Uuid, Lane)>,
}

impl InFlight {
    fn len(&self) -> usize {
        self.tasks.len()
    }

    /// The attempts under way in `lane`.
    fn in_lane(&self, lane: Lane) -> usize {
        self.leases.values().filter(|(_, l)| *l == lane).count()
    }

    /// Makes the claimed attempt and records it, on a task of its own.
    fn spawn(
        &mut self,
        claim: webhooks::Claim,
        lane: Lane,
        pool: &PgPool,
        config: &WebhookConfig,
        vapid: &Arc<Vapid>,
    ) {
        let token = claim.token;
        let (pool, config, vapid) = (pool.clone(), config.clone(), vapid.clone());
        let task = self.tasks.spawn(async move {
            let outcome = webhooks::attempt(&claim, &pool, &config, &vapid).await;
            match webhooks::record(&pool, &config, &claim, &outcome).await {
                Ok(Attempted::LeaseLost) => tracing::debug!(
                    endpoint = %claim.endpoint_id(),
                    "a delivery attempt outlived its lease; its result is not recorded"
                ),
                Ok(_) => {}
                Err(e) => tracing::warn!(
                    error = format!("{e:#}"),
                    "recording a webhook attempt failed"
                ),
            }
        });
        self.leases.insert(task.id(), (token, lane));
    }

    /// Forgets the attempts that have ended (a round may come after several).
    fn reap(&mut self) {
        while let Some(ended) = self.tasks.try_join_next_with_id() {
            let id = match ended {
                Ok((id, ())) => id,
                Err(e) => e.id(),
            };
            self.leases.remove(&id);
        }
    }

    /// Until one attempt ends (never, when none is under way).
    async fn one_ended(&mut self) {
        match self.tasks.join_next_with_id().await {
            Some(Ok((id, ()))) => {
                self.leases.remove(&id);
            }
            Some(Err(e)) => {
                self.leases.remove(&e.id());
            }
            None => std::future::pending().await,
        }
    }
}

async fn run(
    pool: PgPool,
    mut wake: watch::Receiver<u64>,
    config: WebhookConfig,
    vapid: Arc<Vapid>,
    attempts: &mut InFlight,
) {
    let mut last_prune: Option<Instant> = None;
    // Notifications an older version of the server left undispatched (it queued their
    // deliveries from a scan of every notification; they are now queued with the notification
    // itself): once, at start.
    loop {
        match webhooks::dispatch(&pool).await {
            Ok(d) if d.found as i64 == webhooks::DISPATCH_BATCH => {}
            Ok(_) => break,
            Err(e) => {
                tracing::warn!(error = format!("{e:#}"), "webhook dispatch failed");
                break;
            }
        }
    }
    // Whether a delivery may be pending: false only once the queue was seen empty and nothing
    // was queued since; the timer (`poll`) still looks, for deliveries another process queued
    // and did not attempt.
    let mut maybe_pending = true;
    let mut next_look = Instant::now();
    let mut last_round: Option<Instant> = None;
    // What woke this round: deliveries queued (or the timer), or only an attempt that ended.
    let mut woken = true;
    loop {
        // Rounds no closer together than `WAKE_GAP`, whatever woke them: what became due (or
        // free) meanwhile is claimed together, one claim for many attempts.
        if let Some(at) = last_round {
            tokio::time::sleep_until(at + WAKE_GAP).await;
        }
        if woken {
            wake.borrow_and_update();
            maybe_pending = true;
        }
        if maybe_pending || Instant::now() >= next_look || attempts.len() > 0 {
            last_round = Some(Instant::now());
            // The VAPID keys are loaded (or generated) before the first claim, so that an
            // attempt finds them loaded and holds no connection; once loaded they are kept. An
            // error here is the attempt's to report.
            if let Err(e) = crate::eventstore::server_keys::vapid_keys(&vapid, &pool).await {
                tracing::warn!(error = format!("{e:#}"), "could not load the VAPID keys");
            }
            // One claim for every free slot of each lane: the endpoints that keep timing out
            // wait for the slow lane's few slots, never in the normal lane's.
            attempts.reap();
            let mut claim_failed = false;
            let mut filled = true;
            for (lane, slots) in [
                (Lane::Normal, config.concurrency),
                (Lane::Slow, config.slow_concurrency),
            ] {
                let free = (slots as usize).saturating_sub(attempts.in_lane(lane));
                match webhooks::claim(&pool, &config, free, lane).await {
                    Ok(claims) => {
                        filled &= claims.len() == free;
                        for claim in claims {
                            attempts.spawn(claim, lane, &pool, &config, &vapid);
                        }
                    }
                    Err(e) => {
                        tracing::warn!(error = format!("{e:#}"), "claiming deliveries failed");
                        claim_failed = true;
                    }
                }
            }
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
            let sleep = if claim_failed {
                MIN_SLEEP
            } else if filled {
                // Every slot is taken: the next attempt to end wakes the worker.
                config.poll
            } else {
                match webhooks::next_due(&pool, &config).await {
                    Ok(Some(due)) => (due - Utc::now())
                        .to_std()
                        .unwrap_or(Duration::ZERO)
                        .clamp(MIN_SLEEP, config.poll),
                    Ok(None) => {
                        maybe_pending = attempts.len() > 0;
                        config.poll
                    }
                    Err(e) => {
                        tracing::warn!(
                            error = format!("{e:#}"),
                            "webhook worker cannot read the queue"
                        );
                        config.poll
                    }
                }
            };
            next_look = Instant::now() + sleep;
        }
        // Until a new notification, an attempt's end, or the next look.
        tokio::select! {
            () = tokio::time::sleep_until(next_look) => woken = true,
            changed = wake.changed() => {
                if changed.is_err() {
                    // The notifier is gone: only the timer and attempts wake this worker now.
                    tokio::select! {
                        () = tokio::time::sleep_until(next_look) => {}
                        () = attempts.one_ended() => {}
                    }
                }
                woken = true;
            }
            () = attempts.one_ended() => woken = false,
        }
    }
}
