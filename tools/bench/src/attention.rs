//! The Needs-attention panel's own cost (issue 42): `attention::occurrences` and `view` over a
//! stocking day like the scale bench's (20 stops a route, every stop scanned, every other one
//! stocked, a route started late one time in four, its own driver assigned to every route, the fleet
//! snapshot's facts for every stop with one fridge in ten in trouble, one acknowledgement in
//! five items), at STOPS and ten times STOPS in one run, in process: the server's work on every
//! dashboard answer, apart from its reads. Prints JSON.
use chrono::{DateTime, NaiveDate, TimeDelta, TimeZone, Utc};
use fleet_shared::entity::assignment::DriverAssignment;
use fleet_shared::entity::route_stop::RouteStop;
use fn_stocking::attention::{self, Acknowledgement, Day, FridgeFacts};
use fn_stocking::dashboard::Recorded;
use fn_stocking::events::{ActionData, LocationStocked, PackingSlipQuery};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Instant;

/// Answers timed per size; the median is reported.
const RUNS: usize = 7;

struct Synthetic {
    stops: Vec<RouteStop>,
    actions: Vec<Recorded>,
    drivers: Vec<DriverAssignment>,
    health: HashMap<String, FridgeFacts>,
}

fn day_of(stops: usize, date: NaiveDate) -> Synthetic {
    let at = |minutes: i64| Utc.from_utc_datetime(&date.and_hms_opt(12, 0, 0).unwrap()) + TimeDelta::minutes(minutes);
    let stamp = |t: DateTime<Utc>| fleet_shared::fridge_time::stamp(t);
    let mut s = Synthetic { stops: vec![], actions: vec![], drivers: vec![], health: HashMap::new() };
    for i in 0..stops {
        let (route, id) = (format!("bench-{:03}", i / 20), format!("FRIDGE_{i:05}"));
        // Each route its own driver, as a day assigns them (a driver drives a route or two).
        let driver = format!("bench-driver-{}", i / 20);
        s.stops.push(RouteStop {
            stocking_date: date.to_string(),
            market: ["MW", "NE", "WC", "S"][i / 20 % 4].into(),
            id: id.clone(),
            route: route.clone(),
            stop: (i % 20) as i64 + 1,
            stocking_index: 1,
            stop_type: "DELIVERY".into(),
        });
        if i % 20 == 0 {
            s.drivers.push(DriverAssignment {
                stocking_date: date.to_string(),
                route: route.clone(),
                driver_sub: driver.clone(),
                driver_email: format!("{driver}@fleet.local"),
                driver_name: None,
                assigned_by: "bench".into(),
                assigned_at: stamp(at(-600)),
                source: "bench".into(),
                version: 1,
                first_action: None,
            });
        }
        // One route in four starts after 07:00 Central (13:00 UTC in January).
        let start = if i / 20 % 4 == 0 { 90 } else { 0 };
        let scanned = at(start + (i % 20) as i64 * 20);
        let mut act = |n: usize, t: DateTime<Utc>, data: ActionData| {
            s.actions.push(Recorded {
                id: format!("bench-{i}-{n}"),
                location_id: id.clone(),
                data,
                occurred_at: stamp(t),
                by: format!("{driver}@fleet.local"),
                by_email: format!("{driver}@fleet.local"),
                by_sub: driver.clone(),
            })
        };
        act(
            0,
            scanned,
            ActionData::PackingSlipQuery(PackingSlipQuery { packing_slip_id: format!("slip-{i}"), stocking_index: 1 }),
        );
        if i % 2 == 0 {
            let stocked =
                LocationStocked { stocking_index: 1, temperature: Some(37.0 + (i % 7) as f64), packing_slip_id: None };
            act(1, scanned + TimeDelta::minutes(10), ActionData::LocationStocked(stocked));
        }
        let trouble = i % 10 == 3;
        s.health.insert(
            id,
            FridgeFacts {
                heartbeat_at: Some(at(300)),
                temperature: Some(if trouble { 44.0 } else { 37.0 }),
                vending_state: trouble.then(|| "STATUS_5_MOTOR_FAULT".to_string()),
                out_of_order: false,
                safety_hold: i % 30 == 7,
                since: [("WARM".to_string(), at(600))].into_iter().filter(|_| trouble).collect(),
            },
        );
    }
    s
}

/// The median time (ms) of working out the panel over the day, and the panel's size.
fn time(day: &Synthetic, date: NaiveDate) -> (f64, usize, usize, usize) {
    let closes = Utc.from_utc_datetime(&date.succ_opt().unwrap().and_hms_opt(0, 0, 0).unwrap());
    let actions: Vec<&Recorded> = day.actions.iter().collect();
    let view = |acks: &[Acknowledgement]| {
        let d = Day {
            date,
            closes,
            now: closes,
            stops: &day.stops,
            actions: &actions,
            drivers: &day.drivers,
            health: &day.health,
            voids: &[],
        };
        attention::view(attention::occurrences(&d, &attention::RULES), acks)
    };
    let first = view(&[]);
    let acks: Vec<Acknowledgement> = first
        .open
        .iter()
        .step_by(5)
        .map(|i| Acknowledgement { key: i.key.clone(), by: "Ops".into(), at: closes, note: "On it".into() })
        .collect();
    let mut ms: Vec<f64> = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            std::hint::black_box(view(&acks));
            started.elapsed().as_secs_f64() * 1_000.0
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    let bytes = serde_json::to_vec(&view(&acks)).map_or(0, |b| b.len());
    (ms[RUNS / 2], first.open.len(), first.resolved.len(), bytes)
}

pub fn run(stops: usize) -> Value {
    let date = NaiveDate::from_ymd_opt(2026, 1, 8).unwrap();
    let sizes: Vec<Value> = [stops, stops * 10]
        .into_iter()
        .map(|n| {
            let day = day_of(n, date);
            let (ms, open, resolved, bytes) = time(&day, date);
            json!({ "stops": n, "actions": day.actions.len(), "medianMs": (ms * 100.0).round() / 100.0,
                    "open": open, "resolved": resolved, "panelJsonBytes": bytes })
        })
        .collect();
    let ratio = sizes[1]["medianMs"].as_f64().unwrap_or(0.0) / sizes[0]["medianMs"].as_f64().unwrap_or(1.0).max(0.001);
    json!({ "runs": RUNS, "sizes": sizes, "ratio": (ratio * 100.0).round() / 100.0 })
}
