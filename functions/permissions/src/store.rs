//! The narrow store the permission rules run over: the pool's users, the
//! grants and their history. `service` only sees the trait, so its rules
//! (a grant held once, a revocation of what is not held records nothing, the
//! list keeps grants of users gone from the pool) are unit-tested over `fake`.
use aws_sdk_dynamodb::types::{Delete, Put, TransactWriteItem};
use fleet_shared::history::Record;
use fleet_shared::{store, ApiError, Deps, Table};
use serde::{Deserialize, Serialize};
use std::future::Future;

/// A grant as stored (keyed by `user` and `action`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Grant {
    pub user: String,
    pub action: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub granted_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub granted_at: Option<String>,
}

/// A user of the pool: the `sub` grants are keyed by, and the e-mail shown
/// (the username when there is none).
#[derive(Debug, Clone, PartialEq)]
pub struct PoolUser {
    pub sub: String,
    pub email: String,
}

pub trait PermissionStore: Sync {
    /// Every user of the pool.
    fn users(&self) -> impl Future<Output = Result<Vec<PoolUser>, ApiError>> + Send;
    /// Every grant.
    fn grants(&self) -> impl Future<Output = Result<Vec<Grant>, ApiError>> + Send;
    /// The latest `limit` records of `entity`, newest first.
    fn history(&self, entity: &str, limit: i32) -> impl Future<Output = Result<Vec<Record>, ApiError>> + Send;
    /// Stores the grant and its history record, all or nothing, unless the
    /// user holds the action already: a generic Conflict then, nothing written.
    fn grant(&self, grant: &Grant, record: &Record) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Deletes the grant and stores its history record, all or nothing, if the
    /// user holds the action: a generic Conflict otherwise, nothing written.
    fn revoke(&self, user: &str, action: &str, record: &Record) -> impl Future<Output = Result<(), ApiError>> + Send;
}

/// Grants in DynamoDB and users in Cognito, for a function that granted them.
pub struct Dynamo(pub &'static Deps);

impl PermissionStore for Dynamo {
    /// Cognito ListUsers, every page.
    async fn users(&self) -> Result<Vec<PoolUser>, ApiError> {
        let (cognito, pool) = (self.0.cognito()?, self.0.config.user_pool_id()?);
        let (users, _) = store::pages(None, None, |token, _| async move {
            let out = cognito.list_users().user_pool_id(pool).set_pagination_token(token).send().await?;
            let users = out
                .users
                .unwrap_or_default()
                .into_iter()
                .filter_map(|u| {
                    let attr = |name: &str| {
                        u.attributes().iter().find(|a| a.name() == name).and_then(|a| a.value()).map(str::to_string)
                    };
                    let sub = attr("sub")?;
                    let email = attr("email").unwrap_or_else(|| u.username().unwrap_or_default().to_string());
                    Some(PoolUser { sub, email })
                })
                .collect();
            Ok((users, out.pagination_token))
        })
        .await?;
        Ok(users)
    }

    async fn grants(&self) -> Result<Vec<Grant>, ApiError> {
        self.0.table(Table::Permissions)?.scan_all().await
    }

    async fn history(&self, entity: &str, limit: i32) -> Result<Vec<Record>, ApiError> {
        let query = self.0.table(Table::History)?.query("entity", entity).newest_first();
        let (items, _) = query.page(None, Some(limit)).await?;
        items.into_iter().map(store::from_item::<Record>).collect()
    }

    async fn grant(&self, grant: &Grant, record: &Record) -> Result<(), ApiError> {
        let table = self.0.table(Table::Permissions)?;
        let put = Put::builder()
            .table_name(table.name)
            .set_item(Some(store::to_item(grant)?))
            .condition_expression("attribute_not_exists(#u)")
            .expression_attribute_names("#u", "user")
            .build()
            .map_err(ApiError::internal)?;
        let items =
            vec![TransactWriteItem::builder().put(put).build(), record.put(self.0.config.table(Table::History)?)?];
        store::transact(table.client, items).await
    }

    async fn revoke(&self, user: &str, action: &str, record: &Record) -> Result<(), ApiError> {
        let table = self.0.table(Table::Permissions)?;
        let delete = Delete::builder()
            .table_name(table.name)
            .key("user", store::s(user))
            .key("action", store::s(action))
            .condition_expression("attribute_exists(#u)")
            .expression_attribute_names("#u", "user")
            .build()
            .map_err(ApiError::internal)?;
        let items = vec![
            TransactWriteItem::builder().delete(delete).build(),
            record.put(self.0.config.table(Table::History)?)?,
        ];
        store::transact(table.client, items).await
    }
}

/// Users, grants and history in memory, for tests of the permission rules.
#[cfg(test)]
pub mod fake {
    use super::*;
    use fleet_shared::error::CHANGED_MEANWHILE;
    use std::sync::Mutex;

    #[derive(Default)]
    pub struct Memory {
        pub users: Vec<PoolUser>,
        pub grants: Mutex<Vec<Grant>>,
        pub history: Mutex<Vec<Record>>,
    }

    fn changed() -> ApiError {
        ApiError::Conflict(CHANGED_MEANWHILE.into())
    }

    impl PermissionStore for Memory {
        async fn users(&self) -> Result<Vec<PoolUser>, ApiError> {
            Ok(self.users.clone())
        }
        async fn grants(&self) -> Result<Vec<Grant>, ApiError> {
            Ok(self.grants.lock().unwrap().clone())
        }
        async fn history(&self, entity: &str, limit: i32) -> Result<Vec<Record>, ApiError> {
            let mut records: Vec<Record> =
                self.history.lock().unwrap().iter().filter(|r| r.entity == entity).cloned().collect();
            records.sort_by(|a, b| b.sk.cmp(&a.sk));
            records.truncate(usize::try_from(limit).unwrap_or(0));
            Ok(records)
        }
        async fn grant(&self, grant: &Grant, record: &Record) -> Result<(), ApiError> {
            let mut grants = self.grants.lock().unwrap();
            if grants.iter().any(|g| g.user == grant.user && g.action == grant.action) {
                return Err(changed());
            }
            grants.push(grant.clone());
            self.history.lock().unwrap().push(record.clone());
            Ok(())
        }
        async fn revoke(&self, user: &str, action: &str, record: &Record) -> Result<(), ApiError> {
            let mut grants = self.grants.lock().unwrap();
            let before = grants.len();
            grants.retain(|g| !(g.user == user && g.action == action));
            if grants.len() == before {
                return Err(changed());
            }
            self.history.lock().unwrap().push(record.clone());
            Ok(())
        }
    }
}
