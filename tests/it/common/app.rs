//! `spawn_app()`: the real application on 127.0.0.1:0 over a fresh database, and a client.
//! Dropping the `TestApp` stops the server and drops the database (see [`AppCleanup`]).

use std::future::Future;
use std::task::{Context, Waker};
use std::time::Duration;

use lords::api::state::AppState;
use lords::config::AppConfig;
use lords::startup::{Application, ShutdownTrigger};
use serde_json::{Value, json};
use sqlx::PgPool;

pub const TEST_JWT_SECRET: &str = "test-secret-0123456789-test-secret-0123456789";

/// The request budgets of [`test_config`], as the environment of a `lords serve` the tests start
/// on the same database: processes sharing a database share its budgets, so they must agree on
/// the quotas.
pub const TEST_RATES: [(&str, &str); 3] = [
    ("LORDS_RATE_READS_PER_MINUTE", "1000000"),
    ("LORDS_RATE_ACTIONS_PER_MINUTE", "1000000"),
    ("LORDS_RATE_LOBBY_WRITES_PER_MINUTE", "1000000"),
];

pub struct TestApp {
    /// Stops the server and drops the database when the `TestApp` goes (first field: dropped
    /// first).
    pub cleanup: AppCleanup,
    pub address: String,
    pub pool: PgPool,
    pub db_url: String,
    pub client: reqwest::Client,
    pub state: AppState,
    pub trigger: ShutdownTrigger,
    pub server: tokio::task::JoinHandle<std::io::Result<()>>,
}

pub fn test_config() -> AppConfig {
    let mut config = AppConfig::new(TEST_JWT_SECRET);
    config.listen = "127.0.0.1:0".into();
    config.workers = Some(2);
    // The workers use the shared pool (the test's): no connections beyond it.
    // tests/it/reliability/worker_connections.rs gives them their own.
    config.db_worker_connections = 0;
    config.shutdown_timeout = Duration::from_secs(5);
    // Webhook receivers in tests listen on 127.0.0.1; retries come quickly.
    config.webhooks.allow =
        lords::outbound::guard::AllowList::new(vec!["127.0.0.1/32".parse().unwrap()]);
    config.webhooks.retry_base = Duration::from_millis(200);
    config.webhooks.retry_max = Duration::from_secs(2);
    config.webhooks.connect_timeout = Duration::from_secs(2);
    config.webhooks.timeout = Duration::from_secs(2);
    config.webhooks.concurrency = 2;
    // Mail: no worker (its pool and listener would count against every test's connections);
    // the tests that read mail turn it on with an SmtpSink's URL. Retried quickly, swept often.
    config.mail.enabled = false;
    config.mail.public_url = "http://lords.test".into();
    config.mail.retry_base = Duration::from_millis(200);
    config.mail.retry_max = Duration::from_secs(1);
    config.mail.poll = Duration::from_secs(1);
    config.mail.lease = Duration::from_secs(10);
    // Ratings: finished rated games are rated within a fifth of a second.
    config.ratings_poll = Some(Duration::from_millis(200));
    // The transparency log: a finished game is logged within a fifth of a second.
    config.log_poll = Some(Duration::from_millis(200));
    // Request budgets: the suite plays whole games from one account within seconds (far over
    // 120 actions a minute) and many tests share 127.0.0.1 as the client address. The
    // production defaults stay as they are; tests/it/rate_limits.rs sets small budgets.
    config.rates = lords::config::RateLimits {
        reads_per_minute: 1_000_000,
        actions_per_minute: 1_000_000,
        bot_actions_per_minute: 1_000_000,
        lobby_writes_per_minute: 1_000_000,
    };
    config
}

/// The app with the CLI defaults over a fresh database.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// The app with adjusted settings over a fresh database.
pub async fn spawn_app_with(adjust: impl FnOnce(&mut AppConfig)) -> TestApp {
    let (pool, url, database) = super::fresh_database_guarded().await;
    let mut app = spawn_app_on(pool, url, adjust).await;
    app.cleanup.database = Some(database);
    app
}

/// The app over a given pool (e.g. one pointing at a dead server).
pub async fn spawn_app_on(
    pool: PgPool,
    db_url: String,
    adjust: impl FnOnce(&mut AppConfig),
) -> TestApp {
    // LORDS_TEST_LOGS=1 prints the servers' logs (filtered by RUST_LOG) with the test's output.
    if std::env::var_os("LORDS_TEST_LOGS").is_some() {
        lords::telemetry::init(lords::config::LogFormat::Human);
    }
    let mut config = test_config();
    adjust(&mut config);
    let app = Application::build(config, pool.clone())
        .await
        .expect("build the application");
    let address = format!("http://127.0.0.1:{}", app.port());
    let state = app.state().clone();
    let trigger = app.shutdown_trigger();
    // The server runs on a thread of its own, so that it can still stop after the test's
    // runtime is gone (a dropped `TestApp` cannot await its shutdown).
    let (done_tx, done_rx) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name(format!("test-server-{}", app.port()))
        .spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime for the test server");
            let _ = done_tx.send(rt.block_on(app.run_until_stopped()));
        })
        .expect("start the test server's thread");
    let server = tokio::spawn(async move {
        done_rx
            .await
            .unwrap_or_else(|_| Err(std::io::Error::other("the test server's thread panicked")))
    });
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::limited(3))
        .timeout(Duration::from_secs(30))
        // The server closes a connection idle for 5 s (actix's keep-alive): a connection kept
        // longer in the pool could be reused just as the server closes it, and the request fail
        // with an incomplete message on a busy machine.
        .pool_idle_timeout(Duration::from_secs(2))
        .build()
        .unwrap();
    TestApp {
        cleanup: AppCleanup {
            trigger: trigger.clone(),
            database: None,
        },
        address,
        pool,
        db_url,
        client,
        state,
        trigger,
        server,
    }
}

/// Owned by every [`TestApp`]: on drop (the test passed or panicked) starts the server's
/// shutdown (long polls released, workers stopped within the shutdown timeout) and drops the
/// app's database `WITH (FORCE)`, which also ends the connections its pool and listener hold.
pub struct AppCleanup {
    trigger: ShutdownTrigger,
    database: Option<super::TestDatabase>,
}

impl Drop for AppCleanup {
    fn drop(&mut self) {
        // `shutdown` fires the signal and sends the stop command when first polled; the server's
        // own thread carries the stop out. Its completion is not awaited here.
        let shutdown = std::pin::pin!(self.trigger.shutdown());
        let _ = shutdown.poll(&mut Context::from_waker(Waker::noop()));
        if let Some(database) = self.database.take() {
            database.drop_now();
        }
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    pub async fn get_with_token(&self, path: &str, token: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .unwrap()
    }

    pub async fn create_account(&self, username: &str, password: &str) -> reqwest::Response {
        self.post_json(
            "/v1/accounts",
            &json!({"username": username, "password": password}),
        )
        .await
    }

    pub async fn login(&self, username: &str, password: &str) -> reqwest::Response {
        self.post_json(
            "/v1/auth/token",
            &json!({"username": username, "password": password}),
        )
        .await
    }

    /// Creates the account and returns an access token for it.
    pub async fn signed_up(&self, username: &str) -> String {
        let res = self.create_account(username, "correct horse battery").await;
        assert_eq!(res.status(), 201, "create {username}");
        let res = self.login(username, "correct horse battery").await;
        assert_eq!(res.status(), 200, "login {username}");
        let body: Value = res.json().await.unwrap();
        body["access_token"].as_str().unwrap().to_string()
    }

    /// Makes `session`'s account a bot account (`POST /v1/me/bot`) and returns its token.
    pub async fn made_bot(&self, session: &str) -> String {
        let res = self
            .client
            .post(self.url("/v1/me/bot"))
            .bearer_auth(session)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        let made: Value = res.json().await.unwrap();
        made["token"]["token"].as_str().unwrap().to_string()
    }
}

/// Asserts a problem+json response and returns its body.
pub async fn problem(res: reqwest::Response, status: u16, code: &str) -> Value {
    assert_eq!(res.status().as_u16(), status, "status");
    let ct = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    assert_eq!(ct, "application/problem+json", "content type");
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], code, "code in {body}");
    assert_eq!(body["status"], status, "status in {body}");
    for field in ["type", "title", "detail"] {
        assert!(body[field].is_string(), "{field} in {body}");
    }
    body
}

/// base64url without padding, for hand-made tokens.
pub fn b64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

pub fn b64url_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => u32::from(c - b'A'),
            b'a'..=b'z' => u32::from(c - b'a') + 26,
            b'0'..=b'9' => u32::from(c - b'0') + 52,
            b'-' => 62,
            _ => 63,
        }
    };
    let mut out = Vec::new();
    for chunk in s.as_bytes().chunks(4) {
        let mut n = 0u32;
        for (i, c) in chunk.iter().enumerate() {
            n |= val(*c) << (18 - 6 * i);
        }
        for i in 0..chunk.len().saturating_sub(1) {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    out
}
