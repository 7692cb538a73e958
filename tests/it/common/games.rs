//! Game helpers for the black-box API tests: tables of signed-up players around one game,
//! shortcuts for the game resources, seeded players that act only on what the API shows them,
//! and the server-side truth of which cards a caller may see (RULES §8).

use std::collections::BTreeSet;
use std::time::Duration;

use lords::eventstore::GameId;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use reqwest::Response;
use rules::{Game, Seat};
use serde_json::{Value, json};

use super::app::TestApp;

/// A client for one server (the in-process app or a child process), cheap to clone into tasks.
#[derive(Clone)]
pub struct Api {
    pub client: reqwest::Client,
    pub base: String,
}

impl Api {
    pub fn of(app: &TestApp) -> Api {
        Api {
            client: app.client.clone(),
            base: app.address.clone(),
        }
    }

    pub fn at(base: &str) -> Api {
        Api {
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(60))
                // Under the server's 5 s keep-alive (see `spawn_app`'s client).
                .pool_idle_timeout(Duration::from_secs(2))
                .build()
                .unwrap(),
            base: base.to_string(),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub async fn get(&self, path: &str, token: &str) -> Response {
        let send = || self.client.get(self.url(path)).bearer_auth(token).send();
        match send().await {
            Ok(res) => res,
            // A read is sent again once when the pooled connection it went out on was closed
            // under it (hyper's "incomplete message"), as HTTP clients retry idempotent requests.
            Err(e) if e.is_request() && !e.is_timeout() => send().await.unwrap(),
            Err(e) => panic!("GET {path}: {e}"),
        }
    }

    pub async fn post(&self, path: &str, token: &str, body: &Value) -> Response {
        self.client
            .post(self.url(path))
            .bearer_auth(token)
            .json(body)
            .send()
            .await
            .unwrap()
    }

    /// `GET path` that must answer 200 with JSON.
    pub async fn get_ok(&self, path: &str, token: &str) -> Value {
        ok(self.get(path, token).await).await
    }

    /// The caller's view of the game: `{game, your_seat, version, view}`.
    pub async fn game(&self, id: &str, token: &str) -> Value {
        self.get_ok(&format!("/v1/games/{id}"), token).await
    }

    /// The game's current version as the caller sees it.
    pub async fn version(&self, id: &str, token: &str) -> i64 {
        self.game(id, token).await["version"].as_i64().unwrap()
    }

    /// The caller's legal actions: `{version, actions}`.
    pub async fn legal(&self, id: &str, token: &str) -> Value {
        self.get_ok(&format!("/v1/games/{id}/legal-actions"), token)
            .await
    }

    pub async fn join(&self, id: &str, token: &str) -> Response {
        self.post(&format!("/v1/games/{id}/join"), token, &json!({}))
            .await
    }

    pub async fn leave(&self, id: &str, token: &str) -> Response {
        self.post(&format!("/v1/games/{id}/leave"), token, &json!({}))
            .await
    }

    /// Submits an action with no precondition.
    pub async fn act(&self, id: &str, token: &str, action: &Value) -> Response {
        self.post(&format!("/v1/games/{id}/actions"), token, action)
            .await
    }

    /// Every event after `after`, following the pages; and whether the stream is `complete`.
    pub async fn events_after(&self, id: &str, token: &str, after: i64) -> (Vec<Value>, bool) {
        let mut events = Vec::new();
        let mut after = after;
        loop {
            let page = self
                .get_ok(&format!("/v1/games/{id}/events?after={after}"), token)
                .await;
            events.extend(page["events"].as_array().unwrap().iter().cloned());
            match page["next_after"].as_i64() {
                Some(next) => after = next,
                None => return (events, page["complete"].as_bool().unwrap()),
            }
        }
    }

    pub async fn events(&self, id: &str, token: &str) -> (Vec<Value>, bool) {
        self.events_after(id, token, 0).await
    }
}

/// Asserts a 201 and returns its JSON body.
pub async fn created(res: Response) -> Value {
    let status = res.status();
    let body: Value = res.json().await.unwrap();
    assert_eq!(status, 201, "{body}");
    body
}

/// Asserts a 200 and returns its JSON body (the body is shown when the status is wrong).
pub async fn ok(res: Response) -> Value {
    let status = res.status();
    let text = res.text().await.unwrap();
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

/// One game and its players' tokens, seat by seat, plus a spectator's.
pub struct Table {
    pub id: String,
    pub tokens: Vec<String>,
    pub spectator: String,
}

impl Table {
    pub fn game_id(&self) -> GameId {
        GameId(self.id.parse().unwrap())
    }

    pub fn path(&self, rest: &str) -> String {
        format!("/v1/games/{}{}", self.id, rest)
    }

    /// The token of whoever holds `seat`.
    pub fn seat(&self, seat: u64) -> &str {
        &self.tokens[seat as usize]
    }
}

/// Creates a game with `options` as `creator` and returns its id (asserting 201 and Location).
pub async fn create_game(app: &TestApp, creator: &str, options: &Value) -> String {
    let res = Api::of(app).post("/v1/games", creator, options).await;
    assert_eq!(res.status(), 201, "{options}");
    let location = res.headers()["location"].to_str().unwrap().to_string();
    let body: Value = res.json().await.unwrap();
    let id = body["id"].as_str().unwrap().to_string();
    assert_eq!(location, format!("/v1/games/{id}"));
    id
}

/// Appends to the table's stream an event of a schema version this server does not know:
/// whatever parses or replays the game from then on fails (500), and whatever does not, did not.
pub async fn append_unreadable_event(app: &TestApp, table: &Table) {
    let version = Api::of(app).version(&table.id, table.seat(0)).await;
    sqlx::query(
        "INSERT INTO game_events (game_id, seq, event_type, event_version, payload, prev_hash, hash) \
         VALUES ($1, $2, 'passed', 99, '{\"type\": \"passed\", \"seat\": 0}', $3, $3)",
    )
    .bind(table.game_id().0)
    .bind(version + 1)
    .bind(vec![0u8; 32])
    .execute(&app.pool)
    .await
    .unwrap();
}

/// Signs up `options.players` accounts (`<prefix>0`, `<prefix>1`, ...) and a spectator, creates
/// the game as the first and joins the others in order, so the game is active.
pub async fn seat_table(app: &TestApp, prefix: &str, options: Value) -> Table {
    let players = options["players"].as_u64().unwrap();
    let mut tokens = Vec::new();
    for i in 0..players {
        tokens.push(app.signed_up(&format!("{prefix}{i}")).await);
    }
    let spectator = app.signed_up(&format!("{prefix}watcher")).await;
    let id = create_game(app, &tokens[0], &options).await;
    let api = Api::of(app);
    for token in &tokens[1..] {
        ok(api
            .post(&format!("/v1/games/{id}/join"), token, &json!({}))
            .await)
        .await;
    }
    let table = Table {
        id,
        tokens,
        spectator,
    };
    let g = api.game(&table.id, &table.tokens[0]).await;
    assert_eq!(g["game"]["status"], "active");
    table
}

/// A seeded player's choice among legal actions: half the time a power when one may be used (so
/// that games exercise the powers), otherwise any action.
pub fn choose<'a>(actions: &'a [Value], rng: &mut StdRng) -> &'a Value {
    assert!(!actions.is_empty(), "no legal action for the awaited seat");
    let powers: Vec<&Value> = actions
        .iter()
        .filter(|a| a["use_power"] == json!(true))
        .collect();
    if !powers.is_empty() && rng.random_bool(0.5) {
        return powers[rng.random_range(0..powers.len())];
    }
    &actions[rng.random_range(0..actions.len())]
}

/// The most actions one player takes before a test gives up on the game ending.
const MAX_ACTIONS: u32 = 3000;

/// One client playing `seat` until the game is over, seeing only its own view and legal actions:
/// long-polls while another seat's decision is awaited, acts (with `If-Match`) when its own is.
/// Returns how many actions it took.
pub async fn play_seat(api: Api, id: String, token: String, seat: u64, seed: u64) -> u32 {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut seen: Option<i64> = None;
    let mut actions = 0;
    loop {
        let path = match seen {
            None => format!("/v1/games/{id}"),
            Some(v) => format!("/v1/games/{id}?after_version={v}&wait=20"),
        };
        let g = api.get_ok(&path, &token).await;
        assert_eq!(g["your_seat"], seat);
        if g["game"]["status"] == "finished" {
            return actions;
        }
        let version = g["version"].as_i64().unwrap();
        if g["view"]["awaiting"]["seat"] != json!(seat) {
            seen = Some(version);
            continue;
        }
        let legal = api.legal(&id, &token).await;
        assert_eq!(legal["version"], version, "only the awaited seat acts");
        let action = choose(legal["actions"].as_array().unwrap(), &mut rng).clone();
        let res = api
            .client
            .post(api.url(&format!("/v1/games/{id}/actions")))
            .bearer_auth(&token)
            .header("If-Match", format!("\"{version}\""))
            .json(&action)
            .send()
            .await
            .unwrap();
        let done = ok(res).await;
        assert!(done["version"].as_i64().unwrap() > version, "{action}");
        actions += 1;
        assert!(actions < MAX_ACTIONS, "seat {seat}: the game does not end");
        // The next decision may be ours again (a power, a claim): look without waiting.
        seen = None;
    }
}

/// Every seat played by its own concurrent client; returns when the game is over.
pub async fn play_concurrently(api: &Api, table: &Table, seed: u64) -> u32 {
    let players: Vec<_> = table
        .tokens
        .iter()
        .enumerate()
        .map(|(seat, token)| {
            tokio::spawn(play_seat(
                api.clone(),
                table.id.clone(),
                token.clone(),
                seat as u64,
                seed.wrapping_mul(31).wrapping_add(seat as u64),
            ))
        })
        .collect();
    let mut total = 0;
    for p in players {
        total += tokio::time::timeout(Duration::from_secs(120), p)
            .await
            .expect("the game ends within two minutes")
            .expect("a player failed");
    }
    total
}

/// The awaited seat (as seat 0's view shows it), or `None` once the game is over.
pub async fn awaited(api: &Api, table: &Table) -> Option<u64> {
    let g = api.game(&table.id, &table.tokens[0]).await;
    if g["game"]["status"] == "finished" {
        return None;
    }
    Some(g["view"]["awaiting"]["seat"].as_u64().unwrap())
}

/// One seeded action by whoever is awaited; `false` once the game is over.
pub async fn step(api: &Api, table: &Table, rng: &mut StdRng) -> bool {
    let Some(seat) = awaited(api, table).await else {
        return false;
    };
    let token = table.seat(seat);
    let legal = api.legal(&table.id, token).await;
    let action = choose(legal["actions"].as_array().unwrap(), rng).clone();
    ok(api.act(&table.id, token, &action).await).await;
    true
}

/// Plays seeded actions, one at a time, until the game is over; returns how many.
pub async fn play_sequentially(api: &Api, table: &Table, seed: u64) -> u32 {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut n = 0;
    while step(api, table, &mut rng).await {
        n += 1;
        assert!(n < MAX_ACTIONS, "the game does not end");
    }
    n
}

// ---------------------------------------------------------------------------------------------
// Cards in JSON, and the truth about who may see them

/// Keys under which views, events and actions carry card ids (a number or a list of numbers).
/// `kept` is a list of cards in `skirmish_ended` and a flag on a Follower: flags are skipped.
const CARD_KEYS: [&str; 13] = [
    "card",
    "cards",
    "hand",
    "victory",
    "supporters",
    "supporter",
    "discard",
    "draw_pile",
    "order",
    "given",
    "taken",
    "discarded",
    "kept",
];

/// Every card id anywhere in `value`.
pub fn card_ids(value: &Value) -> BTreeSet<u8> {
    let mut out = BTreeSet::new();
    collect(value, &mut out);
    out
}

fn collect(value: &Value, out: &mut BTreeSet<u8>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                if CARD_KEYS.contains(&key.as_str()) {
                    numbers(v, out);
                }
                collect(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect(v, out)),
        _ => {}
    }
}

fn numbers(value: &Value, out: &mut BTreeSet<u8>) {
    match value {
        Value::Number(n) => {
            out.insert(u8::try_from(n.as_u64().unwrap()).unwrap());
        }
        Value::Array(items) => items.iter().for_each(|v| numbers(v, out)),
        _ => {}
    }
}

/// The cards `viewer` (a seat, or `None` for a spectator) may not see in `game` while it is on
/// (RULES §8): other players' hands, other armies' face-down Followers, face-down recruits and
/// the draw pile.
pub fn hidden_cards(game: &Game, viewer: Option<Seat>) -> BTreeSet<u8> {
    let mut hidden = BTreeSet::new();
    for (i, p) in game.players().iter().enumerate() {
        if viewer == Some(Seat(i as u8)) {
            continue;
        }
        hidden.extend(p.hand.iter().map(|c| c.0));
        hidden.extend(p.army.iter().filter(|f| !f.face_up).map(|f| f.card.0));
    }
    hidden.extend(
        game.recruits()
            .iter()
            .flatten()
            .filter(|r| !r.face_up)
            .map(|r| r.card.0),
    );
    hidden.extend(game.draw_pile().iter().map(|c| c.0));
    hidden
}

/// The cards `viewer` may see in `game`: every card in play but the hidden ones.
pub fn visible_cards(game: &Game, viewer: Option<Seat>) -> BTreeSet<u8> {
    let hidden = hidden_cards(game, viewer);
    game.all_cards()
        .iter()
        .map(|c| c.0)
        .filter(|c| !hidden.contains(c))
        .collect()
}

/// The edition's cards a game deals: 96, or 98 with the two Bruce cards.
pub fn deck(include_bruce: bool) -> BTreeSet<u8> {
    (1..=if include_bruce { 98 } else { 96 }).collect()
}

/// Once every game's outbox is empty (its notifications fanned out to the accounts, as the
/// server's fan-out worker does after each append commits), the notifications written in all.
pub async fn notifications_settled(pool: &sqlx::PgPool) -> i64 {
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let (outbox, written): (i64, i64) = sqlx::query_as(
            "SELECT (SELECT count(*) FROM game_outbox), (SELECT count(*) FROM notifications)",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        if outbox == 0 {
            return written;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the outbox was never fanned out"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The payloads of the game's `your_turn` notifications, once the fan-out has written them all.
pub async fn your_turns(pool: &sqlx::PgPool, game: GameId) -> Vec<Value> {
    notifications_settled(pool).await;
    let turns: Vec<sqlx::types::Json<Value>> = sqlx::query_scalar(
        "SELECT payload FROM notifications WHERE kind = 'your_turn' AND game_id = $1 ORDER BY id",
    )
    .bind(game.0)
    .fetch_all(pool)
    .await
    .unwrap();
    turns.into_iter().map(|t| t.0).collect()
}

/// Seeded actions by whoever is awaited until every seat has taken `n` decisions itself, or the
/// game is over: enough play for a rated game to change ratings (service rules §9.7, two
/// each). Seats past the table's tokens are the service's bots', which play on their own.
pub async fn play_decisions(api: &Api, table: &Table, n: u32, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut taken = vec![0u32; table.tokens.len()];
    while taken.iter().any(|&t| t < n) {
        let Some(seat) = awaited(api, table).await else {
            return;
        };
        if seat as usize >= table.tokens.len() {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let token = table.seat(seat);
        let legal = api.legal(&table.id, token).await;
        let action = choose(legal["actions"].as_array().unwrap(), &mut rng).clone();
        ok(api.act(&table.id, token, &action).await).await;
        taken[seat as usize] += 1;
        assert!(
            taken.iter().sum::<u32>() < MAX_ACTIONS,
            "the seats never took {n} decisions each"
        );
    }
}
