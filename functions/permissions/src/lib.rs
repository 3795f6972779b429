//! User permissions: list, grant and revoke permission actions per user.
pub mod actions;
mod handlers;
pub mod service;
pub mod store;

use fleet_shared::{typed, FunctionSpec, Grant, Permission, Table, Trigger};

pub const MANAGE: &str = actions::MANAGE_USER_PERMISSIONS;

pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "get_user_permissions",
        trigger: Trigger::Http { method: "GET", path: "/users/permissions" },
        permission: Permission::Action(MANAGE),
        grants: &[
            Grant::GetItems(Table::Permissions),
            Grant::ListUsers,
            Grant::QueryTable(Table::History),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::ScanTable(Table::Permissions),
        ],
        handler: typed!(handlers::list),
    },
    FunctionSpec {
        name: "add_user_permission",
        trigger: Trigger::Http { method: "POST", path: "/users/permissions" },
        permission: Permission::Action(MANAGE),
        grants: &[
            Grant::GetItems(Table::Permissions),
            Grant::PutItems(Table::Permissions),
            Grant::ListUsers,
            Grant::PutItems(Table::History),
        ],
        handler: typed!(handlers::grant),
    },
    FunctionSpec {
        name: "remove_user_permission",
        trigger: Trigger::Http { method: "POST", path: "/users/permissions/remove" },
        permission: Permission::Action(MANAGE),
        grants: &[
            Grant::GetItems(Table::Permissions),
            Grant::PutItems(Table::History),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::DeleteItems(Table::Permissions),
        ],
        handler: typed!(handlers::revoke),
    },
];
