//! Dark mode and private notes in a real browser (Debian's Chromium driven by playwright-core,
//! `web/tests/dark-mode.mjs`), on a phone and a desktop, in English and French: a dark system
//! draws the page dark, as does dark chosen on a light system, and light chosen keeps a dark
//! system's page light; in dark mode axe-core's color-contrast rule finds nothing on the lobby,
//! a table and the settings. A seated player's note is saved once typing stops, kept over a
//! reload, refused in words, and never shown to the other seated player.
//!
//! The browser checks need Node and Chromium: see `common::browser`.

use crate::common;

use common::app::spawn_app;
use common::browser::{run_script, screenshots};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dark_mode_reads_well_and_notes_stay_private_on_a_phone_and_a_desktop_in_english_and_french()
 {
    let app = spawn_app().await;
    let stdout = run_script("dark-mode.mjs", &app.address, "dark mode and notes").await;
    for lang in ["en", "fr"] {
        for size in ["360×640", "1280×800"] {
            for line in [
                format!("dark system on {lang} {size}: lobby, table and settings dark; "),
                format!(
                    "choice on {lang} {size}: dark over a light system, light over a dark system"
                ),
                format!("notes on {lang} {size}: refused in words, saved once typing stopped"),
            ] {
                assert!(
                    stdout.contains(&line),
                    "the browser tests never said: {line}"
                );
            }
        }
    }
    assert!(stdout.contains("dark mode: all checks passed"));
    for name in [
        "dark-lobby",
        "dark-lobby-fr",
        "dark-table",
        "dark-table-fr",
        "dark-settings",
        "dark-settings-fr",
        "notes",
        "notes-fr",
    ] {
        for size in ["360x640", "1280x800"] {
            let shot = screenshots().join(format!("{name}-{size}.png"));
            assert!(shot.exists(), "{} was not written", shot.display());
        }
    }
}
