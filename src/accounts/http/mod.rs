pub mod accounts;
pub mod oauth;
pub mod sessions;
pub mod tokens;
