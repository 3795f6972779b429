//! The two AWS calls the functions make to JSON-protocol services, Cognito
//! `ListUsers` and SSM `GetParameter`, signed and sent here instead of by
//! their SDK crates. Why: aws-sdk-cognitoidentityprovider and aws-sdk-ssm
//! were 92 s and 127 s of the arm64 release build's CPU, on its critical
//! path (every area crate waits for `fleet-shared`, which waited for them),
//! for one operation each (`scripts/bench/sam-build.sh`, docs/decisions/performance-and-cost.md).
//!
//! Same contract as the SDK's: credentials, region and endpoint from the
//! function's `SdkConfig`; SigV4; the AWS JSON 1.1 protocol
//! (`X-Amz-Target: {prefix}.{Operation}`); throttling, 5xx and broken
//! connections retried (3 attempts, as the SDK's standard mode), inside a
//! bound. A call counts in the function's `Usage` and, under the local API,
//! in the IAM call log, as an SDK call does.
use crate::aws_http::{self, Attempt, Signer};
use crate::calls::{self, Call};
use crate::usage::Usage;
use aws_sigv4::http_request::{SignableBody, SigningSettings};
use http_body_util::Full;
use hyper::body::Bytes;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

pub use crate::aws_http::CallFailed;

/// A JSON-protocol service: its endpoint prefix (also its signing name) and target prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Service {
    pub endpoint_prefix: &'static str,
    pub target_prefix: &'static str,
}

pub const COGNITO_IDP: Service =
    Service { endpoint_prefix: "cognito-idp", target_prefix: "AWSCognitoIdentityProviderService" };
pub const SSM: Service = Service { endpoint_prefix: "ssm", target_prefix: "AmazonSSM" };

/// The largest answer read: a page of 60 users is a few tens of kB.
const MAX_ANSWER_BYTES: usize = 4 * 1024 * 1024;

/// One service's client for one function: built once per cold start, from its `SdkConfig`.
#[derive(Clone)]
pub struct JsonClient {
    service: Service,
    signer: Signer,
    endpoint: String,
    timeout: Duration,
    usage: Option<Arc<Usage>>,
}

impl std::fmt::Debug for JsonClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonClient").field("service", &self.service).field("endpoint", &self.endpoint).finish()
    }
}

impl JsonClient {
    pub fn new(service: Service, sdk: &aws_config::SdkConfig, timeout: Duration) -> JsonClient {
        let signer = Signer::new(service.endpoint_prefix, sdk);
        let endpoint = sdk
            .endpoint_url()
            .map(str::to_string)
            .unwrap_or_else(|| format!("https://{}.{}.amazonaws.com", service.endpoint_prefix, signer.region));
        JsonClient { service, signer, endpoint, timeout, usage: None }
    }

    /// Counts its calls into `usage` (and the IAM call log it feeds).
    pub fn counted(mut self, usage: Arc<Usage>) -> JsonClient {
        self.usage = Some(usage);
        self
    }

    /// One operation: `request` as its JSON input, the answer parsed as `R`.
    /// `needs` is what IAM checks for it (recorded under the local API).
    pub async fn call<Q: Serialize, R: DeserializeOwned>(
        &self,
        operation: &str,
        request: &Q,
        needs: impl FnOnce(&calls::Account) -> Vec<Call>,
    ) -> Result<R, CallFailed> {
        let body = serde_json::to_vec(request).map_err(|e| CallFailed::new(format!("{operation}: {e}")))?;
        if let Some(usage) = &self.usage {
            usage.log_calls(needs);
        }
        let counted = format!("{}.{operation}", self.service.endpoint_prefix);
        let bytes = aws_http::with_retries(operation, &counted, self.usage.as_deref(), self.timeout, || {
            self.send(operation, &body)
        })
        .await?;
        serde_json::from_slice(&bytes)
            .map_err(|e| CallFailed::new(format!("{operation}: the answer does not parse: {e}")))
    }

    async fn send(&self, operation: &str, body: &[u8]) -> Result<Bytes, Attempt> {
        let response = aws_http::send(self.signed(operation, body).await?).await?;
        let status = response.status().as_u16();
        let bytes = aws_http::read(response.into_body(), MAX_ANSWER_BYTES).await?;
        match status {
            200..=299 => Ok(bytes),
            _ => Err(refusal(status, &bytes)),
        }
    }

    async fn signed(&self, operation: &str, body: &[u8]) -> Result<hyper::Request<Full<Bytes>>, Attempt> {
        let mut request = hyper::Request::post(&self.endpoint)
            .header(hyper::header::CONTENT_TYPE, "application/x-amz-json-1.1")
            .header("x-amz-target", format!("{}.{operation}", self.service.target_prefix))
            .body(Full::new(Bytes::copy_from_slice(body)))
            .map_err(|e| Attempt::refused(format!("bad endpoint {}: {e}", self.endpoint)))?;
        self.signer
            .sign(&mut request, SignableBody::Bytes(body), SigningSettings::default(), SystemTime::now())
            .await?;
        Ok(request)
    }
}

/// The error of an AWS JSON answer: `{"__type": "...#Code", "message": "..."}`.
#[derive(Deserialize, Default)]
struct ErrorBody {
    #[serde(rename = "__type", default)]
    kind: String,
    #[serde(alias = "Message", default)]
    message: String,
}

/// A non-2xx answer, by the code and message of its JSON error.
fn refusal(status: u16, body: &[u8]) -> Attempt {
    let error: ErrorBody = serde_json::from_slice(body).unwrap_or_default();
    aws_http::refusal(status, error.kind.rsplit('#').next().unwrap_or_default(), &error.message)
}

/// Cognito `ListUsers`: one page.
#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct ListUsers {
    pub user_pool_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub filter: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pagination_token: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct ListUsersPage {
    #[serde(default)]
    pub users: Vec<PoolUserRecord>,
    pub pagination_token: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct PoolUserRecord {
    pub username: Option<String>,
    #[serde(default)]
    pub attributes: Vec<UserAttribute>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct UserAttribute {
    pub name: String,
    pub value: Option<String>,
}

impl PoolUserRecord {
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes.iter().find(|a| a.name == name).and_then(|a| a.value.as_deref())
    }
}

/// The user pool, as one function's `Deps` holds it.
#[derive(Debug, Clone)]
pub struct UserPool(pub JsonClient);

impl UserPool {
    pub async fn list_users(&self, request: &ListUsers) -> Result<ListUsersPage, CallFailed> {
        let pool = request.user_pool_id.clone();
        self.0.call("ListUsers", request, |account| vec![calls::list_users(&pool, account)]).await
    }

    /// Every user of the pool `pool_id`: ListUsers, page after page (the screens that list the pool's users).
    pub async fn every_user(&self, pool_id: &str) -> Result<Vec<PoolUserRecord>, CallFailed> {
        let mut users = Vec::new();
        let mut token = None;
        loop {
            let request =
                ListUsers { user_pool_id: pool_id.to_string(), pagination_token: token, ..Default::default() };
            let page = self.list_users(&request).await?;
            users.extend(page.users);
            token = page.pagination_token.filter(|t| !t.is_empty());
            if token.is_none() {
                return Ok(users);
            }
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "PascalCase")]
struct GetParameter<'a> {
    name: &'a str,
    with_decryption: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct GetParameterAnswer {
    parameter: Option<ParameterValue>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ParameterValue {
    value: Option<String>,
}

/// SSM `GetParameter`, decrypted: a SecureString's value.
pub async fn get_parameter(client: &JsonClient, name: &str) -> Result<String, CallFailed> {
    let answer: GetParameterAnswer = client
        .call("GetParameter", &GetParameter { name, with_decryption: true }, |account| {
            vec![calls::get_parameter(name, account)]
        })
        .await?;
    answer.parameter.and_then(|p| p.value).ok_or_else(|| CallFailed::new("the parameter has no value"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_json_error_names_its_code_without_the_namespace() {
        let Attempt::Refused(failed) =
            refusal(400, br#"{"__type":"com.amazonaws.ssm#ParameterNotFound","message":"m"}"#)
        else {
            panic!("a missing parameter is not retried")
        };
        assert_eq!((failed.code.as_str(), failed.text.as_str()), ("ParameterNotFound", "ParameterNotFound (400): m"));
        let Attempt::Refused(failed) = refusal(403, br#"{"__type":"AccessDeniedException","Message":"no"}"#) else {
            panic!("refused")
        };
        assert_eq!(failed.text, "AccessDeniedException (403): no");
        assert!(matches!(refusal(400, br#"{"__type":"ThrottlingException"}"#), Attempt::Retry(_)));
        assert!(matches!(refusal(400, b"not json"), Attempt::Refused(f) if f.text == "(400)"));
    }

    #[test]
    fn list_users_is_written_and_read_in_the_protocols_casing() {
        let request = ListUsers {
            user_pool_id: "us-east-1_abc".into(),
            filter: Some("email = \"a@b.c\"".into()),
            limit: Some(2),
            pagination_token: None,
        };
        assert_eq!(
            serde_json::to_value(&request).unwrap(),
            serde_json::json!({ "UserPoolId": "us-east-1_abc", "Filter": "email = \"a@b.c\"", "Limit": 2 })
        );
        let page: ListUsersPage = serde_json::from_str(
            r#"{"Users":[{"Username":"u1","Enabled":true,"Attributes":[{"Name":"sub","Value":"s1"},{"Name":"email","Value":"a@b.c"}],
                "UserCreateDate":1.7E9}],"PaginationToken":"next"}"#,
        )
        .unwrap();
        assert_eq!(page.pagination_token.as_deref(), Some("next"));
        assert_eq!(page.users[0].attribute("sub"), Some("s1"));
        assert_eq!(page.users[0].attribute("email"), Some("a@b.c"));
        assert_eq!(page.users[0].attribute("phone"), None);
    }

    #[tokio::test]
    async fn a_call_is_signed_for_its_service_and_region_and_targets_its_operation() {
        let sdk = aws_config::SdkConfig::builder()
            .region(aws_config::Region::new("eu-west-1"))
            .credentials_provider(aws_credential_types::provider::SharedCredentialsProvider::new(
                aws_credential_types::Credentials::new("AKID", "secret", None, None, "test"),
            ))
            .build();
        let client = JsonClient::new(SSM, &sdk, Duration::from_secs(1));
        assert_eq!(client.endpoint, "https://ssm.eu-west-1.amazonaws.com");
        let request = client.signed("GetParameter", b"{}").await.ok().expect("signed");
        let header = |name: &str| request.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default();
        assert_eq!(header("x-amz-target"), "AmazonSSM.GetParameter");
        assert_eq!(header("content-type"), "application/x-amz-json-1.1");
        let auth = header("authorization");
        assert!(auth.starts_with("AWS4-HMAC-SHA256 Credential=AKID/"), "{auth}");
        assert!(auth.contains("/eu-west-1/ssm/aws4_request"), "{auth}");
        assert!(auth.contains("x-amz-target"), "the target is signed: {auth}");
        assert!(!header("x-amz-date").is_empty());
    }
}
