//! Invitations to a game and rematches, in `game_invitations` (keyed by
//! `game_id`, co-located with `games`). A code invitation stores only the SHA-256 of its code;
//! a username invitation names its invitee and reserves a seat when a rematch made it, until it
//! expires or its invitee declines it. The caps (pending invitations by username per game,
//! invitations per account per hour in `invitation_budgets`) are counted in the invitation's
//! transaction, so they hold across server processes.
//! Depends on the engine's types only, never on the API or `auth`.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::eventstore::error::{Context, Result, StoreError};
use crate::eventstore::outbox::NotificationKind;
use crate::eventstore::read_model::{
    GameStatus, GameSummary, fetch_summary, insert_bot, insert_game, lock_row,
};
use crate::eventstore::{AccountId, GameId, Store, seat_from_db};
use rules::{GameOptions, Seat};

/// Random bytes in an invitation code (256 bits; base64url, 43 characters).
const CODE_BYTES: usize = 32;
/// Longer strings are not codes this server issued; they skip the database.
const CODE_MAX_LEN: usize = 64;
/// How long a rematch's invitations stay usable: 7 days.
pub const REMATCH_INVITATION_TTL_S: i64 = 7 * 24 * 3600;

/// What a seated player asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewInvitation {
    /// How many joins the code allows (1 for a username invitation).
    pub uses: i32,
    /// Seconds until it expires.
    pub expires_in_s: i64,
    /// Invite this account (by username, ignoring case) instead of issuing a code.
    pub username: Option<String>,
}

/// What an account may invite: pending invitations by username per game, invitations created
/// per hour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvitationCaps {
    /// Live invitations by username one game may have at once (each is a notification).
    pub pending_per_game: u32,
    /// Invitations (codes and usernames) one account may create within an hour.
    pub per_hour: u32,
}

/// How long the hourly cap looks back.
const CAP_WINDOW: chrono::TimeDelta = chrono::TimeDelta::hours(1);

/// A stored invitation; `code` only when just created as a code invitation (never stored).
#[derive(Debug, Clone)]
pub struct CreatedInvitation {
    pub id: Uuid,
    pub game_id: GameId,
    pub code: Option<String>,
    pub invitee: Option<String>,
    pub uses: i32,
    pub expires_at: DateTime<Utc>,
}

/// A username invitation as its invitee lists it.
#[derive(Debug, Clone)]
pub struct ReceivedInvitation {
    pub id: Uuid,
    pub game: GameSummary,
    pub inviter: String,
    pub seat: Option<Seat>,
    pub expires_at: DateTime<Utc>,
}

/// A live invitation found for a join.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LiveInvitation {
    pub id: Uuid,
    pub seat: Option<Seat>,
}

fn code_hash(code: &str) -> [u8; 32] {
    Sha256::digest(code.as_bytes()).into()
}

fn generate_code() -> (String, [u8; 32]) {
    let mut bytes = [0u8; CODE_BYTES];
    rand::fill(&mut bytes);
    let code = URL_SAFE_NO_PAD.encode(bytes);
    let digest = code_hash(&code);
    (code, digest)
}

/// An invitation to the caller: id, game, inviter's username, reserved seat, expiry.
type ReceivedRow = (Uuid, Uuid, String, Option<i16>, DateTime<Utc>);

const LIVE: &str = "uses_left > 0 AND expires_at > now()";

fn live(row: Option<(Uuid, Option<i16>)>) -> Result<Option<LiveInvitation>> {
    row.map(|(id, seat)| {
        Ok(LiveInvitation {
            id,
            seat: seat.map(seat_from_db).transpose()?,
        })
    })
    .transpose()
}

/// The live code invitation of `code` for the game, locked until the end of the transaction.
pub(crate) async fn live_by_code(
    conn: &mut PgConnection,
    game: GameId,
    code: &str,
) -> Result<Option<LiveInvitation>> {
    if code.is_empty() || code.len() > CODE_MAX_LEN {
        return Ok(None);
    }
    let row: Option<(Uuid, Option<i16>)> = sqlx::query_as(&format!(
        "SELECT id, seat FROM game_invitations \
         WHERE game_id = $1 AND code_hash = $2 AND {LIVE} FOR UPDATE"
    ))
    .bind(game.0)
    .bind(&code_hash(code)[..])
    .fetch_optional(conn)
    .await
    .context("find an invitation by code")?;
    live(row)
}

/// The account's live username invitation to the game (the earliest), locked.
pub(crate) async fn live_for_account(
    conn: &mut PgConnection,
    game: GameId,
    account: AccountId,
) -> Result<Option<LiveInvitation>> {
    let row: Option<(Uuid, Option<i16>)> = sqlx::query_as(&format!(
        "SELECT id, seat FROM game_invitations \
         WHERE game_id = $1 AND invitee_id = $2 AND {LIVE} \
         ORDER BY created_at LIMIT 1 FOR UPDATE"
    ))
    .bind(game.0)
    .bind(account.0)
    .fetch_optional(conn)
    .await
    .context("find an invitation by account")?;
    live(row)
}

/// The seats live invitations (but `except`) reserve.
pub(crate) async fn reserved_seats(
    conn: &mut PgConnection,
    game: GameId,
    except: Option<Uuid>,
) -> Result<Vec<Seat>> {
    let rows: Vec<(i16,)> = sqlx::query_as(&format!(
        "SELECT seat FROM game_invitations \
         WHERE game_id = $1 AND seat IS NOT NULL AND {LIVE} \
           AND ($2::uuid IS NULL OR id <> $2)"
    ))
    .bind(game.0)
    .bind(except)
    .fetch_all(conn)
    .await
    .context("read reserved seats")?;
    rows.into_iter().map(|(s,)| seat_from_db(s)).collect()
}

/// One use of the invitation is spent.
pub(crate) async fn spend(conn: &mut PgConnection, game: GameId, id: Uuid) -> Result<()> {
    sqlx::query(
        "UPDATE game_invitations SET uses_left = uses_left - 1 WHERE game_id = $1 AND id = $2",
    )
    .bind(game.0)
    .bind(id)
    .execute(conn)
    .await
    .context("spend an invitation")?;
    Ok(())
}

#[allow(clippy::too_many_arguments)]
async fn insert(
    conn: &mut PgConnection,
    game: GameId,
    code_hash: Option<[u8; 32]>,
    inviter: AccountId,
    invitee: Option<AccountId>,
    seat: Option<Seat>,
    uses: i32,
    expires_in_s: i64,
) -> Result<(Uuid, DateTime<Utc>)> {
    let id = Uuid::now_v7();
    let (expires_at,): (DateTime<Utc>,) = sqlx::query_as(
        "INSERT INTO game_invitations \
             (game_id, id, code_hash, inviter_id, invitee_id, seat, uses_left, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() + $8::bigint * interval '1 second') \
         RETURNING expires_at",
    )
    .bind(game.0)
    .bind(id)
    .bind(code_hash.as_ref().map(|h| &h[..]))
    .bind(inviter.0)
    .bind(invitee.map(|a| a.0))
    .bind(seat.map(|s| i16::from(s.0)))
    .bind(uses)
    .bind(expires_in_s)
    .fetch_one(&mut *conn)
    .await
    .context("store an invitation")?;
    // The invitee is told, in the same transaction.
    if let Some(invitee) = invitee {
        let payload = serde_json::json!({
            "invitation_id": id,
            "inviter_id": inviter.0,
            "seat": seat.map(|s| s.0),
            "expires_at": expires_at,
        });
        let invited = crate::eventstore::outbox::ToWrite {
            bots: false,
            kind: NotificationKind::Invited,
            game: Some(game),
            payload,
            source: None,
            created_at: None,
        };
        crate::eventstore::outbox::write_for_account(conn, invitee, &[invited]).await?;
    }
    Ok((id, expires_at))
}

/// A live account by username, ignoring case (deleted accounts are nobody), with its username
/// as written at sign-up.
async fn account_named(
    conn: &mut PgConnection,
    username: &str,
) -> Result<Option<(AccountId, String)>> {
    let row: Option<(Uuid, String)> = sqlx::query_as(
        "SELECT id, username FROM accounts \
         WHERE lower(username) = lower($1) AND deleted_at IS NULL",
    )
    .bind(username)
    .fetch_optional(conn)
    .await
    .context("find an invitee")?;
    Ok(row.map(|(id, name)| (AccountId(id), name)))
}

/// The account's pending (live) invitation by username to the game, if it has one: its id and
/// expiry.
async fn pending_for(
    conn: &mut PgConnection,
    game: GameId,
    invitee: AccountId,
) -> Result<Option<(Uuid, DateTime<Utc>)>> {
    sqlx::query_as(&format!(
        "SELECT id, expires_at FROM game_invitations \
         WHERE game_id = $1 AND invitee_id = $2 AND {LIVE} ORDER BY created_at LIMIT 1"
    ))
    .bind(game.0)
    .bind(invitee.0)
    .fetch_optional(conn)
    .await
    .context("find a pending invitation")
}

/// How many invitations by username to the game are pending (live).
async fn pending_count(conn: &mut PgConnection, game: GameId) -> Result<i64> {
    sqlx::query_scalar(&format!(
        "SELECT count(*) FROM game_invitations \
         WHERE game_id = $1 AND invitee_id IS NOT NULL AND {LIVE}"
    ))
    .bind(game.0)
    .fetch_one(conn)
    .await
    .context("count pending invitations")
}

/// Spends one of the `per_hour` invitations `inviter` may create within an hour, or refuses
/// with `TooManyInvitations` and the wait until the oldest of them is an hour old. The
/// account's row is locked until the end of the transaction, so its concurrent invitations
/// (from any server process) are counted one after the other; a transaction that rolls back
/// spends nothing.
async fn spend_hourly(conn: &mut PgConnection, inviter: AccountId, per_hour: u32) -> Result<()> {
    sqlx::query(
        "INSERT INTO invitation_budgets (account_id, sent_at) VALUES ($1, '{}') \
         ON CONFLICT (account_id) DO NOTHING",
    )
    .bind(inviter.0)
    .execute(&mut *conn)
    .await
    .context("start an invitation budget")?;
    let (sent, now): (Vec<DateTime<Utc>>, DateTime<Utc>) = sqlx::query_as(
        "SELECT sent_at, now() FROM invitation_budgets WHERE account_id = $1 FOR UPDATE",
    )
    .bind(inviter.0)
    .fetch_one(&mut *conn)
    .await
    .context("lock an invitation budget")?;
    let mut recent: Vec<DateTime<Utc>> =
        sent.into_iter().filter(|t| *t > now - CAP_WINDOW).collect();
    recent.sort();
    let cap = per_hour as usize;
    if recent.len() >= cap {
        let back_at = recent[recent.len() - cap] + CAP_WINDOW;
        return Err(StoreError::TooManyInvitations {
            per_hour,
            retry_after: (back_at - now)
                .to_std()
                .unwrap_or_default()
                .max(std::time::Duration::from_secs(1)),
        });
    }
    recent.push(now);
    sqlx::query("UPDATE invitation_budgets SET sent_at = $2 WHERE account_id = $1")
        .bind(inviter.0)
        .bind(&recent)
        .execute(conn)
        .await
        .context("spend an invitation")?;
    Ok(())
}

/// The game's summary when `account` may see it: a private game the account is not seated in
/// is `NotFound`, as if it did not exist.
fn visible(summary: GameSummary, account: AccountId) -> Result<GameSummary> {
    if summary.visible_to(account) {
        Ok(summary)
    } else {
        Err(StoreError::NotFound)
    }
}

/// What [`rematch_in`] found or made.
pub(crate) enum Rematch {
    /// A player asked for it before: the rematch as it is.
    Existing(Box<GameSummary>),
    /// Made now, open: its id, its options and how many of its seats are taken (the requester's
    /// and the bots').
    Created {
        id: GameId,
        options: GameOptions,
        seated: usize,
    },
}

/// A rematch of a finished game, asked for by one of its players, in the caller's transaction:
/// a new open game with the same options and visibility, linked both ways. Seats rotate by one
/// (old seat `s` becomes `s + 1` mod players): the requester is seated, each bot keeps its level
/// in its rotated seat, every other (undeleted) player is invited by username with their
/// rotated seat reserved. The second request (by anyone) finds the same game. Starting a
/// rematch whose every seat is taken is the caller's (the lobby's).
pub(crate) async fn rematch_in(
    conn: &mut PgConnection,
    old: GameId,
    requester: AccountId,
) -> Result<Rematch> {
    let row = lock_row(&mut *conn, old).await?;
    let summary = visible(fetch_summary(&mut *conn, old).await?, requester)?;
    let Some(mine) = summary.seat_of(requester) else {
        return Err(StoreError::NotSeated);
    };
    if row.status()? != GameStatus::Finished {
        return Err(StoreError::NotFinished);
    }
    if let Some(new) = summary.rematched_by {
        return Ok(Rematch::Existing(Box::new(
            fetch_summary(&mut *conn, new).await?,
        )));
    }
    let players = summary.options.players;
    let rotated = |s: Seat| Seat((s.0 + 1) % players);
    let new = GameId(Uuid::now_v7());
    insert_game(
        &mut *conn,
        new,
        summary.options,
        requester,
        summary.visibility,
        Some(old),
        rotated(mine),
        summary.rated,
    )
    .await?;
    let mut seated = 1;
    for (seat, level) in summary
        .seats
        .iter()
        .filter_map(|s| s.bot.map(|level| (s.seat, level)))
    {
        insert_bot(&mut *conn, new, rotated(seat), level).await?;
        seated += 1;
    }
    crate::eventstore::game_counts::add(
        &mut *conn,
        requester,
        crate::eventstore::game_counts::Counts::seat(seated > 1),
    )
    .await?;
    let live: Vec<(Uuid,)> =
        sqlx::query_as("SELECT id FROM accounts WHERE id = ANY($1) AND deleted_at IS NULL")
            .bind(
                summary
                    .seats
                    .iter()
                    .filter(|s| s.bot.is_none())
                    .map(|s| s.account_id.0)
                    .collect::<Vec<_>>(),
            )
            .fetch_all(&mut *conn)
            .await
            .context("read the rematch's players")?;
    for other in summary
        .seats
        .iter()
        .filter(|s| s.bot.is_none() && s.account_id != requester)
    {
        if !live.iter().any(|(id,)| *id == other.account_id.0) {
            continue;
        }
        insert(
            &mut *conn,
            new,
            None,
            requester,
            Some(other.account_id),
            Some(rotated(other.seat)),
            1,
            REMATCH_INVITATION_TTL_S,
        )
        .await?;
    }
    sqlx::query("UPDATE games SET rematched_by = $2 WHERE id = $1")
        .bind(old.0)
        .bind(new.0)
        .execute(&mut *conn)
        .await
        .context("link the rematch")?;
    Ok(Rematch::Created {
        id: new,
        options: summary.options,
        seated,
    })
}

/// A seated player invites: a code usable `uses` times, or one account by username.
/// The game must be open; an unknown username, or one already seated, is `InvalidInvitee`.
/// An account invited again while its invitation is pending gets that invitation back,
/// unchanged and not told twice (the flag is `false`); otherwise a game has at most
/// `caps.pending_per_game` pending invitations by username (`TooManyPendingInvitations`) and
/// the inviter creates at most `caps.per_hour` invitations an hour (`TooManyInvitations`).
/// Whether the caller may see the game is decided before anything else.
pub async fn create_invitation(
    store: &Store,
    game: GameId,
    inviter: AccountId,
    new: &NewInvitation,
    caps: InvitationCaps,
) -> Result<(CreatedInvitation, bool)> {
    let mut tx = store.pool.begin().await.context("begin invite")?;
    let row = lock_row(&mut tx, game).await?;
    let summary = visible(fetch_summary(&mut tx, game).await?, inviter)?;
    if !summary.is_seated(inviter) {
        return Err(StoreError::NotSeated);
    }
    if row.status()? != GameStatus::Open {
        return Err(StoreError::NotOpen);
    }
    let created = match &new.username {
        Some(name) => {
            let (invitee, name) = account_named(&mut tx, name)
                .await?
                .filter(|(a, _)| !summary.is_seated(*a))
                .ok_or(StoreError::InvalidInvitee)?;
            if let Some((id, expires_at)) = pending_for(&mut tx, game, invitee).await? {
                tx.commit().await.context("commit invite")?;
                let pending = CreatedInvitation {
                    id,
                    game_id: game,
                    code: None,
                    invitee: Some(name),
                    uses: 1,
                    expires_at,
                };
                return Ok((pending, false));
            }
            let max = caps.pending_per_game;
            if pending_count(&mut tx, game).await? >= i64::from(max) {
                return Err(StoreError::TooManyPendingInvitations { max });
            }
            spend_hourly(&mut tx, inviter, caps.per_hour).await?;
            let (id, expires_at) = insert(
                &mut tx,
                game,
                None,
                inviter,
                Some(invitee),
                None,
                1,
                new.expires_in_s,
            )
            .await?;
            CreatedInvitation {
                id,
                game_id: game,
                code: None,
                invitee: Some(name),
                uses: 1,
                expires_at,
            }
        }
        None => {
            spend_hourly(&mut tx, inviter, caps.per_hour).await?;
            let (code, digest) = generate_code();
            let (id, expires_at) = insert(
                &mut tx,
                game,
                Some(digest),
                inviter,
                None,
                None,
                new.uses,
                new.expires_in_s,
            )
            .await?;
            CreatedInvitation {
                id,
                game_id: game,
                code: Some(code),
                invitee: None,
                uses: new.uses,
                expires_at,
            }
        }
    };
    tx.commit().await.context("commit invite")?;
    Ok((created, true))
}

/// The invitee declines its invitation by username: it is used up (`declined_at` set), so
/// the seat it reserved is free again (a bot may take it). Declining again, or an
/// invitation already used or expired, changes nothing. `InvitationNotFound` unless the
/// invitation is the account's.
pub async fn decline_invitation(store: &Store, account: AccountId, id: Uuid) -> Result<()> {
    let mut tx = store.pool.begin().await.context("begin decline")?;
    // Found by id across games (a read of every shard under Citus), then changed on its
    // game's shard only.
    let game: Option<Uuid> = sqlx::query_scalar(
        "SELECT game_id FROM game_invitations WHERE id = $1 AND invitee_id = $2",
    )
    .bind(id)
    .bind(account.0)
    .fetch_optional(&mut *tx)
    .await
    .context("find an invitation to decline")?;
    let game = game.ok_or(StoreError::InvitationNotFound)?;
    sqlx::query(&format!(
        "UPDATE game_invitations SET uses_left = 0, declined_at = now() \
         WHERE game_id = $1 AND id = $2 AND {LIVE}"
    ))
    .bind(game)
    .bind(id)
    .execute(&mut *tx)
    .await
    .context("decline an invitation")?;
    tx.commit().await.context("commit decline")?;
    Ok(())
}

/// The account's live username invitations to open games it is not seated in, soonest
/// expiry first.
pub async fn invitations_for(store: &Store, account: AccountId) -> Result<Vec<ReceivedInvitation>> {
    let mut conn = store.pool.acquire().await.context("acquire")?;
    let rows: Vec<ReceivedRow> = sqlx::query_as(
        "SELECT i.id, i.game_id, a.username, i.seat, i.expires_at \
         FROM game_invitations i \
         JOIN games g ON g.id = i.game_id \
         JOIN accounts a ON a.id = i.inviter_id \
         WHERE i.invitee_id = $1 AND i.uses_left > 0 AND i.expires_at > now() \
           AND g.status = 'open' \
           AND NOT EXISTS (SELECT 1 FROM game_seats s \
                           WHERE s.game_id = i.game_id AND s.account_id = $1) \
         ORDER BY i.expires_at, i.id LIMIT 100",
    )
    .bind(account.0)
    .fetch_all(&mut *conn)
    .await
    .context("list invitations")?;
    let mut out = Vec::with_capacity(rows.len());
    for (id, game_id, inviter, seat, expires_at) in rows {
        out.push(ReceivedInvitation {
            id,
            game: fetch_summary(&mut conn, GameId(game_id)).await?,
            inviter,
            seat: seat.map(seat_from_db).transpose()?,
            expires_at,
        });
    }
    Ok(out)
}

/// Whether the username invitation `id` to `game` still awaits `invitee`: neither used,
/// declined nor expired, its game still open and the invitee not seated in it. A mail about
/// an invitation that no longer awaits anything is not sent.
pub async fn invitation_pending(
    pool: &PgPool,
    game: GameId,
    id: Uuid,
    invitee: AccountId,
) -> Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM game_invitations i JOIN games g ON g.id = i.game_id \
         WHERE i.game_id = $1 AND i.id = $2 AND i.invitee_id = $3 \
           AND i.uses_left > 0 AND i.expires_at > now() AND i.declined_at IS NULL \
           AND g.status = 'open' \
           AND NOT EXISTS (SELECT 1 FROM game_seats s \
                           WHERE s.game_id = i.game_id AND s.account_id = $3))",
    )
    .bind(game.0)
    .bind(id)
    .bind(invitee.0)
    .fetch_one(pool)
    .await
    .context("read whether an invitation is pending")
}

/// The open games the account sits in (for account deletion: their seats are released).
pub async fn open_games_of(store: &Store, account: AccountId) -> Result<Vec<GameId>> {
    crate::tables::listing::games_of(store, account, GameStatus::Open).await
}
