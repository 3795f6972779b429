//! The reports' time rules (3-planning §5, §9; issue 25), one definition for
//! the server and, through rules.json, the browser: a range is two epoch
//! seconds, start before end, at most `MAX_RANGE_DAYS`; a day is a strict
//! YYYY-MM-DD read as the Central day; nothing older than the rows are kept.
//! Also the `ids` rule of cognitoemails (`UserIds`).
use chrono::{DateTime, NaiveDate, Utc};
use fleet_shared::contract::FIELD;
use fleet_shared::entity::report::KEEP_DAYS;
use fleet_shared::entity::StockingDate;
use fleet_shared::{fridge_time, limits};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// Most user ids one `cognitoemails?ids=` call names. The screen asks for the
/// users of the rows it shows in chunks of this many; a Cognito sub is 36
/// characters, so a chunk stays far under the HTTP API's URL limit.
pub const MAX_EMAIL_IDS: usize = 100;
/// cognitoemails without `ids` (issue: it answers the users it is asked about, never the directory).
pub const MISSING_IDS: &str = "ids cannot be null";

/// §5.
pub const MISSING: &str = "Start time or End time cannot be null";
pub const NOT_BEFORE: &str = "Start time cannot be equal or greater than end time";
/// Not in the spec (issue 25): the longest range one request may ask for.
pub const MAX_RANGE_DAYS: i64 = 31;
/// §9: a route temperature above this is highlighted.
pub const TEMPERATURE_HIGHLIGHT: f64 = 41.0;

pub fn too_long() -> String {
    format!("A range can cover at most {MAX_RANGE_DAYS} days.")
}

pub fn too_old() -> String {
    format!("Reports are kept {KEEP_DAYS} days; ask for a later date.")
}

/// A range's end as a query sends it: epoch seconds as text, from 2000 to 2100.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EpochSeconds(DateTime<Utc>);

impl EpochSeconds {
    /// Blank, `null` and `undefined` (what a browser's empty field sends) are no value.
    pub fn parse(field: &str, raw: &str) -> Result<Option<EpochSeconds>, String> {
        let text = raw.trim();
        if text.is_empty() || text == "null" || text == "undefined" {
            return Ok(None);
        }
        let n: i64 = text.parse().map_err(|_| format!("{field} must be epoch seconds"))?;
        // 2000-01-01 to 2100-01-01: anything else is a typo (milliseconds, say).
        if !(946_684_800..=4_102_444_800).contains(&n) {
            return Err(format!("{field} must be epoch seconds between 2000 and 2100"));
        }
        Ok(DateTime::from_timestamp(n, 0).map(EpochSeconds))
    }
}

/// Reads an optional range end where the request is read (`#[serde(deserialize_with)]`).
pub fn epoch_arg<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<EpochSeconds>, D::Error> {
    match Option::<String>::deserialize(d)? {
        None => Ok(None),
        Some(raw) => EpochSeconds::parse(FIELD, &raw).map_err(serde::de::Error::custom),
    }
}

impl schemars::JsonSchema for EpochSeconds {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "EpochSeconds".into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "format": "epoch-seconds" })
    }
}

/// A checked range `[start, end)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

impl Range {
    /// The Central days the range touches, in order.
    pub fn days(&self) -> Vec<NaiveDate> {
        let tz = fridge_time::CENTRAL.tz;
        let (first, last) = (self.start.with_timezone(&tz).date_naive(), self.end.with_timezone(&tz).date_naive());
        first.iter_days().take_while(|d| *d <= last).collect()
    }
}

pub fn range(start: Option<EpochSeconds>, end: Option<EpochSeconds>, now: DateTime<Utc>) -> Result<Range, String> {
    let (Some(EpochSeconds(start)), Some(EpochSeconds(end))) = (start, end) else { return Err(MISSING.into()) };
    if start >= end {
        return Err(NOT_BEFORE.into());
    }
    if end - start > chrono::Duration::days(MAX_RANGE_DAYS) {
        return Err(too_long());
    }
    if start < now - chrono::Duration::days(KEEP_DAYS) {
        return Err(too_old());
    }
    Ok(Range { start, end })
}

/// A report's `{date}` (strict YYYY-MM-DD, parsed at the edge): a Central day within the kept days.
pub fn day(date: StockingDate, now: DateTime<Utc>) -> Result<NaiveDate, String> {
    let d = date.date();
    let today = now.with_timezone(&fridge_time::CENTRAL.tz).date_naive();
    if (today - d).num_days() >= KEEP_DAYS {
        return Err(too_old());
    }
    Ok(d)
}

/// The `ids` of a cognitoemails call: 1 to `MAX_EMAIL_IDS` distinct user ids
/// (a repeat counts once), each 1 to `limits::MAX_ID_CHARS` characters, none
/// with a control character. Checked once here; what holds one is a checked set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserIds(BTreeSet<String>);

impl UserIds {
    /// `raw` is the comma-separated query parameter; absent is `MISSING_IDS`.
    pub fn parse(raw: Option<&str>) -> Result<Self, String> {
        let raw = raw.filter(|r| !r.trim().is_empty()).ok_or(MISSING_IDS)?;
        let mut ids = BTreeSet::new();
        for id in raw.split(',').map(str::trim) {
            if id.is_empty() || id.chars().count() > limits::MAX_ID_CHARS || id.chars().any(|c| c.is_control()) {
                return Err(format!(
                    "ids must be comma-separated user ids of 1 to {} characters each",
                    limits::MAX_ID_CHARS
                ));
            }
            ids.insert(id.to_string());
        }
        if ids.len() > MAX_EMAIL_IDS {
            return Err(format!("ids can name at most {MAX_EMAIL_IDS} users a call"));
        }
        Ok(UserIds(ids))
    }

    pub fn as_set(&self) -> &BTreeSet<String> {
        &self.0
    }
}

pub fn export() -> Value {
    json!({
        "missing": MISSING,
        "notBefore": NOT_BEFORE,
        "maxRangeDays": MAX_RANGE_DAYS,
        "tooLong": too_long(),
        "keepDays": KEEP_DAYS,
        "tooOld": too_old(),
        "temperatureHighlight": TEMPERATURE_HIGHLIGHT,
        "loadFailed": "Unable to load data, Please check your internet and your permissions",
        "noData": "NO Data to Load",
        "errorRow": "Error while processing this request",
        "maxEmailIds": MAX_EMAIL_IDS,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use fleet_shared::dates;
    use proptest::prelude::*;

    fn now() -> DateTime<Utc> {
        dates::instant("2026-11-25T15:00:00Z").unwrap()
    }

    /// The range of two query texts, each read as the request's edge reads it.
    fn range_of(start: Option<&str>, end: Option<&str>, now: DateTime<Utc>) -> Result<Range, String> {
        let read = |field, raw: Option<&str>| raw.map_or(Ok(None), |raw| EpochSeconds::parse(field, raw));
        range(read("startTime", start)?, read("endTime", end)?, now)
    }

    #[test]
    fn a_range_needs_both_ends_in_order_within_the_longest_and_the_kept_days() {
        let r = |s: &str, e: &str| range_of(Some(s), Some(e), now());
        assert_eq!(range_of(None, Some("1795478400"), now()).unwrap_err(), MISSING);
        assert_eq!(r("", "1795478400").unwrap_err(), MISSING);
        assert_eq!(r("1795478400", "1795478400").unwrap_err(), NOT_BEFORE);
        assert_eq!(r("1795478401", "1795478400").unwrap_err(), NOT_BEFORE);
        assert_eq!(r("x", "1795478400").unwrap_err(), "startTime must be epoch seconds");
        assert_eq!(
            r("1795478400000", "1795478400").unwrap_err(),
            "startTime must be epoch seconds between 2000 and 2100"
        );
        assert_eq!(r("1792478400", "1795478400").unwrap_err(), too_long());
        assert_eq!(r("1700000000", "1700086400").unwrap_err(), too_old());
        let ok = r("1795478400", "1795564800").unwrap(); // 2026-11-24T00:00Z .. +1 day
        assert!(ok.start < ok.end);
    }

    #[test]
    fn a_range_touches_the_central_days_it_spans() {
        // 2026-11-25 03:00Z is 21:00 Central on the 24th; 2026-11-26 05:00Z is 23:00 on the 25th.
        let r = Range {
            start: dates::instant("2026-11-25T03:00:00Z").unwrap(),
            end: dates::instant("2026-11-26T05:00:00Z").unwrap(),
        };
        let days: Vec<String> = r.days().iter().map(|d| d.to_string()).collect();
        assert_eq!(days, ["2026-11-24", "2026-11-25"]);
    }

    #[test]
    fn a_day_is_strict_and_within_the_kept_days() {
        let date = |raw: &str| StockingDate::parse("date", raw);
        assert_eq!(day(date("2026-11-25").unwrap(), now()).unwrap().to_string(), "2026-11-25");
        for refused in ["2026-11-5", "11/25/2026", ""] {
            assert_eq!(date(refused).unwrap_err().to_string(), "date must be a date (YYYY-MM-DD)");
        }
        assert_eq!(day(date("2026-01-01").unwrap(), now()).unwrap_err(), too_old());
    }

    proptest! {
        #[test]
        fn the_rules_never_panic(s in proptest::option::of(".{0,16}"), e in proptest::option::of(".{0,16}"), d in ".{0,12}") {
            let _ = range_of(s.as_deref(), e.as_deref(), now());
            if let Ok(d) = StockingDate::parse("date", &d) {
                let _ = day(d, now());
            }
        }

        #[test]
        fn an_accepted_range_is_ordered_and_bounded(a in 1_760_000_000i64..1_770_000_000, len in 1i64..4_000_000) {
            if let Ok(r) = range_of(Some(&a.to_string()), Some(&(a + len).to_string()), now()) {
                prop_assert!(r.start < r.end && r.end - r.start <= chrono::Duration::days(MAX_RANGE_DAYS));
                prop_assert!(!r.days().is_empty() && r.days().len() <= MAX_RANGE_DAYS as usize + 2);
            }
        }
    }
}
