//! Calls the console shell makes for every signed-in user.
pub mod handlers;

use fleet_shared::{typed, FunctionSpec, Grant, Permission, Table, Trigger};

pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "get_feature_flags",
        trigger: Trigger::Query("getFeatureFlags"),
        permission: Permission::SignedIn,
        grants: &[Grant::GetItems(Table::FeatureFlags)],
        handler: typed!(handlers::feature_flags),
    },
    FunctionSpec {
        name: "get_my_access",
        trigger: Trigger::Query("myAccess"),
        permission: Permission::SignedIn,
        grants: &[Grant::QueryTable(Table::Permissions), Grant::GetItems(Table::FeatureFlags)],
        handler: typed!(handlers::my_access),
    },
    FunctionSpec {
        name: "location_services_status",
        trigger: Trigger::Query("locationServicesStatus"),
        permission: Permission::SignedIn,
        grants: &[
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::ScanTable(Table::Locations),
        ],
        handler: typed!(handlers::location_services_status),
    },
];
