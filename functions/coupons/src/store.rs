//! The narrow store code issuing runs over: the codes (with the idempotency
//! records of the requests that made them) and an agent's latest codes.
//! `issue` only sees the trait, so its rules are unit-tested over `fake`.
use crate::rules::CouponType;
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use fleet_shared::idempotency::{Claim, Records, Seen};
use fleet_shared::store;
use fleet_shared::{ApiError, Deps, Table};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::future::Future;

/// A code as stored (keyed by `code`; the `byCreator` index reads it by `createdBySub`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Stored {
    pub code: String,
    pub reason: String,
    pub category: String,
    pub code_type: String,
    pub quantity: i64,
    #[serde(rename = "type")]
    pub kind: CouponType,
    pub value: i64,
    /// What the agent chose, as the list shows it ('$5', '50 %').
    pub display: String,
    pub start_date: String,
    pub end_date: String,
    pub created_by: String,
    pub created_by_sub: String,
    pub created_at: String,
    #[serde(default)]
    pub redeemed: bool,
}

/// The codes, and the requests' idempotency records (`Records`).
pub trait CouponStore: Records {
    /// Stores a code on condition that no code has it, with the request's
    /// claim (if any) in the same transaction, all or nothing. A generic
    /// Conflict when the code or the claim exists.
    fn insert(&self, code: &Stored, claim: Option<&Claim>) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// The latest `limit` codes created by `sub`, newest first.
    fn mine(&self, sub: &str, limit: i32) -> impl Future<Output = Result<Vec<Stored>, ApiError>> + Send;
}

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

/// Codes in memory, for tests of the issuing rules.
#[cfg(test)]
pub mod fake {
    use super::*;
    use fleet_shared::error::CHANGED_MEANWHILE;
    use fleet_shared::idempotency::MemoryRecords;
    use std::sync::Mutex;

    #[derive(Default)]
    pub struct Memory {
        pub codes: Mutex<Vec<Stored>>,
        pub records: MemoryRecords,
        /// Inserts still to be refused as though the code existed (a collision).
        pub collisions: Mutex<usize>,
        /// A code and claim another try of the request stores just before this insert.
        pub racing: Mutex<Option<(Stored, Claim)>>,
    }

    impl Memory {
        pub fn codes(&self) -> Vec<Stored> {
            self.codes.lock().unwrap().clone()
        }
    }

    impl Records for Memory {
        async fn get(&self, pk: &str, parts: Vec<String>) -> Result<HashMap<String, Claim>, ApiError> {
            self.records.get(pk, parts).await
        }
        async fn put(&self, claim: &Claim) -> Result<Seen, ApiError> {
            self.records.put(claim).await
        }
    }

    impl CouponStore for Memory {
        async fn insert(&self, code: &Stored, claim: Option<&Claim>) -> Result<(), ApiError> {
            if let Some((other, other_claim)) = self.racing.lock().unwrap().take() {
                self.records.insert(&other_claim)?;
                self.codes.lock().unwrap().push(other);
            }
            let conflict = || Err(ApiError::Conflict(CHANGED_MEANWHILE.into()));
            {
                let mut collisions = self.collisions.lock().unwrap();
                if *collisions > 0 {
                    *collisions -= 1;
                    return conflict();
                }
            }
            let mut codes = self.codes.lock().unwrap();
            if codes.iter().any(|c| c.code == code.code) {
                return conflict();
            }
            if let Some(claim) = claim {
                self.records.insert(claim)?;
            }
            codes.push(code.clone());
            Ok(())
        }

        async fn mine(&self, sub: &str, limit: i32) -> Result<Vec<Stored>, ApiError> {
            let mut mine: Vec<Stored> = self.codes().into_iter().filter(|c| c.created_by_sub == sub).collect();
            mine.sort_by(|a, b| b.created_at.cmp(&a.created_at));
            mine.truncate(usize::try_from(limit).unwrap_or(0));
            Ok(mine)
        }
    }
}
