//! A table you can live at on a phone, in a real browser (Debian's Chromium driven by
//! playwright-core, `web/tests/table-phone.mjs`), on a phone and a desktop, in English and
//! French: a tap across a live update counts (the table is patched in place); a recruit, a claim
//! or a muster waits for Confirm on a touch screen; the moves since my last decision are listed
//! at the top; after my move the view goes back to my hand; a skirmish's end is told at the top
//! until my next decision; a power's explanation covers no button and closes on a tap outside or
//! Escape; who is on vacation, my timeouts with a warning before the last, and the turn alert.
//!
//! The browser checks need Node and Chromium: see `common::browser`.

use crate::common;

use std::time::Duration;

use common::app::spawn_app_with;
use common::browser::{run_script, screenshots};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_on_a_phone_confirms_lists_whats_new_and_loses_no_tap() {
    // Timeouts come from the deadline worker, polled every 100 ms here.
    let app = spawn_app_with(|c| c.deadline_poll = Some(Duration::from_millis(100))).await;
    let stdout = run_script("table-phone.mjs", &app.address, "the table on a phone").await;
    for size in ["360×640", "1280×800"] {
        for lang in ["en", "fr"] {
            for line in [
                format!("since your last turn on {lang} {size}: « "),
                format!(
                    "card notes inside their cards, not in the refusals' colour, on {lang} {size}: « "
                ),
                format!("skirmish banner on {lang} {size}: « "),
                format!("away on {lang} {size}: « "),
                format!("timeouts on {lang} {size}: « "),
            ] {
                assert!(
                    stdout.contains(&line),
                    "the browser tests never said: {line}"
                );
            }
        }
    }
    for line in [
        "a move staged and cancelled on en 360×640",
        "a move staged and cancelled on fr 360×640",
        "after my move the view went back to",
        "a tap across a live update counted on en 360×640",
        "a tap across a live update counted on fr 1280×800",
        "a power's explanation closes on a tap outside and on Escape on en 360×640",
        "a move sent at once on en 1280×800",
        "the skirmish's banner goes with my next decision",
        "the turn alert sounds where chosen, and nowhere else",
        "table on a phone: all checks passed",
    ] {
        assert!(
            stdout.contains(line),
            "the browser tests never said: {line}"
        );
    }
    for name in ["table-since", "table-skirmish-banner", "table-timeouts"] {
        let shot = screenshots().join(format!("{name}-360x640.png"));
        assert!(shot.exists(), "{} was not written", shot.display());
    }
}
