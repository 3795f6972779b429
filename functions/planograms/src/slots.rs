//! A layout's slot assignments: the current ones (Planograms table: pk
//! layoutName, sk slot) and the scheduled ones (the shared scheduler's
//! ScheduledChanges, in the planogram due shard). The scheduler applies a due
//! group (a layout at an hour) through `Scheduled`: each slot put, its
//! change's finish and the layout's history record land together, so a
//! change applies exactly once however many runs race.
use crate::rules::{central, slot_order};
use crate::store::{PlanogramStore, Slot, SlotChange};
use fleet_shared::history::{self, Change, Record};
use fleet_shared::scheduler::{self, Applier, StoredChange};
use fleet_shared::{dates, store::TRANSACT_MAX, ApiError, Deps};
use std::collections::HashMap;

pub const TABLE_NAME: &str = "Planograms";
pub const DUE_SHARD: &str = "PLANOGRAM_DUE";
/// Applied changes are kept (out of the due partition) so a retried upload finds them.
pub const APPLIED_SHARD: &str = "PLANOGRAM_APPLIED";
/// A change whose slot already took a later assignment: kept, never applied.
pub const SUPERSEDED_SHARD: &str = "PLANOGRAM_SUPERSEDED";
/// The action that schedules, and that the scheduler re-checks when a change applies.
pub const SCHEDULE_ACTION: &str = "SchedulePlanograms";
/// Slot puts per transaction: two items each (the put and the change's finish) plus the history record.
const APPLY_CHUNK: usize = (TRANSACT_MAX - 1) / 2;
/// Slot changes of one layout and hour a scheduler run applies at most: its
/// claims and about 11 transactions fit the function's 15 s; a larger group
/// (5,000 slots at one hour) goes on in the next runs, each change once.
pub const MAX_PER_RUN: usize = 500;

pub fn subject(layout: &str) -> String {
    format!("planogram#{layout}")
}

pub fn history_entity(layout: &str) -> String {
    history::entity("planogram", layout)
}

/// The current slots of a layout, by slot.
pub async fn current(store: &impl PlanogramStore, layout: &str) -> Result<HashMap<String, Slot>, ApiError> {
    Ok(store.slots(layout).await?.into_iter().map(|s| (s.slot.clone(), s)).collect())
}

/// The JSON text history keeps for an item (`null` when there is none).
pub fn item_text(item: Option<&str>) -> String {
    serde_json::to_string(&item).unwrap_or_default()
}

/// Applies the planogram shard's due groups for the shared scheduler, over
/// the deployed tables (`Scheduled(deps)`) or, in tests, the fake store.
pub struct Scheduled<S = &'static Deps>(pub S, pub String);

/// What a due change does to its slot: the newer `activeHour` wins, so a
/// change older than the slot's assignment is superseded, never applied.
fn supersedes(current: Option<&Slot>, change: &StoredChange) -> bool {
    current.and_then(|s| s.active_hour.as_deref()).is_some_and(|h| h > change.action_time.as_str())
}

impl<S: PlanogramStore> Applier for Scheduled<S> {
    const MAX_PER_RUN: usize = MAX_PER_RUN;

    async fn apply(&self, _subject: &str, changes: &[StoredChange], run: &str) -> Result<(), ApiError> {
        let store = &self.0;
        let Some(first) = changes.first() else { return Ok(()) };
        // Every author's permission, not only the first's: one group may hold several users' rows.
        scheduler::check_authors(
            changes,
            SCHEDULE_ACTION,
            |sub, action| async move { store.allowed(&sub, &action).await },
        )
        .await?;
        let layout = first.change.id.as_str();
        let slots = current(store, layout).await?;
        let hour = dates::instant(&first.action_time)
            .ok_or_else(|| ApiError::internal(format!("{} is not an RFC 3339 time", first.action_time)))?;
        let source = format!("Planogram change scheduled for {} Central", central(hour));
        let now = &self.1;
        let mut ordered: Vec<&StoredChange> = changes.iter().collect();
        ordered.sort_by_key(|c| slot_order(&c.change.attribute));
        for chunk in ordered.chunks(APPLY_CHUNK) {
            let (mut puts, mut finished, mut diff) = (Vec::new(), Vec::new(), Vec::new());
            for c in chunk.iter().copied() {
                let slot = c.change.attribute.as_str();
                let old = slots.get(slot);
                if supersedes(old, c) {
                    finished.push((c, SUPERSEDED_SHARD));
                    continue;
                }
                let item = SlotChange::of(c).vend_item_name;
                diff.push(Change {
                    attribute: format!("slot {slot}"),
                    old_value: item_text(old.and_then(|o| o.vend_item_name.as_deref())),
                    new_value: item_text(item.as_deref()),
                    reason: None,
                });
                puts.push(Slot {
                    layout_name: layout.to_string(),
                    slot: slot.to_string(),
                    vend_item_name: item,
                    physical_fridge_config: old.and_then(|o| o.physical_fridge_config.clone()),
                    active_hour: Some(c.action_time.clone()),
                    applied_at: Some(now.clone()),
                    updated_by: Some(c.user.clone()),
                    source: Some(source.clone()),
                    upload_marker: None,
                });
                finished.push((c, APPLIED_SHARD));
            }
            let history = (!diff.is_empty()).then(|| {
                // Applied by the platform for its author: the record names the author's sub.
                let mut record = Record::new(history_entity(layout), now, &first.user, &source, diff);
                record.who_sub = first.user_sub.clone().or(record.who_sub);
                record
            });
            store.apply(run, now, &puts, &finished, history.as_ref()).await?;
        }
        Ok(())
    }
}

/// Slots sorted as the fridge reads them (row, then column).
pub fn sorted(mut slots: Vec<Slot>) -> Vec<Slot> {
    slots.sort_by_key(|s| slot_order(&s.slot));
    slots
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;
    use fleet_shared::scheduler::ChangeBody;

    const HOUR: &str = "2026-12-01T12:00:00.000Z";
    const AT: &str = "2026-12-01T12:01:00.000Z";

    fn change(slot: &str, item: &str, sub: &str) -> StoredChange {
        StoredChange {
            uuid: format!("u-{slot}"),
            action_time: HOUR.into(),
            id: subject("TALL"),
            user: format!("{sub}@x.co"),
            user_sub: Some(sub.into()),
            version: 1,
            due_shard: DUE_SHARD.into(),
            change: ChangeBody {
                id: "TALL".into(),
                table: TABLE_NAME.into(),
                attribute: slot.into(),
                value: SlotChange { vend_item_name: Some(item.into()) }.text(),
            },
            failure_reason: None,
            failed_at: None,
            upload_marker: None,
            applied_at: None,
        }
    }

    fn slot(name: &str, item: &str, hour: &str) -> Slot {
        Slot {
            layout_name: "TALL".into(),
            slot: name.into(),
            vend_item_name: Some(item.into()),
            physical_fridge_config: Some("6x5".into()),
            active_hour: Some(hour.into()),
            ..Slot::default()
        }
    }

    fn fake_with(slots: &[Slot], changes: &[StoredChange], granted: &[&str]) -> Memory {
        let fake = Memory::default();
        for s in slots {
            fake.slots.lock().unwrap().insert((s.layout_name.clone(), s.slot.clone()), s.clone());
        }
        for c in changes {
            fake.changes.lock().unwrap().insert(c.key(), c.clone());
        }
        for sub in granted {
            fake.grants.lock().unwrap().insert((sub.to_string(), SCHEDULE_ACTION.to_string()));
        }
        fake
    }

    fn shard(fake: &Memory, slot: &str) -> String {
        fake.changes.lock().unwrap()[&(format!("u-{slot}"), HOUR.to_string())].due_shard.clone()
    }

    #[tokio::test]
    async fn the_newer_active_hour_wins_and_an_older_change_is_superseded() {
        let changes = [change("1:1", "SOUP", "ann"), change("1:2", "WRAP", "ann")];
        let slots = [slot("1:1", "KALE", "2026-11-01T00:00:00.000Z"), slot("1:2", "TEA", "2026-12-02T00:00:00.000Z")];
        let fake = fake_with(&slots, &changes, &["ann"]);
        Scheduled(&fake, AT.to_string()).apply("planogram#TALL", &changes, "run-1").await.unwrap();

        let applied = fake.slot("TALL", "1:1").unwrap();
        assert_eq!(
            (
                applied.vend_item_name.as_deref(),
                applied.physical_fridge_config.as_deref(),
                applied.active_hour.as_deref()
            ),
            (Some("SOUP"), Some("6x5"), Some(HOUR)),
            "the item changes, the config stays"
        );
        assert_eq!(applied.source.as_deref(), Some("Planogram change scheduled for 12/01/2026 06:00:00 Central"));
        assert_eq!(applied.applied_at.as_deref(), Some(AT), "the run's time");
        assert_eq!(
            fake.slot("TALL", "1:2").unwrap().vend_item_name.as_deref(),
            Some("TEA"),
            "a later assignment stays"
        );
        assert_eq!(
            (shard(&fake, "1:1"), shard(&fake, "1:2")),
            (APPLIED_SHARD.to_string(), SUPERSEDED_SHARD.to_string())
        );
        let history = fake.history.lock().unwrap().clone();
        let diff: Vec<(&str, &str, &str)> = history[0]
            .changes
            .iter()
            .map(|c| (c.attribute.as_str(), c.old_value.as_str(), c.new_value.as_str()))
            .collect();
        assert_eq!((history.len(), diff), (1, vec![("slot 1:1", "\"KALE\"", "\"SOUP\"")]));
        assert_eq!(history[0].who_sub.as_deref(), Some("ann"), "applied for its author");
    }

    #[tokio::test]
    async fn a_group_whose_author_lost_the_permission_never_applies() {
        let changes = [change("1:1", "SOUP", "ann"), change("1:2", "WRAP", "bob")];
        let fake = fake_with(&[], &changes, &["ann"]);
        let e = Scheduled(&fake, AT.to_string()).apply("planogram#TALL", &changes, "run-1").await.unwrap_err();
        assert_eq!(e, ApiError::Forbidden);
        assert!(fake.slots.lock().unwrap().is_empty());
        assert_eq!(shard(&fake, "1:1"), DUE_SHARD);
    }

    #[tokio::test]
    async fn a_large_group_lands_in_transactions_each_with_its_history() {
        let changes: Vec<StoredChange> = (1..=60).map(|i| change(&format!("1:{i}"), "SOUP", "ann")).collect();
        let fake = fake_with(&[], &changes, &["ann"]);
        Scheduled(&fake, AT.to_string()).apply("planogram#TALL", &changes, "run-1").await.unwrap();
        assert_eq!(fake.slots.lock().unwrap().len(), 60);
        let sizes: Vec<usize> = fake.history.lock().unwrap().iter().map(|h| h.changes.len()).collect();
        assert_eq!(sizes, [APPLY_CHUNK, 60 - APPLY_CHUNK]);
        assert_eq!(fake.slot("TALL", "1:9").unwrap().physical_fridge_config, None, "a new slot has no config");
    }
}
