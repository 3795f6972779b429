//! Report functions: parse at the boundary (the range and date rules), then
//! run the report (`service`) over the DynamoDB store. Each answers its own
//! report only; none writes.
use crate::range::{self, Range};
use crate::rows::{EmptyChannelRow, StockOutRow, TemperatureRow};
use crate::service;
use crate::store::Dynamo;
use fleet_shared::contract::{Ctx, Page};
use fleet_shared::fridge_time;
use fleet_shared::{driver_log, limits, ApiError, Deps};
use serde::Deserialize;
use std::collections::BTreeSet;

pub use crate::service::{emails_of, Emails};

/// Route temperature rows a page holds at most.
pub const PAGE: usize = 1000;

/// A day report's path parameter (`/reports/…/{date}`).
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[schemars(transform = fleet_shared::contract::sent_whole)]
pub struct DayArgs {
    /// Checked by `range::day`, so its message (not the parser's) answers a bad one.
    #[serde(default)]
    date: String,
}

/// A range report's query parameters (epoch seconds as text, checked by `range::range`).
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(transform = fleet_shared::contract::sent(&["startTime", "endTime"]))]
pub struct RangeArgs {
    #[serde(default)]
    start_time: Option<String>,
    #[serde(default)]
    end_time: Option<String>,
    #[serde(default)]
    next_token: Option<String>,
}

fn day_of(args: &DayArgs) -> Result<chrono::NaiveDate, ApiError> {
    range::day(&args.date, fridge_time::now()).map_err(ApiError::bad_request)
}

fn range_of(args: &RangeArgs) -> Result<Range, ApiError> {
    range::range(args.start_time.as_deref(), args.end_time.as_deref(), fridge_time::now())
        .map_err(ApiError::bad_request)
}

/// GET /reports/emptychannel/{date}: the slots that became empty that Central
/// day, when each was restocked, and the location's route and market that day.
pub async fn empty_channels(deps: &'static Deps, _: Ctx, args: DayArgs) -> Result<Vec<EmptyChannelRow>, ApiError> {
    let day = day_of(&args)?;
    service::empty_channels(&Dynamo(deps), day, fridge_time::now()).await
}

/// GET /reports/stockouts/{date}: the items a fridge ran out of that Central
/// day, when each came back, and for an open one the fridge's next stop.
pub async fn stock_outs(deps: &'static Deps, _: Ctx, args: DayArgs) -> Result<Vec<StockOutRow>, ApiError> {
    let day = day_of(&args)?;
    service::stock_outs(&Dynamo(deps), day, fridge_time::now()).await
}

/// GET /reports/routetemperatures?startTime=&endTime=[&nextToken=]: the
/// temperatures drivers read at their stops (LocationStocked) and in their
/// vans (VanTemperature), a page of
/// actions at a time across the stocking days the range touches.
pub async fn route_temperatures(
    deps: &'static Deps,
    _: Ctx,
    args: RangeArgs,
) -> Result<Page<TemperatureRow>, ApiError> {
    let r = range_of(&args)?;
    service::route_temperatures(&Dynamo(deps), r, args.next_token.as_deref(), PAGE).await
}

/// GET /reports/driverlog?startTime=&endTime=[&nextToken=]: the driver log's
/// entries in the range, oldest first, a page at a time across its days.
pub async fn driver_log(deps: &'static Deps, _: Ctx, args: RangeArgs) -> Result<Page<driver_log::LogView>, ApiError> {
    let r = range_of(&args)?;
    service::driver_log(&Dynamo(deps), r, args.next_token.as_deref(), PAGE).await
}

/// Most user ids one `cognitoemails?ids=` call names (its rule is in `range`,
/// shared with the browser through rules.json).
pub use crate::range::MAX_EMAIL_IDS;

/// The `ids` query parameter of cognitoemails: `None` when absent (every
/// user), else the distinct ids it names (comma-separated, 1 to
/// `MAX_EMAIL_IDS`, each an id of at most `MAX_ID_CHARS`).
pub fn email_ids(raw: Option<&str>) -> Result<Option<BTreeSet<String>>, String> {
    let Some(raw) = raw else { return Ok(None) };
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
    Ok(Some(ids))
}

#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
pub struct EmailArgs {
    /// Comma-separated user ids, checked by `email_ids`.
    #[serde(default)]
    ids: Option<String>,
}

/// GET /reports/driverlog/cognitoemails[?ids=a,b]: `{emails: {userId: email}}`
/// (3-planning §7). With `ids`, only those users: the screen asks for the
/// users of the rows it shows, not the whole staff directory (issue 38).
pub async fn cognito_emails(deps: &'static Deps, _: Ctx, args: EmailArgs) -> Result<Emails, ApiError> {
    let ids = email_ids(args.ids.as_deref()).map_err(ApiError::bad_request)?;
    service::emails(&Dynamo(deps), ids.as_ref()).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::PoolUser;

    fn user(sub: &str) -> PoolUser {
        PoolUser { sub: sub.into(), email: format!("{sub}@fleet.test") }
    }

    #[test]
    fn ids_name_the_users_answered_and_keep_the_shape() {
        let users = || vec![user("a"), user("b"), user("c")];
        assert_eq!(emails_of(users(), None).emails.len(), 3);
        let ids = email_ids(Some("c, a,a,zz")).unwrap().unwrap();
        let some = serde_json::to_value(emails_of(users(), Some(&ids))).unwrap();
        assert_eq!(some, serde_json::json!({ "emails": { "a": "a@fleet.test", "c": "c@fleet.test" } }));
        assert_eq!(email_ids(None).unwrap(), None);
    }

    #[test]
    fn ids_are_bounded_and_never_blank() {
        let bad = "ids must be comma-separated user ids of 1 to 64 characters each";
        assert_eq!(email_ids(Some("")).unwrap_err(), bad);
        assert_eq!(email_ids(Some("a,,b")).unwrap_err(), bad);
        assert_eq!(email_ids(Some(&"x".repeat(65))).unwrap_err(), bad);
        let many: Vec<String> = (0..=MAX_EMAIL_IDS).map(|n| format!("u{n}")).collect();
        assert_eq!(email_ids(Some(&many.join(","))).unwrap_err(), "ids can name at most 100 users a call");
        // Repeats count once.
        let repeated = vec!["same"; MAX_EMAIL_IDS + 5].join(",");
        assert_eq!(email_ids(Some(&repeated)).unwrap().unwrap().len(), 1);
    }
}
