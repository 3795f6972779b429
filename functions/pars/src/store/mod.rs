//! The narrow store the par rules run over, and its DynamoDB implementation.
//! The kinds (`kind`) and handlers only see the trait, so the order rules
//! (never overwrite an order, a retry replays, an order lands whole) are
//! unit-tested with the in-memory store (`memory::Memory`). The idempotency records
//! of the upload pipeline are part of the store: an order and its record
//! land in one transaction.
use crate::rules::ORDER_EXISTS;
use fleet_shared::entity::fridge_order::FridgeOrder;
use fleet_shared::entity::location::Location;
use fleet_shared::idempotency::{Claim, Records};
use fleet_shared::ApiError;
use std::future::Future;

pub mod dynamo;
#[cfg(test)]
pub mod memory;

pub use dynamo::{Dynamo, ORDERS_PER_TRANSACTION};

/// An order's key in the store: its drop-off date and `{location}#{index}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OrderRef {
    pub drop_off_date: String,
    pub order_key: String,
}

impl OrderRef {
    pub fn of(order: &FridgeOrder) -> OrderRef {
        OrderRef { drop_off_date: order.drop_off_date.clone(), order_key: order.order_key.clone() }
    }
}

/// One order to write with the upload's record of it (`None`: no record).
#[derive(Debug, Clone, PartialEq)]
pub struct NewOrder {
    pub order: FridgeOrder,
    pub claim: Option<Claim>,
}

/// What the par rules read and write. `Records` are the upload's
/// idempotency records, which `write_orders` writes with the orders.
pub trait ParsStore: Records {
    /// The locations among these ids, with their type and operation configs
    /// (what the par rules and the report read); unknown ids are left out.
    fn locations(&self, ids: Vec<String>) -> impl Future<Output = Result<Vec<Location>, ApiError>> + Send;
    /// The stored orders among these keys.
    fn orders(&self, keys: Vec<OrderRef>) -> impl Future<Output = Result<Vec<FridgeOrder>, ApiError>> + Send;
    /// Every order dropping off on a date.
    fn orders_of(&self, date: &str) -> impl Future<Output = Result<Vec<FridgeOrder>, ApiError>> + Send;
    /// How many orders drop off on a date, counted where they are stored (no order is sent back).
    fn order_count(&self, date: &str) -> impl Future<Output = Result<u64, ApiError>> + Send;
    /// One page of at most `count` orders of a date behind a signed token, and the next page's token.
    fn orders_page(
        &self,
        date: &str,
        token: Option<&str>,
        count: usize,
    ) -> impl Future<Output = Result<(Vec<FridgeOrder>, Option<String>), ApiError>> + Send;
    /// Writes each order with its record, all or nothing per order, and only
    /// where neither exists: an order is never overwritten. Answers per order,
    /// in order: a Conflict with `ORDER_EXISTS` where the order (or its
    /// record) is already stored.
    fn write_orders(&self, orders: Vec<NewOrder>) -> impl Future<Output = Vec<Result<(), ApiError>>> + Send;
}

pub fn order_exists() -> ApiError {
    ApiError::Conflict(ORDER_EXISTS.into())
}
