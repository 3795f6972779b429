//! Code every Fleet Console function shares: configuration, clients, errors,
//! caller identity, permissions, feature flags, DynamoDB helpers, paging and
//! the Lambda event adapters.
pub mod config;
pub mod deps;
pub mod dynamo;
pub mod error;
pub mod events;
pub mod flags;
pub mod identity;
pub mod paging;
pub mod permissions;
pub mod registry;

pub use config::Config;
pub use deps::Deps;
pub use error::ApiError;
pub use identity::Caller;
pub use registry::{FunctionSpec, Grant, Input, Permission, Trigger};

/// Builds a `Handler` from an `async fn(&'static Deps, Input) -> Result<T, ApiError>`
/// whose `T` serialises to JSON.
#[macro_export]
macro_rules! handler {
    ($f:path) => {{
        fn boxed(
            deps: &'static $crate::Deps,
            input: $crate::Input,
        ) -> $crate::registry::HandlerFuture {
            Box::pin(async move {
                let out = $f(deps, input).await?;
                serde_json::to_value(out).map_err($crate::ApiError::internal)
            })
        }
        boxed as $crate::registry::Handler
    }};
}

/// The whole `main` of a function binary: look the function up in its area's
/// registry by binary name, build the clients once, then serve invocations.
#[macro_export]
macro_rules! lambda_main {
    ($functions:expr) => {
        fn main() -> Result<(), $crate::events::BoxError> {
            $crate::events::start($functions, env!("CARGO_BIN_NAME"))
        }
    };
}
