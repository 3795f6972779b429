//! Opaque `nextToken`s: the DynamoDB `LastEvaluatedKey`, signed with an HMAC
//! over a scope (which query it belongs to), so a token that was tampered
//! with or taken from another query is refused instead of reading elsewhere.
use crate::error::ApiError;
use aws_sdk_dynamodb::types::AttributeValue;
use base64::{engine::general_purpose::URL_SAFE_NO_PAD as B64, Engine};
use hmac::{Hmac, Mac};
use serde_json::{Map, Value};
use sha2::Sha256;
use std::collections::HashMap;

pub type Key = HashMap<String, AttributeValue>;
pub const INVALID_TOKEN: &str = "Invalid nextToken";

fn mac(secret: &[u8], scope: &str, payload: &str) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(scope.as_bytes());
    mac.update(&[0]);
    mac.update(payload.as_bytes());
    mac
}

pub fn encode(secret: &[u8], scope: &str, key: &Key) -> String {
    let mut json = Map::new();
    for (name, value) in key {
        let typed = match value {
            AttributeValue::S(s) => serde_json::json!({ "S": s }),
            AttributeValue::N(n) => serde_json::json!({ "N": n }),
            other => panic!("paging keys are strings or numbers, got {other:?}"),
        };
        json.insert(name.clone(), typed);
    }
    let payload = B64.encode(Value::Object(json).to_string());
    let sig = B64.encode(mac(secret, scope, &payload).finalize().into_bytes());
    format!("{payload}.{sig}")
}

pub fn decode(secret: &[u8], scope: &str, token: &str) -> Result<Key, ApiError> {
    let bad = || ApiError::bad_request(INVALID_TOKEN);
    let (payload, sig) = token.split_once('.').ok_or_else(bad)?;
    let sig = B64.decode(sig).map_err(|_| bad())?;
    mac(secret, scope, payload).verify_slice(&sig).map_err(|_| bad())?;
    let json: Map<String, Value> =
        serde_json::from_slice(&B64.decode(payload).map_err(|_| bad())?).map_err(|_| bad())?;
    json.into_iter()
        .map(|(name, typed)| {
            let value = if let Some(s) = typed.get("S").and_then(Value::as_str) {
                AttributeValue::S(s.to_string())
            } else if let Some(n) = typed.get("N").and_then(Value::as_str) {
                AttributeValue::N(n.to_string())
            } else {
                return Err(bad());
            };
            Ok((name, value))
        })
        .collect()
}

/// One page of at most `count` items behind a signed token: decodes the
/// token, reads through `store::pages`, and signs the key to resume from.
pub async fn signed_page<F, Fut>(
    secret: &[u8],
    scope: &str,
    token: Option<&str>,
    count: usize,
    fetch: F,
) -> Result<(Vec<crate::store::Item>, Option<String>), ApiError>
where
    F: FnMut(Option<Key>, Option<i32>) -> Fut,
    Fut: std::future::Future<Output = Result<(Vec<crate::store::Item>, Option<Key>), ApiError>>,
{
    let start = start_key(secret, scope, token)?;
    let (items, next) = crate::store::pages(start, Some(count), fetch).await?;
    Ok((items, next.map(|k| encode(secret, scope, &k))))
}

/// Decodes an optional token, treating `""` like no token.
pub fn start_key(secret: &[u8], scope: &str, token: Option<&str>) -> Result<Option<Key>, ApiError> {
    match token {
        Some(t) if !t.is_empty() => decode(secret, scope, t).map(Some),
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> Key {
        HashMap::from([
            ("id".to_string(), AttributeValue::S("CHI_001".into())),
            ("n".to_string(), AttributeValue::N("42".into())),
        ])
    }

    #[test]
    fn round_trips() {
        let t = encode(b"secret", "locations", &key());
        assert_eq!(decode(b"secret", "locations", &t).unwrap(), key());
    }

    #[test]
    fn rejects_a_tampered_payload() {
        let t = encode(b"secret", "locations", &key());
        let (_, sig) = t.split_once('.').unwrap();
        let forged = B64.encode(r#"{"id":{"S":"ZZZ"}}"#);
        let err = decode(b"secret", "locations", &format!("{forged}.{sig}")).unwrap_err();
        assert_eq!(err, ApiError::bad_request(INVALID_TOKEN));
    }

    #[test]
    fn rejects_another_scope_secret_or_garbage() {
        let t = encode(b"secret", "locations", &key());
        assert!(decode(b"secret", "opsLocations", &t).is_err());
        assert!(decode(b"other", "locations", &t).is_err());
        assert!(decode(b"secret", "locations", "nonsense").is_err());
        assert!(decode(b"secret", "locations", "a.b.c").is_err());
    }

    #[test]
    fn empty_token_means_first_page() {
        assert_eq!(start_key(b"s", "x", Some("")).unwrap(), None);
        assert_eq!(start_key(b"s", "x", None).unwrap(), None);
    }
}
