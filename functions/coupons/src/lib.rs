//! Customer-service coupon codes (3-planning §2, §3, §5, §9): single-use,
//! unguessable codes with their reason, value and validity, and the agent's
//! recent codes.
pub mod codes;
pub mod handlers;
pub mod issue;
pub mod reasons;
pub mod rules;
pub mod store;

use fleet_shared::{typed, FunctionSpec, Grant, Permission, Table, Trigger};

pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "generate_coupon",
        trigger: Trigger::Http { method: "POST", path: "/coupons" },
        permission: Permission::Action("GenerateCoupons"),
        grants: &[
            Grant::PutItems(Table::Coupons),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
        ],
        handler: typed!(handlers::generate),
    },
    FunctionSpec {
        name: "my_coupons",
        trigger: Trigger::Http { method: "GET", path: "/coupons/mine" },
        permission: Permission::Action("GenerateCoupons"),
        grants: &[
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::QueryIndex(Table::Coupons, "byCreator"),
        ],
        handler: typed!(handlers::mine),
    },
];
