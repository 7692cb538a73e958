//! Why our own: the RFC 6962 crates (`ct-merkle`) own the tree as an in-memory structure of leaves; the log's leaf hashes live in PostgreSQL and its proofs are computed from them directly.
//!
//! The Merkle tree of the transparency log, exactly as RFC 9162 §2.1 defines it: leaf hash
//! `SHA-256(0x00 ‖ leaf)`, node hash `SHA-256(0x01 ‖ left ‖ right)`, a tree of n leaves split at
//! the largest power of two below n, and the empty tree's hash `SHA-256("")`. With the audit
//! paths (§2.1.3) and consistency proofs (§2.1.4), and their verification (§2.1.3.2,
//! §2.1.4.2), which a client runs without trusting the server. Pure: no I/O.

use sha2::{Digest, Sha256};

/// A SHA-256 hash.
pub type Hash = [u8; 32];

/// `SHA-256(0x00 ‖ leaf_input)`.
pub fn leaf_hash(leaf_input: &[u8]) -> Hash {
    let mut h = Sha256::new();
    h.update([0x00]);
    h.update(leaf_input);
    h.finalize().into()
}

/// `SHA-256(0x01 ‖ left ‖ right)`.
pub fn node_hash(left: &Hash, right: &Hash) -> Hash {
    let mut h = Sha256::new();
    h.update([0x01]);
    h.update(left);
    h.update(right);
    h.finalize().into()
}

/// The largest power of two smaller than `n` (n ≥ 2).
fn split(n: usize) -> usize {
    debug_assert!(n >= 2);
    1 << (usize::BITS - 1 - (n - 1).leading_zeros())
}

/// MTH(D[n]) over the leaves' hashes.
pub fn root(leaves: &[Hash]) -> Hash {
    match leaves.len() {
        0 => Sha256::digest([]).into(),
        1 => leaves[0],
        n => {
            let k = split(n);
            node_hash(&root(&leaves[..k]), &root(&leaves[k..]))
        }
    }
}

/// PATH(m, D[n]): the audit path of leaf `m` in the tree of `leaves`; `None` when `m` is not a
/// leaf of it.
pub fn inclusion_path(m: usize, leaves: &[Hash]) -> Option<Vec<Hash>> {
    if m >= leaves.len() {
        return None;
    }
    let mut path = Vec::new();
    path_into(m, leaves, &mut path);
    Some(path)
}

fn path_into(m: usize, leaves: &[Hash], path: &mut Vec<Hash>) {
    let n = leaves.len();
    if n <= 1 {
        return;
    }
    let k = split(n);
    if m < k {
        path_into(m, &leaves[..k], path);
        path.push(root(&leaves[k..]));
    } else {
        path_into(m - k, &leaves[k..], path);
        path.push(root(&leaves[..k]));
    }
}

/// PROOF(m, D[n]): the consistency proof from the tree of the first `m` leaves to the tree of
/// all `leaves`; `None` unless 0 < m ≤ n (a proof from the empty tree is not defined).
pub fn consistency_proof(m: usize, leaves: &[Hash]) -> Option<Vec<Hash>> {
    if m == 0 || m > leaves.len() {
        return None;
    }
    let mut proof = Vec::new();
    subproof(m, leaves, true, &mut proof);
    Some(proof)
}

fn subproof(m: usize, leaves: &[Hash], whole: bool, proof: &mut Vec<Hash>) {
    let n = leaves.len();
    if m == n {
        if !whole {
            proof.push(root(leaves));
        }
        return;
    }
    let k = split(n);
    if m <= k {
        subproof(m, &leaves[..k], whole, proof);
        proof.push(root(&leaves[k..]));
    } else {
        subproof(m - k, &leaves[k..], false, proof);
        proof.push(root(&leaves[..k]));
    }
}

/// RFC 9162 §2.1.3.2: whether `path` proves that the leaf of hash `leaf` is leaf `index` of the
/// tree of `size` leaves whose root is `root`.
pub fn verify_inclusion(index: u64, size: u64, leaf: &Hash, path: &[Hash], root: &Hash) -> bool {
    if index >= size {
        return false;
    }
    let (mut f_n, mut s_n) = (index, size - 1);
    let mut r = *leaf;
    for p in path {
        if s_n == 0 {
            return false;
        }
        if f_n & 1 == 1 || f_n == s_n {
            r = node_hash(p, &r);
            if f_n & 1 == 0 {
                while f_n & 1 == 0 && f_n != 0 {
                    f_n >>= 1;
                    s_n >>= 1;
                }
            }
        } else {
            r = node_hash(&r, p);
        }
        f_n >>= 1;
        s_n >>= 1;
    }
    s_n == 0 && r == *root
}

/// RFC 9162 §2.1.4.2: whether `proof` proves that the tree of `first` leaves with root
/// `first_root` is a prefix of the tree of `second` leaves with root `second_root`.
pub fn verify_consistency(
    first: u64,
    second: u64,
    first_root: &Hash,
    second_root: &Hash,
    proof: &[Hash],
) -> bool {
    if first == 0 || first > second {
        return false;
    }
    if first == second {
        return proof.is_empty() && first_root == second_root;
    }
    // If `first` is an exact power of two, the first tree's root is the first node of the path.
    let mut path: Vec<Hash> = Vec::with_capacity(proof.len() + 1);
    if first.is_power_of_two() {
        path.push(*first_root);
    }
    path.extend_from_slice(proof);
    let Some((start, rest)) = path.split_first() else {
        return false;
    };
    let (mut f_n, mut s_n) = (first - 1, second - 1);
    while f_n & 1 == 1 {
        f_n >>= 1;
        s_n >>= 1;
    }
    let (mut f_r, mut s_r) = (*start, *start);
    for c in rest {
        if s_n == 0 {
            return false;
        }
        if f_n & 1 == 1 || f_n == s_n {
            f_r = node_hash(c, &f_r);
            s_r = node_hash(c, &s_r);
            if f_n & 1 == 0 {
                while f_n & 1 == 0 && f_n != 0 {
                    f_n >>= 1;
                    s_n >>= 1;
                }
            }
        } else {
            s_r = node_hash(&s_r, c);
        }
        f_n >>= 1;
        s_n >>= 1;
    }
    f_r == *first_root && s_r == *second_root && s_n == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaves(n: usize) -> Vec<Hash> {
        (0..n)
            .map(|i| leaf_hash(&(i as u64).to_be_bytes()))
            .collect()
    }

    #[test]
    fn the_empty_tree_is_the_hash_of_nothing_and_one_leaf_is_its_hash() {
        assert_eq!(
            hex(&root(&[])),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        let one = leaves(1);
        assert_eq!(root(&one), one[0]);
    }

    fn hex(h: &Hash) -> String {
        h.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn trees_split_at_the_largest_power_of_two_below_their_size() {
        let l = leaves(7);
        let left = node_hash(&node_hash(&l[0], &l[1]), &node_hash(&l[2], &l[3]));
        let right = node_hash(&node_hash(&l[4], &l[5]), &l[6]);
        assert_eq!(root(&l), node_hash(&left, &right));
        assert_eq!(split(2), 1);
        assert_eq!(split(8), 4);
        assert_eq!(split(9), 8);
    }

    #[test]
    fn every_inclusion_path_verifies_and_a_changed_one_does_not() {
        for n in 1..=40 {
            let l = leaves(n);
            let r = root(&l);
            for m in 0..n {
                let path = inclusion_path(m, &l).unwrap();
                assert!(
                    verify_inclusion(m as u64, n as u64, &l[m], &path, &r),
                    "{m} of {n}"
                );
                assert!(!verify_inclusion(n as u64, n as u64, &l[m], &path, &r));
                if n > 1 {
                    let other = (m + 1) % n;
                    assert!(!verify_inclusion(other as u64, n as u64, &l[m], &path, &r));
                    let mut bent = path.clone();
                    bent[0][0] ^= 1;
                    assert!(!verify_inclusion(m as u64, n as u64, &l[m], &bent, &r));
                }
            }
            assert!(inclusion_path(n, &l).is_none());
        }
    }

    #[test]
    fn every_consistency_proof_verifies_and_a_changed_one_does_not() {
        for n in 1..=40 {
            let l = leaves(n);
            let second = root(&l);
            for m in 1..=n {
                let first = root(&l[..m]);
                let proof = consistency_proof(m, &l).unwrap();
                assert!(
                    verify_consistency(m as u64, n as u64, &first, &second, &proof),
                    "{m} to {n}"
                );
                if !proof.is_empty() {
                    let mut bent = proof.clone();
                    bent[proof.len() - 1][5] ^= 1;
                    assert!(!verify_consistency(
                        m as u64, n as u64, &first, &second, &bent
                    ));
                }
                if m < n {
                    // A first tree that is not a prefix (one leaf changed).
                    let mut forked = l[..m].to_vec();
                    forked[m - 1][0] ^= 1;
                    assert!(!verify_consistency(
                        m as u64,
                        n as u64,
                        &root(&forked),
                        &second,
                        &proof
                    ));
                }
            }
            assert!(consistency_proof(0, &l).is_none());
            assert!(consistency_proof(n + 1, &l).is_none());
        }
    }
}
