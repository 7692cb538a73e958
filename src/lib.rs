//! Lords of Scotland Online: the server around the rules crate (`rules`), one module per
//! feature. Dependencies point one way, each module naming only those below it
//! (docs/architecture.md):
//!
//! - `startup` (the server's assembly, the commands) and `tools` on top;
//! - `http`, the shell: routes, the OpenAPI document, middleware, rate limits, CORS, the web client;
//! - the feature rooms, each owning its handlers, its SQL and its workers, in this order from the
//!   top: `accounts`, `notify`, `matchmaking`, `social`, `play`, `tables`, `transparency`;
//! - `api`, what every handler stands on: errors, the caller, request parsing, `AppState`;
//! - `eventstore`: append, hash chain, stream, read model, outboxes, wake-ups, Citus placement;
//! - the foundations: `config`, `telemetry`, `shutdown`, `outbound`, `proofs`, `backoff`.
//!
//! `tests/it/layers.rs` reads the module graph and fails on any edge against this order, on SQL
//! outside the feature rooms and the event store, and on any type with more than 25 public
//! methods.

#![forbid(unsafe_code)]

pub mod accounts;
pub mod api;
pub mod backoff;
pub mod config;
pub mod eventstore;
pub mod http;
pub mod matchmaking;
pub mod notify;
pub mod outbound;
pub mod play;
pub mod proofs;
pub mod shutdown;
pub mod social;
pub mod startup;
pub mod tables;
pub mod telemetry;
pub mod tools;
pub mod tournaments;
pub mod transparency;
