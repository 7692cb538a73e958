//! Replayed games kept in memory, each with the stream head it is the replay of: its version
//! and the hash of its last event, which chains every payload before it. A snapshot is only
//! used after the head has been read in the caller's transaction and found equal, or only
//! longer (then the tail after the snapshot is read and applied, its first event chained to
//! the snapshot's last hash); or, for an action decided on it before any read, by an append
//! whose statement writes nothing unless the stream's head is still the snapshot's
//! (`crate::play::actions::submit_on_kept`). The stream stays the only source of truth: whatever this holds,
//! a read returns the replay of the stream as it is, and nothing is appended to a stream but
//! at its head; a snapshot only saves replaying again what was replayed before. Per process; a bounded number of games, least recently used
//! dropped first.

use std::sync::{Arc, Mutex};

use hashlink::LruCache;

use crate::eventstore::GameId;
use rules::{Game, GameOptions};

/// Games kept: about 3.4 KB each, so about 55 MB when full. More games than this being read in
/// turn would replay each from its whole stream on every read.
pub const SNAPSHOT_CAPACITY: usize = 16_384;

/// A game as replayed up to `version`, whose last event's hash is `last_hash`. The game is
/// shared: a read uses the kept replay without copying it; a writer copies it to apply events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    pub version: i64,
    pub last_hash: [u8; 32],
    pub game: Arc<Game>,
}

impl Snapshot {
    /// The game before its first event.
    pub fn before_start() -> Self {
        Snapshot {
            version: 0,
            last_hash: crate::eventstore::chain::GENESIS,
            game: Arc::new(Game::new()),
        }
    }
}

#[derive(Debug)]
pub(crate) struct Snapshots {
    inner: Mutex<LruCache<GameId, Snapshot>>,
    /// Each game's options as decoded, with the stored text they were decoded from: a read of
    /// the game decodes them again only when that text differs.
    options: Mutex<LruCache<GameId, KeptOptions>>,
}

/// A game's options as stored (the `jsonb` text) and as decoded from it.
type KeptOptions = (Box<[u8]>, GameOptions);

impl Snapshots {
    pub fn new(capacity: usize) -> Self {
        Snapshots {
            inner: Mutex::new(LruCache::new(capacity)),
            options: Mutex::new(LruCache::new(capacity)),
        }
    }

    /// The options of `id` stored as `text`: those decoded from the same text before, else
    /// `decode(text)` (then kept).
    pub fn options<E>(
        &self,
        id: GameId,
        text: &[u8],
        decode: impl FnOnce(&[u8]) -> Result<GameOptions, E>,
    ) -> Result<GameOptions, E> {
        if let Ok(mut kept) = self.options.lock()
            && let Some((kept_text, options)) = kept.get(&id)
            && **kept_text == *text
        {
            return Ok(*options);
        }
        let options = decode(text)?;
        if let Ok(mut kept) = self.options.lock() {
            kept.insert(id, (text.into(), options));
        }
        Ok(options)
    }

    /// The kept replay of `id`, now the most recently used.
    pub fn get(&self, id: GameId) -> Option<Snapshot> {
        self.inner.lock().ok()?.get(&id).cloned()
    }

    /// Keeps `snapshot` for `id`, replacing what was kept; past capacity the least recently
    /// used game is dropped. Which one wins a race does not matter: any snapshot is checked
    /// against the stream before use.
    pub fn put(&self, id: GameId, snapshot: Snapshot) {
        if let Ok(mut inner) = self.inner.lock() {
            inner.insert(id, snapshot);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot(version: i64) -> Snapshot {
        Snapshot {
            version,
            last_hash: [version as u8; 32],
            game: Arc::new(Game::new()),
        }
    }

    fn id(n: u128) -> GameId {
        GameId(uuid::Uuid::from_u128(n))
    }

    #[test]
    fn the_last_snapshot_put_is_the_one_kept() {
        let s = Snapshots::new(4);
        assert_eq!(s.get(id(1)), None);
        s.put(id(1), snapshot(5));
        s.put(id(1), snapshot(3));
        assert_eq!(s.get(id(1)), Some(snapshot(3)));
    }

    #[test]
    fn past_capacity_the_least_recently_used_game_is_dropped() {
        let s = Snapshots::new(2);
        s.put(id(1), snapshot(1));
        s.put(id(2), snapshot(2));
        assert!(s.get(id(1)).is_some());
        s.put(id(3), snapshot(3));
        assert_eq!(s.get(id(2)), None);
        assert!(s.get(id(1)).is_some());
        assert!(s.get(id(3)).is_some());
    }

    #[test]
    fn options_are_decoded_again_only_from_another_text() {
        let s = Snapshots::new(4);
        let two = br#"{"players":2,"include_bruce":false,"power_rule":"lowest_strength","target_score":40,"max_timeouts":3}"#;
        let decode = |text: &[u8]| serde_json::from_slice::<GameOptions>(text);
        let first = s.options(id(1), two, decode).unwrap();
        assert_eq!(first.players, 2);
        let again = s.options(id(1), two, |_| -> Result<GameOptions, ()> { Err(()) });
        assert_eq!(again, Ok(first));
        let three = String::from_utf8_lossy(two).replace(":2,", ":3,");
        let other = s.options(id(1), three.as_bytes(), decode).unwrap();
        assert_eq!(other.players, 3);
    }
}
