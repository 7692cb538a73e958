//! The mail worker through a SIGKILL: a server is killed while it sends a backlog of queued
//! mail to a real SMTP server, a second server takes over once the dead one's leases end, and
//! every mail arrives, known by its Message-ID (a mail whose acceptance by the SMTP server and
//! whose record the kill fell between is the one case sent twice, with the same Message-ID).

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use sqlx::PgPool;
use uuid::Uuid;

use super::api::Api;
use super::crash::{Server, free_port};
use crate::common::fresh_database;
use crate::common::smtp::SmtpSink;

const MAILS: i64 = 400;

async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

#[tokio::test]
async fn mail_pending_when_a_server_is_killed_is_all_sent_by_another_server() {
    let _one_at_a_time = super::crash::one_at_a_time().await;
    let sink = SmtpSink::start();
    let (pool, db_url) = fresh_database().await;
    let logs = std::env::temp_dir().join(format!("lords-mail-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&logs).unwrap();
    let url = sink.url();
    let env: &[(&str, &str)] = &[
        ("LORDS_SMTP_URL", &url),
        ("LORDS_PUBLIC_URL", "http://lords.test"),
        ("LORDS_MAIL_LEASE_SECONDS", "3"),
    ];
    let port_a = free_port();
    let mut a = Server::start_with(&db_url, port_a, &logs.join("a.log"), env);
    let api_a = Api::new(format!("http://127.0.0.1:{port_a}"));
    a.ready(&api_a).await;
    api_a.sign_up("morven").await;
    sqlx::query(
        "UPDATE accounts SET email = 'morven@example.org', email_verified = true \
         WHERE username = 'morven'",
    )
    .execute(&pool)
    .await
    .unwrap();
    // A backlog of queued mail (games over), and the wake-up an enqueue gives.
    let ids: Vec<Uuid> = sqlx::query_scalar(
        "INSERT INTO mail_outbox (account_id, id, kind, to_address, payload) \
         SELECT a.id, gen_random_uuid(), 'game_over', a.email, \
                '{\"details\": {\"place\": 2, \"won\": false}}' \
         FROM accounts a, generate_series(1, $1) WHERE a.username = 'morven' \
         RETURNING id",
    )
    .bind(MAILS)
    .fetch_all(&pool)
    .await
    .unwrap();
    sqlx::query("SELECT pg_notify('mail', '')")
        .execute(&pool)
        .await
        .unwrap();

    // Killed once part of it has arrived.
    let until = Instant::now() + Duration::from_secs(60);
    while sink.messages().is_empty() {
        assert!(
            Instant::now() < until,
            "no mail was sent:\n{}",
            a.log_tail()
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    a.kill();
    let sent = count(
        &pool,
        "SELECT count(*) FROM mail_outbox WHERE state = 'sent'",
    )
    .await;
    assert!(sent < MAILS, "the kill came too late: all {MAILS} sent");

    // Another server sends the rest.
    let port_b = free_port();
    let mut b = Server::start_with(&db_url, port_b, &logs.join("b.log"), env);
    let api_b = Api::new(format!("http://127.0.0.1:{port_b}"));
    b.ready(&api_b).await;
    let until = Instant::now() + Duration::from_secs(120);
    while count(
        &pool,
        "SELECT count(*) FROM mail_outbox WHERE state <> 'sent'",
    )
    .await
        > 0
    {
        assert!(
            Instant::now() < until,
            "the backlog was never sent:\n{}",
            b.log_tail()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let received = sink.messages();
    let got: BTreeSet<String> = received
        .iter()
        .map(|m| m.header("Message-ID").unwrap())
        .collect();
    let expected: BTreeSet<String> = ids.iter().map(|id| format!("<{id}@lords.test>")).collect();
    assert_eq!(got, expected, "every queued mail arrived");
    // Only mails in flight at the kill may have come twice (at most one claim's batch).
    assert!(
        received.len() - got.len() <= 8,
        "{} copies of {} mails",
        received.len(),
        got.len()
    );
    b.kill();
    let _ = std::fs::remove_dir_all(&logs);
}
