//! A bare lambda_runtime function making one HTTPS GET per invocation (see
//! the crate's doc).
use bytes::Bytes;
use http_body_util::{BodyExt, Empty};
use hyper_util::client::legacy::{connect::HttpConnector, Client};
use hyper_util::rt::TokioExecutor;
use lambda_runtime::{service_fn, Error, LambdaEvent};
use serde_json::{json, Value};
use std::sync::OnceLock;

type Https = hyper_rustls::HttpsConnector<HttpConnector>;

/// Built on the first call, as the functions' clients now read their roots.
fn client() -> Result<&'static Client<Https, Empty<Bytes>>, Error> {
    static CLIENT: OnceLock<Client<Https, Empty<Bytes>>> = OnceLock::new();
    if let Some(c) = CLIENT.get() {
        return Ok(c);
    }
    let connector = hyper_rustls::HttpsConnectorBuilder::new().with_native_roots()?.https_only().enable_http1().build();
    Ok(CLIENT.get_or_init(|| Client::builder(TokioExecutor::new()).build(connector)))
}

async fn call(_: LambdaEvent<Value>) -> Result<Value, Error> {
    let url = std::env::var("FLOOR_HTTPS_URL")?;
    let res = client()?.get(url.parse()?).await?;
    let status = res.status().as_u16();
    res.into_body().collect().await?;
    Ok(json!({ "status": status }))
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    lambda_runtime::run(service_fn(call)).await
}
