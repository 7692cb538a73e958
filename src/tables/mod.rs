//! Feature: tables. The lobby (open games, create, join, leave, bots), invitations and
//! rematches, the listings of games, and vacations. Its routes are in [`http`].

pub mod http;
pub mod invitations;
pub mod listing;
pub mod lobby;
pub mod vacation;
