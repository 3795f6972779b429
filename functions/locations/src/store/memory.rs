//! An in-memory store for unit tests of the rules: the same contract
//! (conditional insert, version-checked update, history kept beside).
use super::*;
use crate::plan;
use std::sync::Mutex;

/// Keeps locations as the table does; hands them out as `Dynamo` does.
#[derive(Default)]
pub struct Memory {
    pub locations: Mutex<HashMap<String, Location>>,
    pub history: Mutex<Vec<Record>>,
    pub device_addresses: Mutex<Vec<String>>,
    pub options: Options,
}

impl LocationStore for Memory {
    async fn get(&self, id: &str) -> Result<Option<Location>, ApiError> {
        // Through the item form, as a read of the table gives it back (7.0 reads as 7).
        self.locations.lock().unwrap().get(id).map(|l| store::from_item(store::to_item(l)?)).transpose()
    }
    async fn get_many(&self, ids: Vec<String>) -> Result<HashMap<String, Location>, ApiError> {
        let mut found = HashMap::new();
        for id in ids {
            if let Some(location) = self.get(&id).await? {
                found.insert(id, location);
            }
        }
        Ok(found)
    }
    async fn options(&self) -> Result<Options, ApiError> {
        Ok(self.options.clone())
    }
    async fn insert(&self, location: &Location, history: &Record) -> Result<(), ApiError> {
        let mut locations = self.locations.lock().unwrap();
        if locations.contains_key(location.id.as_str()) {
            return Err(ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into()));
        }
        locations.insert(location.id.to_string(), location.clone());
        self.history.lock().unwrap().push(history.clone());
        Ok(())
    }
    async fn update(
        &self,
        id: &str,
        plan: &[Assign],
        base: i64,
        history: &Record,
        also: &[Also],
    ) -> Result<(), ApiError> {
        let conflict = || Err(ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into()));
        let mut locations = self.locations.lock().unwrap();
        let Some(location) = locations.get_mut(id) else { return conflict() };
        if location.version.unwrap_or(0) != base {
            return conflict();
        }
        // As the table's update expression writes it: the plan, the version after `base`, when and who.
        let next = plan::updated(location, plan, &history.who, &history.at)?;
        let mut addresses = self.device_addresses.lock().unwrap();
        for a in also {
            if let Also::RegisterDeviceAddress { address, .. } = a {
                if addresses.contains(address) {
                    return conflict();
                }
                addresses.push(address.clone());
            }
        }
        *location = next;
        self.history.lock().unwrap().push(history.clone());
        Ok(())
    }
}
