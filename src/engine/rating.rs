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
}
