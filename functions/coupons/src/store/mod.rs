//! The narrow store code issuing runs over: the codes (with the idempotency
//! records of the requests that made them) and an agent's latest codes.
//! `issue` only sees the trait, so its rules are unit-tested over `memory::Memory`.
use crate::rules::CouponType;
use fleet_shared::idempotency::{Claim, Records};
use fleet_shared::ApiError;
use serde::{Deserialize, Serialize};
use std::future::Future;

pub mod dynamo;
#[cfg(test)]
pub mod memory;

pub use dynamo::Dynamo;

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
