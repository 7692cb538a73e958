//! The `simulate` subcommand: seeded random games through `legal_actions`.

#[derive(clap::Args, Debug, Clone)]
pub struct SimulateArgs {}

pub fn run(_args: &SimulateArgs) -> anyhow::Result<()> {
    anyhow::bail!("simulate is not implemented yet")
}
