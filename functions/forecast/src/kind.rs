//! The forecast file on the upload pipeline: the browser's dry run (rules,
//! holdover warnings, diff against the stored forecast) and the ingest's
//! commit, in batches, of a file that landed in S3. Rows carry the upload and
//! line that wrote them, so a redelivered notification writes nothing twice.
use crate::file::{self, ForecastRow};
use aws_sdk_dynamodb::types::{PutRequest, WriteRequest};
use fleet_shared::history::{self, Change, Record};
use fleet_shared::upload::{CommitResult, CommitStatus, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::{store, ApiError, Deps, Table};
use serde_json::{json, Value};
use std::collections::HashMap;

pub struct ForecastUpload {
    pub deps: &'static Deps,
    pub user: String,
    pub now: String,
}

impl UploadKind for ForecastUpload {
    const SCOPE: &'static str = "forecast";
    type Plan = ForecastRow;
    type Context = ();

    async fn context(&self) -> Result<(), ApiError> {
        Ok(())
    }

    fn check(&self, row: &RawRow, _: &()) -> Result<(String, ForecastRow), Vec<String>> {
        file::check(&row.values).map(|r| (r.key(), r))
    }

    fn warnings(&self, plan: &ForecastRow) -> Vec<String> {
        file::holdover(plan).into_iter().collect()
    }

    async fn load(&self, keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
        let t = self.deps.table(Table::ForecastRows)?;
        let keys = keys
            .iter()
            .filter_map(|k| k.split_once('#'))
            .map(|(date, item)| {
                HashMap::from([("date".to_string(), store::s(date)), ("item".to_string(), store::s(item))])
            })
            .collect();
        let mut found = HashMap::new();
        for item in t.batch_get(keys, &[]).await? {
            let v: Value = store::from_item(item)?;
            found.insert(
                format!("{}#{}", v["date"].as_str().unwrap_or_default(), v["item"].as_str().unwrap_or_default()),
                v,
            );
        }
        Ok(found)
    }

    fn compare(&self, plan: &ForecastRow, stored: Option<&Value>) -> Result<Vec<Change>, String> {
        let Some(stored) = stored else { return Ok(vec![]) };
        let mut diff = Vec::new();
        for (attribute, new) in [("quantity", json!(plan.quantity)), ("productionDate", json!(plan.production_date))] {
            let old = stored.get(attribute).cloned().unwrap_or(Value::Null);
            if old != new {
                diff.push(Change {
                    attribute: attribute.into(),
                    old_value: old.to_string(),
                    new_value: new.to_string(),
                    reason: None,
                });
            }
        }
        Ok(diff)
    }

    /// One BatchWriteItem per 25 requests: rows, their history records and
    /// their upload records together. A file is ingested by one consumer of
    /// its S3 notification at a time, and a retry of it is recognised by the
    /// records, so these puts need no condition (docs/decisions.md).
    async fn write(&self, rows: Vec<Planned<ForecastRow>>, req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
        let rows_table = self.deps.table(Table::ForecastRows)?;
        let history_table = self.deps.table(Table::History)?;
        let records_table = self.deps.table(Table::Idempotency)?.name;
        let mut requests: Vec<(String, WriteRequest)> = Vec::new();
        for p in &rows {
            let marker = req.marker(p.row);
            let r = &p.plan;
            let item = json!({ "date": r.date, "item": r.item, "quantity": r.quantity, "productionDate": r.production_date,
                               "uploadMarker": marker, "updatedBy": self.user, "updatedAt": self.now });
            requests.push((rows_table.name.to_string(), put(store::to_item(&item)?)?));
            let old = p.stored.as_ref().map(|s| s["quantity"].to_string()).unwrap_or_else(|| "null".into());
            let change =
                Change { attribute: r.item.clone(), old_value: old, new_value: r.quantity.to_string(), reason: None };
            let record = Record::new(
                history::entity("forecast", &r.date),
                &self.now,
                &self.user,
                &req.source(p.row),
                vec![change],
            );
            requests.push((history_table.name.to_string(), put(store::to_item(&record)?)?));
            if let Some(claim) = &p.claim {
                requests.push((records_table.to_string(), put(store::to_item(claim)?)?));
            }
        }
        for chunk in requests.chunks(25) {
            let mut by_table: HashMap<String, Vec<WriteRequest>> = HashMap::new();
            for (table, request) in chunk {
                by_table.entry(table.clone()).or_default().push(request.clone());
            }
            store::batch_write_tables(rows_table.client, by_table).await?;
        }
        Ok(rows
            .into_iter()
            .map(|p| CommitResult { row: p.row, key: Some(p.key), status: CommitStatus::Written, message: None })
            .collect())
    }
}

fn put(item: store::Item) -> Result<WriteRequest, ApiError> {
    Ok(WriteRequest::builder()
        .put_request(PutRequest::builder().set_item(Some(item)).build().map_err(ApiError::internal)?)
        .build())
}
