//! Issue 42: what on a stocking day needs an operator, worked out from what
//! the dashboard already reads (route stops, the day's driver actions, the
//! routes' drivers, the fleet health snapshot) at an instant.
//!
//! Derived in event time: an occurrence starts and ends at the times of the
//! actions that raise and end it, so the same actions in any order or
//! batching give the same items, and an item that ended is listed as resolved
//! with when and how. Each occurrence has its own key (kind, stop or route,
//! the action or reading that raised it), which is what an acknowledgement
//! names: the same stop stuck again after a re-scan is a new item.
//!
//! The thresholds are `RULES` (rules.json's `attention`, shown in the panel's help).
use crate::dashboard::Recorded;
use crate::events::{ActionData, DropStatus};
use chrono::{DateTime, NaiveDate, TimeDelta, TimeZone, Utc};
use fleet_shared::entity::assignment::DriverAssignment;
use fleet_shared::entity::health::conditions;
use fleet_shared::entity::route_stop::RouteStop;
use fleet_shared::fridge_time::{self, CENTRAL};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

mod key;
pub use key::{OccurrenceKey, FRIDGE_CONDITIONS};

/// A route's start hour (Central wall clock) in a market that overrides the default.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MarketStart {
    pub market: &'static str,
    pub starts_by: (u32, u32),
}

/// The thresholds of each kind.
#[derive(Debug, Clone, PartialEq)]
pub struct Rules {
    /// A route with no action by this Central time of its drop-off date has not started.
    pub route_starts_by: (u32, u32),
    pub market_starts_by: &'static [MarketStart],
    /// Scanned and not stocked for more than this.
    pub stuck_after: TimeDelta,
    /// No action from the route's driver for more than this, with stops left.
    pub quiet_after: TimeDelta,
    /// A reading above this (°F) is too warm: 2-fleet §4.4's route temperature highlight
    /// (the fleet's own rule, `health::conditions`, which the ingest dates).
    pub max_temperature_f: f64,
    /// A fridge whose last heartbeat is older than this has gone quiet.
    pub heartbeat_within: TimeDelta,
    /// Vending states that keep a fridge from vending (their 2-fleet §4.4 labels).
    pub fault_states: &'static [&'static str],
}

pub const RULES: Rules = Rules {
    route_starts_by: (7, 0),
    market_starts_by: &[],
    stuck_after: TimeDelta::minutes(45),
    quiet_after: TimeDelta::minutes(60),
    max_temperature_f: conditions::MAX_TEMPERATURE_F,
    heartbeat_within: TimeDelta::minutes(30),
    fault_states: conditions::FAULT_STATES,
};

impl Rules {
    /// The rules as rules.json carries them, for the panel's help text.
    pub fn export(&self) -> serde_json::Value {
        let hhmm = |(h, m): (u32, u32)| format!("{h:02}:{m:02}");
        let markets: serde_json::Map<String, serde_json::Value> =
            self.market_starts_by.iter().map(|m| (m.market.to_string(), hhmm(m.starts_by).into())).collect();
        serde_json::json!({
            "routeStartsBy": hhmm(self.route_starts_by),
            "routeStartsByMarket": markets,
            "stuckMinutes": self.stuck_after.num_minutes(),
            "quietMinutes": self.quiet_after.num_minutes(),
            "maxTemperatureF": self.max_temperature_f,
            "heartbeatMinutes": self.heartbeat_within.num_minutes(),
            "faultStates": self.fault_states,
            "endedByAcknowledgement": Kind::ALL.into_iter().filter(|k| ends_by_acknowledgement(*k)).map(Kind::code).collect::<Vec<_>>(),
        })
    }

    fn starts_by(&self, market: &str) -> (u32, u32) {
        self.market_starts_by.iter().find(|m| m.market == market).map_or(self.route_starts_by, |m| m.starts_by)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Kind {
    RouteNotStarted,
    StopStuck,
    DriverQuiet,
    Temperature,
    FridgeNeedsDriver,
    Unreachable,
    RouteClaimed,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::RouteNotStarted,
        Kind::StopStuck,
        Kind::DriverQuiet,
        Kind::Temperature,
        Kind::FridgeNeedsDriver,
        Kind::Unreachable,
        Kind::RouteClaimed,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Kind::RouteNotStarted => "ROUTE_NOT_STARTED",
            Kind::StopStuck => "STOP_STUCK",
            Kind::DriverQuiet => "DRIVER_QUIET",
            Kind::Temperature => "TEMPERATURE",
            Kind::FridgeNeedsDriver => "FRIDGE_NEEDS_DRIVER",
            Kind::Unreachable => "UNREACHABLE",
            Kind::RouteClaimed => "ROUTE_CLAIMED",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Kind::RouteNotStarted => "Route not started",
            Kind::StopStuck => "Stop stuck",
            Kind::DriverQuiet => "Driver quiet",
            Kind::Temperature => "Temperature",
            Kind::FridgeNeedsDriver => "Fridge needs the driver",
            Kind::Unreachable => "Unreachable",
            Kind::RouteClaimed => "Route claimed",
        }
    }
}

/// What the fleet health snapshot says of a stop's fridge.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FridgeFacts {
    /// The last heartbeat's time.
    pub heartbeat_at: Option<DateTime<Utc>>,
    pub temperature: Option<f64>,
    pub vending_state: Option<String>,
    pub out_of_order: bool,
    pub safety_hold: bool,
    /// The first reading that showed each condition, by condition (none known for a record stored before issue 59).
    pub since: BTreeMap<String, DateTime<Utc>>,
}

/// One occurrence.
#[derive(Debug, Clone, PartialEq)]
pub struct Occurrence {
    pub key: String,
    /// The key its kind had before each occurrence had its own (issue 59): an
    /// acknowledgement stored under it, made while this occurrence was open,
    /// still shows on it.
    pub legacy_key: Option<String>,
    pub kind: Kind,
    pub route: String,
    /// The stop (its number and stocking index) and location; none for a route's or a driver's item.
    pub stop: Option<(i64, i64)>,
    pub location_id: Option<String>,
    pub since: DateTime<Utc>,
    /// The facts that raised it, in words.
    pub facts: String,
    /// When and how it ended; none while it is open.
    pub ended: Option<(DateTime<Utc>, String)>,
}

/// The day as the dashboard read it, at `now`.
pub struct Day<'a> {
    pub date: NaiveDate,
    /// The stocking day's end (18:00 Central on `date`): a past day is seen as it stood then.
    pub closes: DateTime<Utc>,
    pub now: DateTime<Utc>,
    /// The stops shown (the dashboard's filters applied).
    pub stops: &'a [RouteStop],
    /// The date's actions (live overrides included), any order; borrowed, not copied, from the dashboard's day.
    pub actions: &'a [&'a Recorded],
    pub drivers: &'a [DriverAssignment],
    pub health: &'a HashMap<String, FridgeFacts>,
    /// When each voided action of the day was voided, and its location.
    pub voids: &'a [(DateTime<Utc>, String)],
}

fn at(stamp: &str) -> Option<DateTime<Utc>> {
    fleet_shared::dates::instant(stamp)
}

/// "HH:MM" on the Central wall clock.
pub fn central_hhmm(t: DateTime<Utc>) -> String {
    t.with_timezone(&CENTRAL.tz).format("%H:%M").to_string()
}

fn is_done_by(a: &Recorded) -> Option<&'static str> {
    match &a.data {
        ActionData::LocationStocked(_) | ActionData::DropOffComplete(_) => Some("stocked"),
        ActionData::DropOverride(d) if d.drop_status == DropStatus::Complete => Some("marked complete"),
        ActionData::LocationUnreachable(_) => Some("marked unreachable"),
        ActionData::InventoryRemoval(_) | ActionData::ClearOutDecommission(_) => Some("cleared out"),
        _ => None,
    }
}

fn temperature(a: &Recorded) -> Option<f64> {
    match &a.data {
        ActionData::VanTemperature(v) => Some(v.temperature),
        ActionData::LocationStocked(s) => s.temperature,
        _ => None,
    }
}

/// Every occurrence of the day up to `now` (the end of its window for a past day), open and ended.
pub fn occurrences(day: &Day, rules: &Rules) -> Vec<Occurrence> {
    let now = day.now.min(day.closes);
    // The day's actions, oldest first (ties by id: any arrival order gives one order).
    let mut actions: Vec<(DateTime<Utc>, &Recorded)> =
        day.actions.iter().filter_map(|a| Some((at(&a.occurred_at)?, *a))).filter(|(t, _)| *t <= now).collect();
    actions.sort_by(|a, b| (a.0, &a.1.id).cmp(&(b.0, &b.1.id)));

    let mut by_route: BTreeMap<&str, Vec<&RouteStop>> = BTreeMap::new();
    for s in day.stops {
        by_route.entry(s.route.as_str()).or_default().push(s);
    }
    let drivers: HashMap<&str, &DriverAssignment> = day.drivers.iter().map(|d| (d.route.as_str(), d)).collect();
    // Indexed once: a day of 125 routes and thousands of actions is not scanned once per route.
    let mut at_location: HashMap<&str, Vec<(DateTime<Utc>, &Recorded)>> = HashMap::new();
    let mut vans: HashMap<&str, Vec<(DateTime<Utc>, &Recorded)>> = HashMap::new();
    // Each person's actions: a driver drives several routes, each asks for theirs.
    let mut by_person: HashMap<&str, Vec<(DateTime<Utc>, &Recorded)>> = HashMap::new();
    for (t, a) in &actions {
        at_location.entry(a.location_id.as_str()).or_default().push((*t, a));
        by_person.entry(a.by_sub.as_str()).or_default().push((*t, a));
        if let ActionData::VanTemperature(v) = &a.data {
            if let Some(route) = v.route.as_deref() {
                vans.entry(route).or_default().push((*t, a));
            }
        }
    }
    let mut out = Vec::new();
    for (route, stops) in &by_route {
        let mut locations: Vec<&str> = stops.iter().map(|s| s.id.as_str()).collect();
        locations.sort();
        locations.dedup();
        let mut on_route: Vec<(DateTime<Utc>, &Recorded)> = locations
            .iter()
            .flat_map(|l| at_location.get(l).into_iter().flatten())
            .chain(vans.get(route).into_iter().flatten())
            .filter(|(_, a)| stops.iter().any(|s| a.concerns(s)))
            .copied()
            .collect();
        on_route.sort_by(|a, b| (a.0, &a.1.id).cmp(&(b.0, &b.1.id)));
        on_route.dedup_by(|a, b| a.1.id == b.1.id);
        // A stop's end: the first action that completes it.
        let done_at = |stop: &RouteStop| -> Option<(DateTime<Utc>, &'static str)> {
            on_route.iter().filter(|(_, a)| a.concerns(stop)).find_map(|(t, a)| Some((*t, is_done_by(a)?)))
        };
        let market = stops.first().map(|s| s.market.as_str()).unwrap_or_default();
        let voided: Vec<DateTime<Utc>> =
            day.voids.iter().filter(|(t, l)| *t <= now && locations.contains(&l.as_str())).map(|(t, _)| *t).collect();
        route_not_started(&mut out, (route, market), day.date, now, (&on_route, &voided), rules);
        for stop in stops {
            let done = done_at(stop);
            stuck(&mut out, stop, &on_route, done, now, rules);
            if done.is_none() {
                if let Some(facts) = day.health.get(&stop.id) {
                    fridge(&mut out, stop, facts, now, rules);
                }
            }
        }
        if let Some(driver) = drivers.get(route) {
            claimed(&mut out, route, driver, now);
            let last_done = stops.iter().map(|s| done_at(s).map(|(t, _)| t)).collect::<Option<Vec<_>>>();
            let finished_at = last_done.and_then(|d| d.into_iter().max());
            let own = by_person.get(driver.driver_sub.as_str()).map_or(&[][..], Vec::as_slice);
            quiet(&mut out, route, driver, own, finished_at, now, rules);
        }
        for (t, a) in &on_route {
            match &a.data {
                ActionData::LocationUnreachable(d) => {
                    let stop = stops.iter().find(|s| a.concerns(s));
                    out.push(Occurrence {
                        key: OccurrenceKey::Unreachable { action: a.id.clone() }.to_string(),
                        legacy_key: None,
                        kind: Kind::Unreachable,
                        route: route.to_string(),
                        stop: stop.map(|s| (s.stop, s.stocking_index)),
                        location_id: Some(a.location_id.clone()),
                        since: *t,
                        facts: format!("{} could not reach the stop: {}", a.by, d.reason),
                        ended: None,
                    });
                }
                _ => {
                    let Some(reading) = temperature(a).filter(|r| *r > rules.max_temperature_f) else { continue };
                    let (what, stop) = match &a.data {
                        ActionData::VanTemperature(_) => ("Van temperature".to_string(), None),
                        _ => ("Stocked at".to_string(), stops.iter().find(|s| a.concerns(s))),
                    };
                    out.push(Occurrence {
                        key: OccurrenceKey::Temperature { action: a.id.clone() }.to_string(),
                        legacy_key: None,
                        kind: Kind::Temperature,
                        route: route.to_string(),
                        stop: stop.map(|s| (s.stop, s.stocking_index)),
                        location_id: stop.map(|s| s.id.clone()),
                        since: *t,
                        facts: format!(
                            "{what} {reading} °F, above {} °F, recorded by {} at {}",
                            rules.max_temperature_f,
                            a.by,
                            central_hhmm(*t)
                        ),
                        ended: None,
                    });
                }
            }
        }
    }
    out.sort_by(|a, b| (a.since, a.kind, &a.key).cmp(&(b.since, b.kind, &b.key)));
    out
}

/// An action with its time.
type Timed<'a> = (DateTime<Utc>, &'a Recorded);

/// A route with no action by its start hour. The occurrence starts at that threshold, or, when the
/// route has no action left, at the void (after the threshold) that took back its last one: its
/// key holds that time, so a route late again after a void is a new item.
fn route_not_started(
    out: &mut Vec<Occurrence>,
    (route, market): (&str, &str),
    date: NaiveDate,
    now: DateTime<Utc>,
    (on_route, voided): (&[Timed], &[DateTime<Utc>]),
    rules: &Rules,
) {
    let (h, m) = rules.starts_by(market);
    let Some(wall) = date.and_hms_opt(h, m, 0) else { return };
    let Some(starts_by) = CENTRAL.tz.from_local_datetime(&wall).earliest().map(|t| t.with_timezone(&Utc)) else {
        return;
    };
    let first = on_route.first();
    if now < starts_by || first.is_some_and(|(t, _)| *t <= starts_by) {
        return;
    }
    let since = match first {
        Some(_) => starts_by,
        None => voided.iter().copied().max().map_or(starts_by, |v| v.max(starts_by)),
    };
    let key = |since: Option<DateTime<Utc>>| {
        OccurrenceKey::RouteNotStarted {
            route: route.to_string(),
            date: date.to_string(),
            since: since.map(fridge_time::stamp),
        }
        .to_string()
    };
    let facts = if since > starts_by {
        format!(
            "No action on route {route} since its last one was voided at {} (start by {h:02}:{m:02} CT)",
            central_hhmm(since)
        )
    } else {
        format!("No action on route {route} by {h:02}:{m:02} CT")
    };
    out.push(Occurrence {
        key: key(Some(since)),
        legacy_key: Some(key(None)),
        kind: Kind::RouteNotStarted,
        route: route.to_string(),
        stop: None,
        location_id: None,
        since,
        facts,
        ended: first.map(|(t, a)| (*t, format!("first action by {} at {}", a.by, central_hhmm(*t)))),
    });
}

/// Each scan at the stop starts a wait that ends at the stop's end or the next scan there.
fn stuck(
    out: &mut Vec<Occurrence>,
    stop: &RouteStop,
    on_route: &[(DateTime<Utc>, &Recorded)],
    done: Option<(DateTime<Utc>, &'static str)>,
    now: DateTime<Utc>,
    rules: &Rules,
) {
    let scans: Vec<&(DateTime<Utc>, &Recorded)> =
        on_route.iter().filter(|(_, a)| a.is_scan() && a.location_id == stop.id && a.concerns(stop)).collect();
    for (i, (scanned, scan)) in scans.iter().enumerate() {
        if done.is_some_and(|(t, _)| t <= *scanned) {
            break;
        }
        let next_scan = scans.get(i + 1).map(|(t, _)| (*t, "scanned again"));
        let end = match (done, next_scan) {
            (Some(d), Some(n)) => Some(if d.0 <= n.0 { d } else { n }),
            (d, n) => d.or(n),
        };
        let limit = *scanned + rules.stuck_after;
        let waited_until = end.map_or(now, |(t, _)| t);
        if waited_until <= limit {
            continue;
        }
        out.push(Occurrence {
            key: OccurrenceKey::StopStuck {
                location: stop.id.clone(),
                stocking_index: stop.stocking_index,
                scan: scan.id.clone(),
            }
            .to_string(),
            legacy_key: None,
            kind: Kind::StopStuck,
            route: stop.route.clone(),
            stop: Some((stop.stop, stop.stocking_index)),
            location_id: Some(stop.id.clone()),
            since: limit,
            facts: format!(
                "Scanned by {} at {} and not stocked within {} minutes",
                scan.by,
                central_hhmm(*scanned),
                rules.stuck_after.num_minutes()
            ),
            ended: end.map(|(t, how)| (t, format!("{how} at {}", central_hhmm(t)))),
        });
    }
}

/// Gaps of more than `quiet_after` between the driver's actions (`actions`: theirs, oldest first), or since
/// the last one, while the route still had stops to do.
fn quiet(
    out: &mut Vec<Occurrence>,
    route: &str,
    driver: &DriverAssignment,
    actions: &[(DateTime<Utc>, &Recorded)],
    finished_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
    rules: &Rules,
) {
    let own: Vec<&(DateTime<Utc>, &Recorded)> =
        actions.iter().filter(|(_, a)| !matches!(a.data, ActionData::DropOverride(_))).collect();
    for (i, (last, action)) in own.iter().enumerate() {
        // The route was done by then: nothing left to wait for.
        if finished_at.is_some_and(|f| f <= *last) {
            break;
        }
        let next = own.get(i + 1).map(|(t, _)| *t);
        let limit = *last + rules.quiet_after;
        // The wait ends at the driver's next action or when the route's last stop was done, whichever is first.
        let end = [next.map(|t| (t, "acted again")), finished_at.map(|t| (t, "route finished"))]
            .into_iter()
            .flatten()
            .min_by_key(|(t, _)| *t)
            .filter(|(t, _)| *t <= now);
        if end.map_or(now, |(t, _)| t) <= limit {
            continue;
        }
        let ended = end.map(|(t, how)| (t, format!("{how} at {}", central_hhmm(t))));
        out.push(Occurrence {
            key: OccurrenceKey::DriverQuiet { route: route.to_string(), after: action.id.clone() }.to_string(),
            legacy_key: None,
            kind: Kind::DriverQuiet,
            route: route.to_string(),
            stop: None,
            location_id: None,
            since: limit,
            facts: format!(
                "{} has recorded nothing since {} ({} minutes) with stops left",
                driver.driver_email,
                central_hhmm(*last),
                rules.quiet_after.num_minutes()
            ),
            ended,
        });
    }
}

/// A fridge condition found: its words, when its occurrence started, and the time its key holds.
struct Found {
    condition: &'static str,
    words: String,
    since: DateTime<Utc>,
    first: Option<DateTime<Utc>>,
}

/// A stop not yet done whose fridge the driver will find in trouble. Known only as the snapshot
/// says now: each condition is an item while it holds.
fn fridge(out: &mut Vec<Occurrence>, stop: &RouteStop, facts: &FridgeFacts, now: DateTime<Utc>, rules: &Rules) {
    // Each with the time its occurrence started, which its key holds: a condition that clears and
    // comes back is a new item. None for a condition of a record stored before that time was kept.
    let mut found: Vec<Found> = Vec::new();
    match facts.heartbeat_at {
        Some(t) if now - t > rules.heartbeat_within => found.push(Found {
            condition: "NO_HEARTBEAT",
            words: format!(
                "No heartbeat from the fridge since {} (more than {} minutes)",
                central_hhmm(t),
                rules.heartbeat_within.num_minutes()
            ),
            since: t + rules.heartbeat_within,
            // The last reading: the next one ends this occurrence.
            first: Some(t),
        }),
        _ => {}
    }
    let seen = facts.heartbeat_at.unwrap_or(now);
    let started = |c: &str| facts.since.get(c).copied();
    let mut shown = |condition: &'static str, words: String| {
        let first = started(condition);
        found.push(Found { condition, words, since: first.unwrap_or(seen), first });
    };
    if let Some(t) = facts.temperature.filter(|t| *t > rules.max_temperature_f) {
        shown(conditions::WARM, format!("The fridge is at {t} °F, above {} °F", rules.max_temperature_f));
    }
    if let Some(state) = &facts.vending_state {
        let label = fleet_shared::entity::health::vending_label(state);
        if rules.fault_states.contains(&label) {
            shown(conditions::FAULT, format!("The fridge's vending state is {label}"));
        }
    }
    if facts.out_of_order {
        shown(conditions::OUT_OF_ORDER, "The fridge is out of order".into());
    }
    if facts.safety_hold {
        shown(conditions::SAFETY_HOLD, "The fridge is on a food-safety hold".into());
    }
    for Found { condition, words, since, first } in found {
        let key = |first: Option<DateTime<Utc>>| {
            OccurrenceKey::FridgeNeedsDriver {
                location: stop.id.clone(),
                stocking_index: stop.stocking_index,
                condition: condition.to_string(),
                since: first.map(fridge_time::stamp),
            }
            .to_string()
        };
        out.push(Occurrence {
            key: key(first),
            legacy_key: first.map(|_| key(None)),
            kind: Kind::FridgeNeedsDriver,
            route: stop.route.clone(),
            stop: Some((stop.stop, stop.stocking_index)),
            location_id: Some(stop.id.clone()),
            since: since.min(now),
            facts: words,
            ended: None,
        });
    }
}

/// A driver's claim of a route without a driver (issue 59): open while the
/// route is theirs by that claim. The office ends it by acknowledging it, or
/// by assigning or clearing the route (the claim is then no longer the
/// route's driver, and its history keeps it).
fn claimed(out: &mut Vec<Occurrence>, route: &str, driver: &DriverAssignment, now: DateTime<Utc>) {
    if driver.source != fleet_shared::entity::assignment::SOURCE_CLAIM {
        return;
    }
    let Some(since) = at(&driver.assigned_at).filter(|t| *t <= now) else { return };
    let first = driver.first_action.as_deref().map(|a| format!(": {a}")).unwrap_or_default();
    out.push(Occurrence {
        key: OccurrenceKey::RouteClaimed { route: route.to_string(), at: driver.assigned_at.clone() }.to_string(),
        legacy_key: None,
        kind: Kind::RouteClaimed,
        route: route.to_string(),
        stop: None,
        location_id: None,
        since,
        facts: format!("route claimed by {} at {}{first}", driver.driver_email, central_hhmm(since)),
        ended: None,
    });
}

/// An operator's acknowledgement of one occurrence (its key), with a note.
#[derive(Debug, Clone, PartialEq)]
pub struct Acknowledgement {
    pub key: String,
    /// The caller's fixed identity (e-mail, from the token).
    pub by: String,
    pub at: DateTime<Utc>,
    pub note: String,
}

impl Acknowledgement {
    /// What the panel shows of it, so a teammate does not chase the item too.
    pub fn taken(&self) -> String {
        format!("taken by {} at {}: {}", self.by, central_hhmm(self.at), self.note)
    }
}

/// Kinds whose fact stays true once recorded: an acknowledgement is what ends them.
fn ends_by_acknowledgement(kind: Kind) -> bool {
    matches!(kind, Kind::Unreachable | Kind::Temperature | Kind::RouteClaimed)
}

/// One item of the panel (`AttentionItem`).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemView {
    pub key: String,
    pub kind: &'static str,
    pub kind_label: &'static str,
    pub route: String,
    pub stop: Option<i64>,
    pub stocking_index: Option<i64>,
    pub location_id: Option<String>,
    /// RFC 3339 UTC, and the same as HH:MM Central.
    pub since: String,
    pub since_central: String,
    pub facts: String,
    pub ended_at: Option<String>,
    /// How it ended, in words ("stocked at 11:05").
    pub ended_how: Option<String>,
    /// "taken by {name} at {HH:MM}: {note}"
    pub taken: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct KindCount {
    pub kind: &'static str,
    pub label: &'static str,
    pub open: usize,
    /// Ended today: the Resolved list's count, which an answer of the first items of each kind does not show.
    pub resolved: usize,
}

/// The panel: open items oldest first, what ended today newest first, and the open count of each kind.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttentionView {
    pub open: Vec<ItemView>,
    pub resolved: Vec<ItemView>,
    pub counts: Vec<KindCount>,
    /// Of the lists: a refresh that names it gets `unchanged` and empty lists when they are the same. Empty when
    /// the lists are not whole: it names the whole lists, which this answer does not carry.
    pub digest: String,
    pub unchanged: bool,
    /// False when items were left out (`first_of_each_kind`): the caller asks again for every item.
    pub whole: bool,
}

impl AttentionView {
    /// The answer to a browser that shows these lists already: the counts and the digest only.
    pub fn unchanged(self) -> AttentionView {
        AttentionView { open: Vec::new(), resolved: Vec::new(), unchanged: true, ..self }
    }

    /// Each list's first `n` items of each kind (the oldest open, the newest resolved): every view of the panel
    /// that shows at most `n` items (all kinds or one) is the same as the whole panel's, since an item among the
    /// first `n` of the list is among the first `n` of its kind. A busy day's lists are large (1,472 items,
    /// 0.55 MB at 25,000 fridges in the scale bench): the first answer of a search carries these only.
    pub fn first_of_each_kind(self, n: usize) -> AttentionView {
        let first = |items: Vec<ItemView>| {
            let mut seen: HashMap<&'static str, usize> = HashMap::new();
            let before = items.len();
            let kept: Vec<ItemView> = items
                .into_iter()
                .filter(|i| {
                    let count = seen.entry(i.kind).or_default();
                    *count += 1;
                    *count <= n
                })
                .collect();
            let cut = kept.len() < before;
            (kept, cut)
        };
        let (open, open_cut) = first(self.open);
        let (resolved, resolved_cut) = first(self.resolved);
        if !(open_cut || resolved_cut) {
            return AttentionView { open, resolved, ..self };
        }
        AttentionView { open, resolved, digest: String::new(), whole: false, ..self }
    }
}

pub fn view(occurrences: Vec<Occurrence>, acks: &[Acknowledgement]) -> AttentionView {
    // One acknowledgement per occurrence is written; were there more (a claim outlived), the first counts.
    let mut first: HashMap<&str, &Acknowledgement> = HashMap::new();
    for a in acks {
        first
            .entry(a.key.as_str())
            .and_modify(|f| {
                if (a.at, &a.by) < (f.at, &f.by) {
                    *f = a;
                }
            })
            .or_insert(a);
    }
    let acks = first;
    let (mut open, mut resolved) = (Vec::new(), Vec::new());
    for o in occurrences {
        // Under its own key, or under the key its kind had before (issue 59) when made while it was open.
        let ack = acks.get(o.key.as_str()).copied().or_else(|| {
            let legacy = acks.get(o.legacy_key.as_deref()?).copied()?;
            let while_open = legacy.at >= o.since && o.ended.as_ref().is_none_or(|(end, _)| legacy.at <= *end);
            while_open.then_some(legacy)
        });
        let ended = o.ended.clone().or_else(|| {
            ack.filter(|_| ends_by_acknowledgement(o.kind))
                .map(|a| (a.at, format!("acknowledged by {} at {}", a.by, central_hhmm(a.at))))
        });
        let item = ItemView {
            kind: o.kind.code(),
            kind_label: o.kind.label(),
            route: o.route,
            stop: o.stop.map(|s| s.0),
            stocking_index: o.stop.map(|s| s.1),
            location_id: o.location_id,
            since: fridge_time::stamp(o.since),
            since_central: central_hhmm(o.since),
            facts: o.facts,
            ended_at: ended.as_ref().map(|(t, _)| fridge_time::stamp(*t)),
            ended_how: ended.as_ref().map(|(_, how)| how.clone()),
            taken: ack.map(Acknowledgement::taken),
            key: o.key,
        };
        if ended.is_some() {
            resolved.push((o.kind, item));
        } else {
            open.push((o.kind, item));
        }
    }
    let counts = Kind::ALL
        .iter()
        .map(|k| KindCount {
            kind: k.code(),
            label: k.label(),
            open: open.iter().filter(|(kind, _)| kind == k).count(),
            resolved: resolved.iter().filter(|(kind, _)| kind == k).count(),
        })
        .collect();
    resolved.sort_by(|a, b| b.1.ended_at.cmp(&a.1.ended_at).then_with(|| a.1.key.cmp(&b.1.key)));
    let (open, resolved): (Vec<ItemView>, Vec<ItemView>) =
        (open.into_iter().map(|(_, i)| i).collect(), resolved.into_iter().map(|(_, i)| i).collect());
    let digest = crate::dashboard::digest(&(&open, &resolved));
    AttentionView { open, resolved, counts, digest, unchanged: false, whole: true }
}

#[cfg(test)]
mod tests;
