//! The create form's field rules (1-locations §5.1) as data: the one
//! definition the server checks and the browser's instant checks read
//! (exported by `fleet-local rules` to web/src/generated/rules.json; a drift
//! test keeps the file equal to this table). Patterns use the regex syntax
//! Rust and JavaScript share. Pure definitions: `rules` and `plan` read
//! them; nothing here reads those back.
pub use crate::attributes::Check;
use crate::attributes::{text_of, ACCESS, ATTRS, STATES, STATUSES, TIME_ZONES, VERTICALS};
use fleet_shared::limits;
use regex_lite::Regex;
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::sync::{LazyLock, OnceLock};

#[derive(Debug, Clone, Copy, Serialize, schemars::JsonSchema)]
pub struct FieldRule {
    pub field: &'static str,
    pub required: bool,
    pub checks: &'static [Check],
}

/// The id: the one create field that is no attribute of the table.
const ID_RULE: FieldRule = FieldRule {
    field: "id",
    required: true,
    checks: &[
        Check::MaxLength { max: limits::MAX_ID_CHARS, message: "id must be at most 64 characters" },
        Check::Pattern { regex: r"^[A-Za-z0-9_]+$", message: "id may contain only letters, digits and underscore" },
    ],
};

/// In order: a field's first broken check is its message; fields are
/// checked in this order. The id, then each attribute row that is on the
/// create form (`Attr::create`), in the table's order.
pub fn create_rules() -> &'static [FieldRule] {
    static RULES: LazyLock<Vec<FieldRule>> = LazyLock::new(|| {
        let rows = ATTRS
            .iter()
            .filter_map(|a| a.create.map(|on| FieldRule { field: a.name, required: a.required, checks: on.checks }));
        std::iter::once(ID_RULE).chain(rows).collect()
    });
    &RULES
}

/// Custom hours on the create form: each day needs both times.
pub const CUSTOM_HOURS_MESSAGE: &str = "{day} needs a from and a to time when hours is not 24 hours";
/// The layout of a location until one is chosen (shown 'Default'): the import default.
pub const DEFAULT_LAYOUT: &str = "dummy";
/// The options offered without a fetch: built into every name list.
pub const BUILT_IN_LAYOUTS: &[&str] = &[DEFAULT_LAYOUT];
pub const BUILT_IN_FRIDGE_SCHEMAS: &[&str] = &["MW_STANDARD/latest"];
pub const BUILT_IN_PRICE_MAP_TEMPLATES: &[&str] = &["PMT_STANDARD", "PMT_NE_STANDARD"];

fn regex(pattern: &'static str) -> Regex {
    static CACHE: OnceLock<std::sync::Mutex<HashMap<&'static str, Regex>>> = OnceLock::new();
    let mut cache = CACHE.get_or_init(Default::default).lock().expect("regex cache");
    cache.entry(pattern).or_insert_with(|| Regex::new(pattern).expect("rule patterns are valid")).clone()
}

/// The first broken rule of one field's text (`None`: empty).
pub fn check_field(rule: &FieldRule, text: Option<&str>) -> Result<(), String> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return if rule.required { Err(format!("{} cannot be empty", rule.field)) } else { Ok(()) };
    };
    for check in rule.checks {
        let ok = match check {
            Check::Pattern { regex: r, .. } => regex(r).is_match(text),
            Check::Range { min, max, .. } => text.parse::<f64>().is_ok_and(|n| n >= *min && n <= *max),
            Check::MaxLength { max, .. } => text.chars().count() <= *max,
        };
        if !ok {
            let (Check::Pattern { message, .. } | Check::Range { message, .. } | Check::MaxLength { message, .. }) =
                check;
            return Err(message.to_string());
        }
    }
    Ok(())
}

/// Checks a create payload against the table: the first broken rule, in order.
pub fn check_create(payload: &Map<String, Value>) -> Result<(), String> {
    for rule in create_rules() {
        let text = payload.get(rule.field).and_then(text_of);
        check_field(rule, text.as_deref())?;
    }
    Ok(())
}

/// One detail-screen edit rule (§5.2) as the browser reads it.
#[derive(Debug, Serialize)]
struct EditRule {
    field: &'static str,
    required: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    integer: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    min: Option<Bound>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max: Option<Bound>,
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<&'static [&'static str]>,
}

/// A range's end, written as the attribute's kind has it (`0` or `0.0`).
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(untagged)]
enum Bound {
    Int(i64),
    Float(f64),
}

/// The detail screen's edit rules (§5.2) of each attribute, from the same
/// attribute table the server's edit checks use (`attributes::ATTRS`).
fn edit_rules() -> Vec<EditRule> {
    use crate::attributes::Kind;
    ATTRS
        .iter()
        .filter(|a| a.editable)
        .map(|a| {
            let rule =
                EditRule { field: a.name, required: a.required, integer: None, min: None, max: None, options: None };
            match a.kind {
                Kind::Int { min, max } => {
                    EditRule { integer: Some(true), min: Some(Bound::Int(min)), max: Some(Bound::Int(max)), ..rule }
                }
                // An open range (`f64::MAX`) has no max.
                Kind::Float { min, max } => EditRule {
                    min: Some(Bound::Float(min)),
                    max: (max < f64::MAX).then_some(Bound::Float(max)),
                    ..rule
                },
                Kind::Choice(options) => EditRule { options: Some(options), ..rule },
                _ => rule,
            }
        })
        .collect()
}

/// The table as the browser reads it.
pub fn export() -> Value {
    json!({
        "edit": edit_rules(),
        "generatedBy": "cargo run -p fleet-local -- rules (from functions/locations/src/create_rules.rs); do not edit",
        "create": create_rules(),
        "customHoursMessage": CUSTOM_HOURS_MESSAGE,
        "options": {
            "states": STATES, "verticals": VERTICALS, "timeZones": TIME_ZONES, "statuses": STATUSES, "accessTo": ACCESS,
            "layouts": BUILT_IN_LAYOUTS, "fridgeSchemas": BUILT_IN_FRIDGE_SCHEMAS, "priceMapTemplates": BUILT_IN_PRICE_MAP_TEMPLATES,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_error(field: &str, text: &str) -> Option<String> {
        let rule = create_rules().iter().find(|r| r.field == field).unwrap();
        check_field(rule, Some(text)).err()
    }

    #[test]
    fn each_rule_answers_its_message() {
        assert_eq!(first_error("id", "A-1").as_deref(), Some("id may contain only letters, digits and underscore"));
        assert_eq!(
            first_error("zipCode", "1234").as_deref(),
            Some("zipCode must be 5 digits, optionally followed by a dash and 4 digits")
        );
        assert_eq!(first_error("zipCode", "60601-1234"), None);
        assert_eq!(
            first_error("latitude", "50.1").as_deref(),
            Some("latitude should be a number in the range of 28 to 49!")
        );
        assert_eq!(first_error("latitude", "41").as_deref(), Some("latitude must have 1 to 7 decimals"));
        assert_eq!(first_error("longitude", "-87.12345678").as_deref(), Some("longitude must have 1 to 7 decimals"));
        assert_eq!(first_error("percentage", "1.234").as_deref(), Some("percentage can have at most 2 decimals"));
        assert_eq!(
            first_error("taxRate", "30").as_deref(),
            Some("taxRate should be a number in the range of 0 to 29.999!")
        );
        assert_eq!(first_error("taxRate", "2.2555").as_deref(), Some("taxRate can have at most 3 decimals"));
        assert_eq!(first_error("stop", "1a").as_deref(), Some("stop must contain digits only"));
        assert_eq!(
            first_error("baseCommission", "-1").as_deref(),
            Some("baseCommission should be a number of at least 0!")
        );
        assert_eq!(
            first_error("baseCommission", "1.0001").as_deref(),
            Some("baseCommission can have at most 3 decimals")
        );
        let rule = create_rules().iter().find(|r| r.field == "street").unwrap();
        assert_eq!(check_field(rule, Some("  ")).unwrap_err(), "street cannot be empty");
    }

    #[test]
    fn the_export_carries_every_rule_and_the_built_in_options() {
        let e = export();
        assert_eq!(e["create"].as_array().unwrap().len(), create_rules().len());
        assert_eq!(e["create"][0]["checks"][1]["check"], "pattern");
        assert!(e["options"]["priceMapTemplates"].as_array().unwrap().contains(&json!("PMT_NE_STANDARD")));
    }

    #[test]
    fn a_create_range_is_the_edit_range_unless_its_row_says_why() {
        use crate::attributes::Kind;
        for a in ATTRS {
            let Some(on) = a.create else { continue };
            let edit = match a.kind {
                Kind::Float { min, max } => (min, max),
                Kind::Int { min, max } => (min as f64, max as f64),
                _ => continue,
            };
            for check in on.checks {
                if let Check::Range { min, max, .. } = check {
                    let same = (*min, *max) == edit;
                    assert!(same || on.range_differs.is_some(), "{}: create {min}..{max}, edit {edit:?}", a.name);
                    assert!(!same || on.range_differs.is_none(), "{}: the ranges agree, nothing to explain", a.name);
                }
            }
        }
        assert!(crate::attributes::named("taxRate").create.unwrap().range_differs.is_some());
    }
}
