//! The narrow store the software rules run over. `deploy` (deploy rules),
//! `rollout` (one fridge's record and manifest) and `pilot_save` (pilot
//! edits) only see these traits, so their rules are unit-tested over the
//! in-memory `memory::Memory`; `Dynamo` is the DynamoDB and S3 implementation.
use crate::pilots::{Pilot, Save};
use crate::rollout::{Current, Fridges};
use fleet_shared::entity::LocationId;
use fleet_shared::history::Record;
use fleet_shared::ApiError;
use std::collections::{BTreeSet, HashMap};
use std::future::Future;

pub mod dynamo;
#[cfg(test)]
pub mod memory;

pub use dynamo::Dynamo;

/// Everything a deployment or a pilot save reads and writes, beyond the
/// per-fridge writes of `rollout::Fridges`.
pub trait Software: Fridges {
    /// The file names of the builds under the software's prefix in the artifacts bucket.
    fn builds(&self, artifact_type: &str) -> impl Future<Output = Result<Vec<String>, ApiError>> + Send;
    /// The ids among `ids` that are locations.
    fn known(&self, ids: &[LocationId]) -> impl Future<Output = Result<BTreeSet<LocationId>, ApiError>> + Send;
    /// Per fridge, its record of one software (fridges without a record are left out).
    fn records(
        &self,
        fridges: &[LocationId],
        artifact_type: &str,
    ) -> impl Future<Output = Result<HashMap<LocationId, Current>, ApiError>> + Send;
    /// Appends history records, each on its own (not all or nothing).
    fn add_history(&self, records: &[Record]) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// The stored pilot, read strongly consistent.
    fn pilot(&self, id: &str) -> impl Future<Output = Result<Option<Pilot>, ApiError>> + Send;
    fn pilots(&self) -> impl Future<Output = Result<Vec<Pilot>, ApiError>> + Send;
    /// Writes `save.pilot` on condition that the stored pilot is still the one
    /// the save replaces (none for a new pilot, else the version it loaded;
    /// a pilot saved before versions counts as version 0). A generic Conflict otherwise.
    fn put_pilot(&self, save: &Save) -> impl Future<Output = Result<(), ApiError>> + Send;
}
