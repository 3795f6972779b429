//! Planogram calls: `schedulePlanogramUpdate` (a batch of rows on the upload
//! pipeline), `planogram` (a layout's current and upcoming slots) and the
//! scheduled run that applies due changes.
use crate::kind::PlanogramUpload;
use crate::rules::{self, central, slot_order};
use crate::slots::{self, Scheduled, DUE_SHARD};
use chrono::{DateTime, Utc};
use fleet_shared::scheduler::{self, FAILED_SHARD};
use fleet_shared::upload::{self, RawRow, UploadRequest, MAX_BATCH_ROWS};
use fleet_shared::{limits, ApiError, Deps, Input, Table};
use serde::Deserialize;
use serde_json::{json, Map, Value};

#[derive(Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct PlanogramInput {
    request_type: String,
    layout_name: Option<String>,
    slot: Option<String>,
    vend_item_name: Option<String>,
    active_hour: Option<String>,
    physical_fridge_config: Option<String>,
    /// The file line, for messages; by default the position in the list + 2 (after the header).
    line: Option<u32>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScheduleArgs {
    input: Vec<PlanogramInput>,
    upload_id: Option<String>,
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
pub async fn dry_run(deps: &'static Deps, input: Input) -> Result<upload::DryRun, ApiError> {
    let req: UploadRequest = input.parse()?;
    let kind = PlanogramUpload { deps, caller: input.caller()?.clone(), now: Utc::now() };
    upload::dry_run(&kind, &req).await
}

/// `schedulePlanogramUpdate(input, uploadId, fileName)`: at most 100 rows,
/// each re-checked. Answers successCount (rows scheduled or created, or
/// already so), errors ('Line N: message') and totalCount. Without an
/// uploadId the request's own content keys it, so a retry is still harmless.
pub async fn schedule(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let args: ScheduleArgs = input.parse()?;
    if args.input.is_empty() {
        return Err(ApiError::bad_request(rules::NO_ROWS));
    }
    limits::check_count("input", args.input.len(), MAX_BATCH_ROWS)?;
    let upload_id = match args.upload_id {
        Some(id) => id,
        None => scheduler::stable_uuid(&[&serde_json::to_string(&args.input).map_err(ApiError::internal)?]),
    };
    let rows: Vec<RawRow> = args.input.iter().enumerate().map(|(i, r)| r.raw(i)).collect();
    let kind = PlanogramUpload { deps, caller: input.caller()?.clone(), now: Utc::now() };
    // A layout's CREATE rows only add slots, so the batch declares its own groups.
    let groups = upload::own_groups(&kind, &rows);
    let req = UploadRequest {
        upload_id,
        file_name: args.file_name.unwrap_or_else(|| "schedulePlanogramUpdate".into()),
        rows,
        groups,
    };
    let out = upload::commit(&kind, &req, &deps.table(Table::Idempotency)?).await?;
    let errors: Vec<String> = out
        .results
        .iter()
        .filter(|r| r.status == upload::CommitStatus::Failed)
        .map(|r| format!("Line {}: {}", r.row, r.message.as_deref().unwrap_or_default()))
        .collect();
    Ok(json!({ "successCount": out.results.len() - errors.len(), "errors": errors, "totalCount": args.input.len() }))
}

fn local(time: &str) -> Value {
    DateTime::parse_from_rfc3339(time).map(|t| json!(central(t.with_timezone(&Utc)))).unwrap_or(Value::Null)
}

/// `planogram(layoutName)`: the layout's current slots and its upcoming
/// (and failed) scheduled changes, with times also in Central.
pub async fn planogram(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let layout: String = input.arg("layoutName")?;
    limits::check_len("layoutName", &layout, limits::MAX_NAME_CHARS)?;
    let subject = slots::subject(&layout);
    let (current, scheduled) = tokio::try_join!(slots::current(deps, &layout), scheduler::for_subject(deps, &subject))?;
    let current: Vec<Value> = current
        .into_values()
        .map(|s| json!({ "slot": s["slot"], "vendItemName": s["vendItemName"], "physicalFridgeConfig": s["physicalFridgeConfig"],
                         "activeHour": s["activeHour"], "activeHourCentral": local(s["activeHour"].as_str().unwrap_or_default()),
                         "updatedBy": s["updatedBy"], "source": s["source"] }))
        .collect();
    let mut upcoming: Vec<_> =
        scheduled.into_iter().filter(|c| c.due_shard == DUE_SHARD || c.due_shard == FAILED_SHARD).collect();
    upcoming.sort_by(|a, b| {
        (&a.action_time, slot_order(&a.change.attribute)).cmp(&(&b.action_time, slot_order(&b.change.attribute)))
    });
    let upcoming: Vec<Value> = upcoming
        .iter()
        .map(|c| json!({ "slot": c.change.attribute, "vendItemName": c.value()["vendItemName"], "activeHour": c.action_time,
                         "activeHourCentral": local(&c.action_time), "user": c.user,
                         "status": if c.due_shard == FAILED_SHARD { "FAILED" } else { "PENDING" }, "failureReason": c.failure_reason }))
        .collect();
    Ok(json!({ "layoutName": layout, "slots": slots::sorted(current), "upcoming": upcoming }))
}

/// The scheduled run: applies every due planogram change (see `fleet_shared::scheduler`).
pub async fn apply_due(deps: &'static Deps, _input: Input) -> Result<Value, ApiError> {
    scheduler::apply_due(deps, DUE_SHARD, &Scheduled(deps)).await
}
