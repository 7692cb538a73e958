//! Web Push: the VAPID public key, subscriptions as a browser sends them, and
//! pushes through the delivery pipeline to a push service on 127.0.0.1 that checks the VAPID
//! token (RFC 8292) and decrypts the payload (RFC 8291 `aes128gcm`) with the subscription's
//! private key, generated here, using RustCrypto (p256, hkdf, aes-gcm), not the server's
//! aws-lc-rs. A subscription the push service says is gone (404/410) is deleted.

use crate::common;

use std::time::{Duration, Instant};

use aes_gcm::aead::Aead;
use aes_gcm::{Aes128Gcm, KeyInit, Nonce};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use common::app::{TestApp, problem, spawn_app};
use common::games::{Api, create_game, ok};
use common::receiver::{PATIENCE, Received, Receiver, Reply};
use hkdf::Hkdf;
use p256::ecdsa::signature::Verifier;
use p256::ecdsa::{Signature, VerifyingKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::{PublicKey, SecretKey};
use serde_json::{Value, json};
use sha2::Sha256;

/// A browser's side of a subscription: its ECDH key pair and auth secret.
struct Browser {
    secret: SecretKey,
    public: Vec<u8>,
    auth: [u8; 16],
}

impl Browser {
    fn new() -> Browser {
        let mut bytes = [0u8; 32];
        rand::fill(&mut bytes);
        let secret = SecretKey::from_slice(&bytes).unwrap();
        let public = secret
            .public_key()
            .to_encoded_point(false)
            .as_bytes()
            .to_vec();
        let mut auth = [0u8; 16];
        rand::fill(&mut auth);
        Browser {
            secret,
            public,
            auth,
        }
    }

    /// `PushSubscription.toJSON()`.
    fn subscription(&self, endpoint: &str) -> Value {
        json!({
            "endpoint": endpoint,
            "expirationTime": null,
            "keys": {
                "p256dh": URL_SAFE_NO_PAD.encode(&self.public),
                "auth": URL_SAFE_NO_PAD.encode(self.auth),
            },
        })
    }

    /// RFC 8291 / RFC 8188: one `aes128gcm` record decrypted with this browser's keys.
    fn decrypt(&self, body: &[u8]) -> Vec<u8> {
        let salt = &body[..16];
        let record_size = u32::from_be_bytes(body[16..20].try_into().unwrap()) as usize;
        let id_len = body[20] as usize;
        let server_public = &body[21..21 + id_len];
        let ciphertext = &body[21 + id_len..];
        assert!(ciphertext.len() <= record_size, "one record");
        let server_key = PublicKey::from_sec1_bytes(server_public).unwrap();
        let shared =
            p256::ecdh::diffie_hellman(self.secret.to_nonzero_scalar(), server_key.as_affine());
        let mut info = b"WebPush: info\0".to_vec();
        info.extend_from_slice(&self.public);
        info.extend_from_slice(server_public);
        let mut ikm = [0u8; 32];
        Hkdf::<Sha256>::new(Some(&self.auth), shared.raw_secret_bytes())
            .expand(&info, &mut ikm)
            .unwrap();
        let hk = Hkdf::<Sha256>::new(Some(salt), &ikm);
        let mut cek = [0u8; 16];
        hk.expand(b"Content-Encoding: aes128gcm\0", &mut cek)
            .unwrap();
        let mut nonce = [0u8; 12];
        hk.expand(b"Content-Encoding: nonce\0", &mut nonce).unwrap();
        let plain = Aes128Gcm::new_from_slice(&cek)
            .unwrap()
            .decrypt(Nonce::from_slice(&nonce), ciphertext)
            .expect("the payload decrypts and authenticates");
        let end = plain.iter().rposition(|&b| b != 0).unwrap();
        assert_eq!(plain[end], 2, "the last record's delimiter");
        plain[..end].to_vec()
    }
}

/// Checks `Authorization: vapid t=<JWT>, k=<key>` as a push service does (RFC 8292).
fn check_vapid(r: &Received, public_key: &str, audience: &str) {
    let header = &r.headers["authorization"];
    let rest = header.strip_prefix("vapid ").expect("the vapid scheme");
    let (mut t, mut k) = (None, None);
    for part in rest.split(',').map(str::trim) {
        if let Some(v) = part.strip_prefix("t=") {
            t = Some(v);
        } else if let Some(v) = part.strip_prefix("k=") {
            k = Some(v);
        }
    }
    let (t, k) = (t.unwrap(), k.unwrap());
    assert_eq!(k, public_key);
    let (input, signature) = t.rsplit_once('.').unwrap();
    let key = VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(k).unwrap()).unwrap();
    let signature = Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap()).unwrap();
    key.verify(input.as_bytes(), &signature)
        .expect("the VAPID token verifies with the server's public key");
    let (head, claims) = input.split_once('.').unwrap();
    let head: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(head).unwrap()).unwrap();
    assert_eq!(head["alg"], "ES256");
    let claims: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(claims).unwrap()).unwrap();
    assert_eq!(claims["aud"], audience);
    let exp = claims["exp"].as_i64().unwrap();
    let now = chrono::Utc::now().timestamp();
    assert!(exp > now && exp <= now + 24 * 3600, "exp {exp}, now {now}");
    let sub = claims["sub"].as_str().unwrap();
    assert!(
        sub.starts_with("mailto:") || sub.starts_with("https:"),
        "{sub}"
    );
}

async fn vapid_key(app: &TestApp) -> String {
    let body = ok(app.get("/v1/push/vapid-public-key").await).await;
    body["public_key"].as_str().unwrap().to_string()
}

async fn subscribe(app: &TestApp, token: &str, subscription: &Value) -> reqwest::Response {
    Api::of(app)
        .post("/v1/me/push-subscriptions", token, subscription)
        .await
}

async fn subscribed(app: &TestApp, token: &str, subscription: &Value) -> String {
    let res = subscribe(app, token, subscription).await;
    assert_eq!(res.status(), 201);
    let body: Value = res.json().await.unwrap();
    // The default notification settings push turns, reminders, invitations, matchmaking's news
    // and a tournament's rounds (under the `invited` setting).
    assert_eq!(
        body["kinds"],
        json!([
            "your_turn",
            "reminder",
            "invited",
            "seek_matched",
            "challenge",
            "challenge_declined",
            "tournament_round"
        ])
    );
    body["id"].as_str().unwrap().to_string()
}

/// Two players subscribed at `receiver` (paths `/push/0`, `/push/1`), then a game started:
/// (game id, tokens, browsers).
async fn two_subscribed_players(
    app: &TestApp,
    receiver: &Receiver,
) -> (String, [String; 2], [Browser; 2], [String; 2]) {
    let tokens = [app.signed_up("morag").await, app.signed_up("angus").await];
    let browsers = [Browser::new(), Browser::new()];
    let mut ids = Vec::new();
    for i in 0..2 {
        let endpoint = format!("http://{}/push/{i}", receiver.addr);
        ids.push(subscribed(app, &tokens[i], &browsers[i].subscription(&endpoint)).await);
    }
    let game = create_game(app, &tokens[0], &json!({"players": 2})).await;
    ok(Api::of(app)
        .post(&format!("/v1/games/{game}/join"), &tokens[1], &json!({}))
        .await)
    .await;
    (game, tokens, browsers, [ids[0].clone(), ids[1].clone()])
}

/// Which seat's subscription a request went to (`/push/<i>`).
fn pushed_to(r: &Received) -> usize {
    let line = &r.headers[":request-line"];
    if line.starts_with("POST /push/0 ") {
        0
    } else {
        1
    }
}

#[tokio::test]
async fn your_turn_is_pushed_encrypted_for_the_subscription_with_a_valid_vapid_token() {
    let app = spawn_app().await;
    let key = vapid_key(&app).await;
    let raw = URL_SAFE_NO_PAD.decode(&key).unwrap();
    assert_eq!((raw.len(), raw[0]), (65, 4), "an uncompressed P-256 point");
    assert_eq!(vapid_key(&app).await, key, "kept");

    let receiver = Receiver::start(&[Reply::Status(201)]).await;
    let (game, _tokens, browsers, _) = two_subscribed_players(&app, &receiver).await;
    let got = receiver.wait_for(1).await;
    let r = &got[0];
    assert_eq!(r.headers["content-encoding"], "aes128gcm");
    assert!(r.headers["ttl"].parse::<u64>().unwrap() > 0);
    check_vapid(r, &key, &format!("http://{}", receiver.addr));
    let plain = browsers[pushed_to(r)].decrypt(&r.body);
    let message: Value = serde_json::from_slice(&plain).unwrap();
    assert_eq!(message["type"], "your_turn");
    assert_eq!(message["data"]["kind"], "your_turn");
    assert_eq!(message["data"]["game_id"], game);
    assert!(message["data"]["payload"]["decision"].is_object());
    // `game_started` is not pushed: the first player's turn was the only push.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(receiver.seen().len(), 1);
}

#[tokio::test]
async fn a_subscription_the_push_service_says_is_gone_is_deleted() {
    let app = spawn_app().await;
    let receiver = Receiver::start(&[Reply::Status(410)]).await;
    let (_game, tokens, _browsers, ids) = two_subscribed_players(&app, &receiver).await;
    let got = receiver.wait_for(1).await;
    let gone = pushed_to(&got[0]);
    let deadline = Instant::now() + PATIENCE;
    loop {
        let left: Vec<uuid::Uuid> =
            sqlx::query_scalar("SELECT id FROM webhook_endpoints WHERE channel = 'web_push'")
                .fetch_all(&app.pool)
                .await
                .unwrap();
        if left.len() == 1 {
            assert_eq!(left[0].to_string(), ids[1 - gone]);
            break;
        }
        assert!(Instant::now() < deadline, "never deleted: {left:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let res = app
        .client
        .delete(app.url(&format!("/v1/me/push-subscriptions/{}", ids[gone])))
        .bearer_auth(&tokens[gone])
        .send()
        .await
        .unwrap();
    problem(res, 404, "push_subscription_not_found").await;
    assert_eq!(receiver.seen().len(), 1);
}

#[tokio::test]
async fn subscriptions_are_checked_replaced_and_deleted_by_their_owner_only() {
    let app = spawn_app().await;
    let owner = app.signed_up("morag").await;
    let other = app.signed_up("angus").await;
    let browser = Browser::new();
    let endpoint = "http://127.0.0.1:9/push/a";
    let id = subscribed(&app, &owner, &browser.subscription(endpoint)).await;
    // The same endpoint again (new keys) is the same subscription.
    let again = subscribed(&app, &owner, &Browser::new().subscription(endpoint)).await;
    assert_eq!(again, id);

    let mut bad = browser.subscription(endpoint);
    bad["keys"]["p256dh"] = json!(URL_SAFE_NO_PAD.encode([4u8; 65]));
    problem(
        subscribe(&app, &owner, &bad).await,
        422,
        "invalid_push_subscription",
    )
    .await;
    let mut bad = browser.subscription(endpoint);
    bad["keys"]["auth"] = json!(URL_SAFE_NO_PAD.encode([1u8; 8]));
    problem(
        subscribe(&app, &owner, &bad).await,
        422,
        "invalid_push_subscription",
    )
    .await;
    let bad = browser.subscription("ftp://127.0.0.1/x");
    problem(
        subscribe(&app, &owner, &bad).await,
        422,
        "invalid_push_subscription",
    )
    .await;
    let private = browser.subscription("https://10.0.0.1/push");
    problem(
        subscribe(&app, &owner, &private).await,
        422,
        "webhook_url_forbidden",
    )
    .await;
    let res = app
        .client
        .post(app.url("/v1/me/push-subscriptions"))
        .json(&browser.subscription(endpoint))
        .send()
        .await
        .unwrap();
    problem(res, 401, "unauthorized").await;

    let path = format!("/v1/me/push-subscriptions/{id}");
    let del = |token: &str| {
        app.client
            .delete(app.url(&path))
            .bearer_auth(token.to_string())
            .send()
    };
    problem(
        del(&other).await.unwrap(),
        404,
        "push_subscription_not_found",
    )
    .await;
    assert_eq!(del(&owner).await.unwrap().status(), 204);
    problem(
        del(&owner).await.unwrap(),
        404,
        "push_subscription_not_found",
    )
    .await;
    // Push subscriptions are not webhooks.
    let listed = ok(app.get_with_token("/v1/me/webhooks", &owner).await).await;
    assert_eq!(listed["webhooks"], json!([]));
}

#[tokio::test]
async fn an_account_has_at_most_twenty_push_subscriptions() {
    let app = spawn_app().await;
    let owner = app.signed_up("collector").await;
    let browser = Browser::new();
    for i in 0..20 {
        let endpoint = format!("http://127.0.0.1:9/push/{i}");
        subscribed(&app, &owner, &browser.subscription(&endpoint)).await;
    }
    let one_more = browser.subscription("http://127.0.0.1:9/push/20");
    problem(
        subscribe(&app, &owner, &one_more).await,
        409,
        "too_many_push_subscriptions",
    )
    .await;
    // An endpoint already subscribed is replaced, not counted again.
    subscribed(
        &app,
        &owner,
        &Browser::new().subscription("http://127.0.0.1:9/push/3"),
    )
    .await;
}

#[tokio::test]
async fn a_subscription_with_an_unknown_field_is_refused_with_422() {
    let app = spawn_app().await;
    let owner = app.signed_up("morag").await;
    let browser = Browser::new();
    let endpoint = "http://127.0.0.1:9/push/a";
    let mut extra = browser.subscription(endpoint);
    extra["topic"] = json!("everything");
    let mut extra_key = browser.subscription(endpoint);
    extra_key["keys"]["p384"] = json!("x");
    let mut missing = browser.subscription(endpoint);
    missing["keys"].as_object_mut().unwrap().remove("auth");
    for body in [extra, extra_key, missing, json!([1, 2]), json!("push")] {
        problem(
            subscribe(&app, &owner, &body).await,
            422,
            "invalid_push_subscription",
        )
        .await;
    }
    // What is not JSON at all stays a 400.
    let res = app
        .client
        .post(app.url("/v1/me/push-subscriptions"))
        .bearer_auth(&owner)
        .header("content-type", "application/json")
        .body("{\"endpoint\": ")
        .send()
        .await
        .unwrap();
    problem(res, 400, "malformed_json").await;
    let none: i64 = sqlx::query_scalar("SELECT count(*) FROM webhook_endpoints")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(none, 0);
}

#[tokio::test]
async fn a_subscriptions_deliveries_are_listed_under_its_own_path_not_under_webhooks() {
    let app = spawn_app().await;
    let receiver = Receiver::start(&[Reply::Status(500)]).await;
    let (_game, tokens, _browsers, ids) = two_subscribed_players(&app, &receiver).await;
    // The first player's turn: pushed once answered 500, then again.
    receiver.wait_for(2).await;
    let seat = pushed_to(&receiver.seen()[0]);
    let (token, id) = (&tokens[seat], &ids[seat]);
    let path = format!("/v1/me/push-subscriptions/{id}/deliveries");
    let deadline = Instant::now() + PATIENCE;
    let list = loop {
        let list = ok(app.get_with_token(&path, token).await).await;
        if list["deliveries"][0]["state"] == "delivered" {
            break list;
        }
        assert!(Instant::now() < deadline, "never delivered: {list}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let delivery = &list["deliveries"][0];
    assert_eq!(delivery["kind"], "your_turn");
    let results: Vec<Value> = delivery["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| json!([a["result"], a["status_code"]]))
        .collect();
    assert_eq!(
        results,
        [json!(["http_status", 500]), json!(["http_status", 200])]
    );
    // A push subscription's id is no webhook's, and no other account's.
    let res = app
        .get_with_token(&format!("/v1/me/webhooks/{id}/deliveries"), token)
        .await;
    problem(res, 404, "webhook_not_found").await;
    let res = app.get_with_token(&path, &tokens[1 - seat]).await;
    problem(res, 404, "push_subscription_not_found").await;
}
