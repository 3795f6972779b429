//! Packing slips (2-fleet §3): one per fridge order, made in the same
//! DynamoDB transaction as the order write (the pars upload, the order
//! ingest), so there is never an order without its slip or the reverse.
//! The route is not stored: `getPackingSlipsV3` reads it from that date's
//! route stops, so a slip follows a route change without a write.
//!
//! Keys of `PackingSlipsTable` (issue 26): pk `dateShard` = `{dropOffDate}#{shard
//! of the uniqueId}`, sk `uniqueId`: a date's slips spread over
//! `shard::SHARDS` partitions, read from all of them merged in `uniqueId`
//! order (`of_date`), never a Scan. Every reader of one slip knows its id.
use crate::orders::{OrderBody, StoredOrder, ACTIVE};
use fleet_shared::deps::TableRef;
use fleet_shared::entity::fridge_order::FridgeOrder;
use fleet_shared::entity::route_stop::RouteStop;
use fleet_shared::query::Across;
use fleet_shared::store::{self, Item, Key};
use fleet_shared::{shard, ApiError};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The partition and sort key attributes.
pub const PK: &str = "dateShard";
pub const SK: &str = "uniqueId";

/// The table key of a date's slip.
pub fn key(date: &str, unique_id: &str) -> Key {
    Key::from([(PK.to_string(), store::s(shard::key(date, unique_id))), (SK.to_string(), store::s(unique_id))])
}

/// A date's slips from every shard, in `uniqueId` order.
pub fn of_date<'a>(table: &TableRef<'a>, date: &str) -> Across<'a> {
    table.query(PK, "").across(shard::keys(date), SK, &[PK, SK])
}

impl PackingSlip {
    /// The item to store: the slip and its partition key.
    pub fn item(&self) -> Result<Item, ApiError> {
        let mut item = store::to_item(self)?;
        item.extend(key(&self.drop_off_date, &self.unique_id));
        Ok(item)
    }
}

/// What the pars upload writes on each FRIDGE order (docs/api-contract.md).
pub const FRIDGE_ORDER_TYPE: &str = "FRIDGE";
pub const FRIDGE_CLIENT_CODE: &str = "Fridge";
/// The order owner of pars orders: the upload that made them.
pub const PARS_ORDER_OWNER: &str = "ParsUpload";
/// Where a slip's order came from.
pub const SOURCE_PARS: &str = "PARS";
pub const SOURCE_ORDER_SYSTEM: &str = "ORDER_SYSTEM";

/// One slip, as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackingSlip {
    pub drop_off_date: String,
    pub unique_id: String,
    pub location_id: String,
    pub stocking_index: i64,
    /// When the order was created (the upload's time, or the order system's createdAt).
    pub create_date: String,
    /// The order type: FRIDGE, WHOLESALE, INTERNAL_ORDER or CLIENT.
    #[serde(rename = "type")]
    pub kind: String,
    pub client_code: String,
    /// ACTIVE, or DELETED once its order is cancelled.
    pub status: String,
    pub source: String,
    /// The order's version the slip was written from (0 for pars orders, never changed).
    pub version: i64,
}

/// A pars order's uniqueId: its date and key (what `ordersByDay` answers).
pub fn pars_unique_id(order: &FridgeOrder) -> String {
    format!("{}#{}", order.drop_off_date, order.order_key)
}

/// The slip of a pars FRIDGE order, written with it.
pub fn of_fridge_order(order: &FridgeOrder, created: &str) -> PackingSlip {
    let d = order.details.clone().unwrap_or_default();
    PackingSlip {
        drop_off_date: order.drop_off_date.clone(),
        unique_id: if d.unique_id.is_empty() { pars_unique_id(order) } else { d.unique_id },
        location_id: order.location_id.clone(),
        stocking_index: order.stocking_index,
        create_date: created.to_string(),
        kind: if d.order_type.is_empty() { FRIDGE_ORDER_TYPE.into() } else { d.order_type },
        client_code: if d.client_code.is_empty() { FRIDGE_CLIENT_CODE.into() } else { d.client_code },
        status: ACTIVE.into(),
        source: SOURCE_PARS.into(),
        version: 0,
    }
}

fn of_body(o: &OrderBody, status: &str, version: i64) -> PackingSlip {
    PackingSlip {
        drop_off_date: o.drop_off_date.clone(),
        unique_id: o.unique_id.clone(),
        location_id: o.location_id.clone(),
        stocking_index: o.stocking_index.unwrap_or(1),
        create_date: o.created_at.clone(),
        kind: o.order_type.name().into(),
        client_code: o.client_code(),
        status: status.into(),
        source: SOURCE_ORDER_SYSTEM.into(),
        version,
    }
}

/// The slip writes an order change makes: the slip at the order's date
/// (its status follows the order's), and the delete of the slip at the
/// date it had before, if the date moved.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SlipChange {
    pub put: Option<PackingSlip>,
    /// (dropOffDate, uniqueId) of a slip to delete.
    pub delete: Option<(String, String)>,
}

pub fn change(before: Option<&StoredOrder>, after: &StoredOrder) -> SlipChange {
    let put = after.order.as_ref().map(|o| of_body(o, &after.status, after.version));
    let old_date = before.and_then(StoredOrder::drop_off_date);
    let delete = match (old_date, after.drop_off_date()) {
        (Some(old), Some(new)) if old != new => Some((old.to_string(), after.unique_id.clone())),
        _ => None,
    };
    SlipChange { put, delete }
}

/// The route of each (location, stocking index) on a date, from its route
/// stops; a location's first route serves an index no stop names.
#[derive(Debug, Default)]
pub struct Routes {
    by_index: HashMap<(String, i64), String>,
    by_location: HashMap<String, String>,
}

impl Routes {
    pub fn of(stops: &[RouteStop]) -> Routes {
        let mut r = Routes::default();
        for s in stops {
            r.by_index.entry((s.id.clone(), s.stocking_index)).or_insert_with(|| s.route.clone());
            r.by_location.entry(s.id.clone()).or_insert_with(|| s.route.clone());
        }
        r
    }

    pub fn route(&self, location: &str, index: i64) -> Option<&str> {
        self.by_index.get(&(location.to_string(), index)).or_else(|| self.by_location.get(location)).map(String::as_str)
    }
}

/// A slip as GraphQL answers it (`PackingSlip`).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlipView {
    pub location_id: String,
    /// The route of its stop that date, if routed.
    pub route: Option<String>,
    pub drop_off_date: String,
    pub unique_id: String,
    pub create_date: String,
    pub stocking_index: i64,
    #[serde(rename = "type")]
    pub kind: String,
    pub client_code: String,
    pub status: String,
}

pub fn view(s: &PackingSlip, routes: &Routes) -> SlipView {
    SlipView {
        location_id: s.location_id.clone(),
        route: routes.route(&s.location_id, s.stocking_index).map(str::to_string),
        drop_off_date: s.drop_off_date.clone(),
        unique_id: s.unique_id.clone(),
        create_date: s.create_date.clone(),
        stocking_index: s.stocking_index,
        kind: s.kind.clone(),
        client_code: s.client_code.clone(),
        status: s.status.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::{apply, parse, tests::order, Cancel, OrderMessage, DELETED};
    use fleet_shared::entity::fridge_order::OrderDetails;
    use serde_json::Value;

    fn fridge_order(details: Option<OrderDetails>) -> FridgeOrder {
        FridgeOrder { order_upload_id: Some("u1".into()), details, ..FridgeOrder::new("2026-11-24", "CHI_1", 2, []) }
    }

    #[test]
    fn an_order_and_its_slip_are_stored_under_the_keys_their_readers_ask_for() {
        let order = fridge_order(None);
        let item = fleet_shared::order_store::item(&order).unwrap();
        let order_key = fleet_shared::order_store::key("2026-11-24", "CHI_1#2");
        assert_eq!((&item["dateShard"], &item["orderKey"]), (&order_key["dateShard"], &order_key["orderKey"]));
        assert_eq!(order_key["dateShard"], store::s(shard::key("2026-11-24", "CHI_1")), "the location's shard");
        let slip = of_fridge_order(&order, "2026-11-23T10:00:00.000Z");
        let item = slip.item().unwrap();
        let slip_key = key("2026-11-24", "2026-11-24#CHI_1#2");
        assert_eq!((&item[PK], &item[SK]), (&slip_key[PK], &slip_key[SK]));
        let back: PackingSlip = store::from_item(item).unwrap();
        assert_eq!(back, slip);
    }

    #[test]
    fn a_pars_order_makes_an_active_fridge_slip() {
        let s = of_fridge_order(&fridge_order(None), "2026-11-23T10:00:00.000Z");
        assert_eq!(
            (s.unique_id.as_str(), s.kind.as_str(), s.client_code.as_str(), s.status.as_str(), s.stocking_index),
            ("2026-11-24#CHI_1#2", "FRIDGE", "Fridge", "ACTIVE", 2)
        );
        let d = OrderDetails {
            order_type: "FRIDGE".into(),
            client_code: "Fridge".into(),
            unique_id: "X".into(),
            ..Default::default()
        };
        assert_eq!(of_fridge_order(&fridge_order(Some(d)), "t").unique_id, "X", "the order's own uniqueId");
    }

    #[test]
    fn a_slip_follows_its_order_to_a_new_date_and_into_cancellation() {
        let first = apply(&parse(&order("O-1", 1, "2026-11-24").to_string()).unwrap(), None, "t1");
        let made = change(None, &first);
        let slip = made.put.clone().unwrap();
        assert_eq!(
            (slip.drop_off_date.as_str(), slip.kind.as_str(), slip.client_code.as_str()),
            ("2026-11-24", "WHOLESALE", "Wholesale")
        );
        assert_eq!(slip.create_date, "2026-11-23T08:00:00Z");
        assert_eq!(made.delete, None);

        let moved = apply(&parse(&order("O-1", 2, "2026-11-25").to_string()).unwrap(), Some(&first), "t2");
        let c = change(Some(&first), &moved);
        assert_eq!(c.put.map(|s| s.drop_off_date), Some("2026-11-25".into()));
        assert_eq!(c.delete, Some(("2026-11-24".into(), "O-1".into())), "the slip at the old date goes");

        let cancel = OrderMessage::Cancel(Cancel { unique_id: "O-1".into(), version: 3 });
        let cancelled = apply(&cancel, Some(&moved), "t3");
        let c = change(Some(&moved), &cancelled);
        let slip = c.put.unwrap();
        assert_eq!((slip.status.as_str(), slip.drop_off_date.as_str(), slip.version), (DELETED, "2026-11-25", 3));
        assert_eq!(c.delete, None);

        let early = apply(&OrderMessage::Cancel(Cancel { unique_id: "O-9".into(), version: 1 }), None, "t");
        assert_eq!(change(None, &early), SlipChange::default(), "a cancellation of an unknown order writes no slip");
    }

    #[test]
    fn the_route_is_the_stop_of_that_location_and_index() {
        let stop = |id: &str, index, route: &str| RouteStop {
            stocking_date: "2026-11-24".into(),
            market: "MW".into(),
            id: id.into(),
            route: route.into(),
            stop: 1,
            stocking_index: index,
            stop_type: "DELIVERY".into(),
        };
        let routes = Routes::of(&[stop("A", 1, "R1"), stop("A", 2, "R2"), stop("B", 1, "R3")]);
        assert_eq!(routes.route("A", 2), Some("R2"));
        assert_eq!(routes.route("B", 3), Some("R3"), "an index no stop names: the location's route");
        assert_eq!(routes.route("C", 1), None);
        let slip = of_fridge_order(&fridge_order(None), "t");
        assert_eq!(serde_json::to_value(view(&slip, &routes)).unwrap()["route"], Value::Null);
    }
}
