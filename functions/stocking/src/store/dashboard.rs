//! What the dashboard reads, part by part: the date's route stops (one paged
//! Query of LocationRoutes per shard), the stocking day's driver actions (one
//! paged Query of the `byStockingDay` index per shard), and, for the stops'
//! locations, their latest health and their dashboard fields (BatchGetItem, at
//! most 100 keys a call: the service hands each call one chunk; health comes
//! from the fleet health snapshot while a fresh one is stored). A refresh
//! over a warm copy of the day (`board_day`) reads what changed instead: the
//! routes' version items, the stops of a route whose version moved, and the
//! actions recorded since (index `byDayCreated`). Never a Scan, never a call per stop.
use super::{Dynamo, StoredAction};
use crate::drop::SlipLock;
use crate::warm_snapshot::WarmSnapshot;
use fleet_shared::entity::assignment::DriverAssignment;
use fleet_shared::entity::route_stop::{RouteStop, StoredVersion};
use fleet_shared::location_store;
use fleet_shared::snapshot::Kind;
use fleet_shared::warm_cache::WarmCache;
use fleet_shared::{store, ApiError, Table};
use serde::Deserialize;
use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// How long a warm container trusts a location's dashboard fields (tier, first stocking date, name):
/// staff edits show on the dashboard within this.
const LOCATIONS_TTL: Duration = Duration::from_secs(600);
static BOARD_LOCATIONS: WarmCache<BoardLocation> = WarmCache::new(LOCATIONS_TTL);

/// The fleet health snapshot is used while younger than this (it is rebuilt every minute); an older one
/// means a stopped schedule, and each stop's own health record is read instead.
const FLEET_HEALTH_MAX_AGE_SECONDS: i64 = 180;
static FLEET_HEALTH: WarmSnapshot<FleetHealth> = WarmSnapshot::new(Kind::FleetHealth, FLEET_HEALTH_MAX_AGE_SECONDS);

/// A fridge's health as the board shows it: the projected part of its health record, or of its entry
/// in the fleet health snapshot (the same heartbeat fields).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardHealth {
    pub location_id: String,
    #[serde(default)]
    pub safety_hold: Option<bool>,
    #[serde(default)]
    pub jofemar_state: Option<String>,
}

/// Every fridge's health by location, from the fleet health snapshot (`{asOf, fridges: [...]}`).
#[derive(Debug, Default, Deserialize)]
#[serde(from = "SnapshotObject")]
pub struct FleetHealth(pub HashMap<String, BoardHealth>);

#[derive(Deserialize)]
struct SnapshotObject {
    fridges: Vec<BoardHealth>,
}

impl From<SnapshotObject> for FleetHealth {
    fn from(object: SnapshotObject) -> Self {
        FleetHealth(object.fridges.into_iter().map(|h| (h.location_id.clone(), h)).collect())
    }
}

/// Keys one BatchGetItem call takes at most (DynamoDB's limit).
pub const BATCH_KEYS: usize = store::BATCH_GET_MAX;

/// A location's dashboard fields (the projected part of its document).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardLocation {
    pub id: String,
    #[serde(rename = "type", default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub operation_configs: Option<OperationFields>,
    #[serde(default)]
    pub location_configs: Option<LocationFields>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OperationFields {
    #[serde(default)]
    pub account_tier: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocationFields {
    #[serde(default)]
    pub pretty_name: Option<String>,
    #[serde(default)]
    pub activation: Option<Activation>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct Activation {
    /// The first stocking date (YYYY-MM-DD).
    #[serde(default)]
    pub online: Option<String>,
}

impl BoardLocation {
    pub fn account_tier(&self) -> Option<&str> {
        self.operation_configs.as_ref()?.account_tier.as_deref()
    }
    pub fn online_date(&self) -> Option<&str> {
        self.location_configs.as_ref()?.activation.as_ref()?.online.as_deref()
    }
    pub fn name(&self) -> Option<&str> {
        self.location_configs.as_ref()?.pretty_name.as_deref()
    }
}

pub trait BoardStore: Sync {
    /// The route stops of a stocking date, strongly consistent: read after the routes' versions,
    /// they are at least as new as those.
    fn stops(&self, date: &str) -> impl Future<Output = Result<Vec<RouteStop>, ApiError>> + Send;
    /// The version item of each route of a stocking date (a route without one has none here).
    fn versions(&self, date: &str) -> impl Future<Output = Result<Vec<StoredVersion>, ApiError>> + Send;
    /// One route's stops on a stocking date, strongly consistent.
    fn route_stops(&self, date: &str, route: &str) -> impl Future<Output = Result<Vec<RouteStop>, ApiError>> + Send;
    /// The actions of one stocking day, oldest `occurredAt` first.
    fn actions(&self, day: &str) -> impl Future<Output = Result<Vec<StoredAction>, ApiError>> + Send;
    /// The actions of one stocking day recorded (`createdAt`) at or after `from`, in any order.
    fn actions_since(&self, day: &str, from: &str) -> impl Future<Output = Result<Vec<StoredAction>, ApiError>> + Send;
    /// The recorded drop statuses of a date's slips (their live locks), read consistently.
    fn locks(&self, date: &str) -> impl Future<Output = Result<Vec<SlipLock>, ApiError>> + Send;
    /// Who drives each route of a stocking date (issue 38).
    fn drivers(&self, date: &str) -> impl Future<Output = Result<Vec<DriverAssignment>, ApiError>> + Send;
    /// The health records of at most `BATCH_KEYS` locations (one call).
    fn health(&self, ids: &[String]) -> impl Future<Output = Result<Vec<BoardHealth>, ApiError>> + Send;
    /// Every fridge's health from the fleet health snapshot; None when there is no fresh one.
    fn fleet_health(&self) -> impl Future<Output = Result<Option<Arc<FleetHealth>>, ApiError>> + Send;
    /// The dashboard fields of at most `BATCH_KEYS` locations (one call).
    fn locations(&self, ids: &[String]) -> impl Future<Output = Result<Vec<BoardLocation>, ApiError>> + Send;
}

fn keys(name: &str, ids: &[String]) -> Vec<store::Key> {
    ids.iter().map(|id| HashMap::from([(name.to_string(), store::s(id.as_str()))])).collect()
}

impl BoardStore for Dynamo {
    async fn stops(&self, date: &str) -> Result<Vec<RouteStop>, ApiError> {
        fleet_shared::route_store::stops_of_date(&self.0.table(Table::LocationRoutes)?, date).consistent().all().await
    }

    async fn versions(&self, date: &str) -> Result<Vec<StoredVersion>, ApiError> {
        fleet_shared::route_store::versions_of_date(&self.0.table(Table::LocationRoutes)?, date).all().await
    }

    async fn route_stops(&self, date: &str, route: &str) -> Result<Vec<RouteStop>, ApiError> {
        fleet_shared::route_store::stops_of_route(&self.0.table(Table::LocationRoutes)?, date, route)
            .consistent()
            .all()
            .await
    }

    async fn actions(&self, day: &str) -> Result<Vec<StoredAction>, ApiError> {
        self.of_stocking_day(day).await
    }

    async fn actions_since(&self, day: &str, from: &str) -> Result<Vec<StoredAction>, ApiError> {
        self.of_stocking_day_since(day, from).await
    }

    async fn locks(&self, date: &str) -> Result<Vec<SlipLock>, ApiError> {
        self.slip_locks_of(date).await
    }

    async fn drivers(&self, date: &str) -> Result<Vec<DriverAssignment>, ApiError> {
        fleet_shared::route_store::drivers_of_date(&self.0.table(Table::LocationRoutes)?, date).all().await
    }

    async fn health(&self, ids: &[String]) -> Result<Vec<BoardHealth>, ApiError> {
        // What the board shows of it: safety hold, vending state.
        let projection = ["locationId", "safetyHold", "jofemarState"];
        let items = self.0.table(Table::FridgeHealth)?.batch_get(keys("locationId", ids), &projection).await?;
        items.into_iter().map(store::from_item).collect()
    }

    async fn fleet_health(&self) -> Result<Option<Arc<FleetHealth>>, ApiError> {
        FLEET_HEALTH.get(self.0).await
    }

    async fn locations(&self, ids: &[String]) -> Result<Vec<BoardLocation>, ApiError> {
        // A refresh every 2 minutes asks the same locations again: a warm container reads each once in
        // LOCATIONS_TTL (at 2,500 stops, 25 BatchGetItem calls and ~5,000 read units a refresh otherwise).
        let found = BOARD_LOCATIONS
            .get(ids, |missing| async move {
                // Top-level attributes only: the documents' planograms and prices stay unread.
                let projection = ["id", "type", "operationConfigs", "locationConfigs"];
                let read: Vec<BoardLocation> = location_store::many(self.0, &missing, &projection).await?;
                Ok(read.into_iter().map(|l| (l.id.clone(), l)).collect())
            })
            .await?;
        Ok(found.into_values().collect())
    }
}

/// The parts in memory, for the query's tests: counts the AWS calls the real
/// store would make, and fails a part on demand.
#[cfg(test)]
pub mod fake {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[derive(Default)]
    pub struct Board {
        pub stops: Vec<RouteStop>,
        pub versions: Vec<StoredVersion>,
        pub actions: Vec<StoredAction>,
        /// The live slip locks (recorded drop statuses), of any date.
        pub locks: Vec<SlipLock>,
        /// The routes' drivers, of any date.
        pub drivers: Vec<DriverAssignment>,
        pub health: Vec<BoardHealth>,
        /// The fleet health snapshot: None, none stored.
        pub fleet_health: Option<Vec<BoardHealth>>,
        pub locations: Vec<BoardLocation>,
        /// Parts that fail: "slips", "actions", "locks", "health", "locations".
        pub failing: Vec<&'static str>,
        pub calls: AtomicUsize,
        /// The largest key count one batch call got.
        pub widest_batch: AtomicUsize,
    }

    /// A delivery stop of `date` at stocking index 1.
    pub fn stop(date: &str, id: &str, route: &str, n: i64, market: &str) -> RouteStop {
        RouteStop {
            stocking_date: date.into(),
            market: market.into(),
            id: id.into(),
            route: route.into(),
            stop: n,
            stocking_index: 1,
            stop_type: "DELIVERY".into(),
        }
    }

    impl Board {
        fn call(&self, part: &str, keys: usize) -> Result<(), ApiError> {
            self.calls.fetch_add(1, Ordering::SeqCst);
            self.widest_batch.fetch_max(keys, Ordering::SeqCst);
            if self.failing.contains(&part) {
                return Err(ApiError::internal(format!("{part} is down")));
            }
            Ok(())
        }
        pub fn calls(&self) -> usize {
            self.calls.load(Ordering::SeqCst)
        }
    }

    impl BoardStore for Board {
        async fn stops(&self, date: &str) -> Result<Vec<RouteStop>, ApiError> {
            self.call("slips", 0)?;
            Ok(self.stops.iter().filter(|s| s.stocking_date == date).cloned().collect())
        }
        async fn versions(&self, _date: &str) -> Result<Vec<StoredVersion>, ApiError> {
            self.call("slips", 0)?;
            Ok(self.versions.clone())
        }
        async fn route_stops(&self, date: &str, route: &str) -> Result<Vec<RouteStop>, ApiError> {
            self.call("slips", 0)?;
            Ok(self.stops.iter().filter(|s| s.stocking_date == date && s.route == route).cloned().collect())
        }
        async fn actions_since(&self, day: &str, from: &str) -> Result<Vec<StoredAction>, ApiError> {
            self.call("actions", 0)?;
            Ok(self.actions.iter().filter(|a| a.stocking_day == day && a.sk.as_str() >= from).cloned().collect())
        }
        async fn actions(&self, day: &str) -> Result<Vec<StoredAction>, ApiError> {
            self.call("actions", 0)?;
            let mut found: Vec<StoredAction> = self.actions.iter().filter(|a| a.stocking_day == day).cloned().collect();
            found.sort_by(|a, b| a.occurred_sk.cmp(&b.occurred_sk));
            Ok(found)
        }
        async fn locks(&self, date: &str) -> Result<Vec<SlipLock>, ApiError> {
            self.call("locks", 0)?;
            Ok(self.locks.iter().filter(|l| l.slip().0 == date).cloned().collect())
        }
        async fn drivers(&self, date: &str) -> Result<Vec<DriverAssignment>, ApiError> {
            self.call("drivers", 0)?;
            Ok(self.drivers.iter().filter(|d| d.stocking_date == date).cloned().collect())
        }
        async fn health(&self, ids: &[String]) -> Result<Vec<BoardHealth>, ApiError> {
            self.call("health", ids.len())?;
            Ok(self.health.iter().filter(|h| ids.contains(&h.location_id)).cloned().collect())
        }
        async fn fleet_health(&self) -> Result<Option<Arc<FleetHealth>>, ApiError> {
            self.call("snapshot", 0)?;
            let by_id = |all: &Vec<BoardHealth>| all.iter().map(|h| (h.location_id.clone(), h.clone())).collect();
            Ok(self.fleet_health.as_ref().map(|all| Arc::new(FleetHealth(by_id(all)))))
        }
        async fn locations(&self, ids: &[String]) -> Result<Vec<BoardLocation>, ApiError> {
            self.call("locations", ids.len())?;
            Ok(self.locations.iter().filter(|l| ids.contains(&l.id)).cloned().collect())
        }
    }
}
