//! AppSync's AWS_IAM auth mode, locally: a request signed with SigV4 by the
//! stack's credentials (the change publisher's role on AWS) is checked by
//! signing it again with the same key and time and comparing signatures.
use aws_credential_types::Credentials;
use aws_sigv4::http_request::{sign, SignableBody, SignableRequest, SigningSettings};
use aws_sigv4::sign::v4;
use aws_smithy_runtime_api::client::identity::Identity;
use axum::http::HeaderMap;
use std::time::{Duration, SystemTime};

/// How far a request's time may be from the server's, as AWS allows.
const MAX_SKEW: Duration = Duration::from_secs(5 * 60);

/// The key the local stack signs with (its environment's credentials).
pub struct Key {
    pub access_key_id: String,
    pub secret_access_key: String,
}

impl Key {
    pub fn from_env() -> Option<Key> {
        Some(Key {
            access_key_id: std::env::var("AWS_ACCESS_KEY_ID").ok()?,
            secret_access_key: std::env::var("AWS_SECRET_ACCESS_KEY").ok()?,
        })
    }
}

/// Whether an `Authorization` header is a SigV4 signature (the IAM mode).
pub fn is_signed(authorization: Option<&str>) -> bool {
    authorization.is_some_and(|a| a.starts_with("AWS4-HMAC-SHA256 "))
}

struct Parsed<'a> {
    access_key_id: &'a str,
    region: &'a str,
    service: &'a str,
    signed_headers: Vec<&'a str>,
    signature: &'a str,
}

fn parse(authorization: &str) -> Option<Parsed<'_>> {
    let rest = authorization.strip_prefix("AWS4-HMAC-SHA256 ")?;
    let mut credential = None;
    let mut signed_headers = None;
    let mut signature = None;
    for part in rest.split(',').map(str::trim) {
        if let Some(v) = part.strip_prefix("Credential=") {
            credential = Some(v);
        } else if let Some(v) = part.strip_prefix("SignedHeaders=") {
            signed_headers = Some(v.split(';').collect());
        } else if let Some(v) = part.strip_prefix("Signature=") {
            signature = Some(v);
        }
    }
    let mut scope = credential?.split('/');
    let access_key_id = scope.next()?;
    let _date = scope.next()?;
    let region = scope.next()?;
    let service = scope.next()?;
    Some(Parsed { access_key_id, region, service, signed_headers: signed_headers?, signature: signature? })
}

/// Checks the request's signature, for the `appsync` service, by `key`.
pub fn verify(key: &Key, method: &str, path_and_query: &str, headers: &HeaderMap, body: &[u8]) -> Result<(), String> {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let parsed = parse(header("authorization").unwrap_or_default()).ok_or("not a SigV4 authorization")?;
    if parsed.service != "appsync" {
        return Err(format!("signed for {}, not appsync", parsed.service));
    }
    if parsed.access_key_id != key.access_key_id {
        return Err("unknown access key".into());
    }
    let date = header("x-amz-date").ok_or("no x-amz-date")?;
    let at = chrono::NaiveDateTime::parse_from_str(date, "%Y%m%dT%H%M%SZ").map_err(|e| format!("x-amz-date: {e}"))?;
    let at: SystemTime = at.and_utc().into();
    let skew =
        at.duration_since(SystemTime::now()).or_else(|_| SystemTime::now().duration_since(at)).unwrap_or_default();
    if skew > MAX_SKEW {
        return Err("the request's time is too far from the server's".into());
    }
    let host = header("host").ok_or("no host")?;
    let signed: Vec<(&str, &str)> = parsed
        .signed_headers
        .iter()
        .filter(|h| !matches!(**h, "x-amz-date" | "host"))
        .map(|h| header(h).map(|v| (*h, v)).ok_or_else(|| format!("signed header {h} missing")))
        .collect::<Result<_, _>>()?;
    let identity: Identity = Credentials::new(&key.access_key_id, &key.secret_access_key, None, None, "local").into();
    let params = v4::SigningParams::builder()
        .identity(&identity)
        .region(parsed.region)
        .name("appsync")
        .time(at)
        .settings(SigningSettings::default())
        .build()
        .map_err(|e| e.to_string())?
        .into();
    let uri = format!("http://{host}{path_and_query}");
    let request =
        SignableRequest::new(method, &uri, signed.into_iter(), SignableBody::Bytes(body)).map_err(|e| e.to_string())?;
    let (_, expected) = sign(request, &params).map_err(|e| e.to_string())?.into_parts();
    if expected == parsed.signature {
        Ok(())
    } else {
        Err("the signature does not match".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn signed(key: &Key, body: &[u8], at: SystemTime) -> HeaderMap {
        let identity: Identity = Credentials::new(&key.access_key_id, &key.secret_access_key, None, None, "t").into();
        let params = v4::SigningParams::builder()
            .identity(&identity)
            .region("us-east-1")
            .name("appsync")
            .time(at)
            .settings(SigningSettings::default())
            .build()
            .unwrap()
            .into();
        let headers = [("content-type", "application/json")];
        let request = SignableRequest::new(
            "POST",
            "http://127.0.0.1:4000/graphql",
            headers.iter().copied(),
            SignableBody::Bytes(body),
        )
        .unwrap();
        let mut http = axum::http::Request::post("http://127.0.0.1:4000/graphql")
            .header("content-type", "application/json")
            .body(())
            .unwrap();
        sign(request, &params).unwrap().into_parts().0.apply_to_request_http1x(&mut http);
        let mut out = http.headers().clone();
        out.insert("host", HeaderValue::from_static("127.0.0.1:4000"));
        out
    }

    #[test]
    fn a_signature_by_the_key_passes_and_any_change_fails() {
        let key = Key { access_key_id: "test".into(), secret_access_key: "test".into() };
        let body = br#"{"query":"mutation { x }"}"#;
        let headers = signed(&key, body, SystemTime::now());
        assert!(is_signed(headers.get("authorization").and_then(|v| v.to_str().ok())));
        verify(&key, "POST", "/graphql", &headers, body).expect("the signer's own request");
        assert!(verify(&key, "POST", "/graphql", &headers, b"{}").is_err(), "another body");
        assert!(verify(&key, "POST", "/other", &headers, body).is_err(), "another path");
        let other = Key { access_key_id: "test".into(), secret_access_key: "other".into() };
        assert!(verify(&other, "POST", "/graphql", &headers, body).is_err(), "another secret");
        let old = signed(&key, body, SystemTime::now() - Duration::from_secs(3600));
        assert!(verify(&key, "POST", "/graphql", &old, body).is_err(), "an hour old");
        let mut user = HeaderMap::new();
        user.insert("authorization", HeaderValue::from_static("eyJhbGciOi.x.y"));
        assert!(!is_signed(user.get("authorization").and_then(|v| v.to_str().ok())));
    }
}
