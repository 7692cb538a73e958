//! Tournaments (service rules §9.11) over real HTTP and PostgreSQL: a Swiss tournament of 11
//! bot accounts at tables of 3 over 4 rounds, and a round-robin of 6, each played to the end;
//! every round's pairing, the byes, each table's points, the standings and their tie-breaks
//! recomputed here from the games' own results and checked against the rules; and the life
//! cycle's refusals.

use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use serde_json::{Value, json};

use crate::common::app::{TestApp, problem, spawn_app_with};
use crate::common::games::{Api, Table, created, ok, play_sequentially};

/// The app with a tournament worker that looks every 100 ms.
pub(crate) async fn app() -> TestApp {
    spawn_app_with(|c| c.tournament_poll = Some(Duration::from_millis(100))).await
}

async fn tournament(api: &Api, id: &str, token: &str) -> Value {
    api.get_ok(&format!("/v1/tournaments/{id}"), token).await
}

/// Waits until the tournament is in `round` with every game made, or finished; returns it.
async fn round_ready(api: &Api, id: &str, token: &str, round: u64) -> Value {
    for _ in 0..600 {
        let t = tournament(api, id, token).await;
        if t["status"] == "finished" {
            return t;
        }
        if t["round"] == round {
            let tables = t["pairings"][round as usize - 1]["tables"]
                .as_array()
                .unwrap();
            if tables.iter().all(|x| x["status"] == "active") {
                return t;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("round {round} of {id} was not made within a minute");
}

/// Waits until the tournament is in `status` (the worker moves it); returns it.
async fn in_status(api: &Api, id: &str, token: &str, status: &str) -> Value {
    for _ in 0..100 {
        let t = tournament(api, id, token).await;
        if t["status"] == status {
            return t;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("tournament {id} is not {status} within 10 s");
}

/// Half points of a JSON number of points (1.5 → 3).
fn halves(v: &Value) -> u32 {
    (v.as_f64().unwrap() * 2.0).round() as u32
}

/// The tournament points of each seat of a finished game (service rules §9.11), in half
/// points, from the game's recorded places; `out`: seats that resigned or were abandoned.
fn table_points(places: &[u64], out: &[bool]) -> Vec<u32> {
    let n = places.len();
    // The tournament's key: out seats all last, the others by the game's place.
    let key = |s: usize| (out[s], if out[s] { 0 } else { places[s] });
    (0..n)
        .map(|s| {
            let ahead = (0..n).filter(|&o| key(o) < key(s)).count();
            let tied = (0..n).filter(|&o| key(o) == key(s)).count();
            // Positions ahead..ahead+tied share (n-1-p) points each, averaged, in halves.
            let sum: usize = (ahead..ahead + tied).map(|p| 2 * (n - 1 - p)).sum();
            (sum / tied) as u32
        })
        .collect()
}

/// What the test knows of each finished table, recomputed from the games.
#[derive(Default, Clone)]
struct Tally {
    /// username → half points, opponents (with repeats), game score, byes.
    points: BTreeMap<String, u32>,
    opponents: BTreeMap<String, Vec<String>>,
    score: BTreeMap<String, u32>,
    byes: BTreeMap<String, u32>,
}

impl Tally {
    /// The standings' order (points, Buchholz, game score, registration).
    fn order(&self, registered: &[String]) -> Vec<String> {
        let mut order = registered.to_vec();
        let buchholz = |u: &String| -> u32 {
            self.opponents
                .get(u)
                .map(|os| {
                    os.iter()
                        .map(|o| self.points.get(o).copied().unwrap_or(0))
                        .sum()
                })
                .unwrap_or(0)
        };
        let rank = |u: &String| registered.iter().position(|r| r == u).unwrap();
        order.sort_by_key(|u| {
            (
                std::cmp::Reverse(self.points.get(u).copied().unwrap_or(0)),
                std::cmp::Reverse(buchholz(u)),
                std::cmp::Reverse(self.score.get(u).copied().unwrap_or(0)),
                rank(u),
            )
        });
        order
    }

    fn met(&self, a: &str, b: &str) -> usize {
        self.opponents
            .get(a)
            .map_or(0, |os| os.iter().filter(|o| *o == b).count())
    }
}

/// Plays every game of `round` with the players' own tokens, then adds the round to `tally`,
/// checking each table's points against the game's recorded result.
async fn play_round(
    api: &Api,
    t: &Value,
    round: u64,
    tokens: &HashMap<String, String>,
    table_size: usize,
    tally: &mut Tally,
) {
    let r = &t["pairings"][round as usize - 1];
    for (i, x) in r["tables"].as_array().unwrap().iter().enumerate() {
        let id = x["game_id"].as_str().unwrap().to_string();
        let seated: Vec<String> = x["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["username"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(seated.len(), table_size);
        let table = Table {
            id: id.clone(),
            tokens: seated.iter().map(|u| tokens[u].clone()).collect(),
            spectator: tokens[&seated[0]].clone(),
        };
        // A tournament game is public and rated as the tournament says.
        let g = api.game(&id, &table.tokens[0]).await;
        assert_eq!(g["game"]["visibility"], "public");
        play_sequentially(api, &table, 1000 * round + i as u64).await;
    }
    // The results as the games recorded them.
    for x in r["tables"].as_array().unwrap() {
        let id = x["game_id"].as_str().unwrap();
        let seated: Vec<String> = x["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["username"].as_str().unwrap().to_string())
            .collect();
        let g = api.game(id, &tokens[&seated[0]]).await;
        let result = &g["game"]["result"];
        let places: Vec<u64> = result["places"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap())
            .collect();
        let scores: Vec<u32> = result["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap() as u32)
            .collect();
        let points = table_points(&places, &vec![false; places.len()]);
        for (seat, u) in seated.iter().enumerate() {
            *tally.points.entry(u.clone()).or_default() += points[seat];
            *tally.score.entry(u.clone()).or_default() += scores[seat];
            let others = seated.iter().filter(|o| *o != u).cloned();
            tally.opponents.entry(u.clone()).or_default().extend(others);
        }
    }
}

/// Adds the round's byes to `tally`: each scores as a win from the moment it is given.
fn add_byes(r: &Value, table_size: usize, tally: &mut Tally) {
    for b in r["byes"].as_array().unwrap() {
        let u = b.as_str().unwrap().to_string();
        *tally.points.entry(u.clone()).or_default() += 2 * (table_size as u32 - 1);
        *tally.byes.entry(u).or_default() += 1;
    }
}

/// Checks the round's tables and byes against the Swiss rules (service rules §9.11), given the
/// standings' order before it and the meetings so far.
fn check_swiss_round(r: &Value, order: &[String], before: &Tally, table_size: usize) {
    let byes: Vec<String> = r["byes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap().to_string())
        .collect();
    // The remainder gets byes: the lowest-ranked among those with the fewest byes so far.
    assert_eq!(byes.len(), order.len() % table_size, "byes {byes:?}");
    let fewest = order
        .iter()
        .map(|u| before.byes.get(u).copied().unwrap_or(0))
        .min()
        .unwrap();
    let mut expected = Vec::new();
    for level in fewest.. {
        for u in order.iter().rev() {
            if expected.len() < byes.len() && before.byes.get(u).copied().unwrap_or(0) == level {
                expected.push(u.clone());
            }
        }
        if expected.len() == byes.len() {
            break;
        }
    }
    let mut got = byes.clone();
    got.sort();
    expected.sort();
    assert_eq!(
        got, expected,
        "the byes go to the lowest-ranked without one"
    );
    // The tables: of every seating of the others, in standing order (the best-ranked unseated
    // player opens each table, joined by the nearest), the first with the fewest repeated
    // meetings; found here by trying them all.
    let rest: Vec<String> = order
        .iter()
        .filter(|u| !byes.contains(u))
        .cloned()
        .collect();
    let mut best: Option<(usize, Vec<Vec<String>>)> = None;
    seatings(&rest, table_size, &mut Vec::new(), &mut |tables| {
        let repeats: usize = tables
            .iter()
            .map(|t| {
                let mut n = 0;
                for (i, a) in t.iter().enumerate() {
                    for b in &t[i + 1..] {
                        n += before.met(a, b);
                    }
                }
                n
            })
            .sum();
        if best.as_ref().is_none_or(|(r, _)| repeats < *r) {
            best = Some((repeats, tables.to_vec()));
        }
    });
    let (_, expected) = best.unwrap();
    let mut seated: Vec<String> = Vec::new();
    let tables: Vec<Vec<String>> = r["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            let mut players: Vec<String> = x["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["username"].as_str().unwrap().to_string())
                .collect();
            seated.extend(players.iter().cloned());
            // Seats are drawn at random: compare in standing order.
            players.sort_by_key(|u| order.iter().position(|o| o == u));
            players
        })
        .collect();
    assert_eq!(
        tables, expected,
        "the first seating with the fewest repeats"
    );
    let mut all = seated.clone();
    all.extend(byes);
    all.sort();
    let mut everyone = order.to_vec();
    everyone.sort();
    assert_eq!(all, everyone, "everyone has a table or a bye, once");
}

/// Calls `each` with every seating of `rest` (in standing order) at tables of `size`, in the
/// order the rules look at them: the first unseated player opens a table and takes the others
/// in every combination, nearest first.
fn seatings(
    rest: &[String],
    size: usize,
    acc: &mut Vec<Vec<String>>,
    each: &mut impl FnMut(&[Vec<String>]),
) {
    if rest.is_empty() {
        each(acc);
        return;
    }
    let (first, others) = rest.split_first().unwrap();
    let mut pick = |chosen: &[usize]| {
        let mut table = vec![first.clone()];
        table.extend(chosen.iter().map(|&i| others[i].clone()));
        let left: Vec<String> = (0..others.len())
            .filter(|i| !chosen.contains(i))
            .map(|i| others[i].clone())
            .collect();
        acc.push(table);
        seatings(&left, size, acc, each);
        acc.pop();
    };
    combinations(others.len(), size - 1, &mut Vec::new(), 0, &mut pick);
}

/// Every ascending choice of `k` of `0..n`, in lexicographic order.
fn combinations(
    n: usize,
    k: usize,
    acc: &mut Vec<usize>,
    from: usize,
    each: &mut impl FnMut(&[usize]),
) {
    if acc.len() == k {
        each(acc);
        return;
    }
    for i in from..n {
        acc.push(i);
        combinations(n, k, acc, i + 1, each);
        acc.pop();
    }
}

/// Checks the tournament's standings against the tally: order, points and tie-breaks.
fn check_standings(t: &Value, tally: &Tally, registered: &[String]) {
    let order = tally.order(registered);
    let players = t["players"].as_array().unwrap();
    let listed: Vec<String> = players
        .iter()
        .map(|p| p["username"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(listed, order, "the standings' order");
    for (i, p) in players.iter().enumerate() {
        let u = p["username"].as_str().unwrap();
        assert_eq!(p["rank"], i + 1);
        assert_eq!(
            halves(&p["points"]),
            tally.points.get(u).copied().unwrap_or(0),
            "{u}'s points"
        );
        let buchholz: u32 = tally
            .opponents
            .get(u)
            .map(|os| {
                os.iter()
                    .map(|o| tally.points.get(o).copied().unwrap_or(0))
                    .sum()
            })
            .unwrap_or(0);
        assert_eq!(halves(&p["buchholz"]), buchholz, "{u}'s Buchholz");
        assert_eq!(
            p["game_score"],
            tally.score.get(u).copied().unwrap_or(0),
            "{u}'s game score"
        );
        assert_eq!(
            p["byes"],
            tally.byes.get(u).copied().unwrap_or(0),
            "{u}'s byes"
        );
    }
}

/// The notifications of `kind` each account got, by username.
async fn told(app: &TestApp, kind: &str) -> BTreeMap<String, Vec<Value>> {
    let rows: Vec<(String, Value)> = sqlx::query_as(
        "SELECT a.username, n.payload FROM notifications n JOIN accounts a ON a.id = n.account_id \
         WHERE n.kind = $1 ORDER BY n.account_id, n.id",
    )
    .bind(kind)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let mut out: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for (u, p) in rows {
        out.entry(u).or_default().push(p);
    }
    out
}

/// Waits until every notification of the tournament's games is fanned out to its accounts.
async fn settled(app: &TestApp) {
    crate::common::games::notifications_settled(&app.pool).await;
}

#[tokio::test]
async fn a_swiss_tournament_of_eleven_bot_accounts_at_tables_of_three_is_paired_scored_and_ended_by_the_rules()
 {
    let app = app().await;
    let api = Api::of(&app);
    let host = app.signed_up("host").await;
    let made = created(
        api.post(
            "/v1/tournaments",
            &host,
            &json!({"name": "Eleven at threes", "format": "swiss", "table_size": 3, "rounds": 4,
                    "bots_allowed": true, "min_players": 9, "max_players": 11,
                    "target_score": 10, "turn_time_limit_s": 86400}),
        )
        .await,
    )
    .await;
    let id = made["id"].as_str().unwrap().to_string();
    assert_eq!(made["status"], "open");
    assert_eq!(made["round"], 0);
    let mut tokens = HashMap::new();
    let mut registered = Vec::new();
    for i in 0..11 {
        let name = format!("swiss{i:02}");
        let session = app.signed_up(&name).await;
        let bot = app.made_bot(&session).await;
        let joined = ok(api
            .post(&format!("/v1/tournaments/{id}/join"), &bot, &json!({}))
            .await)
        .await;
        assert_eq!(joined["me"]["joined"], true);
        tokens.insert(name.clone(), bot);
        registered.push(name);
    }
    // A twelfth is one too many.
    let late = app.signed_up("swisslate").await;
    problem(
        api.post(&format!("/v1/tournaments/{id}/join"), &late, &json!({}))
            .await,
        409,
        "tournament_full",
    )
    .await;
    // Only its creator starts it.
    problem(
        api.post(&format!("/v1/tournaments/{id}/start"), &late, &json!({}))
            .await,
        403,
        "not_tournament_creator",
    )
    .await;
    let started = ok(api
        .post(&format!("/v1/tournaments/{id}/start"), &host, &json!({}))
        .await)
    .await;
    assert_eq!(started["status"], "running");
    assert_eq!(started["rounds"], 4);

    let mut tally = Tally::default();
    for round in 1..=4u64 {
        let t = round_ready(&api, &id, &host, round).await;
        assert_eq!(t["status"], "running");
        let order = tally.order(&registered);
        // Round 1: registration order; later: the standings after the round before.
        check_swiss_round(&t["pairings"][round as usize - 1], &order, &tally, 3);
        // The standings shown now: those the round was paired on, with its byes scored.
        add_byes(&t["pairings"][round as usize - 1], 3, &mut tally);
        check_standings(&t, &tally, &registered);
        // A player's current game is theirs.
        let first = t["pairings"][round as usize - 1]["tables"][0].clone();
        let someone = first["players"][0]["username"].as_str().unwrap();
        let mine = tournament(&api, &id, &tokens[someone]).await;
        assert_eq!(mine["me"]["game_id"], first["game_id"]);
        play_round(&api, &t, round, &tokens, 3, &mut tally).await;
    }
    let t = in_status(&api, &id, &host, "finished").await;
    check_standings(&t, &tally, &registered);
    // Byes: 2 a round, 8 in all, nobody twice while another has none.
    let byes: Vec<u32> = registered
        .iter()
        .map(|u| tally.byes.get(u).copied().unwrap_or(0))
        .collect();
    assert_eq!(byes.iter().sum::<u32>(), 8);
    assert!(
        byes.iter().max().unwrap() - byes.iter().min().unwrap() <= 1,
        "{byes:?}"
    );

    // The CSV says the same.
    let csv = app
        .get(&format!("/v1/tournaments/{id}/standings.csv"))
        .await;
    assert_eq!(csv.status(), 200);
    assert!(
        csv.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    let csv = csv.text().await.unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "rank,username,points,buchholz,game_score,byes,withdrawn"
    );
    assert_eq!(lines.len(), 12);
    let first: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(first[0], "1");
    assert_eq!(first[1], t["players"][0]["username"]);
    assert_eq!(
        first[2].parse::<f64>().unwrap(),
        t["players"][0]["points"].as_f64().unwrap()
    );

    // Each player was told of each round once (a game or a bye), and of the end once, with
    // its rank.
    settled(&app).await;
    let rounds = told(&app, "tournament_round").await;
    let ended = told(&app, "tournament_ended").await;
    for (rank, p) in t["players"].as_array().unwrap().iter().enumerate() {
        let u = p["username"].as_str().unwrap();
        let mine = &rounds[u];
        assert_eq!(mine.len(), 4, "{u}: {mine:?}");
        for (r, n) in mine.iter().enumerate() {
            assert_eq!(n["round"], r + 1);
            assert_eq!(n["tournament_id"], id.as_str());
            assert_eq!(n["bye"], n["game_id"].is_null());
        }
        assert_eq!(ended[u].len(), 1);
        assert_eq!(ended[u][0]["rank"], rank + 1);
    }
    // Listed among the finished, and in each player's list.
    let finished = api.get_ok("/v1/tournaments?status=finished", &host).await;
    assert_eq!(finished["tournaments"][0]["id"], id.as_str());
    let theirs = api.get_ok("/v1/tournaments?player=swiss03", &host).await;
    assert_eq!(theirs["tournaments"].as_array().unwrap().len(), 1);
    let open = api.get_ok("/v1/tournaments?status=open", &host).await;
    assert_eq!(open["tournaments"].as_array().unwrap().len(), 0);
}

#[tokio::test]
async fn a_round_robin_of_six_meets_everyone_once_and_ends() {
    let app = app().await;
    let api = Api::of(&app);
    let host = app.signed_up("rrhost").await;
    let made = created(
        api.post(
            "/v1/tournaments",
            &host,
            &json!({"name": "Six", "format": "round_robin", "min_players": 6, "max_players": 6,
                    "target_score": 10, "rated": false}),
        )
        .await,
    )
    .await;
    let id = made["id"].as_str().unwrap().to_string();
    assert_eq!(made["rounds"], Value::Null);
    let mut tokens = HashMap::new();
    let mut registered = Vec::new();
    for i in 0..6 {
        let name = format!("rr{i}");
        let token = app.signed_up(&name).await;
        ok(api
            .post(&format!("/v1/tournaments/{id}/join"), &token, &json!({}))
            .await)
        .await;
        tokens.insert(name.clone(), token);
        registered.push(name);
    }
    let started = ok(api
        .post(&format!("/v1/tournaments/{id}/start"), &host, &json!({}))
        .await)
    .await;
    assert_eq!(started["rounds"], 5, "n - 1 rounds for an even n");
    let mut tally = Tally::default();
    for round in 1..=5u64 {
        let t = round_ready(&api, &id, &host, round).await;
        let r = &t["pairings"][round as usize - 1];
        assert_eq!(r["byes"], json!([]));
        check_standings(&t, &tally, &registered);
        assert_eq!(r["tables"].as_array().unwrap().len(), 3);
        for x in r["tables"].as_array().unwrap() {
            let a = x["players"][0]["username"].as_str().unwrap();
            let b = x["players"][1]["username"].as_str().unwrap();
            assert_eq!(tally.met(a, b), 0, "{a} and {b} meet twice");
        }
        play_round(&api, &t, round, &tokens, 2, &mut tally).await;
    }
    for a in &registered {
        for b in &registered {
            if a != b {
                assert_eq!(tally.met(a, b), 1, "{a} meets {b} once");
            }
        }
    }
    let t = in_status(&api, &id, &host, "finished").await;
    check_standings(&t, &tally, &registered);
    // Nothing to withdraw from once it is over.
    problem(
        api.post(
            &format!("/v1/tournaments/{id}/withdraw"),
            &tokens["rr0"],
            &json!({}),
        )
        .await,
        409,
        "tournament_over",
    )
    .await;
}

#[tokio::test]
async fn registration_withdrawal_cancellation_and_a_start_at_its_time_follow_the_rules() {
    let app = app().await;
    let api = Api::of(&app);
    let host = app.signed_up("lifehost").await;
    let base = json!({"name": "Life", "format": "swiss", "table_size": 2, "rounds": 3,
                      "min_players": 4, "max_players": 8, "target_score": 10});
    // Settings out of range: 422 naming the field.
    for (field, value) in [
        ("rounds", json!(2)),
        ("rounds", json!(12)),
        ("table_size", json!(6)),
        ("name", json!("")),
        ("min_players", json!(1)),
        ("starts_at", json!("2001-01-01T00:00:00Z")),
        ("unknown", json!(1)),
    ] {
        let mut body = base.clone();
        body[field] = value;
        let p = problem(
            api.post("/v1/tournaments", &host, &body).await,
            422,
            "invalid_tournament",
        )
        .await;
        assert!(p["detail"].as_str().unwrap().contains(field), "{p}");
    }
    let rr = json!({"name": "RR", "format": "round_robin", "table_size": 3});
    problem(
        api.post("/v1/tournaments", &host, &rr).await,
        422,
        "invalid_tournament",
    )
    .await;
    // A bot account neither creates one nor joins one that does not allow bot accounts.
    let session = app.signed_up("lifebot").await;
    let bot = app.made_bot(&session).await;
    problem(
        api.post("/v1/tournaments", &bot, &base).await,
        403,
        "bot_account_cannot_create_tournaments",
    )
    .await;
    let t = created(api.post("/v1/tournaments", &host, &base).await).await;
    let id = t["id"].as_str().unwrap().to_string();
    let path = |rest: &str| format!("/v1/tournaments/{id}{rest}");
    problem(
        api.post(&path("/join"), &bot, &json!({})).await,
        403,
        "bot_accounts_not_allowed",
    )
    .await;
    // Too few to start; withdrawing before the start removes the registration.
    let mut players = Vec::new();
    for i in 0..5 {
        let token = app.signed_up(&format!("life{i}")).await;
        ok(api.post(&path("/join"), &token, &json!({})).await).await;
        // Joining again changes nothing.
        let again = ok(api.post(&path("/join"), &token, &json!({})).await).await;
        assert_eq!(again["players"].as_array().unwrap().len(), i + 1);
        players.push(token);
    }
    let left = ok(api.post(&path("/withdraw"), &players[4], &json!({})).await).await;
    assert_eq!(left["players"].as_array().unwrap().len(), 4);
    assert_eq!(left["me"]["joined"], false);
    problem(
        api.post(&path("/withdraw"), &players[4], &json!({})).await,
        409,
        "not_in_tournament",
    )
    .await;
    ok(api.post(&path("/withdraw"), &players[3], &json!({})).await).await;
    // An account deleted before the start is no longer registered.
    let gone = app.signed_up("lifegone").await;
    ok(api.post(&path("/join"), &gone, &json!({})).await).await;
    let res = app
        .client
        .delete(app.url("/v1/me"))
        .bearer_auth(&gone)
        .json(&json!({"password": "correct horse battery"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    problem(
        api.post(&path("/start"), &host, &json!({})).await,
        409,
        "too_few_tournament_players",
    )
    .await;
    let open = tournament(&api, &id, &host).await;
    assert_eq!(open["players"].as_array().unwrap().len(), 3, "{open}");
    ok(api.post(&path("/join"), &players[3], &json!({})).await).await;
    let t = ok(api.post(&path("/start"), &host, &json!({})).await).await;
    assert_eq!(t["round"], 1, "the first round is paired at once");
    problem(
        api.post(&path("/join"), &players[4], &json!({})).await,
        409,
        "tournament_not_open",
    )
    .await;
    problem(
        api.post(&path("/cancel"), &host, &json!({})).await,
        409,
        "tournament_not_open",
    )
    .await;
    // Withdrawing while it runs: the game goes on; the next round has a bye instead.
    let t = round_ready(&api, &id, &host, 1).await;
    let table = &t["pairings"][0]["tables"][0];
    let quitter = table["players"][0]["username"]
        .as_str()
        .unwrap()
        .to_string();
    let mut by_name = HashMap::new();
    for (i, tok) in players.iter().enumerate().take(4) {
        by_name.insert(format!("life{i}"), tok.clone());
    }
    let gone = ok(api
        .post(&path("/withdraw"), &by_name[&quitter], &json!({}))
        .await)
    .await;
    assert_eq!(gone["me"]["withdrawn"], true);
    let game = api
        .game(table["game_id"].as_str().unwrap(), &by_name[&quitter])
        .await;
    assert_eq!(
        game["game"]["status"], "active",
        "a withdrawn player's game goes on"
    );
    let mut tally = Tally::default();
    add_byes(&t["pairings"][0], 2, &mut tally);
    play_round(&api, &t, 1, &by_name, 2, &mut tally).await;
    let t = round_ready(&api, &id, &host, 2).await;
    let r2 = &t["pairings"][1];
    assert_eq!(
        r2["byes"].as_array().unwrap().len(),
        1,
        "three active players: one bye"
    );
    for x in r2["tables"].as_array().unwrap() {
        for p in x["players"].as_array().unwrap() {
            assert_ne!(
                p["username"],
                quitter.as_str(),
                "a withdrawn player is not paired"
            );
        }
    }
    assert!(
        t["players"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["username"] == quitter.as_str() && p["withdrawn"] == true),
        "a withdrawn player stays in the standings"
    );

    // Cancelled by its creator before the start: listed as cancelled.
    let other = created(api.post("/v1/tournaments", &host, &base).await).await;
    let other_id = other["id"].as_str().unwrap();
    problem(
        api.post(
            &format!("/v1/tournaments/{other_id}/cancel"),
            &players[0],
            &json!({}),
        )
        .await,
        403,
        "not_tournament_creator",
    )
    .await;
    let gone = ok(api
        .post(
            &format!("/v1/tournaments/{other_id}/cancel"),
            &host,
            &json!({}),
        )
        .await)
    .await;
    assert_eq!(gone["status"], "cancelled");
    // The operator cancels one from the command line, and only while it is open.
    let third = created(api.post("/v1/tournaments", &host, &base).await).await;
    let third_id = third["id"].as_str().unwrap().to_string();
    let operator = |id: String| {
        let db_url = app.db_url.clone();
        async move {
            tokio::process::Command::new(env!("CARGO_BIN_EXE_lords"))
                .args(["tournaments", "cancel", &id])
                .env("DATABASE_URL", db_url)
                .env("LORDS_DATA_DIR", std::env::temp_dir())
                .output()
                .await
                .expect("run lords")
        }
    };
    let out = operator(third_id.clone()).await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(said["status"], "cancelled");
    assert_eq!(
        tournament(&api, &third_id, &host).await["status"],
        "cancelled"
    );
    let out = operator(id.clone()).await;
    assert!(
        !out.status.success(),
        "a running tournament is not cancelled"
    );
    let cancelled = app.get("/v1/tournaments?status=cancelled").await;
    let cancelled: Value = cancelled.json().await.unwrap();
    assert_eq!(cancelled["tournaments"][0]["id"], third_id.as_str());
    assert_eq!(cancelled["tournaments"][1]["id"], other_id);

    // One that starts by itself at its time, and one cancelled at its time for too few.
    let soon = (chrono::Utc::now() + chrono::Duration::seconds(2)).to_rfc3339();
    let mut timed = base.clone();
    timed["starts_at"] = json!(soon);
    timed["min_players"] = json!(2);
    let by_time = created(api.post("/v1/tournaments", &host, &timed).await).await;
    let by_time_id = by_time["id"].as_str().unwrap().to_string();
    ok(api
        .post(
            &format!("/v1/tournaments/{by_time_id}/join"),
            &players[0],
            &json!({}),
        )
        .await)
    .await;
    ok(api
        .post(
            &format!("/v1/tournaments/{by_time_id}/join"),
            &players[4],
            &json!({}),
        )
        .await)
    .await;
    let empty = created(api.post("/v1/tournaments", &host, &timed).await).await;
    let empty_id = empty["id"].as_str().unwrap().to_string();
    let started = round_ready(&api, &by_time_id, &host, 1).await;
    assert_eq!(started["status"], "running");
    in_status(&api, &empty_id, &host, "cancelled").await;

    // Pages: newest first, one at a time.
    let first = app.get("/v1/tournaments?limit=1").await;
    let first: Value = first.json().await.unwrap();
    assert_eq!(first["tournaments"][0]["id"], empty_id.as_str());
    let cursor = first["next_cursor"].as_str().unwrap();
    let second = app
        .get(&format!("/v1/tournaments?limit=1&cursor={cursor}"))
        .await;
    let second: Value = second.json().await.unwrap();
    assert_eq!(second["tournaments"][0]["id"], by_time_id.as_str());
    problem(
        app.get("/v1/tournaments?status=lost").await,
        400,
        "invalid_query",
    )
    .await;
    problem(
        app.get(&format!("/v1/tournaments/{}", uuid::Uuid::new_v4()))
            .await,
        404,
        "tournament_not_found",
    )
    .await;
}
