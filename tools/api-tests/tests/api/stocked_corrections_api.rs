//! A supervisor's void and re-time of a LocationStocked over the wire (issue
//! 38): one false LocationStocked locked JIT, hid its slip from the Drop Off
//! Summary, pinned its stop against a LogiNext sync (the stop's stocked time)
//! and added a Route Temperatures reading. After the void every one of those
//! readers shows the stop unstocked; after a re-time, at its new time. On a
//! date of its own (2032), with the server's clock stopped on that day.
use crate::common;
use chrono::{DateTime, TimeDelta, Utc};
use common::*;
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::fridge_time::{stamp, ClockAt};
use fleet_shared::{ApiError, Caller, Table};
use fn_stocking::slips::PackingSlip;
use serde_json::{json, Value};

const DATE: &str = "2032-03-10";
const DRIVER: &[&str] = &["VanTasks", "FridgeTasks", "RecordTemperature"];

/// 09:00 CST on DATE, plus `minutes`.
fn at(minutes: i64) -> DateTime<Utc> {
    fleet_shared::dates::instant("2032-03-10T15:00:00.000Z").unwrap() + TimeDelta::minutes(minutes)
}

async fn stocked(driver: &Caller, location: &str, minutes: i64, request: &str) -> Result<Value, ApiError> {
    let _clock = ClockAt::new(at(minutes + 1));
    let data = json!({ "stockingIndex": 1, "temperature": 45.5 }).to_string();
    let args = json!({ "input": { "eventType": "LocationStocked", "locationId": location, "data": data,
                                  "requestId": request, "occurredAt": stamp(at(minutes)) } });
    gql("create_driver_action", driver, args).await
}

async fn correct(
    supervisor: &Caller,
    location: &str,
    action: &str,
    change: &str,
    occurred: Option<DateTime<Utc>>,
) -> Result<Value, ApiError> {
    let _clock = ClockAt::new(at(120));
    let input = json!({ "stockingDay": DATE, "locationId": location, "actionId": action, "change": change,
                        "occurredAt": occurred.map(stamp), "reason": "Scanned at the wrong fridge",
                        "requestId": unique("c") });
    gql("correct_location_stocked", supervisor, json!({ "input": input })).await
}

async fn stocked_time(route: &str) -> Option<String> {
    let t = deps().await.table(Table::LocationRoutes).unwrap();
    let stops: Vec<StoredStop> =
        fleet_shared::route_store::stops_of_route(&t, DATE, route).consistent().all().await.unwrap();
    stops[0].stocked_time_utc.clone()
}

async fn slip(id: &str, location: &str) {
    let slip = PackingSlip {
        drop_off_date: DATE.into(),
        unique_id: id.into(),
        location_id: location.into(),
        stocking_index: 1,
        create_date: "2032-03-09T15:00:00.000Z".into(),
        kind: "FRIDGE".into(),
        client_code: "Fridge".into(),
        status: "ACTIVE".into(),
        source: "ORDER_SYSTEM".into(),
        version: 1,
    };
    let t = deps().await.table(Table::PackingSlips).unwrap();
    t.client.put_item().table_name(t.name).set_item(Some(slip.item().unwrap())).send().await.unwrap();
}

/// A JIT fridge order for the stop, through the pars upload.
async fn jit_order(location: &str) {
    let group = json!({ "location": location, "deliveryDate": DATE, "dropOffDate": DATE, "jit": true,
        "stockingIndex": null, "jitItems": ["Salad"], "parsAndItems": [{ "pars": 5, "itemName": "Salad" }],
        "overCapacityAmountsAndItems": [], "priorityBoostItems": [] });
    let args = json!({ "uploadId": unique("up").replace('_', "-"), "groups": [group] });
    let out = gql("upload_par_maps", &admin().await, args).await.unwrap();
    assert_eq!(out["results"][0]["status"], "written", "{out}");
}

/// What each reader says about the stop: (dashboard status, the row's stocked action,
/// JIT lock, slip listed on the Drop Off Summary, Route Temperatures readings' epoch seconds).
async fn readers(
    office: &Caller,
    location: &str,
    route: &str,
    slip_id: &str,
) -> (String, Value, Value, bool, Vec<i64>) {
    let board = gql("stocking_dashboard", office, json!({ "filter": { "dropOffDate": DATE, "routes": [route] } }))
        .await
        .unwrap();
    let row = board["routes"][0]["stops"][0].clone();
    assert_eq!(row["locationId"], location, "{board}");
    let jit = gql("jit_management", office, json!({ "input": { "dropOffDate": DATE } })).await.unwrap();
    let jit_row = jit["rows"].as_array().unwrap().iter().find(|r| r["locationId"] == location).unwrap().clone();
    let drops = gql("drop_off_summary", office, json!({ "dropOffDate": DATE })).await.unwrap();
    let listed = drops["rows"].as_array().unwrap().iter().any(|r| r["packingSlipId"] == slip_id);
    let (start, end) = (at(-60).timestamp().to_string(), at(180).timestamp().to_string());
    let query = [("startTime", start.as_str()), ("endTime", end.as_str())];
    let (status, body) = http_query("route_temperatures_report", Some(office), None, &[], &query).await;
    assert_eq!(status, 200, "{body}");
    let readings = body["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["Location"] == location)
        .map(|r| r["DateTime"].as_i64().unwrap())
        .collect();
    (
        row["status"].as_str().unwrap().to_string(),
        row["stockedActionId"].clone(),
        jit_row["lockedReason"].clone(),
        listed,
        readings,
    )
}

struct Setup {
    location: String,
    route: String,
    slip: String,
    driver: Caller,
    supervisor: Caller,
}

async fn setup(prefix: &str) -> Setup {
    let location = par_ready_fridge(prefix).await;
    let route = unique("rv").to_lowercase();
    put_stop(DATE, &location, (&route, 1), "MW", None).await;
    jit_order(&location).await;
    let slip_id = format!("{location}-slip");
    slip(&slip_id, &location).await;
    let supervisor = user_with(&[
        fleet_shared::assignment::SUPERVISOR_ACTION,
        "GetCheckPointStatus",
        "GetPars",
        "UploadPars",
        fn_reports::ROUTE_TEMPERATURES_ACTION,
    ])
    .await;
    flag(&supervisor, "jit-management").await;
    flag(&supervisor, "drop-override").await;
    Setup { location, route, slip: slip_id, driver: user_with(DRIVER).await, supervisor }
}

#[tokio::test]
async fn a_void_unstocks_the_stop_for_every_reader_and_a_late_retry_does_not_stock_it_again() {
    let s = setup("VOID").await;
    let request = unique("r");
    let first = stocked(&s.driver, &s.location, 0, &request).await.unwrap();
    let id = first["id"].as_str().unwrap();
    assert_eq!(stocked_time(&s.route).await, Some(stamp(at(0))));
    let before = readers(&s.supervisor, &s.location, &s.route, &s.slip).await;
    assert_eq!(before, ("COMPLETED".into(), json!(id), json!("Already stocked"), false, vec![at(0).timestamp()]));

    // A driver may not correct; the supervisor voids it.
    assert_eq!(correct(&s.driver, &s.location, id, "VOID", None).await.unwrap_err().status(), 403);
    let out = correct(&s.supervisor, &s.location, id, "VOID", None).await.unwrap();
    assert_eq!((out["change"].as_str(), &out["stockedAt"]), (Some("VOID"), &Value::Null));
    assert_eq!(stocked_time(&s.route).await, None, "LogiNext pinning and the door rule read this");
    let after = readers(&s.supervisor, &s.location, &s.route, &s.slip).await;
    assert_ne!(after.0, "COMPLETED");
    assert_eq!((after.1, after.2, after.3, after.4), (Value::Null, Value::Null, true, vec![]));

    // The history names who, why, and the old and new times.
    let args = json!({ "stockingDay": DATE, "locationId": s.location, "stockingIndex": 1 });
    let history = gql("stocked_history", &s.supervisor, args).await.unwrap();
    let record = &history["items"][0];
    assert_eq!(record["who"], s.supervisor.email.as_str());
    assert_eq!(record["changes"][0]["reason"], "Scanned at the wrong fridge");
    assert_eq!(record["changes"][1]["oldValue"], json!(stamp(at(0))).to_string());
    assert_eq!(record["changes"][1]["newValue"], "null");

    // The driver's app retries its request: answered as before, the stop stays unstocked.
    assert_eq!(stocked(&s.driver, &s.location, 0, &request).await.unwrap(), first);
    assert_eq!(stocked_time(&s.route).await, None);
    // Voided already.
    assert_eq!(correct(&s.supervisor, &s.location, id, "VOID", None).await.unwrap_err().status(), 409);
    // The action itself stays, marked, in getDriverAction.
    let _clock = ClockAt::new(at(120));
    let listed = gql(
        "get_driver_action",
        &s.supervisor,
        json!({ "filter": { "eventType": "LocationStocked",
        "createdAt": { "from": stamp(at(0)), "to": stamp(at(5)) } } }),
    )
    .await
    .unwrap();
    let mine = listed["items"].as_array().unwrap().iter().find(|a| a["id"] == id).unwrap().clone();
    assert_eq!(
        (mine["correction"]["kind"].as_str(), mine["correction"]["by"].as_str()),
        (Some("VOID"), Some(s.supervisor.email.as_str()))
    );
}

#[tokio::test]
async fn a_re_time_moves_the_stocked_time_and_the_reading_and_stays_within_its_day() {
    let s = setup("RETM").await;
    let first = stocked(&s.driver, &s.location, 0, &unique("r")).await.unwrap();
    let id = first["id"].as_str().unwrap();
    let out = correct(&s.supervisor, &s.location, id, "RETIME", Some(at(-30))).await.unwrap();
    assert_eq!(out["stockedAt"], stamp(at(-30)));
    assert_eq!(stocked_time(&s.route).await, Some(stamp(at(-30))));
    let after = readers(&s.supervisor, &s.location, &s.route, &s.slip).await;
    assert_eq!(after, ("COMPLETED".into(), json!(id), json!("Already stocked"), false, vec![at(-30).timestamp()]));

    // Outside the stocking day (it turned at 18:00 Central the evening before): refused, nothing moved.
    let refused = correct(&s.supervisor, &s.location, id, "RETIME", Some(at(-16 * 60))).await.unwrap_err();
    assert_eq!(refused.status(), 400);
    assert_eq!(stocked_time(&s.route).await, Some(stamp(at(-30))));
}
