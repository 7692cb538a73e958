pub mod deliveries;
pub mod fanout;
pub mod mail;
pub mod push;
pub mod streams;
pub mod webhooks;
