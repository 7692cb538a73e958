//! What each `/v1` operation asks of its caller: the one table the bearer extractor enforces
//! (as an [`AccessTable`]) and the OpenAPI document declares (each operation's `security`).
//! A test checks that every operation of the document has a row and every row an operation.
//! An operation missing here is first-party only.

use actix_web::http::Method;
use serde_json::{Value, json};

use crate::api::scope::{Access, AccessTable, Scope};

use Access::{FirstParty, Optional, Public, Scoped};
use Scope::{AccountRead, GamePlay, GameRead, LobbyWrite, NotificationsWrite};

/// `(method, path, access)`, one row per `/v1` operation.
pub const OPERATIONS: &[(&str, &str, Access)] = &[
    // Accounts and sessions.
    ("POST", "/v1/accounts", Public),
    ("POST", "/v1/auth/token", Public),
    ("POST", "/v1/auth/refresh", Public),
    ("POST", "/v1/auth/logout", FirstParty),
    ("POST", "/v1/auth/password-reset", Public),
    ("POST", "/v1/auth/password-reset/confirm", Public),
    ("GET", "/v1/me", Scoped(AccountRead)),
    ("DELETE", "/v1/me", FirstParty),
    ("PUT", "/v1/me/hints", FirstParty),
    ("PUT", "/v1/me/email", FirstParty),
    ("POST", "/v1/me/email/verify", FirstParty),
    ("POST", "/v1/me/password", FirstParty),
    ("POST", "/v1/me/vacation", Scoped(GamePlay)),
    ("DELETE", "/v1/me/vacation", Scoped(GamePlay)),
    // Games.
    ("GET", "/v1/cards", Public),
    ("GET", "/v1/games", Scoped(GameRead)),
    ("POST", "/v1/games", Scoped(LobbyWrite)),
    ("GET", "/v1/games/{id}", Scoped(GameRead)),
    ("GET", "/v1/games/{id}/events", Scoped(GameRead)),
    ("GET", "/v1/games/{id}/record", Scoped(GameRead)),
    ("GET", "/v1/games/{id}/legal-actions", Scoped(GameRead)),
    ("POST", "/v1/games/{id}/actions", Scoped(GamePlay)),
    ("POST", "/v1/games/{id}/resign", Scoped(GamePlay)),
    ("POST", "/v1/games/{id}/join", Scoped(LobbyWrite)),
    ("POST", "/v1/games/{id}/leave", Scoped(LobbyWrite)),
    ("POST", "/v1/games/{id}/bots", Scoped(LobbyWrite)),
    ("POST", "/v1/games/{id}/rematch", Scoped(LobbyWrite)),
    ("POST", "/v1/games/{id}/invitations", Scoped(LobbyWrite)),
    ("GET", "/v1/me/invitations", Scoped(GameRead)),
    (
        "POST",
        "/v1/me/invitations/{id}/decline",
        Scoped(LobbyWrite),
    ),
    // Matchmaking: seeks (public to read) and challenges.
    ("GET", "/v1/seeks", Public),
    ("POST", "/v1/seeks", Scoped(LobbyWrite)),
    ("POST", "/v1/seeks/quick", Scoped(LobbyWrite)),
    ("DELETE", "/v1/seeks/{id}", Scoped(LobbyWrite)),
    ("GET", "/v1/me/seeks", Scoped(GameRead)),
    ("POST", "/v1/challenges", Scoped(LobbyWrite)),
    ("GET", "/v1/challenges/{id}", Scoped(GameRead)),
    ("DELETE", "/v1/challenges/{id}", Scoped(LobbyWrite)),
    ("POST", "/v1/challenges/{id}/accept", Scoped(LobbyWrite)),
    ("POST", "/v1/challenges/{id}/decline", Scoped(LobbyWrite)),
    ("GET", "/v1/me/challenges", Scoped(GameRead)),
    // Tournaments (public to read).
    ("GET", "/v1/tournaments", Public),
    ("POST", "/v1/tournaments", Scoped(LobbyWrite)),
    ("GET", "/v1/tournaments/{id}", Optional(GameRead)),
    ("GET", "/v1/tournaments/{id}/standings.csv", Public),
    ("POST", "/v1/tournaments/{id}/join", Scoped(LobbyWrite)),
    ("POST", "/v1/tournaments/{id}/withdraw", Scoped(LobbyWrite)),
    ("POST", "/v1/tournaments/{id}/start", Scoped(LobbyWrite)),
    ("POST", "/v1/tournaments/{id}/cancel", Scoped(LobbyWrite)),
    // Chat.
    ("GET", "/v1/games/{id}/chat", Scoped(GameRead)),
    ("POST", "/v1/games/{id}/chat", Scoped(GamePlay)),
    (
        "POST",
        "/v1/games/{id}/chat/{line}/report",
        Scoped(GamePlay),
    ),
    ("GET", "/v1/me/muted", Scoped(GameRead)),
    // Private notes.
    ("GET", "/v1/games/{id}/notes", Scoped(GameRead)),
    ("PUT", "/v1/games/{id}/notes", Scoped(GamePlay)),
    ("POST", "/v1/me/muted/{username}", Scoped(GamePlay)),
    ("DELETE", "/v1/me/muted/{username}", Scoped(GamePlay)),
    // Streams.
    ("POST", "/v1/stream-tickets", Scoped(GameRead)),
    ("GET", "/v1/games/{id}/stream", Scoped(GameRead)),
    ("GET", "/v1/me/stream", Scoped(GameRead)),
    // Notifications.
    (
        "GET",
        "/v1/me/notification-settings",
        Scoped(NotificationsWrite),
    ),
    (
        "PUT",
        "/v1/me/notification-settings",
        Scoped(NotificationsWrite),
    ),
    ("GET", "/v1/me/webhooks", Scoped(NotificationsWrite)),
    ("POST", "/v1/me/webhooks", Scoped(NotificationsWrite)),
    ("DELETE", "/v1/me/webhooks/{id}", Scoped(NotificationsWrite)),
    (
        "GET",
        "/v1/me/webhooks/{id}/deliveries",
        Scoped(NotificationsWrite),
    ),
    (
        "POST",
        "/v1/me/push-subscriptions",
        Scoped(NotificationsWrite),
    ),
    (
        "DELETE",
        "/v1/me/push-subscriptions/{id}",
        Scoped(NotificationsWrite),
    ),
    (
        "GET",
        "/v1/me/push-subscriptions/{id}/deliveries",
        Scoped(NotificationsWrite),
    ),
    ("GET", "/v1/push/vapid-public-key", Public),
    ("GET", "/v1/unsubscribe/{token}", Public),
    ("POST", "/v1/unsubscribe/{token}", Public),
    // Players.
    ("GET", "/v1/players/{username}", Optional(GameRead)),
    ("GET", "/v1/players/{username}/games", Optional(GameRead)),
    (
        "GET",
        "/v1/players/{username}/rating-history",
        Optional(GameRead),
    ),
    ("GET", "/v1/leaderboard", Public),
    // The transparency log: public.
    ("GET", "/v1/transparency/key", Public),
    ("GET", "/v1/transparency/sth", Public),
    ("GET", "/v1/transparency/entries", Public),
    ("GET", "/v1/transparency/proof/inclusion", Public),
    ("GET", "/v1/transparency/proof/consistency", Public),
    // Third-party clients: personal tokens, bot accounts, OAuth consent and authorizations.
    ("GET", "/v1/me/tokens", FirstParty),
    ("POST", "/v1/me/tokens", FirstParty),
    ("POST", "/v1/me/tokens/rotate", Scoped(Scope::BotPlay)),
    ("DELETE", "/v1/me/tokens/{id}", FirstParty),
    ("POST", "/v1/me/bot", FirstParty),
    ("GET", "/v1/oauth/consent", Public),
    ("POST", "/v1/oauth/authorizations", FirstParty),
    ("GET", "/v1/me/authorizations", FirstParty),
    ("DELETE", "/v1/me/authorizations/{id}", FirstParty),
];

/// The table the bearer extractor reads (app data).
pub fn access_table() -> AccessTable {
    AccessTable::new(OPERATIONS.iter().filter_map(|(method, path, access)| {
        Some((
            Method::from_bytes(method.as_bytes()).ok()?,
            path.to_string(),
            *access,
        ))
    }))
}

/// The access of the operation `method path` (as the OpenAPI document writes them:
/// lowercase method), if it is a `/v1` operation of the table.
pub fn access_of(method: &str, path: &str) -> Option<Access> {
    OPERATIONS
        .iter()
        .find(|(m, p, _)| m.eq_ignore_ascii_case(method) && *p == path)
        .map(|(_, _, access)| *access)
}

/// An operation's OpenAPI `security`: the first-party session (`bearer`) always, and for a
/// scoped one the `oauth2` scheme with its scope, or `bot:play` where that covers it. A
/// stream also takes its ticket; an optional one also nothing.
pub fn security(access: Access, stream: bool) -> Value {
    let mut alternatives = match access {
        Public => return json!([]),
        FirstParty => vec![json!({"bearer": []})],
        Optional(scope) | Scoped(scope) => {
            let mut alternatives = vec![json!({"bearer": []}), json!({"oauth2": [scope.as_str()]})];
            if Scope::BotPlay.covers(scope) {
                alternatives.push(json!({"oauth2": [Scope::BotPlay.as_str()]}));
            }
            alternatives
        }
    };
    if stream {
        alternatives.push(json!({"stream_ticket": []}));
    }
    if matches!(access, Optional(_)) {
        alternatives.insert(0, json!({}));
    }
    Value::Array(alternatives)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_one_operation() {
        let mut seen = std::collections::HashSet::new();
        for (method, path, _) in OPERATIONS {
            assert!(seen.insert((method, path)), "{method} {path} twice");
            assert!(path.starts_with("/v1/"), "{path}");
        }
        assert_eq!(access_table().get(&Method::GET, "/v1/nowhere"), FirstParty);
        assert_eq!(
            access_table().get(&Method::HEAD, "/v1/games/{id}"),
            Scoped(GameRead)
        );
    }
}
