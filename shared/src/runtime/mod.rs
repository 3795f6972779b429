//! The runtime of a function: its declaration and handler contract, configuration and clients, errors, the permission gate, input bounds, identity, feature flags, logs and the Lambda event adapters.
pub mod aws_json;
pub mod calls;
pub mod config;
pub mod contract;
pub mod deps;
pub mod error;
pub mod events;
pub mod flags;
pub mod https;
pub mod identity;
pub mod limits;
pub mod logging;
pub mod permissions;
pub mod registry;
pub mod resources;
pub mod sdk;
pub mod usage;
