//! What the report screens read, as they read it: the stored rows in the
//! shapes of 3-planning §3, times in UTC text and Central (labelled by the
//! screen), sorted by time.
use chrono::{DateTime, Utc};
use fleet_shared::entity::report::{EmptyChannel, StockOut};
use fleet_shared::{dates, fridge_time};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;

/// `YYYY-MM-DD` and `HH:MM` of an instant in Central.
fn central(timestamp: &str) -> (String, String) {
    match dates::instant(timestamp) {
        Some(t) => {
            let local = t.with_timezone(&fridge_time::CENTRAL.tz);
            (local.format("%Y-%m-%d").to_string(), local.format("%H:%M").to_string())
        }
        None => (String::new(), String::new()),
    }
}

pub fn empty_channels(mut rows: Vec<EmptyChannel>) -> Value {
    rows.sort_by(|a, b| (&a.timestamp, &a.kiosk_name, &a.slot).cmp(&(&b.timestamp, &b.kiosk_name, &b.slot)));
    Value::Array(
        rows.into_iter()
            .map(|r| {
                let (date, time) = central(&r.timestamp);
                json!({ "kioskName": r.kiosk_name, "vendItemName": r.vend_item_name, "timestamp": r.timestamp,
                        "date": date, "time": time, "logicalColumn": r.logical_column, "logicalRow": r.logical_row,
                        "slot": r.slot })
            })
            .collect(),
    )
}

pub fn stock_outs(mut rows: Vec<StockOut>) -> Value {
    rows.sort_by(|a, b| (&a.timestamp, &a.location, &a.item).cmp(&(&b.timestamp, &b.location, &b.item)));
    Value::Array(
        rows.into_iter()
            .map(|r| {
                let (date, time) = central(&r.timestamp);
                json!({ "Date": date, "Time": time, "Location": r.location, "Item": r.item, "timestamp": r.timestamp })
            })
            .collect(),
    )
}

/// A LocationStocked driver action as the index holds it (the fields read).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StockedAction {
    pub location_id: String,
    pub occurred_at: String,
    pub stocking_day: String,
    /// The typed data as JSON text: `{stockingIndex, temperature?, …}`.
    pub data: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StockedData {
    stocking_index: i64,
    #[serde(default)]
    temperature: Option<f64>,
}

impl StockedAction {
    /// (stocking index, temperature) when the driver read one.
    pub fn reading(&self) -> Option<(i64, f64)> {
        let d: StockedData = serde_json::from_str(&self.data).ok()?;
        Some((d.stocking_index, d.temperature?))
    }
}

/// Route temperature rows (§3): Location, DateTime (epoch seconds),
/// Temperature, assignedRoute (the stop's route that day; `null` when the
/// stop is not on a route). `routes` maps (day, location, stocking index) to a route.
pub fn temperatures(actions: &[StockedAction], routes: &HashMap<(String, String, i64), String>) -> Vec<Value> {
    actions
        .iter()
        .filter_map(|a| {
            let (index, temperature) = a.reading()?;
            let at: DateTime<Utc> = dates::instant(&a.occurred_at)?;
            let route = routes.get(&(a.stocking_day.clone(), a.location_id.clone(), index));
            Some(json!({ "Location": a.location_id, "DateTime": at.timestamp(), "Temperature": temperature,
                         "assignedRoute": route, "stockingIndex": index, "occurredAt": a.occurred_at }))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stock_outs_read_in_central_time_sorted() {
        let row = |ts: &str, item: &str| StockOut {
            pk: "p".into(),
            sk: "s".into(),
            location: "CHI_1".into(),
            item: item.into(),
            timestamp: ts.into(),
            expires_at: 0,
        };
        let out = stock_outs(vec![row("2026-11-25T18:05:00.000Z", "B"), row("2026-11-25T04:30:00.000Z", "A")]);
        assert_eq!(
            out[0],
            json!({ "Date": "2026-11-24", "Time": "22:30", "Location": "CHI_1", "Item": "A", "timestamp": "2026-11-25T04:30:00.000Z" })
        );
        assert_eq!(out[1]["Time"], "12:05");
    }

    #[test]
    fn a_temperature_row_carries_its_route_and_epoch_seconds_and_a_stop_without_a_reading_is_left_out() {
        let action = |data: &str| StockedAction {
            location_id: "CHI_1".into(),
            occurred_at: "2026-11-25T15:00:00.000Z".into(),
            stocking_day: "2026-11-25".into(),
            data: data.into(),
        };
        let routes = HashMap::from([(("2026-11-25".to_string(), "CHI_1".to_string(), 1), "r7".to_string())]);
        let rows = temperatures(
            &[action(r#"{"stockingIndex":1,"temperature":43.5}"#), action(r#"{"stockingIndex":2}"#)],
            &routes,
        );
        assert_eq!(rows.len(), 1);
        assert_eq!(
            (rows[0]["DateTime"].as_i64(), rows[0]["Temperature"].as_f64(), rows[0]["assignedRoute"].as_str()),
            (Some(1_795_618_800), Some(43.5), Some("r7"))
        );
    }
}
