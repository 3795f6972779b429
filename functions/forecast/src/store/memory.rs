//! The forecast in memory, for the rules' unit tests.
use super::*;
use fleet_shared::idempotency::MemoryRecords;
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

#[derive(Default)]
pub struct Memory {
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
    /// Notifications parked in the dead-letter queue, with their reasons.
    pub parked: Mutex<Vec<Unstorable>>,
    /// The upload records cannot be read (a passing failure).
    pub uploads_down: std::sync::atomic::AtomicBool,
}

impl Memory {
    pub fn state(&self, id: &str) -> Option<UploadState> {
        self.uploads.lock().unwrap().get(id).cloned()
    }
}

impl ForecastStore for Memory {
    type File = Vec<u8>;

    async fn save(&self, state: &UploadState) -> Result<(), ApiError> {
        self.uploads.lock().unwrap().insert(state.upload_id.clone(), state.clone());
        Ok(())
    }

    async fn load(&self, upload_id: &str) -> Result<Option<UploadState>, ApiError> {
        if self.uploads_down.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(ApiError::Unavailable);
        }
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

    async fn park(&self, bad: &[Unstorable]) -> Vec<String> {
        self.parked.lock().unwrap().extend(bad.iter().cloned());
        vec![]
    }

    async fn open(&self, key: &str) -> Result<Option<(FileMeta, Vec<u8>)>, ApiError> {
        Ok(self.files.lock().unwrap().get(key).cloned())
    }

    async fn read(&self, file: Vec<u8>) -> Result<Vec<u8>, ApiError> {
        *self.reads.lock().unwrap() += 1;
        Ok(file)
    }
}
