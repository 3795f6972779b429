//! The §4.4 stop status rules, in one place: a stop and its driver actions
//! of the stocking-day window (oldest `occurredAt` first) give its status.
//! The browser shows what this computes. What each action produces alone is
//! `status::PRODUCES`; this adds what needs several actions (INCOMPLETE,
//! UNREACHABLE_COMPLETE) and the precedence.
use crate::events::{ActionData, DropStatus};
use crate::status::StopStatus;

/// Hex digits of a digest (128 bits of SHA-256).
pub const DIGEST_HEX: usize = 32;

/// 128 bits of SHA-256 of a value's JSON, in hex: what the browser names the rows and panel it shows by.
pub fn digest<T: serde::Serialize + ?Sized>(value: &T) -> String {
    use sha2::{Digest, Sha256};
    let text = serde_json::to_vec(value).unwrap_or_default();
    Sha256::digest(&text).iter().map(|b| format!("{b:02x}")).collect::<String>()[..DIGEST_HEX].to_string()
}
use fleet_shared::entity::route_stop::RouteStop;

/// One recorded action, its data typed (read back from `StoredAction`).
#[derive(Clone, Debug, PartialEq)]
pub struct Recorded {
    /// The stored action's id (a drop override's: its action's).
    pub id: String,
    pub location_id: String,
    pub data: ActionData,
    /// RFC 3339 UTC with milliseconds, as stored: sorts as text.
    pub occurred_at: String,
    /// The caller as people read them: their name, or their e-mail (or
    /// username) when they have none; their e-mail; and their Cognito sub.
    pub by: String,
    pub by_email: String,
    pub by_sub: String,
}

impl Recorded {
    /// The stocking index the data names, when it names one.
    fn stocking_index(&self) -> Option<i64> {
        match &self.data {
            ActionData::LocationUnreachable(d) => d.stocking_index,
            ActionData::LocationStocked(d) => Some(d.stocking_index),
            ActionData::DropOffComplete(d) => Some(d.stocking_index),
            ActionData::PackingSlipQuery(d) => Some(d.stocking_index),
            ActionData::InventoryRemoval(d) | ActionData::ClearOutDecommission(d) => Some(d.stocking_index),
            ActionData::DropOverride(_) | ActionData::VanTemperature(_) => None,
        }
    }

    pub fn is_scan(&self) -> bool {
        matches!(self.data, ActionData::PackingSlipQuery(_))
    }

    fn is_stocked(&self) -> bool {
        match &self.data {
            ActionData::LocationStocked(_) | ActionData::DropOffComplete(_) => true,
            ActionData::DropOverride(d) => d.drop_status == DropStatus::Complete,
            _ => false,
        }
    }

    /// Whether this action is about `stop`: at its location and, when the data
    /// names a stocking index, that stop's one; a van temperature also counts
    /// for every stop of the route it names (it is taken once, at the start).
    pub fn concerns(&self, stop: &RouteStop) -> bool {
        if let ActionData::VanTemperature(v) = &self.data {
            if v.route.as_deref() == Some(stop.route.as_str()) {
                return true;
            }
        }
        self.location_id == stop.id && self.stocking_index().is_none_or(|i| i == stop.stocking_index)
    }
}

/// What the rules read of a stop: its own actions, and whether its scanning
/// driver scanned again later elsewhere.
pub struct Facts<'a> {
    /// The stop's actions (`Recorded::concerns`), oldest `occurredAt` first.
    pub own: &'a [&'a Recorded],
    /// Whether `by_sub` recorded a scan after `occurred_at` at another location.
    pub later_scan_elsewhere: &'a dyn Fn(&str, &str, &str) -> bool,
}

/// §4.4: the stop's status. Precedence, highest first: decommission, then
/// removal ("override afterwards"); stocked (overrides in-progress and
/// unreachable); unreachable (UNREACHABLE_COMPLETE when scanned); scanned
/// (INCOMPLETE when the same driver scanned later at another stop, else
/// IN_PROGRESS); van temperature; NOT_STARTED.
pub fn stop_status(stop: &RouteStop, facts: &Facts) -> StopStatus {
    let own = facts.own;
    let any = |f: &dyn Fn(&Recorded) -> bool| own.iter().any(|a| f(a));
    if any(&|a| matches!(a.data, ActionData::ClearOutDecommission(_))) {
        return StopStatus::ClearoutDecommissionComplete;
    }
    if any(&|a| matches!(a.data, ActionData::InventoryRemoval(_))) {
        return StopStatus::ClearoutComplete;
    }
    if any(&|a| a.is_stocked()) {
        return StopStatus::Completed;
    }
    let last_scan = own.iter().rev().find(|a| a.location_id == stop.id && a.is_scan());
    if any(&|a| matches!(a.data, ActionData::LocationUnreachable(_))) {
        return if last_scan.is_some() { StopStatus::UnreachableComplete } else { StopStatus::UnreachableIncomplete };
    }
    if let Some(scan) = last_scan {
        return if (facts.later_scan_elsewhere)(&scan.by_sub, &scan.occurred_at, &stop.id) {
            StopStatus::Incomplete
        } else {
            StopStatus::InProgress
        };
    }
    if any(&|a| matches!(a.data, ActionData::VanTemperature(_))) {
        return StopStatus::VanTemperatureSet;
    }
    StopStatus::NotStarted
}

pub use fleet_shared::entity::health::vending_label;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::EventType;
    use serde_json::json;

    fn stop(id: &str, index: i64) -> RouteStop {
        RouteStop {
            stocking_date: "2026-11-23".into(),
            market: "MW".into(),
            id: id.into(),
            route: "R1".into(),
            stop: 1,
            stocking_index: index,
            stop_type: "DELIVERY".into(),
        }
    }

    fn act(kind: EventType, at: &str, location: &str, sub: &str, data: serde_json::Value) -> Recorded {
        Recorded {
            id: format!("{sub}-{at}"),
            location_id: location.into(),
            data: ActionData::parse(kind, &data).unwrap(),
            occurred_at: format!("2026-11-23T{at}:00.000Z"),
            by: format!("{sub}@fleet.test"),
            by_email: format!("{sub}@fleet.test"),
            by_sub: sub.into(),
        }
    }

    fn scan(at: &str, location: &str, sub: &str) -> Recorded {
        act(EventType::PackingSlipQuery, at, location, sub, json!({ "packingSlipId": "s", "stockingIndex": 1 }))
    }
    fn stocked(at: &str) -> Recorded {
        act(EventType::LocationStocked, at, "A", "d1", json!({ "stockingIndex": 1 }))
    }
    fn unreachable(at: &str) -> Recorded {
        act(EventType::LocationUnreachable, at, "A", "d1", json!({ "reason": "Gate locked" }))
    }
    fn removal(kind: EventType, at: &str) -> Recorded {
        act(kind, at, "A", "d1", json!({ "stockingIndex": 1 }))
    }
    fn van(at: &str, location: &str, route: Option<&str>) -> Recorded {
        act(EventType::VanTemperature, at, location, "d1", json!({ "temperature": 34, "route": route }))
    }

    /// The status of stop A (index 1) given the whole day's actions.
    fn status_of(day: &[Recorded]) -> StopStatus {
        let s = stop("A", 1);
        let own: Vec<&Recorded> = day.iter().filter(|a| a.concerns(&s)).collect();
        let later = |sub: &str, after: &str, here: &str| {
            day.iter()
                .any(|a| a.is_scan() && a.by_sub == sub && a.occurred_at.as_str() > after && a.location_id != here)
        };
        stop_status(&s, &Facts { own: &own, later_scan_elsewhere: &later })
    }

    #[test]
    fn each_status() {
        assert_eq!(status_of(&[]), StopStatus::NotStarted);
        assert_eq!(status_of(&[van("10:00", "A", None)]), StopStatus::VanTemperatureSet);
        assert_eq!(status_of(&[van("10:00", "DEPOT", Some("R1"))]), StopStatus::VanTemperatureSet, "by its route");
        assert_eq!(status_of(&[van("10:00", "DEPOT", Some("R2"))]), StopStatus::NotStarted, "another route's van");
        assert_eq!(status_of(&[scan("10:00", "A", "d1")]), StopStatus::InProgress);
        assert_eq!(status_of(&[scan("10:00", "A", "d1"), scan("10:30", "B", "d1")]), StopStatus::Incomplete);
        assert_eq!(status_of(&[scan("10:00", "A", "d1"), stocked("10:10")]), StopStatus::Completed);
        assert_eq!(status_of(&[unreachable("10:00")]), StopStatus::UnreachableIncomplete);
        assert_eq!(status_of(&[scan("10:00", "A", "d1"), unreachable("10:05")]), StopStatus::UnreachableComplete);
        assert_eq!(status_of(&[removal(EventType::InventoryRemoval, "10:00")]), StopStatus::ClearoutComplete);
        assert_eq!(
            status_of(&[removal(EventType::ClearOutDecommission, "10:00")]),
            StopStatus::ClearoutDecommissionComplete
        );
    }

    #[test]
    fn incomplete_needs_a_later_scan_by_the_same_driver_elsewhere() {
        assert_eq!(status_of(&[scan("10:30", "B", "d1"), scan("11:00", "A", "d1")]), StopStatus::InProgress, "earlier");
        assert_eq!(status_of(&[scan("10:00", "A", "d1"), scan("10:30", "B", "d2")]), StopStatus::InProgress, "other");
        assert_eq!(status_of(&[scan("10:00", "A", "d1"), scan("10:30", "A", "d1")]), StopStatus::InProgress, "here");
    }

    #[test]
    fn stocked_overrides_in_progress_and_incomplete() {
        let day = [scan("10:00", "A", "d1"), scan("10:30", "B", "d1"), stocked("10:40")];
        assert_eq!(status_of(&day), StopStatus::Completed);
        let complete = act(
            EventType::DropOverride,
            "12:00",
            "A",
            "ops",
            json!({ "userSubmitted": "ops@fleet", "dropStatus": "Complete", "statusReason": "Group Drop",
                    "originalDropOffDate": "2026-11-23", "packingSlipId": "s" }),
        );
        assert_eq!(status_of(&[scan("10:00", "A", "d1"), complete]), StopStatus::Completed, "a Complete override");
        let not_delivering = act(
            EventType::DropOverride,
            "12:00",
            "A",
            "ops",
            json!({ "userSubmitted": "ops@fleet", "dropStatus": "Not Delivering", "statusReason": "Missing Totes",
                    "originalDropOffDate": "2026-11-23", "packingSlipId": "s" }),
        );
        assert_eq!(status_of(&[scan("10:00", "A", "d1"), not_delivering]), StopStatus::InProgress);
    }

    #[test]
    fn unreachable_applies_only_when_not_stocked() {
        assert_eq!(status_of(&[unreachable("10:00"), stocked("11:00")]), StopStatus::Completed);
        assert_eq!(status_of(&[stocked("10:00"), unreachable("11:00")]), StopStatus::Completed);
        // Unreachable over in-progress and incomplete.
        let day = [scan("10:00", "A", "d1"), scan("10:30", "B", "d1"), unreachable("10:40")];
        assert_eq!(status_of(&day), StopStatus::UnreachableComplete);
    }

    #[test]
    fn removal_and_decommission_override_afterwards() {
        let day = [scan("10:00", "A", "d1"), stocked("10:10"), removal(EventType::InventoryRemoval, "10:20")];
        assert_eq!(status_of(&day), StopStatus::ClearoutComplete);
        let day = [unreachable("10:00"), removal(EventType::ClearOutDecommission, "10:20")];
        assert_eq!(status_of(&day), StopStatus::ClearoutDecommissionComplete);
        let both = [removal(EventType::ClearOutDecommission, "10:00"), removal(EventType::InventoryRemoval, "10:20")];
        assert_eq!(status_of(&both), StopStatus::ClearoutDecommissionComplete, "decommission is the stronger end");
    }

    #[test]
    fn actions_of_another_stocking_index_are_another_stops() {
        let other = act(EventType::LocationStocked, "10:00", "A", "d1", json!({ "stockingIndex": 2 }));
        assert_eq!(status_of(&[other]), StopStatus::NotStarted);
    }

    #[test]
    fn vending_labels_and_raw_unknowns() {
        assert_eq!(vending_label("STATUS_0_READY"), "READY");
        assert_eq!(vending_label("STATUS_5_MOTOR_FAULT"), "MOTOR_FAULT");
        assert_eq!(vending_label("STATUS_X"), "STATUS_X");
    }
}
