//! Players as everyone sees them, over real HTTP against a fresh database: profiles, the archive
//! of finished games (who may see which, its filters, its pages under new games), rating
//! histories and the leaderboard. Games are finished for real: a seat of a two-seat game
//! resigns and the other wins at once (service rules §9.3).

use crate::common;

use std::collections::HashSet;

use serde_json::{Value, json};
use uuid::Uuid;

use common::app::{TestApp, problem, spawn_app};
use common::games::{Api, Table, create_game, ok, play_decisions};

/// `GET path`, signed in with `token` or not at all.
async fn get(app: &TestApp, path: &str, token: Option<&str>) -> reqwest::Response {
    let mut req = app.client.get(app.url(path));
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    req.send().await.unwrap()
}

async fn get_ok(app: &TestApp, path: &str, token: Option<&str>) -> Value {
    ok(get(app, path, token).await).await
}

/// A two-seat game of `a` (seat 0) and `b` (seat 1), public or private (`b` invited by name),
/// finished by `loser` resigning, rated (the default for people) or not. Returns its id.
async fn finished_game(app: &TestApp, a: (&str, &str), b: (&str, &str), private: bool) -> String {
    finished_game_lost_by(app, a, b, private, 1, true).await
}

async fn finished_game_lost_by(
    app: &TestApp,
    a: (&str, &str),
    b: (&str, &str),
    private: bool,
    loser: usize,
    rated: bool,
) -> String {
    let api = Api::of(app);
    let visibility = if private { "private" } else { "public" };
    let id = create_game(
        app,
        a.1,
        &json!({"players": 2, "visibility": visibility, "rated": rated}),
    )
    .await;
    if private {
        let res = api
            .post(
                &format!("/v1/games/{id}/invitations"),
                a.1,
                &json!({"username": b.0}),
            )
            .await;
        assert_eq!(res.status(), 201, "invite {}", b.0);
    }
    ok(api
        .post(&format!("/v1/games/{id}/join"), b.1, &json!({}))
        .await)
    .await;
    // Two decisions each: enough play to be rated (service rules §9.7).
    let table = Table {
        id: id.clone(),
        tokens: vec![a.1.to_string(), b.1.to_string()],
        spectator: a.1.to_string(),
    };
    play_decisions(&api, &table, 2, 1).await;
    let token = [a.1, b.1][loser];
    let res = ok(api
        .post(&format!("/v1/games/{id}/resign"), token, &json!({}))
        .await)
    .await;
    assert_eq!(res["view"]["status"], "finished");
    id
}

/// A two-seat private game of `token`'s account against a bot of `level`, finished by the
/// person resigning (the bot wins).
async fn lost_to_a_bot(app: &TestApp, token: &str, level: &str) -> String {
    let api = Api::of(app);
    let id = create_game(
        app,
        token,
        &json!({"players": 2, "visibility": "private", "bots": [{"seat": 1, "level": level}]}),
    )
    .await;
    let res = ok(api
        .post(&format!("/v1/games/{id}/resign"), token, &json!({}))
        .await)
    .await;
    assert_eq!(res["view"]["status"], "finished");
    id
}

fn ids(page: &Value) -> Vec<String> {
    page["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_profile_counts_finished_games_and_wins_and_starts_at_the_starting_rating() {
    let app = spawn_app().await;
    let alice = app.signed_up("Alice").await;
    let bob = app.signed_up("bob").await;
    // Unrated: the rating stays the start.
    finished_game_lost_by(&app, ("Alice", &alice), ("bob", &bob), false, 1, false).await;
    finished_game_lost_by(&app, ("Alice", &alice), ("bob", &bob), true, 1, false).await;
    finished_game_lost_by(&app, ("Alice", &alice), ("bob", &bob), false, 0, false).await;
    // An active game is not counted.
    let open = create_game(&app, &alice, &json!({"players": 2})).await;
    ok(Api::of(&app)
        .post(&format!("/v1/games/{open}/join"), &bob, &json!({}))
        .await)
    .await;

    // No sign-in needed, and the name is found in any case.
    let profile = get_ok(&app, "/v1/players/aLiCe", None).await;
    assert_eq!(profile["username"], "Alice");
    assert_eq!(profile["bot"], false);
    assert!(profile["joined_at"].is_string());
    // Private games are counted (numbers only).
    assert_eq!(profile["games_played"], 3);
    assert_eq!(profile["games_won"], 2);
    assert_eq!(
        profile["rating"],
        json!({"mu": 25.0, "sigma": 25.0 / 3.0, "rating": 1500, "provisional": true, "games": 0})
    );
    let bob_profile = get_ok(&app, "/v1/players/bob", Some(&alice)).await;
    assert_eq!(bob_profile["games_played"], 3);
    assert_eq!(bob_profile["games_won"], 1);
}

#[tokio::test]
async fn unknown_and_deleted_players_are_404_player_not_found() {
    let app = spawn_app().await;
    let gone = app.signed_up("gone").await;
    problem(
        get(&app, "/v1/players/nobody", None).await,
        404,
        "player_not_found",
    )
    .await;
    for path in ["", "/games", "/rating-history"] {
        problem(
            get(&app, &format!("/v1/players/nobody{path}"), None).await,
            404,
            "player_not_found",
        )
        .await;
    }
    let res = app
        .client
        .delete(app.url("/v1/me"))
        .bearer_auth(&gone)
        .json(&json!({"password": "correct horse battery"}))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success(), "{}", res.status());
    problem(
        get(&app, "/v1/players/gone", None).await,
        404,
        "player_not_found",
    )
    .await;
    // Not under its placeholder name either.
    let (placeholder,): (String,) =
        sqlx::query_as("SELECT username FROM accounts WHERE deleted_at IS NOT NULL")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    problem(
        get(&app, &format!("/v1/players/{placeholder}"), None).await,
        404,
        "player_not_found",
    )
    .await;
    // A token that is sent must be valid.
    problem(
        get(&app, "/v1/players/random", Some("not-a-token")).await,
        401,
        "invalid_token",
    )
    .await;
}

#[tokio::test]
async fn the_bots_have_profiles_that_count_the_games_their_level_sat_in() {
    let app = spawn_app().await;
    let alice = app.signed_up("alice").await;
    lost_to_a_bot(&app, &alice, "greedy").await;
    lost_to_a_bot(&app, &alice, "greedy").await;
    let greedy = get_ok(&app, "/v1/players/greedy", None).await;
    assert_eq!(greedy["bot"], true);
    assert_eq!(greedy["games_played"], 2);
    assert_eq!(greedy["games_won"], 2);
    let mcts = get_ok(&app, "/v1/players/MCTS", None).await;
    assert_eq!(
        (mcts["username"].as_str(), mcts["games_played"].as_i64()),
        (Some("mcts"), Some(0))
    );
    // The bot's archive lists its private games to their member only.
    let page = get_ok(&app, "/v1/players/greedy/games", None).await;
    assert_eq!(ids(&page).len(), 0);
    let page = get_ok(&app, "/v1/players/greedy/games", Some(&alice)).await;
    assert_eq!(ids(&page).len(), 2);
    let seat = &page["games"][0]["seats"][1];
    assert_eq!(
        (seat["username"].as_str(), &seat["bot"]),
        (Some("greedy"), &json!(true))
    );
}

#[tokio::test]
async fn the_archive_lists_public_games_to_everyone_and_private_ones_to_their_players() {
    let app = spawn_app().await;
    let alice = app.signed_up("alice").await;
    let bob = app.signed_up("bob").await;
    let carol = app.signed_up("carol").await;
    let public = finished_game(&app, ("alice", &alice), ("bob", &bob), false).await;
    let private = finished_game(&app, ("alice", &alice), ("bob", &bob), true).await;
    let with_carol = finished_game(&app, ("carol", &carol), ("alice", &alice), true).await;

    // Newest first.
    let mine = get_ok(&app, "/v1/players/alice/games", Some(&alice)).await;
    assert_eq!(
        ids(&mine),
        [with_carol.as_str(), private.as_str(), public.as_str()]
    );
    assert!(mine["next_cursor"].is_null());
    let bobs_view = get_ok(&app, "/v1/players/alice/games", Some(&bob)).await;
    assert_eq!(ids(&bobs_view), [private.as_str(), public.as_str()]);
    // Bob's private game is not carol's to see, nor a stranger's.
    for token in [None, Some(carol.as_str())] {
        let seen = get_ok(&app, "/v1/players/bob/games", token).await;
        assert_eq!(ids(&seen), [public.as_str()]);
    }
    let anonymous = get_ok(&app, "/v1/players/alice/games?status=finished", None).await;
    assert_eq!(ids(&anonymous), [public.as_str()]);

    // What a game shows: seats, scores, places, the ranking; unrated: no rating changes.
    let game = &anonymous["games"][0];
    assert_eq!(game["visibility"], "public");
    assert_eq!(game["options"]["players"], 2);
    assert_eq!(game["winners"], json!([0]));
    assert_eq!(game["ranking"], json!([0, 1]));
    assert!(game["finished_at"].is_string());
    let seats = game["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[0]["username"], "alice");
    assert_eq!(seats[1]["username"], "bob");
    for seat in seats {
        assert_eq!(seat["bot"], false);
        assert!(seat["score"].is_u64(), "{seat}");
        if game["rated"] == false {
            assert!(seat["rating_change"].is_null(), "{seat}");
        }
    }
}

#[tokio::test]
async fn the_archive_filters_by_opponent_and_result() {
    let app = spawn_app().await;
    let alice = app.signed_up("alice").await;
    let bob = app.signed_up("bob").await;
    let carol = app.signed_up("carol").await;
    let beat_bob = finished_game(&app, ("alice", &alice), ("bob", &bob), false).await;
    let lost_to_bob =
        finished_game_lost_by(&app, ("alice", &alice), ("bob", &bob), false, 0, true).await;
    let beat_carol = finished_game(&app, ("alice", &alice), ("carol", &carol), false).await;

    let path = "/v1/players/alice/games";
    let page = get_ok(&app, &format!("{path}?opponent=BOB"), None).await;
    assert_eq!(ids(&page), [lost_to_bob.as_str(), beat_bob.as_str()]);
    let page = get_ok(&app, &format!("{path}?result=won"), None).await;
    assert_eq!(ids(&page), [beat_carol.as_str(), beat_bob.as_str()]);
    let page = get_ok(&app, &format!("{path}?result=lost"), None).await;
    assert_eq!(ids(&page), [lost_to_bob.as_str()]);
    let page = get_ok(&app, &format!("{path}?opponent=bob&result=won"), None).await;
    assert_eq!(ids(&page), [beat_bob.as_str()]);
    // Nobody of that name sat with her.
    let page = get_ok(&app, &format!("{path}?opponent=nobody"), None).await;
    assert_eq!(ids(&page).len(), 0);

    for query in [
        "status=active",
        "result=draw",
        "limit=0",
        "limit=101",
        "colour=red",
        "opponent=",
    ] {
        problem(
            get(&app, &format!("{path}?{query}"), None).await,
            400,
            "invalid_query",
        )
        .await;
    }
    for cursor in ["zz", "31323a78", &hex_of("99999999999999999:abc")] {
        problem(
            get(&app, &format!("{path}?cursor={cursor}"), None).await,
            400,
            "invalid_cursor",
        )
        .await;
    }
}

fn hex_of(s: &str) -> String {
    s.bytes().map(|b| format!("{b:02x}")).collect()
}

#[tokio::test]
async fn archive_pages_are_stable_when_games_finish_meanwhile() {
    let app = spawn_app().await;
    let alice = app.signed_up("alice").await;
    let bob = app.signed_up("bob").await;
    let mut finished = Vec::new();
    for _ in 0..5 {
        finished.push(finished_game(&app, ("alice", &alice), ("bob", &bob), false).await);
    }
    let path = "/v1/players/alice/games?limit=2";
    let first = get_ok(&app, path, None).await;
    assert_eq!(ids(&first), [finished[4].as_str(), finished[3].as_str()]);
    // A game that finishes now comes before the first page, not inside a later one.
    let newer = finished_game(&app, ("alice", &alice), ("bob", &bob), false).await;
    let mut seen: Vec<String> = ids(&first);
    let mut cursor = first["next_cursor"].as_str().unwrap().to_string();
    loop {
        let page = get_ok(&app, &format!("{path}&cursor={cursor}"), None).await;
        seen.extend(ids(&page));
        match page["next_cursor"].as_str() {
            Some(next) => cursor = next.to_string(),
            None => break,
        }
    }
    let expected: Vec<String> = finished.iter().rev().cloned().collect();
    assert_eq!(seen, expected);
    assert_eq!(seen.iter().collect::<HashSet<_>>().len(), 5);
    let top = get_ok(&app, path, None).await;
    assert_eq!(ids(&top)[0], newer);
}

#[tokio::test]
async fn a_player_without_rated_games_has_an_empty_rating_history() {
    let app = spawn_app().await;
    let alice = app.signed_up("alice").await;
    lost_to_a_bot(&app, &alice, "random").await;
    let history = get_ok(&app, "/v1/players/Alice/rating-history", None).await;
    assert_eq!(history, json!({"entries": []}));
}

/// Reads `path` (signed in with `token`) until `done` holds, for the rating worker's work
/// (at most 30 seconds).
async fn until(app: &TestApp, path: &str, token: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let body = get_ok(app, path, Some(token)).await;
        if done(&body) {
            return body;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "still {body} at {path}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_rated_game_shows_in_the_history_the_archive_and_the_profile() {
    let app = spawn_app().await;
    let alice = app.signed_up("alice").await;
    let bob = app.signed_up("bob").await;
    let carol = app.signed_up("carol").await;
    // Games between people are rated: a public one alice wins, then a private one with carol.
    let public = finished_game(&app, ("alice", &alice), ("bob", &bob), false).await;
    let private = finished_game(&app, ("alice", &alice), ("carol", &carol), true).await;
    let path = "/v1/players/alice/rating-history";
    let history = until(&app, path, &alice, |h| {
        h["entries"].as_array().unwrap().len() == 2
    })
    .await;
    let entries = history["entries"].as_array().unwrap();
    // Oldest first, each with its game and the rating after it, on the display scale.
    assert_eq!(entries[0]["game_id"], public.as_str());
    assert_eq!(entries[1]["game_id"], private.as_str());
    for e in entries {
        let (mu, sigma) = (e["mu"].as_f64().unwrap(), e["sigma"].as_f64().unwrap());
        assert_eq!(
            e["rating"],
            (1500.0 + 60.0 * (mu - 3.0 * sigma)).round() as i64
        );
        // The seated player sees the exact time, and its day.
        let at = e["finished_at"].as_str().unwrap();
        assert_eq!(e["finished_on"], &at[..10]);
    }
    // A win from the start raises the displayed rating.
    assert!(entries[0]["rating"].as_i64().unwrap() > 1500, "{history}");
    // To anyone who did not sit in it, the private game keeps its place and its day, not its
    // id nor its time.
    for token in [None, Some(bob.as_str())] {
        let seen = get_ok(&app, path, token).await;
        assert_eq!(seen["entries"][0]["game_id"], public.as_str());
        assert_eq!(seen["entries"][0]["finished_at"], entries[0]["finished_at"]);
        assert!(seen["entries"][1]["game_id"].is_null(), "{seen}");
        assert!(seen["entries"][1]["finished_at"].is_null(), "{seen}");
        assert_eq!(seen["entries"][1]["finished_on"], entries[1]["finished_on"]);
        assert_eq!(seen["entries"][1]["rating"], entries[1]["rating"]);
    }

    // The archive shows the ratings before and after, and the places.
    let page = get_ok(&app, "/v1/players/alice/games?opponent=bob", None).await;
    let game = &page["games"][0];
    assert_eq!(game["rated"], true);
    assert_eq!(game["places"], json!([1, 2]));
    let winner = &game["seats"][0];
    assert_eq!(winner["place"], 1);
    assert_eq!(winner["rating_before"], 1500);
    assert_eq!(winner["rating_after"], entries[0]["rating"]);
    assert_eq!(
        winner["rating_change"].as_i64().unwrap(),
        entries[0]["rating"].as_i64().unwrap() - 1500
    );
    let loser = &game["seats"][1];
    assert_eq!(loser["place"], 2);
    assert!(loser["rating_change"].as_i64().unwrap() < 0, "{loser}");

    // The profile's rating is the last one: two rated games, provisional.
    let profile = get_ok(&app, "/v1/players/alice", None).await;
    assert_eq!(profile["rating"]["rating"], entries[1]["rating"]);
    assert_eq!(profile["rating"]["mu"], entries[1]["mu"]);
    assert_eq!(profile["rating"]["games"], 2);
    assert_eq!(profile["rating"]["provisional"], true);
}

/// Writes `account`'s current rating. Only the leaderboard's tests do this, for its volume (a
/// dozen players with 10 rated games or more each); the rating worker writes these rows.
async fn rate(app: &TestApp, account: Uuid, mu: f64, sigma: f64, games: i32) {
    let rating = (1500.0 + 60.0 * (mu - 3.0 * sigma)).round() as i32;
    sqlx::query(
        "INSERT INTO player_ratings (account_id, mu, sigma, rating, games, updated_at) \
         VALUES ($1, $2, $3, $4, $5, now()) \
         ON CONFLICT (account_id) DO UPDATE SET mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, \
         rating = EXCLUDED.rating, games = EXCLUDED.games",
    )
    .bind(account)
    .bind(mu)
    .bind(sigma)
    .bind(rating)
    .bind(games)
    .execute(&app.pool)
    .await
    .unwrap();
}

async fn account_id(app: &TestApp, username: &str) -> Uuid {
    sqlx::query_scalar("SELECT id FROM accounts WHERE lower(username) = lower($1)")
        .bind(username)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_leaderboard_ranks_settled_ratings_with_bots_and_without_deleted_accounts() {
    let app = spawn_app().await;
    // Twelve players with settled ratings, two of them equal.
    for i in 0..12 {
        let name = format!("player{i:02}");
        app.signed_up(&name).await;
        let mu = if i == 7 {
            20.0 + 6.0
        } else {
            20.0 + f64::from(i)
        };
        rate(&app, account_id(&app, &name).await, mu, 2.0, 10 + i).await;
    }
    // The mcts bot is the best; a provisional player and a deleted one are left out.
    rate(&app, account_id(&app, "mcts").await, 40.0, 1.5, 200).await;
    app.signed_up("newcomer").await;
    rate(&app, account_id(&app, "newcomer").await, 45.0, 1.0, 9).await;
    let gone = app.signed_up("gone").await;
    rate(&app, account_id(&app, "gone").await, 44.0, 1.0, 30).await;
    let res = app
        .client
        .delete(app.url("/v1/me"))
        .bearer_auth(&gone)
        .json(&json!({"password": "correct horse battery"}))
        .send()
        .await
        .unwrap();
    assert!(res.status().is_success());

    let mut lines: Vec<Value> = Vec::new();
    let mut path = "/v1/leaderboard?limit=5".to_string();
    loop {
        let page = get_ok(&app, &path, None).await;
        let players = page["players"].as_array().unwrap();
        assert!(players.len() <= 5);
        lines.extend(players.iter().cloned());
        match page["next_cursor"].as_str() {
            Some(next) => path = format!("/v1/leaderboard?limit=5&cursor={next}"),
            None => break,
        }
    }
    assert_eq!(lines.len(), 13, "{lines:#?}");
    assert_eq!(lines[0]["username"], "mcts");
    assert_eq!(lines[0]["bot"], true);
    assert_eq!(lines[0]["rank"], 1);
    assert!(lines.iter().all(|l| l["rating"]["provisional"] == false));
    assert!(lines[1..].iter().all(|l| l["bot"] == false));
    let ratings: Vec<i64> = lines
        .iter()
        .map(|l| l["rating"]["rating"].as_i64().unwrap())
        .collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
    // player07 and player06 are equal: they share a rank, and the next one skips it.
    for (i, line) in lines.iter().enumerate() {
        let better = ratings.iter().filter(|r| **r > ratings[i]).count();
        assert_eq!(line["rank"], better as i64 + 1, "{line}");
    }
    let tied: Vec<&Value> = lines
        .iter()
        .filter(|l| l["username"] == "player06" || l["username"] == "player07")
        .collect();
    assert_eq!(tied[0]["rank"], tied[1]["rank"]);
    assert!(
        lines
            .iter()
            .all(|l| l["username"] != "gone" && l["username"] != "newcomer")
    );

    problem(
        get(&app, "/v1/leaderboard?cursor=nothex", None).await,
        400,
        "invalid_cursor",
    )
    .await;
    problem(
        get(&app, "/v1/leaderboard?limit=0", None).await,
        400,
        "invalid_query",
    )
    .await;
    // The profile shows the same rating.
    let p = get_ok(&app, "/v1/players/player11", None).await;
    assert_eq!(p["rating"]["games"], 21);
    assert_eq!(p["rating"]["provisional"], false);
    assert_eq!(p["rating"]["rating"], 1500 + 60 * (31 - 6));
}

#[tokio::test]
async fn a_stranger_learns_only_the_day_of_a_rated_private_game_not_its_time_nor_its_players() {
    let app = spawn_app().await;
    let alice = app.signed_up("alice").await;
    let bob = app.signed_up("bob").await;
    let carol = app.signed_up("carol").await;
    let private = finished_game(&app, ("alice", &alice), ("bob", &bob), true).await;
    let mine = until(&app, "/v1/players/alice/rating-history", &alice, |h| {
        h["entries"].as_array().unwrap().len() == 1
    })
    .await;
    let exact = mine["entries"][0]["finished_at"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(mine["entries"][0]["game_id"], private.as_str());
    // Both histories, as anyone else sees them: the day and the numbers, nothing that would
    // pair the two entries into one game.
    for (player, token) in [
        ("alice", None),
        ("bob", None),
        ("alice", Some(carol.as_str())),
    ] {
        let seen = get_ok(&app, &format!("/v1/players/{player}/rating-history"), token).await;
        let entry = &seen["entries"][0];
        assert!(entry["game_id"].is_null(), "{seen}");
        assert!(entry["finished_at"].is_null(), "{seen}");
        assert_eq!(entry["finished_on"], &exact[..10]);
        assert!(!seen.to_string().contains(&exact), "{seen}");
    }
    // Nor does any other public place name it, its time or its opponent.
    for path in [
        "/v1/players/alice/games",
        "/v1/players/bob/games",
        "/v1/players/alice",
        "/v1/leaderboard",
        "/v1/players/alice/games?opponent=bob",
    ] {
        let seen = get_ok(&app, path, None).await.to_string();
        assert!(!seen.contains(&private), "{path}: {seen}");
        assert!(!seen.contains(&exact), "{path}: {seen}");
    }
    // Its players still see it whole.
    let bobs = get_ok(&app, "/v1/players/alice/rating-history", Some(&bob)).await;
    assert_eq!(bobs["entries"][0]["finished_at"], exact.as_str());
}
