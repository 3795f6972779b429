//! Fridge time zones: a location's `timeZone` code, its IANA zone and the
//! short label the screens show. Times a user schedules are wall times in
//! the fridge's own zone, converted here (and only here) to instants.
use chrono::{DateTime, LocalResult, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Tz;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FridgeZone {
    pub code: &'static str,
    pub tz: Tz,
    pub label: &'static str,
}

/// The five codes of the location `timeZone` field (1-locations §3.1).
pub const ZONES: &[FridgeZone] = &[
    FridgeZone { code: "CHICAGO", tz: chrono_tz::America::Chicago, label: "CT" },
    FridgeZone { code: "NEWYORK", tz: chrono_tz::America::New_York, label: "ET" },
    FridgeZone { code: "DENVER", tz: chrono_tz::America::Denver, label: "MT" },
    FridgeZone { code: "LOSANGELES", tz: chrono_tz::America::Los_Angeles, label: "PT" },
    FridgeZone { code: "INDIANAPOLIS", tz: chrono_tz::America::Indiana::Indianapolis, label: "ET" },
];

impl FridgeZone {
    /// The zone of a `timeZone` code; an unknown or missing one is Central,
    /// the default of a new location.
    pub fn of(code: Option<&str>) -> FridgeZone {
        code.and_then(|c| ZONES.iter().find(|z| z.code == c)).copied().unwrap_or(ZONES[0])
    }

    pub fn iana(&self) -> &'static str {
        self.tz.name()
    }

    /// A wall time (`YYYY-MM-DDTHH:MM[:SS]`) in this zone as an instant. The
    /// skipped hour of spring-forward is refused; the repeated hour of
    /// fall-back is read as its first occurrence.
    pub fn instant(&self, local: &str) -> Result<DateTime<Utc>, String> {
        let naive = ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"]
            .iter()
            .find_map(|f| NaiveDateTime::parse_from_str(local.trim(), f).ok())
            .ok_or_else(|| format!("localDateTime {local} is not a date and time (YYYY-MM-DDTHH:MM)"))?;
        match self.tz.from_local_datetime(&naive) {
            LocalResult::Single(t) => Ok(t.with_timezone(&Utc)),
            LocalResult::Ambiguous(first, _) => Ok(first.with_timezone(&Utc)),
            LocalResult::None => Err(format!("{local} does not exist in {} (the clocks go forward)", self.label)),
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
    fn wall_times_are_read_in_the_fridge_zone() {
        let ct = FridgeZone::of(Some("CHICAGO"));
        assert_eq!(ct.instant("2026-11-25T18:00").unwrap().to_rfc3339(), "2026-11-26T00:00:00+00:00");
        let et = FridgeZone::of(Some("NEWYORK"));
        assert_eq!(et.instant("2026-07-01T09:30").unwrap().to_rfc3339(), "2026-07-01T13:30:00+00:00");
        assert_eq!(et.wall(et.instant("2026-07-01T09:30").unwrap()), "2026-07-01 09:30");
        assert_eq!((et.label, FridgeZone::of(Some("INDIANAPOLIS")).label, FridgeZone::of(Some("DENVER")).iana()), ("ET", "ET", "America/Denver"));
    }

    #[test]
    fn daylight_saving_gaps_and_overlaps() {
        let ct = FridgeZone::of(Some("CHICAGO"));
        assert_eq!(ct.instant("2026-03-08T02:30").unwrap_err(), "2026-03-08T02:30 does not exist in CT (the clocks go forward)");
        // 01:30 on 1 Nov 2026 happens twice in Chicago; the first is CDT (UTC-5).
        assert_eq!(ct.instant("2026-11-01T01:30").unwrap().to_rfc3339(), "2026-11-01T06:30:00+00:00");
        assert!(ct.instant("tomorrow").is_err());
    }
}
