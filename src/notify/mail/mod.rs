//! The mail worker, in every `lords serve` process: turns accounts' new notifications into
//! queued mail as their settings say (`notify::mail::settings::feed_account`), queues each account's
//! daily digest when it falls due, and sends what is queued (`mail_outbox`): claimed with a
//! lease (`FOR UPDATE SKIP LOCKED`), checked against the account as it is now (a verified
//! address, no vacation, the turn still awaited, the invitation still pending and no stream
//! open), rendered in the account's
//! language (`render`), sent through `outbound::mail`, recorded; retried with exponential
//! backoff and full jitter for `retry_for`, then given up and shown as the account's
//! `email_failing_since`. Woken by `LISTEN` (new notifications, queued mail); a slow sweep
//! catches a missed wake-up.
//! Any number of processes share the work. Each mail has a stable Message-ID (its row's id):
//! a process killed between the SMTP server's acceptance and the record leaves the mail to be
//! sent again once its lease ends, the only case of a second copy. Beside `api`, over `store`.

pub mod http;
pub mod settings;

pub mod render;

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::Utc;
use sqlx::PgPool;
use sqlx::postgres::{PgListener, PgNotification, PgPoolOptions};
use tokio::time::Instant;
use uuid::Uuid;

use crate::backoff;
use crate::config::{MailConfig, MailTransport};
use crate::eventstore::AccountId;
use crate::eventstore::outbox::NOTIFICATIONS_CHANNEL;
use crate::notify::mail::settings::{ClaimedMail, MailKind, Outcome};
use crate::outbound::mail::{SendError, Transport};
use crate::shutdown::ShutdownSignal;
use render::{Mail, Site};

/// Mails claimed (and sent at once) per round.
const BATCH: i64 = 8;
/// Accounts fed per query of the sweep.
const FEED_BATCH: i64 = 64;
/// The shortest pause after a failing round.
const FAILED_PAUSE: Duration = Duration::from_millis(500);
/// At shutdown, how long the mails being sent may still take to be recorded.
const DRAIN: Duration = Duration::from_secs(10);
/// While the account has a stream open, how often a turn's mail looks again (seconds).
const STREAM_RECHECK_S: i64 = 30;
/// The gap after a wake-up during which further ones are gathered into the same round.
const WAKE_GAP: Duration = Duration::from_millis(20);
/// Connections of the worker's own pool.
const POOL_CONNECTIONS: u32 = 3;

/// Starts the worker on a pool of its own. At shutdown it stops claiming, lets the mails being
/// sent finish for [`DRAIN`] at most, and gives the leases of the rest back.
pub fn start(pool: &PgPool, config: MailConfig, shutdown: ShutdownSignal) -> anyhow::Result<()> {
    if !config.enabled {
        return Ok(());
    }
    let transport = match &config.transport {
        MailTransport::Smtp(url) => Transport::smtp(url)?,
        MailTransport::Files(dir) => Transport::Files(dir.clone()),
    };
    // Feeding writes an account's settings and mail (one shard on Citus) after reading the
    // accounts reference table: sequential mode, as the other workers.
    let options = (*pool.connect_options())
        .clone()
        .options([("citus.multi_shard_modify_mode", "sequential")]);
    let worker_pool = PgPoolOptions::new()
        .max_connections(POOL_CONNECTIONS)
        .min_connections(0)
        .acquire_timeout(Duration::from_secs(5))
        .idle_timeout(Some(Duration::from_secs(30)))
        .connect_lazy_with(options);
    let worker = Worker {
        pool: worker_pool.clone(),
        config: Arc::new(config),
        transport,
        leases: Default::default(),
        key: None,
    };
    tokio::spawn(async move {
        let leases = worker.leases.clone();
        let run = worker.run(shutdown.clone());
        tokio::select! {
            () = run => {}
            () = async {
                shutdown.wait().await;
                tokio::time::sleep(DRAIN).await;
            } => {}
        }
        let held: Vec<Uuid> = leases
            .lock()
            .map(|l| l.iter().copied().collect())
            .unwrap_or_default();
        if let Err(e) = crate::notify::mail::settings::release(&worker_pool, &held).await {
            tracing::warn!(error = format!("{e:#}"), "could not give back mail leases");
        }
        worker_pool.close().await;
    });
    Ok(())
}

struct Worker {
    pool: PgPool,
    config: Arc<MailConfig>,
    transport: Transport,
    /// The leases of the mails being sent by this process.
    leases: Arc<Mutex<HashSet<Uuid>>>,
    /// The unsubscribe tokens' key, loaded once.
    key: Option<Arc<Vec<u8>>>,
}

impl Worker {
    /// Rounds until shutdown: feed, digests, sends; then sleep until the next mail falls due,
    /// a wake-up, or the sweep.
    async fn run(mut self, shutdown: ShutdownSignal) {
        let mut listener: Option<PgListener> = None;
        // The accounts whose notifications woke the worker; the others wait for the sweep.
        let mut hinted: HashSet<AccountId> = HashSet::new();
        let mut next_sweep = Instant::now();
        while !shutdown.is_shutting_down() {
            if listener.is_none() {
                // (Re)connected: what was announced meanwhile is the sweep's.
                listener = self.listen().await;
                next_sweep = Instant::now();
            }
            let sweep = Instant::now() >= next_sweep;
            if sweep {
                next_sweep = Instant::now() + self.config.poll;
            }
            let accounts: Vec<AccountId> = hinted.drain().collect();
            let busy = match self.round(sweep, accounts).await {
                Ok(busy) => busy,
                Err(e) => {
                    tracing::warn!(error = format!("{e:#}"), "mail round failed");
                    tokio::time::sleep(FAILED_PAUSE).await;
                    false
                }
            };
            if busy && sweep {
                // A full sweep: the next one at once.
                next_sweep = Instant::now();
            }
            if busy || shutdown.is_shutting_down() {
                continue;
            }
            let sleep = match crate::notify::mail::settings::next_due(&self.pool).await {
                Ok(Some(at)) => (at - Utc::now())
                    .to_std()
                    .unwrap_or(Duration::ZERO)
                    .min(self.config.poll),
                _ => self.config.poll,
            }
            .min(next_sweep.saturating_duration_since(Instant::now()));
            if sleep.is_zero() {
                continue;
            }
            match listener.as_mut() {
                Some(l) => {
                    tokio::select! {
                        got = l.recv() => match got {
                            Ok(n) => hint(&mut hinted, &n),
                            Err(_) => listener = None,
                        },
                        () = tokio::time::sleep(sleep) => {}
                        () = shutdown.wait() => {}
                    }
                    // Every wake-up that came meanwhile is taken with this one, after a short
                    // gap: a burst of notifications is one round.
                    if let Some(l) = listener.as_mut() {
                        tokio::time::sleep(WAKE_GAP).await;
                        while let Some(n) = l.next_buffered() {
                            hint(&mut hinted, &n);
                        }
                    }
                }
                None => {
                    tokio::select! {
                        () = tokio::time::sleep(sleep.min(FAILED_PAUSE * 4)) => {}
                        () = shutdown.wait() => {}
                    }
                }
            }
        }
    }

    async fn listen(&self) -> Option<PgListener> {
        let mut l = match PgListener::connect_with(&self.pool).await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(error = format!("{e:#}"), "mail worker cannot LISTEN");
                return None;
            }
        };
        match l
            .listen_all([
                NOTIFICATIONS_CHANNEL,
                crate::notify::mail::settings::MAIL_CHANNEL,
            ])
            .await
        {
            Ok(()) => Some(l),
            Err(e) => {
                tracing::warn!(error = format!("{e:#}"), "mail worker cannot LISTEN");
                None
            }
        }
    }

    /// One round (feeding the hinted accounts, or every account behind on a sweep); `true`
    /// when there may be more to do at once.
    async fn round(&mut self, sweep: bool, mut accounts: Vec<AccountId>) -> anyhow::Result<bool> {
        let mut busy = false;
        if sweep {
            let behind =
                crate::notify::mail::settings::accounts_to_feed(&self.pool, FEED_BATCH).await?;
            busy |= behind.len() as i64 == FEED_BATCH;
            accounts.extend(behind);
            accounts.sort_by_key(|a| a.0);
            accounts.dedup();
        }
        for account in accounts {
            crate::notify::mail::settings::feed_account(&self.pool, account, self.config.fresh_for)
                .await?;
        }
        busy |= self.digests().await?;
        if self.key.is_none() {
            self.key = Some(Arc::new(
                crate::notify::mail::settings::unsubscribe_key(&self.pool).await?,
            ));
        }
        let claimed =
            crate::notify::mail::settings::claim(&self.pool, BATCH, self.config.lease).await?;
        busy |= claimed.len() as i64 == BATCH;
        if let Some(first) = claimed.first()
            && let Ok(mut l) = self.leases.lock()
        {
            l.insert(first.lease);
        }
        let lease = claimed.first().map(|c| c.lease);
        let sends = claimed.iter().map(|mail| self.attempt(mail));
        futures_util::future::join_all(sends).await;
        if let Some(lease) = lease
            && let Ok(mut l) = self.leases.lock()
        {
            l.remove(&lease);
        }
        Ok(busy)
    }

    /// Queues the digests that are due, one account per transaction (its shard on Citus; the
    /// games it lists are read beforehand, across shards); `true` when the batch was full.
    async fn digests(&self) -> anyhow::Result<bool> {
        let due = crate::notify::mail::settings::digests_due(&self.pool, FEED_BATCH).await?;
        for account in &due {
            let games = crate::notify::mail::settings::awaiting_games(&self.pool, *account).await?;
            let mut tx = self.pool.begin().await?;
            let Some(due) = crate::notify::mail::settings::claim_digest(&mut tx, *account).await?
            else {
                continue;
            };
            let to = crate::notify::mail::settings::digest_address(&mut tx, due.account).await?;
            let now = Utc::now();
            let mut sent = None;
            if let Some(to) = to
                && !games.is_empty()
            {
                let payload = serde_json::json!({ "games": games });
                crate::notify::mail::settings::enqueue(
                    &mut tx,
                    due.account,
                    MailKind::Digest,
                    &to,
                    None,
                    &payload,
                )
                .await?;
                sent = Some(now);
            }
            let next = crate::notify::mail::settings::next_digest(
                due.digest_hour,
                &due.time_zone,
                now,
                sent,
            );
            crate::notify::mail::settings::schedule_digest(&mut tx, due.account, next, sent)
                .await?;
            tx.commit().await?;
        }
        Ok(due.len() as i64 == FEED_BATCH)
    }

    /// Attempts one mail and records the outcome.
    async fn attempt(&self, mail: &ClaimedMail) {
        let outcome = match self.prepare_and_send(mail).await {
            Ok(outcome) => outcome,
            Err(e) => {
                tracing::warn!(mail = %mail.id, error = format!("{e:#}"), "mail attempt failed");
                self.retry(mail)
            }
        };
        match crate::notify::mail::settings::record(&self.pool, mail, &outcome).await {
            Ok(true) => {}
            Ok(false) => tracing::debug!(mail = %mail.id, "a mail attempt outlived its lease"),
            Err(e) => tracing::warn!(mail = %mail.id, error = format!("{e:#}"),
                                     "recording a mail attempt failed"),
        }
    }

    /// The next attempt's time, or given up past the retry window.
    fn retry(&self, mail: &ClaimedMail) -> Outcome {
        let now = Utc::now();
        let window = chrono::Duration::from_std(self.config.retry_for).unwrap_or_default();
        if now >= mail.created_at + window {
            return Outcome::Failed;
        }
        // This attempt is not counted yet: it is the `attempts + 1`th to fail.
        let failed = u32::try_from(mail.attempts).unwrap_or(0).saturating_add(1);
        let delay = backoff::full_jitter(failed, self.config.retry_base, self.config.retry_max);
        Outcome::Retry(now + chrono::Duration::from_std(delay).unwrap_or_default())
    }

    async fn prepare_and_send(&self, mail: &ClaimedMail) -> anyhow::Result<Outcome> {
        let Some(recipient) =
            crate::notify::mail::settings::recipient(&self.pool, mail.account).await?
        else {
            return Ok(Outcome::Dropped);
        };
        if recipient.deleted {
            return Ok(Outcome::Dropped);
        }
        let transactional = mail.kind.is_transactional();
        // Game mail and digests: to the address as verified now, never while away.
        let to = if transactional {
            mail.to.clone()
        } else {
            match &recipient.verified_email {
                Some(address) if !recipient.on_vacation => address.clone(),
                _ => return Ok(Outcome::Dropped),
            }
        };
        let game = match mail.game {
            Some(game) => {
                crate::notify::mail::settings::game_for_mail(&self.pool, game, mail.account).await?
            }
            None => None,
        };
        let details = &mail.payload["details"];
        if matches!(mail.kind, MailKind::YourTurn | MailKind::Reminder) {
            let Some(g) = game.as_ref().filter(|g| g.awaits_account) else {
                return Ok(Outcome::Dropped);
            };
            // Awaited now, but maybe for a later decision: this mail's decision was taken
            // (that later one has its own mail).
            let (version, seat) = (details["version"].as_i64(), details["seat"].as_i64());
            if let (Some(version), Some(seat)) = (version, seat.and_then(|s| i16::try_from(s).ok()))
                && crate::notify::mail::settings::acted_since(&self.pool, g.id, seat, version)
                    .await?
            {
                return Ok(Outcome::Dropped);
            }
        }
        if mail.kind == MailKind::Invited {
            // An invitation already accepted, declined or expired, or to a game no longer
            // open, awaits nothing: its mail would send the player to a game over or full
            // (an address verified late would otherwise get every invitation of the week).
            let invitation = details["invitation_id"]
                .as_str()
                .and_then(|id| id.parse::<Uuid>().ok());
            let pending = match (mail.game, invitation) {
                (Some(game), Some(id)) => {
                    crate::tables::invitations::invitation_pending(
                        &self.pool,
                        game,
                        id,
                        mail.account,
                    )
                    .await?
                }
                _ => false,
            };
            if !pending {
                return Ok(Outcome::Dropped);
            }
        }
        if mail.kind == MailKind::Challenge {
            // A challenge this account answered, or that ended (accepted, declined, cancelled,
            // expired), awaits nothing of it: an address verified late would otherwise get
            // every challenge of the week.
            let challenge = details["challenge_id"]
                .as_str()
                .and_then(|id| id.parse::<Uuid>().ok());
            let pending = match challenge {
                Some(id) => {
                    crate::matchmaking::challenges::challenge_pending(&self.pool, id, mail.account)
                        .await?
                }
                None => false,
            };
            if !pending {
                return Ok(Outcome::Dropped);
            }
        }
        if mail.kind == MailKind::SeekMatched && game.as_ref().is_none_or(|g| g.over) {
            // The paired game is over: the mail would send the player to a game to play.
            return Ok(Outcome::Dropped);
        }
        if mail.kind == MailKind::YourTurn {
            // Not while the account is at the table, nor within the grace after it left.
            let grace = chrono::Duration::from_std(self.config.stream_grace).unwrap_or_default();
            let now = Utc::now();
            if let Some(seen) =
                crate::notify::mail::settings::streams_seen_until(&self.pool, mail.account).await?
                && seen + grace > now
            {
                // Still open (its lease runs ahead): looked at again soon, since it may close
                // at any time; closed: once the grace after its closing has passed.
                let recheck = grace.min(chrono::Duration::seconds(STREAM_RECHECK_S));
                let at = if seen > now {
                    now + recheck
                } else {
                    seen + grace
                };
                return Ok(Outcome::Deferred(at));
            }
        }
        let unsubscribe = match (&self.key, transactional) {
            (Some(key), false) => Some(crate::notify::mail::settings::unsubscribe_token(
                key,
                mail.account,
                mail.kind.setting(),
            )),
            _ => None,
        };
        let digest: Vec<crate::notify::mail::settings::AwaitingGame> =
            if mail.kind == MailKind::Digest {
                serde_json::from_value(mail.payload["games"].clone()).unwrap_or_default()
            } else {
                Vec::new()
            };
        let place = (mail.kind == MailKind::GameOver).then(|| {
            (
                details["place"].as_u64().unwrap_or(0),
                details["won"].as_bool().unwrap_or(false),
            )
        });
        let message = render::render(
            &Mail {
                id: mail.id,
                kind: mail.kind,
                to: &to,
                username: &recipient.username,
                language: &recipient.language,
                time_zone: &recipient.time_zone,
                game: game.as_ref().map(|g| (g.id.0, g.opponents.as_slice())),
                deadline: game.as_ref().and_then(|g| g.deadline),
                digest: &digest,
                token: mail.payload["token"].as_str(),
                place,
                unsubscribe: unsubscribe.as_deref(),
                challenge: matches!(mail.kind, MailKind::Challenge | MailKind::ChallengeDeclined)
                    .then(|| render::Challenged {
                        who: details["challenger"]
                            .as_str()
                            .or_else(|| details["by"].as_str())
                            .unwrap_or_default(),
                        players: details["players"].as_u64().unwrap_or(0),
                        reason: details["reason"].as_str(),
                    }),
            },
            &Site {
                public_url: &self.config.public_url,
                from: &self.config.from,
            },
        )?;
        match self.transport.send(&message, &mail.id.to_string()).await {
            Ok(()) => Ok(Outcome::Sent),
            // A refusal for good (5xx) is retried too, for the whole window, as a refusal for
            // now is: a server that rejects mail (a full mailbox, a relay misconfigured for a
            // while) loses none of it. Past the window it is given up and the account told.
            Err(e) => {
                let permanent = matches!(e, SendError::Permanent(_));
                tracing::info!(mail = %mail.id, error = %e, permanent, "mail not sent; retrying later");
                Ok(self.retry(mail))
            }
        }
    }
}

/// Notes the account a `notifications` announcement (`<account>:<id>[:…]`) names.
fn hint(hinted: &mut HashSet<AccountId>, n: &PgNotification) {
    if n.channel() == NOTIFICATIONS_CHANNEL
        && let Some(account) = n.payload().split(':').next()
        && let Ok(id) = account.parse::<Uuid>()
    {
        hinted.insert(AccountId(id));
    }
}
