//! Feature flags, keyed by the user's e-mail (lower-cased).
use crate::{error::ApiError, resources::Table, Deps};
use aws_sdk_dynamodb::types::AttributeValue;

pub const DROP_OVERRIDE: &str = "drop-override";
pub const JIT_MANAGEMENT: &str = "jit-management";

pub async fn flags_for(deps: &Deps, email: &str) -> Result<Vec<String>, ApiError> {
    if email.is_empty() {
        return Ok(vec![]);
    }
    let table = deps.table(Table::FeatureFlags)?;
    let out = table
        .client
        .get_item()
        .table_name(table.name)
        .key("email", AttributeValue::S(email.to_lowercase()))
        .send()
        .await?;
    let mut flags: Vec<String> = out
        .item
        .and_then(|mut item| item.remove("flags"))
        .and_then(|v| v.as_ss().ok().cloned())
        .unwrap_or_default();
    flags.sort();
    Ok(flags)
}

pub async fn has_flag(deps: &Deps, email: &str, flag: &str) -> Result<bool, ApiError> {
    Ok(flags_for(deps, email).await?.iter().any(|f| f == flag))
}
