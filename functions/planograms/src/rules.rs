//! The planogram row (3-planning §5), checked the same way by the server and,
//! from `export()` in rules.json, by the browser. activeHour is read as
//! Central time (MM/DD/YYYY hh:mm:ss, 24-hour); API callers may give ISO.
use chrono::{DateTime, TimeZone, Utc};
use chrono_tz::America::Chicago;
use fleet_shared::upload::RawRow;
use fleet_shared::{dates, store::TRANSACT_MAX};
use serde_json::{json, Value};

pub const MISSING_INPUT: &str = "At least one input missing...";
pub const EMPTY_VALUE: &str = "Value cannot be empty.";
pub const SLOT_FORMAT: &str = "Slot is not in format <integer>:<integer>.";
pub const ACTIVE_HOUR_FORMAT: &str = "The activeHour is not in format MM/DD/YYYY hh:mm:ss.";
pub const NO_ROWS: &str = "No rows found...";
pub const ERRORS_HEADING: &str = "Please fix the following errors and reupload your file:";
/// Not worded by the spec: the warning of a layoutName and slot repeated (at other hours).
pub const REPEATED_SLOT: &str = "The same layoutName and slot are also on line(s)";
pub const ACTIVE_HOUR_TOOLTIP: &str =
    "activeHour is read as Central time (America/Chicago), MM/DD/YYYY hh:mm:ss in 24-hour time.";
const MAX_CELL_CHARS: usize = 100;
/// Slots of one new layout: its puts, its history record, its name and the
/// group's upload record fit one transaction.
pub const MAX_CREATE_SLOTS: usize = TRANSACT_MAX - 3;

pub const UPDATE_COLUMNS: &[&str] = &["layoutName", "slot", "vendItemName", "activeHour"];
pub const CREATE_COLUMNS: &[&str] = &["layoutName", "slot", "vendItemName", "physicalFridgeConfig"];
const SLOT_PATTERN: &str = r"^\d{1,4}:\d{1,4}$";
const ACTIVE_HOUR_PATTERN: &str = r"^\d{2}/\d{2}/\d{4} \d{2}:\d{2}:\d{2}$";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestType {
    Update,
    Create,
}

impl RequestType {
    pub fn parse(text: &str) -> Option<RequestType> {
        match text {
            "UPDATE" => Some(RequestType::Update),
            "CREATE" => Some(RequestType::Create),
            _ => None,
        }
    }

    pub fn columns(self) -> &'static [&'static str] {
        match self {
            RequestType::Update => UPDATE_COLUMNS,
            RequestType::Create => CREATE_COLUMNS,
        }
    }
}

/// A valid row: an UPDATE has the instant it takes effect, a CREATE its
/// physical fridge config (it takes effect when stored).
#[derive(Debug, Clone, PartialEq)]
pub struct SlotRow {
    pub request: RequestType,
    pub layout: String,
    pub slot: String,
    pub item: String,
    pub config: Option<String>,
    pub active_hour: Option<DateTime<Utc>>,
}

fn is_slot(text: &str) -> bool {
    text.split_once(':').is_some_and(|(r, c)| {
        [r, c].iter().all(|p| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// `(row, column)` of a slot, for sorting 2:10 after 2:9.
pub fn slot_order(slot: &str) -> (u32, u32) {
    let (r, c) = slot.split_once(':').unwrap_or((slot, "0"));
    (r.parse().unwrap_or(u32::MAX), c.parse().unwrap_or(u32::MAX))
}

/// MM/DD/YYYY hh:mm:ss in Central time (the earlier instant when the clocks
/// fall back), or an ISO date-time with its offset.
pub fn active_hour(text: &str) -> Result<DateTime<Utc>, String> {
    if let Some(t) = dates::instant(text) {
        return Ok(t);
    }
    let shaped = text.len() == 19
        && text.bytes().enumerate().all(|(i, b)| match i {
            2 | 5 => b == b'/',
            10 => b == b' ',
            13 | 16 => b == b':',
            _ => b.is_ascii_digit(),
        });
    // A leap second (:60) parses but is no time a user means.
    let naive = dates::us_date_seconds(text).filter(|_| shaped && !text.ends_with(":60")).ok_or(ACTIVE_HOUR_FORMAT)?;
    Chicago
        .from_local_datetime(&naive)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
        .ok_or_else(|| format!("{text} does not exist in Central time (the clocks skip that hour)."))
}

/// An instant as the file writes it: MM/DD/YYYY hh:mm:ss Central.
pub fn central(t: DateTime<Utc>) -> String {
    t.with_timezone(&Chicago).format("%m/%d/%Y %H:%M:%S").to_string()
}

pub fn check(row: &RawRow, request: RequestType) -> Result<SlotRow, Vec<String>> {
    let cells: Vec<Option<String>> = request.columns().iter().map(|c| row.cell(c)).collect();
    if cells.iter().any(Option::is_none) {
        return Err(vec![MISSING_INPUT.to_string()]);
    }
    let cells: Vec<String> = cells.into_iter().flatten().collect();
    if cells.iter().any(String::is_empty) {
        return Err(vec![EMPTY_VALUE.to_string()]);
    }
    let mut errors = Vec::new();
    for (column, value) in request.columns().iter().zip(&cells) {
        if value.chars().count() > MAX_CELL_CHARS {
            errors.push(format!("{column} is longer than {MAX_CELL_CHARS} characters."));
        }
    }
    if !is_slot(&cells[1]) {
        errors.push(SLOT_FORMAT.to_string());
    }
    let hour = match request {
        RequestType::Update => match active_hour(&cells[3]) {
            Ok(t) => Some(t),
            Err(m) => {
                errors.push(m);
                None
            }
        },
        RequestType::Create => None,
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut cells = cells.into_iter();
    let (layout, slot, item, last) = (
        cells.next().unwrap_or_default(),
        cells.next().unwrap_or_default(),
        cells.next().unwrap_or_default(),
        cells.next(),
    );
    Ok(SlotRow {
        request,
        layout,
        slot,
        item,
        config: last.filter(|_| request == RequestType::Create),
        active_hour: hour,
    })
}

pub fn repeated_slot_warning(others: &[u32]) -> String {
    format!("{REPEATED_SLOT} {}.", others.iter().map(u32::to_string).collect::<Vec<_>>().join(", "))
}

/// What the browser needs to check a file exactly as the server does.
pub fn export() -> Value {
    json!({
        "columns": { "UPDATE": UPDATE_COLUMNS, "CREATE": CREATE_COLUMNS },
        "slotPattern": SLOT_PATTERN, "activeHourPattern": ACTIVE_HOUR_PATTERN, "maxCellChars": MAX_CELL_CHARS,
        "batchSize": fleet_shared::upload::MAX_BATCH_ROWS, "maxCreateSlots": MAX_CREATE_SLOTS,
        "messages": {
            "missingInput": MISSING_INPUT, "emptyValue": EMPTY_VALUE, "slotFormat": SLOT_FORMAT,
            "activeHourFormat": ACTIVE_HOUR_FORMAT, "noRows": NO_ROWS, "errorsHeading": ERRORS_HEADING,
            "repeatedSlot": REPEATED_SLOT, "activeHourTooltip": ACTIVE_HOUR_TOOLTIP,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(v: Value) -> RawRow {
        RawRow { row: 2, values: v.as_object().cloned().unwrap() }
    }

    #[test]
    fn every_rule_with_its_message() {
        let update = |v: Value| check(&row(v), RequestType::Update);
        let ok = update(json!({"layoutName": "TALL_6x6", "slot": "2:10", "vendItemName": "COLD_BREW", "activeHour": "12/01/2026 06:00:00"})).unwrap();
        assert_eq!(ok.active_hour.unwrap().to_rfc3339(), "2026-12-01T12:00:00+00:00", "Central standard time is UTC-6");
        assert_eq!(
            update(json!({"layoutName": "L", "slot": "1:1", "vendItemName": "X"})).unwrap_err(),
            vec![MISSING_INPUT]
        );
        assert_eq!(
            update(json!({"layoutName": "L", "slot": "", "vendItemName": "X", "activeHour": "x"})).unwrap_err(),
            vec![EMPTY_VALUE]
        );
        assert_eq!(
            update(json!({"layoutName": "L", "slot": "1-1", "vendItemName": "X", "activeHour": "2026-12-01 06:00"}))
                .unwrap_err(),
            vec![SLOT_FORMAT, ACTIVE_HOUR_FORMAT]
        );
        for bad in [
            "12/01/2026 06:00:60",
            "1/01/2026 06:00:00",
            "13/01/2026 06:00:00",
            "02/30/2026 06:00:00",
            "12/01/2026 6:00:00",
            "12/01/2026 24:00:00",
        ] {
            assert_eq!(active_hour(bad).unwrap_err(), ACTIVE_HOUR_FORMAT, "{bad}");
        }
        assert!(active_hour("03/08/2026 02:30:00").unwrap_err().contains("does not exist"), "spring forward gap");
        assert_eq!(
            active_hour("07/01/2026 06:00:00").unwrap().to_rfc3339(),
            "2026-07-01T11:00:00+00:00",
            "daylight time is UTC-5"
        );
        let create = check(
            &row(json!({"layoutName": "NEW", "slot": "1:1", "vendItemName": "X", "physicalFridgeConfig": "6x5"})),
            RequestType::Create,
        )
        .unwrap();
        assert_eq!((create.config.as_deref(), create.active_hour), (Some("6x5"), None));
        assert_eq!(repeated_slot_warning(&[3, 7]), "The same layoutName and slot are also on line(s) 3, 7.");
    }

    #[test]
    fn slots_sort_by_row_then_column() {
        let mut slots = vec!["2:10", "10:1", "2:9", "1:1"];
        slots.sort_by_key(|s| slot_order(s));
        assert_eq!(slots, ["1:1", "2:9", "2:10", "10:1"]);
        assert_eq!(central(active_hour("12/01/2026 06:00:00").unwrap()), "12/01/2026 06:00:00");
    }
}
