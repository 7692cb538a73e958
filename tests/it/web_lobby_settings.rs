//! The lobby, the settings, the audit page and the chat's reports in a real browser (Debian's
//! Chromium driven by playwright-core, `web/tests/lobby-settings.mjs`), on a phone and a desktop,
//! in English and French: "Learn by playing" resumes the unfinished guide game; each game is
//! listed once and the finished ones are folded; selects show their whole text; an invitation
//! can be declined; live public games are listed to watch; an invitation link's page says whose
//! game it is, its options and whether it is rated; the digest's time zone is the
//! browser's until the account chose one, and says it is not saved yet; "This device" keeps
//! confirming moves, the turn alert and the colours; the audit page opens with what it proves
//! and what it cannot, and links to `docs/audit.md` as served; a chat line is reported in a form,
//! its menu moving no line and closing on Escape or a tap outside.
//!
//! The browser checks need Node and Chromium: see `common::browser`.

use crate::common;

use std::time::Duration;

use common::app::spawn_app_with;
use common::browser::{run_script, screenshots};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_settings_audit_and_chat_reports_work_on_a_phone_and_a_desktop() {
    // The guide game's bot answers from the deadline worker, polled every 100 ms here.
    let app = spawn_app_with(|c| c.deadline_poll = Some(Duration::from_millis(100))).await;
    let stdout = run_script("lobby-settings.mjs", &app.address, "the lobby and settings").await;
    for lang in ["en", "fr"] {
        for size in ["360×640", "1280×800"] {
            for line in [
                format!("learn by playing on {lang} {size}: resumes the guide game "),
                format!("lists on {lang} {size}: "),
                format!("selects on {lang} {size}: every one shows its whole text"),
                format!("decline on {lang} {size}: « "),
                format!("watch on {lang} {size}: bob's game listed"),
                format!("invitation page on {lang} {size}: {{"),
                format!("settings on {lang} {size}: Europe/Paris proposed, UTC kept until saved"),
                format!("audit on {lang} {size}: « "),
                format!("chat report on {lang} {size}: the menu moves no line"),
            ] {
                assert!(
                    stdout.contains(&line),
                    "the browser tests never said: {line}"
                );
            }
        }
    }
    assert!(stdout.contains("with no game to watch"));
    assert!(stdout.contains("lobby and settings: all checks passed"));
    for name in [
        "lobby-settings-lobby",
        "lobby-settings-settings",
        "lobby-settings-join",
        "lobby-settings-audit",
        "lobby-settings-report",
    ] {
        for lang in ["", "-fr"] {
            for size in ["360x640", "1280x800"] {
                let shot = screenshots().join(format!("{name}{lang}-{size}.png"));
                assert!(shot.exists(), "{} was not written", shot.display());
            }
        }
    }
}
