//! A supervisor's correction in DynamoDB (`correct`): the action replaced on
//! the condition that it still stands at the time read, the stops' stocked
//! times on the condition that they still hold what was read, one version
//! bump per route, the dashboard's marker, the history record and the
//! request's claim, in one transaction.
use super::Dynamo;
use crate::record::CorrectionPlan;
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use fleet_shared::idempotency::Claim;
use fleet_shared::route_store::{stocked_correction_write, version_bump};
use fleet_shared::{store, ApiError, Table};
use std::collections::BTreeMap;

impl Dynamo {
    pub(super) async fn write_correction(&self, plan: &CorrectionPlan, claim: &Claim) -> Result<(), ApiError> {
        let actions = self.0.table(Table::DriverActions)?;
        let routes_table = self.0.config.table(Table::LocationRoutes)?;
        let replace = Put::builder()
            .table_name(actions.name)
            .set_item(Some(plan.corrected.item()?))
            // Still standing (not voided) and at the time read: two supervisors never both apply.
            .condition_expression("attribute_exists(occurredSk) AND occurredAt = :read")
            .expression_attribute_values(":read", store::s(&plan.read.occurred_at))
            .build()
            .map_err(ApiError::internal)?;
        let marker = Put::builder()
            .table_name(actions.name)
            .set_item(Some(plan.marker.item()?))
            .condition_expression("attribute_not_exists(sk)")
            .build()
            .map_err(ApiError::internal)?;
        let mut items = vec![
            TransactWriteItem::builder().put(replace).build(),
            TransactWriteItem::builder().put(marker).build(),
            plan.record.put(self.0.config.table(Table::History)?)?,
            claim.put(self.0.config.table(Table::Idempotency)?)?,
        ];
        let mut routes = BTreeMap::new();
        for (stop, new) in &plan.stops {
            items.push(stocked_correction_write(
                routes_table,
                stop,
                new.as_ref().map(|s| (s.at.as_str(), s.by.as_str())),
            )?);
            routes.entry(stop.stop.route.clone()).or_insert(stop);
        }
        for stop in routes.values() {
            items.push(version_bump(routes_table, stop)?);
        }
        store::transact(actions.client, items).await
    }
}
