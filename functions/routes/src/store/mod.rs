//! The narrow store the route rules run over: the stops of a date or of a
//! route, a route's replacement (one transaction), the orders of a date, and
//! the locations a route upload names. `Dynamo` is its DynamoDB
//! implementation; `memory::Memory` an in-memory one for unit tests of the rules.
use fleet_shared::entity::fridge_order::FridgeOrder;
use fleet_shared::entity::route_stop::{self, StoredStop};
use fleet_shared::entity::Location;
use fleet_shared::history::Record;
use fleet_shared::idempotency::Claim;
use fleet_shared::ApiError;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::future::Future;

pub mod dynamo;
#[cfg(test)]
pub mod memory;

pub use dynamo::Dynamo;

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
