//! Why our own: the embedding crates (`postgresql_embedded`, `pg-embed`) download PostgreSQL's binaries at run time; this starts the machine's own (`initdb`, `pg_ctl`) and fetches nothing.
//!
//! The database connection: an external server (`DATABASE_URL`) or, without one, a private
//! PostgreSQL cluster under `<data_dir>/pg` started from the machine's own binaries, reachable
//! only through a unix socket in that directory. Knows nothing of HTTP.

use std::ffi::OsString;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Output;

use anyhow::{Context, bail};
use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};

use crate::config::DatabaseArgs;

/// Superuser and database of the embedded cluster (trust auth over the private socket).
const EMBEDDED_USER: &str = "lords";
const EMBEDDED_DB: &str = "lords";
/// Only names the socket file (`.s.PGSQL.5432`): nothing listens on TCP.
const EMBEDDED_PORT: u16 = 5432;
/// Searched after PATH when `--pg-bin-dirs` is not given.
const DEFAULT_PG_ROOT: &str = "/usr/lib/postgresql";
/// Unix socket paths are limited to 107 bytes on Linux.
const MAX_SOCKET_PATH: usize = 100;

/// How long a pooled connection may sit idle and still be used without a ping first.
const IDLE_CHECK_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// Connects to the configured database and applies every migration. Without `DATABASE_URL`,
/// starts (or joins) the embedded cluster first and returns it: call [`EmbeddedPg::stop`]
/// after closing the pool (it stops the cluster only when this process started it).
pub async fn connect(db: &DatabaseArgs) -> anyhow::Result<(PgPool, Option<EmbeddedPg>)> {
    connect_as(db, Role::Server).await
}

/// [`connect`] for a process of the given [`Role`].
pub async fn connect_as(
    db: &DatabaseArgs,
    role: Role,
) -> anyhow::Result<(PgPool, Option<EmbeddedPg>)> {
    // No ping before every use of a pooled connection: that was a round trip per request (and
    // sqlx already checks each connection when it comes back to the pool). Only a connection
    // that sat idle for a while is checked first, as HikariCP does; one the database ended in
    // the meantime fails its next statement (503), and the hot reads send theirs again
    // (`Store::read_game`).
    let pool_options = PgPoolOptions::new()
        .max_connections(db.db_max_connections)
        .acquire_timeout(db.acquire_timeout())
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for >= IDLE_CHECK_AFTER {
                    sqlx::Connection::ping(conn).await?;
                }
                Ok(true)
            })
        });
    let (pool, embedded) = match &db.database_url {
        Some(url) => {
            let options: PgConnectOptions = url
                .parse()
                .context("DATABASE_URL is not a valid PostgreSQL URL")?;
            // On Citus, a query over every shard (the lobby's counts, listings, the workers'
            // sweeps) runs over the one connection each backend keeps to each worker, rather
            // than opening up to 16 more per worker, each a new backend and a TLS handshake:
            // under load those held the pool for 190 ms a count. Plain PostgreSQL keeps the
            // setting as an unused placeholder.
            let options = options.options([("citus.max_adaptive_executor_pool_size", "1")]);
            let target = describe(&options);
            // One direct attempt first: the pool would only report a timeout, not the cause.
            probe(&options, db.acquire_timeout())
                .await
                .with_context(|| format!("connecting to the database at {target}"))?;
            let pool = pool_options
                .connect_with(options)
                .await
                .with_context(|| format!("connecting to the database at {target}"))?;
            (pool, None)
        }
        None => {
            let pg = EmbeddedPg::start_as(db, role).await?;
            let pool = match pool_options.connect_with(pg.connect_options()).await {
                Ok(pool) => pool,
                Err(e) => {
                    pg.stop().await;
                    return Err(e).context("connecting to the embedded PostgreSQL");
                }
            };
            (pool, Some(pg))
        }
    };
    if let Err(e) = crate::eventstore::MIGRATOR.run(&pool).await {
        pool.close().await;
        if let Some(pg) = embedded {
            pg.stop().await;
        }
        return Err(e).context("applying the database migrations");
    }
    Ok((pool, embedded))
}

/// Waits for a shared lock without blocking the runtime (a starter holds it exclusively for at
/// most a `pg_ctl start`).
async fn lock_shared(file: &std::fs::File) -> anyhow::Result<()> {
    let file = file.try_clone().context("duplicating the cluster lock")?;
    tokio::task::spawn_blocking(move || file.lock_shared())
        .await
        .context("waiting for the embedded cluster lock")?
        .context("locking the embedded cluster (shared)")
}

async fn probe(options: &PgConnectOptions, timeout: std::time::Duration) -> anyhow::Result<()> {
    use sqlx::{ConnectOptions, Connection};
    let conn = tokio::time::timeout(timeout, options.connect())
        .await
        .map_err(|_| anyhow::anyhow!("no answer within {} s", timeout.as_secs()))??;
    conn.close().await?;
    Ok(())
}

fn describe(o: &PgConnectOptions) -> String {
    format!(
        "{}:{}/{} as {}",
        o.get_host(),
        o.get_port(),
        o.get_database().unwrap_or(o.get_username()),
        o.get_username()
    )
}

/// Where the PostgreSQL server programs are.
#[derive(Debug, Clone)]
pub struct PgBinaries {
    pub bin_dir: PathBuf,
}

impl PgBinaries {
    fn initdb(&self) -> PathBuf {
        self.bin_dir.join("initdb")
    }
    fn pg_ctl(&self) -> PathBuf {
        self.bin_dir.join("pg_ctl")
    }
}

/// The error shown when no PostgreSQL binaries exist: names both ways out.
pub fn missing_binaries_message(searched: &[PathBuf]) -> String {
    let dirs: Vec<String> = searched.iter().map(|p| p.display().to_string()).collect();
    format!(
        "no DATABASE_URL is set, so lords wants to start its own PostgreSQL, but the PostgreSQL \
         server programs (initdb, pg_ctl) were not found on PATH or in [{}].\n\
         Fix it in one of two ways:\n  \
         1. install PostgreSQL on this machine: `sudo apt-get install postgresql` (Debian/Ubuntu; \
         or your system's postgresql server package), or set LORDS_PG_BIN_DIRS to its bin \
         directory;\n  \
         2. use an external PostgreSQL: run everything with `docker compose up` (see docs/operations.md), \
         or set DATABASE_URL=postgres://user:password@host:5432/db",
        dirs.join(", ")
    )
}

/// Finds `initdb` and `pg_ctl`: PATH first, then the `--pg-bin-dirs` list, or by default every
/// `/usr/lib/postgresql/<version>/bin`, highest version first.
pub fn find_binaries(pg_bin_dirs: Option<&str>) -> anyhow::Result<PgBinaries> {
    let mut candidates: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    match pg_bin_dirs {
        Some(list) => {
            candidates.extend(list.split(':').filter(|s| !s.is_empty()).map(PathBuf::from))
        }
        None => candidates.extend(versioned_bin_dirs(Path::new(DEFAULT_PG_ROOT))),
    }
    let mut seen = std::collections::HashSet::new();
    candidates.retain(|d| seen.insert(d.clone()));
    for dir in &candidates {
        let initdb = dir.join("initdb");
        if is_executable(&initdb) && is_executable(&dir.join("pg_ctl")) {
            // Debian puts symlinks on PATH; the real directory also holds `postgres`.
            let real = std::fs::canonicalize(&initdb)
                .ok()
                .and_then(|p| p.parent().map(Path::to_path_buf))
                .filter(|d| is_executable(&d.join("pg_ctl")))
                .unwrap_or_else(|| dir.clone());
            return Ok(PgBinaries { bin_dir: real });
        }
    }
    bail!(missing_binaries_message(&candidates))
}

/// `<root>/*/bin`, highest numeric version first.
fn versioned_bin_dirs(root: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(root) else {
        return Vec::new();
    };
    let mut versions: Vec<(Vec<u64>, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let key: Option<Vec<u64>> = name.split('.').map(|p| p.parse().ok()).collect();
            key.map(|k| (k, e.path().join("bin")))
        })
        .collect();
    versions.sort_by(|a, b| b.0.cmp(&a.0));
    versions.into_iter().map(|(_, p)| p).collect()
}

fn is_executable(p: &Path) -> bool {
    std::fs::metadata(p)
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

/// The OS account PostgreSQL runs as when lords runs as root (PostgreSQL refuses root).
#[derive(Debug, Clone)]
struct RunAs {
    user: String,
    uid: u32,
    gid: u32,
    runuser: PathBuf,
}

fn effective_uid() -> u32 {
    // /proc/self belongs to the process's effective user.
    std::fs::metadata("/proc/self")
        .map(|m| m.uid())
        .unwrap_or_else(|_| {
            std::process::Command::new("id")
                .arg("-u")
                .output()
                .ok()
                .and_then(|o| String::from_utf8(o.stdout).ok())
                .and_then(|s| s.trim().parse().ok())
                .unwrap_or(u32::MAX)
        })
}

fn lookup_user(name: &str) -> Option<(u32, u32)> {
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().find_map(|line| {
        let f: Vec<&str> = line.split(':').collect();
        (f.len() >= 4 && f[0] == name).then(|| Some((f[2].parse().ok()?, f[3].parse().ok()?)))?
    })
}

fn find_runuser() -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    dirs.extend(["/usr/sbin", "/sbin", "/usr/bin", "/bin"].map(PathBuf::from));
    dirs.into_iter()
        .map(|d| d.join("runuser"))
        .find(|p| is_executable(p))
}

fn run_as_for_root() -> anyhow::Result<Option<RunAs>> {
    if effective_uid() != 0 {
        return Ok(None);
    }
    let user = "postgres";
    let Some((uid, gid)) = lookup_user(user) else {
        bail!(
            "lords runs as root, and PostgreSQL refuses to run as root, but there is no \
             `postgres` OS user to run the embedded cluster as. Create one \
             (`useradd --system postgres`, the postgresql package does), run lords as another \
             user, or set DATABASE_URL"
        );
    };
    let Some(runuser) = find_runuser() else {
        bail!(
            "lords runs as root and needs `runuser` (util-linux) to start PostgreSQL as `postgres`"
        );
    };
    Ok(Some(RunAs {
        user: user.to_string(),
        uid,
        gid,
        runuser,
    }))
}

/// Name of the file in the data directory every process using the embedded cluster holds a
/// shared `flock` on; taking it exclusively proves no other lords process uses the cluster.
const CLUSTER_LOCK_FILE: &str = "cluster.lock";

/// Name of the file in the data directory `serve` holds an exclusive `flock` on while it runs.
pub const SERVE_LOCK_FILE: &str = "serve.lock";

/// The exclusive lock `serve` holds on `<data_dir>/serve.lock` for its whole life: one server
/// per data directory. Released when dropped (or when the process dies, by the kernel).
#[derive(Debug)]
pub struct ServeLock {
    _file: std::fs::File,
}

/// Takes `<data_dir>/serve.lock`, or fails at once (touching nothing else) when another
/// `lords serve` holds it. The file records the holder's pid for the message.
pub fn lock_for_serve(data_dir: &Path) -> anyhow::Result<ServeLock> {
    use std::io::{Read, Seek, Write};
    std::fs::create_dir_all(data_dir)
        .with_context(|| format!("creating the data directory {}", data_dir.display()))?;
    let path = data_dir.join(SERVE_LOCK_FILE);
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .with_context(|| format!("opening {}", path.display()))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut holder = String::new();
            let _ = file.read_to_string(&mut holder);
            let holder = match holder.trim() {
                "" => String::new(),
                pid => format!(" (pid {pid})"),
            };
            bail!(
                "another `lords serve`{holder} is already running on the data directory {}; \
                 stop it first, or give this server its own LORDS_DATA_DIR. Nothing was changed.",
                data_dir.display()
            );
        }
        Err(std::fs::TryLockError::Error(e)) => {
            return Err(e).with_context(|| format!("locking {}", path.display()));
        }
    }
    file.set_len(0)?;
    file.rewind()?;
    writeln!(file, "{}", std::process::id())?;
    Ok(ServeLock { _file: file })
}

/// A running private cluster. Stop it with [`EmbeddedPg::stop`] (or drop it): that stops the
/// cluster only if this process started it and no other lords process still uses it.
#[derive(Debug)]
pub struct EmbeddedPg {
    bins: PgBinaries,
    /// `<data_dir>/pg`: holds `data/` (PGDATA), the socket and `postgresql.log`.
    dir: PathBuf,
    run_as: Option<RunAs>,
    /// A shared `flock` on `<data_dir>/cluster.lock` while this process uses the cluster.
    users: std::fs::File,
    /// This process started the cluster (or took over one no process was using), so it is the
    /// one to stop it; a cluster found in use by another process is left running.
    owned: bool,
    stopped: bool,
}

/// How a process takes part in the cluster's life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// `serve`: takes over a cluster no other process uses (left by a killed server) and stops
    /// it on exit.
    Server,
    /// `verify`, `export`, `migrate`: use a running cluster and leave it running; stop only a
    /// cluster they started themselves.
    Command,
}

impl EmbeddedPg {
    /// Initialises `<data_dir>/pg/data` on first use, then starts the cluster (or uses the one
    /// already running there) and makes sure the database exists.
    pub async fn start(db: &DatabaseArgs) -> anyhow::Result<EmbeddedPg> {
        Self::start_as(db, Role::Server).await
    }

    /// [`EmbeddedPg::start`] for a process of the given [`Role`].
    pub async fn start_as(db: &DatabaseArgs, role: Role) -> anyhow::Result<EmbeddedPg> {
        let bins = find_binaries(db.pg_bin_dirs.as_deref())?;
        let run_as = run_as_for_root()?;
        std::fs::create_dir_all(&db.data_dir)
            .with_context(|| format!("creating the data directory {}", db.data_dir.display()))?;
        let data_dir = std::fs::canonicalize(&db.data_dir)
            .with_context(|| format!("resolving {}", db.data_dir.display()))?;
        let dir = data_dir.join("pg");
        let socket_len = dir
            .join(format!(".s.PGSQL.{EMBEDDED_PORT}"))
            .as_os_str()
            .len();
        if socket_len > MAX_SOCKET_PATH {
            bail!(
                "the data directory path {} is too long for PostgreSQL's unix socket; use a \
                 shorter LORDS_DATA_DIR",
                data_dir.display()
            );
        }
        if dir.to_string_lossy().contains(['\'', '"', '\\', '\n']) {
            bail!(
                "the data directory path {} must not contain quotes or backslashes",
                data_dir.display()
            );
        }
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700))?;
        if let Some(r) = &run_as {
            std::os::unix::fs::chown(&dir, Some(r.uid), Some(r.gid))
                .with_context(|| format!("giving {} to the {} user", dir.display(), r.user))?;
        }
        let lock_path = data_dir.join(CLUSTER_LOCK_FILE);
        let users = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_path)
            .with_context(|| format!("opening {}", lock_path.display()))?;
        // Exclusive while deciding and starting, so two processes never start it at once; a
        // process that cannot have it exclusively waits (shared) until the starter is done.
        let alone = match users.try_lock() {
            Ok(()) => true,
            Err(std::fs::TryLockError::WouldBlock) => false,
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(e).with_context(|| format!("locking {}", lock_path.display()));
            }
        };
        if !alone {
            lock_shared(&users).await?;
        }
        let mut pg = EmbeddedPg {
            bins,
            dir,
            run_as,
            users,
            owned: false,
            stopped: true,
        };
        tracing::info!(bin_dir = %pg.bins.bin_dir.display(), dir = %pg.dir.display(),
            "using the embedded PostgreSQL");
        if !pg.pgdata().join("PG_VERSION").exists() {
            pg.initdb().await?;
        }
        if pg.is_running().await {
            if alone && role == Role::Server {
                tracing::warn!(dir = %pg.dir.display(),
                    "an embedded PostgreSQL no process is using is running for this data \
                     directory (left by a killed server?); taking it over");
                pg.owned = true;
            } else {
                tracing::info!(dir = %pg.dir.display(),
                    "the embedded PostgreSQL is already running; using it and leaving it running");
            }
        } else {
            pg.pg_ctl_start().await?;
            pg.owned = true;
        }
        pg.stopped = false;
        if alone {
            // Downgrade: others may now use the cluster alongside this process.
            pg.users
                .lock_shared()
                .context("locking the embedded cluster (shared)")?;
        }
        if let Err(e) = pg.ensure_database().await {
            pg.stop().await;
            return Err(e);
        }
        Ok(pg)
    }

    /// PGDATA.
    pub fn pgdata(&self) -> PathBuf {
        self.dir.join("data")
    }

    /// The directory holding the unix socket (`.s.PGSQL.5432`).
    pub fn socket_dir(&self) -> &Path {
        &self.dir
    }

    fn log_file(&self) -> PathBuf {
        self.dir.join("postgresql.log")
    }

    /// How to reach the cluster's database over its socket.
    pub fn connect_options(&self) -> PgConnectOptions {
        self.connect_options_for(EMBEDDED_DB)
    }

    fn connect_options_for(&self, database: &str) -> PgConnectOptions {
        PgConnectOptions::new_without_pgpass()
            .socket(&self.dir)
            .port(EMBEDDED_PORT)
            .username(EMBEDDED_USER)
            .database(database)
            .application_name("lords")
    }

    fn command(&self, program: &Path) -> tokio::process::Command {
        let mut cmd = match &self.run_as {
            Some(r) => {
                let mut c = tokio::process::Command::new(&r.runuser);
                c.arg("-u").arg(&r.user).arg("--").arg(program);
                c
            }
            None => tokio::process::Command::new(program),
        };
        // The postgres user may not be able to enter our working directory.
        cmd.current_dir(&self.dir)
            .env_remove("PGDATA")
            .env_remove("PGHOST")
            .env_remove("PGPORT")
            .stdin(std::process::Stdio::null())
            .kill_on_drop(true);
        cmd
    }

    async fn run(&self, program: &Path, args: &[OsString], what: &str) -> anyhow::Result<Output> {
        let out = self
            .command(program)
            .args(args)
            .output()
            .await
            .with_context(|| format!("running {}", program.display()))?;
        if !out.status.success() {
            bail!(
                "{what} failed ({}):\n{}{}{}",
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr),
                self.log_tail()
            );
        }
        Ok(out)
    }

    fn log_tail(&self) -> String {
        match std::fs::read_to_string(self.log_file()) {
            Ok(log) => {
                let lines: Vec<&str> = log.lines().collect();
                let tail = lines[lines.len().saturating_sub(15)..].join("\n");
                format!(
                    "\n--- last lines of {} ---\n{tail}",
                    self.log_file().display()
                )
            }
            Err(_) => String::new(),
        }
    }

    async fn initdb(&self) -> anyhow::Result<()> {
        tracing::info!(pgdata = %self.pgdata().display(), "initialising the embedded PostgreSQL cluster");
        let args: Vec<OsString> = vec![
            "-D".into(),
            self.pgdata().into(),
            "-U".into(),
            EMBEDDED_USER.into(),
            "--auth=trust".into(),
            "--encoding=UTF8".into(),
            "--locale=C".into(),
        ];
        self.run(&self.bins.initdb(), &args, "initdb").await?;
        Ok(())
    }

    async fn is_running(&self) -> bool {
        let args: Vec<OsString> = vec!["status".into(), "-D".into(), self.pgdata().into()];
        self.command(&self.bins.pg_ctl())
            .args(&args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .await
            .map(|s| s.success())
            .unwrap_or(false)
    }

    async fn pg_ctl_start(&self) -> anyhow::Result<()> {
        // pg_ctl hands `-o` to a shell: the socket path is single-quoted (quotes were refused).
        let options = format!(
            "-c listen_addresses='' -k '{}' -p {EMBEDDED_PORT}",
            self.dir.display()
        );
        let args: Vec<OsString> = vec![
            "start".into(),
            "-D".into(),
            self.pgdata().into(),
            "-l".into(),
            self.log_file().into(),
            "-w".into(),
            "-t".into(),
            "60".into(),
            "-s".into(),
            "-o".into(),
            options.into(),
        ];
        self.run(
            &self.bins.pg_ctl(),
            &args,
            "starting the embedded PostgreSQL (pg_ctl start)",
        )
        .await?;
        Ok(())
    }

    async fn ensure_database(&self) -> anyhow::Result<()> {
        use sqlx::{ConnectOptions, Connection};
        let mut conn = self
            .connect_options_for("postgres")
            .connect()
            .await
            .context("connecting to the embedded PostgreSQL")?;
        crate::eventstore::create_database_if_missing(&mut conn, EMBEDDED_DB)
            .await
            .context("creating the embedded database")?;
        conn.close().await?;
        Ok(())
    }

    fn stop_args(&self) -> Vec<OsString> {
        vec![
            "stop".into(),
            "-D".into(),
            self.pgdata().into(),
            "-m".into(),
            "fast".into(),
            "-w".into(),
            "-s".into(),
        ]
    }

    /// Whether this process is the one to stop the cluster (it started it).
    pub fn owned(&self) -> bool {
        self.owned
    }

    /// True when this process may stop the cluster now: it owns it and no other lords process
    /// holds the cluster lock. Logs why not otherwise.
    fn may_stop(&self) -> bool {
        if !self.owned {
            tracing::info!(
                "leaving the embedded PostgreSQL running: this process did not start it"
            );
            return false;
        }
        match self.users.try_lock() {
            Ok(()) => true,
            Err(_) => {
                tracing::info!(
                    "leaving the embedded PostgreSQL running: another lords process uses it"
                );
                false
            }
        }
    }

    /// Stops the cluster (`pg_ctl stop -m fast`) if this process started it and no other lords
    /// process uses it, waiting until it is down. Close pools first.
    pub async fn stop(mut self) {
        if self.stopped {
            return;
        }
        self.stopped = true;
        if !self.may_stop() || !self.is_running().await {
            return;
        }
        match self
            .run(&self.bins.pg_ctl(), &self.stop_args(), "pg_ctl stop")
            .await
        {
            Ok(_) => tracing::info!("the embedded PostgreSQL stopped"),
            Err(e) => tracing::error!(error = format!("{e:#}"), "stopping the embedded PostgreSQL"),
        }
    }
}

impl Drop for EmbeddedPg {
    fn drop(&mut self) {
        if self.stopped {
            return;
        }
        self.stopped = true;
        if !self.may_stop() {
            return;
        }
        let mut cmd = match &self.run_as {
            Some(r) => {
                let mut c = std::process::Command::new(&r.runuser);
                c.arg("-u").arg(&r.user).arg("--").arg(self.bins.pg_ctl());
                c
            }
            None => std::process::Command::new(self.bins.pg_ctl()),
        };
        let _ = cmd
            .args(self.stop_args())
            .current_dir(&self.dir)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versioned_bin_dirs_put_the_highest_version_first() {
        let root = std::env::temp_dir().join(format!("lords-pgroot-{}", uuid::Uuid::new_v4()));
        for v in ["9.6", "15", "13", "not-a-version"] {
            std::fs::create_dir_all(root.join(v).join("bin")).unwrap();
        }
        let dirs = versioned_bin_dirs(&root);
        let names: Vec<String> = dirs
            .iter()
            .map(|d| {
                d.parent()
                    .unwrap()
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        assert_eq!(names, ["15", "13", "9.6"]);
        std::fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn the_missing_binaries_message_names_both_fixes() {
        let m = missing_binaries_message(&[PathBuf::from("/nowhere")]);
        assert!(m.contains("apt-get install postgresql"));
        assert!(m.contains("docker compose up"));
        assert!(m.contains("DATABASE_URL"));
    }
}
