//! The narrow store the location rules run over, and its DynamoDB
//! implementation. Domain logic (`service`, `schedule`) only sees the trait,
//! so its rules are unit-tested with an in-memory store (`memory::Memory`). The few
//! reads and writes only handlers make (list pages, bulk inserts, scheduled
//! changes) are `Dynamo`'s own methods here, so no other module of the area
//! builds an SDK request.
use crate::{plan::Assign, rules::Options};
use aws_sdk_dynamodb::types::AttributeValue;
use fleet_shared::entity::Location;
use fleet_shared::idempotency::Claim;
use fleet_shared::store::Item;
use fleet_shared::{history::Record, store, ApiError};
use std::{collections::HashMap, future::Future};

pub mod dynamo;
#[cfg(test)]
pub mod memory;

pub use dynamo::{change, delete_changes, put_changes, Dynamo};

pub fn not_found(id: &str) -> ApiError {
    ApiError::NotFound(format!("Location {id} not found"))
}

/// Writes that must land in the same transaction as a location update.
#[derive(Debug, Clone, PartialEq)]
pub enum Also {
    /// Registers a device address as taken (fails if it already is).
    RegisterDeviceAddress { address: String, location: String },
    /// Deletes scheduled changes this run claimed, as they are now applied.
    FinishScheduledChanges { keys: Vec<(String, String)>, run: String },
}

pub trait LocationStore: Sync {
    /// The stored location, read strongly consistent.
    fn get(&self, id: &str) -> impl Future<Output = Result<Option<Location>, ApiError>> + Send;
    /// The stored locations of those of `ids` that exist, by id.
    fn get_many(&self, ids: Vec<String>) -> impl Future<Output = Result<HashMap<String, Location>, ApiError>> + Send;
    fn options(&self) -> impl Future<Output = Result<Options, ApiError>> + Send;
    /// Stores a new location and its history record; a generic Conflict when the id exists.
    fn insert(&self, location: &Location, history: &Record) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Applies `plan` (with `lastModified`, `lastModifiedBy` and `version` =
    /// `base_version + 1`) only if the stored version is still `base_version`,
    /// together with the history record and `also`, all or nothing. A generic
    /// Conflict when anything moved.
    fn update(
        &self,
        id: &str,
        plan: &[Assign],
        base_version: i64,
        history: &Record,
        also: &[Also],
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
}

/// One location of a bulk import: the location, its history record and the
/// upload's record of its row (if this row carries it).
pub struct NewLocation {
    pub location: Location,
    pub history: Record,
    pub claim: Option<Claim>,
}

/// Which locations a list keeps: those whose text at `path` is `value`.
pub struct Only<'a> {
    pub path: &'a [&'a str],
    pub value: &'a str,
}

impl Only<'_> {
    pub fn keeps(&self, item: &Item) -> bool {
        text_at(item, self.path) == Some(self.value)
    }
}

/// The string at `path` (through nested maps) of a stored item.
fn text_at<'a>(item: &'a Item, path: &[&str]) -> Option<&'a str> {
    let (last, parents) = path.split_last()?;
    let mut map = item;
    for key in parents {
        map = match map.get(*key)? {
            AttributeValue::M(m) => m,
            _ => return None,
        };
    }
    map.get(*last)?.as_s().ok().map(String::as_str)
}

/// SET/REMOVE expression for a plan plus the audit fields and version every
/// update records, and the condition that the version is still `base`.
pub struct Expression {
    pub text: String,
    pub condition: String,
    pub names: HashMap<String, String>,
    pub values: HashMap<String, AttributeValue>,
}

pub fn expression(plan: &[Assign], user: &str, now: &str, base: i64) -> Result<Expression, ApiError> {
    let mut values = HashMap::new();
    let mut sets =
        vec!["lastModified = :now".to_string(), "lastModifiedBy = :user".to_string(), "#version = :next".to_string()];
    let mut removes = Vec::new();
    values.insert(":now".into(), store::s(now));
    values.insert(":user".into(), store::s(user));
    values.insert(":next".into(), AttributeValue::N((base + 1).to_string()));
    let mut name_ids: HashMap<String, String> = HashMap::from([("version".to_string(), "#version".to_string())]);
    for (i, a) in plan.iter().enumerate() {
        let path: Vec<String> = a
            .stored_at()
            .into_iter()
            .map(|segment| {
                let n = name_ids.len();
                name_ids.entry(segment.to_string()).or_insert_with(|| format!("#n{n}")).clone()
            })
            .collect();
        let path = path.join(".");
        let value = a.value();
        if value.is_null() {
            removes.push(path);
        } else {
            sets.push(format!("{path} = :v{i}"));
            values.insert(format!(":v{i}"), serde_dynamo::to_attribute_value(&value)?);
        }
    }
    let condition = if base == 0 {
        "attribute_exists(id) AND attribute_not_exists(#version)".to_string()
    } else {
        values.insert(":base".into(), AttributeValue::N(base.to_string()));
        "attribute_exists(id) AND #version = :base".to_string()
    };
    let names = name_ids.into_iter().map(|(segment, id)| (id, segment)).collect();
    let mut text = format!("SET {}", sets.join(", "));
    if !removes.is_empty() {
        text.push_str(&format!(" REMOVE {}", removes.join(", ")));
    }
    Ok(Expression { text, condition, names, values })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_keeps_the_items_whose_text_at_the_path_is_the_value() {
        let item: Item = HashMap::from([
            ("id".to_string(), store::s("CHI_1")),
            ("type".to_string(), store::s("FRIDGE")),
            ("status".to_string(), AttributeValue::M(HashMap::from([("ops".to_string(), store::s("LIVE"))]))),
            ("version".to_string(), AttributeValue::N("3".into())),
        ]);
        let only = |path: &'static [&'static str], value: &'static str| Only { path, value };
        assert!(only(&["status", "ops"], "LIVE").keeps(&item));
        assert!(!only(&["status", "ops"], "DEAD").keeps(&item));
        assert!(only(&["type"], "FRIDGE").keeps(&item));
        // Only strings match, as a filter expression on a string value does.
        assert!(!only(&["version"], "3").keeps(&item));
        assert!(!only(&["type", "ops"], "FRIDGE").keeps(&item), "not a map");
        assert!(!only(&["status", "public"], "LIVE").keeps(&item), "missing");
        assert!(!only(&[], "LIVE").keeps(&item));
    }
}
