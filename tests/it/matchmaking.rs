//! Matchmaking (service rules §9.10) over real HTTP and PostgreSQL: seeks listed to all, paired
//! as soon as a compatible table exists (options, ratings, bot accounts), the oldest first, with
//! their caps, cancels and drops; quick play; challenges told, accepted into a game or declined
//! with a reason, refused by a mute, and capped.

use crate::common;

use serde_json::{Value, json};

use common::app::{TestApp, problem, spawn_app};
use common::games::{Api, created, notifications_settled, ok};

/// A new account turned into a bot account (service rules §9.9); its token.
async fn bot_account(app: &TestApp, name: &str) -> String {
    let session = app.signed_up(name).await;
    let res = Api::of(app).post("/v1/me/bot", &session, &json!({})).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    body["token"]["token"].as_str().unwrap().to_string()
}

async fn seek(api: &Api, token: &str, body: Value) -> Value {
    let res = api.post("/v1/seeks", token, &body).await;
    assert_eq!(res.status(), 201, "{body}: {}", res.text().await.unwrap());
    res.json().await.unwrap()
}

/// Every open seek, read without a token (seeks are public), following the pages.
async fn open_seeks(app: &TestApp) -> Vec<Value> {
    let mut all = Vec::new();
    let mut cursor = String::new();
    loop {
        let res = app.get(&format!("/v1/seeks?limit=2{cursor}")).await;
        let page = ok(res).await;
        all.extend(page["seeks"].as_array().unwrap().iter().cloned());
        match page["next_cursor"].as_str() {
            Some(next) => cursor = format!("&cursor={next}"),
            None => return all,
        }
    }
}

/// The account's notifications of `kind`, once the games' outboxes are fanned out.
async fn told(app: &TestApp, username: &str, kind: &str) -> Vec<(Option<uuid::Uuid>, Value)> {
    notifications_settled(&app.pool).await;
    let rows: Vec<(Option<uuid::Uuid>, sqlx::types::Json<Value>)> = sqlx::query_as(
        "SELECT n.game_id, n.payload FROM notifications n JOIN accounts a ON a.id = n.account_id \
         WHERE a.username = $1 AND n.kind = $2 ORDER BY n.id",
    )
    .bind(username)
    .bind(kind)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    rows.into_iter().map(|(g, p)| (g, p.0)).collect()
}

/// The body of a 201.
async fn delete(app: &TestApp, path: &str, token: &str) -> reqwest::Response {
    app.client
        .delete(app.url(path))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_seek_is_public_and_the_next_compatible_one_pairs_both_into_a_started_game() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let ailsa = app.signed_up("ailsa").await;
    let bruce = app.signed_up("bruce").await;
    let mine = seek(
        &api,
        &ailsa,
        json!({"players": 2, "turn_time_limit_s": 86400}),
    )
    .await;
    assert_eq!(mine["username"], "ailsa");
    assert_eq!(mine["rating"], 1500);
    assert_eq!(mine["provisional"], true);
    assert_eq!(mine["rated"], true);
    assert_eq!(
        mine["bots"], false,
        "a rated seek admits no bot account by default"
    );
    assert_eq!(mine["turn_time_limit_s"], 86400);
    assert_eq!(mine["game_id"], Value::Null);
    assert!(mine["age_s"].as_i64().unwrap() >= 0);
    let made = chrono::DateTime::parse_from_rfc3339(mine["created_at"].as_str().unwrap()).unwrap();
    let ends = chrono::DateTime::parse_from_rfc3339(mine["expires_at"].as_str().unwrap()).unwrap();
    assert_eq!((ends - made).num_days(), 7, "--seek-days defaults to 7");
    let listed = open_seeks(&app).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["id"], mine["id"]);

    // Another clock is another pool: no pairing.
    let other = seek(&api, &bruce, json!({"players": 2})).await;
    assert_eq!(other["game_id"], Value::Null);
    assert_eq!(open_seeks(&app).await.len(), 2);
    // The same options pair at once: the answer names the game, both seeks are consumed.
    let paired = seek(
        &api,
        &bruce,
        json!({"players": 2, "turn_time_limit_s": 86400}),
    )
    .await;
    let game_id = paired["game_id"]
        .as_str()
        .expect("paired into a game")
        .to_string();
    let listed = open_seeks(&app).await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0]["id"], other["id"]);
    let game = api.game(&game_id, &ailsa).await;
    assert_eq!(game["game"]["status"], "active");
    assert_eq!(game["game"]["rated"], true);
    assert_eq!(game["game"]["options"]["turn_time_limit_s"], 86400);
    let mut names: Vec<&str> = game["game"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["username"].as_str().unwrap())
        .collect();
    names.sort_unstable();
    assert_eq!(names, ["ailsa", "bruce"]);
    // Each is told, with the game and the seek it came from.
    for (name, seek_id) in [("ailsa", &mine["id"]), ("bruce", &paired["id"])] {
        let notes = told(&app, name, "seek_matched").await;
        assert_eq!(notes.len(), 1, "{name}: {notes:?}");
        assert_eq!(notes[0].0.unwrap().to_string(), game_id);
        assert_eq!(&notes[0].1["seek_id"], seek_id);
    }
    // A consumed seek is no longer the owner's to cancel.
    let res = delete(
        &app,
        &format!("/v1/seeks/{}", mine["id"].as_str().unwrap()),
        &ailsa,
    )
    .await;
    problem(res, 404, "seek_not_found").await;
}

#[tokio::test]
async fn ratings_ranges_and_bot_accounts_decide_who_may_pair() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let picky = app.signed_up("picky").await;
    let plain = app.signed_up("plain").await;
    let bot = bot_account(&app, "botty").await;
    // Every start rating is 1500: a range above it admits nobody yet.
    let high = seek(&api, &picky, json!({"players": 2, "rating_min": 1600})).await;
    let res = seek(&api, &plain, json!({"players": 2})).await;
    assert_eq!(res["game_id"], Value::Null, "outside the range: no pairing");
    // A range the other rating lies outside of refuses too, from either side.
    let low = seek(&api, &picky, json!({"players": 3, "rating_max": 1400})).await;
    assert_eq!(low["rating_max"], 1400);
    problem(
        api.post(
            "/v1/seeks",
            &plain,
            &json!({"players": 2, "rating_min": 1700, "rating_max": 1600}),
        )
        .await,
        422,
        "invalid_seek",
    )
    .await;

    // A bot account seeks only games open to bot accounts, and pairs only with such seeks.
    problem(
        api.post("/v1/seeks", &bot, &json!({"players": 4})).await,
        422,
        "invalid_seek",
    )
    .await;
    problem(
        api.post("/v1/seeks/quick", &bot, &json!({"players": 4}))
            .await,
        422,
        "invalid_seek",
    )
    .await;
    let by_bot = seek(&api, &bot, json!({"players": 2, "rated": false})).await;
    assert_eq!(
        by_bot["bots"], true,
        "a casual seek admits bot accounts by default"
    );
    assert_eq!(by_bot["bot_account"], true);
    let people_only = seek(
        &api,
        &plain,
        json!({"players": 2, "rated": false, "bots": false}),
    )
    .await;
    assert_eq!(
        people_only["game_id"],
        Value::Null,
        "it refuses the bot account"
    );
    let welcoming = app.signed_up("welcoming").await;
    let w = seek(&api, &welcoming, json!({"players": 2, "rated": false})).await;
    let game_id = w["game_id"]
        .as_str()
        .expect("the oldest seek that admits it: the bot's");
    let game = api.game(game_id, &welcoming).await;
    let mut names: Vec<&str> = game["game"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["username"].as_str().unwrap())
        .collect();
    names.sort_unstable();
    assert_eq!(names, ["botty", "welcoming"]);
    let seats = game["game"]["seats"].as_array().unwrap();
    assert!(seats.iter().any(|s| s["bot_account"] == true), "{seats:?}");
    let open: Vec<Value> = open_seeks(&app).await;
    let ids: Vec<&Value> = open.iter().map(|s| &s["id"]).collect();
    assert_eq!(open.len(), 4, "{open:?}");
    assert!(ids.contains(&&people_only["id"]) && ids.contains(&&high["id"]));
    assert!(ids.contains(&&low["id"]));
}

#[tokio::test]
async fn the_oldest_seeks_pair_first_and_an_account_never_meets_itself() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let names = ["one", "two", "three", "four"];
    let mut tokens = Vec::new();
    for name in names {
        tokens.push(app.signed_up(name).await);
    }
    let three = json!({"players": 3, "rated": false});
    // The same account twice does not make a table of two.
    let first = seek(&api, &tokens[0], three.clone()).await;
    let again = seek(&api, &tokens[0], three.clone()).await;
    assert_eq!(again["game_id"], Value::Null);
    let second = seek(&api, &tokens[1], three.clone()).await;
    assert_eq!(
        second["game_id"],
        Value::Null,
        "one's two seeks and two's: two accounts"
    );
    let last = seek(&api, &tokens[2], three.clone()).await;
    let game_id = last["game_id"]
        .as_str()
        .expect("three accounts")
        .to_string();
    // The oldest of one's seeks paired; the younger stays open.
    let open = open_seeks(&app).await;
    assert_eq!(open.len(), 1, "{open:?}");
    assert_eq!(open[0]["id"], again["id"]);
    let _ = (first, second);
    let game = api.game(&game_id, &tokens[0]).await;
    assert_eq!(game["game"]["seats"].as_array().unwrap().len(), 3);
    assert_eq!(game["game"]["status"], "active");
}

#[tokio::test]
async fn seeks_are_capped_cancelled_by_their_owner_and_dropped_by_a_vacation() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let morag = app.signed_up("morag").await;
    let other = app.signed_up("other").await;
    let mut made = Vec::new();
    for players in [3, 4, 5] {
        made.push(seek(&api, &morag, json!({"players": players})).await);
    }
    problem(
        api.post("/v1/seeks", &morag, &json!({"players": 2})).await,
        409,
        "too_many_seeks",
    )
    .await;
    let mine = api.get_ok("/v1/me/seeks", &morag).await;
    assert_eq!(mine["seeks"].as_array().unwrap().len(), 3);
    // Only the owner cancels; a cancelled seek is gone.
    let id = made[0]["id"].as_str().unwrap();
    problem(
        delete(&app, &format!("/v1/seeks/{id}"), &other).await,
        404,
        "seek_not_found",
    )
    .await;
    assert_eq!(
        delete(&app, &format!("/v1/seeks/{id}"), &morag)
            .await
            .status(),
        204
    );
    problem(
        delete(&app, &format!("/v1/seeks/{id}"), &morag).await,
        404,
        "seek_not_found",
    )
    .await;
    assert_eq!(open_seeks(&app).await.len(), 2);

    // A vacation drops the rest for good, and no seek is made while away.
    created(
        api.post("/v1/me/vacation", &morag, &json!({"days": 2}))
            .await,
    )
    .await;
    assert!(open_seeks(&app).await.is_empty());
    problem(
        api.post("/v1/seeks", &morag, &json!({"players": 2})).await,
        409,
        "vacation_in_progress",
    )
    .await;
    assert_eq!(delete(&app, "/v1/me/vacation", &morag).await.status(), 200);
    assert!(open_seeks(&app).await.is_empty(), "dropped, not paused");
    let mine = api.get_ok("/v1/me/seeks", &morag).await;
    assert_eq!(mine["seeks"], json!([]));
    // A seek of the same options by another does not pair with a dropped one.
    let lone = seek(&api, &other, json!({"players": 3})).await;
    assert_eq!(lone["game_id"], Value::Null);
}

#[tokio::test]
async fn quick_play_seeks_the_house_options_and_pairs_like_any_seek() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let a = app.signed_up("quick_a").await;
    let b = app.signed_up("quick_b").await;
    let res = api
        .post("/v1/seeks/quick", &a, &json!({"players": 2}))
        .await;
    assert_eq!(res.status(), 201);
    let first: Value = res.json().await.unwrap();
    assert_eq!(first["rated"], true);
    assert_eq!(first["bots"], false);
    assert_eq!(first["turn_time_limit_s"], 259200);
    assert_eq!(first["include_bruce"], false);
    assert_eq!(first["target_score"], 40);
    assert_eq!(first["power_rule"], "lowest_strength");
    // The same options asked for in full are the same pool.
    let full = seek(
        &api,
        &b,
        json!({"players": 2, "rated": true, "turn_time_limit_s": 259200, "target_score": 40}),
    )
    .await;
    assert!(full["game_id"].is_string(), "{full}");
    problem(
        api.post("/v1/seeks/quick", &a, &json!({"players": 6}))
            .await,
        422,
        "invalid_player_count",
    )
    .await;
    problem(
        api.post(
            "/v1/seeks/quick",
            &a,
            &json!({"players": 2, "rated": false}),
        )
        .await,
        400,
        "malformed_json",
    )
    .await;
}

#[tokio::test]
async fn a_challenge_is_told_and_accepted_by_everyone_into_a_game() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let ailsa = app.signed_up("ailsa").await;
    let bruce = app.signed_up("bruce").await;
    let bot = bot_account(&app, "robo").await;
    let res = api
        .post(
            "/v1/challenges",
            &ailsa,
            &json!({"to": ["Bruce", "robo"], "rated": false, "turn_time_limit_s": 3600}),
        )
        .await;
    assert_eq!(res.status(), 201);
    assert!(
        res.headers()["location"]
            .to_str()
            .unwrap()
            .starts_with("/v1/challenges/")
    );
    let c: Value = res.json().await.unwrap();
    assert_eq!(c["players"], 3, "one seat each by default");
    assert_eq!(c["state"], "open");
    assert_eq!(c["to"][0]["username"], "bruce");
    assert_eq!(c["to"][1]["bot_account"], true);
    assert_eq!(c["to"][1]["answer"], "pending");
    let id = c["id"].as_str().unwrap().to_string();
    for name in ["bruce", "robo"] {
        let notes = told(&app, name, "challenge").await;
        assert_eq!(notes.len(), 1, "{name}");
        assert_eq!(notes[0].0, None, "about no game yet");
        assert_eq!(notes[0].1["challenge_id"], id.as_str());
        assert_eq!(notes[0].1["challenger"], "ailsa");
    }
    // Both sides list it.
    let mine = api.get_ok("/v1/me/challenges", &ailsa).await;
    assert_eq!(mine["outgoing"][0]["id"], id.as_str());
    assert_eq!(mine["incoming"], json!([]));
    let theirs = api.get_ok("/v1/me/challenges", &bot).await;
    assert_eq!(theirs["incoming"][0]["id"], id.as_str());
    // Only its invitees answer it.
    let stranger = app.signed_up("stranger").await;
    problem(
        api.post(
            &format!("/v1/challenges/{id}/accept"),
            &stranger,
            &json!({}),
        )
        .await,
        404,
        "challenge_not_found",
    )
    .await;
    problem(
        api.get(&format!("/v1/challenges/{id}"), &stranger).await,
        404,
        "challenge_not_found",
    )
    .await;

    let after_one = ok(api
        .post(&format!("/v1/challenges/{id}/accept"), &bruce, &json!({}))
        .await)
    .await;
    assert_eq!(after_one["state"], "open");
    assert_eq!(after_one["to"][0]["answer"], "accepted");
    // Accepting again changes nothing.
    let again = ok(api
        .post(&format!("/v1/challenges/{id}/accept"), &bruce, &json!({}))
        .await)
    .await;
    assert_eq!(again["game_id"], Value::Null);
    // The bot account accepts through the same call; the last acceptance makes the game.
    let done = ok(api
        .post(&format!("/v1/challenges/{id}/accept"), &bot, &json!({}))
        .await)
    .await;
    assert_eq!(done["state"], "accepted");
    let game_id = done["game_id"].as_str().expect("the game").to_string();
    let game = api.game(&game_id, &bot).await;
    assert_eq!(game["game"]["status"], "active");
    assert_eq!(game["game"]["rated"], false);
    assert_eq!(game["game"]["options"]["turn_time_limit_s"], 3600);
    problem(
        api.post(&format!("/v1/challenges/{id}/accept"), &bruce, &json!({}))
            .await,
        409,
        "challenge_not_open",
    )
    .await;
    let seen = api.get_ok(&format!("/v1/challenges/{id}"), &ailsa).await;
    assert_eq!(seen["game_id"], game_id.as_str());
}

#[tokio::test]
async fn a_declined_challenge_ends_and_tells_the_challenger_why() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let ailsa = app.signed_up("ailsa").await;
    let bruce = app.signed_up("bruce").await;
    let c = created(
        api.post(
            "/v1/challenges",
            &ailsa,
            &json!({"to": ["bruce"], "players": 2}),
        )
        .await,
    )
    .await;
    let id = c["id"].as_str().unwrap().to_string();
    problem(
        api.post(
            &format!("/v1/challenges/{id}/decline"),
            &bruce,
            &json!({"reason": "bored"}),
        )
        .await,
        400,
        "malformed_json",
    )
    .await;
    let declined = ok(api
        .post(
            &format!("/v1/challenges/{id}/decline"),
            &bruce,
            &json!({"reason": "too_fast"}),
        )
        .await)
    .await;
    assert_eq!(declined["state"], "declined");
    assert_eq!(declined["to"][0]["answer"], "declined");
    assert_eq!(declined["to"][0]["reason"], "too_fast");
    let notes = told(&app, "ailsa", "challenge_declined").await;
    assert_eq!(notes.len(), 1);
    assert_eq!(
        notes[0].1,
        json!({"challenge_id": id, "by": "bruce", "reason": "too_fast"})
    );
    problem(
        api.post(&format!("/v1/challenges/{id}/accept"), &bruce, &json!({}))
            .await,
        409,
        "challenge_not_open",
    )
    .await;
    // Without a body, the reason is `generic`; a cancelled challenge takes no answer.
    let c = created(
        api.post("/v1/challenges", &ailsa, &json!({"to": ["bruce"]}))
            .await,
    )
    .await;
    let id = c["id"].as_str().unwrap();
    problem(
        delete(&app, &format!("/v1/challenges/{id}"), &bruce).await,
        404,
        "challenge_not_found",
    )
    .await;
    assert_eq!(
        delete(&app, &format!("/v1/challenges/{id}"), &ailsa)
            .await
            .status(),
        204
    );
    problem(
        api.post(&format!("/v1/challenges/{id}/decline"), &bruce, &json!({}))
            .await,
        409,
        "challenge_not_open",
    )
    .await;
    let c = created(
        api.post("/v1/challenges", &ailsa, &json!({"to": ["bruce"]}))
            .await,
    )
    .await;
    let res = app
        .client
        .post(app.url(&format!(
            "/v1/challenges/{}/decline",
            c["id"].as_str().unwrap()
        )))
        .bearer_auth(&bruce)
        .send()
        .await
        .unwrap();
    assert_eq!(ok(res).await["to"][0]["reason"], "generic");
}

#[tokio::test]
async fn challenges_are_checked_refused_by_a_mute_and_capped() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let ailsa = app.signed_up("ailsa").await;
    let bruce = app.signed_up("bruce").await;
    for (body, status, code) in [
        (json!({"to": []}), 422, "invalid_challenge"),
        (json!({"to": ["bruce", "BRUCE"]}), 422, "invalid_challenge"),
        (json!({"to": ["ailsa"]}), 422, "invalid_challenge"),
        (
            json!({"to": ["bruce"], "players": 1}),
            422,
            "invalid_player_count",
        ),
        (
            json!({"to": ["bruce", "x1", "x2"], "players": 2}),
            422,
            "invalid_challenge",
        ),
        (json!({"to": ["nobody_here"]}), 404, "player_not_found"),
        (json!({"to": "bruce"}), 422, "invalid_challenge"),
        (
            json!({"to": ["bruce"], "colour": "red"}),
            422,
            "invalid_options",
        ),
    ] {
        problem(
            api.post("/v1/challenges", &ailsa, &body).await,
            status,
            code,
        )
        .await;
    }
    // A bot account challenges nobody.
    let bot = bot_account(&app, "robo").await;
    problem(
        api.post("/v1/challenges", &bot, &json!({"to": ["bruce"]}))
            .await,
        403,
        "bot_account_cannot_create_games",
    )
    .await;
    // Muted by bruce: refused, and bruce is told nothing.
    let res = app
        .client
        .post(app.url("/v1/me/muted/ailsa"))
        .bearer_auth(&bruce)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    problem(
        api.post("/v1/challenges", &ailsa, &json!({"to": ["bruce"]}))
            .await,
        403,
        "challenge_refused",
    )
    .await;
    assert!(told(&app, "bruce", "challenge").await.is_empty());
    // 20 open at most.
    let target = app.signed_up("target").await;
    let _ = target;
    for _ in 0..20 {
        let res = api
            .post("/v1/challenges", &ailsa, &json!({"to": ["target"]}))
            .await;
        assert_eq!(res.status(), 201);
    }
    problem(
        api.post("/v1/challenges", &ailsa, &json!({"to": ["target"]}))
            .await,
        409,
        "too_many_challenges",
    )
    .await;
    // 60 a day, open or not.
    let ids: Vec<uuid::Uuid> = sqlx::query_scalar("SELECT id FROM challenges")
        .fetch_all(&app.pool)
        .await
        .unwrap();
    for id in ids {
        assert_eq!(
            delete(&app, &format!("/v1/challenges/{id}"), &ailsa)
                .await
                .status(),
            204
        );
    }
    for _ in 20..60 {
        let res = api
            .post("/v1/challenges", &ailsa, &json!({"to": ["target"]}))
            .await;
        assert_eq!(res.status(), 201);
        let id = res.json::<Value>().await.unwrap()["id"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(
            delete(&app, &format!("/v1/challenges/{id}"), &ailsa)
                .await
                .status(),
            204
        );
    }
    let res = api
        .post("/v1/challenges", &ailsa, &json!({"to": ["target"]}))
        .await;
    let retry: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry > 3600 * 23, "{retry}");
    problem(res, 429, "too_many_challenges_today").await;
}

#[tokio::test]
async fn a_deleted_account_leaves_no_seek_open_and_no_challenge_to_accept() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let leaving = app.signed_up("leaving").await;
    let staying = app.signed_up("staying").await;
    seek(&api, &leaving, json!({"players": 3})).await;
    let c = created(
        api.post("/v1/challenges", &leaving, &json!({"to": ["staying"]}))
            .await,
    )
    .await;
    let id = c["id"].as_str().unwrap();
    let res = app
        .client
        .delete(app.url("/v1/me"))
        .bearer_auth(&leaving)
        .json(&json!({"password": "correct horse battery"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    assert!(open_seeks(&app).await.is_empty());
    let lone = seek(&api, &staying, json!({"players": 3})).await;
    assert_eq!(lone["game_id"], Value::Null);
    let theirs = api.get_ok("/v1/me/challenges", &staying).await;
    assert_eq!(theirs["incoming"][0]["state"], "cancelled");
    problem(
        api.post(&format!("/v1/challenges/{id}/accept"), &staying, &json!({}))
            .await,
        409,
        "challenge_not_open",
    )
    .await;
}
