//! What fridges send to the telemetry queue, what the console sends them on
//! the command queue, and the telemetry rows the ingest keeps (temperature
//! samples, events, the last inventory snapshot). The serde shapes are the
//! wire and stored shapes.
//!
//! A message's own times stay `DateTime<Utc>` read by chrono's serde: it
//! reads any signed year, so a time far outside the ingest's window is
//! refused by the window with its reason rather than as malformed text.
//! Times read back from the store are `FridgeTime`.
use super::ids::{FridgeTime, LocationId};
use crate::fridge_time::stamp;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;

/// One telemetry queue message, by its `type`.
#[derive(Debug, Clone, PartialEq, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "camelCase", deny_unknown_fields)]
pub enum Message {
    Heartbeat(Box<Heartbeat>),
    #[serde(rename_all = "camelCase")]
    Event {
        location_id: LocationId,
        event_id: String,
        event_type: String,
        timestamp: DateTime<Utc>,
    },
    #[serde(rename_all = "camelCase")]
    SegmentEvent {
        location_id: LocationId,
        event_id: String,
        event_type: String,
        timestamp: DateTime<Utc>,
        #[serde(default)]
        payload: Value,
    },
    #[serde(rename_all = "camelCase")]
    Inventory {
        location_id: LocationId,
        timestamp: DateTime<Utc>,
        slots: Vec<InventorySlot>,
    },
    /// The fridge agent's report on a command it took from the command queue.
    #[serde(rename_all = "camelCase")]
    CommandResult {
        location_id: LocationId,
        queue_id: String,
        sk: String,
        state: CommandState,
        timestamp: DateTime<Utc>,
    },
}

impl Message {
    pub fn location_id(&self) -> &str {
        match self {
            Message::Heartbeat(h) => h.location_id.as_str(),
            Message::Event { location_id, .. }
            | Message::SegmentEvent { location_id, .. }
            | Message::Inventory { location_id, .. }
            | Message::CommandResult { location_id, .. } => location_id.as_str(),
        }
    }

    /// When the fridge says it happened.
    pub fn timestamp(&self) -> DateTime<Utc> {
        match self {
            Message::Heartbeat(h) => h.timestamp,
            Message::Event { timestamp, .. }
            | Message::SegmentEvent { timestamp, .. }
            | Message::Inventory { timestamp, .. }
            | Message::CommandResult { timestamp, .. } => *timestamp,
        }
    }
}

/// How a fridge says a command ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum CommandState {
    Done,
    Failed,
}

impl CommandState {
    pub fn as_str(self) -> &'static str {
        match self {
            CommandState::Done => "DONE",
            CommandState::Failed => "FAILED",
        }
    }
}

/// Its time as records store it (`stamp`): the stored text sorts as time
/// does, which the newest-wins condition relies on.
fn stamped<S: Serializer>(t: &DateTime<Utc>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&stamp(*t))
}

/// A heartbeat: the §3 fridge health fields (all but the location and time
/// optional). Stored, it is the fridge's health record (`health::FridgeHealth`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Heartbeat {
    pub location_id: LocationId,
    #[serde(serialize_with = "stamped")]
    pub timestamp: DateTime<Utc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jofemar_state: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safety_hold: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safety_hold_ts: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inaccessible: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub out_of_order: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub out_of_order_ts: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hdmi: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elo: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_reader: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub electrical_layout: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_ticket: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature_setpoint: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network_speed: Option<NetworkSpeed>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all_reasons: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connected_layout: Option<Vec<LayoutCell>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recycle_door_state: Option<DoorState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sundry_door_state: Option<DoorState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lite_fridge_state: Option<LiteFridgeState>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkSpeed {
    pub previous_speed: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LayoutCell {
    pub x: i64,
    pub y: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DoorState {
    pub door_state: Option<String>,
    pub lock_state: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LiteFridgeState {
    pub top_shell_latch_state: Option<String>,
    pub bottom_shell_latch_state: Option<String>,
    pub shell_lock_state: Option<String>,
    pub status: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InventorySlot {
    pub slot: String,
    pub item_name: String,
    pub units: Vec<Unit>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Unit {
    pub production_date: NaiveDate,
    #[serde(default)]
    pub shelf_life_days: Option<u32>,
}

/// A fridge's last inventory snapshot (one per fridge, newest wins).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct InventorySnapshot {
    pub location_id: LocationId,
    /// When the fridge reported it, as `stamp` text (what newest-wins compares).
    pub timestamp: String,
    pub slots: Vec<InventorySlot>,
    /// When the ingest stored it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub received_at: Option<String>,
}

/// One temperature sample, under `temp#{time}` in the fridge's telemetry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemperatureSample {
    pub location_id: LocationId,
    pub sk: String,
    pub temperature: f64,
    pub timestamp: FridgeTime,
    /// TTL, epoch seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<i64>,
}

/// The sort-key prefix of a fridge's temperature samples.
pub const SAMPLE_PREFIX: &str = "temp#";

impl TemperatureSample {
    /// The sample of `location` at `at` (None when `at` is past what a
    /// stored time can be: a year beyond 9999).
    pub fn new(location: LocationId, at: DateTime<Utc>, temperature: f64, expires_at: Option<i64>) -> Option<Self> {
        let timestamp = FridgeTime::parse(&stamp(at))?;
        let sk = format!("{SAMPLE_PREFIX}{}", timestamp.text());
        Some(TemperatureSample { location_id: location, sk, temperature, timestamp, expires_at })
    }
}

/// A fridge event or segment event, under `{kind}#{time}#{eventId}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TelemetryEvent {
    pub location_id: LocationId,
    pub sk: String,
    pub event_type: String,
    /// `stamp` text of the fridge's time.
    pub timestamp: String,
    pub event_id: String,
    /// The segment event's payload as JSON text (`null` for an event).
    #[serde(default)]
    pub payload: Option<String>,
    /// TTL, epoch seconds.
    pub expires_at: i64,
}

/// How long a command stays good after it is sent (2-fleet §9: "Commands are
/// processed within 5 minutes"): it carries `notAfter`, and a fridge that
/// takes it later refuses it (reports FAILED). Also SQS FIFO's de-duplication
/// window, which is why a fridge remembers the commands it has carried out.
pub const COMMAND_LIFETIME_SECONDS: i64 = 300;

/// A command as the fridge receives it on the command queue (FIFO: grouped by
/// its fridge, de-duplicated by its `messageId`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FridgeCommand {
    pub message_id: String,
    /// `location#commands`: the fridge's command result names it back.
    pub queue_id: String,
    pub sk: String,
    pub location_id: LocationId,
    pub message_type: String,
    pub payload: CommandPayload,
    /// The fridge refuses the command after this time (`COMMAND_LIFETIME_SECONDS`
    /// after it was first sent; a resend of the same message keeps it).
    #[serde(serialize_with = "stamped")]
    pub not_after: DateTime<Utc>,
}

impl FridgeCommand {
    /// Past its `notAfter` at `now`: to be refused, never carried out.
    pub fn expired(&self, now: DateTime<Utc>) -> bool {
        now > self.not_after
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CommandPayload {
    /// ENABLE or DISABLE of a toggle, the service of a restart; null for a reset.
    pub operation: Option<String>,
    pub resource: String,
    /// ConfirmCount: the units the driver counted (absent for every other command).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_heartbeat_stores_its_time_as_sortable_text_and_refuses_unknown_fields() {
        let h: Heartbeat = serde_json::from_value(json!({ "locationId": "A", "timestamp": "2026-11-23T03:00:00+01:00",
            "safetyHoldTs": "2026-11-23T01:00:00.5Z", "temperature": 37 }))
        .unwrap();
        assert_eq!(
            serde_json::to_value(&h).unwrap(),
            json!({ "locationId": "A", "timestamp": "2026-11-23T02:00:00.000Z", "safetyHoldTs": "2026-11-23T01:00:00.500Z",
                    "temperature": 37.0 })
        );
        let unknown = serde_json::from_value::<Heartbeat>(
            json!({ "locationId": "A", "timestamp": "2026-11-23T02:00:00Z", "x": 1 }),
        );
        assert!(unknown.unwrap_err().to_string().starts_with("unknown field `x`"));
    }

    #[test]
    fn stored_rows_keep_their_shapes() {
        let at = "2026-11-23T02:00:00Z".parse().unwrap();
        let sample = TemperatureSample::new(LocationId::stored("A"), at, 41.5, Some(7)).unwrap();
        assert_eq!(
            serde_json::to_value(&sample).unwrap(),
            json!({ "locationId": "A", "sk": "temp#2026-11-23T02:00:00.000Z", "temperature": 41.5,
                    "timestamp": "2026-11-23T02:00:00.000Z", "expiresAt": 7 })
        );
        assert_eq!(TemperatureSample::new(LocationId::stored("A"), DateTime::<Utc>::MAX_UTC, 1.0, None), None);
        let command = json!({ "messageId": "m", "queueId": "A#commands", "sk": "t#m", "locationId": "A", "messageType": "Resource",
                              "payload": { "operation": null, "resource": "VendingUnitReset" },
                              "notAfter": "2026-11-23T02:05:00.000Z" });
        let typed: FridgeCommand = serde_json::from_value(command.clone()).unwrap();
        assert_eq!(serde_json::to_value(&typed).unwrap(), command, "a reset's operation stays an explicit null");
        let count = json!({ "operation": "ConfirmCount", "resource": "DriverTask", "count": 12 });
        let payload: CommandPayload = serde_json::from_value(count.clone()).unwrap();
        assert_eq!((payload.count, serde_json::to_value(&payload).unwrap()), (Some(12), count), "a count is carried");
        let mut no_expiry = command.clone();
        no_expiry.as_object_mut().unwrap().remove("notAfter");
        assert!(serde_json::from_value::<FridgeCommand>(no_expiry).is_err(), "every command carries notAfter");
    }

    #[test]
    fn a_command_expires_after_its_not_after() {
        let command: FridgeCommand = serde_json::from_value(json!({ "messageId": "m", "queueId": "A#commands", "sk": "t#m",
            "locationId": "A", "messageType": "Resource", "payload": { "operation": null, "resource": "VendingUnitReset" },
            "notAfter": "2026-11-23T02:05:00Z" }))
        .unwrap();
        let at = |t: &str| t.parse::<DateTime<Utc>>().unwrap();
        assert!(!command.expired(at("2026-11-23T02:05:00Z")), "good up to its notAfter");
        assert!(command.expired(at("2026-11-23T02:05:00.001Z")));
    }
}
