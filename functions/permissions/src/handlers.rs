//! `GET /users/permissions`, `POST /users/permissions` and
//! `POST /users/permissions/remove`: the rules of `service` over the
//! DynamoDB and Cognito store.
use crate::service::{self, Granted, PermissionArgs, Permissions, Revoked};
use crate::store::Dynamo;
use fleet_shared::contract::{Ctx, NoArgs};
use fleet_shared::{ApiError, Deps};

pub async fn list(deps: &'static Deps, _: Ctx, _: NoArgs) -> Result<Permissions, ApiError> {
    service::list(&Dynamo(deps)).await
}

pub async fn grant(deps: &'static Deps, ctx: Ctx, args: PermissionArgs) -> Result<Granted, ApiError> {
    service::grant(&Dynamo(deps), ctx.caller()?, args, &ctx.now_text()).await
}

pub async fn revoke(deps: &'static Deps, ctx: Ctx, args: PermissionArgs) -> Result<Revoked, ApiError> {
    service::revoke(&Dynamo(deps), ctx.caller()?, args, &ctx.now_text()).await
}
