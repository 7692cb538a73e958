pub mod http;
pub mod log;
pub mod sequencer;
