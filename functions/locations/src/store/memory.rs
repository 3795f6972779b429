//! An in-memory store for unit tests of the rules: the same contract
//! (conditional insert, version-checked update, history kept beside).
use super::*;
use crate::attributes::set_path;
use std::sync::Mutex;

/// Keeps documents as the table does; hands them out as `Location`s, as `Dynamo` does.
#[derive(Default)]
pub struct Memory {
    pub docs: Mutex<HashMap<String, Value>>,
    pub history: Mutex<Vec<Record>>,
    pub device_addresses: Mutex<Vec<String>>,
    pub options: Options,
}

impl LocationStore for Memory {
    async fn get(&self, id: &str) -> Result<Option<Location>, ApiError> {
        self.docs.lock().unwrap().get(id).map(|d| store::from_item(store::to_item(d)?)).transpose()
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
    async fn insert(&self, doc: &Value, history: &Record) -> Result<(), ApiError> {
        let id = doc["id"].as_str().unwrap().to_string();
        let mut docs = self.docs.lock().unwrap();
        if docs.contains_key(&id) {
            return Err(ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into()));
        }
        docs.insert(id, doc.clone());
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
        let mut docs = self.docs.lock().unwrap();
        let Some(doc) = docs.get_mut(id) else { return conflict() };
        if doc.get("version").and_then(Value::as_i64).unwrap_or(0) != base {
            return conflict();
        }
        let mut addresses = self.device_addresses.lock().unwrap();
        for a in also {
            if let Also::RegisterDeviceAddress { address, .. } = a {
                if addresses.contains(address) {
                    return conflict();
                }
                addresses.push(address.clone());
            }
        }
        for a in plan {
            let path: Vec<&str> = a.path.iter().map(String::as_str).collect();
            set_path(doc, &path, a.value.clone());
        }
        doc["version"] = serde_json::json!(base + 1);
        doc["lastModified"] = serde_json::json!(history.at);
        doc["lastModifiedBy"] = serde_json::json!(history.who);
        self.history.lock().unwrap().push(history.clone());
        Ok(())
    }
}
