use super::*;
use crate::entity::telemetry::{InventorySlot, Unit};
use chrono::NaiveDate;
use proptest::prelude::*;
use std::collections::BTreeSet;

fn snapshot(location: &str, at: &str, slots: &[(&str, &str, usize)]) -> InventorySnapshot {
    let unit = Unit { production_date: NaiveDate::from_ymd_opt(2026, 11, 20).unwrap(), shelf_life_days: None };
    InventorySnapshot {
        location_id: crate::entity::LocationId::stored(location),
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
    }
}

/// (kind, start, slot or item, item, end) of every stored row.
type Written = BTreeSet<(Kind, String, String, String, Option<String>)>;

fn written(m: &Memory) -> Written {
    m.rows
        .values()
        .map(|r| match r {
            Row::Empty(e) => {
                (Kind::EmptyChannel, e.timestamp.clone(), e.slot.clone(), e.vend_item_name.clone(), e.ended_at.clone())
            }
            Row::Out(o) => (Kind::StockOut, o.timestamp.clone(), o.item.clone(), o.item.clone(), o.ended_at.clone()),
        })
        .collect()
}

/// The rows a person writes down reading one fridge's snapshots in time
/// order: a slot that held units and holds none (or is gone) starts an empty
/// channel, an item no slot holds any more a stock-out; each ends at the
/// first later snapshot that shows it back. Written without the chain.
fn by_hand(snapshots: &[InventorySnapshot]) -> Written {
    let mut sorted: Vec<&InventorySnapshot> = snapshots.iter().collect();
    sorted.sort_by(|a, b| a.timestamp.cmp(&b.timestamp));
    sorted.dedup_by(|a, b| a.timestamp == b.timestamp);
    let slot = |s: &InventorySnapshot, slot: &str| -> usize {
        s.slots.iter().filter(|x| x.slot == slot).map(|x| x.units.len()).next_back().unwrap_or(0)
    };
    let item = |s: &InventorySnapshot, item: &str| -> usize {
        let mut by_slot = BTreeMap::new();
        for x in &s.slots {
            by_slot.insert(x.slot.clone(), (x.item_name.clone(), x.units.len()));
        }
        by_slot.values().filter(|(i, _)| i == item).map(|(_, n)| n).sum()
    };
    let mut rows = Written::new();
    for i in 1..sorted.len() {
        let (before, now) = (sorted[i - 1], sorted[i]);
        let mut slots_before = BTreeMap::new();
        for x in &before.slots {
            slots_before.insert(x.slot.clone(), x.item_name.clone());
        }
        for (s, name) in &slots_before {
            if slot(before, s) > 0 && slot(now, s) == 0 {
                let end = sorted[i + 1..].iter().find(|l| slot(l, s) > 0).map(|l| l.timestamp.clone());
                rows.insert((Kind::EmptyChannel, now.timestamp.clone(), s.clone(), name.clone(), end));
            }
        }
        let items: BTreeSet<&String> = slots_before.values().collect();
        for name in items {
            if item(before, name) > 0 && item(now, name) == 0 {
                let end = sorted[i + 1..].iter().find(|l| item(l, name) > 0).map(|l| l.timestamp.clone());
                rows.insert((Kind::StockOut, now.timestamp.clone(), name.clone(), name.clone(), end));
            }
        }
    }
    rows
}

fn derive_all(snapshots: &[&InventorySnapshot]) -> Memory {
    let mut m = Memory::default();
    for s in snapshots {
        m.derive(s).expect("a time");
    }
    m
}

const S0: &str = "2026-11-25T10:00:00.000Z";
const S1: &str = "2026-11-25T11:00:00.000Z";
const S2: &str = "2026-11-25T12:00:00.000Z";
const S3: &str = "2026-11-25T13:00:00.000Z";

#[test]
fn a_late_snapshot_that_shows_an_emptying_makes_its_rows_and_they_end_at_the_next() {
    let s0 = snapshot("A", S0, &[("1:1", "Salad", 1)]);
    let s1 = snapshot("A", S1, &[("1:1", "Salad", 0)]);
    let s2 = snapshot("A", S2, &[("1:1", "Salad", 2)]);
    let m = derive_all(&[&s0, &s2, &s1]);
    let want: Written = [
        (Kind::EmptyChannel, S1.into(), "1:1".into(), "Salad".into(), Some(S2.into())),
        (Kind::StockOut, S1.into(), "Salad".into(), "Salad".into(), Some(S2.into())),
    ]
    .into();
    assert_eq!(written(&m), want);
    assert_eq!(written(&m), by_hand(&[s0, s1, s2]));
}

#[test]
fn a_late_snapshot_moves_a_start_earlier_and_a_late_refill_moves_an_end_earlier() {
    let full = snapshot("A", S0, &[("1:1", "Salad", 1)]);
    let empty1 = snapshot("A", S1, &[("1:1", "Salad", 0)]);
    let empty2 = snapshot("A", S2, &[("1:1", "Salad", 0)]);
    let refill = snapshot("A", S3, &[("1:1", "Salad", 3)]);
    // In order but for empty1: the row starts at S2; empty1 moves it to S1.
    let m = derive_all(&[&full, &empty2, &refill, &empty1]);
    assert_eq!(written(&m), by_hand(&[full.clone(), empty1.clone(), empty2.clone(), refill.clone()]));
    assert!(written(&m).iter().all(|(_, since, ..)| since == S1), "no row is left at S2: {:?}", written(&m));
    // A refill that arrives after the snapshots past it closes the row at its own time.
    let early_refill = snapshot("A", S2, &[("1:1", "Salad", 1)]);
    let m = derive_all(&[&full, &empty1, &refill, &early_refill]);
    assert!(written(&m).iter().all(|(.., end)| end.as_deref() == Some(S2)), "{:?}", written(&m));
}

#[test]
fn a_late_snapshot_that_shows_a_row_never_happened_removes_it() {
    let full = snapshot("A", S0, &[("1:1", "Salad", 2)]);
    let refill_between = snapshot("A", S2, &[("1:1", "Salad", 1)]);
    let empty = snapshot("A", S1, &[("1:1", "Salad", 0)]);
    let m = derive_all(&[&full, &empty, &refill_between]);
    assert_eq!(written(&m).len(), 2);
    // The 10:00 and 12:00 snapshots say full; 11:00 replaced by a full one is a different snapshot
    // at the same time: the larger digest stands whatever the order.
    let also_full = snapshot("A", S1, &[("1:1", "Salad", 2)]);
    let (a, b) = (
        derive_all(&[&full, &empty, &refill_between, &also_full]),
        derive_all(&[&full, &also_full, &refill_between, &empty]),
    );
    assert_eq!(written(&a), written(&b));
    assert_eq!(a.links, b.links);
}

#[test]
fn a_sixty_slot_clear_out_lists_every_slot_and_item() {
    let names: Vec<(String, String)> =
        (0..60).map(|i| (format!("{}:{}", i / 6 + 1, i % 6 + 1), format!("Item{i}"))).collect();
    let full: Vec<(&str, &str, usize)> = names.iter().map(|(s, i)| (s.as_str(), i.as_str(), 2)).collect();
    let empty: Vec<(&str, &str, usize)> = names.iter().map(|(s, i)| (s.as_str(), i.as_str(), 0)).collect();
    let m = derive_all(&[&snapshot("A", S0, &full), &snapshot("A", S1, &empty)]);
    assert_eq!(written(&m).len(), 120, "60 empty channels and 60 stock-outs");
}

#[test]
fn a_duplicate_derives_nothing_and_writes_nothing() {
    let s0 = snapshot("A", S0, &[("1:1", "Salad", 1)]);
    let s1 = snapshot("A", S1, &[("1:1", "Salad", 0)]);
    let mut m = derive_all(&[&s0, &s1]);
    assert_eq!(m.derive(&s1), Some(Placed::Duplicate));
    assert_eq!(m.derive(&s0), Some(Placed::Duplicate));
}

/// A fridge's snapshots: three slots of two items, each 0-2 units or gone.
fn fridge(location: &'static str) -> impl Strategy<Value = Vec<InventorySnapshot>> {
    let slot = proptest::option::weighted(0.9, 0usize..3);
    proptest::collection::vec(proptest::collection::vec(slot, 3), 1..9).prop_map(move |steps| {
        steps
            .iter()
            .enumerate()
            .map(|(i, units)| {
                let at = format!("2026-11-25T{:02}:00:00.000Z", 8 + i);
                let slots: Vec<(String, String, usize)> = units
                    .iter()
                    .enumerate()
                    .filter_map(|(s, n)| {
                        n.map(|n| (format!("1:{}", s + 1), if s < 2 { "Salad" } else { "Wrap" }.to_string(), n))
                    })
                    .collect();
                let refs: Vec<(&str, &str, usize)> =
                    slots.iter().map(|(s, i, n)| (s.as_str(), i.as_str(), *n)).collect();
                snapshot(location, &at, &refs)
            })
            .collect()
    })
}

proptest! {
    /// Any order and duplication of the same snapshots makes the rows a person
    /// writes down reading them in time order, and the same links.
    #[test]
    fn any_order_and_duplication_gives_the_in_order_rows(
        (a, b) in (fridge("A"), fridge("B")),
        order in proptest::collection::vec(any::<prop::sample::Index>(), 0..40),
        dups in proptest::collection::vec(any::<prop::sample::Index>(), 0..6),
    ) {
        let all: Vec<&InventorySnapshot> = a.iter().chain(b.iter()).collect();
        let mut delivered = all.clone();
        for d in &dups {
            delivered.push(all[d.index(all.len())]);
        }
        // A shuffle driven by the generated indices (swaps), so a failure shrinks.
        for (i, o) in order.iter().enumerate() {
            let len = delivered.len();
            delivered.swap(i % len, o.index(len));
        }
        let in_order = derive_all(&all);
        let shuffled = derive_all(&delivered);
        let mut want = by_hand(&a);
        want.extend(by_hand(&b));
        prop_assert_eq!(written(&in_order), want);
        prop_assert_eq!(written(&shuffled), written(&in_order));
        prop_assert_eq!(&shuffled.links, &in_order.links);
    }
}

/// Plain JSON as DynamoDB's typed JSON, to size an item as DynamoDB does.
fn typed(v: &serde_json::Value) -> serde_json::Value {
    use serde_json::{json, Value};
    match v {
        Value::String(s) => json!({ "S": s }),
        Value::Number(n) => json!({ "N": n.to_string() }),
        Value::Bool(b) => json!({ "BOOL": b }),
        Value::Null => json!({ "NULL": true }),
        Value::Array(a) => json!({ "L": a.iter().map(typed).collect::<Vec<_>>() }),
        Value::Object(m) => {
            json!({ "M": m.iter().map(|(k, v)| (k.clone(), typed(v))).collect::<serde_json::Map<_, _>>() })
        }
    }
}

#[test]
fn a_thirty_slot_link_with_open_rows_is_one_write_unit() {
    let names: Vec<(String, String)> =
        (0..30).map(|i| (format!("{}:{}", i / 6 + 1, i % 6 + 1), format!("ITEM_{:02}", i % 20))).collect();
    let slots: Vec<(&str, &str, usize)> =
        names.iter().enumerate().map(|(n, (s, i))| (s.as_str(), i.as_str(), if n < 3 { 0 } else { 3 })).collect();
    let mut link = Link::of(&snapshot("BENCH_INV_A_12345_0001", S1, &slots)).unwrap();
    for (s, i) in names.iter().take(3) {
        link.open.empty.insert(s.clone(), Open { since: S1.into(), item: i.clone() });
    }
    let item = typed(&serde_json::to_value(&link).unwrap());
    let size = crate::usage::item_size(&item["M"]);
    assert!(size <= 1024, "a 30-slot link is {size} bytes, over one write unit");
    // Stored compactly, and read back whole.
    assert_eq!(serde_json::to_value(&link.slots["1:1"]).unwrap(), serde_json::json!(["ITEM_00", 0]));
    assert_eq!(serde_json::from_value::<Link>(serde_json::to_value(&link).unwrap()).unwrap(), link);
}
