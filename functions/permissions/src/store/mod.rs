//! The narrow store the permission rules run over: the pool's users, the
//! grants and their history. `service` only sees the trait, so its rules
//! (a grant held once, a revocation of what is not held records nothing, the
//! list keeps grants of users gone from the pool) are unit-tested over `memory::Memory`.
use fleet_shared::history::Record;
use fleet_shared::ApiError;
use serde::{Deserialize, Serialize};
use std::future::Future;

pub mod dynamo;
#[cfg(test)]
pub mod memory;

pub use dynamo::Dynamo;

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
