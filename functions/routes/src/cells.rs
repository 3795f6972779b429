//! Reading an uploaded row's cells: columns match case-insensitively, values
//! are trimmed, and each rule answers its own message.
use fleet_shared::entity::{RouteDate, StockingDate};
use fleet_shared::upload::RawRow;
use serde_json::Value;

/// The trimmed text of a column, or `None` when the column is absent or empty.
pub fn cell(row: &RawRow, column: &str) -> Option<String> {
    row.values
        .iter()
        .find(|(k, _)| k.trim().eq_ignore_ascii_case(column))
        .and_then(|(_, v)| match v {
            Value::String(s) => Some(s.trim().to_string()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
        .filter(|s| !s.is_empty())
}

/// A required cell, or `'{column}' is missing` into `errors`.
pub fn required(row: &RawRow, column: &str, errors: &mut Vec<String>) -> Option<String> {
    let v = cell(row, column);
    if v.is_none() {
        errors.push(format!("{column} cannot be empty"));
    }
    v
}

/// A whole number of 0 or more.
pub fn whole(row: &RawRow, column: &str, errors: &mut Vec<String>) -> Option<i64> {
    let text = required(row, column, errors)?;
    match text.parse::<i64>() {
        Ok(n) if n >= 0 => Some(n),
        _ => {
            errors.push(format!("{column} must be a whole number, not '{text}'"));
            None
        }
    }
}

/// A date cell, or `None` with its message in `errors`; answered as YYYY-MM-DD.
pub fn date(row: &RawRow, column: &str, errors: &mut Vec<String>) -> Option<String> {
    let text = required(row, column, errors)?;
    parse_date(column, &text).map(|d| d.to_string()).map_err(|e| errors.push(e)).ok()
}

/// YYYY-MM-DD, or M/D/YYYY as spreadsheets write it (trimmed text).
pub fn parse_date(column: &str, text: &str) -> Result<StockingDate, String> {
    RouteDate::parse(column, text).map(|d| d.day())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn row(v: Value) -> RawRow {
        RawRow { row: 2, values: v.as_object().cloned().unwrap() }
    }

    #[test]
    fn cells_are_found_by_any_case_and_checked() {
        let r = row(json!({ " Date ": "11/23/2026", "Stop": "7", "bad": "x1", "neg": "-1", "when": "2026-02-30" }));
        let mut e = Vec::new();
        assert_eq!(date(&r, "date", &mut e).as_deref(), Some("2026-11-23"));
        assert_eq!(whole(&r, "stop", &mut e), Some(7));
        assert_eq!(
            (
                whole(&r, "bad", &mut e),
                whole(&r, "neg", &mut e),
                date(&r, "when", &mut e),
                required(&r, "route", &mut e)
            ),
            (None, None, None, None)
        );
        assert_eq!(
            e,
            [
                "bad must be a whole number, not 'x1'",
                "neg must be a whole number, not '-1'",
                "when '2026-02-30' is not a date (YYYY-MM-DD or MM/DD/YYYY)",
                "route cannot be empty"
            ]
        );
    }
}
