//! Table chat (service rules §9.8) over real HTTP: who may talk and read, the text's limits and
//! the rate, mutes (old lines included, on pages, streams and notifications), reports and the
//! operator's `lords moderation` commands run as the real binary, a deleted account's name, and
//! the live `chat` events of the game stream, which leave the game's event ids alone.

use crate::common;

use std::time::Duration;

use common::app::{TestApp, problem, spawn_app};
use common::games::{Api, Table, create_game, ok, seat_table, step};
use common::sse::Sse;
use serde_json::{Value, json};

const PATIENCE: Duration = Duration::from_secs(20);

async fn say(api: &Api, table: &Table, seat: u64, text: &str) -> reqwest::Response {
    api.post(
        &table.path("/chat"),
        table.seat(seat),
        &json!({ "text": text }),
    )
    .await
}

/// Says `text` as `seat`, which must be answered 201; the line.
async fn said(api: &Api, table: &Table, seat: u64, text: &str) -> Value {
    let res = say(api, table, seat, text).await;
    let status = res.status();
    let body: Value = res.json().await.unwrap();
    assert_eq!(status, 201, "{body}");
    body
}

async fn page(api: &Api, table: &Table, seat: u64, query: &str) -> Value {
    api.get_ok(&table.path(&format!("/chat{query}")), table.seat(seat))
        .await
}

fn texts(page: &Value) -> Vec<String> {
    page["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap().to_string())
        .collect()
}

async fn mute(app: &TestApp, token: &str, username: &str) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/v1/me/muted/{username}")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

async fn unmute(app: &TestApp, token: &str, username: &str) -> reqwest::Response {
    app.client
        .delete(app.url(&format!("/v1/me/muted/{username}")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
}

/// `username`'s chat notifications, read once every game's outbox of this test's database is
/// empty: a line's notifications wait there until the fan-out tells them.
async fn chat_notifications(app: &TestApp, username: &str) -> Vec<Value> {
    let start = std::time::Instant::now();
    loop {
        let pending: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM game_outbox)")
            .fetch_one(&app.pool)
            .await
            .unwrap();
        if !pending {
            break;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "the outbox was never fanned out"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    sqlx::query_scalar(
        "SELECT n.payload FROM notifications n JOIN accounts a ON a.id = n.account_id \
         WHERE a.username = $1 AND n.kind = 'chat' ORDER BY n.id",
    )
    .bind(username)
    .fetch_all(&app.pool)
    .await
    .unwrap()
}

/// Runs the real `lords` binary against the test's database; its stdout, which must succeed.
async fn lords(app: &TestApp, args: &[&str]) -> String {
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_lords"))
        .args(args)
        .env("DATABASE_URL", &app.db_url)
        .env("LORDS_DATA_DIR", std::env::temp_dir())
        .output()
        .await
        .expect("run lords");
    assert!(
        out.status.success(),
        "lords {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[tokio::test]
async fn a_seated_player_says_a_line_and_every_player_reads_it() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "talker", json!({"players": 3})).await;

    let line = said(&api, &table, 1, "Good luck, all. ¡Sláinte! 🏴").await;
    assert_eq!(line["seat"], 1);
    assert_eq!(line["username"], "talker1");
    assert_eq!(line["text"], "Good luck, all. ¡Sláinte! 🏴");
    assert!(line["id"].as_i64().unwrap() > 0);
    assert!(line["sent_at"].is_string());

    for seat in 0..3 {
        let p = page(&api, &table, seat, "").await;
        assert_eq!(p["lines"], json!([line]));
        assert_eq!(p["next_after"], line["id"]);
    }
    // The others are told (a `chat` notification); the sender is not.
    assert_eq!(chat_notifications(&app, "talker0").await.len(), 1);
    assert_eq!(chat_notifications(&app, "talker2").await.len(), 1);
    assert_eq!(
        chat_notifications(&app, "talker2").await[0]["text"],
        line["text"]
    );
    assert!(chat_notifications(&app, "talker1").await.is_empty());
}

#[tokio::test]
async fn a_line_is_one_to_500_characters_without_control_or_format_characters() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "writer", json!({"players": 2})).await;

    for bad in [
        String::new(),
        "x".repeat(501),
        "two\nlines".into(),
        "tab\there".into(),
        "bell\u{7}".into(),
        "zero\u{200B}width".into(),
        "right\u{202E}to-left".into(),
    ] {
        problem(say(&api, &table, 0, &bad).await, 422, "invalid_chat_text").await;
    }
    // Emoji keep their joiners and a subdivision flag its tags: Scotland's flag, a family.
    for emoji in [
        "Alba gu bràth \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
        "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
    ] {
        assert_eq!(said(&api, &table, 0, emoji).await["text"], emoji);
    }
    // 500 characters are Unicode scalar values, not bytes.
    said(&api, &table, 0, &"é".repeat(500)).await;
    // A body that is not `{"text"}` is malformed.
    let res = api
        .post(&table.path("/chat"), table.seat(0), &json!({"text": 7}))
        .await;
    problem(res, 400, "malformed_json").await;
    assert_eq!(texts(&page(&api, &table, 1, "").await).len(), 3);
}

#[tokio::test]
async fn a_line_that_shows_no_visible_character_is_422_invalid_chat_text() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "blank", json!({"players": 2})).await;

    for blank in [
        "\u{200C}".repeat(500),
        "\u{200D}".into(),
        // Tag characters alone: the flag's tags with no flag, and the language tag.
        "\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}".into(),
        "\u{E0001}".into(),
        "\u{2028}".into(),
        "a\u{2029}b".into(),
        " ".into(),
        "     ".into(),
        "\u{3000}\u{00A0}".into(),
        "\u{3164}".into(),
        "\u{115F}\u{1160}\u{FFA0}".into(),
        "\u{2800}".into(),
        "\u{0301}\u{0301}".into(),
        "\u{FE0F}".into(),
    ] {
        problem(say(&api, &table, 0, &blank).await, 422, "invalid_chat_text").await;
    }
    assert_eq!(texts(&page(&api, &table, 1, "").await).len(), 0);
    // Emoji with their joiners, flags with their tags, and text around spaces still pass.
    for line in [
        "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
        "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
        "\u{1F469}\u{200D}\u{1F4BB}",
        "gg \u{1F44D}",
        "e\u{0301}",
    ] {
        assert_eq!(said(&api, &table, 0, line).await["text"], line);
    }
}

#[tokio::test]
async fn the_eleventh_line_within_a_minute_is_429_with_retry_after() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "chatty", json!({"players": 2})).await;
    for i in 0..10 {
        said(&api, &table, 0, &format!("line {i}")).await;
    }
    let res = say(&api, &table, 0, "one too many").await;
    let retry: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry), "Retry-After: {retry}");
    problem(res, 429, "chat_rate_limited").await;
    // The rate is the account's: the other player still talks.
    said(&api, &table, 1, "my turn to talk").await;
    assert_eq!(texts(&page(&api, &table, 1, "").await).len(), 11);
}

#[tokio::test]
async fn spectators_strangers_and_open_tables_have_no_chat() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "host", json!({"players": 2})).await;
    said(&api, &table, 0, "hello").await;

    // A spectator of a public game: 403 `not_seated`, reading and writing.
    let res = api
        .post(
            &table.path("/chat"),
            &table.spectator,
            &json!({"text": "hi"}),
        )
        .await;
    problem(res, 403, "not_seated").await;
    problem(
        api.get(&table.path("/chat"), &table.spectator).await,
        403,
        "not_seated",
    )
    .await;
    let line = page(&api, &table, 0, "").await["lines"][0]["id"].clone();
    let res = api
        .post(
            &table.path(&format!("/chat/{line}/report")),
            &table.spectator,
            &json!({"reason": "nosy"}),
        )
        .await;
    problem(res, 403, "not_seated").await;

    // A private game the caller may not see: 404, as if it did not exist.
    let owner = app.signed_up("owner").await;
    let private = create_game(
        &app,
        &owner,
        &json!({"players": 2, "visibility": "private"}),
    )
    .await;
    let res = api
        .post(
            &format!("/v1/games/{private}/chat"),
            &table.spectator,
            &json!({"text": "hi"}),
        )
        .await;
    problem(res, 404, "game_not_found").await;
    problem(
        api.get(&format!("/v1/games/{private}/chat"), &table.spectator)
            .await,
        404,
        "game_not_found",
    )
    .await;
    // Before the deal the table is silent (422, as an action); its seated player reads an
    // empty page.
    let res = api
        .post(
            &format!("/v1/games/{private}/chat"),
            &owner,
            &json!({"text": "anyone?"}),
        )
        .await;
    problem(res, 422, "game_not_started").await;
    let empty = api
        .get_ok(&format!("/v1/games/{private}/chat"), &owner)
        .await;
    assert_eq!(empty, json!({"lines": [], "next_after": 0}));
    // An unknown game.
    let res = api
        .get(
            "/v1/games/0195f3c2-6f1e-7a4b-9c1d-2f8e5a7b3c10/chat",
            &owner,
        )
        .await;
    problem(res, 404, "game_not_found").await;
}

#[tokio::test]
async fn a_finished_game_keeps_its_chat_open_to_its_players() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "loser", json!({"players": 2})).await;
    ok(api
        .post(&table.path("/resign"), table.seat(1), &json!({}))
        .await)
    .await;
    assert_eq!(
        api.game(&table.id, table.seat(0)).await["game"]["status"],
        "finished"
    );
    said(&api, &table, 1, "well played").await;
    said(&api, &table, 0, "thank you").await;
    assert_eq!(
        texts(&page(&api, &table, 1, "").await),
        ["well played", "thank you"]
    );
}

#[tokio::test]
async fn pages_follow_after_and_limit() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "pager", json!({"players": 2})).await;
    for i in 0..5 {
        said(&api, &table, i % 2, &format!("line {i}")).await;
    }
    let first = page(&api, &table, 0, "?limit=2").await;
    assert_eq!(texts(&first), ["line 0", "line 1"]);
    let second = page(
        &api,
        &table,
        0,
        &format!("?limit=2&after={}", first["next_after"]),
    )
    .await;
    assert_eq!(texts(&second), ["line 2", "line 3"]);
    let third = page(&api, &table, 0, &format!("?after={}", second["next_after"])).await;
    assert_eq!(texts(&third), ["line 4"]);
    let last = page(&api, &table, 0, &format!("?after={}", third["next_after"])).await;
    assert_eq!(texts(&last), Vec::<String>::new());
    assert_eq!(last["next_after"], third["next_after"]);

    for bad in ["?limit=0", "?limit=101", "?after=-1", "?cursor=x"] {
        problem(
            api.get(&table.path(&format!("/chat{bad}")), table.seat(0))
                .await,
            400,
            "invalid_query",
        )
        .await;
    }
}

#[tokio::test]
async fn a_muted_account_is_never_shown_old_lines_included_until_unmuted() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "muter", json!({"players": 3})).await;
    said(&api, &table, 1, "before the mute").await;
    said(&api, &table, 2, "from seat 2").await;

    assert_eq!(mute(&app, table.seat(0), "MUTER1").await.status(), 204);
    // Idempotent.
    assert_eq!(mute(&app, table.seat(0), "muter1").await.status(), 204);
    said(&api, &table, 1, "after the mute").await;

    assert_eq!(texts(&page(&api, &table, 0, "").await), ["from seat 2"]);
    // Others still read everything.
    assert_eq!(texts(&page(&api, &table, 2, "").await).len(), 3);
    // No notification of the muted account's line for the muter; one for the others.
    let told: Vec<String> = chat_notifications(&app, "muter0")
        .await
        .iter()
        .map(|n| n["text"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(told, ["before the mute", "from seat 2"]);
    assert_eq!(chat_notifications(&app, "muter2").await.len(), 2);

    let list = api.get_ok("/v1/me/muted", table.seat(0)).await;
    assert_eq!(list["muted"].as_array().unwrap().len(), 1);
    assert_eq!(list["muted"][0]["username"], "muter1");

    assert_eq!(unmute(&app, table.seat(0), "muter1").await.status(), 204);
    assert_eq!(texts(&page(&api, &table, 0, "").await).len(), 3);
    // Unmuting someone not muted changes nothing.
    assert_eq!(unmute(&app, table.seat(0), "muter2").await.status(), 204);
    assert_eq!(
        api.get_ok("/v1/me/muted", table.seat(0)).await,
        json!({"muted": []})
    );

    problem(
        mute(&app, table.seat(0), "nobody_here").await,
        404,
        "player_not_found",
    )
    .await;
    problem(
        unmute(&app, table.seat(0), "nobody_here").await,
        404,
        "player_not_found",
    )
    .await;
    problem(
        mute(&app, table.seat(0), "muter0").await,
        422,
        "cannot_mute_yourself",
    )
    .await;
}

#[tokio::test]
async fn a_deleted_account_s_lines_show_its_deleted_name() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "leaver", json!({"players": 2})).await;
    said(&api, &table, 1, "farewell").await;
    let res = app
        .client
        .delete(app.url("/v1/me"))
        .bearer_auth(table.seat(1))
        .json(&json!({"password": "correct horse battery"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    let p = page(&api, &table, 0, "").await;
    let name = p["lines"][0]["username"].as_str().unwrap();
    assert!(name.starts_with("deleted-"), "{name}");
    assert_eq!(p["lines"][0]["text"], "farewell");
}

#[tokio::test]
async fn a_reported_line_reaches_the_operator_and_a_silenced_account_cannot_chat() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "rude", json!({"players": 2})).await;
    let line = said(&api, &table, 1, "you play like a sassenach").await;
    let id = line["id"].as_i64().unwrap();

    let report = |reason: Value| {
        let api = api.clone();
        let path = table.path(&format!("/chat/{id}/report"));
        let token = table.seat(0).to_string();
        async move { api.post(&path, &token, &json!({ "reason": reason })).await }
    };
    assert_eq!(report(json!("insults")).await.status(), 204);
    // Twice: nothing more.
    assert_eq!(report(json!("insults again")).await.status(), 204);
    problem(report(json!("")).await, 422, "invalid_report").await;
    problem(report(json!("x".repeat(501))).await, 422, "invalid_report").await;
    let res = api
        .post(
            &table.path("/chat/999999/report"),
            table.seat(0),
            &json!({"reason": "no such line"}),
        )
        .await;
    problem(res, 404, "chat_line_not_found").await;

    let out = lords(&app, &["moderation", "reports"]).await;
    let reports: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), 1, "{out}");
    assert_eq!(reports[0]["game_id"], table.id.as_str());
    assert_eq!(reports[0]["line_id"], id);
    assert_eq!(reports[0]["sender"], "rude1");
    assert_eq!(reports[0]["text"], "you play like a sassenach");
    assert_eq!(reports[0]["reporter"], "rude0");
    assert_eq!(reports[0]["reason"], "insults");

    let out = lords(&app, &["moderation", "silence", "RUDE1", "--days", "3"]).await;
    let silenced: Value = serde_json::from_str(out.trim()).unwrap();
    assert!(silenced["chat_silenced_until"].is_string(), "{out}");
    problem(
        say(&api, &table, 1, "let me speak").await,
        403,
        "chat_silenced",
    )
    .await;
    // Reading is still allowed; the others still talk.
    assert_eq!(texts(&page(&api, &table, 1, "").await).len(), 1);
    said(&api, &table, 0, "calm down").await;

    lords(&app, &["moderation", "silence", "rude1", "--days", "0"]).await;
    said(&api, &table, 1, "sorry").await;

    // An unknown account is an error of the command.
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_lords"))
        .args(["moderation", "silence", "nobody_at_all", "--days", "1"])
        .env("DATABASE_URL", &app.db_url)
        .env("LORDS_DATA_DIR", std::env::temp_dir())
        .output()
        .await
        .unwrap();
    assert!(!out.status.success());
}

// ---- The game stream's `chat` events ----

/// A seated player's game stream, as an SSE client reads it.
async fn open_stream(app: &TestApp, path: &str, token: &str) -> Sse {
    Sse::new(
        app.client
            .get(app.url(path))
            .bearer_auth(token)
            .send()
            .await
            .unwrap(),
    )
}

/// The next `chat` event's line on `stream`, skipping game events.
async fn next_chat(stream: &mut Sse) -> Value {
    loop {
        let frame = stream.event().await;
        if frame.event.as_deref() == Some("chat") {
            assert_eq!(frame.id, None, "a chat event has no id");
            return frame.data.unwrap();
        }
    }
}

#[tokio::test]
async fn lines_arrive_live_on_the_game_stream_without_ids_and_muted_senders_are_filtered() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "live", json!({"players": 3})).await;
    let version = api.version(&table.id, table.seat(0)).await;
    said(&api, &table, 2, "said before the streams opened").await;
    assert_eq!(mute(&app, table.seat(0), "live1").await.status(), 204);

    // From the start of the chat (`chat_after=0`): the old line first, after the game's events.
    let mut seat0 = open_stream(&app, &table.path("/stream?chat_after=0"), table.seat(0)).await;
    let mut seen = Vec::new();
    let first_chat = loop {
        let frame = seat0.event().await;
        match frame.event.as_deref() {
            Some("chat") => {
                assert_eq!(frame.id, None);
                break frame.data.unwrap();
            }
            _ => seen.push(frame.id.unwrap()),
        }
    };
    assert_eq!(first_chat["text"], "said before the streams opened");
    // The game's events keep their ids: 1..=version, in order, and nothing else.
    assert_eq!(seen, (1..=version).collect::<Vec<_>>());

    // Without `chat_after`: only what is said from now on.
    let mut seat2 = open_stream(&app, &table.path("/stream"), table.seat(2)).await;
    let mut spectator = open_stream(&app, &table.path("/stream"), &table.spectator).await;
    // Both streams are open, and have sent the game's events so far, before anything is said.
    for stream in [&mut seat2, &mut spectator] {
        while stream.event().await.id != Some(version) {}
    }

    said(&api, &table, 1, "muted for seat 0").await;
    let line = said(&api, &table, 2, "heard by all players").await;

    let got = next_chat(&mut seat0).await;
    assert_eq!(got, line, "seat 0 never receives the muted line");
    assert_eq!(next_chat(&mut seat2).await["text"], "muted for seat 0");
    assert_eq!(next_chat(&mut seat2).await, line);

    // The spectator's stream carries the game's events and no chat: it has nothing more now,
    // and the next game event is the next thing it reads.
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(7);
    assert!(step(&api, &table, &mut rng).await);
    let next = spectator.event().await;
    assert_eq!(next.event.as_deref(), Some("game"), "{next:?}");
    assert_eq!(next.id, Some(version + 1));

    // A negative cursor is refused.
    let res = app
        .client
        .get(app.url(&table.path("/stream?chat_after=-1")))
        .bearer_auth(table.seat(0))
        .send()
        .await
        .unwrap();
    problem(res, 400, "invalid_query").await;
}

// ---- Mail: a `chat` notification follows the recipient's settings ----

#[tokio::test]
async fn a_line_is_mailed_only_to_players_whose_settings_ask_for_chat_mail_in_their_language() {
    let sink = common::smtp::SmtpSink::start();
    let url = sink.url();
    let app = common::app::spawn_app_with(move |c| {
        c.mail.enabled = true;
        c.mail.transport = lords::config::MailTransport::Smtp(url);
    })
    .await;
    let api = Api::of(&app);
    let table = seat_table(&app, "mailer", json!({"players": 2})).await;
    for (username, language) in [("mailer0", "fr"), ("mailer1", "en")] {
        sqlx::query(
            "UPDATE accounts SET email = $1 || '@example.org', email_verified = true, \
             language = $2 WHERE username = $1",
        )
        .bind(username)
        .bind(language)
        .execute(&app.pool)
        .await
        .unwrap();
    }
    // Seat 0 asks for chat by mail; seat 1 keeps the default (off).
    let settings = json!({"kinds": {"your_turn": {"email": "off", "push": false},
                                    "reminder": {"email": "off", "push": false},
                                    "invited": {"email": "off", "push": false},
                                    "game_over": {"email": "off", "push": false},
                                    "chat": {"email": "immediately", "push": false}},
                          "digest_hour": 8, "time_zone": "UTC"});
    let res = app
        .client
        .put(app.url("/v1/me/notification-settings"))
        .bearer_auth(table.seat(0))
        .json(&settings)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);

    said(&api, &table, 0, "seat 1 is not mailed this").await;
    said(&api, &table, 1, "seat 0 is mailed this").await;
    let chat_mail = |m: &&common::smtp::Received| {
        m.header("Subject")
            .is_some_and(|s| s.starts_with("Un nouveau message"))
    };
    let start = std::time::Instant::now();
    let mail = loop {
        if let Some(mail) = sink.messages().iter().find(chat_mail).cloned() {
            break mail;
        }
        assert!(start.elapsed() < PATIENCE, "no chat mail for seat 0");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(mail.to, ["mailer0@example.org"]);
    assert_eq!(
        mail.header("Subject").unwrap(),
        "Un nouveau message contre mailer1"
    );
    // Seat 1's chat notification was written and looked at for mail (the mail cursor past it),
    // and no chat mail was queued for it.
    assert_eq!(chat_notifications(&app, "mailer1").await.len(), 1);
    let start = std::time::Instant::now();
    loop {
        let fed: bool = sqlx::query_scalar(
            "SELECT coalesce(s.mail_cursor, 0) >= c.last_id FROM notification_counters c \
             JOIN accounts a ON a.id = c.account_id \
             LEFT JOIN notification_settings s ON s.account_id = c.account_id \
             WHERE a.username = 'mailer1'",
        )
        .fetch_one(&app.pool)
        .await
        .unwrap();
        if fed {
            break;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "seat 1's notifications never looked at"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let queued: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM mail_outbox m JOIN accounts a ON a.id = m.account_id \
         WHERE a.username = 'mailer1' AND m.kind = 'chat'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(queued, 0);
}
