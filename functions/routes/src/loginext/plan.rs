//! How a date's planned routes land on its stored routes (issue 24): pure,
//! so the rules are unit and property tested without a store.
//!
//! - Only the chosen centers' stops are sent, and only those not stocked yet:
//!   a stocked stop (`stockedTimeUTC`) never moves. A stop stocked while the
//!   routing service planned (the routes are read again before each write)
//!   stays where it is: the plan's place for it is dropped (issue 38).
//! - A route the plan names, or that held a stop the plan moves, is rebuilt:
//!   what stays on it (other centers' stops, stocked stops, stops the plan
//!   left out) keeps its stop number; the planned stops take the free
//!   numbers from 1, in the plan's order.
//! - A route whose stops come out the same is not written.
use super::client::{PlanRequest, PlanResponse, PlanStop};
use crate::stops::{MARKETS, MAX_STOPS_PER_ROUTE};
use fleet_shared::entity::route_stop::{RouteStop, StoredStop};
use fleet_shared::entity::Location;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// A delivery: (location id, stocking index).
pub type StopKey = (String, i64);

fn key(s: &RouteStop) -> StopKey {
    (s.id.clone(), s.stocking_index)
}

/// The deliveries stocked on the date, on any route: none of them moves.
fn stocked(current: &[StoredStop]) -> HashSet<StopKey> {
    current.iter().filter(|s| s.stocked_time_utc.is_some()).map(|s| key(&s.stop)).collect()
}

/// One route to replace on the date, whole.
#[derive(Debug, Clone, PartialEq)]
pub struct RouteChange {
    pub route: String,
    pub stops: Vec<RouteStop>,
}

/// The request for a date: every stop of the chosen centers' locations not
/// stocked yet, in stop order. `locations` holds the date's locations by id.
pub fn request(
    job_id: &str,
    date: &str,
    current: &[StoredStop],
    locations: &HashMap<String, Location>,
    centers: &[String],
) -> PlanRequest {
    let mut once = stocked(current);
    let mut stops: Vec<&StoredStop> = current
        .iter()
        .filter(|s| once.insert(key(&s.stop)))
        .filter(|s| center_of(locations, &s.stop.id).is_some_and(|c| centers.iter().any(|x| x == c)))
        .collect();
    stops.sort_by(|a, b| (&a.stop.route, a.stop.stop).cmp(&(&b.stop.route, b.stop.stop)));
    let stops = stops
        .into_iter()
        .map(|s| {
            let at = locations.get(&s.stop.id).and_then(Location::lat_lng);
            PlanStop {
                location_id: s.stop.id.clone(),
                stocking_index: s.stop.stocking_index,
                fulfillment_center: center_of(locations, &s.stop.id).unwrap_or_default().to_string(),
                stop_type: s.stop.stop_type.clone(),
                latitude: at.map(|(lat, _)| lat),
                longitude: at.map(|(_, lng)| lng),
            }
        })
        .collect();
    PlanRequest { job_id: job_id.into(), date: date.into(), stops }
}

fn center_of<'a>(locations: &'a HashMap<String, Location>, id: &str) -> Option<&'a str> {
    locations.get(id)?.fulfillment_center()
}

/// A planned route's name as routes are stored: trimmed, lowercase, no '#'.
fn route_name(raw: &str) -> Result<String, String> {
    let name = raw.trim().to_lowercase();
    if name.is_empty() || name.len() > 40 || name.contains('#') || name.chars().any(char::is_control) {
        return Err(format!("the routing service named a route '{raw}', which cannot be stored"));
    }
    Ok(name)
}

/// The routes to replace so the date's stops (`current`, read after the plan
/// was made) follow `plan`, the answer to `sent`. Refuses a plan that places
/// a stop it was not sent, places one twice, or makes a route longer than a
/// route may be. A stop sent but since stocked (or gone from the date) is
/// left where it is.
pub fn merge(
    date: &str,
    current: &[StoredStop],
    sent: &PlanRequest,
    plan: &PlanResponse,
) -> Result<Vec<RouteChange>, String> {
    let movable: HashSet<StopKey> = sent.stops.iter().map(|s| (s.location_id.clone(), s.stocking_index)).collect();
    let pinned = stocked(current);
    let by_key: HashMap<StopKey, &StoredStop> =
        current.iter().map(|s| (key(&s.stop), s)).filter(|(k, _)| movable.contains(k) && !pinned.contains(k)).collect();
    let mut placed: BTreeMap<String, Vec<StopKey>> = BTreeMap::new();
    let mut seen: HashSet<StopKey> = HashSet::new();
    for r in &plan.routes {
        let name = route_name(&r.route)?;
        let list = placed.entry(name).or_default();
        for s in &r.stops {
            let k = (s.location_id.clone(), s.stocking_index);
            if !movable.contains(&k) {
                return Err(format!(
                    "the routing service placed {} (stocking index {}), which it was not sent",
                    k.0, k.1
                ));
            }
            if !seen.insert(k.clone()) {
                return Err(format!("the routing service placed {} (stocking index {}) twice", k.0, k.1));
            }
            if by_key.contains_key(&k) {
                list.push(k);
            }
        }
    }
    // Every route holding a stop the plan places (a stop left on two routes
    // by an interrupted sync is on both) is rebuilt without it.
    let touched: BTreeSet<String> = placed
        .keys()
        .cloned()
        .chain(
            current
                .iter()
                .filter(|s| by_key.contains_key(&key(&s.stop)) && seen.contains(&key(&s.stop)))
                .map(|s| s.stop.route.clone()),
        )
        .collect();
    let mut changes = Vec::new();
    for route in touched {
        let old: Vec<&RouteStop> = current.iter().filter(|s| s.stop.route == route).map(|s| &s.stop).collect();
        let moves = |s: &RouteStop| seen.contains(&key(s)) && by_key.contains_key(&key(s));
        let mut new: Vec<RouteStop> = old.iter().filter(|s| !moves(s)).map(|s| (*s).clone()).collect();
        let taken: HashSet<i64> = new.iter().map(|s| s.stop).collect();
        let mut free = (1..).filter(|n| !taken.contains(n));
        for k in placed.get(&route).into_iter().flatten() {
            let from = &by_key[k].stop;
            new.push(RouteStop {
                stocking_date: date.to_string(),
                market: if MARKETS.contains(&from.market.as_str()) { from.market.clone() } else { "MW".into() },
                id: from.id.clone(),
                route: route.clone(),
                stop: free.next().unwrap_or(i64::MAX),
                stocking_index: from.stocking_index,
                stop_type: from.stop_type.clone(),
            });
        }
        new.sort_by_key(|s| s.stop);
        if new.len() > MAX_STOPS_PER_ROUTE {
            return Err(crate::stops::too_many_stops(date, &route, new.len()));
        }
        let mut before: Vec<&RouteStop> = old;
        before.sort_by_key(|s| s.stop);
        if before.len() != new.len() || before.iter().zip(&new).any(|(a, b)| *a != b) {
            let gains = new.iter().any(|s| !before.iter().any(|b| key(b) == key(s)));
            changes.push((!gains, RouteChange { route, stops: new }));
        }
    }
    // Routes that gain a stop are written before routes that only lose one:
    // a sync interrupted between two routes leaves a stop on both, never on none.
    changes.sort_by_key(|(loses_only, _)| *loses_only);
    Ok(changes.into_iter().map(|(_, c)| c).collect())
}

/// The other routes `change` takes a stop from: its write checks that they
/// did not move since `current` was read, so a stop stocked there meanwhile
/// is never taken.
pub fn sources(current: &[StoredStop], change: &RouteChange) -> BTreeSet<String> {
    let gains: HashSet<StopKey> = change.stops.iter().map(key).collect();
    current
        .iter()
        .filter(|s| s.stop.route != change.route && gains.contains(&key(&s.stop)))
        .map(|s| s.stop.route.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loginext::client::{PlannedRoute, PlannedStop};
    use fleet_shared::entity::route_stop::sort_key;
    use proptest::prelude::*;

    const DATE: &str = "2026-11-26";

    fn stored(route: &str, stop: i64, id: &str, stocked: bool) -> StoredStop {
        StoredStop {
            stop: RouteStop {
                stocking_date: DATE.into(),
                market: "MW".into(),
                id: id.into(),
                route: route.into(),
                stop,
                stocking_index: 1,
                stop_type: "DELIVERY".into(),
            },
            route_stop: sort_key(route, stop),
            upload: None,
            stocked_time_utc: stocked.then(|| "2026-11-26T15:00:00.000Z".to_string()),
            stocked_by: None,
        }
    }

    fn location(id: &str, center: &str) -> (String, Location) {
        let l: Location = serde_json::from_value(serde_json::json!({
            "id": id, "operationConfigs": { "fulfillmentCenter": center },
            "locationConfigs": { "coordinates": { "latitude": "41.5", "longitude": -87.5 } }
        }))
        .unwrap();
        (id.to_string(), l)
    }

    fn plan(routes: &[(&str, &[&str])]) -> PlanResponse {
        PlanResponse {
            routes: routes
                .iter()
                .map(|(r, ids)| PlannedRoute {
                    route: r.to_string(),
                    stops: ids
                        .iter()
                        .map(|id| PlannedStop { location_id: id.to_string(), stocking_index: 1 })
                        .collect(),
                })
                .collect(),
        }
    }

    fn ids(change: &RouteChange) -> Vec<(i64, &str)> {
        change.stops.iter().map(|s| (s.stop, s.id.as_str())).collect()
    }

    #[test]
    fn only_the_chosen_centers_unstocked_stops_are_sent_with_their_coordinates() {
        let current = [stored("r1", 1, "A", false), stored("r1", 2, "B", true), stored("r2", 1, "C", false)];
        let locations = HashMap::from([location("A", "North"), location("B", "North"), location("C", "South")]);
        let sent = request("j", DATE, &current, &locations, &["North".to_string()]);
        assert_eq!(sent.stops.len(), 1, "B is stocked, C is another center's");
        assert_eq!((sent.stops[0].latitude, sent.stops[0].longitude), (Some(41.5), Some(-87.5)));
        assert_eq!(sent.stops[0].fulfillment_center, "North");
    }

    #[test]
    fn a_stocked_stop_keeps_its_place_and_planned_stops_take_the_free_numbers() {
        // r1: A (stocked, stop 1), B (stop 2), C (stop 3); the plan puts C then B on r1 and D on new route n2.
        let current = [
            stored("r1", 1, "A", true),
            stored("r1", 2, "B", false),
            stored("r1", 3, "C", false),
            stored("r9", 4, "D", false),
        ];
        let locations = HashMap::from([location("A", "N"), location("B", "N"), location("C", "N"), location("D", "N")]);
        let sent = request("j", DATE, &current, &locations, &["N".to_string()]);
        let changes = merge(DATE, &current, &sent, &plan(&[("R1", &["C", "B"]), ("n2", &["D"])])).unwrap();
        let routes: Vec<&str> = changes.iter().map(|c| c.route.as_str()).collect();
        assert_eq!(routes, ["n2", "r1", "r9"], "n2 gains D first; r9 only loses it, last");
        assert_eq!(ids(&changes[0]), [(1, "D")]);
        assert_eq!(ids(&changes[1]), [(1, "A"), (2, "C"), (3, "B")]);
        assert!(changes[2].stops.is_empty());
    }

    #[test]
    fn a_stop_left_on_two_routes_by_an_interrupted_sync_ends_on_one() {
        // B was put on n1 but the sync stopped before removing it from r1.
        let current = [stored("r1", 1, "A", false), stored("r1", 2, "B", false), stored("n1", 1, "B", false)];
        let locations = HashMap::from([location("A", "N"), location("B", "N")]);
        let sent = request("j", DATE, &current, &locations, &["N".to_string()]);
        assert_eq!(sent.stops.len(), 2, "B is sent once");
        let changes = merge(DATE, &current, &sent, &plan(&[("r1", &["A"]), ("n1", &["B"])])).unwrap();
        assert_eq!(changes.len(), 1);
        assert_eq!((changes[0].route.as_str(), ids(&changes[0])), ("r1", vec![(1, "A")]));
    }

    #[test]
    fn a_stop_stocked_after_it_was_sent_stays_and_the_rest_of_the_plan_lands() {
        let before = [stored("r1", 1, "A", false), stored("r1", 2, "B", false), stored("r2", 1, "C", false)];
        let locations = HashMap::from([location("A", "N"), location("B", "N"), location("C", "N")]);
        let sent = request("j", DATE, &before, &locations, &["N".to_string()]);
        assert_eq!(sent.stops.len(), 3);
        // B is stocked while the service plans: it stays at r1 stop 2; A and C move.
        let now = [stored("r1", 1, "A", false), stored("r1", 2, "B", true), stored("r2", 1, "C", false)];
        let changes = merge(DATE, &now, &sent, &plan(&[("ln1", &["B", "A", "C"])])).unwrap();
        let routes: Vec<(&str, Vec<(i64, &str)>)> = changes.iter().map(|c| (c.route.as_str(), ids(c))).collect();
        assert_eq!(routes, [("ln1", vec![(1, "A"), (2, "C")]), ("r1", vec![(2, "B")]), ("r2", vec![])]);
        // ln1's write checks the routes it takes stops from.
        assert_eq!(sources(&now, &changes[0]).into_iter().collect::<Vec<_>>(), ["r1", "r2"]);
        assert!(sources(&now, &changes[1]).is_empty());
    }

    #[test]
    fn a_delivery_stocked_on_any_route_is_not_sent() {
        // An interrupted sync left B on two routes; the driver stocked it on n1 (both copies pinned).
        let current = [stored("r1", 2, "B", false), stored("n1", 1, "B", true), stored("r1", 1, "A", false)];
        let locations = HashMap::from([location("A", "N"), location("B", "N")]);
        let sent = request("j", DATE, &current, &locations, &["N".to_string()]);
        assert_eq!(sent.stops.iter().map(|s| s.location_id.as_str()).collect::<Vec<_>>(), ["A"]);
    }

    #[test]
    fn the_same_plan_again_changes_nothing() {
        let current = [stored("r1", 1, "A", false), stored("r1", 2, "B", false)];
        let locations = HashMap::from([location("A", "N"), location("B", "N")]);
        let sent = request("j", DATE, &current, &locations, &["N".to_string()]);
        assert_eq!(merge(DATE, &current, &sent, &plan(&[("r1", &["A", "B"])])).unwrap(), []);
    }

    #[test]
    fn a_plan_placing_an_unsent_or_doubled_stop_or_a_bad_route_is_refused() {
        let current = [stored("r1", 1, "A", false), stored("r1", 2, "B", true)];
        let locations = HashMap::from([location("A", "N"), location("B", "N")]);
        let sent = request("j", DATE, &current, &locations, &["N".to_string()]);
        assert!(merge(DATE, &current, &sent, &plan(&[("r1", &["B"])])).unwrap_err().contains("not sent"));
        assert!(merge(DATE, &current, &sent, &plan(&[("r1", &["A"]), ("r2", &["A"])])).unwrap_err().contains("twice"));
        assert!(merge(DATE, &current, &sent, &plan(&[("a#b", &["A"])])).unwrap_err().contains("cannot be stored"));
    }

    proptest! {
        /// Whatever the plan, no stop is lost or doubled, stocked stops stay
        /// where they were (also those stocked after the request was sent),
        /// and each route's numbers are distinct.
        #[test]
        fn merging_keeps_every_stop_once_and_never_moves_a_stocked_one(
            stops in proptest::collection::vec((0usize..4, 0usize..6, any::<bool>()), 0..14),
            order in proptest::collection::vec((0usize..14, 0usize..3), 0..20),
            late in proptest::collection::vec(any::<bool>(), 14),
        ) {
            let mut current = Vec::new();
            let mut numbers = HashSet::new();
            for (i, (route, n, stocked)) in stops.iter().enumerate() {
                let r = format!("r{route}");
                if numbers.insert((r.clone(), *n)) {
                    current.push(stored(&r, *n as i64 + 1, &format!("L{i}"), *stocked));
                }
            }
            let locations: HashMap<String, Location> =
                current.iter().map(|s| location(&s.stop.id, "N")).collect();
            let sent = request("j", DATE, &current, &locations, &["N".to_string()]);
            let mut used = HashSet::new();
            let mut routes: BTreeMap<String, Vec<PlannedStop>> = BTreeMap::new();
            for (i, r) in order {
                if let Some(s) = sent.stops.get(i).filter(|s| used.insert(s.location_id.clone())) {
                    routes.entry(format!("p{r}")).or_default()
                        .push(PlannedStop { location_id: s.location_id.clone(), stocking_index: 1 });
                }
            }
            let answer = PlanResponse { routes: routes.into_iter().map(|(route, stops)| PlannedRoute { route, stops }).collect() };
            // Drivers stock some stops while the service plans.
            for (s, late) in current.iter_mut().zip(&late) {
                if *late && s.stocked_time_utc.is_none() {
                    s.stocked_time_utc = Some("2026-11-26T16:00:00.000Z".into());
                }
            }
            let changes = merge(DATE, &current, &sent, &answer).unwrap();
            let mut after: BTreeMap<String, Vec<RouteStop>> = BTreeMap::new();
            for s in &current {
                after.entry(s.stop.route.clone()).or_default().push(s.stop.clone());
            }
            for c in changes {
                after.insert(c.route.clone(), c.stops);
            }
            let all: Vec<&RouteStop> = after.values().flatten().collect();
            prop_assert_eq!(all.len(), current.len());
            let distinct: HashSet<&str> = all.iter().map(|s| s.id.as_str()).collect();
            prop_assert_eq!(distinct.len(), current.len());
            for s in current.iter().filter(|s| s.stocked_time_utc.is_some()) {
                prop_assert!(all.iter().any(|a| a.id == s.stop.id && a.route == s.stop.route && a.stop == s.stop.stop));
            }
            for stops in after.values() {
                let n: HashSet<i64> = stops.iter().map(|s| s.stop).collect();
                prop_assert_eq!(n.len(), stops.len());
            }
        }
    }
}
