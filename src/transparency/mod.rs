//! Feature: the transparency log. The sequencer turns finished games into signed leaves
//! ([`sequencer`]), [`log`] keeps the tree, and [`http`] serves heads and proofs. The formats
//! are `crate::proofs`'.

pub mod http;
pub mod log;
pub mod sequencer;
