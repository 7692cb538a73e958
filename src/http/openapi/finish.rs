//! The document's finishing step, for what utoipa cannot derive: named variants with a
//! `discriminator` for the tagged unions, closed request variants, descriptions moved where
//! generators keep them, links to the rules, each `/v1` operation's `security` from the scope
//! table (`security: []` on public operations), the `oauth2` scheme, 500 wherever the database
//! is touched, optional request bodies described by their schema alone, and the examples.

use serde_json::{Map, Value, json};

use crate::api::error::codes::{ErrorCode, RULE_TITLE};
use crate::api::scope::{Access, Scope};
use crate::api::scopes;
use rules::RuleError;

use crate::http::openapi::examples::{action_examples, success_example};

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
fn name_tagged_unions(schemas: &mut Map<String, Value>) {
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
pub(crate) fn finish(doc: &mut Value) {
    if let Some(Value::Object(schemes)) = doc.pointer_mut("/components/securitySchemes") {
        schemes.insert("oauth2".into(), oauth2_scheme());
    }
    if let Some(Value::Object(schemas)) = doc.pointer_mut("/components/schemas") {
        name_tagged_unions(schemas);
    }
    if let Some(Value::Object(components)) = doc.get_mut("components") {
        components.insert("headers".into(), rate_limit_headers());
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
            // What a `/v1` operation asks is the scope table's row (an operation it lacks is
            // first-party only, as the extractor treats it); other public operations say so
            // (an absent `security` means "not stated").
            if path.starts_with("/v1/") {
                let stream = op
                    .get("security")
                    .is_some_and(|s| s.to_string().contains("stream_ticket"));
                let access = scopes::access_of(method, path).unwrap_or(Access::FirstParty);
                op.insert("security".into(), scopes::security(access, stream));
                document_refusals(op, access);
            }
            op.entry("security").or_insert_with(|| json!([]));
            if let Some(body) = op.get_mut("requestBody") {
                optional_body_without_null(body);
            }
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
            // Denying answers 200 with the error in the redirect, never a code.
            if key == "post /v1/oauth/authorizations"
                && let Some(media) = op
                    .get_mut("responses")
                    .and_then(|r| r.pointer_mut("/200/content/application~1json"))
            {
                media["example"] = json!({
                    "redirect_to": "https://app.example/callback?error=access_denied&state=af0ifjsldkj",
                });
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
            if path.starts_with("/v1/") {
                let method = actix_web::http::Method::from_bytes(method.to_uppercase().as_bytes())
                    .unwrap_or(actix_web::http::Method::GET);
                let counted = crate::http::rate_limits::Budget::of(&method, path).counted();
                publish_rate_limits(op, counted);
            }
        }
    }
}

/// An optional request body (`Option<T>`, which utoipa writes as `oneOf: [null, T]`), in JSON or
/// a form, is described as `T` alone: leaving the body out is what makes it optional
/// (`required` is not set). With the `null` branch, openapi-python-client's generated call sends
/// its "unset" marker as the body when the body is left out, which cannot be serialized.
fn optional_body_without_null(body: &mut Value) {
    if body.get("required") == Some(&Value::Bool(true)) {
        return;
    }
    let Some(Value::Object(media)) = body.get_mut("content") else {
        return;
    };
    for schema in media.values_mut().filter_map(|m| m.get_mut("schema")) {
        let Some(Value::Array(branches)) = schema.get("oneOf") else {
            continue;
        };
        let mut rest = branches.iter().filter(|b| **b != json!({"type": "null"}));
        if let (Some(only), None) = (rest.next(), rest.next())
            && branches.len() == 2
        {
            *schema = only.clone();
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
    let codes = crate::api::error::codes::all_codes();
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

/// The rate-limit headers every `/v1` answer carries (draft-ietf-httpapi-ratelimit-headers).
fn rate_limit_headers() -> Value {
    json!({
        "RateLimit-Policy": {
            "description": "The budget this request spends, as a Structured Field list of one \
                item: its name (`reads`, `actions`, `bot-actions`, `lobby-writes`, `sign-in`, \
                `password-reset`, `sign-up`), `q` the quota and `w` the window in seconds.",
            "schema": { "type": "string" },
            "example": "\"reads\";q=600;w=60"
        },
        "RateLimit": {
            "description": "What is left of that budget: `r` requests remaining and `t` \
                seconds until the window ends.",
            "schema": { "type": "string" },
            "example": "\"reads\";r=598;t=41"
        }
    })
}

/// Every answer of a `/v1` operation names the rate-limit headers, and 429
/// `too_many_requests` is among the answers of those whose budget is `counted` (the sign-in
/// routes keep their own 429s).
fn publish_rate_limits(op: &mut Map<String, Value>, counted: bool) {
    let Some(Value::Object(responses)) = op.get_mut("responses") else {
        return;
    };
    const SPENT: &str = "`too_many_requests`: this kind of request's budget is spent; see \
        `Retry-After` and the `RateLimit` headers";
    match responses.get_mut("429") {
        _ if !counted => {}
        Some(existing) => {
            let described = existing["description"].as_str().unwrap_or_default();
            if !described.contains("too_many_requests") {
                existing["description"] = Value::from(format!("{described}; or {SPENT}"));
            }
        }
        None => {
            let mut spent = json!({
                "description": SPENT,
                "headers": { "Retry-After": {
                    "description": "Seconds to wait", "schema": { "type": "integer" } } },
                "content": { "application/problem+json": {
                    "schema": { "$ref": "#/components/schemas/Problem" } } }
            });
            problem_example("429", &mut spent);
            responses.insert("429".into(), spent);
        }
    }
    for response in responses.values_mut() {
        let Some(response) = response.as_object_mut() else {
            continue;
        };
        let headers = response.entry("headers").or_insert_with(|| json!({}));
        for name in ["RateLimit-Policy", "RateLimit"] {
            headers[name] = json!({ "$ref": format!("#/components/headers/{name}") });
        }
    }
}

/// The `oauth2` security scheme: the authorization code flow with PKCE (S256) for public
/// clients, and the scopes in words. Personal access tokens hold the same scopes.
fn oauth2_scheme() -> Value {
    let scopes: Map<String, Value> = Scope::ALL
        .iter()
        .map(|s| (s.as_str().to_string(), json!(s.describe())))
        .collect();
    json!({
        "type": "oauth2",
        "description": "An OAuth 2.0 access token (authorization code with PKCE S256, public \
            clients, no registration: see `/.well-known/oauth-authorization-server`), or a \
            personal access token (`lords_pat_…`, `POST /v1/me/tokens`) holding the scopes, sent \
            as `Authorization: Bearer <token>`. A token without the scope an operation names \
            gets 403 `insufficient_scope`.",
        "flows": { "authorizationCode": {
            "authorizationUrl": "/oauth/authorize",
            "tokenUrl": "/oauth/token",
            "refreshUrl": "/oauth/token",
            "scopes": scopes
        } }
    })
}

/// The 401 and 403 answers every protected `/v1` operation can give for its token, written
/// from the same access the server enforces: `unauthorized`/`invalid_token`, and
/// `insufficient_scope` or `first_party_only` beside the operation's own 403s.
fn document_refusals(op: &mut Map<String, Value>, access: Access) {
    let refused = match access {
        Access::Public | Access::Optional(_) => return,
        Access::Scoped(scope) => format!(
            "`insufficient_scope`: the token does not hold `{scope}` \
             (`WWW-Authenticate: Bearer error=\"insufficient_scope\", scope=\"{scope}\"`)"
        ),
        Access::FirstParty => "`first_party_only`: a personal or OAuth token; this operation \
            is for a session signed in with a password"
            .to_string(),
    };
    let problem = json!({ "application/problem+json": {
        "schema": { "$ref": "#/components/schemas/Problem" } } });
    let responses = op.entry("responses").or_insert_with(|| json!({}));
    let ticket = responses["401"]["description"]
        .as_str()
        .is_some_and(|d| d.contains("ticket"));
    let mut unauthorized = "`unauthorized`: no bearer token; `invalid_token`: a malformed, \
        expired or revoked one, or one whose account is gone (`WWW-Authenticate: Bearer`)"
        .to_string();
    if ticket {
        unauthorized.push_str(
            "; a ticket that is unknown, expired or used, or whose session has ended, is \
             `invalid_token` too",
        );
    }
    responses["401"] = json!({ "description": unauthorized, "content": problem });
    match responses
        .get_mut("403")
        .and_then(|r| r.get_mut("description"))
    {
        Some(Value::String(description)) => {
            description.push_str("; ");
            description.push_str(&refused);
        }
        _ => responses["403"] = json!({ "description": refused, "content": problem }),
    }
}
