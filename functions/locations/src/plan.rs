//! Turns requests into stored documents and attribute assignments. Pure: the
//! create form, POST /locations, updateLocation and the scheduler all build
//! their writes here, so every path enforces the same rules.
use crate::attributes::{self, get_path, set_path, skeleton};
use crate::rules::{self, Options, REASON_EMPTY};
use serde_json::{json, Map, Value};

/// Defaults of a new location (§3.1). The older template's empty layout
/// would fail the required rule, so the import default 'dummy' is used.
pub fn base_defaults() -> Map<String, Value> {
    json!({
        "type": "FRIDGE", "accessTo": "Private", "state": "IL", "hours": 1,
        "holidayScreenEnabled": 0, "holidayScreenFridgeSpecific": 0, "percentage": 0, "prod": 0,
        "publicStatus": "OFFLINE", "status": "OFFLINE", "priceMapTemplate": "PMT_STANDARD",
        "fridgeSchema": "MW_STANDARD/latest", "reserve": 0,
        "stockingSchedule": { "Monday": 1, "Tuesday": 1, "Wednesday": 1, "Thursday": 1, "Friday": 1, "Saturday": 0, "Sunday": 0 },
        "stop": 0, "taxRate": 2.25, "vertical": "Office", "timeZone": "CHICAGO", "layoutName": "dummy"
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

/// Builds the stored document of a new location from the flat payload.
pub fn new_location(payload: &Map<String, Value>, options: &Options, user: &str, now: &str) -> Result<Value, String> {
    let given: Map<String, Value> =
        payload.iter().filter(|(_, v)| !is_empty(v)).map(|(k, v)| (k.clone(), v.clone())).collect();
    if let Some(state) = given.get("state").and_then(rules::text_of) {
        if !attributes::STATES.contains(&state.as_str()) {
            return Err(format!("Unknown state {state}"));
        }
    }
    let state = given.get("state").and_then(rules::text_of).unwrap_or_else(|| "IL".into());
    let mut merged = base_defaults();
    merged.extend(state_defaults(&state));
    merged.extend(given);

    crate::create_rules::check_create(&merged)?;
    let week = rules::check_create_hours(&merged)?;

    let id = rules::text_of(&merged["id"]).expect("required above");
    let mut doc = skeleton();
    doc["id"] = json!(id);
    for (k, v) in &merged {
        if rules::is_create_only_field(k) {
            continue;
        }
        let attr = rules::attr_for_create(k).ok_or_else(|| format!("Unknown field {k}"))?;
        let value = rules::check_value(attr, v, options)?;
        if !value.is_null() {
            set_path(&mut doc, attr.path, value);
        }
    }
    set_path(&mut doc, attributes::path_of("hours"), json!(rules::summary(&week)));
    set_path(&mut doc, attributes::path_of("workHours"), rules::work_hours_json(&week));
    doc["lastModified"] = json!(now);
    doc["lastModifiedBy"] = json!(user);
    doc["createdAt"] = json!(now);
    doc["version"] = json!(1);
    Ok(doc)
}

/// Applies a plan to a document as the store's update does: `Null` removes.
pub fn apply(doc: &mut Value, plan: &[Assign]) {
    for a in plan {
        let path: Vec<&str> = a.path.iter().map(String::as_str).collect();
        if a.value.is_null() {
            let (last, parent) = path.split_last().expect("paths are not empty");
            if let Some(Value::Object(m)) = attributes::get_path_mut(doc, parent) {
                m.remove(*last);
            }
        } else {
            set_path(doc, &path, a.value.clone());
        }
    }
}

/// One assignment of an update: the stored path and its new value (`Null` removes it).
#[derive(Debug, Clone, PartialEq)]
pub struct Assign {
    pub path: Vec<String>,
    pub value: Value,
}

fn assign(path: &[&str], value: Value) -> Assign {
    Assign { path: path.iter().map(|s| s.to_string()).collect(), value }
}

/// Sets a flat attribute of the table (its stored path) to `value`.
pub fn set(attribute: &str, value: Value) -> Assign {
    assign(attributes::path_of(attribute), value)
}

const ADDRESS: &[&str] = &["street", "city", "state", "zipCode"];
/// Changes to these need a reason (§4).
pub const NEEDS_REASON: &[&str] = &["prod", "reserve"];

/// Plans an update of an existing location from `{attribute: value, ...,
/// updateReason?: {attribute: reason}, is24Hours?, workHours?}`.
pub fn update(current: &Value, input: &Map<String, Value>, options: &Options) -> Result<Vec<Assign>, String> {
    let id = current.get("id").and_then(Value::as_str).unwrap_or_default();
    let reasons = match input.get("updateReason") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(m)) => m.clone(),
        Some(Value::String(s)) => {
            serde_json::from_str(s).map_err(|_| "updateReason must map attributes to reasons".to_string())?
        }
        Some(_) => return Err("updateReason must map attributes to reasons".into()),
    };
    let mut plan = Vec::new();
    let touches_address = ADDRESS.iter().any(|a| input.contains_key(*a));
    for (k, v) in input {
        match k.as_str() {
            "id" | "updateReason" | "is24Hours" => continue,
            "hours" | "workHours" if input.contains_key("is24Hours") => continue,
            _ => {}
        }
        let attr = attributes::find(k).ok_or_else(|| format!("Unknown attribute {k}"))?;
        if !attr.editable {
            return Err(format!("{k} cannot be edited"));
        }
        let value = rules::check_value(attr, v, options)?;
        if NEEDS_REASON.contains(&k.as_str()) && get_path(current, attr.path) != Some(&value) {
            let reason = reasons.get(k).and_then(rules::text_of);
            if reason.is_none() {
                return Err(REASON_EMPTY.into());
            }
        }
        plan.push(assign(attr.path, value));
    }
    if touches_address {
        for field in ADDRESS {
            if input.get(*field).is_none_or(is_empty) {
                return Err(format!("{field} cannot be empty"));
            }
        }
    }
    if input.contains_key("is24Hours") {
        let week = rules::check_hours_edit(
            id,
            &json!({ "is24Hours": input["is24Hours"], "workHours": input.get("workHours") }),
        )?;
        plan.push(set("hours", json!(rules::summary(&week))));
        plan.push(set("workHours", rules::work_hours_json(&week)));
    }
    for (attr, reason) in &reasons {
        if attributes::find(attr).is_none() {
            return Err(format!("Unknown attribute {attr}"));
        }
        let reason = rules::text_of(reason).ok_or(REASON_EMPTY)?;
        plan.push(Assign { path: vec!["updateReason".into(), attr.clone()], value: json!(reason) });
    }
    if plan.is_empty() {
        return Err("Nothing to update".into());
    }
    Ok(plan)
}

/// The update input a scheduled change stands for: `address` and `hours`
/// may carry objects (`{street..}`, `{is24Hours, workHours}`); a scheduled
/// `workHours` stands for the hours editor's output, and a `hours` summary
/// text beside it is derived again from it; every other attribute its value.
pub fn change_as_input(attribute: &str, value: &Value, into: &mut Map<String, Value>) -> Result<(), String> {
    match attribute {
        "hours" if value.is_string() => {}
        "workHours" => {
            into.entry("is24Hours").or_insert(json!(false));
            into.insert("workHours".into(), value.clone());
        }
        "address" | "hours" => {
            let obj = value.as_object().ok_or_else(|| format!("{attribute} change must be an object"))?;
            into.extend(obj.clone());
        }
        "updateReason" => {
            let mut reasons = into.get("updateReason").and_then(Value::as_object).cloned().unwrap_or_default();
            reasons.extend(value.as_object().ok_or("updateReason must map attributes to reasons")?.clone());
            into.insert("updateReason".into(), Value::Object(reasons));
        }
        other => {
            into.insert(other.into(), value.clone());
        }
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

    #[test]
    fn new_location_merges_defaults_and_drops_empty_fields() {
        let doc = new_location(&form(), &opts(), "ops@x", "2026-11-21T00:00:00Z").unwrap();
        let flat = attributes::flatten(&doc);
        assert_eq!(flat["taxRate"], 2.25);
        assert_eq!(flat["status"], "OFFLINE");
        assert_eq!(flat["hours"], "24 Hours");
        assert_eq!(flat["priceMapTemplate"], "PMT_STANDARD");
        assert_eq!(flat["percentage"].as_f64(), Some(0.0));
        assert_eq!(flat["type"], "FRIDGE");
        assert!(flat.get("route").is_none());
    }

    #[test]
    fn northeast_states_get_their_import_defaults() {
        let mut p = form();
        p.insert("state".into(), json!("NY"));
        p.remove("latitude");
        p.remove("longitude");
        let flat = attributes::flatten(&new_location(&p, &opts(), "u", "t").unwrap());
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
    fn create_rejects_with_the_first_rule_broken() {
        let mut p = form();
        p.remove("directions");
        assert_eq!(new_location(&p, &opts(), "u", "t").unwrap_err(), "directions cannot be empty");
        let mut p = form();
        p.insert("state".into(), json!("ZZ"));
        assert_eq!(new_location(&p, &opts(), "u", "t").unwrap_err(), "Unknown state ZZ");
        let mut p = form();
        p.insert("layoutName".into(), json!("Nope"));
        assert_eq!(new_location(&p, &opts(), "u", "t").unwrap_err(), rules::INVALID_OPTION);
    }

    #[test]
    fn allocation_needs_a_reason_only_when_it_changes() {
        let current = new_location(&form(), &opts(), "u", "t").unwrap();
        let input = |v: Value| v.as_object().cloned().unwrap();
        assert_eq!(update(&current, &input(json!({"prod": 1})), &opts()).unwrap_err(), REASON_EMPTY);
        assert_eq!(
            update(&current, &input(json!({"prod": 1, "updateReason": {"prod": " "}})), &opts()).unwrap_err(),
            REASON_EMPTY
        );
        let plan =
            update(&current, &input(json!({"prod": 1, "updateReason": {"prod": "First Stocking"}})), &opts()).unwrap();
        assert!(
            plan.contains(&Assign { path: vec!["updateReason".into(), "prod".into()], value: json!("First Stocking") })
        );
        assert!(update(&current, &input(json!({"prod": 0})), &opts()).is_ok());
    }

    #[test]
    fn address_saves_all_four_fields() {
        let current = new_location(&form(), &opts(), "u", "t").unwrap();
        let input =
            json!({"street": "2 Main", "city": "", "state": "IL", "zipCode": "60601"}).as_object().cloned().unwrap();
        assert_eq!(update(&current, &input, &opts()).unwrap_err(), "city cannot be empty");
        let input = json!({"street": "2 Main"}).as_object().cloned().unwrap();
        assert_eq!(update(&current, &input, &opts()).unwrap_err(), "city cannot be empty");
    }

    #[test]
    fn scheduled_hours_pair_recomputes_the_summary() {
        let current = new_location(&form(), &opts(), "u", "t").unwrap();
        let mut input = Map::new();
        change_as_input("hours", &json!("Mon 08:00 to 17:00; "), &mut input).unwrap();
        change_as_input("workHours", &json!({"Monday": [["08:00", "17:00"]]}), &mut input).unwrap();
        let plan = update(&current, &input, &opts()).unwrap();
        assert!(plan.contains(&assign(&["locationConfigs", "hours"], json!("Mon 08:00 to 17:00; "))));
    }

    #[test]
    fn read_only_and_unknown_attributes_are_refused() {
        let current = new_location(&form(), &opts(), "u", "t").unwrap();
        let input = json!({"prettyName": "x"}).as_object().cloned().unwrap();
        assert_eq!(update(&current, &input, &opts()).unwrap_err(), "prettyName cannot be edited");
        let input = json!({"colour": "x"}).as_object().cloned().unwrap();
        assert_eq!(update(&current, &input, &opts()).unwrap_err(), "Unknown attribute colour");
    }
}
