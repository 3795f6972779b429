//! The validation rules of spec §5.1 (create) and §5.2 (detail edits), with
//! their messages, and the hours editor's logic. Pure: no I/O.
pub use crate::attributes::text_of;
use crate::attributes::{self, Attr, Kind, NameList, DAYS};
use crate::create_rules::{CUSTOM_HOURS_MESSAGE, DEFAULT_LAYOUT};
use crate::input::{CreateHours, HoursEdit};
use fleet_shared::dates;
use fleet_shared::limits;
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

/// Hosts whose `ip` attribute holds a host name rather than an IPv4 address
/// carry this marker (the spec's "company host marker"; see docs/decisions/locations.md).
pub const HOST_MARKER: &str = ".fleet.internal";
pub const REASON_EMPTY: &str = "Reason cannot be empty";
pub use crate::attributes::INVALID_OPTION;
pub const DEVICE_ADDRESS_GENERATED: &str = "The device address is set only by generating a new one";

/// Attributes holding names (bounded like names), not free text.
const NAME_ATTRIBUTES: &[&str] = &["route", "city", "zipCode", "fridgeModel", "hostname", "paymentGateway"];

/// The options of the three search-type fields, as offered by the screens.
#[derive(Debug, Default, Clone)]
pub struct Options {
    pub layouts: BTreeSet<String>,
    pub fridge_schemas: BTreeSet<String>,
    pub price_map_templates: BTreeSet<String>,
}

impl Options {
    /// Stored names become the offered options: 'dummy' (shown 'Default') for
    /// layouts, '/latest' appended to schemas, and the standard templates.
    pub fn from_lists(layouts: Vec<String>, schemas: Vec<String>, pmts: Vec<String>) -> Self {
        let mut o = Options::default();
        o.layouts.insert(DEFAULT_LAYOUT.into());
        o.layouts.extend(layouts);
        o.fridge_schemas.insert("MW_STANDARD/latest".into());
        // As the browser offers them: a stored name already ending in '/latest' is not given a second one.
        o.fridge_schemas.extend(schemas.into_iter().map(|s| {
            if s.ends_with("/latest") {
                s
            } else {
                format!("{s}/latest")
            }
        }));
        o.price_map_templates.extend(["PMT_STANDARD".to_string(), "PMT_NE_STANDARD".to_string()]);
        o.price_map_templates.extend(pmts);
        o
    }

    fn allows(&self, list: NameList, v: &str) -> bool {
        match list {
            NameList::Layout => self.layouts.contains(v),
            NameList::FridgeSchema => self.fridge_schemas.contains(v),
            NameList::PriceMapTemplate => self.price_map_templates.contains(v),
        }
    }
}

pub fn decimals(text: &str) -> usize {
    text.split_once('.').map(|(_, d)| d.len()).unwrap_or(0)
}

fn range_message(name: &str, min: impl std::fmt::Display, max: impl std::fmt::Display) -> String {
    format!("{name} should be a number in the range of {min} to {max}!")
}

fn parse_number(text: &str) -> Option<f64> {
    let ok = !text.is_empty() && text.chars().all(|c| c.is_ascii_digit() || c == '.' || c == '-');
    ok.then(|| text.parse::<f64>().ok()).flatten().filter(|n| n.is_finite())
}

pub fn check_float(name: &str, text: &str, min: f64, max: f64) -> Result<f64, String> {
    match parse_number(text) {
        Some(n) if n >= min && n <= max => Ok(n),
        _ if max == f64::MAX => Err(format!("{name} should be a number of at least {min}!")),
        _ => Err(range_message(name, min, max)),
    }
}

pub fn check_int(name: &str, text: &str, min: i64, max: i64) -> Result<i64, String> {
    let n = parse_number(text).ok_or_else(|| range_message(name, min, max))?;
    if n.fract() != 0.0 || text.contains('.') {
        return Err(format!("{name} cannot be a decimal number"));
    }
    let n = n as i64;
    if n < min || n > max {
        return Err(range_message(name, min, max));
    }
    Ok(n)
}

/// An IPv4 address: four dot-separated parts of 1 to 3 digits (leading zeros
/// allowed), each at most 255. The one definition: the browser runs the same
/// pattern from rules.json.
pub const IPV4_PATTERN: &str = r"^((25[0-5]|2[0-4]\d|[01]?\d?\d)\.){3}(25[0-5]|2[0-4]\d|[01]?\d?\d)$";

pub fn is_ipv4(s: &str) -> bool {
    static IPV4: std::sync::LazyLock<Option<regex_lite::Regex>> =
        std::sync::LazyLock::new(|| regex_lite::Regex::new(IPV4_PATTERN).ok());
    IPV4.as_ref().is_some_and(|r| r.is_match(s))
}

pub fn is_date(s: &str) -> bool {
    fleet_shared::entity::StockingDate::read_loose(s).is_some()
}

fn is_time(s: &str) -> bool {
    dates::hh_mm(s).is_some()
}

/// Checks one attribute value as the detail screen's Save does (§5.2) and
/// returns the value to store.
pub fn check_value(attr: &Attr, value: &Value, options: &Options) -> Result<Value, String> {
    let name = attr.name;
    match attr.kind {
        Kind::Schedule => return check_schedule(value),
        Kind::Hours | Kind::WorkHours => return Err(format!("{name} is set with the hours editor")),
        _ => {}
    }
    let Some(text) = text_of(value) else {
        return if matches!(attr.kind, Kind::Ip) {
            Err("IP Address invalid".to_string())
        } else if attr.required {
            Err(format!("{name} cannot be empty"))
        } else {
            Ok(Value::Null)
        };
    };
    let max = if NAME_ATTRIBUTES.contains(&name) { limits::MAX_NAME_CHARS } else { limits::MAX_TEXT_CHARS };
    if text.chars().count() > max {
        return Err(format!("{name} must be at most {max} characters"));
    }
    match attr.kind {
        Kind::Text => Ok(json!(text)),
        Kind::Choice(options) => {
            options.contains(&text.as_str()).then(|| json!(text)).ok_or_else(|| INVALID_OPTION.to_string())
        }
        Kind::Search(list) => {
            options.allows(list, &text).then(|| json!(text)).ok_or_else(|| INVALID_OPTION.to_string())
        }
        Kind::Int { min, max } => check_int(name, &text, min, max).map(|n| json!(n)),
        Kind::Float { min, max } => check_float(name, &text, min, max).map(|n| json!(n)),
        Kind::Date => is_date(&text).then(|| json!(text)).ok_or_else(|| format!("{name} must be a date (YYYY-MM-DD)")),
        Kind::Ip => (text.contains(HOST_MARKER) || is_ipv4(&text))
            .then(|| json!(text))
            .ok_or_else(|| "IP Address invalid".to_string()),
        Kind::Schedule | Kind::Hours | Kind::WorkHours => unreachable!("handled above"),
    }
}

/// `{Monday..Sunday: 0|1}`; missing days are 0.
pub fn check_schedule(value: &Value) -> Result<Value, String> {
    let value = match value {
        Value::String(s) => {
            serde_json::from_str(s).map_err(|_| "stockingSchedule must map days to 0 or 1".to_string())?
        }
        v => v.clone(),
    };
    let map = value.as_object().ok_or("stockingSchedule must map days to 0 or 1")?;
    let mut out = Map::new();
    for day in DAYS {
        let v = match map.get(*day).and_then(text_of).as_deref() {
            None | Some("0") => 0,
            Some("1") => 1,
            Some(_) => return Err(format!("stockingSchedule for {day} must be 0 or 1")),
        };
        out.insert(day.to_string(), json!(v));
    }
    if let Some(extra) = map.keys().find(|k| !DAYS.contains(&k.as_str())) {
        return Err(format!("stockingSchedule has an unknown day {extra}"));
    }
    Ok(Value::Object(out))
}

/// Per day: None (closed) or (from, to).
pub type Week = Vec<(&'static str, Option<(String, String)>)>;

fn abbrev(day: &str) -> &str {
    &day[..3]
}

/// 'Mon-Fri 08:00 to 17:00; Sat 10:00 to 14:00; ', consecutive identical days merged.
pub fn summary(week: &Week) -> String {
    let all_day = week.iter().all(|(_, h)| matches!(h, Some((f, t)) if f == "00:00" && t == "23:59"));
    if all_day {
        return "24 Hours".into();
    }
    let mut out = String::new();
    let mut i = 0;
    while i < week.len() {
        let (start_day, hours) = &week[i];
        let mut j = i;
        while j + 1 < week.len() && week[j + 1].1 == *hours {
            j += 1;
        }
        if let Some((from, to)) = hours {
            let days = if i == j {
                abbrev(start_day).to_string()
            } else {
                format!("{}-{}", abbrev(start_day), abbrev(week[j].0))
            };
            out.push_str(&format!("{days} {from} to {to}; "));
        }
        i = j + 1;
    }
    out
}

pub fn all_day_week() -> Week {
    DAYS.iter().map(|d| (*d, Some(("00:00".to_string(), "23:59".to_string())))).collect()
}

pub fn work_hours_json(week: &Week) -> Value {
    Value::Object(
        week.iter()
            .map(|(d, h)| (d.to_string(), h.as_ref().map(|(f, t)| json!([[f, t]])).unwrap_or(json!([]))))
            .collect(),
    )
}

fn check_day(day: &str, from: Option<String>, to: Option<String>) -> Result<Option<(String, String)>, String> {
    match (from, to) {
        (None, None) => Ok(None),
        (Some(f), Some(t)) => {
            if !is_time(&f) || !is_time(&t) {
                return Err(format!("Hours for {day} must be times as HH:MM"));
            }
            if f >= t {
                return Err(format!("Start Hours for {day} should be a time in past to End hours"));
            }
            Ok(Some((f, t)))
        }
        _ => Err(format!("Both Start Hours and End hours for {day} should be present or absent")),
    }
}

/// The hours editor of the detail screen (§5.2): `{is24Hours, workHours}`.
pub fn check_hours_edit(id: &str, value: &Value) -> Result<Week, String> {
    check_hours(id, &HoursEdit::of(value))
}

/// [`check_hours_edit`] of the editor's output as read.
pub fn check_hours(id: &str, edit: &HoursEdit) -> Result<Week, String> {
    let Some(is24) = edit.is_24_hours else {
        return Err(format!("Choose 24 hours(Yes/No) for {id}"));
    };
    if is24 {
        return Ok(all_day_week());
    }
    let mut week = Week::new();
    for (day, hours) in edit.work_hours.days() {
        week.push((day, check_day(day, hours.from.clone(), hours.to.clone())?));
    }
    if week.iter().all(|(_, h)| h.is_none()) {
        return Err("Time should be entered for atleast one day".into());
    }
    Ok(week)
}

/// The create form's hours (§3.1, §5.1): 24 hours, or every day's times.
pub fn check_create_hours(hours: &CreateHours) -> Result<Week, String> {
    if hours.is_24_hours() {
        return Ok(all_day_week());
    }
    let mut week = Week::new();
    for (day, from, to) in hours.days() {
        let (Some(from), Some(to)) = (from.0.clone(), to.0.clone()) else {
            return Err(CUSTOM_HOURS_MESSAGE.replace("{day}", day));
        };
        week.push((day, check_day(day, Some(from), Some(to))?));
    }
    Ok(week)
}

/// Every attribute name a create payload may carry besides the stored ones.
pub fn is_create_only_field(k: &str) -> bool {
    k == "id"
        || k == "hours"
        || (k.len() == 5 || k.len() == 7)
            && (k.starts_with("from") || k.starts_with("to"))
            && DAYS.iter().any(|d| k.ends_with(abbrev(d)))
}

pub fn attr_for_create(k: &str) -> Option<&'static Attr> {
    attributes::find(k).filter(|a| !matches!(a.kind, Kind::Hours | Kind::WorkHours))
}

#[cfg(test)]
mod tests {

    /// The arithmetic reading of an IPv4 address, to check the pattern against.
    fn ipv4_by_parts(s: &str) -> bool {
        let parts: Vec<&str> = s.split('.').collect();
        parts.len() == 4
            && parts.iter().all(|p| {
                !p.is_empty()
                    && p.len() <= 3
                    && p.chars().all(|c| c.is_ascii_digit())
                    && p.parse::<u16>().is_ok_and(|n| n <= 255)
            })
    }

    proptest::proptest! {
        #[test]
        // Other scripts' digits too: `\d` is ASCII, as in the browser's pattern (regex-lite).
        fn the_ipv4_pattern_reads_addresses_as_their_parts_do(
            s in "[0-9.]{0,16}|([0-9]{1,3}\\.){3}[0-9]{1,4}|([0-9\u{660}-\u{669}\u{ff10}-\u{ff19}]{1,3}\\.){3}[0-9\u{660}-\u{669}]{1,3}"
        ) {
            proptest::prop_assert_eq!(is_ipv4(&s), ipv4_by_parts(&s), "{}", s);
        }
    }

    use super::*;
    use crate::attributes::find;

    fn check(name: &str, v: Value) -> Result<Value, String> {
        check_value(
            find(name).unwrap(),
            &v,
            &Options::from_lists(vec!["L1".into()], vec!["S1".into()], vec!["P1".into()]),
        )
    }

    #[test]
    fn a_stored_schema_name_is_offered_with_one_latest_as_the_browser_offers_it() {
        let o = Options::from_lists(vec![], vec!["NE_TALL".into(), "WC_SLIM/latest".into()], vec![]);
        let offered: Vec<&str> = o.fridge_schemas.iter().map(String::as_str).collect();
        assert_eq!(offered, ["MW_STANDARD/latest", "NE_TALL/latest", "WC_SLIM/latest"]);
    }

    #[test]
    fn detail_messages_match_the_spec() {
        assert_eq!(
            check("latitude", json!("50")).unwrap_err(),
            "latitude should be a number in the range of 28 to 49!"
        );
        assert_eq!(
            check("longitude", json!("abc")).unwrap_err(),
            "longitude should be a number in the range of -128 to -67!"
        );
        assert_eq!(
            check("percentage", json!(101)).unwrap_err(),
            "percentage should be a number in the range of 0 to 100!"
        );
        assert_eq!(check("taxRate", json!("30.5")).unwrap_err(), "taxRate should be a number in the range of 0 to 30!");
        assert_eq!(check("stop", json!("1001")).unwrap_err(), "stop should be a number in the range of 0 to 1000!");
        assert_eq!(check("stop", json!("x")).unwrap_err(), "stop should be a number in the range of 0 to 1000!");
        assert_eq!(check("stop", json!("2.5")).unwrap_err(), "stop cannot be a decimal number");
        assert_eq!(
            check("holidayScreenFridgeSpecific", json!(2)).unwrap_err(),
            "holidayScreenFridgeSpecific should be a number in the range of 0 to 1!"
        );
        assert_eq!(check("ip", json!("")).unwrap_err(), "IP Address invalid");
        assert_eq!(check("ip", json!("300.1.1.1")).unwrap_err(), "IP Address invalid");
        assert_eq!(check("city", json!(" ")).unwrap_err(), "city cannot be empty");
        assert_eq!(check("layoutName", json!("nope")).unwrap_err(), INVALID_OPTION);
        assert_eq!(check("status", json!("ON")).unwrap_err(), INVALID_OPTION);
        // §4: LIVE or OFFLINE; a stored DEAD (§9's filter) is never written by the console.
        assert_eq!(check("status", json!("DEAD")).unwrap_err(), INVALID_OPTION);
        assert_eq!(check("status", json!("OFFLINE")).unwrap(), json!("OFFLINE"));
    }

    #[test]
    fn accepted_values_are_normalised() {
        assert_eq!(check("stop", json!("12")).unwrap(), json!(12));
        assert_eq!(check("latitude", json!("41.88")).unwrap(), json!(41.88));
        assert_eq!(check("ip", json!("10.0.0.7")).unwrap(), json!("10.0.0.7"));
        assert_eq!(check("ip", json!("chi-001.fleet.internal")).unwrap(), json!("chi-001.fleet.internal"));
        assert_eq!(check("layoutName", json!("dummy")).unwrap(), json!("dummy"));
        assert_eq!(check("fridgeSchema", json!("S1/latest")).unwrap(), json!("S1/latest"));
        assert_eq!(check("priceMapTemplate", json!("PMT_STANDARD")).unwrap(), json!("PMT_STANDARD"));
        assert_eq!(check("route", json!("")).unwrap(), Value::Null);
    }

    #[test]
    fn hours_editor_rules() {
        let week = |w: Value| check_hours_edit("CHI_1", &json!({"is24Hours": false, "workHours": w}));
        assert_eq!(check_hours_edit("CHI_1", &json!({})).unwrap_err(), "Choose 24 hours(Yes/No) for CHI_1");
        assert_eq!(week(json!({})).unwrap_err(), "Time should be entered for atleast one day");
        assert_eq!(
            week(json!({"Monday": [["08:00", ""]]})).unwrap_err(),
            "Both Start Hours and End hours for Monday should be present or absent"
        );
        assert_eq!(
            week(json!({"Tuesday": [["18:00", "08:00"]]})).unwrap_err(),
            "Start Hours for Tuesday should be a time in past to End hours"
        );
        let ok = week(
            json!({"Monday": [["08:00","17:00"]], "Tuesday": [["08:00","17:00"]], "Wednesday": [["08:00","17:00"]],
            "Thursday": [["08:00","17:00"]], "Friday": [["08:00","17:00"]], "Saturday": [["10:00","14:00"]]}),
        )
        .unwrap();
        assert_eq!(summary(&ok), "Mon-Fri 08:00 to 17:00; Sat 10:00 to 14:00; ");
        assert_eq!(summary(&check_hours_edit("x", &json!({"is24Hours": true})).unwrap()), "24 Hours");
        assert_eq!(work_hours_json(&ok)["Monday"], json!([["08:00", "17:00"]]));
        assert_eq!(work_hours_json(&ok)["Sunday"], json!([]));
    }

    #[test]
    fn create_rules() {
        let p = |v: Value| crate::input::CreateForm::of(v.as_object().unwrap()).hours;
        let hours = p(json!({"hours": 0, "fromMon": "08:00", "toMon": "17:00"}));
        assert_eq!(
            check_create_hours(&hours).unwrap_err(),
            crate::create_rules::CUSTOM_HOURS_MESSAGE.replace("{day}", "Tuesday")
        );
        assert!(is_create_only_field("fromMon") && is_create_only_field("toSun") && !is_create_only_field("fromage"));
    }

    #[test]
    fn schedules_default_missing_days_to_off() {
        let s = check_schedule(&json!(r#"{"Monday": 1, "Sunday": "1"}"#)).unwrap();
        assert_eq!(s["Monday"], 1);
        assert_eq!(s["Sunday"], 1);
        assert_eq!(s["Friday"], 0);
        assert!(check_schedule(&json!({"Funday": 1})).is_err());
    }
}
