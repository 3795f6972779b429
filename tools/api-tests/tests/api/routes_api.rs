//! Routes against the emulator: tote counts from known orders, the two route
//! uploads (row errors, group atomicity with a failure injected mid-write,
//! retries), the schedule list over REST, and the permission gate.
use crate::common;
use common::*;
use fleet_shared::entity::fridge_order::FridgeOrder;
use fleet_shared::history::Record;
use fleet_shared::{ApiError, Bucket, Table};
use fn_routes::stops::{self, RouteStop};
use serde_json::{json, Value};

async fn fridge(prefix: &str) -> String {
    let id = unique(prefix);
    gql("create_location", &admin().await, json!({ "input": form(&id).to_string() })).await.unwrap();
    id
}

/// An upload body; route-stop rows declare their groups (a route on a date) as the dry run counts them.
fn upload(upload_id: &str, rows: &[Value]) -> String {
    let mut groups = std::collections::BTreeMap::<String, usize>::new();
    for (date, route) in rows.iter().filter_map(|v| Some((v.get("date")?.as_str()?, v.get("route")?.as_str()?))) {
        *groups.entry(format!("{date}#{}", route.to_lowercase())).or_default() += 1;
    }
    let rows: Vec<Value> = rows.iter().enumerate().map(|(i, v)| json!({ "row": i + 2, "values": v })).collect();
    json!({ "uploadId": upload_id, "fileName": "routes.csv", "rows": rows, "groups": groups }).to_string()
}

fn stop_row(date: &str, id: &str, route: &str, stop: &str, kind: &str) -> Value {
    json!({ "date": date, "market": "mw", "id": id, "route": route, "stop": stop, "stockingIndex": "1", "stopType": kind })
}

async fn routes(date: &str, totes: bool) -> Vec<Value> {
    let out =
        gql("location_routes", &admin().await, json!({ "stockingDate": date, "calculateTotes": totes })).await.unwrap();
    out["routes"].as_array().unwrap().clone()
}

#[tokio::test]
async fn tote_counts_follow_the_orders_of_the_date() {
    let date = own_date();
    let (a, b, c) = (fridge("RT_A").await, fridge("RT_B").await, fridge("RT_C").await);
    let rows = [
        stop_row(&date, &a, "R1", "1", "delivery"),
        stop_row(&date, &b, "r1", "2", "DELIVERY"),
        stop_row(&date, &c, "r1", "3", "removal"),
    ];
    let (status, out) =
        http("route_schedule_commit", Some(&admin().await), Some(&upload(&unique("up").replace('_', "-"), &rows)))
            .await;
    assert_eq!((status, out["written"].as_u64()), (200, Some(3)), "{out}");
    let order = |id: &str, units: &[i64]| {
        FridgeOrder::new(&date, id, 1, units.iter().enumerate().map(|(i, u)| (format!("item{i}"), *u)))
    };
    // 30 units: 2 totes; 24 units: exactly 1; the removal stop has no order: 0.
    let items = vec![
        fleet_shared::order_store::item(&order(&a, &[20, 10])).unwrap(),
        fleet_shared::order_store::item(&order(&b, &[24])).unwrap(),
    ];
    deps().await.table(Table::FridgeOrders).unwrap().batch_put(items).await.unwrap();

    let got = routes(&date, true).await;
    let view: Vec<(&str, i64, &str, &str, i64, i64)> = got
        .iter()
        .map(|s| {
            (
                s["route"].as_str().unwrap(),
                s["stop"].as_i64().unwrap(),
                s["id"].as_str().unwrap(),
                s["stopType"].as_str().unwrap(),
                s["toteCountPerStop"].as_i64().unwrap(),
                s["toteCountPerRoute"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        view,
        vec![
            ("r1", 1, a.as_str(), "DELIVERY", 2, 3),
            ("r1", 2, b.as_str(), "DELIVERY", 1, 3),
            ("r1", 3, c.as_str(), "REMOVAL", 0, 3)
        ]
    );
    assert_eq!(got[0]["market"], "MW");
    assert!(routes(&date, false).await[0]["toteCountPerStop"].is_null(), "no totes unless asked");
    let err = gql("location_routes", &admin().await, json!({ "stockingDate": "2026-13-01" })).await.unwrap_err();
    assert_eq!(err.to_string(), "stockingDate '2026-13-01' is not a date (YYYY-MM-DD or MM/DD/YYYY)");
}

#[tokio::test]
async fn a_route_is_replaced_whole_and_a_failure_mid_write_leaves_the_old_stops() {
    let date = own_date();
    let (a, b, c) = (fridge("RG_A").await, fridge("RG_B").await, fridge("RG_C").await);
    let admin = admin().await;
    let first = [stop_row(&date, &a, "g1", "1", "DELIVERY"), stop_row(&date, &b, "g1", "2", "DELIVERY")];
    let (_, out) =
        http("route_schedule_commit", Some(&admin), Some(&upload(&unique("up").replace('_', "-"), &first))).await;
    assert_eq!(out["written"], 2, "{out}");

    // A failure injected in the middle of the write: the second of three stops
    // is too large for DynamoDB, so the transaction is cancelled whole.
    let stop = |id: &str, n: i64, market: String| RouteStop {
        stocking_date: date.clone(),
        market,
        id: id.into(),
        route: "g1".into(),
        stop: n,
        stocking_index: 1,
        stop_type: "DELIVERY".into(),
    };
    let poisoned = [stop(&c, 1, "MW".into()), stop(&a, 2, "x".repeat(410 * 1024)), stop(&b, 3, "MW".into())];
    let record = Record::new(
        fleet_shared::history::entity("routes", &date),
        "2040-01-01T00:00:00.000Z",
        "test",
        "injected",
        vec![],
    );
    let deps = deps().await;
    assert!(stops::replace_route(deps, &date, "g1", &poisoned, "poison", &record, vec![]).await.is_err());
    let kept: Vec<(i64, String)> =
        stops::of_route(deps, &date, "g1").await.unwrap().into_iter().map(|s| (s.stop.stop, s.stop.id)).collect();
    assert_eq!(kept, vec![(1, a.clone()), (2, b.clone())], "the old stops stay");

    // A new file for the route replaces it: b leaves, c comes; a retry changes nothing.
    let second = [stop_row(&date, &c, "g1", "1", "DELIVERY"), stop_row(&date, &a, "g1", "2", "REMOVAL")];
    let body = upload(&unique("up").replace('_', "-"), &second);
    let (_, dry) = http("route_schedule_dry_run", Some(&admin), Some(&body)).await;
    assert_eq!(
        dry["rows"][0]["diff"][0],
        json!({ "attribute": "id", "oldValue": json!(a).to_string(), "newValue": json!(c).to_string() })
    );
    assert_eq!(dry["rows"][0]["group"], format!("{date}#g1"));
    let (_, out) = http("route_schedule_commit", Some(&admin), Some(&body)).await;
    assert_eq!(out["written"], 2, "{out}");
    let (_, again) = http("route_schedule_commit", Some(&admin), Some(&body)).await;
    assert_eq!(again, out, "a retry is answered what the first try answered");
    let now: Vec<(i64, String, String)> = stops::of_route(deps, &date, "g1")
        .await
        .unwrap()
        .into_iter()
        .map(|s| (s.stop.stop, s.stop.id, s.stop.stop_type))
        .collect();
    assert_eq!(now, vec![(1, c.clone(), "DELIVERY".into()), (2, a.clone(), "REMOVAL".into())]);
    // One history record per replaced route, stop by stop (the retry added none).
    let stack = fleet_shared::paging::StackName::new("fleet-test").unwrap();
    let page = fleet_shared::history::page(
        deps.table(Table::History).unwrap(),
        fleet_shared::paging::PagingKey::new(b"test-secret-of-32-bytes-at-least!", &stack),
        &format!("routes#{date}"),
        None,
    )
    .await
    .unwrap();
    let records = &page.items;
    assert_eq!(records.len(), 2, "the first upload and the replacement");
    let change =
        |attr: &str| serde_json::to_value(records[0].changes.iter().find(|c| c.attribute == attr).unwrap()).unwrap();
    assert_eq!(change("g1 stop 1")["oldValue"], json!(format!("{a} (DELIVERY)")).to_string());
    assert_eq!(change("g1 stop 1")["newValue"], json!(format!("{c} (DELIVERY)")).to_string());
    assert_eq!(change("g1 stop 2")["newValue"], json!(format!("{a} (REMOVAL)")).to_string());
}

#[tokio::test]
async fn every_bad_row_of_a_route_file_gets_its_message_and_nothing_is_written() {
    let date = own_date();
    let a = fridge("RB_A").await;
    let admin = admin().await;
    let rows = [
        stop_row(&date, "NO_SUCH_LOCATION", "b1", "1", "DELIVERY"),
        json!({ "date": date, "market": "MW", "id": a, "route": "b2", "stop": "1", "stopType": "DELIVERY" }),
        stop_row(&date, &a, "b3", "one", "DELIVERY"),
        stop_row(&date, &a, "b4", "1", "PICKUP"),
        stop_row("2026-02-30", &a, "b5", "1", "DELIVERY"),
        stop_row(&date, &a, "b6", "1", "DELIVERY"),
        stop_row(&date, &a, "b6", "1", "REMOVAL"),
        stop_row(&date, &a, "b#7", "1", "DELIVERY"),
    ];
    let upload_id = unique("up").replace('_', "-");
    let (status, dry) = http("route_schedule_dry_run", Some(&admin), Some(&upload(&upload_id, &rows))).await;
    assert_eq!(status, 200, "{dry}");
    let messages: Vec<Value> = dry["rows"].as_array().unwrap().iter().map(|r| r["messages"].clone()).collect();
    assert_eq!(
        messages,
        vec![
            json!(["Location NO_SUCH_LOCATION does not exist"]),
            json!(["stockingIndex cannot be empty"]),
            json!(["stop must be a whole number, not 'one'"]),
            json!(["stopType 'PICKUP' must be one of DELIVERY, REMOVAL"]),
            json!(["date '2026-02-30' is not a date (YYYY-MM-DD or MM/DD/YYYY)"]),
            json!(["Duplicated records: Lines 7 and 8"]),
            json!(["Duplicated records: Lines 7 and 8"]),
            json!(["route cannot contain '#'"]),
        ]
    );
    assert_eq!(dry["summaryText"], "8 invalid");
    let (_, out) = http("route_schedule_commit", Some(&admin), Some(&upload(&upload_id, &rows))).await;
    assert_eq!((out["written"].as_u64(), out["failed"].as_u64()), (Some(0), Some(8)));
    assert!(routes(&date, false).await.is_empty(), "nothing written");

    // The file was kept under routes-upload/ first.
    let bucket = deps().await.bucket(Bucket::Routes).unwrap();
    let kept = bucket.client.get_object(bucket.name, &format!("routes-upload/{upload_id}/routes.csv")).await.unwrap();
    let text = String::from_utf8(kept.expect("the file is kept").bytes(1 << 20).await.unwrap()).unwrap();
    assert!(
        text.starts_with("date,market,id,route,stop,stockingIndex,stopType\n") && text.contains("NO_SUCH_LOCATION"),
        "{text}"
    );

    // An empty file and a file of 50,000 rows are refused as a whole.
    let (status, empty) =
        http("route_schedule_dry_run", Some(&admin), Some(&upload(&unique("up").replace('_', "-"), &[]))).await;
    assert_eq!((status, empty["message"].as_str()), (400, Some("rows must hold between 1 and 10000 entries")));
    let big: Vec<Value> = (0..50_000).map(|i| json!({ "id": format!("X{i}") })).collect();
    let (status, out) =
        http("route_schedule_dry_run", Some(&admin), Some(&upload(&unique("up").replace('_', "-"), &big))).await;
    assert_eq!((status, out["message"].as_str()), (400, Some("rows must hold between 1 and 10000 entries")));
}

#[tokio::test]
async fn the_driver_upload_sets_fridge_and_wholesale_routes_and_refuses_unknown_ids() {
    let admin = admin().await;
    let fridge_id = fridge("DR_F").await;
    let wholesale_id = unique("DR_W");
    let mut w = form(&wholesale_id);
    w["type"] = json!("WHOLESALE");
    gql("create_location", &admin, json!({ "input": w.to_string() })).await.unwrap();
    let rows = [
        json!({ "id": fridge_id, "route": "NE-Route-7", "stop": "3" }),
        json!({ "id": wholesale_id, "route": "WH-Route", "stop": "2" }),
        json!({ "id": "NO_SUCH_LOCATION", "route": "r", "stop": "1" }),
        json!({ "id": fridge_id.clone() + "X", "route": "r", "stop": "1.5" }),
        // The location's own stop rule (1-locations §5.2), in the preview: not only at commit.
        json!({ "id": fridge_id.clone() + "Y", "route": "r", "stop": "5000" }),
    ];
    let body = upload(&unique("up").replace('_', "-"), &rows);
    let (_, dry) = http("driver_routes_dry_run", Some(&admin), Some(&body)).await;
    assert_eq!(dry["rows"][0]["status"], "change");
    assert_eq!(
        dry["rows"][0]["diff"][0],
        json!({ "attribute": "route", "oldValue": "null", "newValue": "\"ne-route-7\"" })
    );
    assert_eq!(dry["rows"][2]["messages"], json!(["Location NO_SUCH_LOCATION does not exist"]));
    assert_eq!(dry["rows"][3]["messages"], json!(["stop cannot be a decimal number"]));
    assert_eq!(dry["rows"][4]["messages"], json!(["stop should be a number in the range of 0 to 1000!"]));

    let (_, out) = http("driver_routes_commit", Some(&admin), Some(&body)).await;
    assert_eq!((out["written"].as_u64(), out["failed"].as_u64()), (Some(2), Some(3)), "{out}");
    let caller = admin.clone();
    let get = |id: String| {
        let caller = caller.clone();
        async move { gql("get_location", &caller, json!({ "id": id })).await.unwrap()[0].clone() }
    };
    let f = get(fridge_id.clone()).await;
    assert_eq!(
        (f["route"].as_str(), f["stop"].as_i64()),
        (Some("ne-route-7"), Some(3)),
        "FRIDGE routes are lowercased"
    );
    let wh = get(wholesale_id.clone()).await;
    assert_eq!(
        (wh["route"].as_str(), wh["stop"].as_i64()),
        (Some("WH-Route"), Some(2)),
        "wholesale keeps its spelling"
    );

    let (_, again) = http("driver_routes_commit", Some(&admin), Some(&body)).await;
    assert_eq!(again, out, "a retry is answered what the first try answered, and writes nothing");
    let history = gql("location_history", &admin, json!({ "id": fridge_id })).await.unwrap();
    let route_changes =
        history["items"].as_array().unwrap().iter().filter(|r| r["source"] == "routes.csv row 2").count();
    assert_eq!(route_changes, 1);
}

#[tokio::test]
async fn callers_need_the_route_actions_and_the_driver_upload_needs_update_location() {
    let date = own_date();
    let a = fridge("RP_A").await;
    let restricted = restricted().await;
    let err = gql("location_routes", &restricted, json!({ "stockingDate": date })).await.unwrap_err();
    assert!(matches!(err, ApiError::Forbidden));
    let rows = [stop_row(&date, &a, "p1", "1", "DELIVERY")];
    for name in ["route_schedule_dry_run", "route_schedule_commit", "driver_routes_dry_run", "driver_routes_commit"] {
        let (status, body) = http(name, Some(&restricted), Some(&upload(&unique("up").replace('_', "-"), &rows))).await;
        assert_eq!((status, body["message"].as_str()), (403, Some("Error! User Action Prohibited!")), "{name}");
    }
    // Route uploads allowed, location updates not: the driver commit changes locations, so it is refused.
    let uploader = user_with(&["UploadRoutes"]).await;
    let (status, _) = http(
        "driver_routes_commit",
        Some(&uploader),
        Some(&upload(&unique("up").replace('_', "-"), &[json!({ "id": a, "route": "p9", "stop": "1" })])),
    )
    .await;
    assert_eq!(status, 403);
    let f = gql("get_location", &admin().await, json!({ "id": a })).await.unwrap()[0].clone();
    assert_ne!(f["route"], "p9", "nothing written");
    assert!(routes(&date, false).await.is_empty());
}

#[tokio::test]
async fn a_locations_schedule_is_listed_over_rest_and_in_the_fleets_upcoming_changes() {
    let admin = admin().await;
    let id = fridge("SC").await;
    let when = (chrono::Utc::now() + chrono::Duration::days(3)).to_rfc3339();
    gql(
        "create_schedule_change",
        &admin,
        json!({ "input": [{ "location": id, "attribute": "status", "value": "\"LIVE\"", "dateTime": when }] }),
    )
    .await
    .unwrap();
    let (status, list) = http_at("location_schedule", Some(&admin), None, &[("id", &id)]).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(
        (list[0]["change"]["attribute"].as_str(), list[0]["status"].as_str()),
        (Some("status"), Some("PENDING"))
    );
    assert_eq!(list[0]["timeZoneLabel"], "CT");
    let upcoming = gql("upcoming_schedule_changes", &admin, json!({})).await.unwrap();
    assert!(upcoming.as_array().unwrap().iter().any(|c| c["id"] == id.as_str()));
    let soon = gql("upcoming_schedule_changes", &admin, json!({ "days": 1 })).await.unwrap();
    assert!(!soon.as_array().unwrap().iter().any(|c| c["id"] == id.as_str()), "three days out is not within one day");
    let (status, _) = http_at("location_schedule", Some(&restricted().await), None, &[("id", &id)]).await;
    assert_eq!(status, 200, "the restricted user may view fridges");
    let err = gql("upcoming_schedule_changes", &admin, json!({ "days": 90 })).await.unwrap_err();
    assert_eq!(err.to_string(), "days must be between 1 and 31");
}

#[tokio::test]
async fn a_bulk_schedule_checks_each_row_as_one_scheduled_change_and_needs_its_permission() {
    let admin = admin().await;
    let id = fridge("BS").await;
    let day = (chrono::Utc::now() + chrono::Duration::days(5)).format("%m/%d/%Y").to_string();
    let rows = [
        json!({ "location": id, "attribute": "status", "value": "LIVE", "dateTime": format!("{day} 09:30") }),
        json!({ "location": id, "attribute": "prod", "value": "1", "dateTime": format!("{day} 10:00"), "reason": "First Stocking" }),
        json!({ "location": id, "attribute": "prod", "value": "1", "dateTime": format!("{day} 11:00") }),
        json!({ "location": "NO_SUCH_LOCATION", "attribute": "status", "value": "LIVE", "dateTime": format!("{day} 09:30") }),
        json!({ "location": id, "attribute": "status", "value": "LIVE", "dateTime": "2020-01-01 09:30" }),
        json!({ "location": id, "attribute": "colour", "value": "red", "dateTime": format!("{day} 09:30") }),
    ];
    let body = upload(&unique("up").replace('_', "-"), &rows);
    let (status, dry) = http("bulk_schedule_dry_run", Some(&admin), Some(&body)).await;
    assert_eq!(status, 200, "{dry}");
    let diff = &dry["rows"][0]["diff"][0];
    assert!(
        diff["attribute"].as_str().unwrap().starts_with("status at ")
            && diff["attribute"].as_str().unwrap().ends_with(" CT"),
        "{diff}"
    );
    assert_eq!((diff["oldValue"].as_str(), diff["newValue"].as_str()), (Some("\"OFFLINE\""), Some("\"LIVE\"")));
    let messages: Vec<Value> = dry["rows"].as_array().unwrap().iter().map(|r| r["messages"].clone()).collect();
    assert_eq!(messages[1], json!([]));
    assert_eq!(messages[2], json!(["Reason cannot be empty"]));
    assert_eq!(messages[3], json!(["Location NO_SUCH_LOCATION does not exist"]));
    assert_eq!(messages[4], json!(["2020-01-01 09:30 CT is in the past"]));
    assert_eq!(messages[5], json!(["colour cannot be scheduled"]));

    // Scheduling a change needs the action making it needs.
    let scheduler = user_with(&["AddScheduledEvent"]).await;
    let valid = upload(&unique("up").replace('_', "-"), &rows[..2]);
    let (status, _) = http("bulk_schedule_commit", Some(&scheduler), Some(&valid)).await;
    assert_eq!(status, 403);
    let pending = |id: String| {
        let caller = admin.clone();
        async move { gql("read_schedule_change", &caller, json!({ "filter": { "id": id } })).await.unwrap() }
    };
    assert_eq!(pending(id.clone()).await.as_array().unwrap().len(), 0, "nothing scheduled when refused");

    for _ in 0..2 {
        let (status, out) = http("bulk_schedule_commit", Some(&admin), Some(&valid)).await;
        assert_eq!((status, out["written"].as_u64()), (200, Some(2)), "{out}");
    }
    let list = pending(id.clone()).await;
    let attributes: Vec<&str> =
        list.as_array().unwrap().iter().map(|c| c["change"]["attribute"].as_str().unwrap()).collect();
    assert_eq!(attributes.len(), 3, "status, prod and its reason, once each after a retry: {attributes:?}");
    assert!(attributes.contains(&"updateReason"));
}

/// A bulk schedule row due within minutes is announced on the wake-up queue, delayed until it is due, as one
/// createScheduleChange is (`locations_api` shows a wake-up applying its change); a row a day on is left to the
/// minute run. Counted as the queue's delayed messages: every other test that schedules within minutes holds
/// the scheduler's turn too.
#[tokio::test]
async fn a_bulk_schedule_row_due_within_minutes_announces_its_wake_up() {
    use chrono::TimeZone;
    let _turn = SCHEDULER.lock().await;
    let soon = chrono::Utc::now() + chrono::Duration::minutes(3);
    // A fridge in a zone where that minute's wall time names one instant (not the hour the clocks repeat).
    let zones = [("CHICAGO", chrono_tz::America::Chicago), ("NEWYORK", chrono_tz::America::New_York)];
    let (code, zone) = zones
        .into_iter()
        .find(|(_, tz)| tz.from_local_datetime(&soon.with_timezone(tz).naive_local()).single().is_some())
        .unwrap();
    let id = unique("BW");
    let mut f = form(&id);
    f["timeZone"] = json!(code);
    let admin = admin().await;
    gql("create_location", &admin, json!({ "input": f.to_string() })).await.unwrap();
    let wall = |t: chrono::DateTime<chrono::Utc>| t.with_timezone(&zone).format("%m/%d/%Y %H:%M").to_string();
    let rows = [
        json!({ "location": id, "attribute": "percentage", "value": "37", "dateTime": wall(soon) }),
        json!({ "location": id, "attribute": "percentage", "value": "38", "dateTime": wall(soon + chrono::Duration::days(1)) }),
    ];

    let sqs = fleet_front_door::queues::sqs_client().await;
    let url = std::env::var("QUEUE_URL_ScheduleWakeUpsQueue").expect("the wake-up queue in the stack");
    let delayed = || async {
        let name = aws_sdk_sqs::types::QueueAttributeName::ApproximateNumberOfMessagesDelayed;
        let out = sqs.get_queue_attributes().queue_url(&url).attribute_names(name.clone()).send().await.unwrap();
        out.attributes().and_then(|a| a.get(&name)).and_then(|n| n.parse::<u64>().ok()).unwrap()
    };
    let before = delayed().await;
    let (status, out) =
        http("bulk_schedule_commit", Some(&admin), Some(&upload(&unique("bw").replace('_', "-"), &rows))).await;
    assert_eq!((status, out["written"].as_u64()), (200, Some(2)), "{out}");
    assert_eq!(delayed().await, before + 1, "one wake-up, for the row due within 15 minutes");
}

fn stop_types(stops: Vec<stops::StoredStop>) -> Vec<(i64, String, String)> {
    stops.into_iter().map(|s| (s.stop.stop, s.stop.id, s.stop.stop_type)).collect()
}

#[tokio::test]
async fn re_uploading_a_route_with_one_stop_changed_keeps_every_stop() {
    let date = own_date();
    let (a, b, c) = (fridge("RU_A").await, fridge("RU_B").await, fridge("RU_C").await);
    let admin = admin().await;
    let week = |kind_b: &str| {
        [
            stop_row(&date, &a, "u1", "1", "DELIVERY"),
            stop_row(&date, &b, "u1", "2", kind_b),
            stop_row(&date, &c, "u1", "3", "DELIVERY"),
        ]
    };
    let (_, out) =
        http("route_schedule_commit", Some(&admin), Some(&upload(&unique("up").replace('_', "-"), &week("DELIVERY"))))
            .await;
    assert_eq!(out["written"], 3, "{out}");

    let changed = week("REMOVAL");
    let body = upload(&unique("up").replace('_', "-"), &changed);
    let (_, dry) = http("route_schedule_dry_run", Some(&admin), Some(&body)).await;
    let statuses: Vec<&str> = dry["rows"].as_array().unwrap().iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, vec!["change", "change", "change"], "every row of the touched route is sent");
    assert_eq!(dry["groups"], json!({ format!("{date}#u1"): 3 }));

    // The old browser sent only the changed row: refused, nothing removed.
    let mut part: Value = serde_json::from_str(&body).unwrap();
    part["rows"] = json!([part["rows"][1].clone()]);
    let (status, refused) = http("route_schedule_commit", Some(&admin), Some(&part.to_string())).await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("this batch holds 1 of its 3 rows"), "{refused}");
    assert_eq!(stops::of_route(deps().await, &date, "u1").await.unwrap().len(), 3);

    let (_, out) = http("route_schedule_commit", Some(&admin), Some(&body)).await;
    assert_eq!(out["written"], 3, "{out}");
    let now = stop_types(stops::of_route(deps().await, &date, "u1").await.unwrap());
    assert_eq!(now, vec![(1, a, "DELIVERY".into()), (2, b, "REMOVAL".into()), (3, c, "DELIVERY".into())]);
}

#[tokio::test]
async fn two_commits_racing_for_one_route_never_merge_their_stops() {
    let date = own_date();
    let ids = [fridge("RR_A").await, fridge("RR_B").await, fridge("RR_C").await, fridge("RR_D").await];
    let admin = admin().await;
    for round in 0..4 {
        let one = [stop_row(&date, &ids[0], "x1", "1", "DELIVERY"), stop_row(&date, &ids[1], "x1", "2", "DELIVERY")];
        let other = [stop_row(&date, &ids[2], "x1", "3", "DELIVERY"), stop_row(&date, &ids[3], "x1", "4", "DELIVERY")];
        let (b1, b2) = (upload(&unique("up").replace('_', "-"), &one), upload(&unique("up").replace('_', "-"), &other));
        let _ = tokio::join!(
            http("route_schedule_commit", Some(&admin), Some(&b1)),
            http("route_schedule_commit", Some(&admin), Some(&b2))
        );
        let kept: Vec<String> =
            stops::of_route(deps().await, &date, "x1").await.unwrap().into_iter().map(|s| s.stop.id).collect();
        assert!(kept == ids[..2] || kept == ids[2..], "round {round}: one file's stops, never a merge: {kept:?}");
    }
}

#[tokio::test]
async fn a_route_over_its_stop_bound_is_refused_in_the_dry_run() {
    let date = own_date();
    let a = fridge("RL_A").await;
    let rows: Vec<Value> =
        (1..=stops::MAX_STOPS_PER_ROUTE + 1).map(|n| stop_row(&date, &a, "big", &n.to_string(), "DELIVERY")).collect();
    let (_, dry) =
        http("route_schedule_dry_run", Some(&admin().await), Some(&upload(&unique("up").replace('_', "-"), &rows)))
            .await;
    assert_eq!(
        dry["rows"][0]["messages"],
        json!([format!("Route big on {date} has 49 stops; a route can have at most 48.")])
    );
    assert_eq!(dry["summary"]["invalid"], 49);
}

/// The routes' store, with a driver stocking `location` (through the stocking
/// area's own write) between the first replacement's read and its write.
struct StockedMeanwhile {
    inner: fn_routes::store::Dynamo,
    date: String,
    location: String,
    at: String,
    done: std::sync::atomic::AtomicBool,
}

impl fn_routes::store::RoutesStore for StockedMeanwhile {
    async fn stops_of_date(&self, date: &str) -> Result<Vec<stops::StoredStop>, ApiError> {
        self.inner.stops_of_date(date).await
    }
    async fn stops_of_route(&self, date: &str, route: &str) -> Result<Vec<stops::StoredStop>, ApiError> {
        self.inner.stops_of_route(date, route).await
    }
    async fn route_version(&self, date: &str, route: &str) -> Result<Option<fn_routes::store::RouteVersion>, ApiError> {
        self.inner.route_version(date, route).await
    }
    async fn route_versions(
        &self,
        date: &str,
    ) -> Result<std::collections::HashMap<String, fn_routes::store::RouteVersion>, ApiError> {
        self.inner.route_versions(date).await
    }
    async fn write_route(&self, change: &fn_routes::store::RouteWrite<'_>) -> Result<(), ApiError> {
        if !self.done.swap(true, std::sync::atomic::Ordering::SeqCst) {
            assert_eq!(mark_stocked(&self.date, &self.location, &self.at).await, 1);
        }
        self.inner.write_route(change).await
    }
    async fn orders_of_date(&self, date: &str) -> Result<Vec<FridgeOrder>, ApiError> {
        self.inner.orders_of_date(date).await
    }
    async fn locations(
        &self,
        ids: Vec<String>,
        projection: &[&str],
    ) -> Result<Vec<fleet_shared::entity::Location>, ApiError> {
        self.inner.locations(ids, projection).await
    }
    async fn assign_route(&self, a: &fn_routes::store::RouteAssignment<'_>) -> Result<(), ApiError> {
        self.inner.assign_route(a).await
    }
}

#[tokio::test]
async fn a_stocked_time_set_while_a_route_is_replaced_is_never_erased() {
    use fn_routes::store::RoutesStore;
    let date = own_date();
    let (a, b) = (fridge("RS_A").await, fridge("RS_B").await);
    let admin = admin().await;
    let first = [stop_row(&date, &a, "s1", "1", "DELIVERY"), stop_row(&date, &b, "s1", "2", "DELIVERY")];
    let (_, out) =
        http("route_schedule_commit", Some(&admin), Some(&upload(&unique("up").replace('_', "-"), &first))).await;
    assert_eq!(out["written"], 2, "{out}");
    let deps = deps().await;
    let before = fn_routes::store::Dynamo(deps).route_version(&date, "s1").await.unwrap().unwrap().version;

    // b is stocked after the replacement read the route, before it writes: the
    // write fails on the version the stocking moved, and is made again on a new read.
    let at = format!("{date}T15:00:00.000Z");
    let racing = StockedMeanwhile {
        inner: fn_routes::store::Dynamo(deps),
        date: date.clone(),
        location: b.clone(),
        at: at.clone(),
        done: Default::default(),
    };
    let stop = |id: &str, n: i64| RouteStop {
        stocking_date: date.clone(),
        market: "MW".into(),
        id: id.into(),
        route: "s1".into(),
        stop: n,
        stocking_index: 1,
        stop_type: "DELIVERY".into(),
    };
    let record = Record::new(fleet_shared::history::entity("routes", &date), &at, "test", "swap", vec![]);
    stops::replace(&racing, &date, "s1", &[stop(&b, 1), stop(&a, 2)], "swap", &record, &[]).await.unwrap();
    let now: Vec<(i64, String, Option<String>)> = stops::of_route(deps, &date, "s1")
        .await
        .unwrap()
        .into_iter()
        .map(|s| (s.stop.stop, s.stop.id, s.stocked_time_utc))
        .collect();
    assert_eq!(now, [(1, b.clone(), Some(at.clone())), (2, a.clone(), None)], "b keeps its stocked time");
    let after = fn_routes::store::Dynamo(deps).route_version(&date, "s1").await.unwrap().unwrap().version;
    assert_eq!(after, before + 2, "the stocking and the replacement each moved the version");

    // An earlier time wins; a later one changes nothing and leaves the version alone.
    assert_eq!(mark_stocked(&date, &b, &format!("{date}T16:00:00.000Z")).await, 0);
    assert_eq!(fn_routes::store::Dynamo(deps).route_version(&date, "s1").await.unwrap().unwrap().version, after);
    let earlier = format!("{date}T14:00:00.000Z");
    assert_eq!(mark_stocked(&date, &b, &earlier).await, 1);
    let b_now = stops::of_route(deps, &date, "s1").await.unwrap().into_iter().find(|s| s.stop.id == b).unwrap();
    assert_eq!(b_now.stocked_time_utc, Some(earlier));
}
