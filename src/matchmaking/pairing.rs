//! Which open seeks make one table (service rules §9.10), decided without I/O: seeks pair
//! only with seeks of other accounts whose owners' ratings each admits, and a bot account's
//! seek only with seeks that allow bot accounts; among the groups a new seek completes, the
//! one of the oldest seeks wins.

use uuid::Uuid;

/// An open seek, as pairing sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub id: Uuid,
    pub account: Uuid,
    /// The owner's displayed rating (service rules §9.7).
    pub rating: i32,
    /// Whether the owner is a bot account (service rules §9.9).
    pub bot_account: bool,
    /// Whether the seek admits bot accounts.
    pub bots: bool,
    pub rating_min: Option<i32>,
    pub rating_max: Option<i32>,
}

impl Candidate {
    /// Whether this seek admits `other`'s owner at its table.
    fn admits(&self, other: &Candidate) -> bool {
        self.rating_min.is_none_or(|min| other.rating >= min)
            && self.rating_max.is_none_or(|max| other.rating <= max)
            && (self.bots || !other.bot_account)
    }
}

/// Whether `a` and `b` may sit at one table: two accounts, each admitted by the other's seek.
pub fn compatible(a: &Candidate, b: &Candidate) -> bool {
    a.account != b.account && a.admits(b) && b.admits(a)
}

/// The most groups looked at before giving up on a pool: beyond it a new seek waits for the
/// next one (a pool is small; only seeks that mostly refuse each other come near it).
const SEARCH_BUDGET: usize = 200_000;

/// The table `new` completes: `size` seeks, `new` among them, pairwise compatible. `open` are
/// the pool's other open seeks, oldest first; the answer is their indices, ascending, and the
/// first such group in that order (the oldest seeks pair first). `None` when no group exists.
pub fn group(new: &Candidate, open: &[Candidate], size: usize) -> Option<Vec<usize>> {
    if size < 2 {
        return None;
    }
    let fits: Vec<usize> = (0..open.len())
        .filter(|&i| compatible(new, &open[i]))
        .collect();
    let mut chosen = Vec::with_capacity(size - 1);
    let mut budget = SEARCH_BUDGET;
    search(open, &fits, 0, size - 1, &mut chosen, &mut budget).then_some(chosen)
}

/// Extends `chosen` with `need` more of `fits[from..]`, each compatible with those chosen.
fn search(
    open: &[Candidate],
    fits: &[usize],
    from: usize,
    need: usize,
    chosen: &mut Vec<usize>,
    budget: &mut usize,
) -> bool {
    if need == 0 {
        return true;
    }
    for k in from..fits.len() {
        if fits.len() - k < need || *budget == 0 {
            return false;
        }
        *budget -= 1;
        let i = fits[k];
        if chosen.iter().all(|&j| compatible(&open[i], &open[j])) {
            chosen.push(i);
            if search(open, fits, k + 1, need - 1, chosen, budget) {
                return true;
            }
            chosen.pop();
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    fn seek(n: u128, account: u128, rating: i32) -> Candidate {
        Candidate {
            id: Uuid::from_u128(n),
            account: Uuid::from_u128(account),
            rating,
            bot_account: false,
            bots: false,
            rating_min: None,
            rating_max: None,
        }
    }

    #[test]
    fn the_oldest_compatible_seeks_pair_first() {
        let new = seek(9, 9, 1500);
        let open = [seek(1, 1, 1500), seek(2, 2, 1500), seek(3, 3, 1500)];
        assert_eq!(group(&new, &open, 2), Some(vec![0]));
        assert_eq!(group(&new, &open, 3), Some(vec![0, 1]));
        assert_eq!(group(&new, &open, 5), None);
    }

    #[test]
    fn an_account_never_meets_itself() {
        let new = seek(9, 1, 1500);
        let open = [seek(1, 1, 1500), seek(2, 1, 1500)];
        assert_eq!(group(&new, &open, 2), None);
        let open = [seek(1, 1, 1500), seek(2, 2, 1500)];
        assert_eq!(group(&new, &open, 2), Some(vec![1]));
    }

    #[test]
    fn every_rating_lies_in_every_other_range() {
        let mut picky = seek(1, 1, 1500);
        picky.rating_min = Some(1600);
        let new = seek(9, 9, 1500);
        assert_eq!(group(&new, std::slice::from_ref(&picky), 2), None);
        let mut strong = seek(9, 9, 1700);
        assert_eq!(
            group(&strong, std::slice::from_ref(&picky), 2),
            Some(vec![0])
        );
        // The new seek's own range counts too.
        strong.rating_max = Some(1400);
        assert_eq!(group(&strong, &[picky, seek(2, 2, 1500)], 2), None);
        strong.rating_max = Some(1500);
        assert_eq!(
            group(&strong, &[seek(3, 3, 1600), seek(2, 2, 1500)], 2),
            Some(vec![1])
        );
    }

    #[test]
    fn a_bot_account_sits_only_where_every_seek_admits_bots() {
        let mut bot = seek(9, 9, 1500);
        bot.bot_account = true;
        bot.bots = true;
        let person = seek(1, 1, 1500);
        assert_eq!(group(&bot, std::slice::from_ref(&person), 2), None);
        let mut welcoming = seek(2, 2, 1500);
        welcoming.bots = true;
        assert_eq!(
            group(&bot, &[person.clone(), welcoming.clone()], 2),
            Some(vec![1])
        );
        // Three at a table: the bot and the welcoming seek, but not the one refusing bots.
        assert_eq!(group(&bot, &[person, welcoming.clone()], 3), None);
        let mut also = seek(3, 3, 1500);
        also.bots = true;
        assert_eq!(group(&bot, &[welcoming, also], 3), Some(vec![0, 1]));
    }

    /// A random seek of one of six accounts, ratings and ranges around the start.
    fn candidate(rng: &mut StdRng) -> Candidate {
        let range = |rng: &mut StdRng| rng.random_bool(0.4).then(|| rng.random_range(1300..1700));
        Candidate {
            id: Uuid::from_u128(rng.random()),
            account: Uuid::from_u128(rng.random_range(0..6)),
            rating: rng.random_range(1300..1700),
            bot_account: rng.random_bool(0.3),
            bots: rng.random_bool(0.5),
            rating_min: range(rng),
            rating_max: range(rng),
        }
    }

    /// A group found is whole and pairwise compatible, and it is the first one in the order of
    /// the seeks' ages: no group of `size` exists when none is found (checked against every
    /// possible group, on 3,000 random pools).
    #[test]
    fn a_group_is_compatible_and_the_oldest() {
        let mut rng = StdRng::seed_from_u64(0x5eed);
        for _ in 0..3_000 {
            let new = candidate(&mut rng);
            let open: Vec<Candidate> = (0..rng.random_range(0..9))
                .map(|_| candidate(&mut rng))
                .collect();
            let size = rng.random_range(2..6);
            let first = all_groups(open.len(), size - 1).into_iter().find(|g| {
                let seats: Vec<&Candidate> = std::iter::once(&new)
                    .chain(g.iter().map(|&i| &open[i]))
                    .collect();
                seats
                    .iter()
                    .enumerate()
                    .all(|(x, a)| seats[x + 1..].iter().all(|b| compatible(a, b)))
            });
            assert_eq!(group(&new, &open, size), first, "{new:?} {open:?} {size}");
        }
    }

    /// Every ascending choice of `k` indices below `n`, in lexicographic order.
    fn all_groups(n: usize, k: usize) -> Vec<Vec<usize>> {
        fn go(n: usize, k: usize, from: usize, acc: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if acc.len() == k {
                out.push(acc.clone());
                return;
            }
            for i in from..n {
                acc.push(i);
                go(n, k, i + 1, acc, out);
                acc.pop();
            }
        }
        let mut out = Vec::new();
        go(n, k, 0, &mut Vec::new(), &mut out);
        out
    }
}
