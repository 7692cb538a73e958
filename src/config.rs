//! Configuration: flags and environment variables (clap with `env`).

use std::path::PathBuf;

/// Where the database is: an external server (`DATABASE_URL`) or the embedded cluster under
/// `data_dir`.
#[derive(clap::Args, Debug, Clone)]
pub struct DatabaseArgs {
    /// PostgreSQL URL; when absent, a private cluster is started under the data directory.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,
    /// Data directory for the embedded cluster and the generated JWT secret.
    #[arg(long, env = "LORDS_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
}

#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    #[command(flatten)]
    pub db: DatabaseArgs,
}
