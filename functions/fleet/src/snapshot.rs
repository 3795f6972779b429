//! The fleet health snapshot (2-fleet-operations §2.2; decisions: "Portfolio
//! health reads a snapshot"). /portfoliohealth filters and counts every
//! fridge's health in the browser. Scanning FridgeHealth on each page load
//! would cost time and reads in proportion to the fleet (25,000 fridges: 13
//! sequential Scan pages); instead a scheduled function rebuilds one gzip'd
//! JSON object at most once a minute, and a page load costs one HeadObject
//! and one presigned S3 GET, whatever the fleet's size.
use crate::store::snapshots::SnapshotStore;
use crate::store::Dynamo;
use chrono::{DateTime, Utc};
use fleet_shared::entity::telemetry::Heartbeat;
use fleet_shared::{fridge_time, ApiError, Deps, Input};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::io::Write;

/// A snapshot younger than this is kept: the schedule runs once a minute on
/// AWS, but any faster caller (the local scheduler) rebuilds no more often.
pub const MIN_AGE_SECONDS: i64 = 55;
/// How long the presigned GET works: one page load.
const URL_SECONDS: u64 = 300;

/// The object's JSON, inflated.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub as_of: String,
    pub fridges: Vec<Heartbeat>,
}

/// gzip, the object's `Content-Encoding`: the browser inflates it itself.
pub fn gzip(json: &[u8]) -> Result<Vec<u8>, ApiError> {
    let mut out = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    out.write_all(json).map_err(ApiError::internal)?;
    out.finish().map_err(ApiError::internal)
}

/// Whether a snapshot built at `as_of` is still fresh at `now`.
pub fn fresh(as_of: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    as_of <= now && now.signed_duration_since(as_of).num_seconds() < MIN_AGE_SECONDS
}

/// Rebuilds the snapshot unless the stored one is fresh; answers what it did.
pub async fn rebuild_with(store: &impl SnapshotStore, now: DateTime<Utc>) -> Result<Value, ApiError> {
    if let Some(stored) = store.stored().await? {
        if fresh(stored.as_of, now) {
            return Ok(json!({ "rebuilt": false, "asOf": fridge_time::stamp(stored.as_of) }));
        }
    }
    let records = store.all_health().await?;
    let as_of = fridge_time::stamp(now);
    let count = records.len();
    let snapshot = Snapshot { as_of: as_of.clone(), fridges: records.into_iter().map(|r| r.report).collect() };
    let body = gzip(&serde_json::to_vec(&snapshot).map_err(ApiError::internal)?)?;
    let bytes = body.len();
    store.put(body, &as_of, count).await?;
    Ok(json!({ "rebuilt": true, "asOf": as_of, "fridges": count, "bytes": bytes }))
}

/// The scheduled rebuild (at most once a minute).
pub async fn rebuild(deps: &'static Deps, _: Input) -> Result<Value, ApiError> {
    rebuild_with(&Dynamo(deps), fridge_time::now()).await
}

/// `fleetHealthSnapshot`: where to read the snapshot, and how old it is
/// (`url` null until the first one is built).
pub async fn locate(deps: &'static Deps, _: Input) -> Result<Value, ApiError> {
    let store = Dynamo(deps);
    let Some(stored) = store.stored().await? else {
        return Ok(json!({ "url": null, "asOf": null, "fridges": 0 }));
    };
    let url = store.url(URL_SECONDS).await?;
    Ok(json!({ "url": url, "asOf": fridge_time::stamp(stored.as_of), "fridges": stored.fridges }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::snapshots::Stored;
    use fleet_shared::entity::health::FridgeHealth;
    use std::io::Read;
    use std::sync::Mutex;

    /// The bucket and table in memory: the stored object and how often each was read.
    #[derive(Default)]
    struct Memory {
        health: Vec<FridgeHealth>,
        object: Mutex<Option<(Vec<u8>, Stored)>>,
        scans: Mutex<usize>,
    }

    impl SnapshotStore for Memory {
        async fn stored(&self) -> Result<Option<Stored>, ApiError> {
            Ok(self.object.lock().unwrap().as_ref().map(|(_, s)| s.clone()))
        }
        async fn all_health(&self) -> Result<Vec<FridgeHealth>, ApiError> {
            *self.scans.lock().unwrap() += 1;
            Ok(self.health.clone())
        }
        async fn put(&self, gzipped: Vec<u8>, as_of: &str, fridges: usize) -> Result<(), ApiError> {
            let as_of = DateTime::parse_from_rfc3339(as_of).unwrap().with_timezone(&Utc);
            *self.object.lock().unwrap() = Some((gzipped, Stored { as_of, fridges: fridges as i64 }));
            Ok(())
        }
        async fn url(&self, _: u64) -> Result<String, ApiError> {
            Ok("https://bucket/fleet-health.json".into())
        }
    }

    fn inflate(bytes: &[u8]) -> Vec<u8> {
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(bytes).read_to_end(&mut back).unwrap();
        back
    }

    fn fridge(id: &str) -> FridgeHealth {
        serde_json::from_value(
            json!({ "locationId": id, "timestamp": "2026-11-25T10:00:00.000Z", "temperature": 37.5, "hdmi": true }),
        )
        .unwrap()
    }

    #[test]
    fn gzip_inflates_to_the_same_json() {
        let json = br#"{"asOf":"2026-11-25T00:00:00.000Z","fridges":[]}"#.repeat(50);
        let packed = gzip(&json).unwrap();
        assert!(packed.len() < json.len() / 5, "{} bytes of {}", packed.len(), json.len());
        assert_eq!(inflate(&packed), json);
    }

    #[test]
    fn a_snapshot_is_fresh_for_55_seconds() {
        let at = |s: i64| DateTime::from_timestamp(1_800_000_000 + s, 0).unwrap();
        assert!(fresh(at(0), at(0)));
        assert!(fresh(at(0), at(54)));
        assert!(!fresh(at(0), at(55)));
        // A snapshot stamped in the future (a skewed clock) is rebuilt, not kept forever.
        assert!(!fresh(at(10), at(0)));
    }

    #[tokio::test]
    async fn a_rebuild_scans_once_a_minute_however_often_it_runs() {
        let store = Memory { health: vec![fridge("CHI_1"), fridge("CHI_2")], ..Default::default() };
        let at = |s: i64| DateTime::from_timestamp(1_800_000_000 + s, 0).unwrap();
        let first = rebuild_with(&store, at(0)).await.unwrap();
        assert_eq!(
            (&first["rebuilt"], &first["asOf"], &first["fridges"]),
            (&json!(true), &json!("2027-01-15T08:00:00.000Z"), &json!(2))
        );
        assert!(first["bytes"].as_u64().unwrap() > 20, "{first}");
        for s in [2, 30, 54] {
            assert_eq!(rebuild_with(&store, at(s)).await.unwrap()["rebuilt"], false);
        }
        assert_eq!(*store.scans.lock().unwrap(), 1);
        assert_eq!(rebuild_with(&store, at(60)).await.unwrap()["rebuilt"], true);
        assert_eq!(*store.scans.lock().unwrap(), 2);

        // The object is the fridges' health as the GraphQL FridgeHealth, gzip'd.
        let (bytes, stored) = store.object.lock().unwrap().clone().unwrap();
        let snapshot: Snapshot = serde_json::from_slice(&inflate(&bytes)).unwrap();
        assert_eq!(snapshot.as_of, "2027-01-15T08:01:00.000Z");
        assert_eq!(snapshot.fridges.iter().map(|f| f.location_id.as_str()).collect::<Vec<_>>(), ["CHI_1", "CHI_2"]);
        assert_eq!(stored.fridges, 2);
    }
}
