//! The coupon store over DynamoDB.
use super::{CouponStore, Stored};
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use fleet_shared::idempotency::{Claim, Records, Seen};
use fleet_shared::store;
use fleet_shared::{ApiError, Deps, Table};
use std::collections::HashMap;

/// Codes in DynamoDB, for a function that granted the tables it uses.
pub struct Dynamo(pub &'static Deps);

impl Records for Dynamo {
    async fn get(&self, pk: &str, parts: Vec<String>) -> Result<HashMap<String, Claim>, ApiError> {
        Records::get(&self.0.table(Table::Idempotency)?, pk, parts).await
    }

    async fn put(&self, claim: &Claim) -> Result<Seen, ApiError> {
        Records::put(&self.0.table(Table::Idempotency)?, claim).await
    }
}

impl CouponStore for Dynamo {
    async fn insert(&self, code: &Stored, claim: Option<&Claim>) -> Result<(), ApiError> {
        let t = self.0.table(Table::Coupons)?;
        let put = Put::builder()
            .table_name(t.name)
            .set_item(Some(store::to_item(code)?))
            .condition_expression("attribute_not_exists(code)")
            .build()
            .map_err(ApiError::internal)?;
        let mut items = vec![TransactWriteItem::builder().put(put).build()];
        if let Some(claim) = claim {
            items.push(claim.put(self.0.config.table(Table::Idempotency)?)?);
        }
        store::transact(t.client, items).await
    }

    async fn mine(&self, sub: &str, limit: i32) -> Result<Vec<Stored>, ApiError> {
        let query = self.0.table(Table::Coupons)?.query("createdBySub", sub).index("byCreator").newest_first();
        let (items, _) = query.page(None, Some(limit)).await?;
        items.into_iter().map(store::from_item::<Stored>).collect()
    }
}
