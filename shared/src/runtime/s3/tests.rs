//! The wrapper over aws-sdk-s3: what it makes of S3's answers (a stub S3 on
//! a local port, canned answers), its presigned URLs, and what it logs.
use super::*;
use crate::calls;
use aws_credential_types::provider::SharedCredentialsProvider;
use aws_credential_types::Credentials;
use std::sync::Mutex;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const AWS: Option<&str> = None;
const EMULATOR: Option<&str> = Some("http://127.0.0.1:5000");

fn sdk_config(endpoint: Option<&str>) -> aws_config::SdkConfig {
    let credentials = Credentials::new("AKIDEXAMPLE", "secret", Some("session-token".into()), None, "test");
    let mut sdk = aws_config::SdkConfig::builder()
        .behavior_version(aws_config::BehaviorVersion::latest())
        .region(aws_config::Region::new("eu-west-1"))
        .credentials_provider(SharedCredentialsProvider::new(credentials))
        .http_client(crate::sdk::https_client())
        .sleep_impl(aws_smithy_async::rt::sleep::default_async_sleep().expect("tokio's sleep"));
    if let Some(url) = endpoint {
        sdk = sdk.endpoint_url(url);
    }
    sdk.build()
}

fn ours(endpoint: Option<&str>) -> S3Client {
    S3Client::new(&sdk_config(endpoint))
}

/// One canned answer: status, headers, body.
type Answer = (u16, Vec<(&'static str, String)>, Vec<u8>);

/// An S3 stand-in on a local port: answers each request with the next of
/// `answers`, and keeps each request's first line and headers.
async fn stub(answers: Vec<Answer>) -> (S3Client, Arc<Mutex<Vec<String>>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let kept = seen.clone();
    tokio::spawn(async move {
        for (status, headers, body) in answers {
            let Ok((mut socket, _)) = listener.accept().await else { return };
            let request = read_request(&mut socket).await;
            kept.lock().unwrap().push(request);
            let mut answer = format!("HTTP/1.1 {status} X\r\ncontent-length: {}\r\n", body.len());
            for (name, value) in headers {
                answer.push_str(&format!("{name}: {value}\r\n"));
            }
            answer.push_str("connection: close\r\n\r\n");
            let _ = socket.write_all(answer.as_bytes()).await;
            let _ = socket.write_all(&body).await;
            let _ = socket.shutdown().await;
        }
    });
    (ours(Some(&url)), seen)
}

/// The request's head, its body read past (by content-length) so the client is not cut off mid-send.
async fn read_request(socket: &mut tokio::net::TcpStream) -> String {
    let mut bytes = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = socket.read(&mut buf).await.unwrap_or(0);
        if n == 0 {
            break;
        }
        bytes.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&bytes).to_string();
        if let Some(end) = text.find("\r\n\r\n") {
            let length = text[..end]
                .lines()
                .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().to_string()))
                .and_then(|v| v.parse::<usize>().ok())
                .unwrap_or(0);
            if bytes.len() >= end + 4 + length {
                return text[..end].to_string();
            }
        }
    }
    String::from_utf8_lossy(&bytes).to_string()
}

fn error(code: &str) -> Vec<u8> {
    format!(
        "<?xml version=\"1.0\"?><Error><Code>{code}</Code><Message>says S3</Message><RequestId>R1</RequestId></Error>"
    )
    .into_bytes()
}

#[tokio::test]
async fn a_missing_key_is_none_for_a_read_and_a_head() {
    let (s3, seen) = stub(vec![(404, vec![], error("NoSuchKey")), (404, vec![], vec![])]).await;
    assert!(s3.get_object("fleet-snapshots", "fleet-health.json").await.unwrap().is_none());
    assert!(s3.head_object("fleet-snapshots", "fleet-health.json").await.unwrap().is_none());
    let seen = seen.lock().unwrap();
    assert!(seen[0].starts_with("GET /fleet-snapshots/fleet-health.json"), "path-style on an IP endpoint: {}", seen[0]);
    assert!(seen[1].starts_with("HEAD /fleet-snapshots/fleet-health.json"), "{}", seen[1]);
}

#[tokio::test]
async fn an_object_gives_its_metadata_and_a_body_within_its_bound() {
    let headers = || {
        vec![
            ("etag", "\"abc\"".to_string()),
            ("last-modified", "Fri, 27 Nov 2026 07:00:00 GMT".to_string()),
            ("x-amz-meta-as-of", "2026-11-27T07:00:00Z".to_string()),
            ("x-amz-meta-fridges", "25000".to_string()),
        ]
    };
    let (s3, _) = stub(vec![(200, headers(), b"{\"a\":1}".to_vec()), (200, headers(), vec![b'x'; 100])]).await;
    let object = s3.get_object("fleet-snapshots", "k").await.unwrap().expect("found");
    assert_eq!(object.meta.e_tag.as_deref(), Some("\"abc\""), "with its quotes, as If-Match wants it");
    assert_eq!(object.meta.last_modified, Some(1_795_762_800));
    assert_eq!(object.meta.content_length, Some(7));
    assert_eq!(object.meta.metadata["as-of"], "2026-11-27T07:00:00Z");
    assert_eq!(object.meta.metadata["fridges"], "25000");
    assert_eq!(object.bytes(7).await.unwrap(), b"{\"a\":1}");
    let big = s3.get_object("fleet-snapshots", "k").await.unwrap().expect("found");
    let refused = big.bytes(99).await.unwrap_err();
    assert!(refused.text.contains("larger than 99 bytes"), "{}", refused.text);
}

#[tokio::test]
async fn a_refused_conditional_write_keeps_its_status_and_code() {
    let (s3, seen) = stub(vec![(412, vec![], error("PreconditionFailed"))]).await;
    let options = PutOptions {
        content_type: Some("application/json"),
        content_encoding: Some("gzip"),
        cache_control: Some("no-store"),
        metadata: vec![("as-of", "2026-11-27T07:00:00Z".into())],
        if_match: Some("\"abc\""),
        if_none_match: None,
    };
    let failed = s3.put_object("fleet-snapshots", "k", b"{}".to_vec(), &options).await.unwrap_err();
    assert_eq!((failed.status, failed.code.as_str()), (Some(412), "PreconditionFailed"));
    assert!(failed.text.starts_with("PutObject: ") && failed.text.contains("R1"), "the request id: {}", failed.text);
    let seen = seen.lock().unwrap();
    let head = seen[0].to_ascii_lowercase();
    for header in [
        "if-match: \"abc\"",
        "content-type: application/json",
        "content-encoding: gzip",
        "cache-control: no-store",
        "x-amz-meta-as-of: 2026-11-27t07:00:00z",
    ] {
        assert!(head.contains(header), "{header} in {head}");
    }
    assert!(!head.contains("if-none-match"), "{head}");
}

#[tokio::test]
async fn a_listing_gives_its_keys_and_its_next_token() {
    let body = "<?xml version=\"1.0\"?><ListBucketResult><Name>b</Name><Prefix>firmware/</Prefix><KeyCount>2</KeyCount>\
        <IsTruncated>true</IsTruncated><Contents><Key>firmware/a &amp; b.bin</Key></Contents>\
        <Contents><Key>firmware/c.bin</Key></Contents><NextContinuationToken>1/a+b=</NextContinuationToken></ListBucketResult>";
    let (s3, seen) = stub(vec![(200, vec![], body.as_bytes().to_vec())]).await;
    let page = s3.list_objects_v2("fleet-artifacts", "firmware/", Some("0/x")).await.unwrap();
    assert_eq!(page.keys, ["firmware/a & b.bin", "firmware/c.bin"]);
    assert_eq!(page.next_token.as_deref(), Some("1/a+b="));
    let seen = seen.lock().unwrap();
    assert!(seen[0].contains("list-type=2") && seen[0].contains("continuation-token=0%2Fx"), "{}", seen[0]);
}

#[tokio::test]
async fn a_presigned_put_signs_its_content_type_and_no_checksum_of_a_body_it_has_not_seen() {
    let expires = Duration::from_secs(300);
    let on_aws = ours(AWS).presigned_put("fleet-uploads", "forecast/u-1/a b.csv", "text/csv", expires).await.unwrap();
    assert!(on_aws.starts_with("https://fleet-uploads.s3.eu-west-1.amazonaws.com/forecast/u-1/a%20b.csv?"), "{on_aws}");
    assert!(on_aws.contains("X-Amz-SignedHeaders=content-type%3Bhost"), "the browser must send text/csv: {on_aws}");
    assert!(on_aws.contains("X-Amz-Expires=300") && on_aws.contains("X-Amz-Signature="), "{on_aws}");
    assert!(!on_aws.to_ascii_lowercase().contains("checksum"), "{on_aws}");
    let local = ours(EMULATOR).presigned_get("fleet-items", "items/A.svg", expires).await.unwrap();
    assert!(local.starts_with("http://127.0.0.1:5000/fleet-items/items/A.svg?"), "{local}");
}

#[tokio::test]
async fn a_presign_longer_than_seven_days_is_refused() {
    let week = Duration::from_secs(7 * 24 * 3600);
    assert!(ours(AWS).presigned_get("fleet-items", "items/A.svg", week).await.is_ok());
    let refused = ours(AWS).presigned_get("fleet-items", "items/A.svg", week + Duration::from_secs(1)).await;
    assert!(refused.unwrap_err().text.starts_with("presigning: "));
}

/// Each call logs the action IAM must allow, on the resource it names; a
/// presigned URL sends nothing, so it is logged as the action it signs and not counted.
#[tokio::test]
async fn each_call_is_logged_as_its_iam_action_and_counted_when_sent() {
    let dir = std::env::temp_dir().join(format!("fleet-s3-calls-{}", std::process::id()));
    let account = calls::Account { region: "eu-west-1".into(), id: "123456789012".into() };
    let usage = Arc::new(Usage::default());
    usage.record_calls("upload_url", Arc::new(calls::CallLog::create(&dir, account).unwrap()));
    let s3 = S3Client::counted(&sdk_config(EMULATOR), usage.clone());
    s3.presigned_put("fleet-uploads", "forecast/a.csv", "text/csv", Duration::from_secs(60)).await.unwrap();
    s3.presigned_get("fleet-items", "items/A.svg", Duration::from_secs(60)).await.unwrap();
    assert_eq!(usage.totals().call_count(), 0, "no request was sent");

    let (stubbed, _) =
        stub(vec![(404, vec![], vec![]), (200, vec![], vec![]), (200, vec![], b"<ListBucketResult/>".to_vec())]).await;
    let counted = stubbed.with_counter(usage.clone());
    assert!(counted.head_object("fleet-snapshots", "fleet-health.json").await.unwrap().is_none());
    counted.delete_object("fleet-artifacts", "m.json").await.unwrap();
    counted.list_objects_v2("fleet-artifacts", "", None).await.unwrap();
    let text = std::fs::read_to_string(dir.join(format!("{}.jsonl", std::process::id()))).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            r#"{"function":"upload_url","action":"s3:PutObject","resource":"arn:aws:s3:::fleet-uploads/forecast/a.csv"}"#,
            r#"{"function":"upload_url","action":"s3:GetObject","resource":"arn:aws:s3:::fleet-items/items/A.svg"}"#,
            r#"{"function":"upload_url","action":"s3:GetObject","resource":"arn:aws:s3:::fleet-snapshots/fleet-health.json"}"#,
            r#"{"function":"upload_url","action":"s3:DeleteObject","resource":"arn:aws:s3:::fleet-artifacts/m.json"}"#,
            r#"{"function":"upload_url","action":"s3:ListBucket","resource":"arn:aws:s3:::fleet-artifacts"}"#,
        ]
    );
    let calls = usage.totals().calls;
    assert_eq!((calls["S3.HeadObject"], calls["S3.DeleteObject"], calls["S3.ListObjectsV2"]), (1, 1, 1));
}

impl S3Client {
    /// The stub's client, counting into `usage` (the stub's port is only known to its client).
    fn with_counter(self, usage: Arc<Usage>) -> S3Client {
        let conf = self.client.config().to_builder().interceptor(crate::usage::Counter(usage)).build();
        S3Client { client: aws_sdk_s3::Client::from_conf(conf) }
    }
}
