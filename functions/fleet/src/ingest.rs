//! The telemetry ingest: an SQS batch (event source mapping with
//! ReportBatchItemFailures). Each record is parsed; one that can never be
//! stored (malformed, unknown fridge) is sent to the dead-letter queue with
//! its reason and counts as handled, so it never blocks the batch. The rest
//! are written with BatchWriteItem under keys that follow the message (an
//! event's id, a sample's time), so a redelivered message rewrites the same
//! item instead of adding one. A transient failure reports the records for
//! redelivery.
use crate::store::{self as fleet, LocationCache};
use crate::telemetry::{self, CommandState, Message};
use aws_sdk_dynamodb::types::{AttributeValue, PutRequest, WriteRequest};
use aws_sdk_sqs::types::{MessageAttributeValue, SendMessageBatchRequestEntry};
use fleet_shared::{store, ApiError, Deps, Input, Queue, Table};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap, HashSet};

struct Record {
    id: String,
    body: String,
}

/// A parsed record: its id, body and message.
type Parsed = (String, String, Message);
/// A record that can never be stored: its id, body and the reason.
type Unstorable = (String, String, String);

fn sort(records: Vec<Record>) -> (Vec<Parsed>, Vec<Unstorable>) {
    let (mut ok, mut bad) = (Vec::new(), Vec::new());
    for r in records {
        match telemetry::parse(&r.body) {
            Ok(m) => ok.push((r.id, r.body, m)),
            Err(reason) => bad.push((r.id, r.body, reason)),
        }
    }
    (ok, bad)
}

/// Parks messages in the dead-letter queue with their reason; answers the ids that could not be parked.
async fn park(deps: &Deps, bad: &[Unstorable]) -> Vec<String> {
    let mut failed = Vec::new();
    let Ok(q) = deps.queue(Queue::TelemetryDeadLetter) else {
        return bad.iter().map(|(id, ..)| id.clone()).collect();
    };
    for chunk in bad.chunks(10) {
        let entries: Vec<SendMessageBatchRequestEntry> = chunk
            .iter()
            .enumerate()
            .filter_map(|(i, (id, body, reason))| {
                tracing::warn!(message_id = %id, %reason, "telemetry parked in the dead-letter queue");
                let attr = MessageAttributeValue::builder().data_type("String").string_value(reason).build().ok()?;
                SendMessageBatchRequestEntry::builder().id(i.to_string()).message_body(body).message_attributes("reason", attr).build().ok()
            })
            .collect();
        match q.client.send_message_batch().queue_url(q.url).set_entries(Some(entries)).send().await {
            Ok(out) => failed.extend(out.failed.iter().filter_map(|f| f.id.parse::<usize>().ok()).map(|i| chunk[i].0.clone())),
            Err(e) => {
                tracing::error!(error = %e, "dead-letter queue unavailable; records left for redelivery");
                failed.extend(chunk.iter().map(|(id, ..)| id.clone()));
            }
        }
    }
    failed
}

fn put(item: &Value) -> Result<WriteRequest, ApiError> {
    let put = PutRequest::builder().set_item(Some(store::to_item(item)?)).build().map_err(ApiError::internal)?;
    Ok(WriteRequest::builder().put_request(put).build())
}

/// The items a batch's messages become, by table and key (the last message
/// for a key wins, newest heartbeat and inventory per fridge).
fn items(messages: &[Parsed], received: &str) -> BTreeMap<(Table, String), Value> {
    let mut out: BTreeMap<(Table, String), Value> = BTreeMap::new();
    let mut newer = |table: Table, key: String, item: Value, at: &str| {
        let keep = out.get(&(table, key.clone())).and_then(|v| v["timestamp"].as_str()).is_none_or(|old| old <= at);
        if keep {
            out.insert((table, key), item);
        }
    };
    for (_, _, m) in messages {
        match m {
            Message::Heartbeat(h) => {
                let at = fleet::iso(h.timestamp);
                let mut health = serde_json::to_value(h).unwrap_or(Value::Null);
                health["timestamp"] = json!(at);
                health["receivedAt"] = json!(received);
                newer(Table::FridgeHealth, h.location_id.clone(), health, &at);
                if let Some(t) = h.temperature {
                    let sk = format!("temp#{at}");
                    let sample = json!({ "locationId": h.location_id, "sk": sk, "temperature": t, "timestamp": at, "expiresAt": fleet::expires_at(h.timestamp) });
                    newer(Table::FridgeTelemetry, format!("{}|{sk}", h.location_id), sample, &at);
                }
            }
            Message::Event { location_id, event_id, event_type, timestamp } | Message::SegmentEvent { location_id, event_id, event_type, timestamp, .. } => {
                let (kind, payload) = match m {
                    Message::SegmentEvent { payload, .. } => ("segment", payload.to_string()),
                    _ => ("event", "null".to_string()),
                };
                let at = fleet::iso(*timestamp);
                let sk = format!("{kind}#{at}#{event_id}");
                let item = json!({ "locationId": location_id, "sk": sk, "eventType": event_type, "timestamp": at, "eventId": event_id,
                                   "payload": payload, "expiresAt": fleet::expires_at(*timestamp) });
                newer(Table::FridgeTelemetry, format!("{location_id}|{sk}"), item, &at);
            }
            Message::Inventory { location_id, timestamp, slots } => {
                let at = fleet::iso(*timestamp);
                let item = json!({ "locationId": location_id, "timestamp": at, "slots": slots, "receivedAt": received });
                newer(Table::FridgeInventory, location_id.clone(), item, &at);
            }
            Message::CommandResult { .. } => {}
        }
    }
    out
}

async fn write(deps: &Deps, items: BTreeMap<(Table, String), Value>) -> Result<(), ApiError> {
    let client = deps.dynamo()?;
    let mut requests: Vec<(String, WriteRequest)> = Vec::new();
    for ((table, _), item) in &items {
        requests.push((deps.config.table(*table)?.to_string(), put(item)?));
    }
    for chunk in requests.chunks(25) {
        let mut by_table: HashMap<String, Vec<WriteRequest>> = HashMap::new();
        for (t, r) in chunk {
            by_table.entry(t.clone()).or_default().push(r.clone());
        }
        store::batch_write_tables(client, by_table).await?;
    }
    Ok(())
}

/// A command the fridge reports on: DONE or FAILED, once (a redelivery finds it already so).
async fn finish_command(deps: &Deps, queue_id: &str, sk: &str, state: CommandState, at: &str) -> Result<(), ApiError> {
    let t = deps.table(Table::QueueMessages)?;
    let state = match state {
        CommandState::Done => "DONE",
        CommandState::Failed => "FAILED",
    };
    let out = t
        .client
        .update_item()
        .table_name(t.name)
        .key("id", store::s(queue_id))
        .key("sk", store::s(sk))
        .update_expression("SET #s = :state, doneAt = :at")
        .condition_expression("attribute_exists(id)")
        .expression_attribute_names("#s", "state")
        .expression_attribute_values(":state", store::s(state))
        .expression_attribute_values(":at", AttributeValue::S(at.to_string()))
        .send()
        .await;
    match out.map_err(ApiError::from) {
        Ok(_) => Ok(()),
        Err(ApiError::Conflict(_)) => Err(ApiError::bad_request(format!("no command {sk} in {queue_id}"))),
        Err(e) => Err(e),
    }
}

/// The SQS handler: answers `{batchItemFailures}` for the records to redeliver.
pub async fn handle(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let records: Vec<Record> = input.args["Records"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| Record { id: r["messageId"].as_str().unwrap_or_default().to_string(), body: r["body"].as_str().unwrap_or_default().to_string() })
        .collect();
    let (parsed, mut bad) = sort(records);
    let ids: HashSet<&str> = parsed.iter().map(|(_, _, m)| m.location_id()).collect();
    let known = LocationCache::get().known(deps, ids).await;
    let mut retry: Vec<String> = Vec::new();
    let mut good = Vec::new();
    match known {
        Ok(known) => {
            for (id, body, m) in parsed {
                if known.contains(m.location_id()) {
                    good.push((id, body, m));
                } else {
                    let reason = format!("unknown location {}", m.location_id());
                    bad.push((id, body, reason));
                }
            }
        }
        Err(e) => {
            tracing::error!(error = %e, "locations unavailable; batch left for redelivery");
            retry.extend(parsed.iter().map(|(id, ..)| id.clone()));
        }
    }
    let received = fleet::iso(chrono::Utc::now());
    if let Err(e) = write(deps, items(&good, &received)).await {
        tracing::error!(error = %e, "telemetry not stored; left for redelivery");
        retry.extend(good.iter().map(|(id, ..)| id.clone()));
        good.clear();
    }
    for (id, body, m) in &good {
        if let Message::CommandResult { queue_id, sk, state, timestamp, .. } = m {
            match finish_command(deps, queue_id, sk, *state, &fleet::iso(*timestamp)).await {
                Ok(()) => {}
                Err(ApiError::BadRequest(reason)) => bad.push((id.clone(), body.clone(), reason)),
                Err(e) => {
                    tracing::error!(error = %e, "command result not stored; left for redelivery");
                    retry.push(id.clone());
                }
            }
        }
    }
    retry.extend(park(deps, &bad).await);
    Ok(json!({ "batchItemFailures": retry.iter().map(|id| json!({ "itemIdentifier": id })).collect::<Vec<_>>() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_keeps_the_newest_heartbeat_per_fridge_and_every_event_once() {
        let parse = |s: &str| (String::new(), s.to_string(), telemetry::parse(s).unwrap());
        let msgs = vec![
            (parse(r#"{"type":"heartbeat","locationId":"A","timestamp":"2026-11-23T02:00:05Z","temperature":37}"#)),
            (parse(r#"{"type":"heartbeat","locationId":"A","timestamp":"2026-11-23T02:00:00Z","temperature":45}"#)),
            (parse(r#"{"type":"event","locationId":"A","eventId":"e1","eventType":"CheckpointEvent","timestamp":"2026-11-23T02:00:00Z"}"#)),
            (parse(r#"{"type":"event","locationId":"A","eventId":"e1","eventType":"CheckpointEvent","timestamp":"2026-11-23T02:00:00Z"}"#)),
        ];
        let out = items(&msgs, "now");
        assert_eq!(out[&(Table::FridgeHealth, "A".to_string())]["temperature"], 37.0, "the newer heartbeat wins");
        let events = out.keys().filter(|(t, k)| *t == Table::FridgeTelemetry && k.contains("|event#")).count();
        assert_eq!(events, 1, "a duplicated event is one item");
        assert_eq!(out.keys().filter(|(t, k)| *t == Table::FridgeTelemetry && k.contains("|temp#")).count(), 2, "both samples kept");
    }
}
