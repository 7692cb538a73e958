//! The integration tests, one binary (as rust-analyzer's `tests/it`): a module per area, the
//! shared support in `common`. One binary links the crate once, where a binary per file linked
//! it fifty times. Run one area with `cargo test --test it <area>::`.

mod common;

mod abuse;
mod accounts;
mod bot_accounts;
mod bots;
mod chat;
mod citus_compat;
mod cli;
mod clocks;
mod compose;
mod cors;
mod docs_bots;
mod docs_links;
mod email;
mod engine_purity;
mod engine_schemas;
mod games;
mod games_documented;
mod games_leaks;
mod games_longpoll;
mod http_shell;
mod i18n;
mod layers;
mod lobby;
mod log_monitor;
mod mail;
mod matchmaking;
mod notes;
mod oauth;
mod openapi;
mod operations;
mod pgbench;
mod players;
mod python_client;
mod rate_limits;
mod ratings;
mod ratings_reference;
mod recorded_games;
mod reliability;
mod reminders;
mod rules_page;
mod sessions;
mod store;
mod streams;
mod strict_json;
mod test_support;
mod tokens;
mod tournaments;
mod transparency;
mod vacation;
mod web_budget;
mod web_push;
mod webhooks;

// The web client's tests, most of them a Chromium driven through web/tests/*.mjs, kept in the
// web*.rs files and named after their area: libtest runs a binary's tests in name order, so
// these names spread the browsers over the run, beside the database tests, instead of together
// at its end, where more of them than cores thrash (at most two run at once:
// common/browser.rs). The longest (a whole game by clicking, in web.rs) is named to start
// first.
#[path = "web.rs"]
mod app_web;
#[path = "web_chat.rs"]
mod chat_web;
#[path = "web_settings.rs"]
mod email_web;
#[path = "web_table_phone.rs"]
mod games_web;
#[path = "web_table_words.rs"]
mod i18n_web;
#[path = "web_lobby_settings.rs"]
mod lobby_web;
#[path = "web_matchmaking.rs"]
mod matchmaking_web;
#[path = "web_dark_mode.rs"]
mod notes_web;
#[path = "web_players.rs"]
mod players_web;
#[path = "web_tokens.rs"]
mod tokens_web;
#[path = "web_tournaments.rs"]
mod tournaments_web;
#[path = "web_audit.rs"]
mod transparency_web;
