//! English and French: problem `title` and `detail` follow `Accept-Language` (French
//! when preferred, English otherwise) with `Content-Language`, and the `code` never changes; the
//! rules are served in both languages with the same sections.

use crate::common;

use common::app::{TestApp, problem, spawn_app};
use common::games::{Api, seat_table};
use serde_json::{Value, json};

fn root() -> &'static std::path::Path {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn content_language(res: &reqwest::Response) -> String {
    res.headers()
        .get("content-language")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default()
}

/// Submits `action` as `token` with `Accept-Language: lang` (none when empty).
async fn act_in(
    app: &TestApp,
    path: &str,
    token: &str,
    action: &Value,
    lang: &str,
) -> reqwest::Response {
    let mut req = app
        .client
        .post(app.url(path))
        .bearer_auth(token)
        .json(action);
    if !lang.is_empty() {
        req = req.header("Accept-Language", lang);
    }
    req.send().await.unwrap()
}

#[tokio::test]
async fn a_rule_refusal_in_french_reads_in_french_and_keeps_its_code() {
    let app = spawn_app().await;
    let api = Api::of(&app);
    let table = seat_table(&app, "joueur", json!({"players": 2})).await;
    let g = api.game(&table.id, table.seat(0)).await;
    let awaited = g["view"]["awaiting"]["seat"].as_u64().unwrap();
    let other = table.seat(1 - awaited);
    let path = table.path("/actions");
    let action = json!({"type": "pass"});

    let res = act_in(&app, &path, other, &action, "fr-FR,fr;q=0.9,en;q=0.8").await;
    assert_eq!(content_language(&res), "fr");
    let vary = res.headers()["vary"].to_str().unwrap().to_string();
    assert!(vary.contains("Accept-Language"), "{vary}");
    let fr = problem(res, 422, "not_your_turn").await;
    assert_eq!(fr["detail"], "ce n'est pas à vous de décider");
    assert_eq!(fr["title"], "Coup contraire aux règles");
    assert_eq!(fr["type"], "/problems/not_your_turn");

    for lang in ["", "en", "de-DE", "en;q=0.9, fr;q=0.5"] {
        let res = act_in(&app, &path, other, &action, lang).await;
        assert_eq!(content_language(&res), "en", "{lang:?}");
        let en = problem(res, 422, "not_your_turn").await;
        assert_eq!(en["detail"], "it is not your decision", "{lang:?}");
        assert_eq!(en["title"], "Rule violation", "{lang:?}");
    }
}

#[tokio::test]
async fn the_problems_of_the_http_shell_follow_accept_language_too() {
    let app = spawn_app().await;
    let fr = |req: reqwest::RequestBuilder| req.header("Accept-Language", "fr");

    let res = fr(app.client.post(app.url("/v1/auth/token")))
        .json(&json!({"username": "personne", "password": "mauvais-mot-de-passe"}))
        .send()
        .await
        .unwrap();
    assert_eq!(content_language(&res), "fr");
    let body = problem(res, 401, "invalid_credentials").await;
    assert_eq!(body["title"], "Identifiants incorrects");
    assert_eq!(
        body["detail"],
        "le nom d'utilisateur ou le mot de passe est incorrect"
    );

    // The router's own 404 and 405, and a figure carried into the French detail.
    let res = fr(app.client.get(app.url("/v1/nulle-part")))
        .send()
        .await
        .unwrap();
    let body = problem(res, 404, "not_found").await;
    assert_eq!(body["detail"], "rien ne se trouve à cette adresse");
    let res = fr(app.client.delete(app.url("/v1/cards")))
        .send()
        .await
        .unwrap();
    let body = problem(res, 405, "method_not_allowed").await;
    let detail = body["detail"].as_str().unwrap();
    assert!(detail.starts_with("cette ressource accepte : "), "{detail}");
    assert!(detail.contains("GET"), "{detail}");

    let res = fr(app.client.post(app.url("/v1/accounts")))
        .json(&json!({"username": "x", "password": "bannockburn1314"}))
        .send()
        .await
        .unwrap();
    let body = problem(res, 422, "invalid_username").await;
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .starts_with("un nom d'utilisateur")
    );

    // A page that is no problem keeps its own headers.
    let res = fr(app.client.get(app.url("/v1/cards")))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.headers().get("content-language").is_none());
}

/// The `## n.` and `### n.m` headings' numbers of a Markdown rules document.
fn numbering(markdown: &str) -> Vec<String> {
    markdown
        .lines()
        .filter(|l| l.starts_with("## ") || l.starts_with("### "))
        .map(|l| {
            let (hashes, rest) = l.split_once(' ').unwrap();
            let number = rest
                .split_whitespace()
                .next()
                .filter(|w| w.starts_with(|c: char| c.is_ascii_digit()))
                .unwrap_or("-");
            format!("{hashes} {number}")
        })
        .collect()
}

#[tokio::test]
async fn the_rules_are_served_in_french_with_the_english_sections_and_numbering() {
    let app = spawn_app().await;
    let res = app.get("/docs/rules.fr").await;
    assert_eq!(res.status(), 200);
    let content_type = res.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(content_type.starts_with("text/markdown"), "{content_type}");
    assert_eq!(content_language(&res), "fr");
    let served = res.text().await.unwrap();
    let committed = std::fs::read_to_string(root().join("docs/rules.fr.md")).unwrap();
    assert_eq!(served, committed);
    let english = std::fs::read_to_string(root().join("docs/rules.md")).unwrap();
    assert_eq!(numbering(&served), numbering(&english));
    for word in ["allié", "recrue", "partisan", "jeton Initiative"] {
        assert!(served.contains(word), "{word}");
    }
}
