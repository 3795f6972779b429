//! The eight driver event types (2-fleet §7), the `data` shape each one
//! carries (typed: a field missing, unknown or of the wrong type is refused
//! with serde's words naming it), and the permission action each one needs.
use fleet_shared::entity::location::FRIDGE;
use fleet_shared::entity::Location;
use fleet_shared::{limits, ApiError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
pub enum EventType {
    DropOverride,
    LocationUnreachable,
    LocationStocked,
    DropOffComplete,
    PackingSlipQuery,
    VanTemperature,
    InventoryRemoval,
    ClearOutDecommission,
}

impl EventType {
    pub const ALL: [EventType; 8] = [
        EventType::DropOverride,
        EventType::LocationUnreachable,
        EventType::LocationStocked,
        EventType::DropOffComplete,
        EventType::PackingSlipQuery,
        EventType::VanTemperature,
        EventType::InventoryRemoval,
        EventType::ClearOutDecommission,
    ];

    pub fn name(self) -> &'static str {
        match self {
            EventType::DropOverride => "DropOverride",
            EventType::LocationUnreachable => "LocationUnreachable",
            EventType::LocationStocked => "LocationStocked",
            EventType::DropOffComplete => "DropOffComplete",
            EventType::PackingSlipQuery => "PackingSlipQuery",
            EventType::VanTemperature => "VanTemperature",
            EventType::InventoryRemoval => "InventoryRemoval",
            EventType::ClearOutDecommission => "ClearOutDecommission",
        }
    }

    /// The type named exactly (case matters: it is a stored key).
    pub fn parse(raw: &str) -> Result<EventType, ApiError> {
        EventType::ALL.into_iter().find(|t| t.name() == raw).ok_or_else(|| {
            let names: Vec<&str> = EventType::ALL.iter().map(|t| t.name()).collect();
            let shown = limits::echoed(raw);
            ApiError::bad_request(format!("Unknown eventType {shown}. Known types: {}", names.join(", ")))
        })
    }

    /// The permission action recording this type needs (3-planning §6). Driver
    /// work needs a Driver group action; a drop override is an operations
    /// decision, so it needs an action no Driver group holder has.
    pub fn action(self) -> &'static str {
        match self {
            EventType::DropOverride => DROP_OVERRIDE_ACTION,
            EventType::LocationUnreachable | EventType::DropOffComplete | EventType::PackingSlipQuery => "VanTasks",
            EventType::LocationStocked | EventType::ClearOutDecommission => "FridgeTasks",
            EventType::InventoryRemoval => "UpdateFridgeStock",
            EventType::VanTemperature => RECORD_TEMPERATURE,
        }
    }
}

/// A drop override changes what happens at a fridge on a date: the
/// Scheduling Fridge Changes group's action (3-planning §6), not a driver's.
pub const DROP_OVERRIDE_ACTION: &str = "AddScheduledEvent";
/// Needed besides the type's action by any action carrying a temperature.
pub const RECORD_TEMPERATURE: &str = "RecordTemperature";

/// Temperatures are °F (2-fleet §4.3 thresholds 38 and 41); a reading outside this is a typo or a broken probe.
pub const MIN_TEMPERATURE_F: f64 = -20.0;
pub const MAX_TEMPERATURE_F: f64 = 120.0;
/// Stocking indexes as the pars rules bound them (1 to 999): `StockingIndex`'s bound.
pub const MAX_STOCKING_INDEX: i64 = fleet_shared::entity::StockingIndex::MAX;
/// Longest free text (reasons, names) a driver action carries.
pub const MAX_TEXT_CHARS: usize = limits::MAX_NAME_CHARS;

/// §4.5: the drop status an override sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum DropStatus {
    Complete,
    #[serde(rename = "Not Delivering")]
    NotDelivering,
}

/// §5 drop override: the reasons offered for each status.
pub const COMPLETE_REASONS: &[&str] = &["Drivers App Tech Issue", "Group Drop", "Warehouse Pickup", "Third-Party Drop"];
pub const NOT_DELIVERING_REASONS: &[&str] = &[
    "No CMS Pick Ticket",
    "Missing Totes",
    "Line Haul Delay",
    "Client Rejected Order",
    "Order was Cancelled but food was made",
    "Fridge Maintenance Issue",
    "FF Delivery Issue",
];

/// §3 drop override action data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DropOverride {
    /// Who submitted the override on the Drop Off Summary (their e-mail).
    pub user_submitted: String,
    pub drop_status: DropStatus,
    pub status_reason: String,
    /// YYYY-MM-DD.
    pub original_drop_off_date: String,
    pub packing_slip_id: String,
}

/// The driver could not reach the stop.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LocationUnreachable {
    pub reason: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stocking_index: Option<i64>,
}

/// The stop's slip is stocked; the fridge temperature read there, if any.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LocationStocked {
    pub stocking_index: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub packing_slip_id: Option<String>,
}

/// A wholesale drop delivered.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DropOffComplete {
    pub stocking_index: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub packing_slip_id: Option<String>,
}

/// A slip scanned at the stop.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PackingSlipQuery {
    pub packing_slip_id: String,
    pub stocking_index: i64,
}

/// The van's temperature at the start of a route.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VanTemperature {
    pub temperature: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route: Option<String>,
}

/// A REMOVAL stop's end: the fridge emptied (InventoryRemoval) or taken out
/// of service (ClearOutDecommission).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Removal {
    pub stocking_index: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The `data` of an action, of the shape its type documents.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum ActionData {
    DropOverride(DropOverride),
    LocationUnreachable(LocationUnreachable),
    LocationStocked(LocationStocked),
    DropOffComplete(DropOffComplete),
    PackingSlipQuery(PackingSlipQuery),
    VanTemperature(VanTemperature),
    InventoryRemoval(Removal),
    ClearOutDecommission(Removal),
}

fn shape<T: DeserializeOwned>(kind: EventType, data: Value) -> Result<T, ApiError> {
    serde_json::from_value(data).map_err(|e| ApiError::bad_request(format!("Invalid data for {}: {e}", kind.name())))
}

fn text(field: &str, value: &str) -> Result<(), ApiError> {
    if value.trim().is_empty() {
        return Err(ApiError::bad_request(format!("{field} cannot be empty")));
    }
    limits::check_len(field, value, MAX_TEXT_CHARS)
}

fn optional_text(field: &str, value: Option<&String>) -> Result<(), ApiError> {
    value.map_or(Ok(()), |v| text(field, v))
}

/// A packing slip id is an order's `uniqueId`, bounded as the order system's
/// ids are (`orders::MAX_ID`), not as free text: every slip can be named.
fn slip_id(value: &str) -> Result<(), ApiError> {
    if value.trim().is_empty() {
        return Err(ApiError::bad_request("packingSlipId cannot be empty"));
    }
    limits::check_len("packingSlipId", value, crate::orders::MAX_ID)
}

fn optional_slip_id(value: Option<&String>) -> Result<(), ApiError> {
    value.map_or(Ok(()), |v| slip_id(v))
}

/// The action data's index, by `StockingIndex`'s rule: the data is checked
/// whole in the handler (a refused action is still logged), not at the edge.
fn stocking_index(value: i64) -> Result<(), ApiError> {
    fleet_shared::entity::StockingIndex::parse("stockingIndex", value).map(|_| ()).map_err(ApiError::BadRequest)
}

fn temperature(value: f64) -> Result<(), ApiError> {
    if (MIN_TEMPERATURE_F..=MAX_TEMPERATURE_F).contains(&value) {
        Ok(())
    } else {
        Err(ApiError::bad_request(format!(
            "temperature must be between {MIN_TEMPERATURE_F} and {MAX_TEMPERATURE_F} (°F)"
        )))
    }
}

impl ActionData {
    /// `data` (AWSJSON: JSON text, or already parsed) read as `kind`'s shape, every field checked.
    pub fn parse(kind: EventType, data: &Value) -> Result<ActionData, ApiError> {
        let value = match data {
            Value::String(s) => serde_json::from_str(s)
                .map_err(|_| ApiError::bad_request(format!("Invalid data for {}: not JSON", kind.name())))?,
            v => v.clone(),
        };
        if !value.is_object() {
            return Err(ApiError::bad_request(format!("Invalid data for {}: a JSON object is expected", kind.name())));
        }
        let parsed = match kind {
            EventType::DropOverride => ActionData::DropOverride(shape(kind, value)?),
            EventType::LocationUnreachable => ActionData::LocationUnreachable(shape(kind, value)?),
            EventType::LocationStocked => ActionData::LocationStocked(shape(kind, value)?),
            EventType::DropOffComplete => ActionData::DropOffComplete(shape(kind, value)?),
            EventType::PackingSlipQuery => ActionData::PackingSlipQuery(shape(kind, value)?),
            EventType::VanTemperature => ActionData::VanTemperature(shape(kind, value)?),
            EventType::InventoryRemoval => ActionData::InventoryRemoval(shape(kind, value)?),
            EventType::ClearOutDecommission => ActionData::ClearOutDecommission(shape(kind, value)?),
        };
        parsed.check()?;
        Ok(parsed)
    }

    /// The rules beyond the shape: bounds, required text, the §5 reasons.
    fn check(&self) -> Result<(), ApiError> {
        match self {
            ActionData::DropOverride(d) => {
                text("userSubmitted", &d.user_submitted)?;
                slip_id(&d.packing_slip_id)?;
                if fleet_shared::entity::StockingDate::of(&d.original_drop_off_date).is_none() {
                    return Err(ApiError::bad_request("originalDropOffDate must be a date (YYYY-MM-DD)"));
                }
                let reasons = match d.drop_status {
                    DropStatus::Complete => COMPLETE_REASONS,
                    DropStatus::NotDelivering => NOT_DELIVERING_REASONS,
                };
                if !reasons.contains(&d.status_reason.as_str()) {
                    return Err(ApiError::bad_request(format!("statusReason must be one of: {}", reasons.join(", "))));
                }
                Ok(())
            }
            ActionData::LocationUnreachable(d) => {
                text("reason", &d.reason)?;
                d.stocking_index.map_or(Ok(()), stocking_index)
            }
            ActionData::LocationStocked(d) => {
                stocking_index(d.stocking_index)?;
                d.temperature.map_or(Ok(()), temperature)?;
                optional_slip_id(d.packing_slip_id.as_ref())
            }
            ActionData::DropOffComplete(d) => {
                stocking_index(d.stocking_index)?;
                optional_slip_id(d.packing_slip_id.as_ref())
            }
            ActionData::PackingSlipQuery(d) => {
                slip_id(&d.packing_slip_id)?;
                stocking_index(d.stocking_index)
            }
            ActionData::VanTemperature(d) => {
                temperature(d.temperature)?;
                optional_text("route", d.route.as_ref())
            }
            ActionData::InventoryRemoval(d) | ActionData::ClearOutDecommission(d) => {
                stocking_index(d.stocking_index)?;
                optional_text("reason", d.reason.as_ref())
            }
        }
    }

    pub fn kind(&self) -> EventType {
        match self {
            ActionData::DropOverride(_) => EventType::DropOverride,
            ActionData::LocationUnreachable(_) => EventType::LocationUnreachable,
            ActionData::LocationStocked(_) => EventType::LocationStocked,
            ActionData::DropOffComplete(_) => EventType::DropOffComplete,
            ActionData::PackingSlipQuery(_) => EventType::PackingSlipQuery,
            ActionData::VanTemperature(_) => EventType::VanTemperature,
            ActionData::InventoryRemoval(_) => EventType::InventoryRemoval,
            ActionData::ClearOutDecommission(_) => EventType::ClearOutDecommission,
        }
    }

    /// The stop's stocking index the action names, if any (a van temperature
    /// and a drop override name none).
    pub fn stocking_index(&self) -> Option<i64> {
        match self {
            ActionData::LocationUnreachable(d) => d.stocking_index,
            ActionData::LocationStocked(d) => Some(d.stocking_index),
            ActionData::DropOffComplete(d) => Some(d.stocking_index),
            ActionData::PackingSlipQuery(d) => Some(d.stocking_index),
            ActionData::InventoryRemoval(d) | ActionData::ClearOutDecommission(d) => Some(d.stocking_index),
            ActionData::DropOverride(_) | ActionData::VanTemperature(_) => None,
        }
    }

    /// Every action the caller must hold to record this: the type's, plus
    /// RecordTemperature when a stop's reading comes with it.
    pub fn required_actions(&self) -> Vec<&'static str> {
        let mut actions = vec![self.kind().action()];
        if let ActionData::LocationStocked(LocationStocked { temperature: Some(_), .. }) = self {
            actions.push(RECORD_TEMPERATURE);
        }
        actions
    }

    /// The rules that need the location (§4.5: a fridge cannot be set to Complete).
    pub fn check_location(&self, location: &Location) -> Result<(), ApiError> {
        match self {
            ActionData::DropOverride(d) if d.drop_status == DropStatus::Complete && location.kind() == FRIDGE => {
                Err(ApiError::bad_request(format!(
                    "A fridge-type location cannot be set to Complete ({})",
                    location.id.as_str()
                )))
            }
            _ => Ok(()),
        }
    }

    /// The data as stored and answered: JSON text of the typed shape.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use serde_json::json;

    /// A valid `data` for each type.
    pub(crate) fn sample(kind: EventType) -> Value {
        match kind {
            EventType::DropOverride => json!({ "userSubmitted": "ops@fleet", "dropStatus": "Not Delivering",
                "statusReason": "Missing Totes", "originalDropOffDate": "2026-11-23", "packingSlipId": "slip-1" }),
            EventType::LocationUnreachable => json!({ "reason": "Gate locked" }),
            EventType::LocationStocked => json!({ "stockingIndex": 1, "temperature": 37.5 }),
            EventType::DropOffComplete => json!({ "stockingIndex": 1 }),
            EventType::PackingSlipQuery => json!({ "packingSlipId": "slip-1", "stockingIndex": 1 }),
            EventType::VanTemperature => json!({ "temperature": 34 }),
            EventType::InventoryRemoval | EventType::ClearOutDecommission => json!({ "stockingIndex": 2 }),
        }
    }

    fn refused(kind: EventType, data: Value) -> String {
        ActionData::parse(kind, &data).unwrap_err().to_string()
    }

    #[test]
    fn every_type_reads_its_documented_shape_as_text_or_parsed() {
        for kind in EventType::ALL {
            let data = ActionData::parse(kind, &sample(kind)).unwrap();
            assert_eq!(data.kind(), kind);
            assert_eq!(ActionData::parse(kind, &Value::String(sample(kind).to_string())).unwrap(), data);
            assert_eq!(EventType::parse(kind.name()).unwrap(), kind);
        }
    }

    #[test]
    fn a_packing_slip_id_is_as_long_as_an_order_id_may_be() {
        let id = |n: usize| json!("s".repeat(n));
        let at_most = format!("packingSlipId must be at most {} characters", crate::orders::MAX_ID);
        for kind in [EventType::PackingSlipQuery, EventType::LocationStocked, EventType::DropOffComplete] {
            let mut ok = sample(kind);
            ok["packingSlipId"] = id(crate::orders::MAX_ID);
            assert!(ActionData::parse(kind, &ok).is_ok(), "{kind:?}");
            ok["packingSlipId"] = id(crate::orders::MAX_ID + 1);
            assert_eq!(refused(kind, ok), at_most, "{kind:?}");
        }
        let mut over = sample(EventType::DropOverride);
        over["packingSlipId"] = id(crate::orders::MAX_ID);
        assert!(ActionData::parse(EventType::DropOverride, &over).is_ok());
        over["packingSlipId"] = json!(" ");
        assert_eq!(refused(EventType::DropOverride, over), "packingSlipId cannot be empty");
    }

    #[test]
    fn an_unknown_type_is_named_with_the_known_ones() {
        let err = EventType::parse("locationstocked").unwrap_err().to_string();
        assert!(err.starts_with("Unknown eventType locationstocked. Known types: DropOverride,"), "{err}");
    }

    #[test]
    fn a_wrong_shape_is_refused_naming_the_field() {
        assert_eq!(
            refused(EventType::LocationStocked, json!({ "temperature": 37 })),
            "Invalid data for LocationStocked: missing field `stockingIndex`"
        );
        assert!(refused(EventType::VanTemperature, json!({ "temperature": 34, "temp": 1 }))
            .starts_with("Invalid data for VanTemperature: unknown field `temp`"));
        assert!(refused(EventType::PackingSlipQuery, json!({ "packingSlipId": 7, "stockingIndex": 1 }))
            .starts_with("Invalid data for PackingSlipQuery: invalid type"));
        assert_eq!(
            refused(EventType::DropOffComplete, json!([1])),
            "Invalid data for DropOffComplete: a JSON object is expected"
        );
        assert_eq!(refused(EventType::DropOffComplete, json!("{")), "Invalid data for DropOffComplete: not JSON");
    }

    #[test]
    fn bounds_text_and_reasons_are_checked() {
        assert_eq!(
            refused(EventType::LocationStocked, json!({ "stockingIndex": 0 })),
            "stockingIndex must be between 1 and 999"
        );
        assert_eq!(
            refused(EventType::VanTemperature, json!({ "temperature": 121 })),
            "temperature must be between -20 and 120 (°F)"
        );
        assert_eq!(refused(EventType::LocationUnreachable, json!({ "reason": " " })), "reason cannot be empty");
        let mut over = sample(EventType::DropOverride);
        over["statusReason"] = json!("Group Drop"); // a Complete reason under Not Delivering
        assert!(refused(EventType::DropOverride, over.clone())
            .starts_with("statusReason must be one of: No CMS Pick Ticket"));
        over["dropStatus"] = json!("Complete");
        assert!(ActionData::parse(EventType::DropOverride, &over).is_ok());
        over["originalDropOffDate"] = json!("11/23/2026");
        assert_eq!(refused(EventType::DropOverride, over), "originalDropOffDate must be a date (YYYY-MM-DD)");
    }

    #[test]
    fn driver_types_need_driver_actions_and_an_override_an_operations_one() {
        let driver = fn_permissions::actions::GROUPS.iter().find(|g| g.name == "Driver").unwrap().actions;
        for kind in EventType::ALL {
            let actions = ActionData::parse(kind, &sample(kind)).unwrap().required_actions();
            assert!(actions.iter().all(|a| fn_permissions::actions::is_known(a)), "{kind:?}: {actions:?}");
            let by_driver = actions.iter().all(|a| driver.contains(a));
            assert_eq!(by_driver, kind != EventType::DropOverride, "{kind:?}: {actions:?}");
        }
        let stocked = |data| ActionData::parse(EventType::LocationStocked, &data).unwrap().required_actions();
        assert_eq!(stocked(json!({ "stockingIndex": 1, "temperature": 37 })), ["FridgeTasks", "RecordTemperature"]);
        assert_eq!(stocked(json!({ "stockingIndex": 1 })), ["FridgeTasks"]);
    }

    #[test]
    fn a_fridge_cannot_be_set_to_complete() {
        let mut over = sample(EventType::DropOverride);
        over["dropStatus"] = json!("Complete");
        over["statusReason"] = json!("Group Drop");
        let complete = ActionData::parse(EventType::DropOverride, &over).unwrap();
        let fridge: Location = serde_json::from_value(json!({ "id": "CHI_1" })).unwrap();
        let wholesale: Location = serde_json::from_value(json!({ "id": "W_1", "type": "WHOLESALE" })).unwrap();
        assert_eq!(
            complete.check_location(&fridge).unwrap_err().to_string(),
            "A fridge-type location cannot be set to Complete (CHI_1)"
        );
        assert!(complete.check_location(&wholesale).is_ok());
        let not_delivering = ActionData::parse(EventType::DropOverride, &sample(EventType::DropOverride)).unwrap();
        assert!(not_delivering.check_location(&fridge).is_ok());
    }
}
