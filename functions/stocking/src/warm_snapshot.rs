//! A warm container's parsed copy of a snapshot (`fleet_shared::snapshot`), for a
//! function that reads the fleet-wide view on the server: each use costs one
//! HeadObject, and a GET and a parse only when the stored object changed
//! (once a minute at most: the schedule's rebuild). A snapshot older than
//! `max_age` is not used (a stopped schedule): the caller reads the table.
use fleet_shared::snapshot::{younger_than, Kind, SnapshotObjects};
use fleet_shared::{fridge_time, ApiError};
use serde::de::DeserializeOwned;
use std::sync::{Arc, Mutex};

pub struct WarmSnapshot<T> {
    kind: Kind,
    max_age_seconds: i64,
    /// The held object's ETag and its parsed view.
    held: Mutex<Option<(String, Arc<T>)>>,
}

impl<T: DeserializeOwned> WarmSnapshot<T> {
    pub const fn new(kind: Kind, max_age_seconds: i64) -> Self {
        WarmSnapshot { kind, max_age_seconds, held: Mutex::new(None) }
    }

    /// The stored snapshot, parsed; None when there is none or it is older than `max_age_seconds`.
    pub async fn get(&self, objects: &impl SnapshotObjects) -> Result<Option<Arc<T>>, ApiError> {
        let Some(stored) = objects.stored(self.kind).await? else { return Ok(None) };
        if !younger_than(stored.as_of, fridge_time::now(), self.max_age_seconds) {
            return Ok(None);
        }
        if let Some(view) = self.held_if(&stored.etag) {
            return Ok(Some(view));
        }
        let Some((stored, json)) = objects.read(self.kind).await? else { return Ok(None) };
        let view: Arc<T> = Arc::new(serde_json::from_slice(&json).map_err(ApiError::internal)?);
        *self.held.lock().unwrap_or_else(|p| p.into_inner()) = Some((stored.etag, view.clone()));
        Ok(Some(view))
    }

    fn held_if(&self, etag: &str) -> Option<Arc<T>> {
        let held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        held.as_ref().filter(|(e, _)| e == etag).map(|(_, view)| view.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeDelta;
    use fleet_shared::snapshot::memory::Objects;
    use fleet_shared::snapshot::{rebuild, View, When};
    use serde::Deserialize;

    #[derive(Debug, Deserialize, schemars::JsonSchema)]
    struct Fleet {
        fridges: Vec<u32>,
    }

    async fn build(objects: &Objects, content: Vec<u32>, age_seconds: i64) {
        let at = fridge_time::now() - TimeDelta::seconds(age_seconds);
        let fridges = content.len();
        rebuild(objects, Kind::FleetHealth, When::Now, at, || async { Ok(View { content: content.clone(), fridges }) })
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn the_parsed_copy_is_kept_until_the_stored_object_changes() {
        let objects = Objects::default();
        let warm: WarmSnapshot<Fleet> = WarmSnapshot::new(Kind::FleetHealth, 180);
        assert!(warm.get(&objects).await.unwrap().is_none(), "none stored yet");

        build(&objects, vec![1, 2], 0).await;
        let first = warm.get(&objects).await.unwrap().unwrap();
        assert_eq!(first.fridges, [1, 2]);
        assert!(Arc::ptr_eq(&first, &warm.get(&objects).await.unwrap().unwrap()), "not read again");

        build(&objects, vec![3], 0).await;
        assert_eq!(warm.get(&objects).await.unwrap().unwrap().fridges, [3], "a new version is read");
    }

    #[tokio::test]
    async fn a_snapshot_older_than_the_limit_is_not_used() {
        let objects = Objects::default();
        build(&objects, vec![1], 600).await;
        let warm: WarmSnapshot<Fleet> = WarmSnapshot::new(Kind::FleetHealth, 180);
        assert!(warm.get(&objects).await.unwrap().is_none());
    }
}
