//! What the demo drivers do on a day, decided without the network: which
//! driver drives which route, and the actions of each stop. Every choice comes
//! from a hash of the date, route and stop, so a re-run plays the same day.
use chrono::NaiveDate;
use fleet_shared::entity::fridge_order::order_key;
use fleet_shared::entity::route_stop::RouteStop;
use fn_stocking::events::{
    ActionData, LocationStocked, LocationUnreachable, PackingSlipQuery, Removal, VanTemperature,
};
use fn_stocking::events::{DropOffComplete, EventType};
use std::collections::BTreeMap;

/// One call of `createDriverAction`. The request id is the step's own (date,
/// route, stop, step), so a retry, or a re-run of the same day, is answered
/// from the idempotency record instead of recording the action twice.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub location_id: String,
    pub data: ActionData,
    pub request_id: String,
}

/// A driver's route: the van temperature, then one visit (a few steps) per stop.
#[derive(Clone, Debug, PartialEq)]
pub struct RoutePlan {
    pub route: String,
    /// Index into the demo drivers.
    pub driver: usize,
    pub visits: Vec<Vec<Step>>,
    /// Whether the driver is still on it: today, each driver's last route stops
    /// after a scan half-way, so IN_PROGRESS and VAN_TEMPERATURE_SET show.
    pub on_the_road: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct DayPlan {
    /// In the order each driver drives them.
    pub routes: Vec<RoutePlan>,
    /// Today's routes no driver has started yet (NOT_STARTED).
    pub not_started: Vec<String>,
}

/// FNV-1a: stable across runs and Rust versions (std's hasher promises neither).
fn hash(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in parts.iter().flat_map(|p| p.bytes().chain([0])) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A step's own request id, bounded whatever the route's name. The event type
/// is part of it: a changed plan records its new action instead of being
/// answered as the old one.
fn request_id(date: &str, parts: &[&str]) -> String {
    format!("sim-{date}-{:016x}", hash(parts))
}

/// The slip a pars order's stop is scanned by (`slips::pars_unique_id`).
fn slip_id(date: &str, stop: &RouteStop) -> String {
    format!("{date}#{}", order_key(&stop.id, stop.stocking_index))
}

/// Fridge temperatures in °F: mostly 34 to 40, one stop in nine above 41 (§4.3).
fn fridge_temperature(h: u64) -> f64 {
    if h.is_multiple_of(9) {
        41.5 + (h / 9 % 4) as f64
    } else {
        34.0 + (h / 7 % 13) as f64 * 0.5
    }
}

/// How a stop goes, before it is cut short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Stocked,
    ScannedOnly,
    Unreachable,
    ScannedThenUnreachable,
    Removal,
    Decommission,
}

/// `removals`: the day's REMOVAL stops played so far; they alternate between
/// an emptied fridge and a decommission, so a day with two shows both.
fn outcome(stop: &RouteStop, h: u64, removals: &mut usize) -> Outcome {
    if stop.stop_type == "REMOVAL" {
        *removals += 1;
        return if *removals % 2 == 1 { Outcome::Decommission } else { Outcome::Removal };
    }
    match h % 20 {
        0 => Outcome::Unreachable,
        1 => Outcome::ScannedThenUnreachable,
        2 | 3 => Outcome::ScannedOnly,
        _ => Outcome::Stocked,
    }
}

fn visit(date: &str, stop: &RouteStop, outcome: Outcome, h: u64) -> Vec<Step> {
    let index = stop.stocking_index;
    let scan =
        ActionData::PackingSlipQuery(PackingSlipQuery { packing_slip_id: slip_id(date, stop), stocking_index: index });
    let unreachable = |reason: &str| {
        ActionData::LocationUnreachable(LocationUnreachable { reason: reason.into(), stocking_index: Some(index) })
    };
    let removal = |reason: &str| Removal { stocking_index: index, reason: Some(reason.into()) };
    // A wholesale drop completes; a fridge is stocked with its temperature read.
    let stocked = if stop.id.starts_with("WH_") {
        ActionData::DropOffComplete(DropOffComplete {
            stocking_index: index,
            packing_slip_id: Some(slip_id(date, stop)),
        })
    } else {
        ActionData::LocationStocked(LocationStocked {
            stocking_index: index,
            temperature: Some(fridge_temperature(h)),
            packing_slip_id: Some(slip_id(date, stop)),
        })
    };
    let data = match outcome {
        Outcome::Stocked => vec![scan, stocked],
        Outcome::ScannedOnly => vec![scan],
        Outcome::Unreachable => vec![unreachable("Building closed")],
        Outcome::ScannedThenUnreachable => vec![scan, unreachable("Fridge blocked by a delivery")],
        Outcome::Removal => vec![ActionData::InventoryRemoval(removal("Expired items removed"))],
        Outcome::Decommission => vec![ActionData::ClearOutDecommission(removal("Fridge taken out of service"))],
    };
    data.into_iter()
        .enumerate()
        .map(|(n, data)| Step {
            location_id: stop.id.clone(),
            request_id: request_id(
                date,
                &[
                    &stop.route,
                    &stop.stop.to_string(),
                    &stop.stocking_index.to_string(),
                    &n.to_string(),
                    data.kind().name(),
                ],
            ),
            data,
        })
        .collect()
}

struct Route<'a> {
    name: &'a str,
    stops: Vec<&'a RouteStop>,
    driver: usize,
    cut: bool,
    /// The van reads above 41 °F (one route a day), for the Needs-attention panel (issue 42).
    warm_van: bool,
}

/// The warm van's reading (°F), above the 41 °F that 2-fleet §4.4 highlights.
pub const WARM_VAN_F: f64 = 44.5;

fn route_plan(date: &str, r: Route, removals: &mut usize) -> Option<RoutePlan> {
    let Route { name: route, stops, driver, cut, warm_van } = r;
    let first = stops.first()?;
    let h = hash(&[date, route]);
    let van = Step {
        location_id: first.id.clone(),
        data: ActionData::VanTemperature(VanTemperature {
            temperature: if warm_van { WARM_VAN_F } else { 33.0 + (h % 6) as f64 * 0.5 },
            route: Some(route.to_string()),
        }),
        request_id: request_id(date, &[route, "van"]),
    };
    // On the road: the driver is at the first delivery from half-way, scanned and not yet stocked.
    let at = if cut {
        (stops.len() / 2..stops.len()).find(|&i| stops.get(i).is_some_and(|s| s.stop_type != "REMOVAL"))
    } else {
        None
    };
    let mut visits = vec![vec![van]];
    for (i, stop) in stops.iter().enumerate() {
        let h = hash(&[date, route, &stop.stop.to_string(), &stop.id]);
        if Some(i) == at {
            visits.push(visit(date, stop, Outcome::ScannedOnly, h));
            break;
        }
        visits.push(visit(date, stop, outcome(stop, h, removals), h));
    }
    Some(RoutePlan { route: route.to_string(), driver, visits, on_the_road: at.is_some() })
}

/// Gives each route of the plan to its assigned demo driver; a route assigned
/// to someone who is not a demo driver is left out (that person drives it).
pub fn follow_assignments(
    day: &mut DayPlan,
    assigned: &[fleet_shared::entity::assignment::DriverAssignment],
    drivers: &[(&str, &str)],
) {
    day.routes.retain_mut(|r| match assigned.iter().find(|a| a.route == r.route) {
        None => true,
        Some(a) => match drivers.iter().position(|(_, email)| *email == a.driver_email) {
            Some(n) => {
                r.driver = n;
                true
            }
            None => false,
        },
    });
    day.routes.sort_by_key(|r| r.driver);
}

/// The plan of `date` for `drivers` drivers: route n (by name) goes to driver
/// n mod `drivers`, who drives theirs one after another. `today` leaves the
/// last route unstarted and each driver on the road on their last one; a past
/// day is played through.
pub fn day(date: NaiveDate, stops: &[RouteStop], drivers: usize, today: bool) -> DayPlan {
    let text = date.format("%Y-%m-%d").to_string();
    let mut by_route: BTreeMap<&str, Vec<&RouteStop>> = BTreeMap::new();
    for s in stops.iter().filter(|s| s.stocking_date == text) {
        by_route.entry(s.route.as_str()).or_default().push(s);
    }
    let mut plan = DayPlan::default();
    if drivers == 0 {
        return plan;
    }
    let mut routes: Vec<(&str, Vec<&RouteStop>)> = by_route.into_iter().collect();
    if today && routes.len() > drivers {
        if let Some((route, _)) = routes.pop() {
            plan.not_started.push(route.to_string());
        }
    }
    let count = routes.len();
    let mut removals = 0;
    for (n, (route, mut stops)) in routes.into_iter().enumerate() {
        stops.sort_by_key(|s| (s.stop, s.stocking_index));
        let driver = n % drivers;
        // Its driver's last route: no route n + drivers follows.
        let cut = today && n + drivers >= count;
        let route = Route { name: route, stops, driver, cut, warm_van: n == 0 };
        plan.routes.extend(route_plan(&text, route, &mut removals));
    }
    plan.routes.sort_by_key(|r| r.driver);
    plan
}

/// The fridge the driver will find faulted (issue 42): the first fridge delivery of the first route no
/// driver starts today. Its stop stays to do all day, so the panel's "Fridge needs the driver" shows.
pub fn waiting_fridge<'a>(plan: &DayPlan, stops: &'a [RouteStop]) -> Option<&'a str> {
    let route = plan.not_started.first()?;
    stops
        .iter()
        .filter(|s| &s.route == route && s.stop_type == "DELIVERY" && !s.id.starts_with("WH_"))
        .min_by_key(|s| s.stop)
        .map(|s| s.id.as_str())
}

/// Every event type a plan uses, for the log.
pub fn kinds(plan: &DayPlan) -> Vec<EventType> {
    let mut k: Vec<EventType> =
        plan.routes.iter().flat_map(|r| r.visits.iter().flatten()).map(|s| s.data.kind()).collect();
    k.sort();
    k.dedup();
    k
}

#[cfg(test)]
mod tests {
    use super::*;
    use fn_stocking::dashboard::{stop_status, Facts, Recorded};
    use fn_stocking::status::StopStatus;
    use std::collections::BTreeSet;

    fn demo_stops(today: NaiveDate) -> Vec<RouteStop> {
        let (stops, _) = crate::demo::routes::stops_and_orders(&crate::demo::locations::demo_locations(), today);
        stops.into_iter().map(|s| s.stop).collect()
    }

    /// The plan's actions as the server records them: each driver's in order,
    /// drivers side by side (occurredAt = visit number, then driver).
    fn recorded(plan: &DayPlan) -> Vec<Recorded> {
        let mut clock: BTreeMap<usize, usize> = BTreeMap::new();
        let mut out = vec![];
        for r in &plan.routes {
            for step in r.visits.iter().flatten() {
                let t = clock.entry(r.driver).or_default();
                *t += 1;
                out.push(Recorded {
                    id: format!("{:06}-{:03}", t, r.driver),
                    location_id: step.location_id.clone(),
                    data: step.data.clone(),
                    occurred_at: format!("{:06}-{:03}", t, r.driver),
                    by: format!("driver{}", r.driver),
                    by_email: format!("driver{}@fleet.local", r.driver),
                    by_sub: format!("sub-{}", r.driver),
                });
            }
        }
        out.sort_by(|a, b| a.occurred_at.cmp(&b.occurred_at));
        out
    }

    /// Each stop's §4.4 status by the server's own rules.
    fn statuses(date: NaiveDate, stops: &[RouteStop], plan: &DayPlan) -> Vec<(RouteStop, StopStatus)> {
        let all = recorded(plan);
        let text = date.format("%Y-%m-%d").to_string();
        let later = |sub: &str, at: &str, loc: &str| {
            all.iter().any(|a| a.by_sub == sub && a.is_scan() && a.occurred_at.as_str() > at && a.location_id != loc)
        };
        stops
            .iter()
            .filter(|s| s.stocking_date == text)
            .map(|s| {
                let own: Vec<&Recorded> = all.iter().filter(|a| a.concerns(s)).collect();
                (s.clone(), stop_status(s, &Facts { own: &own, later_scan_elsewhere: &later }))
            })
            .collect()
    }

    #[test]
    fn every_status_appears_among_todays_routes() {
        let mut with_removals = 0;
        for offset in 0..14 {
            let today = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap() + chrono::Duration::days(offset);
            let stops = demo_stops(today);
            let plan = day(today, &stops, 6, true);
            if stops.iter().all(|s| s.stocking_date != today.format("%Y-%m-%d").to_string()) {
                assert!(plan.routes.is_empty(), "no route on a Sunday");
                continue;
            }
            let seen: BTreeSet<&str> = statuses(today, &stops, &plan).iter().map(|(_, s)| s.code()).collect();
            let all = [
                StopStatus::NotStarted,
                StopStatus::VanTemperatureSet,
                StopStatus::InProgress,
                StopStatus::Incomplete,
                StopStatus::Completed,
                StopStatus::UnreachableIncomplete,
                StopStatus::UnreachableComplete,
                StopStatus::ClearoutComplete,
                StopStatus::ClearoutDecommissionComplete,
            ];
            // The demo data has days without REMOVAL stops: their two statuses need two played ones.
            let removals =
                plan.routes.iter().flat_map(|r| r.visits.iter().flatten()).filter(|s| {
                    matches!(s.data, ActionData::InventoryRemoval(_) | ActionData::ClearOutDecommission(_))
                });
            let removal_statuses = [StopStatus::ClearoutComplete, StopStatus::ClearoutDecommissionComplete];
            for s in all {
                if removals.clone().count() >= 2 || !removal_statuses.contains(&s) {
                    assert!(seen.contains(s.code()), "{today}: {} missing from {seen:?}", s.code());
                }
            }
            with_removals += usize::from(removals.count() >= 2);
            assert_eq!(plan.not_started.len(), 1);
        }
        assert!(with_removals >= 8, "most days show both removal statuses: {with_removals}");
    }

    #[test]
    fn a_past_day_is_played_through_and_every_action_is_valid() {
        let date = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
        let stops = demo_stops(date + chrono::Duration::days(1));
        let plan = day(date, &stops, 4, false);
        assert!(plan.not_started.is_empty() && plan.routes.iter().all(|r| !r.on_the_road));
        let done: Vec<StopStatus> = statuses(date, &stops, &plan).into_iter().map(|(_, s)| s).collect();
        assert!(!done.is_empty());
        assert!(!done.iter().any(|s| matches!(s, StopStatus::NotStarted | StopStatus::VanTemperatureSet)));
        let mut ids = BTreeSet::new();
        for r in &plan.routes {
            assert!(matches!(r.visits[0][0].data, ActionData::VanTemperature(_)), "a van temperature first");
            for step in r.visits.iter().flatten() {
                let reread = ActionData::parse(step.data.kind(), &serde_json::Value::String(step.data.to_text()));
                assert_eq!(reread.unwrap(), step.data, "the server accepts the data");
                assert!(step.request_id.len() <= fleet_shared::limits::MAX_ID_CHARS, "{}", step.request_id);
                assert!(ids.insert(step.request_id.clone()), "request ids are unique: {}", step.request_id);
            }
        }
        let hot = plan.routes.iter().flat_map(|r| r.visits.iter().flatten()).filter(|s| {
            matches!(&s.data, ActionData::LocationStocked(LocationStocked { temperature: Some(t), .. }) if *t > 41.0)
        });
        assert!(hot.count() > 0, "some stops read above 41");
    }

    /// Issue 42: a normal demo day raises some of each Needs-attention kind the plan decides: one warm
    /// van, a fridge delivery on the unstarted route (faulted by the fleet simulator).
    #[test]
    fn each_day_has_a_warm_van_and_a_waiting_fridge() {
        for offset in 0..7 {
            let today = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap() + chrono::Duration::days(offset);
            let stops = demo_stops(today);
            let plan = day(today, &stops, 6, true);
            if plan.routes.is_empty() {
                continue;
            }
            let vans: Vec<f64> = plan
                .routes
                .iter()
                .filter_map(|r| match &r.visits[0][0].data {
                    ActionData::VanTemperature(v) => Some(v.temperature),
                    _ => None,
                })
                .collect();
            assert_eq!(vans.iter().filter(|t| **t > 41.0).count(), 1, "{today}: one warm van in {vans:?}");
            let fridge = waiting_fridge(&plan, &stops).expect("a fridge on the unstarted route");
            let stop = stops.iter().find(|s| s.id == fridge && s.route == plan.not_started[0]).unwrap();
            assert_eq!(stop.stop_type, "DELIVERY");
            assert!(
                !plan
                    .routes
                    .iter()
                    .flat_map(|r| r.visits.iter().flatten())
                    .any(|s| s.location_id == fridge && s.data.kind() != EventType::VanTemperature),
                "no driver acts there today"
            );
        }
    }

    #[test]
    fn a_rerun_plays_the_same_day() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        let stops = demo_stops(today);
        assert_eq!(day(today, &stops, 6, true), day(today, &stops, 6, true));
        assert!(day(today, &stops, 0, true).routes.is_empty());
    }
}
