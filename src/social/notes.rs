//! Private notes: one text per game and seated player (`game_notes`, colocated with `games` on
//! Citus), read and written by that player alone. Never part of the event stream, so never in
//! a record, a view, an export or a notification. Over the lobby's summaries (who is seated).

use chrono::{DateTime, Utc};

use crate::api::text;
use crate::eventstore::error::{Context, Result, StoreError};
use crate::eventstore::{AccountId, GameId, Store};

/// The longest note, in characters (Unicode scalar values).
pub const MAX_NOTE_CHARS: usize = 4000;

/// A player's note on a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub text: String,
    /// When it was last written; `None` for a note never written.
    pub updated_at: Option<DateTime<Utc>>,
}

/// Whether `text` may be kept as a note: 0 to 4000 characters, lines (separated by line
/// feeds, with tabs inside) each as a chat line's: no other control or format character but
/// those emoji are made of. Empty clears the note.
pub fn valid_note_text(text: &str) -> bool {
    text.chars().count() <= MAX_NOTE_CHARS && text.split(['\n', '\t']).all(text::is_one_line)
}

/// The caller's seat check, as chat's: a private game it may not see is `NotFound`, a
/// spectator `NotSeated`.
async fn check_seated(store: &Store, account: AccountId, game: GameId) -> Result<()> {
    let summary = crate::tables::lobby::summary(store, game).await?;
    if !summary.visible_to(account) {
        return Err(StoreError::NotFound);
    }
    summary
        .seat_of(account)
        .map(|_| ())
        .ok_or(StoreError::NotSeated)
}

/// The caller's note on `game` (empty, never written, when it has none).
pub async fn note(store: &Store, account: AccountId, game: GameId) -> Result<Note> {
    check_seated(store, account, game).await?;
    let row: Option<(String, DateTime<Utc>)> = sqlx::query_as(
        "SELECT text, updated_at FROM game_notes WHERE game_id = $1 AND account_id = $2",
    )
    .bind(game.0)
    .bind(account.0)
    .fetch_optional(&store.pool)
    .await
    .context("read a note")?;
    Ok(match row {
        Some((text, updated_at)) => Note {
            text,
            updated_at: Some(updated_at),
        },
        None => Note {
            text: String::new(),
            updated_at: None,
        },
    })
}

/// Replaces the caller's note on `game` with `text` (already checked by [`valid_note_text`]).
pub async fn put_note(store: &Store, account: AccountId, game: GameId, text: &str) -> Result<Note> {
    check_seated(store, account, game).await?;
    let updated_at: DateTime<Utc> = sqlx::query_scalar(
        // The time comes with the row: Citus refuses a function in `DO UPDATE SET`.
        "INSERT INTO game_notes (game_id, account_id, text, updated_at) \
         VALUES ($1, $2, $3, now()) \
         ON CONFLICT (game_id, account_id) \
         DO UPDATE SET text = EXCLUDED.text, updated_at = EXCLUDED.updated_at \
         RETURNING updated_at",
    )
    .bind(game.0)
    .bind(account.0)
    .bind(text)
    .fetch_one(&store.pool)
    .await
    .context("write a note")?;
    Ok(Note {
        text: text.to_string(),
        updated_at: Some(updated_at),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_holds_lines_and_tabs_up_to_4000_characters_and_no_other_control() {
        assert!(valid_note_text(""));
        assert!(valid_note_text("Moray holds two.\n\tBruce: 5"));
        assert!(valid_note_text(&"é".repeat(MAX_NOTE_CHARS)));
        assert!(!valid_note_text(&"é".repeat(MAX_NOTE_CHARS + 1)));
        assert!(!valid_note_text("a\u{0}b"));
        assert!(!valid_note_text("a\rb"));
        assert!(!valid_note_text("a\u{202e}b"));
    }
}
