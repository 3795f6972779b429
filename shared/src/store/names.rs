//! The NameLists table: short lists of names by kind (layouts, fridge
//! schemas, price map templates, price schemas), each read with one query
//! instead of a scan of the table whose items carry the name.
use crate::store::{self, Item};
use crate::{ApiError, Deps, Table};
use serde_json::Value;
use std::collections::HashMap;

/// Planogram layouts (a CREATE upload adds one).
pub const LAYOUTS: &str = "layout";
pub const FRIDGE_SCHEMAS: &str = "fridgeSchema";
pub const PRICE_MAP_TEMPLATES: &str = "priceMapTemplate";
/// Schema ids that hold item prices (a price write adds its schema).
pub const PRICE_SCHEMAS: &str = "priceSchema";
/// Device addresses taken, each with its location (registered with a conditional put).
pub const DEVICE_ADDRESSES: &str = "deviceAddress";
/// Fulfillment centers of the locations (a location write lists its own; LogiNext's choices).
pub const FULFILLMENT_CENTERS: &str = "fulfillmentCenter";
/// 2-fleet §5: the center that is no center, listed if a location says so but never offered.
pub const NOT_A_CENTER: &str = "Does Not Exist";

/// The item that lists `name` under `kind`.
pub fn item(kind: &str, name: &str) -> Item {
    HashMap::from([("kind".to_string(), store::s(kind)), ("name".to_string(), store::s(name))])
}

/// Every name of one kind, sorted (the table's sort key).
pub async fn list(deps: &Deps, kind: &str) -> Result<Vec<String>, ApiError> {
    let items: Vec<HashMap<String, Value>> = deps.table(Table::NameLists)?.partition("kind", kind).await?;
    Ok(items.into_iter().filter_map(|mut i| i.remove("name")?.as_str().map(str::to_string)).collect())
}

/// Lists these names under `kind`; a name already listed stays as it is.
pub async fn add<'a>(deps: &Deps, kind: &str, names: impl IntoIterator<Item = &'a str>) -> Result<(), ApiError> {
    let mut unique: Vec<&str> = names.into_iter().collect();
    unique.sort_unstable();
    unique.dedup();
    if unique.is_empty() {
        return Ok(());
    }
    deps.table(Table::NameLists)?.batch_put(unique.into_iter().map(|n| item(kind, n)).collect()).await
}
