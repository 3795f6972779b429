//! The forecast CSV (3-planning §5): columns Item, AllocationDate, Quantity,
//! ProductionDate; dates strictly YYYY/MM/DD; errors per line from line 2; a
//! holdover of more than 1 day is a warning. The browser's dry run and the
//! ingest of the uploaded file both check rows here.
use chrono::NaiveDate;
use fleet_shared::dates;
use fleet_shared::upload::{cell, RawRow};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

pub const COLUMNS: &[&str] = &["Item", "AllocationDate", "Quantity", "ProductionDate"];
/// Days between production and allocation above which the user is warned.
pub const HOLDOVER_DAYS: i64 = 1;
/// The most one forecast quantity may be, in a file and in an edit on the Forecast view alike. The spec gives no
/// bound; this one (ours, docs/decisions/forecast.md) stops a typo's extra digits from ordering a million meals.
pub const MAX_QUANTITY: i64 = 1_000_000;

/// What a quantity must be, from MAX_QUANTITY: after `Quantity 'x'` in a file's line, after `Quantity` in an edit.
pub fn quantity_rule() -> String {
    format!("must be a whole number from 0 to {MAX_QUANTITY}")
}

pub fn quantity_allowed(quantity: i64) -> bool {
    (0..=MAX_QUANTITY).contains(&quantity)
}

/// The quantity rule for the browser (src/generated/rules.json), so the edit refuses what the server would.
pub fn export() -> Value {
    serde_json::json!({ "maxQuantity": MAX_QUANTITY, "quantityMessage": format!("Quantity {}", quantity_rule()) })
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ForecastRow {
    pub item: String,
    /// YYYY-MM-DD: the allocation date, which the view searches by.
    pub date: String,
    pub quantity: i64,
    pub production_date: String,
}

impl ForecastRow {
    /// The stored row's key: `{date}#{item}` (the date has a fixed length).
    pub fn key(&self) -> String {
        format!("{}#{}", self.date, self.item)
    }
}

/// YYYY/MM/DD exactly, a day that exists.
pub fn strict_date(text: &str) -> Option<NaiveDate> {
    let slash_at = |i: usize| text.as_bytes().get(i) == Some(&b'/');
    (text.len() == 10 && slash_at(4) && slash_at(7)).then(|| dates::slash_date(text)).flatten()
}

/// One row's checks: the row, or every message that applies.
pub fn check(values: &Map<String, Value>) -> Result<ForecastRow, Vec<String>> {
    let mut errors = Vec::new();
    let missing: Vec<&str> = COLUMNS.iter().copied().filter(|c| cell(values, c).is_none()).collect();
    if !missing.is_empty() {
        return Err(vec![format!("Missing column {}", missing.join(", "))]);
    }
    let get = |c: &str| cell(values, c).unwrap_or_default();
    let item = get("Item");
    if item.is_empty() {
        errors.push("Item cannot be empty".to_string());
    } else if item.chars().count() > fleet_shared::limits::MAX_NAME_CHARS {
        errors.push(format!("Item is longer than {} characters", fleet_shared::limits::MAX_NAME_CHARS));
    }
    let allocation = strict_date(&get("AllocationDate"));
    if allocation.is_none() {
        errors.push(format!("AllocationDate '{}' must be YYYY/MM/DD", get("AllocationDate")));
    }
    let production = strict_date(&get("ProductionDate"));
    if production.is_none() {
        errors.push(format!("ProductionDate '{}' must be YYYY/MM/DD", get("ProductionDate")));
    }
    let quantity = get("Quantity").parse::<i64>().ok().filter(|q| quantity_allowed(*q));
    if quantity.is_none() {
        errors.push(format!("Quantity '{}' {}", get("Quantity"), quantity_rule()));
    }
    match (allocation, production, quantity) {
        (Some(a), Some(p), Some(quantity)) if errors.is_empty() => Ok(ForecastRow {
            item,
            date: a.format("%Y-%m-%d").to_string(),
            quantity,
            production_date: p.format("%Y-%m-%d").to_string(),
        }),
        _ => Err(errors),
    }
}

/// The Holdover Alert's line for a row produced more than a day from its allocation.
pub fn holdover(row: &ForecastRow) -> Option<String> {
    let a = fleet_shared::entity::StockingDate::read_loose(&row.date).map(|d| d.date())?;
    let p = fleet_shared::entity::StockingDate::read_loose(&row.production_date).map(|d| d.date())?;
    let days = (a - p).num_days().abs();
    (days > HOLDOVER_DAYS).then(|| {
        format!(
            "{}: {days} days between ProductionDate {} and AllocationDate {}",
            row.item,
            p.format("%Y/%m/%d"),
            a.format("%Y/%m/%d")
        )
    })
}

/// The file's rows as the upload pipeline takes them (header = line 1), or
/// the errors that stop the file as a whole.
pub fn raw_rows(bytes: &[u8]) -> Result<Vec<RawRow>, Vec<String>> {
    let text = std::str::from_utf8(bytes).map_err(|_| vec!["Please upload a .csv file".to_string()])?;
    let text = text.trim_start_matches('\u{feff}');
    let mut reader = csv::ReaderBuilder::new().flexible(true).trim(csv::Trim::All).from_reader(text.as_bytes());
    let headers: Vec<String> =
        reader.headers().map_err(|e| vec![format!("Line 1: {e}")])?.iter().map(str::to_string).collect();
    let missing: Vec<&str> =
        COLUMNS.iter().copied().filter(|c| !headers.iter().any(|h| h.eq_ignore_ascii_case(c))).collect();
    if !missing.is_empty() {
        return Err(vec![format!("Line 1: Missing column {}", missing.join(", "))]);
    }
    let mut rows = Vec::new();
    let mut errors = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = i as u32 + 2;
        match record {
            Ok(r) if r.iter().all(str::is_empty) => {}
            Ok(r) => rows.push(RawRow {
                row: line,
                values: headers.iter().cloned().zip(r.iter().map(|c| Value::String(c.to_string()))).collect(),
            }),
            Err(e) => errors.push(format!("Line {line}: {e}")),
        }
    }
    if rows.is_empty() && errors.is_empty() {
        errors.push("The file has no rows".into());
    }
    if errors.is_empty() {
        Ok(rows)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn cells(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap()
    }

    #[test]
    fn strict_dates_quoted_commas_and_a_byte_order_mark() {
        let rows = raw_rows(
            "\u{feff}Item,AllocationDate,Quantity,ProductionDate\n\"Salad, Greek\",2026/11/24,12,2026/11/23\n\n"
                .as_bytes(),
        )
        .unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].row, 2);
        let row = check(&rows[0].values).unwrap();
        assert_eq!(
            row,
            ForecastRow {
                item: "Salad, Greek".into(),
                date: "2026-11-24".into(),
                quantity: 12,
                production_date: "2026-11-23".into()
            }
        );
        assert_eq!(row.key(), "2026-11-24#Salad, Greek");
        assert_eq!(holdover(&row), None);
    }

    #[test]
    fn every_message_of_a_bad_row() {
        assert_eq!(
            check(&cells(
                json!({"Item": "A", "AllocationDate": "2026-11-24", "Quantity": "1", "ProductionDate": "2026/11/23"})
            ))
            .unwrap_err(),
            vec!["AllocationDate '2026-11-24' must be YYYY/MM/DD".to_string()]
        );
        assert_eq!(
            check(&cells(json!({"\u{feff}item": "", "AllocationDate": "2026/02/30", "Quantity": "-1", "ProductionDate": "2026/2/3"}))).unwrap_err(),
            vec![
                "Item cannot be empty".to_string(),
                "AllocationDate '2026/02/30' must be YYYY/MM/DD".to_string(),
                "ProductionDate '2026/2/3' must be YYYY/MM/DD".to_string(),
                format!("Quantity '-1' {}", quantity_rule()),
            ]
        );
        assert_eq!(
            check(&cells(json!({"Item": "A", "Quantity": "1"}))).unwrap_err(),
            vec!["Missing column AllocationDate, ProductionDate".to_string()]
        );
    }

    #[test]
    fn a_holdover_of_more_than_one_day_is_a_warning() {
        let row = check(&cells(
            json!({"Item": "Wrap", "AllocationDate": "2026/11/25", "Quantity": "3", "ProductionDate": "2026/11/23"}),
        ))
        .unwrap();
        assert_eq!(
            holdover(&row).unwrap(),
            "Wrap: 2 days between ProductionDate 2026/11/23 and AllocationDate 2026/11/25"
        );
    }

    #[test]
    fn whole_file_errors() {
        assert_eq!(
            raw_rows(b"Item,Quantity\nA,1\n").unwrap_err(),
            vec!["Line 1: Missing column AllocationDate, ProductionDate".to_string()]
        );
        assert_eq!(
            raw_rows(b"Item,AllocationDate,Quantity,ProductionDate\n").unwrap_err(),
            vec!["The file has no rows".to_string()]
        );
        assert_eq!(raw_rows(&[0xff, 0xfe, 0x00]).unwrap_err(), vec!["Please upload a .csv file".to_string()]);
    }
}
