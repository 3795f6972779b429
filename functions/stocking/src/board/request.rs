//! The dashboard's request (`stockingDashboard(filter, routesWithRows,
//! rowsUpTo, shownRoutes, shownAttention, attentionPerKind)`), read and checked before the board
//! reads anything: each refusal with its own message.
use crate::dashboard::DIGEST_HEX;
use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use fleet_shared::entity::route_stop::RouteStop;
use fleet_shared::entity::StockingDate;
use fleet_shared::fridge_time;
use fleet_shared::ApiError;
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::collections::HashMap;

/// §5/§9: markets, and the regions with the dashboard's ALL.
pub const MARKETS: [&str; 5] = ["ALL", "MW", "NE", "WC", "S"];
/// Routes one request may name at most.
pub const MAX_ROUTES: usize = 100;
/// The argument that asks for the rows of the first routes only.
const ROUTES_WITH_ROWS: &str = "routesWithRows";
/// The argument that asks for fewer rows in one answer than `ROWS_PER_ANSWER`.
const ROWS_UP_TO: &str = "rowsUpTo";
/// The most rows a caller may ask for in one answer: at ~580 bytes a row (measured, 2026-11-29) about 2.3 MB.
/// A day of 25,000 fridges holds ~2,500 stops (~1.5 MB of rows) and one of 100,000 ~10,000 (~5.8 MB, with the
/// Needs-attention panel past Lambda's 6 MB response limit): a longer day comes in parts.
pub const MAX_ROWS_PER_ANSWER: usize = 4_000;
/// Rows one answer carries when the caller names no `rowsUpTo`. At 1,000 a day of 25,000 fridges came in two
/// parts: its first card ~6% sooner and its every row ~22% later in a same-stack A/B (stocking-dashboard.md).
pub const ROWS_PER_ANSWER: usize = MAX_ROWS_PER_ANSWER;
/// The argument naming the rows the browser shows: `[{ route, digest }]`.
const SHOWN_ROUTES: &str = "shownRoutes";
/// The argument naming the Needs-attention panel the browser shows: its digest.
const SHOWN_ATTENTION: &str = "shownAttention";
/// The argument that asks for the panel's first items of each kind only.
const ATTENTION_PER_KIND: &str = "attentionPerKind";
/// The most `attentionPerKind` may be: far more than the panel shows before its 'Show all' (10).
pub const MAX_ATTENTION_PER_KIND: u64 = 1_000;

/// `stockingDashboard(filter, routesWithRows, shownRoutes)`'s arguments.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardArgs {
    pub filter: RawFilter,
    #[serde(default)]
    pub routes_with_rows: Option<Checked<u64>>,
    /// The most rows this answer may carry (1 to `MAX_ROWS_PER_ANSWER`; left out, `ROWS_PER_ANSWER`).
    #[serde(default)]
    pub rows_up_to: Option<Checked<u64>>,
    #[serde(default)]
    pub shown_routes: Option<Checked<Vec<ShownRoute>>>,
    /// The Needs-attention panel's digest from an earlier answer: unchanged, its lists are not sent again.
    #[serde(default)]
    pub shown_attention: Option<Checked<String>>,
    /// At most this many items of each kind in each of the panel's lists (1 to `MAX_ATTENTION_PER_KIND`; left out,
    /// every item).
    #[serde(default)]
    pub attention_per_kind: Option<Checked<u64>>,
}

/// An argument whose shape the handler checks, so that its refusal keeps its
/// own message (the edge parser would name serde's): the value or `Invalid`.
#[derive(Debug)]
pub enum Checked<T> {
    Valid(T),
    Invalid,
}

impl<'de, T: serde::de::DeserializeOwned> Deserialize<'de> for Checked<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Value::deserialize(d)?;
        Ok(serde_json::from_value(raw).map_or(Checked::Invalid, Checked::Valid))
    }
}

/// Its shape is the value's: the contract shows what a caller should send.
impl<T: schemars::JsonSchema> schemars::JsonSchema for Checked<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        generator.subschema_for::<T>()
    }
}
/// Routes a request may say it shows, at most: far more than a day holds (~125 at 25,000 fridges).
pub const MAX_SHOWN_ROUTES: usize = 2_000;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RawFilter {
    drop_off_date: StockingDate,
    #[serde(default)]
    region: Option<String>,
    #[serde(default)]
    market: Option<String>,
    #[serde(default)]
    routes: Option<Vec<String>>,
}

/// A checked filter.
#[derive(Debug, Clone, PartialEq)]
pub struct Filter {
    pub date: NaiveDate,
    /// A region is its one market (the route stops carry MW, NE, WC or S);
    /// None for ALL.
    pub region: Option<String>,
    pub market: Option<String>,
    /// Empty: every route of the date.
    pub routes: Vec<String>,
}

fn area(field: &str, raw: Option<String>) -> Result<Option<String>, ApiError> {
    let Some(value) = raw.map(|v| v.trim().to_uppercase()).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if !MARKETS.contains(&value.as_str()) {
        let shown: String = value.chars().take(fleet_shared::limits::MAX_NAME_CHARS).collect();
        return Err(ApiError::bad_request(format!("{field} must be one of {} (got {shown})", MARKETS.join(", "))));
    }
    Ok((value != "ALL").then_some(value))
}

impl Filter {
    pub fn parse(raw: RawFilter) -> Result<Filter, ApiError> {
        let date = raw.drop_off_date.date();
        let region = area("region", raw.region)?;
        let market = area("market", raw.market)?;
        let mut routes: Vec<String> = raw
            .routes
            .unwrap_or_default()
            .into_iter()
            .map(|r| r.trim().to_string())
            .filter(|r| !r.is_empty())
            .collect();
        routes.sort();
        routes.dedup();
        if routes.len() > MAX_ROUTES {
            return Err(ApiError::bad_request(format!(
                "At most {MAX_ROUTES} routes can be chosen at once ({} were)",
                routes.len()
            )));
        }
        Ok(Filter { date, region, market, routes })
    }

    pub fn in_area(&self, stop: &RouteStop) -> bool {
        [&self.region, &self.market].iter().all(|a| a.as_deref().is_none_or(|m| m.eq_ignore_ascii_case(&stop.market)))
    }
}

/// `routesWithRows`: rows (and their health and location reads) only for the
/// first N routes, in route order; left out, every route's. The browser asks
/// for a screenful first, so a day of 125 routes shows its first cards
/// without waiting for 2,500 stops' health and location reads.
pub(super) fn routes_with_rows(arg: Option<&Checked<u64>>) -> Result<Option<usize>, ApiError> {
    let refused = || ApiError::bad_request(format!("{ROUTES_WITH_ROWS} must be a whole number of at least 1"));
    match arg {
        None => Ok(None),
        Some(Checked::Valid(n)) if *n >= 1 => Ok(Some(usize::try_from(*n).unwrap_or(usize::MAX))),
        Some(_) => Err(refused()),
    }
}

/// `rowsUpTo`: the most rows one answer carries. Routes are answered whole, in route order: the first route's
/// rows always, then each next route's while they fit; the routes after come with `stops` null, for the
/// caller to ask for by name (`filter.routes`).
pub(super) fn rows_up_to(arg: Option<&Checked<u64>>) -> Result<usize, ApiError> {
    match arg {
        None => Ok(ROWS_PER_ANSWER),
        Some(Checked::Valid(n)) if (1..=MAX_ROWS_PER_ANSWER as u64).contains(n) => Ok(*n as usize),
        Some(_) => {
            Err(ApiError::bad_request(format!("{ROWS_UP_TO} must be a whole number from 1 to {MAX_ROWS_PER_ANSWER}")))
        }
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShownRoute {
    route: String,
    digest: String,
}

/// `shownRoutes`: route -> the digest of the rows the browser shows. A refresh sends them, so a route
/// whose rows did not change is answered without them: at 25,000 fridges a day's rows are ~1.1 MB of
/// JSON, and between two refreshes most routes do not change.
pub(super) fn shown_routes(arg: Option<Checked<Vec<ShownRoute>>>) -> Result<HashMap<String, String>, ApiError> {
    let refused = || {
        ApiError::bad_request(format!(
            "{SHOWN_ROUTES} must be a list of at most {MAX_SHOWN_ROUTES} {{ route, digest }}"
        ))
    };
    match arg {
        None => Ok(HashMap::new()),
        Some(Checked::Valid(shown)) if shown.len() <= MAX_SHOWN_ROUTES => {
            Ok(shown.into_iter().map(|s| (s.route, s.digest)).collect())
        }
        Some(_) => Err(refused()),
    }
}

pub(super) fn shown_attention(arg: Option<Checked<String>>) -> Result<Option<String>, ApiError> {
    match arg {
        None => Ok(None),
        Some(Checked::Valid(d)) if d.len() == DIGEST_HEX && d.bytes().all(|b| b.is_ascii_hexdigit()) => Ok(Some(d)),
        Some(_) => Err(ApiError::bad_request(format!(
            "{SHOWN_ATTENTION} must be the attention panel's digest from an earlier answer"
        ))),
    }
}

/// `attentionPerKind`: the panel's lists carry at most that many items of each kind (`first_of_each_kind`).
pub(super) fn attention_per_kind(arg: Option<&Checked<u64>>) -> Result<Option<usize>, ApiError> {
    match arg {
        None => Ok(None),
        Some(Checked::Valid(n)) if (1..=MAX_ATTENTION_PER_KIND).contains(n) => Ok(Some(*n as usize)),
        Some(_) => Err(ApiError::bad_request(format!(
            "{ATTENTION_PER_KIND} must be a whole number from 1 to {MAX_ATTENTION_PER_KIND}"
        ))),
    }
}

/// 18:00 Central the day before `day`, up to 18:00 Central on `day`.
pub fn window(day: NaiveDate) -> Result<(DateTime<Utc>, DateTime<Utc>), ApiError> {
    let at_six = |d: NaiveDate| {
        let wall = d.and_hms_opt(crate::window::DAY_STARTS_AT_HOUR, 0, 0)?;
        Some(fridge_time::CENTRAL.tz.from_local_datetime(&wall).earliest()?.with_timezone(&Utc))
    };
    let opens = day.pred_opt().and_then(at_six);
    match (opens, at_six(day)) {
        (Some(from), Some(to)) => Ok((from, to)),
        _ => Err(ApiError::bad_request("dropOffDate is out of range")),
    }
}

/// A dashboard request, checked: the day and its window, what to answer in full, and what the browser shows.
pub(super) struct Asked {
    pub filter: Filter,
    pub date: String,
    pub opens: DateTime<Utc>,
    pub closes: DateTime<Utc>,
    pub rows_of_first: Option<usize>,
    pub rows_up_to: usize,
    pub shown: HashMap<String, String>,
    pub shown_panel: Option<String>,
    pub panel_per_kind: Option<usize>,
}

impl Asked {
    pub fn parse(args: DashboardArgs) -> Result<Asked, ApiError> {
        let filter = Filter::parse(args.filter)?;
        let rows_of_first = routes_with_rows(args.routes_with_rows.as_ref())?;
        let rows_up_to = rows_up_to(args.rows_up_to.as_ref())?;
        let shown = shown_routes(args.shown_routes)?;
        let shown_panel = shown_attention(args.shown_attention)?;
        let panel_per_kind = attention_per_kind(args.attention_per_kind.as_ref())?;
        let (opens, closes) = window(filter.date)?;
        let date = filter.date.format("%Y-%m-%d").to_string();
        Ok(Asked { filter, date, opens, closes, rows_of_first, rows_up_to, shown, shown_panel, panel_per_kind })
    }
}
