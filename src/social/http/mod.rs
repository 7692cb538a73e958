//! The social routes: chat, players' pages and the leaderboard.

pub mod chat;
pub mod notes;
pub mod players;
