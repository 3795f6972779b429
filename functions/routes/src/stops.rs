//! Route stops: one item per stop, keyed by stocking date and `route#stop`,
//! so one query reads a date and a `begins_with` reads a route on a date.
//! A route on a date is replaced in one transaction: it lands whole or not at all.
use aws_sdk_dynamodb::types::{Delete, Put, TransactWriteItem};
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
/// one history record).
pub const MAX_STOPS_PER_ROUTE: usize = 49;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteStop {
    pub stocking_date: String,
    pub market: String,
    /// The location id.
    pub id: String,
    pub route: String,
    pub stop: i64,
    pub stocking_index: i64,
    pub stop_type: String,
}

/// The stored item: the stop, its sort key and who wrote it from which upload.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredStop {
    #[serde(flatten)]
    pub stop: RouteStop,
    pub route_stop: String,
    #[serde(default)]
    pub upload: Option<String>,
}

/// `route#0007`: stops sort by number within a route.
pub fn sort_key(route: &str, stop: i64) -> String {
    format!("{route}#{stop:04}")
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
            Some(p) => q.key_condition_expression("stockingDate = :d AND begins_with(routeStop, :p)").expression_attribute_values(":p", store::s(p)),
            None => q.key_condition_expression("stockingDate = :d"),
        };
        let page = q.send().await?;
        Ok((page.items.unwrap_or_default(), page.last_evaluated_key))
    })
    .await
}

/// Replaces the stops of one route on one date with `stops` (all of that
/// route and date), with the history record, in one transaction.
pub async fn replace_route(deps: &Deps, date: &str, route: &str, stops: &[RouteStop], upload: &str, record: &Record) -> Result<(), ApiError> {
    if stops.len() > MAX_STOPS_PER_ROUTE {
        return Err(ApiError::bad_request(format!("Route {route} on {date} has {} stops; a route can have at most {MAX_STOPS_PER_ROUTE}.", stops.len())));
    }
    let t = deps.table(Table::LocationRoutes)?;
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
        let stored = StoredStop { stop: s.clone(), route_stop: sort_key(&s.route, s.stop), upload: Some(upload.to_string()) };
        let put = Put::builder().table_name(t.name).set_item(Some(store::to_item(&stored)?)).build().map_err(ApiError::internal)?;
        items.push(TransactWriteItem::builder().put(put).build());
    }
    items.push(record.put(deps.table(Table::History)?.name)?);
    store::transact(t.client, items).await
}

/// The stops of a stored route as a map by sort key (for diffs).
pub fn by_key(stops: Vec<StoredStop>) -> HashMap<String, StoredStop> {
    stops.into_iter().map(|s| (s.route_stop.clone(), s)).collect()
}
