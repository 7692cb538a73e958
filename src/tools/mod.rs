//! The tools, out of the server's code: the load tool (`lords load`), the log monitor
//! (`lords log-monitor`), random games (`lords simulate`) and bot tournaments
//! (`lords tournament`), with their figures ([`stats`]).

pub mod load;
pub mod monitor;
pub mod simulate;
pub mod stats;
pub mod tournament;
