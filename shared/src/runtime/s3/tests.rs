use super::*;
use aws_credential_types::provider::SharedCredentialsProvider;
use aws_credential_types::Credentials;
use aws_sdk_s3::presigning::PresigningConfig;
use aws_smithy_runtime_api::box_error::BoxError;
use aws_smithy_runtime_api::client::interceptors::context::BeforeTransmitInterceptorContextRef;
use aws_smithy_runtime_api::client::interceptors::Intercept;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_types::config_bag::ConfigBag;
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::sync::Mutex;

const AWS: Option<&str> = None;
const EMULATOR: Option<&str> = Some("http://127.0.0.1:5000");

fn at() -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(1_795_000_000)
}

fn credentials() -> Credentials {
    Credentials::new("AKIDEXAMPLE", "secret", Some("session-token".into()), None, "test")
}

fn sdk_config(endpoint: Option<&str>) -> aws_config::SdkConfig {
    let mut sdk = aws_config::SdkConfig::builder()
        .behavior_version(aws_config::BehaviorVersion::latest())
        .region(aws_config::Region::new("eu-west-1"))
        .credentials_provider(SharedCredentialsProvider::new(credentials()));
    if let Some(url) = endpoint {
        sdk = sdk.endpoint_url(url);
    }
    sdk.build()
}

fn ours(endpoint: Option<&str>) -> S3Client {
    S3Client::new(&sdk_config(endpoint))
}

/// The request the SDK would send, stopped before it leaves.
#[derive(Debug, Clone, Default)]
struct Capture(Arc<Mutex<Option<Seen>>>);

#[derive(Debug, Clone)]
struct Seen {
    method: String,
    uri: String,
    headers: BTreeMap<String, String>,
}

impl Intercept for Capture {
    fn name(&self) -> &'static str {
        "Capture"
    }

    fn read_before_transmit(
        &self,
        context: &BeforeTransmitInterceptorContextRef<'_>,
        _: &RuntimeComponents,
        _: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        let request = context.request();
        let headers = request.headers().iter().map(|(k, v)| (k.to_ascii_lowercase(), v.to_string())).collect();
        *self.0.lock().unwrap() =
            Some(Seen { method: request.method().to_string(), uri: request.uri().to_string(), headers });
        Err("captured".into())
    }
}

/// The SDK's client; with a capture, its requests stop before they leave.
fn sdk_client(endpoint: Option<&str>, capture: Option<&Capture>) -> aws_sdk_s3::Client {
    let mut conf = aws_sdk_s3::config::Builder::from(&sdk_config(endpoint))
        .time_source(aws_smithy_async::time::StaticTimeSource::new(at()))
        // Ours signs the payload's SHA-256; the SDK's default adds a CRC32 header besides.
        .request_checksum_calculation(aws_sdk_s3::config::RequestChecksumCalculation::WhenRequired);
    if let Some(capture) = capture {
        conf = conf.interceptor(capture.clone());
    }
    aws_sdk_s3::Client::from_conf(conf.build())
}

fn seen(capture: &Capture) -> Seen {
    capture.0.lock().unwrap().clone().expect("the SDK built its request")
}

/// The signed headers of an `Authorization` header, and its credential scope.
fn signed_names(authorization: &str) -> (Vec<String>, String) {
    let part =
        |name: &str| authorization.split([',', ' ']).find_map(|p| p.strip_prefix(name)).unwrap_or_default().to_string();
    let names = part("SignedHeaders=").split(';').map(str::to_string).collect();
    let credential = part("Credential=");
    (names, credential)
}

/// Our request is the SDK's: the same method and URL, the same payload hash
/// and credential scope, and each header we sign signed by it with the same value.
async fn same_as_sdk(endpoint: Option<&str>, prepared: Prepared, sdk: Seen) {
    let request = ours(endpoint).signed(&prepared, at()).await.ok().expect("signed");
    assert_eq!(request.method().as_str(), sdk.method);
    assert_eq!(request.uri().to_string(), sdk.uri, "{}", prepared.operation);
    let header = |name: &str| request.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let (our_names, our_scope) = signed_names(header("authorization"));
    let (sdk_names, sdk_scope) = signed_names(&sdk.headers["authorization"]);
    assert_eq!(our_scope, sdk_scope);
    assert!(our_scope.ends_with("/eu-west-1/s3/aws4_request"), "{our_scope}");
    for name in our_names.iter().filter(|n| *n != "host") {
        assert!(sdk_names.contains(name), "{}: the SDK does not sign {name}", prepared.operation);
        assert_eq!(header(name), sdk.headers[name], "{}: {name}", prepared.operation);
    }
    for name in ["x-amz-content-sha256", "x-amz-date", "x-amz-security-token"] {
        assert!(our_names.iter().any(|n| n == name), "{}: {name} is signed", prepared.operation);
    }
}

#[tokio::test]
async fn each_request_is_the_sdks_on_aws_and_on_the_emulator() {
    let key = "forecast/u-1/My file (2) + ünï.csv";
    for endpoint in [AWS, EMULATOR] {
        let capture = Capture::default();
        let client = sdk_client(endpoint, Some(&capture));
        let s3 = ours(endpoint);

        let _ = client
            .put_object()
            .bucket("fleet-snapshots")
            .key(key)
            .content_type("application/json")
            .content_encoding("gzip")
            .cache_control("no-store")
            .metadata("as-of", "2026-11-27T07:00:00Z")
            .metadata("fridges", "25000")
            .if_match("\"abc\"")
            .body(b"{}".to_vec().into())
            .send()
            .await;
        let options = PutOptions {
            content_type: Some("application/json"),
            content_encoding: Some("gzip"),
            cache_control: Some("no-store"),
            metadata: vec![("as-of", "2026-11-27T07:00:00Z".into()), ("fridges", "25000".into())],
            if_match: Some("\"abc\""),
            if_none_match: None,
        };
        same_as_sdk(endpoint, s3.put_request("fleet-snapshots", key, b"{}".to_vec(), &options), seen(&capture)).await;

        let _ = client.get_object().bucket("fleet-snapshots").key(key).send().await;
        same_as_sdk(endpoint, s3.get_request("fleet-snapshots", key), seen(&capture)).await;
        let _ = client.head_object().bucket("fleet-snapshots").key(key).send().await;
        same_as_sdk(endpoint, s3.head_request("fleet-snapshots", key), seen(&capture)).await;
        let _ = client.delete_object().bucket("fleet-snapshots").key(key).send().await;
        same_as_sdk(endpoint, s3.delete_request("fleet-snapshots", key), seen(&capture)).await;
        let _ = client
            .list_objects_v2()
            .bucket("fleet-artifacts")
            .prefix("firmware/")
            .continuation_token("1/a+b=")
            .send()
            .await;
        same_as_sdk(endpoint, s3.list_request("fleet-artifacts", "firmware/", Some("1/a+b=")), seen(&capture)).await;
    }
}

#[tokio::test]
async fn presigned_urls_are_the_sdks_to_the_character() {
    let expires = Duration::from_secs(300);
    let presigning = || PresigningConfig::builder().start_time(at()).expires_in(expires).build().unwrap();
    for endpoint in [AWS, EMULATOR] {
        let client = sdk_client(endpoint, None);
        let s3 = ours(endpoint);
        let key = "items/GREEK SALAD+1.svg";
        let sdk = client.get_object().bucket("fleet-items").key(key).presigned(presigning()).await.unwrap();
        let url = s3.presigned(Method::GET, "fleet-items", key, "GetObject", None, expires, at()).await.unwrap();
        assert_eq!(url, sdk.uri());

        let sdk = client
            .put_object()
            .bucket("fleet-uploads")
            .key("forecast/u-1/a.csv")
            .content_type("text/csv")
            .presigned(presigning())
            .await
            .unwrap();
        let url = s3
            .presigned(Method::PUT, "fleet-uploads", "forecast/u-1/a.csv", "PutObject", Some("text/csv"), expires, at())
            .await
            .unwrap();
        assert_eq!(url, sdk.uri());
        assert!(url.contains("X-Amz-SignedHeaders=content-type%3Bhost"), "the browser must send text/csv: {url}");
    }
}

#[test]
fn buckets_are_addressed_as_the_sdk_does() {
    let on_aws = ours(AWS);
    assert_eq!(
        on_aws.url("fleet-items", "items/a b.svg", &[]),
        "https://fleet-items.s3.eu-west-1.amazonaws.com/items/a%20b.svg"
    );
    assert_eq!(
        on_aws.url("fleet-items", "", &[("list-type", "2")]),
        "https://fleet-items.s3.eu-west-1.amazonaws.com/?list-type=2"
    );
    // A dotted name would not match the certificate's wildcard.
    assert_eq!(on_aws.url("my.bucket", "k", &[]), "https://s3.eu-west-1.amazonaws.com/my.bucket/k");
    let local = ours(EMULATOR);
    assert_eq!(
        local.url("fleet-items", "a/b", &[("x-id", "GetObject")]),
        "http://127.0.0.1:5000/fleet-items/a/b?x-id=GetObject"
    );
    assert_eq!(local.url("fleet-items", "", &[("prefix", "a/")]), "http://127.0.0.1:5000/fleet-items/?prefix=a%2F");
    let named = ours(Some("http://localhost:4566"));
    assert_eq!(named.url("fleet-items", "k", &[]), "http://fleet-items.localhost:4566/k");
}

#[test]
fn an_answers_headers_give_the_objects_metadata() {
    let mut headers = hyper::HeaderMap::new();
    headers.insert("etag", "\"9b2cf535f27731c974343645a3985328\"".parse().unwrap());
    headers.insert("last-modified", "Fri, 27 Nov 2026 07:00:00 GMT".parse().unwrap());
    headers.insert("content-length", "1234".parse().unwrap());
    headers.insert("x-amz-meta-as-of", "2026-11-27T07:00:00Z".parse().unwrap());
    headers.insert("x-amz-meta-fridges", "25000".parse().unwrap());
    let meta = meta_of(&headers);
    assert_eq!(meta.e_tag.as_deref(), Some("\"9b2cf535f27731c974343645a3985328\""));
    assert_eq!(meta.last_modified, Some(1_795_762_800));
    assert_eq!(meta.content_length, Some(1234));
    assert_eq!(meta.metadata.get("fridges").map(String::as_str), Some("25000"));
    assert_eq!(meta.metadata.get("as-of").map(String::as_str), Some("2026-11-27T07:00:00Z"));
    assert_eq!(meta_of(&hyper::HeaderMap::new()), ObjectMeta::default());
}

#[test]
fn an_error_answer_gives_its_code_and_message() {
    let answer = br#"<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>a &amp; b</Key></Error>"#;
    assert_eq!(error_of(answer), ("NoSuchKey".to_string(), "The specified key does not exist.".to_string()));
    assert_eq!(error_of(b""), (String::new(), String::new()));
    assert_eq!(error_of(b"<html>proxy error</html>"), (String::new(), String::new()));
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn listing(keys: &[String], token: Option<&str>) -> String {
    let contents: String = keys
        .iter()
        .map(|k| {
            format!(
                "<Contents><Key>{}</Key><LastModified>2026-11-27T07:00:00.000Z</LastModified><Size>3</Size></Contents>",
                xml_escape(k)
            )
        })
        .collect();
    let token =
        token.map(|t| format!("<NextContinuationToken>{}</NextContinuationToken>", xml_escape(t))).unwrap_or_default();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><Prefix>firmware/</Prefix><KeyCount>{}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>{}</IsTruncated>{contents}{token}</ListBucketResult>"#,
        keys.len(),
        token.is_empty()
    )
}

#[test]
fn a_listing_gives_its_keys_in_order_and_its_token() {
    let keys = vec!["firmware/1.2.3".to_string(), "firmware/a & b <c>".to_string()];
    let page = list_page(listing(&keys, Some("next/1")).as_bytes()).unwrap();
    assert_eq!(page, ListPage { keys, next_token: Some("next/1".into()) });
    assert_eq!(list_page(listing(&[], None).as_bytes()).unwrap(), ListPage::default());
    assert!(list_page(b"<Error><Code>AccessDenied</Code></Error>").is_err());
}

/// A key S3 accepts: up to 1,024 bytes of UTF-8 without control characters.
fn a_key() -> impl Strategy<Value = String> {
    "[^\\p{Cc}]{1,60}"
}

proptest! {
    #[test]
    fn a_listing_of_any_keys_reads_back_as_written(keys in proptest::collection::vec(a_key(), 0..20), token in proptest::option::of("[A-Za-z0-9+/=]{1,40}")) {
        let page = list_page(listing(&keys, token.as_deref()).as_bytes()).unwrap();
        prop_assert_eq!(page, ListPage { keys, next_token: token });
    }

    #[test]
    fn any_answer_is_read_without_a_panic(answer in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = error_of(&answer);
        let _ = list_page(&answer);
    }

    #[test]
    fn an_encoded_key_is_plain_ascii_and_decodes_to_itself(key in a_key()) {
        let encoded = encode(&key, true);
        prop_assert!(encoded.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.~/%".contains(&b)));
        let decoded = percent_decode(&encoded);
        prop_assert_eq!(decoded, key);
    }
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&text[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// A presigned URL sends nothing, so the client logs the action it signs, on the object it names.
#[tokio::test]
async fn a_presigned_url_is_logged_as_the_action_it_signs() {
    let dir = std::env::temp_dir().join(format!("fleet-s3-calls-{}", std::process::id()));
    let account = calls::Account { region: "eu-west-1".into(), id: "123456789012".into() };
    let usage = Arc::new(Usage::default());
    usage.record_calls("upload_url", Arc::new(calls::CallLog::create(&dir, account).unwrap()));
    let s3 = ours(EMULATOR).counted(usage.clone());
    s3.presigned_put("fleet-uploads", "forecast/a.csv", "text/csv", Duration::from_secs(60)).await.unwrap();
    s3.presigned_get("fleet-items", "items/A.svg", Duration::from_secs(60)).await.unwrap();
    let text = std::fs::read_to_string(dir.join(format!("{}.jsonl", std::process::id()))).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            r#"{"function":"upload_url","action":"s3:PutObject","resource":"arn:aws:s3:::fleet-uploads/forecast/a.csv"}"#,
            r#"{"function":"upload_url","action":"s3:GetObject","resource":"arn:aws:s3:::fleet-items/items/A.svg"}"#,
        ]
    );
    assert_eq!(usage.totals().call_count(), 0, "no request was sent");
}
