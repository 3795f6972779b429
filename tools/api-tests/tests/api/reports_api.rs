//! Reports against the emulator (issue 25): an inventory sequence through the
//! real telemetry queue makes exactly one empty channel and one stock-out, and
//! a redelivery none more; a temperature a driver reads at a stop through
//! createDriverAction is a route temperature with its route; the range and
//! date rules; callers without the action refused.
use crate::common;
use chrono::{Duration, SecondsFormat, Utc};
use common::*;
use fleet_shared::fridge_time;
use serde_json::{json, Value};

fn ago(minutes: i64) -> chrono::DateTime<Utc> {
    Utc::now() - Duration::minutes(minutes)
}

fn text(t: chrono::DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

fn inventory(location: &str, at: &str, salad: usize, wrap: usize) -> String {
    let units = |n: usize| vec![json!({ "productionDate": "2026-11-20" }); n];
    json!({ "type": "inventory", "locationId": location, "timestamp": at, "slots": [
        { "slot": "1:1", "itemName": "Salad", "units": units(salad) },
        { "slot": "2:3", "itemName": "Wrap", "units": units(wrap) } ] })
    .to_string()
}

fn central_day(t: chrono::DateTime<Utc>) -> String {
    t.with_timezone(&fridge_time::CENTRAL.tz).date_naive().to_string()
}

async fn day_report(name: &str, date: &str, location: &str, field: &str) -> Vec<Value> {
    let (status, body) = http_at(name, Some(&admin().await), None, &[("date", date)]).await;
    assert_eq!(status, 200, "{body}");
    body.as_array().unwrap().iter().filter(|r| r[field] == location).cloned().collect()
}

#[tokio::test]
async fn an_inventory_sequence_through_the_queue_makes_one_empty_channel_and_one_stock_out_once() {
    let location = par_ready_fridge("RPT").await;
    let (first, second) = (ago(20), ago(10));
    through_telemetry_queue(&[inventory(&location, &text(first), 2, 1)]).await;
    let emptied = inventory(&location, &text(second), 2, 0);
    through_telemetry_queue(std::slice::from_ref(&emptied)).await;
    through_telemetry_queue(&[emptied]).await; // redelivered
                                               // Late, and earlier than all: an empty fridge before the first, so nothing became empty at its time.
    through_telemetry_queue(&[inventory(&location, &text(ago(30)), 0, 0)]).await;
    through_telemetry_queue(&[inventory(&location, &text(ago(4)), 2, 3)]).await; // restocked: both rows close

    let day = central_day(second);
    let empty = day_report("empty_channel_report", &day, &location, "kioskName").await;
    assert_eq!(empty.len(), 1, "{empty:?}");
    assert_eq!(
        (&empty[0]["vendItemName"], &empty[0]["logicalRow"], &empty[0]["logicalColumn"]),
        (&json!("Wrap"), &json!("2"), &json!("3"))
    );
    let outs = day_report("stock_outs_report", &day, &location, "Location").await;
    assert_eq!(outs.len(), 1, "{outs:?}");
    assert_eq!(outs[0]["Item"], "Wrap");
    let local = second.with_timezone(&fridge_time::CENTRAL.tz);
    assert_eq!(outs[0]["Time"], local.format("%H:%M").to_string(), "shown in Central time");
    assert_eq!(
        (&empty[0]["lastedMinutes"], &outs[0]["lastedMinutes"]),
        (&json!(6), &json!(6)),
        "restocked 6 minutes on"
    );
    assert!(outs[0]["nextStop"].is_null(), "a restocked item waits for no stop");
}

#[tokio::test]
async fn a_temperature_read_at_a_stop_is_a_route_temperature_with_its_route() {
    let location = par_ready_fridge("RTM").await;
    let driver = user_with(&["FridgeTasks", "RecordTemperature"]).await;
    let occurred = ago(5);
    // The stop on its route, on the stocking day the action falls in.
    let args = |temperature: f64, request: &str| {
        json!({ "input": { "eventType": "LocationStocked", "locationId": location,
            "data": json!({ "stockingIndex": 1, "temperature": temperature }).to_string(),
            "requestId": request, "occurredAt": text(occurred) } })
    };
    let day = fn_stocking::window::stocking_day(occurred).to_string();
    let route = unique("rt").to_lowercase();
    put_stop(&day, &location, (&route, 4), "MW", None).await;
    // Assigned: just after 18:00 Central the action falls in the day before, whose free routes are not claimed.
    put_driver(&day, &route, &driver).await;
    gql("create_driver_action", &driver, args(44.5, &unique("rq"))).await.unwrap();

    let (start, end) = (ago(60).timestamp().to_string(), (Utc::now() + Duration::minutes(5)).timestamp().to_string());
    let query = [("startTime", start.as_str()), ("endTime", end.as_str())];
    let (status, body) = http_query("route_temperatures_report", Some(&admin().await), None, &[], &query).await;
    assert_eq!(status, 200, "{body}");
    let mine: Vec<&Value> = body["items"].as_array().unwrap().iter().filter(|r| r["Location"] == location).collect();
    assert_eq!(mine.len(), 1, "{body}");
    assert_eq!((&mine[0]["Temperature"], &mine[0]["assignedRoute"]), (&json!(44.5), &json!(route)));
    assert_eq!((&mine[0]["DateTime"], &mine[0]["Kind"]), (&json!(occurred.timestamp()), &json!("At stop")));
}

#[tokio::test]
async fn a_van_reading_is_a_route_temperature_of_kind_van_at_its_location_with_the_route_it_names() {
    let depot = par_ready_fridge("RTV").await;
    let driver = user_with(&["FridgeTasks", "RecordTemperature"]).await;
    let route = unique("rv").to_lowercase();
    // The route names a real route of the reading's day, with the depot one of its stops (issue 59).
    let occurred = ago(3);
    let day = fleet_shared::fridge_time::stocking_day(occurred).to_string();
    put_stop(&day, &depot, (&route, 1), "MW", None).await;
    put_driver(&day, &route, &driver).await; // as above: the day before's free routes are not claimed
    let input = json!({ "input": { "eventType": "VanTemperature", "locationId": depot,
        "data": json!({ "temperature": 42.5, "route": route }).to_string(),
        "requestId": unique("rq"), "occurredAt": text(occurred) } });
    gql("create_driver_action", &driver, input).await.unwrap();
    let (start, end) = (ago(60).timestamp().to_string(), (Utc::now() + Duration::minutes(5)).timestamp().to_string());
    let query = [("startTime", start.as_str()), ("endTime", end.as_str())];
    let (status, body) = http_query("route_temperatures_report", Some(&admin().await), None, &[], &query).await;
    assert_eq!(status, 200, "{body}");
    let mine: Vec<&Value> = body["items"].as_array().unwrap().iter().filter(|r| r["Location"] == depot).collect();
    assert_eq!(mine.len(), 1, "{body}");
    assert_eq!(
        (&mine[0]["Kind"], &mine[0]["Temperature"], &mine[0]["assignedRoute"], &mine[0]["DateTime"]),
        (&json!("Van"), &json!(42.5), &json!(route), &json!(occurred.timestamp()))
    );
}

#[tokio::test]
async fn the_range_and_date_rules_are_clear_400s_and_readers_need_the_action() {
    let admin = admin().await;
    let now = Utc::now().timestamp();
    let (s, e, far) = (now - 3600, now, now - 40 * 86_400);
    let cases: Vec<(Vec<(&str, String)>, &str)> = vec![
        (vec![("endTime", e.to_string())], "Start time or End time cannot be null"),
        (
            vec![("startTime", e.to_string()), ("endTime", s.to_string())],
            "Start time cannot be equal or greater than end time",
        ),
        (
            vec![("startTime", s.to_string()), ("endTime", s.to_string())],
            "Start time cannot be equal or greater than end time",
        ),
        (vec![("startTime", far.to_string()), ("endTime", e.to_string())], "A range can cover at most 31 days."),
        (vec![("startTime", "soon".to_string()), ("endTime", e.to_string())], "startTime must be epoch seconds"),
        (
            vec![("startTime", (s * 1000).to_string()), ("endTime", e.to_string())],
            "startTime must be epoch seconds between 2000 and 2100",
        ),
    ];
    for (query, message) in cases {
        let q: Vec<(&str, &str)> = query.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let (status, body) = http_query("route_temperatures_report", Some(&admin), None, &[], &q).await;
        assert_eq!((status, body["message"].as_str()), (400, Some(message)), "{query:?}");
    }
    for date in ["2026-13-01", "yesterday", "2020-01-01"] {
        let (status, _) = http_at("stock_outs_report", Some(&admin), None, &[("date", date)]).await;
        assert_eq!(status, 400, "{date}");
    }
    let nobody = user_with(&["GetEmptyChannel"]).await;
    let today = central_day(Utc::now());
    assert_eq!(http_at("stock_outs_report", Some(&nobody), None, &[("date", &today)]).await.0, 403);
    assert_eq!(http_at("empty_channel_report", Some(&nobody), None, &[("date", &today)]).await.0, 200);
    let q = [("startTime", s.to_string()), ("endTime", e.to_string())];
    let q: Vec<(&str, &str)> = q.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(http_query("route_temperatures_report", Some(&nobody), None, &[], &q).await.0, 403);
}

#[tokio::test]
async fn driver_calls_through_the_api_make_log_entries_with_the_error_case() {
    let location = par_ready_fridge("DLG").await;
    let driver = user_with(&["FridgeTasks", "RecordTemperature", fleet_shared::assignment::UNLOCK_ACTION]).await;
    let start = (Utc::now() - Duration::seconds(5)).timestamp().to_string();
    // The action is checked on its own day and the door task on the server's: the fridge is a stop of both,
    // which differ only when the stocking day turns (18:00 Central) during the test.
    let route = unique("rt").to_lowercase();
    let days = [ago(1), Utc::now() + Duration::minutes(1)].map(|t| fn_stocking::window::stocking_day(t).to_string());
    for day in std::collections::BTreeSet::from(days) {
        put_stop(&day, &location, (&route, 1), "MW", None).await;
        put_driver(&day, &route, &driver).await;
    }
    let ok = json!({ "input": { "eventType": "LocationStocked", "locationId": location,
        "data": json!({ "stockingIndex": 1 }).to_string(), "requestId": unique("ok"), "occurredAt": text(ago(1)) } });
    gql("create_driver_action", &driver, ok).await.unwrap();
    // Refused past the gate (occurred three days ago: outside the window), so logged as an error.
    let bad = json!({ "input": { "eventType": "LocationStocked", "locationId": location,
        "data": json!({ "stockingIndex": 1 }).to_string(), "requestId": unique("bad"), "occurredAt": text(ago(3 * 24 * 60)) } });
    assert!(gql("create_driver_action", &driver, bad).await.is_err());
    // Malformed data from a caller who holds the type's action is an error row too (issue 59).
    let malformed = json!({ "input": { "eventType": "LocationStocked", "locationId": location,
        "data": json!({ "stockingIndex": "one" }).to_string(), "requestId": unique("bad"), "occurredAt": text(ago(1)) } });
    assert!(gql("create_driver_action", &driver, malformed).await.is_err());
    let unlock = json!({ "input": { "locationId": location, "task": "UnlockDoor", "requestId": unique("t") } });
    let sent = gql("run_fridge_task", &driver, unlock).await.unwrap();
    assert_eq!(sent["resource"], "DriverTask");
    let count =
        json!({ "input": { "locationId": location, "task": "ConfirmCount", "count": -1, "requestId": unique("t") } });
    assert_eq!(
        gql("run_fridge_task", &driver, count).await.unwrap_err().to_string(),
        "count must be between 0 and 10000"
    );

    let end = (Utc::now() + Duration::seconds(5)).timestamp().to_string();
    let reader = user_with(&["GetDriverLog"]).await;
    let query = [("startTime", start.as_str()), ("endTime", end.as_str())];
    let (status, body) = http_query("driver_log_report", Some(&reader), None, &[], &query).await;
    assert_eq!(status, 200, "{body}");
    let mine: Vec<(String, String)> = body["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["fridge"] == location)
        .map(|e| (e["operation"].as_str().unwrap().to_string(), e["type"].as_str().unwrap().to_string()))
        .collect();
    let count = |op: &str, kind: &str| mine.iter().filter(|(o, k)| o == op && k == kind).count();
    assert_eq!((count("LocationStocked", "request"), count("LocationStocked", "response")), (3, 1), "{mine:?}");
    assert_eq!(count("LocationStocked", "error"), 2, "{mine:?}");
    assert_eq!((count("UnlockDoor", "response"), count("ConfirmCount", "error")), (1, 1), "{mine:?}");
    assert!(body["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["fridge"] == location)
        .all(|e| e["uuid"] == driver.sub));

    // The driver called in the range, but is no user of the pool (a test's own user): no e-mail to answer.
    let asked = [("ids", driver.sub.as_str()), ("startTime", start.as_str()), ("endTime", end.as_str())];
    let (status, emails) = http_query("driver_log_emails", Some(&reader), None, &[], &asked).await;
    assert_eq!((status, emails), (200, json!({ "emails": {} })));
    let stranger = user_with(&["GetStockOuts"]).await;
    assert_eq!(http_query("driver_log_emails", Some(&stranger), None, &[], &asked).await.0, 403);
}

/// cognitoemails with these query parameters, as `reader`.
async fn emails_asked(reader: &fleet_shared::Caller, query: Vec<(&'static str, String)>) -> (i64, Value) {
    let q: Vec<(&str, &str)> = query.iter().map(|(k, v)| (*k, v.as_str())).collect();
    http_query("driver_log_emails", Some(reader), None, &[], &q).await
}

#[tokio::test]
async fn cognito_emails_answer_only_the_named_users_who_called_in_the_range_s_log() {
    let reader = user_with(&["GetDriverLog"]).await;
    let (admin, restricted) = (admin().await, restricted().await);
    // The admin, a user of the pool, makes a driver call (refused past the gate, so logged as an
    // error); the restricted user, in the pool too, holds no driver action and is never in the log.
    let location = par_ready_fridge("EML").await;
    let start = (Utc::now() - Duration::seconds(5)).timestamp().to_string();
    let count =
        json!({ "input": { "locationId": location, "task": "ConfirmCount", "count": -1, "requestId": unique("t") } });
    assert!(gql("run_fridge_task", &admin, count).await.is_err());
    let end = (Utc::now() + Duration::seconds(5)).timestamp().to_string();
    let emails = |query: Vec<(&'static str, String)>| emails_asked(&reader, query);
    let both = format!("{},{},not-a-user", admin.sub, restricted.sub);

    // The range is required and checked as the driver log's; so are the ids.
    let (status, body) = emails(vec![("ids", both.clone())]).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("Start time or End time cannot be null")), "{body}");
    let (status, body) = emails(vec![("ids", both.clone()), ("startTime", start.clone())]).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("Start time or End time cannot be null")), "{body}");
    let reversed = vec![("ids", both.clone()), ("startTime", end.clone()), ("endTime", start.clone())];
    let (status, body) = emails(reversed).await;
    let message = Some("Start time cannot be equal or greater than end time");
    assert_eq!((status, body["message"].as_str()), (400, message), "{body}");
    let (status, body) = emails(vec![("startTime", start.clone()), ("endTime", end.clone())]).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("ids cannot be null")), "{body}");

    // Only the named user who called in the range is answered.
    let (status, body) = emails(vec![("ids", both.clone()), ("startTime", start), ("endTime", end)]).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body, json!({ "emails": { admin.sub.clone(): admin.email } }));
    // The same user over a range of the kept days with no calls in it: not answered.
    let (old_start, old_end) = (Utc::now() - Duration::days(89), Utc::now() - Duration::days(88));
    let old = vec![
        ("ids", admin.sub.clone()),
        ("startTime", old_start.timestamp().to_string()),
        ("endTime", old_end.timestamp().to_string()),
    ];
    assert_eq!(emails(old).await, (200, json!({ "emails": {} })));

    let too_many: Vec<String> = (0..=100).map(|n| format!("u{n}")).collect();
    let now = Utc::now().timestamp();
    let (status, body) =
        emails(vec![("ids", too_many.join(",")), ("startTime", (now - 60).to_string()), ("endTime", now.to_string())])
            .await;
    assert_eq!((status, body["message"].as_str()), (400, Some("ids can name at most 100 users a call")), "{body}");
}
