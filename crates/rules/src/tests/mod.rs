//! Engine tests: rulings (given/when/then), worked examples, properties over random games.

mod harness;
mod rulings_explained;
mod rulings_game_end;
mod rulings_powers;
mod rulings_setup;
mod rulings_skirmish_end;
mod rulings_turn;
mod rulings_vacation;
mod rulings_views;
mod worked_examples;

mod smoke {
    use crate::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rand::seq::IndexedRandom;

    #[test]
    fn random_games_finish() {
        for players in 2..=5u8 {
            for seed in 0..50u64 {
                let mut rng = StdRng::seed_from_u64(seed);
                let opts = OptionsRequest {
                    players,
                    include_bruce: Some(seed % 2 == 0),
                    ..Default::default()
                }
                .validate()
                .unwrap();
                let mut events = start(&opts, &mut rng).unwrap();
                let mut g = Game::replay(&events);
                let mut steps = 0;
                while g.status() == Status::Active {
                    let a = g.awaiting().unwrap();
                    let acts = legal_actions(&g, a.seat);
                    assert!(!acts.is_empty(), "no legal action at {:?}", a);
                    let act = *acts.choose(&mut rng).unwrap();
                    let evs = decide(&g, a.seat, &act, &mut rng)
                        .unwrap_or_else(|e| panic!("{act:?} rejected: {e}"));
                    for e in &evs {
                        g.apply(e);
                    }
                    events.extend(evs);
                    let mut all = g.all_cards();
                    all.sort();
                    let n = all.len();
                    all.dedup();
                    assert_eq!(all.len(), n);
                    assert_eq!(n, if opts.include_bruce { 98 } else { 96 });
                    steps += 1;
                    assert!(steps < 20000);
                }
                assert_eq!(Game::replay(&events), g);
            }
        }
    }
}

pub(crate) mod leaks;
mod properties;
