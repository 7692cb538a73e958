//! The `tournament` subcommand: bots play each other through the engine, seats rotated across
//! games. Names the engine, `sim` (its options and action cap) and `crate::tools::stats`: nothing of
//! the server, nor the load tool.
//!
//! One JSON line reports each level's win rate and mean decision time. The bots are the
//! engine's pure `rules::bots`; only this shell reads the clock.
//!
//! Seating: in game `i`, seat `s` is played by `bots[(s + i) % bots.len()]`, so every level sits
//! in every seat equally often and a list shorter than the table is cycled. Ties: a shared
//! victory (RULES §7) gives each winner `1 / winners` of a win, so win rates add up to one win
//! per game; `shared_games` counts such games. A level's `win_rate` is its wins over the seats it
//! played (with one seat per game for each level, simply its share of the games).

use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use rand::SeedableRng;
use rand::rngs::StdRng;

use rules::BotLevel;
use rules::bots;
use rules::playout::MAX_ACTIONS;
use rules::{Game, GameOptions, PowerRule, Status, Viewer, decide, legal_actions, start, view};

use crate::tools::simulate::{PowerRuleArg, game_options};
use crate::tools::stats::{mean, per_s, rounded};

#[derive(clap::Args, Debug, Clone)]
pub struct TournamentArgs {
    /// Players per game, 2 to 5.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=5))]
    pub players: u8,
    /// How many games to play.
    #[arg(long)]
    pub games: u64,
    /// The bot levels, comma-separated (random, greedy, mcts); cycled over the seats.
    #[arg(long, value_delimiter = ',', required = true)]
    pub bots: Vec<BotLevel>,
    /// Game `i` is played with seed `seed + i`.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Include the two Bruce cards.
    #[arg(long)]
    pub bruce: bool,
    /// The eligibility rule; when left out, the default for the player count (RULES §2).
    #[arg(long, value_enum)]
    pub power_rule: Option<PowerRuleArg>,
    /// The `mcts` level's iterations per decision at 2 players (scaled by 2/players).
    #[arg(long, default_value_t = bots::MCTS_ITERATIONS)]
    pub mcts_iterations: u32,
    /// Games played at once, one thread each (results do not depend on it).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: u32,
}

/// One game's result: per seat, its level, its share of the win, its decisions and their time.
struct GameResult {
    seats: Vec<SeatResult>,
    shared: bool,
}

struct SeatResult {
    level: BotLevel,
    win: f64,
    decisions: u64,
    time: Duration,
}

/// Plays game `index` of the tournament.
fn play_game(
    args: &TournamentArgs,
    options: &GameOptions,
    index: u64,
) -> anyhow::Result<GameResult> {
    let seed = args.seed.wrapping_add(index);
    // The engine's chance and the bots' chance come from separate seeded generators.
    let mut engine_rng = StdRng::seed_from_u64(seed);
    let mut bot_rng = StdRng::seed_from_u64(seed ^ 0x5EED_B075_0000_0000);
    let mut game = Game::replay(&start(options, &mut engine_rng)?);
    let mut seats: Vec<SeatResult> = (0..args.players)
        .map(|s| SeatResult {
            level: args.bots[(s as usize + index as usize) % args.bots.len()],
            win: 0.0,
            decisions: 0,
            time: Duration::ZERO,
        })
        .collect();
    let mut actions = 0;
    while game.status() == Status::Active {
        if actions >= MAX_ACTIONS {
            bail!("game {index} (seed {seed}) does not end");
        }
        let seat = game
            .awaiting()
            .context("an active game awaits a seat")?
            .seat;
        let result = &mut seats[seat.index()];
        let started = Instant::now();
        // What a worker would do: the seat's view and legal list, nothing more.
        let legal = legal_actions(&game, seat);
        let seen = view(&game, Viewer::Seat(seat));
        let action = bots::choose_with_budget(
            result.level,
            &seen,
            &legal,
            &mut bot_rng,
            args.mcts_iterations,
        );
        result.time += started.elapsed();
        result.decisions += 1;
        let action = action.with_context(|| format!("game {index}: seat {seat:?} has no move"))?;
        let events = decide(&game, seat, &action, &mut engine_rng)
            .with_context(|| format!("game {index}: a bot's action {action:?} is rejected"))?;
        for e in &events {
            game.apply(e);
        }
        actions += 1;
    }
    let winners = game.winners().unwrap_or_default();
    for w in winners {
        seats[w.index()].win = 1.0 / winners.len() as f64;
    }
    Ok(GameResult {
        seats,
        shared: winners.len() > 1,
    })
}

#[derive(Debug, serde::Serialize)]
struct LevelFigures {
    level: BotLevel,
    /// Seats this level played (one per game per seat it held).
    seats: u64,
    /// Wins, a shared victory counted as a fraction.
    wins: f64,
    win_rate: f64,
    decisions: u64,
    mean_decision_ms: f64,
}

/// The one JSON line `tournament` prints, fields in this order.
#[derive(Debug, serde::Serialize)]
struct Figures {
    games: u64,
    players: u8,
    bots: Vec<BotLevel>,
    seed: u64,
    bruce: bool,
    power_rule: PowerRule,
    mcts_iterations: u32,
    threads: u32,
    shared_games: u64,
    levels: Vec<LevelFigures>,
    elapsed_s: f64,
    games_per_s: f64,
}

pub fn run(args: &TournamentArgs) -> anyhow::Result<()> {
    if args.bots.is_empty() {
        bail!("name at least one bot level");
    }
    let options = game_options(args.players, args.bruce, args.power_rule)?;
    let started = Instant::now();
    let threads = u64::from(args.threads).min(args.games.max(1));
    // Thread t plays games t, t + threads, ...; results are put back in game order.
    let mut results: Vec<Option<anyhow::Result<GameResult>>> =
        (0..args.games).map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..args.games)
                        .step_by(threads as usize)
                        .map(|i| (i, play_game(args, &options, i)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            match h.join() {
                Ok(done) => {
                    for (i, r) in done {
                        results[i as usize] = Some(r);
                    }
                }
                Err(_) => bail!("a tournament thread panicked"),
            }
        }
        Ok(())
    })?;
    let elapsed = started.elapsed().as_secs_f64();

    let mut levels: Vec<LevelFigures> = Vec::new();
    let mut times: Vec<Duration> = Vec::new();
    let mut shared_games = 0;
    for r in results {
        let r = r.context("a game was not played")??;
        shared_games += u64::from(r.shared);
        for s in r.seats {
            let i = match levels.iter().position(|l| l.level == s.level) {
                Some(i) => i,
                None => {
                    levels.push(LevelFigures {
                        level: s.level,
                        seats: 0,
                        wins: 0.0,
                        win_rate: 0.0,
                        decisions: 0,
                        mean_decision_ms: 0.0,
                    });
                    times.push(Duration::ZERO);
                    levels.len() - 1
                }
            };
            levels[i].seats += 1;
            levels[i].wins += s.win;
            levels[i].decisions += s.decisions;
            times[i] += s.time;
        }
    }
    for (l, t) in levels.iter_mut().zip(&times) {
        l.win_rate = rounded(mean(l.wins, l.seats as f64), 4);
        l.wins = rounded(l.wins, 3);
        l.mean_decision_ms = rounded(mean(t.as_secs_f64() * 1e3, l.decisions as f64), 4);
    }
    let line = Figures {
        games: args.games,
        players: args.players,
        bots: args.bots.clone(),
        seed: args.seed,
        bruce: args.bruce,
        power_rule: options.power_rule,
        mcts_iterations: args.mcts_iterations,
        threads: threads as u32,
        shared_games,
        levels,
        elapsed_s: rounded(elapsed, 3),
        games_per_s: rounded(per_s(args.games as f64, elapsed), 2),
    };
    println!("{}", serde_json::to_string(&line)?);
    Ok(())
}
