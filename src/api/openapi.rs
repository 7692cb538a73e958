//! The OpenAPI document (`ApiDoc`): every endpoint, every status, the problem schema with the
//! full list of `code` values, the bearer scheme. Served at `/openapi.json`, committed at
//! `openapi/openapi.json` (`lords openapi > openapi/openapi.json`; a test fails when stale).

use utoipa::Modify;
use utoipa::OpenApi;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{RefOr, Schema};

use super::error::{ErrorCode, Problem};
use super::{accounts, cards, games, ops, schema};
use crate::engine::RuleError;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Lords of Scotland Online",
        description = "A play-by-web server for the card game Lords of Scotland. Errors are \
            `application/problem+json` documents (`Problem`); branch on their `code`."
    ),
    paths(
        ops::healthz,
        ops::readyz,
        ops::metrics,
        cards::list_cards,
        accounts::create_account,
        accounts::issue_token,
        accounts::me,
        games::create_game,
        games::list_games,
        games::get_game,
        games::join_game,
        games::leave_game,
        games::legal_actions,
        games::submit_action,
        games::list_events,
        openapi_json,
        swagger_ui,
    ),
    components(schemas(
        Problem,
        ops::Health,
        cards::CardDto,
        cards::CardsResponse,
        accounts::Credentials,
        accounts::AccountDto,
        accounts::TokenResponse,
        games::SeatDto,
        games::GameSummaryDto,
        games::GamePage,
        games::GameDto,
        games::ActionResult,
        games::LegalActions,
        games::EventDto,
        games::EventPage,
        schema::ViewSchema,
        schema::ActionSchema,
        schema::EventSchema,
        schema::GameOptionsSchema,
        schema::OptionsRequestSchema,
    )),
    modifiers(&BearerScheme, &ProblemCodes),
    tags(
        (name = "accounts", description = "Accounts and access tokens"),
        (name = "cards", description = "The card table"),
        (name = "games", description = "The lobby, views, actions and event streams"),
        (name = "operations", description = "Health, readiness and metrics"),
    )
)]
pub struct ApiDoc;

/// This document, as JSON (served by the Swagger UI service).
#[utoipa::path(get, path = "/openapi.json", tag = "operations",
    responses((status = 200, description = "The OpenAPI 3.1 document",
        content((Object = "application/json")))))]
#[allow(dead_code)]
fn openapi_json() {}

/// Swagger UI for this document, bundled with the server (`/docs` redirects to `/docs/`).
#[utoipa::path(get, path = "/docs/", tag = "operations",
    responses((status = 200, description = "Swagger UI", content_type = "text/html")))]
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
                        "An access token from `POST /v1/auth/token`, sent as \
                         `Authorization: Bearer <token>`.",
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
            super::error::all_codes()
                .into_iter()
                .map(|(c, _)| serde_json::Value::from(c))
                .collect(),
        );
    }
}

/// The document as committed: pretty-printed JSON with a trailing newline.
pub fn to_pretty_json() -> String {
    let mut s = ApiDoc::openapi()
        .to_pretty_json()
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    s.push('\n');
    s
}
