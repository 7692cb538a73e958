//! Scopes: what a third-party token (personal or OAuth) may do, and what each operation asks.
//! A first-party session (password sign-in, a JWT) may do everything but `bot:play`. The table
//! of what each operation asks lives with the routes (`api::scopes`); the OpenAPI document and
//! the [`AuthUser`](crate::api::extractor::AuthUser) extractor both read it, so the document says what is
//! enforced.

use std::collections::HashMap;
use std::fmt;

use serde::{Deserialize, Serialize};

/// One scope. The strings are the contract (OAuth `scope`, personal tokens' `scopes`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
pub enum Scope {
    /// Read the account (`GET /v1/me`).
    #[serde(rename = "account:read")]
    AccountRead,
    /// Views, events, legal actions, chat lines and streams.
    #[serde(rename = "game:read")]
    GameRead,
    /// Actions, resigning, chat, vacation.
    #[serde(rename = "game:play")]
    GamePlay,
    /// Create, join and leave games, invitations, bots, rematches.
    #[serde(rename = "lobby:write")]
    LobbyWrite,
    /// Webhooks, Web Push subscriptions and notification settings.
    #[serde(rename = "notifications:write")]
    NotificationsWrite,
    /// A bot account playing: what `game:read`, `game:play`, `lobby:write` and `account:read`
    /// allow. Only bot accounts hold it, and their tokens must.
    #[serde(rename = "bot:play")]
    BotPlay,
}

impl Scope {
    pub const ALL: [Scope; 6] = [
        Scope::AccountRead,
        Scope::GameRead,
        Scope::GamePlay,
        Scope::LobbyWrite,
        Scope::NotificationsWrite,
        Scope::BotPlay,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Scope::AccountRead => "account:read",
            Scope::GameRead => "game:read",
            Scope::GamePlay => "game:play",
            Scope::LobbyWrite => "lobby:write",
            Scope::NotificationsWrite => "notifications:write",
            Scope::BotPlay => "bot:play",
        }
    }

    pub fn parse(s: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|scope| scope.as_str() == s)
    }

    /// What the scope lets an app do, in words (the consent page, the OAuth metadata).
    pub fn describe(self) -> &'static str {
        match self {
            Scope::AccountRead => "See your username, address and settings",
            Scope::GameRead => "See your games: views, events, legal actions, chat and streams",
            Scope::GamePlay => "Play your games: actions, resigning, chat, vacation",
            Scope::LobbyWrite => "Create, join and leave games, invite players, seat bots",
            Scope::NotificationsWrite => {
                "Manage your webhooks, push subscriptions and mail settings"
            }
            Scope::BotPlay => "Play as a bot account",
        }
    }

    /// Whether holding `self` allows what `needed` allows: itself, or `bot:play` for what a
    /// bot needs to play (everything but `notifications:write`).
    pub fn covers(self, needed: Scope) -> bool {
        self == needed
            || (self == Scope::BotPlay
                && matches!(
                    needed,
                    Scope::AccountRead | Scope::GameRead | Scope::GamePlay | Scope::LobbyWrite
                ))
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Parses a space-separated scope list (OAuth's `scope`), refusing unknown ones (the first is
/// named) and ignoring repeats. Sorted.
pub fn parse_list<'a>(items: impl IntoIterator<Item = &'a str>) -> Result<Vec<Scope>, String> {
    let mut scopes = Vec::new();
    for item in items {
        let scope = Scope::parse(item).ok_or_else(|| item.to_string())?;
        if !scopes.contains(&scope) {
            scopes.push(scope);
        }
    }
    scopes.sort();
    Ok(scopes)
}

/// A space-separated list, as OAuth writes it.
pub fn join(scopes: &[Scope]) -> String {
    scopes
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What an operation asks of its caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone; a token sent is not looked at.
    Public,
    /// Anyone; a token sent must be valid, and shows its account more when it holds the scope
    /// (a third-party token without it is read as no token).
    Optional(Scope),
    /// A token holding the scope (or a first-party session).
    Scoped(Scope),
    /// A first-party session only (password sign-in): the tokens, the password, the address,
    /// deleting the account. Third-party tokens get 403.
    FirstParty,
}

/// Each operation's [`Access`], by method and route pattern (`GET /v1/games/{id}`), as the
/// API's table builds it. An operation missing from it is first-party only: a handler that
/// needs a caller fails closed.
#[derive(Debug, Clone, Default)]
pub struct AccessTable(HashMap<(actix_web::http::Method, String), Access>);

impl AccessTable {
    pub fn new(rows: impl IntoIterator<Item = (actix_web::http::Method, String, Access)>) -> Self {
        AccessTable(
            rows.into_iter()
                .map(|(method, path, access)| ((method, path), access))
                .collect(),
        )
    }

    pub fn get(&self, method: &actix_web::http::Method, pattern: &str) -> Access {
        // HEAD is answered as GET.
        let method = if method == actix_web::http::Method::HEAD {
            &actix_web::http::Method::GET
        } else {
            method
        };
        self.0
            .get(&(method.clone(), pattern.to_string()))
            .copied()
            .unwrap_or(Access::FirstParty)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_are_their_strings_both_ways() {
        for scope in Scope::ALL {
            assert_eq!(Scope::parse(scope.as_str()), Some(scope));
            assert_eq!(
                serde_json::to_value(scope).unwrap(),
                serde_json::json!(scope.as_str())
            );
        }
        assert_eq!(Scope::parse("game:write"), None);
    }

    #[test]
    fn a_list_is_parsed_sorted_without_repeats_and_an_unknown_scope_is_named() {
        assert_eq!(
            parse_list("lobby:write game:read game:read".split(' ')),
            Ok(vec![Scope::GameRead, Scope::LobbyWrite])
        );
        assert_eq!(
            parse_list("game:read admin".split(' ')),
            Err("admin".to_string())
        );
    }

    #[test]
    fn bot_play_covers_what_a_bot_needs_to_play_and_nothing_else() {
        assert!(Scope::BotPlay.covers(Scope::GamePlay));
        assert!(Scope::BotPlay.covers(Scope::LobbyWrite));
        assert!(!Scope::BotPlay.covers(Scope::NotificationsWrite));
        assert!(!Scope::GameRead.covers(Scope::GamePlay));
    }
}
