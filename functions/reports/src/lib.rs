//! Reports (3-planning §2, §3, §5, §7; issue 25): empty channels and
//! stock-outs, which the telemetry ingest derives from inventory snapshots
//! (`fleet_shared::entity::report`), and route temperatures, which drivers
//! read at their stops (LocationStocked driver actions), and the driver log
//! (`fleet_shared::driver_log`). Reading only.
pub mod handlers;
pub mod range;
pub mod rows;
pub mod service;
pub mod store;

use fleet_shared::{typed, FunctionSpec, Grant, Permission, Table, Trigger};

/// The actions (group "Reports"; GetEmptyChannel is the spec's, in its Driver group too).
pub const EMPTY_CHANNEL_ACTION: &str = "GetEmptyChannel";
pub const STOCK_OUTS_ACTION: &str = "GetStockOuts";
pub const ROUTE_TEMPERATURES_ACTION: &str = "GetRouteTemperatures";
pub const DRIVER_LOG_ACTION: &str = "GetDriverLog";

pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "empty_channel_report",
        trigger: Trigger::Http { method: "GET", path: "/reports/emptychannel/{date}" },
        permission: Permission::Action(EMPTY_CHANNEL_ACTION),
        grants: &[Grant::QueryTable(Table::ReportRows), Grant::QueryTable(Table::LocationRoutes)],
        handler: typed!(handlers::empty_channels),
    },
    FunctionSpec {
        name: "stock_outs_report",
        trigger: Trigger::Http { method: "GET", path: "/reports/stockouts/{date}" },
        permission: Permission::Action(STOCK_OUTS_ACTION),
        grants: &[Grant::QueryTable(Table::ReportRows), Grant::QueryTable(Table::LocationRoutes)],
        handler: typed!(handlers::stock_outs),
    },
    FunctionSpec {
        name: "route_temperatures_report",
        trigger: Trigger::Http { method: "GET", path: "/reports/routetemperatures" },
        permission: Permission::Action(ROUTE_TEMPERATURES_ACTION),
        grants: &[
            Grant::QueryTable(Table::LocationRoutes),
            Grant::PagingTokens,
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::QueryIndex(Table::DriverActions, "byStockingDay"),
        ],
        handler: typed!(handlers::route_temperatures),
    },
    FunctionSpec {
        name: "driver_log_report",
        trigger: Trigger::Http { method: "GET", path: "/reports/driverlog" },
        permission: Permission::Action(DRIVER_LOG_ACTION),
        grants: &[Grant::QueryTable(Table::DriverLog), Grant::PagingTokens],
        handler: typed!(handlers::driver_log),
    },
    FunctionSpec {
        name: "driver_log_emails",
        trigger: Trigger::Http { method: "GET", path: "/reports/driverlog/cognitoemails" },
        permission: Permission::Action(DRIVER_LOG_ACTION),
        // The log of the range: only its callers are answered.
        grants: &[Grant::QueryTable(Table::DriverLog), Grant::ListUsers],
        handler: typed!(handlers::cognito_emails),
    },
];
