//! Where planograms are kept: slot assignments (Planograms table: pk
//! layoutName, sk slot), scheduled slot changes (the shared scheduler's
//! ScheduledChanges), the layout name list, and the History and Idempotency
//! records that land with them. The rules (`kind`, `slots`, `handlers`) only
//! see `PlanogramStore`. Its DynamoDB implementation is the deployed `Deps`
//! itself, so the upload kind and the scheduler's applier keep the `deps`
//! their callers (tools, tests) build them with; unit tests put the in-memory
//! `fake::Fake` there instead.
use fleet_shared::history::Record;
use fleet_shared::idempotency::Claim;
use fleet_shared::scheduler::StoredChange;
use fleet_shared::ApiError;
use serde::{Deserialize, Serialize};
use std::future::Future;

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
        puts: &[Slot],
        finished: &[(&StoredChange, &str)],
        history: Option<&Record>,
    ) -> impl Future<Output = Result<(), ApiError>> + Send {
        (**self).apply(run, puts, finished, history)
    }
}

mod dynamo {
    use super::*;
    use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
    use fleet_shared::{names, permissions, scheduler, store, Deps, Table};
    use std::collections::HashMap;

    fn transact_put(put: aws_sdk_dynamodb::types::builders::PutBuilder) -> Result<TransactWriteItem, ApiError> {
        Ok(TransactWriteItem::builder().put(put.build().map_err(ApiError::internal)?).build())
    }

    /// Planograms in DynamoDB.
    impl PlanogramStore for Deps {
        async fn layouts(&self) -> Result<Vec<String>, ApiError> {
            names::list(self, names::LAYOUTS).await
        }

        async fn slots(&self, layout: &str) -> Result<Vec<Slot>, ApiError> {
            self.table(Table::Planograms)?.partition_consistent("layoutName", layout).await
        }

        async fn slots_at(&self, keys: &[(String, String)]) -> Result<Vec<Slot>, ApiError> {
            let keys = keys
                .iter()
                .map(|(l, s)| {
                    HashMap::from([("layoutName".to_string(), store::s(l)), ("slot".to_string(), store::s(s))])
                })
                .collect();
            self.table(Table::Planograms)?.batch_get(keys, &[]).await?.into_iter().map(store::from_item).collect()
        }

        async fn changes_at(&self, keys: &[(String, String)]) -> Result<Vec<StoredChange>, ApiError> {
            let keys = keys.iter().map(|(uuid, hour)| scheduler::key_of(uuid, hour)).collect();
            self.table(Table::ScheduledChanges)?.batch_get(keys, &[]).await?.into_iter().map(store::from_item).collect()
        }

        async fn changes_of(&self, subject: &str) -> Result<Vec<StoredChange>, ApiError> {
            scheduler::for_subject(self, subject).await
        }

        async fn schedule(
            &self,
            change: &StoredChange,
            seen: Option<&StoredChange>,
            claim: Option<&Claim>,
        ) -> Result<(), ApiError> {
            let t = self.table(Table::ScheduledChanges)?;
            let put = Put::builder().table_name(t.name).set_item(Some(store::to_item(change)?));
            let put = match seen {
                None => put.condition_expression("attribute_not_exists(#u)").expression_attribute_names("#u", "uuid"),
                Some(seen) => put
                    .condition_expression("#c.#v = :value AND dueShard = :shard")
                    .expression_attribute_names("#c", "change")
                    .expression_attribute_names("#v", "value")
                    .expression_attribute_values(":value", store::s(&seen.change.value))
                    .expression_attribute_values(":shard", store::s(&seen.due_shard)),
            };
            let mut items = vec![transact_put(put)?];
            if let Some(claim) = claim {
                items.push(claim.put(self.table(Table::Idempotency)?.name)?);
            }
            store::transact(t.client, items).await
        }

        async fn create(
            &self,
            layout: &str,
            slots: &[(Slot, Option<String>)],
            history: &Record,
            claims: &[&Claim],
        ) -> Result<(), ApiError> {
            let t = self.table(Table::Planograms)?;
            let mut items = Vec::new();
            for (slot, seen) in slots {
                let put = Put::builder().table_name(t.name).set_item(Some(store::to_item(slot)?));
                items.push(transact_put(match seen {
                    None => put.condition_expression("attribute_not_exists(slot)"),
                    Some(seen) => put
                        .condition_expression("activeHour = :seen")
                        .expression_attribute_values(":seen", store::s(seen)),
                })?);
            }
            items.push(history.put(self.table(Table::History)?.name)?);
            let name = Put::builder()
                .table_name(self.table(Table::NameLists)?.name)
                .set_item(Some(names::item(names::LAYOUTS, layout)));
            items.push(transact_put(name)?);
            for claim in claims {
                items.push(claim.put(self.table(Table::Idempotency)?.name)?);
            }
            store::transact(t.client, items).await
        }

        async fn allowed(&self, sub: &str, action: &str) -> Result<bool, ApiError> {
            permissions::is_allowed(self, sub, action).await
        }

        async fn apply(
            &self,
            run: &str,
            puts: &[Slot],
            finished: &[(&StoredChange, &str)],
            history: Option<&Record>,
        ) -> Result<(), ApiError> {
            let t = self.table(Table::Planograms)?;
            let mut items = Vec::new();
            for slot in puts {
                let hour = slot.active_hour.as_deref().unwrap_or_default();
                let put = Put::builder()
                    .table_name(t.name)
                    .set_item(Some(store::to_item(slot)?))
                    .condition_expression("attribute_not_exists(slot) OR activeHour <= :h")
                    .expression_attribute_values(":h", store::s(hour));
                items.push(transact_put(put)?);
            }
            for (change, shard) in finished {
                items.push(scheduler::finish_by_keeping(self, change, run, shard)?);
            }
            if let Some(history) = history {
                items.push(history.put(self.table(Table::History)?.name)?);
            }
            store::transact(t.client, items).await
        }
    }
}

/// Planograms in memory, for the rules' unit tests.
#[cfg(test)]
pub mod fake {
    use super::*;
    use fleet_shared::idempotency::MemoryRecords;
    use std::collections::{BTreeMap, BTreeSet};
    use std::sync::Mutex;

    #[derive(Default)]
    pub struct Fake {
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

    impl Fake {
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

    impl PlanogramStore for Fake {
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
}
