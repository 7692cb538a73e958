//! Builds and runs the HTTP application: [`Application`] (a bound server; port 0 in tests),
//! [`serve`] (the `serve` command: logs, database, signals, graceful shutdown) and [`migrate`].

pub mod commands;
pub mod embedded;

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;

use actix_web::dev::{Server, ServerHandle};
use actix_web::middleware::{Condition, from_fn};
use actix_web::{App, HttpServer, web};
use anyhow::Context;
use sqlx::PgPool;
use tokio::sync::watch;

use crate::api::state::AppState;
use crate::config::{AppConfig, DatabaseArgs, LogFormat, ServeArgs};
use crate::eventstore::notify::Notifier;
use crate::shutdown::ShutdownSignal;
use crate::telemetry;

/// Starts a graceful shutdown: fires [`ShutdownSignal`] (releasing long polls), then stops the
/// server, letting in-flight requests finish within the configured timeout.
#[derive(Clone)]
pub struct ShutdownTrigger {
    tx: Arc<watch::Sender<bool>>,
    server: ServerHandle,
    /// The separate /metrics server, stopped after the API.
    metrics: Option<ServerHandle>,
}

impl ShutdownTrigger {
    pub async fn shutdown(&self) {
        self.tx.send_replace(true);
        self.server.stop(true).await;
        if let Some(metrics) = &self.metrics {
            metrics.stop(true).await;
        }
    }
}

/// The public URL of a server given none: `http://` and the address it bound (`[::1]:8080` for
/// IPv6), so that OAuth discovery and mail links name the server that answers.
pub fn public_url_of(addr: SocketAddr) -> String {
    format!("http://{addr}")
}

/// What to warn at start about the public URL: made from an address bound that is not loopback
/// (`0.0.0.0`, a LAN address), it names a server that clients elsewhere may not reach.
pub fn public_url_warning(
    bound: SocketAddr,
    from_listen: bool,
    public_url: &str,
) -> Option<String> {
    (from_listen && !bound.ip().is_loopback()).then(|| {
        format!(
            "no --public-url (LORDS_PUBLIC_URL): OAuth discovery, mail links and Web Push name \
             {public_url}, the address listened on, which clients elsewhere may not reach; set \
             --public-url to the address clients use"
        )
    })
}

/// A bound, not yet running, HTTP server (and its /metrics server when apart).
pub struct Application {
    local_addr: SocketAddr,
    server: Server,
    metrics: Option<(SocketAddr, Server)>,
    state: AppState,
    trigger: ShutdownTrigger,
}

/// Connections the kernel may hold for the HTTP listener before they are accepted: thousands of
/// clients that reconnect at once (their streams, after a restart) queue instead of timing
/// out. The kernel caps it at `net.core.somaxconn`.
const LISTEN_BACKLOG: i32 = 8192;

/// A listener on `addr` (the first of its addresses that binds), as `TcpListener::bind` makes
/// one (`SO_REUSEADDR`), with a backlog of [`LISTEN_BACKLOG`].
fn bind(addr: &str) -> std::io::Result<TcpListener> {
    use socket2::{Domain, Protocol, Socket, Type};
    use std::net::ToSocketAddrs;
    let mut last = None;
    for addr in addr.to_socket_addrs()? {
        let listener = (|| {
            let socket = Socket::new(Domain::for_address(addr), Type::STREAM, Some(Protocol::TCP))?;
            socket.set_reuse_address(true)?;
            socket.bind(&addr.into())?;
            socket.listen(LISTEN_BACKLOG)?;
            Ok::<_, std::io::Error>(TcpListener::from(socket))
        })();
        match listener {
            Ok(l) => return Ok(l),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, "no address to bind")
    }))
}

impl Application {
    /// Binds `config.listen` (use `127.0.0.1:0` in tests) and builds the app over `pool`.
    pub async fn build(mut config: AppConfig, pool: PgPool) -> anyhow::Result<Application> {
        let listener = bind(&config.listen)
            .with_context(|| format!("binding the HTTP listener to {}", config.listen))?;
        let local_addr = listener.local_addr()?;
        if config.mail.public_url_from_listen {
            config.mail.public_url = public_url_of(local_addr);
        }
        let metrics_listener = match &config.metrics_listen {
            Some(addr) => Some(
                TcpListener::bind(addr)
                    .with_context(|| format!("binding the metrics listener to {addr}"))?,
            ),
            None => None,
        };
        let (signal, tx) = ShutdownSignal::new();
        let notifier = Notifier::start(pool.clone()).await;
        let identities = Arc::new(crate::accounts::identities::AccountIdentities::new(
            pool.clone(),
        ));
        let state = AppState::new(pool, config, signal, notifier, identities);
        if let Some(poll) = state.config.deadline_poll {
            crate::play::deadlines::spawn(state.store.clone(), poll, state.shutdown.clone());
        }
        // The rating worker (finished rated games → ratings, exactly once): in every server
        // process; one game at a time across them.
        if let Some(poll) = state.config.ratings_poll {
            crate::social::rater::spawn(state.store.clone(), poll, state.shutdown.clone());
        }
        // The tournament worker (tournaments to start, rounds to pair, games to make, exactly
        // once): in every server process; they share the tournaments.
        if let Some(poll) = state.config.tournament_poll {
            crate::tournaments::worker::spawn(state.store.clone(), poll, state.shutdown.clone());
        }
        // The password-reset worker (queued reset requests → links mailed to the accounts that
        // have the addresses): the requests a stopped process left.
        if let Some(poll) = state.config.password_reset_poll {
            let shutdown = state.shutdown.clone();
            crate::accounts::email::spawn_reset_worker(state.pool.clone(), poll, async move {
                shutdown.wait().await
            });
        }
        // The transparency log's sequencer (finished games → leaves and signed heads, exactly
        // once, no gap): in every server process; one at a time across them.
        if let Some(poll) = state.config.log_poll {
            crate::transparency::sequencer::spawn(
                state.store.clone(),
                state.log_signer.clone(),
                poll,
                state.shutdown.clone(),
            );
        }
        // The fan-out worker (outboxes → notifications) and the delivery worker (webhooks, Web
        // Push): in every server process; they share the work.
        crate::notify::fanout::start(
            &state.store,
            state.config.outbox_sweep,
            state.config.fanout_concurrency,
            state.shutdown.clone(),
        );
        crate::notify::deliveries::start(
            &state.pool,
            &state.notifier,
            state.config.webhooks.clone(),
            state.vapid.clone(),
            state.shutdown.clone(),
        );
        // The mail worker (notifications → mail, digests, sending): in every server process.
        crate::notify::mail::start(
            &state.pool,
            state.config.mail.clone(),
            state.shutdown.clone(),
        )?;
        let server = run(listener, state.clone())?;
        let metrics = match metrics_listener {
            Some(l) => Some((l.local_addr()?, run_metrics(l, state.clone())?)),
            None => None,
        };
        let trigger = ShutdownTrigger {
            tx: Arc::new(tx),
            server: server.handle(),
            metrics: metrics.as_ref().map(|(_, s)| s.handle()),
        };
        Ok(Application {
            local_addr,
            server,
            metrics,
            state,
            trigger,
        })
    }

    /// Where /metrics is served when it is apart from the API (`--metrics-listen`).
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.as_ref().map(|(addr, _)| *addr)
    }

    pub fn port(&self) -> u16 {
        self.local_addr.port()
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// The address clients use to reach this server (`--public-url`, else [`public_url_of`]
    /// the address bound), and whether it was made from the address bound.
    pub fn public_url(&self) -> (&str, bool) {
        let mail = &self.state.config.mail;
        (&mail.public_url, mail.public_url_from_listen)
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    pub fn shutdown_trigger(&self) -> ShutdownTrigger {
        self.trigger.clone()
    }

    /// Serves until [`ShutdownTrigger::shutdown`] has run and in-flight requests are done.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        match self.metrics {
            None => self.server.await,
            Some((_, metrics)) => {
                let (api, metrics) = tokio::join!(self.server, metrics);
                api.and(metrics)
            }
        }
    }
}

fn run(listener: TcpListener, state: AppState) -> anyhow::Result<Server> {
    let max_body = state.config.max_body_bytes;
    let shutdown_timeout = state.config.shutdown_timeout.as_secs();
    let workers = state.config.workers;
    let cors_origins = state.config.cors_allowed_origins.clone();
    let metrics_here = state.config.metrics_listen.is_none();
    let per_worker = state.config.db_worker_connections;
    let jwt = web::Data::from(state.jwt.clone());
    let identities: web::Data<dyn crate::api::credentials::Identities> =
        web::Data::from(state.identities.clone());
    // Request budgets per caller, leased from PostgreSQL (`http::rate_limits`).
    let budgets = web::Data::new(crate::accounts::rate_budgets::RateBudgets::new(
        state.pool.clone(),
    ));
    let access = web::Data::new(crate::api::scopes::access_table());
    let data = web::Data::new(state);
    let mut server = HttpServer::new(move || {
        // Runs on each worker's thread, as the worker starts.
        if per_worker > 0 {
            attach_worker_connections(&data, per_worker);
        }
        let app = App::new()
            .app_data(data.clone())
            .app_data(jwt.clone())
            // `AuthUser` checks that the token's account still exists.
            .app_data(identities.clone())
            .app_data(budgets.clone())
            // What each operation asks of a token (scopes, first-party only).
            .app_data(access.clone())
            .app_data(
                web::JsonConfig::default()
                    .limit(max_body)
                    .error_handler(crate::api::error::rejections::json_error),
            )
            .app_data(web::PayloadConfig::new(max_body))
            .app_data(
                web::PathConfig::default().error_handler(crate::api::error::rejections::path_error),
            )
            .app_data(
                web::QueryConfig::default()
                    .error_handler(crate::api::error::rejections::query_error),
            )
            // Innermost first: the body checks, then the `/v1` budgets around them (their
            // headers on every `/v1` answer, a 413 included), then `observe` around all.
            .wrap(from_fn(crate::http::middleware::check_body))
            .wrap(from_fn(crate::http::rate_limits::limit))
            .wrap(from_fn(crate::http::middleware::observe))
            // Outermost, so every answer (the middleware's own 413s included) carries CORS
            // headers; with no origins configured it is left out entirely.
            .wrap(Condition::new(
                !cors_origins.is_empty(),
                crate::http::cors::cors(&cors_origins),
            ))
            // Around everything, CORS's preflight answers included.
            .wrap(crate::http::middleware::nosniff())
            .configure(crate::http::configure);
        let app = if metrics_here {
            app.configure(crate::http::configure_metrics)
        } else {
            app
        };
        app.default_service(web::to(crate::http::not_found))
    })
    // Signals are ours (see `serve`): the shutdown signal must fire before the server stops.
    .disable_signals()
    .shutdown_timeout(shutdown_timeout);
    if let Some(n) = workers {
        server = server.workers(n);
    }
    Ok(server.listen(listener)?.run())
}

/// The /metrics server apart from the API (`--metrics-listen`): one worker, nothing else.
fn run_metrics(listener: TcpListener, state: AppState) -> anyhow::Result<Server> {
    let shutdown_timeout = state.config.shutdown_timeout.as_secs();
    let data = web::Data::new(state);
    let server = HttpServer::new(move || {
        App::new()
            .app_data(data.clone())
            .wrap(from_fn(crate::http::middleware::head_as_get))
            .wrap(crate::http::middleware::nosniff())
            .configure(crate::http::configure_metrics)
            .default_service(web::to(crate::http::not_found))
    })
    .disable_signals()
    .shutdown_timeout(shutdown_timeout)
    .workers(1);
    Ok(server.listen(listener)?.run())
}

/// Gives the calling HTTP worker its own connections for the hot paths (see
/// `store/local.rs`), closed once shutdown begins.
fn attach_worker_connections(state: &AppState, per_worker: u32) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        return;
    };
    state.store.attach_worker(per_worker);
    let store = state.store.clone();
    let shutdown = state.shutdown.clone();
    // The worker's runtime is single-threaded: this task runs on the worker's thread.
    runtime.spawn(async move {
        shutdown.wait().await;
        store.close_worker().await;
    });
}

/// Resolves on SIGTERM or SIGINT.
async fn termination_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(s) => s,
                Err(e) => {
                    tracing::error!(error = %e, "cannot listen for SIGTERM");
                    let _ = ctrl_c.await;
                    return;
                }
            };
        tokio::select! {
            _ = ctrl_c => tracing::info!("SIGINT received"),
            _ = term.recv() => tracing::info!("SIGTERM received"),
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}

/// The `serve` command: logs, JWT secret, database (embedded or external, migrated), HTTP
/// server until SIGTERM/SIGINT, then a graceful stop and the embedded cluster's shutdown.
pub async fn serve(args: ServeArgs) -> anyhow::Result<()> {
    telemetry::init(args.log_format);
    crate::config::check_jwt_secret(&args)?;
    // Every open stream holds a socket: as many files as the system lets this process have.
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(files) => tracing::info!(files, "open-file limit"),
        Err(e) => tracing::warn!(error = %e, "cannot raise the open-file limit"),
    }
    // One server per data directory, checked before the cluster is touched; held until exit.
    let _serve_lock = match &args.db.database_url {
        None => Some(embedded::lock_for_serve(&args.db.data_dir)?),
        Some(_) => None,
    };
    // `--db-max-connections` is the whole process's: the HTTP workers' own connections for
    // the hot paths come out of it, and the shared pool gets the rest.
    let workers = args
        .workers
        .map(usize::from)
        .unwrap_or_else(default_workers);
    let (shared, per_worker) = crate::eventstore::local::split_connections(
        args.db.db_max_connections,
        u32::try_from(workers).unwrap_or(u32::MAX),
        args.db_worker_connections,
    );
    let db = DatabaseArgs {
        db_max_connections: shared,
        ..args.db.clone()
    };
    let (pool, embedded) = embedded::connect_as(&db, embedded::Role::Server).await?;
    // The embedded-mode secret is generated only once a database could be started.
    let app = match async {
        let mut config = AppConfig::from_args(&args)?;
        config.workers = Some(workers);
        config.db_worker_connections = per_worker;
        Application::build(config, pool.clone()).await
    }
    .await
    {
        Ok(app) => app,
        Err(e) => {
            pool.close().await;
            if let Some(pg) = embedded {
                pg.stop().await;
            }
            return Err(e);
        }
    };
    tracing::info!(address = %app.local_addr(), "listening on http://{}", app.local_addr());
    let (public_url, from_listen) = app.public_url();
    match public_url_warning(app.local_addr(), from_listen, public_url) {
        Some(warning) => tracing::warn!(public_url, "{warning}"),
        None => tracing::info!(public_url, "clients reach this server at {public_url}"),
    }
    if let Some(addr) = app.metrics_addr() {
        tracing::info!(address = %addr, "serving /metrics on http://{addr}/metrics");
    }
    let trigger = app.shutdown_trigger();
    let signals = tokio::spawn(async move {
        termination_signal().await;
        tracing::info!("shutting down: finishing in-flight requests");
        trigger.shutdown().await;
    });
    let served = app.run_until_stopped().await;
    signals.abort();
    pool.close().await;
    if let Some(pg) = embedded {
        pg.stop().await;
    }
    tracing::info!("stopped");
    served.context("running the HTTP server")
}

/// actix-web's own default: one worker per CPU.
fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)
}

/// The `migrate` command: connects (starting the embedded cluster if needed, and stopping it
/// again only then), applies every migration.
pub async fn migrate(db: DatabaseArgs) -> anyhow::Result<()> {
    telemetry::init(LogFormat::Human);
    // `connect` applies the migrations; running the migrator again is a no-op that confirms it.
    let (pool, embedded) = embedded::connect_as(&db, embedded::Role::Command).await?;
    let result = crate::eventstore::MIGRATOR
        .run(&pool)
        .await
        .context("applying the database migrations");
    let latest = crate::eventstore::MIGRATOR.iter().map(|m| m.version).max();
    pool.close().await;
    if let Some(pg) = embedded {
        pg.stop().await;
    }
    result?;
    tracing::info!(latest_version = ?latest, "the database schema is up to date");
    Ok(())
}
