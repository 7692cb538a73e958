//! Documentation the document links to: the rules this server enforces (`docs/rules.md`, built
//! into the binary), how a game is audited (`docs/audit.md`, which the web client's audit page
//! links to) and one page per problem `code`, so that every `type` URI of a problem
//! (`/problems/<code>`) resolves. Static text only: no state, no database.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::api::error::ApiError;
use crate::api::error::codes::{ErrorCode, RULE_TITLE};
use rules::RuleError;

/// A committed Markdown document (in `lang` when not English), kept by caches for an hour.
fn markdown(body: &'static str, lang: Option<&'static str>) -> HttpResponse {
    let mut res = HttpResponse::Ok();
    res.insert_header((header::CONTENT_TYPE, "text/markdown; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"));
    if let Some(lang) = lang {
        res.insert_header((header::CONTENT_LANGUAGE, lang));
    }
    res.body(body)
}

/// The rules document, as committed in `docs/rules.md`.
pub const RULES_MARKDOWN: &str = include_str!("../../docs/rules.md");

/// The rules this server enforces, as Markdown: the "RULES §" of every description.
#[utoipa::path(get, path = "/docs/rules", tag = "operations",
    responses((status = 200, description = "`docs/rules.md`, the rules this server enforces",
        body = String, content_type = "text/markdown",
        example = json!("# Lords of Scotland: the rules this server enforces\n..."))))]
pub async fn rules() -> HttpResponse {
    markdown(RULES_MARKDOWN, None)
}

/// The same rules in French (`docs/rules.fr.md`): the same sections and numbering.
pub const RULES_MARKDOWN_FR: &str = include_str!("../../docs/rules.fr.md");

/// The rules this server enforces, in French: `docs/rules.fr.md`, with the same sections and
/// numbering as `/docs/rules`, in the French edition's vocabulary (allié, recrue, partisan,
/// jeton Initiative).
#[utoipa::path(get, path = "/docs/rules.fr", tag = "operations",
    responses((status = 200, description = "`docs/rules.fr.md`, the rules this server enforces, in French",
        body = String, content_type = "text/markdown",
        example = json!("# Lords of Scotland : les règles appliquées par ce serveur\n..."))))]
pub async fn rules_fr() -> HttpResponse {
    markdown(RULES_MARKDOWN_FR, Some("fr"))
}

/// The audit document, as committed in `docs/audit.md`.
pub const AUDIT_MARKDOWN: &str = include_str!("../../docs/audit.md");

/// How a game proves itself (`docs/audit.md`): the hash chain, shuffle commitments, receipts and
/// the transparency log; the web client's audit page links here.
#[utoipa::path(get, path = "/docs/audit", tag = "operations", operation_id = "audit_document",
    responses((status = 200, description = "`docs/audit.md`, how a finished game is audited",
        body = String, content_type = "text/markdown",
        example = json!("# Auditing a game\n..."))))]
pub async fn audit() -> HttpResponse {
    markdown(AUDIT_MARKDOWN, None)
}

/// What a problem `code` means: the page its `type` URI names.
#[utoipa::path(get, path = "/problems/{code}", tag = "operations",
    params(("code" = String, Path, description = "A problem code, e.g. `not_your_turn`", pattern = "^[a-z_]{1,64}$")),
    responses(
        (status = 200, description = "A short HTML page: the code, its status and its meaning",
            body = String, content_type = "text/html",
            example = json!("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>not_your_turn</title></head><body><h1><code>not_your_turn</code></h1><p>HTTP 422 Rule violation</p>...</body></html>")),
        (status = 404, description = "`not_found`: no such code", body = crate::api::error::problem::Problem,
            content_type = "application/problem+json"),
    ))]
pub async fn problem_page(code: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let code = code.into_inner();
    let (status, title, meaning) = if let Some(c) = ErrorCode::parse(&code) {
        (c.status().as_u16(), c.title(), c.meaning().to_string())
    } else if let Some(r) = RuleError::ALL.iter().find(|r| r.code() == code) {
        (
            422,
            RULE_TITLE,
            format!(
                "The rules forbid the action: {r}. See the rules (/docs/rules); \
                 GET /v1/games/{{id}}/legal-actions lists what is allowed now."
            ),
        )
    } else {
        return Err(ApiError::NotFound(format!("no problem code {code:?}")));
    };
    let body = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{code}</title></head><body>\n<h1><code>{code}</code></h1>\n\
         <p>HTTP {status} {title}</p>\n<p>{meaning}</p>\n\
         <p>Problems are <code>application/problem+json</code> documents (RFC 9457): branch on \
         their <code>code</code>, never on <code>title</code> or <code>detail</code>. \
         Every code is listed in the OpenAPI document (<a href=\"/openapi.json\">/openapi.json</a>, \
         schema <code>Problem</code>).</p>\n</body></html>\n",
        meaning = html_escape(&meaning),
    );
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(body))
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
