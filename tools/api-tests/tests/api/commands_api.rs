//! Fridge commands over the wire (issue 38): a command goes to the FIFO
//! command queue in its fridge's message group, de-duplicated by its
//! messageId, carrying notAfter; a resend of the same message is dropped by
//! the queue; ConfirmCount's count travels with it; a fridge task needs a
//! bounded requestId, and one refused before the gate or for its requestId
//! writes no record, no message and no driver log entry.
use crate::common;
use aws_sdk_sqs::types::MessageSystemAttributeName;
use common::*;
use fleet_front_door::queues;
use fleet_shared::entity::telemetry::FridgeCommand;
use fleet_shared::entity::LocationId;
use fleet_shared::{store, Caller, Table};
use fn_fleet::store::{CommandView, Dynamo, FleetStore};
use serde_json::{json, Value};
use std::collections::HashMap;

fn url() -> String {
    std::env::var("QUEUE_URL_FridgeCommandsQueue").expect("queue URL in the stack environment")
}

/// A LIVE fridge of its own (a demo fridge's document under a new id).
async fn live_fridge(prefix: &str) -> String {
    let mut doc =
        fleet_demo::demo::locations::demo_locations().into_iter().find(|d| !d.id.as_str().starts_with("WH_")).unwrap();
    let id = unique(prefix);
    doc.id = LocationId::stored(&id);
    doc.status_mut().ops = Some("LIVE".into());
    doc.time_zone = Some("CHICAGO".into());
    deps().await.table(Table::Locations).unwrap().batch_put(vec![store::to_item(&doc).unwrap()]).await.unwrap();
    id
}

/// A caller with these actions and the admin feature flag (every command).
async fn operator(actions: &[&str]) -> Caller {
    let caller = user_with(actions).await;
    let item = HashMap::from([
        ("email".to_string(), store::s(caller.email.to_lowercase())),
        ("flags".to_string(), aws_sdk_dynamodb::types::AttributeValue::Ss(vec!["feature-flag-admin".into()])),
    ]);
    deps().await.table(Table::FeatureFlags).unwrap().batch_put(vec![item]).await.unwrap();
    caller
}

/// A received command: its body and its FIFO system attributes.
struct Received {
    body: Value,
    group: Option<String>,
    dedup: Option<String>,
}

/// Every message of `location`'s group now on the command queue, deleted as
/// read. Other fridges' messages are held 5 s only (a FIFO queue hands out
/// the oldest groups first, so they are passed over, not made visible at once).
async fn take(location: &str) -> Vec<Received> {
    let sqs = queues::sqs_client().await;
    let mut mine = Vec::new();
    for _ in 0..30 {
        let got = sqs
            .receive_message()
            .queue_url(url())
            .max_number_of_messages(10)
            .visibility_timeout(5)
            .message_system_attribute_names(MessageSystemAttributeName::All)
            .wait_time_seconds(1)
            .send()
            .await
            .unwrap();
        let messages = got.messages.unwrap_or_default();
        for m in &messages {
            let body: Value = serde_json::from_str(m.body().unwrap_or_default()).unwrap_or(Value::Null);
            if body["locationId"] == json!(location) {
                let attr = |n: MessageSystemAttributeName| m.attributes().and_then(|a| a.get(&n)).cloned();
                mine.push(Received {
                    group: attr(MessageSystemAttributeName::MessageGroupId),
                    dedup: attr(MessageSystemAttributeName::MessageDeduplicationId),
                    body,
                });
                let handle = m.receipt_handle().unwrap();
                sqs.delete_message().queue_url(url()).receipt_handle(handle).send().await.unwrap();
            }
        }
        if messages.is_empty() {
            break;
        }
    }
    mine
}

#[tokio::test]
async fn a_command_goes_to_the_fifo_queue_in_its_fridges_group_and_a_resend_is_dropped() {
    let _turn = QUEUES.lock().await;
    let sqs = queues::sqs_client().await;
    let attributes = sqs.get_queue_attributes().queue_url(url()).attribute_names("All".into()).send().await.unwrap();
    let fifo = attributes.attributes().and_then(|a| a.get(&aws_sdk_sqs::types::QueueAttributeName::FifoQueue));
    assert_eq!(fifo.map(String::as_str), Some("true"), "the command queue is FIFO (re-provision after issue 38)");

    let location = live_fridge("FIFO").await;
    let caller = operator(&["SendFridgeCommands", "GetFridgeHealth"]).await;
    let message = json!({ "messageType": "Resource", "payload": { "operation": "ENABLE", "resource": "OutOfOrder" } });
    let args = json!({ "location": location, "message": message, "requestId": unique("r") });
    let before = chrono::Utc::now();
    let sent = gql("create_queue_message", &caller, args.clone()).await.unwrap();
    assert_eq!(sent["state"], "SENT", "{sent}");
    let after = chrono::Utc::now();
    let not_after = fleet_shared::dates::instant(sent["notAfter"].as_str().unwrap()).unwrap();
    // Five minutes from the moment the server stamped it, somewhere within the call.
    let five = chrono::Duration::minutes(5);
    assert!(
        before + five - chrono::Duration::seconds(1) <= not_after && not_after <= after + five,
        "notAfter is 5 minutes after sending: {not_after} for a call from {before} to {after}"
    );

    // The same message again, as a retry finding it PENDING (or the SDK after a lost answer) sends it.
    let (queue_id, sk) = serde_json::from_value::<CommandView>(sent.clone()).unwrap().key();
    let spec = find("create_queue_message");
    let store = Dynamo(wiring().await.deps(spec));
    let record = store.command(&queue_id, &sk).await.unwrap().unwrap();
    assert_eq!(record.state.as_deref(), Some("SENT"), "the record says what is true");
    let again: FridgeCommand = record.message().unwrap();
    store.send_command(&again).await.unwrap();
    assert_eq!(gql("create_queue_message", &caller, args).await.unwrap(), sent, "a retry finding it SENT: answered");

    let got = take(&location).await;
    assert_eq!(got.len(), 1, "one message however often sent: {:?}", got.iter().map(|r| &r.body).collect::<Vec<_>>());
    let m = &got[0];
    assert_eq!(m.group.as_deref(), Some(location.as_str()), "the fridge is the message group");
    assert_eq!(m.dedup.as_ref(), sent["messageId"].as_str().map(str::to_string).as_ref(), "messageId de-duplicates");
    assert_eq!(m.body["messageId"], sent["messageId"]);
    assert_eq!(m.body["notAfter"], sent["notAfter"], "the message carries notAfter");
    assert_eq!(m.body["payload"], json!({ "operation": "ENABLE", "resource": "OutOfOrder" }));
}

/// The driver log's entries of `location` in the last minutes.
async fn log_rows(location: &str) -> Vec<Value> {
    let reader = user_with(&["GetDriverLog"]).await;
    let start = (chrono::Utc::now() - chrono::Duration::minutes(5)).timestamp().to_string();
    let end = (chrono::Utc::now() + chrono::Duration::seconds(5)).timestamp().to_string();
    let query = [("startTime", start.as_str()), ("endTime", end.as_str())];
    let (status, body) = http_query("driver_log_report", Some(&reader), None, &[], &query).await;
    assert_eq!(status, 200, "{body}");
    body["items"].as_array().unwrap().iter().filter(|e| e["fridge"] == location).cloned().collect()
}

#[tokio::test]
async fn a_fridge_task_needs_a_bounded_request_id_and_is_logged_only_past_the_gate() {
    settle_stocking_day().await;
    let _turn = QUEUES.lock().await;
    let location = live_fridge("TASK").await;
    let driver = user_with(&["FridgeTasks"]).await;
    // Today's stop of a route of its own, assigned to the driver (a task never claims: issue 59).
    let (today, route) =
        (fleet_shared::fridge_time::stocking_day(chrono::Utc::now()).to_string(), unique("rt").to_lowercase());
    put_stop(&today, &location, (&route, 1), "MW", None).await;
    put_driver(&today, &route, &driver).await;
    let task = |request_id: Value| {
        let mut input = json!({ "locationId": location, "task": "ConfirmCount", "count": 7 });
        if !request_id.is_null() {
            input["requestId"] = request_id;
        }
        json!({ "input": input })
    };
    let cases = [
        (Value::Null, "runFridgeTask needs a requestId"),
        (json!(""), "requestId cannot be empty"),
        (json!("x".repeat(1_200)), "requestId must be at most 64 characters"),
    ];
    for (id, message) in cases {
        let refused = gql("run_fridge_task", &driver, task(id)).await.unwrap_err();
        assert_eq!((refused.status(), refused.to_string().as_str()), (400, message));
    }
    // A caller without FridgeTasks is stopped at the gate, before any log entry.
    let outsider = user_with(&["GetFridgeHealth"]).await;
    let forbidden = gql("run_fridge_task", &outsider, task(json!(unique("t")))).await.unwrap_err();
    assert_eq!(forbidden.status(), 403);
    let admin = operator(&["GetFridgeHealth"]).await;
    let listed = gql("read_queue_messages", &admin, json!({ "id": location })).await.unwrap();
    assert_eq!(listed["items"], json!([]), "nothing recorded");
    assert_eq!(log_rows(&location).await, Vec::<Value>::new(), "nothing logged");

    // A good one: its count in the message and the record, logged under its requestId.
    let request_id = unique("t");
    let sent = gql("run_fridge_task", &driver, task(json!(request_id))).await.unwrap();
    assert_eq!((sent["state"].as_str(), sent["count"].as_i64()), (Some("SENT"), Some(7)), "{sent}");
    let listed = gql("read_queue_messages", &admin, json!({ "id": location })).await.unwrap();
    assert_eq!(listed["items"][0]["count"], 7, "kept in the record: {listed}");
    let got = take(&location).await;
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].body["payload"], json!({ "operation": "ConfirmCount", "resource": "DriverTask", "count": 7 }));
    assert_eq!(got[0].group.as_deref(), Some(location.as_str()));
    let rows = log_rows(&location).await;
    let kinds: Vec<(&str, &str)> =
        rows.iter().map(|r| (r["type"].as_str().unwrap(), r["requestId"].as_str().unwrap())).collect();
    assert_eq!(kinds.len(), 2, "{rows:?}");
    assert!(kinds.iter().all(|(_, id)| *id == request_id), "{kinds:?}");
    assert!(kinds.iter().any(|(k, _)| *k == "request") && kinds.iter().any(|(k, _)| *k == "response"), "{kinds:?}");
}

/// The once-a-minute sweep over the emulator: a PENDING command past its
/// notAfter is found through the sparse PENDING index and becomes EXPIRED,
/// leaving the index (the sweep's UpdateItem, made by its own role).
#[tokio::test]
async fn the_sweep_expires_an_overdue_pending_command() {
    let location = live_fridge("sweep").await;
    let sweep = find("expire_overdue_commands");
    // Written and read back as the console's sender does: the sweep's role only queries and updates.
    let store = Dynamo(wiring().await.deps(find("create_queue_message")));
    let past = "2026-01-02T03:04:05.000Z";
    let message_id = unique("sweep");
    let record = fn_fleet::store::CommandRecord {
        id: format!("{location}#commands"),
        sk: format!("{past}#{message_id}"),
        timestamp: Some(past.into()),
        message_id: Some(message_id),
        message_type: Some("Resource".into()),
        operation: Some("ENABLE".into()),
        resource: Some("SafetyHold".into()),
        command: Some("SafetyHold".into()),
        sent_by: Some("ops@fleet.local".into()),
        state: Some(fn_fleet::store::PENDING.into()),
        done_at: None,
        count: None,
        not_after: Some(past.into()),
        pending_shard: Some(fn_fleet::store::pending_shard(&location)),
    };
    store.record_command(&record, None, None).await.unwrap();
    let swept = sweep.invoke(wiring().await.deps(sweep), fleet_shared::Input::default()).await.unwrap();
    assert!(swept["expired"].as_u64().unwrap() >= 1, "{swept}");
    let stored = store.command(&record.id, &record.sk).await.unwrap().expect("the record stays");
    assert_eq!(stored.state.as_deref(), Some("EXPIRED"), "past notAfter and never sent");
    assert_eq!(stored.pending_shard, None, "it left the PENDING index");
}
