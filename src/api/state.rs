//! [`AppState`]: what every handler can reach, built once per server from its configuration.

use std::sync::Arc;

use sqlx::PgPool;

use crate::api::credentials::Identities;
use crate::api::jwt::JwtKeys;
use crate::api::rate_limit::{AttemptLimiter, LoginLimiter};
use crate::config::AppConfig;
use crate::eventstore::Store;
use crate::eventstore::notify::Notifier;
use crate::outbound::push::Vapid;
use crate::proofs::signing::LogSigner;
use crate::shutdown::ShutdownSignal;
use crate::telemetry::metrics::Metrics;

/// What every handler can reach, as `web::Data<AppState>`. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub pool: PgPool,
    pub config: Arc<AppConfig>,
    pub jwt: Arc<JwtKeys>,
    pub metrics: Arc<Metrics>,
    pub login_limiter: Arc<LoginLimiter>,
    /// Account creations per client address.
    pub signup_limiter: Arc<AttemptLimiter>,
    /// Becomes true when the server starts shutting down: long polls wait on it and return.
    pub shutdown: ShutdownSignal,
    /// The event store over `pool`.
    pub store: Store,
    /// Wakes long polls when any server process appends to a game (LISTEN/NOTIFY).
    pub notifier: Notifier,
    /// The VAPID key pair of Web Push.
    pub vapid: Arc<Vapid>,
    /// The transparency log's signing key.
    pub log_signer: Arc<LogSigner>,
    /// What the shell asks of the accounts (token lookups, whether an account is there).
    pub identities: Arc<dyn Identities>,
    /// Streams being opened (their lease taken, their first page read) at once: half the
    /// database connections, so that thousands opened together queue here, in order, instead
    /// of timing out on the pool.
    pub stream_opens: Arc<tokio::sync::Semaphore>,
}

impl AppState {
    pub fn new(
        pool: PgPool,
        config: AppConfig,
        shutdown: ShutdownSignal,
        notifier: Notifier,
        identities: Arc<dyn Identities>,
    ) -> Self {
        let jwt = JwtKeys::new(config.jwt_secret.as_bytes(), config.token_ttl)
            .with_revocations(notifier.revoked_sessions());
        let login_limiter = LoginLimiter::new(config.login_max_failures, config.login_window);
        let signup_limiter =
            AttemptLimiter::new(config.signup_max_per_window, config.signup_window);
        let vapid = Arc::new(Vapid::new(
            config.webhooks.vapid_private_key.clone(),
            config.webhooks.vapid_subject.clone(),
        ));
        let log_signer = Arc::new(LogSigner::new(config.log_signing_key.clone()));
        let opening_at_once = (pool.options().get_max_connections() / 2).max(1) as usize;
        AppState {
            vapid,
            store: Store::new(pool.clone())
                .with_receipts(log_signer.clone())
                .with_live_appends(notifier.games())
                .with_live_notifications(notifier.notifications()),
            log_signer,
            identities,
            notifier,
            pool,
            jwt: Arc::new(jwt),
            metrics: Arc::new(Metrics::new()),
            login_limiter: Arc::new(login_limiter),
            signup_limiter: Arc::new(signup_limiter),
            stream_opens: Arc::new(tokio::sync::Semaphore::new(opening_at_once)),
            config: Arc::new(config),
            shutdown,
        }
    }
}
