//! Reports in event time (issue 39), through the real telemetry queue: a late
//! snapshot that shows an emptying makes its rows, two snapshots of one fridge
//! in one SQS batch both count, a 60-slot clear-out lists every slot and item,
//! and a late refill closes the row at its own time.
use crate::common;
use chrono::{Duration, SecondsFormat, Utc};
use common::*;
use fleet_shared::fridge_time;
use serde_json::{json, Value};

/// A minute on the hour an hour ago, plus `minutes`: the rows' times stay in one Central day
/// unless the test runs in the first minutes after midnight, which `day_of` follows.
fn at(minutes: i64) -> chrono::DateTime<Utc> {
    let base = Utc::now() - Duration::minutes(90);
    base + Duration::minutes(minutes)
}

fn text(t: chrono::DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

fn day_of(t: chrono::DateTime<Utc>) -> String {
    t.with_timezone(&fridge_time::CENTRAL.tz).date_naive().to_string()
}

/// One slot `1:1` of Salad holding `units`.
fn salad(location: &str, t: chrono::DateTime<Utc>, units: usize) -> String {
    let units = vec![json!({ "productionDate": "2026-11-20" }); units];
    json!({ "type": "inventory", "locationId": location, "timestamp": text(t),
            "slots": [{ "slot": "1:1", "itemName": "Salad", "units": units }] })
    .to_string()
}

/// A snapshot of 60 slots, each of its own item, each holding `units`.
fn sixty_slots(location: &str, t: chrono::DateTime<Utc>, units: usize) -> Value {
    let slots: Vec<Value> = (0..60)
        .map(|i| {
            json!({ "slot": format!("{}:{}", i / 6 + 1, i % 6 + 1), "itemName": format!("Item{i:02}"),
                    "units": vec![json!({ "productionDate": "2026-11-20" }); units] })
        })
        .collect();
    json!({ "type": "inventory", "locationId": location, "timestamp": text(t), "slots": slots })
}

/// (empty channels, stock-outs) of a location on the Central day of `t`.
async fn rows_of(location: &str, t: chrono::DateTime<Utc>) -> (Vec<Value>, Vec<Value>) {
    let token = admin().await;
    let date = day_of(t);
    let (s1, empty) = http_at("empty_channel_report", Some(&token), None, &[("date", &date)]).await;
    let (s2, outs) = http_at("stock_outs_report", Some(&token), None, &[("date", &date)]).await;
    assert_eq!((s1, s2), (200, 200), "{empty} {outs}");
    let mine = |rows: &Value, field: &str| -> Vec<Value> {
        rows.as_array().unwrap().iter().filter(|r| r[field] == location).cloned().collect()
    };
    (mine(&empty, "kioskName"), mine(&outs, "Location"))
}

/// (start, restocked at) of each row, as the report shows them (Central).
fn times(rows: &[Value]) -> Vec<(String, Value)> {
    rows.iter()
        .map(|r| {
            let start = r.get("time").or_else(|| r.get("Time")).cloned().unwrap_or_default();
            (start.as_str().unwrap_or_default().to_string(), r["restockedAt"].clone())
        })
        .collect()
}

fn central(t: chrono::DateTime<Utc>) -> (String, String) {
    let local = t.with_timezone(&fridge_time::CENTRAL.tz);
    (local.format("%H:%M").to_string(), local.format("%Y-%m-%d %H:%M").to_string())
}

#[tokio::test]
async fn a_late_snapshot_that_shows_an_emptying_makes_its_rows_ending_at_the_next() {
    let location = par_ready_fridge("EVT").await;
    let (s0, s1, s2) = (at(0), at(10), at(20));
    through_telemetry_queue(&[salad(&location, s0, 1), salad(&location, s2, 2)]).await;
    assert_eq!(rows_of(&location, s1).await, (vec![], vec![]), "nothing emptied between 1 and 2 units");
    through_telemetry_queue(&[salad(&location, s1, 0)]).await; // late
    let (empty, outs) = rows_of(&location, s1).await;
    let want = vec![(central(s1).0, json!(central(s2).1))];
    assert_eq!((times(&empty), times(&outs)), (want.clone(), want), "{empty:?} {outs:?}");
    assert_eq!(
        (&empty[0]["slot"], &empty[0]["vendItemName"], &outs[0]["Item"]),
        (&json!("1:1"), &json!("Salad"), &json!("Salad"))
    );
    // The inventory screens still show the newest snapshot.
    let (status, body) = http_at("location_inventory", Some(&admin().await), None, &[("id", &location)]).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["timestamp"], json!(text(s2)), "{body}");
}

#[tokio::test]
async fn two_snapshots_of_one_fridge_in_one_batch_both_count() {
    let location = par_ready_fridge("EVB").await;
    let (s0, s1, s2) = (at(0), at(10), at(20));
    through_telemetry_queue(&[salad(&location, s0, 2)]).await;
    // Emptied, then refilled, in one SQS batch (the refill first, as a queue may).
    let taken = as_one_telemetry_batch(&[salad(&location, s2, 3), salad(&location, s1, 0)]).await;
    assert_eq!(taken, 2, "the emulator handed both in one batch");
    let (empty, outs) = rows_of(&location, s1).await;
    let want = vec![(central(s1).0, json!(central(s2).1))];
    assert_eq!((times(&empty), times(&outs)), (want.clone(), want));
}

#[tokio::test]
async fn a_sixty_slot_clear_out_lists_every_slot_and_item() {
    let location = par_ready_fridge("EVS").await;
    let (full, cleared) = (at(0), at(10));
    let snapshot = |t, n: usize| sixty_slots(&location, t, n).to_string();
    through_telemetry_queue(&[snapshot(full, 2), snapshot(cleared, 0)]).await;
    let (empty, outs) = rows_of(&location, cleared).await;
    assert_eq!((empty.len(), outs.len()), (60, 60), "every slot and every item, none dropped");
    let items: std::collections::BTreeSet<&str> = outs.iter().filter_map(|o| o["Item"].as_str()).collect();
    assert_eq!(items.len(), 60);
    // The refill closes all 120 rows: over one transaction's 100 items, written in parts.
    let refill = at(20);
    through_telemetry_queue(&[snapshot(refill, 1)]).await;
    let (empty, outs) = rows_of(&location, cleared).await;
    let end = json!(central(refill).1);
    assert!(empty.iter().chain(outs.iter()).all(|r| r["restockedAt"] == end), "{empty:?}");
}

#[tokio::test]
async fn a_late_refill_closes_the_row_at_its_own_time() {
    let location = par_ready_fridge("EVR").await;
    let (full, empty_at, refill, later) = (at(0), at(10), at(20), at(30));
    through_telemetry_queue(&[salad(&location, full, 2), salad(&location, empty_at, 0), salad(&location, later, 4)])
        .await;
    let (empty, _) = rows_of(&location, empty_at).await;
    assert_eq!(times(&empty), vec![(central(empty_at).0, json!(central(later).1))]);
    through_telemetry_queue(&[salad(&location, refill, 1)]).await; // late
    let (empty, outs) = rows_of(&location, empty_at).await;
    let want = vec![(central(empty_at).0, json!(central(refill).1))];
    assert_eq!((times(&empty), times(&outs)), (want.clone(), want));
    assert_eq!((&empty[0]["lastedMinutes"], &outs[0]["lastedMinutes"]), (&json!(10), &json!(10)));
}

/// A clear-out whose plan was stored but never applied (the ingest stopped
/// between its parts): the next snapshot of the fridge finishes it first, so
/// no row of it is lost, then is placed after it.
#[tokio::test]
async fn a_plan_left_unfinished_is_finished_by_the_next_snapshot() {
    use fleet_shared::entity::report::derive::{self, Link, Placed, HEAD_SK, PLAN_PREFIX};
    use fleet_shared::entity::telemetry::InventorySnapshot;
    use fleet_shared::{store, Table};
    let location = par_ready_fridge("EVP").await;
    let (full, cleared, refill) = (at(0), at(10), at(20));
    let snapshot = |t, n: usize| sixty_slots(&location, t, n);
    through_telemetry_queue(&[snapshot(full, 2).to_string()]).await;
    // What the ingest would plan for the clear-out, stored as it stores a plan, and nothing applied.
    let t = deps().await.table(Table::FridgeTelemetry).unwrap();
    let key = |sk: &str| {
        std::collections::HashMap::from([
            ("locationId".to_string(), store::s(&location)),
            ("sk".to_string(), store::s(sk)),
        ])
    };
    let prev: Link = t.get(key(&format!("inv#{}", text(full)))).await.unwrap().expect("the first link");
    let head: Value = t.get(key(HEAD_SK)).await.unwrap().expect("the head");
    let slots = snapshot(cleared, 0)["slots"].clone();
    let parsed: InventorySnapshot =
        serde_json::from_value(json!({ "locationId": location, "timestamp": text(cleared), "slots": slots })).unwrap();
    let Placed::Settled(writes) = derive::place(Some(&prev), &Link::of(&parsed).unwrap(), &[], true) else {
        panic!("settled")
    };
    assert_eq!(writes.len(), 121, "the link and 120 rows");
    let version = head["version"].as_u64().unwrap();
    let part = json!({ "locationId": location, "sk": format!("{PLAN_PREFIX}000"), "writes": serde_json::to_string(&writes).unwrap(), "expiresAt": 0 });
    let stopped = json!({ "locationId": location, "sk": HEAD_SK, "version": version + 1, "planParts": 1 });
    t.batch_put(vec![store::to_item(&part).unwrap(), store::to_item(&stopped).unwrap()]).await.unwrap();
    assert_eq!(rows_of(&location, cleared).await, (vec![], vec![]), "nothing applied yet");

    through_telemetry_queue(&[snapshot(refill, 1).to_string()]).await;
    let (empty, outs) = rows_of(&location, cleared).await;
    assert_eq!((empty.len(), outs.len()), (60, 60), "the plan's rows, none lost");
    let end = json!(central(refill).1);
    assert!(empty.iter().chain(outs.iter()).all(|r| r["restockedAt"] == end), "and the refill after it closes them");
    let head: Value = t.get(key(HEAD_SK)).await.unwrap().unwrap();
    assert_eq!(head["planParts"], json!(0), "the plan cleared: {head}");
    assert!(t.get::<Value>(key(&format!("{PLAN_PREFIX}000"))).await.unwrap().is_none(), "its part deleted");
}
