//! Feature: social. Chat in a game, ratings and the rating worker ([`rater`]), players' pages
//! and the leaderboard. Its routes are in [`http`].

pub mod chat;
pub mod http;
pub mod notes;
pub mod players;
pub mod rater;
pub mod ratings;
