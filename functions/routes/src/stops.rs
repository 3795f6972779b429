//! Route stops: one item per stop, keyed by stocking date and `route#stop`,
//! so one query reads a date and a `begins_with` reads a route on a date.
//! A route on a date is replaced in one transaction: it lands whole or not at all.
use crate::store::{Dynamo, RouteWrite, RoutesStore};
use fleet_shared::entity::route_stop::sort_key;
// Re-exported for the integration tests (tools/api-tests/tests/api/routes_api.rs).
pub use fleet_shared::entity::route_stop::{RouteStop, StoredStop};
use fleet_shared::history::Record;
use fleet_shared::idempotency::Claim;
use fleet_shared::{ApiError, Deps};
use std::collections::{BTreeSet, HashMap};

/// Stop types a stop may have (uppercase).
pub const STOP_TYPES: &[&str] = &["DELIVERY", "REMOVAL"];
/// Regions of the routes screen (1-locations §9), `ALL` aside.
pub const MARKETS: &[&str] = &["MW", "NE", "WC", "S"];
/// The most stops one route may have on one date: replacing a route is one
/// DynamoDB transaction of at most 100 actions (old stops deleted, new put,
/// the route's version, one history record and the upload's record).
pub const MAX_STOPS_PER_ROUTE: usize = 48;

/// The refusal of a route over `MAX_STOPS_PER_ROUTE`.
pub fn too_many_stops(date: &str, route: &str, stops: usize) -> String {
    format!("Route {route} on {date} has {stops} stops; a route can have at most {MAX_STOPS_PER_ROUTE}.")
}

/// Reads of a route and tries of its replacement while only stocked times
/// change under it (a stocked stop moves the route's version).
const REPLACE_TRIES: usize = 4;

/// What a replacement is based on: the route's version, then its stops, as
/// read; the other routes whose version must not have moved; the sync it applies.
pub struct Basis<'a> {
    pub seen: Option<u64>,
    /// The route's stops as read after `seen`.
    pub old: &'a [StoredStop],
    pub checks: Vec<(String, Option<u64>)>,
    pub sync: Option<&'a str>,
}

fn changed_meanwhile(date: &str, route: &str) -> ApiError {
    ApiError::Conflict(format!(
        "Route {route} on {date} was changed by another upload meanwhile. Check the file again."
    ))
}

/// A route's stops as a replacement leaves them: everything but the stocked
/// times (every replacement writes its own `upload` on each stop).
fn layout(stops: &[StoredStop]) -> Vec<(&str, &RouteStop, Option<&str>)> {
    let mut all: Vec<_> = stops.iter().map(|s| (s.route_stop.as_str(), &s.stop, s.upload.as_deref())).collect();
    all.sort_by(|a, b| a.0.cmp(b.0));
    all
}

/// Replaces the stops of one route on one date with `stops` (all of that
/// route and date), with the history record and `claims` (the upload's
/// records), in one transaction, on the condition that the route's version
/// is still the one read before its stops. A version moved only by stocked
/// times (the stops are otherwise as first read) is read and written again,
/// so a stocked time set meanwhile is kept (issue 38); a route another
/// replacement changed is refused.
pub async fn replace(
    store: &impl RoutesStore,
    date: &str,
    route: &str,
    stops: &[RouteStop],
    upload: &str,
    record: &Record,
    claims: &[Claim],
) -> Result<(), ApiError> {
    if stops.len() > MAX_STOPS_PER_ROUTE {
        return Err(ApiError::bad_request(too_many_stops(date, route, stops.len())));
    }
    let mut first: Option<Vec<StoredStop>> = None;
    for _ in 0..REPLACE_TRIES {
        let seen = store.route_version(date, route).await?.map(|v| v.version);
        let old = store.stops_of_route(date, route).await?;
        if first.as_deref().is_some_and(|first| layout(first) != layout(&old)) {
            return Err(changed_meanwhile(date, route));
        }
        let basis = Basis { seen, old: &old, checks: Vec::new(), sync: None };
        match write(store, date, route, stops, upload, record, claims, &basis).await {
            Err(ApiError::Conflict(_)) => first = first.or(Some(old)),
            done => return done,
        }
    }
    Err(changed_meanwhile(date, route))
}

/// Writes one replacement on what `basis` read, once: a generic Conflict
/// when the route, or a route it checks, moved since (the caller reads again).
#[allow(clippy::too_many_arguments)]
pub async fn write(
    store: &impl RoutesStore,
    date: &str,
    route: &str,
    stops: &[RouteStop],
    upload: &str,
    record: &Record,
    claims: &[Claim],
    basis: &Basis<'_>,
) -> Result<(), ApiError> {
    if stops.len() > MAX_STOPS_PER_ROUTE {
        return Err(ApiError::bad_request(too_many_stops(date, route, stops.len())));
    }
    let new_keys: BTreeSet<String> = stops.iter().map(|s| sort_key(&s.route, s.stop)).collect();
    // A re-upload during the day keeps what the drivers recorded: the same
    // location and stocking index keeps its stocked time, wherever it moves.
    // The version condition makes sure these are still the stored times.
    // Its stocker too: the door after stocking opens only for them.
    let stocked: HashMap<(String, i64), (String, Option<String>)> = basis
        .old
        .iter()
        .filter_map(|o| {
            Some(((o.stop.id.clone(), o.stop.stocking_index), (o.stocked_time_utc.clone()?, o.stocked_by.clone())))
        })
        .collect();
    let change = RouteWrite {
        date,
        route,
        gone: basis.old.iter().map(|o| o.route_stop.clone()).filter(|k| !new_keys.contains(k)).collect(),
        stops: stops
            .iter()
            .map(|s| StoredStop {
                stop: s.clone(),
                route_stop: sort_key(&s.route, s.stop),
                upload: Some(upload.to_string()),
                stocked_time_utc: stocked.get(&(s.id.clone(), s.stocking_index)).map(|(at, _)| at.clone()),
                stocked_by: stocked.get(&(s.id.clone(), s.stocking_index)).and_then(|(_, by)| by.clone()),
            })
            .collect(),
        seen: basis.seen,
        checks: basis.checks.clone(),
        sync: basis.sync,
        record,
        claims,
    };
    store.write_route(&change).await
}

/// [`replace`] in DynamoDB, as the integration tests call it.
pub async fn replace_route(
    deps: &'static Deps,
    date: &str,
    route: &str,
    stops: &[RouteStop],
    upload: &str,
    record: &Record,
    claims: Vec<Claim>,
) -> Result<(), ApiError> {
    replace(&Dynamo(deps), date, route, stops, upload, record, &claims).await
}

/// The stops of one route on a date in DynamoDB, as the integration tests read them.
pub async fn of_route(deps: &'static Deps, date: &str, route: &str) -> Result<Vec<StoredStop>, ApiError> {
    Dynamo(deps).stops_of_route(date, route).await
}

/// The stops of a stored route as a map by sort key (for diffs).
pub fn by_key(stops: Vec<StoredStop>) -> HashMap<String, StoredStop> {
    stops.into_iter().map(|s| (s.route_stop.clone(), s)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;
    use fleet_shared::history;

    const DATE: &str = "2026-11-23";

    fn stop(id: &str, n: i64, market: &str) -> RouteStop {
        RouteStop {
            stocking_date: DATE.into(),
            market: market.into(),
            id: id.into(),
            route: "g1".into(),
            stop: n,
            stocking_index: 1,
            stop_type: "DELIVERY".into(),
        }
    }

    fn record() -> Record {
        Record::new(history::entity("routes", DATE), "2026-11-23T00:00:00.000Z", "test", "f.csv (route g1)", vec![])
    }

    fn ids(fake: &Memory) -> Vec<(i64, String)> {
        fake.route(DATE, "g1").into_iter().map(|(n, id, _)| (n, id)).collect()
    }

    #[tokio::test]
    async fn a_route_lands_whole_or_not_at_all() {
        let fake = Memory::default();
        replace(&fake, DATE, "g1", &[stop("A", 1, "MW"), stop("B", 2, "MW")], "u1", &record(), &[]).await.unwrap();
        // The second of three stops is too large for DynamoDB: nothing of the route changes.
        let poisoned = [stop("C", 1, "MW"), stop("A", 2, &"x".repeat(410 * 1024)), stop("B", 3, "MW")];
        assert!(replace(&fake, DATE, "g1", &poisoned, "poison", &record(), &[]).await.is_err());
        assert_eq!(ids(&fake), [(1, "A".into()), (2, "B".into())], "the old stops stay");
        assert_eq!(fake.history.lock().unwrap().len(), 1);
        // A new route replaces it whole: B leaves (deleted), C comes, the version moves on.
        replace(&fake, DATE, "g1", &[stop("C", 1, "MW"), stop("A", 2, "MW")], "u2", &record(), &[]).await.unwrap();
        assert_eq!(ids(&fake), [(1, "C".into()), (2, "A".into())]);
        assert_eq!(fake.versions.lock().unwrap()[&(DATE.to_string(), "g1".to_string())], 2);
        assert_eq!(fake.route(DATE, "g1").len(), 2);
    }

    #[tokio::test]
    async fn a_reupload_keeps_each_stocked_stops_time_wherever_it_moves() {
        let fake = Memory::default();
        replace(&fake, DATE, "g1", &[stop("A", 1, "MW"), stop("B", 2, "MW")], "u1", &record(), &[]).await.unwrap();
        let at = "2026-11-23T15:00:00.000Z".to_string();
        fake.stops.lock().unwrap().get_mut(&(DATE.to_string(), "g1#0001".to_string())).unwrap().stocked_time_utc =
            Some(at.clone());
        // A stocked at stop 1 moves to stop 2; C takes stop 1.
        replace(&fake, DATE, "g1", &[stop("C", 1, "MW"), stop("A", 2, "MW")], "u2", &record(), &[]).await.unwrap();
        let stocked =
            |key: &str| fake.stops.lock().unwrap()[&(DATE.to_string(), key.to_string())].stocked_time_utc.clone();
        assert_eq!(stocked("g1#0002"), Some(at));
        assert_eq!(stocked("g1#0001"), None, "C was not stocked");
    }

    #[tokio::test]
    async fn a_stocked_time_set_between_the_read_and_the_write_is_kept() {
        let fake = Memory::default();
        replace(&fake, DATE, "g1", &[stop("A", 1, "MW"), stop("B", 2, "MW")], "u1", &record(), &[]).await.unwrap();
        // A driver stocks B after this replacement read the route, before it writes.
        let at = "2026-11-23T15:00:00.000Z";
        fake.stocked_meanwhile.lock().unwrap().push((DATE.into(), "g1#0002".into(), at.into()));
        replace(&fake, DATE, "g1", &[stop("B", 1, "MW"), stop("A", 2, "MW")], "u2", &record(), &[]).await.unwrap();
        assert_eq!(ids(&fake), [(1, "B".into()), (2, "A".into())]);
        assert_eq!(fake.stocked(DATE, "g1#0001").as_deref(), Some(at), "B keeps its stocked time");
        assert_eq!(fake.history.lock().unwrap().len(), 2, "written once");
    }

    #[tokio::test]
    async fn a_route_changed_meanwhile_is_refused_with_its_message() {
        let fake = Memory::default();
        replace(&fake, DATE, "g1", &[stop("A", 1, "MW")], "u1", &record(), &[]).await.unwrap();
        fake.meanwhile.lock().unwrap().push((DATE.into(), "g1".into()));
        let err = replace(&fake, DATE, "g1", &[stop("B", 1, "MW")], "u2", &record(), &[]).await.unwrap_err();
        assert_eq!(
            err.to_string(),
            "Route g1 on 2026-11-23 was changed by another upload meanwhile. Check the file again."
        );
        assert_eq!(ids(&fake), [(1, "A".into())]);
    }

    #[tokio::test]
    async fn a_route_over_the_most_stops_is_refused_and_the_most_fits_one_transaction() {
        let fake = Memory::default();
        let route = |prefix: &str, n: usize| -> Vec<RouteStop> {
            (1..=n as i64).map(|i| stop(&format!("{prefix}{i}"), i, "MW")).collect()
        };
        let err =
            replace(&fake, DATE, "g1", &route("A", MAX_STOPS_PER_ROUTE + 1), "u", &record(), &[]).await.unwrap_err();
        assert_eq!(err.to_string(), "Route g1 on 2026-11-23 has 49 stops; a route can have at most 48.");
        assert!(fake.route(DATE, "g1").is_empty() && fake.history.lock().unwrap().is_empty());
        // A full route replacing another full one of other stop numbers deletes
        // all and puts all, with its version, history and upload record: it fits.
        replace(&fake, DATE, "g1", &route("A", MAX_STOPS_PER_ROUTE), "u", &record(), &[]).await.unwrap();
        let shifted: Vec<RouteStop> = route("B", MAX_STOPS_PER_ROUTE)
            .into_iter()
            .map(|mut s| {
                s.stop += MAX_STOPS_PER_ROUTE as i64;
                s
            })
            .collect();
        let claim = Claim::new("routes", "u2", "group#x", "d".into(), &serde_json::json!([]), 0);
        replace(&fake, DATE, "g1", &shifted, "u2", &record(), &[claim]).await.unwrap();
        assert_eq!(fake.route(DATE, "g1").len(), MAX_STOPS_PER_ROUTE);
        assert_eq!(fake.route(DATE, "g1")[0].0, MAX_STOPS_PER_ROUTE as i64 + 1);
    }
}
