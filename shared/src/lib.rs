#![recursion_limit = "256"]
//! Code every Fleet Console function shares: per-function configuration and
//! clients, errors, input bounds, caller identity, the permission gate,
//! feature flags, the store layer and name lists, paging, change history, fridge time zones,
//! structured logs and the Lambda event adapters.
pub mod assignment;
pub mod config;
pub mod contract;
pub mod dates;
pub mod deps;
pub mod driver_log;
pub mod entity;
pub mod error;
pub mod events;
pub mod files;
pub mod flags;
pub mod fridge_time;
pub mod history;
pub mod idempotency;
pub mod identity;
pub mod item;
pub mod limits;
pub mod location_store;
pub mod logging;
pub mod merge;
pub mod names;
pub mod paging;
pub mod parking;
pub mod permissions;
pub mod query;
pub mod registry;
pub mod resources;
pub mod route_store;
pub mod scheduler;
pub mod sdk;
pub mod shard;
pub mod snapshot;
pub mod snapshot_store;
pub mod store;
pub mod upload;
pub mod usage;
pub mod warm_cache;
pub mod warm_copy;
pub mod warm_snapshot;

pub use config::Config;
pub use deps::{BucketRef, Deps, QueueRef, TableRef};
pub use error::ApiError;
pub use identity::Caller;
pub use registry::{FunctionSpec, Grant, Input, Needs, Permission, Trigger};
pub use resources::{Bucket, Queue, Table};

/// Builds a `Handler` from an `async fn(&'static Deps, Input) -> Result<T, ApiError>`
/// whose `T` serialises to JSON.
#[macro_export]
macro_rules! handler {
    ($f:path) => {{
        fn boxed(deps: &'static $crate::Deps, input: $crate::Input) -> $crate::registry::HandlerFuture {
            Box::pin(async move {
                let out = $f(deps, input).await?;
                serde_json::to_value(out).map_err($crate::ApiError::internal)
            })
        }
        $crate::registry::Handler { call: boxed, shapes: None }
    }};
}
