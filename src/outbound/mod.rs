//! What leaves the server for addresses its users give: the SSRF guard that admits a URL and
//! the addresses it resolves to (`guard`), the one-request HTTP client that connects only to
//! those (`http`), Web Push's VAPID keys and payload encryption (`push`), and mail's SMTP
//! client (`mail`). Used by the API
//! (to refuse an address when it is registered) and by the delivery worker, and its TLS
//! configuration by the log monitor; names nothing else of the crate.

pub mod guard;
pub mod http;
pub mod mail;
pub mod push;
