//! Report functions: parse at the boundary (the range and date rules), then
//! run the report (`service`) over the DynamoDB store. Each answers its own
//! report only; none writes.
use crate::range::{self, EpochSeconds, Range};
use crate::rows::{EmptyChannelRow, StockOutRow, TemperatureRow};
use crate::service;
use crate::store::Dynamo;
use chrono::{DateTime, Utc};
use fleet_shared::contract::{Ctx, Page};
use fleet_shared::entity::StockingDate;
use fleet_shared::{driver_log, ApiError, Deps};
use serde::Deserialize;

pub use crate::service::{emails_of, Emails};

/// Route temperature rows a page holds at most.
pub const PAGE: usize = 1000;

/// A day report's path parameter (`/reports/…/{date}`).
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = fleet_shared::contract::sent_whole)]
pub struct DayArgs {
    /// Parsed at the edge ("date must be a date (YYYY-MM-DD)"); `range::day` checks it is kept.
    date: StockingDate,
}

/// A range report's query parameters (epoch seconds as text, checked by `range::range`).
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(transform = fleet_shared::contract::sent(&["startTime", "endTime"]))]
pub struct RangeArgs {
    #[serde(default, deserialize_with = "range::epoch_arg")]
    start_time: Option<EpochSeconds>,
    #[serde(default, deserialize_with = "range::epoch_arg")]
    end_time: Option<EpochSeconds>,
    #[serde(default)]
    next_token: Option<String>,
}

fn day_of(args: &DayArgs, now: DateTime<Utc>) -> Result<chrono::NaiveDate, ApiError> {
    range::day(args.date, now).map_err(ApiError::bad_request)
}

/// A range's `startTime` and `endTime`, checked by `range::range` (the driver
/// log, route temperatures and cognitoemails take it alike).
fn range_of(start: Option<EpochSeconds>, end: Option<EpochSeconds>, now: DateTime<Utc>) -> Result<Range, ApiError> {
    range::range(start, end, now).map_err(ApiError::bad_request)
}

/// GET /reports/emptychannel/{date}: the slots that became empty that Central
/// day, when each was restocked, and the location's route and market that day.
pub async fn empty_channels(deps: &'static Deps, ctx: Ctx, args: DayArgs) -> Result<Vec<EmptyChannelRow>, ApiError> {
    let day = day_of(&args, ctx.now)?;
    service::empty_channels(&Dynamo(deps), day, ctx.now).await
}

/// GET /reports/stockouts/{date}: the items a fridge ran out of that Central
/// day, when each came back, and for an open one the fridge's next stop.
pub async fn stock_outs(deps: &'static Deps, ctx: Ctx, args: DayArgs) -> Result<Vec<StockOutRow>, ApiError> {
    let day = day_of(&args, ctx.now)?;
    service::stock_outs(&Dynamo(deps), day, ctx.now).await
}

/// GET /reports/routetemperatures?startTime=&endTime=[&nextToken=]: the
/// temperatures drivers read at their stops (LocationStocked) and in their
/// vans (VanTemperature), a page of
/// actions at a time across the stocking days the range touches.
pub async fn route_temperatures(
    deps: &'static Deps,
    ctx: Ctx,
    args: RangeArgs,
) -> Result<Page<TemperatureRow>, ApiError> {
    let r = range_of(args.start_time, args.end_time, ctx.now)?;
    service::route_temperatures(&Dynamo(deps), r, args.next_token.as_deref(), PAGE).await
}

/// GET /reports/driverlog?startTime=&endTime=[&nextToken=]: the driver log's
/// entries in the range, oldest first, a page at a time across its days.
pub async fn driver_log(deps: &'static Deps, ctx: Ctx, args: RangeArgs) -> Result<Page<driver_log::LogView>, ApiError> {
    let r = range_of(args.start_time, args.end_time, ctx.now)?;
    service::driver_log(&Dynamo(deps), r, args.next_token.as_deref(), PAGE).await
}

/// cognitoemails' checked `ids`, and the most one call names (the rule is in
/// `range`, its bound shared with the browser through rules.json).
pub use crate::range::{UserIds, MAX_EMAIL_IDS};

/// cognitoemails' query parameters: the users asked about, and the driver
/// log's range they are looked for in (taken as the driver log takes it).
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(transform = fleet_shared::contract::sent(&["ids", "startTime", "endTime"]))]
pub struct EmailArgs {
    /// Comma-separated user ids, checked by `UserIds::parse`.
    #[serde(default)]
    ids: Option<String>,
    /// Epoch seconds as text, checked by `range::range` as the driver log's.
    #[serde(default, deserialize_with = "range::epoch_arg")]
    start_time: Option<EpochSeconds>,
    #[serde(default, deserialize_with = "range::epoch_arg")]
    end_time: Option<EpochSeconds>,
}

/// GET /reports/driverlog/cognitoemails?ids=a,b&startTime=&endTime=:
/// `{emails: {userId: email}}` (3-planning §7) of the users `ids` names who
/// made a call in the driver log of that range; the others are left out. The
/// screen asks for the callers of the rows it shows, so the answer never
/// reaches past them into the staff directory (issue 38).
pub async fn cognito_emails(deps: &'static Deps, ctx: Ctx, args: EmailArgs) -> Result<Emails, ApiError> {
    let r = range_of(args.start_time, args.end_time, ctx.now)?;
    let ids = UserIds::parse(args.ids.as_deref()).map_err(ApiError::bad_request)?;
    service::emails(&Dynamo(deps), r, &ids).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::PoolUser;
    use std::collections::BTreeSet;

    fn user(sub: &str) -> PoolUser {
        PoolUser { sub: sub.into(), email: format!("{sub}@fleet.test") }
    }

    #[test]
    fn only_the_users_named_are_answered_and_the_shape_is_kept() {
        let users = vec![user("a"), user("b"), user("c")];
        let ids = UserIds::parse(Some("c, a,a,zz")).unwrap();
        let some = serde_json::to_value(emails_of(users, ids.as_set())).unwrap();
        assert_eq!(some, serde_json::json!({ "emails": { "a": "a@fleet.test", "c": "c@fleet.test" } }));
        assert_eq!(emails_of(vec![user("a")], &BTreeSet::new()).emails.len(), 0, "none named, none answered");
    }

    #[test]
    fn ids_are_required_bounded_and_never_blank() {
        // Required now: without them the call answered the whole directory.
        for missing in [None, Some(""), Some("  ")] {
            assert_eq!(UserIds::parse(missing).unwrap_err(), "ids cannot be null");
        }
        let bad = "ids must be comma-separated user ids of 1 to 64 characters each";
        assert_eq!(UserIds::parse(Some("a,,b")).unwrap_err(), bad);
        assert_eq!(UserIds::parse(Some(&"x".repeat(65))).unwrap_err(), bad);
        assert_eq!(UserIds::parse(Some("a,b\u{7}")).unwrap_err(), bad);
        let many: Vec<String> = (0..=MAX_EMAIL_IDS).map(|n| format!("u{n}")).collect();
        assert_eq!(UserIds::parse(Some(&many.join(","))).unwrap_err(), "ids can name at most 100 users a call");
        // Repeats count once.
        let repeated = vec!["same"; MAX_EMAIL_IDS + 5].join(",");
        assert_eq!(UserIds::parse(Some(&repeated)).unwrap().as_set().len(), 1);
    }

    #[test]
    fn the_range_is_required_and_checked_as_the_driver_log_s() {
        let at = fleet_shared::fridge_time::now();
        let now = at.timestamp();
        let (start, end) = ((now - 3600).to_string(), now.to_string());
        // Read as the edge reads the query, then checked as the handler does.
        let asked = |s: Option<&str>, e: Option<&str>| {
            let mut args = serde_json::Map::new();
            args.extend(s.map(|s| ("startTime".to_string(), serde_json::json!(s))));
            args.extend(e.map(|e| ("endTime".to_string(), serde_json::json!(e))));
            let input = fleet_shared::Input { args: serde_json::Value::Object(args), ..Default::default() };
            let args: EmailArgs = fleet_shared::contract::request(&input)?;
            range_of(args.start_time, args.end_time, at)
        };
        let refused = |s: Option<&str>, e: Option<&str>| asked(s, e).unwrap_err();
        assert_eq!(refused(None, Some(&end)), ApiError::bad_request(range::MISSING));
        assert_eq!(refused(Some(&start), None), ApiError::bad_request(range::MISSING));
        assert_eq!(refused(Some("null"), Some(&end)), ApiError::bad_request(range::MISSING));
        assert_eq!(refused(Some(&end), Some(&start)), ApiError::bad_request(range::NOT_BEFORE));
        assert_eq!(refused(Some("soon"), Some(&end)), ApiError::bad_request("startTime must be epoch seconds"));
        assert_eq!(
            refused(Some(&start), Some("1795478400000")),
            ApiError::bad_request("endTime must be epoch seconds between 2000 and 2100")
        );
        assert!(asked(Some(&start), Some(&end)).is_ok());
    }
}
