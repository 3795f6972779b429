//! Idempotency records: how a retry is recognised, whatever was written since.
//!
//! A caller names its attempt with an id (an upload id, a `requestId`). The
//! first try that changes anything writes a record of (scope#id, part) —
//! `part` is an upload's row or group, `-` for a whole request — holding a
//! digest of the content and the answer it gave, in the same transaction as
//! the change itself. A later call with that id and part:
//! - with the same content is a retry: it is answered what the first try
//!   answered (replayed), and writes nothing;
//! - with other content is refused (409): an id names one content only.
//!
//! Records outlive later writes of the same data (a later upload changing a
//! price does not erase the record of the first), so a late retry can never
//! undo a newer change. They are kept `KEEP_DAYS` days (TTL `expiresAt`).
use crate::deps::TableRef;
use crate::{store, ApiError};
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::future::Future;

/// How long a record (and so a retry's window) lasts.
pub const KEEP_DAYS: i64 = 7;
/// The part of a record that covers a whole request.
pub const WHOLE: &str = "-";

/// One record, as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Claim {
    /// `{scope}#{id}`, e.g. `prices#5f0c…` or `coupons#req-1`.
    pub pk: String,
    /// The part: `row#7`, `group#2026-11-23#r12`, or `-`.
    pub sk: String,
    /// SHA-256 of the content, hex.
    pub digest: String,
    /// The answer given, as JSON text.
    pub answer: String,
    /// TTL, epoch seconds.
    pub expires_at: i64,
}

/// What a record says of a call.
#[derive(Debug, Clone, PartialEq)]
pub enum Seen {
    /// No record: the first try.
    New,
    /// A retry with the same content: its first answer.
    Replay(Value),
    /// The id was used with other content.
    Conflict,
}

/// The refusal of an id reused with other content.
pub fn conflict(what: &str) -> ApiError {
    ApiError::Conflict(format!("{what} was already used with other content. Send new content with a new id."))
}

/// A caller's `requestId`, trimmed: not empty and at most
/// `limits::MAX_ID_CHARS` characters, so it fits every key it is part of
/// (the request's record, a driver log entry's sort key).
pub fn request_id(raw: &str) -> Result<crate::entity::RequestId, ApiError> {
    crate::entity::RequestId::parse("requestId", raw)
}

/// A digest of any serialisable content, independent of map key order.
pub fn digest<T: Serialize + ?Sized>(content: &T) -> String {
    let value = serde_json::to_value(content).unwrap_or(Value::Null);
    let mut text = String::new();
    canonical(&value, &mut text);
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// JSON text with object keys sorted at every level.
fn canonical(v: &Value, out: &mut String) {
    match v {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                canonical(&map[k], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical(item, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

impl Claim {
    /// A record of `scope#id` / `part` for this content and answer, made at `now` (epoch seconds).
    pub fn new(scope: &str, id: &str, part: &str, digest: String, answer: &Value, now: i64) -> Claim {
        Claim {
            pk: format!("{scope}#{id}"),
            sk: part.to_string(),
            digest,
            answer: answer.to_string(),
            expires_at: now + KEEP_DAYS * 86_400,
        }
    }

    /// What this record says of a call whose content has `digest`.
    pub fn seen_by(&self, digest: &str) -> Seen {
        if self.digest == digest {
            Seen::Replay(serde_json::from_str(&self.answer).unwrap_or(Value::Null))
        } else {
            Seen::Conflict
        }
    }

    /// The record as one item of the change's own transaction: it lands only
    /// if no record of this id and part exists, so two racing tries cannot
    /// both apply.
    pub fn put(&self, table: &str) -> Result<TransactWriteItem, ApiError> {
        let put = Put::builder()
            .table_name(table)
            .set_item(Some(store::to_item(self)?))
            .condition_expression("attribute_not_exists(pk)")
            .build()
            .map_err(ApiError::internal)?;
        Ok(TransactWriteItem::builder().put(put).build())
    }
}

/// Where records are kept: the Idempotency table, or a fake in tests.
pub trait Records: Sync {
    /// The records of `pk` under these parts (absent ones left out).
    fn get(
        &self,
        pk: &str,
        parts: Vec<String>,
    ) -> impl Future<Output = Result<HashMap<String, Claim>, ApiError>> + Send;
    /// Writes a record on its own (a call that changed nothing, still to be
    /// replayed), unless one exists; answers what the stored one says then.
    fn put(&self, claim: &Claim) -> impl Future<Output = Result<Seen, ApiError>> + Send;
}

/// The records in the Idempotency table, for a function that granted it.
impl Records for crate::Deps {
    async fn get(&self, pk: &str, parts: Vec<String>) -> Result<HashMap<String, Claim>, ApiError> {
        Records::get(&self.table(crate::Table::Idempotency)?, pk, parts).await
    }

    async fn put(&self, claim: &Claim) -> Result<Seen, ApiError> {
        Records::put(&self.table(crate::Table::Idempotency)?, claim).await
    }
}

impl Records for TableRef<'_> {
    async fn get(&self, pk: &str, parts: Vec<String>) -> Result<HashMap<String, Claim>, ApiError> {
        let keys = parts
            .iter()
            .map(|sk| HashMap::from([("pk".to_string(), store::s(pk)), ("sk".to_string(), store::s(sk))]))
            .collect();
        self.batch_get(keys, &[])
            .await?
            .into_iter()
            .map(|item| store::from_item::<Claim>(item).map(|c| (c.sk.clone(), c)))
            .collect()
    }

    async fn put(&self, claim: &Claim) -> Result<Seen, ApiError> {
        let written = self
            .client
            .put_item()
            .table_name(self.name)
            .set_item(Some(store::to_item(claim)?))
            .condition_expression("attribute_not_exists(pk)")
            .send()
            .await
            .map_err(ApiError::from);
        match written {
            Ok(_) => Ok(Seen::New),
            Err(ApiError::Conflict(_)) => {
                let mut found = Records::get(self, &claim.pk, vec![claim.sk.clone()]).await?;
                Ok(found.remove(&claim.sk).map(|c| c.seen_by(&claim.digest)).unwrap_or(Seen::New))
            }
            Err(e) => Err(e),
        }
    }
}

/// Removes a record whose change was undone (a command the queue refused), so
/// a retry of the request may try again.
pub async fn forget(table: &TableRef<'_>, claim: &Claim) -> Result<(), ApiError> {
    table
        .client
        .delete_item()
        .table_name(table.name)
        .key("pk", store::s(&claim.pk))
        .key("sk", store::s(&claim.sk))
        .send()
        .await?;
    Ok(())
}

/// A whole request's record: look it up before acting, then put `claim` in
/// the change's transaction (or `Records::put` it when nothing is written).
pub struct Request<'a, R: Records> {
    records: &'a R,
    scope: &'a str,
    id: &'a str,
    digest: String,
}

impl<'a, R: Records> Request<'a, R> {
    /// A request of `scope` named `id`, whose content is `content`.
    pub fn new<T: Serialize + ?Sized>(records: &'a R, scope: &'a str, id: &'a str, content: &T) -> Request<'a, R> {
        Request { records, scope, id, digest: digest(content) }
    }

    /// `New`, or the first answer of a retry, or `Conflict`.
    pub async fn seen(&self) -> Result<Seen, ApiError> {
        let found = self.records.get(&format!("{}#{}", self.scope, self.id), vec![WHOLE.to_string()]).await?;
        Ok(found.get(WHOLE).map(|c| c.seen_by(&self.digest)).unwrap_or(Seen::New))
    }

    /// The record of this request answering `answer`, made at `now` (epoch seconds).
    pub fn claim(&self, answer: &Value, now: i64) -> Claim {
        Claim::new(self.scope, self.id, WHOLE, self.digest.clone(), answer, now)
    }

    /// The same, for a typed answer (what `replayed` reads back).
    pub fn claim_of<T: Serialize>(&self, answer: &T, now: i64) -> Result<Claim, ApiError> {
        Ok(self.claim(&serde_json::to_value(answer).map_err(ApiError::internal)?, now))
    }
}

/// A retry's first answer as the type it was recorded from (`claim_of`).
pub fn replayed<T: serde::de::DeserializeOwned>(answer: Value) -> Result<T, ApiError> {
    serde_json::from_value(answer).map_err(|e| ApiError::internal(format!("a recorded answer does not read back: {e}")))
}

/// Records in memory, for tests of the logic above them.
#[derive(Default)]
pub struct MemoryRecords(pub std::sync::Mutex<HashMap<(String, String), Claim>>);

impl MemoryRecords {
    /// Stores a claim as a transaction would (refusing an existing one).
    pub fn insert(&self, claim: &Claim) -> Result<(), ApiError> {
        let mut map = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let key = (claim.pk.clone(), claim.sk.clone());
        if map.contains_key(&key) {
            return Err(ApiError::Conflict(crate::error::CHANGED_MEANWHILE.into()));
        }
        map.insert(key, claim.clone());
        Ok(())
    }

    /// Whether a claim of that key is stored (a transaction's condition, checked before any write).
    pub fn contains(&self, claim: &Claim) -> bool {
        let map = self.0.lock().unwrap_or_else(|p| p.into_inner());
        map.contains_key(&(claim.pk.clone(), claim.sk.clone()))
    }
}

impl Records for MemoryRecords {
    async fn get(&self, pk: &str, parts: Vec<String>) -> Result<HashMap<String, Claim>, ApiError> {
        let map = self.0.lock().unwrap_or_else(|p| p.into_inner());
        Ok(parts.into_iter().filter_map(|sk| map.get(&(pk.to_string(), sk.clone())).map(|c| (sk, c.clone()))).collect())
    }

    async fn put(&self, claim: &Claim) -> Result<Seen, ApiError> {
        match self.insert(claim) {
            Ok(()) => Ok(Seen::New),
            Err(_) => Ok(self
                .get(&claim.pk, vec![claim.sk.clone()])
                .await?
                .remove(&claim.sk)
                .map(|c| c.seen_by(&claim.digest))
                .unwrap_or(Seen::New)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_digest_ignores_key_order_and_sees_any_value_change() {
        assert_eq!(
            digest(&json!({"a": 1, "b": [1, {"x": "y", "z": 2}]})),
            digest(&json!({"b": [1, {"z": 2, "x": "y"}], "a": 1}))
        );
        assert_ne!(digest(&json!({"a": 1})), digest(&json!({"a": 2})));
        assert_ne!(digest(&json!({"a": "1"})), digest(&json!({"a": 1})));
    }

    #[test]
    fn a_request_id_is_trimmed_not_empty_and_at_most_64_characters() {
        assert_eq!(request_id(" r-1 ").unwrap().as_str(), "r-1");
        assert_eq!(request_id("  ").unwrap_err().to_string(), "requestId cannot be empty");
        assert!(request_id(&"x".repeat(64)).is_ok());
        assert_eq!(request_id(&"x".repeat(1_200)).unwrap_err().to_string(), "requestId must be at most 64 characters");
    }

    #[tokio::test]
    async fn a_request_is_new_then_replayed_and_other_content_conflicts() {
        let records = MemoryRecords::default();
        let first = Request::new(&records, "coupons", "req-1", &json!({"count": 3}));
        assert_eq!(first.seen().await.unwrap(), Seen::New);
        records.insert(&first.claim(&json!({"codes": ["A"]}), 1_000)).unwrap();
        assert_eq!(first.seen().await.unwrap(), Seen::Replay(json!({"codes": ["A"]})));
        let other = Request::new(&records, "coupons", "req-1", &json!({"count": 4}));
        assert_eq!(other.seen().await.unwrap(), Seen::Conflict);
        assert_eq!(Request::new(&records, "coupons", "req-2", &json!({"count": 4})).seen().await.unwrap(), Seen::New);
    }

    #[tokio::test]
    async fn a_racing_put_answers_what_the_winner_recorded() {
        let records = MemoryRecords::default();
        let winner = Claim::new("prices", "u", "row#2", digest("a"), &json!("first"), 0);
        assert_eq!(records.put(&winner).await.unwrap(), Seen::New);
        assert_eq!(records.put(&winner).await.unwrap(), Seen::Replay(json!("first")));
        let other = Claim::new("prices", "u", "row#2", digest("b"), &json!("second"), 0);
        assert_eq!(records.put(&other).await.unwrap(), Seen::Conflict);
        assert_eq!(winner.expires_at, KEEP_DAYS * 86_400);
    }
}
