//! Invitations and rematches: `POST /v1/games/{id}/invitations`,
//! `GET /v1/me/invitations`, `POST /v1/me/invitations/{id}/decline`,
//! `POST /v1/games/{id}/rematch`. A thin shell over `tables::invitations`; joining with an
//! invitation is `POST /v1/games/{id}/join` (`lobby`).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::AuthUser;
use crate::api::rate_limit::address_key;
use crate::api::responses::{
    InvalidPath, InvalidPathOrJson, PayloadTooLarge, ServiceUnavailable, Unauthorized,
};
use crate::api::state::AppState;
use crate::eventstore::error::StoreError;
use crate::eventstore::{AccountId, GameId};
use crate::tables::http::games::{GamePath, fresh_rng, integral_floats_as_integers};
use crate::tables::http::representations::GameSummaryDto;
use crate::tables::invitations::{InvitationCaps, NewInvitation};
use rules::Seat;

/// The most joins one code may allow.
pub const MAX_INVITATION_USES: i32 = 100;
/// The shortest and longest life of an invitation, in seconds (1 minute, 30 days).
pub const INVITATION_TTL_S: std::ops::RangeInclusive<i64> = 60..=2_592_000;
/// The default life of an invitation: 7 days.
pub const DEFAULT_INVITATION_TTL_S: i64 = 604_800;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/games/{id}/invitations").route(web::post().to(create_invitation)))
        .service(web::resource("/games/{id}/rematch").route(web::post().to(rematch)))
        .service(web::resource("/me/invitations").route(web::get().to(my_invitations)))
        .service(
            web::resource("/me/invitations/{id}/decline").route(web::post().to(decline_invitation)),
        );
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct InvitationPath {
    /// The invitation's id (`GET /v1/me/invitations`).
    pub id: Uuid,
}

/// What to invite: a code usable `uses` times, or one account by `username`.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct InvitationRequest {
    /// How many joins the code allows, 1 to 100 (default 1). An invitation by `username` is used
    /// once: there `uses` is only checked for its range.
    #[schema(minimum = 1, maximum = 100, example = 1)]
    pub uses: Option<i32>,
    /// Seconds until the invitation expires, 60 to 2,592,000 (default 604,800: 7 days).
    #[schema(minimum = 60, maximum = 2592000, example = 604800)]
    pub expires_in_s: Option<i64>,
    /// Invite this account (ignoring case) instead of issuing a code: the invitation shows up in
    /// its `GET /v1/me/invitations`, and it joins with no code.
    #[schema(example = "morag")]
    pub username: Option<String>,
}

/// An invitation just created.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct InvitationDto {
    pub id: Uuid,
    pub game_id: Uuid,
    /// The code to pass to `POST /v1/games/{id}/join` (256 random bits, base64url): shown once,
    /// the server keeps only its hash. `null` for an invitation by username.
    #[schema(
        required = true,
        example = "Zm9yIHRoZSBCcnVjZSwgZm9yIFNjb3RsYW5kLCBmb3IgZnJlZWRvbSE"
    )]
    pub code: Option<String>,
    /// The invitee of an invitation by username; `null` for a code.
    #[schema(required = true, example = "morag")]
    pub username: Option<String>,
    /// How many joins it allows.
    pub uses: i32,
    pub expires_at: DateTime<Utc>,
}

/// An invitation by username to the caller.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ReceivedInvitationDto {
    pub id: Uuid,
    /// The game (join it with `POST /v1/games/{id}/join`, no code needed).
    pub game: GameSummaryDto,
    /// The username of the player who invited the caller.
    pub inviter: String,
    /// The seat kept for the caller (a rematch's rotated seat); `null` for any free seat.
    #[schema(value_type = Option<u8>, required = true, minimum = 0, maximum = 4)]
    pub seat: Option<Seat>,
    pub expires_at: DateTime<Utc>,
}

impl From<crate::tables::invitations::ReceivedInvitation> for ReceivedInvitationDto {
    fn from(i: crate::tables::invitations::ReceivedInvitation) -> Self {
        ReceivedInvitationDto {
            id: i.id,
            game: i.game.into(),
            inviter: i.inviter,
            seat: i.seat,
            expires_at: i.expires_at,
        }
    }
}

/// The caller's invitations.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct InvitationList {
    pub invitations: Vec<ReceivedInvitationDto>,
}

fn invalid(detail: impl Into<String>) -> ApiError {
    ApiError::Game(ErrorCode::InvalidInvitation, detail.into())
}

/// The login limiter's keys an invitation by username counts against: the inviting account
/// and its client address. The first key (forgotten whole on a success) is the inviter's
/// own, so that inviting a known name cannot wipe the failures the other two keep.
fn invitation_keys(account: AccountId, req: &HttpRequest) -> Vec<String> {
    let ip = req.peer_addr().map(|a| a.ip());
    vec![
        format!("invite-ok:account:{account}"),
        format!("invite:account:{account}"),
        format!("invite:{}", address_key(ip)),
    ]
}

/// A seated player invites to an open game: a code usable `uses` times until `expires_at`
/// (private or public games), or one account by username.
///
/// Inviting by username an account whose invitation to the game is still pending answers 200
/// with that invitation, unchanged (the account is not told again). A game has at most
/// `--max-pending-invitations-per-game` pending invitations by username (default 20), and an
/// account creates at most `--max-invitations-per-hour` invitations an hour (default 60).
/// A username that names no account that could join (422 `invalid_invitation`) counts as a
/// failed login does, per account and per client address: past the login limiter's budget,
/// invitations by username get 429 `rate_limited`, so usernames cannot be enumerated.
#[utoipa::path(post, path = "/v1/games/{id}/invitations", tag = "games", params(GamePath),
    request_body(content = Option<InvitationRequest>, description = "Optional: defaults to one use for 7 days"),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Created", body = InvitationDto),
        (status = 200, description = "The account named was invited already and its invitation is pending: that invitation, unchanged", body = InvitationDto),
        InvalidPathOrJson,
        Unauthorized,
        (status = 403, description = "`not_seated` (a public game)", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found` (also a private game the caller is not seated in)", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_open`, `too_many_pending_invitations` (the game has as many pending invitations by username as it may)", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        (status = 422, description = "`invalid_invitation`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`too_many_invitations`: the caller created as many invitations within the last hour as an account may; `rate_limited`: too many invitations by username named no account that could join. See `Retry-After`", body = Problem,
            content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        ServiceUnavailable,
    ))]
pub async fn create_invitation(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let request: InvitationRequest = if body.iter().all(u8::is_ascii_whitespace) {
        InvitationRequest::default()
    } else {
        let value: serde_json::Value =
            serde_json::from_slice(&body).map_err(|e| ApiError::MalformedJson(e.to_string()))?;
        serde_json::from_value::<Option<InvitationRequest>>(integral_floats_as_integers(value))
            .map_err(|e| ApiError::MalformedJson(e.to_string()))?
            .unwrap_or_default()
    };
    let uses = request.uses.unwrap_or(1);
    if !(1..=MAX_INVITATION_USES).contains(&uses) {
        return Err(invalid(format!("uses is 1 to {MAX_INVITATION_USES}")));
    }
    // An invitation by username seats its one invitee: it is used once, whatever `uses` says.
    let uses = if request.username.is_some() { 1 } else { uses };
    let expires_in_s = request.expires_in_s.unwrap_or(DEFAULT_INVITATION_TTL_S);
    if !INVITATION_TTL_S.contains(&expires_in_s) {
        return Err(invalid(format!(
            "expires_in_s is {} to {}",
            INVITATION_TTL_S.start(),
            INVITATION_TTL_S.end()
        )));
    }
    // Counted when it begins; only a name that could not be invited stays counted.
    let attempt = match &request.username {
        Some(_) => Some(
            state
                .login_limiter
                .begin(invitation_keys(user.account_id, &req))
                .map_err(|retry_after| ApiError::RateLimited { retry_after })?,
        ),
        None => None,
    };
    let limits = state.config.lobby;
    let invited = crate::tables::invitations::create_invitation(
        &state.store,
        GameId(path.id),
        user.account_id,
        &NewInvitation {
            uses,
            expires_in_s,
            username: request.username,
        },
        InvitationCaps {
            pending_per_game: limits.max_pending_invitations_per_game,
            per_hour: limits.max_invitations_per_hour,
        },
    )
    .await;
    let (created, new) = match invited {
        Err(e @ StoreError::InvalidInvitee) => {
            drop(attempt); // a name that could not be invited: counted as a failure
            return Err(e.into());
        }
        other => {
            if let Some(attempt) = attempt {
                attempt.succeeded();
            }
            other?
        }
    };
    let mut answer = if new {
        HttpResponse::Created()
    } else {
        HttpResponse::Ok()
    };
    Ok(answer
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(InvitationDto {
            id: created.id,
            game_id: created.game_id.0,
            code: created.code,
            username: created.invitee,
            uses: created.uses,
            expires_at: created.expires_at,
        }))
}

/// The caller's live invitations by username to open games they are not seated in (at most
/// 100, soonest expiry first).
#[utoipa::path(get, path = "/v1/me/invitations", tag = "games",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's invitations", body = InvitationList),
        Unauthorized,
        ServiceUnavailable,
    ))]
pub async fn my_invitations(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<HttpResponse, ApiError> {
    let invitations = crate::tables::invitations::invitations_for(&state.store, user.account_id)
        .await?
        .into_iter()
        .map(ReceivedInvitationDto::from)
        .collect();
    Ok(HttpResponse::Ok().json(InvitationList { invitations }))
}

/// The caller declines an invitation by username made to them (`GET /v1/me/invitations`): it
/// can no longer be used, and the seat it kept (a rematch's) is free again, for anyone or a
/// bot. Declining again, or an invitation already used or expired, changes nothing (204 all
/// the same). It does not leave a game already joined (`POST /v1/games/{id}/leave` does).
#[utoipa::path(post, path = "/v1/me/invitations/{id}/decline", tag = "games",
    params(InvitationPath),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Declined (or already declined, used or expired)"),
        InvalidPath,
        Unauthorized,
        (status = 404, description = "`invitation_not_found`: no invitation with this id was made to the caller", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn decline_invitation(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<InvitationPath>,
) -> Result<HttpResponse, ApiError> {
    crate::tables::invitations::decline_invitation(&state.store, user.account_id, path.id).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// A rematch of a finished game, asked for by one of its players: a new open game with the same
/// options and visibility. Seats rotate by one: the player of old seat `s` gets seat `s + 1`
/// (the last seat gets seat 0), so over a series of rematches every player sits in every place
/// of the turn order (the engine draws the first initiative at random, RULES §3.5; rotating
/// spreads what is left of seat luck, who plays after whom). The requester is seated; every
/// other player is invited by username with their rotated seat kept for them
/// (`GET /v1/me/invitations`, 7 days). Each bot keeps its level in its rotated seat; when every
/// other seat is a bot's, the rematch starts at once (`status` `active`), as a game created full
/// does. Both games link to each other (`rematch`, `rematch_of`).
///
/// Idempotent: once a rematch exists, asking again (any player) answers 200 with it.
#[utoipa::path(post, path = "/v1/games/{id}/rematch", tag = "games", params(GamePath),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The rematch was created; `Location` names it", body = GameSummaryDto,
            headers(("Location" = String, description = "/v1/games/{id}"))),
        (status = 200, description = "The rematch already existed", body = GameSummaryDto),
        InvalidPath,
        Unauthorized,
        (status = 403, description = "`not_seated` (a public game, or a private one the caller created and left); `bot_account_cannot_create_games`: the caller is a bot account, and a rematch is a new game (service rules §9.9)", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found` (also a private game the caller is not seated in and did not create)", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`game_not_finished`; `too_many_bot_games`: the game has bots and the caller already sits in as many unfinished games with bots as allowed", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn rematch(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<GamePath>,
) -> Result<HttpResponse, ApiError> {
    crate::tables::http::games::refuse_bot_account(&state, user.account_id).await?;
    let mut rng = fresh_rng()?;
    let (summary, created) = crate::tables::lobby::rematch(
        &state.store,
        GameId(path.id),
        user.account_id,
        Some(state.config.lobby.max_bot_games_per_account),
        &mut rng,
    )
    .await?;
    let dto = GameSummaryDto::from(summary);
    if created {
        Ok(HttpResponse::Created()
            .insert_header((header::LOCATION, format!("/v1/games/{}", dto.id)))
            .json(dto))
    } else {
        Ok(HttpResponse::Ok().json(dto))
    }
}
