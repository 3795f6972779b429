//! The supervisor's revert in DynamoDB (`revert`): the slip's lock deleted on
//! the condition that its action is still the one read, with the history
//! record, in one transaction.
use super::Dynamo;
use crate::drop::{lock_key, lock_partition, SlipLock};
use crate::record::PK;
use crate::revert::RevertStore;
use aws_sdk_dynamodb::types::{Delete, TransactWriteItem};
use fleet_shared::{flags, history, store, ApiError, Caller, Table};
use std::collections::HashMap;

impl RevertStore for Dynamo {
    async fn has_flag(&self, caller: &Caller, flag: &str) -> Result<bool, ApiError> {
        flags::has_flag(self.0, caller, flag).await
    }

    async fn slip_lock(&self, date: &str, slip: &str) -> Result<Option<SlipLock>, ApiError> {
        let key = HashMap::from([
            (PK.to_string(), store::s(lock_partition(slip))),
            ("sk".to_string(), store::s(lock_key(date, slip))),
        ]);
        self.0.table(Table::DriverActions)?.get(key).await
    }

    async fn revert(&self, lock: &SlipLock, record: &history::Record) -> Result<(), ApiError> {
        let t = self.0.table(Table::DriverActions)?;
        let delete = Delete::builder()
            .table_name(t.name)
            .key(PK, store::s(lock.partition()))
            .key("sk", store::s(&lock.sk))
            // Still the status that was read: a revert never removes a newer override.
            .condition_expression("actionId = :a")
            .expression_attribute_values(":a", store::s(&lock.action_id))
            .build()
            .map_err(ApiError::internal)?;
        let items = vec![
            TransactWriteItem::builder().delete(delete).build(),
            record.put(self.0.config.table(Table::History)?)?,
        ];
        store::transact(t.client, items).await
    }
}
