//! Bot accounts over HTTP (service rules §9, bot accounts): only an account that never sat at
//! a game converts; the conversion revokes every session and token and answers one token with
//! every scope; the account never signs in again; profiles and seats show it; its tokens must
//! hold `bot:play`; and a bot invited by username learns of it on its stream, joins and plays
//! a whole game with nothing but its token. Its token rotates (`POST /v1/me/tokens/rotate`),
//! and an operator issues it a new one when it is lost (`lords accounts bot-token`).

use crate::common;

use common::app::{TestApp, problem, spawn_app};
use common::games::{Api, Table, create_game, ok, play_concurrently, play_decisions};
use common::sse::Sse;
use serde_json::{Value, json};

const PASSWORD: &str = "correct horse battery";

/// Converts the session's account; returns the 200 body.
async fn become_bot(app: &TestApp, session: &str) -> Value {
    let res = Api::of(app).post("/v1/me/bot", session, &json!({})).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "no-store");
    res.json().await.unwrap()
}

async fn stream(app: &TestApp, token: &str) -> Sse {
    Sse::new(
        app.client
            .get(app.url("/v1/me/stream"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap(),
    )
}

#[tokio::test]
async fn an_account_that_sat_at_a_game_cannot_become_a_bot() {
    let app = spawn_app().await;
    let session = app.signed_up("isla").await;
    create_game(&app, &session, &json!({"players": 2})).await;
    let res = Api::of(&app).post("/v1/me/bot", &session, &json!({})).await;
    problem(res, 409, "account_has_played").await;
    let me = ok(app.get_with_token("/v1/me", &session).await).await;
    assert_eq!(me["bot"], false, "nothing changed");
    // A session still signs in.
    assert_eq!(app.login("isla", PASSWORD).await.status(), 200);
}

#[tokio::test]
async fn becoming_a_bot_revokes_every_session_and_token_and_answers_one_token_with_every_scope() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    app.create_account("botty", PASSWORD).await;
    let signed_in: Value = app.login("botty", PASSWORD).await.json().await.unwrap();
    let session = signed_in["access_token"].as_str().unwrap().to_string();
    let refresh = signed_in["refresh_token"].as_str().unwrap().to_string();
    let me = ok(app.get_with_token("/v1/me", &session).await).await;
    assert_eq!(me["bot"], false);
    let res = api
        .post(
            "/v1/me/tokens",
            &session,
            &json!({"name": "old", "scopes": ["game:read"]}),
        )
        .await;
    let old_token = res.json::<Value>().await.unwrap()["token"]
        .as_str()
        .unwrap()
        .to_string();
    let mut old_stream = stream(&app, &old_token).await;

    let converted = become_bot(&app, &session).await;
    assert_eq!(converted["account"]["username"], "botty");
    assert_eq!(converted["account"]["bot"], true);
    let token = &converted["token"];
    assert_eq!(token["name"], "bot");
    assert_eq!(
        token["scopes"],
        json!([
            "account:read",
            "game:read",
            "game:play",
            "lobby:write",
            "notifications:write",
            "bot:play"
        ])
    );
    assert!(token["expires_at"].is_null());
    let secret = token["token"].as_str().unwrap().to_string();
    assert!(secret.starts_with("lords_pat_"));

    // Everything from before is refused, the session's access token on the handlers that
    // check a token without the database too (a game's view).
    problem(
        app.get_with_token("/v1/me", &session).await,
        401,
        "invalid_token",
    )
    .await;
    let host = app.signed_up("hostess").await;
    let game = api.post("/v1/games", &host, &json!({"players": 2})).await;
    let game = game.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    problem(
        app.get_with_token(&format!("/v1/games/{game}"), &session)
            .await,
        401,
        "invalid_token",
    )
    .await;
    problem(
        app.get_with_token("/v1/games", &old_token).await,
        401,
        "invalid_token",
    )
    .await;
    old_stream.ends().await;
    let res = app
        .post_json("/v1/auth/refresh", &json!({"refresh_token": refresh}))
        .await;
    problem(res, 401, "invalid_refresh_token").await;
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM api_tokens")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(left, 1, "only the bot's token");
    // No sign-in with the password; a wrong one is still just wrong.
    problem(app.login("botty", PASSWORD).await, 403, "bot_account").await;
    problem(
        app.login("botty", "not the password").await,
        401,
        "invalid_credentials",
    )
    .await;

    // The new token works, and shows a bot everywhere.
    let me = ok(app.get_with_token("/v1/me", &secret).await).await;
    assert_eq!(me["bot"], true);
    let profile = ok(app.get("/v1/players/botty").await).await;
    assert_eq!(profile["bot"], true);
    let person = app.signed_up("isla").await;
    let profile = ok(app.get_with_token("/v1/players/isla", &person).await).await;
    assert_eq!(profile["bot"], false);
    // Tokens are first-party business: the bot cannot make more, nor convert again.
    problem(
        app.get_with_token("/v1/me/tokens", &secret).await,
        403,
        "first_party_only",
    )
    .await;
    problem(
        api.post("/v1/me/bot", &secret, &json!({})).await,
        403,
        "first_party_only",
    )
    .await;
}

#[tokio::test]
async fn a_bot_accounts_token_must_hold_bot_play() {
    let app = spawn_app().await;
    let session = app.signed_up("botty").await;
    let secret = become_bot(&app, &session).await["token"]["token"]
        .as_str()
        .unwrap()
        .to_string();
    ok(app.get_with_token("/v1/games", &secret).await).await;
    // No API writes a narrower token for a bot: the table does.
    sqlx::query("UPDATE api_tokens SET scopes = '{game:read,account:read}'")
        .execute(&app.pool)
        .await
        .unwrap();
    let res = app.get_with_token("/v1/games", &secret).await;
    let header = res.headers()["www-authenticate"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        header.ends_with("error=\"insufficient_scope\", scope=\"bot:play\""),
        "{header}"
    );
    problem(res, 403, "insufficient_scope").await;
    // `bot:play` alone covers what a bot needs to play, not its notifications.
    sqlx::query("UPDATE api_tokens SET scopes = '{bot:play}'")
        .execute(&app.pool)
        .await
        .unwrap();
    ok(app.get_with_token("/v1/games", &secret).await).await;
    ok(app.get_with_token("/v1/me", &secret).await).await;
    let res = app.get_with_token("/v1/me/webhooks", &secret).await;
    problem(res, 403, "insufficient_scope").await;
}

#[tokio::test]
async fn a_bot_invited_by_username_joins_and_plays_a_whole_game_with_only_its_token() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let bot_session = app.signed_up("botty").await;
    let bot = become_bot(&app, &bot_session).await["token"]["token"]
        .as_str()
        .unwrap()
        .to_string();
    let mut told = stream(&app, &bot).await;

    let person = app.signed_up("isla").await;
    let game = create_game(
        &app,
        &person,
        &json!({"players": 2, "visibility": "private"}),
    )
    .await;
    let res = api
        .post(
            &format!("/v1/games/{game}/invitations"),
            &person,
            &json!({"username": "botty"}),
        )
        .await;
    assert_eq!(res.status(), 201);

    // The bot learns of it on its stream, finds it in its invitations and joins.
    let event = told.event().await;
    let data = event.data.unwrap();
    assert_eq!(data["kind"], "invited", "{data}");
    assert_eq!(data["game_id"], game.as_str());
    let invitations = ok(app.get_with_token("/v1/me/invitations", &bot).await).await;
    assert_eq!(invitations["invitations"][0]["game"]["id"], game.as_str());
    let joined = ok(api
        .post(&format!("/v1/games/{game}/join"), &bot, &json!({}))
        .await)
    .await;
    assert_eq!(joined["status"], "active");

    // Seats say who is a bot account, in the view and in the listing.
    let view = api.game(&game, &person).await;
    let seats = view["game"]["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    for seat in seats {
        let is_bot = seat["username"] == "botty";
        assert_eq!(seat["bot_account"], is_bot, "{seat}");
        assert!(seat["bot"].is_null(), "not a built-in bot: {seat}");
    }
    let listed = ok(app.get_with_token("/v1/games?mine=true", &bot).await).await;
    let listed = listed["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == game.as_str())
        .expect("the bot's game is listed to it")
        .clone();
    let botty = listed["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["username"] == "botty")
        .unwrap()
        .clone();
    assert_eq!(botty["bot_account"], true);

    // A whole game: the person with their session, the bot with its token alone.
    let table = Table {
        id: game.clone(),
        tokens: if seats[0]["username"] == "isla" {
            vec![person.clone(), bot.clone()]
        } else {
            vec![bot.clone(), person.clone()]
        },
        spectator: person.clone(),
    };
    let actions = play_concurrently(&api, &table, 7).await;
    assert!(actions > 0);
    let end = api.game(&game, &bot).await;
    assert_eq!(end["game"]["status"], "finished");
    let profile = ok(app.get("/v1/players/botty").await).await;
    assert_eq!(profile["bot"], true);
    assert_eq!(profile["games_played"], 1);
}

#[tokio::test]
async fn a_bot_account_creates_no_game_nor_rematch_and_is_rated_as_any_player() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let bot_session = app.signed_up("botty").await;
    let bot = become_bot(&app, &bot_session).await["token"]["token"]
        .as_str()
        .unwrap()
        .to_string();
    // Service rules §9.9: it sits where it is invited or joins as anyone may; it creates nothing.
    for body in [
        json!({"players": 2}),
        json!({"players": 2, "rated": true, "bots": [{"seat": 1, "level": "random"}]}),
    ] {
        problem(
            api.post("/v1/games", &bot, &body).await,
            403,
            "bot_account_cannot_create_games",
        )
        .await;
    }
    let listed = ok(app.get_with_token("/v1/games?mine=true", &bot).await).await;
    assert_eq!(listed["games"], json!([]));

    // Seated in a rated game by joining a person's public game, it is rated as anyone.
    let person = app.signed_up("isla").await;
    let game = create_game(&app, &person, &json!({"players": 2})).await;
    ok(api
        .post(&format!("/v1/games/{game}/join"), &bot, &json!({}))
        .await)
    .await;
    let table = Table {
        id: game.clone(),
        tokens: vec![person.clone(), bot.clone()],
        spectator: person.clone(),
    };
    play_decisions(&api, &table, 2, 3).await;
    ok(api
        .post(&format!("/v1/games/{game}/resign"), &person, &json!({}))
        .await)
    .await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let history = loop {
        let history = ok(app.get("/v1/players/botty/rating-history").await).await;
        if !history["entries"].as_array().unwrap().is_empty() {
            break history;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the bot was never rated"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert_eq!(history["entries"][0]["game_id"], game.as_str());
    assert!(history["entries"][0]["rating"].as_i64().unwrap() > 1500);
    let profile = ok(app.get("/v1/players/botty").await).await;
    assert_eq!(profile["rating"]["games"], 1);

    // A rematch is a new game: refused to it too, and none is made.
    problem(
        api.post(&format!("/v1/games/{game}/rematch"), &bot, &json!({}))
            .await,
        403,
        "bot_account_cannot_create_games",
    )
    .await;
    let finished = api.game(&game, &person).await;
    assert!(finished["game"]["rematch"].is_null());
}

/// A bot replaces its token without an operator: the new one has the same name and scopes, the
/// old one is refused from then on. A person's session or a token without `bot:play` cannot.
#[tokio::test]
async fn a_bot_rotates_its_token_and_the_old_one_is_refused() {
    let app = spawn_app().await;
    let session = app.signed_up("rotor").await;
    let old = become_bot(&app, &session).await["token"]["token"]
        .as_str()
        .unwrap()
        .to_string();
    let res = Api::of(&app)
        .post("/v1/me/tokens/rotate", &old, &json!({}))
        .await;
    assert_eq!(res.status(), 201);
    assert_eq!(res.headers()["cache-control"], "no-store");
    let rotated: Value = res.json().await.unwrap();
    let new = rotated["token"].as_str().unwrap().to_string();
    assert!(new.starts_with("lords_pat_") && new != old);
    assert_eq!(rotated["name"], "bot");
    assert_eq!(
        rotated["scopes"],
        json!([
            "account:read",
            "game:read",
            "game:play",
            "lobby:write",
            "notifications:write",
            "bot:play"
        ])
    );
    assert!(rotated["expires_at"].is_null());
    problem(
        app.get_with_token("/v1/me", &old).await,
        401,
        "invalid_token",
    )
    .await;
    let me = ok(app.get_with_token("/v1/me", &new).await).await;
    assert_eq!(me["username"], "rotor");
    // Once only: the old token rotates no more.
    let res = Api::of(&app)
        .post("/v1/me/tokens/rotate", &old, &json!({}))
        .await;
    problem(res, 401, "invalid_token").await;

    // A person's session is no personal token; a person's token lacks bot:play.
    let person = app.signed_up("person").await;
    let res = Api::of(&app)
        .post("/v1/me/tokens/rotate", &person, &json!({}))
        .await;
    problem(res, 404, "personal_token_not_found").await;
    let res = Api::of(&app)
        .post(
            "/v1/me/tokens",
            &person,
            &json!({"name": "scripts", "scopes": ["game:play"]}),
        )
        .await;
    let scripts = res.json::<Value>().await.unwrap()["token"]
        .as_str()
        .unwrap()
        .to_string();
    let res = Api::of(&app)
        .post("/v1/me/tokens/rotate", &scripts, &json!({}))
        .await;
    problem(res, 403, "insufficient_scope").await;
}

/// An operator issues a bot account that lost its token a new one, from the command line; the
/// bot plays on with it. A person's account gets none.
#[tokio::test]
async fn an_operator_issues_a_lost_bot_a_new_token() {
    let app = spawn_app().await;
    let session = app.signed_up("lostbot").await;
    become_bot(&app, &session).await;
    let run = |args: &'static [&'static str]| {
        let db_url = app.db_url.clone();
        async move {
            tokio::process::Command::new(env!("CARGO_BIN_EXE_lords"))
                .args(args)
                .env("DATABASE_URL", db_url)
                .env("LORDS_DATA_DIR", std::env::temp_dir())
                .output()
                .await
                .expect("run lords")
        }
    };
    let out = run(&["accounts", "bot-token", "LostBot"]).await;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(printed["username"], "LostBot");
    let token = printed["token"].as_str().unwrap();
    let me = ok(app.get_with_token("/v1/me", token).await).await;
    assert_eq!(me["username"], "lostbot");
    assert_eq!(me["bot"], true);

    app.signed_up("human").await;
    let out = run(&["accounts", "bot-token", "human"]).await;
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("not a bot account"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&["accounts", "bot-token", "nobody"]).await;
    assert!(!out.status.success());
}

/// A bot account plays at most `--max-games-per-bot-account` unfinished games at once: one
/// more join, challenge acceptance or seek is 409 `too_many_bot_account_games`, and a game
/// left frees a place. People are not held to it.
#[tokio::test]
async fn a_bot_account_plays_at_most_the_configured_number_of_games_at_once() {
    let app = common::app::spawn_app_with(|c| c.lobby.max_games_per_bot_account = 2).await;
    let api = Api::of(&app);
    let person = app.signed_up("busyhost").await;
    let session = app.signed_up("busybot").await;
    let bot = become_bot(&app, &session).await["token"]["token"]
        .as_str()
        .unwrap()
        .to_string();
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(create_game(&app, &person, &json!({"players": 3})).await);
    }
    ok(api.join(&games[0], &bot).await).await;
    ok(api.join(&games[1], &bot).await).await;
    problem(
        api.join(&games[2], &bot).await,
        409,
        "too_many_bot_account_games",
    )
    .await;
    let challenge: Value = api
        .post(
            "/v1/challenges",
            &person,
            &json!({"to": ["busybot"], "players": 2}),
        )
        .await
        .json()
        .await
        .unwrap();
    let accept = format!(
        "/v1/challenges/{}/accept",
        challenge["id"].as_str().unwrap()
    );
    problem(
        api.post(&accept, &bot, &json!({})).await,
        409,
        "too_many_bot_account_games",
    )
    .await;
    problem(
        api.post("/v1/seeks", &bot, &json!({"players": 2, "bots": true}))
            .await,
        409,
        "too_many_bot_account_games",
    )
    .await;
    // A person is not held to a bot account's cap.
    let other = app.signed_up("busyperson").await;
    ok(api.join(&games[2], &other).await).await;
    // A game left frees a place.
    ok(api.leave(&games[0], &bot).await).await;
    ok(api.post(&accept, &bot, &json!({})).await).await;
}
