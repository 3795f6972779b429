//! What the dashboard reads, part by part: the date's route stops (one paged
//! Query of LocationRoutes per shard), the stocking day's driver actions (one
//! paged Query of the `byStockingDay` index per shard), and, for the stops'
//! locations, their latest health and their dashboard fields (BatchGetItem, at
//! most 100 keys a call: the service hands each call one chunk; health comes
//! from the fleet health snapshot while a fresh one is stored). A refresh
//! over a warm copy of the day (`board_day`) reads what changed instead: the
//! routes' version items, the stops of a route whose version moved, and the
//! actions recorded since (index `byDayCreated`). Never a Scan, never a call per stop.
use super::Dynamo;
use crate::drop::SlipLock;
use crate::store::{BoardHealth, BoardLocation, BoardStore, FleetHealth, StoredAction};
use crate::warm_snapshot::WarmSnapshot;
use fleet_shared::entity::assignment::DriverAssignment;
use fleet_shared::entity::route_stop::{RouteStop, StoredVersion};
use fleet_shared::location_store;
use fleet_shared::snapshot::Kind;
use fleet_shared::warm_cache::WarmCache;
use fleet_shared::{store, ApiError, Table};
use std::collections::HashMap;
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
        let projection =
            ["locationId", "safetyHold", "jofemarState", "timestamp", "temperature", "outOfOrder", "conditionsSince"];
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
