//! An in-memory fleet store for unit tests of the rules: the same contract
//! (conditional command record with its claim, newest-wins latest state,
//! a command result only for a recorded command).
use super::{CommandRecord, FleetStore, History, Landed, Latest, Unstorable};
use fleet_shared::entity::telemetry::{CommandState, FridgeCommand, Heartbeat, InventorySnapshot};
use fleet_shared::entity::{report, Location, LocationId};
use fleet_shared::idempotency::{Claim, MemoryRecords, Records, Seen};
use fleet_shared::{ApiError, Caller, Table};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

#[derive(Default)]
pub struct Fake {
    pub locations: Mutex<HashMap<String, Location>>,
    pub flags: Vec<String>,
    pub records: MemoryRecords,
    /// Commands by (queue, sk).
    pub commands: Mutex<BTreeMap<(String, String), CommandRecord>>,
    pub sent: Mutex<Vec<FridgeCommand>>,
    /// The command queue refuses messages while set.
    pub queue_down: AtomicBool,
    pub latest: Mutex<BTreeMap<(Table, String), Latest>>,
    pub history: Mutex<BTreeMap<String, History>>,
    pub parked: Mutex<Vec<Unstorable>>,
    pub swaps: Mutex<Vec<Value>>,
    /// Empty channels and stock-outs, written with their snapshot.
    pub reports: Mutex<Vec<report::Derived>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Fake {
    /// A store with these locations (id, ops status) and the admin flag.
    pub fn with(locations: &[(&str, &str)]) -> Fake {
        let docs = locations
            .iter()
            .map(|(id, ops)| {
                let doc = serde_json::json!({ "id": id, "status": { "ops": ops } });
                (id.to_string(), serde_json::from_value(doc).unwrap())
            })
            .collect();
        Fake { locations: Mutex::new(docs), flags: vec![crate::rules::ADMIN_FLAG.to_string()], ..Fake::default() }
    }

    pub fn command_state(&self, queue_id: &str) -> Vec<Option<String>> {
        lock(&self.commands).iter().filter(|((q, _), _)| q == queue_id).map(|(_, c)| c.state.clone()).collect()
    }
}

impl Records for Fake {
    async fn get(&self, pk: &str, parts: Vec<String>) -> Result<HashMap<String, Claim>, ApiError> {
        self.records.get(pk, parts).await
    }

    async fn put(&self, claim: &Claim) -> Result<Seen, ApiError> {
        self.records.put(claim).await
    }
}

impl FleetStore for Fake {
    async fn location(&self, id: &LocationId) -> Result<Option<Location>, ApiError> {
        Ok(lock(&self.locations).get(id.as_str()).cloned())
    }

    async fn flags(&self, _caller: &Caller) -> Result<Vec<String>, ApiError> {
        Ok(self.flags.clone())
    }

    async fn record_command(&self, record: &CommandRecord, claim: Option<&Claim>) -> Result<(), ApiError> {
        let mut commands = lock(&self.commands);
        let key = (record.id.clone(), record.sk.clone());
        if commands.contains_key(&key) {
            return Err(ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into()));
        }
        if let Some(c) = claim {
            self.records.insert(c)?;
        }
        commands.insert(key, record.clone());
        Ok(())
    }

    async fn send_command(&self, command: &FridgeCommand) -> Result<(), ApiError> {
        if self.queue_down.load(Ordering::SeqCst) {
            return Err(ApiError::Unavailable);
        }
        lock(&self.sent).push(command.clone());
        Ok(())
    }

    async fn mark_failed(&self, queue_id: &str, sk: &str) -> Result<(), String> {
        let mut commands = lock(&self.commands);
        let c = commands.get_mut(&(queue_id.to_string(), sk.to_string())).ok_or("no such command")?;
        c.state = Some("FAILED".into());
        Ok(())
    }

    async fn forget(&self, claim: &Claim) -> Result<(), ApiError> {
        lock(&self.records.0).remove(&(claim.pk.clone(), claim.sk.clone()));
        Ok(())
    }

    async fn inventory(&self, id: &LocationId) -> Result<Option<InventorySnapshot>, ApiError> {
        Ok(lock(&self.latest).get(&(Table::FridgeInventory, id.to_string())).and_then(|l| match l {
            Latest::Inventory(i) => Some(i.clone()),
            Latest::Health(_) => None,
        }))
    }

    async fn send_swap(&self, body: &Value) -> Result<(), ApiError> {
        lock(&self.swaps).push(body.clone());
        Ok(())
    }

    async fn known_locations(&self, ids: &[&str]) -> Result<HashSet<String>, ApiError> {
        let locations = lock(&self.locations);
        Ok(ids.iter().filter(|id| locations.contains_key(**id)).map(|id| id.to_string()).collect())
    }

    async fn stored_health(&self, ids: &[&str]) -> Result<HashMap<String, Heartbeat>, ApiError> {
        let stored = lock(&self.latest);
        Ok(ids
            .iter()
            .filter_map(|id| match stored.get(&(Table::FridgeHealth, id.to_string())) {
                Some(Latest::Health(h)) => Some((id.to_string(), h.report.clone())),
                _ => None,
            })
            .collect())
    }

    async fn put_latest(&self, latest: &Latest) -> Result<Landed, ApiError> {
        let mut stored = lock(&self.latest);
        let key = (latest.table(), latest.location_id().to_string());
        if stored.get(&key).is_some_and(|old| old.at() >= latest.at()) {
            return Ok(Landed::Older);
        }
        let mut latest = latest.clone();
        if let (Some(Latest::Inventory(before)), Latest::Inventory(next)) = (stored.get(&key), &mut latest) {
            let at = fleet_shared::dates::instant(&next.timestamp).unwrap_or_default();
            let derived = report::derive(before, next, at);
            (next.empty_since, next.out_since) = (derived.empty_since.clone(), derived.out_since.clone());
            lock(&self.reports).push(derived);
        }
        stored.insert(key, latest);
        Ok(Landed::Stored)
    }

    async fn put_history(&self, rows: &[&History]) -> Result<(), ApiError> {
        let mut history = lock(&self.history);
        for row in rows {
            history.insert(row.key(), (*row).clone());
        }
        Ok(())
    }

    async fn finish_command(&self, queue_id: &str, sk: &str, state: CommandState, at: &str) -> Result<(), ApiError> {
        let mut commands = lock(&self.commands);
        let c = commands
            .get_mut(&(queue_id.to_string(), sk.to_string()))
            .ok_or_else(|| ApiError::bad_request(format!("no command {sk} in {queue_id}")))?;
        c.state = Some(state.as_str().to_string());
        c.done_at = Some(at.to_string());
        Ok(())
    }

    async fn park(&self, bad: &[Unstorable]) -> Vec<String> {
        lock(&self.parked).extend(bad.iter().cloned());
        vec![]
    }
}
