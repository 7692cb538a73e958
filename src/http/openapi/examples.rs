//! The document's examples: real engine output from a seeded game, and one request per action.

use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Map, Value, json};

use crate::play::http::cards;
use rules::{
    self, Action, FollowerRef, Game, OptionsRequest, Seat, Viewer, decide, legal_actions, start,
};

/// One request example per action type, as `legal-actions` lists them.
pub(crate) fn action_examples() -> Value {
    let target = FollowerRef {
        seat: Seat(1),
        position: 0,
    };
    let examples = [
        ("Recruit the card of slot 0", Action::Recruit { slot: 0 }),
        (
            "Muster card 17 (a Forsyth) face-up and draw with its power",
            Action::Muster {
                card: rules::CardId(17),
                face_up: true,
                use_power: true,
            },
        ),
        ("Pass (empty hand, no recruit left)", Action::Pass),
        (
            "Scott: copy the power of seat 1's first Follower",
            Action::CopyPower { target },
        ),
        (
            "Cockburn: take Supporter 44 into your army",
            Action::SwapSupporter {
                supporter: rules::CardId(44),
            },
        ),
        (
            "Fergusson: take seat 1's first Follower",
            Action::SwapFollower { target },
        ),
        (
            "Wemyss: discard seat 1's first Follower",
            Action::DiscardFollower { target },
        ),
        (
            "Claim Supporter 44 at the end of the skirmish",
            Action::ClaimSupporter {
                supporter: rules::CardId(44),
            },
        ),
    ];
    let mut map = Map::new();
    for (summary, action) in examples {
        map.insert(
            action.name().into(),
            json!({ "summary": summary, "value": action }),
        );
    }
    Value::Object(map)
}

const EXAMPLE_GAME: &str = "0195f3c2-6f1e-7a4b-9c1d-2f8e5a7b3c10";
const EXAMPLE_ACCOUNT: &str = "0195f3b8-1a2b-7c3d-8e4f-5a6b7c8d9e0f";
const EXAMPLE_REMATCH: &str = "0195f3d4-2b3c-7d4e-8f5a-6b7c8d9e0f1a";
const EXAMPLE_INVITATION: &str = "0195f3c9-3c4d-7e5f-8a6b-7c8d9e0f1a2b";
const EXAMPLE_WEBHOOK: &str = "0195f3e1-4d5e-7f6a-8b7c-8d9e0f1a2b3c";
const EXAMPLE_CREATED: &str = "2026-03-14T18:02:11.482Z";
const EXAMPLE_UPDATED: &str = "2026-03-14T18:09:47.120Z";
const EXAMPLE_DEADLINE: &str = "2026-03-17T18:09:47.120Z";

/// A receipt of `version` (its commitment and signature are illustrative).
fn example_receipt(version: usize) -> Value {
    json!({
        "version": version,
        "commitment": "9c1185a5c5e9fc54612808977ee8f548b2258d31d4b2f3b9a2c9bd1f53a4b7d0",
        "signature": "mlVRtfnpvDGV9J2mkdK4ClZNMPx7WfrIfwztI9SOySaRvHLt0PBcWdhiTj1na96kuMdjJCJn7HW5wsQwWUHUrA==",
    })
}

const EXAMPLE_SEEK: &str = "0195f3f2-5e6f-7a7b-8c8d-9e0f1a2b3c4d";
const EXAMPLE_CHALLENGE: &str = "0195f3f7-6f7a-7b8c-9d0e-1f2a3b4c5d6e";
const EXAMPLE_EXPIRES: &str = "2026-03-21T18:02:11.482Z";

/// A seek, open (quick play's options when `quick`).
fn example_seek(quick: bool) -> Value {
    json!({
        "id": EXAMPLE_SEEK, "username": "robert_bruce", "bot_account": false,
        "rating": 1562, "provisional": false, "players": 2, "rated": true, "bots": false,
        "include_bruce": false, "power_rule": "lowest_strength", "target_score": 40,
        "turn_time_limit_s": 259200, "max_timeouts": 3,
        "rating_min": if quick { Value::Null } else { json!(1400) },
        "rating_max": if quick { Value::Null } else { json!(1700) },
        "created_at": EXAMPLE_CREATED, "expires_at": EXAMPLE_EXPIRES, "age_s": 0,
        "game_id": null,
    })
}

/// A challenge of robert_bruce to moray, in `state`.
fn example_challenge(state: &str) -> Value {
    let (answer, reason, game) = match state {
        "accepted" => ("accepted", Value::Null, json!(EXAMPLE_GAME)),
        "declined" => ("declined", json!("too_fast"), Value::Null),
        _ => ("pending", Value::Null, Value::Null),
    };
    json!({
        "id": EXAMPLE_CHALLENGE, "challenger": "robert_bruce", "challenger_bot_account": false,
        "to": [{ "username": "moray", "bot_account": false, "answer": answer, "reason": reason }],
        "players": 2, "rated": true, "include_bruce": false, "power_rule": "lowest_strength",
        "target_score": 40, "turn_time_limit_s": 86400, "max_timeouts": 3, "state": state,
        "game_id": game, "created_at": EXAMPLE_CREATED, "expires_at": EXAMPLE_EXPIRES,
    })
}

const EXAMPLE_TOURNAMENT: &str = "0195f3fa-7a8b-7c9d-8e0f-1a2b3c4d5e6f";
const EXAMPLE_TOURNAMENT_GAME: &str = "0195f3fc-8b9c-7d0e-9f1a-2b3c4d5e6f7a";

/// A Swiss tournament of three at tables of 2 (in `status`), robert_bruce's view of it: round 1
/// played (moray won its table, alba had the bye) once running.
fn example_tournament(status: &str) -> Value {
    let running = status != "open";
    let standing =
        |rank: u32, username: &str, points: f64, buchholz: f64, score: u32, byes: u32| {
            json!({ "rank": rank, "username": username, "bot_account": false, "points": points,
                "buchholz": buchholz, "game_score": score, "byes": byes, "withdrawn": false,
                "registered_at": EXAMPLE_CREATED })
        };
    json!({
        "id": EXAMPLE_TOURNAMENT, "name": "Winter Swiss", "format": "swiss", "table_size": 2,
        "rounds": 3, "turn_time_limit_s": 259200, "target_score": 40, "rated": true,
        "bots_allowed": false, "min_players": 2, "max_players": 16, "starts_at": null,
        "status": status, "round": if running { 1 } else { 0 }, "created_by": "robert_bruce",
        "created_at": EXAMPLE_CREATED,
        "started_at": if running { json!(EXAMPLE_UPDATED) } else { Value::Null },
        "ended_at": null,
        "players": if running {
            json!([standing(1, "moray", 1.0, 0.0, 41, 0), standing(2, "alba", 1.0, 0.0, 0, 1),
                   standing(3, "robert_bruce", 0.0, 1.0, 33, 0)])
        } else {
            json!([standing(1, "robert_bruce", 0.0, 0.0, 0, 0), standing(2, "moray", 0.0, 0.0, 0, 0),
                   standing(3, "alba", 0.0, 0.0, 0, 0)])
        },
        "pairings": if running {
            json!([{ "round": 1, "byes": ["alba"], "tables": [{
                "table": 1, "game_id": EXAMPLE_TOURNAMENT_GAME, "status": "finished",
                "players": [
                    { "username": "moray", "seat": 0, "place": 1, "points": 1.0, "score": 41 },
                    { "username": "robert_bruce", "seat": 1, "place": 2, "points": 0.0, "score": 33 },
                ],
            }] }])
        } else {
            json!([])
        },
        "me": { "joined": true, "withdrawn": false, "creator": true, "game_id": null },
    })
}

/// A two-player game from a fixed seed, a few actions in: the source of the examples of views,
/// legal actions and events, so that they are real engine output.
struct ExampleGame {
    events: Vec<rules::Event>,
    game: Game,
}

impl ExampleGame {
    fn new() -> Self {
        let mut rng = StdRng::seed_from_u64(1314);
        let options = OptionsRequest::new(2)
            .validate()
            .expect("two players are valid options");
        let mut events = start(&options, &mut rng).expect("a two-player game starts");
        let mut game = Game::replay(&events);
        for _ in 0..3 {
            let Some(awaiting) = game.awaiting() else {
                break;
            };
            let Some(action) = legal_actions(&game, awaiting.seat)
                .into_iter()
                .find(|a| matches!(a, Action::Muster { .. }))
            else {
                break;
            };
            let Ok(more) = decide(&game, awaiting.seat, &action, &mut rng) else {
                break;
            };
            for e in &more {
                game.apply(e);
            }
            events.extend(more);
        }
        Self { events, game }
    }

    fn version(&self) -> usize {
        self.events.len()
    }

    fn summary(&self, status: &str) -> Value {
        let mut seats = vec![
            json!({ "seat": 0, "username": "robert_bruce", "bot": null, "bot_account": false }),
        ];
        if status != "open" {
            seats.push(json!({ "seat": 1, "username": "james_douglas", "bot": null, "bot_account": false }));
        }
        let (version, awaiting, updated) = match status {
            "open" => (json!(0), Value::Null, EXAMPLE_CREATED),
            _ => (
                json!(self.version()),
                json!(
                    self.game
                        .awaiting()
                        .map(|a| { json!({ "seat": a.seat, "deadline": EXAMPLE_DEADLINE }) })
                ),
                EXAMPLE_UPDATED,
            ),
        };
        json!({
            "id": EXAMPLE_GAME,
            "status": status,
            "options": { "players": 2, "include_bruce": false,
                "power_rule": "lowest_strength", "target_score": 40,
                "turn_time_limit_s": 259_200, "max_timeouts": 3 },
            "seats": seats,
            "version": version,
            "awaiting": awaiting,
            "winners": null,
            "result": null,
            "rated": true,
            "visibility": "public",
            "rematch": null,
            "rematch_of": null,
            "created_at": EXAMPLE_CREATED,
            "updated_at": updated,
            "deadline": if status == "active" { json!(EXAMPLE_DEADLINE) } else { Value::Null },
        })
    }

    fn view(&self, seat: u8) -> Value {
        let mut view = json!(rules::view(&self.game, Viewer::Seat(Seat(seat))));
        if let Some(awaiting) = view.get_mut("awaiting").and_then(Value::as_object_mut) {
            awaiting.insert("deadline".into(), json!(EXAMPLE_DEADLINE));
        }
        view
    }
}

/// The success example of an operation (`"<method> <path>"`), when it has a JSON body.
pub(crate) fn success_example(operation: &str) -> Option<Value> {
    let account = json!({ "id": EXAMPLE_ACCOUNT, "username": "robert_bruce",
        "created_at": EXAMPLE_CREATED });
    Some(match operation {
        "get /healthz" => json!({ "status": "ok" }),
        "get /readyz" => json!({ "status": "ready" }),
        "get /v1/cards" => {
            let mut cards = json!(cards::cards_response());
            if let Some(list) = cards["cards"].as_array_mut() {
                list.truncate(3);
            }
            cards
        }
        "post /v1/accounts" => account,
        "get /v1/me" | "post /v1/me/email/verify" => {
            let mut me = account;
            me["hints"] = json!({ "off": false, "dismissed": ["turn"], "games": [EXAMPLE_GAME] });
            me["email"] = json!("robert@example.org");
            me["email_verified"] = json!(true);
            me["language"] = json!("en");
            me["vacation"] = json!({ "days_left": 20, "until": null });
            me["bot"] = json!(false);
            me
        }
        "put /v1/me/email" => json!({
            "email": "robert@example.org", "email_verified": false, "verification_sent": true,
        }),
        "get /v1/me/notification-settings" | "put /v1/me/notification-settings" => json!({
            "kinds": {
                "your_turn": { "email": "immediately", "push": true },
                "reminder": { "email": "immediately", "push": true },
                "invited": { "email": "digest", "push": true },
                "game_over": { "email": "off", "push": false },
                "chat": { "email": "off", "push": false },
            },
            "digest_hour": 8, "time_zone": "Europe/London", "email_failing_since": null,
        }),
        "put /v1/me/hints" => {
            json!({ "off": false, "dismissed": ["turn", "skirmish"], "games": [EXAMPLE_GAME] })
        }
        "post /v1/me/vacation" => json!({
            "days_left": 13, "until": "2026-03-22T09:15:00Z", "started_at": "2026-03-15T09:15:00Z",
        }),
        "delete /v1/me/vacation" => json!({ "days_left": 17, "returned_days": 4 }),
        "post /v1/auth/token" => json!({
            "access_token": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMTk1ZjNiOC0xYTJiLTdjM2QtOGU0Zi01YTZiN2M4ZDllMGYiLCJleHAiOjE3NzM1MTU3MzF9.c2lnbmF0dXJl",
            "token_type": "Bearer",
            "expires_in": 900,
        }),
        "post /v1/games" | "post /v1/games/{id}/leave" => ExampleGame::new().summary("open"),
        "post /v1/games/{id}/join" => ExampleGame::new().summary("active"),
        "post /v1/games/{id}/rematch" => {
            let mut rematch = ExampleGame::new().summary("open");
            rematch["id"] = json!(EXAMPLE_REMATCH);
            rematch["seats"] = json!([{ "seat": 1, "username": "robert_bruce", "bot": null, "bot_account": false }]);
            rematch["rematch_of"] = json!({ "game_id": EXAMPLE_GAME });
            rematch
        }
        "post /v1/games/{id}/invitations" => json!({
            "id": EXAMPLE_INVITATION, "game_id": EXAMPLE_GAME,
            "code": "Zm9yIHRoZSBCcnVjZSwgZm9yIFNjb3RsYW5kLCBmb3IgZnJlZWRvbSE",
            "username": null, "uses": 1, "expires_at": EXAMPLE_UPDATED,
        }),
        "get /v1/me/invitations" => json!({ "invitations": [{
            "id": EXAMPLE_INVITATION, "game": ExampleGame::new().summary("open"),
            "inviter": "robert_bruce", "seat": null, "expires_at": EXAMPLE_UPDATED,
        }] }),
        "get /v1/games" => json!({
            "games": [ExampleGame::new().summary("active")],
            "next_cursor": "MjAyNi0wMy0xNFQxODowOTo0Ny4xMjBafDAxOTVmM2MyLTZmMWUtN2E0Yi05YzFkLTJmOGU1YTdiM2MxMA",
        }),
        "get /v1/games/{id}" => {
            let g = ExampleGame::new();
            json!({ "game": g.summary("active"), "your_seat": 0,
                "version": g.version(), "view": g.view(0), "receipt": example_receipt(g.version()) })
        }
        "get /v1/games/{id}/legal-actions" => {
            let g = ExampleGame::new();
            let actions = g
                .game
                .awaiting()
                .map(|a| legal_actions(&g.game, a.seat))
                .unwrap_or_default();
            json!({ "version": g.version(), "actions": actions })
        }
        "post /v1/games/{id}/bots" => {
            let mut game = ExampleGame::new().summary("open");
            game["seats"] = json!([{ "seat": 0, "username": "robert_bruce", "bot": null, "bot_account": false },
                { "seat": 1, "username": "mcts bot", "bot": "mcts", "bot_account": false }]);
            game
        }
        "post /v1/games/{id}/actions" | "post /v1/games/{id}/resign" => {
            let g = ExampleGame::new();
            let seat = g.game.awaiting().map_or(0, |a| a.seat.0);
            json!({ "version": g.version(), "view": g.view(seat),
                "receipt": example_receipt(g.version()) })
        }
        "get /v1/games/{id}/events" => {
            let g = ExampleGame::new();
            let events: Vec<Value> = g
                .events
                .iter()
                .take(6)
                .enumerate()
                .map(|(i, e)| {
                    let event = json!(rules::redact(e, Viewer::Seat(Seat(0))));
                    json!({ "seq": i + 1, "seat": event.get("seat").cloned().unwrap_or(Value::Null),
                        "event": event, "recorded_at": null, "hash": null, "prev_hash": null })
                })
                .collect();
            json!({ "events": events, "complete": false, "next_after": 6 })
        }
        "post /v1/me/webhooks" | "get /v1/me/webhooks" => {
            let webhook = json!({
                "id": EXAMPLE_WEBHOOK, "url": "https://hooks.example.org/lords",
                "kinds": ["your_turn", "game_ended"], "created_at": EXAMPLE_CREATED,
                "failing_since": null, "disabled_at": null,
            });
            if operation.starts_with("post") {
                let mut created = webhook;
                created["secret"] = json!("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYo=");
                created
            } else {
                json!({ "webhooks": [webhook] })
            }
        }
        "get /v1/push/vapid-public-key" => json!({
            "public_key": "BNbxGYNMhEIi9zrneh7mqV4oUanjLUK3m-mYZBc62frMKrEoMk88r3Lk596T0ck9xlT-aOXbUI0xjNjlxeD8Ry0",
        }),
        "post /v1/me/push-subscriptions" => json!({
            "id": EXAMPLE_WEBHOOK,
            "endpoint": "https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O",
            "kinds": ["your_turn", "game_ended", "invited"], "created_at": EXAMPLE_CREATED,
        }),
        "get /v1/me/webhooks/{id}/deliveries" | "get /v1/me/push-subscriptions/{id}/deliveries" => {
            json!({ "deliveries": [{
                "message_id": format!("msg_{}_7", EXAMPLE_ACCOUNT.replace('-', "")),
                "kind": "your_turn", "state": "delivered", "created_at": EXAMPLE_UPDATED,
                "next_attempt_at": null, "finished_at": EXAMPLE_UPDATED,
                "attempts": [
                    { "attempt": 1, "attempted_at": EXAMPLE_UPDATED, "duration_ms": 15003,
                      "result": "timeout", "status_code": null },
                    { "attempt": 2, "attempted_at": EXAMPLE_UPDATED, "duration_ms": 84,
                      "result": "http_status", "status_code": 200 },
                ],
            }] })
        }
        "post /v1/games/{id}/chat" => json!({
            "id": 42, "seat": 1, "username": "moray", "text": "Well played, Bruce.",
            "sent_at": EXAMPLE_UPDATED,
        }),
        "get /v1/games/{id}/chat" => json!({
            "lines": [
                { "id": 41, "seat": 0, "username": "robert_bruce", "text": "Good luck, all.",
                  "sent_at": EXAMPLE_CREATED },
                { "id": 42, "seat": 1, "username": "moray", "text": "Well played, Bruce.",
                  "sent_at": EXAMPLE_UPDATED },
            ],
            "next_after": 42,
        }),
        "get /v1/games/{id}/notes" | "put /v1/games/{id}/notes" => json!({
            "text": "Moray kept two Highlanders.\nBruce next turn?",
            "updated_at": EXAMPLE_UPDATED,
        }),
        "post /v1/seeks" | "post /v1/seeks/quick" => example_seek(operation.ends_with("quick")),
        "get /v1/seeks" => json!({ "seeks": [example_seek(false)], "next_cursor": null }),
        "get /v1/me/seeks" => json!({ "seeks": [example_seek(false)] }),
        "post /v1/challenges" | "get /v1/challenges/{id}" => example_challenge("open"),
        "post /v1/challenges/{id}/accept" => example_challenge("accepted"),
        "post /v1/challenges/{id}/decline" => example_challenge("declined"),
        "get /v1/me/challenges" => json!({
            "incoming": [example_challenge("open")], "outgoing": [],
        }),
        "post /v1/tournaments" | "post /v1/tournaments/{id}/join" => example_tournament("open"),
        "post /v1/tournaments/{id}/cancel" => example_tournament("cancelled"),
        "get /v1/tournaments/{id}"
        | "post /v1/tournaments/{id}/start"
        | "post /v1/tournaments/{id}/withdraw" => example_tournament("running"),
        "get /v1/tournaments" => json!({
            "tournaments": [{
                "id": EXAMPLE_TOURNAMENT, "name": "Winter Swiss", "format": "swiss",
                "table_size": 2, "rounds": 3, "round": 1, "status": "running", "players": 3,
                "max_players": 16, "rated": true, "bots_allowed": false,
                "turn_time_limit_s": 259200, "starts_at": null, "created_by": "robert_bruce",
                "created_at": EXAMPLE_CREATED,
            }],
            "next_cursor": null,
        }),
        "get /v1/tournaments/{id}/standings.csv" => json!(
            "rank,username,points,buchholz,game_score,byes,withdrawn\n1,moray,1,0,41,0,false\n\
             2,alba,1,0,0,1,false\n3,robert_bruce,0,1,33,0,false\n"
        ),
        "get /v1/me/muted" => json!({
            "muted": [{ "username": "moray", "muted_at": EXAMPLE_UPDATED }],
        }),
        "get /v1/players/{username}" => json!({
            "username": "robert_bruce", "joined_at": EXAMPLE_CREATED, "bot": false,
            "games_played": 31, "games_won": 12,
            "rating": { "mu": 27.4, "sigma": 5.1, "rating": 1226, "provisional": false, "games": 12 },
        }),
        "get /v1/players/{username}/games" => json!({
            "games": [{
                "id": EXAMPLE_GAME, "finished_at": EXAMPLE_UPDATED, "visibility": "public",
                "rated": true, "unrated_reason": null,
                "options": ExampleGame::new().summary("finished")["options"],
                "winners": [0], "ranking": [0, 1], "places": [1, 2],
                "seats": [
                    { "seat": 0, "username": "robert_bruce", "bot": false, "score": 41,
                      "place": 1, "rating_before": 1002, "rating_after": 1069,
                      "rating_change": 67 },
                    { "seat": 1, "username": "greedy", "bot": true, "score": 33, "place": 2,
                      "rating_before": 1130, "rating_after": 1101, "rating_change": -29 },
                ],
            }],
            "next_cursor": "313737333531313738373132303030303a3031393566336332366631653761346239633164326638653561376233633130",
        }),
        "get /v1/players/{username}/rating-history" => json!({ "entries": [
            { "game_id": EXAMPLE_REMATCH, "finished_at": EXAMPLE_CREATED,
              "finished_on": "2026-03-14", "mu": 26.3, "sigma": 7.9, "rating": 1002 },
            { "game_id": EXAMPLE_GAME, "finished_at": EXAMPLE_UPDATED,
              "finished_on": "2026-03-14", "mu": 27.9, "sigma": 7.6, "rating": 1069 },
            { "game_id": null, "finished_at": null, "finished_on": "2026-03-15", "mu": 28.6,
              "sigma": 7.3, "rating": 1115 },
        ] }),
        "get /v1/leaderboard" => json!({
            "players": [
                { "rank": 1, "username": "mcts", "bot": true,
                  "rating": { "mu": 31.2, "sigma": 2.4, "rating": 1940, "provisional": false, "games": 88 } },
                { "rank": 2, "username": "robert_bruce", "bot": false,
                  "rating": { "mu": 27.4, "sigma": 5.1, "rating": 1226, "provisional": false, "games": 12 } },
            ],
            "next_cursor": "313232363a3031393566336238316132623763336438653466356136623763386439653066",
        }),
        "get /v1/games/{id}/record" => {
            // The first events of the example game, chained as stored; the rest is elided.
            let g = ExampleGame::new();
            let mut prev = crate::eventstore::chain::GENESIS;
            let events: Vec<Value> = g
                .events
                .iter()
                .take(3)
                .enumerate()
                .map(|(i, e)| {
                    let payload = serde_json::to_string(e).unwrap_or_default();
                    let hash = crate::eventstore::chain::chain_hash(&prev, payload.as_bytes());
                    let event = json!({ "seq": i + 1, "event": e, "hash": hex::encode(hash),
                        "prev_hash": hex::encode(prev), "recorded_at": EXAMPLE_UPDATED });
                    prev = hash;
                    event
                })
                .collect();
            json!({
                "format": crate::play::record::RECORD_FORMAT,
                "game_id": EXAMPLE_GAME,
                "options": { "players": 2, "include_bruce": false,
                    "power_rule": "lowest_strength", "target_score": 40,
                    "turn_time_limit_s": 259_200, "max_timeouts": 3 },
                "seats": [{ "seat": 0, "username": "robert_bruce", "bot": null },
                    { "seat": 1, "username": "james_douglas", "bot": null }],
                "events": events,
                "salt": "6c6f7264732d6f662d73636f746c616e642d73616c742d6578616d706c652121",
                "head": { "version": 3, "hash": hex::encode(prev) },
                "transparency": {
                    "leaf_index": 41,
                    "sth": {
                        "tree_size": 42,
                        "timestamp": 1_764_172_800_000_u64,
                        "root_hash": "2jmj7l5rSw0yVb/vlWAYkK/YBwnwB1HkmQZHmPbRTpE=",
                        "signature": "mlVRtfnpvDGV9J2mkdK4ClZNMPx7WfrIfwztI9SOySaRvHLt0PBcWdhiTj1na96kuMdjJCJn7HW5wsQwWUHUrA==",
                    },
                    "inclusion_path": ["3q2+7w8Ql0t3G6xk1oXy5nV1bWc2aTJ1a3FzZ2l6ZTQ="],
                },
            })
        }
        "get /v1/transparency/key" => json!({
            "algorithm": "Ed25519",
            "public_key": "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=",
        }),
        "get /v1/transparency/sth" => json!({
            "tree_size": 42,
            "timestamp": 1_764_172_800_000_u64,
            "root_hash": "2jmj7l5rSw0yVb/vlWAYkK/YBwnwB1HkmQZHmPbRTpE=",
            "signature": "mlVRtfnpvDGV9J2mkdK4ClZNMPx7WfrIfwztI9SOySaRvHLt0PBcWdhiTj1na96kuMdjJCJn7HW5wsQwWUHUrA==",
        }),
        "get /v1/transparency/entries" => json!({ "entries": [{
            "index": 0, "game_id": EXAMPLE_GAME, "version": 187,
            "head_hash": "9f2c1d0e5b4a39281706f5e4d3c2b1a0998877665544332211000fedcba98765",
            "leaf_input": "bG9yZHMtZ2FtZS12MQABlfO4GisXw9jk9aa3yNnvAAAAAAAAALufLB0OW0o5KBcG9eTTwrGgmYh3ZlVEMyIRAA/ty6mHZQ==",
        }]}),
        "get /v1/transparency/proof/inclusion" => json!({
            "leaf_index": 0, "tree_size": 42,
            "inclusion_path": ["3q2+7w8Ql0t3G6xk1oXy5nV1bWc2aTJ1a3FzZ2l6ZTQ="],
        }),
        "get /v1/transparency/proof/consistency" => json!({
            "consistency_path": ["3q2+7w8Ql0t3G6xk1oXy5nV1bWc2aTJ1a3FzZ2l6ZTQ="],
        }),
        "get /.well-known/oauth-authorization-server" => json!({
            "issuer": "https://lords.example.org",
            "authorization_endpoint": "https://lords.example.org/oauth/authorize",
            "token_endpoint": "https://lords.example.org/oauth/token",
            "revocation_endpoint": "https://lords.example.org/oauth/revoke",
            "response_types_supported": ["code"],
            "grant_types_supported": ["authorization_code", "refresh_token"],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": ["none"],
            "revocation_endpoint_auth_methods_supported": ["none"],
            "scopes_supported": ["account:read", "game:read", "game:play", "lobby:write",
                "notifications:write"],
            "service_documentation": "https://lords.example.org/docs/",
        }),
        "get /v1/oauth/consent" => json!({
            "client_id": "Kilt Bot", "redirect_uri": "https://app.example/callback",
            "redirect_origin": "https://app.example",
            "scopes": [
                { "scope": "game:read", "description": crate::api::scope::Scope::GameRead.describe() },
                { "scope": "game:play", "description": crate::api::scope::Scope::GamePlay.describe() },
            ],
            "redirect_error": null,
        }),
        "post /v1/oauth/authorizations" => json!({
            "redirect_to": "https://app.example/callback?code=SplxlOBeZQQYbYS6WxSbIA9Xq3Fz0rNqbBJm5bYt3cM&state=af0ifjsldkj",
        }),
        "post /oauth/token" => json!({
            "access_token": "lords_oat_q2Pd0tVqJ8hZl3m9Yw4rKc7sXn1bFg6aEo5uTi8yRzM",
            "token_type": "Bearer", "expires_in": 3600,
            "refresh_token": "kV3n1b0d2Yk9yM1fJt0p8QxW5cZ7aL4eR6uH2sG9mNo",
            "scope": "game:read game:play",
        }),
        "get /v1/me/authorizations" => json!({ "authorizations": [{
            "id": EXAMPLE_WEBHOOK, "client_id": "Kilt Bot", "redirect_origin": "https://app.example",
            "scopes": ["game:read", "game:play"], "created_at": EXAMPLE_CREATED,
            "last_used_at": EXAMPLE_UPDATED,
        }] }),
        "post /v1/me/tokens/rotate" => json!({
            "id": EXAMPLE_WEBHOOK, "name": "bot",
            "scopes": ["account:read", "game:read", "game:play", "lobby:write",
                "notifications:write", "bot:play"],
            "created_at": EXAMPLE_UPDATED, "expires_at": null,
            "token": "lords_pat_9Zb4xQe1Rk7wPm2Ls5Nt8Vy0Ca3Df6Gh9Jk2Mn5Pq8St",
        }),
        "post /v1/me/tokens" | "get /v1/me/tokens" | "post /v1/me/bot" => {
            let token = json!({
                "id": EXAMPLE_WEBHOOK, "name": "my scripts", "scopes": ["game:read", "game:play"],
                "created_at": EXAMPLE_CREATED, "expires_at": EXAMPLE_DEADLINE,
            });
            match operation {
                "post /v1/me/tokens" => {
                    let mut created = token;
                    created["token"] =
                        json!("lords_pat_3q2-7wXyV0b1Kc9mNpR4sT6uW8yA0cE2gI4kM6oQ8sU");
                    created
                }
                "get /v1/me/tokens" => {
                    let mut listed = token;
                    listed["last_used_at"] = json!(EXAMPLE_UPDATED);
                    json!({ "tokens": [listed] })
                }
                _ => {
                    let mut me = account;
                    me["hints"] = json!({ "off": false, "dismissed": [], "games": [] });
                    me["email"] = json!(null);
                    me["email_verified"] = json!(false);
                    me["language"] = json!("en");
                    me["vacation"] = json!({ "days_left": 20, "until": null });
                    me["bot"] = json!(true);
                    json!({ "account": me, "token": {
                        "id": EXAMPLE_WEBHOOK, "name": "bot",
                        "scopes": ["account:read", "game:read", "game:play", "lobby:write",
                            "notifications:write", "bot:play"],
                        "token": "lords_pat_3q2-7wXyV0b1Kc9mNpR4sT6uW8yA0cE2gI4kM6oQ8sU",
                        "created_at": EXAMPLE_CREATED, "expires_at": null,
                    } })
                }
            }
        }
        _ => return None,
    })
}
