//! `POST /coupons` (issued by `issue`) and the agent's recent codes, over
//! the DynamoDB store.
use crate::issue::{self, GenerateArgs, Issued, View};
use crate::store::{CouponStore, Dynamo};
use fleet_shared::contract::{Ctx, NoArgs};
use fleet_shared::{ApiError, Deps};
use serde::Serialize;

/// Codes listed by `GET /coupons/mine`.
pub const RECENT: i32 = 50;

/// `POST /coupons {imageName, type, value, startDate, endDate, requestId?}` → `{statusCode, couponCode, ...}`.
pub async fn generate(deps: &'static Deps, ctx: Ctx, args: GenerateArgs) -> Result<Issued, ApiError> {
    issue::generate(&Dynamo(deps), ctx.caller()?, args).await
}

/// `GET /coupons/mine`'s answer.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Mine {
    pub coupons: Vec<View>,
}

/// `GET /coupons/mine`: the caller's latest codes, newest first, with their redeemed state.
pub async fn mine(deps: &'static Deps, ctx: Ctx, _: NoArgs) -> Result<Mine, ApiError> {
    let codes = Dynamo(deps).mine(&ctx.caller()?.sub, RECENT).await?;
    Ok(Mine { coupons: codes.iter().map(issue::view).collect() })
}
