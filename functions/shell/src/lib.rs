//! Calls the console shell makes for every signed-in user.
use fleet_shared::{
    flags, fridge_time, handler, ApiError, Deps, FunctionSpec, Grant, Input, Permission, Table, Trigger,
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

/// One single-item read of the locations table: proves the store answers.
async fn location_services_status(deps: &'static Deps, _input: Input) -> Result<Value, ApiError> {
    // Only the key of at most one item: the answer is that the read succeeded.
    deps.table(Table::Locations)?.scan_page(None, Some(1), &["id"]).await?;
    Ok(json!({ "status": "ok", "checkedAt": fridge_time::now_text() }))
}
