//! The contract: the committed `openapi/openapi.json` is what the code generates (when this fails,
//! run `cargo run -- openapi > openapi/openapi.json` and commit the result), Redocly's lint
//! (recommended ruleset) finds no error in it, the TypeScript types generated from it are the
//! committed ones, and a strict TypeScript client built on them plays a whole game against the
//! real server. The committed Python client is what the pinned openapi-python-client generates
//! from the document (its examples run in `tests/it/python_client.rs`). The pages the document links to (the rules, the audit document, one per problem code) are served.
//!
//! The Node tools come from the pinned `package.json`/`package-lock.json` (`npm ci`, run here
//! when `node_modules` is missing; `.ci/run` runs it first).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::app::{problem, spawn_app};
use common::browser::node_packages;
use serde_json::Value;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The pinned contract tools (`npm ci` when missing); tests that use Node call this first.
fn node_tools() {
    node_packages(&[
        "@redocly/cli",
        "openapi-typescript",
        "typescript",
        "openapi-fetch",
    ]);
}

fn bin(tool: &str) -> PathBuf {
    root().join("node_modules/.bin").join(tool)
}

/// Runs a command in the repository root; panics with its output when it fails.
fn run(command: &mut Command) -> String {
    let output = command
        .current_dir(root())
        .env("REDOCLY_TELEMETRY", "off")
        .env("REDOCLY_SUPPRESS_UPDATE_NOTICE", "true")
        .output()
        .unwrap_or_else(|e| panic!("{command:?} runs: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "{command:?} failed:\n{text}");
    text
}

fn committed() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json");
    std::fs::read_to_string(path).expect("openapi/openapi.json exists")
}

#[test]
fn the_committed_openapi_document_matches_the_code() {
    let generated = lords::http::openapi::to_pretty_json();
    assert!(generated.ends_with("}\n"));
    assert!(
        committed() == generated,
        "openapi/openapi.json is stale: run `cargo run -- openapi > openapi/openapi.json`"
    );
}

#[test]
fn the_problem_schema_lists_every_code_including_the_rule_codes() {
    let doc: Value = serde_json::from_str(&lords::http::openapi::to_pretty_json()).unwrap();
    let codes = doc["components"]["schemas"]["Problem"]["properties"]["code"]["enum"]
        .as_array()
        .unwrap();
    for (code, _) in lords::api::error::codes::all_codes() {
        assert!(codes.iter().any(|c| c == code), "{code}");
    }
    for rule in rules::RuleError::ALL {
        assert!(codes.iter().any(|c| c == rule.code()), "{}", rule.code());
    }
}

#[test]
fn protected_paths_name_the_bearer_scheme() {
    let doc: Value = serde_json::from_str(&lords::http::openapi::to_pretty_json()).unwrap();
    assert_eq!(
        doc["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
    assert_eq!(
        doc["paths"]["/v1/me"]["get"]["security"][0]["bearer"],
        serde_json::json!([])
    );
    assert!(doc["paths"]["/v1/me"]["get"]["responses"]["401"].is_object());
}

#[test]
fn every_v1_operation_names_the_scope_the_server_enforces_and_the_table_has_no_other() {
    let doc: Value = serde_json::from_str(&lords::http::openapi::to_pretty_json()).unwrap();
    let mut documented = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        if !path.starts_with("/v1/") {
            continue;
        }
        for method in item.as_object().unwrap().keys() {
            documented.push((method.to_uppercase(), path.clone()));
        }
    }
    let mut table: Vec<(String, String)> = lords::api::scopes::OPERATIONS
        .iter()
        .map(|(m, p, _)| (m.to_string(), p.to_string()))
        .collect();
    documented.sort();
    table.sort();
    assert_eq!(documented, table, "the scope table and the document differ");
    let scopes = &doc["components"]["securitySchemes"]["oauth2"]["flows"]["authorizationCode"];
    for scope in [
        "account:read",
        "game:read",
        "game:play",
        "lobby:write",
        "notifications:write",
        "bot:play",
    ] {
        assert!(scopes["scopes"][scope].is_string(), "{scope}");
    }
    let action = &doc["paths"]["/v1/games/{id}/actions"]["post"]["security"];
    assert!(
        action
            .as_array()
            .unwrap()
            .contains(&serde_json::json!({"oauth2": ["game:play"]}))
    );
    assert!(
        action
            .as_array()
            .unwrap()
            .contains(&serde_json::json!({"oauth2": ["bot:play"]}))
    );
    assert_eq!(
        doc["paths"]["/v1/me/password"]["post"]["security"],
        serde_json::json!([{"bearer": []}])
    );
}

#[test]
fn redocly_lint_with_the_recommended_rules_finds_no_error() {
    node_tools();
    let out = run(&mut Command::new(root().join("scripts/lint-openapi")));
    assert!(!out.contains(" error "), "{out}");
}

#[test]
fn the_committed_typescript_types_are_generated_from_the_committed_document() {
    node_tools();
    let dir = std::env::temp_dir().join(format!("lords-ts-types-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let generated = dir.join("schema.d.ts");
    run(Command::new(bin("openapi-typescript"))
        .arg("openapi/openapi.json")
        .arg("-o")
        .arg(&generated));
    let fresh = std::fs::read_to_string(&generated).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let committed =
        std::fs::read_to_string(root().join("clients/typescript/src/schema.d.ts")).unwrap();
    assert!(
        fresh == committed,
        "clients/typescript/src/schema.d.ts is stale: run `npm run client:generate`"
    );
}

/// Every file under `dir` (its path relative to `dir`, and its text), bytecode caches left out.
fn files_under(dir: &Path) -> std::collections::BTreeMap<PathBuf, String> {
    let mut files = std::collections::BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(at) = todo.pop() {
        for entry in std::fs::read_dir(&at).unwrap() {
            let path = entry.unwrap().path();
            if path.file_name().is_some_and(|n| n == "__pycache__") {
                continue;
            }
            if path.is_dir() {
                todo.push(path);
            } else {
                let text = std::fs::read_to_string(&path).unwrap();
                files.insert(path.strip_prefix(dir).unwrap().to_path_buf(), text);
            }
        }
    }
    files
}

#[test]
fn the_committed_python_client_is_generated_from_the_committed_document() {
    // The pinned openapi-python-client (clients/python/requirements-dev.txt; `.ci/run` installs
    // it).
    let dir = std::env::temp_dir().join(format!("lords-python-client-{}", std::process::id()));
    run(Command::new(root().join("scripts/generate-python-client")).arg(&dir));
    let fresh = files_under(&dir);
    std::fs::remove_dir_all(&dir).ok();
    let committed = files_under(&root().join("clients/python/lords-client"));
    assert!(fresh.contains_key(Path::new("lords_client/api/games/submit_action.py")));
    let stale: std::collections::BTreeSet<_> = fresh
        .keys()
        .chain(committed.keys())
        .filter(|path| fresh.get(*path) != committed.get(*path))
        .collect();
    assert!(
        stale.is_empty(),
        "clients/python/lords-client is stale ({stale:?}): run `scripts/generate-python-client`"
    );
}

#[tokio::test]
async fn the_generated_typescript_client_plays_a_whole_game_against_the_real_server() {
    node_tools();
    // Strict: --strict --noUncheckedIndexedAccess --exactOptionalPropertyTypes (tsconfig.json).
    run(Command::new(bin("tsc")).args(["-p", "clients/typescript"]));
    let app = spawn_app().await;
    let output = tokio::process::Command::new("node")
        .arg("clients/typescript/dist/play.js")
        .current_dir(root())
        .env("LORDS_URL", &app.address)
        .output()
        .await
        .expect("node runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success(),
        "the TypeScript client failed:\n{text}"
    );
    assert!(text.contains("finished at version"), "{text}");
    assert!(text.contains("token refreshed: true"), "{text}");
    eprintln!("{text}");
}

#[tokio::test]
async fn every_problem_type_uri_is_a_page_naming_its_code() {
    let app = spawn_app().await;
    for (code, status) in lords::api::error::codes::all_codes() {
        let res = app.get(&format!("/problems/{code}")).await;
        assert_eq!(res.status(), 200, "{code}");
        let content_type = res.headers()["content-type"].to_str().unwrap().to_owned();
        assert!(content_type.starts_with("text/html"), "{content_type}");
        let page = res.text().await.unwrap();
        assert!(page.contains(&format!("<code>{code}</code>")), "{page}");
        assert!(page.contains(&format!("HTTP {status}")), "{page}");
    }
    problem(app.get("/problems/no_such_code").await, 404, "not_found").await;
}

#[tokio::test]
async fn the_rules_the_document_cites_are_served_as_markdown() {
    let app = spawn_app().await;
    let res = app.get("/docs/rules").await;
    assert_eq!(res.status(), 200);
    let content_type = res.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(content_type.starts_with("text/markdown"), "{content_type}");
    let served = res.text().await.unwrap();
    let committed = std::fs::read_to_string(root().join("docs/rules.md")).unwrap();
    assert_eq!(served, committed);
    for section in 1..=9 {
        assert!(
            served.contains(&format!("\n## {section}. ")),
            "section {section}"
        );
    }
    let document: Value = serde_json::from_str(&committed_document()).unwrap();
    let external = document["externalDocs"]["url"].as_str().unwrap();
    assert!(external.ends_with("/docs/rules"), "{external}");
}

#[tokio::test]
async fn the_audit_document_the_audit_page_links_to_is_served_as_markdown() {
    let app = spawn_app().await;
    let res = app.get("/docs/audit").await;
    assert_eq!(res.status(), 200);
    let content_type = res.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(content_type.starts_with("text/markdown"), "{content_type}");
    let served = res.text().await.unwrap();
    let committed = std::fs::read_to_string(root().join("docs/audit.md")).unwrap();
    assert_eq!(served, committed);
}

#[tokio::test]
async fn the_served_document_is_the_committed_one() {
    let app = spawn_app().await;
    let served: Value = app.get("/openapi.json").await.json().await.unwrap();
    let committed: Value = serde_json::from_str(&committed_document()).unwrap();
    assert!(
        served == committed,
        "GET /openapi.json differs from openapi/openapi.json"
    );
}

fn committed_document() -> String {
    committed()
}

#[test]
fn every_tagged_union_has_a_discriminator_mapping_to_titled_variants() {
    let doc: Value = serde_json::from_str(&committed()).unwrap();
    let schemas = &doc["components"]["schemas"];
    for (union, tag, count) in [
        ("Action", "type", 8),
        ("Event", "type", 31),
        ("Decision", "kind", 7),
    ] {
        let mapping = schemas[union]["discriminator"]["mapping"]
            .as_object()
            .unwrap();
        assert_eq!(schemas[union]["discriminator"]["propertyName"], tag);
        assert_eq!(mapping.len(), count, "{union}");
        for (value, reference) in mapping {
            let name = reference
                .as_str()
                .unwrap()
                .trim_start_matches("#/components/schemas/");
            assert_eq!(schemas[name]["title"], name);
            assert_eq!(schemas[name]["properties"][tag]["enum"][0], value.as_str());
        }
    }
}

#[test]
fn every_action_type_has_a_request_example_and_every_operation_a_success_example() {
    let doc: Value = serde_json::from_str(&committed()).unwrap();
    let examples = &doc["paths"]["/v1/games/{id}/actions"]["post"]["requestBody"]["content"]["application/json"]
        ["examples"];
    for name in doc["components"]["schemas"]["Action"]["discriminator"]["mapping"]
        .as_object()
        .unwrap()
        .keys()
    {
        assert_eq!(examples[name]["value"]["type"], name.as_str());
    }
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            assert!(
                op["security"].is_array(),
                "{method} {path} states its security"
            );
            for (status, response) in op["responses"].as_object().unwrap() {
                if let Some(json) = response["content"].get("application/json")
                    && status.starts_with('2')
                    && path != "/openapi.json"
                {
                    assert!(json["example"].is_object(), "{method} {path} {status}");
                }
                if let Some(problem) = response["content"].get("application/problem+json") {
                    let code = problem["example"]["code"].as_str().unwrap_or_default();
                    assert!(
                        lords::api::error::codes::all_codes()
                            .iter()
                            .any(|(c, s)| *c == code && s.to_string() == *status),
                        "{method} {path} {status}: example code {code:?}"
                    );
                }
            }
        }
    }
}
