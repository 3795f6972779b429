use super::*;
use crate::entity::route_stop::{sort_key, RouteStop};
use proptest::prelude::*;
use std::sync::Mutex;

type Memory = MemoryAssignments;

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
        stocked_by: None,
    }
}

fn driver(route: &str, sub: &str) -> DriverAssignment {
    DriverAssignment {
        stocking_date: DATE.into(),
        route: route.into(),
        driver_sub: sub.into(),
        driver_email: format!("{sub}@fleet.local"),
        driver_name: None,
        assigned_by: "ops@fleet.local".into(),
        assigned_at: "2026-11-24T15:00:00.000Z".into(),
        source: "screen".into(),
        version: 1,
        first_action: None,
    }
}

/// The server's clock in the tests: 08:00 Central on DATE, its current stocking day.
fn now() -> DateTime<Utc> {
    "2026-11-25T14:00:00Z".parse().unwrap()
}

fn ask(index: Option<i64>) -> Ask<'static> {
    Ask {
        location: "CHI_1",
        date: DATE,
        stocking_index: index,
        route: None,
        opens_door: false,
        may_claim: true,
        now: now(),
        what: "PackingSlipQuery at CHI_1",
    }
}

fn door() -> Ask<'static> {
    Ask { opens_door: true, may_claim: false, what: "UnlockDoor", ..ask(None) }
}

fn stocked_by(mut s: StoredStop, sub: &str) -> StoredStop {
    s.stocked_by = Some(sub.into());
    s
}

fn not_yours(m: &str) -> Refusal {
    Refusal::NotYours(m.into())
}

async fn standing(store: &Memory, who: &str, ask: &Ask<'_>) -> Result<Standing, ApiError> {
    gate(store, &caller(who), ask).await.map(|p| p.standing)
}

/// The gate's pass, committed as the call's transaction would.
async fn act(store: &Memory, who: &str, ask: &Ask<'_>) -> Result<Standing, ApiError> {
    let pass = gate(store, &caller(who), ask).await?;
    store.commit(&pass)?;
    Ok(pass.standing)
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
        not_yours("CHI_1 is not on your routes of 2026-11-25: route r1 is assigned to d1@fleet.local.")
    );
}

#[test]
fn a_route_without_a_driver_may_be_claimed_and_a_location_without_a_stop_is_refused() {
    let stops = [stop("CHI_1", "r2", 1, None), stop("CHI_1", "r1", 2, None)];
    assert_eq!(decide("d1", &ask(None), &stops, &[]), Ok(Standing::Claims("r1".into())), "the first route in order");
    assert_eq!(decide("d1", &ask(Some(1)), &stops, &[]), Ok(Standing::Claims("r2".into())), "the index's own route");
    assert_eq!(
        decide("d1", &ask(Some(3)), &stops, &[]).unwrap_err(),
        not_yours("CHI_1 has no stop (stocking index 3) on the routes of 2026-11-25.")
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
fn a_door_opens_before_stocking_and_for_30_minutes_after_only_for_who_stocked() {
    let drivers = [driver("r1", "d1")];
    for (stocked, open) in
        [(None, true), (Some("2026-11-25T13:31:00.000Z"), true), (Some("2026-11-25T13:29:00.000Z"), false)]
    {
        let stops = [stocked_by(stop("CHI_1", "r1", 1, stocked), "d1")];
        let decided = decide("d1", &door(), &stops, &drivers);
        assert_eq!(decided.is_ok(), open, "stocked at {stocked:?}: {decided:?}");
    }
    let stops = [stocked_by(stop("CHI_1", "r1", 1, Some("2026-11-25T12:00:00.000Z")), "d1")];
    assert_eq!(
        decide("d1", &door(), &stops, &drivers).unwrap_err(),
        not_yours("The stop at CHI_1 was stocked more than 30 minutes ago: its door no longer opens for the driver.")
    );
    // Stocked 5 minutes ago by another driver (a supervisor's re-time, or the route's old driver).
    let stops = [stocked_by(stop("CHI_1", "r1", 1, Some("2026-11-25T13:55:00.000Z")), "d2")];
    assert_eq!(
        decide("d1", &door(), &stops, &drivers).unwrap_err(),
        not_yours(
            "The stop at CHI_1 was stocked by another driver: its door opens only for the driver who stocked it."
        )
    );
}

#[tokio::test]
async fn a_claim_is_written_with_the_call_with_its_history_and_marker_and_then_holds() {
    let store = Memory::with_stops(vec![stop("CHI_1", "r1", 1, None)]);
    assert_eq!(act(&store, "d1", &ask(None)).await, Ok(Standing::Claims("r1".into())));
    let drivers = store.all_drivers();
    assert_eq!((drivers[0].driver_sub.as_str(), drivers[0].source.as_str()), ("d1", SOURCE_CLAIM));
    assert_eq!(drivers[0].first_action.as_deref(), Some("PackingSlipQuery at CHI_1"));
    let history = store.history.lock().unwrap().clone();
    assert_eq!(history[0].entity, "route-driver#2026-11-25#r1");
    assert_eq!(
        (history[0].changes[0].old_value.as_str(), history[0].changes[0].new_value.as_str()),
        ("null", "\"d1@fleet.local\"")
    );
    assert_eq!(store.markers.lock().unwrap()[0].route, "r1", "the day's claim marker");
    assert_eq!(act(&store, "d1", &ask(None)).await, Ok(Standing::Assigned("r1".into())));
    let refused = act(&store, "d2", &ask(None)).await.unwrap_err();
    assert_eq!((refused.status(), refused.to_string().contains("assigned to d1@fleet.local")), (403, true));
}

#[tokio::test]
async fn the_gate_writes_nothing_so_a_call_refused_after_it_leaves_no_claim() {
    let store = Memory::with_stops(vec![stop("CHI_1", "r1", 1, None)]);
    let pass = gate(&store, &caller("d1"), &ask(None)).await.unwrap();
    assert_eq!(pass.standing, Standing::Claims("r1".into()));
    // The call is refused by its own checks after the gate: its transaction never runs.
    drop(pass);
    assert!(store.all_drivers().is_empty() && store.history.lock().unwrap().is_empty());
    assert!(store.markers.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_reassignment_between_the_read_and_the_write_stops_the_old_driver() {
    let store = Memory::with_stops(vec![stop("CHI_1", "r1", 1, None)]);
    store.drivers.lock().unwrap().push(driver("r1", "d1"));
    let pass = gate(&store, &caller("d1"), &ask(None)).await.unwrap();
    assert_eq!(pass.standing, Standing::Assigned("r1".into()));
    *store.racing.lock().unwrap() = Some(driver("r1", "d2"));
    assert_eq!(store.commit(&pass).unwrap_err().status(), 409, "the write's condition fails");
    // Decided again on what is stored now: refused, naming the new driver.
    let again = gate(&store, &caller("d1"), &ask(None)).await.unwrap_err();
    assert_eq!(again.to_string(), "CHI_1 is not on your routes of 2026-11-25: route r1 is assigned to d2@fleet.local.");
}

#[tokio::test]
async fn with_pass_decides_again_when_the_write_finds_its_pass_stale() {
    let store = Memory::with_stops(vec![stop("CHI_1", "r1", 1, None)]);
    *store.racing.lock().unwrap() = Some(driver("r1", "d2"));
    let memory = &store;
    let written = with_pass(&store, &caller("d1"), &ask(None), |pass| async move {
        match memory.commit(&pass) {
            Ok(()) => Ok(Some(pass.standing)),
            Err(ApiError::Conflict(_)) => Ok(None),
            Err(e) => Err(e),
        }
    })
    .await;
    let refused = written.unwrap_err();
    assert_eq!(
        refused.to_string(),
        "CHI_1 is not on your routes of 2026-11-25: route r1 is assigned to d2@fleet.local."
    );
    assert!(store.history.lock().unwrap().is_empty(), "the lost claim wrote nothing");
}

#[tokio::test]
async fn a_fridge_task_never_claims() {
    let store = Memory::with_stops(vec![stop("CHI_1", "r1", 1, None)]);
    let refused = act(&store, "d1", &door()).await.unwrap_err();
    assert_eq!(
        (refused.status(), refused.to_string()),
        (403, "Route r1 has no driver yet. Scan the stop first, or ask the office to assign it.".to_string())
    );
    assert!(store.all_drivers().is_empty(), "the route still has no driver");
    // A driver action claims it; then the task is the driver's.
    act(&store, "d1", &ask(None)).await.unwrap();
    assert_eq!(act(&store, "d1", &door()).await, Ok(Standing::Assigned("r1".into())));
}

#[tokio::test]
async fn a_claim_is_for_the_current_stocking_day_only() {
    let yesterday = "2026-11-24";
    let mut s = stop("CHI_1", "r1", 1, None);
    s.stop.stocking_date = yesterday.into();
    let store = Memory::with_stops(vec![s]);
    let backdated = Ask { date: yesterday, ..ask(None) };
    let refused = act(&store, "d3", &backdated).await.unwrap_err();
    assert_eq!(
        refused.to_string(),
        "Route r1 of 2026-11-24 had no driver. Ask the office to assign it, then send again."
    );
    assert!(store.all_drivers().is_empty());
    // On a route of that day the caller already drives, it is recorded as before.
    store.drivers.lock().unwrap().push(DriverAssignment { stocking_date: yesterday.into(), ..driver("r1", "d3") });
    assert_eq!(act(&store, "d3", &backdated).await, Ok(Standing::Assigned("r1".into())));
}

#[tokio::test]
async fn one_claim_per_driver_and_day_even_after_the_office_clears_it() {
    let store = Memory::with_stops(vec![stop("CHI_1", "r1", 1, None), stop("CHI_2", "r2", 1, None)]);
    act(&store, "d3", &ask(None)).await.unwrap();
    let second = Ask { location: "CHI_2", ..ask(None) };
    let refused = act(&store, "d3", &second).await.unwrap_err();
    assert_eq!(
        (refused.status(), refused.to_string()),
        (403, "You already claimed route r1 today. Ask the office to assign route r2 to you.".to_string())
    );
    // The office clears r1: the marker stays, so r2 still needs the office.
    store.drivers.lock().unwrap().clear();
    assert_eq!(act(&store, "d3", &second).await.unwrap_err().status(), 403);
    // Two claims at once: the second transaction meets the first one's marker.
    let store = Memory::with_stops(vec![stop("CHI_1", "r1", 1, None), stop("CHI_2", "r2", 1, None)]);
    let (a, b) = (gate(&store, &caller("d3"), &ask(None)).await, gate(&store, &caller("d3"), &second).await);
    store.commit(&a.unwrap()).unwrap();
    assert_eq!(store.commit(&b.unwrap()).unwrap_err().status(), 409);
    assert_eq!(store.all_drivers().len(), 1);
}

#[tokio::test]
async fn a_supervisor_never_claims_and_acts_anywhere() {
    let store = Memory {
        stops: Mutex::new(vec![stop("CHI_1", "r1", 1, None)]),
        supervisors: vec!["boss".into()],
        ..Memory::default()
    };
    assert_eq!(act(&store, "boss", &ask(None)).await, Ok(Standing::Supervisor));
    assert!(store.all_drivers().is_empty(), "the route is left as it was");
    assert_eq!(act(&store, "d1", &ask(None)).await, Ok(Standing::Claims("r1".into())), "its driver still may");
    let nowhere = Ask { location: "NYC_9", ..ask(None) };
    assert_eq!(standing(&store, "boss", &nowhere).await, Ok(Standing::Supervisor));
    assert_eq!(standing(&store, "d1", &nowhere).await.unwrap_err().status(), 403);
}

#[tokio::test]
async fn the_office_can_turn_claims_off() {
    let store = Memory::with_stops(vec![stop("CHI_1", "r1", 1, None)]);
    store.settings.lock().unwrap().claims_allowed = false;
    let refused = act(&store, "d1", &ask(None)).await.unwrap_err();
    assert_eq!(refused.to_string(), "Route r1 has no driver. Ask the office to assign it.");
    store.drivers.lock().unwrap().push(driver("r1", "d1"));
    assert_eq!(act(&store, "d1", &ask(None)).await, Ok(Standing::Assigned("r1".into())), "assigned still acts");
}

#[tokio::test]
async fn a_van_reading_names_a_real_route_of_its_day_and_a_stop_of_it() {
    let store = Memory::with_stops(vec![stop("CHI_1", "r1", 1, None), stop("CHI_2", "r2", 1, None)]);
    let van = |route| Ask { route: Some(route), what: "VanTemperature at CHI_1", ..ask(None) };
    let invented = act(&store, "d1", &van("no-such-route")).await.unwrap_err();
    assert_eq!(
        (invented.status(), invented.to_string()),
        (400, "Route no-such-route has no stops on 2026-11-25.".into())
    );
    let elsewhere = act(&store, "d1", &van("r2")).await.unwrap_err();
    assert_eq!(
        (elsewhere.status(), elsewhere.to_string()),
        (400, "CHI_1 is not a stop of route r2 on 2026-11-25.".into())
    );
    assert!(store.all_drivers().is_empty(), "no route was invented or claimed");
    assert_eq!(act(&store, "d1", &van("r1")).await, Ok(Standing::Claims("r1".into())));
    assert_eq!(act(&store, "d2", &van("r1")).await.unwrap_err().status(), 403, "r1 is d1's now");
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

    /// Whatever the order of calls, a driver holds at most one claim a day,
    /// a route at most one driver, and a fridge task never writes one.
    #[test]
    fn claims_stay_within_their_limits(calls in prop::collection::vec(
        (prop::sample::select(vec!["d1", "d2", "boss"]), prop::sample::select(vec!["CHI_1", "CHI_2", "CHI_3"]), any::<bool>()),
        0..12,
    )) {
        let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let store = Memory {
            stops: Mutex::new(vec![stop("CHI_1", "r1", 1, None), stop("CHI_2", "r2", 1, None), stop("CHI_3", "r3", 1, None)]),
            supervisors: vec!["boss".into()],
            ..Memory::default()
        };
        for (who, location, task) in calls {
            let a = Ask { location, may_claim: !task, ..ask(None) };
            let before = store.all_drivers().len();
            let _ = rt.block_on(act(&store, who, &a));
            if task || who == "boss" {
                prop_assert_eq!(store.all_drivers().len(), before, "a task or a supervisor never claims");
            }
        }
        let drivers = store.all_drivers();
        for sub in ["d1", "d2"] {
            prop_assert!(drivers.iter().filter(|d| d.driver_sub == sub).count() <= 1);
        }
        prop_assert!(drivers.iter().all(|d| d.driver_sub != "boss"));
        let routes: BTreeSet<&str> = drivers.iter().map(|d| d.route.as_str()).collect();
        prop_assert_eq!(routes.len(), drivers.len());
    }
}
