//! Lords of Scotland Online: the rules engine and the server shell around it.
#![forbid(unsafe_code)]

pub mod engine;
