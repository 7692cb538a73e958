//! The hash chain of a game's stream: each event's payload as stored and its link,
//! `SHA-256(prev_hash ‖ payload)`, from [`GENESIS`]. Names nothing of the store but its errors.

use sha2::{Digest, Sha256};

use crate::eventstore::error::{Result, StoreError};
use rules::{Action, Event};

/// `prev_hash` of every stream's first event.
pub const GENESIS: [u8; 32] = [0; 32];

/// `SHA-256(prev_hash ‖ payload)`: the payload is the exact bytes stored in `game_events.payload`
/// (a `json` column, which keeps its input text verbatim).
pub fn chain_hash(prev_hash: &[u8], payload: &[u8]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(prev_hash);
    h.update(payload);
    h.finalize().into()
}

/// A hash of an action, for callers that have no request body of their own to hash.
pub fn request_hash(action: &Action) -> String {
    let body = serde_json::to_vec(action).expect("an Action always serializes");
    hex::encode(Sha256::digest(body))
}

/// Lower-case hex, as `hex::encode` writes it, without its `char` iterator: two hashes per
/// loaded event made that 6% of a view's CPU.
pub(crate) fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        text.push(char::from(DIGITS[usize::from(b >> 4)]));
        text.push(char::from(DIGITS[usize::from(b & 0x0f)]));
    }
    text
}

/// `game_events` rows being built: each event's payload as stored and its link in the hash chain.
#[derive(Debug, Default)]
pub(crate) struct ChainedRows {
    pub seqs: Vec<i64>,
    pub kinds: Vec<&'static str>,
    pub payloads: Vec<String>,
    pub prevs: Vec<Vec<u8>>,
    pub hashes: Vec<Vec<u8>>,
}

impl ChainedRows {
    pub fn with_capacity(n: usize) -> Self {
        ChainedRows {
            seqs: Vec::with_capacity(n),
            kinds: Vec::with_capacity(n),
            payloads: Vec::with_capacity(n),
            prevs: Vec::with_capacity(n),
            hashes: Vec::with_capacity(n),
        }
    }

    /// Serializes `events` as seqs `first_seq..`, chained from `prev`; returns the last hash.
    pub fn push_chain(
        &mut self,
        events: &[Event],
        first_seq: i64,
        mut prev: [u8; 32],
    ) -> Result<[u8; 32]> {
        for (i, event) in events.iter().enumerate() {
            let payload = serde_json::to_string(event)
                .map_err(|e| StoreError::Unexpected(anyhow::Error::new(e).context("serialize")))?;
            let hash = chain_hash(&prev, payload.as_bytes());
            self.seqs.push(first_seq + i as i64);
            self.kinds.push(event.kind());
            self.payloads.push(payload);
            self.prevs.push(prev.to_vec());
            self.hashes.push(hash.to_vec());
            prev = hash;
        }
        Ok(prev)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_hex_writes_what_hex_encode_writes() {
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(to_hex(&bytes), hex::encode(&bytes));
        assert_eq!(to_hex(&GENESIS), "0".repeat(64));
    }
}
