//! The real `lords` binary: embedded PostgreSQL lifecycle (ready, serve, SIGTERM, restart with
//! the same data), the clear error without PostgreSQL binaries, `migrate`, and `--help`.

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_lords");

/// A fresh temp directory, removed on drop (after stopping anything left running in it).
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!(
            "lords-{tag}-{}",
            &uuid::Uuid::new_v4().simple().to_string()[..12]
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        // Best effort when a test failed half-way: stop a cluster left behind.
        let pgdata = self.0.join("pg/data");
        if pgdata.join("postmaster.pid").exists() {
            for pid in postgres_pids_for(&pgdata) {
                let _ = Command::new("kill")
                    .arg("-INT")
                    .arg(pid.to_string())
                    .status();
            }
            std::thread::sleep(Duration::from_secs(2));
        }
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Pids of processes whose command line names this data directory (the postmaster does).
fn postgres_pids_for(pgdata: &Path) -> Vec<u32> {
    let needle = pgdata.to_string_lossy().into_owned();
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        if let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) {
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            if cmdline.contains("postgres") && cmdline.contains(&needle) {
                pids.push(pid);
            }
        }
    }
    pids
}

/// A running `lords serve` whose stderr is collected line by line.
struct Server {
    child: Child,
    lines: mpsc::Receiver<String>,
    log: Vec<String>,
    base: String,
}

impl Server {
    fn start(data_dir: &Path) -> Server {
        Server::start_with(data_dir, &[])
    }

    /// `lords serve` on `data_dir` with extra environment variables.
    fn start_with(data_dir: &Path, env: &[(&str, &str)]) -> Server {
        let mut child = Command::new(BIN)
            .arg("serve")
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("LORDS_DATA_DIR", data_dir)
            .env("LORDS_LISTEN", "127.0.0.1:0")
            .env("LORDS_WORKERS", "1")
            .env("RUST_LOG", "info")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = child.stderr.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut server = Server {
            child,
            lines,
            log: Vec::new(),
            base: String::new(),
        };
        let line = server.wait_for_line("listening on http://", Duration::from_secs(120));
        let at = line.find("listening on http://").unwrap() + "listening on ".len();
        server.base = line[at..].split_whitespace().next().unwrap().to_string();
        server
    }

    fn wait_for_line(&mut self, needle: &str, timeout: Duration) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.log.push(line.clone());
                    if line.contains(needle) {
                        return line;
                    }
                }
                Err(_) => panic!(
                    "no line containing {needle:?} (exit: {:?}); log:\n{}",
                    self.child.try_wait(),
                    self.log.join("\n")
                ),
            }
        }
    }

    /// Stops the server (SIGTERM) and returns its exit status and every line it logged.
    fn terminate_with_log(mut self) -> (std::process::ExitStatus, Vec<String>) {
        let status = self.stop_now();
        // The reader thread ends at EOF, once the process has exited.
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(5)) {
            self.log.push(line);
        }
        (status, std::mem::take(&mut self.log))
    }

    fn terminate(mut self) -> std::process::ExitStatus {
        self.stop_now()
    }

    fn stop_now(&mut self) -> std::process::ExitStatus {
        let status = Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status()
            .unwrap();
        assert!(status.success());
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            while let Ok(line) = self.lines.try_recv() {
                self.log.push(line);
            }
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "lords did not stop; log:\n{}",
                self.log.join("\n")
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = Command::new("kill")
                .arg("-TERM")
                .arg(self.child.id().to_string())
                .status();
            let _ = self.child.wait();
        }
    }
}

/// Runs `lords <args>` on `data_dir` (embedded mode); fails the test if it takes over
/// `limit` rather than hanging.
fn run_lords(data_dir: &Path, args: &[&str], limit: Duration) -> std::process::Output {
    let mut child = Command::new(BIN)
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("LORDS_DATA_DIR", data_dir)
        .env("LORDS_LISTEN", "127.0.0.1:0")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + limit;
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "`lords {}` still running after {limit:?}; stderr:\n{}",
                args.join(" "),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    child.wait_with_output().unwrap()
}

async fn wait_ready(client: &reqwest::Client, base: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(res) = client.get(format!("{base}/readyz")).send().await
            && res.status() == 200
        {
            return;
        }
        assert!(Instant::now() < deadline, "/readyz never became ready");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Creates the account and returns an access token for it.
async fn sign_up(client: &reqwest::Client, base: &str, username: &str, password: &str) -> String {
    let credentials = json!({"username": username, "password": password});
    let res = client
        .post(format!("{base}/v1/accounts"))
        .json(&credentials)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let res = client
        .post(format!("{base}/v1/auth/token"))
        .json(&credentials)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    res.json::<Value>().await.unwrap()["access_token"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn view_of(client: &reqwest::Client, base: &str, game: &str, token: &str) -> Value {
    let res = client
        .get(format!("{base}/v1/games/{game}"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

/// The awaited seat (read from its view) submits its first legal action.
async fn play_awaited_turn(client: &reqwest::Client, base: &str, game: &str, tokens: &[String]) {
    let view = view_of(client, base, game, &tokens[0]).await;
    let seat = view["view"]["awaiting"]["seat"].as_u64().unwrap() as usize;
    let res = client
        .get(format!("{base}/v1/games/{game}/legal-actions"))
        .bearer_auth(&tokens[seat])
        .send()
        .await
        .unwrap();
    let legal: Value = res.json().await.unwrap();
    let action = legal["actions"][0].clone();
    let res = client
        .post(format!("{base}/v1/games/{game}/actions"))
        .bearer_auth(&tokens[seat])
        .json(&action)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "{action}");
}

#[tokio::test]
async fn without_database_url_the_binary_runs_its_own_postgres_and_keeps_games_across_restarts() {
    let dir = TempDir::new("embedded");
    let pgdata = dir.0.join("pg/data");
    let client = reqwest::Client::new();

    let mut server = Server::start(&dir.0);
    let base = server.base.clone();
    wait_ready(&client, &base).await;
    // No --public-url: the server names itself by the address it bound (port 0 here), says so
    // at start, and OAuth discovery gives that address.
    server.wait_for_line(
        &format!("clients reach this server at {base}"),
        Duration::from_secs(10),
    );
    let metadata: Value = client
        .get(format!("{base}/.well-known/oauth-authorization-server"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(metadata["issuer"], base.as_str());
    let token = sign_up(&client, &base, "margaret", "maid-of-norway").await;

    // A second account joins a game and the two play a few turns.
    let token_b = sign_up(&client, &base, "alexander", "correct horse battery").await;
    let res = client
        .post(format!("{base}/v1/games"))
        .bearer_auth(&token)
        .json(&json!({"players": 2}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let game = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let res = client
        .post(format!("{base}/v1/games/{game}/join"))
        .bearer_auth(&token_b)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let tokens = [token.clone(), token_b.clone()];
    let start = view_of(&client, &base, &game, &token).await["version"]
        .as_i64()
        .unwrap();
    for _ in 0..6 {
        play_awaited_turn(&client, &base, &game, &tokens).await;
    }
    let before_restart = view_of(&client, &base, &game, &token).await;
    assert!(before_restart["version"].as_i64().unwrap() > start);

    // The cluster listens on a socket in the data directory only.
    assert!(dir.0.join("pg/.s.PGSQL.5432").exists());
    let secret = dir.0.join("jwt-secret");
    let mode =
        std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(&secret).unwrap().permissions());
    assert_eq!(mode & 0o777, 0o600);
    let secret_before = std::fs::read_to_string(&secret).unwrap();
    assert!(!postgres_pids_for(&pgdata).is_empty());

    let status = server.terminate();
    assert!(status.success(), "exit status {status:?}");
    assert!(
        postgres_pids_for(&pgdata).is_empty(),
        "postgres still running"
    );
    assert!(!pgdata.join("postmaster.pid").exists());

    // A restart serves the same account, and the same secret keeps old tokens valid.
    let server = Server::start(&dir.0);
    let base = server.base.clone();
    wait_ready(&client, &base).await;
    let res = client
        .post(format!("{base}/v1/auth/token"))
        .json(&json!({"username": "Margaret", "password": "maid-of-norway"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let res = client
        .get(format!("{base}/v1/me"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Value>().await.unwrap()["username"], "margaret");
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), secret_before);
    // ... and the same game, exactly as it was, which goes on.
    let after_restart = view_of(&client, &base, &game, &token).await;
    assert_eq!(after_restart["version"], before_restart["version"]);
    assert_eq!(after_restart["view"], before_restart["view"]);
    play_awaited_turn(&client, &base, &game, &tokens).await;
    let later = view_of(&client, &base, &game, &token).await;
    assert!(later["version"].as_i64() > after_restart["version"].as_i64());

    assert!(server.terminate().success());
    assert!(
        postgres_pids_for(&pgdata).is_empty(),
        "postgres still running"
    );
}

#[test]
fn without_postgres_binaries_or_database_url_serve_fails_with_both_fixes_named() {
    let dir = TempDir::new("nopg");
    let empty = dir.0.join("empty-bin");
    std::fs::create_dir_all(&empty).unwrap();
    let out = Command::new(BIN)
        .arg("serve")
        .env_clear()
        .env("PATH", &empty)
        .env("LORDS_PG_BIN_DIRS", &empty)
        .env("LORDS_DATA_DIR", dir.0.join("data"))
        .env("LORDS_LISTEN", "127.0.0.1:0")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("initdb"), "{stderr}");
    assert!(
        stderr.contains("sudo apt-get install postgresql"),
        "{stderr}"
    );
    assert!(stderr.contains("docker compose up"), "{stderr}");
    assert!(stderr.contains("DATABASE_URL"), "{stderr}");
}

#[test]
fn with_database_url_and_no_jwt_secret_serve_refuses_to_start() {
    let out = Command::new(BIN)
        .arg("serve")
        .env_clear()
        .env("DATABASE_URL", "postgres://postgres@127.0.0.1:1/none")
        .env("LORDS_LISTEN", "127.0.0.1:0")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("LORDS_JWT_SECRET"), "{stderr}");
    assert!(
        stderr.contains("required when DATABASE_URL is set"),
        "{stderr}"
    );
}

#[tokio::test]
async fn migrate_applies_the_migrations_to_an_external_database_and_exits() {
    // An empty database on the test server (dropped when `_empty` goes).
    let (_empty, url) = common::TestDatabase::create().await;
    let out = Command::new(BIN)
        .arg("migrate")
        .env_clear()
        .env("DATABASE_URL", &url)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    let applied: i64 = sqlx::query_scalar("SELECT count(*) FROM _sqlx_migrations WHERE success")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(applied as usize, lords::eventstore::MIGRATOR.iter().count());
    // No account but the built-in bots' rated profiles.
    let accounts: i64 =
        sqlx::query_scalar("SELECT count(*) FROM accounts WHERE builtin_bot IS NULL")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(accounts, 0);
}

#[test]
fn serve_help_documents_every_flag_and_environment_variable() {
    let out = Command::new(BIN)
        .args(["serve", "--help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for var in lords::config::serve_env_vars() {
        assert!(
            help.contains(&format!("[env: {var}")),
            "{var} missing from\n{help}"
        );
    }
    for flag in [
        "--listen",
        "--jwt-secret",
        "--token-ttl-seconds",
        "--log-format",
        "--max-body-bytes",
        "--data-dir",
        "--database-url",
    ] {
        assert!(help.contains(flag), "{flag}");
    }
    // Secrets are never echoed back from the environment.
    let out = Command::new(BIN)
        .args(["serve", "--help"])
        .env("LORDS_JWT_SECRET", "do-not-print-me")
        .env("DATABASE_URL", "postgres://user:hunter2@db/x")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(!help.contains("do-not-print-me"));
    assert!(!help.contains("hunter2"));
}

#[tokio::test]
async fn with_a_server_running_verify_and_migrate_use_its_postgres_and_leave_it_running() {
    let dir = TempDir::new("shared");
    let pgdata = dir.0.join("pg/data");
    let client = reqwest::Client::new();
    let server = Server::start(&dir.0);
    let base = server.base.clone();
    wait_ready(&client, &base).await;
    sign_up(&client, &base, "bruce", "bannockburn-1314").await;

    for args in [&["verify", "--all"][..], &["migrate"][..]] {
        let out = run_lords(&dir.0, args, Duration::from_secs(120));
        assert!(
            out.status.success(),
            "lords {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let res = client.get(format!("{base}/readyz")).send().await.unwrap();
        assert_eq!(res.status(), 200, "after lords {args:?}");
        assert!(!postgres_pids_for(&pgdata).is_empty(), "after {args:?}");
    }
    // The server still reaches its database.
    let res = client
        .post(format!("{base}/v1/auth/token"))
        .json(&json!({"username": "bruce", "password": "bannockburn-1314"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);

    // The server started the cluster, so it stops it.
    assert!(server.terminate().success());
    assert!(
        postgres_pids_for(&pgdata).is_empty(),
        "postgres still running"
    );
    // Alone, verify starts the cluster itself, and so stops it again.
    let out = run_lords(&dir.0, &["verify", "--all"], Duration::from_secs(120));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        postgres_pids_for(&pgdata).is_empty(),
        "verify left its postgres running"
    );
}

#[tokio::test]
async fn a_second_serve_on_the_same_data_directory_refuses_at_once_and_the_first_keeps_serving() {
    let dir = TempDir::new("twice");
    let pgdata = dir.0.join("pg/data");
    let client = reqwest::Client::new();
    let server = Server::start(&dir.0);
    let base = server.base.clone();
    wait_ready(&client, &base).await;

    let out = run_lords(&dir.0, &["serve"], Duration::from_secs(60));
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("already running"), "{stderr}");
    assert!(
        stderr.contains(&dir.0.display().to_string()),
        "names the data directory: {stderr}"
    );

    let res = client.get(format!("{base}/readyz")).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert!(!postgres_pids_for(&pgdata).is_empty());
    assert!(server.terminate().success());
}

#[tokio::test]
async fn garbage_or_slow_request_heads_get_their_4xx_and_log_no_error_line() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (_pool, url) = common::fresh_database().await;
    let dir = TempDir::new("garbage");
    let mut server = Server::start_with(
        &dir.0,
        &[
            ("DATABASE_URL", url.as_str()),
            (
                "LORDS_JWT_SECRET",
                "garbage-test-secret-0123456789-0123456789",
            ),
        ],
    );
    let host = server.base.trim_start_matches("http://").to_string();
    for (sent, answer) in [
        (&b"GARBAGE\r\n\r\n"[..], "HTTP/1.1 400 "),
        (
            &b"GET / HTTP/1.1\r\nBad Header\r\n\r\n"[..],
            "HTTP/1.1 400 ",
        ),
        // Headers that never end: actix's own 408 once its header timeout passes.
        (&b"GET / HTTP/1.1\r\nHost: x\r\n"[..], "HTTP/1.1 408 "),
    ] {
        let mut stream = tokio::net::TcpStream::connect(&host).await.unwrap();
        stream.write_all(sent).await.unwrap();
        let mut out = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut out)).await;
        let response = String::from_utf8_lossy(&out);
        assert!(response.starts_with(answer), "{response}");
    }
    // The connection's error is logged, as a warning.
    server.wait_for_line("after a client error", Duration::from_secs(30));
    let (status, log) = server.terminate_with_log();
    assert!(status.success());
    let errors: Vec<&String> = log.iter().filter(|l| l.contains("ERROR")).collect();
    assert!(errors.is_empty(), "ERROR lines: {errors:#?}");
}
