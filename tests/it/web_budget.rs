//! The web client's first load stays within its budget: the page, its stylesheet and every
//! JavaScript module the page loads before it draws (the entry script and what it imports,
//! statically and transitively; `import()` on demand is left out) weigh at most 150 KB as the
//! server sends them to a browser that accepts brotli. No browser: the files are read over HTTP
//! from the test app and the imports from their text.

use crate::common;

use std::collections::{BTreeMap, VecDeque};

use common::app::{TestApp, spawn_app};
use regex::Regex;

/// The lobby's first load, compressed, at most.
const BUDGET_BYTES: usize = 150 * 1024;

/// The body of `path` as sent with `Accept-Encoding: br` (its compressed length), and as text.
async fn fetched(app: &TestApp, path: &str) -> (usize, String) {
    let compressed = app
        .client
        .get(app.url(path))
        .header("Accept-Encoding", "br")
        .send()
        .await
        .unwrap();
    assert_eq!(compressed.status(), 200, "{path}");
    assert_eq!(compressed.headers()["content-encoding"], "br", "{path}");
    let size = compressed.bytes().await.unwrap().len();
    let plain = app.get(path).await;
    assert_eq!(plain.status(), 200, "{path}");
    (size, plain.text().await.unwrap())
}

/// `/static/js/dir/x.js` importing `../y.js` imports `/static/js/y.js`.
fn resolve(from: &str, relative: &str) -> String {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for segment in relative.split('/') {
        match segment {
            "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    parts.join("/")
}

#[tokio::test]
async fn the_lobbys_first_load_weighs_at_most_150_kb_compressed() {
    let app = spawn_app().await;
    let mut sizes = BTreeMap::new();
    let (size, page) = fetched(&app, "/").await;
    sizes.insert("/".to_string(), size);

    let linked =
        Regex::new(r#"<(?:link rel="stylesheet" href|script type="module" src)="([^"]+)""#)
            .unwrap();
    // `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`; not `import(…)`.
    let imports = Regex::new(
        r#"(?m)^\s*(?:import|export)\s*(?:[\w*{}$,\s]*?\sfrom\s*)?["'](\.{1,2}/[^"']+)["']"#,
    )
    .unwrap();
    let mut queue: VecDeque<String> = linked
        .captures_iter(&page)
        .map(|c| c[1].to_string())
        .collect();
    assert!(
        queue.iter().any(|p| p.ends_with(".css")) && queue.iter().any(|p| p.ends_with(".js")),
        "the page links no stylesheet or no entry script: {queue:?}"
    );
    while let Some(path) = queue.pop_front() {
        if sizes.contains_key(&path) {
            continue;
        }
        let (size, text) = fetched(&app, &path).await;
        sizes.insert(path.clone(), size);
        if path.ends_with(".js") {
            for c in imports.captures_iter(&text) {
                queue.push_back(resolve(&path, &c[1]));
            }
        }
    }

    let total: usize = sizes.values().sum();
    let mut heaviest: Vec<_> = sizes.iter().collect();
    heaviest.sort_by(|a, b| b.1.cmp(a.1));
    println!(
        "the lobby's first load: {total} bytes compressed (brotli) in {} files, budget {BUDGET_BYTES}; heaviest: {}",
        sizes.len(),
        heaviest
            .iter()
            .take(5)
            .map(|(p, s)| format!("{p} {s}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    assert!(
        sizes.contains_key("/static/js/lobby.js"),
        "the entry script's imports were not followed: {sizes:?}"
    );
    // The table's modules (and the DOM patching they bring) load when a table is first shown.
    assert!(
        !sizes.contains_key("/static/js/table.js") && !sizes.contains_key("/static/js/patch.js"),
        "the lobby's first load holds the table's modules: {sizes:?}"
    );
    assert!(
        total <= BUDGET_BYTES,
        "the lobby's first load is {total} bytes compressed, over the budget of {BUDGET_BYTES}: {sizes:?}"
    );
}
