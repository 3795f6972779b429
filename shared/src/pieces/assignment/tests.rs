use super::*;
use crate::entity::route_stop::{sort_key, RouteStop};
use proptest::prelude::*;
use std::sync::Mutex;

const DATE: &str = "2026-11-25";

fn stop(location: &str, route: &str, index: i64, stocked: Option<&str>) -> StoredStop {
    StoredStop {
        stop: RouteStop {
            stocking_date: DATE.into(),
            market: "MW".into(),
            id: location.into(),
            route: route.into(),
            stop: 1,
            stocking_index: index,
            stop_type: "DELIVERY".into(),
        },
        route_stop: sort_key(route, 1),
        upload: None,
        stocked_time_utc: stocked.map(str::to_string),
    }
}

fn driver(route: &str, sub: &str) -> DriverAssignment {
    DriverAssignment {
        stocking_date: DATE.into(),
        route: route.into(),
        driver_sub: sub.into(),
        driver_email: format!("{sub}@fleet.local"),
        assigned_by: "ops@fleet.local".into(),
        assigned_at: "2026-11-24T15:00:00.000Z".into(),
        source: "screen".into(),
        version: 1,
    }
}

fn ask(index: Option<i64>) -> Ask<'static> {
    Ask { location: "CHI_1", date: DATE, stocking_index: index, door_at: None }
}

fn caller(sub: &str) -> Caller {
    Caller {
        sub: sub.into(),
        username: sub.into(),
        email: format!("{sub}@fleet.local"),
        email_verified: true,
        name: None,
    }
}

#[test]
fn the_assigned_driver_acts_and_anyone_else_is_told_whose_route_it_is() {
    let stops = [stop("CHI_1", "r1", 1, None)];
    let drivers = [driver("r1", "d1")];
    assert_eq!(decide("d1", &ask(None), &stops, &drivers), Ok(Standing::Assigned("r1".into())));
    assert_eq!(
        decide("d2", &ask(None), &stops, &drivers).unwrap_err(),
        "CHI_1 is not on your routes of 2026-11-25: route r1 is assigned to d1@fleet.local."
    );
}

#[test]
fn an_unassigned_route_is_claimed_and_a_location_without_a_stop_is_refused() {
    let stops = [stop("CHI_1", "r2", 1, None), stop("CHI_1", "r1", 2, None)];
    assert_eq!(decide("d1", &ask(None), &stops, &[]), Ok(Standing::Claims("r1".into())), "the first route in order");
    assert_eq!(decide("d1", &ask(Some(1)), &stops, &[]), Ok(Standing::Claims("r2".into())), "the index's own route");
    assert_eq!(
        decide("d1", &ask(Some(3)), &stops, &[]).unwrap_err(),
        "CHI_1 has no stop (stocking index 3) on the routes of 2026-11-25."
    );
    let other_day = [StoredStop {
        stop: RouteStop { stocking_date: "2026-11-24".into(), ..stops[0].stop.clone() },
        ..stops[0].clone()
    }];
    assert!(decide("d1", &ask(None), &other_day, &[]).is_err(), "yesterday's stop is not today's");
}

#[test]
fn a_stop_on_two_routes_counts_the_callers_route_first() {
    let stops = [stop("CHI_1", "r1", 1, None), stop("CHI_1", "r2", 2, None)];
    let drivers = [driver("r1", "d1"), driver("r2", "d2")];
    assert_eq!(decide("d2", &ask(None), &stops, &drivers), Ok(Standing::Assigned("r2".into())));
    assert_eq!(decide("d2", &ask(Some(1)), &stops, &drivers).map_err(|_| ()), Err(()), "index 1 is r1's");
}

#[test]
fn a_door_opens_before_stocking_and_for_30_minutes_after() {
    let now: DateTime<Utc> = "2026-11-25T14:00:00Z".parse().unwrap();
    let door = Ask { door_at: Some(now), ..ask(None) };
    let drivers = [driver("r1", "d1")];
    for (stocked, open) in
        [(None, true), (Some("2026-11-25T13:31:00.000Z"), true), (Some("2026-11-25T13:29:00.000Z"), false)]
    {
        let stops = [stop("CHI_1", "r1", 1, stocked)];
        let decided = decide("d1", &door, &stops, &drivers);
        assert_eq!(decided.is_ok(), open, "stocked at {stocked:?}: {decided:?}");
    }
    let stops = [stop("CHI_1", "r1", 1, Some("2026-11-25T12:00:00.000Z"))];
    assert_eq!(
        decide("d1", &door, &stops, &drivers).unwrap_err(),
        "The stop at CHI_1 was stocked more than 30 minutes ago: its door no longer opens for the driver."
    );
}

type Memory = MemoryAssignments;

#[tokio::test]
async fn a_claim_is_recorded_with_its_history_and_then_holds() {
    let store = Memory::with_stops(vec![stop("CHI_1", "r1", 1, None)]);
    assert_eq!(gate(&store, &caller("d1"), &ask(None)).await, Ok(Standing::Claims("r1".into())));
    let drivers = store.all_drivers();
    assert_eq!((drivers[0].driver_sub.as_str(), drivers[0].source.as_str()), ("d1", SOURCE_CLAIM));
    let history = store.history.lock().unwrap().clone();
    assert_eq!(history[0].entity, "route-driver#2026-11-25#r1");
    assert_eq!(
        (history[0].changes[0].old_value.as_str(), history[0].changes[0].new_value.as_str()),
        ("null", "\"d1@fleet.local\"")
    );
    assert_eq!(gate(&store, &caller("d1"), &ask(None)).await, Ok(Standing::Assigned("r1".into())));
    let refused = gate(&store, &caller("d2"), &ask(None)).await.unwrap_err();
    assert_eq!((refused.status(), refused.to_string().contains("assigned to d1@fleet.local")), (403, true));
}

#[tokio::test]
async fn a_claim_lost_to_another_driver_is_refused_and_a_supervisor_acts_anywhere() {
    let store = Memory {
        stops: Mutex::new(vec![stop("CHI_1", "r1", 1, None)]),
        racing: Mutex::new(Some(driver("r1", "d2"))),
        supervisors: vec!["boss".into()],
        ..Memory::default()
    };
    let refused = gate(&store, &caller("d1"), &ask(None)).await.unwrap_err();
    assert!(matches!(&refused, ApiError::Refused(m) if m.contains("assigned to d2@fleet.local")), "{refused:?}");
    assert!(store.history.lock().unwrap().is_empty(), "the lost claim wrote nothing");
    assert_eq!(gate(&store, &caller("boss"), &ask(None)).await, Ok(Standing::Supervisor));
    let nowhere = Ask { location: "NYC_9", ..ask(None) };
    assert_eq!(gate(&store, &caller("boss"), &nowhere).await, Ok(Standing::Supervisor));
    assert_eq!(gate(&store, &caller("d1"), &nowhere).await.unwrap_err().status(), 403);
}

fn stops_strategy() -> impl Strategy<Value = Vec<StoredStop>> {
    prop::collection::vec(
        (prop::sample::select(vec!["CHI_1", "CHI_2"]), prop::sample::select(vec!["r1", "r2", "r3"]), 1i64..3),
        0..6,
    )
    .prop_map(|v| v.into_iter().map(|(l, r, i)| stop(l, r, i, None)).collect())
}

fn drivers_strategy() -> impl Strategy<Value = Vec<DriverAssignment>> {
    prop::collection::btree_map(
        prop::sample::select(vec!["r1", "r2", "r3"]),
        prop::sample::select(vec!["d1", "d2"]),
        0..3,
    )
    .prop_map(|m| m.into_iter().map(|(r, d)| driver(r, d)).collect())
}

proptest! {
    /// Allowed only on the caller's own route or an unassigned one at that
    /// location (and index); refused only when there is none.
    #[test]
    fn the_rule_allows_exactly_the_callers_or_a_free_route(
        stops in stops_strategy(), drivers in drivers_strategy(), index in prop::option::of(1i64..3)
    ) {
        let a = ask(index);
        let here: Vec<&StoredStop> = stops.iter()
            .filter(|s| s.stop.id == "CHI_1" && index.is_none_or(|i| s.stop.stocking_index == i)).collect();
        let driver_of = |r: &str| drivers.iter().find(|d| d.route == r).map(|d| d.driver_sub.as_str());
        match decide("d1", &a, &stops, &drivers) {
            Ok(Standing::Assigned(r)) => {
                prop_assert_eq!(driver_of(&r), Some("d1"));
                prop_assert!(here.iter().any(|s| s.stop.route == r));
            }
            Ok(Standing::Claims(r)) => {
                prop_assert_eq!(driver_of(&r), None);
                prop_assert!(here.iter().any(|s| s.stop.route == r));
                prop_assert!(!here.iter().any(|s| driver_of(&s.stop.route) == Some("d1")), "own route first");
            }
            Ok(Standing::Supervisor) => prop_assert!(false, "decide never answers Supervisor"),
            Err(_) => prop_assert!(here.iter().all(|s| driver_of(&s.stop.route).is_some_and(|d| d != "d1"))),
        }
    }
}

#[tokio::test]
async fn a_route_is_its_drivers_and_an_unassigned_one_is_claimed() {
    let store = Memory::default();
    assert_eq!(gate_route(&store, &caller("d1"), DATE, "r9").await, Ok(Standing::Claims("r9".into())));
    assert_eq!(gate_route(&store, &caller("d1"), DATE, "r9").await, Ok(Standing::Assigned("r9".into())));
    let refused = gate_route(&store, &caller("d2"), DATE, "r9").await.unwrap_err();
    assert_eq!(refused.to_string(), "Route r9 of 2026-11-25 is assigned to d1@fleet.local.");
}
