//! Feature: matchmaking (service rules §9.10). Seeks, open requests to play that pair with
//! others as soon as a table of compatible seeks exists (quick play is a seek with the house's
//! options), and challenges, requests to play addressed to named accounts. Both end in a game
//! made by the lobby (`tables::lobby::create_seated_in`). Its routes are in [`http`].

pub mod challenges;
pub mod http;
pub mod pairing;
pub mod seeks;
