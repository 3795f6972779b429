//! LogiNext sync rules (2-fleet §2.7, §5, §8, §9; issue 24), one definition
//! for the server and, through rules.json, the browser: the daily window in
//! which no sync may start (17:30 up to 17:50 Central, on the wall clock, so
//! a daylight-saving change moves nothing), and the checks of a sync request.
//! The sync itself: `start` records a job and queues one message per date,
//! `worker` plans each date through the routing service (`client`) and
//! writes the routes back (`plan`), `job` is what the screen lists.
pub mod client;
pub mod job;
pub mod plan;
pub mod start;
pub mod store;
pub mod worker;

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use fleet_shared::fridge_time;
use serde_json::{json, Value};

/// The action that starts a sync (group "Routes"; not named by the spec).
pub const SYNC_ACTION: &str = "SyncLogiNext";
/// §9: no sync starts from 17:30:00 Central up to, not including, 17:50:00.
pub const BLOCK_FROM: (u32, u32) = (17, 30);
pub const BLOCK_UNTIL: (u32, u32) = (17, 50);
/// §5 tooltip of the disabled Sync.
pub const BLOCKED_MESSAGE: &str = "All LogiNext routes are being synced. Please try again after 5:50pm CT.";
/// §5 messages.
pub const END_BEFORE_START: &str = "\"End Date\" can not be before \"Start Date\". ";
pub const BEFORE_TODAY: &str = "Dates cannot be before today.";
pub const NO_CENTER: &str = "Select at least one Fulfillment Center.";
/// Not in the spec: one sync covers at most this many days (one queue
/// message and one routing-service call per day; see docs/decisions/routes-and-loginext.md).
pub const MAX_SPAN_DAYS: i64 = 14;
pub const SPAN_TOO_LONG: &str = "A sync can cover at most 14 days.";
/// §5: never offered, never sent.
pub const EXCLUDED_CENTER: &str = fleet_shared::names::NOT_A_CENTER;
/// §8.
pub const SUCCESS_MESSAGE: &str =
    "LogiNext syncing has been initiated successfully, but it's still in progress. It may take some time to complete.";
pub const ERROR_PREFIX: &str = "LogiNext syncing error. ";

fn time((h, m): (u32, u32)) -> NaiveTime {
    NaiveTime::from_hms_opt(h, m, 0).unwrap_or(NaiveTime::MIN)
}

/// Whether a sync may not start at `now` (Central wall clock in [17:30, 17:50)).
pub fn blocked(now: DateTime<Utc>) -> bool {
    let local = now.with_timezone(&fridge_time::CENTRAL.tz).time();
    local >= time(BLOCK_FROM) && local < time(BLOCK_UNTIL)
}

/// Today's date in Central: no sync date may be before it.
pub fn today(now: DateTime<Utc>) -> NaiveDate {
    now.with_timezone(&fridge_time::CENTRAL.tz).date_naive()
}

/// A checked sync request.
#[derive(Debug, Clone, PartialEq)]
pub struct SyncRequest {
    pub start: NaiveDate,
    pub end: NaiveDate,
    /// Trimmed, de-duplicated, sorted; never 'Does Not Exist'.
    pub centers: Vec<String>,
}

/// §5 checks of a request at `now`, every failure named.
pub fn check(start: &str, end: &str, centers: &[String], now: DateTime<Utc>) -> Result<SyncRequest, Vec<String>> {
    let mut errors = Vec::new();
    let parse = |field: &str, raw: &str, errors: &mut Vec<String>| {
        let d = fleet_shared::entity::StockingDate::of(raw.trim()).map(|d| d.date());
        if d.is_none() {
            errors.push(format!("{field} must be a date (YYYY-MM-DD)"));
        }
        d
    };
    let (s, e) = (parse("startDate", start, &mut errors), parse("endDate", end, &mut errors));
    if let (Some(s), Some(e)) = (s, e) {
        if e < s {
            errors.push(END_BEFORE_START.into());
        }
        if s < today(now) || e < today(now) {
            errors.push(BEFORE_TODAY.into());
        }
        if (e - s).num_days() >= MAX_SPAN_DAYS {
            errors.push(SPAN_TOO_LONG.into());
        }
    }
    let mut chosen: Vec<String> =
        centers.iter().map(|c| c.trim().to_string()).filter(|c| !c.is_empty() && c != EXCLUDED_CENTER).collect();
    chosen.sort();
    chosen.dedup();
    if chosen.is_empty() {
        errors.push(NO_CENTER.into());
    }
    match (s, e) {
        (Some(start), Some(end)) if errors.is_empty() => Ok(SyncRequest { start, end, centers: chosen }),
        _ => Err(errors),
    }
}

impl SyncRequest {
    /// Every date of the span, in order.
    pub fn dates(&self) -> Vec<String> {
        self.start.iter_days().take_while(|d| *d <= self.end).map(|d| d.to_string()).collect()
    }
}

/// What the browser reads from rules.json.
pub fn export() -> Value {
    json!({
        "blockFrom": format!("{:02}:{:02}", BLOCK_FROM.0, BLOCK_FROM.1),
        "blockUntil": format!("{:02}:{:02}", BLOCK_UNTIL.0, BLOCK_UNTIL.1),
        "blockedMessage": BLOCKED_MESSAGE,
        "endBeforeStart": END_BEFORE_START,
        "beforeToday": BEFORE_TODAY,
        "noCenter": NO_CENTER,
        "maxSpanDays": MAX_SPAN_DAYS,
        "spanTooLong": SPAN_TOO_LONG,
        "excludedCenter": EXCLUDED_CENTER,
        "successMessage": SUCCESS_MESSAGE,
        "errorPrefix": ERROR_PREFIX,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn at(text: &str) -> DateTime<Utc> {
        fleet_shared::dates::instant(text).unwrap()
    }

    #[test]
    fn the_window_runs_from_1730_up_to_1750_central_in_summer_and_winter() {
        // CDT (UTC-5), 2026-07-15.
        assert!(!blocked(at("2026-07-15T22:29:59Z")));
        assert!(blocked(at("2026-07-15T22:30:00Z")));
        assert!(blocked(at("2026-07-15T22:49:59Z")));
        assert!(!blocked(at("2026-07-15T22:50:00Z")));
        // CST (UTC-6), 2026-12-15.
        assert!(!blocked(at("2026-12-15T23:29:59Z")));
        assert!(blocked(at("2026-12-15T23:30:00Z")));
        assert!(blocked(at("2026-12-15T23:49:59Z")));
        assert!(!blocked(at("2026-12-15T23:50:00Z")));
    }

    #[test]
    fn the_window_follows_the_wall_clock_across_daylight_saving_changes() {
        // 2026-03-08 (clocks forward at 02:00): 17:30 CDT is 22:30 UTC that day; the day before it was 23:30.
        assert!(blocked(at("2026-03-07T23:30:00Z")) && !blocked(at("2026-03-07T22:30:00Z")));
        assert!(blocked(at("2026-03-08T22:30:00Z")) && !blocked(at("2026-03-08T23:30:00Z")));
        // 2026-11-01 (clocks back at 02:00): 17:30 CST is 23:30 UTC; the day before, 22:30.
        assert!(blocked(at("2026-10-31T22:30:00Z")) && !blocked(at("2026-10-31T23:50:00Z")));
        assert!(blocked(at("2026-11-01T23:30:00Z")) && !blocked(at("2026-11-01T22:30:00Z")));
    }

    #[test]
    fn a_request_needs_ordered_dates_from_today_and_a_center() {
        let now = at("2026-11-24T15:00:00Z");
        let centers = |c: &[&str]| c.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let ok = check("2026-11-24", "2026-11-26", &centers(&[" Chicago ", "Chicago", "Does Not Exist"]), now).unwrap();
        assert_eq!(ok.centers, ["Chicago"]);
        assert_eq!(check("2026-11-26", "2026-11-25", &centers(&["A"]), now).unwrap_err(), [END_BEFORE_START]);
        assert_eq!(check("2026-11-23", "2026-11-25", &centers(&["A"]), now).unwrap_err(), [BEFORE_TODAY]);
        assert_eq!(check("2026-11-24", "2026-11-24", &centers(&["Does Not Exist"]), now).unwrap_err(), [NO_CENTER]);
        assert_eq!(
            check("x", "2026-11-24", &centers(&["A"]), now).unwrap_err(),
            ["startDate must be a date (YYYY-MM-DD)"]
        );
        let long = check("2026-11-24", "2026-12-08", &centers(&["A"]), now).unwrap_err();
        assert_eq!(long, [SPAN_TOO_LONG]);
        let most = check("2026-11-24", "2026-12-07", &centers(&["A"]), now).unwrap();
        assert_eq!((most.dates().len(), most.dates()[13].as_str()), (14, "2026-12-07"));
        // 23:30 CST on the 23rd is already the 24th in UTC: today is still the 23rd in Central.
        assert!(check("2026-11-23", "2026-11-23", &centers(&["A"]), at("2026-11-24T05:30:00Z")).is_ok());
    }

    proptest! {
        #[test]
        fn checking_never_panics(start in ".{0,12}", end in ".{0,12}", centers in proptest::collection::vec(".{0,8}", 0..4), secs in 0i64..4_000_000_000) {
            let now = DateTime::from_timestamp(secs, 0).unwrap();
            let _ = check(&start, &end, &centers, now);
            let _ = blocked(now);
        }
    }
}
