//! The ops locations snapshot (decisions/pars.md, "The ops locations come from a snapshot"). The pars screens
//! list every location's id and type; paging `opsLocations` reads the whole Locations table on each fresh
//! browser (25,000 locations: ~31 MB of items, ~31 sequential 1 MB Scan pages on AWS). The list is kept as one
//! gzip'd object in the Snapshots bucket (the shared `fleet_shared::snapshot`, as the fleet health and software
//! snapshots are), so a page load costs one call and one presigned GET. A location's id and type never change
//! and locations are never deleted, so only a new location changes the list: every path that creates one
//! amends the snapshot at once (`note_new`), and an hourly rebuild reads the table again to mend an amend that
//! failed and what was written around the API (the demo seed).
use crate::attributes::LocationView;
use crate::store::Dynamo;
use chrono::{DateTime, Utc};
use fleet_shared::contract::{Ctx, NoArgs};
use fleet_shared::entity::{Location, LocationId};
use fleet_shared::snapshot::{self, Kind, Rebuilt, SnapshotObjects, View, When};
use fleet_shared::{ApiError, Deps, Table};
use serde::{Deserialize, Serialize};
use std::future::Future;

/// A location's id and type: what the pars screens read of an `OpsLocation`, and what the ops locations
/// snapshot (`ops_snapshot`) lists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct OpsLocationId {
    pub id: LocationId,
    #[serde(rename = "type")]
    pub kind: String,
}

impl OpsLocationId {
    pub fn of(l: &Location) -> Self {
        OpsLocationId { id: l.id.clone(), kind: l.kind().to_string() }
    }

    pub fn of_view(l: &LocationView) -> Self {
        OpsLocationId { id: LocationId::stored(l.id.clone()), kind: l.kind.clone() }
    }
}

/// A snapshot younger than this is kept: the schedule runs once an hour, and a run asked for sooner (the local
/// API's) reads the table no more often.
pub const MIN_AGE_SECONDS: i64 = 55 * 60;

/// Every location, as the snapshot lists it.
pub trait AllOpsLocations: Sync {
    /// Every location's id and type: one projected Scan of Locations.
    fn all_ops_locations(&self) -> impl Future<Output = Result<Vec<OpsLocationId>, ApiError>> + Send;
}

impl AllOpsLocations for Dynamo {
    async fn all_ops_locations(&self) -> Result<Vec<OpsLocationId>, ApiError> {
        let items: Vec<serde_json::Value> = self.0.table(Table::Locations)?.scan_projected(&["id", "type"]).await?;
        // One unreadable item must not empty the pars screens' list: it is left out, and logged.
        Ok(items
            .into_iter()
            .filter_map(|item| match serde_json::from_value::<Location>(item) {
                Ok(location) => Some(OpsLocationId::of(&location)),
                Err(e) => {
                    tracing::warn!(error = %e, "a location the ops snapshot cannot read was left out");
                    None
                }
            })
            .collect())
    }
}

/// Rebuilds the snapshot unless the stored one is fresh; answers what it did. The list is sorted by id, so
/// two rebuilds of the same table write the same object.
pub async fn rebuild_with(
    objects: &impl SnapshotObjects,
    source: &impl AllOpsLocations,
    now: DateTime<Utc>,
) -> Result<Rebuilt, ApiError> {
    snapshot::rebuild(objects, Kind::OpsLocations, When::OlderThan(MIN_AGE_SECONDS), now, || async {
        let mut content = source.all_ops_locations().await?;
        content.sort_by(|a, b| a.id.cmp(&b.id));
        let fridges = content.len();
        Ok(View { content, fridges })
    })
    .await
}

/// New locations show in the snapshot at once: it is amended, not left to the next rebuild, so the pars view
/// of any browser lists a fridge as soon as it was added. A failure is only logged (the write landed); the
/// next rebuild reads the new locations from the table.
pub async fn note_new(objects: &impl SnapshotObjects, added: Vec<OpsLocationId>) {
    if added.is_empty() {
        return;
    }
    let merge = |listed: &mut Vec<OpsLocationId>| {
        for location in &added {
            if let Err(at) = listed.binary_search_by(|l| l.id.cmp(&location.id)) {
                listed.insert(at, location.clone());
            }
        }
        listed.len()
    };
    if let Err(e) = snapshot::amend(objects, Kind::OpsLocations, merge).await {
        tracing::warn!(error = %e, added = added.len(), "the ops locations snapshot was not amended with new locations");
    }
}

/// The scheduled rebuild (once an hour).
pub async fn rebuild(deps: &'static Deps, ctx: Ctx, _: NoArgs) -> Result<Rebuilt, ApiError> {
    rebuild_with(deps, &Dynamo(deps), ctx.now).await
}

/// `opsLocationsSnapshot`: where to read the snapshot and how old it is (`url` null until the first one is built).
pub async fn locate(deps: &'static Deps, _: Ctx, _: NoArgs) -> Result<snapshot::Location, ApiError> {
    snapshot::locate(deps, Kind::OpsLocations).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use fleet_shared::snapshot::memory::Objects;
    use std::sync::Mutex;

    #[derive(Default)]
    struct Locations {
        listed: Vec<OpsLocationId>,
        scans: Mutex<usize>,
    }

    impl AllOpsLocations for Locations {
        async fn all_ops_locations(&self) -> Result<Vec<OpsLocationId>, ApiError> {
            *self.scans.lock().unwrap() += 1;
            Ok(self.listed.clone())
        }
    }

    fn location(id: &str, kind: &str) -> OpsLocationId {
        OpsLocationId { id: LocationId::stored(id), kind: kind.into() }
    }

    #[tokio::test]
    async fn the_snapshot_lists_every_location_by_id_and_is_rebuilt_at_most_once_an_hour() {
        let objects = Objects::default();
        let source = Locations {
            listed: vec![location("NYC_2", "FRIDGE"), location("CHI_1", "TEST"), location("AUS_9", "MARKET")],
            ..Default::default()
        };
        let at = |s: i64| DateTime::from_timestamp(1_800_000_000 + s, 0).unwrap();
        let first = rebuild_with(&objects, &source, at(0)).await.unwrap();
        assert_eq!((first.rebuilt, first.fridges), (true, Some(3)));
        for s in [1, 60, 3299] {
            assert!(!rebuild_with(&objects, &source, at(s)).await.unwrap().rebuilt);
        }
        assert_eq!(*source.scans.lock().unwrap(), 1);
        assert!(rebuild_with(&objects, &source, at(3300)).await.unwrap().rebuilt);

        // The object holds what opsLocations answers for id and type, sorted by id; test locations too, as
        // opsLocations lists them.
        let object = objects.json(Kind::OpsLocations).unwrap();
        assert_eq!(object["asOf"], "2027-01-15T08:55:00.000Z");
        assert_eq!(
            object["locations"],
            serde_json::json!([
                { "id": "AUS_9", "type": "MARKET" },
                { "id": "CHI_1", "type": "TEST" },
                { "id": "NYC_2", "type": "FRIDGE" },
            ])
        );
    }

    #[tokio::test]
    async fn a_new_location_is_listed_at_once_in_its_place_and_once() {
        let objects = Objects::default();
        let at = |s: i64| DateTime::from_timestamp(1_800_000_000 + s, 0).unwrap();
        note_new(&objects, vec![location("CHI_2", "FRIDGE")]).await;
        assert!(objects.json(Kind::OpsLocations).is_none(), "no snapshot yet: the first rebuild reads the table");

        let source =
            Locations { listed: vec![location("CHI_3", "FRIDGE"), location("CHI_1", "FRIDGE")], ..Default::default() };
        rebuild_with(&objects, &source, at(0)).await.unwrap();
        let added = vec![location("CHI_2", "WHOLESALE"), location("CHI_1", "FRIDGE"), location("CHI_9", "TEST")];
        note_new(&objects, added).await;
        let object = objects.json(Kind::OpsLocations).unwrap();
        let ids: Vec<&str> =
            object["locations"].as_array().unwrap().iter().map(|l| l["id"].as_str().unwrap()).collect();
        assert_eq!(ids, ["CHI_1", "CHI_2", "CHI_3", "CHI_9"]);
        assert_eq!(object["locations"][1]["type"], "WHOLESALE");
        assert_eq!(objects.stored(Kind::OpsLocations).await.unwrap().unwrap().fridges, 4);
        // The amend keeps the time of the last read of the table: the schedule reads it again an hour after that.
        assert_eq!(object["asOf"], "2027-01-15T08:00:00.000Z");
        assert!(!rebuild_with(&objects, &source, at(3299)).await.unwrap().rebuilt);
        assert!(rebuild_with(&objects, &source, at(3300)).await.unwrap().rebuilt);
    }

    #[test]
    fn a_location_without_a_stored_type_is_a_fridge_as_everywhere_else() {
        let stored: Location = serde_json::from_value(serde_json::json!({ "id": "CHI_1" })).unwrap();
        assert_eq!(OpsLocationId::of(&stored), location("CHI_1", "FRIDGE"));
    }
}
