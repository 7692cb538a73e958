//! The pgbench baseline cannot rot (docs/performance.md): the calls its scripts make
//! (`scripts/pgbench/*.sql`) name as many arguments as the migrated functions take, the action
//! scripts send the server's own fan-out statement, and
//! `scripts/pgbench-baseline --smoke` runs every script against a freshly populated database
//! with this build's binary, so that a change to the SQL that breaks the baseline fails here.

use std::path::Path;

use serde_json::Value;

use crate::common::{admin_url, fresh_database_guarded};

/// The number of arguments of each call of `function` in `sql`: commas at the call's own depth
/// (quotes skipped), plus one.
fn arguments_of_calls(sql: &str, function: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let needle = format!("{function}(");
    let mut rest = sql;
    while let Some(at) = rest.find(&needle) {
        rest = &rest[at + needle.len()..];
        // A comment's mention of the function is no call.
        let line_start = sql.len() - rest.len() - needle.len();
        let line = sql[..line_start].rsplit('\n').next().unwrap_or("");
        if line.trim_start().starts_with("--") {
            continue;
        }
        let (mut depth, mut quoted, mut args) = (0usize, false, 1usize);
        for ch in rest.chars() {
            match ch {
                '\'' => quoted = !quoted,
                _ if quoted => {}
                '(' | '[' => depth += 1,
                ')' | ']' if depth == 0 => break,
                ')' | ']' => depth -= 1,
                ',' if depth == 0 => args += 1,
                _ => {}
            }
        }
        out.push(args);
    }
    out
}

#[tokio::test]
async fn the_pgbench_scripts_call_the_functions_as_migrated_and_the_smoke_baseline_runs() {
    let (pool, _url, _db) = fresh_database_guarded().await;
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pgbench");
    for function in ["lords_append", "lords_read_game"] {
        let takes: i32 =
            sqlx::query_scalar("SELECT max(pronargs)::int FROM pg_proc WHERE proname = $1")
                .bind(function)
                .fetch_one(&pool)
                .await
                .unwrap();
        let mut calls = 0;
        for entry in std::fs::read_dir(&scripts).unwrap() {
            let path = entry.unwrap().path();
            let sql = std::fs::read_to_string(&path).unwrap();
            for args in arguments_of_calls(&sql, function) {
                calls += 1;
                assert_eq!(
                    args as i32,
                    takes,
                    "{} calls {function} with {args} arguments; the migrated function takes {takes}",
                    path.display()
                );
            }
        }
        assert!(calls > 0, "no script calls {function}");
    }
    pool.close().await;

    // The action scripts send the fan-out's statement as the server does, with pgbench's values
    // for its parameters (`:deliveries` would be a pgbench variable: the script splits it).
    let fan_out = lords::notify::fanout::claims::FAN_OUT_GAMES
        .replace(
            "unnest($1::uuid[])",
            "unnest(ARRAY[('00000000-0000-4000-8000-' || lpad(:g::text, 12, '0'))::uuid])",
        )
        .replace("LIMIT $2", "LIMIT 500")
        .replace("$3", "'notifications'")
        .replace("':deliveries'", "':' || 'deliveries'");
    for script in ["action.sql", "action-head.sql"] {
        let sql = std::fs::read_to_string(scripts.join(script)).unwrap();
        assert!(
            sql.lines().any(|line| line == format!("{fan_out};")),
            "{script} does not send the server's fan-out statement; it should send:\n{fan_out};"
        );
    }

    let out = tokio::process::Command::new(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pgbench-baseline"),
    )
    .arg("--smoke")
    .current_dir(env!("CARGO_MANIFEST_DIR"))
    .env("LORDS_BIN", env!("CARGO_BIN_EXE_lords"))
    .env("LOAD_ADMIN_URL", admin_url())
    .output()
    .await
    .expect("run scripts/pgbench-baseline");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the smoke baseline failed:\n{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let report: Value = serde_json::from_str(stdout.lines().last().unwrap_or_default())
        .unwrap_or_else(|e| panic!("{e}: {stdout}\n{stderr}"));
    assert_eq!(report["smoke"], true);
    let scripts = report["scripts"].as_object().unwrap();
    assert_eq!(scripts.len(), 5, "{report}");
    for (script, done) in scripts {
        assert_eq!(done, 3, "{script} ran {done} transactions of 3");
    }
}
