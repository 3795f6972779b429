//! The software store in memory, for unit tests of the deploy and pilot
//! rules: conditional writes behave as DynamoDB's, and failures or racing
//! saves can be injected.
use super::Software;
use crate::pilots::{Pilot, Save};
use crate::records;
use crate::rollout::{self, Current, Fridges, Manifest, Plan, Slot, UNDONE};
use fleet_shared::entity::LocationId;
use fleet_shared::error::CHANGED_MEANWHILE;
use fleet_shared::history::Record;
use fleet_shared::ApiError;
use std::collections::{BTreeSet, HashMap};
use std::sync::{Mutex, MutexGuard};

#[derive(Default)]
pub struct Memory {
    /// Per software, the file names in the bucket.
    pub builds: HashMap<String, Vec<String>>,
    pub locations: BTreeSet<LocationId>,
    /// Fridges whose manifest cannot be written (S3 refuses it).
    pub unpublishable: BTreeSet<String>,
    pub state: Mutex<State>,
    /// A pilot another save stores between this save's read and its write.
    pub racing_pilot: Mutex<Option<Pilot>>,
}

#[derive(Default)]
pub struct State {
    /// Per (fridge, software), its record.
    pub versions: HashMap<(String, String), Current>,
    /// Manifest objects by key.
    pub manifests: HashMap<String, Manifest>,
    pub history: Vec<Record>,
    pub pilots: HashMap<String, Pilot>,
}

impl Memory {
    pub fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The history records of one entity (`location#F1`, `deployment#FRIDGE_AGENT`).
    pub fn history_of(&self, entity: &str) -> Vec<Record> {
        self.state().history.iter().filter(|r| r.entity == entity).cloned().collect()
    }

    pub fn manifest(&self, fridge: &str, artifact_type: &str) -> Option<Manifest> {
        self.state().manifests.get(&rollout::manifest_key(fridge, artifact_type)).cloned()
    }

    pub fn recorded(&self, fridge: &str, artifact_type: &str) -> Current {
        self.state().versions.get(&(fridge.to_string(), artifact_type.to_string())).cloned().unwrap_or_default()
    }
}

fn changed() -> ApiError {
    ApiError::Conflict(CHANGED_MEANWHILE.into())
}

impl Fridges for Memory {
    async fn record(&self, plan: &Plan) -> Result<(), ApiError> {
        let m = &plan.manifest;
        let mut state = self.state();
        let key = (m.fridge_id.clone(), m.artifact_type.clone());
        let stored = state.versions.get(&key).cloned().unwrap_or_default();
        // As the DynamoDB condition: the deployment read is still the one recorded.
        if stored.now.deployment != plan.current.now.deployment {
            return Err(changed());
        }
        let slot = Slot {
            version: Some(m.version.clone()),
            deployment: Some(m.deployment_id.clone()),
            manifest: Some(m.clone()),
        };
        state.versions.insert(key, Current { now: slot, previous: Some(plan.current.now.clone()) });
        let before = plan.current.now.version.as_deref();
        state.history.push(records::fridge_record(m, &m.deployed_at, before, Some(&m.version), None));
        Ok(())
    }

    async fn current(&self, fridge: &str, artifact_type: &str) -> Result<Current, ApiError> {
        Ok(self.recorded(fridge, artifact_type))
    }

    async fn publish(&self, fridge: &str, artifact_type: &str, manifest: Option<&Manifest>) -> Result<(), ApiError> {
        if self.unpublishable.contains(fridge) {
            return Err(ApiError::Unavailable);
        }
        let key = rollout::manifest_key(fridge, artifact_type);
        match manifest {
            Some(m) => self.state().manifests.insert(key, m.clone()),
            None => self.state().manifests.remove(&key),
        };
        Ok(())
    }

    async fn revert(&self, m: &Manifest, to: &Slot) -> Result<(), ApiError> {
        let mut state = self.state();
        let key = (m.fridge_id.clone(), m.artifact_type.clone());
        let stored = state.versions.get(&key).cloned().unwrap_or_default();
        if stored.now.deployment.as_deref() != Some(m.deployment_id.as_str()) {
            return Err(changed());
        }
        state.versions.insert(key, Current { now: to.clone(), previous: None });
        let record = records::fridge_record(m, &m.deployed_at, Some(&m.version), to.version.as_deref(), Some(UNDONE));
        state.history.push(record);
        Ok(())
    }
}

impl Software for Memory {
    async fn builds(&self, artifact_type: &str) -> Result<Vec<String>, ApiError> {
        Ok(self.builds.get(artifact_type).cloned().unwrap_or_default())
    }

    async fn known(&self, ids: &[LocationId]) -> Result<BTreeSet<LocationId>, ApiError> {
        Ok(ids.iter().filter(|id| self.locations.contains(*id)).cloned().collect())
    }

    async fn records(
        &self,
        fridges: &[LocationId],
        artifact_type: &str,
    ) -> Result<HashMap<LocationId, Current>, ApiError> {
        let state = self.state();
        Ok(fridges
            .iter()
            .filter_map(|f| {
                let current = state.versions.get(&(f.to_string(), artifact_type.to_string()))?;
                Some((f.clone(), current.clone()))
            })
            .collect())
    }

    async fn add_history(&self, records: &[Record]) -> Result<(), ApiError> {
        self.state().history.extend_from_slice(records);
        Ok(())
    }

    async fn pilot(&self, id: &str) -> Result<Option<Pilot>, ApiError> {
        Ok(self.state().pilots.get(id).cloned())
    }

    async fn pilots(&self) -> Result<Vec<Pilot>, ApiError> {
        Ok(self.state().pilots.values().cloned().collect())
    }

    async fn put_pilot(&self, save: &Save) -> Result<(), ApiError> {
        let racing = self.racing_pilot.lock().unwrap_or_else(|p| p.into_inner()).take();
        let mut state = self.state();
        if let Some(p) = racing {
            state.pilots.insert(p.id.clone(), p);
        }
        let stored = state.pilots.get(&save.pilot.id);
        // As the DynamoDB condition (a pilot saved before versions has version 0).
        let holds = match (save.loaded, stored) {
            (None, None) => true,
            (Some(loaded), Some(p)) => p.version == loaded,
            _ => false,
        };
        if !holds {
            return Err(changed());
        }
        state.pilots.insert(save.pilot.id.clone(), save.pilot.clone());
        Ok(())
    }
}
