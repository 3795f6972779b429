//! Each kind worked out by hand, with its edges: exactly 45 minutes, 41.0 °F
//! against 41.1 °F, the 18:00 Central end of the day.
use super::*;
use crate::events::EventType;
use proptest::prelude::*;
use serde_json::json;

/// 2026-11-23: Central is UTC-6, so 07:00 CT is 13:00Z and the day ends at 2026-11-24T00:00Z.
const DATE: &str = "2026-11-23";

fn date() -> NaiveDate {
    DATE.parse().unwrap()
}

fn t(hhmmss: &str) -> DateTime<Utc> {
    let full = if hhmmss.len() == 5 { format!("{hhmmss}:00") } else { hhmmss.to_string() };
    format!("{DATE}T{full}.000Z").parse().unwrap()
}

fn stop(id: &str, n: i64) -> RouteStop {
    RouteStop {
        stocking_date: DATE.into(),
        market: "MW".into(),
        id: id.into(),
        route: "R1".into(),
        stop: n,
        stocking_index: 1,
        stop_type: "DELIVERY".into(),
    }
}

fn act(kind: EventType, at: &str, location: &str, sub: &str, data: serde_json::Value) -> Recorded {
    Recorded {
        id: format!("{}-{sub}-{at}-{location}", kind.name()),
        location_id: location.into(),
        data: ActionData::parse(kind, &data).unwrap(),
        occurred_at: fridge_time::stamp(t(at)),
        by: format!("{sub}@fleet.test"),
        by_email: format!("{sub}@fleet.test"),
        by_sub: sub.into(),
    }
}

fn scan(at: &str, location: &str) -> Recorded {
    act(EventType::PackingSlipQuery, at, location, "d1", json!({ "packingSlipId": "s", "stockingIndex": 1 }))
}
fn stocked(at: &str, location: &str, temperature: Option<f64>) -> Recorded {
    act(EventType::LocationStocked, at, location, "d1", json!({ "stockingIndex": 1, "temperature": temperature }))
}
fn van(at: &str, temperature: f64) -> Recorded {
    act(EventType::VanTemperature, at, "DEPOT", "d1", json!({ "temperature": temperature, "route": "R1" }))
}
fn unreachable(at: &str, location: &str) -> Recorded {
    act(EventType::LocationUnreachable, at, location, "d1", json!({ "reason": "Gate locked", "stockingIndex": 1 }))
}

fn driver() -> DriverAssignment {
    DriverAssignment {
        stocking_date: DATE.into(),
        route: "R1".into(),
        driver_sub: "d1".into(),
        driver_email: "d1@fleet.test".into(),
        driver_name: None,
        assigned_by: "ops@fleet.test".into(),
        assigned_at: "2026-11-22T12:00:00.000Z".into(),
        source: "UPLOAD".into(),
        version: 1,
        first_action: None,
    }
}

struct Case {
    stops: Vec<RouteStop>,
    actions: Vec<Recorded>,
    drivers: Vec<DriverAssignment>,
    health: HashMap<String, FridgeFacts>,
    voids: Vec<(DateTime<Utc>, String)>,
}

impl Case {
    fn new(actions: Vec<Recorded>) -> Case {
        Case {
            stops: vec![stop("A", 1), stop("B", 2)],
            actions,
            drivers: vec![],
            health: HashMap::new(),
            voids: vec![],
        }
    }

    fn at(&self, now: DateTime<Utc>) -> Vec<Occurrence> {
        let actions: Vec<&Recorded> = self.actions.iter().collect();
        let day = Day {
            date: date(),
            closes: "2026-11-24T00:00:00Z".parse().unwrap(),
            now,
            stops: &self.stops,
            actions: &actions,
            drivers: &self.drivers,
            health: &self.health,
            voids: &self.voids,
        };
        occurrences(&day, &RULES)
    }

    fn of(&self, kind: Kind, now: DateTime<Utc>) -> Vec<Occurrence> {
        self.at(now).into_iter().filter(|o| o.kind == kind).collect()
    }
}

#[test]
fn a_route_without_an_action_by_07_00_central_has_not_started() {
    let quiet_day = Case::new(vec![]);
    assert!(quiet_day.of(Kind::RouteNotStarted, t("12:59:59")).is_empty(), "before 07:00 CT");
    let open = quiet_day.of(Kind::RouteNotStarted, t("13:00"));
    assert_eq!(open.len(), 1, "at 07:00 CT");
    assert_eq!(open[0].since, t("13:00"));
    assert_eq!(open[0].facts, "No action on route R1 by 07:00 CT");
    assert_eq!(open[0].ended, None);

    let late = Case::new(vec![scan("13:30", "A")]);
    let ended = late.of(Kind::RouteNotStarted, t("14:00"));
    assert_eq!(ended[0].ended, Some((t("13:30"), "first action by d1@fleet.test at 07:30".into())));
    assert!(Case::new(vec![scan("12:00", "A")]).of(Kind::RouteNotStarted, t("14:00")).is_empty(), "on time");
    assert!(Case::new(vec![scan("13:00", "A")]).of(Kind::RouteNotStarted, t("14:00")).is_empty(), "at 07:00");
}

#[test]
fn a_stop_scanned_and_not_stocked_for_more_than_45_minutes_is_stuck() {
    let case = Case::new(vec![scan("10:00", "A")]);
    assert!(case.of(Kind::StopStuck, t("10:45:00")).is_empty(), "exactly 45 minutes is not more");
    let open = case.of(Kind::StopStuck, t("10:45:01"));
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].since, t("10:45"));
    assert_eq!(open[0].location_id.as_deref(), Some("A"));
    assert_eq!(open[0].facts, "Scanned by d1@fleet.test at 04:00 and not stocked within 45 minutes");

    let later = Case::new(vec![scan("10:00", "A"), stocked("11:00", "A", None)]);
    let resolved = later.of(Kind::StopStuck, t("12:00"));
    assert_eq!(resolved[0].ended, Some((t("11:00"), "stocked at 05:00".into())));
    assert!(
        Case::new(vec![scan("10:00", "A"), stocked("10:45", "A", None)]).of(Kind::StopStuck, t("12:00")).is_empty(),
        "stocked at 45 minutes"
    );
}

#[test]
fn a_re_scan_ends_one_occurrence_and_may_open_another() {
    let case = Case::new(vec![scan("10:00", "A"), scan("11:00", "A")]);
    let items = case.of(Kind::StopStuck, t("12:00"));
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].ended, Some((t("11:00"), "scanned again at 05:00".into())));
    assert_eq!(items[1].ended, None);
    assert_ne!(items[0].key, items[1].key, "a new occurrence, a new key");
}

#[test]
fn a_driver_quiet_for_more_than_60_minutes_with_stops_left() {
    let mut case = Case::new(vec![scan("10:00", "A")]);
    case.drivers = vec![driver()];
    assert!(case.of(Kind::DriverQuiet, t("11:00:00")).is_empty(), "exactly 60 minutes");
    let open = case.of(Kind::DriverQuiet, t("11:00:01"));
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].since, t("11:00"));
    assert_eq!(open[0].facts, "d1@fleet.test has recorded nothing since 04:00 (60 minutes) with stops left");

    case.actions.push(stocked("11:30", "A", None));
    let resolved = case.of(Kind::DriverQuiet, t("11:40"));
    assert_eq!(resolved[0].ended, Some((t("11:30"), "acted again at 05:30".into())));

    // Both stops done: the route has nothing left, however long the driver is quiet.
    let mut done = Case::new(vec![stocked("10:00", "A", None), unreachable("10:05", "B")]);
    done.drivers = vec![driver()];
    assert!(done.of(Kind::DriverQuiet, t("16:00")).is_empty());
    // Someone else's actions do not speak for the driver.
    let mut other = Case::new(vec![
        scan("10:00", "A"),
        act(EventType::PackingSlipQuery, "10:50", "B", "d2", json!({ "packingSlipId": "s", "stockingIndex": 1 })),
    ]);
    other.drivers = vec![driver()];
    assert_eq!(other.of(Kind::DriverQuiet, t("11:01")).len(), 1);
}

#[test]
fn a_reading_above_41_is_too_warm_and_41_is_not() {
    let case = Case::new(vec![van("09:00", 41.0), van("09:10", 41.1), stocked("10:00", "A", Some(45.5))]);
    let items = case.of(Kind::Temperature, t("12:00"));
    assert_eq!(items.len(), 2, "{items:?}");
    assert_eq!(items[0].facts, "Van temperature 41.1 °F, above 41 °F, recorded by d1@fleet.test at 03:10");
    assert_eq!(items[0].location_id, None);
    assert_eq!(items[1].facts, "Stocked at 45.5 °F, above 41 °F, recorded by d1@fleet.test at 04:00");
    assert_eq!(items[1].location_id.as_deref(), Some("A"));
}

#[test]
fn a_fridge_in_trouble_at_a_stop_not_yet_done() {
    let mut case = Case::new(vec![stocked("10:00", "B", None)]);
    let fine = FridgeFacts { heartbeat_at: Some(t("11:30")), temperature: Some(38.0), ..Default::default() };
    case.health.insert("A".into(), fine.clone());
    assert!(case.of(Kind::FridgeNeedsDriver, t("12:00")).is_empty());

    case.health.insert("A".into(), FridgeFacts { heartbeat_at: Some(t("11:30")), ..fine.clone() });
    assert!(case.of(Kind::FridgeNeedsDriver, t("12:00:00")).is_empty(), "exactly 30 minutes");
    let silent = case.of(Kind::FridgeNeedsDriver, t("12:00:01"));
    assert_eq!(silent.len(), 1);
    assert_eq!(silent[0].facts, "No heartbeat from the fridge since 05:30 (more than 30 minutes)");

    let faulty = FridgeFacts {
        heartbeat_at: Some(t("11:59")),
        temperature: Some(41.1),
        vending_state: Some("STATUS_5_MOTOR_FAULT".into()),
        out_of_order: true,
        safety_hold: true,
        since: Default::default(),
    };
    case.health.insert("A".into(), faulty.clone());
    let items = case.of(Kind::FridgeNeedsDriver, t("12:00"));
    for o in items.iter().chain(&silent) {
        let key = OccurrenceKey::parse(&o.key).unwrap();
        assert!(matches!(key, OccurrenceKey::FridgeNeedsDriver { ref location, .. } if location == "A"), "{key:?}");
    }
    let words: Vec<String> = items.into_iter().map(|o| o.facts).collect();
    assert_eq!(
        words,
        [
            "The fridge's vending state is MOTOR_FAULT",
            "The fridge is out of order",
            "The fridge is on a food-safety hold",
            "The fridge is at 41.1 °F, above 41 °F",
        ]
    );
    case.health.insert("A".into(), FridgeFacts { vending_state: Some("STATUS_FF_DOOR_OPEN".into()), ..fine });
    assert!(case.of(Kind::FridgeNeedsDriver, t("12:00")).is_empty(), "a door open is not a fault");
    // B is stocked: its fridge is no longer the driver's concern today.
    case.health.insert("B".into(), faulty);
    assert!(case.of(Kind::FridgeNeedsDriver, t("12:00")).iter().all(|o| o.location_id.as_deref() == Some("A")));
}

#[test]
fn an_unreachable_stop_is_an_item_until_acknowledged() {
    let case = Case::new(vec![unreachable("10:00", "B")]);
    let items = case.of(Kind::Unreachable, t("12:00"));
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].stop, Some((2, 1)));
    assert_eq!(items[0].facts, "d1@fleet.test could not reach the stop: Gate locked");
}

#[test]
fn a_drivers_claim_is_an_item_until_the_office_acknowledges_assigns_or_clears_it() {
    let mut case = Case::new(vec![]);
    let claim = DriverAssignment {
        source: fleet_shared::entity::assignment::SOURCE_CLAIM.into(),
        assigned_at: "2026-11-23T14:05:00.000Z".into(),
        assigned_by: "d1@fleet.test".into(),
        first_action: Some("PackingSlipQuery at A".into()),
        ..driver()
    };
    case.drivers = vec![claim.clone()];
    let items = case.of(Kind::RouteClaimed, t("15:00"));
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].facts, "route claimed by d1@fleet.test at 08:05: PackingSlipQuery at A");
    assert_eq!(items[0].key, "ROUTE_CLAIMED|R1|2026-11-23T14:05:00.000Z");
    assert_eq!(OccurrenceKey::parse(&items[0].key).unwrap().to_string(), items[0].key, "the key parses back");
    let ack =
        Acknowledgement { key: items[0].key.clone(), by: "ops@fleet.test".into(), at: t("15:10"), note: "ok".into() };
    let panel = view(case.at(t("15:20")), &[ack]);
    assert!(panel.open.iter().all(|i| i.kind != "ROUTE_CLAIMED"));
    let resolved = panel.resolved.iter().find(|i| i.kind == "ROUTE_CLAIMED").expect("acknowledged: resolved today");
    assert_eq!(resolved.ended_how.as_deref(), Some("acknowledged by ops@fleet.test at 09:10"));
    // The office assigns the route (or clears it): no claim is the route's driver any more.
    case.drivers = vec![DriverAssignment { source: "screen".into(), ..claim }];
    assert!(case.of(Kind::RouteClaimed, t("15:20")).is_empty());
    case.drivers.clear();
    assert!(case.of(Kind::RouteClaimed, t("15:20")).is_empty());
}

#[test]
fn a_past_day_is_seen_at_18_00_central() {
    // The day ends at 18:00 CT (2026-11-24T00:00Z); the next morning sees it as it stood then.
    let next_morning: DateTime<Utc> = "2026-11-24T16:00:00Z".parse().unwrap();
    let late_scan = Case::new(vec![scan("23:30", "A")]);
    assert!(late_scan.of(Kind::StopStuck, next_morning).is_empty(), "30 minutes before the close: not stuck");
    let items = Case::new(vec![scan("23:00", "A")]).of(Kind::StopStuck, next_morning);
    assert_eq!(items.len(), 1, "60 minutes before the close");
    assert_eq!((items[0].since, items[0].ended.clone()), (t("23:45"), None));
}

fn one_action() -> impl Strategy<Value = Recorded> {
    (0u32..6, 0u32..600, 0usize..2).prop_map(|(kind, minute, location)| {
        let at = format!("{:02}:{:02}", 8 + minute / 60, minute % 60);
        let location = ["A", "B"][location];
        match kind {
            0 | 1 => scan(&at, location),
            2 => stocked(&at, location, Some(30.0 + f64::from(minute % 20))),
            3 => unreachable(&at, location),
            4 => van(&at, 35.0 + f64::from(minute % 10)),
            _ => act(
                EventType::PackingSlipQuery,
                &at,
                location,
                "d2",
                json!({ "packingSlipId": "s", "stockingIndex": 1 }),
            ),
        }
    })
}

/// One copy of each action (by id), as the dashboard's day keeps them.
fn once(actions: Vec<Recorded>) -> Vec<Recorded> {
    let mut kept: Vec<Recorded> = Vec::new();
    for a in actions {
        if !kept.iter().any(|b| b.id == a.id) {
            kept.push(a);
        }
    }
    kept
}

proptest! {
    /// Any order, duplication or batching of the same actions gives the same items, open and ended.
    #[test]
    fn the_same_actions_in_any_order_give_the_same_items(
        (day, arrived) in prop::collection::vec(one_action(), 0..25).prop_flat_map(|day| {
            let twice: Vec<Recorded> = day.iter().chain(day.iter().take(3)).cloned().collect();
            (Just(day), Just(twice).prop_shuffle())
        }),
        hour in 8u32..24,
    ) {
        let now = t(&format!("{hour:02}:00"));
        let mut expected = Case::new(once(day));
        expected.drivers = vec![driver()];
        let mut received = Case::new(once(arrived));
        received.drivers = vec![driver()];
        let items = received.at(now);
        // Every key reads back as the item it names: what an acknowledgement sends.
        for o in &items {
            prop_assert_eq!(OccurrenceKey::parse(&o.key).map(|k| k.kind()), Ok(o.kind));
        }
        prop_assert_eq!(items, expected.at(now));
    }
}

#[test]
fn the_panel_lists_open_items_oldest_first_and_what_ended_with_how() {
    let case =
        Case::new(vec![scan("10:00", "A"), stocked("11:00", "A", None), unreachable("11:10", "B"), scan("11:20", "B")]);
    let items = case.at(t("12:30"));
    let unreachable_key = items.iter().find(|o| o.kind == Kind::Unreachable).unwrap().key.clone();
    let ack = Acknowledgement {
        key: unreachable_key.clone(),
        by: "ops@fleet.test".into(),
        at: t("12:00"),
        note: "Called the client".into(),
    };
    let panel = view(items, &[ack]);
    let open: Vec<(&str, &str)> = panel.open.iter().map(|i| (i.kind, i.since_central.as_str())).collect();
    // B scanned at 05:20 CT after it was marked unreachable: not stuck (the stop is done).
    assert_eq!(open, [], "{panel:?}");
    let resolved: Vec<(&str, Option<&str>)> = panel.resolved.iter().map(|i| (i.kind, i.ended_how.as_deref())).collect();
    assert_eq!(
        resolved,
        [("UNREACHABLE", Some("acknowledged by ops@fleet.test at 06:00")), ("STOP_STUCK", Some("stocked at 05:00"))]
    );
    let taken = panel.resolved.iter().find(|i| i.key == unreachable_key).unwrap().taken.clone();
    assert_eq!(taken.as_deref(), Some("taken by ops@fleet.test at 06:00: Called the client"));
    assert!(panel.counts.iter().all(|c| c.open == 0));
    assert_eq!(panel.counts.len(), Kind::ALL.len());
}

#[test]
fn an_acknowledged_open_item_stays_open_and_shows_who_took_it() {
    let items = Case::new(vec![scan("10:00", "A")]).at(t("11:00"));
    let key = items[0].key.clone();
    let ack = Acknowledgement { key, by: "ops@fleet.test".into(), at: t("10:50"), note: "Calling the driver".into() };
    let panel = view(items, &[ack]);
    assert_eq!(panel.open.len(), 1);
    assert_eq!(panel.open[0].taken.as_deref(), Some("taken by ops@fleet.test at 04:50: Calling the driver"));
    assert_eq!(panel.counts.iter().find(|c| c.kind == "STOP_STUCK").map(|c| c.open), Some(1));
}

#[test]
fn a_market_may_start_its_routes_later() {
    const LATE: &[MarketStart] = &[MarketStart { market: "MW", starts_by: (8, 30) }];
    let rules = Rules { market_starts_by: LATE, ..RULES };
    let case = Case::new(vec![]);
    let closes = "2026-11-24T00:00:00Z".parse().unwrap();
    let day = |now| Day {
        date: date(),
        closes,
        now,
        stops: &case.stops,
        actions: &[],
        drivers: &[],
        health: &case.health,
        voids: &[],
    };
    assert!(occurrences(&day(t("14:00")), &rules).is_empty(), "08:00 CT: not yet, in MW");
    let items = occurrences(&day(t("14:30")), &rules);
    assert_eq!(items[0].facts, "No action on route R1 by 08:30 CT");
    assert_eq!(rules.export()["routeStartsByMarket"], json!({ "MW": "08:30" }));
    assert_eq!(RULES.export()["stuckMinutes"], json!(45));
}

fn ack(key: &str, at: &str) -> Acknowledgement {
    Acknowledgement { key: key.into(), by: "ops@fleet.test".into(), at: t(at), note: "on it".into() }
}

#[test]
fn a_fridge_condition_that_comes_back_is_a_new_item_and_an_old_key_still_shows_where_it_was_made() {
    let mut case = Case::new(vec![]);
    let warm_since = |since: &str| FridgeFacts {
        heartbeat_at: Some(t("11:55")),
        temperature: Some(45.0),
        since: [("WARM".to_string(), t(since))].into(),
        ..Default::default()
    };
    case.health.insert("A".into(), warm_since("11:00"));
    let first = case.of(Kind::FridgeNeedsDriver, t("12:00"));
    assert_eq!(first[0].key, "FRIDGE_NEEDS_DRIVER|A|1|WARM|2026-11-23T11:00:00.000Z");
    assert_eq!(first[0].since, t("11:00"), "since its first warm reading");
    // Acknowledged under the key the kind had before, while it was open: it shows.
    let legacy = ack("FRIDGE_NEEDS_DRIVER|A|1|WARM", "11:30");
    let panel = view(first, std::slice::from_ref(&legacy));
    assert!(panel.open[0].taken.is_some());
    // Cleared, then warm again from 11:40: a new item, which neither acknowledgement covers.
    case.health.insert("A".into(), warm_since("11:40"));
    let again = case.of(Kind::FridgeNeedsDriver, t("12:00"));
    assert_eq!(again[0].key, "FRIDGE_NEEDS_DRIVER|A|1|WARM|2026-11-23T11:40:00.000Z");
    let first_ack = ack("FRIDGE_NEEDS_DRIVER|A|1|WARM|2026-11-23T11:00:00.000Z", "11:30");
    assert_eq!(view(again.clone(), &[legacy, first_ack]).open[0].taken, None);
    // A record stored before the start was kept: the key the kind had before.
    case.health.insert("A".into(), FridgeFacts { since: Default::default(), ..warm_since("11:00") });
    assert_eq!(case.of(Kind::FridgeNeedsDriver, t("12:00"))[0].key, "FRIDGE_NEEDS_DRIVER|A|1|WARM");
    // No heartbeat: the occurrence is keyed by the last one.
    case.health.insert("A".into(), FridgeFacts { heartbeat_at: Some(t("11:00")), ..Default::default() });
    assert_eq!(
        case.of(Kind::FridgeNeedsDriver, t("12:00"))[0].key,
        "FRIDGE_NEEDS_DRIVER|A|1|NO_HEARTBEAT|2026-11-23T11:00:00.000Z"
    );
}

#[test]
fn a_route_late_again_after_its_only_action_is_voided_is_a_new_item() {
    let mut case = Case::new(vec![]);
    let late = case.of(Kind::RouteNotStarted, t("14:00"));
    assert_eq!(late[0].key, "ROUTE_NOT_STARTED|R1|2026-11-23|2026-11-23T13:00:00.000Z", "its threshold");
    let taken = ack(&late[0].key, "13:10");
    let legacy = ack("ROUTE_NOT_STARTED|R1|2026-11-23", "13:10");
    assert!(view(late.clone(), std::slice::from_ref(&taken)).open[0].taken.is_some());
    assert!(
        view(late, std::slice::from_ref(&legacy)).open[0].taken.is_some(),
        "an acknowledgement made before issue 59"
    );
    // The route's only action, at 13:30, was voided at 15:00: the route has been late since.
    case.voids.push((t("15:00"), "B".into()));
    assert_eq!(case.of(Kind::RouteNotStarted, t("14:30"))[0].since, t("13:00"), "before the void");
    let again = case.of(Kind::RouteNotStarted, t("15:30"));
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].key, "ROUTE_NOT_STARTED|R1|2026-11-23|2026-11-23T15:00:00.000Z");
    assert_eq!(again[0].facts, "No action on route R1 since its last one was voided at 09:00 (start by 07:00 CT)");
    assert_eq!(view(again, &[taken, legacy]).open[0].taken, None, "neither earlier acknowledgement covers it");
    // A void before the threshold, or at another route's location, moves nothing.
    case.voids = vec![(t("12:00"), "B".into()), (t("15:00"), "ELSEWHERE".into())];
    assert_eq!(case.of(Kind::RouteNotStarted, t("15:30"))[0].since, t("13:00"));
    // A route with a live action is not late again whatever was voided.
    case.voids = vec![(t("15:00"), "B".into())];
    case.actions.push(scan("13:30", "A"));
    let ended = case.of(Kind::RouteNotStarted, t("15:30"));
    assert_eq!((ended[0].since, ended[0].ended.as_ref().map(|e| e.0)), (t("13:00"), Some(t("13:30"))));
}

fn listed(kind: Kind, n: usize) -> ItemView {
    ItemView {
        key: format!("{}|{n}", kind.code()),
        kind: kind.code(),
        kind_label: kind.label(),
        route: "R1".into(),
        stop: None,
        stocking_index: None,
        location_id: None,
        since: fridge_time::stamp(t("12:00")),
        since_central: "06:00".into(),
        facts: String::new(),
        ended_at: None,
        ended_how: None,
        taken: None,
    }
}

proptest! {
    /// However the kinds fall in the lists, the first `n` items of each kind make every view of at most `n`
    /// items the whole panel's: all kinds, or any one kind. The panel is said whole only when nothing was left out.
    #[test]
    fn each_kinds_first_items_show_what_the_whole_panel_shows_first(
        open in prop::collection::vec(0..Kind::ALL.len(), 0..40),
        resolved in prop::collection::vec(0..Kind::ALL.len(), 0..40),
        n in 1usize..12,
    ) {
        let items = |kinds: &[usize]| -> Vec<ItemView> {
            kinds.iter().enumerate().map(|(i, k)| listed(Kind::ALL[*k], i)).collect()
        };
        let whole = AttentionView {
            open: items(&open),
            resolved: items(&resolved),
            counts: Vec::new(),
            digest: "d".into(),
            unchanged: false,
            whole: true,
        };
        let first = whole.clone().first_of_each_kind(n);
        let head = |items: &[ItemView], kind: Option<&str>| -> Vec<ItemView> {
            items.iter().filter(|i| kind.is_none_or(|k| i.kind == k)).take(n).cloned().collect()
        };
        for kind in std::iter::once(None).chain(Kind::ALL.iter().map(|k| Some(k.code()))) {
            prop_assert_eq!(head(&first.open, kind), head(&whole.open, kind));
            prop_assert_eq!(head(&first.resolved, kind), head(&whole.resolved, kind));
        }
        let cut = first.open.len() < whole.open.len() || first.resolved.len() < whole.resolved.len();
        prop_assert_eq!(first.whole, !cut);
        prop_assert_eq!(first.digest.as_str(), if cut { "" } else { "d" });
        let most = |items: &[ItemView]| Kind::ALL.iter().all(|k| items.iter().filter(|i| i.kind == k.code()).count() <= n);
        prop_assert!(most(&first.open) && most(&first.resolved));
    }
}
