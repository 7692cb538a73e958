//! The ratings' model (service rules §9.7) against its reference: Python `openskill`'s
//! `BradleyTerryFull(tau=0, kappa=0.0001)` (tests/support/openskill_reference.py, the version
//! `.ci/run` pins), on seeded random games of 2 to 5 players with random ratings and places,
//! ties included. Every mean and deviation agrees to 1e-6.

use std::io::Write;
use std::process::{Command, Stdio};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use rules::{Rating, rate};
use serde_json::{Value, json};

const CASES: usize = 2_000;

/// Places as a final ranking gives them: 1 first, equal for tied players, the next skipped.
fn competition_places(rng: &mut StdRng, players: usize) -> Vec<u8> {
    // A random score per player from a small range (ties are frequent); higher is better.
    let scores: Vec<u8> = (0..players).map(|_| rng.random_range(0..4)).collect();
    scores
        .iter()
        .map(|&s| 1 + scores.iter().filter(|&&o| o > s).count() as u8)
        .collect()
}

fn cases() -> Vec<Vec<(Rating, u8)>> {
    let mut rng = StdRng::seed_from_u64(97);
    let mut cases: Vec<Vec<(Rating, u8)>> = vec![
        vec![(Rating::START, 1), (Rating::START, 2)],
        vec![(Rating::START, 1), (Rating::START, 1)],
        vec![(Rating::START, 1), (Rating::START, 1), (Rating::START, 3)],
        vec![(Rating::START, 1); 5],
    ];
    while cases.len() < CASES {
        let players = rng.random_range(2..=5);
        let places = competition_places(&mut rng, players);
        cases.push(
            places
                .into_iter()
                .map(|place| {
                    let rating = Rating {
                        mu: rng.random_range(5.0..45.0),
                        sigma: rng.random_range(0.5..9.0),
                    };
                    (rating, place)
                })
                .collect(),
        );
    }
    cases
}

fn reference(cases: &[Vec<(Rating, u8)>]) -> Vec<Vec<Rating>> {
    let input: Vec<Value> = cases
        .iter()
        .map(|game| {
            game.iter()
                .map(|(r, place)| json!({"mu": r.mu, "sigma": r.sigma, "place": place}))
                .collect()
        })
        .collect();
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/support/openskill_reference.py"
    );
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(serde_json::to_string(&input).unwrap().as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "the reference failed (pip install openskill==6.2.0):\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let games: Vec<Vec<Value>> = serde_json::from_slice(&out.stdout).unwrap();
    games
        .into_iter()
        .map(|game| {
            game.into_iter()
                .map(|r| Rating {
                    mu: r["mu"].as_f64().unwrap(),
                    sigma: r["sigma"].as_f64().unwrap(),
                })
                .collect()
        })
        .collect()
}

#[test]
fn the_model_equals_openskills_bradley_terry_full_pair_to_a_millionth() {
    let cases = cases();
    let expected = reference(&cases);
    assert_eq!(expected.len(), cases.len());
    let ties = cases
        .iter()
        .filter(|g| (1..g.len()).any(|i| g[..i].iter().any(|p| p.1 == g[i].1)))
        .count();
    assert!(ties > CASES / 4, "ties are exercised: {ties}");
    for (game, want) in cases.iter().zip(&expected) {
        let got = rate(game);
        for (g, w) in got.iter().zip(want) {
            assert!(
                (g.mu - w.mu).abs() < 1e-6 && (g.sigma - w.sigma).abs() < 1e-6,
                "{game:?}: ours {got:?}, openskill's {want:?}"
            );
        }
    }
}
