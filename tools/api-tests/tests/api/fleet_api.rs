//! Fleet telemetry against the emulator: a mixed batch through the real
//! telemetry queue (valid, malformed, wrong-typed, unknown fridge,
//! duplicate), the dead-letter queue with reasons, a transient failure left
//! for redelivery, a command's round trip through the command queue, health
//! batches of 10 and 200, the inventory view, and the action and flag gates.
//! Issue 20: late reports never overwrite newer state, a far-future report is
//! parked with its reason while its batch lands, and a command result counts
//! only from the fridge the command was sent to.
use crate::common;
use common::*;
use fleet_front_door::queues;
use fleet_shared::config::Config;
use fleet_shared::entity::LocationId;
use fleet_shared::{store, Caller, Deps, Input, Table};
use serde_json::{json, Value};
use std::collections::HashMap;

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// Whole locations (a demo fridge's document under a new id, in Central time),
/// so the screens that later list them in the same emulator find every field.
async fn locations(prefix: &str, n: usize, status: &str) -> Vec<String> {
    let template = fleet_demo::demo::locations::demo_locations()
        .into_iter()
        .find(|d| d.kind() == "FRIDGE" && !d.id.as_str().starts_with("WH_"))
        .unwrap();
    let ids: Vec<String> = (0..n).map(|_| unique(prefix)).collect();
    let items = ids
        .iter()
        .map(|id| {
            let mut doc = template.clone();
            doc.id = LocationId::stored(id.as_str());
            doc.status_mut().ops = Some(status.into());
            doc.time_zone = Some("CHICAGO".into());
            store::to_item(&doc).unwrap()
        })
        .collect();
    deps().await.table(Table::Locations).unwrap().batch_put(items).await.unwrap();
    ids
}

/// A time `secs` seconds ago, as fridges send it.
fn ago(secs: i64) -> String {
    (chrono::Utc::now() - chrono::Duration::seconds(secs)).to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// Runs one SQS batch of these bodies through the ingest as the event source mapping would.
async fn ingest(bodies: &[String]) -> Value {
    let spec = find("telemetry_ingest");
    let records: Vec<Value> =
        bodies.iter().enumerate().map(|(i, b)| json!({ "messageId": format!("r-{i}"), "body": b })).collect();
    spec.invoke(wiring().await.deps(spec), Input { args: json!({ "Records": records }), ..Input::default() })
        .await
        .unwrap()
}

fn heartbeat(id: &str, extra: Value) -> Value {
    let mut h = json!({ "type": "heartbeat", "locationId": id, "timestamp": now(), "temperature": 37.2, "outOfOrder": false, "hdmi": true, "jofemarState": "STATUS_0_READY" });
    h.as_object_mut().unwrap().extend(extra.as_object().cloned().unwrap_or_default());
    h
}

fn url(logical: &str) -> String {
    std::env::var(format!("QUEUE_URL_{logical}")).expect("queue URL in the stack environment")
}

async fn send(bodies: &[String]) {
    let sqs = queues::sqs_client().await;
    for b in bodies {
        sqs.send_message().queue_url(url("TelemetryQueue")).message_body(b).send().await.unwrap();
    }
}

/// Polls the telemetry queue as the event source mapping would, until it is empty.
async fn drain() -> (usize, usize) {
    let sqs = queues::sqs_client().await;
    let spec = find("telemetry_ingest");
    let (mut ok, mut failed) = (0, 0);
    for _ in 0..20 {
        let (s, f) = queues::poll_once(&sqs, wiring().await, spec, &url("TelemetryQueue"), 0).await.unwrap();
        if s + f == 0 {
            break;
        }
        ok += s;
        failed += f;
    }
    (ok, failed)
}

/// Everything in the dead-letter queue now: (body, reason), deleted as read.
async fn dead_letters() -> Vec<(String, String)> {
    let sqs = queues::sqs_client().await;
    let mut out = Vec::new();
    for _ in 0..10 {
        let got = sqs
            .receive_message()
            .queue_url(url("TelemetryDeadLetterQueue"))
            .max_number_of_messages(10)
            .message_attribute_names("All")
            .wait_time_seconds(0)
            .send()
            .await
            .unwrap();
        let messages = got.messages.unwrap_or_default();
        if messages.is_empty() {
            break;
        }
        for m in messages {
            let reason = m
                .message_attributes()
                .and_then(|a| a.get("reason"))
                .and_then(|v| v.string_value())
                .unwrap_or_default()
                .to_string();
            out.push((m.body().unwrap_or_default().to_string(), reason));
            sqs.delete_message()
                .queue_url(url("TelemetryDeadLetterQueue"))
                .receipt_handle(m.receipt_handle().unwrap())
                .send()
                .await
                .unwrap();
        }
    }
    out
}

async fn health(caller: &Caller, ids: &[String]) -> Result<Value, fleet_shared::ApiError> {
    gql("fridge_health", caller, json!({ "filter": { "locationIds": ids } })).await
}

async fn events_of(id: &str) -> Value {
    gql("get_fridge_events", &admin().await, json!({ "location": id, "eventTypes": ["CheckpointEvent"] }))
        .await
        .unwrap()
}

#[tokio::test]
async fn a_mixed_batch_stores_the_valid_parks_the_unstorable_with_reasons_and_never_duplicates() {
    let _turn = QUEUES.lock().await;
    dead_letters().await;
    let ids = locations("TEL", 1, "LIVE").await;
    let id = &ids[0];
    let event = json!({ "type": "event", "locationId": id, "eventId": "e-1", "eventType": "CheckpointEvent", "timestamp": now() }).to_string();
    let bodies = vec![
        heartbeat(id, json!({ "temperature": 39.5 })).to_string(),
        "{not json".to_string(),
        heartbeat(id, json!({ "temperature": "warm" })).to_string(),
        heartbeat("NO_SUCH_FRIDGE_X", json!({})).to_string(),
        event.clone(),
        event.clone(),
    ];
    send(&bodies).await;
    let (succeeded, failed) = drain().await;
    assert_eq!((succeeded, failed), (6, 0), "every record handled: the unstorable ones by the dead-letter queue");
    let stored = health(&admin().await, &ids).await.unwrap();
    assert_eq!(stored[0]["temperature"], 39.5);
    assert_eq!(events_of(id).await["items"].as_array().unwrap().len(), 1, "a duplicated event is stored once");
    let mut parked = dead_letters().await;
    parked.sort_by(|a, b| a.1.cmp(&b.1));
    let reasons: Vec<&str> = parked.iter().map(|(_, r)| r.as_str()).collect();
    assert_eq!(reasons.len(), 3, "{parked:?}");
    assert!(reasons[0].starts_with("malformed telemetry: invalid type: string \"warm\""), "{reasons:?}");
    assert!(reasons[1].starts_with("malformed telemetry: key must be a string"), "{reasons:?}");
    assert_eq!(reasons[2], "unknown location NO_SUCH_FRIDGE_X");
    assert!(parked.iter().any(|(b, _)| b == "{not json"), "the original body is kept");

    // A redelivered batch changes nothing.
    send(&[event]).await;
    drain().await;
    assert_eq!(events_of(id).await["items"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_transient_failure_reports_the_records_for_redelivery_and_loses_none() {
    let ids = locations("TEL", 1, "LIVE").await;
    // The ingest as deployed, but its Locations table is unreachable (a missing table).
    let spec = find("telemetry_ingest");
    let config = Config::load(&spec.needs(), |name| {
        if name == "LOCATIONS_TABLE" {
            Some("no-such-table".into())
        } else {
            std::env::var(name).ok()
        }
    })
    .unwrap();
    let broken: &'static Deps = Deps::build(config, &spec.needs(), &fleet_shared::sdk::loader().load().await);
    let records = json!([
        { "messageId": "m-1", "body": heartbeat(&ids[0], json!({})).to_string() },
        { "messageId": "m-2", "body": heartbeat(&ids[0], json!({})).to_string() },
    ]);
    let answer = spec.invoke(broken, Input { args: json!({ "Records": records }), ..Input::default() }).await.unwrap();
    assert_eq!(answer["batchItemFailures"], json!([{ "itemIdentifier": "m-1" }, { "itemIdentifier": "m-2" }]));
    assert_eq!(health(&admin().await, &ids).await.unwrap(), json!([]), "nothing half-written");
    let fine = spec
        .invoke(wiring().await.deps(spec), Input { args: json!({ "Records": records }), ..Input::default() })
        .await
        .unwrap();
    assert_eq!(fine["batchItemFailures"], json!([]), "redelivered, it lands");
    assert_eq!(health(&admin().await, &ids).await.unwrap().as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_command_goes_through_the_command_queue_and_the_fridges_report_finishes_it() {
    let _turn = QUEUES.lock().await;
    let ids = locations("CMD", 1, "LIVE").await;
    let id = &ids[0];
    let admin = admin().await;
    let message = json!({ "messageType": "Resource", "payload": { "operation": "ENABLE", "resource": "OutOfOrder" } });
    let request_id = unique("r");
    let args = json!({ "location": id, "message": message, "requestId": request_id });
    // Two tries racing, then a late one: one command, recorded and sent once.
    let (sent, racing) = tokio::join!(
        gql("create_queue_message", &admin, args.clone()),
        gql("create_queue_message", &admin, args.clone())
    );
    let (sent, racing) = (sent.unwrap(), racing.unwrap());
    assert_eq!(
        (sent["state"].as_str(), sent["resource"].as_str(), sent["operation"].as_str()),
        (Some("SENT"), Some("OutOfOrder"), Some("ENABLE"))
    );
    assert_eq!(racing["messageId"], sent["messageId"], "a racing retry is the same command");
    let again = gql("create_queue_message", &admin, args).await.unwrap();
    assert_eq!(again, sent, "a retried request is answered the same command");
    let other = json!({ "messageType": "Resource", "payload": { "operation": "DISABLE", "resource": "OutOfOrder" } });
    let refused =
        gql("create_queue_message", &admin, json!({ "location": id, "message": other, "requestId": request_id }))
            .await
            .unwrap_err();
    assert_eq!(refused.status(), 409, "the same requestId for another command");
    let listed = gql("read_queue_messages", &admin, json!({ "id": id })).await.unwrap();
    assert_eq!(listed["items"].as_array().unwrap().len(), 1, "one command recorded: {listed}");

    // The fridge takes it from the command queue...
    let sqs = queues::sqs_client().await;
    let mut mine = Vec::new();
    for _ in 0..10 {
        let got = sqs
            .receive_message()
            .queue_url(url("FridgeCommandsQueue"))
            .max_number_of_messages(10)
            .message_attribute_names("All")
            .wait_time_seconds(1)
            .send()
            .await
            .unwrap();
        for m in got.messages.unwrap_or_default() {
            let body: Value = serde_json::from_str(m.body().unwrap()).unwrap();
            if body["locationId"] == json!(id) {
                assert_eq!(m.message_attributes().unwrap()["locationId"].string_value(), Some(id.as_str()));
                sqs.delete_message()
                    .queue_url(url("FridgeCommandsQueue"))
                    .receipt_handle(m.receipt_handle().unwrap())
                    .send()
                    .await
                    .unwrap();
                mine.push(body);
            }
        }
        if !mine.is_empty() {
            break;
        }
    }
    assert_eq!(mine.len(), 1, "sent once");
    assert_eq!(mine[0]["payload"], json!({ "operation": "ENABLE", "resource": "OutOfOrder" }));
    // ...obeys, and reports through telemetry.
    let result = json!({ "type": "commandResult", "locationId": id, "queueId": mine[0]["queueId"], "sk": mine[0]["sk"], "state": "DONE", "timestamp": now() });
    send(&[heartbeat(id, json!({ "outOfOrder": true, "outOfOrderTs": now() })).to_string(), result.to_string()]).await;
    drain().await;
    let listed = gql("read_queue_messages", &admin, json!({ "id": id })).await.unwrap();
    assert_eq!(listed["items"].as_array().unwrap().len(), 1);
    assert_eq!(listed["items"][0]["state"], "DONE");
    assert_eq!(health(&admin, &ids).await.unwrap()[0]["outOfOrder"], true);
}

#[tokio::test]
async fn health_answers_batches_of_10_and_200_and_refuses_more_or_unknown_ids() {
    let ids = locations("HB", 200, "LIVE").await;
    let spec = find("telemetry_ingest");
    for chunk in ids.chunks(10) {
        let records: Vec<Value> = chunk
            .iter()
            .enumerate()
            .map(|(i, id)| json!({ "messageId": format!("h-{i}"), "body": heartbeat(id, json!({})).to_string() }))
            .collect();
        let out = spec
            .invoke(wiring().await.deps(spec), Input { args: json!({ "Records": records }), ..Input::default() })
            .await
            .unwrap();
        assert_eq!(out["batchItemFailures"], json!([]));
    }
    let admin = admin().await;
    assert_eq!(health(&admin, &ids[..10]).await.unwrap().as_array().unwrap().len(), 10);
    let all = health(&admin, &ids).await.unwrap();
    assert_eq!(all.as_array().unwrap().len(), 200);
    assert_eq!(all[0]["jofemarState"], "STATUS_0_READY");
    let mut too_many = ids.clone();
    too_many.push(unique("X"));
    assert!(health(&admin, &too_many)
        .await
        .unwrap_err()
        .to_string()
        .starts_with("At most 200 location ids per call (201 given)"));
    let unknown = vec![ids[0].clone(), "NOPE_1".to_string()];
    assert_eq!(health(&admin, &unknown).await.unwrap_err().to_string(), "Unknown location ids: NOPE_1");
    let page = gql("fleet_health", &admin, json!({})).await.unwrap();
    assert!(page["items"].as_array().unwrap().len() >= 200, "the fleet in pages of up to 1,000");
}

#[tokio::test]
async fn the_inventory_view_shows_expiry_and_units_at_risk() {
    let ids = locations("INV", 1, "LIVE").await;
    let id = &ids[0];
    // Made yesterday (fridge time, Central): 8 PM was at least a day ago.
    let yesterday =
        chrono::Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive() - chrono::Duration::days(1);
    let inventory = json!({ "type": "inventory", "locationId": id, "timestamp": now(), "slots": [
        { "slot": "1:2", "itemName": "GREEK_SALAD", "units": [{ "productionDate": yesterday.to_string(), "shelfLifeDays": 3 }] },
        { "slot": "1:1", "itemName": "KETTLE_CHIPS", "units": [{ "productionDate": yesterday.to_string() }] },
        { "slot": "2:1", "itemName": "FRUIT_CUP", "units": [] },
    ]});
    // Three hours above 41 °F, sampled every 15 minutes, ending now.
    let samples = (0..13)
        .map(|i| {
            let t = (chrono::Utc::now() - chrono::Duration::minutes(15 * i))
                .to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
            store::to_item(&json!({ "locationId": id, "sk": format!("temp#{t}"), "temperature": 45.0, "timestamp": t }))
                .unwrap()
        })
        .collect();
    deps().await.table(Table::FridgeTelemetry).unwrap().batch_put(samples).await.unwrap();
    let spec = find("telemetry_ingest");
    let records = json!([{ "messageId": "i-1", "body": inventory.to_string() }]);
    spec.invoke(wiring().await.deps(spec), Input { args: json!({ "Records": records }), ..Input::default() })
        .await
        .unwrap();
    let (code, view) = http_at("location_inventory", Some(&admin().await), None, &[("id", id)]).await;
    assert_eq!(code, 200, "{view}");
    let slots = &view["inventory"]["payload"]["itemsBySlot"];
    assert_eq!(view["location"], json!(id));
    let mut keys: Vec<&String> = slots.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, ["1:1", "1:2", "2:1"]);
    let salad = &slots["1:2"]["itemsInSlot"][0];
    assert_eq!(
        (slots["1:2"]["slotItemName"].as_str(), salad["vendItemName"].as_str()),
        (Some("GREEK_SALAD"), Some("GREEK_SALAD"))
    );
    assert_eq!(salad["productionDate"], yesterday.to_string());
    let expiry_day = yesterday + chrono::Duration::days(4);
    assert_eq!(salad["expiryText"], format!("{} 8:00 AM", expiry_day.format("%m/%d/%Y")));
    assert_eq!(salad["productionText"], format!("{} 8:00 PM", yesterday.format("%m/%d/%Y")));
    assert_eq!(salad["atRisk"], true, "three hours above 41 since it was made");
    assert_eq!(slots["1:1"]["itemsInSlot"][0]["expiryText"], "UNKNOWN");
    assert_eq!(slots["2:1"]["itemsInSlot"], json!([]));
    assert_eq!(
        (view["shelf_life"]["GREEK_SALAD"].as_u64(), &view["shelf_life"]["KETTLE_CHIPS"]),
        (Some(3), &Value::Null)
    );
    assert!(view["images"]["GREEK_SALAD"].as_str().unwrap().contains("items/GREEK_SALAD.svg"), "a presigned picture");
    let (missing, _) = http_at("location_inventory", Some(&admin().await), None, &[("id", "NO_SUCH_FRIDGE")]).await;
    assert_eq!(missing, 404);
}

async fn set_flags(caller: &Caller, flags: &[&str]) {
    let item = HashMap::from([
        ("email".to_string(), store::s(caller.email.to_lowercase())),
        (
            "flags".to_string(),
            aws_sdk_dynamodb::types::AttributeValue::Ss(flags.iter().map(|f| f.to_string()).collect()),
        ),
    ]);
    deps().await.table(Table::FeatureFlags).unwrap().batch_put(vec![item]).await.unwrap();
}

#[tokio::test]
async fn commands_need_the_action_and_their_flag_and_a_live_fridge() {
    let live = locations("GATE", 1, "LIVE").await;
    let dead = locations("GATE", 1, "DEAD").await;
    let ooo = |op: &str| json!({ "messageType": "Resource", "payload": { "operation": op, "resource": "OutOfOrder" } });
    let hold = json!({ "messageType": "Resource", "payload": { "operation": "ENABLE", "resource": "SafetyHold" } });
    let create = |c: Caller, loc: String, m: Value| async move {
        gql("create_queue_message", &c, json!({ "location": loc, "message": m, "requestId": unique("q") })).await
    };

    let nobody = restricted().await;
    assert!(health(&nobody, &live).await.is_err(), "reading health needs GetFridgeHealth");
    let operator = user_with(&["SendFridgeCommands", "GetFridgeHealth"]).await;
    // Every command carries its requestId (issue 59): a client that left it out sent twice on a retry.
    let bare = json!({ "location": live[0], "message": hold });
    let refused = gql("create_queue_message", &admin().await, bare).await.unwrap_err();
    assert_eq!((refused.status(), refused.to_string()), (400, "createQueueMessage needs a requestId".to_string()));
    assert_eq!(
        create(operator.clone(), live[0].clone(), ooo("ENABLE")).await.unwrap_err().to_string(),
        "Error! User Action Prohibited!",
        "no flag"
    );
    set_flags(&operator, &["fridge-command-out-of-order"]).await;
    assert!(create(operator.clone(), live[0].clone(), ooo("ENABLE")).await.is_ok(), "its own flag");
    assert_eq!(
        create(operator.clone(), live[0].clone(), hold.clone()).await.unwrap_err().to_string(),
        "Error! User Action Prohibited!",
        "another command's flag"
    );
    let swap =
        gql("send_confirmed_inventory_and_confirmed_reservation", &operator, json!({ "locationId": live[0] })).await;
    assert_eq!(swap.unwrap_err().to_string(), "Error! User Action Prohibited!");
    set_flags(&operator, &["feature-flag-admin"]).await;
    assert!(create(operator.clone(), live[0].clone(), hold).await.is_ok(), "the admin flag allows every command");
    let swap = gql("send_confirmed_inventory_and_confirmed_reservation", &operator, json!({ "locationId": live[0] }))
        .await
        .unwrap();
    assert_eq!(swap, json!({ "success": true, "message": "Computer swap completed successfully" }));

    assert_eq!(
        create(operator.clone(), dead[0].clone(), ooo("ENABLE")).await.unwrap_err().to_string(),
        format!("Fridge {} is DEAD: it takes no commands.", dead[0])
    );
    assert_eq!(
        create(operator.clone(), live[0].clone(), ooo("TOGGLE")).await.unwrap_err().to_string(),
        "Unknown operation TOGGLE for OutOfOrder. Use: ENABLE, DISABLE."
    );
    let reboot = json!({ "messageType": "Resource", "payload": { "resource": "Reboot" } });
    assert!(create(operator.clone(), live[0].clone(), reboot)
        .await
        .unwrap_err()
        .to_string()
        .starts_with("Unknown command resource Reboot."));
    assert_eq!(
        create(operator.clone(), "NO_SUCH_FRIDGE".into(), ooo("ENABLE")).await.unwrap_err().to_string(),
        "Location NO_SUCH_FRIDGE not found"
    );
    let reader = user_with(&["GetFridgeHealth"]).await;
    set_flags(&reader, &["feature-flag-admin"]).await;
    assert_eq!(
        create(reader, live[0].clone(), ooo("DISABLE")).await.unwrap_err().to_string(),
        "Error! User Action Prohibited!",
        "a flag is not the action"
    );
}

#[tokio::test]
async fn a_late_heartbeat_or_inventory_never_overwrites_a_newer_one() {
    let _turn = QUEUES.lock().await;
    dead_letters().await;
    let ids = locations("LATE", 1, "LIVE").await;
    let id = &ids[0];
    let (newer, older) = (ago(5), ago(3600));
    let inventory = |at: &str, item: &str| {
        json!({ "type": "inventory", "locationId": id, "timestamp": at, "slots": [{ "slot": "1:1", "itemName": item, "units": [] }] }).to_string()
    };
    let first = [
        heartbeat(id, json!({ "timestamp": newer, "temperature": 37.0 })).to_string(),
        inventory(&newer, "GREEK_SALAD"),
    ];
    assert_eq!(ingest(&first).await["batchItemFailures"], json!([]));
    // SQS does not order: an hour-old report arrives in a later batch.
    let late =
        [heartbeat(id, json!({ "timestamp": older, "temperature": 45.0 })).to_string(), inventory(&older, "FRUIT_CUP")];
    assert_eq!(ingest(&late).await["batchItemFailures"], json!([]), "a late report is no failure: it loses quietly");
    let stored = health(&admin().await, &ids).await.unwrap();
    assert_eq!(
        (stored[0]["timestamp"].as_str(), stored[0]["temperature"].as_f64()),
        (Some(newer.as_str()), Some(37.0)),
        "the newer heartbeat stays"
    );
    let (_, view) = http_at("location_inventory", Some(&admin().await), None, &[("id", id)]).await;
    assert_eq!(
        (view["timestamp"].as_str(), &view["inventory"]["payload"]["itemsBySlot"]["1:1"]["slotItemName"]),
        (Some(newer.as_str()), &json!("GREEK_SALAD"))
    );
    // A late report writes nothing, not even a sample: samples go with the stored heartbeats.
    let samples = gql("fridge_temperatures", &admin().await, json!({ "location": id, "hours": 2 })).await.unwrap();
    assert_eq!(samples.as_array().unwrap().len(), 1);
    assert!(dead_letters().await.iter().all(|(b, _)| !b.contains(id.as_str())), "not parked either");
    // A redelivery of the newer one changes nothing; a still newer one that changes what is shown lands.
    assert_eq!(ingest(&first).await["batchItemFailures"], json!([]));
    let newest = ago(1);
    ingest(&[heartbeat(id, json!({ "timestamp": newest, "temperature": 38.0, "hdmi": false })).to_string()]).await;
    let stored = health(&admin().await, &ids).await.unwrap();
    assert_eq!((&stored[0]["temperature"], &stored[0]["hdmi"]), (&json!(38.0), &json!(false)));
}

/// The stored health record's start of each condition (`conditionsSince`), read from the table.
async fn conditions_since(id: &str) -> Value {
    let key = HashMap::from([("locationId".to_string(), store::s(id))]);
    let stored: Option<Value> = deps().await.table(Table::FridgeHealth).unwrap().get(key).await.unwrap();
    stored.expect("a health record").get("conditionsSince").cloned().unwrap_or(json!({}))
}

#[tokio::test]
async fn a_fridge_conditions_start_is_kept_with_its_health_and_a_return_starts_again() {
    let _turn = QUEUES.lock().await;
    let ids = locations("WARMS", 1, "LIVE").await;
    let id = &ids[0];
    let beat = |at: &str, temperature: f64, extra: Value| {
        let mut h = heartbeat(id, json!({ "timestamp": at, "temperature": temperature }));
        h.as_object_mut().unwrap().extend(extra.as_object().cloned().unwrap_or_default());
        h.to_string()
    };
    let (t1, t2, t3, t4) = (ago(400), ago(300), ago(200), ago(100));
    // Warm, then warmer and out of order: each put is tied to the record the batch read.
    assert_eq!(ingest(&[beat(&t1, 45.0, json!({}))]).await["batchItemFailures"], json!([]));
    assert_eq!(ingest(&[beat(&t2, 47.0, json!({ "outOfOrder": true }))]).await["batchItemFailures"], json!([]));
    assert_eq!(conditions_since(id).await, json!({ "WARM": t1, "OUT_OF_ORDER": t2 }));
    // Cool and back in order, then warm again: a new start.
    ingest(&[beat(&t3, 37.0, json!({}))]).await;
    assert_eq!(conditions_since(id).await, json!({}));
    ingest(&[beat(&t4, 44.0, json!({}))]).await;
    assert_eq!(conditions_since(id).await, json!({ "WARM": t4 }));
}

#[tokio::test]
async fn a_heartbeat_that_changes_nothing_shown_costs_a_read_not_a_write() {
    let _turn = QUEUES.lock().await;
    let ids = locations("SAME", 1, "LIVE").await;
    let id = &ids[0];
    let beat =
        |at: &str, temperature: f64| heartbeat(id, json!({ "timestamp": at, "temperature": temperature })).to_string();
    let first = ago(240);
    assert_eq!(ingest(&[beat(&first, 37.0)]).await["batchItemFailures"], json!([]));
    // Minutes later, the same state and a drift of tenths: handled, and nothing rewritten.
    for (seconds, temperature) in [(180, 37.3), (120, 36.8), (60, 37.2)] {
        assert_eq!(ingest(&[beat(&ago(seconds), temperature)]).await["batchItemFailures"], json!([]));
    }
    let stored = health(&admin().await, &ids).await.unwrap();
    assert_eq!((stored[0]["timestamp"].as_str(), &stored[0]["temperature"]), (Some(first.as_str()), &json!(37.0)));
    let samples = gql("fridge_temperatures", &admin().await, json!({ "location": id, "hours": 2 })).await.unwrap();
    assert_eq!(samples.as_array().unwrap().len(), 1, "one sample, of the stored heartbeat");
    // Into the orange band: stored at once, with its sample.
    assert_eq!(ingest(&[beat(&ago(30), 39.5)]).await["batchItemFailures"], json!([]));
    assert_eq!(health(&admin().await, &ids).await.unwrap()[0]["temperature"], 39.5);
    let samples = gql("fridge_temperatures", &admin().await, json!({ "location": id, "hours": 2 })).await.unwrap();
    assert_eq!(samples.as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn a_far_future_heartbeat_is_parked_with_its_reason_and_the_rest_of_its_batch_lands() {
    let _turn = QUEUES.lock().await;
    dead_letters().await;
    let ids = locations("FUT", 2, "LIVE").await;
    let poison = heartbeat(&ids[0], json!({ "timestamp": "+262142-12-31T00:00:00Z" })).to_string();
    let event = json!({ "type": "event", "locationId": ids[0], "eventId": "e-1", "eventType": "CheckpointEvent", "timestamp": now() }).to_string();
    let answer = ingest(&[poison.clone(), heartbeat(&ids[1], json!({ "temperature": 36.5 })).to_string(), event]).await;
    assert_eq!(answer["batchItemFailures"], json!([]), "handled: parked, not retried");
    let stored = health(&admin().await, &ids).await.unwrap();
    assert_eq!(stored.as_array().unwrap().len(), 1, "{stored}");
    assert_eq!(
        (stored[0]["locationId"].as_str(), stored[0]["temperature"].as_f64()),
        (Some(ids[1].as_str()), Some(36.5))
    );
    assert_eq!(events_of(&ids[0]).await["items"].as_array().unwrap().len(), 1, "the same fridge's other message lands");
    let parked = dead_letters().await;
    assert_eq!(
        parked,
        vec![(
            poison,
            "timestamp +262142-12-31T00:00:00+00:00 is more than 24 hours ahead of the ingest's clock".to_string()
        )]
    );
}

#[tokio::test]
async fn a_command_result_from_another_fridge_does_not_finish_the_command() {
    let _turn = QUEUES.lock().await;
    dead_letters().await;
    let ids = locations("CMDX", 2, "LIVE").await;
    let (mine, other) = (&ids[0], &ids[1]);
    let admin = admin().await;
    // The command as createQueueMessage records it (written directly: this is about the result, not the send).
    let (queue_id, sent_at, message_id) = (format!("{mine}#commands"), now(), unique("m"));
    let sk = format!("{sent_at}#{message_id}");
    let record = json!({ "id": queue_id, "sk": sk, "timestamp": sent_at, "messageId": message_id, "messageType": "Resource", "operation": "ENABLE",
                         "resource": "SafetyHold", "command": "FoodSafetyHold", "sentBy": "test", "state": "SENT" });
    deps().await.table(Table::QueueMessages).unwrap().batch_put(vec![store::to_item(&record).unwrap()]).await.unwrap();
    let result = |from: &str| {
        json!({ "type": "commandResult", "locationId": from, "queueId": queue_id, "sk": sk, "state": "DONE", "timestamp": now() }).to_string()
    };
    let forged = result(other);
    assert_eq!(ingest(std::slice::from_ref(&forged)).await["batchItemFailures"], json!([]));
    let state = |listed: Value| listed["items"][0]["state"].as_str().map(str::to_string);
    assert_eq!(
        state(gql("read_queue_messages", &admin, json!({ "id": mine })).await.unwrap()).as_deref(),
        Some("SENT"),
        "another fridge cannot finish it"
    );
    assert_eq!(
        dead_letters().await,
        vec![(forged, format!("commandResult from {other} for a command of another queue ({queue_id})"))]
    );
    ingest(&[result(mine)]).await;
    assert_eq!(
        state(gql("read_queue_messages", &admin, json!({ "id": mine })).await.unwrap()).as_deref(),
        Some("DONE"),
        "its own fridge can"
    );
}

#[tokio::test]
async fn a_realistic_inventory_snapshot_lands_with_its_batch_and_an_oversized_record_is_parked_alone() {
    let _turn = QUEUES.lock().await; // it parks a record in the dead-letter queue other tests read
    let ids = locations("BIG", 2, "LIVE").await;
    let today = chrono::Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive();
    // 42 slots of 5 units: about 14 kB, over the 10,000-character bound of user input.
    let slots: Vec<Value> = (0..42)
        .map(|i| {
            json!({ "slot": format!("{}:{}", i / 7 + 1, i % 7 + 1), "itemName": format!("ITEM_WITH_A_LONG_NAME_{i:02}"),
                         "units": vec![json!({ "productionDate": today.to_string(), "shelfLifeDays": 3 }); 5] })
        })
        .collect();
    let inventory =
        json!({ "type": "inventory", "locationId": ids[0], "timestamp": now(), "slots": slots }).to_string();
    assert!(inventory.len() > 10_000, "{}", inventory.len());
    let answer = ingest(&[inventory, heartbeat(&ids[1], json!({})).to_string()]).await;
    assert_eq!(answer["batchItemFailures"], json!([]), "{answer}");
    let (code, view) = http_at("location_inventory", Some(&admin().await), None, &[("id", &ids[0])]).await;
    assert_eq!(code, 200, "{view}");
    assert_eq!(view["inventory"]["payload"]["itemsBySlot"].as_object().unwrap().len(), 42);

    // A record over the queue's message size is parked with its reason; its batch still lands.
    let huge = "x".repeat(fleet_shared::limits::MAX_QUEUE_MESSAGE_BYTES + 1);
    let answer = ingest(&[huge, heartbeat(&ids[1], json!({})).to_string()]).await;
    assert_eq!(answer["batchItemFailures"], json!([]), "parked, not retried: {answer}");
}
