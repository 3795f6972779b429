//! Field actions belong to who, where and when (issue 38): a driver acts at
//! a stop only on a route assigned to them that stocking day. One rule for
//! every stop-bound call (the driver actions, the fridge tasks), so the
//! driver app and the door follow the same assignments:
//! - a route assigned to the caller: allowed;
//! - a stop whose routes are all unassigned: the caller claims the first
//!   (recorded as an assignment, with its history), so a small operation
//!   needs no set-up;
//! - a route assigned to someone else, or no stop there that day: refused
//!   with the reason, unless the caller holds `SUPERVISOR_ACTION`.
//!
//! Opening a door asks more: the stop is not yet stocked, or was stocked
//! within `DOOR_AFTER_STOCKED_MINUTES`.
use crate::entity::assignment::{self, DriverAssignment, SOURCE_CLAIM};
use crate::entity::route_stop::StoredStop;
use crate::{fridge_time, history, ApiError, Caller};
use chrono::{DateTime, Utc};
use std::collections::BTreeSet;
use std::future::Future;

/// May act on any route (the exceptions): joins no spec group; granted on the Permissions screen.
pub const SUPERVISOR_ACTION: &str = "SuperviseStocking";
/// Sets who drives which route (View Routes, the assignments upload).
pub const ASSIGN_ACTION: &str = "AssignRoutes";
/// Opens a fridge door at a stop: more than the generic FridgeTasks.
pub const UNLOCK_ACTION: &str = "UnlockFridgeDoor";
/// A driver may still open the door this long after the stop was stocked.
pub const DOOR_AFTER_STOCKED_MINUTES: i64 = 30;

/// What a stop-bound call asks.
#[derive(Debug, Clone)]
pub struct Ask<'a> {
    pub location: &'a str,
    /// The stocking date the call belongs to (YYYY-MM-DD).
    pub date: &'a str,
    /// The stop's stocking index, when the call names one.
    pub stocking_index: Option<i64>,
    /// Opening a door, at this instant: a stop stocked longer ago does not count.
    pub door_at: Option<DateTime<Utc>>,
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

/// The rule, on what was read: the stops at the location that day and the
/// drivers of their routes. `Err` is the refusal's message.
pub fn decide(
    caller_sub: &str,
    ask: &Ask,
    stops: &[StoredStop],
    drivers: &[DriverAssignment],
) -> Result<Standing, String> {
    let here: Vec<&StoredStop> = stops
        .iter()
        .filter(|s| s.stop.id == ask.location && s.stop.stocking_date == ask.date)
        .filter(|s| ask.stocking_index.is_none_or(|i| s.stop.stocking_index == i))
        .collect();
    let which = ask.stocking_index.map(|i| format!(" (stocking index {i})")).unwrap_or_default();
    if here.is_empty() {
        return Err(format!("{} has no stop{which} on the routes of {}.", ask.location, ask.date));
    }
    let open: Vec<&StoredStop> = match ask.door_at {
        Some(now) => here.iter().copied().filter(|s| door_open(s, now)).collect(),
        None => here.clone(),
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
        return Err(format!(
            "The stop at {}{which} was stocked more than {DOOR_AFTER_STOCKED_MINUTES} minutes ago: its door no longer opens for the driver.",
            ask.location
        ));
    }
    let taken: Vec<String> = all
        .iter()
        .filter_map(|r| driver_of(r).map(|d| format!("route {r} is assigned to {}", d.driver_email)))
        .collect();
    Err(format!("{} is not on your routes of {}: {}.", ask.location, ask.date, taken.join(", ")))
}

/// The rule for a call about a whole route (a van temperature at its start):
/// its driver, or a claim of an unassigned route.
pub fn decide_route(
    caller_sub: &str,
    date: &str,
    route: &str,
    driver: Option<&DriverAssignment>,
) -> Result<Standing, String> {
    match driver {
        Some(d) if d.driver_sub == caller_sub => Ok(Standing::Assigned(route.to_string())),
        Some(d) => Err(format!("Route {route} of {date} is assigned to {}.", d.driver_email)),
        None => Ok(Standing::Claims(route.to_string())),
    }
}

/// A door opens for a stop not yet stocked, or stocked within the last `DOOR_AFTER_STOCKED_MINUTES`.
fn door_open(stop: &StoredStop, now: DateTime<Utc>) -> bool {
    match stop.stocked_time_utc.as_deref().and_then(crate::dates::instant) {
        None => stop.stocked_time_utc.is_none(),
        Some(at) => now.signed_duration_since(at).num_minutes() < DOOR_AFTER_STOCKED_MINUTES,
    }
}

/// What the gate reads and writes.
pub trait AssignmentStore: Sync {
    /// The stops at a location on a date (every route), strongly consistent.
    fn stops_at(&self, date: &str, location: &str) -> impl Future<Output = Result<Vec<StoredStop>, ApiError>> + Send;
    /// The drivers of these routes on a date, strongly consistent.
    fn drivers(
        &self,
        date: &str,
        routes: &[String],
    ) -> impl Future<Output = Result<Vec<DriverAssignment>, ApiError>> + Send;
    /// Records a claim if the route still has no driver, with its history
    /// record, all or nothing; a Conflict when someone was first.
    fn claim(
        &self,
        a: &DriverAssignment,
        record: &history::Record,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Whether the caller holds a permission action (the supervisor's, the door's).
    fn holds(&self, caller: &Caller, action: &str) -> impl Future<Output = Result<bool, ApiError>> + Send;
}

/// The gate of a stop-bound call: its standing, a claim recorded when it is
/// one, or the refusal (403 with its reason).
pub async fn gate<S: AssignmentStore>(store: &S, caller: &Caller, ask: &Ask<'_>) -> Result<Standing, ApiError> {
    let stops = store.stops_at(ask.date, ask.location).await?;
    let routes: Vec<String> = stops.iter().map(|s| s.stop.route.clone()).collect::<BTreeSet<_>>().into_iter().collect();
    settle(store, caller, ask.date, &routes, |drivers| decide(&caller.sub, ask, &stops, drivers)).await
}

/// The gate of a call about a whole route on a date.
pub async fn gate_route<S: AssignmentStore>(
    store: &S,
    caller: &Caller,
    date: &str,
    route: &str,
) -> Result<Standing, ApiError> {
    let routes = [route.to_string()];
    settle(store, caller, date, &routes, |drivers| decide_route(&caller.sub, date, route, drivers.first())).await
}

/// Reads the routes' drivers, decides, and records a claim; a claim lost to
/// someone else (a driver or the office) is decided again on what they wrote.
async fn settle<S: AssignmentStore>(
    store: &S,
    caller: &Caller,
    date: &str,
    routes: &[String],
    rule: impl Fn(&[DriverAssignment]) -> Result<Standing, String>,
) -> Result<Standing, ApiError> {
    for _ in 0..2 {
        let drivers = if routes.is_empty() { Vec::new() } else { store.drivers(date, routes).await? };
        match rule(&drivers) {
            Ok(Standing::Claims(route)) => {
                let claim = claim_of(caller, date, &route);
                match store.claim(&claim, &claimed(&claim)).await {
                    Ok(()) => return Ok(Standing::Claims(route)),
                    Err(ApiError::Conflict(_)) => continue,
                    Err(e) => return Err(e),
                }
            }
            Ok(standing) => return Ok(standing),
            Err(reason) => {
                return if store.holds(caller, SUPERVISOR_ACTION).await? {
                    Ok(Standing::Supervisor)
                } else {
                    Err(ApiError::Refused(reason))
                };
            }
        }
    }
    Err(ApiError::Unavailable)
}

/// A driver's claim of an unassigned route.
fn claim_of(caller: &Caller, date: &str, route: &str) -> DriverAssignment {
    DriverAssignment {
        stocking_date: date.to_string(),
        route: route.to_string(),
        driver_sub: caller.sub.clone(),
        driver_email: caller.display().to_string(),
        assigned_by: caller.display().to_string(),
        assigned_at: fridge_time::now_text(),
        source: SOURCE_CLAIM.into(),
        version: 1,
    }
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

fn claimed(a: &DriverAssignment) -> history::Record {
    changed(None, Some(a), &a.assigned_by, SOURCE_CLAIM)
}

/// The gate over memory, for unit tests of every area: a claim is
/// conditional as DynamoDB's is.
#[derive(Default)]
pub struct MemoryAssignments {
    pub stops: std::sync::Mutex<Vec<StoredStop>>,
    pub drivers: std::sync::Mutex<Vec<DriverAssignment>>,
    pub history: std::sync::Mutex<Vec<history::Record>>,
    /// Subs holding `SUPERVISOR_ACTION`.
    pub supervisors: Vec<String>,
    /// Subs holding `UNLOCK_ACTION`.
    pub door_openers: Vec<String>,
    /// Someone else's assignment that lands between the read and the claim.
    pub racing: std::sync::Mutex<Option<DriverAssignment>>,
}

impl MemoryAssignments {
    pub fn with_stops(stops: Vec<StoredStop>) -> MemoryAssignments {
        MemoryAssignments { stops: std::sync::Mutex::new(stops), ..MemoryAssignments::default() }
    }

    pub fn all_drivers(&self) -> Vec<DriverAssignment> {
        self.drivers.lock().unwrap().clone()
    }
}

impl AssignmentStore for MemoryAssignments {
    async fn stops_at(&self, date: &str, location: &str) -> Result<Vec<StoredStop>, ApiError> {
        let stops = self.stops.lock().unwrap();
        Ok(stops.iter().filter(|s| s.stop.id == location && s.stop.stocking_date == date).cloned().collect())
    }
    async fn drivers(&self, date: &str, routes: &[String]) -> Result<Vec<DriverAssignment>, ApiError> {
        let all = self.drivers.lock().unwrap();
        Ok(all.iter().filter(|d| d.stocking_date == date && routes.contains(&d.route)).cloned().collect())
    }
    async fn claim(&self, a: &DriverAssignment, record: &history::Record) -> Result<(), ApiError> {
        if let Some(first) = self.racing.lock().unwrap().take() {
            self.drivers.lock().unwrap().push(first);
        }
        let mut all = self.drivers.lock().unwrap();
        if all.iter().any(|d| d.route == a.route && d.stocking_date == a.stocking_date) {
            return Err(ApiError::Conflict("condition".into()));
        }
        all.push(a.clone());
        self.history.lock().unwrap().push(record.clone());
        Ok(())
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
