//! The table's words in a real browser (Debian's Chromium driven by playwright-core,
//! `web/tests/table-words.mjs`), on a phone and a desktop, in English and French: a doubled army
//! reads "20 (10 × 2)", resigning a two-player game warns that it ends at once, and the lobby's
//! new game has a "rated" switch that is sent; the page's player's things are "your", and a bot in
//! its own seat plays rather than plays for itself; the guide has no stray stop and warns that the
//! hand carries over to the next skirmish; and the settings without an address hide "Send the link
//! again".
//!
//! The browser checks need Node and Chromium: see `common::browser`.

use crate::common;

use std::time::Duration;

use common::app::spawn_app_with;
use common::browser::{run_script, screenshots};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_reads_right_on_a_phone_and_a_desktop_in_english_and_french() {
    // The bot answers from the deadline worker, polled every 100 ms here.
    let app = spawn_app_with(|c| c.deadline_poll = Some(Duration::from_millis(100))).await;
    let stdout = run_script("table-words.mjs", &app.address, "the table's words").await;
    for lang in ["en", "fr"] {
        for size in ["360×640", "1280×800"] {
            for line in [
                format!("doubled strength on {lang} {size}: « "),
                format!("two-player resign warning on {lang} {size}: « "),
                format!("rated switch on {lang} {size}: « "),
                format!("names on {lang} {size}: « "),
                format!("the guide on {lang} {size}: « "),
                format!("settings with no address on {lang} {size}: « "),
            ] {
                assert!(
                    stdout.contains(&line),
                    "the browser tests never said: {line}"
                );
            }
        }
    }
    assert!(stdout.contains("table words: all checks passed"));
    for name in [
        "table-words",
        "table-words-fr",
        "lobby-rated",
        "lobby-rated-fr",
    ] {
        for size in ["360x640", "1280x800"] {
            let shot = screenshots().join(format!("{name}-{size}.png"));
            assert!(shot.exists(), "{} was not written", shot.display());
        }
    }
}
