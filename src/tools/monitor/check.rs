//! What a monitor proves about two signed tree heads of one log: that the new one is signed by
//! the key it kept, and that it extends the head seen before (RFC 9162 §2.1.4), or which of
//! these fails. Pure: the proof is fetched by the caller; no I/O.

use crate::proofs::merkle::{self, Hash};
use crate::proofs::signing::SignedTreeHead;

/// What the log was caught doing. Each is a head the log's server served and signed (or
/// claims to have signed); none is a network failure.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Misbehaviour {
    #[error("key mismatch: the server's key {served} is not the pinned key {pinned}")]
    KeyMismatch { pinned: String, served: String },
    #[error("bad signature: the head of size {tree_size} does not verify under the log's key")]
    BadSignature {
        tree_size: u64,
        previous_size: Option<u64>,
    },
    #[error(
        "split view: the log shrank, the head of size {tree_size} follows the head of size \
         {previous_size} seen before"
    )]
    Shrank { tree_size: u64, previous_size: u64 },
    #[error(
        "split view: the head of size {tree_size} has another root than the head of size \
         {tree_size} seen before"
    )]
    OtherRoot { tree_size: u64 },
    #[error(
        "split view: the head of size {tree_size} is not an extension of the head of size \
         {previous_size} seen before"
    )]
    NotAnExtension { tree_size: u64, previous_size: u64 },
}

impl Misbehaviour {
    /// A stable snake_case name of what went wrong.
    pub fn code(&self) -> &'static str {
        match self {
            Misbehaviour::KeyMismatch { .. } => "key_mismatch",
            Misbehaviour::BadSignature { .. } => "bad_signature",
            // Two heads that cannot both be prefixes of one history: the log shows different
            // trees to different viewers, or rewrote its own.
            Misbehaviour::Shrank { .. }
            | Misbehaviour::OtherRoot { .. }
            | Misbehaviour::NotAnExtension { .. } => "split_view",
        }
    }

    /// The size of the new head and of the one seen before, where they are known.
    pub fn sizes(&self) -> (Option<u64>, Option<u64>) {
        match *self {
            Misbehaviour::KeyMismatch { .. } => (None, None),
            Misbehaviour::BadSignature {
                tree_size,
                previous_size,
            } => (Some(tree_size), previous_size),
            Misbehaviour::Shrank {
                tree_size,
                previous_size,
            }
            | Misbehaviour::NotAnExtension {
                tree_size,
                previous_size,
            } => (Some(tree_size), Some(previous_size)),
            Misbehaviour::OtherRoot { tree_size } => (Some(tree_size), Some(tree_size)),
        }
    }
}

/// How a new head relates to the one seen before, once its signature and size are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extension {
    /// The same tree (same size, same root), perhaps signed again later.
    Same,
    /// The head seen before was the empty tree's, a prefix of every tree (RFC 9162 §2.1.4).
    FromEmpty,
    /// A larger tree: a consistency proof from `first` to `second` must show it extends the
    /// one seen before.
    NeedsProof { first: u64, second: u64 },
}

/// Whether `public_key` signed `head`; `previous_size` names the head seen before, if any.
pub fn signed(
    public_key: &[u8],
    head: &SignedTreeHead,
    previous_size: Option<u64>,
) -> Result<(), Misbehaviour> {
    if head.verify(public_key) {
        Ok(())
    } else {
        Err(Misbehaviour::BadSignature {
            tree_size: head.tree_size,
            previous_size,
        })
    }
}

/// Compares the sizes and roots of `new` and `seen` (both signature-checked).
pub fn extension(seen: &SignedTreeHead, new: &SignedTreeHead) -> Result<Extension, Misbehaviour> {
    use std::cmp::Ordering;
    match new.tree_size.cmp(&seen.tree_size) {
        Ordering::Less => Err(Misbehaviour::Shrank {
            tree_size: new.tree_size,
            previous_size: seen.tree_size,
        }),
        Ordering::Equal if new.root_hash == seen.root_hash => Ok(Extension::Same),
        Ordering::Equal => Err(Misbehaviour::OtherRoot {
            tree_size: new.tree_size,
        }),
        Ordering::Greater if seen.tree_size == 0 => Ok(Extension::FromEmpty),
        Ordering::Greater => Ok(Extension::NeedsProof {
            first: seen.tree_size,
            second: new.tree_size,
        }),
    }
}

/// Whether `proof` shows that the tree of `new` extends the tree of `seen`.
pub fn consistent(
    seen: &SignedTreeHead,
    new: &SignedTreeHead,
    proof: &[Hash],
) -> Result<(), Misbehaviour> {
    if merkle::verify_consistency(
        seen.tree_size,
        new.tree_size,
        &seen.root_hash,
        &new.root_hash,
        proof,
    ) {
        Ok(())
    } else {
        Err(Misbehaviour::NotAnExtension {
            tree_size: new.tree_size,
            previous_size: seen.tree_size,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proofs::signing::LogKey;

    fn leaves(n: usize, salt: u8) -> Vec<Hash> {
        (0..n)
            .map(|i| merkle::leaf_hash(&[salt, i as u8]))
            .collect()
    }

    fn key() -> LogKey {
        LogKey::from_pkcs8(&LogKey::generate_pkcs8().unwrap()).unwrap()
    }

    fn head(key: &LogKey, leaves: &[Hash]) -> SignedTreeHead {
        key.sign_tree_head(leaves.len() as u64, 1_700_000_000_000, merkle::root(leaves))
    }

    #[test]
    fn a_larger_tree_with_the_same_first_leaves_is_proved_an_extension() {
        let key = key();
        let all = leaves(7, 0);
        let (seen, new) = (head(&key, &all[..5]), head(&key, &all));
        assert_eq!(
            extension(&seen, &new),
            Ok(Extension::NeedsProof {
                first: 5,
                second: 7
            })
        );
        let proof = merkle::consistency_proof(5, &all).unwrap();
        assert_eq!(consistent(&seen, &new, &proof), Ok(()));
    }

    #[test]
    fn a_larger_tree_whose_first_leaves_differ_is_a_split_view_naming_both_sizes() {
        let key = key();
        let seen = head(&key, &leaves(5, 0));
        let other = leaves(7, 1);
        let new = head(&key, &other);
        let proof = merkle::consistency_proof(5, &other).unwrap();
        let caught = consistent(&seen, &new, &proof).unwrap_err();
        assert_eq!(caught.code(), "split_view");
        assert_eq!(caught.sizes(), (Some(7), Some(5)));
        assert_eq!(
            caught.to_string(),
            "split view: the head of size 7 is not an extension of the head of size 5 seen before"
        );
    }

    #[test]
    fn a_tree_of_the_same_size_must_have_the_same_root() {
        let key = key();
        let seen = head(&key, &leaves(3, 0));
        let resigned = key.sign_tree_head(3, 1_700_000_999_000, seen.root_hash);
        assert_eq!(extension(&seen, &resigned), Ok(Extension::Same));
        let forked = head(&key, &leaves(3, 1));
        assert_eq!(
            extension(&seen, &forked),
            Err(Misbehaviour::OtherRoot { tree_size: 3 })
        );
    }

    #[test]
    fn a_smaller_tree_is_a_split_view() {
        let key = key();
        let all = leaves(4, 0);
        let caught = extension(&head(&key, &all), &head(&key, &all[..2])).unwrap_err();
        assert_eq!(caught.code(), "split_view");
        assert_eq!(caught.sizes(), (Some(2), Some(4)));
    }

    #[test]
    fn the_empty_tree_is_extended_by_any_tree_without_a_proof() {
        let key = key();
        let empty = head(&key, &[]);
        assert_eq!(
            extension(&empty, &head(&key, &leaves(3, 0))),
            Ok(Extension::FromEmpty)
        );
        assert_eq!(extension(&empty, &head(&key, &[])), Ok(Extension::Same));
    }

    #[test]
    fn a_head_signed_by_another_key_is_a_bad_signature() {
        let (kept, other) = (key(), key());
        let new = head(&other, &leaves(2, 0));
        assert_eq!(signed(&other.public_key(), &new, Some(1)), Ok(()));
        let caught = signed(&kept.public_key(), &new, Some(1)).unwrap_err();
        assert_eq!(caught.code(), "bad_signature");
        assert_eq!(caught.sizes(), (Some(2), Some(1)));
    }
}
