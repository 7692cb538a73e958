pub mod chat;
pub mod http;
pub mod players;
pub mod rater;
pub mod ratings;
