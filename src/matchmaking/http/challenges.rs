//! Challenges: `POST /v1/challenges`, `GET /v1/challenges/{id}`, `DELETE /v1/challenges/{id}`,
//! `POST /v1/challenges/{id}/accept` and `/decline`, `GET /v1/me/challenges`. A thin shell over
//! `matchmaking::challenges`.

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::AuthUser;
use crate::api::responses::{
    InvalidPath, InvalidPathOrJson, MalformedJson, PayloadTooLarge, ServiceUnavailable,
    Unauthorized, UnsupportedMediaType,
};
use crate::api::state::AppState;
use crate::matchmaking::challenges::{self, Challenge, DECLINE_REASONS, NewChallenge};
use crate::tables::http::games::{
    fresh_rng, from_object, integral_floats_as_integers, refuse_bot_account, take_bool,
};
use rules::{OptionsRequest, PowerRule};

/// An account challenged, and its answer.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ChallengedDto {
    #[schema(example = "morag")]
    pub username: String,
    /// Whether it is a bot account (service rules §9.9).
    pub bot_account: bool,
    /// `pending` until it answers.
    #[schema(example = "pending")]
    pub answer: ChallengeAnswer,
    /// Why it declined; `null` otherwise.
    #[schema(required = true)]
    pub reason: Option<DeclineReason>,
}

/// An invitee's answer.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeAnswer {
    Pending,
    Accepted,
    Declined,
}

/// Why a challenge is declined (lichess's reasons): `generic` (no reason given), `later` (not
/// now), `too_fast` and `too_slow` (the clock), `rated` and `casual` (the other kind of game
/// is wanted), `not_bots` (no games with bot accounts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeclineReason {
    Generic,
    Later,
    TooFast,
    TooSlow,
    Rated,
    Casual,
    NotBots,
}

impl DeclineReason {
    fn as_str(self) -> &'static str {
        match self {
            DeclineReason::Generic => DECLINE_REASONS[0],
            DeclineReason::Later => DECLINE_REASONS[1],
            DeclineReason::TooFast => DECLINE_REASONS[2],
            DeclineReason::TooSlow => DECLINE_REASONS[3],
            DeclineReason::Rated => DECLINE_REASONS[4],
            DeclineReason::Casual => DECLINE_REASONS[5],
            DeclineReason::NotBots => DECLINE_REASONS[6],
        }
    }

    fn parse(s: &str) -> Option<DeclineReason> {
        serde_json::from_value(serde_json::Value::String(s.into())).ok()
    }
}

/// Where a challenge stands.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeState {
    /// Waiting for answers.
    Open,
    /// Every invitee accepted: `game_id` is the game.
    Accepted,
    /// An invitee declined.
    Declined,
    /// The challenger cancelled it.
    Cancelled,
    /// 7 days passed without every answer.
    Expired,
}

/// A challenge: who asked whom, for which game, and where it stands.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ChallengeDto {
    pub id: Uuid,
    #[schema(example = "ailsa")]
    pub challenger: String,
    pub challenger_bot_account: bool,
    /// The accounts challenged, in the order named.
    pub to: Vec<ChallengedDto>,
    #[schema(minimum = 2, maximum = 5)]
    pub players: u8,
    pub rated: bool,
    pub include_bruce: bool,
    pub power_rule: PowerRule,
    #[schema(minimum = 10, maximum = 100)]
    pub target_score: u16,
    /// Seconds per decision; `null`: no clock.
    #[schema(required = true, minimum = 5, maximum = 1209600)]
    pub turn_time_limit_s: Option<u32>,
    #[schema(minimum = 1, maximum = 10)]
    pub max_timeouts: u8,
    pub state: ChallengeState,
    /// The game, once every invitee accepted; `null` before. With more seats than players
    /// named, the game waits in the lobby for anyone to take the others.
    #[schema(required = true)]
    pub game_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

impl From<Challenge> for ChallengeDto {
    fn from(c: Challenge) -> Self {
        let o = c.options;
        let state = match c.state.as_str() {
            "accepted" => ChallengeState::Accepted,
            "declined" => ChallengeState::Declined,
            "cancelled" => ChallengeState::Cancelled,
            "expired" => ChallengeState::Expired,
            _ => ChallengeState::Open,
        };
        ChallengeDto {
            id: c.id,
            challenger: c.challenger,
            challenger_bot_account: c.challenger_bot_account,
            to: c
                .to
                .into_iter()
                .map(|i| ChallengedDto {
                    username: i.username,
                    bot_account: i.bot_account,
                    answer: match i.answer.as_deref() {
                        Some("accepted") => ChallengeAnswer::Accepted,
                        Some("declined") => ChallengeAnswer::Declined,
                        _ => ChallengeAnswer::Pending,
                    },
                    reason: i.reason.as_deref().and_then(DeclineReason::parse),
                })
                .collect(),
            players: o.players,
            rated: c.rated,
            include_bruce: o.include_bruce,
            power_rule: o.power_rule,
            target_score: o.target_score,
            turn_time_limit_s: o.turn_time_limit_s,
            max_timeouts: o.max_timeouts,
            state,
            game_id: c.game.map(|g| g.0),
            created_at: c.created_at,
            expires_at: c.expires_at,
        }
    }
}

/// What to challenge: the accounts, and the game's options (as `POST /v1/games` takes them).
/// Unknown fields are refused.
// Documentation only: `create_challenge` reads the body in parts, as `create_game` does.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ChallengeRequest {
    /// The usernames challenged (ignoring case), 1 to 4, each once, not the caller's.
    #[schema(min_items = 1, max_items = 4, example = json!(["morag"]))]
    pub to: Vec<String>,
    /// Seats at the game, 2 to 5; default: one for the challenger and one for each of `to`.
    /// More than that leaves seats for anyone to take once every invitee accepted.
    #[schema(minimum = 2, maximum = 5)]
    pub players: Option<u8>,
    /// Default `true`.
    pub rated: Option<bool>,
    pub include_bruce: Option<bool>,
    pub power_rule: Option<PowerRule>,
    #[schema(minimum = 10, maximum = 100)]
    pub target_score: Option<u16>,
    /// Seconds per decision, 5 to 1209600. Left out: 259200 (3 days); `null`: no clock.
    #[schema(minimum = 5, maximum = 1209600, nullable = true)]
    pub turn_time_limit_s: Option<u32>,
    #[schema(minimum = 1, maximum = 10)]
    pub max_timeouts: Option<u8>,
}

/// The optional body of `POST /v1/challenges/{id}/decline`.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeclineRequest {
    /// Default `generic`.
    pub reason: Option<DeclineReason>,
}

/// The caller's challenges of the last 7 days, newest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ChallengeList {
    /// Made to the caller.
    pub incoming: Vec<ChallengeDto>,
    /// Made by the caller.
    pub outgoing: Vec<ChallengeDto>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct ChallengePath {
    /// The challenge's id.
    pub id: Uuid,
}

fn invalid(detail: impl Into<String>) -> ApiError {
    ApiError::Game(ErrorCode::InvalidChallenge, detail.into())
}

/// Reads a challenge's body: `to`, then `POST /v1/games`'s options and `rated`.
fn challenge_of(body: serde_json::Value) -> Result<NewChallenge, ApiError> {
    let mut body = integral_floats_as_integers(body);
    let Some(fields) = body.as_object_mut() else {
        return Err(ApiError::MalformedJson(
            "the body must be a JSON object".into(),
        ));
    };
    let to: Vec<String> = match fields.remove("to") {
        Some(serde_json::Value::Array(names)) => names
            .into_iter()
            .map(|n| match n {
                serde_json::Value::String(s) => Ok(s),
                _ => Err(invalid("to is a list of usernames")),
            })
            .collect::<Result<_, _>>()?,
        _ => return Err(invalid("to is a list of 1 to 4 usernames")),
    };
    if to.is_empty() || to.len() > challenges::MAX_CHALLENGED {
        return Err(invalid(format!(
            "to names 1 to {} usernames, not {}",
            challenges::MAX_CHALLENGED,
            to.len()
        )));
    }
    let rated = take_bool(&mut body, "rated")?.unwrap_or(true);
    let Some(fields) = body.as_object_mut() else {
        return Err(ApiError::MalformedJson(
            "the body must be a JSON object".into(),
        ));
    };
    if !fields.contains_key("players") || fields.get("players") == Some(&serde_json::Value::Null) {
        let seats = u8::try_from(to.len() + 1).unwrap_or(u8::MAX);
        fields.insert("players".into(), seats.into());
    }
    let request: OptionsRequest = from_object(body, ErrorCode::InvalidOptions)?;
    Ok(NewChallenge {
        to,
        options: request.validate()?,
        rated,
    })
}

/// Challenges 1 to 4 accounts, people or bot accounts, to a game (service rules §9.10). Each
/// is told (`challenge`: stream, webhooks, Web Push, mail). When every one has accepted, the
/// game is created with the challenger and them seated in random order; when one declines, the
/// challenge ends and the challenger is told why (`challenge_declined`). It expires after 7
/// days. An account has at most 20 open challenges and makes at most 60 a day. A bot account
/// challenges nobody (it does not create games, service rules §9.9).
#[utoipa::path(post, path = "/v1/challenges", tag = "matchmaking",
    request_body = ChallengeRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Made; `Location` names it", body = ChallengeDto,
            headers(("Location" = String, description = "/v1/challenges/{id}"))),
        MalformedJson,
        Unauthorized,
        (status = 403, description = "`challenge_refused`: an account named muted the caller (nobody is told). `bot_account_cannot_create_games`: the caller is a bot account", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`player_not_found`: a username names no account", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`too_many_challenges`: the caller has 20 open challenges", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_challenge` (`to` empty, too long, repeating a name or naming the caller; too few seats), `invalid_options`, `invalid_player_count`, `invalid_target_score`, `invalid_turn_time_limit`, `invalid_max_timeouts`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`too_many_challenges_today`: 60 challenges within 24 hours; see `Retry-After`", body = Problem,
            content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        ServiceUnavailable,
    ))]
pub async fn create_challenge(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, ApiError> {
    refuse_bot_account(&state, user.account_id).await?;
    let new = challenge_of(body.into_inner())?;
    let made = challenges::create(&state.store, user.account_id, new).await?;
    let location = format!("/v1/challenges/{}", made.id);
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, location))
        .json(ChallengeDto::from(made)))
}

/// A challenge the caller made or was challenged by.
#[utoipa::path(get, path = "/v1/challenges/{id}", tag = "matchmaking", params(ChallengePath),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The challenge", body = ChallengeDto),
        InvalidPath,
        Unauthorized,
        (status = 404, description = "`challenge_not_found`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn get_challenge(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<ChallengePath>,
) -> Result<HttpResponse, ApiError> {
    let c = challenges::get(&state.store, user.account_id, path.id).await?;
    Ok(HttpResponse::Ok().json(ChallengeDto::from(c)))
}

/// The caller's challenges of the last 7 days, open or not, newest first: those made to it
/// (`incoming`) and those it made (`outgoing`).
#[utoipa::path(get, path = "/v1/me/challenges", tag = "matchmaking",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's challenges", body = ChallengeList),
        Unauthorized,
        ServiceUnavailable,
    ))]
pub async fn my_challenges(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<HttpResponse, ApiError> {
    let mine = challenges::of_account(&state.store, user.account_id).await?;
    Ok(HttpResponse::Ok().json(ChallengeList {
        incoming: mine.incoming.into_iter().map(ChallengeDto::from).collect(),
        outgoing: mine.outgoing.into_iter().map(ChallengeDto::from).collect(),
    }))
}

/// Accepts a challenge made to the caller. When the caller was the last to accept, the game
/// is created (`game_id`), and dealt when the challenge filled it. Accepting again changes
/// nothing.
#[utoipa::path(post, path = "/v1/challenges/{id}/accept", tag = "matchmaking", params(ChallengePath),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Accepted", body = ChallengeDto),
        InvalidPath,
        Unauthorized,
        (status = 404, description = "`challenge_not_found`: no such challenge to the caller", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`challenge_not_open`: it was declined, cancelled or expired, or every invitee accepted already. `too_many_bot_account_games`: the caller, or the challenger when this acceptance creates the game, is a bot account that already plays as many unfinished games as a bot account may (`--max-games-per-bot-account`)", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn accept_challenge(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<ChallengePath>,
) -> Result<HttpResponse, ApiError> {
    let mut rng = fresh_rng()?;
    let c = challenges::accept(
        &state.store,
        user.account_id,
        path.id,
        Some(state.config.lobby.max_games_per_bot_account),
        &mut rng,
    )
    .await?;
    Ok(HttpResponse::Ok().json(ChallengeDto::from(c)))
}

/// Declines a challenge made to the caller, with a reason (default `generic`): the challenge
/// ends, and the challenger is told (`challenge_declined`, with the reason).
#[utoipa::path(post, path = "/v1/challenges/{id}/decline", tag = "matchmaking", params(ChallengePath),
    request_body(content = Option<DeclineRequest>, description = "Optional: a reason"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Declined", body = ChallengeDto),
        InvalidPathOrJson,
        Unauthorized,
        (status = 404, description = "`challenge_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`challenge_not_open`", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        ServiceUnavailable,
    ))]
pub async fn decline_challenge(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<ChallengePath>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let request: DeclineRequest = if body.is_empty() {
        DeclineRequest::default()
    } else {
        crate::api::strict_json::object_body::<DeclineRequest>(&body)
            .map_err(ApiError::MalformedJson)?
    };
    let reason = request.reason.unwrap_or(DeclineReason::Generic);
    let c = challenges::decline(&state.store, user.account_id, path.id, reason.as_str()).await?;
    Ok(HttpResponse::Ok().json(ChallengeDto::from(c)))
}

/// The challenger cancels its open challenge.
#[utoipa::path(delete, path = "/v1/challenges/{id}", tag = "matchmaking", params(ChallengePath),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Cancelled"),
        InvalidPath,
        Unauthorized,
        (status = 404, description = "`challenge_not_found`: the caller made no challenge with this id", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`challenge_not_open`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn cancel_challenge(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<ChallengePath>,
) -> Result<HttpResponse, ApiError> {
    challenges::cancel(&state.store, user.account_id, path.id).await?;
    Ok(HttpResponse::NoContent().finish())
}
