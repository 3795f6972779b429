//! The narrow store the order ingest (`intake`) runs over, and its
//! DynamoDB and SQS implementation:
//! the order's conditional put, its slip and the delete of its slip at a
//! date it left in one transaction, and the dead-letter queue.
use crate::orders::StoredOrder;
use crate::slips::{PackingSlip, SlipChange};
use aws_sdk_dynamodb::types::{AttributeValue, Delete, Put, TransactWriteItem};
use fleet_shared::entity::Location;
use fleet_shared::store::{self, Key};
use fleet_shared::{ApiError, Deps, Queue, Table};
use std::collections::{HashMap, HashSet};
use std::future::Future;

pub use fleet_shared::parking::Unstorable;

/// What one conditional write came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landed {
    Stored,
    /// A version at least as new was stored first: nothing written.
    Older,
}

pub trait IntakeStore {
    /// Which of these location ids exist.
    fn known_locations(&self, ids: Vec<String>) -> impl Future<Output = Result<HashSet<String>, ApiError>> + Send;
    /// The stored orders among these uniqueIds.
    fn orders(&self, ids: Vec<String>) -> impl Future<Output = Result<HashMap<String, StoredOrder>, ApiError>> + Send;
    /// The order (on the condition that no version as new is stored) with its
    /// slip changes, all or nothing.
    fn write(&self, after: &StoredOrder, slips: &SlipChange) -> impl Future<Output = Result<Landed, ApiError>> + Send;
    /// Parks records in the dead-letter queue with their reason; answers those it could not park.
    fn park(&self, bad: &[Unstorable]) -> impl Future<Output = Vec<String>> + Send;
}

/// The orders and slips in DynamoDB, the dead-letter queue in SQS.
pub struct Dynamo(pub &'static Deps);

fn key(name: &str, value: &str) -> Key {
    HashMap::from([(name.to_string(), store::s(value))])
}

fn slip_put(table: &str, slip: &PackingSlip) -> Result<TransactWriteItem, ApiError> {
    let put = Put::builder().table_name(table).set_item(Some(slip.item()?)).build().map_err(ApiError::internal)?;
    Ok(TransactWriteItem::builder().put(put).build())
}

impl IntakeStore for Dynamo {
    async fn known_locations(&self, ids: Vec<String>) -> Result<HashSet<String>, ApiError> {
        if ids.is_empty() {
            return Ok(HashSet::new());
        }
        let keys = ids.iter().map(|id| key("id", id)).collect();
        let items = self.0.table(Table::Locations)?.batch_get(keys, &["id"]).await?;
        let found: Vec<Location> = items.into_iter().map(store::from_item).collect::<Result<_, _>>()?;
        Ok(found.into_iter().map(|l| l.id.to_string()).collect())
    }

    async fn orders(&self, ids: Vec<String>) -> Result<HashMap<String, StoredOrder>, ApiError> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let keys = ids.iter().map(|id| key("uniqueId", id)).collect();
        let items = self.0.table(Table::Orders)?.batch_get(keys, &[]).await?;
        let found: Vec<StoredOrder> = items.into_iter().map(store::from_item).collect::<Result<_, _>>()?;
        Ok(found.into_iter().map(|o| (o.unique_id.clone(), o)).collect())
    }

    async fn write(&self, after: &StoredOrder, slips: &SlipChange) -> Result<Landed, ApiError> {
        let orders = self.0.table(Table::Orders)?;
        let slip_table = self.0.config.table(Table::PackingSlips)?;
        let put = Put::builder()
            .table_name(orders.name)
            .set_item(Some(store::to_item(after)?))
            // Newest wins even against a racing batch: only over a lower version.
            .condition_expression("attribute_not_exists(uniqueId) OR version < :v")
            .expression_attribute_values(":v", AttributeValue::N(after.version.to_string()))
            .build()
            .map_err(ApiError::internal)?;
        let mut items = vec![TransactWriteItem::builder().put(put).build()];
        if let Some(slip) = &slips.put {
            items.push(slip_put(slip_table, slip)?);
        }
        if let Some((date, unique_id)) = &slips.delete {
            let delete = Delete::builder()
                .table_name(slip_table)
                .set_key(Some(crate::slips::key(date, unique_id)))
                .build()
                .map_err(ApiError::internal)?;
            items.push(TransactWriteItem::builder().delete(delete).build());
        }
        match store::transact(orders.client, items).await {
            Ok(()) => Ok(Landed::Stored),
            Err(ApiError::Conflict(_)) => Ok(Landed::Older),
            Err(e) => Err(e),
        }
    }

    async fn park(&self, bad: &[Unstorable]) -> Vec<String> {
        fleet_shared::parking::park(self.0.queue(Queue::OrdersDeadLetter), bad, "order message").await
    }
}
