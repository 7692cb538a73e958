//! Logging and metrics set-up.
