//! The stores in memory, for unit tests: `Memory` (the action store the
//! driver-action rules run over) and `Board` (the dashboard's parts).
use super::*;
use crate::drop::lock_key;
use fleet_shared::assignment::Pass;
use fleet_shared::entity::assignment::{ClaimMarker, RouteSettings};
use fleet_shared::history;
use fleet_shared::idempotency::{MemoryRecords, Seen};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The tables in memory, for tests of the rules.
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
    async fn route_has_stops(&self, date: &str, route: &str) -> Result<bool, ApiError> {
        self.assignments.route_has_stops(date, route).await
    }
    async fn claimed(&self, date: &str, sub: &str) -> Result<Option<ClaimMarker>, ApiError> {
        self.assignments.claimed(date, sub).await
    }
    async fn settings(&self) -> Result<RouteSettings, ApiError> {
        self.assignments.settings().await
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

impl AckStore for Memory {
    async fn acknowledge(&self, write: &AckWrite) -> Result<(), ApiError> {
        let mut records = self.records.0.lock().unwrap();
        let keys = [&write.request, &write.occurrence].map(|c| (c.pk.clone(), c.sk.clone()));
        if keys.iter().any(|k| records.contains_key(k)) {
            return Err(ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into()));
        }
        for c in [&write.request, &write.occurrence] {
            records.insert((c.pk.clone(), c.sk.clone()), c.clone());
        }
        self.actions.lock().unwrap().push(write.item.clone());
        self.history.lock().unwrap().push(write.record.clone());
        Ok(())
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
    async fn insert(
        &self,
        action: &StoredAction,
        claim: &Claim,
        lock: Option<&SlipLock>,
        pass: Option<&Pass>,
    ) -> Result<(), ApiError> {
        if let Some((other, other_claim)) = self.racing.lock().unwrap().take() {
            self.records.insert(&other_claim)?;
            self.actions.lock().unwrap().push(other);
        }
        let mut locks = self.locks.lock().unwrap();
        if lock.is_some_and(|l| locks.contains_key(&l.sk)) {
            return Err(ApiError::Conflict("locked".into()));
        }
        if self.records.contains(claim) {
            return Err(ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into()));
        }
        // The pass's check and claim, last of the conditions: a refusal writes nothing.
        if let Some(pass) = pass {
            self.assignments.commit(pass)?;
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
                Some(t) => stocked.insert(key, t.at.clone()),
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
                stocked_by: None,
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
        let start: usize = token.map_or(Ok(0), str::parse).map_err(|_| ApiError::bad_request("Invalid nextToken"))?;
        let page: Vec<StoredAction> = matching.iter().skip(start).take(count).cloned().collect();
        let next = (start + count < matching.len()).then(|| (start + count).to_string());
        Ok((page, next))
    }
}

/// The parts in memory, for the query's tests: counts the AWS calls the real
/// store would make, and fails a part on demand.
#[derive(Default)]
pub struct Board {
    pub stops: Vec<RouteStop>,
    pub versions: Vec<StoredVersion>,
    pub actions: Vec<StoredAction>,
    /// The live slip locks (recorded drop statuses), of any date.
    pub locks: Vec<SlipLock>,
    /// The routes' drivers, of any date.
    pub drivers: Vec<DriverAssignment>,
    pub health: Vec<BoardHealth>,
    /// The fleet health snapshot: None, none stored.
    pub fleet_health: Option<Vec<BoardHealth>>,
    pub locations: Vec<BoardLocation>,
    /// Parts that fail: "slips", "actions", "locks", "health", "locations".
    pub failing: Vec<&'static str>,
    pub calls: AtomicUsize,
    /// The largest key count one batch call got.
    pub widest_batch: AtomicUsize,
}

/// A delivery stop of `date` at stocking index 1.
pub fn stop(date: &str, id: &str, route: &str, n: i64, market: &str) -> RouteStop {
    RouteStop {
        stocking_date: date.into(),
        market: market.into(),
        id: id.into(),
        route: route.into(),
        stop: n,
        stocking_index: 1,
        stop_type: "DELIVERY".into(),
    }
}

impl Board {
    fn call(&self, part: &str, keys: usize) -> Result<(), ApiError> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.widest_batch.fetch_max(keys, Ordering::SeqCst);
        if self.failing.contains(&part) {
            return Err(ApiError::internal(format!("{part} is down")));
        }
        Ok(())
    }
    pub fn calls(&self) -> usize {
        self.calls.load(Ordering::SeqCst)
    }
}

impl BoardStore for Board {
    async fn stops(&self, date: &str) -> Result<Vec<RouteStop>, ApiError> {
        self.call("slips", 0)?;
        Ok(self.stops.iter().filter(|s| s.stocking_date == date).cloned().collect())
    }
    async fn versions(&self, _date: &str) -> Result<Vec<StoredVersion>, ApiError> {
        self.call("slips", 0)?;
        Ok(self.versions.clone())
    }
    async fn route_stops(&self, date: &str, route: &str) -> Result<Vec<RouteStop>, ApiError> {
        self.call("slips", 0)?;
        Ok(self.stops.iter().filter(|s| s.stocking_date == date && s.route == route).cloned().collect())
    }
    async fn actions_since(&self, day: &str, from: &str) -> Result<Vec<StoredAction>, ApiError> {
        self.call("actions", 0)?;
        Ok(self.actions.iter().filter(|a| a.stocking_day == day && a.sk.as_str() >= from).cloned().collect())
    }
    async fn actions(&self, day: &str) -> Result<Vec<StoredAction>, ApiError> {
        self.call("actions", 0)?;
        let mut found: Vec<StoredAction> = self.actions.iter().filter(|a| a.stocking_day == day).cloned().collect();
        found.sort_by(|a, b| a.occurred_sk.cmp(&b.occurred_sk));
        Ok(found)
    }
    async fn locks(&self, date: &str) -> Result<Vec<SlipLock>, ApiError> {
        self.call("locks", 0)?;
        Ok(self.locks.iter().filter(|l| l.slip().0 == date).cloned().collect())
    }
    async fn drivers(&self, date: &str) -> Result<Vec<DriverAssignment>, ApiError> {
        self.call("drivers", 0)?;
        Ok(self.drivers.iter().filter(|d| d.stocking_date == date).cloned().collect())
    }
    async fn health(&self, ids: &[String]) -> Result<Vec<BoardHealth>, ApiError> {
        self.call("health", ids.len())?;
        Ok(self.health.iter().filter(|h| ids.contains(&h.location_id)).cloned().collect())
    }
    async fn fleet_health(&self) -> Result<Option<Arc<FleetHealth>>, ApiError> {
        self.call("snapshot", 0)?;
        let by_id = |all: &Vec<BoardHealth>| all.iter().map(|h| (h.location_id.clone(), h.clone())).collect();
        Ok(self.fleet_health.as_ref().map(|all| Arc::new(FleetHealth(by_id(all)))))
    }
    async fn locations(&self, ids: &[String]) -> Result<Vec<BoardLocation>, ApiError> {
        self.call("locations", ids.len())?;
        Ok(self.locations.iter().filter(|l| ids.contains(&l.id)).cloned().collect())
    }
}
