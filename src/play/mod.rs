//! Feature: play. Actions and resignations ([`actions`]), clocks and the deadline worker
//! ([`clock`], [`deadlines`]), the game's record ([`record`]) and its verification
//! ([`verify`]). Its routes (views, legal actions, actions, events, the record, the cards) are in
//! [`http`].

pub mod actions;
pub mod clock;
pub mod deadlines;
pub mod http;
pub mod record;
pub mod verify;
