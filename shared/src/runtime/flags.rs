//! Feature flags, keyed by the user's e-mail (lower-cased). Flags are the
//! second factor of fridge commands, so only an e-mail the user pool verified
//! reads them: an unverified (or self-edited) address has no flags.
use crate::{error::ApiError, resources::Table, Caller, Deps};
use aws_sdk_dynamodb::types::AttributeValue;

pub const DROP_OVERRIDE: &str = "drop-override";
pub const JIT_MANAGEMENT: &str = "jit-management";

pub async fn flags_for(deps: &Deps, caller: &Caller) -> Result<Vec<String>, ApiError> {
    let Some(email) = caller.verified_email() else { return Ok(vec![]) };
    let table = deps.table(Table::FeatureFlags)?;
    let out = table
        .client
        .get_item()
        .table_name(table.name)
        .key("email", AttributeValue::S(email.to_lowercase()))
        .send()
        .await?;
    let mut flags: Vec<String> =
        out.item.and_then(|mut item| item.remove("flags")).and_then(|v| v.as_ss().ok().cloned()).unwrap_or_default();
    flags.sort();
    Ok(flags)
}

pub async fn has_flag(deps: &Deps, caller: &Caller, flag: &str) -> Result<bool, ApiError> {
    Ok(flags_for(deps, caller).await?.iter().any(|f| f == flag))
}
