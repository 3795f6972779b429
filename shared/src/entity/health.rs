//! A fridge's health record (2-fleet-operations §3): its latest heartbeat,
//! one per fridge, newest wins. The GraphQL `FridgeHealth` is the heartbeat
//! itself (the stored names are the §3 names); the record adds when the
//! ingest received it.
use super::telemetry::Heartbeat;
use serde::{Deserialize, Serialize};

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
}

impl FridgeHealth {
    /// The record as the GraphQL `FridgeHealth`.
    pub fn view(&self) -> &Heartbeat {
        &self.report
    }
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
}
