//! A tournament's points and standings (service rules §9.11), computed without I/O from the
//! recorded results of its games and its byes, never kept as counters.

use std::cmp::Reverse;
use std::collections::HashMap;

use uuid::Uuid;

/// Tournament points in half points, so that seats sharing a place share exactly: 3 half points
/// are 1.5 points (service rules §9.11).
pub type HalfPoints = u32;

/// A finished game's recorded result, by seat (seat order is the table's `seats` order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOutcome {
    /// The game's points by seat.
    pub scores: Vec<u16>,
    /// The game's places by seat, from 1; seats that tie share a place (1, 1, 3).
    pub places: Vec<u8>,
    /// Whether the seat resigned or was abandoned (service rules §9.4).
    pub out: Vec<bool>,
}

/// One table of a round: its players by seat and, once its game has ended, the result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TablePlayed {
    pub round: u32,
    pub seats: Vec<Uuid>,
    /// `None` while the game goes on.
    pub outcome: Option<GameOutcome>,
}

/// A round in which `account` sat at no table and scored as a win (service rules §9.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bye {
    pub round: u32,
    pub account: Uuid,
}

/// A registered player; the standings take a slice of them in registration order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entrant {
    pub account: Uuid,
    pub withdrawn: bool,
}

/// One line of the standings (service rules §9.11).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub account: Uuid,
    /// 1 for the best; no two players share a rank.
    pub rank: u32,
    pub points: HalfPoints,
    /// The sum, over every finished table the player sat at, of each other player's points.
    pub buchholz: HalfPoints,
    /// The sum of the player's scores in their finished games.
    pub game_score: u32,
    pub byes: u32,
    pub withdrawn: bool,
}

/// Each seat's tournament place at the table, from 1 (service rules §9.11): the seats that
/// resigned or were abandoned all share the last places; the others keep the order the game's
/// result gives them, seats tied in the game sharing a place.
pub fn table_places(outcome: &GameOutcome) -> Vec<u8> {
    let seats = outcome.places.len();
    let out = |seat: usize| outcome.out.get(seat).copied().unwrap_or(false);
    let staying: Vec<u8> = (0..seats)
        .filter(|&seat| !out(seat))
        .map(|seat| outcome.places[seat])
        .collect();
    let last = place_from(staying.len());
    (0..seats)
        .map(|seat| {
            if out(seat) {
                last
            } else {
                let ahead = staying
                    .iter()
                    .filter(|&&place| place < outcome.places[seat])
                    .count();
                place_from(ahead)
            }
        })
        .collect()
}

/// The place that comes after `ahead` seats.
fn place_from(ahead: usize) -> u8 {
    u8::try_from(ahead + 1).unwrap_or(u8::MAX)
}

/// Each seat's tournament points at a finished table of n seats, in half points (service rules
/// §9.11): first place scores n − 1 points, down to 0 for last, and seats sharing a place share
/// the points of the places they cover: two tied first at a table of 3 get 1.5 each.
pub fn table_points(outcome: &GameOutcome) -> Vec<HalfPoints> {
    let places = table_places(outcome);
    let seats = places.len() as u32;
    places
        .iter()
        .map(|&place| {
            let sharing = places.iter().filter(|&&other| other == place).count() as u32;
            // The shared places run from `place` to `place + sharing − 1`, worth n − place down
            // to n − place − sharing + 1 points: their mean, doubled, is a whole number.
            let first = seats.saturating_sub(u32::from(place));
            let last = (seats + 1).saturating_sub(u32::from(place) + sharing);
            first + last
        })
        .collect()
}

/// The points of a bye at a tournament of tables of `table_size`: a win (service rules §9.11).
pub fn bye_points(table_size: u8) -> HalfPoints {
    2 * u32::from(table_size.saturating_sub(1))
}

/// The standings (service rules §9.11), best first, ranked 1.. with no shared rank: by points,
/// then Buchholz, then game score, then the earlier registration. `entrants` are in
/// registration order; withdrawn players keep their place. Games still going count for
/// nothing yet; tables and byes of accounts that are not entrants are left out.
pub fn standings(
    entrants: &[Entrant],
    tables: &[TablePlayed],
    byes: &[Bye],
    table_size: u8,
) -> Vec<Standing> {
    let index: HashMap<Uuid, usize> = entrants
        .iter()
        .enumerate()
        .map(|(i, entrant)| (entrant.account, i))
        .collect();
    let mut points = vec![0; entrants.len()];
    let mut game_score = vec![0; entrants.len()];
    let mut bye_count = vec![0; entrants.len()];
    let finished: Vec<(Vec<Option<usize>>, &GameOutcome)> = tables
        .iter()
        .filter_map(|table| {
            let outcome = table.outcome.as_ref()?;
            let seats = table.seats.iter().map(|a| index.get(a).copied()).collect();
            Some((seats, outcome))
        })
        .collect();
    for (seats, outcome) in &finished {
        let won = table_points(outcome);
        for (seat, player) in seats.iter().enumerate() {
            if let Some(i) = *player {
                points[i] += won.get(seat).copied().unwrap_or(0);
                game_score[i] += u32::from(outcome.scores.get(seat).copied().unwrap_or(0));
            }
        }
    }
    for bye in byes {
        if let Some(&i) = index.get(&bye.account) {
            points[i] += bye_points(table_size);
            bye_count[i] += 1;
        }
    }
    // Buchholz: opponents' current points, once per table shared; byes bring none.
    let mut buchholz = vec![0; entrants.len()];
    for (seats, _) in &finished {
        for (seat, player) in seats.iter().enumerate() {
            let Some(i) = *player else { continue };
            for (other_seat, other) in seats.iter().enumerate() {
                if let Some(j) = *other
                    && other_seat != seat
                {
                    buchholz[i] += points[j];
                }
            }
        }
    }
    let mut order: Vec<usize> = (0..entrants.len()).collect();
    order.sort_by_key(|&i| {
        (
            Reverse(points[i]),
            Reverse(buchholz[i]),
            Reverse(game_score[i]),
            i,
        )
    });
    order
        .into_iter()
        .enumerate()
        .map(|(rank, i)| Standing {
            account: entrants[i].account,
            rank: rank as u32 + 1,
            points: points[i],
            buchholz: buchholz[i],
            game_score: game_score[i],
            byes: bye_count[i],
            withdrawn: entrants[i].withdrawn,
        })
        .collect()
}

/// Half points written for people and CSV (service rules §9.11): 3 is "1.5", 4 is "2".
pub fn format_points(p: HalfPoints) -> String {
    if p.is_multiple_of(2) {
        format!("{}", p / 2)
    } else {
        format!("{}.5", p / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(n: u128) -> Uuid {
        Uuid::from_u128(n)
    }

    fn outcome(scores: &[u16], places: &[u8], out: &[bool]) -> GameOutcome {
        GameOutcome {
            scores: scores.to_vec(),
            places: places.to_vec(),
            out: out.to_vec(),
        }
    }

    fn finished(round: u32, seats: &[u128], scores: &[u16], places: &[u8]) -> TablePlayed {
        TablePlayed {
            round,
            seats: seats.iter().map(|&n| account(n)).collect(),
            outcome: Some(outcome(scores, places, &vec![false; seats.len()])),
        }
    }

    fn entrants(n: u128) -> Vec<Entrant> {
        (1..=n)
            .map(|n| Entrant {
                account: account(n),
                withdrawn: false,
            })
            .collect()
    }

    fn line(standings: &[Standing], n: u128) -> &Standing {
        standings
            .iter()
            .find(|s| s.account == account(n))
            .expect("in the standings")
    }

    #[test]
    fn first_place_at_a_table_of_n_scores_n_minus_one_down_to_zero_for_last() {
        let result = outcome(&[12, 8, 5, 3], &[1, 2, 3, 4], &[false; 4]);
        assert_eq!(table_points(&result), vec![6, 4, 2, 0]);
        let result = outcome(&[3, 12], &[2, 1], &[false; 2]);
        assert_eq!(table_points(&result), vec![0, 2]);
    }

    #[test]
    fn two_tied_first_at_a_table_of_three_get_one_and_a_half_points_each() {
        let result = outcome(&[12, 12, 4], &[1, 1, 3], &[false; 3]);
        assert_eq!(table_points(&result), vec![3, 3, 0]);
    }

    #[test]
    fn five_tied_at_a_table_of_five_get_two_points_each() {
        let result = outcome(&[7; 5], &[1; 5], &[false; 5]);
        assert_eq!(table_points(&result), vec![4; 5]);
    }

    #[test]
    fn ties_lower_down_share_the_places_they_cover() {
        let result = outcome(&[15, 9, 9, 9, 2], &[1, 2, 2, 2, 5], &[false; 5]);
        // Places 2 to 4 at a table of 5 are worth 3, 2 and 1 points: 2 each.
        assert_eq!(table_points(&result), vec![8, 4, 4, 4, 0]);
    }

    #[test]
    fn out_seats_share_the_last_places_whatever_their_score() {
        let result = outcome(&[14, 20, 9, 16], &[2, 1, 3, 4], &[false, true, false, true]);
        assert_eq!(table_places(&result), vec![1, 3, 2, 3]);
        // Places 3 and 4 at a table of 4 are worth 1 and 0 points: half a point each.
        assert_eq!(table_points(&result), vec![6, 1, 4, 1]);
    }

    #[test]
    fn four_out_seats_at_a_table_of_five_share_one_and_a_half_points_each() {
        let result = outcome(
            &[3, 0, 0, 0, 0],
            &[1, 2, 2, 2, 2],
            &[false, true, true, true, true],
        );
        assert_eq!(table_places(&result), vec![1, 2, 2, 2, 2]);
        assert_eq!(table_points(&result), vec![8, 3, 3, 3, 3]);
    }

    #[test]
    fn a_bye_scores_as_a_win_at_the_tournament_table_size() {
        assert_eq!(bye_points(2), 2);
        assert_eq!(bye_points(5), 8);
        let standings = standings(
            &entrants(1),
            &[],
            &[Bye {
                round: 1,
                account: account(1),
            }],
            4,
        );
        assert_eq!(standings[0].points, 6);
        assert_eq!(standings[0].byes, 1);
        assert_eq!(standings[0].buchholz, 0);
        assert_eq!(standings[0].game_score, 0);
    }

    #[test]
    fn buchholz_counts_an_opponent_met_twice_twice_and_byes_nothing() {
        let tables = [
            finished(1, &[1, 2], &[10, 4], &[1, 2]),
            finished(2, &[2, 1], &[10, 6], &[1, 2]),
            finished(3, &[1, 3], &[10, 2], &[1, 2]),
        ];
        let byes = [
            Bye {
                round: 1,
                account: account(3),
            },
            Bye {
                round: 2,
                account: account(3),
            },
            Bye {
                round: 3,
                account: account(2),
            },
        ];
        let standings = standings(&entrants(3), &tables, &byes, 2);
        // Points: 1 won twice (4), 2 won once and had a bye (4), 3 had two byes (4).
        assert!(standings.iter().all(|s| s.points == 4));
        // 1 met 2 twice and 3 once: 4 + 4 + 4. 2 met 1 twice; 3 met 1 once, its byes add nothing.
        assert_eq!(line(&standings, 1).buchholz, 12);
        assert_eq!(line(&standings, 2).buchholz, 8);
        assert_eq!(line(&standings, 3).buchholz, 4);
        assert_eq!(line(&standings, 1).game_score, 26);
    }

    #[test]
    fn ties_are_broken_by_buchholz_then_game_score_then_registration() {
        let tables = [
            finished(1, &[1, 2], &[10, 5], &[1, 2]),
            finished(1, &[3, 4], &[10, 5], &[1, 2]),
            finished(1, &[5, 6], &[9, 5], &[1, 2]),
            finished(1, &[7, 8], &[10, 5], &[1, 2]),
            finished(2, &[2, 4], &[10, 5], &[1, 2]),
            finished(2, &[6, 8], &[10, 5], &[1, 2]),
            finished(2, &[1, 3], &[8, 8], &[1, 1]),
            finished(2, &[5, 7], &[8, 8], &[1, 1]),
        ];
        let standings = standings(&entrants(8), &tables, &[], 2);
        // 1, 3, 5 and 7 each won once and shared first once: 1.5 points.
        for n in [1, 3, 5, 7] {
            assert_eq!(line(&standings, n).points, 3);
        }
        // 1 and 5 met a player who won again (1 point), 3 and 7 one who did not.
        assert_eq!(line(&standings, 1).buchholz, 2 + 3);
        assert_eq!(line(&standings, 5).buchholz, 2 + 3);
        assert_eq!(line(&standings, 3).buchholz, 3);
        assert_eq!(line(&standings, 7).buchholz, 3);
        assert_eq!(line(&standings, 1).game_score, 18);
        assert_eq!(line(&standings, 5).game_score, 17);
        assert_eq!(line(&standings, 3).game_score, 18);
        assert_eq!(line(&standings, 7).game_score, 18);
        let order: Vec<Uuid> = standings.iter().map(|s| s.account).collect();
        // Buchholz puts 1 and 5 first, game score 1 before 5, registration 3 before 7.
        assert_eq!(
            &order[..4],
            &[account(1), account(5), account(3), account(7)]
        );
        let ranks: Vec<u32> = standings.iter().map(|s| s.rank).collect();
        assert_eq!(ranks, (1..=8).collect::<Vec<u32>>());
    }

    #[test]
    fn withdrawn_players_keep_their_place_and_games_still_going_count_nothing() {
        let mut players = entrants(3);
        players[0].withdrawn = true;
        let tables = [
            finished(1, &[1, 2], &[12, 3], &[1, 2]),
            TablePlayed {
                round: 2,
                seats: vec![account(1), account(3)],
                outcome: None,
            },
        ];
        let standings = standings(&players, &tables, &[], 2);
        assert_eq!(standings[0].account, account(1));
        assert!(standings[0].withdrawn);
        assert_eq!(standings[0].points, 2);
        assert_eq!(line(&standings, 3).points, 0);
        assert_eq!(line(&standings, 3).buchholz, 0);
    }

    #[test]
    fn half_points_are_written_with_a_point_five() {
        assert_eq!(format_points(0), "0");
        assert_eq!(format_points(1), "0.5");
        assert_eq!(format_points(3), "1.5");
        assert_eq!(format_points(4), "2");
    }
}
