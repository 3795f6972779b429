//! The narrow store the par rules run over, and its DynamoDB implementation.
//! The kinds (`kind`) and handlers only see the trait, so the order rules
//! (never overwrite an order, a retry replays, an order lands whole) are
//! unit-tested with the in-memory store (`fake`). The idempotency records
//! of the upload pipeline are part of the store: an order and its record
//! land in one transaction.
use crate::rules::ORDER_EXISTS;
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use fleet_shared::entity::fridge_order::{self, FridgeOrder};
use fleet_shared::entity::location::Location;
use fleet_shared::idempotency::{Claim, Records, Seen};
use fleet_shared::location_store;
use fleet_shared::store::{self, Key, TRANSACT_MAX};
use fleet_shared::{ApiError, Deps, Table};
use fn_stocking::slips;
use futures::{stream, StreamExt};
use std::collections::{BTreeSet, HashMap};
use std::future::Future;

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

/// Pars in DynamoDB, for a function that granted the tables it uses.
pub struct Dynamo(pub &'static Deps);

/// Orders one transaction takes: each is its order, its packing slip and its
/// upload record (DynamoDB's limit is 100 items), and at most 3 MB of its 4 MB.
pub const ORDERS_PER_TRANSACTION: usize = TRANSACT_MAX / 3;
const TRANSACTION_BYTES: usize = 3_000_000;
/// Transactions in flight at once.
const IN_FLIGHT: usize = 8;

impl Records for Dynamo {
    async fn get(&self, pk: &str, parts: Vec<String>) -> Result<HashMap<String, Claim>, ApiError> {
        Records::get(&self.0.table(Table::Idempotency)?, pk, parts).await
    }

    async fn put(&self, claim: &Claim) -> Result<Seen, ApiError> {
        Records::put(&self.0.table(Table::Idempotency)?, claim).await
    }
}

impl ParsStore for Dynamo {
    async fn locations(&self, ids: Vec<String>) -> Result<Vec<Location>, ApiError> {
        location_store::many(self.0, ids, &["id", "type", "operationConfigs"]).await
    }

    async fn orders(&self, keys: Vec<OrderRef>) -> Result<Vec<FridgeOrder>, ApiError> {
        let keys: BTreeSet<OrderRef> = keys.into_iter().collect();
        if keys.is_empty() {
            return Ok(vec![]);
        }
        let keys: Vec<Key> = keys.into_iter().map(|k| fridge_order::key(&k.drop_off_date, &k.order_key)).collect();
        let items = self.0.table(Table::FridgeOrders)?.batch_get(keys, &[]).await?;
        items.into_iter().map(store::from_item).collect()
    }

    async fn orders_of(&self, date: &str) -> Result<Vec<FridgeOrder>, ApiError> {
        fridge_order::of_date(&self.0.table(Table::FridgeOrders)?, date).all().await
    }

    async fn orders_page(
        &self,
        date: &str,
        token: Option<&str>,
        count: usize,
    ) -> Result<(Vec<FridgeOrder>, Option<String>), ApiError> {
        let secret = self.0.config.paging_secret()?;
        let scope = format!("orders:{date}");
        fridge_order::of_date(&self.0.table(Table::FridgeOrders)?, date).signed_page(secret, &scope, token, count).await
    }

    async fn write_orders(&self, orders: Vec<NewOrder>) -> Vec<Result<(), ApiError>> {
        let items = match self.items(&orders) {
            Ok(items) => items,
            Err(e) => return orders.iter().map(|_| Err(e.clone())).collect(),
        };
        let client = match self.0.dynamo() {
            Ok(c) => c,
            Err(e) => return orders.iter().map(|_| Err(e.clone())).collect(),
        };
        // Several transactions at once; `transact_groups` answers the orders whose
        // condition failed and lands the others of their transaction again.
        let answers: Vec<Vec<Result<(), ApiError>>> = stream::iter(transactions(&orders, items))
            .map(|batch| store::transact_groups(client, batch))
            .buffered(IN_FLIGHT)
            .collect()
            .await;
        answers
            .into_iter()
            .flatten()
            .map(|r| r.map_err(|e| if matches!(e, ApiError::Conflict(_)) { order_exists() } else { e }))
            .collect()
    }
}

impl Dynamo {
    /// Each order's items: its put on the condition that no order has its
    /// key, its packing slip (issue 23: made in the order's write, so never
    /// one without the other), and its record (whose own condition refuses a
    /// second record).
    fn items(&self, orders: &[NewOrder]) -> Result<Vec<Vec<TransactWriteItem>>, ApiError> {
        let table = self.0.table(Table::FridgeOrders)?.name;
        let slip_table = self.0.config.table(Table::PackingSlips)?;
        let records = self.0.config.table(Table::Idempotency);
        let created = fleet_shared::fridge_time::now_text();
        orders
            .iter()
            .map(|o| {
                let put = Put::builder()
                    .table_name(table)
                    .set_item(Some(o.order.item()?))
                    .condition_expression("attribute_not_exists(orderKey)")
                    .build()
                    .map_err(ApiError::internal)?;
                let slip = Put::builder()
                    .table_name(slip_table)
                    .set_item(Some(slips::of_fridge_order(&o.order, &created).item()?))
                    .build()
                    .map_err(ApiError::internal)?;
                let mut items =
                    vec![TransactWriteItem::builder().put(put).build(), TransactWriteItem::builder().put(slip).build()];
                if let Some(claim) = &o.claim {
                    items.push(claim.put(records.clone()?)?);
                }
                Ok(items)
            })
            .collect()
    }
}

pub fn order_exists() -> ApiError {
    ApiError::Conflict(ORDER_EXISTS.into())
}

/// The orders' items in transactions of at most `ORDERS_PER_TRANSACTION`
/// orders and about 3 MB, in order.
fn transactions(orders: &[NewOrder], items: Vec<Vec<TransactWriteItem>>) -> Vec<Vec<Vec<TransactWriteItem>>> {
    let sizes: Vec<usize> = orders.iter().map(|o| order_bytes(&o.order)).collect();
    let mut items = items.into_iter();
    packing(&sizes).into_iter().map(|n| items.by_ref().take(n).collect()).collect()
}

/// About the bytes an order takes in a transaction (its JSON and its record).
fn order_bytes(order: &FridgeOrder) -> usize {
    serde_json::to_string(order).map(|s| s.len()).unwrap_or(0) + 200
}

/// How many orders of these sizes each transaction takes, in order: at most
/// `ORDERS_PER_TRANSACTION` and `TRANSACTION_BYTES` (an order over it alone).
fn packing(sizes: &[usize]) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    let mut bytes = 0;
    for &size in sizes {
        match out.last_mut() {
            Some(n) if *n < ORDERS_PER_TRANSACTION && bytes + size <= TRANSACTION_BYTES => *n += 1,
            _ => {
                out.push(1);
                bytes = 0;
            }
        }
        bytes += size;
    }
    out
}

/// Pars in memory, for unit tests of the kinds and handlers.
#[cfg(test)]
pub mod fake {
    use super::*;
    use fleet_shared::idempotency::MemoryRecords;
    use std::collections::BTreeMap;
    use std::sync::Mutex;

    #[derive(Default)]
    pub struct Memory {
        pub locations: Mutex<HashMap<String, Location>>,
        pub orders: Mutex<BTreeMap<OrderRef, FridgeOrder>>,
        pub records: MemoryRecords,
        /// Orders written, counted.
        pub writes: Mutex<usize>,
    }

    impl Memory {
        pub fn stored(&self, date: &str, order_key: &str) -> Option<FridgeOrder> {
            let key = OrderRef { drop_off_date: date.into(), order_key: order_key.into() };
            self.orders.lock().unwrap().get(&key).cloned()
        }
    }

    impl Records for Memory {
        async fn get(&self, pk: &str, parts: Vec<String>) -> Result<HashMap<String, Claim>, ApiError> {
            self.records.get(pk, parts).await
        }

        async fn put(&self, claim: &Claim) -> Result<Seen, ApiError> {
            self.records.put(claim).await
        }
    }

    impl ParsStore for Memory {
        async fn locations(&self, ids: Vec<String>) -> Result<Vec<Location>, ApiError> {
            let all = self.locations.lock().unwrap();
            Ok(ids.iter().collect::<BTreeSet<_>>().into_iter().filter_map(|id| all.get(id).cloned()).collect())
        }

        async fn orders(&self, keys: Vec<OrderRef>) -> Result<Vec<FridgeOrder>, ApiError> {
            let all = self.orders.lock().unwrap();
            Ok(keys.iter().collect::<BTreeSet<_>>().into_iter().filter_map(|k| all.get(k).cloned()).collect())
        }

        async fn orders_of(&self, date: &str) -> Result<Vec<FridgeOrder>, ApiError> {
            Ok(self.orders.lock().unwrap().values().filter(|o| o.drop_off_date == date).cloned().collect())
        }

        async fn orders_page(
            &self,
            date: &str,
            token: Option<&str>,
            count: usize,
        ) -> Result<(Vec<FridgeOrder>, Option<String>), ApiError> {
            let skip: usize = token.and_then(|t| t.parse().ok()).unwrap_or(0);
            let all = self.orders_of(date).await?;
            let next = (all.len() > skip + count).then(|| (skip + count).to_string());
            Ok((all.into_iter().skip(skip).take(count).collect(), next))
        }

        /// Each order with its record, as one transaction would: neither lands when either exists.
        async fn write_orders(&self, orders: Vec<NewOrder>) -> Vec<Result<(), ApiError>> {
            tokio::task::yield_now().await; // lets racing tries interleave, as on a network
            let mut stored = self.orders.lock().unwrap();
            let mut records = self.records.0.lock().unwrap();
            orders
                .into_iter()
                .map(|o| {
                    let key = OrderRef::of(&o.order);
                    let record = o.claim.as_ref().map(|c| (c.pk.clone(), c.sk.clone()));
                    if stored.contains_key(&key) || record.as_ref().is_some_and(|r| records.contains_key(r)) {
                        return Err(order_exists());
                    }
                    if let (Some(r), Some(c)) = (record, o.claim) {
                        records.insert(r, c);
                    }
                    stored.insert(key, o.order);
                    *self.writes.lock().unwrap() += 1;
                    Ok(())
                })
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transactions_hold_at_most_33_orders_with_their_slips_and_records_and_3_mb() {
        let small = vec![1_000; 250];
        let mut expected = vec![33; 7];
        expected.push(19);
        assert_eq!(packing(&small), expected, "33 orders with their slips and records: 99 items");
        // Orders of about 1 MB each (500 items with long names).
        let order = FridgeOrder {
            drop_off_date: "2026-11-24".into(),
            order_key: "L1#1".into(),
            location_id: "L1".into(),
            stocking_index: 1,
            delivery_date: "2026-11-24".into(),
            pars: (0..500).map(|i| (format!("{i:0>2000}"), 1)).collect(),
            order_upload_id: None,
            over_capacity: Default::default(),
            priority_boost_items: vec![],
            jit: false,
            jit_items: vec![],
            jit_update: None,
            details: None,
        };
        let bigs = vec![order_bytes(&order); 5];
        assert_eq!(packing(&bigs), [2, 2, 1], "about 1 MB each");
    }
}
