//! The fleet simulator: plays every LIVE demo fridge as the outside world
//! would. Fridges report to the telemetry queue (heartbeats with the
//! temperature drifting around the setpoint, checkpoint and segment events,
//! inventory) and obey the command queue: a toggle flips and is reported at
//! once, a restart makes the fridge drop out for a few seconds. Its only
//! links to the console are the two queues (and the Locations table, to know
//! which fridges exist).
use aws_sdk_sqs::types::SendMessageBatchRequestEntry;
use chrono::{DateTime, Utc};
use fleet_shared::entity::telemetry::FridgeCommand;
use fleet_shared::entity::Location;
use fleet_shared::{Deps, Table};
use futures::{stream, StreamExt};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Duration;

/// Each fridge sends a heartbeat every `HEARTBEAT_TICKS` ticks.
const HEARTBEAT_TICKS: u64 = 12;
/// A fridge resends its inventory every this many ticks (having sold a little).
const INVENTORY_TICKS: u64 = 120;
/// How long a restarted fridge stays silent.
const RESTART_SECONDS: i64 = 6;
/// How long a fridge remembers a command it answered past the command's
/// `notAfter`: the command queue keeps a message a day (its
/// MessageRetentionPeriod), so no copy of it comes later than that.
const REMEMBER_DAYS: i64 = 1;

/// Deterministic per-fridge randomness, so a restart of the simulator plays the same fleet.
struct Rng(u64);

impl Rng {
    fn of(seed: &str) -> Rng {
        Rng(seed.bytes().fold(0xcbf29ce484222325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100000001b3)))
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn one_in(&mut self, n: u64) -> bool {
        self.next().is_multiple_of(n)
    }
    fn frac(&mut self) -> f64 {
        (self.next() % 10_000) as f64 / 10_000.0
    }
}

/// What a fridge does with a command it takes from the queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Carry,
    /// Past its `notAfter`: refused, reported FAILED.
    Expired,
    /// A messageId it already answered (a resend after FIFO's 5-minute
    /// de-duplication window, or a redelivery): ignored.
    Repeat,
}

/// The messageIds a fridge has answered, each until a day past its
/// `notAfter`: after that any copy is expired anyway.
#[derive(Default)]
struct Answered(HashMap<String, DateTime<Utc>>);

impl Answered {
    fn verdict(&mut self, command: &FridgeCommand, now: DateTime<Utc>) -> Verdict {
        self.0.retain(|_, until| *until > now);
        if self.0.contains_key(&command.message_id) {
            return Verdict::Repeat;
        }
        self.0.insert(command.message_id.clone(), command.not_after + chrono::Duration::days(REMEMBER_DAYS));
        if command.expired(now) {
            Verdict::Expired
        } else {
            Verdict::Carry
        }
    }
}

struct Fridge {
    id: String,
    answered: Answered,
    timezone: &'static str,
    shape: (usize, usize),
    rng: Rng,
    setpoint: f64,
    temperature: f64,
    out_of_order: bool,
    out_of_order_ts: Option<DateTime<Utc>>,
    safety_hold: bool,
    safety_hold_ts: Option<DateTime<Utc>>,
    inaccessible: bool,
    hdmi: bool,
    elo: bool,
    card_reader: bool,
    electrical_layout: bool,
    active_ticket: bool,
    jofemar: &'static str,
    network: Option<f64>,
    down_until: Option<DateTime<Utc>>,
    /// Units per slot: (item, shelf life, production dates).
    slots: Vec<(String, Option<u32>, Vec<chrono::NaiveDate>)>,
}

const JOFEMAR_FAULTS: &[&str] = &[
    "STATUS_FF_DOOR_OPEN",
    "STATUS_5_MOTOR_FAULT",
    "STATUS_9_PRODUCT_DETECT_FAULT",
    "STATUS_FF_TIMEOUT",
    "STATUS_7_SENSOR_DRIFT",
];

fn shape(layout: &str) -> (usize, usize) {
    let dims = layout
        .rsplit('_')
        .next()
        .and_then(|d| d.split_once('x'))
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)));
    dims.unwrap_or((5, 4))
}

impl Fridge {
    fn new(location: &Location) -> Fridge {
        let id = location.id.to_string();
        let mut rng = Rng::of(&id);
        let setpoint = 35.0 + (rng.next() % 4) as f64;
        let mut f = Fridge {
            timezone: location.zone().iana(),
            shape: shape(location.layout().unwrap_or_default()),
            setpoint,
            temperature: setpoint,
            out_of_order: rng.one_in(25),
            out_of_order_ts: None,
            safety_hold: rng.one_in(30),
            safety_hold_ts: None,
            inaccessible: rng.one_in(40),
            hdmi: !rng.one_in(20),
            elo: !rng.one_in(22),
            card_reader: !rng.one_in(18),
            electrical_layout: !rng.one_in(50),
            active_ticket: rng.one_in(12),
            jofemar: "STATUS_0_READY",
            network: None,
            down_until: None,
            slots: Vec::new(),
            answered: Answered::default(),
            id,
            rng,
        };
        if f.rng.one_in(15) {
            f.jofemar = JOFEMAR_FAULTS[(f.rng.next() % JOFEMAR_FAULTS.len() as u64) as usize];
        }
        f.network = (!f.rng.one_in(30)).then(|| 0.1 + f.rng.frac() * 0.8);
        let now = fleet_shared::fridge_time::now();
        f.out_of_order_ts = Some(now - chrono::Duration::hours((f.rng.next() % 72) as i64));
        f.safety_hold_ts = Some(now - chrono::Duration::hours((f.rng.next() % 72) as i64));
        f.stock(now);
        f
    }

    /// Fills every slot with 0-4 units made in the last three days.
    fn stock(&mut self, now: DateTime<Utc>) {
        let items = crate::demo::fleet::ITEMS;
        let today = now.date_naive();
        self.slots = (0..self.shape.0 * self.shape.1)
            .map(|i| {
                let (name, shelf, _) = items[(i + self.id.len()) % items.len()];
                let shelf = (name != "KETTLE_CHIPS").then_some(shelf); // an item without a known shelf life
                let units = (0..self.rng.next() % 5)
                    .map(|_| today - chrono::Duration::days((self.rng.next() % 3) as i64))
                    .collect();
                (name.to_string(), shelf, units)
            })
            .collect();
    }

    fn drift(&mut self) {
        let pull = (self.setpoint - self.temperature) * 0.3;
        self.temperature = ((self.temperature + pull + (self.rng.frac() - 0.5) * 0.8) * 10.0).round() / 10.0;
    }

    fn heartbeat(&self, now: DateTime<Utc>) -> Value {
        let (rows, cols) = self.shape;
        let layout: Vec<Value> = (0..rows).flat_map(|y| (0..cols).map(move |x| json!({ "x": x, "y": y }))).collect();
        json!({
            "type": "heartbeat", "locationId": self.id, "timestamp": now,
            "jofemarState": self.jofemar, "safetyHold": self.safety_hold, "safetyHoldTs": self.safety_hold_ts,
            "inaccessible": self.inaccessible, "outOfOrder": self.out_of_order, "outOfOrderTs": self.out_of_order_ts,
            "hdmi": self.hdmi, "elo": self.elo, "cardReader": self.card_reader, "electricalLayout": self.electrical_layout,
            "timezone": self.timezone, "activeTicket": self.active_ticket, "temperature": self.temperature,
            "temperatureSetpoint": self.setpoint, "networkSpeed": { "previousSpeed": self.network }, "serverVersion": "4.12.3",
            "allReasons": self.reasons(), "connectedLayout": layout,
            "recycleDoorState": { "doorState": "CLOSED", "lockState": "LOCKED" },
            "sundryDoorState": { "doorState": "CLOSED", "lockState": "LOCKED" },
            "liteFridgeState": { "topShellLatchState": "LATCHED", "bottomShellLatchState": "LATCHED", "shellLockState": "LOCKED", "status": "OK" },
        })
    }

    fn reasons(&self) -> Vec<&'static str> {
        let mut r = Vec::new();
        if self.out_of_order {
            r.push("OUT_OF_ORDER");
        }
        if self.safety_hold {
            r.push("SAFETY_HOLD");
        }
        if !self.hdmi {
            r.push("HDMI_DISCONNECTED");
        }
        if self.jofemar != "STATUS_0_READY" {
            r.push("VENDING_UNIT_FAULT");
        }
        r
    }

    fn inventory(&self, now: DateTime<Utc>) -> Value {
        let cols = self.shape.1;
        let slots: Vec<Value> = self
            .slots
            .iter()
            .enumerate()
            .map(|(i, (item, shelf, units))| {
                let units: Vec<Value> =
                    units.iter().map(|d| json!({ "productionDate": d.to_string(), "shelfLifeDays": shelf })).collect();
                json!({ "slot": format!("{}:{}", i / cols + 1, i % cols + 1), "itemName": item, "units": units })
            })
            .collect();
        json!({ "type": "inventory", "locationId": self.id, "timestamp": now, "slots": slots })
    }

    fn event(&mut self, now: DateTime<Utc>) -> Value {
        json!({ "type": "event", "locationId": self.id, "eventId": uuid::Uuid::new_v4().to_string(), "eventType": "CheckpointEvent", "timestamp": now })
    }

    /// A shopping session: started, products viewed, and sometimes a purchase and its pickup.
    fn session(&mut self, now: DateTime<Utc>) -> Vec<Value> {
        let session = uuid::Uuid::new_v4().to_string();
        let item = self
            .slots
            .get((self.rng.next() % self.slots.len().max(1) as u64) as usize)
            .map(|s| s.0.clone())
            .unwrap_or_default();
        let bought = self.rng.one_in(2);
        let steps: &[&str] = if bought {
            &["sessionStarted", "productListViewed", "purchaseCompleted", "pickupAccepted"]
        } else {
            &["sessionStarted", "productListViewed"]
        };
        steps
            .iter()
            .enumerate()
            .map(|(i, step)| {
                json!({ "type": "segmentEvent", "locationId": self.id, "eventId": format!("{session}-{i}"), "eventType": step,
                        "timestamp": now + chrono::Duration::seconds(i as i64 * 20), "payload": { "sessionId": session, "item": item } })
            })
            .collect()
    }
}

struct Queues {
    sqs: aws_sdk_sqs::Client,
    telemetry: String,
    commands: String,
}

impl Queues {
    async fn send(&self, messages: Vec<Value>) {
        let chunks: Vec<Vec<Value>> =
            messages.chunks(fleet_shared::limits::SQS_BATCH_MAX).map(<[Value]>::to_vec).collect();
        stream::iter(chunks)
            .for_each_concurrent(8, |chunk| async move {
                let entries: Vec<SendMessageBatchRequestEntry> = chunk
                    .iter()
                    .enumerate()
                    .filter_map(|(i, m)| {
                        SendMessageBatchRequestEntry::builder()
                            .id(i.to_string())
                            .message_body(m.to_string())
                            .build()
                            .ok()
                    })
                    .collect();
                if let Err(e) =
                    self.sqs.send_message_batch().queue_url(&self.telemetry).set_entries(Some(entries)).send().await
                {
                    tracing::warn!(error = %e, "simulator: telemetry not sent");
                }
            })
            .await;
    }
}

async fn live_fridges(deps: &Deps) -> Vec<Fridge> {
    let Ok(table) = deps.table(Table::Locations) else { return vec![] };
    let items = match fleet_shared::store::pages(None, None, |start, _| table.scan_page(start, None, &[])).await {
        Ok((items, _)) => items,
        Err(e) => {
            tracing::error!(error = %e, "simulator: cannot read the locations");
            vec![]
        }
    };
    // One document that does not read as a location (a test's hand-made item)
    // is skipped, not a reason to play no fridge at all.
    let locations = items.into_iter().filter_map(|item| {
        let id = item.get("id").and_then(|v| v.as_s().ok()).cloned().unwrap_or_default();
        match fleet_shared::store::from_item::<Location>(item) {
            Ok(l) => Some(l),
            Err(_) => {
                tracing::warn!(id, "simulator: skipping a document that does not read as a location");
                None
            }
        }
    });
    let mut fridges: Vec<Fridge> =
        locations.filter(|l| l.ops_status() == Some("LIVE")).map(|l| Fridge::new(&l)).collect();
    fridges.sort_by(|a, b| a.id.cmp(&b.id));
    fridges
}

/// Applies one command; answers the messages the fridge sends about it: an
/// expired command is refused (FAILED), one already answered is ignored.
fn obey(f: &mut Fridge, command: &FridgeCommand, now: DateTime<Utc>) -> Vec<Value> {
    let id = f.id.clone();
    let result = |state: &str| json!({ "type": "commandResult", "locationId": id, "queueId": command.queue_id, "sk": command.sk, "state": state, "timestamp": now });
    match f.answered.verdict(command, now) {
        Verdict::Repeat => return vec![],
        Verdict::Expired => return vec![result("FAILED")],
        Verdict::Carry => {}
    }
    let result = result("DONE");
    let payload = &command.payload;
    let on = payload.operation.as_deref() == Some("ENABLE");
    match payload.resource.as_str() {
        "OutOfOrder" => {
            f.out_of_order = on;
            f.out_of_order_ts = Some(now);
        }
        "SafetyHold" => {
            f.safety_hold = on;
            f.safety_hold_ts = Some(now);
        }
        "ServiceRestart" | "VendingUnitReset" => {
            f.down_until = Some(now + chrono::Duration::seconds(RESTART_SECONDS));
            f.jofemar = "STATUS_0_READY";
        }
        _ => {}
    }
    if f.down_until.is_some_and(|t| t > now) {
        vec![result] // it acknowledges, then drops out; its heartbeats resume after the restart
    } else {
        vec![f.heartbeat(now), result]
    }
}

/// The fault a fridge on today's unstarted route reports (issue 42).
const MOTOR_FAULT: &str = "STATUS_5_MOTOR_FAULT";

/// The fridge of today's demo plan that no driver reaches today (`plan::waiting_fridge`): its motor
/// fault is the Needs-attention panel's "Fridge needs the driver" on a demo day. Worked out from the
/// demo routes, as the driver simulator plays them, without reading the console.
fn waiting_fridge(now: DateTime<Utc>) -> Option<String> {
    let today = fn_stocking::window::stocking_day(now);
    let (stops, _) = crate::demo::routes::stops_and_orders(&crate::demo::locations::demo_locations(), today);
    let stops: Vec<_> = stops.into_iter().map(|s| s.stop).collect();
    let plan = crate::driver_simulator::plan::day(today, &stops, crate::driver_simulator::DRIVERS.len(), true);
    crate::driver_simulator::plan::waiting_fridge(&plan, &stops).map(str::to_string)
}

/// Runs until the process stops: a tick every `tick`, commands as they come.
pub async fn run(deps: &'static Deps, tick: Duration) {
    let sqs = aws_sdk_sqs::Client::new(&fleet_shared::sdk::loader().load().await);
    let url = |logical: &str| std::env::var(format!("QUEUE_URL_{logical}")).unwrap_or_default();
    let queues = Queues { sqs, telemetry: url("TelemetryQueue"), commands: url("FridgeCommandsQueue") };
    let mut fridges = live_fridges(deps).await;
    tracing::info!(fridges = fridges.len(), "simulator: playing the LIVE demo fridges");
    let now = fleet_shared::fridge_time::now();
    let waiting = waiting_fridge(now);
    if let Some(f) = fridges.iter_mut().find(|f| Some(&f.id) == waiting.as_ref()) {
        f.jofemar = MOTOR_FAULT;
        tracing::info!(fridge = %f.id, "simulator: a fridge on today's unstarted route reports a motor fault");
    }
    let mut first = Vec::new();
    for f in fridges.iter_mut() {
        first.push(f.heartbeat(now));
        first.push(f.inventory(now));
        first.push(f.event(now - chrono::Duration::minutes(5)));
        first.extend(f.session(now - chrono::Duration::minutes(30)));
    }
    queues.send(first).await;
    let mut index: HashMap<String, usize> = fridges.iter().enumerate().map(|(i, f)| (f.id.clone(), i)).collect();
    let mut n: u64 = 0;
    let mut next_tick = tokio::time::Instant::now() + tick;
    loop {
        // Commands first: a console user waits for them.
        let received = queues
            .sqs
            .receive_message()
            .queue_url(&queues.commands)
            .max_number_of_messages(fleet_shared::limits::SQS_BATCH_MAX as i32)
            .wait_time_seconds(1)
            .send()
            .await;
        let now = fleet_shared::fridge_time::now();
        let mut out = Vec::new();
        if let Ok(r) = received {
            for m in r.messages.unwrap_or_default() {
                let command: Option<FridgeCommand> = m.body().and_then(|b| serde_json::from_str(b).ok());
                if let Some((command, &i)) =
                    command.as_ref().and_then(|c| Some((c, index.get(c.location_id.as_str())?)))
                {
                    out.extend(obey(&mut fridges[i], command, now));
                }
                if let Some(h) = m.receipt_handle() {
                    let _ = queues.sqs.delete_message().queue_url(&queues.commands).receipt_handle(h).send().await;
                }
            }
        }
        if tokio::time::Instant::now() >= next_tick {
            next_tick += tick;
            n += 1;
            for (i, f) in fridges.iter_mut().enumerate() {
                if f.down_until.is_some_and(|t| t > now) {
                    continue;
                }
                let back_up = f.down_until.take().is_some();
                if back_up || (i as u64 + n).is_multiple_of(HEARTBEAT_TICKS) {
                    f.drift();
                    out.push(f.heartbeat(now));
                }
                if (i as u64 + n).is_multiple_of(INVENTORY_TICKS) {
                    if let Some(slot) = f.slots.iter_mut().find(|s| !s.2.is_empty()) {
                        slot.2.pop(); // sold one
                    }
                    out.push(f.inventory(now));
                }
                if f.rng.one_in(60) {
                    out.push(f.event(now));
                }
                if f.rng.one_in(40) {
                    out.extend(f.session(now));
                }
            }
            if n.is_multiple_of(60) {
                // New fridges go live now and then: play them too.
                let new: Vec<Fridge> =
                    live_fridges(deps).await.into_iter().filter(|f| !index.contains_key(&f.id)).collect();
                for f in new {
                    index.insert(f.id.clone(), fridges.len());
                    fridges.push(f);
                }
            }
        }
        if !out.is_empty() {
            queues.send(out).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(id: &str, resource: &str, not_after: &str) -> FridgeCommand {
        serde_json::from_value(json!({ "messageId": id, "queueId": "A#commands", "sk": format!("t#{id}"), "locationId": "A",
            "messageType": "Resource", "payload": { "operation": "ENABLE", "resource": resource }, "notAfter": not_after }))
        .unwrap()
    }

    fn at(t: &str) -> DateTime<Utc> {
        t.parse().unwrap()
    }

    fn fridge() -> Fridge {
        Fridge::new(&serde_json::from_value(json!({ "id": "A", "status": { "ops": "LIVE" } })).unwrap())
    }

    #[test]
    fn a_command_is_carried_out_once_and_refused_when_expired() {
        let mut answered = Answered::default();
        let now = at("2026-11-23T12:03:00Z");
        let fresh = command("m1", "OutOfOrder", "2026-11-23T12:05:00Z");
        assert_eq!(answered.verdict(&fresh, now), Verdict::Carry);
        assert_eq!(answered.verdict(&fresh, at("2026-11-23T12:04:00Z")), Verdict::Repeat, "a second copy");
        assert_eq!(answered.verdict(&fresh, at("2026-11-23T13:00:00Z")), Verdict::Repeat, "after FIFO's 5 minutes too");
        let late = command("m2", "OutOfOrder", "2026-11-23T12:02:59Z");
        assert_eq!(answered.verdict(&late, now), Verdict::Expired);
        assert_eq!(answered.verdict(&late, now), Verdict::Repeat, "refused once");
        answered.verdict(&command("m3", "OutOfOrder", "2026-11-25T00:00:00Z"), at("2026-11-24T13:00:00Z"));
        assert!(!answered.0.contains_key("m1"), "forgotten a day past its notAfter");
    }

    #[test]
    fn the_simulated_fridge_refuses_an_expired_command_and_ignores_a_repeat() {
        let mut f = fridge();
        f.out_of_order = false;
        let now = at("2026-11-23T12:03:00Z");
        let expired = obey(&mut f, &command("m1", "OutOfOrder", "2026-11-23T12:00:00Z"), now);
        assert_eq!((expired.len(), expired[0]["state"].as_str()), (1, Some("FAILED")), "reported FAILED: {expired:?}");
        assert!(!f.out_of_order, "not carried out");
        let done = obey(&mut f, &command("m2", "OutOfOrder", "2026-11-23T12:05:00Z"), now);
        assert_eq!(done.last().unwrap()["state"], "DONE");
        assert!(f.out_of_order);
        f.out_of_order = false;
        assert!(obey(&mut f, &command("m2", "OutOfOrder", "2026-11-23T12:05:00Z"), now).is_empty(), "a repeat");
        assert!(!f.out_of_order, "carried out once");
    }
}
