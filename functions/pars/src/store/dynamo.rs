//! The pars store over DynamoDB: orders land whole with their packing slips and records, several transactions at once.
use super::{order_exists, NewOrder, OrderRef, ParsStore};
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use fleet_shared::entity::fridge_order::FridgeOrder;
use fleet_shared::entity::location::Location;
use fleet_shared::idempotency::{Claim, Records, Seen};
use fleet_shared::location_store;
use fleet_shared::store::{self, Key, TRANSACT_MAX};
use fleet_shared::{ApiError, Deps, Table};
use fn_stocking::slips;
use futures::{stream, StreamExt};
use std::collections::{BTreeSet, HashMap};

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
        let keys: Vec<Key> =
            keys.into_iter().map(|k| fleet_shared::order_store::key(&k.drop_off_date, &k.order_key)).collect();
        let items = self.0.table(Table::FridgeOrders)?.batch_get(keys, &[]).await?;
        items.into_iter().map(store::from_item).collect()
    }

    async fn orders_of(&self, date: &str) -> Result<Vec<FridgeOrder>, ApiError> {
        fleet_shared::order_store::of_date(&self.0.table(Table::FridgeOrders)?, date).all().await
    }

    async fn order_count(&self, date: &str) -> Result<u64, ApiError> {
        fleet_shared::order_store::of_date(&self.0.table(Table::FridgeOrders)?, date).count().await
    }

    async fn orders_page(
        &self,
        date: &str,
        token: Option<&str>,
        count: usize,
    ) -> Result<(Vec<FridgeOrder>, Option<String>), ApiError> {
        let secret = self.0.config.paging_secret()?;
        let scope = format!("orders:{date}");
        fleet_shared::order_store::of_date(&self.0.table(Table::FridgeOrders)?, date)
            .signed_page(secret, &scope, token, count)
            .await
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
                    .set_item(Some(fleet_shared::order_store::item(&o.order)?))
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
        let order = FridgeOrder::new("2026-11-24", "L1", 1, (0..500).map(|i| (format!("{i:0>2000}"), 1)));
        let bigs = vec![order_bytes(&order); 5];
        assert_eq!(packing(&bigs), [2, 2, 1], "about 1 MB each");
    }
}
