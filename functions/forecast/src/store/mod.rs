//! Where the forecast is kept: upload states (ForecastUploads), forecast rows
//! (ForecastRows: pk date, sk item) with the History and Idempotency records
//! that land with them, and the uploaded files (the Uploads bucket). The
//! rules (`kind`, `ingest`, `handlers`) only see `ForecastStore`. Its AWS
//! implementation is the deployed `Deps` itself, as in the other upload
//! areas; unit tests use the in-memory `memory::Memory`.
use fleet_shared::history::Record;
use fleet_shared::idempotency::Claim;
pub use fleet_shared::parking::Unstorable;
use fleet_shared::ApiError;
use serde::{Deserialize, Serialize};
use std::future::Future;

/// The largest forecast file the ingest reads. A 10,000-row file is about
/// 0.5 MB; a larger object is refused from its size alone, never read.
pub const MAX_FILE_BYTES: i64 = 5 * 1024 * 1024;

pub mod dynamo;
#[cfg(test)]
pub mod memory;

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

/// One row of a commit: the row, the row as the plan read it (none when there
/// was none), its history record and, on a unit's first row, the upload's claim.
#[derive(Debug, Clone)]
pub struct RowWrite {
    pub row: ForecastRecord,
    pub read: Option<ForecastRecord>,
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

    /// Writes an upload's state on condition that the stored one is the one read: its `updatedAt` was
    /// `read` (`None`: no state is stored yet). The generic Conflict otherwise: another try of the same
    /// file moved it meanwhile (this one is then redelivered, and finds what that one did). A state found
    /// equal to `state` is this write's own, landed by a try whose answer was lost: done.
    fn save(&self, state: &UploadState, read: Option<&str>) -> impl Future<Output = Result<(), ApiError>> + Send;
    fn load(&self, upload_id: &str) -> impl Future<Output = Result<Option<UploadState>, ApiError>> + Send;
    /// The rows of one allocation date.
    fn rows_on(&self, date: &str) -> impl Future<Output = Result<Vec<ForecastRecord>, ApiError>> + Send;
    /// The rows stored under these `(date, item)` keys (absent ones left out), read strongly consistent.
    fn rows_at(&self, keys: &[(String, String)]) -> impl Future<Output = Result<Vec<ForecastRecord>, ApiError>> + Send;
    /// Puts each row with its history record and claim, all or nothing per
    /// row, only if the stored row is still the one read (`RowWrite::read`):
    /// the history's old value is what the row held. Answers per row, in
    /// order: the generic Conflict for a row that changed meanwhile.
    fn put_rows(
        &self,
        writes: Vec<RowWrite>,
    ) -> impl Future<Output = Result<Vec<Result<(), ApiError>>, ApiError>> + Send;
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
    /// Parks notifications that cannot be ingested in the dead-letter queue, each with its reason;
    /// answers the ids that could not be parked (left for redelivery).
    fn park(&self, bad: &[Unstorable]) -> impl Future<Output = Vec<String>> + Send;
    /// Opens the uploaded object at `key`; `None` when it is gone.
    fn open(&self, key: &str) -> impl Future<Output = Result<Option<(FileMeta, Self::File)>, ApiError>> + Send;
    /// Reads an opened object's body.
    fn read(&self, file: Self::File) -> impl Future<Output = Result<Vec<u8>, ApiError>> + Send;
}

impl<T: ForecastStore + ?Sized> ForecastStore for &T {
    type File = T::File;

    fn save(&self, state: &UploadState, read: Option<&str>) -> impl Future<Output = Result<(), ApiError>> + Send {
        (**self).save(state, read)
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
    fn put_rows(
        &self,
        writes: Vec<RowWrite>,
    ) -> impl Future<Output = Result<Vec<Result<(), ApiError>>, ApiError>> + Send {
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
    fn park(&self, bad: &[Unstorable]) -> impl Future<Output = Vec<String>> + Send {
        (**self).park(bad)
    }
    fn open(&self, key: &str) -> impl Future<Output = Result<Option<(FileMeta, Self::File)>, ApiError>> + Send {
        (**self).open(key)
    }
    fn read(&self, file: Self::File) -> impl Future<Output = Result<Vec<u8>, ApiError>> + Send {
        (**self).read(file)
    }
}
