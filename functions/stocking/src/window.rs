//! Device time. Driver apps queue actions while offline, so `occurredAt` is
//! the device's clock: taken within a window around the server's, and
//! bucketed into the stocking day it belongs to (2-fleet §4.4, §9: 18:00
//! Central the previous day up to 18:00 Central the day).
use chrono::{DateTime, TimeDelta, Utc};
use fleet_shared::{dates, fridge_time, ApiError};

/// A device clock ahead of the server's by more than this is wrong, not early.
pub const MAX_FUTURE_SKEW_MINUTES: i64 = 5;
/// An action queued offline longer than this is refused (a van offline for a
/// whole day and a half is a lost device, not a late sync).
pub const MAX_AGE_HOURS: i64 = 36;
/// The stocking day and the hour it turns at are shared: the fridge tasks
/// ask "today's stop" too (`fleet_shared::fridge_time`).
pub use fleet_shared::fridge_time::{stocking_day, DAY_STARTS_AT_HOUR};

/// The Central hours at which a day's read of its actions is cut into slices read side by side
/// (`Dynamo::of_stocking_day`): routes start by 07:00 and most stops are done by midday, so the slices between
/// them hold most of a day, and each shard's ~2 MB at 100,000 fridges is about a page a slice.
pub const DAY_SLICED_AT_HOURS: [u32; 4] = [6, 8, 10, 12];

/// The `occurredSk` bounds of `day`'s slices: each the UTC minute `YYYY-MM-DDTHH:MM` of a `DAY_SLICED_AT_HOURS`
/// hour, a prefix of that minute's stamps, so no key equals one. None for a day that does not parse (read whole).
pub fn day_slices(day: &str) -> Vec<String> {
    use chrono::TimeZone;
    let Some(date) = fleet_shared::entity::StockingDate::of(day).map(|d| d.date()) else { return Vec::new() };
    DAY_SLICED_AT_HOURS
        .iter()
        .filter_map(|h| fridge_time::CENTRAL.tz.from_local_datetime(&date.and_hms_opt(*h, 0, 0)?).earliest())
        .map(|t| t.with_timezone(&Utc).format("%Y-%m-%dT%H:%M").to_string())
        .collect()
}

/// `occurredAt` read as an instant (RFC 3339, any offset).
pub fn parse(raw: &str) -> Result<DateTime<Utc>, ApiError> {
    dates::instant(raw.trim()).ok_or_else(|| {
        ApiError::bad_request("occurredAt must be a date and time with its offset (e.g. 2026-11-23T14:05:00Z)")
    })
}

/// Accepts `occurred` from `now - MAX_AGE_HOURS` up to `now + MAX_FUTURE_SKEW_MINUTES`, both edges included.
pub fn check(occurred: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), ApiError> {
    if occurred > now + TimeDelta::minutes(MAX_FUTURE_SKEW_MINUTES) {
        return Err(ApiError::bad_request(format!(
            "occurredAt {} is more than {MAX_FUTURE_SKEW_MINUTES} minutes ahead of the server's clock ({})",
            fridge_time::stamp(occurred),
            fridge_time::stamp(now)
        )));
    }
    if occurred < now - TimeDelta::hours(MAX_AGE_HOURS) {
        return Err(ApiError::bad_request(format!(
            "occurredAt {} is more than {MAX_AGE_HOURS} hours old; it cannot be recorded",
            fridge_time::stamp(occurred)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;
    use chrono::TimeZone;

    fn at(text: &str) -> DateTime<Utc> {
        dates::instant(text).unwrap()
    }

    fn central(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        fridge_time::CENTRAL.tz.with_ymd_and_hms(y, m, d, h, min, 0).single().unwrap().with_timezone(&Utc)
    }

    #[test]
    fn a_days_slices_are_cut_at_central_hours_and_below_every_stamp_of_their_minute() {
        // CST (UTC-6) in November, CDT (UTC-5) in May.
        assert_eq!(
            day_slices("2026-11-23"),
            ["2026-11-23T12:00", "2026-11-23T14:00", "2026-11-23T16:00", "2026-11-23T18:00"]
        );
        assert_eq!(day_slices("2031-05-14")[0], "2031-05-14T11:00");
        let at_bound = format!("{}#id", fridge_time::stamp(central(2026, 11, 23, 6, 0)));
        assert!(day_slices("2026-11-23")[0].as_str() < at_bound.as_str(), "06:00:00.000 is in the slice after");
        let before =
            format!("{}#id", fridge_time::stamp(central(2026, 11, 23, 5, 59) + TimeDelta::milliseconds(59_999)));
        assert!(before.as_str() < day_slices("2026-11-23")[0].as_str());
        assert!(day_slices("not a day").is_empty());
    }

    #[test]
    fn the_window_takes_both_edges_and_nothing_beyond() {
        let now = at("2026-11-23T12:00:00Z");
        assert!(check(at("2026-11-23T12:05:00Z"), now).is_ok());
        assert!(check(at("2026-11-22T00:00:00Z"), now).is_ok());
        assert_eq!(
            check(at("2026-11-23T12:05:00.001Z"), now).unwrap_err().to_string(),
            "occurredAt 2026-11-23T12:05:00.001Z is more than 5 minutes ahead of the server's clock (2026-11-23T12:00:00.000Z)"
        );
        assert_eq!(
            check(at("2026-11-21T23:59:59.999Z"), now).unwrap_err().to_string(),
            "occurredAt 2026-11-21T23:59:59.999Z is more than 36 hours old; it cannot be recorded"
        );
    }

    #[test]
    fn occurred_at_needs_an_offset() {
        assert_eq!(parse("2026-11-23T08:00:00-06:00").unwrap(), at("2026-11-23T14:00:00Z"));
        assert!(parse("2026-11-23T08:00:00").is_err());
        assert!(parse("yesterday").is_err());
    }

    #[test]
    fn the_stocking_day_turns_at_18_central() {
        let day = |s| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        assert_eq!(stocking_day(central(2026, 11, 23, 17, 59)), day("2026-11-23"));
        assert_eq!(stocking_day(central(2026, 11, 23, 18, 0)), day("2026-11-24"));
        assert_eq!(stocking_day(central(2026, 11, 23, 0, 0)), day("2026-11-23"));
        // Across the spring-forward (8 March 2026) and fall-back (1 November 2026) changes.
        for (y, m, d) in [(2026, 3, 7), (2026, 3, 8), (2026, 10, 31), (2026, 11, 1)] {
            let next = NaiveDate::from_ymd_opt(y, m, d).unwrap().succ_opt().unwrap();
            assert_eq!(stocking_day(central(y, m, d, 17, 59)), NaiveDate::from_ymd_opt(y, m, d).unwrap());
            assert_eq!(stocking_day(central(y, m, d, 18, 0)), next);
        }
        // 18:00 CDT is 23:00 UTC, 18:00 CST is 00:00 UTC the next day.
        assert_eq!(stocking_day(at("2026-07-01T22:59:59Z")), day("2026-07-01"));
        assert_eq!(stocking_day(at("2026-07-01T23:00:00Z")), day("2026-07-02"));
        assert_eq!(stocking_day(at("2026-12-01T23:59:59Z")), day("2026-12-01"));
        assert_eq!(stocking_day(at("2026-12-02T00:00:00Z")), day("2026-12-02"));
    }

    proptest::proptest! {
        /// Any instant lies in its stocking day's window: from 18:00 Central the
        /// day before (included) to 18:00 Central that day (excluded).
        #[test]
        fn an_instant_lies_in_its_stocking_days_window(secs in 1_700_000_000i64..1_900_000_000) {
            let t = DateTime::from_timestamp(secs, 0).unwrap();
            let day = stocking_day(t);
            let opens = |d: NaiveDate| {
                let wall = d.pred_opt().unwrap().and_hms_opt(DAY_STARTS_AT_HOUR, 0, 0).unwrap();
                fridge_time::CENTRAL.tz.from_local_datetime(&wall).earliest().unwrap().with_timezone(&Utc)
            };
            proptest::prop_assert!(opens(day) <= t && t < opens(day.succ_opt().unwrap()), "{t} in {day}");
        }

        /// The window accepts exactly the instants within its two bounds.
        #[test]
        fn the_window_accepts_exactly_its_bounds(offset in -200_000i64..2_000) {
            let now = at("2026-11-23T12:00:00Z");
            let t = now + TimeDelta::seconds(offset);
            let inside = (-MAX_AGE_HOURS * 3600..=MAX_FUTURE_SKEW_MINUTES * 60).contains(&offset);
            proptest::prop_assert_eq!(check(t, now).is_ok(), inside);
        }
    }
}
