//! The allocation deadlines of 1-locations §9: allocation must be on before
//! 6 pm (fridge time) the day before a stocking day, and for Northeast
//! fridges before 6 pm two days before it. Pure: the detail page's warning.
use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime};
use fleet_shared::entity::location::StockingSchedule;

pub const DEADLINE_HOUR: u32 = 18;

fn stocks_on(schedule: &StockingSchedule, date: NaiveDate) -> bool {
    let day = crate::attributes::DAYS[date.weekday().num_days_from_monday() as usize];
    schedule.get(day) == Some(&1)
}

fn deadline(stocking: NaiveDate, lead_days: i64) -> NaiveDateTime {
    (stocking - Duration::days(lead_days)).and_time(NaiveTime::from_hms_opt(DEADLINE_HOUR, 0, 0).expect("valid time"))
}

/// For an allocation that turns on at fridge wall time `at`: `None` when it
/// is in time for the next stocking day, else a warning naming the stocking
/// it misses and the first one it serves.
pub fn allocation_warning(
    at: NaiveDateTime,
    schedule: &StockingSchedule,
    northeast: bool,
    zone_label: &str,
) -> Option<String> {
    let lead = if northeast { 2 } else { 1 };
    let stocking_days: Vec<NaiveDate> =
        (1..=21).map(|d| at.date() + Duration::days(d)).filter(|d| stocks_on(schedule, *d)).collect();
    let next = *stocking_days.first()?;
    if at < deadline(next, lead) {
        return None;
    }
    let served = stocking_days.iter().find(|d| at < deadline(**d, lead));
    let rule = if northeast { " (Northeast: two days before)" } else { "" };
    let first = served.map(|d| format!("; first stocking with it: {}", d.format("%a %b %-d"))).unwrap_or_default();
    Some(format!(
        "Lands after the 6 pm {zone_label} allocation deadline{rule} for the stocking of {}{first}",
        next.format("%a %b %-d")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn schedule(v: Value) -> StockingSchedule {
        serde_json::from_value(v).unwrap()
    }

    fn at(s: &str) -> NaiveDateTime {
        fleet_shared::dates::iso_date_minutes(s).unwrap()
    }
    const WEEKDAYS: &str = r#"{"Monday":1,"Tuesday":1,"Wednesday":1,"Thursday":1,"Friday":1,"Saturday":0,"Sunday":0}"#;

    #[test]
    fn before_six_is_in_time_after_six_misses_the_next_stocking() {
        let s: StockingSchedule = serde_json::from_str(WEEKDAYS).unwrap();
        // Mon 23 Nov 2026.
        assert_eq!(allocation_warning(at("2026-11-23 17:59"), &s, false, "CT"), None);
        assert_eq!(
            allocation_warning(at("2026-11-23 18:00"), &s, false, "CT").unwrap(),
            "Lands after the 6 pm CT allocation deadline for the stocking of Tue Nov 24; first stocking with it: Wed Nov 25"
        );
        // Friday evening: the next stocking is Monday, whose deadline is Sunday 6 pm.
        assert_eq!(allocation_warning(at("2026-11-27 20:00"), &s, false, "CT"), None);
    }

    #[test]
    fn northeast_fridges_need_two_days() {
        let s = schedule(
            json!({"Monday": 1, "Tuesday": 1, "Wednesday": 0, "Thursday": 1, "Friday": 0, "Saturday": 0, "Sunday": 1}),
        );
        // Mon 23 Nov 10:00: Tuesday's deadline was Sunday 6 pm; Thursday's is Tuesday 6 pm.
        assert_eq!(
            allocation_warning(at("2026-11-23 10:00"), &s, true, "ET").unwrap(),
            "Lands after the 6 pm ET allocation deadline (Northeast: two days before) for the stocking of Tue Nov 24; first stocking with it: Thu Nov 26"
        );
        // Fri 20 Nov 17:00: in time for Sunday (deadline Friday 6 pm).
        assert_eq!(allocation_warning(at("2026-11-20 17:00"), &s, true, "ET"), None);
        assert_eq!(allocation_warning(at("2026-11-21 17:00"), &StockingSchedule::new(), true, "ET"), None);
    }
}
