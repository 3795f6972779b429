//! The local front door: what AWS runs in front of the functions. The
//! AppSync and HTTP API stand-ins (with Cognito token checks), the
//! EventBridge schedule, and the SQS event source mappings, each function
//! wired with its own declared needs as on AWS.
pub mod auth;
pub mod cli;
pub mod graphql;
pub mod listener;
pub mod queues;
pub mod realtime;
pub mod server;
pub mod sigv4;
pub mod streams;
pub mod wiring;
