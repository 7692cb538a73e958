//! The `lords` command line: serve | migrate | verify | simulate | tournament | export |
//! load | moderation | log-monitor. Nothing else lives here.

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "lords", version, about = "Lords of Scotland Online")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the HTTP server (starts a private PostgreSQL when no DATABASE_URL is given).
    Serve(Box<lords::config::ServeArgs>),
    /// Apply the database migrations and exit.
    Migrate {
        #[command(flatten)]
        db: lords::config::DatabaseArgs,
        /// Then, when the database is a Citus coordinator, place the tables on the cluster
        /// (games distributed, accounts a reference table; see docs/scaling.md). Does nothing
        /// on plain PostgreSQL; safe to repeat.
        #[arg(long)]
        distribute: bool,
    },
    /// Recompute every hash chain and replay each game; names the first broken event.
    Verify {
        #[command(flatten)]
        db: lords::config::DatabaseArgs,
        /// The game to verify.
        game_id: Option<String>,
        /// Verify every stored game.
        #[arg(long, conflicts_with = "game_id")]
        all: bool,
        /// Check instead that every finished game is in the transparency log with the right
        /// leaf, and that the newest signed tree head covers the whole log.
        #[arg(long, conflicts_with_all = ["game_id", "all"])]
        log: bool,
        /// With `--log`: the log's public key (base64 of its 32 raw bytes) to check the head
        /// with, instead of the one in the database.
        #[arg(long, requires = "log")]
        key: Option<String>,
    },
    /// Play seeded random games through the engine and print figures as one JSON line.
    Simulate(lords::tools::simulate::SimulateArgs),
    /// Play bots against each other through the engine (seats rotated) and print each level's
    /// win rate and mean decision time as one JSON line.
    Tournament(lords::tools::tournament::TournamentArgs),
    /// Drive a running server through its HTTP API as players would; print one JSON report
    /// (`lords load populate` fills a database with engine-played games first).
    Load(lords::tools::load::LoadArgs),
    /// Print a finished game's whole history as JSON, for auditing.
    Export {
        #[command(flatten)]
        db: lords::config::DatabaseArgs,
        game_id: String,
    },
    /// What only an operator does to an account: issue a bot account a new token.
    Accounts {
        #[command(flatten)]
        db: lords::config::DatabaseArgs,
        #[command(subcommand)]
        command: lords::startup::commands::Accounts,
    },
    /// What only an operator does to a players' tournament (service rules §9.11): cancel one
    /// still open. (`lords tournament` plays the bots against each other.)
    Tournaments {
        #[command(flatten)]
        db: lords::config::DatabaseArgs,
        #[command(subcommand)]
        command: lords::startup::commands::Tournaments,
    },
    /// Table chat moderation (service rules §9.8): list reported lines, silence an account.
    Moderation {
        #[command(flatten)]
        db: lords::config::DatabaseArgs,
        #[command(subcommand)]
        command: lords::startup::commands::Moderation,
    },
    /// Watch a server's transparency log as a Certificate Transparency monitor does: check its
    /// signed tree head under the key kept in the state file and prove it extends the head
    /// seen before, then keep it. Exit 1 on a split view or a bad signature, 2 when the check
    /// could not be made.
    LogMonitor(lords::tools::monitor::MonitorArgs),
    /// Print the OpenAPI document (regenerate with `lords openapi > openapi/openapi.json`).
    #[command(hide = true)]
    Openapi,
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    // Writes the log lines still waiting when dropped, on every way out of `main`.
    let logs = lords::telemetry::logs::start_log_writer();
    let result = match cli.command {
        Command::Simulate(args) => lords::tools::simulate::run(&args),
        Command::Tournament(args) => lords::tools::tournament::run(&args),
        Command::Openapi => {
            print!("{}", lords::http::openapi::to_pretty_json());
            Ok(())
        }
        // The load tool runs on one thread: it shares the machine's cores with the server it
        // measures, and on a multi-threaded runtime its threads woke each other for the
        // answers (a `futex` for every four requests, `strace -c` at 8 clients).
        Command::Load(args) => tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(anyhow::Error::from)
            .and_then(|rt| rt.block_on(lords::tools::load::run(args))),
        other => tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .map_err(anyhow::Error::from)
            .and_then(|rt| rt.block_on(run_async(other))),
    };
    // The log's last lines before the error line.
    drop(logs);
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            // The monitor tells a misbehaving log (1) from a check it could not make (2).
            match e.downcast_ref::<lords::tools::monitor::Failure>() {
                Some(failure) => std::process::ExitCode::from(failure.exit_code()),
                None => std::process::ExitCode::FAILURE,
            }
        }
    }
}

async fn run_async(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Serve(args) => lords::startup::serve(*args).await,
        Command::Migrate { db, distribute } => {
            lords::startup::migrate(db.clone()).await?;
            if distribute {
                lords::startup::commands::distribute(&db).await?;
            }
            Ok(())
        }
        Command::Verify {
            db, log: true, key, ..
        } => lords::startup::commands::verify_log(&db, key.as_deref()).await,
        Command::Verify {
            db, game_id, all, ..
        } => lords::startup::commands::verify(&db, game_id.as_deref(), all).await,
        Command::Export { db, game_id } => lords::startup::commands::export(&db, &game_id).await,
        Command::Accounts { db, command } => lords::startup::commands::accounts(&db, command).await,
        Command::Tournaments { db, command } => {
            lords::startup::commands::tournaments(&db, command).await
        }
        Command::Moderation { db, command } => {
            lords::startup::commands::moderation(&db, command).await
        }
        Command::LogMonitor(args) => Ok(lords::tools::monitor::run(&args).await?),
        Command::Simulate(_) | Command::Tournament(_) | Command::Openapi | Command::Load(_) => {
            unreachable!("runs without a runtime")
        }
    }
}
