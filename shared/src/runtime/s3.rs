//! S3 for the functions: aws-sdk-s3's client, built once per cold start from
//! the function's `SdkConfig` (credentials, region, endpoint, the shared
//! HTTPS client), behind the few calls the functions make: PutObject,
//! GetObject, HeadObject, DeleteObject, ListObjectsV2, and presigned GETs and
//! PUTs. The SDK brings the standard retry mode with jitter and a retry
//! quota, clock-skew correction, S3's endpoint rules (partitions, FIPS,
//! dual-stack, `AWS_ENDPOINT_URL_S3`; path-style on an IP endpoint such as
//! the emulator's), checksums, and request ids in its errors.
//!
//! The usage counter (`usage::Counter`) is the client's interceptor, as on
//! the other SDK clients: it counts each attempt and logs what IAM must allow
//! (`calls::typed`), for sent and presigned requests alike.
use crate::aws_http::CallFailed;
use crate::usage::{Counter, Usage};
use aws_sdk_s3::error::{DisplayErrorContext, ProvideErrorMetadata, SdkError};
use aws_sdk_s3::presigning::PresigningConfig;
use aws_sdk_s3::primitives::ByteStream;
use aws_smithy_types::timeout::TimeoutConfig;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// How long an object's body may take to arrive once its answer has: the
/// largest object read (a 25,000-fridge snapshot) is a few MB.
const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// One attempt's bound, connect to answer: well inside a function's 15 s, so
/// a dead connection is retried instead of ending the invocation.
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(5);
/// The whole call, retries included.
const CALL_TIMEOUT: Duration = Duration::from_secs(12);

/// What S3 says of an object.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ObjectMeta {
    /// With its quotes, as `If-Match` wants it.
    pub e_tag: Option<String>,
    /// Unix seconds.
    pub last_modified: Option<i64>,
    pub content_length: Option<i64>,
    /// The user metadata (`x-amz-meta-{name}`), by name.
    pub metadata: HashMap<String, String>,
}

/// An object found by GetObject, its body not read yet.
#[derive(Debug)]
pub struct S3Object {
    pub meta: ObjectMeta,
    body: ByteStream,
}

impl S3Object {
    /// The body, refused past `max` bytes.
    pub async fn bytes(self, max: usize) -> Result<Vec<u8>, CallFailed> {
        match tokio::time::timeout(BODY_TIMEOUT, read_at_most(self.body, max)).await {
            Ok(read) => read,
            Err(_) => Err(CallFailed::new(format!("GetObject: body not read within {} s", BODY_TIMEOUT.as_secs()))),
        }
    }
}

async fn read_at_most(mut body: ByteStream, max: usize) -> Result<Vec<u8>, CallFailed> {
    let mut out = Vec::new();
    while let Some(chunk) = body.try_next().await.map_err(|e| CallFailed::new(format!("GetObject: {e}")))? {
        if out.len() + chunk.len() > max {
            return Err(CallFailed::new(format!("GetObject: the body is larger than {max} bytes")));
        }
        out.extend_from_slice(&chunk);
    }
    Ok(out)
}

/// A PutObject's headers besides its body.
#[derive(Debug, Clone, Default)]
pub struct PutOptions<'a> {
    pub content_type: Option<&'a str>,
    pub content_encoding: Option<&'a str>,
    pub cache_control: Option<&'a str>,
    pub metadata: Vec<(&'a str, String)>,
    /// Only over this ETag (S3's conditional write).
    pub if_match: Option<&'a str>,
    /// `*`: only where no object exists.
    pub if_none_match: Option<&'a str>,
}

/// One page of ListObjectsV2.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ListPage {
    pub keys: Vec<String>,
    pub next_token: Option<String>,
}

/// S3 for one function: built once per cold start, from its `SdkConfig`.
#[derive(Clone, Debug)]
pub struct S3Client {
    client: aws_sdk_s3::Client,
}

impl S3Client {
    pub fn new(sdk: &aws_config::SdkConfig) -> S3Client {
        S3Client { client: aws_sdk_s3::Client::from_conf(config(sdk).build()) }
    }

    /// A client that counts its calls into `usage` (and the IAM call log it feeds): built once.
    pub fn counted(sdk: &aws_config::SdkConfig, usage: Arc<Usage>) -> S3Client {
        S3Client { client: aws_sdk_s3::Client::from_conf(config(sdk).interceptor(Counter(usage)).build()) }
    }

    pub async fn put_object(
        &self,
        bucket: &str,
        key: &str,
        body: Vec<u8>,
        options: &PutOptions<'_>,
    ) -> Result<(), CallFailed> {
        let metadata: HashMap<String, String> =
            options.metadata.iter().map(|(name, value)| (name.to_string(), value.clone())).collect();
        self.client
            .put_object()
            .bucket(bucket)
            .key(key)
            .body(ByteStream::from(body))
            .set_content_type(options.content_type.map(str::to_string))
            .set_content_encoding(options.content_encoding.map(str::to_string))
            .set_cache_control(options.cache_control.map(str::to_string))
            .set_metadata((!metadata.is_empty()).then_some(metadata))
            .set_if_match(options.if_match.map(str::to_string))
            .set_if_none_match(options.if_none_match.map(str::to_string))
            .send()
            .await
            .map(|_| ())
            .map_err(|e| failed("PutObject", e))
    }

    /// The object and its body, or None where there is no such key.
    pub async fn get_object(&self, bucket: &str, key: &str) -> Result<Option<S3Object>, CallFailed> {
        match self.client.get_object().bucket(bucket).key(key).send().await {
            Ok(out) => {
                let meta = ObjectMeta {
                    e_tag: out.e_tag.clone(),
                    last_modified: out.last_modified.map(|t| t.secs()),
                    content_length: out.content_length,
                    metadata: out.metadata.clone().unwrap_or_default(),
                };
                Ok(Some(S3Object { meta, body: out.body }))
            }
            Err(e) if e.as_service_error().is_some_and(|s| s.is_no_such_key()) => Ok(None),
            Err(e) => Err(failed("GetObject", e)),
        }
    }

    /// What S3 says of the object, or None where there is none.
    pub async fn head_object(&self, bucket: &str, key: &str) -> Result<Option<ObjectMeta>, CallFailed> {
        match self.client.head_object().bucket(bucket).key(key).send().await {
            Ok(out) => Ok(Some(ObjectMeta {
                e_tag: out.e_tag,
                last_modified: out.last_modified.map(|t| t.secs()),
                content_length: out.content_length,
                metadata: out.metadata.unwrap_or_default(),
            })),
            Err(e) if e.as_service_error().is_some_and(|s| s.is_not_found()) => Ok(None),
            Err(e) => Err(failed("HeadObject", e)),
        }
    }

    pub async fn delete_object(&self, bucket: &str, key: &str) -> Result<(), CallFailed> {
        let deleted = self.client.delete_object().bucket(bucket).key(key).send().await;
        deleted.map(|_| ()).map_err(|e| failed("DeleteObject", e))
    }

    /// One page of the keys under `prefix`, after `token`'s page.
    pub async fn list_objects_v2(
        &self,
        bucket: &str,
        prefix: &str,
        token: Option<&str>,
    ) -> Result<ListPage, CallFailed> {
        let request = self.client.list_objects_v2().bucket(bucket).prefix(prefix);
        let out = request
            .set_continuation_token(token.map(str::to_string))
            .send()
            .await
            .map_err(|e| failed("ListObjectsV2", e))?;
        Ok(ListPage {
            keys: out.contents().iter().filter_map(|o| o.key().map(str::to_string)).collect(),
            next_token: out.next_continuation_token().filter(|t| !t.is_empty()).map(str::to_string),
        })
    }

    /// A URL that GETs the object for `expires` (at most 7 days: the SDK refuses more).
    pub async fn presigned_get(&self, bucket: &str, key: &str, expires: Duration) -> Result<String, CallFailed> {
        let presigned = self.client.get_object().bucket(bucket).key(key).presigned(presigning(expires)?).await;
        presigned.map(|p| p.uri().to_string()).map_err(|e| failed("GetObject", e))
    }

    /// A URL that PUTs the object, of `content_type`, for `expires`. The
    /// browser must send that content type: it is signed.
    pub async fn presigned_put(
        &self,
        bucket: &str,
        key: &str,
        content_type: &str,
        expires: Duration,
    ) -> Result<String, CallFailed> {
        let request = self.client.put_object().bucket(bucket).key(key).content_type(content_type);
        let presigned = request.presigned(presigning(expires)?).await;
        presigned.map(|p| p.uri().to_string()).map_err(|e| failed("PutObject", e))
    }
}

/// The function's SDK settings, with S3's own bounds. A presigned PUT carries
/// no checksum of a body it has not seen (the SDK's `WhenSupported` would sign
/// the CRC32 of an empty body into the URL, which S3 then refuses): checksums
/// are sent where S3 requires them, and answers' checksums are still validated.
fn config(sdk: &aws_config::SdkConfig) -> aws_sdk_s3::config::Builder {
    let timeouts =
        TimeoutConfig::builder().operation_attempt_timeout(ATTEMPT_TIMEOUT).operation_timeout(CALL_TIMEOUT).build();
    aws_sdk_s3::config::Builder::from(sdk)
        .timeout_config(timeouts)
        .request_checksum_calculation(aws_sdk_s3::config::RequestChecksumCalculation::WhenRequired)
}

fn presigning(expires: Duration) -> Result<PresigningConfig, CallFailed> {
    PresigningConfig::expires_in(expires).map_err(|e| CallFailed::new(format!("presigning: {e}")))
}

/// An SDK error as the callers read it: the answer's status (404, 409, 412...),
/// S3's error code, and the SDK's words with the request id.
fn failed<E: ProvideErrorMetadata + std::error::Error + 'static>(
    operation: &str,
    e: SdkError<E, aws_smithy_runtime_api::http::Response>,
) -> CallFailed {
    let status = e.raw_response().map(|r| r.status().as_u16());
    let code = e.code().unwrap_or_default().to_string();
    CallFailed { status, code, text: format!("{operation}: {}", DisplayErrorContext(&e)) }
}

#[cfg(test)]
mod tests;
