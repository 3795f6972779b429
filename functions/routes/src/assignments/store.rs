//! Route drivers in DynamoDB (LocationRoutes, History, Idempotency), who
//! holds the driver's actions (Permissions) and the user directory (Cognito ListUsers).
use super::{Driver, DriverChange, DriverStore, PoolUser, BY_ACTION, DRIVER_ACTIONS};
use crate::store::Dynamo;
use aws_sdk_dynamodb::types::{Delete, Put, TransactWriteItem};
use fleet_shared::aws_json::ListUsers;
use fleet_shared::entity::assignment::DriverAssignment;
use fleet_shared::{item, store, ApiError, Table};
use std::collections::{HashMap, HashSet};

/// One grant of the permissions table, as these reads need it.
#[derive(serde::Deserialize)]
struct Granted {
    user: String,
    action: String,
}

impl DriverStore for Dynamo {
    async fn user_by_email(&self, email: &str) -> Result<Option<Driver>, ApiError> {
        let request = ListUsers {
            user_pool_id: self.0.config.user_pool_id()?.to_string(),
            // `email_of` refused quotes and backslashes, so the filter reads as written.
            filter: Some(format!("email = \"{email}\"")),
            limit: Some(2),
            pagination_token: None,
        };
        let out = self.0.user_pool()?.list_users(&request).await.map_err(|e| ApiError::internal(e.to_string()))?;
        let Some((sub, email, name)) = out.users.first().and_then(|u| {
            let name = u.attribute("name").map(str::to_string);
            Some((u.attribute("sub")?.to_string(), u.attribute("email").unwrap_or(email).to_string(), name))
        }) else {
            return Ok(None);
        };
        // Only a user who holds the driver's actions drives a route (issue 59).
        let holds = super::DRIVER_ACTIONS.map(|a| fleet_shared::permissions::is_allowed(self.0, &sub, a));
        let drives = futures::future::try_join_all(holds).await?.into_iter().all(|h| h);
        Ok(Some(Driver { sub, email, name, drives }))
    }

    async fn directory(&self) -> Result<Vec<PoolUser>, ApiError> {
        let pool_id = self.0.config.user_pool_id()?;
        let users = self.0.user_pool()?.every_user(pool_id).await.map_err(|e| ApiError::internal(e.to_string()))?;
        Ok(users
            .iter()
            .filter_map(|u| {
                Some(PoolUser {
                    sub: u.attribute("sub")?.to_string(),
                    email: u.attribute("email")?.to_string(),
                    name: u.attribute("name").map(str::to_string),
                })
            })
            .collect())
    }

    async fn drivers_among(&self, subs: &[String]) -> Result<HashSet<String>, ApiError> {
        let keys = subs
            .iter()
            .flat_map(|sub| {
                DRIVER_ACTIONS
                    .map(|a| HashMap::from([("user".to_string(), store::s(sub)), ("action".to_string(), store::s(a))]))
            })
            .collect();
        let items = self.0.table(Table::Permissions)?.batch_get(keys, &["user", "action"]).await?;
        let mut held: HashMap<String, HashSet<String>> = HashMap::new();
        for granted in items.into_iter().map(store::from_item::<Granted>) {
            let granted = granted?;
            held.entry(granted.user).or_default().insert(granted.action);
        }
        Ok(held.into_iter().filter(|(_, actions)| actions.len() == DRIVER_ACTIONS.len()).map(|(u, _)| u).collect())
    }

    async fn holders(&self, action: &str) -> Result<HashSet<String>, ApiError> {
        let query = self.0.table(Table::Permissions)?.query("action", action).index(BY_ACTION);
        let granted: Vec<Granted> = query.all().await?;
        Ok(granted.into_iter().map(|g| g.user).collect())
    }

    async fn drivers_of_date(&self, date: &str) -> Result<Vec<DriverAssignment>, ApiError> {
        fleet_shared::route_store::drivers_of_date(&self.0.table(Table::LocationRoutes)?, date).all().await
    }

    async fn driver(&self, date: &str, route: &str) -> Result<Option<DriverAssignment>, ApiError> {
        self.0.table(Table::LocationRoutes)?.get(fleet_shared::route_store::driver_item_key(date, route)).await
    }

    async fn set_driver(&self, change: &DriverChange<'_>) -> Result<(), ApiError> {
        let t = self.0.table(Table::LocationRoutes)?;
        let key = fleet_shared::route_store::driver_item_key(change.date, change.route);
        // Tied to the version read: none stored, or that one.
        let (condition, seen) = match change.read {
            None => ("attribute_not_exists(routeStop)", None),
            Some(v) => ("version = :seen", Some(aws_sdk_dynamodb::types::AttributeValue::N(v.to_string()))),
        };
        let write = match change.new {
            Some(new) => {
                let put = Put::builder()
                    .table_name(t.name)
                    .set_item(Some(item::to_item(new)?))
                    .condition_expression(condition);
                let put = match &seen {
                    Some(v) => put.expression_attribute_values(":seen", v.clone()),
                    None => put,
                };
                TransactWriteItem::builder().put(put.build().map_err(ApiError::internal)?).build()
            }
            None => {
                let delete = Delete::builder().table_name(t.name).set_key(Some(key)).condition_expression(condition);
                let delete = match &seen {
                    Some(v) => delete.expression_attribute_values(":seen", v.clone()),
                    None => delete,
                };
                TransactWriteItem::builder().delete(delete.build().map_err(ApiError::internal)?).build()
            }
        };
        let mut items = vec![write, change.record.put(self.0.config.table(Table::History)?)?];
        if let Some(claim) = change.claim {
            items.push(claim.put(self.0.config.table(Table::Idempotency)?)?);
        }
        store::transact(t.client, items).await
    }
}
