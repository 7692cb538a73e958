//! Ratings (service rules §9.7): Weng–Lin's Bayesian rating with the Bradley–Terry full-pair
//! model (OpenSkill), every seat a team of one. Pure numbers: the rating worker reads and writes
//! them, the API shows them.

/// A player's rating: the mean skill `mu` and its uncertainty `sigma`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
}

/// The starting mean, μ₀.
pub const MU0: f64 = 25.0;
/// The starting uncertainty, σ₀ = μ₀ / 3.
pub const SIGMA0: f64 = 25.0 / 3.0;
/// The skill difference that makes one player beat another about 76% of the time, β = σ₀ / 2.
pub const BETA: f64 = 25.0 / 6.0;
/// The floor of a variance's shrink factor, κ.
pub const KAPPA: f64 = 0.0001;
/// A rating is provisional until its account has played this many rated games.
pub const PROVISIONAL_UNDER: u32 = 10;

/// Service rules §9.7: the decisions every seated person must have taken themselves for a
/// rated game to change ratings.
pub const MIN_OWN_DECISIONS: u16 = 2;

/// Why a finished rated game changed no rating (service rules §9.7).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum UnratedReason {
    /// A seated person (an account's seat, not a service bot's) took fewer than two decisions
    /// themselves: decisions a bot took for them, on a timeout or after they resigned, do not
    /// count.
    TooFewDecisions,
}

/// Service rules §9.7: why a finished rated game changes no rating, if it does not.
/// `own_decisions` are the seats' own decisions (`Game::own_decisions`), `person` says which
/// seats an account holds; a service bot's seat takes no decision of its own and needs none.
pub fn unrated_reason(
    own_decisions: &[u16],
    person: impl Fn(usize) -> bool,
) -> Option<UnratedReason> {
    own_decisions
        .iter()
        .enumerate()
        .any(|(seat, &n)| person(seat) && n < MIN_OWN_DECISIONS)
        .then_some(UnratedReason::TooFewDecisions)
}

impl Rating {
    /// The rating every account and bot starts from.
    pub const START: Rating = Rating {
        mu: MU0,
        sigma: SIGMA0,
    };

    /// The displayed rating: the ordinal μ − 3σ on a scale where the start is 1500,
    /// `round(1500 + 60·(μ − 3σ))`.
    pub fn display(self) -> i32 {
        (1500.0 + 60.0 * (self.mu - 3.0 * self.sigma)).round() as i32
    }
}

/// The ratings after one game: `players` are the seats' ratings before it with their places
/// (1 first; equal places are a tie), the answer is their ratings after it, in the same order.
///
/// Weng–Lin's Bradley–Terry full-pair update (Weng & Lin 2011, Algorithm 1), every player a team
/// of one, with no additive dynamics (τ = 0), β = [`BETA`], κ = [`KAPPA`] and
/// γ = σᵢ / c_iq. A tie counts as half a win and half a loss between the tied players. It
/// equals Python `openskill`'s `BradleyTerryFull(tau=0, kappa=0.0001)` with `ranks` the places
/// (tests/it/ratings_reference.rs checks it).
pub fn rate(players: &[(Rating, u8)]) -> Vec<Rating> {
    let two_beta_squared = 2.0 * BETA * BETA;
    players
        .iter()
        .enumerate()
        .map(|(i, &(me, my_place))| {
            let variance = me.sigma * me.sigma;
            let (mut omega, mut delta) = (0.0, 0.0);
            for (q, &(other, their_place)) in players.iter().enumerate() {
                if q == i {
                    continue;
                }
                let c = (variance + other.sigma * other.sigma + two_beta_squared).sqrt();
                let p = 1.0 / (1.0 + ((other.mu - me.mu) / c).exp());
                let s = match their_place.cmp(&my_place) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
                let gamma = me.sigma / c;
                omega += variance / c * (s - p);
                delta += gamma * variance / c / c * p * (1.0 - p);
            }
            Rating {
                mu: me.mu + omega,
                sigma: me.sigma * (1.0 - delta).max(KAPPA).sqrt(),
            }
        })
        .collect()
}

impl Default for Rating {
    fn default() -> Self {
        Rating::START
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starting_rating_displays_as_1500() {
        assert_eq!(Rating::START.display(), 1500);
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn a_winner_gains_what_the_loser_loses_between_equals() {
        let after = rate(&[(Rating::START, 1), (Rating::START, 2)]);
        assert!(after[0].mu > MU0 && after[1].mu < MU0);
        assert!(close(after[0].mu - MU0, MU0 - after[1].mu));
        assert!(close(after[0].sigma, after[1].sigma) && after[0].sigma < SIGMA0);
    }

    #[test]
    fn tied_equals_move_alike_and_a_draw_between_equals_changes_no_mean() {
        let after = rate(&[(Rating::START, 1), (Rating::START, 1), (Rating::START, 3)]);
        assert!(close(after[0].mu, after[1].mu) && after[0].mu > MU0);
        let draw = rate(&[(Rating::START, 1), (Rating::START, 1)]);
        assert!(close(draw[0].mu, MU0) && close(draw[1].mu, MU0));
        assert!(draw[0].sigma < SIGMA0);
    }

    #[test]
    fn the_reference_values_for_three_starting_players_with_a_shared_first_place() {
        // Python openskill 6.2.0, BradleyTerryFull(tau=0, kappa=0.0001), ranks [1, 1, 3].
        let after = rate(&[(Rating::START, 1), (Rating::START, 1), (Rating::START, 3)]);
        assert!((after[0].mu - 27.63523138347365).abs() < 1e-9, "{after:?}");
        assert!((after[2].mu - 19.7295372330527).abs() < 1e-9, "{after:?}");
        assert!(
            (after[2].sigma - 7.788474807872566).abs() < 1e-9,
            "{after:?}"
        );
    }
}
