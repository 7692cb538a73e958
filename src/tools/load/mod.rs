//! The `lords load` command: its options, and the run that drives a server through its public
//! HTTP API as players would. Names no other tool (`sim`, `tournament`); only `populate` goes
//! past the HTTP API, into the store.
//!
//! A run prints one JSON report (throughput, latency percentiles per endpoint, errors, the
//! server's peak memory); `load populate` fills a database with engine-played games for it.
//! Its files, lowest first: `recorder` (what a task counted) → `client` (timed requests) →
//! `hooks`, `sse`, `probe` (figures beside the requests) → `report` (the printed shape) →
//! `scenarios` (the run). The arithmetic is `crate::tools::stats`'.

pub mod client;
pub mod hooks;
pub mod populate;
pub mod probe;
pub mod recorder;
pub mod report;
pub mod scenarios;
pub mod sse;

use std::time::Duration;

use chrono::{DateTime, Utc};

pub use populate::{PopulateArgs, random_game};

/// The password of every account the load tool creates or `populate` inserts.
pub const PASSWORD: &str = "load-test-password";

/// Notifications created before this time (microseconds since the epoch; 0: none) are not
/// timed (`--measure-after-s`). Set once per run, when the run begins.
static MEASURE_FROM_US: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);

/// Times only the notifications created `after` past `started` from now on.
fn measure_from(started: DateTime<Utc>, after: Duration) {
    let from = started + chrono::Duration::from_std(after).unwrap_or_default();
    MEASURE_FROM_US.store(
        from.timestamp_micros(),
        std::sync::atomic::Ordering::Relaxed,
    );
}

/// Times no notification until [`measure_from`] is called: those a stream carries while it
/// opens (before the measured window) are not timed.
fn measure_nothing_yet() {
    MEASURE_FROM_US.store(i64::MAX, std::sync::atomic::Ordering::Relaxed);
}

/// Microseconds from a notification's `created_at` (the time of the action that caused it) to
/// its arrival: how the webhook receiver and the streams time what they carry. `None` for one
/// created before the measure began (`--measure-after-s`).
fn micros_since(created_at: &str, arrived: DateTime<Utc>) -> Option<u32> {
    let created: DateTime<Utc> = created_at.parse().ok()?;
    if created.timestamp_micros() < MEASURE_FROM_US.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let micros = (arrived - created).num_microseconds()?.max(0);
    Some(u32::try_from(micros).unwrap_or(u32::MAX))
}

#[derive(clap::Args, Debug, Clone)]
// A later occurrence of an option wins, so that scripts can put defaults first.
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    args_override_self = true
)]
pub struct LoadArgs {
    #[command(subcommand)]
    pub command: Option<LoadCommand>,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(clap::Subcommand, Debug, Clone)]
pub enum LoadCommand {
    /// Insert engine-played games straight into a database (for `--scenario views`, the
    /// 10,000-stored-games memory check and the pgbench baseline); prints one JSON line.
    Populate(PopulateArgs),
}

/// What the simulated clients do.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scenario {
    /// Every player is its own client: GET the view, GET legal actions and POST one when it is
    /// their decision, long-poll the view while waiting.
    Play,
    /// One client per game holds every seat and only does what an action needs: GET legal
    /// actions, POST one (no views, no long polls). Compare with the pgbench action script.
    Actions,
    /// `--clients` clients GET views of stored games (listed through the API, filtered by
    /// `--min-version`/`--max-version`) as fast as answered. Compare with the pgbench view
    /// script.
    Views,
    /// Every account holds `GET /v1/me/stream`, all opened at once (how long opening took, how
    /// many opened, refusals by status); then one paced client per game (as `actions`) asks
    /// for `--actions-per-s` actions a second in all, while the streams' `your_turn` lines are
    /// timed from their `created_at`, `/healthz` is asked every 100 ms and dropped streams
    /// counted. Defaults: 10,000 accounts, 2,000 five-player games (every account in one),
    /// 500 actions a second, 60 s.
    Streams,
}

impl Scenario {
    pub fn name(self) -> &'static str {
        match self {
            Scenario::Play => "play",
            Scenario::Actions => "actions",
            Scenario::Views => "views",
            Scenario::Streams => "streams",
        }
    }
}

#[derive(clap::Args, Debug, Clone)]
pub struct RunArgs {
    /// The server's base URL, e.g. http://127.0.0.1:8080. Several, comma-separated, are
    /// servers of one database: seat s of every game plays on server s mod n (sign-up and
    /// game creation on the first), so players of one game meet on different servers.
    #[arg(long, required = true)]
    pub url: Option<String>,
    #[arg(long, value_enum, default_value_t = Scenario::Play)]
    pub scenario: Scenario,
    /// Games played at the same time (play, actions, streams) [default: 8; streams: 2,000].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub games: Option<u32>,
    /// Players per game (play, actions, streams) [default: 2; streams: 5].
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=5))]
    pub players: Option<u8>,
    /// Play, actions: seats of each game a built-in bot holds (the last ones); the clients
    /// play the others and wait for the bots' moves (the deadline worker makes them).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=4))]
    pub bots: u8,
    /// The bots' level: random, greedy or mcts.
    #[arg(long, default_value = "random")]
    pub bot_level: String,
    /// Play, actions: each game's turn clock (`turn_time_limit_s`, 5 to 1,209,600); without it
    /// games get the server's default clock (3 days).
    #[arg(long)]
    pub turn_time_limit_s: Option<u32>,
    /// Concurrent clients (views).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub clients: u32,
    /// Accounts to create and share among the players (a player may sit in several games)
    /// [default: one per seat (play, actions) or per client (views), at most 64; streams: one
    /// per seat, 10,000].
    #[arg(long)]
    pub accounts: Option<u32>,
    /// Insert the accounts straight into this database (the server's), each with a personal
    /// access token, instead of signing each up and logging it in over HTTP (two Argon2 hashes
    /// per account on the server: minutes for 10,000 on two cores). Not measured either way.
    #[arg(long)]
    pub database_url: Option<String>,
    /// Seeds the clients' choices (the server shuffles with its own randomness).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Run this long, starting a new game whenever one ends; without it, play `--games` games
    /// once to the end (views: 10 s; streams: 60 s).
    #[arg(long)]
    pub duration_s: Option<f64>,
    /// The server's process id: its peak resident memory (VmHWM) and CPU time are reported.
    #[arg(long)]
    pub server_pid: Option<u32>,
    /// Play, actions: a player thinks this long (on average; uniformly 0.5 to 1.5 times) before
    /// each decision, as a person would. 0: every request as soon as the previous answer.
    #[arg(long, default_value_t = 0)]
    pub think_ms: u64,
    /// Actions, streams: the actions a second the whole run asks for. Each game acts once
    /// every `games / N` seconds on a fixed schedule, the games' schedules evenly staggered (a
    /// late answer delays its game's next action, never brings a burst) [default: as fast as
    /// answered; streams: 500].
    #[arg(long)]
    pub actions_per_s: Option<f64>,
    /// Streams opened at the same time [default: 64; streams: all at once].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub open_concurrency: Option<u32>,
    /// Seconds a long poll may wait.
    #[arg(long, default_value_t = 30)]
    pub wait_s: u64,
    /// Views: only games at this version or later.
    #[arg(long, default_value_t = 0)]
    pub min_version: i64,
    /// Views: only games at this version or earlier.
    #[arg(long)]
    pub max_version: Option<i64>,
    /// Every account registers a webhook (all kinds) at a receiver inside the load tool, and
    /// the report gives deliveries/s and commit-to-delivery latency. The server must admit
    /// 127.0.0.1: `LORDS_WEBHOOK_ALLOW=127.0.0.1`.
    #[arg(long)]
    pub webhooks: bool,
    /// Every account holds `GET /v1/me/stream` open during the run; the report gives
    /// commit-to-SSE latency of the notifications (the server and the tool on one machine).
    #[arg(long)]
    pub sse: bool,
    /// Hold this many more idle streams (the accounts' tokens in turn) during the run, asking
    /// `/healthz` every 100 ms; with `--server-pid`, the server's memory while it holds them.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub sse_idle: u32,
    /// `--sse`, `--webhooks`: time only the notifications created this many seconds or more
    /// after the run began (leaves out the deals of the games all started at once).
    #[arg(long, default_value_t = 0)]
    pub measure_after_s: u64,
}

impl RunArgs {
    fn accounts(&self) -> u32 {
        let seats = self.games() * u32::from(self.humans());
        let wanted = match self.scenario {
            Scenario::Views => self.clients.min(64),
            Scenario::Play | Scenario::Actions => seats.min(64),
            Scenario::Streams => seats,
        };
        self.accounts
            .unwrap_or(wanted)
            .max(u32::from(self.humans()))
    }

    pub fn games(&self) -> u32 {
        let default = if self.scenario == Scenario::Streams {
            2_000
        } else {
            8
        };
        self.games.unwrap_or(default)
    }

    pub fn players(&self) -> u8 {
        let default = if self.scenario == Scenario::Streams {
            5
        } else {
            2
        };
        self.players.unwrap_or(default)
    }

    /// Seats of each game the clients play (the others are bots').
    pub fn humans(&self) -> u8 {
        self.players().saturating_sub(self.bots).max(1)
    }

    fn duration(&self) -> Option<Duration> {
        let default = match self.scenario {
            Scenario::Views => Some(10.0),
            Scenario::Streams => Some(60.0),
            Scenario::Play | Scenario::Actions => None,
        };
        self.duration_s
            .or(default)
            .map(|s| Duration::from_secs_f64(s.max(0.0)))
    }

    /// The actions a second asked for, if paced.
    fn actions_per_s(&self) -> Option<f64> {
        let default = (self.scenario == Scenario::Streams).then_some(500.0);
        self.actions_per_s.or(default).filter(|r| *r > 0.0)
    }

    /// Streams opened at the same time.
    fn open_concurrency(&self) -> usize {
        let default = match self.scenario {
            Scenario::Streams => self.accounts() + self.sse_idle,
            _ => 64,
        };
        self.open_concurrency.unwrap_or(default).max(1) as usize
    }
}

/// Runs `lords load ...`.
pub async fn run(args: LoadArgs) -> anyhow::Result<()> {
    raise_open_file_limit();
    match args.command {
        Some(LoadCommand::Populate(p)) => populate::run(&p).await,
        None => {
            let report = scenarios::run(&args.run).await?;
            println!("{}", serde_json::to_string(&report)?);
            Ok(())
        }
    }
}

/// Raises this process's soft limit of open files to its hard limit: each stream held and each
/// connection in flight is a file (10,000 streams by default for `--scenario streams`). A
/// failure is only told: a run that then runs out of files counts it as transport errors.
fn raise_open_file_limit() {
    if let Err(e) = rlimit::increase_nofile_limit(u64::MAX) {
        eprintln!("lords load: could not raise the open-file limit: {e}");
    }
}
