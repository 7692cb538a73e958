//! The documents link to each other correctly: every relative link in `README.md` and
//! `docs/*.md` names a file that exists, and every `#anchor` a heading of it (as GitHub makes
//! anchors from headings). Links inside code are not links; absolute URLs and the server's own
//! paths (`/docs/rules`) are not files.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use regex::Regex;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The text with fenced code blocks blanked out.
fn without_code_blocks(text: &str) -> String {
    let mut fence: Option<&str> = None;
    let mut out = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        match (marker, fence) {
            (Some(m), None) => fence = Some(m),
            (Some(m), Some(open)) if m == open => fence = None,
            (_, None) => out.push(line),
            _ => {}
        }
        if marker.is_some() || fence.is_some() {
            out.push("");
        }
    }
    out.join("\n")
}

/// Compiled once: the regex crate is not optimised in test builds, and these run for every
/// heading of every linked document.
static INLINE_CODE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"`[^`\n]*`").unwrap());
static LINK_TEXT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\[([^\]]*)\]\([^)]*\)").unwrap());
static HEADING: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^#{1,6}\s+(.*?)\s*#*\s*$").unwrap());

/// The text without code, fenced or inline: where links are links.
fn prose(text: &str) -> String {
    INLINE_CODE
        .replace_all(&without_code_blocks(text), "")
        .into_owned()
}

/// A heading's anchor as GitHub makes it.
fn slug(heading: &str) -> String {
    let text = LINK_TEXT
        .replace_all(&heading.replace('`', ""), "$1")
        .to_lowercase();
    text.trim()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut all = BTreeSet::new();
    for line in without_code_blocks(text).lines() {
        if let Some(c) = HEADING.captures(line) {
            let s = slug(&c[1]);
            let n = seen.entry(s.clone()).or_default();
            all.insert(if *n == 0 {
                s.clone()
            } else {
                format!("{s}-{n}")
            });
            *n += 1;
        }
    }
    all
}

fn documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

#[test]
fn every_relative_link_between_the_documents_resolves() {
    let link = Regex::new(r#"\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#).unwrap();
    let scheme = Regex::new(r"^[a-z]+:").unwrap();
    let mut broken = Vec::new();
    let mut checked = 0;
    // Each linked document's anchors, found once.
    let mut known: HashMap<PathBuf, BTreeSet<String>> = HashMap::new();
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        for c in link.captures_iter(&prose(&text)) {
            let target = &c[1];
            if scheme.is_match(target) || target.starts_with('/') {
                continue;
            }
            checked += 1;
            let (path, fragment) = target.split_once('#').unwrap_or((target, ""));
            let dest = if path.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(path)
            };
            let Ok(dest_text) = std::fs::read_to_string(&dest) else {
                if !dest.is_dir() {
                    broken.push(format!("{}: {target}: no file", file.display()));
                }
                continue;
            };
            let anchors_of = known
                .entry(dest.clone())
                .or_insert_with(|| anchors(&dest_text));
            if !fragment.is_empty() && !anchors_of.contains(fragment) {
                broken.push(format!("{}: {target}: no such heading", file.display()));
            }
        }
    }
    assert!(checked > 50, "only {checked} links found");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    let text = "# The `lords` command\n## Logs\n## Logs\n```\n# not a heading\n```\n";
    let found = anchors(text);
    let want = ["the-lords-command", "logs", "logs-1"];
    assert_eq!(found, want.iter().map(|s| s.to_string()).collect());
}
