//! The telemetry ingest: an SQS batch (event source mapping with
//! ReportBatchItemFailures). Each record is parsed; one that can never be
//! stored (malformed, unknown fridge) is sent to the dead-letter queue with
//! its reason and counts as handled, so it never blocks the batch.
//!
//! A heartbeat is stored only when it changes what a screen shows, or when
//! the stored one is 10 minutes old (`health_changes`): one BatchGetItem of the
//! batch's stored health decides, and a stored heartbeat writes its health
//! record and one temperature sample.
//!
//! History (events, segment events, temperature samples) is written with
//! BatchWriteItem under keys that follow the message (an event's id, a
//! sample's time), so a redelivered message rewrites the same item instead of
//! adding one. A fridge's latest state (health, inventory) is newest-wins:
//! SQS neither orders nor de-duplicates, so each is a conditional put that
//! lands only over an older report; a late one loses quietly. Every
//! inventory snapshot, late or not, is also placed in its fridge's chain,
//! from which the empty channels and stock-outs are derived in event time
//! (`report::derive`); one more than 14 days old is parked. A transient
//! failure reports the records for redelivery, and on the queue's last
//! delivery parks them with the reason.
use crate::health_changes;
use crate::store::{Dynamo, FleetStore, HealthPut, History, Landed, Latest, Unstorable};
use crate::telemetry::{self, Message};
use fleet_shared::contract::Ctx;
use fleet_shared::entity::health::{self, FridgeHealth};
use fleet_shared::entity::report::derive::{Placed, LATE_DAYS};
use fleet_shared::entity::telemetry::{Heartbeat, InventorySnapshot, TelemetryEvent, TemperatureSample};
use fleet_shared::events::{SqsBatchResponse, SqsEvent, SqsMessage};
use fleet_shared::fridge_time::{now_text, stamp};
use fleet_shared::parking::LastReceive;
use fleet_shared::{ApiError, Deps, Table};
use futures::stream::{self, StreamExt};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Conditional puts of latest state in flight at once, per batch.
const LATEST_IN_FLIGHT: usize = 8;

/// A parsed record: its id, body and message.
pub(crate) type Parsed = (String, String, Message);

fn sort(records: Vec<SqsMessage>) -> (Vec<Parsed>, Vec<Unstorable>) {
    fleet_shared::parking::sort_records(records, telemetry::parse)
}

/// One item to write and the records (id, body) behind it.
#[derive(Debug)]
pub(crate) struct Write<T> {
    pub(crate) item: T,
    /// The report's time (`stamp` text): what latest state is compared on.
    pub(crate) at: String,
    pub(crate) records: Vec<(String, String)>,
}

/// What a batch's messages become, by table and key: the latest state per
/// fridge (only the newest of the batch, then only over an older stored one),
/// the temperature sample of each fridge's newest heartbeat, and history rows
/// (a duplicate is one row).
#[derive(Debug, Default)]
pub(crate) struct Writes {
    pub(crate) latest: BTreeMap<(Table, String), Write<Latest>>,
    /// By fridge: stored with its health record, or not at all.
    pub(crate) samples: BTreeMap<String, Write<History>>,
    pub(crate) history: BTreeMap<(Table, String), Write<History>>,
    /// Every inventory snapshot, by fridge: each is placed in its fridge's
    /// chain (the reports), not only the newest.
    pub(crate) snapshots: BTreeMap<String, Vec<Write<InventorySnapshot>>>,
    /// Every heartbeat of the batch, by fridge: when a condition started is
    /// read from them too, not only from the newest (`conditions_since`).
    pub(crate) beats: BTreeMap<String, Vec<Heartbeat>>,
    /// The fridges' stored health records as read before writing (none when
    /// unreadable): each health put is tied to the one read.
    pub(crate) stored: HashMap<String, FridgeHealth>,
}

impl Writes {
    /// Keeps `item` if it is the newest of its fridge so far; answers whether it is.
    fn latest(&mut self, item: Latest, record: (String, String)) -> bool {
        let (key, at) = ((item.table(), item.location_id().to_string()), item.at());
        let newer = self.latest.get(&key).is_none_or(|old| old.at < at);
        if newer {
            self.latest.insert(key, Write { item, at, records: vec![record] });
        }
        newer
    }

    /// The fridges whose newest heartbeat of the batch is to be written.
    fn health_ids(&self) -> Vec<&str> {
        self.latest.keys().filter(|(t, _)| *t == Table::FridgeHealth).map(|(_, id)| id.as_str()).collect()
    }

    /// Leaves out the heartbeats (and their samples) that change nothing
    /// stored; answers how many. Their records are handled: nothing to redo.
    /// A redelivery of the stored heartbeat itself keeps its sample (an
    /// idempotent rewrite): the first delivery's sample may be what failed.
    fn drop_unchanged(&mut self, stored: HashMap<String, FridgeHealth>) -> usize {
        let before = self.latest.len();
        let mut redelivered = HashSet::new();
        let beats = &self.beats;
        self.latest.retain(|(_, id), w| match &w.item {
            Latest::Health(h) => {
                let current = stored.get(id);
                if current.is_some_and(|c| c.report.timestamp == h.report.timestamp) {
                    redelivered.insert(id.clone());
                    return false;
                }
                // A start not yet stored (a record from before `conditionsSince`) is worth a write too.
                let since = health::conditions_since(&h.report, &batch_of(beats, id), current);
                health_changes::worth_storing(current.map(|c| &c.report), &h.report)
                    || current.is_some_and(|c| c.report.timestamp < h.report.timestamp && c.conditions_since != since)
            }
            Latest::Inventory(_) => true,
        });
        let latest = &self.latest;
        self.samples
            .retain(|id, _| redelivered.contains(id) || latest.contains_key(&(Table::FridgeHealth, id.clone())));
        self.stored = stored;
        before - self.latest.len()
    }

    /// Sets test locations' reports apart (`Location::is_test`, the smoke
    /// test's): their health records are marked, so the fleet's health leaves
    /// them out, and their snapshots derive no report rows. Their latest state
    /// is stored as a fridge's: the location's own screens show it.
    fn set_apart(&mut self, tests: &HashSet<String>) {
        for ((_, id), w) in self.latest.iter_mut() {
            if let Latest::Health(h) = &mut w.item {
                h.test_location = tests.contains(id);
            }
        }
        self.snapshots.retain(|id, _| !tests.contains(id));
    }

    fn history(&mut self, item: History, at: String, record: (String, String)) {
        let key = (Table::FridgeTelemetry, item.key());
        self.history.entry(key).or_insert_with(|| Write { item, at, records: vec![] }).records.push(record);
    }
}

/// The TTL of a history row, or why the message cannot be stored (the parse
/// window makes this unreachable; it stays a refusal, never a panic).
fn expiry(t: chrono::DateTime<chrono::Utc>) -> Result<i64, String> {
    crate::store::expires_at(t).ok_or_else(|| format!("timestamp {} is out of range", stamp(t)))
}

/// A heartbeat's temperature sample, or why it cannot be stored.
fn sample(h: &telemetry::Heartbeat, temperature: f64) -> Result<TemperatureSample, String> {
    let expires = expiry(h.timestamp)?;
    TemperatureSample::new(h.location_id.clone(), h.timestamp, temperature, Some(expires))
        .ok_or_else(|| format!("timestamp {} is out of range", stamp(h.timestamp)))
}

/// Why a snapshot is too old to derive the reports from, if it is: its
/// fridge's chain keeps what a late one needs for `LATE_DAYS` days.
fn too_late(at: chrono::DateTime<chrono::Utc>, received: &str) -> Option<String> {
    let received = fleet_shared::dates::instant(received)?;
    (at < received - chrono::Duration::days(LATE_DAYS)).then(|| {
        format!(
            "inventory snapshot of {} is more than {LATE_DAYS} days old: the reports are derived from snapshots at most {LATE_DAYS} days late",
            stamp(at)
        )
    })
}

/// The writes a batch's messages become, and the messages that cannot be stored.
pub(crate) fn items(messages: &[Parsed], received: &str) -> (Writes, Vec<Unstorable>) {
    let mut out = Writes::default();
    let mut bad = Vec::new();
    for (id, body, m) in messages {
        let record = (id.clone(), body.clone());
        let at = stamp(m.timestamp());
        match m {
            Message::Heartbeat(h) => {
                let sample = match h.temperature.map(|t| sample(h, t)).transpose() {
                    Ok(s) => s,
                    Err(reason) => {
                        bad.push((id.clone(), body.clone(), reason));
                        continue;
                    }
                };
                let health = FridgeHealth {
                    report: (**h).clone(),
                    received_at: Some(received.to_string()),
                    test_location: false,
                    conditions_since: Default::default(),
                };
                out.beats.entry(h.location_id.to_string()).or_default().push((**h).clone());
                if out.latest(Latest::Health(Box::new(health)), record.clone()) {
                    let fridge = h.location_id.to_string();
                    match sample {
                        Some(s) => {
                            out.samples.insert(fridge, Write { item: History::Sample(s), at, records: vec![record] });
                        }
                        None => {
                            out.samples.remove(&fridge);
                        }
                    }
                }
            }
            Message::Event { location_id, event_id, event_type, timestamp }
            | Message::SegmentEvent { location_id, event_id, event_type, timestamp, .. } => {
                let (kind, payload) = match m {
                    Message::SegmentEvent { payload, .. } => ("segment", payload.to_string()),
                    _ => ("event", "null".to_string()),
                };
                let expires_at = match expiry(*timestamp) {
                    Ok(e) => e,
                    Err(reason) => {
                        bad.push((id.clone(), body.clone(), reason));
                        continue;
                    }
                };
                let row = TelemetryEvent {
                    location_id: location_id.clone(),
                    sk: format!("{kind}#{at}#{event_id}"),
                    event_type: event_type.clone(),
                    timestamp: at.clone(),
                    event_id: event_id.clone(),
                    payload: Some(payload),
                    expires_at,
                };
                out.history(History::Event(row), at, record);
            }
            Message::Inventory { location_id, slots, timestamp } => {
                if let Some(reason) = too_late(*timestamp, received) {
                    bad.push((id.clone(), body.clone(), reason));
                    continue;
                }
                let snapshot = InventorySnapshot {
                    location_id: location_id.clone(),
                    timestamp: at.clone(),
                    slots: slots.clone(),
                    received_at: Some(received.to_string()),
                };
                let fridge = location_id.to_string();
                let each = Write { item: snapshot.clone(), at, records: vec![record.clone()] };
                out.snapshots.entry(fridge).or_default().push(each);
                out.latest(Latest::Inventory(snapshot), record);
            }
            Message::CommandResult { .. } => {}
        }
    }
    (out, bad)
}

/// What writing a batch came to: records to redeliver, records the store
/// refuses (parked), and how many latest reports lost to newer ones.
#[derive(Debug, Default)]
struct Written {
    /// Records to redeliver, each with why.
    retry: Vec<(String, String)>,
    refused: Vec<Unstorable>,
    older: usize,
}

/// History in BatchWriteItem calls, latest state in bounded concurrent
/// conditional puts; both at once.
async fn write<S: FleetStore>(store: &S, writes: &Writes) -> Written {
    // The futures are built first (they run only when polled) and answer an
    // index, not a borrow: otherwise the handler's future is not general
    // enough over lifetimes to be Send.
    let latest: Vec<&Write<Latest>> = writes.latest.values().collect();
    let puts: Vec<_> = latest
        .iter()
        .enumerate()
        .map(|(i, w)| async move {
            let landed = match &w.item {
                Latest::Health(h) => {
                    put_health(
                        store,
                        h,
                        &batch_of(&writes.beats, h.report.location_id.as_str()),
                        writes.stored.get(h.report.location_id.as_str()).cloned(),
                    )
                    .await
                }
                Latest::Inventory(_) => store.put_latest(&w.item).await,
            };
            (i, landed)
        })
        .collect();
    let landed =
        stream::iter(puts).buffer_unordered(LATEST_IN_FLIGHT).collect::<Vec<(usize, Result<Landed, ApiError>)>>();
    let history: Vec<&Write<History>> = writes.history.values().chain(writes.samples.values()).collect();
    let rows: Vec<&History> = history.iter().map(|w| &w.item).collect();
    let fridges: Vec<&Vec<Write<InventorySnapshot>>> = writes.snapshots.values().collect();
    let chains: Vec<_> =
        fridges.iter().enumerate().map(|(i, each)| async move { (i, derive_in_turn(store, each).await) }).collect();
    let chains = stream::iter(chains)
        .buffer_unordered(LATEST_IN_FLIGHT)
        .collect::<Vec<(usize, Vec<(usize, Result<Placed, ApiError>)>)>>();
    let (stored, landed, derived) = tokio::join!(store.put_history(&rows), landed, chains);
    let mut out = Written::default();
    for (fridge, placed) in derived.into_iter().flat_map(|(f, each)| each.into_iter().map(move |p| (f, p))) {
        let (i, placed) = placed;
        let Some(w) = fridges.get(fridge).and_then(|each| each.get(i)) else { continue };
        match placed {
            Ok(_) => {}
            Err(ApiError::BadRequest(reason)) => {
                out.refused.extend(w.records.iter().map(|(id, body)| (id.clone(), body.clone(), reason.clone())))
            }
            Err(e) => {
                tracing::error!(error = %e, "inventory snapshot not derived; left for redelivery");
                let why = format!("the reports not derived: {e}");
                out.retry.extend(w.records.iter().map(|(id, _)| (id.clone(), why.clone())));
            }
        }
    }
    if let Err(e) = stored {
        tracing::error!(error = %e, "telemetry history not stored; left for redelivery");
        let why = format!("telemetry history not stored: {e}");
        out.retry.extend(history.iter().flat_map(|w| w.records.iter().map(|(id, _)| (id.clone(), why.clone()))));
    }
    for (i, landed) in landed {
        let Some(w) = latest.get(i) else { continue };
        match landed {
            Ok(Landed::Stored) => {}
            Ok(Landed::Older) => out.older += 1,
            // The store refuses this item as such: redelivery would never land it.
            Err(ApiError::BadRequest(reason)) => {
                out.refused.extend(w.records.iter().map(|(id, body)| (id.clone(), body.clone(), reason.clone())))
            }
            Err(e) => {
                tracing::error!(error = %e, "latest fridge state not stored; left for redelivery");
                let why = format!("latest fridge state not stored: {e}");
                out.retry.extend(w.records.iter().map(|(id, _)| (id.clone(), why.clone())));
            }
        }
    }
    if out.older > 0 {
        tracing::debug!(older = out.older, "late reports older than the stored state: not written");
    }
    out
}

/// A fridge's heartbeats of the batch.
fn batch_of<'a>(beats: &'a BTreeMap<String, Vec<Heartbeat>>, fridge: &str) -> Vec<&'a Heartbeat> {
    beats.get(fridge).map(|b| b.iter().collect()).unwrap_or_default()
}

/// Health puts decided again on a record that moved before one lands: beyond
/// this, the records are redelivered.
const HEALTH_TRIES: usize = 4;

/// Writes a fridge's newest heartbeat over the stored record `read` (the one
/// the batch read; none when none is stored, or when it was unreadable), with
/// when each condition it shows started (`conditions_since`, from the batch's
/// heartbeats and that record). The put is tied to that record: if another
/// batch stored one in between, the starts are worked out again on it, and a
/// record as new or newer wins.
async fn put_health<S: FleetStore>(
    store: &S,
    newest: &FridgeHealth,
    batch: &[&Heartbeat],
    mut read: Option<FridgeHealth>,
) -> Result<Landed, ApiError> {
    for _ in 0..HEALTH_TRIES {
        if read.as_ref().is_some_and(|r| r.report.timestamp >= newest.report.timestamp) {
            return Ok(Landed::Older);
        }
        let since = health::conditions_since(&newest.report, batch, read.as_ref());
        let record = FridgeHealth { conditions_since: since, ..newest.clone() };
        let version = read.as_ref().map(|r| stamp(r.report.timestamp));
        match store.put_health(&record, version.as_deref()).await? {
            HealthPut::Stored => return Ok(Landed::Stored),
            HealthPut::Moved(now) => read = now.map(|h| *h),
        }
    }
    Err(ApiError::Unavailable)
}

/// One fridge's snapshots of a batch, placed one after another in time
/// order (each sees the one before it in its chain), each with its outcome.
/// Answers by index into `snapshots` (see `write` on why not a borrow).
async fn derive_in_turn<S: FleetStore>(
    store: &S,
    snapshots: &[Write<InventorySnapshot>],
) -> Vec<(usize, Result<Placed, ApiError>)> {
    let mut in_time: Vec<usize> = (0..snapshots.len()).collect();
    in_time.sort_by(|a, b| snapshots[*a].at.cmp(&snapshots[*b].at));
    let mut out = Vec::new();
    for i in in_time {
        out.push((i, store.derive_inventory(&snapshots[i].item).await));
    }
    out
}

/// The SQS handler: answers `{batchItemFailures}` for the records to redeliver.
pub async fn handle(deps: &'static Deps, _: Ctx, event: SqsEvent) -> Result<SqsBatchResponse, ApiError> {
    Ok(ingest(&Dynamo(deps), event.records).await)
}

/// One SQS batch: the partial batch response names the records to redeliver.
pub async fn ingest<S: FleetStore>(store: &S, records: Vec<SqsMessage>) -> SqsBatchResponse {
    let last_receive = LastReceive::of(&records);
    let (parsed, mut bad) = sort(records);
    let ids: Vec<&str> = parsed.iter().map(|(_, _, m)| m.location_id()).collect::<HashSet<_>>().into_iter().collect();
    let known = store.known_locations(&ids).await;
    let mut retry: Vec<(String, String)> = Vec::new();
    let mut good = Vec::new();
    let mut tests = HashSet::new();
    match known {
        Ok(known) => {
            tests = known.iter().filter(|(_, test)| **test).map(|(id, _)| id.clone()).collect();
            for (id, body, m) in parsed {
                if known.contains_key(m.location_id()) {
                    good.push((id, body, m));
                } else {
                    let reason = format!("unknown location {}", m.location_id());
                    bad.push((id, body, reason));
                }
            }
        }
        Err(e) => {
            tracing::error!(error = %e, "locations unavailable; batch left for redelivery");
            let why = format!("locations unavailable: {e}");
            retry.extend(parsed.iter().map(|(id, ..)| (id.clone(), why.clone())));
        }
    }
    let (mut writes, unstorable) = items(&good, &now_text());
    writes.set_apart(&tests);
    bad.extend(unstorable);
    match store.stored_health(&writes.health_ids()).await {
        Ok(stored) => {
            let unchanged = writes.drop_unchanged(stored);
            tracing::debug!(unchanged, "heartbeats that change nothing stored: not written");
        }
        // Not knowing what is stored costs writes, never a report: every heartbeat is written
        // (each put finds the stored record it then decides on: `put_health`).
        Err(e) => tracing::warn!(error = %e, "stored health unreadable; every heartbeat of the batch is written"),
    }
    let written = write(store, &writes).await;
    bad.extend(written.refused);
    retry.extend(written.retry);
    let settled: HashSet<String> =
        retry.iter().map(|(id, _)| id).chain(bad.iter().map(|(id, ..)| id)).cloned().collect();
    for (id, body, m) in good.iter().filter(|(id, ..)| !settled.contains(id)) {
        if let Message::CommandResult { queue_id, sk, state, timestamp, .. } = m {
            match store.finish_command(queue_id, sk, *state, &stamp(*timestamp)).await {
                Ok(()) => {}
                Err(ApiError::BadRequest(reason)) => bad.push((id.clone(), body.clone(), reason)),
                Err(e) => {
                    tracing::error!(error = %e, "command result not stored; left for redelivery");
                    retry.push((id.clone(), format!("command result not stored: {e}")));
                }
            }
        }
    }
    let mut failing = last_receive.settle(retry, &mut bad);
    failing.extend(store.park(&bad).await);
    // A record behind two failed writes (health and its sample) is reported once.
    let mut seen = HashSet::new();
    let mut answer = SqsBatchResponse::default();
    for id in failing.into_iter().filter(|id| seen.insert(id.clone())) {
        answer.add_failure(id);
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;
    use crate::store::CommandRecord;
    use fleet_shared::fridge_time::ClockAt;
    use serde_json::json;

    fn at_noon() -> ClockAt {
        ClockAt::new("2026-11-23T12:00:00Z".parse().unwrap())
    }

    fn parsed(id: &str, body: &str) -> Parsed {
        let _clock = at_noon();
        (id.to_string(), body.to_string(), telemetry::parse(body).unwrap())
    }

    fn record(id: &str, body: &str) -> SqsMessage {
        serde_json::from_value(json!({ "messageId": id, "receiptHandle": "r", "body": body })).unwrap()
    }

    fn heartbeat(at: &str, temperature: f64) -> String {
        json!({ "type": "heartbeat", "locationId": "A", "timestamp": at, "temperature": temperature }).to_string()
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
        let Latest::Health(stored) = &health.item else { panic!("a health record: {health:?}") };
        assert_eq!(
            (stored.report.temperature, health.at.as_str()),
            (Some(37.0), "2026-11-23T02:00:05.000Z"),
            "the newer heartbeat wins"
        );
        let events: Vec<&Write<History>> = out
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
        let samples: Vec<(&String, &str)> = out.samples.iter().map(|(id, w)| (id, w.at.as_str())).collect();
        assert_eq!(samples, [(&"A".to_string(), "2026-11-23T02:00:05.000Z")], "the newest heartbeat's sample only");
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
        let Latest::Inventory(stored) = &inv.item else { panic!("an inventory: {inv:?}") };
        assert_eq!(stored.timestamp, "2026-11-23T02:30:00.500Z", "the compared text is the stored one");
    }

    #[tokio::test]
    async fn a_newer_report_wins_and_a_late_one_is_dropped_quietly() {
        let _clock = at_noon();
        let store = Memory::with(&[("A", "LIVE")]);
        let answer = ingest(&store, vec![record("m1", &heartbeat("2026-11-23T11:00:00Z", 37.0))]).await;
        assert!(answer.batch_item_failures.is_empty());
        // SQS does not order: an hour older report comes in a later batch.
        let late = ingest(&store, vec![record("m2", &heartbeat("2026-11-23T10:00:00Z", 45.0))]).await;
        assert!(late.batch_item_failures.is_empty(), "a late report is no failure");
        let health = |store: &Memory| match store.latest.lock().unwrap().get(&(Table::FridgeHealth, "A".to_string())) {
            Some(Latest::Health(h)) => (h.report.temperature, stamp(h.report.timestamp)),
            other => panic!("{other:?}"),
        };
        assert_eq!(health(&store), (Some(37.0), "2026-11-23T11:00:00.000Z".to_string()), "the newer one stays");
        assert_eq!(store.history.lock().unwrap().len(), 1, "only the stored heartbeat's sample");
        assert!(store.parked.lock().unwrap().is_empty(), "not parked either");
        ingest(&store, vec![record("m3", &heartbeat("2026-11-23T11:30:00Z", 38.0))]).await;
        assert_eq!(health(&store).0, Some(38.0), "a still newer one lands");
    }

    #[tokio::test]
    async fn a_heartbeat_that_changes_nothing_shown_is_not_written_until_the_refresh() {
        let _clock = at_noon();
        let store = Memory::with(&[("A", "LIVE")]);
        let writes = |store: &Memory| (store.history.lock().unwrap().len(), health_at(store));
        ingest(&store, vec![record("m1", &heartbeat("2026-11-23T11:00:00Z", 37.0))]).await;
        assert_eq!(writes(&store), (1, "2026-11-23T11:00:00.000Z".into()), "the first is stored, with its sample");
        // The next minutes drift by tenths: nothing is written, and nothing is left for redelivery.
        for (n, minute) in ["01", "02", "09"].iter().enumerate() {
            let at = format!("2026-11-23T11:{minute}:00Z");
            let answer = ingest(&store, vec![record(&format!("r{n}"), &heartbeat(&at, 37.4))]).await;
            assert!(answer.batch_item_failures.is_empty());
        }
        assert_eq!(writes(&store), (1, "2026-11-23T11:00:00.000Z".into()));
        // A new colour band is stored at once; ten minutes after the stored one, a repeat is too.
        ingest(&store, vec![record("m2", &heartbeat("2026-11-23T11:09:30Z", 39.0))]).await;
        assert_eq!(writes(&store), (2, "2026-11-23T11:09:30.000Z".into()));
        ingest(&store, vec![record("m3", &heartbeat("2026-11-23T11:19:30Z", 39.0))]).await;
        assert_eq!(writes(&store), (3, "2026-11-23T11:19:30.000Z".into()));
    }

    fn since_of(store: &Memory, condition: &str) -> Option<String> {
        match store.latest.lock().unwrap().get(&(Table::FridgeHealth, "A".to_string())) {
            Some(Latest::Health(h)) => h.conditions_since.get(condition).cloned(),
            other => panic!("{other:?}"),
        }
    }

    #[tokio::test]
    async fn a_conditions_start_is_its_first_reading_across_batches_and_a_return_starts_again() {
        let _clock = at_noon();
        let store = Memory::with(&[("A", "LIVE")]);
        ingest(&store, vec![record("m1", &heartbeat("2026-11-23T11:00:00Z", 37.0))]).await;
        assert_eq!(since_of(&store, "WARM"), None);
        // Warm in two readings of one batch, then still warm (a bigger move, stored) in the next.
        let warm = vec![
            record("m3", &heartbeat("2026-11-23T11:02:00Z", 46.0)),
            record("m2", &heartbeat("2026-11-23T11:01:00Z", 45.0)),
        ];
        ingest(&store, warm).await;
        ingest(&store, vec![record("m4", &heartbeat("2026-11-23T11:05:00Z", 48.0))]).await;
        assert_eq!(health_at(&store), "2026-11-23T11:05:00.000Z");
        assert_eq!(since_of(&store, "WARM").as_deref(), Some("2026-11-23T11:01:00.000Z"), "its first reading");
        // Cleared, then warm again: a new start.
        ingest(&store, vec![record("m5", &heartbeat("2026-11-23T11:06:00Z", 38.0))]).await;
        assert_eq!(since_of(&store, "WARM"), None);
        ingest(&store, vec![record("m6", &heartbeat("2026-11-23T11:08:00Z", 44.0))]).await;
        assert_eq!(since_of(&store, "WARM").as_deref(), Some("2026-11-23T11:08:00.000Z"));
    }

    #[tokio::test]
    async fn a_health_put_is_decided_again_on_a_record_stored_since_it_was_read() {
        let _clock = at_noon();
        let store = Memory::with(&[("A", "LIVE")]);
        ingest(&store, vec![record("m1", &heartbeat("2026-11-23T11:00:00Z", 45.0))]).await;
        // Another batch's view: it read no record (or could not read it) and holds a newer warm reading.
        let msgs = vec![parsed("m2", &heartbeat("2026-11-23T11:03:00Z", 47.0))];
        let (out, _) = items(&msgs, "now");
        let Latest::Health(newest) = &out.latest[&(Table::FridgeHealth, "A".to_string())].item else { panic!() };
        let landed = put_health(&store, newest, &batch_of(&out.beats, "A"), None).await.unwrap();
        assert_eq!(landed, Landed::Stored);
        assert_eq!(health_at(&store), "2026-11-23T11:03:00.000Z");
        assert_eq!(since_of(&store, "WARM").as_deref(), Some("2026-11-23T11:00:00.000Z"), "the stored start kept");
        // Read as older than a record that is now newer: the newer one wins, quietly.
        let msgs = vec![parsed("m3", &heartbeat("2026-11-23T11:02:00Z", 38.0))];
        let (out, _) = items(&msgs, "now");
        let Latest::Health(late) = &out.latest[&(Table::FridgeHealth, "A".to_string())].item else { panic!() };
        assert_eq!(put_health(&store, late, &batch_of(&out.beats, "A"), None).await.unwrap(), Landed::Older);
        assert_eq!(health_at(&store), "2026-11-23T11:03:00.000Z");
    }

    #[test]
    fn a_redelivered_stored_heartbeat_rewrites_only_its_sample() {
        let msgs = vec![parsed("m1", &heartbeat("2026-11-23T11:00:00Z", 37.0))];
        let (mut out, _) = items(&msgs, "now");
        let Latest::Health(h) = &out.latest[&(Table::FridgeHealth, "A".to_string())].item else { panic!() };
        let stored = HashMap::from([("A".to_string(), (**h).clone())]);
        assert_eq!(out.drop_unchanged(stored), 1, "the health record is stored already");
        assert!(out.latest.is_empty());
        assert_eq!(out.samples.keys().collect::<Vec<_>>(), ["A"], "its sample is written again");
    }

    fn health_at(store: &Memory) -> String {
        match store.latest.lock().unwrap().get(&(Table::FridgeHealth, "A".to_string())) {
            Some(Latest::Health(h)) => stamp(h.report.timestamp),
            other => panic!("{other:?}"),
        }
    }

    #[tokio::test]
    async fn a_command_result_from_another_fridge_is_parked_and_only_its_own_finishes_it() {
        let _clock = at_noon();
        let store = Memory::with(&[("A", "LIVE"), ("B", "LIVE")]);
        let command: CommandRecord =
            serde_json::from_value(json!({ "id": "A#commands", "sk": "t#m", "state": "SENT" })).unwrap();
        store.commands.lock().unwrap().insert(("A#commands".into(), "t#m".into()), command);
        let result = |from: &str| {
            json!({ "type": "commandResult", "locationId": from, "queueId": "A#commands", "sk": "t#m", "state": "DONE",
                    "timestamp": "2026-11-23T11:59:00Z" })
            .to_string()
        };
        let answer = ingest(&store, vec![record("forged", &result("B"))]).await;
        assert!(answer.batch_item_failures.is_empty(), "handled: parked, not retried");
        assert_eq!(store.command_state("A#commands"), [Some("SENT".to_string())], "another fridge cannot finish it");
        assert_eq!(
            store.parked.lock().unwrap().clone(),
            [(
                "forged".to_string(),
                result("B"),
                "commandResult from B for a command of another queue (A#commands)".to_string()
            )]
        );
        ingest(&store, vec![record("own", &result("A"))]).await;
        assert_eq!(store.command_state("A#commands"), [Some("DONE".to_string())], "its own fridge can");
        // A result for a command never recorded is parked too.
        let stray = result("A").replace("t#m", "t#x");
        ingest(&store, vec![record("stray", &stray)]).await;
        assert_eq!(store.parked.lock().unwrap().last().map(|p| p.2.as_str()), Some("no command t#x in A#commands"));
    }

    #[tokio::test]
    async fn the_partial_batch_response_has_the_lambda_shape() {
        let _clock = at_noon();
        let store = Memory::with(&[("A", "LIVE")]);
        let answer =
            ingest(&store, vec![record("m1", "{oops"), record("m2", &heartbeat("2026-11-23T11:00:00Z", 37.0))]).await;
        assert_eq!(serde_json::to_value(&answer).unwrap(), json!({ "batchItemFailures": [] }));
        assert_eq!(store.parked.lock().unwrap().len(), 1, "the malformed one is parked with its reason");
        let mut failed = SqsBatchResponse::default();
        failed.add_failure("m1");
        assert_eq!(
            serde_json::to_value(&failed).unwrap(),
            json!({ "batchItemFailures": [{ "itemIdentifier": "m1" }] })
        );
    }

    /// The rows the fake's chains hold: (slot or item, start, end).
    fn rows(store: &Memory) -> Vec<(String, String, Option<String>)> {
        use fleet_shared::entity::report::derive::Row;
        let reports = store.reports.lock().unwrap();
        reports
            .rows
            .values()
            .map(|r| match r {
                Row::Empty(e) => (e.slot.clone(), e.timestamp.clone(), e.ended_at.clone()),
                Row::Out(o) => (o.item.clone(), o.timestamp.clone(), o.ended_at.clone()),
            })
            .collect()
    }

    fn inv(at: &str, salad: usize, wrap: usize) -> String {
        let units = |n: usize| vec![r#"{"productionDate":"2026-11-20"}"#; n].join(",");
        format!(
            r#"{{"type":"inventory","locationId":"A","timestamp":"{at}","slots":[{{"slot":"1:1","itemName":"Salad","units":[{}]}},{{"slot":"1:2","itemName":"Wrap","units":[{}]}}]}}"#,
            units(salad),
            units(wrap)
        )
    }

    #[tokio::test]
    async fn a_snapshot_that_empties_a_slot_records_it_once_and_a_redelivered_one_nothing() {
        let _clock = at_noon();
        let store = Memory::with(&[("A", "LIVE")]);
        ingest(&store, vec![record("m1", &inv("2026-11-23T10:00:00Z", 2, 1))]).await;
        let emptied = inv("2026-11-23T11:00:00Z", 2, 0);
        ingest(&store, vec![record("m2", &emptied)]).await;
        ingest(&store, vec![record("m2", &emptied)]).await; // redelivered
        let at = "2026-11-23T11:00:00.000Z".to_string();
        assert_eq!(rows(&store), [("1:2".into(), at.clone(), None), ("Wrap".into(), at, None)]);
    }

    #[tokio::test]
    async fn a_snapshot_not_derived_is_redelivered_and_on_its_last_delivery_parked_with_why() {
        let _clock = at_noon();
        let store = Memory::with(&[("A", "LIVE")]);
        store.inventory_down.store(true, std::sync::atomic::Ordering::SeqCst);
        let delivery = |n: u32| {
            let mut r = record("m1", &inv("2026-11-23T10:00:00Z", 2, 1));
            r.attributes.insert("ApproximateReceiveCount".into(), n.to_string());
            r
        };
        let first = ingest(&store, vec![delivery(1)]).await;
        assert_eq!(first.batch_item_failures.len(), 1, "left for redelivery");
        assert!(store.parked.lock().unwrap().is_empty());
        let last = ingest(&store, vec![delivery(fleet_shared::parking::MAX_RECEIVES)]).await;
        assert!(last.batch_item_failures.is_empty(), "parked, not redelivered");
        let parked = store.parked.lock().unwrap();
        assert_eq!(parked.len(), 1);
        assert!(parked[0].2.contains("the reports not derived"), "{:?}", parked[0].2);
    }

    #[tokio::test]
    async fn a_test_locations_health_is_marked_and_its_snapshots_make_no_report_rows() {
        let _clock = at_noon();
        let store = Memory::with(&[("A", "LIVE")]);
        let smoke = json!({ "id": "SMOKE_TEST", "type": "TEST", "status": { "ops": "OFFLINE" } });
        store.locations.lock().unwrap().insert("SMOKE_TEST".into(), serde_json::from_value(smoke).unwrap());
        let of = |body: String, id: &str| body.replace(r#""locationId":"A""#, &format!(r#""locationId":"{id}""#));
        let beat = json!({ "type": "heartbeat", "locationId": "SMOKE_TEST", "timestamp": "2026-11-23T11:00:00Z",
                           "temperature": 37.5 });
        let batch = vec![
            record("h1", &beat.to_string()),
            record("h2", &heartbeat("2026-11-23T11:00:00Z", 37.0)),
            record("i1", &of(inv("2026-11-23T10:00:00Z", 2, 1), "SMOKE_TEST")),
            record("i2", &of(inv("2026-11-23T11:00:00Z", 2, 0), "SMOKE_TEST")),
        ];
        assert!(ingest(&store, batch).await.batch_item_failures.is_empty());
        assert!(store.parked.lock().unwrap().is_empty(), "a test location's reports are no errors");
        let marked = |id: &str| match store.latest.lock().unwrap().get(&(Table::FridgeHealth, id.to_string())) {
            Some(Latest::Health(h)) => (h.test_location, h.report.temperature),
            other => panic!("{other:?}"),
        };
        assert_eq!(marked("SMOKE_TEST"), (true, Some(37.5)), "stored, marked");
        assert_eq!(marked("A"), (false, Some(37.0)), "a fridge's is not");
        assert!(rows(&store).is_empty(), "an emptied slot of a test location is no report row");
        let latest = store.latest.lock().unwrap().get(&(Table::FridgeInventory, "SMOKE_TEST".into())).map(|l| l.at());
        assert_eq!(latest.as_deref(), Some("2026-11-23T11:00:00.000Z"), "its own inventory screen still sees it");
        // A fridge's emptied slot still is one.
        ingest(&store, vec![record("a1", &inv("2026-11-23T10:00:00Z", 2, 1))]).await;
        ingest(&store, vec![record("a2", &inv("2026-11-23T11:00:00Z", 2, 0))]).await;
        assert_eq!(rows(&store).len(), 2);
    }

    #[tokio::test]
    async fn every_snapshot_of_a_batch_counts_and_one_too_old_is_parked() {
        let _clock = at_noon();
        let store = Memory::with(&[("A", "LIVE")]);
        // Emptied then refilled, in one batch, the refill first: both count.
        let batch = vec![
            record("m3", &inv("2026-11-23T11:00:00Z", 2, 2)),
            record("m1", &inv("2026-11-23T09:00:00Z", 2, 1)),
            record("m2", &inv("2026-11-23T10:00:00Z", 2, 0)),
        ];
        assert!(ingest(&store, batch).await.batch_item_failures.is_empty());
        let (at, end) = ("2026-11-23T10:00:00.000Z".to_string(), Some("2026-11-23T11:00:00.000Z".to_string()));
        assert_eq!(rows(&store), [("1:2".into(), at.clone(), end.clone()), ("Wrap".into(), at, end)]);
        let latest = store.latest.lock().unwrap().get(&(Table::FridgeInventory, "A".into())).map(|l| l.at());
        assert_eq!(latest.as_deref(), Some("2026-11-23T11:00:00.000Z"), "the screens see the newest");
        drop(latest);
        ingest(&store, vec![record("old", &inv("2026-11-08T11:00:00Z", 0, 0))]).await;
        let parked = store.parked.lock().unwrap();
        assert!(
            parked.iter().any(|(id, _, reason)| id == "old" && reason.contains("more than 14 days old")),
            "{parked:?}"
        );
    }
}
