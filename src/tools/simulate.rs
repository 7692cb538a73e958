//! The `simulate` subcommand: seeded random games through `legal_actions`, checking the
//! engine's invariants as they go. Names only the engine's public surface and `crate::tools::stats`:
//! nothing of the server, nor the load tool.
//!
//! Figures are printed as one JSON line. The games are `rules::playout`'s, as the benches'.

use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use crate::tools::stats::{mean, per_s, rounded};
use anyhow::bail;
use rules::playout::{Broken, Checks, Played, play_random_game};
use rules::{Game, GameOptions, OptionsRequest, PowerRule, RuleError};

#[derive(clap::Args, Debug, Clone)]
pub struct SimulateArgs {
    /// How many games to play.
    #[arg(long)]
    pub games: u64,
    /// Players per game, 2 to 5.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=5))]
    pub players: u8,
    /// Include the two Bruce cards.
    #[arg(long)]
    pub bruce: bool,
    /// The eligibility rule; when left out, the default for the player count (RULES §2).
    #[arg(long, value_enum)]
    pub power_rule: Option<PowerRuleArg>,
    /// Game `i` is played with seed `seed + i`, so `--seed <seed + i> --games 1` replays it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

#[derive(clap::ValueEnum, Debug, Clone, Copy)]
pub enum PowerRuleArg {
    #[value(name = "lowest_strength")]
    LowestStrength,
    #[value(name = "lowest_in_clan")]
    LowestInClan,
}

impl From<PowerRuleArg> for PowerRule {
    fn from(rule: PowerRuleArg) -> Self {
        match rule {
            PowerRuleArg::LowestStrength => PowerRule::LowestStrength,
            PowerRuleArg::LowestInClan => PowerRule::LowestInClan,
        }
    }
}

/// The options of a `simulate` or `tournament` game: these, and the engine's defaults for the
/// rest (the power rule's for the player count when none is given, RULES §2).
pub fn game_options(
    players: u8,
    bruce: bool,
    power_rule: Option<PowerRuleArg>,
) -> Result<GameOptions, RuleError> {
    OptionsRequest {
        players,
        include_bruce: Some(bruce),
        power_rule: power_rule.map(PowerRule::from),
        target_score: None,
        ..OptionsRequest::default()
    }
    .validate()
}

/// One checked game and the time its replay took.
fn simulate_one(options: &GameOptions, seed: u64) -> Result<(Played, Duration), Broken> {
    let played = play_random_game(options, seed, Checks::Conservation)?;
    let started = Instant::now();
    let replayed = Game::replay(&played.events);
    let replay_time = started.elapsed();
    if replayed != played.game {
        return Err(Broken::ReplayDiffers {
            events: played.events.len(),
        });
    }
    Ok((played, replay_time))
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// The one JSON line `simulate` prints, fields in this order.
#[derive(Debug, serde::Serialize)]
struct Figures {
    games: u64,
    players: u8,
    bruce: bool,
    power_rule: PowerRule,
    seed: u64,
    events: u64,
    actions: u64,
    avg_skirmishes: f64,
    elapsed_s: f64,
    games_per_s: f64,
    /// All events over the time `Game::replay` took on them, game by game.
    events_replayed_per_s: u64,
}

pub fn run(args: &SimulateArgs) -> anyhow::Result<()> {
    let options = game_options(args.players, args.bruce, args.power_rule)?;
    let rule = match options.power_rule {
        PowerRule::LowestStrength => "lowest_strength",
        PowerRule::LowestInClan => "lowest_in_clan",
    };
    let (mut events, mut actions, mut skirmishes) = (0u64, 0u64, 0u64);
    let mut replay_time = Duration::ZERO;
    let started = Instant::now();
    for i in 0..args.games {
        let seed = args.seed.wrapping_add(i);
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| simulate_one(&options, seed)))
            .unwrap_or_else(|payload| Err(Broken::Panicked(panic_message(payload.as_ref()))));
        let (played, replayed_in) = match outcome {
            Ok(done) => done,
            Err(broken) => bail!(
                "game {i} breaks the engine: {broken} (`lords simulate --games 1 --players {} \
                 {}--power-rule {rule} --seed {seed}` plays it again)",
                args.players,
                if args.bruce { "--bruce " } else { "" },
            ),
        };
        events += played.events.len() as u64;
        actions += played.actions;
        skirmishes += u64::from(played.game.skirmish());
        replay_time += replayed_in;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let games = args.games as f64;
    let line = Figures {
        games: args.games,
        players: args.players,
        bruce: args.bruce,
        power_rule: options.power_rule,
        seed: args.seed,
        events,
        actions,
        avg_skirmishes: rounded(mean(skirmishes as f64, games), 3),
        elapsed_s: rounded(elapsed, 3),
        games_per_s: rounded(per_s(games, elapsed), 1),
        events_replayed_per_s: per_s(events as f64, replay_time.as_secs_f64()).round() as u64,
    };
    let line = serde_json::to_string(&line)?;
    println!("{line}");
    Ok(())
}
