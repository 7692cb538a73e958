//! Tournaments in a real browser (Debian's Chromium driven by playwright-core,
//! `web/tests/tournaments.mjs`): a Swiss tournament made over HTTP by its host, with two players
//! registered, is listed under Open; the form that creates one refuses impossible settings in
//! words and makes one; its host starts the first from its page; a player then sees their
//! current game, the standings and round 1's table; a player withdraws from another open
//! tournament; in English and French, on a phone and a desktop, with screenshots in
//! `target/screenshots/`. The script makes its own accounts and tournaments over HTTP.
//!
//! The browser checks need Node and Chromium: see `common::browser`.

use crate::common;

use common::browser::{run_script, screenshots};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournaments_are_listed_started_and_followed_on_a_phone_and_a_desktop() {
    // A started tournament's first round is paired by the tournament worker, polled every 100 ms.
    let app = crate::tournaments::app().await;
    let stdout = run_script(
        "tournaments.mjs",
        &app.address,
        "the tournaments browser checks",
    )
    .await;
    for lang in ["en", "fr"] {
        for size in ["360x640", "1280x800"] {
            for line in [
                "the tournament is listed under Open",
                "the form refuses in words (« ",
                "the host starts it from its page",
                "a player sees their current game, the standings and round 1's table",
                "a player withdraws from an open tournament",
            ] {
                let said = format!("{lang} {size}: {line}");
                assert!(
                    stdout.contains(&said),
                    "the tournaments checks never said: {said}"
                );
            }
        }
    }
    assert!(stdout.contains("tournaments: all checks passed"));
    for name in ["tournaments-list", "tournament-open", "tournament-running"] {
        for lang in ["", "-fr"] {
            for size in ["360x640", "1280x800"] {
                let shot = screenshots().join(format!("{name}{lang}-{size}.png"));
                assert!(shot.exists(), "{} was not written", shot.display());
            }
        }
    }
}
