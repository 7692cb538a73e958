//! Signed receipts (docs/audit.md): what the server committed to at a version of a game a
//! seated player was shown. The game's secret salt (revealed with its record once it is over)
//! hides the head hash, which for an active game could be brute-forced back to a hand.
//!
//! - `commitment = SHA-256(b"lords-head-v1\x00" ‖ salt ‖ head_hash_at_that_version)`;
//! - the signature is Ed25519 by the log's key over `b"lords-receipt-v1\x00" ‖ game_id (16
//!   bytes) ‖ version (u64 BE) ‖ commitment`.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::proofs::merkle::Hash;
use crate::proofs::signing::{LogKey, verify};

/// The domain separator of a head commitment.
const HEAD_PREFIX: &[u8] = b"lords-head-v1\x00";
/// The domain separator of a receipt's signed message.
const RECEIPT_PREFIX: &[u8] = b"lords-receipt-v1\x00";

/// A game's secret salt: 32 random bytes chosen when it is created.
pub type Salt = [u8; 32];

/// `SHA-256(b"lords-head-v1\x00" ‖ salt ‖ head_hash)`.
pub fn head_commitment(salt: &Salt, head_hash: &Hash) -> Hash {
    let mut h = Sha256::new();
    h.update(HEAD_PREFIX);
    h.update(salt);
    h.update(head_hash);
    h.finalize().into()
}

/// What a receipt's signature covers.
pub fn receipt_message(game_id: &Uuid, version: u64, commitment: &Hash) -> Vec<u8> {
    let mut message = Vec::with_capacity(RECEIPT_PREFIX.len() + 16 + 8 + 32);
    message.extend_from_slice(RECEIPT_PREFIX);
    message.extend_from_slice(game_id.as_bytes());
    message.extend_from_slice(&version.to_be_bytes());
    message.extend_from_slice(commitment);
    message
}

/// A signed receipt: the server's commitment to a game's history at one version, which a
/// seated player keeps and may check against the game's record once it is over.
/// `commitment = SHA-256(b"lords-head-v1\x00" ‖ salt ‖ hash of the event at version)`, with
/// the game's salt (secret until the game ends, then in its record); `signature` is Ed25519 by
/// the transparency log's key (`GET /v1/transparency/key`) over `b"lords-receipt-v1\x00" ‖
/// game_id (16 bytes) ‖ version (u64 BE) ‖ commitment`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Receipt {
    /// The version it is for: the answer's.
    #[schema(example = 12, minimum = 1)]
    pub version: u64,
    /// Hex.
    #[serde(with = "crate::proofs::encoding::hex_bytes")]
    #[schema(value_type = String, pattern = "^[0-9a-f]{64}$",
        example = "9c1185a5c5e9fc54612808977ee8f548b2258d31d4b2f3b9a2c9bd1f53a4b7d0")]
    pub commitment: Hash,
    /// Base64 (64 bytes).
    #[serde(with = "crate::proofs::encoding::base64_bytes")]
    #[schema(value_type = String, min_length = 88, max_length = 88,
        example = "mlVRtfnpvDGV9J2mkdK4ClZNMPx7WfrIfwztI9SOySaRvHLt0PBcWdhiTj1na96kuMdjJCJn7HW5wsQwWUHUrA==")]
    pub signature: [u8; 64],
}

impl Receipt {
    /// The receipt of `game_id` at `version`, whose stream's head there is `head_hash`.
    pub fn sign(key: &LogKey, game_id: &Uuid, version: u64, salt: &Salt, head_hash: &Hash) -> Self {
        let commitment = head_commitment(salt, head_hash);
        let signature = key.sign(&receipt_message(game_id, version, &commitment));
        Receipt {
            version,
            commitment,
            signature,
        }
    }

    /// Whether `public_key` signed this receipt for `game_id`.
    pub fn verify(&self, public_key: &[u8], game_id: &Uuid) -> bool {
        verify(
            public_key,
            &receipt_message(game_id, self.version, &self.commitment),
            &self.signature,
        )
    }
}

#[cfg(test)]
mod tests {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;

    use super::*;

    #[test]
    fn a_receipt_commits_to_the_salted_head_and_verifies_only_for_its_game_and_version() {
        let key = LogKey::from_pkcs8(&LogKey::generate_pkcs8().unwrap()).unwrap();
        let game = Uuid::from_bytes([5; 16]);
        let receipt = Receipt::sign(&key, &game, 12, &[1; 32], &[2; 32]);
        assert!(receipt.verify(&key.public_key(), &game));
        assert_eq!(receipt.commitment, head_commitment(&[1; 32], &[2; 32]));
        assert_ne!(receipt.commitment, head_commitment(&[1; 32], &[3; 32]));
        assert_ne!(receipt.commitment, head_commitment(&[4; 32], &[2; 32]));
        assert!(!receipt.verify(&key.public_key(), &Uuid::from_bytes([6; 16])));
        let later = Receipt {
            version: 13,
            ..receipt
        };
        assert!(!later.verify(&key.public_key(), &game));
    }

    #[test]
    fn a_receipt_is_written_with_its_commitment_in_hex_and_its_signature_in_base64() {
        let receipt = Receipt {
            version: 3,
            commitment: [0xab; 32],
            signature: [7; 64],
        };
        let json = serde_json::to_value(receipt).unwrap();
        assert_eq!(json["version"], 3);
        assert_eq!(json["commitment"], "ab".repeat(32));
        assert_eq!(json["signature"], STANDARD.encode([7; 64]));
        assert_eq!(serde_json::from_value::<Receipt>(json).unwrap(), receipt);
    }

    #[test]
    fn the_commitment_and_the_message_are_laid_out_as_documented() {
        let mut h = Sha256::new();
        h.update(b"lords-head-v1\x00");
        h.update([1; 32]);
        h.update([2; 32]);
        let expected: Hash = h.finalize().into();
        assert_eq!(head_commitment(&[1; 32], &[2; 32]), expected);
        let message = receipt_message(&Uuid::from_bytes([5; 16]), 258, &[9; 32]);
        assert_eq!(&message[..17], b"lords-receipt-v1\x00");
        assert_eq!(&message[17..33], &[5; 16]);
        assert_eq!(&message[33..41], &[0, 0, 0, 0, 0, 0, 1, 2]);
        assert_eq!(&message[41..], &[9; 32]);
    }
}
