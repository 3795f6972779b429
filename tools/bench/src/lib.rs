//! The benchmarks' side of scripts/bench: each command seeds a local stack at
//! scale or drives one area's path (uploads, ingests, snapshots, screens)
//! through the same handlers and wiring the front door uses, and prints
//! what it measured.
/// The Needs-attention panel's own cost, in process.
pub mod attention;
pub mod cli;
pub mod dashboard;
pub mod day_read;
/// The live dashboard's fan-out over the real-time endpoint.
pub mod fanout;
pub mod forecast;
pub mod inventory;
/// The loads shared by several benchmarks, and the smaller benchmarks themselves.
pub mod loads;
pub mod reports;
pub mod scale;
pub mod stocking_day;
