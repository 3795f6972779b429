//! An in-memory fleet store for unit tests of the rules: the same contract
//! (conditional command record with its claim, newest-wins latest state,
//! a command result only for a recorded command).
use super::{CommandRecord, FleetStore, HealthPut, History, Landed, Latest, Unsent, Unstorable};
use fleet_shared::entity::health::FridgeHealth;
use fleet_shared::entity::report::derive;
use fleet_shared::entity::telemetry::{CommandState, FridgeCommand, InventorySnapshot};
use fleet_shared::entity::{Location, LocationId};
use fleet_shared::fridge_time::stamp;
use fleet_shared::idempotency::{Claim, MemoryRecords, Records, Seen};
use fleet_shared::{ApiError, Caller, Table};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// A write step of `commands::dispatch`, for a fault to hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The command's record and its request's claim (one transaction).
    Record,
    /// The message to the command queue.
    Send,
    MarkSent,
    MarkFailed,
    MarkExpired,
}

/// What goes wrong at a step, once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The write is applied, then its answer is lost and the SDK's retry
    /// meets the write's own condition (a conditional write's Conflict; a
    /// send has no condition, so it is as `Timeout`).
    AppliedThenConflict,
    /// The write is applied, then its answer is lost (a timeout).
    AppliedThenTimeout,
    /// The write is refused (not applied).
    Refused,
    /// The call never returns: the Lambda is stopped here.
    Stopped,
}

#[derive(Default)]
pub struct Memory {
    pub locations: Mutex<HashMap<String, Location>>,
    pub flags: Vec<String>,
    pub records: MemoryRecords,
    /// Commands by (queue, sk).
    pub commands: Mutex<BTreeMap<(String, String), CommandRecord>>,
    /// Every message the command queue took, a resend of one too.
    pub sent: Mutex<Vec<FridgeCommand>>,
    /// The command queue refuses messages while set.
    pub queue_down: AtomicBool,
    /// The snapshot chains are unavailable (a transient failure).
    pub inventory_down: AtomicBool,
    /// Faults to hit, each once, at the first call of its step.
    pub faults: Mutex<Vec<(Step, Fault)>>,
    /// A racing try's record and claim, landing just before the next record's transaction.
    pub racing: Mutex<Option<(CommandRecord, Claim)>>,
    pub latest: Mutex<BTreeMap<(Table, String), Latest>>,
    pub history: Mutex<BTreeMap<String, History>>,
    pub parked: Mutex<Vec<Unstorable>>,
    pub swaps: Mutex<Vec<Value>>,
    /// The snapshot chains and the empty channels and stock-outs they make.
    pub reports: Mutex<derive::Memory>,
    /// The stop gate's tables, which a driver task's pass is committed to with its record.
    pub assignments: Option<std::sync::Arc<fleet_shared::assignment::MemoryAssignments>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Memory {
    /// A store with these locations (id, ops status) and the admin flag.
    pub fn with(locations: &[(&str, &str)]) -> Memory {
        let docs = locations
            .iter()
            .map(|(id, ops)| {
                let doc = serde_json::json!({ "id": id, "status": { "ops": ops } });
                (id.to_string(), serde_json::from_value(doc).unwrap())
            })
            .collect();
        Memory { locations: Mutex::new(docs), flags: vec![crate::rules::ADMIN_FLAG.to_string()], ..Memory::default() }
    }

    pub fn command_state(&self, queue_id: &str) -> Vec<Option<String>> {
        lock(&self.commands).iter().filter(|((q, _), _)| q == queue_id).map(|(_, c)| c.state.clone()).collect()
    }

    /// Hits `fault` at the first call of `step`.
    pub fn inject(&self, step: Step, fault: Fault) {
        lock(&self.faults).push((step, fault));
    }

    /// What the fridges get: the messages the queue took, a repeated
    /// messageId dropped as a FIFO queue de-duplicates it.
    pub fn delivered(&self) -> Vec<FridgeCommand> {
        let mut seen = HashSet::new();
        lock(&self.sent).iter().filter(|c| seen.insert(c.message_id.clone())).cloned().collect()
    }

    /// The fault due at `step`, taken (it hits once); a stopped call never returns.
    async fn fault(&self, step: Step) -> Option<Fault> {
        let due = {
            let mut faults = lock(&self.faults);
            let i = faults.iter().position(|(s, _)| *s == step)?;
            faults.remove(i).1
        };
        if due == Fault::Stopped {
            std::future::pending::<()>().await;
        }
        Some(due)
    }
}

/// The error a caller sees after `fault` hit a write that was applied.
fn lost(fault: Fault) -> ApiError {
    match fault {
        Fault::AppliedThenConflict => ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into()),
        _ => ApiError::Unavailable,
    }
}

impl Memory {
    /// PENDING -> `state`, as the conditional update does; false when not
    /// PENDING (or not there: the condition fails on no item too).
    fn mark(&self, queue_id: &str, sk: &str, state: &str) -> bool {
        let mut commands = lock(&self.commands);
        match commands.get_mut(&(queue_id.to_string(), sk.to_string())) {
            Some(c) if c.is_pending() => {
                c.state = Some(state.into());
                c.pending_shard = None;
                true
            }
            _ => false,
        }
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

impl FleetStore for Memory {
    async fn location(&self, id: &LocationId) -> Result<Option<Location>, ApiError> {
        Ok(lock(&self.locations).get(id.as_str()).cloned())
    }

    async fn flags(&self, _caller: &Caller) -> Result<Vec<String>, ApiError> {
        Ok(self.flags.clone())
    }

    async fn record_command(
        &self,
        record: &CommandRecord,
        claim: Option<&Claim>,
        pass: Option<&fleet_shared::assignment::Pass>,
    ) -> Result<(), ApiError> {
        let fault = self.fault(Step::Record).await;
        if fault == Some(Fault::Refused) {
            return Err(ApiError::Unavailable);
        }
        let mut commands = lock(&self.commands);
        if let Some((other, claim)) = lock(&self.racing).take() {
            self.records.insert(&claim)?;
            commands.insert((other.id.clone(), other.sk.clone()), other);
        }
        let key = (record.id.clone(), record.sk.clone());
        if commands.contains_key(&key) || claim.is_some_and(|c| self.records.contains(c)) {
            return Err(ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into()));
        }
        // The pass's check and claim, last of the conditions: a refusal writes nothing.
        if let (Some(pass), Some(gate)) = (pass, &self.assignments) {
            gate.commit(pass)?;
        }
        if let Some(c) = claim {
            self.records.insert(c)?;
        }
        commands.insert(key, record.clone());
        fault.map_or(Ok(()), |f| Err(lost(f)))
    }

    async fn command(&self, queue_id: &str, sk: &str) -> Result<Option<CommandRecord>, ApiError> {
        Ok(lock(&self.commands).get(&(queue_id.to_string(), sk.to_string())).cloned())
    }

    async fn send_command(&self, command: &FridgeCommand) -> Result<(), Unsent> {
        let fault = self.fault(Step::Send).await;
        if self.queue_down.load(Ordering::SeqCst) {
            return Err(Unsent::Refused("AWS.SimpleQueueService.NonExistentQueue: the queue is gone".into()));
        }
        if fault == Some(Fault::Refused) {
            return Err(Unsent::Unknown(ApiError::Unavailable));
        }
        lock(&self.sent).push(command.clone());
        fault.map_or(Ok(()), |_| Err(Unsent::Unknown(ApiError::Unavailable)))
    }

    async fn settle(&self, queue_id: &str, sk: &str, to: &'static str) -> Result<bool, ApiError> {
        let step = match to {
            super::SENT => Step::MarkSent,
            super::FAILED => Step::MarkFailed,
            _ => Step::MarkExpired,
        };
        let fault = self.fault(step).await;
        if fault == Some(Fault::Refused) {
            return Err(ApiError::Unavailable);
        }
        let marked = self.mark(queue_id, sk, to);
        match fault {
            // The SDK's retry meets the condition the first try's write broke.
            Some(Fault::AppliedThenConflict) => Ok(false),
            Some(f) => Err(lost(f)),
            None => Ok(marked),
        }
    }

    async fn overdue(&self, now: &str) -> Result<Vec<CommandRecord>, ApiError> {
        let commands = lock(&self.commands);
        let due = |c: &&CommandRecord| c.pending_shard.is_some() && c.not_after.as_deref().is_some_and(|t| t <= now);
        Ok(commands.values().filter(due).cloned().collect())
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

    async fn known_locations(&self, ids: &[&str]) -> Result<HashMap<String, bool>, ApiError> {
        let locations = lock(&self.locations);
        Ok(ids.iter().filter_map(|id| Some((id.to_string(), locations.get(*id)?.is_test()))).collect())
    }

    async fn stored_health(&self, ids: &[&str]) -> Result<HashMap<String, FridgeHealth>, ApiError> {
        let stored = lock(&self.latest);
        Ok(ids
            .iter()
            .filter_map(|id| match stored.get(&(Table::FridgeHealth, id.to_string())) {
                Some(Latest::Health(h)) => Some((id.to_string(), (**h).clone())),
                _ => None,
            })
            .collect())
    }

    async fn put_health(&self, health: &FridgeHealth, read: Option<&str>) -> Result<HealthPut, ApiError> {
        let mut stored = lock(&self.latest);
        let key = (Table::FridgeHealth, health.report.location_id.to_string());
        let now = match stored.get(&key) {
            Some(Latest::Health(h)) => Some(h.clone()),
            _ => None,
        };
        if now.as_ref().map(|h| stamp(h.report.timestamp)).as_deref() != read {
            return Ok(HealthPut::Moved(now));
        }
        stored.insert(key, Latest::Health(Box::new(health.clone())));
        Ok(HealthPut::Stored)
    }

    async fn put_latest(&self, latest: &Latest) -> Result<Landed, ApiError> {
        let mut stored = lock(&self.latest);
        let key = (latest.table(), latest.location_id().to_string());
        if stored.get(&key).is_some_and(|old| old.at() >= latest.at()) {
            return Ok(Landed::Older);
        }
        stored.insert(key, latest.clone());
        Ok(Landed::Stored)
    }

    async fn derive_inventory(&self, snapshot: &InventorySnapshot) -> Result<derive::Placed, ApiError> {
        if self.inventory_down.load(Ordering::SeqCst) {
            return Err(ApiError::Unavailable);
        }
        lock(&self.reports)
            .derive(snapshot)
            .ok_or_else(|| ApiError::bad_request(format!("timestamp {} is not a time", snapshot.timestamp)))
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
        c.pending_shard = None;
        Ok(())
    }

    async fn park(&self, bad: &[Unstorable]) -> Vec<String> {
        lock(&self.parked).extend(bad.iter().cloned());
        vec![]
    }
}
