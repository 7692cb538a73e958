//! The mail queue (`mail_outbox`): what to mail an account, written in the transaction that
//! decides it; the mail worker (`crate::mailer`) renders each row in the account's language and
//! sends it. Over the store's foundations; never sends anything itself.

use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use super::error::{Context, Result};
use super::{AccountId, GameId};

/// What a queued mail is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MailKind {
    /// A link that verifies the address it is sent to (transactional: sent to an unverified
    /// address, no unsubscribe link).
    VerifyEmail,
    /// A link that sets a new password (transactional).
    PasswordReset,
    YourTurn,
    Reminder,
    Invited,
    GameOver,
    Chat,
    /// The daily list of the games awaiting the account.
    Digest,
}

impl MailKind {
    pub fn as_str(self) -> &'static str {
        match self {
            MailKind::VerifyEmail => "verify_email",
            MailKind::PasswordReset => "password_reset",
            MailKind::YourTurn => "your_turn",
            MailKind::Reminder => "reminder",
            MailKind::Invited => "invited",
            MailKind::GameOver => "game_over",
            MailKind::Chat => "chat",
            MailKind::Digest => "digest",
        }
    }

    /// Sent whatever the account's settings and state say (its own request asked for it).
    pub fn is_transactional(self) -> bool {
        matches!(self, MailKind::VerifyEmail | MailKind::PasswordReset)
    }
}

/// Queues a mail to `to` in the caller's transaction: it is sent once that commits, never for
/// a rolled-back one. Returns the mail's id (its Message-ID's local part).
pub async fn enqueue(
    conn: &mut PgConnection,
    account: AccountId,
    kind: MailKind,
    to: &str,
    game: Option<GameId>,
    payload: &Value,
) -> Result<Uuid> {
    let id = Uuid::new_v4();
    sqlx::query(
        "INSERT INTO mail_outbox (account_id, id, kind, game_id, to_address, payload) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(account.0)
    .bind(id)
    .bind(kind.as_str())
    .bind(game.map(|g| g.0))
    .bind(to)
    .bind(payload)
    .execute(conn)
    .await
    .context("queue a mail")?;
    Ok(id)
}
