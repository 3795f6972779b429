//! Change history: every write to a record appends one history record in the
//! same transaction as the write, saying who, when, why, from where, and each
//! attribute's old and new value. One table serves every area; records are
//! keyed by entity (`location#CHI_0001`) and time, read newest first.
use crate::{contract::Page, deps::TableRef, store, ApiError};
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Records per page of `page`.
pub const PAGE_SIZE: usize = 25;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    pub attribute: String,
    /// JSON text, `null` when the attribute was absent.
    pub old_value: String,
    pub new_value: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Record {
    /// `{kind}#{id}`, e.g. `location#CHI_0001`.
    pub entity: String,
    /// `{at}#{unique}`: time order, and two writes in one millisecond both kept.
    pub sk: String,
    pub at: String,
    /// The author as shown (their e-mail).
    pub who: String,
    /// The author's stable id (Cognito `sub`): an e-mail can change, this cannot.
    #[serde(default, rename = "whoSub", skip_serializing_if = "Option::is_none")]
    pub who_sub: Option<String>,
    pub source: String,
    pub changes: Vec<Change>,
}

pub use crate::entity::history_entity as entity;

impl Record {
    pub fn new(entity: String, at: &str, who: &str, source: &str, changes: Vec<Change>) -> Record {
        let unique = uuid::Uuid::new_v4().simple().to_string();
        let sk = format!("{at}#{}", &unique[..12]);
        Record {
            sk,
            entity,
            at: at.into(),
            who: who.into(),
            who_sub: crate::identity::current_sub(),
            source: source.into(),
            changes,
        }
    }

    /// The record as one item of the write's transaction.
    pub fn put(&self, table: &str) -> Result<TransactWriteItem, ApiError> {
        let put = Put::builder()
            .table_name(table)
            .set_item(Some(store::to_item(self)?))
            .build()
            .map_err(ApiError::internal)?;
        Ok(TransactWriteItem::builder().put(put).build())
    }

    /// The GraphQL `HistoryRecord`.
    pub fn view(&self) -> RecordView {
        RecordView {
            at: self.at.clone(),
            who: self.who.clone(),
            source: self.source.clone(),
            changes: self
                .changes
                .iter()
                .map(|c| ChangeView {
                    attribute: c.attribute.clone(),
                    old_value: c.old_value.clone(),
                    new_value: c.new_value.clone(),
                    reason: c.reason.clone(),
                })
                .collect(),
        }
    }
}

/// A history record as the screens read it (GraphQL `HistoryRecord`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RecordView {
    pub at: String,
    pub who: String,
    pub source: String,
    pub changes: Vec<ChangeView>,
}

/// One attribute's change as the screens read it: `reason` is always present (null when none).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeView {
    pub attribute: String,
    pub old_value: String,
    pub new_value: String,
    pub reason: Option<String>,
}

/// The attributes whose values differ between two flat views, in name order;
/// `reasons` maps an attribute to why it changed.
pub fn diff(old: &Map<String, Value>, new: &Map<String, Value>, reasons: &Map<String, Value>) -> Vec<Change> {
    let mut names: Vec<&String> = old.keys().chain(new.keys()).collect();
    names.sort();
    names.dedup();
    names
        .into_iter()
        .filter(|n| old.get(*n) != new.get(*n))
        .map(|n| Change {
            attribute: n.clone(),
            old_value: old.get(n).cloned().unwrap_or(Value::Null).to_string(),
            new_value: new.get(n).cloned().unwrap_or(Value::Null).to_string(),
            reason: reasons.get(n).and_then(Value::as_str).map(str::to_string),
        })
        .collect()
}

/// A page of history records (GraphQL `HistoryPage`).
pub type HistoryPage = Page<RecordView>;

/// One page of an entity's history from the function's own History table and
/// paging secret: what a history handler answers.
pub async fn page_of(deps: &crate::Deps, entity: &str, token: Option<&str>) -> Result<HistoryPage, ApiError> {
    page(deps.table(crate::Table::History)?, deps.config.paging_secret()?, entity, token).await
}

/// One page of an entity's history, newest first, behind a signed token.
pub async fn page(
    table: TableRef<'_>,
    key: crate::paging::PagingKey<'_>,
    entity: &str,
    token: Option<&str>,
) -> Result<HistoryPage, ApiError> {
    let scope = format!("history:{entity}");
    let (records, next): (Vec<Record>, _) =
        table.query("entity", entity).newest_first().signed_page(key, &scope, token, PAGE_SIZE).await?;
    Ok(Page { items: records.iter().map(Record::view).collect(), next_token: next })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn diff_lists_changed_added_and_removed_attributes_with_reasons() {
        let old = json!({"prod": 0, "route": "r1", "city": "Chicago"}).as_object().cloned().unwrap();
        let new = json!({"prod": 1, "city": "Chicago", "stop": 4}).as_object().cloned().unwrap();
        let reasons = json!({"prod": "First Stocking"}).as_object().cloned().unwrap();
        let changes = diff(&old, &new, &reasons);
        let names: Vec<&str> = changes.iter().map(|c| c.attribute.as_str()).collect();
        assert_eq!(names, vec!["prod", "route", "stop"]);
        assert_eq!((changes[0].old_value.as_str(), changes[0].new_value.as_str()), ("0", "1"));
        assert_eq!(changes[0].reason.as_deref(), Some("First Stocking"));
        assert_eq!(changes[1].new_value, "null");
    }

    #[tokio::test]
    async fn a_record_written_during_a_call_names_its_author_by_sub() {
        let r = crate::identity::acting_as(Some("sub-7"), async {
            Record::new(entity("location", "X"), "t", "a@b.co", "s", vec![])
        })
        .await;
        assert_eq!((r.who.as_str(), r.who_sub.as_deref()), ("a@b.co", Some("sub-7")));
        assert_eq!(Record::new(entity("location", "X"), "t", "system", "s", vec![]).who_sub, None);
        assert_eq!(store::to_item(&r).unwrap()["whoSub"].as_s().unwrap(), "sub-7");
    }

    #[test]
    fn records_in_the_same_millisecond_keep_distinct_keys() {
        let a = Record::new(entity("location", "X"), "2026-11-22T10:00:00.000Z", "u", "s", vec![]);
        let b = Record::new(entity("location", "X"), "2026-11-22T10:00:00.000Z", "u", "s", vec![]);
        assert_ne!(a.sk, b.sk);
        assert!(a.sk.starts_with("2026-11-22T10:00:00.000Z#"));
    }
}
