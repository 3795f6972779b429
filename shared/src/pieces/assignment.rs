//! Field actions belong to who, where and when (issues 38 and 59): a driver
//! acts at a stop only on a route assigned to them that stocking day. One
//! rule for every stop-bound call (the driver actions, the fridge tasks), so
//! the driver app and the door follow the same assignments:
//! - a route assigned to the caller: allowed;
//! - a supervisor (`SUPERVISOR_ACTION`): allowed anywhere, and never claims;
//! - a stop whose routes are all without a driver: a driver action claims
//!   the first, within limits (the current stocking day only, one claim per
//!   driver and day, and only while the office allows claims); a fridge task
//!   never claims: nothing that opens a door grants the right to open it;
//! - a route assigned to someone else, or no stop there that day: refused
//!   with the reason.
//!
//! Opening a door asks more: the stop is not yet stocked, or was stocked by
//! the caller within `DOOR_AFTER_STOCKED_MINUTES`.
//!
//! The gate only reads. What it decided travels as a `Pass` into the call's
//! own transaction (`Pass::writes`): a check that the route's
//! driver is still the caller, or the claim's writes with their conditions.
//! So a reassignment landing between the read and the write stops the call,
//! and a refused call leaves no claim.
use crate::entity::assignment::{self, ClaimMarker, DriverAssignment, RouteSettings, SOURCE_CLAIM};
use crate::entity::route_stop::StoredStop;
// The gate's reads are the store layer's narrow trait (`route_store`), named here too.
pub use crate::route_store::AssignmentStore;
use crate::{fridge_time, history, route_store, ApiError, Caller};
use chrono::{DateTime, Utc};
use std::collections::BTreeSet;
use std::future::Future;

/// May act on any route (the exceptions): joins no spec group; granted on the Permissions screen.
pub const SUPERVISOR_ACTION: &str = "SuperviseStocking";
/// Who reads the routes, their drivers and their history (View Routes): the
/// office, and supervisors, who handle the "Fridge needs the driver" items
/// (issue 61). Read only: saving still needs `ASSIGN_ACTION`.
pub const ROUTE_READERS: &[&str] = &["ViewRoutes", SUPERVISOR_ACTION];
/// Sets who drives which route (View Routes, the assignments upload).
pub const ASSIGN_ACTION: &str = "AssignRoutes";
/// Opens a fridge door at a stop: more than the generic FridgeTasks.
pub const UNLOCK_ACTION: &str = "UnlockFridgeDoor";
/// A driver may still open the door this long after they stocked the stop.
pub const DOOR_AFTER_STOCKED_MINUTES: i64 = 30;

/// What a stop-bound call asks.
#[derive(Debug, Clone)]
pub struct Ask<'a> {
    pub location: &'a str,
    /// The stocking date the call belongs to (YYYY-MM-DD).
    pub date: &'a str,
    /// The stop's stocking index, when the call names one.
    pub stocking_index: Option<i64>,
    /// Only this route's stops (a van reading that names its route).
    pub route: Option<&'a str>,
    /// Opening a door: a stop stocked by someone else, or too long ago, does not count.
    pub opens_door: bool,
    /// A fridge task: it needs an assignment and never claims.
    pub may_claim: bool,
    /// The server's clock: the current stocking day, and the door's window.
    pub now: DateTime<Utc>,
    /// The call in words, kept with a claim ("LocationStocked at CHI_1").
    pub what: &'a str,
}

/// Why the call may go ahead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// The caller drives this route.
    Assigned(String),
    /// Nobody drives this route yet: the call claims it for the caller.
    Claims(String),
    /// A supervisor, on a route that is not theirs.
    Supervisor,
}

/// Why the rule refuses: not the caller's (403), or a call that names what does not exist (400).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    NotYours(String),
    Invalid(String),
}

impl Refusal {
    pub fn message(&self) -> &str {
        match self {
            Refusal::NotYours(m) | Refusal::Invalid(m) => m,
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        match r {
            Refusal::NotYours(m) => ApiError::Refused(m),
            Refusal::Invalid(m) => ApiError::BadRequest(m),
        }
    }
}

/// What the gate decided, for the call's own transaction: a check of the
/// route's driver (`Assigned`), the claim's writes (`Claims`), or nothing (a supervisor).
#[derive(Debug, Clone, PartialEq)]
pub struct Pass {
    pub standing: Standing,
    pub date: String,
    pub caller_sub: String,
    pub claim: Option<RouteClaim>,
}

/// A claim's three writes, all with the call: the route's driver item (only
/// if it has none), its history record, and the day's claim marker (only if
/// the driver has none that day).
#[derive(Debug, Clone, PartialEq)]
pub struct RouteClaim {
    pub assignment: DriverAssignment,
    pub record: history::Record,
    pub marker: ClaimMarker,
}

impl Pass {
    /// The pass as writes of the call's own transaction (issue 59): for the
    /// route's driver, a check that the driver item still names the caller; for
    /// a claim, the driver item (only where none is), the day's claim marker
    /// (only where none is) and its history record; for a supervisor, nothing.
    pub fn writes(&self, config: &crate::config::Config) -> Result<Vec<route_store::Write>, ApiError> {
        match (&self.standing, &self.claim) {
            (Standing::Assigned(route), _) => {
                Ok(vec![route_store::driver_still(config, &self.date, route, &self.caller_sub)?])
            }
            (Standing::Claims(_), Some(claim)) => {
                let mut writes = route_store::claim_writes(config, &claim.assignment, &claim.marker)?;
                writes.push(claim.record.put(config.table(crate::Table::History)?)?);
                Ok(writes)
            }
            (Standing::Claims(_), None) => Err(ApiError::internal("a claim's pass carries its writes")),
            (Standing::Supervisor, _) => Ok(Vec::new()),
        }
    }

    /// The route whose driver the write checks or claims; none for a supervisor.
    pub fn route(&self) -> Option<&str> {
        match &self.standing {
            Standing::Assigned(r) | Standing::Claims(r) => Some(r),
            Standing::Supervisor => None,
        }
    }
}

/// The rule, on what was read: the stops at the location that day and the
/// drivers of their routes. It answers `Claims` for a route without a
/// driver; `gate` then applies the claim's limits.
pub fn decide(
    caller_sub: &str,
    ask: &Ask,
    stops: &[StoredStop],
    drivers: &[DriverAssignment],
) -> Result<Standing, Refusal> {
    let here: Vec<&StoredStop> = stops
        .iter()
        .filter(|s| s.stop.id == ask.location && s.stop.stocking_date == ask.date)
        .filter(|s| ask.stocking_index.is_none_or(|i| s.stop.stocking_index == i))
        .filter(|s| ask.route.is_none_or(|r| s.stop.route == r))
        .collect();
    let which = ask.stocking_index.map(|i| format!(" (stocking index {i})")).unwrap_or_default();
    if here.is_empty() {
        return Err(match ask.route {
            Some(route) => {
                Refusal::Invalid(format!("{} is not a stop of route {route} on {}.", ask.location, ask.date))
            }
            None => Refusal::NotYours(format!("{} has no stop{which} on the routes of {}.", ask.location, ask.date)),
        });
    }
    let open: Vec<&StoredStop> = match ask.opens_door {
        true => here.iter().copied().filter(|s| door_open(s, ask.now, caller_sub)).collect(),
        false => here.clone(),
    };
    let routes = |list: &[&StoredStop]| list.iter().map(|s| s.stop.route.clone()).collect::<BTreeSet<_>>();
    let driver_of = |route: &str| drivers.iter().find(|d| d.route == route && d.stocking_date == ask.date);
    let (all, usable) = (routes(&here), routes(&open));
    if let Some(route) = usable.iter().find(|r| driver_of(r).is_some_and(|d| d.driver_sub == caller_sub)) {
        return Ok(Standing::Assigned(route.clone()));
    }
    if let Some(route) = usable.iter().find(|r| driver_of(r).is_none()) {
        return Ok(Standing::Claims(route.clone()));
    }
    if usable.is_empty() {
        return Err(Refusal::NotYours(door_shut(&here, ask, caller_sub, &which)));
    }
    let taken: Vec<String> = all
        .iter()
        .filter_map(|r| driver_of(r).map(|d| format!("route {r} is assigned to {}", d.driver_email)))
        .collect();
    Err(Refusal::NotYours(format!("{} is not on your routes of {}: {}.", ask.location, ask.date, taken.join(", "))))
}

/// Why no stop's door opens: stocked by someone else, or too long ago.
fn door_shut(here: &[&StoredStop], ask: &Ask, caller_sub: &str, which: &str) -> String {
    let by_other = here.iter().any(|s| stocked_at(s).is_some_and(|_| s.stocked_by.as_deref() != Some(caller_sub)));
    if by_other && here.iter().all(|s| s.stocked_by.as_deref() != Some(caller_sub)) {
        format!(
            "The stop at {}{which} was stocked by another driver: its door opens only for the driver who stocked it.",
            ask.location
        )
    } else {
        format!(
            "The stop at {}{which} was stocked more than {DOOR_AFTER_STOCKED_MINUTES} minutes ago: its door no longer opens for the driver.",
            ask.location
        )
    }
}

fn stocked_at(stop: &StoredStop) -> Option<DateTime<Utc>> {
    stop.stocked_time_utc.as_deref().and_then(crate::dates::instant)
}

/// A door opens for a stop not yet stocked, or stocked by the caller within
/// the last `DOOR_AFTER_STOCKED_MINUTES`.
fn door_open(stop: &StoredStop, now: DateTime<Utc>, caller_sub: &str) -> bool {
    match stocked_at(stop) {
        None => stop.stocked_time_utc.is_none(),
        Some(at) => {
            stop.stocked_by.as_deref() == Some(caller_sub)
                && now.signed_duration_since(at).num_minutes() < DOOR_AFTER_STOCKED_MINUTES
        }
    }
}

/// The gate of a stop-bound call: its pass, or the refusal (403 with its
/// reason; 400 for a route or stop that does not exist).
pub async fn gate<S: AssignmentStore>(store: &S, caller: &Caller, ask: &Ask<'_>) -> Result<Pass, ApiError> {
    let stops = store.stops_at(ask.date, ask.location).await?;
    if let Some(route) = ask.route {
        if !stops.iter().any(|s| s.stop.route == route) && !store.route_has_stops(ask.date, route).await? {
            return Err(ApiError::BadRequest(format!("Route {route} has no stops on {}.", ask.date)));
        }
    }
    let routes: Vec<String> = stops.iter().map(|s| s.stop.route.clone()).collect::<BTreeSet<_>>().into_iter().collect();
    let drivers = if routes.is_empty() { Vec::new() } else { store.drivers(ask.date, &routes).await? };
    let pass = |standing, claim| Pass { standing, date: ask.date.to_string(), caller_sub: caller.sub.clone(), claim };
    match decide(&caller.sub, ask, &stops, &drivers) {
        Ok(Standing::Claims(route)) => {
            // A supervisor is checked before the claim rule, and leaves the route as it was.
            if store.holds(caller, SUPERVISOR_ACTION).await? {
                return Ok(pass(Standing::Supervisor, None));
            }
            let claim = may_claim(store, caller, ask, &route).await?;
            Ok(pass(Standing::Claims(route), Some(claim)))
        }
        Ok(standing) => Ok(pass(standing, None)),
        Err(Refusal::NotYours(reason)) => match store.holds(caller, SUPERVISOR_ACTION).await? {
            true => Ok(pass(Standing::Supervisor, None)),
            false => Err(ApiError::Refused(reason)),
        },
        Err(invalid) => Err(invalid.into()),
    }
}

/// The claim's limits, in order: a fridge task never claims; only the
/// current stocking day; only while the office allows claims; one claim per
/// driver and day. The claim's writes, when it may.
async fn may_claim<S: AssignmentStore>(
    store: &S,
    caller: &Caller,
    ask: &Ask<'_>,
    route: &str,
) -> Result<RouteClaim, ApiError> {
    let refused = |m: String| Err(ApiError::Refused(m));
    if !ask.may_claim {
        return refused(messages::no_driver_for_task(route));
    }
    if fridge_time::stocking_day(ask.now).to_string() != ask.date {
        return refused(messages::earlier_day(route, ask.date));
    }
    if !store.settings().await?.claims_allowed {
        return refused(messages::claims_off(route));
    }
    if let Some(first) = store.claimed(ask.date, &caller.sub).await? {
        return refused(messages::second_claim(&first.route, route));
    }
    Ok(claim_of(caller, ask, route))
}

/// The refusals of the claim rule (issue 59), word for word.
pub mod messages {
    pub fn no_driver_for_task(route: &str) -> String {
        format!("Route {route} has no driver yet. Scan the stop first, or ask the office to assign it.")
    }
    pub fn earlier_day(route: &str, date: &str) -> String {
        format!("Route {route} of {date} had no driver. Ask the office to assign it, then send again.")
    }
    pub fn claims_off(route: &str) -> String {
        format!("Route {route} has no driver. Ask the office to assign it.")
    }
    pub fn second_claim(first: &str, second: &str) -> String {
        format!("You already claimed route {first} today. Ask the office to assign route {second} to you.")
    }
}

/// A driver's claim of a route without a driver: its three writes.
fn claim_of(caller: &Caller, ask: &Ask, route: &str) -> RouteClaim {
    let at = fridge_time::stamp(ask.now);
    let assignment = DriverAssignment {
        stocking_date: ask.date.to_string(),
        route: route.to_string(),
        driver_sub: caller.sub.clone(),
        driver_email: caller.display().to_string(),
        driver_name: caller.name.clone(),
        assigned_by: caller.display().to_string(),
        assigned_at: at.clone(),
        source: SOURCE_CLAIM.into(),
        version: 1,
        first_action: Some(ask.what.to_string()),
    };
    let record = changed(None, Some(&assignment), &assignment.assigned_by, SOURCE_CLAIM);
    let marker = ClaimMarker {
        stocking_date: ask.date.to_string(),
        driver_sub: caller.sub.clone(),
        route: route.to_string(),
        at,
    };
    RouteClaim { assignment, record, marker }
}

/// The history record of a change of a route's driver: old -> new e-mail.
pub fn changed(
    old: Option<&DriverAssignment>,
    new: Option<&DriverAssignment>,
    who: &str,
    source: &str,
) -> history::Record {
    let any = new.or(old).expect("a change has a side");
    let email = |a: Option<&DriverAssignment>| serde_json::json!(a.map(|a| &a.driver_email)).to_string();
    let change =
        history::Change { attribute: "driver".into(), old_value: email(old), new_value: email(new), reason: None };
    history::Record::new(
        assignment::history_entity(&any.stocking_date, &any.route),
        &fridge_time::now_text(),
        who,
        source,
        vec![change],
    )
}

/// Runs a call's write with the gate's pass. The write answers `None` when
/// its conditions refused it for no reason of its own: the pass may have gone
/// stale (a reassignment, or a claim, landed since the gate read). The call is
/// then decided again on what is stored now, so it is refused with the gate's
/// message naming the new driver, or written again with the new pass; `None`
/// still after a few tries.
pub async fn with_pass<S, T, W, F>(store: &S, caller: &Caller, ask: &Ask<'_>, write: W) -> Result<Option<T>, ApiError>
where
    S: AssignmentStore,
    W: Fn(Pass) -> F,
    F: Future<Output = Result<Option<T>, ApiError>>,
{
    const TRIES: usize = 3;
    for _ in 0..TRIES {
        if let Some(done) = write(gate(store, caller, ask).await?).await? {
            return Ok(Some(done));
        }
    }
    Ok(None)
}

/// The gate over memory, for unit tests of every area: `commit` checks and
/// applies a pass as DynamoDB's transaction does.
#[derive(Default)]
pub struct MemoryAssignments {
    pub stops: std::sync::Mutex<Vec<StoredStop>>,
    pub drivers: std::sync::Mutex<Vec<DriverAssignment>>,
    pub markers: std::sync::Mutex<Vec<ClaimMarker>>,
    pub history: std::sync::Mutex<Vec<history::Record>>,
    pub settings: std::sync::Mutex<RouteSettings>,
    /// Subs holding `SUPERVISOR_ACTION`.
    pub supervisors: Vec<String>,
    /// Subs holding `UNLOCK_ACTION`.
    pub door_openers: Vec<String>,
    /// Someone else's assignment that lands between the gate's read and the call's write.
    pub racing: std::sync::Mutex<Option<DriverAssignment>>,
}

impl MemoryAssignments {
    pub fn with_stops(stops: Vec<StoredStop>) -> MemoryAssignments {
        MemoryAssignments { stops: std::sync::Mutex::new(stops), ..MemoryAssignments::default() }
    }

    pub fn all_drivers(&self) -> Vec<DriverAssignment> {
        self.drivers.lock().unwrap().clone()
    }

    /// The pass's part of a call's transaction: a Conflict (and nothing
    /// written) when the route's driver is no longer the caller, or a claim
    /// finds a driver or the day's marker there first.
    pub fn commit(&self, pass: &Pass) -> Result<(), ApiError> {
        if let Some(first) = self.racing.lock().unwrap().take() {
            self.drivers
                .lock()
                .unwrap()
                .retain(|d| !(d.route == first.route && d.stocking_date == first.stocking_date));
            self.drivers.lock().unwrap().push(first);
        }
        let mut drivers = self.drivers.lock().unwrap();
        let driver_of = |route: &str| drivers.iter().find(|d| d.route == route && d.stocking_date == pass.date);
        let conflict = || Err(ApiError::Conflict(crate::error::CHANGED_MEANWHILE.into()));
        match (&pass.standing, &pass.claim) {
            (Standing::Assigned(route), _) if driver_of(route).is_none_or(|d| d.driver_sub != pass.caller_sub) => {
                conflict()
            }
            (Standing::Claims(route), Some(claim)) => {
                let mut markers = self.markers.lock().unwrap();
                let marked = markers.iter().any(|m| m.stocking_date == pass.date && m.driver_sub == pass.caller_sub);
                if driver_of(route).is_some() || marked {
                    return conflict();
                }
                drivers.push(claim.assignment.clone());
                markers.push(claim.marker.clone());
                self.history.lock().unwrap().push(claim.record.clone());
                Ok(())
            }
            (Standing::Claims(_), None) => Err(ApiError::internal("a claim's pass carries its writes")),
            _ => Ok(()),
        }
    }
}

impl AssignmentStore for MemoryAssignments {
    async fn stops_at(&self, date: &str, location: &str) -> Result<Vec<StoredStop>, ApiError> {
        let stops = self.stops.lock().unwrap();
        Ok(stops.iter().filter(|s| s.stop.id == location && s.stop.stocking_date == date).cloned().collect())
    }
    async fn route_has_stops(&self, date: &str, route: &str) -> Result<bool, ApiError> {
        Ok(self.stops.lock().unwrap().iter().any(|s| s.stop.route == route && s.stop.stocking_date == date))
    }
    async fn drivers(&self, date: &str, routes: &[String]) -> Result<Vec<DriverAssignment>, ApiError> {
        let all = self.drivers.lock().unwrap();
        Ok(all.iter().filter(|d| d.stocking_date == date && routes.contains(&d.route)).cloned().collect())
    }
    async fn claimed(&self, date: &str, sub: &str) -> Result<Option<ClaimMarker>, ApiError> {
        let markers = self.markers.lock().unwrap();
        Ok(markers.iter().find(|m| m.stocking_date == date && m.driver_sub == sub).cloned())
    }
    async fn settings(&self) -> Result<RouteSettings, ApiError> {
        Ok(self.settings.lock().unwrap().clone())
    }
    async fn holds(&self, caller: &Caller, action: &str) -> Result<bool, ApiError> {
        let holders = match action {
            SUPERVISOR_ACTION => &self.supervisors,
            UNLOCK_ACTION => &self.door_openers,
            _ => return Ok(false),
        };
        Ok(holders.contains(&caller.sub))
    }
}

#[cfg(test)]
mod tests;
