//! The JSON of recent views, so that a game polled again and again unchanged is not written
//! out again for every request (writing a view's JSON was a third of the server's instructions
//! per view, docs/performance.md).
//!
//! An answer is kept per game and per seat shown (a spectator's apart), with everything it was
//! written from: the listing row as read (usernames, deadline, result... compared whole), the
//! stream's version and the hash of its event at that version (which chains every payload, so
//! the replay shown is the same), and the moment until which the vacations it shows stay as
//! shown (`ClockedView` shows an ended vacation as `null`, by the clock). A kept answer is
//! served only when all of them are equal to the request's: the same bytes as writing it again.
//! Only the current version of a game without a receipt is kept (a receipt is signed per
//! request). Per process; bounded, least recently used dropped first.

use std::sync::{Arc, LazyLock, Mutex};

use actix_web::web::Bytes;
use chrono::Utc;
use hashlink::LruCache;

use crate::eventstore::GameId;
use crate::eventstore::read_model::GameSummary;
use rules::{Seat, View};

/// Answers kept: a view's JSON is a few KB, so a few MB when full.
const CAPACITY: usize = 2_048;

/// One answer and what it was written from.
struct Kept {
    summary: GameSummary,
    version: i64,
    head_hash: [u8; 32],
    /// Unix milliseconds: kept answers are served from this moment ...
    from_ms: i64,
    /// ... until this one (the first vacation shown that ends), exclusive.
    until_ms: i64,
    body: Bytes,
}

/// A game and the seat it is shown to (`None`: a spectator).
type Key = (GameId, Option<Seat>);

static KEPT: LazyLock<Mutex<LruCache<Key, Arc<Kept>>>> =
    LazyLock::new(|| Mutex::new(LruCache::new(CAPACITY)));

/// The clock as the cache reads it: take it before writing an answer to keep.
pub(super) fn now_ms() -> i64 {
    Utc::now().timestamp_millis()
}

/// The kept answer for `seat`'s view of this very state of the game, if any.
pub(super) fn get(
    summary: &GameSummary,
    seat: Option<Seat>,
    version: i64,
    head_hash: &[u8; 32],
) -> Option<Bytes> {
    let kept = KEPT.lock().ok()?.get(&(summary.id, seat)).cloned()?;
    let now = now_ms();
    (kept.version == version
        && kept.head_hash == *head_hash
        && (kept.from_ms..kept.until_ms).contains(&now)
        && kept.summary == *summary)
        .then(|| kept.body.clone())
}

/// Keeps `body`, `seat`'s answer written from `summary` and `view` at `version` (whose event
/// has the hash `head_hash`) after the clock read `from_ms` ([`now_ms`], read before writing
/// it), replacing what was kept for that game and seat.
pub(super) fn put(
    summary: &GameSummary,
    seat: Option<Seat>,
    version: i64,
    head_hash: &[u8; 32],
    view: Option<&View>,
    from_ms: i64,
    body: Bytes,
) {
    // The first vacation that may have been shown as running to end: from then on it is shown
    // as `null`. (One that ended before `from_ms` is shown as `null` for good.)
    let until_ms = view
        .into_iter()
        .flat_map(|v| v.players.iter())
        .filter_map(|p| p.vacation_until)
        .filter_map(|until| i64::try_from(until.0).ok())
        .filter(|&until| until > from_ms)
        .min()
        .unwrap_or(i64::MAX);
    let kept = Arc::new(Kept {
        summary: summary.clone(),
        version,
        head_hash: *head_hash,
        from_ms,
        until_ms,
        body,
    });
    if let Ok(mut all) = KEPT.lock() {
        all.insert((summary.id, seat), kept);
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::eventstore::AccountId;
    use crate::eventstore::read_model::{GameStatus, Visibility};

    fn summary() -> GameSummary {
        let at = Utc::now();
        GameSummary {
            id: GameId(uuid::Uuid::new_v4()),
            status: GameStatus::Active,
            options: rules::GameOptions::new(2),
            created_by: AccountId(uuid::Uuid::new_v4()),
            seats: Vec::new(),
            version: 7,
            awaiting: None,
            winners: None,
            result: None,
            rated: false,
            visibility: Visibility::Public,
            rematch_of: None,
            rematched_by: None,
            created_at: at,
            updated_at: at,
            deadline: None,
            salt: None,
        }
    }

    fn view() -> View {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let events = rules::start(&rules::GameOptions::new(2), &mut rng).unwrap();
        let game = rules::Game::replay(&events);
        rules::view(&game, rules::Viewer::of(&game, None))
    }

    #[test]
    fn an_answer_is_served_only_for_the_same_game_seat_version_head_and_row() {
        let s = summary();
        let head = [7; 32];
        put(
            &s,
            None,
            7,
            &head,
            None,
            now_ms(),
            Bytes::from_static(b"{}"),
        );
        assert_eq!(get(&s, None, 7, &head).as_deref(), Some(&b"{}"[..]));
        assert_eq!(get(&s, Some(Seat(0)), 7, &head), None);
        assert_eq!(get(&s, None, 8, &head), None);
        assert_eq!(get(&s, None, 7, &[8; 32]), None);
        let renamed = GameSummary {
            updated_at: s.updated_at + chrono::Duration::seconds(1),
            ..s.clone()
        };
        assert_eq!(get(&renamed, None, 7, &head), None);
        assert_eq!(get(&summary(), None, 7, &head), None);
    }

    #[test]
    fn an_answer_showing_a_vacation_is_served_only_until_it_ends() {
        let s = summary();
        let head = [1; 32];
        let mut shown = view();
        let written = now_ms();
        let ends = u64::try_from(written).unwrap_or(0) + 1;
        shown.players[0].vacation_until = Some(rules::UnixMillis(ends));
        put(
            &s,
            None,
            7,
            &head,
            Some(&shown),
            written,
            Bytes::from_static(b"{}"),
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
        assert_eq!(get(&s, None, 7, &head), None);
        // One that ended before the answer was written stays shown as ended.
        put(
            &s,
            None,
            7,
            &head,
            Some(&shown),
            written + 2,
            Bytes::from_static(b"{}"),
        );
        assert!(get(&s, None, 7, &head).is_some());
    }
}
