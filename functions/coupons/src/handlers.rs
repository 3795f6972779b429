//! `POST /coupons` (issued by `issue`) and the agent's recent codes, over
//! the DynamoDB store.
use crate::issue;
use crate::store::{CouponStore, Dynamo};
use fleet_shared::{ApiError, Deps, Input};
use serde_json::{json, Value};

/// Codes listed by `GET /coupons/mine`.
pub const RECENT: i32 = 50;

/// `POST /coupons {imageName, type, value, startDate, endDate, requestId?}` → `{statusCode, couponCode, ...}`.
pub async fn generate(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    issue::generate(&Dynamo(deps), &input).await
}

/// `GET /coupons/mine`: the caller's latest codes, newest first, with their redeemed state.
pub async fn mine(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let caller = input.caller()?;
    let codes = Dynamo(deps).mine(&caller.sub, RECENT).await?;
    Ok(json!({ "coupons": codes.iter().map(issue::view).collect::<Vec<_>>() }))
}
