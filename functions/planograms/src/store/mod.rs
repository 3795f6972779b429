//! Where planograms are kept: slot assignments (Planograms table: pk
//! layoutName, sk slot), scheduled slot changes (the shared scheduler's
//! ScheduledChanges), the layout name list, and the History and Idempotency
//! records that land with them. The rules (`kind`, `slots`, `handlers`) only
//! see `PlanogramStore`. Its DynamoDB implementation is the deployed `Deps`
//! itself, so the upload kind and the scheduler's applier keep the `deps`
//! their callers (tools, tests) build them with; unit tests put the in-memory
//! `memory::Memory` there instead.
use fleet_shared::history::Record;
use fleet_shared::idempotency::Claim;
use fleet_shared::scheduler::StoredChange;
use fleet_shared::ApiError;
use serde::{Deserialize, Serialize};
use std::future::Future;

pub mod dynamo;
#[cfg(test)]
pub mod memory;

/// A slot's current assignment, in the stored shape.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Slot {
    pub layout_name: String,
    pub slot: String,
    /// Stored as `null` when a change named no item.
    #[serde(default)]
    pub vend_item_name: Option<String>,
    /// Stored as `null` when a change reached a slot that had none.
    #[serde(default)]
    pub physical_fridge_config: Option<String>,
    /// When the assignment took effect (RFC 3339, UTC): a change for an
    /// earlier hour never replaces it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_hour: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub applied_at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The upload row that created it (CREATE rows only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upload_marker: Option<String>,
}

/// What a scheduled slot change assigns: the JSON text of its `change.value`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SlotChange {
    #[serde(default)]
    pub vend_item_name: Option<String>,
}

impl SlotChange {
    /// The value a stored change schedules (none when its text is not one).
    pub fn of(c: &StoredChange) -> SlotChange {
        serde_json::from_str(&c.change.value).unwrap_or_default()
    }

    /// The text stored in `change.value`: `{"vendItemName":"X"}`.
    pub fn text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

pub trait PlanogramStore: Sync {
    /// The layouts that exist (NameLists).
    fn layouts(&self) -> impl Future<Output = Result<Vec<String>, ApiError>> + Send;
    /// A layout's current slots, read strongly consistent.
    fn slots(&self, layout: &str) -> impl Future<Output = Result<Vec<Slot>, ApiError>> + Send;
    /// The slots stored under these `(layoutName, slot)` keys (absent ones left out).
    fn slots_at(&self, keys: &[(String, String)]) -> impl Future<Output = Result<Vec<Slot>, ApiError>> + Send;
    /// The changes stored under these `(uuid, actionTime)` keys (absent ones left out).
    fn changes_at(&self, keys: &[(String, String)])
        -> impl Future<Output = Result<Vec<StoredChange>, ApiError>> + Send;
    /// Every scheduled change of a subject, whatever its shard.
    fn changes_of(&self, subject: &str) -> impl Future<Output = Result<Vec<StoredChange>, ApiError>> + Send;
    /// Stores a scheduled change with the upload's claim, all or nothing, only
    /// if the stored change under its key still has the value and shard of
    /// `seen` (`None`: no change there). The generic Conflict when it moved.
    fn schedule(
        &self,
        change: &StoredChange,
        seen: Option<&StoredChange>,
        claim: Option<&Claim>,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Puts a layout's slots now, with the history record, the layout's name
    /// and the claims, all or nothing; each slot only if its stored
    /// `activeHour` is still the one given (`None`: no slot there). The
    /// generic Conflict when anything moved.
    fn create(
        &self,
        layout: &str,
        slots: &[(Slot, Option<String>)],
        history: &Record,
        claims: &[&Claim],
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Whether the user `sub` still holds `action`.
    fn allowed(&self, sub: &str, action: &str) -> impl Future<Output = Result<bool, ApiError>> + Send;
    /// One chunk of a due group, all or nothing: each slot put (unless the
    /// slot already holds a later `activeHour`), each change `run` claimed
    /// kept in the shard named with it, and the history record.
    fn apply(
        &self,
        run: &str,
        at: &str,
        puts: &[Slot],
        finished: &[(&StoredChange, &str)],
        history: Option<&Record>,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
}

impl<T: PlanogramStore + ?Sized> PlanogramStore for &T {
    fn layouts(&self) -> impl Future<Output = Result<Vec<String>, ApiError>> + Send {
        (**self).layouts()
    }
    fn slots(&self, layout: &str) -> impl Future<Output = Result<Vec<Slot>, ApiError>> + Send {
        (**self).slots(layout)
    }
    fn slots_at(&self, keys: &[(String, String)]) -> impl Future<Output = Result<Vec<Slot>, ApiError>> + Send {
        (**self).slots_at(keys)
    }
    fn changes_at(
        &self,
        keys: &[(String, String)],
    ) -> impl Future<Output = Result<Vec<StoredChange>, ApiError>> + Send {
        (**self).changes_at(keys)
    }
    fn changes_of(&self, subject: &str) -> impl Future<Output = Result<Vec<StoredChange>, ApiError>> + Send {
        (**self).changes_of(subject)
    }
    fn schedule(
        &self,
        change: &StoredChange,
        seen: Option<&StoredChange>,
        claim: Option<&Claim>,
    ) -> impl Future<Output = Result<(), ApiError>> + Send {
        (**self).schedule(change, seen, claim)
    }
    fn create(
        &self,
        layout: &str,
        slots: &[(Slot, Option<String>)],
        history: &Record,
        claims: &[&Claim],
    ) -> impl Future<Output = Result<(), ApiError>> + Send {
        (**self).create(layout, slots, history, claims)
    }
    fn allowed(&self, sub: &str, action: &str) -> impl Future<Output = Result<bool, ApiError>> + Send {
        (**self).allowed(sub, action)
    }
    fn apply(
        &self,
        run: &str,
        at: &str,
        puts: &[Slot],
        finished: &[(&StoredChange, &str)],
        history: Option<&Record>,
    ) -> impl Future<Output = Result<(), ApiError>> + Send {
        (**self).apply(run, at, puts, finished, history)
    }
}
