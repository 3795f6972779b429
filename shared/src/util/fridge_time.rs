//! Fridge time: the one clock every function reads, and fridge time zones: a
//! location's `timeZone` code, its IANA zone and the short label the screens
//! show. Times a user schedules are wall times in the fridge's own zone,
//! converted here (and only here) to instants.
use chrono::{DateTime, LocalResult, SecondsFormat, TimeZone, Timelike, Utc};
use chrono_tz::Tz;
use std::cell::Cell;

thread_local! {
    /// A stopped clock for this thread (tests only set it, through [`ClockAt`]).
    static STOPPED_AT: Cell<Option<DateTime<Utc>>> = const { Cell::new(None) };
}

/// The one clock: the current instant, or the instant a test stopped it at.
pub fn now() -> DateTime<Utc> {
    STOPPED_AT.with(Cell::get).unwrap_or_else(Utc::now)
}

/// [`now`] as records store it: RFC 3339 in UTC with milliseconds, so
/// stored times sort as text.
pub fn now_text() -> String {
    stamp(now())
}

/// An instant as records store it (see [`now_text`]).
pub fn stamp(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// The stocking day turns at this Central hour (2-fleet §4.4, §9).
pub const DAY_STARTS_AT_HOUR: u32 = 18;

/// The stocking day an instant belongs to: its Central date, or the next
/// date from 18:00 Central on. Read on the wall clock, so a daylight-saving
/// change moves nothing.
pub fn stocking_day(t: DateTime<Utc>) -> chrono::NaiveDate {
    let local = t.with_timezone(&CENTRAL.tz);
    let date = local.date_naive();
    if local.hour() >= DAY_STARTS_AT_HOUR {
        date.succ_opt().unwrap_or(date)
    } else {
        date
    }
}

/// Stops this thread's clock at an instant until dropped. A `#[tokio::test]`
/// runs on one thread, so the code it awaits reads the same clock.
pub struct ClockAt {
    before: Option<DateTime<Utc>>,
}

impl ClockAt {
    pub fn new(at: DateTime<Utc>) -> ClockAt {
        ClockAt { before: STOPPED_AT.with(|c| c.replace(Some(at))) }
    }
}

impl Drop for ClockAt {
    fn drop(&mut self) {
        STOPPED_AT.with(|c| c.set(self.before));
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FridgeZone {
    pub code: &'static str,
    pub tz: Tz,
    pub label: &'static str,
}

/// Central: the default of a new location, and the zone of an unknown code.
pub const CENTRAL: FridgeZone = FridgeZone { code: "CHICAGO", tz: chrono_tz::America::Chicago, label: "CT" };

/// The five codes of the location `timeZone` field (1-locations §3.1).
pub const ZONES: &[FridgeZone] = &[
    CENTRAL,
    FridgeZone { code: "NEWYORK", tz: chrono_tz::America::New_York, label: "ET" },
    FridgeZone { code: "DENVER", tz: chrono_tz::America::Denver, label: "MT" },
    FridgeZone { code: "LOSANGELES", tz: chrono_tz::America::Los_Angeles, label: "PT" },
    FridgeZone { code: "INDIANAPOLIS", tz: chrono_tz::America::Indiana::Indianapolis, label: "ET" },
];

impl FridgeZone {
    /// The zone of a `timeZone` code; an unknown or missing one is Central,
    /// the default of a new location.
    pub fn of(code: Option<&str>) -> FridgeZone {
        code.and_then(|c| ZONES.iter().find(|z| z.code == c)).copied().unwrap_or(CENTRAL)
    }

    pub fn iana(&self) -> &'static str {
        self.tz.name()
    }

    /// A wall time (`YYYY-MM-DDTHH:MM[:SS]`, `dates::local_date_time`) in
    /// this zone as an instant.
    pub fn instant(&self, local: &str) -> Result<DateTime<Utc>, String> {
        let naive = crate::dates::local_date_time(local.trim())
            .ok_or_else(|| format!("localDateTime {local} is not a date and time (YYYY-MM-DDTHH:MM)"))?;
        self.instant_of(naive, local)
    }

    /// A parsed wall time in this zone as an instant (`shown` as it was
    /// written, for the message). The skipped hour of spring-forward is
    /// refused; the repeated hour of fall-back is read as its first occurrence.
    pub fn instant_of(&self, naive: chrono::NaiveDateTime, shown: &str) -> Result<DateTime<Utc>, String> {
        match self.tz.from_local_datetime(&naive) {
            LocalResult::Single(t) => Ok(t.with_timezone(&Utc)),
            LocalResult::Ambiguous(first, _) => Ok(first.with_timezone(&Utc)),
            LocalResult::None => Err(format!("{shown} does not exist in {} (the clocks go forward)", self.label)),
        }
    }

    /// An instant as this zone's wall time, `YYYY-MM-DD HH:MM`.
    pub fn wall(&self, t: DateTime<Utc>) -> String {
        t.with_timezone(&self.tz).format("%Y-%m-%d %H:%M").to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_clock_is_read_until_dropped() {
        let at = DateTime::from_timestamp(1_795_435_200, 0).unwrap();
        {
            let _clock = ClockAt::new(at);
            assert_eq!(now_text(), "2026-11-23T12:00:00.000Z");
        }
        assert_ne!(now(), at, "the real clock again");
    }

    #[test]
    fn wall_times_are_read_in_the_fridge_zone() {
        let ct = FridgeZone::of(Some("CHICAGO"));
        assert_eq!(ct.instant("2026-11-25T18:00").unwrap().to_rfc3339(), "2026-11-26T00:00:00+00:00");
        let et = FridgeZone::of(Some("NEWYORK"));
        assert_eq!(et.instant("2026-07-01T09:30").unwrap().to_rfc3339(), "2026-07-01T13:30:00+00:00");
        assert_eq!(et.wall(et.instant("2026-07-01T09:30").unwrap()), "2026-07-01 09:30");
        assert_eq!(
            (et.label, FridgeZone::of(Some("INDIANAPOLIS")).label, FridgeZone::of(Some("DENVER")).iana()),
            ("ET", "ET", "America/Denver")
        );
    }

    #[test]
    fn daylight_saving_gaps_and_overlaps() {
        let ct = FridgeZone::of(Some("CHICAGO"));
        assert_eq!(
            ct.instant("2026-03-08T02:30").unwrap_err(),
            "2026-03-08T02:30 does not exist in CT (the clocks go forward)"
        );
        // 01:30 on 1 Nov 2026 happens twice in Chicago; the first is CDT (UTC-5).
        assert_eq!(ct.instant("2026-11-01T01:30").unwrap().to_rfc3339(), "2026-11-01T06:30:00+00:00");
        assert!(ct.instant("tomorrow").is_err());
    }

    #[test]
    fn years_past_four_digits_and_leap_seconds_are_not_wall_times() {
        let ct = FridgeZone::of(Some("CHICAGO"));
        // Before: the year parsed, and the edge of chrono's range read as a clock change.
        assert_eq!(
            ct.instant("+262142-12-31T23:59").unwrap_err(),
            "localDateTime +262142-12-31T23:59 is not a date and time (YYYY-MM-DDTHH:MM)"
        );
        assert!(ct.instant("-0001-01-01T00:00").is_err());
        assert!(ct.instant("12026-01-01T00:00").is_err());
        assert!(ct.instant("2026-06-30T23:59:60").is_err(), "a leap second");
        assert_eq!(ct.instant("9999-12-31 23:59").unwrap().to_rfc3339(), "+10000-01-01T05:59:00+00:00");
        assert_eq!(FridgeZone::of(Some("MARS")), CENTRAL);
    }
}
