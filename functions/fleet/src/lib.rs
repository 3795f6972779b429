//! Fleet telemetry (2-fleet-operations §2.2, §2.3, §3, §4.3, §7, §8 and the
//! inventory view of 3-planning): fridges report through the telemetry
//! queue, the ingest function stores health, events and inventory, and the
//! console reads them and sends commands back through the command queue.
pub mod commands;
pub mod health;
pub mod health_changes;
pub mod ingest;
pub mod inventory;
pub mod live;
pub mod rules;
pub mod snapshot;
pub mod store;
pub mod tasks;
pub mod telemetry;

#[cfg(test)]
mod properties;

use fleet_shared::{typed, typed_event, FunctionSpec, Grant, Permission, Queue, Table, Trigger};

/// Ids per `fridgeHealth` call from the health page, and at most per call (the dashboard's batch).
pub const HEALTH_PAGE_BATCH: usize = 10;
pub const MAX_HEALTH_IDS: usize = 200;

const READ: Permission = Permission::Action(fleet_shared::day_fridges::HEALTH_ACTION);
/// One fridge's reads (the health page): GetFridgeHealth, or a supervisor for
/// a stop of the current stocking day (`day_fridges::require_readable`).
const READ_ONE: Permission = Permission::AnyOf(fleet_shared::day_fridges::HEALTH_READERS);
const COMMAND: Permission = Permission::Action("SendFridgeCommands");

pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "fridge_health",
        trigger: Trigger::Query("fridgeHealth"),
        permission: READ_ONE,
        // Locations: unknown ids are refused by name.
        grants: &[
            fleet_shared::day_fridges::READS_THE_DAY,
            Grant::BatchGetItems(Table::FridgeHealth),
            Grant::BatchGetItems(Table::Locations),
        ],
        handler: typed!(health::fridge_health),
    },
    FunctionSpec {
        name: "fleet_health",
        trigger: Trigger::Query("fleetHealth"),
        permission: READ,
        grants: &[
            Grant::PagingTokens,
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::ScanTable(Table::FridgeHealth),
        ],
        handler: typed!(health::fleet_health),
    },
    FunctionSpec {
        name: "fleet_health_snapshot",
        trigger: Trigger::Query("fleetHealthSnapshot"),
        permission: READ,
        grants: &[Grant::ListObjects(Bucket::Snapshots), Grant::ReadObjects(Bucket::Snapshots)],
        handler: typed!(snapshot::locate),
    },
    FunctionSpec {
        name: "rebuild_fleet_health_snapshot",
        trigger: Trigger::Schedule("rate(1 minute)"),
        permission: Permission::System,
        // Read: the age of the stored snapshot (HeadObject); write: the new one.
        grants: &[
            Grant::ListObjects(Bucket::Snapshots),
            Grant::ReadObjects(Bucket::Snapshots),
            Grant::WriteBucket(Bucket::Snapshots),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::ScanTable(Table::FridgeHealth),
        ],
        handler: typed_event!(snapshot::rebuild),
    },
    FunctionSpec {
        name: "expire_overdue_commands",
        trigger: Trigger::Schedule("rate(1 minute)"),
        permission: Permission::System,
        // The PENDING commands past their notAfter, through the sparse index; each moved to EXPIRED.
        grants: &[Grant::QueryIndex(Table::QueueMessages, store::BY_PENDING), Grant::UpdateItems(Table::QueueMessages)],
        handler: typed_event!(commands::sweep),
    },
    FunctionSpec {
        name: "get_fridge_events",
        trigger: Trigger::Query("getFridgeEvents"),
        permission: READ_ONE,
        grants: &[
            fleet_shared::day_fridges::READS_THE_DAY,
            Grant::QueryTable(Table::FridgeTelemetry),
            Grant::PagingTokens,
        ],
        handler: typed!(health::events),
    },
    FunctionSpec {
        name: "get_fridge_segment_events",
        trigger: Trigger::Query("getFridgeSegmentEvents"),
        permission: READ_ONE,
        grants: &[
            fleet_shared::day_fridges::READS_THE_DAY,
            Grant::QueryTable(Table::FridgeTelemetry),
            Grant::PagingTokens,
        ],
        handler: typed!(health::segment_events),
    },
    FunctionSpec {
        name: "fridge_temperatures",
        trigger: Trigger::Query("fridgeTemperatures"),
        permission: READ_ONE,
        grants: &[fleet_shared::day_fridges::READS_THE_DAY, Grant::QueryTable(Table::FridgeTelemetry)],
        handler: typed!(health::temperatures),
    },
    FunctionSpec {
        name: "read_queue_messages",
        trigger: Trigger::Query("readQueueMessages"),
        permission: READ_ONE,
        grants: &[
            fleet_shared::day_fridges::READS_THE_DAY,
            Grant::QueryTable(Table::QueueMessages),
            Grant::PagingTokens,
        ],
        handler: typed!(commands::read),
    },
    FunctionSpec {
        name: "create_queue_message",
        trigger: Trigger::Mutation("createQueueMessage"),
        permission: COMMAND,
        // Feature flags: each command needs its own (or the admin flag).
        grants: &[
            Grant::GetItems(Table::QueueMessages),
            Grant::PutItems(Table::QueueMessages),
            Grant::UpdateItems(Table::QueueMessages),
            Grant::GetItems(Table::Locations),
            Grant::GetItems(Table::FeatureFlags),
            Grant::SendToQueue(Queue::FridgeCommands),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            // A claim whose change was undone is forgotten, so a retry may try again (`idempotency::forget`).
            Grant::DeleteItems(Table::Idempotency),
        ],
        handler: typed!(commands::create),
    },
    FunctionSpec {
        name: "run_fridge_task",
        trigger: Trigger::Mutation("runFridgeTask"),
        // The spec's driver action for the fridge tasks at a stop (3-planning §6).
        permission: Permission::Action("FridgeTasks"),
        grants: &[
            Grant::GetItems(Table::QueueMessages),
            Grant::PutItems(Table::QueueMessages),
            Grant::UpdateItems(Table::QueueMessages),
            Grant::GetItems(Table::Locations),
            Grant::SendToQueue(Queue::FridgeCommands),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
            Grant::PutItems(Table::DriverLog),
            // The caller's stop today (`assignment::gate`): its route's driver, checked in the
            // command's own transaction. A task never claims, so it writes no route and no history.
            Grant::GetItems(Table::LocationRoutes),
            Grant::QueryTable(Table::LocationRoutes),
            Grant::CheckItems(Table::LocationRoutes),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            // A claim whose change was undone is forgotten, so a retry may try again (`idempotency::forget`).
            Grant::DeleteItems(Table::Idempotency),
        ],
        handler: typed!(tasks::run),
    },
    FunctionSpec {
        name: "send_confirmed_inventory_and_confirmed_reservation",
        trigger: Trigger::Mutation("sendConfirmedInventoryAndConfirmedReservation"),
        permission: COMMAND,
        grants: &[
            Grant::GetItems(Table::Locations),
            Grant::GetItems(Table::FeatureFlags),
            Grant::GetItems(Table::FridgeInventory),
            Grant::SendToQueue(Queue::InventoryService),
        ],
        handler: typed!(commands::computer_swap),
    },
    FunctionSpec {
        name: "location_inventory",
        trigger: Trigger::Http { method: "GET", path: "/locations/{id}/inventory" },
        // The spec's own action for it (3-planning §6, Driver group).
        permission: Permission::Action("GetInventoryForLocation"),
        // Telemetry: the temperature samples behind 'At risk'.
        grants: &[
            Grant::GetItems(Table::Locations),
            Grant::GetItems(Table::FridgeInventory),
            Grant::QueryTable(Table::FridgeTelemetry),
            Grant::ReadObjects(Bucket::ItemImages),
        ],
        handler: typed!(inventory::view),
    },
    FunctionSpec {
        name: "telemetry_ingest",
        trigger: Trigger::Queue(Queue::Telemetry),
        permission: Permission::System,
        // Locations: messages of unknown fridges are parked; QueueMessages: command results;
        // ReportRows: the empty channels and stock-outs the snapshots show (put, and
        // deleted when a late snapshot shows one never happened).
        grants: &[
            Grant::PutItems(Table::FridgeHealth),
            // A health put whose condition failed (another batch of the fridge wrote first)
            // reads the record as it is now to decide again (store::dynamo put_health).
            Grant::GetItems(Table::FridgeHealth),
            // The snapshot chains too: read, condition-checked, plan parts deleted.
            Grant::GetItems(Table::FridgeTelemetry),
            Grant::QueryTable(Table::FridgeTelemetry),
            Grant::PutItems(Table::FridgeTelemetry),
            Grant::UpdateItems(Table::FridgeTelemetry),
            Grant::CheckItems(Table::FridgeTelemetry),
            Grant::PutItems(Table::FridgeInventory),
            Grant::PutItems(Table::ReportRows),
            Grant::UpdateItems(Table::QueueMessages),
            Grant::BatchGetItems(Table::Locations),
            Grant::SendToQueue(Queue::TelemetryDeadLetter),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::BatchGetItems(Table::FridgeHealth),
            Grant::BatchWriteTable(Table::FridgeTelemetry),
            Grant::DeleteItems(Table::FridgeTelemetry),
        ],
        handler: typed_event!(ingest::handle),
    },
    FunctionSpec {
        name: "subscribe_command_changes",
        trigger: Trigger::Subscription("onCommandChanged"),
        // Runs when a client subscribes to a fridge's commands: who may read them (issue 61).
        permission: READ_ONE,
        grants: &[fleet_shared::day_fridges::READS_THE_DAY],
        handler: typed!(live::subscribe),
    },
    FunctionSpec {
        name: "publish_command_changes",
        trigger: Trigger::Streams(live::STREAMED),
        // The command table's records, coalesced per command, sent to the fridge's
        // subscribers through the publishing mutation, signed with this function's role.
        permission: Permission::System,
        grants: &[Grant::PublishChanges(live::PUBLISH_FIELD)],
        handler: typed_event!(live::publish),
    },
];

use fleet_shared::Bucket;
