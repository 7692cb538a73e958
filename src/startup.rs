//! Builds and runs the HTTP application.

use crate::config::ServeArgs;

pub async fn serve(_args: ServeArgs) -> anyhow::Result<()> {
    anyhow::bail!("serve is not implemented yet")
}
