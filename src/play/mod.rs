pub mod actions;
pub mod clock;
pub mod deadlines;
pub mod http;
pub mod record;
pub mod verify;
