//! Turns requests into stored documents and attribute assignments. Pure: the
//! create form, POST /locations, updateLocation and the scheduler all build
//! their writes here, so every path enforces the same rules.
use crate::attributes::{self, skeleton, Attr};
use crate::create_rules::DEFAULT_LAYOUT;
use crate::input::{CreateForm, Edit, HoursEdit};
use crate::rules::{self, Options, REASON_EMPTY};
use fleet_shared::entity::Location;
use fleet_shared::ApiError;
use serde_json::{json, Map, Value};

/// Where a new location comes from: its defaults differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The create form (§3.1, §5.1): latitude, longitude and layoutName are required of the user
    /// (its 'Default' layout option sends `dummy`); the defaults are §3.1's only.
    Form,
    /// The customer-record import (§9): coordinates, time zone, schedule and price map by state, and
    /// the layout `dummy`, all to be corrected at install.
    Import,
}

/// Defaults of a new location (§3.1), with the import's layout 'dummy' (§9):
/// the template's empty layout would fail the required rule. The form's call
/// drops it again (`Origin::Form`), so its user chooses one.
pub fn base_defaults() -> Map<String, Value> {
    json!({
        "type": "FRIDGE", "accessTo": "Private", "state": "IL", "hours": 1,
        "holidayScreenEnabled": 0, "holidayScreenFridgeSpecific": 0, "percentage": 0, "prod": 0,
        "publicStatus": "OFFLINE", "status": "OFFLINE", "priceMapTemplate": "PMT_STANDARD",
        "fridgeSchema": "MW_STANDARD/latest", "reserve": 0,
        "stockingSchedule": { "Monday": 1, "Tuesday": 1, "Wednesday": 1, "Thursday": 1, "Friday": 1, "Saturday": 0, "Sunday": 0 },
        "stop": 0, "taxRate": 2.25, "vertical": "Office", "timeZone": "CHICAGO", "layoutName": DEFAULT_LAYOUT
    })
    .as_object()
    .cloned()
    .expect("object literal")
}

pub const NORTHEAST: &[&str] = &["NJ", "NY", "PA", "MA", "CT"];

/// Import defaults by state (§9). The spec has coordinates for these states
/// but does not show them: a central point of each state's main market is
/// used, to be corrected at install.
pub fn state_defaults(state: &str) -> Map<String, Value> {
    let mut d = Map::new();
    let coords = match state {
        "NJ" => Some((40.7357, -74.1724)),
        "NY" => Some((40.7128, -74.006)),
        "PA" => Some((39.9526, -75.1652)),
        "MA" => Some((42.3601, -71.0589)),
        "CT" => Some((41.7658, -72.6734)),
        "IL" => Some((41.8781, -87.6298)),
        "WI" => Some((43.0389, -87.9065)),
        "IN" => Some((39.7684, -86.1581)),
        _ => None,
    };
    if let Some((lat, lon)) = coords {
        d.insert("latitude".into(), json!(lat));
        d.insert("longitude".into(), json!(lon));
    }
    if NORTHEAST.contains(&state) {
        d.insert("timeZone".into(), json!("NEWYORK"));
        d.insert("priceMapTemplate".into(), json!("PMT_NE_STANDARD"));
        d.insert(
            "stockingSchedule".into(),
            json!({ "Monday": 1, "Tuesday": 1, "Wednesday": 0, "Thursday": 1, "Friday": 0, "Saturday": 0, "Sunday": 1 }),
        );
    }
    d
}

fn is_empty(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::String(s) => s.trim().is_empty(),
        _ => false,
    }
}

/// Builds a new location from the flat payload: its attributes through the
/// table, and the bookkeeping of a first write.
pub fn new_location(
    origin: Origin,
    payload: &Map<String, Value>,
    options: &Options,
    user: &str,
    now: &str,
) -> Result<Location, String> {
    let given: Map<String, Value> =
        payload.iter().filter(|(_, v)| !is_empty(v)).map(|(k, v)| (k.clone(), v.clone())).collect();
    // The state picks the defaults, so it is checked before them.
    let state = CreateForm::of(&given).state.0;
    if let Some(state) = &state {
        if !attributes::STATES.contains(&state.as_str()) {
            return Err(format!("Unknown state {state}"));
        }
    }
    let mut merged = base_defaults();
    match origin {
        Origin::Import => merged.extend(state_defaults(state.as_deref().unwrap_or("IL"))),
        // §3.1 lists the form's layoutName as empty and required: the user chooses it.
        Origin::Form => {
            merged.remove("layoutName");
        }
    }
    merged.extend(given);

    crate::create_rules::check_create(&merged)?;
    let form = CreateForm::of(&merged);
    let week = rules::check_create_hours(&form.hours)?;

    let id = form.id().map_err(|e| e.to_string())?;
    let mut location = skeleton(&id);
    for (k, v) in &merged {
        if rules::is_create_only_field(k) {
            continue;
        }
        let attr = rules::attr_for_create(k).ok_or_else(|| format!("Unknown field {k}"))?;
        let value = rules::check_value(attr, v, options)?;
        attr.set(&mut location, value)?;
    }
    attributes::named(HOURS).set(&mut location, json!(rules::summary(&week)))?;
    attributes::named(WORK_HOURS).set(&mut location, rules::work_hours_json(&week))?;
    location.version = Some(1);
    location.created_at = Some(now.to_string());
    location.last_modified = Some(now.to_string());
    location.last_modified_by = Some(user.to_string());
    Ok(location)
}

/// The location as an update leaves it: the plan applied as the store's
/// update applies it (`Null` removes), with the bookkeeping every update
/// records (the version after `current`'s, when and by whom).
pub fn updated(current: &Location, plan: &[Assign], user: &str, now: &str) -> Result<Location, ApiError> {
    let mut next = current.clone();
    for a in plan {
        match a {
            Assign::Set(attr, value) => attr.set(&mut next, value.clone()).map_err(ApiError::internal)?,
            Assign::Reason { attribute, reason } => {
                next.update_reason.get_or_insert_with(Default::default).insert(attribute.clone(), reason.clone());
            }
        }
    }
    next.version = Some(current.version.unwrap_or(0) + 1);
    next.last_modified = Some(now.to_string());
    next.last_modified_by = Some(user.to_string());
    Ok(next)
}

/// One assignment of an update: an attribute's new value (`Null` removes
/// it), or the reason given for an attribute's change.
#[derive(Debug, Clone)]
pub enum Assign {
    Set(&'static Attr, Value),
    Reason { attribute: String, reason: String },
}

impl Assign {
    /// Where DynamoDB keeps it, for the update expression.
    pub fn stored_at(&self) -> Vec<&str> {
        match self {
            Assign::Set(attr, _) => attr.stored_at.to_vec(),
            Assign::Reason { attribute, .. } => vec!["updateReason", attribute.as_str()],
        }
    }

    /// The value stored there (`Null` removes).
    pub fn value(&self) -> Value {
        match self {
            Assign::Set(_, value) => value.clone(),
            Assign::Reason { reason, .. } => json!(reason),
        }
    }
}

/// Two assignments are the same when they set the same attribute to the same value.
impl PartialEq for Assign {
    fn eq(&self, other: &Self) -> bool {
        self.stored_at() == other.stored_at() && self.value() == other.value()
    }
}

/// Sets a flat attribute of the table to `value`.
pub fn set(attribute: &str, value: Value) -> Assign {
    Assign::Set(attributes::named(attribute), value)
}

const ADDRESS: &[&str] = &["street", "city", "state", "zipCode"];
/// Changes to these need a reason (§4).
pub const NEEDS_REASON: &[&str] = &["prod", "reserve"];
pub use crate::input::{HOURS, WORK_HOURS};

/// Plans an update of an existing location from an edit (`{attribute:
/// value, ..., updateReason?: {attribute: reason}, is24Hours?, workHours?}`).
pub fn update(current: &Location, edit: &Edit, options: &Options) -> Result<Vec<Assign>, String> {
    let reasons = edit.reasons()?;
    let fields = edit.fields();
    let mut plan = Vec::new();
    let touches_address = ADDRESS.iter().any(|a| fields.contains_key(*a));
    for (k, v) in &fields {
        let attr = attributes::find(k).ok_or_else(|| format!("Unknown attribute {k}"))?;
        if !attr.editable {
            return Err(format!("{k} cannot be edited"));
        }
        let value = rules::check_value(attr, v, options)?;
        if NEEDS_REASON.contains(&k.as_str()) && attr.get(current) != Some(value.clone()) {
            let reason = reasons.get(k).and_then(rules::text_of);
            if reason.is_none() {
                return Err(REASON_EMPTY.into());
            }
        }
        plan.push(Assign::Set(attr, value));
    }
    if touches_address {
        for field in ADDRESS {
            if fields.get(*field).is_none_or(is_empty) {
                return Err(format!("{field} cannot be empty"));
            }
        }
    }
    if let Some(is_24_hours) = &edit.is_24_hours {
        let hours = HoursEdit::from_fields(is_24_hours, edit.work_hours.as_ref());
        let week = rules::check_hours(current.id.as_str(), &hours)?;
        plan.push(set(HOURS, json!(rules::summary(&week))));
        plan.push(set(WORK_HOURS, rules::work_hours_json(&week)));
    }
    for (attr, reason) in &reasons {
        if attributes::find(attr).is_none() {
            return Err(format!("Unknown attribute {attr}"));
        }
        let reason = rules::text_of(reason).ok_or(REASON_EMPTY)?;
        plan.push(Assign::Reason { attribute: attr.clone(), reason });
    }
    if plan.is_empty() {
        return Err("Nothing to update".into());
    }
    Ok(plan)
}

/// Adds a scheduled change to the edit it stands for: `address` and `hours`
/// may carry objects (`{street..}`, `{is24Hours, workHours}`); a scheduled
/// `workHours` stands for the hours editor's output, and a `hours` summary
/// text beside it is derived again from it; every other attribute its value.
pub fn change_as_input(attribute: &str, value: &Value, into: &mut Edit) -> Result<(), String> {
    match attribute {
        HOURS if value.is_string() => {}
        WORK_HOURS => {
            into.is_24_hours.get_or_insert(json!(false));
            into.work_hours = Some(value.clone());
        }
        "address" | HOURS => {
            let fields = value.as_object().ok_or_else(|| format!("{attribute} change must be an object"))?;
            into.merge(Edit::of(fields.clone())?);
        }
        "updateReason" => into.add_reasons(value)?,
        other => into.merge(Edit::of(Map::from_iter([(other.to_string(), value.clone())]))?),
    }
    Ok(())
}

/// Attributes a scheduled change may name. Address fields are scheduled
/// together (one change each, same time) and validated as a group.
pub fn is_schedulable(attribute: &str) -> bool {
    matches!(attribute, "address" | "hours" | "updateReason") || attributes::find(attribute).is_some_and(|a| a.editable)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> Options {
        Options::from_lists(vec!["L1".into()], vec![], vec![])
    }

    fn form() -> Map<String, Value> {
        json!({ "id": "CHI_9", "street": "1 Main St", "city": "Chicago", "zipCode": "60601", "directions": "Lobby",
                "latitude": "41.88", "longitude": "-87.63", "prettyName": "Main St Lobby", "onlineDate": "2026-12-01",
                "layoutName": "L1", "route": "", "percentage": "" })
        .as_object()
        .cloned()
        .unwrap()
    }

    fn edit(v: Value) -> Edit {
        Edit::of(v.as_object().cloned().unwrap()).unwrap()
    }

    fn flat(location: &Location) -> Value {
        Value::Object(attributes::LocationView::of(location).flat())
    }

    #[test]
    fn new_location_merges_defaults_and_drops_empty_fields() {
        let location = new_location(Origin::Form, &form(), &opts(), "ops@x", "2026-11-21T00:00:00Z").unwrap();
        let flat = flat(&location);
        assert_eq!(flat["taxRate"], 2.25);
        assert_eq!(flat["status"], "OFFLINE");
        assert_eq!(flat["hours"], "24 Hours");
        assert_eq!(flat["priceMapTemplate"], "PMT_STANDARD");
        assert_eq!(flat["percentage"].as_f64(), Some(0.0));
        assert_eq!(flat["type"], "FRIDGE");
        assert!(flat.get("route").is_none());
        // The bookkeeping of a first write, as typed fields.
        assert_eq!(
            (
                location.id.as_str(),
                location.version,
                location.created_at.as_deref(),
                location.last_modified_by.as_deref()
            ),
            ("CHI_9", Some(1), Some("2026-11-21T00:00:00Z"), Some("ops@x"))
        );
        assert_eq!(location.last_modified, location.created_at);
    }

    #[test]
    fn northeast_states_get_their_import_defaults() {
        let mut p = form();
        p.insert("state".into(), json!("NY"));
        p.remove("latitude");
        p.remove("longitude");
        let flat = flat(&new_location(Origin::Import, &p, &opts(), "u", "t").unwrap());
        assert_eq!(flat["timeZone"], "NEWYORK");
        assert_eq!(flat["priceMapTemplate"], "PMT_NE_STANDARD");
        assert_eq!(flat["latitude"], 40.7128);
        let sched: Value = serde_json::from_str(flat["stockingSchedule"].as_str().unwrap()).unwrap();
        assert_eq!(
            (sched["Sunday"].as_i64(), sched["Wednesday"].as_i64(), sched["Friday"].as_i64()),
            (Some(1), Some(0), Some(0))
        );
    }

    #[test]
    fn the_form_gets_no_import_defaults_its_coordinates_and_layout_are_required() {
        for (field, message) in [
            ("latitude", "latitude cannot be empty"),
            ("longitude", "longitude cannot be empty"),
            ("layoutName", "layoutName cannot be empty"),
        ] {
            for state in ["IL", "NY"] {
                let mut p = form();
                p.insert("state".into(), json!(state));
                p.insert(field.into(), json!(""));
                assert_eq!(new_location(Origin::Form, &p, &opts(), "u", "t").unwrap_err(), message, "{state}");
                // The import fills them in (§9).
                assert!(new_location(Origin::Import, &p, &opts(), "u", "t").is_ok(), "{field} {state}");
            }
        }
        // A form's Northeast location keeps §3.1's defaults: the browser applies §5.1's NEWYORK rule.
        let mut p = form();
        p.insert("state".into(), json!("NY"));
        let flat = flat(&new_location(Origin::Form, &p, &opts(), "u", "t").unwrap());
        assert_eq!(
            (flat["timeZone"].as_str(), flat["priceMapTemplate"].as_str()),
            (Some("CHICAGO"), Some("PMT_STANDARD"))
        );
    }

    #[test]
    fn create_rejects_with_the_first_rule_broken() {
        let mut p = form();
        p.remove("directions");
        assert_eq!(new_location(Origin::Form, &p, &opts(), "u", "t").unwrap_err(), "directions cannot be empty");
        let mut p = form();
        p.insert("state".into(), json!("ZZ"));
        assert_eq!(new_location(Origin::Form, &p, &opts(), "u", "t").unwrap_err(), "Unknown state ZZ");
        let mut p = form();
        p.insert("layoutName".into(), json!("Nope"));
        assert_eq!(new_location(Origin::Form, &p, &opts(), "u", "t").unwrap_err(), rules::INVALID_OPTION);
        // §3.1: INDIANAPOLIS is the detail screen's only; a new location takes one of the other four.
        let mut p = form();
        p.insert("timeZone".into(), json!("INDIANAPOLIS"));
        assert_eq!(new_location(Origin::Form, &p, &opts(), "u", "t").unwrap_err(), rules::INVALID_OPTION);
        for zone in ["CHICAGO", "NEWYORK", "DENVER", "LOSANGELES"] {
            p.insert("timeZone".into(), json!(zone));
            assert!(new_location(Origin::Form, &p, &opts(), "u", "t").is_ok(), "{zone}");
        }
    }

    #[test]
    fn allocation_needs_a_reason_only_when_it_changes() {
        let current = new_location(Origin::Form, &form(), &opts(), "u", "t").unwrap();
        assert_eq!(update(&current, &edit(json!({"prod": 1})), &opts()).unwrap_err(), REASON_EMPTY);
        assert_eq!(
            update(&current, &edit(json!({"prod": 1, "updateReason": {"prod": " "}})), &opts()).unwrap_err(),
            REASON_EMPTY
        );
        let plan =
            update(&current, &edit(json!({"prod": 1, "updateReason": {"prod": "First Stocking"}})), &opts()).unwrap();
        assert!(plan.contains(&Assign::Reason { attribute: "prod".into(), reason: "First Stocking".into() }));
        assert!(update(&current, &edit(json!({"prod": 0})), &opts()).is_ok());
        // As JSON text too; any other shape is refused.
        assert!(update(&current, &edit(json!({"prod": 1, "updateReason": "{\"prod\": \"x\"}"})), &opts()).is_ok());
        assert_eq!(
            update(&current, &edit(json!({"prod": 1, "updateReason": 5})), &opts()).unwrap_err(),
            "updateReason must map attributes to reasons"
        );
    }

    #[test]
    fn address_saves_all_four_fields() {
        let current = new_location(Origin::Form, &form(), &opts(), "u", "t").unwrap();
        let input = edit(json!({"street": "2 Main", "city": "", "state": "IL", "zipCode": "60601"}));
        assert_eq!(update(&current, &input, &opts()).unwrap_err(), "city cannot be empty");
        let input = edit(json!({"street": "2 Main"}));
        assert_eq!(update(&current, &input, &opts()).unwrap_err(), "city cannot be empty");
    }

    #[test]
    fn scheduled_hours_pair_recomputes_the_summary() {
        let current = new_location(Origin::Form, &form(), &opts(), "u", "t").unwrap();
        let mut input = Edit::default();
        change_as_input("hours", &json!("Mon 08:00 to 17:00; "), &mut input).unwrap();
        change_as_input("workHours", &json!({"Monday": [["08:00", "17:00"]]}), &mut input).unwrap();
        let plan = update(&current, &input, &opts()).unwrap();
        assert!(plan.contains(&set(HOURS, json!("Mon 08:00 to 17:00; "))));
        // An hours object is the editor's output; the editor's messages apply.
        let mut input = Edit::default();
        change_as_input("hours", &json!({"is24Hours": "yes"}), &mut input).unwrap();
        assert_eq!(update(&current, &input, &opts()).unwrap_err(), "Choose 24 hours(Yes/No) for CHI_9");
        assert_eq!(change_as_input("hours", &json!(7), &mut input).unwrap_err(), "hours change must be an object");
    }

    #[test]
    fn the_hours_are_written_by_the_editor_only() {
        let current = new_location(Origin::Form, &form(), &opts(), "u", "t").unwrap();
        let refused = update(&current, &edit(json!({"workHours": {"Monday": [["08:00", "17:00"]]}})), &opts());
        assert_eq!(refused.unwrap_err(), "workHours is set with the hours editor");
        let plan = update(&current, &edit(json!({"is24Hours": true, "hours": "x"})), &opts()).unwrap();
        assert_eq!(
            plan,
            vec![set(HOURS, json!("24 Hours")), set(WORK_HOURS, rules::work_hours_json(&rules::all_day_week()))]
        );
    }

    #[test]
    fn an_update_leaves_the_location_as_the_store_does() {
        let current = new_location(Origin::Form, &form(), &opts(), "u", "t0").unwrap();
        let plan = [set("route", json!("r1")), set("directions", Value::Null)];
        let next = updated(&current, &plan, "lee@x.co", "t1").unwrap();
        assert_eq!((next.route(), next.version), (Some("r1"), Some(2)));
        assert_eq!((next.last_modified.as_deref(), next.last_modified_by.as_deref()), (Some("t1"), Some("lee@x.co")));
        assert_eq!(next.created_at.as_deref(), Some("t0"));
        assert!(flat(&next).get("directions").is_none(), "Null removes");
    }

    #[test]
    fn read_only_and_unknown_attributes_are_refused() {
        let current = new_location(Origin::Form, &form(), &opts(), "u", "t").unwrap();
        assert_eq!(
            update(&current, &edit(json!({"prettyName": "x"})), &opts()).unwrap_err(),
            "prettyName cannot be edited"
        );
        assert_eq!(update(&current, &edit(json!({"colour": "x"})), &opts()).unwrap_err(), "Unknown attribute colour");
    }
}
