//! The stocking day (2-fleet §2.4, §3, §4.4, §7; issue 23): driver actions
//! recorded by the driver app through the API, and read back by event type.
//! Order intake from the order system's queue (`orders`, `intake`) and the
//! packing slips made with each order (`slips`). The dashboard's one
//! aggregate query (`board`) over the §4.4 status rules (`dashboard`).
//! Drop override's slip rules and lock (`drop`, issue 24). JIT Management (`jit`).
pub mod acknowledge;
pub mod attention;
pub mod board;
pub mod board_day;
pub mod correct;
pub mod dashboard;
pub mod drop;
pub mod drop_list;
pub mod events;
mod handlers;
pub mod intake;
pub mod jit;
pub mod live;
pub mod orders;
pub mod record;
pub mod revert;
pub mod service;
pub mod slips;
pub mod status;
pub mod store;
pub mod warm_copy;
pub mod warm_snapshot;
pub mod window;

use fleet_shared::{typed, typed_event, Bucket, FunctionSpec, Grant, Permission, Queue, Table, Trigger};

/// Reading driver actions: what the dashboard's reader holds (3-planning §6, Driver group).
pub const READ_ACTION: &str = "GetCheckPointStatus";
/// JIT Management reads fridge orders as the pars view does, and changes them as the pars upload does.
pub const JIT_READ_ACTION: &str = "GetPars";
pub const JIT_UPDATE_ACTION: &str = "UploadPars";

pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "create_driver_action",
        trigger: Trigger::Mutation("createDriverAction"),
        // The action depends on the event type (`events::required_actions`): the
        // handler asks the shared gate for it once the type and data are read.
        permission: Permission::SignedIn,
        grants: &[
            // Read (a slip's lock, the stocked action back) and written; the stop's stocked time is
            // written with a ConditionCheck on its action (`CheckItems`).
            Grant::GetItems(Table::DriverActions),
            Grant::PutItems(Table::DriverActions),
            Grant::CheckItems(Table::DriverActions),
            // Each call's request and response or error entries (`driver_log`).
            Grant::PutItems(Table::DriverLog),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
            Grant::GetItems(Table::Locations),
            Grant::GetItems(Table::Permissions),
            // A LocationStocked action sets its route stop's stockedTimeUTC.
            Grant::GetItems(Table::LocationRoutes),
            Grant::QueryTable(Table::LocationRoutes),
            Grant::PutItems(Table::LocationRoutes),
            Grant::UpdateItems(Table::LocationRoutes),
            Grant::CheckItems(Table::LocationRoutes),
            // A DropOverride: the 'drop-override' flag, its slip, and the slip's lock (`drop`)
            // with its history record.
            Grant::GetItems(Table::FeatureFlags),
            Grant::PutItems(Table::History),
            Grant::GetItems(Table::PackingSlips),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::QueryIndex(Table::DriverActions, store::BY_STOCKING_DAY),
        ],
        handler: typed!(handlers::create),
    },
    FunctionSpec {
        name: "get_driver_action",
        trigger: Trigger::Query("getDriverAction"),
        permission: Permission::Action(READ_ACTION),
        // Listing DropOverride actions needs the 'drop-override' flag, as recording one does.
        grants: &[Grant::QueryTable(Table::DriverActions), Grant::GetItems(Table::FeatureFlags), Grant::PagingTokens],
        handler: typed!(handlers::list),
    },
    FunctionSpec {
        name: "orders_ingest",
        trigger: Trigger::Queue(Queue::Orders),
        permission: Permission::System,
        // Locations: messages of unknown locations are parked.
        grants: &[
            Grant::GetItems(Table::Orders),
            Grant::BatchGetItems(Table::Orders),
            Grant::PutItems(Table::Orders),
            Grant::PutItems(Table::PackingSlips),
            Grant::BatchGetItems(Table::Locations),
            Grant::SendToQueue(Queue::OrdersDeadLetter),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::DeleteItems(Table::PackingSlips),
        ],
        handler: typed_event!(intake::handle),
    },
    FunctionSpec {
        name: "get_packing_slips_v3",
        trigger: Trigger::Query("getPackingSlipsV3"),
        // The dashboard's read (GetPackingSlips): the same action as its driver actions.
        permission: Permission::Action(READ_ACTION),
        grants: &[
            Grant::QueryTable(Table::PackingSlips),
            Grant::QueryTable(Table::LocationRoutes),
            Grant::PagingTokens,
        ],
        handler: typed!(handlers::packing_slips),
    },
    FunctionSpec {
        name: "stocking_dashboard",
        trigger: Trigger::Query("stockingDashboard"),
        // One answer a refresh: route stops, the day's actions, health and
        // location fields, read in a few batched calls (`board`).
        permission: Permission::Action(READ_ACTION),
        grants: &[
            Grant::QueryTable(Table::LocationRoutes),
            Grant::QueryTable(Table::DriverActions),
            Grant::BatchGetItems(Table::FridgeHealth),
            Grant::BatchGetItems(Table::Locations),
            // Whether the caller sees the whole day or is a driver (`live::sees_whole_day`).
            Grant::BatchGetItems(Table::Permissions),
            // The fleet health snapshot, for the stops' health (`board::health_of`).
            Grant::ListObjects(Bucket::Snapshots),
            Grant::ReadObjects(Bucket::Snapshots),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::QueryIndex(Table::DriverActions, store::BY_DAY_CREATED),
            Grant::QueryIndex(Table::DriverActions, store::BY_STOCKING_DAY),
        ],
        handler: typed!(handlers::dashboard),
    },
    FunctionSpec {
        name: "drop_off_summary",
        trigger: Trigger::Query("dropOffSummary"),
        // The Drop Off Summary's rows in one answer (`drop_list`); the
        // 'drop-override' flag is checked by the handler.
        permission: Permission::Action(READ_ACTION),
        grants: &[
            Grant::QueryTable(Table::PackingSlips),
            Grant::QueryTable(Table::DriverActions),
            Grant::QueryTable(Table::LocationRoutes),
            Grant::BatchGetItems(Table::Locations),
            Grant::GetItems(Table::FeatureFlags),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::QueryIndex(Table::DriverActions, store::BY_STOCKING_DAY),
        ],
        handler: typed!(handlers::drop_off_summary),
    },
    FunctionSpec {
        name: "revert_drop_override",
        trigger: Trigger::Mutation("revertDropOverride"),
        // A supervisor's action (beyond the spec); the 'drop-override' flag is checked by the handler.
        permission: Permission::Action(revert::REVERT_ACTION),
        grants: &[
            Grant::GetItems(Table::DriverActions),
            Grant::PutItems(Table::History),
            Grant::GetItems(Table::FeatureFlags),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::DeleteItems(Table::DriverActions),
        ],
        handler: typed!(handlers::revert_drop_override),
    },
    FunctionSpec {
        name: "drop_override_history",
        trigger: Trigger::Query("dropOverrideHistory"),
        // The slip's recorded statuses and reverts, newest first.
        permission: Permission::Action(READ_ACTION),
        grants: &[Grant::QueryTable(Table::History), Grant::GetItems(Table::FeatureFlags), Grant::PagingTokens],
        handler: typed!(handlers::drop_override_history),
    },
    FunctionSpec {
        name: "correct_location_stocked",
        trigger: Trigger::Mutation("correctLocationStocked"),
        // A supervisor voids or re-times a LocationStocked (issue 38, `correct`).
        permission: Permission::Action(fleet_shared::assignment::SUPERVISOR_ACTION),
        grants: &[
            Grant::PutItems(Table::DriverActions),
            Grant::QueryTable(Table::LocationRoutes),
            Grant::UpdateItems(Table::LocationRoutes),
            Grant::PutItems(Table::History),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::QueryIndex(Table::DriverActions, store::BY_STOCKING_DAY),
        ],
        handler: typed!(handlers::correct_location_stocked),
    },
    FunctionSpec {
        name: "acknowledge_attention",
        trigger: Trigger::Mutation("acknowledgeAttention"),
        // An operator takes on a Needs-attention item (issue 42, `acknowledge`): the item in the
        // driver-action table, its history record and two claims, one transaction.
        permission: Permission::Action(acknowledge::ACK_ACTION),
        grants: &[
            Grant::PutItems(Table::DriverActions),
            Grant::PutItems(Table::History),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
            // Only an item open now is taken (issue 59): the day read as the panel reads it.
            Grant::QueryTable(Table::LocationRoutes),
            Grant::QueryTable(Table::DriverActions),
            Grant::BatchGetItems(Table::FridgeHealth),
            Grant::ListObjects(Bucket::Snapshots),
            Grant::ReadObjects(Bucket::Snapshots),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::QueryIndex(Table::DriverActions, store::BY_DAY_CREATED),
            Grant::QueryIndex(Table::DriverActions, store::BY_STOCKING_DAY),
        ],
        handler: typed!(handlers::acknowledge_attention),
    },
    FunctionSpec {
        name: "stocked_history",
        trigger: Trigger::Query("stockedHistory"),
        // One stop's stocked record: its voids and re-times, newest first.
        permission: Permission::Action(READ_ACTION),
        grants: &[
            Grant::QueryTable(Table::History),
            Grant::PagingTokens,
            // Whether the caller is a driver (`live::sees_whole_day`), and then their routes' stops.
            Grant::BatchGetItems(Table::Permissions),
            Grant::QueryTable(Table::LocationRoutes),
        ],
        handler: typed!(handlers::stocked_history),
    },
    FunctionSpec {
        name: "jit_management",
        trigger: Trigger::Query("jitManagement"),
        // Reading fridge orders (the pars view's action); the 'jit-management'
        // flag is checked by the handler.
        permission: Permission::Action(JIT_READ_ACTION),
        grants: &[
            Grant::QueryTable(Table::LocationRoutes),
            Grant::QueryTable(Table::FridgeOrders),
            Grant::GetItems(Table::FeatureFlags),
        ],
        handler: typed!(handlers::jit_management),
    },
    FunctionSpec {
        name: "update_jit_location_status",
        trigger: Trigger::Mutation("updateJITLocationStatus"),
        // Clearing an order's JIT items changes its pars: the pars upload's
        // action, and the 'jit-management' flag (checked by the handler).
        permission: Permission::Action(JIT_UPDATE_ACTION),
        grants: &[
            Grant::QueryTable(Table::FridgeOrders),
            Grant::UpdateItems(Table::FridgeOrders),
            // The stop's not-stocked check in the update's transaction (ConditionCheckItem).
            Grant::QueryTable(Table::LocationRoutes),
            Grant::CheckItems(Table::LocationRoutes),
            Grant::PutItems(Table::History),
            Grant::GetItems(Table::FeatureFlags),
        ],
        handler: typed!(handlers::update_jit),
    },
    FunctionSpec {
        name: "subscribe_stocking_changes",
        trigger: Trigger::Subscription("onStockingChanged"),
        // Runs when a client subscribes: the dashboard's reader who sees the whole day (issue 61).
        permission: Permission::Action(READ_ACTION),
        // Whether the caller sees the whole day (`live::sees_whole_day`).
        grants: &[Grant::BatchGetItems(Table::Permissions)],
        handler: typed!(live::subscribe),
    },
    FunctionSpec {
        name: "publish_stocking_changes",
        trigger: Trigger::Streams(live::STREAMED),
        // The streams' records, coalesced, sent to the subscribers through the
        // publishing mutation, signed with this function's role.
        permission: Permission::System,
        grants: &[Grant::PublishChanges(live::PUBLISH_FIELD)],
        handler: typed_event!(live::publish),
    },
];
