//! The committed `openapi/openapi.json` is what the code generates. When this fails, run
//! `cargo run -- openapi > openapi/openapi.json` and commit the result.

use serde_json::Value;

fn committed() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json");
    std::fs::read_to_string(path).expect("openapi/openapi.json exists")
}

#[test]
fn the_committed_openapi_document_matches_the_code() {
    let generated = lords::api::openapi::to_pretty_json();
    assert!(generated.ends_with("}\n"));
    assert!(
        committed() == generated,
        "openapi/openapi.json is stale: run `cargo run -- openapi > openapi/openapi.json`"
    );
}

#[test]
fn the_problem_schema_lists_every_code_including_the_rule_codes() {
    let doc: Value = serde_json::from_str(&lords::api::openapi::to_pretty_json()).unwrap();
    let codes = doc["components"]["schemas"]["Problem"]["properties"]["code"]["enum"]
        .as_array()
        .unwrap();
    for (code, _) in lords::api::error::all_codes() {
        assert!(codes.iter().any(|c| c == code), "{code}");
    }
    for rule in lords::engine::RuleError::ALL {
        assert!(codes.iter().any(|c| c == rule.code()), "{}", rule.code());
    }
}

#[test]
fn protected_paths_name_the_bearer_scheme() {
    let doc: Value = serde_json::from_str(&lords::api::openapi::to_pretty_json()).unwrap();
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
