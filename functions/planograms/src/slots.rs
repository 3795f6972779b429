//! A layout's slot assignments: the current ones (Planograms table: pk
//! layoutName, sk slot) and the scheduled ones (the shared scheduler's
//! ScheduledChanges, in the planogram due shard). The scheduler applies a due
//! group (a layout at an hour) through `Scheduled`: each slot put, its
//! change's finish and the layout's history record land together, so a
//! change applies exactly once however many runs race.
use crate::rules::{central, slot_order};
use aws_sdk_dynamodb::types::{AttributeValue, Put, TransactWriteItem};
use chrono::{DateTime, Utc};
use fleet_shared::history::{self, Change, Record};
use fleet_shared::scheduler::{self, iso, Applier, StoredChange};
use fleet_shared::{permissions, store, ApiError, Deps, Table};
use serde_json::{json, Value};
use std::collections::HashMap;

pub const TABLE_NAME: &str = "Planograms";
pub const DUE_SHARD: &str = "PLANOGRAM_DUE";
/// Applied changes are kept (out of the due partition) so a retried upload finds them.
pub const APPLIED_SHARD: &str = "PLANOGRAM_APPLIED";
/// A change whose slot already took a later assignment: kept, never applied.
pub const SUPERSEDED_SHARD: &str = "PLANOGRAM_SUPERSEDED";
/// The action that schedules, and that the scheduler re-checks when a change applies.
pub const SCHEDULE_ACTION: &str = "SchedulePlanograms";
/// Slot puts per transaction: two items each (the put and the change's finish) plus the history record.
const APPLY_CHUNK: usize = 49;
/// Slot changes of one layout and hour a scheduler run applies at most: its
/// claims and about 11 transactions fit the function's 15 s; a larger group
/// (5,000 slots at one hour) goes on in the next runs, each change once.
pub const MAX_PER_RUN: usize = 500;

pub fn subject(layout: &str) -> String {
    format!("planogram#{layout}")
}

pub fn history_entity(layout: &str) -> String {
    history::entity("planogram", layout)
}

pub fn slot_key(layout: &str, slot: &str) -> HashMap<String, AttributeValue> {
    HashMap::from([("layoutName".to_string(), store::s(layout)), ("slot".to_string(), store::s(slot))])
}

/// The current slots of a layout, by slot.
pub async fn current(deps: &Deps, layout: &str) -> Result<HashMap<String, Value>, ApiError> {
    let items: Vec<Value> = deps.table(Table::Planograms)?.partition_consistent("layoutName", layout).await?;
    Ok(items.into_iter().map(|v| (v["slot"].as_str().unwrap_or_default().to_string(), v)).collect())
}

/// The JSON text history keeps for a slot's item (`null` when the slot was empty).
pub fn item_text(slot: Option<&Value>) -> String {
    slot.map(|s| s["vendItemName"].clone()).unwrap_or(Value::Null).to_string()
}

/// The put of a slot assignment that takes effect at `record.activeHour`,
/// unless the slot already holds a later one.
pub fn slot_put(table: &str, record: &Value) -> Result<TransactWriteItem, ApiError> {
    let put = Put::builder()
        .table_name(table)
        .set_item(Some(store::to_item(record)?))
        .condition_expression("attribute_not_exists(slot) OR activeHour <= :h")
        .expression_attribute_values(":h", store::s(record["activeHour"].as_str().unwrap_or_default()))
        .build()
        .map_err(ApiError::internal)?;
    Ok(TransactWriteItem::builder().put(put).build())
}

/// Applies the planogram shard's due groups for the shared scheduler.
pub struct Scheduled(pub &'static Deps);

impl Applier for Scheduled {
    const MAX_PER_RUN: usize = MAX_PER_RUN;

    async fn apply(&self, _subject: &str, changes: &[StoredChange], run: &str) -> Result<(), ApiError> {
        let deps = self.0;
        let Some(first) = changes.first() else { return Ok(()) };
        // Every author's permission, not only the first's: one group may hold several users' rows.
        scheduler::check_authors(changes, SCHEDULE_ACTION, |sub, action| async move {
            permissions::is_allowed(deps, &sub, &action).await
        })
        .await?;
        let layout = first.change.id.as_str();
        let slots = current(deps, layout).await?;
        let hour = DateTime::parse_from_rfc3339(&first.action_time).map_err(ApiError::internal)?.with_timezone(&Utc);
        let source = format!("Planogram change scheduled for {} Central", central(hour));
        let now = iso(Utc::now());
        let (table, history_table) = (deps.table(Table::Planograms)?, deps.table(Table::History)?.name);
        let mut ordered: Vec<&StoredChange> = changes.iter().collect();
        ordered.sort_by_key(|c| slot_order(&c.change.attribute));
        for chunk in ordered.chunks(APPLY_CHUNK) {
            let (mut items, mut diff) = (Vec::new(), Vec::new());
            for c in chunk {
                let slot = c.change.attribute.as_str();
                let old = slots.get(slot);
                if old.and_then(|o| o["activeHour"].as_str()).is_some_and(|h| h > c.action_time.as_str()) {
                    items.push(scheduler::finish_by_keeping(deps, c, run, SUPERSEDED_SHARD)?);
                    continue;
                }
                let item = c.value()["vendItemName"].clone();
                let config = old.map(|o| o["physicalFridgeConfig"].clone()).unwrap_or(Value::Null);
                let record = json!({ "layoutName": layout, "slot": slot, "vendItemName": item, "physicalFridgeConfig": config,
                                     "activeHour": c.action_time, "appliedAt": now, "updatedBy": c.user, "source": source });
                items.push(slot_put(table.name, &record)?);
                items.push(scheduler::finish_by_keeping(deps, c, run, APPLIED_SHARD)?);
                diff.push(Change {
                    attribute: format!("slot {slot}"),
                    old_value: item_text(old),
                    new_value: item.to_string(),
                    reason: None,
                });
            }
            if !diff.is_empty() {
                // Applied by the platform for its author: the record names the author's sub.
                let mut record = Record::new(history_entity(layout), &now, &first.user, &source, diff);
                record.who_sub = first.user_sub.clone().or(record.who_sub);
                items.push(record.put(history_table)?);
            }
            store::transact(table.client, items).await?;
        }
        Ok(())
    }
}

/// Slots sorted as the fridge reads them (row, then column).
pub fn sorted(mut slots: Vec<Value>) -> Vec<Value> {
    slots.sort_by_key(|s| slot_order(s["slot"].as_str().unwrap_or_default()));
    slots
}
