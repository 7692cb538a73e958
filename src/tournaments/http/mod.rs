//! Tournaments' routes (service rules §9.11): `POST /v1/tournaments`, `GET /v1/tournaments`,
//! `GET /v1/tournaments/{id}`, its `standings.csv`, and `POST .../join`, `/withdraw`, `/start`
//! and `/cancel`. A thin shell over `tournaments::registry`; the first round of a tournament
//! started here is paired at once (else by the worker).

use actix_web::http::header;
use actix_web::{HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::standings::format_points;
use super::{Format, Settings, Status, Tournament, registry, rounds};
use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::{AuthUser, MaybeAuthUser};
use crate::api::responses::{
    InvalidPath, MalformedJson, PayloadTooLarge, ServiceUnavailable, Unauthorized,
    UnsupportedMediaType,
};
use crate::api::state::AppState;
use crate::tables::http::games::{fresh_rng, integral_floats_as_integers, v1_resource};
use rules::OptionsRequest;

/// The tournaments' routes (under `/v1`).
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        v1_resource!("/tournaments")
            .route(web::get().to(list_tournaments))
            .route(web::post().to(create_tournament)),
    )
    .service(v1_resource!("/tournaments/{id}").route(web::get().to(get_tournament)))
    .service(v1_resource!("/tournaments/{id}/standings.csv").route(web::get().to(standings_csv)))
    .service(v1_resource!("/tournaments/{id}/join").route(web::post().to(join_tournament)))
    .service(v1_resource!("/tournaments/{id}/withdraw").route(web::post().to(withdraw_tournament)))
    .service(v1_resource!("/tournaments/{id}/start").route(web::post().to(start_tournament)))
    .service(v1_resource!("/tournaments/{id}/cancel").route(web::post().to(cancel_tournament)));
}

/// A tournament to create (service rules §9.11). Unknown fields are refused.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TournamentRequest {
    /// 1 to 80 characters, no control character.
    #[schema(example = "Winter Swiss")]
    pub name: String,
    pub format: Format,
    /// Seats at each table, 2 to 5 (a round-robin: 2). Default 2.
    #[schema(minimum = 2, maximum = 5)]
    pub table_size: Option<u8>,
    /// Swiss: 3 to 11, required. A round-robin: left out (its players decide it: n − 1 for an
    /// even number n of players, n for an odd one).
    #[schema(minimum = 3, maximum = 11)]
    pub rounds: Option<u8>,
    /// Seconds per decision in every game, 5 to 1209600. Default 259200 (3 days). A tournament
    /// game always has a clock.
    #[schema(minimum = 5, maximum = 1209600)]
    pub turn_time_limit_s: Option<u32>,
    /// The games' target score, 10 to 100. Default: the rulebook's for `table_size`.
    #[schema(minimum = 10, maximum = 100)]
    pub target_score: Option<u16>,
    /// Whether the games are rated (service rules §9.7). Default `true`.
    pub rated: Option<bool>,
    /// Whether bot accounts may join (service rules §9.9). Default `false`.
    pub bots_allowed: Option<bool>,
    /// Swiss: `table_size` to `max_players` (default `table_size`). A round-robin: 3 to 10
    /// (default 3).
    #[schema(minimum = 2, maximum = 200)]
    pub min_players: Option<u16>,
    /// Swiss: up to 200 (default 64). A round-robin: 3 to 10 (default 10).
    #[schema(minimum = 2, maximum = 200)]
    pub max_players: Option<u16>,
    /// When registration closes and the first round starts, in the future (at most 90 days
    /// ahead). `null` or left out: when the creator starts it.
    pub starts_at: Option<DateTime<Utc>>,
}

impl TournamentRequest {
    fn settings(self) -> Result<Settings, ApiError> {
        let table_size = self.table_size.unwrap_or(2);
        if !(2..=5).contains(&table_size) {
            return Err(ApiError::Game(
                ErrorCode::InvalidTournament,
                "table_size must be 2 to 5".into(),
            ));
        }
        let mut options = OptionsRequest::new(table_size);
        options.target_score = self.target_score.or(options.target_score);
        options.turn_time_limit_s = Some(Some(self.turn_time_limit_s.unwrap_or(259_200)));
        let options = options.validate()?;
        let (min_default, max_default) = match self.format {
            Format::Swiss => (u16::from(table_size), 64),
            Format::RoundRobin => (3, 10),
        };
        Ok(Settings {
            name: self.name,
            format: self.format,
            table_size,
            rounds: self.rounds,
            options,
            rated: self.rated.unwrap_or(true),
            bots_allowed: self.bots_allowed.unwrap_or(false),
            min_players: self.min_players.unwrap_or(min_default),
            max_players: self.max_players.unwrap_or(max_default),
            starts_at: self.starts_at,
        })
    }
}

/// A player's standing (service rules §9.11): points, then the tie-breaks in order.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(as = TournamentStanding)]
pub struct StandingDto {
    /// 1 for the first, no two alike.
    pub rank: u32,
    #[schema(example = "ailsa")]
    pub username: String,
    pub bot_account: bool,
    /// Tournament points: at a table of n, n − 1 for first down to 0 for last; ties share
    /// (halves); a bye scores as a win.
    #[schema(example = 2.5)]
    pub points: f64,
    /// The first tie-break: the sum of the points of everyone the player shared a table with.
    #[schema(example = 4.0)]
    pub buchholz: f64,
    /// The second tie-break: the sum of the player's scores in its games.
    pub game_score: u32,
    pub byes: u32,
    /// Withdrawn: no longer paired; results kept.
    pub withdrawn: bool,
    /// The third tie-break: the earlier registration.
    pub registered_at: DateTime<Utc>,
}

/// One player of a round's table.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(as = TournamentTablePlayer)]
pub struct TablePlayerDto {
    pub username: String,
    /// The player's seat in the game (0 plays first).
    pub seat: u8,
    /// The tournament place at the table (resigned and abandoned seats share the last);
    /// `null` until the game ends.
    #[schema(required = true)]
    pub place: Option<u8>,
    /// The tournament points the table gave; `null` until the game ends.
    #[schema(required = true)]
    pub points: Option<f64>,
    /// The player's score in the game; `null` until the game ends.
    #[schema(required = true)]
    pub score: Option<u16>,
}

/// One table of a round, and its game.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(as = TournamentTable)]
pub struct TableDto {
    /// 1, 2, … within the round.
    pub table: u16,
    pub game_id: Uuid,
    /// The game's status (`active` or `finished`); `null` for the moment it is being made.
    #[schema(required = true)]
    pub status: Option<String>,
    /// In seat order.
    pub players: Vec<TablePlayerDto>,
}

/// One round: its tables and its byes.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(as = TournamentRound)]
pub struct RoundDto {
    pub round: u8,
    pub tables: Vec<TableDto>,
    /// The players without a table this round, scored as a win.
    pub byes: Vec<String>,
}

/// What the tournament is to the caller.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(as = TournamentMe)]
pub struct MeDto {
    /// Registered (withdrawn or not).
    pub joined: bool,
    pub withdrawn: bool,
    /// Whether the caller created it (and may start or cancel it while it is open).
    pub creator: bool,
    /// The caller's game of the current round; `null` without one (a bye, or not playing).
    #[schema(required = true)]
    pub game_id: Option<Uuid>,
}

/// A tournament: its settings, its state, its standings and every round's tables.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[schema(as = Tournament)]
pub struct TournamentDto {
    pub id: Uuid,
    pub name: String,
    pub format: Format,
    pub table_size: u8,
    /// The rounds it plays; `null` for a round-robin until it starts.
    #[schema(required = true)]
    pub rounds: Option<u8>,
    pub turn_time_limit_s: u32,
    pub target_score: u16,
    pub rated: bool,
    pub bots_allowed: bool,
    pub min_players: u16,
    pub max_players: u16,
    /// When it starts by itself; `null`: when its creator starts it.
    #[schema(required = true)]
    pub starts_at: Option<DateTime<Utc>>,
    pub status: Status,
    /// The round being played (0 before the first).
    pub round: u8,
    /// Its creator's username.
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    #[schema(required = true)]
    pub started_at: Option<DateTime<Utc>>,
    /// When it finished or was cancelled.
    #[schema(required = true)]
    pub ended_at: Option<DateTime<Utc>>,
    /// The standings, first first (registration order before the first round).
    pub players: Vec<StandingDto>,
    /// Every round so far.
    pub pairings: Vec<RoundDto>,
    /// What it is to the caller; `null` without a token.
    #[schema(required = true)]
    pub me: Option<MeDto>,
}

impl TournamentDto {
    pub fn of(t: &Tournament, viewer: Option<Uuid>) -> Self {
        let standings = t.standings();
        let name_of = |a: Uuid| t.username(a).unwrap_or_default().to_owned();
        let players = standings
            .iter()
            .map(|s| {
                let entry = t.entries.iter().find(|e| e.account == s.account);
                StandingDto {
                    rank: s.rank,
                    username: name_of(s.account),
                    bot_account: entry.is_some_and(|e| e.bot_account),
                    points: f64::from(s.points) / 2.0,
                    buchholz: f64::from(s.buchholz) / 2.0,
                    game_score: s.game_score,
                    byes: s.byes,
                    withdrawn: s.withdrawn,
                    registered_at: entry.map_or(t.created_at, |e| e.registered_at),
                }
            })
            .collect();
        let mut pairings: Vec<RoundDto> = (1..=t.round)
            .map(|round| RoundDto {
                round,
                tables: Vec::new(),
                byes: t
                    .byes
                    .iter()
                    .filter(|b| b.round == u32::from(round))
                    .map(|b| name_of(b.account))
                    .collect(),
            })
            .collect();
        for table in &t.tables {
            let played = t.games.get(&table.game_id);
            let outcome = played.and_then(|p| p.outcome.as_ref());
            let places = outcome.map(super::standings::table_places);
            let points = outcome.map(super::standings::table_points);
            let dto = TableDto {
                table: table.table_no,
                game_id: table.game_id,
                status: played.and_then(|p| p.status.clone()),
                players: table
                    .seats
                    .iter()
                    .enumerate()
                    .map(|(seat, &a)| TablePlayerDto {
                        username: name_of(a),
                        seat: seat as u8,
                        place: places.as_ref().and_then(|p| p.get(seat).copied()),
                        points: points
                            .as_ref()
                            .and_then(|p| p.get(seat))
                            .map(|&p| f64::from(p) / 2.0),
                        score: outcome.and_then(|o| o.scores.get(seat).copied()),
                    })
                    .collect(),
            };
            if let Some(r) = pairings.get_mut(usize::from(table.round).wrapping_sub(1)) {
                r.tables.push(dto);
            }
        }
        let me = viewer.map(|v| {
            let entry = t.entries.iter().find(|e| e.account == v);
            MeDto {
                joined: entry.is_some(),
                withdrawn: entry.is_some_and(|e| e.withdrawn_at.is_some()),
                creator: t.creator == v,
                game_id: t
                    .tables
                    .iter()
                    .find(|x| x.round == t.round && x.seats.contains(&v))
                    .filter(|_| t.status == Status::Running)
                    .map(|x| x.game_id),
            }
        });
        let o = &t.settings.options;
        TournamentDto {
            id: t.id,
            name: t.settings.name.clone(),
            format: t.settings.format,
            table_size: t.settings.table_size,
            rounds: t.settings.rounds,
            turn_time_limit_s: o.turn_time_limit_s.unwrap_or(0),
            target_score: o.target_score,
            rated: t.settings.rated,
            bots_allowed: t.settings.bots_allowed,
            min_players: t.settings.min_players,
            max_players: t.settings.max_players,
            starts_at: t.settings.starts_at,
            status: t.status,
            round: t.round,
            created_by: t.creator_name.clone(),
            created_at: t.created_at,
            started_at: t.started_at,
            ended_at: t.ended_at,
            players,
            pairings,
            me,
        }
    }
}

/// One tournament of the list.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct TournamentSummary {
    pub id: Uuid,
    pub name: String,
    pub format: Format,
    pub table_size: u8,
    #[schema(required = true)]
    pub rounds: Option<u8>,
    pub round: u8,
    pub status: Status,
    /// Registered players.
    pub players: u32,
    pub max_players: u16,
    pub rated: bool,
    pub bots_allowed: bool,
    #[schema(required = true)]
    pub turn_time_limit_s: Option<u32>,
    #[schema(required = true)]
    pub starts_at: Option<DateTime<Utc>>,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
}

impl From<registry::Listed> for TournamentSummary {
    fn from(l: registry::Listed) -> Self {
        TournamentSummary {
            id: l.id,
            name: l.name,
            format: l.format,
            table_size: l.table_size,
            rounds: l.rounds,
            round: l.round,
            status: l.status,
            players: l.players,
            max_players: l.max_players,
            rated: l.rated,
            bots_allowed: l.bots_allowed,
            turn_time_limit_s: l.turn_time_limit_s,
            starts_at: l.starts_at,
            created_by: l.created_by,
            created_at: l.created_at,
        }
    }
}

/// A page of tournaments, newest first.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct TournamentPage {
    pub tournaments: Vec<TournamentSummary>,
    /// Pass as `cursor` for the next page; `null` on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct TournamentsQuery {
    /// Only tournaments in this state: `open`, `running`, `finished` or `cancelled`. Any when
    /// left out.
    pub status: Option<String>,
    /// Only tournaments this player registered in (a profile's list).
    pub player: Option<String>,
    /// Page size, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// The `next_cursor` of the previous page.
    #[param(min_length = 1)]
    pub cursor: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct TournamentPath {
    /// The tournament's id.
    pub id: Uuid,
}

fn answer(t: &Tournament, viewer: Option<Uuid>) -> HttpResponse {
    HttpResponse::Ok().json(TournamentDto::of(t, viewer))
}

/// Creates a tournament (service rules §9.11), open for registration until `starts_at` or
/// until its creator starts it. Creating one does not register its creator. Bot accounts
/// cannot create one.
#[utoipa::path(post, path = "/v1/tournaments", tag = "tournaments",
    request_body = TournamentRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Created; `Location` names it", body = TournamentDto,
            headers(("Location" = String, description = "/v1/tournaments/{id}"))),
        MalformedJson,
        Unauthorized,
        (status = 403, description = "`bot_account_cannot_create_tournaments`", body = Problem, content_type = "application/problem+json"),
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_tournament` (the detail names the field), `invalid_target_score`, `invalid_turn_time_limit`, `invalid_player_count`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn create_tournament(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<serde_json::Value>,
) -> Result<HttpResponse, ApiError> {
    let body = integral_floats_as_integers(body.into_inner());
    if !body.is_object() {
        return Err(ApiError::MalformedJson(
            "the body must be a JSON object".into(),
        ));
    }
    let request: TournamentRequest = serde_json::from_value(body)
        .map_err(|e| ApiError::Game(ErrorCode::InvalidTournament, e.to_string()))?;
    let t = registry::create(&state.store, user.account_id, request.settings()?).await?;
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, format!("/v1/tournaments/{}", t.id)))
        .json(TournamentDto::of(&t, Some(user.account_id.0))))
}

/// The tournaments, newest first, in pages; by state, or a player's. Public: no token needed.
#[utoipa::path(get, path = "/v1/tournaments", tag = "tournaments", params(TournamentsQuery),
    responses(
        (status = 200, description = "A page of tournaments", body = TournamentPage),
        (status = 400, description = "`invalid_query`, `invalid_cursor`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn list_tournaments(
    state: web::Data<AppState>,
    query: web::Query<TournamentsQuery>,
) -> Result<HttpResponse, ApiError> {
    let q = query.into_inner();
    let max = state.config.max_page_size;
    let limit = q.limit.unwrap_or(20);
    if limit == 0 || limit > max {
        return Err(ApiError::InvalidQuery(format!(
            "limit must be between 1 and {max}"
        )));
    }
    let status = match q.status.as_deref() {
        None => None,
        Some(s) => Some(Status::parse(s).ok_or_else(|| {
            ApiError::InvalidQuery("status must be open, running, finished or cancelled".into())
        })?),
    };
    let (page, next_cursor) = registry::list(
        &state.store,
        status,
        q.player.as_deref(),
        q.cursor.as_deref(),
        limit,
    )
    .await?;
    Ok(HttpResponse::Ok().json(TournamentPage {
        tournaments: page.into_iter().map(TournamentSummary::from).collect(),
        next_cursor,
    }))
}

/// A tournament: its settings, state, standings with tie-breaks, and every round's tables with
/// their games and results. Public; with a token, `me` says what it is to the caller.
#[utoipa::path(get, path = "/v1/tournaments/{id}", tag = "tournaments", params(TournamentPath),
    responses(
        (status = 200, description = "The tournament", body = TournamentDto),
        InvalidPath,
        Unauthorized,
        (status = 404, description = "`tournament_not_found`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn get_tournament(
    state: web::Data<AppState>,
    user: MaybeAuthUser,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse, ApiError> {
    let t = registry::read(&state.store, path.id).await?;
    Ok(answer(&t, user.0.map(|u| u.account_id.0)))
}

/// The standings as CSV (`rank,username,points,buchholz,game_score,byes,withdrawn`), first
/// first. Public.
#[utoipa::path(get, path = "/v1/tournaments/{id}/standings.csv", tag = "tournaments", params(TournamentPath),
    responses(
        (status = 200, description = "The standings", content_type = "text/csv", body = String),
        InvalidPath,
        (status = 404, description = "`tournament_not_found`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn standings_csv(
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse, ApiError> {
    let t = registry::read(&state.store, path.id).await?;
    let mut csv = String::from("rank,username,points,buchholz,game_score,byes,withdrawn\n");
    for s in t.standings() {
        // Usernames are letters, digits, `_` and `-`: nothing to quote.
        csv.push_str(&format!(
            "{},{},{},{},{},{},{}\n",
            s.rank,
            t.username(s.account).unwrap_or_default(),
            format_points(s.points),
            format_points(s.buchholz),
            s.game_score,
            s.byes,
            s.withdrawn
        ));
    }
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"tournament-{}-standings.csv\"", t.id),
        ))
        .body(csv))
}

/// Registers the caller while the tournament is open and has room (again: no change). A bot
/// account only where `bots_allowed`.
#[utoipa::path(post, path = "/v1/tournaments/{id}/join", tag = "tournaments", params(TournamentPath),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Registered", body = TournamentDto),
        InvalidPath,
        Unauthorized,
        (status = 403, description = "`bot_accounts_not_allowed`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`tournament_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`tournament_not_open`: it started, ended or was cancelled. `tournament_full`: it has its `max_players`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn join_tournament(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse, ApiError> {
    let t = registry::join(&state.store, path.id, user.account_id).await?;
    Ok(answer(&t, Some(user.account_id.0)))
}

/// Withdraws the caller: before the start its registration is removed; while it runs, it is
/// never paired again, its games go on under their own rules, and its results stay.
#[utoipa::path(post, path = "/v1/tournaments/{id}/withdraw", tag = "tournaments", params(TournamentPath),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Withdrawn", body = TournamentDto),
        InvalidPath,
        Unauthorized,
        (status = 404, description = "`tournament_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`not_in_tournament`: the caller is not registered. `tournament_over`: it finished or was cancelled", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn withdraw_tournament(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse, ApiError> {
    let t = registry::withdraw(&state.store, path.id, user.account_id).await?;
    Ok(answer(&t, Some(user.account_id.0)))
}

/// Its creator starts the open tournament now, with at least `min_players` registered: the
/// first round is paired and its games made, and each player is told (`tournament_round`).
#[utoipa::path(post, path = "/v1/tournaments/{id}/start", tag = "tournaments", params(TournamentPath),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Started", body = TournamentDto),
        InvalidPath,
        Unauthorized,
        (status = 403, description = "`not_tournament_creator`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`tournament_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`tournament_not_open`; `too_few_tournament_players`: fewer registered than `min_players`", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn start_tournament(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse, ApiError> {
    registry::start(&state.store, path.id, user.account_id).await?;
    // The first round now rather than at the worker's next look; the worker does it if this
    // fails (the start is committed).
    let mut rng = fresh_rng()?;
    if let Err(e) = rounds::advance(&state.store, path.id, &mut rng).await {
        tracing::warn!(error = ?e, tournament_id = %path.id, "first round left to the worker");
    }
    let t = registry::read(&state.store, path.id).await?;
    Ok(answer(&t, Some(user.account_id.0)))
}

/// Its creator cancels the open tournament; it stays listed as cancelled.
#[utoipa::path(post, path = "/v1/tournaments/{id}/cancel", tag = "tournaments", params(TournamentPath),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Cancelled", body = TournamentDto),
        InvalidPath,
        Unauthorized,
        (status = 403, description = "`not_tournament_creator`", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`tournament_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`tournament_not_open`: it started, ended or was cancelled", body = Problem, content_type = "application/problem+json"),
        ServiceUnavailable,
    ))]
pub async fn cancel_tournament(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse, ApiError> {
    let t = registry::cancel(&state.store, path.id, Some(user.account_id)).await?;
    Ok(answer(&t, Some(user.account_id.0)))
}
