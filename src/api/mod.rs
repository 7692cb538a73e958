//! The HTTP API.

pub mod schema;
