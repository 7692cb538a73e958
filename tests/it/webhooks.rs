//! Webhooks: registration and its SSRF refusals, Standard Webhooks signatures
//! checked with an independent HMAC implementation, retries after 500s and timeouts, no
//! duplicate after a success, endpoints disabled after failing too long, and a delivery that
//! survives a SIGKILL of the real binary. The receiver is a real HTTP server on 127.0.0.1.

use crate::common;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use common::app::{
    TEST_JWT_SECRET, TEST_RATES, TestApp, problem, spawn_app, spawn_app_on, spawn_app_with,
};
use common::games::{Api, create_game, ok};
use common::receiver::{PATIENCE, Received, Receiver, Reply};
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha256;

const BIN: &str = env!("CARGO_BIN_EXE_lords");

/// Checks a delivery's signature as a receiver would, with the `hmac` and `sha2` crates.
fn verify_signature(secret: &str, r: &Received) {
    let key = STANDARD
        .decode(secret.strip_prefix("whsec_").expect("whsec_ prefix"))
        .unwrap();
    let timestamp = &r.headers["webhook-timestamp"];
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).unwrap();
    mac.update(format!("{}.{timestamp}.{}", r.id(), r.text()).as_bytes());
    let expected = format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()));
    let signatures: Vec<&str> = r.headers["webhook-signature"].split(' ').collect();
    assert!(
        signatures.contains(&expected.as_str()),
        "{signatures:?} lacks {expected}"
    );
    let sent: i64 = timestamp.parse().unwrap();
    let now = chrono::Utc::now().timestamp();
    assert!(
        (now - sent).abs() < 300,
        "timestamp {sent} is not now ({now})"
    );
}

async fn register(app: &TestApp, token: &str, url: &str, kinds: &[&str]) -> reqwest::Response {
    app.client
        .post(app.url("/v1/me/webhooks"))
        .bearer_auth(token)
        .json(&json!({"url": url, "kinds": kinds}))
        .send()
        .await
        .unwrap()
}

/// Registers and returns (id, secret).
async fn registered(app: &TestApp, token: &str, url: &str, kinds: &[&str]) -> (String, String) {
    let res = register(app, token, url, kinds).await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    (
        body["id"].as_str().unwrap().to_string(),
        body["secret"].as_str().unwrap().to_string(),
    )
}

/// `host` creates a 2-player game and a new account joins it: `game_started` for both.
async fn start_game(app: &TestApp, host: &str, guest: &str) -> String {
    let id = create_game(app, host, &json!({"players": 2})).await;
    ok(Api::of(app)
        .post(&format!("/v1/games/{id}/join"), guest, &json!({}))
        .await)
    .await;
    id
}

async fn deliveries(app: &TestApp, token: &str, hook: &str) -> Vec<Value> {
    let res = app
        .get_with_token(&format!("/v1/me/webhooks/{hook}/deliveries"), token)
        .await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    body["deliveries"].as_array().unwrap().clone()
}

/// Waits until the newest delivery to `hook` is no longer pending; returns the list.
async fn settled(app: &TestApp, token: &str, hook: &str, n: usize) -> Vec<Value> {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let list = deliveries(app, token, hook).await;
        if list.len() >= n && list.iter().all(|d| d["state"] != "pending") {
            return list;
        }
        assert!(Instant::now() < deadline, "still pending: {list:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_delivery_carries_the_notification_signed_as_standard_webhooks_say() {
    let app = spawn_app().await;
    let receiver = Receiver::start(&[]).await;
    let host = app.signed_up("morag").await;
    let guest = app.signed_up("angus").await;
    let res = register(&app, &host, &receiver.url(), &["game_started"]).await;
    assert_eq!(res.status(), 201);
    let location = res.headers()["location"].to_str().unwrap().to_string();
    let created: Value = res.json().await.unwrap();
    let hook = created["id"].as_str().unwrap().to_string();
    let secret = created["secret"].as_str().unwrap().to_string();
    assert_eq!(location, format!("/v1/me/webhooks/{hook}/deliveries"));
    assert_eq!(created["url"], receiver.url());
    assert_eq!(created["kinds"], json!(["game_started"]));
    assert_eq!(created["disabled_at"], Value::Null);
    assert_eq!(
        STANDARD.decode(&secret["whsec_".len()..]).unwrap().len(),
        32
    );

    let game = start_game(&app, &host, &guest).await;
    let got = receiver.wait_for(1).await;
    let r = &got[0];
    verify_signature(&secret, r);
    assert_eq!(r.headers[":request-line"], "POST /hooks/lords?x=1 HTTP/1.1");
    assert_eq!(r.headers["content-type"], "application/json");
    assert!(r.id().starts_with("msg_"), "{}", r.id());
    let body: Value = serde_json::from_str(&r.text()).unwrap();
    assert_eq!(body["type"], "game_started");
    assert_eq!(body["data"]["kind"], "game_started");
    assert_eq!(body["data"]["id"], 1);
    assert_eq!(body["data"]["game_id"], game);
    assert_eq!(body["data"]["payload"]["players"], 2);
    assert!(body["timestamp"].is_string());

    let list = settled(&app, &host, &hook, 1).await;
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["state"], "delivered");
    assert_eq!(list[0]["message_id"], r.id());
    assert_eq!(
        list[0]["attempts"][0],
        json!({
            "attempt": 1,
            "attempted_at": list[0]["attempts"][0]["attempted_at"],
            "duration_ms": list[0]["attempts"][0]["duration_ms"],
            "result": "http_status",
            "status_code": 200,
        })
    );

    // The list never shows the secret; the guest, who registered nothing, gets nothing.
    let listed: Value = app
        .get_with_token("/v1/me/webhooks", &host)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(listed["webhooks"].as_array().unwrap().len(), 1);
    assert_eq!(listed["webhooks"][0]["id"], hook);
    assert!(listed["webhooks"][0].get("secret").is_none());
    assert_eq!(receiver.seen().len(), 1);
}

#[tokio::test]
async fn a_delivery_answered_500_is_retried_until_acknowledged_and_then_never_again() {
    let app = spawn_app().await;
    let receiver = Receiver::start(&[Reply::Status(500), Reply::Status(503)]).await;
    let host = app.signed_up("morag").await;
    let (hook, secret) = registered(&app, &host, &receiver.url(), &["game_started"]).await;
    start_game(&app, &host, &app.signed_up("angus").await).await;
    let got = receiver.wait_for(3).await;
    assert!(
        got.iter().all(|r| r.id() == got[0].id()),
        "one message, retried"
    );
    assert!(got.iter().all(|r| r.body == got[0].body));
    for r in &got {
        verify_signature(&secret, r);
    }
    let list = settled(&app, &host, &hook, 1).await;
    assert_eq!(list[0]["state"], "delivered");
    let statuses: Vec<&Value> = list[0]["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| &a["status_code"])
        .collect();
    assert_eq!(statuses, [&json!(500), &json!(503), &json!(200)]);
    assert_eq!(list[0]["attempts"][0]["result"], "http_status");
    assert!(list[0]["attempts"][0].get("error").is_none());

    // The next notification arrives, and the acknowledged one was not sent again.
    start_game(&app, &host, &app.signed_up("iona").await).await;
    let got = receiver.wait_for(4).await;
    settled(&app, &host, &hook, 2).await;
    let first = got[0].id();
    assert_eq!(got.iter().filter(|r| r.id() == first).count(), 3);
    assert_ne!(got[3].id(), first);
    assert_eq!(receiver.seen().len(), 4);
}

#[tokio::test]
async fn a_delivery_that_times_out_is_retried() {
    let app = spawn_app().await;
    // The sender gives up after 2 s (test_config); this answer would come after 10.
    let receiver = Receiver::start(&[Reply::Stall(Duration::from_secs(10))]).await;
    let host = app.signed_up("morag").await;
    let (hook, secret) = registered(&app, &host, &receiver.url(), &["game_started"]).await;
    start_game(&app, &host, &app.signed_up("angus").await).await;
    let got = receiver.wait_for(2).await;
    assert_eq!(got[0].id(), got[1].id());
    verify_signature(&secret, &got[1]);
    let list = settled(&app, &host, &hook, 1).await;
    assert_eq!(list[0]["state"], "delivered");
    let attempts = list[0]["attempts"].as_array().unwrap();
    assert_eq!(attempts.len(), 2);
    assert_eq!(attempts[0]["result"], "timeout");
    assert_eq!(attempts[0]["status_code"], Value::Null);
    assert!(attempts[0].get("error").is_none());
    assert_eq!(attempts[1]["result"], "http_status");
    assert_eq!(attempts[1]["status_code"], 200);
}

#[tokio::test]
async fn an_attempt_that_reaches_no_server_says_network_error_and_nothing_more() {
    let app = spawn_app().await;
    // A port on which nothing listens: the connection is refused. Another failure of the
    // network (closed, reset, unreachable) would read the same.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let host = app.signed_up("morag").await;
    let url = format!("http://127.0.0.1:{port}/hook");
    let (hook, _) = registered(&app, &host, &url, &["game_started"]).await;
    start_game(&app, &host, &app.signed_up("angus").await).await;
    let deadline = Instant::now() + PATIENCE;
    let attempt = loop {
        let list = deliveries(&app, &host, &hook).await;
        if let Some(a) = list.first().and_then(|d| d["attempts"].get(0)) {
            break a.clone();
        }
        assert!(Instant::now() < deadline, "never attempted: {list:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(
        attempt,
        json!({
            "attempt": 1,
            "attempted_at": attempt["attempted_at"],
            "duration_ms": attempt["duration_ms"],
            "result": "network_error",
            "status_code": null,
        })
    );
}

#[tokio::test]
async fn only_the_kinds_asked_for_are_delivered_and_each_account_gets_its_own() {
    let app = spawn_app().await;
    let receiver = Receiver::start(&[]).await;
    let host = app.signed_up("morag").await;
    let guest = app.signed_up("angus").await;
    let (host_hook, _) = registered(&app, &host, &receiver.url(), &["game_ended"]).await;
    let (guest_hook, _) = registered(&app, &guest, &receiver.url(), &["game_started"]).await;
    start_game(&app, &host, &guest).await;
    settled(&app, &guest, &guest_hook, 1).await;
    assert!(deliveries(&app, &host, &host_hook).await.is_empty());
    let got = receiver.seen();
    assert_eq!(got.len(), 1);
    let body: Value = serde_json::from_str(&got[0].text()).unwrap();
    assert_eq!(body["type"], "game_started");
    // Nobody sees another account's endpoint.
    let res = app
        .get_with_token(&format!("/v1/me/webhooks/{host_hook}/deliveries"), &guest)
        .await;
    problem(res, 404, "webhook_not_found").await;
}

#[tokio::test]
async fn urls_that_reach_private_loopback_or_metadata_addresses_are_refused_with_422() {
    let app = spawn_app().await;
    let token = app.signed_up("morag").await;
    for url in [
        "http://10.0.0.1/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]:8080/hook",
        "http://[::ffff:10.0.0.1]/hook",
        "http://[fd00:ec2::254]/",
        "http://127.0.0.2/hook",
        "http://0.0.0.0/hook",
        "https://192.168.1.1/hook",
    ] {
        let res = register(&app, &token, url, &["your_turn"]).await;
        problem(res, 422, "webhook_url_forbidden").await;
    }
    for url in [
        "ftp://example.org/",
        "not a url",
        "https://u:p@example.org/",
        "https://example.org/#x",
    ] {
        let res = register(&app, &token, url, &["your_turn"]).await;
        problem(res, 422, "invalid_webhook").await;
    }
    problem(
        register(&app, &token, "https://example.org/", &[]).await,
        422,
        "invalid_webhook",
    )
    .await;
    problem(
        register(&app, &token, "https://example.org/", &["nope"]).await,
        400,
        "malformed_json",
    )
    .await;
    let listed: Value = app
        .get_with_token("/v1/me/webhooks", &token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(listed["webhooks"], json!([]));

    // Loopback is admitted only because the tests' allow-list names 127.0.0.1.
    let strict = spawn_app_with(|c| c.webhooks.allow = Default::default()).await;
    let token = strict.signed_up("morag").await;
    let res = register(&strict, &token, "http://127.0.0.1:9/hook", &["your_turn"]).await;
    problem(res, 422, "webhook_url_forbidden").await;
    // A name that resolves to an address deliveries may not reach, one that does not resolve
    // and an address literal are refused in the same words, which name no address: the answer
    // tells nothing of what an internal name resolves to, or whether it exists.
    let mut details = Vec::new();
    for url in [
        "http://localhost:9/hook",
        "http://no-such-host.invalid/hook",
        "http://10.0.0.1/hook",
    ] {
        let res = register(&strict, &token, url, &["your_turn"]).await;
        let body = problem(res, 422, "webhook_url_forbidden").await;
        let detail = body["detail"].as_str().unwrap().to_string();
        for address in ["127.0.0.1", "::1", "10.0.0.1"] {
            assert!(!detail.contains(address), "{url}: {detail}");
        }
        details.push(detail);
    }
    assert!(details.iter().all(|d| *d == details[0]), "{details:?}");
}

#[tokio::test]
async fn an_allow_list_entry_with_a_port_admits_only_that_port() {
    let receiver = Receiver::start(&[]).await;
    let entry = format!("127.0.0.1:{}", receiver.addr.port());
    let app = spawn_app_with(|c| {
        c.webhooks.allow = lords::outbound::guard::AllowList::new(vec![entry.parse().unwrap()])
    })
    .await;
    let host = app.signed_up("morag").await;
    let other = format!("http://127.0.0.1:{}/hook", receiver.addr.port() ^ 1);
    let res = register(&app, &host, &other, &["game_started"]).await;
    problem(res, 422, "webhook_url_forbidden").await;
    let (hook, _) = registered(&app, &host, &receiver.url(), &["game_started"]).await;
    start_game(&app, &host, &app.signed_up("angus").await).await;
    receiver.wait_for(1).await;
    assert_eq!(
        settled(&app, &host, &hook, 1).await[0]["state"],
        "delivered"
    );
}

#[tokio::test]
async fn webhooks_are_deleted_by_their_owner_only_and_limited_per_account() {
    let app = spawn_app().await;
    let owner = app.signed_up("morag").await;
    let other = app.signed_up("angus").await;
    let (hook, _) = registered(&app, &owner, "http://127.0.0.1:9/a", &["your_turn"]).await;
    let path = format!("/v1/me/webhooks/{hook}");
    let del = |token: &str| {
        app.client
            .delete(app.url(&path))
            .bearer_auth(token.to_string())
            .send()
    };
    problem(del(&other).await.unwrap(), 404, "webhook_not_found").await;
    assert_eq!(del(&owner).await.unwrap().status(), 204);
    problem(del(&owner).await.unwrap(), 404, "webhook_not_found").await;
    for i in 0..10 {
        registered(
            &app,
            &owner,
            &format!("http://127.0.0.1:9/{i}"),
            &["your_turn"],
        )
        .await;
    }
    let res = register(&app, &owner, "http://127.0.0.1:9/x", &["your_turn"]).await;
    problem(res, 409, "too_many_webhooks").await;
    let res = app
        .client
        .get(app.url("/v1/me/webhooks"))
        .send()
        .await
        .unwrap();
    problem(res, 401, "unauthorized").await;
}

#[tokio::test]
async fn an_endpoint_failing_for_too_long_is_disabled_and_its_owner_sees_it() {
    let app = spawn_app_with(|c| c.webhooks.disable_after = Duration::from_secs(1)).await;
    let receiver = Receiver::start(&[Reply::Status(500); 1000]).await;
    let host = app.signed_up("morag").await;
    let (hook, _) = registered(&app, &host, &receiver.url(), &["game_started"]).await;
    start_game(&app, &host, &app.signed_up("angus").await).await;
    let deadline = Instant::now() + PATIENCE;
    let listed = loop {
        let listed: Value = app
            .get_with_token("/v1/me/webhooks", &host)
            .await
            .json()
            .await
            .unwrap();
        if !listed["webhooks"][0]["disabled_at"].is_null() {
            break listed;
        }
        assert!(Instant::now() < deadline, "never disabled: {listed}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(listed["webhooks"][0]["failing_since"].is_string());
    let list = deliveries(&app, &host, &hook).await;
    assert_eq!(list[0]["state"], "failed");
    // Nothing more is sent to it.
    let sent = receiver.seen().len();
    start_game(&app, &host, &app.signed_up("iona").await).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(receiver.seen().len(), sent);
    assert_eq!(deliveries(&app, &host, &hook).await.len(), 1);
}

#[tokio::test]
async fn one_accounts_held_endpoints_do_not_delay_another_accounts_delivery() {
    // Four slots in the process, two of them at most for one account, and attempts that wait
    // a minute: the slow account's endpoints are held for the whole test.
    let app = spawn_app_with(|c| {
        c.webhooks.concurrency = 4;
        c.webhooks.concurrency_per_account = 2;
        c.webhooks.timeout = Duration::from_secs(60);
    })
    .await;
    let tarpit = Receiver::start(&[Reply::Hold; 100]).await;
    let slow = app.signed_up("morag").await;
    for i in 0..10 {
        let url = format!("http://{}/tarpit/{i}", tarpit.addr);
        registered(&app, &slow, &url, &["game_started"]).await;
    }
    // Two notifications for each of the ten endpoints.
    start_game(&app, &slow, &app.signed_up("angus").await).await;
    start_game(&app, &slow, &app.signed_up("iona").await).await;
    tarpit.wait_for(2).await;

    let receiver = Receiver::start(&[]).await;
    let victim = app.signed_up("fergus").await;
    registered(&app, &victim, &receiver.url(), &["game_started"]).await;
    let game = create_game(&app, &victim, &json!({"players": 2})).await;
    let guest = app.signed_up("ewan").await;
    ok(Api::of(&app)
        .post(&format!("/v1/games/{game}/join"), &guest, &json!({}))
        .await)
    .await;
    // The held attempts last a minute: a delivery before half of it did not wait for them
    // (how soon it comes is measured by the benchmarks, not asserted here).
    let deadline = Instant::now() + Duration::from_secs(30);
    while receiver.seen().is_empty() {
        assert!(
            Instant::now() < deadline,
            "the other account's delivery waited for the held endpoints"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Delivered while every request to the slow account's endpoints is still held, and no
    // more of them than its share were attempted.
    let held = tarpit.held();
    assert_eq!(
        held,
        tarpit.seen().len(),
        "none of the held requests was answered"
    );
    assert!(held <= 2, "{held} attempts in flight for one account");
    let body: Value = serde_json::from_str(&receiver.seen()[0].text()).unwrap();
    assert_eq!(body["data"]["game_id"], game);
    tarpit.release();
}

#[tokio::test]
async fn endpoints_that_keep_timing_out_wait_in_the_slow_lane_not_before_other_accounts() {
    // A first server, whose attempts give up after 2 s, finds out that three accounts'
    // endpoints time out; it is recorded in PostgreSQL.
    let first = spawn_app_with(|c| c.webhooks.slow_after = 1).await;
    let tarpit = Receiver::start(&[Reply::Hold; 200]).await;
    let mut slow = Vec::new();
    for i in 0..3 {
        let token = first.signed_up(&format!("morag{i}")).await;
        let url = format!("http://{}/tarpit/{i}", tarpit.addr);
        let (hook, _) = registered(&first, &token, &url, &["game_started"]).await;
        start_game(&first, &token, &first.signed_up(&format!("angus{i}")).await).await;
        slow.push((token, hook));
    }
    let deadline = Instant::now() + Duration::from_secs(60);
    for (token, hook) in &slow {
        loop {
            let list = deliveries(&first, token, hook).await;
            let timed_out = list.iter().any(|d| {
                d["attempts"]
                    .as_array()
                    .is_some_and(|a| a.iter().any(|a| a["result"] == "timeout"))
            });
            if timed_out {
                break;
            }
            assert!(Instant::now() < deadline, "no attempt timed out: {list:?}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    first.trigger.shutdown().await;

    // A second server on the same database, whose attempts wait a minute: two slots in the
    // normal lane (one per account), one in the slow lane. Without the slow lane the three
    // endpoints would take both normal slots for a minute.
    let app = spawn_app_on(first.pool.clone(), first.db_url.clone(), |c| {
        c.webhooks.timeout = Duration::from_secs(60);
        c.webhooks.concurrency = 2;
        c.webhooks.concurrency_per_account = 1;
        c.webhooks.slow_after = 1;
        c.webhooks.slow_concurrency = 1;
    })
    .await;
    let before = tarpit.seen().len();
    let deadline = Instant::now() + PATIENCE;
    while tarpit.seen().len() == before {
        assert!(
            Instant::now() < deadline,
            "the slow lane never took a delivery"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Meanwhile a healthy account's delivery: it does not wait for the held ones (they last a
    // minute; how soon it comes is the benchmarks' to measure, not asserted here).
    let receiver = Receiver::start(&[]).await;
    let victim = app.signed_up("fergus").await;
    registered(&app, &victim, &receiver.url(), &["game_started"]).await;
    let game = create_game(&app, &victim, &json!({"players": 2})).await;
    ok(Api::of(&app)
        .post(
            &format!("/v1/games/{game}/join"),
            &app.signed_up("ewan").await,
            &json!({}),
        )
        .await)
    .await;
    let deadline = Instant::now() + Duration::from_secs(30);
    while receiver.seen().is_empty() {
        assert!(
            Instant::now() < deadline,
            "the healthy delivery waited for the slow endpoints"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Delivered while the slow endpoints had the slow lane's one slot, and no other.
    let slow_attempts = tarpit.seen().len() - before;
    assert_eq!(slow_attempts, 1, "{slow_attempts} slow attempts in flight");
    let body: Value = serde_json::from_str(&receiver.seen()[0].text()).unwrap();
    assert_eq!(body["data"]["game_id"], game);

    // An answer in time brings an endpoint back to the normal lane.
    tarpit.release();
    let (token, hook) = &slow[0];
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let list = deliveries(&app, token, hook).await;
        if list.iter().all(|d| d["state"] == "delivered") {
            break;
        }
        assert!(Instant::now() < deadline, "never delivered: {list:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let back: i32 =
        sqlx::query_scalar("SELECT timeouts_in_a_row FROM webhook_endpoints WHERE id = $1::uuid")
            .bind(hook)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(back, 0);
}

#[tokio::test]
async fn an_endpoint_deleted_while_its_notification_is_dispatched_is_skipped_without_a_rollback() {
    let (pool, _url) = common::fresh_database().await;
    let account = uuid::Uuid::now_v7();
    sqlx::query("INSERT INTO accounts (id, username, password_hash) VALUES ($1, 'morag', 'x')")
        .bind(account)
        .execute(&pool)
        .await
        .unwrap();
    let mut endpoints = Vec::new();
    for i in 0..2 {
        let id = uuid::Uuid::now_v7();
        sqlx::query(
            "INSERT INTO webhook_endpoints (id, account_id, url, secret, kinds) \
             VALUES ($1, $2, $3, $4, ARRAY['game_started'])",
        )
        .bind(id)
        .bind(account)
        .bind(format!("http://127.0.0.1:9/{i}"))
        .bind(&[7u8; 32][..])
        .execute(&pool)
        .await
        .unwrap();
        endpoints.push(id);
    }
    sqlx::query(
        "INSERT INTO notifications (account_id, id, kind, payload) \
         VALUES ($1, 1, 'game_started', '{}')",
    )
    .bind(account)
    .execute(&pool)
    .await
    .unwrap();

    // The owner deletes the first endpoint in a transaction that has not committed yet when
    // the dispatch reads the endpoints.
    let mut deletion = pool.begin().await.unwrap();
    sqlx::query("DELETE FROM webhook_endpoints WHERE id = $1")
        .bind(endpoints[0])
        .execute(&mut *deletion)
        .await
        .unwrap();
    let dispatch = tokio::spawn({
        let pool = pool.clone();
        async move { lords::notify::deliveries::webhooks::dispatch(&pool).await }
    });
    // The dispatch is reading the endpoints, which waits on the deletion's lock: commit the
    // deletion. (On plain PostgreSQL its backend waits on a `Lock`; on Citus the coordinator's
    // waits on the worker that holds the row, so what is looked for is the statement itself.)
    let deadline = Instant::now() + PATIENCE;
    loop {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid() \
               AND state = 'active' AND query LIKE '%FROM webhook_endpoints%FOR KEY SHARE%'",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        if waiting > 0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the dispatch never reached the endpoints"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    deletion.commit().await.unwrap();

    let dispatched = dispatch.await.unwrap().expect("the dispatch did not fail");
    assert_eq!(dispatched.deliveries, 1);
    let queued: Vec<uuid::Uuid> = sqlx::query_scalar("SELECT endpoint_id FROM webhook_deliveries")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(queued, [endpoints[1]]);
    let undispatched: i64 =
        sqlx::query_scalar("SELECT count(*) FROM notifications WHERE dispatched_at IS NULL")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(undispatched, 0, "the batch was not rolled back");
    pool.close().await;
}

/// `lords serve` (the real binary) on a database and port, allowing webhooks to 127.0.0.1.
struct Server(Child);

impl Server {
    fn start(db_url: &str, port: u16) -> Server {
        let child = Command::new(BIN)
            .arg("serve")
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("RUST_LOG", "warn")
            .env("DATABASE_URL", db_url)
            .env("LORDS_JWT_SECRET", TEST_JWT_SECRET)
            .envs(TEST_RATES)
            .env("LORDS_LISTEN", format!("127.0.0.1:{port}"))
            .env("LORDS_WORKERS", "1")
            .env("LORDS_DB_MAX_CONNECTIONS", "3")
            .env("LORDS_WEBHOOK_ALLOW", "127.0.0.1")
            .env("LORDS_WEBHOOK_RETRY_BASE_MS", "200")
            .env("LORDS_WEBHOOK_CONCURRENCY", "1")
            // The attempt cut short holds its endpoint's lease for this timeout and a margin;
            // short enough for the restarted server to take it over soon, long enough that the
            // attempt is still waiting when the test kills the server.
            .env("LORDS_WEBHOOK_TIMEOUT_MS", "5000")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start lords serve");
        Server(child)
    }

    fn kill(&mut self) {
        self.0.kill().unwrap();
        self.0.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

async fn wait_ready(client: &reqwest::Client, base: &str) {
    let deadline = Instant::now() + PATIENCE;
    while !client
        .get(format!("{base}/readyz"))
        .send()
        .await
        .is_ok_and(|r| r.status() == 200)
    {
        assert!(Instant::now() < deadline, "the server never became ready");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_delivery_survives_a_sigkill_of_the_server_between_commit_and_acknowledgement() {
    let (pool, db_url) = common::fresh_database().await;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let mut server = Server::start(&db_url, port);
    wait_ready(&client, &base).await;
    // The first attempt never gets an answer: the server is killed while it waits.
    let receiver = Receiver::start(&[Reply::Stall(Duration::from_secs(3600))]).await;
    let api = Api::at(&base);
    let sign_up = |name: &'static str| {
        let (client, base) = (client.clone(), base.clone());
        async move {
            let creds = json!({"username": name, "password": "correct horse battery"});
            let res = client
                .post(format!("{base}/v1/accounts"))
                .json(&creds)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 201);
            let res = client
                .post(format!("{base}/v1/auth/token"))
                .json(&creds)
                .send()
                .await
                .unwrap();
            let body: Value = res.json().await.unwrap();
            body["access_token"].as_str().unwrap().to_string()
        }
    };
    let host = sign_up("morag").await;
    let guest = sign_up("angus").await;
    let res = client
        .post(format!("{base}/v1/me/webhooks"))
        .bearer_auth(&host)
        .json(&json!({"url": receiver.url(), "kinds": ["game_started"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    let created: Value = res.json().await.unwrap();
    let secret = created["secret"].as_str().unwrap().to_string();
    let res = api.post("/v1/games", &host, &json!({"players": 2})).await;
    assert_eq!(res.status(), 201);
    let game: Value = res.json().await.unwrap();
    let game = game["id"].as_str().unwrap().to_string();
    ok(api
        .post(&format!("/v1/games/{game}/join"), &guest, &json!({}))
        .await)
    .await;

    // The notification is committed and its delivery is under way: kill the server now.
    let first = receiver.wait_for(1).await;
    server.kill();
    let pending: String = sqlx::query_scalar("SELECT state FROM webhook_deliveries")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(
        pending, "pending",
        "the attempt cut short is not recorded as done"
    );

    let _server = Server::start(&db_url, port);
    wait_ready(&client, &base).await;
    let got = receiver.wait_for(2).await;
    assert_eq!(got[1].id(), first[0].id(), "the same message, sent again");
    assert_eq!(got[1].body, first[0].body);
    verify_signature(&secret, &got[1]);
    let deadline = Instant::now() + PATIENCE;
    loop {
        let state: String = sqlx::query_scalar("SELECT state FROM webhook_deliveries")
            .fetch_one(&pool)
            .await
            .unwrap();
        if state == "delivered" {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "never delivered after the restart"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(receiver.seen().len(), 2);
}
