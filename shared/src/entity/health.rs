//! A fridge's health record (2-fleet-operations §3): its latest heartbeat,
//! one per fridge, newest wins. The GraphQL `FridgeHealth` is the heartbeat
//! itself (the stored names are the §3 names); the record adds when the
//! ingest received it.
use super::telemetry::Heartbeat;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FridgeHealth {
    /// Its `timestamp` is stored as `stamp` text: what newest-wins compares.
    #[serde(flatten)]
    pub report: Heartbeat,
    /// When the ingest stored it (`stamp` text); not shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub received_at: Option<String>,
    /// The ingest's mark of a test location's record (`Location::is_test`,
    /// stored only when true): the fleet's health leaves it out. Not shown.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub test_location: bool,
    /// The time (`stamp` text) of the first reading that showed each
    /// condition (`conditions`) the report shows, by condition: a condition
    /// that clears and comes back starts again (issue 59). Not shown.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub conditions_since: BTreeMap<String, String>,
}

impl FridgeHealth {
    /// The record as the GraphQL `FridgeHealth`.
    pub fn view(&self) -> &Heartbeat {
        &self.report
    }
}

/// What in a report keeps a fridge from being fine when its driver arrives:
/// the Needs-attention panel's "Fridge needs the driver" conditions that a
/// heartbeat shows (the fifth, NO_HEARTBEAT, is the lack of one).
pub mod conditions {
    use super::{vending_label, Heartbeat};

    /// A reading above this (°F) is too warm: 2-fleet §4.4's route temperature highlight.
    pub const MAX_TEMPERATURE_F: f64 = 41.0;
    /// Vending states that keep a fridge from vending (their 2-fleet §4.4 labels).
    pub const FAULT_STATES: &[&str] = &["MOTOR_FAULT", "PRODUCT_DETECT_FAULT", "PRODUCT_UNDER_ELEVATOR", "TIMEOUT"];
    pub const WARM: &str = "WARM";
    pub const FAULT: &str = "FAULT";
    pub const OUT_OF_ORDER: &str = "OUT_OF_ORDER";
    pub const SAFETY_HOLD: &str = "SAFETY_HOLD";

    /// The conditions `h` shows, in this order.
    pub fn of(h: &Heartbeat) -> Vec<&'static str> {
        let mut out = Vec::new();
        if h.temperature.is_some_and(|t| t > MAX_TEMPERATURE_F) {
            out.push(WARM);
        }
        if h.jofemar_state.as_deref().is_some_and(|s| FAULT_STATES.contains(&vending_label(s))) {
            out.push(FAULT);
        }
        if h.out_of_order == Some(true) {
            out.push(OUT_OF_ORDER);
        }
        if h.safety_hold == Some(true) {
            out.push(SAFETY_HOLD);
        }
        out
    }

    pub fn shows(h: &Heartbeat, condition: &str) -> bool {
        of(h).contains(&condition)
    }
}

/// For the `newest` report of a fridge, the first reading of each condition
/// it shows (`FridgeHealth::conditions_since`): the start of the run of
/// reports showing it that ends at `newest`, read from `batch` (this batch's
/// reports of the fridge, any order, repeats allowed) back to the `stored`
/// record, whose own `conditions_since` stands for the reports before it. A
/// report older than the stored one is not read: latest state is written only
/// when newer, so a report that arrives after a newer one does not move a start.
pub fn conditions_since(
    newest: &Heartbeat,
    batch: &[&Heartbeat],
    stored: Option<&FridgeHealth>,
) -> BTreeMap<String, String> {
    let after = stored.map(|s| s.report.timestamp);
    let mut run: Vec<&Heartbeat> = batch
        .iter()
        .copied()
        .filter(|h| h.timestamp <= newest.timestamp && after.is_none_or(|a| h.timestamp > a))
        .collect();
    run.sort_by_key(|h| std::cmp::Reverse(h.timestamp));
    run.dedup_by_key(|h| h.timestamp);
    let stamp = |t: DateTime<Utc>| crate::fridge_time::stamp(t);
    conditions::of(newest)
        .into_iter()
        .map(|c| {
            let mut since = newest.timestamp;
            let mut unbroken = true;
            for h in &run {
                if conditions::shows(h, c) {
                    since = since.min(h.timestamp);
                } else {
                    unbroken = false;
                    break;
                }
            }
            let carried = stored
                .filter(|s| unbroken && conditions::shows(&s.report, c))
                .map(|s| s.conditions_since.get(c).cloned().unwrap_or_else(|| stamp(s.report.timestamp)));
            (c.to_string(), carried.unwrap_or_else(|| stamp(since)))
        })
        .collect()
}

/// The vending-state labels of 2-fleet §4.4 (health pages and the stocking dashboard); an unknown state is shown raw.
pub const VENDING_STATE_LABELS: &[(&str, &str)] = &[
    ("STATUS_0_READY", "READY"),
    ("STATUS_FF_DOOR_CLOSE", "DOOR_CLOSE"),
    ("STATUS_FF_DOOR_OPEN", "DOOR_OPEN"),
    ("STATUS_FF_TIMEOUT", "TIMEOUT"),
    ("STATUS_B_PRODUCT_UNDER_ELEVATOR", "PRODUCT_UNDER_ELEVATOR"),
    ("STATUS_9_PRODUCT_DETECT_FAULT", "PRODUCT_DETECT_FAULT"),
    ("STATUS_5_MOTOR_FAULT", "MOTOR_FAULT"),
];

/// The label of a vending state, or the state itself when it has none.
pub fn vending_label(state: &str) -> &str {
    VENDING_STATE_LABELS.iter().find(|(s, _)| *s == state).map_or(state, |(_, label)| label)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store;
    use serde_json::json;

    #[test]
    fn a_stored_record_reads_back_as_stored_and_shows_without_its_receipt() {
        let stored = json!({ "locationId": "A", "timestamp": "2026-11-23T02:00:05.000Z", "temperature": 37.5, "outOfOrder": false,
            "outOfOrderTs": "2026-11-22T02:00:00Z", "networkSpeed": { "previousSpeed": 0.3 }, "connectedLayout": [{ "x": 0, "y": 1 }],
            "receivedAt": "2026-11-23T02:00:06.000Z" });
        let health: FridgeHealth = store::from_item(store::to_item(&stored).unwrap()).unwrap();
        assert_eq!(serde_json::to_value(&health).unwrap(), stored);
        let mut shown = stored.clone();
        shown.as_object_mut().unwrap().remove("receivedAt");
        assert_eq!(serde_json::to_value(health.view()).unwrap(), shown);
        assert!(!health.test_location, "a fridge's record has no mark");
    }

    #[test]
    fn a_test_locations_mark_is_stored_only_when_set_and_never_shown() {
        let marked =
            json!({ "locationId": "SMOKE_TEST", "timestamp": "2026-11-23T02:00:05.000Z", "testLocation": true });
        let health: FridgeHealth = store::from_item(store::to_item(&marked).unwrap()).unwrap();
        assert!(health.test_location);
        assert_eq!(serde_json::to_value(&health).unwrap(), marked);
        assert_eq!(
            serde_json::to_value(health.view()).unwrap(),
            json!({ "locationId": "SMOKE_TEST", "timestamp": "2026-11-23T02:00:05.000Z" })
        );
        let unmarked = FridgeHealth { test_location: false, ..health };
        assert!(serde_json::to_value(&unmarked).unwrap().get("testLocation").is_none());
    }

    fn beat(minute: i64, temperature: f64, out_of_order: bool) -> Heartbeat {
        let at = chrono::DateTime::parse_from_rfc3339("2026-11-23T12:00:00Z").unwrap().with_timezone(&Utc)
            + chrono::Duration::minutes(minute);
        serde_json::from_value(json!({ "locationId": "A", "timestamp": crate::fridge_time::stamp(at),
            "temperature": temperature, "outOfOrder": out_of_order }))
        .unwrap()
    }

    /// The ingest's rule for one batch: its newest report replaces an older stored one.
    fn apply(stored: Option<FridgeHealth>, batch: &[Heartbeat]) -> Option<FridgeHealth> {
        let Some(newest) = batch.iter().max_by_key(|h| h.timestamp) else { return stored };
        if stored.as_ref().is_some_and(|s| s.report.timestamp >= newest.timestamp) {
            return stored;
        }
        let refs: Vec<&Heartbeat> = batch.iter().collect();
        let since = conditions_since(newest, &refs, stored.as_ref());
        Some(FridgeHealth { report: newest.clone(), received_at: None, test_location: false, conditions_since: since })
    }

    #[test]
    fn a_condition_is_dated_by_its_first_reading_and_starts_again_when_it_comes_back() {
        let stamp = |m: i64| crate::fridge_time::stamp(beat(m, 0.0, false).timestamp);
        let warm = apply(apply(None, &[beat(0, 38.0, false)]), &[beat(1, 45.0, false)]);
        let warm = apply(warm, &[beat(2, 46.0, true)]).unwrap();
        assert_eq!(warm.conditions_since.get("WARM"), Some(&stamp(1)));
        assert_eq!(warm.conditions_since.get("OUT_OF_ORDER"), Some(&stamp(2)));
        let cleared = apply(Some(warm), &[beat(3, 38.0, false)]).unwrap();
        assert!(cleared.conditions_since.is_empty(), "nothing shown, nothing dated");
        let back = apply(Some(cleared), &[beat(4, 44.0, false)]).unwrap();
        assert_eq!(back.conditions_since.get("WARM"), Some(&stamp(4)), "a new occurrence");
        // A batch holding the whole change: the run's first reading, not the batch's newest.
        let one = apply(None, &[beat(7, 45.0, false), beat(5, 38.0, false), beat(6, 45.0, false)]).unwrap();
        assert_eq!(one.conditions_since.get("WARM"), Some(&stamp(6)));
        // A record stored before the field: its own time stands for the run before it.
        let legacy =
            FridgeHealth { conditions_since: BTreeMap::new(), ..apply(None, &[beat(8, 45.0, false)]).unwrap() };
        assert_eq!(apply(Some(legacy), &[beat(9, 45.0, false)]).unwrap().conditions_since.get("WARM"), Some(&stamp(8)));
    }

    proptest::proptest! {
        /// The same reports, in time order, in any batches with any repeats, give the same starts as one batch.
        #[test]
        fn batching_and_repeats_do_not_move_a_start(
            reports in proptest::collection::vec((proptest::bool::ANY, proptest::bool::ANY), 1..30),
            cuts in proptest::collection::vec(0usize..30, 0..10),
            repeats in proptest::collection::vec(0usize..30, 0..10),
        ) {
            let all: Vec<Heartbeat> = reports.iter().enumerate()
                .map(|(i, (warm, ooo))| beat(i as i64, if *warm { 45.0 } else { 38.0 }, *ooo)).collect();
            let whole = apply(None, &all);
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c % all.len()).collect();
            cuts.sort();
            cuts.dedup();
            let mut stored = None;
            let mut start = 0;
            for end in cuts.into_iter().chain([all.len()]) {
                let mut batch: Vec<Heartbeat> = all[start..end.max(start)].to_vec();
                // A repeat of a report already seen, or of one in this batch, comes along.
                batch.extend(repeats.iter().filter(|r| **r < end.max(start)).map(|r| all[*r].clone()));
                stored = apply(stored, &batch);
                start = end.max(start);
            }
            proptest::prop_assert_eq!(stored.map(|s| s.conditions_since), whole.map(|s| s.conditions_since));
        }
    }
}
