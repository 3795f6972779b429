//! A driver action as stored (the driver-action table's item): the rules,
//! the lists and the store all read it, so it sits below all of them.
//!
//! Keys (issue 26: no partition's writes grow with the fleet): pk
//! `{eventType}#{shard}` and index `byStockingDay` pk `dayShard` =
//! `{stockingDay}#{shard}`, the shard of the location (`shard`). They are
//! derived from the action's fields when it is written (`item`), so nothing
//! can store an action under another shard.
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::{history, shard, store, ApiError};
use serde::{Deserialize, Serialize};

/// One recorded action, as stored. Actions are never changed after they are
/// written, but for a supervisor's correction of a LocationStocked (`correct`,
/// issue 38): a void takes it out of the stocking-day index (`occurredSk`
/// removed), a re-time moves its `occurredAt`; `correction` says which, by whom and why.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoredAction {
    pub event_type: String,
    /// `createdAt#id`.
    pub sk: String,
    pub id: String,
    pub location_id: String,
    /// The typed `data`, as JSON text.
    pub data: String,
    /// The server's clock when recorded.
    pub created_at: String,
    /// The device's clock when it happened (normalised to UTC).
    pub occurred_at: String,
    /// YYYY-MM-DD, the stocking day of `occurredAt`.
    pub stocking_day: String,
    /// `occurredAt#id`; absent (empty) on a voided action and on a correction
    /// marker, so that neither is in the `byStockingDay` index.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub occurred_sk: String,
    pub request_id: String,
    /// The caller's e-mail (or username), and their Cognito sub.
    pub created_by: String,
    pub created_by_sub: String,
    /// The caller's name (the pool's `name` attribute), when they have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_by_name: Option<String>,
    /// A supervisor's void or re-time of this action (`correct`), the latest one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub correction: Option<Correction>,
}

/// A supervisor's change of a recorded LocationStocked (issue 38).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CorrectionKind {
    /// It did not happen: no reader counts it any more.
    Void,
    /// It happened at another time of the same stocking day.
    Retime,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Correction {
    pub kind: CorrectionKind,
    /// The server's clock when corrected.
    pub at: String,
    pub by: String,
    pub by_sub: String,
    pub reason: String,
    /// The time the driver's device first reported.
    pub original_occurred_at: String,
}

/// The event type of a correction's marker: an item in the day's
/// `byDayCreated` index (never in `byStockingDay`) that tells the dashboard's
/// warm copy, which reads only what was recorded since, to read the day again.
pub const CORRECTION_MARKER: &str = "StockedCorrection";

/// What a supervisor's correction writes, all or nothing (`correct`, `ActionStore::correct`).
#[derive(Debug, Clone)]
pub struct CorrectionPlan {
    /// The action as read: its `occurredAt` is the write's condition.
    pub read: StoredAction,
    /// The read LocationStocked's stop.
    pub stocking_index: i64,
    pub corrected: StoredAction,
    /// Each stop of that location and stocking index as read, and its new stocked time and stocker.
    pub stops: Vec<(StoredStop, Option<Stocked>)>,
    pub marker: StoredAction,
    pub record: history::Record,
}

/// A stop's stocked time and the sub of the driver whose LocationStocked it is
/// (the door opens after stocking only for them).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Stocked {
    pub at: String,
    pub by: String,
}

/// The item attributes that hold the keys.
pub const PK: &str = "pk";
pub const DAY_SHARD: &str = "dayShard";

impl StoredAction {
    /// Whether a supervisor voided it.
    pub fn is_voided(&self) -> bool {
        self.correction.as_ref().is_some_and(|c| c.kind == CorrectionKind::Void)
    }

    /// Its table key: pk and sk.
    pub fn key(&self) -> store::Key {
        store::Key::from([
            (PK.to_string(), store::s(shard::key(&self.event_type, &self.location_id))),
            ("sk".to_string(), store::s(&self.sk)),
        ])
    }

    /// The item to store: the action and its sharded keys.
    pub fn item(&self) -> Result<store::Item, ApiError> {
        let mut item = store::to_item(self)?;
        item.insert(PK.into(), store::s(shard::key(&self.event_type, &self.location_id)));
        item.insert(DAY_SHARD.into(), store::s(shard::key(&self.stocking_day, &self.location_id)));
        Ok(item)
    }
}
