//! The permission store: grants and history in DynamoDB, users in Cognito.
use super::{Grant, PermissionStore, PoolUser};
use aws_sdk_dynamodb::types::{Delete, Put, TransactWriteItem};
use fleet_shared::history::Record;
use fleet_shared::{store, ApiError, Deps, Table};

/// Grants in DynamoDB and users in Cognito, for a function that granted them.
pub struct Dynamo(pub &'static Deps);

impl PermissionStore for Dynamo {
    /// Cognito ListUsers, every page.
    async fn users(&self) -> Result<Vec<PoolUser>, ApiError> {
        let pool_id = self.0.config.user_pool_id()?;
        let users = self.0.user_pool()?.every_user(pool_id).await.map_err(|e| ApiError::internal(e.to_string()))?;
        Ok(users
            .iter()
            .filter_map(|u| {
                let sub = u.attribute("sub")?.to_string();
                let email = u.attribute("email").or(u.username.as_deref()).unwrap_or_default().to_string();
                Some(PoolUser { sub, email })
            })
            .collect())
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
