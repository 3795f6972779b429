//! Prices in memory, for the rules' unit tests.
use super::*;
use fleet_shared::idempotency::MemoryRecords;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;

#[derive(Default)]
pub struct Memory {
    pub rows: Mutex<BTreeMap<(String, String), PriceRecord>>,
    pub history: Mutex<Vec<Record>>,
    pub schemas: Mutex<BTreeSet<String>>,
    /// The upload records, shared with the pipeline as its `Records`.
    pub records: MemoryRecords,
}

impl Memory {
    pub fn with(rows: &[(&str, &str, i64)]) -> Memory {
        let fake = Memory::default();
        for (schema, item, cents) in rows {
            let row = PriceRecord {
                schema_id: schema.to_string(),
                item: item.to_string(),
                cents: Some(*cents),
                ..Default::default()
            };
            fake.rows.lock().unwrap().insert((row.schema_id.clone(), row.item.clone()), row);
        }
        fake
    }

    pub fn cents(&self, schema: &str, item: &str) -> Option<i64> {
        self.rows.lock().unwrap().get(&(schema.to_string(), item.to_string())).and_then(|r| r.cents)
    }
}

fn changed_meanwhile() -> ApiError {
    ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into())
}

impl PriceStore for Memory {
    async fn prices(&self, schemas: Option<&[String]>) -> Result<Vec<PriceRecord>, ApiError> {
        let rows = self.rows.lock().unwrap();
        Ok(rows.values().filter(|r| schemas.is_none_or(|s| s.contains(&r.schema_id))).cloned().collect())
    }

    async fn prices_at(&self, keys: &[(String, String)]) -> Result<Vec<PriceRecord>, ApiError> {
        let rows = self.rows.lock().unwrap();
        Ok(keys.iter().filter_map(|k| rows.get(k).cloned()).collect())
    }

    async fn schemas(&self) -> Result<Vec<String>, ApiError> {
        Ok(self.schemas.lock().unwrap().iter().cloned().collect())
    }

    async fn list_schemas(&self, schemas: &[&str]) -> Result<(), ApiError> {
        self.schemas.lock().unwrap().extend(schemas.iter().map(|s| s.to_string()));
        Ok(())
    }

    async fn put(
        &self,
        price: &PriceRecord,
        seen: Option<i64>,
        history: &Record,
        claim: Option<&Claim>,
    ) -> Result<(), ApiError> {
        let mut rows = self.rows.lock().unwrap();
        let key = (price.schema_id.clone(), price.item.clone());
        // The conditions of the transaction, checked before anything lands.
        let holds = match (seen, rows.get(&key)) {
            (None, stored) => stored.is_none(),
            (Some(old), stored) => stored.and_then(|s| s.cents) == Some(old),
        };
        if !holds {
            return Err(changed_meanwhile());
        }
        if let Some(claim) = claim {
            self.records.insert(claim)?;
        }
        rows.insert(key, price.clone());
        self.history.lock().unwrap().push(history.clone());
        Ok(())
    }
}
