//! An operator's acknowledgement of a Needs-attention item in DynamoDB
//! (`acknowledge`): the item, its history record, the request's claim and the
//! occurrence's claim, in one transaction.
use super::Dynamo;
use crate::store::{AckStore, AckWrite};
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use fleet_shared::{store, ApiError, Table};

impl AckStore for Dynamo {
    async fn acknowledge(&self, write: &AckWrite) -> Result<(), ApiError> {
        let actions = self.0.table(Table::DriverActions)?;
        let idempotency = self.0.config.table(Table::Idempotency)?;
        let item = Put::builder()
            .table_name(actions.name)
            .set_item(Some(write.item.item()?))
            .condition_expression("attribute_not_exists(sk)")
            .build()
            .map_err(ApiError::internal)?;
        let items = vec![
            TransactWriteItem::builder().put(item).build(),
            write.record.put(self.0.config.table(Table::History)?)?,
            write.request.put(idempotency)?,
            // The occurrence's claim: a second acknowledgement of it, by anyone, does not land.
            write.occurrence.put(idempotency)?,
        ];
        store::transact(actions.client, items).await
    }
}
