//! Where the forecast is kept: upload states (ForecastUploads), forecast rows
//! (ForecastRows: pk date, sk item) with the History and Idempotency records
//! that land with them, and the uploaded files (the Uploads bucket). The
//! rules (`kind`, `ingest`, `handlers`) only see `ForecastStore`. Its AWS
//! implementation is the deployed `Deps` itself, as in the other upload
//! areas; unit tests use the in-memory `fake::Fake`.
use fleet_shared::history::Record;
use fleet_shared::idempotency::Claim;
use fleet_shared::ApiError;
use serde::{Deserialize, Serialize};
use std::future::Future;

#[derive(Debug, Clone, Serialize, Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct UploadState {
    pub upload_id: String,
    /// waiting (URL issued), received, applied or failed.
    pub state: String,
    #[serde(default)]
    pub errors: Vec<String>,
    /// Rows written, and rows the store already held.
    #[serde(default)]
    pub written: usize,
    #[serde(default)]
    pub unchanged: usize,
    #[serde(default)]
    pub user: String,
    #[serde(default)]
    pub file_name: String,
    /// Unix seconds after which the presigned URL no longer works.
    #[serde(default)]
    pub url_expires_at: i64,
    /// The S3 object version this state describes (a redelivery finds it).
    #[serde(default)]
    pub e_tag: String,
    pub updated_at: String,
    pub expires_at: i64,
}

/// One stored forecast row, in the stored shape.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ForecastRecord {
    /// YYYY-MM-DD, the allocation date.
    pub date: String,
    pub item: String,
    #[serde(default)]
    pub quantity: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub production_date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upload_marker: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<String>,
}

impl ForecastRecord {
    /// `{date}#{item}`, the key the upload pipeline knows a row by.
    pub fn key(&self) -> String {
        format!("{}#{}", self.date, self.item)
    }
}

/// One row of a commit: the row, its history record and, on a unit's first
/// row, the upload's claim.
#[derive(Debug, Clone)]
pub struct RowWrite {
    pub row: ForecastRecord,
    pub history: Record,
    pub claim: Option<Claim>,
}

/// What S3 says of an uploaded object before its body is read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FileMeta {
    /// Without its quotes.
    pub e_tag: String,
    /// When it was written (Unix seconds), if S3 says.
    pub modified: Option<i64>,
    /// Its size in bytes, if S3 says.
    pub size: Option<i64>,
}

pub trait ForecastStore: Sync {
    /// An opened object whose body is not read yet.
    type File: Send;

    fn save(&self, state: &UploadState) -> impl Future<Output = Result<(), ApiError>> + Send;
    fn load(&self, upload_id: &str) -> impl Future<Output = Result<Option<UploadState>, ApiError>> + Send;
    /// The rows of one allocation date.
    fn rows_on(&self, date: &str) -> impl Future<Output = Result<Vec<ForecastRecord>, ApiError>> + Send;
    /// The rows stored under these `(date, item)` keys (absent ones left out), read strongly consistent.
    fn rows_at(&self, keys: &[(String, String)]) -> impl Future<Output = Result<Vec<ForecastRecord>, ApiError>> + Send;
    /// Puts rows with their history records and claims, in batches (not all
    /// or nothing: a retry of the file is recognised by the claims).
    fn put_rows(&self, writes: Vec<RowWrite>) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Sets one row's quantity (and who and when) with its history record,
    /// all or nothing, only if the stored quantity is still `old`. The generic
    /// Conflict when it moved.
    fn set_quantity(
        &self,
        row: &ForecastRecord,
        old: Option<i64>,
        history: &Record,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// A presigned PUT of a CSV to `key`, working for `seconds`.
    fn upload_url(&self, key: &str, seconds: u64) -> impl Future<Output = Result<String, ApiError>> + Send;
    /// Opens the uploaded object at `key`; `None` when it is gone.
    fn open(&self, key: &str) -> impl Future<Output = Result<Option<(FileMeta, Self::File)>, ApiError>> + Send;
    /// Reads an opened object's body.
    fn read(&self, file: Self::File) -> impl Future<Output = Result<Vec<u8>, ApiError>> + Send;
}

impl<T: ForecastStore + ?Sized> ForecastStore for &T {
    type File = T::File;

    fn save(&self, state: &UploadState) -> impl Future<Output = Result<(), ApiError>> + Send {
        (**self).save(state)
    }
    fn load(&self, upload_id: &str) -> impl Future<Output = Result<Option<UploadState>, ApiError>> + Send {
        (**self).load(upload_id)
    }
    fn rows_on(&self, date: &str) -> impl Future<Output = Result<Vec<ForecastRecord>, ApiError>> + Send {
        (**self).rows_on(date)
    }
    fn rows_at(&self, keys: &[(String, String)]) -> impl Future<Output = Result<Vec<ForecastRecord>, ApiError>> + Send {
        (**self).rows_at(keys)
    }
    fn put_rows(&self, writes: Vec<RowWrite>) -> impl Future<Output = Result<(), ApiError>> + Send {
        (**self).put_rows(writes)
    }
    fn set_quantity(
        &self,
        row: &ForecastRecord,
        old: Option<i64>,
        history: &Record,
    ) -> impl Future<Output = Result<(), ApiError>> + Send {
        (**self).set_quantity(row, old, history)
    }
    fn upload_url(&self, key: &str, seconds: u64) -> impl Future<Output = Result<String, ApiError>> + Send {
        (**self).upload_url(key, seconds)
    }
    fn open(&self, key: &str) -> impl Future<Output = Result<Option<(FileMeta, Self::File)>, ApiError>> + Send {
        (**self).open(key)
    }
    fn read(&self, file: Self::File) -> impl Future<Output = Result<Vec<u8>, ApiError>> + Send {
        (**self).read(file)
    }
}

mod aws {
    use super::*;
    use aws_sdk_dynamodb::types::{AttributeValue, TransactWriteItem, Update};
    use aws_sdk_s3::operation::get_object::GetObjectOutput;
    use aws_sdk_s3::presigning::PresigningConfig;
    use fleet_shared::{store, Bucket, Deps, Table};
    use std::collections::HashMap;
    use std::time::Duration;

    fn row_key(date: &str, item: &str) -> HashMap<String, AttributeValue> {
        HashMap::from([("date".to_string(), store::s(date)), ("item".to_string(), store::s(item))])
    }

    /// The forecast in DynamoDB and S3.
    impl ForecastStore for Deps {
        type File = GetObjectOutput;

        async fn save(&self, state: &UploadState) -> Result<(), ApiError> {
            self.table(Table::ForecastUploads)?.batch_put(vec![store::to_item(state)?]).await
        }

        async fn load(&self, upload_id: &str) -> Result<Option<UploadState>, ApiError> {
            self.table(Table::ForecastUploads)?
                .get(HashMap::from([("uploadId".to_string(), store::s(upload_id))]))
                .await
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
            let (history, records) = (self.table(Table::History)?.name, self.table(Table::Idempotency)?.name);
            let mut requests = Vec::new();
            for w in writes {
                requests.push((rows.name.to_string(), store::put_request(store::to_item(&w.row)?)?));
                requests.push((history.to_string(), store::put_request(store::to_item(&w.history)?)?));
                if let Some(claim) = &w.claim {
                    requests.push((records.to_string(), store::put_request(store::to_item(claim)?)?));
                }
            }
            store::batch_write_all(rows.client, requests).await
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
            let presigned = bucket
                .client
                .put_object()
                .bucket(bucket.name)
                .key(key)
                .content_type("text/csv")
                .presigned(PresigningConfig::expires_in(Duration::from_secs(seconds)).map_err(ApiError::internal)?)
                .await
                .map_err(ApiError::internal)?;
            Ok(presigned.uri().to_string())
        }

        async fn open(&self, key: &str) -> Result<Option<(FileMeta, GetObjectOutput)>, ApiError> {
            let bucket = self.bucket(Bucket::Uploads)?;
            match bucket.client.get_object().bucket(bucket.name).key(key).send().await {
                Ok(o) => {
                    let meta = FileMeta {
                        e_tag: o.e_tag().unwrap_or_default().trim_matches('"').to_string(),
                        modified: o.last_modified().map(|t| t.secs()),
                        size: o.content_length(),
                    };
                    Ok(Some((meta, o)))
                }
                Err(e) if e.as_service_error().is_some_and(|s| s.is_no_such_key()) => Ok(None),
                Err(e) => Err(ApiError::internal(e)),
            }
        }

        async fn read(&self, file: GetObjectOutput) -> Result<Vec<u8>, ApiError> {
            Ok(file.body.collect().await.map_err(ApiError::internal)?.into_bytes().to_vec())
        }
    }
}

/// The forecast in memory, for the rules' unit tests.
#[cfg(test)]
pub mod fake {
    use super::*;
    use fleet_shared::idempotency::MemoryRecords;
    use std::collections::{BTreeMap, HashMap};
    use std::sync::Mutex;

    #[derive(Default)]
    pub struct Fake {
        pub uploads: Mutex<HashMap<String, UploadState>>,
        /// By (date, item).
        pub rows: Mutex<BTreeMap<(String, String), ForecastRecord>>,
        pub history: Mutex<Vec<Record>>,
        /// Objects by key: what S3 says of each, and its body.
        pub files: Mutex<HashMap<String, (FileMeta, Vec<u8>)>>,
        /// Whether a body was read (a file refused from its size is not).
        pub reads: Mutex<usize>,
        /// The upload records, shared with the pipeline as its `Records`.
        pub records: MemoryRecords,
    }

    impl Fake {
        pub fn state(&self, id: &str) -> Option<UploadState> {
            self.uploads.lock().unwrap().get(id).cloned()
        }
    }

    impl ForecastStore for Fake {
        type File = Vec<u8>;

        async fn save(&self, state: &UploadState) -> Result<(), ApiError> {
            self.uploads.lock().unwrap().insert(state.upload_id.clone(), state.clone());
            Ok(())
        }

        async fn load(&self, upload_id: &str) -> Result<Option<UploadState>, ApiError> {
            Ok(self.state(upload_id))
        }

        async fn rows_on(&self, date: &str) -> Result<Vec<ForecastRecord>, ApiError> {
            Ok(self.rows.lock().unwrap().values().filter(|r| r.date == date).cloned().collect())
        }

        async fn rows_at(&self, keys: &[(String, String)]) -> Result<Vec<ForecastRecord>, ApiError> {
            let rows = self.rows.lock().unwrap();
            Ok(keys.iter().filter_map(|k| rows.get(k).cloned()).collect())
        }

        async fn put_rows(&self, writes: Vec<RowWrite>) -> Result<(), ApiError> {
            for w in writes {
                if let Some(claim) = &w.claim {
                    // A batch put overwrites: the record is put whatever was there.
                    self.records.0.lock().unwrap().insert((claim.pk.clone(), claim.sk.clone()), claim.clone());
                }
                self.rows.lock().unwrap().insert((w.row.date.clone(), w.row.item.clone()), w.row);
                self.history.lock().unwrap().push(w.history);
            }
            Ok(())
        }

        async fn set_quantity(&self, row: &ForecastRecord, old: Option<i64>, history: &Record) -> Result<(), ApiError> {
            let mut rows = self.rows.lock().unwrap();
            let stored = rows.get_mut(&(row.date.clone(), row.item.clone()));
            let Some(stored) = stored.filter(|s| s.quantity == old) else {
                return Err(ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into()));
            };
            stored.quantity = row.quantity;
            stored.updated_by = row.updated_by.clone();
            stored.updated_at = row.updated_at.clone();
            self.history.lock().unwrap().push(history.clone());
            Ok(())
        }

        async fn upload_url(&self, key: &str, seconds: u64) -> Result<String, ApiError> {
            Ok(format!("https://uploads.example/{key}?expires={seconds}"))
        }

        async fn open(&self, key: &str) -> Result<Option<(FileMeta, Vec<u8>)>, ApiError> {
            Ok(self.files.lock().unwrap().get(key).cloned())
        }

        async fn read(&self, file: Vec<u8>) -> Result<Vec<u8>, ApiError> {
            *self.reads.lock().unwrap() += 1;
            Ok(file)
        }
    }
}
