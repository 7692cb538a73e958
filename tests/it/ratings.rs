//! Ratings (service rules §9.7) over real HTTP and PostgreSQL: `rated` at creation, the final
//! places, and the rating worker (test apps run it every 200 ms): a finished rated game rates
//! every seat once with the model's numbers, an unrated game rates nobody, a bot's seat rates
//! its level's profile, and two workers on one database, a second pass or a replay never rate
//! twice.

use crate::common;

use std::time::{Duration, Instant};

use rules::{Rating, rate};
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use common::app::{TestApp, problem, spawn_app, spawn_app_on, spawn_app_with};
use common::games::{Api, Table, create_game, ok, play_decisions, seat_table};

async fn resign(api: &Api, table: &Table, seat: u64) {
    ok(api
        .post(&table.path("/resign"), table.seat(seat), &json!({}))
        .await)
    .await;
}

/// Waits (at most a minute, never asserting how long) until the worker has rated the game.
async fn rated(pool: &PgPool, game: &str) {
    let id: Uuid = game.parse().unwrap();
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        let done: bool =
            sqlx::query_scalar("SELECT ratings_applied_at IS NOT NULL FROM games WHERE id = $1")
                .bind(id)
                .fetch_one(pool)
                .await
                .unwrap();
        if done {
            return;
        }
        assert!(Instant::now() < until, "game {game} was never rated");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// An account's `player_ratings` row by username: (rating, games), or `None`.
async fn rating_of(pool: &PgPool, username: &str) -> Option<(Rating, i32, i32)> {
    sqlx::query_as::<_, (f64, f64, i32, i32)>(
        "SELECT r.mu, r.sigma, r.rating, r.games FROM player_ratings r \
         JOIN accounts a ON a.id = r.account_id WHERE a.username = $1",
    )
    .bind(username)
    .fetch_optional(pool)
    .await
    .unwrap()
    .map(|(mu, sigma, rating, games)| (Rating { mu, sigma }, rating, games))
}

async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

async fn created(res: reqwest::Response) -> Value {
    assert_eq!(res.status(), 201);
    res.json().await.unwrap()
}

fn assert_close(got: Rating, want: Rating) {
    assert!(
        (got.mu - want.mu).abs() < 1e-9 && (got.sigma - want.sigma).abs() < 1e-9,
        "{got:?} is not {want:?}"
    );
}

/// A two-player game between `<prefix>0` and `<prefix>1` that seat 1 loses by resigning, once
/// each has taken two decisions (service rules §9.7: enough play to be rated).
async fn won_by_seat_0(app: &TestApp, prefix: &str) -> Table {
    let api = Api::of(app);
    let table = seat_table(app, prefix, json!({"players": 2})).await;
    play_decisions(&api, &table, 2, 5).await;
    resign(&api, &table, 1).await;
    table
}

#[tokio::test]
async fn a_finished_game_between_people_is_rated_once_with_the_models_numbers() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "skye", json!({"players": 3})).await;
    let active = api.game(&table.id, table.seat(0)).await;
    assert_eq!(
        active["game"]["rated"], true,
        "people only: rated by default"
    );
    assert!(active["view"]["places"].is_null());
    assert!(active["view"]["players"][0]["place"].is_null());

    // Seats 1 and 2 resign with equal scores (none: no skirmish ends in two decisions each):
    // they tie behind seat 0.
    play_decisions(&api, &table, 2, 3).await;
    resign(&api, &table, 1).await;
    resign(&api, &table, 2).await;
    let finished = api.game(&table.id, table.seat(0)).await;
    assert_eq!(finished["game"]["status"], "finished");
    assert_eq!(finished["view"]["places"], json!([1, 2, 2]));
    assert_eq!(finished["game"]["result"]["places"], json!([1, 2, 2]));
    let places: Vec<Value> = finished["view"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["place"].clone())
        .collect();
    assert_eq!(places, vec![json!(1), json!(2), json!(2)]);

    rated(&app.pool, &table.id).await;
    let want = rate(&[(Rating::START, 1), (Rating::START, 2), (Rating::START, 2)]);
    for (seat, want) in want.iter().enumerate() {
        let (got, shown, games) = rating_of(&app.pool, &format!("skye{seat}")).await.unwrap();
        assert_close(got, *want);
        assert_eq!(shown, want.display());
        assert_eq!(games, 1);
    }
    assert!(want[0].mu > want[1].mu);
    assert_eq!(
        count(&app.pool, "SELECT count(*) FROM rating_history").await,
        3
    );
    let seats: Vec<(i16, i16, i32, i32)> = sqlx::query_as(
        "SELECT seat, place, rating_before, rating FROM game_ratings \
         WHERE game_id = $1 ORDER BY seat",
    )
    .bind(table.game_id().0)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        seats,
        vec![
            (0, 1, 1500, want[0].display()),
            (1, 2, 1500, want[1].display()),
            (2, 2, 1500, want[2].display()),
        ]
    );

    // Another pass finds nothing to rate: the game counts once.
    assert_eq!(
        lords::social::rater::rate_pending(&app.state.store)
            .await
            .unwrap(),
        0
    );
    assert_eq!(rating_of(&app.pool, "skye0").await.unwrap().2, 1);
}

#[tokio::test]
async fn the_next_game_starts_from_the_rating_the_last_one_left() {
    let app = spawn_app().await;
    let first = won_by_seat_0(&app, "iona").await;
    rated(&app.pool, &first.id).await;
    let api = Api::of(&app);
    // The loser of the first game wins the second.
    let id = create_game(&app, first.seat(1), &json!({"players": 2})).await;
    let second = Table {
        id,
        tokens: vec![first.seat(1).to_string(), first.seat(0).to_string()],
        spectator: first.spectator.clone(),
    };
    ok(api
        .post(&second.path("/join"), second.seat(1), &json!({}))
        .await)
    .await;
    play_decisions(&api, &second, 2, 9).await;
    resign(&api, &second, 1).await;
    rated(&app.pool, &second.id).await;

    let after_first = rate(&[(Rating::START, 1), (Rating::START, 2)]);
    let after_second = rate(&[(after_first[1], 1), (after_first[0], 2)]);
    let (iona1, _, games) = rating_of(&app.pool, "iona1").await.unwrap();
    assert_close(iona1, after_second[0]);
    assert_eq!(games, 2);
    let (iona0, _, _) = rating_of(&app.pool, "iona0").await.unwrap();
    assert_close(iona0, after_second[1]);
    let history: Vec<(i32, i32)> = sqlx::query_as(
        "SELECT h.rating_before, h.rating FROM rating_history h \
         JOIN accounts a ON a.id = h.account_id WHERE a.username = 'iona1' \
         ORDER BY h.finished_at, h.game_id",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        history,
        vec![
            (1500, after_first[1].display()),
            (after_first[1].display(), after_second[0].display()),
        ]
    );
}

#[tokio::test]
async fn an_unrated_game_rates_nobody() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "mull", json!({"players": 2, "rated": false})).await;
    assert_eq!(
        api.game(&table.id, table.seat(0)).await["game"]["rated"],
        false
    );
    resign(&api, &table, 1).await;
    let finished = api.game(&table.id, table.seat(0)).await;
    assert_eq!(finished["view"]["places"], json!([1, 2]));
    // The worker's own pass, run here: nothing to rate.
    assert_eq!(
        lords::social::rater::rate_pending(&app.state.store)
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        count(&app.pool, "SELECT count(*) FROM player_ratings").await,
        0
    );
    assert_eq!(
        count(&app.pool, "SELECT count(*) FROM game_ratings").await,
        0
    );
}

#[tokio::test]
async fn rated_must_be_a_boolean() {
    let app = spawn_app().await;
    let token = app.signed_up("arran").await;
    let res = Api::of(&app)
        .post("/v1/games", &token, &json!({"players": 2, "rated": "yes"}))
        .await;
    problem(res, 422, "invalid_options").await;
}

#[tokio::test]
async fn a_game_with_bots_is_unrated_unless_asked_and_then_rates_the_bots_profile() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let token = app.signed_up("lewis").await;
    let bots = json!([{"seat": 1, "level": "random"}]);
    let unrated = created(
        api.post("/v1/games", &token, &json!({"players": 2, "bots": bots}))
            .await,
    )
    .await;
    assert_eq!(unrated["rated"], false, "with bots: unrated by default");

    let game = created(
        api.post(
            "/v1/games",
            &token,
            &json!({"players": 2, "bots": bots, "rated": true}),
        )
        .await,
    )
    .await;
    assert_eq!(game["rated"], true);
    assert_eq!(
        game["status"], "active",
        "every other seat a bot's: started"
    );
    let id = game["id"].as_str().unwrap().to_string();
    let table = Table {
        id: id.clone(),
        tokens: vec![token.clone()],
        spectator: token.clone(),
    };
    // The person takes two decisions (the bot's seat needs none of its own).
    play_decisions(&api, &table, 2, 4).await;
    resign(&api, &table, 0).await;
    rated(&app.pool, &id).await;

    // The bot won, rated as the `random` level's built-in account.
    let want = rate(&[(Rating::START, 2), (Rating::START, 1)]);
    let (bot, _, games) = rating_of(&app.pool, "random").await.unwrap();
    assert_close(bot, want[1]);
    assert_eq!(games, 1);
    let (person, _, _) = rating_of(&app.pool, "lewis").await.unwrap();
    assert_close(person, want[0]);
    assert!(rating_of(&app.pool, "greedy").await.is_none());
    // The game with bots not asked to be rated is never rated.
    assert_eq!(
        lords::social::rater::rate_pending(&app.state.store)
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        count(&app.pool, "SELECT count(*) FROM rating_history").await,
        2
    );
}

#[tokio::test]
async fn a_rematch_keeps_the_games_rated_choice() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "tiree", json!({"players": 2, "rated": false})).await;
    resign(&api, &table, 1).await;
    let rematch = created(
        api.post(&table.path("/rematch"), table.seat(0), &json!({}))
            .await,
    )
    .await;
    assert_eq!(rematch["rated"], false, "{rematch}");
}

#[tokio::test]
async fn two_workers_on_one_database_rate_each_game_once() {
    let app = spawn_app().await;
    let other = spawn_app_on(app.pool.clone(), app.db_url.clone(), |_| {}).await;
    let mut games = Vec::new();
    for round in 0..4 {
        games.push(won_by_seat_0(&app, &format!("coll{round}_")).await);
    }
    // And passes run by hand beside both workers.
    let passes: Vec<_> = (0..4)
        .map(|_| {
            let store = other.state.store.clone();
            tokio::spawn(async move { lords::social::rater::rate_pending(&store).await.unwrap() })
        })
        .collect();
    for pass in passes {
        pass.await.unwrap();
    }
    for game in &games {
        rated(&app.pool, &game.id).await;
    }
    assert_eq!(
        count(&app.pool, "SELECT count(*) FROM game_ratings").await,
        8
    );
    assert_eq!(
        count(&app.pool, "SELECT count(*) FROM rating_history").await,
        8
    );
    assert_eq!(
        count(
            &app.pool,
            "SELECT count(*) FROM player_ratings WHERE games <> 1"
        )
        .await,
        0
    );
    let want = rate(&[(Rating::START, 1), (Rating::START, 2)]);
    let (winner, _, _) = rating_of(&app.pool, "coll2_0").await.unwrap();
    assert_close(winner, want[0]);
}

#[tokio::test]
async fn replaying_a_rated_game_or_clearing_its_marker_never_rates_it_twice() {
    // No worker: the passes are this test's.
    let app = spawn_app_with(|c| c.ratings_poll = None).await;
    let table = won_by_seat_0(&app, "barra").await;
    assert_eq!(
        lords::social::rater::rate_pending(&app.state.store)
            .await
            .unwrap(),
        1
    );
    let before = rating_of(&app.pool, "barra0").await.unwrap();

    // Replayed from its events (as views and `lords verify` do): nothing changes.
    let loaded = app.state.store.load(table.game_id()).await.unwrap();
    assert_eq!(loaded.game.places(), Some(vec![1, 2]));
    assert_eq!(
        lords::social::rater::rate_pending(&app.state.store)
            .await
            .unwrap(),
        0
    );

    // Even with its marker cleared by hand, the history's keys refuse a second rating.
    sqlx::query("UPDATE games SET ratings_applied_at = NULL WHERE id = $1")
        .bind(table.game_id().0)
        .execute(&app.pool)
        .await
        .unwrap();
    assert!(
        lords::social::rater::rate_pending(&app.state.store)
            .await
            .is_err()
    );
    assert_eq!(rating_of(&app.pool, "barra0").await.unwrap(), before);
    assert_eq!(
        count(&app.pool, "SELECT count(*) FROM rating_history").await,
        2
    );
}

#[tokio::test]
async fn a_rated_game_resigned_before_anyone_played_changes_no_rating_and_says_why() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "eigg", json!({"players": 2})).await;
    resign(&api, &table, 1).await;
    let finished = api.game(&table.id, table.seat(0)).await;
    assert_eq!(finished["game"]["rated"], true, "chosen at creation");
    assert_eq!(
        finished["game"]["result"]["unrated_reason"], "too_few_decisions",
        "{}",
        finished["game"]
    );
    assert_eq!(finished["game"]["result"]["own_decisions"], json!([0, 0]));
    // The worker is done with it (once), and nobody's rating moved.
    rated(&app.pool, &table.id).await;
    assert_eq!(
        lords::social::rater::rate_pending(&app.state.store)
            .await
            .unwrap(),
        0
    );
    for sql in [
        "SELECT count(*) FROM player_ratings",
        "SELECT count(*) FROM game_ratings",
        "SELECT count(*) FROM rating_history",
    ] {
        assert_eq!(count(&app.pool, sql).await, 0, "{sql}");
    }
    // The archive says why too.
    let page = ok(app.get("/v1/players/eigg0/games").await).await;
    assert_eq!(page["games"][0]["unrated_reason"], "too_few_decisions");
    assert!(page["games"][0]["seats"][0]["rating_change"].is_null());
}

#[tokio::test]
async fn one_person_playing_alone_before_the_other_resigns_is_not_enough() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "coll", json!({"players": 2})).await;
    // Seat 0 plays on while seat 1 waits; seat 1 then resigns, having decided once at most.
    let mut decided = [0u32; 2];
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(2);
    while decided[1] < 1 {
        let seat = common::games::awaited(&api, &table).await.unwrap();
        common::games::step(&api, &table, &mut rng).await;
        decided[seat as usize] += 1;
    }
    resign(&api, &table, 1).await;
    let finished = api.game(&table.id, table.seat(0)).await;
    assert_eq!(
        finished["game"]["result"]["unrated_reason"],
        "too_few_decisions"
    );
    rated(&app.pool, &table.id).await;
    assert_eq!(
        count(&app.pool, "SELECT count(*) FROM rating_history").await,
        0
    );

    // Two decisions each: rated.
    let rated_table = seat_table(&app, "rum", json!({"players": 2})).await;
    play_decisions(&api, &rated_table, 2, 8).await;
    resign(&api, &rated_table, 1).await;
    let finished = api.game(&rated_table.id, rated_table.seat(0)).await;
    assert!(finished["game"]["result"]["unrated_reason"].is_null());
    rated(&app.pool, &rated_table.id).await;
    assert_eq!(
        count(&app.pool, "SELECT count(*) FROM rating_history").await,
        2
    );
}
