//! The load scenarios (see [`crate::tools::load::Scenario`]) and the run that ends in the [`Report`]: the
//! top of the load tool, naming its other parts; none of them names it.
//!
//! Accounts first (not measured), then the measured window, then the report. Each game slot or
//! client is one task with its own [`Recorder`]. `streams` also starts its games and opens its
//! streams before the window (opening is timed apart).

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use futures_util::StreamExt;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use tokio::task::JoinSet;

use crate::tools::load::client::{Acted, Api, Failure, GameState, Summary};
use crate::tools::load::hooks::Receiver;
use crate::tools::load::populate;
use crate::tools::load::probe::{self, MachineFigures, RssSampler, ServerFigures};
use crate::tools::load::recorder::Recorder;
use crate::tools::load::report::Report;
use crate::tools::load::sse::Streams;
use crate::tools::load::{PASSWORD, RunArgs, Scenario};
use crate::tools::stats::{per_s, rounded};

/// Accounts created (and logged in) at the same time: each costs the server an Argon2 hash
/// (19 MiB, one core).
const SIGN_UP_CONCURRENCY: usize = 2;
/// A client gives up a game after this many failures in a row.
const MAX_FAILURES_IN_A_ROW: u32 = 20;
/// Streams: games created (and joined) at the same time while setting up.
const GAME_SETUP_CONCURRENCY: usize = 16;
/// Views: the most games listed to pick from.
const MAX_VIEW_TARGETS: usize = 1000;
const MAX_LIST_PAGES: usize = 100;

pub async fn run(args: &RunArgs) -> anyhow::Result<Report> {
    let url = args.url.clone().context("--url is required")?;
    let apis = url
        .split(',')
        .map(|u| Api::new(u.trim(), Duration::from_secs(args.wait_s)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let api = apis[0].clone();
    let apis = Arc::new(apis);
    let mut rec = Recorder::default();
    let setup = Instant::now();
    let tokens = Arc::new(match &args.database_url {
        Some(db) => populate::accounts_with_tokens(db, args.accounts()).await?,
        None => sign_up(&api, &mut rec, args.accounts()).await?,
    });
    let targets = match args.scenario {
        Scenario::Views => Arc::new(discover(&api, &mut rec, &tokens[0], args).await?),
        Scenario::Play | Scenario::Actions | Scenario::Streams => Arc::new(Vec::new()),
    };
    let receiver = if args.webhooks {
        let receiver = Receiver::start().await?;
        for token in tokens.iter() {
            api.register_webhook(&mut rec, token, &receiver.url)
                .await
                .map_err(|f| anyhow::anyhow!("registering a webhook: {}", f.label()))?;
        }
        Some(receiver)
    } else {
        None
    };
    let concurrency = match args.scenario {
        Scenario::Views => args.clients,
        Scenario::Play | Scenario::Actions | Scenario::Streams => args.games(),
    };
    let mut clients: Vec<Task> = (0..concurrency)
        .map(|n| Task {
            api: api.clone(),
            apis: apis.clone(),
            args: args.clone(),
            tokens: tokens.clone(),
            targets: targets.clone(),
            n,
            deadline: None,
            first_game: None,
            pace: None,
        })
        .collect();
    // Streams: the games exist before the streams open (as when a server restarts under its
    // players), and their creation is not measured.
    let mut setup_rec = Recorder::default();
    if args.scenario == Scenario::Streams {
        start_games(&mut clients, &mut setup_rec).await;
        // The tables were filled a moment ago: PostgreSQL plans with their statistics (an
        // account's games found by its seats), as autovacuum would give them soon anyway.
        if let Some(db) = &args.database_url {
            populate::analyze(db).await?;
        }
    }
    let streaming = args.scenario == Scenario::Streams;
    crate::tools::load::measure_nothing_yet();
    let streams = if args.sse || args.sse_idle > 0 || streaming {
        let first = url.split(',').next().unwrap_or(&url).trim().to_string();
        let measured = args.sse || streaming;
        let concurrency = args.open_concurrency();
        Some(Streams::open(&first, &tokens, measured, args.sse_idle, concurrency).await?)
    } else {
        None
    };
    let setup_s = setup.elapsed().as_secs_f64();

    let sampler = args.server_pid.map(RssSampler::start);
    let server_cpu0 = args.server_pid.and_then(|p| probe::cpu_s(&p.to_string()));
    let client_cpu0 = probe::cpu_s("self");
    let machine0 = probe::machine_jiffies();
    let started = Instant::now();
    crate::tools::load::measure_from(
        chrono::Utc::now(),
        Duration::from_secs(args.measure_after_s),
    );
    let deadline = args.duration().map(|d| started + d);
    // Paced: game n acts every `period`, first at n/games of a period from now.
    let period = args
        .actions_per_s()
        .filter(|_| matches!(args.scenario, Scenario::Actions | Scenario::Streams))
        .map(|rate| Duration::from_secs_f64(f64::from(args.games()) / rate));
    let mut tasks = JoinSet::new();
    for mut task in clients {
        task.deadline = deadline;
        task.pace = period.map(|p| Pace::new(started + p.mul_f64(task.fraction()), p));
        match args.scenario {
            Scenario::Play => tasks.spawn(task.play_games()),
            Scenario::Actions | Scenario::Streams => tasks.spawn(task.hot_seat_games()),
            Scenario::Views => tasks.spawn(task.view_games()),
        };
    }
    while let Some(done) = tasks.join_next().await {
        match done {
            Ok(r) => rec.merge(r),
            Err(_) => rec.error("client task panicked"),
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let webhooks = match &receiver {
        Some(r) => {
            let drain = r
                .drain(Duration::from_secs(2), Duration::from_secs(60))
                .await;
            let mut figures = r.figures(
                tokens.len() as u32,
                Duration::from_secs_f64(elapsed) + drain,
            );
            figures.drain_s = round2(drain.as_secs_f64());
            Some(figures)
        }
        None => None,
    };

    let sse = match &streams {
        Some(s) => {
            // Notifications still on their way after the last answer.
            tokio::time::sleep(Duration::from_millis(500)).await;
            Some(s.figures().await)
        }
        None => None,
    };
    let server = args.server_pid.map(|pid| ServerFigures {
        pid,
        peak_rss_mb: probe::status_mb(pid, "VmHWM:"),
        sampled_max_rss_mb: sampler.as_ref().and_then(RssSampler::max_mb),
        cpu_s: probe::cpu_s(&pid.to_string())
            .zip(server_cpu0)
            .map(|(b, a)| round2(b - a)),
    });
    let busy_share = probe::machine_jiffies()
        .zip(machine0)
        .and_then(|((b1, t1), (b0, t0))| {
            (t1 > t0).then(|| round2((b1 - b0) as f64 / (t1 - t0) as f64))
        });
    let rate = |n: u64| round2(per_s(n as f64, elapsed));
    Ok(Report {
        scenario: args.scenario.name(),
        url,
        concurrency,
        players: args.players(),
        accounts: args.accounts(),
        seed: args.seed,
        think_ms: args.think_ms,
        setup_s: round2(setup_s),
        elapsed_s: round2(elapsed),
        asked_actions_per_s: period.and(args.actions_per_s()),
        actions: rec.actions,
        actions_per_s: rate(rec.actions),
        views: rec.views,
        views_per_s: rate(rec.views),
        games_started: rec.games_started,
        games_finished: rec.games_finished,
        latency_ms: rec.latency_summary(),
        errors: rec.errors().clone(),
        setup_errors: setup_rec.errors().clone(),
        server,
        webhooks,
        sse,
        client_cpu_s: probe::cpu_s("self")
            .zip(client_cpu0)
            .map(|(b, a)| round2(b - a)),
        machine: MachineFigures {
            cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
            busy_share,
            loadavg_1m: probe::loadavg_1m(),
        },
    })
}

/// The load report's precision.
fn round2(x: f64) -> f64 {
    rounded(x, 2)
}

/// Creates `n` accounts with fresh names and logs each in; their tokens in order.
async fn sign_up(api: &Api, rec: &mut Recorder, n: u32) -> anyhow::Result<Vec<String>> {
    let run: u32 = rand::random();
    let mut answers = futures_util::stream::iter(0..n)
        .map(|i| {
            let api = api.clone();
            async move {
                let mut rec = Recorder::default();
                let name = format!("ld{run:08x}_{i}");
                let token = api.sign_up(&mut rec, &name, PASSWORD).await;
                (i, token, rec)
            }
        })
        .buffer_unordered(SIGN_UP_CONCURRENCY);
    let mut tokens = vec![String::new(); n as usize];
    while let Some((i, token, r)) = answers.next().await {
        rec.merge(r);
        match token {
            Ok(t) => tokens[i as usize] = t,
            Err(f) => anyhow::bail!("creating or logging in account {i} failed: {f:?}"),
        }
    }
    Ok(tokens)
}

/// Starts each client's first game (streams), a few at a time; a client whose game could not
/// be started starts one in the measured window.
async fn start_games(clients: &mut [Task], rec: &mut Recorder) {
    let mut started = futures_util::stream::iter(clients.iter().enumerate())
        .map(|(i, task)| async move {
            let mut rec = Recorder::default();
            let seats = task.seat_tokens(0);
            let game = start_game(&task.api, &mut rec, &seats, &task.args).await;
            (i, game.ok(), rec)
        })
        .buffer_unordered(GAME_SETUP_CONCURRENCY);
    let mut games = Vec::with_capacity(clients.len());
    while let Some((i, game, r)) = started.next().await {
        rec.merge(r);
        games.push((i, game));
    }
    drop(started);
    for (i, game) in games {
        clients[i].first_game = game;
    }
}

/// Ids of listed games whose version is within the asked range (not open ones).
async fn discover(
    api: &Api,
    rec: &mut Recorder,
    token: &str,
    args: &RunArgs,
) -> anyhow::Result<Vec<String>> {
    let mut found = Vec::new();
    let mut cursor: Option<String> = None;
    for _ in 0..MAX_LIST_PAGES {
        let page = api
            .list(rec, token, cursor.as_deref())
            .await
            .map_err(|f| anyhow::anyhow!("listing games failed: {f:?}"))?;
        found.extend(
            page.games
                .into_iter()
                .filter(|g| g.status != "open")
                .filter(|g| g.version >= args.min_version)
                .filter(|g| args.max_version.is_none_or(|max| g.version <= max))
                .map(|g| g.id),
        );
        cursor = page.next_cursor;
        if cursor.is_none() || found.len() >= MAX_VIEW_TARGETS {
            break;
        }
    }
    found.truncate(MAX_VIEW_TARGETS);
    anyhow::ensure!(
        !found.is_empty(),
        "no stored game has a version in the asked range ({} to {:?}): fill the database \
         first (`lords load populate`)",
        args.min_version,
        args.max_version
    );
    Ok(found)
}

/// One game slot (play, actions) or one client (views).
struct Task {
    /// The first server: sign-up, game creation, joins.
    api: Api,
    /// Every server (`--url a,b`): seat s plays on `apis[s % n]`.
    apis: Arc<Vec<Api>>,
    args: RunArgs,
    tokens: Arc<Vec<String>>,
    targets: Arc<Vec<String>>,
    n: u32,
    deadline: Option<Instant>,
    /// A game started before the window (streams): the first one played.
    first_game: Option<Summary>,
    /// `--actions-per-s`: when this client's next action is due.
    pace: Option<Pace>,
}

/// A game's schedule of actions: one every `period`, on fixed times; an action that comes late
/// (its answer took longer than a period) moves the schedule, so that no burst catches up.
struct Pace {
    next: std::sync::Mutex<Instant>,
    period: Duration,
}

impl Pace {
    fn new(first: Instant, period: Duration) -> Pace {
        Pace {
            next: std::sync::Mutex::new(first),
            period,
        }
    }

    /// When the next action is due.
    fn slot(&self) -> Instant {
        let Ok(mut next) = self.next.lock() else {
            return Instant::now();
        };
        let at = *next;
        *next = at.max(Instant::now()) + self.period;
        at
    }
}

/// What became of one game.
enum Outcome {
    Finished,
    /// The deadline came first, or the client gave up after repeated failures.
    Unfinished,
}

/// A player's next request.
enum Next {
    Look,
    WaitPast(i64),
    Act,
}

enum Step {
    Finished,
    Then(Next),
}

impl Step {
    fn after_view(s: &GameState, seat: u8) -> Step {
        match s.game.awaiting.as_ref().map(|a| a.seat) {
            _ if s.game.status == "finished" => Step::Finished,
            Some(a) if a == seat => Step::Then(Next::Act),
            _ => Step::Then(Next::WaitPast(s.version)),
        }
    }

    fn after_action(acted: &Acted, seat: u8) -> Step {
        match &acted.view.awaiting {
            _ if acted.view.status == "finished" => Step::Finished,
            Some(a) if a.seat == seat => Step::Then(Next::Act),
            _ => Step::Then(Next::WaitPast(acted.version)),
        }
    }
}

impl Task {
    /// The server seat `seat` plays on.
    fn api_of(&self, seat: u8) -> &Api {
        &self.apis[usize::from(seat) % self.apis.len()]
    }

    fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Seconds a long poll may wait now: the configured wait, cut at the deadline (rounded up:
    /// a poll may end up to a second after it).
    fn poll_wait(&self) -> u64 {
        let left = self.deadline.map_or(self.args.wait_s, |d| {
            d.saturating_duration_since(Instant::now())
                .as_secs_f64()
                .ceil() as u64
        });
        left.clamp(1, self.args.wait_s.max(1))
    }

    /// This client's place among the clients, 0 to 1: where its paced schedule starts.
    fn fraction(&self) -> f64 {
        f64::from(self.n) / f64::from(self.args.games().max(1))
    }

    /// The wait before an action: until its paced slot (`--actions-per-s`), or a person's
    /// pause (`--think-ms`). False when the paced slot falls after the deadline.
    async fn pause(&self, rng: &mut StdRng) -> bool {
        match &self.pace {
            Some(pace) => {
                let at = pace.slot();
                let until = self.deadline.map_or(at, |d| at.min(d));
                tokio::time::sleep_until(until.into()).await;
                !self.past_deadline()
            }
            None => {
                self.think(rng).await;
                true
            }
        }
    }

    /// A person's pause before a decision (`--think-ms`).
    async fn think(&self, rng: &mut StdRng) {
        if self.args.think_ms > 0 {
            let ms = self.args.think_ms as f64 * rng.random_range(0.5..1.5);
            tokio::time::sleep(Duration::from_secs_f64(ms / 1000.0)).await;
        }
    }

    fn rng(&self, round: u64, seat: u8) -> StdRng {
        let mix = self.args.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (u64::from(self.n) << 32)
            ^ (round << 8)
            ^ u64::from(seat);
        StdRng::seed_from_u64(mix)
    }

    /// The tokens of game `round`'s seats: consecutive accounts, distinct within the game.
    fn seat_tokens(&self, round: u64) -> Vec<String> {
        let players = u64::from(self.args.humans());
        let accounts = self.tokens.len() as u64;
        let first = (u64::from(self.n) + round * u64::from(self.args.games())) * players;
        (0..players)
            .map(|s| self.tokens[((first + s) % accounts) as usize].clone())
            .collect()
    }

    /// Runs games one after another: once without a deadline, until it with one.
    async fn games<F, Fut>(mut self, rec: &mut Recorder, play: F)
    where
        F: Fn(Arc<Task>, Summary, Vec<String>, u64) -> Fut,
        Fut: Future<Output = (Outcome, Recorder)>,
    {
        let mut first = self.first_game.take();
        let task = Arc::new(self);
        for round in 0.. {
            if task.past_deadline() {
                break;
            }
            let seats = task.seat_tokens(round);
            let game = match first.take() {
                Some(game) => Ok(game),
                None => start_game(&task.api, rec, &seats, &task.args).await,
            };
            match game {
                Ok(game) => {
                    rec.games_started += 1;
                    let (outcome, r) = play(task.clone(), game, seats, round).await;
                    rec.merge(r);
                    if matches!(outcome, Outcome::Finished) {
                        rec.games_finished += 1;
                    }
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
            if task.deadline.is_none() {
                break;
            }
        }
    }

    async fn play_games(self) -> Recorder {
        let mut rec = Recorder::default();
        self.games(&mut rec, |task, game, seats, round| async move {
            let mut players = JoinSet::new();
            for (seat, token) in seats.into_iter().enumerate() {
                let rng = task.rng(round, seat as u8);
                players.spawn(
                    task.clone()
                        .play_seat(game.id.clone(), seat as u8, token, rng),
                );
            }
            let mut rec = Recorder::default();
            let mut finished = false;
            while let Some(done) = players.join_next().await {
                match done {
                    Ok((outcome, r)) => {
                        rec.merge(r);
                        finished |= matches!(outcome, Outcome::Finished);
                    }
                    Err(_) => rec.error("client task panicked"),
                }
            }
            let outcome = if finished {
                Outcome::Finished
            } else {
                Outcome::Unfinished
            };
            (outcome, rec)
        })
        .await;
        rec
    }

    /// One player: the view, then legal actions and an action whenever it is their decision,
    /// a long poll of the view while it is not.
    async fn play_seat(
        self: Arc<Self>,
        game: String,
        seat: u8,
        token: String,
        mut rng: StdRng,
    ) -> (Outcome, Recorder) {
        let mut rec = Recorder::default();
        let mut next = Next::Look;
        let mut failures = 0;
        loop {
            if self.past_deadline() || failures >= MAX_FAILURES_IN_A_ROW {
                return (Outcome::Unfinished, rec);
            }
            if matches!(next, Next::Act) {
                self.think(&mut rng).await;
            }
            let step = match next {
                Next::Look => self
                    .api_of(seat)
                    .view(&mut rec, &token, &game, None)
                    .await
                    .map(|s| Step::after_view(&s, seat)),
                Next::WaitPast(version) => {
                    let wait = self.poll_wait();
                    self.api_of(seat)
                        .view(&mut rec, &token, &game, Some((version, wait)))
                        .await
                        .map(|s| Step::after_view(&s, seat))
                }
                Next::Act => match self.api_of(seat).legal(&mut rec, &token, &game).await {
                    Ok(legal) => match legal.actions.choose(&mut rng) {
                        None => Ok(Step::Then(Next::Look)),
                        Some(action) => self
                            .api_of(seat)
                            .act(&mut rec, &token, &game, legal.version, action)
                            .await
                            .map(|acted| Step::after_action(&acted, seat)),
                    },
                    Err(f) => Err(f),
                },
            };
            match step {
                Ok(Step::Finished) => return (Outcome::Finished, rec),
                Ok(Step::Then(n)) => {
                    failures = 0;
                    next = n;
                }
                Err(_) => {
                    failures += 1;
                    next = Next::Look;
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            }
        }
    }

    /// One client holds every seat of its game and only asks for legal actions and acts.
    async fn hot_seat_games(self) -> Recorder {
        let mut rec = Recorder::default();
        self.games(&mut rec, |task, game, seats, round| async move {
            let mut rec = Recorder::default();
            let mut rng = task.rng(round, 0);
            let mut awaiting = game.awaiting.as_ref().map(|a| a.seat);
            let mut version = game.version;
            let mut failures = 0;
            loop {
                if task.past_deadline() || failures >= MAX_FAILURES_IN_A_ROW {
                    return (Outcome::Unfinished, rec);
                }
                let Some(seat) = awaiting else {
                    return (Outcome::Finished, rec);
                };
                let Some(token) = seats.get(usize::from(seat)) else {
                    // A bot's decision: wait until the server has played it.
                    let wait = Some((version, task.poll_wait()));
                    match task.api.view(&mut rec, &seats[0], &game.id, wait).await {
                        Ok(s) if s.game.status == "finished" => return (Outcome::Finished, rec),
                        Ok(s) => {
                            failures = 0;
                            version = s.version;
                            awaiting = s.game.awaiting.as_ref().map(|a| a.seat);
                        }
                        Err(_) => failures += 1,
                    }
                    continue;
                };
                if !task.pause(&mut rng).await {
                    return (Outcome::Unfinished, rec);
                }
                let acted = match task.api_of(seat).legal(&mut rec, token, &game.id).await {
                    Ok(legal) => match legal.actions.choose(&mut rng) {
                        Some(action) => {
                            task.api_of(seat)
                                .act(&mut rec, token, &game.id, legal.version, action)
                                .await
                        }
                        None => {
                            rec.error(Failure::NothingLegal.label());
                            Err(Failure::NothingLegal)
                        }
                    },
                    Err(f) => Err(f),
                };
                match acted {
                    Ok(a) if a.view.status == "finished" => return (Outcome::Finished, rec),
                    Ok(a) => {
                        failures = 0;
                        version = a.version;
                        awaiting = a.view.awaiting.map(|a| a.seat);
                    }
                    Err(_) => {
                        failures += 1;
                        // Look again at whose decision it is.
                        if let Ok(s) = task.api.view(&mut rec, &seats[0], &game.id, None).await {
                            if s.game.status == "finished" {
                                return (Outcome::Finished, rec);
                            }
                            version = s.version;
                            awaiting = s.game.awaiting.as_ref().map(|a| a.seat);
                        }
                    }
                }
            }
        })
        .await;
        rec
    }

    /// One client viewing random listed games until the deadline.
    async fn view_games(self) -> Recorder {
        let mut rec = Recorder::default();
        let mut rng = self.rng(0, 0);
        let token = &self.tokens[self.n as usize % self.tokens.len()];
        while !self.past_deadline() {
            let game = &self.targets[rng.random_range(0..self.targets.len())];
            let api = &self.apis[self.n as usize % self.apis.len()];
            let _ = api.view(&mut rec, token, game, None).await;
        }
        rec
    }
}

/// Creates a game with the first token and joins it with the others; the started game.
async fn start_game(
    api: &Api,
    rec: &mut Recorder,
    seats: &[String],
    args: &RunArgs,
) -> Result<Summary, Failure> {
    let mut game = api
        .create_game(
            rec,
            &seats[0],
            args.players(),
            args.bots,
            &args.bot_level,
            args.turn_time_limit_s,
        )
        .await?;
    for token in &seats[1..] {
        game = api.join(rec, token, &game.id).await?;
    }
    Ok(game)
}
