//! The forecast store over DynamoDB and S3: the deployed `Deps` itself.
use super::*;
use aws_sdk_dynamodb::types::{AttributeValue, TransactWriteItem, Update};
use fleet_shared::s3::S3Object;
use fleet_shared::{store, Bucket, Deps, Queue, Table};
use std::collections::HashMap;
use std::time::Duration;

fn row_key(date: &str, item: &str) -> HashMap<String, AttributeValue> {
    HashMap::from([("date".to_string(), store::s(date)), ("item".to_string(), store::s(item))])
}

/// The forecast in DynamoDB and S3.
impl ForecastStore for Deps {
    type File = S3Object;

    async fn save(&self, state: &UploadState) -> Result<(), ApiError> {
        self.table(Table::ForecastUploads)?.batch_put(vec![store::to_item(state)?]).await
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

    async fn put_rows(&self, writes: Vec<RowWrite>) -> Result<(), ApiError> {
        let rows = self.table(Table::ForecastRows)?;
        let mut row_items = Vec::with_capacity(writes.len());
        let (mut history, mut claims) = (Vec::with_capacity(writes.len()), Vec::new());
        for w in writes {
            row_items.push(store::to_item(&w.row)?);
            history.push(store::to_item(&w.history)?);
            if let Some(claim) = &w.claim {
                claims.push(store::to_item(claim)?);
            }
        }
        // The rows are the plan's latest state; history and upload records are only ever added
        // (never BatchWriteItem, whose grant allows deletes), and the records last: a unit is
        // recorded done only after its rows and history landed.
        rows.batch_put(row_items).await?;
        self.table(Table::History)?.put_each_new(history, "entity").await?;
        self.table(Table::Idempotency)?.put_each_new(claims, "pk").await
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
