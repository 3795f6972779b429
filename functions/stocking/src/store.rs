//! The narrow store the driver-action rules run over: the action table (with
//! the request's idempotency record in the same transaction), the location
//! check, and the shared permission gate. `service` only sees the trait, so
//! its rules are unit-tested over `fake`.
//!
//! Keys of `DriverActionsTable` (`record`): pk `{eventType}#{shard}`, sk
//! `createdAt#id` (the paged `getDriverAction` by type and createdAt is one
//! Query per shard, merged in order); index `byStockingDay`: pk `dayShard` =
//! `{stockingDay}#{shard}` (the stocking day of `occurredAt`,
//! `window::stocking_day`), sk `occurredSk` = `occurredAt#id` (a dashboard's
//! day is a Query per shard, merged in device-time order; one location's day
//! is one Query); index `byDayCreated`: the same pk, sk `sk` (what a day got
//! since a time: the dashboard's refresh). Never a Scan.
use crate::drop::{lock_key, lock_partition, SlipLock};
use crate::record::{DAY_SHARD, PK};
use crate::slips::PackingSlip;
use aws_sdk_dynamodb::types::{ConditionCheck, Put, TransactWriteItem};
use fleet_shared::assignment::AssignmentStore;
use fleet_shared::entity::assignment::DriverAssignment;
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::entity::{Location, LocationId};
use fleet_shared::history;
use fleet_shared::idempotency::{Claim, Records, Seen};
use fleet_shared::location_store;
use fleet_shared::query::Filter;
use fleet_shared::store::{self, SortKey};
use fleet_shared::{flags, permissions, shard, ApiError, Caller, Deps, Table};
use std::collections::HashMap;
use std::future::Future;

/// A supervisor's void or re-time of a LocationStocked (`correct`).
mod correct;
/// The dashboard's reads (route stops, the day's actions, health, location fields).
pub mod dashboard;
/// The Drop Off Summary's reads (slips, locks, stops, actions, location types).
pub mod drop_list;
/// JIT Management's reads and its transactional update (`jit`).
pub mod jit;
/// The order ingest's store (orders, packing slips, the dead-letter queue).
pub mod orders;
/// The supervisor's revert of a drop status (`revert`).
pub mod revert;

pub const BY_STOCKING_DAY: &str = "byStockingDay";
pub const BY_DAY_CREATED: &str = "byDayCreated";

pub use crate::record::StoredAction;

/// What one `getDriverAction` page reads: a type, and createdAt in [from, to).
#[derive(Debug, Clone, PartialEq)]
pub struct ByType {
    pub event_type: String,
    pub from: Option<String>,
    pub to: Option<String>,
}

impl ByType {
    /// The sort-key condition: `createdAt#id` is >= `from` and, as any sk
    /// starting with `to` sorts after `to` itself, <= `to` means createdAt < `to`.
    pub fn sort_key(&self) -> Option<SortKey> {
        match (&self.from, &self.to) {
            (Some(f), Some(t)) => Some(SortKey::Between(f.clone(), t.clone())),
            (Some(f), None) => Some(SortKey::AtLeast(f.clone())),
            (None, Some(t)) => Some(SortKey::AtMost(t.clone())),
            (None, None) => None,
        }
    }

    /// The signing scope of its page tokens: a token of another filter is refused.
    pub fn scope(&self) -> String {
        format!(
            "driver-actions:{}:{}:{}",
            self.event_type,
            self.from.as_deref().unwrap_or(""),
            self.to.as_deref().unwrap_or("")
        )
    }
}

/// `AssignmentStore`: the caller's route that day (`fleet_shared::assignment`).
pub trait ActionStore: Records + AssignmentStore {
    /// The location, read for its existence and type (one GetItem), if it exists.
    fn location(&self, id: &LocationId) -> impl Future<Output = Result<Option<Location>, ApiError>> + Send;
    /// The shared permission gate: Forbidden unless the caller holds `action`.
    fn require(&self, caller: &Caller, action: &str) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Whether the caller holds a feature flag (the shared flags table).
    fn has_flag(&self, caller: &Caller, flag: &str) -> impl Future<Output = Result<bool, ApiError>> + Send;
    /// A date's packing slip, if it exists.
    fn slip(&self, date: &str, unique_id: &str) -> impl Future<Output = Result<Option<PackingSlip>, ApiError>> + Send;
    /// A slip's recorded drop status (`drop::SlipLock`), if any; a consistent read.
    fn slip_lock(&self, date: &str, unique_id: &str)
        -> impl Future<Output = Result<Option<SlipLock>, ApiError>> + Send;
    /// Stores the action with the request's claim and, for a drop override, the
    /// slip's lock, all or nothing; a generic Conflict when the claim or the
    /// lock exists (a racing try, or another override of the slip, landed first).
    fn insert(
        &self,
        action: &StoredAction,
        claim: &Claim,
        lock: Option<&SlipLock>,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Sets `stockedTimeUTC` of the route stops of the stored LocationStocked
    /// `sk` at `location` (its stocking day and index) to its `occurredAt`,
    /// unless an earlier time is recorded (queues do not keep order), and only
    /// while the action stands as read: a voided one sets nothing, a re-timed
    /// one its new time (`correct`). Answers how many stops it set. A location
    /// with no stop that day sets none.
    fn mark_stocked(
        &self,
        location: &str,
        stocking_index: i64,
        sk: &str,
    ) -> impl Future<Output = Result<usize, ApiError>> + Send;
    /// Writes a supervisor's correction (`correct::CorrectionPlan`) with the request's
    /// claim, all or nothing; a generic Conflict when anything read has changed.
    fn correct(
        &self,
        plan: &crate::record::CorrectionPlan,
        claim: &Claim,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// A stocking day's actions and route stops at one location (what a
    /// DropOverride's slip is checked against, `drop::DayFacts`).
    fn day_at(
        &self,
        day: &str,
        location: &str,
    ) -> impl Future<Output = Result<(Vec<StoredAction>, Vec<StoredStop>), ApiError>> + Send;
    /// One page of at most `count` actions, oldest createdAt first.
    fn page(
        &self,
        query: &ByType,
        token: Option<&str>,
        count: usize,
    ) -> impl Future<Output = Result<(Vec<StoredAction>, Option<String>), ApiError>> + Send;
}

/// Reads and writes of one stocked time while its stops keep moving (a few are plenty).
const MARK_TRIES: usize = 4;

/// The tables in DynamoDB, for a function that granted them.
pub struct Dynamo(pub &'static Deps);

impl AssignmentStore for Dynamo {
    async fn stops_at(&self, date: &str, location: &str) -> Result<Vec<StoredStop>, ApiError> {
        fleet_shared::route_store::Drivers(self.0).stops_at(date, location).await
    }
    async fn drivers(&self, date: &str, routes: &[String]) -> Result<Vec<DriverAssignment>, ApiError> {
        fleet_shared::route_store::Drivers(self.0).drivers(date, routes).await
    }
    async fn claim(&self, a: &DriverAssignment, record: &history::Record) -> Result<(), ApiError> {
        fleet_shared::route_store::Drivers(self.0).claim(a, record).await
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

    async fn insert(&self, action: &StoredAction, claim: &Claim, lock: Option<&SlipLock>) -> Result<(), ApiError> {
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
                let mut items = fleet_shared::route_store::stocked_write(t.name, stop, at)?;
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
    pub async fn of_stocking_day(&self, day: &str) -> Result<Vec<StoredAction>, ApiError> {
        let q = self.0.table(Table::DriverActions)?.query(DAY_SHARD, "").index(BY_STOCKING_DAY);
        q.across(shard::keys(day), "occurredSk", &[PK, "sk", DAY_SHARD, "occurredSk"]).all().await
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

/// The tables in memory, for tests of the rules.
#[cfg(test)]
pub mod fake {
    use super::*;
    use fleet_shared::idempotency::MemoryRecords;
    use std::collections::HashSet;
    use std::sync::Mutex;

    #[derive(Default)]
    pub struct Memory {
        pub locations: HashMap<String, Location>,
        /// (sub, action) pairs held.
        pub grants: HashSet<(String, String)>,
        pub actions: Mutex<Vec<StoredAction>>,
        pub records: MemoryRecords,
        /// An action and claim another try of the request stores just before this insert.
        pub racing: Mutex<Option<(StoredAction, Claim)>>,
        /// (day, location, stocking index) -> stocked time of the route stops there.
        pub stocked: Mutex<HashMap<(String, String, i64), String>>,
        /// (email-less) caller sub -> feature flags held.
        pub flags: HashSet<(String, String)>,
        /// (date, uniqueId) -> slip.
        pub slips: HashMap<(String, String), PackingSlip>,
        /// Recorded drop statuses, by their `sk`.
        pub locks: Mutex<HashMap<String, SlipLock>>,
        /// The day's stops and their drivers.
        pub assignments: fleet_shared::assignment::MemoryAssignments,
        /// History records written (corrections).
        pub history: Mutex<Vec<history::Record>>,
    }

    impl AssignmentStore for Memory {
        async fn stops_at(&self, date: &str, location: &str) -> Result<Vec<StoredStop>, ApiError> {
            self.assignments.stops_at(date, location).await
        }
        async fn drivers(&self, date: &str, routes: &[String]) -> Result<Vec<DriverAssignment>, ApiError> {
            self.assignments.drivers(date, routes).await
        }
        async fn claim(&self, a: &DriverAssignment, record: &history::Record) -> Result<(), ApiError> {
            self.assignments.claim(a, record).await
        }
        async fn holds(&self, caller: &Caller, action: &str) -> Result<bool, ApiError> {
            self.assignments.holds(caller, action).await
        }
    }

    impl Memory {
        pub fn actions(&self) -> Vec<StoredAction> {
            self.actions.lock().unwrap().clone()
        }
    }

    impl Records for Memory {
        async fn get(&self, pk: &str, parts: Vec<String>) -> Result<HashMap<String, Claim>, ApiError> {
            self.records.get(pk, parts).await
        }
        async fn put(&self, claim: &Claim) -> Result<Seen, ApiError> {
            self.records.put(claim).await
        }
    }

    impl ActionStore for Memory {
        async fn location(&self, id: &LocationId) -> Result<Option<Location>, ApiError> {
            Ok(self.locations.get(id.as_str()).cloned())
        }
        async fn require(&self, caller: &Caller, action: &str) -> Result<(), ApiError> {
            if self.grants.contains(&(caller.sub.clone(), action.to_string())) {
                Ok(())
            } else {
                Err(ApiError::Forbidden)
            }
        }
        async fn has_flag(&self, caller: &Caller, flag: &str) -> Result<bool, ApiError> {
            Ok(self.flags.contains(&(caller.sub.clone(), flag.to_string())))
        }
        async fn slip(&self, date: &str, unique_id: &str) -> Result<Option<PackingSlip>, ApiError> {
            Ok(self.slips.get(&(date.to_string(), unique_id.to_string())).cloned())
        }
        async fn slip_lock(&self, date: &str, unique_id: &str) -> Result<Option<SlipLock>, ApiError> {
            Ok(self.locks.lock().unwrap().get(&lock_key(date, unique_id)).cloned())
        }
        async fn insert(&self, action: &StoredAction, claim: &Claim, lock: Option<&SlipLock>) -> Result<(), ApiError> {
            if let Some((other, other_claim)) = self.racing.lock().unwrap().take() {
                self.records.insert(&other_claim)?;
                self.actions.lock().unwrap().push(other);
            }
            let mut locks = self.locks.lock().unwrap();
            if lock.is_some_and(|l| locks.contains_key(&l.sk)) {
                return Err(ApiError::Conflict("locked".into()));
            }
            self.records.insert(claim)?;
            if let Some(l) = lock {
                locks.insert(l.sk.clone(), l.clone());
            }
            self.actions.lock().unwrap().push(action.clone());
            Ok(())
        }
        async fn mark_stocked(&self, location: &str, index: i64, sk: &str) -> Result<usize, ApiError> {
            let Some(action) = self.actions().into_iter().find(|a| a.sk == sk && a.location_id == location) else {
                return Ok(0);
            };
            if action.is_voided() {
                return Ok(0);
            }
            let (day, at) = (action.stocking_day, action.occurred_at);
            let mut stocked = self.stocked.lock().unwrap();
            let time = stocked.entry((day, location.to_string(), index)).or_insert_with(|| at.clone());
            if at < *time {
                *time = at;
            }
            Ok(1)
        }
        async fn correct(&self, plan: &crate::record::CorrectionPlan, claim: &Claim) -> Result<(), ApiError> {
            let mut actions = self.actions.lock().unwrap();
            let standing = actions
                .iter()
                .position(|a| a.sk == plan.read.sk && !a.is_voided() && a.occurred_at == plan.read.occurred_at);
            let Some(at) = standing else { return Err(ApiError::Conflict("condition".into())) };
            let mut stocked = self.stocked.lock().unwrap();
            for (stop, _) in &plan.stops {
                let key = (stop.stop.stocking_date.clone(), stop.stop.id.clone(), stop.stop.stocking_index);
                if stocked.get(&key) != stop.stocked_time_utc.as_ref() {
                    return Err(ApiError::Conflict("condition".into()));
                }
            }
            self.records.insert(claim)?;
            for (stop, new) in &plan.stops {
                let key = (stop.stop.stocking_date.clone(), stop.stop.id.clone(), stop.stop.stocking_index);
                match new {
                    Some(t) => stocked.insert(key, t.clone()),
                    None => stocked.remove(&key),
                };
            }
            actions[at] = plan.corrected.clone();
            actions.push(plan.marker.clone());
            self.history.lock().unwrap().push(plan.record.clone());
            Ok(())
        }
        /// The day's actions at the location; its stocked stops from `stocked`.
        async fn day_at(&self, day: &str, location: &str) -> Result<(Vec<StoredAction>, Vec<StoredStop>), ApiError> {
            // As the stocking-day index holds them: no voided action, no correction marker.
            let actions = self
                .actions()
                .into_iter()
                .filter(|a| a.stocking_day == day && a.location_id == location && !a.occurred_sk.is_empty())
                .collect();
            let stocked = self.stocked.lock().unwrap();
            let stops = stocked
                .iter()
                .filter(|((d, l, _), _)| d == day && l == location)
                .map(|((d, l, index), at)| StoredStop {
                    stop: fleet_shared::entity::route_stop::RouteStop {
                        stocking_date: d.clone(),
                        market: "MW".into(),
                        id: l.clone(),
                        route: "r1".into(),
                        stop: *index,
                        stocking_index: *index,
                        stop_type: "DELIVERY".into(),
                    },
                    route_stop: format!("r1#{index:04}"),
                    upload: None,
                    stocked_time_utc: Some(at.clone()),
                })
                .collect();
            Ok((actions, stops))
        }
        /// Tokens are the index of the next item (the real ones are signed keys).
        async fn page(
            &self,
            query: &ByType,
            token: Option<&str>,
            count: usize,
        ) -> Result<(Vec<StoredAction>, Option<String>), ApiError> {
            let mut matching: Vec<StoredAction> = self
                .actions()
                .into_iter()
                .filter(|a| a.event_type == query.event_type)
                .filter(|a| query.from.as_deref().is_none_or(|f| a.sk.as_str() >= f))
                .filter(|a| query.to.as_deref().is_none_or(|t| a.sk.as_str() <= t))
                .collect();
            matching.sort_by(|a, b| a.sk.cmp(&b.sk));
            let start: usize =
                token.map_or(Ok(0), str::parse).map_err(|_| ApiError::bad_request("Invalid nextToken"))?;
            let page: Vec<StoredAction> = matching.iter().skip(start).take(count).cloned().collect();
            let next = (start + count < matching.len()).then(|| (start + count).to_string());
            Ok((page, next))
        }
    }
}
