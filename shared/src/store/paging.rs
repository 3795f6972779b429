//! Opaque `nextToken`s: the DynamoDB `LastEvaluatedKey`, signed with an HMAC
//! over a scope (which stack issued it, and which query it belongs to), so a
//! token that was tampered with, taken from another query or issued by another
//! stack is refused instead of reading elsewhere.
use crate::error::ApiError;
use aws_sdk_dynamodb::types::AttributeValue;
use base64::{engine::general_purpose::URL_SAFE_NO_PAD as B64, Engine};
use hmac::{Hmac, Mac};
use serde_json::{Map, Value};
use sha2::Sha256;
use std::collections::HashMap;

pub type Key = HashMap<String, AttributeValue>;
pub const INVALID_TOKEN: &str = "Invalid nextToken";

// The secrets and the stack name that sign tokens are the runtime's (its config loads them); named here too.
pub use crate::secrets::{LazySecret, PagingKey, SecretSource, SsmParameter, StackName, MIN_SECRET_LEN};

/// The MAC of a token: the stack's name (length first, so no stack name and
/// scope can run together into another pair), the query's scope, the payload.
/// A token from before the stack was in the scope fails it, as a forged one does.
fn mac(key: PagingKey<'_>, scope: &str, payload: &str) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key.secret()).expect("HMAC takes any key length");
    let stack = key.stack().as_str().as_bytes();
    mac.update(&(stack.len() as u64).to_be_bytes());
    mac.update(stack);
    mac.update(scope.as_bytes());
    mac.update(&[0]);
    mac.update(payload.as_bytes());
    mac
}

pub fn encode(key: PagingKey<'_>, scope: &str, last: &Key) -> String {
    let mut json = Map::new();
    for (name, value) in last {
        let typed = match value {
            AttributeValue::S(s) => serde_json::json!({ "S": s }),
            AttributeValue::N(n) => serde_json::json!({ "N": n }),
            other => panic!("paging keys are strings or numbers, got {other:?}"),
        };
        json.insert(name.clone(), typed);
    }
    let payload = B64.encode(Value::Object(json).to_string());
    let sig = B64.encode(mac(key, scope, &payload).finalize().into_bytes());
    format!("{payload}.{sig}")
}

pub fn decode(key: PagingKey<'_>, scope: &str, token: &str) -> Result<Key, ApiError> {
    let bad = || ApiError::bad_request(INVALID_TOKEN);
    let (payload, sig) = token.split_once('.').ok_or_else(bad)?;
    let sig = B64.decode(sig).map_err(|_| bad())?;
    mac(key, scope, payload).verify_slice(&sig).map_err(|_| bad())?;
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
    key: PagingKey<'_>,
    scope: &str,
    token: Option<&str>,
    count: usize,
    fetch: F,
) -> Result<(Vec<crate::item::Item>, Option<String>), ApiError>
where
    F: FnMut(Option<Key>, Option<i32>) -> Fut,
    Fut: std::future::Future<Output = Result<(Vec<crate::item::Item>, Option<Key>), ApiError>>,
{
    let start = start_key(key, scope, token)?;
    let (items, next) = crate::item::pages(start, Some(count), fetch).await?;
    Ok((items, next.map(|k| encode(key, scope, &k))))
}

/// `signed_page`, its items deserialised.
pub async fn signed_page_of<T, F, Fut>(
    key: PagingKey<'_>,
    scope: &str,
    token: Option<&str>,
    count: usize,
    fetch: F,
) -> Result<(Vec<T>, Option<String>), ApiError>
where
    T: serde::de::DeserializeOwned,
    F: FnMut(Option<Key>, Option<i32>) -> Fut,
    Fut: std::future::Future<Output = Result<(Vec<crate::item::Item>, Option<Key>), ApiError>>,
{
    let (items, next) = signed_page(key, scope, token, count, fetch).await?;
    Ok((items.into_iter().map(crate::item::from_item).collect::<Result<_, _>>()?, next))
}

/// The attribute a cursor over several partitions keeps the partition's index in.
const PART: &str = "~part";

/// One page of at most `count` items across `parts` partitions read in turn
/// (the days of a range, say): `fetch(part, start, limit)` reads one. The
/// signed token names the partition to resume in and its key, so a range
/// pages on the server whatever the number of partitions.
pub async fn signed_page_across<F, Fut>(
    key: PagingKey<'_>,
    scope: &str,
    token: Option<&str>,
    count: usize,
    parts: usize,
    mut fetch: F,
) -> Result<(Vec<crate::item::Item>, Option<String>), ApiError>
where
    F: FnMut(usize, Option<Key>, Option<i32>) -> Fut,
    Fut: std::future::Future<Output = Result<(Vec<crate::item::Item>, Option<Key>), ApiError>>,
{
    let bad = || ApiError::bad_request(INVALID_TOKEN);
    let mut start = start_key(key, scope, token)?;
    let mut part = match start.as_mut().and_then(|k| k.remove(PART)) {
        Some(AttributeValue::N(n)) => n.parse::<usize>().map_err(|_| bad())?,
        Some(_) => return Err(bad()),
        None => 0,
    };
    start = start.filter(|k| !k.is_empty());
    let mut items = Vec::new();
    while part < parts {
        let want = count.saturating_sub(items.len()).max(1);
        let (got, next) = crate::item::pages(start.take(), Some(want), |s, l| fetch(part, s, l)).await?;
        items.extend(got);
        if let Some(mut last) = next {
            last.insert(PART.to_string(), AttributeValue::N(part.to_string()));
            return Ok((items, Some(encode(key, scope, &last))));
        }
        part += 1;
        if items.len() >= count && part < parts {
            let resume = HashMap::from([(PART.to_string(), AttributeValue::N(part.to_string()))]);
            return Ok((items, Some(encode(key, scope, &resume))));
        }
    }
    Ok((items, None))
}

/// Decodes an optional token, treating `""` like no token.
pub fn start_key(key: PagingKey<'_>, scope: &str, token: Option<&str>) -> Result<Option<Key>, ApiError> {
    match token {
        Some(t) if !t.is_empty() => decode(key, scope, t).map(Some),
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn key() -> Key {
        HashMap::from([
            ("id".to_string(), AttributeValue::S("CHI_001".into())),
            ("n".to_string(), AttributeValue::N("42".into())),
        ])
    }

    fn stack(name: &str) -> &'static StackName {
        Box::leak(Box::new(StackName::new(name).unwrap()))
    }

    /// `secret` on the stack `fleet-console`.
    fn prod(secret: &'static [u8]) -> PagingKey<'static> {
        PagingKey::new(secret, stack("fleet-console"))
    }

    fn refused(result: Result<Key, ApiError>) -> bool {
        result == Err(ApiError::bad_request(INVALID_TOKEN))
    }

    #[test]
    fn round_trips() {
        let t = encode(prod(b"secret"), "locations", &key());
        assert_eq!(decode(prod(b"secret"), "locations", &t).unwrap(), key());
    }

    #[test]
    fn rejects_a_tampered_payload() {
        let t = encode(prod(b"secret"), "locations", &key());
        let (_, sig) = t.split_once('.').unwrap();
        let forged = B64.encode(r#"{"id":{"S":"ZZZ"}}"#);
        let err = decode(prod(b"secret"), "locations", &format!("{forged}.{sig}")).unwrap_err();
        assert_eq!(err, ApiError::bad_request(INVALID_TOKEN));
    }

    #[test]
    fn rejects_another_scope_secret_or_garbage() {
        let t = encode(prod(b"secret"), "locations", &key());
        assert!(refused(decode(prod(b"secret"), "opsLocations", &t)));
        assert!(refused(decode(prod(b"other"), "locations", &t)));
        assert!(refused(decode(prod(b"secret"), "locations", "nonsense")));
        assert!(refused(decode(prod(b"secret"), "locations", "a.b.c")));
    }

    #[test]
    fn a_token_of_another_stack_is_refused_even_with_the_same_secret() {
        let staging = PagingKey::new(b"secret", stack("fleet-console-staging"));
        let t = encode(staging, "locations", &key());
        assert_eq!(decode(prod(b"secret"), "locations", &t), Err(ApiError::bad_request(INVALID_TOKEN)));
        assert_eq!(decode(staging, "locations", &t).unwrap(), key(), "its own stack takes it");
        // The stack's name and the scope cannot run together into another pair.
        let (a, b) = (PagingKey::new(b"secret", stack("fleet")), PagingKey::new(b"secret", stack("fleet-a")));
        assert!(refused(decode(b, "b", &encode(a, "-ab", &key()))));
    }

    /// A token as signed before the stack was in the scope: the MAC over the scope and payload alone.
    fn unscoped(secret: &'static [u8], scope: &str, key: &Key) -> String {
        let now = encode(prod(secret), scope, key);
        let (payload, _) = now.split_once('.').unwrap();
        let mut mac = Hmac::<Sha256>::new_from_slice(secret).unwrap();
        mac.update(scope.as_bytes());
        mac.update(&[0]);
        mac.update(payload.as_bytes());
        format!("{payload}.{}", B64.encode(mac.finalize().into_bytes()))
    }

    #[test]
    fn a_token_issued_before_the_stack_was_in_the_scope_is_refused() {
        let old = unscoped(b"secret", "locations", &key());
        assert_eq!(decode(prod(b"secret"), "locations", &old), Err(ApiError::bad_request(INVALID_TOKEN)));
        // The same payload as signed now is taken: only the MAC's scope differs.
        let (payload, _) = old.split_once('.').unwrap();
        let sig = B64.encode(mac(prod(b"secret"), "locations", payload).finalize().into_bytes());
        assert_eq!(decode(prod(b"secret"), "locations", &format!("{payload}.{sig}")).unwrap(), key());
    }

    /// Counts reads; answers `answer` (or fails) as told.
    struct Fake {
        reads: std::sync::atomic::AtomicUsize,
        answer: std::sync::Mutex<Result<String, String>>,
    }

    impl SecretSource for Fake {
        fn fetch(&self, name: &str) -> Result<String, String> {
            assert_eq!(name, "/stack/paging");
            self.reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            self.answer.lock().unwrap().clone()
        }
    }

    fn fake(answer: Result<&str, &str>) -> Arc<Fake> {
        Arc::new(Fake {
            reads: Default::default(),
            answer: std::sync::Mutex::new(answer.map(str::to_string).map_err(str::to_string)),
        })
    }

    const SECRET: &str = "0123456789abcdef0123456789abcdef";

    #[test]
    fn the_secret_is_read_on_first_use_and_then_kept() {
        let source = fake(Ok(SECRET));
        let secret = LazySecret::new("/stack/paging", source.clone());
        assert_eq!(source.reads.load(std::sync::atomic::Ordering::SeqCst), 0, "nothing read before first use");
        assert_eq!(secret.get().unwrap(), SECRET.as_bytes());
        *source.answer.lock().unwrap() = Ok("another-secret-of-at-least-32-chars!".into());
        assert_eq!(secret.get().unwrap(), SECRET.as_bytes(), "kept for the container");
        assert_eq!(source.reads.load(std::sync::atomic::Ordering::SeqCst), 1);
        let on = |secret| PagingKey::new(secret, stack("fleet-console"));
        let t = encode(on(secret.get().unwrap()), "s", &key());
        assert_eq!(decode(on(secret.get().unwrap()), "s", &t).unwrap(), key());
    }

    #[test]
    fn a_failed_read_is_an_internal_error_and_retried_next_time() {
        let source = fake(Err("ParameterNotFound"));
        let secret = LazySecret::new("/stack/paging", source.clone());
        let err = secret.get().unwrap_err();
        assert!(matches!(err, ApiError::Internal(_)), "{err:?}");
        assert!(format!("{err:?}").contains("/stack/paging"), "names the parameter: {err:?}");
        *source.answer.lock().unwrap() = Ok(SECRET.into());
        assert_eq!(secret.get().unwrap(), SECRET.as_bytes());
        assert_eq!(source.reads.load(std::sync::atomic::Ordering::SeqCst), 2);
    }

    #[test]
    fn a_short_secret_is_refused_and_debug_never_shows_it() {
        let secret = LazySecret::new("/stack/paging", fake(Ok("short")));
        assert!(secret.get().is_err());
        let secret = LazySecret::new("/stack/paging", fake(Ok(SECRET)));
        secret.get().unwrap();
        let shown = format!("{secret:?}");
        assert!(shown.contains("/stack/paging") && !shown.contains(SECRET), "{shown}");
    }

    #[test]
    fn empty_token_means_first_page() {
        assert_eq!(start_key(prod(b"s"), "x", Some("")).unwrap(), None);
        assert_eq!(start_key(prod(b"s"), "x", None).unwrap(), None);
    }

    #[tokio::test]
    async fn a_page_across_partitions_resumes_where_it_stopped_and_a_forged_part_is_refused() {
        // Three partitions of 3, 0 and 4 items, read 2 at a time.
        let sizes = [3usize, 0, 4];
        let fetch = |part: usize, start: Option<Key>, limit: Option<i32>| {
            let from = start.and_then(|k| match k.get("n") {
                Some(AttributeValue::N(n)) => n.parse::<usize>().ok(),
                _ => None,
            });
            let from = from.map_or(0, |n| n + 1);
            let end = (from + limit.unwrap_or(100) as usize).min(sizes[part]);
            let items: Vec<crate::item::Item> = (from..end)
                .map(|n| HashMap::from([("v".to_string(), AttributeValue::S(format!("{part}-{n}")))]))
                .collect();
            let next = (end < sizes[part])
                .then(|| HashMap::from([("n".to_string(), AttributeValue::N((end - 1).to_string()))]));
            async move { Ok((items, next)) }
        };
        let mut seen = Vec::new();
        let mut token: Option<String> = None;
        for _ in 0..10 {
            let (items, next) = signed_page_across(prod(b"k"), "s", token.as_deref(), 2, 3, fetch).await.unwrap();
            seen.extend(items.into_iter().map(|i| match &i["v"] {
                AttributeValue::S(s) => s.clone(),
                _ => unreachable!(),
            }));
            match next {
                Some(t) => token = Some(t),
                None => break,
            }
        }
        assert_eq!(seen, ["0-0", "0-1", "0-2", "2-0", "2-1", "2-2", "2-3"]);
        let part = HashMap::from([(PART.to_string(), AttributeValue::N("1".into()))]);
        let forged = encode(prod(b"other"), "s", &part);
        assert!(signed_page_across(prod(b"k"), "s", Some(&forged), 2, 3, fetch).await.is_err());
        let elsewhere = encode(PagingKey::new(b"k", stack("fleet-console-staging")), "s", &part);
        assert!(signed_page_across(prod(b"k"), "s", Some(&elsewhere), 2, 3, fetch).await.is_err());
    }
}
