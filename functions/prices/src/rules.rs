//! The item price row (3-planning §5): schemaId, item and price required;
//! item in uppercase letters, digits or underscores; price a number of at
//! least 0 with at most 2 decimals. Prices are kept in cents, so '5' and
//! '5.00' are the same price.
use fleet_shared::upload::cell;
use serde_json::{Map, Value};

pub const COLUMNS: &[&str] = &["schemaId", "item", "price"];
/// Joins a price's key parts (`MW#COLD_BREW_12`): no part may hold it.
pub const KEY_SEPARATOR: char = '#';
pub const SCHEMA_SEPARATOR: &str = "schemaId cannot contain '#'";

#[derive(Debug, Clone, PartialEq)]
pub struct PriceRow {
    pub schema_id: String,
    pub item: String,
    pub cents: i64,
}

impl PriceRow {
    pub fn key(&self) -> String {
        format!("{}#{}", self.schema_id, self.item)
    }
}

/// '12', '12.5', '12.50' → cents; None for anything else (negative, 3 decimals, text).
pub fn cents(text: &str) -> Option<i64> {
    let t = text.trim();
    let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || whole.len() > 9 || frac.len() > 2 || (t.contains('.') && !digits(frac)) {
        return None;
    }
    let frac_cents = format!("{frac:0<2}").parse::<i64>().ok()?;
    Some(whole.parse::<i64>().ok()? * 100 + frac_cents)
}

/// Cents as the price is shown and exported: '5.00'.
pub fn price_text(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

pub fn check(values: &Map<String, Value>) -> Result<PriceRow, Vec<String>> {
    let missing: Vec<&str> = COLUMNS.iter().copied().filter(|c| cell(values, c).is_none()).collect();
    if !missing.is_empty() {
        return Err(vec![format!("Missing required columns: {}", missing.join(", "))]);
    }
    let get = |c: &str| cell(values, c).unwrap_or_default();
    let (schema_id, item, price) = (get("schemaId"), get("item"), get("price"));
    let mut errors = Vec::new();
    if schema_id.is_empty() {
        errors.push("schemaId cannot be empty".to_string());
    } else if schema_id.contains(KEY_SEPARATOR) {
        // The row's key is `schemaId#item`: a '#' in the schema would split it wrongly.
        errors.push(SCHEMA_SEPARATOR.to_string());
    }
    if item.is_empty() {
        errors.push("item cannot be empty".to_string());
    } else if !item.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_') {
        errors.push("item must contain only uppercase letters, digits or underscores".to_string());
    }
    let cents = cents(&price);
    if cents.is_none() {
        errors.push("price must be a number of at least 0 with at most 2 decimals".to_string());
    }
    match cents {
        Some(cents) if errors.is_empty() => Ok(PriceRow { schema_id, item, cents }),
        _ => Err(errors),
    }
}

/// The spec's duplicate message, on each line of a schemaId + item pair.
pub fn duplicate_message(others: &[u32]) -> String {
    format!(
        "Duplicate schemaId + item combination (also found in line(s) {})",
        others.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn prices_in_cents() {
        assert_eq!((cents("5"), cents("5.5"), cents("5.05"), cents("0")), (Some(500), Some(550), Some(505), Some(0)));
        for bad in ["-1", "5.123", "abc", "", "5.", ".5", "1e3", "5,00"] {
            assert_eq!(cents(bad), None, "{bad}");
        }
        assert_eq!(price_text(505), "5.05");
    }

    #[test]
    fn every_rule_with_its_message() {
        let row = |v: Value| check(v.as_object().unwrap());
        assert_eq!(
            row(json!({"schemaId": "MW", "item": "COLD_BREW_12", "price": "3.50"})).unwrap(),
            PriceRow { schema_id: "MW".into(), item: "COLD_BREW_12".into(), cents: 350 }
        );
        assert_eq!(
            row(json!({"schemaId": "", "item": "cold brew", "price": "3.505"})).unwrap_err(),
            vec![
                "schemaId cannot be empty".to_string(),
                "item must contain only uppercase letters, digits or underscores".to_string(),
                "price must be a number of at least 0 with at most 2 decimals".to_string(),
            ]
        );
        assert_eq!(
            row(json!({"item": "A"})).unwrap_err(),
            vec!["Missing required columns: schemaId, price".to_string()]
        );
        assert_eq!(
            row(json!({"schemaId": "MW#2", "item": "A", "price": "1"})).unwrap_err(),
            vec![SCHEMA_SEPARATOR.to_string()]
        );
        assert_eq!(duplicate_message(&[3, 9]), "Duplicate schemaId + item combination (also found in line(s) 3, 9)");
    }
}
