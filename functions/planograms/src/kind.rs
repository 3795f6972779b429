//! Planogram rows on the upload pipeline. An UPDATE row becomes a scheduled
//! change (one per layout, slot and hour: its id follows them, so a retry or
//! a re-upload overwrites instead of duplicating); the scheduler applies it
//! at its hour. A CREATE row takes effect now: a layout's CREATE rows are one
//! group, written in one transaction with the layout's history record and its
//! name (so `getPlanogramNames` lists it).
use crate::rules::{self, RequestType, SlotRow};
use crate::slots::{self, DUE_SHARD, TABLE_NAME};
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use chrono::{DateTime, Utc};
use fleet_shared::history::{Change, Record};
use fleet_shared::scheduler::{self, iso, ChangeBody, StoredChange, FAILED_SHARD};
use fleet_shared::upload::{self, CommitResult, CommitStatus, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::{names, store, ApiError, Caller, Deps, Table};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Slots of one new layout: its puts, its history record, its name and the
/// group's upload record fit one transaction of 100 items.
pub const MAX_CREATE_SLOTS: usize = 97;
/// Scheduled changes written at once by one batch.
const IN_FLIGHT: usize = 8;

pub struct PlanogramUpload {
    pub deps: &'static Deps,
    pub caller: Caller,
    pub now: DateTime<Utc>,
}

/// A valid row, and whether its layout already exists.
pub struct Plan {
    pub row: SlotRow,
    pub layout_exists: bool,
}

fn key(row: &SlotRow) -> String {
    let parts = match (row.request, row.active_hour) {
        (RequestType::Update, Some(h)) => vec!["U".to_string(), row.layout.clone(), row.slot.clone(), iso(h)],
        _ => vec!["C".to_string(), row.layout.clone(), row.slot.clone()],
    };
    serde_json::to_string(&parts).unwrap_or_default()
}

fn change_uuid(layout: &str, slot: &str, hour: &str) -> String {
    scheduler::stable_uuid(&["planogram", layout, slot, hour])
}

pub fn request_type(row: &RawRow) -> Option<RequestType> {
    row.cell("requestType").as_deref().and_then(RequestType::parse)
}

impl UploadKind for PlanogramUpload {
    const SCOPE: &'static str = "planograms";
    type Plan = Plan;
    /// The layouts that exist.
    type Context = HashSet<String>;

    async fn context(&self) -> Result<HashSet<String>, ApiError> {
        Ok(names::list(self.deps, names::LAYOUTS).await?.into_iter().collect())
    }

    fn check(&self, raw: &RawRow, layouts: &HashSet<String>) -> Result<(String, Plan), Vec<String>> {
        let request = request_type(raw).ok_or_else(|| vec!["requestType must be UPDATE or CREATE.".to_string()])?;
        let row = rules::check(raw, request)?;
        let layout_exists = layouts.contains(&row.layout);
        if request == RequestType::Update && !layout_exists {
            return Err(vec![format!("Layout {} does not exist. Choose Create New Planogram to add it.", row.layout)]);
        }
        Ok((key(&row), Plan { row, layout_exists }))
    }

    async fn load(&self, keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
        let (mut changes, mut slot_keys) = (Vec::new(), Vec::new());
        for k in &keys {
            let parts: Vec<String> = serde_json::from_str(k).map_err(ApiError::internal)?;
            match parts.as_slice() {
                [u, layout, slot, hour] if u == "U" => {
                    changes.push(scheduler::key_of(&change_uuid(layout, slot, hour), hour))
                }
                [_, layout, slot] => slot_keys.push(slots::slot_key(layout, slot)),
                _ => {}
            }
        }
        let mut found = HashMap::new();
        if !changes.is_empty() {
            for item in self.deps.table(Table::ScheduledChanges)?.batch_get(changes, &[]).await? {
                let c: StoredChange = store::from_item(item)?;
                let k = serde_json::to_string(&["U", &c.change.id, &c.change.attribute, &c.action_time])
                    .map_err(ApiError::internal)?;
                found.insert(k, serde_json::to_value(&c).map_err(ApiError::internal)?);
            }
        }
        if !slot_keys.is_empty() {
            for item in self.deps.table(Table::Planograms)?.batch_get(slot_keys, &[]).await? {
                let v: Value = store::from_item(item)?;
                let k = serde_json::to_string(&[
                    "C",
                    v["layoutName"].as_str().unwrap_or_default(),
                    v["slot"].as_str().unwrap_or_default(),
                ])
                .map_err(ApiError::internal)?;
                found.insert(k, v);
            }
        }
        Ok(found)
    }

    fn compare(&self, plan: &Plan, stored: Option<&Value>) -> Result<Vec<Change>, String> {
        let Some(stored) = stored else { return Ok(vec![]) };
        let change = |attribute: &str, old: &Value, new: Value| {
            (old != &new).then(|| Change {
                attribute: attribute.into(),
                old_value: old.to_string(),
                new_value: new.to_string(),
                reason: None,
            })
        };
        let row = &plan.row;
        Ok(match row.request {
            RequestType::Update => {
                let old: Value = stored["change"]["value"]
                    .as_str()
                    .and_then(|v| serde_json::from_str(v).ok())
                    .unwrap_or(Value::Null);
                let mut diff: Vec<Change> =
                    change("vendItemName", &old["vendItemName"], json!(row.item)).into_iter().collect();
                if diff.is_empty() && stored["dueShard"] == FAILED_SHARD {
                    diff.push(Change {
                        attribute: "status".into(),
                        old_value: "\"FAILED\"".into(),
                        new_value: "\"PENDING\"".into(),
                        reason: None,
                    });
                }
                diff
            }
            RequestType::Create => [
                change("vendItemName", &stored["vendItemName"], json!(row.item)),
                change("physicalFridgeConfig", &stored["physicalFridgeConfig"], json!(row.config)),
            ]
            .into_iter()
            .flatten()
            .collect(),
        })
    }

    fn group_of(&self, raw: &RawRow) -> Option<String> {
        (request_type(raw) == Some(RequestType::Create)).then(|| raw.cell("layoutName").unwrap_or_default())
    }

    fn max_group_rows(&self) -> usize {
        MAX_CREATE_SLOTS
    }

    fn group_too_large(&self, layout: &str, rows: usize, max: usize) -> String {
        format!("A new layout holds at most {max} slots; {layout} has {rows}.")
    }

    fn warnings(&self, plan: &Plan) -> Vec<String> {
        match plan.row.request {
            RequestType::Create if plan.layout_exists => {
                vec![format!("Layout {} already exists: the slots in this file change now.", plan.row.layout)]
            }
            _ => vec![],
        }
    }

    fn related_key(&self, plan: &Plan) -> Option<String> {
        (plan.row.request == RequestType::Update)
            .then(|| serde_json::to_string(&[&plan.row.layout, &plan.row.slot]).unwrap_or_default())
    }

    fn related_warning(&self, _row: u32, others: &[u32]) -> String {
        rules::repeated_slot_warning(others)
    }

    async fn write(&self, rows: Vec<Planned<Plan>>, req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
        let (updates, creates): (Vec<_>, Vec<_>) =
            rows.into_iter().partition(|p| p.plan.row.request == RequestType::Update);
        let mut results = upload::write_each(updates, IN_FLIGHT, |p| async move {
            let outcome = self.schedule(&p, req).await;
            (p, outcome)
        })
        .await;
        let mut layouts: BTreeMap<String, Vec<Planned<Plan>>> = BTreeMap::new();
        for p in creates {
            layouts.entry(p.plan.row.layout.clone()).or_default().push(p);
        }
        for (layout, group) in layouts {
            let outcome = self.create(&layout, &group, req).await;
            results.extend(group.into_iter().map(|p| {
                let (status, message) = match &outcome {
                    Ok(()) => (CommitStatus::Written, None),
                    Err(e) => (CommitStatus::Failed, Some(e.to_string())),
                };
                CommitResult { row: p.row, key: Some(p.key), status, message }
            }));
        }
        Ok(results)
    }
}

impl PlanogramUpload {
    /// Stores an UPDATE row's scheduled change, on the condition that what the
    /// check saw is still there.
    async fn schedule(&self, p: &Planned<Plan>, req: &UploadRequest) -> Result<(), ApiError> {
        let marker = req.marker(p.row);
        let row = &p.plan.row;
        let hour = iso(row.active_hour.ok_or_else(|| ApiError::internal("an UPDATE row without its hour"))?);
        let change = StoredChange {
            uuid: change_uuid(&row.layout, &row.slot, &hour),
            action_time: hour,
            id: slots::subject(&row.layout),
            user: self.caller.display().to_string(),
            user_sub: Some(self.caller.sub.clone()),
            version: 1,
            due_shard: DUE_SHARD.into(),
            change: ChangeBody {
                id: row.layout.clone(),
                table: TABLE_NAME.into(),
                attribute: row.slot.clone(),
                value: json!({ "vendItemName": row.item }).to_string(),
            },
            failure_reason: None,
            failed_at: None,
            upload_marker: Some(marker),
            applied_at: None,
        };
        let t = self.deps.table(Table::ScheduledChanges)?;
        let put = Put::builder().table_name(t.name).set_item(Some(store::to_item(&change)?));
        let put = match &p.stored {
            None => put.condition_expression("attribute_not_exists(#u)").expression_attribute_names("#u", "uuid"),
            Some(seen) => put
                .condition_expression("#c.#v = :value AND dueShard = :shard")
                .expression_attribute_names("#c", "change")
                .expression_attribute_names("#v", "value")
                .expression_attribute_values(":value", store::s(seen["change"]["value"].as_str().unwrap_or_default()))
                .expression_attribute_values(":shard", store::s(seen["dueShard"].as_str().unwrap_or_default())),
        };
        let mut items = vec![TransactWriteItem::builder().put(put.build().map_err(ApiError::internal)?).build()];
        if let Some(claim) = &p.claim {
            items.push(claim.put(self.deps.table(Table::Idempotency)?.name)?);
        }
        store::on_conflict(store::transact(t.client, items).await, || {
            ApiError::Conflict(format!(
                "Slot {} of {} at that hour changed while this upload ran. Check the file again.",
                row.slot, row.layout
            ))
        })
    }

    /// A layout's CREATE rows, whole or not at all: the slots (each on the
    /// condition that it is as the check saw it), one history record and the name.
    async fn create(&self, layout: &str, group: &[Planned<Plan>], req: &UploadRequest) -> Result<(), ApiError> {
        if group.len() > MAX_CREATE_SLOTS {
            return Err(ApiError::bad_request(format!(
                "A new layout holds at most {MAX_CREATE_SLOTS} slots; {layout} has {}.",
                group.len()
            )));
        }
        let (slots_table, now) = (self.deps.table(Table::Planograms)?, iso(self.now));
        let source = format!("Create New Planogram: {}", req.file_name);
        let who = self.caller.display();
        let (mut items, mut diff) = (Vec::new(), Vec::new());
        for p in group {
            let row = &p.plan.row;
            let record = json!({ "layoutName": layout, "slot": row.slot, "vendItemName": row.item, "physicalFridgeConfig": row.config,
                                 "activeHour": now, "appliedAt": now, "updatedBy": who, "source": source, "uploadMarker": req.marker(p.row) });
            let put = Put::builder().table_name(slots_table.name).set_item(Some(store::to_item(&record)?));
            let put = match p.stored.as_ref().and_then(|s| s["activeHour"].as_str()) {
                None => put.condition_expression("attribute_not_exists(slot)"),
                Some(seen) => {
                    put.condition_expression("activeHour = :seen").expression_attribute_values(":seen", store::s(seen))
                }
            };
            items.push(TransactWriteItem::builder().put(put.build().map_err(ApiError::internal)?).build());
            diff.push(Change {
                attribute: format!("slot {}", row.slot),
                old_value: slots::item_text(p.stored.as_ref()),
                new_value: json!(row.item).to_string(),
                reason: None,
            });
        }
        items.push(
            Record::new(slots::history_entity(layout), &now, who, &source, diff)
                .put(self.deps.table(Table::History)?.name)?,
        );
        let name = Put::builder()
            .table_name(self.deps.table(Table::NameLists)?.name)
            .set_item(Some(names::item(names::LAYOUTS, layout)))
            .build()
            .map_err(ApiError::internal)?;
        items.push(TransactWriteItem::builder().put(name).build());
        for claim in group.iter().filter_map(|p| p.claim.as_ref()) {
            items.push(claim.put(self.deps.table(Table::Idempotency)?.name)?);
        }
        store::on_conflict(store::transact(slots_table.client, items).await, || {
            ApiError::Conflict(format!("Layout {layout} changed while this upload ran. Check the file again."))
        })
    }
}
