//! Software pilots: a named group of fridges trying a version. Every rule is
//! checked here, with its message, before anything is written.
use chrono::NaiveDate;
use fleet_shared::entity::LocationId;
use fleet_shared::{limits, ApiError};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The spec's message when a pilot cannot be saved and the store gave none.
pub const PUT_FAILED: &str = "The PutItem operation failed in the lambda function.";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pilot {
    pub id: String,
    pub fridge_ids: Vec<LocationId>,
    pub display_name: String,
    pub stage: i64,
    pub start_date: String,
    pub end_date: String,
    pub description: String,
    pub active: bool,
    /// Counts the saves: an edit names the one it loaded (0 for pilots saved before versions).
    #[serde(default)]
    pub version: i64,
}

/// A save: the pilot as it will be stored, and the version the editor
/// loaded (None: a new pilot).
#[derive(Debug, Clone, PartialEq)]
pub struct Save {
    pub pilot: Pilot,
    pub loaded: Option<i64>,
}

/// Highest version an edit may name (GraphQL `Int` is 32-bit).
pub const MAX_VERSION: i64 = i32::MAX as i64 - 1;

/// The 409s of a save that would replace what the editor did not load.
pub fn already_exists(id: &str) -> ApiError {
    ApiError::Conflict(format!("Pilot {id} already exists. Load it to edit it, or choose another Pilot ID."))
}
pub fn changed_since_loaded(id: &str) -> ApiError {
    ApiError::Conflict(format!("Pilot {id} was changed by someone else since you loaded it. Reload it and try again."))
}
pub fn no_longer_exists(id: &str) -> ApiError {
    ApiError::Conflict(format!("Pilot {id} no longer exists. Reload the pilots and try again."))
}

/// What a save does given the stored pilot: write, answer a retry of a save
/// that already landed (the stored pilot is exactly this one), or refuse.
#[derive(Debug, PartialEq)]
pub enum Verdict {
    Write,
    Replay,
}

pub fn check(save: &Save, stored: Option<&Pilot>) -> Result<Verdict, ApiError> {
    if stored == Some(&save.pilot) {
        return Ok(Verdict::Replay);
    }
    match (save.loaded, stored) {
        (None, None) => Ok(Verdict::Write),
        (None, Some(_)) => Err(already_exists(&save.pilot.id)),
        (Some(_), None) => Err(no_longer_exists(&save.pilot.id)),
        (Some(loaded), Some(p)) if p.version == loaded => Ok(Verdict::Write),
        (Some(_), Some(_)) => Err(changed_since_loaded(&save.pilot.id)),
    }
}

/// `putFridgeSoftwarePilot`'s `input`, as sent: every rule, with its message,
/// is checked by `parse` (text fields may come as numbers, as IDs do).
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PilotInput {
    #[serde(default)]
    pub id: Option<Scalar>,
    #[serde(default)]
    pub fridge_ids: Option<Vec<String>>,
    #[serde(default)]
    pub display_name: Option<Scalar>,
    #[serde(default)]
    pub stage: Option<Scalar>,
    #[serde(default)]
    pub start_date: Option<Scalar>,
    #[serde(default)]
    pub end_date: Option<Scalar>,
    #[serde(default)]
    pub description: Option<Scalar>,
    #[serde(default)]
    pub active: Option<bool>,
    /// The version loaded: absent or null for a new pilot.
    #[serde(default)]
    pub version: Option<Scalar>,
}

/// A field sent as text or as a number.
#[derive(Debug, Clone, PartialEq, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Scalar {
    Text(String),
    Number(serde_json::Number),
}

impl Scalar {
    fn text(&self) -> String {
        match self {
            Scalar::Text(s) => s.trim().to_string(),
            Scalar::Number(n) => n.to_string(),
        }
    }
}

fn text(value: Option<&Scalar>, label: &str, max: usize) -> Result<String, ApiError> {
    let value = value.map(Scalar::text).unwrap_or_default();
    if value.is_empty() {
        return Err(ApiError::bad_request(REQUIRED.replace("{label}", label)));
    }
    limits::check_len(label, &value, max)?;
    Ok(value)
}

/// The pilot editor's messages; `{label}` is the field's label.
pub const REQUIRED: &str = "{label} is required.";
pub const STAGE_NOT_INTEGER: &str = "Pilot Stage must be an integer.";
pub const INVALID_DATE: &str = "{label} must be a valid date (YYYY-MM-DD).";
pub const END_BEFORE_START: &str = "End Date cannot be before Start Date.";

/// The pilot editor's messages as the browser reads them from rules.json.
pub fn export() -> Value {
    serde_json::json!({
        "required": REQUIRED, "stageNotInteger": STAGE_NOT_INTEGER,
        "invalidDate": INVALID_DATE, "endBeforeStart": END_BEFORE_START,
    })
}

fn date(value: Option<&Scalar>, label: &str) -> Result<NaiveDate, ApiError> {
    let raw = text(value, label, 10)?;
    fleet_shared::entity::StockingDate::of(&raw)
        .map(|d| d.date())
        .ok_or_else(|| ApiError::bad_request(INVALID_DATE.replace("{label}", label)))
}

/// The version the editor loaded: absent or null for a new pilot.
fn loaded(version: Option<&Scalar>) -> Result<Option<i64>, ApiError> {
    match version {
        None => Ok(None),
        Some(v) => {
            let whole = match v {
                Scalar::Number(n) => n.as_i64().filter(|n| (0..=MAX_VERSION).contains(n)),
                Scalar::Text(_) => None,
            };
            whole.map(Some).ok_or_else(|| {
                ApiError::bad_request("Pilot version must be the whole number the pilot was loaded with.")
            })
        }
    }
}

/// Parses and checks a save from `putFridgeSoftwarePilot`'s input.
pub fn parse(input: &PilotInput) -> Result<Save, ApiError> {
    let loaded = loaded(input.version.as_ref())?;
    let mut pilot = parse_pilot(input)?;
    // In range: `loaded` is at most MAX_VERSION.
    pilot.version = loaded.map_or(1, |v| v + 1);
    Ok(Save { pilot, loaded })
}

fn parse_pilot(input: &PilotInput) -> Result<Pilot, ApiError> {
    let id = text(input.id.as_ref(), "Pilot ID", limits::MAX_ID_CHARS)?;
    let display_name = text(input.display_name.as_ref(), "Display Name", limits::MAX_NAME_CHARS)?;
    let stage = match &input.stage {
        Some(Scalar::Number(n)) => n.as_i64(),
        Some(Scalar::Text(s)) => s.trim().parse::<i64>().ok(),
        None => None,
    }
    .ok_or_else(|| ApiError::bad_request(STAGE_NOT_INTEGER))?;
    let start = date(input.start_date.as_ref(), "Start Date")?;
    let end = date(input.end_date.as_ref(), "End Date")?;
    if end < start {
        return Err(ApiError::bad_request(END_BEFORE_START));
    }
    let description = text(input.description.as_ref(), "Description", limits::MAX_TEXT_CHARS)?;
    let fridge_ids = fridge_ids(input.fridge_ids.as_deref().unwrap_or_default())?;
    Ok(Pilot {
        id,
        fridge_ids,
        display_name,
        stage,
        start_date: start.format("%Y-%m-%d").to_string(),
        end_date: end.format("%Y-%m-%d").to_string(),
        description,
        active: input.active.unwrap_or(true),
        version: 0,
    })
}

/// Most fridges one call may name (the whole fleet).
pub const MAX_FRIDGES: usize = 5_000;

/// A list of fridge ids: trimmed, de-duplicated, at least one.
pub fn fridge_ids(raw: &[String]) -> Result<Vec<LocationId>, ApiError> {
    let mut ids: Vec<String> = raw.iter().map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    ids.sort();
    ids.dedup();
    if ids.is_empty() {
        return Err(ApiError::bad_request("Select at least one fridge."));
    }
    limits::check_count("fridges", ids.len(), MAX_FRIDGES)?;
    ids.iter().map(|id| LocationId::parse("Fridge ID", id)).collect()
}

/// Parses `input` as the edge does, then checks it (the tests' way in).
#[cfg(test)]
pub(crate) fn parse_json(input: &Value) -> Result<Save, ApiError> {
    let args = fleet_shared::Input { args: input.clone(), ..Default::default() };
    parse(&fleet_shared::contract::request(&args)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn valid() -> Value {
        json!({"id": "P1", "fridgeIds": ["B", "A", "A"], "displayName": "Agent 2.15", "stage": 1,
               "startDate": "2026-11-22", "endDate": "2026-12-01", "description": "Try it"})
    }

    #[test]
    fn a_complete_pilot_parses_with_fridges_deduplicated() {
        let save = parse_json(&valid()).unwrap();
        assert_eq!(save.pilot.fridge_ids.iter().map(LocationId::as_str).collect::<Vec<_>>(), ["A", "B"]);
        assert!(save.pilot.active);
        let mut typed = valid();
        typed["stage"] = json!("2");
        assert_eq!(parse_json(&typed).unwrap().pilot.stage, 2);
    }

    #[test]
    fn a_new_pilot_is_version_1_and_an_edit_the_next_of_the_loaded_one() {
        assert_eq!((parse_json(&valid()).unwrap().loaded, parse_json(&valid()).unwrap().pilot.version), (None, 1));
        let mut edit = valid();
        edit["version"] = json!(4);
        assert_eq!((parse_json(&edit).unwrap().loaded, parse_json(&edit).unwrap().pilot.version), (Some(4), 5));
        for bad in [json!(-1), json!(1.5), json!("4"), json!(MAX_VERSION + 1)] {
            edit["version"] = bad;
            assert_eq!(
                parse_json(&edit).unwrap_err().to_string(),
                "Pilot version must be the whole number the pilot was loaded with."
            );
        }
    }

    #[test]
    fn a_save_replaces_only_the_version_it_loaded() {
        let new = parse_json(&valid()).unwrap();
        let stored = Pilot { version: 3, description: "Other".into(), ..new.pilot.clone() };
        assert_eq!(check(&new, None), Ok(Verdict::Write));
        assert_eq!(check(&new, Some(&stored)).unwrap_err(), already_exists("P1"));
        assert_eq!(
            already_exists("P1").to_string(),
            "Pilot P1 already exists. Load it to edit it, or choose another Pilot ID."
        );
        let edit =
            |loaded: i64| Save { pilot: Pilot { version: loaded + 1, ..new.pilot.clone() }, loaded: Some(loaded) };
        assert_eq!(check(&edit(3), Some(&stored)), Ok(Verdict::Write));
        assert_eq!(check(&edit(2), Some(&stored)).unwrap_err(), changed_since_loaded("P1"));
        assert_eq!(check(&edit(3), None).unwrap_err(), no_longer_exists("P1"));
        // A retry of a save that landed: the stored pilot is exactly the one sent.
        assert_eq!(check(&edit(2), Some(&edit(2).pilot)), Ok(Verdict::Replay));
        assert_eq!(check(&new, Some(&new.pilot)), Ok(Verdict::Replay));
    }

    fn any_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(|f| json!(f)),
            ".{0,12}".prop_map(Value::from),
            "[0-9]{4}-[0-9]{2}-[0-9]{2}".prop_map(Value::from),
        ];
        leaf.prop_recursive(2, 8, 4, |inner| prop::collection::vec(inner, 0..4).prop_map(Value::from))
    }

    proptest! {
        /// Any value in any field: a pilot or a 400 with a message, never a panic.
        #[test]
        fn any_input_parses_or_is_refused_as_bad_request(
            field in prop::sample::select(vec!["id", "fridgeIds", "displayName", "stage", "startDate", "endDate", "description", "active", "version"]),
            v in any_json(),
        ) {
            let mut input = valid();
            input[field] = v;
            match parse_json(&input) {
                Ok(save) => prop_assert!(save.pilot.version >= 1 && save.loaded.is_none_or(|l| save.pilot.version == l + 1)),
                Err(e) => prop_assert!(matches!(e, ApiError::BadRequest(_)), "{e:?}"),
            }
        }
    }

    #[test]
    fn each_rule_has_its_message() {
        let with = |k: &str, v: Value| {
            let mut i = valid();
            i[k] = v;
            parse_json(&i).unwrap_err().to_string()
        };
        assert_eq!(with("stage", json!("one")), "Pilot Stage must be an integer.");
        assert_eq!(with("stage", json!(1.5)), "Pilot Stage must be an integer.");
        assert_eq!(with("startDate", json!("2026-02-30")), "Start Date must be a valid date (YYYY-MM-DD).");
        assert_eq!(with("endDate", json!("12/01/2026")), "End Date must be a valid date (YYYY-MM-DD).");
        assert_eq!(with("endDate", json!("2026-11-21")), "End Date cannot be before Start Date.");
        assert_eq!(with("description", json!(" ")), "Description is required.");
        assert_eq!(with("fridgeIds", json!([])), "Select at least one fridge.");
        assert_eq!(with("displayName", Value::Null), "Display Name is required.");
        // Neither text nor a number: refused at the edge, naming the field.
        assert!(with("displayName", json!(true)).starts_with("Invalid displayName:"));
        assert!(with("fridgeIds", json!([1])).starts_with("Invalid fridgeIds[0]:"));
    }
}
