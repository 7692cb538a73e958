//! What a mail says: subject, text and HTML (escaped) in the account's language, the links of
//! the web client, and the headers that thread a game's mails and unsubscribe in one click.
//! Every text of every mail is in [`EN`] and [`FR`]; the HTML's markup is in
//! `templates/mail/`. Pure: no queue, no database, no sending.

use askama::Template;
use chrono::{DateTime, Utc};
use lettre::Message;
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart, header};

use crate::notify::mail::settings::{AwaitingGame, MailKind};

/// What a mail is about, as the worker found it just before sending.
#[derive(Debug, Clone)]
pub struct Mail<'a> {
    /// The queue row's id: the Message-ID's local part.
    pub id: uuid::Uuid,
    pub kind: MailKind,
    pub to: &'a str,
    pub username: &'a str,
    pub language: &'a str,
    /// The IANA time zone its times are shown in (UTC when unknown).
    pub time_zone: &'a str,
    /// The game it is about, with the other players' names.
    pub game: Option<(uuid::Uuid, &'a [String])>,
    /// When the awaited decision times out, for a turn or a reminder.
    pub deadline: Option<DateTime<Utc>>,
    /// The games listed by a digest.
    pub digest: &'a [AwaitingGame],
    /// The raw token of a verification or a reset.
    pub token: Option<&'a str>,
    /// Game over: the place the account finished at, and whether it won.
    pub place: Option<(u64, bool)>,
    /// The one-click unsubscribe token (non-transactional mail).
    pub unsubscribe: Option<&'a str>,
    /// A challenge: who challenged the account (or, declined, who declined), the game's seats
    /// and why it was declined.
    pub challenge: Option<Challenged<'a>>,
}

/// What a challenge's mail says of it.
#[derive(Debug, Clone, Copy)]
pub struct Challenged<'a> {
    pub who: &'a str,
    pub players: u64,
    /// The reason of a decline (`generic`, `later`, `too_fast`, `too_slow`, `rated`, `casual`,
    /// `not_bots`).
    pub reason: Option<&'a str>,
}

/// Where the links point and who the mail is from.
#[derive(Debug, Clone)]
pub struct Site<'a> {
    /// Without a trailing slash.
    pub public_url: &'a str,
    pub from: &'a str,
}

impl Site<'_> {
    /// The host of every Message-ID.
    pub fn host(&self) -> String {
        url::Url::parse(self.public_url)
            .ok()
            .and_then(|u| u.host_str().map(str::to_string))
            .unwrap_or_else(|| "localhost".into())
    }
}

/// The texts of one language.
pub struct Texts {
    pub hello: &'static str,
    pub against: &'static str,
    pub and: &'static str,
    pub no_opponent: &'static str,
    pub your_turn_subject: &'static str,
    pub your_turn_line: &'static str,
    pub reminder_subject: &'static str,
    pub reminder_line: &'static str,
    pub invited_subject: &'static str,
    pub invited_line: &'static str,
    pub game_over_subject: &'static str,
    pub game_over_won: &'static str,
    pub game_over_place: &'static str,
    pub chat_subject: &'static str,
    pub chat_line: &'static str,
    pub seek_matched_subject: &'static str,
    pub seek_matched_line: &'static str,
    pub challenge_subject: &'static str,
    pub challenge_line: &'static str,
    pub challenge_declined_subject: &'static str,
    pub challenge_declined_line: &'static str,
    /// The reasons of a decline, in `generic`, `later`, `too_fast`, `too_slow`, `rated`,
    /// `casual`, `not_bots` order.
    pub decline_reasons: [&'static str; 7],
    pub see_challenges: &'static str,
    pub digest_subject_one: &'static str,
    pub digest_subject_many: &'static str,
    pub digest_line: &'static str,
    pub deadline: &'static str,
    pub no_deadline: &'static str,
    pub open_game: &'static str,
    /// Between a link's label and the link in the text part.
    pub colon: &'static str,
    pub verify_subject: &'static str,
    pub verify_line: &'static str,
    pub reset_subject: &'static str,
    pub reset_line: &'static str,
    pub ignore: &'static str,
    pub settings: &'static str,
    pub unsubscribe: &'static str,
}

pub const EN: Texts = Texts {
    hello: "Hello {name},",
    against: "against {players}",
    and: "and",
    no_opponent: "in your game",
    your_turn_subject: "Your turn {against}",
    your_turn_line: "It is your turn in the game {against}.",
    reminder_subject: "Time is running out {against}",
    reminder_line: "Your time to play in the game {against} is running out.",
    invited_subject: "You are invited to a game {against}",
    invited_line: "You are invited to a game {against}.",
    game_over_subject: "Game over {against}",
    game_over_won: "The game {against} is over: you won.",
    game_over_place: "The game {against} is over: you finished in place {place}.",
    chat_subject: "A new message {against}",
    chat_line: "There is a new message at the table {against}.",
    seek_matched_subject: "Your seek found a game {against}",
    seek_matched_line: "Your seek found a game {against}: it has begun.",
    challenge_subject: "{who} challenges you",
    challenge_line: "{who} challenges you to a game of {players} players.",
    challenge_declined_subject: "{who} declined your challenge",
    challenge_declined_line: "{who} declined your challenge: {reason}.",
    decline_reasons: [
        "no reason given",
        "not now",
        "the clock is too fast",
        "the clock is too slow",
        "a casual game, please",
        "a rated game, please",
        "no games with bots",
    ],
    see_challenges: "See your challenges",
    digest_subject_one: "1 game awaits you",
    digest_subject_many: "{count} games await you",
    digest_line: "These games await your move, the nearest deadline first:",
    deadline: "Deadline: {deadline}",
    no_deadline: "no deadline",
    open_game: "Open the game",
    colon: ": ",
    verify_subject: "Confirm your address",
    verify_line: "Confirm that this address is yours by opening this link (valid for 24 hours):",
    reset_subject: "Reset your password",
    reset_line: "Set a new password by opening this link (valid for 1 hour):",
    ignore: "If you did not ask for this, ignore this mail.",
    settings: "Choose what you are told by mail",
    unsubscribe: "Stop these mails",
};

pub const FR: Texts = Texts {
    hello: "Bonjour {name},",
    against: "contre {players}",
    and: "et",
    no_opponent: "dans votre partie",
    your_turn_subject: "À vous de jouer {against}",
    your_turn_line: "C'est à vous de jouer dans la partie {against}.",
    reminder_subject: "Le temps presse {against}",
    reminder_line: "Votre temps pour jouer dans la partie {against} est bientôt écoulé.",
    invited_subject: "Une invitation à une partie {against}",
    invited_line: "Vous avez reçu une invitation à une partie {against}.",
    game_over_subject: "Partie terminée {against}",
    game_over_won: "La partie {against} est terminée\u{a0}: vous avez gagné.",
    game_over_place: "La partie {against} est terminée\u{a0}: vous finissez à la place {place}.",
    chat_subject: "Un nouveau message {against}",
    chat_line: "Un nouveau message vous attend à la table {against}.",
    seek_matched_subject: "Votre recherche a trouvé une partie {against}",
    seek_matched_line: "Votre recherche a trouvé une partie {against}\u{a0}: elle a commencé.",
    challenge_subject: "{who} vous défie",
    challenge_line: "{who} vous défie à une partie à {players} joueurs.",
    challenge_declined_subject: "{who} a décliné votre défi",
    challenge_declined_line: "{who} a décliné votre défi\u{a0}: {reason}.",
    decline_reasons: [
        "sans raison donnée",
        "pas maintenant",
        "la pendule est trop rapide",
        "la pendule est trop lente",
        "plutôt une partie amicale",
        "plutôt une partie classée",
        "pas de partie avec des robots",
    ],
    see_challenges: "Voir vos défis",
    digest_subject_one: "1 partie vous attend",
    digest_subject_many: "{count} parties vous attendent",
    digest_line: "Ces parties attendent votre coup, l'échéance la plus proche d'abord\u{a0}:",
    deadline: "Échéance\u{a0}: {deadline}",
    no_deadline: "sans échéance",
    open_game: "Ouvrir la partie",
    colon: "\u{a0}: ",
    verify_subject: "Confirmez votre adresse",
    verify_line: "Confirmez que cette adresse est la vôtre en ouvrant ce lien (valable 24 heures)\u{a0}:",
    reset_subject: "Réinitialisez votre mot de passe",
    reset_line: "Choisissez un nouveau mot de passe en ouvrant ce lien (valable 1 heure)\u{a0}:",
    ignore: "Si vous n'avez rien demandé, ignorez ce message.",
    settings: "Choisir ce qui vous est envoyé par e-mail",
    unsubscribe: "Ne plus recevoir ces e-mails",
};

pub fn texts(language: &str) -> &'static Texts {
    match language {
        "fr" => &FR,
        _ => &EN,
    }
}

/// `List-Unsubscribe` (RFC 2369), its value as given.
#[derive(Debug, Clone)]
struct ListUnsubscribe(String);

impl header::Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }
    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(s.to_string()))
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
#[derive(Debug, Clone)]
struct ListUnsubscribePost;

impl header::Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }
    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribePost)
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".into())
    }
}

/// A header value with no control character (CR, LF or any other): names come from users.
fn header_safe(s: &str) -> String {
    s.chars().filter(|c| !c.is_control()).collect()
}

/// "against alice and bob" (or "in your game" when nobody else is seated).
fn against(t: &Texts, players: &[String]) -> String {
    let names = match players {
        [] => return t.no_opponent.to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {} {last}", init.join(", "), t.and),
    };
    t.against.replace("{players}", &names)
}

/// A time as the recipient reads it: in its time zone, named by its abbreviation (`CET`), or
/// by its IANA name where the zone has only an offset for one (`+03`).
fn when(at: DateTime<Utc>, time_zone: &str) -> String {
    let tz: chrono_tz::Tz = time_zone.parse().unwrap_or(chrono_tz::UTC);
    let local = at.with_timezone(&tz);
    let abbreviation = local.format("%Z").to_string();
    let zone = if abbreviation.chars().any(char::is_alphabetic) {
        abbreviation
    } else {
        tz.name().to_string()
    };
    format!("{} {zone}", local.format("%Y-%m-%d %H:%M"))
}

/// A paragraph of the body, in text and in HTML.
enum Block {
    Line(String),
    Link(String, String),
}

/// The game's thread: every mail of one game refers to it.
pub fn game_thread_id(game: uuid::Uuid, host: &str) -> String {
    format!("<game-{game}@{host}>")
}

/// Builds the whole message.
pub fn render(mail: &Mail<'_>, site: &Site<'_>) -> anyhow::Result<Message> {
    let t = texts(mail.language);
    let url = site.public_url;
    let host = site.host();
    let players: &[String] = mail.game.map(|g| g.1).unwrap_or(&[]);
    let vs = against(t, players);
    let game_link = mail
        .game
        .map(|(id, _)| (t.open_game.to_string(), format!("{url}/#/game/{id}")));
    let deadline = |blocks: &mut Vec<Block>| {
        if let Some(at) = mail.deadline {
            blocks.push(Block::Line(
                t.deadline.replace("{deadline}", &when(at, mail.time_zone)),
            ));
        }
    };
    let mut blocks = vec![Block::Line(t.hello.replace("{name}", mail.username))];
    let subject = match mail.kind {
        MailKind::YourTurn | MailKind::Reminder | MailKind::Invited | MailKind::Chat => {
            let (subject, line) = match mail.kind {
                MailKind::YourTurn => (t.your_turn_subject, t.your_turn_line),
                MailKind::Reminder => (t.reminder_subject, t.reminder_line),
                MailKind::Invited => (t.invited_subject, t.invited_line),
                _ => (t.chat_subject, t.chat_line),
            };
            blocks.push(Block::Line(line.replace("{against}", &vs)));
            if matches!(mail.kind, MailKind::YourTurn | MailKind::Reminder) {
                deadline(&mut blocks);
            }
            subject.replace("{against}", &vs)
        }
        MailKind::SeekMatched => {
            blocks.push(Block::Line(t.seek_matched_line.replace("{against}", &vs)));
            t.seek_matched_subject.replace("{against}", &vs)
        }
        MailKind::Challenge | MailKind::ChallengeDeclined => {
            let c = mail.challenge.unwrap_or(Challenged {
                who: "",
                players: 0,
                reason: None,
            });
            let reason = match c.reason.unwrap_or("generic") {
                "later" => t.decline_reasons[1],
                "too_fast" => t.decline_reasons[2],
                "too_slow" => t.decline_reasons[3],
                "rated" => t.decline_reasons[4],
                "casual" => t.decline_reasons[5],
                "not_bots" => t.decline_reasons[6],
                _ => t.decline_reasons[0],
            };
            let fill = |text: &str| {
                text.replace("{who}", c.who)
                    .replace("{players}", &c.players.to_string())
                    .replace("{reason}", reason)
            };
            let (subject, line) = if mail.kind == MailKind::Challenge {
                (t.challenge_subject, t.challenge_line)
            } else {
                (t.challenge_declined_subject, t.challenge_declined_line)
            };
            blocks.push(Block::Line(fill(line)));
            blocks.push(Block::Link(
                t.see_challenges.to_string(),
                format!("{url}/#/lobby"),
            ));
            fill(subject)
        }
        MailKind::GameOver => {
            let line = match mail.place {
                Some((_, true)) => t.game_over_won.replace("{against}", &vs),
                Some((place, false)) => t
                    .game_over_place
                    .replace("{against}", &vs)
                    .replace("{place}", &place.to_string()),
                None => t.game_over_subject.replace("{against}", &vs),
            };
            blocks.push(Block::Line(line));
            t.game_over_subject.replace("{against}", &vs)
        }
        MailKind::Digest => {
            blocks.push(Block::Line(t.digest_line.to_string()));
            for g in mail.digest {
                let due = g
                    .deadline
                    .map_or_else(|| t.no_deadline.to_string(), |at| when(at, mail.time_zone));
                let label = format!("{} ({due})", capitalised(&against(t, &g.opponents)));
                blocks.push(Block::Link(label, format!("{url}/#/game/{}", g.game)));
            }
            match mail.digest.len() {
                1 => t.digest_subject_one.to_string(),
                n => t.digest_subject_many.replace("{count}", &n.to_string()),
            }
        }
        MailKind::VerifyEmail | MailKind::PasswordReset => {
            let token = mail.token.unwrap_or_default();
            let (subject, line, link) = if mail.kind == MailKind::VerifyEmail {
                (
                    t.verify_subject,
                    t.verify_line,
                    format!("{url}/#/verify-email/{token}"),
                )
            } else {
                (
                    t.reset_subject,
                    t.reset_line,
                    format!("{url}/#/reset-password/{token}"),
                )
            };
            blocks.push(Block::Line(line.to_string()));
            blocks.push(Block::Link(String::new(), link));
            blocks.push(Block::Line(t.ignore.to_string()));
            subject.to_string()
        }
    };
    if let Some((label, link)) = game_link {
        blocks.push(Block::Link(label, link));
    }
    let mut footer = Vec::new();
    if let Some(token) = mail.unsubscribe {
        footer.push(Block::Link(
            t.settings.to_string(),
            format!("{url}/#/settings"),
        ));
        footer.push(Block::Link(
            t.unsubscribe.to_string(),
            format!("{url}/v1/unsubscribe/{token}"),
        ));
    }
    let (text, html) = bodies(t, &subject, &blocks, &footer)?;

    let from: Mailbox = site.from.parse()?;
    let to: Mailbox = header_safe(mail.to).parse()?;
    let mut builder = Message::builder()
        .from(from)
        .to(to)
        .subject(header_safe(&subject))
        .message_id(Some(format!("<{}@{host}>", mail.id)));
    if let Some((game, _)) = mail.game {
        let thread = game_thread_id(game, &host);
        builder = builder.in_reply_to(thread.clone()).references(thread);
    }
    if let Some(token) = mail.unsubscribe {
        builder = builder
            .header(ListUnsubscribe(format!("<{url}/v1/unsubscribe/{token}>")))
            .header(ListUnsubscribePost);
    }
    Ok(builder.multipart(MultiPart::alternative_plain_html(text, html))?)
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The HTML part. Askama escapes every value it writes: names and chat come from users.
#[derive(Template)]
#[template(path = "mail/body.html")]
struct Html<'a> {
    subject: &'a str,
    blocks: &'a [Block],
    footer: &'a [Block],
}

fn bodies(
    t: &Texts,
    subject: &str,
    blocks: &[Block],
    footer: &[Block],
) -> anyhow::Result<(String, String)> {
    let mut text = String::new();
    for (part, small) in [(blocks, false), (footer, true)] {
        if part.is_empty() {
            continue;
        }
        if small {
            text.push_str("--\n");
        }
        for b in part {
            match b {
                Block::Line(line) => {
                    text.push_str(line);
                    text.push_str("\n\n");
                }
                Block::Link(label, link) => {
                    if label.is_empty() {
                        text.push_str(&format!("{link}\n\n"));
                    } else {
                        text.push_str(&format!("{label}{}{link}\n\n", t.colon));
                    }
                }
            }
        }
    }
    let html = Html {
        subject,
        blocks,
        footer,
    }
    .render()?;
    Ok((text, html))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> Site<'static> {
        Site {
            public_url: "https://lords.example.org",
            from: "Lords <lords@example.org>",
        }
    }

    /// The HTML part as a mail client decodes it.
    fn html_of(message: &Message) -> String {
        let raw = message.formatted();
        let parsed = mailparse::parse_mail(&raw).unwrap();
        let part = parsed
            .subparts
            .iter()
            .find(|p| p.ctype.mimetype == "text/html")
            .expect("an HTML part");
        part.get_body().unwrap()
    }

    fn turn<'a>(players: &'a [String]) -> Mail<'a> {
        Mail {
            id: uuid::Uuid::nil(),
            kind: MailKind::YourTurn,
            to: "eilidh@example.org",
            username: "eilidh",
            language: "en",
            time_zone: "UTC",
            game: Some((uuid::Uuid::nil(), players)),
            deadline: None,
            digest: &[],
            token: None,
            place: None,
            unsubscribe: Some("tok"),
            challenge: None,
        }
    }

    #[test]
    fn a_challenge_and_its_decline_name_who_and_why_in_both_languages() {
        let mut mail = turn(&[]);
        mail.kind = MailKind::Challenge;
        mail.game = None;
        mail.challenge = Some(Challenged {
            who: "morag",
            players: 3,
            reason: None,
        });
        let raw = String::from_utf8(render(&mail, &site()).unwrap().formatted()).unwrap();
        assert!(raw.contains("Subject: morag challenges you\r\n"), "{raw}");
        assert!(raw.contains("a game of 3 players"), "{raw}");
        mail.kind = MailKind::ChallengeDeclined;
        mail.language = "fr";
        mail.challenge = Some(Challenged {
            who: "morag",
            players: 3,
            reason: Some("too_fast"),
        });
        let html = html_of(&render(&mail, &site()).unwrap());
        assert!(
            html.contains("morag a décliné votre défi\u{a0}: la pendule est trop rapide."),
            "{html}"
        );
    }

    #[test]
    fn a_turn_names_the_opponents_in_its_subject_and_threads_on_the_game() {
        let players = vec!["alice".to_string(), "bob".to_string()];
        let raw = String::from_utf8(render(&turn(&players), &site()).unwrap().formatted()).unwrap();
        assert!(
            raw.contains("Subject: Your turn against alice and bob\r\n"),
            "{raw}"
        );
        assert!(raw.contains(
            "In-Reply-To: <game-00000000-0000-0000-0000-000000000000@lords.example.org>"
        ));
        assert!(raw.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
    }

    #[test]
    fn names_with_markup_or_line_breaks_are_escaped_and_kept_out_of_headers() {
        let players = vec!["<b>x</b>\r\nBcc: evil@example.org".to_string()];
        let message = render(&turn(&players), &site()).unwrap();
        let raw = String::from_utf8(message.formatted()).unwrap();
        let head = raw.split("\r\n\r\n").next().unwrap();
        assert!(!head.contains("\r\nBcc:"), "{head}");
        assert!(head.contains("Subject: Your turn against <b>x</b>Bcc: evil@example.org\r\n"));
        let html = html_of(&message);
        assert!(!html.contains("<b>"), "{html}");
        assert!(html.contains("&#60;b&#62;x&#60;/b&#62;"), "{html}");
    }

    #[test]
    fn a_hostile_display_name_is_escaped_in_the_html() {
        let players = vec!["\"><script>alert('x')</script>".to_string()];
        let mut mail = turn(&players);
        mail.username = "<script>alert(1)</script> & co";
        let html = html_of(&render(&mail, &site()).unwrap());
        assert!(!html.contains("<script>"), "{html}");
        assert!(
            html.contains("Hello &#60;script&#62;alert(1)&#60;/script&#62; &#38; co,"),
            "{html}"
        );
        assert!(
            html.contains("&#34;&#62;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;"),
            "{html}"
        );
    }

    #[test]
    fn a_deadline_is_shown_in_the_recipients_time_zone_by_its_abbreviation_or_name() {
        let players = vec!["alice".to_string()];
        let mut mail = turn(&players);
        mail.deadline = Some("2026-12-08T14:00:00Z".parse().unwrap());
        mail.time_zone = "Europe/Paris";
        let html = html_of(&render(&mail, &site()).unwrap());
        assert!(html.contains("Deadline: 2026-12-08 15:00 CET"), "{html}");
        // A zone whose abbreviation is only an offset is named.
        mail.time_zone = "Europe/Istanbul";
        let html = html_of(&render(&mail, &site()).unwrap());
        assert!(
            html.contains("Deadline: 2026-12-08 17:00 Europe/Istanbul"),
            "{html}"
        );
        mail.time_zone = "Not/AZone";
        let html = html_of(&render(&mail, &site()).unwrap());
        assert!(html.contains("Deadline: 2026-12-08 14:00 UTC"), "{html}");
    }

    #[test]
    fn french_mails_put_a_non_breaking_space_before_a_colon_and_say_e_mail() {
        let players = vec!["alice".to_string()];
        let mut mail = turn(&players);
        mail.language = "fr";
        mail.kind = MailKind::Invited;
        let message = render(&mail, &site()).unwrap();
        let raw = String::from_utf8(message.formatted()).unwrap();
        let parsed = mailparse::parse_mail(raw.as_bytes()).unwrap();
        let text = parsed
            .subparts
            .iter()
            .find(|p| p.ctype.mimetype == "text/plain")
            .unwrap()
            .get_body()
            .unwrap();
        assert!(text.contains("Ouvrir la partie\u{a0}: https://"), "{text}");
        assert!(text.contains("par e-mail\u{a0}: https://"), "{text}");
        assert!(!text.contains("courriel"), "{text}");
        // Nothing assumes the invitee's gender.
        assert!(!text.contains("invité"), "{text}");
        for line in [FR.deadline, FR.digest_line, FR.verify_line, FR.reset_line] {
            assert!(!line.contains(" :"), "{line}");
        }
    }
}
