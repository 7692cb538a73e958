//! The web client: its files are served from the binary with ETags, revalidation and compression
//! beside the API, docs, problems, metrics and health routes; its JavaScript type-checks strictly
//! against the generated API types; and in a real browser (Debian's Chromium driven by
//! playwright-core, `web/tests/browser.mjs`) two players play a whole game by clicking, a spectator
//! never sees a hidden card, a reload resumes, a refusal shows its problem, the history slider and
//! the audit page work, axe-core finds no serious violation, and the screenshots land in
//! `target/screenshots/`. In French too: the catalogues have the same keys, and a whole game is
//! played through the French page by French accessible names. With clocks and bots: a game against
//! a bot on a phone played to the end by clicking (the deadline worker polls every 100 ms here),
//! the deadline counting down, and resigning. Live by SSE, invitations, rematch, account and push:
//! a private game's invitation by username shows in the invitee's open lobby and starts the game;
//! both play it to the end on the game's event stream (no long poll, no reload); a rematch seats
//! both; where streams fail the table falls back to long polls; joining by a pasted invitation link
//! and by following it (after signing up), with a bot in a seat chosen per seat; the push button
//! says what happened in headless Chromium (and a push handed to the service worker shows its
//! notification); deleting the account asks first, signs out, and the old password fails.
//!
//! The browser checks need Node and Chromium: see `common::browser`.

use crate::common;

use std::process::Command;
use std::time::Duration;

use common::app::{problem, spawn_app, spawn_app_with};
use common::browser::{node_tools, root, run_script, screenshots};

#[tokio::test]
async fn the_page_is_served_at_the_root_with_an_etag_and_revalidated_every_time() {
    let app = spawn_app().await;
    let res = app.get("/").await;
    assert_eq!(res.status(), 200);
    let header = |r: &reqwest::Response, name: &str| {
        r.headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default()
    };
    assert_eq!(header(&res, "content-type"), "text/html; charset=utf-8");
    assert_eq!(header(&res, "cache-control"), "no-cache");
    let etag = header(&res, "etag");
    assert!(etag.starts_with('"') && etag.len() > 10, "etag {etag}");
    let csp = header(&res, "content-security-policy");
    assert!(csp.contains("default-src 'self'"), "{csp}");
    assert!(res.text().await.unwrap().contains("/static/js/app.js"));

    let again = app
        .client
        .get(app.url("/"))
        .header("If-None-Match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(header(&again, "etag"), etag);
}

#[tokio::test]
async fn static_files_are_cached_by_etag_and_a_missing_one_is_404_not_found() {
    let app = spawn_app().await;
    let res = app.get("/static/js/app.js").await;
    assert_eq!(res.status(), 200);
    let ct = res.headers()["content-type"].to_str().unwrap().to_string();
    assert_eq!(ct, "text/javascript; charset=utf-8");
    let cache = res.headers()["cache-control"].to_str().unwrap().to_string();
    assert!(cache.contains("max-age="), "{cache}");
    let etag = res.headers()["etag"].to_str().unwrap().to_string();
    let again = app
        .client
        .get(app.url("/static/js/app.js"))
        .header("If-None-Match", format!("W/{etag}"))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);

    problem(app.get("/static/js/nothing.js").await, 404, "not_found").await;
    problem(app.get("/static/../Cargo.toml").await, 404, "not_found").await;
}

#[tokio::test]
async fn the_web_client_is_compressed_when_the_browser_accepts_it() {
    let app = spawn_app().await;
    for path in ["/", "/static/js/table.js", "/static/app.css"] {
        let res = app
            .client
            .get(app.url(path))
            .header("Accept-Encoding", "gzip")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(res.headers()["content-encoding"], "gzip", "{path}");
    }
}

#[tokio::test]
async fn the_service_worker_and_the_manifest_are_served_at_the_root() {
    let app = spawn_app().await;
    let sw = app.get("/sw.js").await;
    assert_eq!(sw.status(), 200);
    assert_eq!(sw.headers()["service-worker-allowed"], "/");
    assert_eq!(sw.headers()["cache-control"], "no-cache");
    let manifest = app.get("/manifest.webmanifest").await;
    assert_eq!(manifest.status(), 200);
    assert_eq!(
        manifest.headers()["content-type"],
        "application/manifest+json"
    );
    let body: serde_json::Value = manifest.json().await.unwrap();
    assert_eq!(body["start_url"], "/");
}

#[tokio::test]
async fn the_api_docs_problems_metrics_and_health_still_answer_beside_the_web_client() {
    let app = spawn_app().await;
    for path in [
        "/healthz",
        "/openapi.json",
        "/docs/",
        "/docs/rules",
        "/docs/rules.fr",
        "/problems/not_found",
        "/metrics",
        "/v1/cards",
    ] {
        assert_eq!(app.get(path).await.status(), 200, "{path}");
    }
    problem(app.get("/v1/nothing").await, 404, "not_found").await;
    problem(app.get("/nothing").await, 404, "not_found").await;
}

#[test]
fn the_web_client_type_checks_strictly_against_the_generated_api_types() {
    node_tools();
    let output = Command::new(root().join("node_modules/.bin/tsc"))
        .args(["-p", "web/tsconfig.json"])
        .current_dir(root())
        .output()
        .expect("tsc runs");
    assert!(
        output.status.success(),
        "tsc --checkJs --strict found errors:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The page patches the DOM with idiomorph, served from `web/static/js/vendor/`: that copy is
/// byte for byte the npm package pinned in `package.json` (its ES module, its types, its
/// licence), so it is updated by `npm` and a copy, never edited by hand.
#[test]
fn the_vendored_idiomorph_is_the_npm_package_pinned_in_package_json() {
    common::browser::node_packages(&["idiomorph"]);
    let package: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("package.json")).expect("package.json"),
    )
    .expect("package.json is JSON");
    let pinned = package["devDependencies"]["idiomorph"]
        .as_str()
        .expect("idiomorph is pinned in package.json");
    let installed: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("node_modules/idiomorph/package.json"))
            .expect("idiomorph is installed"),
    )
    .expect("its package.json is JSON");
    assert_eq!(installed["version"].as_str(), Some(pinned));
    for (vendored, from) in [
        ("idiomorph.js", "dist/idiomorph.esm.js"),
        ("idiomorph.d.ts", "dist/idiomorph.d.ts"),
        ("idiomorph.LICENSE", "LICENSE"),
    ] {
        let ours = std::fs::read(root().join("web/static/js/vendor").join(vendored))
            .unwrap_or_else(|e| panic!("{vendored}: {e}"));
        let theirs = std::fs::read(root().join("node_modules/idiomorph").join(from))
            .unwrap_or_else(|e| panic!("{from}: {e}"));
        assert!(
            ours == theirs,
            "web/static/js/vendor/{vendored} differs from node_modules/idiomorph/{from}: copy it again"
        );
    }
}

#[test]
fn the_english_and_french_catalogues_have_the_same_keys() {
    node_tools();
    let output = Command::new("node")
        .arg("web/tests/i18n.mjs")
        .current_dir(root())
        .output()
        .expect("node runs");
    assert!(
        output.status.success(),
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[tokio::test]
async fn the_page_loads_only_the_catalogue_of_its_language() {
    let app = spawn_app().await;
    for path in [
        "/static/js/i18n.js",
        "/static/js/i18n/en.js",
        "/static/js/i18n/fr.js",
    ] {
        assert_eq!(app.get(path).await.status(), 200, "{path}");
    }
    // English is imported by i18n.js; French only by a dynamic import when chosen.
    let i18n = app.get("/static/js/i18n.js").await.text().await.unwrap();
    assert!(i18n.contains("import en from \"./i18n/en.js\""));
    assert!(!i18n.contains("import fr from"));
    assert!(i18n.contains("await import(\"./i18n/fr.js\")"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_a_whole_game_by_clicking_while_a_spectator_sees_no_hidden_card() {
    // The bots answer from the deadline worker; a quick poll keeps the game against a bot short.
    let app = spawn_app_with(|c| c.deadline_poll = Some(Duration::from_millis(100))).await;
    let stdout = run_script("browser.mjs", &app.address, "the browser tests").await;
    assert!(stdout.contains("web client: all browser checks passed"));
    assert!(stdout.contains("a refused action read in French"));
    assert!(stdout.contains("the language switch is visible and remembered"));
    assert!(stdout.contains("the game against a bot finished"));
    assert!(stdout.contains("resigned after a confirmation"));
    assert!(stdout.contains("a refused resignation showed its problem"));
    for line in [
        "invited by username: the invitation showed in the lobby",
        "each seeing the other's moves arrive on the stream (no long poll, no reload",
        "rematch: both players are seated in the new game",
        "streams refused: the table fell back to long polls",
        "joined by code (pasted link) and by link (after signing up)",
        "push button: « ",
        "a push handed to the service worker showed « Your move » for game",
        "account deleted after a confirmation: signed out, the old credentials refused",
    ] {
        assert!(
            stdout.contains(line),
            "the browser tests never said: {line}"
        );
    }
    for name in [
        "table-bot-360x640",
        "table-bot-finished-360x640",
        "table-resigned-360x640",
        "lobby-invited-360x640",
        "account-delete-360x640",
        "table-invite-1280x800",
    ] {
        let shot = screenshots().join(format!("{name}.png"));
        assert!(shot.exists(), "{} was not written", shot.display());
    }
    for name in ["lobby", "table", "lobby-fr", "table-fr"] {
        for size in ["360x640", "1280x800"] {
            let shot = screenshots().join(format!("{name}-{size}.png"));
            assert!(shot.exists(), "{} was not written", shot.display());
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_shows_results_sorts_rematches_bots_copies_links_and_guides_a_first_game() {
    // The bots answer from the deadline worker; a quick poll keeps the games against bots short.
    let app = spawn_app_with(|c| c.deadline_poll = Some(Duration::from_millis(100))).await;
    let stdout = run_script(
        "lobby-guide.mjs",
        &app.address,
        "the lobby and guide browser tests",
    )
    .await;
    for line in [
        "a finished game's row: « ",
        "the lists put the games awaiting me first, nearest deadline first, then the rest",
        "rematch against a bot: the bot is seated again at once, seats rotated",
        "waiting room: a free seat was given to a greedy bot",
        "copy: the clipboard holds the link and the page says « Link copied. »",
        "bad links read as sentences in English",
        "bad links read as sentences in French",
        "a dismissed hint stays dismissed after a reload",
        "« Don't show hints » stays off after a reload",
        "the guide explains the power rule: ",
        "touch targets: every button and link of the lobby on a 360×640 phone is at least 44×44 px",
        "axe: no serious or critical violation on the lobby with a finished game",
        "axe: no serious or critical violation on the guide's table",
        "first-load transfer of the lobby: ",
        "lobby and guide: all browser checks passed",
    ] {
        assert!(
            stdout.contains(line),
            "the browser tests never said: {line}"
        );
    }
    for name in [
        "lobby-finished-360x640",
        "lobby-finished-1280x800",
        "guide-360x640",
        "guide-fr-360x640",
        "waiting-room-bot-360x640",
    ] {
        let shot = screenshots().join(format!("{name}.png"));
        assert!(shot.exists(), "{} was not written", shot.display());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_explains_the_last_move_the_strengths_the_ties_and_the_powers() {
    // Against a bot for the start, the middle and the end; the bot answers from the deadline
    // worker, polled every 100 ms here.
    let app = spawn_app_with(|c| c.deadline_poll = Some(Duration::from_millis(100))).await;
    let stdout = run_script(
        "table-explains.mjs",
        &app.address,
        "the table's browser checks",
    )
    .await;
    for line in [
        "time left never understated: 71 h 59 min reads « in 3 days »",
        "a fresh 3-day clock reads « Deadline in 3 days",
        "the table's heading names its players",
        "above the fold on 1280×800",
        "card names whole on the phone",
        "keyboard: Enter opens the power, Tab reaches its link, Escape closes it",
        "the focus always moved on",
        "army strengths: Strength",
        "the finished table: final armies",
        "axe: no serious or critical violation on the finished table",
        "history: stepped back",
        "Fergusson on a phone: « Fergusson",
        "took your",
        "a tie broken by rank",
        "outranks",
        "table explains: all checks passed",
    ] {
        assert!(
            stdout.contains(line),
            "the table's checks never said: {line}"
        );
    }
    for name in ["explain-start", "explain-mid", "explain-tie", "explain-end"] {
        for lang in ["", "-fr"] {
            for size in ["360x640", "1280x800"] {
                let shot = screenshots().join(format!("{name}{lang}-{size}.png"));
                assert!(shot.exists(), "{} was not written", shot.display());
            }
        }
    }
}
