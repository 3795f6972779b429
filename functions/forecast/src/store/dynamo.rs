//! The forecast store over DynamoDB and S3: the deployed `Deps` itself.
use super::*;
use aws_sdk_dynamodb::types::{AttributeValue, Put, TransactWriteItem, Update};
use fleet_shared::s3::S3Object;
use fleet_shared::{store, Bucket, Deps, Queue, Table};
use std::collections::HashMap;
use std::time::Duration;

fn row_key(date: &str, item: &str) -> HashMap<String, AttributeValue> {
    HashMap::from([("date".to_string(), store::s(date)), ("item".to_string(), store::s(item))])
}

/// A row's put, on condition that the stored row is still `read` (absent when there was none): each attribute a
/// write sets as it was read. An edit (`set_quantity`) or another upload in between fails it.
fn row_put(table: &str, row: &ForecastRecord, read: Option<&ForecastRecord>) -> Result<TransactWriteItem, ApiError> {
    let put = Put::builder().table_name(table).set_item(Some(store::to_item(row)?));
    let put = match read {
        None => put.condition_expression("attribute_not_exists(#item)").expression_attribute_names("#item", "item"),
        Some(read) => {
            let attributes = [
                ("quantity", read.quantity.map(|q| AttributeValue::N(q.to_string()))),
                ("productionDate", read.production_date.as_deref().map(store::s)),
                ("uploadMarker", read.upload_marker.as_deref().map(store::s)),
                ("updatedBy", read.updated_by.as_deref().map(store::s)),
                ("updatedAt", read.updated_at.as_deref().map(store::s)),
            ];
            let mut conditions = vec!["attribute_exists(#item)".to_string()];
            let mut put = put.expression_attribute_names("#item", "item");
            for (i, (name, value)) in attributes.into_iter().enumerate() {
                put = put.expression_attribute_names(format!("#a{i}"), name);
                match value {
                    Some(value) => {
                        conditions.push(format!("#a{i} = :a{i}"));
                        put = put.expression_attribute_values(format!(":a{i}"), value);
                    }
                    None => conditions.push(format!("attribute_not_exists(#a{i})")),
                }
            }
            put.condition_expression(conditions.join(" AND "))
        }
    };
    Ok(TransactWriteItem::builder().put(put.build().map_err(ApiError::internal)?).build())
}

/// The forecast in DynamoDB and S3.
impl ForecastStore for Deps {
    type File = S3Object;

    async fn save(&self, state: &UploadState, read: Option<&str>) -> Result<(), ApiError> {
        let t = self.table(Table::ForecastUploads)?;
        let put = t.client.put_item().table_name(t.name).set_item(Some(store::to_item(state)?));
        let put = match read {
            None => put.condition_expression("attribute_not_exists(uploadId)"),
            Some(at) => {
                put.condition_expression("updatedAt = :read").expression_attribute_values(":read", store::s(at))
            }
        };
        match put.send().await.map_err(ApiError::from) {
            // A put the SDK sent again after its answer was lost finds its own state there: it landed.
            Err(ApiError::Conflict(_)) if self.load(&state.upload_id).await?.as_ref() == Some(state) => Ok(()),
            other => other.map(|_| ()),
        }
    }

    async fn load(&self, upload_id: &str) -> Result<Option<UploadState>, ApiError> {
        self.table(Table::ForecastUploads)?.get(HashMap::from([("uploadId".to_string(), store::s(upload_id))])).await
    }

    async fn rows_on(&self, date: &str) -> Result<Vec<ForecastRecord>, ApiError> {
        self.table(Table::ForecastRows)?.partition("date", date).await
    }

    async fn rows_at(&self, keys: &[(String, String)]) -> Result<Vec<ForecastRecord>, ApiError> {
        let keys = keys.iter().map(|(date, item)| row_key(date, item)).collect();
        self.table(Table::ForecastRows)?.batch_get(keys, &[]).await?.into_iter().map(store::from_item).collect()
    }

    async fn put_rows(&self, writes: Vec<RowWrite>) -> Result<Vec<Result<(), ApiError>>, ApiError> {
        let rows = self.table(Table::ForecastRows)?;
        let history = self.table(Table::History)?.name;
        let mut groups = Vec::with_capacity(writes.len());
        for w in &writes {
            let mut items = vec![row_put(rows.name, &w.row, w.read.as_ref())?, w.history.put(history)?];
            if let Some(claim) = &w.claim {
                items.push(claim.put(self.table(Table::Idempotency)?.name)?);
            }
            groups.push(items);
        }
        Ok(store::transact_groups_in_flight(rows.client, groups).await)
    }

    async fn set_quantity(&self, row: &ForecastRecord, old: Option<i64>, history: &Record) -> Result<(), ApiError> {
        let t = self.table(Table::ForecastRows)?;
        let number = |n: i64| AttributeValue::N(n.to_string());
        let update = Update::builder()
            .table_name(t.name)
            .set_key(Some(row_key(&row.date, &row.item)))
            .update_expression("SET quantity = :q, updatedBy = :who, updatedAt = :at")
            .expression_attribute_values(":q", number(row.quantity.unwrap_or_default()))
            .expression_attribute_values(":who", store::s(row.updated_by.as_deref().unwrap_or_default()))
            .expression_attribute_values(":at", store::s(row.updated_at.as_deref().unwrap_or_default()));
        let update = match old {
            Some(old) => {
                update.condition_expression("quantity = :old").expression_attribute_values(":old", number(old))
            }
            None => update.condition_expression("attribute_not_exists(quantity)"),
        };
        let items = vec![
            TransactWriteItem::builder().update(update.build().map_err(ApiError::internal)?).build(),
            history.put(self.table(Table::History)?.name)?,
        ];
        store::transact(t.client, items).await
    }

    async fn upload_url(&self, key: &str, seconds: u64) -> Result<String, ApiError> {
        let bucket = self.bucket(Bucket::Uploads)?;
        Ok(bucket.client.presigned_put(bucket.name, key, "text/csv", Duration::from_secs(seconds)).await?)
    }

    async fn park(&self, bad: &[Unstorable]) -> Vec<String> {
        fleet_shared::parking::park(self.queue(Queue::ForecastUploadsDeadLetter), bad, "forecast notification").await
    }

    async fn open(&self, key: &str) -> Result<Option<(FileMeta, S3Object)>, ApiError> {
        let bucket = self.bucket(Bucket::Uploads)?;
        let Some(object) = bucket.client.get_object(bucket.name, key).await? else { return Ok(None) };
        let meta = FileMeta {
            e_tag: object.meta.e_tag.as_deref().unwrap_or_default().trim_matches('"').to_string(),
            modified: object.meta.last_modified,
            size: object.meta.content_length,
        };
        Ok(Some((meta, object)))
    }

    async fn read(&self, file: S3Object) -> Result<Vec<u8>, ApiError> {
        // `open`'s caller refused a file over the limit from its size; this guards a size S3 did not say.
        Ok(file.bytes(MAX_FILE_BYTES as usize).await?)
    }
}
