//! The telemetry ingest: an SQS batch (event source mapping with
//! ReportBatchItemFailures). Each record is parsed; one that can never be
//! stored (malformed, unknown fridge) is sent to the dead-letter queue with
//! its reason and counts as handled, so it never blocks the batch.
//!
//! History (events, segment events, temperature samples) is written with
//! BatchWriteItem under keys that follow the message (an event's id, a
//! sample's time), so a redelivered message rewrites the same item instead of
//! adding one. A fridge's latest state (health, inventory) is newest-wins:
//! SQS neither orders nor de-duplicates, so each is a conditional put that
//! lands only over an older report; a late one loses quietly. A transient
//! failure reports the records for redelivery.
use crate::store::{self as fleet, LocationCache};
use crate::telemetry::{self, CommandState, Message};
use aws_sdk_dynamodb::types::{AttributeValue, PutRequest, WriteRequest};
use aws_sdk_sqs::types::{MessageAttributeValue, SendMessageBatchRequestEntry};
use fleet_shared::{store, ApiError, Deps, Input, Queue, Table};
use futures::stream::{self, StreamExt};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Conditional puts of latest state in flight at once, per batch.
const LATEST_IN_FLIGHT: usize = 8;

struct Record {
    id: String,
    body: String,
}

/// A parsed record: its id, body and message.
pub(crate) type Parsed = (String, String, Message);
/// A record that can never be stored: its id, body and the reason.
pub(crate) type Unstorable = (String, String, String);

fn sort(records: Vec<Record>) -> (Vec<Parsed>, Vec<Unstorable>) {
    let (mut ok, mut bad) = (Vec::new(), Vec::new());
    for r in records {
        // Bounded per record, as a queue event is not user input: parked with what fits of it.
        if let Some(reason) = fleet_shared::limits::queue_record_problem(&r.body) {
            let head: String = r.body.chars().take(1024).collect();
            bad.push((r.id, head, reason));
            continue;
        }
        match telemetry::parse(&r.body) {
            Ok(m) => ok.push((r.id, r.body, m)),
            Err(reason) => bad.push((r.id, r.body, reason)),
        }
    }
    (ok, bad)
}

fn entry(i: usize, body: &str, reason: &str) -> Option<SendMessageBatchRequestEntry> {
    let attr = MessageAttributeValue::builder().data_type("String").string_value(reason).build().ok()?;
    SendMessageBatchRequestEntry::builder()
        .id(i.to_string())
        .message_body(body)
        .message_attributes("reason", attr)
        .build()
        .ok()
}

/// Parks messages in the dead-letter queue with their reason; answers the ids that could not be parked.
async fn park(deps: &Deps, bad: &[Unstorable]) -> Vec<String> {
    let mut failed = Vec::new();
    let Ok(q) = deps.queue(Queue::TelemetryDeadLetter) else {
        return bad.iter().map(|(id, ..)| id.clone()).collect();
    };
    for chunk in bad.chunks(10) {
        let mut entries = Vec::new();
        for (i, (id, body, reason)) in chunk.iter().enumerate() {
            tracing::warn!(message_id = %id, %reason, "telemetry parked in the dead-letter queue");
            match entry(i, body, reason) {
                Some(e) => entries.push(e),
                None => failed.push(id.clone()), // never lost: redelivered instead
            }
        }
        if entries.is_empty() {
            continue;
        }
        match q.client.send_message_batch().queue_url(q.url).set_entries(Some(entries)).send().await {
            Ok(out) => failed.extend(
                out.failed.iter().filter_map(|f| chunk.get(f.id.parse::<usize>().ok()?)).map(|(id, ..)| id.clone()),
            ),
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

/// One item to write and the records (id, body) behind it.
#[derive(Debug)]
pub(crate) struct Write {
    pub(crate) item: Value,
    /// The report's time (`fleet::iso`): what latest state is compared on.
    pub(crate) at: String,
    pub(crate) records: Vec<(String, String)>,
}

/// What a batch's messages become, by table and key: the latest state per
/// fridge (only the newest of the batch, then only over an older stored one)
/// and history rows (a duplicate is one row).
#[derive(Debug, Default)]
pub(crate) struct Writes {
    pub(crate) latest: BTreeMap<(Table, String), Write>,
    pub(crate) history: BTreeMap<(Table, String), Write>,
}

impl Writes {
    fn latest(&mut self, table: Table, key: &str, item: Value, at: String, record: (String, String)) {
        let newer = self.latest.get(&(table, key.to_string())).is_none_or(|old| old.at < at);
        if newer {
            self.latest.insert((table, key.to_string()), Write { item, at, records: vec![record] });
        }
    }

    fn history(&mut self, table: Table, key: String, item: Value, at: String, record: (String, String)) {
        self.history.entry((table, key)).or_insert_with(|| Write { item, at, records: vec![] }).records.push(record);
    }
}

/// The TTL of a history row, or why the message cannot be stored (the parse
/// window makes this unreachable; it stays a refusal, never a panic).
fn expiry(t: chrono::DateTime<chrono::Utc>) -> Result<i64, String> {
    fleet::expires_at(t).ok_or_else(|| format!("timestamp {} is out of range", fleet::iso(t)))
}

/// The writes a batch's messages become, and the messages that cannot be stored.
pub(crate) fn items(messages: &[Parsed], received: &str) -> (Writes, Vec<Unstorable>) {
    let mut out = Writes::default();
    let mut bad = Vec::new();
    for (id, body, m) in messages {
        let record = (id.clone(), body.clone());
        let at = fleet::iso(m.timestamp());
        match m {
            Message::Heartbeat(h) => {
                let mut health = match serde_json::to_value(h) {
                    Ok(v) => v,
                    Err(e) => {
                        bad.push((id.clone(), body.clone(), format!("heartbeat not storable: {e}")));
                        continue;
                    }
                };
                health["timestamp"] = json!(at);
                health["receivedAt"] = json!(received);
                if let Some(t) = h.temperature {
                    let expires = match expiry(h.timestamp) {
                        Ok(e) => e,
                        Err(reason) => {
                            bad.push((id.clone(), body.clone(), reason));
                            continue;
                        }
                    };
                    let sk = format!("temp#{at}");
                    let sample = json!({ "locationId": h.location_id, "sk": sk, "temperature": t, "timestamp": at, "expiresAt": expires });
                    out.history(
                        Table::FridgeTelemetry,
                        format!("{}|{sk}", h.location_id),
                        sample,
                        at.clone(),
                        record.clone(),
                    );
                }
                out.latest(Table::FridgeHealth, &h.location_id, health, at, record);
            }
            Message::Event { location_id, event_id, event_type, timestamp }
            | Message::SegmentEvent { location_id, event_id, event_type, timestamp, .. } => {
                let (kind, payload) = match m {
                    Message::SegmentEvent { payload, .. } => ("segment", payload.to_string()),
                    _ => ("event", "null".to_string()),
                };
                let expires = match expiry(*timestamp) {
                    Ok(e) => e,
                    Err(reason) => {
                        bad.push((id.clone(), body.clone(), reason));
                        continue;
                    }
                };
                let sk = format!("{kind}#{at}#{event_id}");
                let item = json!({ "locationId": location_id, "sk": sk, "eventType": event_type, "timestamp": at, "eventId": event_id,
                                   "payload": payload, "expiresAt": expires });
                out.history(Table::FridgeTelemetry, format!("{location_id}|{sk}"), item, at, record);
            }
            Message::Inventory { location_id, slots, .. } => {
                let item =
                    json!({ "locationId": location_id, "timestamp": at, "slots": slots, "receivedAt": received });
                out.latest(Table::FridgeInventory, location_id, item, at, record);
            }
            Message::CommandResult { .. } => {}
        }
    }
    (out, bad)
}

/// How a latest-state put ended.
#[derive(Debug, PartialEq)]
enum Landed {
    Stored,
    /// The stored report is as new or newer: this one loses, quietly.
    Older,
}

/// Puts a fridge's latest state only over an older report (or none). The
/// stored `timestamp` is `fleet::iso` text, which sorts as time does.
async fn put_if_newer(deps: &Deps, table: Table, write: &Write) -> Result<Landed, ApiError> {
    let t = deps.table(table)?;
    let out = t
        .client
        .put_item()
        .table_name(t.name)
        .set_item(Some(store::to_item(&write.item)?))
        .condition_expression("attribute_not_exists(locationId) OR #ts < :ts")
        .expression_attribute_names("#ts", "timestamp")
        .expression_attribute_values(":ts", store::s(&write.at))
        .send()
        .await;
    match out {
        Ok(_) => Ok(Landed::Stored),
        Err(e) if e.as_service_error().is_some_and(|e| e.is_conditional_check_failed_exception()) => Ok(Landed::Older),
        Err(e) => Err(e.into()),
    }
}

async fn write_history(deps: &Deps, history: &BTreeMap<(Table, String), Write>) -> Result<(), ApiError> {
    let client = deps.dynamo()?;
    let mut requests: Vec<(String, WriteRequest)> = Vec::new();
    for ((table, _), w) in history {
        requests.push((deps.config.table(*table)?.to_string(), put(&w.item)?));
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

/// What writing a batch came to: records to redeliver, records the store
/// refuses (parked), and how many latest reports lost to newer ones.
#[derive(Debug, Default)]
struct Written {
    retry: Vec<String>,
    refused: Vec<Unstorable>,
    older: usize,
}

/// History in BatchWriteItem calls, latest state in bounded concurrent
/// conditional puts; both at once.
async fn write(deps: &Deps, writes: &Writes) -> Written {
    // The futures are built first (they run only when polled) and answer an
    // index, not a borrow: otherwise the handler's future is not general
    // enough over lifetimes to be Send.
    let latest: Vec<(&(Table, String), &Write)> = writes.latest.iter().collect();
    let puts: Vec<_> = latest
        .iter()
        .enumerate()
        .map(|(i, ((table, _), w))| async move { (i, put_if_newer(deps, *table, w).await) })
        .collect();
    let landed =
        stream::iter(puts).buffer_unordered(LATEST_IN_FLIGHT).collect::<Vec<(usize, Result<Landed, ApiError>)>>();
    let (history, landed) = tokio::join!(write_history(deps, &writes.history), landed);
    let mut out = Written::default();
    if let Err(e) = history {
        tracing::error!(error = %e, "telemetry history not stored; left for redelivery");
        out.retry.extend(writes.history.values().flat_map(|w| w.records.iter().map(|(id, _)| id.clone())));
    }
    for (i, landed) in landed {
        let Some((_, w)) = latest.get(i) else { continue };
        match landed {
            Ok(Landed::Stored) => {}
            Ok(Landed::Older) => out.older += 1,
            // The store refuses this item as such: redelivery would never land it.
            Err(ApiError::BadRequest(reason)) => {
                out.refused.extend(w.records.iter().map(|(id, body)| (id.clone(), body.clone(), reason.clone())))
            }
            Err(e) => {
                tracing::error!(error = %e, "latest fridge state not stored; left for redelivery");
                out.retry.extend(w.records.iter().map(|(id, _)| id.clone()));
            }
        }
    }
    if out.older > 0 {
        tracing::debug!(older = out.older, "late reports older than the stored state: not written");
    }
    out
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
        .map(|r| Record {
            id: r["messageId"].as_str().unwrap_or_default().to_string(),
            body: r["body"].as_str().unwrap_or_default().to_string(),
        })
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
    let (writes, unstorable) = items(&good, &received);
    bad.extend(unstorable);
    let written = write(deps, &writes).await;
    bad.extend(written.refused);
    retry.extend(written.retry);
    let settled: HashSet<String> = retry.iter().chain(bad.iter().map(|(id, ..)| id)).cloned().collect();
    for (id, body, m) in good.iter().filter(|(id, ..)| !settled.contains(id)) {
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
    // A record behind two failed writes (health and its sample) is reported once.
    let mut seen = HashSet::new();
    retry.retain(|id| seen.insert(id.clone()));
    Ok(json!({ "batchItemFailures": retry.iter().map(|id| json!({ "itemIdentifier": id })).collect::<Vec<_>>() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(id: &str, body: &str) -> Parsed {
        let now = "2026-11-23T12:00:00Z".parse().unwrap();
        (id.to_string(), body.to_string(), telemetry::parse_at(body, now).unwrap())
    }

    #[test]
    fn a_batch_keeps_the_newest_heartbeat_per_fridge_and_every_event_once() {
        let msgs = vec![
            parsed(
                "m1",
                r#"{"type":"heartbeat","locationId":"A","timestamp":"2026-11-23T02:00:05Z","temperature":37}"#,
            ),
            parsed(
                "m2",
                r#"{"type":"heartbeat","locationId":"A","timestamp":"2026-11-23T02:00:00Z","temperature":45}"#,
            ),
            parsed(
                "m3",
                r#"{"type":"event","locationId":"A","eventId":"e1","eventType":"CheckpointEvent","timestamp":"2026-11-23T02:00:00Z"}"#,
            ),
            parsed(
                "m4",
                r#"{"type":"event","locationId":"A","eventId":"e1","eventType":"CheckpointEvent","timestamp":"2026-11-23T02:00:00Z"}"#,
            ),
        ];
        let (out, bad) = items(&msgs, "now");
        assert!(bad.is_empty());
        let health = &out.latest[&(Table::FridgeHealth, "A".to_string())];
        assert_eq!(
            (health.item["temperature"].as_f64(), health.at.as_str()),
            (Some(37.0), "2026-11-23T02:00:05.000Z"),
            "the newer heartbeat wins"
        );
        let events: Vec<&Write> = out
            .history
            .iter()
            .filter(|((t, k), _)| *t == Table::FridgeTelemetry && k.contains("|event#"))
            .map(|(_, w)| w)
            .collect();
        assert_eq!(events.len(), 1, "a duplicated event is one item");
        assert_eq!(
            events[0].records.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>(),
            ["m3", "m4"],
            "both records stand behind it"
        );
        assert_eq!(
            out.history.keys().filter(|(t, k)| *t == Table::FridgeTelemetry && k.contains("|temp#")).count(),
            2,
            "both samples kept"
        );
    }

    #[test]
    fn the_latest_state_is_compared_on_one_sortable_text_format() {
        // Whatever the fridge's own offset or precision, the stored text sorts as time does.
        let msgs = vec![
            parsed("a", r#"{"type":"inventory","locationId":"A","timestamp":"2026-11-23T03:00:00+01:00","slots":[]}"#),
            parsed("b", r#"{"type":"inventory","locationId":"A","timestamp":"2026-11-23T02:30:00.5Z","slots":[]}"#),
        ];
        let (out, _) = items(&msgs, "now");
        let inv = &out.latest[&(Table::FridgeInventory, "A".to_string())];
        assert_eq!((inv.at.as_str(), inv.records[0].0.as_str()), ("2026-11-23T02:30:00.500Z", "b"));
        assert_eq!(inv.item["timestamp"], "2026-11-23T02:30:00.500Z", "the compared text is the stored one");
    }
}
