//! What the fleet health snapshot is built from (see `crate::snapshot`).
use super::Dynamo;
use fleet_shared::entity::health::FridgeHealth;
use fleet_shared::{ApiError, Table};
use std::future::Future;

pub trait AllHealth: Sync {
    /// Every fridge's readable health record: one Scan of FridgeHealth.
    fn all_health(&self) -> impl Future<Output = Result<Vec<FridgeHealth>, ApiError>> + Send;
}

impl AllHealth for Dynamo {
    async fn all_health(&self) -> Result<Vec<FridgeHealth>, ApiError> {
        let items: Vec<serde_json::Value> = self.0.table(Table::FridgeHealth)?.scan_all().await?;
        // One unreadable record must not take the whole fleet's page down: it is left out, and logged.
        Ok(items
            .into_iter()
            .filter_map(|item| match serde_json::from_value(item) {
                Ok(health) => Some(health),
                Err(e) => {
                    tracing::warn!(error = %e, "a health record the snapshot cannot read was left out");
                    None
                }
            })
            .collect())
    }
}
