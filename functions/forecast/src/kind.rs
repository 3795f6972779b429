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

    /// Rows, their history records and their upload records go in batches
    /// together. A file is ingested by one consumer of its S3 notification at
    /// a time, and a retry of it is recognised by the records, so the rows'
    /// puts need no condition; the history and upload records are only ever
    /// added (conditional Puts: docs/decisions/store-and-integrity.md).
    async fn write(&self, rows: Vec<Planned<ForecastRow>>, req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
        let mut writes = Vec::with_capacity(rows.len());
        for p in &rows {
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
            let old = stored_row(p.stored.as_ref()).map(|s| text(&s.quantity)).unwrap_or_else(|| "null".into());
            let change =
                Change { attribute: r.item.clone(), old_value: old, new_value: r.quantity.to_string(), reason: None };
            let history = Record::new(
                history::entity("forecast", &r.date),
                &self.now,
                &self.user,
                &req.source(p.row),
                vec![change],
            );
            writes.push(RowWrite { row, history, claim: p.claim.clone() });
        }
        self.store.put_rows(writes).await?;
        Ok(rows
            .into_iter()
            .map(|p| CommitResult { row: p.row, key: Some(p.key), status: CommitStatus::Written, message: None })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;
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
}
