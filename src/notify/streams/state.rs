//! The `state` event that opens `/v1/me/stream` when no `Last-Event-ID` is given: what awaits
//! the caller now (the games awaiting its decisions with their legal actions, its invitations
//! and challenges, the chat it has not read), so that a client that starts, or a bot that
//! restarts, need not read its history.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::eventstore::error::Result;
use crate::eventstore::read_model::{GameStatus, ListQuery};
use crate::eventstore::{AccountId, Store};
use crate::matchmaking::http::challenges::ChallengeDto;
use crate::tables::http::invitations::ReceivedInvitationDto;

/// The data of the `state` event that opens `/v1/me/stream` without `Last-Event-ID`. Its `id:`
/// is the caller's last notification id at that moment: the notifications that follow it come
/// next (some may repeat what the state already shows).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct StreamState {
    /// The active games awaiting a decision of the caller, nearest deadline first (at most 100).
    pub games: Vec<AwaitedGame>,
    /// The caller's live invitations by username, as `GET /v1/me/invitations` lists them.
    pub invitations: Vec<ReceivedInvitationDto>,
    /// The open challenges made to the caller, as `GET /v1/challenges` lists them.
    pub challenges: Vec<ChallengeDto>,
    /// The caller's active games whose chat holds lines of other players it has not read
    /// (through `GET /v1/games/{id}/chat` or its game stream), lines of muted accounts left out.
    pub chat: Vec<UnreadChat>,
}

/// A game awaiting the caller's decision, with what a bot needs to take it in one request.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AwaitedGame {
    pub game_id: Uuid,
    /// The version to act on (`If-Match`).
    pub version: i64,
    /// The caller's seat.
    #[schema(minimum = 0, maximum = 4)]
    pub seat: u8,
    pub decision: rules::Decision,
    /// When the decision times out; `null` without a clock.
    #[schema(required = true)]
    pub deadline: Option<DateTime<Utc>>,
    /// The caller's legal actions, each exactly as `POST /v1/games/{id}/actions` accepts it.
    pub actions: Vec<rules::Action>,
}

/// Unread chat at one table.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct UnreadChat {
    pub game_id: Uuid,
    /// Lines of other players after the last one the caller read.
    pub unread: i64,
}

/// The caller's state now, and the id of its last notification, read first: whatever is
/// notified after that id follows the state on the stream, so nothing is missed.
pub async fn state_of(store: &Store, account: AccountId) -> Result<(i64, StreamState)> {
    let last = store.last_notification_id(account).await?;
    let (awaiting, _) = crate::tables::listing::list_games(
        store,
        &ListQuery {
            status: Some(GameStatus::Active),
            member: Some(account),
            awaiting: Some(account),
            limit: 100,
            cursor: None,
            viewer: Some(account),
        },
    )
    .await?;
    let mut games = Vec::with_capacity(awaiting.len());
    for listed in awaiting {
        let current = store.current(listed.id, account).await?;
        let seat = current.summary.seat_of(account);
        // Read again on its own: the game may have moved on since it was listed.
        let Some(awaited) = current.game.awaiting().filter(|a| Some(a.seat) == seat) else {
            continue;
        };
        games.push(AwaitedGame {
            game_id: listed.id.0,
            version: current.version,
            seat: awaited.seat.0,
            decision: awaited.decision,
            deadline: current.summary.deadline,
            actions: rules::legal_actions(&current.game, awaited.seat),
        });
    }
    let invitations = crate::tables::invitations::invitations_for(store, account)
        .await?
        .into_iter()
        .map(ReceivedInvitationDto::from)
        .collect();
    let challenges = crate::matchmaking::challenges::of_account(store, account)
        .await?
        .incoming
        .into_iter()
        .filter(|c| c.state == "open")
        .map(ChallengeDto::from)
        .collect();
    let chat = crate::social::chat::unread(store, account)
        .await?
        .into_iter()
        .map(|(game, unread)| UnreadChat {
            game_id: game.0,
            unread,
        })
        .collect();
    Ok((
        last,
        StreamState {
            games,
            invitations,
            challenges,
            chat,
        },
    ))
}
