//! Bulk schedule (/locations/bulk_schedule) on the upload pipeline: a CSV of
//! location, attribute, value, dateTime (wall time in the fridge's zone) and
//! reason. Each row is checked exactly as one `createScheduleChange` is; the
//! dry run shows each location's current value -> the scheduled one; the
//! commit needs, for each attribute, the action that changing it needs.
use crate::attributes::LocationView;
use crate::rules::{self, Options};
use crate::schedule::{self, StoredChange};
use crate::store::{self, Dynamo, LocationStore};
use fleet_shared::contract::Ctx;
use fleet_shared::entity::Location;
use fleet_shared::history::Change;
use fleet_shared::upload::{self, CommitResult, CommitStatus, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::{dates, ApiError, Caller, Deps};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};

pub const COLUMNS: &[&str] = &["location", "attribute", "value", "dateTime", "reason"];

pub struct BulkSchedule {
    pub deps: &'static Deps,
    pub caller: Caller,
    /// The locations the rows name.
    pub docs: HashMap<String, Location>,
    /// The call's time: a row scheduled before it is in the past, and a row due within minutes of it is woken.
    pub now: chrono::DateTime<chrono::Utc>,
}

fn cell(row: &RawRow, column: &str) -> Option<String> {
    row.values.iter().find(|(k, _)| k.trim().eq_ignore_ascii_case(column)).and_then(|(_, v)| rules::text_of(v))
}

/// `MM/DD/YYYY HH:MM` as spreadsheets write it, to `YYYY-MM-DD HH:MM`; other forms pass as they are.
fn wall_time(text: &str) -> String {
    dates::us_date_minutes(text.trim())
        .map(|t| t.format("%Y-%m-%d %H:%M").to_string())
        .unwrap_or_else(|| text.trim().to_string())
}

impl UploadKind for BulkSchedule {
    const SCOPE: &'static str = "schedules";
    type Plan = (Vec<StoredChange>, String);
    type Context = Options;

    async fn context(&self, _rows: &[RawRow]) -> Result<Options, ApiError> {
        Dynamo(self.deps).options().await
    }

    fn check(&self, row: &RawRow, options: &Options) -> Result<(String, Self::Plan), Vec<String>> {
        let mut missing: Vec<String> = ["location", "attribute", "value", "dateTime"]
            .iter()
            .filter(|c| cell(row, c).is_none())
            .map(|c| format!("{c} cannot be empty"))
            .collect();
        let location = cell(row, "location").unwrap_or_default();
        let doc = self.docs.get(&location);
        if doc.is_none() && !location.is_empty() {
            missing.push(format!("Location {location} does not exist"));
        }
        let (Some(doc), true) = (doc, missing.is_empty()) else { return Err(missing) };
        let attribute = cell(row, "attribute").unwrap_or_default();
        let local = wall_time(&cell(row, "dateTime").unwrap_or_default());
        let value = Value::String(cell(row, "value").unwrap_or_default());
        let reason = cell(row, "reason");
        let changes = schedule::plan_change(
            doc,
            options,
            &self.caller,
            &attribute,
            &value,
            &local,
            reason.as_deref(),
            &fleet_shared::fridge_time::stamp(self.now),
        )
        .map_err(|m| vec![m])?;
        Ok((format!("{location}#{attribute}#{}", changes[0].action_time), (changes, local)))
    }

    /// Each row's location, flattened: the dry run compares the scheduled value with the current one.
    async fn load(&self, keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
        Ok(keys
            .into_iter()
            .filter_map(|k| {
                let location = k.split('#').next().unwrap_or_default().to_string();
                self.docs.get(&location).map(|d| (k, Value::Object(LocationView::of(d).flat())))
            })
            .collect())
    }

    fn compare(&self, (changes, local): &Self::Plan, stored: Option<&Value>) -> Result<Vec<Change>, String> {
        let c = &changes[0].change;
        let current = stored.and_then(|s| s.get(&c.attribute)).cloned().unwrap_or(Value::Null);
        let zone = fleet_shared::fridge_time::FridgeZone::of(
            self.docs.get(&changes[0].id).and_then(|d| d.time_zone.as_deref()),
        )
        .label;
        Ok(vec![Change {
            attribute: format!("{} at {local} {zone}", c.attribute),
            old_value: current.to_string(),
            new_value: c.value.clone(),
            reason: changes.get(1).map(|r| r.change.value.clone()),
        }])
    }

    async fn write(&self, rows: Vec<Planned<Self::Plan>>, _req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
        let (mut results, mut written) = (Vec::new(), Vec::new());
        for p in rows {
            let (status, message) = match store::put_changes(self.deps, &p.plan.0, p.claim.as_ref()).await {
                Ok(()) => (CommitStatus::Written, None),
                Err(e) => (CommitStatus::Failed, Some(e.to_string())),
            };
            if status == CommitStatus::Written {
                written.extend(p.plan.0);
            }
            results.push(CommitResult { row: p.row, key: Some(p.key), status, message });
        }
        // As one createScheduleChange does: a row due within minutes applies when due.
        schedule::announce_wake_ups(self.deps, &written, self.now).await;
        Ok(results)
    }
}

async fn kind(deps: &'static Deps, ctx: &Ctx, req: &UploadRequest) -> Result<BulkSchedule, ApiError> {
    let ids: BTreeSet<String> = req.rows.iter().filter_map(|r| cell(r, "location")).collect();
    let docs = Dynamo(deps).get_many(ids.into_iter().collect()).await?;
    Ok(BulkSchedule { deps, caller: ctx.caller()?.clone(), docs, now: ctx.now })
}

/// POST /locations/schedule/bulk/dry-run
pub async fn dry_run(deps: &'static Deps, ctx: Ctx, req: UploadRequest) -> Result<upload::DryRun, ApiError> {
    req.check(upload::MAX_FILE_ROWS)?;
    upload::dry_run(&kind(deps, &ctx, &req).await?, &req).await
}

/// POST /locations/schedule/bulk/commit: scheduling needs the action each change needs.
pub async fn commit(deps: &'static Deps, ctx: Ctx, req: UploadRequest) -> Result<upload::Committed, ApiError> {
    req.check(upload::MAX_BATCH_ROWS)?;
    let actions: BTreeSet<&str> =
        req.rows.iter().filter_map(|r| cell(r, "attribute")).map(|a| schedule::required_action(&a)).collect();
    for action in actions {
        ctx.require(deps, action).await?;
    }
    upload::commit(&kind(deps, &ctx, &req).await?, &req, deps).await
}
