//! Fridge software: the versions each fridge runs, the builds available in
//! the artifacts bucket, deployments and pilots (spec 2-fleet-operations
//! §2.1, §4.1, §5).
pub mod artifacts;
pub mod deploy;
pub mod fleet;
pub mod handlers;
pub mod inventory;
pub mod pilot_save;
pub mod pilots;
pub mod records;
pub mod rollout;
pub mod store;
pub mod versions;

use fleet_shared::{typed, typed_event, Bucket, FunctionSpec, Grant, Permission, Table, Trigger};

pub const VIEW: &str = "GetFridgeSoftware";
pub const DEPLOY: &str = "DeployFridgeSoftware";
pub const MANAGE_PILOTS: &str = "ManageFridgeSoftwarePilots";

pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "get_available_fridge_artifacts",
        trigger: Trigger::Query("getAvailableFridgeArtifacts"),
        permission: Permission::Action(VIEW),
        grants: &[Grant::ListObjects(Bucket::Artifacts)],
        handler: typed!(handlers::get_available_fridge_artifacts),
    },
    FunctionSpec {
        name: "get_fridge_artifacts",
        trigger: Trigger::Query("getFridgeArtifacts"),
        permission: Permission::Action(VIEW),
        grants: &[
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::ScanTable(Table::FridgeSoftwareVersions),
        ],
        handler: typed!(handlers::get_fridge_artifacts),
    },
    FunctionSpec {
        name: "fridge_software_snapshot",
        trigger: Trigger::Query("fridgeSoftwareSnapshot"),
        permission: Permission::Action(VIEW),
        grants: &[Grant::ListObjects(Bucket::Snapshots), Grant::ReadObjects(Bucket::Snapshots)],
        handler: typed!(handlers::fridge_software_snapshot),
    },
    FunctionSpec {
        name: "rebuild_fridge_software_snapshot",
        trigger: Trigger::Schedule("rate(5 minutes)"),
        permission: Permission::System,
        // Read: the age of the stored snapshot (HeadObject); write: the new one.
        grants: &[
            Grant::ListObjects(Bucket::Snapshots),
            Grant::ReadObjects(Bucket::Snapshots),
            Grant::WriteBucket(Bucket::Snapshots),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::ScanTable(Table::FridgeSoftwareVersions),
        ],
        handler: typed_event!(handlers::rebuild_fridge_software_snapshot),
    },
    FunctionSpec {
        name: "update_fridge_artifacts",
        trigger: Trigger::Mutation("updateFridgeArtifacts"),
        permission: Permission::Action(DEPLOY),
        grants: &[
            Grant::ListObjects(Bucket::Artifacts),
            Grant::WriteBucket(Bucket::Artifacts),
            Grant::DeleteObjects(Bucket::Artifacts),
            Grant::GetItems(Table::FridgeSoftwareVersions),
            Grant::BatchGetItems(Table::FridgeSoftwareVersions),
            Grant::UpdateItems(Table::FridgeSoftwareVersions),
            Grant::BatchGetItems(Table::Locations),
            Grant::PutItems(Table::History),
            // The software snapshot, rebuilt once the deployment landed.
            Grant::ListObjects(Bucket::Snapshots),
            Grant::ReadObjects(Bucket::Snapshots),
            Grant::WriteBucket(Bucket::Snapshots),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::ScanTable(Table::FridgeSoftwareVersions),
        ],
        handler: typed!(handlers::update_fridge_artifacts),
    },
    FunctionSpec {
        name: "get_fridge_software_pilots",
        trigger: Trigger::Query("getFridgeSoftwarePilots"),
        permission: Permission::Action(VIEW),
        grants: &[
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::ScanTable(Table::FridgeSoftwarePilots),
        ],
        handler: typed!(handlers::get_fridge_software_pilots),
    },
    FunctionSpec {
        name: "put_fridge_software_pilot",
        trigger: Trigger::Mutation("putFridgeSoftwarePilot"),
        permission: Permission::Action(MANAGE_PILOTS),
        grants: &[
            Grant::GetItems(Table::FridgeSoftwarePilots),
            Grant::PutItems(Table::FridgeSoftwarePilots),
            Grant::BatchGetItems(Table::Locations),
            Grant::PutItems(Table::History),
        ],
        handler: typed!(handlers::put_fridge_software_pilot),
    },
    FunctionSpec {
        name: "fridge_software_deployments",
        trigger: Trigger::Query("fridgeSoftwareDeployments"),
        permission: Permission::Action(VIEW),
        grants: &[Grant::QueryTable(Table::History), Grant::PagingTokens],
        handler: typed!(handlers::fridge_software_deployments),
    },
];
