//! Planograms in memory, for the rules' unit tests.
use super::*;
use fleet_shared::idempotency::MemoryRecords;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;

#[derive(Default)]
pub struct Memory {
    pub layouts: Mutex<BTreeSet<String>>,
    /// By (layoutName, slot).
    pub slots: Mutex<BTreeMap<(String, String), Slot>>,
    /// By (uuid, actionTime).
    pub changes: Mutex<BTreeMap<(String, String), StoredChange>>,
    pub history: Mutex<Vec<Record>>,
    /// (sub, action) pairs granted.
    pub grants: Mutex<BTreeSet<(String, String)>>,
    /// The upload records, shared with the pipeline as its `Records`.
    pub records: MemoryRecords,
}

fn changed_meanwhile() -> ApiError {
    ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into())
}

impl Memory {
    pub fn slot(&self, layout: &str, slot: &str) -> Option<Slot> {
        self.slots.lock().unwrap().get(&(layout.to_string(), slot.to_string())).cloned()
    }

    /// Every claim is new, or none is stored (the transaction's conditions).
    fn claim_all(&self, claims: &[&Claim]) -> Result<(), ApiError> {
        let held = self.records.0.lock().unwrap();
        if claims.iter().any(|c| held.contains_key(&(c.pk.clone(), c.sk.clone()))) {
            return Err(changed_meanwhile());
        }
        drop(held);
        claims.iter().try_for_each(|c| self.records.insert(c))
    }
}

impl PlanogramStore for Memory {
    async fn layouts(&self) -> Result<Vec<String>, ApiError> {
        Ok(self.layouts.lock().unwrap().iter().cloned().collect())
    }

    async fn slots(&self, layout: &str) -> Result<Vec<Slot>, ApiError> {
        Ok(self.slots.lock().unwrap().values().filter(|s| s.layout_name == layout).cloned().collect())
    }

    async fn slots_at(&self, keys: &[(String, String)]) -> Result<Vec<Slot>, ApiError> {
        let slots = self.slots.lock().unwrap();
        Ok(keys.iter().filter_map(|k| slots.get(k).cloned()).collect())
    }

    async fn changes_at(&self, keys: &[(String, String)]) -> Result<Vec<StoredChange>, ApiError> {
        let changes = self.changes.lock().unwrap();
        Ok(keys.iter().filter_map(|k| changes.get(k).cloned()).collect())
    }

    async fn changes_of(&self, subject: &str) -> Result<Vec<StoredChange>, ApiError> {
        Ok(self.changes.lock().unwrap().values().filter(|c| c.id == subject).cloned().collect())
    }

    async fn schedule(
        &self,
        change: &StoredChange,
        seen: Option<&StoredChange>,
        claim: Option<&Claim>,
    ) -> Result<(), ApiError> {
        let mut changes = self.changes.lock().unwrap();
        let key = change.key();
        let holds = match (seen, changes.get(&key)) {
            (None, stored) => stored.is_none(),
            (Some(seen), Some(stored)) => {
                stored.change.value == seen.change.value && stored.due_shard == seen.due_shard
            }
            (Some(_), None) => false,
        };
        if !holds {
            return Err(changed_meanwhile());
        }
        self.claim_all(&claim.into_iter().collect::<Vec<_>>())?;
        changes.insert(key, change.clone());
        Ok(())
    }

    async fn create(
        &self,
        layout: &str,
        slots: &[(Slot, Option<String>)],
        history: &Record,
        claims: &[&Claim],
    ) -> Result<(), ApiError> {
        let mut stored = self.slots.lock().unwrap();
        let holds = slots.iter().all(|(s, seen)| {
            let current = stored.get(&(s.layout_name.clone(), s.slot.clone()));
            match seen {
                None => current.is_none(),
                Some(seen) => current.and_then(|c| c.active_hour.as_ref()) == Some(seen),
            }
        });
        if !holds {
            return Err(changed_meanwhile());
        }
        self.claim_all(claims)?;
        for (s, _) in slots {
            stored.insert((s.layout_name.clone(), s.slot.clone()), s.clone());
        }
        self.history.lock().unwrap().push(history.clone());
        self.layouts.lock().unwrap().insert(layout.to_string());
        Ok(())
    }

    async fn allowed(&self, sub: &str, action: &str) -> Result<bool, ApiError> {
        Ok(self.grants.lock().unwrap().contains(&(sub.to_string(), action.to_string())))
    }

    async fn apply(
        &self,
        _run: &str,
        _at: &str,
        puts: &[Slot],
        finished: &[(&StoredChange, &str)],
        history: Option<&Record>,
    ) -> Result<(), ApiError> {
        let mut slots = self.slots.lock().unwrap();
        let later = |s: &Slot| {
            slots.get(&(s.layout_name.clone(), s.slot.clone())).and_then(|c| c.active_hour.clone())
                > s.active_hour.clone()
        };
        if puts.iter().any(later) {
            return Err(changed_meanwhile());
        }
        for s in puts {
            slots.insert((s.layout_name.clone(), s.slot.clone()), s.clone());
        }
        let mut changes = self.changes.lock().unwrap();
        for (c, shard) in finished {
            if let Some(stored) = changes.get_mut(&c.key()) {
                stored.due_shard = shard.to_string();
            }
        }
        self.history.lock().unwrap().extend(history.cloned());
        Ok(())
    }
}
