//! The one place dates and times are parsed from text. Each form a screen,
//! file or record uses has its function; callers never name a format string.
use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, NaiveTime, Timelike, Utc};

/// `YYYY-MM-DD` (chrono's reading: a one-digit month or day is accepted).
pub fn iso_date(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

/// `YYYY-MM-DD` with exactly ten characters, as a stored date key is written.
pub fn iso_date_exact(text: &str) -> Option<NaiveDate> {
    (text.len() == 10).then(|| iso_date(text)).flatten()
}

/// `MM/DD/YYYY`, the form spreadsheets write.
pub fn us_date(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text, "%m/%d/%Y").ok()
}

/// `YYYY-MM-DD` or, failing that, `MM/DD/YYYY`.
pub fn iso_or_us_date(text: &str) -> Option<NaiveDate> {
    iso_date(text).or_else(|| us_date(text))
}

/// `YYYYMMDD`, the date of a path parameter.
pub fn compact_date(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y%m%d").ok()
}

/// `YYYY/MM/DD`.
pub fn slash_date(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text, "%Y/%m/%d").ok()
}

/// An RFC 3339 instant with any offset, as UTC.
pub fn instant(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text).ok().map(|t| t.with_timezone(&Utc))
}

/// `MM/DD/YYYY HH:MM` (no zone: the caller says whose wall time it is).
pub fn us_date_minutes(text: &str) -> Option<NaiveDateTime> {
    NaiveDateTime::parse_from_str(text, "%m/%d/%Y %H:%M").ok()
}

/// `MM/DD/YYYY HH:MM:SS` (no zone).
pub fn us_date_seconds(text: &str) -> Option<NaiveDateTime> {
    NaiveDateTime::parse_from_str(text, "%m/%d/%Y %H:%M:%S").ok()
}

/// `YYYY-MM-DD HH:MM` (no zone).
pub fn iso_date_minutes(text: &str) -> Option<NaiveDateTime> {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M").ok()
}

/// A wall time as a `datetime-local` field or a person writes it:
/// `YYYY-MM-DDTHH:MM[:SS]` or the same with a space (no zone).
/// `%Y` alone takes any signed year and `%S` a leap second (:60); neither is
/// a time a user means, and years past 9999 reach chrono's edge, so both are refused.
pub fn local_date_time(text: &str) -> Option<NaiveDateTime> {
    ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"]
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(text, f).ok())
        .filter(|n| (1..=9999).contains(&n.year()) && n.nanosecond() < 1_000_000_000)
}

/// `HH:MM`, exactly five characters.
pub fn hh_mm(text: &str) -> Option<NaiveTime> {
    (text.len() == 5).then(|| NaiveTime::parse_from_str(text, "%H:%M").ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn each_form_reads_its_own_text_only() {
        let d = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        assert_eq!(
            (iso_date("2026-11-23"), us_date("11/23/2026"), compact_date("20261123")),
            (Some(d), Some(d), Some(d))
        );
        assert_eq!((slash_date("2026/11/23"), iso_or_us_date("11/23/2026")), (Some(d), Some(d)));
        assert_eq!((iso_date("11/23/2026"), us_date("2026-11-23"), iso_date_exact("2026-1-05")), (None, None, None));
        assert_eq!(iso_date("2026-02-30"), None);
        assert_eq!(
            instant("2026-11-23T06:00:00-06:00").map(|t| t.to_rfc3339()),
            Some("2026-11-23T12:00:00+00:00".into())
        );
        assert_eq!((hh_mm("09:30").is_some(), hh_mm("9:30"), hh_mm("24:00")), (true, None, None));
        assert!(us_date_minutes("11/23/2026 18:00").is_some() && us_date_seconds("11/23/2026 18:00:05").is_some());
        assert!(iso_date_minutes("2026-11-23 18:00").is_some());
    }

    proptest! {
        #[test]
        fn no_text_panics_any_parser(text in "\\PC{0,24}") {
            let _ = (iso_date(&text), iso_date_exact(&text), us_date(&text), compact_date(&text), slash_date(&text));
            let _ = (instant(&text), us_date_minutes(&text), us_date_seconds(&text), iso_date_minutes(&text), hh_mm(&text));
        }
    }
}
