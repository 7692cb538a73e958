//! The rules for players: `/rules` and `/rules/fr` are HTML pages in their language, link to each
//! other and to the lobby, carry every power's anchor (the table links a card's power to
//! `/rules#power-cochrane`), use none of the API's terms, and are revalidated by ETag and
//! compressed; the web client's footer links to them. In a real browser (Debian's Chromium driven
//! by playwright-core, `web/tests/rules.mjs`) they read on a 360×640 phone with no horizontal
//! scroll and on a desktop, an anchor scrolls into view, axe-core finds no serious violation, and
//! the screenshots land in `target/screenshots/`.
//!
//! The browser check needs Node and Chromium: see `common::browser`.

use crate::common;

use std::collections::BTreeSet;

use common::app::spawn_app;
use common::browser::{root, run_script, screenshots};
use regex::Regex;

/// The anchors other pages link to: every power, and the sections named by the table.
const ANCHORS: [&str; 12] = [
    "power-forsyth",
    "power-makgill",
    "power-macdonnell",
    "power-cochrane",
    "power-cockburn",
    "power-fergusson",
    "power-scott",
    "power-wemyss",
    "power-bruce",
    "service-rules",
    "end-of-skirmish",
    "end-of-game",
];

/// What a player never reads: the API's paths, fields, event types and the reference's sections.
const API_TERMS: [&str; 22] = [
    "legal-actions",
    "/v1/",
    "/docs/rules",
    "RULES §",
    "§",
    "target_score",
    "power_rule",
    "include_bruce",
    "lowest_strength",
    "lowest_in_clan",
    "use_power",
    "claim_supporter",
    "turn_time_limit_s",
    "max_timeouts",
    "power_has_no_target",
    "unexpected_action",
    "bot_acted",
    "seat_resigned",
    "awaiting",
    "standard-v1",
    "null",
    "recruit slot",
];

fn header(res: &reqwest::Response, name: &str) -> String {
    res.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default()
}

fn ids(page: &str) -> BTreeSet<String> {
    Regex::new(r#"\sid="([^"]+)""#)
        .unwrap()
        .captures_iter(page)
        .map(|c| c[1].to_string())
        .collect()
}

/// The page's text as a person reads it: no tags, no attributes.
fn text(page: &str) -> String {
    Regex::new(r"<[^>]*>")
        .unwrap()
        .replace_all(page, " ")
        .into_owned()
}

#[tokio::test]
async fn both_rules_pages_are_html_in_their_language_with_every_anchor_and_each_other_linked() {
    let app = spawn_app().await;
    let in_page = Regex::new(r##"href="#([^"]+)""##).unwrap();
    for (path, lang, other, lobby) in [
        ("/rules", "en", "/rules/fr", "Back to the lobby"),
        ("/rules/fr", "fr", "/rules", "Retour au salon"),
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(header(&res, "content-type"), "text/html; charset=utf-8");
        assert_eq!(header(&res, "content-language"), lang);
        let csp = header(&res, "content-security-policy");
        assert!(csp.contains("default-src 'self'"), "{csp}");
        let page = res.text().await.unwrap();
        assert!(
            page.contains(&format!("<html lang=\"{lang}\">")),
            "{path}: lang"
        );
        let found = ids(&page);
        for anchor in ANCHORS {
            assert!(found.contains(anchor), "{path}: no id {anchor}");
        }
        assert!(
            page.contains(&format!("href=\"{other}\" hreflang=")),
            "{path} links to {other}"
        );
        assert!(
            page.contains(&format!("<a href=\"/\">{lobby}</a>")),
            "{path}: lobby"
        );
        assert!(page.contains("href=\"/static/rules.css\""), "{path}: css");
        // Rendered, not served as Markdown: headings, lists and the table are HTML.
        assert!(
            page.contains("<h3 id=\"power-cochrane\">Cochrane"),
            "{path}"
        );
        assert!(page.contains("<table>") && page.contains("<ol>"), "{path}");
        assert!(!page.contains("{#") && !page.contains("{{"), "{path}: raw");
        // No inline script or style: the policy would refuse them.
        assert!(
            !page.contains("<script") && !page.contains("style="),
            "{path}"
        );
        // Every link inside the page lands on a heading of it.
        for link in in_page.captures_iter(&page) {
            assert!(found.contains(&link[1]), "{path}: #{} is no id", &link[1]);
        }
    }
    let english = app.get("/rules").await.text().await.unwrap();
    let french = app.get("/rules/fr").await.text().await.unwrap();
    assert_eq!(ids(&english), ids(&french), "the same anchors in both");
    assert!(english.contains("Victor's Initiative") || english.contains("Victor’s Initiative"));
    assert!(french.contains("jeton Initiative") && french.contains("partisan"));
}

#[tokio::test]
async fn the_rules_pages_use_none_of_the_api_terms() {
    let app = spawn_app().await;
    let snake_case = Regex::new(r"\b[a-z]+_[a-z0-9_]+\b").unwrap();
    let seat_zero = Regex::new(r"(?i)\b(seat|place|slot|emplacement)s? 0\b").unwrap();
    for path in ["/rules", "/rules/fr"] {
        let page = app.get(path).await.text().await.unwrap();
        for term in API_TERMS {
            assert!(!page.contains(term), "{path} says {term:?}");
        }
        let words = text(&page);
        let found: Vec<&str> = snake_case.find_iter(&words).map(|m| m.as_str()).collect();
        assert!(found.is_empty(), "{path}: snake_case {found:?}");
        assert!(!seat_zero.is_match(&words), "{path}: a place numbered 0");
        assert!(!page.contains("<code>"), "{path}: code");
    }
}

#[tokio::test]
async fn the_rules_pages_are_revalidated_by_etag_answer_head_and_are_compressed() {
    let app = spawn_app().await;
    for path in ["/rules", "/rules/fr"] {
        let res = app.get(path).await;
        assert_eq!(header(&res, "cache-control"), "no-cache", "{path}");
        let etag = header(&res, "etag");
        assert!(etag.starts_with('"') && etag.len() > 10, "etag {etag}");

        let again = app
            .client
            .get(app.url(path))
            .header("If-None-Match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), 304, "{path}");
        assert_eq!(header(&again, "etag"), etag);
        assert!(again.text().await.unwrap().is_empty());

        let stale = app
            .client
            .get(app.url(path))
            .header("If-None-Match", "\"0123456789abcdef\"")
            .send()
            .await
            .unwrap();
        assert_eq!(stale.status(), 200, "{path}");

        let head = app.client.head(app.url(path)).send().await.unwrap();
        assert_eq!(head.status(), 200, "{path}");
        assert_eq!(header(&head, "etag"), etag);
        assert_eq!(header(&head, "content-type"), "text/html; charset=utf-8");
        assert!(head.text().await.unwrap().is_empty());

        let gzip = app
            .client
            .get(app.url(path))
            .header("Accept-Encoding", "gzip")
            .send()
            .await
            .unwrap();
        assert_eq!(gzip.status(), 200, "{path}");
        assert_eq!(header(&gzip, "content-encoding"), "gzip", "{path}");
    }
    let css = app.get("/static/rules.css").await;
    assert_eq!(css.status(), 200);
    assert_eq!(header(&css, "content-type"), "text/css; charset=utf-8");
}

#[tokio::test]
async fn the_footer_links_to_the_rules_page_of_its_language_and_the_api_reference_stays() {
    let app = spawn_app().await;
    let index = app.get("/").await.text().await.unwrap();
    assert!(index.contains("<a href=\"/rules\">Rules</a>"), "{index}");
    let en = app.get("/static/js/i18n/en.js").await.text().await.unwrap();
    assert!(en.contains("rulesHref: \"/rules\","));
    let fr = app.get("/static/js/i18n/fr.js").await.text().await.unwrap();
    assert!(fr.contains("rulesHref: \"/rules/fr\","));
    // The API's rules reference is unchanged beside the pages.
    for (path, file) in [
        ("/docs/rules", "docs/rules.md"),
        ("/docs/rules.fr", "docs/rules.fr.md"),
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 200);
        assert!(header(&res, "content-type").starts_with("text/markdown"));
        let committed = std::fs::read_to_string(root().join(file)).unwrap();
        assert_eq!(res.text().await.unwrap(), committed, "{path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rules_read_on_a_phone_and_a_desktop_in_a_real_browser() {
    let app = spawn_app().await;
    let shots = screenshots();
    let expected = [
        "rules-360x640.png",
        "rules-1280x800.png",
        "rules-fr-360x640.png",
    ];
    for shot in expected {
        let _ = std::fs::remove_file(shots.join(shot));
    }
    let stdout = run_script("rules.mjs", &app.address, "the rules pages' browser checks").await;
    for line in [
        "rules pages: all browser checks passed",
        "no horizontal scroll on /rules at 360x640",
        "no horizontal scroll on /rules/fr at 360x640",
        "#power-cochrane scrolled into view on /rules at 360x640",
        "axe: no serious or critical violation on /rules at 360x640",
        "axe: no serious or critical violation on /rules/fr at 1280x800",
        "the footer's « Règles » opened /rules/fr",
        "the footer's « Rules » opened /rules",
    ] {
        assert!(stdout.contains(line), "missing: {line}\n{stdout}");
    }
    for shot in expected {
        assert!(shots.join(shot).exists(), "{shot} was not written");
    }
}
