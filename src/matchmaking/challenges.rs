//! Challenges (service rules §9.10): a game asked of 1 to 4 named accounts, people or bot
//! accounts, who accept or decline it. When every one has accepted, the game is created with
//! the challenger and them seated in random order (dealt at once when they fill it); when one
//! declines, the challenge ends and the challenger is told why. A challenge lasts 7 days.

use chrono::{DateTime, Utc};
use rand::Rng;
use rand::seq::SliceRandom;
use serde_json::json;
use sqlx::PgConnection;
use sqlx::types::Json;
use uuid::Uuid;

use crate::eventstore::error::{Context, Result, StoreError};
use crate::eventstore::outbox::{NotificationKind, ToWrite, write_for_account};
use crate::eventstore::{AccountId, GameId, Store};
use crate::matchmaking::seeks;
use crate::social;
use crate::tables::lobby;
use rules::GameOptions;

/// Open challenges one account may have made at once.
pub const MAX_OPEN_CHALLENGES: u32 = 20;
/// Challenges one account may make within 24 hours.
pub const MAX_CHALLENGES_PER_DAY: u32 = 60;
/// How long a challenge waits for its answers.
pub const CHALLENGE_DAYS: i64 = 7;
/// Accounts one challenge may name.
pub const MAX_CHALLENGED: usize = 4;

/// The advisory lock under which one account's challenges are counted and one added.
const ACCOUNT_LOCK: i64 = 7107;

/// Why an invitee declined (lichess's reasons).
pub const DECLINE_REASONS: [&str; 7] = [
    "generic", "later", "too_fast", "too_slow", "rated", "casual", "not_bots",
];

/// What a challenge asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct NewChallenge {
    /// The usernames challenged (ignoring case).
    pub to: Vec<String>,
    pub options: GameOptions,
    pub rated: bool,
}

/// One account challenged, and its answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Invitee {
    pub username: String,
    pub bot_account: bool,
    /// `accepted` or `declined`; `None` while it has not answered.
    pub answer: Option<String>,
    /// Why it declined.
    pub reason: Option<String>,
}

/// A challenge as its challenger and its invitees see it.
#[derive(Debug, Clone, PartialEq)]
pub struct Challenge {
    pub id: Uuid,
    pub challenger: String,
    pub challenger_bot_account: bool,
    pub to: Vec<Invitee>,
    pub options: GameOptions,
    pub rated: bool,
    /// `open`, `accepted`, `declined`, `cancelled` or `expired`.
    pub state: String,
    /// The game it became, once every invitee accepted.
    pub game: Option<GameId>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// The challenges of one account: made to it, and made by it.
#[derive(Debug, Clone, Default)]
pub struct Challenges {
    pub incoming: Vec<Challenge>,
    pub outgoing: Vec<Challenge>,
}

/// A challenge's columns (`c`, its challenger `a`): an open one past its time reads `expired`,
/// and one whose challenger or an invitee was deleted since, `cancelled`.
const COLUMNS: &str = "c.id, a.username, a.bot_account, c.options, c.rated, \
     CASE WHEN c.state <> 'open' THEN c.state \
          WHEN c.expires_at <= now() THEN 'expired' \
          WHEN a.deleted_at IS NOT NULL OR EXISTS ( \
              SELECT 1 FROM challenge_invitees d JOIN accounts x ON x.id = d.account_id \
              WHERE d.challenge_id = c.id AND x.deleted_at IS NOT NULL) THEN 'cancelled' \
          ELSE 'open' END, \
     c.game_id, c.created_at, c.expires_at \
     FROM challenges c JOIN accounts a ON a.id = c.challenger_id";

type ChallengeRow = (
    Uuid,
    String,
    bool,
    Json<GameOptions>,
    bool,
    String,
    Option<Uuid>,
    DateTime<Utc>,
    DateTime<Utc>,
);

/// An invitee as read: its challenge, username, bot flag, answer and reason.
type InviteeRow = (Uuid, String, bool, Option<String>, Option<String>);

/// The challenges of `rows`, with their invitees, in the rows' order.
async fn with_invitees(conn: &mut PgConnection, rows: Vec<ChallengeRow>) -> Result<Vec<Challenge>> {
    let ids: Vec<Uuid> = rows.iter().map(|r| r.0).collect();
    let invitees: Vec<InviteeRow> = sqlx::query_as(
        "SELECT i.challenge_id, a.username, a.bot_account, i.answer, i.reason \
         FROM challenge_invitees i JOIN accounts a ON a.id = i.account_id \
         WHERE i.challenge_id = ANY ($1) ORDER BY i.challenge_id, i.position",
    )
    .bind(&ids)
    .fetch_all(conn)
    .await
    .context("read challenges' invitees")?;
    Ok(rows
        .into_iter()
        .map(
            |(id, challenger, bot, options, rated, state, game, at, until)| Challenge {
                id,
                challenger,
                challenger_bot_account: bot,
                to: invitees
                    .iter()
                    .filter(|i| i.0 == id)
                    .map(|i| Invitee {
                        username: i.1.clone(),
                        bot_account: i.2,
                        answer: i.3.clone(),
                        reason: i.4.clone(),
                    })
                    .collect(),
                options: options.0,
                rated,
                state,
                game: game.map(GameId),
                created_at: at,
                expires_at: until,
            },
        )
        .collect())
}

async fn read_in(conn: &mut PgConnection, id: Uuid) -> Result<Challenge> {
    let rows: Vec<ChallengeRow> = sqlx::query_as(&format!("SELECT {COLUMNS} WHERE c.id = $1"))
        .bind(id)
        .fetch_all(&mut *conn)
        .await
        .context("read a challenge")?;
    with_invitees(conn, rows)
        .await?
        .pop()
        .ok_or(StoreError::ChallengeNotFound)
}

/// Makes a challenge from `challenger` and tells each account challenged (`challenge`).
/// Refused when `to` is empty, too long, repeats a name or names the challenger; when a name
/// is nobody's (`PlayerNotFound`); when one of them muted the challenger (`ChallengeRefused`,
/// and nobody is told); and past the caps on open challenges and challenges a day.
pub async fn create(store: &Store, challenger: AccountId, new: NewChallenge) -> Result<Challenge> {
    let options = lobby::validated(new.options)?;
    if new.to.is_empty() || new.to.len() > MAX_CHALLENGED {
        return Err(StoreError::InvalidChallenge(format!(
            "to names 1 to {MAX_CHALLENGED} usernames, not {}",
            new.to.len()
        )));
    }
    let lower: Vec<String> = new.to.iter().map(|n| n.to_lowercase()).collect();
    if (1..lower.len()).any(|i| lower[..i].contains(&lower[i])) {
        return Err(StoreError::InvalidChallenge(
            "to names each username once".into(),
        ));
    }
    if usize::from(options.players) < lower.len() + 1 {
        return Err(StoreError::InvalidChallenge(format!(
            "a game of {} players has no seat for the challenger and {} others",
            options.players,
            lower.len()
        )));
    }
    let mut tx = seeks::begin(store).await?;
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1::text, $2))")
        .bind(challenger.0)
        .bind(ACCOUNT_LOCK)
        .execute(&mut *tx)
        .await
        .context("lock an account's challenges")?;
    let found: Vec<(Uuid, String)> = sqlx::query_as(
        "SELECT id, lower(username) FROM accounts \
         WHERE lower(username) = ANY ($1) AND deleted_at IS NULL",
    )
    .bind(&lower)
    .fetch_all(&mut *tx)
    .await
    .context("find the accounts challenged")?;
    let mut invitees = Vec::with_capacity(lower.len());
    for name in &lower {
        let (id, _) = found
            .iter()
            .find(|(_, n)| n == name)
            .ok_or(StoreError::PlayerNotFound)?;
        if *id == challenger.0 {
            return Err(StoreError::InvalidChallenge(
                "you cannot challenge yourself".into(),
            ));
        }
        invitees.push(*id);
    }
    let muted_by = social::chat::muted_by(&mut tx, &invitees, challenger).await?;
    if let Some(name) = muted_by {
        return Err(StoreError::ChallengeRefused(name));
    }
    let (open, today, first_today): (i64, i64, Option<DateTime<Utc>>) = sqlx::query_as(
        "SELECT count(*) FILTER (WHERE state = 'open' AND expires_at > now()), \
                count(*) FILTER (WHERE created_at > now() - interval '24 hours'), \
                min(created_at) FILTER (WHERE created_at > now() - interval '24 hours') \
         FROM challenges WHERE challenger_id = $1",
    )
    .bind(challenger.0)
    .fetch_one(&mut *tx)
    .await
    .context("count an account's challenges")?;
    if open >= i64::from(MAX_OPEN_CHALLENGES) {
        return Err(StoreError::TooManyChallenges {
            max: MAX_OPEN_CHALLENGES,
        });
    }
    if today >= i64::from(MAX_CHALLENGES_PER_DAY) {
        let free_at = first_today.unwrap_or_else(Utc::now) + chrono::Duration::hours(24);
        let retry_after = (free_at - Utc::now()).to_std().unwrap_or_default();
        return Err(StoreError::TooManyChallengesToday {
            per_day: MAX_CHALLENGES_PER_DAY,
            retry_after: retry_after.max(std::time::Duration::from_secs(1)),
        });
    }
    let id = Uuid::now_v7();
    sqlx::query(
        "INSERT INTO challenges (id, challenger_id, options, rated, expires_at) \
         VALUES ($1, $2, $3, $4, now() + make_interval(days => $5))",
    )
    .bind(id)
    .bind(challenger.0)
    .bind(Json(options))
    .bind(new.rated)
    .bind(CHALLENGE_DAYS as i32)
    .execute(&mut *tx)
    .await
    .context("store a challenge")?;
    sqlx::query(
        "INSERT INTO challenge_invitees (challenge_id, account_id, position) \
         SELECT $1, account_id, position::smallint \
         FROM unnest($2::uuid[]) WITH ORDINALITY AS t (account_id, position)",
    )
    .bind(id)
    .bind(&invitees)
    .execute(&mut *tx)
    .await
    .context("store a challenge's invitees")?;
    let challenge = read_in(&mut tx, id).await?;
    let payload = json!({
        "challenge_id": id,
        "challenger": challenge.challenger,
        "players": options.players,
        "rated": new.rated,
        "turn_time_limit_s": options.turn_time_limit_s,
        "expires_at": challenge.expires_at,
    });
    for invitee in invitees {
        let told = ToWrite {
            bots: false,
            kind: NotificationKind::Challenge,
            game: None,
            payload: payload.clone(),
            source: None,
            created_at: None,
        };
        write_for_account(&mut tx, AccountId(invitee), &[told]).await?;
    }
    tx.commit().await.context("commit challenge")?;
    Ok(challenge)
}

/// The challenge `id`, when `account` made it or is challenged by it.
pub async fn get(store: &Store, account: AccountId, id: Uuid) -> Result<Challenge> {
    let mut conn = store.pool.acquire().await.context("acquire")?;
    let challenge = read_in(&mut conn, id).await?;
    if !involves(&mut conn, account, id).await? {
        return Err(StoreError::ChallengeNotFound);
    }
    Ok(challenge)
}

/// Whether the challenge `id` still awaits `invitee`'s answer: open, not past its time, and
/// neither accepted nor declined by them. A mail about a challenge that no longer awaits the
/// invitee is not sent.
pub async fn challenge_pending(pool: &sqlx::PgPool, id: Uuid, invitee: AccountId) -> Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM challenges c \
                        JOIN challenge_invitees i ON i.challenge_id = c.id \
                        WHERE c.id = $1 AND i.account_id = $2 AND i.answer IS NULL \
                          AND c.state = 'open' AND c.expires_at > now())",
    )
    .bind(id)
    .bind(invitee.0)
    .fetch_one(pool)
    .await
    .context("read whether a challenge is pending")
}

async fn involves(conn: &mut PgConnection, account: AccountId, id: Uuid) -> Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM challenges WHERE id = $1 AND challenger_id = $2) \
             OR EXISTS (SELECT 1 FROM challenge_invitees \
                        WHERE challenge_id = $1 AND account_id = $2)",
    )
    .bind(id)
    .bind(account.0)
    .fetch_one(conn)
    .await
    .context("look whom a challenge involves")
}

/// The account's challenges of the last 7 days (open or not), newest first: those made to it
/// and those it made.
pub async fn of_account(store: &Store, account: AccountId) -> Result<Challenges> {
    let mut conn = store.pool.acquire().await.context("acquire")?;
    let window = format!("c.created_at > now() - make_interval(days => {CHALLENGE_DAYS})");
    let incoming: Vec<ChallengeRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} JOIN challenge_invitees i ON i.challenge_id = c.id \
         WHERE i.account_id = $1 AND {window} ORDER BY c.created_at DESC, c.id DESC LIMIT 100"
    ))
    .bind(account.0)
    .fetch_all(&mut *conn)
    .await
    .context("list challenges to an account")?;
    let outgoing: Vec<ChallengeRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} WHERE c.challenger_id = $1 AND {window} \
         ORDER BY c.created_at DESC, c.id DESC LIMIT 100"
    ))
    .bind(account.0)
    .fetch_all(&mut *conn)
    .await
    .context("list an account's challenges")?;
    Ok(Challenges {
        incoming: with_invitees(&mut conn, incoming).await?,
        outgoing: with_invitees(&mut conn, outgoing).await?,
    })
}

/// Locks the open challenge `id` that `account` is challenged by; returns its challenger,
/// options and whether it is rated.
async fn lock_open_for_invitee(
    conn: &mut PgConnection,
    account: AccountId,
    id: Uuid,
) -> Result<(AccountId, GameOptions, bool)> {
    let row: Option<(Uuid, Json<GameOptions>, bool, String, bool)> = sqlx::query_as(
        "SELECT challenger_id, options, rated, state, expires_at <= now() \
         FROM challenges WHERE id = $1 FOR UPDATE",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
    .context("lock a challenge")?;
    let (challenger, options, rated, state, expired) = row.ok_or(StoreError::ChallengeNotFound)?;
    let invited: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM challenge_invitees \
                        WHERE challenge_id = $1 AND account_id = $2)",
    )
    .bind(id)
    .bind(account.0)
    .fetch_one(&mut *conn)
    .await
    .context("look for an invitee")?;
    if !invited {
        return Err(StoreError::ChallengeNotFound);
    }
    if state != "open" || expired {
        return Err(StoreError::ChallengeNotOpen(state_word(&state, expired)));
    }
    // A deleted account can sit nowhere: its challenges, made or received, are over.
    let gone: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM accounts WHERE deleted_at IS NOT NULL AND (id = $2 \
             OR id IN (SELECT account_id FROM challenge_invitees WHERE challenge_id = $1)))",
    )
    .bind(id)
    .bind(challenger)
    .fetch_one(&mut *conn)
    .await
    .context("look for a deleted player")?;
    if gone {
        return Err(StoreError::ChallengeNotOpen("cancelled"));
    }
    Ok((AccountId(challenger), options.0, rated))
}

fn state_word(state: &str, expired: bool) -> &'static str {
    match state {
        "accepted" => "accepted",
        "declined" => "declined",
        "cancelled" => "cancelled",
        _ if expired => "expired",
        _ => "open",
    }
}

/// `account` accepts the challenge `id`. When every invitee has, the game is created (dealt
/// when they fill it). Accepting again changes nothing. With `bot_account_max`, a bot account
/// (the one accepting, or the challenger when the game is created) that already plays that
/// many unfinished games makes it fail with `TooManyBotAccountGames`.
pub async fn accept(
    store: &Store,
    account: AccountId,
    id: Uuid,
    bot_account_max: Option<u32>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Challenge> {
    let mut tx = seeks::begin(store).await?;
    let (challenger, options, rated) = lock_open_for_invitee(&mut tx, account, id).await?;
    if let Some(max) = bot_account_max {
        lobby::check_bot_account_games(&mut tx, account, max).await?;
    }
    sqlx::query(
        "UPDATE challenge_invitees SET answer = 'accepted', answered_at = now() \
         WHERE challenge_id = $1 AND account_id = $2 AND answer IS NULL",
    )
    .bind(id)
    .bind(account.0)
    .execute(&mut *tx)
    .await
    .context("accept a challenge")?;
    let waiting: Vec<(Uuid, Option<String>)> = sqlx::query_as(
        "SELECT account_id, answer FROM challenge_invitees WHERE challenge_id = $1 \
         ORDER BY position",
    )
    .bind(id)
    .fetch_all(&mut *tx)
    .await
    .context("read a challenge's answers")?;
    let mut dealt = None;
    if waiting
        .iter()
        .all(|(_, a)| a.as_deref() == Some("accepted"))
    {
        if let Some(max) = bot_account_max {
            lobby::check_bot_account_games(&mut tx, challenger, max).await?;
        }
        let mut seats: Vec<AccountId> = std::iter::once(challenger)
            .chain(waiting.iter().map(|(a, _)| AccountId(*a)))
            .collect();
        seats.shuffle(rng);
        let (game, appended) =
            lobby::create_seated_in(store, &mut tx, &seats, options, rated, Vec::new(), rng)
                .await?;
        sqlx::query(
            "UPDATE challenges SET state = 'accepted', ended_at = now(), game_id = $2 \
             WHERE id = $1",
        )
        .bind(id)
        .bind(game.0)
        .execute(&mut *tx)
        .await
        .context("end an accepted challenge")?;
        dealt = appended.map(|a| (game, a));
    }
    let challenge = read_in(&mut tx, id).await?;
    tx.commit().await.context("commit accept")?;
    if let Some((game, dealt)) = dealt {
        store.committed(game, &dealt);
    }
    Ok(challenge)
}

/// `account` declines the challenge `id`, for `reason` (one of [`DECLINE_REASONS`]): the
/// challenge ends, and its challenger is told (`challenge_declined`).
pub async fn decline(
    store: &Store,
    account: AccountId,
    id: Uuid,
    reason: &str,
) -> Result<Challenge> {
    let mut tx = seeks::begin(store).await?;
    let (challenger, _, _) = lock_open_for_invitee(&mut tx, account, id).await?;
    sqlx::query(
        "UPDATE challenge_invitees SET answer = 'declined', reason = $3, answered_at = now() \
         WHERE challenge_id = $1 AND account_id = $2",
    )
    .bind(id)
    .bind(account.0)
    .bind(reason)
    .execute(&mut *tx)
    .await
    .context("decline a challenge")?;
    sqlx::query("UPDATE challenges SET state = 'declined', ended_at = now() WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await
        .context("end a declined challenge")?;
    let challenge = read_in(&mut tx, id).await?;
    let by = challenge
        .to
        .iter()
        .find(|i| i.answer.as_deref() == Some("declined"))
        .map(|i| i.username.clone())
        .unwrap_or_default();
    let told = ToWrite {
        bots: false,
        kind: NotificationKind::ChallengeDeclined,
        game: None,
        payload: json!({ "challenge_id": id, "by": by, "reason": reason }),
        source: None,
        created_at: None,
    };
    write_for_account(&mut tx, challenger, &[told]).await?;
    tx.commit().await.context("commit decline")?;
    Ok(challenge)
}

/// The challenger cancels its open challenge `id`.
pub async fn cancel(store: &Store, account: AccountId, id: Uuid) -> Result<()> {
    let mut tx = seeks::begin(store).await?;
    let row: Option<(String, bool)> = sqlx::query_as(
        "SELECT state, expires_at <= now() FROM challenges \
         WHERE id = $1 AND challenger_id = $2 FOR UPDATE",
    )
    .bind(id)
    .bind(account.0)
    .fetch_optional(&mut *tx)
    .await
    .context("lock a challenge to cancel")?;
    let (state, expired) = row.ok_or(StoreError::ChallengeNotFound)?;
    if state != "open" || expired {
        return Err(StoreError::ChallengeNotOpen(state_word(&state, expired)));
    }
    sqlx::query("UPDATE challenges SET state = 'cancelled', ended_at = now() WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await
        .context("cancel a challenge")?;
    tx.commit().await.context("commit cancel challenge")?;
    Ok(())
}
