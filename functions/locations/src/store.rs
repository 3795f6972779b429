//! The narrow store the location rules run over, and its DynamoDB
//! implementation. Domain logic (`service`, `schedule`) only sees the trait,
//! so its rules are unit-tested with an in-memory store (`fake`).
use crate::{plan::Assign, rules::Options};
use aws_sdk_dynamodb::types::{AttributeValue, Put, TransactWriteItem, Update};
use fleet_shared::{history::Record, names, scheduler, store, ApiError, Deps, Table};
use serde_json::Value;
use std::{collections::HashMap, future::Future};

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
    /// The stored document, read strongly consistent.
    fn get(&self, id: &str) -> impl Future<Output = Result<Option<Value>, ApiError>> + Send;
    fn options(&self) -> impl Future<Output = Result<Options, ApiError>> + Send;
    /// Stores a new location and its history record; a generic Conflict when the id exists.
    fn insert(&self, doc: &Value, history: &Record) -> impl Future<Output = Result<(), ApiError>> + Send;
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

/// Locations in DynamoDB, for a function that granted the tables it uses.
pub struct Dynamo(pub &'static Deps);

impl LocationStore for Dynamo {
    async fn get(&self, id: &str) -> Result<Option<Value>, ApiError> {
        self.0.table(Table::Locations)?.get(HashMap::from([("id".to_string(), store::s(id))])).await
    }

    async fn options(&self) -> Result<Options, ApiError> {
        let d = self.0;
        let (l, f, p) = tokio::try_join!(
            names::list(d, names::LAYOUTS),
            names::list(d, names::FRIDGE_SCHEMAS),
            names::list(d, names::PRICE_MAP_TEMPLATES)
        )?;
        Ok(Options::from_lists(l, f, p))
    }

    async fn insert(&self, doc: &Value, history: &Record) -> Result<(), ApiError> {
        let t = self.0.table(Table::Locations)?;
        let put = Put::builder()
            .table_name(t.name)
            .set_item(Some(store::to_item(doc)?))
            .condition_expression("attribute_not_exists(id)")
            .build()
            .map_err(ApiError::internal)?;
        let items =
            vec![TransactWriteItem::builder().put(put).build(), history.put(self.0.config.table(Table::History)?)?];
        store::transact(t.client, items).await
    }

    async fn update(
        &self,
        id: &str,
        plan: &[Assign],
        base: i64,
        history: &Record,
        also: &[Also],
    ) -> Result<(), ApiError> {
        let t = self.0.table(Table::Locations)?;
        let e = expression(plan, &history.who, &history.at, base)?;
        let update = Update::builder()
            .table_name(t.name)
            .key("id", store::s(id))
            .update_expression(e.text)
            .set_expression_attribute_names(Some(e.names))
            .set_expression_attribute_values(Some(e.values))
            .condition_expression(e.condition)
            .build()
            .map_err(ApiError::internal)?;
        let mut items = vec![
            TransactWriteItem::builder().update(update).build(),
            history.put(self.0.config.table(Table::History)?)?,
        ];
        for a in also {
            items.extend(also_items(self.0, a)?);
        }
        store::transact(t.client, items).await
    }
}

fn also_items(deps: &Deps, also: &Also) -> Result<Vec<TransactWriteItem>, ApiError> {
    match also {
        Also::RegisterDeviceAddress { address, location } => {
            let mut item = names::item(names::DEVICE_ADDRESSES, address);
            item.insert("locationId".into(), store::s(location));
            let put = Put::builder()
                .table_name(deps.config.table(Table::NameLists)?)
                .set_item(Some(item))
                .condition_expression("attribute_not_exists(#n)")
                .expression_attribute_names("#n", "name")
                .build()
                .map_err(ApiError::internal)?;
            Ok(vec![TransactWriteItem::builder().put(put).build()])
        }
        Also::FinishScheduledChanges { keys, run } => {
            keys.iter().map(|(uuid, time)| scheduler::finish_by_delete(deps, (uuid, time), run)).collect()
        }
    }
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
            .path
            .iter()
            .map(|segment| {
                let n = name_ids.len();
                name_ids.entry(segment.clone()).or_insert_with(|| format!("#n{n}")).clone()
            })
            .collect();
        let path = path.join(".");
        if a.value.is_null() {
            removes.push(path);
        } else {
            sets.push(format!("{path} = :v{i}"));
            values.insert(format!(":v{i}"), serde_dynamo::to_attribute_value(&a.value)?);
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

/// Millisecond UTC ISO text: sorts in time order as a string.
pub fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// An in-memory store for unit tests of the rules: the same contract
/// (conditional insert, version-checked update, history kept beside).
#[cfg(test)]
pub mod fake {
    use super::*;
    use crate::attributes::set_path;
    use std::sync::Mutex;

    #[derive(Default)]
    pub struct Fake {
        pub docs: Mutex<HashMap<String, Value>>,
        pub history: Mutex<Vec<Record>>,
        pub device_addresses: Mutex<Vec<String>>,
        pub options: Options,
    }

    impl LocationStore for Fake {
        async fn get(&self, id: &str) -> Result<Option<Value>, ApiError> {
            Ok(self.docs.lock().unwrap().get(id).cloned())
        }
        async fn options(&self) -> Result<Options, ApiError> {
            Ok(self.options.clone())
        }
        async fn insert(&self, doc: &Value, history: &Record) -> Result<(), ApiError> {
            let id = doc["id"].as_str().unwrap().to_string();
            let mut docs = self.docs.lock().unwrap();
            if docs.contains_key(&id) {
                return Err(ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into()));
            }
            docs.insert(id, doc.clone());
            self.history.lock().unwrap().push(history.clone());
            Ok(())
        }
        async fn update(
            &self,
            id: &str,
            plan: &[Assign],
            base: i64,
            history: &Record,
            also: &[Also],
        ) -> Result<(), ApiError> {
            let conflict = || Err(ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into()));
            let mut docs = self.docs.lock().unwrap();
            let Some(doc) = docs.get_mut(id) else { return conflict() };
            if doc.get("version").and_then(Value::as_i64).unwrap_or(0) != base {
                return conflict();
            }
            let mut addresses = self.device_addresses.lock().unwrap();
            for a in also {
                if let Also::RegisterDeviceAddress { address, .. } = a {
                    if addresses.contains(address) {
                        return conflict();
                    }
                    addresses.push(address.clone());
                }
            }
            for a in plan {
                let path: Vec<&str> = a.path.iter().map(String::as_str).collect();
                set_path(doc, &path, a.value.clone());
            }
            doc["version"] = serde_json::json!(base + 1);
            doc["lastModified"] = serde_json::json!(history.at);
            doc["lastModifiedBy"] = serde_json::json!(history.who);
            self.history.lock().unwrap().push(history.clone());
            Ok(())
        }
    }
}
