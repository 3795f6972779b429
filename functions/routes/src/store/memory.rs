//! An in-memory store for unit tests of the rules, with DynamoDB's contract:
//! a replacement lands whole or not at all (an item over 400 KB or a
//! transaction over 100 actions is refused whole), on its version condition.
use super::*;
use fleet_shared::entity::route_stop::version_key;
use fleet_shared::error::CHANGED_MEANWHILE;
use fleet_shared::idempotency::MemoryRecords;
use fleet_shared::store;
use std::collections::BTreeMap;
use std::sync::Mutex;

/// DynamoDB's largest item.
const MAX_ITEM_BYTES: usize = 400 * 1024;

#[derive(Default)]
pub struct Memory {
    /// (date, routeStop) -> stop.
    pub stops: Mutex<BTreeMap<(String, String), StoredStop>>,
    pub versions: Mutex<HashMap<(String, String), u64>>,
    pub history: Mutex<Vec<Record>>,
    pub records: MemoryRecords,
    pub orders: Vec<FridgeOrder>,
    pub locations: HashMap<String, Location>,
    /// (id, wholesale, route, stop) of each assignment, in order.
    pub assigned: Mutex<Vec<(String, bool, String, i64)>>,
    /// Routes (date, route) that another upload replaces (with the same
    /// stops) between this one's read and its write.
    pub meanwhile: Mutex<Vec<(String, String)>>,
    /// Stops (date, routeStop, at) a driver stocks between a replacement's
    /// read and its write, as `mark_stocked` does it.
    pub stocked_meanwhile: Mutex<Vec<(String, String, String)>>,
    /// (date, route) -> the last sync applied to it.
    pub synced: Mutex<HashMap<(String, String), String>>,
}

impl Memory {
    /// The stops of a route on a date as (stop, id, type).
    pub fn route(&self, date: &str, route: &str) -> Vec<(i64, String, String)> {
        let stops = self.stops.lock().unwrap();
        stops
            .iter()
            .filter(|((d, k), _)| d == date && k.starts_with(&format!("{route}#")))
            .map(|(_, s)| (s.stop.stop, s.stop.id.clone(), s.stop.stop_type.clone()))
            .collect()
    }

    /// A driver stocks the stop at `route_stop` as `mark_stocked` does: the
    /// earliest time stays, and the route's version moves.
    pub fn stock(&self, date: &str, route_stop: &str, at: &str) {
        let mut stops = self.stops.lock().unwrap();
        let Some(s) = stops.get_mut(&(date.to_string(), route_stop.to_string())) else { return };
        if s.stocked_time_utc.as_deref().is_none_or(|known| known > at) {
            s.stocked_time_utc = Some(at.to_string());
            let key = (date.to_string(), route_stop::route_of(route_stop).to_string());
            *self.versions.lock().unwrap().entry(key).or_default() += 1;
        }
    }

    /// The stocked time of the stop at `route_stop`.
    pub fn stocked(&self, date: &str, route_stop: &str) -> Option<String> {
        self.stops.lock().unwrap().get(&(date.to_string(), route_stop.to_string()))?.stocked_time_utc.clone()
    }
}

fn conflict() -> ApiError {
    ApiError::Conflict(CHANGED_MEANWHILE.into())
}

impl RoutesStore for Memory {
    async fn stops_of_date(&self, date: &str) -> Result<Vec<StoredStop>, ApiError> {
        Ok(self.stops.lock().unwrap().iter().filter(|((d, _), _)| d == date).map(|(_, s)| s.clone()).collect())
    }

    async fn stops_of_route(&self, date: &str, route: &str) -> Result<Vec<StoredStop>, ApiError> {
        let prefix = format!("{route}#");
        let stops = self.stops.lock().unwrap();
        Ok(stops.iter().filter(|((d, k), _)| d == date && k.starts_with(&prefix)).map(|(_, s)| s.clone()).collect())
    }

    async fn route_version(&self, date: &str, route: &str) -> Result<Option<RouteVersion>, ApiError> {
        Ok(self.route_versions(date).await?.remove(route))
    }

    async fn route_versions(&self, date: &str) -> Result<HashMap<String, RouteVersion>, ApiError> {
        let versions = self.versions.lock().unwrap();
        let synced = self.synced.lock().unwrap();
        Ok(versions
            .iter()
            .filter(|((d, _), _)| d == date)
            .map(|((d, route), v)| {
                let version = RouteVersion {
                    date_shard: route_stop::partition(d, route),
                    stocking_date: d.clone(),
                    route_stop: version_key(route),
                    version: *v,
                    last_sync: synced.get(&(d.clone(), route.clone())).cloned(),
                };
                (route.clone(), version)
            })
            .collect())
    }

    async fn write_route(&self, w: &RouteWrite<'_>) -> Result<(), ApiError> {
        let key = (w.date.to_string(), w.route.to_string());
        let stocked: Vec<_> = std::mem::take(&mut *self.stocked_meanwhile.lock().unwrap());
        for (date, route_stop, at) in stocked {
            self.stock(&date, &route_stop, &at);
        }
        let mut versions = self.versions.lock().unwrap();
        let mut meanwhile = self.meanwhile.lock().unwrap();
        if let Some(i) = meanwhile.iter().position(|m| *m == key) {
            // Another upload's replacement: its own upload id on each stop, a new version.
            meanwhile.remove(i);
            *versions.entry(key.clone()).or_default() += 1;
            let prefix = format!("{}#", w.route);
            for ((d, k), s) in self.stops.lock().unwrap().iter_mut() {
                if *d == w.date && k.starts_with(&prefix) {
                    s.upload = Some("meanwhile".into());
                }
            }
        }
        if w.gone.len() + w.stops.len() + w.checks.len() + 2 + w.claims.len() > store::TRANSACT_MAX {
            return Err(ApiError::internal("transaction over 100 actions"));
        }
        if w.stops.iter().any(|s| serde_json::to_vec(s).map_or(true, |b| b.len() > MAX_ITEM_BYTES)) {
            return Err(ApiError::internal("item size has exceeded the maximum allowed size"));
        }
        if versions.get(&key).copied() != w.seen {
            return Err(conflict());
        }
        if w.checks.iter().any(|(route, seen)| versions.get(&(w.date.to_string(), route.clone())).copied() != *seen) {
            return Err(conflict());
        }
        let known = self.records.0.lock().unwrap();
        if w.claims.iter().any(|c| known.contains_key(&(c.pk.clone(), c.sk.clone()))) {
            return Err(conflict());
        }
        drop(known);
        for c in w.claims {
            self.records.insert(c)?;
        }
        let mut stops = self.stops.lock().unwrap();
        for gone in &w.gone {
            stops.remove(&(w.date.to_string(), gone.clone()));
        }
        for s in &w.stops {
            stops.insert((w.date.to_string(), s.route_stop.clone()), s.clone());
        }
        if let Some(job) = w.sync {
            self.synced.lock().unwrap().insert(key.clone(), job.to_string());
        }
        versions.insert(key, w.seen.map_or(1, |v| v + 1));
        self.history.lock().unwrap().push(w.record.clone());
        Ok(())
    }

    async fn orders_of_date(&self, date: &str) -> Result<Vec<FridgeOrder>, ApiError> {
        Ok(self.orders.iter().filter(|o| o.drop_off_date == date).cloned().collect())
    }

    async fn locations(&self, ids: Vec<String>, _projection: &[&str]) -> Result<Vec<Location>, ApiError> {
        Ok(ids.iter().filter_map(|id| self.locations.get(id).cloned()).collect())
    }

    async fn assign_route(&self, a: &RouteAssignment<'_>) -> Result<(), ApiError> {
        if !self.locations.contains_key(a.id) {
            return Err(ApiError::NotFound(format!("Location {} not found", a.id)));
        }
        self.assigned.lock().unwrap().push((a.id.to_string(), a.wholesale, a.route.to_string(), a.stop));
        Ok(())
    }
}
