//! Which fridges exist: the check shared by deployments and pilots.
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
