//! Lords of Scotland Online: the rules engine and the server shell around it.
//!
//! Dependencies point one way: `main → startup → api → auth → store → engine`. The background
//! workers (`deadlines`, `fanout`, `deliveries`, `mailer`, `ratings`, `sequencer`) sit beside
//! `api`, over `store`; the foundations (`config`, `telemetry`, `outbound`, `transparency`,
//! `shutdown`) name nothing above them, and the engine names nothing else in the crate.
//! `tests/it/layers.rs` reads the module graph and fails on any edge against this order.
#![forbid(unsafe_code)]

pub mod api;
pub mod auth;
pub mod commands;
pub mod config;
pub mod deadlines;
pub mod deliveries;
pub mod embedded;
pub mod fanout;
pub mod load;
pub mod mailer;
pub mod monitor;
pub mod outbound;
pub mod ratings;
pub mod sequencer;
pub mod shutdown;
pub mod sim;
pub mod startup;
pub mod stats;
pub mod store;
pub mod telemetry;
pub mod tournament;
pub mod transparency;
