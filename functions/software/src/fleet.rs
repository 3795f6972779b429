//! Reads shared by deployments and pilots: which fridges exist, and what each runs.
use fleet_shared::{store, ApiError, Deps, Table};
use std::collections::{BTreeSet, HashMap};

pub const UNKNOWN_FRIDGES: &str = "The following fridges IDs do not exist in the Locations table:";

/// Refuses the call, naming them, when any fridge is not a location.
pub async fn require_known(deps: &Deps, ids: &[String]) -> Result<(), ApiError> {
    let keys = ids.iter().map(|id| HashMap::from([("id".to_string(), store::s(id))])).collect();
    let found: BTreeSet<String> = deps
        .table(Table::Locations)?
        .batch_get(keys, &["id"])
        .await?
        .into_iter()
        .filter_map(|item| item.get("id").and_then(|v| v.as_s().ok()).cloned())
        .collect();
    let unknown: Vec<&str> = ids.iter().filter(|id| !found.contains(*id)).map(String::as_str).collect();
    if unknown.is_empty() {
        Ok(())
    } else {
        Err(ApiError::bad_request(format!("{UNKNOWN_FRIDGES} {}", unknown.join(", "))))
    }
}

/// Per fridge, its versions table item (attributes as text).
pub async fn current_versions(deps: &Deps, ids: &[String]) -> Result<HashMap<String, HashMap<String, String>>, ApiError> {
    let keys = ids.iter().map(|id| HashMap::from([("fridgeId".to_string(), store::s(id))])).collect();
    Ok(deps
        .table(Table::FridgeSoftwareVersions)?
        .batch_get(keys, &[])
        .await?
        .into_iter()
        .filter_map(|item| {
            let id = item.get("fridgeId")?.as_s().ok()?.clone();
            let attrs = item.into_iter().filter_map(|(k, v)| v.as_s().ok().map(|s| (k, s.clone()))).collect();
            Some((id, attrs))
        })
        .collect())
}
