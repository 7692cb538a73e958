//! Lords of Scotland Online: the rules engine and the server shell around it.
//!
//! Dependencies point one way: `main → startup → api → auth → store → engine`. The background
//! workers (`deadlines`, `fanout`, `deliveries`, `mailer`, `ratings`, `sequencer`) sit beside
//! `api`, over `store`; the foundations (`config`, `telemetry`, `outbound`, `transparency`,
//! `shutdown`) name nothing above them, and the engine names nothing else in the crate.
//! `tests/it/layers.rs` reads the module graph and fails on any edge against this order.
#![forbid(unsafe_code)]

pub mod accounts;
pub mod api;
pub mod backoff;
pub mod config;
pub mod eventstore;
pub mod http;
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
pub mod transparency;
