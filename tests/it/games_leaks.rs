//! RULES §8 over HTTP: at every version of played games, no view (current or `?at=`), event list
//! or legal-action list shows its caller a card the caller may not see, judged against the
//! server-side truth; shuffles and hashes stay hidden until the end; an account without a seat
//! sees no hand. To a stranger a private game leaves no trace: every request about it is answered
//! byte for byte as for a game that does not exist, and nothing of its stream is read.

use crate::common;

use std::collections::BTreeSet;

use common::app::spawn_app;
use common::games::{
    Api, append_unreadable_event, card_ids, choose, ok, seat_table, visible_cards,
};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rules::{Game, Seat, Status};
use serde_json::{Value, json};

/// Someone looking at the game: a seat's player, or an account without a seat.
struct Caller {
    token: String,
    seat: Option<Seat>,
    /// `visible[n]`: the cards the caller may see at version `n`.
    visible: Vec<BTreeSet<u8>>,
    /// `known[n]`: the cards the caller may have seen by version `n` (an event may name a card
    /// its caller saw earlier and no longer sees, e.g. its own Follower taken face-down).
    known: Vec<BTreeSet<u8>>,
    /// The last event seq checked.
    events_seen: i64,
}

impl Caller {
    fn new(token: &str, seat: Option<Seat>) -> Caller {
        Caller {
            token: token.to_string(),
            seat,
            visible: vec![BTreeSet::new()],
            known: vec![BTreeSet::new()],
            events_seen: 0,
        }
    }

    fn name(&self) -> String {
        self.seat
            .map_or("the spectator".into(), |s| format!("seat {}", s.0))
    }

    /// Records what the caller may see once the truth reached its next version.
    fn observe(&mut self, truth: &Game) {
        let visible = visible_cards(truth, self.seat);
        let mut known = self.known.last().unwrap().clone();
        known.extend(&visible);
        self.visible.push(visible);
        self.known.push(known);
    }
}

fn assert_only(shown: BTreeSet<u8>, allowed: &BTreeSet<u8>, what: &str) {
    let leaked: Vec<u8> = shown.difference(allowed).copied().collect();
    assert!(leaked.is_empty(), "{what} shows hidden cards {leaked:?}");
}

/// Plays a seeded game one action at a time; before each action, every caller's current view,
/// views at every version reached since the last check (`?at=`), new events and legal actions are
/// checked against what the caller may see. Returns the number of versions checked.
async fn no_caller_ever_sees_a_hidden_card(options: Value, seed: u64) -> i64 {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", options).await;
    let mut callers: Vec<Caller> = table
        .tokens
        .iter()
        .enumerate()
        .map(|(i, t)| Caller::new(t, Some(Seat(i as u8))))
        .collect();
    callers.push(Caller::new(&table.spectator, None));

    let mut rng = StdRng::seed_from_u64(seed);
    let mut truth = Game::new();
    let mut checked = 0;
    loop {
        let loaded = app.state.store.load(table.game_id()).await.unwrap();
        if loaded.game.status() == Status::Finished {
            break;
        }
        let current = loaded.version();
        for e in &loaded.events[checked as usize..] {
            truth.apply(&e.event);
            callers.iter_mut().for_each(|c| c.observe(&truth));
        }
        assert_eq!(truth, loaded.game);

        for c in &mut callers {
            let who = c.name();
            let g = api.game(&table.id, &c.token).await;
            assert_eq!(g["version"], current);
            assert_eq!(g["your_seat"], json!(c.seat.map(|s| s.0)));
            let view = &g["view"];
            assert_eq!(view["viewer"], json!(c.seat.map(|s| s.0)));
            assert_only(
                card_ids(view),
                &c.visible[current as usize],
                &format!("the view of {who} at {current}"),
            );
            for (i, p) in view["players"].as_array().unwrap().iter().enumerate() {
                let truth_player = &truth.players()[i];
                if c.seat == Some(Seat(i as u8)) {
                    // What the caller may see is shown: its hand and its face-down Followers.
                    let hand: BTreeSet<u8> = truth_player.hand.iter().map(|card| card.0).collect();
                    assert_eq!(card_ids(&json!({"hand": p["hand"]})), hand, "{who}");
                    for (f, t) in p["army"].as_array().unwrap().iter().zip(&truth_player.army) {
                        assert_eq!(f["card"], t.card.0, "{who}");
                    }
                } else {
                    assert!(p["hand"].is_null(), "{who} sees the hand of seat {i}");
                    for f in p["army"].as_array().unwrap() {
                        assert_eq!(f["card"].is_null(), f["face_up"] == false, "{who}: {f}");
                    }
                }
            }
            assert!(view["draw_pile"].is_null());

            for n in checked + 1..=current {
                let at = api
                    .get_ok(&format!("/v1/games/{}?at={n}", table.id), &c.token)
                    .await;
                assert_eq!(at["version"], n);
                assert_only(
                    card_ids(&at["view"]),
                    &c.visible[n as usize],
                    &format!("the view of {who} at {n}"),
                );
            }

            let (events, complete) = api.events_after(&table.id, &c.token, c.events_seen).await;
            assert!(!complete);
            for e in &events {
                let seq = e["seq"].as_i64().unwrap();
                assert_eq!(seq, c.events_seen + 1);
                c.events_seen = seq;
                for field in ["hash", "prev_hash", "recorded_at"] {
                    assert!(e[field].is_null(), "{field} before the end: {e}");
                }
                let event = &e["event"];
                if event["type"] == "deck_shuffled" {
                    assert!(event["order"].is_null(), "{who}: {event}");
                    assert!(event["salt"].is_null(), "{who}: {event}");
                    assert!(event["commitment"].is_string());
                }
                assert_only(
                    card_ids(event),
                    &c.known[seq as usize],
                    &format!("event {seq} for {who}"),
                );
            }
            assert_eq!(c.events_seen, current);

            let legal = api.legal(&table.id, &c.token).await;
            assert_only(
                card_ids(&legal),
                &c.visible[current as usize],
                &format!("the legal actions of {who}"),
            );
        }
        checked = current;

        let seat = truth.awaiting().unwrap().seat;
        let token = table.seat(u64::from(seat.0));
        let legal = api.legal(&table.id, token).await;
        let action = choose(legal["actions"].as_array().unwrap(), &mut rng).clone();
        ok(api.act(&table.id, token, &action).await).await;
    }
    checked
}

#[tokio::test]
async fn no_caller_sees_a_hidden_card_at_any_version_of_a_two_player_game() {
    let options = json!({"players": 2, "target_score": 15});
    let versions = no_caller_ever_sees_a_hidden_card(options, 11).await;
    assert!(versions > 20);
}

#[tokio::test]
async fn no_caller_sees_a_hidden_card_at_any_version_of_a_three_player_game_with_bruce() {
    let options = json!({"players": 3, "include_bruce": true, "target_score": 10,
                         "power_rule": "lowest_in_clan"});
    let versions = no_caller_ever_sees_a_hidden_card(options, 12).await;
    assert!(versions > 20);
}

#[tokio::test]
async fn an_account_without_a_seat_sees_no_hand_no_hidden_card_and_no_seat() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 3})).await;
    let mut rng = StdRng::seed_from_u64(13);
    for _ in 0..12 {
        common::games::step(&api, &table, &mut rng).await;
    }

    // The spectator logs in a second time: a new token of the same account sees the same.
    let res = app.login("playerwatcher", "correct horse battery").await;
    let again: Value = res.json().await.unwrap();
    let again = again["access_token"].as_str().unwrap();
    for token in [table.spectator.as_str(), again] {
        let g = api.game(&table.id, token).await;
        assert!(g["your_seat"].is_null());
        let view = &g["view"];
        assert!(view["viewer"].is_null());
        // Hands are hidden but their sizes are shown (a player may have emptied theirs by
        // now: the deal is the server's own randomness, so at least one hand is not empty).
        let players = view["players"].as_array().unwrap();
        for p in players {
            assert!(p["hand"].is_null(), "{p}");
            assert!(p["hand_size"].is_u64(), "{p}");
        }
        assert!(players.iter().any(|p| p["hand_size"].as_u64() > Some(0)));
        for r in view["recruits"].as_array().unwrap() {
            assert_eq!(r["card"].is_null(), r["state"] != "face_up", "{r}");
        }
        assert!(view["draw_pile"].is_null());
        assert_eq!(api.legal(&table.id, token).await["actions"], json!([]));
        let (events, complete) = api.events(&table.id, token).await;
        assert!(!complete);
        for e in events.iter().filter(|e| e["event"]["type"] == "hand_dealt") {
            assert!(e["event"]["cards"].is_null(), "{e}");
        }
    }

    // A seat's own second login sees its own hand, and only its own.
    let res = app.login("player1", "correct horse battery").await;
    let second: Value = res.json().await.unwrap();
    let second = second["access_token"].as_str().unwrap();
    let first = api.game(&table.id, table.seat(1)).await;
    let g = api.game(&table.id, second).await;
    assert_eq!(g["your_seat"], 1);
    assert_eq!(g["view"], first["view"]);
    assert!(g["view"]["players"][1]["hand"].is_array());
    assert!(g["view"]["players"][0]["hand"].is_null());
    assert!(g["view"]["players"][2]["hand"].is_null());
}

// ---------------------------------------------------------------------------------------------
// A private game leaves no trace: a stranger's answer is an unknown game's, byte for byte

/// One request of a stranger's about a game: method, path after `/v1/games/{id}`, extra
/// headers, body.
type Probe = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
    Value,
);

/// Every path under `/v1/games/{id}` (but `/stream`) with every parameter a client can send,
/// each in range and out of it.
fn probes() -> Vec<Probe> {
    let pass = json!({"type": "pass"});
    let mut probes: Vec<Probe> = [
        "",
        "?at=0",
        "?at=1",
        "?at=3",
        "?at=999999",
        "?at=-1",
        "?at=x",
        "?after_version=0&wait=0",
        "?after_version=999999&wait=0",
        "?after_version=-1&wait=0",
        "?after_version=0&wait=61",
        "?at=1&after_version=0",
        "?wait=5",
        "?colour=red",
        "/events",
        "/events?after=0",
        "/events?after=2&limit=1",
        "/events?after=999999",
        "/events?after=-1",
        "/events?limit=0",
        "/events?limit=101",
        "/events?page=2",
        "/legal-actions",
    ]
    .into_iter()
    .map(|path| ("GET", path, &[][..], Value::Null))
    .collect();
    for (path, headers) in [
        ("", &[("if-none-match", "*")][..]),
        ("", &[("if-none-match", "\"3\"")][..]),
        ("?at=1", &[("if-none-match", "*")][..]),
        ("?at=1", &[("if-none-match", "\"3.1\"")][..]),
    ] {
        probes.push(("GET", path, headers, Value::Null));
    }
    for (headers, body) in [
        (&[][..], pass.clone()),
        (&[("if-match", "\"3\"")][..], pass.clone()),
        (&[("if-match", "\"999999\"")][..], pass.clone()),
        (&[("if-match", "*")][..], pass.clone()),
        (&[("if-match", "bogus")][..], pass.clone()),
        (&[("idempotency-key", "k-1")][..], pass.clone()),
        (&[][..], json!({"type": "recruit", "card": 3})),
        (&[][..], json!({"type": "fly"})),
        (&[][..], json!([])),
    ] {
        probes.push(("POST", "/actions", headers, body));
    }
    for (path, body) in [
        ("/resign", json!({})),
        ("/leave", json!({})),
        ("/join", json!({})),
        (
            "/join",
            json!({"code": "Zm9yIHRoZSBCcnVjZSwgZm9yIFNjb3RsYW5kLCBmb3IgZnJlZWRvbSE"}),
        ),
        ("/join", json!({"code": ""})),
        ("/bots", json!({"level": "greedy"})),
        ("/bots", json!({"level": "greedy", "seat": 0})),
        ("/bots", json!({"level": "greedy", "seat": 1})),
        ("/bots", json!({"level": "greedy", "seat": 4})),
        ("/bots", json!({"level": "genius"})),
        ("/invitations", json!({})),
        ("/invitations", json!({"uses": 5})),
        ("/invitations", json!({"uses": 0})),
        ("/invitations", json!({"username": "hidden0"})),
        ("/invitations", json!({"username": "hiddenwatcher"})),
        ("/invitations", json!({"username": "nobody_at_all"})),
        ("/rematch", json!({})),
    ] {
        probes.push(("POST", path, &[][..], body));
    }
    probes
}

/// What a client can tell of an answer: its status, its headers but the date and request id,
/// and its body; the game's id, the one thing that legitimately differs, written `{id}`. Of the
/// `RateLimit` header, the budget it names (what is left of it counts down with every request).
async fn answer(
    api: &Api,
    token: &str,
    game: &str,
    (method, rest, headers, body): &Probe,
) -> (u16, Vec<(String, String)>, String) {
    let url = api.url(&format!("/v1/games/{game}{rest}"));
    let mut req = match *method {
        "GET" => api.client.get(url),
        _ => api.client.post(url).json(body),
    }
    .bearer_auth(token);
    for (name, value) in *headers {
        req = req.header(*name, *value);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    let mut headers: Vec<(String, String)> = res
        .headers()
        .iter()
        .filter(|(name, _)| !matches!(name.as_str(), "date" | "x-request-id"))
        .map(|(name, value)| {
            let mut value = value.to_str().unwrap().replace(game, "{id}");
            if name.as_str() == "ratelimit" {
                value.truncate(value.find(';').unwrap_or(value.len()));
            }
            (name.to_string(), value)
        })
        .collect();
    headers.sort();
    (
        status,
        headers,
        res.text().await.unwrap().replace(game, "{id}"),
    )
}

/// Every probe of the stranger's gets the same answer for `hidden` as for a game that does
/// not exist.
async fn assert_answered_as_unknown(api: &Api, stranger: &str, hidden: &str) {
    let unknown = uuid::Uuid::now_v7().to_string();
    for probe in probes() {
        let theirs = answer(api, stranger, hidden, &probe).await;
        let none = answer(api, stranger, &unknown, &probe).await;
        assert_eq!(
            theirs, none,
            "{} {} {} {:?}",
            probe.0, probe.1, probe.3, probe.2
        );
    }
}

#[tokio::test]
async fn a_strangers_every_request_about_a_private_game_is_answered_as_for_no_game_at_all() {
    // Joins answered 404 count as failed guesses: enough of them for every probe.
    let app = common::app::spawn_app_with(|c| c.login_max_failures = 10_000).await;
    let api = Api::of(&app);
    let owner = app.signed_up("hidden0").await;
    let guest = app.signed_up("hidden1").await;
    let stranger = app.signed_up("hiddenwatcher").await;
    let res = api
        .post(
            "/v1/games",
            &owner,
            &json!({"players": 2, "visibility": "private"}),
        )
        .await;
    assert_eq!(res.status(), 201);
    let hidden = res.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let path = format!("/v1/games/{hidden}/invitations");
    let res = api
        .post(&path, &owner, &json!({"username": "hidden1"}))
        .await;
    assert_eq!(res.status(), 201);
    ok(api.join(&hidden, &guest).await).await;
    let table = common::games::Table {
        id: hidden.clone(),
        tokens: vec![owner.clone(), guest.clone()],
        spectator: stranger.clone(),
    };
    let mut rng = StdRng::seed_from_u64(17);
    for _ in 0..4 {
        common::games::step(&api, &table, &mut rng).await;
    }
    assert!(api.version(&hidden, &owner).await > 3);

    assert_answered_as_unknown(&api, &stranger, &hidden).await;

    // The stream now ends in an event this server cannot read: whatever parses or replays the
    // game fails (the players get 500), so a stranger's 404 proves nothing of it was read.
    append_unreadable_event(&app, &table).await;
    for rest in ["", "?at=1", "/legal-actions"] {
        let res = api.get(&format!("/v1/games/{hidden}{rest}"), &owner).await;
        assert_eq!(res.status(), 500, "{rest}");
    }
    assert_answered_as_unknown(&api, &stranger, &hidden).await;
}
