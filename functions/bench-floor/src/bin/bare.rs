//! A bare lambda_runtime function (see the crate's doc).
use lambda_runtime::{service_fn, Error, LambdaEvent};
use serde_json::{json, Value};

#[tokio::main]
async fn main() -> Result<(), Error> {
    lambda_runtime::run(service_fn(|_: LambdaEvent<Value>| async { Ok::<_, Error>(json!({})) })).await
}
