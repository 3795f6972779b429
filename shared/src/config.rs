use std::env;

/// Everything a function reads from its environment, parsed once at cold start.
/// Endpoints are not here: the SDK reads `AWS_ENDPOINT_URL` itself.
#[derive(Clone, Debug)]
pub struct Config {
    pub locations_table: String,
    pub scheduled_changes_table: String,
    pub permissions_table: String,
    pub feature_flags_table: String,
    pub name_lists_table: String,
    pub user_pool_id: String,
    /// Signs `nextToken`s so a tampered token is refused.
    pub paging_secret: Vec<u8>,
}

#[derive(Debug, thiserror::Error)]
#[error("missing environment variable {0}")]
pub struct MissingVar(pub &'static str);

fn var(name: &'static str) -> Result<String, MissingVar> {
    env::var(name).ok().filter(|v| !v.is_empty()).ok_or(MissingVar(name))
}

impl Config {
    pub fn from_env() -> Result<Self, MissingVar> {
        Ok(Self {
            locations_table: var("LOCATIONS_TABLE")?,
            scheduled_changes_table: var("SCHEDULED_CHANGES_TABLE")?,
            permissions_table: var("PERMISSIONS_TABLE")?,
            feature_flags_table: var("FEATURE_FLAGS_TABLE")?,
            name_lists_table: var("NAME_LISTS_TABLE")?,
            user_pool_id: var("USER_POOL_ID")?,
            paging_secret: var("PAGING_TOKEN_SECRET")?.into_bytes(),
        })
    }
}
