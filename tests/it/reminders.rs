//! The reminder before a timeout (service rules §9.4): the deadline worker tells the awaited
//! player once, 12 hours before the deadline or at 90% of the limit when that is sooner.

use crate::common;

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use common::app::spawn_app_with;
use common::games::{Api, notifications_settled, seat_table};

#[tokio::test]
async fn the_awaited_player_is_reminded_once_before_a_short_clock_runs_out() {
    let app = spawn_app_with(|c| c.deadline_poll = Some(Duration::from_millis(200))).await;
    let api = Api::of(&app);
    // 5 s: reminded 0.5 s before; one timeout abandons the seat and ends the game.
    let table = seat_table(
        &app,
        "nudge",
        json!({"players": 2, "turn_time_limit_s": 5, "max_timeouts": 1}),
    )
    .await;
    let g = api.game(&table.id, table.seat(0)).await;
    let awaited = g["game"]["awaiting"]["seat"].as_u64().unwrap();
    let deadline = g["game"]["deadline"].clone();
    let version = g["version"].clone();
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let g = api.game(&table.id, table.seat(0)).await;
        if g["game"]["status"] == "finished" {
            break;
        }
        assert!(Instant::now() < until, "the game never timed out: {g}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    notifications_settled(&app.pool).await;
    let reminders: Vec<(String, Value)> = sqlx::query_as(
        "SELECT a.username, n.payload FROM notifications n JOIN accounts a ON a.id = n.account_id \
         WHERE n.kind = 'reminder'",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(reminders.len(), 1, "{reminders:?}");
    let (to, payload) = &reminders[0];
    assert_eq!(to, &format!("nudge{awaited}"));
    assert_eq!(payload["seat"], awaited);
    assert_eq!(payload["game_id"], table.id);
    assert_eq!(payload["version"], version);
    assert_eq!(payload["deadline"], deadline);
    // Told before the timeout: the reminder's notification comes before `timed_out`.
    let kinds: Vec<String> = sqlx::query_scalar(
        "SELECT n.kind FROM notifications n JOIN accounts a ON a.id = n.account_id \
         WHERE a.username = $1 ORDER BY n.id",
    )
    .bind(to)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let reminded = kinds.iter().position(|k| k == "reminder").unwrap();
    let timed_out = kinds.iter().position(|k| k == "timed_out").unwrap();
    assert!(reminded < timed_out, "{kinds:?}");
    let remind_at: Option<chrono::DateTime<chrono::Utc>> =
        sqlx::query_scalar("SELECT remind_at FROM games WHERE id = $1::uuid")
            .bind(&table.id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(remind_at.is_none());
}

#[tokio::test]
async fn a_fresh_clock_sets_its_reminder_a_tenth_of_the_limit_or_twelve_hours_before() {
    let app = spawn_app_with(|c| c.deadline_poll = None).await;
    for (prefix, limit, lead) in [("short", 3_600, 360), ("long", 7 * 86_400, 12 * 3_600)] {
        let table = seat_table(
            &app,
            prefix,
            json!({"players": 2, "turn_time_limit_s": limit}),
        )
        .await;
        let (due_at, remind_at): (chrono::DateTime<chrono::Utc>, chrono::DateTime<chrono::Utc>) =
            sqlx::query_as("SELECT due_at, remind_at FROM games WHERE id = $1::uuid")
                .bind(&table.id)
                .fetch_one(&app.pool)
                .await
                .unwrap();
        assert_eq!((due_at - remind_at).num_seconds(), lead, "{prefix}");
    }
}
