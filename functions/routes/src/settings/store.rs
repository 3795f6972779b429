//! The route settings in DynamoDB: one item of LocationRoutes, with its
//! history record and request record in the change's transaction.
use super::{SettingsChange, SettingsStore};
use crate::store::Dynamo;
use aws_sdk_dynamodb::types::{AttributeValue, Put, TransactWriteItem};
use fleet_shared::entity::assignment::RouteSettings;
use fleet_shared::{item, store, ApiError, Table};

impl SettingsStore for Dynamo {
    async fn settings(&self) -> Result<RouteSettings, ApiError> {
        fleet_shared::route_store::route_settings(self.0).await
    }

    async fn set_settings(&self, change: &SettingsChange<'_>) -> Result<(), ApiError> {
        let t = self.0.table(Table::LocationRoutes)?;
        // Tied to the version read: none stored (0), or that one.
        let put = Put::builder().table_name(t.name).set_item(Some(item::to_item(change.new)?));
        let put = match change.read {
            0 => put.condition_expression("attribute_not_exists(routeStop)"),
            v => put
                .condition_expression("version = :seen")
                .expression_attribute_values(":seen", AttributeValue::N(v.to_string())),
        };
        let items = vec![
            TransactWriteItem::builder().put(put.build().map_err(ApiError::internal)?).build(),
            change.record.put(self.0.config.table(Table::History)?)?,
            change.claim.put(self.0.config.table(Table::Idempotency)?)?,
        ];
        store::transact(t.client, items).await
    }
}
