//! Feature: notify. Everything that tells a player something happened: the fan-out of games'
//! outboxes to accounts' notifications, streams (SSE and long polls), webhooks and Web Push and
//! their delivery worker, and mail (settings, digests, the mail worker).

pub mod deliveries;
pub mod fanout;
pub mod mail;
pub mod push;
pub mod streams;
pub mod webhooks;
