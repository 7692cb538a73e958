//! What an account is told, and how: `GET`/`PUT /v1/me/notification-settings` (email per kind
//! — immediately, in the daily digest, or off — and Web Push per kind, the digest's hour and
//! time zone, and whether mail to the address is failing), and the one-click unsubscribe of
//! RFC 8058 (`GET`/`POST /v1/unsubscribe/{token}`, no login). The settings and tokens are the
//! store's (`notify::mail::settings`); nothing here sends mail.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::api::credentials::AuthError;
use crate::api::error::ApiError;
use crate::api::error::codes::ErrorCode;
use crate::api::error::problem::Problem;
use crate::api::extractor::AuthUser;
use crate::api::i18n::Lang;
use crate::api::responses::{
    InternalError, MalformedJson, PayloadTooLarge, ServiceUnavailable, Unauthorized,
    UnsupportedMediaType,
};
use crate::api::state::AppState;
use crate::notify::mail::settings::{MailKind, StoredSettings};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/me/notification-settings")
            .route(web::get().to(get_settings))
            .route(web::put().to(put_settings)),
    )
    .service(
        web::resource("/unsubscribe/{token}")
            .route(web::get().to(unsubscribe_page))
            .route(web::post().to(unsubscribe)),
    );
}

/// How a kind reaches the account by mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EmailChoice {
    /// One mail as it happens.
    Immediately,
    /// Listed in the daily digest (at `digest_hour`), no mail of its own.
    Digest,
    Off,
}

/// The channels of one kind.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct KindChannels {
    pub email: EmailChoice,
    /// Whether Web Push delivers it to the account's subscriptions.
    pub push: bool,
}

/// Every kind, each with its channels.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NotificationKinds {
    /// A decision awaits you (no mail while you have a stream open, nor within 2 minutes of
    /// closing it).
    pub your_turn: KindChannels,
    /// A clocked decision of yours is about to time out.
    pub reminder: KindChannels,
    /// You are invited to a game by your username, challenged, or told that your challenge was
    /// declined or that your seek found its game (service rules §9.10).
    pub invited: KindChannels,
    /// A game of yours ended.
    pub game_over: KindChannels,
    /// A new message at one of your tables.
    pub chat: KindChannels,
}

/// What the account is told, and how.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "kinds": {"your_turn": {"email": "immediately", "push": true},
              "reminder": {"email": "immediately", "push": true},
              "invited": {"email": "immediately", "push": true},
              "game_over": {"email": "off", "push": false},
              "chat": {"email": "off", "push": false}},
    "digest_hour": 8, "time_zone": "UTC", "email_failing_since": null}))]
pub struct NotificationSettings {
    pub kinds: NotificationKinds,
    /// The hour (0–23, in `time_zone`) the daily digest is sent at, when a kind is `digest`.
    #[schema(minimum = 0, maximum = 23)]
    #[serde(deserialize_with = "crate::api::strict_json::whole_number")]
    pub digest_hour: i16,
    /// An IANA time zone name (`Europe/Paris`).
    #[schema(example = "UTC")]
    pub time_zone: String,
    /// Since when mail to your address has been failing (the SMTP server refused it, or was
    /// unreachable, for 3 days); `null` while mail goes through. Read-only: ignored on `PUT`.
    #[serde(default)]
    #[schema(read_only, required = true)]
    pub email_failing_since: Option<DateTime<Utc>>,
}

impl NotificationSettings {
    fn from_stored(s: StoredSettings) -> Result<Self, ApiError> {
        let kinds = serde_json::from_value(s.kinds).map_err(|e| {
            ApiError::Unexpected(anyhow::Error::new(e).context("stored notification settings"))
        })?;
        Ok(NotificationSettings {
            kinds,
            digest_hour: s.digest_hour,
            time_zone: s.time_zone,
            email_failing_since: s.email_failing_since,
        })
    }

    /// The document of a `PUT`, checked: every kind with a known value, an hour of the day, a
    /// known time zone.
    fn parse(body: Value) -> Result<Self, ApiError> {
        let invalid = |m: String| ApiError::Game(ErrorCode::InvalidNotificationSettings, m);
        let doc: NotificationSettings =
            serde_json::from_value(body).map_err(|e| invalid(e.to_string()))?;
        if !(0..=23).contains(&doc.digest_hour) {
            return Err(invalid("digest_hour is an hour of the day, 0 to 23".into()));
        }
        if doc.time_zone.parse::<chrono_tz::Tz>().is_err() {
            return Err(invalid(format!(
                "{:?} is not an IANA time zone name (such as Europe/Paris)",
                doc.time_zone
            )));
        }
        Ok(doc)
    }

    fn any_digest(&self) -> bool {
        let k = &self.kinds;
        [k.your_turn, k.reminder, k.invited, k.game_over, k.chat]
            .iter()
            .any(|c| c.email == EmailChoice::Digest)
    }
}

/// The caller's notification settings (the defaults shown here until changed).
#[utoipa::path(get, path = "/v1/me/notification-settings", tag = "notifications",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The settings", body = NotificationSettings),
        Unauthorized,
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn get_settings(
    user: AuthUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let stored =
        crate::notify::mail::settings::notification_settings(&state.store, user.account_id).await?;
    Ok(HttpResponse::Ok().json(NotificationSettings::from_stored(stored)?))
}

/// Replaces the caller's notification settings with the whole document (every kind, the
/// digest's hour and time zone; `email_failing_since` is ignored). The account's Web Push
/// subscriptions deliver from now on the kinds whose `push` is true. Answers the settings
/// saved.
#[utoipa::path(put, path = "/v1/me/notification-settings", tag = "notifications",
    security(("bearer" = [])),
    request_body = NotificationSettings,
    responses(
        (status = 200, description = "Saved", body = NotificationSettings),
        MalformedJson,
        Unauthorized,
        PayloadTooLarge,
        UnsupportedMediaType,
        (status = 422, description = "`invalid_notification_settings`: a kind missing or unknown, an `email` other than `immediately`, `digest` or `off`, `digest_hour` outside 0–23, or an unknown time zone",
            body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn put_settings(
    user: AuthUser,
    state: web::Data<AppState>,
    body: web::Json<Value>,
) -> Result<HttpResponse, ApiError> {
    let doc = NotificationSettings::parse(body.into_inner())?;
    let kinds = serde_json::to_value(doc.kinds)
        .map_err(|e| ApiError::Unexpected(anyhow::Error::new(e).context("serialize kinds")))?;
    let digest = doc.any_digest();
    let stored = StoredSettings {
        kinds,
        digest_hour: doc.digest_hour,
        time_zone: doc.time_zone,
        email_failing_since: None,
    };
    let saved = crate::notify::mail::settings::put_notification_settings(
        &state.store,
        user.account_id,
        &stored,
        digest,
    )
    .await?
    .ok_or(ApiError::Unauthorized(AuthError::InvalidToken(None)))?;
    Ok(HttpResponse::Ok().json(NotificationSettings::from_stored(saved)?))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct UnsubscribePath {
    /// The token of a mail's `List-Unsubscribe` link.
    pub token: String,
}

/// The account and kind a token names, or 404 `token_not_found`.
async fn token_of(
    state: &AppState,
    token: &str,
) -> Result<(crate::eventstore::AccountId, MailKind), ApiError> {
    let key = crate::notify::mail::settings::unsubscribe_key(&state.pool).await?;
    crate::notify::mail::settings::check_unsubscribe_token(&key, token).ok_or_else(|| {
        ApiError::Game(
            ErrorCode::TokenNotFound,
            "this unsubscribe link is not one of this server's".into(),
        )
    })
}

/// Whether `body` is a one-click unsubscribe's (RFC 8058 §3.1): `List-Unsubscribe=One-Click`,
/// form-encoded as mail clients send it, or as a field of a multipart form.
fn one_click(body: &[u8]) -> bool {
    let form =
        url::form_urlencoded::parse(body).any(|(k, v)| k == "List-Unsubscribe" && v == "One-Click");
    let text = String::from_utf8_lossy(body);
    form || (text.contains("name=\"List-Unsubscribe\"") && text.contains("One-Click"))
}

/// Whether the request is a browser's (the page's button), which is shown a page back.
fn wants_html(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/html"))
}

fn lang_of(req: &HttpRequest) -> Lang {
    Lang::negotiate(
        req.headers()
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    )
}

fn html(lang: Lang, page: String) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_LANGUAGE, lang.tag()))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .content_type("text/html; charset=utf-8")
        .body(page)
}

/// One-click unsubscribe (RFC 8058), as mail clients do it: `POST` with the form body
/// `List-Unsubscribe=One-Click`, no login. Turns that kind's email off for the account the
/// link was mailed to (a digest's link: every kind mailed as a digest). Done again, it changes
/// nothing more. A browser (the page's button, `Accept: text/html`) is answered with a page
/// saying what is now off.
#[utoipa::path(post, path = "/v1/unsubscribe/{token}", tag = "notifications",
    params(UnsubscribePath),
    request_body(content = String, content_type = "application/x-www-form-urlencoded",
        description = "`List-Unsubscribe=One-Click`"),
    responses(
        (status = 204, description = "That kind's email is off"),
        (status = 200, description = "That kind's email is off: the page saying so, to a browser",
            body = String, content_type = "text/html"),
        (status = 400, description = "`bad_request`: the body is not `List-Unsubscribe=One-Click` (nothing changed)",
            body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`token_not_found`: not a link this server mailed",
            body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn unsubscribe(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<UnsubscribePath>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let (account, kind) = token_of(&state, &path.token).await?;
    if !one_click(&body) {
        return Err(ApiError::Game(
            ErrorCode::BadRequest,
            "a one-click unsubscribe's body is List-Unsubscribe=One-Click (RFC 8058)".into(),
        ));
    }
    if !crate::notify::mail::settings::unsubscribe(&state.store, account, kind).await? {
        return Err(ApiError::Game(
            ErrorCode::TokenNotFound,
            "the account of this link is gone".into(),
        ));
    }
    if wants_html(&req) {
        let lang = lang_of(&req);
        return Ok(html(lang, page(lang, kind, &path.token, false)));
    }
    Ok(HttpResponse::NoContent().finish())
}

/// The page a person sees following a mail's unsubscribe link: what it turns off and whether
/// it is off already, with a button that turns it off (a `POST` of the same address). Changes
/// nothing itself: mail scanners follow links. English or French by `Accept-Language`.
#[utoipa::path(get, path = "/v1/unsubscribe/{token}", tag = "notifications",
    params(UnsubscribePath),
    responses(
        (status = 200, description = "The page", body = String, content_type = "text/html"),
        (status = 404, description = "`token_not_found`: not a link this server mailed",
            body = Problem, content_type = "application/problem+json"),
        InternalError,
        ServiceUnavailable,
    ))]
pub async fn unsubscribe_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<UnsubscribePath>,
) -> Result<HttpResponse, ApiError> {
    let (account, kind) = token_of(&state, &path.token).await?;
    let on = crate::notify::mail::settings::notification_settings(&state.store, account)
        .await?
        .mails(kind);
    let lang = lang_of(&req);
    Ok(html(lang, page(lang, kind, &path.token, on)))
}

/// The unsubscribe page: while that mail is `on`, what the link turns off and the button that
/// does it; once off, that it is off.
fn page(lang: Lang, kind: MailKind, token: &str, on: bool) -> String {
    let what = match (lang, kind) {
        (Lang::En, MailKind::YourTurn) => "the mails saying it is your turn",
        (Lang::En, MailKind::Reminder) => "the mails reminding you that time is running out",
        (Lang::En, MailKind::Invited) => {
            "the mails about invitations, challenges and seeks that found a game"
        }
        (Lang::En, MailKind::GameOver) => "the mails saying a game is over",
        (Lang::En, MailKind::Chat) => "the mails about new messages at your tables",
        (Lang::En, _) => "the daily digest",
        (Lang::Fr, MailKind::YourTurn) => "les e-mails vous disant que c'est à vous de jouer",
        (Lang::Fr, MailKind::Reminder) => "les e-mails vous rappelant que le temps presse",
        (Lang::Fr, MailKind::Invited) => {
            "les e-mails d'invitation, de défi et de recherche de partie aboutie"
        }
        (Lang::Fr, MailKind::GameOver) => "les e-mails annonçant la fin d'une partie",
        (Lang::Fr, MailKind::Chat) => "les e-mails des nouveaux messages à vos tables",
        (Lang::Fr, _) => "le résumé quotidien",
    };
    let (title, line, done, button, settings) = match lang {
        Lang::En => (
            "Unsubscribe",
            "This turns off",
            "Turned off:",
            "Turn them off",
            "Choose what you are told in your settings.",
        ),
        Lang::Fr => (
            "Se désabonner",
            "Ceci désactive",
            "Désactivés\u{a0}:",
            "Les désactiver",
            "Choisissez ce qui vous est envoyé dans vos réglages.",
        ),
    };
    // A token that passed the check is base64url: nothing in it to escape.
    let body = if on {
        format!(
            "<p>{line} {what}.</p>\
             <form method=\"post\" action=\"/v1/unsubscribe/{token}\">\
             <input type=\"hidden\" name=\"List-Unsubscribe\" value=\"One-Click\">\
             <button type=\"submit\">{button}</button></form>"
        )
    } else {
        format!("<p role=\"status\">{done} {what}.</p>")
    };
    format!(
        "<!doctype html><html lang=\"{tag}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title></head><body><main><h1>{title}</h1>{body}\
         <p><a href=\"/#/settings\">{settings}</a></p></main></body></html>",
        tag = lang.tag()
    )
}
