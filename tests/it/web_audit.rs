//! The audit page in a real browser (Debian's Chromium driven by playwright-core,
//! `web/tests/audit.mjs`): a person plays a game against a bot by clicking and resigns; the page
//! kept every receipt it was given (IndexedDB, across a reload, the turns' notifications
//! included); the audit page says the game is in the public log at size N (signed) and that the
//! person's receipts match its history; and a record the server changed in flight (one byte of
//! an event, a history rewritten with its chain recomputed, another salt, a moved tree head) or
//! a receipt changed in the browser is named as such; deleting the account forgets its
//! receipts. In English and French, on a phone and a desktop, with screenshots in
//! `target/screenshots/`.
//!
//! The browser checks need Node and Chromium: see `common::browser`.

use crate::common;

use std::time::Duration;

use common::app::spawn_app_with;
use common::browser::{run_script_with, screenshots};
use common::games::{Api, create_game, ok};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_audit_page_proves_the_log_and_the_receipts_and_names_a_lying_record() {
    // The bot answers from the deadline worker; a quick poll keeps the game short.
    let app = spawn_app_with(|c| c.deadline_poll = Some(Duration::from_millis(100))).await;
    // Five games logged first: the page's games sit in trees of 6 to 9 leaves, whose inclusion
    // paths climb unbalanced trees.
    let api = Api::of(&app);
    let morag = app.signed_up("morag").await;
    for _ in 0..5 {
        let options = json!({"players": 2, "bots": [{"seat": 1, "level": "random"}]});
        let id = create_game(&app, &morag, &options).await;
        ok(api
            .post(&format!("/v1/games/{id}/resign"), &morag, &json!({}))
            .await)
        .await;
    }
    let stdout = run_script_with(
        "audit.mjs",
        &app.address,
        "the audit page's browser checks",
        &[("LORDS_LOGGED_BEFORE", "5")],
    )
    .await;
    for lang in ["en", "fr"] {
        for device in ["phone", "desktop"] {
            for line in [
                "the lobby kept ",
                "the page keeps ",
                "in the public log at size ",
                "one byte changed: « ",
                "a rewritten history: « ",
                "another salt: « ",
                "a moved head: « ",
                "not logged yet: « ",
                "a receipt changed in IndexedDB: « ",
            ] {
                let line = format!("{lang} {device}: {line}");
                assert!(
                    stdout.contains(&line),
                    "the audit checks never said: {line}"
                );
            }
            assert!(stdout.contains(&format!(
                "axe: no serious or critical violation on the {lang} {device} audit page"
            )));
        }
    }
    assert!(stdout.contains("en desktop: deleting the account forgot its receipts"));
    assert!(stdout.contains("inclusion proofs: the page verifies all 153 paths"));
    assert!(stdout.contains("audit: all browser checks passed"));
    for name in ["audit", "audit-tampered", "audit-pending", "audit-receipt"] {
        for lang in ["", "-fr"] {
            for size in ["360x640", "1280x800"] {
                let shot = screenshots().join(format!("{name}{lang}-{size}.png"));
                assert!(shot.exists(), "{} was not written", shot.display());
            }
        }
    }
}
