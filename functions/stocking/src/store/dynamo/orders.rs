//! The order ingest's store (`intake`) in DynamoDB and SQS:
//! the order's conditional put, its slip and the delete of its slip at a
//! date it left in one transaction, and the dead-letter queue.
use super::Dynamo;
use crate::orders::StoredOrder;
use crate::slips::{PackingSlip, SlipChange};
use crate::store::{IntakeStore, Landed, Unstorable};
use aws_sdk_dynamodb::types::{AttributeValue, Delete, Put, TransactWriteItem};
use fleet_shared::entity::LocationId;
use fleet_shared::location_store;
use fleet_shared::store::{self, Key};
use fleet_shared::{ApiError, Queue, Table};
use std::collections::{HashMap, HashSet};

fn key(name: &str, value: &str) -> Key {
    HashMap::from([(name.to_string(), store::s(value))])
}

fn slip_put(table: &str, slip: &PackingSlip) -> Result<TransactWriteItem, ApiError> {
    let put = Put::builder().table_name(table).set_item(Some(slip.item()?)).build().map_err(ApiError::internal)?;
    Ok(TransactWriteItem::builder().put(put).build())
}

impl IntakeStore for Dynamo {
    async fn known_locations(&self, ids: Vec<String>) -> Result<HashSet<String>, ApiError> {
        let found = location_store::known(self.0, ids).await?;
        Ok(found.iter().map(LocationId::to_string).collect())
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

    async fn order(&self, id: &str) -> Result<Option<StoredOrder>, ApiError> {
        self.0.table(Table::Orders)?.get(key("uniqueId", id)).await
    }

    async fn write(
        &self,
        before: Option<&StoredOrder>,
        after: &StoredOrder,
        slips: &SlipChange,
    ) -> Result<Landed, ApiError> {
        let orders = self.0.table(Table::Orders)?;
        let slip_table = self.0.config.table(Table::PackingSlips)?;
        // Tied to the version read: the slip put and delete below were derived from it, so a batch that
        // landed in between (another date, a cancel) makes this one read again (`intake::land`).
        let put = Put::builder().table_name(orders.name).set_item(Some(store::to_item(after)?));
        let put = match before {
            None => put.condition_expression("attribute_not_exists(uniqueId)"),
            Some(read) => put
                .condition_expression("version = :read")
                .expression_attribute_values(":read", AttributeValue::N(read.version.to_string())),
        };
        let put = put.build().map_err(ApiError::internal)?;
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
            Err(ApiError::Conflict(_)) => Ok(Landed::Moved),
            Err(e) => Err(e),
        }
    }

    async fn park(&self, bad: &[Unstorable]) -> Vec<String> {
        fleet_shared::parking::park(self.0.queue(Queue::OrdersDeadLetter), bad, "order message").await
    }
}
