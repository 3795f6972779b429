//! The one read of locations by id, for every area: one location, or many
//! in BatchGetItem calls. The caller names the attributes it needs (all when
//! empty) and the type it reads them into (`Location`, or an area's own
//! narrower view of the document).
use crate::entity::LocationId;
use crate::item::{s, Key};
use crate::{ApiError, Deps, Table};
use serde::de::DeserializeOwned;
use std::collections::{BTreeSet, HashMap};

fn key(id: &str) -> Key {
    HashMap::from([("id".to_string(), s(id))])
}

/// One location, read strongly consistent; none when no location has this id.
pub async fn one<T: DeserializeOwned>(deps: &Deps, id: &str, projection: &[&str]) -> Result<Option<T>, ApiError> {
    deps.table(Table::Locations)?.get_projected(key(id), projection).await
}

/// The locations among `ids` that exist, in no particular order. Each id is
/// asked once (BatchGetItem refuses a key given twice); none asked when empty.
pub async fn many<T: DeserializeOwned>(
    deps: &Deps,
    ids: impl IntoIterator<Item = impl AsRef<str>>,
    projection: &[&str],
) -> Result<Vec<T>, ApiError> {
    let ids: BTreeSet<String> = ids.into_iter().map(|id| id.as_ref().to_string()).collect();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let items = deps.table(Table::Locations)?.batch_get(ids.iter().map(|id| key(id)).collect(), projection).await?;
    items.into_iter().map(crate::item::from_item).collect()
}

/// Which of `ids` are locations (reading the id only).
pub async fn known(
    deps: &Deps,
    ids: impl IntoIterator<Item = impl AsRef<str>>,
) -> Result<BTreeSet<LocationId>, ApiError> {
    let found: Vec<crate::entity::Location> = many(deps, ids, &["id"]).await?;
    Ok(found.into_iter().map(|l| l.id).collect())
}

/// Reads one location id: the table answers (a readiness probe).
pub async fn probe(deps: &Deps) -> Result<(), ApiError> {
    deps.table(Table::Locations)?.scan_page(None, Some(1), &["id"]).await.map(drop)
}
