//! RULES §6 end of a skirmish (reveal, strength, placement, claims, discards, the next skirmish)
//! and §7 end of the game.

use rand::Rng;

use super::super::cards::{self, CardId, Clan};
use super::super::error::RuleError;
use super::super::event::{Event, RevealedFollower};
use super::super::state::{ArmyScore, ClaimRight, Decision, Follower, Game, Seat};
use super::Scratch;

/// RULES §6.2: the sum of strengths, doubled when two or more cards are all of one clan. Active
/// Bruce cards and Scotts carrying a Bruce token count as any clan.
pub(crate) fn army_strength(army: &[Follower]) -> (u16, bool) {
    let sum: u16 = army
        .iter()
        .map(|f| cards::card(f.card).strength as u16)
        .sum();
    let mut clans = army
        .iter()
        .filter(|f| f.active != Some(Clan::Bruce))
        .map(|f| cards::card(f.card).clan);
    let first = clans.next();
    let one_clan = army.len() >= 2 && clans.all(|c| Some(c) == first);
    if one_clan {
        (sum * 2, true)
    } else {
        (sum, false)
    }
}

fn highest_rank(army: &[Follower]) -> u8 {
    highest_rank_card(army.iter()).map_or(0, |c| cards::card(c).rank)
}

/// The army's highest-ranked card, which breaks a tie in strength (RULES §6.3).
pub(crate) fn highest_rank_card<'a>(army: impl Iterator<Item = &'a Follower>) -> Option<CardId> {
    army.map(|f| f.card).max_by_key(|&c| cards::card(c).rank)
}

/// RULES §6.3: placed players by strength, highest first, ties to the highest-ranked card.
pub(crate) fn placement(g: &Game) -> (Vec<ArmyScore>, Vec<Seat>) {
    let mut armies = Vec::new();
    for (i, p) in g.players.iter().enumerate() {
        if p.army.is_empty() {
            continue;
        }
        let (strength, doubled) = army_strength(&p.army);
        armies.push(ArmyScore {
            seat: Seat(i as u8),
            strength,
            doubled,
        });
    }
    let mut order: Vec<(u16, u8, Seat)> = armies
        .iter()
        .map(|a| {
            (
                a.strength,
                highest_rank(&g.players[a.seat.index()].army),
                a.seat,
            )
        })
        .collect();
    order.sort_by_key(|&(strength, rank, _)| std::cmp::Reverse((strength, rank)));
    (armies, order.into_iter().map(|o| o.2).collect())
}

pub(super) fn end_skirmish<R: Rng + ?Sized>(s: &mut Scratch<'_, R>) {
    let followers: Vec<RevealedFollower> =
        s.g.players
            .iter()
            .enumerate()
            .flat_map(|(i, p)| {
                p.army
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| !f.face_up)
                    .map(move |(pos, f)| RevealedFollower {
                        seat: Seat(i as u8),
                        position: pos as u8,
                        card: f.card,
                    })
            })
            .collect();
    if !followers.is_empty() {
        s.emit(Event::FollowersRevealed { followers });
    }
    let (armies, order) = placement(&s.g);
    let placement = order
        .into_iter()
        .map(|seat| {
            // RULES §5 Cochrane: any number of active Cochrane effects still give two.
            let cochrane = s.g.players[seat.index()]
                .army
                .iter()
                .any(|f| f.active == Some(Clan::Cochrane));
            ClaimRight {
                seat,
                claims: if cochrane { 2 } else { 1 },
            }
        })
        .collect();
    s.emit(Event::ArmiesScored { armies, placement });
    continue_claims(s);
}

/// Resolves claims that leave no choice, asks for the next real choice, or ends the skirmish.
fn continue_claims<R: Rng + ?Sized>(s: &mut Scratch<'_, R>) {
    while let Some(right) = s.g.claims.first().copied() {
        let row = s.g.supporters.len();
        if row == 0 {
            // RULES §6.4: whoever finds no Supporter gets none.
            break;
        }
        if row <= right.claims as usize {
            // Ruling: taking every Supporter left is the only choice, so it resolves on its own.
            // A copy: claiming empties the row as it goes.
            for card in s.g.supporters.clone() {
                s.emit(Event::SupporterClaimed {
                    seat: right.seat,
                    card,
                });
            }
            // Claims beyond the row lapse: the next pass finds the row empty.
            continue;
        }
        s.emit(Event::DecisionRequested {
            seat: right.seat,
            decision: Decision::ClaimSupporter {
                claims_left: right.claims,
            },
        });
        return;
    }
    finish_skirmish(s);
}

pub(super) fn claim<R: Rng + ?Sized>(
    s: &mut Scratch<'_, R>,
    seat: Seat,
    supporter: CardId,
) -> Result<(), RuleError> {
    if !s.g.supporters.contains(&supporter) {
        return Err(RuleError::SupporterNotInRow);
    }
    s.emit(Event::SupporterClaimed {
        seat,
        card: supporter,
    });
    continue_claims(s);
    Ok(())
}

/// RULES §6.5–6.7 and §7.
fn finish_skirmish<R: Rng + ?Sized>(s: &mut Scratch<'_, R>) {
    let mut discarded: Vec<CardId> = s.g.supporters.to_vec();
    discarded.extend(s.g.recruits.iter().flatten().map(|r| r.card));
    let mut kept = Vec::new();
    for p in &s.g.players {
        for f in &p.army {
            // RULES §5 Macdonnell: kept for one more skirmish, then discarded.
            if f.active == Some(Clan::Macdonnell) && !f.kept {
                kept.push(f.card);
            } else {
                discarded.push(f.card);
            }
        }
    }
    let skirmish = s.g.skirmish;
    s.emit(Event::SkirmishEnded {
        skirmish,
        discarded,
        kept,
    });

    let target = s.g.options.map(|o| o.target_score).unwrap_or(u16::MAX);
    let scores = s.g.scores();
    if scores.iter().any(|&sc| sc >= target) {
        let winners = winners(&scores, &s.g.placement, &s.g.resigned);
        s.emit(Event::GameEnded { scores, winners });
        return;
    }
    let initiative = s.g.placement.first().copied().unwrap_or(s.g.initiative);
    s.emit(Event::SkirmishStarted {
        skirmish: skirmish + 1,
        initiative,
    });
    s.deal_skirmish_cards();
    s.start_turn(1);
}

/// RULES §7: most points; a tie goes to the tied player placed higher in the final skirmish;
/// tied players who were all unplaced share the victory. Service rules §9.3: a resigned seat
/// cannot win, so only unresigned seats are compared.
pub(crate) fn winners(scores: &[u16], placement: &[Seat], resigned: &[bool]) -> Vec<Seat> {
    let in_play = |s: &Seat| !resigned.get(s.index()).copied().unwrap_or(false);
    let seats = (0..scores.len() as u8).map(Seat).filter(in_play);
    let best = seats.clone().map(|s| scores[s.index()]).max().unwrap_or(0);
    let tied: Vec<Seat> = seats.filter(|s| scores[s.index()] == best).collect();
    match placement.iter().find(|p| tied.contains(p)) {
        Some(&first) => vec![first],
        None => tied,
    }
}
