//! Utilities with no I/O: the one date parser, the one clock (fridge time zones)
//! and the write shards that keys name (a stable hash).
pub mod dates;
pub mod fridge_time;
pub mod shard;
