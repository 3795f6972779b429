//! The AWS SDK configuration every function loads once per cold start.
//!
//! The SDK's default HTTPS client reads the platform's root certificates
//! when a client is *built* (its `validate_base_client_config` builds a
//! connector on purpose). On Linux that is the CA bundle and then ~140 files
//! of `/etc/ssl/certs`: about half of a function's start-up before its first
//! event. Here the same client (hyper 1 with rustls, on ring) is wrapped so
//! that the roots are read when the first connection needs them, once per
//! container (the SDK caches them), and never by a function that makes no
//! call. Validation is unchanged: the platform's roots, as before.
//!
//! `SSL_CERT_FILE` / `SSL_CERT_DIR` (read by rustls-native-certs) replace
//! the platform's roots; they are unset on Lambda. The cold-start bench sets
//! `SSL_CERT_FILE` to the system bundle plus its own test CA.
use aws_config::environment::{EnvironmentVariableCredentialsProvider, EnvironmentVariableRegionProvider};
use aws_config::{BehaviorVersion, ConfigLoader};
use aws_smithy_http_client::proxy::ProxyConfig;
use aws_smithy_http_client::tls::{rustls_provider::CryptoMode, Provider};
use aws_smithy_http_client::ConnectorBuilder;
use aws_smithy_runtime_api::client::connector_metadata::ConnectorMetadata;
use aws_smithy_runtime_api::client::http::{HttpClient, HttpConnectorSettings, SharedHttpClient, SharedHttpConnector};
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_runtime_api::shared::IntoShared;

/// The SDK's default HTTPS client, minus the root loading at build time.
#[derive(Debug)]
struct RootsOnFirstConnection(SharedHttpClient);

impl HttpClient for RootsOnFirstConnection {
    fn http_connector(&self, settings: &HttpConnectorSettings, components: &RuntimeComponents) -> SharedHttpConnector {
        self.0.http_connector(settings, components)
    }

    // `validate_base_client_config` keeps its default (nothing to check):
    // the wrapped client's would build a connector, and so read the roots.

    fn connector_metadata(&self) -> Option<ConnectorMetadata> {
        self.0.connector_metadata()
    }
}

/// The HTTPS client every SDK client of a function shares: built as the
/// SDK builds its default (aws-smithy-runtime `default_https_client`).
pub fn https_client() -> SharedHttpClient {
    let client = aws_smithy_http_client::Builder::new().build_with_connector_fn(|settings, components| {
        let mut connector = ConnectorBuilder::default().tls_provider(Provider::Rustls(CryptoMode::Ring));
        connector.set_connector_settings(settings.cloned());
        if let Some(components) = components {
            connector.set_sleep_impl(components.sleep_impl());
        }
        connector.set_proxy_config(Some(ProxyConfig::from_env()));
        connector.build()
    });
    RootsOnFirstConnection(client).into_shared()
}

/// `aws_config::from_env()` with that client: region, credentials and
/// endpoints from the environment, as before.
pub fn loader() -> ConfigLoader {
    aws_config::defaults(BehaviorVersion::latest()).http_client(https_client())
}

/// What a Lambda function loads: [`loader`] with the region and credentials
/// read from the environment only. Lambda sets `AWS_REGION` and the role's
/// credentials there, so the default chains' other links (profile files,
/// web identity through an STS client, the container endpoint, IMDS) are
/// never reached in a function, yet building them (an STS client parses its
/// endpoint partitions and compiles their patterns; two IMDS clients) was a
/// third of the instructions before the first `invocation/next`. The tools
/// keep [`loader`], where a profile or SSO may supply the credentials.
pub fn function_loader() -> ConfigLoader {
    loader()
        .region(EnvironmentVariableRegionProvider::new())
        .credentials_provider(EnvironmentVariableCredentialsProvider::new())
}
