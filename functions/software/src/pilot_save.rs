//! Saving a pilot over the store. A new id must be free, and an edit must
//! name the version it loaded (409 otherwise): the read gives the clear
//! message, the write's condition covers a save racing in between. Each
//! fridge the save adds or drops (or whose pilot it changes) gets a history
//! record; a retry of a save that landed writes nothing.
use crate::fleet;
use crate::pilots::{self, Pilot, Save, Verdict};
use crate::store::Software;
use fleet_shared::entity::LocationId;
use fleet_shared::history::{self, Change, Record};
use fleet_shared::ApiError;
use serde_json::json;
use std::collections::BTreeSet;

pub const SOURCE: &str = "Fridge software pilot";

pub async fn save<S: Software>(store: &S, save: &Save, who: &str, at: &str) -> Result<(), ApiError> {
    fleet::require_known(store, &save.pilot.fridge_ids).await?;
    let old = store.pilot(&save.pilot.id).await?;
    if pilots::check(save, old.as_ref())? == Verdict::Replay {
        return Ok(());
    }
    if let Err(e) = store.put_pilot(save).await {
        let ApiError::Conflict(_) = e else { return Err(e) };
        // Another save landed in between: answer as if it had been read first.
        let now = store.pilot(&save.pilot.id).await?;
        return match pilots::check(save, now.as_ref())? {
            Verdict::Replay => Ok(()), // it was this very save, retried at once
            Verdict::Write => Err(e),
        };
    }
    store.add_history(&records(old.as_ref(), &save.pilot, who, at)).await
}

/// Per fridge in either version of the pilot, a record of what it saw change.
fn records(old: Option<&Pilot>, pilot: &Pilot, who: &str, at: &str) -> Vec<Record> {
    let view = |p: &Pilot| {
        json!({ "displayName": p.display_name, "stage": p.stage, "startDate": p.start_date,
                "endDate": p.end_date, "active": p.active })
        .to_string()
    };
    let was: BTreeSet<&LocationId> = old.iter().flat_map(|p| &p.fridge_ids).collect();
    let is: BTreeSet<&LocationId> = pilot.fridge_ids.iter().collect();
    was.union(&is)
        .filter_map(|fridge| {
            let old_value = old.filter(|_| was.contains(fridge)).map(view).unwrap_or_else(|| "null".into());
            let new_value = if is.contains(fridge) { view(pilot) } else { "null".into() };
            (old_value != new_value).then(|| {
                let change = Change { attribute: format!("pilot.{}", pilot.id), old_value, new_value, reason: None };
                Record::new(history::entity("location", fridge.as_str()), at, who, SOURCE, vec![change])
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;
    use serde_json::Value;

    const AT: &str = "2026-11-22T10:00:00.000Z";

    fn fleet() -> Memory {
        Memory { locations: ["A", "B", "C"].into_iter().map(LocationId::stored).collect(), ..Memory::default() }
    }

    fn parsed(fridges: &[&str], loaded: Option<i64>) -> Save {
        pilots::parse_json(&json!({"id": "P1", "fridgeIds": fridges, "displayName": "Agent 2.16", "stage": 1,
                              "startDate": "2026-11-22", "endDate": "2026-12-01", "description": "Try it",
                              "version": loaded }))
        .unwrap()
    }

    fn stored(store: &Memory) -> Option<Pilot> {
        store.state().pilots.get("P1").cloned()
    }

    fn changes_of(store: &Memory, fridge: &str) -> Vec<(String, String)> {
        let records = store.history_of(&format!("location#{fridge}"));
        records.iter().flat_map(|r| &r.changes).map(|c| (c.old_value.clone(), c.new_value.clone())).collect()
    }

    #[tokio::test]
    async fn a_new_pilot_is_saved_once_with_a_record_per_fridge() {
        let store = fleet();
        let new = parsed(&["A", "B"], None);
        save(&store, &new, "a@b", AT).await.unwrap();
        assert_eq!(stored(&store).map(|p| p.version), Some(1));
        assert_eq!((changes_of(&store, "A").len(), changes_of(&store, "B").len()), (1, 1));
        assert_eq!(changes_of(&store, "A")[0].0, "null");
        let view: Value = serde_json::from_str(&changes_of(&store, "A")[0].1).unwrap();
        assert_eq!((view["displayName"].as_str(), view["stage"].as_i64()), (Some("Agent 2.16"), Some(1)));
        // A retry of the save that landed: answered as saved, nothing written twice.
        save(&store, &new, "a@b", AT).await.unwrap();
        assert_eq!(store.state().history.len(), 2);
    }

    #[tokio::test]
    async fn a_taken_id_and_a_stale_edit_are_refused_and_the_stored_pilot_kept() {
        let store = fleet();
        save(&store, &parsed(&["A"], None), "a@b", AT).await.unwrap();
        let taken = save(&store, &parsed(&["B"], None), "a@b", AT).await.unwrap_err();
        assert_eq!(taken, pilots::already_exists("P1"));
        assert!(matches!(taken, ApiError::Conflict(_)));

        save(&store, &parsed(&["A", "B"], Some(1)), "a@b", AT).await.unwrap();
        let edited = stored(&store).unwrap();
        assert_eq!((edited.version, edited.fridge_ids.len()), (2, 2));
        let stale = save(&store, &parsed(&["C"], Some(1)), "a@b", AT).await.unwrap_err();
        assert_eq!(stale, pilots::changed_since_loaded("P1"));
        assert_eq!(stored(&store), Some(edited));
    }

    #[tokio::test]
    async fn an_edit_records_only_the_fridges_whose_pilot_changed() {
        let store = fleet();
        save(&store, &parsed(&["A", "B"], None), "a@b", AT).await.unwrap();
        save(&store, &parsed(&["B", "C"], Some(1)), "a@b", AT).await.unwrap();
        assert_eq!(changes_of(&store, "A").len(), 2);
        assert_eq!(changes_of(&store, "A")[1].1, "null", "A was dropped");
        assert_eq!(changes_of(&store, "B").len(), 1, "B saw no change");
        assert_eq!(changes_of(&store, "C")[0].0, "null", "C was added");
    }

    #[tokio::test]
    async fn an_unknown_fridge_is_refused_and_nothing_is_written() {
        let store = fleet();
        let err = save(&store, &parsed(&["A", "GHOST"], None), "a@b", AT).await.unwrap_err();
        assert_eq!(err.to_string(), format!("{} GHOST", fleet::UNKNOWN_FRIDGES));
        assert_eq!((stored(&store), store.state().history.len()), (None, 0));
    }

    #[tokio::test]
    async fn a_save_racing_in_between_is_answered_as_if_it_had_been_read_first() {
        // The very same save landed meanwhile (a retry sent at once): answered as saved.
        let store = fleet();
        let new = parsed(&["A"], None);
        *store.racing_pilot.lock().unwrap() = Some(new.pilot.clone());
        save(&store, &new, "a@b", AT).await.unwrap();
        assert_eq!(store.state().history.len(), 0, "the racing save writes its own history");

        // Another save of the id landed: refused with the message a read would have given.
        let store = fleet();
        *store.racing_pilot.lock().unwrap() = Some(parsed(&["B"], None).pilot);
        assert_eq!(save(&store, &new, "a@b", AT).await.unwrap_err(), pilots::already_exists("P1"));
        assert_eq!(stored(&store).unwrap().fridge_ids, [LocationId::stored("B")]);
    }
}
