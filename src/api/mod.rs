//! What every handler stands on, whatever its feature: problem+json errors and their stable
//! codes ([`error`]), the caller behind a bearer token ([`extractor`], [`jwt`], [`scope`]), what
//! the extractor asks of the accounts without naming them ([`credentials`]), strict JSON and
//! the NUL guard, the languages of the answers, and [`state::AppState`]. No routes, no SQL.

pub mod credentials;
pub mod error;
pub mod extractor;
pub mod i18n;
pub mod jwt;
pub mod rate_limit;
pub mod responses;
pub mod scope;
pub mod scopes;
pub mod state;
pub mod strict_json;
pub mod text;
pub mod text_guard;
