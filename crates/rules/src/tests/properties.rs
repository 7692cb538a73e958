//! Properties over seeded random games (STYLE: Tests): no panic, every card in exactly one zone,
//! replay equals the live state, `legal_actions` and `decide` agree, no view or redacted event
//! shows a card its viewer may not see (RULES §8), every game ends.
//!
//! A failure names the options, the seed and the action; `check_game(options, seed)` replays it.

use std::fmt;

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};

use crate::*;

/// Games per configuration (players × Bruce × power rule): 16 configurations, 3,200 games.
const GAMES: u64 = 200;

/// Random play ends every game within ~230 actions (5 players, 8,000 games measured); a game
/// still going after ten times that does not end.
pub(super) const MAX_ACTIONS: usize = 2_000;

/// Unlisted actions tried against `decide` at each decision.
const PROBES: usize = 4;

pub(super) fn options(players: u8, include_bruce: bool, power_rule: PowerRule) -> GameOptions {
    OptionsRequest {
        players,
        include_bruce: Some(include_bruce),
        power_rule: Some(power_rule),
        target_score: None,
        ..OptionsRequest::default()
    }
    .validate()
    .expect("valid options")
}

/// A set of cards, one bit per id (ids are 1..=98).
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Cards(u128);

impl Cards {
    pub(super) fn of<'a>(cards: impl IntoIterator<Item = &'a CardId>) -> Self {
        let mut set = Cards::default();
        set.extend(cards);
        set
    }

    /// Adds `card`; false when it was already there.
    pub(super) fn insert(&mut self, card: CardId) -> bool {
        let bit = 1u128 << card.0;
        let new = self.0 & bit == 0;
        self.0 |= bit;
        new
    }

    pub(super) fn extend<'a>(&mut self, cards: impl IntoIterator<Item = &'a CardId>) {
        for &c in cards {
            self.insert(c);
        }
    }

    fn union(self, other: Cards) -> Cards {
        Cards(self.0 | other.0)
    }

    fn intersection(self, other: Cards) -> Cards {
        Cards(self.0 & other.0)
    }

    fn minus(self, other: Cards) -> Cards {
        Cards(self.0 & !other.0)
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries((0..128u8).filter(|&i| self.0 & (1u128 << i) != 0))
            .finish()
    }
}

/// Every seat, then the spectator: the viewers of a game in progress.
pub(super) fn viewers(players: u8) -> Vec<Viewer> {
    (0..players)
        .map(|s| Viewer::Seat(Seat(s)))
        .chain([Viewer::Spectator])
        .collect()
}

/// Where a failure happened, for the assertion messages.
#[derive(Clone, Copy)]
struct Ctx {
    options: GameOptions,
    seed: u64,
    action: usize,
    events: usize,
    deck: Cards,
}

impl fmt::Display for Ctx {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?}, seed {}, action {} (check_game reproduces it)",
            self.options, self.seed, self.action
        )
    }
}

/// RULES: every card of the deck is in exactly one zone.
pub(super) fn assert_conserved(g: &Game, deck: Cards, ctx: &dyn fmt::Display) {
    let mut seen = Cards::default();
    for card in g.all_cards() {
        assert!(seen.insert(card), "{card:?} is in two zones; {ctx}");
    }
    assert_eq!(seen, deck, "cards missing or added; {ctx}");
}

/// RULES §8, written apart from `view`: the cards everyone may see. Everyone sees face-up
/// Followers, face-up recruits, the Supporter row, the discard pile and the victory piles.
fn public_cards(g: &Game) -> Cards {
    let mut set = Cards::of(&g.discard);
    set.extend(&g.supporters);
    set.extend(
        g.recruits
            .iter()
            .flatten()
            .filter(|r| r.face_up)
            .map(|r| &r.card),
    );
    for p in &g.players {
        set.extend(&p.victory);
        set.extend(p.army.iter().filter(|f| f.face_up).map(|f| &f.card));
    }
    set
}

/// RULES §8: what `viewer` may see besides the public cards: a player's own hand and own
/// face-down Followers.
fn private_cards(g: &Game, viewer: Viewer) -> Cards {
    match viewer {
        Viewer::Seat(seat) => {
            let p = &g.players[seat.index()];
            let mut set = Cards::of(&p.hand);
            set.extend(p.army.iter().map(|f| &f.card));
            set
        }
        Viewer::Spectator => Cards::default(),
        Viewer::Everyone => Cards::of(&g.all_cards()),
    }
}

/// Checks a view against the state place by place (every card shown is the card there, counts
/// are right) and returns the cards it shows.
fn shown(g: &Game, v: &View, ctx: &dyn fmt::Display) -> Cards {
    let mut set = Cards::default();
    assert_eq!(v.players.len(), g.players.len(), "{ctx}");
    // A game that ended with a scoring keeps its final armies on the table, out of the discard.
    let final_armies = g
        .last_scored()
        .filter(|s| g.status() == Status::Finished && s.skirmish == g.skirmish());
    for (i, (p, pv)) in g.players.iter().zip(&v.players).enumerate() {
        let army: Vec<Follower> = match final_armies {
            Some(scored) => scored.army(Seat(i as u8)).copied().collect(),
            None => p.army.to_vec(),
        };
        assert_eq!(pv.hand_size as usize, p.hand.len(), "{ctx}");
        if let Some(hand) = &pv.hand {
            assert_eq!(hand[..], p.hand[..], "{ctx}");
            set.extend(hand);
        }
        assert_eq!(pv.army.len(), army.len(), "{ctx}");
        for (f, fv) in army.iter().zip(&pv.army) {
            assert_eq!(
                (fv.face_up, fv.active, fv.kept),
                (f.face_up, f.active, f.kept),
                "{ctx}"
            );
            if let Some(card) = fv.card {
                assert_eq!(card, f.card, "{ctx}");
                set.insert(card);
            }
        }
        assert_eq!(pv.victory[..], p.victory[..], "{ctx}");
        set.extend(&pv.victory);
    }
    assert_eq!(v.recruits.len(), g.recruits.len(), "{ctx}");
    for (r, rv) in g.recruits.iter().zip(&v.recruits) {
        let state = match r {
            None => RecruitState::Empty,
            Some(r) if r.face_up => RecruitState::FaceUp,
            Some(_) => RecruitState::FaceDown,
        };
        assert_eq!(rv.state, state, "{ctx}");
        if let Some(card) = rv.card {
            assert_eq!(Some(card), r.map(|r| r.card), "{ctx}");
            set.insert(card);
        }
    }
    assert_eq!(v.supporters[..], g.supporters[..], "{ctx}");
    set.extend(&v.supporters);
    let discard: Vec<CardId> = g
        .discard
        .iter()
        .copied()
        .filter(|c| final_armies.is_none_or(|s| s.followers.iter().all(|(_, f)| f.card != *c)))
        .collect();
    assert_eq!(v.discard[..], discard[..], "{ctx}");
    set.extend(&v.discard);
    assert_eq!(v.draw_size as usize, g.draw.len(), "{ctx}");
    if let Some(draw) = &v.draw_pile {
        assert!(draw.iter().eq(g.draw.iter().rev()), "{ctx}");
        set.extend(draw);
    }
    set
}

/// The cards an event names. Exhaustive on purpose: a new event must be looked at here.
pub(super) fn cards_named(e: &Event) -> Vec<CardId> {
    match e {
        Event::GameStarted { .. }
        | Event::SkirmishStarted { .. }
        | Event::TurnStarted { .. }
        | Event::Passed { .. }
        | Event::PowerActivated { .. }
        | Event::PowerCopied { .. }
        | Event::DecisionRequested { .. }
        | Event::ArmiesScored { .. }
        | Event::GameEnded { .. }
        | Event::SeatResigned { .. }
        | Event::DecisionTimedOut { .. }
        | Event::SeatAbandoned { .. }
        | Event::BotActed { .. }
        | Event::TimeoutsCleared { .. }
        | Event::SeatAway { .. }
        | Event::SeatBack { .. } => Vec::new(),
        Event::DeckShuffled { order, .. } => order.clone().unwrap_or_default(),
        Event::HandDealt { cards, .. } => cards.clone().unwrap_or_default(),
        Event::RecruitDealt { card, .. }
        | Event::Recruited { card, .. }
        | Event::Mustered { card, .. }
        | Event::CardDrawn { card, .. } => card.iter().copied().collect(),
        Event::RecruitRevealed { card, .. }
        | Event::SupporterDealt { card }
        | Event::FollowerDiscarded { card, .. }
        | Event::SupporterClaimed { card, .. } => vec![*card],
        Event::SupportersDiscarded { cards } => cards.clone(),
        Event::SupporterSwapped {
            given, supporter, ..
        } => vec![*given, *supporter],
        Event::FollowersSwapped { given, taken, .. } => {
            std::iter::once(*given).chain(*taken).collect()
        }
        Event::FollowersRevealed { followers } => followers.iter().map(|f| f.card).collect(),
        Event::SkirmishEnded {
            discarded, kept, ..
        } => discarded.iter().chain(kept).copied().collect(),
    }
}

/// Every this many games, replay goes the stored path: events to JSON and back first (a debug
/// build spends more on that than on the rest of the game).
const JSON_EVERY: u64 = 8;

/// A fold over `apply`, through JSON like the store when `through_json`.
fn replay_stored(events: &[Event], through_json: bool, ctx: &dyn fmt::Display) -> Game {
    if !through_json {
        return Game::replay(events);
    }
    let json = serde_json::to_string(events).expect("events serialize");
    let back: Vec<Event> = serde_json::from_str(&json).expect("events deserialize");
    assert_eq!(back, events, "events change through JSON; {ctx}");
    Game::replay(&back)
}

/// Plays one seeded random game, checking every property after every event and action.
fn check_game(options: GameOptions, seed: u64) {
    let mut ctx = Ctx {
        options,
        seed,
        action: 0,
        events: 0,
        deck: Cards::of(&Edition::standard().deck(options.include_bruce)),
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let viewers = viewers(options.players);
    let mut g = Game::new();
    let mut visible = vec![Cards::default(); viewers.len()];
    let mut events = start(&options, &mut rng).expect("the game starts");
    for e in &events {
        observe(&mut g, e, &viewers, &mut visible, &ctx);
        ctx.events += 1;
    }
    while g.status() == Status::Active {
        assert!(ctx.action < MAX_ACTIONS, "the game does not end; {ctx}");
        for (&viewer, &allowed) in viewers.iter().zip(&visible) {
            check_view(&g, viewer, allowed, &ctx);
        }
        let awaiting = g.awaiting().expect("an active game awaits a decision");
        let legal = legal_actions(&g, awaiting.seat);
        check_agreement(&g, awaiting.seat, &legal, &mut rng, &ctx);
        let action = *legal.choose(&mut rng).expect("a legal action");
        let new = decide(&g, awaiting.seat, &action, &mut rng).expect("checked above");
        for e in &new {
            observe(&mut g, e, &viewers, &mut visible, &ctx);
            ctx.events += 1;
        }
        events.extend(new);
        ctx.action += 1;
    }
    let through_json = seed.is_multiple_of(JSON_EVERY);
    assert_eq!(
        replay_stored(&events, through_json, &ctx),
        g,
        "replay differs; {ctx}"
    );
    check_finished(&g, &events, &ctx);
}

/// Checks `viewer`'s view of `g` place by place and against RULES §8; returns what it shows.
fn check_view(g: &Game, viewer: Viewer, allowed: Cards, ctx: &dyn fmt::Display) {
    let shown = shown(g, &view(g, viewer), ctx);
    assert_eq!(
        shown.minus(allowed),
        Cards::default(),
        "{viewer:?} is shown hidden cards; {ctx}"
    );
    assert_eq!(
        allowed.minus(shown),
        Cards::default(),
        "{viewer:?} is not shown cards it may see; {ctx}"
    );
}

/// Applies one event, then checks conservation and what the event tells each viewer once
/// redacted: only cards it may see just before or just after the event, and all of those.
/// `visible` holds each viewer's cards before the event and is updated. One viewer's whole view
/// is checked after every event (each in turn); `check_game` checks every view after an action.
fn observe(g: &mut Game, e: &Event, viewers: &[Viewer], visible: &mut [Cards], ctx: &Ctx) {
    g.apply(e);
    if matches!(e, Event::GameStarted { .. }) {
        // The deck is still in the box until the first shuffle.
        assert_eq!(g.all_cards(), [], "{ctx}");
    } else {
        assert_conserved(g, ctx.deck, ctx);
    }
    assert_eq!(&redact(e, Viewer::Everyone), e, "{ctx}");
    let named = Cards::of(&cards_named(e));
    let public = public_cards(g);
    let spot_check = ctx.events % viewers.len();
    for (i, (&viewer, before)) in viewers.iter().zip(visible.iter_mut()).enumerate() {
        let after = public.union(private_cards(g, viewer));
        if i == spot_check {
            check_view(g, viewer, after, &format_args!("after {e:?}; {ctx}"));
        }
        let visible = before.union(after);
        let r = redact(e, viewer);
        if let Event::DeckShuffled {
            order, salt, size, ..
        } = &r
        {
            assert!(
                order.is_none() && salt.is_none(),
                "{viewer:?} sees a shuffle; {ctx}"
            );
            assert_eq!(*size as usize, g.draw.len(), "{ctx}");
        } else {
            let kept = Cards::of(&cards_named(&r));
            assert_eq!(
                kept.minus(visible),
                Cards::default(),
                "{viewer:?} learns hidden cards from {r:?}; {ctx}"
            );
            // Redaction hides only what is hidden: a viewer can render every event it sees.
            assert_eq!(
                named.minus(kept).intersection(visible),
                Cards::default(),
                "{viewer:?} is not told cards it may see in {e:?}; {ctx}"
            );
        }
        *before = after;
    }
}

/// `legal_actions` and `decide` agree: every listed action is accepted, the other seats have
/// none, and unlisted actions (mutations of listed ones, arbitrary ones) are rejected.
fn check_agreement(g: &Game, seat: Seat, legal: &[Action], rng: &mut StdRng, ctx: &Ctx) {
    assert!(!legal.is_empty(), "no legal action for {seat:?}; {ctx}");
    for (i, a) in legal.iter().enumerate() {
        assert!(!legal[..i].contains(a), "{a:?} listed twice; {ctx}");
        if let Err(e) = decide(g, seat, a, rng) {
            panic!("listed {a:?} rejected: {e:?}; {ctx}");
        }
    }
    let some = *legal.choose(rng).expect("not empty");
    for other in g.seats().filter(|&s| s != seat) {
        assert_eq!(legal_actions(g, other), [], "{other:?} has actions; {ctx}");
        assert_eq!(
            decide(g, other, &some, rng),
            Err(RuleError::NotYourTurn),
            "{ctx}"
        );
    }
    let absent = Seat(g.players.len() as u8);
    assert_eq!(
        decide(g, absent, &some, rng),
        Err(RuleError::NoSuchSeat),
        "{ctx}"
    );
    for probe in 0..PROBES {
        let a = if probe == PROBES - 1 {
            arbitrary(g, rng)
        } else {
            mutate(*legal.choose(rng).expect("not empty"), g, rng)
        };
        if !legal.contains(&a)
            && let Ok(events) = decide(g, seat, &a, rng)
        {
            panic!("unlisted {a:?} accepted: {events:?}; listed {legal:?}; {ctx}");
        }
    }
}

/// A card id: mostly a card of this game, in any zone; sometimes any id, valid or not.
fn any_card(g: &Game, rng: &mut StdRng) -> CardId {
    if rng.random_ratio(1, 5) {
        CardId(rng.random_range(0..=100))
    } else {
        *g.all_cards().choose(rng).expect("cards")
    }
}

/// A Follower place: mostly an existing one, sometimes one just past an army's end or a seat
/// past the table.
fn any_target(g: &Game, rng: &mut StdRng) -> FollowerRef {
    let seat = Seat(rng.random_range(0..=g.players.len() as u8));
    let len = g.player(seat).map_or(1, |p| p.army.len() as u8);
    FollowerRef {
        seat,
        position: rng.random_range(0..=len),
    }
}

fn arbitrary(g: &Game, rng: &mut StdRng) -> Action {
    match rng.random_range(0..8) {
        0 => Action::Recruit {
            slot: rng.random_range(0..=6),
        },
        1 => Action::Muster {
            card: any_card(g, rng),
            face_up: rng.random(),
            use_power: rng.random(),
        },
        2 => Action::Pass,
        3 => Action::CopyPower {
            target: any_target(g, rng),
        },
        4 => Action::SwapSupporter {
            supporter: any_card(g, rng),
        },
        5 => Action::SwapFollower {
            target: any_target(g, rng),
        },
        6 => Action::DiscardFollower {
            target: any_target(g, rng),
        },
        _ => Action::ClaimSupporter {
            supporter: any_card(g, rng),
        },
    }
}

/// A listed action changed in one field, or turned into another action with the same payload.
fn mutate(a: Action, g: &Game, rng: &mut StdRng) -> Action {
    let other_kind = rng.random_ratio(1, 4);
    match a {
        Action::Recruit { .. } if other_kind => Action::Muster {
            card: any_card(g, rng),
            face_up: rng.random(),
            use_power: false,
        },
        Action::Recruit { .. } => Action::Recruit {
            slot: rng.random_range(0..=6),
        },
        Action::Muster { .. } if other_kind => Action::Recruit {
            slot: rng.random_range(0..5),
        },
        Action::Muster {
            card,
            face_up,
            use_power,
        } => match rng.random_range(0..4) {
            0 => Action::Muster {
                card,
                face_up: !face_up,
                use_power,
            },
            1 => Action::Muster {
                card,
                face_up,
                use_power: !use_power,
            },
            2 => Action::Muster {
                card,
                face_up: !face_up,
                use_power: !use_power,
            },
            _ => Action::Muster {
                card: any_card(g, rng),
                face_up,
                use_power,
            },
        },
        Action::Pass => arbitrary(g, rng),
        Action::CopyPower { target }
        | Action::SwapFollower { target }
        | Action::DiscardFollower { target } => {
            let target = if other_kind {
                target
            } else if rng.random() {
                any_target(g, rng)
            } else {
                FollowerRef {
                    position: target.position.wrapping_add(1),
                    ..target
                }
            };
            match rng.random_range(0..3) {
                0 => Action::CopyPower { target },
                1 => Action::SwapFollower { target },
                _ => Action::DiscardFollower { target },
            }
        }
        Action::SwapSupporter { supporter } | Action::ClaimSupporter { supporter } => {
            let supporter = if other_kind {
                supporter
            } else {
                any_card(g, rng)
            };
            if rng.random() {
                Action::SwapSupporter { supporter }
            } else {
                Action::ClaimSupporter { supporter }
            }
        }
    }
}

/// RULES §7–8 once the game is over: a winner, nothing awaited, everything public.
fn check_finished(g: &Game, events: &[Event], ctx: &Ctx) {
    assert!(
        matches!(events.last(), Some(Event::GameEnded { .. })),
        "{ctx}"
    );
    assert_eq!(g.awaiting(), None, "{ctx}");
    let scores = g.scores();
    let target = ctx.options.target_score;
    assert!(scores.iter().any(|&s| s >= target), "{ctx}");
    let winners = g.winners().expect("winners");
    assert!(!winners.is_empty(), "{ctx}");
    let best = scores.iter().copied().max().expect("players");
    assert!(winners.iter().all(|w| scores[w.index()] == best), "{ctx}");
    for seat in g.seats() {
        assert_eq!(Viewer::of(g, Some(seat)), Viewer::Everyone, "{ctx}");
        assert_eq!(legal_actions(g, seat), [], "{ctx}");
    }
    let everything = shown(g, &view(g, Viewer::Everyone), ctx);
    assert_eq!(everything, ctx.deck, "{ctx}");
}

fn check_config(players: u8, include_bruce: bool, power_rule: PowerRule) {
    let options = options(players, include_bruce, power_rule);
    let base = u64::from(players) * 100_000
        + u64::from(include_bruce) * 10_000
        + (power_rule as u64) * 1_000;
    for game in 0..GAMES {
        check_game(options, base + game);
    }
}

macro_rules! configurations {
    ($($name:ident: $players:literal, $bruce:literal, $rule:ident;)*) => {
        $(
            #[test]
            fn $name() {
                check_config($players, $bruce, PowerRule::$rule);
            }
        )*
    };
}

configurations! {
    two_players_lowest_strength: 2, false, LowestStrength;
    two_players_lowest_strength_with_bruce: 2, true, LowestStrength;
    two_players_lowest_in_clan: 2, false, LowestInClan;
    two_players_lowest_in_clan_with_bruce: 2, true, LowestInClan;
    three_players_lowest_strength: 3, false, LowestStrength;
    three_players_lowest_strength_with_bruce: 3, true, LowestStrength;
    three_players_lowest_in_clan: 3, false, LowestInClan;
    three_players_lowest_in_clan_with_bruce: 3, true, LowestInClan;
    four_players_lowest_strength: 4, false, LowestStrength;
    four_players_lowest_strength_with_bruce: 4, true, LowestStrength;
    four_players_lowest_in_clan: 4, false, LowestInClan;
    four_players_lowest_in_clan_with_bruce: 4, true, LowestInClan;
    five_players_lowest_strength: 5, false, LowestStrength;
    five_players_lowest_strength_with_bruce: 5, true, LowestStrength;
    five_players_lowest_in_clan: 5, false, LowestInClan;
    five_players_lowest_in_clan_with_bruce: 5, true, LowestInClan;
}
