//! Costs against the emulator (issue 26): the usage counter every client of
//! a function's `Deps` carries counts each call and estimates its capacity
//! from the real request and response bodies; the fleet health snapshot is
//! rebuilt from what came through the telemetry queue and read back through
//! its presigned URL, gzip'd, at most once a minute.
use crate::common;
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use common::*;
use fleet_shared::{store, Config, Deps, Table};
use serde_json::json;
use std::collections::BTreeMap;

/// A function's own clients (and so its own counter), not shared with other tests.
async fn own_deps(function: &str) -> &'static Deps {
    let spec = find(function);
    let config = Config::load(&spec.needs(), |name| std::env::var(name).ok()).unwrap();
    Deps::build(config, &spec.needs(), &fleet_shared::sdk::loader().load().await)
}

#[tokio::test]
async fn every_call_is_counted_with_the_capacity_its_items_bill() {
    // The idempotency table: items of its own keys, which no screen reads, expiring in a minute.
    let deps = own_deps("create_queue_message").await;
    let t = deps.table(Table::Idempotency).unwrap();
    let id = unique("usage");
    let expires = fleet_shared::fridge_time::now().timestamp() + 60;
    let item = |sk: String, pad: usize| {
        store::to_item(&json!({ "pk": id, "sk": sk, "pad": "x".repeat(pad), "expiresAt": expires })).unwrap()
    };
    let before = deps.usage.totals();
    let started = std::time::Instant::now();

    // 1.5 KB: two write units, then a 4 KB-step read (half when eventually consistent).
    t.client.put_item().table_name(t.name).set_item(Some(item("big".into(), 1500))).send().await.unwrap();
    t.batch_put((0..3).map(|i| item(format!("small-{i}"), 10)).collect()).await.unwrap();
    let put = Put::builder().table_name(t.name).set_item(Some(item("tx".into(), 10))).build().unwrap();
    store::transact(t.client, vec![TransactWriteItem::builder().put(put).build()]).await.unwrap();
    for consistent in [false, true] {
        let key = [("pk".to_string(), store::s(&id)), ("sk".to_string(), store::s("big"))];
        t.client
            .get_item()
            .table_name(t.name)
            .set_key(Some(key.into()))
            .consistent_read(consistent)
            .send()
            .await
            .unwrap();
    }

    let used = deps.usage.totals().since(&before);
    let calls: BTreeMap<&str, u64> = used.calls.iter().map(|(k, n)| (k.as_str(), *n)).collect();
    assert_eq!(
        calls,
        BTreeMap::from([
            ("DynamoDB.BatchWriteItem", 1),
            ("DynamoDB.GetItem", 2),
            ("DynamoDB.PutItem", 1),
            ("DynamoDB.TransactWriteItems", 1)
        ])
    );
    // Put 2, batch 3 x 1, transaction 2 x 1.
    assert_eq!(used.write_units, 7.0);
    assert_eq!(used.read_units, 1.5);
    // The time waited for the answers, one after another: some, and never more than the whole.
    let whole_ms = started.elapsed().as_secs_f64() * 1000.0;
    assert!(used.call_ms > 0.0 && used.call_ms <= whole_ms, "{} ms of {whole_ms} ms", used.call_ms);
}

fn heartbeat(location: &str, temperature: f64) -> String {
    json!({ "type": "heartbeat", "locationId": location, "timestamp": fleet_shared::fridge_time::now_text(),
            "temperature": temperature, "hdmi": true, "elo": true, "cardReader": true, "electricalLayout": true,
            "jofemarState": "STATUS_0_READY", "timezone": "America/Chicago" })
    .to_string()
}

#[tokio::test]
async fn the_fleet_health_snapshot_holds_what_came_through_the_queue_and_is_rebuilt_once_a_minute() {
    let fridge = par_ready_fridge("SNAP").await;
    through_telemetry_queue(&[heartbeat(&fridge, 39.5)]).await;

    let _turn = FLEET_SNAPSHOT.lock().await;
    // Forget the stored snapshot, so this run rebuilds now rather than within the minute.
    deps().await.forget_snapshot(fleet_shared::snapshot::Kind::FleetHealth).await.unwrap();
    let rebuild = find("rebuild_fleet_health_snapshot");
    let run = || async { rebuild.invoke(wiring().await.deps(rebuild), fleet_shared::Input::default()).await.unwrap() };
    let first = run().await;
    // A running local scheduler may have rebuilt it first: after the heartbeat either way.
    let again = run().await;
    assert_eq!(again["rebuilt"], false, "a fresh snapshot is kept: {first} then {again}");

    let answer = gql("fleet_health_snapshot", &admin().await, json!({})).await.unwrap();
    assert!(answer["fridges"].as_i64().unwrap() >= 1, "{answer}");
    let (encoding, body) = fetch_snapshot(answer["url"].as_str().unwrap().to_string()).await;
    assert_eq!(encoding.as_deref(), Some("gzip"));
    assert_eq!(body["asOf"], answer["asOf"]);
    let mine: Vec<_> =
        body["fridges"].as_array().unwrap().iter().filter(|f| f["locationId"] == fridge.as_str()).collect();
    assert_eq!(mine.len(), 1, "the fridge's health, once");
    assert_eq!((&mine[0]["temperature"], &mine[0]["jofemarState"]), (&json!(39.5), &json!("STATUS_0_READY")));

    let refused = gql("fleet_health_snapshot", &restricted().await, json!({})).await.unwrap_err();
    assert_eq!(refused.status(), 403);
}

#[tokio::test]
async fn a_snapshot_put_lands_only_over_the_version_it_read() {
    use fleet_shared::snapshot::{gzip, Kind, Put, SnapshotObjects, Stored};
    // Alone with the software snapshot: every deploy rebuilds it. The schedule rebuilds it after.
    let _snapshot = SOFTWARE_SNAPSHOT.write().await;
    let (deps, kind) = (deps().await, Kind::FridgeSoftware);
    // The version is the content's (an ETag): each rebuild's body differs by its asOf.
    let at = |n: u32| format!("2026-11-25T00:00:{n:02}.000Z");
    let put = |n: u32, over: Option<Stored>| async move {
        let body = gzip(format!(r#"{{"asOf":"{}","artifacts":{{}}}}"#, at(n)).as_bytes()).unwrap();
        deps.put(kind, body, &at(n), 0, over.as_ref()).await.unwrap()
    };
    deps.forget_snapshot(kind).await.unwrap();
    assert_eq!(put(1, None).await, Put::Landed, "none was there");
    assert_eq!(put(2, None).await, Put::Moved, "one is there now");
    let read = deps.stored(kind).await.unwrap().expect("stored");
    assert_eq!(read.as_of.to_rfc3339_opts(chrono::SecondsFormat::Millis, true), at(1));
    let stale = Stored { etag: "\"not-the-one-read\"".into(), ..read.clone() };
    assert_eq!(put(3, Some(stale)).await, Put::Moved);
    assert_eq!(put(4, Some(read.clone())).await, Put::Landed);
    assert_eq!(put(5, Some(read)).await, Put::Moved, "that version was replaced");
    let last = deps.stored(kind).await.unwrap().expect("stored");
    assert_eq!(last.as_of.to_rfc3339_opts(chrono::SecondsFormat::Millis, true), at(4));
    deps.forget_snapshot(kind).await.unwrap();
    assert_eq!(put(6, Some(last)).await, Put::Moved, "deleted since it was read");
    assert_eq!(deps.stored(kind).await.unwrap(), None);
}
