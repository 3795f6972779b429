//! Which heartbeats are worth storing (decisions: "Health is written on
//! change"). A fridge reports every minute, and most reports repeat the last
//! one but for the time and a temperature drifting by tenths. Rewriting the
//! health record (and a temperature sample) for each was 2 write units a
//! minute per fridge, most of the cost per fridge-month. A heartbeat is stored
//! when it changes what a screen shows, or when the stored one is
//! `REFRESH_MINUTES` old, so the record's time still says the fridge reports.
use chrono::Duration;
use fleet_shared::entity::telemetry::{Heartbeat, NetworkSpeed};

/// A stored record is rewritten at least this often (and a sample kept):
/// the charts' resolution, and how stale the shown time may be.
pub const REFRESH_MINUTES: i64 = 10;
/// A temperature that moved this much (°F) since the stored one is stored,
/// also within one colour band.
pub const TEMPERATURE_STEP: f64 = 1.0;

/// The §4.3 temperature colour: green at 38 or below, orange at 41 or below, red above.
fn temperature_band(t: Option<f64>) -> u8 {
    match t {
        None => 0,
        Some(t) if t <= 38.0 => 1,
        Some(t) if t <= 41.0 => 2,
        Some(_) => 3,
    }
}

/// The §4.3 network speed colour: red when none, green below 0.5, otherwise neither.
fn speed_band(s: &Option<NetworkSpeed>) -> u8 {
    match s.as_ref().and_then(|s| s.previous_speed) {
        None => 0,
        Some(v) if v < 0.5 => 1,
        Some(_) => 2,
    }
}

/// Everything a screen shows but the time and the two measured values.
fn state(h: &Heartbeat) -> Heartbeat {
    Heartbeat { timestamp: chrono::DateTime::UNIX_EPOCH, temperature: None, network_speed: None, ..h.clone() }
}

/// Whether `incoming` should replace the `stored` report. An older or equal
/// report never does (the conditional put would refuse it anyway).
pub fn worth_storing(stored: Option<&Heartbeat>, incoming: &Heartbeat) -> bool {
    let Some(stored) = stored else { return true };
    if incoming.timestamp <= stored.timestamp {
        return false;
    }
    if incoming.timestamp - stored.timestamp >= Duration::minutes(REFRESH_MINUTES) {
        return true;
    }
    let moved = match (stored.temperature, incoming.temperature) {
        (Some(a), Some(b)) => (a - b).abs() >= TEMPERATURE_STEP,
        (a, b) => a.is_some() != b.is_some(),
    };
    moved
        || temperature_band(stored.temperature) != temperature_band(incoming.temperature)
        || speed_band(&stored.network_speed) != speed_band(&incoming.network_speed)
        || state(stored) != state(incoming)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn beat(seconds: i64, temperature: f64, extra: serde_json::Value) -> Heartbeat {
        let mut v = json!({
            "locationId": "CHI_1",
            "timestamp": chrono::DateTime::from_timestamp(1_800_000_000 + seconds, 0).unwrap().to_rfc3339(),
            "temperature": temperature,
            "hdmi": true,
            "jofemarState": "STATUS_0_READY",
            "networkSpeed": { "previousSpeed": 0.3 },
        });
        for (k, x) in extra.as_object().unwrap() {
            v[k] = x.clone();
        }
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn a_first_report_is_stored_and_a_repeat_within_the_refresh_is_not() {
        let first = beat(0, 37.0, json!({}));
        assert!(worth_storing(None, &first));
        assert!(!worth_storing(Some(&first), &beat(60, 37.4, json!({}))), "time and a drift of tenths");
        assert!(!worth_storing(Some(&first), &beat(599, 36.2, json!({}))));
        assert!(worth_storing(Some(&first), &beat(600, 37.0, json!({}))), "the refresh after 10 minutes");
    }

    #[test]
    fn what_a_screen_shows_is_stored_at_once() {
        let first = beat(0, 37.0, json!({}));
        for change in [
            json!({ "hdmi": false }),
            json!({ "jofemarState": "STATUS_5_MOTOR_FAULT" }),
            json!({ "outOfOrder": true }),
            json!({ "safetyHold": true }),
            json!({ "networkSpeed": { "previousSpeed": 0.7 } }),
            json!({ "networkSpeed": { "previousSpeed": null } }),
            json!({ "temperature": 38.5 }),
            json!({ "temperature": 35.9 }),
        ] {
            assert!(worth_storing(Some(&first), &beat(60, 37.0, change.clone())), "{change}");
        }
        assert!(!worth_storing(Some(&first), &beat(60, 37.0, json!({ "networkSpeed": { "previousSpeed": 0.1 } }))));
    }

    #[test]
    fn an_older_or_equal_report_is_never_stored() {
        let stored = beat(600, 37.0, json!({}));
        assert!(!worth_storing(Some(&stored), &beat(0, 45.0, json!({ "hdmi": false }))));
        assert!(!worth_storing(Some(&stored), &beat(600, 45.0, json!({}))));
    }

    proptest! {
        /// Whatever the reports: a newer one whose colour bands differ is stored, an older one never,
        /// and one that changes nothing but a drift below the step within the refresh is not.
        #[test]
        fn the_rule_holds_for_any_pair(a in 30.0f64..50.0, b in 30.0f64..50.0, gap in -900i64..900) {
            let stored = beat(1_000, a, json!({}));
            let incoming = beat(1_000 + gap, b, json!({}));
            let stored_it = worth_storing(Some(&stored), &incoming);
            if gap <= 0 {
                prop_assert!(!stored_it);
            } else if temperature_band(Some(a)) != temperature_band(Some(b)) || gap >= 600 {
                prop_assert!(stored_it);
            } else {
                prop_assert_eq!(stored_it, (a - b).abs() >= TEMPERATURE_STEP);
            }
        }
    }
}
