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
    /// An upload state another try of the same file stores right as this one opens the object.
    pub stored_by_another_try: Mutex<Option<UploadState>>,
    /// A row someone edits again right before every `put_rows` lands (its quantity + 1).
    pub edited_before_each_write: Mutex<Option<(String, String)>>,
}

impl Memory {
    pub fn state(&self, id: &str) -> Option<UploadState> {
        self.uploads.lock().unwrap().get(id).cloned()
    }
}

impl ForecastStore for Memory {
    type File = Vec<u8>;

    async fn save(&self, state: &UploadState, read: Option<&str>) -> Result<(), ApiError> {
        let mut uploads = self.uploads.lock().unwrap();
        if uploads.get(&state.upload_id).map(|s| s.updated_at.as_str()) != read {
            return Err(ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into()));
        }
        uploads.insert(state.upload_id.clone(), state.clone());
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

    async fn put_rows(&self, writes: Vec<RowWrite>) -> Result<Vec<Result<(), ApiError>>, ApiError> {
        let mut rows = self.rows.lock().unwrap();
        if let Some(row) = self.edited_before_each_write.lock().unwrap().as_ref().and_then(|key| rows.get_mut(key)) {
            row.quantity = row.quantity.map(|q| q + 1);
        }
        let mut out = Vec::with_capacity(writes.len());
        for w in writes {
            let key = (w.row.date.clone(), w.row.item.clone());
            // The row's condition: the stored row is still the one read; with the claim's, all or nothing.
            let claim_taken = w
                .claim
                .as_ref()
                .is_some_and(|c| self.records.0.lock().unwrap().contains_key(&(c.pk.clone(), c.sk.clone())));
            if rows.get(&key) != w.read.as_ref() || claim_taken {
                out.push(Err(ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into())));
                continue;
            }
            if let Some(claim) = &w.claim {
                self.records.0.lock().unwrap().insert((claim.pk.clone(), claim.sk.clone()), claim.clone());
            }
            rows.insert(key, w.row);
            self.history.lock().unwrap().push(w.history);
            out.push(Ok(()));
        }
        Ok(out)
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
        if let Some(state) = self.stored_by_another_try.lock().unwrap().take() {
            self.uploads.lock().unwrap().insert(state.upload_id.clone(), state);
        }
        Ok(self.files.lock().unwrap().get(key).cloned())
    }

    async fn read(&self, file: Vec<u8>) -> Result<Vec<u8>, ApiError> {
        *self.reads.lock().unwrap() += 1;
        Ok(file)
    }
}
