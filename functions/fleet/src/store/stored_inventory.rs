//! A fridge's latest inventory as stored in FridgeInventory: the snapshot with
//! each slot as `[slot, item, runs]` and its units run-length encoded as
//! `[productionDate, shelfLifeDays, count]`. A slot's units nearly always
//! share a date, so a 30-slot snapshot is about 1 KB instead of 4-5 KB: it
//! is written on every inventory report, and write units go by the KB
//! (issue 39's cost). Decoding gives back the same units in the same order.
use chrono::NaiveDate;
use fleet_shared::entity::telemetry::{InventorySlot, InventorySnapshot, Unit};
use fleet_shared::entity::LocationId;
use serde::{Deserialize, Serialize};

/// Consecutive equal units: (production date, shelf life in days, how many).
type Run = (NaiveDate, Option<u32>, u32);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredInventory {
    location_id: LocationId,
    /// `stamp` text: what newest-wins compares (the condition names it).
    timestamp: String,
    slots: Vec<(String, String, Vec<Run>)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    received_at: Option<String>,
}

fn runs(units: &[Unit]) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    for u in units {
        match out.last_mut() {
            Some((date, shelf, n)) if *date == u.production_date && *shelf == u.shelf_life_days => *n += 1,
            _ => out.push((u.production_date, u.shelf_life_days, 1)),
        }
    }
    out
}

impl From<&InventorySnapshot> for StoredInventory {
    fn from(s: &InventorySnapshot) -> Self {
        StoredInventory {
            location_id: s.location_id.clone(),
            timestamp: s.timestamp.clone(),
            slots: s.slots.iter().map(|x| (x.slot.clone(), x.item_name.clone(), runs(&x.units))).collect(),
            received_at: s.received_at.clone(),
        }
    }
}

impl From<StoredInventory> for InventorySnapshot {
    fn from(s: StoredInventory) -> Self {
        let slots = s
            .slots
            .into_iter()
            .map(|(slot, item_name, runs)| InventorySlot {
                slot,
                item_name,
                units: runs
                    .into_iter()
                    .flat_map(|(production_date, shelf_life_days, n)| {
                        std::iter::repeat_n(Unit { production_date, shelf_life_days }, n as usize)
                    })
                    .collect(),
            })
            .collect();
        InventorySnapshot { location_id: s.location_id, timestamp: s.timestamp, slots, received_at: s.received_at }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn unit(day: u32, shelf: Option<u32>) -> Unit {
        Unit { production_date: NaiveDate::from_ymd_opt(2026, 11, day).unwrap(), shelf_life_days: shelf }
    }

    #[test]
    fn a_slot_of_one_date_is_one_run() {
        let s = InventorySnapshot {
            location_id: LocationId::stored("A"),
            timestamp: "2026-11-26T08:00:00.000Z".into(),
            slots: vec![InventorySlot {
                slot: "1:1".into(),
                item_name: "Salad".into(),
                units: vec![unit(25, Some(4)); 3],
            }],
            received_at: None,
        };
        let stored = StoredInventory::from(&s);
        assert_eq!(
            serde_json::to_value(&stored).unwrap()["slots"],
            serde_json::json!([["1:1", "Salad", [["2026-11-25", 4, 3]]]])
        );
        assert_eq!(InventorySnapshot::from(stored), s);
    }

    proptest! {
        #[test]
        fn storing_gives_back_the_same_units_in_the_same_order(
            slots in proptest::collection::vec(proptest::collection::vec((20u32..23, proptest::option::of(3u32..5)), 0..6), 0..5),
        ) {
            let s = InventorySnapshot {
                location_id: LocationId::stored("A"),
                timestamp: "2026-11-26T08:00:00.000Z".into(),
                slots: slots
                    .iter()
                    .enumerate()
                    .map(|(i, units)| InventorySlot {
                        slot: format!("1:{i}"),
                        item_name: format!("Item{i}"),
                        units: units.iter().map(|(d, shelf)| unit(*d, *shelf)).collect(),
                    })
                    .collect(),
                received_at: Some("2026-11-26T08:00:01.000Z".into()),
            };
            let json = serde_json::to_value(StoredInventory::from(&s)).unwrap();
            let back: StoredInventory = serde_json::from_value(json).unwrap();
            prop_assert_eq!(InventorySnapshot::from(back), s);
        }
    }
}
