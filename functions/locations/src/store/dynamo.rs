//! The location store over DynamoDB, with the reads and writes only handlers make.
use super::{expression, Also, LocationStore, NewLocation, Only};
use crate::{plan::Assign, rules::Options};
use aws_sdk_dynamodb::types::{Delete, Put, TransactWriteItem, Update};
use fleet_shared::entity::Location;
use fleet_shared::idempotency::Claim;
use fleet_shared::location_store;
use fleet_shared::scheduler::StoredChange;
use fleet_shared::store::{Item, Key};
use fleet_shared::{history::Record, names, scheduler, store, ApiError, Deps, Table};
use serde_json::Value;
use std::collections::HashMap;

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

    async fn insert(&self, location: &Location, history: &Record) -> Result<(), ApiError> {
        let t = self.0.table(Table::Locations)?;
        let mut items = vec![new_location_put(t.name, location)?, history.put(self.0.config.table(Table::History)?)?];
        items.extend(self.center_items(location.fulfillment_center())?);
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
        let center = plan.iter().find_map(|a| match a {
            Assign::Set(attr, Value::String(center)) if attr.name == "fulfillmentCenter" => Some(center.as_str()),
            _ => None,
        });
        items.extend(self.center_items(center)?);
        store::transact(t.client, items).await
    }
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
fn new_location_put(table: &str, location: &Location) -> Result<TransactWriteItem, ApiError> {
    let put = Put::builder()
        .table_name(table)
        .set_item(Some(store::to_item(location)?))
        .condition_expression("attribute_not_exists(id)")
        .build()
        .map_err(ApiError::internal)?;
    Ok(TransactWriteItem::builder().put(put).build())
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
            let mut items = vec![new_location_put(locations, &row.location)?, row.history.put(history)?];
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
