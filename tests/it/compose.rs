//! `docker-compose.yml` and the `Dockerfile` agree with the server: every environment variable
//! the server service sets is one the `serve` command reads, the published port is the one it
//! listens on, and readiness gates the healthcheck. (No Docker engine is needed.)

use serde_yaml::Value;

fn compose() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docker-compose.yml");
    serde_yaml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn environment(service: &Value) -> Vec<(String, String)> {
    match &service["environment"] {
        Value::Mapping(m) => m
            .iter()
            .map(|(k, v)| {
                let v = match v {
                    Value::String(s) => s.clone(),
                    Value::Number(n) => n.to_string(),
                    Value::Bool(b) => b.to_string(),
                    other => panic!("unexpected value {other:?}"),
                };
                (k.as_str().unwrap().to_string(), v)
            })
            .collect(),
        Value::Sequence(s) => s
            .iter()
            .map(|e| {
                let (k, v) = e.as_str().unwrap().split_once('=').unwrap();
                (k.to_string(), v.to_string())
            })
            .collect(),
        _ => Vec::new(),
    }
}

#[test]
fn the_compose_file_has_a_db_and_a_server_service() {
    let c = compose();
    let services = c["services"].as_mapping().unwrap();
    assert!(services.contains_key("db"));
    assert!(services.contains_key("server"));
    let db = &c["services"]["db"];
    assert!(db["image"].as_str().unwrap().starts_with("postgres:15"));
    assert!(db["healthcheck"]["test"].is_sequence());
}

#[test]
fn every_server_environment_variable_is_a_serve_flag() {
    let known = lords::config::serve_env_vars();
    let env = environment(&compose()["services"]["server"]);
    assert!(!env.is_empty());
    for (name, _) in &env {
        assert!(
            known.contains(name),
            "{name} is not read by `lords serve` ({known:?})"
        );
    }
    let names: Vec<&str> = env.iter().map(|(k, _)| k.as_str()).collect();
    for required in ["DATABASE_URL", "LORDS_JWT_SECRET", "LORDS_LISTEN"] {
        assert!(names.contains(&required), "{required}");
    }
}

#[test]
fn the_server_listens_on_the_published_port_and_reaches_the_db_service() {
    let c = compose();
    let server = &c["services"]["server"];
    let env = environment(server);
    let get = |k: &str| env.iter().find(|(n, _)| n == k).unwrap().1.clone();
    assert_eq!(get("LORDS_LISTEN"), "0.0.0.0:8080");
    let ports: Vec<&str> = server["ports"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert_eq!(ports, ["8080:8080"]);
    let url = get("DATABASE_URL");
    assert!(url.starts_with("postgres://"), "{url}");
    assert!(url.contains("@db:5432/"), "{url}");
    // The database credentials match the db service's.
    let db_env = environment(&c["services"]["db"]);
    let db = |k: &str| db_env.iter().find(|(n, _)| n == k).unwrap().1.clone();
    assert!(url.contains(&format!(
        "{}:{}@",
        db("POSTGRES_USER"),
        db("POSTGRES_PASSWORD")
    )));
    assert!(url.ends_with(&format!("/{}", db("POSTGRES_DB"))));
    // The log format is one the flag accepts.
    if let Some((_, f)) = env.iter().find(|(n, _)| n == "LORDS_LOG_FORMAT") {
        assert!(["human", "json"].contains(&f.as_str()));
    }
}

#[test]
fn the_server_waits_for_a_healthy_db_and_checks_readyz() {
    let c = compose();
    let server = &c["services"]["server"];
    assert_eq!(server["depends_on"]["db"]["condition"], "service_healthy");
    let check: Vec<&str> = server["healthcheck"]["test"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert!(
        check.iter().any(|a| a.ends_with(":8080/readyz")),
        "{check:?}"
    );
    assert!(server["build"].is_string() || server["build"].is_mapping());
}

#[test]
fn the_dockerfile_builds_in_rust_and_runs_serve_on_debian_bookworm_slim() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/Dockerfile");
    let dockerfile = std::fs::read_to_string(path).unwrap();
    let froms: Vec<&str> = dockerfile
        .lines()
        .filter(|l| l.starts_with("FROM "))
        .collect();
    assert_eq!(froms.len(), 2, "multi-stage");
    assert!(froms[0].starts_with("FROM rust:1"), "{}", froms[0]);
    assert!(
        froms[1].starts_with("FROM debian:bookworm-slim"),
        "{}",
        froms[1]
    );
    assert!(dockerfile.contains(r#"CMD ["serve"]"#));
    assert!(dockerfile.contains("EXPOSE 8080"));
    // ENV names in the image are serve flags too.
    let known = lords::config::serve_env_vars();
    for name in ["LORDS_LISTEN", "LORDS_DATA_DIR"] {
        assert!(dockerfile.contains(&format!("{name}=")));
        assert!(known.contains(&name.to_string()));
    }
    // The healthcheck tool is installed in the runtime image.
    assert!(dockerfile.contains("curl"));
}
