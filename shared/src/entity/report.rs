//! Report rows the telemetry ingest derives from inventory snapshots
//! (3-planning §3, issue 25): an empty channel when a slot becomes empty, a
//! stock-out when no slot of a fridge holds an item any more. Each is written
//! once, with the snapshot that shows it, under a key that follows the
//! occurrence (the snapshot's time and the slot or item), and read back by
//! Central day.
//!
//! Keys: table ReportRows, pk `{kind}#{YYYY-MM-DD}#{shard}` (the Central day
//! of the snapshot, spread over `shard::SHARDS` partitions by location so no key's
//! writes grow with the fleet), sk `{timestamp}#{location}#{slot or item}`.
use super::telemetry::InventorySnapshot;
use crate::{fridge_time, shard};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How long rows are kept (TTL `expiresAt`): longer than any range a report
/// screen allows, so an old date within it never comes back silently empty.
pub const KEEP_DAYS: i64 = 90;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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

/// The most rows one snapshot records or closes: they ride in its transaction
/// (100 items, the snapshot one of them).
pub const MAX_ROWS: usize = 99;

/// What a newer snapshot shows against the one before it.
#[derive(Debug, Default, PartialEq)]
pub struct Derived {
    pub empty: Vec<EmptyChannel>,
    pub out: Vec<StockOut>,
    /// Rows (pk, sk) the snapshot closes: their slot or item is back.
    pub ended: Vec<(String, String)>,
    /// What the stored snapshot carries on (`empty_since`, `out_since`).
    pub empty_since: BTreeMap<String, String>,
    pub out_since: BTreeMap<String, String>,
}

impl Derived {
    pub fn rows(&self) -> usize {
        self.empty.len() + self.out.len() + self.ended.len()
    }
}

fn key_of(kind: Kind, since: &str, location: &str, what: &str) -> Option<(String, String)> {
    let day = crate::dates::instant(since)?.with_timezone(&fridge_time::CENTRAL.tz).date_naive();
    Some((partition(kind, day, location), format!("{since}#{location}#{what}")))
}

/// The rows `open` since a time (by slot or item, those not older than
/// `oldest`): one whose slot or item is `back` closes (its key goes to
/// `ended`, while there is room); the others stay open and are answered.
fn close_or_carry(
    d: &mut Derived,
    kind: Kind,
    open: &BTreeMap<String, String>,
    oldest: &str,
    location: &str,
    back: impl Fn(&str) -> bool,
) -> BTreeMap<String, String> {
    let mut still_open = BTreeMap::new();
    for (what, since) in open.iter().filter(|(_, t)| t.as_str() >= oldest) {
        if back(what) {
            if d.rows() < MAX_ROWS {
                d.ended.extend(key_of(kind, since, location, what));
            }
        } else {
            still_open.insert(what.clone(), since.clone());
        }
    }
    still_open
}

/// What `after` shows against `before`: slots that held units and hold none
/// (or are gone) are empty channels, items some slot held that no slot holds
/// are stock-outs; a slot or item back since its row closes that row. A
/// first snapshot derives nothing (nothing *became* empty). Tracking stops
/// before a row's TTL, so a row closed is always a row kept; at most
/// `MAX_ROWS` rows ride along, and what is left out is not tracked either.
pub fn derive(before: &InventorySnapshot, after: &InventorySnapshot, at: DateTime<Utc>) -> Derived {
    let day = at.with_timezone(&fridge_time::CENTRAL.tz).date_naive();
    let location = after.location_id.as_str();
    let expires_at = at.timestamp() + KEEP_DAYS * 86_400;
    let oldest = crate::fridge_time::stamp(at - chrono::Duration::days(KEEP_DAYS - 1));
    let units = |s: &InventorySnapshot| -> BTreeMap<String, (String, usize)> {
        s.slots.iter().map(|x| (x.slot.clone(), (x.item_name.clone(), x.units.len()))).collect()
    };
    let (old, new) = (units(before), units(after));
    let held = |m: &BTreeMap<String, (String, usize)>| -> BTreeMap<String, usize> {
        let mut by_item = BTreeMap::new();
        for (item, n) in m.values() {
            *by_item.entry(item.clone()).or_default() += n;
        }
        by_item
    };
    let (was, is) = (held(&old), held(&new));
    let mut d = Derived::default();
    let room = |d: &Derived| d.rows() < MAX_ROWS;
    // Closed first: a row left open past its time would never close.
    let empty_since = close_or_carry(&mut d, Kind::EmptyChannel, &before.empty_since, &oldest, location, |slot| {
        new.get(slot).is_some_and(|(_, n)| *n > 0)
    });
    d.empty_since = empty_since;
    let out_since = close_or_carry(&mut d, Kind::StockOut, &before.out_since, &oldest, location, |item| {
        is.get(item).is_some_and(|n| *n > 0)
    });
    d.out_since = out_since;
    for (slot, (item, n)) in &old {
        let now = new.get(slot).map_or(0, |(_, n)| *n);
        if *n > 0 && now == 0 && room(&d) {
            let (logical_row, logical_column) = logical(slot);
            d.empty_since.insert(slot.clone(), after.timestamp.clone());
            d.empty.push(EmptyChannel {
                pk: partition(Kind::EmptyChannel, day, location),
                sk: format!("{}#{location}#{slot}", after.timestamp),
                kiosk_name: location.to_string(),
                vend_item_name: item.clone(),
                timestamp: after.timestamp.clone(),
                slot: slot.clone(),
                logical_column,
                logical_row,
                ended_at: None,
                expires_at,
            });
        }
    }
    for (item, _) in was.iter().filter(|(item, n)| **n > 0 && is.get(*item).copied().unwrap_or(0) == 0) {
        if room(&d) {
            d.out_since.insert(item.clone(), after.timestamp.clone());
            d.out.push(StockOut {
                pk: partition(Kind::StockOut, day, location),
                sk: format!("{}#{location}#{item}", after.timestamp),
                location: location.to_string(),
                item: item.clone(),
                timestamp: after.timestamp.clone(),
                ended_at: None,
                expires_at,
            });
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::telemetry::{InventorySlot, Unit};
    use proptest::prelude::*;

    fn snapshot(at: &str, slots: &[(&str, &str, usize)]) -> InventorySnapshot {
        let unit = Unit { production_date: NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(), shelf_life_days: None };
        InventorySnapshot {
            location_id: crate::entity::LocationId::stored("CHI_1"),
            timestamp: at.into(),
            slots: slots
                .iter()
                .map(|(s, i, n)| InventorySlot {
                    slot: s.to_string(),
                    item_name: i.to_string(),
                    units: vec![unit.clone(); *n],
                })
                .collect(),
            received_at: None,
            empty_since: BTreeMap::new(),
            out_since: BTreeMap::new(),
        }
    }

    #[test]
    fn a_slot_that_empties_is_an_empty_channel_and_an_item_no_slot_holds_is_a_stock_out() {
        let before =
            snapshot("2026-11-25T03:00:00.000Z", &[("1:1", "Salad", 1), ("1:2", "Salad", 2), ("2:1", "Wrap", 1)]);
        let after =
            snapshot("2026-11-25T04:00:00.000Z", &[("1:1", "Salad", 0), ("1:2", "Salad", 2), ("2:1", "Wrap", 0)]);
        let at = crate::dates::instant("2026-11-25T04:00:00Z").unwrap();
        let Derived { empty, out, .. } = derive(&before, &after, at);
        let slots: Vec<(&str, &str, Option<&str>, Option<&str>)> = empty
            .iter()
            .map(|e| {
                (e.slot.as_str(), e.vend_item_name.as_str(), e.logical_row.as_deref(), e.logical_column.as_deref())
            })
            .collect();
        assert_eq!(slots, [("1:1", "Salad", Some("1"), Some("1")), ("2:1", "Wrap", Some("2"), Some("1"))]);
        assert_eq!(out.iter().map(|o| o.item.as_str()).collect::<Vec<_>>(), ["Wrap"], "Salad is still in 1:2");
        // 04:00Z is 22:00 Central on the 24th: the row belongs to the Central day.
        assert!(empty[0].pk.starts_with("emptychannel#2026-11-24#") && out[0].pk.starts_with("stockout#2026-11-24#"));
        let again = derive(&after, &after, at);
        assert!(again.empty.is_empty() && again.out.is_empty(), "nothing new, nothing derived");
    }

    #[test]
    fn a_refill_closes_the_row_the_emptying_made() {
        let at = |t: &str| crate::dates::instant(t).unwrap();
        let full = snapshot("2026-11-25T03:00:00.000Z", &[("1:1", "Salad", 1)]);
        let mut empty = snapshot("2026-11-25T04:00:00.000Z", &[("1:1", "Salad", 0)]);
        let first = derive(&full, &empty, at("2026-11-25T04:00:00Z"));
        assert_eq!((first.empty.len(), first.out.len()), (1, 1));
        (empty.empty_since, empty.out_since) = (first.empty_since.clone(), first.out_since.clone());
        // Still empty an hour later: nothing new, still tracked.
        let mut still = snapshot("2026-11-25T05:00:00.000Z", &[("1:1", "Salad", 0)]);
        let second = derive(&empty, &still, at("2026-11-25T05:00:00Z"));
        assert_eq!((second.rows(), second.empty_since.len()), (0, 1));
        (still.empty_since, still.out_since) = (second.empty_since, second.out_since);
        let refilled = snapshot("2026-11-25T06:00:00.000Z", &[("1:1", "Salad", 3)]);
        let third = derive(&still, &refilled, at("2026-11-25T06:00:00Z"));
        let keys: Vec<(String, String)> = vec![
            (first.empty[0].pk.clone(), first.empty[0].sk.clone()),
            (first.out[0].pk.clone(), first.out[0].sk.clone()),
        ];
        assert_eq!(third.ended, keys);
        assert!(third.empty_since.is_empty() && third.out_since.is_empty());
    }

    proptest! {
        #[test]
        fn derived_rows_have_distinct_keys_and_name_only_what_was_held(
            before in proptest::collection::vec((0u8..6, 0u8..3, 0usize..3), 0..8),
            after in proptest::collection::vec((0u8..6, 0u8..3, 0usize..3), 0..8),
        ) {
            let to = |v: &[(u8, u8, usize)], at: &str| {
                let mut seen = std::collections::HashSet::new();
                let slots: Vec<(String, String, usize)> = v.iter().filter(|(s, ..)| seen.insert(*s)).map(|(s, i, n)| (format!("1:{s}"), format!("I{i}"), *n)).collect();
                let refs: Vec<(&str, &str, usize)> = slots.iter().map(|(s, i, n)| (s.as_str(), i.as_str(), *n)).collect();
                snapshot(at, &refs)
            };
            let (b, a) = (to(&before, "2026-11-25T03:00:00.000Z"), to(&after, "2026-11-25T04:00:00.000Z"));
            let Derived { empty, out, .. } = derive(&b, &a, Utc::now());
            let keys: std::collections::HashSet<&String> = empty.iter().map(|e| &e.sk).chain(out.iter().map(|o| &o.sk)).collect();
            prop_assert_eq!(keys.len(), empty.len() + out.len());
            for o in &out {
                prop_assert!(b.slots.iter().any(|s| s.item_name == o.item && !s.units.is_empty()));
                prop_assert!(!a.slots.iter().any(|s| s.item_name == o.item && !s.units.is_empty()));
            }
        }
    }
}
