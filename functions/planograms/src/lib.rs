//! Planograms (3-planning §2, §3, §4, §5, §7, §9): scheduling slot changes
//! by CSV rows, creating layouts, reading a layout's current and upcoming
//! slots, and applying due changes through the shared scheduler; a file's
//! dry run checks it whole before Submit.
// The pipeline's futures over a generic store nest past the default query
// depth when their layout is computed (the shared crate raises it too).
#![recursion_limit = "256"]

pub mod handlers;
pub mod kind;
pub mod rules;
pub mod slots;
pub mod store;

use fleet_shared::{typed, typed_event, FunctionSpec, Grant, Permission, Table, Trigger};

pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "schedule_planogram_update",
        trigger: Trigger::Mutation("schedulePlanogramUpdate"),
        permission: Permission::Action(slots::SCHEDULE_ACTION),
        // Layout names are read (an UPDATE needs the layout) and written (a CREATE adds it).
        grants: &[
            Grant::BatchGetItems(Table::ScheduledChanges),
            Grant::PutItems(Table::ScheduledChanges),
            Grant::BatchGetItems(Table::Planograms),
            Grant::PutItems(Table::Planograms),
            Grant::QueryTable(Table::NameLists),
            Grant::PutItems(Table::NameLists),
            Grant::PutItems(Table::History),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
        ],
        handler: typed!(handlers::schedule),
    },
    FunctionSpec {
        // The whole file's dry run before Submit (beyond the spec: docs/decisions/planograms.md).
        name: "planograms_dry_run",
        trigger: Trigger::Http { method: "POST", path: "/planograms/dry-run" },
        permission: Permission::Action(slots::SCHEDULE_ACTION),
        grants: &[
            Grant::QueryTable(Table::NameLists),
            Grant::BatchGetItems(Table::ScheduledChanges),
            Grant::BatchGetItems(Table::Planograms),
            Grant::FileUploads,
        ],
        handler: typed!(handlers::dry_run),
    },
    FunctionSpec {
        name: "planogram",
        trigger: Trigger::Query("planogram"),
        permission: Permission::Action("GetPlanograms"),
        grants: &[
            Grant::QueryTable(Table::Planograms),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::QueryIndex(Table::ScheduledChanges, fleet_shared::scheduler::BY_SUBJECT),
        ],
        handler: typed!(handlers::planogram),
    },
    FunctionSpec {
        name: "apply_planogram_changes",
        trigger: Trigger::Schedule("rate(1 minute)"),
        permission: Permission::System,
        // Re-checks the scheduling user's permission when a change applies.
        grants: &[
            Grant::UpdateItems(Table::ScheduledChanges),
            Grant::QueryTable(Table::Planograms),
            Grant::PutItems(Table::Planograms),
            Grant::PutItems(Table::History),
            Grant::GetItems(Table::Permissions),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::QueryIndex(Table::ScheduledChanges, fleet_shared::scheduler::BY_DUE),
        ],
        handler: typed_event!(handlers::apply_due),
    },
];
