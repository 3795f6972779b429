//! The stocking store over DynamoDB: `Dynamo` implements the action store
//! here, and each feature's store in its own file (`acknowledge`, `correct`, `dashboard`,
//! `drop_list`, `jit`, `orders`, `revert`).
use super::{ActionStore, ByType, StoredAction, BY_DAY_CREATED, BY_STOCKING_DAY};
use crate::drop::{lock_key, lock_partition, SlipLock};
use crate::record::{DAY_SHARD, PK};
use crate::slips::PackingSlip;
use aws_sdk_dynamodb::types::{ConditionCheck, Put, TransactWriteItem};
use fleet_shared::assignment::{AssignmentStore, Pass};
use fleet_shared::entity::assignment::{ClaimMarker, DriverAssignment, RouteSettings};
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::entity::{Location, LocationId};
use fleet_shared::idempotency::{Claim, Records, Seen};
use fleet_shared::location_store;
use fleet_shared::query::Filter;
use fleet_shared::store::{self, SortKey};
use fleet_shared::{flags, permissions, shard, ApiError, Caller, Deps, Table};
use std::collections::HashMap;

/// An operator's acknowledgement of a Needs-attention item (`acknowledge`).
mod acknowledge;
/// A supervisor's void or re-time of a LocationStocked (`correct`).
mod correct;
/// The dashboard's reads (route stops, the day's actions, health, location fields).
mod dashboard;
/// The Drop Off Summary's reads (slips, locks, stops, actions, location types).
mod drop_list;
/// JIT Management's reads and its transactional update (`jit`).
mod jit;
/// The order ingest's store (orders, packing slips, the dead-letter queue).
mod orders;
/// The supervisor's revert of a drop status (`revert`).
mod revert;

/// Reads and writes of one stocked time while its stops keep moving (a few are plenty).
const MARK_TRIES: usize = 4;

/// The tables in DynamoDB (and the orders' dead-letter queue in SQS), for a function that granted them.
pub struct Dynamo(pub &'static Deps);

impl AssignmentStore for Dynamo {
    async fn stops_at(&self, date: &str, location: &str) -> Result<Vec<StoredStop>, ApiError> {
        fleet_shared::route_store::Drivers(self.0).stops_at(date, location).await
    }
    async fn drivers(&self, date: &str, routes: &[String]) -> Result<Vec<DriverAssignment>, ApiError> {
        fleet_shared::route_store::Drivers(self.0).drivers(date, routes).await
    }
    async fn route_has_stops(&self, date: &str, route: &str) -> Result<bool, ApiError> {
        fleet_shared::route_store::Drivers(self.0).route_has_stops(date, route).await
    }
    async fn claimed(&self, date: &str, sub: &str) -> Result<Option<ClaimMarker>, ApiError> {
        fleet_shared::route_store::Drivers(self.0).claimed(date, sub).await
    }
    async fn settings(&self) -> Result<RouteSettings, ApiError> {
        fleet_shared::route_store::Drivers(self.0).settings().await
    }
    async fn holds(&self, caller: &Caller, action: &str) -> Result<bool, ApiError> {
        fleet_shared::route_store::Drivers(self.0).holds(caller, action).await
    }
}

impl Records for Dynamo {
    async fn get(&self, pk: &str, parts: Vec<String>) -> Result<HashMap<String, Claim>, ApiError> {
        Records::get(&self.0.table(Table::Idempotency)?, pk, parts).await
    }

    async fn put(&self, claim: &Claim) -> Result<Seen, ApiError> {
        Records::put(&self.0.table(Table::Idempotency)?, claim).await
    }
}

impl ActionStore for Dynamo {
    async fn location(&self, id: &LocationId) -> Result<Option<Location>, ApiError> {
        location_store::one(self.0, id.as_str(), &["id", "type"]).await
    }

    async fn require(&self, caller: &Caller, action: &str) -> Result<(), ApiError> {
        permissions::require(self.0, caller, action).await
    }

    async fn has_flag(&self, caller: &Caller, flag: &str) -> Result<bool, ApiError> {
        flags::has_flag(self.0, caller, flag).await
    }

    async fn slip(&self, date: &str, unique_id: &str) -> Result<Option<PackingSlip>, ApiError> {
        self.0.table(Table::PackingSlips)?.get(crate::slips::key(date, unique_id)).await
    }

    async fn slip_lock(&self, date: &str, unique_id: &str) -> Result<Option<SlipLock>, ApiError> {
        let key = HashMap::from([
            (PK.to_string(), store::s(lock_partition(unique_id))),
            ("sk".to_string(), store::s(lock_key(date, unique_id))),
        ]);
        self.0.table(Table::DriverActions)?.get(key).await
    }

    async fn insert(
        &self,
        action: &StoredAction,
        claim: &Claim,
        lock: Option<&SlipLock>,
        pass: Option<&Pass>,
    ) -> Result<(), ApiError> {
        let t = self.0.table(Table::DriverActions)?;
        let put = |item: store::Item| {
            Put::builder()
                .table_name(t.name)
                .set_item(Some(item))
                .condition_expression("attribute_not_exists(sk)")
                .build()
                .map(|p| TransactWriteItem::builder().put(p).build())
                .map_err(ApiError::internal)
        };
        let mut items = vec![put(action.item()?)?, claim.put(self.0.config.table(Table::Idempotency)?)?];
        if let Some(lock) = lock {
            items.push(put(lock.item()?)?);
            // The recorded status is in the slip's history, in the same transaction.
            items.push(lock.recorded().put(self.0.config.table(Table::History)?)?);
        }
        if let Some(pass) = pass {
            items.extend(pass.writes(&self.0.config)?);
        }
        store::transact(t.client, items).await
    }

    async fn mark_stocked(&self, location: &str, stocking_index: i64, sk: &str) -> Result<usize, ApiError> {
        let t = self.0.table(Table::LocationRoutes)?;
        let actions = self.0.table(Table::DriverActions)?;
        let key = StoredAction {
            event_type: "LocationStocked".into(),
            location_id: location.into(),
            sk: sk.into(),
            ..StoredAction::default()
        }
        .key();
        let mut set = 0;
        // Each stop with its route's version (`route_store::stocked_write`, issue 38), and the action
        // checked as read: a void or re-time landing meanwhile refuses the write. A refused write
        // means an earlier time, a stop moved by a route replacement, a correction or a racing
        // write: read again; the stops still due are written again, so no stocked time is lost.
        for _ in 0..MARK_TRIES {
            let Some(action) = actions.get::<StoredAction>(key.clone()).await? else { return Ok(set) };
            if action.is_voided() {
                return Ok(set);
            }
            let (day, at) = (action.stocking_day.as_str(), action.occurred_at.as_str());
            let standing = ConditionCheck::builder()
                .table_name(actions.name)
                .set_key(Some(key.clone()))
                .condition_expression("attribute_exists(occurredSk) AND occurredAt = :at")
                .expression_attribute_values(":at", store::s(at))
                .build()
                .map_err(ApiError::internal)?;
            let stops: Vec<StoredStop> = fleet_shared::route_store::stops_at(&t, day, location).all().await?;
            let due = stops
                .iter()
                .filter(|s| s.stop.stocking_index == stocking_index)
                .filter(|s| s.stocked_time_utc.as_deref().is_none_or(|known| known > at));
            let mut again = false;
            for stop in due {
                let mut items = fleet_shared::route_store::stocked_write(t.name, stop, at, &action.created_by_sub)?;
                items.push(TransactWriteItem::builder().condition_check(standing.clone()).build());
                match store::transact(t.client, items).await {
                    Ok(()) => set += 1,
                    Err(ApiError::Conflict(_) | ApiError::Unavailable) => again = true,
                    Err(e) => return Err(e),
                }
            }
            if !again {
                return Ok(set);
            }
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        }
        Err(ApiError::Unavailable)
    }

    async fn correct(&self, plan: &crate::record::CorrectionPlan, claim: &Claim) -> Result<(), ApiError> {
        self.write_correction(plan, claim).await
    }

    async fn day_at(&self, day: &str, location: &str) -> Result<(Vec<StoredAction>, Vec<StoredStop>), ApiError> {
        // One location's day is one shard of the index.
        let shard = shard::key(day, location);
        let actions = self.0.table(Table::DriverActions)?.query(DAY_SHARD, shard).index(BY_STOCKING_DAY);
        let actions = actions.filter(Filter::In("locationId".into(), vec![location.to_string()]));
        let stops = fleet_shared::route_store::stops_at(&self.0.table(Table::LocationRoutes)?, day, location);
        tokio::try_join!(actions.all(), stops.all())
    }

    async fn page(
        &self,
        query: &ByType,
        token: Option<&str>,
        count: usize,
    ) -> Result<(Vec<StoredAction>, Option<String>), ApiError> {
        let secret = self.0.config.paging_secret()?;
        let mut q = self.0.table(Table::DriverActions)?.query(PK, "");
        if let Some(condition) = query.sort_key() {
            q = q.sort("sk", condition);
        }
        let q = q.across(shard::keys(&query.event_type), "sk", &[PK, "sk"]);
        q.signed_page(secret, &query.scope(), token, count).await
    }
}

impl Dynamo {
    /// Every action of one stocking day (by `occurredAt`), in device-time
    /// order: the `byStockingDay` index's shards of the day, merged. For the dashboard.
    /// A shard longer than one page is read past it in slices of the day side by side (`window::day_slices`):
    /// a container's first read of a day at 100,000 fridges is ~17 MB, three 1 MB pages a shard one after another
    /// otherwise. A shorter day costs one Query a shard, as before.
    pub async fn of_stocking_day(&self, day: &str) -> Result<Vec<StoredAction>, ApiError> {
        let q = self.0.table(Table::DriverActions)?.query(DAY_SHARD, "").index(BY_STOCKING_DAY);
        let q = q.across(shard::keys(day), "occurredSk", &[PK, "sk", DAY_SHARD, "occurredSk"]);
        q.all_sliced(&crate::window::day_slices(day)).await
    }

    /// The recorded drop statuses (`SlipLock`) of one date's slips, read consistently: one Query per
    /// shard of `SLIP_LOCKS`. The Drop Off Summary's rows and the dashboard's overrides.
    pub async fn slip_locks_of(&self, date: &str) -> Result<Vec<SlipLock>, ApiError> {
        self.0
            .table(Table::DriverActions)?
            .query(PK, "")
            .sort("sk", SortKey::BeginsWith(format!("{date}#")))
            .consistent()
            .across(shard::keys(crate::drop::SLIP_LOCKS), "sk", &[PK, "sk"])
            .all()
            .await
    }

    /// The actions of one stocking day recorded (`createdAt`) at or after `from`, whatever their
    /// `occurredAt`: an offline driver's actions arrive late with the time they happened.
    pub async fn of_stocking_day_since(&self, day: &str, from: &str) -> Result<Vec<StoredAction>, ApiError> {
        let q = self.0.table(Table::DriverActions)?.query(DAY_SHARD, "").index(BY_DAY_CREATED);
        let q = q.sort("sk", SortKey::AtLeast(from.to_string()));
        q.across(shard::keys(day), "sk", &[PK, "sk", DAY_SHARD]).all().await
    }

    /// One page of a drop-off date's packing slips, behind a token signed for that date.
    pub async fn slips_page(
        &self,
        date: &str,
        token: Option<&str>,
        count: usize,
    ) -> Result<(Vec<PackingSlip>, Option<String>), ApiError> {
        let secret = self.0.config.paging_secret()?;
        let slips = crate::slips::of_date(&self.0.table(Table::PackingSlips)?, date);
        slips.signed_page(secret, &format!("packing-slips:{date}"), token, count).await
    }

    /// Every route stop of one date, read as `T` (a stop or its stored item).
    pub async fn stops_of_date<T: serde::de::DeserializeOwned>(&self, date: &str) -> Result<Vec<T>, ApiError> {
        fleet_shared::route_store::stops_of_date(&self.0.table(Table::LocationRoutes)?, date).all().await
    }
}
