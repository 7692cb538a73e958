pub mod chat;
pub mod players;
