//! The fleet health snapshot (2-fleet-operations §2.2; decisions: "Portfolio
//! health reads a snapshot"). /portfoliohealth filters and counts every
//! fridge's health in the browser. Scanning FridgeHealth on each page load
//! would cost time and reads in proportion to the fleet (25,000 fridges: 13
//! sequential Scan pages); instead a scheduled function rebuilds the shared
//! snapshot (`fleet_shared::snapshot`) at most once a minute, and a page load
//! costs one HeadObject and one presigned S3 GET, whatever the fleet's size.
use crate::store::snapshots::AllHealth;
use crate::store::Dynamo;
use chrono::{DateTime, Utc};
use fleet_shared::contract::{Ctx, NoArgs};
use fleet_shared::snapshot::{self, Kind, Rebuilt, SnapshotObjects, View, When};
use fleet_shared::{ApiError, Deps};

/// A snapshot younger than this is kept: the schedule runs once a minute on
/// AWS, but any faster caller (the local scheduler) rebuilds no more often.
pub const MIN_AGE_SECONDS: i64 = 55;

/// Rebuilds the snapshot unless the stored one is fresh; answers what it did.
pub async fn rebuild_with(
    objects: &impl SnapshotObjects,
    source: &impl AllHealth,
    now: DateTime<Utc>,
) -> Result<Rebuilt, ApiError> {
    snapshot::rebuild(objects, Kind::FleetHealth, When::OlderThan(MIN_AGE_SECONDS), now, || async {
        let content: Vec<crate::health::SnapshotFridge> = crate::health::snapshot_view(source.all_health().await?);
        let fridges = content.len();
        Ok(View { content, fridges })
    })
    .await
}

/// The scheduled rebuild (at most once a minute).
pub async fn rebuild(deps: &'static Deps, ctx: Ctx, _: NoArgs) -> Result<Rebuilt, ApiError> {
    rebuild_with(deps, &Dynamo(deps), ctx.now).await
}

/// `fleetHealthSnapshot`: where to read the snapshot, and how old it is
/// (`url` null until the first one is built).
pub async fn locate(deps: &'static Deps, _: Ctx, _: NoArgs) -> Result<snapshot::Location, ApiError> {
    snapshot::locate(deps, Kind::FleetHealth).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use fleet_shared::entity::health::FridgeHealth;
    use fleet_shared::snapshot::memory::Objects;
    use serde_json::json;
    use std::sync::Mutex;

    /// The health table in memory, and how often it was scanned.
    #[derive(Default)]
    struct Health {
        records: Vec<FridgeHealth>,
        scans: Mutex<usize>,
    }

    impl AllHealth for Health {
        async fn all_health(&self) -> Result<Vec<FridgeHealth>, ApiError> {
            *self.scans.lock().unwrap() += 1;
            Ok(self.records.clone())
        }
    }

    fn fridge(id: &str) -> FridgeHealth {
        serde_json::from_value(
            json!({ "locationId": id, "timestamp": "2026-11-25T10:00:00.000Z", "temperature": 37.5, "hdmi": true }),
        )
        .unwrap()
    }

    #[tokio::test]
    async fn a_rebuild_scans_once_a_minute_however_often_it_runs() {
        let objects = Objects::default();
        let health = Health { records: vec![fridge("CHI_1"), fridge("CHI_2")], ..Default::default() };
        let at = |s: i64| DateTime::from_timestamp(1_800_000_000 + s, 0).unwrap();
        let first = rebuild_with(&objects, &health, at(0)).await.unwrap();
        assert_eq!((first.rebuilt, first.as_of.as_str(), first.fridges), (true, "2027-01-15T08:00:00.000Z", Some(2)));
        assert!(first.bytes.unwrap() > 20, "{first:?}");
        for s in [2, 30, 54] {
            assert!(!rebuild_with(&objects, &health, at(s)).await.unwrap().rebuilt);
        }
        assert_eq!(*health.scans.lock().unwrap(), 1);
        assert!(rebuild_with(&objects, &health, at(60)).await.unwrap().rebuilt);
        assert_eq!(*health.scans.lock().unwrap(), 2);

        // The object is the fridges' health as the GraphQL FridgeHealth, gzip'd.
        let object = objects.json(Kind::FleetHealth).unwrap();
        assert_eq!(object["asOf"], "2027-01-15T08:01:00.000Z");
        let ids: Vec<&str> =
            object["fridges"].as_array().unwrap().iter().filter_map(|f| f["locationId"].as_str()).collect();
        assert_eq!(ids, ["CHI_1", "CHI_2"]);
        assert_eq!(objects.stored(Kind::FleetHealth).await.unwrap().unwrap().fridges, 2);
    }

    #[tokio::test]
    async fn a_test_locations_record_is_left_out_and_not_counted() {
        let objects = Objects::default();
        let smoke = FridgeHealth { test_location: true, ..fridge("SMOKE_TEST") };
        let health = Health { records: vec![fridge("CHI_1"), smoke], ..Default::default() };
        let rebuilt =
            rebuild_with(&objects, &health, DateTime::from_timestamp(1_800_000_000, 0).unwrap()).await.unwrap();
        assert_eq!(rebuilt.fridges, Some(1));
        let object = objects.json(Kind::FleetHealth).unwrap();
        let ids: Vec<&str> =
            object["fridges"].as_array().unwrap().iter().filter_map(|f| f["locationId"].as_str()).collect();
        assert_eq!(ids, ["CHI_1"]);
    }
}
