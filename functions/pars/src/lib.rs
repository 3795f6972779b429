//! Pars: the par file's dry run and `uploadParMaps`, orders by day, the pars
//! of one location (`jitLocations`) and the packing-slip report (spec
//! 3-planning §2, §4, §5, §7).
pub mod groups;
pub mod handlers;
pub mod kind;
pub mod report;
pub mod rules;
pub mod store;

use fleet_shared::{typed, Bucket, FunctionSpec, Grant, Permission, Table, Trigger};

pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "pars_dry_run",
        trigger: Trigger::Http { method: "POST", path: "/pars/dry-run" },
        permission: Permission::Action("UploadPars"),
        grants: &[
            Grant::BatchGetItems(Table::Locations),
            Grant::BatchGetItems(Table::FridgeOrders),
            Grant::FileUploads,
        ],
        handler: typed!(handlers::dry_run),
    },
    FunctionSpec {
        name: "upload_par_maps",
        trigger: Trigger::Mutation("uploadParMaps"),
        permission: Permission::Action("UploadPars"),
        // A chunk of 500 orders is larger than the default request bound.
        grants: &[
            Grant::BatchGetItems(Table::Locations),
            Grant::PutItems(Table::FridgeOrders),
            // Each order's packing slip lands in the order's transaction.
            Grant::PutItems(Table::PackingSlips),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
            Grant::FileUploads,
        ],
        handler: typed!(handlers::upload_par_maps),
    },
    FunctionSpec {
        name: "pars_archive",
        trigger: Trigger::Http { method: "POST", path: "/pars/archive" },
        permission: Permission::Action("UploadPars"),
        grants: &[Grant::WriteBucket(Bucket::Uploads), Grant::FileUploads],
        handler: typed!(handlers::archive),
    },
    FunctionSpec {
        name: "orders_by_day",
        trigger: Trigger::Query("ordersByDay"),
        permission: Permission::Action("GetPars"),
        grants: &[Grant::QueryTable(Table::FridgeOrders), Grant::PagingTokens],
        handler: typed!(handlers::orders_by_day),
    },
    FunctionSpec {
        name: "fridge_order_counts",
        trigger: Trigger::Query("fridgeOrderCounts"),
        permission: Permission::Action("GetPars"),
        grants: &[Grant::QueryTable(Table::FridgeOrders)],
        handler: typed!(handlers::fridge_order_counts),
    },
    FunctionSpec {
        name: "jit_locations",
        trigger: Trigger::Query("jitLocations"),
        permission: Permission::Action("GetPars"),
        grants: &[Grant::QueryTable(Table::FridgeOrders)],
        handler: typed!(handlers::jit_locations),
    },
    FunctionSpec {
        name: "pars_report",
        trigger: Trigger::Http { method: "GET", path: "/pars/report/{date}" },
        permission: Permission::Action("GetPars"),
        grants: &[Grant::QueryTable(Table::FridgeOrders), Grant::BatchGetItems(Table::Locations)],
        handler: typed!(handlers::pars_report),
    },
];
