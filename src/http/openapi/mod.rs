//! The OpenAPI document: every endpoint, every status, the problem schema with the full list of
//! `code` values, the bearer scheme. `ApiDoc` is what utoipa derives; [`document`] finishes it
//! where utoipa 5 cannot (named variants with a `discriminator` for the tagged unions, examples
//! built from a real seeded game, `security: []` on public operations, 500 wherever the database
//! is touched). Served at `/openapi.json`, committed at `openapi/openapi.json`
//! (`lords openapi > openapi/openapi.json`; a test fails when stale, another runs Redocly's lint).

pub mod examples;
pub mod finish;

use serde_json::{Value, json};
use utoipa::Modify;
use utoipa::OpenApi;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{RefOr, Schema};

use crate::accounts::http::tokens;
use crate::accounts::http::{accounts, oauth, sessions};
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::http::{docs, ops, rules_page};
use crate::notify::streams::{self, StreamDocs};
use crate::notify::{push, webhooks};
use crate::play::http::cards;
use crate::social::http::{chat, notes, players};
use crate::tables::http::representations::ClockedAwaiting;
use crate::tables::http::vacation;
use rules::RuleError;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Lords of Scotland Online",
        description = include_str!("../../../docs/api-intro.md"),
        contact(name = "Lords of Scotland Online contributors"),
    ),
    servers((url = "http://127.0.0.1:8080", description = "A server started with `lords serve` (its default `--listen`)")),
    external_docs(url = "http://127.0.0.1:8080/docs/rules", description = "The rules this server enforces (`docs/rules.md`); every \"RULES §\" in this document cites it"),
    paths(
        ops::healthz,
        ops::readyz,
        ops::metrics,
        cards::list_cards,
        accounts::create_account,
        sessions::issue_token,
        accounts::me,
        accounts::delete_me,
        accounts::put_hints,
        vacation::start_vacation,
        vacation::end_vacation,
        sessions::refresh,
        sessions::logout,
        sessions::change_password,
        sessions::request_password_reset,
        sessions::confirm_password_reset,
        accounts::put_email,
        accounts::verify_email,
        crate::tables::http::lobby::create_game,
        crate::tables::http::lobby::list_games,
        crate::play::http::views::get_game,
        crate::tables::http::lobby::join_game,
        crate::tables::http::lobby::leave_game,
        crate::play::http::views::legal_actions,
        crate::play::http::actions::submit_action,
        crate::play::http::actions::resign,
        crate::tables::http::lobby::add_bot,
        crate::play::http::events::list_events,
        crate::play::http::events::get_record,
        crate::tables::http::invitations::create_invitation,
        crate::tables::http::invitations::my_invitations,
        crate::tables::http::invitations::decline_invitation,
        crate::tables::http::invitations::rematch,
        crate::matchmaking::http::seeks::create_seek,
        crate::matchmaking::http::seeks::quick_seek,
        crate::matchmaking::http::seeks::list_seeks,
        crate::matchmaking::http::seeks::my_seeks,
        crate::matchmaking::http::seeks::cancel_seek,
        crate::matchmaking::http::challenges::create_challenge,
        crate::matchmaking::http::challenges::get_challenge,
        crate::matchmaking::http::challenges::my_challenges,
        crate::matchmaking::http::challenges::accept_challenge,
        crate::matchmaking::http::challenges::decline_challenge,
        crate::matchmaking::http::challenges::cancel_challenge,
        crate::tournaments::http::create_tournament,
        crate::tournaments::http::list_tournaments,
        crate::tournaments::http::get_tournament,
        crate::tournaments::http::standings_csv,
        crate::tournaments::http::join_tournament,
        crate::tournaments::http::withdraw_tournament,
        crate::tournaments::http::start_tournament,
        crate::tournaments::http::cancel_tournament,
        streams::issue_ticket,
        streams::my_stream,
        streams::game_stream,
        webhooks::create_webhook,
        webhooks::list_webhooks,
        webhooks::delete_webhook,
        webhooks::deliveries,
        push::vapid_public_key,
        push::create_subscription,
        push::delete_subscription,
        push::subscription_deliveries,
        crate::notify::mail::http::get_settings,
        crate::notify::mail::http::put_settings,
        crate::notify::mail::http::unsubscribe,
        crate::notify::mail::http::unsubscribe_page,
        openapi_json,
        swagger_ui,
        docs::rules,
        docs::rules_fr,
        docs::audit,
        rules_page::rules,
        rules_page::rules_fr,
        docs::problem_page,
        chat::post_chat,
        chat::list_chat,
        chat::report_line,
        chat::list_muted,
        chat::mute,
        chat::unmute,
        notes::get_notes,
        notes::put_notes,
        players::get_player,
        players::player_games,
        players::rating_history,
        players::leaderboard,
        crate::transparency::http::log_key,
        crate::transparency::http::tree_head,
        crate::transparency::http::entries,
        crate::transparency::http::inclusion_proof,
        crate::transparency::http::consistency_proof,
        oauth::metadata,
        oauth::consent,
        oauth::authorize,
        oauth::token,
        oauth::revoke,
        oauth::list_authorizations,
        oauth::delete_authorization,
        tokens::create_token,
        tokens::list_tokens,
        tokens::delete_token,
        tokens::rotate_token,
        tokens::become_bot,
    ),
    components(schemas(
        Problem,
        ops::Health,
        cards::CardDto,
        cards::CardsResponse,
        sessions::Credentials,
        accounts::AccountDto,
        accounts::MeDto,
        accounts::Hints,
        vacation::VacationRequest,
        vacation::VacationDto,
        vacation::VacationStarted,
        vacation::VacationEnded,
        sessions::TokenResponse,
        sessions::RefreshRequest,
        sessions::LogoutRequest,
        sessions::PasswordChange,
        sessions::PasswordResetRequest,
        sessions::PasswordResetConfirm,
        accounts::EmailRequest,
        accounts::EmailState,
        accounts::VerifyEmailRequest,
        accounts::Language,
        crate::tables::http::representations::SeatDto,
        crate::tables::http::representations::GameSummaryDto,
        crate::tables::http::representations::ListedAwaiting,
        crate::tables::http::representations::GamePage,
        crate::tables::http::representations::GameDto,
        crate::tables::http::representations::ActionResult,
        crate::tables::http::representations::LegalActions,
        crate::tables::http::representations::EventDto,
        crate::tables::http::representations::EventPage,
        crate::eventstore::read_model::Visibility,
        crate::tables::http::representations::GameLink,
        crate::tables::http::lobby::CreateGameRequest,
        crate::tables::http::lobby::JoinRequest,
        accounts::AccountDeletion,
        crate::tables::http::invitations::InvitationRequest,
        crate::tables::http::invitations::InvitationDto,
        crate::tables::http::invitations::ReceivedInvitationDto,
        crate::tables::http::invitations::InvitationList,
        crate::matchmaking::http::seeks::SeekDto,
        crate::matchmaking::http::seeks::SeekRequest,
        crate::matchmaking::http::seeks::QuickSeekRequest,
        crate::matchmaking::http::seeks::SeekPage,
        crate::matchmaking::http::seeks::MySeeks,
        crate::matchmaking::http::challenges::ChallengeRequest,
        crate::matchmaking::http::challenges::ChallengeDto,
        crate::matchmaking::http::challenges::ChallengedDto,
        crate::matchmaking::http::challenges::ChallengeAnswer,
        crate::matchmaking::http::challenges::ChallengeState,
        crate::matchmaking::http::challenges::DeclineReason,
        crate::matchmaking::http::challenges::DeclineRequest,
        crate::matchmaking::http::challenges::ChallengeList,
        crate::tournaments::Format,
        crate::tournaments::Status,
        crate::tournaments::http::TournamentRequest,
        crate::tournaments::http::TournamentDto,
        crate::tournaments::http::TournamentSummary,
        crate::tournaments::http::TournamentPage,
        crate::tournaments::http::StandingDto,
        crate::tournaments::http::RoundDto,
        crate::tournaments::http::TableDto,
        crate::tournaments::http::TablePlayerDto,
        crate::tournaments::http::MeDto,
        rules::View,
        rules::Action,
        rules::Event,
        rules::GameOptions,
        rules::OptionsRequest,
        streams::StreamTicket,
        streams::NotificationDto,
        streams::state::StreamState,
        streams::state::AwaitedGame,
        streams::state::UnreadChat,
        crate::eventstore::outbox::NotificationKind,
        webhooks::WebhookRequest,
        webhooks::WebhookDto,
        webhooks::WebhookCreated,
        webhooks::WebhookList,
        webhooks::WebhookAttemptDto,
        webhooks::WebhookAttemptResult,
        webhooks::DeliveryState,
        webhooks::WebhookDeliveryDto,
        webhooks::WebhookDeliveryList,
        push::VapidPublicKey,
        push::PushKeys,
        push::PushSubscriptionRequest,
        push::PushSubscriptionDto,
        crate::notify::mail::http::EmailChoice,
        crate::notify::mail::http::KindChannels,
        crate::notify::mail::http::NotificationKinds,
        crate::notify::mail::http::NotificationSettings,
        chat::ChatRequest,
        chat::ChatLineDto,
        chat::ChatPage,
        chat::ReportRequest,
        chat::MutedDto,
        chat::MutedList,
        notes::NotesRequest,
        notes::Notes,
        crate::social::players::Profile,
        crate::social::players::RatingSummary,
        crate::social::players::ArchivedGame,
        crate::social::players::ArchivedSeat,
        crate::social::players::RatingHistoryEntry,
        crate::social::players::LeaderboardEntry,
        players::ArchiveStatus,
        players::ArchiveResult,
        players::PlayerGamesPage,
        players::RatingHistory,
        players::LeaderboardPage,
        crate::transparency::http::TransparencyKey,
        crate::proofs::signing::SignedTreeHead,
        crate::proofs::receipt::Receipt,
        crate::play::record::GameRecord,
        crate::play::record::RecordSeat,
        crate::play::record::RecordEvent,
        crate::play::record::RecordHead,
        crate::play::record::RecordInclusion,
        crate::transparency::http::LogEntryDto,
        crate::transparency::http::LogEntries,
        crate::transparency::http::InclusionProof,
        crate::transparency::http::ConsistencyProof,
        oauth::AuthorizationServerMetadata,
        oauth::ScopeDescription,
        oauth::ConsentDto,
        oauth::AuthorizationDecision,
        oauth::RedirectTo,
        oauth::OAuthTokenRequest,
        oauth::OAuthTokenResponse,
        oauth::OAuthErrorCode,
        oauth::OAuthError,
        oauth::OAuthRevokeRequest,
        oauth::AuthorizationDto,
        oauth::AuthorizationList,
        tokens::PersonalTokenRequest,
        tokens::PersonalTokenDto,
        tokens::PersonalTokenCreated,
        tokens::PersonalTokenList,
        tokens::BotConversion,
    )),
    modifiers(&BearerScheme, &ProblemCodes, &StreamDocs, &ClockedAwaiting),
    tags(
        (name = "accounts", description = "Accounts, access tokens and sessions (refresh, logout, password change)"),
        (name = "cards", description = "The card table"),
        (name = "chat", description = "Table chat for a game's seated players, mutes and reports (service rules §9.8)"),
        (name = "games", description = "The lobby, views, actions and event streams"),
        (name = "matchmaking", description = "Seeks (open requests to play that pair with others, quick play) and challenges to named accounts (service rules §9.10)"),
        (name = "tournaments", description = "Swiss and round-robin tournaments played over days at tables of 2 to 5 (service rules §9.11)"),
        (name = "notifications", description = "Webhooks (the caller's notifications POSTed to an endpoint of theirs as Standard Webhooks, with the record of every delivery) and Web Push subscriptions"),
        (name = "players", description = "Profiles, the archive of finished games, rating histories and the leaderboard: open to everyone; a signed-in caller also sees the private games they sat in"),
        (name = "operations", description = "Health, readiness, metrics and this documentation"),
        (name = "transparency", description = "The transparency log of finished games (RFC 9162): its key, signed tree heads, entries and proofs, open to everyone (docs/audit.md)"),
        (name = "streams", description = "Server-Sent Events: the caller's notifications and a game's events as they happen, and the tickets that let a browser's EventSource open them"),
        (name = "oauth", description = "The OAuth 2.0 authorization server (authorization code with PKCE S256, public clients, no registration): its metadata, the consent page's calls, the token and revocation endpoints, and the apps an account authorized"),
    )
)]
pub struct ApiDoc;

/// This document, as JSON (served by the Swagger UI service).
#[utoipa::path(get, path = "/openapi.json", tag = "operations",
    responses((status = 200, description = "The OpenAPI 3.1 document",
        content((Object = "application/json")))))]
#[allow(dead_code)]
fn openapi_json() {}

/// Swagger UI for this document, bundled with the server: `/docs` redirects to it (`/docs/`).
#[utoipa::path(get, path = "/docs", tag = "operations",
    responses((status = 308, description = "To the Swagger UI page at `/docs/`",
        headers(("Location" = String, description = "`/docs/`")))))]
#[allow(dead_code)]
fn swagger_ui() {}

/// The `bearer` security scheme (JWT) that protected paths name.
struct BearerScheme;

impl Modify for BearerScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some(
                        "A session's access token from `POST /v1/auth/token` or \
                         `POST /v1/auth/refresh` (a JWT), sent as `Authorization: Bearer \
                         <token>`. Stateless: it stays valid until it expires (15 minutes by \
                         default), even after a logout. Personal tokens (`lords_pat_…`) and \
                         OAuth tokens (`lords_oat_…`) travel in the same header but are not \
                         JWTs: see the `oauth2` scheme.",
                    ))
                    .build(),
            ),
        );
    }
}

/// Lists every `code` (shell and rule codes) as the enum of `Problem.code`, with its status and
/// meaning in the description.
struct ProblemCodes;

impl Modify for ProblemCodes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let Some(components) = openapi.components.as_mut() else {
            return;
        };
        let Some(RefOr::T(Schema::Object(problem))) = components.schemas.get_mut("Problem") else {
            return;
        };
        let Some(RefOr::T(Schema::Object(code))) = problem.properties.get_mut("code") else {
            return;
        };
        let mut lines = vec![
            "The stable reason code. Codes of the HTTP layer:".to_string(),
            String::new(),
        ];
        lines.extend(ErrorCode::ALL.iter().map(|c| {
            format!(
                "- `{}` ({}): {}",
                c.as_str(),
                c.status().as_u16(),
                c.title()
            )
        }));
        lines.push(String::new());
        lines.push("Rule violations (422), returned by game actions:".to_string());
        lines.push(String::new());
        lines.extend(
            RuleError::ALL
                .iter()
                .map(|r| format!("- `{}` (422): {r}", r.code())),
        );
        code.description = Some(lines.join("\n"));
        code.enum_values = Some(
            crate::api::error::codes::all_codes()
                .into_iter()
                .map(|(c, _)| serde_json::Value::from(c))
                .collect(),
        );
    }
}

/// The document as served and committed: what utoipa derives, finished by [`finish`].
pub fn document() -> Value {
    let mut doc =
        serde_json::to_value(ApiDoc::openapi()).unwrap_or_else(|e| json!({"error": e.to_string()}));
    finish::finish(&mut doc);
    doc
}

/// The document as committed: pretty-printed JSON with a trailing newline.
pub fn to_pretty_json() -> String {
    let mut s = serde_json::to_string_pretty(&document())
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    s.push('\n');
    s
}
