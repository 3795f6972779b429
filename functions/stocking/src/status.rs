//! The §4.4 stop status each driver action produces: one table, read by the
//! dashboard's status rules (issue 23, part 2), which add what one action
//! alone cannot say: INCOMPLETE (a later scan by the same driver),
//! UNREACHABLE_COMPLETE (unreachable and scanned) and the precedence.
use crate::events::{ActionData, DropStatus, EventType};
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum StopStatus {
    NotStarted,
    VanTemperatureSet,
    InProgress,
    Incomplete,
    Completed,
    UnreachableIncomplete,
    UnreachableComplete,
    ClearoutComplete,
    ClearoutDecommissionComplete,
}

impl StopStatus {
    pub fn code(self) -> &'static str {
        match self {
            StopStatus::NotStarted => "NOT_STARTED",
            StopStatus::VanTemperatureSet => "VAN_TEMPERATURE_SET",
            StopStatus::InProgress => "IN_PROGRESS",
            StopStatus::Incomplete => "INCOMPLETE",
            StopStatus::Completed => "COMPLETED",
            StopStatus::UnreachableIncomplete => "UNREACHABLE_INCOMPLETE",
            StopStatus::UnreachableComplete => "UNREACHABLE_COMPLETE",
            StopStatus::ClearoutComplete => "CLEAROUT_COMPLETE",
            StopStatus::ClearoutDecommissionComplete => "CLEAROUT_DECOMMISSION_COMPLETE",
        }
    }

    /// How the dashboard shows it (§4.4, spelled as the spec spells it).
    pub fn label(self) -> &'static str {
        match self {
            StopStatus::ClearoutComplete => "Removal Complete",
            StopStatus::ClearoutDecommissionComplete => "Decommision Complete",
            other => other.code(),
        }
    }
}

/// Each event type and the status it produces on its stop. DropOverride is
/// listed with its Complete override; a 'Not Delivering' override produces
/// none (`produced`): the stop keeps what its driver actions say, and the drop
/// shows Not Delivering on the Drop Off Summary (§4.5).
pub const PRODUCES: [(EventType, StopStatus); 8] = [
    (EventType::VanTemperature, StopStatus::VanTemperatureSet),
    (EventType::PackingSlipQuery, StopStatus::InProgress),
    (EventType::LocationStocked, StopStatus::Completed),
    (EventType::DropOffComplete, StopStatus::Completed),
    (EventType::DropOverride, StopStatus::Completed),
    (EventType::LocationUnreachable, StopStatus::UnreachableIncomplete),
    (EventType::InventoryRemoval, StopStatus::ClearoutComplete),
    (EventType::ClearOutDecommission, StopStatus::ClearoutDecommissionComplete),
];

/// The status an event type produces (the table above).
pub fn status_of(kind: EventType) -> StopStatus {
    PRODUCES.iter().find(|(k, _)| *k == kind).map_or(StopStatus::NotStarted, |(_, s)| *s)
}

/// The status one recorded action produces: its type's, except a 'Not Delivering' override, which produces none.
pub fn produced(data: &ActionData) -> Option<StopStatus> {
    match data {
        ActionData::DropOverride(d) if d.drop_status == DropStatus::NotDelivering => None,
        other => Some(status_of(other.kind())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_type_is_in_the_table_once() {
        for kind in EventType::ALL {
            assert_eq!(PRODUCES.iter().filter(|(k, _)| *k == kind).count(), 1, "{kind:?}");
        }
    }

    #[test]
    fn each_type_produces_its_status() {
        let expected = [
            (EventType::VanTemperature, "VAN_TEMPERATURE_SET"),
            (EventType::PackingSlipQuery, "IN_PROGRESS"),
            (EventType::LocationStocked, "COMPLETED"),
            (EventType::DropOffComplete, "COMPLETED"),
            (EventType::DropOverride, "COMPLETED"),
            (EventType::LocationUnreachable, "UNREACHABLE_INCOMPLETE"),
            (EventType::InventoryRemoval, "CLEAROUT_COMPLETE"),
            (EventType::ClearOutDecommission, "CLEAROUT_DECOMMISSION_COMPLETE"),
        ];
        for (kind, code) in expected {
            assert_eq!(status_of(kind).code(), code, "{kind:?}");
            assert_eq!(json!(status_of(kind)), json!(code), "the wire form is the code");
        }
        assert_eq!(StopStatus::ClearoutComplete.label(), "Removal Complete");
        assert_eq!(StopStatus::ClearoutDecommissionComplete.label(), "Decommision Complete");
        assert_eq!(StopStatus::InProgress.label(), "IN_PROGRESS");
    }

    #[test]
    fn an_override_completes_only_when_it_says_complete() {
        let data = |status: &str, reason: &str| {
            let d = json!({ "userSubmitted": "ops@fleet", "dropStatus": status, "statusReason": reason,
                            "originalDropOffDate": "2026-11-23", "packingSlipId": "s" });
            ActionData::parse(EventType::DropOverride, &d).unwrap()
        };
        assert_eq!(produced(&data("Complete", "Group Drop")), Some(StopStatus::Completed));
        assert_eq!(produced(&data("Not Delivering", "Missing Totes")), None);
        let scan = ActionData::parse(EventType::PackingSlipQuery, &json!({ "packingSlipId": "s", "stockingIndex": 1 }));
        assert_eq!(produced(&scan.unwrap()), Some(StopStatus::InProgress));
    }
}
