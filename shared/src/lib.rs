#![recursion_limit = "256"]
//! Code every Fleet Console function shares: per-function configuration and
//! clients, errors, input bounds, caller identity, the permission gate,
//! feature flags, the store layer and name lists, paging, change history, fridge time zones,
//! structured logs and the Lambda event adapters.
// By layer: the runtime, the store layer, the entities, the shared pieces built
// on them, and utilities. Each module is also re-exported at the root, so a
// path names what it is (`fleet_shared::upload`), not where it sits.
pub mod entity;
pub mod pieces;
pub mod runtime;
pub mod store;
pub mod util;

pub use pieces::{assignment, day_fridges, driver_log, history, parking, publisher, scheduler, snapshot, upload};
pub use runtime::{
    appsync, aws_http, aws_json, calls, config, contract, deps, error, events, flags, https, identity, limits, logging,
    permissions, registry, resources, s3, sdk, secrets, usage,
};
pub use store::{
    files, idempotency, item, location_store, merge, names, order_store, paging, query, route_store, snapshot_store,
    warm_cache,
};
pub use util::{dates, fridge_time, shard};

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
