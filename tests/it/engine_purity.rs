//! The rules are pure (STYLE.md, "Engine"). The compiler sees most of it: `crates/rules`
//! depends on no I/O, async, database or web crate, which the first test keeps so. What the
//! compiler cannot see is checked in the source: no file of the rules reads the clock, a global
//! random generator, the file system, the network, the environment, or prints. Its types derive
//! their OpenAPI schemas (`utoipa::ToSchema`): a schema describes a type and does no I/O; the
//! HTTP side of utoipa (`utoipa::path`, `OpenApi`) stays out.

use std::path::{Path, PathBuf};

/// Crates the rules' manifest must not name.
const IO_CRATES: &[&str] = &[
    "sqlx",
    "actix",
    "tokio",
    "reqwest",
    "hyper",
    "jsonwebtoken",
    "chrono",
    "uuid",
    "futures",
    "lettre",
    "rustls",
];

/// Words that must not appear in the rules' code (comments included: the rule is about names).
const FORBIDDEN: &[&str] = &[
    "utoipa::path",
    "OpenApi",
    "async ",
    ".await",
    "std::fs",
    "std::net",
    "std::process",
    "std::thread",
    "std::env",
    "std::io",
    "SystemTime",
    "Instant",
    "thread_rng",
    "rand::rng()",
    "rand::random",
    "make_rng",
    "SysRng",
    "OsRng",
    "println!",
    "eprintln!",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read crates/rules/src") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            // The engine's own tests may time and print; the rules may not.
            if path.file_name().is_some_and(|n| n == "tests") {
                continue;
            }
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whether `word` occurs in `line` not as part of a longer identifier (`awaiting` is no `.await`).
fn contains_word(line: &str, word: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    line.match_indices(word).any(|(i, _)| {
        let before = line[..i].chars().next_back();
        let after = line[i + word.len()..].chars().next();
        let starts_ident = word.chars().next().is_some_and(ident);
        let ends_ident = word.chars().next_back().is_some_and(ident);
        let glued_before = starts_ident && before.is_some_and(ident);
        let glued_after = ends_ident && after.is_some_and(ident);
        !(glued_before || glued_after)
    })
}

#[test]
fn the_rules_crate_depends_on_no_io_crate() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/rules/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).expect("read crates/rules/Cargo.toml");
    let mut offences = Vec::new();
    let mut in_dependencies = false;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            // Normal dependencies only: the benches' criterion may time and print.
            in_dependencies = line == "[dependencies]";
            continue;
        }
        let Some((name, _)) = line.split_once('=') else {
            continue;
        };
        let name = name.trim();
        if in_dependencies && IO_CRATES.iter().any(|c| name.starts_with(c)) {
            offences.push(name.to_string());
        }
    }
    assert!(
        text.contains("[dependencies]") && text.contains("serde"),
        "read the rules' dependencies"
    );
    assert!(offences.is_empty(), "the rules depend on {offences:?}");
}

#[test]
fn no_engine_file_names_an_io_async_clock_or_global_rng_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/rules/src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() >= 10, "found the engine's files: {files:?}");
    let mut offences = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read engine file");
        for (n, line) in text.lines().enumerate() {
            for word in FORBIDDEN {
                if contains_word(line, word) {
                    offences.push(format!("{}:{}: {word}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "impure rules code:\n{}",
        offences.join("\n")
    );
}

#[test]
fn the_purity_check_would_catch_an_offending_line() {
    let offends = |line: &str| FORBIDDEN.iter().any(|w| contains_word(line, w));
    assert!(offends("let x = fut.await;"));
    assert!(offends("let t = std::time::Instant::now();"));
    assert!(!offends("let awaiting = game.awaiting();"));
    assert!(!offends("// instantly"));
}
