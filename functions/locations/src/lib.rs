//! Locations: create (form and CRM import), read, edit, lists, name lists,
//! scheduled changes and card-reader device addresses (spec 1-locations).
pub mod attributes;
pub mod bulk;
pub mod bulk_schedule;
pub mod create_rules;
pub mod deadline;
pub mod handlers;
pub mod input;
pub mod ops_snapshot;
pub mod plan;
pub mod rules;
pub mod schedule;
pub mod service;
pub mod store;

use fleet_shared::{typed, typed_event, Bucket, FunctionSpec, Grant, Permission, Queue, Table, Trigger};

/// The grants of a run applying due location changes (the minute run, a woken one), with `$extra`:
/// it applies like an edit (history, device addresses) and re-checks the scheduling user's permission.
macro_rules! applying_due_changes {
    ($($extra:expr),*) => {
        &[
            Grant::UpdateItems(Table::ScheduledChanges),
            Grant::GetItems(Table::Locations),
            Grant::UpdateItems(Table::Locations),
            Grant::QueryTable(Table::NameLists),
            Grant::PutItems(Table::NameLists),
            Grant::PutItems(Table::History),
            Grant::GetItems(Table::Permissions),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::DeleteItems(Table::ScheduledChanges),
            Grant::QueryIndex(Table::ScheduledChanges, fleet_shared::scheduler::BY_DUE),
            $($extra),*
        ]
    };
}

pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "create_location",
        trigger: Trigger::Mutation("createLocation"),
        permission: Permission::Action("CreateLocation"),
        grants: &[
            // The ops locations snapshot, amended with the new locations (`ops_snapshot::note_new`).
            Grant::ListObjects(Bucket::Snapshots),
            Grant::ReadObjects(Bucket::Snapshots),
            Grant::WriteBucket(Bucket::Snapshots),
            Grant::PutItems(Table::Locations),
            Grant::QueryTable(Table::NameLists),
            Grant::PutItems(Table::NameLists),
            Grant::PutItems(Table::History),
        ],
        handler: typed!(handlers::create_location),
    },
    FunctionSpec {
        name: "add_location",
        trigger: Trigger::Http { method: "POST", path: "/locations" },
        permission: Permission::Action("CreateLocation"),
        grants: &[
            // The ops locations snapshot, amended with the new locations (`ops_snapshot::note_new`).
            Grant::ListObjects(Bucket::Snapshots),
            Grant::ReadObjects(Bucket::Snapshots),
            Grant::WriteBucket(Bucket::Snapshots),
            Grant::PutItems(Table::Locations),
            Grant::QueryTable(Table::NameLists),
            Grant::PutItems(Table::NameLists),
            Grant::PutItems(Table::History),
        ],
        handler: typed!(handlers::add_location_rest),
    },
    FunctionSpec {
        name: "get_location",
        trigger: Trigger::Query("getLocation"),
        permission: Permission::Action("GetSpecificLocation"),
        grants: &[Grant::GetItems(Table::Locations)],
        handler: typed!(handlers::get_location),
    },
    FunctionSpec {
        name: "update_location",
        trigger: Trigger::Mutation("updateLocation"),
        permission: Permission::Action("UpdateLocation"),
        grants: &[
            Grant::GetItems(Table::Locations),
            Grant::UpdateItems(Table::Locations),
            Grant::QueryTable(Table::NameLists),
            Grant::PutItems(Table::History),
        ],
        handler: typed!(handlers::update_location),
    },
    FunctionSpec {
        name: "update_wholesale_location",
        trigger: Trigger::Mutation("updateWholesaleLocation"),
        permission: Permission::Action("UpdateLocation"),
        grants: &[
            Grant::GetItems(Table::Locations),
            Grant::UpdateItems(Table::Locations),
            Grant::PutItems(Table::History),
        ],
        handler: typed!(handlers::update_wholesale_location),
    },
    FunctionSpec {
        name: "list_locations",
        trigger: Trigger::Query("locations"),
        permission: Permission::Action("GetAllLocation"),
        grants: &[
            Grant::GetItems(Table::Locations),
            Grant::PagingTokens,
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::ScanTable(Table::Locations),
        ],
        handler: typed!(handlers::list_locations),
    },
    FunctionSpec {
        name: "ops_locations",
        trigger: Trigger::Query("opsLocations"),
        permission: Permission::Action("GetAllLocation"),
        grants: &[
            Grant::PagingTokens,
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::ScanTable(Table::Locations),
        ],
        handler: typed!(handlers::ops_locations),
    },
    FunctionSpec {
        name: "ops_locations_snapshot",
        trigger: Trigger::Query("opsLocationsSnapshot"),
        permission: Permission::Action("GetAllLocation"),
        grants: &[Grant::ListObjects(Bucket::Snapshots), Grant::ReadObjects(Bucket::Snapshots)],
        handler: typed!(ops_snapshot::locate),
    },
    FunctionSpec {
        name: "rebuild_ops_locations_snapshot",
        trigger: Trigger::Schedule("rate(1 hour)"),
        permission: Permission::System,
        // Read: the age of the stored snapshot (HeadObject); write: the new one.
        grants: &[
            Grant::ListObjects(Bucket::Snapshots),
            Grant::ReadObjects(Bucket::Snapshots),
            Grant::WriteBucket(Bucket::Snapshots),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::ScanTable(Table::Locations),
        ],
        handler: typed_event!(ops_snapshot::rebuild),
    },
    FunctionSpec {
        name: "get_planogram_names",
        trigger: Trigger::Query("getPlanogramNames"),
        permission: Permission::Action("GetUniqueLayoutNames"),
        grants: &[Grant::QueryTable(Table::NameLists)],
        handler: typed!(handlers::planogram_names),
    },
    FunctionSpec {
        name: "get_fridge_schemas_templates",
        trigger: Trigger::Query("getFridgeSchemasTemplates"),
        permission: Permission::Action("GetUniqueFridgeSchemaNames"),
        grants: &[Grant::QueryTable(Table::NameLists)],
        handler: typed!(handlers::fridge_schema_names),
    },
    FunctionSpec {
        name: "fulfillment_centers",
        trigger: Trigger::Query("fulfillmentCenters"),
        // LogiNext's choices (2-fleet §2.7): a route screen's read.
        permission: Permission::Action("ViewRoutes"),
        grants: &[Grant::QueryTable(Table::NameLists)],
        handler: typed!(handlers::fulfillment_centers),
    },
    FunctionSpec {
        name: "get_price_map_templates",
        trigger: Trigger::Query("getPriceMapTemplates"),
        permission: Permission::Action("GetUniquePMTNames"),
        grants: &[Grant::QueryTable(Table::NameLists)],
        handler: typed!(handlers::price_map_template_names),
    },
    FunctionSpec {
        name: "read_schedule_change",
        trigger: Trigger::Query("readScheduleChange"),
        permission: Permission::Action("GetScheduledEvents"),
        // The location gives the fridge's time zone and the allocation deadlines.
        grants: &[
            Grant::GetItems(Table::Locations),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::QueryIndex(Table::ScheduledChanges, fleet_shared::scheduler::BY_SUBJECT),
        ],
        handler: typed!(schedule::read),
    },
    FunctionSpec {
        name: "location_schedule",
        trigger: Trigger::Http { method: "GET", path: "/locations/{id}/schedule" },
        permission: Permission::Action("GetScheduledEvents"),
        grants: &[
            Grant::GetItems(Table::Locations),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::QueryIndex(Table::ScheduledChanges, fleet_shared::scheduler::BY_SUBJECT),
        ],
        handler: typed!(schedule::read_rest),
    },
    FunctionSpec {
        name: "upcoming_schedule_changes",
        trigger: Trigger::Query("upcomingScheduleChanges"),
        permission: Permission::Action("GetScheduledEvents"),
        grants: &[
            Grant::BatchGetItems(Table::Locations),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::QueryIndex(Table::ScheduledChanges, fleet_shared::scheduler::BY_DUE),
        ],
        handler: typed!(schedule::upcoming),
    },
    FunctionSpec {
        name: "create_schedule_change",
        trigger: Trigger::Mutation("createScheduleChange"),
        permission: Permission::Action("AddScheduledEvent"),
        grants: &[
            Grant::PutItems(Table::ScheduledChanges),
            Grant::GetItems(Table::Locations),
            Grant::QueryTable(Table::NameLists),
            // A wake-up for a change due within 15 minutes (`scheduler::wake`).
            Grant::SendToQueue(Queue::ScheduleWakeUps),
        ],
        handler: typed!(schedule::create),
    },
    FunctionSpec {
        name: "delete_schedule_change",
        trigger: Trigger::Mutation("deleteScheduleChange"),
        permission: Permission::Action("DeleteScheduledEvents"),
        grants: &[
            Grant::GetItems(Table::ScheduledChanges),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::DeleteItems(Table::ScheduledChanges),
            Grant::QueryIndex(Table::ScheduledChanges, fleet_shared::scheduler::BY_SUBJECT),
        ],
        handler: typed!(schedule::delete),
    },
    FunctionSpec {
        name: "apply_scheduled_changes",
        trigger: Trigger::Schedule("rate(1 minute)"),
        permission: Permission::System,
        grants: applying_due_changes!(),
        handler: typed_event!(schedule::apply_due),
    },
    FunctionSpec {
        name: "apply_woken_scheduled_changes",
        trigger: Trigger::Queue(Queue::ScheduleWakeUps),
        permission: Permission::System,
        // The minute run's work, started by a wake-up when a change is due (Complete Now), and the
        // dead-letter queue for a wake-up it cannot read.
        grants: applying_due_changes!(Grant::SendToQueue(Queue::ScheduleWakeUpsDeadLetter)),
        handler: typed_event!(schedule::apply_woken),
    },
    FunctionSpec {
        name: "generate_apriva_device_address",
        trigger: Trigger::Mutation("generateAprivaDeviceAddress"),
        permission: Permission::Action("GenerateDeviceAddress"),
        grants: &[
            Grant::GetItems(Table::Locations),
            Grant::UpdateItems(Table::Locations),
            Grant::PutItems(Table::NameLists),
            Grant::PutItems(Table::History),
        ],
        handler: typed!(handlers::generate_device_address),
    },
    FunctionSpec {
        name: "bulk_locations_dry_run",
        trigger: Trigger::Http { method: "POST", path: "/locations/bulk/dry-run" },
        permission: Permission::Action("CreateLocation"),
        grants: &[Grant::BatchGetItems(Table::Locations), Grant::QueryTable(Table::NameLists), Grant::FileUploads],
        handler: typed!(bulk::dry_run),
    },
    FunctionSpec {
        name: "bulk_locations_commit",
        trigger: Trigger::Http { method: "POST", path: "/locations/bulk/commit" },
        permission: Permission::Action("CreateLocation"),
        grants: &[
            // The ops locations snapshot, amended with the new locations (`ops_snapshot::note_new`).
            Grant::ListObjects(Bucket::Snapshots),
            Grant::ReadObjects(Bucket::Snapshots),
            Grant::WriteBucket(Bucket::Snapshots),
            Grant::BatchGetItems(Table::Locations),
            Grant::PutItems(Table::Locations),
            Grant::QueryTable(Table::NameLists),
            Grant::PutItems(Table::History),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
        ],
        handler: typed!(bulk::commit),
    },
    FunctionSpec {
        name: "bulk_schedule_dry_run",
        trigger: Trigger::Http { method: "POST", path: "/locations/schedule/bulk/dry-run" },
        permission: Permission::Action("AddScheduledEvent"),
        grants: &[Grant::BatchGetItems(Table::Locations), Grant::QueryTable(Table::NameLists), Grant::FileUploads],
        handler: typed!(bulk_schedule::dry_run),
    },
    FunctionSpec {
        name: "bulk_schedule_commit",
        trigger: Trigger::Http { method: "POST", path: "/locations/schedule/bulk/commit" },
        permission: Permission::Action("AddScheduledEvent"),
        grants: &[
            Grant::PutItems(Table::ScheduledChanges),
            Grant::BatchGetItems(Table::Locations),
            Grant::QueryTable(Table::NameLists),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
            // A wake-up for a row due within 15 minutes (`scheduler::wake`).
            Grant::SendToQueue(Queue::ScheduleWakeUps),
        ],
        handler: typed!(bulk_schedule::commit),
    },
    FunctionSpec {
        name: "location_history",
        trigger: Trigger::Query("locationHistory"),
        permission: Permission::Action("GetSpecificLocation"),
        grants: &[Grant::QueryTable(Table::History), Grant::PagingTokens],
        handler: typed!(handlers::location_history),
    },
];
