//! A door opens only for the route's driver (issue 59), over the wire: each
//! finding reproduced against the local stack, refused now. A claim is a
//! driver action's, on the current stocking day, one per driver and day,
//! never a supervisor's, never a fridge task's; a van reading names a real
//! route; the assignment is part of the call's write.
use crate::common;
use common::*;
use fleet_shared::assignment::{SUPERVISOR_ACTION, UNLOCK_ACTION};
use fleet_shared::{Caller, Table};
use serde_json::{json, Value};

const DRIVER: &[&str] = &["VanTasks", "FridgeTasks", "RecordTemperature"];

fn today() -> String {
    fn_stocking::window::stocking_day(chrono::Utc::now()).to_string()
}

fn yesterday() -> String {
    (fn_stocking::window::stocking_day(chrono::Utc::now()) - chrono::Duration::days(1)).to_string()
}

fn action_at(kind: &str, location: &str, data: Value, at: &str) -> Value {
    json!({ "input": { "eventType": kind, "locationId": location, "data": data.to_string(), "requestId": unique("r"),
                       "occurredAt": at } })
}

fn action(kind: &str, location: &str, data: Value) -> Value {
    action_at(kind, location, data, &fleet_shared::fridge_time::now_text())
}

fn scan(location: &str) -> Value {
    action("PackingSlipQuery", location, json!({ "packingSlipId": "s1", "stockingIndex": 1 }))
}

fn unlock(location: &str) -> Value {
    json!({ "input": { "locationId": location, "task": "UnlockDoor", "requestId": unique("t") } })
}

/// A FRIDGE location of the test's own, a stop of its own route on `date`.
async fn stop_of_own_route(date: &str, prefix: &str) -> (String, String) {
    let (route, location) = (unique("rt").to_lowercase(), unique(prefix));
    put_stop(date, &location, (&route, 1), "MW", None).await;
    let t = deps().await.table(Table::Locations).unwrap();
    t.client
        .put_item()
        .table_name(t.name)
        .item("id", fleet_shared::store::s(&location))
        .item("type", fleet_shared::store::s("FRIDGE"))
        .send()
        .await
        .unwrap();
    (route, location)
}

/// The route's driver on a date, as View Routes reads it.
async fn driver_of(date: &str, route: &str) -> Option<Value> {
    let out = gql("route_assignments", &admin().await, json!({ "stockingDate": date })).await.unwrap();
    out.as_array().unwrap().iter().find(|d| d["route"] == json!(route)).cloned()
}

#[tokio::test]
async fn a_door_on_a_route_without_a_driver_stays_shut_and_the_route_stays_free() {
    settle_stocking_day().await;
    let date = today();
    let (route, location) = stop_of_own_route(&date, "CLM").await;
    let driver = user_with(&[DRIVER, &[UNLOCK_ACTION]].concat()).await;
    let refused = gql("run_fridge_task", &driver, unlock(&location)).await.unwrap_err();
    assert_eq!(
        (refused.status(), refused.to_string()),
        (403, format!("Route {route} has no driver yet. Scan the stop first, or ask the office to assign it."))
    );
    assert_eq!(driver_of(&date, &route).await, None, "the door call claimed nothing");
    // The scan claims it; then the door opens for that driver.
    gql("create_driver_action", &driver, scan(&location)).await.unwrap();
    assert_eq!(
        driver_of(&date, &route).await.unwrap()["firstAction"],
        json!(format!("PackingSlipQuery at {location}"))
    );
    let sent = gql("run_fridge_task", &driver, unlock(&location)).await.unwrap();
    assert_eq!(sent["operation"], "UnlockDoor");
}

#[tokio::test]
async fn a_driver_claims_one_route_a_day_and_a_second_comes_from_the_office() {
    settle_stocking_day().await;
    let date = today();
    let ((r1, l1), (r2, l2)) = (stop_of_own_route(&date, "CLM").await, stop_of_own_route(&date, "CLM").await);
    let driver = user_with(DRIVER).await;
    gql("create_driver_action", &driver, scan(&l1)).await.unwrap();
    let refused = gql("create_driver_action", &driver, scan(&l2)).await.unwrap_err();
    assert_eq!(
        (refused.status(), refused.to_string()),
        (403, format!("You already claimed route {r1} today. Ask the office to assign route {r2} to you."))
    );
    assert_eq!(driver_of(&date, &r2).await, None);
}

#[tokio::test]
async fn a_backdated_action_claims_no_route_of_the_day_before() {
    settle_stocking_day().await;
    let date = yesterday();
    let (route, location) = stop_of_own_route(&date, "CLM").await;
    let driver = user_with(DRIVER).await;
    // Noon Central of the day before: inside the 36 hours a driver's device may lag.
    let noon = format!("{date}T18:00:00Z");
    let backdated =
        action_at("PackingSlipQuery", &location, json!({ "packingSlipId": "s1", "stockingIndex": 1 }), &noon);
    let refused = gql("create_driver_action", &driver, backdated.clone()).await.unwrap_err();
    assert_eq!(
        (refused.status(), refused.to_string()),
        (403, format!("Route {route} of {date} had no driver. Ask the office to assign it, then send again."))
    );
    assert_eq!(driver_of(&date, &route).await, None);
}

#[tokio::test]
async fn a_supervisors_scan_leaves_a_free_route_free() {
    settle_stocking_day().await;
    let date = today();
    let (route, location) = stop_of_own_route(&date, "CLM").await;
    let supervisor = user_with(&[DRIVER, &[SUPERVISOR_ACTION]].concat()).await;
    gql("create_driver_action", &supervisor, scan(&location)).await.unwrap();
    assert_eq!(driver_of(&date, &route).await, None, "the supervisor is not the route's driver");
    let driver = user_with(DRIVER).await;
    gql("create_driver_action", &driver, scan(&location)).await.unwrap();
    assert_eq!(driver_of(&date, &route).await.unwrap()["driverSub"], json!(driver.sub), "its real driver still may");
}

#[tokio::test]
async fn a_van_reading_names_a_real_route_of_its_day() {
    settle_stocking_day().await;
    let date = today();
    let (route, location) = stop_of_own_route(&date, "CLM").await;
    let driver = user_with(DRIVER).await;
    let van = |r: &str| action("VanTemperature", &location, json!({ "temperature": 36, "route": r }));
    let invented = gql("create_driver_action", &driver, van("no#such-route")).await.unwrap_err();
    assert_eq!((invented.status(), invented.to_string()), (400, "route cannot contain '#'".to_string()));
    let unknown = unique("nosuch").to_lowercase();
    let invented = gql("create_driver_action", &driver, van(&unknown)).await.unwrap_err();
    assert_eq!((invented.status(), invented.to_string()), (400, format!("Route {unknown} has no stops on {date}.")));
    assert_eq!(driver_of(&date, &unknown).await, None, "no route is invented");
    gql("create_driver_action", &driver, van(&route)).await.unwrap();
    assert_eq!(driver_of(&date, &route).await.unwrap()["source"], "claim");
}

#[tokio::test]
async fn after_stocking_the_door_opens_only_for_the_driver_who_stocked() {
    settle_stocking_day().await;
    let date = today();
    let (route, location) = stop_of_own_route(&date, "CLM").await;
    let door = [DRIVER, &[UNLOCK_ACTION]].concat();
    let driver = user_with(&door).await;
    gql("create_driver_action", &driver, scan(&location)).await.unwrap();
    gql("create_driver_action", &driver, action("LocationStocked", &location, json!({ "stockingIndex": 1 })))
        .await
        .unwrap();
    assert!(gql("run_fridge_task", &driver, unlock(&location)).await.is_ok(), "its stocker, within 30 minutes");
    // The office moves the route to another driver: the stop was stocked by the first.
    let other = user_with(&door).await;
    put_driver(&date, &route, &other).await;
    let shut = gql("run_fridge_task", &other, unlock(&location)).await.unwrap_err();
    assert_eq!(shut.status(), 403);
    assert!(shut.to_string().contains("opens only for the driver who stocked it"), "{shut}");
}

/// The office's setting, read and changed over the wire.
async fn set_claims(office: &Caller, allowed: bool) -> Value {
    let read = gql("route_settings", office, json!({})).await.unwrap();
    let input = json!({ "claimsAllowed": allowed, "expectedVersion": read["version"], "requestId": unique("s") });
    gql("set_route_claims", office, json!({ "input": input })).await.unwrap()
}

/// It turns a stack-wide setting off, which would refuse the other tests'
/// claims meanwhile: `scripts/test.sh` runs it alone, after them.
#[tokio::test]
#[ignore = "turns claims off stack-wide: run alone (scripts/test.sh runs it after the other tests)"]
async fn the_office_turns_claims_off_and_on() {
    settle_stocking_day().await;
    let date = today();
    let office = user_with(&[fleet_shared::assignment::ASSIGN_ACTION, "ViewRoutes"]).await;
    let viewer = user_with(&["ViewRoutes"]).await;
    assert_eq!(gql("route_settings", &viewer, json!({})).await.unwrap()["claimsAllowed"], true, "on by default");
    let input = json!({ "claimsAllowed": false, "expectedVersion": 0, "requestId": unique("s") });
    assert_eq!(gql("set_route_claims", &viewer, json!({ "input": input })).await.unwrap_err().status(), 403);

    let off = set_claims(&office, false).await;
    let outcome = async {
        assert_eq!(
            (off["claimsAllowed"].as_bool(), off["changedBy"].as_str()),
            (Some(false), Some(office.email.as_str()))
        );
        let (route, location) = stop_of_own_route(&date, "CLM").await;
        let driver = user_with(DRIVER).await;
        let refused = gql("create_driver_action", &driver, scan(&location)).await.unwrap_err();
        assert_eq!(
            (refused.status(), refused.to_string()),
            (403, format!("Route {route} has no driver. Ask the office to assign it."))
        );
        assert_eq!(driver_of(&date, &route).await, None);
        (route, location, driver)
    };
    let (route, location, driver) = outcome.await;
    set_claims(&office, true).await;
    gql("create_driver_action", &driver, scan(&location)).await.unwrap();
    assert_eq!(driver_of(&date, &route).await.unwrap()["source"], "claim");
    let entity = fleet_shared::entity::assignment::settings_entity();
    let t = deps().await.table(Table::History).unwrap();
    let records: Vec<fleet_shared::history::Record> = t.query("entity", &entity).consistent().all().await.unwrap();
    assert!(records.len() >= 2, "each change is in the history: {records:?}");
}
