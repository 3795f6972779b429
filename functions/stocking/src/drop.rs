//! Drop override (2-fleet §2.5, §4.5, §5; issue 24): which packing slips a
//! drop status can be recorded for, and the lock that makes a recorded status
//! final. The lock is an item of the driver-action table under its own
//! partition (`SLIP_LOCKS`, sharded by slip: `lock_partition`), put with `attribute_not_exists` in the same
//! transaction as the DropOverride action, so two overrides of one slip can
//! never both land, whatever the network does. It carries no `stockingDay`,
//! so the dashboard's day index never sees it, and `getDriverAction` cannot
//! name its partition (not an event type).
use crate::events::{ActionData, DropOverride, DropStatus};
use crate::orders::DELETED;
use crate::record::StoredAction;
use crate::slips::PackingSlip;
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::entity::LocationId;
use fleet_shared::ApiError;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// The partition of the slip locks in the driver-action table.
pub const SLIP_LOCKS: &str = "DropOverride#slip";
/// The history entity kind of a packing slip's drop status, and the source named.
pub const SLIP_ENTITY: &str = "packing-slip";
pub const HISTORY_SOURCE: &str = "Drop Off Summary";
pub const PENDING: &str = "Pending";

/// §4.5 status names as the list shows them.
pub fn status_name(status: DropStatus) -> &'static str {
    match status {
        DropStatus::Complete => "Complete",
        DropStatus::NotDelivering => "Not Delivering",
    }
}

/// §5: slips of these order types and client codes are not on the list.
pub const EXCLUDED_TYPES: &[&str] = &["INTERNAL_ORDER"];
pub const EXCLUDED_CLIENT_CODES: &[&str] = &["ThirdParty", "MenuRD", "Pulping"];

/// A slip's recorded drop status: the lock, and what the list shows for the row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlipLock {
    /// Always `SLIP_LOCKS`.
    pub event_type: String,
    /// `originalDropOffDate#packingSlipId`: a date's locks are one Query.
    pub sk: String,
    pub location_id: String,
    /// The slip's stocking index: the dashboard applies the status to that stop
    /// only. None on a lock recorded before it was kept (read as every stop of
    /// the location, as then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stocking_index: Option<i64>,
    pub drop_status: DropStatus,
    pub status_reason: String,
    /// The DropOverride action that recorded it.
    pub action_id: String,
    pub created_by: String,
    pub created_at: String,
}

pub fn lock_key(date: &str, slip: &str) -> String {
    format!("{date}#{slip}")
}

/// The partition of a slip's lock: `SLIP_LOCKS` sharded by the slip's id,
/// which every reader of one lock knows (a date's locks read every shard).
pub fn lock_partition(slip: &str) -> String {
    fleet_shared::shard::key(SLIP_LOCKS, slip)
}

impl SlipLock {
    /// The lock a DropOverride action puts with itself, on the slip of `stocking_index`.
    pub fn of(action: &StoredAction, data: &DropOverride, stocking_index: i64) -> Self {
        SlipLock {
            event_type: SLIP_LOCKS.into(),
            sk: lock_key(&data.original_drop_off_date, &data.packing_slip_id),
            location_id: action.location_id.clone(),
            stocking_index: Some(stocking_index),
            drop_status: data.drop_status,
            status_reason: data.status_reason.clone(),
            action_id: action.id.clone(),
            created_by: action.created_by.clone(),
            created_at: action.created_at.clone(),
        }
    }

    /// The slip's date and id (`sk` is `date#slip`; a date has no '#').
    pub fn slip(&self) -> (&str, &str) {
        self.sk.split_once('#').unwrap_or(("", self.sk.as_str()))
    }

    /// Whether this status is about the stop of `location` and `stocking_index`: the slip's own stop.
    pub fn is_for(&self, location: &str, stocking_index: i64) -> bool {
        self.location_id == location && self.stocking_index.is_none_or(|i| i == stocking_index)
    }

    /// The lock's partition: `lock_partition` of its slip (`sk` is `date#slip`).
    pub fn partition(&self) -> String {
        lock_partition(self.sk.split_once('#').map_or(self.sk.as_str(), |(_, slip)| slip))
    }

    /// The item to store: the lock and its sharded partition key.
    pub fn item(&self) -> Result<fleet_shared::store::Item, ApiError> {
        let mut item = fleet_shared::store::to_item(self)?;
        item.insert(crate::record::PK.into(), fleet_shared::store::s(self.partition()));
        Ok(item)
    }

    /// The history entity of the slip whose status this is (`packing-slip#date#slip`).
    pub fn entity(&self) -> String {
        fleet_shared::history::entity(SLIP_ENTITY, &self.sk)
    }

    fn status_text(&self) -> String {
        serde_json::json!({ "dropStatus": status_name(self.drop_status), "statusReason": self.status_reason })
            .to_string()
    }

    /// The history record of recording this status (written with the lock).
    pub fn recorded(&self) -> fleet_shared::history::Record {
        let change = fleet_shared::history::Change {
            attribute: "dropStatus".into(),
            old_value: serde_json::json!({ "dropStatus": PENDING }).to_string(),
            new_value: self.status_text(),
            reason: Some(self.status_reason.clone()),
        };
        fleet_shared::history::Record::new(
            self.entity(),
            &self.created_at,
            &self.created_by,
            HISTORY_SOURCE,
            vec![change],
        )
    }

    /// The history record of a supervisor's revert of this status to Pending.
    pub fn reverted(&self, at: &str, who: &str, reason: &str) -> fleet_shared::history::Record {
        let change = fleet_shared::history::Change {
            attribute: "dropStatus".into(),
            old_value: self.status_text(),
            new_value: serde_json::json!({ "dropStatus": PENDING }).to_string(),
            reason: Some(reason.to_string()),
        };
        fleet_shared::history::Record::new(self.entity(), at, who, HISTORY_SOURCE, vec![change])
    }

    /// The refusal of a second override of the slip (§4.5: the row is locked).
    pub fn refusal(&self, slip: &str) -> ApiError {
        let status = match self.drop_status {
            DropStatus::Complete => "Complete",
            DropStatus::NotDelivering => "Not Delivering",
        };
        ApiError::Conflict(format!(
            "The drop status of packing slip {slip} is already recorded ({status}, by {}); the row is locked",
            self.created_by
        ))
    }
}

/// Why a slip is left off the Drop Off Summary by what it is (§5), if it is:
/// its type, its client code or its deleted status. (Unreachable and stocked
/// are the day's doing, not the slip's.)
pub fn excluded(slip: &PackingSlip) -> Option<String> {
    if EXCLUDED_TYPES.contains(&slip.kind.as_str()) {
        Some(format!("its type is {}", slip.kind))
    } else if EXCLUDED_CLIENT_CODES.contains(&slip.client_code.as_str()) {
        Some(format!("its client code is {}", slip.client_code))
    } else if slip.status == DELETED {
        Some("its order is cancelled".into())
    } else {
        None
    }
}

/// What a stocking day says of its stops (§5): which locations were reported
/// unreachable (of one stocking index, or of all when the action names none)
/// and which (location, stocking index) were stocked, by a stop's
/// stockedTimeUTC or a LocationStocked or DropOffComplete action. The Drop Off
/// Summary's list and DropOverride's check both read the day through this.
#[derive(Debug, Default)]
pub struct DayFacts {
    unreachable: HashSet<(String, Option<i64>)>,
    stocked: HashSet<(String, i64)>,
}

impl DayFacts {
    pub fn of(actions: &[(String, ActionData)], stops: &[StoredStop]) -> DayFacts {
        let mut facts = DayFacts::default();
        for (location, data) in actions {
            match data {
                ActionData::LocationUnreachable(u) => {
                    facts.unreachable.insert((location.clone(), u.stocking_index));
                }
                ActionData::LocationStocked(s) => {
                    facts.stocked.insert((location.clone(), s.stocking_index));
                }
                ActionData::DropOffComplete(d) => {
                    facts.stocked.insert((location.clone(), d.stocking_index));
                }
                _ => {}
            }
        }
        for stop in stops.iter().filter(|s| s.stocked_time_utc.is_some()) {
            facts.stocked.insert((stop.stop.id.clone(), stop.stop.stocking_index));
        }
        facts
    }

    /// Why the day leaves a slip of this location and stocking index off the list, if it does.
    pub fn excludes(&self, location: &str, index: i64) -> Option<&'static str> {
        let unreachable = |i: Option<i64>| self.unreachable.contains(&(location.to_string(), i));
        if unreachable(None) || unreachable(Some(index)) {
            Some("its location was reported unreachable that day")
        } else if self.stocked.contains(&(location.to_string(), index)) {
            Some("it is already stocked")
        } else {
            None
        }
    }
}

/// Stored actions as (location, data); one that no longer reads is left out.
pub fn parsed(actions: Vec<StoredAction>) -> Vec<(String, ActionData)> {
    actions
        .into_iter()
        // A voided action is out of the day index already; a read of the table is held to the same rule.
        .filter(|a| !a.is_voided())
        .filter_map(|a| {
            let kind = crate::events::EventType::parse(&a.event_type).ok()?;
            ActionData::parse(kind, &serde_json::Value::String(a.data)).ok().map(|d| (a.location_id, d))
        })
        .collect()
}

/// A DropOverride's slip must exist on its date, be the action's location's,
/// and be one the list shows; each refusal names the slip.
pub fn check_slip(
    slip: Option<&PackingSlip>,
    data: &DropOverride,
    location: &LocationId,
    day: &DayFacts,
) -> Result<(), ApiError> {
    let id = &data.packing_slip_id;
    let date = &data.original_drop_off_date;
    let slip = slip.ok_or_else(|| ApiError::bad_request(format!("Unknown packing slip {id} on {date}")))?;
    if slip.location_id != location.as_str() {
        return Err(ApiError::bad_request(format!(
            "Packing slip {id} is for location {}, not {location}",
            slip.location_id
        )));
    }
    let why = excluded(slip).or_else(|| day.excludes(&slip.location_id, slip.stocking_index).map(str::to_string));
    match why {
        Some(why) => Err(ApiError::bad_request(format!("Packing slip {id} has no drop status to override: {why}"))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::ACTIVE;

    fn slip(kind: &str, code: &str, status: &str) -> PackingSlip {
        PackingSlip {
            drop_off_date: "2031-05-14".into(),
            unique_id: "S1".into(),
            location_id: "L1".into(),
            stocking_index: 1,
            create_date: "2031-05-13T10:00:00.000Z".into(),
            kind: kind.into(),
            client_code: code.into(),
            status: status.into(),
            source: "ORDER_SYSTEM".into(),
            version: 1,
        }
    }

    fn data() -> DropOverride {
        DropOverride {
            user_submitted: "ops@fleet.local".into(),
            drop_status: DropStatus::NotDelivering,
            status_reason: "Missing Totes".into(),
            original_drop_off_date: "2031-05-14".into(),
            packing_slip_id: "S1".into(),
        }
    }

    fn loc(id: &str) -> LocationId {
        LocationId::parse("locationId", id).unwrap()
    }

    #[test]
    fn each_exclusion_of_section_5_is_named() {
        assert_eq!(excluded(&slip("FRIDGE", "Fridge", ACTIVE)), None);
        assert_eq!(excluded(&slip("WHOLESALE", "Acme", ACTIVE)), None);
        assert_eq!(excluded(&slip("INTERNAL_ORDER", "Acme", ACTIVE)).unwrap(), "its type is INTERNAL_ORDER");
        for code in EXCLUDED_CLIENT_CODES {
            assert_eq!(excluded(&slip("CLIENT", code, ACTIVE)).unwrap(), format!("its client code is {code}"));
        }
        assert_eq!(excluded(&slip("FRIDGE", "Fridge", DELETED)).unwrap(), "its order is cancelled");
    }

    #[test]
    fn an_override_needs_the_locations_own_listed_slip() {
        let ok = slip("WHOLESALE", "Acme", ACTIVE);
        let quiet = DayFacts::default();
        assert!(check_slip(Some(&ok), &data(), &loc("L1"), &quiet).is_ok());
        let err = |s: Option<&PackingSlip>, l: &str| check_slip(s, &data(), &loc(l), &quiet).unwrap_err().to_string();
        assert_eq!(err(None, "L1"), "Unknown packing slip S1 on 2031-05-14");
        assert_eq!(err(Some(&ok), "L2"), "Packing slip S1 is for location L1, not L2");
        assert_eq!(
            err(Some(&slip("FRIDGE", "Fridge", DELETED)), "L1"),
            "Packing slip S1 has no drop status to override: its order is cancelled"
        );
    }

    #[test]
    fn an_override_of_a_slip_the_day_leaves_off_is_refused() {
        use crate::events::{LocationStocked, LocationUnreachable};
        let ok = slip("WHOLESALE", "Acme", ACTIVE);
        let unreachable =
            ActionData::LocationUnreachable(LocationUnreachable { reason: "Gate".into(), stocking_index: None });
        let day = DayFacts::of(&[("L1".to_string(), unreachable)], &[]);
        let err = check_slip(Some(&ok), &data(), &loc("L1"), &day).unwrap_err().to_string();
        assert_eq!(
            err,
            "Packing slip S1 has no drop status to override: its location was reported unreachable that day"
        );
        let stocked = ActionData::LocationStocked(LocationStocked {
            stocking_index: 1,
            temperature: None,
            packing_slip_id: None,
        });
        let day = DayFacts::of(&[("L1".to_string(), stocked.clone())], &[]);
        assert!(check_slip(Some(&ok), &data(), &loc("L1"), &day)
            .unwrap_err()
            .to_string()
            .ends_with("it is already stocked"));
        let elsewhere = DayFacts::of(&[("L2".to_string(), stocked)], &[]);
        assert!(check_slip(Some(&ok), &data(), &loc("L1"), &elsewhere).is_ok());
    }

    #[test]
    fn the_lock_names_its_slip_status_and_author() {
        let lock = SlipLock {
            event_type: SLIP_LOCKS.into(),
            sk: lock_key("2031-05-14", "S1"),
            location_id: "L1".into(),
            stocking_index: Some(1),
            drop_status: DropStatus::Complete,
            status_reason: "Group Drop".into(),
            action_id: "a1".into(),
            created_by: "ops@fleet.local".into(),
            created_at: "2031-05-14T10:00:00.000Z".into(),
        };
        assert_eq!(lock.sk, "2031-05-14#S1");
        let refusal = lock.refusal("S1");
        assert_eq!(refusal.status(), 409);
        assert_eq!(
            refusal.to_string(),
            "The drop status of packing slip S1 is already recorded (Complete, by ops@fleet.local); the row is locked"
        );
    }
}
