//! Calls the console shell makes for every signed-in user.
use fleet_shared::{
    flags, fridge_time, handler, permissions, ApiError, Deps, FunctionSpec, Grant, Input, Permission, Table, Trigger,
};
use serde_json::{json, Value};

pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "get_feature_flags",
        trigger: Trigger::Query("getFeatureFlags"),
        permission: Permission::SignedIn,
        grants: &[Grant::ReadTable(Table::FeatureFlags)],
        handler: handler!(feature_flags),
    },
    FunctionSpec {
        name: "get_my_access",
        trigger: Trigger::Query("myAccess"),
        permission: Permission::SignedIn,
        grants: &[Grant::ReadTable(Table::Permissions), Grant::ReadTable(Table::FeatureFlags)],
        handler: handler!(my_access),
    },
    FunctionSpec {
        name: "location_services_status",
        trigger: Trigger::Query("locationServicesStatus"),
        permission: Permission::SignedIn,
        grants: &[Grant::ReadTable(Table::Locations)],
        handler: handler!(location_services_status),
    },
];

async fn feature_flags(deps: &'static Deps, input: Input) -> Result<Vec<String>, ApiError> {
    flags::flags_for(deps, input.caller()?).await
}

/// What the signed-in user may do: their actions and feature flags, read at
/// sign-in so the screens hide or explain what they cannot do. The server still
/// decides every call.
#[derive(Debug, serde::Serialize)]
struct Access {
    actions: Vec<String>,
    flags: Vec<String>,
}

async fn my_access(deps: &'static Deps, input: Input) -> Result<Access, ApiError> {
    let caller = input.caller()?;
    let (actions, flags) =
        tokio::try_join!(permissions::actions_of(deps, &caller.sub), flags::flags_for(deps, caller))?;
    Ok(Access { actions, flags })
}

/// One single-item read of the locations table: proves the store answers.
async fn location_services_status(deps: &'static Deps, _input: Input) -> Result<Value, ApiError> {
    // Only the key of at most one item: the answer is that the read succeeded.
    deps.table(Table::Locations)?.scan_page(None, Some(1), &["id"]).await?;
    Ok(json!({ "status": "ok", "checkedAt": fridge_time::now_text() }))
}
