//! Par upload groups (3-planning §3): one fridge order per dropOffDate,
//! location and stockingIndex, with its pars, over-capacity amounts and
//! priority-boost items, and the rules of a whole group. `uploadParMaps`
//! commits them through the upload pipeline (`kind::ParOrders`), which
//! writes each order only where none exists, so of two uploads racing for
//! the same order exactly one wins, and a retried chunk of the same upload
//! finds its orders written.
use crate::rules::{self, group_key, OpsLocation, ParRow, MAX_ITEMS_PER_GROUP};
use fleet_shared::entity::fridge_order::{order_key, FridgeOrder, OrderDetails};
use fn_stocking::slips;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemPar {
    pub pars: i64,
    pub item_name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemOverCapacity {
    pub over_capacity_amount: f64,
    pub item_name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParGroup {
    pub location: String,
    #[schemars(extend("x-plain-text" = "checked per group with every rule it breaks (`ParGroup::check`), so one bad group is refused alone, not the upload"))]
    pub delivery_date: String,
    #[schemars(extend("x-plain-text" = "checked per group with every rule it breaks (`ParGroup::check`), so one bad group is refused alone, not the upload"))]
    pub drop_off_date: String,
    pub jit: bool,
    /// Empty counts as 1 (§5).
    #[serde(default)]
    pub stocking_index: Option<i64>,
    pub pars_and_items: Vec<ItemPar>,
    #[serde(default)]
    pub over_capacity_amounts_and_items: Vec<ItemOverCapacity>,
    #[serde(default)]
    pub priority_boost_items: Vec<String>,
    /// The items whose rows said jit (the order's JIT allocation items);
    /// empty with `jit` set means every item (the spec's group carries one flag).
    #[serde(default)]
    pub jit_items: Vec<String>,
}

impl ParGroup {
    pub fn index(&self) -> i64 {
        self.stocking_index.unwrap_or(1)
    }

    pub fn key(&self) -> String {
        group_key(&self.drop_off_date, &self.location, self.index())
    }

    /// The groups of checked rows, in file order.
    pub fn of_rows(rows: &[ParRow]) -> Vec<ParGroup> {
        let mut order: Vec<String> = Vec::new();
        let mut groups: HashMap<String, ParGroup> = HashMap::new();
        for r in rows {
            let key = group_key(&r.drop_off_date, &r.location, r.stocking_index);
            let g = groups.entry(key.clone()).or_insert_with(|| {
                order.push(key.clone());
                ParGroup {
                    location: r.location.clone(),
                    delivery_date: r.delivery_date.clone(),
                    drop_off_date: r.drop_off_date.clone(),
                    jit: false,
                    stocking_index: Some(r.stocking_index),
                    pars_and_items: vec![],
                    over_capacity_amounts_and_items: vec![],
                    priority_boost_items: vec![],
                    jit_items: vec![],
                }
            });
            g.pars_and_items.push(ItemPar { pars: r.par, item_name: r.item.clone() });
            if r.over_capacity_amount > 0.0 {
                g.over_capacity_amounts_and_items
                    .push(ItemOverCapacity { over_capacity_amount: r.over_capacity_amount, item_name: r.item.clone() });
            }
            if r.priority_boost {
                g.priority_boost_items.push(r.item.clone());
            }
            // The order is a JIT order when any of its rows is.
            if r.jit {
                g.jit = true;
                g.jit_items.push(r.item.clone());
            }
        }
        order.into_iter().filter_map(|k| groups.remove(&k)).collect()
    }

    /// Every §5 rule a group can break, before anything is written.
    pub fn check(&self, ops: Option<&OpsLocation>) -> Vec<String> {
        let mut e = rules::location_rules(&self.location, ops);
        for (field, value) in [("dropOffDate", &self.drop_off_date), ("deliveryDate", &self.delivery_date)] {
            if rules::date(value).as_deref() != Some(value.as_str()) {
                e.push(format!("{field} '{value}' is not a date"));
            }
        }
        e.extend(rules::stocking_index_problem(&self.index().to_string()));
        if self.pars_and_items.is_empty() {
            e.push("A group needs at least one item".into());
        }
        if self.pars_and_items.len() > MAX_ITEMS_PER_GROUP {
            e.push(format!(
                "{} has {} items; a fridge order holds at most {MAX_ITEMS_PER_GROUP}.",
                self.key(),
                self.pars_and_items.len()
            ));
        }
        // The same bounds as the dry run's (`rules::parse`), so a file that passes one passes the other.
        e.extend(self.pars_and_items.iter().filter_map(|p| rules::par_problem(&p.item_name, p.pars)));
        e.extend(
            self.over_capacity_amounts_and_items
                .iter()
                .filter_map(|o| rules::over_capacity_problem(&o.item_name, o.over_capacity_amount)),
        );
        if self.jit && self.delivery_date != self.drop_off_date {
            for p in self
                .pars_and_items
                .iter()
                .filter(|p| self.jit_items.is_empty() || self.jit_items.contains(&p.item_name))
            {
                e.push(format!("JIT cannot be applied for {}. Delivery Date must equal Drop Off Date.", p.item_name));
            }
        }
        for item in self.jit_items.iter().filter(|i| !self.pars_and_items.iter().any(|p| &p.item_name == *i)) {
            e.push(format!("JIT item {item} is not one of {}'s items", self.key()));
        }
        let mut seen = std::collections::HashSet::new();
        for p in &self.pars_and_items {
            if !seen.insert(&p.item_name) {
                e.push(format!("{} appears twice in {}", p.item_name, self.key()));
            }
        }
        e
    }

    pub fn order(&self, upload_id: &str) -> FridgeOrder {
        FridgeOrder {
            drop_off_date: self.drop_off_date.clone(),
            order_key: order_key(&self.location, self.index()),
            location_id: self.location.clone(),
            stocking_index: self.index(),
            delivery_date: self.delivery_date.clone(),
            pars: self.pars_and_items.iter().map(|p| (p.item_name.clone(), p.pars)).collect(),
            order_upload_id: Some(upload_id.to_string()),
            over_capacity: self
                .over_capacity_amounts_and_items
                .iter()
                .map(|o| (o.item_name.clone(), o.over_capacity_amount))
                .collect::<BTreeMap<_, _>>(),
            priority_boost_items: self.priority_boost_items.clone(),
            jit: self.jit,
            jit_items: self.jit_items.clone(),
            jit_update: None,
            // Written explicitly (issue 23): the order system's orders carry
            // other types and client codes; a pars order is always these.
            details: Some(OrderDetails {
                order_type: slips::FRIDGE_ORDER_TYPE.into(),
                client_code: slips::FRIDGE_CLIENT_CODE.into(),
                order_owner: slips::PARS_ORDER_OWNER.into(),
                unique_id: format!("{}#{}", self.drop_off_date, order_key(&self.location, self.index())),
                ..OrderDetails::default()
            }),
        }
    }
}

#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupResult {
    pub key: String,
    pub status: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub messages: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(location: &str, item: &str, par: i64, index: i64) -> ParRow {
        ParRow {
            location: location.into(),
            drop_off_date: "2026-11-24".into(),
            delivery_date: "2026-11-24".into(),
            stocking_index: index,
            item: item.into(),
            par,
            over_capacity_amount: if item == "B" { 1.5 } else { 0.0 },
            jit: true,
            priority_boost: item == "A",
        }
    }

    #[test]
    fn rows_group_by_order_with_their_pars_over_capacity_and_boosts() {
        let groups = ParGroup::of_rows(&[
            row("L1", "A", 3, 1),
            row("L2", "A", 1, 1),
            row("L1", "B", 4, 1),
            row("L1", "C", 2, 2),
        ]);
        assert_eq!(
            groups.iter().map(ParGroup::key).collect::<Vec<_>>(),
            ["2026-11-24#L1#1", "2026-11-24#L2#1", "2026-11-24#L1#2"]
        );
        assert_eq!(groups[0].pars_and_items.len(), 2);
        assert_eq!(
            groups[0].over_capacity_amounts_and_items,
            vec![ItemOverCapacity { over_capacity_amount: 1.5, item_name: "B".into() }]
        );
        assert_eq!(groups[0].priority_boost_items, ["A"]);
        let order = groups[0].order("u1");
        assert_eq!(
            (order.order_key.as_str(), order.pars["B"], order.order_upload_id.as_deref()),
            ("L1#1", 4, Some("u1"))
        );
    }

    #[test]
    fn the_rows_that_said_jit_are_the_orders_jit_items() {
        let mut plain = row("L1", "B", 4, 1);
        plain.jit = false;
        let groups = ParGroup::of_rows(&[plain.clone(), row("L1", "A", 3, 1), row("L2", "C", 1, 1)]);
        assert_eq!(
            (groups[0].jit, groups[0].jit_items.clone()),
            (true, vec!["A".to_string()]),
            "any row makes a JIT order"
        );
        let order = groups[0].order("u1");
        assert_eq!(order.jit_allocation().into_iter().collect::<Vec<_>>(), [("A".to_string(), 3)]);
        let none = ParGroup::of_rows(&[plain]).remove(0);
        assert!(!none.jit && none.jit_items.is_empty());
        let mut stray = groups[1].clone();
        stray.jit_items = vec!["Z".into()];
        assert!(stray.check(None).iter().any(|e| e == "JIT item Z is not one of 2026-11-24#L2#1's items"));
    }

    #[test]
    fn a_pars_order_names_its_fridge_type_client_code_and_slip() {
        let order = ParGroup::of_rows(&[row("L1", "A", 3, 2)]).remove(0).order("u1");
        let d = order.details.clone().expect("details written explicitly");
        assert_eq!(
            (d.order_type.as_str(), d.client_code.as_str(), d.order_owner.as_str(), d.unique_id.as_str()),
            ("FRIDGE", "Fridge", "ParsUpload", "2026-11-24#L1#2")
        );
        let slip = slips::of_fridge_order(&order, "2026-11-23T10:00:00.000Z");
        assert_eq!(
            (slip.unique_id.as_str(), slip.kind.as_str(), slip.client_code.as_str()),
            ("2026-11-24#L1#2", "FRIDGE", "Fridge")
        );
    }

    #[test]
    fn a_group_is_rechecked_whole() {
        let ops = OpsLocation {
            kind: "FRIDGE".into(),
            routing_tag: Some("r".into()),
            fulfillment_center: Some("f".into()),
            park_to_fridge_instructions: Some("p".into()),
        };
        let mut g = ParGroup::of_rows(&[row("L1", "A", 3, 1)]).remove(0);
        assert!(g.check(Some(&ops)).is_empty());
        g.delivery_date = "2026-11-23".into();
        g.pars_and_items.push(ItemPar { pars: -1, item_name: "A".into() });
        g.pars_and_items.extend((0..500).map(|i| ItemPar { pars: 1, item_name: format!("I{i}") }));
        let e = g.check(Some(&ops));
        assert!(e.contains(&"2026-11-24#L1#1 has 502 items; a fridge order holds at most 500.".to_string()), "{e:?}");
        assert!(e.contains(&"Par issue with A. Accepted values any whole number 0 or greater.".to_string()));
        assert!(e.contains(&"JIT cannot be applied for A. Delivery Date must equal Drop Off Date.".to_string()));
        assert!(e.contains(&"A appears twice in 2026-11-24#L1#1".to_string()));
    }
}
