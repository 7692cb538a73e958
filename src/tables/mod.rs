pub mod http;
pub mod invitations;
pub mod listing;
pub mod lobby;
pub mod vacation;
