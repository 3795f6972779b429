//! Codes in memory, for tests of the issuing rules.
use super::*;
use fleet_shared::error::CHANGED_MEANWHILE;
use fleet_shared::idempotency::{MemoryRecords, Seen};
use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Default)]
pub struct Memory {
    pub codes: Mutex<Vec<Stored>>,
    pub records: MemoryRecords,
    /// Inserts still to be refused as though the code existed (a collision).
    pub collisions: Mutex<usize>,
    /// A code and claim another try of the request stores just before this insert.
    pub racing: Mutex<Option<(Stored, Claim)>>,
}

impl Memory {
    pub fn codes(&self) -> Vec<Stored> {
        self.codes.lock().unwrap().clone()
    }
}

impl Records for Memory {
    async fn get(&self, pk: &str, parts: Vec<String>) -> Result<HashMap<String, Claim>, ApiError> {
        self.records.get(pk, parts).await
    }
    async fn put(&self, claim: &Claim) -> Result<Seen, ApiError> {
        self.records.put(claim).await
    }
}

impl CouponStore for Memory {
    async fn insert(&self, code: &Stored, claim: Option<&Claim>) -> Result<(), ApiError> {
        if let Some((other, other_claim)) = self.racing.lock().unwrap().take() {
            self.records.insert(&other_claim)?;
            self.codes.lock().unwrap().push(other);
        }
        let conflict = || Err(ApiError::Conflict(CHANGED_MEANWHILE.into()));
        {
            let mut collisions = self.collisions.lock().unwrap();
            if *collisions > 0 {
                *collisions -= 1;
                return conflict();
            }
        }
        let mut codes = self.codes.lock().unwrap();
        if codes.iter().any(|c| c.code == code.code) {
            return conflict();
        }
        if let Some(claim) = claim {
            self.records.insert(claim)?;
        }
        codes.push(code.clone());
        Ok(())
    }

    async fn mine(&self, sub: &str, limit: i32) -> Result<Vec<Stored>, ApiError> {
        let mut mine: Vec<Stored> = self.codes().into_iter().filter(|c| c.created_by_sub == sub).collect();
        mine.sort_by(|a, b| b.created_at.cmp(&a.created_at));
        mine.truncate(usize::try_from(limit).unwrap_or(0));
        Ok(mine)
    }
}
