//! The accounts' routes: sign-up and `/me`, sessions, personal tokens, OAuth.

pub mod accounts;
pub mod oauth;
pub mod sessions;
pub mod tokens;
