//! Routes: route stops by date with tote counts, the route-stop schedule
//! upload and the driver/route upload (spec 1-locations §2.7, §2.8, §5.4, §7).
pub mod assignments;
pub mod cells;
pub mod drivers;
pub mod handlers;
pub mod loginext;
pub mod orders;
pub mod route_schedule;
pub mod settings;
pub mod stops;
pub mod store;

use fleet_shared::{typed, typed_event, Bucket, FunctionSpec, Grant, Permission, Queue, Table, Trigger};

pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "location_routes",
        trigger: Trigger::Query("locationRoutes"),
        permission: Permission::AnyOf(fleet_shared::assignment::ROUTE_READERS),
        grants: &[Grant::QueryTable(Table::LocationRoutes), Grant::QueryTable(Table::FridgeOrders)],
        handler: typed!(handlers::location_routes),
    },
    FunctionSpec {
        name: "route_schedule_dry_run",
        trigger: Trigger::Http { method: "POST", path: "/locations/routes/schedule/dry-run" },
        permission: Permission::Action("UploadRoutes"),
        grants: &[Grant::QueryTable(Table::LocationRoutes), Grant::BatchGetItems(Table::Locations), Grant::FileUploads],
        handler: typed!(handlers::route_schedule_dry_run),
    },
    FunctionSpec {
        name: "route_schedule_commit",
        trigger: Trigger::Http { method: "POST", path: "/locations/routes/schedule/commit" },
        permission: Permission::Action("UploadRoutes"),
        grants: &[
            Grant::GetItems(Table::LocationRoutes),
            Grant::QueryTable(Table::LocationRoutes),
            Grant::PutItems(Table::LocationRoutes),
            Grant::UpdateItems(Table::LocationRoutes),
            Grant::BatchGetItems(Table::Locations),
            Grant::PutItems(Table::History),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
            Grant::WriteBucket(Bucket::Routes),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::DeleteItems(Table::LocationRoutes),
        ],
        handler: typed!(handlers::route_schedule_commit),
    },
    FunctionSpec {
        name: "driver_routes_dry_run",
        trigger: Trigger::Http { method: "POST", path: "/locations/routes/drivers/dry-run" },
        permission: Permission::Action("UploadRoutes"),
        grants: &[Grant::BatchGetItems(Table::Locations), Grant::FileUploads],
        handler: typed!(handlers::driver_routes_dry_run),
    },
    FunctionSpec {
        name: "driver_routes_commit",
        trigger: Trigger::Http { method: "POST", path: "/locations/routes/drivers/commit" },
        permission: Permission::Action("UploadRoutes"),
        grants: &[
            Grant::GetItems(Table::Locations),
            Grant::BatchGetItems(Table::Locations),
            Grant::UpdateItems(Table::Locations),
            Grant::PutItems(Table::History),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
        ],
        handler: typed!(handlers::driver_routes_commit),
    },
    FunctionSpec {
        name: "route_assignments",
        trigger: Trigger::Query("routeAssignments"),
        permission: Permission::AnyOf(fleet_shared::assignment::ROUTE_READERS),
        grants: &[Grant::QueryTable(Table::LocationRoutes)],
        handler: typed!(handlers::route_assignments),
    },
    FunctionSpec {
        name: "assign_route_driver",
        trigger: Trigger::Mutation("assignRouteDriver"),
        permission: Permission::Action(fleet_shared::assignment::ASSIGN_ACTION),
        // The driver is found by e-mail in the user pool; the change lands with its history and request record.
        grants: &[
            Grant::GetItems(Table::LocationRoutes),
            Grant::PutItems(Table::LocationRoutes),
            Grant::ListUsers,
            // Whether the user holds the driver's actions (only such a user drives a route).
            Grant::GetItems(Table::Permissions),
            Grant::PutItems(Table::History),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::DeleteItems(Table::LocationRoutes),
        ],
        handler: typed!(handlers::assign_route_driver),
    },
    FunctionSpec {
        name: "route_driver_choices",
        trigger: Trigger::Query("routeDriverChoices"),
        // Only the office's assigners type a driver's e-mail.
        permission: Permission::Action(fleet_shared::assignment::ASSIGN_ACTION),
        // Who holds each driver action (an index, not a scan), then their e-mails and names.
        grants: &[Grant::QueryIndex(Table::Permissions, assignments::BY_ACTION), Grant::ListUsers],
        handler: typed!(handlers::route_driver_choices),
    },
    FunctionSpec {
        name: "route_settings",
        trigger: Trigger::Query("routeSettings"),
        permission: Permission::AnyOf(fleet_shared::assignment::ROUTE_READERS),
        grants: &[Grant::GetItems(Table::LocationRoutes)],
        handler: typed!(handlers::route_settings),
    },
    FunctionSpec {
        name: "set_route_claims",
        trigger: Trigger::Mutation("setRouteClaims"),
        permission: Permission::Action(fleet_shared::assignment::ASSIGN_ACTION),
        // The setting lands with its history and request record.
        grants: &[
            Grant::GetItems(Table::LocationRoutes),
            Grant::PutItems(Table::LocationRoutes),
            Grant::PutItems(Table::History),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
        ],
        handler: typed!(handlers::set_route_claims),
    },
    FunctionSpec {
        name: "route_driver_history",
        trigger: Trigger::Query("routeDriverHistory"),
        permission: Permission::AnyOf(fleet_shared::assignment::ROUTE_READERS),
        grants: &[Grant::QueryTable(Table::History), Grant::PagingTokens],
        handler: typed!(handlers::route_driver_history),
    },
    FunctionSpec {
        name: "route_drivers_dry_run",
        trigger: Trigger::Http { method: "POST", path: "/locations/routes/assignments/dry-run" },
        permission: Permission::Action(fleet_shared::assignment::ASSIGN_ACTION),
        // The file's users from one read of the directory, and whether each holds the driver's actions.
        grants: &[
            Grant::GetItems(Table::LocationRoutes),
            Grant::ListUsers,
            Grant::GetItems(Table::Permissions),
            Grant::BatchGetItems(Table::Permissions),
        ],
        handler: typed!(handlers::route_drivers_dry_run),
    },
    FunctionSpec {
        name: "route_drivers_commit",
        trigger: Trigger::Http { method: "POST", path: "/locations/routes/assignments/commit" },
        permission: Permission::Action(fleet_shared::assignment::ASSIGN_ACTION),
        grants: &[
            Grant::GetItems(Table::LocationRoutes),
            Grant::PutItems(Table::LocationRoutes),
            Grant::ListUsers,
            // Whether the user holds the driver's actions (only such a user drives a route).
            Grant::GetItems(Table::Permissions),
            Grant::BatchGetItems(Table::Permissions),
            Grant::PutItems(Table::History),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
        ],
        handler: typed!(handlers::route_drivers_commit),
    },
    FunctionSpec {
        name: "sync_loginext_loc_routes",
        trigger: Trigger::Mutation("syncLogiNextLocRoutes"),
        permission: Permission::Action(loginext::SYNC_ACTION),
        grants: &[
            Grant::PutItems(Table::RouteSyncJobs),
            Grant::UpdateItems(Table::RouteSyncJobs),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
            Grant::SendToQueue(Queue::RouteSync),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            // A claim whose change was undone is forgotten, so a retry may try again (`idempotency::forget`).
            Grant::DeleteItems(Table::Idempotency),
        ],
        handler: typed!(handlers::sync_loginext),
    },
    FunctionSpec {
        name: "loginext_sync_jobs",
        trigger: Trigger::Query("logiNextSyncJobs"),
        permission: Permission::Action("ViewRoutes"),
        grants: &[Grant::QueryTable(Table::RouteSyncJobs)],
        handler: typed!(handlers::loginext_sync_jobs),
    },
    FunctionSpec {
        name: "route_sync_worker",
        trigger: Trigger::Queue(Queue::RouteSync),
        permission: Permission::System,
        grants: &[
            Grant::QueryTable(Table::LocationRoutes),
            Grant::PutItems(Table::LocationRoutes),
            Grant::UpdateItems(Table::LocationRoutes),
            Grant::CheckItems(Table::LocationRoutes),
            Grant::BatchGetItems(Table::Locations),
            Grant::PutItems(Table::History),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
            Grant::GetItems(Table::RouteSyncJobs),
            Grant::UpdateItems(Table::RouteSyncJobs),
            Grant::DelayQueueMessages(Queue::RouteSync),
            Grant::SendToQueue(Queue::RouteSyncDeadLetter),
            Grant::RoutingService,
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::DeleteItems(Table::LocationRoutes),
        ],
        handler: typed_event!(handlers::route_sync_worker),
    },
];
