//! A driver action as stored (the driver-action table's item): the rules,
//! the lists and the store all read it, so it sits below all of them.
use serde::{Deserialize, Serialize};

/// One recorded action, as stored. Actions are never changed after they are written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredAction {
    pub event_type: String,
    /// `createdAt#id`.
    pub sk: String,
    pub id: String,
    pub location_id: String,
    /// The typed `data`, as JSON text.
    pub data: String,
    /// The server's clock when recorded.
    pub created_at: String,
    /// The device's clock when it happened (normalised to UTC).
    pub occurred_at: String,
    /// YYYY-MM-DD, the stocking day of `occurredAt`.
    pub stocking_day: String,
    /// `occurredAt#id`.
    pub occurred_sk: String,
    pub request_id: String,
    /// The caller's e-mail (or username), and their Cognito sub.
    pub created_by: String,
    pub created_by_sub: String,
    /// The caller's name (the pool's `name` attribute), when they have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_by_name: Option<String>,
}
