//! The narrow store the location rules run over, and its DynamoDB
//! implementation. Domain logic (`service`, `schedule`) only sees the trait,
//! so its rules are unit-tested with an in-memory store (`fake`). The few
//! reads and writes only handlers make (list pages, bulk inserts, scheduled
//! changes) are `Dynamo`'s own methods here, so no other module of the area
//! builds an SDK request.
use crate::{attributes, plan::Assign, rules::Options};
use aws_sdk_dynamodb::types::{AttributeValue, Delete, Put, TransactWriteItem, Update};
use fleet_shared::entity::Location;
use fleet_shared::idempotency::Claim;
use fleet_shared::location_store;
use fleet_shared::scheduler::StoredChange;
use fleet_shared::store::{Item, Key};
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
    /// The stored location, read strongly consistent.
    fn get(&self, id: &str) -> impl Future<Output = Result<Option<Location>, ApiError>> + Send;
    /// The stored locations of those of `ids` that exist, by id.
    fn get_many(&self, ids: Vec<String>) -> impl Future<Output = Result<HashMap<String, Location>, ApiError>> + Send;
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
    async fn get(&self, id: &str) -> Result<Option<Location>, ApiError> {
        location_store::one(self.0, id, &[]).await
    }

    async fn get_many(&self, ids: Vec<String>) -> Result<HashMap<String, Location>, ApiError> {
        let found: Vec<Location> = location_store::many(self.0, ids, &[]).await?;
        Ok(found.into_iter().map(|l| (l.id.to_string(), l)).collect())
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
        let mut items = vec![new_location_put(t.name, doc)?, history.put(self.0.config.table(Table::History)?)?];
        items.extend(self.center_items(center_of(doc))?);
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
        let center_path = attributes::path_of("fulfillmentCenter");
        let center = plan.iter().find(|a| a.path == center_path).and_then(|a| a.value.as_str());
        items.extend(self.center_items(center)?);
        store::transact(t.client, items).await
    }
}

/// The fulfillment center of a new location's document.
fn center_of(doc: &Value) -> Option<&str> {
    attributes::stored(doc, "fulfillmentCenter").and_then(Value::as_str)
}

impl Dynamo {
    /// Lists a written location's fulfillment center (`names::FULFILLMENT_CENTERS`),
    /// in the write's transaction, so the list never needs a scan of the fleet.
    fn center_items(&self, center: Option<&str>) -> Result<Vec<TransactWriteItem>, ApiError> {
        match center.map(str::trim).filter(|c| !c.is_empty()) {
            Some(c) => {
                let table = self.0.config.table(Table::NameLists)?;
                Ok(vec![store::transact_put(table, names::item(names::FULFILLMENT_CENTERS, c))?])
            }
            None => Ok(vec![]),
        }
    }
}

/// A put of a new location, on the condition that its id is not taken.
fn new_location_put(table: &str, doc: &Value) -> Result<TransactWriteItem, ApiError> {
    let put = Put::builder()
        .table_name(table)
        .set_item(Some(store::to_item(doc)?))
        .condition_expression("attribute_not_exists(id)")
        .build()
        .map_err(ApiError::internal)?;
    Ok(TransactWriteItem::builder().put(put).build())
}

/// One location of a bulk import: the document, its history record and the
/// upload's record of its row (if this row carries it).
pub struct NewLocation {
    pub doc: Value,
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

impl Dynamo {
    /// One page of a scan of the locations from `start`: at most `limit`
    /// items read, of which those `only` names are kept, with only the
    /// `projection` attributes (all when empty; it must hold the top of
    /// `only`'s path). The limit counts the items read, as DynamoDB's does
    /// with a filter expression, so pages end where they did.
    pub async fn scan_page(
        &self,
        start: Option<Key>,
        limit: Option<i32>,
        only: Option<&Only<'_>>,
        projection: &[&str],
    ) -> Result<(Vec<Item>, Option<Key>), ApiError> {
        let (mut items, next) = self.0.table(Table::Locations)?.scan_page(start, limit, projection).await?;
        if let Some(only) = only {
            items.retain(|item| only.keeps(item));
        }
        Ok((items, next))
    }

    /// Stores each new location with its history and upload records, all or
    /// nothing per location and only where its id is free; several locations
    /// travel in one transaction. Answers per location, in order: a generic
    /// Conflict where the id is taken.
    pub async fn insert_each(&self, rows: &[NewLocation]) -> Result<Vec<Result<(), ApiError>>, ApiError> {
        let (locations, history) = (self.0.table(Table::Locations)?.name, self.0.table(Table::History)?.name);
        let claims = self.0.table(Table::Idempotency).map(|t| t.name);
        // Bulk rows (the CRM export) carry no fulfillment center, so none is listed here.
        let mut groups = Vec::with_capacity(rows.len());
        for row in rows {
            let mut items = vec![new_location_put(locations, &row.doc)?, row.history.put(history)?];
            if let Some(claim) = &row.claim {
                items.push(claim.put(claims.clone()?)?);
            }
            groups.push(items);
        }
        Ok(store::transact_groups(self.0.dynamo()?, groups).await)
    }
}

/// Stores scheduled changes (a change and its reason) in one transaction,
/// with the upload's record of the row if there is one. Idempotent: a
/// change's uuid follows its content, so a retry overwrites the same items.
pub async fn put_changes(deps: &Deps, changes: &[StoredChange], claim: Option<&Claim>) -> Result<(), ApiError> {
    let table = deps.table(Table::ScheduledChanges)?;
    let mut items = Vec::with_capacity(changes.len() + 1);
    if let Some(claim) = claim {
        items.push(claim.put(deps.table(Table::Idempotency)?.name)?);
    }
    for change in changes {
        let put = Put::builder()
            .table_name(table.name)
            .set_item(Some(store::to_item(change)?))
            .build()
            .map_err(ApiError::internal)?;
        items.push(TransactWriteItem::builder().put(put).build());
    }
    store::transact(table.client, items).await
}

/// Deletes scheduled changes in one transaction, each only if it still
/// exists. False when one was already gone (nothing is deleted then).
/// One scheduled change, by its key.
pub async fn change(deps: &Deps, uuid: &str, action_time: &str) -> Result<Option<StoredChange>, ApiError> {
    let key = HashMap::from([("uuid".to_string(), store::s(uuid)), ("actionTime".to_string(), store::s(action_time))]);
    deps.table(Table::ScheduledChanges)?.get(key).await
}

pub async fn delete_changes(deps: &Deps, changes: &[StoredChange]) -> Result<bool, ApiError> {
    let table = deps.table(Table::ScheduledChanges)?;
    let items = changes
        .iter()
        .map(|c| {
            let delete = Delete::builder()
                .table_name(table.name)
                .key("uuid", store::s(&c.uuid))
                .key("actionTime", store::s(&c.action_time))
                .condition_expression("attribute_exists(#u)")
                .expression_attribute_names("#u", "uuid")
                .build()
                .map_err(ApiError::internal)?;
            Ok(TransactWriteItem::builder().delete(delete).build())
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    match store::transact(table.client, items).await {
        Ok(()) => Ok(true),
        Err(ApiError::Conflict(_)) => Ok(false),
        Err(e) => Err(e),
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

/// An in-memory store for unit tests of the rules: the same contract
/// (conditional insert, version-checked update, history kept beside).
#[cfg(test)]
pub mod fake {
    use super::*;
    use crate::attributes::set_path;
    use std::sync::Mutex;

    /// Keeps documents as the table does; hands them out as `Location`s, as `Dynamo` does.
    #[derive(Default)]
    pub struct Fake {
        pub docs: Mutex<HashMap<String, Value>>,
        pub history: Mutex<Vec<Record>>,
        pub device_addresses: Mutex<Vec<String>>,
        pub options: Options,
    }

    impl LocationStore for Fake {
        async fn get(&self, id: &str) -> Result<Option<Location>, ApiError> {
            self.docs.lock().unwrap().get(id).map(|d| store::from_item(store::to_item(d)?)).transpose()
        }
        async fn get_many(&self, ids: Vec<String>) -> Result<HashMap<String, Location>, ApiError> {
            let mut found = HashMap::new();
            for id in ids {
                if let Some(location) = self.get(&id).await? {
                    found.insert(id, location);
                }
            }
            Ok(found)
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
