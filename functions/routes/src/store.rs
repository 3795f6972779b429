//! The narrow store the route rules run over: the stops of a date or of a
//! route, a route's replacement (one transaction), the orders of a date, and
//! the locations a route upload names. `Dynamo` is its DynamoDB
//! implementation; `fake` an in-memory one for unit tests of the rules.
use aws_sdk_dynamodb::types::{AttributeValue, ConditionCheck, Delete, Put, TransactWriteItem, Update};
use fleet_shared::entity::fridge_order::{self, FridgeOrder};
use fleet_shared::entity::route_stop::{self, version_key, StoredStop};
use fleet_shared::entity::Location;
use fleet_shared::history::Record;
use fleet_shared::idempotency::Claim;
use fleet_shared::location_store;
use fleet_shared::store;
use fleet_shared::{ApiError, Deps, Table};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map};
use std::collections::HashMap;
use std::future::Future;

/// One route's replacement on one date, as the rules decided it.
pub struct RouteWrite<'a> {
    pub date: &'a str,
    pub route: &'a str,
    /// Sort keys of the stored stops the new route lacks (deleted).
    pub gone: Vec<String>,
    /// Every stop of the new route (put).
    pub stops: Vec<StoredStop>,
    /// The route's version read before its stops (`None`: never replaced);
    /// the write lands only if it still is, and stores the next one.
    pub seen: Option<u64>,
    /// Other routes whose version must still be the one read (`None`: none):
    /// the routes a sync moves stops from, so a stop stocked there meanwhile
    /// (which moves its route's version) is not moved (issue 38).
    pub checks: Vec<(String, Option<u64>)>,
    /// The sync job (`createdAt#id`) this write applies, kept on the route's
    /// version as its last applied sync; an upload leaves that as it is.
    pub sync: Option<&'a str>,
    pub record: &'a Record,
    /// Idempotency records that land with the route (the upload's).
    pub claims: &'a [Claim],
}

/// A location's route and stop, as a driver/route upload sets them.
pub struct RouteAssignment<'a> {
    pub id: &'a str,
    /// A WHOLESALE location goes through the wholesale update.
    pub wholesale: bool,
    pub route: &'a str,
    pub stop: i64,
    pub user: &'a str,
    pub source: String,
    pub now: &'a str,
}

pub trait RoutesStore: Sync {
    /// Every stop of a date, read strongly consistent.
    fn stops_of_date(&self, date: &str) -> impl Future<Output = Result<Vec<StoredStop>, ApiError>> + Send;
    /// The stops of one route on a date, read strongly consistent.
    fn stops_of_route(&self, date: &str, route: &str)
        -> impl Future<Output = Result<Vec<StoredStop>, ApiError>> + Send;
    /// The route's version on the date; `None` when it was never replaced.
    fn route_version(
        &self,
        date: &str,
        route: &str,
    ) -> impl Future<Output = Result<Option<RouteVersion>, ApiError>> + Send;
    /// Every route's version on the date by route, read strongly consistent.
    fn route_versions(
        &self,
        date: &str,
    ) -> impl Future<Output = Result<HashMap<String, RouteVersion>, ApiError>> + Send;
    /// Applies a replacement all or nothing: a generic Conflict when the
    /// version moved since `seen` or a claim is already recorded.
    fn write_route(&self, change: &RouteWrite<'_>) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// The fridge orders dropping off on a date.
    fn orders_of_date(&self, date: &str) -> impl Future<Output = Result<Vec<FridgeOrder>, ApiError>> + Send;
    /// The locations of these ids that exist, with only the `projection`
    /// attributes (all when empty).
    fn locations(
        &self,
        ids: Vec<String>,
        projection: &[&str],
    ) -> impl Future<Output = Result<Vec<Location>, ApiError>> + Send;
    /// Sets a location's route and stop through the locations area's rules.
    fn assign_route(&self, assignment: &RouteAssignment<'_>) -> impl Future<Output = Result<(), ApiError>> + Send;
}

/// A route's version on a date: each replacement adds one, on the condition
/// that it is still the one read, so two replacements racing cannot merge;
/// each stocked time set on its stops adds one too (`route_store::stocked_write`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteVersion {
    /// The route's partition (`route_stop::PK`).
    pub date_shard: String,
    pub stocking_date: String,
    pub route_stop: String,
    pub version: u64,
    /// The newest sync job (`createdAt#id`) applied to the route: an older
    /// job's plan never overwrites it (issue 38).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_sync: Option<String>,
}

impl RouteVersion {
    pub fn route(&self) -> &str {
        route_stop::route_of(&self.route_stop)
    }
}

/// The condition that a route's version item is still `seen` (`None`: absent).
fn version_is(seen: Option<u64>) -> (&'static str, Option<(&'static str, AttributeValue)>) {
    match seen {
        None => ("attribute_not_exists(routeStop)", None),
        Some(v) => ("version = :seen", Some((":seen", AttributeValue::N(v.to_string())))),
    }
}

/// Routes in DynamoDB, for a function that granted the tables it uses.
pub struct Dynamo(pub &'static Deps);

impl RoutesStore for Dynamo {
    async fn stops_of_date(&self, date: &str) -> Result<Vec<StoredStop>, ApiError> {
        let t = self.0.table(Table::LocationRoutes)?;
        route_stop::stops_of_date(&t, date).consistent().all().await
    }

    async fn stops_of_route(&self, date: &str, route: &str) -> Result<Vec<StoredStop>, ApiError> {
        route_stop::stops_of_route(&self.0.table(Table::LocationRoutes)?, date, route).consistent().all().await
    }

    async fn route_version(&self, date: &str, route: &str) -> Result<Option<RouteVersion>, ApiError> {
        let key = route_stop::key(date, &version_key(route));
        self.0.table(Table::LocationRoutes)?.get(key).await
    }

    async fn route_versions(&self, date: &str) -> Result<HashMap<String, RouteVersion>, ApiError> {
        let t = self.0.table(Table::LocationRoutes)?;
        let read: Vec<RouteVersion> = route_stop::versions_of_date(&t, date).consistent().all().await?;
        Ok(read.into_iter().map(|v| (v.route().to_string(), v)).collect())
    }

    async fn write_route(&self, w: &RouteWrite<'_>) -> Result<(), ApiError> {
        let t = self.0.table(Table::LocationRoutes)?;
        let mut items = Vec::with_capacity(w.gone.len() + w.stops.len() + w.checks.len() + 2 + w.claims.len());
        for gone in &w.gone {
            let del = Delete::builder()
                .table_name(t.name)
                .set_key(Some(route_stop::key(w.date, gone)))
                .build()
                .map_err(ApiError::internal)?;
            items.push(TransactWriteItem::builder().delete(del).build());
        }
        for s in &w.stops {
            let put = Put::builder()
                .table_name(t.name)
                .set_item(Some(store::to_item(s)?))
                .build()
                .map_err(ApiError::internal)?;
            items.push(TransactWriteItem::builder().put(put).build());
        }
        for (route, seen) in &w.checks {
            let (condition, value) = version_is(*seen);
            let check = ConditionCheck::builder()
                .table_name(t.name)
                .set_key(Some(route_stop::key(w.date, &version_key(route))))
                .condition_expression(condition)
                .set_expression_attribute_values(value.map(|(k, v)| HashMap::from([(k.to_string(), v)])));
            items
                .push(TransactWriteItem::builder().condition_check(check.build().map_err(ApiError::internal)?).build());
        }
        // An update, not a put: what else the version item holds (its last sync) stays.
        let (condition, value) = version_is(w.seen);
        let mut set = "SET version = :next, stockingDate = :date".to_string();
        let mut values = HashMap::from([
            (":next".to_string(), AttributeValue::N(w.seen.map_or(1, |v| v + 1).to_string())),
            (":date".to_string(), store::s(w.date)),
        ]);
        if let Some(job) = w.sync {
            set.push_str(", lastSync = :sync");
            values.insert(":sync".into(), store::s(job));
        }
        values.extend(value.map(|(k, v)| (k.to_string(), v)));
        let version = Update::builder()
            .table_name(t.name)
            .set_key(Some(route_stop::key(w.date, &version_key(w.route))))
            .update_expression(set)
            .condition_expression(condition)
            .set_expression_attribute_values(Some(values))
            .build()
            .map_err(ApiError::internal)?;
        items.push(TransactWriteItem::builder().update(version).build());
        items.push(w.record.put(self.0.table(Table::History)?.name)?);
        if !w.claims.is_empty() {
            let records = self.0.table(Table::Idempotency)?.name;
            for c in w.claims {
                items.push(c.put(records)?);
            }
        }
        store::transact(t.client, items).await
    }

    async fn orders_of_date(&self, date: &str) -> Result<Vec<FridgeOrder>, ApiError> {
        // Eventually consistent, as before: tote counts follow the orders within a second.
        fridge_order::of_date(&self.0.table(Table::FridgeOrders)?, date).all().await
    }

    async fn locations(&self, ids: Vec<String>, projection: &[&str]) -> Result<Vec<Location>, ApiError> {
        location_store::many(self.0, ids, projection).await
    }

    /// The update goes through the locations area's own rules (its checks,
    /// version condition and history record), not a write of routes' own:
    /// this is the one place routes call into `fn_locations`. A WHOLESALE
    /// location has its own update there (route spelling kept, no plan).
    async fn assign_route(&self, a: &RouteAssignment<'_>) -> Result<(), ApiError> {
        use fn_locations::service::{update, update_wholesale, Author};
        let locations = fn_locations::store::Dynamo(self.0);
        let author = Author { user: a.user.to_string(), source: a.source.clone() };
        if a.wholesale {
            update_wholesale(&locations, a.id, a.route, a.stop, &author, a.now).await?;
        } else {
            let body = Map::from_iter([
                ("id".to_string(), json!(a.id)),
                ("route".to_string(), json!(a.route)),
                ("stop".to_string(), json!(a.stop)),
            ]);
            update(&locations, body, &author, a.now).await?;
        }
        Ok(())
    }
}

/// An in-memory store for unit tests of the rules, with DynamoDB's contract:
/// a replacement lands whole or not at all (an item over 400 KB or a
/// transaction over 100 actions is refused whole), on its version condition.
#[cfg(test)]
pub mod fake {
    use super::*;
    use fleet_shared::error::CHANGED_MEANWHILE;
    use fleet_shared::idempotency::MemoryRecords;
    use std::collections::BTreeMap;
    use std::sync::Mutex;

    /// DynamoDB's largest item.
    const MAX_ITEM_BYTES: usize = 400 * 1024;

    #[derive(Default)]
    pub struct Fake {
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

    impl Fake {
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

    impl RoutesStore for Fake {
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
            if w.checks.iter().any(|(route, seen)| versions.get(&(w.date.to_string(), route.clone())).copied() != *seen)
            {
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
}
