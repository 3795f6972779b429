//! Per-user permission actions, stored as one item per (user, action).
use crate::{error::ApiError, identity::Caller, resources::Table, Deps};
use aws_sdk_dynamodb::types::AttributeValue;

pub async fn is_allowed(deps: &Deps, user: &str, action: &str) -> Result<bool, ApiError> {
    let table = deps.table(Table::Permissions)?;
    let out = table
        .client
        .get_item()
        .table_name(table.name)
        .key("user", AttributeValue::S(user.to_string()))
        .key("action", AttributeValue::S(action.to_string()))
        .projection_expression("#u")
        .expression_attribute_names("#u", "user")
        .send()
        .await?;
    Ok(out.item.is_some())
}

/// Every action granted to `user` (one query of the user's partition), sorted.
pub async fn actions_of(deps: &Deps, user: &str) -> Result<Vec<String>, ApiError> {
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Granted {
        action: String,
    }
    let granted: Vec<Granted> = deps.table(Table::Permissions)?.query("user", user).all().await?;
    let mut actions: Vec<String> = granted.into_iter().map(|g| g.action).collect();
    actions.sort();
    Ok(actions)
}

/// Which of `actions` the user holds: one BatchGetItem of their (user, action)
/// keys, however many alternatives are asked about.
pub async fn held_of(deps: &Deps, user: &str, actions: &[&str]) -> Result<Vec<String>, ApiError> {
    let keys = actions
        .iter()
        .map(|action| {
            crate::store::Key::from([
                ("user".to_string(), AttributeValue::S(user.to_string())),
                ("action".to_string(), AttributeValue::S(action.to_string())),
            ])
        })
        .collect();
    let found = deps.table(Table::Permissions)?.batch_get(keys, &["action"]).await?;
    let mut held: Vec<String> =
        found.into_iter().filter_map(|item| item.get("action").and_then(|a| a.as_s().ok()).cloned()).collect();
    held.sort();
    Ok(held)
}

/// The gate of a call that any one of `actions` opens: the ones the caller holds.
pub async fn require_any(deps: &Deps, caller: &Caller, actions: &[&str]) -> Result<Vec<String>, ApiError> {
    let held = held_of(deps, &caller.sub, actions).await?;
    if held.is_empty() {
        tracing::warn!(user = %caller.sub, ?actions, "permission denied");
        Err(ApiError::Forbidden)
    } else {
        Ok(held)
    }
}

pub async fn require(deps: &Deps, caller: &Caller, action: &str) -> Result<(), ApiError> {
    if is_allowed(deps, &caller.sub, action).await? {
        Ok(())
    } else {
        tracing::warn!(user = %caller.sub, action, "permission denied");
        Err(ApiError::Forbidden)
    }
}
