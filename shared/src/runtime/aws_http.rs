//! What the AWS calls sent outside the SDK clients share (`aws_json`, for
//! Cognito's ListUsers and SSM's GetParameter): SigV4 signing with the function's
//! credentials and region, one HTTPS pool, and the SDK's standard retry
//! mode (3 attempts; throttling, 5xx and broken connections retried), each
//! attempt inside a bound and counted in the function's `Usage`.
use crate::usage::Usage;
use aws_credential_types::provider::{ProvideCredentials, SharedCredentialsProvider};
use aws_sigv4::http_request::{sign, SignableBody, SignableRequest, SigningSettings};
use aws_sigv4::sign::v4;
use aws_smithy_runtime_api::client::identity::Identity;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use std::future::Future;
use std::time::{Duration, SystemTime};

pub(crate) const ATTEMPTS: u32 = 3;

/// A refused or failed call, worded for the log, with the answer's status and the service's error code.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CallFailed {
    /// The answer's HTTP status, when there was an answer.
    pub status: Option<u16>,
    /// The service's error code (`NoSuchKey`, `ParameterNotFound`...), when it gave one.
    pub code: String,
    pub text: String,
}

impl CallFailed {
    pub fn new(text: impl Into<String>) -> CallFailed {
        CallFailed { text: text.into(), ..CallFailed::default() }
    }

    /// The same failure, its text prefixed with the operation.
    fn of(mut self, operation: &str) -> CallFailed {
        self.text = format!("{operation}: {}", self.text);
        self
    }
}

impl std::fmt::Display for CallFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::error::Error for CallFailed {}

/// One attempt's outcome when it did not succeed.
pub(crate) enum Attempt {
    Retry(String),
    Refused(CallFailed),
}

impl Attempt {
    pub(crate) fn refused(text: impl Into<String>) -> Attempt {
        Attempt::Refused(CallFailed::new(text))
    }
}

/// A non-2xx answer of `status` with this error `code` and `message`:
/// throttling and server faults are retried, the rest refused.
pub(crate) fn refusal(status: u16, code: &str, message: &str) -> Attempt {
    let mut text = if code.is_empty() { format!("({status})") } else { format!("{code} ({status})") };
    if !message.is_empty() {
        text = format!("{text}: {message}");
    }
    let throttled = matches!(
        code,
        "ThrottlingException"
            | "TooManyRequestsException"
            | "RequestLimitExceeded"
            | "ThrottledException"
            | "SlowDown"
            | "RequestTimeout"
    );
    if status >= 500 || status == 429 || throttled {
        Attempt::Retry(text)
    } else {
        Attempt::Refused(CallFailed { status: Some(status), code: code.to_string(), text })
    }
}

/// Signs requests for one service with a function's credentials and region.
#[derive(Clone)]
pub(crate) struct Signer {
    credentials: Option<SharedCredentialsProvider>,
    pub region: String,
    service: &'static str,
}

impl Signer {
    pub fn new(service: &'static str, sdk: &aws_config::SdkConfig) -> Signer {
        let region = sdk.region().map(|r| r.to_string()).unwrap_or_else(|| "us-east-1".into());
        Signer { credentials: sdk.credentials_provider(), region, service }
    }

    /// Signs `request` (its method, URI and headers) as of `at`, by `settings`:
    /// in its headers, or in its query for a presigned URL.
    pub async fn sign<B>(
        &self,
        request: &mut hyper::Request<B>,
        body: SignableBody<'_>,
        settings: SigningSettings,
        at: SystemTime,
    ) -> Result<(), Attempt> {
        let provider = self.credentials.as_ref().ok_or_else(|| Attempt::refused("no credentials"))?;
        let credentials =
            provider.provide_credentials().await.map_err(|e| Attempt::Retry(format!("no credentials: {e}")))?;
        let identity: Identity = credentials.into();
        let params = v4::SigningParams::builder()
            .identity(&identity)
            .region(&self.region)
            .name(self.service)
            .time(at)
            .settings(settings)
            .build()
            .map_err(|e| Attempt::refused(format!("not signed: {e}")))?
            .into();
        let uri = request.uri().to_string();
        let headers: Vec<(String, String)> = request
            .headers()
            .iter()
            .map(|(name, value)| (name.as_str().to_string(), value.to_str().unwrap_or_default().to_string()))
            .collect();
        let headers = headers.iter().map(|(name, value)| (name.as_str(), value.as_str()));
        let signable = SignableRequest::new(request.method().as_str(), &uri, headers, body)
            .map_err(|e| Attempt::refused(format!("not signed: {e}")))?;
        let (instructions, _) =
            sign(signable, &params).map_err(|e| Attempt::refused(format!("not signed: {e}")))?.into_parts();
        instructions.apply_to_request_http1x(request);
        Ok(())
    }
}

/// Sends one request through the container's HTTPS pool; its answer's body is not read yet.
pub(crate) async fn send(request: hyper::Request<Full<Bytes>>) -> Result<hyper::Response<Incoming>, Attempt> {
    let https = crate::https::client().map_err(Attempt::Retry)?;
    https.request(request).await.map_err(|e| Attempt::Retry(format!("unreachable: {e}")))
}

/// An answer's body, refused past `max` bytes.
pub(crate) async fn read(body: Incoming, max: usize) -> Result<Bytes, Attempt> {
    Limited::new(body, max)
        .collect()
        .await
        .map(|b| b.to_bytes())
        .map_err(|e| Attempt::Retry(format!("answer not read: {e}")))
}

/// Runs `attempt` up to [`ATTEMPTS`] times, each within `timeout`, backing
/// off between retries; each attempt counts as `counted` in `usage`.
pub(crate) async fn with_retries<T, F, Fut>(
    operation: &str,
    counted: &str,
    usage: Option<&Usage>,
    timeout: Duration,
    mut attempt: F,
) -> Result<T, CallFailed>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, Attempt>>,
{
    let mut tried = 0;
    loop {
        tried += 1;
        let sent = std::time::Instant::now();
        let outcome = match tokio::time::timeout(timeout, attempt()).await {
            Ok(outcome) => outcome,
            Err(_) => Err(Attempt::Retry(format!("no answer within {} s", timeout.as_secs()))),
        };
        if let Some(usage) = usage {
            usage.count(counted.to_string(), sent.elapsed());
        }
        match outcome {
            Ok(answer) => return Ok(answer),
            Err(Attempt::Retry(why)) if tried < ATTEMPTS => {
                tracing::warn!(operation, attempt = tried, %why, "retrying");
                tokio::time::sleep(Duration::from_millis(100 * 2u64.pow(tried))).await;
            }
            Err(Attempt::Retry(why)) => return Err(CallFailed::new(why).of(operation)),
            Err(Attempt::Refused(failed)) => return Err(failed.of(operation)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn throttling_and_server_faults_are_retried_and_refusals_keep_their_status_and_code() {
        assert!(matches!(refusal(500, "", ""), Attempt::Retry(_)));
        assert!(matches!(refusal(400, "ThrottlingException", "m"), Attempt::Retry(_)));
        assert!(matches!(refusal(503, "SlowDown", ""), Attempt::Retry(_)));
        assert!(matches!(refusal(429, "", ""), Attempt::Retry(_)));
        let Attempt::Refused(failed) = refusal(412, "PreconditionFailed", "At least one of the preconditions failed")
        else {
            panic!("a failed condition is not retried")
        };
        assert_eq!(failed.status, Some(412));
        assert_eq!(failed.code, "PreconditionFailed");
        assert_eq!(failed.text, "PreconditionFailed (412): At least one of the preconditions failed");
        let Attempt::Refused(failed) = refusal(404, "", "") else { panic!("refused") };
        assert_eq!(failed.text, "(404)");
    }

    #[tokio::test(start_paused = true)]
    async fn a_retried_failure_is_tried_three_times_and_each_attempt_counts() {
        let usage = Usage::default();
        let mut tries = 0;
        let failed = with_retries("Op", "svc.Op", Some(&usage), Duration::from_secs(1), || {
            tries += 1;
            async { Err::<(), _>(Attempt::Retry("(500)".into())) }
        })
        .await
        .unwrap_err();
        assert_eq!(tries, ATTEMPTS);
        assert_eq!(failed.text, "Op: (500)");
        assert_eq!(usage.totals().calls.get("svc.Op"), Some(&(ATTEMPTS as u64)));

        let mut tries = 0;
        let refused = with_retries("Op", "svc.Op", None, Duration::from_secs(1), || {
            tries += 1;
            async { Err::<(), _>(refusal(403, "AccessDenied", "no")) }
        })
        .await
        .unwrap_err();
        assert_eq!((tries, refused.status), (1, Some(403)), "a refusal is not retried");
    }
}
