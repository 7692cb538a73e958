//! Notifications: what an append tells each seated account (`your_turn`, `game_started`,
//! `game_ended`, `timed_out`), which the append writes to the game's outbox (`fanout.rs` copies
//! it to the accounts); how one account's notifications are written, numbered, queued for
//! delivery and announced (`pg_notify('notifications', …)`); and how they are read back in id
//! order for streams. Depends on the engine's state only; no delivery is attempted here.

use std::collections::HashSet;
use std::sync::Mutex;

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Value, json};
use sqlx::PgConnection;
use tokio::sync::Notify;
use uuid::Uuid;

use crate::eventstore::error::{Context, Result, has_sqlstate, unexpected};
use crate::eventstore::{AccountId, GameId, Store};
use rules::{Game, Seat, Status};

/// The notification channel: payload `<account_id>:<id>`.
pub const NOTIFICATIONS_CHANNEL: &str = "notifications";

/// What a notification says.
// `Invited` is written by an invitation by username (`invitations.rs`), `TimedOut` by the
// deadline worker (`clock.rs`), `Challenge` and `ChallengeDeclined` by matchmaking
// (`challenges.rs`), the others by appends (`append::append_in`), `SeekMatched` at a
// pairing's deal, `TournamentRound` at a tournament game's deal (a bye's, and
// `TournamentEnded`, by the tournament's worker).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NotificationKind {
    YourTurn,
    GameStarted,
    GameEnded,
    Invited,
    TimedOut,
    /// A clocked decision's time is running out (the deadline worker, once per decision).
    Reminder,
    /// A seated opponent is on vacation: the clocks of their decisions stop.
    Vacation,
    /// A line said at the table by another player (service rules §9.8).
    Chat,
    /// A seek of the account paired: the game it sits at (service rules §9.10).
    SeekMatched,
    /// A challenge to the account (service rules §9.10); about no game yet.
    Challenge,
    /// An invitee declined the account's challenge, and why.
    ChallengeDeclined,
    /// A round of a tournament the account plays began: its game, or a bye (service rules
    /// §9.11).
    TournamentRound,
    /// A tournament the account played ended: its rank and points.
    TournamentEnded,
}

impl NotificationKind {
    pub fn as_str(self) -> &'static str {
        match self {
            NotificationKind::YourTurn => "your_turn",
            NotificationKind::GameStarted => "game_started",
            NotificationKind::GameEnded => "game_ended",
            NotificationKind::Invited => "invited",
            NotificationKind::TimedOut => "timed_out",
            NotificationKind::Reminder => "reminder",
            NotificationKind::Vacation => "vacation",
            NotificationKind::Chat => "chat",
            NotificationKind::SeekMatched => "seek_matched",
            NotificationKind::Challenge => "challenge",
            NotificationKind::ChallengeDeclined => "challenge_declined",
            NotificationKind::TournamentRound => "tournament_round",
            NotificationKind::TournamentEnded => "tournament_ended",
        }
    }

    pub fn from_db(s: &str) -> Result<Self> {
        Ok(match s {
            "your_turn" => NotificationKind::YourTurn,
            "game_started" => NotificationKind::GameStarted,
            "game_ended" => NotificationKind::GameEnded,
            "invited" => NotificationKind::Invited,
            "timed_out" => NotificationKind::TimedOut,
            "reminder" => NotificationKind::Reminder,
            "vacation" => NotificationKind::Vacation,
            "chat" => NotificationKind::Chat,
            "seek_matched" => NotificationKind::SeekMatched,
            "challenge" => NotificationKind::Challenge,
            "challenge_declined" => NotificationKind::ChallengeDeclined,
            "tournament_round" => NotificationKind::TournamentRound,
            "tournament_ended" => NotificationKind::TournamentEnded,
            other => return Err(unexpected(format!("unknown notification kind {other:?}"))),
        })
    }
}

/// One stored notification of an account.
#[derive(Debug, Clone, Serialize)]
pub struct Notification {
    /// Per account, strictly increasing from 1.
    pub id: i64,
    pub kind: NotificationKind,
    pub game_id: Option<GameId>,
    pub payload: Value,
    pub created_at: DateTime<Utc>,
}

/// A notification about to be written: to whoever holds `seat` in the game.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Pending {
    pub seat: Seat,
    pub kind: NotificationKind,
    pub payload: Value,
}

/// What an append from version `expected` to `version`, acted by `actor` (`None`: no seat acted,
/// e.g. the deal), tells the table once the game is `after`:
/// - the first append (the deal): `game_started` to every seat;
/// - the game over: `game_ended` to every seat with its place, score and the winners;
/// - otherwise `your_turn` to the awaited seat (one per awaited decision), unless it resigned or
///   a bot plays it, with the seat's legal actions (`actions`, so that a bot takes the decision
///   in one request) and `continuation`: whether that seat is the one that just acted (its own
///   move goes on: streams and webhooks carry it, Web Push and mail leave it out). Its
///   `deadline` (when that decision times out, `null` without a clock) is added by the append,
///   which decides it (`append::append_in`).
pub(crate) fn notifications_of(
    expected: i64,
    version: i64,
    actor: Option<Seat>,
    after: &Game,
) -> Vec<Pending> {
    let seats = (0..after.player_count()).map(|s| Seat(s as u8));
    let mut out = Vec::new();
    if expected == 0 {
        let players = after.player_count();
        out.extend(seats.clone().map(|seat| Pending {
            seat,
            kind: NotificationKind::GameStarted,
            payload: json!({ "version": version, "seat": seat.0, "players": players }),
        }));
    }
    if after.status() == Status::Finished {
        let scores = after.scores();
        let winners: Vec<Seat> = after.winners().map(<[Seat]>::to_vec).unwrap_or_default();
        let ranking = after.ranking().unwrap_or_default();
        out.extend(seats.map(|seat| {
            let won = winners.contains(&seat);
            let score = scores.get(seat.index()).copied().unwrap_or(0);
            // Winners first (RULES §7 may share a victory or break a tie), then by score,
            // resigned seats last (service rules §9.3); equal ranks share a place.
            let key = |s: Seat| {
                (
                    !winners.contains(&s),
                    after.is_resigned(s),
                    scores[s.index()],
                )
            };
            let (w, r, sc) = key(seat);
            let ahead = ranking
                .iter()
                .filter(|&&other| {
                    let (ow, or, osc) = key(other);
                    (ow, or) < (w, r) || ((ow, or) == (w, r) && osc > sc)
                })
                .count();
            Pending {
                seat,
                kind: NotificationKind::GameEnded,
                payload: json!({
                    "version": version,
                    "seat": seat.0,
                    "place": ahead + 1,
                    "score": score,
                    "scores": scores,
                    "winners": winners.iter().map(|w| w.0).collect::<Vec<_>>(),
                    "won": won,
                }),
            }
        }));
    } else if let Some(awaiting) = after.awaiting()
        && !after.is_resigned(awaiting.seat)
    {
        out.push(Pending {
            seat: awaiting.seat,
            kind: NotificationKind::YourTurn,
            payload: json!({
                "version": version,
                "seat": awaiting.seat.0,
                "decision": awaiting.decision,
                "actions": rules::legal_actions(after, awaiting.seat),
                "continuation": actor == Some(awaiting.seat),
            }),
        });
    }
    out
}

/// One notification to write to an account ([`write_for_account`]).
#[derive(Debug, Clone)]
pub(crate) struct ToWrite {
    pub kind: NotificationKind,
    /// The game it is about; `None` for one about none (a challenge's).
    pub game: Option<GameId>,
    pub payload: Value,
    /// The outbox row it is copied from (`version`, `ord`): written once, whatever the number of
    /// fan-outs. `None` for a notification written directly (an invitation's).
    pub source: Option<(i64, i16)>,
    /// When it happened: its outbox row's time (the append's transaction); `None`: now.
    pub created_at: Option<DateTime<Utc>>,
    /// A bot holds a seat of the game: a `game_ended` uncounts one of the account's games with
    /// bots too (`game_counts`).
    pub bots: bool,
}

/// What [`write_for_account`] wrote.
#[derive(Debug, Clone, Default)]
pub(crate) struct Written {
    /// Notifications written (those already written from the same outbox rows are skipped).
    pub notifications: usize,
    /// Webhook and Web Push deliveries queued for them.
    pub deliveries: u64,
    /// What was written, in id order (the ids follow each other): for this process's streams
    /// once the transaction commits (`Store::notified`).
    pub rows: Vec<Notification>,
}

/// Writes `items` as `account`'s next notifications, in the caller's transaction, which must be
/// about this account only (on Citus its shard, and the endpoints' reference tables when it has
/// some):
/// 1. the account's counter is locked (created at 0 the first time), so that ids are handed
///    out, and become visible, in commit order, gapless: a reader that has seen id n never later
///    finds a smaller one appearing;
/// 2. items copied from an outbox row already written (a fan-out done again after a crash) are
///    skipped: each is written exactly once;
/// 3. the rest are inserted, numbered after the account's others, already dispatched: their
///    webhook and Web Push deliveries are queued here, one per live endpoint of the account
///    that takes their kind;
/// 4. the account's streams (and, when deliveries were queued, the delivery workers) are woken
///    on commit: `pg_notify('notifications', '<account>:<last id>[:deliveries]')`.
pub(crate) async fn write_for_account(
    conn: &mut PgConnection,
    account: AccountId,
    items: &[ToWrite],
) -> Result<Written> {
    if items.is_empty() {
        return Ok(Written::default());
    }
    let last: i64 = sqlx::query_scalar(
        "INSERT INTO notification_counters AS c (account_id, last_id) VALUES ($1, 0) \
         ON CONFLICT (account_id) DO UPDATE SET last_id = c.last_id RETURNING last_id",
    )
    .bind(account.0)
    .fetch_one(&mut *conn)
    .await
    .context("lock a notification counter")?;
    let sourced: Vec<&ToWrite> = items.iter().filter(|i| i.source.is_some()).collect();
    let done: Vec<(Uuid, i64, i16)> = if sourced.is_empty() {
        Vec::new()
    } else {
        sqlx::query_as(
            "SELECT game_id, game_version, ord FROM notifications \
             WHERE account_id = $1 AND game_id = ANY ($2) AND game_version = ANY ($3) \
               AND game_version IS NOT NULL",
        )
        .bind(account.0)
        .bind(
            sourced
                .iter()
                .filter_map(|i| i.game.map(|g| g.0))
                .collect::<Vec<_>>(),
        )
        .bind(
            sourced
                .iter()
                .filter_map(|i| i.source.map(|(v, _)| v))
                .collect::<Vec<_>>(),
        )
        .fetch_all(&mut *conn)
        .await
        .context("read the notifications already copied")?
    };
    let mut id = last;
    let mut written = Vec::new();
    for item in items {
        if let Some((version, ord)) = item.source
            && let Some(game) = item.game
            && done.contains(&(game.0, version, ord))
        {
            continue;
        }
        id += 1;
        let created_at = insert(conn, account, id, item)
            .await
            .context("write a notification")?;
        written.push((id, item, created_at));
    }
    if written.is_empty() {
        return Ok(Written::default());
    }
    sqlx::query("UPDATE notification_counters SET last_id = $2 WHERE account_id = $1")
        .bind(account.0)
        .bind(id)
        .execute(&mut *conn)
        .await
        .context("bump a notification counter")?;
    finish(conn, account, &written).await
}

/// [`write_for_account`] when none of `items` was written yet (the usual fan-out): the
/// counter bumped by their number in the statement that locks it, then each inserted. `None`
/// when one of them was written after all (a fan-out cut short by a crash): the unique key on
/// the notification's outbox row failed the insert, and the caller rolls back and writes them
/// with [`write_for_account`].
pub(crate) async fn write_fresh(
    conn: &mut PgConnection,
    account: AccountId,
    items: &[ToWrite],
) -> Result<Option<Written>> {
    if items.is_empty() {
        return Ok(Some(Written::default()));
    }
    let last: i64 = sqlx::query_scalar(
        "INSERT INTO notification_counters AS c (account_id, last_id) VALUES ($1, $2) \
         ON CONFLICT (account_id) DO UPDATE SET last_id = c.last_id + EXCLUDED.last_id \
         RETURNING last_id",
    )
    .bind(account.0)
    .bind(items.len() as i64)
    .fetch_one(&mut *conn)
    .await
    .context("bump a notification counter")?;
    let mut id = last - items.len() as i64;
    let mut written = Vec::with_capacity(items.len());
    for item in items {
        id += 1;
        match insert(conn, account, id, item).await {
            Ok(created_at) => written.push((id, item, created_at)),
            Err(e) if is_unique(&e) => return Ok(None),
            Err(e) => return Err(e).context("write a notification"),
        }
    }
    finish(conn, account, &written).await.map(Some)
}

/// Inserts one notification of `account` with this id, already dispatched; returns its time.
async fn insert(
    conn: &mut PgConnection,
    account: AccountId,
    id: i64,
    item: &ToWrite,
) -> std::result::Result<DateTime<Utc>, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO notifications \
             (account_id, id, kind, game_id, payload, game_version, ord, dispatched_at, \
              created_at) \
         VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, now(), coalesce($8, now())) \
         RETURNING created_at",
    )
    .bind(account.0)
    .bind(id)
    .bind(item.kind.as_str())
    .bind(item.game.map(|g| g.0))
    .bind(item.payload.to_string())
    .bind(item.source.map(|(v, _)| v))
    .bind(item.source.map(|(_, o)| o))
    .bind(item.created_at)
    .fetch_one(conn)
    .await
}

/// A unique violation (SQLSTATE 23505), whatever the table (on Citus it may come without).
pub(crate) fn is_unique(e: &sqlx::Error) -> bool {
    has_sqlstate(e, "23505")
}

/// The end of an account's write: the deliveries of what was written, and the wake-up.
async fn finish(
    conn: &mut PgConnection,
    account: AccountId,
    written: &[(i64, &ToWrite, DateTime<Utc>)],
) -> Result<Written> {
    let Some(last) = written.iter().map(|(id, ..)| *id).max() else {
        return Ok(Written::default());
    };
    // The games that ended are no longer the account's (`game_counts`): uncounted with the
    // notification that says so, once.
    let ended = written
        .iter()
        .filter(|(_, n, _)| n.kind == NotificationKind::GameEnded && n.game.is_some());
    let (games, bots) = ended.fold((0, 0), |(g, b), (_, n, _)| (g + 1, b + i32::from(n.bots)));
    if games > 0 {
        let change = crate::eventstore::game_counts::Counts {
            open_games: 0,
            unfinished_games: -games,
            bot_games: -bots,
        };
        crate::eventstore::game_counts::add(conn, account, change).await?;
    }
    let deliveries = queue_deliveries(conn, account, written).await?;
    let wake = if deliveries > 0 {
        format!("{account}:{last}:deliveries")
    } else {
        format!("{account}:{last}")
    };
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(NOTIFICATIONS_CHANNEL)
        .bind(wake)
        .execute(&mut *conn)
        .await
        .context("notify notification listeners")?;
    Ok(Written {
        notifications: written.len(),
        deliveries,
        rows: written
            .iter()
            .map(|(id, n, created_at)| Notification {
                id: *id,
                kind: n.kind,
                game_id: n.game,
                payload: n.payload.clone(),
                created_at: *created_at,
            })
            .collect(),
    })
}

/// Queues a delivery of each written notification to each live endpoint of `account` (webhooks
/// and Web Push subscriptions) that takes its kind. Most accounts have none: one read of the
/// endpoints (a reference table on Citus, read where the server is connected). With some, they
/// are read again `FOR KEY SHARE`, which keeps them until the insert commits: a deletion under
/// way is waited for (and its endpoint then skipped), one that comes later waits for this
/// transaction.
pub(crate) async fn queue_deliveries(
    conn: &mut PgConnection,
    account: AccountId,
    written: &[(i64, &ToWrite, DateTime<Utc>)],
) -> Result<u64> {
    const ENDPOINTS: &str = "SELECT id, kinds, push_p256dh IS NOT NULL FROM webhook_endpoints \
                             WHERE account_id = $1 AND disabled_at IS NULL ORDER BY id";
    // A continuation (the seat's own move goes on) is no news to a person: it is not pushed.
    let takes = |kinds: &[String], push: bool, n: &ToWrite| {
        kinds.iter().any(|k| k == n.kind.as_str()) && !(push && is_continuation(n.kind, &n.payload))
    };
    let wants = |endpoints: &[(Uuid, Vec<String>, bool)]| {
        endpoints
            .iter()
            .any(|(_, kinds, push)| written.iter().any(|(_, n, _)| takes(kinds, *push, n)))
    };
    let endpoints: Vec<(Uuid, Vec<String>, bool)> = sqlx::query_as(ENDPOINTS)
        .bind(account.0)
        .fetch_all(&mut *conn)
        .await
        .context("read an account's endpoints")?;
    if !wants(&endpoints) {
        return Ok(0);
    }
    let endpoints: Vec<(Uuid, Vec<String>, bool)> =
        sqlx::query_as(&format!("{ENDPOINTS} FOR KEY SHARE"))
            .bind(account.0)
            .fetch_all(&mut *conn)
            .await
            .context("hold an account's endpoints")?;
    let (mut ids, mut message_ids, mut kinds, mut bodies) = (vec![], vec![], vec![], vec![]);
    for (id, n, created_at) in written {
        let message_id = message_id(account, *id);
        let body = delivery_body(*id, n.kind, n.game, &n.payload, *created_at);
        for (endpoint, ..) in endpoints
            .iter()
            .filter(|(_, kinds, push)| takes(kinds, *push, n))
        {
            ids.push(*endpoint);
            message_ids.push(message_id.clone());
            kinds.push(n.kind.as_str());
            bodies.push(body.clone());
        }
    }
    if ids.is_empty() {
        return Ok(0);
    }
    Ok(sqlx::query(
        "INSERT INTO webhook_deliveries (endpoint_id, message_id, kind, body) \
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) \
         ON CONFLICT (endpoint_id, message_id) DO NOTHING",
    )
    .bind(&ids)
    .bind(&message_ids)
    .bind(&kinds)
    .bind(&bodies)
    .execute(&mut *conn)
    .await
    .context("queue deliveries")?
    .rows_affected())
}

/// A `your_turn` to the seat that just acted (its own move goes on): streams and webhooks carry
/// it, Web Push and mail do not.
pub fn is_continuation(kind: NotificationKind, payload: &Value) -> bool {
    kind == NotificationKind::YourTurn && payload["continuation"] == Value::Bool(true)
}

/// A delivery's `webhook-id`: the notification's identity, the same on every attempt and in
/// every process.
pub fn message_id(account: AccountId, id: i64) -> String {
    format!("msg_{}_{}", account.0.simple(), id)
}

/// The body of a delivery: `{type, timestamp, data}` with `data` the notification as
/// `/v1/me/stream` sends it (the `Notification` schema).
pub fn delivery_body(
    id: i64,
    kind: NotificationKind,
    game_id: Option<GameId>,
    payload: &Value,
    created_at: DateTime<Utc>,
) -> String {
    json!({
        "type": kind.as_str(),
        "timestamp": created_at,
        "data": {
            "id": id,
            "kind": kind.as_str(),
            "game_id": game_id,
            "created_at": created_at,
            "payload": payload,
        },
    })
    .to_string()
}

#[derive(sqlx::FromRow)]
struct NotificationRow {
    id: i64,
    kind: String,
    game_id: Option<Uuid>,
    payload: sqlx::types::Json<Value>,
    created_at: DateTime<Utc>,
}

impl Store {
    /// Up to `limit` of the account's notifications after id `after`, in id order.
    pub async fn notifications_after(
        &self,
        account: AccountId,
        after: i64,
        limit: i64,
    ) -> Result<Vec<Notification>> {
        let rows: Vec<NotificationRow> = sqlx::query_as(
            "SELECT id, kind, game_id, payload, created_at FROM notifications \
             WHERE account_id = $1 AND id > $2 ORDER BY id LIMIT $3",
        )
        .bind(account.0)
        .bind(after)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .context("read notifications")?;
        rows.into_iter()
            .map(|r| {
                Ok(Notification {
                    id: r.id,
                    kind: NotificationKind::from_db(&r.kind)?,
                    game_id: r.game_id.map(GameId),
                    payload: r.payload.0,
                    created_at: r.created_at,
                })
            })
            .collect()
    }

    /// The account's last notification id (0 before its first): everything after it is yet to
    /// come.
    pub async fn last_notification_id(&self, account: AccountId) -> Result<i64> {
        sqlx::query_scalar("SELECT coalesce(max(id), 0) FROM notifications WHERE account_id = $1")
            .bind(account.0)
            .fetch_one(&self.pool)
            .await
            .context("read the last notification id")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rules::{GameOptions, OptionsRequest, start};

    fn started(players: u8) -> Game {
        let options: GameOptions = OptionsRequest {
            players,
            include_bruce: None,
            power_rule: None,
            target_score: None,
            ..OptionsRequest::default()
        }
        .validate()
        .unwrap();
        let events = start(&options, &mut StdRng::seed_from_u64(7)).unwrap();
        Game::replay(&events)
    }

    #[test]
    fn the_deal_tells_every_seat_the_game_started_and_the_first_player_it_is_their_turn() {
        let game = started(3);
        let first = game.awaiting().unwrap().seat;
        let out = notifications_of(0, 5, None, &game);
        let kinds: Vec<_> = out.iter().map(|p| (p.seat, p.kind)).collect();
        assert_eq!(
            kinds,
            vec![
                (Seat(0), NotificationKind::GameStarted),
                (Seat(1), NotificationKind::GameStarted),
                (Seat(2), NotificationKind::GameStarted),
                (first, NotificationKind::YourTurn),
            ]
        );
        assert!(
            out[3].payload.get("deadline").is_none(),
            "the append adds it"
        );
    }

    #[test]
    fn every_awaited_decision_is_told_with_its_actions_a_continuation_marked() {
        let game = started(2);
        let awaited = game.awaiting().unwrap().seat;
        let legal = serde_json::to_value(rules::legal_actions(&game, awaited)).unwrap();
        let again = notifications_of(5, 6, Some(awaited), &game);
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].kind, NotificationKind::YourTurn);
        assert_eq!(again[0].payload["continuation"], true);
        assert_eq!(again[0].payload["actions"], legal);
        assert!(is_continuation(again[0].kind, &again[0].payload));
        let other = Seat(1 - awaited.0);
        let out = notifications_of(5, 6, Some(other), &game);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].kind, NotificationKind::YourTurn);
        assert_eq!(out[0].payload["seat"], awaited.0);
        assert_eq!(out[0].payload["continuation"], false);
        assert_eq!(out[0].payload["actions"], legal);
        assert!(!is_continuation(out[0].kind, &out[0].payload));
    }
}

/// Games hinted and not yet taken, at most: past this a hint is dropped (the sweep finds it).
const MAX_HINTS: usize = 65_536;

/// Games this process appended to the outbox of, for its fan-out worker: a hint that saves a
/// wait for the sweep; the outbox stays the only record of what is to be fanned out.
#[derive(Debug, Default)]
pub struct Hints {
    games: Mutex<Vec<GameId>>,
    notify: Notify,
}

impl Hints {
    /// `game`'s outbox has rows committed just now.
    pub fn hint(&self, game: GameId) {
        let mut games = self.games.lock().unwrap_or_else(|p| p.into_inner());
        if games.len() < MAX_HINTS {
            games.push(game);
        }
        drop(games);
        self.notify.notify_one();
    }

    /// Every game hinted since the last call, each once, in hint order.
    pub fn take(&self) -> Vec<GameId> {
        let games = std::mem::take(&mut *self.games.lock().unwrap_or_else(|p| p.into_inner()));
        let mut seen = HashSet::with_capacity(games.len());
        games.into_iter().filter(|g| seen.insert(*g)).collect()
    }

    /// Resolves once a game is hinted (at most one wake-up is kept while nobody waits).
    pub async fn hinted(&self) {
        self.notify.notified().await;
    }
}
