//! The routes store over DynamoDB.
use super::{RouteAssignment, RouteVersion, RouteWrite, RoutesStore};
use aws_sdk_dynamodb::types::{AttributeValue, ConditionCheck, Delete, Put, TransactWriteItem, Update};
use fleet_shared::entity::fridge_order::FridgeOrder;
use fleet_shared::entity::route_stop::{version_key, StoredStop};
use fleet_shared::entity::Location;
use fleet_shared::location_store;
use fleet_shared::store;
use fleet_shared::{ApiError, Deps, Table};
use std::collections::HashMap;

/// The condition that a route's version item is still `seen` (`None`: absent).
fn version_is(seen: Option<u64>) -> (&'static str, Option<(&'static str, AttributeValue)>) {
    match seen {
        None => ("attribute_not_exists(routeStop)", None),
        Some(v) => ("version = :seen", Some((":seen", AttributeValue::N(v.to_string())))),
    }
}

/// Routes in DynamoDB, for a function that granted the tables it uses.
pub struct Dynamo(pub &'static Deps);

impl RoutesStore for Dynamo {
    async fn stops_of_date(&self, date: &str) -> Result<Vec<StoredStop>, ApiError> {
        let t = self.0.table(Table::LocationRoutes)?;
        fleet_shared::route_store::stops_of_date(&t, date).consistent().all().await
    }

    async fn stops_of_route(&self, date: &str, route: &str) -> Result<Vec<StoredStop>, ApiError> {
        fleet_shared::route_store::stops_of_route(&self.0.table(Table::LocationRoutes)?, date, route)
            .consistent()
            .all()
            .await
    }

    async fn route_version(&self, date: &str, route: &str) -> Result<Option<RouteVersion>, ApiError> {
        let key = fleet_shared::route_store::stop_key(date, &version_key(route));
        self.0.table(Table::LocationRoutes)?.get(key).await
    }

    async fn route_versions(&self, date: &str) -> Result<HashMap<String, RouteVersion>, ApiError> {
        let t = self.0.table(Table::LocationRoutes)?;
        let read: Vec<RouteVersion> = fleet_shared::route_store::versions_of_date(&t, date).consistent().all().await?;
        Ok(read.into_iter().map(|v| (v.route().to_string(), v)).collect())
    }

    async fn write_route(&self, w: &RouteWrite<'_>) -> Result<(), ApiError> {
        let t = self.0.table(Table::LocationRoutes)?;
        let mut items = Vec::with_capacity(w.gone.len() + w.stops.len() + w.checks.len() + 2 + w.claims.len());
        for gone in &w.gone {
            let del = Delete::builder()
                .table_name(t.name)
                .set_key(Some(fleet_shared::route_store::stop_key(w.date, gone)))
                .build()
                .map_err(ApiError::internal)?;
            items.push(TransactWriteItem::builder().delete(del).build());
        }
        for s in &w.stops {
            let put = Put::builder()
                .table_name(t.name)
                .set_item(Some(store::to_item(s)?))
                .build()
                .map_err(ApiError::internal)?;
            items.push(TransactWriteItem::builder().put(put).build());
        }
        for (route, seen) in &w.checks {
            let (condition, value) = version_is(*seen);
            let check = ConditionCheck::builder()
                .table_name(t.name)
                .set_key(Some(fleet_shared::route_store::stop_key(w.date, &version_key(route))))
                .condition_expression(condition)
                .set_expression_attribute_values(value.map(|(k, v)| HashMap::from([(k.to_string(), v)])));
            items
                .push(TransactWriteItem::builder().condition_check(check.build().map_err(ApiError::internal)?).build());
        }
        // An update, not a put: what else the version item holds (its last sync) stays.
        let (condition, value) = version_is(w.seen);
        let mut set = "SET version = :next, stockingDate = :date".to_string();
        let mut values = HashMap::from([
            (":next".to_string(), AttributeValue::N(w.seen.map_or(1, |v| v + 1).to_string())),
            (":date".to_string(), store::s(w.date)),
        ]);
        if let Some(job) = w.sync {
            set.push_str(", lastSync = :sync");
            values.insert(":sync".into(), store::s(job));
        }
        values.extend(value.map(|(k, v)| (k.to_string(), v)));
        let version = Update::builder()
            .table_name(t.name)
            .set_key(Some(fleet_shared::route_store::stop_key(w.date, &version_key(w.route))))
            .update_expression(set)
            .condition_expression(condition)
            .set_expression_attribute_values(Some(values))
            .build()
            .map_err(ApiError::internal)?;
        items.push(TransactWriteItem::builder().update(version).build());
        items.push(w.record.put(self.0.table(Table::History)?.name)?);
        if !w.claims.is_empty() {
            let records = self.0.table(Table::Idempotency)?.name;
            for c in w.claims {
                items.push(c.put(records)?);
            }
        }
        store::transact(t.client, items).await
    }

    async fn orders_of_date(&self, date: &str) -> Result<Vec<FridgeOrder>, ApiError> {
        // Eventually consistent, as before: tote counts follow the orders within a second.
        fleet_shared::order_store::of_date(&self.0.table(Table::FridgeOrders)?, date).all().await
    }

    async fn locations(&self, ids: Vec<String>, projection: &[&str]) -> Result<Vec<Location>, ApiError> {
        location_store::many(self.0, ids, projection).await
    }

    /// The update goes through the locations area's own rules (its checks,
    /// version condition and history record), not a write of routes' own:
    /// this is the one place routes call into `fn_locations`. A WHOLESALE
    /// location has its own update there (route spelling kept, no plan).
    async fn assign_route(&self, a: &RouteAssignment<'_>) -> Result<(), ApiError> {
        use fn_locations::service::{assign_route, update_wholesale, Author};
        let locations = fn_locations::store::Dynamo(self.0);
        let author = Author { user: a.user.to_string(), source: a.source.clone() };
        if a.wholesale {
            update_wholesale(&locations, a.id, a.route, a.stop, &author, a.now).await?;
        } else {
            assign_route(&locations, a.id, a.route, a.stop, &author, a.now).await?;
        }
        Ok(())
    }
}
