//! Server-Sent Events: `GET /v1/me/stream` (the caller's notifications),
//! `GET /v1/games/{id}/stream` (a game's events as `GET /events` shows them to the caller), and
//! `POST /v1/stream-tickets` (single-use tickets for EventSource, which cannot send
//! `Authorization`). Streams read the database, then wait for a wake-up (LISTEN/NOTIFY, any
//! server process) and read again from the last id sent: nothing is missed, nothing repeated.
//! A plain streaming `HttpResponse`: the format is four lines, and the loop needs our own
//! wake-ups and shutdown signal, which `actix-web-lab`'s SSE channel would not spare us.
//!
//! A stream lives on the authority it was opened with, and ends (the client may reconnect with
//! a fresh ticket or token) as soon as that authority is gone: its session revoked (logout,
//! password change), its account deleted, its access token expired (for a ticket: the token the
//! ticket was issued with), or, for a game stream, the game no longer visible to the caller.
//! Revocations wake the account's streams on every server process (`stream_authority`), which
//! re-check in the database; a timer ends a stream when its token expires, and a periodic
//! re-check catches a missed wake-up. Each open stream holds a lease in the database, so that
//! the per-account cap holds across server processes.

pub mod leases;
pub mod state;
pub mod tickets;

use std::collections::VecDeque;
use std::convert::Infallible;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use tokio::sync::OwnedSemaphorePermit;
use tokio::time::Instant;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::api::credentials::AuthError;
use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::AuthUser;
use crate::api::responses::ServiceUnavailable;
use crate::api::state::AppState;
use crate::eventstore::AccountId;
use crate::eventstore::error::StoreError;
use std::sync::Arc;

use crate::eventstore::notify::{
    AccountWakeups, GameWakeups, LiveAppend, LiveNotifications, NotificationWakeups,
};
use crate::eventstore::outbox::{Notification, NotificationKind};
use crate::eventstore::read_model::GameStatus;
use crate::eventstore::{GameId, Store};
use crate::notify::streams::leases::OpenedStream;
use crate::notify::streams::tickets::{IssuedTicket, TicketAuthority};
use crate::play::http::events::{event_dtos, live_event_dtos};
use crate::social::http::chat::ChatLineDto;
use crate::tables::http::games::GamePath;
use crate::tables::http::representations::EventDto;

/// How long a stream ticket may wait to be used.
pub const TICKET_TTL: Duration = Duration::from_secs(60);
/// The most rows one read of a stream takes from the database.
const PAGE: i64 = 100;
/// Tickets are 43 characters; anything much longer is not one (and is not looked up).
const MAX_TICKET_LEN: usize = 128;
/// First line of every stream: EventSource waits this long (ms) before reconnecting.
const RETRY: &[u8] = b"retry: 2000\n\n";
/// What fills a silence: an event of its own (no `id:`), so that a client reading events sees
/// the connection is alive.
const HEARTBEAT: &[u8] = b"event: heartbeat\ndata: {}\n\n";

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/stream-tickets").route(web::post().to(issue_ticket)))
        .service(web::resource("/me/stream").route(web::get().to(my_stream)))
        .service(web::resource("/games/{id}/stream").route(web::get().to(game_stream)));
}

// ---------------------------------------------------------------------------------------------
// Representations

/// A stream ticket: pass it as `?ticket=` to one stream request within `expires_in` seconds.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct StreamTicket {
    /// Opaque; good for one stream request. Never logged, stored only as a hash.
    #[schema(example = "q5v0Jx3mZyT8fB2kL9cR4wH7nD1sA6eU0gP3iO8tY2M")]
    pub ticket: String,
    /// Seconds left to use it.
    #[schema(example = 60)]
    pub expires_in: u64,
}

/// One notification of the caller: the `data:` of a `/v1/me/stream` event named `notification`
/// whose `id:` is its `id`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(as = Notification)]
pub struct NotificationDto {
    /// Per account, strictly increasing: resume after it with `Last-Event-ID`.
    #[schema(example = 7)]
    pub id: i64,
    #[schema(example = "your_turn")]
    pub kind: NotificationKind,
    /// The game it is about.
    #[schema(required = true, example = "0195f3c2-6f1e-7a4b-9c1d-2f8e5a7b3c10")]
    pub game_id: Option<Uuid>,
    #[schema(example = "2026-03-14T18:09:47.120Z")]
    pub created_at: DateTime<Utc>,
    /// By kind. `your_turn` (one per awaited decision): `{version, seat, decision, deadline,
    /// receipt, actions, continuation}` (the awaited `Decision`; `deadline` is `null` without a
    /// clock; `receipt` is the signed `Receipt` of `version`, absent for games created before
    /// games had receipts; `actions` the seat's legal `Action`s; `continuation` is `true` when
    /// the seat just acted and is awaited again). `game_started`: `{version, seat,
    /// players}`. `game_ended`: `{version, seat, place, score, scores, won, winners}` (`place`
    /// from 1; `scores` by seat; `winners` are seats). `seat` is always the caller's seat.
    /// `invited` (an invitation by username, a rematch's included): `{invitation_id, inviter_id,
    /// seat, expires_at}` (`seat` the one kept for the caller, or `null`); join with
    /// `POST /v1/games/{game_id}/join`, no code needed. `chat` (another seated player said a
    /// line at the table): `{line_id, seat, username, text}`.
    #[schema(value_type = Object,
        example = json!({"version": 12, "seat": 1, "decision": {"kind": "turn"}, "deadline": null}))]
    pub payload: serde_json::Value,
}

impl From<Notification> for NotificationDto {
    fn from(n: Notification) -> Self {
        NotificationDto {
            id: n.id,
            kind: n.kind,
            game_id: n.game_id.map(|g| g.0),
            created_at: n.created_at,
            payload: n.payload,
        }
    }
}

/// The query of `GET /v1/games/{id}/stream`: [`StreamQuery`]'s, and where the table's chat
/// resumes.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct GameStreamQuery {
    /// Resume after this seq, as the `Last-Event-ID` header does (the header wins when both are
    /// sent).
    #[param(minimum = 0)]
    pub last_event_id: Option<i64>,
    /// A ticket from `POST /v1/stream-tickets`, instead of `Authorization` (single-use).
    #[param(min_length = 1)]
    pub ticket: Option<String>,
    /// For a seated player: send the table's chat lines after this line id (`next_after` of
    /// `GET /v1/games/{id}/chat`) as `chat` events. Without it, the lines said from now on.
    #[param(minimum = 0)]
    pub chat_after: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct StreamQuery {
    /// Resume after this id, as the `Last-Event-ID` header does (the header wins when both are
    /// sent): for a new EventSource that carries on where an earlier one stopped.
    #[param(minimum = 0)]
    pub last_event_id: Option<i64>,
    /// A ticket from `POST /v1/stream-tickets`, instead of `Authorization` (single-use).
    #[param(min_length = 1)]
    pub ticket: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// Handlers

/// A single-use ticket that opens one stream (`?ticket=`) within 60 seconds: browsers'
/// EventSource cannot send `Authorization`, and access tokens do not belong in URLs. The ticket
/// carries the authority of the access token it is issued with: it opens nothing once that
/// token's session has ended (logout, password change, account deletion) or the token has
/// expired, and the stream it opens ends with them. An account holds at most 20 unused tickets
/// (`--max-stream-tickets-per-account`).
#[utoipa::path(post, path = "/v1/stream-tickets", tag = "streams",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A new ticket", body = StreamTicket),
        (status = 401, description = "`unauthorized`: no valid bearer token, or its session has ended (`WWW-Authenticate: Bearer`)", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`too_many_stream_tickets`: the account already holds as many unused tickets as allowed", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn issue_ticket(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<HttpResponse, ApiError> {
    // A token outlives its session: a ticket must not.
    if !crate::notify::streams::leases::authority_holds(&state.store, user.account_id, user.session)
        .await?
    {
        return Err(invalid_token());
    }
    let authority = TicketAuthority {
        account: user.account_id,
        session: user.session,
        token_expires_at: DateTime::from_timestamp(
            i64::try_from(user.expires_at).unwrap_or(i64::MAX),
            0,
        ),
    };
    let max = state.config.max_stream_tickets_per_account;
    let ticket = match crate::notify::streams::tickets::issue_stream_ticket(
        &state.store,
        authority,
        TICKET_TTL,
        max,
    )
    .await?
    {
        IssuedTicket::Issued(ticket) => ticket,
        IssuedTicket::TooMany { max } => {
            return Err(ApiError::Game(
                ErrorCode::TooManyStreamTickets,
                format!(
                    "your account already holds {max} unused stream tickets; use one or let one \
                     expire"
                ),
            ));
        }
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(StreamTicket {
            ticket,
            expires_in: TICKET_TTL.as_secs(),
        }))
}

/// The caller's notifications as they happen, as Server-Sent Events named `notification`: `id:`
/// the notification's id, `data:` the `Notification` (its `kind` says what it is).
///
/// - With `Last-Event-ID` (or `?last_event_id=`): every notification after it first, then each
///   new one, whichever server process wrote it.
/// - Without: the stream starts now. Its first event, named `state`, is what awaits the caller
///   (`StreamState`: the games awaiting its decisions with their legal actions, its invitations
///   and open challenges, its unread chat); its `id:` is the caller's last notification id, and
///   the notifications after it follow (but for a `your_turn` of a decision the state names:
///   one `your_turn`, or one state entry, per decision).
///
/// An event named `heartbeat` (`data: {}`, no `id:`) fills each silence of 15 seconds.
#[utoipa::path(get, path = "/v1/me/stream", tag = "streams",
    params(StreamQuery,
        ("Last-Event-ID" = Option<String>, Header, description = "The last notification id received: the stream resumes after it", nullable = false, pattern = "^[0-9]{1,18}$")),
    security(("bearer" = []), ("stream_ticket" = [])),
    responses(
        (status = 200, description = "An endless `text/event-stream`; each event's `data:` is a `Notification`", body = NotificationDto, content_type = "text/event-stream"),
        (status = 400, description = "`invalid_query`, `invalid_header`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized` (also a ticket that is unknown, expired or used, or a token or ticket whose session has ended)", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`too_many_streams`: the account already has as many streams open as allowed", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn my_stream(
    state: web::Data<AppState>,
    query: web::Query<StreamQuery>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let after = last_event_id(&req, q.last_event_id)?;
    let turn = opening_turn(&state).await?;
    let authority = caller(&state, &req, q.ticket.as_deref()).await?;
    let account = authority.account;
    // Subscribed before the first read: whatever commits after it wakes the stream.
    let wakeups = state.notifier.subscribe_notifications(account);
    let guard = Guard::open(&state, authority, None).await?;
    let source = Notifications {
        account,
        wakeups,
        // No position given: the state now, then what comes next.
        snapshot: after.is_none(),
        live: None,
        resyncs: 0,
        stated: Vec::new(),
    };
    let stream = Sse::new(state, source, guard, after.unwrap_or(0), turn);
    Ok(event_stream(futures_util::stream::unfold(
        stream,
        Sse::next,
    )))
}

/// The game's events as the caller may see them, as Server-Sent Events named `game`: `id:` the
/// seq, `data:` the `EventDto` exactly as `GET /v1/games/{id}/events` shows it to the caller at
/// that moment (redacted while the game is on; everything once it is over). Spectators too.
/// Resumes after `Last-Event-ID` (or `?last_event_id=`); an event named `heartbeat`
/// (`data: {}`, no `id:`) fills each silence of 15 seconds. The stream ends after the game's
/// `game_ended` event (at once when it was already sent).
///
/// A seated player's stream also carries the table's chat (service rules §9.8): each line as an
/// event named `chat` whose `data:` is a `ChatLine` and which has no `id:` (chat lines are not
/// game events: `Last-Event-ID` stays the last seq), from `?chat_after=` (else from the lines
/// said after the stream opened). Lines of accounts the caller muted are not sent. Spectators'
/// streams carry no chat.
#[utoipa::path(get, path = "/v1/games/{id}/stream", tag = "streams",
    params(GamePath, GameStreamQuery,
        ("Last-Event-ID" = Option<String>, Header, description = "The last seq received: the stream resumes after it", nullable = false, pattern = "^[0-9]{1,18}$")),
    security(("bearer" = []), ("stream_ticket" = [])),
    responses(
        (status = 200, description = "An endless `text/event-stream`; each event's `data:` is an `EventDto`, or a `ChatLine` for an event named `chat`", body = EventDto, content_type = "text/event-stream"),
        (status = 400, description = "`invalid_path`, `invalid_query`, `invalid_header`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "`unauthorized` (also a ticket that is unknown, expired or used, or a token or ticket whose session has ended)", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found` (also a private game the caller may not see: the same answer, byte for byte)", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`too_many_streams`: the account already has as many streams open as allowed", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn game_stream(
    state: web::Data<AppState>,
    path: web::Path<GamePath>,
    query: web::Query<GameStreamQuery>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    if q.chat_after.is_some_and(|n| n < 0) {
        return Err(ApiError::InvalidQuery(
            "chat_after must be 0 or more".into(),
        ));
    }
    // Nothing here depends on the game: a stranger's answer is the same for a private game and
    // for none.
    let after = last_event_id(&req, q.last_event_id)?.unwrap_or(0);
    let turn = opening_turn(&state).await?;
    let authority = caller(&state, &req, q.ticket.as_deref()).await?;
    let account = authority.account;
    let game = GameId(path.id);
    // A private game the caller is not seated in does not exist for them (as on `/events`),
    // whatever else the request says.
    let summary = crate::tables::lobby::summary(&state.store, game).await?;
    if !summary.visible_to(account) {
        return Err(crate::eventstore::error::StoreError::NotFound.into());
    }
    let guard = Guard::open(&state, authority, Some(game)).await?;
    // The table's chat, for its seated players only.
    let chat = match (summary.is_seated(account), q.chat_after) {
        (false, _) => None,
        (true, Some(after)) => Some(after),
        (true, None) => Some(crate::social::chat::last_chat_line(&state.store, game).await?),
    };
    // Subscribed before the stream's first read: every append committed after it wakes the
    // stream, and only this game's do.
    let wakeups = state.notifier.subscribe_game(game);
    let stream = Sse::new(
        state,
        GameEvents {
            account,
            game,
            chat,
            wakeups,
            live: None,
            chat_dirty: true,
            resyncs: 0,
            ended: false,
        },
        guard,
        after,
        turn,
    );
    Ok(event_stream(futures_util::stream::unfold(
        stream,
        Sse::next,
    )))
}

/// How soon a stream whose re-check found the database unavailable asks again.
const RECHECK_AGAIN: Duration = Duration::from_secs(5);

/// How long a stream may wait for its turn to open before it is refused (503, `Retry-After`).
const OPENING_WAIT: Duration = Duration::from_secs(60);

/// A turn to open a stream ([`AppState::stream_opens`]): held while the stream takes its lease
/// and reads its first page, so that streams opened by the thousand at once queue for the
/// database instead of timing out on its pool. 503 `service_unavailable` after
/// [`OPENING_WAIT`], or when the server is shutting down.
async fn opening_turn(state: &AppState) -> Result<OwnedSemaphorePermit, ApiError> {
    let unavailable = |why: &str| {
        ApiError::ServiceUnavailable(anyhow::anyhow!(
            "{why}; open the stream again in a few seconds"
        ))
    };
    tokio::select! {
        _ = state.shutdown.wait() => Err(unavailable("the server is shutting down")),
        turn = tokio::time::timeout(OPENING_WAIT, state.stream_opens.clone().acquire_owned()) => {
            match turn {
                Ok(Ok(permit)) => Ok(permit),
                _ => Err(unavailable("too many streams are opening at once")),
            }
        }
    }
}

fn invalid_token() -> ApiError {
    ApiError::Unauthorized(AuthError::InvalidToken(None))
}

/// What a stream stands on: an account, the session it was opened in, and when the access
/// token it was opened with expires.
#[derive(Debug, Clone, Copy)]
struct Authority {
    account: AccountId,
    session: Option<Uuid>,
    /// `None`: a ticket issued before tickets recorded their token's expiry.
    expires_at: Option<SystemTime>,
}

/// The authority a stream is opened with: the ticket's (used up now) when one is given, else
/// the bearer token's. A ticket whose token has expired opens nothing.
async fn caller(
    state: &AppState,
    req: &HttpRequest,
    ticket: Option<&str>,
) -> Result<Authority, ApiError> {
    match ticket {
        Some(t) if t.len() > MAX_TICKET_LEN => Err(invalid_token()),
        Some(t) => {
            let ticket = crate::notify::streams::tickets::redeem_stream_ticket(&state.store, t)
                .await?
                .ok_or_else(invalid_token)?;
            let expires_at = ticket.token_expires_at.map(SystemTime::from);
            if expires_at.is_some_and(|at| at <= SystemTime::now()) {
                return Err(invalid_token());
            }
            Ok(Authority {
                account: ticket.account,
                session: ticket.session,
                expires_at,
            })
        }
        None => {
            let user = AuthUser::extract(req).await?;
            Ok(Authority {
                account: user.account_id,
                session: user.session,
                // A personal token without expiry (`u64::MAX`) is past any `SystemTime`.
                expires_at: UNIX_EPOCH.checked_add(Duration::from_secs(user.expires_at)),
            })
        }
    }
}

/// Keeps a stream to its authority: a lease on the per-account cap, taken when the stream
/// opens and given back when it ends; wake-ups of the account's authority; the token's expiry;
/// the periodic re-check.
struct Guard {
    store: Store,
    authority: Authority,
    /// For a game stream: the game, which must stay visible to the account.
    game: Option<GameId>,
    lease: Uuid,
    lease_for: Duration,
    /// When the lease runs out unless renewed.
    lease_until: Instant,
    recheck_every: Duration,
    next_check: Instant,
    expires: Option<Instant>,
    wakeups: AccountWakeups,
}

impl Guard {
    /// Takes a lease for a new stream: 401 when the authority no longer holds (the session
    /// revoked, the account deleted), 429 `too_many_streams` at the cap.
    async fn open(
        state: &AppState,
        authority: Authority,
        game: Option<GameId>,
    ) -> Result<Guard, ApiError> {
        // Subscribed before the check: a revocation committed after it wakes the stream.
        let wakeups = state.notifier.subscribe_authority(authority.account);
        let recheck_every = state.config.stream_recheck;
        let lease_for = recheck_every * 3;
        let max = state.config.max_streams_per_account;
        let lease = match crate::notify::streams::leases::open_stream(
            &state.store,
            authority.account,
            authority.session,
            lease_for,
            max,
        )
        .await?
        {
            OpenedStream::Opened(lease) => lease,
            OpenedStream::Revoked => return Err(invalid_token()),
            OpenedStream::TooMany { max } => {
                return Err(ApiError::Game(
                    ErrorCode::TooManyStreams,
                    format!("your account already has {max} streams open; close one first"),
                ));
            }
        };
        let expires = authority.expires_at.and_then(|at| {
            let left = at
                .duration_since(SystemTime::now())
                .unwrap_or(Duration::ZERO);
            Instant::now().checked_add(left)
        });
        Ok(Guard {
            store: state.store.clone(),
            authority,
            game,
            lease,
            lease_for,
            lease_until: Instant::now() + lease_for,
            recheck_every,
            next_check: Instant::now() + recheck_every,
            expires,
            wakeups,
        })
    }

    fn expired(&self) -> bool {
        self.expires.is_some_and(|at| at <= Instant::now())
    }

    /// Whether the stream may go on: its authority holds (the lease is renewed on the way) and,
    /// for a game stream, the game is still visible to the account. While the lease has time
    /// left, a database that is unavailable for a moment is asked again a few seconds later;
    /// any other failure ends the stream (the client reconnects and is checked afresh).
    async fn holds(&mut self, state: &AppState) -> bool {
        let now = Instant::now();
        self.next_check = now + self.recheck_every;
        let Authority {
            account, session, ..
        } = self.authority;
        match crate::notify::streams::leases::renew_stream(
            &state.store,
            account,
            session,
            self.lease,
            self.lease_for,
        )
        .await
        {
            Ok(true) => self.lease_until = now + self.lease_for,
            Ok(false) => return false,
            Err(e @ StoreError::Unavailable(_)) if now + RECHECK_AGAIN < self.lease_until => {
                tracing::debug!(error = %e, "stream: cannot re-check its authority now; soon again");
                self.next_check = now + RECHECK_AGAIN;
                return true;
            }
            Err(e) => {
                tracing::warn!(error = %e, "stream: cannot re-check its authority; closing it");
                return false;
            }
        }
        let Some(game) = self.game else {
            return true;
        };
        match crate::tables::lobby::summary(&state.store, game).await {
            Ok(summary) => summary.visible_to(account),
            Err(e) => {
                tracing::warn!(error = %e, %game, "game stream: cannot re-check the game; closing it");
                false
            }
        }
    }
}

impl Drop for Guard {
    /// Gives the lease back. Should that fail (or no runtime be left to do it), the lease runs
    /// out by itself.
    fn drop(&mut self) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let store = self.store.clone();
        let (account, lease) = (self.authority.account, self.lease);
        runtime.spawn(async move {
            if let Err(e) =
                crate::notify::streams::leases::close_stream(&store, account, lease).await
            {
                tracing::debug!(error = %e, "stream: cannot give its lease back; it will run out");
            }
        });
    }
}

/// Where to resume: `Last-Event-ID` (what EventSource sends when it reconnects), else the query;
/// `None` when neither is given.
fn last_event_id(req: &HttpRequest, query: Option<i64>) -> Result<Option<i64>, ApiError> {
    if let Some(value) = req.headers().get("last-event-id") {
        let text = value.to_str().unwrap_or("").trim();
        if !text.is_empty() {
            return text
                .parse::<i64>()
                .ok()
                .filter(|n| *n >= 0)
                .map(Some)
                .ok_or_else(|| {
                    ApiError::Game(
                        ErrorCode::InvalidHeader,
                        "Last-Event-ID must be an id this stream sent (0 or more)".into(),
                    )
                });
        }
    }
    match query {
        Some(n) if n < 0 => Err(ApiError::InvalidQuery(
            "last_event_id must be 0 or more".into(),
        )),
        other => Ok(other),
    }
}

fn event_stream(
    body: impl futures_util::Stream<Item = Result<Bytes, Infallible>> + 'static,
) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/event-stream"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        // nginx and friends: pass each line on as it comes.
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body)
}

/// One SSE event, with its `id:` unless `None`. `data` is one line of JSON (serde_json never
/// writes a newline).
fn sse_event(id: Option<i64>, event: &str, data: &impl Serialize) -> Bytes {
    let json = serde_json::to_string(data).unwrap_or_else(|_| "null".into());
    let mut s = String::with_capacity(json.len() + 48);
    if let Some(id) = id {
        s.push_str("id: ");
        s.push_str(&id.to_string());
        s.push('\n');
    }
    s.push_str("event: ");
    s.push_str(event);
    s.push('\n');
    s.push_str("data: ");
    s.push_str(&json);
    s.push_str("\n\n");
    Bytes::from(s)
}

type Step<S> = Option<(Result<Bytes, Infallible>, S)>;

/// What a source's read came to.
enum Read {
    /// The lines after the position, each with its id.
    Lines(Vec<(i64, Bytes)>),
    /// The database is unavailable for now (its pool busy, a connection lost): read again after
    /// a pause.
    Unavailable,
    /// Nothing more may be sent (the store cannot be read, or the caller may no longer see
    /// what it follows): the stream closes, and a client that reconnects with Last-Event-ID
    /// loses nothing.
    End,
}

/// Reads tried again while the database is unavailable, each after a longer pause (0.25, 0.5,
/// 1 and 2 s), before the stream closes.
const READ_TRIES: u32 = 5;

fn read_failed(e: &StoreError, what: &'static str) -> Read {
    if matches!(e, StoreError::Unavailable(_)) {
        tracing::debug!(error = %e, what, "stream: the database is unavailable; reading again soon");
        Read::Unavailable
    } else {
        tracing::warn!(error = %e, what, "stream: cannot read; closing it");
        Read::End
    }
}

/// What one SSE endpoint streams: pages of lines after an id, and a way to wait for more.
trait Source {
    /// The lines after `after` (at most [`PAGE`]), each with its id.
    async fn read(&mut self, state: &AppState, after: i64) -> Read;
    /// Until something may follow `after` (`true`) or `left` has passed (`false`).
    async fn wait(&mut self, state: &AppState, after: i64, left: Duration) -> bool;
    /// What opens the stream before the lines after its position, with the position it moves
    /// the stream to; `Some(None)` for nothing, `None` when the store cannot be read.
    async fn opening(&mut self, _state: &AppState) -> Option<Option<(i64, Bytes)>> {
        Some(None)
    }
    /// Nothing more will ever follow: the stream ends once what was read is sent.
    fn ended(&self) -> bool {
        false
    }
}

/// The loop both streams share: `retry:` first (and the source's opening), then read after the
/// last id sent whenever something may be new, send, wait for a wake-up; a `heartbeat` event
/// after `heartbeat` of silence; the end once the source has nothing more to send, as soon as
/// the server begins shutting down, even mid-read, and as soon as the stream's authority is
/// gone ([`Guard`]).
struct Sse<S> {
    state: web::Data<AppState>,
    source: S,
    guard: Guard,
    last: i64,
    pending: VecDeque<Bytes>,
    /// Something may be stored after `last`.
    dirty: bool,
    started: bool,
    /// The source's opening was sent (or there was none).
    opened: bool,
    heartbeat: Duration,
    /// The stream's turn to open ([`opening_turn`]), given back after its first read.
    turn: Option<OwnedSemaphorePermit>,
    /// Reads in a row that found the database unavailable.
    unavailable: u32,
}

impl<S: Source> Sse<S> {
    fn new(
        state: web::Data<AppState>,
        source: S,
        guard: Guard,
        after: i64,
        turn: OwnedSemaphorePermit,
    ) -> Self {
        Sse {
            turn: Some(turn),
            unavailable: 0,
            heartbeat: state.config.sse_heartbeat,
            state,
            source,
            guard,
            last: after,
            pending: VecDeque::new(),
            dirty: true,
            started: false,
            opened: false,
        }
    }

    async fn next(mut self) -> Step<Self> {
        if !self.started {
            self.started = true;
            return Some((Ok(Bytes::from_static(RETRY)), self));
        }
        if !self.opened {
            self.opened = true;
            let opening = tokio::select! {
                _ = self.state.shutdown.wait() => return None,
                opening = self.source.opening(&self.state) => opening?,
            };
            if let Some((id, line)) = opening {
                self.last = id;
                return Some((Ok(line), self));
            }
        }
        let quiet_until = Instant::now() + self.heartbeat;
        loop {
            if let Some(line) = self.pending.pop_front() {
                // An empty line moved the stream past an id without sending anything.
                if line.is_empty() {
                    continue;
                }
                return Some((Ok(line), self));
            }
            if self.source.ended() || self.state.shutdown.is_shutting_down() || self.guard.expired()
            {
                return None;
            }
            if self.dirty {
                // A read stuck in the database (a lock, an outage) must not hold the stream
                // open through shutdown: actix would wait out its shutdown timeout and then cut
                // the connection mid-stream.
                let read = tokio::select! {
                    _ = self.state.shutdown.wait() => return None,
                    read = self.source.read(&self.state, self.last) => read,
                };
                let lines = match read {
                    Read::Lines(lines) => {
                        self.unavailable = 0;
                        lines
                    }
                    Read::Unavailable if self.unavailable + 1 < READ_TRIES => {
                        let pause = Duration::from_millis(250 << self.unavailable);
                        self.unavailable += 1;
                        tokio::select! {
                            _ = self.state.shutdown.wait() => return None,
                            _ = tokio::time::sleep(pause) => continue,
                        }
                    }
                    Read::Unavailable | Read::End => return None,
                };
                // Opened: the next stream's turn.
                self.turn = None;
                // A full page of either kind (a game stream reads events and chat lines).
                self.dirty = lines.len() as i64 >= PAGE;
                for (id, line) in lines {
                    self.last = id;
                    self.pending.push_back(line);
                }
                continue;
            }
            let left = quiet_until.saturating_duration_since(Instant::now());
            let (next_check, expires) = (self.guard.next_check, self.guard.expires);
            let woken = tokio::select! {
                _ = self.state.shutdown.wait() => return None,
                _ = until(expires) => return None,
                _ = self.guard.wakeups.changed() => Woken::Authority,
                _ = tokio::time::sleep_until(next_check) => Woken::Authority,
                changed = self.source.wait(&self.state, self.last, left) => {
                    if changed { Woken::Data } else { Woken::Quiet }
                }
            };
            match woken {
                Woken::Authority => {
                    if !self.guard.holds(&self.state).await {
                        return None;
                    }
                }
                Woken::Data => self.dirty = true,
                Woken::Quiet => return Some((Ok(Bytes::from_static(HEARTBEAT)), self)),
            }
        }
    }
}

/// Until `at` (never, for `None`: a token whose expiry is not known).
async fn until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Why a stream's wait ended.
enum Woken {
    /// The account's authority may have changed, or it is time for the periodic re-check.
    Authority,
    /// Something may follow the last id sent.
    Data,
    /// `heartbeat` of silence.
    Quiet,
}

/// `/v1/me/stream`: the caller's notifications, woken by this account's notifications only;
/// opened with the caller's state when it starts from now. Notifications written by this
/// process's fan-out are handed over as written, not read back.
struct Notifications {
    account: AccountId,
    wakeups: NotificationWakeups,
    /// Open with a `state` event ([`state::state_of`]).
    snapshot: bool,
    /// The rows of the write that woke the stream, when this process wrote them.
    live: Option<Arc<LiveNotifications>>,
    /// The listener's resynchronisations seen.
    resyncs: u64,
    /// The decisions the `state` event named (game, version): a `your_turn` for one of them,
    /// written between the state's two reads, is not sent again.
    stated: Vec<(Uuid, i64)>,
}

impl Notifications {
    /// The event of notification `n`; an empty line (nothing is written, the stream moves past
    /// its id) for a `your_turn` the `state` event already named.
    fn event(&self, n: Notification) -> (i64, Bytes) {
        let id = n.id;
        let stated = n.kind == NotificationKind::YourTurn
            && n.game_id.is_some_and(|g| {
                let version = n.payload["version"].as_i64();
                self.stated
                    .iter()
                    .any(|(game, v)| *game == g.0 && Some(*v) == version)
            });
        if stated {
            return (id, Bytes::new());
        }
        (
            id,
            sse_event(Some(id), "notification", &NotificationDto::from(n)),
        )
    }
}

impl Source for Notifications {
    async fn read(&mut self, state: &AppState, after: i64) -> Read {
        if let Some(live) = self.live.take()
            && let Some(rows) = live.following(after, PAGE as usize)
        {
            return Read::Lines(rows.iter().map(|n| self.event(n.clone())).collect());
        }
        match state
            .store
            .notifications_after(self.account, after, PAGE)
            .await
        {
            Ok(rows) => Read::Lines(rows.into_iter().map(|n| self.event(n)).collect()),
            Err(e) => read_failed(&e, "notifications"),
        }
    }

    async fn wait(&mut self, _state: &AppState, after: i64, left: Duration) -> bool {
        let deadline = Instant::now() + left;
        loop {
            let Ok(tip) = tokio::time::timeout_at(deadline, self.wakeups.changed()).await else {
                return false;
            };
            if tip.resyncs != self.resyncs {
                // The listener reconnected: anything may have been missed.
                self.resyncs = tip.resyncs;
                return true;
            }
            if tip.last > after {
                self.live = tip.live;
                return true;
            }
        }
    }

    async fn opening(&mut self, state: &AppState) -> Option<Option<(i64, Bytes)>> {
        if !self.snapshot {
            return Some(None);
        }
        match state::state_of(&state.store, self.account).await {
            Ok((last, now)) => {
                self.stated = now.games.iter().map(|g| (g.game_id, g.version)).collect();
                Some(Some((last, sse_event(Some(last), "state", &now))))
            }
            Err(e) => {
                tracing::warn!(error = %e, "notification stream: cannot read the state; closing it");
                None
            }
        }
    }
}

/// `/v1/games/{id}/stream`: the game's events, woken by this game's appends only, and for a
/// seated player the table's chat lines after `chat`. An append made in this process hands
/// over its events, which are not read back.
struct GameEvents {
    account: AccountId,
    game: GameId,
    /// The last chat line sent; `None`: no chat (a spectator).
    chat: Option<i64>,
    wakeups: GameWakeups,
    /// The events of the append that woke the stream, when this process made it.
    live: Option<Arc<LiveAppend>>,
    /// A chat line may follow `chat`.
    chat_dirty: bool,
    /// The listener's resynchronisations seen.
    resyncs: u64,
    /// The game is over and its last event read: the stream ends once it is sent.
    ended: bool,
}

/// A `chat` event: no `id:`, so that the stream's `Last-Event-ID` stays the last game event's.
fn sse_chat_event(line: &ChatLineDto) -> Bytes {
    let json = serde_json::to_string(line).unwrap_or_else(|_| "null".into());
    Bytes::from(format!("event: chat\ndata: {json}\n\n"))
}

impl Source for GameEvents {
    async fn read(&mut self, state: &AppState, after: i64) -> Read {
        let read = async {
            // As `GET /events` does it: the listing row (who the caller is, whether the game is
            // over), then the events; none once the caller may no longer see the game (a
            // player who left a private game).
            let summary = crate::tables::lobby::summary(&state.store, self.game).await?;
            if !summary.visible_to(self.account) {
                return Ok(None);
            }
            // The events the waking append wrote, when they follow `after` and the game goes
            // on (a finished game's events show what only the database holds: their times and
            // hashes); else the database's.
            let live = self.live.take().filter(|live| {
                live.first_seq == after + 1
                    && live.last_seq() == summary.version
                    && live.events.len() as i64 <= PAGE
                    && summary.status != GameStatus::Finished
            });
            let events = match live {
                Some(live) => live_event_dtos(&summary, self.account, &live),
                None => {
                    let stored = state.store.events(self.game, after, PAGE).await?;
                    event_dtos(&summary, self.account, stored).0
                }
            };
            // `game_ended` is a finished game's last event: the stream ends once it is read,
            // whether the listing row read before the events already said so or not (an append
            // between the two reads leaves no wake-up to come).
            let read_to = events.last().map_or(after, |e| e.seq);
            self.ended = events
                .last()
                .is_some_and(|e| matches!(e.event, rules::Event::GameEnded { .. }))
                || (summary.status == GameStatus::Finished && read_to >= summary.version);
            let chat_dirty = std::mem::replace(&mut self.chat_dirty, false);
            let (lines, chat) = match self.chat {
                Some(chat) if chat_dirty && summary.is_seated(self.account) => {
                    let (lines, last) = crate::social::chat::chat_lines_for_stream(
                        &state.store,
                        self.account,
                        self.game,
                        chat,
                        PAGE,
                    )
                    .await?;
                    if last > chat {
                        // Sent to the player: read (`/v1/me/stream`'s `state` counts the rest).
                        crate::social::chat::mark_read(&state.store, self.account, self.game, last)
                            .await?;
                    }
                    (lines, Some(last))
                }
                _ => (Vec::new(), self.chat),
            };
            // A full page of lines: more may follow.
            self.chat_dirty = lines.len() as i64 >= PAGE;
            self.chat = chat;
            Ok::<_, crate::eventstore::error::StoreError>(Some((events, lines)))
        }
        .await;
        match read {
            Ok(None) => Read::End,
            Ok(Some((events, lines))) => {
                let mut out: Vec<(i64, Bytes)> = events
                    .into_iter()
                    .map(|e| (e.seq, sse_event(Some(e.seq), "game", &e)))
                    .collect();
                // Chat lines after the events, under the last seq sent: the stream's position
                // in the game does not move.
                let seq = out.last().map_or(after, |(seq, _)| *seq);
                out.extend(
                    lines
                        .into_iter()
                        .map(|l| (seq, sse_chat_event(&ChatLineDto::from(l)))),
                );
                Read::Lines(out)
            }
            Err(e) => read_failed(&e, "game"),
        }
    }

    fn ended(&self) -> bool {
        self.ended
    }

    async fn wait(&mut self, _state: &AppState, after: i64, left: Duration) -> bool {
        let deadline = Instant::now() + left;
        loop {
            let Ok(tip) = tokio::time::timeout_at(deadline, self.wakeups.changed()).await else {
                return false;
            };
            if tip.resyncs != self.resyncs {
                // The listener reconnected: anything may have been missed.
                self.resyncs = tip.resyncs;
                self.chat_dirty = self.chat.is_some();
                return true;
            }
            let appended = tip.version > after;
            if appended {
                self.live = tip.live;
            }
            if self.chat.is_some_and(|chat| tip.line > chat) {
                self.chat_dirty = true;
            }
            if appended || self.chat_dirty {
                return true;
            }
        }
    }
}

/// The `stream_ticket` security scheme (`?ticket=` on the stream endpoints), and an example of
/// the event stream on each stream operation.
pub struct StreamDocs;

impl utoipa::Modify for StreamDocs {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "stream_ticket",
            SecurityScheme::ApiKey(ApiKey::Query(ApiKeyValue::with_description(
                "ticket",
                "A single-use ticket from `POST /v1/stream-tickets`, valid 60 seconds; for \
                 browsers' EventSource, which cannot send `Authorization`.",
            ))),
        );
        let examples = [
            (
                "/v1/me/stream",
                "retry: 2000\n\n\
                 id: 6\nevent: state\ndata: {\"games\":[],\"invitations\":[],\
                 \"challenges\":[],\"chat\":[]}\n\n\
                 id: 7\nevent: notification\ndata: {\"id\":7,\"kind\":\"your_turn\",\
                 \"game_id\":\"0195f3c2-6f1e-7a4b-9c1d-2f8e5a7b3c10\",\
                 \"created_at\":\"2026-03-14T18:09:47.120Z\",\"payload\":{\"version\":12,\
                 \"seat\":1,\"decision\":{\"kind\":\"turn\"},\"deadline\":null,\
                 \"actions\":[{\"type\":\"pass\"}],\"continuation\":false}}\n\n\
                 event: heartbeat\ndata: {}\n\n",
            ),
            (
                "/v1/games/{id}/stream",
                "retry: 2000\n\n\
                 id: 13\nevent: game\ndata: {\"seq\":13,\"seat\":1,\"event\":{\"type\":\
                 \"passed\",\"seat\":1},\"recorded_at\":null,\"hash\":null,\
                 \"prev_hash\":null}\n\n\
                 event: heartbeat\ndata: {}\n\n",
            ),
        ];
        for (path, example) in examples {
            let Some(op) = openapi
                .paths
                .paths
                .get_mut(path)
                .and_then(|item| item.get.as_mut())
            else {
                continue;
            };
            // In the description: an example of the media type would be checked against the
            // schema of one event's `data:`.
            if let Some(utoipa::openapi::RefOr::T(ok)) = op.responses.responses.get_mut("200") {
                ok.description
                    .push_str(&format!(", e.g.:\n\n```text\n{example}```"));
            }
        }
    }
}
