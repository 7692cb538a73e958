//! `lords log-monitor`: watches a server's transparency log from outside, as Certificate
//! Transparency monitors do (RFC 9162 §8.2). Each run fetches the signed tree head, checks it
//! under the key kept from the first run, proves it extends the head kept from the last run
//! (docs/audit.md, "Watching the log"), and keeps it. It reads the API as any outside client
//! would, from the published formats, and names nothing of the server: only the log's formats
//! (`crate::proofs`) and the TLS configuration of outgoing requests.

pub mod check;
pub mod client;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::{Deserialize, Serialize};
use serde_json::json;

use check::Extension;
pub use check::Misbehaviour;
use client::Client;

use crate::proofs::merkle::Hash;
use crate::proofs::signing::SignedTreeHead;

#[derive(clap::Args, Debug, Clone)]
pub struct MonitorArgs {
    /// The server's base URL (`http://` or `https://`), e.g. `https://lords.example.org`.
    #[arg(long)]
    pub url: String,
    /// The JSON file that keeps the log's key and the last head seen (created on the first
    /// run, replaced atomically after each successful check, never on a failed one).
    #[arg(long)]
    pub state: PathBuf,
    /// The log's public key (base64 of its 32 raw bytes), to pin on the first run instead of
    /// trusting the key the server publishes; later runs use the key in the state file.
    #[arg(long)]
    pub key: Option<String>,
    /// Milliseconds each request may take in all (connect, TLS, answer).
    #[arg(long, default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(10..=600_000))]
    pub timeout_ms: u64,
}

/// Why a run did not end with a saved head.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// The log showed a head it should not have: exit 1.
    #[error("{0}")]
    Misbehaviour(#[from] Misbehaviour),
    /// The check could not be made (network, HTTP, a malformed answer, the state file): exit 2.
    #[error("could not check the log: {0:#}")]
    Unchecked(anyhow::Error),
}

impl Failure {
    /// 1 for what the log was caught doing, 2 for a check that could not be made: a script
    /// alerts on the first and retries the second.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Misbehaviour(_) => 1,
            Failure::Unchecked(_) => 2,
        }
    }
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Self {
        Failure::Unchecked(e)
    }
}

/// `GET /v1/transparency/key`.
#[derive(Debug, Deserialize)]
struct WireKey {
    algorithm: String,
    public_key: String,
}

/// `GET /v1/transparency/proof/consistency`.
#[derive(Debug, Deserialize)]
struct WireConsistency {
    consistency_path: Vec<String>,
}

/// The state file: the log's key (base64 of its 32 raw bytes) and the last head seen, as
/// `GET /v1/transparency/sth` served it.
#[derive(Debug, Serialize, Deserialize)]
struct State {
    key: String,
    sth: SignedTreeHead,
}

fn decode<const N: usize>(b64: &str, what: &str) -> anyhow::Result<[u8; N]> {
    let bytes = STANDARD
        .decode(b64.trim())
        .with_context(|| format!("{what} is not base64"))?;
    bytes
        .try_into()
        .map_err(|b: Vec<u8>| anyhow!("{what} is {} bytes, not {N}", b.len()))
}

/// Runs one check and prints its verdict as one JSON line.
pub async fn run(args: &MonitorArgs) -> Result<(), Failure> {
    let client = Client::new(&args.url, Duration::from_millis(args.timeout_ms))?;
    let pinned = args
        .key
        .as_deref()
        .map(|k| decode::<32>(k, "--key"))
        .transpose()?;
    let saved = read_state(&args.state)?;
    let (key, seen) = match saved.as_ref().map(|s| kept(s, pinned)).transpose()? {
        Some((key, seen)) => (key, Some(seen)),
        None => {
            let key = trusted_key(&client, pinned)
                .await
                .map_err(|f| caught(f, None))?;
            (key, None)
        }
    };
    let head: SignedTreeHead = client.get_json("/v1/transparency/sth", None).await?;
    let how = judge(&client, &key, seen.as_ref(), &head)
        .await
        .map_err(|f| caught(f, Some(&head)))?;
    write_state(
        &args.state,
        &State {
            key: STANDARD.encode(key),
            sth: head,
        },
    )?;
    println!(
        "{}",
        json!({
            "ok": true,
            "tree_size": head.tree_size,
            "previous_size": seen.map(|s| s.tree_size),
            "timestamp": head.timestamp_ms,
            "root_hash": STANDARD.encode(head.root_hash),
            "checked": how,
        })
    );
    Ok(())
}

/// Prints the verdict of a failure that caught the log, and passes the failure on. The head
/// served goes with it: with the one in the state file, signed by the same key, it is the
/// evidence of a split view.
fn caught(failure: Failure, served: Option<&SignedTreeHead>) -> Failure {
    if let Failure::Misbehaviour(m) = &failure {
        let (tree_size, previous_size) = m.sizes();
        println!(
            "{}",
            json!({
                "ok": false,
                "problem": m.code(),
                "tree_size": tree_size,
                "previous_size": previous_size,
                "reason": m.to_string(),
                "sth": served,
            })
        );
    }
    failure
}

/// No state yet: the pinned key, which the server's must be, or else the server's.
async fn trusted_key(client: &Client, pinned: Option<[u8; 32]>) -> Result<[u8; 32], Failure> {
    let served: WireKey = client.get_json("/v1/transparency/key", None).await?;
    if served.algorithm != "Ed25519" {
        return Err(anyhow!("the log's key is {}, not Ed25519", served.algorithm).into());
    }
    let served_key = decode::<32>(&served.public_key, "the server's key")?;
    match pinned {
        Some(pinned) if pinned != served_key => Err(Misbehaviour::KeyMismatch {
            pinned: STANDARD.encode(pinned),
            served: served.public_key,
        }
        .into()),
        _ => Ok(served_key),
    }
}

/// The key and the head of the state file, which must still verify under it.
fn kept(state: &State, pinned: Option<[u8; 32]>) -> anyhow::Result<([u8; 32], SignedTreeHead)> {
    let key = decode::<32>(&state.key, "the state file's key")?;
    if pinned.is_some_and(|p| p != key) {
        bail!("--key is not the key the state file was started with");
    }
    let seen = state.sth;
    if !seen.verify(&key) {
        bail!("the state file's head does not verify under its own key");
    }
    Ok((key, seen))
}

/// Checks `head` under `key` and against `seen` (none on a first run); how it was checked.
async fn judge(
    client: &Client,
    key: &[u8; 32],
    seen: Option<&SignedTreeHead>,
    head: &SignedTreeHead,
) -> Result<&'static str, Failure> {
    check::signed(key, head, seen.map(|s| s.tree_size))?;
    let Some(seen) = seen else {
        return Ok("signature");
    };
    Ok(match check::extension(seen, head)? {
        Extension::Same => "same_tree",
        Extension::FromEmpty => "from_empty_tree",
        Extension::NeedsProof { first, second } => {
            let answer: WireConsistency = client
                .get_json(
                    "/v1/transparency/proof/consistency",
                    Some(&format!("first={first}&second={second}")),
                )
                .await?;
            let proof = answer
                .consistency_path
                .iter()
                .map(|h| decode::<32>(h, "a hash of the consistency proof"))
                .collect::<anyhow::Result<Vec<Hash>>>()?;
            check::consistent(seen, head, &proof)?;
            "consistency_proof"
        }
    })
}

/// The state, or `None` when the file does not exist yet (any other failure to read it is an
/// error: a first run must not replace a state that only could not be read).
fn read_state(path: &Path) -> anyhow::Result<Option<State>> {
    match std::fs::read(path) {
        Ok(bytes) => serde_json::from_slice(&bytes)
            .map(Some)
            .with_context(|| format!("{} is not a log monitor's state", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(anyhow!(e).context(format!("reading {}", path.display()))),
    }
}

/// Replaces the state file atomically: a temporary file beside it, flushed to disk, renamed
/// over it; a crash leaves either the old state or the new one, never half of one.
fn write_state(path: &Path, state: &State) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .with_context(|| format!("{} names no file", path.display()))?;
    // The process id keeps two monitors sharing a directory off each other's temporary file.
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        serde_json::to_writer_pretty(&mut file, state)?;
        file.write_all(b"\n")?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)?;
        anyhow::Ok(())
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e.context(format!("saving {}", path.display())));
    }
    // The rename lasts once the directory is on disk too; best effort, as not every system
    // lets a directory be opened for that.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_base_url_with_a_path_prefix_keeps_it() {
        let client = Client::new("https://example.org/lords/", Duration::from_secs(1)).unwrap();
        assert_eq!(
            client
                .url("/v1/transparency/sth", Some("first=1&second=2"))
                .as_str(),
            "https://example.org/lords/v1/transparency/sth?first=1&second=2"
        );
        let bare = Client::new("http://127.0.0.1:8080", Duration::from_secs(1)).unwrap();
        assert_eq!(
            bare.url("/v1/transparency/key", None).as_str(),
            "http://127.0.0.1:8080/v1/transparency/key"
        );
        assert!(Client::new("ftp://example.org", Duration::from_secs(1)).is_err());
    }
}
