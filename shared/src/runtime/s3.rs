//! The six S3 calls the functions make (PutObject, GetObject, HeadObject,
//! DeleteObject, ListObjectsV2, and presigned GETs and PUTs), signed and sent
//! here instead of by aws-sdk-s3. Why: that crate was 77-90 s of the arm64
//! release build's CPU for these six calls, and the build is CPU-bound on
//! both cores (docs/decisions.md, issue 41).
//!
//! Same contract as the SDK's: credentials, region and endpoint from the
//! function's `SdkConfig`; SigV4 with S3's settings (the path encoded once
//! and not normalised, the payload's SHA-256 in `x-amz-content-sha256`);
//! virtual-hosted addressing, and path-style where the endpoint is an IP
//! address (the emulator) or the bucket's name cannot be a host name; the
//! retries of `aws_http`. A test compares the requests and presigned URLs
//! with the SDK's for the same clock and credentials, since the emulator
//! does not check signatures.
use crate::aws_http::{self, Attempt, CallFailed, Signer};
use crate::calls::{self, Call};
use crate::usage::Usage;
use aws_sigv4::http_request::{
    PayloadChecksumKind, PercentEncodingMode, SignableBody, SignatureLocation, SigningSettings,
    UriPathNormalizationMode,
};
use aws_smithy_xml::decode::{try_data, Document, ScopedDecoder, XmlDecodeError};
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::Method;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

/// An attempt's bound: the largest object read (a 25,000-fridge snapshot) is a few MB.
const TIMEOUT: Duration = Duration::from_secs(20);
/// The largest listing or error answer read: a page of 1,000 keys is about 300 kB.
const MAX_ANSWER_BYTES: usize = 4 * 1024 * 1024;

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
    body: Incoming,
}

impl S3Object {
    /// The body, refused past `max` bytes.
    pub async fn bytes(self, max: usize) -> Result<Vec<u8>, CallFailed> {
        let read = tokio::time::timeout(TIMEOUT, aws_http::read(self.body, max)).await;
        match read {
            Ok(Ok(bytes)) => Ok(bytes.to_vec()),
            Ok(Err(attempt)) => Err(CallFailed::new(format!("GetObject: {}", attempt.why()))),
            Err(_) => Err(CallFailed::new(format!("GetObject: body not read within {} s", TIMEOUT.as_secs()))),
        }
    }
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

/// A request before it is signed.
#[derive(Debug, Clone)]
struct Prepared {
    operation: &'static str,
    method: Method,
    url: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Prepared {
    fn bodiless(operation: &'static str, method: Method, url: String) -> Prepared {
        Prepared { operation, method, url, headers: Vec::new(), body: Vec::new() }
    }
}

/// Where requests go.
#[derive(Debug, Clone, PartialEq)]
struct Endpoint {
    scheme: String,
    /// Host and port, as the URL names them.
    authority: String,
    /// An IP address cannot carry a bucket as a sub-domain.
    is_ip: bool,
}

impl Endpoint {
    fn of(url: Option<&str>, region: &str) -> Endpoint {
        let parsed = url.and_then(|u| u.parse::<hyper::Uri>().ok()).filter(|u| u.authority().is_some());
        match parsed {
            Some(uri) => {
                let host = uri.host().unwrap_or_default().trim_start_matches('[').trim_end_matches(']');
                Endpoint {
                    scheme: uri.scheme_str().unwrap_or("https").to_string(),
                    authority: uri.authority().map(|a| a.to_string()).unwrap_or_default(),
                    is_ip: host.parse::<std::net::IpAddr>().is_ok(),
                }
            }
            None => Endpoint { scheme: "https".into(), authority: format!("s3.{region}.amazonaws.com"), is_ip: false },
        }
    }
}

/// S3 for one function: built once per cold start, from its `SdkConfig`.
#[derive(Clone)]
pub struct S3Client {
    signer: Signer,
    endpoint: Endpoint,
    usage: Option<Arc<Usage>>,
}

impl std::fmt::Debug for S3Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Client").field("endpoint", &self.endpoint).finish()
    }
}

/// A bucket name that can be a host name (no dots, so the certificate's wildcard covers it).
fn virtual_hostable(bucket: &str) -> bool {
    let b = bucket.as_bytes();
    (3..=63).contains(&b.len())
        && b.iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-')
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
}

/// Percent-encodes all but RFC 3986's unreserved characters (and `/`, in a path).
fn encode(text: &str, keep_slash: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(byte as char),
            b'/' if keep_slash => out.push('/'),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

fn s3_settings() -> SigningSettings {
    let mut settings = SigningSettings::default();
    settings.percent_encoding_mode = PercentEncodingMode::Single;
    settings.uri_path_normalization_mode = UriPathNormalizationMode::Disabled;
    settings
}

impl S3Client {
    pub fn new(sdk: &aws_config::SdkConfig) -> S3Client {
        let signer = Signer::new("s3", sdk);
        let endpoint = Endpoint::of(sdk.endpoint_url(), &signer.region);
        S3Client { signer, endpoint, usage: None }
    }

    /// Counts its calls into `usage` (and the IAM call log it feeds).
    pub fn counted(mut self, usage: Arc<Usage>) -> S3Client {
        self.usage = Some(usage);
        self
    }

    /// The URL of `key` in `bucket` (or of the bucket, for an empty key), with `query` (names and values unencoded).
    fn url(&self, bucket: &str, key: &str, query: &[(&str, &str)]) -> String {
        let Endpoint { scheme, authority, is_ip } = &self.endpoint;
        let key = encode(key, true);
        let mut url = if *is_ip || !virtual_hostable(bucket) {
            format!("{scheme}://{authority}/{}/{key}", encode(bucket, false))
        } else {
            format!("{scheme}://{bucket}.{authority}/{key}")
        };
        for (i, (name, value)) in query.iter().enumerate() {
            url.push(if i == 0 { '?' } else { '&' });
            url.push_str(&format!("{}={}", encode(name, false), encode(value, false)));
        }
        url
    }

    fn log(&self, needs: impl FnOnce(&calls::Account) -> Vec<Call>) {
        if let Some(usage) = &self.usage {
            usage.log_calls(needs);
        }
    }

    /// `prepared`, signed as of `at`.
    async fn signed(&self, prepared: &Prepared, at: SystemTime) -> Result<hyper::Request<Full<Bytes>>, Attempt> {
        let mut request = hyper::Request::builder().method(prepared.method.clone()).uri(&prepared.url);
        for (name, value) in &prepared.headers {
            request = request.header(name, value);
        }
        let mut request = request
            .body(Full::new(Bytes::copy_from_slice(&prepared.body)))
            .map_err(|e| Attempt::refused(format!("bad request to {}: {e}", prepared.url)))?;
        let mut settings = s3_settings();
        settings.payload_checksum_kind = PayloadChecksumKind::XAmzSha256;
        self.signer.sign(&mut request, SignableBody::Bytes(&prepared.body), settings, at).await?;
        Ok(request)
    }

    /// Sends `prepared`, signed, retried; answers its status, headers and unread body.
    async fn call(&self, prepared: &Prepared) -> Result<(u16, hyper::HeaderMap, Incoming), CallFailed> {
        let counted = format!("S3.{}", prepared.operation);
        aws_http::with_retries(prepared.operation, &counted, self.usage.as_deref(), TIMEOUT, || async {
            let response = aws_http::send(self.signed(prepared, SystemTime::now()).await?).await?;
            let status = response.status().as_u16();
            if (200..=299).contains(&status) || (status == 404 && prepared.method == Method::HEAD) {
                let (parts, body) = response.into_parts();
                return Ok((status, parts.headers, body));
            }
            let answer = aws_http::read(response.into_body(), MAX_ANSWER_BYTES).await.unwrap_or_default();
            let (code, message) = error_of(&answer);
            Err(aws_http::refusal(status, &code, &message))
        })
        .await
    }

    fn put_request(&self, bucket: &str, key: &str, body: Vec<u8>, options: &PutOptions<'_>) -> Prepared {
        let mut headers: Vec<(String, String)> = [
            ("content-type", options.content_type),
            ("content-encoding", options.content_encoding),
            ("cache-control", options.cache_control),
            ("if-match", options.if_match),
            ("if-none-match", options.if_none_match),
        ]
        .into_iter()
        .filter_map(|(name, value)| Some((name.to_string(), value?.to_string())))
        .collect();
        headers.extend(options.metadata.iter().map(|(name, value)| (format!("x-amz-meta-{name}"), value.clone())));
        headers.push(("content-length".into(), body.len().to_string()));
        let url = self.url(bucket, key, &[("x-id", "PutObject")]);
        Prepared { operation: "PutObject", method: Method::PUT, url, headers, body }
    }

    fn get_request(&self, bucket: &str, key: &str) -> Prepared {
        Prepared::bodiless("GetObject", Method::GET, self.url(bucket, key, &[("x-id", "GetObject")]))
    }

    fn head_request(&self, bucket: &str, key: &str) -> Prepared {
        Prepared::bodiless("HeadObject", Method::HEAD, self.url(bucket, key, &[]))
    }

    fn delete_request(&self, bucket: &str, key: &str) -> Prepared {
        Prepared::bodiless("DeleteObject", Method::DELETE, self.url(bucket, key, &[("x-id", "DeleteObject")]))
    }

    fn list_request(&self, bucket: &str, prefix: &str, token: Option<&str>) -> Prepared {
        let mut query = vec![("list-type", "2"), ("prefix", prefix)];
        if let Some(token) = token {
            query.push(("continuation-token", token));
        }
        Prepared::bodiless("ListObjectsV2", Method::GET, self.url(bucket, "", &query))
    }

    pub async fn put_object(
        &self,
        bucket: &str,
        key: &str,
        body: Vec<u8>,
        options: &PutOptions<'_>,
    ) -> Result<(), CallFailed> {
        self.log(|_| vec![calls::s3_object("PutObject", bucket, key)]);
        self.call(&self.put_request(bucket, key, body, options)).await.map(|_| ())
    }

    /// The object and its body, or None where there is no such key.
    pub async fn get_object(&self, bucket: &str, key: &str) -> Result<Option<S3Object>, CallFailed> {
        self.log(|_| vec![calls::s3_object("GetObject", bucket, key)]);
        match self.call(&self.get_request(bucket, key)).await {
            Ok((_, headers, body)) => Ok(Some(S3Object { meta: meta_of(&headers), body })),
            Err(failed) if failed.code == "NoSuchKey" => Ok(None),
            Err(failed) => Err(failed),
        }
    }

    /// What S3 says of the object, or None where there is none.
    pub async fn head_object(&self, bucket: &str, key: &str) -> Result<Option<ObjectMeta>, CallFailed> {
        // IAM has no action of its own for HeadObject: it needs s3:GetObject.
        self.log(|_| vec![calls::s3_object("GetObject", bucket, key)]);
        let (status, headers, _) = self.call(&self.head_request(bucket, key)).await?;
        Ok((status != 404).then(|| meta_of(&headers)))
    }

    pub async fn delete_object(&self, bucket: &str, key: &str) -> Result<(), CallFailed> {
        self.log(|_| vec![calls::s3_object("DeleteObject", bucket, key)]);
        self.call(&self.delete_request(bucket, key)).await.map(|_| ())
    }

    /// One page of the keys under `prefix`, after `token`'s page.
    pub async fn list_objects_v2(
        &self,
        bucket: &str,
        prefix: &str,
        token: Option<&str>,
    ) -> Result<ListPage, CallFailed> {
        self.log(|_| vec![calls::s3_bucket("ListBucket", bucket)]);
        let (_, _, body) = self.call(&self.list_request(bucket, prefix, token)).await?;
        let answer = aws_http::read(body, MAX_ANSWER_BYTES)
            .await
            .map_err(|_| CallFailed::new("ListObjectsV2: answer not read"))?;
        list_page(&answer).map_err(|e| CallFailed::new(format!("ListObjectsV2: the answer does not parse: {e}")))
    }

    /// A URL that GETs the object for `expires`.
    pub async fn presigned_get(&self, bucket: &str, key: &str, expires: Duration) -> Result<String, CallFailed> {
        self.log(|_| vec![calls::s3_object("GetObject", bucket, key)]);
        self.presigned(Method::GET, bucket, key, "GetObject", None, expires, SystemTime::now()).await
    }

    /// A URL that PUTs the object, of `content_type`, for `expires`.
    pub async fn presigned_put(
        &self,
        bucket: &str,
        key: &str,
        content_type: &str,
        expires: Duration,
    ) -> Result<String, CallFailed> {
        self.log(|_| vec![calls::s3_object("PutObject", bucket, key)]);
        self.presigned(Method::PUT, bucket, key, "PutObject", Some(content_type), expires, SystemTime::now()).await
    }

    #[allow(clippy::too_many_arguments)]
    async fn presigned(
        &self,
        method: Method,
        bucket: &str,
        key: &str,
        operation: &str,
        content_type: Option<&str>,
        expires: Duration,
        at: SystemTime,
    ) -> Result<String, CallFailed> {
        let url = self.url(bucket, key, &[("x-id", operation)]);
        let mut request = hyper::Request::builder().method(method).uri(&url);
        if let Some(content_type) = content_type {
            request = request.header("content-type", content_type);
        }
        let mut request = request.body(()).map_err(|e| CallFailed::new(format!("{operation}: bad URL {url}: {e}")))?;
        let mut settings = s3_settings();
        settings.signature_location = SignatureLocation::QueryParams;
        settings.expires_in = Some(expires);
        self.signer
            .sign(&mut request, SignableBody::UnsignedPayload, settings, at)
            .await
            .map(|()| request.uri().to_string())
            .map_err(|attempt| CallFailed::new(format!("{operation}: {}", attempt.why())))
    }
}

/// An object's metadata from its answer's headers.
fn meta_of(headers: &hyper::HeaderMap) -> ObjectMeta {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
    ObjectMeta {
        e_tag: text("etag"),
        last_modified: text("last-modified")
            .and_then(|t| chrono::DateTime::parse_from_rfc2822(&t).ok())
            .map(|t| t.timestamp()),
        content_length: text("content-length").and_then(|n| n.parse().ok()),
        metadata: headers
            .iter()
            .filter_map(|(name, value)| {
                Some((name.as_str().strip_prefix("x-amz-meta-")?.to_string(), value.to_str().ok()?.to_string()))
            })
            .collect(),
    }
}

/// The code and message of an S3 error answer (`<Error><Code>…</Code><Message>…</Message></Error>`);
/// empty where the answer has none (a HEAD's answer has no body).
fn error_of(answer: &[u8]) -> (String, String) {
    let parsed = std::str::from_utf8(answer).ok().and_then(|text| {
        let mut doc = Document::new(text);
        let mut root = doc.root_element().ok()?;
        if !root.start_el().matches("Error") {
            return None;
        }
        let (mut code, mut message) = (String::new(), String::new());
        while let Some(mut tag) = root.next_tag() {
            if tag.start_el().matches("Code") {
                code = try_data(&mut tag).ok()?.to_string();
            } else if tag.start_el().matches("Message") {
                message = try_data(&mut tag).ok()?.to_string();
            }
        }
        Some((code, message))
    });
    parsed.unwrap_or_default()
}

/// A ListObjectsV2 answer's keys and continuation token.
fn list_page(answer: &[u8]) -> Result<ListPage, XmlDecodeError> {
    let text = std::str::from_utf8(answer).map_err(XmlDecodeError::unhandled)?;
    let mut doc = Document::new(text);
    let mut root = doc.root_element()?;
    if !root.start_el().matches("ListBucketResult") {
        return Err(XmlDecodeError::custom("not a ListBucketResult"));
    }
    let mut page = ListPage::default();
    while let Some(mut tag) = root.next_tag() {
        if tag.start_el().matches("Contents") {
            if let Some(key) = key_of(&mut tag)? {
                page.keys.push(key);
            }
        } else if tag.start_el().matches("NextContinuationToken") {
            page.next_token = Some(try_data(&mut tag)?.to_string()).filter(|t| !t.is_empty());
        }
    }
    Ok(page)
}

fn key_of(contents: &mut ScopedDecoder) -> Result<Option<String>, XmlDecodeError> {
    while let Some(mut tag) = contents.next_tag() {
        if tag.start_el().matches("Key") {
            return Ok(Some(try_data(&mut tag)?.to_string()));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests;
