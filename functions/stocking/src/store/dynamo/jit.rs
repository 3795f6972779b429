//! JIT Management in DynamoDB (`jit`): a date's stops and orders (one paged
//! Query each), and each update as one transaction of the order's
//! conditional update, its stop's not-stocked check and its history record,
//! packed several to a call (`store::transact_groups`).
use super::Dynamo;
use crate::jit::{JitStore, Write};
use aws_sdk_dynamodb::types::{AttributeValue, ConditionCheck, TransactWriteItem, Update};
use fleet_shared::entity::fridge_order::FridgeOrder;
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::{flags, store, ApiError, Caller, Table};

impl JitStore for Dynamo {
    async fn has_flag(&self, caller: &Caller, flag: &str) -> Result<bool, ApiError> {
        flags::has_flag(self.0, caller, flag).await
    }

    async fn stops(&self, date: &str, consistent: bool) -> Result<Vec<StoredStop>, ApiError> {
        let q = fleet_shared::route_store::stops_of_date(&self.0.table(Table::LocationRoutes)?, date);
        if consistent { q.consistent() } else { q }.all().await
    }

    async fn orders(&self, date: &str, consistent: bool) -> Result<Vec<FridgeOrder>, ApiError> {
        let q = fleet_shared::order_store::of_date(&self.0.table(Table::FridgeOrders)?, date);
        if consistent { q.consistent() } else { q }.all().await
    }

    async fn apply(&self, writes: &[Write]) -> Vec<Result<(), ApiError>> {
        let groups: Result<Vec<Vec<TransactWriteItem>>, ApiError> = writes.iter().map(|w| self.items(w)).collect();
        match (groups, self.0.dynamo()) {
            (Ok(groups), Ok(client)) => store::transact_groups(client, groups).await,
            (Err(e), _) | (_, Err(e)) => writes.iter().map(|_| Err(e.clone())).collect(),
        }
    }
}

impl Dynamo {
    /// One update's items: the order, the stop check, the history record.
    fn items(&self, w: &Write) -> Result<Vec<TransactWriteItem>, ApiError> {
        let config = &self.0.config;
        let mut expression = "SET #jit = :jit, #update = :update".to_string();
        let mut order = Update::builder()
            .table_name(config.table(Table::FridgeOrders)?)
            .set_key(Some(fleet_shared::order_store::key(&w.id.date, &w.id.order_key())))
            // Still a JIT order nobody updated: a second update, or one racing it, fails here.
            .condition_expression("#jit = :isJit AND attribute_not_exists(#update)")
            .expression_attribute_names("#jit", "jit")
            .expression_attribute_names("#update", "jitUpdate")
            .expression_attribute_values(":jit", AttributeValue::Bool(w.update.jit))
            .expression_attribute_values(":isJit", AttributeValue::Bool(true))
            .expression_attribute_values(":update", AttributeValue::M(store::to_item(&w.update)?));
        // Item names are free text: each goes through a placeholder.
        let mut removed = Vec::new();
        for (n, item) in w.update.cleared.keys().enumerate() {
            order = order.expression_attribute_names(format!("#p{n}"), item);
            removed.push(format!("#pars.#p{n}"));
            if w.over_capacity.contains(item) {
                removed.push(format!("#over.#p{n}"));
            }
        }
        if !removed.is_empty() {
            order = order.expression_attribute_names("#pars", "pars");
            if !w.over_capacity.is_empty() {
                order = order.expression_attribute_names("#over", "overCapacity");
            }
            expression.push_str(" REMOVE ");
            expression.push_str(&removed.join(", "));
        }
        let order = order.update_expression(expression).build().map_err(ApiError::internal)?;
        let stop = ConditionCheck::builder()
            .table_name(config.table(Table::LocationRoutes)?)
            .set_key(Some(fleet_shared::route_store::stop_key(&w.id.date, &w.route_stop)))
            // The stop is still there and nobody stocked it since it was read.
            .condition_expression("attribute_exists(routeStop) AND attribute_not_exists(#t)")
            .expression_attribute_names("#t", "stockedTimeUTC")
            .build()
            .map_err(ApiError::internal)?;
        Ok(vec![
            TransactWriteItem::builder().update(order).build(),
            TransactWriteItem::builder().condition_check(stop).build(),
            w.history.put(config.table(Table::History)?)?,
        ])
    }
}
