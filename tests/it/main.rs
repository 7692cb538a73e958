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
mod oauth;
mod openapi;
mod operations;
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
mod transparency;
mod vacation;
mod web;
mod web_audit;
mod web_chat;
mod web_players;
mod web_push;
mod web_settings;
mod web_tokens;
mod webhooks;
