//! The keys and reads of the FridgeOrders table: an order is written to the
//! shard of its location on its date, and a date is read over every shard.
use crate::deps::TableRef;
use crate::entity::fridge_order::{FridgeOrder, PK, SK};
use crate::item::{self, Item, Key};
use crate::query::Across;
use crate::{shard, ApiError};

/// The table key of the order `order_key` (`{location}#{index}`) on a date.
pub fn key(date: &str, order_key: &str) -> Key {
    let location = order_key.rsplit_once('#').map_or(order_key, |(location, _)| location);
    Key::from([(PK.to_string(), item::s(shard::key(date, location))), (SK.to_string(), item::s(order_key))])
}

/// A date's orders from every shard, in `orderKey` order.
pub fn of_date<'a>(table: &TableRef<'a>, date: &str) -> Across<'a> {
    table.query(PK, "").across(shard::keys(date), SK, &[PK, SK])
}

/// The item to store: the order and its partition key.
pub fn item(order: &FridgeOrder) -> Result<Item, ApiError> {
    let mut item = item::to_item(order)?;
    item.extend(key(&order.drop_off_date, &order.order_key));
    Ok(item)
}
