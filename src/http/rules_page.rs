//! The rules for players, as pages a person reads: `/rules` (English) and `/rules/fr` (French),
//! rendered once from `web/rules/en.md` and `fr.md` into the template `web/rules/page.html`,
//! styled by `/static/rules.css`. The engine's reference for the API (`/docs/rules`) is apart.
//! Static bytes only: no state, no database.
//!
//! Caching as the web client's page (`web.rs`): a strong `ETag`, `no-cache` (always
//! revalidated, so a new release is read at once), 304 on `If-None-Match`.

use std::sync::LazyLock;

use actix_web::http::header;
use actix_web::middleware::Compress;
use actix_web::{HttpRequest, HttpResponse, web};
use pulldown_cmark::{CowStr, Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd, html};
use sha2::{Digest, Sha256};

use crate::http::web_client::{PAGE_CSP, holds};

/// `/rules` and `/rules/fr`, GET and HEAD, compressed as the browser accepts.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/rules")
            .wrap(Compress::default())
            .route(web::get().to(rules))
            .route(web::head().to(rules)),
    )
    .service(
        web::resource("/rules/fr")
            .wrap(Compress::default())
            .route(web::get().to(rules_fr))
            .route(web::head().to(rules_fr)),
    );
}

/// The rules of the game and of the service, for players, as an HTML page.
#[utoipa::path(get, path = "/rules", tag = "operations", operation_id = "rules_page",
    responses(
        (status = 200, description = "The rules for players (`web/rules/en.md`), as an HTML page: \
            the game in the rulebook's order, then the service rules. Each power has its own \
            anchor (`#power-cochrane`, ...), as do `#end-of-skirmish`, `#end-of-game` and \
            `#service-rules`. Revalidated with `ETag`",
            body = String, content_type = "text/html",
            example = json!("<!doctype html>\n<html lang=\"en\">...<h3 id=\"power-cochrane\">Cochrane: claim two Supporters</h3>...</html>")),
        (status = 304, description = "Not modified: the `If-None-Match` holds the page's `ETag`"),
    ))]
pub async fn rules(req: HttpRequest) -> HttpResponse {
    serve(&req, &ENGLISH_PAGE, ENGLISH.lang)
}

/// The same rules in French, in the French edition's vocabulary, with the same anchors.
#[utoipa::path(get, path = "/rules/fr", tag = "operations", operation_id = "rules_page_fr",
    responses(
        (status = 200, description = "The rules for players in French (`web/rules/fr.md`), with \
            the same anchors as `/rules`. Revalidated with `ETag`",
            body = String, content_type = "text/html",
            example = json!("<!doctype html>\n<html lang=\"fr\">...<h3 id=\"power-cochrane\">Cochrane : récupérez deux partisans</h3>...</html>")),
        (status = 304, description = "Not modified: the `If-None-Match` holds the page's `ETag`"),
    ))]
pub async fn rules_fr(req: HttpRequest) -> HttpResponse {
    serve(&req, &FRENCH_PAGE, FRENCH.lang)
}

/// One language's page: its text and the words around it.
struct Edition {
    lang: &'static str,
    markdown: &'static str,
    title: &'static str,
    description: &'static str,
    skip: &'static str,
    nav: &'static str,
    lobby: &'static str,
    to_top: &'static str,
    contents: &'static str,
    other_lang: &'static str,
    other_href: &'static str,
    other_label: &'static str,
}

const ENGLISH: Edition = Edition {
    lang: "en",
    markdown: include_str!("../../web/rules/en.md"),
    title: "Rules — Lords of Scotland",
    description: "How to play Lords of Scotland on this site: the card game, then the service's \
                  rules (clocks, bots, resigning, rematches, invitations).",
    skip: "Skip to the rules",
    nav: "Pages",
    lobby: "Back to the lobby",
    to_top: "Back to the top",
    contents: "Contents",
    other_lang: "fr",
    other_href: "/rules/fr",
    other_label: "Lire en français",
};

const FRENCH: Edition = Edition {
    lang: "fr",
    markdown: include_str!("../../web/rules/fr.md"),
    title: "Règles — Lords of Scotland",
    description: "Comment jouer à Lords of Scotland sur ce site : le jeu de cartes, puis les \
                  règles du service (délais, robots, abandon, revanche, invitations).",
    skip: "Aller aux règles",
    nav: "Pages",
    lobby: "Retour au salon",
    to_top: "Revenir en haut",
    contents: "Sommaire",
    other_lang: "en",
    other_href: "/rules",
    other_label: "Read in English",
};

const TEMPLATE: &str = include_str!("../../web/rules/page.html");

struct Page {
    html: String,
    etag: String,
}

static ENGLISH_PAGE: LazyLock<Page> = LazyLock::new(|| Page::render(&ENGLISH));
static FRENCH_PAGE: LazyLock<Page> = LazyLock::new(|| Page::render(&FRENCH));

impl Page {
    fn render(edition: &Edition) -> Page {
        // Heading attributes give every section and power its stable `{#id}`.
        let options = Options::ENABLE_TABLES
            | Options::ENABLE_HEADING_ATTRIBUTES
            | Options::ENABLE_SMART_PUNCTUATION;
        let french = edition.lang == "fr";
        let events: Vec<Event<'_>> = Parser::new_ext(edition.markdown, options)
            .map(|event| match event {
                Event::Text(text) if french => Event::Text(CowStr::from(french_spacing(&text))),
                other => other,
            })
            .collect();
        let mut content = String::with_capacity(edition.markdown.len() * 3 / 2);
        html::push_html(&mut content, events.iter().cloned());
        // The contents, before the first section: a list of links to the sections.
        let mut contents = format!(
            "<nav class=\"contents\" aria-label=\"{}\">\n",
            edition.contents
        );
        html::push_html(&mut contents, table_of_contents(&events).into_iter());
        contents.push_str("</nav>\n");
        let first_section = content.find("<h2").unwrap_or(content.len());
        content.insert_str(first_section, &contents);
        // The content goes in last, so that no placeholder is looked for inside it.
        let html = [
            ("{{lang}}", edition.lang),
            ("{{title}}", edition.title),
            ("{{description}}", edition.description),
            ("{{skip}}", edition.skip),
            ("{{nav}}", edition.nav),
            ("{{lobby}}", edition.lobby),
            ("{{to_top}}", edition.to_top),
            ("{{other_lang}}", edition.other_lang),
            ("{{other_href}}", edition.other_href),
            ("{{other_label}}", edition.other_label),
        ]
        .into_iter()
        .fold(TEMPLATE.to_owned(), |page, (key, value)| {
            page.replace(key, value)
        })
        .replace("{{content}}", &content);
        let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&html)[..16]));
        Page { html, etag }
    }
}

/// A numbered list of links to the sections (the second-level headings with an id), as events
/// for the same HTML writer, which escapes their text.
fn table_of_contents<'a>(events: &[Event<'a>]) -> Vec<Event<'a>> {
    let mut list = vec![Event::Start(Tag::List(Some(1)))];
    let mut in_section = false;
    for event in events {
        match event {
            Event::Start(Tag::Heading {
                level: HeadingLevel::H2,
                id: Some(id),
                ..
            }) => {
                in_section = true;
                list.push(Event::Start(Tag::Item));
                list.push(Event::Start(Tag::Link {
                    link_type: LinkType::Inline,
                    dest_url: CowStr::from(format!("#{id}")),
                    title: CowStr::from(""),
                    id: CowStr::from(""),
                }));
            }
            Event::Text(text) | Event::Code(text) if in_section => {
                list.push(Event::Text(text.clone()));
            }
            Event::End(TagEnd::Heading(HeadingLevel::H2)) if in_section => {
                in_section = false;
                list.push(Event::End(TagEnd::Link));
                list.push(Event::End(TagEnd::Item));
            }
            _ => {}
        }
    }
    list.push(Event::End(TagEnd::List(true)));
    list
}

/// French typography: a no-break space before `:`, and a narrow one before `;`, `?` and `!`, so a
/// line never starts with them on a narrow screen.
fn french_spacing(text: &str) -> String {
    text.replace(" :", "\u{a0}:")
        .replace(" ;", "\u{202f};")
        .replace(" ?", "\u{202f}?")
        .replace(" !", "\u{202f}!")
}

fn serve(req: &HttpRequest, page: &'static Page, lang: &'static str) -> HttpResponse {
    let held = holds(req, &page.etag);
    let mut res = if held {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    res.insert_header((header::ETAG, page.etag.as_str()))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::CONTENT_SECURITY_POLICY, PAGE_CSP))
        .insert_header((header::CONTENT_LANGUAGE, lang))
        .insert_header(("X-Content-Type-Options", "nosniff"));
    if held {
        return res.finish();
    }
    res.insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .body(page.html.as_str())
}
