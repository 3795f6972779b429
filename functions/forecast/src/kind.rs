//! The forecast file on the upload pipeline: the browser's dry run (rules,
//! holdover warnings, diff against the stored forecast) and the ingest's
//! commit, in batches, of a file that landed in S3. Rows carry the upload and
//! line that wrote them, so a redelivered notification writes nothing twice.
use crate::file::{self, ForecastRow};
use crate::store::{ForecastRecord, ForecastStore, RowWrite};
use fleet_shared::history::{self, Change, Record};
use fleet_shared::upload::{CommitResult, CommitStatus, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::ApiError;
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashMap;

/// The forecast upload over its store (the deployed tables, or a fake in tests).
pub struct ForecastUpload<S> {
    pub store: S,
    pub user: String,
    pub now: String,
}

/// Why a line was not written: its row kept changing between this write's reads and its writes.
pub fn changed_meanwhile(plan: &ForecastRow) -> String {
    format!(
        "the forecast of {} for {} changed while this file was being applied; upload the file again to apply this line",
        plan.item, plan.date
    )
}

/// The stored row the pipeline hands back, typed.
fn stored_row(stored: Option<&Value>) -> Option<ForecastRecord> {
    stored.and_then(|v| ForecastRecord::deserialize(v).ok())
}

/// A value as history and the diff write it: JSON text, `null` when absent.
fn text<T: serde::Serialize>(value: &Option<T>) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

impl<S: ForecastStore> UploadKind for ForecastUpload<S> {
    const SCOPE: &'static str = "forecast";
    type Plan = ForecastRow;
    type Context = ();

    async fn context(&self, _rows: &[RawRow]) -> Result<(), ApiError> {
        Ok(())
    }

    fn check(&self, row: &RawRow, _: &()) -> Result<(String, ForecastRow), Vec<String>> {
        file::check(&row.values).map(|r| (r.key(), r))
    }

    fn warnings(&self, plan: &ForecastRow) -> Vec<String> {
        file::holdover(plan).into_iter().collect()
    }

    async fn load(&self, keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
        let keys: Vec<(String, String)> =
            keys.iter().filter_map(|k| k.split_once('#')).map(|(d, i)| (d.to_string(), i.to_string())).collect();
        let mut found = HashMap::new();
        for r in self.store.rows_at(&keys).await? {
            found.insert(r.key(), serde_json::to_value(&r).map_err(ApiError::internal)?);
        }
        Ok(found)
    }

    fn compare(&self, plan: &ForecastRow, stored: Option<&Value>) -> Result<Vec<Change>, String> {
        let Some(stored) = stored_row(stored) else { return Ok(vec![]) };
        let quantity = (text(&stored.quantity), text(&Some(plan.quantity)));
        let production = (text(&stored.production_date), text(&Some(&plan.production_date)));
        Ok([("quantity", quantity), ("productionDate", production)]
            .into_iter()
            .filter(|(_, (old, new))| old != new)
            .map(|(attribute, (old_value, new_value))| Change {
                attribute: attribute.into(),
                old_value,
                new_value,
                reason: None,
            })
            .collect())
    }

    /// Each row goes with its history record and upload record, all or
    /// nothing, on condition that the stored row is still the one the plan
    /// read: the history's old value is what the row held. A row changed in
    /// between (the Forecast view's quantity edit, another upload) is read
    /// again and written over it, its history from what it held then, up to
    /// `REPLANS` times; a row still changing fails its line, saying so. A
    /// retry of the file is recognised by the upload records
    /// (docs/decisions/forecast.md).
    async fn write(&self, rows: Vec<Planned<ForecastRow>>, req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
        let writes = rows.iter().map(|p| self.row_write(p, stored_row(p.stored.as_ref()), req)).collect();
        let mut outcomes = self.store.put_rows(writes).await?;
        for _ in 0..REPLANS {
            let changed: Vec<usize> = (0..rows.len()).filter(|&i| is_conflict(&outcomes[i])).collect();
            if changed.is_empty() {
                break;
            }
            let keys: Vec<(String, String)> =
                changed.iter().map(|&i| (rows[i].plan.date.clone(), rows[i].plan.item.clone())).collect();
            let now: HashMap<String, ForecastRecord> =
                self.store.rows_at(&keys).await?.into_iter().map(|r| (r.key(), r)).collect();
            let mut again = Vec::new();
            for &i in &changed {
                let read = now.get(&rows[i].plan.key()).cloned();
                if read.as_ref().and_then(|r| r.upload_marker.as_deref()) == Some(req.marker(rows[i].row).as_str()) {
                    // Written by another try of this upload (its record refused ours): it landed.
                    outcomes[i] = Ok(());
                    continue;
                }
                again.push((i, self.row_write(&rows[i], read, req)));
            }
            let (at, writes): (Vec<usize>, Vec<RowWrite>) = again.into_iter().unzip();
            for (i, outcome) in at.into_iter().zip(self.store.put_rows(writes).await?) {
                outcomes[i] = outcome;
            }
        }
        Ok(rows
            .into_iter()
            .zip(outcomes)
            .map(|(p, outcome)| {
                let (status, message) = match outcome {
                    Ok(()) => (CommitStatus::Written, None),
                    Err(ApiError::Conflict(_)) => (CommitStatus::Failed, Some(changed_meanwhile(&p.plan))),
                    Err(e) => (CommitStatus::Failed, Some(e.to_string())),
                };
                CommitResult { row: p.row, key: Some(p.key), status, message }
            })
            .collect())
    }
}

/// How many times a row changed between its read and its write is read again and written.
pub const REPLANS: usize = 3;

fn is_conflict(outcome: &Result<(), ApiError>) -> bool {
    matches!(outcome, Err(ApiError::Conflict(_)))
}

impl<S: ForecastStore> ForecastUpload<S> {
    /// A planned row's write over the row `read` (none when there was none): the row marked with its upload line,
    /// its history from what `read` held, and its upload record.
    fn row_write(&self, p: &Planned<ForecastRow>, read: Option<ForecastRecord>, req: &UploadRequest) -> RowWrite {
        let r = &p.plan;
        let row = ForecastRecord {
            date: r.date.clone(),
            item: r.item.clone(),
            quantity: Some(r.quantity),
            production_date: Some(r.production_date.clone()),
            upload_marker: Some(req.marker(p.row)),
            updated_by: Some(self.user.clone()),
            updated_at: Some(self.now.clone()),
        };
        let old = read.as_ref().map(|s| text(&s.quantity)).unwrap_or_else(|| "null".into());
        let change =
            Change { attribute: r.item.clone(), old_value: old, new_value: r.quantity.to_string(), reason: None };
        let history =
            Record::new(history::entity("forecast", &r.date), &self.now, &self.user, &req.source(p.row), vec![change]);
        RowWrite { row, read, history, claim: p.claim.clone() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;
    use fleet_shared::idempotency::Claim;
    use fleet_shared::upload::{self, RowStatus};
    use serde_json::json;

    fn request(upload_id: &str, rows: &[(&str, &str, &str, &str)]) -> UploadRequest {
        let rows = rows
            .iter()
            .enumerate()
            .map(|(i, (item, day, q, made))| RawRow {
                row: i as u32 + 2,
                values: json!({ "Item": item, "AllocationDate": day, "Quantity": q, "ProductionDate": made })
                    .as_object()
                    .cloned()
                    .unwrap(),
            })
            .collect();
        UploadRequest {
            upload_id: fleet_shared::entity::UploadId::parse(upload_id).unwrap(),
            file_name: "plan.csv".into(),
            rows,
            groups: None,
        }
    }

    #[tokio::test]
    async fn rows_are_compared_with_the_stored_forecast_and_written_with_their_history() {
        let fake = Memory::default();
        let kind = ForecastUpload { store: &fake, user: "ops@x.co".into(), now: "2026-11-23T12:00:00.000Z".into() };
        let first = request("u-1", &[("Wrap", "2026/11/24", "12", "2026/11/23")]);
        assert_eq!(upload::commit(&kind, &first, &fake.records).await.unwrap().written, 1);
        let next =
            request("u-2", &[("Wrap", "2026/11/24", "15", "2026/11/22"), ("Soup", "2026/11/24", "3", "2026/11/23")]);
        let dry = upload::dry_run(&kind, &next).await.unwrap();
        let diff: Vec<(&str, &str, &str)> = dry.rows[0]
            .diff
            .iter()
            .map(|d| (d.attribute.as_str(), d.old_value.as_str(), d.new_value.as_str()))
            .collect();
        assert_eq!(diff, [("quantity", "12", "15"), ("productionDate", "\"2026-11-23\"", "\"2026-11-22\"")]);
        assert_eq!(
            (dry.rows[0].status, dry.rows[1].status, dry.rows[0].warnings.len()),
            (RowStatus::Change, RowStatus::New, 1),
            "a two-day holdover is warned"
        );
        upload::commit(&kind, &next, &fake.records).await.unwrap();
        let history = fake.history.lock().unwrap().clone();
        let changes: Vec<(&str, &str, &str, &str)> = history
            .iter()
            .map(|h| {
                (
                    h.entity.as_str(),
                    h.changes[0].attribute.as_str(),
                    h.changes[0].old_value.as_str(),
                    h.changes[0].new_value.as_str(),
                )
            })
            .collect();
        assert_eq!(
            changes,
            [
                ("forecast#2026-11-24", "Wrap", "null", "12"),
                ("forecast#2026-11-24", "Wrap", "12", "15"),
                ("forecast#2026-11-24", "Soup", "null", "3")
            ]
        );
        // A retried batch writes nothing twice.
        upload::commit(&kind, &next, &fake.records).await.unwrap();
        assert_eq!(fake.history.lock().unwrap().len(), 3);
    }

    /// u-1 stored Wrap at 12; u-2 (Wrap 15, Soup 3) planned against it. Answers u-2's planned rows.
    async fn planned_over_wrap_at_12(kind: &ForecastUpload<&Memory>) -> (UploadRequest, Vec<Planned<ForecastRow>>) {
        let first = request("u-1", &[("Wrap", "2026/11/24", "12", "2026/11/23")]);
        upload::commit(kind, &first, &kind.store.records).await.unwrap();
        let next =
            request("u-2", &[("Wrap", "2026/11/24", "15", "2026/11/23"), ("Soup", "2026/11/24", "3", "2026/11/23")]);
        let stored = kind.load(vec!["2026-11-24#Wrap".into(), "2026-11-24#Soup".into()]).await.unwrap();
        let planned = next
            .rows
            .iter()
            .map(|raw| {
                let (key, plan) = kind.check(raw, &()).unwrap();
                let claim = Claim::new("forecast", "u-2", &raw.row.to_string(), "d".into(), &Value::Null, 0);
                Planned { row: raw.row, stored: stored.get(&key).cloned(), key, plan, claim: Some(claim) }
            })
            .collect();
        (next, planned)
    }

    fn wrap() -> (String, String) {
        ("2026-11-24".to_string(), "Wrap".to_string())
    }

    /// Each history record's (item, old, new).
    fn history_of(fake: &Memory) -> Vec<(String, String, String)> {
        let history = fake.history.lock().unwrap();
        history
            .iter()
            .filter_map(|h| h.changes.first())
            .map(|c| (c.attribute.clone(), c.old_value.clone(), c.new_value.clone()))
            .collect()
    }

    #[tokio::test]
    async fn a_row_edited_after_the_file_read_it_is_read_again_and_its_history_says_what_it_held() {
        let fake = Memory::default();
        let kind = ForecastUpload { store: &fake, user: "ops@x.co".into(), now: "2026-11-23T12:00:00.000Z".into() };
        let (next, planned) = planned_over_wrap_at_12(&kind).await;
        // Meanwhile someone sets Wrap to 14 on the Forecast view.
        let held = fake.rows.lock().unwrap()[&wrap()].clone();
        let edit = Record::new(history::entity("forecast", "2026-11-24"), "t", "planner@x.co", "Forecast view", vec![]);
        fake.set_quantity(&ForecastRecord { quantity: Some(14), ..held }, Some(12), &edit).await.unwrap();

        let results = kind.write(planned, &next).await.unwrap();
        let outcome: Vec<(u32, CommitStatus)> = results.iter().map(|r| (r.row, r.status)).collect();
        assert_eq!(outcome, [(2, CommitStatus::Written), (3, CommitStatus::Written)]);
        assert_eq!(fake.rows.lock().unwrap()[&wrap()].quantity, Some(15));
        let said = |item: &str, old: &str, new: &str| (item.to_string(), old.to_string(), new.to_string());
        assert_eq!(
            history_of(&fake),
            [said("Wrap", "null", "12"), said("Soup", "null", "3"), said("Wrap", "14", "15")],
            "Wrap's record says 14 -> 15, what it held, never 12 -> 15"
        );
    }

    #[tokio::test]
    async fn a_row_that_keeps_changing_is_not_overwritten_and_its_line_says_why() {
        let fake = Memory::default();
        let kind = ForecastUpload { store: &fake, user: "ops@x.co".into(), now: "2026-11-23T12:00:00.000Z".into() };
        let (next, planned) = planned_over_wrap_at_12(&kind).await;
        *fake.edited_before_each_write.lock().unwrap() = Some(wrap());

        let results = kind.write(planned, &next).await.unwrap();
        let outcome: Vec<(u32, CommitStatus)> = results.iter().map(|r| (r.row, r.status)).collect();
        assert_eq!(outcome, [(2, CommitStatus::Failed), (3, CommitStatus::Written)]);
        assert_eq!(
            results[0].message.as_deref(),
            Some(
                "the forecast of Wrap for 2026-11-24 changed while this file was being applied; upload the file \
                 again to apply this line"
            )
        );
        let edits = 1 + REPLANS as i64;
        assert_eq!(fake.rows.lock().unwrap()[&wrap()].quantity, Some(12 + edits), "every edit stands");
        assert_eq!(history_of(&fake).len(), 2, "u-1's Wrap and u-2's Soup; nothing for u-2's Wrap");
        let records = fake.records.0.lock().unwrap();
        let record = |row: &str| records.contains_key(&("forecast#u-2".to_string(), row.to_string()));
        assert_eq!((record("2"), record("3")), (false, true), "the failed line's upload record fell with it");
    }
}
