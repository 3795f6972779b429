//! The coupon request (3-planning §3, §5, §9): an issue type from the list, a
//! value from the offered choices, and a validity whose end is not before its
//! start. Every message is the server's; the browser shows it as is.
use crate::reasons;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// The offered values (§9): '50 %' is PERCENT 50; '$N' is AMOUNT N.
pub const CHOICES: &[(&str, CouponType, i64)] = &[
    ("50 %", CouponType::Percent, 50),
    ("$2", CouponType::Amount, 2),
    ("$3", CouponType::Amount, 3),
    ("$5", CouponType::Amount, 5),
    ("$6", CouponType::Amount, 6),
    ("$8", CouponType::Amount, 8),
    ("$9", CouponType::Amount, 9),
    ("$10", CouponType::Amount, 10),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum CouponType {
    Amount,
    Percent,
}

/// The coupon asked for, as sent; `check` says what is wrong with it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(transform = fleet_shared::contract::sent_whole)]
pub struct CouponRequest {
    #[serde(default)]
    pub image_name: String,
    #[serde(rename = "type")]
    pub kind: Option<CouponType>,
    pub value: Option<CouponValue>,
    #[serde(default)]
    #[schemars(extend("x-plain-text" = "checked with the coupon's other rules, each broken one listed together (`rules::check`, 3-planning §2 wording)"))]
    pub start_date: String,
    #[serde(default)]
    #[schemars(extend("x-plain-text" = "checked with the coupon's other rules, each broken one listed together (`rules::check`, 3-planning §2 wording)"))]
    pub end_date: String,
}

/// The value as sent: a number, or a number written as text ("50").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum CouponValue {
    Number(serde_json::Number),
    Text(String),
}

impl CouponValue {
    fn whole(&self) -> Option<i64> {
        match self {
            CouponValue::Number(n) => n.as_i64(),
            CouponValue::Text(s) => s.trim().parse().ok(),
        }
    }
}

/// A request that passed every rule.
#[derive(Debug, Clone, PartialEq)]
pub struct Coupon {
    pub reason: String,
    pub kind: CouponType,
    pub value: i64,
    /// What the agent chose, as the list shows it ('$5', '50 %').
    pub display: String,
    pub start: NaiveDate,
    pub end: NaiveDate,
}

/// `YYYY-MM-DD`, or ISO date-time text (`YYYY-MM-DDT...`) whose date part is taken.
fn coupon_date(text: &str) -> Option<NaiveDate> {
    let t = text.trim();
    let date_only = t.len() == 10 || t.as_bytes().get(10) == Some(&b'T');
    fleet_shared::entity::StockingDate::read_loose(t.get(..10)?).map(|d| d.date()).filter(|_| date_only)
}

pub fn check(req: &CouponRequest) -> Result<Coupon, Vec<String>> {
    let mut errors = Vec::new();
    if !reasons::is_known(&req.image_name) {
        errors.push("Choose an issue type from the list".to_string());
    }
    let value = req.value.as_ref().and_then(CouponValue::whole);
    let choice = match (req.kind, value) {
        (Some(kind), Some(value)) => CHOICES.iter().find(|(_, k, v)| *k == kind && *v == value),
        _ => None,
    };
    if choice.is_none() {
        errors.push(format!(
            "The code value must be one of {}",
            CHOICES.iter().map(|(d, _, _)| *d).collect::<Vec<_>>().join(", ")
        ));
    }
    let start = coupon_date(&req.start_date);
    if start.is_none() {
        errors.push("Start date must be a date (YYYY-MM-DD)".to_string());
    }
    let end = coupon_date(&req.end_date);
    if end.is_none() {
        errors.push("End date must be a date (YYYY-MM-DD)".to_string());
    }
    if let (Some(s), Some(e)) = (start, end) {
        if e < s {
            errors.push("End date cannot be before start date".to_string());
        }
    }
    match (choice, start, end) {
        (Some((display, kind, value)), Some(start), Some(end)) if errors.is_empty() => Ok(Coupon {
            reason: req.image_name.clone(),
            kind: *kind,
            value: *value,
            display: display.to_string(),
            start,
            end,
        }),
        _ => Err(errors),
    }
}

/// The lists the browser offers, from the same definitions the server checks.
pub fn export() -> serde_json::Value {
    serde_json::json!({
        "categories": reasons::CATEGORIES,
        "reasons": reasons::REASONS.iter().map(|(c, r)| serde_json::json!({ "category": c, "reason": r, "label": reasons::label(c, r) })).collect::<Vec<_>>(),
        "values": CHOICES.iter().map(|(d, k, v)| serde_json::json!({ "display": d, "type": k, "value": v })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn req(v: serde_json::Value) -> CouponRequest {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn a_valid_request_and_every_refusal() {
        let ok = check(&req(json!({ "imageName": "Quality: Item expired", "type": "AMOUNT", "value": 5, "startDate": "2026-11-22", "endDate": "2026-12-22T00:00:00.000Z" }))).unwrap();
        assert_eq!(
            (ok.kind, ok.value, ok.display.as_str(), ok.end.to_string().as_str()),
            (CouponType::Amount, 5, "$5", "2026-12-22")
        );
        assert_eq!(check(&req(json!({ "imageName": "Quality: Item expired", "type": "PERCENT", "value": "50", "startDate": "2026-11-22", "endDate": "2026-11-22" }))).unwrap().display, "50 %");
        let e = check(&req(json!({ "imageName": "Free lunch", "type": "PERCENT", "value": 5, "startDate": "2026-11-22", "endDate": "2026-11-21" }))).unwrap_err();
        assert_eq!(
            e,
            vec![
                "Choose an issue type from the list".to_string(),
                "The code value must be one of 50 %, $2, $3, $5, $6, $8, $9, $10".to_string(),
                "End date cannot be before start date".to_string(),
            ]
        );
        let e = check(&req(
            json!({ "imageName": "Quality: Item expired", "type": "AMOUNT", "value": 4, "startDate": "22/11/2026" }),
        ))
        .unwrap_err();
        assert_eq!(e.len(), 3, "{e:?}");
    }

    #[test]
    fn a_date_or_a_date_followed_by_a_time_is_read() {
        let d = NaiveDate::from_ymd_opt(2026, 11, 22);
        assert_eq!((coupon_date(" 2026-11-22 "), coupon_date("2026-11-22T08:00:00Z")), (d, d));
        for refused in ["2026-11-22 08:00", "2026-11-2", "2026-11-22x", "22/11/2026", "2026-02-30", "é026-11-22"] {
            assert_eq!(coupon_date(refused), None, "{refused}");
        }
    }
}
