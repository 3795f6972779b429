//! A driver action as stored (the driver-action table's item): the rules,
//! the lists and the store all read it, so it sits below all of them.
//!
//! Keys (issue 26: no partition's writes grow with the fleet): pk
//! `{eventType}#{shard}` and index `byStockingDay` pk `dayShard` =
//! `{stockingDay}#{shard}`, the shard of the location (`shard`). They are
//! derived from the action's fields when it is written (`item`), so nothing
//! can store an action under another shard.
use fleet_shared::{shard, store, ApiError};
use serde::{Deserialize, Serialize};

/// One recorded action, as stored. Actions are never changed after they are written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
    /// `occurredAt#id`.
    pub occurred_sk: String,
    pub request_id: String,
    /// The caller's e-mail (or username), and their Cognito sub.
    pub created_by: String,
    pub created_by_sub: String,
    /// The caller's name (the pool's `name` attribute), when they have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_by_name: Option<String>,
}

/// The item attributes that hold the keys.
pub const PK: &str = "pk";
pub const DAY_SHARD: &str = "dayShard";

impl StoredAction {
    /// The item to store: the action and its sharded keys.
    pub fn item(&self) -> Result<store::Item, ApiError> {
        let mut item = store::to_item(self)?;
        item.insert(PK.into(), store::s(shard::key(&self.event_type, &self.location_id)));
        item.insert(DAY_SHARD.into(), store::s(shard::key(&self.stocking_day, &self.location_id)));
        Ok(item)
    }
}
