pub mod load;
pub mod monitor;
pub mod simulate;
pub mod stats;
pub mod tournament;
