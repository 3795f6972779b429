//! Report rows the telemetry ingest derives from inventory snapshots
//! (3-planning §3, issues 25 and 39): an empty channel when a slot that held
//! units holds none (or is gone), a stock-out when no slot of a fridge holds
//! an item any more. A row is keyed by the occurrence (the time of the
//! snapshot that shows it, and the slot or item), derived in event time
//! (`derive`), and read back by Central day.
//!
//! Keys: table ReportRows, pk `{kind}#{YYYY-MM-DD}#{shard}` (the Central day
//! of the snapshot, spread over `shard::SHARDS` partitions by location so no key's
//! writes grow with the fleet), sk `{timestamp}#{location}#{slot or item}`.
use crate::shard;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

pub mod derive;

/// How long rows are kept (TTL `expiresAt`): longer than any range a report
/// screen allows, so an old date within it never comes back silently empty.
pub const KEEP_DAYS: i64 = 90;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    EmptyChannel,
    StockOut,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::EmptyChannel => "emptychannel",
            Kind::StockOut => "stockout",
        }
    }
}

/// A kind's day, sharded by location (`shard`).
pub fn partition(kind: Kind, day: NaiveDate, location: &str) -> String {
    shard::key(&format!("{}#{day}", kind.name()), location)
}

/// Every partition of a kind's day.
pub fn partitions(kind: Kind, day: NaiveDate) -> Vec<String> {
    shard::keys(&format!("{}#{day}", kind.name()))
}

/// 3-planning §3 empty channel row, with its keys.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmptyChannel {
    pub pk: String,
    pub sk: String,
    /// The location id.
    pub kiosk_name: String,
    pub vend_item_name: String,
    /// The snapshot's time (`stamp` text, UTC).
    pub timestamp: String,
    pub slot: String,
    pub logical_column: Option<String>,
    pub logical_row: Option<String>,
    /// When a later snapshot showed the slot holding units again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<String>,
    pub expires_at: i64,
}

/// 3-planning §3 stock-out row, with its keys.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockOut {
    pub pk: String,
    pub sk: String,
    pub location: String,
    pub item: String,
    /// The snapshot's time (`stamp` text, UTC); the screen shows it in Central.
    pub timestamp: String,
    /// When a later snapshot showed a slot holding the item again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<String>,
    pub expires_at: i64,
}

/// A slot's logical (row, column) from `row:column`; the slot as the column otherwise.
fn logical(slot: &str) -> (Option<String>, Option<String>) {
    match slot.split_once(':') {
        Some((r, c)) => (Some(r.trim().to_string()), Some(c.trim().to_string())),
        None => (None, Some(slot.to_string())),
    }
}
