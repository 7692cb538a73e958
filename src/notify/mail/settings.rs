//! The mail queue (`mail_outbox`): what to mail an account, written in the transaction that
//! decides it; the mail worker (`crate::notify::mail`) renders each row in the account's language and
//! sends it. Also what the worker keeps per account (`notification_settings`: the account's
//! choices, its mail cursor, its digest's schedule, its address's health) and the one-click
//! unsubscribe tokens. Over the store's foundations; never sends anything itself.

use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::eventstore::error::{Context, Result, unexpected};
use crate::eventstore::{AccountId, GameId, Store};

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
    /// A seek of the account paired (service rules §9.10): under the `invited` setting.
    SeekMatched,
    /// A challenge to the account: under the `invited` setting.
    Challenge,
    /// An invitee declined the account's challenge: under the `invited` setting.
    ChallengeDeclined,
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
            MailKind::SeekMatched => "seek_matched",
            MailKind::Challenge => "challenge",
            MailKind::ChallengeDeclined => "challenge_declined",
        }
    }

    /// The setting (of [`SETTING_KINDS`]) that decides whether and how this mail is sent: its
    /// own, but matchmaking's mails go with the invitations.
    pub fn setting(self) -> MailKind {
        match self {
            MailKind::SeekMatched | MailKind::Challenge | MailKind::ChallengeDeclined => {
                MailKind::Invited
            }
            kind => kind,
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
    .execute(&mut *conn)
    .await
    .context("queue a mail")?;
    // Wakes the mail workers when the caller commits (one wake-up per transaction, however
    // many mails it queues): a verification link leaves at once, not at the next sweep.
    sqlx::query("SELECT pg_notify($1, '')")
        .bind(MAIL_CHANNEL)
        .execute(conn)
        .await
        .context("wake the mail workers")?;
    Ok(id)
}

/// The kinds an account chooses a channel for (`GET /v1/me/notification-settings`), in the
/// document's order.
pub const SETTING_KINDS: [MailKind; 5] = [
    MailKind::YourTurn,
    MailKind::Reminder,
    MailKind::Invited,
    MailKind::GameOver,
    MailKind::Chat,
];

impl MailKind {
    pub fn parse(s: &str) -> Option<MailKind> {
        Some(match s {
            "verify_email" => MailKind::VerifyEmail,
            "password_reset" => MailKind::PasswordReset,
            "your_turn" => MailKind::YourTurn,
            "reminder" => MailKind::Reminder,
            "invited" => MailKind::Invited,
            "game_over" => MailKind::GameOver,
            "chat" => MailKind::Chat,
            "digest" => MailKind::Digest,
            "seek_matched" => MailKind::SeekMatched,
            "challenge" => MailKind::Challenge,
            "challenge_declined" => MailKind::ChallengeDeclined,
            _ => return None,
        })
    }

    /// The mail a notification of this kind brings, if any (`game_ended` is `game_over`).
    pub fn of_notification(kind: &str) -> Option<MailKind> {
        Some(match kind {
            "your_turn" => MailKind::YourTurn,
            "reminder" => MailKind::Reminder,
            "invited" => MailKind::Invited,
            "game_ended" => MailKind::GameOver,
            "chat" => MailKind::Chat,
            "seek_matched" => MailKind::SeekMatched,
            "challenge" => MailKind::Challenge,
            "challenge_declined" => MailKind::ChallengeDeclined,
            _ => return None,
        })
    }

    /// The notification kinds pushed for this setting kind (Web Push endpoints' `kinds`).
    pub fn notification_kinds(self) -> &'static [&'static str] {
        match self {
            MailKind::YourTurn => &["your_turn"],
            MailKind::Reminder => &["reminder"],
            MailKind::Invited => &[
                "invited",
                "seek_matched",
                "challenge",
                "challenge_declined",
                "tournament_round",
            ],
            MailKind::GameOver => &["game_ended"],
            MailKind::Chat => &["chat"],
            _ => &[],
        }
    }
}

/// An account's notification settings as stored (defaults when it never changed them).
#[derive(Debug, Clone, PartialEq)]
pub struct StoredSettings {
    /// `{"<kind>": {"email": "immediately"|"digest"|"off", "push": bool}}` for every kind of
    /// [`SETTING_KINDS`] (checked by the API before it is stored).
    pub kinds: Value,
    pub digest_hour: i16,
    pub time_zone: String,
    pub email_failing_since: Option<DateTime<Utc>>,
}

impl StoredSettings {
    /// The email channel chosen for `kind` (`off` when the document lacks it).
    pub fn email(&self, kind: MailKind) -> &str {
        self.kinds[kind.setting().as_str()]["email"]
            .as_str()
            .unwrap_or("off")
    }

    /// Whether mail of `kind` is sent at all: a digest when some kind is mailed as one, any
    /// other kind unless its email is `off`.
    pub fn mails(&self, kind: MailKind) -> bool {
        match kind {
            MailKind::Digest => SETTING_KINDS.iter().any(|&k| self.email(k) == "digest"),
            kind => self.email(kind) != "off",
        }
    }

    /// The notification kinds Web Push delivers under these settings.
    pub fn pushed(&self) -> Vec<String> {
        SETTING_KINDS
            .iter()
            .filter(|k| self.kinds[k.as_str()]["push"].as_bool() == Some(true))
            .flat_map(|k| k.notification_kinds().iter().map(|n| n.to_string()))
            .collect()
    }
}

/// The settings of an account that never changed them (the column defaults).
pub fn default_settings() -> StoredSettings {
    StoredSettings {
        kinds: serde_json::json!({
            "your_turn": {"email": "immediately", "push": true},
            "reminder": {"email": "immediately", "push": true},
            "invited": {"email": "immediately", "push": true},
            "game_over": {"email": "off", "push": false},
            "chat": {"email": "off", "push": false},
        }),
        digest_hour: 8,
        time_zone: "UTC".into(),
        email_failing_since: None,
    }
}

type SettingsRow = (Value, i16, String, Option<DateTime<Utc>>);

fn settings_of(row: Option<SettingsRow>) -> StoredSettings {
    match row {
        Some((kinds, digest_hour, time_zone, email_failing_since)) => StoredSettings {
            kinds,
            digest_hour,
            time_zone,
            email_failing_since,
        },
        None => default_settings(),
    }
}

const SETTINGS_COLUMNS: &str = "kinds, digest_hour, time_zone, email_failing_since";

/// The account's notification settings (the defaults when it never set any).
pub async fn notification_settings(store: &Store, account: AccountId) -> Result<StoredSettings> {
    let row: Option<SettingsRow> = sqlx::query_as(&format!(
        "SELECT {SETTINGS_COLUMNS} FROM notification_settings WHERE account_id = $1"
    ))
    .bind(account.0)
    .fetch_optional(&store.pool)
    .await
    .context("read notification settings")?;
    Ok(settings_of(row))
}

/// Replaces the account's settings (`email_failing_since` is the worker's, kept), with
/// its next digest at its digest hour (none when `digest` is false: no kind is mailed as a
/// digest), never on the local day of the last one, and sets the kinds of its Web Push
/// subscriptions to those it now wants pushed. `None` when the account is gone.
pub async fn put_notification_settings(
    store: &Store,
    account: AccountId,
    settings: &StoredSettings,
    digest: bool,
) -> Result<Option<StoredSettings>> {
    let mut tx = store.pool.begin().await.context("begin put settings")?;
    // The account first, then the row: Citus cannot plan an `INSERT … SELECT` from the
    // accounts reference table with parameters in its `ON CONFLICT`.
    let live: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM accounts WHERE id = $1 AND deleted_at IS NULL)",
    )
    .bind(account.0)
    .fetch_one(&mut *tx)
    .await
    .context("read the account")?;
    if !live {
        return Ok(None);
    }
    let last: Option<DateTime<Utc>> = sqlx::query_scalar(
        "SELECT last_digest_at FROM notification_settings WHERE account_id = $1 FOR UPDATE",
    )
    .bind(account.0)
    .fetch_optional(&mut *tx)
    .await
    .context("read the last digest")?
    .flatten();
    let next_digest = digest
        .then(|| next_digest(settings.digest_hour, &settings.time_zone, Utc::now(), last))
        .flatten();
    let row: Option<SettingsRow> = sqlx::query_as(&format!(
        "INSERT INTO notification_settings \
             (account_id, kinds, digest_hour, time_zone, next_digest_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, now()) \
         ON CONFLICT (account_id) DO UPDATE SET kinds = EXCLUDED.kinds, \
             digest_hour = EXCLUDED.digest_hour, time_zone = EXCLUDED.time_zone, \
             next_digest_at = EXCLUDED.next_digest_at, updated_at = EXCLUDED.updated_at \
         RETURNING {SETTINGS_COLUMNS}"
    ))
    .bind(account.0)
    .bind(&settings.kinds)
    .bind(settings.digest_hour)
    .bind(&settings.time_zone)
    .bind(next_digest)
    .fetch_optional(&mut *tx)
    .await
    .context("store notification settings")?;
    let Some(row) = row else {
        return Ok(None);
    };
    let stored = settings_of(Some(row));
    sqlx::query(
        "UPDATE webhook_endpoints SET kinds = $2 \
         WHERE account_id = $1 AND channel = 'web_push' AND kinds <> $2",
    )
    .bind(account.0)
    .bind(stored.pushed())
    .execute(&mut *tx)
    .await
    .context("set the pushed kinds")?;
    tx.commit().await.context("commit put settings")?;
    Ok(Some(stored))
}

/// Turns the email of `kind` off for the account (one-click unsubscribe); `Digest` turns
/// off every kind mailed as a digest. `false` when the account is gone.
pub async fn unsubscribe(store: &Store, account: AccountId, kind: MailKind) -> Result<bool> {
    let mut tx = store.pool.begin().await.context("begin unsubscribe")?;
    let current: Option<(Value, bool)> = sqlx::query_as(
        "SELECT coalesce(s.kinds, d.kinds), s.account_id IS NOT NULL \
         FROM accounts a \
         CROSS JOIN (SELECT $2::jsonb AS kinds) d \
         LEFT JOIN notification_settings s ON s.account_id = a.id \
         WHERE a.id = $1 AND a.deleted_at IS NULL",
    )
    .bind(account.0)
    .bind(&default_settings().kinds)
    .fetch_optional(&mut *tx)
    .await
    .context("read settings to unsubscribe")?;
    let Some((mut kinds, _)) = current else {
        return Ok(false);
    };
    for k in SETTING_KINDS {
        let email = kinds[k.as_str()]["email"].as_str().unwrap_or("off");
        let off = match kind {
            MailKind::Digest => email == "digest",
            other => other == k,
        };
        if off {
            kinds[k.as_str()]["email"] = Value::from("off");
        }
    }
    let any_digest = SETTING_KINDS
        .iter()
        .any(|k| kinds[k.as_str()]["email"].as_str() == Some("digest"));
    sqlx::query(
        "INSERT INTO notification_settings (account_id, kinds, updated_at) \
         VALUES ($1, $2, now()) \
         ON CONFLICT (account_id) DO UPDATE SET kinds = $2, updated_at = EXCLUDED.updated_at, \
             next_digest_at = CASE WHEN $3 THEN notification_settings.next_digest_at END",
    )
    .bind(account.0)
    .bind(&kinds)
    .bind(any_digest)
    .execute(&mut *tx)
    .await
    .context("unsubscribe")?;
    tx.commit().await.context("commit unsubscribe")?;
    Ok(true)
}

/// The notification kinds Web Push delivers to the account now (a new subscription's).
pub async fn pushed_kinds(store: &Store, account: AccountId) -> Result<Vec<String>> {
    Ok(notification_settings(store, account).await?.pushed())
}

// ---- The mail worker's queue work (`crate::notify::mail`): feeding, claiming, recording ----

/// Accounts with a verified address and notifications not yet looked at for mail.
pub async fn accounts_to_feed(pool: &PgPool, limit: i64) -> Result<Vec<AccountId>> {
    let ids: Vec<Uuid> = sqlx::query_scalar(
        "SELECT c.account_id FROM notification_counters c \
         JOIN accounts a ON a.id = c.account_id \
         LEFT JOIN notification_settings s ON s.account_id = c.account_id \
         WHERE a.email_verified AND a.deleted_at IS NULL \
           AND c.last_id > coalesce(s.mail_cursor, 0) \
         LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await
    .context("find accounts to mail")?;
    Ok(ids.into_iter().map(AccountId).collect())
}

/// Turns the account's notifications after its mail cursor into queued mail, as its settings
/// say (`immediately` only: the digest lists games itself), and advances the cursor, in one
/// transaction (one shard on Citus): each notification is looked at exactly once, whatever
/// the number of processes and crashes. Notifications older than `fresh_for` are passed over
/// (an address verified today does not receive last month's turns). Returns the mails queued.
pub async fn feed_account(pool: &PgPool, account: AccountId, fresh_for: Duration) -> Result<usize> {
    // An account with no verified address is not mailed: nothing to write for it.
    let verified: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM accounts WHERE id = $1 AND email_verified \
             AND deleted_at IS NULL)",
    )
    .bind(account.0)
    .fetch_one(pool)
    .await
    .context("read whether an address is verified")?;
    if !verified {
        return Ok(0);
    }
    let mut tx = pool.begin().await.context("begin feed mail")?;
    sqlx::query(
        "INSERT INTO notification_settings (account_id) VALUES ($1) ON CONFLICT DO NOTHING",
    )
    .bind(account.0)
    .execute(&mut *tx)
    .await
    .context("create notification settings")?;
    let (kinds, cursor): (Value, i64) = sqlx::query_as(
        "SELECT kinds, mail_cursor FROM notification_settings WHERE account_id = $1 FOR UPDATE",
    )
    .bind(account.0)
    .fetch_one(&mut *tx)
    .await
    .context("lock the mail cursor")?;
    let email: Option<String> = sqlx::query_scalar(
        "SELECT email FROM accounts WHERE id = $1 AND email_verified AND deleted_at IS NULL",
    )
    .bind(account.0)
    .fetch_optional(&mut *tx)
    .await
    .context("read the account's address")?
    .flatten();
    let rows: Vec<(i64, String, Option<Uuid>, Value, bool)> = sqlx::query_as(
        "SELECT id, kind, game_id, payload, created_at > now() - make_interval(secs => $3) \
         FROM notifications WHERE account_id = $1 AND id > $2 ORDER BY id LIMIT 500",
    )
    .bind(account.0)
    .bind(cursor)
    .bind(fresh_for.as_secs_f64())
    .fetch_all(&mut *tx)
    .await
    .context("read notifications to mail")?;
    let Some(last) = rows.last().map(|r| r.0) else {
        return Ok(0);
    };
    let mut queued = 0;
    if let Some(to) = email {
        for (id, kind, game, payload, fresh) in &rows {
            let Some(mail) = MailKind::of_notification(kind) else {
                continue;
            };
            if crate::eventstore::NotificationKind::from_db(kind)
                .is_ok_and(|k| crate::eventstore::outbox::is_continuation(k, payload))
            {
                // The player's own move goes on: no news to mail.
                continue;
            }
            if !fresh || kinds[mail.setting().as_str()]["email"].as_str() != Some("immediately") {
                continue;
            }
            let payload = serde_json::json!({ "notification": id, "details": payload });
            enqueue(&mut tx, account, mail, &to, game.map(GameId), &payload).await?;
            queued += 1;
        }
    }
    sqlx::query("UPDATE notification_settings SET mail_cursor = $2 WHERE account_id = $1")
        .bind(account.0)
        .bind(last)
        .execute(&mut *tx)
        .await
        .context("advance the mail cursor")?;
    // Each mail queued woke the workers, on this commit.
    tx.commit().await.context("commit feed mail")?;
    Ok(queued)
}

/// The channel that wakes the mail workers when mail is queued.
pub const MAIL_CHANNEL: &str = "mail";

/// A queued mail, claimed for one attempt.
#[derive(Debug, Clone)]
pub struct ClaimedMail {
    pub account: AccountId,
    pub id: Uuid,
    pub kind: MailKind,
    pub game: Option<GameId>,
    pub to: String,
    pub payload: Value,
    /// Attempts before this one.
    pub attempts: i32,
    pub created_at: DateTime<Utc>,
    /// The lease this attempt holds: its result is recorded only while it still does.
    pub lease: Uuid,
}

/// Claims up to `limit` due mails for `lease`: no other process attempts them until the lease
/// ends or is recorded. The due rows are read first (across every account's shard on Citus),
/// then each is taken by a statement on its account's row alone, locked `FOR UPDATE SKIP
/// LOCKED` and checked again: a row another process took in between is passed over. One
/// account's shard per statement, so the same on one PostgreSQL and on Citus.
pub async fn claim(pool: &PgPool, limit: i64, lease: Duration) -> Result<Vec<ClaimedMail>> {
    let token = Uuid::new_v4();
    let due: Vec<(Uuid, Uuid)> = sqlx::query_as(
        "SELECT account_id, id FROM mail_outbox \
         WHERE state = 'pending' AND run_at <= now() \
           AND (leased_until IS NULL OR leased_until < now()) \
         ORDER BY run_at LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await
    .context("find due mail")?;
    type Row = (String, Option<Uuid>, String, Value, i32, DateTime<Utc>);
    let mut claimed = Vec::with_capacity(due.len());
    for (account, id) in due {
        let row: Option<Row> = sqlx::query_as(
            "WITH due AS ( \
                 SELECT account_id, id FROM mail_outbox \
                 WHERE account_id = $1 AND id = $2 AND state = 'pending' AND run_at <= now() \
                   AND (leased_until IS NULL OR leased_until < now()) \
                 FOR UPDATE SKIP LOCKED) \
             UPDATE mail_outbox m SET lease_token = $3, \
                 leased_until = now() + make_interval(secs => $4) \
             FROM due WHERE m.account_id = $1 AND m.id = due.id \
             RETURNING m.kind, m.game_id, m.to_address, m.payload, m.attempts, m.created_at",
        )
        .bind(account)
        .bind(id)
        .bind(token)
        .bind(lease.as_secs_f64())
        .fetch_optional(pool)
        .await
        .context("claim mail")?;
        let Some((kind, game, to, payload, attempts, created_at)) = row else {
            continue;
        };
        claimed.push(ClaimedMail {
            account: AccountId(account),
            id,
            kind: MailKind::parse(&kind)
                .ok_or_else(|| unexpected(format!("unknown mail kind {kind:?}")))?,
            game: game.map(GameId),
            to,
            payload,
            attempts,
            created_at,
            lease: token,
        });
    }
    Ok(claimed)
}

/// When the next pending mail falls due, if any.
pub async fn next_due(pool: &PgPool) -> Result<Option<DateTime<Utc>>> {
    sqlx::query_scalar(
        "SELECT min(greatest(run_at, coalesce(leased_until, run_at))) FROM mail_outbox \
         WHERE state = 'pending'",
    )
    .fetch_one(pool)
    .await
    .context("read the next mail due")
}

/// Gives leases back (a stopping process): their mails are attempted again at once.
pub async fn release(pool: &PgPool, leases: &[Uuid]) -> Result<()> {
    if leases.is_empty() {
        return Ok(());
    }
    sqlx::query(
        "UPDATE mail_outbox SET lease_token = NULL, leased_until = NULL \
         WHERE state = 'pending' AND lease_token = ANY($1)",
    )
    .bind(leases)
    .execute(pool)
    .await
    .context("give mail leases back")?;
    Ok(())
}

/// What the account is now, as a mail to it is about to be sent.
#[derive(Debug, Clone)]
pub struct Recipient {
    pub username: String,
    /// The address, when it is verified.
    pub verified_email: Option<String>,
    pub language: String,
    pub on_vacation: bool,
    pub deleted: bool,
    /// The IANA time zone its mails show times in (its settings', UTC by default).
    pub time_zone: String,
}

pub async fn recipient(pool: &PgPool, account: AccountId) -> Result<Option<Recipient>> {
    let row: Option<(String, Option<String>, String, bool, bool)> = sqlx::query_as(
        "SELECT username, CASE WHEN email_verified THEN email END, language, \
             coalesce(vacation_until > now(), false), deleted_at IS NOT NULL \
         FROM accounts WHERE id = $1",
    )
    .bind(account.0)
    .fetch_optional(pool)
    .await
    .context("read a mail's recipient")?;
    let Some((username, verified_email, language, on_vacation, deleted)) = row else {
        return Ok(None);
    };
    // Read apart: the settings are on the account's shard, the accounts a reference table.
    let time_zone: Option<String> =
        sqlx::query_scalar("SELECT time_zone FROM notification_settings WHERE account_id = $1")
            .bind(account.0)
            .fetch_optional(pool)
            .await
            .context("read a mail recipient's time zone")?;
    Ok(Some(Recipient {
        username,
        verified_email,
        language,
        on_vacation,
        deleted,
        time_zone: time_zone.unwrap_or_else(|| "UTC".into()),
    }))
}

/// A game as a mail names it: the other players, and whether (and until when) it awaits the
/// account.
#[derive(Debug, Clone)]
pub struct GameForMail {
    pub id: GameId,
    /// The other seats' usernames (a bot as the game's log names it, `mcts bot`), in seat order.
    pub opponents: Vec<String>,
    pub awaits_account: bool,
    /// When the awaited decision times out (clocked games).
    pub deadline: Option<DateTime<Utc>>,
    /// Finished or abandoned: nothing is left to play in it.
    pub over: bool,
}

pub async fn game_for_mail(
    pool: &PgPool,
    game: GameId,
    account: AccountId,
) -> Result<Option<GameForMail>> {
    let head: Option<(Option<i16>, String, Option<DateTime<Utc>>)> = sqlx::query_as(
        "SELECT awaiting_seat, status, CASE WHEN due_kind = 'clock' THEN due_at END \
         FROM games WHERE id = $1",
    )
    .bind(game.0)
    .fetch_optional(pool)
    .await
    .context("read a game for mail")?;
    let Some((awaiting, status, deadline)) = head else {
        return Ok(None);
    };
    let seats: Vec<(i16, Option<Uuid>, Option<String>)> = sqlx::query_as(
        "SELECT s.seat, s.account_id, coalesce(a.username, s.bot || ' bot') \
         FROM game_seats s LEFT JOIN accounts a ON a.id = s.account_id \
         WHERE s.game_id = $1 ORDER BY s.seat",
    )
    .bind(game.0)
    .fetch_all(pool)
    .await
    .context("read a game's players for mail")?;
    let mine = seats.iter().find(|s| s.1 == Some(account.0)).map(|s| s.0);
    Ok(Some(GameForMail {
        id: game,
        opponents: seats
            .iter()
            .filter(|s| s.1 != Some(account.0))
            .filter_map(|s| s.2.clone())
            .collect(),
        awaits_account: status == "active" && mine.is_some() && awaiting == mine,
        deadline,
        over: status == "finished" || status == "abandoned",
    }))
}

/// Whether `seat` has decided anything in the game since `version` (its own action, a bot's
/// move or a time-out taken for it): a turn's or a reminder's mail written at `version` is then
/// about a decision already taken, even when the seat is awaited again.
pub async fn acted_since(pool: &PgPool, game: GameId, seat: i16, version: i64) -> Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM game_events WHERE game_id = $1 AND seq > $2 AND seat = $3)",
    )
    .bind(game.0)
    .bind(version)
    .bind(seat)
    .fetch_one(pool)
    .await
    .context("read whether a seat acted")
}

/// When the account was last at the table: `None` when it never opened a stream lately,
/// a time in the future while one is open (its lease's end).
pub async fn streams_seen_until(
    pool: &PgPool,
    account: AccountId,
) -> Result<Option<DateTime<Utc>>> {
    sqlx::query_scalar("SELECT max(lease_until) FROM open_streams WHERE account_id = $1")
        .bind(account.0)
        .fetch_one(pool)
        .await
        .context("read an account's streams")
}

/// How an attempt ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The server accepted it.
    Sent,
    /// Not to be sent (the address unverified, a vacation, the turn already taken, ...).
    Dropped,
    /// Not yet: looked at again at this time (no attempt counted).
    Deferred(DateTime<Utc>),
    /// Refused or unreachable, tried again at this time.
    Retry(DateTime<Utc>),
    /// Given up: a permanent refusal, or the retry window has passed.
    Failed,
}

/// Records an attempt's outcome, unless its lease was lost (`false`: another process owns the
/// mail now). A success clears the account's failing address; a failure marks the first one
/// since, and a mail given up shows it as `email_failing_since`.
pub async fn record(pool: &PgPool, mail: &ClaimedMail, outcome: &Outcome) -> Result<bool> {
    let mut tx = pool.begin().await.context("begin record mail")?;
    let (state, run_at, counted): (&str, Option<DateTime<Utc>>, i32) = match outcome {
        Outcome::Sent => ("sent", None, 1),
        Outcome::Dropped => ("dropped", None, 0),
        Outcome::Deferred(at) => ("pending", Some(*at), 0),
        Outcome::Retry(at) => ("pending", Some(*at), 1),
        Outcome::Failed => ("failed", None, 1),
    };
    // Transactional payloads hold raw tokens: not kept once the mail is out of the queue.
    let done = sqlx::query(
        "UPDATE mail_outbox SET state = $4, attempts = attempts + $5, \
             run_at = coalesce($6, run_at), lease_token = NULL, leased_until = NULL, \
             finished_at = $7, \
             payload = CASE WHEN $4 <> 'pending' AND kind IN ('verify_email', 'password_reset') \
                 THEN '{}'::jsonb ELSE payload END \
         WHERE account_id = $1 AND id = $2 AND lease_token = $3",
    )
    .bind(mail.account.0)
    .bind(mail.id)
    .bind(mail.lease)
    .bind(state)
    .bind(counted)
    .bind(run_at)
    // Bound, not `now()` in a CASE: Citus refuses non-immutable functions there.
    .bind((state != "pending").then(Utc::now))
    .execute(&mut *tx)
    .await
    .context("record a mail attempt")?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    let settings = match outcome {
        Outcome::Sent => Some(
            "UPDATE notification_settings SET mail_failing_from = NULL, \
                 email_failing_since = NULL \
             WHERE account_id = $1 \
               AND (mail_failing_from IS NOT NULL OR email_failing_since IS NOT NULL)",
        ),
        Outcome::Retry(_) => Some(
            "INSERT INTO notification_settings (account_id, mail_failing_from) VALUES ($1, now()) \
             ON CONFLICT (account_id) DO UPDATE SET mail_failing_from = \
                 coalesce(notification_settings.mail_failing_from, EXCLUDED.mail_failing_from)",
        ),
        Outcome::Failed => Some(
            "INSERT INTO notification_settings \
                 (account_id, mail_failing_from, email_failing_since) VALUES ($1, now(), now()) \
             ON CONFLICT (account_id) DO UPDATE SET \
                 mail_failing_from = coalesce(notification_settings.mail_failing_from, \
                     EXCLUDED.mail_failing_from), \
                 email_failing_since = coalesce(notification_settings.email_failing_since, \
                     notification_settings.mail_failing_from, EXCLUDED.email_failing_since)",
        ),
        Outcome::Dropped | Outcome::Deferred(_) => None,
    };
    if let Some(sql) = settings {
        sqlx::query(sql)
            .bind(mail.account.0)
            .execute(&mut *tx)
            .await
            .context("record the address's health")?;
    }
    tx.commit().await.context("commit record mail")?;
    Ok(true)
}

// ---- The digest ----

/// A game awaiting the account, for its digest.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct AwaitingGame {
    pub game: Uuid,
    pub deadline: Option<DateTime<Utc>>,
    pub opponents: Vec<String>,
}

/// One account whose digest is due, claimed (its settings row locked) in `tx`.
pub struct DueDigest {
    pub account: AccountId,
    pub digest_hour: i16,
    pub time_zone: String,
}

/// Accounts whose digest is due, oldest first, up to `limit` (read without locking: each is
/// then taken by [`claim_digest`]).
pub async fn digests_due(pool: &PgPool, limit: i64) -> Result<Vec<AccountId>> {
    let ids: Vec<Uuid> = sqlx::query_scalar(
        "SELECT account_id FROM notification_settings WHERE next_digest_at <= now() \
         ORDER BY next_digest_at LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await
    .context("find due digests")?;
    Ok(ids.into_iter().map(AccountId).collect())
}

/// Takes the account's digest if it is still due (`FOR UPDATE SKIP LOCKED`: another process
/// holding it, or having done it, leaves `None`), in `tx`: one account's shard.
pub async fn claim_digest(
    conn: &mut PgConnection,
    account: AccountId,
) -> Result<Option<DueDigest>> {
    let row: Option<(Uuid, i16, String)> = sqlx::query_as(
        "SELECT account_id, digest_hour, time_zone FROM notification_settings \
         WHERE account_id = $1 AND next_digest_at <= now() FOR UPDATE SKIP LOCKED",
    )
    .bind(account.0)
    .fetch_optional(conn)
    .await
    .context("claim a digest")?;
    Ok(row.map(|(account, digest_hour, time_zone)| DueDigest {
        account: AccountId(account),
        digest_hour,
        time_zone,
    }))
}

/// Every game awaiting the account, nearest deadline first (unclocked ones last).
pub async fn awaiting_games(pool: &PgPool, account: AccountId) -> Result<Vec<AwaitingGame>> {
    let mut conn = pool.acquire().await.context("acquire a connection")?;
    let games: Vec<(Uuid, Option<DateTime<Utc>>)> = sqlx::query_as(
        "SELECT g.id, CASE WHEN g.due_kind = 'clock' THEN g.due_at END AS deadline \
         FROM game_seats s JOIN games g ON g.id = s.game_id AND g.awaiting_seat = s.seat \
         WHERE s.account_id = $1 AND g.status = 'active' \
         ORDER BY deadline NULLS LAST, g.updated_at, g.id",
    )
    .bind(account.0)
    .fetch_all(&mut *conn)
    .await
    .context("list the games awaiting an account")?;
    let mut out = Vec::with_capacity(games.len());
    for (game, deadline) in games {
        let opponents: Vec<String> = sqlx::query_scalar(
            "SELECT coalesce(a.username, s.bot || ' bot') \
             FROM game_seats s LEFT JOIN accounts a ON a.id = s.account_id \
             WHERE s.game_id = $1 AND s.account_id IS DISTINCT FROM $2 ORDER BY s.seat",
        )
        .bind(game)
        .bind(account.0)
        .fetch_all(&mut *conn)
        .await
        .context("read a game's players for a digest")?;
        out.push(AwaitingGame {
            game,
            deadline,
            opponents,
        });
    }
    Ok(out)
}

/// The verified address of an account not on vacation, if it has one.
pub async fn digest_address(conn: &mut PgConnection, account: AccountId) -> Result<Option<String>> {
    Ok(sqlx::query_scalar(
        "SELECT email FROM accounts WHERE id = $1 AND email_verified AND deleted_at IS NULL \
           AND NOT coalesce(vacation_until > now(), false)",
    )
    .bind(account.0)
    .fetch_optional(conn)
    .await
    .context("read a digest's address")?
    .flatten())
}

/// Sets when the account's next digest is due, and, when one was queued now (`sent`), when
/// that was.
pub async fn schedule_digest(
    conn: &mut PgConnection,
    account: AccountId,
    at: Option<DateTime<Utc>>,
    sent: Option<DateTime<Utc>>,
) -> Result<()> {
    sqlx::query(
        "UPDATE notification_settings SET next_digest_at = $2, \
             last_digest_at = coalesce($3, last_digest_at) WHERE account_id = $1",
    )
    .bind(account.0)
    .bind(at)
    .bind(sent)
    .execute(conn)
    .await
    .context("schedule a digest")?;
    Ok(())
}

// ---- One-click unsubscribe tokens ----

/// The `server_keys` row of the key that signs unsubscribe tokens.
const UNSUBSCRIBE_KEY_NAME: &str = "unsubscribe_hmac_sha256";

/// The key that signs unsubscribe tokens: generated once into `server_keys` by whichever
/// process needs it first, then the same for every process.
pub async fn unsubscribe_key(pool: &PgPool) -> Result<Vec<u8>> {
    let mut fresh = [0u8; 32];
    rand::fill(&mut fresh);
    sqlx::query(
        "INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
    )
    .bind(UNSUBSCRIBE_KEY_NAME)
    .bind(&fresh[..])
    .execute(pool)
    .await
    .context("store the unsubscribe key")?;
    sqlx::query_scalar("SELECT value FROM server_keys WHERE name = $1")
        .bind(UNSUBSCRIBE_KEY_NAME)
        .fetch_one(pool)
        .await
        .context("read the unsubscribe key")
}

/// `base64url(account (16 bytes) ‖ kind ‖ HMAC-SHA256(key, account ‖ kind)[..16])`: names the
/// account and the kind, and only the server can make one.
pub fn unsubscribe_token(key: &[u8], account: AccountId, kind: MailKind) -> String {
    use base64::Engine;
    let mut bytes = account.0.as_bytes().to_vec();
    bytes.extend_from_slice(kind.as_str().as_bytes());
    let tag = aws_lc_rs::hmac::sign(
        &aws_lc_rs::hmac::Key::new(aws_lc_rs::hmac::HMAC_SHA256, key),
        &bytes,
    );
    bytes.extend_from_slice(&tag.as_ref()[..16]);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// The account and kind a token names, when the server made it.
pub fn check_unsubscribe_token(key: &[u8], token: &str) -> Option<(AccountId, MailKind)> {
    use base64::Engine;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(token)
        .ok()?;
    if bytes.len() < 16 + 16 + 1 {
        return None;
    }
    let (signed, tag) = bytes.split_at(bytes.len() - 16);
    let key = aws_lc_rs::hmac::Key::new(aws_lc_rs::hmac::HMAC_SHA256, key);
    let full = aws_lc_rs::hmac::sign(&key, signed);
    // Constant time: a guessed tag learns nothing from how long the comparison took.
    aws_lc_rs::constant_time::verify_slices_are_equal(&full.as_ref()[..16], tag).ok()?;
    let account = Uuid::from_slice(&signed[..16]).ok()?;
    let kind = MailKind::parse(std::str::from_utf8(&signed[16..]).ok()?)?;
    (!kind.is_transactional()).then_some((AccountId(account), kind))
}

/// The first `hour`:00 in `time_zone` after `now` (UTC when the zone is unknown), in UTC.
pub fn next_digest(
    hour: i16,
    time_zone: &str,
    now: DateTime<Utc>,
    last: Option<DateTime<Utc>>,
) -> Option<DateTime<Utc>> {
    let tz: chrono_tz::Tz = time_zone.parse().unwrap_or(chrono_tz::UTC);
    let local = now.with_timezone(&tz).date_naive();
    // At most one a day: never on the local day of the last one (in today's time zone).
    let last_day = last.map(|l| l.with_timezone(&tz).date_naive());
    let hour = u32::try_from(hour).ok()?.min(23);
    (0..=3).find_map(|days| {
        let day = local + chrono::Days::new(days);
        if last_day.is_some_and(|l| day <= l) {
            return None;
        }
        let at = day.and_hms_opt(hour, 0, 0)?;
        // A missing hour (a clock going forward) is taken an hour later.
        let at = tz
            .from_local_datetime(&at)
            .earliest()
            .or_else(|| {
                tz.from_local_datetime(&(at + chrono::Duration::hours(1)))
                    .earliest()
            })?
            .with_timezone(&Utc);
        (at > now).then_some(at)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_digest_is_the_next_digest_hour_in_the_accounts_time_zone() {
        let now = Utc.with_ymd_and_hms(2026, 7, 1, 10, 0, 0).unwrap();
        // 08:00 in Paris (UTC+2 in July) is 06:00 UTC: today's has passed, tomorrow's next.
        assert_eq!(
            next_digest(8, "Europe/Paris", now, None),
            Some(Utc.with_ymd_and_hms(2026, 7, 2, 6, 0, 0).unwrap())
        );
        assert_eq!(
            next_digest(11, "UTC", now, None),
            Some(Utc.with_ymd_and_hms(2026, 7, 1, 11, 0, 0).unwrap())
        );
    }

    #[test]
    fn a_digest_is_at_most_one_a_local_day_whatever_the_hour_or_zone_becomes() {
        // Today's went out at 08:00 UTC; moved to 20:00, the next is tomorrow's.
        let sent = Utc.with_ymd_and_hms(2026, 7, 1, 8, 0, 0).unwrap();
        let now = Utc.with_ymd_and_hms(2026, 7, 1, 10, 0, 0).unwrap();
        assert_eq!(
            next_digest(20, "UTC", now, Some(sent)),
            Some(Utc.with_ymd_and_hms(2026, 7, 2, 20, 0, 0).unwrap())
        );
        // 04:00 in Kathmandu (22:15 UTC) went out; 04:00 in Kolkata is a quarter of an hour
        // later, on the same local day: the next is the day after.
        let sent = Utc.with_ymd_and_hms(2026, 12, 1, 22, 15, 0).unwrap();
        let now = Utc.with_ymd_and_hms(2026, 12, 1, 22, 16, 0).unwrap();
        assert_eq!(
            next_digest(4, "Asia/Kolkata", now, Some(sent)),
            Some(Utc.with_ymd_and_hms(2026, 12, 2, 22, 30, 0).unwrap())
        );
        // Yesterday's does not hold today's back.
        let sent = Utc.with_ymd_and_hms(2026, 6, 30, 8, 0, 0).unwrap();
        let now = Utc.with_ymd_and_hms(2026, 7, 1, 10, 0, 0).unwrap();
        assert_eq!(
            next_digest(11, "UTC", now, Some(sent)),
            Some(Utc.with_ymd_and_hms(2026, 7, 1, 11, 0, 0).unwrap())
        );
    }
}
