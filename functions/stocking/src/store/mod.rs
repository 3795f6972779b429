//! The narrow store the driver-action rules run over: the action table (with
//! the request's idempotency record in the same transaction), the location
//! check, and the shared permission gate. `service` only sees the trait, so
//! its rules are unit-tested over `memory::Memory`.
//!
//! Keys of `DriverActionsTable` (`record`): pk `{eventType}#{shard}`, sk
//! `createdAt#id` (the paged `getDriverAction` by type and createdAt is one
//! Query per shard, merged in order); index `byStockingDay`: pk `dayShard` =
//! `{stockingDay}#{shard}` (the stocking day of `occurredAt`,
//! `window::stocking_day`), sk `occurredSk` = `occurredAt#id` (a dashboard's
//! day is a Query per shard, merged in device-time order; one location's day
//! is one Query); index `byDayCreated`: the same pk, sk `sk` (what a day got
//! since a time: the dashboard's refresh). Never a Scan.
//!
//! The traits and their shared types are here; `Dynamo` (`dynamo`) implements
//! them over DynamoDB (and the order ingest's dead-letter queue over SQS), and
//! `memory` holds the in-memory ones the rules are tested with. The traits of
//! the Drop Off Summary (`drop_list`), JIT Management (`jit`) and the revert
//! (`revert`) live with their rules; `dynamo` implements them too.
use crate::drop::SlipLock;
use crate::orders::StoredOrder;
use crate::slips::{PackingSlip, SlipChange};
use fleet_shared::assignment::AssignmentStore;
use fleet_shared::entity::assignment::DriverAssignment;
use fleet_shared::entity::route_stop::{RouteStop, StoredStop, StoredVersion};
use fleet_shared::entity::{Location, LocationId};
use fleet_shared::history;
use fleet_shared::idempotency::{Claim, Records};
use fleet_shared::store::{self, SortKey};
use fleet_shared::{ApiError, Caller};
use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::Arc;

pub mod dynamo;
#[cfg(test)]
pub mod memory;

pub use dynamo::Dynamo;

pub const BY_STOCKING_DAY: &str = "byStockingDay";
pub const BY_DAY_CREATED: &str = "byDayCreated";

pub use crate::record::StoredAction;

/// What one `getDriverAction` page reads: a type, and createdAt in [from, to).
#[derive(Debug, Clone, PartialEq)]
pub struct ByType {
    pub event_type: String,
    pub from: Option<String>,
    pub to: Option<String>,
}

impl ByType {
    /// The sort-key condition: `createdAt#id` is >= `from` and, as any sk
    /// starting with `to` sorts after `to` itself, <= `to` means createdAt < `to`.
    pub fn sort_key(&self) -> Option<SortKey> {
        match (&self.from, &self.to) {
            (Some(f), Some(t)) => Some(SortKey::Between(f.clone(), t.clone())),
            (Some(f), None) => Some(SortKey::AtLeast(f.clone())),
            (None, Some(t)) => Some(SortKey::AtMost(t.clone())),
            (None, None) => None,
        }
    }

    /// The signing scope of its page tokens: a token of another filter is refused.
    pub fn scope(&self) -> String {
        format!(
            "driver-actions:{}:{}:{}",
            self.event_type,
            self.from.as_deref().unwrap_or(""),
            self.to.as_deref().unwrap_or("")
        )
    }
}

/// `AssignmentStore`: the caller's route that day (`fleet_shared::assignment`).
pub trait ActionStore: Records + AssignmentStore {
    /// The location, read for its existence and type (one GetItem), if it exists.
    fn location(&self, id: &LocationId) -> impl Future<Output = Result<Option<Location>, ApiError>> + Send;
    /// The shared permission gate: Forbidden unless the caller holds `action`.
    fn require(&self, caller: &Caller, action: &str) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Whether the caller holds a feature flag (the shared flags table).
    fn has_flag(&self, caller: &Caller, flag: &str) -> impl Future<Output = Result<bool, ApiError>> + Send;
    /// A date's packing slip, if it exists.
    fn slip(&self, date: &str, unique_id: &str) -> impl Future<Output = Result<Option<PackingSlip>, ApiError>> + Send;
    /// A slip's recorded drop status (`drop::SlipLock`), if any; a consistent read.
    fn slip_lock(&self, date: &str, unique_id: &str)
        -> impl Future<Output = Result<Option<SlipLock>, ApiError>> + Send;
    /// Stores the action with the request's claim, the gate's pass (its
    /// route's driver checked, or its claim written) and, for a drop override,
    /// the slip's lock, all or nothing; a generic Conflict when the claim or
    /// the lock exists (a racing try, or another override of the slip, landed
    /// first) or the pass no longer holds.
    fn insert(
        &self,
        action: &StoredAction,
        claim: &Claim,
        lock: Option<&SlipLock>,
        pass: Option<&fleet_shared::assignment::Pass>,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Sets `stockedTimeUTC` of the route stops of the stored LocationStocked
    /// `sk` at `location` (its stocking day and index) to its `occurredAt`,
    /// unless an earlier time is recorded (queues do not keep order), and only
    /// while the action stands as read: a voided one sets nothing, a re-timed
    /// one its new time (`correct`). Answers how many stops it set. A location
    /// with no stop that day sets none.
    fn mark_stocked(
        &self,
        location: &str,
        stocking_index: i64,
        sk: &str,
    ) -> impl Future<Output = Result<usize, ApiError>> + Send;
    /// Writes a supervisor's correction (`correct::CorrectionPlan`) with the request's
    /// claim, all or nothing; a generic Conflict when anything read has changed.
    fn correct(
        &self,
        plan: &crate::record::CorrectionPlan,
        claim: &Claim,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// A stocking day's actions and route stops at one location (what a
    /// DropOverride's slip is checked against, `drop::DayFacts`).
    fn day_at(
        &self,
        day: &str,
        location: &str,
    ) -> impl Future<Output = Result<(Vec<StoredAction>, Vec<StoredStop>), ApiError>> + Send;
    /// One page of at most `count` actions, oldest createdAt first.
    fn page(
        &self,
        query: &ByType,
        token: Option<&str>,
        count: usize,
    ) -> impl Future<Output = Result<(Vec<StoredAction>, Option<String>), ApiError>> + Send;
}

// An operator's acknowledgement of a Needs-attention item (`acknowledge`, issue 42).

/// What `acknowledge` writes, all or nothing.
#[derive(Debug, Clone)]
pub struct AckWrite {
    pub item: StoredAction,
    pub record: history::Record,
    pub request: Claim,
    pub occurrence: Claim,
}

/// The narrow store of acknowledging (`acknowledge`): the claims, and the one transaction.
pub trait AckStore: Records {
    /// Writes the item, its history record and both claims, all or nothing; a generic Conflict
    /// when either claim exists.
    fn acknowledge(&self, write: &AckWrite) -> impl Future<Output = Result<(), ApiError>> + Send;
}

// The dashboard's store (`board`, `board_day`): what it reads, and the trait.

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
    /// The heartbeat's time (stored as `stamp` text), its temperature and out-of-order flag: what the
    /// Needs-attention panel reads of a stop's fridge (`attention::FridgeFacts`).
    #[serde(default)]
    pub timestamp: Option<String>,
    #[serde(default)]
    pub temperature: Option<f64>,
    #[serde(default)]
    pub out_of_order: Option<bool>,
    /// When each condition the heartbeat shows started (`FridgeHealth::conditions_since`).
    #[serde(default)]
    pub conditions_since: std::collections::BTreeMap<String, String>,
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

/// What the dashboard (`board`, `board_day`) reads, part by part.
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

/// The dashboard's store by its former path, `store::dashboard`.
pub mod dashboard {
    pub use super::{
        Activation, BoardHealth, BoardLocation, BoardStore, FleetHealth, LocationFields, OperationFields, BATCH_KEYS,
    };
}

// The order ingest's store (`intake`).

pub use fleet_shared::parking::Unstorable;

/// What one conditional write came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landed {
    Stored,
    /// The stored order is no longer the one read (another batch wrote it first): nothing written.
    Moved,
}

/// The narrow store the order ingest (`intake`) runs over: the orders, their packing slips and the
/// dead-letter queue.
pub trait IntakeStore {
    /// Which of these location ids exist.
    fn known_locations(&self, ids: Vec<String>) -> impl Future<Output = Result<HashSet<String>, ApiError>> + Send;
    /// The stored orders among these uniqueIds.
    fn orders(&self, ids: Vec<String>) -> impl Future<Output = Result<HashMap<String, StoredOrder>, ApiError>> + Send;
    /// One stored order, read consistently (a write that lost its race reads it again).
    fn order(&self, id: &str) -> impl Future<Output = Result<Option<StoredOrder>, ApiError>> + Send;
    /// The order with its slip changes, all or nothing, on the condition that the stored order is
    /// still `before` (its version; none stored when None): the slip changes were derived from it.
    fn write(
        &self,
        before: Option<&StoredOrder>,
        after: &StoredOrder,
        slips: &SlipChange,
    ) -> impl Future<Output = Result<Landed, ApiError>> + Send;
    /// Parks records in the dead-letter queue with their reason; answers those it could not park.
    fn park(&self, bad: &[Unstorable]) -> impl Future<Output = Vec<String>> + Send;
}
