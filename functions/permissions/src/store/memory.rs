//! Users, grants and history in memory, for tests of the permission rules.
use super::*;
use fleet_shared::error::CHANGED_MEANWHILE;
use std::sync::Mutex;

#[derive(Default)]
pub struct Memory {
    pub users: Vec<PoolUser>,
    pub grants: Mutex<Vec<Grant>>,
    pub history: Mutex<Vec<Record>>,
}

fn changed() -> ApiError {
    ApiError::Conflict(CHANGED_MEANWHILE.into())
}

impl PermissionStore for Memory {
    async fn users(&self) -> Result<Vec<PoolUser>, ApiError> {
        Ok(self.users.clone())
    }
    async fn grants(&self) -> Result<Vec<Grant>, ApiError> {
        Ok(self.grants.lock().unwrap().clone())
    }
    async fn history(&self, entity: &str, limit: i32) -> Result<Vec<Record>, ApiError> {
        let mut records: Vec<Record> =
            self.history.lock().unwrap().iter().filter(|r| r.entity == entity).cloned().collect();
        records.sort_by(|a, b| b.sk.cmp(&a.sk));
        records.truncate(usize::try_from(limit).unwrap_or(0));
        Ok(records)
    }
    async fn grant(&self, grant: &Grant, record: &Record) -> Result<(), ApiError> {
        let mut grants = self.grants.lock().unwrap();
        if grants.iter().any(|g| g.user == grant.user && g.action == grant.action) {
            return Err(changed());
        }
        grants.push(grant.clone());
        self.history.lock().unwrap().push(record.clone());
        Ok(())
    }
    async fn revoke(&self, user: &str, action: &str, record: &Record) -> Result<(), ApiError> {
        let mut grants = self.grants.lock().unwrap();
        let before = grants.len();
        grants.retain(|g| !(g.user == user && g.action == action));
        if grants.len() == before {
            return Err(changed());
        }
        self.history.lock().unwrap().push(record.clone());
        Ok(())
    }
}
