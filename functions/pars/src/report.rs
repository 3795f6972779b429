//! The packing-slip report (3-planning §2): per location, what to pack for a
//! date, placed in the warehouse's zones and bays. Zones 1 to 4 each have
//! bays A and B with fixed item lists; any other item goes to zone 'other',
//! bay B. Only a need above 0 is listed.
use fleet_shared::entity::fridge_order::FridgeOrder;
use serde::Serialize;
use std::collections::BTreeMap;

/// The warehouse layout: (zone, bay, items). The one place it is written down (docs/decisions/pars.md).
pub const LAYOUT: &[(&str, &str, &[&str])] = &[
    ("1", "A", &["Greek Salad", "Chicken Caesar Wrap", "Turkey Club"]),
    ("1", "B", &["Protein Box", "Veggie Wrap"]),
    ("2", "A", &["Overnight Oats", "Yogurt Parfait"]),
    ("2", "B", &["Fruit Cup", "Hummus Snack Pack"]),
    ("3", "A", &["Cold Brew", "Sparkling Water"]),
    ("3", "B", &["Orange Juice", "Kombucha"]),
    ("4", "A", &["Chocolate Chip Cookie", "Granola Bar"]),
    ("4", "B", &["Trail Mix", "Kettle Chips"]),
];

#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema)]
pub struct Slot {
    pub zone: String,
    pub bay: String,
    pub item: String,
    pub need: i64,
}

/// Where an item is packed.
pub fn place(item: &str) -> (&'static str, &'static str) {
    LAYOUT.iter().find(|(_, _, items)| items.contains(&item)).map(|(z, b, _)| (*z, *b)).unwrap_or(("other", "B"))
}

/// The slots of one location's needs, in zone, bay and item order; zero needs left out.
pub fn slots(needs: &BTreeMap<String, i64>) -> Vec<Slot> {
    let mut out: Vec<Slot> = needs
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(item, need)| {
            let (zone, bay) = place(item);
            Slot { zone: zone.into(), bay: bay.into(), item: item.clone(), need: *need }
        })
        .collect();
    // 'other' sorts after the numbered zones.
    out.sort_by(|a, b| {
        (a.zone == "other", &a.zone, &a.bay, &a.item).cmp(&(b.zone == "other", &b.zone, &b.bay, &b.item))
    });
    out
}

/// Each location's need per item over its orders (every stocking index).
/// Sums saturate: orders stored before the par bound may hold any i64.
pub fn needs(orders: &[FridgeOrder]) -> BTreeMap<String, BTreeMap<String, i64>> {
    let mut needs: BTreeMap<String, BTreeMap<String, i64>> = BTreeMap::new();
    for o in orders {
        let n = needs.entry(o.location_id.clone()).or_default();
        for (item, count) in &o.pars {
            let need = n.entry(item.clone()).or_default();
            *need = need.saturating_add(*count);
        }
    }
    needs
}

/// One location's pars per item (every stocking index summed): (count, over-capacity amount).
pub fn location_pars(orders: &[FridgeOrder]) -> BTreeMap<String, (i64, f64)> {
    let mut pars: BTreeMap<String, (i64, f64)> = BTreeMap::new();
    for o in orders {
        for (item, count) in &o.pars {
            let p = pars.entry(item.clone()).or_default();
            p.0 = p.0.saturating_add(*count);
        }
        for (item, over) in &o.over_capacity {
            pars.entry(item.clone()).or_default().1 += over;
        }
    }
    pars
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_go_to_their_zone_and_bay_unknown_ones_to_other_b_and_zero_needs_are_left_out() {
        let needs: BTreeMap<String, i64> =
            [("Kettle Chips", 2), ("Greek Salad", 5), ("Mystery Meal", 1), ("Cold Brew", 0), ("Fruit Cup", 3)]
                .iter()
                .map(|(i, n)| (i.to_string(), *n))
                .collect();
        let got: Vec<(String, String, String, i64)> =
            slots(&needs).into_iter().map(|s| (s.zone, s.bay, s.item, s.need)).collect();
        let want = [
            ("1", "A", "Greek Salad", 5),
            ("2", "B", "Fruit Cup", 3),
            ("4", "B", "Kettle Chips", 2),
            ("other", "B", "Mystery Meal", 1),
        ];
        assert_eq!(got, want.map(|(z, b, i, n)| (z.to_string(), b.to_string(), i.to_string(), n)));
    }

    fn order(index: i64, pars: &[(&str, i64)]) -> FridgeOrder {
        FridgeOrder::new("2026-11-24", "L1", index, pars.iter().map(|(i, n)| (i.to_string(), *n)))
    }

    #[test]
    fn sums_cannot_overflow() {
        // At the bound: the largest orders sum far inside i64 (and a GraphQL Int).
        let items: Vec<String> = (0..crate::rules::MAX_ITEMS_PER_GROUP).map(|i| format!("I{i}")).collect();
        let full: Vec<(&str, i64)> = items.iter().map(|i| (i.as_str(), crate::rules::MAX_PAR)).collect();
        let orders: Vec<FridgeOrder> = (1..=crate::rules::MAX_STOCKING_INDEX).map(|i| order(i, &full)).collect();
        assert_eq!(needs(&orders)["L1"]["I0"], crate::rules::MAX_PAR * crate::rules::MAX_STOCKING_INDEX);
        // Orders stored before the bound saturate instead of overflowing (a panic in a debug build).
        let old = [order(1, &[("A", i64::MAX)]), order(2, &[("A", i64::MAX)])];
        assert_eq!(needs(&old)["L1"]["A"], i64::MAX);
        assert_eq!(location_pars(&old)["A"].0, i64::MAX);
    }
}
