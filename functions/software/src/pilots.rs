//! Software pilots: a named group of fridges trying a version. Every rule is
//! checked here, with its message, before anything is written.
use chrono::NaiveDate;
use fleet_shared::{limits, ApiError};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The spec's message when a pilot cannot be saved and the store gave none.
pub const PUT_FAILED: &str = "The PutItem operation failed in the lambda function.";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Pilot {
    pub id: String,
    pub fridge_ids: Vec<String>,
    pub display_name: String,
    pub stage: i64,
    pub start_date: String,
    pub end_date: String,
    pub description: String,
    pub active: bool,
}

fn text(input: &Value, field: &str, label: &str, max: usize) -> Result<String, ApiError> {
    let value = match input.get(field) {
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    if value.is_empty() {
        return Err(ApiError::bad_request(format!("{label} is required.")));
    }
    limits::check_len(label, &value, max)?;
    Ok(value)
}

fn date(input: &Value, field: &str, label: &str) -> Result<NaiveDate, ApiError> {
    let raw = text(input, field, label, 10)?;
    let valid = raw.len() == 10 && NaiveDate::parse_from_str(&raw, "%Y-%m-%d").is_ok();
    NaiveDate::parse_from_str(&raw, "%Y-%m-%d")
        .ok()
        .filter(|_| valid)
        .ok_or_else(|| ApiError::bad_request(format!("{label} must be a valid date (YYYY-MM-DD).")))
}

/// Parses and checks a pilot from `putFridgeSoftwarePilot`'s input.
pub fn parse(input: &Value) -> Result<Pilot, ApiError> {
    let id = text(input, "id", "Pilot ID", limits::MAX_ID_CHARS)?;
    let display_name = text(input, "displayName", "Display Name", limits::MAX_NAME_CHARS)?;
    let stage = match input.get("stage") {
        Some(Value::Number(n)) => n.as_i64(),
        Some(Value::String(s)) => s.trim().parse::<i64>().ok(),
        _ => None,
    }
    .ok_or_else(|| ApiError::bad_request("Pilot Stage must be an integer."))?;
    let start = date(input, "startDate", "Start Date")?;
    let end = date(input, "endDate", "End Date")?;
    if end < start {
        return Err(ApiError::bad_request("End Date cannot be before Start Date."));
    }
    let description = text(input, "description", "Description", limits::MAX_TEXT_CHARS)?;
    let fridge_ids = fridge_ids(input.get("fridgeIds"))?;
    let active = input.get("active").and_then(Value::as_bool).unwrap_or(true);
    Ok(Pilot {
        id,
        fridge_ids,
        display_name,
        stage,
        start_date: start.format("%Y-%m-%d").to_string(),
        end_date: end.format("%Y-%m-%d").to_string(),
        description,
        active,
    })
}

/// Most fridges one call may name (the whole fleet).
pub const MAX_FRIDGES: usize = 5_000;

/// A list of fridge ids: trimmed, de-duplicated, at least one.
pub fn fridge_ids(value: Option<&Value>) -> Result<Vec<String>, ApiError> {
    let mut ids: Vec<String> = match value {
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect(),
        _ => Vec::new(),
    };
    ids.sort();
    ids.dedup();
    if ids.is_empty() {
        return Err(ApiError::bad_request("Select at least one fridge."));
    }
    limits::check_count("fridges", ids.len(), MAX_FRIDGES)?;
    for id in &ids {
        limits::check_len("Fridge ID", id, limits::MAX_ID_CHARS)?;
    }
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn valid() -> Value {
        json!({"id": "P1", "fridgeIds": ["B", "A", "A"], "displayName": "Agent 2.15", "stage": 1,
               "startDate": "2026-11-22", "endDate": "2026-12-01", "description": "Try it"})
    }

    #[test]
    fn a_complete_pilot_parses_with_fridges_deduplicated() {
        let p = parse(&valid()).unwrap();
        assert_eq!(p.fridge_ids, ["A", "B"]);
        assert!(p.active);
        let mut typed = valid();
        typed["stage"] = json!("2");
        assert_eq!(parse(&typed).unwrap().stage, 2);
    }

    #[test]
    fn each_rule_has_its_message() {
        let with = |k: &str, v: Value| {
            let mut i = valid();
            i[k] = v;
            parse(&i).unwrap_err().to_string()
        };
        assert_eq!(with("stage", json!("one")), "Pilot Stage must be an integer.");
        assert_eq!(with("stage", json!(1.5)), "Pilot Stage must be an integer.");
        assert_eq!(with("startDate", json!("2026-02-30")), "Start Date must be a valid date (YYYY-MM-DD).");
        assert_eq!(with("endDate", json!("12/01/2026")), "End Date must be a valid date (YYYY-MM-DD).");
        assert_eq!(with("endDate", json!("2026-11-21")), "End Date cannot be before Start Date.");
        assert_eq!(with("description", json!(" ")), "Description is required.");
        assert_eq!(with("fridgeIds", json!([])), "Select at least one fridge.");
        assert_eq!(with("displayName", Value::Null), "Display Name is required.");
    }
}
