//! Configuration: flags and environment variables (clap with `env`), and the resolved
//! [`AppConfig`] the HTTP application runs with. No I/O here except reading/creating the
//! generated JWT secret file.

use std::fs;
use std::io::Write;
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;

/// Defaults shared by the CLI and [`AppConfig::new`], so tests run with what production runs.
pub mod defaults {
    pub const LISTEN: &str = "127.0.0.1:8080";
    pub const DATA_DIR: &str = "./data";
    /// 15 minutes: how long an access token may outlive a logout or a password change.
    pub const TOKEN_TTL_SECONDS: u64 = 900;
    /// 30 days.
    pub const REFRESH_TTL_SECONDS: u64 = 30 * 24 * 3600;
    pub const MAX_BODY_BYTES: usize = 16 * 1024;
    pub const MAX_PAGE_SIZE: u32 = 100;
    pub const DB_MAX_CONNECTIONS: u32 = 10;
    pub const DB_WORKER_CONNECTIONS: u32 = 2;
    pub const DB_ACQUIRE_TIMEOUT_SECONDS: u64 = 3;
    pub const LOGIN_MAX_FAILURES: u32 = 10;
    pub const LOGIN_WINDOW_SECONDS: u64 = 60;
    pub const SHUTDOWN_TIMEOUT_SECONDS: u64 = 30;
    pub const SIGNUP_MAX_PER_WINDOW: u32 = 20;
    pub const SIGNUP_WINDOW_SECONDS: u64 = 600;
    pub const MAX_OPEN_GAMES_PER_ACCOUNT: u32 = 10;
    pub const BODY_TIMEOUT_SECONDS: u64 = 10;
    /// Server-Sent Events streams send a `: keep-alive` comment after this long without a line.
    pub const SSE_HEARTBEAT_SECONDS: u64 = 15;
    /// Server-Sent Events streams one account may have open at once, on all servers together.
    pub const MAX_STREAMS_PER_ACCOUNT: u32 = 10;
    /// Unused, unexpired stream tickets one account may hold.
    pub const MAX_STREAM_TICKETS_PER_ACCOUNT: u32 = 20;
    /// An open stream re-checks its authority (and renews its lease) this often, wake-up or not.
    pub const STREAM_RECHECK_SECONDS: u64 = 30;
    /// The deadline worker looks for due games at least this often (service rules §9.4–9.5):
    /// between two looks it sleeps until the next due time it read, or one this process's
    /// appends made; this bounds how late a thing made due by a stopped process is done.
    pub const DEADLINE_POLL_MS: u64 = 5_000;
    /// The rating worker looks for finished rated games to rate this often (service rules §9.7).
    pub const RATINGS_POLL_MS: u64 = 5_000;
    /// The tournament worker looks for tournaments to start, pair or end this often (service
    /// rules §9.11).
    pub const TOURNAMENT_POLL_MS: u64 = 5_000;
    /// The reset worker looks for password-reset requests a stopped process left this often.
    pub const PASSWORD_RESET_POLL_MS: u64 = 5_000;
    pub const LOG_POLL_MS: u64 = 2_000;
    /// The fan-out worker sweeps for outbox rows a stopped process left this often.
    pub const OUTBOX_SWEEP_SECONDS: u64 = 10;
    /// Games one server process fans out at once.
    pub const FANOUT_CONCURRENCY: u32 = 4;
    /// Webhook retries: the first after this long, then doubling up to the cap.
    pub const WEBHOOK_RETRY_BASE_MS: u64 = 5_000;
    pub const WEBHOOK_RETRY_MAX_SECONDS: u64 = 3_600;
    /// A delivery is retried for 3 days after its first attempt (the issue asks for >= 24 h).
    pub const WEBHOOK_RETRY_FOR_SECONDS: u64 = 3 * 24 * 3600;
    /// An endpoint failing without a success for 5 days is disabled.
    pub const WEBHOOK_DISABLE_AFTER_SECONDS: u64 = 5 * 24 * 3600;
    pub const WEBHOOK_CONNECT_TIMEOUT_MS: u64 = 5_000;
    /// Standard Webhooks recommends waiting 15 to 30 s for an answer.
    pub const WEBHOOK_TIMEOUT_MS: u64 = 15_000;
    /// The slow sweep for missed wake-ups (due retries are slept for exactly, not polled).
    pub const WEBHOOK_POLL_SECONDS: u64 = 30;
    /// Attempts in flight at once per server process; they hold no database connection.
    pub const WEBHOOK_CONCURRENCY: u32 = 32;
    /// Attempts in flight at once to the endpoints of one account (all processes together):
    /// an account's slow endpoints never take more than this of the shared slots.
    pub const WEBHOOK_CONCURRENCY_PER_ACCOUNT: u32 = 2;
    /// Timeouts in a row after which an endpoint is served by the slow lane.
    pub const WEBHOOK_SLOW_AFTER: u32 = 3;
    /// Attempts in flight at once per server process to endpoints in the slow lane.
    pub const WEBHOOK_SLOW_CONCURRENCY: u32 = 4;
    pub const VAPID_SUBJECT: &str = "mailto:operator@localhost";
    pub const MAIL_FROM: &str = "Lords of Scotland <lords@localhost>";
    pub const PUBLIC_URL: &str = "http://127.0.0.1:8080";
    pub const MAIL_RETRY_BASE_SECONDS: u64 = 30;
    pub const MAIL_RETRY_MAX_SECONDS: u64 = 3_600;
    /// Retried for 3 days, then given up.
    pub const MAIL_RETRY_FOR_SECONDS: u64 = 3 * 24 * 3600;
    pub const MAIL_LEASE_SECONDS: u64 = 120;
    pub const MAIL_POLL_SECONDS: u64 = 30;
    /// No `your_turn` mail within two minutes of the account's last open stream.
    pub const MAIL_STREAM_GRACE_SECONDS: u64 = 120;
    pub const MAIL_FRESH_FOR_SECONDS: u64 = 24 * 3600;
}

/// The shortest JWT secret accepted: HS256 wants at least 256 bits of key.
pub const MIN_JWT_SECRET_LEN: usize = 32;

/// Name of the generated secret file inside the data directory (embedded mode only).
pub const JWT_SECRET_FILE: &str = "jwt-secret";

/// Where the database is: an external server (`DATABASE_URL`) or the embedded cluster under
/// `data_dir`.
#[derive(clap::Args, Debug, Clone)]
pub struct DatabaseArgs {
    /// PostgreSQL URL; when absent, a private cluster is started under the data directory.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
    /// Data directory for the embedded cluster and the generated JWT secret.
    #[arg(long, env = "LORDS_DATA_DIR", default_value = defaults::DATA_DIR)]
    pub data_dir: PathBuf,
    /// Database connections the API opens at most: `serve` gives the HTTP workers' own
    /// (--db-worker-connections) out of it, and the shared pool the rest.
    #[arg(long, env = "LORDS_DB_MAX_CONNECTIONS", default_value_t = defaults::DB_MAX_CONNECTIONS,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub db_max_connections: u32,
    /// Seconds to wait for a pooled connection before answering 503 (keeps outages fast).
    #[arg(long, env = "LORDS_DB_ACQUIRE_TIMEOUT_SECONDS",
          default_value_t = defaults::DB_ACQUIRE_TIMEOUT_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..=300))]
    pub db_acquire_timeout_seconds: u64,
    /// Colon-separated directories searched for `initdb` and `pg_ctl` after PATH, for the
    /// embedded cluster [default: /usr/lib/postgresql/*/bin, highest version first].
    #[arg(long, env = "LORDS_PG_BIN_DIRS")]
    pub pg_bin_dirs: Option<String>,
}

impl DatabaseArgs {
    /// An external database at `url`, every other setting at its default.
    pub fn external(url: impl Into<String>) -> Self {
        DatabaseArgs {
            database_url: Some(url.into()),
            ..DatabaseArgs::embedded(defaults::DATA_DIR)
        }
    }

    /// The embedded cluster under `data_dir`, every other setting at its default.
    pub fn embedded(data_dir: impl Into<PathBuf>) -> Self {
        DatabaseArgs {
            database_url: None,
            data_dir: data_dir.into(),
            db_max_connections: defaults::DB_MAX_CONNECTIONS,
            db_acquire_timeout_seconds: defaults::DB_ACQUIRE_TIMEOUT_SECONDS,
            pg_bin_dirs: None,
        }
    }

    pub fn acquire_timeout(&self) -> Duration {
        Duration::from_secs(self.db_acquire_timeout_seconds)
    }
}

/// How log lines are written (to stderr).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LogFormat {
    /// One readable line per event, span fields (request_id) in front.
    #[default]
    Human,
    /// One JSON object per line, with the current span's fields (request_id).
    Json,
}

#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    #[command(flatten)]
    pub db: DatabaseArgs,
    /// Address and port the HTTP server listens on.
    #[arg(long, env = "LORDS_LISTEN", default_value = defaults::LISTEN)]
    pub listen: String,
    /// Secret that signs access tokens (HS256), at least 32 bytes. Required with DATABASE_URL;
    /// in embedded mode a missing secret is generated once into <data-dir>/jwt-secret.
    #[arg(long, env = "LORDS_JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,
    /// Lifetime of an access token, in seconds.
    #[arg(long, env = "LORDS_TOKEN_TTL_SECONDS", default_value_t = defaults::TOKEN_TTL_SECONDS,
          value_parser = clap::value_parser!(u64).range(60..=31_536_000))]
    pub token_ttl_seconds: u64,
    /// Lifetime of a refresh token, in seconds; each refresh issues a new one with a new
    /// lifetime.
    #[arg(long, env = "LORDS_REFRESH_TTL_SECONDS", default_value_t = defaults::REFRESH_TTL_SECONDS,
          value_parser = clap::value_parser!(u64).range(60..=31_536_000))]
    pub refresh_ttl_seconds: u64,
    /// Origins browsers may call the API from (CORS), comma-separated, e.g.
    /// `https://play.example.org,http://localhost:5173`; `*` allows any origin. None by default.
    #[arg(long, env = "LORDS_CORS_ALLOWED_ORIGINS", value_delimiter = ',',
          value_parser = parse_origin)]
    pub cors_allowed_origins: Vec<String>,
    /// Log format on stderr (level filter: RUST_LOG, default "info").
    #[arg(long, env = "LORDS_LOG_FORMAT", value_enum, default_value_t = LogFormat::Human)]
    pub log_format: LogFormat,
    /// Largest accepted request body, in bytes (larger bodies get 413).
    #[arg(long, env = "LORDS_MAX_BODY_BYTES", default_value_t = defaults::MAX_BODY_BYTES)]
    pub max_body_bytes: usize,
    /// Largest page a list endpoint returns.
    #[arg(long, env = "LORDS_MAX_PAGE_SIZE", default_value_t = defaults::MAX_PAGE_SIZE,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub max_page_size: u32,
    /// Failed logins per username at one client address, and per client address, allowed
    /// within the window before further attempts get 429. Attempts count when they start.
    #[arg(long, env = "LORDS_LOGIN_MAX_FAILURES", default_value_t = defaults::LOGIN_MAX_FAILURES,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub login_max_failures: u32,
    /// The login rate-limit window, in seconds.
    #[arg(long, env = "LORDS_LOGIN_WINDOW_SECONDS",
          default_value_t = defaults::LOGIN_WINDOW_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub login_window_seconds: u64,
    /// Account creations allowed per client address within the signup window (each costs a
    /// password hash); further ones get 429.
    #[arg(long, env = "LORDS_SIGNUP_MAX_PER_WINDOW",
          default_value_t = defaults::SIGNUP_MAX_PER_WINDOW,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub signup_max_per_window: u32,
    /// The account-creation rate-limit window, in seconds.
    #[arg(long, env = "LORDS_SIGNUP_WINDOW_SECONDS",
          default_value_t = defaults::SIGNUP_WINDOW_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub signup_window_seconds: u64,
    /// Open (not yet started) games one account may be seated in before creating another
    /// gets 409 `too_many_open_games`.
    #[arg(long, env = "LORDS_MAX_OPEN_GAMES_PER_ACCOUNT",
          default_value_t = defaults::MAX_OPEN_GAMES_PER_ACCOUNT,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_open_games_per_account: u32,
    /// HTTP worker threads [default: one per CPU].
    #[arg(long, env = "LORDS_WORKERS", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub workers: Option<u16>,
    /// Database connections each HTTP worker opens for itself, for views, legal actions and
    /// actions, out of --db-max-connections (the shared pool gets the rest, never fewer than
    /// 2; fewer per worker when need be). 0: those requests use the shared pool too.
    #[arg(long, env = "LORDS_DB_WORKER_CONNECTIONS",
          default_value_t = defaults::DB_WORKER_CONNECTIONS,
          value_parser = clap::value_parser!(u32).range(0..=100))]
    pub db_worker_connections: u32,
    /// Seconds in-flight requests get to finish after SIGTERM/SIGINT.
    #[arg(long, env = "LORDS_SHUTDOWN_TIMEOUT_SECONDS",
          default_value_t = defaults::SHUTDOWN_TIMEOUT_SECONDS)]
    pub shutdown_timeout_seconds: u64,
    /// Seconds a client gets to send a request's whole body once its headers are in; slower
    /// bodies get 408.
    #[arg(long, env = "LORDS_BODY_TIMEOUT_SECONDS",
          default_value_t = defaults::BODY_TIMEOUT_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub body_timeout_seconds: u64,
    /// Address and port to serve /metrics on, apart from the API (then /metrics on the API
    /// port is 404) [default: unset, /metrics is served on the API port].
    #[arg(long, env = "LORDS_METRICS_LISTEN")]
    pub metrics_listen: Option<String>,
    /// Seconds of silence after which a Server-Sent Events stream (`/v1/me/stream`,
    /// `/v1/games/{id}/stream`) sends a `heartbeat` event, so proxies keep it open.
    #[arg(long, env = "LORDS_SSE_HEARTBEAT_SECONDS",
          default_value_t = defaults::SSE_HEARTBEAT_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub sse_heartbeat_seconds: u64,
    /// Server-Sent Events streams one account may have open at once, counted across every
    /// server process sharing the database; one more gets 429 `too_many_streams`.
    #[arg(long, env = "LORDS_MAX_STREAMS_PER_ACCOUNT",
          default_value_t = defaults::MAX_STREAMS_PER_ACCOUNT,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_streams_per_account: u32,
    /// Unused, unexpired stream tickets one account may hold; one more gets 429
    /// `too_many_stream_tickets`.
    #[arg(long, env = "LORDS_MAX_STREAM_TICKETS_PER_ACCOUNT",
          default_value_t = defaults::MAX_STREAM_TICKETS_PER_ACCOUNT,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_stream_tickets_per_account: u32,
    /// Seconds between two checks by an open stream, without any wake-up, that its account and
    /// session still hold (logouts, password changes and deletions wake it at once); its lease
    /// on the per-account cap is renewed then, and lapses after three periods without renewal
    /// (a killed server's streams stop counting).
    #[arg(long, env = "LORDS_STREAM_RECHECK_SECONDS",
          default_value_t = defaults::STREAM_RECHECK_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub stream_recheck_seconds: u64,

    /// The longest time (ms) between two looks of the deadline worker for decisions past their
    /// deadline and seats a bot must play (between them it sleeps until the next due time it
    /// read, or one this process made due); 0 runs no worker in this process (another process
    /// must run one).
    #[arg(long, env = "LORDS_DEADLINE_POLL_MS",
          default_value_t = defaults::DEADLINE_POLL_MS,
          value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub deadline_poll_ms: u64,
    /// The longest time (ms) between two looks of the rating worker for finished rated games not
    /// yet rated (service rules §9.7; it rates every such game it finds, oldest first, then
    /// sleeps until this process ends a game or this time passes); 0 runs no worker in this
    /// process (another process must run one).
    #[arg(long, env = "LORDS_RATINGS_POLL_MS",
          default_value_t = defaults::RATINGS_POLL_MS,
          value_parser = clap::value_parser!(u64).range(0..=600_000))]
    pub ratings_poll_ms: u64,
    /// The longest time (ms) between two looks of the tournament worker for tournaments to start
    /// (their `starts_at` passed), to pair (every game of their round ended) or to end (service
    /// rules §9.11; it also looks as soon as this process ends a game); 0 runs no worker in this
    /// process (another process must run one).
    #[arg(long, env = "LORDS_TOURNAMENT_POLL_MS",
          default_value_t = defaults::TOURNAMENT_POLL_MS,
          value_parser = clap::value_parser!(u64).range(0..=600_000))]
    pub tournament_poll_ms: u64,
    /// The longest time (ms) between two looks of the password-reset worker for queued reset
    /// requests (each is also taken at once by the process that queued it; this finds those a
    /// stopped process left); 0 runs no worker in this process (another process must run one).
    #[arg(long, env = "LORDS_PASSWORD_RESET_POLL_MS",
          default_value_t = defaults::PASSWORD_RESET_POLL_MS,
          value_parser = clap::value_parser!(u64).range(0..=600_000))]
    pub password_reset_poll_ms: u64,
    /// The longest time (ms) between two looks of the transparency log's sequencer for finished
    /// games not yet in the log (it appends them and signs the new tree head, then sleeps until
    /// this process ends a game or this time passes; the log's maximum merge delay is 10 s); 0
    /// runs no sequencer in this process (another process must run one).
    #[arg(long, env = "LORDS_LOG_POLL_MS",
          default_value_t = defaults::LOG_POLL_MS,
          value_parser = clap::value_parser!(u64).range(0..=10_000))]
    pub log_poll_ms: u64,
    /// The transparency log's Ed25519 signing key, as base64url PKCS#8 DER. Unset: one is
    /// generated on first start and kept in the database, shared by every server.
    #[arg(long, env = "LORDS_LOG_SIGNING_KEY", hide_env_values = true)]
    pub log_signing_key: Option<String>,
    /// Seconds between two sweeps of the fan-out worker for outbox rows whose process stopped
    /// between an append's commit and its fan-out (on Citus a read of every shard).
    #[arg(long, env = "LORDS_OUTBOX_SWEEP_SECONDS",
          default_value_t = defaults::OUTBOX_SWEEP_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..=3_600))]
    pub outbox_sweep_seconds: u64,
    /// Games one server process fans out to their accounts' notifications at once (each holds
    /// two database connections of the worker's own pool while it runs).
    #[arg(long, env = "LORDS_FANOUT_CONCURRENCY",
          default_value_t = defaults::FANOUT_CONCURRENCY,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub fanout_concurrency: u32,
    #[command(flatten)]
    pub webhooks: WebhookArgs,
    #[command(flatten)]
    pub lobby: LobbyArgs,
    #[command(flatten)]
    pub mail: MailArgs,
    #[command(flatten)]
    pub rates: RateArgs,
}

/// Request budgets per caller (an account signed in with a password, an opaque token, or else
/// a client address) and per kind of `/v1` request, each a quota per fixed 60-second window,
/// counted across every server process; over budget: 429 `too_many_requests`. Published in
/// the `RateLimit-Policy` and `RateLimit` headers of every `/v1` answer.
#[derive(clap::Args, Debug, Clone)]
pub struct RateArgs {
    /// Reads (GET and HEAD) one caller may make per minute.
    #[arg(long, env = "LORDS_RATE_READS_PER_MINUTE",
          default_value_t = RateLimits::DEFAULT.reads_per_minute,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub rate_reads_per_minute: u32,
    /// Game actions (the `game:play` operations: actions, resign, chat, vacation, muting) one
    /// caller may make per minute.
    #[arg(long, env = "LORDS_RATE_ACTIONS_PER_MINUTE",
          default_value_t = RateLimits::DEFAULT.actions_per_minute,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub rate_actions_per_minute: u32,
    /// Game actions a bot account may make per minute, counted apart from people's: a bot
    /// plays many fast games at once (its token's policy is `bot-actions`).
    #[arg(long, env = "LORDS_RATE_BOT_ACTIONS_PER_MINUTE",
          default_value_t = RateLimits::DEFAULT.bot_actions_per_minute,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub rate_bot_actions_per_minute: u32,
    /// Other writes (lobby, account, notifications) one caller may make per minute; signing
    /// in, signing up, refreshing and password resets keep their own limits.
    #[arg(long, env = "LORDS_RATE_LOBBY_WRITES_PER_MINUTE",
          default_value_t = RateLimits::DEFAULT.lobby_writes_per_minute,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub rate_lobby_writes_per_minute: u32,
}

/// The request budgets, resolved (see [`RateArgs`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimits {
    pub reads_per_minute: u32,
    pub actions_per_minute: u32,
    /// A bot account's game actions.
    pub bot_actions_per_minute: u32,
    pub lobby_writes_per_minute: u32,
}

impl RateLimits {
    pub const DEFAULT: RateLimits = RateLimits {
        reads_per_minute: 600,
        actions_per_minute: 120,
        bot_actions_per_minute: 600,
        lobby_writes_per_minute: 30,
    };
}

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits::DEFAULT
    }
}

impl From<&RateArgs> for RateLimits {
    fn from(args: &RateArgs) -> Self {
        RateLimits {
            reads_per_minute: args.rate_reads_per_minute,
            actions_per_minute: args.rate_actions_per_minute,
            bot_actions_per_minute: args.rate_bot_actions_per_minute,
            lobby_writes_per_minute: args.rate_lobby_writes_per_minute,
        }
    }
}

/// Mail: where it leaves from and what its links point at.
#[derive(clap::Args, Debug, Clone)]
pub struct MailArgs {
    /// The SMTP server mail is sent through: `smtp://host:port` (plain), `smtps://user:pass@host`
    /// (TLS from the start) or `smtp://user:pass@host:587?tls=starttls` (STARTTLS required).
    /// Unset: each mail is written as an `.eml` file under `<data-dir>/mail/`.
    #[arg(long, env = "LORDS_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The `From` of every mail.
    #[arg(long, env = "LORDS_MAIL_FROM", default_value = defaults::MAIL_FROM)]
    pub mail_from: String,
    /// The address clients use to reach this server (`https://lords.example.org`): the issuer
    /// and endpoints of OAuth discovery (`/.well-known/oauth-authorization-server`), the base
    /// of every link in a mail and the host of every `Message-ID`, and the page a Web Push
    /// opens. Unset: `http://` and the address the server listens on (`--listen`), with a
    /// warning at start when that address is not loopback, as clients elsewhere cannot use it.
    #[arg(long, env = "LORDS_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// How long a mail refused for now (or an SMTP server unreachable) is retried before it
    /// is given up and the account's `email_failing_since` set.
    #[arg(long, env = "LORDS_MAIL_RETRY_FOR_SECONDS",
          default_value_t = defaults::MAIL_RETRY_FOR_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub mail_retry_for_seconds: u64,
    /// How long one attempt holds its mail: a server killed mid-attempt leaves the mail to
    /// another once this ends (longer than an SMTP exchange may take).
    #[arg(long, env = "LORDS_MAIL_LEASE_SECONDS",
          default_value_t = defaults::MAIL_LEASE_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..=3_600))]
    pub mail_lease_seconds: u64,
}

/// Where mail goes when no SMTP server is configured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MailTransport {
    /// Through this SMTP server (a `--smtp-url`).
    Smtp(String),
    /// Written as `.eml` files into this directory.
    Files(PathBuf),
}

/// The mail worker's settings, resolved.
#[derive(Debug, Clone)]
pub struct MailConfig {
    pub transport: MailTransport,
    pub from: String,
    /// The address clients use to reach this server, without a trailing slash.
    pub public_url: String,
    /// No `--public-url` was given: the server makes it `http://` and the address it bound.
    pub public_url_from_listen: bool,
    /// The first retry's longest delay; each next one doubles, up to `retry_max`. Each wait is
    /// drawn at random below it.
    pub retry_base: Duration,
    pub retry_max: Duration,
    /// How long a mail is retried before it is given up (`failed`).
    pub retry_for: Duration,
    /// How long one attempt may hold its mail (longer than an SMTP exchange takes): a process
    /// killed mid-attempt leaves it to another once this ends.
    pub lease: Duration,
    /// The slow sweep, for what a wake-up missed.
    pub poll: Duration,
    /// No `your_turn` mail until the account's streams have been closed this long.
    pub stream_grace: Duration,
    /// Notifications older than this when first looked at are not mailed.
    pub fresh_for: Duration,
    /// Whether this process runs the mail worker.
    pub enabled: bool,
}

impl MailConfig {
    /// `.eml` files under `data_dir/mail`, links to `public_url`.
    pub fn new(data_dir: &Path) -> Self {
        MailConfig {
            transport: MailTransport::Files(data_dir.join("mail")),
            from: defaults::MAIL_FROM.into(),
            public_url: defaults::PUBLIC_URL.into(),
            public_url_from_listen: false,
            retry_base: Duration::from_secs(defaults::MAIL_RETRY_BASE_SECONDS),
            retry_max: Duration::from_secs(defaults::MAIL_RETRY_MAX_SECONDS),
            retry_for: Duration::from_secs(defaults::MAIL_RETRY_FOR_SECONDS),
            lease: Duration::from_secs(defaults::MAIL_LEASE_SECONDS),
            poll: Duration::from_secs(defaults::MAIL_POLL_SECONDS),
            stream_grace: Duration::from_secs(defaults::MAIL_STREAM_GRACE_SECONDS),
            fresh_for: Duration::from_secs(defaults::MAIL_FRESH_FOR_SECONDS),
            enabled: true,
        }
    }

    fn from_args(args: &MailArgs, data_dir: &Path) -> anyhow::Result<Self> {
        let mut config = MailConfig::new(data_dir);
        if let Some(url) = &args.smtp_url {
            crate::outbound::mail::check_url(url).context("LORDS_SMTP_URL")?;
            config.transport = MailTransport::Smtp(url.clone());
        }
        config.from = args.mail_from.clone();
        crate::outbound::mail::check_from(&config.from).context("LORDS_MAIL_FROM")?;
        match &args.public_url {
            Some(url) => config.public_url = parse_public_url(url).context("LORDS_PUBLIC_URL")?,
            None => config.public_url_from_listen = true,
        }
        config.retry_for = Duration::from_secs(args.mail_retry_for_seconds);
        config.lease = Duration::from_secs(args.mail_lease_seconds);
        Ok(config)
    }
}

/// An `http(s)://host[:port][/path]` URL, without its trailing slash.
pub fn parse_public_url(s: &str) -> anyhow::Result<String> {
    let url = url::Url::parse(s.trim()).with_context(|| format!("{s:?} is not a URL"))?;
    anyhow::ensure!(
        matches!(url.scheme(), "http" | "https") && url.host_str().is_some(),
        "{s:?} is not an http(s) URL with a host"
    );
    anyhow::ensure!(
        url.query().is_none() && url.fragment().is_none(),
        "{s:?} must have no query or fragment"
    );
    Ok(url.as_str().trim_end_matches('/').to_string())
}

/// Caps on what one account may ask of the lobby: invitations and games with bots. Each
/// notifies or costs the server, so none may be asked for without bound. Counted in
/// PostgreSQL, so they hold across server processes.
#[derive(clap::Args, Debug, Clone)]
pub struct LobbyArgs {
    /// Pending (live, unused) invitations by username one game may have; another gets 409
    /// `too_many_pending_invitations`.
    #[arg(long, env = "LORDS_MAX_PENDING_INVITATIONS_PER_GAME",
          default_value_t = LobbyLimits::DEFAULT.max_pending_invitations_per_game,
          value_parser = clap::value_parser!(u32).range(1..=1_000))]
    pub max_pending_invitations_per_game: u32,
    /// Invitations (codes and usernames) one account may create within an hour; another gets
    /// 429 `too_many_invitations` with `Retry-After`.
    #[arg(long, env = "LORDS_MAX_INVITATIONS_PER_HOUR",
          default_value_t = LobbyLimits::DEFAULT.max_invitations_per_hour,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_invitations_per_hour: u32,
    /// Unfinished (open or active) games with a bot's seat one account may sit in; giving a
    /// bot a seat of one more gets 409 `too_many_bot_games`.
    #[arg(long, env = "LORDS_MAX_BOT_GAMES_PER_ACCOUNT",
          default_value_t = LobbyLimits::DEFAULT.max_bot_games_per_account,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_bot_games_per_account: u32,
    /// Unfinished (open or active) games a bot account (service rules §9.9) may play at once;
    /// one more (joining, accepting a challenge, creating a game) gets 409
    /// `too_many_bot_account_games`.
    #[arg(long, env = "LORDS_MAX_GAMES_PER_BOT_ACCOUNT",
          default_value_t = LobbyLimits::DEFAULT.max_games_per_bot_account,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_games_per_bot_account: u32,
    /// Days a seek stays open, unpaired, before it expires (service rules §9.10).
    #[arg(long, env = "LORDS_SEEK_DAYS",
          default_value_t = LobbyLimits::DEFAULT.seek_days,
          value_parser = clap::value_parser!(u32).range(1..=30))]
    pub seek_days: u32,
}

/// The lobby's caps, resolved (see [`LobbyArgs`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LobbyLimits {
    pub max_pending_invitations_per_game: u32,
    pub max_invitations_per_hour: u32,
    pub max_bot_games_per_account: u32,
    pub max_games_per_bot_account: u32,
    pub seek_days: u32,
}

impl LobbyLimits {
    pub const DEFAULT: LobbyLimits = LobbyLimits {
        max_pending_invitations_per_game: 20,
        max_invitations_per_hour: 60,
        max_bot_games_per_account: 10,
        max_games_per_bot_account: 50,
        seek_days: 7,
    };
}

impl Default for LobbyLimits {
    fn default() -> Self {
        LobbyLimits::DEFAULT
    }
}

impl From<&LobbyArgs> for LobbyLimits {
    fn from(args: &LobbyArgs) -> Self {
        LobbyLimits {
            max_pending_invitations_per_game: args.max_pending_invitations_per_game,
            max_invitations_per_hour: args.max_invitations_per_hour,
            max_bot_games_per_account: args.max_bot_games_per_account,
            max_games_per_bot_account: args.max_games_per_bot_account,
            seek_days: args.seek_days,
        }
    }
}

/// The delivery worker's settings (webhooks).
#[derive(clap::Args, Debug, Clone)]
pub struct WebhookArgs {
    /// Addresses and networks webhooks may reach although they are loopback, private,
    /// link-local, unique-local or otherwise non-public, comma-separated, each with an optional
    /// port that is then the only one allowed, e.g. `127.0.0.1:8081,10.0.0.0/8,[::1]:9000`.
    /// Public addresses are always allowed; none of the others by default (SSRF protection).
    #[arg(long, env = "LORDS_WEBHOOK_ALLOW", value_delimiter = ',',
          value_parser = crate::outbound::guard::parse_allow_entry)]
    pub webhook_allow: Vec<crate::outbound::guard::AllowEntry>,
    /// Milliseconds before the first retry of a failed delivery; each further retry waits twice
    /// as long, up to --webhook-retry-max-seconds.
    #[arg(long, env = "LORDS_WEBHOOK_RETRY_BASE_MS",
          default_value_t = defaults::WEBHOOK_RETRY_BASE_MS,
          value_parser = clap::value_parser!(u64).range(10..=3_600_000))]
    pub webhook_retry_base_ms: u64,
    /// The longest wait between two attempts of a delivery, in seconds.
    #[arg(long, env = "LORDS_WEBHOOK_RETRY_MAX_SECONDS",
          default_value_t = defaults::WEBHOOK_RETRY_MAX_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub webhook_retry_max_seconds: u64,
    /// Seconds a delivery is retried after its first attempt before it is given up (`failed`).
    #[arg(long, env = "LORDS_WEBHOOK_RETRY_FOR_SECONDS",
          default_value_t = defaults::WEBHOOK_RETRY_FOR_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..=31_536_000))]
    pub webhook_retry_for_seconds: u64,
    /// Seconds an endpoint may fail without a single success before it is disabled (its
    /// owner sees `disabled_at` in `GET /v1/me/webhooks`).
    #[arg(long, env = "LORDS_WEBHOOK_DISABLE_AFTER_SECONDS",
          default_value_t = defaults::WEBHOOK_DISABLE_AFTER_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..=31_536_000))]
    pub webhook_disable_after_seconds: u64,
    /// Milliseconds to connect to a webhook endpoint (TLS included).
    #[arg(long, env = "LORDS_WEBHOOK_CONNECT_TIMEOUT_MS",
          default_value_t = defaults::WEBHOOK_CONNECT_TIMEOUT_MS,
          value_parser = clap::value_parser!(u64).range(10..=600_000))]
    pub webhook_connect_timeout_ms: u64,
    /// Milliseconds one delivery attempt may take in all (connect, send, answer).
    #[arg(long, env = "LORDS_WEBHOOK_TIMEOUT_MS", default_value_t = defaults::WEBHOOK_TIMEOUT_MS,
          value_parser = clap::value_parser!(u64).range(10..=600_000))]
    pub webhook_timeout_ms: u64,
    /// Seconds between two sweeps for deliveries a missed wake-up left waiting.
    #[arg(long, env = "LORDS_WEBHOOK_POLL_SECONDS",
          default_value_t = defaults::WEBHOOK_POLL_SECONDS,
          value_parser = clap::value_parser!(u64).range(1..=3_600))]
    pub webhook_poll_seconds: u64,
    /// Deliveries one server process attempts at once. An attempt holds no database
    /// connection while it waits for the endpoint.
    #[arg(long, env = "LORDS_WEBHOOK_CONCURRENCY",
          default_value_t = defaults::WEBHOOK_CONCURRENCY,
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub webhook_concurrency: u32,
    /// Deliveries attempted at once to the endpoints of one account, by all server processes
    /// together: one account's slow or failing endpoints never hold more of the slots.
    #[arg(long, env = "LORDS_WEBHOOK_CONCURRENCY_PER_ACCOUNT",
          default_value_t = defaults::WEBHOOK_CONCURRENCY_PER_ACCOUNT,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub webhook_concurrency_per_account: u32,
    /// Attempts in a row that timed out after which an endpoint goes to the slow lane: a few
    /// slots of its own (`--webhook-slow-concurrency`), beside the others, so that endpoints
    /// that hold every request do not delay other accounts' deliveries. An attempt answered in
    /// time brings it back. Counted in the database: every server process agrees.
    #[arg(long, env = "LORDS_WEBHOOK_SLOW_AFTER",
          default_value_t = defaults::WEBHOOK_SLOW_AFTER,
          value_parser = clap::value_parser!(u32).range(1..=100))]
    pub webhook_slow_after: u32,
    /// Deliveries one server process attempts at once to endpoints in the slow lane, beside
    /// `--webhook-concurrency`.
    #[arg(long, env = "LORDS_WEBHOOK_SLOW_CONCURRENCY",
          default_value_t = defaults::WEBHOOK_SLOW_CONCURRENCY,
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub webhook_slow_concurrency: u32,
    /// The VAPID private key of Web Push: a P-256 key as base64url PKCS#8 DER. Unset: one is
    /// generated on first start and kept in the database, shared by every server.
    #[arg(long, env = "LORDS_VAPID_PRIVATE_KEY", hide_env_values = true)]
    pub vapid_private_key: Option<String>,
    /// The contact push services see in VAPID tokens (`sub`): `mailto:` or `https:`.
    #[arg(long, env = "LORDS_VAPID_SUBJECT", default_value = defaults::VAPID_SUBJECT)]
    pub vapid_subject: String,
}

/// The delivery worker's settings, resolved.
#[derive(Debug, Clone)]
pub struct WebhookConfig {
    pub allow: crate::outbound::guard::AllowList,
    pub retry_base: Duration,
    pub retry_max: Duration,
    pub retry_for: Duration,
    pub disable_after: Duration,
    pub connect_timeout: Duration,
    pub timeout: Duration,
    pub poll: Duration,
    pub concurrency: u32,
    pub concurrency_per_account: u32,
    /// Timeouts in a row after which an endpoint is served by the slow lane.
    pub slow_after: u32,
    /// Attempts in flight at once to endpoints in the slow lane, beside `concurrency`.
    pub slow_concurrency: u32,
    /// Base64url PKCS#8; `None`: generated once into the database.
    pub vapid_private_key: Option<String>,
    pub vapid_subject: String,
}

impl Default for WebhookConfig {
    fn default() -> Self {
        WebhookConfig {
            allow: Default::default(),
            retry_base: Duration::from_millis(defaults::WEBHOOK_RETRY_BASE_MS),
            retry_max: Duration::from_secs(defaults::WEBHOOK_RETRY_MAX_SECONDS),
            retry_for: Duration::from_secs(defaults::WEBHOOK_RETRY_FOR_SECONDS),
            disable_after: Duration::from_secs(defaults::WEBHOOK_DISABLE_AFTER_SECONDS),
            connect_timeout: Duration::from_millis(defaults::WEBHOOK_CONNECT_TIMEOUT_MS),
            timeout: Duration::from_millis(defaults::WEBHOOK_TIMEOUT_MS),
            poll: Duration::from_secs(defaults::WEBHOOK_POLL_SECONDS),
            concurrency: defaults::WEBHOOK_CONCURRENCY,
            concurrency_per_account: defaults::WEBHOOK_CONCURRENCY_PER_ACCOUNT,
            slow_after: defaults::WEBHOOK_SLOW_AFTER,
            slow_concurrency: defaults::WEBHOOK_SLOW_CONCURRENCY,
            vapid_private_key: None,
            vapid_subject: defaults::VAPID_SUBJECT.to_string(),
        }
    }
}

impl From<&WebhookArgs> for WebhookConfig {
    fn from(a: &WebhookArgs) -> Self {
        WebhookConfig {
            allow: crate::outbound::guard::AllowList::new(a.webhook_allow.clone()),
            retry_base: Duration::from_millis(a.webhook_retry_base_ms),
            retry_max: Duration::from_secs(a.webhook_retry_max_seconds),
            retry_for: Duration::from_secs(a.webhook_retry_for_seconds),
            disable_after: Duration::from_secs(a.webhook_disable_after_seconds),
            connect_timeout: Duration::from_millis(a.webhook_connect_timeout_ms),
            timeout: Duration::from_millis(a.webhook_timeout_ms),
            poll: Duration::from_secs(a.webhook_poll_seconds),
            concurrency: a.webhook_concurrency,
            concurrency_per_account: a.webhook_concurrency_per_account,
            slow_after: a.webhook_slow_after,
            slow_concurrency: a.webhook_slow_concurrency,
            vapid_private_key: a.vapid_private_key.clone(),
            vapid_subject: a.vapid_subject.clone(),
        }
    }
}

/// An origin as browsers send it: `*`, or `http(s)://host[:port]` with no path.
pub fn parse_origin(s: &str) -> Result<String, String> {
    let s = s.trim();
    if s == "*" {
        return Ok(s.to_string());
    }
    let rest = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"))
        .ok_or_else(|| format!("{s:?} is not an origin: expected http(s)://host[:port]"))?;
    let ok = !rest.is_empty()
        && rest
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b));
    if ok {
        Ok(s.to_string())
    } else {
        Err(format!(
            "{s:?} is not an origin: expected http(s)://host[:port], no path or trailing slash"
        ))
    }
}

/// The `serve` flags as a clap command, for introspection (tests compare the Compose file's
/// environment with it).
pub fn serve_command() -> clap::Command {
    <ServeArgs as clap::Args>::augment_args(clap::Command::new("serve"))
}

/// Every environment variable the `serve` command reads.
pub fn serve_env_vars() -> Vec<String> {
    serve_command()
        .get_arguments()
        .filter_map(|a| a.get_env())
        .map(|e| e.to_string_lossy().into_owned())
        .collect()
}

/// What the HTTP application runs with, resolved from [`ServeArgs`] (the JWT secret is known).
#[derive(Debug, Clone)]
pub struct AppConfig {
    pub listen: String,
    pub jwt_secret: String,
    pub token_ttl: Duration,
    pub refresh_ttl: Duration,
    /// Allowed CORS origins (`*` for any); empty: no CORS headers at all.
    pub cors_allowed_origins: Vec<String>,
    pub max_body_bytes: usize,
    pub max_page_size: u32,
    pub login_max_failures: u32,
    pub login_window: Duration,
    pub signup_max_per_window: u32,
    pub signup_window: Duration,
    pub max_open_games_per_account: u32,
    pub workers: Option<usize>,
    /// Connections each HTTP worker opens for itself for the hot paths, on top of the pool
    /// the application is given (`serve` takes them out of `--db-max-connections`); 0: none.
    pub db_worker_connections: u32,
    pub shutdown_timeout: Duration,
    /// Time allowed to receive a request body once the headers are in (then 408).
    pub body_timeout: Duration,
    /// Where /metrics is served when apart from the API; `None` serves it on the API port.
    pub metrics_listen: Option<String>,
    /// Silence after which an SSE stream sends a `: keep-alive` comment.
    pub sse_heartbeat: Duration,
    /// Open SSE streams per account, across processes (then 429 `too_many_streams`).
    pub max_streams_per_account: u32,
    /// Live stream tickets per account (then 429 `too_many_stream_tickets`).
    pub max_stream_tickets_per_account: u32,
    /// How often an open stream re-checks its authority and renews its lease (three of these
    /// make the lease).
    pub stream_recheck: Duration,
    /// The longest time between two looks of the deadline worker; `None`: no worker in this
    /// process.
    pub deadline_poll: Option<Duration>,
    /// The longest time between two looks of the rating worker; `None`: no worker in this
    /// process.
    pub ratings_poll: Option<Duration>,
    /// The longest time between two looks of the tournament worker; `None`: no worker in this
    /// process.
    pub tournament_poll: Option<Duration>,
    /// The longest time between two looks of the password-reset worker; `None`: no worker in
    /// this process, and a request is left queued for another process's.
    pub password_reset_poll: Option<Duration>,
    /// The longest time between two looks of the log's sequencer; `None`: none in this process.
    pub log_poll: Option<Duration>,
    /// The log's signing key (base64url PKCS#8); `None`: generated once into the database.
    pub log_signing_key: Option<String>,
    /// The fan-out worker's sweep for outbox rows left behind.
    pub outbox_sweep: Duration,
    /// Games fanned out at once by this process.
    pub fanout_concurrency: u32,
    /// The delivery worker (webhooks).
    pub webhooks: WebhookConfig,
    /// Caps on invitations and games with bots.
    pub lobby: LobbyLimits,
    /// The mail worker.
    pub mail: MailConfig,
    /// Request budgets per caller and kind of request.
    pub rates: RateLimits,
}

impl AppConfig {
    /// The defaults of the CLI with this secret. Tests set `listen` to `127.0.0.1:0`.
    pub fn new(jwt_secret: impl Into<String>) -> Self {
        AppConfig {
            listen: defaults::LISTEN.to_string(),
            jwt_secret: jwt_secret.into(),
            token_ttl: Duration::from_secs(defaults::TOKEN_TTL_SECONDS),
            refresh_ttl: Duration::from_secs(defaults::REFRESH_TTL_SECONDS),
            cors_allowed_origins: Vec::new(),
            max_body_bytes: defaults::MAX_BODY_BYTES,
            max_page_size: defaults::MAX_PAGE_SIZE,
            login_max_failures: defaults::LOGIN_MAX_FAILURES,
            login_window: Duration::from_secs(defaults::LOGIN_WINDOW_SECONDS),
            signup_max_per_window: defaults::SIGNUP_MAX_PER_WINDOW,
            signup_window: Duration::from_secs(defaults::SIGNUP_WINDOW_SECONDS),
            max_open_games_per_account: defaults::MAX_OPEN_GAMES_PER_ACCOUNT,
            workers: None,
            db_worker_connections: defaults::DB_WORKER_CONNECTIONS,
            shutdown_timeout: Duration::from_secs(defaults::SHUTDOWN_TIMEOUT_SECONDS),
            body_timeout: Duration::from_secs(defaults::BODY_TIMEOUT_SECONDS),
            metrics_listen: None,
            sse_heartbeat: Duration::from_secs(defaults::SSE_HEARTBEAT_SECONDS),
            max_streams_per_account: defaults::MAX_STREAMS_PER_ACCOUNT,
            max_stream_tickets_per_account: defaults::MAX_STREAM_TICKETS_PER_ACCOUNT,
            stream_recheck: Duration::from_secs(defaults::STREAM_RECHECK_SECONDS),
            deadline_poll: Some(Duration::from_millis(defaults::DEADLINE_POLL_MS)),
            ratings_poll: Some(Duration::from_millis(defaults::RATINGS_POLL_MS)),
            tournament_poll: Some(Duration::from_millis(defaults::TOURNAMENT_POLL_MS)),
            password_reset_poll: Some(Duration::from_millis(defaults::PASSWORD_RESET_POLL_MS)),
            log_poll: Some(Duration::from_millis(defaults::LOG_POLL_MS)),
            log_signing_key: None,
            outbox_sweep: Duration::from_secs(defaults::OUTBOX_SWEEP_SECONDS),
            fanout_concurrency: defaults::FANOUT_CONCURRENCY,
            webhooks: WebhookConfig::default(),
            lobby: LobbyLimits::DEFAULT,
            mail: MailConfig::new(Path::new(defaults::DATA_DIR)),
            rates: RateLimits::DEFAULT,
        }
    }

    /// Resolves the secret (see [`resolve_jwt_secret`]) and copies the rest of the flags.
    pub fn from_args(args: &ServeArgs) -> anyhow::Result<Self> {
        let secret = resolve_jwt_secret(args)?;
        if let Some(key) = &args.webhooks.vapid_private_key {
            use base64::Engine;
            let der = base64::engine::general_purpose::URL_SAFE_NO_PAD
                .decode(key.trim().trim_end_matches('='))
                .context("LORDS_VAPID_PRIVATE_KEY is not base64url")?;
            crate::outbound::push::VapidKeys::from_pkcs8(&der)
                .context("LORDS_VAPID_PRIVATE_KEY")?;
        }
        if let Some(key) = &args.log_signing_key {
            use base64::Engine;
            let der = base64::engine::general_purpose::URL_SAFE_NO_PAD
                .decode(key.trim().trim_end_matches('='))
                .context("LORDS_LOG_SIGNING_KEY is not base64url")?;
            crate::proofs::signing::LogKey::from_pkcs8(&der).context("LORDS_LOG_SIGNING_KEY")?;
        }
        Ok(AppConfig {
            listen: args.listen.clone(),
            jwt_secret: secret,
            token_ttl: Duration::from_secs(args.token_ttl_seconds),
            refresh_ttl: Duration::from_secs(args.refresh_ttl_seconds),
            cors_allowed_origins: args.cors_allowed_origins.clone(),
            max_body_bytes: args.max_body_bytes,
            max_page_size: args.max_page_size,
            login_max_failures: args.login_max_failures,
            login_window: Duration::from_secs(args.login_window_seconds),
            signup_max_per_window: args.signup_max_per_window,
            signup_window: Duration::from_secs(args.signup_window_seconds),
            max_open_games_per_account: args.max_open_games_per_account,
            workers: args.workers.map(usize::from),
            db_worker_connections: args.db_worker_connections,
            shutdown_timeout: Duration::from_secs(args.shutdown_timeout_seconds),
            body_timeout: Duration::from_secs(args.body_timeout_seconds),
            metrics_listen: args.metrics_listen.clone(),
            sse_heartbeat: Duration::from_secs(args.sse_heartbeat_seconds),
            max_streams_per_account: args.max_streams_per_account,
            max_stream_tickets_per_account: args.max_stream_tickets_per_account,
            stream_recheck: Duration::from_secs(args.stream_recheck_seconds),
            deadline_poll: (args.deadline_poll_ms > 0)
                .then(|| Duration::from_millis(args.deadline_poll_ms)),
            ratings_poll: (args.ratings_poll_ms > 0)
                .then(|| Duration::from_millis(args.ratings_poll_ms)),
            tournament_poll: (args.tournament_poll_ms > 0)
                .then(|| Duration::from_millis(args.tournament_poll_ms)),
            password_reset_poll: (args.password_reset_poll_ms > 0)
                .then(|| Duration::from_millis(args.password_reset_poll_ms)),
            log_poll: (args.log_poll_ms > 0).then(|| Duration::from_millis(args.log_poll_ms)),
            log_signing_key: args.log_signing_key.clone(),
            outbox_sweep: Duration::from_secs(args.outbox_sweep_seconds),
            fanout_concurrency: args.fanout_concurrency,
            webhooks: WebhookConfig::from(&args.webhooks),
            lobby: LobbyLimits::from(&args.lobby),
            mail: MailConfig::from_args(&args.mail, &args.db.data_dir)?,
            rates: RateLimits::from(&args.rates),
        })
    }
}

/// Fails when [`resolve_jwt_secret`] would, without creating anything: lets `serve` refuse a
/// bad configuration before it starts a database.
pub fn check_jwt_secret(args: &ServeArgs) -> anyhow::Result<()> {
    if args.jwt_secret.is_some() || args.db.database_url.is_some() {
        resolve_jwt_secret(args)?;
    }
    Ok(())
}

/// The JWT secret: the flag/variable when given; otherwise, in embedded mode only, the one
/// stored at `<data_dir>/jwt-secret` (generated on first start, mode 0600). With an external
/// database several servers may share it, so a per-machine secret is refused.
pub fn resolve_jwt_secret(args: &ServeArgs) -> anyhow::Result<String> {
    if let Some(secret) = &args.jwt_secret {
        anyhow::ensure!(
            secret.len() >= MIN_JWT_SECRET_LEN,
            "LORDS_JWT_SECRET is too short: use at least {MIN_JWT_SECRET_LEN} random characters \
             (e.g. `openssl rand -hex 32`)"
        );
        return Ok(secret.clone());
    }
    if args.db.database_url.is_some() {
        anyhow::bail!(
            "LORDS_JWT_SECRET (or --jwt-secret) is required when DATABASE_URL is set: every \
             server sharing that database must sign tokens with the same secret. Set it to at \
             least {MIN_JWT_SECRET_LEN} random characters, e.g. `export LORDS_JWT_SECRET=$(openssl rand -hex 32)`"
        );
    }
    load_or_generate_secret(&args.db.data_dir)
}

/// Reads `<data_dir>/jwt-secret`, or creates it with a fresh random secret (0600).
pub fn load_or_generate_secret(data_dir: &Path) -> anyhow::Result<String> {
    let path = data_dir.join(JWT_SECRET_FILE);
    fs::create_dir_all(data_dir)
        .with_context(|| format!("creating the data directory {}", data_dir.display()))?;
    match fs::read_to_string(&path) {
        Ok(s) => {
            let secret = s.trim().to_string();
            anyhow::ensure!(
                secret.len() >= MIN_JWT_SECRET_LEN,
                "{} holds a secret shorter than {MIN_JWT_SECRET_LEN} characters; delete it to \
                 generate a new one (existing tokens become invalid)",
                path.display()
            );
            let mode = fs::metadata(&path)?.permissions().mode();
            if mode & 0o077 != 0 {
                tracing::warn!(path = %path.display(), mode = format!("{mode:o}"),
                    "the JWT secret file is readable by others; tightening it to 0600");
                fs::set_permissions(&path, fs::Permissions::from_mode(0o600))?;
            }
            Ok(secret)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let mut bytes = [0u8; 32];
            rand::fill(&mut bytes);
            let secret = hex::encode(bytes);
            let mut file = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(&path)
                .with_context(|| format!("creating {}", path.display()))?;
            file.write_all(secret.as_bytes())
                .and_then(|()| file.write_all(b"\n"))
                .and_then(|()| file.sync_all())
                .with_context(|| format!("writing {}", path.display()))?;
            tracing::info!(path = %path.display(), "generated a new JWT secret");
            Ok(secret)
        }
        Err(e) => Err(e).with_context(|| format!("reading {}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cors_origins_are_a_scheme_and_a_host_with_an_optional_port_or_a_star() {
        for ok in [
            "*",
            "https://play.example.org",
            "http://localhost:5173",
            "http://[::1]:8080",
        ] {
            assert_eq!(parse_origin(ok).as_deref(), Ok(ok));
        }
        for bad in [
            "",
            "play.example.org",
            "https://",
            "https://play.example.org/",
            "https://play.example.org/app",
            "ftp://example.org",
        ] {
            assert!(parse_origin(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn cors_origins_are_read_comma_separated_and_default_to_none() {
        let matches = serve_command()
            .try_get_matches_from([
                "serve",
                "--cors-allowed-origins",
                "https://a.example,http://localhost:5173",
            ])
            .unwrap();
        let origins: Vec<&String> = matches
            .get_many::<String>("cors_allowed_origins")
            .unwrap()
            .collect();
        assert_eq!(origins, ["https://a.example", "http://localhost:5173"]);
        let matches = serve_command().try_get_matches_from(["serve"]).unwrap();
        assert!(matches.get_many::<String>("cors_allowed_origins").is_none());
    }
}
