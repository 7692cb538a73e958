//! The notification outbox: what an append tells each seated account (`your_turn`,
//! `game_started`, `game_ended`), written in the append's transaction with its wake-up
//! (`pg_notify('notifications', '<account>:<id>')`), and read back in id order for streams.
//! Depends on the engine's state only; no delivery happens here.

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Value, json};
use sqlx::PgConnection;
use uuid::Uuid;

use super::error::{Context, Result, unexpected};
use super::{AccountId, GameId, Store};
use crate::engine::{Game, Seat, Status};

/// The notification channel: payload `<account_id>:<id>`.
pub const NOTIFICATIONS_CHANNEL: &str = "notifications";

/// What a notification says.
// `Invited` is written by an invitation by username (`invitations.rs`), `TimedOut` by the
// deadline worker (`clock.rs`), the others by appends (`append::append_in`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NotificationKind {
    YourTurn,
    GameStarted,
    GameEnded,
    Invited,
    TimedOut,
}

impl NotificationKind {
    pub fn as_str(self) -> &'static str {
        match self {
            NotificationKind::YourTurn => "your_turn",
            NotificationKind::GameStarted => "game_started",
            NotificationKind::GameEnded => "game_ended",
            NotificationKind::Invited => "invited",
            NotificationKind::TimedOut => "timed_out",
        }
    }

    fn from_db(s: &str) -> Result<Self> {
        Ok(match s {
            "your_turn" => NotificationKind::YourTurn,
            "game_started" => NotificationKind::GameStarted,
            "game_ended" => NotificationKind::GameEnded,
            "invited" => NotificationKind::Invited,
            "timed_out" => NotificationKind::TimedOut,
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
/// - otherwise `your_turn` to the awaited seat, unless it is the seat that just acted (it is at
///   the table already; its next decision is in its action's answer) or a seat a bot plays.
///   Its `deadline` (when that decision times out, `null` without a clock) is added by the
///   append, which decides it (`append::append_in`).
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
        && actor != Some(awaiting.seat)
        && !after.is_resigned(awaiting.seat)
    {
        out.push(Pending {
            seat: awaiting.seat,
            kind: NotificationKind::YourTurn,
            payload: json!({
                "version": version,
                "seat": awaiting.seat.0,
                "decision": awaiting.decision,
            }),
        });
    }
    out
}

/// One notification for one account (e.g. `invited`), numbered after its others, in the caller's
/// transaction; its wake-up is sent on commit. Returns its id.
pub(crate) async fn record_for(
    conn: &mut PgConnection,
    account: AccountId,
    kind: NotificationKind,
    game: GameId,
    payload: &Value,
) -> Result<i64> {
    let id = number_in(conn, account, kind, game, payload).await?;
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(NOTIFICATIONS_CHANNEL)
        .bind(format!("{account}:{id}"))
        .execute(&mut *conn)
        .await
        .context("notify notification listeners")?;
    Ok(id)
}

/// Writes one notification for one account, numbered after its others, in the caller's
/// transaction, without waking its listeners; returns its id. Two statements on the account's
/// rows only, which Citus routes each to the one shard holding them (as one statement, the
/// insert from the counter's CTE goes through the coordinator: five times slower there).
pub(crate) async fn number_in(
    conn: &mut PgConnection,
    account: AccountId,
    kind: NotificationKind,
    game: GameId,
    payload: &Value,
) -> Result<i64> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO notification_counters AS c (account_id, last_id) VALUES ($1, 1) \
         ON CONFLICT (account_id) DO UPDATE SET last_id = c.last_id + 1 \
         RETURNING last_id",
    )
    .bind(account.0)
    .fetch_one(&mut *conn)
    .await
    .context("number a notification")?;
    sqlx::query(
        "INSERT INTO notifications (account_id, id, kind, game_id, payload) \
         VALUES ($1, $2, $3, $4, $5::jsonb)",
    )
    .bind(account.0)
    .bind(id)
    .bind(kind.as_str())
    .bind(game.0)
    .bind(payload.to_string())
    .execute(&mut *conn)
    .await
    .context("write a notification")?;
    Ok(id)
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameOptions, OptionsRequest, start};
    use rand::SeedableRng;
    use rand::rngs::StdRng;

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
    fn the_seat_that_acted_and_is_awaited_again_is_not_told() {
        let game = started(2);
        let awaited = game.awaiting().unwrap().seat;
        assert!(notifications_of(5, 6, Some(awaited), &game).is_empty());
        let other = Seat(1 - awaited.0);
        let out = notifications_of(5, 6, Some(other), &game);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].kind, NotificationKind::YourTurn);
        assert_eq!(out[0].payload["seat"], awaited.0);
    }
}
