//! The transparency log's formats (docs/audit.md), exactly as independent verifiers compute
//! them: the Merkle tree of RFC 9162 ([`merkle`]), the leaf of a finished game, the signed
//! tree head and its Ed25519 key ([`signing`]), and the receipts signed with that key
//! ([`receipt`]). No HTTP, no SQL (the event store keeps the key's row); the sequencer
//! (`crate::transparency::sequencer`) appends leaves and signs heads, the API serves them.

pub mod encoding;
pub mod merkle;
pub mod receipt;
pub mod signing;

pub use merkle::Hash;
pub use receipt::{Receipt, Salt};
pub use signing::{LogKey, LogSigner, SignedTreeHead};

/// The domain separator of a leaf.
const LEAF_PREFIX: &[u8] = b"lords-game-v1\x00";

/// `leaf_input = b"lords-game-v1\x00" ‖ game_id (16 bytes) ‖ final version (u64 big-endian) ‖
/// final head hash (32 bytes)`.
pub fn leaf_input(game_id: &uuid::Uuid, version: u64, head_hash: &Hash) -> Vec<u8> {
    let mut input = Vec::with_capacity(LEAF_PREFIX.len() + 16 + 8 + 32);
    input.extend_from_slice(LEAF_PREFIX);
    input.extend_from_slice(game_id.as_bytes());
    input.extend_from_slice(&version.to_be_bytes());
    input.extend_from_slice(head_hash);
    input
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leaf_is_its_prefix_the_game_the_version_and_the_head() {
        let id = uuid::Uuid::from_bytes([7; 16]);
        let input = leaf_input(&id, 258, &[9; 32]);
        assert_eq!(input.len(), 14 + 16 + 8 + 32);
        assert_eq!(&input[..14], b"lords-game-v1\x00");
        assert_eq!(&input[14..30], &[7; 16]);
        assert_eq!(&input[30..38], &[0, 0, 0, 0, 0, 0, 1, 2]);
        assert_eq!(&input[38..], &[9; 32]);
    }
}
