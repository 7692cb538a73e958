//! The OpenAPI document: every endpoint, every status, the problem schema with the full list of
//! `code` values, the bearer scheme. `ApiDoc` is what utoipa derives; [`document`] finishes it
//! where utoipa 5 cannot (named variants with a `discriminator` for the tagged unions, examples
//! built from a real seeded game, `security: []` on public operations, 500 wherever the database
//! is touched). Served at `/openapi.json`, committed at `openapi/openapi.json`
//! (`lords openapi > openapi/openapi.json`; a test fails when stale, another runs Redocly's lint).

use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Map, Value, json};
use utoipa::Modify;
use utoipa::OpenApi;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{RefOr, Schema};

use super::error::{ErrorCode, Problem, RULE_TITLE};
use super::games::representations::ClockedAwaiting;
use super::streams::{self, StreamDocs};
use super::{accounts, cards, docs, games, ops, push, sessions, webhooks};
use crate::engine::{
    self, Action, FollowerRef, Game, OptionsRequest, RuleError, Seat, Viewer, decide,
    legal_actions, start,
};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Lords of Scotland Online",
        description = include_str!("../../docs/api-intro.md"),
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
        sessions::refresh,
        sessions::logout,
        sessions::change_password,
        games::lobby::create_game,
        games::lobby::list_games,
        games::views::get_game,
        games::lobby::join_game,
        games::lobby::leave_game,
        games::views::legal_actions,
        games::actions::submit_action,
        games::actions::resign,
        games::lobby::add_bot,
        games::events::list_events,
        games::invitations::create_invitation,
        games::invitations::my_invitations,
        games::invitations::rematch,
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
        openapi_json,
        swagger_ui,
        docs::rules,
        docs::rules_fr,
        docs::problem_page,
    ),
    components(schemas(
        Problem,
        ops::Health,
        cards::CardDto,
        cards::CardsResponse,
        sessions::Credentials,
        accounts::AccountDto,
        sessions::TokenResponse,
        sessions::RefreshRequest,
        sessions::LogoutRequest,
        sessions::PasswordChange,
        games::representations::SeatDto,
        games::representations::GameSummaryDto,
        games::representations::GamePage,
        games::representations::GameDto,
        games::representations::ActionResult,
        games::representations::LegalActions,
        games::representations::EventDto,
        games::representations::EventPage,
        crate::store::Visibility,
        games::representations::GameLink,
        games::lobby::CreateGameRequest,
        games::lobby::JoinRequest,
        accounts::AccountDeletion,
        games::invitations::InvitationRequest,
        games::invitations::InvitationDto,
        games::invitations::ReceivedInvitationDto,
        games::invitations::InvitationList,
        engine::View,
        engine::Action,
        engine::Event,
        engine::GameOptions,
        engine::OptionsRequest,
        streams::StreamTicket,
        streams::NotificationDto,
        crate::store::NotificationKind,
        webhooks::WebhookRequest,
        webhooks::WebhookDto,
        webhooks::WebhookCreated,
        webhooks::WebhookList,
        webhooks::WebhookAttemptDto,
        webhooks::DeliveryState,
        webhooks::WebhookDeliveryDto,
        webhooks::WebhookDeliveryList,
        push::VapidPublicKey,
        push::PushKeys,
        push::PushSubscriptionRequest,
        push::PushSubscriptionDto,
    )),
    modifiers(&BearerScheme, &ProblemCodes, &StreamDocs, &ClockedAwaiting),
    tags(
        (name = "accounts", description = "Accounts, access tokens and sessions (refresh, logout, password change)"),
        (name = "cards", description = "The card table"),
        (name = "games", description = "The lobby, views, actions and event streams"),
        (name = "notifications", description = "Webhooks (the caller's notifications POSTed to an endpoint of theirs as Standard Webhooks, with the record of every delivery) and Web Push subscriptions"),
        (name = "operations", description = "Health, readiness, metrics and this documentation"),
        (name = "streams", description = "Server-Sent Events: the caller's notifications and a game's events as they happen, and the tickets that let a browser's EventSource open them"),
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
                        "An access token from `POST /v1/auth/token` or `POST /v1/auth/refresh`, \
                         sent as `Authorization: Bearer <token>`. Stateless: it stays valid \
                         until it expires (15 minutes by default), even after a logout.",
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

/// The document as served and committed: what utoipa derives, finished by [`finish`].
pub fn document() -> Value {
    let mut doc =
        serde_json::to_value(ApiDoc::openapi()).unwrap_or_else(|e| json!({"error": e.to_string()}));
    finish(&mut doc);
    doc
}

/// The document as committed: pretty-printed JSON with a trailing newline.
pub fn to_pretty_json() -> String {
    let mut s = serde_json::to_string_pretty(&document())
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    s.push('\n');
    s
}

/// The tagged unions of the engine's JSON: schema name, tag field, suffix of the variant names.
const TAGGED_UNIONS: [(&str, &str); 3] =
    [("Action", "type"), ("Event", "type"), ("Decision", "kind")];

/// The tagged unions that are request bodies, whose type rejects unknown fields
/// (`deny_unknown_fields`): each variant is closed, which utoipa does for structs only.
const CLOSED_UNIONS: [&str; 1] = ["Action"];

/// Gives every variant of `Action`, `Event` and `Decision` its own schema, named after its tag and
/// the union (`muster` → `MusterAction`, `mustered` → `MusteredEvent`, `turn` → `TurnDecision`),
/// with a title and the variant's description, and turns each union into a `oneOf` of references
/// with a `discriminator` and its `mapping`. utoipa 5 derives neither for internally tagged enums;
/// without them generators name the variants `ActionType0..7`.
pub fn name_tagged_unions(schemas: &mut Map<String, Value>) {
    for (union, tag) in TAGGED_UNIONS {
        let Some(Value::Array(variants)) = schemas.get(union).and_then(|u| u.get("oneOf")).cloned()
        else {
            continue;
        };
        let mut refs = Vec::new();
        let mut mapping = Map::new();
        for mut variant in variants {
            let Some(value) = variant["properties"][tag]["enum"][0]
                .as_str()
                .map(str::to_owned)
            else {
                refs.push(variant);
                continue;
            };
            let name = format!("{}{union}", pascal_case(&value));
            if CLOSED_UNIONS.contains(&union) {
                variant["additionalProperties"] = json!(false);
            }
            variant["title"] = json!(name);
            variant["properties"][tag]["description"] = json!(format!(
                "Always `{value}` for this {}.",
                union.to_lowercase()
            ));
            let reference = format!("#/components/schemas/{name}");
            schemas.insert(name, variant);
            refs.push(json!({ "$ref": reference }));
            mapping.insert(value, json!(reference));
        }
        if let Some(Value::Object(u)) = schemas.get_mut(union) {
            u.insert("oneOf".into(), Value::Array(refs));
            u.insert(
                "discriminator".into(),
                json!({ "propertyName": tag, "mapping": mapping }),
            );
        }
    }
}

fn pascal_case(snake: &str) -> String {
    snake
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// Everything the derive cannot say; see the module documentation.
fn finish(doc: &mut Value) {
    if let Some(Value::Object(schemas)) = doc.pointer_mut("/components/schemas") {
        name_tagged_unions(schemas);
    }
    hoist_descriptions(doc);
    link_rules(doc);
    let schemas = doc
        .pointer("/components/schemas")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let Some(Value::Object(paths)) = doc.get_mut("paths") else {
        return;
    };
    for (path, item) in paths.iter_mut() {
        let Some(item) = item.as_object_mut() else {
            continue;
        };
        for (method, op) in item.iter_mut() {
            let Some(op) = op.as_object_mut() else {
                continue;
            };
            // Public operations say so (an absent `security` means "not stated").
            op.entry("security").or_insert_with(|| json!([]));
            // utoipa makes a one-line doc comment the summary only; linters want a description.
            if let Some(summary) = op.get("summary").cloned() {
                op.entry("description").or_insert(summary);
            }
            let responses = op.entry("responses").or_insert_with(|| json!({}));
            let touches_database = responses.get("503").is_some();
            if touches_database && responses.get("500").is_none() {
                responses["500"] = json!({
                    "description": "`internal_error`: logged with a request id (`X-Request-Id`), answered with a generic detail",
                    "content": { "application/problem+json": {
                        "schema": { "$ref": "#/components/schemas/Problem" } } }
                });
            }
            if let Some(Value::Object(responses)) = op.get_mut("responses") {
                for (status, response) in responses.iter_mut() {
                    problem_example(status, response);
                }
            }
            let key = format!("{method} {path}");
            let example = success_example(&key);
            if let Some(Value::Object(responses)) = op.get_mut("responses") {
                for (status, response) in responses.iter_mut() {
                    if !status.starts_with('2') {
                        continue;
                    }
                    let Some(media) = response.pointer_mut("/content/application~1json") else {
                        continue;
                    };
                    let schema = media["schema"]["$ref"]
                        .as_str()
                        .and_then(|r| r.strip_prefix("#/components/schemas/"))
                        .and_then(|name| schemas.get(name));
                    let filled = with_property_examples(example.clone(), schema);
                    if let Some(filled) = filled {
                        media["example"] = filled;
                    }
                }
            }
            if key == "post /v1/games/{id}/actions"
                && let Some(media) = op
                    .get_mut("requestBody")
                    .and_then(|b| b.pointer_mut("/content/application~1json"))
            {
                media["examples"] = action_examples();
            }
            if key == "post /v1/games"
                && let Some(media) = op
                    .get_mut("requestBody")
                    .and_then(|b| b.pointer_mut("/content/application~1json"))
            {
                media["examples"] = json!({
                    "two_players": { "summary": "A two-player game with the defaults",
                        "value": { "players": 2 } },
                    "four_players_with_bruce": { "summary": "Four players, Bruce included, a shorter game",
                        "value": { "players": 4, "include_bruce": true,
                            "power_rule": "lowest_in_clan", "target_score": 30 } }
                });
            }
        }
    }
}

/// An operation's success example: the hand-made one (if any) with every field it lacks taken
/// from the `example` of that property in the response schema. Without a hand-made one, the
/// property examples alone, when every required property has one.
fn with_property_examples(example: Option<Value>, schema: Option<&Value>) -> Option<Value> {
    let properties = schema
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object);
    let Some(properties) = properties else {
        return example;
    };
    let handmade = example.is_some();
    let mut example = example.unwrap_or_else(|| json!({}));
    let Some(fields) = example.as_object_mut() else {
        return Some(example);
    };
    for (name, property) in properties {
        if let (false, Some(value)) = (fields.contains_key(name), property.get("example")) {
            fields.insert(name.clone(), value.clone());
        }
    }
    let complete = schema
        .and_then(|s| s.get("required"))
        .and_then(Value::as_array)
        .is_none_or(|required| {
            required
                .iter()
                .filter_map(Value::as_str)
                .all(|r| fields.contains_key(r))
        });
    (handmade || complete).then_some(example)
}

/// A description utoipa puts beside a `$ref` inside a `oneOf` branch (an optional field's doc
/// comment) moves up to the field, where generators keep it.
fn hoist_descriptions(value: &mut Value) {
    match value {
        Value::Object(map) => {
            if map.get("description").is_none() {
                let moved =
                    map.get_mut("oneOf")
                        .and_then(Value::as_array_mut)
                        .and_then(|branches| {
                            branches.iter_mut().find_map(|b| {
                                b.as_object_mut()
                                    .filter(|b| b.contains_key("$ref"))
                                    .and_then(|b| b.remove("description"))
                            })
                        });
                if let Some(d) = moved {
                    map.insert("description".into(), d);
                }
            }
            map.values_mut().for_each(hoist_descriptions);
        }
        Value::Array(items) => items.iter_mut().for_each(hoist_descriptions),
        _ => {}
    }
}

/// Every "RULES §" in a description links to the rules document the server serves.
fn link_rules(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                match v {
                    Value::String(s) if key == "description" && s.contains("RULES §") => {
                        *s = s.replace("RULES §", "[RULES](/docs/rules) §");
                    }
                    _ => link_rules(v),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(link_rules),
        _ => {}
    }
}

/// One problem example per response: the first code its description names that really carries
/// that status.
fn problem_example(status: &str, response: &mut Value) {
    let Ok(status) = status.parse::<u16>() else {
        return;
    };
    let description = response["description"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let Some(media) = response.pointer_mut("/content/application~1problem+json") else {
        return;
    };
    let codes = super::error::all_codes();
    let named = description
        .split('`')
        .skip(1)
        .step_by(2)
        .find(|word| codes.iter().any(|(c, s)| c == word && *s == status));
    let Some(code) = named else {
        return;
    };
    let (title, detail) = problem_text(code);
    media["example"] = json!({
        "type": format!("/problems/{code}"),
        "title": title,
        "status": status,
        "detail": detail,
        "code": code,
    });
}

/// The title and a typical detail of a code, as the server writes them.
fn problem_text(code: &str) -> (String, String) {
    if let Some(rule) = RuleError::ALL.iter().find(|r| r.code() == code) {
        return (RULE_TITLE.into(), rule.to_string());
    }
    match ErrorCode::parse(code) {
        Some(error) => (error.title().into(), error.example().into()),
        None => (code.into(), code.into()),
    }
}

/// One request example per action type, as `legal-actions` lists them.
fn action_examples() -> Value {
    let target = FollowerRef {
        seat: Seat(1),
        position: 0,
    };
    let examples = [
        ("Recruit the card of slot 0", Action::Recruit { slot: 0 }),
        (
            "Muster card 17 (a Forsyth) face-up and draw with its power",
            Action::Muster {
                card: engine::CardId(17),
                face_up: true,
                use_power: true,
            },
        ),
        ("Pass (empty hand, no recruit left)", Action::Pass),
        (
            "Scott: copy the power of seat 1's first Follower",
            Action::CopyPower { target },
        ),
        (
            "Cockburn: take Supporter 44 into your army",
            Action::SwapSupporter {
                supporter: engine::CardId(44),
            },
        ),
        (
            "Fergusson: take seat 1's first Follower",
            Action::SwapFollower { target },
        ),
        (
            "Wemyss: discard seat 1's first Follower",
            Action::DiscardFollower { target },
        ),
        (
            "Claim Supporter 44 at the end of the skirmish",
            Action::ClaimSupporter {
                supporter: engine::CardId(44),
            },
        ),
    ];
    let mut map = Map::new();
    for (summary, action) in examples {
        map.insert(
            action.name().into(),
            json!({ "summary": summary, "value": action }),
        );
    }
    Value::Object(map)
}

const EXAMPLE_GAME: &str = "0195f3c2-6f1e-7a4b-9c1d-2f8e5a7b3c10";
const EXAMPLE_ACCOUNT: &str = "0195f3b8-1a2b-7c3d-8e4f-5a6b7c8d9e0f";
const EXAMPLE_REMATCH: &str = "0195f3d4-2b3c-7d4e-8f5a-6b7c8d9e0f1a";
const EXAMPLE_INVITATION: &str = "0195f3c9-3c4d-7e5f-8a6b-7c8d9e0f1a2b";
const EXAMPLE_WEBHOOK: &str = "0195f3e1-4d5e-7f6a-8b7c-8d9e0f1a2b3c";
const EXAMPLE_CREATED: &str = "2026-03-14T18:02:11.482Z";
const EXAMPLE_UPDATED: &str = "2026-03-14T18:09:47.120Z";
const EXAMPLE_DEADLINE: &str = "2026-03-17T18:09:47.120Z";

/// A two-player game from a fixed seed, a few actions in: the source of the examples of views,
/// legal actions and events, so that they are real engine output.
struct ExampleGame {
    events: Vec<engine::Event>,
    game: Game,
}

impl ExampleGame {
    fn new() -> Self {
        let mut rng = StdRng::seed_from_u64(1314);
        let options = OptionsRequest::new(2)
            .validate()
            .expect("two players are valid options");
        let mut events = start(&options, &mut rng).expect("a two-player game starts");
        let mut game = Game::replay(&events);
        for _ in 0..3 {
            let Some(awaiting) = game.awaiting() else {
                break;
            };
            let Some(action) = legal_actions(&game, awaiting.seat)
                .into_iter()
                .find(|a| matches!(a, Action::Muster { .. }))
            else {
                break;
            };
            let Ok(more) = decide(&game, awaiting.seat, &action, &mut rng) else {
                break;
            };
            for e in &more {
                game.apply(e);
            }
            events.extend(more);
        }
        Self { events, game }
    }

    fn version(&self) -> usize {
        self.events.len()
    }

    fn summary(&self, status: &str) -> Value {
        let mut seats = vec![json!({ "seat": 0, "username": "robert_bruce", "bot": null })];
        if status != "open" {
            seats.push(json!({ "seat": 1, "username": "james_douglas", "bot": null }));
        }
        let (version, awaiting, updated) = match status {
            "open" => (json!(0), Value::Null, EXAMPLE_CREATED),
            _ => (
                json!(self.version()),
                json!(self.game.awaiting().map(|a| a.seat)),
                EXAMPLE_UPDATED,
            ),
        };
        json!({
            "id": EXAMPLE_GAME,
            "status": status,
            "options": { "players": 2, "include_bruce": false,
                "power_rule": "lowest_strength", "target_score": 40,
                "turn_time_limit_s": 259_200, "max_timeouts": 3 },
            "seats": seats,
            "version": version,
            "awaiting": awaiting,
            "winners": null,
            "visibility": "public",
            "rematch": null,
            "rematch_of": null,
            "created_at": EXAMPLE_CREATED,
            "updated_at": updated,
            "deadline": if status == "active" { json!(EXAMPLE_DEADLINE) } else { Value::Null },
        })
    }

    fn view(&self, seat: u8) -> Value {
        let mut view = json!(engine::view(&self.game, Viewer::Seat(Seat(seat))));
        if let Some(awaiting) = view.get_mut("awaiting").and_then(Value::as_object_mut) {
            awaiting.insert("deadline".into(), json!(EXAMPLE_DEADLINE));
        }
        view
    }
}

/// The success example of an operation (`"<method> <path>"`), when it has a JSON body.
fn success_example(operation: &str) -> Option<Value> {
    let account = json!({ "id": EXAMPLE_ACCOUNT, "username": "robert_bruce",
        "created_at": EXAMPLE_CREATED });
    Some(match operation {
        "get /healthz" => json!({ "status": "ok" }),
        "get /readyz" => json!({ "status": "ready" }),
        "get /v1/cards" => {
            let mut cards = json!(cards::cards_response());
            if let Some(list) = cards["cards"].as_array_mut() {
                list.truncate(3);
            }
            cards
        }
        "post /v1/accounts" | "get /v1/me" => account,
        "post /v1/auth/token" => json!({
            "access_token": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMTk1ZjNiOC0xYTJiLTdjM2QtOGU0Zi01YTZiN2M4ZDllMGYiLCJleHAiOjE3NzM1MTU3MzF9.c2lnbmF0dXJl",
            "token_type": "Bearer",
            "expires_in": 900,
        }),
        "post /v1/games" | "post /v1/games/{id}/leave" => ExampleGame::new().summary("open"),
        "post /v1/games/{id}/join" => ExampleGame::new().summary("active"),
        "post /v1/games/{id}/rematch" => {
            let mut rematch = ExampleGame::new().summary("open");
            rematch["id"] = json!(EXAMPLE_REMATCH);
            rematch["seats"] = json!([{ "seat": 1, "username": "robert_bruce", "bot": null }]);
            rematch["rematch_of"] = json!({ "game_id": EXAMPLE_GAME });
            rematch
        }
        "post /v1/games/{id}/invitations" => json!({
            "id": EXAMPLE_INVITATION, "game_id": EXAMPLE_GAME,
            "code": "Zm9yIHRoZSBCcnVjZSwgZm9yIFNjb3RsYW5kLCBmb3IgZnJlZWRvbSE",
            "username": null, "uses": 1, "expires_at": EXAMPLE_UPDATED,
        }),
        "get /v1/me/invitations" => json!({ "invitations": [{
            "id": EXAMPLE_INVITATION, "game": ExampleGame::new().summary("open"),
            "inviter": "robert_bruce", "seat": null, "expires_at": EXAMPLE_UPDATED,
        }] }),
        "get /v1/games" => json!({
            "games": [ExampleGame::new().summary("active")],
            "next_cursor": "MjAyNi0wMy0xNFQxODowOTo0Ny4xMjBafDAxOTVmM2MyLTZmMWUtN2E0Yi05YzFkLTJmOGU1YTdiM2MxMA",
        }),
        "get /v1/games/{id}" => {
            let g = ExampleGame::new();
            json!({ "game": g.summary("active"), "your_seat": 0,
                "version": g.version(), "view": g.view(0) })
        }
        "get /v1/games/{id}/legal-actions" => {
            let g = ExampleGame::new();
            let actions = g
                .game
                .awaiting()
                .map(|a| legal_actions(&g.game, a.seat))
                .unwrap_or_default();
            json!({ "version": g.version(), "actions": actions })
        }
        "post /v1/games/{id}/bots" => {
            let mut game = ExampleGame::new().summary("open");
            game["seats"] = json!([{ "seat": 0, "username": "robert_bruce", "bot": null },
                { "seat": 1, "username": "mcts bot", "bot": "mcts" }]);
            game
        }
        "post /v1/games/{id}/actions" | "post /v1/games/{id}/resign" => {
            let g = ExampleGame::new();
            let seat = g.game.awaiting().map_or(0, |a| a.seat.0);
            json!({ "version": g.version(), "view": g.view(seat) })
        }
        "get /v1/games/{id}/events" => {
            let g = ExampleGame::new();
            let events: Vec<Value> = g
                .events
                .iter()
                .take(6)
                .enumerate()
                .map(|(i, e)| {
                    let event = json!(engine::redact(e, Viewer::Seat(Seat(0))));
                    json!({ "seq": i + 1, "seat": event.get("seat").cloned().unwrap_or(Value::Null),
                        "event": event, "recorded_at": null, "hash": null, "prev_hash": null })
                })
                .collect();
            json!({ "events": events, "complete": false, "next_after": 6 })
        }
        "post /v1/me/webhooks" | "get /v1/me/webhooks" => {
            let webhook = json!({
                "id": EXAMPLE_WEBHOOK, "url": "https://hooks.example.org/lords",
                "kinds": ["your_turn", "game_ended"], "created_at": EXAMPLE_CREATED,
                "failing_since": null, "disabled_at": null,
            });
            if operation.starts_with("post") {
                let mut created = webhook;
                created["secret"] = json!("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYo=");
                created
            } else {
                json!({ "webhooks": [webhook] })
            }
        }
        "get /v1/push/vapid-public-key" => json!({
            "public_key": "BNbxGYNMhEIi9zrneh7mqV4oUanjLUK3m-mYZBc62frMKrEoMk88r3Lk596T0ck9xlT-aOXbUI0xjNjlxeD8Ry0",
        }),
        "post /v1/me/push-subscriptions" => json!({
            "id": EXAMPLE_WEBHOOK,
            "endpoint": "https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O",
            "kinds": ["your_turn", "game_ended", "invited"], "created_at": EXAMPLE_CREATED,
        }),
        "get /v1/me/webhooks/{id}/deliveries" => json!({ "deliveries": [{
            "message_id": format!("msg_{}_7", EXAMPLE_ACCOUNT.replace('-', "")),
            "kind": "your_turn", "state": "delivered", "created_at": EXAMPLE_UPDATED,
            "next_attempt_at": null, "finished_at": EXAMPLE_UPDATED,
            "attempts": [
                { "attempt": 1, "attempted_at": EXAMPLE_UPDATED, "duration_ms": 10003,
                  "status_code": null, "error": "timed out after 10s" },
                { "attempt": 2, "attempted_at": EXAMPLE_UPDATED, "duration_ms": 84,
                  "status_code": 200, "error": null },
            ],
        }] }),
        _ => return None,
    })
}
