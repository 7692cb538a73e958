//! What keeps the server working on Citus, checked on plain PostgreSQL (CI has no Citus;
//! `scripts/citus-check` runs the real thing): unique violations recognised whatever the
//! database calls the constraint, a lost race for a game as a version conflict and never a 500,
//! the notification of an append still sent from the client's own node, and a Citus placement
//! for every table the migrations create.

use crate::common;

use std::time::Duration;

use common::app::{TestApp, problem, spawn_app};
use common::games::{Api, Table, ok, seat_table};
use lords::eventstore::chain::chain_hash;
use lords::eventstore::distribute::{self, Distributed, Placement};
use lords::eventstore::notify::CHANNEL;
use lords::eventstore::{GameId, Store};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rules::legal_actions;
use serde_json::{Value, json};
use sqlx::postgres::PgListener;
use sqlx::{Connection, PgConnection};

async fn run(app: &TestApp, statements: &[&str]) {
    for statement in statements {
        sqlx::query(statement).execute(&app.pool).await.unwrap();
    }
}

// ---------------------------------------------------------------------------------------------
// Unique violations

#[tokio::test]
async fn a_duplicate_username_is_409_when_the_constraints_carry_a_citus_shard_suffix() {
    let app = spawn_app().await;
    // As a coordinator executing on its own copy of the reference table reports them.
    run(
        &app,
        &[
            "ALTER TABLE accounts RENAME CONSTRAINT accounts_username_key \
             TO accounts_username_key_102008",
            "ALTER INDEX accounts_username_lower_key RENAME TO accounts_username_lower_key_102008",
        ],
    )
    .await;
    assert_eq!(
        app.create_account("bruce", "correct horse battery")
            .await
            .status(),
        201
    );
    let res = app.create_account("bruce", "correct horse battery").await;
    problem(res, 409, "username_taken").await;
    let res = app.create_account("BRUCE", "correct horse battery").await;
    problem(res, 409, "username_taken").await;
}

#[tokio::test]
async fn a_duplicate_username_is_409_when_the_error_names_no_table_or_constraint() {
    let app = spawn_app().await;
    // As a Citus coordinator passes on a worker's error: SQLSTATE, message and detail only.
    run(
        &app,
        &[
            "ALTER TABLE accounts DROP CONSTRAINT accounts_username_key",
            "DROP INDEX accounts_username_lower_key",
            "CREATE FUNCTION worker_unique_username() RETURNS trigger LANGUAGE plpgsql AS $$ \
             BEGIN \
                 IF EXISTS (SELECT 1 FROM accounts WHERE lower(username) = lower(NEW.username)) \
                 THEN RAISE EXCEPTION \
                     'duplicate key value violates unique constraint \
                      \"accounts_username_key_102008\"' \
                     USING ERRCODE = 'unique_violation'; \
                 END IF; \
                 RETURN NEW; \
             END $$",
            "CREATE TRIGGER worker_unique_username BEFORE INSERT ON accounts \
             FOR EACH ROW EXECUTE FUNCTION worker_unique_username()",
        ],
    )
    .await;
    assert_eq!(
        app.create_account("wallace", "correct horse battery")
            .await
            .status(),
        201
    );
    let res = app.create_account("Wallace", "correct horse battery").await;
    problem(res, 409, "username_taken").await;
}

#[tokio::test]
async fn an_append_whose_duplicate_key_error_names_no_table_is_still_a_lost_race() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let (token, action, version) = awaited_and_first_action(&api, &table).await;
    // Every append loses with the error a Citus worker's primary key gives through the
    // coordinator: 23505 with the shard's constraint in the message and no table named.
    run(
        &app,
        &[
            "CREATE FUNCTION lose_like_a_worker() RETURNS trigger LANGUAGE plpgsql AS $$ \
             BEGIN RAISE EXCEPTION \
                 'duplicate key value violates unique constraint \"game_events_pkey_102065\"' \
                 USING ERRCODE = 'unique_violation'; END $$",
            "CREATE TRIGGER lose_like_a_worker BEFORE INSERT ON game_events \
             FOR EACH ROW EXECUTE FUNCTION lose_like_a_worker()",
        ],
    )
    .await;
    let res = post_if_match(&api, &table.id, &token, version, &action).await;
    problem(res, 412, "version_mismatch").await;
    let res = api.act(&table.id, &token, &action).await;
    problem(res, 409, "version_conflict").await;
    assert_eq!(api.version(&table.id, &token).await, version);
}

// ---------------------------------------------------------------------------------------------
// Races for one game

async fn awaited_and_first_action(api: &Api, table: &Table) -> (String, Value, i64) {
    let g = api.game(&table.id, table.seat(0)).await;
    let seat = g["view"]["awaiting"]["seat"].as_u64().unwrap();
    let token = table.seat(seat).to_string();
    let legal = api.legal(&table.id, &token).await;
    let version = legal["version"].as_i64().unwrap();
    (token, legal["actions"][0].clone(), version)
}

async fn post_if_match(
    api: &Api,
    id: &str,
    token: &str,
    version: i64,
    action: &Value,
) -> reqwest::Response {
    api.client
        .post(api.url(&format!("/v1/games/{id}/actions")))
        .bearer_auth(token)
        .header("If-Match", format!("\"{version}\""))
        .json(action)
        .send()
        .await
        .unwrap()
}

/// Waits until some session of this database waits for a lock.
async fn until_a_session_waits_for_a_lock(conn: &mut PgConnection) {
    for _ in 0..500 {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_stat_activity \
             WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )
        .fetch_one(&mut *conn)
        .await
        .unwrap();
        if waiting > 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("no session ever waited for the games row");
}

/// Appends the awaited seat's first legal action inside `conn`'s open transaction, as another
/// server would (events, hash chain, read model); returns the new version.
async fn append_as_another_server(conn: &mut PgConnection, store: &Store, id: GameId) -> i64 {
    let loaded = store.load(id).await.unwrap();
    let seat = loaded.game.awaiting().unwrap().seat;
    let action = legal_actions(&loaded.game, seat)[0];
    let events = rules::decide(&loaded.game, seat, &action, &mut StdRng::seed_from_u64(7)).unwrap();
    let mut prev: [u8; 32] = loaded.events.last().unwrap().hash;
    let mut version = loaded.version();
    for event in &events {
        version += 1;
        let payload = serde_json::to_string(event).unwrap();
        let hash = chain_hash(&prev, payload.as_bytes());
        sqlx::query(
            "INSERT INTO game_events \
                 (game_id, seq, event_type, event_version, payload, seat, prev_hash, hash) \
             VALUES ($1, $2, $3, 1, $4::json, $5, $6, $7)",
        )
        .bind(id.0)
        .bind(version)
        .bind(event.kind())
        .bind(&payload)
        .bind(i16::from(seat.0))
        .bind(prev.to_vec())
        .bind(hash.to_vec())
        .execute(&mut *conn)
        .await
        .unwrap();
        prev = hash;
    }
    // As `lords_append` does: the decision now awaited gets a fresh clock (`lords verify`
    // recomputes it from the events' time).
    sqlx::query(
        "UPDATE games SET version = $2, \
             due_at = CASE WHEN due_kind = 'clock' \
                 THEN now() + make_interval(secs => (options ->> 'turn_time_limit_s')::float8) END \
         WHERE id = $1",
    )
    .bind(id.0)
    .bind(version)
    .execute(&mut *conn)
    .await
    .unwrap();
    version
}

#[tokio::test]
async fn an_action_that_waited_for_the_game_row_while_another_appended_is_412_not_500() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let (token, action, version) = awaited_and_first_action(&api, &table).await;
    let store = Store::new(app.pool.clone());
    let mut other = PgConnection::connect(&app.db_url).await.unwrap();
    let mut watcher = PgConnection::connect(&app.db_url).await.unwrap();

    // Another server holds the game's row while it appends.
    let mut tx = other.begin().await.unwrap();
    sqlx::query("SELECT 1 FROM games WHERE id = $1 FOR UPDATE")
        .bind(table.game_id().0)
        .execute(&mut *tx)
        .await
        .unwrap();
    let racing = {
        let api = api.clone();
        let id = table.id.clone();
        tokio::spawn(async move { post_if_match(&api, &id, &token, version, &action).await })
    };
    until_a_session_waits_for_a_lock(&mut watcher).await;
    let theirs = append_as_another_server(&mut tx, &store, table.game_id()).await;
    tx.commit().await.unwrap();

    problem(racing.await.unwrap(), 412, "version_mismatch").await;
    assert_eq!(api.version(&table.id, table.seat(0)).await, theirs);
    let verified = lords::play::verify::verify_game(&store, table.game_id())
        .await
        .unwrap();
    assert!(verified.ok, "{verified:?}");
    other.close().await.unwrap();
    watcher.close().await.unwrap();
}

#[tokio::test]
async fn fifteen_posts_racing_with_the_same_if_match_are_one_200_and_fourteen_412() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let (token, action, version) = awaited_and_first_action(&api, &table).await;
    let mut posts = tokio::task::JoinSet::new();
    for _ in 0..15 {
        let (api, id, token, action) =
            (api.clone(), table.id.clone(), token.clone(), action.clone());
        posts.spawn(async move {
            post_if_match(&api, &id, &token, version, &action)
                .await
                .status()
                .as_u16()
        });
    }
    let mut statuses = Vec::new();
    while let Some(status) = posts.join_next().await {
        statuses.push(status.unwrap());
    }
    statuses.sort_unstable();
    let mut expected = vec![200];
    expected.extend([412; 14]);
    assert_eq!(statuses, expected);
}

// ---------------------------------------------------------------------------------------------
// Notifications

#[tokio::test]
async fn an_action_notifies_its_game_and_new_version_on_commit() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let (token, action, _) = awaited_and_first_action(&api, &table).await;
    let mut listener = PgListener::connect_with(&app.pool).await.unwrap();
    listener.listen(CHANNEL).await.unwrap();
    let done = ok(api.act(&table.id, &token, &action).await).await;
    let note = tokio::time::timeout(Duration::from_secs(10), listener.recv())
        .await
        .expect("a notification")
        .unwrap();
    assert_eq!(note.payload(), format!("{}:{}", table.id, done["version"]));
    listener.unlisten_all().await.unwrap();
}

#[tokio::test]
async fn a_long_poll_wakes_when_another_player_acts() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "player", json!({"players": 2})).await;
    let (token, action, version) = awaited_and_first_action(&api, &table).await;
    let waiter = if token == table.seat(0) {
        table.seat(1)
    } else {
        table.seat(0)
    };
    let waiting = {
        let (api, path, waiter) = (
            api.clone(),
            table.path(&format!("?after_version={version}&wait=25")),
            waiter.to_string(),
        );
        tokio::spawn(async move { api.get_ok(&path, &waiter).await })
    };
    // Let the poll reach the server (if it has not, it sees the new version at once anyway).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let done = ok(api.act(&table.id, &token, &action).await).await;
    let woken = waiting.await.unwrap();
    assert_eq!(woken["version"], done["version"]);
}

// ---------------------------------------------------------------------------------------------
// Placement

#[tokio::test]
async fn every_table_the_migrations_create_has_a_place_on_citus() {
    let (pool, _url) = common::fresh_database().await;
    let tables = distribute::tables(&pool).await.unwrap();
    let order = distribute::plan(&tables).unwrap_or_else(|e| panic!("{e}"));
    let placement = |name: &str| order.iter().find(|(t, _)| t == name).map(|(_, p)| *p);
    assert_eq!(placement("accounts"), Some(Placement::Reference));
    assert_eq!(placement("games"), Some(Placement::Games));
    for table in ["game_events", "game_seats", "idempotency_keys"] {
        assert_eq!(placement(table), Some(Placement::WithGames), "{table}");
    }
    // The outbox is written per action: on the account, never a reference table.
    for table in ["notification_counters", "notifications"] {
        assert_eq!(placement(table), Some(Placement::ByAccount), "{table}");
    }
    assert_eq!(
        placement("stream_tickets"),
        Some(Placement::Alone("ticket_hash"))
    );
    assert_eq!(placement("refresh_tokens"), Some(Placement::Reference));
    // Node-local, on the coordinator: the migrations' own book and the transparency log.
    for table in ["_sqlx_migrations", "transparency_log", "transparency_heads"] {
        assert_eq!(placement(table), None, "{table}");
    }
    // Every other table is placed.
    assert_eq!(order.len(), tables.len() - 3);
    // Citus enforces a unique key only if it holds the distribution column: every primary and
    // unique key (unique indexes included) of a distributed table has it, as a plain column.
    for (name, placement) in &order {
        let Some(column) = placement.column() else {
            continue;
        };
        let table = tables.iter().find(|t| &t.name == name).unwrap();
        assert!(table.has_column(column), "{name} has no {column}");
        assert!(!table.unique_keys.is_empty(), "{name} has no unique key");
        for key in &table.unique_keys {
            assert!(
                key.split(',').any(|c| c == column),
                "{name}: unique key ({key}) lacks the distribution column {column}"
            );
        }
    }
    pool.close().await;
}

#[tokio::test]
async fn distributing_without_citus_changes_nothing() {
    let (pool, _url) = common::fresh_database().await;
    assert_eq!(
        distribute::distribute(&pool).await.unwrap(),
        Distributed::NotCitus
    );
    pool.close().await;
}

#[tokio::test]
async fn lords_migrate_distribute_on_plain_postgresql_migrates_and_says_there_is_no_citus() {
    let (pool, url) = common::fresh_database().await;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lords"))
        .args(["migrate", "--distribute"])
        .env_clear()
        .env("DATABASE_URL", &url)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(said, json!({"citus": false}));
    let placed: i64 =
        sqlx::query_scalar("SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'citus%'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(placed, 0);
    pool.close().await;
}
