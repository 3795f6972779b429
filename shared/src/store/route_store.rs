//! The store layer's writes of route stops and their drivers (issue 38):
//! the stocked-time transaction that also moves its route's version, and
//! the stop gate's reads and claims (`assignment`).
use crate::deps::TableRef;
use crate::entity::assignment::{self, ClaimMarker, DriverAssignment, RouteSettings};
use crate::entity::route_stop::{self, StoredStop};
use crate::item::Key;
use crate::query::{Across, Filter, Query, SortKey};
use crate::{item, shard, ApiError, Caller};
use std::future::Future;

/// The transaction that sets a stop's stocked time to `at` (issue 38): the
/// stop, only while it still is this location and stocking index (a route
/// replacement may have moved it since it was read) and has no earlier time;
/// and its route's version, moved by one (made when the route has none). A
/// replacement conditioned on the version it read then fails and reads
/// again, so it never erases a stocked time set meanwhile; and the
/// dashboard's copy, which re-reads a route whose version moved, sees it.
pub fn stocked_write(
    table: &str,
    stop: &StoredStop,
    at: &str,
    by: &str,
) -> Result<Vec<aws_sdk_dynamodb::types::TransactWriteItem>, crate::error::ApiError> {
    use aws_sdk_dynamodb::types::{AttributeValue, TransactWriteItem, Update};
    let date = &stop.stop.stocking_date;
    let mark = Update::builder()
        .table_name(table)
        .set_key(Some(stop_key(date, &stop.route_stop)))
        .update_expression("SET #t = :t, #by = :by")
        .condition_expression(
            "attribute_exists(routeStop) AND #id = :id AND #idx = :idx AND (attribute_not_exists(#t) OR #t > :t)",
        )
        .expression_attribute_names("#t", "stockedTimeUTC")
        .expression_attribute_names("#by", "stockedBy")
        .expression_attribute_values(":by", item::s(by))
        .expression_attribute_names("#id", "id")
        .expression_attribute_names("#idx", "stockingIndex")
        .expression_attribute_values(":t", item::s(at))
        .expression_attribute_values(":id", item::s(&stop.stop.id))
        .expression_attribute_values(":idx", AttributeValue::N(stop.stop.stocking_index.to_string()))
        .build()
        .map_err(crate::error::ApiError::internal)?;
    Ok(vec![TransactWriteItem::builder().update(mark).build(), version_bump(table, stop)?])
}

/// The route's version item moved by one (made when the route has none): the
/// dashboard's copy re-reads a route whose version moved.
pub fn version_bump(
    table: &str,
    stop: &StoredStop,
) -> Result<aws_sdk_dynamodb::types::TransactWriteItem, crate::error::ApiError> {
    use aws_sdk_dynamodb::types::{AttributeValue, TransactWriteItem, Update};
    let date = &stop.stop.stocking_date;
    let bump = Update::builder()
        .table_name(table)
        .set_key(Some(stop_key(date, &route_stop::version_key(&stop.stop.route))))
        .update_expression("SET #d = if_not_exists(#d, :d) ADD #v :one")
        .expression_attribute_names("#d", "stockingDate")
        .expression_attribute_names("#v", "version")
        .expression_attribute_values(":d", item::s(date))
        .expression_attribute_values(":one", AttributeValue::N("1".into()))
        .build()
        .map_err(crate::error::ApiError::internal)?;
    Ok(TransactWriteItem::builder().update(bump).build())
}

/// The transaction item that sets a stop's stocked time and stocker to `new` (none: the
/// stop is not stocked) after a supervisor's correction (issue 38), on the
/// condition that it still holds the time that was read (`stop.stocked_time_utc`)
/// and is the same location and stocking index. The caller adds one
/// `version_bump` per route (a transaction touches an item once).
pub fn stocked_correction_write(
    table: &str,
    stop: &StoredStop,
    new: Option<(&str, &str)>,
) -> Result<aws_sdk_dynamodb::types::TransactWriteItem, crate::error::ApiError> {
    use aws_sdk_dynamodb::types::{AttributeValue, TransactWriteItem, Update};
    let date = &stop.stop.stocking_date;
    let mut mark = Update::builder()
        .table_name(table)
        .set_key(Some(stop_key(date, &stop.route_stop)))
        .expression_attribute_names("#t", "stockedTimeUTC")
        .expression_attribute_names("#by", "stockedBy")
        .expression_attribute_names("#id", "id")
        .expression_attribute_names("#idx", "stockingIndex")
        .expression_attribute_values(":id", item::s(&stop.stop.id))
        .expression_attribute_values(":idx", AttributeValue::N(stop.stop.stocking_index.to_string()));
    mark = match new {
        Some((at, by)) => mark
            .update_expression("SET #t = :t, #by = :by")
            .expression_attribute_values(":t", item::s(at))
            .expression_attribute_values(":by", item::s(by)),
        None => mark.update_expression("REMOVE #t, #by"),
    };
    let same = "attribute_exists(routeStop) AND #id = :id AND #idx = :idx";
    mark = match stop.stocked_time_utc.as_deref() {
        Some(read) => mark
            .condition_expression(format!("{same} AND #t = :read"))
            .expression_attribute_values(":read", item::s(read)),
        None => mark.condition_expression(format!("{same} AND attribute_not_exists(#t)")),
    };
    let mark = mark.build().map_err(crate::error::ApiError::internal)?;
    Ok(TransactWriteItem::builder().update(mark).build())
}

/// The gate over DynamoDB: LocationRoutes and Permissions, read only. What it
/// decided is written by the call's own transaction (`Pass::writes`).
pub struct Drivers(pub &'static crate::Deps);

/// What the gate reads. It writes nothing: its `Pass` goes into the call's transaction.
pub trait AssignmentStore: Sync {
    /// The stops at a location on a date (every route), strongly consistent.
    fn stops_at(&self, date: &str, location: &str) -> impl Future<Output = Result<Vec<StoredStop>, ApiError>> + Send;
    /// Whether a route has any stop on a date.
    fn route_has_stops(&self, date: &str, route: &str) -> impl Future<Output = Result<bool, ApiError>> + Send;
    /// The drivers of these routes on a date, strongly consistent.
    fn drivers(
        &self,
        date: &str,
        routes: &[String],
    ) -> impl Future<Output = Result<Vec<DriverAssignment>, ApiError>> + Send;
    /// The driver's claim of that day, if they made one.
    fn claimed(&self, date: &str, sub: &str) -> impl Future<Output = Result<Option<ClaimMarker>, ApiError>> + Send;
    /// The office's settings (claims on by default).
    fn settings(&self) -> impl Future<Output = Result<RouteSettings, ApiError>> + Send;
    /// Whether the caller holds a permission action (the supervisor's, the door's).
    fn holds(&self, caller: &Caller, action: &str) -> impl Future<Output = Result<bool, ApiError>> + Send;
}

impl AssignmentStore for Drivers {
    async fn stops_at(&self, date: &str, location: &str) -> Result<Vec<StoredStop>, ApiError> {
        let t = self.0.table(crate::Table::LocationRoutes)?;
        stops_at(&t, date, location).all().await
    }

    async fn route_has_stops(&self, date: &str, route: &str) -> Result<bool, ApiError> {
        let t = self.0.table(crate::Table::LocationRoutes)?;
        Ok(!stops_of_route(&t, date, route).page(None, Some(1)).await?.0.is_empty())
    }

    async fn drivers(&self, date: &str, routes: &[String]) -> Result<Vec<DriverAssignment>, ApiError> {
        let t = self.0.table(crate::Table::LocationRoutes)?;
        // A stop's location is on one or two routes: a consistent read each, together.
        let reads = routes.iter().map(|r| t.get::<DriverAssignment>(driver_item_key(date, r)));
        Ok(futures::future::try_join_all(reads).await?.into_iter().flatten().collect())
    }

    async fn claimed(&self, date: &str, sub: &str) -> Result<Option<ClaimMarker>, ApiError> {
        self.0.table(crate::Table::LocationRoutes)?.get::<ClaimMarker>(marker_key(date, sub)).await
    }

    async fn settings(&self) -> Result<RouteSettings, ApiError> {
        route_settings(self.0).await
    }

    async fn holds(&self, caller: &Caller, action: &str) -> Result<bool, ApiError> {
        crate::permissions::is_allowed(self.0, &caller.sub, action).await
    }
}

/// The office's route settings, as stored (the default when never changed).
pub async fn route_settings(deps: &crate::Deps) -> Result<RouteSettings, ApiError> {
    let t = deps.table(crate::Table::LocationRoutes)?;
    Ok(t.get::<RouteSettings>(settings_key()).await?.unwrap_or_default())
}

/// The table key of the route settings.
pub fn settings_key() -> Key {
    Key::from([
        (route_stop::PK.to_string(), item::s(assignment::SETTINGS_PK)),
        (route_stop::SK.to_string(), item::s(assignment::SETTINGS_SK)),
    ])
}

/// The table key of a driver's claim marker of a day.
pub fn marker_key(date: &str, sub: &str) -> Key {
    let (pk, sk) = ClaimMarker::key_of(date, sub);
    Key::from([(route_stop::PK.to_string(), item::s(pk)), (route_stop::SK.to_string(), item::s(sk))])
}

/// A write of a call's own transaction.
pub type Write = aws_sdk_dynamodb::types::TransactWriteItem;

/// A check, in the call's transaction, that the route's driver item still names the caller.
pub fn driver_still(
    config: &crate::config::Config,
    date: &str,
    route: &str,
    caller_sub: &str,
) -> Result<Write, ApiError> {
    let check = aws_sdk_dynamodb::types::ConditionCheck::builder()
        .table_name(config.table(crate::Table::LocationRoutes)?)
        .set_key(Some(driver_item_key(date, route)))
        .condition_expression("driverSub = :caller")
        .expression_attribute_values(":caller", item::s(caller_sub))
        .build()
        .map_err(ApiError::internal)?;
    Ok(Write::builder().condition_check(check).build())
}

/// A claim's driver item and the day's claim marker, each written only where none is.
pub fn claim_writes(
    config: &crate::config::Config,
    assignment: &DriverAssignment,
    marker: &ClaimMarker,
) -> Result<Vec<Write>, ApiError> {
    let table = config.table(crate::Table::LocationRoutes)?;
    let put = |item| {
        aws_sdk_dynamodb::types::Put::builder()
            .table_name(table)
            .set_item(Some(item))
            .condition_expression("attribute_not_exists(routeStop)")
            .build()
            .map(|p| Write::builder().put(p).build())
            .map_err(ApiError::internal)
    };
    Ok(vec![put(item::to_item(assignment)?)?, put(item::to_item(marker)?)?])
}

// The keys and reads of the LocationRoutes table (the entities name their
// partitions; the store layer turns them into table keys and queries).

/// The table key of a stop or a route's version item on a date.
pub fn stop_key(date: &str, sort_key: &str) -> Key {
    Key::from([
        (route_stop::PK.to_string(), item::s(route_stop::partition(date, route_stop::route_of(sort_key)))),
        (route_stop::SK.to_string(), item::s(sort_key)),
    ])
}

/// The query of a stocking date's stops over every shard, in `routeStop`
/// order, without the routes' meta items (which would not parse as stops).
pub fn stops_of_date<'a>(table: &TableRef<'a>, date: &str) -> Across<'a> {
    table
        .query(route_stop::PK, "")
        .filter(Filter::NotBeginsWith(route_stop::SK.into(), route_stop::META_PREFIX.into()))
        .across(shard::keys(date), route_stop::SK, &[route_stop::PK, route_stop::SK])
}

/// The version items of a date's routes, over every shard: what tells a
/// reader which routes' stops changed since it last read them.
pub fn versions_of_date<'a>(table: &TableRef<'a>, date: &str) -> Across<'a> {
    table.query(route_stop::PK, "").sort(route_stop::SK, SortKey::BeginsWith(route_stop::VERSION_PREFIX.into())).across(
        shard::keys(date),
        route_stop::SK,
        &[route_stop::PK, route_stop::SK],
    )
}

/// One route's stops on a date, in stop order. A route cannot contain '#',
/// so `r1#` never matches a version key or route `r10`.
pub fn stops_of_route<'a>(table: &TableRef<'a>, date: &str, route: &str) -> Query<'a> {
    table
        .query(route_stop::PK, route_stop::partition(date, route))
        .sort(route_stop::SK, SortKey::BeginsWith(format!("{route}#")))
}

/// One location's stops of a date, strongly consistent. It may be on any
/// route, so every shard is read (route versions have no `id`: the filter leaves them out).
pub fn stops_at<'a>(table: &TableRef<'a>, date: &str, location: &str) -> Across<'a> {
    table
        .query(route_stop::PK, "")
        .filter(Filter::In("id".into(), vec![location.to_string()]))
        .across(shard::keys(date), route_stop::SK, &[route_stop::PK, route_stop::SK])
        .consistent()
}

/// The table key of a route's driver on a date.
pub fn driver_item_key(date: &str, route: &str) -> Key {
    stop_key(date, &route_stop::driver_key(route))
}

/// Every driver of a date's routes, over every shard, in route order.
pub fn drivers_of_date<'a>(table: &TableRef<'a>, date: &str) -> Across<'a> {
    table.query(route_stop::PK, "").sort(route_stop::SK, SortKey::BeginsWith(route_stop::DRIVER_PREFIX.into())).across(
        shard::keys(date),
        route_stop::SK,
        &[route_stop::PK, route_stop::SK],
    )
}
