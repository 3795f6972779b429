//! What fridges send to the telemetry queue, parsed at the boundary: a body
//! that does not parse into one of these is malformed, with the reason.
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Event types the console stores (§2.3, §7).
pub const EVENT_TYPES: &[&str] = &["CheckpointEvent"];
pub const SEGMENT_EVENT_TYPES: &[&str] = &["sessionStarted", "productListViewed", "purchaseCompleted", "pickupAccepted"];
const MAX_ID_CHARS: usize = 64;
const MAX_SLOTS: usize = 200;
const MAX_UNITS: usize = 100;

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", deny_unknown_fields)]
pub enum Message {
    Heartbeat(Box<Heartbeat>),
    #[serde(rename_all = "camelCase")]
    Event { location_id: String, event_id: String, event_type: String, timestamp: DateTime<Utc> },
    #[serde(rename_all = "camelCase")]
    SegmentEvent { location_id: String, event_id: String, event_type: String, timestamp: DateTime<Utc>, #[serde(default)] payload: Value },
    #[serde(rename_all = "camelCase")]
    Inventory { location_id: String, timestamp: DateTime<Utc>, slots: Vec<InventorySlot> },
    /// The fridge agent's report on a command it took from the command queue.
    #[serde(rename_all = "camelCase")]
    CommandResult { location_id: String, queue_id: String, sk: String, state: CommandState, timestamp: DateTime<Utc> },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum CommandState {
    Done,
    Failed,
}

/// A heartbeat: the §3 fridge health fields (all but the location and time optional).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Heartbeat {
    pub location_id: String,
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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NetworkSpeed {
    pub previous_speed: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayoutCell {
    pub x: i64,
    pub y: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DoorState {
    pub door_state: Option<String>,
    pub lock_state: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LiteFridgeState {
    pub top_shell_latch_state: Option<String>,
    pub bottom_shell_latch_state: Option<String>,
    pub shell_lock_state: Option<String>,
    pub status: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InventorySlot {
    pub slot: String,
    pub item_name: String,
    pub units: Vec<Unit>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Unit {
    pub production_date: chrono::NaiveDate,
    #[serde(default)]
    pub shelf_life_days: Option<u32>,
}

impl Message {
    pub fn location_id(&self) -> &str {
        match self {
            Message::Heartbeat(h) => &h.location_id,
            Message::Event { location_id, .. }
            | Message::SegmentEvent { location_id, .. }
            | Message::Inventory { location_id, .. }
            | Message::CommandResult { location_id, .. } => location_id,
        }
    }
}

fn id_ok(name: &str, id: &str) -> Result<(), String> {
    if id.is_empty() || id.len() > MAX_ID_CHARS || id.contains(|c: char| c.is_control()) {
        return Err(format!("{name} must be 1 to {MAX_ID_CHARS} printable characters"));
    }
    Ok(())
}

/// Parses and checks one message body; the error says what is wrong.
pub fn parse(body: &str) -> Result<Message, String> {
    let message: Message = serde_json::from_str(body).map_err(|e| format!("malformed telemetry: {e}"))?;
    id_ok("locationId", message.location_id())?;
    match &message {
        Message::Event { event_id, event_type, .. } => {
            id_ok("eventId", event_id)?;
            if !EVENT_TYPES.contains(&event_type.as_str()) {
                return Err(format!("unknown eventType {event_type}"));
            }
        }
        Message::SegmentEvent { event_id, event_type, .. } => {
            id_ok("eventId", event_id)?;
            if !SEGMENT_EVENT_TYPES.contains(&event_type.as_str()) {
                return Err(format!("unknown segment eventType {event_type}"));
            }
        }
        Message::Inventory { slots, .. } => {
            if slots.len() > MAX_SLOTS || slots.iter().any(|s| s.units.len() > MAX_UNITS) {
                return Err(format!("an inventory holds at most {MAX_SLOTS} slots of {MAX_UNITS} units"));
            }
            for s in slots {
                id_ok("slot", &s.slot)?;
                id_ok("itemName", &s.item_name)?;
            }
        }
        Message::Heartbeat(h) => {
            if h.temperature.is_some_and(|t| !t.is_finite()) {
                return Err("temperature must be a number".into());
            }
        }
        Message::CommandResult { queue_id, sk, .. } => {
            id_ok("queueId", queue_id)?;
            id_ok("sk", sk)?;
        }
    }
    Ok(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn well_formed_messages_parse_and_bad_ones_say_why() {
        let hb = parse(r#"{"type":"heartbeat","locationId":"CHI_1","timestamp":"2026-11-23T02:00:00Z","temperature":37.5,"outOfOrder":false}"#).unwrap();
        assert_eq!(hb.location_id(), "CHI_1");
        assert!(parse(r#"{"type":"heartbeat","locationId":"CHI_1"}"#).unwrap_err().contains("missing field `timestamp`"));
        assert!(parse(r#"{"type":"heartbeat","locationId":"CHI_1","timestamp":"2026-11-23T02:00:00Z","temperature":"warm"}"#).unwrap_err().contains("invalid type"));
        assert!(parse(r#"{"type":"gossip","locationId":"CHI_1"}"#).unwrap_err().contains("unknown variant"));
        assert!(parse("not json").unwrap_err().starts_with("malformed telemetry"));
        assert_eq!(parse(r#"{"type":"event","locationId":"CHI_1","eventId":"e1","eventType":"Party","timestamp":"2026-11-23T02:00:00Z"}"#).unwrap_err(), "unknown eventType Party");
        assert_eq!(parse(r#"{"type":"event","locationId":"","eventId":"e1","eventType":"CheckpointEvent","timestamp":"2026-11-23T02:00:00Z"}"#).unwrap_err(), "locationId must be 1 to 64 printable characters");
    }
}
