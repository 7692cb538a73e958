//! The event store: append-only game streams in PostgreSQL, replayed through the engine on read.

/// Every migration under `migrations/`, embedded in the binary.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");
