//! The GraphQL calls a function makes to its own API with its role (AWS_IAM
//! auth): the change publisher's publishing mutations (issue 61). Signed with
//! SigV4 (`appsync`) as AppSync's IAM mode wants, sent through the container's
//! HTTPS pool, and retried as the other calls outside the SDK clients are
//! (`aws_http`): throttling, 5xx and broken connections, inside a bound.
use crate::aws_http::{self, Attempt, CallFailed, Signer};
use crate::usage::Usage;
use aws_sigv4::http_request::{SignableBody, SigningSettings};
use http_body_util::Full;
use hyper::body::Bytes;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// A publishing mutation answers in milliseconds; three attempts fit a
/// stream batch's invocation well inside its timeout.
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(4);
/// The answer of a publishing mutation echoes its small input.
const MAX_ANSWER_BYTES: usize = 256 * 1024;

/// The API's GraphQL endpoint, signed with the function's role.
#[derive(Clone)]
pub struct GraphqlClient {
    signer: Signer,
    url: String,
    usage: Option<Arc<Usage>>,
    /// The API's id, for the IAM call log alone (the local API records what each call needs;
    /// `GRAPHQL_API_ID` in the local stack's environment). A Lambda function records nothing.
    api_id: String,
}

impl std::fmt::Debug for GraphqlClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GraphqlClient").field("url", &self.url).finish()
    }
}

#[derive(Serialize)]
struct Request<'a, V> {
    query: &'a str,
    variables: &'a V,
}

#[derive(Deserialize, Default)]
struct Answer {
    #[serde(default)]
    errors: Vec<GraphqlError>,
}

#[derive(Deserialize, Default, Debug)]
#[serde(rename_all = "camelCase")]
struct GraphqlError {
    #[serde(default)]
    error_type: String,
    #[serde(default)]
    message: String,
}

impl GraphqlClient {
    pub fn new(url: &str, sdk: &aws_config::SdkConfig) -> GraphqlClient {
        let api_id = std::env::var("GRAPHQL_API_ID").unwrap_or_default();
        GraphqlClient { signer: Signer::new("appsync", sdk), url: url.to_string(), usage: None, api_id }
    }

    /// Counts its calls into `usage`.
    pub fn counted(mut self, usage: Arc<Usage>) -> GraphqlClient {
        self.usage = Some(usage);
        self
    }

    /// Runs one mutation; an answer with `errors` is a refusal (not retried).
    pub async fn mutate<V: Serialize>(&self, field: &str, query: &str, variables: &V) -> Result<(), CallFailed> {
        let body =
            serde_json::to_vec(&Request { query, variables }).map_err(|e| CallFailed::new(format!("{field}: {e}")))?;
        if let Some(usage) = &self.usage {
            usage.log_calls(|account| vec![crate::calls::appsync_field(&self.api_id, "Mutation", field, account)]);
        }
        let counted = format!("appsync.{field}");
        aws_http::with_retries(field, &counted, self.usage.as_deref(), ATTEMPT_TIMEOUT, || self.send(&body)).await
    }

    async fn send(&self, body: &[u8]) -> Result<(), Attempt> {
        let mut request = hyper::Request::post(&self.url)
            .header(hyper::header::CONTENT_TYPE, "application/json")
            .body(Full::new(Bytes::copy_from_slice(body)))
            .map_err(|e| Attempt::refused(format!("bad GraphQL URL {}: {e}", self.url)))?;
        self.signer
            .sign(&mut request, SignableBody::Bytes(body), SigningSettings::default(), SystemTime::now())
            .await?;
        let response = aws_http::send(request).await?;
        let status = response.status().as_u16();
        let bytes = aws_http::read(response.into_body(), MAX_ANSWER_BYTES).await?;
        answer(status, &bytes)
    }
}

/// An AppSync answer: a 2xx without `errors` is done; an error's type and
/// message (AppSync's `errorType`) decide whether it is retried.
fn answer(status: u16, body: &[u8]) -> Result<(), Attempt> {
    let answer: Answer = serde_json::from_slice(body).unwrap_or_default();
    match (status, answer.errors.first()) {
        (200..=299, None) => Ok(()),
        (status, Some(error)) => Err(aws_http::refusal(status, &error.error_type, &error.message)),
        (status, None) => Err(aws_http::refusal(status, "", "")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_refusals_and_server_faults_are_retried() {
        assert!(answer(200, br#"{"data":{"publishStockingChange":{"kind":"ACTION"}}}"#).is_ok());
        let refused = answer(401, br#"{"errors":[{"errorType":"UnauthorizedException","message":"no"}]}"#);
        assert!(matches!(refused, Err(Attempt::Refused(f)) if f.code == "UnauthorizedException"));
        assert!(matches!(answer(200, br#"{"errors":[{"message":"bad"}]}"#), Err(Attempt::Refused(_))));
        assert!(matches!(answer(502, b"<html>"), Err(Attempt::Retry(_))));
        assert!(matches!(answer(400, br#"{"errors":[{"errorType":"ThrottlingException"}]}"#), Err(Attempt::Retry(_))));
    }
}
