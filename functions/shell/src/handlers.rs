//! The shell's calls: the caller's feature flags and access, and a cheap
//! check that the store answers.
use fleet_shared::contract::{Ctx, NoArgs};
use fleet_shared::location_store;
use fleet_shared::{flags, permissions, ApiError, Deps};
use serde::Serialize;

pub async fn feature_flags(deps: &'static Deps, ctx: Ctx, _: NoArgs) -> Result<Vec<String>, ApiError> {
    flags::flags_for(deps, ctx.caller()?).await
}

/// What the signed-in user may do: their actions and feature flags, read at
/// sign-in so the screens hide or explain what they cannot do. The server still
/// decides every call.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Access {
    pub actions: Vec<String>,
    pub flags: Vec<String>,
}

pub async fn my_access(deps: &'static Deps, ctx: Ctx, _: NoArgs) -> Result<Access, ApiError> {
    let caller = ctx.caller()?;
    let (actions, flags) =
        tokio::try_join!(permissions::actions_of(deps, &caller.sub), flags::flags_for(deps, caller))?;
    Ok(Access { actions, flags })
}

/// `locationServicesStatus`: the store answered, and when.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceStatus {
    pub status: &'static str,
    pub checked_at: String,
}

/// One single-item read of the locations table: proves the store answers.
pub async fn location_services_status(deps: &'static Deps, ctx: Ctx, _: NoArgs) -> Result<ServiceStatus, ApiError> {
    // Only the key of at most one item: the answer is that the read succeeded.
    location_store::probe(deps).await?;
    Ok(ServiceStatus { status: "ok", checked_at: ctx.now_text() })
}
