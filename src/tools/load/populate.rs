//! `lords load populate`: engine-played games written straight into a database. Names the
//! engine, the store and accounts; nothing of the load run (client, scenarios, report).
//!
//! Games are played by random legal actions through the engine (as `submit` would store them:
//! the game's own events without a seat, each action's events with the acting seat), imported in
//! batches with [`Store::import_games`]. Distinct, valid games: `lords verify --all` passes on
//! them.

use std::time::Instant;

use anyhow::Context;
use futures_util::StreamExt;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, RngExt, SeedableRng};
use serde::Serialize;

use crate::config::DatabaseArgs;
use crate::eventstore::Store;
use crate::eventstore::bulk::{ImportGame, numbered_account_id, numbered_game_id};
use crate::tools::stats::{mean, rounded};
use rules::{Event, Game, GameOptions, OptionsRequest, Seat};

#[derive(clap::Args, Debug, Clone)]
pub struct PopulateArgs {
    /// The database to fill (migrated first).
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    pub database_url: String,
    /// Games to insert.
    #[arg(long, default_value_t = 10_000)]
    pub games: u64,
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=5))]
    pub players: u8,
    /// The score that wins (RULES §2; 10 to 100).
    #[arg(long, default_value_t = 40)]
    pub target_score: u16,
    /// Stop each game once its stream holds at least this many events (an active game);
    /// without it, and without --stop-random, games are played to the end.
    #[arg(long, conflicts_with = "stop_random")]
    pub stop_at: Option<usize>,
    /// Stop each game at a uniformly random point of its play: streams of every length a game
    /// in progress has.
    #[arg(long)]
    pub stop_random: bool,
    /// Accounts the seats are shared among (they can log in with the load tool's password).
    #[arg(long, default_value_t = 100)]
    pub accounts: u64,
    /// Names this batch: games are `{base:08x}-0000-4000-8000-{n:012}` and accounts
    /// `{base:08x}-0001-...`, n from 0 (what the pgbench scripts expect).
    #[arg(long, default_value_t = 0)]
    pub id_base: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games per insert transaction.
    #[arg(long, default_value_t = 200)]
    pub batch: usize,
}

/// A game played by random legal choices: the whole stream, each event with its acting seat.
/// With `stop_at`, play stops at the first action that brings the stream to that length.
pub fn random_game(
    options: &GameOptions,
    rng: &mut impl Rng,
    stop_at: Option<usize>,
) -> anyhow::Result<Vec<(Option<Seat>, Event)>> {
    let start = rules::start(options, rng)?;
    let mut game = Game::replay(&start);
    let mut events: Vec<(Option<Seat>, Event)> = start.into_iter().map(|e| (None, e)).collect();
    while let Some(awaiting) = game.awaiting() {
        if stop_at.is_some_and(|n| events.len() >= n) {
            break;
        }
        let actions = rules::legal_actions(&game, awaiting.seat);
        let action = actions
            .choose(rng)
            .context("an awaited seat has no legal action")?;
        for e in rules::decide(&game, awaiting.seat, action, rng)? {
            game.apply(&e);
            events.push((Some(awaiting.seat), e));
        }
    }
    Ok(events)
}

/// Personal tokens created at the same time by [`accounts_with_tokens`] (one transaction each).
const TOKEN_CONCURRENCY: usize = 8;

/// Refreshes the planner's statistics of the database (`ANALYZE`), after a load run filled it.
pub async fn analyze(database_url: &str) -> anyhow::Result<()> {
    let mut db = DatabaseArgs::external(database_url.to_string());
    db.db_max_connections = 1;
    let (pool, _) = crate::startup::embedded::connect(&db).await?;
    let done = crate::eventstore::bulk::analyze(&pool).await;
    pool.close().await;
    Ok(done?)
}

/// Inserts `n` accounts with fresh names (one Argon2 hash of the load tool's password shared by
/// all) and a personal access token for each, holding every scope a player's account may hold,
/// through the accounts' own functions: their secrets, in order. What a load run does instead
/// of `n` sign-ups and logins over HTTP when it is given the server's database.
pub async fn accounts_with_tokens(database_url: &str, n: u32) -> anyhow::Result<Vec<String>> {
    use crate::api::scope::Scope;
    let mut db = DatabaseArgs::external(database_url.to_string());
    db.db_max_connections = TOKEN_CONCURRENCY as u32;
    let (pool, _) = crate::startup::embedded::connect(&db).await?;
    let hash = tokio::task::spawn_blocking(|| {
        crate::accounts::password::hash_blocking(crate::tools::load::PASSWORD)
    })
    .await
    .context("hashing task")??;
    let base: u32 = rand::random();
    let accounts: Vec<_> = (0..u64::from(n))
        .map(|i| (numbered_account_id(base, i), format!("s{base:08x}_{i}")))
        .collect();
    for chunk in accounts.chunks(1000) {
        crate::accounts::account::insert_many(&pool, chunk, &hash)
            .await
            .context("insert accounts")?;
    }
    let scopes = [
        Scope::AccountRead,
        Scope::GameRead,
        Scope::GamePlay,
        Scope::LobbyWrite,
        Scope::NotificationsWrite,
    ];
    let mut created = futures_util::stream::iter(accounts.iter().enumerate())
        .map(|(i, (id, _))| {
            let pool = pool.clone();
            async move {
                let made =
                    crate::accounts::tokens::create_personal(&pool, *id, "load", &scopes, None, 1)
                        .await;
                (i, made)
            }
        })
        .buffer_unordered(TOKEN_CONCURRENCY);
    let mut tokens = vec![String::new(); accounts.len()];
    while let Some((i, made)) = created.next().await {
        match made.context("create a personal token")? {
            Some((_, new)) => tokens[i] = new.secret,
            None => anyhow::bail!("account {i} already held a personal token"),
        }
    }
    drop(created);
    pool.close().await;
    Ok(tokens)
}

#[derive(Debug, Default, Serialize)]
struct Populated {
    games: u64,
    finished: u64,
    events: u64,
    mean_events: f64,
    min_events: usize,
    max_events: usize,
    /// Mean bytes of a stored payload.
    mean_payload_bytes: f64,
    elapsed_s: f64,
}

pub async fn run(args: &PopulateArgs) -> anyhow::Result<()> {
    anyhow::ensure!(
        args.accounts >= u64::from(args.players),
        "--accounts must be at least --players"
    );
    let started = Instant::now();
    let mut db = DatabaseArgs::external(args.database_url.clone());
    db.db_max_connections = 2;
    let (pool, _) = crate::startup::embedded::connect(&db).await?;
    let store = Store::new(pool.clone());
    let options = OptionsRequest {
        players: args.players,
        target_score: Some(args.target_score),
        ..OptionsRequest::default()
    }
    .validate()?;

    let hash = tokio::task::spawn_blocking(|| {
        crate::accounts::password::hash_blocking(crate::tools::load::PASSWORD)
    })
    .await
    .context("hashing task")??;
    let accounts: Vec<_> = (0..args.accounts)
        .map(|i| {
            let name = format!("p{:x}_{i}", args.id_base);
            (numbered_account_id(args.id_base, i), name)
        })
        .collect();
    crate::accounts::account::insert_many(&pool, &accounts, &hash)
        .await
        .context("insert accounts")?;

    let mut seeds = StdRng::seed_from_u64(args.seed);
    let mut stops = StdRng::seed_from_u64(args.seed.wrapping_add(1));
    let mut figures = Populated {
        min_events: usize::MAX,
        ..Populated::default()
    };
    let mut payload_bytes = 0u64;
    let mut n = 0;
    while n < args.games {
        let mut batch = Vec::with_capacity(args.batch);
        while batch.len() < args.batch && n < args.games {
            // Each game has its own generator, so that it can be played twice alike.
            let game_seed = seeds.next_u64();
            let stop_at = if args.stop_random {
                let whole = random_game(&options, &mut StdRng::seed_from_u64(game_seed), None)?;
                Some(stops.random_range(1..=whole.len()))
            } else {
                args.stop_at
            };
            let mut rng = StdRng::seed_from_u64(game_seed);
            let events = random_game(&options, &mut rng, stop_at)?;
            let finished = events
                .last()
                .is_some_and(|(_, e)| matches!(e, Event::GameEnded { .. }));
            figures.games += 1;
            figures.finished += u64::from(finished);
            figures.events += events.len() as u64;
            figures.min_events = figures.min_events.min(events.len());
            figures.max_events = figures.max_events.max(events.len());
            payload_bytes += events
                .iter()
                .map(|(_, e)| serde_json::to_string(e).map_or(0, |p| p.len() as u64))
                .sum::<u64>();
            let seats = (0..u64::from(args.players))
                .map(|s| numbered_account_id(args.id_base, (n * 7 + s) % args.accounts))
                .collect();
            batch.push(ImportGame {
                id: numbered_game_id(args.id_base, n),
                options,
                seats,
                events,
            });
            n += 1;
        }
        store.import_games(&batch).await.context("import games")?;
    }
    pool.close().await;
    figures.mean_events = rounded(mean(figures.events as f64, figures.games as f64), 1);
    figures.mean_payload_bytes = rounded(mean(payload_bytes as f64, figures.events as f64), 1);
    figures.elapsed_s = rounded(started.elapsed().as_secs_f64(), 1);
    println!("{}", serde_json::to_string(&figures)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> GameOptions {
        OptionsRequest::new(2).validate().unwrap()
    }

    #[test]
    fn a_random_game_is_played_to_its_end_and_replays_to_a_finished_game() {
        let events = random_game(&options(), &mut StdRng::seed_from_u64(7), None).unwrap();
        let game = Game::replay(events.iter().map(|(_, e)| e));
        assert_eq!(game.status(), rules::Status::Finished);
        assert!(events.iter().take_while(|(s, _)| s.is_none()).count() > 1);
    }

    #[test]
    fn a_stopped_game_stops_at_the_first_action_reaching_the_length() {
        let events = random_game(&options(), &mut StdRng::seed_from_u64(7), Some(60)).unwrap();
        assert!((60..70).contains(&events.len()), "{}", events.len());
        let game = Game::replay(events.iter().map(|(_, e)| e));
        assert_eq!(game.status(), rules::Status::Active);
    }
}
