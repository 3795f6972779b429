//! Route stops: one item per stop, keyed by stocking date and `route#stop`,
//! so one query reads a date and a `begins_with` reads a route on a date.
//! A route on a date is replaced in one transaction: it lands whole or not at all.
use aws_sdk_dynamodb::types::{AttributeValue, Delete, Put, TransactWriteItem};
pub use fleet_shared::entity::route_stop::{sort_key, RouteStop, StoredStop};
use fleet_shared::history::Record;
use fleet_shared::{store, ApiError, Deps, Table};
use serde::{Deserialize, Serialize};

use std::collections::{BTreeSet, HashMap};

/// Stop types a stop may have (uppercase).
pub const STOP_TYPES: &[&str] = &["DELIVERY", "REMOVAL"];
/// Regions of the routes screen (1-locations §9), `ALL` aside.
pub const MARKETS: &[&str] = &["MW", "NE", "WC", "S"];
/// The most stops one route may have on one date: replacing a route is one
/// DynamoDB transaction of at most 100 actions (old stops deleted, new put,
/// the route's version, one history record and the upload's record).
pub const MAX_STOPS_PER_ROUTE: usize = 48;

/// The sort key of a route's version item on a date (`#version#r12`): it
/// sorts apart from the stops (`r12#0001`) and is left out of stop reads.
fn version_key(route: &str) -> String {
    format!("{VERSION_PREFIX}{route}")
}
const VERSION_PREFIX: &str = "#version#";

/// A route's version on a date: each replacement adds one, on the condition
/// that it is still the one read, so two replacements racing cannot merge.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RouteVersion {
    stocking_date: String,
    route_stop: String,
    version: u64,
}

/// Every stop of a date (one query, paged by the store layer).
pub async fn of_date(deps: &Deps, date: &str) -> Result<Vec<StoredStop>, ApiError> {
    query(deps, date, None).await
}

/// The stops of one route on a date.
pub async fn of_route(deps: &Deps, date: &str, route: &str) -> Result<Vec<StoredStop>, ApiError> {
    query(deps, date, Some(route)).await
}

async fn query(deps: &Deps, date: &str, route: Option<&str>) -> Result<Vec<StoredStop>, ApiError> {
    let t = deps.table(Table::LocationRoutes)?;
    let prefix = route.map(|r| format!("{r}#"));
    let prefix = prefix.as_deref();
    store::all(|start, _| async move {
        let mut q = t
            .client
            .query()
            .table_name(t.name)
            .consistent_read(true)
            .expression_attribute_values(":d", store::s(date))
            .set_exclusive_start_key(start);
        q = match prefix {
            Some(p) => q
                .key_condition_expression("stockingDate = :d AND begins_with(routeStop, :p)")
                .expression_attribute_values(":p", store::s(p)),
            None => q
                .key_condition_expression("stockingDate = :d")
                .filter_expression("NOT begins_with(routeStop, :v)")
                .expression_attribute_values(":v", store::s(VERSION_PREFIX)),
        };
        let page = q.send().await?;
        Ok((page.items.unwrap_or_default(), page.last_evaluated_key))
    })
    .await
}

/// The refusal of a route over `MAX_STOPS_PER_ROUTE`.
pub fn too_many_stops(date: &str, route: &str, stops: usize) -> String {
    format!("Route {route} on {date} has {stops} stops; a route can have at most {MAX_STOPS_PER_ROUTE}.")
}

/// Replaces the stops of one route on one date with `stops` (all of that
/// route and date), with the history record and `extra` items (the upload's
/// record), in one transaction, on the condition that the route's version is
/// still the one read before its stops.
pub async fn replace_route(
    deps: &Deps,
    date: &str,
    route: &str,
    stops: &[RouteStop],
    upload: &str,
    record: &Record,
    extra: Vec<TransactWriteItem>,
) -> Result<(), ApiError> {
    if stops.len() > MAX_STOPS_PER_ROUTE {
        return Err(ApiError::bad_request(too_many_stops(date, route, stops.len())));
    }
    let t = deps.table(Table::LocationRoutes)?;
    let version_of =
        |v: &str| HashMap::from([("stockingDate".to_string(), store::s(date)), ("routeStop".to_string(), store::s(v))]);
    let seen: Option<RouteVersion> = t.get(version_of(&version_key(route))).await?;
    let old = of_route(deps, date, route).await?;
    let new_keys: BTreeSet<String> = stops.iter().map(|s| sort_key(&s.route, s.stop)).collect();
    let mut items = Vec::new();
    for gone in old.iter().filter(|o| !new_keys.contains(&o.route_stop)) {
        let del = Delete::builder()
            .table_name(t.name)
            .key("stockingDate", store::s(date))
            .key("routeStop", store::s(&gone.route_stop))
            .build()
            .map_err(ApiError::internal)?;
        items.push(TransactWriteItem::builder().delete(del).build());
    }
    for s in stops {
        let stored =
            StoredStop { stop: s.clone(), route_stop: sort_key(&s.route, s.stop), upload: Some(upload.to_string()) };
        let put = Put::builder()
            .table_name(t.name)
            .set_item(Some(store::to_item(&stored)?))
            .build()
            .map_err(ApiError::internal)?;
        items.push(TransactWriteItem::builder().put(put).build());
    }
    let next = RouteVersion {
        stocking_date: date.into(),
        route_stop: version_key(route),
        version: seen.as_ref().map_or(1, |v| v.version + 1),
    };
    let mut version = Put::builder().table_name(t.name).set_item(Some(store::to_item(&next)?));
    version = match &seen {
        None => version.condition_expression("attribute_not_exists(routeStop)"),
        Some(v) => version
            .condition_expression("version = :seen")
            .expression_attribute_values(":seen", AttributeValue::N(v.version.to_string())),
    };
    items.push(TransactWriteItem::builder().put(version.build().map_err(ApiError::internal)?).build());
    items.push(record.put(deps.table(Table::History)?.name)?);
    items.extend(extra);
    store::on_conflict(store::transact(t.client, items).await, || {
        ApiError::Conflict(format!(
            "Route {route} on {date} was changed by another upload meanwhile. Check the file again."
        ))
    })
}

/// The stops of a stored route as a map by sort key (for diffs).
pub fn by_key(stops: Vec<StoredStop>) -> HashMap<String, StoredStop> {
    stops.into_iter().map(|s| (s.route_stop.clone(), s)).collect()
}
