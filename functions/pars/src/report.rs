//! The packing-slip report (3-planning §2): per location, what to pack for a
//! date, placed in the warehouse's zones and bays. Zones 1 to 4 each have
//! bays A and B with fixed item lists; any other item goes to zone 'other',
//! bay B. Only a need above 0 is listed.
use serde::Serialize;
use std::collections::BTreeMap;

/// The warehouse layout: (zone, bay, items). The one place it is written down (docs/decisions.md).
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

#[derive(Debug, Clone, Serialize, PartialEq)]
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
    out.sort_by(|a, b| (a.zone == "other", &a.zone, &a.bay, &a.item).cmp(&(b.zone == "other", &b.zone, &b.bay, &b.item)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_go_to_their_zone_and_bay_unknown_ones_to_other_b_and_zero_needs_are_left_out() {
        let needs: BTreeMap<String, i64> =
            [("Kettle Chips", 2), ("Greek Salad", 5), ("Mystery Meal", 1), ("Cold Brew", 0), ("Fruit Cup", 3)].iter().map(|(i, n)| (i.to_string(), *n)).collect();
        let got: Vec<(String, String, String, i64)> = slots(&needs).into_iter().map(|s| (s.zone, s.bay, s.item, s.need)).collect();
        let want = [("1", "A", "Greek Salad", 5), ("2", "B", "Fruit Cup", 3), ("4", "B", "Kettle Chips", 2), ("other", "B", "Mystery Meal", 1)];
        assert_eq!(got, want.map(|(z, b, i, n)| (z.to_string(), b.to_string(), i.to_string(), n)));
    }
}
