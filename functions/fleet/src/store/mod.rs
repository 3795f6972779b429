//! The narrow store the fleet rules run over: commands (their record, the
//! request's idempotency record, the command queue), the ingest's writes
//! (newest-wins latest state, history rows, command results, the
//! dead-letter queue) and the locations both check. `Dynamo` implements it
//! (and holds the read side of the screens); `memory::Memory` is the in-memory one the
//! rules are unit-tested with.
use fleet_shared::entity::health::FridgeHealth;
use fleet_shared::entity::report::derive::Placed;
use fleet_shared::entity::telemetry::{
    CommandPayload, CommandState, FridgeCommand, InventorySnapshot, TelemetryEvent, TemperatureSample,
};
use fleet_shared::entity::{Location, LocationId};
use fleet_shared::fridge_time::stamp;
use fleet_shared::idempotency::{Claim, Records};
use fleet_shared::{ApiError, Caller, Table};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::future::Future;

mod chain;
mod dynamo;
#[cfg(test)]
pub mod memory;
pub mod snapshots;
mod stored_inventory;

pub use dynamo::Dynamo;

/// How long telemetry (events, samples) is kept.
pub const KEEP_DAYS: i64 = 30;

/// The TTL attribute (epoch seconds) of an item reported at `t`; None when
/// `t` is so far out that the expiry is past chrono's range.
pub fn expires_at(t: chrono::DateTime<chrono::Utc>) -> Option<i64> {
    t.checked_add_signed(chrono::Duration::days(KEEP_DAYS)).map(|e| e.timestamp())
}

/// A fridge's latest state: one item per fridge, the newest report wins.
#[derive(Debug, Clone, PartialEq)]
pub enum Latest {
    Health(Box<FridgeHealth>),
    Inventory(InventorySnapshot),
}

impl Latest {
    pub fn table(&self) -> Table {
        match self {
            Latest::Health(_) => Table::FridgeHealth,
            Latest::Inventory(_) => Table::FridgeInventory,
        }
    }

    pub fn location_id(&self) -> &str {
        match self {
            Latest::Health(h) => h.report.location_id.as_str(),
            Latest::Inventory(i) => i.location_id.as_str(),
        }
    }

    /// The report's time as stored (`stamp` text, which sorts as time does):
    /// what newest-wins compares.
    pub fn at(&self) -> String {
        match self {
            Latest::Health(h) => stamp(h.report.timestamp),
            Latest::Inventory(i) => i.timestamp.clone(),
        }
    }
}

/// A history row: keyed by what the message says (an event's id, a sample's
/// time), so a redelivered message rewrites the same row.
#[derive(Debug, Clone, PartialEq)]
pub enum History {
    Sample(TemperatureSample),
    Event(TelemetryEvent),
}

impl History {
    /// The row's key within the telemetry table.
    pub fn key(&self) -> String {
        match self {
            History::Sample(s) => format!("{}|{}", s.location_id, s.sk),
            History::Event(e) => format!("{}|{}", e.location_id, e.sk),
        }
    }
}

/// How a latest-state put ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landed {
    Stored,
    /// The stored report is as new or newer: this one loses, quietly.
    Older,
}

/// What a health put tied to the record read came to (`FleetStore::put_health`).
#[derive(Debug, Clone, PartialEq)]
pub enum HealthPut {
    Stored,
    /// The stored record is no longer the one read: here it is, to decide again on.
    Moved(Option<Box<FridgeHealth>>),
}

pub use fleet_shared::parking::Unstorable;

/// A command's states (GraphQL `CommandState`): PENDING until the queue has
/// taken its message, then SENT, then DONE or FAILED as the fridge reports
/// (FAILED too when the queue definitely refused it); EXPIRED when it was
/// still PENDING at its `notAfter`: never sent. A fridge's later DONE or
/// FAILED replaces EXPIRED, since it says what happened.
pub const PENDING: &str = "PENDING";
pub const SENT: &str = "SENT";
pub const FAILED: &str = "FAILED";
pub const EXPIRED: &str = "EXPIRED";

/// The sparse index of PENDING commands (pk `pendingShard`, sk `notAfter`):
/// only a PENDING record carries `pendingShard`, so the sweep of overdue
/// commands reads those alone, never the table.
pub const BY_PENDING: &str = "byPending";
const PENDING_BASE: &str = "pending";

/// The index partition of a PENDING command of this location.
pub fn pending_shard(location: &str) -> String {
    fleet_shared::shard::key(PENDING_BASE, location)
}

/// Every partition of the PENDING index.
pub fn pending_shards() -> Vec<String> {
    fleet_shared::shard::keys(PENDING_BASE)
}

/// Why the command queue did not take a message.
#[derive(Debug)]
pub enum Unsent {
    /// A definite refusal (a 4xx other than throttling): the message was not taken.
    Refused(String),
    /// No answer, a timeout, throttling or a 5xx: it may have been taken.
    Unknown(ApiError),
}

/// A command as the queue-messages table records it (`location#commands`,
/// sorted by `{time}#{messageId}`). It holds the whole queue message, so a
/// retry that finds it PENDING sends the very same message again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CommandRecord {
    /// The queue: `location#commands`.
    pub id: String,
    pub sk: String,
    #[serde(default)]
    pub timestamp: Option<String>,
    #[serde(default)]
    pub message_id: Option<String>,
    #[serde(default)]
    pub message_type: Option<String>,
    #[serde(default)]
    pub operation: Option<String>,
    #[serde(default)]
    pub resource: Option<String>,
    /// The command's key in `rules::COMMANDS`.
    #[serde(default)]
    pub command: Option<String>,
    #[serde(default)]
    pub sent_by: Option<String>,
    /// PENDING, SENT, then DONE or FAILED.
    #[serde(default)]
    pub state: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub done_at: Option<String>,
    /// ConfirmCount: the units counted, as the message carries them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<i64>,
    /// The message's `notAfter` (`stamp` text); absent on records made before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_after: Option<String>,
    /// Only while PENDING: its partition of the `BY_PENDING` index.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_shard: Option<String>,
}

/// A command as the screens read it (GraphQL `QueueMessage`), and as a
/// request's idempotency record keeps the answer it replays.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommandView {
    pub id: String,
    pub timestamp: String,
    pub message_id: String,
    pub message_type: String,
    pub operation: Option<String>,
    pub resource: String,
    pub sent_by: Option<String>,
    pub state: String,
    pub done_at: Option<String>,
    pub count: Option<i64>,
    pub not_after: Option<String>,
}

impl CommandView {
    /// The key (queue id, sk) of the record this view shows.
    pub fn key(&self) -> (String, String) {
        (self.id.clone(), format!("{}#{}", self.timestamp, self.message_id))
    }
}

impl CommandRecord {
    /// The record as the GraphQL `QueueMessage`; a record without a field
    /// that the schema says is never null is refused, naming it.
    pub fn view(&self) -> Result<CommandView, ApiError> {
        let needed = |field: &Option<String>, what: &str| {
            field.clone().ok_or_else(|| ApiError::internal(format!("command {} {} has no {what}", self.id, self.sk)))
        };
        Ok(CommandView {
            id: self.id.clone(),
            timestamp: needed(&self.timestamp, "timestamp")?,
            message_id: needed(&self.message_id, "messageId")?,
            message_type: needed(&self.message_type, "messageType")?,
            operation: self.operation.clone(),
            resource: needed(&self.resource, "resource")?,
            sent_by: self.sent_by.clone(),
            state: needed(&self.state, "state")?,
            done_at: self.done_at.clone(),
            count: self.count,
            not_after: self.not_after.clone(),
        })
    }

    pub fn is_pending(&self) -> bool {
        self.state.as_deref() == Some(PENDING)
    }

    /// Whether its `notAfter` has passed at `now` (the fridge would refuse it).
    pub fn is_overdue(&self, now: chrono::DateTime<chrono::Utc>) -> bool {
        self.not_after.as_deref().and_then(fleet_shared::dates::instant).is_some_and(|t| t < now)
    }

    /// The queue message this record stands for: built from the record alone,
    /// so every send of it (the first, a retry's) is the same message.
    pub fn message(&self) -> Result<FridgeCommand, ApiError> {
        let broken = |what: &str| ApiError::internal(format!("command {} {} has no {what}", self.id, self.sk));
        let location = self.id.rsplit_once('#').map(|(l, _)| l).ok_or_else(|| broken("location"))?;
        let not_after =
            self.not_after.as_deref().and_then(fleet_shared::dates::instant).ok_or_else(|| broken("notAfter"))?;
        Ok(FridgeCommand {
            message_id: self.message_id.clone().ok_or_else(|| broken("messageId"))?,
            queue_id: self.id.clone(),
            sk: self.sk.clone(),
            location_id: LocationId::stored(location),
            message_type: self.message_type.clone().ok_or_else(|| broken("messageType"))?,
            payload: CommandPayload {
                operation: self.operation.clone(),
                resource: self.resource.clone().ok_or_else(|| broken("resource"))?,
                count: self.count,
            },
            not_after,
        })
    }
}

/// What the fleet rules read and write. Its idempotency records are the
/// `Records` a command request is recognised by.
pub trait FleetStore: Records + Sync {
    /// The location, read strongly consistent.
    fn location(&self, id: &LocationId) -> impl Future<Output = Result<Option<Location>, ApiError>> + Send;
    /// The caller's feature flags.
    fn flags(&self, caller: &Caller) -> impl Future<Output = Result<Vec<String>, ApiError>> + Send;
    /// Records a new command (PENDING) and, when given, its request's claim
    /// and the gate's pass (a driver task: its route's driver checked), all
    /// or nothing; a generic Conflict when either is already there or the
    /// pass no longer holds.
    fn record_command(
        &self,
        record: &CommandRecord,
        claim: Option<&Claim>,
        pass: Option<&fleet_shared::assignment::Pass>,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// A command's record, read strongly consistent.
    fn command(&self, queue_id: &str, sk: &str)
        -> impl Future<Output = Result<Option<CommandRecord>, ApiError>> + Send;
    /// Sends a command to the fridges' command queue: FIFO, the fridge's
    /// location as the message group, the messageId as the de-duplication id.
    fn send_command(&self, command: &FridgeCommand) -> impl Future<Output = Result<(), Unsent>> + Send;
    /// PENDING -> `to` (SENT once the queue took the message, FAILED when it
    /// definitely refused it, EXPIRED past its `notAfter`), leaving the
    /// PENDING index; false when the record was no longer PENDING (a racing
    /// retry marked it, or the fridge already reported), which is left as it is.
    fn settle(&self, queue_id: &str, sk: &str, to: &'static str)
        -> impl Future<Output = Result<bool, ApiError>> + Send;
    /// The PENDING commands whose `notAfter` is before `now` (the sparse index).
    fn overdue(&self, now: &str) -> impl Future<Output = Result<Vec<CommandRecord>, ApiError>> + Send;
    /// Removes a request's claim whose change was undone, so a retry may try again.
    fn forget(&self, claim: &Claim) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// A fridge's last inventory snapshot.
    fn inventory(&self, id: &LocationId) -> impl Future<Output = Result<Option<InventorySnapshot>, ApiError>> + Send;
    /// Sends the inventory service its message (the computer swap).
    fn send_swap(&self, body: &Value) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// The ids among `ids` that are locations, each with whether it is a
    /// test location (`Location::is_test`).
    fn known_locations(&self, ids: &[&str]) -> impl Future<Output = Result<HashMap<String, bool>, ApiError>> + Send;
    /// The stored health reports of these fridges (those with one), to tell
    /// which heartbeats change them (`health_changes`).
    fn stored_health(
        &self,
        ids: &[&str],
    ) -> impl Future<Output = Result<HashMap<String, FridgeHealth>, ApiError>> + Send;
    /// Puts a fridge's health record on condition that the stored one is still
    /// the one read (`read`: its report's `stamp`; none read: none stored).
    /// Its `conditionsSince` was worked out from that record.
    fn put_health(
        &self,
        health: &FridgeHealth,
        read: Option<&str>,
    ) -> impl Future<Output = Result<HealthPut, ApiError>> + Send;
    /// Puts a fridge's latest state only over an older report (or none).
    fn put_latest(&self, latest: &Latest) -> impl Future<Output = Result<Landed, ApiError>> + Send;
    /// Places an inventory snapshot in its fridge's chain and writes the
    /// report rows that changes (`report::derive`); a BadRequest when it can
    /// never be placed.
    fn derive_inventory(&self, snapshot: &InventorySnapshot) -> impl Future<Output = Result<Placed, ApiError>> + Send;
    /// Writes history rows (a row already there is rewritten).
    fn put_history(&self, rows: &[&History]) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// A command the fridge reports on, DONE or FAILED at `at`; a BadRequest
    /// when there is no such command.
    fn finish_command(
        &self,
        queue_id: &str,
        sk: &str,
        state: CommandState,
        at: &str,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Parks messages in the dead-letter queue with their reason; answers the
    /// ids that could not be parked (left for redelivery).
    fn park(&self, bad: &[Unstorable]) -> impl Future<Output = Vec<String>> + Send;
}
