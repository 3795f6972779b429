//! Planogram calls: `schedulePlanogramUpdate` (a batch of rows on the upload
//! pipeline), `planogram` (a layout's current and upcoming slots) and the
//! scheduled run that applies due changes.
use crate::kind::PlanogramUpload;
use crate::rules::{self, central, slot_order};
use crate::slots::{self, Scheduled, DUE_SHARD};
use crate::store::{PlanogramStore, SlotChange};
use fleet_shared::contract::{Ctx, NoArgs};
use fleet_shared::entity::UploadId;
use fleet_shared::scheduler::{self, AppliedRun, FAILED_SHARD};
use fleet_shared::upload::{self, RawRow, UploadRequest, MAX_BATCH_ROWS};
use fleet_shared::{dates, limits, ApiError, Deps};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map};

#[derive(Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanogramInput {
    request_type: String,
    layout_name: Option<String>,
    slot: Option<String>,
    vend_item_name: Option<String>,
    active_hour: Option<String>,
    physical_fridge_config: Option<String>,
    /// The file line, for messages; by default the position in the list + 2 (after the header).
    #[serde(default, deserialize_with = "fleet_shared::entity::whole::optional_non_negative")]
    line: Option<u32>,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleArgs {
    input: Vec<PlanogramInput>,
    #[serde(default)]
    upload_id: Option<UploadId>,
    #[serde(default)]
    file_name: Option<String>,
}

impl PlanogramInput {
    /// The row as the file had it: absent fields stay absent ('At least one input missing...').
    fn raw(&self, index: usize) -> RawRow {
        let mut values = Map::new();
        values.insert("requestType".into(), json!(self.request_type));
        for (column, value) in [
            ("layoutName", &self.layout_name),
            ("slot", &self.slot),
            ("vendItemName", &self.vend_item_name),
            ("activeHour", &self.active_hour),
            ("physicalFridgeConfig", &self.physical_fridge_config),
        ] {
            if let Some(v) = value {
                values.insert(column.into(), json!(v));
            }
        }
        RawRow { row: self.line.unwrap_or(index as u32 + 2), values }
    }
}

/// `POST /planograms/dry-run`: the whole file as rows (`requestType` in each)
/// checked by the same rules as Submit, against the stored layouts and
/// changes: unknown layouts, hours the clocks skip, and what would change.
pub async fn dry_run(deps: &'static Deps, ctx: Ctx, req: UploadRequest) -> Result<upload::DryRun, ApiError> {
    let kind = PlanogramUpload { deps, caller: ctx.caller()?.clone(), now: ctx.now };
    upload::dry_run(&kind, &req).await
}

/// `schedulePlanogramUpdate`'s answer.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleAnswer {
    /// Rows scheduled or created, or already so.
    pub success_count: usize,
    /// 'Line N: message' for each row that was not scheduled.
    pub errors: Vec<String>,
    pub total_count: usize,
}

/// `schedulePlanogramUpdate(input, uploadId, fileName)`: at most 100 rows,
/// each re-checked. Answers successCount (rows scheduled or created, or
/// already so), errors ('Line N: message') and totalCount. Without an
/// uploadId the request's own content keys it, so a retry is still harmless.
pub async fn schedule(deps: &'static Deps, ctx: Ctx, args: ScheduleArgs) -> Result<ScheduleAnswer, ApiError> {
    if args.input.is_empty() {
        return Err(ApiError::bad_request(rules::NO_ROWS));
    }
    limits::check_count("input", args.input.len(), MAX_BATCH_ROWS)?;
    let upload_id = match args.upload_id {
        Some(id) => id,
        None => {
            let content = serde_json::to_string(&args.input).map_err(ApiError::internal)?;
            UploadId::parse(&scheduler::stable_uuid(&[&content]))?
        }
    };
    let rows: Vec<RawRow> = args.input.iter().enumerate().map(|(i, r)| r.raw(i)).collect();
    let kind = PlanogramUpload { deps, caller: ctx.caller()?.clone(), now: ctx.now };
    // A layout's CREATE rows only add slots, so the batch declares its own groups.
    let groups = upload::own_groups(&kind, &rows);
    let req = UploadRequest {
        upload_id,
        file_name: args.file_name.unwrap_or_else(|| "schedulePlanogramUpdate".into()),
        rows,
        groups,
    };
    let out = upload::commit(&kind, &req, deps).await?;
    let errors: Vec<String> = out
        .results
        .iter()
        .filter(|r| r.status == upload::CommitStatus::Failed)
        .map(|r| format!("Line {}: {}", r.row, r.message.as_deref().unwrap_or_default()))
        .collect();
    Ok(ScheduleAnswer { success_count: out.results.len() - errors.len(), errors, total_count: args.input.len() })
}

/// An instant as the file writes it, in Central; `None` when it is not one.
fn local(time: Option<&str>) -> Option<String> {
    time.and_then(dates::instant).map(central)
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanogramArgs {
    layout_name: String,
}

/// A layout's current slots and its upcoming (and failed) changes.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanogramView {
    pub layout_name: String,
    pub slots: Vec<SlotView>,
    pub upcoming: Vec<UpcomingView>,
}

/// A slot's current assignment.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlotView {
    pub slot: String,
    pub vend_item_name: Option<String>,
    pub physical_fridge_config: Option<String>,
    pub active_hour: Option<String>,
    pub active_hour_central: Option<String>,
    pub updated_by: Option<String>,
    pub source: Option<String>,
}

/// A scheduled slot change not applied yet: PENDING, or FAILED with its reason.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpcomingView {
    pub slot: String,
    pub vend_item_name: Option<String>,
    pub active_hour: String,
    pub active_hour_central: Option<String>,
    pub user: String,
    pub status: &'static str,
    pub failure_reason: Option<String>,
}

/// `planogram(layoutName)`: the layout's current slots and its upcoming
/// (and failed) scheduled changes, with times also in Central.
pub async fn planogram(deps: &'static Deps, _: Ctx, args: PlanogramArgs) -> Result<PlanogramView, ApiError> {
    limits::check_len("layoutName", &args.layout_name, limits::MAX_NAME_CHARS)?;
    read(deps, &args.layout_name).await
}

async fn read(store: &impl PlanogramStore, layout: &str) -> Result<PlanogramView, ApiError> {
    let subject = slots::subject(layout);
    let (current, scheduled) = tokio::try_join!(slots::current(store, layout), store.changes_of(&subject))?;
    let current: Vec<SlotView> = slots::sorted(current.into_values().collect())
        .into_iter()
        .map(|s| SlotView {
            active_hour_central: local(s.active_hour.as_deref()),
            slot: s.slot,
            vend_item_name: s.vend_item_name,
            physical_fridge_config: s.physical_fridge_config,
            active_hour: s.active_hour,
            updated_by: s.updated_by,
            source: s.source,
        })
        .collect();
    let mut upcoming: Vec<_> =
        scheduled.into_iter().filter(|c| c.due_shard == DUE_SHARD || c.due_shard == FAILED_SHARD).collect();
    upcoming.sort_by(|a, b| {
        (&a.action_time, slot_order(&a.change.attribute)).cmp(&(&b.action_time, slot_order(&b.change.attribute)))
    });
    let upcoming: Vec<UpcomingView> = upcoming
        .into_iter()
        .map(|c| UpcomingView {
            vend_item_name: SlotChange::of(&c).vend_item_name,
            active_hour_central: local(Some(&c.action_time)),
            status: if c.due_shard == FAILED_SHARD { "FAILED" } else { "PENDING" },
            slot: c.change.attribute,
            active_hour: c.action_time,
            user: c.user,
            failure_reason: c.failure_reason,
        })
        .collect();
    Ok(PlanogramView { layout_name: layout.to_string(), slots: current, upcoming })
}

/// The scheduled run: applies every due planogram change (see `fleet_shared::scheduler`).
pub async fn apply_due(deps: &'static Deps, ctx: Ctx, _: NoArgs) -> Result<AppliedRun, ApiError> {
    scheduler::apply_due(deps, DUE_SHARD, &Scheduled(deps, ctx.now_text()), ctx.now).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{memory::Memory, Slot};
    use fleet_shared::scheduler::{ChangeBody, StoredChange};

    fn change(slot: &str, hour: &str, shard: &str) -> StoredChange {
        StoredChange {
            uuid: format!("u-{slot}-{shard}"),
            action_time: hour.into(),
            id: slots::subject("TALL"),
            user: "ann@x.co".into(),
            user_sub: None,
            version: 1,
            due_shard: shard.into(),
            change: ChangeBody {
                id: "TALL".into(),
                table: "Planograms".into(),
                attribute: slot.into(),
                value: SlotChange { vend_item_name: Some(format!("ITEM_{slot}")) }.text(),
            },
            failure_reason: (shard == FAILED_SHARD).then(|| "Forbidden".to_string()),
            failed_at: None,
            upload_marker: None,
            applied_at: None,
        }
    }

    #[tokio::test]
    async fn a_layout_reads_its_slots_in_fridge_order_and_its_pending_and_failed_changes() {
        let fake = Memory::default();
        for name in ["2:10", "2:9", "1:1"] {
            let slot = Slot {
                layout_name: "TALL".into(),
                slot: name.into(),
                vend_item_name: Some("SOUP".into()),
                active_hour: Some("2026-12-01T12:00:00.000Z".into()),
                ..Slot::default()
            };
            fake.slots.lock().unwrap().insert(("TALL".into(), name.into()), slot);
        }
        for c in [
            change("1:2", "2026-12-02T12:00:00.000Z", DUE_SHARD),
            change("1:1", "2026-12-02T12:00:00.000Z", FAILED_SHARD),
            change("1:3", "2026-12-01T12:00:00.000Z", crate::slots::APPLIED_SHARD),
        ] {
            fake.changes.lock().unwrap().insert(c.key(), c);
        }
        let out = read(&fake, "TALL").await.unwrap();
        let order: Vec<&str> = out.slots.iter().map(|s| s.slot.as_str()).collect();
        assert_eq!(order, ["1:1", "2:9", "2:10"]);
        let first = &json!(out.slots[0]);
        assert_eq!(
            (&first["activeHourCentral"], &first["physicalFridgeConfig"]),
            (&json!("12/01/2026 06:00:00"), &serde_json::Value::Null),
            "an absent config is null on the wire"
        );
        let upcoming: Vec<(&str, &str, &str)> =
            out.upcoming.iter().map(|c| (c.slot.as_str(), c.vend_item_name.as_deref().unwrap(), c.status)).collect();
        assert_eq!(
            upcoming,
            [("1:1", "ITEM_1:1", "FAILED"), ("1:2", "ITEM_1:2", "PENDING")],
            "applied ones are not upcoming"
        );
        assert_eq!(out.upcoming[0].failure_reason.as_deref(), Some("Forbidden"));
    }
}
