//! Planogram rows on the upload pipeline. An UPDATE row becomes a scheduled
//! change (one per layout, slot and hour: its id follows them, so a retry or
//! a re-upload overwrites instead of duplicating); the scheduler applies it
//! at its hour. A CREATE row takes effect now: a layout's CREATE rows are one
//! group, written in one transaction with the layout's history record and its
//! name (so `getPlanogramNames` lists it).
use crate::rules::{self, RequestType, SlotRow};
use crate::slots::{self, item_text, DUE_SHARD, TABLE_NAME};
use crate::store::{PlanogramStore, Slot, SlotChange};
use chrono::{DateTime, Utc};
use fleet_shared::history::{Change, Record};
use fleet_shared::scheduler::{self, iso, ChangeBody, StoredChange, FAILED_SHARD};
use fleet_shared::upload::{self, CommitResult, CommitStatus, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::{ApiError, Caller, Deps};
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};

/// Slots of one new layout (a rule: `rules` exports it to the browser).
pub use crate::rules::MAX_CREATE_SLOTS;
/// Scheduled changes written at once by one batch.
const IN_FLIGHT: usize = 8;

/// The planogram upload over its store: `deps` is the deployed tables (as
/// handlers and tools build it) or, in unit tests, `store::memory::Memory`.
pub struct PlanogramUpload<S = &'static Deps> {
    pub deps: S,
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

/// The diff of one attribute, as JSON texts (`null` when absent).
fn diff(attribute: &str, old: Option<&str>, new: Option<&str>) -> Option<Change> {
    (old != new).then(|| Change {
        attribute: attribute.into(),
        old_value: item_text(old),
        new_value: item_text(new),
        reason: None,
    })
}

impl<S: PlanogramStore> UploadKind for PlanogramUpload<S> {
    const SCOPE: &'static str = "planograms";
    type Plan = Plan;
    /// The layouts that exist.
    type Context = HashSet<String>;

    async fn context(&self, _rows: &[RawRow]) -> Result<HashSet<String>, ApiError> {
        Ok(self.deps.layouts().await?.into_iter().collect())
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
                [u, layout, slot, hour] if u == "U" => changes.push((change_uuid(layout, slot, hour), hour.clone())),
                [_, layout, slot] => slot_keys.push((layout.clone(), slot.clone())),
                _ => {}
            }
        }
        let mut found = HashMap::new();
        if !changes.is_empty() {
            for c in self.deps.changes_at(&changes).await? {
                let k = serde_json::to_string(&["U", &c.change.id, &c.change.attribute, &c.action_time])
                    .map_err(ApiError::internal)?;
                found.insert(k, serde_json::to_value(&c).map_err(ApiError::internal)?);
            }
        }
        if !slot_keys.is_empty() {
            for s in self.deps.slots_at(&slot_keys).await? {
                let k = serde_json::to_string(&["C", &s.layout_name, &s.slot]).map_err(ApiError::internal)?;
                found.insert(k, serde_json::to_value(&s).map_err(ApiError::internal)?);
            }
        }
        Ok(found)
    }

    fn compare(&self, plan: &Plan, stored: Option<&Value>) -> Result<Vec<Change>, String> {
        let Some(stored) = stored else { return Ok(vec![]) };
        let row = &plan.row;
        Ok(match row.request {
            RequestType::Update => {
                let seen = StoredChange::deserialize(stored).map_err(|e| e.to_string())?;
                let old = SlotChange::of(&seen).vend_item_name;
                let mut changes: Vec<Change> =
                    diff("vendItemName", old.as_deref(), Some(&row.item)).into_iter().collect();
                // The same item at the same hour, but its change failed: scheduling it again retries it.
                if changes.is_empty() && seen.due_shard == FAILED_SHARD {
                    changes.push(Change {
                        attribute: "status".into(),
                        old_value: "\"FAILED\"".into(),
                        new_value: "\"PENDING\"".into(),
                        reason: None,
                    });
                }
                changes
            }
            RequestType::Create => {
                let seen = Slot::deserialize(stored).map_err(|e| e.to_string())?;
                [
                    diff("vendItemName", seen.vend_item_name.as_deref(), Some(&row.item)),
                    diff("physicalFridgeConfig", seen.physical_fridge_config.as_deref(), row.config.as_deref()),
                ]
                .into_iter()
                .flatten()
                .collect()
            }
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

impl<S: PlanogramStore> PlanogramUpload<S> {
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
                value: SlotChange { vend_item_name: Some(row.item.clone()) }.text(),
            },
            failure_reason: None,
            failed_at: None,
            upload_marker: Some(marker),
            applied_at: None,
        };
        let seen = p.stored.as_ref().map(StoredChange::deserialize).transpose().map_err(ApiError::internal)?;
        fleet_shared::store::on_conflict(self.deps.schedule(&change, seen.as_ref(), p.claim.as_ref()).await, || {
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
        let now = iso(self.now);
        let source = format!("Create New Planogram: {}", req.file_name);
        let who = self.caller.display();
        let (mut slots, mut changes) = (Vec::new(), Vec::new());
        for p in group {
            let row = &p.plan.row;
            let seen = p.stored.as_ref().map(Slot::deserialize).transpose().map_err(ApiError::internal)?;
            changes.push(Change {
                attribute: format!("slot {}", row.slot),
                old_value: item_text(seen.as_ref().and_then(|s| s.vend_item_name.as_deref())),
                new_value: item_text(Some(&row.item)),
                reason: None,
            });
            let slot = Slot {
                layout_name: layout.to_string(),
                slot: row.slot.clone(),
                vend_item_name: Some(row.item.clone()),
                physical_fridge_config: row.config.clone(),
                active_hour: Some(now.clone()),
                applied_at: Some(now.clone()),
                updated_by: Some(who.to_string()),
                source: Some(source.clone()),
                upload_marker: Some(req.marker(p.row)),
            };
            slots.push((slot, seen.and_then(|s| s.active_hour)));
        }
        let history = Record::new(slots::history_entity(layout), &now, who, &source, changes);
        let claims: Vec<_> = group.iter().filter_map(|p| p.claim.as_ref()).collect();
        fleet_shared::store::on_conflict(self.deps.create(layout, &slots, &history, &claims).await, || {
            ApiError::Conflict(format!("Layout {layout} changed while this upload ran. Check the file again."))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::slots::SUPERSEDED_SHARD;
    use crate::store::memory::Memory;
    use fleet_shared::upload::RowStatus;
    use serde_json::json;

    fn kind(fake: &Memory) -> PlanogramUpload<&Memory> {
        let caller = Caller {
            sub: "sub-1".into(),
            username: "sub-1".into(),
            email: "ops@x.co".into(),
            email_verified: true,
            name: None,
        };
        let now = DateTime::from_timestamp(1_795_435_200, 0).unwrap(); // 2026-11-23T12:00:00Z
        PlanogramUpload { deps: fake, caller, now }
    }

    fn request(upload_id: &str, rows: &[Value]) -> UploadRequest {
        let rows: Vec<RawRow> = rows
            .iter()
            .enumerate()
            .map(|(i, v)| RawRow { row: i as u32 + 2, values: v.as_object().cloned().unwrap() })
            .collect();
        let groups = upload::own_groups(&kind(&Memory::default()), &rows);
        UploadRequest {
            upload_id: fleet_shared::entity::UploadId::parse(upload_id).unwrap(),
            file_name: "planogram.csv".into(),
            rows,
            groups,
        }
    }

    fn update(slot: &str, item: &str) -> Value {
        json!({ "requestType": "UPDATE", "layoutName": "TALL", "slot": slot, "vendItemName": item, "activeHour": "12/01/2026 06:00:00" })
    }

    fn create(layout: &str, slot: &str, item: &str) -> Value {
        json!({ "requestType": "CREATE", "layoutName": layout, "slot": slot, "vendItemName": item, "physicalFridgeConfig": "6x5" })
    }

    fn tall() -> Memory {
        let fake = Memory::default();
        fake.layouts.lock().unwrap().insert("TALL".into());
        fake
    }

    fn only_change(fake: &Memory) -> StoredChange {
        let changes = fake.changes.lock().unwrap();
        assert_eq!(changes.len(), 1, "{changes:?}");
        changes.values().next().cloned().unwrap()
    }

    #[tokio::test]
    async fn an_update_row_is_scheduled_once_for_its_slot_and_hour() {
        let fake = tall();
        let req = request("u-1", &[update("1:2", "COLD_BREW")]);
        let out = upload::commit(&kind(&fake), &req, &fake.records).await.unwrap();
        assert_eq!(out.written, 1);
        let c = only_change(&fake);
        assert_eq!(
            (c.id.as_str(), c.action_time.as_str(), c.due_shard.as_str(), c.change.value.as_str()),
            ("planogram#TALL", "2026-12-01T12:00:00.000Z", DUE_SHARD, r#"{"vendItemName":"COLD_BREW"}"#)
        );
        assert_eq!(
            (c.user.as_str(), c.user_sub.as_deref(), c.upload_marker.as_deref()),
            ("ops@x.co", Some("sub-1"), Some("u-1#2"))
        );
        // A retry replays; a re-upload of the same row finds it scheduled and writes nothing.
        assert_eq!(upload::commit(&kind(&fake), &req, &fake.records).await.unwrap().results, out.results);
        let again = upload::dry_run(&kind(&fake), &request("u-2", &[update("1:2", "COLD_BREW")])).await.unwrap();
        assert_eq!(again.rows[0].status, RowStatus::Unchanged);
        // Another item for the same slot and hour replaces the change: one per slot and hour.
        upload::commit(&kind(&fake), &request("u-3", &[update("1:2", "WRAP")]), &fake.records).await.unwrap();
        assert_eq!(SlotChange::of(&only_change(&fake)).vend_item_name.as_deref(), Some("WRAP"));
    }

    #[tokio::test]
    async fn a_failed_change_scheduled_again_is_pending_again() {
        let fake = tall();
        upload::commit(&kind(&fake), &request("u-1", &[update("1:2", "COLD_BREW")]), &fake.records).await.unwrap();
        fake.changes.lock().unwrap().values_mut().for_each(|c| c.due_shard = FAILED_SHARD.into());
        let dry = upload::dry_run(&kind(&fake), &request("u-2", &[update("1:2", "COLD_BREW")])).await.unwrap();
        let diff: Vec<(&str, &str, &str)> = dry.rows[0]
            .diff
            .iter()
            .map(|d| (d.attribute.as_str(), d.old_value.as_str(), d.new_value.as_str()))
            .collect();
        assert_eq!((dry.rows[0].status, diff), (RowStatus::Change, vec![("status", "\"FAILED\"", "\"PENDING\"")]));
        upload::commit(&kind(&fake), &request("u-2", &[update("1:2", "COLD_BREW")]), &fake.records).await.unwrap();
        assert_eq!(only_change(&fake).due_shard, DUE_SHARD);
        // An applied or superseded change is no failure: the same row is unchanged.
        fake.changes.lock().unwrap().values_mut().for_each(|c| c.due_shard = SUPERSEDED_SHARD.into());
        let dry = upload::dry_run(&kind(&fake), &request("u-4", &[update("1:2", "COLD_BREW")])).await.unwrap();
        assert_eq!(dry.rows[0].status, RowStatus::Unchanged);
    }

    #[tokio::test]
    async fn an_update_of_an_unknown_layout_or_of_a_change_that_moved_is_refused() {
        let fake = Memory::default();
        let dry = upload::dry_run(&kind(&fake), &request("u-1", &[update("1:2", "X")])).await.unwrap();
        assert_eq!(dry.rows[0].messages, ["Layout TALL does not exist. Choose Create New Planogram to add it."]);

        let fake = tall();
        upload::commit(&kind(&fake), &request("u-1", &[update("1:2", "X")]), &fake.records).await.unwrap();
        let req = request("u-2", &[update("1:2", "Y")]);
        let mut seen = serde_json::to_value(only_change(&fake)).unwrap();
        seen["change"]["value"] = json!(r#"{"vendItemName":"OTHER"}"#); // what the check saw is gone
        let Ok((key, plan)) = kind(&fake).check(&req.rows[0], &HashSet::from(["TALL".to_string()])) else { panic!() };
        let planned = Planned { row: 2, key, plan, stored: Some(seen), claim: None };
        let out = kind(&fake).write(vec![planned], &req).await.unwrap();
        assert_eq!(
            out[0].message.as_deref(),
            Some("Slot 1:2 of TALL at that hour changed while this upload ran. Check the file again.")
        );
        assert_eq!(SlotChange::of(&only_change(&fake)).vend_item_name.as_deref(), Some("X"));
    }

    #[tokio::test]
    async fn a_new_layout_lands_whole_with_its_history_and_its_name() {
        let fake = Memory::default();
        let req = request("u-1", &[create("NEW", "1:1", "SOUP"), create("NEW", "1:2", "WRAP")]);
        let out = upload::commit(&kind(&fake), &req, &fake.records).await.unwrap();
        assert_eq!(out.written, 2);
        let slot = fake.slot("NEW", "1:2").unwrap();
        assert_eq!(
            (slot.vend_item_name.as_deref(), slot.physical_fridge_config.as_deref(), slot.active_hour.as_deref()),
            (Some("WRAP"), Some("6x5"), Some("2026-11-23T12:00:00.000Z"))
        );
        assert_eq!(
            (slot.source.as_deref(), slot.upload_marker.as_deref()),
            (Some("Create New Planogram: planogram.csv"), Some("u-1#3"))
        );
        assert_eq!(fake.layouts().await.unwrap(), ["NEW"]);
        let history = fake.history.lock().unwrap().clone();
        assert_eq!((history.len(), history[0].entity.as_str(), history[0].changes.len()), (1, "planogram#NEW", 2));
        assert_eq!(
            (history[0].changes[0].old_value.as_str(), history[0].changes[0].new_value.as_str()),
            ("null", "\"SOUP\"")
        );

        // A slot changed since the check: none of the group lands.
        let req = request("u-2", &[create("NEW", "1:1", "KALE"), create("NEW", "1:2", "TEA")]);
        let layouts = HashSet::from(["NEW".to_string()]);
        let mut group = Vec::new();
        for raw in &req.rows {
            let Ok((key, plan)) = kind(&fake).check(raw, &layouts) else { panic!() };
            let mut seen = serde_json::to_value(fake.slot("NEW", &plan.row.slot).unwrap()).unwrap();
            if plan.row.slot == "1:2" {
                seen["activeHour"] = json!("2026-11-01T00:00:00.000Z");
            }
            group.push(Planned { row: raw.row, key, plan, stored: Some(seen), claim: None });
        }
        let out = kind(&fake).write(group, &req).await.unwrap();
        assert!(out.iter().all(|r| r.status == CommitStatus::Failed), "{out:?}");
        assert_eq!(out[0].message.as_deref(), Some("Layout NEW changed while this upload ran. Check the file again."));
        assert_eq!(fake.slot("NEW", "1:1").unwrap().vend_item_name.as_deref(), Some("SOUP"));
        assert_eq!(fake.history.lock().unwrap().len(), 1);
    }

    #[tokio::test]
    async fn a_create_row_compares_item_and_config_with_the_stored_slot() {
        let fake = Memory::default();
        upload::commit(&kind(&fake), &request("u-1", &[create("NEW", "1:1", "SOUP")]), &fake.records).await.unwrap();
        let mut row = create("NEW", "1:1", "SOUP");
        row["physicalFridgeConfig"] = json!("5x4");
        let dry = upload::dry_run(&kind(&fake), &request("u-2", &[row])).await.unwrap();
        let diff: Vec<(&str, &str, &str)> = dry.rows[0]
            .diff
            .iter()
            .map(|d| (d.attribute.as_str(), d.old_value.as_str(), d.new_value.as_str()))
            .collect();
        assert_eq!(diff, [("physicalFridgeConfig", "\"6x5\"", "\"5x4\"")]);
        assert_eq!(dry.rows[0].warnings, ["Layout NEW already exists: the slots in this file change now."]);
    }
}
