//! What fridges send to the telemetry queue (the types of
//! `fleet_shared::entity::telemetry`), parsed at the boundary: a body that
//! does not parse into one of these is malformed, with the reason.
//! Beyond its shape, a message is refused (never panics later) when its time
//! is outside the ingest's window, a number is outside what a fridge can
//! report, or a command result names another fridge's command.
use chrono::{DateTime, Duration, NaiveDate, Utc};
pub use fleet_shared::entity::telemetry::{
    CommandState, DoorState, Heartbeat, InventorySlot, LayoutCell, LiteFridgeState, Message, NetworkSpeed, Unit,
};

/// Event types the console stores (§2.3, §7).
pub const EVENT_TYPES: &[&str] = &["CheckpointEvent"];
pub const SEGMENT_EVENT_TYPES: &[&str] =
    &["sessionStarted", "productListViewed", "purchaseCompleted", "pickupAccepted"];
const MAX_ID_CHARS: usize = 64;
const MAX_SLOTS: usize = 200;
const MAX_UNITS: usize = 100;
/// A report may be dated at most this far ahead of the ingest's clock (fridge
/// clocks drift by seconds, not a day); later ones are refused.
pub const MAX_FUTURE_HOURS: i64 = 24;
/// A report older than telemetry is kept (`store::KEEP_DAYS`) is refused:
/// it would expire on arrival, and it can never be a fridge's latest state.
pub const MAX_AGE_DAYS: i64 = crate::store::KEEP_DAYS;
/// The longest shelf life a unit can have (the demo's longest is 180 days).
pub const MAX_SHELF_LIFE_DAYS: u32 = 3650;
/// What a fridge's sensors can report (°F); DynamoDB numbers also stop near 1e125.
const TEMPERATURE_RANGE: std::ops::RangeInclusive<f64> = -100.0..=300.0;
const MAX_NETWORK_SPEED: f64 = 1e9;

/// The report's time is within [now − MAX_AGE_DAYS, now + MAX_FUTURE_HOURS].
fn time_ok(name: &str, t: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), String> {
    // Checked: `now` is near the middle of chrono's range, so these never fail in practice.
    let latest = now.checked_add_signed(Duration::hours(MAX_FUTURE_HOURS)).unwrap_or(DateTime::<Utc>::MAX_UTC);
    let earliest = now.checked_sub_signed(Duration::days(MAX_AGE_DAYS)).unwrap_or(DateTime::<Utc>::MIN_UTC);
    if t > latest {
        return Err(format!(
            "{name} {} is more than {MAX_FUTURE_HOURS} hours ahead of the ingest's clock",
            t.to_rfc3339()
        ));
    }
    if t < earliest {
        return Err(format!("{name} {} is older than the {MAX_AGE_DAYS} days telemetry is kept", t.to_rfc3339()));
    }
    Ok(())
}

/// A time the fridge reports about a state (a hold switched on): any past, no future.
fn past_ok(name: &str, t: Option<DateTime<Utc>>, now: DateTime<Utc>) -> Result<(), String> {
    let latest = now.checked_add_signed(Duration::hours(MAX_FUTURE_HOURS)).unwrap_or(DateTime::<Utc>::MAX_UTC);
    match t {
        Some(t) if t > latest => {
            Err(format!("{name} {} is more than {MAX_FUTURE_HOURS} hours ahead of the ingest's clock", t.to_rfc3339()))
        }
        _ => Ok(()),
    }
}

fn number_ok(name: &str, v: Option<f64>, range: std::ops::RangeInclusive<f64>) -> Result<(), String> {
    match v {
        Some(v) if !range.contains(&v) => {
            Err(format!("{name} must be a number from {} to {}", range.start(), range.end()))
        }
        _ => Ok(()),
    }
}

/// A unit's shelf life and production date: a production date within the
/// longest shelf life before the report and at most a day after it (the
/// fridge's date may be a day ahead of UTC's).
fn unit_ok(unit: &Unit, reported: NaiveDate) -> Result<(), String> {
    if unit.shelf_life_days.is_some_and(|d| d > MAX_SHELF_LIFE_DAYS) {
        return Err(format!("shelfLifeDays must be at most {MAX_SHELF_LIFE_DAYS}"));
    }
    let earliest =
        reported.checked_sub_days(chrono::Days::new(u64::from(MAX_SHELF_LIFE_DAYS))).unwrap_or(NaiveDate::MIN);
    let latest = reported.checked_add_days(chrono::Days::new(1)).unwrap_or(NaiveDate::MAX);
    if !(earliest..=latest).contains(&unit.production_date) {
        return Err(format!(
            "productionDate {} must be within {MAX_SHELF_LIFE_DAYS} days before the report and a day after it",
            unit.production_date
        ));
    }
    Ok(())
}

/// A command result names its command's queue (`location#commands`): it is
/// only taken from that fridge, so one fridge cannot finish another's command.
fn own_command(location_id: &str, queue_id: &str) -> Result<(), String> {
    let own = queue_id
        .rsplit_once('#')
        .is_some_and(|(loc, queue)| loc == location_id && queue == crate::rules::COMMAND_QUEUE);
    if !own {
        return Err(format!("commandResult from {location_id} for a command of another queue ({queue_id})"));
    }
    Ok(())
}

fn id_ok(name: &str, id: &str) -> Result<(), String> {
    if id.is_empty() || id.len() > MAX_ID_CHARS || id.contains(|c: char| c.is_control()) {
        return Err(id_refused(name));
    }
    Ok(())
}

fn id_refused(name: &str) -> String {
    format!("{name} must be 1 to {MAX_ID_CHARS} printable characters")
}

/// Parses and checks one message body against the ingest's clock (the
/// window of accepted times moves with it); the error says what is wrong.
pub fn parse(body: &str) -> Result<Message, String> {
    let now = fleet_shared::fridge_time::now();
    let message: Message = serde_json::from_str(body).map_err(|e| {
        // Only a `LocationId` refuses with the field placeholder: the ingest words its ids its own way.
        let text = e.to_string();
        if text.contains(fleet_shared::contract::FIELD) {
            id_refused("locationId")
        } else {
            format!("malformed telemetry: {text}")
        }
    })?;
    id_ok("locationId", message.location_id())?;
    time_ok("timestamp", message.timestamp(), now)?;
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
        Message::Inventory { slots, timestamp, .. } => {
            if slots.len() > MAX_SLOTS || slots.iter().any(|s| s.units.len() > MAX_UNITS) {
                return Err(format!("an inventory holds at most {MAX_SLOTS} slots of {MAX_UNITS} units"));
            }
            for s in slots {
                id_ok("slot", &s.slot)?;
                id_ok("itemName", &s.item_name)?;
                for u in &s.units {
                    unit_ok(u, timestamp.date_naive())?;
                }
            }
        }
        Message::Heartbeat(h) => {
            number_ok("temperature", h.temperature, TEMPERATURE_RANGE)?;
            number_ok("temperatureSetpoint", h.temperature_setpoint, TEMPERATURE_RANGE)?;
            number_ok(
                "networkSpeed.previousSpeed",
                h.network_speed.as_ref().and_then(|n| n.previous_speed),
                0.0..=MAX_NETWORK_SPEED,
            )?;
            past_ok("safetyHoldTs", h.safety_hold_ts, now)?;
            past_ok("outOfOrderTs", h.out_of_order_ts, now)?;
        }
        Message::CommandResult { location_id, queue_id, sk, .. } => {
            // Its queue is the location's (already checked) and `#commands`.
            own_command(location_id.as_str(), queue_id)?;
            id_ok("sk", sk)?;
        }
    }
    Ok(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses as the ingest would at 2026-11-23T12:00:00Z.
    fn parse(body: &str) -> Result<Message, String> {
        let _clock = fleet_shared::fridge_time::ClockAt::new("2026-11-23T12:00:00Z".parse().unwrap());
        super::parse(body)
    }

    #[test]
    fn well_formed_messages_parse_and_bad_ones_say_why() {
        let hb = parse(r#"{"type":"heartbeat","locationId":"CHI_1","timestamp":"2026-11-23T02:00:00Z","temperature":37.5,"outOfOrder":false}"#).unwrap();
        assert_eq!(hb.location_id(), "CHI_1");
        assert!(parse(r#"{"type":"heartbeat","locationId":"CHI_1"}"#)
            .unwrap_err()
            .contains("missing field `timestamp`"));
        assert!(parse(
            r#"{"type":"heartbeat","locationId":"CHI_1","timestamp":"2026-11-23T02:00:00Z","temperature":"warm"}"#
        )
        .unwrap_err()
        .contains("invalid type"));
        assert!(parse(r#"{"type":"gossip","locationId":"CHI_1"}"#).unwrap_err().contains("unknown variant"));
        assert!(parse("not json").unwrap_err().starts_with("malformed telemetry"));
        assert_eq!(parse(r#"{"type":"event","locationId":"CHI_1","eventId":"e1","eventType":"Party","timestamp":"2026-11-23T02:00:00Z"}"#).unwrap_err(), "unknown eventType Party");
        assert_eq!(parse(r#"{"type":"event","locationId":"","eventId":"e1","eventType":"CheckpointEvent","timestamp":"2026-11-23T02:00:00Z"}"#).unwrap_err(), "locationId must be 1 to 64 printable characters");
    }

    #[test]
    fn a_time_outside_the_window_is_refused_with_its_reason() {
        let hb = |t: &str| parse(&format!(r#"{{"type":"heartbeat","locationId":"A","timestamp":"{t}"}}"#));
        // The poison message of issue 20: it panicked the ingest when its expiry was computed.
        assert_eq!(
            hb("+262142-12-31T00:00:00Z").unwrap_err(),
            "timestamp +262142-12-31T00:00:00+00:00 is more than 24 hours ahead of the ingest's clock"
        );
        assert!(hb("2026-11-24T11:59:00Z").is_ok(), "a fridge clock a day fast still reports");
        assert!(hb("2026-11-24T12:00:01Z").unwrap_err().ends_with("is more than 24 hours ahead of the ingest's clock"));
        assert!(hb("2026-10-24T12:00:01Z").is_ok());
        assert_eq!(
            hb("-262143-01-01T00:00:00Z").unwrap_err(),
            "timestamp -262143-01-01T00:00:00+00:00 is older than the 30 days telemetry is kept"
        );
        let hold = parse(
            r#"{"type":"heartbeat","locationId":"A","timestamp":"2026-11-23T12:00:00Z","safetyHoldTs":"+262142-12-31T00:00:00Z"}"#,
        );
        assert!(hold.unwrap_err().starts_with("safetyHoldTs +262142-12-31"));
    }

    #[test]
    fn numbers_a_fridge_cannot_report_are_refused() {
        let hb = |field: &str| {
            parse(&format!(r#"{{"type":"heartbeat","locationId":"A","timestamp":"2026-11-23T12:00:00Z",{field}}}"#))
        };
        assert_eq!(hb(r#""temperature":1e300"#).unwrap_err(), "temperature must be a number from -100 to 300");
        assert_eq!(
            hb(r#""temperatureSetpoint":-1000"#).unwrap_err(),
            "temperatureSetpoint must be a number from -100 to 300"
        );
        assert!(hb(r#""networkSpeed":{"previousSpeed":-1}"#)
            .unwrap_err()
            .starts_with("networkSpeed.previousSpeed must be a number"));
        assert!(hb(r#""temperature":41.5,"networkSpeed":{"previousSpeed":0.3}"#).is_ok());
    }

    #[test]
    fn an_impossible_shelf_life_or_production_date_is_refused() {
        let inv = |unit: &str| {
            parse(&format!(
                r#"{{"type":"inventory","locationId":"A","timestamp":"2026-11-23T12:00:00Z","slots":[{{"slot":"1:1","itemName":"X","units":[{unit}]}}]}}"#
            ))
        };
        // The unit of issue 20 that panicked the inventory view on every call.
        assert_eq!(
            inv(r#"{"productionDate":"2026-11-20","shelfLifeDays":4000000000}"#).unwrap_err(),
            "shelfLifeDays must be at most 3650"
        );
        assert!(inv(r#"{"productionDate":"2026-11-20","shelfLifeDays":3650}"#).is_ok());
        assert!(inv(r#"{"productionDate":"2026-11-24"}"#).is_ok(), "the fridge's date may be a day ahead of UTC's");
        assert!(inv(r#"{"productionDate":"2026-11-25"}"#)
            .unwrap_err()
            .starts_with("productionDate 2026-11-25 must be within 3650 days"));
        assert!(inv(r#"{"productionDate":"+262142-12-31"}"#).is_err());
    }

    #[test]
    fn a_command_result_is_taken_only_from_the_fridge_the_command_was_sent_to() {
        let result = |loc: &str, queue: &str| {
            parse(&format!(
                r#"{{"type":"commandResult","locationId":"{loc}","queueId":"{queue}","sk":"t#m","state":"DONE","timestamp":"2026-11-23T12:00:00Z"}}"#
            ))
        };
        assert!(result("A", "A#commands").is_ok());
        assert_eq!(
            result("B", "A#commands").unwrap_err(),
            "commandResult from B for a command of another queue (A#commands)"
        );
        assert!(result("A", "A#other").is_err());
        assert!(result("A", "A").is_err());
        // A location id with the separator in it cannot pass as another's queue.
        assert!(result("A#commands", "A#commands#commands").is_ok());
        assert!(result("A", "X#A#commands").is_err());
        let long = "L".repeat(64);
        assert!(
            result(&long, &format!("{long}#commands")).is_ok(),
            "a 64-character location's queue id is longer than 64"
        );
    }
}
