//! What the report screens read, as they read it: the stored rows in the
//! shapes of 3-planning §3, times in UTC text and Central (labelled by the
//! screen), sorted by time.
use chrono::{DateTime, TimeZone, Utc};
use fleet_shared::entity::report::{EmptyChannel, StockOut};
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::{dates, fridge_time};
use serde::{Deserialize, Serialize};
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

/// Where a location stands on the route stops: its route and market on the
/// report's day, and its next stop not stocked yet from today on.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StopFacts {
    pub route: Option<String>,
    pub market: Option<String>,
    /// The stocking date of the next stop.
    pub next_stop: Option<String>,
}

/// Per location, from the stops of the report's day and of the days ahead.
pub fn stop_facts(day: &str, today: &str, stops: &[StoredStop]) -> HashMap<String, StopFacts> {
    let mut facts: HashMap<String, StopFacts> = HashMap::new();
    let mut sorted: Vec<&StoredStop> = stops.iter().collect();
    sorted.sort_by(|a, b| (&a.stop.stocking_date, a.stop.stop).cmp(&(&b.stop.stocking_date, b.stop.stop)));
    for s in sorted {
        let f = facts.entry(s.stop.id.clone()).or_default();
        if s.stop.stocking_date == day && f.route.is_none() {
            f.route = Some(s.stop.route.clone());
            f.market = Some(s.stop.market.clone());
        }
        if f.next_stop.is_none() && s.stop.stocking_date.as_str() >= today && s.stocked_time_utc.is_none() {
            f.next_stop = Some(s.stop.stocking_date.clone());
        }
    }
    facts
}

/// When an occurrence ended, in Central, and how many minutes it lasted.
fn ended(timestamp: &str, ended_at: Option<&str>) -> (Option<String>, Option<i64>) {
    let Some(end) = ended_at else { return (None, None) };
    let lasted = dates::instant(end).zip(dates::instant(timestamp)).map(|(e, s)| (e - s).num_minutes());
    let (d, t) = central(end);
    (Some(format!("{d} {t}")), lasted)
}

/// Hours from `now` until the start (Central) of a stop's date; 0 when it is today.
pub fn hours_until(date: &str, now: DateTime<Utc>) -> Option<i64> {
    let day = fleet_shared::entity::StockingDate::of(date).map(|d| d.date())?;
    let start = fridge_time::CENTRAL.tz.from_local_datetime(&day.and_hms_opt(0, 0, 0)?).earliest()?;
    Some(((start.with_timezone(&Utc) - now).num_minutes() as f64 / 60.0).ceil().max(0.0) as i64)
}

/// An empty channel row as the screen reads it.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmptyChannelRow {
    pub kiosk_name: String,
    pub vend_item_name: String,
    pub timestamp: String,
    /// Central date and time of `timestamp`.
    pub date: String,
    pub time: String,
    pub logical_column: Option<String>,
    pub logical_row: Option<String>,
    pub slot: String,
    pub restocked_at: Option<String>,
    pub lasted_minutes: Option<i64>,
    pub route: Option<String>,
    pub market: Option<String>,
}

pub fn empty_channels(mut rows: Vec<EmptyChannel>, facts: &HashMap<String, StopFacts>) -> Vec<EmptyChannelRow> {
    rows.sort_by(|a, b| (&a.timestamp, &a.kiosk_name, &a.slot).cmp(&(&b.timestamp, &b.kiosk_name, &b.slot)));
    rows.into_iter()
        .map(|r| {
            let (date, time) = central(&r.timestamp);
            let (restocked_at, lasted_minutes) = ended(&r.timestamp, r.ended_at.as_deref());
            let f = facts.get(&r.kiosk_name).cloned().unwrap_or_default();
            EmptyChannelRow {
                kiosk_name: r.kiosk_name,
                vend_item_name: r.vend_item_name,
                timestamp: r.timestamp,
                date,
                time,
                logical_column: r.logical_column,
                logical_row: r.logical_row,
                slot: r.slot,
                restocked_at,
                lasted_minutes,
                route: f.route,
                market: f.market,
            }
        })
        .collect()
}

/// A stock-out row as the screen reads it (§3 names its first columns in capitals).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockOutRow {
    #[serde(rename = "Date")]
    pub date: String,
    #[serde(rename = "Time")]
    pub time: String,
    #[serde(rename = "Location")]
    pub location: String,
    #[serde(rename = "Item")]
    pub item: String,
    pub timestamp: String,
    pub restocked_at: Option<String>,
    pub lasted_minutes: Option<i64>,
    pub route: Option<String>,
    pub market: Option<String>,
    pub next_stop: Option<String>,
    pub hours_to_next_stop: Option<i64>,
}

pub fn stock_outs(mut rows: Vec<StockOut>, facts: &HashMap<String, StopFacts>, now: DateTime<Utc>) -> Vec<StockOutRow> {
    rows.sort_by(|a, b| (&a.timestamp, &a.location, &a.item).cmp(&(&b.timestamp, &b.location, &b.item)));
    rows.into_iter()
        .map(|r| {
            let (date, time) = central(&r.timestamp);
            let (restocked_at, lasted_minutes) = ended(&r.timestamp, r.ended_at.as_deref());
            let f = facts.get(&r.location).cloned().unwrap_or_default();
            // Only an open stock-out waits for a delivery.
            let next_stop = f.next_stop.filter(|_| r.ended_at.is_none());
            let hours_to_next_stop = next_stop.as_deref().and_then(|d| hours_until(d, now));
            StockOutRow {
                date,
                time,
                location: r.location,
                item: r.item,
                timestamp: r.timestamp,
                restocked_at,
                lasted_minutes,
                route: f.route,
                market: f.market,
                next_stop,
                hours_to_next_stop,
            }
        })
        .collect()
}

/// A temperature-reading driver action as the index holds it (the fields
/// read): a LocationStocked (at a stop) or a VanTemperature (in the van).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadingAction {
    pub location_id: String,
    pub occurred_at: String,
    pub stocking_day: String,
    #[serde(default)]
    pub event_type: String,
    /// The typed data as JSON text: `{stockingIndex, temperature?, …}` at a
    /// stop, `{temperature, route?}` in the van.
    pub data: String,
}

/// The event types whose actions carry a temperature reading.
pub const READING_TYPES: [&str; 2] = [STOCKED, VAN];
const STOCKED: &str = "LocationStocked";
const VAN: &str = "VanTemperature";

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
struct ReadingData {
    #[serde(default)]
    stocking_index: Option<i64>,
    #[serde(default)]
    temperature: Option<f64>,
    #[serde(default)]
    route: Option<String>,
}

/// Where a reading was taken.
#[derive(Debug, Clone, PartialEq)]
pub enum Taken {
    /// At a stop: its stocking index (its route is the stop's that day).
    AtStop(i64),
    /// In the van: the route the driver named, if any.
    Van(Option<String>),
}

impl ReadingAction {
    /// Where and what the driver read, when the action carries a reading.
    pub fn reading(&self) -> Option<(Taken, f64)> {
        let d: ReadingData = serde_json::from_str(&self.data).ok()?;
        let taken = match self.event_type.as_str() {
            VAN => Taken::Van(d.route),
            _ => Taken::AtStop(d.stocking_index?),
        };
        Some((taken, d.temperature?))
    }
}

/// Route temperature rows (§3): Location, DateTime (epoch seconds),
/// Temperature, assignedRoute, and Kind (issue 39): "At stop" for a
/// LocationStocked reading, whose route is the stop's that day (`null` when
/// the stop is not on a route; `routes` maps (day, location, stocking index)
/// to it), and "Van" for a VanTemperature, at the location where it was
/// recorded (often the depot), with the route it names.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TemperatureRow {
    #[serde(rename = "Location")]
    pub location: String,
    /// Epoch seconds.
    #[serde(rename = "DateTime")]
    pub date_time: i64,
    #[serde(rename = "Temperature")]
    pub temperature: f64,
    #[serde(rename = "assignedRoute")]
    pub assigned_route: Option<String>,
    /// "At stop" or "Van".
    #[serde(rename = "Kind")]
    pub kind: &'static str,
    #[serde(rename = "stockingIndex")]
    pub stocking_index: Option<i64>,
    #[serde(rename = "occurredAt")]
    pub occurred_at: String,
}

pub fn temperatures(actions: &[ReadingAction], routes: &HashMap<(String, String, i64), String>) -> Vec<TemperatureRow> {
    actions
        .iter()
        .filter_map(|a| {
            let (taken, temperature) = a.reading()?;
            let at: DateTime<Utc> = dates::instant(&a.occurred_at)?;
            let (kind, index, route) = match taken {
                Taken::AtStop(i) => {
                    ("At stop", Some(i), routes.get(&(a.stocking_day.clone(), a.location_id.clone(), i)).cloned())
                }
                Taken::Van(route) => ("Van", None, route),
            };
            Some(TemperatureRow {
                location: a.location_id.clone(),
                date_time: at.timestamp(),
                temperature,
                assigned_route: route,
                kind,
                stocking_index: index,
                occurred_at: a.occurred_at.clone(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn value<T: Serialize>(rows: Vec<T>) -> Vec<Value> {
        rows.into_iter().map(|r| serde_json::to_value(r).unwrap()).collect()
    }

    #[test]
    fn stock_outs_read_in_central_time_with_their_end_route_and_next_stop() {
        let row = |ts: &str, item: &str| StockOut {
            pk: "p".into(),
            sk: "s".into(),
            location: "CHI_1".into(),
            item: item.into(),
            timestamp: ts.into(),
            ended_at: None,
            expires_at: 0,
        };
        let mut restocked = row("2026-11-25T18:05:00.000Z", "B");
        restocked.ended_at = Some("2026-11-25T20:35:00.000Z".into());
        let stop = |date: &str, stocked: bool| StoredStop {
            stop: fleet_shared::entity::route_stop::RouteStop {
                stocking_date: date.into(),
                market: "MW".into(),
                id: "CHI_1".into(),
                route: "r7".into(),
                stop: 2,
                stocking_index: 1,
                stop_type: "DELIVERY".into(),
            },
            route_stop: "r7#0002".into(),
            upload: None,
            stocked_time_utc: stocked.then(|| "x".into()),
            stocked_by: None,
        };
        let facts = stop_facts("2026-11-24", "2026-11-25", &[stop("2026-11-24", true), stop("2026-11-26", false)]);
        let now = dates::instant("2026-11-25T18:00:00Z").unwrap();
        let out = value(stock_outs(vec![restocked, row("2026-11-25T04:30:00.000Z", "A")], &facts, now));
        assert_eq!(
            (&out[0]["Date"], &out[0]["Time"], &out[0]["route"], &out[0]["market"]),
            (&json!("2026-11-24"), &json!("22:30"), &json!("r7"), &json!("MW"))
        );
        // Open: the next stop is the 26th, 00:00 CST = 06:00Z, 12 hours from now.
        assert_eq!((&out[0]["nextStop"], &out[0]["hoursToNextStop"]), (&json!("2026-11-26"), &json!(12)));
        assert_eq!(
            (&out[1]["Time"], &out[1]["restockedAt"], &out[1]["lastedMinutes"]),
            (&json!("12:05"), &json!("2026-11-25 14:35"), &json!(150))
        );
        assert!(out[1]["nextStop"].is_null(), "a restocked item waits for nothing");
    }

    #[test]
    fn a_temperature_row_carries_its_route_and_epoch_seconds_and_a_stop_without_a_reading_is_left_out() {
        let action = |data: &str| ReadingAction {
            location_id: "CHI_1".into(),
            occurred_at: "2026-11-25T15:00:00.000Z".into(),
            stocking_day: "2026-11-25".into(),
            event_type: "LocationStocked".into(),
            data: data.into(),
        };
        let routes = HashMap::from([(("2026-11-25".to_string(), "CHI_1".to_string(), 1), "r7".to_string())]);
        let rows = value(temperatures(
            &[action(r#"{"stockingIndex":1,"temperature":43.5}"#), action(r#"{"stockingIndex":2}"#)],
            &routes,
        ));
        assert_eq!(rows.len(), 1);
        assert_eq!(
            (rows[0]["DateTime"].as_i64(), rows[0]["Temperature"].as_f64(), rows[0]["assignedRoute"].as_str()),
            (Some(1_795_618_800), Some(43.5), Some("r7"))
        );
        assert_eq!(rows[0]["Kind"], "At stop");
    }

    #[test]
    fn a_van_reading_is_a_van_row_at_its_location_with_the_route_it_names() {
        let van = |data: &str| ReadingAction {
            location_id: "DEPOT_CHI".into(),
            occurred_at: "2026-11-25T11:00:00.000Z".into(),
            stocking_day: "2026-11-25".into(),
            event_type: "VanTemperature".into(),
            data: data.into(),
        };
        let rows = value(temperatures(
            &[van(r#"{"temperature":44,"route":"r7"}"#), van(r#"{"temperature":35}"#)],
            &HashMap::new(),
        ));
        let shown: Vec<(&str, &str, f64, Option<&str>)> = rows
            .iter()
            .map(|r| {
                (
                    r["Kind"].as_str().unwrap(),
                    r["Location"].as_str().unwrap(),
                    r["Temperature"].as_f64().unwrap(),
                    r["assignedRoute"].as_str(),
                )
            })
            .collect();
        assert_eq!(shown, [("Van", "DEPOT_CHI", 44.0, Some("r7")), ("Van", "DEPOT_CHI", 35.0, None)]);
        assert!(rows[0]["stockingIndex"].is_null());
    }
}
