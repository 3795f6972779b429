//! Utilities with no I/O: the one date parser and the one clock (fridge time zones).
pub mod dates;
pub mod fridge_time;
