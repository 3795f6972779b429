//! A fridge order (3-planning §3): what one location gets on one drop-off
//! date and stocking index. The pars upload writes them; routes read them for
//! tote counts.
//!
//! Keys (table FridgeOrders, issue 26): pk `dateShard` = `{dropOffDate}#{shard
//! of the location}`, sk `orderKey`. A date's orders spread over
//! `shard::SHARDS` partitions and are read from all of them, merged in
//! `orderKey` order. The store layer (`order_store`) names its table key, reads a
//! date, and writes an order with its pk.
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Units one tote holds (docs/decisions/routes-and-loginext.md, "Tote counts and regions").
pub const UNITS_PER_TOTE: i64 = 24;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FridgeOrder {
    pub drop_off_date: String,
    /// `{locationId}#{stockingIndex}`: one order per location, date and index.
    pub order_key: String,
    pub location_id: String,
    pub stocking_index: i64,
    pub delivery_date: String,
    /// Units ordered per item.
    pub pars: BTreeMap<String, i64>,
    #[serde(default)]
    pub order_upload_id: Option<String>,
    /// Units allowed above the par per item (pars upload).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub over_capacity: BTreeMap<String, f64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub priority_boost_items: Vec<String>,
    /// A JIT order (the pars upload's `jit` column): its JIT allocation items
    /// can be cleared by JIT Management (2-fleet §4.6).
    #[serde(default)]
    pub jit: bool,
    /// The items whose rows said jit; empty with `jit` set means every item.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub jit_items: Vec<String>,
    /// The JIT Management update recorded on the order (once: it locks the row).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jit_update: Option<JitUpdate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<OrderDetails>,
}

/// 2-fleet §3 JIT location, as recorded on the order it changed.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct JitUpdate {
    /// The flag set: false turned JIT off (and cleared `cleared`).
    pub jit: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Who updated it (their e-mail) and their Cognito sub.
    pub email: String,
    pub by_sub: String,
    pub at: String,
    /// The JIT allocation items cleared, with their units.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub cleared: BTreeMap<String, i64>,
}

impl FridgeOrder {
    /// An order of `pars` for a location's stop on a date (delivered that day),
    /// keyed as every reader asks for it; the rest empty, for the caller to set.
    pub fn new(date: &str, location: &str, stocking_index: i64, pars: impl IntoIterator<Item = (String, i64)>) -> Self {
        FridgeOrder {
            drop_off_date: date.to_string(),
            order_key: order_key(location, stocking_index),
            location_id: location.to_string(),
            stocking_index,
            delivery_date: date.to_string(),
            pars: pars.into_iter().collect(),
            order_upload_id: None,
            over_capacity: BTreeMap::new(),
            priority_boost_items: vec![],
            jit: false,
            jit_items: vec![],
            jit_update: None,
            details: None,
        }
    }

    /// The order's JIT allocation items (3-planning pars of the rows that said
    /// jit) with their units: none unless it is a JIT order.
    pub fn jit_allocation(&self) -> BTreeMap<String, i64> {
        if !self.jit {
            return BTreeMap::new();
        }
        self.pars
            .iter()
            .filter(|(item, _)| self.jit_items.is_empty() || self.jit_items.contains(item))
            .map(|(item, units)| (item.clone(), *units))
            .collect()
    }
}

/// What `ordersByDay` answers beyond the keys (3-planning §3 fridge order).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDetails {
    pub client_code: String,
    pub order_owner: String,
    pub order_type: String,
    pub unique_id: String,
    pub address_for_delivery: String,
    pub delivery_special_notes: String,
}

pub fn order_key(location: &str, stocking_index: i64) -> String {
    format!("{location}#{stocking_index}")
}

/// The partition and sort key attributes.
pub const PK: &str = "dateShard";
pub const SK: &str = "orderKey";

/// Totes for a number of units: whole totes, a part-filled one counts.
pub fn totes(units: i64) -> i64 {
    if units <= 0 {
        0
    } else {
        units / UNITS_PER_TOTE + i64::from(units % UNITS_PER_TOTE != 0)
    }
}
