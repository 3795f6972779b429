//! The planogram store over DynamoDB: the deployed `Deps` itself.
use super::*;
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use fleet_shared::{names, permissions, scheduler, store, Deps, Table};
use std::collections::HashMap;

fn transact_put(put: aws_sdk_dynamodb::types::builders::PutBuilder) -> Result<TransactWriteItem, ApiError> {
    Ok(TransactWriteItem::builder().put(put.build().map_err(ApiError::internal)?).build())
}

/// Planograms in DynamoDB.
impl PlanogramStore for Deps {
    async fn layouts(&self) -> Result<Vec<String>, ApiError> {
        names::list(self, names::LAYOUTS).await
    }

    async fn slots(&self, layout: &str) -> Result<Vec<Slot>, ApiError> {
        self.table(Table::Planograms)?.partition_consistent("layoutName", layout).await
    }

    async fn slots_at(&self, keys: &[(String, String)]) -> Result<Vec<Slot>, ApiError> {
        let keys = keys
            .iter()
            .map(|(l, s)| HashMap::from([("layoutName".to_string(), store::s(l)), ("slot".to_string(), store::s(s))]))
            .collect();
        self.table(Table::Planograms)?.batch_get(keys, &[]).await?.into_iter().map(store::from_item).collect()
    }

    async fn changes_at(&self, keys: &[(String, String)]) -> Result<Vec<StoredChange>, ApiError> {
        let keys = keys.iter().map(|(uuid, hour)| scheduler::key_of(uuid, hour)).collect();
        self.table(Table::ScheduledChanges)?.batch_get(keys, &[]).await?.into_iter().map(store::from_item).collect()
    }

    async fn changes_of(&self, subject: &str) -> Result<Vec<StoredChange>, ApiError> {
        scheduler::for_subject(self, subject).await
    }

    async fn schedule(
        &self,
        change: &StoredChange,
        seen: Option<&StoredChange>,
        claim: Option<&Claim>,
    ) -> Result<(), ApiError> {
        let t = self.table(Table::ScheduledChanges)?;
        let put = Put::builder().table_name(t.name).set_item(Some(store::to_item(change)?));
        let put = match seen {
            None => put.condition_expression("attribute_not_exists(#u)").expression_attribute_names("#u", "uuid"),
            Some(seen) => put
                .condition_expression("#c.#v = :value AND dueShard = :shard")
                .expression_attribute_names("#c", "change")
                .expression_attribute_names("#v", "value")
                .expression_attribute_values(":value", store::s(&seen.change.value))
                .expression_attribute_values(":shard", store::s(&seen.due_shard)),
        };
        let mut items = vec![transact_put(put)?];
        if let Some(claim) = claim {
            items.push(claim.put(self.table(Table::Idempotency)?.name)?);
        }
        store::transact(t.client, items).await
    }

    async fn create(
        &self,
        layout: &str,
        slots: &[(Slot, Option<String>)],
        history: &Record,
        claims: &[&Claim],
    ) -> Result<(), ApiError> {
        let t = self.table(Table::Planograms)?;
        let mut items = Vec::new();
        for (slot, seen) in slots {
            let put = Put::builder().table_name(t.name).set_item(Some(store::to_item(slot)?));
            items.push(transact_put(match seen {
                None => put.condition_expression("attribute_not_exists(slot)"),
                Some(seen) => {
                    put.condition_expression("activeHour = :seen").expression_attribute_values(":seen", store::s(seen))
                }
            })?);
        }
        items.push(history.put(self.table(Table::History)?.name)?);
        let name = Put::builder()
            .table_name(self.table(Table::NameLists)?.name)
            .set_item(Some(names::item(names::LAYOUTS, layout)));
        items.push(transact_put(name)?);
        for claim in claims {
            items.push(claim.put(self.table(Table::Idempotency)?.name)?);
        }
        store::transact(t.client, items).await
    }

    async fn allowed(&self, sub: &str, action: &str) -> Result<bool, ApiError> {
        permissions::is_allowed(self, sub, action).await
    }

    async fn apply(
        &self,
        run: &str,
        at: &str,
        puts: &[Slot],
        finished: &[(&StoredChange, &str)],
        history: Option<&Record>,
    ) -> Result<(), ApiError> {
        let t = self.table(Table::Planograms)?;
        let mut items = Vec::new();
        for slot in puts {
            let hour = slot.active_hour.as_deref().unwrap_or_default();
            let put = Put::builder()
                .table_name(t.name)
                .set_item(Some(store::to_item(slot)?))
                .condition_expression("attribute_not_exists(slot) OR activeHour <= :h")
                .expression_attribute_values(":h", store::s(hour));
            items.push(transact_put(put)?);
        }
        for (change, shard) in finished {
            items.push(scheduler::finish_by_keeping(self, change, run, shard, at)?);
        }
        if let Some(history) = history {
            items.push(history.put(self.table(Table::History)?.name)?);
        }
        store::transact(t.client, items).await
    }
}
