//! Which fridges exist: the check shared by deployments and pilots.
use crate::store::Software;
use fleet_shared::entity::LocationId;
use fleet_shared::ApiError;

pub const UNKNOWN_FRIDGES: &str = "The following fridges IDs do not exist in the Locations table:";

/// Refuses the call, naming them, when any fridge is not a location.
pub async fn require_known<S: Software>(store: &S, ids: &[LocationId]) -> Result<(), ApiError> {
    let found = store.known(ids).await?;
    let unknown: Vec<&str> = ids.iter().filter(|id| !found.contains(*id)).map(LocationId::as_str).collect();
    if unknown.is_empty() {
        Ok(())
    } else {
        Err(ApiError::bad_request(format!("{UNKNOWN_FRIDGES} {}", unknown.join(", "))))
    }
}
