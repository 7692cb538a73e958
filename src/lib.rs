//! Lords of Scotland Online: the rules engine and the server shell around it.
//! Dependencies point one way: `api → store → engine`, `api → auth`.
#![forbid(unsafe_code)]

pub mod api;
pub mod auth;
pub mod commands;
pub mod config;
pub mod deadlines;
pub mod deliveries;
pub mod embedded;
pub mod engine;
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
