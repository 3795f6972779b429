//! `GET /users/permissions`, `POST /users/permissions` and
//! `POST /users/permissions/remove`: the rules of `service` over the
//! DynamoDB and Cognito store.
use crate::service;
use crate::store::Dynamo;
use fleet_shared::{ApiError, Deps, Input};
use serde_json::Value;

pub async fn list(deps: &'static Deps, _input: Input) -> Result<Value, ApiError> {
    service::list(&Dynamo(deps)).await
}

pub async fn grant(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    service::grant(&Dynamo(deps), &input).await
}

pub async fn revoke(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    service::revoke(&Dynamo(deps), &input).await
}
