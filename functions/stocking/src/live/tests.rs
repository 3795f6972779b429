use super::*;
use fleet_shared::entity::ids::{FridgeTime, LocationId, RouteName, StockingIndex};
use fleet_shared::entity::StockingDate;
use fleet_shared::events::StreamRecord;
use serde_json::json;

const ACTIONS: &str = "stack-DriverActions";
const ROUTES: &str = "stack-LocationRoutes";
const ORDERS: &str = "stack-FridgeOrders";

fn tables() -> Vec<(String, StreamTable)> {
    vec![
        (ACTIONS.into(), StreamTable::DriverActions),
        (ROUTES.into(), StreamTable::LocationRoutes),
        (ORDERS.into(), StreamTable::FridgeOrders),
    ]
}

/// A stream record as Lambda delivers it (NEW_AND_OLD_IMAGES).
fn record(table: &str, event: &str, sequence: &str, at: i64, image: serde_json::Value) -> StreamRecord {
    let (new_image, old_image) = if event == "REMOVE" { (json!({}), image) } else { (image, json!({})) };
    serde_json::from_value(json!({
        "eventID": format!("e{sequence}"),
        "eventName": event,
        "eventSource": "aws:dynamodb",
        "awsRegion": "us-east-1",
        "eventSourceARN": format!("arn:aws:dynamodb:us-east-1:123456789012:table/{table}/stream/2026-11-28T00:00:00.000"),
        "dynamodb": {
            "ApproximateCreationDateTime": at,
            "Keys": {},
            "NewImage": new_image,
            "OldImage": old_image,
            "SequenceNumber": sequence,
            "SizeBytes": 100,
            "StreamViewType": "NEW_AND_OLD_IMAGES"
        }
    }))
    .expect("a stream record")
}

fn s(v: &str) -> serde_json::Value {
    json!({ "S": v })
}

#[test]
fn a_driver_action_is_an_action_of_its_stocking_day_with_its_stop() {
    let r = record(
        ACTIONS,
        "INSERT",
        "100",
        1_795_000_000,
        json!({ "pk": s("LocationStocked#3"), "sk": s("2026-11-28T10:00:00Z#a1"), "stockingDay": s("2026-11-28"),
                "locationId": s("LOC-7"), "eventType": s("LocationStocked"), "data": s(r#"{"stockingIndex":2}"#) }),
    );
    let change = change_of(&tables(), &r).unwrap().expect("a change");
    assert_eq!(change.drop_off_date.to_string(), "2026-11-28");
    assert_eq!(location(&change), Some("LOC-7"));
    assert_eq!(index(&change), Some(2));
    assert_eq!(change.kind, ChangeKind::Action);
    assert_eq!(change.changed_at.text(), "2026-11-18T11:06:40.000Z");
    let sent = serde_json::to_value(&change).unwrap();
    assert_eq!(
        sent,
        json!({ "dropOffDate": "2026-11-28", "route": null, "locationId": "LOC-7", "stockingIndex": 2,
                "kind": "ACTION", "changedAt": "2026-11-18T11:06:40.000Z" }),
        "the event the publishing mutation sends"
    );
}

fn location(change: &StockingChange) -> Option<&str> {
    change.location_id.as_ref().map(|l| l.as_str())
}

fn index(change: &StockingChange) -> Option<i64> {
    change.stocking_index.map(|i| i.get())
}

#[test]
fn a_stored_value_that_fails_its_rule_names_nothing_and_the_day_still_changes() {
    let r = record(
        ACTIONS,
        "INSERT",
        "100",
        0,
        json!({ "pk": s("LocationStocked#3"), "sk": s("x"), "stockingDay": s("2026-11-28"),
                "locationId": s("  "), "eventType": s("LocationStocked"), "data": s(r#"{"stockingIndex":0}"#) }),
    );
    let change = change_of(&tables(), &r).unwrap().expect("a change");
    assert_eq!((location(&change), index(&change)), (None, None));
    let stop = record(
        ROUTES,
        "MODIFY",
        "4",
        0,
        json!({ "dateShard": s("2026-11-28#0"), "routeStop": s("#0003"), "id": s("LOC-1"), "stockingDate": s("2026-11-28"), "stockingIndex": { "N": "1000" } }),
    );
    let stop = change_of(&tables(), &stop).unwrap().unwrap();
    assert_eq!((stop.route.as_deref(), location(&stop), index(&stop)), (None, Some("LOC-1"), None));
}

#[test]
fn acknowledgements_drop_locks_assignments_stops_and_orders_each_have_their_kind() {
    let ack = record(
        ACTIONS,
        "INSERT",
        "1",
        0,
        json!({ "pk": s("AttentionAcknowledged#1"), "sk": s("x"), "stockingDay": s("2026-11-28"), "eventType": s("AttentionAcknowledged") }),
    );
    assert_eq!(change_of(&tables(), &ack).unwrap().unwrap().kind, ChangeKind::Acknowledgement);
    let lock =
        record(ACTIONS, "REMOVE", "2", 0, json!({ "pk": s("DropOverride#slip#4"), "sk": s("2026-11-28#slip-9") }));
    let lock = change_of(&tables(), &lock).unwrap().unwrap();
    assert_eq!(
        (lock.kind, lock.drop_off_date.to_string().as_str()),
        (ChangeKind::DropStatus, "2026-11-28"),
        "a revert too"
    );
    let assignment = record(
        ROUTES,
        "MODIFY",
        "3",
        0,
        json!({ "dateShard": s("2026-11-28#2"), "routeStop": s("#driver#R12"), "route": s("R12"), "stockingDate": s("2026-11-28") }),
    );
    let assignment = change_of(&tables(), &assignment).unwrap().unwrap();
    assert_eq!((assignment.kind, assignment.route.as_deref()), (ChangeKind::Assignment, Some("R12")));
    let stop = record(
        ROUTES,
        "MODIFY",
        "4",
        0,
        json!({ "dateShard": s("2026-11-28#0"), "routeStop": s("R12#0003"), "route": s("R12"), "id": s("LOC-1"), "stockingDate": s("2026-11-28"), "stockingIndex": { "N": "1" } }),
    );
    let stop = change_of(&tables(), &stop).unwrap().unwrap();
    assert_eq!(
        (stop.kind, stop.route.as_deref(), location(&stop), index(&stop)),
        (ChangeKind::Action, Some("R12"), Some("LOC-1"), Some(1))
    );
    let order = record(
        ORDERS,
        "MODIFY",
        "5",
        0,
        json!({ "dateShard": s("2026-11-29#1"), "orderKey": s("LOC-2#3"), "dropOffDate": s("2026-11-29"), "locationId": s("LOC-2"), "stockingIndex": { "N": "3" } }),
    );
    let order = change_of(&tables(), &order).unwrap().unwrap();
    assert_eq!(
        (order.kind, location(&order), index(&order), order.drop_off_date.to_string().as_str()),
        (ChangeKind::Jit, Some("LOC-2"), Some(3), "2026-11-29")
    );
}

#[test]
fn records_that_change_no_day_are_left_out_and_unreadable_ones_say_why() {
    let other = record("stack-Idempotency", "INSERT", "1", 0, json!({ "pk": s("x") }));
    assert_eq!(change_of(&tables(), &other).unwrap(), None);
    let marker = record(ACTIONS, "INSERT", "2", 0, json!({ "pk": s("x#1"), "sk": s("y"), "stockingDay": s("") }));
    assert_eq!(change_of(&tables(), &marker).unwrap(), None);
    let bad = record(ACTIONS, "INSERT", "3", 0, json!({ "pk": { "N": "1" } }));
    let stopless = record(ROUTES, "INSERT", "5", 0, json!({ "dateShard": s("not-a-date#1"), "routeStop": s("R1#1") }));
    assert_eq!(change_of(&tables(), &stopless).unwrap(), None, "a key without a date");
    assert!(change_of(&tables(), &bad).is_err());
    let mut no_arn = record(ACTIONS, "INSERT", "4", 0, json!({}));
    no_arn.event_source_arn = None;
    assert!(change_of(&tables(), &no_arn).is_err());
}

fn change(route: Option<&str>, location: &str, kind: ChangeKind, at: &str) -> StockingChange {
    StockingChange {
        drop_off_date: StockingDate::of("2026-11-28").unwrap(),
        route: route.map(|r| RouteName::parse("route", r).unwrap()),
        location_id: Some(LocationId::parse("locationId", location).unwrap()),
        stocking_index: StockingIndex::parse("stockingIndex", 1).ok(),
        kind,
        changed_at: FridgeTime::parse(at).unwrap(),
    }
}

#[test]
fn a_batch_coalesces_to_one_change_per_route_and_kind_the_latest_and_retries_from_its_first_record() {
    let batch = vec![
        (Some("10".to_string()), change(Some("R1"), "A", ChangeKind::Action, "2026-11-28T10:00:00.000Z")),
        (Some("11".to_string()), change(Some("R1"), "B", ChangeKind::Action, "2026-11-28T10:00:02.000Z")),
        (Some("12".to_string()), change(Some("R1"), "C", ChangeKind::Action, "2026-11-28T10:00:01.000Z")),
        (Some("13".to_string()), change(Some("R2"), "D", ChangeKind::Action, "2026-11-28T10:00:00.000Z")),
        (Some("14".to_string()), change(Some("R1"), "A", ChangeKind::Assignment, "2026-11-28T10:00:00.000Z")),
        (Some("15".to_string()), change(None, "E", ChangeKind::Jit, "2026-11-28T10:00:00.000Z")),
        (Some("16".to_string()), change(None, "F", ChangeKind::Jit, "2026-11-28T10:00:00.000Z")),
    ];
    let out = coalesce(batch);
    assert_eq!(out.len(), 5, "{out:?}");
    let r1 = out.iter().find(|(_, c)| c.route.as_deref() == Some("R1") && c.kind == ChangeKind::Action).unwrap();
    assert_eq!((r1.0.as_deref(), location(&r1.1)), (Some("10"), Some("B")), "the latest, retried from the first");
}

#[test]
fn a_driver_alone_does_not_see_the_whole_day() {
    let held = |actions: &[&str]| actions.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    assert!(super::whole_day_for(&held(&[])), "the office's readers without a driver's action");
    assert!(super::whole_day_for(&held(&["ViewRoutes"])));
    assert!(super::whole_day_for(&held(&["SuperviseStocking", "FridgeTasks"])), "a supervisor who also drives");
    assert!(super::whole_day_for(&held(&["FridgeTasks", "ViewRoutes"])));
    assert!(!super::whole_day_for(&held(&["FridgeTasks"])));
    assert!(!super::whole_day_for(&held(&["VanTasks"])));
    assert!(!super::whole_day_for(&held(&["FridgeTasks", "VanTasks"])));
}
