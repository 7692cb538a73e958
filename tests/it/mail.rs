//! Mail to players away from the table, against a real SMTP server on loopback (aiosmtpd),
//! its messages parsed with mailparse: a turn's mail (multipart, Message-ID, one thread per
//! game, the account's language, links that resolve), only to verified addresses, the
//! notification settings document and its refusals, the daily digest, one-click unsubscribe,
//! a refusing or absent SMTP server (retried, then `email_failing_since`), no turn mail
//! while the account has a stream open, and no mail about an invitation, a challenge or a
//! paired seek that no longer awaits the player.

use crate::common;

use std::time::{Duration, Instant};

use common::app::{TestApp, problem, spawn_app_with};
use common::games::{Api, Table, awaited, create_game, ok, step};
use common::smtp::{Received, SmtpSink};
use lords::config::{AppConfig, MailTransport};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};

const PATIENCE: Duration = Duration::from_secs(30);

async fn app_with_sink(sink: &SmtpSink, adjust: impl FnOnce(&mut AppConfig)) -> TestApp {
    let url = sink.url();
    spawn_app_with(move |c| {
        c.mail.enabled = true;
        c.mail.transport = MailTransport::Smtp(url);
        adjust(c);
    })
    .await
}

/// Signs `username` up with a verified address (set in the database: the address API is
/// tested apart) in `language`.
async fn verified(app: &TestApp, username: &str, language: &str) -> String {
    let token = app.signed_up(username).await;
    set_address(app, username, true, language).await;
    token
}

async fn set_address(app: &TestApp, username: &str, verified: bool, language: &str) {
    sqlx::query(
        "UPDATE accounts SET email = $1 || '@example.org', email_verified = $2, language = $3 \
         WHERE username = $1",
    )
    .bind(username)
    .bind(verified)
    .bind(language)
    .execute(&app.pool)
    .await
    .unwrap();
}

/// A two-player game of `a` and `b`, started.
async fn table(app: &TestApp, a: &str, b: &str) -> Table {
    let id = create_game(app, a, &json!({"players": 2})).await;
    ok(Api::of(app)
        .post(&format!("/v1/games/{id}/join"), b, &json!({}))
        .await)
    .await;
    Table {
        id,
        tokens: vec![a.to_string(), b.to_string()],
        spectator: String::new(),
    }
}

async fn username_of(app: &TestApp, token: &str) -> String {
    let me = ok(Api::of(app).get("/v1/me", token).await).await;
    me["username"].as_str().unwrap().to_string()
}

/// Waits until `sql` (a boolean query) holds.
async fn until(app: &TestApp, sql: &str) {
    let start = Instant::now();
    loop {
        let holds: bool = sqlx::query_scalar(sql).fetch_one(&app.pool).await.unwrap();
        if holds {
            return;
        }
        assert!(start.elapsed() < PATIENCE, "never held: {sql}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Each account's `/v1/me/stream`, open until the answers are dropped.
async fn at_the_table(app: &TestApp, tokens: &[&str]) -> Vec<reqwest::Response> {
    let mut streams = Vec::new();
    for token in tokens {
        let res = app.get_with_token("/v1/me/stream", token).await;
        assert_eq!(res.status(), 200);
        streams.push(res);
    }
    streams
}

/// The path (on the test server) of a link of a mail.
fn local(app: &TestApp, link: &str) -> String {
    app.url(
        link.strip_prefix("http://lords.test")
            .expect("a link to the public URL"),
    )
}

fn only(messages: &[Received], to: &str) -> Vec<Received> {
    messages
        .iter()
        .filter(|m| m.to.iter().any(|t| t == to))
        .cloned()
        .collect()
}

#[tokio::test]
async fn a_turn_is_mailed_as_text_and_html_threaded_on_its_game_with_links_that_resolve() {
    let sink = SmtpSink::start();
    let app = app_with_sink(&sink, |_| {}).await;
    let alice = verified(&app, "alice", "en").await;
    let bob = verified(&app, "bob", "en").await;
    let table = table(&app, &alice, &bob).await;
    let api = Api::of(&app);
    let seat = awaited(&api, &table).await.unwrap();
    let (me, other) = if seat == 0 {
        ("alice", "bob")
    } else {
        ("bob", "alice")
    };

    let got = sink.wait_for(1, PATIENCE).await;
    let mail = &got[0];
    assert_eq!(mail.to, [format!("{me}@example.org")]);
    assert_eq!(
        mail.header("Subject").unwrap(),
        format!("Your turn against {other}")
    );
    assert_eq!(mail.parsed().ctype.mimetype, "multipart/alternative");
    assert!(
        mail.body("text/plain")
            .unwrap()
            .contains(&format!("Hello {me},"))
    );
    assert!(mail.body("text/html").unwrap().contains("<a href="));
    let id = mail.header("Message-ID").unwrap();
    assert!(id.starts_with('<') && id.ends_with("@lords.test>"), "{id}");
    let thread = format!("<game-{}@lords.test>", table.id);
    assert_eq!(mail.header("In-Reply-To").unwrap(), thread);
    assert_eq!(mail.header("References").unwrap(), thread);
    assert_eq!(
        mail.header("List-Unsubscribe-Post").unwrap(),
        "List-Unsubscribe=One-Click"
    );

    let links = mail.links();
    let game_link = format!("http://lords.test/#/game/{}", table.id);
    assert!(links.contains(&game_link), "{links:?}");
    assert!(
        links.contains(&"http://lords.test/#/settings".to_string()),
        "{links:?}"
    );
    for link in &links {
        let res = app.client.get(local(&app, link)).send().await.unwrap();
        assert_eq!(res.status(), 200, "{link}");
    }
    let unsubscribe = mail.header("List-Unsubscribe").unwrap();
    let unsubscribe = unsubscribe.trim_start_matches('<').trim_end_matches('>');
    assert!(links.contains(&unsubscribe.to_string()), "{links:?}");
}

#[tokio::test]
async fn a_french_account_gets_its_turn_in_french() {
    let sink = SmtpSink::start();
    let app = app_with_sink(&sink, |_| {}).await;
    let alice = verified(&app, "alice", "fr").await;
    let bob = verified(&app, "bob", "fr").await;
    let table = table(&app, &alice, &bob).await;
    let seat = awaited(&Api::of(&app), &table).await.unwrap();
    let other = if seat == 0 { "bob" } else { "alice" };
    let got = sink.wait_for(1, PATIENCE).await;
    assert_eq!(
        got[0].header("Subject").unwrap(),
        format!("À vous de jouer contre {other}")
    );
    assert!(got[0].body("text/plain").unwrap().starts_with("Bonjour "));
}

#[tokio::test]
async fn an_unverified_address_gets_no_game_mail() {
    let sink = SmtpSink::start();
    let app = app_with_sink(&sink, |_| {}).await;
    let alice = app.signed_up("alice").await;
    let bob = app.signed_up("bob").await;
    set_address(&app, "alice", false, "en").await;
    set_address(&app, "bob", true, "en").await;
    let table = table(&app, &alice, &bob).await;
    let api = Api::of(&app);
    // Play until bob has been awaited after alice was: bob's mail comes after alice's turn.
    let mut rng = StdRng::seed_from_u64(7);
    let mut alice_awaited = false;
    let mut bob_mails = 0;
    loop {
        let seat = awaited(&api, &table).await.unwrap();
        if seat == 0 {
            alice_awaited = true;
        } else if alice_awaited {
            bob_mails += 1;
            break;
        } else {
            bob_mails += 1;
        }
        assert!(step(&api, &table, &mut rng).await);
    }
    let got = sink.wait_for(1, PATIENCE).await;
    let start = Instant::now();
    while only(&sink.messages(), "bob@example.org").len() < bob_mails.min(1) {
        assert!(start.elapsed() < PATIENCE);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Bob's latest turn was mailed after alice's turn was notified: alice's would be there.
    until(
        &app,
        "SELECT NOT EXISTS (SELECT 1 FROM mail_outbox WHERE state = 'pending')",
    )
    .await;
    assert!(
        only(&sink.messages(), "alice@example.org").is_empty(),
        "{got:?}"
    );
    let alice_rows: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM mail_outbox m JOIN accounts a ON a.id = m.account_id \
         WHERE a.username = 'alice'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(alice_rows, 0);
}

fn defaults() -> Value {
    json!({"kinds": {"your_turn": {"email": "immediately", "push": true},
                     "reminder": {"email": "immediately", "push": true},
                     "invited": {"email": "immediately", "push": true},
                     "game_over": {"email": "off", "push": false},
                     "chat": {"email": "off", "push": false}},
           "digest_hour": 8, "time_zone": "UTC", "email_failing_since": null})
}

async fn put_settings(app: &TestApp, token: &str, doc: &Value) -> reqwest::Response {
    app.client
        .put(app.url("/v1/me/notification-settings"))
        .bearer_auth(token)
        .json(doc)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn notification_settings_start_at_the_defaults_and_are_replaced_whole() {
    let app = spawn_app_with(|_| {}).await;
    let token = app.signed_up("morag").await;
    let api = Api::of(&app);
    assert_eq!(
        ok(api.get("/v1/me/notification-settings", &token).await).await,
        defaults()
    );
    let mut doc = defaults();
    doc["kinds"]["chat"] = json!({"email": "digest", "push": true});
    doc["digest_hour"] = json!(19);
    doc["time_zone"] = json!("Europe/Paris");
    // Read-only: ignored.
    doc["email_failing_since"] = json!("2026-01-01T00:00:00Z");
    let res = put_settings(&app, &token, &doc).await;
    assert_eq!(res.status(), 200);
    doc["email_failing_since"] = Value::Null;
    assert_eq!(res.json::<Value>().await.unwrap(), doc);
    assert_eq!(
        ok(api.get("/v1/me/notification-settings", &token).await).await,
        doc
    );
    let next: Option<chrono::DateTime<chrono::Utc>> =
        sqlx::query_scalar("SELECT next_digest_at FROM notification_settings")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(next.is_some(), "a kind in the digest schedules it");
}

#[tokio::test]
async fn notification_settings_that_are_not_the_whole_document_get_422() {
    let app = spawn_app_with(|_| {}).await;
    let token = app.signed_up("morag").await;
    let mut unknown_kind = defaults();
    unknown_kind["kinds"]["telegram"] = json!({"email": "off", "push": false});
    let mut missing_kind = defaults();
    missing_kind["kinds"]
        .as_object_mut()
        .unwrap()
        .remove("chat");
    let mut bad_value = defaults();
    bad_value["kinds"]["your_turn"]["email"] = json!("hourly");
    let mut late = defaults();
    late["digest_hour"] = json!(24);
    let mut nowhere = defaults();
    nowhere["time_zone"] = json!("Mars/Olympus_Mons");
    let mut extra = defaults();
    extra["sms"] = json!(true);
    for doc in [unknown_kind, missing_kind, bad_value, late, nowhere, extra] {
        let res = put_settings(&app, &token, &doc).await;
        problem(res, 422, "invalid_notification_settings").await;
    }
    assert_eq!(
        ok(Api::of(&app)
            .get("/v1/me/notification-settings", &token)
            .await)
        .await,
        defaults()
    );
}

#[tokio::test]
async fn the_digest_lists_the_games_awaiting_the_account_at_its_hour_and_nothing_else_is_mailed() {
    let sink = SmtpSink::start();
    let app = app_with_sink(&sink, |_| {}).await;
    let alice = verified(&app, "alice", "en").await;
    let bob = verified(&app, "bob", "en").await;
    for token in [&alice, &bob] {
        let mut doc = defaults();
        doc["kinds"]["your_turn"]["email"] = json!("digest");
        assert_eq!(put_settings(&app, token, &doc).await.status(), 200);
    }
    let first = table(&app, &alice, &bob).await;
    let second = table(&app, &bob, &alice).await;
    let api = Api::of(&app);
    // Whoever is awaited in the first game; the second may await the same account or not.
    let seat = awaited(&api, &first).await.unwrap();
    let who = username_of(&app, first.seat(seat)).await;
    let mut expected = vec![first.id.clone()];
    let seat2 = awaited(&api, &second).await.unwrap();
    if username_of(&app, second.seat(seat2)).await == who {
        expected.push(second.id.clone());
    }
    // The turns were looked at (and not mailed: they are in the digest).
    until(
        &app,
        "SELECT bool_and(s.mail_cursor = c.last_id) FROM notification_counters c \
         JOIN notification_settings s USING (account_id)",
    )
    .await;
    // The digest hour comes.
    sqlx::query(
        "UPDATE notification_settings s SET next_digest_at = now() FROM accounts a \
         WHERE a.id = s.account_id AND a.username = $1",
    )
    .bind(&who)
    .execute(&app.pool)
    .await
    .unwrap();
    let got = sink.wait_for(1, PATIENCE).await;
    assert_eq!(got.len(), 1, "only the digest");
    let digest = &got[0];
    assert_eq!(digest.to, [format!("{who}@example.org")]);
    let subject = digest.header("Subject").unwrap();
    assert!(subject.contains("await"), "{subject}");
    let links = digest.links();
    for id in &expected {
        assert!(
            links.contains(&format!("http://lords.test/#/game/{id}")),
            "{links:?}"
        );
    }
    assert!(digest.header("List-Unsubscribe").is_some());
    let next_is_later: bool = sqlx::query_scalar(
        "SELECT next_digest_at > now() + interval '1 hour' FROM notification_settings s \
         JOIN accounts a ON a.id = s.account_id WHERE a.username = $1",
    )
    .bind(&who)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!(next_is_later, "the next digest is tomorrow's");
}

#[tokio::test]
async fn unsubscribing_by_post_turns_that_kind_off_and_get_only_shows_the_page() {
    let sink = SmtpSink::start();
    let app = app_with_sink(&sink, |_| {}).await;
    let alice = verified(&app, "alice", "en").await;
    let bob = verified(&app, "bob", "en").await;
    let table = table(&app, &alice, &bob).await;
    let seat = awaited(&Api::of(&app), &table).await.unwrap();
    let token = table.seat(seat).to_string();
    let got = sink.wait_for(1, PATIENCE).await;
    let link = got[0].header("List-Unsubscribe").unwrap();
    let link = local(&app, link.trim_start_matches('<').trim_end_matches('>'));

    // A scanner following the link changes nothing.
    let page = app
        .client
        .get(&link)
        .header("Accept-Language", "fr")
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    assert_eq!(page.headers()["content-language"], "fr");
    assert!(page.text().await.unwrap().contains("method=\"post\""));
    let api = Api::of(&app);
    assert_eq!(
        ok(api.get("/v1/me/notification-settings", &token).await).await,
        defaults()
    );

    // A POST without the one-click body changes nothing.
    for body in ["", "List-Unsubscribe=Maybe", "{}"] {
        problem(
            app.client.post(&link).body(body).send().await.unwrap(),
            400,
            "bad_request",
        )
        .await;
    }
    assert_eq!(
        ok(api.get("/v1/me/notification-settings", &token).await).await,
        defaults()
    );

    // The mail client's one click (RFC 8058).
    let res = app
        .client
        .post(&link)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    let mut expected = defaults();
    expected["kinds"]["your_turn"]["email"] = json!("off");
    assert_eq!(
        ok(api.get("/v1/me/notification-settings", &token).await).await,
        expected
    );
    // The page now says it is off, with no button; the page's own button (a browser) is
    // answered with that page.
    let page = app
        .client
        .get(&link)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        page.contains("Turned off:") && !page.contains("<form"),
        "{page}"
    );
    let res = app
        .client
        .post(&link)
        .header("Accept", "text/html")
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.text().await.unwrap().contains("Turned off:"));

    // A token this server did not make.
    let forged = format!("{}x", link);
    problem(
        app.client
            .post(&forged)
            .body("List-Unsubscribe=One-Click")
            .send()
            .await
            .unwrap(),
        404,
        "token_not_found",
    )
    .await;
    problem(
        app.client
            .get(app.url("/v1/unsubscribe/AAAA"))
            .send()
            .await
            .unwrap(),
        404,
        "token_not_found",
    )
    .await;
}

#[tokio::test]
async fn a_mail_the_smtp_server_refuses_for_now_is_retried_and_arrives_once() {
    refused_then_accepted("451 4.3.0 Try again later").await;
}

#[tokio::test]
async fn a_mail_the_smtp_server_refuses_for_good_is_retried_too_and_arrives_once() {
    refused_then_accepted("550 5.7.1 Rejected").await;
}

/// The server refuses with `reply` until two attempts were made, then accepts: the mail
/// arrives once, and the account's failure is cleared.
async fn refused_then_accepted(reply: &str) {
    let sink = SmtpSink::start();
    sink.reject_with(Some(reply));
    let app = app_with_sink(&sink, |_| {}).await;
    let alice = verified(&app, "alice", "en").await;
    let bob = verified(&app, "bob", "en").await;
    table(&app, &alice, &bob).await;
    until(
        &app,
        "SELECT EXISTS (SELECT 1 FROM mail_outbox WHERE attempts >= 2 AND state = 'pending')",
    )
    .await;
    sink.reject_with(None);
    let got = sink.wait_for(1, PATIENCE).await;
    until(&app, "SELECT bool_and(state = 'sent') FROM mail_outbox").await;
    let got_now = sink.messages();
    assert_eq!(got_now.len(), 1, "{got:?}");
    let id: uuid::Uuid = sqlx::query_scalar("SELECT id FROM mail_outbox")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(
        got_now[0].header("Message-ID").unwrap(),
        format!("<{id}@lords.test>")
    );
    let failing: Option<String> = sqlx::query_scalar(
        "SELECT email_failing_since::text FROM notification_settings WHERE email_failing_since IS NOT NULL",
    )
    .fetch_optional(&app.pool)
    .await
    .unwrap();
    assert_eq!(failing, None, "a success clears the failure");
}

#[tokio::test]
async fn an_smtp_server_down_past_the_retry_window_shows_as_email_failing_since() {
    let mut sink = SmtpSink::start();
    sink.stop();
    let app = app_with_sink(&sink, |c| c.mail.retry_for = Duration::from_secs(2)).await;
    let alice = verified(&app, "alice", "en").await;
    let bob = verified(&app, "bob", "en").await;
    let table = table(&app, &alice, &bob).await;
    until(
        &app,
        "SELECT EXISTS (SELECT 1 FROM mail_outbox WHERE state = 'failed')",
    )
    .await;
    let seat = awaited(&Api::of(&app), &table).await.unwrap();
    let settings = ok(Api::of(&app)
        .get("/v1/me/notification-settings", table.seat(seat))
        .await)
    .await;
    assert!(settings["email_failing_since"].is_string(), "{settings}");
}

#[tokio::test]
async fn no_turn_is_mailed_while_a_stream_is_open_and_it_is_once_the_stream_closed() {
    let sink = SmtpSink::start();
    let app = app_with_sink(&sink, |c| {
        c.mail.stream_grace = Duration::from_secs(1);
        c.sse_heartbeat = Duration::from_secs(1);
    })
    .await;
    let alice = verified(&app, "alice", "en").await;
    let bob = verified(&app, "bob", "en").await;
    // Both at the table before the game starts.
    let streams = at_the_table(&app, &[&alice, &bob]).await;
    table(&app, &alice, &bob).await;
    // The turn's mail was looked at and put off, not sent.
    until(
        &app,
        "SELECT EXISTS (SELECT 1 FROM mail_outbox WHERE kind = 'your_turn' \
             AND state = 'pending' AND lease_token IS NULL AND run_at > created_at)",
    )
    .await;
    assert!(sink.messages().is_empty());
    // Away from the table: mailed once the grace has passed.
    drop(streams);
    let got = sink.wait_for(1, PATIENCE).await;
    assert_eq!(
        got[0].header("Subject").unwrap().split(' ').next(),
        Some("Your")
    );
}

#[tokio::test]
async fn a_turn_taken_while_at_the_table_is_not_mailed_though_its_player_is_awaited_again() {
    let sink = SmtpSink::start();
    let app = app_with_sink(&sink, |c| {
        c.mail.stream_grace = Duration::from_secs(1);
        c.sse_heartbeat = Duration::from_secs(1);
    })
    .await;
    let alice = verified(&app, "alice", "en").await;
    let bob = verified(&app, "bob", "en").await;
    let streams = at_the_table(&app, &[&alice, &bob]).await;
    let table = table(&app, &alice, &bob).await;
    let api = Api::of(&app);
    let first = awaited(&api, &table).await.unwrap();
    // The first player's turns are played at the table until the other is awaited, whose turns
    // are played until the first is awaited again: two turn mails for the first player, held
    // while the streams are open, and one for the other.
    let mut rng = StdRng::seed_from_u64(17);
    for wanted in [1 - first, first] {
        while awaited(&api, &table).await != Some(wanted) {
            assert!(step(&api, &table, &mut rng).await, "the game ended");
        }
    }
    until(
        &app,
        "SELECT count(*) >= 3 FROM mail_outbox WHERE kind = 'your_turn'",
    )
    .await;
    drop(streams);
    // Only the turn still awaited is mailed: the other two were taken.
    until(
        &app,
        "SELECT bool_and(state <> 'pending') FROM mail_outbox WHERE kind = 'your_turn'",
    )
    .await;
    let got = sink.messages();
    let to = format!("{}@example.org", if first == 0 { "alice" } else { "bob" });
    assert_eq!(
        got.len(),
        1,
        "{:?}",
        got.iter().map(|m| &m.to).collect::<Vec<_>>()
    );
    assert_eq!(only(&got, &to).len(), 1);
}

#[tokio::test]
async fn a_clocked_decision_running_out_is_mailed_once_as_a_reminder() {
    let sink = SmtpSink::start();
    let app = app_with_sink(&sink, |c| {
        c.deadline_poll = Some(Duration::from_millis(200));
    })
    .await;
    let alice = verified(&app, "alice", "en").await;
    let bob = verified(&app, "bob", "en").await;
    // A week per decision: reminded 12 hours before its deadline (service rules §9.4; 10% of
    // the limit would be longer).
    let id = create_game(
        &app,
        &alice,
        &json!({"players": 2, "turn_time_limit_s": 604800}),
    )
    .await;
    ok(Api::of(&app)
        .post(&format!("/v1/games/{id}/join"), &bob, &json!({}))
        .await)
    .await;
    let table = Table {
        id: id.clone(),
        tokens: vec![alice.clone(), bob.clone()],
        spectator: String::new(),
    };
    let seat = awaited(&Api::of(&app), &table).await.unwrap();
    let me = if seat == 0 { "alice" } else { "bob" };
    let to = format!("{me}@example.org");
    let turn = sink.wait_for(1, PATIENCE).await;
    assert_eq!(only(&turn, &to).len(), 1, "the turn's own mail first");
    let remind_at: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("SELECT remind_at FROM games WHERE id = $1::uuid")
            .bind(&id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    let deadline: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("SELECT due_at FROM games WHERE id = $1::uuid")
            .bind(&id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(deadline - remind_at, chrono::Duration::hours(12));

    // Twelve hours pass: the reminder falls due.
    sqlx::query("UPDATE games SET remind_at = now() WHERE id = $1::uuid")
        .bind(&id)
        .execute(&app.pool)
        .await
        .unwrap();
    let got = sink.wait_for(2, PATIENCE).await;
    let mine = only(&got, &to);
    assert_eq!(
        mine.len(),
        2,
        "{:?}",
        got.iter().map(|m| m.header("Subject")).collect::<Vec<_>>()
    );
    let reminder = &mine[1];
    assert_ne!(reminder.header("Subject"), mine[0].header("Subject"));
    assert!(reminder.header("List-Unsubscribe").is_some());
    assert_eq!(
        reminder.header("References").unwrap(),
        mine[0].header("References").unwrap(),
        "the reminder is in the game's thread"
    );
    assert!(
        reminder
            .links()
            .iter()
            .any(|l| l.ends_with(&format!("/#/game/{id}"))),
        "{:?}",
        reminder.links()
    );
    // Once: the worker cleared the reminder; nothing more comes.
    until(
        &app,
        &format!("SELECT remind_at IS NULL FROM games WHERE id = '{id}'"),
    )
    .await;
    until(
        &app,
        "SELECT NOT EXISTS (SELECT 1 FROM mail_outbox WHERE state = 'pending')",
    )
    .await;
    assert_eq!(only(&sink.messages(), &to).len(), 2);
}

#[tokio::test]
async fn without_an_smtp_server_each_mail_is_written_as_an_eml_file() {
    let dir = std::env::temp_dir().join(format!("lords-test-mail-{}", uuid::Uuid::new_v4()));
    let files = dir.clone();
    let app = spawn_app_with(move |c| {
        c.mail.enabled = true;
        c.mail.transport = MailTransport::Files(files);
    })
    .await;
    let alice = verified(&app, "alice", "fr").await;
    let bob = verified(&app, "bob", "fr").await;
    let table = table(&app, &alice, &bob).await;
    let seat = awaited(&Api::of(&app), &table).await.unwrap();
    let me = if seat == 0 { "alice" } else { "bob" };

    let start = Instant::now();
    let file = loop {
        let found: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        if let Some(f) = found
            .into_iter()
            .find(|p| p.extension().is_some_and(|x| x == "eml"))
        {
            break f;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "no .eml file in {}",
            dir.display()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let bytes = std::fs::read(&file).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let mail = mailparse::parse_mail(&bytes).unwrap();
    use mailparse::MailHeaderMap;
    assert_eq!(
        mail.headers.get_first_value("To").unwrap(),
        format!("{me}@example.org")
    );
    assert_eq!(mail.ctype.mimetype, "multipart/alternative");
    let id = mail.headers.get_first_value("Message-ID").unwrap();
    assert!(
        file.file_name()
            .unwrap()
            .to_string_lossy()
            .contains(id.trim_matches(['<', '>']).split('@').next().unwrap()),
        "{} names {id}",
        file.display()
    );
    assert_eq!(
        mail.headers.get_first_value("References").unwrap(),
        format!("<game-{}@lords.test>", table.id)
    );
}

#[tokio::test]
async fn a_challenge_and_a_paired_seek_are_mailed_in_the_players_language() {
    let sink = SmtpSink::start();
    let app = app_with_sink(&sink, |_| {}).await;
    let api = Api::of(&app);
    let ailsa = verified(&app, "ailsa", "en").await;
    let bruce = verified(&app, "bruce", "fr").await;
    let res = api
        .post(
            "/v1/challenges",
            &ailsa,
            &json!({"to": ["bruce"], "players": 2}),
        )
        .await;
    assert_eq!(res.status(), 201);
    let got = sink.wait_for(1, PATIENCE).await;
    assert_eq!(got[0].header("Subject").unwrap(), "ailsa vous défie");
    assert!(
        got[0]
            .body("text/plain")
            .unwrap()
            .contains("ailsa vous défie à une partie à 2 joueurs."),
        "{:?}",
        got[0].body("text/plain")
    );
    // Two seeks pair: each player is told by mail, in their language, with the game's link.
    for token in [&ailsa, &bruce] {
        let res = api
            .post("/v1/seeks", token, &json!({"players": 2, "rated": false}))
            .await;
        assert_eq!(res.status(), 201);
    }
    // The challenge, both seeks' news and the first turn.
    let got = sink.wait_for(4, PATIENCE).await;
    let subjects: Vec<String> = got.iter().filter_map(|m| m.header("Subject")).collect();
    assert!(
        subjects.contains(&"Your seek found a game against bruce".to_string()),
        "{subjects:?}"
    );
    assert!(
        subjects.contains(&"Votre recherche a trouvé une partie contre ailsa".to_string()),
        "{subjects:?}"
    );
}

#[tokio::test]
async fn a_french_mail_shows_its_deadline_in_the_players_time_zone_in_the_sites_words() {
    let sink = SmtpSink::start();
    let app = app_with_sink(&sink, |_| {}).await;
    let morag = verified(&app, "morag", "fr").await;
    let mut settings = defaults();
    settings["time_zone"] = json!("Europe/Paris");
    assert_eq!(put_settings(&app, &morag, &settings).await.status(), 200);
    // A clocked game against a bot: it starts at once, and morag's turn comes with a deadline.
    create_game(
        &app,
        &morag,
        &json!({"players": 2, "turn_time_limit_s": 86400,
                "bots": [{"seat": 1, "level": "random"}]}),
    )
    .await;
    let got = sink.wait_for(1, PATIENCE).await;
    let mail = &got[0];
    // The bot is named as the game's log names it.
    assert_eq!(
        mail.header("Subject").unwrap(),
        "À vous de jouer contre random bot"
    );
    let text = mail.body("text/plain").unwrap();
    // December in Paris: central European time, not UTC.
    assert!(text.contains("Échéance\u{a0}: "), "{text}");
    assert!(text.contains(" CET"), "{text}");
    assert!(!text.contains("UTC"), "{text}");
    // French typography: a non-breaking space before a colon; the site's word for email.
    assert!(text.contains("Ouvrir la partie\u{a0}: http"), "{text}");
    assert!(text.contains("e-mail"), "{text}");
    assert!(!text.contains("courriel"), "{text}");
}

#[tokio::test]
async fn an_invitation_no_longer_pending_is_not_mailed_once_the_address_is_verified() {
    let sink = SmtpSink::start();
    let app = app_with_sink(&sink, |_| {}).await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let bob = app.signed_up("bob").await;
    set_address(&app, "bob", false, "en").await;
    // Three games of three players invite bob by name while his address is unverified: he
    // joins the first, declines the second, and the third still awaits him.
    let mut games = Vec::new();
    for _ in 0..3 {
        let game = create_game(&app, &alice, &json!({"players": 3})).await;
        let res = api
            .post(
                &format!("/v1/games/{game}/invitations"),
                &alice,
                &json!({"username": "bob"}),
            )
            .await;
        assert_eq!(res.status(), 201);
        games.push(game);
    }
    ok(api
        .post(&format!("/v1/games/{}/join", games[0]), &bob, &json!({}))
        .await)
    .await;
    let received = ok(api.get("/v1/me/invitations", &bob).await).await;
    let declined = received
        .as_array()
        .or_else(|| received["invitations"].as_array())
        .unwrap()
        .iter()
        .find(|i| i["game"]["id"] == json!(games[1]))
        .expect("the second game's invitation")["id"]
        .as_str()
        .unwrap()
        .to_string();
    let res = api
        .post(
            &format!("/v1/me/invitations/{declined}/decline"),
            &bob,
            &json!({}),
        )
        .await;
    assert!(res.status().is_success(), "{}", res.status());

    // Bob verifies his address: only the invitation still pending is mailed.
    set_address(&app, "bob", true, "en").await;
    let got = sink.wait_for(1, PATIENCE).await;
    until(
        &app,
        "SELECT (SELECT count(*) FROM mail_outbox m JOIN accounts a ON a.id = m.account_id \
                 WHERE a.username = 'bob') = 3 \
            AND NOT EXISTS (SELECT 1 FROM mail_outbox WHERE state = 'pending')",
    )
    .await;
    let mails = only(&sink.messages(), "bob@example.org");
    assert_eq!(mails.len(), 1, "{got:?}");
    assert_eq!(
        mails[0].header("In-Reply-To").unwrap(),
        format!("<game-{}@lords.test>", games[2])
    );
}

/// A challenge from `from` to the accounts `to` (a seat each and the challenger's), unrated.
async fn challenge(app: &TestApp, from: &str, to: &[&str]) -> String {
    let res = Api::of(app)
        .post("/v1/challenges", from, &json!({"to": to, "rated": false}))
        .await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    body["id"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_challenge_no_longer_awaiting_its_invitee_is_not_mailed_once_the_address_is_verified() {
    let sink = SmtpSink::start();
    let app = app_with_sink(&sink, |_| {}).await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let bob = app.signed_up("bob").await;
    app.signed_up("carol").await;
    set_address(&app, "bob", false, "en").await;
    // Six challenges name bob while his address is unverified: he accepts the first and
    // declines the second, alice cancels the third, the fourth expires, the fifth he accepted
    // still waits for carol, and the last still awaits him.
    let accepted = challenge(&app, &alice, &["bob"]).await;
    let declined = challenge(&app, &alice, &["bob"]).await;
    let cancelled = challenge(&app, &alice, &["bob"]).await;
    let expired = challenge(&app, &alice, &["bob"]).await;
    let answered = challenge(&app, &alice, &["bob", "carol"]).await;
    challenge(&app, &alice, &["bob"]).await;
    for id in [&accepted, &answered] {
        let res = api
            .post(&format!("/v1/challenges/{id}/accept"), &bob, &json!({}))
            .await;
        assert_eq!(res.status(), 200);
    }
    let res = api
        .post(
            &format!("/v1/challenges/{declined}/decline"),
            &bob,
            &json!({"reason": "later"}),
        )
        .await;
    assert!(res.status().is_success(), "{}", res.status());
    let res = app
        .client
        .delete(app.url(&format!("/v1/challenges/{cancelled}")))
        .bearer_auth(&alice)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 204);
    sqlx::query("UPDATE challenges SET expires_at = now() - interval '1 minute' WHERE id = $1")
        .bind(expired.parse::<uuid::Uuid>().unwrap())
        .execute(&app.pool)
        .await
        .unwrap();

    // Bob verifies his address: only the challenge still awaiting him is mailed.
    set_address(&app, "bob", true, "en").await;
    sink.wait_for(1, PATIENCE).await;
    until(
        &app,
        "SELECT (SELECT count(*) FROM mail_outbox m JOIN accounts a ON a.id = m.account_id \
                 WHERE a.username = 'bob' AND m.kind = 'challenge') = 6 \
            AND NOT EXISTS (SELECT 1 FROM mail_outbox WHERE state = 'pending')",
    )
    .await;
    let challenges: Vec<Received> = only(&sink.messages(), "bob@example.org")
        .into_iter()
        .filter(|m| m.header("Subject").as_deref() == Some("alice challenges you"))
        .collect();
    assert_eq!(challenges.len(), 1, "{challenges:?}");
    assert!(
        challenges[0]
            .body("text/plain")
            .unwrap()
            .contains("alice challenges you to a game of 2 players."),
        "{:?}",
        challenges[0].body("text/plain")
    );
}

#[tokio::test]
async fn a_paired_seek_whose_game_is_over_is_not_mailed_once_the_address_is_verified() {
    let sink = SmtpSink::start();
    let app = app_with_sink(&sink, |_| {}).await;
    let api = Api::of(&app);
    let alice = app.signed_up("alice").await;
    let bob = app.signed_up("bob").await;
    let carol = app.signed_up("carol").await;
    set_address(&app, "bob", false, "en").await;
    // Bob's seek pairs with alice's, and he resigns that game (two players: it ends at once);
    // his next seek pairs with carol's, and that game goes on.
    let mut games = Vec::new();
    for other in [&alice, &carol] {
        let seek = json!({"players": 2, "rated": false});
        assert_eq!(api.post("/v1/seeks", &bob, &seek).await.status(), 201);
        let res = api.post("/v1/seeks", other, &seek).await;
        assert_eq!(res.status(), 201);
        let body: Value = res.json().await.unwrap();
        let game = body["game_id"].as_str().expect("paired").to_string();
        if games.is_empty() {
            let res = api
                .post(&format!("/v1/games/{game}/resign"), &bob, &json!({}))
                .await;
            assert!(res.status().is_success(), "{}", res.status());
            let view = api.game(&game, &bob).await;
            assert_eq!(view["view"]["status"], "finished", "{view}");
        }
        games.push(game);
    }

    // Bob verifies his address: only the seek whose game goes on is mailed.
    set_address(&app, "bob", true, "en").await;
    sink.wait_for(1, PATIENCE).await;
    until(
        &app,
        "SELECT (SELECT count(*) FROM mail_outbox m JOIN accounts a ON a.id = m.account_id \
                 WHERE a.username = 'bob' AND m.kind = 'seek_matched') = 2 \
            AND NOT EXISTS (SELECT 1 FROM mail_outbox WHERE state = 'pending')",
    )
    .await;
    let paired: Vec<Received> = only(&sink.messages(), "bob@example.org")
        .into_iter()
        .filter(|m| {
            m.header("Subject")
                .is_some_and(|s| s.starts_with("Your seek found a game"))
        })
        .collect();
    assert_eq!(paired.len(), 1, "{paired:?}");
    assert_eq!(
        paired[0].header("In-Reply-To").unwrap(),
        format!("<game-{}@lords.test>", games[1])
    );
}
