//! The Drop Off Summary's reads in DynamoDB (`drop_list`): one paged Query
//! each for the date's slips, locks, stops and the stocking day's actions,
//! and a BatchGetItem of location types. Never a Scan.
use super::Dynamo;
use crate::drop::SlipLock;
use crate::drop_list::DropListStore;
use crate::record::StoredAction;
use crate::slips::PackingSlip;
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::location_store;
use fleet_shared::{flags, ApiError, Caller, Table};
use serde::Deserialize;
use std::collections::HashMap;

#[derive(Deserialize)]
struct Typed {
    id: String,
    #[serde(default, rename = "type")]
    kind: Option<String>,
}

impl DropListStore for Dynamo {
    async fn has_flag(&self, caller: &Caller, flag: &str) -> Result<bool, ApiError> {
        flags::has_flag(self.0, caller, flag).await
    }

    async fn slips(&self, date: &str) -> Result<Vec<PackingSlip>, ApiError> {
        crate::slips::of_date(&self.0.table(Table::PackingSlips)?, date).all().await
    }

    async fn locks(&self, date: &str) -> Result<Vec<SlipLock>, ApiError> {
        self.slip_locks_of(date).await
    }

    async fn stops(&self, date: &str) -> Result<Vec<StoredStop>, ApiError> {
        fleet_shared::route_store::stops_of_date(&self.0.table(Table::LocationRoutes)?, date).all().await
    }

    async fn actions(&self, day: &str) -> Result<Vec<StoredAction>, ApiError> {
        self.of_stocking_day(day).await
    }

    async fn types(&self, ids: &[String]) -> Result<HashMap<String, String>, ApiError> {
        let typed: Vec<Typed> = location_store::many(self.0, ids, &["id", "type"]).await?;
        Ok(typed.into_iter().map(|t| (t.id, t.kind.unwrap_or_default())).collect())
    }
}
