//! One HTTPS connection pool per container for the calls made outside the
//! AWS SDK clients: the routing service (fn-routes) and the JSON-protocol
//! calls (`aws_json`). Built at the first such call, so a function that makes
//! none never reads the platform's root certificates.
use http_body_util::Full;
use hyper::body::Bytes;
use hyper_util::client::legacy::{connect::HttpConnector, Client};
use hyper_util::rt::TokioExecutor;
use std::sync::OnceLock;

pub type Https = hyper_rustls::HttpsConnector<HttpConnector>;
pub type HttpsClient = Client<Https, Full<Bytes>>;

/// The pool; an error when the platform has no root certificates (not cached: the next call tries again).
pub fn client() -> Result<&'static HttpsClient, String> {
    static CLIENT: OnceLock<HttpsClient> = OnceLock::new();
    if let Some(c) = CLIENT.get() {
        return Ok(c);
    }
    let connector = hyper_rustls::HttpsConnectorBuilder::new()
        .with_native_roots()
        .map_err(|e| format!("no TLS roots: {e}"))?
        .https_or_http()
        .enable_http1()
        .build();
    Ok(CLIENT.get_or_init(|| Client::builder(TokioExecutor::new()).build(connector)))
}
